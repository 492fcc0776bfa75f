"""The checks the public doors share: an option that names one of a few choices, or a count.

>>> check_choice("shorten", "fast", ("auto", "none"), where="f: ")
Traceback (most recent call last):
...
slidingtiles._errors.InvalidOptionError: f: unknown shorten 'fast'; choose from auto, none
>>> check_count("workers", 0, where="solve: ")
Traceback (most recent call last):
...
slidingtiles._errors.InvalidOptionError: solve: workers must be an int >= 1 or None, got 0

A wrong type raises `OptionTypeError` (also a TypeError), a wrong value
`InvalidOptionError` (also a ValueError), each carrying ``option`` and
``value``: the documented errors of `solve`, `solve_constructive` and
`solve_many`. The limits have their own rules (`check_limits`).
"""

from __future__ import annotations

from collections.abc import Collection
from numbers import Integral

from slidingtiles._errors import InvalidOptionError, OptionTypeError

__all__ = ["check_choice", "check_count", "check_max_nodes_bounds"]


def check_choice(option: str, value: object, choices: Collection[str], *, where: str = "") -> None:
    """Refuse ``value`` unless it is one of the strings ``choices``, naming ``option``."""
    names = ", ".join(choices)
    if not isinstance(value, str):
        raise OptionTypeError(
            f"{where}{option} must be one of {names}, not {value!r}", value, option=option
        )
    if value not in choices:
        raise InvalidOptionError(
            f"{where}unknown {option} {value!r}; choose from {names}", value, option=option
        )


def check_count(option: str, value: object, *, where: str = "") -> None:
    """Refuse ``value`` unless it is None or an int >= 1 (numpy's too), naming ``option``."""
    if value is None:
        return
    message = f"{where}{option} must be an int >= 1 or None, got {value!r}"
    if isinstance(value, bool) or not isinstance(value, Integral):
        raise OptionTypeError(message, value, option=option)
    if value < 1:
        raise InvalidOptionError(message, value, option=option)


def check_max_nodes_bounds(
    where: str, max_nodes: object, optimal: object, algorithm: object, weight: object
) -> None:
    """Refuse ``max_nodes`` where the short-solution methods or "reduce" run: it bounds nothing.

    >>> check_max_nodes_bounds("solve", 10, False, "auto", None)
    Traceback (most recent call last):
    ...
    slidingtiles._errors.InvalidOptionError: solve: max_nodes bounds a search's expansions, ...
    """
    short = optimal is not None and not optimal and algorithm == "auto" and weight is None
    if max_nodes is None or not (short or algorithm == "reduce"):
        return
    raise InvalidOptionError(
        f"{where}: max_nodes bounds a search's expansions, and "
        f"{'optimal=False' if algorithm == 'auto' else 'algorithm=' + repr(algorithm)} "
        "runs the short-solution methods, which are no single search (the constructive "
        "solver expands no nodes): bound them with time_limit (without it the answer "
        "is the same every run)",
        max_nodes,
        option="max_nodes",
    )
