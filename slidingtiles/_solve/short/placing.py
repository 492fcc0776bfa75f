"""Placing lines: the mutable board of a constructive solve and the moves that fill it in.

>>> solver = Reducer(Board("1 2 3/4 5 6/0 7 8"), Board.goal(3, 3))
>>> solver.finish([solver.cell(r, c) for r in range(3) for c in range(3)])
>>> list(solver.trail), solver.tiles == solver.goal_at
([16, 17, 18], True)

`Reducer` keeps the tiles on a flat list padded with a border of ``-1`` (so
no move needs a bounds check), a ``free`` flag per cell (placed tiles and the
padding are never disturbed), and the trail of cells the blank visits.
`Reducer.place_line` brings a line's tiles home one by one, the last two
together by a small exact plan; `Reducer.finish` and `Reducer.finish_3x3`
solve the last small region exactly. `slidingtiles._solve.short.constructive` decides
which lines to peel and shortens the trail afterwards.
"""

from __future__ import annotations

import heapq
import itertools
from array import array
from collections import deque
from time import perf_counter

import attrs

from slidingtiles._board.board import Board, trusted_board
from slidingtiles._board.geometry import move_steps, renumbered
from slidingtiles._heuristics import registry as heuristics
from slidingtiles._solve.tile_state import TileState
from slidingtiles.search import astar

__all__ = [
    "BY_ROUTE_CELLS",
    "VARIANTS",
    "OutOfTime",
    "Reducer",
    "Stuck",
    "Tuning",
    "peel_line",
]

Region = tuple[int, int, int, int]


def peel_line(
    region: Region, blank: tuple[int, int], goal_blank: tuple[int, int], row: bool
) -> tuple[list[tuple[int, int]], tuple[int, int], Region]:
    """The row (or column) to peel off a region, the step pointing inside, and the region left.

    >>> peel_line((0, 3, 0, 3), (2, 2), (2, 2), True)
    ([(0, 2), (0, 1), (0, 0)], (1, 0), (1, 3, 0, 3))

    ``region`` is ``(top, bottom, left, right)``, half-open; ``blank`` and
    ``goal_blank`` are (row, column). Never the line of the goal's blank,
    else the one nearer the blank; its cells ordered from the end nearer the
    blank. Shared by the constructive solver and the staged ones.
    """
    top, bottom, left, right = region
    if not row:  # a column is a row of the region transposed
        line, (step_c, step_r), (t, b, lo, hi) = peel_line(
            (left, right, top, bottom), (blank[1], blank[0]), (goal_blank[1], goal_blank[0]), True
        )
        return [(r, c) for c, r in line], (step_r, step_c), (lo, hi, t, b)
    blank_row, blank_col = blank
    goal_row = goal_blank[0]
    first = goal_row != top and (
        goal_row == bottom - 1 or blank_row - top <= bottom - 1 - blank_row
    )
    r = top if first else bottom - 1
    across = range(left, right)
    if blank_col - left > right - 1 - blank_col:
        across = range(right - 1, left - 1, -1)
    rest = (top + 1, bottom, left, right) if first else (top, bottom - 1, left, right)
    return [(r, c) for c in across], (1 if first else -1, 0), rest


class OutOfTime(Exception):
    """The deadline passed while a line was being placed."""


class Stuck(RuntimeError):
    """Internal invariant broken (a bug, never a property of the input)."""


@attrs.frozen
class Tuning:
    """How a `Reducer` weighs paths: the numbers behind "carry other tiles home on the way".

    A blank move costs ``step - pull x w`` when the tile it slides gets one
    cell nearer its goal cell and ``step + pull x w`` when it gets one
    further (at least 1), where ``w`` is the tile's weight: ``base`` for
    every unplaced tile, ``lines[0]`` for the tiles of the line being placed,
    ``lines[1]``, ... for the lines behind it. Paths are searched within
    ``margin`` cells of the box of their two ends. A line is filled from
    both ends, the next tile the one of least ``end_tile`` x its distance to
    its cell + the blank's distance to it. The defaults were the best of a
    sweep on random 10x10 to 40x40 boards (docs/large-boards.md); `VARIANTS`
    are other good settings, each giving another solution. On boards up to
    `BY_ROUTE_CELLS` cells, each step of a tile's staircase path goes the way
    whose blank route is cheapest by these costs, else the way of fewest
    blank moves (docs/large-boards.md).
    """

    step: int = 100
    pull: int = 45
    base: int = 2
    lines: tuple[int, ...] = (4, 3, 3)
    margin: int = 3
    end_tile: int = 4


#: Settings for `Reducer` that each give a different solution of about the same length; the
#: best of several is a few percent shorter than the first (docs/large-boards.md).
VARIANTS = tuple(
    Tuning(pull=pull, lines=lines, margin=margin, end_tile=end)
    for pull in (45, 40)
    for lines in ((4, 3, 3), (4, 3), (5, 3, 3))
    for margin in (3, 4)
    for end in (4, 1)
)
#: Up to this many cells a tile's next step is chosen by the cost of the blank's route there
#: (measured: 3 % shorter on 10x10, 1 % on 20x20 to 100x100, for 40 % more time).
BY_ROUTE_CELLS = 2500
# A* guide per cell to go in `Reducer.route` (0 would be plain Dijkstra).
_GUIDE = 5
# A cost no path reaches (the routes' costs are sums of small integers).
_INFINITY = 1 << 62
# Plans for the last two tiles of a line inside their 3-deep, 2-wide box, keyed by
# (cell of A, cell of B, blank cell) in box-local numbering depth * 2 + side.
_BOX_PLANS: dict[tuple[int, int, int], list[int]] = {}


def _box_neighbours(cell: int) -> list[int]:
    depth, _side = divmod(cell, 2)
    out = [cell ^ 1]
    if depth > 0:
        out.append(cell - 2)
    if depth < 2:
        out.append(cell + 2)
    return out


def _box_plan(state: tuple[int, int, int]) -> list[int]:
    """Blank cells (box-local) that bring A to cell 0 and B to cell 1, by BFS over 120 states."""
    plan = _BOX_PLANS.get(state)
    if plan is not None:
        return plan
    parent: dict[tuple[int, int, int], tuple[int, int, int] | None] = {state: None}
    queue = deque([state])
    while queue:
        current = queue.popleft()
        a, b, blank = current
        if a == 0 and b == 1:
            path: list[int] = []
            node: tuple[int, int, int] | None = current
            while node is not None and node != state:
                path.append(node[2])
                node = parent[node]
            path.reverse()
            _BOX_PLANS[state] = path
            return path
        for cell in _box_neighbours(blank):
            nxt = (blank if a == cell else a, blank if b == cell else b, cell)
            if nxt not in parent:
                parent[nxt] = current
                queue.append(nxt)
    raise Stuck(f"no plan for the last two tiles from {state}")  # pragma: no cover


def _path_to(cell: int, source: int, parent: dict[int, int]) -> list[int]:
    """The cells from ``source`` (left out) to ``cell``, by the searches' ``parent`` links."""
    path = []
    while cell != source:
        path.append(cell)
        cell = parent[cell]
    path.reverse()
    return path


class Reducer:
    """The mutable state of one constructive solve: padded tiles, free cells, the blank's trail."""

    def __init__(self, start: Board, goal: Board, tuning: Tuning = Tuning()) -> None:
        rows, cols = start.shape
        width = cols + 2
        self.rows, self.cols, self.width = rows, cols, width
        size = (rows + 2) * width
        tiles = [-1] * size  # -1 marks the padding, which is never free
        free = bytearray(size)
        goal_at = [-1] * size
        for r in range(rows):
            base = r * cols
            for c in range(cols):
                cell = (r + 1) * width + c + 1
                tiles[cell] = start.tiles[base + c]
                goal_at[cell] = goal.tiles[base + c]
                free[cell] = 1
        self.tiles = tiles
        self.free = free
        self.goal_at = goal_at
        # Each tile's goal row and column (padded), and its weight in `route` (0 for the blank).
        self.home_row = [0] * (rows * cols)
        self.home_col = [0] * (rows * cols)
        for cell, tile in enumerate(goal_at):
            if tile >= 0:
                self.home_row[tile], self.home_col[tile] = divmod(cell, width)
        self.tuning = tuning
        self.by_route = rows * cols <= BY_ROUTE_CELLS
        self.weight = [tuning.base] * (rows * cols)
        self.weight[0] = 0
        self.blank = tiles.index(0)
        # Every cell the blank visits, the start included: 4 bytes a move, not 36 as a list.
        self.trail = array("i", [self.blank])
        self.placed = 0
        self.lines = 0
        self.deadline: float | None = None  # perf_counter() value; checked after every tile

    def cell(self, row: int, col: int) -> int:
        return (row + 1) * self.width + col + 1

    # -- blank movement -------------------------------------------------------

    def walk(self, path: list[int]) -> None:
        """Move the blank along adjacent cells (each one slides its tile into the blank)."""
        tiles = self.tiles
        blank = self.blank
        for cell in path:
            tiles[blank] = tiles[cell]
            tiles[cell] = 0
            blank = cell
        self.blank = blank
        self.trail.extend(path)

    def search(self, source: int, dest: int) -> list[int]:
        """A shortest path over free cells (A* with the taxicab distance)."""
        width, free = self.width, self.free
        dr, dc = divmod(dest, width)

        def h(cell: int) -> int:
            r, c = divmod(cell, width)
            return abs(r - dr) + abs(c - dc)

        parent = {source: source}
        cost = {source: 0}
        heap = [(h(source), 0, source)]
        while heap:
            _, g, cell = heapq.heappop(heap)
            if cell == dest:
                return _path_to(cell, source, parent)
            if g > cost[cell]:
                continue
            g += 1
            for nxt in (cell - 1, cell + 1, cell - width, cell + width):
                if free[nxt] and g < cost.get(nxt, 1 << 60):
                    cost[nxt] = g
                    parent[nxt] = cell
                    heapq.heappush(heap, (g + h(nxt), g, nxt))
        raise Stuck(f"the blank cannot reach cell {dest} from {source}")

    def route(self, source: int, dest: int) -> list[int] | None:
        """The cheapest path over free cells near the box of ``source`` and ``dest``, or None.

        The path of `priced_route`, without its cost.
        """
        found = self.priced_route(source, dest)
        return None if found is None else found[0]

    def priced_route(self, source: int, dest: int) -> tuple[list[int], int] | None:
        """The cheapest path over free cells near the box of ``source`` and ``dest``, and its cost.

        A move costs ``step`` less ``pull`` x weight when the tile it slides
        gets one cell nearer its goal cell, plus that much when it gets one
        further (at least 1; see `Tuning`): among paths of about the same
        length, the one that also carries other tiles home wins. A* over the
        cells within ``margin`` of the box, guided by ``_GUIDE`` per cell to go
        (integer costs, ties broken by cell number: deterministic).
        """
        width, free, tiles = self.width, self.free, self.tiles
        home_row, home_col, weight = self.home_row, self.home_col, self.weight
        sr, sc = divmod(source, width)
        dr, dc = divmod(dest, width)
        tuning = self.tuning
        margin, base_step, pull_unit = tuning.margin, tuning.step, tuning.pull
        top, bottom = min(sr, dr) - margin, max(sr, dr) + margin
        left, right = min(sc, dc) - margin, max(sc, dc) + margin
        cost = {source: 0}
        parent = {source: source}
        heap = [(0, 0, source)]
        pop, push = heapq.heappop, heapq.heappush
        while heap:
            _, spent, cell = pop(heap)
            if cell == dest:
                return _path_to(cell, source, parent), spent
            if spent > cost[cell]:
                continue
            row, col = divmod(cell, width)
            for nxt, nr, nc in (
                (cell - width, row - 1, col),
                (cell + width, row + 1, col),
                (cell - 1, row, col - 1),
                (cell + 1, row, col + 1),
            ):
                if not free[nxt] or nr < top or nr > bottom or nc < left or nc > right:
                    continue
                tile = tiles[nxt]  # slides from nxt to cell: nearer its goal, or further?
                if nr == row:
                    home = home_col[tile]
                    nearer = (home - nc) * (col - nc) > 0
                else:
                    home = home_row[tile]
                    nearer = (home - nr) * (row - nr) > 0
                pull = pull_unit * weight[tile]
                step = base_step - pull if nearer else base_step + pull
                new = spent + (step if step > 0 else 1)
                if new < cost.get(nxt, _INFINITY):
                    cost[nxt] = new
                    parent[nxt] = cell
                    push(heap, (new + _GUIDE * (abs(nr - dr) + abs(nc - dc)), new, nxt))
        return None

    def blank_to(self, dest: int, avoid: int) -> None:
        """Bring the blank to ``dest`` without touching ``avoid`` or any placed tile."""
        blank = self.blank
        if blank == dest:
            return
        free = self.free
        free[avoid] = 0
        try:
            path = self.route(blank, dest)
            if path is None:
                path = self.search(blank, dest)
            self.walk(path)
        finally:
            free[avoid] = 1

    # -- tile movement --------------------------------------------------------

    def move_tile(self, tile: int, dest: int, at: int | None = None) -> None:
        """Slide ``tile`` to ``dest`` along a staircase path, moving the blank round it."""
        here = self.tiles.index(tile) if at is None else at
        width, free = self.width, self.free
        while here != dest:
            hr, hc = divmod(here, width)
            dr, dc = divmod(dest, width)
            options = []
            if dc != hc:
                options.append(here + (1 if dc > hc else -1))
            if dr != hr:
                options.append(here + (width if dr > hr else -width))
            blank = self.blank
            if self.by_route and blank not in options:
                stepped = self._step_by_route(here, options)
                if stepped >= 0:
                    here = stepped
                    continue
            best, best_cost = -1, 1 << 60
            for nxt in options:
                if not free[nxt]:
                    continue
                if nxt == blank:
                    cost = 0
                elif abs(blank - here) in (1, width):
                    cost = 4 if blank + nxt == 2 * here else 2 if free[blank + nxt - here] else 6
                else:
                    br, bc = divmod(blank, width)
                    nr, nc = divmod(nxt, width)
                    cost = abs(br - nr) + abs(bc - nc)
                if cost < best_cost:
                    best, best_cost = nxt, cost
            if best < 0:
                raise Stuck(f"tile {tile} cannot move from {here} towards {dest}")
            self.blank_to(best, here)
            self.walk([here])
            here = best

    def _step_by_route(self, here: int, options: list[int]) -> int:
        """Move the tile on ``here`` one step, to the option of the cheapest blank route.

        Returns the tile's new cell, or -1 (nothing moved) when fewer than
        two options are free or no route stays near its box: then
        `move_tile` chooses by distance.
        """
        free = self.free
        options = [nxt for nxt in options if free[nxt]]
        if len(options) < 2:
            return -1
        best: tuple[list[int], int] | None = None
        free[here] = 0
        try:
            for nxt in options:
                found = self.priced_route(self.blank, nxt)
                if found is not None and (best is None or found[1] < best[1]):
                    best = found
        finally:
            free[here] = 1
        if best is None:
            return -1
        self.walk(best[0])
        self.walk([here])
        return best[0][-1]

    # -- lines ----------------------------------------------------------------

    def place_line(self, line: list[int], inward: int) -> None:
        """Place the goal tiles of ``line`` (cells end to end); ``inward`` points inside."""
        goal_at, free = self.goal_at, self.free
        deadline = self.deadline
        weight = self.weight
        for cell in line:
            for depth, value in enumerate(self.tuning.lines):
                behind = cell + depth * inward
                if not free[behind]:
                    break
                tile = goal_at[behind]
                if tile > 0 and weight[tile] < value:
                    weight[tile] = value
        tiles, width = self.tiles, self.width
        low, high = 0, len(line) - 1
        while high - low > 1:
            # Fill the line from either end, whichever end's tile is cheaper to bring now.
            costs = []
            for end in (low, high):
                cell = line[end]
                at = tiles.index(goal_at[cell])
                blank = self.blank
                costs.append(
                    self.tuning.end_tile
                    * (abs(at // width - cell // width) + abs(at % width - cell % width))
                    + abs(at // width - blank // width)
                    + abs(at % width - blank % width)
                )
            end = low if costs[0] <= costs[1] else high
            cell = line[end]
            self.move_tile(goal_at[cell], cell)
            free[cell] = 0
            if end == low:
                low += 1
            else:
                high -= 1
            if deadline is not None and perf_counter() > deadline:
                raise OutOfTime
        a_cell, b_cell = line[low], line[high]
        a, b = goal_at[a_cell], goal_at[b_cell]
        if not (tiles[a_cell] == a and tiles[b_cell] == b):
            box = [a_cell, b_cell]
            for depth in (1, 2):
                box += [a_cell + depth * inward, b_cell + depth * inward]
            self.move_tile(b, b_cell)
            free[b_cell] = 0
            where_a = tiles.index(a)
            if where_a not in box:
                self.move_tile(a, a_cell + inward, where_a)
                where_a = a_cell + inward
            free[b_cell] = 1
            if self.blank not in box:
                free[where_a] = free[b_cell] = 0
                try:
                    self.walk(self.search_any(self.blank, set(box)))
                finally:
                    free[where_a] = free[b_cell] = 1
            local = {c: i for i, c in enumerate(box)}
            plan = _box_plan((local[tiles.index(a)], local[tiles.index(b)], local[self.blank]))
            self.walk([box[i] for i in plan])
        free[a_cell] = free[b_cell] = 0
        self.placed += len(line)
        self.lines += 1

    def search_any(self, source: int, targets: set[int]) -> list[int]:
        """A shortest path over free cells to the nearest free cell of ``targets`` (BFS)."""
        width, free = self.width, self.free
        parent = {source: source}
        queue = deque([source])
        while queue:
            cell = queue.popleft()
            if cell in targets:
                return _path_to(cell, source, parent)
            for nxt in (cell - 1, cell + 1, cell - width, cell + width):
                if free[nxt] and nxt not in parent:
                    parent[nxt] = cell
                    queue.append(nxt)
        raise Stuck(f"the blank cannot reach any of {sorted(targets)} from {source}")

    # -- the small finish -----------------------------------------------------

    def finish_3x3(self, cells: list[int], time_limit: float | None) -> None:
        """Solve a remaining 3x3 region optimally: A* with linear conflict, on relabelled tiles."""
        tiles, goal_at = self.tiles, self.goal_at
        start, goal = renumbered([tiles[c] for c in cells], [goal_at[c] for c in cells])
        small_start, small_goal = trusted_board(3, 3, start), trusted_board(3, 3, goal)
        info = heuristics.get("linear_conflict")
        fast = info.for_goal(small_goal)
        result = astar(
            TileState.from_boards(small_start, small_goal),
            lambda state: fast(state.tiles),
            admissible=info.admissible,
            consistent=info.consistent,
            time_limit=time_limit,
        )
        step = move_steps(self.width)
        path = itertools.accumulate((step[move] for move in result.actions), initial=self.blank)
        self.walk(list(path)[1:])

    def finish(self, cells: list[int]) -> None:
        """Solve the remaining region (all of its tiles belong there) optimally by BFS."""
        tiles, goal_at, width = self.tiles, self.goal_at, self.width
        index = {c: i for i, c in enumerate(cells)}
        neighbours = [
            [index[n] for n in (c - 1, c + 1, c - width, c + width) if n in index] for c in cells
        ]
        start = tuple(tiles[c] for c in cells)
        target = tuple(goal_at[c] for c in cells)
        parent: dict[tuple[int, ...], tuple[tuple[int, ...], int] | None] = {start: None}
        queue = deque([(start, start.index(0))])
        while queue and target not in parent:
            state, blank = queue.popleft()
            for cell in neighbours[blank]:
                new = list(state)
                new[blank], new[cell] = new[cell], 0
                key = tuple(new)
                if key not in parent:
                    parent[key] = (state, cell)
                    queue.append((key, cell))
        if target not in parent:
            raise Stuck("the final region is unsolvable")  # parity was checked first
        path = []
        node = target
        step = parent[node]
        while step is not None:
            node, cell = step
            path.append(cells[cell])
            step = parent[node]
        path.reverse()
        self.walk(path)
