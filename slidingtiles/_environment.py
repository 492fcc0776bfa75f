"""Every environment variable slidingtiles reads, and the one check of them all.

>>> check_environment()  # nothing wrong: nothing happens
>>> [variable.name for variable in VARIABLES][:2]
['SLIDINGTILES_IMPLEMENTATION', 'SLIDINGTILES_BUILD_TABLES']

Each variable is read where it acts: the implementation once, when the
package is imported (`slidingtiles._engine.dispatch`, which never lets a bad
value stop the import: it warns on first use and substitutes); the others on
each call that needs them. `check_environment` runs every check at once, so
a bad value can be reported before any work starts: the command line calls
it first (one line, exit 2, whatever the command), and so can a program that
would rather fail than fall back.
"""

from __future__ import annotations

from collections.abc import Callable

import attrs

from slidingtiles._accel import ENV_IMPLEMENTATION
from slidingtiles._cache import ENV_CACHE_DIR
from slidingtiles._engine import dispatch
from slidingtiles._engine.resources import ENV_MEMORY, memory_setting
from slidingtiles._heuristics._pdb.first_use import ENV_BUILD_TABLES, implicit_builds_allowed

__all__ = ["VARIABLES", "Variable", "check_environment"]


@attrs.frozen
class Variable:
    """One environment variable: its name, what it accepts, and the check of its value.

    Attributes:
        name: the variable.
        accepts: the values it takes, in words.
        check: raises the documented error (a `SlidingTilesError`) for a bad value.
    """

    name: str
    accepts: str
    check: Callable[[], object]


def _implementation() -> None:
    if dispatch.UNUSABLE is not None:
        raise dispatch.UNUSABLE


def _nothing() -> None:
    """Any value is a path; one that cannot be used is reported where a table is written."""


#: The variables, in the order they are checked.
VARIABLES = (
    Variable(ENV_IMPLEMENTATION, "auto, python or numba (numba must import)", _implementation),
    Variable(
        ENV_BUILD_TABLES, "1, true, yes, on; or 0, never, false, no, off", implicit_builds_allowed
    ),
    Variable(ENV_MEMORY, "a size in bytes, with k, M or G", memory_setting),
    Variable(ENV_CACHE_DIR, "a directory (made when a table is first written)", _nothing),
)


def check_environment() -> None:
    """Raise the first problem with a slidingtiles environment variable, naming it and its value.

    >>> import os
    >>> os.environ["SLIDINGTILES_BUILD_TABLES"] = "sometimes"
    >>> check_environment()  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    slidingtiles._errors.PatternDatabaseError: SLIDINGTILES_BUILD_TABLES='sometimes' is not ...
    >>> del os.environ["SLIDINGTILES_BUILD_TABLES"]

    Raises `BackendError` (an ImportError) for ``SLIDINGTILES_IMPLEMENTATION``
    naming no implementation, or ``numba`` where numba cannot be imported (as
    it was when the package was imported: the choice is made once); and
    `PatternDatabaseError` (a ValueError) for ``SLIDINGTILES_BUILD_TABLES`` or
    ``SLIDINGTILES_BUILD_MEMORY`` holding what they do not take. Without this
    call the library goes on where it can: another implementation after one
    `BackendWarning`; the other two raise when a solve or a build reads them.
    O(1): nothing is imported or built.
    """
    for variable in VARIABLES:
        variable.check()
