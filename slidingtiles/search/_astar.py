"""A* (also weighted, and Dijkstra without a heuristic) and greedy best-first search."""

from __future__ import annotations

from collections.abc import Callable
from heapq import heappop, heappush
from typing import Any

from slidingtiles.search._checks import (
    check_heuristic,
    check_start,
    check_weight,
    checked_heuristic,
    kept_promise,
)
from slidingtiles.search._common import bad_cost, no_path, state_bytes
from slidingtiles.search._limits import Guard
from slidingtiles.search._protocol import A, S, State
from slidingtiles.search._result import SearchResult, SearchStats, result_from_chain
from slidingtiles.search._trace import Hook, check_trace
from slidingtiles.search._traced import run_traced, traced_astar, traced_greedy

__all__ = ["astar", "greedy", "weighted_astar"]

# A* record layout, a mutable list per state: [parent_record, action, step_cost, state,
# g, h, closed]. The first four are what result_from_chain follows.
_G = 4
_H = 5
_CLOSED = 6


def astar(
    start: State[S, A],
    heuristic: Callable[[S], float] | None = None,
    *,
    weight: float = 1.0,
    admissible: bool = False,
    consistent: bool = False,
    max_nodes: int | None = None,
    time_limit: float | None = None,
    max_memory: int | None = None,
    progress: Callable[[SearchStats], object] | None = None,
    progress_every: int = 10_000,
    trace: int | bool | None = None,
    on_event: Hook | None = None,
) -> SearchResult[S, A]:
    """Find a cheapest path from ``start`` to a goal by best-first search on ``g + weight * h``.

    Example:
        >>> from slidingtiles.search._example import Vertex
        >>> edges = {"a": {"b": 1, "c": 5}, "b": {"c": 1, "d": 4}, "c": {"d": 1}}
        >>> start = Vertex.of(edges, "a", goal="d")
        >>> result = astar(start)  # no heuristic: uniform-cost search (Dijkstra)
        >>> result.actions, result.cost, result.optimal
        (('b', 'c', 'd'), 3.0, True)
        >>> estimate = {"a": 3, "b": 2, "c": 1, "d": 0}
        >>> astar(start, lambda v: estimate[v.name]).stats.expanded
        3

    Args:
        start: the state to search from.
        heuristic: estimate of the remaining cost from a state to a goal;
            ``None`` means zero everywhere, which makes this Dijkstra's algorithm.
            It is called once per distinct state and its value cached.
        weight: the factor ``w >= 1`` on the heuristic; above 1 the search is
            usually much faster and, with an admissible heuristic, returns a path
            costing at most ``w`` times the optimum.
        admissible: whether the heuristic never overestimates: the caller's
            promise, False unless given (as `solve` assumes nothing of a
            heuristic that does not say so). True with ``weight == 1`` makes
            the result optimal, once the promise holds on the result's own
            path (``h(state) <=`` the cost left, on every state of it; else
            ``optimal`` is False).
        consistent: whether ``h(s) <= cost(s, t) + h(t)`` on every step (the
            caller's promise, False unless given); with ``weight > 1`` it lets
            closed states stay closed, which keeps the ``w``-bound and saves
            re-expansions.
        max_nodes: raise `SearchLimitExceeded` rather than expand more states.
        time_limit: raise `SearchLimitExceeded` after about this many seconds.
        max_memory: raise `SearchLimitExceeded` once the process has grown by
            about this many bytes during the search (approximate, see below).
        progress: called with a `SearchStats` snapshot every ``progress_every``
            expansions.
        progress_every: expansions between two ``progress`` calls.
        trace: record the search's events, keeping the first ``trace`` of
            them (``True``: 100,000), as ``result.trace`` (a `SearchTrace`)
            or ``.trace`` on the error raised. None (the default) records nothing.
        on_event: called with every event (`Expanded`, `Generated`,
            `Finished`) as it happens; returning `STOP` stops the search
            with `SearchStopped`. Off (None), the search runs its untraced
            loop and pays nothing for either option.

    Returns:
        The path, its cost and the statistics. ``optimal`` is True when there is
        no heuristic, or when it is flagged ``admissible=True``, ``weight == 1``
        and the heuristic is within the cost left on every state of the path.

    Raises:
        NoPathError: every reachable state was expanded and none is a goal.
        SearchLimitExceeded: a limit was reached; ``.limit`` says which and
            ``.stats`` holds the counters so far.
        SearchStopped: ``on_event`` returned `STOP` (a `SearchLimitExceeded`
            with ``.limit == "stopped"``).
        HeuristicError: the heuristic returned a value that is not a number
            from 0 to 2**53 (NaN, an infinity, a negative, ``10**400``, None:
            `checked_heuristic`); a ValueError too.
        ValueError: a step cost is negative (the message names the action), or
            a limit, ``trace`` or the weight is out of range.
        TypeError: ``start`` is not a `State`, or ``heuristic``, ``progress``
            or ``on_event`` is not callable, or a limit has the wrong type.

    The frontier is a binary heap of ``(f, h, counter, g, record)`` entries: on
    equal ``f`` the entry with the smaller ``h`` (so the larger ``g``, the one
    nearer a goal) comes first, then the older one, so runs are deterministic.
    An improved path to a state pushes a new entry and leaves the old one in the
    heap, skipped when popped (lazy deletion). If a cheaper path reaches a state
    that was already expanded, which only an inconsistent heuristic causes, the
    state is reopened and expanded again (counted in ``stats.reopened``);
    with ``weight > 1`` and ``consistent=True`` it is not. The goal test is made
    when a state leaves the frontier, so a start that is a goal gives the path
    ``(start,)`` at cost 0 with nothing expanded. Memory is Theta(states
    reached); ``max_memory`` is measured as growth of the process's resident
    memory since the call (``/proc/self/statm``), checked every 4096
    expansions, and estimated from the number of stored states where that file
    does not exist. Nothing global is changed, so Ctrl-C (KeyboardInterrupt)
    simply propagates and leaves nothing to clean up.
    """
    limits = (max_nodes, time_limit, max_memory, progress, progress_every)
    return _run("astar", start, heuristic, weight, admissible, consistent, limits, trace, on_event)


def weighted_astar(
    start: State[S, A],
    heuristic: Callable[[S], float],
    weight: float,
    *,
    admissible: bool = False,
    consistent: bool = False,
    max_nodes: int | None = None,
    time_limit: float | None = None,
    max_memory: int | None = None,
    progress: Callable[[SearchStats], object] | None = None,
    progress_every: int = 10_000,
    trace: int | bool | None = None,
    on_event: Hook | None = None,
) -> SearchResult[S, A]:
    """Find a path costing at most ``weight`` times the optimum, usually far faster than A*.

    Example:
        >>> from slidingtiles.search._example import Vertex
        >>> edges = {"a": {"b": 1, "c": 5}, "b": {"c": 1, "d": 4}, "c": {"d": 1}}
        >>> estimate = {"a": 3, "b": 2, "c": 1, "d": 0}
        >>> r = weighted_astar(Vertex.of(edges, "a", goal="d"), lambda v: estimate[v.name], 2)
        >>> r.cost <= 2 * 3, r.optimal
        (True, False)

    This is `astar` with ``weight`` required and a heuristic required: same
    arguments, errors and costs. The bound ``cost <= weight * optimum`` holds
    when the heuristic is admissible; ``optimal`` is True only for
    ``weight == 1``. A weight of 2 to 5 commonly cuts the expansions by orders
    of magnitude on sliding-tile puzzles. Events carry ``f = g + weight * h``.
    """
    limits = (max_nodes, time_limit, max_memory, progress, progress_every)
    return _run(
        "weighted_astar", start, heuristic, weight, admissible, consistent, limits, trace, on_event
    )


def _run(
    algorithm: str,
    start: Any,
    heuristic: Callable[[Any], float] | None,
    weight: float,
    admissible: bool,
    consistent: bool,
    limits: tuple[object, object, object, object, object],
    trace: object,
    on_event: Any,
) -> SearchResult[Any, Any]:
    check_start(algorithm, start)
    check_heuristic(algorithm, heuristic, required=algorithm != "astar")
    w = check_weight(algorithm, weight)
    kept = check_trace(algorithm, trace, on_event)
    max_nodes, time_limit, max_memory, progress, progress_every = limits
    guard = Guard(
        algorithm,
        max_nodes=max_nodes,
        time_limit=time_limit,
        max_memory=max_memory,
        progress=progress,
        progress_every=progress_every,
        state_bytes=state_bytes(start),
    )
    optimal = heuristic is None or (bool(admissible) and w == 1.0)
    # Reopening keeps A* optimal under inconsistent heuristics; with weight > 1 and a
    # consistent heuristic the w-bound holds without it, and skipping saves re-expansions.
    reopen = not (consistent and w > 1.0)
    h = checked_heuristic(algorithm, heuristic)
    if kept is None and on_event is None:
        result = guard.run(_astar, algorithm, start, h, w, reopen, optimal)
    else:
        result = run_traced(
            algorithm,
            start,
            w,
            kept,
            on_event,
            lambda emit: guard.run(
                lambda g: traced_astar(algorithm, start, h, w, reopen, optimal, g, emit)
            ),
            heuristic,
        )
    return kept_promise(result, h)


def _astar(
    algorithm: str,
    start: Any,
    hfun: Callable[[Any], float] | None,
    weight: float,
    reopen: bool,
    optimal: bool,
    guard: Guard,
) -> SearchResult[Any, Any]:
    h0 = hfun(start) if hfun is not None else 0
    root: list[Any] = [None, None, 0, start, 0, h0, False]
    records: dict[Any, list[Any]] = {start: root}
    get = records.get
    push = heappush
    pop = heappop
    # The counter makes entries unique before the record, so records are never compared.
    heap: list[tuple[float, float, int, float, list[Any]]] = [(weight * h0, h0, 0, 0, root)]
    counter = 1
    expanded = generated = reopened = 0
    max_frontier = 1
    checkpoint = guard.first_checkpoint()
    while heap:
        _f, _h, _n, g, rec = pop(heap)
        if g > rec[_G]:
            continue  # stale: a cheaper path to this state was pushed after this entry
        state = rec[3]
        if state.is_goal():
            stats = guard.stats(expanded, generated, max_frontier, reopened, 1)
            return result_from_chain(rec, stats, optimal)
        if expanded >= checkpoint:
            checkpoint = guard.check(expanded, generated, max_frontier, reopened, 1, len(records))
        expanded += 1
        rec[_CLOSED] = True
        for action, nxt, cost in state.successors():
            generated += 1
            if not cost >= 0:
                raise bad_cost(algorithm, state, action, cost)
            ng = g + cost
            old = get(nxt)
            if old is None:
                h = hfun(nxt) if hfun is not None else 0
                new = [rec, action, cost, nxt, ng, h, False]
                records[nxt] = new
                push(heap, (ng + weight * h, h, counter, ng, new))
            elif ng < old[_G]:
                if old[_CLOSED]:
                    if not reopen:
                        continue
                    old[_CLOSED] = False
                    reopened += 1
                old[0] = rec
                old[1] = action
                old[2] = cost
                old[_G] = ng
                h = old[_H]
                push(heap, (ng + weight * h, h, counter, ng, old))
            else:
                continue
            counter += 1
        if len(heap) > max_frontier:
            max_frontier = len(heap)
    raise no_path(algorithm, guard.stats(expanded, generated, max_frontier, reopened, 1))


def greedy(
    start: State[S, A],
    heuristic: Callable[[S], float],
    *,
    max_nodes: int | None = None,
    time_limit: float | None = None,
    max_memory: int | None = None,
    progress: Callable[[SearchStats], object] | None = None,
    progress_every: int = 10_000,
    trace: int | bool | None = None,
    on_event: Hook | None = None,
) -> SearchResult[S, A]:
    """Find some path to a goal fast by always expanding the state that looks nearest to one.

    Example:
        >>> from slidingtiles.search._example import Vertex
        >>> edges = {"a": {"b": 1, "c": 9}, "b": {"d": 1}, "c": {"d": 1}}
        >>> estimate = {"a": 2, "b": 5, "c": 1, "d": 0}
        >>> r = greedy(Vertex.of(edges, "a", goal="d"), lambda v: estimate[v.name])
        >>> r.actions, r.cost, r.optimal  # lured by c's low estimate
        (('c', 'd'), 10.0, False)

    Best-first on ``h`` alone, ignoring the cost so far: ``optimal`` is always
    False and the path can be much longer than needed, but far fewer states are
    usually expanded. Each state is put on the frontier once, when first
    reached (its parent is then fixed), and goals are detected as soon as they
    are generated. Ties on ``h`` go to the older entry. Arguments, limits,
    ``trace``, ``on_event`` and errors are as for `astar`; ``heuristic`` is
    required. Events carry ``f = h``.
    """
    check_start("greedy", start)
    check_heuristic("greedy", heuristic, required=True)
    kept = check_trace("greedy", trace, on_event)
    guard = Guard(
        "greedy",
        max_nodes=max_nodes,
        time_limit=time_limit,
        max_memory=max_memory,
        progress=progress,
        progress_every=progress_every,
        state_bytes=state_bytes(start),
    )
    h = checked_heuristic("greedy", heuristic)
    if kept is None and on_event is None:
        return guard.run(_greedy, start, h)
    return run_traced(
        "greedy",
        start,
        1.0,
        kept,
        on_event,
        lambda emit: guard.run(lambda g: traced_greedy(start, h, g, emit)),
        heuristic,
    )


def _greedy(start: Any, hfun: Callable[[Any], float], guard: Guard) -> SearchResult[Any, Any]:
    # Records are (parent_record, action, step_cost, state), as result_from_chain reads them.
    root: tuple[Any, ...] = (None, None, 0, start)
    if start.is_goal():
        return result_from_chain(root, guard.stats(0, 0, 1, 0, 1), False)
    seen = {start}
    mark = seen.add
    push = heappush
    pop = heappop
    heap: list[tuple[float, int, tuple[Any, ...]]] = [(hfun(start), 0, root)]
    counter = 1
    expanded = generated = 0
    max_frontier = 1
    checkpoint = guard.first_checkpoint()
    while heap:
        _h, _n, rec = pop(heap)
        state = rec[3]
        if expanded >= checkpoint:
            checkpoint = guard.check(expanded, generated, max_frontier, 0, 1, len(seen))
        expanded += 1
        for action, nxt, cost in state.successors():
            generated += 1
            if not cost >= 0:
                raise bad_cost("greedy", state, action, cost)
            if nxt in seen:
                continue
            mark(nxt)
            new = (rec, action, cost, nxt)
            if nxt.is_goal():
                stats = guard.stats(expanded, generated, max(max_frontier, len(heap)), 0, 1)
                return result_from_chain(new, stats, False)
            push(heap, (hfun(nxt), counter, new))
            counter += 1
        if len(heap) > max_frontier:
            max_frontier = len(heap)
    raise no_path("greedy", guard.stats(expanded, generated, max_frontier, 0, 1))
