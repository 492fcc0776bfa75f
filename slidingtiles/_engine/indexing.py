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

import math
from collections.abc import Sequence

__all__ = [
    "DIGITS",
    "MAX_TABLE_ENTRIES",
    "PERM",
    "REGION_TABLE_MAX_CELLS",
    "U4_EXCESS",
    "U8_MOVES",
    "digits_index",
    "encoding_for",
    "perm_rank",
    "table_entries",
]

#: Index encodings: digits (``sum cell * cells**slot``) and perm (compact rank).
DIGITS, PERM = "digits", "perm"
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
    return math.perm(cells, group_size)


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
