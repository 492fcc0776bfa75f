"""The table cache: where table files live, building or loading them, listing and clearing.

>>> import tempfile
>>> where = tempfile.mkdtemp()
>>> load(2, 2, cache_dir=where).path == table_path(2, 2, cache_dir=where)
True

Tables are built for canonical goals only: one table serves every goal whose
blank a turn or mirror of the board takes to the same cell
(`slidingtiles._board.symmetry`), so a 3x3 needs at most three perfect tables
and the 4x4 7-8 tables built for Korf's goal (blank first) serve the standard
goal (blank last) too. Files in `cache_dir` are named by shape, partition,
canonical blank cell and a digest of shape, canonical goal and groups
(`table_path`); loaded tables are also kept in memory, per path, for the life
of the process. The file format is `tablefile`'s.

Files of the earlier naming (no blank cell in the name) are recognised: one
built for a canonical goal is renamed and used as it is; one built for another
goal is no longer used, which `list_tables` (``legacy``) and, once per
process, a warning when a table is built tell, and `clear` (``legacy_only``)
removes.

Building a table nobody asked for by name (on a first `solve`) is
`first_use`'s business, not this module's.
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import json
import logging
import os
import re
import threading
from collections.abc import Iterable, Sequence
from pathlib import Path

import attrs

from slidingtiles._board.board import Board
from slidingtiles._board.symmetry import Frame, canonical_blank, canonical_goal
from slidingtiles._cache import ENV_CACHE_DIR, cache_dir_problem, user_cache_dir
from slidingtiles._engine.indexing import (
    PERM,
)
from slidingtiles._errors import CacheDirectoryError, InvalidOptionError, PatternDatabaseError
from slidingtiles._heuristics._pdb.database import (
    FORMAT_VERSION,
    PatternDatabase,
    Progress,
)
from slidingtiles._heuristics._pdb.partition import (
    numba_encoding,
    resolve,
)
from slidingtiles._heuristics._pdb.shipped import DATA_DIR, SHIPPED, SHIPPED_BLANK, shipped_names
from slidingtiles._heuristics._pdb.shipped import read as read_shipped
from slidingtiles._heuristics._pdb.tablefile import (
    PACKED_SUFFIX,
    SUFFIX,
    is_table_file_name,
    read_header,
    read_table,
    write_packed,
    write_table,
)

__all__ = [
    "ENV_CACHE_DIR",
    "TableInfo",
    "build",
    "cache_dir",
    "clear",
    "generation",
    "is_cached",
    "list_tables",
    "load",
    "ship",
    "table_path",
    "verify",
]


def cache_dir(directory: str | os.PathLike[str] | None = None) -> Path:
    """Return the table directory: the argument, else ``$SLIDINGTILES_CACHE_DIR``, else user cache.

    >>> str(cache_dir("/tmp/tables"))
    '/tmp/tables'

    The user cache is ``$XDG_CACHE_HOME/slidingtiles`` when that variable holds an
    absolute path (a relative one is ignored, as the XDG rules say; default
    ``~/.cache/slidingtiles``) on Linux, ``~/Library/Caches/slidingtiles`` on
    macOS and ``%LOCALAPPDATA%\\slidingtiles\\Cache`` on Windows.
    """
    if directory is None:
        return user_cache_dir()
    return directory if isinstance(directory, Path) else Path(directory)


def table_path(
    rows: int,
    cols: int,
    goal: Sequence[int] | Board | None = None,
    name: str = "default",
    *,
    groups: Iterable[Iterable[int]] | None = None,
    cache_dir: str | os.PathLike[str] | None = None,
) -> Path:
    """Return the file a table lives in: shape, partition, canonical blank cell, digest.

    >>> table_path(3, 3, cache_dir="/c").name
    '3x3-perfect-blank0-...-v1.stpdb'

    Every goal whose blank maps to the same canonical cell shares the file
    (the standard 3x3 goal and Korf's both use ``blank0``). The digest covers
    shape, canonical goal and groups (in canonical labels). A path once worked
    out is remembered (`solve` asks for the same few several times per call).
    """
    directory = _cache_dir(cache_dir)
    key: tuple[object, ...] | None = None
    if groups is None and type(rows) is int and type(cols) is int and type(name) is str:
        tiles = goal.tiles if isinstance(goal, Board) else goal if goal is None else tuple(goal)
        key = (rows, cols, tiles, name, directory)
        with contextlib.suppress(TypeError):  # unhashable tiles: worked out, and refused, below
            found = _PATHS.get(key)
            if found is not None:
                return found
    frame, resolved, grouping = resolve(rows, cols, goal, name, groups)
    if not isinstance(resolved, str) or not _NAME.fullmatch(resolved):  # part of a file name
        raise InvalidOptionError(
            f"partition name {resolved!r} is not a name: letters, digits, '.', '_', '+' and '-', "
            "at most 64, starting with a letter or digit (it becomes part of a file name)",
            resolved,
            option="name",
        )
    path = _path(frame.canonical_goal, rows, cols, resolved, grouping, directory)
    if key is not None:
        if len(_PATHS) >= _PATHS_KEPT:
            _PATHS.clear()
        _PATHS[key] = path
    return path


# Paths worked out by `table_path`, by its arguments (validated when first worked out).
_PATHS: dict[tuple[object, ...], Path] = {}
_PATHS_KEPT = 1024


# A partition name as it may appear in a file name: no separators, no "..", nothing hidden.
_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9._+-]{0,63}")


def _digest(
    rows: int, cols: int, goal: Sequence[int], groups: Sequence[Sequence[int]], name: str
) -> str:
    key = [rows, cols, list(goal), [list(g) for g in groups]]
    encoding = numba_encoding(rows, cols, name)
    if encoding != PERM:  # zero-aware: not the plain tables of earlier releases
        key.append(encoding)
    return hashlib.sha256(json.dumps(key).encode()).hexdigest()[:12]


@functools.lru_cache(maxsize=1024)  # `solve` asks for the same few paths several times per call
def _path(
    goal: tuple[int, ...],
    rows: int,
    cols: int,
    name: str,
    groups: tuple[tuple[int, ...], ...],
    directory: Path,
    *,
    legacy: bool = False,
) -> Path:
    digest = _digest(rows, cols, goal, groups, name)
    blank = "" if legacy else f"-blank{goal.index(0)}"
    return directory / f"{rows}x{cols}-{name}{blank}-{digest}-v{FORMAT_VERSION}{SUFFIX}"


# The parameters named cache_dir hide the function.
_cache_dir = cache_dir
_LOADED: dict[Path, PatternDatabase] = {}
_LOCK = threading.Lock()
_LOG = logging.getLogger("slidingtiles")
_LEGACY_REPORTED: set[Path] = set()
# Bumped whenever the tables in memory change (`generation`).
_GENERATION = 0


def _changed() -> None:
    """Count one change of the tables in memory (under `_LOCK`)."""
    global _GENERATION
    _GENERATION += 1


def generation(
    directory: str | os.PathLike[str] | None = None,
) -> tuple[int, int, int | None]:
    """A value that changes whenever the tables a solve may use change, here or on disk.

    >>> generation() >= (0, 0, None)
    True

    In memory: a table kept or dropped, the cache cleared; the count of tables
    in memory is part of it, so emptying them (as tests do) counts as a change.
    On disk, given the cache ``directory``: a table file written, replaced or
    removed there by any process (the directory's modification time, which
    every created, renamed or deleted entry moves; None while it does not
    exist). Callers that remember what they found about the tables (`solve`'s
    resolved heuristics) forget it when this changes: no clock enters into it.
    Cost: one ``stat`` of the directory. Where the file system keeps coarse
    times, two changes within one tick of its clock (a few milliseconds) read
    as one: a change right after another may then be seen at the next one.
    """
    if directory is None:
        return _GENERATION, len(_LOADED), None
    try:
        stamp: int | None = os.stat(directory).st_mtime_ns
    except OSError:  # no such directory (yet), or it cannot be looked at
        stamp = None
    return _GENERATION, len(_LOADED), stamp


_DAMAGED_REPORTED: set[Path] = set()


def _serving(db: PatternDatabase, frame: Frame) -> PatternDatabase:
    """The canonical tables answering for the caller's goal (themselves for a canonical goal)."""
    return db if frame.identity else db.for_goal(frame.goal)


def _report_legacy(directory: Path) -> None:
    """Warn once per process and directory about table files of the old naming no longer used."""
    if directory in _LEGACY_REPORTED:
        return
    unused = [info for info in list_tables(directory) if info.legacy]
    if unused:
        _LEGACY_REPORTED.add(directory)
        _LOG.warning(
            "%d table file(s) in %s were built for one goal each and are no longer used "
            "(tables now serve every goal with the same blank cell): %s; "
            "`slidingtiles pdb clear --legacy` removes them",
            len(unused),
            directory,
            ", ".join(info.path.name for info in unused),
        )


def _adopt_legacy(
    path: Path, frame: Frame, rows: int, cols: int, name: str, grouping: tuple[tuple[int, ...], ...]
) -> None:
    """Rename a file of the old naming that holds exactly these tables to the new name."""
    old = _path(frame.canonical_goal, rows, cols, name, grouping, path.parent, legacy=True)
    if not path.exists() and old.is_file():
        with contextlib.suppress(OSError):  # another process got there first, or read-only
            os.replace(old, path)


def build(
    rows: int,
    cols: int,
    goal: Sequence[int] | Board | None = None,
    name: str = "default",
    *,
    groups: Iterable[Iterable[int]] | None = None,
    cache_dir: str | os.PathLike[str] | None = None,
    progress: Progress | None = None,
    save: bool = True,
) -> PatternDatabase:
    """Build a table, save it atomically in the cache and return it (rebuilds if present).

    >>> import tempfile
    >>> db = build(2, 3, cache_dir=tempfile.mkdtemp())
    >>> db.path.exists(), db.name
    (True, 'perfect')

    Cost: the 3x3 perfect table takes about a second, 4x4 6-6-3 about a
    minute or two (see docs/performance.md). ``progress`` gets a
    `BuildProgress` after every breadth-first layer. Two processes building
    the same table at once each write a complete temporary file and rename it
    into place, so the file is always whole. A directory that cannot take the
    file (a file, uncreatable, read-only) raises `CacheDirectoryError` (an
    OSError) before the build starts; a write that fails after it (the disk
    filled up) raises it too, but the table just built stays in memory for
    this process (`load` returns it without building again). ``save=False``
    keeps the table in memory only, for this process (what a solve does when
    the cache cannot be used).
    """
    frame, name, grouping = resolve(rows, cols, goal, name, groups)
    path = table_path(rows, cols, goal, name, groups=groups, cache_dir=cache_dir)
    if save:
        problem = cache_dir_problem(path.parent)
        if problem is not None:
            raise CacheDirectoryError(
                f"cannot build into the table cache: {problem} (set SLIDINGTILES_CACHE_DIR, "
                "or pass cache_dir, to a writable directory)",
                path.parent,
            )
        _report_legacy(path.parent)
    canonical = frame.canonical_goal
    custom = None if groups is None else [list(g) for g in grouping]
    db = PatternDatabase.build(rows, cols, canonical, name, groups=custom, progress=progress)
    with _LOCK:  # kept before it is written: a write that fails (a full disk) loses nothing
        _LOADED[path] = db
        _changed()
    if save:
        write_table(db, path)
        db.path = path
    return _serving(db, frame)


def load(
    rows: int,
    cols: int,
    goal: Sequence[int] | Board | None = None,
    name: str = "default",
    *,
    groups: Iterable[Iterable[int]] | None = None,
    cache_dir: str | os.PathLike[str] | None = None,
    build_missing: bool = True,
    progress: Progress | None = None,
) -> PatternDatabase:
    """Return a table from memory or the cache, building it if missing or invalid.

    >>> import tempfile
    >>> where = tempfile.mkdtemp()
    >>> load(2, 3, cache_dir=where) is load(2, 3, cache_dir=where)
    True

    The tables are those of the goal's canonical goal (see the module notes),
    answering for ``goal`` (`PatternDatabase.for_goal`): every goal with its
    blank in the same orbit shares one file and one copy in memory. A file
    that fails verification (truncated, altered, another version) is rebuilt
    and replaced, and said so once per file and process (a WARNING on the
    ``slidingtiles`` logger). The header is checked against the table asked
    for before the body is read. A table shipped with the package (`SHIPPED`:
    the default tables of 4x4, 3x4, 2x6, 3x3 and their transposes, for a
    blank in a corner) is never built: when the cache has no good copy, the
    shipped one is unpacked (about 0.3 s on 4x4) and saved into the cache if
    it can take it. With ``build_missing=False`` a missing or bad file of a
    table that does not ship raises `PatternDatabaseError` instead.
    """
    frame, name, grouping = resolve(rows, cols, goal, name, groups)
    path = table_path(rows, cols, goal, name, groups=groups, cache_dir=cache_dir)
    with _LOCK:
        if path in _LOADED:
            return _serving(_LOADED[path], frame)
    _adopt_legacy(path, frame, rows, cols, name, grouping)
    asked = {"rows": rows, "cols": cols, "goal": frame.canonical_goal, "groups": grouping}
    try:
        db = read_table(path, expect=asked)
    except PatternDatabaseError as problem:
        shipped = read_shipped(path.name, asked)
        damaged = os.path.lexists(path)
        if damaged and path not in _DAMAGED_REPORTED:
            _DAMAGED_REPORTED.add(path)
            instead = (
                ", so it is replaced by the copy shipped with slidingtiles"
                if shipped
                else ", so it is rebuilt"
                if build_missing
                else ""  # the caller decides: build it, or use another table
            )
            _LOG.warning("the table file cannot be used%s: %s", instead, problem)
        if shipped is not None:
            return _serving(_keep_shipped(shipped, path), frame)
        if not build_missing:
            raise
        return build(rows, cols, goal, name, groups=groups, cache_dir=cache_dir, progress=progress)
    with _LOCK:
        _LOADED[path] = db
        _changed()
    return _serving(db, frame)


def _keep_shipped(db: PatternDatabase, path: Path) -> PatternDatabase:
    """Keep a shipped table in memory, and in the cache when it can take it (INFO when not).

    Unpacking takes about 0.3 s on 4x4, reading the cached file 0.07 s: later
    processes then load it as they load a table built here. When the cache
    cannot take it, nothing is lost but that (each process unpacks it again).
    """
    with _LOCK:
        _LOADED[path] = db
        _changed()
    try:
        write_table(db, path)
    except OSError as error:  # CacheDirectoryError, or the directory cannot even be made
        _LOG.info("the shipped %s tables stay in memory only: %s", db.name, error)
    else:
        db.path = path
    return db


def is_cached(
    rows: int,
    cols: int,
    goal: Sequence[int] | Board | None = None,
    name: str = "default",
    *,
    cache_dir: str | os.PathLike[str] | None = None,
) -> bool:
    """Return True if the table is in memory, its file exists (not verified), or it ships.

    >>> is_cached(3, 4, cache_dir="/nonexistent"), is_cached(2, 5, cache_dir="/nonexistent")
    (True, False)

    Shipped tables (`SHIPPED`) count: `load` unpacks them without building.
    """
    path = table_path(rows, cols, goal, name, cache_dir=cache_dir)
    if path in _LOADED or path.name in shipped_names() or os.path.isfile(path):
        return True
    old = _LEGACY_PATHS.get(path)
    if old is None:
        frame, name, grouping = resolve(rows, cols, goal, name, None)
        old = _path(frame.canonical_goal, rows, cols, name, grouping, path.parent, legacy=True)
        if len(_LEGACY_PATHS) >= _PATHS_KEPT:
            _LEGACY_PATHS.clear()
        _LEGACY_PATHS[path] = old
    return os.path.isfile(old)  # `load` renames it


def in_memory(
    rows: int,
    cols: int,
    goal: Sequence[int] | Board | None = None,
    name: str = "default",
    *,
    cache_dir: str | os.PathLike[str] | None = None,
) -> bool:
    """Return True if the table is loaded in this process (`load` then costs a lookup).

    >>> in_memory(2, 5, cache_dir="/nonexistent")
    False
    """
    return table_path(rows, cols, goal, name, cache_dir=cache_dir) in _LOADED


# The file of the earlier naming for a table file, by the file (`is_cached` looks for both).
_LEGACY_PATHS: dict[Path, Path] = {}


def ship(
    directory: str | os.PathLike[str] | None = None, *, progress: Progress | None = None
) -> list[Path]:
    """Build every shipped table (`SHIPPED`) and write it packed; return the files written.

    >>> len(list(DATA_DIR.glob("*" + PACKED_SUFFIX))) == len(SHIPPED)  # what the package holds
    True

    What ``slidingtiles pdb ship`` runs, and how the package's ``data/`` files
    are made: each table is built by this library's builder, for the goal with
    the blank in cell 0, and written packed (`tablefile.write_packed`) as the
    cache would name it plus ``.xz``. ``directory`` defaults to the package's
    own data directory (in a source checkout, the one committed). The packed
    bytes depend on the xz library's version; what they unpack to does not, and
    a test checks it against a fresh build. ``progress`` as in `build`.
    """
    target = Path(directory) if directory is not None else DATA_DIR
    written = []
    for rows, cols, name in SHIPPED:
        goal = canonical_goal(rows, cols, SHIPPED_BLANK)
        _, name, grouping = resolve(rows, cols, goal, name, None)
        db = PatternDatabase.build(rows, cols, goal, name, progress=progress)
        path = target / (_path(goal, rows, cols, name, grouping, target).name[: -len(SUFFIX)])
        path = path.with_name(path.name + PACKED_SUFFIX)
        write_packed(db, path)
        written.append(path)
    shipped_names.cache_clear()
    return written


@attrs.frozen
class TableInfo:
    """What a table file holds, read from its header (and verified if asked).

    Attributes:
        path: the file.
        rows: the board's rows (0 when the header is unreadable).
        cols: the board's columns (0 when the header is unreadable).
        partition: partition name.
        groups: the tile groups.
        goal: the goal tiles the tables were built for.
        size: file size in bytes.
        ok: the file passed the checks made (header only for `list_tables`,
            header and checksum for `verify`).
        problem: why not, or ``""``.
        legacy: an old file built for one goal that is not canonical: no
            longer used (`clear` with ``legacy_only`` removes such files).
    """

    path: Path
    rows: int
    cols: int
    partition: str
    groups: tuple[tuple[int, ...], ...]
    goal: tuple[int, ...]
    size: int
    ok: bool
    problem: str = ""
    legacy: bool = False

    @property
    def blank(self) -> int | None:
        """The goal's blank cell: every goal whose blank maps to it uses these tables."""
        return self.goal.index(0) if 0 in self.goal else None


def _info(path: Path, *, full: bool) -> TableInfo:
    size = path.stat().st_size if path.exists() else 0
    try:
        if full:
            db = read_table(path)
            info = TableInfo(path, db.rows, db.cols, db.name, db.groups, db.goal, size, True)
        else:
            header = read_header(path)
            info = TableInfo(
                path,
                int(header["rows"]),  # type: ignore[call-overload]
                int(header["cols"]),  # type: ignore[call-overload]
                str(header["partition"]),
                tuple(tuple(g) for g in header["groups"]),  # type: ignore[attr-defined]
                tuple(header["goal"]),  # type: ignore[arg-type]
                size,
                True,
            )
    except (PatternDatabaseError, KeyError, TypeError, ValueError, OSError) as exc:
        return TableInfo(path, 0, 0, "", (), (), size, False, str(exc))
    blank = info.goal.index(0) if 0 in info.goal else -1
    canonical = blank >= 0 and info.goal == canonical_goal(info.rows, info.cols, blank)
    canonical = canonical and canonical_blank(info.rows, info.cols, blank) == blank
    return attrs.evolve(info, legacy=not canonical)


def _table_files(cache_dir: str | os.PathLike[str] | None) -> list[Path]:
    directory = _cache_dir(cache_dir)
    return sorted(directory.glob("*" + SUFFIX)) if directory.is_dir() else []


def list_tables(cache_dir: str | os.PathLike[str] | None = None) -> list[TableInfo]:
    """Return the table files in the cache directory, from their headers (fast, no checksum).

    >>> list_tables("/nonexistent")
    []
    """
    return [_info(p, full=False) for p in _table_files(cache_dir)]


def verify(cache_dir: str | os.PathLike[str] | None = None) -> list[TableInfo]:
    """Return every table file in the cache, fully checked (header, sizes, checksum).

    >>> verify("/nonexistent")
    []

    Nothing is changed: a bad file is reported (``ok=False``, ``problem``);
    `load` rebuilds it when it is next needed, `clear` removes it.
    """
    return [_info(p, full=True) for p in _table_files(cache_dir)]


def clear(
    cache_dir: str | os.PathLike[str] | None = None, *, legacy_only: bool = False
) -> list[Path]:
    """Delete the table files (and stale temporary files) in the cache; return what was removed.

    >>> clear("/nonexistent")
    []

    ``legacy_only``: only the old files built for a goal that is not
    canonical, which no search uses any more (`TableInfo.legacy`).
    """
    directory = _cache_dir(cache_dir)
    removed: list[Path] = []
    if not directory.is_dir():
        return removed
    unused = {info.path for info in list_tables(directory) if info.legacy}
    for p in sorted(directory.iterdir()):
        if is_table_file_name(p.name) and (not legacy_only or p in unused):
            try:
                p.unlink(missing_ok=True)
            except OSError as error:  # a read-only directory: one clear message
                raise CacheDirectoryError(
                    f"cannot remove {p}: {error.strerror or error}", directory
                ) from None
            removed.append(p)
    with _LOCK:
        for p in removed:
            _LOADED.pop(p, None)
        _changed()
    return removed
