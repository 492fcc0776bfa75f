"""The grid facts, once, on plain ints: blank moves, goal cells, distances, line conflicts.

>>> blank_moves(2, 2)[0]
((2, 1), (1, 3))
>>> distance_table(2, 2, (1, 2, 3, 0))[3 * 4 + 0]  # tile 3 on cell 0: its home is cell 2
1

Everything here takes a shape ``(rows, cols)`` and flat row-major tile tuples
(0 the blank), never a `Board`, so that boards, heuristics and both engine
implementations share one definition of each fact. Directions are numbered
in one order everywhere: up, down, left, right (`LETTERS`), the direction the
blank moves. Tables that depend only on the shape are cached.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Iterable, Sequence
from functools import cache

__all__ = [
    "LETTERS",
    "OFFSETS",
    "blank_moves",
    "cells_around",
    "distance_table",
    "home_cells",
    "inversions",
    "line_conflicts",
    "linear_conflicts",
    "manhattan",
    "misplaced",
    "neighbour_table",
    "transpose_cell",
]

#: The blank's directions by code: 0 up, 1 down, 2 left, 3 right.
LETTERS = "UDLR"
#: (row step, column step) of each direction code.
OFFSETS = ((-1, 0), (1, 0), (0, -1), (0, 1))


@cache
def neighbour_table(rows: int, cols: int) -> tuple[tuple[int, int, int, int], ...]:
    """Return, per cell, the neighbouring cell in each direction (U, D, L, R), -1 off the board.

    >>> neighbour_table(2, 3)[4]
    (1, -1, 3, 5)
    """
    table = []
    for cell in range(rows * cols):
        r, c = divmod(cell, cols)
        table.append(
            tuple(
                (r + dr) * cols + c + dc if 0 <= r + dr < rows and 0 <= c + dc < cols else -1
                for dr, dc in OFFSETS
            )
        )
    return tuple(table)  # type: ignore[arg-type]


@cache
def blank_moves(
    rows: int, cols: int, order: Sequence[int] = (0, 1, 2, 3)
) -> tuple[tuple[tuple[int, int], ...], ...]:
    """Return, per cell, the blank's legal moves as ``(next cell, direction code)``, in U, D, L, R.

    >>> blank_moves(1, 3)
    (((1, 3),), ((0, 2), (2, 3)), ((1, 2),))
    >>> blank_moves(1, 3, order=(0, 1, 3, 2))  # a board seen in a mirror: L goes right
    (((1, 2),), ((2, 2), (0, 3)), ((1, 3),))

    With an ``order`` (`symmetry.Frame.order`), this board is the image of
    the caller's under a symmetry: code k is the caller's direction k, and its
    cell here is the neighbour in direction ``order[k]``. Moves come in the
    caller's U, D, L, R order, so a search here names and orders its moves as
    the caller's search would.
    """
    return tuple(
        tuple((row[order[code]], code) for code in range(4) if row[order[code]] >= 0)
        for row in neighbour_table(rows, cols)
    )


def cells_around(rows: int, cols: int, cells: Iterable[int]) -> list[bool]:
    """Return, per cell, whether it is one of ``cells`` or beside one.

    >>> cells_around(2, 3, [0])
    [True, True, False, True, False, False]
    """
    around = [False] * (rows * cols)
    table = neighbour_table(rows, cols)
    for cell in cells:
        around[cell] = True
        for y in table[cell]:
            if y >= 0:
                around[y] = True
    return around


def home_cells(goal: Sequence[int]) -> list[int]:
    """Return ``home[t]``: the cell of tile ``t`` in the goal.

    >>> home_cells((1, 2, 3, 0))
    [3, 0, 1, 2]
    """
    home = [0] * len(goal)
    for cell, tile in enumerate(goal):
        home[tile] = cell
    return home


def transpose_cell(cell: int, n: int) -> int:
    """Return the cell mirrored about the main diagonal of an n x n board.

    >>> transpose_cell(1, 3)
    3
    """
    r, c = divmod(cell, n)
    return c * n + r


def distance_table(rows: int, cols: int, goal: Sequence[int]) -> list[int]:
    """Return ``dist[t * cells + c]``: tile t's taxicab distance from cell c home (0: blank).

    >>> distance_table(1, 2, (1, 0))
    [0, 0, 0, 1]

    O(cells²) time and memory: callers check the board's size before asking.
    """
    cells = rows * cols
    home = home_cells(goal)
    table = [0] * (cells * cells)
    for t in range(1, cells):
        hr, hc = divmod(home[t], cols)
        base = t * cells
        for c in range(cells):
            table[base + c] = abs(c // cols - hr) + abs(c % cols - hc)
    return table


def misplaced(tiles: Sequence[int], goal: Sequence[int]) -> int:
    """Return the number of tiles (blank excluded) not on their goal cell.

    >>> misplaced((1, 2, 0, 3), (1, 2, 3, 0))
    1
    """
    return sum(1 for t, g in zip(tiles, goal) if t != g and t)


def manhattan(cols: int, tiles: Sequence[int], goal: Sequence[int]) -> int:
    """Return the sum over tiles of the row plus column distance to the goal cell.

    >>> manhattan(3, (8, 1, 3, 4, 0, 2, 7, 6, 5), (1, 2, 3, 4, 5, 6, 7, 8, 0))
    10

    O(cells), with no table (for one-off values on boards of any size).
    """
    home = home_cells(goal)
    total = 0
    for cell, t in enumerate(tiles):
        if t:
            total += abs(cell // cols - home[t] // cols) + abs(cell % cols - home[t] % cols)
    return total


def line_conflicts(line: Iterable[int], home_line: Sequence[int], home_pos: Sequence[int],
                   which: int) -> int:  # fmt: skip
    """Return how many tiles of a line must leave it so those that belong there stand in order.

    >>> line_conflicts((3, 1, 2), [0, 0, 0, 0], [0, 0, 1, 2], 0)
    1

    ``line`` holds the tiles of one row (or column), in order; ``home_line[t]``
    is the row (column) of t's goal cell and ``home_pos[t]`` its place along
    it. Among the line's tiles at home in it, the answer is their count less
    the longest run increasing in goal order (O(w log w) for w tiles).
    """
    tails: list[int] = []
    count = 0
    for t in line:
        if t and home_line[t] == which:
            count += 1
            v = home_pos[t]
            i = bisect_left(tails, v)
            if i == len(tails):
                tails.append(v)
            else:
                tails[i] = v
    return count - len(tails) if count > 1 else 0


def linear_conflicts(rows: int, cols: int, tiles: Sequence[int], goal: Sequence[int]) -> int:
    """Return the line-conflict removals over every row and column (without the factor 2).

    >>> linear_conflicts(3, 3, (2, 1, 3, 4, 5, 6, 7, 8, 0), (1, 2, 3, 4, 5, 6, 7, 8, 0))
    1
    """
    home = home_cells(goal)
    home_row = [h // cols for h in home]
    home_col = [h % cols for h in home]
    total = 0
    for r in range(rows):
        total += line_conflicts(tiles[r * cols : (r + 1) * cols], home_row, home_col, r)
    for c in range(cols):
        total += line_conflicts(tiles[c::cols], home_col, home_row, c)
    return total


def inversions(tiles: Sequence[int], goal: Sequence[int]) -> int:
    """Return the tile pairs out of goal order (reading row by row, blank skipped).

    >>> inversions((2, 1, 3, 0), (1, 2, 3, 0))
    1

    O(n log n) with a Fenwick tree.
    """
    rank = [0] * len(goal)
    for order, tile in enumerate(t for t in goal if t != 0):
        rank[tile] = order + 1
    sequence = [rank[t] for t in tiles if t != 0]
    size = len(sequence)
    tree = [0] * (size + 1)
    count = 0
    for seen_count, value in enumerate(sequence):
        # Count earlier values <= value; the rest are inversions with this one.
        smaller, i = 0, value
        while i > 0:
            smaller += tree[i]
            i -= i & -i
        count += seen_count - smaller
        i = value
        while i <= size:
            tree[i] += 1
            i += i & -i
    return count
