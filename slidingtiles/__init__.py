"""Optimal sliding-tile puzzle solving: boards, solvability, heuristics, ``A*`` and ``IDA*`` search.

>>> import slidingtiles as st
>>> len(st.solve("6 4 7/8 5 0/3 2 1").moves)
31

A façade that only re-exports. It imports what solving needs (boards, the errors,
`solve`, the generic search); the satellites load on first use through the module
``__getattr__`` below (PEP 562, as numpy and attrs do): `heuristics`, `pdb`,
`solve_many`, `check_environment`, the pictures, `solve_cos226`,
`solve_constructive`, `TraceView`. ``import slidingtiles`` loads at most 60 of
the package's modules (tests/test_lazy_import.py counts them).
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from slidingtiles import search
from slidingtiles._board.board import MAX_CELLS, Board, BoardLike
from slidingtiles._board.coerce import GoalLike, board_and_goal
from slidingtiles._board.moves import Moves
from slidingtiles._board.solvability import Solvability, is_solvable, solvability
from slidingtiles._errors import (
    BackendError,
    BackendWarning,
    ClaimCheckWarning,
    GoalMismatchError,
    HeuristicClaimError,
    HeuristicError,
    HeuristicTypeError,
    InvalidBoardError,
    InvalidMoveError,
    InvalidOptionError,
    NoPathError,
    OptionTypeError,
    OutOfMemoryError,
    OutOfReachError,
    PatternDatabaseError,
    SearchCostWarning,
    SearchLimitExceeded,
    SearchStopped,
    SlidingTilesError,
    SolutionMismatchError,
    UnknownHeuristicError,
    UnsolvableError,
    WorkerDiedError,
)
from slidingtiles._heuristics._pdb.first_use import TableBuildWarning
from slidingtiles._solve.solve import ALGORITHMS, Solution, solve
from slidingtiles._solve.tile_state import TileState
from slidingtiles.search import SearchResult, SearchStats

if TYPE_CHECKING:  # what the satellites define, for type checkers (loaded lazily below)
    from slidingtiles import heuristics, pdb
    from slidingtiles._batch import BatchResult, solve_many
    from slidingtiles._board.random import random_board, scramble
    from slidingtiles._environment import check_environment
    from slidingtiles._render import board_svg, solution_html, solution_svg
    from slidingtiles._solve.cos226 import Cos226Result, solve_cos226
    from slidingtiles._solve.short.constructive import ReduceResult, solve_constructive
    from slidingtiles._watch import TraceView

#: The satellites: each name, and the module that defines it, imported when first used.
_LAZY = {
    "random_board": "slidingtiles._board.random",
    "scramble": "slidingtiles._board.random",
    "BatchResult": "slidingtiles._batch",
    "solve_many": "slidingtiles._batch",
    "check_environment": "slidingtiles._environment",
    "board_svg": "slidingtiles._render",
    "solution_html": "slidingtiles._render",
    "solution_svg": "slidingtiles._render",
    "Cos226Result": "slidingtiles._solve.cos226",
    "solve_cos226": "slidingtiles._solve.cos226",
    "ReduceResult": "slidingtiles._solve.short.constructive",
    "solve_constructive": "slidingtiles._solve.short.constructive",
    "TraceView": "slidingtiles._watch",
}
_LAZY_MODULES = ("heuristics", "pdb")


def __getattr__(name: str) -> Any:
    """Load a satellite on its first use: a name of `_LAZY`, or a lazily imported submodule."""
    if name in _LAZY:
        value = getattr(importlib.import_module(_LAZY[name]), name)
    elif name in _LAZY_MODULES:
        value = importlib.import_module(f"slidingtiles.{name}")
    else:
        raise AttributeError(f"module 'slidingtiles' has no attribute {name!r}")
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    """Every public name, the lazily loaded ones included."""
    return sorted({*globals(), *__all__, *_LAZY_MODULES})


__version__ = "0.1.0"

__all__ = [
    "ALGORITHMS",
    "MAX_CELLS",
    "BackendError",
    "BackendWarning",
    "BatchResult",
    "Board",
    "BoardLike",
    "ClaimCheckWarning",
    "Cos226Result",
    "GoalLike",
    "GoalMismatchError",
    "HeuristicClaimError",
    "HeuristicError",
    "HeuristicTypeError",
    "InvalidBoardError",
    "InvalidMoveError",
    "InvalidOptionError",
    "Moves",
    "NoPathError",
    "OptionTypeError",
    "OutOfMemoryError",
    "OutOfReachError",
    "PatternDatabaseError",
    "ReduceResult",
    "SearchCostWarning",
    "SearchLimitExceeded",
    "SearchResult",
    "SearchStats",
    "SearchStopped",
    "SlidingTilesError",
    "Solution",
    "SolutionMismatchError",
    "Solvability",
    "TableBuildWarning",
    "TileState",
    "TraceView",
    "UnknownHeuristicError",
    "UnsolvableError",
    "WorkerDiedError",
    "__version__",
    "board_and_goal",
    "board_svg",
    "check_environment",
    "heuristics",
    "is_solvable",
    "pdb",
    "random_board",
    "scramble",
    "search",
    "solution_html",
    "solution_svg",
    "solvability",
    "solve",
    "solve_constructive",
    "solve_cos226",
    "solve_many",
]
