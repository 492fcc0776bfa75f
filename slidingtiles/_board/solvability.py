"""Solvability by parity, for any board shape and any goal."""

from __future__ import annotations

import math
from collections.abc import Hashable

import attrs

from slidingtiles._board import geometry
from slidingtiles._board.board import Board, BoardLike
from slidingtiles._board.coerce import GoalLike, board_and_goal

__all__ = ["Solvability", "is_solvable", "parity_solvable", "solvability", "solvable_count"]


@attrs.frozen
class Solvability:
    """The verdict on whether a board can reach its goal, with the numbers behind it.

    >>> report = solvability("1 2 3/4 5 6/8 7 0")
    >>> bool(report), report.permutation_parity, report.blank_distance, report.inversions
    (False, 1, 0, 1)

    Attributes:
        solvable: whether the goal is reachable.
        permutation_parity: 0 if the board is an even permutation of the goal's
            cells (blank included), 1 if odd.
        blank_distance: taxicab distance from the blank to its goal cell.
        inversions: pairs of tiles out of goal order, reading row by row and
            skipping the blank (the count the classic rules use).
        blank_row_shift: rows between the blank and its goal row.
        width: the number of columns (the classic rules depend on its parity).
        reason: one or two sentences a person can read.

    ``bool(report)`` is ``report.solvable``.
    """

    solvable: bool
    permutation_parity: int
    blank_distance: int
    inversions: int
    blank_row_shift: int
    width: int
    reason: str

    def __bool__(self) -> bool:
        return self.solvable


def _permutation_parity(tiles: tuple[int, ...], goal: tuple[int, ...]) -> int:
    """Parity of the permutation taking goal cells to board cells (swaps that sort it).

    Each swap puts one cell's tile home, so a board n swaps from sorted costs
    n swaps plus one look a cell (a board near its goal: hardly more than the looks).
    """
    where = geometry.home_of(goal)
    home = list(map(where.__getitem__, tiles))  # home[cell]: where the tile there belongs
    swaps = 0
    for cell in range(len(home)):
        target = home[cell]
        while target != cell:
            home[cell], home[target] = home[target], target
            swaps += 1
            target = home[cell]
    return swaps % 2


def _verdict(board: Board, goal: Board) -> Solvability:
    rows, cols = board.shape
    blank_row, blank_col = board.blank_position
    goal_row, goal_col = goal.blank_position
    distance = abs(blank_row - goal_row) + abs(blank_col - goal_col)
    parity = _permutation_parity(board.tiles, goal.tiles)
    inversions = geometry.inversions(board.tiles, goal.tiles)
    shift = abs(blank_row - goal_row)
    if rows == 1 or cols == 1:
        # A single line never reorders its tiles: only the blank's place can change.
        same_order = [t for t in board.tiles if t] == [t for t in goal.tiles if t]
        reason = (
            "solvable: on a single row or column the tiles keep their order, and here "
            "it is the goal's order"
            if same_order
            else "unsolvable: on a single row or column the tiles can never change order, "
            "and here they are not in the goal's order"
        )
        return Solvability(same_order, parity, distance, inversions, shift, cols, reason)
    solvable = parity == distance % 2
    names = ("even", "odd")
    numbers = (
        f"the board is an {names[parity]} permutation of the goal (blank included) and "
        f"the blank is {distance} move{'s' * (distance != 1)} ({names[distance % 2]}) "
        "from its goal cell"
    )
    if cols % 2:
        classic = (
            f"classic rule, width {cols} is odd: {inversions} inversion"
            f"{'s' * (inversions != 1)}, {names[inversions % 2]}; solvable needs even"
        )
    else:
        classic = (
            f"classic rule, width {cols} is even: {inversions} inversion"
            f"{'s' * (inversions != 1)} + {shift} row{'s' * (shift != 1)} between the blank and "
            f"its goal row = {inversions + shift}, {names[(inversions + shift) % 2]}; "
            "solvable needs even"
        )
    if solvable:
        reason = f"solvable: {numbers}, and the two parities agree ({classic})"
    else:
        reason = (
            f"unsolvable: {numbers}; every move flips both parities, so they can never "
            f"agree ({classic}). Swapping any two tiles would make it solvable"
        )
    return Solvability(solvable, parity, distance, inversions, shift, cols, reason)


def parity_solvable(board: Board, goal: Board) -> bool:
    """Whether checked ``board`` can reach ``goal``: `solvability`'s verdict without its report.

    >>> parity_solvable(Board("1 2 3/4 5 6/8 7 0"), Board.goal(3, 3))
    False

    The same rule (the permutation's parity against the blank's distance;
    tile order on a single row or column), for `solve`'s door: O(n), no words.
    """
    if board.rows == 1 or board.cols == 1:
        return [t for t in board.tiles if t] == [t for t in goal.tiles if t]
    (blank_row, blank_col), (goal_row, goal_col) = board.blank_position, goal.blank_position
    distance = abs(blank_row - goal_row) + abs(blank_col - goal_col)
    return _permutation_parity(board.tiles, goal.tiles) == distance % 2


def solvability(
    board: BoardLike, goal: GoalLike | str = None, *, blank: Hashable = None
) -> Solvability:
    """Return whether ``board`` can reach ``goal``, and why, as a `Solvability` report.

    >>> print(solvability("1 2 3/4 5 6/8 7 0").reason)  # doctest: +NORMALIZE_WHITESPACE
    unsolvable: the board is an odd permutation of the goal (blank included) and the
    blank is 0 moves (even) from its goal cell; every move flips both parities, so they
    can never agree (classic rule, width 3 is odd: 1 inversion, odd; solvable needs
    even). Swapping any two tiles would make it solvable

    The rule works for every shape and goal: each move swaps the blank with a
    tile, which flips the parity of the permutation and changes the blank's
    taxicab distance to its goal cell by one, so a board is solvable exactly
    when the two parities agree (sufficiency holds on every board with at
    least 2 rows and 2 columns; single rows and columns are decided by tile
    order). The classic inversion rules are special cases: with an odd width
    the inversion count must be even; with an even width the inversion count
    plus the number of rows between the blank and its goal row must be even.
    Cost: O(n log n) for n cells. ``goal`` and ``blank`` are as in
    `board_and_goal`.
    """
    start, target = board_and_goal(board, goal, blank=blank)
    return _verdict(start, target)


def is_solvable(board: BoardLike, goal: GoalLike | str = None, *, blank: Hashable = None) -> bool:
    """Return True if ``goal`` can be reached from ``board`` (see `solvability` for why).

    >>> is_solvable("8 1 3/4 0 2/7 6 5"), is_solvable("1 2 3/4 5 6/8 7 0")
    (True, False)
    """
    start, target = board_and_goal(board, goal, blank=blank)
    return parity_solvable(start, target)


def solvable_count(rows: int, cols: int) -> int:
    """The number of boards that can reach a goal of this shape (the goal included).

    >>> solvable_count(3, 3), solvable_count(2, 5), solvable_count(1, 4)
    (181440, 1814400, 4)

    Half of all permutations on boards of at least two rows and two columns;
    on a single row or column the tiles keep their order, so one board per
    blank cell.
    """
    cells = rows * cols
    return cells if rows == 1 or cols == 1 else math.factorial(cells) // 2
