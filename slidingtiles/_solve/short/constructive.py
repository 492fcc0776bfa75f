"""Constructive solving of boards of any size: place lines one by one, finish a tiny board by BFS.

The method (the one people use by hand, made mechanical): while the unsolved
region is larger than 2x3, peel off its top or bottom row or its left or right
column (never the one holding the goal's blank cell), placing that line's tiles
one at a time; finish the last 2x2, 2x3 or 3x2 region optimally by
breadth-first search, or a last 3x3 region by A* with linear conflict; then
cancel the blank's back-and-forth moves and re-solve short runs exactly. Every step
works on a flat, padded list of tiles and a blank index, never on `Board`
objects, so a 100x100 board takes seconds, not hours.

This module holds the public entry point with its door
(`check_constructive_options`), the trusted solve behind it (`construct`,
which `solve` and the other short-solution methods call with a checked board
and the call's `Deadline`), the order of the lines, and the shortening of
the finished path; the placing of tiles itself, on the padded board, is
`slidingtiles._solve.short.placing`.
"""

from __future__ import annotations

import itertools
import math
from array import array
from collections import deque
from collections.abc import Callable, Hashable, Sequence
from numbers import Integral
from typing import Literal, TypeAlias

import attrs

from slidingtiles._board import geometry
from slidingtiles._board.board import Board, BoardLike
from slidingtiles._board.coerce import GoalLike, board_and_goal
from slidingtiles._board.moves import Moves
from slidingtiles._board.solvability import solvability
from slidingtiles._errors import (
    OptionTypeError,
    SearchLimitExceeded,
    UnsolvableError,
)
from slidingtiles._solve.checks import check_choice, check_count
from slidingtiles._solve.short.placing import VARIANTS, OutOfTime, Reducer, Stuck, peel_line
from slidingtiles.search import Deadline, SearchStats
from slidingtiles.search._checks import check_limits

__all__ = [
    "MAX_MOVES",
    "SHORTEN",
    "ReduceResult",
    "Shorten",
    "check_constructive_options",
    "construct",
    "constructive_lines",
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
    >>> result.moves, result.lower_bound, result.optimal, result.lines_peeled
    (Moves('R'), 1, False, 2)

    Attributes:
        moves: the blank's moves, start to goal (verified by the solver's own replay).
        lower_bound: the Manhattan distance of the start, a lower bound on the
            optimal length; ``len(moves) / lower_bound`` bounds the suboptimality.
        optimal: True only when the exact finish covered the whole board (at
            most six cells, 3x3, or a single line).
        raw_length: the number of moves before shortening.
        tiles_placed: the tiles brought home (every tile but the blank).
        lines_peeled: the rows and columns placed before the exact finish.
        seconds: the time the call took.
    """

    moves: Moves
    lower_bound: int
    optimal: bool
    raw_length: int
    tiles_placed: int
    lines_peeled: int
    seconds: float

    @property
    def ratio(self) -> float:
        """``len(moves) / lower_bound`` (1.0 for an already solved board)."""
        return len(self.moves) / self.lower_bound if self.lower_bound else 1.0


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


def _peel_and_finish(
    solver: Reducer,
    target: Board,
    lines: int | None = None,
    after_line: Callable[[], object] | None = None,
    seconds_left: Callable[[], float | None] = lambda: None,
) -> None:
    """Peel lines off the solver's board (a row while the region is at least as tall as wide,
    else a column), then finish the last region exactly; stop after ``lines`` lines if given.

    ``after_line`` is called after each line; ``seconds_left`` gives the 3x3 finish its budget.
    """
    goal_row, goal_col = target.blank_position
    top, bottom, left, right = 0, target.rows, 0, target.cols  # the unsolved region, half-open
    cell = solver.cell
    placed = 0
    while True:
        height, width = bottom - top, right - left
        if height * width <= _FINISH_CELLS or height == width == 3:
            break
        if lines is not None and placed >= lines:
            return
        blank_row, blank_col = divmod(solver.blank, solver.width)  # the padded frame
        line, (down, across), (top, bottom, left, right) = peel_line(
            (top, bottom, left, right),
            (blank_row - 1, blank_col - 1),
            (goal_row, goal_col),
            height >= width and height >= 3,
        )
        solver.place_line([cell(r, c) for r, c in line], down * solver.width + across)
        placed += 1
        if after_line is not None:
            after_line()
    remaining = [cell(r, c) for r in range(top, bottom) for c in range(left, right)]
    if len(remaining) == 9:
        solver.finish_3x3(remaining, seconds_left())
    else:
        solver.finish(remaining)


def _shortened(solver: Reducer, mode: Shorten) -> str:
    """The solver's moves so far, shortened as ``mode`` says (see `solve_constructive`)."""
    path: Sequence[int] = solver.trail
    if mode != "none":
        path = _shorten(path)
    if mode == "windows" or (mode == "auto" and solver.rows * solver.cols <= _AUTO_WINDOW_CELLS):
        for offset in (0, 2, 1):  # shifted passes catch runs the previous cuts split
            before = len(path)
            if before <= offset + 1:
                break
            path = _shorten([*path[:offset], *_resolve_windows(path[offset:], solver.width)])
            if len(path) == before and offset:
                break
    return geometry.path_letters(path, solver.width)


def constructive_lines(start: Board, goal: Board, lines: int | None) -> str:
    """The constructive solver's moves for its first ``lines`` lines only (all of them and the
    finish when the board has fewer, or ``lines`` is None: `solve_constructive`'s moves),
    shortened as by default: how the peeled solver finishes an L without solving the whole
    region.

    >>> start = Board("2 3 4 8/1 6 7 12/5 10 11 0/9 13 14 15")
    >>> moves = constructive_lines(start, Board.goal(4, 4), 1)
    >>> start.apply(moves).tiles[:4]
    (1, 2, 3, 4)

    Cost: the lines' share of `solve_constructive`'s time.
    """
    solver = Reducer(start, goal, VARIANTS[0])
    _peel_and_finish(solver, goal, lines)
    return _shortened(solver, "auto")


def check_constructive_options(
    *,
    shorten: object,
    time_limit: object,
    max_moves: object,
    progress: object,
    variant: object,
    blank: object,
) -> float | None:
    """Refuse a bad option of `solve_constructive` before any work, naming it; return the
    time limit (None for none or ``inf``).

    >>> check_constructive_options(shorten="auto", time_limit="x", max_moves=None, progress=None,
    ...                            variant=0, blank=None)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    slidingtiles._errors.OptionTypeError: solve_constructive: time_limit must be a number ...

    A wrong type raises `OptionTypeError` (also a TypeError), a wrong value
    `InvalidOptionError` (also a ValueError), as `solve`'s door does, with
    the same rules for ``time_limit`` and ``progress`` (`check_limits`).
    """
    where = "solve_constructive: "
    check_choice("shorten", shorten, SHORTEN, where=where)
    _, seconds, _ = check_limits(
        where[:-2], time_limit=time_limit, progress=progress, documented=True
    )
    check_count("max_moves", max_moves, where=where)
    if isinstance(variant, bool) or not isinstance(variant, Integral):
        raise OptionTypeError(
            f"{where}variant must be an int, not {variant!r}", variant, option="variant"
        )
    try:
        hash(blank)
    except TypeError:
        raise OptionTypeError(
            f"{where}blank must be a label (hashable), not {blank!r}", blank, option="blank"
        ) from None
    return None if seconds is None or math.isinf(seconds) else seconds


def solve_constructive(
    board: BoardLike,
    goal: GoalLike | str = None,
    *,
    blank: Hashable = None,
    shorten: Shorten = "auto",
    time_limit: float | None = None,
    max_moves: int | None = MAX_MOVES,
    progress: Callable[[SearchStats], object] | None = None,
    variant: int = 0,
) -> ReduceResult:
    """Return a (not necessarily shortest) solution of a board of any size, in polynomial time.

    >>> board = Board("2 3 4 8/1 6 7 12/5 10 11 0/9 13 14 15")
    >>> result = solve_constructive(board)
    >>> len(result.moves), result.lower_bound, board.apply(result.moves) == Board.goal(4, 4)
    (11, 11, True)

    Args:
        board: as for `solve`.
        goal: as for `solve` (any goal: the blank anywhere, any tile order).
        blank: as for `solve`.
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
        progress: called with a `SearchStats` snapshot after every line:
            ``expanded`` the tiles placed, ``generated`` the moves made,
            ``iterations`` the lines peeled, ``seconds`` the time spent.
        variant: which of the path weightings (`placing.VARIANTS`, 24 of
            them, taken modulo) to use: each gives another solution of about
            the same length, so the shortest of several is a little shorter.

    Raises:
        InvalidOptionError: an option has a bad value (``shorten="fast"``,
            ``time_limit=nan``, ``max_moves=0``); `OptionTypeError` (also a
            TypeError) a bad type (``time_limit="x"``). Checked first, before
            the board is read.
        InvalidBoardError, GoalMismatchError: malformed input.
        UnsolvableError: parity says the goal is unreachable.
        SearchLimitExceeded: ``time_limit`` passed first, or ``max_moves`` is too small.

    Cost: O(n^1.5) moves and time for an n-cell square board (each tile travels
    O(sqrt n) cells at a few moves per cell). The result is typically 2-4 times
    the Manhattan lower bound on large random boards (see docs/large-boards.md).
    Single rows and columns are solved exactly (the blank just walks).
    """
    seconds = check_constructive_options(
        shorten=shorten,
        time_limit=time_limit,
        max_moves=max_moves,
        progress=progress,
        variant=variant,
        blank=blank,
    )
    clock = Deadline(seconds)
    start, target = board_and_goal(board, goal, blank=blank)
    report = solvability(start, target)
    if not report.solvable:
        raise UnsolvableError(
            f"no solution possible for {start.to_text()}: {report.reason}", start, report
        )
    return construct(
        start,
        target,
        clock,
        shorten=shorten,
        max_moves=max_moves,
        progress=progress,
        variant=int(variant),
    )


def construct(
    start: Board,
    goal: Board,
    clock: Deadline | None = None,
    *,
    shorten: Shorten = "auto",
    max_moves: int | None = MAX_MOVES,
    progress: Callable[[SearchStats], object] | None = None,
    variant: int = 0,
) -> ReduceResult:
    """`solve_constructive` behind its door: a solvable board and its goal, checked options,
    and the call's `Deadline` (its time limit checked after every tile; None: no limit, as
    for the regions other methods leave to it)."""
    clock = Deadline(None) if clock is None else clock
    bound = start.manhattan(goal)
    if start.rows == 1 or start.cols == 1:
        moves = Moves(geometry.line_moves(start.rows, start.blank, goal.blank))
        return ReduceResult(moves, bound, True, len(moves), 0, 1, clock.elapsed())
    estimate = _MOVES_PER_BOUND * bound
    if max_moves is not None and estimate > max_moves:
        raise SearchLimitExceeded(
            f"a {start.rows}x{start.cols} board needs about {estimate:,} moves "
            f"({_MOVES_PER_BOUND} x its Manhattan distance {bound:,}), more than "
            f"max_moves={max_moves:,}; raise max_moves if the memory (5 bytes a move) is there",
            "memory",
            max_moves,
            SearchStats(0, 0, 0, 0, 0, clock.elapsed()),
        )
    solver = Reducer(start, goal, VARIANTS[variant % len(VARIANTS)])
    limit = clock.time_limit
    if limit is not None:
        solver.deadline = clock.started + limit

    def snapshot() -> SearchStats:
        return SearchStats(
            expanded=solver.placed,
            generated=len(solver.trail) - 1,
            max_frontier=0,
            reopened=0,
            iterations=solver.lines,
            seconds=clock.elapsed(),
        )

    def out_of_time() -> SearchLimitExceeded:
        return SearchLimitExceeded(
            f"constructive solve passed the time limit of {limit} s", "time", limit, snapshot()
        )

    def after_line() -> None:
        if progress is not None:
            progress(snapshot())
        if limit is not None and clock.elapsed() > limit:
            raise out_of_time()

    def seconds_left() -> float | None:
        return None if limit is None else max(0.0, limit - clock.elapsed())

    try:
        _peel_and_finish(solver, goal, None, after_line, seconds_left)
    except OutOfTime:
        raise out_of_time() from None
    except Stuck as error:  # pragma: no cover - a bug, reported as such
        raise RuntimeError(
            f"slidingtiles internal error in the constructive solver: {error}"
        ) from error
    raw = len(solver.trail) - 1
    moves = Moves(_shortened(solver, shorten))
    exact = start.size <= _FINISH_CELLS or start.shape == (3, 3)
    return ReduceResult(moves, bound, exact, raw, start.size - 1, solver.lines, clock.elapsed())
