"""The table file: the one place its bytes are written and read.

>>> import tempfile
>>> from pathlib import Path
>>> path = Path(tempfile.mkdtemp()) / "2x2.stpdb"
>>> write_table(PatternDatabase.build(2, 2), path)
>>> read_table(path).groups, read_header(path)["partition"]
(((1, 2, 3),), 'perfect')

Layout (docs/pattern-databases.md, "The file format"): the magic
``b"STPDB\\x00\\r\\n"``, a little-endian 32-bit header length, the header as
JSON with sorted keys (`PatternDatabase.header` plus ``sha256``, the digest of
the tables), then the tables back to back. Entries are bytes (``u8-moves``) or
nibbles (``u4-excess``, two per byte, the 7-8 partition); the header says
which. Nothing is ever pickled.

A *packed* file (`write_packed`, `read_packed`; the tables shipped with the
package) is the same layout compressed with xz, its header marked
``"packing": "compact-u4"`` and its tables packed by `compact` (4 bits per
placement of distinct cells); the header, checksum included, describes the
full tables that unpacking gives back.
"""

from __future__ import annotations

import contextlib
import hashlib
import importlib
import json
import lzma
import os
import stat
import struct
import tempfile
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any, BinaryIO

from slidingtiles._cache import cache_dir_problem
from slidingtiles._engine.indexing import (
    DIGITS,
    PERM,
    PERM_ZERO,
    PERM_ZERO2,
    U4_EXCESS,
    U8_MOVES,
    table_entries,
    table_index,
    zero_aware_mismatch,
)
from slidingtiles._engine.tables import Table
from slidingtiles._errors import CacheDirectoryError, PatternDatabaseError
from slidingtiles._heuristics._pdb.database import FORMAT_VERSION, PatternDatabase

__all__ = [
    "FORMAT_VERSION",
    "MAX_FILE_BYTES",
    "MAX_TABLE_CELLS",
    "PACKED_SUFFIX",
    "PACKING",
    "SUFFIX",
    "is_table_file_name",
    "read_header",
    "read_packed",
    "read_table",
    "write_packed",
    "write_table",
]

_MAGIC = b"STPDB\x00\r\n"
#: The file name suffix of table files.
SUFFIX = ".stpdb"
# A header is a few hundred bytes; no file's header may take more than this.
_HEADER_READ = 1 << 16
_PREFIX = len(_MAGIC) + 4
#: The largest table file read: the biggest tables made (4x4's zero-aware 7-8, 1.15 GB) with
#: room to spare.
#: Anything larger is refused before a byte of its body is read.
MAX_FILE_BYTES = 1 << 31
#: The largest board (cells) a table file may describe: far past any useful table (a 32x32
#: board's default partition would take 512 tables of a million entries).
MAX_TABLE_CELLS = 1024
_MAX_NAME = 64
_ENCODINGS = (DIGITS, PERM, PERM_ZERO, PERM_ZERO2)
_ENTRIES = (U8_MOVES, U4_EXCESS)
#: The suffix of a packed table file (`write_packed`): the table file's name and ``.xz``.
PACKED_SUFFIX = SUFFIX + ".xz"
#: The ``packing`` header field of a packed file: `compact`'s 4 bits per placement.
PACKING = "compact-u4"
# The largest packed file read (the 4x4 6-6-3 tables pack into 0.8 MB).
_MAX_PACKED_BYTES = 1 << 26
# xz at its strongest setting: packing happens once, when the shipped tables are made.
_XZ_PRESET = 9 | lzma.PRESET_EXTREME


def is_table_file_name(name: str) -> bool:
    """Return True for a table file's name or a temporary file of an interrupted write.

    >>> is_table_file_name("3x3-perfect-0123456789ab-v1.stpdb"), is_table_file_name("a.txt")
    (True, False)
    """
    return Path(name).suffix == SUFFIX or (name.endswith(".tmp") and SUFFIX in name)


def _checksum(tables: Iterable[Table]) -> str:
    digest = hashlib.sha256()
    for t in tables:
        digest.update(t)
    return digest.hexdigest()


def _encode(db: PatternDatabase) -> list[bytes | Table]:
    """The file's bytes, in pieces: magic, length, header, then the tables (written one by one,
    not joined: a table set's are 1.8 GB)."""
    header = db.header()
    tables = db.stored()[1]  # a table set's companions' tables after its own
    header["sha256"] = _checksum(tables)
    text = json.dumps(header, sort_keys=True).encode()
    return [_MAGIC, struct.pack("<I", len(text)), text, *tables]


def _write_atomic(path: Path, payload: Iterable[bytes | Table]) -> None:
    """Write to a temporary file in the same directory, then rename over the target.

    A directory that cannot take the file (not a directory, read-only, full)
    raises `CacheDirectoryError` (an OSError) naming it.
    """
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=path.name + ".", suffix=".tmp", dir=path.parent)
    except OSError as error:
        raise _unwritable(path, error) from None
    try:
        with os.fdopen(fd, "wb") as f:
            for piece in payload:
                f.write(piece)
            f.flush()
            os.fsync(f.fileno())
        os.chmod(tmp, 0o644)  # mkstemp makes it private; a cache file is readable like any other
        os.replace(tmp, path)
    except BaseException as error:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        if isinstance(error, OSError):
            raise _unwritable(path, error) from None
        raise


def _unwritable(path: Path, error: OSError) -> CacheDirectoryError:
    """The error of a write that failed, naming the file and why; ``errno`` is the system's."""
    reason = cache_dir_problem(path.parent) or f"{path.parent}: {error.strerror or error}"
    refused = CacheDirectoryError(
        f"cannot write {path.name} into the table cache: {reason} (set SLIDINGTILES_CACHE_DIR, "
        "or pass cache_dir, to a writable directory)",
        path.parent,
    )
    refused.errno, refused.strerror = error.errno, error.strerror  # ENOSPC: a full disk
    return refused


def write_table(db: PatternDatabase, path: Path) -> None:
    """Write a database to ``path`` atomically: a temporary file, fsynced, renamed into place.

    (Example in the module docstring.) Two writers of the same path each
    rename a complete file, so the survivor is whole; an interrupted write
    leaves at most a ``*.tmp`` file beside it. Does not set ``db.path``.
    Raises `CacheDirectoryError` (an OSError) when the directory cannot take it.
    """
    _write_atomic(path, _encode(db))


# -- reading: a regular file of a plausible size, its header checked field by field ----------


def _open_regular(path: Path) -> tuple[BinaryIO, int]:
    """Open a table file for reading if it is a regular file of a plausible size; its size.

    Opened without blocking (a FIFO would otherwise wait for a writer forever)
    and checked on the open descriptor, so what is checked is what is read.
    """
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    try:
        fd = os.open(path, flags)
    except OSError as exc:
        raise PatternDatabaseError(f"{path}: cannot read ({exc.strerror or exc})", path) from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            kind = (
                "a directory"
                if stat.S_ISDIR(info.st_mode)
                else "a FIFO"
                if stat.S_ISFIFO(info.st_mode)
                else "a socket"
                if stat.S_ISSOCK(info.st_mode)
                else "a device"
                if stat.S_ISCHR(info.st_mode) or stat.S_ISBLK(info.st_mode)
                else "not a regular file"
            )
            raise PatternDatabaseError(f"{path}: not a table file ({kind})", path)
        if info.st_size > MAX_FILE_BYTES:
            raise PatternDatabaseError(
                f"{path}: {info.st_size:,} bytes, larger than any table file "
                f"({MAX_FILE_BYTES:,}); not read",
                path,
            )
        return os.fdopen(fd, "rb"), info.st_size
    except BaseException:
        os.close(fd)
        raise


def _int_field(header: Mapping[str, Any], key: str, low: int, high: int, path: Path) -> int:
    value = header.get(key)
    if type(value) is not int or not low <= value <= high:
        raise PatternDatabaseError(
            f"{path}: header field {key!r} is {value!r}, not an int in {low}..{high}", path
        )
    return value


def _int_list(value: object, key: str, path: Path) -> list[int]:
    if not isinstance(value, list) or not all(type(v) is int for v in value):
        raise PatternDatabaseError(f"{path}: header field {key!r} is not a list of ints", path)
    return value


def _str_field(header: Mapping[str, Any], key: str, choices: Iterable[str], path: Path) -> str:
    value = header.get(key)
    allowed = tuple(choices)
    if not isinstance(value, str) or value not in allowed:
        raise PatternDatabaseError(
            f"{path}: header field {key!r} is {value!r}, not one of {', '.join(allowed)}", path
        )
    return value


def _parse_header(data: bytes, path: Path) -> tuple[dict[str, Any], int]:
    """The header of a file's first bytes, checked field by field, and its first table's offset."""
    if data[: len(_MAGIC)] != _MAGIC:
        raise PatternDatabaseError(f"{path}: not a slidingtiles table file (bad magic)", path)
    if len(data) < _PREFIX:
        raise PatternDatabaseError(f"{path}: truncated header", path)
    (length,) = struct.unpack_from("<I", data, len(_MAGIC))
    if length > _HEADER_READ - _PREFIX:
        raise PatternDatabaseError(f"{path}: header of {length:,} bytes, too long", path)
    if len(data) < _PREFIX + length:
        raise PatternDatabaseError(f"{path}: truncated header", path)
    try:
        header = json.loads(data[_PREFIX : _PREFIX + length])
    except (ValueError, RecursionError) as exc:  # RecursionError: nesting thousands deep
        reason = "nested too deeply" if isinstance(exc, RecursionError) else str(exc)
        raise PatternDatabaseError(f"{path}: unreadable header ({reason})", path) from None
    if not isinstance(header, dict):
        raise PatternDatabaseError(f"{path}: unreadable header (not a JSON object)", path)
    fmt = header.get("format")
    if type(fmt) is not int or fmt != FORMAT_VERSION:
        raise PatternDatabaseError(
            f"{path}: format version {fmt!r}, this code reads {FORMAT_VERSION}", path
        )
    _check_fields(header, path)
    return header, _PREFIX + length


def _check_fields(header: dict[str, Any], path: Path) -> None:
    """Every field the reader uses, of the right type, in range and consistent with the others.

    After this, building the `PatternDatabase` and indexing its tables cannot fail.
    """
    rows = _int_field(header, "rows", 1, MAX_TABLE_CELLS, path)
    cols = _int_field(header, "cols", 1, MAX_TABLE_CELLS, path)
    cells = rows * cols
    if not 2 <= cells <= MAX_TABLE_CELLS:
        raise PatternDatabaseError(f"{path}: header shape {rows}x{cols} is not a table's", path)
    goal = _int_list(header.get("goal"), "goal", path)
    if sorted(goal) != list(range(cells)):
        raise PatternDatabaseError(
            f"{path}: header field 'goal' is not the tiles 0..{cells - 1}, each once", path
        )
    groups = header.get("groups")
    if not isinstance(groups, list) or not groups:
        raise PatternDatabaseError(f"{path}: header field 'groups' is not a list of groups", path)
    seen: set[int] = set()
    for group in groups:
        tiles = _int_list(group, "groups", path)
        if (
            not tiles
            or any(not 0 < t < cells or t in seen for t in tiles)
            or len(set(tiles)) != len(tiles)
        ):
            raise PatternDatabaseError(
                f"{path}: header field 'groups' is not disjoint groups of tiles 1..{cells - 1}",
                path,
            )
        seen.update(tiles)
    stored = _stored_groups(header, path)
    encodings = header.get("encodings")
    if not isinstance(encodings, list) or len(encodings) != len(stored):
        raise PatternDatabaseError(
            f"{path}: header field 'encodings' does not give one encoding per group", path
        )
    for encoding in encodings:
        _str_field({"encodings": encoding}, "encodings", _ENCODINGS, path)
    entry = _str_field(header, "entry", _ENTRIES, path)
    for encoding in encodings:
        mismatch = zero_aware_mismatch(encoding, entry, cells)
        if mismatch is not None:
            raise PatternDatabaseError(f"{path}: {mismatch}", path)
    name = header.get("partition")
    if not isinstance(name, str) or not 0 < len(name) <= _MAX_NAME or not name.isprintable():
        raise PatternDatabaseError(f"{path}: header field 'partition' is {name!r}", path)
    lengths = _int_list(header.get("lengths"), "lengths", path)
    expected = [table_entries(cells, len(g), e) for g, e in zip(stored, encodings)]
    if entry == U4_EXCESS:
        expected = [(n + 1) // 2 for n in expected]  # two 4-bit entries per byte
    if lengths != expected:
        raise PatternDatabaseError(
            f"{path}: header field 'lengths' is {lengths}, the groups need {expected}", path
        )
    digest = header.get("sha256")
    if not (
        isinstance(digest, str)
        and len(digest) == 64
        and all(c in "0123456789abcdef" for c in digest)
    ):
        raise PatternDatabaseError(f"{path}: header field 'sha256' is not a SHA-256 digest", path)


def _stored_groups(header: Mapping[str, Any], path: Path) -> list[list[int]]:
    """Every group whose table the file holds: ``groups``, then the companions' other groups.

    A table set's ``companions`` (optional) are partitions of the same tiles
    (each of disjoint groups), their groups stored once each, in order of
    first appearance after the set's own.
    """
    stored: list[list[int]] = list(header["groups"])
    covered = sorted(t for g in stored for t in g)
    partitions = header.get("companions", [])
    if not isinstance(partitions, list):
        raise PatternDatabaseError(f"{path}: header field 'companions' is not a list", path)
    for partition in partitions:
        if not isinstance(partition, list) or not partition:
            raise PatternDatabaseError(f"{path}: header field 'companions' is not partitions", path)
        groups = [_int_list(g, "companions", path) for g in partition]
        if sorted(t for g in groups for t in g) != covered or not all(groups):
            raise PatternDatabaseError(
                f"{path}: header field 'companions' holds a partition of other tiles", path
            )
        stored.extend(g for g in groups if g not in stored)
    return stored


def _check_expected(header: Mapping[str, Any], expect: Mapping[str, Any], path: Path) -> None:
    """The header against what the caller asked for, field by field, naming the first mismatch."""
    for key, wanted in expect.items():
        got = header.get(key)
        if key == "groups":
            got = [tuple(g) for g in got] if isinstance(got, list) else got
            wanted = [tuple(g) for g in wanted]
        elif key == "goal":
            got, wanted = list(got) if isinstance(got, list) else got, list(wanted)
        if got != wanted:
            raise PatternDatabaseError(
                f"{path}: holds another shape, goal or partition ({key} {got!r}, "
                f"asked for {wanted!r})",
                path,
            )


def _check_body(header: Mapping[str, Any], tables: list[bytes], path: Path) -> None:
    """Cheap facts every real table shows: the goal's own entry is 0, and (bytes) only it is.

    A body altered with its checksum recomputed (all zeros, say) is refused here
    rather than driving a search to a wrong answer. Costs one pass of
    ``bytes.count`` over 8-bit tables (about 10 ms for the 34 MB 4x4 ones).
    """
    goal = header["goal"]
    for number, (group, encoding, table) in enumerate(
        zip(_stored_groups(header, path), header["encodings"], tables), 1
    ):
        home = [goal.index(t) for t in group]
        index = table_index(home, goal.index(0), header["rows"], header["cols"], encoding)
        if header["entry"] == U4_EXCESS:
            value = (table[index >> 1] >> (4 * (index & 1))) & 15
        else:
            value = table[index]
            if value == 0 and table.count(0) != 1:
                raise PatternDatabaseError(
                    f"{path}: table {number} gives 0 moves to {table.count(0):,} placements, "
                    "only the goal's has 0 (the file was altered)",
                    path,
                )
        if value != 0:
            raise PatternDatabaseError(
                f"{path}: table {number} does not give the goal 0 moves (the file was altered)",
                path,
            )


def read_header(path: Path) -> dict[str, object]:
    """Return a table file's header fields, reading only its start (tables not checked).

    (Example in the module docstring.) Raises `PatternDatabaseError` for
    anything but a regular file of a plausible size with a bad magic, a
    truncated, unreadable or inconsistent header (each field is checked), or
    another format version; never blocks (a FIFO is refused, not opened for
    good) and never reads more than 64 KiB.
    """
    handle, size = _open_regular(Path(path))
    with handle:
        head = handle.read(min(size, _HEADER_READ))
    return _parse_header(head, Path(path))[0]


def read_table(
    path: str | os.PathLike[str], *, expect: Mapping[str, Any] | None = None
) -> PatternDatabase:
    """Read and verify a table file (magic, version, every header field, sizes, checksum).

    Raises `PatternDatabaseError` saying what is wrong; never unpickles. In
    order, without reading more than needed: a regular file (a FIFO, a
    directory or a device is refused without blocking) of at most
    `MAX_FILE_BYTES`; a header whose fields are each of the right type, in
    range and consistent (shape, goal a permutation, groups disjoint tiles,
    encodings, entry, lengths those the groups need, a SHA-256 digest); then
    ``expect`` (``{"rows": 3, "goal": [...], ...}``: what the caller asked for,
    field by field); the file size against the header *before* the body is
    read (a 20 GB file is refused after 64 KiB); the checksum; and the
    goal's own entry (0, and the only 0 of an 8-bit table).
    """
    path = Path(path)
    handle, size = _open_regular(path)
    with handle:
        head = handle.read(min(size, _HEADER_READ))
        header, offset = _parse_header(head, path)
        if "packing" in header:
            raise PatternDatabaseError(f"{path}: a packed table file (read_packed reads it)", path)
        if expect:
            _check_expected(header, expect, path)
        lengths: list[int] = header["lengths"]
        if size != offset + sum(lengths):
            raise PatternDatabaseError(
                f"{path}: {size - offset:,} table bytes, expected {sum(lengths):,} "
                "(truncated or padded)",
                path,
            )
        handle.seek(offset)
        tables = [handle.read(n) for n in lengths]
    if [len(t) for t in tables] != lengths:  # the file shrank while being read
        raise PatternDatabaseError(f"{path}: truncated while being read", path)
    return _verified(header, tables, path, path)


def _verified(
    header: Mapping[str, Any], tables: list[bytes], path: Path, source: Path | None
) -> PatternDatabase:
    """The database of a file's header and tables, once the checksum and the goal entry hold."""
    if _checksum(tables) != header["sha256"]:
        raise PatternDatabaseError(f"{path}: checksum mismatch (the file was altered)", path)
    _check_body(header, tables, path)
    return PatternDatabase.from_stored(
        header["rows"],
        header["cols"],
        tuple(header["goal"]),
        header["partition"],
        tuple(tuple(g) for g in header["groups"]),
        [tuple(tuple(g) for g in c) for c in header.get("companions", [])],
        tuple(header["encodings"]),
        tuple(tables),
        source,
        header["entry"],
    )


# -- packed files: the tables shipped with the package ----------------------------------------


def _compact() -> Any:
    """The packing module, which needs numpy: imported here, when a packed file is first used.

    As the dispatcher loads its numpy kernels (``import slidingtiles`` and solving
    with tables from the cache never load numpy).
    """
    return importlib.import_module("slidingtiles._heuristics._pdb.compact")


def write_packed(db: PatternDatabase, path: Path) -> None:
    """Write a database packed (`compact`, 4 bits per placement) and xz-compressed, atomically.

    >>> import tempfile
    >>> path = Path(tempfile.mkdtemp()) / ("3x3" + PACKED_SUFFIX)
    >>> write_packed(PatternDatabase.build(3, 3, tuple(range(9))), path)
    >>> read_packed(path).value((8, 7, 6, 5, 4, 3, 2, 1, 0)), path.stat().st_size < 100_000
    (28, True)

    Only tables of bytes (``u8-moves``) with ``digits`` or ``perm`` indices are
    packed: the default partitions' of boards up to 16 cells. Raises
    ValueError for others, `CacheDirectoryError` when ``path``'s directory
    cannot take the file.
    """
    if db.entry != U8_MOVES or not set(db.encodings) <= {DIGITS, PERM}:
        raise ValueError(f"only u8-moves digits or perm tables are packed, not {db!r}")
    if db.frame is not None:
        db = db.for_goal(db.goal)
    compact = _compact()
    header = db.header()
    header["sha256"] = _checksum(db.tables)
    header["packing"] = PACKING
    text = json.dumps(header, sort_keys=True).encode()
    body = [
        compact.pack(db.rows, db.cols, db.goal, group, encoding, table)
        for group, encoding, table in zip(db.groups, db.encodings, db.tables)
    ]
    payload = b"".join((_MAGIC, struct.pack("<I", len(text)), text, *body))
    _write_atomic(path, [lzma.compress(payload, format=lzma.FORMAT_XZ, preset=_XZ_PRESET)])


def read_packed(
    path: str | os.PathLike[str], *, expect: Mapping[str, Any] | None = None
) -> PatternDatabase:
    """Read a packed file (`write_packed`), unpack it and verify it as `read_table` does a file.

    (Example at `write_packed`.) The xz stream is decompressed no further than
    the header says the packed tables need; the header is checked field by
    field, then against ``expect``, and the unpacked tables against the
    header's checksum (that of the full tables, as a built table's) and the
    goal's entry. Raises `PatternDatabaseError` saying what is wrong. The
    returned database has no ``path``: it was not read from a table file.
    Cost: the 4x4 6-6-3 tables, about 0.3 s (numpy).
    """
    path = Path(path)
    handle, size = _open_regular(path)
    with handle:
        if size > _MAX_PACKED_BYTES:
            raise PatternDatabaseError(f"{path}: {size:,} bytes, too large to be packed", path)
        data = handle.read()
    unxz = lzma.LZMADecompressor(format=lzma.FORMAT_XZ)
    try:
        head = unxz.decompress(data, max_length=_HEADER_READ)
        header, offset = _parse_header(head, path)
        if header.get("packing") != PACKING:
            raise PatternDatabaseError(
                f"{path}: header field 'packing' is {header.get('packing')!r}, not {PACKING!r}",
                path,
            )
        if header["entry"] != U8_MOVES or not set(header["encodings"]) <= {DIGITS, PERM}:
            raise PatternDatabaseError(f"{path}: packs tables of another kind", path)
        if expect:
            _check_expected(header, expect, path)
        compact = _compact()
        cells = header["rows"] * header["cols"]
        lengths = [
            compact.packed_bytes(cells, len(g), e)
            for g, e in zip(header["groups"], header["encodings"])
        ]
        needed = offset + sum(lengths)
        rest = b"" if unxz.eof else unxz.decompress(b"", max_length=needed - len(head) + 1)
        body = head + rest
    except lzma.LZMAError as exc:
        raise PatternDatabaseError(f"{path}: not an xz stream ({exc})", path) from None
    if len(body) != needed or not unxz.eof:
        raise PatternDatabaseError(
            f"{path}: {len(body) - offset:,} packed bytes, expected {sum(lengths):,} "
            "(truncated or padded)",
            path,
        )
    tables, at = [], offset
    for group, encoding, length in zip(header["groups"], header["encodings"], lengths):
        packed = body[at : at + length]
        at += length
        tables.append(
            compact.unpack(header["rows"], header["cols"], header["goal"], group, encoding, packed)
        )
    return _verified(header, tables, path, None)
