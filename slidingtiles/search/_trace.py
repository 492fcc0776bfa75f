"""A recorded search: the events of ``trace=N``, their counts, and a replay step by step."""

from __future__ import annotations

import heapq
import numbers
from collections.abc import Callable, Iterator
from typing import Any, Generic, TypeVar

import attrs

from slidingtiles.search._checks import check_callback, describe, problem
from slidingtiles.search._events import (
    Expanded,
    Finished,
    Generated,
    IterationStarted,
    Outcome,
    SearchEvent,
)
from slidingtiles.search._result import SearchStats

__all__ = [
    "DEFAULT_TRACE_EVENTS",
    "Hook",
    "Recorder",
    "SearchTrace",
    "TraceStep",
    "Waiting",
    "check_trace",
]

_S = TypeVar("_S")
_A = TypeVar("_A")

#: The events ``trace=True`` keeps.
DEFAULT_TRACE_EVENTS = 100_000

#: What a watched search calls with each event; returning `STOP` stops the search.
Hook = Callable[[SearchEvent], object]

# How each frontier orders its entries (A*'s heap: f, then h, then age; greedy's: h, then
# age; BFS: age alone). IDA* keeps no frontier.
_ORDER: dict[str, Callable[[Any], tuple[Any, ...]]] = {
    "astar": lambda entry: (entry.f, entry.h),
    "weighted_astar": lambda entry: (entry.f, entry.h),
    "greedy": lambda entry: (entry.h,),
    "bfs": lambda entry: (),
}
_QUEUED = frozenset({"queued", "improved", "reopened"})


def check_trace(
    algorithm: str, trace: object, on_event: object = None, *, documented: bool = False
) -> int | None:
    """Return how many events to record (None: no recording), or raise naming the bad value.

    Example:
        >>> check_trace("astar", 50, None), check_trace("astar", True, None)
        (50, 100000)
        >>> check_trace("astar", None, print) is None
        True
        >>> check_trace("bfs", 0, None)
        Traceback (most recent call last):
        ...
        ValueError: bfs: trace must be a positive number of events, True or None, got trace=0
        >>> check_trace("solve", "all", documented=True)  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        slidingtiles._errors.OptionTypeError: solve: trace must be a number of events, ...

    ``trace`` is None or False (record nothing), True (`DEFAULT_TRACE_EVENTS`)
    or a positive int; ``on_event`` a callable or None. Plain ValueError and
    TypeError, as for the searches' other arguments; with ``documented=True``
    `InvalidOptionError` and `OptionTypeError` (the same messages), as at
    the door of ``solve``.
    """
    check_callback(algorithm, "on_event", on_event, "event -> None or STOP", documented)
    if trace is None or trace is False:
        return None
    if trace is True:
        return DEFAULT_TRACE_EVENTS
    if not isinstance(trace, numbers.Integral):
        raise problem(
            TypeError,
            f"{algorithm}: trace must be a number of events, True or None, got {describe(trace)}",
            "trace",
            trace,
            documented,
        )
    if trace <= 0:
        raise problem(
            ValueError,
            f"{algorithm}: trace must be a positive number of events, True or None, "
            f"got trace={trace!r}",
            "trace",
            trace,
            documented,
        )
    return int(trace)


@attrs.frozen
class Waiting(Generic[_S, _A]):
    """A state on the frontier during a replay: what the search would take it with.

    Example:
        >>> Waiting("s", 0, 3, 3, None, None).f
        3

    Attributes:
        state: the waiting state.
        g: the cost of its path.
        h: its heuristic value (None for BFS).
        f: what the frontier orders by (None for BFS).
        action: the action from its parent (None for the start).
        parent: the ``order`` of the expansion that queued it (None for the start).
    """

    state: _S
    g: float
    h: float | None
    f: float | None
    action: _A | None
    parent: int | None


@attrs.frozen
class TraceStep(Generic[_S, _A]):
    """One expansion of a replayed trace, with the frontier it was chosen from and its path.

    Example:
        >>> from slidingtiles.search import astar
        >>> from slidingtiles.search._example import Vertex
        >>> start = Vertex.of({"a": {"b": 1, "c": 2}, "b": {"d": 1}}, "a", goal="d")
        >>> first, second = list(astar(start, trace=100).trace.replay())[:2]
        >>> [w.state for w in second.frontier], [e.state for e in second.path]
        ([Vertex('b'), Vertex('c')], [Vertex('a'), Vertex('b')])

    Attributes:
        expansion: the `Expanded` event.
        children: its recorded `Generated` events, in the order generated
            (for IDA*, generated between its descendants' events).
        frontier: the best waiting states when it was chosen, best first, at
            most the ``top`` asked for: the expanded state is the first, as
            the search's order (f, then h, then age for A*; h, then age for
            greedy; age for BFS) says. Empty for IDA*, which keeps no frontier.
        waiting: how many distinct states were waiting then (0 for IDA*).
        path: the expansions from the start's to this one, along parent links.
        threshold: IDA*'s bound for this iteration; None for the other searches.
    """

    expansion: Expanded[_S, _A]
    children: tuple[Generated[_S, _A], ...]
    frontier: tuple[Waiting[_S, _A], ...]
    waiting: int
    path: tuple[Expanded[_S, _A], ...]
    threshold: float | None


class _Frontier:
    """The frontier rebuilt from the events: a heap with lazy deletion, like A*'s own."""

    __slots__ = ("_age", "_heap", "_key", "_live")

    def __init__(self, key: Callable[[Any], tuple[Any, ...]]) -> None:
        self._key = key
        self._heap: list[tuple[tuple[Any, ...], int, Waiting[Any, Any]]] = []
        self._live: dict[Any, int] = {}
        self._age = 0

    def push(self, entry: Waiting[Any, Any]) -> None:
        heapq.heappush(self._heap, (self._key(entry), self._age, entry))
        self._live[entry.state] = self._age
        self._age += 1

    def best(self, top: int) -> tuple[tuple[Waiting[Any, Any], ...], int]:
        """The ``top`` best live entries, best first, and the number of live states."""
        taken: list[tuple[tuple[Any, ...], int, Waiting[Any, Any]]] = []
        while self._heap and len(taken) < top:
            item = heapq.heappop(self._heap)
            if self._live.get(item[2].state) == item[1]:  # else stale: a newer entry exists
                taken.append(item)
        for item in taken:
            heapq.heappush(self._heap, item)
        return tuple(item[2] for item in taken), len(self._live)

    def take(self, state: Any) -> None:
        self._live.pop(state, None)


@attrs.frozen(eq=False, repr=False)
class SearchTrace(Generic[_S, _A]):
    """The events one search sent, at most ``limit`` of them, with the counts of all it sent.

    Example:
        >>> from slidingtiles.search import astar
        >>> from slidingtiles.search._example import Vertex
        >>> start = Vertex.of({"a": {"b": 1, "c": 3}, "b": {"d": 1}}, "a", goal="d")
        >>> result = astar(start, trace=100)
        >>> trace = result.trace
        >>> trace
        SearchTrace('astar', 6 of 6 events, outcome='found', expanded=2)
        >>> (trace.expanded, trace.generated) == (result.stats.expanded, result.stats.generated)
        True
        >>> [event.state for event in trace.expansions]
        [Vertex('a'), Vertex('b')]

    Made by the searches with ``trace=N`` (as ``SearchResult.trace``, or
    ``.trace`` on the error a search raises). ``events`` holds the first
    ``limit`` events in the order sent; when the search sent more,
    ``truncated`` is True and ``dropped`` says how many were not kept. The
    counts (``expanded``, ``generated``, ``reopened``, ``max_frontier``,
    ``iterations``) and ``thresholds`` cover every event sent, kept or not,
    and equal the search's `SearchStats`. `replay` steps through the
    recorded expansions with the frontier each was chosen from.

    Attributes:
        algorithm: ``"astar"``, ``"weighted_astar"``, ``"greedy"``, ``"idastar"`` or ``"bfs"``.
        start: the start state.
        weight: the weight on ``h`` in ``f`` (1 except for weighted A*).
        events: the recorded events, a prefix of those sent.
        limit: the most events kept.
        sent: how many events the search sent.
        expanded: states expanded (`Expanded` events sent).
        generated: children generated (`Generated` events sent).
        reopened: children with the fate ``"reopened"``.
        max_frontier: the largest ``frontier`` of any event (1 at least: the start).
        iterations: IDA*'s iterations (1 for the other searches).
        thresholds: IDA*'s bounds, one per iteration, in order; empty for the others.
        outcome: ``"found"``, ``"exhausted"``, ``"limit"`` or ``"stopped"``.
        stats: the search's own statistics, as returned or raised.
        path: the states from the start to the goal found; empty without one.
        actions: the actions along ``path``.
        cost: the cost of ``path``; None without one.
        heuristic: the heuristic's name (its function's ``__name__``, or the
            registered name when `slidingtiles.solve` ran the search); empty for BFS.
    """

    algorithm: str
    start: _S
    weight: float
    events: tuple[SearchEvent, ...]
    limit: int
    sent: int
    expanded: int
    generated: int
    reopened: int
    max_frontier: int
    iterations: int
    thresholds: tuple[float, ...]
    outcome: Outcome
    stats: SearchStats
    path: tuple[_S, ...]
    actions: tuple[_A, ...]
    cost: float | None
    heuristic: str = ""

    def __repr__(self) -> str:
        return (
            f"SearchTrace({self.algorithm!r}, {len(self.events):,} of {self.sent:,} events, "
            f"outcome={self.outcome!r}, expanded={self.expanded:,})"
        )

    @property
    def truncated(self) -> bool:
        """Whether the search sent more events than ``limit`` (the rest were counted, not kept).

        Example:
            >>> from slidingtiles.search import bfs
            >>> from slidingtiles.search._example import Vertex
            >>> bfs(Vertex.of({"a": {"b": 1}}, "a", goal="b"), trace=2).trace.truncated
            True
        """
        return self.sent > len(self.events)

    @property
    def dropped(self) -> int:
        """How many events were sent but not kept.

        Example:
            >>> from slidingtiles.search import bfs
            >>> from slidingtiles.search._example import Vertex
            >>> bfs(Vertex.of({"a": {"b": 1}}, "a", goal="b"), trace=2).trace.dropped
            1
        """
        return self.sent - len(self.events)

    @property
    def expansions(self) -> tuple[Expanded[_S, _A], ...]:
        """The recorded `Expanded` events, in expansion order.

        Example:
            >>> from slidingtiles.search import bfs
            >>> from slidingtiles.search._example import Vertex
            >>> [e.order for e in bfs(Vertex.of({"a": {"b": 1}}, "a", goal="b"),
            ...                       trace=10).trace.expansions]
            [0]
        """
        return tuple(event for event in self.events if isinstance(event, Expanded))

    def replay(self, top: int = 5) -> Iterator[TraceStep[_S, _A]]:
        """Yield the recorded expansions in order, each with the frontier it was taken from.

        Example:
            >>> from slidingtiles.search import greedy
            >>> from slidingtiles.search._example import Vertex
            >>> start = Vertex.of({"a": {"b": 1, "c": 1}, "c": {"d": 1}}, "a", goal="d")
            >>> h = {"a": 2, "b": 3, "c": 1, "d": 0}
            >>> steps = list(greedy(start, lambda v: h[v.name], trace=50).trace.replay())
            >>> [[w.state.name for w in step.frontier] for step in steps]
            [['a'], ['c', 'b']]

        The frontier is rebuilt from the events alone: each ``"queued"``,
        ``"improved"`` or ``"reopened"`` child enters it, each expansion
        leaves it, and it is ordered as the search orders its own. So each
        step's ``frontier[0]`` is the state the search expanded: replaying
        the expansion order gives the same search (the test suite checks
        this for every algorithm). ``top`` is how many waiting states each
        step lists. Costs O(log F) per event and O(top log F) per step, F
        the frontier's size; the children are indexed first, so the events
        are read twice.
        """
        if isinstance(top, bool) or not isinstance(top, int) or top < 1:
            raise ValueError(f"top must be a positive int, got {top!r}")
        children: dict[int, list[Generated[_S, _A]]] = {}
        for event in self.events:
            if isinstance(event, Generated):
                children.setdefault(event.parent, []).append(event)
        key = _ORDER.get(self.algorithm)
        frontier = _Frontier(key) if key is not None else None
        by_order: dict[int, Expanded[_S, _A]] = {}
        threshold: float | None = None
        for event in self.events:
            if isinstance(event, IterationStarted):
                threshold = event.threshold
            elif isinstance(event, Generated):
                if frontier is not None and event.fate in _QUEUED:
                    frontier.push(
                        Waiting(event.state, event.g, event.h, event.f, event.action, event.parent)
                    )
            elif isinstance(event, Expanded):
                by_order[event.order] = event
                best: tuple[Waiting[_S, _A], ...] = ()
                waiting = 0
                if frontier is not None:
                    if event.parent is None:  # the start: alone on the frontier
                        frontier.push(Waiting(event.state, event.g, event.h, event.f, None, None))
                    best, waiting = frontier.best(top)
                    frontier.take(event.state)
                path = [event]
                while path[-1].parent is not None and path[-1].parent in by_order:
                    path.append(by_order[path[-1].parent])
                path.reverse()
                yield TraceStep(
                    event,
                    tuple(children.get(event.order, ())),
                    best,
                    waiting,
                    tuple(path),
                    threshold,
                )


class Recorder:
    """The hook behind ``trace=N``: keeps the first N events and counts them all.

    Example:
        >>> from slidingtiles.search._events import IterationStarted
        >>> recorder = Recorder(1)
        >>> recorder(IterationStarted(1, 0.0)); recorder(IterationStarted(2, 1.0))
        >>> len(recorder.events), recorder.sent, recorder.thresholds
        (1, 2, [0.0, 1.0])
    """

    __slots__ = (
        "events",
        "expanded",
        "finish",
        "generated",
        "limit",
        "max_frontier",
        "reopened",
        "sent",
        "thresholds",
    )

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.events: list[SearchEvent] = []
        self.sent = self.expanded = self.generated = self.reopened = 0
        self.max_frontier = 1  # the start, alone on the frontier
        self.thresholds: list[float] = []
        self.finish: Finished | None = None

    def __call__(self, event: SearchEvent) -> None:
        self.sent += 1
        if self.sent <= self.limit:
            self.events.append(event)
        if isinstance(event, Generated):
            self.generated += 1
            self.reopened += event.fate == "reopened"
            self.max_frontier = max(self.max_frontier, event.frontier)
        elif isinstance(event, Expanded):
            self.expanded += 1
            self.max_frontier = max(self.max_frontier, event.frontier)
        elif isinstance(event, IterationStarted):
            self.thresholds.append(event.threshold)
        elif isinstance(event, Finished):
            self.finish = event

    def trace(
        self,
        algorithm: str,
        start: Any,
        weight: float,
        path: tuple[Any, ...] = (),
        actions: tuple[Any, ...] = (),
        heuristic: str = "",
    ) -> SearchTrace[Any, Any]:
        """Return the trace of the finished search (its `Finished` event must have been sent)."""
        finish = self.finish
        assert finish is not None, "the search sends Finished before its trace is made"
        return SearchTrace(
            algorithm,
            start,
            weight,
            tuple(self.events),
            self.limit,
            self.sent,
            self.expanded,
            self.generated,
            self.reopened,
            self.max_frontier,
            max(1, len(self.thresholds)),
            tuple(self.thresholds),
            finish.outcome,
            finish.stats,
            path,
            actions,
            finish.cost,
            heuristic,
        )


def heuristic_name(heuristic: object) -> str:
    """The name a trace gives a search's heuristic: its ``__name__``, or its type's name.

    Example:
        >>> def misplaced(state: object) -> int:
        ...     return 0
        >>> heuristic_name(misplaced), heuristic_name(None), heuristic_name(lambda s: 0)
        ('misplaced', '', '<lambda>')
    """
    if heuristic is None:
        return ""
    return str(getattr(heuristic, "__name__", None) or type(heuristic).__name__)
