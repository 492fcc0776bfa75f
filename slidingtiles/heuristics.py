"""Tile heuristics and their registry: ``h(board, goal) -> int`` plus the guarantees.

>>> from slidingtiles import heuristics
>>> [(name, heuristics.get(name).admissible) for name in heuristics.names()]
[('inversions', False), ('misplaced', True), ('manhattan', True), ('walking_distance', True),
 ('linear_conflict', True), ('pdb', True)]

Everything here is re-exported from the modules that define it: the registry and
every heuristic from the internal package ``slidingtiles._heuristics`` (which
registers the built-in heuristics when it is first imported), and `compare`
(with `Comparison` and `branching_factor`) from ``slidingtiles._compare``, which
solves boards and so sits above the solver. This module defines nothing, and
only what stands on the public face imports it (the package's ``__init__``, the
command line, the game, `slidingtiles.testing`): a face at the top of the house,
so every import runs down (docs/architecture.md).
"""

from slidingtiles._compare import Comparison, branching_factor, compare
from slidingtiles._errors import HeuristicClaimError, HeuristicError, HeuristicTypeError
from slidingtiles._heuristics._pdb.heuristic import pattern_database
from slidingtiles._heuristics.batched import BatchedHeuristic, batched
from slidingtiles._heuristics.check import EXHAUSTIVE_BOARDS, HeuristicSpec, check
from slidingtiles._heuristics.classic import inversions, linear_conflict, manhattan, misplaced
from slidingtiles._heuristics.compiled import CompiledHeuristic, compiled
from slidingtiles._heuristics.registry import (
    RESERVED,
    FastHeuristic,
    Heuristic,
    HeuristicInfo,
    get,
    names,
    register,
    registry,
    unregister,
)
from slidingtiles._heuristics.report import CheckReport, Counterexample, Property
from slidingtiles._heuristics.walking import walking_distance

__all__ = [
    "EXHAUSTIVE_BOARDS",
    "RESERVED",
    "BatchedHeuristic",
    "CheckReport",
    "Comparison",
    "CompiledHeuristic",
    "Counterexample",
    "FastHeuristic",
    "Heuristic",
    "HeuristicClaimError",
    "HeuristicError",
    "HeuristicInfo",
    "HeuristicSpec",
    "HeuristicTypeError",
    "Property",
    "batched",
    "branching_factor",
    "check",
    "compare",
    "compiled",
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
