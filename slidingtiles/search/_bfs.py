"""Breadth-first search: the path with the fewest steps, whatever the step costs."""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from typing import Any

from slidingtiles.search._checks import check_start
from slidingtiles.search._common import bad_cost, no_path, state_bytes
from slidingtiles.search._limits import Guard
from slidingtiles.search._protocol import A, S, State
from slidingtiles.search._result import SearchResult, SearchStats, result_from_chain
from slidingtiles.search._trace import Hook, check_trace
from slidingtiles.search._traced import run_traced, traced_bfs

__all__ = ["bfs"]


def bfs(
    start: State[S, A],
    *,
    max_nodes: int | None = None,
    time_limit: float | None = None,
    max_memory: int | None = None,
    progress: Callable[[SearchStats], object] | None = None,
    progress_every: int = 10_000,
    trace: int | bool | None = None,
    on_event: Hook | None = None,
) -> SearchResult[S, A]:
    """Find a path to a goal with the fewest steps, ignoring step costs.

    Example:
        >>> from slidingtiles.search._example import Vertex
        >>> edges = {"a": {"b": 1, "d": 9}, "b": {"c": 1}, "c": {"d": 1}}
        >>> r = bfs(Vertex.of(edges, "a", goal="d"))
        >>> r.actions, r.cost, r.optimal  # one step, though two cheaper ones exist
        (('d',), 9.0, True)

    Step costs are ignored when choosing the path but still checked (``>= 0``)
    and added up into ``cost``. ``optimal`` is always True and means "fewest
    steps"; that is also the cheapest path when every step costs the same, as
    in sliding-tile puzzles. Goals are detected when generated, so the last
    level is never expanded; a start that is a goal gives ``(start,)`` at cost
    0. Memory is Theta(states reached), and ``max_memory`` is approximate, as
    for `astar`. Arguments, limits, ``trace``, ``on_event`` and errors are as
    for `astar` (events carry no ``h`` or ``f``: BFS is first in, first out);
    Ctrl-C (KeyboardInterrupt) simply propagates and leaves nothing to clean up.
    """
    check_start("bfs", start)
    kept = check_trace("bfs", trace, on_event)
    guard = Guard(
        "bfs",
        max_nodes=max_nodes,
        time_limit=time_limit,
        max_memory=max_memory,
        progress=progress,
        progress_every=progress_every,
        state_bytes=state_bytes(start),
    )
    if kept is None and on_event is None:
        return guard.run(_bfs, start)  # out of memory: OutOfMemoryError, the memory back
    return run_traced(
        "bfs",
        start,
        1.0,
        kept,
        on_event,
        lambda emit: guard.run(lambda g: traced_bfs(start, g, emit)),
    )


def _bfs(start: Any, guard: Guard) -> SearchResult[Any, Any]:
    # Records are (parent_record, action, step_cost, state), as result_from_chain reads them.
    root: tuple[Any, ...] = (None, None, 0, start)
    if start.is_goal():
        return result_from_chain(root, guard.stats(0, 0, 1, 0, 1), True)
    seen = {start}
    mark = seen.add
    queue = deque([root])
    append = queue.append
    popleft = queue.popleft
    expanded = generated = 0
    max_frontier = 1
    checkpoint = guard.first_checkpoint()
    while queue:
        rec = popleft()
        state = rec[3]
        if expanded >= checkpoint:
            checkpoint = guard.check(expanded, generated, max_frontier, 0, 1, len(seen))
        expanded += 1
        for action, nxt, cost in state.successors():
            generated += 1
            if not cost >= 0:
                raise bad_cost("bfs", state, action, cost)
            if nxt in seen:
                continue
            mark(nxt)
            new = (rec, action, cost, nxt)
            if nxt.is_goal():
                stats = guard.stats(expanded, generated, max(max_frontier, len(queue)), 0, 1)
                return result_from_chain(new, stats, True)
            append(new)
        if len(queue) > max_frontier:
            max_frontier = len(queue)
    raise no_path("bfs", guard.stats(expanded, generated, max_frontier, 0, 1))
