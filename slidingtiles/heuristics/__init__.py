"""Tile heuristics and their registry: ``h(board, goal) -> int`` plus the guarantees.

>>> from slidingtiles import heuristics
>>> [(name, heuristics.get(name).admissible) for name in heuristics.names()]
[('inversions', False), ('misplaced', True), ('manhattan', True), ('walking_distance', True),
 ('linear_conflict', True), ('pdb', True)]
"""

# Importing the modules that define heuristics registers them, in this order (the order
# `registry()` lists them in).
from slidingtiles._errors import HeuristicClaimError, HeuristicError, HeuristicTypeError
from slidingtiles.heuristics._classic import inversions, linear_conflict, manhattan, misplaced
from slidingtiles.heuristics._pdb import pattern_database
from slidingtiles.heuristics._registry import (
    RESERVED,
    FastHeuristic,
    Heuristic,
    HeuristicInfo,
    get,
    names,
    register,
    registry,
    seal_builtins,
    unregister,
)
from slidingtiles.heuristics._walking import walking_distance

# Every heuristic registered so far is the library's own: none of their names can be taken.
seal_builtins()

from slidingtiles.heuristics._check import (  # noqa: E402 - after the built-ins are sealed
    EXHAUSTIVE_BOARDS,
    CheckReport,
    Counterexample,
    HeuristicSpec,
    Property,
    check,
)

__all__ = [
    "EXHAUSTIVE_BOARDS",
    "RESERVED",
    "CheckReport",
    "Counterexample",
    "FastHeuristic",
    "Heuristic",
    "HeuristicClaimError",
    "HeuristicError",
    "HeuristicInfo",
    "HeuristicSpec",
    "HeuristicTypeError",
    "Property",
    "check",
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
