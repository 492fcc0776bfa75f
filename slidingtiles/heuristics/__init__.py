"""Tile heuristics and their registry: ``h(board, goal) -> int`` plus the guarantees.

>>> from slidingtiles import heuristics
>>> [(name, heuristics.get(name).admissible) for name in heuristics.names()]
[('inversions', False), ('misplaced', True), ('manhattan', True), ('walking_distance', True),
 ('linear_conflict', True), ('pdb', True)]

The modules: ``_registry`` (`HeuristicInfo`, `register`, `get`), ``_classic``
(misplaced tiles, Manhattan distance, linear conflict, inversions),
``_walking`` (walking distance), ``_pdb`` (pattern databases, public as
`slidingtiles.pdb`), ``_compiled`` (`compiled`: heuristics over the flat
board that the tile engine runs) and ``_values`` (what a heuristic may
return, and the errors for what it may not).
"""

# Importing the modules that define heuristics registers them, in this order (the order
# `registry()` lists them in).
from slidingtiles.heuristics._classic import inversions, linear_conflict, manhattan, misplaced
from slidingtiles.heuristics._compiled import CompiledHeuristic, compiled
from slidingtiles.heuristics._pdb import pattern_database
from slidingtiles.heuristics._registry import (
    FastHeuristic,
    Heuristic,
    HeuristicInfo,
    get,
    names,
    register,
    registry,
    unregister,
)
from slidingtiles.heuristics._walking import walking_distance

__all__ = [
    "CompiledHeuristic",
    "FastHeuristic",
    "Heuristic",
    "HeuristicInfo",
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
