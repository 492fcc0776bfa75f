"""Batch-weighted A* (BWAS): the best ``batch_size`` frontier nodes expanded at once.

Example:
    >>> from slidingtiles.search._example import Vertex
    >>> edges = {"a": {"b": 1, "c": 4}, "b": {"c": 1, "d": 5}, "c": {"d": 1}}
    >>> estimate = {"a": 3, "b": 2, "c": 1, "d": 0}
    >>> result = bwas(Vertex.of(edges, "a", goal="d"),
    ...               lambda states: [estimate[s.name] for s in states], batch_size=2)
    >>> result.actions, result.cost, result.optimal
    (('b', 'c', 'd'), 3.0, True)

The search of DeepCubeA (Agostinelli et al., 2019), written for heuristics
that are cheap per board only when called on many boards at once (a neural
network): each step pops the ``batch_size`` best nodes of the frontier by
``f = g + weight * h``, expands them together and evaluates every new child
in ONE heuristic call. This module holds the one loop (`bwas_loop`), written
against a `BatchSpace` (how keys expand and how a batch of them is valued),
and its generic door `bwas` over any `State` with a batched heuristic; the
tile solver (`solve(..., algorithm="bwas")`) runs the same loop over boards
kept as bytes and expanded with numpy.

Guarantees. A goal found among the children becomes the incumbent; the
search ends only when no frontier node has ``f`` below the incumbent's cost.
With an admissible heuristic that makes the answer optimal at ``weight=1``
and at most ``weight`` times the optimum above (a frontier node on an optimal
path, with its optimal ``g``, has ``f <= weight * optimum``: states reached
more cheaply after their expansion are reopened to keep one there). Each
batch counts as ``batch_size`` expansions against ``max_nodes``, so a node
limit may be overshot by less than one batch.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Iterable, Sequence
from heapq import heappop, heappush
from typing import Any, Protocol

import attrs

from slidingtiles.search._checks import (
    check_batch_size,
    check_heuristic,
    check_start,
    check_weight,
)
from slidingtiles.search._common import bad_cost, no_path, state_bytes
from slidingtiles.search._limits import Guard
from slidingtiles.search._protocol import A, S, State
from slidingtiles.search._result import SearchResult, SearchStats, result_from_chain

__all__ = [
    "DEFAULT_BATCH",
    "BatchSpace",
    "BatchStats",
    "BwasOutcome",
    "bwas",
    "bwas_loop",
    "check_batch_size",
]

#: The batch size when none is given: large enough to amortise a model's call.
DEFAULT_BATCH = 1000

# Record layout, a mutable list per key: [parent_record, action, step_cost, key, g, h, closed].
_G = 4
_H = 5
_CLOSED = 6


@attrs.frozen
class BatchStats(SearchStats):
    """`SearchStats` of a batched search, with the heuristic's calls and boards.

    Example:
        >>> s = BatchStats(10, 30, 20, 0, 2, 0.1, heuristic_calls=3, heuristic_boards=25)
        >>> s.boards_per_call
        8.333333333333334

    Attributes:
        heuristic_calls: calls of the batched heuristic (one per batch that made new
            children, and one for the start).
        heuristic_boards: states evaluated over all those calls.
    """

    heuristic_calls: int = 0
    heuristic_boards: int = 0

    @property
    def boards_per_call(self) -> float:
        """The mean number of states per heuristic call (0.0 before any call)."""
        return self.heuristic_boards / self.heuristic_calls if self.heuristic_calls else 0.0


class BatchSpace(Protocol):
    """What `bwas_loop` searches: keys that expand and are valued in batches.

    ``root()`` is the start's key, ``is_goal(key)`` tests one,
    ``expand(keys)`` yields ``(parent_index, action, child_key, step_cost)``
    for the children of all ``keys`` at once (``parent_index`` into ``keys``),
    and ``values(keys)`` is the heuristic: one call, one value per key.
    """

    def root(self) -> Hashable: ...

    def is_goal(self, key: Any) -> bool: ...

    def expand(self, keys: list[Any]) -> Iterable[tuple[int, Any, Any, float]]: ...

    def values(self, keys: list[Any]) -> Sequence[float]: ...


@attrs.frozen
class BwasOutcome:
    """What `bwas_loop` found: the goal's record chain, its cost and the work done.

    Attributes:
        last: the goal's record, ``[parent, action, step_cost, key, ...]`` (the start's
            record when the start is a goal); None when a ``bound`` left no answer.
        cost: the answer's cost (``inf`` without one).
        lower_bound: a lower bound on the optimal cost from the frontier at the end
            (the least ``g + h`` left; meaningful for an admissible heuristic).
        stats: the counters.
    """

    last: Any
    cost: float
    lower_bound: float
    stats: BatchStats


def bwas_loop(
    space: BatchSpace,
    guard: Guard,
    *,
    weight: float = 1.0,
    batch_size: int = DEFAULT_BATCH,
    bound: float = math.inf,
    algorithm: str = "bwas",
) -> BwasOutcome:
    """Search ``space`` by batch-weighted A*: the one loop every caller runs.

    Example:
        >>> from slidingtiles.search._example import Vertex
        >>> class Space:
        ...     def __init__(self, start): self.start = start
        ...     def root(self): return self.start
        ...     def is_goal(self, key): return key.is_goal()
        ...     def expand(self, keys):
        ...         return [(i, a, s, c) for i, k in enumerate(keys) for a, s, c in k.successors()]
        ...     def values(self, keys): return [0] * len(keys)
        >>> guard = Guard("bwas", max_nodes=None, time_limit=None, max_memory=None,
        ...               progress=None, progress_every=1000, state_bytes=100)
        >>> out = bwas_loop(Space(Vertex.of({"a": {"b": 2}}, "a", goal="b")), guard)
        >>> out.cost, out.stats.heuristic_calls
        (2.0, 1)

    ``bound``: only answers cheaper than it are sought (children with
    ``g + h >= bound`` are dropped; an anytime caller passes its best cost);
    without one the outcome's ``last`` is None. Raises ``NoPathError`` when
    the frontier runs dry without an answer and no ``bound`` was given.
    Step costs must be >= 0 (``ValueError`` naming the action otherwise).
    """
    root_key = space.root()
    root: list[Any] = [None, None, 0, root_key, 0, 0, False]
    calls = boards = 0
    if space.is_goal(root_key):
        stats = guard.stats(0, 0, 1, 0, 0)
        return BwasOutcome(root, 0.0, 0.0, _batch_stats(stats, 0, 0))
    h0 = space.values([root_key])[0]
    calls, boards = 1, 1
    root[_H] = h0
    records: dict[Any, list[Any]] = {root_key: root}
    get = records.get
    push = heappush
    pop = heappop
    heap: list[tuple[float, float, int, float, list[Any]]] = []
    if h0 < bound:
        heap.append((weight * h0, h0, 0, 0, root))
    counter = 1
    expanded = generated = reopened = batches = 0
    max_frontier = 1
    best: list[Any] | None = None
    best_cost = math.inf  # the incumbent's cost
    cut = bound  # children with g + h >= cut cannot lead to a wanted answer
    checkpoint = guard.first_checkpoint()
    is_goal = space.is_goal
    while heap:
        if heap[0][0] >= best_cost:
            break  # no frontier node can lead to a cheaper answer: f >= the incumbent's cost
        if expanded >= checkpoint:
            checkpoint = guard.check(
                expanded, generated, max_frontier, reopened, batches, len(records)
            )
        batch: list[list[Any]] = []
        while heap and len(batch) < batch_size:
            entry = pop(heap)
            rec = entry[4]
            if entry[3] > rec[_G] or rec[_CLOSED]:
                continue  # stale: a cheaper path to this key was pushed after this entry
            if entry[0] >= best_cost:
                push(heap, entry)  # kept: the frontier's least f decides the end
                break
            rec[_CLOSED] = True
            batch.append(rec)
        if not batch:
            continue
        batches += 1
        expanded += len(batch)
        fresh: list[list[Any]] = []
        for index, action, key, cost in space.expand([rec[3] for rec in batch]):
            generated += 1
            if not cost >= 0:
                raise bad_cost(algorithm, batch[index][3], action, cost)
            parent = batch[index]
            ng = parent[_G] + cost
            old = get(key)
            if old is None:
                new = [parent, action, cost, key, ng, None, False]
                records[key] = new
                if is_goal(key):
                    new[_H] = 0
                    if ng < cut:
                        best, best_cost, cut = new, ng, ng
                else:
                    fresh.append(new)
            elif ng < old[_G]:
                old[0], old[1], old[2], old[_G] = parent, action, cost, ng
                if old[_H] is None:
                    continue  # still waiting for its value, in this batch's call
                if old is best or is_goal(key):
                    if ng < cut:
                        best, best_cost, cut = old, ng, ng
                    continue
                if old[_CLOSED]:
                    old[_CLOSED] = False
                    reopened += 1
                h = old[_H]
                if ng + h < cut:
                    push(heap, (ng + weight * h, h, counter, ng, old))
                    counter += 1
        if fresh:
            values = space.values([rec[3] for rec in fresh])
            calls += 1
            boards += len(fresh)
            for rec, h in zip(fresh, values, strict=True):
                rec[_H] = h
                g = rec[_G]
                if g + h < cut:
                    push(heap, (g + weight * h, h, counter, g, rec))
                    counter += 1
        if len(heap) > max_frontier:
            max_frontier = len(heap)
    stats = _batch_stats(
        guard.stats(expanded, generated, max_frontier, reopened, batches), calls, boards
    )
    if best is None:
        if math.isinf(bound):
            raise no_path(algorithm, stats)
        return BwasOutcome(None, math.inf, bound, stats)
    # Children cut off had g + h >= cut >= the answer's cost, so the frontier's least g + h
    # (with the answer's cost) bounds the optimum from below for an admissible heuristic.
    lower = min([best_cost] + [e[3] + e[1] for e in heap if e[3] <= e[4][_G] and not e[4][_CLOSED]])
    return BwasOutcome(best, float(best_cost), float(lower), stats)


def _batch_stats(stats: SearchStats, calls: int, boards: int) -> BatchStats:
    return BatchStats(
        stats.expanded,
        stats.generated,
        stats.max_frontier,
        stats.reopened,
        stats.iterations,
        stats.seconds,
        heuristic_calls=calls,
        heuristic_boards=boards,
    )


class _StateSpace:
    """A `BatchSpace` over `State`s and a heuristic taking a list of them."""

    def __init__(self, start: Any, heuristic: Callable[[list[Any]], Sequence[float]]) -> None:
        self._start = start
        self._heuristic = heuristic

    def root(self) -> Any:
        return self._start

    def is_goal(self, key: Any) -> bool:
        return bool(key.is_goal())

    def expand(self, keys: list[Any]) -> Iterable[tuple[int, Any, Any, float]]:
        for index, state in enumerate(keys):
            for action, nxt, cost in state.successors():
                yield index, action, nxt, cost

    def values(self, keys: list[Any]) -> Sequence[float]:
        values = list(self._heuristic(keys))
        if len(values) != len(keys):
            raise ValueError(
                f"bwas: the batched heuristic returned {len(values)} values for "
                f"{len(keys)} states (one value per state)"
            )
        numbers: list[float] = []
        for state, value in zip(keys, values, strict=True):
            number = _number(value)
            if number is None:
                raise ValueError(
                    f"bwas: the batched heuristic returned {value!r} for {state!r}: "
                    "a heuristic value is a finite number >= 0"
                )
            numbers.append(number)
        return numbers


def _number(value: object) -> float | None:
    """``value`` as a float if it is a finite number >= 0 (not a bool), else None."""
    if isinstance(value, bool):
        return None
    try:
        number = float(value)  # type: ignore[arg-type]
    except (TypeError, ValueError):
        return None
    return number if math.isfinite(number) and number >= 0 else None


def bwas(
    start: State[S, A],
    heuristic: Callable[[list[S]], Sequence[float]],
    *,
    weight: float = 1.0,
    batch_size: int = DEFAULT_BATCH,
    admissible: bool = True,
    max_nodes: int | None = None,
    time_limit: float | None = None,
    max_memory: int | None = None,
    progress: Callable[[SearchStats], object] | None = None,
    progress_every: int = 10_000,
) -> SearchResult[S, A]:
    """Find a path by batch-weighted A*, calling ``heuristic`` on many states at once.

    Example:
        >>> from slidingtiles.search._example import Vertex
        >>> edges = {"a": {"b": 1, "c": 5}, "b": {"c": 1, "d": 4}, "c": {"d": 1}}
        >>> estimate = {"a": 3, "b": 2, "c": 1, "d": 0}
        >>> r = bwas(Vertex.of(edges, "a", goal="d"),
        ...          lambda states: [estimate[s.name] for s in states], weight=2, batch_size=1)
        >>> r.cost <= 2 * 3, r.optimal, r.stats.heuristic_calls
        (True, False, 2)

    Args:
        start: the state to search from (any `State`).
        heuristic: ``h(states) -> values``: a list of states in, one finite number
            >= 0 per state out (a list, a tuple or a numpy array).
        weight: ``w >= 1``; f = g + w * h.
        batch_size: how many frontier nodes are expanded together (int >= 1); all
            their new children are valued in one call.
        admissible: the caller's promise that ``h`` never overestimates: with
            ``weight == 1`` the result is then optimal (``result.optimal``), and
            within ``weight`` times the optimum otherwise.
        max_nodes: as for `astar` (one `Guard`), checked between batches.
        time_limit: as for `astar`.
        max_memory: as for `astar`.
        progress: as for `astar`.
        progress_every: as for `astar`.

    Returns:
        A `SearchResult` whose ``stats`` is a `BatchStats`: ``heuristic_calls``
        and ``heuristic_boards`` (so ``boards_per_call``), ``iterations`` the batches.

    Raises:
        NoPathError: no goal is reachable.
        SearchLimitExceeded: a limit was reached.
        ValueError, TypeError: a bad argument, a negative step cost, or a heuristic
            value that is not a finite number >= 0 or a wrong count of values.
    """
    check_start("bwas", start)
    check_heuristic("bwas", heuristic, required=True)
    w = check_weight("bwas", weight)
    size = check_batch_size("bwas", batch_size)
    guard = Guard(
        "bwas",
        max_nodes=max_nodes,
        time_limit=time_limit,
        max_memory=max_memory,
        progress=progress,
        progress_every=progress_every,
        state_bytes=state_bytes(start),
    )
    space = _StateSpace(start, heuristic)
    out = guard.run(lambda g: bwas_loop(space, g, weight=w, batch_size=size))
    result = result_from_chain(out.last, out.stats, bool(admissible) and w == 1.0)
    return attrs.evolve(result, stats=out.stats)
