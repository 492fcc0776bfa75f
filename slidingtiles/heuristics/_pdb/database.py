"""Additive disjoint pattern databases: partitions, table files, the cache, the heuristic.

A partition splits the tiles into disjoint groups. Each group's table gives,
for every placement of the group's tiles, the fewest moves *of those tiles*
needed to bring them home (the other tiles are indistinguishable and move for
free). Each move moves one tile, of one group, so the sum over groups never
exceeds the true distance (Korf & Felner). On square boards whose goal blank
lies on the main diagonal, the board mirrored about that diagonal has the same
distance, so the maximum of the two sums is also admissible.
"""

from __future__ import annotations

import contextlib
import hashlib
import itertools
import json
import mmap
import os
import struct
import tempfile
import threading
import time
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path

import attrs

from slidingtiles._engine import dispatch as _backend
from slidingtiles.heuristics import _registry as _heuristics
from slidingtiles._board.board import Board
from slidingtiles._cache import ENV_CACHE_DIR, user_cache_dir
from slidingtiles._errors import SlidingTilesError
from slidingtiles._engine.indexing import (
    _REGION_TABLE_MAX_CELLS,
    MAX_TABLE_ENTRIES,
    BuildProgress,
    digits_index,
    encoding_for,
    perm_rank,
    table_entries,
)

__all__ = [
    "AUTO_BUILD_SECONDS",
    "AUTO_MAX_CELLS",
    "BUILD_COSTS",
    "ENV_CACHE_DIR",
    "FORMAT_VERSION",
    "MAX_TABLE_ENTRIES",
    "BuildProgress",
    "PatternDatabase",
    "PatternDatabaseError",
    "TableInfo",
    "auto_available",
    "build",
    "cache_dir",
    "clear",
    "default_partition_name",
    "estimate_build_seconds",
    "is_cached",
    "list_tables",
    "load",
    "partition",
    "partition_names",
    "pattern_database",
    "preferred_partition",
    "read_table",
    "table_path",
    "verify",
]

#: The table file format this code writes and reads.
FORMAT_VERSION = 1
_MAGIC = b"STPDB\x00\r\n"
_SUFFIX = ".stpdb"
_ENTRY = "u8-moves"
#: One group's table: ``bytes``, or a view into the database's contiguous buffer.
Table = bytes | memoryview
# 4 bits per entry: (value - Manhattan distance of the group's tiles) / 2, two entries per byte
# (entry r in the low nibble of byte r // 2 when r is even); written by the numba 7-8 builder.
_ENTRY_U4 = "u4-excess"
# Measured build rate (abstract states per second, numpy, this project's 2-core machine),
# used only to decide whether "auto" may build a table on first use.
_STATES_PER_SECOND = 800_000.0

Progress = Callable[[BuildProgress], object]


class PatternDatabaseError(SlidingTilesError, ValueError):
    """A table file is missing, truncated, altered, or does not match what was asked.

    Attributes:
        value: the offending path or argument.
    """

    def __init__(self, message: str, value: object = None) -> None:
        super().__init__(message)
        self.value = value


# -- partitions ----------------------------------------------------------------

# 4x4 templates as goal cells, for a goal with the blank in cell 0 (Korf's convention).
_TEMPLATES_4X4: dict[str, tuple[tuple[int, ...], ...]] = {
    # Two vertical 6-tile blocks touching the blank, the 3 tiles farthest from it: 2.7x fewer
    # nodes on Korf's 100 than the 3 tiles beside the blank (docs/pattern-databases.md).
    "6-6-3": ((1, 4, 5, 8, 9, 12), (2, 3, 6, 7, 10, 11), (13, 14, 15)),
    "5-5-5": ((1, 2, 3, 6, 7), (4, 5, 8, 9, 12), (10, 11, 13, 14, 15)),
    "7-8": ((1, 2, 3, 4, 5, 6, 7), (8, 9, 10, 11, 12, 13, 14, 15)),
}


def partition_names(rows: int, cols: int) -> list[str]:
    """Return the named partitions for a shape, the default first.

    >>> partition_names(4, 4)
    ['6-6-3', '5-5-5', '7-8']
    >>> partition_names(3, 3)
    ['perfect']
    """
    _check_shape(rows, cols)
    if rows * cols <= 9:
        return ["perfect"]
    if (rows, cols) == (4, 4):
        return ["6-6-3", "5-5-5", "7-8"]
    return ["default"]


def default_partition_name(rows: int, cols: int) -> str:
    """Return the default partition's name: ``perfect`` up to 9 cells, ``6-6-3`` on 4x4.

    >>> default_partition_name(4, 4), default_partition_name(3, 4)
    ('6-6-3', 'default')
    """
    return partition_names(rows, cols)[0]


def _check_shape(rows: object, cols: object) -> None:
    for value in (rows, cols):
        if isinstance(value, bool) or not isinstance(value, int) or value < 1:
            raise ValueError(f"rows and cols must be positive ints, not {rows!r} x {cols!r}")
    if rows * cols < 2:  # type: ignore[operator]
        raise ValueError(f"a {rows}x{cols} board has no tile to move")


def _symmetries(rows: int, cols: int) -> list[Callable[[int], int]]:
    """Cell maps of the board's symmetries (8 on a square, 4 otherwise)."""
    maps: list[Callable[[int], int]] = []
    for flip_r in (False, True):
        for flip_c in (False, True):

            def m(cell: int, fr: bool = flip_r, fc: bool = flip_c) -> int:
                r, c = divmod(cell, cols)
                return (rows - 1 - r if fr else r) * cols + (cols - 1 - c if fc else c)

            maps.append(m)
    if rows == cols:
        for f in list(maps):

            def t(cell: int, f: Callable[[int], int] = f) -> int:
                return _transpose_cell(f(cell), rows)

            maps.append(t)
    return maps


def _transpose_cell(cell: int, n: int) -> int:
    r, c = divmod(cell, n)
    return c * n + r


def partition(
    rows: int, cols: int, goal: Sequence[int] | Board | None = None, name: str = "default"
) -> tuple[tuple[int, ...], ...]:
    """Return a named partition of the goal's tiles into groups (tuples of tile numbers).

    >>> partition(4, 4, Board.goal(4, 4, blank="first"), "6-6-3")
    ((1, 4, 5, 8, 9, 12), (2, 3, 6, 7, 10, 11), (13, 14, 15))
    >>> partition(3, 3)
    ((1, 2, 3, 4, 5, 6, 7, 8),)

    ``"default"`` is the shape's default: ``perfect`` (one group of every
    tile) up to 9 cells, ``6-6-3`` on 4x4, otherwise the tiles in goal
    reading order split into balanced groups as large as a table of at most
    2**24 entries allows (6 tiles on 3x4, 5 on 4x5). 4x4 templates are given
    for the blank in a corner and turned to the goal's corner; for a blank
    elsewhere the template cell under the blank swaps with the corner.
    ``"7-8"`` is refused: its 8-tile table (16**8 entries) is too large to
    build in pure Python. Raises ValueError naming an unknown partition.
    """
    _check_shape(rows, cols)
    goal_tiles = _goal_tuple(rows, cols, goal)
    cells = rows * cols
    names = partition_names(rows, cols)
    if name == "default":
        name = names[0]
    if name not in names:
        raise ValueError(
            f"unknown partition {name!r} for {rows}x{cols}; choose from {', '.join(names)}"
        )
    blank = goal_tiles.index(0)
    if name == "perfect":
        return (tuple(t for t in goal_tiles if t),)
    if name == "7-8" and _backend.IMPLEMENTATION != "numba":
        raise ValueError(
            "the 7-8 partition needs 4-bit tables of 519 million + 58 million entries, built "
            'and searched by the numba backend: pip install "slidingtiles[fast]"; or use 6-6-3'
        )
    if name in _TEMPLATES_4X4:
        template = _TEMPLATES_4X4[name]
        for sym in _symmetries(rows, cols):
            if sym(0) == blank:
                return tuple(tuple(goal_tiles[sym(c)] for c in g) for g in template)
        # Blank not in a corner: the corner's cell takes the blank cell's place.
        return tuple(
            tuple(goal_tiles[0] if c == blank else goal_tiles[c] for c in g) for g in template
        )
    # "default" on other shapes: balanced groups in goal reading order.
    size = 1
    while size < 7 and cells ** (size + 1) <= (1 << 24):
        size += 1
    tiles = [t for t in goal_tiles if t]
    count = -(-len(tiles) // size)
    groups, start = [], 0
    for i in range(count):
        n = len(tiles) // count + (1 if i < len(tiles) % count else 0)
        groups.append(tuple(tiles[start : start + n]))
        start += n
    return tuple(groups)


def _goal_tuple(rows: int, cols: int, goal: Sequence[int] | Board | None) -> tuple[int, ...]:
    if goal is None:
        return Board.goal(rows, cols).tiles
    if isinstance(goal, Board):
        if goal.shape != (rows, cols):
            raise ValueError(f"goal is {goal.rows}x{goal.cols}, not {rows}x{cols}")
        return goal.tiles
    tiles = tuple(goal)
    if sorted(tiles) != list(range(rows * cols)):
        raise ValueError(f"goal {tiles!r} is not a permutation of 0..{rows * cols - 1}")
    return tiles


def _check_groups(
    groups: Iterable[Iterable[int]], goal: tuple[int, ...]
) -> tuple[tuple[int, ...], ...]:
    result = tuple(tuple(g) for g in groups)
    seen: set[int] = set()
    for g in result:
        if not g:
            raise ValueError(f"partition {result!r} has an empty group")
        for t in g:
            if isinstance(t, bool) or not isinstance(t, int) or not 0 < t < len(goal):
                raise ValueError(f"partition {result!r}: {t!r} is not a tile of the board")
            if t in seen:
                raise ValueError(f"partition {result!r}: tile {t} is in two groups")
            seen.add(t)
        encoding_for(len(goal), len(g))  # raises if too large
    return result


# -- the database ---------------------------------------------------------------


class PatternDatabase:
    """Loaded pattern tables for one shape, goal and partition, with the lookup.

    >>> db = PatternDatabase.build(2, 3, cache_dir=None)
    >>> db.value(Board("1 2 3/4 0 5").tiles), db.value(Board("0 1 2/3 4 5").tiles)
    (1, 15)

    Attributes:
        rows, cols: the board shape.
        goal: the goal's tiles, row-major, 0 the blank.
        name: the partition's name (``"6-6-3"``, ``"perfect"``, ``"custom"``...).
        groups: the tile groups, in table order.
        encodings: per group, ``"digits"`` (index = sum of cell * cells**slot)
            or ``"perm"`` (compact rank of the placement).
        tables: per group, one byte per index: the fewest moves of the group's
            tiles (255 for impossible indices).
        reflect: True when the diagonal reflection applies (square board, goal
            blank on the main diagonal) and `value` takes the max with it.
        path: the file it was loaded from or saved to, if any.

    `value` costs O(cells) per call; the search engine updates the indices
    incrementally instead. Memory: the sum of the table sizes (bytes).
    """

    def __init__(
        self,
        rows: int,
        cols: int,
        goal: tuple[int, ...],
        name: str,
        groups: tuple[tuple[int, ...], ...],
        encodings: tuple[str, ...],
        tables: Sequence[Table],
        path: Path | None = None,
        entry: str = _ENTRY,
    ) -> None:
        self.rows, self.cols, self.goal, self.name = rows, cols, goal, name
        self.groups, self.encodings, self.path = groups, encodings, path
        self.tables: tuple[Table, ...] = tuple(tables)
        self.entry = entry
        self._contiguous: tuple[memoryview, tuple[int, ...]] | None = None
        self.cells = rows * cols
        blank = goal.index(0)
        self.reflect = rows == cols and blank // cols == blank % cols
        # mirror[t]: the tile standing, in the goal, where t's goal cell lands under transposition.
        square = rows == cols
        self.mirror = tuple(
            goal[_transpose_cell(goal.index(t), rows)] if square else t for t in range(self.cells)
        )
        self.transpose = (
            tuple(_transpose_cell(c, rows) for c in range(self.cells)) if (rows == cols) else ()
        )

    @property
    def perfect(self) -> bool:
        """True when one group holds every tile, so the value is the exact distance."""
        return len(self.groups) == 1 and len(self.groups[0]) == self.cells - 1

    @property
    def nbytes(self) -> int:
        """Bytes held by the tables."""
        return sum(len(t) for t in self.tables)

    def contiguous(self) -> tuple[memoryview, tuple[int, ...]]:
        """Return the tables back to back in one buffer, then one zero entry, and their offsets.

        >>> db = PatternDatabase.build(2, 2, groups=[(1,), (2, 3)])
        >>> buffer, offsets = db.contiguous()
        >>> offsets, len(buffer) == db.nbytes + 1, buffer[offsets[-1]]
        ((0, 4, 20), True, 0)

        The search kernels index this one buffer (offset + index) rather than
        a table per group. Made on the first call (one copy of the tables, on
        huge pages where Linux grants them: random lookups in tens or hundreds
        of megabytes then miss the TLB far less); from then on `tables` are
        views into it, so the memory is not doubled. The zero entry, whose
        offset ends ``offsets``, is the value of tiles outside every group.
        """
        if self._contiguous is None:
            buffer = _table_buffer(self.nbytes + 1)
            offsets = tuple(itertools.accumulate((len(t) for t in self.tables), initial=0))
            for at, table in zip(offsets, self.tables):
                buffer[at : at + len(table)] = table
            self.tables = tuple(buffer[o : o + len(t)] for o, t in zip(offsets, self.tables))
            self._contiguous = (buffer, offsets)
        return self._contiguous

    def __reduce__(self) -> tuple[object, ...]:
        # Views cannot be pickled: send the tables as bytes (process pools, copies).
        return (
            PatternDatabase,
            (self.rows, self.cols, self.goal, self.name, self.groups, self.encodings,
             tuple(bytes(t) for t in self.tables), self.path, self.entry),
        )  # fmt: skip

    @classmethod
    def build(
        cls,
        rows: int,
        cols: int,
        goal: Sequence[int] | Board | None = None,
        name: str = "default",
        *,
        groups: Iterable[Iterable[int]] | None = None,
        progress: Progress | None = None,
        cache_dir: str | os.PathLike[str] | None = None,
    ) -> PatternDatabase:
        """Build the tables in memory (no file), reporting `BuildProgress`.

        >>> PatternDatabase.build(2, 2).groups
        ((1, 2, 3),)

        ``groups`` gives a custom partition (named ``"custom"`` unless ``name``
        says otherwise). ``cache_dir`` is ignored (accepted for symmetry).
        """
        del cache_dir
        goal_tiles, name, grouping = _resolve(rows, cols, goal, name, groups)
        cells = rows * cols
        if name == "7-8":
            from slidingtiles._engine.numba import kernels as _numba_kernels

            def report78(group: int, depth: int, states: int, seconds: float) -> None:
                if progress is not None:
                    size = len(grouping[group])
                    progress(BuildProgress(group, len(grouping), size, depth, states, seconds))

            db: PatternDatabase = _numba_kernels.build_packed_database(
                rows, cols, goal_tiles, grouping, name, progress=report78
            )
            return db
        encodings = tuple(encoding_for(cells, len(g)) for g in grouping)
        tables: list[bytes] = []
        for i, (g, enc) in enumerate(zip(grouping, encodings)):

            def report(
                depth: int, states: int, seconds: float, i: int = i, g: tuple[int, ...] = g
            ) -> None:
                if progress is not None:
                    progress(BuildProgress(i, len(grouping), len(g), depth, states, seconds))

            start = time.perf_counter()
            tables.append(
                _backend.kernels.build_group_table(
                    rows, cols, goal_tiles, g, encoding=enc, progress=report
                )
            )
            if progress is not None:
                progress(BuildProgress(
                    i, len(grouping), len(g), -1, 0, time.perf_counter() - start, done=True
                ))  # fmt: skip
        return cls(rows, cols, goal_tiles, name, grouping, encodings, tuple(tables))

    # -- lookups ----------------------------------------------------------------

    def _index(self, group: int, cell_of: Sequence[int]) -> int:
        positions = [cell_of[t] for t in self.groups[group]]
        if self.encodings[group] == "digits":
            return digits_index(positions, self.cells)
        return perm_rank(positions, self.cells)

    def group_values(self, tiles: Sequence[int], *, reflected: bool = False) -> list[int]:
        """Return each group's table value for a board (or for its reflection).

        >>> PatternDatabase.build(2, 2).group_values((1, 2, 0, 3))
        [1]
        """
        cell_of = [0] * self.cells
        if reflected:
            if not self.reflect:
                raise ValueError("this board and goal have no diagonal reflection")
            for cell, t in enumerate(tiles):
                cell_of[self.mirror[t]] = self.transpose[cell]
        else:
            for cell, t in enumerate(tiles):
                cell_of[t] = cell
        if self.entry == _ENTRY_U4:
            home = {t: self.goal.index(t) for t in range(1, self.cells)}
            values = []
            for g, group in enumerate(self.groups):
                i = self._index(g, cell_of)
                md = sum(
                    abs(cell_of[t] // self.cols - home[t] // self.cols)
                    + abs(cell_of[t] % self.cols - home[t] % self.cols)
                    for t in group
                )
                values.append(md + 2 * ((self.tables[g][i >> 1] >> (4 * (i & 1))) & 15))
            return values
        return [self.tables[g][self._index(g, cell_of)] for g in range(len(self.groups))]

    def value(self, tiles: Sequence[int]) -> int:
        """Return the heuristic: the sum over groups, maxed with the reflection when it applies.

        >>> db = PatternDatabase.build(3, 3)
        >>> db.value((6, 4, 7, 8, 5, 0, 3, 2, 1))
        31
        """
        if len(tiles) != self.cells:
            raise ValueError(f"{len(tiles)} tiles for a {self.rows}x{self.cols} table")
        h = sum(self.group_values(tiles))
        if self.reflect and not self.perfect:
            h = max(h, sum(self.group_values(tiles, reflected=True)))
        return h

    def header(self) -> dict[str, object]:
        """Return the file header fields (without the checksum)."""
        return {
            "format": FORMAT_VERSION,
            "rows": self.rows,
            "cols": self.cols,
            "goal": list(self.goal),
            "partition": self.name,
            "groups": [list(g) for g in self.groups],
            "encodings": list(self.encodings),
            "entry": self.entry,
            "lengths": [len(t) for t in self.tables],
        }

    def __repr__(self) -> str:
        sizes = "-".join(str(len(g)) for g in self.groups)
        return (
            f"PatternDatabase({self.rows}x{self.cols}, {self.name!r}, groups {sizes}, "
            f"{self.nbytes:,} bytes{', reflected' if self.reflect else ''})"
        )


def _resolve(
    rows: int,
    cols: int,
    goal: Sequence[int] | Board | None,
    name: str,
    groups: Iterable[Iterable[int]] | None,
) -> tuple[tuple[int, ...], str, tuple[tuple[int, ...], ...]]:
    _check_shape(rows, cols)
    goal_tiles = _goal_tuple(rows, cols, goal)
    if groups is not None:
        grouping = _check_groups(groups, goal_tiles)
        return goal_tiles, ("custom" if name == "default" else name), grouping
    grouping = partition(rows, cols, goal_tiles, name)
    return goal_tiles, (default_partition_name(rows, cols) if name == "default" else name), grouping


# -- the table file -----------------------------------------------------------------


def _table_buffer(size: int) -> memoryview:
    """Zeroed writable memory, backed by transparent huge pages where the system allows.

    Linux's default ``madvise`` policy grants 2 MiB pages to memory that asks.
    """
    if size >= 1 << 22 and hasattr(mmap, "MADV_HUGEPAGE"):
        memory = mmap.mmap(-1, size, flags=mmap.MAP_PRIVATE | mmap.MAP_ANONYMOUS)
        with contextlib.suppress(OSError):
            memory.madvise(mmap.MADV_HUGEPAGE)
        return memoryview(memory)
    return memoryview(bytearray(size))


def _checksum(tables: Iterable[Table]) -> str:
    digest = hashlib.sha256()
    for t in tables:
        digest.update(t)
    return digest.hexdigest()


def _encode(db: PatternDatabase) -> bytes:
    header = db.header()
    header["sha256"] = _checksum(db.tables)
    text = json.dumps(header, sort_keys=True).encode()
    return b"".join((_MAGIC, struct.pack("<I", len(text)), text, *db.tables))


def _read_header(data: bytes, path: Path) -> tuple[dict[str, object], int]:
    if data[: len(_MAGIC)] != _MAGIC:
        raise PatternDatabaseError(f"{path}: not a slidingtiles table file (bad magic)", path)
    if len(data) < len(_MAGIC) + 4:
        raise PatternDatabaseError(f"{path}: truncated header", path)
    (length,) = struct.unpack_from("<I", data, len(_MAGIC))
    start = len(_MAGIC) + 4
    if len(data) < start + length:
        raise PatternDatabaseError(f"{path}: truncated header", path)
    try:
        header = json.loads(data[start : start + length])
    except ValueError as exc:
        raise PatternDatabaseError(f"{path}: unreadable header ({exc})", path) from None
    if not isinstance(header, dict) or header.get("format") != FORMAT_VERSION:
        fmt = header.get("format") if isinstance(header, dict) else None
        raise PatternDatabaseError(
            f"{path}: format version {fmt!r}, this code reads {FORMAT_VERSION}", path
        )
    return header, start + length


def read_table(path: str | os.PathLike[str]) -> PatternDatabase:
    """Read and verify a table file (magic, version, sizes, checksum); never unpickles.

    Raises `PatternDatabaseError` saying what is wrong.
    """
    path = Path(path)
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise PatternDatabaseError(f"{path}: cannot read ({exc.strerror})", path) from None
    header, offset = _read_header(data, path)
    try:
        rows, cols = int(header["rows"]), int(header["cols"])  # type: ignore[call-overload]
        goal = tuple(int(t) for t in header["goal"])  # type: ignore[attr-defined]
        groups = tuple(tuple(int(t) for t in g) for g in header["groups"])  # type: ignore[attr-defined]
        encodings = tuple(str(e) for e in header["encodings"])  # type: ignore[attr-defined]
        lengths = [int(n) for n in header["lengths"]]  # type: ignore[attr-defined]
        name, checksum = str(header["partition"]), str(header["sha256"])
    except (KeyError, TypeError, ValueError) as exc:
        raise PatternDatabaseError(f"{path}: malformed header ({exc!r})", path) from None
    entry = header.get("entry")
    expected = [table_entries(rows * cols, len(g), e) for g, e in zip(groups, encodings)]
    if entry == _ENTRY_U4:
        expected = [(n + 1) // 2 for n in expected]
    if entry not in (_ENTRY, _ENTRY_U4) or lengths != expected or len(groups) != len(encodings):
        raise PatternDatabaseError(f"{path}: header sizes or encodings are inconsistent", path)
    if len(data) != offset + sum(lengths):
        raise PatternDatabaseError(
            f"{path}: {len(data) - offset:,} table bytes, expected {sum(lengths):,} "
            "(truncated or padded)", path,
        )  # fmt: skip
    tables, at = [], offset
    for n in lengths:
        tables.append(data[at : at + n])
        at += n
    if _checksum(tables) != checksum:
        raise PatternDatabaseError(f"{path}: checksum mismatch (the file was altered)", path)
    return PatternDatabase(
        rows, cols, goal, name, groups, encodings, tuple(tables), path, str(entry)
    )


def _write_atomic(path: Path, payload: bytes) -> None:
    """Write to a temporary file in the same directory, then rename over the target."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=path.name + ".", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(payload)
            f.flush()
            os.fsync(f.fileno())
        os.chmod(tmp, 0o644)  # mkstemp makes it private; a cache file is readable like any other
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


# -- the cache -----------------------------------------------------------------------


def cache_dir(directory: str | os.PathLike[str] | None = None) -> Path:
    """Return the table directory: the argument, else ``$SLIDINGTILES_CACHE_DIR``, else user cache.

    >>> str(cache_dir("/tmp/tables"))
    '/tmp/tables'

    The user cache is ``$XDG_CACHE_HOME/slidingtiles`` (default
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
    goal_tiles, name, grouping = _resolve(rows, cols, goal, name, groups)
    key = json.dumps([rows, cols, list(goal_tiles), [list(g) for g in grouping]]).encode()
    digest = hashlib.sha256(key).hexdigest()[:12]
    directory = _cache_dir(cache_dir)
    return directory / f"{rows}x{cols}-{name}-{digest}-v{FORMAT_VERSION}{_SUFFIX}"


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
    _write_atomic(path, _encode(db))
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
        goal_tiles, _, grouping = _resolve(rows, cols, goal, name, groups)
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
        and _backend.IMPLEMENTATION == "numba"
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
    states = sum(2 * table_entries(cells, len(g), "perm") for g in groups)
    if cells > _REGION_TABLE_MAX_CELLS:
        states = states * 3 // 2  # regions by an iterated flood fill (4x5: 19.9 s measured)
    return states / _STATES_PER_SECOND


#: ``heuristic="auto"`` builds a missing default table only if the estimate is below this.
AUTO_BUILD_SECONDS = 60.0
#: ``heuristic="auto"`` builds missing tables only for boards up to this many cells.
AUTO_MAX_CELLS = 20


def auto_available(goal: Board) -> bool:
    """Return True if the default table for this goal is cached or quick enough to build now.

    >>> auto_available(Board.goal(3, 3)), auto_available(Board.goal(5, 5))
    (True, False)

    Beyond `AUTO_MAX_CELLS` (20) cells a table is built only when asked
    for: on big boards its build time and its worth were not measured.
    """
    try:
        if is_cached(goal.rows, goal.cols, goal.tiles):
            return True
        if goal.size > AUTO_MAX_CELLS:
            return False
        return estimate_build_seconds(goal.rows, goal.cols, goal=goal.tiles) < AUTO_BUILD_SECONDS
    except ValueError:  # no partition fits this board
        return False


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
        with path.open("rb") as f:
            head = f.read(1 << 16)
        header, _ = _read_header(head, path)
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
    return sorted(directory.glob("*" + _SUFFIX)) if directory.is_dir() else []


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
        if p.suffix == _SUFFIX or (p.name.endswith(".tmp") and _SUFFIX in p.name):
            p.unlink(missing_ok=True)
            removed.append(p)
    with _LOCK:
        for p in removed:
            _LOADED.pop(p, None)
    return removed


# -- the registered heuristic ----------------------------------------------------------


def _pdb_for(goal: Board) -> Callable[[tuple[int, ...]], int]:
    return load(goal.rows, goal.cols, goal.tiles).value


def pattern_database(board: Board, goal: Board) -> int:
    """Return the additive pattern database value of the goal's default partition.

    >>> import os, tempfile
    >>> os.environ["SLIDINGTILES_CACHE_DIR"] = tempfile.mkdtemp()
    >>> pattern_database(Board("6 4 7/8 5 0/3 2 1"), Board.goal(3, 3))
    31
    >>> del os.environ["SLIDINGTILES_CACHE_DIR"]

    The table is loaded from the cache, or built (and saved) on first use:
    about a second for 3x3, a minute or so for the 4x4 6-6-3 tables. On
    boards of at most 9 cells the table is perfect (the exact distance).
    Admissible: a move moves one tile of one group, so the sum over groups
    never exceeds the moves left, and the reflection has the same distance.
    Not consistent in general: a table keeps the least cost over the blank's
    regions, and one move can change that least cost by more than one (the
    perfect tables of small boards are consistent).
    """
    return _pdb_for(goal)(board.tiles)


_heuristics.register(
    "pdb", pattern_database, admissible=True, consistent=False, strength=50,
    aliases=("pattern_database", "additive_pdb"),
    description="additive disjoint pattern databases (max with the diagonal reflection)",
    specialize=_pdb_for, applies_to=auto_available,
)  # fmt: skip
