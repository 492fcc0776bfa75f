"""IDA*: iterative-deepening A*, a depth-first search under a rising cost bound."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from slidingtiles.search._checks import (
    check_heuristic,
    check_start,
    checked_heuristic,
    kept_promise,
)
from slidingtiles.search._common import bad_cost, no_path
from slidingtiles.search._limits import Guard
from slidingtiles.search._protocol import A, S, State
from slidingtiles.search._result import SearchResult, SearchStats
from slidingtiles.search._trace import Hook, check_trace
from slidingtiles.search._traced import run_traced, traced_idastar

__all__ = ["idastar"]


def idastar(
    start: State[S, A],
    heuristic: Callable[[S], float] | None = None,
    *,
    admissible: bool = False,
    max_nodes: int | None = None,
    time_limit: float | None = None,
    progress: Callable[[SearchStats], object] | None = None,
    progress_every: int = 10_000,
    trace: int | bool | None = None,
    on_event: Hook | None = None,
) -> SearchResult[S, A]:
    """Find a cheapest path in memory linear in its length, by depth-first search under a bound.

    Example:
        >>> from slidingtiles.search._example import Vertex
        >>> edges = {"a": {"b": 1, "c": 5}, "b": {"c": 1, "d": 4}, "c": {"d": 1}}
        >>> estimate = {"a": 3, "b": 2, "c": 1, "d": 0}
        >>> r = idastar(Vertex.of(edges, "a", goal="d"), lambda v: estimate[v.name],
        ...             admissible=True)
        >>> r.actions, r.cost, r.optimal, r.stats.iterations
        (('b', 'c', 'd'), 3.0, True, 1)

    Each iteration is a depth-first search that prunes every state whose
    ``f = g + h`` exceeds the bound; the first bound is ``h(start)`` and each
    next one is the least ``f`` that exceeded the previous, so with an
    admissible heuristic (consistent or not) the first goal found is optimal.
    A state already on the current path is never entered again (which also
    prunes the move straight back to the parent), so cycles cannot trap it, but
    states reached along different paths are searched again: IDA* suits spaces
    with few transpositions and many states, such as sliding-tile puzzles.

    Args:
        start: the state to search from.
        heuristic: estimate of the remaining cost; ``None`` means zero, which
            makes the bound rise by the smallest cost step each iteration (only
            sensible with few distinct path costs, for example integer costs).
            It is called for every generated state, without caching.
        admissible: whether the heuristic never overestimates: the caller's
            promise, False unless given (as `solve` assumes nothing of a
            heuristic that does not say so). ``optimal`` reports it, once it
            holds on the result's own path (``h(state) <=`` the cost left on
            every state of it; else ``optimal`` is False).
        max_nodes: raise `SearchLimitExceeded` rather than expand more states,
            counted over all iterations.
        time_limit: raise `SearchLimitExceeded` after about this many seconds.
        progress: called with a `SearchStats` snapshot every ``progress_every``
            expansions.
        progress_every: expansions between two ``progress`` calls.
        trace: record the events, keeping the first ``trace`` (as for `astar`).
        on_event: called with every event as it happens, as for `astar`; IDA*
            also sends `IterationStarted` and `IterationEnded` with each
            bound and the next.

    Returns:
        The path, its cost and statistics: ``iterations`` is the number of
        bounds tried, ``expanded`` sums all iterations, ``max_frontier`` is the
        most states on the path at once.

    Raises:
        NoPathError: an iteration pruned nothing and found no goal, so the
            (finite) reachable space holds no goal. In an infinite space without
            a goal IDA* runs until a limit stops it.
        SearchLimitExceeded: a limit was reached; ``.limit`` and ``.stats`` say
            which and how far it got.
        SearchStopped: ``on_event`` returned `STOP`.
        HeuristicError: the heuristic returned a value that is not a number
            from 0 to 2**53 (`checked_heuristic`); a ValueError too.
        ValueError: a negative step cost (naming the action) or a bad limit.
        TypeError: ``start`` is not a `State`, or a callable argument is not.

    The search is an explicit stack of successor iterators, not recursion, so
    paths of any length are fine. Goals are tested when generated within the
    bound (still optimal, since a goal found under the bound costs at most the
    bound, which never exceeds the optimum). A start that is a goal gives
    ``(start,)`` at cost 0. Nothing global is changed, so Ctrl-C
    (KeyboardInterrupt) simply propagates and leaves nothing to clean up.
    """
    check_start("idastar", start)
    check_heuristic("idastar", heuristic, required=False)
    kept = check_trace("idastar", trace, on_event)
    guard = Guard(
        "idastar",
        max_nodes=max_nodes,
        time_limit=time_limit,
        max_memory=None,
        progress=progress,
        progress_every=progress_every,
        state_bytes=0,
    )
    optimal = heuristic is None or bool(admissible)
    h = checked_heuristic("idastar", heuristic)
    if kept is None and on_event is None:
        result = guard.run(_idastar, start, h, optimal)
    else:
        result = run_traced(
            "idastar",
            start,
            1.0,
            kept,
            on_event,
            lambda emit: guard.run(lambda g: traced_idastar(start, h, optimal, g, emit)),
            heuristic,
        )
    return kept_promise(result, h)


def _idastar(
    start: Any, hfun: Callable[[Any], float] | None, optimal: bool, guard: Guard
) -> SearchResult[Any, Any]:
    if start.is_goal():
        return SearchResult((start,), (), 0.0, guard.stats(0, 0, 1, 0, 1), optimal)
    inf = math.inf
    bound: float = hfun(start) if hfun is not None else 0
    expanded = generated = iterations = 0
    max_depth = 1
    checkpoint = guard.first_checkpoint()
    while True:
        iterations += 1
        next_bound = inf
        if expanded >= checkpoint:
            checkpoint = guard.check(expanded, generated, max_depth, 0, iterations, 0)
        expanded += 1
        # One frame per state on the path: (successor iterator, state, action, step, g).
        frames: list[tuple[Any, Any, Any, float, float]] = [
            (iter(start.successors()), start, None, 0, 0)
        ]
        on_path = {start}
        enter = on_path.add
        leave = on_path.discard
        g: float = 0
        while frames:
            for action, nxt, cost in frames[-1][0]:
                generated += 1
                if not cost >= 0:
                    raise bad_cost("idastar", frames[-1][1], action, cost)
                if nxt in on_path:
                    continue
                ng = g + cost
                f = ng + hfun(nxt) if hfun is not None else ng
                if f > bound:
                    if f < next_bound:
                        next_bound = f
                    continue
                if nxt.is_goal():
                    path = (*[fr[1] for fr in frames], nxt)
                    actions = (*[fr[2] for fr in frames[1:]], action)
                    stats = guard.stats(expanded, generated, max_depth, 0, iterations)
                    # ng was summed step by step from the start, as a result's cost must be.
                    return SearchResult(path, actions, float(ng), stats, optimal)
                if expanded >= checkpoint:
                    checkpoint = guard.check(expanded, generated, max_depth, 0, iterations, 0)
                expanded += 1
                frames.append((iter(nxt.successors()), nxt, action, cost, ng))
                enter(nxt)
                g = ng
                if len(frames) > max_depth:
                    max_depth = len(frames)
                break
            else:  # this state's successors are exhausted: backtrack
                leave(frames.pop()[1])
                if frames:
                    g = frames[-1][4]
        if next_bound == inf:
            raise no_path("idastar", guard.stats(expanded, generated, max_depth, 0, iterations))
        bound = next_bound
