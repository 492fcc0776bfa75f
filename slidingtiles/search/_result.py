"""What a search returns: the path it found and the statistics of the work it did."""

from __future__ import annotations

from typing import Any, Generic, TypeVar

import attrs

__all__ = ["SearchResult", "SearchStats", "result_from_chain"]

_S = TypeVar("_S")
_A = TypeVar("_A")


@attrs.frozen
class SearchStats:
    """Counters of the work one search did, also sent as snapshots to ``progress`` callbacks.

    Example:
        >>> from slidingtiles.search import bfs
        >>> from slidingtiles.search._example import Vertex
        >>> start = Vertex.of({"a": {"b": 1}, "b": {"c": 1}}, "a", goal="c")
        >>> stats = bfs(start).stats
        >>> stats.expanded, stats.generated, stats.iterations
        (2, 2, 1)

    Attributes:
        expanded: states whose successors were generated (for IDA*, summed over
            all iterations); a goal that is found is not expanded.
        generated: ``(action, state, cost)`` triples produced by ``successors``,
            duplicates and pruned ones included.
        max_frontier: the largest frontier seen: heap entries for A* and greedy
            (stale entries included, since deletion is lazy), queued states for
            BFS, the depth of the path being explored for IDA*.
        reopened: closed states put back on the frontier because a cheaper path
            reached them (only an inconsistent heuristic causes this).
        iterations: cost-bound iterations for IDA*; ``1`` for the other searches.
        seconds: wall-clock time from the start of the search to this snapshot.
    """

    expanded: int
    generated: int
    max_frontier: int
    reopened: int
    iterations: int
    seconds: float


@attrs.frozen(cache_hash=True)
class SearchResult(Generic[_S, _A]):
    """A path from the start to a goal, with its cost and the statistics of the search.

    Example:
        >>> from slidingtiles.search import astar
        >>> from slidingtiles.search._example import Vertex
        >>> start = Vertex.of({"a": {"b": 1, "c": 4}, "b": {"c": 1}}, "a", goal="c")
        >>> result = astar(start)
        >>> result.path, result.actions, result.cost, result.optimal
        ((Vertex('a'), Vertex('b'), Vertex('c')), ('b', 'c'), 2.0, True)

    ``len(path) == len(actions) + 1``; when the start is a goal the path is just
    ``(start,)`` with no actions and cost ``0.0``. ``cost`` is the sum of the step
    costs along ``path``, added from the start. ``optimal`` says whether the
    algorithm's guarantee held given the flags it was called with (for example
    an admissible heuristic and weight 1 for A*); it is a promise, not a check,
    so a heuristic wrongly flagged admissible makes it wrong. The hash is cached
    because it walks the whole path.

    Attributes:
        path: the states from the start to the goal, both included.
        actions: the action taken between each pair of consecutive states.
        cost: the total step cost of the path.
        stats: the work the search did.
        optimal: whether the algorithm guarantees ``cost`` is the least possible.
        trace: the `SearchTrace` of a search called with ``trace=N``, else
            None; not part of equality, hashing or the repr.
    """

    path: tuple[_S, ...]
    actions: tuple[_A, ...]
    cost: float
    stats: SearchStats
    optimal: bool
    # Any: the trace's class lives above this module (it holds results' stats).
    trace: Any = attrs.field(default=None, eq=False, repr=False)


def result_from_chain(last: Any, stats: SearchStats, optimal: bool) -> SearchResult[Any, Any]:
    """Build a result by following parent links back from the goal's record.

    Example:
        >>> root = (None, None, 0, "s")
        >>> goal = (root, "go", 2.5, "t")
        >>> r = result_from_chain(goal, SearchStats(1, 1, 1, 0, 1, 0.0), True)
        >>> r.path, r.actions, r.cost
        (('s', 't'), ('go',), 2.5)

    A record is any sequence starting ``(parent_record, action, step_cost,
    state)``; the root's parent is ``None``. Costs are added from the start in
    path order, the order the searches accumulated ``g`` in, so the sum equals
    the ``g`` they saw when every parent link is current.
    """
    states: list[Any] = []
    actions: list[Any] = []
    steps: list[Any] = []
    rec = last
    while rec[0] is not None:
        states.append(rec[3])
        actions.append(rec[1])
        steps.append(rec[2])
        rec = rec[0]
    states.append(rec[3])
    states.reverse()
    actions.reverse()
    cost: float = 0
    for step in reversed(steps):
        cost += step
    return SearchResult(tuple(states), tuple(actions), float(cost), stats, optimal)
