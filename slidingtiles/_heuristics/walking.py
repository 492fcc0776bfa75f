"""Walking distance (Takahashi): exact vertical and horizontal move counts of a relaxed puzzle.

Forget which column a tile is in and count, for each row, how many of its tiles
belong to each goal row; a vertical move takes one tile from the row above or
below the blank into the blank's row. The fewest such moves from a board's
row-count table to the goal's is the *vertical walking distance*; columns
likewise give the horizontal one. A real move is either vertical (changes only
the row table, by one such move) or horizontal, so their sum is admissible, and
it is at least Manhattan distance (often much more).
"""

from __future__ import annotations

from collections import deque
from functools import cache

from slidingtiles._board.board import Board
from slidingtiles._board.geometry import home_cells
from slidingtiles._heuristics.registry import FastHeuristic, register

__all__ = ["MAX_CELLS", "MAX_SIDE", "applies", "walking_distance"]

#: Boards with at most this many rows and columns, and at most `MAX_CELLS` cells, are supported.
MAX_SIDE = 5
#: The most cells a supported board has (4x4, 3x5, 5x3, 2x5...).
MAX_CELLS = 16

_Key = tuple[tuple[int, ...], int]


def applies(goal: Board) -> bool:
    """Return True if walking distance is available for this shape (sides up to 5, 16 cells).

    >>> applies(Board.goal(4, 4)), applies(Board.goal(3, 5)), applies(Board.goal(5, 5))
    (True, True, False)

    The tables grow quickly with the number of lines: 4x4 needs 24,964
    states per direction (under a second), 3x5 about 2 s, 4x5 about a
    minute and 2x8 much longer, so the limit is set where building stays fast.
    """
    return goal.rows <= MAX_SIDE and goal.cols <= MAX_SIDE and goal.size <= MAX_CELLS


@cache
def _table(
    lines: int, width: int, goal_counts: tuple[int, ...], blank_line: int
) -> dict[_Key, int]:
    """BFS over (lines x lines count matrix, blank's line) from the goal's, moves between lines."""
    start: _Key = (goal_counts, blank_line)
    distance = {start: 0}
    queue = deque([start])
    while queue:
        key = queue.popleft()
        counts, blank = key
        d = distance[key] + 1
        for other in (blank - 1, blank + 1):
            if not 0 <= other < lines:
                continue
            base, target = other * lines, blank * lines
            for g in range(lines):
                if counts[base + g]:
                    moved = list(counts)
                    moved[base + g] -= 1
                    moved[target + g] += 1
                    nxt = (tuple(moved), other)
                    if nxt not in distance:
                        distance[nxt] = d
                        queue.append(nxt)
    return distance


def _specialize(goal: Board) -> FastHeuristic:
    if not applies(goal):
        raise ValueError(
            f"walking distance is built for boards with sides up to {MAX_SIDE} and at most "
            f"{MAX_CELLS} cells (4x4, 3x5, ...), not {goal.rows}x{goal.cols}"
        )
    rows, cols = goal.shape
    home = home_cells(goal.tiles)
    home_row = [h // cols for h in home]
    home_col = [h % cols for h in home]
    row_of = [c // cols for c in range(goal.size)]
    col_of = [c % cols for c in range(goal.size)]

    def counts(tiles: tuple[int, ...], line_of: list[int], home_line: list[int], n: int) -> _Key:
        table = [0] * (n * n)
        blank = 0
        for cell, t in enumerate(tiles):
            if t:
                table[line_of[cell] * n + home_line[t]] += 1
            else:
                blank = line_of[cell]
        return tuple(table), blank

    vertical_goal = counts(goal.tiles, row_of, home_row, rows)
    horizontal_goal = counts(goal.tiles, col_of, home_col, cols)
    vertical = _table(rows, cols, *vertical_goal)
    horizontal = _table(cols, rows, *horizontal_goal)

    def part(table: dict[_Key, int], key: _Key, n: int) -> int:
        value = table.get(key)
        if value is None:
            # Unreachable even when relaxed (an unsolvable board, e.g. on one row): fall back
            # to this direction's Manhattan distance, still a lower bound.
            grid = key[0]
            value = sum(grid[r * n + g] * abs(r - g) for r in range(n) for g in range(n))
        return value

    def h(tiles: tuple[int, ...]) -> int:
        return part(vertical, counts(tiles, row_of, home_row, rows), rows) + part(
            horizontal, counts(tiles, col_of, home_col, cols), cols
        )

    return h


def walking_distance(board: Board, goal: Board) -> int:
    """Return the vertical plus horizontal walking distance to the goal.

    >>> walking_distance(Board("8 1 3/4 0 2/7 6 5"), Board.goal(3, 3))
    10
    >>> walking_distance(Board("2 1 3/4 5 6/7 8 0"), Board.goal(3, 3))
    4

    Admissible and consistent (a move changes one of the two parts by one).
    Tables are built on first use per goal, by breadth-first search over the
    count matrices (24,964 states per direction on 4x4, under a second) and
    kept in memory. Larger boards (see `applies`) raise ValueError.
    """
    return _specialize(goal)(board.tiles)


# Ranked below linear conflict for "auto": its estimates are often higher, but the tile
# engine does not run it, and through the generic search it measured 20x slower on 4x4
# scrambles (benchmarked with six 60-move scrambles: 33.5 s against 1.7 s).
register(
    "walking_distance",
    walking_distance,
    admissible=True,
    consistent=True,
    strength=25,
    aliases=("walking-distance", "wd"),
    description="Takahashi's walking distance: vertical + horizontal (up to 16 cells)",
    specialize=_specialize,
    applies_to=applies,
)
