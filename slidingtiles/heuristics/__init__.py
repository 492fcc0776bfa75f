"""Tile heuristics and their registry: ``h(board, goal) -> int`` plus the guarantees.

>>> from slidingtiles import heuristics
>>> [(name, heuristics.get(name).admissible) for name in heuristics.names()]
[('inversions', False), ('misplaced', True), ('manhattan', True), ('walking_distance', True),
 ('linear_conflict', True), ('pdb', True)]
"""

from slidingtiles.heuristics._registry import (
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
from slidingtiles.heuristics._pdb.database import pattern_database
from slidingtiles.heuristics._walking import walking_distance

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
    "pattern_database",
    "register",
    "registry",
    "unregister",
    "walking_distance",
]
