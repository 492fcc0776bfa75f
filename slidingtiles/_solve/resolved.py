"""The resolved search heuristic: what one `solve` call searches with, worked out once, carried.

>>> from slidingtiles import Board
>>> goal = Board.goal(3, 3)
>>> found = Resolved.of(heuristics.get("manhattan"), engine=True)
>>> found.info.name, found.builtin, found.kind, found.tables is None
('manhattan', True, 'engine', True)

`slidingtiles._solve.choose.plan` makes one `Resolved` per call: which
registered heuristic a name, ``"auto"``, an info or a callable stands for,
whether it is built in (`registry.is_builtin`), which kind of search runs it
(the tile engine's kernels, the engine with a compiled heuristic, or the
generic search) and the tables it searches. The routes, the engine and the
error advice read it from the `Plan` instead of asking again.

`Settings` is the environment as one call reads it, once: whether tables may
be built implicitly (``build_tables`` and ``$SLIDINGTILES_BUILD_TABLES``) and
the table cache directory (``$SLIDINGTILES_CACHE_DIR`` or the platform's).

A resolution whose tables are in memory (or that needs none) is remembered
for the process (`recall`, `remember`), keyed by what was asked, the goal,
the implementation and the `Settings`. It is forgotten when the tables change
(`store.generation` of the settings' cache directory: the tables in memory,
or a table file another process writes, replaces or removes in the cache, so
the next call finds it) and when a heuristic is registered or removed
(`registry.generation`). A remembered resolution is what a fresh one would
give: its tables are in memory and the cache is as it was, so no build, file
or clock enters into it.
"""

from __future__ import annotations

import functools
import os
import threading
from pathlib import Path

import attrs

from slidingtiles._board.board import Board
from slidingtiles._cache import ENV_CACHE_DIR, PLATFORM_VARIABLES, user_cache_dir
from slidingtiles._engine import dispatch
from slidingtiles._heuristics import registry as heuristics
from slidingtiles._heuristics._pdb import first_use, store
from slidingtiles._heuristics._pdb.database import PatternDatabase
from slidingtiles._heuristics.registry import HeuristicInfo

__all__ = ["KINDS", "Resolved", "Settings", "recall", "remember"]

#: How a resolved heuristic is searched: the tile engine's own kernels, the engine with a
#: compiled heuristic (`heuristics.compiled`), or the generic search over states.
KINDS = ("engine", "compiled", "generic")
# Resolutions kept at most (a process solves a few shapes and goals).
_KEPT = 64


@attrs.frozen
class Settings:
    """The environment as one call reads it: once, at the door.

    >>> Settings.read(False).builds_allowed
    False

    Attributes:
        builds_allowed: a missing table may be built on first use (``build_tables``
            and ``$SLIDINGTILES_BUILD_TABLES``, `first_use.implicit_builds_allowed`).
        cache_dir: the table cache directory (`slidingtiles._cache.user_cache_dir`).
    """

    builds_allowed: bool
    cache_dir: Path

    @classmethod
    def read(cls, build_tables: bool = True) -> Settings:
        """Read the environment once (`PatternDatabaseError` for a bad build setting).

        Each variable is read once; what is made of the values is remembered per
        value (a bad one raises every time it is read).
        """
        return _settings(build_tables, *_raw_values())


# What `Settings` is made of: the build setting, the cache directory, and what the platform's
# cache directory depends on (`slidingtiles._cache`).
_VARIABLES = (first_use.ENV_BUILD_TABLES, ENV_CACHE_DIR, *PLATFORM_VARIABLES)
# `os.environ` holds its values in a dict under encoded names (CPython's `_data`, which every
# change through `os.environ` updates): an unset name read through the mapping costs a raised
# and caught KeyError (0.8 us, three of the four are usually unset), read there 30 ns. The raw
# values only key `_settings`, which reads the variables it uses through `os.environ`.
_ENVIRON = os.environ
_RAW = getattr(_ENVIRON, "_data", None)
_ENCODE = getattr(_ENVIRON, "encodekey", None)
_RAW_NAMES = (
    tuple(_ENCODE(name) for name in _VARIABLES)
    if isinstance(_RAW, dict) and callable(_ENCODE)
    else None
)


def _raw_values() -> tuple[object, ...]:
    """The values of `_VARIABLES` as `os.environ` holds them (None: unset), to key `_settings`."""
    if _RAW_NAMES is None or _RAW is None or os.environ is not _ENVIRON:  # another Python's
        return tuple(map(os.environ.get, _VARIABLES))  # os.environ, or one put in its place
    return tuple(map(_RAW.get, _RAW_NAMES))


@functools.lru_cache(maxsize=16)
def _settings(build_tables: bool, *environment: object) -> Settings:
    return Settings(first_use.implicit_builds_allowed(build_tables), user_cache_dir())


@attrs.frozen
class Resolved:
    """One call's search heuristic: which, built in or not, how it is searched, its tables.

    Attributes:
        info: the registered (or the caller's) heuristic.
        builtin: one of the library's own (`registry.is_builtin`): trusted, not checked.
        kind: one of `KINDS`.
        tables: the pattern tables the engine searches (None: none needed).
    """

    info: HeuristicInfo
    builtin: bool
    kind: str
    tables: PatternDatabase | None = None

    @classmethod
    def of(
        cls,
        info: HeuristicInfo,
        *,
        engine: bool = False,
        compiled: bool = False,
        tables: PatternDatabase | None = None,
    ) -> Resolved:
        """The resolved heuristic ``info``, searched by the engine, compiled, or generically."""
        kind = "engine" if engine else "compiled" if compiled else "generic"
        return cls(info, heuristics.is_builtin(info), kind, tables)


_Key = tuple[object, ...]
_MEMORY: dict[_Key, tuple[Resolved, object]] = {}
_LOCK = threading.Lock()


def _key(asked: object, goal: Board, settings: Settings) -> _Key:
    label = asked if isinstance(asked, str) else id(asked)
    return (label, goal.tiles, goal.rows, dispatch.IMPLEMENTATION, settings)


def recall(asked: object, goal: Board, settings: Settings) -> Resolved | None:
    """The resolution remembered for this heuristic, goal and settings, or None.

    >>> recall(lambda board, goal: 0, Board.goal(2, 2), Settings.read()) is None  # never kept
    True
    """
    kept = _MEMORY.get(_key(asked, goal, settings))
    if kept is None:
        return None
    found, stamp = kept
    if stamp != _stamp(settings):
        return None
    if not isinstance(asked, str) and asked is not found.info and asked is not found.info.function:
        return None  # another object at the same address
    return found


def remember(asked: object, goal: Board, settings: Settings, found: Resolved) -> None:
    """Keep a resolution for `recall`: only one whose tables are in memory, or that needs none.

    >>> goal = Board.goal(2, 2)
    >>> remember("manhattan", goal, Settings.read(), Resolved.of(heuristics.get("manhattan")))
    >>> recall("manhattan", goal, Settings.read()).info.name
    'manhattan'
    """
    stamp = _stamp(settings)
    with _LOCK:
        if len(_MEMORY) >= _KEPT:
            _MEMORY.clear()
        _MEMORY[_key(asked, goal, settings)] = (found, stamp)


def _stamp(settings: Settings) -> tuple[object, ...]:
    """What a remembered resolution depends on: the tables (in memory and in the settings'
    cache directory) and the registered heuristics."""
    return store.generation(settings.cache_dir), heuristics.generation()
