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
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import struct
import tempfile
from collections.abc import Iterable
from pathlib import Path

from slidingtiles._engine.indexing import U4_EXCESS, U8_MOVES, table_entries
from slidingtiles._engine.tables import Table
from slidingtiles._errors import PatternDatabaseError
from slidingtiles.heuristics._pdb.database import FORMAT_VERSION, PatternDatabase

__all__ = [
    "FORMAT_VERSION",
    "SUFFIX",
    "is_table_file_name",
    "read_header",
    "read_table",
    "write_table",
]

_MAGIC = b"STPDB\x00\r\n"
#: The file name suffix of table files.
SUFFIX = ".stpdb"
# A header is a few hundred bytes; listings read no more than this of each file.
_HEADER_READ = 1 << 16


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


def _encode(db: PatternDatabase) -> bytes:
    header = db.header()
    header["sha256"] = _checksum(db.tables)
    text = json.dumps(header, sort_keys=True).encode()
    return b"".join((_MAGIC, struct.pack("<I", len(text)), text, *db.tables))


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


def write_table(db: PatternDatabase, path: Path) -> None:
    """Write a database to ``path`` atomically: a temporary file, fsynced, renamed into place.

    (Example in the module docstring.) Two writers of the same path each
    rename a complete file, so the survivor is whole; an interrupted write
    leaves at most a ``*.tmp`` file beside it. Does not set ``db.path``.
    """
    _write_atomic(path, _encode(db))


def _parse_header(data: bytes, path: Path) -> tuple[dict[str, object], int]:
    """The header of a file's first bytes, and the offset of its first table."""
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


def read_header(path: Path) -> dict[str, object]:
    """Return a table file's header fields, reading only its start (tables not checked).

    (Example in the module docstring.) Raises `PatternDatabaseError` for a
    bad magic, truncated or unreadable header or another format version, and
    OSError when the file cannot be read.
    """
    with path.open("rb") as f:
        head = f.read(_HEADER_READ)
    return _parse_header(head, path)[0]


def read_table(path: str | os.PathLike[str]) -> PatternDatabase:
    """Read and verify a table file (magic, version, sizes, checksum); never unpickles.

    Raises `PatternDatabaseError` saying what is wrong.
    """
    path = Path(path)
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise PatternDatabaseError(f"{path}: cannot read ({exc.strerror})", path) from None
    header, offset = _parse_header(data, path)
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
    if entry == U4_EXCESS:
        expected = [(n + 1) // 2 for n in expected]  # two 4-bit entries per byte
    if entry not in (U8_MOVES, U4_EXCESS) or lengths != expected or len(groups) != len(encodings):
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
