"""Generic, domain-free best-first and iterative-deepening search over any `State`.

Example:
    >>> from slidingtiles.search import astar
    >>> from slidingtiles.search._example import Vertex
    >>> start = Vertex.of({"a": {"b": 1, "c": 4}, "b": {"c": 1}}, "a", goal="c")
    >>> astar(start).actions
    ('b', 'c')

A state is any hashable object with ``successors()`` yielding ``(action,
next_state, step_cost)`` and ``is_goal()``; this package knows nothing about
tiles. `astar` (Dijkstra without a heuristic), `weighted_astar`, `greedy`,
`idastar`, `bfs` and `bwas` (batch-weighted A*, its heuristic valued on many
states per call) all return a `SearchResult` with `SearchStats`, raise
``NoPathError`` when no goal is reachable and ``SearchLimitExceeded`` at a node,
time or memory limit. They change no global state, so Ctrl-C
(KeyboardInterrupt) propagates and leaves nothing broken.

Every search can be watched: ``on_event=callback`` receives an event for each
expansion (`Expanded`), each generated child and its fate (`Generated`), each
IDA* bound (`IterationStarted`, `IterationEnded`) and the end (`Finished`), and
may return `STOP` to stop the search (`SearchStopped`); ``trace=N`` records the
first N events as ``result.trace``, a `SearchTrace` that `SearchTrace.replay`
steps through. Without either the searches run their untraced loops.

The modules: ``_protocol`` (`State`), ``_result`` (`SearchResult`,
`SearchStats`), ``_checks`` (the checks of the searches' arguments and
limits), ``_limits`` (the one `Guard` and the call's `Deadline`, the limits'
public home: the engines, the solver and the short methods import them from here),
``_common`` (error builders, the memory estimate), ``_astar``,
``_idastar`` and ``_bfs`` (the searches), ``_events`` (what a watched search
reports), ``_trace`` (a recorded search and its replay), ``_traced`` (the
searches again, sending events), ``_example`` (a tiny weighted digraph of
states, for the doctests).
"""

from typing import TYPE_CHECKING, Any

from slidingtiles._errors import SearchStopped
from slidingtiles.search._astar import astar, greedy, weighted_astar
from slidingtiles.search._bfs import bfs
from slidingtiles.search._events import (
    FATES,
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
from slidingtiles.search._idastar import idastar
from slidingtiles.search._limits import Deadline, Guard
from slidingtiles.search._protocol import State
from slidingtiles.search._result import SearchResult, SearchStats
from slidingtiles.search._trace import SearchTrace, TraceStep, Waiting

if TYPE_CHECKING:  # loaded on first use (`__getattr__`): ``import slidingtiles`` needs neither
    from slidingtiles.search._bwas import BatchStats, bwas

__all__ = [
    "FATES",
    "STOP",
    "BatchStats",
    "Deadline",
    "Expanded",
    "Fate",
    "Finished",
    "Generated",
    "Guard",
    "IterationEnded",
    "IterationStarted",
    "Outcome",
    "SearchEvent",
    "SearchResult",
    "SearchStats",
    "SearchStopped",
    "SearchTrace",
    "State",
    "TraceStep",
    "Waiting",
    "astar",
    "bfs",
    "bwas",
    "greedy",
    "idastar",
    "weighted_astar",
]


def __getattr__(name: str) -> Any:
    """Load batch-weighted A* (`bwas`, `BatchStats`) on its first use."""
    if name in ("bwas", "BatchStats"):
        from slidingtiles.search import _bwas

        value = getattr(_bwas, name)
        globals()[name] = value
        return value
    raise AttributeError(f"module 'slidingtiles.search' has no attribute {name!r}")
