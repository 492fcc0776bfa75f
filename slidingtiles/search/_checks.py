"""The checks of a search's arguments: one set of rules for every limit, at two doors.

Example:
    >>> check_limits("astar", max_nodes=10, time_limit=None)
    (10, None, None)

The rules (`check_limits`) are used twice: at the door of `solve`,
`solve_many` and the command line (``documented=True``: the library's
`InvalidOptionError` and `OptionTypeError`, before any work starts), and by
each `Guard` (plain ValueError and TypeError, for the generic search, which
serves any domain). `problem` makes the error of either kind, and
`describe` names a bad value with its type, for every check of the package.
"""

from __future__ import annotations

import math
import numbers
from numbers import Real

from slidingtiles._errors import InvalidOptionError, OptionTypeError
from slidingtiles.search._protocol import State

__all__ = [
    "check_callback",
    "check_heuristic",
    "check_limits",
    "check_start",
    "check_weight",
    "describe",
    "positive_int",
    "problem",
    "whole_number",
]


def describe(value: object) -> str:
    """A bad value as error messages name it: its repr and its type.

    Example:
        >>> describe([1])
        '[1] (list)'
    """
    return f"{value!r} ({type(value).__name__})"


def problem(
    kind: type[Exception], message: str, option: str, value: object, documented: bool
) -> Exception:
    """The error for a bad option: the library's classes at the door, plain ones in a search."""
    if not documented:
        return kind(message)
    if issubclass(kind, TypeError):
        return OptionTypeError(message, value, option=option)
    return InvalidOptionError(message, value, option=option)


def check_start(algorithm: str, start: object) -> None:
    """Raise TypeError unless ``start`` looks like a `State`.

    Example:
        >>> check_start("astar", [1, 2])  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        TypeError: astar: start must be a State ...; got [1, 2] (list)
    """
    if not isinstance(start, State):
        raise TypeError(
            f"{algorithm}: start must be a State with successors() and is_goal(), "
            f"and hashable; got {describe(start)}"
        )


def check_heuristic(algorithm: str, heuristic: object, *, required: bool) -> None:
    """Raise TypeError unless ``heuristic`` is callable (or None, when it is optional).

    Example:
        >>> check_heuristic("greedy", None, required=True)
        Traceback (most recent call last):
        ...
        TypeError: greedy: heuristic must be callable (state -> float), got None (NoneType)
    """
    if heuristic is None and not required:
        return
    if not callable(heuristic):
        raise TypeError(
            f"{algorithm}: heuristic must be callable (state -> float), got {describe(heuristic)}"
        )


def check_weight(algorithm: str, weight: object, *, documented: bool = False) -> float:
    """Return ``weight`` as a float, or raise if it is not a finite number ``>= 1``.

    Example:
        >>> check_weight("astar", 2)
        2.0
        >>> check_weight("astar", 0.5)
        Traceback (most recent call last):
        ...
        ValueError: astar: weight must be a finite number >= 1, got 0.5

    ``documented=True`` raises `InvalidOptionError` / `OptionTypeError` instead
    (the same message), as `solve` does at its door.
    """
    if isinstance(weight, bool) or not isinstance(weight, Real):
        raise problem(
            TypeError, f"{algorithm}: weight must be a number, got {describe(weight)}",
            "weight", weight, documented,
        )  # fmt: skip
    w = float(weight)
    if not (1.0 <= w < math.inf):  # also rejects NaN
        raise problem(
            ValueError, f"{algorithm}: weight must be a finite number >= 1, got {weight!r}",
            "weight", weight, documented,
        )  # fmt: skip
    return w


def positive_int(algorithm: str, name: str, value: object, documented: bool) -> int | None:
    """Return ``value`` as an int if it is a positive whole number (or None), else raise.

    Example:
        >>> positive_int("bfs", "max_nodes", 3, False), positive_int("bfs", "x", None, False)
        (3, None)
    """
    if value is None:
        return None
    # numpy integers count (numbers.Integral); bools and whole floats do not.
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise problem(
            TypeError, f"{algorithm}: {name} must be an int or None, got {describe(value)}",
            name, value, documented,
        )  # fmt: skip
    if value <= 0:
        raise problem(
            ValueError, f"{algorithm}: {name} must be positive, got {name}={value!r}",
            name, value, documented,
        )  # fmt: skip
    return int(value)


def whole_number(
    door: str, name: str, value: object, least: int = 0, documented: bool = True
) -> int:
    """Return ``value`` as an int if it is a whole number ``>= least``, else raise naming it.

    Example:
        >>> whole_number("scrambles", "max_moves", 3)
        3
        >>> whole_number("scrambles", "max_moves", -1)  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        slidingtiles._errors.InvalidOptionError: scrambles: max_moves must be at least 0, got -1

    numpy integers count; bools, floats and strings do not (`OptionTypeError`).
    """
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise problem(
            TypeError, f"{door}: {name} must be a whole number, got {describe(value)}",
            name, value, documented,
        )  # fmt: skip
    if value < least:
        raise problem(
            ValueError, f"{door}: {name} must be at least {least}, got {value!r}",
            name, value, documented,
        )  # fmt: skip
    return int(value)


def _positive_seconds(algorithm: str, value: object, documented: bool) -> float | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, Real):
        raise problem(
            TypeError,
            f"{algorithm}: time_limit must be a number of seconds or None, got {describe(value)}",
            "time_limit", value, documented,
        )  # fmt: skip
    seconds = float(value)
    if not seconds > 0:  # also rejects NaN
        raise problem(
            ValueError, f"{algorithm}: time_limit must be positive, got time_limit={value!r}",
            "time_limit", value, documented,
        )  # fmt: skip
    return seconds


def check_limits(
    algorithm: str,
    *,
    max_nodes: object = None,
    time_limit: object = None,
    max_memory: object = None,
    progress: object = None,
    documented: bool = False,
) -> tuple[int | None, float | None, int | None]:
    """Return ``(max_nodes, time_limit, max_memory)`` checked, or raise naming the bad one.

    Example:
        >>> check_limits("solve", max_nodes=10, time_limit=1)
        (10, 1.0, None)
        >>> check_limits("solve", time_limit=float("nan"), documented=True)  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        slidingtiles._errors.InvalidOptionError: solve: time_limit must be positive, got ...=nan

    ``max_nodes`` and ``max_memory`` are positive ints (numpy integers too) or
    None; ``time_limit`` a positive number of seconds (``inf`` means none) or
    None; ``progress`` a callable or None. NaN, zero, negatives, bools and
    strings are refused. With ``documented=True`` the errors are
    `InvalidOptionError` and `OptionTypeError` (ValueError and TypeError
    too), carrying ``option`` and ``value``; else plain ValueError and
    TypeError, with the same messages.
    """
    nodes = positive_int(algorithm, "max_nodes", max_nodes, documented)
    seconds = _positive_seconds(algorithm, time_limit, documented)
    memory = positive_int(algorithm, "max_memory", max_memory, documented)
    check_callback(algorithm, "progress", progress, "SearchStats -> None", documented)
    return nodes, seconds, memory


def check_callback(
    algorithm: str, name: str, value: object, signature: str, documented: bool
) -> None:
    """Raise the TypeError of its kind unless ``value`` is None or callable.

    Example:
        >>> check_callback("bfs", "on_event", print, "event -> None", False)
        >>> check_callback("bfs", "progress", 3, "SearchStats -> None", False)
        Traceback (most recent call last):
        ...
        TypeError: bfs: progress must be callable (SearchStats -> None) or None, got 3 (int)
    """
    if value is not None and not callable(value):
        raise problem(
            TypeError,
            f"{algorithm}: {name} must be callable ({signature}) or None, got {describe(value)}",
            name, value, documented,
        )  # fmt: skip
