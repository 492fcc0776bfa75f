"""Which implementation the user asked for, and where numba keeps its compiled code.

>>> requested_implementation() in IMPLEMENTATIONS
True

This module only reads the environment; the engine's dispatcher
(`slidingtiles._engine.dispatch`) turns the answer into kernels. The
implementation comes from ``SLIDINGTILES_IMPLEMENTATION``:

* ``auto`` (the default, also when unset or empty): numba when it imports,
  else pure Python;
* ``python``: the pure-Python kernels, numba never imported;
* ``numba``: the numba kernels, or `BackendError` when numba is missing.

Anything else is a `BackendError` too. The dispatcher does not let either stop
the import: it warns on first use and substitutes (see
`slidingtiles._engine.dispatch`), and ``slidingtiles.check_environment()``
raises it.
"""

from __future__ import annotations

import importlib.util
import os
import sys
from pathlib import Path

from slidingtiles._cache import user_cache_dir
from slidingtiles._errors import BackendError

__all__ = [
    "ENV_IMPLEMENTATION",
    "IMPLEMENTATIONS",
    "INSTALL_HINT",
    "numba_cache_dir",
    "numba_installed",
    "prepare_numba_cache",
    "prepare_numba_threads",
    "requested_implementation",
]

#: The environment variable that chooses the implementation.
ENV_IMPLEMENTATION = "SLIDINGTILES_IMPLEMENTATION"
#: Its accepted values.
IMPLEMENTATIONS = ("auto", "python", "numba")
#: How to install the ``fast`` extra: by name from an index, or from a source checkout (where
#: ``pip install "slidingtiles[fast]"`` looks the package up on PyPI and fails).
PIP_FAST = 'pip install "slidingtiles[fast]" (from a source checkout: pip install ".[fast]")'
#: What to tell a user who asked for numba without having it.
INSTALL_HINT = f"install the extra (numba and numpy): {PIP_FAST}"


def requested_implementation() -> str:
    """Return ``auto``, ``python`` or ``numba`` from the environment; raise `BackendError` else.

    >>> os.environ[ENV_IMPLEMENTATION] = "fortran"
    >>> requested_implementation()  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    slidingtiles._errors.BackendError: SLIDINGTILES_IMPLEMENTATION='fortran' is not ...
    >>> del os.environ[ENV_IMPLEMENTATION]
    """
    raw = os.environ.get(ENV_IMPLEMENTATION, "")
    requested = raw.strip().lower() or "auto"
    if requested not in IMPLEMENTATIONS:
        raise BackendError(
            f"{ENV_IMPLEMENTATION}={raw!r} is not an implementation; "
            f"choose from {', '.join(IMPLEMENTATIONS)}",
            raw,
        )
    return requested


def numba_installed() -> bool:
    """Return whether numba can be found, without importing it.

    >>> isinstance(numba_installed(), bool)
    True
    """
    if "numba" in sys.modules:
        return sys.modules["numba"] is not None
    try:
        return importlib.util.find_spec("numba") is not None
    except (ImportError, ValueError):
        return False


def _writable(directory: Path) -> bool:
    """Whether numba could create its ``__pycache__`` files in this directory."""
    pycache = directory / "__pycache__"
    target = pycache if pycache.is_dir() else directory
    return os.access(target, os.W_OK | os.X_OK)


def numba_cache_dir() -> Path | None:
    """Return the directory set as ``NUMBA_CACHE_DIR`` for compiled kernels, or None.

    >>> numba_cache_dir() is None or numba_cache_dir().name == "numba"
    True

    None means numba's own default applies: the user set ``NUMBA_CACHE_DIR``
    (never overridden), or the package directory is writable, in which case
    numba caches next to the source in ``__pycache__``. Otherwise (a
    read-only install) it is ``<slidingtiles cache>/numba``: the user cache
    directory (``~/.cache/slidingtiles/numba`` on Linux) or
    ``$SLIDINGTILES_CACHE_DIR/numba``.
    """
    if os.environ.get("NUMBA_CACHE_DIR"):
        return None
    if _writable(Path(__file__).resolve().parent):
        return None
    return user_cache_dir() / "numba"


def prepare_numba_cache() -> None:
    """Point numba's cache at the user cache before anything compiles (read-only installs).

    >>> prepare_numba_cache()  # nothing to do where the package directory is writable
    """
    directory = numba_cache_dir()
    if directory is None:
        return
    os.environ["NUMBA_CACHE_DIR"] = str(directory)
    config = sys.modules.get("numba.core.config")
    if config is not None:  # numba was imported before us: its config has read the variable
        config.CACHE_DIR = str(directory)  # type: ignore[attr-defined]


def prepare_numba_threads() -> None:
    """Have numba run its parallel loops on threads a fork survives, unless the user chose.

    >>> prepare_numba_threads()  # once NUMBA_THREADING_LAYER is set (by us or you): nothing

    Table builds run numba's parallel loops in this process. Where tbb is not
    installed numba's default is GNU OpenMP, after which every process forked
    from this one aborts at once ("fork() called from a process already using
    GNU OpenMP"): the workers of ``solve(workers=N)`` and ``batch --workers N``
    would all die. ``forksafe`` picks tbb where installed, else numba's own
    workqueue (which built the 4x4 5-5-5 tables as fast as OpenMP here). A
    ``NUMBA_THREADING_LAYER`` you set is never overridden.
    """
    if os.environ.get("NUMBA_THREADING_LAYER"):
        return
    os.environ["NUMBA_THREADING_LAYER"] = "forksafe"
    config = sys.modules.get("numba.core.config")
    if config is not None:  # numba was imported before us: its config has read the variable
        config.THREADING_LAYER = "forksafe"  # type: ignore[attr-defined]
