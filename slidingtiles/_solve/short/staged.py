"""Staged solving of small and mid-size boards: whole lines by weighted A*, the rest exactly.

>>> from slidingtiles import Board
>>> from slidingtiles.search import Deadline
>>> start = Board("1 2 8 3 0/6 7 9 10 4/11 12 13 5 14")
>>> moves = solve_staged(start, Board.goal(3, 5), Budget(Deadline(None)))
>>> moves, start.apply(moves) == Board.goal(3, 5)
('DLDRULLURRDD', True)

The board is peeled like the constructive solver peels it (a row when the
unsolved region is at least as tall as wide, else a column, never the line
of the goal's blank), but each line is placed at once, by weighted A* over
the positions of its tiles and the blank with every other tile ignored
(`slidingtiles._engine.dispatch.place_group`): the tiles of a line travel
together instead of one after the other. Long lines are placed a few tiles
at a time (the tiles already placed stay in the group). When the region is
small enough it is solved exactly: IDA* with linear conflicts on the
region (with a cached pattern database for a 4x4 region, when there is
one). Measured on Korf and Felner's 24-puzzles, about 1.25 times the
optimal length, where the tile-by-tile constructive solver needs 1.9 times
(docs/large-boards.md).

Node budgets follow the time left (`Budget.nodes`); a line that no budget
places, or a deadline passed, returns None and another method's answer is
kept. `staged` is the method ``"staged"``: `VARIANTS` of it while they fit.
"""

from __future__ import annotations

from collections.abc import Sequence
from time import perf_counter

from slidingtiles._board.board import Board
from slidingtiles._board.geometry import Region, path_letters
from slidingtiles._engine import dispatch
from slidingtiles._solve.short.budget import STAGED_SHARE, Budget
from slidingtiles._solve.short.exact import EXACT_CELLS, exact_moves, region_boards
from slidingtiles._solve.short.placing import peel_line

__all__ = ["VARIANTS", "next_line", "solve_staged", "staged"]

# At most this many tiles searched together: a longer line is placed this many at a time.
_GROUP = 6
# Weights tried in turn for one group, (num, den), with the node budget of each without a time
# limit: fast coarse searches after exact ones, so most lines cost little and few fail.
_WEIGHTS = (
    ((1, 1), 10_000),
    ((3, 2), 20_000),
    ((2, 1), 50_000),
    ((4, 1), 100_000),
    ((8, 1), 300_000),
)
# The exact finish of the last region: its share of the time left, and its node budget.
_EXACT_SHARE = 0.5
_EXACT_NODES = 2_000_000
#: The variants tried, most promising first (on Korf & Felner's 24-puzzles the best of these
#: eight is about 6 % shorter than the first); without a time limit, the first two.
VARIANTS = (0, 1, 25, 9, 24, 17, 8, 16)
_UNTIMED_VARIANTS = 2


def _place(
    rows: int,
    cols: int,
    free: bytearray,
    tiles: list[int],
    goal: Sequence[int],
    line: list[int],
    budget: Budget,
    until: float | None,
    share: float,
    skip: int = 0,
    park: int = -1,
) -> list[int] | None:
    """Blank cells that place the goal tiles of ``line`` (in order), a few at a time; or None.

    ``skip`` weights of the schedule are passed over; ``park`` is the blank's
    cell at the end (-1: anywhere).
    """
    path: list[int] = []
    done = 0
    while done < len(line):
        upto = min(len(line), done + _GROUP)
        if len(line) - upto == 1:  # never leave one tile for a group of its own
            upto -= 1
        targets = line[:upto]
        blank = tiles.index(0)
        cells = [tiles.index(goal[c]) for c in targets]
        found = None
        for number, (weight, cap) in enumerate(_WEIGHTS):
            if number < skip:
                continue
            nodes = budget.nodes(until, share / (len(_WEIGHTS) - number), cap)
            if nodes <= 0:
                return None
            last = upto == len(line)
            found, expanded, generated = dispatch.place_group(
                rows, cols, free, blank, cells, targets, weight, nodes, park if last else -1
            )
            budget.spent(expanded, generated)
            if found is not None:
                break
        if found is None:
            return None
        for cell in found:
            tiles[blank], tiles[cell] = tiles[cell], 0
            blank = cell
        path += found
        done = upto
    return path


def next_line(
    region: Region, blank: int, goal: Board, columns_first: bool
) -> tuple[list[int], int, Region]:
    """The line to peel off ``region`` next, the step pointing inside, and the region left.

    A row when the region is taller than wide (or square, unless
    ``columns_first``), else a column; never the line of the goal's blank,
    else the one nearer the blank; its cells ordered from the end nearer
    the blank.
    """
    top, bottom, left, right = region
    cols = goal.cols
    row = bottom - top > right - left or (bottom - top == right - left and not columns_first)
    line, (down, across), rest = peel_line(
        region, divmod(blank, cols), divmod(goal.tiles.index(0), cols), row
    )
    return [r * cols + c for r, c in line], down * cols + across, rest


def solve_staged(
    start: Board, goal: Board, budget: Budget, *, until: float | None = None, variant: int = 0
) -> str | None:
    """Return a solution that places whole lines at once and finishes exactly, or None.

    Args:
        start: a board, solvable for ``goal``.
        goal: the goal, of the start's shape.
        budget: the call's `Budget` (node budgets from the time left, nodes counted).
        until: an instant of the call's clock to finish by, or None.
        variant: another way through (for trying several and keeping the
            shortest): bit 0 peels a column where a square region would give
            a row; bits 1-2 start the weights further along the schedule
            (coarser, faster searches, different paths); bits 3-4 park the
            blank after each line next to its first tile, its last or its middle.

    None when a line cannot be placed within its node budget or ``until``
    passes: the caller then keeps another method's answer. Cost: one
    weighted A* per group of at most six tiles and an exact search of the
    last region; both implementations return the same moves when no budget
    runs out (the budgets come from the time left).
    """
    rows, cols = start.shape
    tiles = list(start.tiles)
    target = goal.tiles
    free = bytearray([1]) * (rows * cols)
    top, bottom, left, right = 0, rows, 0, cols
    path: list[int] = []
    first_blank = tiles.index(0)
    while True:
        height, width = bottom - top, right - left
        if height * width <= EXACT_CELLS or (height <= 4 and width <= 4 and height * width == 16):
            sub_start, sub_goal = region_boards(tiles, target, cols, (top, bottom, left, right))
            nodes = budget.nodes(until, _EXACT_SHARE, _EXACT_NODES)
            moves = exact_moves(sub_start, sub_goal, nodes, budget) if nodes > 0 else None
            if moves is not None:  # the region's moves are the board's
                return path_letters([first_blank, *path], cols) + moves
            if height * width <= EXACT_CELLS:
                return None
        line, inward, (top, bottom, left, right) = next_line(
            (top, bottom, left, right), tiles.index(0), goal, variant & 1 == 1
        )
        lines_left = max(1, (bottom - top) + (right - left) - 4)
        park = -1  # where the blank ends: anywhere, or next to one end or the middle of the line
        if (variant >> 3) & 3:
            park = (line[0], line[-1], line[len(line) // 2])[((variant >> 3) & 3) - 1] + inward
        placed = _place(
            rows,
            cols,
            free,
            tiles,
            target,
            line,
            budget,
            until,
            1.0 / lines_left,
            (variant >> 1) & 3,
            park,
        )
        if placed is None:
            return None
        path += placed
        for cell in line:
            free[cell] = 0


def staged(start: Board, goal: Board, budget: Budget) -> str | None:
    """The method ``"staged"``: the shortest of its `VARIANTS` (the first two without a time
    limit; with one, as many as end within `STAGED_SHARE` of it), or None."""
    until = budget.share(STAGED_SHARE)
    best: str | None = None
    for variant in VARIANTS if budget.timed else VARIANTS[:_UNTIMED_VARIANTS]:
        if until is not None and perf_counter() >= until:
            break
        found = solve_staged(start, goal, budget, until=until, variant=variant)
        if found is not None and (best is None or len(found) < len(best)):
            best = found
    return best
