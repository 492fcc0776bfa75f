"""The one dispatcher between the pure-Python kernels and the optional numba kernels.

>>> from slidingtiles import _backend
>>> _backend.IMPLEMENTATION in ("python", "numba")
True

The implementation is chosen once, at import, from the environment variable
``SLIDINGTILES_IMPLEMENTATION``:

* ``auto`` (the default, also when unset or empty): numba when it imports,
  else pure Python, silently. Should numba then fail to compile a kernel, the
  dispatcher logs a warning on the ``slidingtiles`` logger and switches to
  pure Python for good.
* ``python``: the pure-Python kernels; numba is never imported.
* ``numba``: the numba kernels; raises `BackendError` (an ImportError) at
  import when numba is missing or broken, saying how to install it.

Both implementations expose the same kernels under the same names, with the
same arguments, results (move strings and node counts) and errors, through
`kernels`. Compiled numba code is cached on disk: next to the package when
its directory is writable, otherwise in ``<slidingtiles cache>/numba`` (see
`numba_cache_dir`), set through ``NUMBA_CACHE_DIR`` unless the user already
set it.
"""

from __future__ import annotations

import importlib
import importlib.util
import logging
import os
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Protocol

from slidingtiles._cache import user_cache_dir
from slidingtiles._errors import SlidingTilesError

if TYPE_CHECKING:
    from slidingtiles.heuristics._pdb.database import PatternDatabase
    from slidingtiles.search import SearchStats

__all__ = [
    "ENV_IMPLEMENTATION",
    "IMPLEMENTATION",
    "IMPLEMENTATIONS",
    "BackendError",
    "Guard",
    "Kernels",
    "kernels",
    "numba_cache_dir",
]

#: The environment variable that chooses the implementation.
ENV_IMPLEMENTATION = "SLIDINGTILES_IMPLEMENTATION"
#: Its accepted values.
IMPLEMENTATIONS = ("auto", "python", "numba")
_INSTALL_HINT = 'install the extra: pip install "slidingtiles[fast]" (numba and numpy)'
_LOG = logging.getLogger("slidingtiles")

EngineResult = tuple[str, "SearchStats"]


class BackendError(SlidingTilesError, ImportError):
    """The requested implementation cannot be used (unknown name, or numba missing or broken).

    Attributes:
        value: the requested implementation, as given.
    """

    def __init__(self, message: str, value: object = None) -> None:
        super().__init__(message)
        self.value = value


class Guard(Protocol):
    """The engine's limit and progress guard, as the kernels use it."""

    iterations: int
    depth: int

    def check(self, expanded: int, generated: int) -> None:
        """Raise `SearchLimitExceeded` past a limit; report progress."""

    def stats(self, expanded: int, generated: int) -> SearchStats:
        """Return the statistics so far."""


class Kernels(Protocol):
    """The kernels every implementation provides (the tile engine's inner loops)."""

    name: str

    def ida_manhattan(
        self, rows: int, cols: int, goal_tiles: tuple[int, ...], tiles: list[int], guard: Guard,
        conflicts: bool,
    ) -> EngineResult:  # fmt: skip
        """IDA* with Manhattan distance (plus linear conflicts when ``conflicts``)."""

    def ida_pdb(self, db: PatternDatabase, tiles: list[int], guard: Guard) -> EngineResult:
        """IDA* with additive digits-encoded tables, maxed with the reflection."""

    def walk_perfect(self, db: PatternDatabase, tiles: list[int], guard: Guard) -> EngineResult:
        """Follow a perfect table downhill."""

    def supports_pdb(self, db: PatternDatabase) -> bool:
        """Whether `ida_pdb` (or `walk_perfect`, for a perfect table) can use this database."""

    def build_group_table(
        self, rows: int, cols: int, goal: Sequence[int], group: Sequence[int], *,
        encoding: str, progress: Callable[[int, int, float], object] | None = None,
    ) -> bytes:  # fmt: skip
        """Return one group's pattern table."""


class _PythonKernels:
    """The pure-Python kernels of `slidingtiles._engine` and `slidingtiles._pdb_build`."""

    name = "python"

    def ida_manhattan(
        self, rows: int, cols: int, goal_tiles: tuple[int, ...], tiles: list[int], guard: Guard,
        conflicts: bool,
    ) -> EngineResult:  # fmt: skip
        from slidingtiles._engine.python import depth_first as _engine

        return _engine._ida_manhattan(rows, cols, goal_tiles, tiles, guard, conflicts)  # type: ignore[arg-type]

    def ida_pdb(self, db: PatternDatabase, tiles: list[int], guard: Guard) -> EngineResult:
        from slidingtiles._engine.python import depth_first as _engine

        return _engine._ida_pdb(db, tiles, guard, batched=True)  # type: ignore[arg-type]

    def walk_perfect(self, db: PatternDatabase, tiles: list[int], guard: Guard) -> EngineResult:
        from slidingtiles._engine.python import depth_first as _engine

        return _engine._walk_perfect(db, tiles, guard)  # type: ignore[arg-type]

    def supports_pdb(self, db: PatternDatabase) -> bool:
        entry = getattr(db, "entry", "u8-moves")
        return bool(db.perfect or (entry == "u8-moves" and set(db.encodings) == {"digits"}))

    def build_group_table(
        self, rows: int, cols: int, goal: Sequence[int], group: Sequence[int], *,
        encoding: str, progress: Callable[[int, int, float], object] | None = None,
    ) -> bytes:  # fmt: skip
        from slidingtiles._engine.indexing import build_group_table

        return build_group_table(rows, cols, goal, group, encoding=encoding, progress=progress)


class _NumbaKernels:
    """The numba kernels of `slidingtiles._numba_kernels`; under ``auto``, fall back on failure.

    Under ``auto`` numba is imported on the first search that needs it, not
    when slidingtiles is imported (importing numba takes about half a second,
    and perfect-table walks and table lookups never need it); if that import
    or a compilation fails, the pure-Python kernels take over for good.
    """

    name = "numba"

    def __init__(self, fallback: bool) -> None:
        self._fallback = fallback
        self._fallen = False
        self._loaded: ModuleType | None = None
        if not fallback:
            self._load()

    def _load(self) -> ModuleType:
        if self._loaded is None:
            _prepare_numba_cache()
            importlib.import_module("numba")
            self._loaded = importlib.import_module("slidingtiles._numba_kernels")
        return self._loaded

    def _module(self) -> ModuleType | None:
        """The compiled kernels, or None once fallen back to pure Python."""
        if self._fallen:
            return None
        try:
            return self._load()
        except Exception as exc:
            if not self._fallback:
                raise
            self._switch(f"numba cannot be imported ({exc})", quiet=True)
            return None

    def _failed(self, exc: Exception) -> bool:
        """Under ``auto``, switch to pure Python for good when numba itself fails."""
        NumbaError = importlib.import_module("numba.core.errors").NumbaError
        if not self._fallback or not isinstance(exc, NumbaError):
            return False
        self._switch(f"numba failed ({exc})", quiet=False)
        return True

    def _switch(self, reason: str, *, quiet: bool) -> None:
        global kernels, IMPLEMENTATION
        self._fallen = True
        (_LOG.debug if quiet else _LOG.warning)("%s; using the pure-Python kernels", reason)
        kernels, IMPLEMENTATION = _PythonKernels(), "python"

    def ida_manhattan(
        self, rows: int, cols: int, goal_tiles: tuple[int, ...], tiles: list[int], guard: Guard,
        conflicts: bool,
    ) -> EngineResult:  # fmt: skip
        module = self._module()
        try:
            if module is not None:
                result: EngineResult = module.ida_manhattan(
                    rows, cols, goal_tiles, tiles, guard, conflicts
                )
                return result
        except Exception as exc:
            if not self._failed(exc):
                raise
        return kernels.ida_manhattan(rows, cols, goal_tiles, tiles, guard, conflicts)

    def ida_pdb(self, db: PatternDatabase, tiles: list[int], guard: Guard) -> EngineResult:
        module = self._module()
        try:
            if module is not None:
                result: EngineResult = module.ida_pdb(db, tiles, guard)
                return result
        except Exception as exc:
            if not self._failed(exc):
                raise
        return kernels.ida_pdb(db, tiles, guard)

    def walk_perfect(self, db: PatternDatabase, tiles: list[int], guard: Guard) -> EngineResult:
        # A few dozen lookups: the pure-Python walk, without loading numba.
        return _PythonKernels().walk_perfect(db, tiles, guard)

    def supports_pdb(self, db: PatternDatabase) -> bool:
        if _PythonKernels().supports_pdb(db):  # what numba supports too, without loading it
            return True
        module = self._module()
        return bool(module.supports_pdb(db)) if module is not None else kernels.supports_pdb(db)

    def build_group_table(
        self, rows: int, cols: int, goal: Sequence[int], group: Sequence[int], *,
        encoding: str, progress: Callable[[int, int, float], object] | None = None,
    ) -> bytes:  # fmt: skip
        module = self._module()
        try:
            if module is not None:
                table: bytes = module.build_group_table(
                    rows, cols, goal, group, encoding=encoding, progress=progress
                )
                return table
        except Exception as exc:
            if not self._failed(exc):
                raise
        return kernels.build_group_table(
            rows, cols, goal, group, encoding=encoding, progress=progress
        )


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


def _prepare_numba_cache() -> None:
    """Point numba's cache at the user cache before anything compiles (read-only installs)."""
    directory = numba_cache_dir()
    if directory is None:
        return
    os.environ["NUMBA_CACHE_DIR"] = str(directory)
    config = sys.modules.get("numba.core.config")
    if config is not None:  # numba was imported before us: its config has read the variable
        config.CACHE_DIR = str(directory)  # type: ignore[attr-defined]


def _choose() -> tuple[Kernels, str]:
    raw = os.environ.get(ENV_IMPLEMENTATION, "")
    requested = raw.strip().lower() or "auto"
    if requested not in IMPLEMENTATIONS:
        raise BackendError(
            f"{ENV_IMPLEMENTATION}={raw!r} is not an implementation; "
            f"choose from {', '.join(IMPLEMENTATIONS)}",
            raw,
        )
    if requested == "python":
        return _PythonKernels(), "python"
    if requested == "auto":
        if not _numba_installed():
            return _PythonKernels(), "python"
        return _NumbaKernels(fallback=True), "numba"
    try:
        return _NumbaKernels(fallback=False), "numba"
    except Exception as exc:
        raise BackendError(
            f"{ENV_IMPLEMENTATION}=numba but numba cannot be used ({exc}); {_INSTALL_HINT}",
            raw,
        ) from exc


def _numba_installed() -> bool:
    """Whether numba can be found, without importing it."""
    if "numba" in sys.modules:
        return sys.modules["numba"] is not None
    try:
        return importlib.util.find_spec("numba") is not None
    except (ImportError, ValueError):
        return False


kernels: Kernels
#: The active implementation: ``"python"`` or ``"numba"``.
IMPLEMENTATION: str
kernels, IMPLEMENTATION = _choose()
