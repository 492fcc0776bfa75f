"""Tile heuristics and their registry: ``h(board, goal) -> int`` plus the guarantees.

>>> from slidingtiles import heuristics
>>> [(name, heuristics.get(name).admissible) for name in heuristics.names()]
[('inversions', False), ('misplaced', True), ('manhattan', True), ('linear_conflict', True)]
"""

from ._heuristics import (
    FastHeuristic,
    Heuristic,
    HeuristicInfo,
    get,
    inversions,
    linear_conflict,
    manhattan,
    misplaced,
    names,
    register,
    registry,
    unregister,
)

__all__ = [
    "FastHeuristic",
    "Heuristic",
    "HeuristicInfo",
    "get",
    "inversions",
    "linear_conflict",
    "manhattan",
    "misplaced",
    "names",
    "register",
    "registry",
    "unregister",
]
