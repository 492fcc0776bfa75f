"""What a heuristic may return, and the wrapper that holds a user's heuristic to it in a search.

>>> whole(3), whole(3.0), whole(2.5), whole(None), whole(-1)
(3, 3, None, None, None)

A heuristic estimates a number of moves, so its value must be a whole number
from 0 to `MAX_HEURISTIC` (2**53) (an int, a numpy integer, a `Fraction` or a
float such as ``3.0``) and 0 at the goal: one rule, `whole`, for every door.
Anything else is a mistake in the heuristic, and it is refused with a
`HeuristicError` naming the heuristic and the board, never left to fail deep
inside a search or to mislead it: NaN compares false with everything, so a
heap ordered by it returns wrong answers without a word.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from numbers import Real
from typing import Any

from slidingtiles._board.board import Board
from slidingtiles._errors import HeuristicError, HeuristicTypeError
from slidingtiles.search._checks import MAX_HEURISTIC, heuristic_number

__all__ = ["MAX_HEURISTIC", "bad_value", "evaluate", "measured", "raised", "searching", "whole"]


def whole(value: object) -> int | None:
    """``value`` as an int if it is a whole number from 0 to `MAX_HEURISTIC` (no bool), else None.

    The rule of `search._checks.heuristic_number` (a real number in range),
    plus whole and >= 0: what every door that searches tiles accepts.
    """
    if type(value) is int and 0 <= value <= MAX_HEURISTIC:
        return value
    number = heuristic_number(value)
    return number if type(number) is int and number >= 0 else None


def measured(value: object) -> float | None:
    """``value`` as a number `check` can report (negative, fractional), or None (raise).

    >>> measured(2.5), measured(-1), measured(10**400), measured(1j)
    (2.5, -1, None, None)
    """
    return heuristic_number(value)


def bad_value(name: str, tiles: tuple[int, ...], goal: Board, value: object) -> HeuristicError:
    """The error for a value that is not a whole number >= 0 (`HeuristicTypeError` if no number).

    >>> print(bad_value("h", (1, 0, 2, 3), Board.goal(2, 2), None))
    heuristic 'h' returned None on the board 1 0/2 3: a heuristic returns a whole number of moves >= 0
    """  # noqa: E501
    board = Board(tiles, shape=goal.shape, labels=goal.labels)
    where = f"heuristic {name!r} returned {value!r} on the board {board.to_text()}"
    if isinstance(value, bool) or not isinstance(value, Real):
        return HeuristicTypeError(
            f"{where}: a heuristic returns a whole number of moves >= 0",
            value,
            heuristic=name,
            board=board,
        )
    real: Any = value  # a numbers.Real, compared as its type compares
    if _is_nan(real):
        why = "NaN compares false with everything, so a search ordered by it goes wrong"
    elif real in (math.inf, -math.inf):
        why = "infinite (every solvable board is a finite number of moves from its goal)"
    elif real < 0:
        why = "negative (no board is less than 0 moves from its goal)"
    elif real > MAX_HEURISTIC:
        why = (
            f"out of range (a heuristic's value is at most 2**53 = {MAX_HEURISTIC:,}, the "
            "largest whole number a float holds exactly)"
        )
    else:
        why = (
            "not a whole number of moves (every move costs 1: round it up with math.ceil, "
            "which keeps an admissible estimate admissible)"
        )
    return HeuristicError(f"{where}: {why}", value, heuristic=name, board=board)


def _is_nan(value: object) -> bool:
    """True for a NaN of any type (it is the only value unequal to itself)."""
    return value != value


def raised(
    name: str, function: object, tiles: tuple[int, ...], goal: Board, exc: Exception
) -> HeuristicError:
    """The error for a heuristic that raised ``exc`` on these tiles."""
    board = Board(tiles, shape=goal.shape, labels=goal.labels)
    return HeuristicError(
        f"heuristic {name!r} raised {type(exc).__name__} on the board {board.to_text()}: {exc}",
        function,
        heuristic=name,
        board=board,
    )


def evaluate(
    name: str, function: Callable[[tuple[int, ...]], object], tiles: tuple[int, ...], goal: Board
) -> int:
    """``function(tiles)`` as an int, or the `HeuristicError` saying what went wrong.

    >>> evaluate("h", lambda tiles: 1 / 0, (1, 0, 2, 3), Board.goal(2, 2))
    Traceback (most recent call last):
    ...
    slidingtiles._errors.HeuristicError: heuristic 'h' raised ZeroDivisionError on the board 1 0/2 3: division by zero

    An exception from the heuristic is kept as the error's ``__cause__``
    (MemoryError and KeyboardInterrupt pass through as they are).
    """  # noqa: E501
    try:
        value = function(tiles)
    except MemoryError:
        raise
    except Exception as exc:
        raise raised(name, function, tiles, goal, exc) from exc
    number = whole(value)
    if number is None:
        raise bad_value(name, tiles, goal, value)
    return number


def searching(
    name: str, function: Callable[[tuple[int, ...]], object], goal: Board
) -> Callable[[Any], int]:
    """``state -> h(state.tiles)`` for the generic search, every value checked as it comes.

    >>> h = searching("h", lambda tiles: None if tiles[0] == 2 else 1, Board.goal(2, 2))
    >>> class State:
    ...     tiles = (2, 1, 3, 0)
    >>> h(State())
    Traceback (most recent call last):
    ...
    slidingtiles._errors.HeuristicTypeError: heuristic 'h' returned None on the board 2 1/3 0: a heuristic returns a whole number of moves >= 0

    ``function`` gets the state's own tiles, a tuple: nothing it does can
    change the search's states (a heuristic over `Board` gets a fresh board
    on every call, `HeuristicInfo.for_goal`; a compiled one, lists copied
    afresh, `CompiledHeuristic.for_goal`). A plain int from 0 to
    `MAX_HEURISTIC` costs one type test and two comparisons beyond the call
    (measured in docs/custom-heuristic.md); any other value goes through
    `evaluate`'s checks.
    """  # noqa: E501

    def h(state: Any) -> int:
        tiles = state.tiles
        try:
            value = function(tiles)
        except MemoryError:
            raise
        except Exception as exc:
            raise raised(name, function, tiles, goal, exc) from exc
        if type(value) is int and 0 <= value <= MAX_HEURISTIC:
            return value
        number = whole(value)
        if number is None:
            raise bad_value(name, tiles, goal, value)
        return number

    return h
