"""Watched searches (`on_event`, `trace=N`): same search, counts equal to the statistics, replay."""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import slidingtiles.search as search_api
from slidingtiles import NoPathError, SearchLimitExceeded, SlidingTilesError
from slidingtiles.search import (
    FATES,
    STOP,
    Expanded,
    Finished,
    Generated,
    IterationEnded,
    IterationStarted,
    SearchEvent,
    SearchResult,
    SearchStats,
    SearchStopped,
    SearchTrace,
    astar,
    bfs,
    greedy,
    idastar,
    weighted_astar,
)
from tests.test_search import Cell, Graph, Node, Plane, distance_to_goal, graphs, manhattan

Search = Callable[..., SearchResult[Any, Any]]


@attrs.frozen
class Run:
    """One algorithm with its heuristic and options, callable on a start state."""

    name: str
    function: Search
    heuristic: Callable[[Any], float] | None
    options: dict[str, Any] = attrs.field(factory=dict)

    def __call__(self, start: Any, **kw: Any) -> SearchResult[Any, Any]:
        if self.heuristic is None:
            return self.function(start, **self.options, **kw)
        return self.function(start, self.heuristic, **self.options, **kw)


def searches_for(graph: Graph, data: st.DataObject) -> list[Run]:
    """Every algorithm on ``graph``, with heuristics that are consistent, or only admissible."""
    dist = distance_to_goal(graph)
    factor = data.draw(st.sampled_from([0.0, 0.5, 1.0]), label="factor")
    # Any value in [0, h*] is admissible; drawn per vertex it is rarely consistent, which is
    # what makes A* reopen states.
    loose = [d if d == math.inf else data.draw(st.integers(0, int(d))) * 1.0 for d in dist]

    def h(node: Node) -> float:
        return dist[node.index] * factor if dist[node.index] < math.inf else math.inf

    def bumpy(node: Node) -> float:
        return loose[node.index]

    return [
        Run("astar", astar, h),
        Run("astar", astar, None),
        Run("astar", astar, bumpy, {"consistent": False}),
        Run("weighted_astar", weighted_astar, bumpy, {"weight": 1.5}),
        Run("weighted_astar", weighted_astar, bumpy, {"weight": 2, "consistent": False}),
        Run("greedy", greedy, bumpy),
        Run("idastar", idastar, bumpy),
        Run("idastar", idastar, h),
        Run("bfs", bfs, None),
    ]


def outcome_of(search: Search, start: Any, **kw: Any) -> tuple[SearchResult[Any, Any] | None, Any]:
    """(result, None) or (None, the NoPathError or SearchLimitExceeded raised)."""
    try:
        return search(start, **kw), None
    except (NoPathError, SearchLimitExceeded) as error:
        return None, error


def same_stats(a: SearchStats, b: SearchStats) -> bool:
    return attrs.evolve(a, seconds=0.0) == attrs.evolve(b, seconds=0.0)


def counted(events: tuple[SearchEvent, ...] | list[SearchEvent]) -> dict[str, int]:
    """The statistics counted from events alone."""
    generated = [e for e in events if isinstance(e, Generated)]
    expanded = [e for e in events if isinstance(e, Expanded)]
    return {
        "expanded": len(expanded),
        "generated": len(generated),
        "reopened": sum(e.fate == "reopened" for e in generated),
        "max_frontier": max([1, *(e.frontier for e in [*expanded, *generated])]),
        "iterations": max(1, sum(isinstance(e, IterationStarted) for e in events)),
    }


def stats_counts(stats: SearchStats) -> dict[str, int]:
    return {
        "expanded": stats.expanded,
        "generated": stats.generated,
        "reopened": stats.reopened,
        "max_frontier": stats.max_frontier,
        "iterations": stats.iterations,
    }


def trace_counts(trace: SearchTrace[Any, Any]) -> dict[str, int]:
    return {key: getattr(trace, key) for key in stats_counts(trace.stats)}


# --------------------------------------------------------------------------- same search


@settings(deadline=None, max_examples=60)
@given(graphs(), st.data())
def test_a_watched_search_is_the_same_search_and_its_counts_are_the_statistics(
    graph: Graph, data: st.DataObject
) -> None:
    start = graph.node(0)
    for search in searches_for(graph, data):
        name = search.name
        plain, plain_error = outcome_of(search, start)
        watched, error = outcome_of(search, start, trace=10**6)
        if plain is None:
            assert type(error) is type(plain_error)
            assert same_stats(error.stats, plain_error.stats)
            trace = error.trace
            stats = error.stats
            assert trace.outcome == "exhausted"
            assert trace.path == ()
        else:
            assert watched is not None
            assert (watched.path, watched.actions, watched.cost, watched.optimal) == (
                plain.path,
                plain.actions,
                plain.cost,
                plain.optimal,
            )
            assert same_stats(watched.stats, plain.stats)
            assert plain.trace is None
            trace = watched.trace
            stats = watched.stats
            assert trace.outcome == "found"
            assert (trace.path, trace.actions, trace.cost) == (
                watched.path,
                watched.actions,
                watched.cost,
            )
        assert trace.algorithm == name
        assert not trace.truncated
        assert trace.stats == stats
        assert trace_counts(trace) == stats_counts(stats) == counted(trace.events)
        assert isinstance(trace.events[-1], Finished)
        assert trace.events[-1].outcome == trace.outcome
        assert [e.order for e in trace.expansions] == list(range(stats.expanded))
        assert {e.fate for e in trace.events if isinstance(e, Generated)} <= set(FATES)


@settings(deadline=None, max_examples=60)
@given(graphs(), st.data())
def test_replaying_the_expansion_order_gives_the_same_search(
    graph: Graph, data: st.DataObject
) -> None:
    start = graph.node(0)
    for search in searches_for(graph, data):
        name = search.name
        result, error = outcome_of(search, start, trace=10**6)
        trace = (result or error).trace
        steps = list(trace.replay(top=3))
        assert [step.expansion for step in steps] == list(trace.expansions)
        for step in steps:
            assert step.path[0].state == start
            assert step.path[-1] == step.expansion
            for parent, child in zip(step.path, step.path[1:], strict=False):
                assert child.parent == parent.order
                assert child.depth == parent.depth + 1
            if name == "idastar":
                assert step.frontier == ()
                assert step.expansion.f <= step.threshold
            else:
                # The frontier rebuilt from the events puts first what the search took.
                head = step.frontier[0]
                assert (head.state, head.g) == (step.expansion.state, step.expansion.g)
                assert 1 <= len(step.frontier) <= min(3, step.waiting)
            for child in step.children:
                assert child.parent == step.expansion.order
        if result is not None and len(result.path) > 1:
            # The goal's parent is an expansion whose path is the result's path without the goal.
            goal_parents = [step for step in steps if result.path[-2] == step.expansion.state]
            assert any(
                tuple(e.state for e in step.path) == result.path[:-1] for step in goal_parents
            )


@dataclass(frozen=True)
class Replayed:
    """A state of the graph a trace recorded: its moves, h and goal as the events say."""

    inner: Any
    graph: tuple[dict[Any, list[tuple[Any, Any, float]]], Any]  # moves, the goal or None

    def successors(self) -> Iterator[tuple[Any, Replayed, float]]:
        for action, child, cost in self.graph[0][self.inner]:
            yield action, Replayed(child, self.graph), cost

    def is_goal(self) -> bool:
        return self.inner == self.graph[1]

    def __hash__(self) -> int:
        return hash(self.inner)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Replayed) and other.inner == self.inner


def plain(event: SearchEvent) -> tuple[Any, ...]:
    """An event as a tuple, states unwrapped and times dropped."""
    fields = attrs.astuple(event, recurse=False)
    return tuple(
        f.inner
        if isinstance(f, Replayed)
        else attrs.evolve(f, seconds=0.0)
        if isinstance(f, SearchStats)
        else f
        for f in fields
    )


@settings(deadline=None, max_examples=40)
@given(graphs(), st.data())
def test_the_recorded_graph_searched_again_gives_the_same_events(
    graph: Graph, data: st.DataObject
) -> None:
    """Everything a search depended on is in its events: searching them again repeats it."""
    start = graph.node(0)
    for search in searches_for(graph, data):
        result, error = outcome_of(search, start, trace=10**6)
        trace = (result or error).trace
        parents = {e.order: e for e in trace.expansions}
        moves: dict[Any, list[tuple[Any, Any, float]]] = {}
        values: dict[Any, Any] = {}
        first: dict[Any, int] = {}  # state -> its first expansion, whose children are its moves
        for event in trace.events:
            if isinstance(event, Expanded):
                first.setdefault(event.state, event.order)
                moves.setdefault(event.state, [])
                values[event.state] = event.h
            elif isinstance(event, Generated):
                values.setdefault(event.state, event.h)
                parent = parents[event.parent]
                if first[parent.state] == parent.order:
                    moves[parent.state].append((event.action, event.state, event.g - parent.g))
        copy = Replayed(start, (moves, trace.path[-1] if trace.path else None))
        again = attrs.evolve(
            search,
            heuristic=None if search.heuristic is None else lambda s, v=values: v[s.inner],
        )
        result2, error2 = outcome_of(again, copy, trace=10**6)
        assert [plain(e) for e in (result2 or error2).trace.events] == [
            plain(e) for e in trace.events
        ]


# --------------------------------------------------------------------------- IDA*


@settings(deadline=None, max_examples=60)
@given(graphs(), st.data())
def test_idastar_thresholds_are_the_ones_it_used(graph: Graph, data: st.DataObject) -> None:
    start = graph.node(0)
    for search in searches_for(graph, data):
        name = search.name
        if name != "idastar":
            continue
        result, error = outcome_of(search, start, trace=10**6)
        trace = (result or error).trace
        started = [e for e in trace.events if isinstance(e, IterationStarted)]
        ended = [e for e in trace.events if isinstance(e, IterationEnded)]
        assert [e.iteration for e in started] == list(range(1, len(started) + 1))
        assert [e.threshold for e in started] == list(trace.thresholds)
        assert len(trace.thresholds) == trace.stats.iterations or start.is_goal()
        if started:
            assert started[0].threshold == trace.expansions[0].h  # h(start)
        assert [(e.iteration, e.threshold) for e in ended] == [
            (e.iteration, e.threshold) for e in started
        ]
        for number, end in enumerate(ended, 1):
            pruned = [
                e.f
                for e in trace.events
                if isinstance(e, Generated)
                and e.fate == "pruned"
                and trace.expansions[e.parent].iteration == number
            ]
            assert all(f > end.threshold for f in pruned)
            if end.found:
                assert end.next_threshold is None
            else:
                assert end.next_threshold == (min(pruned) if pruned else None)
                if end.next_threshold is not None:
                    assert started[number].threshold == end.next_threshold
        assert all(
            e.f <= trace.thresholds[e.iteration - 1] for e in trace.expansions
        )  # nothing above the bound is expanded


def test_idastar_iterations_on_a_known_graph() -> None:
    # S->A->G costs 0.25 + 0.25; S->X (0.375) is a dead end: bounds 0, 0.25, 0.375, 0.5.
    graph = Graph(4, [(0, 1, 0.25), (0, 2, 0.375), (1, 3, 0.25)], frozenset({3}))
    trace = idastar(graph.node(0), trace=100).trace
    assert trace.thresholds == (0, 0.25, 0.375, 0.5)
    ends = [(e.threshold, e.next_threshold) for e in trace.events if isinstance(e, IterationEnded)]
    assert ends == [(0, 0.25), (0.25, 0.375), (0.375, 0.5), (0.5, None)]


# --------------------------------------------------------------------------- stopping


@settings(deadline=None, max_examples=40)
@given(graphs(), st.data())
def test_a_callback_stops_the_search_with_nothing_half_written(
    graph: Graph, data: st.DataObject
) -> None:
    start = graph.node(0)
    for search in searches_for(graph, data):
        full, error = outcome_of(search, start, trace=10**6)
        events = (full or error).trace.events
        stoppable = [
            k
            for k, e in enumerate(events)
            if isinstance(e, (Expanded, IterationStarted))
            or (isinstance(e, Generated) and e.fate != "goal")
            or (isinstance(e, IterationEnded) and e.next_threshold is not None)
        ]
        if not stoppable:
            continue
        at = data.draw(st.sampled_from(stoppable), label="stop at")
        seen: list[SearchEvent] = []

        def watch(event: SearchEvent, seen: list[SearchEvent] = seen, at: int = at) -> object:
            seen.append(event)
            return STOP if len(seen) == at + 1 else None

        with pytest.raises(SearchStopped) as info:
            search(start, trace=10**6, on_event=watch)
        stopped = info.value
        assert isinstance(stopped, SearchLimitExceeded)
        assert isinstance(stopped, SlidingTilesError)
        assert stopped.limit == "stopped"
        assert "stopped by on_event" in str(stopped)
        # Up to the stop, the events are those of the whole search; then only Finished.
        assert seen[: at + 1] == list(events[: at + 1])
        assert stopped.value == events[at] or (
            isinstance(events[at], Generated) and events[at].fate == "entered"
        )  # an IDA* child entered: the stop comes with its expansion, the next event
        assert isinstance(seen[-1], Finished)
        assert seen[-1].outcome == "stopped"
        assert len(seen) in (at + 2, at + 3)
        assert counted(seen) == stats_counts(stopped.stats)
        trace = stopped.trace
        assert trace.outcome == "stopped"
        assert trace.events == tuple(seen)
        assert trace_counts(trace) == stats_counts(stopped.stats)


@pytest.mark.parametrize(
    "search",
    [
        lambda s, **kw: astar(s, manhattan, **kw),
        lambda s, **kw: idastar(s, manhattan, **kw),
        lambda s, **kw: bfs(s, **kw),
        lambda s, **kw: greedy(s, manhattan, **kw),
    ],
    ids=["astar", "idastar", "bfs", "greedy"],
)
def test_stop_after_n_expansions_and_the_goal_event_cannot_be_stopped(search: Search) -> None:
    def stop_at_three(event: SearchEvent) -> object:
        return STOP if isinstance(event, Expanded) and event.order == 2 else None

    with pytest.raises(SearchStopped) as info:
        search(Cell(0, 0), on_event=stop_at_three)
    assert info.value.stats.expanded == 3
    assert info.value.trace is None  # on_event alone records nothing
    # STOP returned for every event: the search stops at its first chance, whatever it is.
    with pytest.raises(SearchStopped):
        search(Cell(0, 0), on_event=lambda event: STOP)
    # A goal found, or the end, cannot be stopped: the search returns its result.
    result = search(
        Cell(0, 0),
        on_event=lambda e: (
            STOP if isinstance(e, Finished) or getattr(e, "fate", "") == "goal" else None
        ),
    )
    assert result.path[-1].is_goal()


def test_an_exception_in_the_callback_propagates_as_it_is() -> None:
    class Boom(Exception):
        pass

    def explode(event: SearchEvent) -> None:
        if isinstance(event, Generated):
            raise Boom

    with pytest.raises(Boom):
        astar(Cell(0, 0), manhattan, trace=100, on_event=explode)


# --------------------------------------------------------------------------- bounded recording


@settings(deadline=None, max_examples=40)
@given(graphs(), st.data())
def test_a_bounded_trace_keeps_the_first_events_and_still_counts_them_all(
    graph: Graph, data: st.DataObject
) -> None:
    start = graph.node(0)
    for search in searches_for(graph, data):
        full, error = outcome_of(search, start, trace=10**6)
        whole = (full or error).trace
        keep = data.draw(st.integers(1, whole.sent + 1), label="keep")
        part_result, part_error = outcome_of(search, start, trace=keep)
        part = (part_result or part_error).trace
        assert part.limit == keep
        assert [plain(e) for e in part.events] == [plain(e) for e in whole.events[:keep]]
        assert part.sent == whole.sent
        assert part.truncated == (keep < whole.sent)
        assert part.dropped == max(0, whole.sent - keep)
        assert trace_counts(part) == trace_counts(whole) == stats_counts(part.stats)
        assert part.thresholds == whole.thresholds
        assert part.outcome == whole.outcome
        assert len(list(part.replay())) == len(part.expansions)


def test_trace_true_keeps_the_default_number_and_progress_still_works() -> None:
    snapshots: list[SearchStats] = []
    result = astar(Cell(0, 0), manhattan, trace=True, progress=snapshots.append, progress_every=5)
    assert result.trace.limit == 100_000
    assert not result.trace.truncated
    assert [s.expanded for s in snapshots] == list(range(5, result.stats.expanded, 5))


@pytest.mark.parametrize(
    "search",
    [
        lambda s, **kw: astar(s, **kw),
        lambda s, **kw: weighted_astar(s, lambda p: 0.0, 2, **kw),
        lambda s, **kw: greedy(s, lambda p: 0.0, **kw),
        lambda s, **kw: idastar(s, **kw),
        lambda s, **kw: bfs(s, **kw),
    ],
    ids=["astar", "weighted_astar", "greedy", "idastar", "bfs"],
)
def test_a_limit_keeps_the_trace_so_far(search: Search) -> None:
    with pytest.raises(SearchLimitExceeded) as info:
        search(Plane(0, 0), max_nodes=40, trace=25)
    error = info.value
    assert error.limit == "nodes"
    assert error.stats.expanded == 40
    trace = error.trace
    assert trace.outcome == "limit"
    assert trace.truncated
    assert len(trace.events) == 25
    assert trace_counts(trace) == stats_counts(error.stats)


# --------------------------------------------------------------------------- a user's own State


@dataclass(frozen=True)
class Word:
    """Change one letter at a time from "cold" to "warm" (a user's State, not a test graph)."""

    text: str

    WORDS = frozenset({"cold", "cord", "card", "ward", "warm", "core", "wore", "worm"})

    def successors(self) -> Iterator[tuple[str, Word, int]]:
        for i in range(len(self.text)):
            for letter in "acdemorw":
                word = self.text[:i] + letter + self.text[i + 1 :]
                if word != self.text and word in self.WORDS:
                    yield f"{self.text[i]}->{letter}", Word(word), 1

    def is_goal(self) -> bool:
        return self.text == "warm"


def letters_off(word: Word) -> int:
    return sum(a != b for a, b in zip(word.text, "warm", strict=True))


def test_a_users_own_state_is_traced() -> None:
    result = astar(Word("cold"), letters_off, trace=1000)
    assert [w.text for w in result.path] == ["cold", "cord", "card", "ward", "warm"]
    trace = result.trace
    assert trace_counts(trace) == stats_counts(result.stats)
    first = trace.expansions[0]
    assert (first.state, first.g, first.h, first.f) == (Word("cold"), 0, 4, 4)
    children = [
        (e.state.text, e.g, e.h, e.f, e.fate)
        for e in trace.events
        if isinstance(e, Generated) and e.parent == 0
    ]
    assert children == [("cord", 1, 3, 4, "queued")]
    last = list(trace.replay())[-1]
    assert [e.state.text for e in last.path] == ["cold", "cord", "card", "ward"]


# --------------------------------------------------------------------------- arguments

loose: Any = search_api


@pytest.mark.parametrize(
    ("call", "error", "needle"),
    [
        (lambda: loose.astar(Cell(0, 0), trace=0), ValueError, "trace=0"),
        (lambda: loose.bfs(Cell(0, 0), trace=-3), ValueError, "trace=-3"),
        (lambda: loose.idastar(Cell(0, 0), trace="all"), TypeError, "'all'"),
        (lambda: loose.greedy(Cell(0, 0), manhattan, trace=2.5), TypeError, "2.5"),
        (lambda: loose.weighted_astar(Cell(0, 0), manhattan, 2, on_event=1), TypeError, "1 (int)"),
        (lambda: loose.bfs(Cell(0, 0), on_event="print"), TypeError, "'print'"),
    ],
)
def test_bad_trace_arguments_are_named(
    call: Callable[[], object], error: type[Exception], needle: str
) -> None:
    with pytest.raises(error) as info:
        call()
    assert needle in str(info.value)
    assert type(info.value) is error


def test_trace_false_records_nothing_and_stop_is_one_value() -> None:
    assert astar(Cell(0, 0), manhattan, trace=False).trace is None
    assert repr(STOP) == "STOP"
    import pickle

    assert pickle.loads(pickle.dumps(STOP)) is STOP
