"""Optimal sliding-tile puzzle solving: boards, solvability, heuristics, ``A*`` and ``IDA*`` search.

>>> import slidingtiles as st
>>> len(st.solve("6 4 7/8 5 0/3 2 1").moves)
31
"""

from slidingtiles import heuristics, pdb, search
from slidingtiles._batch import BatchResult, solve_many
from slidingtiles._board.board import MAX_CELLS, Board, BoardLike
from slidingtiles._board.coerce import GoalLike, board_and_goal
from slidingtiles._board.moves import Moves
from slidingtiles._board.random import random_board, scramble
from slidingtiles._board.solvability import Solvability, is_solvable, solvability
from slidingtiles._environment import check_environment
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
from slidingtiles._render import board_svg, solution_html, solution_svg
from slidingtiles._solve.cos226 import Cos226Result, solve_cos226
from slidingtiles._solve.short.constructive import ReduceResult, solve_constructive
from slidingtiles._solve.solve import ALGORITHMS, Solution, solve
from slidingtiles._solve.tile_state import TileState
from slidingtiles._watch import TraceView
from slidingtiles.pdb import TableBuildWarning
from slidingtiles.search import SearchResult, SearchStats

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
