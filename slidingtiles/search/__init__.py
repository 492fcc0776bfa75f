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
`idastar` and `bfs` all return a `SearchResult` with `SearchStats`, raise
``NoPathError`` when no goal is reachable and ``SearchLimitExceeded`` at a node,
time or memory limit. They change no global state, so Ctrl-C
(KeyboardInterrupt) propagates and leaves nothing broken.

The modules: ``_protocol`` (`State`), ``_result`` (`SearchResult`,
`SearchStats`), ``_limits`` (the limits, their checks, the one `Guard` and
the call's `Deadline`), ``_common`` (error builders, the memory estimate), ``_astar``,
``_idastar`` and ``_bfs`` (the searches), ``_example`` (a tiny weighted
digraph of states, for the doctests).
"""

from slidingtiles.search._astar import astar, greedy, weighted_astar
from slidingtiles.search._bfs import bfs
from slidingtiles.search._idastar import idastar
from slidingtiles.search._protocol import State
from slidingtiles.search._result import SearchResult, SearchStats

__all__ = [
    "SearchResult",
    "SearchStats",
    "State",
    "astar",
    "bfs",
    "greedy",
    "idastar",
    "weighted_astar",
]
