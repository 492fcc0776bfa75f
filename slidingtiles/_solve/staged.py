"""Staged solving of small and mid-size boards: whole lines by weighted A*, the rest exactly.

>>> from slidingtiles import Board
>>> start = Board("1 2 8 3 0/6 7 9 10 4/11 12 13 5 14")
>>> moves = solve_staged(start, Board.goal(3, 5), deadline=None)
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

Node budgets follow the time left, at a rate measured for each
implementation; a line that no budget places, or a deadline passed,
returns None and the caller falls back to the constructive solver.
"""

from __future__ import annotations

from collections.abc import Sequence
from time import perf_counter

from slidingtiles import heuristics
from slidingtiles._board.board import Board, trusted_board
from slidingtiles._board.geometry import path_letters, region_tiles
from slidingtiles._engine import dispatch
from slidingtiles._errors import PatternDatabaseError, SearchLimitExceeded
from slidingtiles._solve import choose
from slidingtiles._solve.placing import peel_line

__all__ = [
    "CHUNKED_MAX_CELLS",
    "STAGED_MAX_CELLS",
    "region_board",
    "solve_chunked",
    "solve_exact_region",
    "solve_staged",
]

#: Boards up to this many cells are solved in stages by default (larger: constructive first).
STAGED_MAX_CELLS = 64
# At most this many tiles searched together: a longer line is placed this many at a time.
_GROUP = 6
# Weights tried in turn for one group, (num, den), with the node budget of each when there is
# no deadline (then the result is the same every time, under both implementations).
_WEIGHTS = (((1, 1), 10_000), ((3, 2), 20_000), ((2, 1), 50_000), ((4, 1), 100_000),
            ((8, 1), 300_000))  # fmt: skip
# With a deadline, budgets are this many times larger, within a share of the time left.
_DEADLINE_SCALE = 100
# Nodes per second of `place_group` (measured on 5x5 lines): a budget's time to nodes.
_RATE = {"numba": 500_000, "python": 80_000}
# Exact finish: IDA* with linear conflicts up to this many cells, tables for 4x4 when cached.
_EXACT_CELLS = 12
_EXACT_NODES = 2_000_000


def region_board(
    tiles: Sequence[int], goal: Sequence[int], cols: int, region: tuple[int, int, int, int]
) -> tuple[Board, Board]:
    """The region ``(top, bottom, left, right)`` (half-open) as a board and its goal.

    >>> start, goal = region_board([1, 2, 3, 4, 0, 5], [1, 2, 3, 4, 5, 0], 3, (0, 2, 1, 3))
    >>> start.to_text(), goal.to_text()
    ('1 2/0 3', '1 2/3 0')

    Every tile of the region must belong to it (as after peeling); the tiles
    are renumbered 1.. in the goal's reading order, 0 the blank.
    """
    top, bottom, left, right = region
    start, target = region_tiles(tiles, goal, cols, region)
    shape = (bottom - top, right - left)
    return trusted_board(*shape, start), trusted_board(*shape, target)


def _table_moves(start: Board, goal: Board, max_nodes: int) -> str | None:
    """An optimal solution by a cached pattern database (never built here), or None."""
    try:
        if not choose._cached(goal):
            return None
        used, db = choose._engine_database(heuristics.get("pdb"), start, goal, build_tables=False)
        if not used or db is None:
            return None
        return dispatch.engine_solve(start, goal, "pdb", db=db, max_nodes=max_nodes)[0]
    except (PatternDatabaseError, SearchLimitExceeded, ValueError, OSError):
        return None


def solve_exact_region(start: Board, goal: Board, max_nodes: int) -> str | None:
    """A shortest solution of a small board (IDA*, linear conflicts or a cached table), or None.

    >>> solve_exact_region(Board("1 2/0 3"), Board.goal(2, 2), 100)
    'R'

    A 4x4 board is solved only with a cached pattern database (with linear
    conflicts it may need many millions of nodes); others by IDA* with linear
    conflicts. None when that is not possible within ``max_nodes`` expansions.
    """
    if start.size == 16:
        return _table_moves(start, goal, max_nodes)
    try:
        return dispatch.engine_solve(start, goal, "linear_conflict", max_nodes=max_nodes)[0]
    except SearchLimitExceeded:
        return None


class _Budget:
    """Node budgets from the deadline: a share of the time left, at the implementation's rate."""

    def __init__(self, deadline: float | None) -> None:
        self.deadline = deadline

    def nodes(self, share: float, cap: int) -> int:
        if self.deadline is None:
            return cap
        left = self.deadline - perf_counter()
        rate = _RATE.get(dispatch.IMPLEMENTATION, _RATE["python"])
        return max(0, min(cap * _DEADLINE_SCALE, int(left * share * rate)))


def _place(
    rows: int, cols: int, free: bytearray, tiles: list[int], goal: Sequence[int],
    line: list[int], budget: _Budget, share: float, skip: int = 0, park: int = -1,
) -> list[int] | None:  # fmt: skip
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
            nodes = budget.nodes(share / (len(_WEIGHTS) - number), cap)
            if nodes <= 0:
                return None
            last = upto == len(line)
            found = dispatch.place_group(
                rows, cols, free, blank, cells, targets, weight, nodes, park if last else -1
            )[0]
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


def _next_line(
    region: tuple[int, int, int, int], blank: int, goal: Board, columns_first: bool
) -> tuple[list[int], int, tuple[int, int, int, int]]:
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
    start: Board, goal: Board, *, deadline: float | None, variant: int = 0
) -> str | None:
    """Return a solution that places whole lines at once and finishes exactly, or None.

    Args:
        start, goal: boards of one shape, the start solvable for the goal.
        deadline: a `time.perf_counter` value to finish by, or None.
        variant: another way through (for trying several and keeping the
            shortest): bit 0 peels a column where a square region would give
            a row; bits 1-2 start the weights further along the schedule
            (coarser, faster searches, different paths); bits 3-4 park the
            blank after each line next to its first tile, its last or its middle.

    None when a line cannot be placed within its node budget or the
    deadline passes: the caller then uses the constructive solver. Cost:
    one weighted A* per group of at most six tiles and an exact search of
    the last region; both implementations return the same moves when no
    budget runs out (the budgets come from the time left).
    """
    rows, cols = start.shape
    tiles = list(start.tiles)
    target = goal.tiles
    free = bytearray([1]) * (rows * cols)
    top, bottom, left, right = 0, rows, 0, cols
    budget = _Budget(deadline)
    path: list[int] = []
    first_blank = tiles.index(0)
    while True:
        height, width = bottom - top, right - left
        if height * width <= _EXACT_CELLS or (height <= 4 and width <= 4 and height * width == 16):
            sub_start, sub_goal = region_board(tiles, target, cols, (top, bottom, left, right))
            nodes = budget.nodes(0.5, _EXACT_NODES)
            moves = solve_exact_region(sub_start, sub_goal, nodes) if nodes > 0 else None
            if moves is not None:  # the region's moves are the board's
                return path_letters([first_blank, *path], cols) + moves
            if height * width <= _EXACT_CELLS:
                return None
        line, inward, (top, bottom, left, right) = _next_line(
            (top, bottom, left, right), tiles.index(0), goal, variant & 1 == 1
        )
        lines_left = max(1, (bottom - top) + (right - left) - 4)
        park = -1  # where the blank ends: anywhere, or next to one end or the middle of the line
        if (variant >> 3) & 3:
            park = (line[0], line[-1], line[len(line) // 2])[((variant >> 3) & 3) - 1] + inward
        placed = _place(
            rows, cols, free, tiles, target, line, budget, 1.0 / lines_left, (variant >> 1) & 3,
            park,
        )  # fmt: skip
        if placed is None:
            return None
        path += placed
        for cell in line:
            free[cell] = 0


# -- chunks: mid-size boards ---------------------------------------------------------------

#: Boards up to this many cells are also solved in chunks (`solve_chunked`); above, the
#: constructive solver is as short or shorter (measured: 12x12 2.67 against 2.6, 20x20 2.78
#: against 2.50 x Manhattan).
CHUNKED_MAX_CELLS = 100
# The last region, up to this many cells, goes to `solve_staged`.
_CHUNK_FINISH = 36
# Weights tried in turn for one chunk, with their node budgets; then wider windows.
_CHUNK_WEIGHTS = (((1, 1), 5_000), ((3, 2), 10_000), ((3, 1), 20_000), ((8, 1), 50_000))
_CHUNK_MARGINS = (2, 5, 1 << 20)
# Move costs (as in `placing.Tuning`): a move of the group costs _UNIT, a move of another
# tile _UNIT -+ pull x its weight when it gets nearer / further from its cell (at least 1).
_UNIT = 100
_BASE_WEIGHT = 2
_LINE_WEIGHTS = (4, 3, 3)


def _window_costs(
    tiles: Sequence[int], home: Sequence[int], weight: Sequence[int], cols: int,
    box: tuple[int, int, int, int], pull: int,
) -> list[int]:  # fmt: skip
    """`place_group`'s ``costs`` for the box: per cell and direction, the move's cost now."""
    top, bottom, left, right = box
    costs = []
    for r in range(top, bottom):
        for c in range(left, right):
            for nr, nc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                tile = tiles[nr * cols + nc] if top <= nr < bottom and left <= nc < right else 0
                if tile <= 0:
                    costs.append(_UNIT)
                    continue
                hr, hc = divmod(home[tile], cols)  # the tile slides from (nr, nc) to (r, c)
                nearer = (hc - nc) * (c - nc) > 0 if nr == r else (hr - nr) * (r - nr) > 0
                step = _UNIT - pull * weight[tile] if nearer else _UNIT + pull * weight[tile]
                costs.append(max(1, step))
    return costs


def _place_chunk(
    cols: int, tiles: list[int], where: list[int], free: bytearray, home: Sequence[int],
    weight: Sequence[int], group: list[int], chunk: list[int],
    region: tuple[int, int, int, int], pull: int,
) -> list[int] | None:  # fmt: skip
    """Blank cells bringing the tiles ``group`` to the cells ``chunk``, or None.

    Weighted A* (`dispatch.place_group`) in a window: the box of the
    blank, the tiles and their cells, widened by a margin within
    ``region``; heavier weights, then wider windows, until one succeeds.
    The moves found are made on ``tiles`` and ``where``.
    """
    top, bottom, left, right = region
    points = [where[0], *(where[t] for t in group), *chunk]
    rows_at = [p // cols for p in points]
    cols_at = [p % cols for p in points]
    for margin in _CHUNK_MARGINS:
        box = (
            max(top, min(rows_at) - margin), min(bottom, max(rows_at) + margin + 1),
            max(left, min(cols_at) - margin), min(right, max(cols_at) + margin + 1),
        )  # fmt: skip
        t, b, lo, hi = box
        width = hi - lo

        def local(cell: int, t: int = t, lo: int = lo, width: int = width) -> int:
            return (cell // cols - t) * width + cell % cols - lo

        window_free = [free[r * cols + c] for r in range(t, b) for c in range(lo, hi)]
        costs = _window_costs(tiles, home, weight, cols, box, pull)
        cells = [local(where[tile]) for tile in group]
        targets = [local(cell) for cell in chunk]
        for weight_pair, nodes in _CHUNK_WEIGHTS:
            found = dispatch.place_group(
                b - t, width, window_free, local(where[0]), cells, targets, weight_pair, nodes,
                -1, costs, _UNIT,
            )[0]  # fmt: skip
            if found is not None:
                path = [(x // width + t) * cols + x % width + lo for x in found]
                blank = where[0]
                for cell in path:
                    tile = tiles[cell]
                    tiles[blank] = tile
                    where[tile] = blank
                    blank = cell
                tiles[blank] = 0
                where[0] = blank
                return path
        if box == region:
            break
    return None


def solve_chunked(
    start: Board, goal: Board, *, deadline: float | None, variant: int = 0
) -> str | None:
    """Return a solution that places each line a few tiles at a time, or None.

    >>> from slidingtiles import random_board
    >>> start = random_board(9, 9, seed=1)
    >>> moves = solve_chunked(start, Board.goal(9, 9), deadline=None)
    >>> start.apply(moves) == Board.goal(9, 9)
    True

    Lines are peeled as by `solve_staged`, but each is placed in chunks of
    two or three tiles (the last chunk takes the line's last three or four),
    each by weighted A* over the chunk's tiles and the blank in a window
    around them (`dispatch.place_group` with move costs): the other tiles
    are ignored except that a move pushing one of them nearer its cell is
    cheap and one pushing it further is dear (by the board as the search
    starts, weighted like the constructive solver's paths), so the blank's
    detours carry them home. Placed chunks stay put. The last region of at
    most 36 cells goes to `solve_staged`.

    Args:
        start, goal: boards of one shape, the start solvable for the goal.
        deadline: a `time.perf_counter` value; checked between chunks (None
            when it passes). Budgets are node counts, so the moves do not
            depend on it.
        variant: bit 0 chunks of three instead of two, bit 1 a weaker pull,
            bit 2 columns first on square regions.

    None when no chunk placement is found within its budgets (the caller
    falls back to the constructive solver). Measured on random 10x10
    boards: about 2.5 x the Manhattan distance in a fraction of a second
    (the constructive solver: 2.6); above `CHUNKED_MAX_CELLS` the
    constructive solver is shorter (docs/large-boards.md).
    """
    rows, cols = start.shape
    tiles = list(start.tiles)
    target = goal.tiles
    where = [0] * len(tiles)
    home = [0] * len(tiles)
    for cell in range(len(tiles)):
        where[tiles[cell]] = cell
        home[target[cell]] = cell
    free = bytearray([1]) * (rows * cols)
    weight = [_BASE_WEIGHT] * len(tiles)
    weight[0] = 0
    size = 3 if variant & 1 else 2
    pull = 15 if variant & 2 else 25
    region = (0, rows, 0, cols)
    path: list[int] = []
    first_blank = where[0]
    while (region[1] - region[0]) * (region[3] - region[2]) > _CHUNK_FINISH:
        top, bottom, left, right = region
        line, inward, rest = _next_line(region, where[0], goal, variant & 4 == 4)
        for cell in line:  # the line's tiles and those of the lines behind pull harder
            for depth, value in enumerate(_LINE_WEIGHTS):
                r, c = divmod(cell + depth * inward, cols)
                if not (top <= r < bottom and left <= c < right):
                    break
                tile = target[cell + depth * inward]
                weight[tile] = max(weight[tile], value) if tile else 0
        done = 0
        while done < len(line):
            if deadline is not None and perf_counter() > deadline:
                return None
            upto = done + size if len(line) - done - size > 1 else len(line)
            chunk = line[done:upto]
            found = _place_chunk(
                cols, tiles, where, free, home, weight, [target[c] for c in chunk], chunk,
                region, pull,
            )  # fmt: skip
            if found is None:
                return None
            path += found
            for cell in chunk:
                free[cell] = 0
            done = upto
        region = rest
    sub_start, sub_goal = region_board(tiles, target, cols, region)
    finish = solve_staged(sub_start, sub_goal, deadline=deadline)
    if finish is None:
        return None
    return path_letters([first_blank, *path], cols) + finish  # the region's moves are the board's
