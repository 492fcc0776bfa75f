"""Peeled beam search: each outer row and column placed by a beam search towards that subgoal.

>>> from slidingtiles import Board, random_board
>>> from slidingtiles.search import Deadline
>>> start = random_board(8, 8, seed=1)
>>> moves = solve_peeled(start, Board.goal(8, 8), Budget(Deadline(None)), width=50)
>>> start.apply(moves) == Board.goal(8, 8)
True

The board is peeled from the outside in, a row and a column at a time
(never the row or column of the goal's blank), like the constructive
solver peels it; but the row and the column (an L of 2n - 1 tiles on an
n x n region) are placed together by one beam search over the whole
unsolved region (`dispatch.subgoal_beam`): its goal is the L's tiles
home, its rank the weighted Manhattan distance of every tile of the
region (the L's tiles weigh `TARGET_WEIGHT`, those of the next Ls
`RING_WEIGHTS`, the others 1), plus the L's pairs in conflict, plus
`HOLE_WEIGHT` per hole (a cell of the L holding another tile, shut in on
all sides but one by the region's edge and placed tiles of the L: its
tile can come in only by moving placed tiles), and its
children are ordered by the rank plus `BLANK_WEIGHT` times the blank's
distance to the nearest stray tile of the L. So the blank's detours carry
every tile nearer home while the L is placed, and the next L starts half
placed.

A beam gets stuck where a tile is beside its cell and the cell cannot be
freed without displacing placed tiles (the ends of a row): it stops when
the L's distance has not fallen for `PATIENCE` levels, keeps its best
board, and one stray tile is then placed by weighted A* over the tile, the
placed tiles around its cell and the blank (`chunked.place_chunk`, with the
chunked solver's move costs): of the tiles near their cells (within
`NEAR`), else of all, the one nearest the blank. Then the beam resumes.
When the rounds go in a circle (a board met again after a beam) or the L's
distance has not reached a new low for `_STALLS` rounds, a round places
every near tile instead, and at the next such sign the constructive solver
places the L (it also does when the A* gives up), so each stage ends. The last region of
at most `FINAL` x `FINAL` cells goes to one beam over all its tiles (width
`FINAL_WIDTH`), or when that misses the goal to `solve_staged`, or to the
constructive solver.

With an instant to end by and ``fill``, each L's width is fitted to the
time left by the pace measured on the Ls before it (`_Widths`). Measured
(docs/measurements/, numba, random boards, after cancelling back-and-forth
moves): 20x20 about 2.03 x the Manhattan distance with width 350 (0.8 s of
CPU), 1.97 x with 700 (1.4 s); the constructive solver: 2.5. Narrow beams
on larger boards are longer than the constructive solver (30x30, width 20:
2.7 x).

`peeled` is the method ``"peeled"``: without a time limit one peel at a
width by size; with one, a peel whose Ls are as wide as the time allows
(declined when even `MIN_WIDTH` would not fit), then, with time to spare,
peels at other widths, the shortest kept.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from time import perf_counter

from slidingtiles._board.board import Board
from slidingtiles._board.geometry import (
    Region,
    apply_moves,
    home_cells,
    path_letters,
    region_cells,
    region_tiles,
)
from slidingtiles._engine import dispatch
from slidingtiles._solve.short.budget import PEELED_SHARE, Budget
from slidingtiles._solve.short.chunked import place_chunk
from slidingtiles._solve.short.constructive import construct, constructive_lines
from slidingtiles._solve.short.exact import region_boards
from slidingtiles._solve.short.staged import solve_staged

__all__ = [
    "BLANK_WEIGHT",
    "FINAL",
    "FINAL_WIDTH",
    "FINAL_WORK",
    "FIRST_WORK",
    "HOLE_WEIGHT",
    "LATE_CELLS",
    "MIN_WIDTH",
    "NEAR",
    "PATIENCE",
    "RING_WEIGHTS",
    "TARGET_WEIGHT",
    "peeled",
    "solve_peeled",
]

#: Past the deadline, a region left of at most this many cells is finished by the constructive
#: solver (milliseconds), a larger one not (None).
LATE_CELLS = 400
#: The last region, at most FINAL x FINAL cells, is solved by one beam over all its tiles.
FINAL = 6
#: Width of that last beam (3000 against 1000: 20x20 at width 700, 1.9668 -> 1.9625 x Manhattan
#: for 1 % more time; 5000 and 10000: 1.9620 and 1.9614 for 13 and 19 % more).
FINAL_WIDTH = 3000
#: Weights of a tile's Manhattan distance in the rank: the L's tiles, the next L's (others: 1).
TARGET_WEIGHT = 6
RING_WEIGHTS = (3, 2)
#: Weight of the blank's distance to the nearest stray tile of the L.
BLANK_WEIGHT = 3
#: Levels without the L's distance falling before a beam stops.
PATIENCE = 20
#: Weight of each hole in the rank: a cell of the L holding another tile (not the blank) with
#: at most one open cell beside it (inside the region, not a cell of the L holding its tile).
#: Its tile can only come in by moving placed tiles, so the beam learns to avoid making them.
HOLE_WEIGHT = 6
#: Stray tiles at most this far from their cells are placed by weighted A* when a beam stops.
NEAR = 2
# Rounds (a beam, a repair) without a new least L distance before the repairs escalate.
_STALLS = 10
# Placed tiles within this many cells (king moves) of a stray tile's cell join its search.
_RING = 2
# The chunked solver's move costs for those searches: the pull of every tile, and its weight.
_PULL = 25
_TILE_WEIGHT = 2
# A beam's level cap: this many levels per unit of the L's distance, plus a constant.
_LEVELS_PER_STEP = 6
_LEVELS_EXTRA = 200
# The beams are bounded by their levels and the deadline, not by a node count.
_NODES = 1 << 62
#: With ``fill``: the first L's work per unit of width, against cells ** 1.5 for the others
#: (it starts from a random board), and the last region's beam's, per unit of its width
#: (measured on 20x20 boards at width 700: 0.21 to 0.35 x 10^-4 s x cells ** 1.5 an L, the
#: first 0.42, the last 6x6 region at width 1000 0.96).
FIRST_WORK = 1.4
FINAL_WORK = 2.2
#: The share of the peel's time held back to its end (an L can cost twice its estimate).
SLACK = 0.1


class _Peel:
    """The board as a flat list while lines are peeled, the blank's moves so far, the budget."""

    def __init__(self, start: Board, goal: Board, budget: Budget) -> None:
        self.rows, self.cols = start.shape
        self.tiles = list(start.tiles)
        self.goal = goal.tiles
        self.moves: list[str] = []
        self.budget = budget

    def apply(self, moves: str) -> None:
        apply_moves(self.tiles, self.tiles.index(0), self.cols, moves)
        self.moves.append(moves)

    def stray(self, line: Sequence[int]) -> list[int]:
        return [cell for cell in line if self.tiles[cell] != self.goal[cell]]

    def distance(self, line: Sequence[int]) -> int:
        """The Manhattan distance of the tiles of ``line`` to their cells."""
        cols = self.cols
        where = {tile: cell for cell, tile in enumerate(self.tiles)}
        cells = [(where[self.goal[cell]], cell) for cell in line]
        return sum(abs(a // cols - b // cols) + abs(a % cols - b % cols) for a, b in cells)


def _lines(region: Region, blank_goal: int, cols: int) -> tuple[list[int], list[list[int]], Region]:
    """The L to place (cells), the cells of the next Ls (one list per `RING_WEIGHTS`), and the
    region left."""
    top, bottom, left, right = region
    grow, gcol = divmod(blank_goal, cols)
    line: list[int] = []
    rings: list[list[int]] = [[] for _ in RING_WEIGHTS]
    if bottom - top > FINAL:
        row, inward = (bottom - 1, -1) if grow == top else (top, 1)
        line += [row * cols + c for c in range(left, right)]
        for depth, ring in enumerate(rings, 1):
            if top <= row + depth * inward < bottom:
                ring += [(row + depth * inward) * cols + c for c in range(left, right)]
        top, bottom = (top, bottom - 1) if grow == top else (top + 1, bottom)
    if right - left > FINAL:
        col, inward = (right - 1, -1) if gcol == left else (left, 1)
        line += [r * cols + col for r in range(top, bottom)]
        for depth, ring in enumerate(rings, 1):
            if left <= col + depth * inward < right:
                ring += [r * cols + col + depth * inward for r in range(top, bottom)]
        left, right = (left, right - 1) if gcol == left else (left + 1, right)
    return line, rings, (top, bottom, left, right)


def _repair(peel: _Peel, line: Sequence[int], region: Region, every: bool) -> bool:
    """Place a stray tile of the L by weighted A*: of those near their cells (within `NEAR`),
    else of all, the one nearest the blank; with ``every``, each near one in turn."""
    cols, tiles, goal = peel.cols, peel.tiles, peel.goal
    where = [0] * len(tiles)
    home = [0] * len(tiles)
    for cell, tile in enumerate(tiles):
        where[tile] = cell
        home[goal[cell]] = cell

    def far(cell: int, other: int) -> int:
        return abs(cell // cols - other // cols) + abs(cell % cols - other % cols)

    first = where[0]
    stray = peel.stray(line)
    near = [cell for cell in stray if far(where[goal[cell]], cell) <= NEAR]
    if not (every and near):
        near = [min(near or stray, key=lambda cell: far(where[goal[cell]], first))]
    weight = [_TILE_WEIGHT] * len(tiles)
    weight[0] = 0
    path: list[int] = []
    placed_all = True
    for cell in near:
        if tiles[cell] == goal[cell]:
            continue
        r, c = divmod(cell, cols)
        placed = [x for x in line if tiles[x] == goal[x] and x != cell]
        group = [cell] + [x for x in placed if max(abs(x // cols - r), abs(x % cols - c)) <= _RING]
        free = bytearray([1]) * len(tiles)
        for x in placed:
            if x not in group:
                free[x] = 0
        tiles_of = [goal[x] for x in group]
        found = place_chunk(
            cols, tiles, where, free, home, weight, tiles_of, group, region, _PULL, peel.budget
        )
        if found is None:
            placed_all = False
            break
        path += found
    peel.moves.append(path_letters([first, *path], cols))
    return placed_all


def _finish_line(peel: _Peel, line: Sequence[int], region: Region) -> None:
    """Place the L by the constructive solver on the region, its moves cut once the L is home.

    The constructive solver peels a row and then a column, the L: its first two lines are
    asked for (solving the whole region was 2.4 of 5.6 s of a peel of 30x30 at width 100),
    the whole solution only if they leave the L short of home.
    """
    top, _, left, right = region
    start, goal = region_boards(peel.tiles, peel.goal, peel.cols, region)
    width = right - left
    local = [(cell // peel.cols - top) * width + cell % peel.cols - left for cell in line]
    target = goal.tiles
    for lines in (2, None):
        moves = constructive_lines(start, goal, lines)
        tiles = list(start.tiles)
        blank = start.blank
        for count, move in enumerate(moves, 1):
            blank = apply_moves(tiles, blank, width, move)
            if all(tiles[x] == target[x] for x in local):
                peel.apply(moves[:count])
                return
    raise AssertionError("the constructive solver's solution never had the L home")  # a bug


def _region_search(
    peel: _Peel,
    region: Region,
    line: Sequence[int],
    rings: Sequence[Sequence[int]],
    width: int,
    deadline: float | None,
) -> tuple[str, bool]:
    """One beam search on the region towards the L home (all its tiles when ``line`` is empty)."""
    top, bottom, left, right = region
    cells = region_cells(peel.cols, region)
    tiles, goal = region_tiles(peel.tiles, peel.goal, peel.cols, region)
    size = len(cells)
    goal_cells = home_cells(goal)
    weights = [0] * size
    targets = [0] * size
    in_line = set(line)
    ring_weight: dict[int, int] = {}
    for ring, value in reversed(list(zip(rings, RING_WEIGHTS))):
        ring_weight.update(dict.fromkeys(ring, value))  # nearer rings last: they win
    for tile, cell in zip(goal, cells):
        if tile:
            whole = not line
            targets[tile] = 1 if whole or cell in in_line else 0
            weights[tile] = (
                1 if whole else TARGET_WEIGHT if cell in in_line else ring_weight.get(cell, 1)
            )
    home = sum(
        abs(goal_cells[t] // (right - left) - i // (right - left))
        + abs(goal_cells[t] % (right - left) - i % (right - left))
        for i, t in enumerate(tiles)
        if t and targets[t]
    )
    moves, expanded, reached = dispatch.subgoal_beam(
        bottom - top,
        right - left,
        list(tiles),
        goal_cells,
        weights,
        targets,
        width,
        conflict_weight=TARGET_WEIGHT if line else 1,
        blank_weight=BLANK_WEIGHT if line else 0,
        patience=PATIENCE if line else 0,
        max_levels=_LEVELS_PER_STEP * home + _LEVELS_EXTRA,
        max_nodes=_NODES,
        deadline=deadline,
        hole_weight=HOLE_WEIGHT if line else 0,
    )
    peel.budget.spent(expanded)
    return moves, reached


def _units(region: Region, first: bool) -> float:
    """The work of one L's beams on a region, per unit of width: cells ** 1.5 (`FIRST_WORK`
    times that for the first L, from a random board)."""
    top, bottom, left, right = region
    cells = (bottom - top) * (right - left)
    return cells * math.sqrt(cells) * (FIRST_WORK if first else 1.0)


class _Widths:
    """Each L's width so that the peel ends at the deadline, by the pace measured so far.

    The work left (`_units` of the Ls left, and the last region's beam at its fixed width,
    `FINAL_WORK` times its cells ** 1.5) is priced at the seconds per unit of width x work
    seen so far (before the first L: the caller's estimate), and the time left shared out.
    """

    def __init__(
        self,
        regions: Sequence[Region],
        final: Region,
        final_width: int,
        bounds: tuple[int, int],
        pace: float,
        deadline: float,
    ) -> None:
        self.units = [_units(region, index == 0) for index, region in enumerate(regions)]
        top, bottom, left, right = final
        cells = (bottom - top) * (right - left)
        self.final = FINAL_WORK * cells * math.sqrt(cells) * final_width
        self.bounds = bounds
        self.deadline = deadline
        self.pace = pace / max(1.0, sum(self.units))  # seconds per unit of width x work
        self.done = 0.0  # width x work done
        self.last = 0  # the last L's width
        self.begun = perf_counter()
        # held back to the end (a share of each L's time left would widen the last Ls instead)
        self.reserve = SLACK * (deadline - self.begun)

    def width(self, index: int) -> int:
        """The width of L ``index`` (0 the first) by the time left and the pace so far."""
        if self.done:
            self.pace = (perf_counter() - self.begun) / self.done
        left = self.deadline - perf_counter() - self.pace * self.final - self.reserve
        work = sum(self.units[index:])
        low, high = self.bounds
        if self.last:  # at most twice the last L's width: one L's pace is a rough guide
            high = min(high, 2 * self.last)
        share = left / (self.pace * work)
        return max(low, min(high, int(share))) if work else low

    def spent(self, index: int, width: int) -> None:
        self.done += width * self.units[index]
        self.last = width


def solve_peeled(
    start: Board,
    goal: Board,
    budget: Budget,
    *,
    width: int,
    deadline: float | None = None,
    final_width: int = FINAL_WIDTH,
    fill: tuple[int, int, float] | None = None,
) -> str | None:
    """Return a solution placing the outer row and column by beam search, or None at the deadline.

    Args:
        start: a board, solvable for ``goal``.
        goal: the goal, of the start's shape.
        budget: the call's `Budget` (the searches' nodes are counted there).
        width: the beam width of every L's search (the time grows with it,
            the length falls: see the module's description).
        deadline: an instant of the call's clock, checked in the searches and
            between them; once it passes, the region left is finished by the
            constructive solver if it has at most `LATE_CELLS` cells, else
            None is returned. Without one the moves are the same every time,
            under both implementations.
        final_width: the width of the last region's beam.
        fill: with a deadline, (least width, greatest width, estimated
            seconds of the whole peel per unit of width): each L's width is
            then chosen to end the peel at the deadline, by the pace
            measured on the Ls before it (``width`` is not used), so a slow
            machine gets narrower beams, not a constructive finish.
    """
    peel = _Peel(start, goal, budget)
    cols = peel.cols
    blank_goal = goal.tiles.index(0)
    # The Ls, outermost first (each with its region, its cells and their rings), and the region
    # left after them.
    stages: list[tuple[Region, list[int], list[list[int]]]] = []
    last = (0, peel.rows, 0, cols)
    while (found := _lines(last, blank_goal, cols))[0]:
        stages.append((last, found[0], found[1]))
        last = found[2]
    widths: _Widths | None = None
    if fill is not None and deadline is not None:
        # a tiny beam first: loading the compiled kernel (0.1 s) must not count as the first
        # L's pace
        dispatch.subgoal_beam(
            1,
            2,
            [0, 1],
            [1, 0],
            [0, 1],
            [0, 1],
            1,
            conflict_weight=0,
            blank_weight=0,
            patience=0,
            max_levels=2,
            max_nodes=4,
        )
        widths = _Widths(
            [stage[0] for stage in stages], last, final_width, fill[:2], fill[2], deadline
        )
    for index, (region, line, rings) in enumerate(stages):
        if widths is not None:
            width = widths.width(index)
        seen: set[tuple[int, ...]] = set()
        lowest, stalls, level = peel.distance(line), 0, 0
        while peel.stray(line):
            moves, reached = _region_search(peel, region, line, rings, width, deadline)
            peel.apply(moves)
            if deadline is not None and perf_counter() > deadline:
                return _late(peel, region)
            if reached:
                break
            # One repair a round; if the rounds go in a circle or stop lowering the L's distance,
            # every near tile, then the constructive solver (so each L ends).
            state = tuple(peel.tiles)
            if state in seen or stalls >= _STALLS:
                level, stalls, seen = level + 1, 0, set()
            seen.add(state)
            if level > 1 or not _repair(peel, line, region, every=level == 1):
                _finish_line(peel, line, region)
            distance = peel.distance(line)
            lowest, stalls, level = (
                (distance, 0, 0) if distance < lowest else (lowest, stalls + 1, level)
            )
        if widths is not None:
            widths.spent(index, width)
    moves, reached = _region_search(peel, last, [], [], final_width, deadline)
    sub_start, sub_goal = region_boards(peel.tiles, peel.goal, cols, last)
    if not reached:
        late = deadline is not None and perf_counter() > deadline
        finish = None if late else solve_staged(sub_start, sub_goal, budget, until=deadline)
        if finish is None:
            finish = str(construct(sub_start, sub_goal).moves)
        moves = finish
    peel.apply(moves)
    return "".join(peel.moves)


def _late(peel: _Peel, region: Region) -> str | None:
    """Past the deadline: the region left by the constructive solver when small, else None."""
    top, bottom, left, right = region
    if (bottom - top) * (right - left) > LATE_CELLS:
        return None
    sub_start, sub_goal = region_boards(peel.tiles, peel.goal, peel.cols, region)
    peel.apply(str(construct(sub_start, sub_goal).moves))
    return "".join(peel.moves)


#: The narrowest peel worth running, by implementation: narrower beams come out longer than the
#: constructive solver (30x30 at width 20: 2.70 x Manhattan against its 2.42). Above 400 cells
#: it grows as the square root of the cells (50x50 at width 200: 2.46 against its 2.43).
MIN_WIDTH = {"numba": 100, "python": 20}
# Without a time limit, the width: this over cells ** 1.5 (about 0.5 s under numba whatever the
# size: 2000 on 10x10, 250 on 20x20), within these bounds.
_UNTIMED_WORK = 2_000_000
_UNTIMED_WIDTHS = (100, 3000)
# With one, the widths an L may take (the first peel fills the time within them; in pure Python
# the last region's beam takes the widest that fits).
_WIDTHS = (20, 30, 50, 70, 100, 150, 200, 250, 300, 350, 400, 500, 700, 1000, 1500, 2000, 3000)
# With time to spare after that peel, more peels at these widths, a spread around the widest,
# the shortest kept: lengths scatter by several per cent from one width to the next (10x10: the
# best of width 3000 and the first seven of these 2.4 % shorter than width 3000 alone).
_SPARE_WIDTHS = (2000, 5000, 1500, 7000, 4000, 2500, 1000, 3500, 6000, 1200, 4500, 1800, 800)
# Seconds of a peel per unit of width x cells ** power, as (seconds, power): whether one fits
# (numba: measured on 20x20; pure Python's fixed costs weigh more, hence the higher power).
_RATE = {"numba": (2.5e-7, 1.5), "python": (1e-5, 2.0)}
# Above 20x20, a peel's seconds besides its beams (repairs, constructive finishes of an L), per
# unit of cells ** 2 - 400 ** 2 (numba: 2 s on 30x30, 6 s on 40x40, whatever the width).
_OVERHEAD = {"numba": 2.4e-6, "python": 2.4e-5}
_OVERHEAD_CELLS = 400


def peeled(start: Board, goal: Board, budget: Budget) -> str | None:
    """The method ``"peeled"``: a peel as wide as the budget allows (None when even the
    narrowest would not fit, or when it ran out of time on a large board)."""
    cells = start.size
    if not budget.timed:
        low, high = _UNTIMED_WIDTHS
        width = max(low, min(high, _UNTIMED_WORK // (cells * math.isqrt(cells))))
        return solve_peeled(start, goal, budget, width=width)
    kind = dispatch.IMPLEMENTATION  # "numba" or "python"
    seconds, power = _RATE[kind]
    rate = seconds * cells**power
    share = budget.share(PEELED_SHARE[kind])
    assert share is not None
    overhead = _OVERHEAD[kind] * max(0, cells**2 - _OVERHEAD_CELLS**2)
    left = share - perf_counter()
    fits = [width for width in _WIDTHS if width * rate + overhead <= left]
    narrowest = MIN_WIDTH[kind] * math.sqrt(max(1.0, cells / _OVERHEAD_CELLS))
    if not fits or fits[-1] < narrowest:
        return None
    rate += overhead / fits[-1]  # the first L's pace, repairs included (then measured)
    # One peel, each L as wide as the time left allows by the pace so far: a fixed width chosen
    # by an estimate overran on a slow machine, and the region left then went to the
    # constructive solver.
    final_width = FINAL_WIDTH if kind == "numba" else fits[-1]
    began = perf_counter()
    found = solve_peeled(
        start,
        goal,
        budget,
        width=fits[-1],
        deadline=share,
        final_width=final_width,
        fill=(MIN_WIDTH[kind], _WIDTHS[-1], rate),
    )
    if found is None:
        return None
    # A peel that ended early ran at the widest width: the others are priced by its time.
    took = perf_counter() - began
    for width in _SPARE_WIDTHS:
        if perf_counter() + took * max(1.0, width / _WIDTHS[-1]) > share:
            continue
        other = solve_peeled(
            start, goal, budget, width=width, deadline=share, final_width=final_width
        )
        if other is not None and len(other) < len(found):
            found = other
    return found
