"""Constructive solving of boards of any size: place lines one by one, finish a tiny board by BFS.

The method (the one people use by hand, made mechanical): while the unsolved
region is larger than 2x3, peel off its top or bottom row or its left or right
column (never the one holding the goal's blank cell), placing that line's tiles
one at a time; finish the last 2x2, 2x3 or 3x2 region optimally by
breadth-first search, or a last 3x3 region by A* with linear conflict; then
cancel the blank's back-and-forth moves and re-solve short runs exactly. Every step
works on a flat, padded list of tiles and a blank index, never on `Board`
objects, so a 100x100 board takes seconds, not hours.
"""

from __future__ import annotations

import heapq
import itertools
import operator
from array import array
from collections import deque
from collections.abc import Callable, Hashable, Sequence
from time import perf_counter
from typing import Literal, TypeAlias

import attrs

from slidingtiles.heuristics import _registry as _heuristics
from slidingtiles._board.board import Board, BoardLike
from slidingtiles._board.coerce import GoalLike, board_and_goal
from slidingtiles._errors import SearchLimitExceeded, UnsolvableError
from slidingtiles._board.moves import Moves
from slidingtiles._board.solvability import solvability
from slidingtiles.search import SearchStats

__all__ = [
    "MAX_MOVES",
    "SHORTEN",
    "ReduceResult",
    "Shorten",
    "manhattan_lower_bound",
    "solve_constructive",
]

Shorten: TypeAlias = Literal["auto", "none", "cancel", "windows"]
#: The values `solve_constructive` accepts for ``shorten``.
SHORTEN: tuple[str, ...] = ("auto", "none", "cancel", "windows")
# "auto" re-solves windows up to this many cells; above, it costs more than it saves.
_AUTO_WINDOW_CELLS = 400
#: Default cap on the expected number of moves (each costs about 5 bytes while solving).
MAX_MOVES = 250_000_000
# Measured moves / Manhattan distance stays under 5 on random boards from 5x5 to 100x100.
_MOVES_PER_BOUND = 5
# The final region is solved by BFS when it has at most this many cells (2x2, 2x3, 3x2).
_FINISH_CELLS = 6


@attrs.frozen
class ReduceResult:
    """The outcome of `solve_constructive`: moves, a lower bound on the optimum, and the work done.

    >>> result = solve_constructive(Board("1 2 3 4/5 6 7 8/9 10 11 12/13 14 0 15"))
    >>> result.moves, result.lower_bound, result.optimal
    (Moves('R'), 1, False)

    Attributes:
        moves: the blank's moves, start to goal (verified by the solver's own replay).
        lower_bound: the Manhattan distance of the start, a lower bound on the
            optimal length; ``len(moves) / lower_bound`` bounds the suboptimality.
        optimal: True only when the exact finish covered the whole board (at
            most six cells, 3x3, or a single line).
        raw_length: the number of moves before shortening.
        stats: a `SearchStats`: ``expanded`` counts placed tiles, ``generated``
            the moves made before shortening, ``iterations`` the lines peeled off.
    """

    moves: Moves
    lower_bound: int
    optimal: bool
    raw_length: int
    stats: SearchStats

    @property
    def ratio(self) -> float:
        """``len(moves) / lower_bound`` (1.0 for an already solved board)."""
        return len(self.moves) / self.lower_bound if self.lower_bound else 1.0


def manhattan_lower_bound(start: Board, goal: Board) -> int:
    """Return the sum over tiles of the row plus column distance to the goal cell.

    >>> manhattan_lower_bound(Board("8 1 3/4 0 2/7 6 5"), Board.goal(3, 3))
    10

    O(n); no solution can be shorter, since each move shifts one tile by one cell.
    """
    cols = start.cols
    where = [0] * start.size
    for cell, tile in enumerate(goal.tiles):
        where[tile] = cell
    total = 0
    for cell, tile in enumerate(start.tiles):
        if tile:
            r, c = divmod(cell, cols)
            gr, gc = divmod(where[tile], cols)
            total += abs(r - gr) + abs(c - gc)
    return total


class _OutOfTime(Exception):
    """The deadline passed while a line was being placed."""


class _Stuck(RuntimeError):
    """Internal invariant broken (a bug, never a property of the input)."""


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
    raise _Stuck(f"no plan for the last two tiles from {state}")  # pragma: no cover


class _Reducer:
    """The mutable state of one constructive solve: padded tiles, free cells, the blank's trail."""

    def __init__(self, start: Board, goal: Board) -> None:
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

    def straight(self, source: int, dest: int, first_horizontal: bool) -> list[int] | None:
        """An L-shaped path over free cells, or None if a cell on it is not free."""
        width, free = self.width, self.free
        sr, sc = divmod(source, width)
        dr, dc = divmod(dest, width)
        legs = [(1 if dc > sc else -1, abs(dc - sc)), (width if dr > sr else -width, abs(dr - sr))]
        if not first_horizontal:
            legs.reverse()
        path = []
        cell = source
        for step, count in legs:
            for _ in range(count):
                cell += step
                if not free[cell]:
                    return None
                path.append(cell)
        return path

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
                path = []
                while cell != source:
                    path.append(cell)
                    cell = parent[cell]
                path.reverse()
                return path
            if g > cost[cell]:
                continue
            g += 1
            for nxt in (cell - 1, cell + 1, cell - width, cell + width):
                if free[nxt] and g < cost.get(nxt, 1 << 60):
                    cost[nxt] = g
                    parent[nxt] = cell
                    heapq.heappush(heap, (g + h(nxt), g, nxt))
        raise _Stuck(f"the blank cannot reach cell {dest} from {source}")

    def blank_to(self, dest: int, avoid: int) -> None:
        """Bring the blank to ``dest`` without touching ``avoid`` or any placed tile."""
        blank = self.blank
        if blank == dest:
            return
        free = self.free
        free[avoid] = 0
        try:
            delta = dest - blank
            width = self.width
            if delta in (2, -2, 2 * width, -2 * width) and blank + delta // 2 == avoid:
                # Straight past the tile: go round it on either side (4 moves).
                step = delta // 2
                for side in (width, -width) if step in (1, -1) else (1, -1):
                    a, b, c = blank + side, avoid + side, dest + side
                    if free[a] and free[b] and free[c]:
                        self.walk([a, b, c, dest])
                        return
            path = self.straight(blank, dest, True) or self.straight(blank, dest, False)
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
                raise _Stuck(f"tile {tile} cannot move from {here} towards {dest}")
            self.blank_to(best, here)
            self.walk([here])
            here = best

    # -- lines ----------------------------------------------------------------

    def place_line(self, line: list[int], inward: int) -> None:
        """Place the goal tiles of ``line`` (cells end to end); ``inward`` points inside."""
        goal_at, free = self.goal_at, self.free
        deadline = self.deadline
        for cell in line[:-2]:
            self.move_tile(goal_at[cell], cell)
            free[cell] = 0
            if deadline is not None and perf_counter() > deadline:
                raise _OutOfTime
        a_cell, b_cell = line[-2], line[-1]
        a, b = goal_at[a_cell], goal_at[b_cell]
        tiles = self.tiles
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
                path = []
                while cell != source:
                    path.append(cell)
                    cell = parent[cell]
                path.reverse()
                return path
            for nxt in (cell - 1, cell + 1, cell - width, cell + width):
                if free[nxt] and nxt not in parent:
                    parent[nxt] = cell
                    queue.append(nxt)
        raise _Stuck(f"the blank cannot reach any of {sorted(targets)} from {source}")

    # -- the small finish -----------------------------------------------------

    def finish_3x3(self, cells: list[int], time_limit: float | None) -> None:
        """Solve a remaining 3x3 region optimally: A* with linear conflict, on relabelled tiles."""
        from slidingtiles._solve.tile_state import TileState
        from slidingtiles.search import astar

        tiles, goal_at, width = self.tiles, self.goal_at, self.width
        relabel = {goal_at[c]: i for i, c in enumerate(cells)}
        blank_label = relabel[0]
        # The small board numbers its tiles 1..8 in goal order around wherever the blank goes.
        number = {t: (0 if i == blank_label else i + (i < blank_label)) for t, i in relabel.items()}
        small_goal = Board._trusted(3, 3, tuple(number[goal_at[c]] for c in cells), None)
        small_start = Board._trusted(3, 3, tuple(number[tiles[c]] for c in cells), None)
        info = _heuristics.get("linear_conflict")
        fast = info.for_goal(small_goal)
        result = astar(
            TileState.from_boards(small_start, small_goal),
            lambda state: fast(state.tiles),
            admissible=info.admissible,
            consistent=info.consistent,
            time_limit=time_limit,
        )
        offset = {"U": -width, "D": width, "L": -1, "R": 1}
        path = []
        cell = self.blank
        for move in result.actions:
            cell += offset[move]
            path.append(cell)
        self.walk(path)

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
            raise _Stuck("the final region is unsolvable")  # parity was checked first
        path = []
        node = target
        step = parent[node]
        while step is not None:
            node, cell = step
            path.append(cells[cell])
            step = parent[node]
        path.reverse()
        self.walk(path)


def _shorten(path: Sequence[int]) -> array[int]:
    """Cancel every move that the next one undoes (the blank going a->b->a), repeatedly."""
    stack = array("i", path[:1])
    for cell in itertools.islice(path, 1, None):
        if len(stack) > 1 and stack[-2] == cell:
            stack.pop()
        else:
            stack.append(cell)
    return stack


# Exact distances inside small boxes: (rows, cols, blank cell) -> {arrangement: (parent, cell)}.
# An arrangement labels each box cell's content by the cell it started in (the blank too).
_WINDOW_TABLES: dict[tuple[int, int, int], dict[tuple[int, ...], tuple[tuple[int, ...], int]]] = {}
# Boxes small enough to search exhaustively in about a millisecond (at most 360 states).
_WINDOW_CELLS = 6


def _window_table(
    rows: int, cols: int, blank: int
) -> dict[tuple[int, ...], tuple[tuple[int, ...], int]]:
    """BFS over every arrangement of a rows x cols box reachable from the identity."""
    key = (rows, cols, blank)
    table = _WINDOW_TABLES.get(key)
    if table is not None:
        return table
    size = rows * cols
    neighbours = []
    for cell in range(size):
        r, c = divmod(cell, cols)
        near = [cell - cols] if r > 0 else []
        near += [cell + cols] if r < rows - 1 else []
        near += [cell - 1] if c > 0 else []
        near += [cell + 1] if c < cols - 1 else []
        neighbours.append(near)
    start = tuple(range(size))
    table = {start: (start, -1)}
    queue = deque([(start, blank)])
    while queue:
        state, here = queue.popleft()
        for cell in neighbours[here]:
            new = list(state)
            new[here], new[cell] = new[cell], new[here]
            arrangement = tuple(new)
            if arrangement not in table:
                table[arrangement] = (state, cell)
                queue.append((arrangement, cell))
    _WINDOW_TABLES[key] = table
    return table


def _resolve_windows(path: Sequence[int], width: int) -> list[int]:
    """Replace each run of moves that stays inside a box of at most six cells by a shortest one.

    Runs are cut greedily, left to right, as long as possible; within its
    bounding box a run's effect is a rearrangement of that box, and the box's
    exhaustive table gives the shortest way to the same rearrangement.
    """
    out = [path[0]]
    i, n = 0, len(path)
    while i < n - 1:
        top = bottom = path[i] // width
        left = right = path[i] % width
        j = i
        while j + 1 < n:
            r, c = divmod(path[j + 1], width)
            t, b, lo, hi = min(top, r), max(bottom, r), min(left, c), max(right, c)
            h, w = b - t + 1, hi - lo + 1
            if h > 3 or w > 3 or h * w > _WINDOW_CELLS:
                break
            top, bottom, left, right = t, b, lo, hi
            j += 1
        rows, cols = bottom - top + 1, right - left + 1
        if j - i >= 3 and rows > 1 and cols > 1:
            corner = top * width + left

            locals_ = []
            for cell in path[i : j + 1]:
                r, c = divmod(cell - corner, width)
                locals_.append(r * cols + c)
            arrangement = list(range(rows * cols))
            here = locals_[0]
            for there in locals_[1:]:
                arrangement[here], arrangement[there] = arrangement[there], arrangement[here]
                here = there
            table = _window_table(rows, cols, locals_[0])
            steps = []
            state = tuple(arrangement)
            while True:
                parent, cell = table[state]
                if cell < 0:
                    break
                steps.append(cell)
                state = parent
            if len(steps) < j - i:
                steps.reverse()
                out.extend(corner + (c // cols) * width + c % cols for c in steps)
            else:
                out.extend(path[i + 1 : j + 1])
        else:
            out.extend(path[i + 1 : j + 1])
        i = j
    return out


def _letters(path: Sequence[int], width: int) -> str:
    code = {-1: ord("L"), 1: ord("R"), -width: ord("U"), width: ord("D")}
    steps = map(operator.sub, itertools.islice(path, 1, None), path)
    return bytes(map(code.__getitem__, steps)).decode("ascii")


def _line_solve(start: Board, goal: Board) -> str:
    """A single row or column: the tiles keep their order, so only the blank walks."""
    here, there = start.blank, goal.blank
    step = "R" if start.rows == 1 else "D"
    back = "L" if start.rows == 1 else "U"
    return step * (there - here) if there >= here else back * (here - there)


def solve_constructive(
    board: BoardLike,
    goal: GoalLike | str = None,
    *,
    blank: Hashable = None,
    shorten: Shorten = "auto",
    time_limit: float | None = None,
    max_moves: int | None = MAX_MOVES,
    progress: Callable[[SearchStats], object] | None = None,
) -> ReduceResult:
    """Return a (not necessarily shortest) solution of a board of any size, in polynomial time.

    >>> board = Board("2 3 4 8/1 6 7 12/5 10 11 0/9 13 14 15")
    >>> result = solve_constructive(board)
    >>> len(result.moves), result.lower_bound, board.apply(result.moves) == Board.goal(4, 4)
    (11, 11, True)

    Args:
        board, goal, blank: as for `solve` (any goal: the blank anywhere, any tile order).
        shorten: ``"cancel"`` removes the blank's back-and-forth moves;
            ``"windows"`` also replaces every run of moves that stays inside a
            box of at most six cells by a shortest one (exact tables); ``"auto"``
            (the default) does ``"windows"`` up to 400 cells (20x20) and
            ``"cancel"`` above, where it multiplies the time for well under 1%
            fewer moves; ``"none"`` returns the raw construction.
        time_limit: seconds; past it `SearchLimitExceeded` is raised (checked
            after every tile).
        max_moves: refuse at once (`SearchLimitExceeded`, limit ``"memory"``)
            a board expected to need more moves than this (estimated as 5 x
            its Manhattan distance): 250 million by default, about 1.3 GB.
            A 300x300 board needs about 70 million. None: no cap.
        progress: called with a `SearchStats` snapshot after every line.

    Raises:
        InvalidBoardError, GoalMismatchError: malformed input.
        UnsolvableError: parity says the goal is unreachable.
        SearchLimitExceeded: ``time_limit`` passed first, or ``max_moves`` is too small.

    Cost: O(n^1.5) moves and time for an n-cell square board (each tile travels
    O(sqrt n) cells at a few moves per cell). The result is typically 2-4 times
    the Manhattan lower bound on large random boards (see docs/large-boards.md).
    Single rows and columns are solved exactly (the blank just walks).
    """
    begun = perf_counter()
    mode = shorten
    if mode not in SHORTEN:
        raise ValueError(f"shorten must be one of {', '.join(SHORTEN)}, not {shorten!r}")
    start, target = board_and_goal(board, goal, blank=blank)
    report = solvability(start, target)
    if not report.solvable:
        raise UnsolvableError(
            f"no solution possible for {start.to_text()}: {report.reason}", start, report
        )
    bound = manhattan_lower_bound(start, target)
    if start.rows == 1 or start.cols == 1:
        moves = Moves(_line_solve(start, target))
        stats = SearchStats(0, len(moves), 0, 0, 1, perf_counter() - begun)
        return ReduceResult(moves, bound, True, len(moves), stats)

    estimate = _MOVES_PER_BOUND * bound
    if max_moves is not None and estimate > max_moves:
        raise SearchLimitExceeded(
            f"a {start.rows}x{start.cols} board needs about {estimate:,} moves "
            f"({_MOVES_PER_BOUND} x its Manhattan distance {bound:,}), more than "
            f"max_moves={max_moves:,}; raise max_moves if the memory (5 bytes a move) is there",
            "memory", max_moves, SearchStats(0, 0, 0, 0, 0, perf_counter() - begun),
        )  # fmt: skip
    solver = _Reducer(start, target)
    if time_limit is not None:
        solver.deadline = begun + time_limit

    def out_of_time() -> SearchLimitExceeded:
        return SearchLimitExceeded(
            f"constructive solve passed the time limit of {time_limit} s",
            "time", time_limit, snapshot(),
        )  # fmt: skip

    def snapshot() -> SearchStats:
        return SearchStats(
            solver.placed, len(solver.trail) - 1, 0, 0, solver.lines, perf_counter() - begun
        )

    goal_row, goal_col = target.blank_position
    top, bottom, left, right = 0, start.rows, 0, start.cols  # the unsolved region, half-open
    cell = solver.cell
    try:
        while True:
            height, width = bottom - top, right - left
            if height * width <= _FINISH_CELLS or height == width == 3:
                break
            blank_row, blank_col = divmod(solver.blank, solver.width)
            blank_row, blank_col = blank_row - 1, blank_col - 1
            if height >= width and height >= 3:
                # Peel a row: the one without the goal blank, else the one nearer the blank.
                use_top = goal_row != top and (
                    goal_row == bottom - 1 or blank_row - top <= bottom - 1 - blank_row
                )
                row = top if use_top else bottom - 1
                cols = range(left, right)
                if blank_col - left > right - 1 - blank_col:
                    cols = range(right - 1, left - 1, -1)
                solver.place_line(
                    [cell(row, c) for c in cols], solver.width if use_top else -solver.width
                )
                if use_top:
                    top += 1
                else:
                    bottom -= 1
            else:
                use_left = goal_col != left and (
                    goal_col == right - 1 or blank_col - left <= right - 1 - blank_col
                )
                col = left if use_left else right - 1
                rows = range(top, bottom)
                if blank_row - top > bottom - 1 - blank_row:
                    rows = range(bottom - 1, top - 1, -1)
                solver.place_line([cell(r, col) for r in rows], 1 if use_left else -1)
                if use_left:
                    left += 1
                else:
                    right -= 1
            if progress is not None:
                progress(snapshot())
            if time_limit is not None and perf_counter() - begun > time_limit:
                raise out_of_time()
        remaining = [cell(r, c) for r in range(top, bottom) for c in range(left, right)]
        if len(remaining) == 9:
            left_over = None if time_limit is None else time_limit - (perf_counter() - begun)
            solver.finish_3x3(remaining, max(left_over, 0.0) if left_over is not None else None)
        else:
            solver.finish(remaining)
    except _OutOfTime:
        raise out_of_time() from None
    except _Stuck as error:  # pragma: no cover - a bug, reported as such
        raise RuntimeError(
            f"slidingtiles internal error in the constructive solver: {error}"
        ) from error
    raw = len(solver.trail) - 1
    path: Sequence[int] = solver.trail
    if mode != "none":
        path = _shorten(path)
    if mode == "windows" or (mode == "auto" and start.size <= _AUTO_WINDOW_CELLS):
        for offset in (0, 2, 1):  # shifted passes catch runs the previous cuts split
            before = len(path)
            if before <= offset + 1:
                break
            path = _shorten([*path[:offset], *_resolve_windows(path[offset:], solver.width)])
            if len(path) == before and offset:
                break
    moves = Moves(_letters(path, solver.width))
    solver.placed = start.size - 1
    stats = SearchStats(solver.placed, raw, 0, 0, solver.lines, perf_counter() - begun)
    exact = start.size <= _FINISH_CELLS or start.shape == (3, 3)
    return ReduceResult(moves, bound, exact, raw, stats)
