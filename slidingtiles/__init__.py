"""Optimal sliding-tile puzzle solving: boards, solvability, heuristics, A*/IDA* search.

>>> import slidingtiles as st
>>> len(st.solve("6 4 7/8 5 0/3 2 1").moves)
31
"""

from . import heuristics, pdb, search
from ._batch import BatchResult, solve_many
from ._board import MAX_CELLS, Board, BoardLike
from ._coerce import GoalLike, board_and_goal
from ._errors import (
    GoalMismatchError,
    InvalidBoardError,
    InvalidMoveError,
    NoPathError,
    SearchLimitExceeded,
    SlidingTilesError,
    UnknownHeuristicError,
    UnsolvableError,
)
from ._moves import Moves
from ._random import random_board, scramble
from ._reduce import ReduceResult, solve_constructive
from ._render import board_svg, solution_html, solution_svg
from ._solvability import Solvability, is_solvable, solvability
from ._solve import ALGORITHMS, Solution, solve
from ._tile_state import TileState
from .search import SearchResult, SearchStats

__version__ = "0.1.0"

__all__ = [
    "ALGORITHMS",
    "MAX_CELLS",
    "BatchResult",
    "Board",
    "BoardLike",
    "GoalLike",
    "GoalMismatchError",
    "InvalidBoardError",
    "InvalidMoveError",
    "Moves",
    "NoPathError",
    "ReduceResult",
    "SearchLimitExceeded",
    "SearchResult",
    "SearchStats",
    "SlidingTilesError",
    "Solution",
    "Solvability",
    "TileState",
    "UnknownHeuristicError",
    "UnsolvableError",
    "__version__",
    "board_and_goal",
    "board_svg",
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
    "solve_many",
]
