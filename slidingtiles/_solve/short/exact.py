"""Exact solutions of small boards and regions: the method ``"idastar"``, the others' finishes.

>>> from slidingtiles import Board
>>> from slidingtiles.search import Deadline
>>> line_moves(Board([1, 2, 0, 3, 4], shape=(1, 5)), Board.goal(1, 5, blank="first"))
'LL'
>>> exact_moves(Board("1 2/0 3"), Board.goal(2, 2), 100, Budget(Deadline(None)))
'R'

A single row or column is solved by walking the blank (its tiles can never
change order). A board of at most `EXACT_CELLS` cells (3x3, 3x4, 2x6) is
solved by IDA* with linear conflicts in the tile engine, in milliseconds; the
staged methods finish their last region the same way, or, for a 4x4 region,
with the goal's cached pattern tables (never built here). `region_boards`
cuts a region out of a flat board as a small board of its own, for those
finishes and for the peeled beam's.
"""

from __future__ import annotations

from collections.abc import Sequence
from time import perf_counter

from slidingtiles._board.board import Board, trusted_board
from slidingtiles._board.geometry import Region, region_tiles
from slidingtiles._board.geometry import line_moves as walk
from slidingtiles._engine import dispatch
from slidingtiles._errors import SearchLimitExceeded
from slidingtiles._heuristics._pdb.database import PatternDatabase
from slidingtiles._solve.choose import cached_tables
from slidingtiles._solve.short.budget import Budget

__all__ = [
    "EXACT_CELLS",
    "EXACT_NODES",
    "exact",
    "exact_moves",
    "ida_moves",
    "line_moves",
    "region_boards",
]

#: Boards up to this many cells are solved exactly (IDA* with linear conflicts, milliseconds).
EXACT_CELLS = 12
#: The expansions that exact search may spend before the other methods take over.
EXACT_NODES = 10_000_000


def line_moves(start: Board, goal: Board) -> str:
    """The moves that solve a single row or column: the blank walks to its goal cell."""
    return walk(start.rows, start.blank, goal.blank)


def region_boards(
    tiles: Sequence[int], goal: Sequence[int], cols: int, region: Region
) -> tuple[Board, Board]:
    """The region ``(top, bottom, left, right)`` (half-open) as a board and its goal.

    >>> start, goal = region_boards([1, 2, 3, 4, 0, 5], [1, 2, 3, 4, 5, 0], 3, (0, 2, 1, 3))
    >>> start.to_text(), goal.to_text()
    ('1 2/0 3', '1 2/3 0')

    Every tile of the region must belong to it (as after peeling); the tiles
    are renumbered 1.. in the goal's reading order, 0 the blank.
    """
    top, bottom, left, right = region
    start, target = region_tiles(tiles, goal, cols, region)
    shape = (bottom - top, right - left)
    return trusted_board(*shape, start), trusted_board(*shape, target)


def exact_moves(start: Board, goal: Board, max_nodes: int, budget: Budget) -> str | None:
    """A shortest solution of a small board (IDA*, linear conflicts or a cached table), or None.

    A 4x4 board is solved only with the goal's cached pattern tables (with
    linear conflicts it may need many millions of nodes); others by IDA* with
    linear conflicts. None when that is not possible within ``max_nodes``
    expansions (counted in ``budget``).
    """
    if start.size != 16:
        return ida_moves(start, goal, max_nodes, budget)
    db = cached_tables(goal)
    return None if db is None else ida_moves(start, goal, max_nodes, budget, db)


def ida_moves(
    start: Board,
    goal: Board,
    max_nodes: int,
    budget: Budget,
    db: PatternDatabase | None = None,
    *,
    until: float | None = None,
) -> str | None:
    """A shortest solution by the tile engine's IDA* (linear conflicts, or the tables ``db``)
    within ``max_nodes`` expansions and, given ``until`` (an instant of the call's clock),
    before it; counted in ``budget``; None past them."""
    heuristic = "linear_conflict" if db is None else "pdb"
    time_limit = None
    if until is not None:
        time_limit = until - perf_counter()
        if time_limit <= 0:
            return None
    try:
        moves, stats = dispatch.engine_solve(
            start, goal, heuristic, db=db, max_nodes=max_nodes, time_limit=time_limit
        )
    except SearchLimitExceeded as stopped:
        if stopped.stats is not None:
            budget.spent(stopped.stats.expanded, stopped.stats.generated)
        return None
    budget.spent(stats.expanded, stats.generated)
    return moves


def exact(start: Board, goal: Board, budget: Budget) -> str | None:
    """The method ``"idastar"``: a board of at most `EXACT_CELLS` cells searched within
    `EXACT_NODES` expansions; None for larger boards, or past that budget."""
    if start.size > EXACT_CELLS:
        return None
    return exact_moves(start, goal, EXACT_NODES, budget)
