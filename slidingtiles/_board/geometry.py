"""The grid facts, once, on plain ints: blank moves, goal cells, distances, line conflicts.

>>> blank_moves(2, 2)[0]
((2, 1), (1, 3))
>>> distance_table(2, 2, (1, 2, 3, 0))[3 * 4 + 0]  # tile 3 on cell 0: its home is cell 2
1
>>> tiles = [1, 2, 3, 4, 0, 5]
>>> apply_moves(tiles, 4, 3, "RU"), tiles, path_letters([4, 5, 2], 3)
(2, [1, 2, 0, 4, 5, 3], 'RU')

Everything here takes a shape ``(rows, cols)`` and flat row-major tile tuples
(0 the blank), never a `Board`, so that boards, heuristics, both engine
implementations and the short-solution methods share one definition of each
fact. Directions are numbered in one order everywhere: up, down, left, right
(`LETTERS`), the direction the blank moves. Tables that depend only on the
shape are cached.

The moves' helpers (`apply_moves`, `path_letters`, `line_moves`) and the
regions' (`region_cells`, `region_tiles`) take moves the caller already
knows to be legal, and a ``cols`` that may be a padded row's width: they
check nothing, since they run inside solvers on millions of moves.
"""

from __future__ import annotations

import functools
import itertools
import operator
from bisect import bisect_left
from collections.abc import Iterable, Sequence
from functools import cache

__all__ = [
    "LETTERS",
    "OFFSETS",
    "Region",
    "apply_moves",
    "blank_moves",
    "cells_around",
    "distance_table",
    "home_cells",
    "home_of",
    "inversions",
    "line_conflicts",
    "line_moves",
    "linear_conflicts",
    "manhattan",
    "misplaced",
    "move_steps",
    "neighbour_table",
    "path_letters",
    "region_cells",
    "region_tiles",
    "renumbered",
    "transpose_cell",
]

#: The blank's directions by code: 0 up, 1 down, 2 left, 3 right.
LETTERS = "UDLR"
#: (row step, column step) of each direction code.
OFFSETS = ((-1, 0), (1, 0), (0, -1), (0, 1))
#: A rectangle of cells, ``(top, bottom, left, right)``, half-open.
Region = tuple[int, int, int, int]


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


def home_of(goal: tuple[int, ...]) -> tuple[int, ...]:
    """`home_cells` of a goal as a tuple, remembered for small goals (every solve asks it twice).

    >>> home_of((1, 2, 3, 0))
    (3, 0, 1, 2)
    """
    return _home_of(goal) if len(goal) <= _REMEMBERED_CELLS else tuple(home_cells(goal))


# Goals up to this many cells have their home cells remembered (64 of them: at most 1 MB).
_REMEMBERED_CELLS = 1024


@functools.lru_cache(maxsize=64)
def _home_of(goal: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(home_cells(goal))


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

    O(cells): for goals up to `_TABLED_CELLS` cells, one lookup a cell in a table
    remembered per goal (`_distances`); larger goals without one.
    """
    if type(goal) is tuple and len(goal) <= _TABLED_CELLS and len(tiles) == len(goal):
        return sum(map(operator.getitem, _distances(cols, goal), tiles))
    home = home_of(goal) if type(goal) is tuple else home_cells(goal)
    total = 0
    for cell, t in enumerate(tiles):
        if t:
            total += abs(cell // cols - home[t] // cols) + abs(cell % cols - home[t] % cols)
    return total


# Goals up to this many cells have their distances tabled (`_distances`: 16 of them, cells²
# entries each, at most 8 MB together).
_TABLED_CELLS = 256


@functools.lru_cache(maxsize=16)
def _distances(cols: int, goal: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """``table[cell][t]``: tile t's taxicab distance from ``cell`` to its goal cell (0: blank)."""
    home = home_cells(goal)
    return tuple(
        tuple(
            abs(cell // cols - home[t] // cols) + abs(cell % cols - home[t] % cols) if t else 0
            for t in range(len(goal))
        )
        for cell in range(len(goal))
    )


def line_conflicts(
    line: Iterable[int], home_line: Sequence[int], home_pos: Sequence[int], which: int
) -> int:
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


@cache
def move_steps(cols: int) -> dict[str, int]:
    """Return the flat-index step of each blank move on rows ``cols`` cells wide.

    >>> move_steps(4)
    {'U': -4, 'D': 4, 'L': -1, 'R': 1}
    """
    return {letter: dr * cols + dc for letter, (dr, dc) in zip(LETTERS, OFFSETS)}


def apply_moves(tiles: list[int], blank: int, cols: int, moves: Iterable[str]) -> int:
    """Make the blank's moves on a flat list of tiles, in place; return the blank's last cell.

    >>> tiles = [1, 2, 0, 3]
    >>> apply_moves(tiles, 2, 2, "R"), tiles
    (3, [1, 2, 3, 0])

    ``blank`` is the blank's cell in ``tiles``; the moves must stay on the
    board (nothing is checked). O(len(moves)).
    """
    step = move_steps(cols)
    for move in moves:
        cell = blank + step[move]
        tiles[blank] = tiles[cell]
        tiles[cell] = 0
        blank = cell
    return blank


def path_letters(path: Sequence[int], cols: int) -> str:
    """Return the blank's moves along ``path``, the cells it visits, the first where it starts.

    >>> path_letters([0, 1, 4, 3], 3)
    'RDL'

    Consecutive cells must be neighbours. O(len(path)), in C (bytes.translate
    speed: a solution of millions of moves takes a fraction of a second).
    """
    code = {-1: ord("L"), 1: ord("R"), -cols: ord("U"), cols: ord("D")}
    steps = map(operator.sub, itertools.islice(path, 1, None), path)
    return bytes(map(code.__getitem__, steps)).decode("ascii")


def line_moves(rows: int, blank: int, goal_blank: int) -> str:
    """Return the moves that solve a single row (``rows == 1``) or column: the blank walks home.

    >>> line_moves(1, 2, 0), line_moves(3, 0, 2)
    ('LL', 'DD')

    The tiles of one line can never change order, so this is the only
    solution, and the shortest. ``blank`` and ``goal_blank`` are cells.
    """
    step, back = ("R", "L") if rows == 1 else ("D", "U")
    return step * (goal_blank - blank) if goal_blank >= blank else back * (blank - goal_blank)


def region_cells(cols: int, region: Region) -> list[int]:
    """Return the cells of ``region``, row by row.

    >>> region_cells(4, (1, 3, 2, 4))
    [6, 7, 10, 11]
    """
    top, bottom, left, right = region
    return [r * cols + c for r in range(top, bottom) for c in range(left, right)]


def renumbered(
    tiles: Sequence[int], goal: Sequence[int]
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Return ``tiles`` and ``goal`` with the tiles renumbered 1, 2, ... in the goal's order.

    >>> renumbered([7, 0, 3, 9], [3, 9, 7, 0])
    ((3, 0, 1, 2), (1, 2, 3, 0))

    Both hold the same tiles (0 the blank, kept as 0): a part of a board cut
    out as a small board of its own, whose goal then reads 1, 2, ... around
    the blank.
    """
    number = {0: 0}
    for tile in goal:
        if tile:
            number[tile] = len(number)
    return tuple(number[t] for t in tiles), tuple(number[t] for t in goal)


def region_tiles(
    tiles: Sequence[int], goal: Sequence[int], cols: int, region: Region
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Return the tiles of ``region`` and of its goal, renumbered as a small board of its own.

    >>> region_tiles([1, 2, 3, 4, 0, 5], [1, 2, 3, 4, 5, 0], 3, (0, 2, 1, 3))
    ((1, 2, 0, 3), (1, 2, 3, 0))

    Every tile of the region must belong there (as after peeling the lines
    around it); see `renumbered`.
    """
    cells = region_cells(cols, region)
    return renumbered([tiles[c] for c in cells], [goal[c] for c in cells])
