"""The lower bound a short answer carries: linear conflicts, or the goal's cached tables.

>>> from slidingtiles import Board
>>> lower_bound(Board("2 1 3/4 5 6/7 8 0"), Board.goal(3, 3))
4

`solve(board, optimal=False)` reports ``Solution.lower_bound`` from here for
the searching methods, so ``len(moves) / lower_bound`` says how far from the
shortest an answer can be. The bound is the larger of Manhattan distance
plus linear conflicts (`heuristics.linear_conflict`: admissible) and, on
the shapes of `BOUND_TABLES` when their tables are cached (never built
here), the additive tables' value; raised to the parity of every
solution's length (each move changes the Manhattan distance by one).
`solve_short` asks before its methods run, so that loading the tables
(once per process: 0.8 s of CPU for 6x6's 317 MB) is counted in the call's
time; with a time limit under `LOAD_SECONDS` only tables already in memory
are read.
"""

from __future__ import annotations

from slidingtiles._board.board import Board
from slidingtiles._errors import PatternDatabaseError
from slidingtiles._heuristics._pdb import store
from slidingtiles._heuristics._pdb.database import PatternDatabase
from slidingtiles._heuristics.classic import linear_conflict

__all__ = ["BOUND_TABLES", "LOAD_SECONDS", "bound_tables", "lower_bound"]

#: The tables read for a bound, per shape, when cached: 6x6's seven 5-tile tables (about 7 moves
#: above the Manhattan distance, 2 above linear conflicts, on DeepCubeA-like boards:
#: docs/measurements/mid-size.md).
BOUND_TABLES: dict[tuple[int, int], str] = {(6, 6): "5x7"}
#: With a time limit under this many seconds, tables are not loaded for a bound (a first load
#: would take a large part of the time the methods need).
LOAD_SECONDS = 5.0


def bound_tables(goal: Board, *, load: bool = True) -> PatternDatabase | None:
    """The goal's cached tables of `BOUND_TABLES`, or None (not listed, or not cached; with
    ``load=False``, not already in memory).

    >>> bound_tables(Board.goal(3, 3)) is None
    True
    """
    name = BOUND_TABLES.get(goal.shape)
    if name is None:
        return None
    try:
        if not store.is_cached(goal.rows, goal.cols, goal.tiles, name):
            return None
        if not load and not store.in_memory(goal.rows, goal.cols, goal.tiles, name):
            return None
        return store.load(goal.rows, goal.cols, goal.tiles, name, build_missing=False)
    except (PatternDatabaseError, ValueError, OSError):
        return None


def lower_bound(start: Board, goal: Board, *, load: bool = True) -> int:
    """A proven lower bound on the shortest solution's length (see the module notes); with
    ``load=False`` only tables already in memory are read.

    Cost: O(cells) for linear conflicts; loading the tables the first time (about a third of
    a second for 6x6's 317 MB), then O(cells).
    """
    bound = linear_conflict(start, goal)
    tables = bound_tables(goal, load=load)
    if tables is not None:
        bound = max(bound, tables.value(start.tiles))
    return bound + (start.manhattan(goal) - bound) % 2
