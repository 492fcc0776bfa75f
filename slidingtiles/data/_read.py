"""Reading many boards at once: numpy stacks or sequences of boards, checked, with one goal.

>>> boards, goal = read_boards([[1, 2, 3, 0]], None, (2, 2))
>>> [b.tiles for b in boards], goal.tiles
([(1, 2, 3, 0)], (1, 2, 3, 0))
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import numpy as np

from slidingtiles import (
    Board,
    GoalLike,
    InvalidBoardError,
    InvalidOptionError,
    OptionTypeError,
    SlidingTilesError,
    board_and_goal,
)

__all__ = ["MissingDependencyError", "ProgressLike", "check_progress", "read_boards", "read_shape"]

#: ``progress``: None or False (silent), True (a count on standard error), or a callable
#: ``progress(done, total)`` called after each board.
ProgressLike = bool | Callable[[int, int], object] | None


class MissingDependencyError(SlidingTilesError, ImportError):
    """An optional package is not installed (pyarrow for Parquet, gymnasium for the environment).

    Attributes:
        value: the missing module's name.
    """

    def __init__(self, message: str, value: object = None) -> None:
        super().__init__(message)
        self.value = value


def read_shape(shape: object) -> tuple[int, int]:
    """``(rows, cols)`` from a pair or an ``"RxC"`` string, each at least 2... or raise.

    >>> read_shape("3x4"), read_shape((4, 4))
    ((3, 4), (4, 4))
    """
    pair: Any = shape
    if isinstance(shape, str):
        pair = shape.lower().split("x")
    try:
        rows, cols = (int(part) for part in pair)
    except (TypeError, ValueError):
        raise OptionTypeError(
            f"shape must be (rows, cols) or 'RxC', not {shape!r}", shape, option="shape"
        ) from None
    if rows < 1 or cols < 1 or rows * cols < 2:
        raise InvalidOptionError(
            f"shape must have at least 2 cells, not {shape!r}", shape, option="shape"
        )
    return rows, cols


def _goal(goal: GoalLike | str, shape: tuple[int, int] | None, cells: int | None) -> Board:
    if isinstance(goal, Board):
        return goal
    if shape is None and isinstance(goal, str) and goal not in ("first", "last"):
        return board_and_goal(goal)[0]
    if shape is None and goal is not None and not isinstance(goal, str):
        return board_and_goal(goal)[0]
    if shape is None:
        side = math.isqrt(cells or 0)
        if cells is None or side * side != cells:
            raise InvalidOptionError(
                f"boards of {cells} cells are not square: give shape=(rows, cols) or a goal",
                cells,
                option="shape",
            )
        shape = (side, side)
    return board_and_goal(Board.goal(*shape), goal)[1]


def read_boards(
    boards: Any, goal: GoalLike | str, shape: object = None
) -> tuple[list[Board], Board]:
    """Every board of ``boards`` checked against one goal, and the goal; or a documented error.

    ``boards`` is a numpy array of shape ``(N, cells)`` (the shape from
    ``shape``, the goal, or a square) or ``(N, rows, cols)``, or a sequence
    of anything `solve` reads. Raises `InvalidBoardError` (``value`` the
    board, its index in the message) for a malformed board or one that does
    not fit the goal (the message names its index, from 0), `OptionTypeError`
    for one board given alone.
    """
    size = read_shape(shape) if shape is not None else None
    if isinstance(boards, (str, Board)):
        raise OptionTypeError(
            f"give many boards (a sequence or an (N, cells) array), not one "
            f"{type(boards).__name__}",
            boards,
            option="boards",
        )
    if isinstance(boards, np.ndarray):
        if boards.ndim == 3:
            size = size or (boards.shape[1], boards.shape[2])
            boards = boards.reshape(len(boards), -1)
        if boards.ndim != 2 or boards.dtype.kind not in "iu":
            raise OptionTypeError(
                "a numpy array of boards must be integers of shape (N, cells) or (N, rows, cols), "
                f"not {boards.dtype} of shape {boards.shape}",
                boards.shape,
                option="boards",
            )
        target = _goal(goal, size, boards.shape[1])
        if boards.shape[1] != target.size:
            raise InvalidBoardError(
                f"boards of {boards.shape[1]} cells do not fit the "
                f"{target.rows}x{target.cols} goal",
                boards.shape,
            )
        made = []
        for index, row in enumerate(boards.tolist()):
            try:
                made.append(Board(tuple(row), shape=target.shape))
            except InvalidBoardError as error:
                raise _naming(error, index, len(boards)) from error
        if target.labels is not None:
            return _fitted(made, target), target
        return made, target
    try:
        items = list(boards)
    except TypeError:
        raise OptionTypeError(
            f"boards must be a sequence or a numpy array, not {type(boards).__name__}",
            boards,
            option="boards",
        ) from None
    if not items:
        target = _goal(goal, size, None) if goal is not None or size else Board.goal(4, 4)
        return [], target
    first = board_and_goal(items[0])[0]
    target = _goal(goal, size or first.shape, None)
    return _fitted(items, target), target


def _naming(error: InvalidBoardError, index: int, count: int) -> InvalidBoardError:
    """The same error, its message naming which board (0-based) of how many failed."""
    return type(error)(f"board {index} of the {count} given: {error}", error.value)


def _fitted(items: list[Any], target: Board) -> list[Board]:
    """Each item read against ``target``, an error naming the index of the first that fails."""
    checked = []
    for index, item in enumerate(items):
        try:
            checked.append(board_and_goal(item, target)[0])
        except InvalidBoardError as error:
            raise _naming(error, index, len(items)) from error
    return checked


def check_progress(
    progress: object, doing: str = "labelled"
) -> Callable[[int, int], object] | None:
    """The callable that reports progress, or None; `OptionTypeError` for anything else.

    ``progress=True`` counts on standard error: ``slidingtiles: <doing> 10/20 boards``."""
    if progress is None or progress is False:
        return None
    if progress is True:
        return _Count(doing)
    if callable(progress):
        return progress
    raise OptionTypeError(
        f"progress must be True, False, None or a callable (done, total), not {progress!r}",
        progress,
        option="progress",
    )


class _Count:
    """A plain count on standard error, at most a line a second and one at the end."""

    def __init__(self, doing: str) -> None:
        import sys
        import time

        self._doing = doing
        self._time = time.monotonic
        self._stream = sys.stderr
        self._last = -1.0

    def __call__(self, done: int, total: int) -> None:
        now = self._time()
        if now - self._last >= 1.0 or done == total:
            print(f"slidingtiles: {self._doing} {done:,}/{total:,} boards", file=self._stream)
            self._last = now
