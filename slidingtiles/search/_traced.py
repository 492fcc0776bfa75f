"""The searches again, sending an event for everything they do: what ``on_event``/``trace`` run.

Each loop here mirrors one untraced loop (`_astar._astar`, `_astar._greedy`,
`_bfs._bfs`, `_idastar._idastar`) step for step: the same frontier entries,
tie-breaks, goal tests, guard checks and counters, so a watched search
expands the same states in the same order and returns the same result and
statistics (the tests compare them on random graphs). They are copies rather
than one loop with ``if hook is not None`` at every node because the
untraced loops are the hot path of every generic search, and a switched-off
hook must cost nothing there. Two differences, both invisible in the result:
``max_frontier`` is updated after each child (so the statistics of a search
stopped between two children match its events), and the records keep the
expansion number and depth of each state's parent for the events.
"""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Callable
from heapq import heappop, heappush
from typing import Any

import attrs

from slidingtiles._errors import NoPathError, SearchLimitExceeded, SearchStopped
from slidingtiles.search._common import bad_cost, no_path
from slidingtiles.search._events import (
    STOP,
    Expanded,
    Fate,
    Finished,
    Generated,
    IterationEnded,
    IterationStarted,
    Outcome,
    SearchEvent,
)
from slidingtiles.search._limits import Guard
from slidingtiles.search._result import SearchResult, SearchStats, result_from_chain
from slidingtiles.search._trace import Hook, Recorder, heuristic_name

__all__ = ["run_traced", "traced_astar", "traced_bfs", "traced_greedy", "traced_idastar"]

# A* record layout, as in _astar plus two: [parent_record, action, step_cost, state, g, h,
# closed, parent's expansion number, depth].
_G = 4
_H = 5
_CLOSED = 6
_VIA = 7
_DEPTH = 8


def _stopped(algorithm: str, event: SearchEvent, stats: SearchStats) -> SearchStopped:
    return SearchStopped(
        f"{algorithm}: stopped by on_event after {stats.expanded:,} expansions",
        value=event,
        stats=stats,
    )


def run_traced(
    algorithm: str,
    start: Any,
    weight: float,
    limit: int | None,
    on_event: Hook | None,
    search: Callable[[Hook], SearchResult[Any, Any]],
    heuristic: object = None,
) -> SearchResult[Any, Any]:
    """Run ``search(hook)``, end its events with `Finished`, and attach the recorded trace.

    Example:
        >>> from slidingtiles.search._example import Vertex
        >>> start = Vertex.of({}, "a", goal="a")
        >>> found = SearchResult((start,), (), 0.0, SearchStats(0, 0, 1, 0, 1, 0.0), True)
        >>> run_traced("bfs", start, 1.0, 10, None, lambda hook: found).trace.outcome
        'found'

    ``limit`` is how many events to keep (None: none, only ``on_event``).
    The trace goes on the result as ``.trace``, or on a `NoPathError` or
    `SearchLimitExceeded` (`SearchStopped` included) as ``.trace`` before it
    propagates. Any other exception, one raised by ``on_event`` included,
    propagates as it is, without a `Finished` event.
    """
    recorder = Recorder(limit) if limit is not None else None
    name = heuristic_name(heuristic)  # the trace names its heuristic
    hook: Hook
    if recorder is None:
        assert on_event is not None
        hook = on_event
    elif on_event is None:
        hook = recorder
    else:
        record, watch = recorder, on_event

        def hook(event: SearchEvent) -> object:
            record(event)
            return watch(event)

    try:
        result = search(hook)
    except SearchLimitExceeded as error:
        outcome: Outcome = "stopped" if isinstance(error, SearchStopped) else "limit"
        hook(Finished(outcome, error.stats, None))
        if recorder is not None:
            error.trace = recorder.trace(algorithm, start, weight, heuristic=name)
        raise
    except NoPathError as error:
        hook(Finished("exhausted", error.stats, None))
        if recorder is not None:
            error.trace = recorder.trace(algorithm, start, weight, heuristic=name)
        raise
    hook(Finished("found", result.stats, result.cost))
    if recorder is None:
        return result
    trace = recorder.trace(algorithm, start, weight, result.path, result.actions, name)
    return attrs.evolve(result, trace=trace)


def traced_astar(
    algorithm: str,
    start: Any,
    hfun: Callable[[Any], float] | None,
    weight: float,
    reopen: bool,
    optimal: bool,
    guard: Guard,
    emit: Hook,
) -> SearchResult[Any, Any]:
    """`_astar._astar` sending events (see the module's docstring)."""
    w: float = 1 if weight == 1.0 else weight  # keeps f an int on integer costs and h
    h0 = hfun(start) if hfun is not None else 0
    root: list[Any] = [None, None, 0, start, 0, h0, False, None, 0]
    records: dict[Any, list[Any]] = {start: root}
    heap: list[tuple[float, float, int, float, list[Any]]] = [(w * h0, h0, 0, 0, root)]
    counter = 1
    expanded = generated = reopened = 0
    max_frontier = 1
    checkpoint = guard.first_checkpoint()

    def stop(event: SearchEvent) -> SearchStopped:
        stats = guard.stats(expanded, generated, max_frontier, reopened, 1)
        return _stopped(algorithm, event, stats)

    while heap:
        f, _h, _n, g, rec = heappop(heap)
        if g > rec[_G]:
            continue  # stale: a cheaper path to this state was pushed after this entry
        state = rec[3]
        if state.is_goal():
            stats = guard.stats(expanded, generated, max_frontier, reopened, 1)
            return result_from_chain(rec, stats, optimal)
        if expanded >= checkpoint:
            checkpoint = guard.check(expanded, generated, max_frontier, reopened, 1, len(records))
        order = expanded
        expanded += 1
        rec[_CLOSED] = True
        depth = rec[_DEPTH] + 1
        event: SearchEvent = Expanded(
            order, state, g, rec[_H], f, rec[1], rec[_VIA], rec[_DEPTH], len(heap), 1
        )
        if emit(event) is STOP:
            raise stop(event)
        for action, nxt, cost in state.successors():
            generated += 1
            if not cost >= 0:
                raise bad_cost(algorithm, state, action, cost)
            ng = g + cost
            old = records.get(nxt)
            fate: Fate
            if old is None:
                h = hfun(nxt) if hfun is not None else 0
                records[nxt] = new = [rec, action, cost, nxt, ng, h, False, order, depth]
                heappush(heap, (ng + w * h, h, counter, ng, new))
                counter += 1
                fate = "queued"
            else:
                h = old[_H]
                if ng >= old[_G] or (old[_CLOSED] and not reopen):
                    fate = "duplicate"
                else:
                    if old[_CLOSED]:
                        old[_CLOSED] = False
                        reopened += 1
                        fate = "reopened"
                    else:
                        fate = "improved"
                    old[0:3] = rec, action, cost
                    old[_G] = ng
                    old[_VIA] = order
                    old[_DEPTH] = depth
                    heappush(heap, (ng + w * h, h, counter, ng, old))
                    counter += 1
            if len(heap) > max_frontier:
                max_frontier = len(heap)
            event = Generated(order, action, nxt, ng, h, ng + w * h, fate, len(heap))
            if emit(event) is STOP:
                raise stop(event)
    raise no_path(algorithm, guard.stats(expanded, generated, max_frontier, reopened, 1))


def traced_greedy(
    start: Any, hfun: Callable[[Any], float], guard: Guard, emit: Hook
) -> SearchResult[Any, Any]:
    """`_astar._greedy` sending events (see the module's docstring)."""
    # Records: (parent_record, action, step_cost, state, g, h, parent's number, depth).
    if start.is_goal():
        return result_from_chain((None, None, 0, start), guard.stats(0, 0, 1, 0, 1), False)
    h0 = hfun(start)
    root: tuple[Any, ...] = (None, None, 0, start, 0, h0, None, 0)
    seen: dict[Any, Any] = {start: h0}  # state -> h, for the events of duplicates
    heap: list[tuple[float, int, tuple[Any, ...]]] = [(h0, 0, root)]
    counter = 1
    expanded = generated = 0
    max_frontier = 1
    checkpoint = guard.first_checkpoint()

    def stop(event: SearchEvent) -> SearchStopped:
        return _stopped("greedy", event, guard.stats(expanded, generated, max_frontier, 0, 1))

    while heap:
        _h, _n, rec = heappop(heap)
        state, g = rec[3], rec[4]
        if expanded >= checkpoint:
            checkpoint = guard.check(expanded, generated, max_frontier, 0, 1, len(seen))
        order = expanded
        expanded += 1
        event: SearchEvent = Expanded(
            order, state, g, rec[5], rec[5], rec[1], rec[6], rec[7], len(heap), 1
        )
        if emit(event) is STOP:
            raise stop(event)
        depth = rec[7] + 1
        for action, nxt, cost in state.successors():
            generated += 1
            if not cost >= 0:
                raise bad_cost("greedy", state, action, cost)
            ng = g + cost
            if nxt in seen:
                h = seen[nxt]
                event = Generated(order, action, nxt, ng, h, h, "duplicate", len(heap))
            elif nxt.is_goal():
                seen[nxt] = None
                new = (rec, action, cost, nxt)
                max_frontier = max(max_frontier, len(heap))
                emit(Generated(order, action, nxt, ng, None, None, "goal", len(heap)))
                stats = guard.stats(expanded, generated, max_frontier, 0, 1)
                return result_from_chain(new, stats, False)
            else:
                seen[nxt] = h = hfun(nxt)
                heappush(heap, (h, counter, (rec, action, cost, nxt, ng, h, order, depth)))
                counter += 1
                if len(heap) > max_frontier:
                    max_frontier = len(heap)
                event = Generated(order, action, nxt, ng, h, h, "queued", len(heap))
            if emit(event) is STOP:
                raise stop(event)
    raise no_path("greedy", guard.stats(expanded, generated, max_frontier, 0, 1))


def traced_bfs(start: Any, guard: Guard, emit: Hook) -> SearchResult[Any, Any]:
    """`_bfs._bfs` sending events (see the module's docstring)."""
    # Records: (parent_record, action, step_cost, state, g, parent's number, depth).
    root: tuple[Any, ...] = (None, None, 0, start, 0, None, 0)
    if start.is_goal():
        return result_from_chain(root, guard.stats(0, 0, 1, 0, 1), True)
    seen = {start}
    queue = deque([root])
    expanded = generated = 0
    max_frontier = 1
    checkpoint = guard.first_checkpoint()

    def stop(event: SearchEvent) -> SearchStopped:
        return _stopped("bfs", event, guard.stats(expanded, generated, max_frontier, 0, 1))

    while queue:
        rec = queue.popleft()
        state, g = rec[3], rec[4]
        if expanded >= checkpoint:
            checkpoint = guard.check(expanded, generated, max_frontier, 0, 1, len(seen))
        order = expanded
        expanded += 1
        event: SearchEvent = Expanded(
            order, state, g, None, None, rec[1], rec[5], rec[6], len(queue), 1
        )
        if emit(event) is STOP:
            raise stop(event)
        depth = rec[6] + 1
        for action, nxt, cost in state.successors():
            generated += 1
            if not cost >= 0:
                raise bad_cost("bfs", state, action, cost)
            ng = g + cost
            if nxt in seen:
                event = Generated(order, action, nxt, ng, None, None, "duplicate", len(queue))
            else:
                seen.add(nxt)
                new = (rec, action, cost, nxt, ng, order, depth)
                if nxt.is_goal():
                    max_frontier = max(max_frontier, len(queue))
                    emit(Generated(order, action, nxt, ng, None, None, "goal", len(queue)))
                    stats = guard.stats(expanded, generated, max_frontier, 0, 1)
                    return result_from_chain(new, stats, True)
                queue.append(new)
                if len(queue) > max_frontier:
                    max_frontier = len(queue)
                event = Generated(order, action, nxt, ng, None, None, "queued", len(queue))
            if emit(event) is STOP:
                raise stop(event)
    raise no_path("bfs", guard.stats(expanded, generated, max_frontier, 0, 1))


def traced_idastar(
    start: Any, hfun: Callable[[Any], float] | None, optimal: bool, guard: Guard, emit: Hook
) -> SearchResult[Any, Any]:
    """`_idastar._idastar` sending events (see the module's docstring)."""
    if start.is_goal():
        return SearchResult((start,), (), 0.0, guard.stats(0, 0, 1, 0, 1), optimal)
    inf = math.inf
    h0 = hfun(start) if hfun is not None else 0
    bound: float = h0
    expanded = generated = iterations = 0
    max_depth = 1
    checkpoint = guard.first_checkpoint()

    def stop(event: SearchEvent) -> SearchStopped:
        stats = guard.stats(expanded, generated, max_depth, 0, iterations)
        return _stopped("idastar", event, stats)

    while True:
        iterations += 1
        next_bound = inf
        event: SearchEvent = IterationStarted(iterations, bound)
        if emit(event) is STOP:
            raise stop(event)
        if expanded >= checkpoint:
            checkpoint = guard.check(expanded, generated, max_depth, 0, iterations, 0)
        expanded += 1
        # One frame per state on the path: (successor iterator, state, action, step, g, h,
        # expansion number).
        frames: list[tuple[Any, Any, Any, float, float, float, int]] = [
            (iter(start.successors()), start, None, 0, 0, h0, expanded - 1)
        ]
        on_path = {start: h0}  # state -> h, for the events of the moves back onto the path
        g: float = 0
        event = Expanded(expanded - 1, start, 0, h0, h0, None, None, 0, 1, iterations)
        if emit(event) is STOP:
            raise stop(event)
        while frames:
            top = frames[-1]
            parent = top[6]
            depth = len(frames)  # the path's length; a child entered is at this depth
            for action, nxt, cost in top[0]:
                generated += 1
                if not cost >= 0:
                    raise bad_cost("idastar", top[1], action, cost)
                ng = g + cost
                if nxt in on_path:
                    h = on_path[nxt]
                    event = Generated(parent, action, nxt, ng, h, ng + h, "duplicate", depth)
                    if emit(event) is STOP:
                        raise stop(event)
                    continue
                h = hfun(nxt) if hfun is not None else 0
                f = ng + h
                if f > bound:
                    if f < next_bound:
                        next_bound = f
                    event = Generated(parent, action, nxt, ng, h, f, "pruned", depth)
                    if emit(event) is STOP:
                        raise stop(event)
                    continue
                if nxt.is_goal():
                    emit(Generated(parent, action, nxt, ng, h, f, "goal", depth))
                    emit(IterationEnded(iterations, bound, None, True))
                    path = (*[fr[1] for fr in frames], nxt)
                    actions = (*[fr[2] for fr in frames[1:]], action)
                    stats = guard.stats(expanded, generated, max_depth, 0, iterations)
                    return SearchResult(path, actions, float(ng), stats, optimal)
                # Sent before the guard's check, so the counts match when a limit stops here.
                entered = Generated(parent, action, nxt, ng, h, f, "entered", depth)
                wants_stop = emit(entered) is STOP
                if expanded >= checkpoint:
                    checkpoint = guard.check(expanded, generated, max_depth, 0, iterations, 0)
                expanded += 1
                frames.append((iter(nxt.successors()), nxt, action, cost, ng, h, expanded - 1))
                on_path[nxt] = h
                g = ng
                if len(frames) > max_depth:
                    max_depth = len(frames)
                event = Expanded(
                    expanded - 1, nxt, ng, h, f, action, parent, depth, depth + 1, iterations
                )
                if emit(event) is STOP or wants_stop:
                    raise stop(event)
                break
            else:  # this state's successors are exhausted: backtrack
                del on_path[frames.pop()[1]]
                if frames:
                    g = frames[-1][4]
        event = IterationEnded(iterations, bound, None if next_bound == inf else next_bound, False)
        if emit(event) is STOP and next_bound != inf:
            raise stop(event)
        if next_bound == inf:
            raise no_path("idastar", guard.stats(expanded, generated, max_depth, 0, iterations))
        bound = next_bound
