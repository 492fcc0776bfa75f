"""Tile heuristics and their registry: ``h(board, goal) -> int`` plus the guarantees.

>>> from slidingtiles import heuristics
>>> [(name, heuristics.get(name).admissible) for name in heuristics.names()]
[('inversions', False), ('misplaced', True), ('manhattan', True), ('walking_distance', True),
 ('linear_conflict', True), ('pdb', True)]

The modules: ``_registry`` (`HeuristicInfo`, `register`, `get`), ``_classic``
(misplaced tiles, Manhattan distance, linear conflict, inversions),
``_walking`` (walking distance), ``_values`` (what a heuristic may return,
and the wrapper holding a user's heuristic to it), ``_check`` with ``_exact``
(exact distances of a small shape), ``_report`` and ``_tally`` (checking a
heuristic against them: `check`), and ``_pdb`` (pattern databases, public as
`slidingtiles.pdb`).
"""

# Importing the modules that define heuristics registers them, in this order (the order
# `registry()` lists them in).
from slidingtiles._errors import HeuristicClaimError, HeuristicError, HeuristicTypeError
from slidingtiles.heuristics._check import EXHAUSTIVE_BOARDS, HeuristicSpec, check
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
from slidingtiles.heuristics._report import CheckReport, Counterexample, Property
from slidingtiles.heuristics._walking import walking_distance

# Every heuristic registered so far is the library's own: none of their names can be taken.
seal_builtins()

# compare solves boards, so it lives above the solver (slidingtiles._compare); re-exported here,
# last, once everything the solver imports from this package exists. The package's one upward
# import, declared in pyproject's layers contract (ignore_imports).
from slidingtiles._compare import Comparison, branching_factor, compare  # noqa: E402

__all__ = [
    "EXHAUSTIVE_BOARDS",
    "RESERVED",
    "CheckReport",
    "Comparison",
    "Counterexample",
    "FastHeuristic",
    "Heuristic",
    "HeuristicClaimError",
    "HeuristicError",
    "HeuristicInfo",
    "HeuristicSpec",
    "HeuristicTypeError",
    "Property",
    "branching_factor",
    "check",
    "compare",
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
