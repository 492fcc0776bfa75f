"""Mid-size boards with their tables cached: weighted IDA* (``"tables"``), and the tail re-solved.

>>> from slidingtiles import Board
>>> from slidingtiles.search import Deadline
>>> tables(Board("1 2 3/4 5 6/0 7 8"), Board.goal(3, 3), Budget(Deadline(None))) is None
True

On 6x6 (and any shape of `TABLED_CELLS` whose perm-ranked tables are
cached and searched by numba: `anytime.perm_tables`, never built here) the
tables make two steps of the short-solution methods possible:

- the method ``"tables"``: weighted IDA* over the tables
  (`dispatch.weighted_solve`), at each weight of `WEIGHTS` in turn, each
  looking only for an answer shorter than the best the call has so far
  (`Budget.best`: the kernel's *ceiling*). A weight-w answer costs at most w
  times the shortest; on DeepCubeA-like 6x6 boards weight 1.5 answers in
  milliseconds on most boards, about 10 % shorter than the beams' answer
  (docs/mid-size.md), and runs out of its share on a few.
- the shortening step ``"tail"``: the best answer's last moves solved again
  from the goal backwards. From the first board of the answer whose
  Manhattan distance is at most `TAIL_FIRST` (then `TAIL_STEP` more each
  time), the rest of the answer is searched again by IDA* over the tables,
  exactly up to `TAIL_EXACT` (so the tail from there is the shortest: a
  search that finds nothing shorter proves it), weighted by `TAIL_WEIGHT`
  beyond, each for a way shorter than the answer's own; a shorter way
  replaces it. The answer's boards near the goal are where a beam, which
  ranks boards by their Manhattan distance, loses most: it reaches boards
  close to the goal by that measure but far from it in moves.

Without a time limit every search has a node budget (`TABLES_NODES`,
`TAIL_NODES`), so the answer is the same on every run; with one, each step
ends by its share of the time (the methods' table, `methods.TABLE`, gives
the shares). Both steps do nothing when the tables are not cached or the
implementation is pure Python (`perm_tables`).
"""

from __future__ import annotations

from time import perf_counter

from slidingtiles._board.board import Board, trusted_board
from slidingtiles._board.geometry import apply_moves
from slidingtiles._engine import dispatch
from slidingtiles._errors import SearchLimitExceeded
from slidingtiles._heuristics._pdb import store
from slidingtiles._heuristics._pdb.database import PatternDatabase
from slidingtiles._heuristics._pdb.partition import NUMBA_PARTITIONS
from slidingtiles._solve.short.anytime import perm_tables
from slidingtiles._solve.short.budget import TABLES_SHARE, TAIL_SHARE, Budget
from slidingtiles._solve.short.windows import ShortenResult

__all__ = [
    "TABLED_CELLS",
    "TABLES_NODES",
    "TAIL_EXACT",
    "TAIL_FIRST",
    "TAIL_NODES",
    "TAIL_STEP",
    "TAIL_WEIGHT",
    "WEIGHTS",
    "available",
    "shorten_tail",
    "tables",
    "tail",
    "weighted_answer",
]

#: The boards these steps serve (more cells than the 24-puzzle, whose own weighted search
#: ends the run: `anytime`).
TABLED_CELLS = (26, 64)
#: The weights of the method ``"tables"``, tried in turn, each for a shorter answer than the last.
WEIGHTS = ((3, 2), (7, 5), (4, 3))
#: Without a time limit, the expansions each of them may spend (about 0.3 s each on 6x6).
TABLES_NODES = (1_000_000, 1_000_000, 1_000_000)
#: The tail is first searched from the first board of Manhattan distance at most this,
TAIL_FIRST = 20
#: then from this much farther each time,
TAIL_STEP = 5
#: exactly while the distance is at most this,
TAIL_EXACT = 60
#: and beyond it with this weight (num, den): a tail at most 6/5 times the shortest.
TAIL_WEIGHT = (6, 5)
#: Without a time limit, the expansions the tail's searches may spend in all (about 1 s on 6x6).
TAIL_NODES = 3_000_000


def _tables_for(goal: Board) -> PatternDatabase | None:
    """The goal's cached perm-ranked tables when these steps serve its shape, else None."""
    low, high = TABLED_CELLS
    return perm_tables(goal) if low <= goal.size <= high else None


def available(goal: Board, *, load: bool = True) -> bool:
    """Whether the steps ``"tables"`` and ``"tail"`` have tables for this goal: cached (with
    ``load=False``, already in memory), and searched by numba (`anytime.perm_tables`).

    >>> available(Board.goal(6, 6), load=False) in (True, False), available(Board.goal(4, 4))
    (True, False)
    """
    low, high = TABLED_CELLS
    if not low <= goal.size <= high or dispatch.IMPLEMENTATION != "numba":
        return False
    found = NUMBA_PARTITIONS.get(goal.shape)
    if found is None:
        return False
    if not load and not store.in_memory(goal.rows, goal.cols, goal.tiles, found[0]):
        return False
    return _tables_for(goal) is not None


def tables(start: Board, goal: Board, budget: Budget) -> str | None:
    """The method ``"tables"``: `weighted_answer` over the goal's cached tables; None when
    there are none."""
    db = _tables_for(goal)
    return None if db is None else weighted_answer(start, goal, budget, db)


def weighted_answer(
    start: Board,
    goal: Board,
    budget: Budget,
    db: PatternDatabase,
    *,
    weights: tuple[tuple[int, int], ...] = WEIGHTS,
    nodes: tuple[int, ...] = TABLES_NODES,
) -> str | None:
    """The shortest answer of weighted IDA* over ``db`` at ``weights`` (num, den) in turn,
    each shorter than the best so far (`Budget.best`, then its own last answer); None when no
    search finished in its share.

    Args:
        start: a board, solvable for ``goal``.
        goal: the goal ``db`` was built for (or one of its canonical goal's turns).
        budget: the call's `Budget`: with a time limit the searches end by the share of
            ``"tables"`` (each weight the next part of what is left), without one each has
            its node budget of ``nodes``.
        db: tables `dispatch.weighted_solve` searches.
        weights: the weights, each (num, den) with num >= den.
        nodes: the expansions each weight may spend without a time limit.

    An answer found at weight num/den costs at most num/den times the shortest.
    """
    until = budget.share_for("tables", TABLES_SHARE)
    best: str | None = None
    for index, weight in enumerate(weights):
        ceiling = budget.best if best is None else len(best)
        max_nodes: int | None = None
        time_limit: float | None = None
        if until is None:
            max_nodes = nodes[index]
        else:
            left = until - perf_counter()
            if left <= 0:
                break
            # each weight takes its part of what is left of the share
            time_limit = left / (len(weights) - index)
        finished, moves, _ = _search(
            start, goal, db, weight, ceiling, max_nodes, time_limit, budget
        )
        if finished and moves is not None:  # else nothing shorter than the ceiling, or no time
            best = moves
    return best


def _search(
    start: Board,
    goal: Board,
    db: PatternDatabase,
    weight: tuple[int, int],
    ceiling: int | None,
    max_nodes: int | None,
    time_limit: float | None,
    budget: Budget,
) -> tuple[bool, str | None, int]:
    """One weighted IDA* search, its nodes counted in ``budget``: whether it finished within
    its limits, its moves (None: nothing shorter than ``ceiling``), and the nodes expanded."""
    try:
        moves, stats = dispatch.weighted_solve(
            start,
            goal,
            db,
            weight,
            ceiling=ceiling,
            max_nodes=max_nodes,
            time_limit=time_limit,
        )
    except SearchLimitExceeded as stopped:
        if stopped.stats is not None:
            budget.spent(stopped.stats.expanded, stopped.stats.generated)
        return False, None, 0 if stopped.stats is None else stopped.stats.expanded
    budget.spent(stats.expanded, stats.generated)
    return True, moves, stats.expanded


def tail(start: Board, moves: str, budget: Budget) -> ShortenResult:
    """The step ``"tail"``: `shorten_tail` over the goal's cached tables (the answer unchanged
    when there are none)."""
    rows, cols = start.shape
    tiles = list(start.tiles)
    apply_moves(tiles, start.blank, cols, moves)
    goal = trusted_board(rows, cols, tuple(tiles))
    db = _tables_for(goal)
    if db is None:
        return ShortenResult(moves, 0, 0, 0)
    return shorten_tail(start, moves, budget, db)


def shorten_tail(
    start: Board,
    moves: str,
    budget: Budget,
    db: PatternDatabase,
    *,
    first: int = TAIL_FIRST,
    step: int = TAIL_STEP,
    exact: int = TAIL_EXACT,
    weight: tuple[int, int] = TAIL_WEIGHT,
    nodes: int = TAIL_NODES,
) -> ShortenResult:
    """Return ``moves`` with their tail re-solved over ``db``, farther from the goal each time.

    Args:
        start: the board the moves start from.
        moves: blank moves that solve it, for the goal ``db`` was built for.
        budget: the call's `Budget`: with a time limit the searches end by the share of
            ``"tail"``, without one they spend ``nodes`` expansions in all.
        db: tables `dispatch.weighted_solve` searches.
        first: the first search starts at the first board of Manhattan distance at most this,
        step: each next one at a distance this much greater,
        exact: exactly (the rest made the shortest, or proved so) up to this distance,
        weight: and beyond it weighted by (num, den): a tail at most num/den times the
            shortest.
        nodes: the expansions the searches may spend in all without a time limit.

    It stops when a search runs out of its budget, or after the one from the start. The
    result is never longer, and ends on the same board. Cost: each search is bounded by the
    budget; O(len(moves) x cells) between searches.
    """
    goal_tiles = list(start.tiles)
    apply_moves(goal_tiles, start.blank, start.cols, moves)
    goal = trusted_board(start.rows, start.cols, tuple(goal_tiles))
    until = budget.share_for("tail", TAIL_SHARE)
    left_nodes = nodes
    searched = shortened = 0
    reach = first
    while True:
        boards, distances = _along(start, goal, moves)
        at = next(i for i, d in enumerate(distances) if d <= reach)
        rest = len(moves) - at
        searched_weight = (1, 1) if reach <= exact else weight
        max_nodes: int | None = None
        time_limit: float | None = None
        if until is None:
            if left_nodes <= 0:
                break
            max_nodes = left_nodes
        else:
            time_limit = until - perf_counter()
            if time_limit <= 0:
                break
        searched += 1
        finished, found, expanded = _search(
            boards[at], goal, db, searched_weight, rest, max_nodes, time_limit, budget
        )
        if not finished:
            break
        left_nodes -= expanded
        if found is not None and len(found) < rest:
            moves = moves[:at] + found
            shortened += 1
        if at == 0:  # the whole answer was searched
            break
        reach += step
    return ShortenResult(moves, searched, shortened, searched)


def _along(start: Board, goal: Board, moves: str) -> tuple[list[Board], list[int]]:
    """Every board of the answer, start to goal, and each one's Manhattan distance."""
    rows, cols = start.shape
    tiles = list(start.tiles)
    blank = start.blank
    boards = [start]
    for move in moves:
        blank = apply_moves(tiles, blank, cols, move)
        boards.append(trusted_board(rows, cols, tuple(tiles)))
    return boards, [board.manhattan(goal) for board in boards]
