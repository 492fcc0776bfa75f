"""Turning what users pass (boards, rows, text, labelled grids) into a board and its goal."""

from __future__ import annotations

import functools
from collections.abc import Hashable, Sequence
from typing import Literal, TypeAlias

from slidingtiles._board.board import Board, BoardLike, check_hashable, trusted_board
from slidingtiles._board.parse import LABEL_BLANKS, flat_from, is_number, plain
from slidingtiles._errors import GoalMismatchError, InvalidBoardError

__all__ = ["GoalLike", "board_and_goal", "check_goal", "standard_goal"]

#: A goal: anything a board can be (`BoardLike`: a board, rows of tiles or of
#: labels, an array, text), ``"last"``/``"first"`` for the usual goals, or ``None``.
GoalLike: TypeAlias = "BoardLike | None"


def _is_labelled_grid(value: object) -> bool:
    """True for nested rows holding something other than numbers (letters, words...).

    Rows of numbers only are tiles, even if some are not integers: `Board`
    then names the bad one (``tile 1.5 is not an integer``) instead of
    reading ``1.5`` as a label.
    """
    if isinstance(value, (str, bytes, Board)) or not isinstance(value, Sequence):
        return False
    for item in value:
        row = plain(item)
        if isinstance(row, (str, bytes)) or not isinstance(row, Sequence):
            continue
        if not all(is_number(cell) for cell in row):
            return True
    return False


def _reading_order(grid: object, blank: Hashable) -> tuple[Hashable, list[Hashable]]:
    """The blank's label and the other labels in reading order (no sorting: any mix of types).

    The blank is ``blank`` if given, else the one cell that is ``None``, ``""``,
    ``" "``, ``"_"`` or ``"."``; `Board.labelled` then checks the rest.
    """
    cells = flat_from(grid, None)[2]
    check_hashable(cells, grid)
    if blank is None:
        candidates = [cell for cell in cells if cell in LABEL_BLANKS]
        if len(candidates) != 1:
            raise InvalidBoardError(
                "cannot tell the blank: pass blank=<label of the empty cell>", grid
            )
        blank = candidates[0]
    return blank, [cell for cell in cells if cell != blank]


def check_goal(goal: object, *, blank: Hashable = None) -> None:
    """Raise `InvalidBoardError` ("bad goal: ...") unless ``goal`` can be a goal; else None.

    >>> check_goal("first"), check_goal([["a", "b"], [1, None]])
    (None, None)
    >>> check_goal("1 2/3")
    Traceback (most recent call last):
    ...
    slidingtiles._errors.InvalidBoardError: bad goal: row 2 has 1 tiles but row 1 has 2

    What `solve_many` checks once, before the first board: the goal alone,
    as `board_and_goal` would read it (rows of labels in their own reading
    order). Whether it fits each board is each board's business.
    """
    goal = plain(goal)
    if goal is None or (isinstance(goal, str) and goal in ("last", "first")):
        return
    try:
        if isinstance(goal, Board):
            return
        if blank is not None or _is_labelled_grid(goal):
            label, order = _reading_order(goal, blank)
            Board.labelled(goal, blank=label, order=order)  # type: ignore[arg-type]
        else:
            Board(goal)  # type: ignore[arg-type]
    except InvalidBoardError as error:
        raise InvalidBoardError(f"bad goal: {error}", goal) from None


def standard_goal(rows: int, cols: int, blank: Literal["last", "first"] = "last") -> Board:
    """`Board.goal`, the same board each time for small shapes (boards are immutable).

    >>> standard_goal(2, 2) is standard_goal(2, 2), standard_goal(2, 2).tiles
    (True, (1, 2, 3, 0))
    """
    if rows * cols > _REMEMBERED_CELLS:
        return Board.goal(rows, cols, blank)
    return _standard_goal(rows, cols, blank)


# Goals up to this many cells are made once (32 of them, a few hundred kB at most).
_REMEMBERED_CELLS = 1024


@functools.lru_cache(maxsize=32)
def _standard_goal(rows: int, cols: int, blank: Literal["last", "first"]) -> Board:
    return Board.goal(rows, cols, blank)


def board_and_goal(
    board: BoardLike,
    goal: GoalLike | str = None,
    *,
    blank: Hashable = None,
) -> tuple[Board, Board]:
    """Return (board, goal) as validated boards of the same shape and tiles.

    >>> b, g = board_and_goal("1 2/0 3", goal="first")
    >>> g.tiles
    (0, 1, 2, 3)
    >>> b, g = board_and_goal([["b", "a"], ["_", "c"]], [["a", "b"], ["c", "_"]])
    >>> b.tiles, g.tiles
    ((2, 1, 0, 3), (1, 2, 3, 0))

    ``goal`` defaults to tiles in order with the blank last; ``"first"`` puts
    the blank first. Grids of labels (any hashable but numbers) are numbered
    in the goal's reading order; ``blank`` names their empty cell. numpy
    arrays (of integers, or of strings for labels) read as their nested lists.
    Raises `InvalidBoardError` for a bad board and `GoalMismatchError` when
    the goal has another shape or other labels.
    """
    if blank is None and type(board) is Board and board.labels is None and goal is None:
        return board, standard_goal(board.rows, board.cols, "last")  # checked already
    board, goal = plain(board), plain(goal)  # type: ignore[assignment]
    if blank is not None or _is_labelled_grid(board) or _is_labelled_grid(goal):
        return _labelled_pair(board, goal, blank)
    start = board if isinstance(board, Board) else Board(board)  # type: ignore[arg-type]
    if goal is None or (isinstance(goal, str) and goal in ("last", "first")):
        target = standard_goal(start.rows, start.cols, "first" if goal == "first" else "last")
        if start.labels is not None:
            target = trusted_board(target.rows, target.cols, target.tiles, start.labels)
    else:
        try:
            target = goal if isinstance(goal, Board) else Board(goal)  # type: ignore[arg-type]
        except InvalidBoardError as error:
            raise InvalidBoardError(f"bad goal: {error}", goal) from None
    if target.shape != start.shape:
        raise GoalMismatchError(
            f"the goal is {target.rows}x{target.cols} but the board is {start.rows}x{start.cols}",
            goal,
        )
    if target.labels != start.labels:
        raise GoalMismatchError("the goal's labels differ from the board's", goal)
    return start, target


def _labelled_pair(board: object, goal: object, blank: Hashable) -> tuple[Board, Board]:
    if isinstance(board, (str, Board)):
        raise InvalidBoardError(
            f"blank={blank!r} names the empty cell of a board given as rows of labels, "
            f"not of {'text' if isinstance(board, str) else 'a Board'}",
            board,
        )
    if not _is_labelled_grid(board) and blank is None:
        raise InvalidBoardError("give the board as rows of labels to match a labelled goal", board)
    grid: Sequence[Sequence[Hashable]] = board  # type: ignore[assignment]
    blank_label, own_order = _reading_order(grid, blank)
    if goal is None or goal == "last" or goal == "first":
        try:
            order = sorted(own_order)  # type: ignore[type-var]
        except TypeError:
            kinds = sorted({type(label).__name__ for label in own_order})
            raise InvalidBoardError(
                f"labels of mixed types ({', '.join(kinds)}) have no natural order, so there "
                "is no default goal: give the goal as rows of labels",
                board,
            ) from None
        start = Board.labelled(grid, blank=blank_label, order=order)
        target = standard_goal(start.rows, start.cols, "first" if goal == "first" else "last")
        return start, trusted_board(target.rows, target.cols, target.tiles, start.labels)
    if not _is_labelled_grid(goal) and not (
        isinstance(goal, Sequence) and not isinstance(goal, (str, bytes))
    ):
        raise GoalMismatchError("a labelled board needs its goal as rows of labels", goal)
    goal_grid: Sequence[Sequence[Hashable]] = goal  # type: ignore[assignment]
    try:
        order = [cell for cell in flat_from(goal_grid, None)[2] if cell != blank_label]
        target = Board.labelled(goal_grid, blank=blank_label, order=order)
    except InvalidBoardError as error:
        raise InvalidBoardError(f"bad goal: {error}", goal) from None
    assert target.labels is not None
    try:
        start = Board.labelled(grid, blank=blank_label, order=target.labels[1:])
    except InvalidBoardError as error:
        raise GoalMismatchError(f"board and goal do not match: {error}", goal) from None
    if start.shape != target.shape:
        raise GoalMismatchError(
            f"the goal is {target.rows}x{target.cols} but the board is {start.rows}x{start.cols}",
            goal,
        )
    return start, target
