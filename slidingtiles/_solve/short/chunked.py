"""Chunked solving of mid-size boards: each line placed two or three tiles at a time.

The method ``"chunked"`` (`chunked`, over `solve_chunked`). Lines are peeled
as by the staged solver (`slidingtiles._solve.short.staged.next_line`), but
each is placed in chunks of two or three tiles, each chunk by weighted A*
over its tiles and the blank in a window around them, with move costs that
make the blank's detours carry the other tiles home (`place_chunk`, which
the peeled beam also uses to place a stray tile). The last region goes to
the staged solver.
"""

from __future__ import annotations

from collections.abc import Sequence
from time import perf_counter

from slidingtiles._board.board import Board
from slidingtiles._board.geometry import Region, path_letters
from slidingtiles._engine import dispatch
from slidingtiles._solve.short.budget import STAGED_SHARE, Budget
from slidingtiles._solve.short.exact import region_boards
from slidingtiles._solve.short.staged import next_line, solve_staged

__all__ = ["VARIANTS", "chunked", "place_chunk", "solve_chunked"]

#: The variants tried, best first (measured on random 10x10 boards); without a time limit,
#: the first only.
VARIANTS = (0, 3, 4, 2, 5, 1, 6, 7)
# The last region, up to this many cells, goes to `solve_staged` (it finishes 6x6 exactly
# enough: chunks there are longer).
_CHUNK_FINISH = 36
# Weights tried in turn for one chunk, with their node budgets (coarser when finer fail).
_CHUNK_WEIGHTS = (((1, 1), 5_000), ((3, 2), 10_000), ((3, 1), 20_000), ((8, 1), 50_000))
# The window's margins around the chunk, tried in turn: small windows search fast.
_CHUNK_MARGINS = (2, 5, 1 << 20)
# Move costs (as in `placing.Tuning`): a move of the group costs _UNIT, a move of another
# tile _UNIT -+ pull x its weight when it gets nearer / further from its cell (at least 1).
_UNIT = 100
# Tile weights: any unplaced tile, and the tiles of the line and the two lines behind it.
_BASE_WEIGHT = 2
_LINE_WEIGHTS = (4, 3, 3)


def _window_costs(
    tiles: Sequence[int],
    home: Sequence[int],
    weight: Sequence[int],
    cols: int,
    box: Region,
    pull: int,
) -> list[int]:
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


def place_chunk(
    cols: int,
    tiles: list[int],
    where: list[int],
    free: bytearray,
    home: Sequence[int],
    weight: Sequence[int],
    group: list[int],
    chunk: list[int],
    region: Region,
    pull: int,
    budget: Budget,
) -> list[int] | None:
    """Blank cells bringing the tiles ``group`` to the cells ``chunk``, or None.

    Weighted A* (`dispatch.place_group`) in a window: the box of the
    blank, the tiles and their cells, widened by a margin within
    ``region``; heavier weights, then wider windows, until one succeeds.
    The moves found are made on ``tiles`` and ``where``; the nodes are
    counted in ``budget``. The peeled beam places its stray tiles with it.
    """
    top, bottom, left, right = region
    points = [where[0], *(where[t] for t in group), *chunk]
    rows_at = [p // cols for p in points]
    cols_at = [p % cols for p in points]
    for margin in _CHUNK_MARGINS:
        box = (
            max(top, min(rows_at) - margin),
            min(bottom, max(rows_at) + margin + 1),
            max(left, min(cols_at) - margin),
            min(right, max(cols_at) + margin + 1),
        )
        t, b, lo, hi = box
        width = hi - lo

        def local(cell: int, t: int = t, lo: int = lo, width: int = width) -> int:
            return (cell // cols - t) * width + cell % cols - lo

        window_free = [free[r * cols + c] for r in range(t, b) for c in range(lo, hi)]
        costs = _window_costs(tiles, home, weight, cols, box, pull)
        cells = [local(where[tile]) for tile in group]
        targets = [local(cell) for cell in chunk]
        for weight_pair, nodes in _CHUNK_WEIGHTS:
            found, expanded, generated = dispatch.place_group(
                b - t,
                width,
                window_free,
                local(where[0]),
                cells,
                targets,
                weight_pair,
                nodes,
                -1,
                costs,
                _UNIT,
            )
            budget.spent(expanded, generated)
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
    start: Board, goal: Board, budget: Budget, *, until: float | None = None, variant: int = 0
) -> str | None:
    """Return a solution that places each line a few tiles at a time, or None.

    >>> from slidingtiles import random_board
    >>> from slidingtiles.search import Deadline
    >>> start = random_board(9, 9, seed=1)
    >>> moves = solve_chunked(start, Board.goal(9, 9), Budget(Deadline(None)))
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
        start: a board, solvable for ``goal``.
        goal: the goal, of the start's shape.
        budget: the call's `Budget` (the searches' nodes are counted there).
        until: an instant of the call's clock, checked between chunks (None
            when it passes). Budgets are node counts, so the moves do not
            depend on it.
        variant: bit 0 chunks of three instead of two, bit 1 a weaker pull,
            bit 2 columns first on square regions.

    None when no chunk placement is found within its budgets (the caller
    keeps another method's answer). Measured on random 10x10 boards: about
    2.5 x the Manhattan distance in a fraction of a second (the constructive
    solver: 2.6); above 100 cells the constructive solver is as short.
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
        line, inward, rest = next_line(region, where[0], goal, variant & 4 == 4)
        for cell in line:  # the line's tiles and those of the lines behind pull harder
            for depth, value in enumerate(_LINE_WEIGHTS):
                r, c = divmod(cell + depth * inward, cols)
                if not (top <= r < bottom and left <= c < right):
                    break
                tile = target[cell + depth * inward]
                weight[tile] = max(weight[tile], value) if tile else 0
        done = 0
        while done < len(line):
            if until is not None and perf_counter() > until:
                return None
            upto = done + size if len(line) - done - size > 1 else len(line)
            chunk = line[done:upto]
            found = place_chunk(
                cols,
                tiles,
                where,
                free,
                home,
                weight,
                [target[c] for c in chunk],
                chunk,
                region,
                pull,
                budget,
            )
            if found is None:
                return None
            path += found
            for cell in chunk:
                free[cell] = 0
            done = upto
        region = rest
    sub_start, sub_goal = region_boards(tiles, target, cols, region)
    finish = solve_staged(sub_start, sub_goal, budget, until=until)
    if finish is None:
        return None
    return path_letters([first_blank, *path], cols) + finish  # the region's moves are the board's


def chunked(start: Board, goal: Board, budget: Budget) -> str | None:
    """The method ``"chunked"``: the shortest of its `VARIANTS` (the first without a time
    limit; with one, as many as end within `STAGED_SHARE` of it, each priced by the last),
    or None."""
    until = budget.share(STAGED_SHARE)
    best: str | None = None
    for variant in VARIANTS if until is not None else VARIANTS[:1]:
        tried = perf_counter()
        found = solve_chunked(start, goal, budget, until=until, variant=variant)
        if found is not None and (best is None or len(found) < len(best)):
            best = found
        if until is not None and 2 * perf_counter() - tried > until:
            break
    return best
