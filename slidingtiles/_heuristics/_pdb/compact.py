"""Compact tables: a group's table without its impossible placements, 4 bits an entry (numpy).

>>> from slidingtiles._engine.dispatch import build_group_table
>>> goal = (0, 1, 2, 3, 4, 5)
>>> table = build_group_table(2, 3, goal, (1, 2, 3), encoding="digits")
>>> packed = pack(2, 3, goal, (1, 2, 3), "digits", table)
>>> len(table), len(packed), unpack(2, 3, goal, (1, 2, 3), "digits", packed) == table
(216, 60, True)

How the tables shipped with the package are stored (`tablefile.write_packed`).
A ``digits`` table (one byte per ``sum cell * cells**slot``) wastes the
entries whose tiles share a cell: the compact order keeps only the
placements of distinct cells, in increasing digits index (for ``perm``
tables, every rank in order). Each kept entry becomes 4 bits: its moves less
the group's Manhattan distance, halved (every move of a group tile changes
that distance by one, so the difference is even), or 15 for an unreachable
placement (255). On the 4x4 6-6-3 tables that is 5.8 MB of entries for 33.6
MB of table, and the entries are small (mostly 0-3), so they compress well
(xz: 0.76 MB). Unpacking is a few numpy operations over the placements.

This module imports numpy; `tablefile` loads it only when a packed table is
read or written, so solving with tables from the cache never loads numpy.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Any

import numpy as np
from numpy.typing import NDArray

from slidingtiles._engine.indexing import DIGITS, PERM, table_entries

__all__ = ["UNREACHABLE", "pack", "packed_bytes", "unpack"]

Array = NDArray[Any]

#: The 4-bit code of an unreachable placement (a table byte of 255).
UNREACHABLE = 15
# Boards up to this many cells find free cells in a table by occupied-cell mask (1 MB at 16).
_MASK_TABLE_CELLS = 16


def packed_bytes(cells: int, size: int, encoding: str) -> int:
    """Return the bytes of a group's packed table: half a byte per placement, rounded up.

    >>> packed_bytes(16, 6, "digits"), packed_bytes(9, 8, "perm")
    (2882880, 181440)
    """
    _check(encoding)
    return (table_entries(cells, size, PERM) + 1) // 2


def _check(encoding: str) -> None:
    if encoding not in (DIGITS, PERM):
        raise ValueError(f"only digits and perm tables are packed, not {encoding!r}")


@functools.cache
def _free_cells(cells: int) -> Array:
    """``[mask, j]``: the j-th free cell of an occupied-cell mask, ascending (boards of <= 16)."""
    masks = np.arange(1 << cells, dtype=np.int32)[:, None]
    taken = (masks >> np.arange(cells, dtype=np.int32)) & 1
    return np.argsort(taken, axis=1, kind="stable").astype(np.uint8)  # free cells first


def _placements(
    rows: int, cols: int, goal: Sequence[int], group: Sequence[int], encoding: str
) -> tuple[Array, Array]:
    """Every placement of the group's tiles on distinct cells, in compact order.

    Returns each placement's index in the full table and its Manhattan distance
    (uint8). Digits order is slot k-1 outermost (increasing index); perm order
    slot 0 outermost (increasing rank), so both come out sorted by index. Each
    step extends every placement so far by each cell it leaves free, in order.
    """
    cells = rows * cols
    every: Array = np.arange(cells, dtype=np.int64)
    home = [goal.index(t) for t in group]
    distance = [
        (np.abs(every // cols - h // cols) + np.abs(every % cols - h % cols)).astype(np.uint8)
        for h in home
    ]
    wide = np.int64 if table_entries(cells, len(group), encoding) > 1 << 31 else np.int32
    slots = list(range(len(group) - 1, -1, -1) if encoding == DIGITS else range(len(group)))
    index: Array = np.zeros(1, dtype=wide)
    used: Array = np.zeros(1, dtype=np.int32 if cells <= 31 else np.int64)
    md: Array = np.zeros(1, dtype=np.uint8)
    cell: Array
    for placed, slot in enumerate(slots):
        free = cells - placed
        if cells <= _MASK_TABLE_CELLS:
            cell = _free_cells(cells)[used, :free]  # (placements so far, free cells)
        else:
            open_ = ((used[:, None] >> every) & 1) == 0
            cell = np.broadcast_to(every, open_.shape)[open_].reshape(len(used), free)
        if encoding == DIGITS:
            index = (index[:, None] + cell.astype(wide) * cells**slot).ravel()
        else:  # perm rank, mixed radix: the j-th free cell in order adds j
            index = (index[:, None] * free + np.arange(free, dtype=wide)).ravel()
        md = (md[:, None] + distance[slot][cell]).ravel()
        if placed + 1 < len(slots):
            used = (used[:, None] | (used.dtype.type(1) << cell.astype(used.dtype))).ravel()
    return index, md


def pack(
    rows: int, cols: int, goal: Sequence[int], group: Sequence[int], encoding: str, table: bytes
) -> bytes:
    """Return a group's table packed: 4 bits per placement of distinct cells (module notes).

    Raises ValueError for a table whose entries do not fit: an odd or
    negative excess over Manhattan distance, or one of 30 moves or more.
    """
    _check(encoding)
    index, md = _placements(rows, cols, goal, group, encoding)
    values = np.frombuffer(table, dtype=np.uint8)[index].astype(np.int64)
    reachable = values != 255
    excess = values - md
    if np.any(reachable & ((excess < 0) | (excess % 2 == 1) | (excess >= 2 * UNREACHABLE))):
        raise ValueError("this table's entries are not Manhattan distance plus 0..28 even moves")
    codes = np.where(reachable, excess // 2, UNREACHABLE).astype(np.uint8)
    if len(codes) % 2:
        codes = np.append(codes, np.uint8(0))
    return (codes[0::2] | (codes[1::2] << 4)).astype(np.uint8).tobytes()


def unpack(
    rows: int, cols: int, goal: Sequence[int], group: Sequence[int], encoding: str, packed: bytes
) -> bytes:
    """Return the full table of a packed one (`pack`'s inverse); impossible entries are 255.

    Raises ValueError when ``packed`` has the wrong length for the group.
    """
    cells = rows * cols
    if len(packed) != packed_bytes(cells, len(group), encoding):
        raise ValueError(
            f"{len(packed):,} packed bytes, the group needs "
            f"{packed_bytes(cells, len(group), encoding):,}"
        )
    index, md = _placements(rows, cols, goal, group, encoding)
    pairs = np.frombuffer(packed, dtype=np.uint8)
    codes = np.empty(2 * len(pairs), dtype=np.uint8)
    codes[0::2] = pairs & 15
    codes[1::2] = pairs >> 4
    codes = codes[: len(index)]
    values = np.where(codes == UNREACHABLE, 255, md + 2 * codes).astype(np.uint8)
    table = np.full(table_entries(cells, len(group), encoding), 255, dtype=np.uint8)
    table[index] = values
    return table.tobytes()
