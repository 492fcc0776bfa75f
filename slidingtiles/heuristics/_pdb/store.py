"""The table cache: where table files live, building or loading them, listing and clearing.

>>> import tempfile
>>> where = tempfile.mkdtemp()
>>> load(2, 2, cache_dir=where).path == table_path(2, 2, cache_dir=where)
True

Tables are files in `cache_dir` named by shape, partition and a digest of
shape, goal and groups (`table_path`); loaded tables are also kept in memory,
per path, for the life of the process. The file format is `tablefile`'s.

Building a table nobody asked for by name (on a first `solve`) is
`first_use`'s business, not this module's.
"""

from __future__ import annotations

import functools
import hashlib
import itertools
import json
import math
import os
import threading
from collections.abc import Iterable, Sequence
from pathlib import Path

import attrs

from slidingtiles._board.board import Board
from slidingtiles._board.geometry import neighbour_table
from slidingtiles._cache import ENV_CACHE_DIR, user_cache_dir
from slidingtiles._engine import dispatch
from slidingtiles._engine.indexing import (
    PERM,
    REGION_TABLE_MAX_CELLS,
    encoding_for,
    table_entries,
)
from slidingtiles._errors import PatternDatabaseError
from slidingtiles.heuristics._pdb.database import (
    FORMAT_VERSION,
    PatternDatabase,
    Progress,
)
from slidingtiles.heuristics._pdb.partition import default_partition_name, partition, resolve
from slidingtiles.heuristics._pdb.tablefile import (
    SUFFIX,
    is_table_file_name,
    read_header,
    read_table,
    write_table,
)

__all__ = [
    "BUILD_COSTS",
    "ENV_CACHE_DIR",
    "TableInfo",
    "build",
    "build_states",
    "cache_dir",
    "clear",
    "estimate_build_seconds",
    "estimate_table_bytes",
    "is_cached",
    "list_tables",
    "load",
    "preferred_partition",
    "table_path",
    "verify",
]

# Measured build rate (abstract states per second, numpy, this project's 2-core machine),
# used only to decide whether "auto" may build a table on first use.
_STATES_PER_SECOND = 800_000.0


def cache_dir(directory: str | os.PathLike[str] | None = None) -> Path:
    """Return the table directory: the argument, else ``$SLIDINGTILES_CACHE_DIR``, else user cache.

    >>> str(cache_dir("/tmp/tables"))
    '/tmp/tables'

    The user cache is ``$XDG_CACHE_HOME/slidingtiles`` when that variable holds an
    absolute path (a relative one is ignored, as the XDG rules say; default
    ``~/.cache/slidingtiles``) on Linux, ``~/Library/Caches/slidingtiles`` on
    macOS and ``%LOCALAPPDATA%\\slidingtiles\\Cache`` on Windows.
    """
    return Path(directory) if directory is not None else user_cache_dir()


def table_path(
    rows: int,
    cols: int,
    goal: Sequence[int] | Board | None = None,
    name: str = "default",
    *,
    groups: Iterable[Iterable[int]] | None = None,
    cache_dir: str | os.PathLike[str] | None = None,
) -> Path:
    """Return the file a table lives in: shape, partition, a digest of shape, goal and groups.

    >>> table_path(3, 3, cache_dir="/c").name
    '3x3-perfect-...-v1.stpdb'
    """
    goal_tiles, name, grouping = resolve(rows, cols, goal, name, groups)
    key = json.dumps([rows, cols, list(goal_tiles), [list(g) for g in grouping]]).encode()
    digest = hashlib.sha256(key).hexdigest()[:12]
    directory = _cache_dir(cache_dir)
    return directory / f"{rows}x{cols}-{name}-{digest}-v{FORMAT_VERSION}{SUFFIX}"


# The parameters named cache_dir hide the function.
_cache_dir = cache_dir
_LOADED: dict[Path, PatternDatabase] = {}
_LOCK = threading.Lock()


def build(
    rows: int,
    cols: int,
    goal: Sequence[int] | Board | None = None,
    name: str = "default",
    *,
    groups: Iterable[Iterable[int]] | None = None,
    cache_dir: str | os.PathLike[str] | None = None,
    progress: Progress | None = None,
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
    into place, so the file is always whole.
    """
    path = table_path(rows, cols, goal, name, groups=groups, cache_dir=cache_dir)
    db = PatternDatabase.build(rows, cols, goal, name, groups=groups, progress=progress)
    db.path = path
    write_table(db, path)
    with _LOCK:
        _LOADED[path] = db
    return db


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

    A file that fails verification (truncated, altered, another version) is
    rebuilt and replaced. With ``build_missing=False`` a missing or bad file
    raises `PatternDatabaseError` instead.
    """
    path = table_path(rows, cols, goal, name, groups=groups, cache_dir=cache_dir)
    with _LOCK:
        if path in _LOADED:
            return _LOADED[path]
    try:
        db = read_table(path)
        goal_tiles, _, grouping = resolve(rows, cols, goal, name, groups)
        if (db.rows, db.cols) != (rows, cols) or db.goal != goal_tiles or db.groups != grouping:
            raise PatternDatabaseError(f"{path}: holds another shape, goal or partition", path)
    except PatternDatabaseError:
        if not build_missing:
            raise
        return build(rows, cols, goal, name, groups=groups, cache_dir=cache_dir, progress=progress)
    with _LOCK:
        _LOADED[path] = db
    return db


def is_cached(
    rows: int,
    cols: int,
    goal: Sequence[int] | Board | None = None,
    name: str = "default",
    *,
    cache_dir: str | os.PathLike[str] | None = None,
) -> bool:
    """Return True if the table is in memory or its file exists (not verified).

    >>> is_cached(3, 3, cache_dir="/nonexistent")
    False
    """
    path = table_path(rows, cols, goal, name, cache_dir=cache_dir)
    return path in _LOADED or path.is_file()


def preferred_partition(
    rows: int,
    cols: int,
    goal: Sequence[int] | Board | None = None,
    *,
    cache_dir: str | os.PathLike[str] | None = None,
) -> str:
    """Return the partition ``solve(heuristic="pdb")`` uses: the strongest one ready to use.

    >>> preferred_partition(3, 3), preferred_partition(3, 4)
    ('perfect', 'default')

    On 4x4 under the numba backend that is ``"7-8"`` when its tables are
    cached (about 17x fewer nodes than 6-6-3, for about a second of loading
    once per process); it is never built implicitly (about 6 minutes). Otherwise,
    the shape's default.
    """
    default = default_partition_name(rows, cols)
    if (
        (rows, cols) == (4, 4)
        and dispatch.IMPLEMENTATION == "numba"
        and is_cached(rows, cols, goal, "7-8", cache_dir=cache_dir)
    ):
        return "7-8"
    return default


#: What a long build costs, measured (docs/accelerated.md), told before it starts.
BUILD_COSTS = {
    "7-8": "about 6 minutes on 2 cores (more when they are busy), 3.8 GB of memory at peak, "
    "288 MB on disk",
}


def estimate_build_seconds(
    rows: int, cols: int, name: str = "default", goal: Sequence[int] | Board | None = None
) -> float:
    """Return a rough build time in seconds, from the number of abstract states.

    >>> estimate_build_seconds(3, 3) < 5
    True

    The estimate counts, per group, placements times two (blank regions per
    placement) at a rate measured on the project machine; it
    decides whether ``heuristic="auto"`` builds a table on first use.
    """
    cells = rows * cols
    groups = partition(rows, cols, goal, name)
    # About two blank regions per placement on average (measured on 4x4 6-tile groups).
    states = sum(2 * table_entries(cells, len(g), PERM) for g in groups)
    if cells > REGION_TABLE_MAX_CELLS:
        states = states * 3 // 2  # regions by an iterated flood fill (4x5: 19.9 s measured)
    return states / _STATES_PER_SECOND


@functools.cache
def build_states(rows: int, cols: int, size: int) -> tuple[int, bool]:
    """How many abstract states building a ``size``-tile group visits, and whether exactly.

    >>> build_states(3, 3, 8), build_states(3, 4, 6)
    ((181440, True), (1542240, True))

    A state is a placement of the group's tiles and the region of free cells holding
    the blank, so the count is ``size!`` times the free regions summed over every set
    of occupied cells (halved when one cell is free: then the parity rule holds). The
    builders visit exactly these on the shapes checked (2x3, 3x3, 3x4, 4x4). Past
    300,000 cell sets counting would take seconds: then two regions per placement,
    the library's own estimate, and False.
    """
    cells = rows * cols
    if math.comb(cells, size) > 300_000:
        return 2 * math.perm(cells, size), False
    neighbours = [
        sum(1 << n for n in cell_neighbours if n >= 0)
        for cell_neighbours in neighbour_table(rows, cols)
    ]
    regions = 0
    for occupied in itertools.combinations(range(cells), size):
        free = ((1 << cells) - 1) & ~sum(1 << cell for cell in occupied)
        while free:
            region = free & -free  # flood from the lowest free cell
            while True:
                grown = region
                rest = region
                while rest:
                    low = rest & -rest
                    grown |= neighbours[low.bit_length() - 1] & free
                    rest ^= low
                if grown == region:
                    break
                region = grown
            free &= ~region
            regions += 1
    states = regions * math.factorial(size)
    return (states // 2 if cells - size == 1 else states), True


def estimate_table_bytes(
    rows: int, cols: int, name: str = "default", goal: Sequence[int] | Board | None = None
) -> int:
    """Return a table's size in bytes, in memory and on disk (the file's header adds under 1 kB).

    >>> estimate_table_bytes(3, 3), estimate_table_bytes(4, 4)
    (362880, 33558528)

    Exact: one byte per index of each group's table (half a byte for the 7-8
    partition, whose entries take 4 bits).
    """
    cells = rows * cols
    groups = partition(rows, cols, goal, name)
    if name == "7-8":
        return sum((table_entries(cells, len(g), PERM) + 1) // 2 for g in groups)
    return sum(table_entries(cells, len(g), encoding_for(cells, len(g))) for g in groups)


@attrs.frozen
class TableInfo:
    """What a table file holds, read from its header (and verified if asked).

    Attributes:
        path: the file.
        rows, cols: board shape (0 when the header is unreadable).
        partition: partition name.
        groups: the tile groups.
        goal: the goal tiles.
        size: file size in bytes.
        ok: the file passed the checks made (header only for `list_tables`,
            header and checksum for `verify`).
        problem: why not, or ``""``.
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


def _info(path: Path, *, full: bool) -> TableInfo:
    size = path.stat().st_size if path.exists() else 0
    try:
        if full:
            db = read_table(path)
            return TableInfo(path, db.rows, db.cols, db.name, db.groups, db.goal, size, True)
        header = read_header(path)
        return TableInfo(
            path, int(header["rows"]), int(header["cols"]),  # type: ignore[call-overload]
            str(header["partition"]),
            tuple(tuple(g) for g in header["groups"]),  # type: ignore[attr-defined]
            tuple(header["goal"]), size, True,  # type: ignore[arg-type]
        )  # fmt: skip
    except (PatternDatabaseError, KeyError, TypeError, ValueError, OSError) as exc:
        return TableInfo(path, 0, 0, "", (), (), size, False, str(exc))


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


def clear(cache_dir: str | os.PathLike[str] | None = None) -> list[Path]:
    """Delete the table files (and stale temporary files) in the cache; return what was removed.

    >>> clear("/nonexistent")
    []
    """
    directory = _cache_dir(cache_dir)
    removed: list[Path] = []
    if not directory.is_dir():
        return removed
    for p in sorted(directory.iterdir()):
        if is_table_file_name(p.name):
            p.unlink(missing_ok=True)
            removed.append(p)
    with _LOCK:
        for p in removed:
            _LOADED.pop(p, None)
    return removed
