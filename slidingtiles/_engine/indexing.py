"""How a pattern table is indexed and what its entries hold: shared by builders and kernels.

>>> digits_index([1, 2], 16), perm_rank([2, 1], 3), table_entries(9, 8, PERM)
(33, 5, 362880)

A group's table has one entry per placement of its tiles. ``digits``
indexes it by ``sum cell * cells**slot`` (one addition per move keeps it
current); ``perm`` by the compact rank of the placement (no gaps, for large
groups). An entry is a byte (``u8-moves``: the fewest moves of the group's
tiles) or half a byte (``u4-excess``: that number less the group's Manhattan
distance, halved).
"""

from __future__ import annotations

import functools
import math
from collections.abc import Sequence

__all__ = [
    "DIGITS",
    "MAX_TABLE_ENTRIES",
    "PERM",
    "PERM_ZERO",
    "PERM_ZERO2",
    "REGION_TABLE_MAX_CELLS",
    "U4_EXCESS",
    "U8_MOVES",
    "ZERO_SLOTS",
    "digits_index",
    "encoding_for",
    "perm_rank",
    "region_labels",
    "table_entries",
    "table_index",
    "zero_aware_mismatch",
    "zero_slots",
]

#: Index encodings: digits (``sum cell * cells**slot``), perm (compact rank) and the zero-aware
#: perm-zero and perm-zero2 (``rank * slots + label``, the label of the blank's region among the
#: group's free cells: 4 slots, labels 0, 1, 2 and "3 or more"; 2 slots, 0 and "1 or more").
DIGITS, PERM, PERM_ZERO, PERM_ZERO2 = "digits", "perm", "perm-zero", "perm-zero2"
#: The most region slots a zero-aware table has (`region_labels` caps its labels below it).
ZERO_SLOTS = 4
_SLOTS = {PERM_ZERO: ZERO_SLOTS, PERM_ZERO2: 2}
#: Entry encodings: a byte of moves, or 4 bits of (moves - group Manhattan) / 2, two per byte
#: (entry r in the low nibble of byte r // 2 when r is even).
U8_MOVES, U4_EXCESS = "u8-moves", "u4-excess"
#: The largest table (entries = bytes) built for one group.
MAX_TABLE_ENTRIES = 1 << 25

#: Boards up to this many cells look blank regions up in a precomputed (free mask, cell) table.
REGION_TABLE_MAX_CELLS = 16


def table_entries(cells: int, group_size: int, encoding: str) -> int:
    """Return the entries of a table: ``cells ** k`` (digits) or ``cells! / (cells-k)!`` (perm).

    >>> table_entries(16, 6, "digits"), table_entries(9, 8, "perm")
    (16777216, 362880)
    """
    if encoding == "digits":
        return int(cells**group_size)
    return math.perm(cells, group_size) * max(1, zero_slots(encoding))


def table_index(positions: Sequence[int], blank: int, rows: int, cols: int, encoding: str) -> int:
    """Return a group table's entry for a placement; a zero-aware one also needs the blank's cell.

    >>> table_index([1, 2], 0, 2, 3, "perm"), table_index([1, 4], 5, 2, 3, "perm-zero2")
    (6, 17)

    Digits, perm rank, or (zero-aware) ``rank * slots + label``, the label
    of the blank's region among the cells the group leaves free
    (`region_labels`), the last slot shared by the later regions.
    """
    cells = rows * cols
    if encoding == DIGITS:
        return digits_index(positions, cells)
    rank = perm_rank(positions, cells)
    slots = zero_slots(encoding)
    if not slots:
        return rank
    label = region_labels(rows, cols, sum(1 << p for p in positions))[blank]
    return rank * slots + min(label, slots - 1)


def zero_slots(encoding: str) -> int:
    """Return the region slots per placement of an encoding: 4 or 2 if zero-aware, else 0.

    >>> zero_slots("perm-zero"), zero_slots("perm-zero2"), zero_slots("perm")
    (4, 2, 0)
    """
    return _SLOTS.get(encoding, 0)


def zero_aware_mismatch(encoding: str, entry: str, cells: int) -> str | None:
    """Why a zero-aware table of this entry and size cannot be (None: it can, or not zero-aware).

    >>> zero_aware_mismatch("perm-zero", "u4-excess", 16) is None
    True
    >>> zero_aware_mismatch("perm-zero", "u8-moves", 16)
    'perm-zero tables hold u4-excess entries on at most 63 cells'

    Zero-aware tables are built and read with 4-bit entries only, and their
    region masks are 64-bit words. The builder and the file reader both ask.
    """
    if zero_slots(encoding) and (entry != U4_EXCESS or cells > 63):
        return f"{encoding} tables hold {U4_EXCESS} entries on at most 63 cells"
    return None


def encoding_for(cells: int, group_size: int) -> str:
    """Choose the index encoding for a group: ``digits`` (incremental) unless it is too large.

    >>> encoding_for(16, 6), encoding_for(9, 8)
    ('digits', 'perm')

    ``digits``: index = sum of position * cells**slot, updated by one addition
    per move, so the engine's inner loop stays O(1). ``perm``: the compact rank
    of the placement, used for whole-board (perfect) tables of small boards.
    Raises ValueError when even the compact table exceeds `MAX_TABLE_ENTRIES`.
    """
    if group_size < cells - 1 and table_entries(cells, group_size, "digits") <= MAX_TABLE_ENTRIES:
        return "digits"
    if table_entries(cells, group_size, "perm") <= MAX_TABLE_ENTRIES:
        return "perm"
    raise ValueError(
        f"a group of {group_size} tiles on {cells} cells needs "
        f"{table_entries(cells, group_size, 'perm'):,} entries, more than the "
        f"{MAX_TABLE_ENTRIES:,} this pure-Python library builds; use smaller groups"
    )


def digits_index(positions: Sequence[int], cells: int) -> int:
    """Return the digits index of a placement: sum of ``position * cells**slot``.

    >>> digits_index([1, 2], 16)
    33
    """
    index, weight = 0, 1
    for p in positions:
        index += p * weight
        weight *= cells
    return index


def perm_rank(positions: Sequence[int], cells: int) -> int:
    """Return the compact rank of distinct positions among all ordered placements.

    >>> perm_rank([0, 1], 3), perm_rank([2, 1], 3)
    (0, 5)

    Position ``i`` counts the free cells below it, in mixed radix
    ``cells - i``: a bijection onto ``range(perm(cells, k))``.
    """
    rank = 0
    used = 0
    for i, p in enumerate(positions):
        below = (used & ((1 << p) - 1)).bit_count()
        rank = rank * (cells - i) + (p - below)
        used |= 1 << p
    return rank


@functools.lru_cache(maxsize=1 << 17)
def region_labels(rows: int, cols: int, occupied: int) -> tuple[int, ...]:
    """Return, per cell, the label of its region among the cells not in ``occupied`` (a bit mask).

    >>> region_labels(2, 3, 0b010010)  # the middle column taken: two regions
    (0, 4, 1, 0, 4, 1)

    Regions are numbered in the order of their least cell; the fourth and
    later share label 3 (`ZERO_SLOTS` - 1); an occupied cell gets
    `ZERO_SLOTS`. This is how a perm-zero table slots the blank's region.
    """
    cells = rows * cols
    labels = [ZERO_SLOTS] * cells
    label = 0
    for start in range(cells):
        if (occupied >> start) & 1 or labels[start] != ZERO_SLOTS:
            continue
        stack = [start]
        labels[start] = label
        while stack:
            c = stack.pop()
            r, k = divmod(c, cols)
            for n in (
                c - cols if r else -1,
                c + cols if r + 1 < rows else -1,
                c - 1 if k else -1,
                c + 1 if k + 1 < cols else -1,
            ):
                if n >= 0 and not (occupied >> n) & 1 and labels[n] == ZERO_SLOTS:
                    labels[n] = label
                    stack.append(n)
        label = min(label + 1, ZERO_SLOTS - 1)
    return tuple(labels)
