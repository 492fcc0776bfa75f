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
from collections.abc import Callable
from numbers import Real
from typing import Any, Protocol, TypeVar, overload

import attrs

from slidingtiles._errors import HeuristicError, InvalidOptionError, OptionTypeError
from slidingtiles.search._protocol import State

# A search's result type (`SearchResult`), kept by `kept_promise`.
_R = TypeVar("_R", bound="SearchResultLike")

__all__ = [
    "MAX_HEURISTIC",
    "check_batch_size",
    "check_callback",
    "check_heuristic",
    "check_limits",
    "check_start",
    "check_weight",
    "checked_heuristic",
    "describe",
    "held_on_path",
    "heuristic_number",
    "kept_promise",
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
            TypeError,
            f"{algorithm}: weight must be a number, got {describe(weight)}",
            "weight",
            weight,
            documented,
        )
    w = float(weight)
    if not (1.0 <= w < math.inf):  # also rejects NaN
        raise problem(
            ValueError,
            f"{algorithm}: weight must be a finite number >= 1, got {weight!r}",
            "weight",
            weight,
            documented,
        )
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
            TypeError,
            f"{algorithm}: {name} must be an int or None, got {describe(value)}",
            name,
            value,
            documented,
        )
    if value <= 0:
        raise problem(
            ValueError,
            f"{algorithm}: {name} must be positive, got {name}={value!r}",
            name,
            value,
            documented,
        )
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
            TypeError,
            f"{door}: {name} must be a whole number, got {describe(value)}",
            name,
            value,
            documented,
        )
    if value < least:
        raise problem(
            ValueError,
            f"{door}: {name} must be at least {least}, got {value!r}",
            name,
            value,
            documented,
        )
    return int(value)


def _positive_seconds(algorithm: str, value: object, documented: bool) -> float | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, Real):
        raise problem(
            TypeError,
            f"{algorithm}: time_limit must be a number of seconds or None, got {describe(value)}",
            "time_limit",
            value,
            documented,
        )
    try:
        seconds = float(value)
    except OverflowError:  # a whole number past any float (10**400): positive, so no limit
        whole: Any = value
        seconds = math.inf if whole > 0 else -math.inf
    if not seconds > 0:  # also rejects NaN
        raise problem(
            ValueError,
            f"{algorithm}: time_limit must be positive, got time_limit={value!r}",
            "time_limit",
            value,
            documented,
        )
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
    None; ``time_limit`` a positive number of seconds (``inf``, or an int past
    any float such as ``10**400``, means none: returned as ``inf``) or None;
    ``progress`` a callable or None. NaN, zero, negatives, bools and strings
    are refused. With ``documented=True`` the errors are
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
            name,
            value,
            documented,
        )


#: The largest value a heuristic may return, in every search of the package: 2**53, the
#: largest whole number a float holds exactly (f = g + w x h stays exact, and the numba
#: kernels' int64 sums of g and h cannot wrap around).
MAX_HEURISTIC = 2**53


def heuristic_number(value: object) -> int | float | None:
    """A heuristic's value as an int or float if it is a real number in range, else None.

    Example:
        >>> [heuristic_number(v) for v in (3, 2.5, -1, 10**400, float("nan"), True, 1j)]
        [3, 2.5, -1, None, None, None, None]

    The one rule for a heuristic's value, read by every door (`solve`, the
    generic searches, `heuristics.check`, the claims' checks, the tile
    engine): a real number (`numbers.Real`: int, float, numpy's integers and
    floats, `fractions.Fraction`; not a bool, not a complex) between
    ``-MAX_HEURISTIC`` and `MAX_HEURISTIC`, NaN excluded. Negative values are
    returned (the callers refuse them, or `check` reports them); whole values
    come back as ints, others as floats. Compared exactly before any
    conversion, so ``10**400`` is out of range, not an OverflowError.
    """
    if type(value) is int:
        return value if -MAX_HEURISTIC <= value <= MAX_HEURISTIC else None
    if type(value) is float:
        if -MAX_HEURISTIC <= value <= MAX_HEURISTIC:  # NaN fails
            return int(value) if value.is_integer() else value
        return None
    if isinstance(value, bool) or not isinstance(value, Real):
        return None
    real: Any = value  # numbers.Real: compared and converted exactly, as its type does
    try:
        if not -MAX_HEURISTIC <= real <= MAX_HEURISTIC:  # NaN fails; exact for Fractions
            return None
        whole = int(real)
        if whole == real:
            return whole
        number = float(real)
    except (TypeError, ValueError, OverflowError, ArithmeticError):
        return None
    return number if math.isfinite(number) else None


@overload
def checked_heuristic(algorithm: str, heuristic: None) -> None: ...
@overload
def checked_heuristic(
    algorithm: str, heuristic: Callable[[Any], float]
) -> Callable[[Any], float]: ...
@overload
def checked_heuristic(
    algorithm: str, heuristic: Callable[[Any], float] | None
) -> Callable[[Any], float] | None: ...
def checked_heuristic(
    algorithm: str, heuristic: Callable[[Any], float] | None
) -> Callable[[Any], float] | None:
    """``heuristic`` with each value held to `heuristic_number`'s rule and >= 0 (None stays).

    Example:
        >>> checked_heuristic("astar", lambda state: 10**400)("s")  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        slidingtiles._errors.HeuristicError: astar: the heuristic '<lambda>' returned 1000...

    What the generic searches call: a value that is not a real number from 0
    to `MAX_HEURISTIC` (NaN, a negative, ``10**400``, a complex, None) raises
    `HeuristicError` (a ValueError) naming the heuristic and the state, never
    an OverflowError or a silently misordered frontier. ``math.inf`` is
    allowed here (and only here: every tile board is a finite distance from
    its goal): a state from which no goal can be reached. An int or float in
    range costs one type test and one comparison.
    """
    if heuristic is None:
        return None
    name = getattr(heuristic, "__name__", type(heuristic).__name__)

    def h(state: Any) -> float:
        value = heuristic(state)
        kind = type(value)
        if (kind is int or kind is float) and 0 <= value <= MAX_HEURISTIC:
            return value
        if value == math.inf:  # no goal from this state (a dead end): never expanded
            return math.inf
        number = heuristic_number(value)
        if number is None or number < 0:
            shown = repr(value)
            if len(shown) > 60:
                shown = shown[:40] + "..." + shown[-10:]
            raise HeuristicError(
                f"{algorithm}: the heuristic {name!r} returned {shown} on the state {state!r}: "
                f"a heuristic's value is a number from 0 to 2**53 (= {MAX_HEURISTIC:,})",
                value,
                heuristic=name,
            )
        return number

    return h


def held_on_path(result: Any, heuristic: Callable[[Any], float]) -> bool:
    """True when ``h(state) <= cost left`` holds on every state of a result's own path.

    Example:
        >>> from slidingtiles.search._example import Vertex
        >>> from slidingtiles.search import astar
        >>> r = astar(Vertex.of({"a": {"b": 1}, "b": {"c": 1}}, "a", goal="c"))
        >>> left = {"a": 2, "b": 1, "c": 0}
        >>> held_on_path(r, lambda v: left[v.name]), held_on_path(r, lambda v: 3 * left[v.name])
        (True, False)

    The check a search makes of an ``admissible=True`` promise before it
    reports a result optimal: the cost left from a state of the path is at
    least its true distance, so a value above it is a proven overestimate.
    One value per state and one ``successors()`` call per step (to read the
    step's cost); a relative tolerance of 1e-9 absorbs float sums.
    """
    path, actions = result.path, result.actions
    costs = []
    for state, action, nxt in zip(path, actions, path[1:]):
        step = next((c for a, t, c in state.successors() if a == action and t == nxt), None)
        costs.append(0.0 if step is None else float(step))
    left = sum(costs)
    for index, state in enumerate(path):
        if heuristic(state) > left + 1e-9 * max(1.0, left):
            return False
        if index < len(costs):
            left -= costs[index]
    return True


class SearchResultLike(Protocol):
    """What `kept_promise` reads of a result: its path, actions and the optimal flag."""

    @property
    def optimal(self) -> bool: ...


def kept_promise(result: _R, heuristic: Callable[[Any], float] | None) -> _R:
    """``result``, or a copy with ``optimal=False`` when its heuristic fails on its own path.

    The last step of `astar` and `idastar`: an ``optimal`` result resting on
    an ``admissible=True`` promise is kept optimal only if `held_on_path`.
    """
    if heuristic is None or not result.optimal or held_on_path(result, heuristic):
        return result
    return attrs.evolve(result, optimal=False)  # type: ignore[misc]


def check_batch_size(where: str, batch_size: object, *, documented: bool = False) -> int:
    """``batch_size`` as an int >= 1, or the error naming it.

    Example:
        >>> check_batch_size("bwas", 0)
        Traceback (most recent call last):
        ...
        ValueError: bwas: batch_size must be an int >= 1, got 0 (int)

    ``documented=True`` (the door of `solve`) raises `InvalidOptionError` and
    `OptionTypeError` instead of ValueError and TypeError.
    """
    if isinstance(batch_size, bool) or not isinstance(batch_size, int):
        raise problem(
            TypeError,
            f"{where}: batch_size must be an int >= 1, got {describe(batch_size)}",
            "batch_size",
            batch_size,
            documented,
        )
    if batch_size < 1:
        raise problem(
            ValueError,
            f"{where}: batch_size must be an int >= 1, got {describe(batch_size)}",
            "batch_size",
            batch_size,
            documented,
        )
    return batch_size
