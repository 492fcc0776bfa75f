"""Pattern table construction with numba: a frontier-only breadth-first search, 4-bit packing.

>>> build_perm_table(2, 2, (1, 2, 3, 0), (1, 2)).tolist()
[0, 255, 1, 255, 3, 2, 2, 1, 255, 3, 255, 4]

`build_group_table` returns the same bytes as the pure-Python builder
(`slidingtiles._engine.python.build`) for either index encoding, and also
4-bit tables (`U4_EXCESS`: (value - group Manhattan) / 2 per entry, two per
byte), which need the numba builder. `build_perm_table` searches over
(placement rank, blank region) kept as cell bit masks
(`slidingtiles._engine.numba.frontier`), which builds the 7-8 partition of
4x4 in about 7 bytes per placement of the larger group.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np
from numpy.typing import NDArray

from slidingtiles._board.geometry import home_cells
from slidingtiles._engine.indexing import (
    DIGITS,
    PERM,
    PERM_ZERO,
    PERM_ZERO2,
    U4_EXCESS,
    U8_MOVES,
    perm_rank,
    zero_aware_mismatch,
    zero_slots,
)
from slidingtiles._engine.numba.frontier import BLOCK_BITS, SPAN, bfs_chunk, flood
from slidingtiles._engine.numba.jit import (
    compiled,
    parallel,
    parallel_chunksize,
    popcount,
    prange,
)
from slidingtiles._engine.resources import check_memory

__all__ = ["build_bytes", "build_group_table", "build_perm_table", "pack_excess"]

Array = NDArray[Any]


def build_group_table(
    rows: int,
    cols: int,
    goal: Sequence[int],
    group: Sequence[int],
    *,
    encoding: str,
    entry: str = U8_MOVES,
    progress: Callable[[int, int, float], object] | None = None,
) -> bytes:
    """Return one group's table: with `U8_MOVES`, the same bytes as the pure-Python builder.

    >>> table = build_group_table(2, 3, (1, 2, 3, 4, 5, 0), (1, 2), encoding=PERM, entry=U4_EXCESS)
    >>> len(table), table[:3].hex()
    (15, '000220')

    The frontier-only search of `build_perm_table` gives the perm-ranked
    table; a digits table is the same values scattered to digits indices
    (255 where two tiles would share a cell); `U4_EXCESS` (perm only) packs
    it with `pack_excess`. ``progress(depth, states, seconds)``: see
    `build_perm_table`. Raises ValueError for an unknown or unsupported
    encoding or entry, or a table that does not fit 4 bits.
    """
    if encoding not in (PERM, PERM_ZERO, PERM_ZERO2, DIGITS):
        raise ValueError(f"unknown table encoding {encoding!r}")
    if entry not in (U8_MOVES, U4_EXCESS):
        raise ValueError(f"unknown table entry {entry!r}")
    if entry == U4_EXCESS and encoding == DIGITS:
        raise ValueError(f"{U4_EXCESS} tables are perm-ranked, not {encoding!r}")
    mismatch = zero_aware_mismatch(encoding, entry, rows * cols)
    if mismatch is not None:
        raise ValueError(mismatch)
    slots = zero_slots(encoding)
    check_memory(
        build_bytes(rows * cols, len(group), encoding, entry),
        f"the {rows}x{cols} table of tiles {tuple(group)}",
    )
    table = build_perm_table(rows, cols, goal, group, progress=progress, slots=slots)
    if entry == U4_EXCESS:
        return pack_excess(table, rows, cols, goal, group, slots=slots)
    if encoding == PERM:
        return table.tobytes()
    cells, k = rows * cols, len(group)
    digits = np.full(cells**k, 255, dtype=np.uint8)
    _scatter_digits(table, k, cells, digits, np.zeros(k, dtype=np.int64), np.zeros(k, np.int64))
    return digits.tobytes()


def _mask_bytes(cells: int) -> int:
    """Bytes of one blank-region mask (a bit per cell)."""
    return 2 if cells <= 16 else (4 if cells <= 32 else 8)


def build_bytes(cells: int, size: int, encoding: str = PERM, entry: str = U8_MOVES) -> int:
    """Return the peak memory, in bytes, of building one group's table (`build_group_table`).

    >>> print(f"{build_bytes(25, 6, PERM, U4_EXCESS):,}")  # a 6-tile group of 5x5, 4-bit
    1,657,718,262

    The breadth-first search holds the table (a byte per placement) and three
    region masks per placement (`build_perm_table`), and for a zero-aware
    table a byte per region slot; then the packed or the digits table is made
    beside the byte table. The process's own memory
    (Python, numba: about 150 MB) comes on top.
    """
    n = math.perm(cells, size)
    search = n + 3 * (-(-n // 4) * 4) * _mask_bytes(cells) + 2 * ((n >> BLOCK_BITS) + 1)
    slots = zero_slots(encoding)
    if slots:  # a byte per region slot beside, then packed in 4 bits
        search += n * slots
        after = n * slots + (n * slots + 1) // 2
    elif entry == U4_EXCESS:
        after = n + (n + 1) // 2
    elif encoding == DIGITS:
        after = n + cells**size
    else:
        after = n
    return max(search, after)


def build_perm_table(
    rows: int,
    cols: int,
    goal: Sequence[int],
    group: Sequence[int],
    *,
    progress: Callable[[int, int, float], object] | None = None,
    chunk: int = 1 << 23,
    slots: int = 0,
) -> Array:
    """Return one group's perm-ranked table (uint8, 255 = unreached) by a frontier-only BFS.

    With ``slots`` (4 or 2), the zero-aware table instead: ``slots`` bytes per
    placement, the least cost with the blank in the region labelled so
    (`indexing.region_labels`; 255 where the placement has no such region).

    Abstract state: the group's placement (its rank) and the blank's region,
    stored as bit masks of cells per rank: ``visited`` (every region reached),
    the current and the next frontier. Memory: ``perm(cells, k)`` times
    (1 table byte + 3 masks of 2 bytes on boards up to 16 cells), e.g. 3.6 GB
    for an 8-tile group of 4x4. Each layer is expanded on all of numba's
    threads (``NUMBA_NUM_THREADS``, ``numba.set_num_threads``); the table is
    the same for any number. ``progress(depth, states, seconds)`` is called
    every ``chunk`` ranks (rounded up to a multiple of 65536) and after each
    layer; Ctrl-C is honoured between chunks.
    """
    cells = rows * cols
    k = len(group)
    home = home_cells(goal)
    n = math.perm(cells, k)
    # What a unit of each tile's digit is worth in the perm rank (then 0, for the free cells).
    weight = np.array([math.perm(cells - 1 - i, k - 1 - i) for i in range(k)] + [0], np.int64)
    dtype = {2: np.uint16, 4: np.uint32, 8: np.uint64}[_mask_bytes(cells)]
    table = np.full(n, 255, dtype=np.uint8)
    size = -(-n // 4) * 4  # whole 8-byte words, to skip empty runs 8 bytes at a time
    visited = np.zeros(size, dtype=dtype)
    current = np.zeros(size, dtype=dtype)
    following = np.zeros(size, dtype=dtype)
    active = np.zeros((n >> BLOCK_BITS) + 1, dtype=np.uint8)
    marked = np.zeros_like(active)
    zero_table = np.full(n * slots if slots else 1, 255, dtype=np.uint8)
    positions = [home[t] for t in group]
    occupied = sum(1 << p for p in positions)
    full = (1 << cells) - 1
    left_col = sum(1 << c for c in range(0, cells, cols))
    start_region = int(
        flood(1 << home[0], full & ~occupied, left_col, left_col << (cols - 1), cols, full)
    )
    r0 = perm_rank(positions, cells)
    table[r0] = 0
    visited[r0] = current[r0] = start_region
    active[r0 >> BLOCK_BITS] = 1
    chunk = -(-max(chunk, 1) // SPAN) * SPAN
    began = time.perf_counter()
    states, depth, found = 1, 0, 1
    while found:
        found = 0
        words = current.view(np.uint64)
        for begin in range(0, n, chunk):
            with parallel_chunksize(1):  # one span at a time (default: half each)
                found += int(
                    bfs_chunk(
                        begin,
                        min(n, begin + chunk),
                        depth,
                        k,
                        cells,
                        cols,
                        weight,
                        table,
                        visited,
                        current,
                        following,
                        words,
                        active,
                        marked,
                        zero_table,
                        slots,
                    )
                )
            if progress is not None:
                progress(depth, states + found, time.perf_counter() - began)
        states += found
        current, following = following, current
        active, marked = marked, active
        depth += 1
    del visited, current, following
    return zero_table if slots else table


@compiled
def _pack_span(
    table: Array,
    lo: int,
    hi: int,
    k: int,
    cells: int,
    cols: int,
    home_row: Array,
    home_col: Array,
    packed: Array,
    shift: int,
) -> int:
    """Pack ranks [lo, hi) (lo even) as `pack_excess` says; return the first bad rank or -1.

    The placement of consecutive ranks is updated from the digit that changed
    (the last one, mostly), not unranked afresh.
    """
    pos = np.zeros(k, dtype=np.int64)
    digit = np.zeros(k, dtype=np.int64)
    used_by = np.zeros(k + 1, dtype=np.int64)  # used_by[i]: the cells of slots 0..i-1
    full = (1 << cells) - 1
    x = lo >> shift
    for i in range(k - 1, -1, -1):
        digit[i] = x % (cells - i)
        x //= cells - i
    first = 0
    slots = (1 << shift) - 1
    md = 0
    for r in range(lo, hi):
        if r > lo and r & slots:  # another region slot of the same placement
            v = np.int64(table[r])
            excess = 0 if v == 255 else v - md  # 255: the placement has no such region
            if excess < 0 or excess % 2 or excess > 30:
                return r
            if r & 1:
                packed[r >> 1] |= np.uint8((excess >> 1) << 4)
            else:
                packed[r >> 1] = np.uint8(excess >> 1)
            continue
        if r > lo:  # add one to the last digit, carry
            first = k - 1
            digit[first] += 1
            while digit[first] >= cells - first:
                digit[first] = 0
                first -= 1
                digit[first] += 1
        used = used_by[first]
        for i in range(first, k):
            free = full & ~used
            for _ in range(digit[i]):  # the digit-th free cell
                free &= free - 1
            c = popcount((free & -free) - 1)
            pos[i] = c
            used |= 1 << c
            used_by[i + 1] = used
        md = 0
        for i in range(k):
            md += abs(pos[i] // cols - home_row[i]) + abs(pos[i] % cols - home_col[i])
        v = np.int64(table[r])
        excess = v - md
        if v == 255 or excess < 0 or excess % 2 or excess > 30:  # slot 0 always exists
            return r
        if r & 1:
            packed[r >> 1] |= np.uint8((excess >> 1) << 4)
        else:
            packed[r >> 1] = np.uint8(excess >> 1)
    return -1


@parallel
def _pack_excess(
    table: Array,
    k: int,
    cells: int,
    cols: int,
    home_row: Array,
    home_col: Array,
    packed: Array,
    bad: Array,
    shift: int,
) -> None:
    """Pack every rank, `SPAN` ranks per thread at a time; ``bad[span]``: its first bad rank."""
    n = table.shape[0]
    for span in prange((n + SPAN - 1) // SPAN):
        lo = span * SPAN
        bad[span] = _pack_span(
            table, lo, min(n, lo + SPAN), k, cells, cols, home_row, home_col, packed, shift
        )


def pack_excess(
    table: Array,
    rows: int,
    cols: int,
    goal: Sequence[int],
    group: Sequence[int],
    *,
    slots: int = 0,
) -> bytes:
    """Return a perm-ranked table in 4 bits per entry: (value - group Manhattan) / 2.

    Entry ``r`` is the low nibble of byte ``r // 2`` when ``r`` is even, the
    high nibble when odd. Raises ValueError if an entry is unreached or its
    excess over Manhattan is odd, negative or above 30. ``slots``: a
    zero-aware table's slots per placement (a slot of a region the placement
    does not have holds 0).
    """
    cells = rows * cols
    k = len(group)
    home = np.array(home_cells(goal), dtype=np.int64)[list(group)]
    home_row, home_col = home // cols, home % cols
    packed = np.zeros((len(table) + 1) // 2, dtype=np.uint8)
    spans = np.full((len(table) + SPAN - 1) // SPAN, -1, dtype=np.int64)
    shift = max(slots, 1).bit_length() - 1
    _pack_excess(table, k, cells, cols, home_row, home_col, packed, spans, shift)
    failed = spans[spans >= 0]
    bad = int(failed[0]) if len(failed) else -1
    if bad >= 0:
        raise ValueError(f"entry {bad} ({int(table[bad])}) does not fit 4 bits over Manhattan")
    return packed.tobytes()


@compiled
def _scatter_digits(
    table: Array, k: int, cells: int, digits: Array, pos: Array, digit: Array
) -> None:
    for r in range(table.shape[0]):
        _unrank(r, k, cells, pos, digit)
        index = 0
        w = 1
        for i in range(k):
            index += pos[i] * w
            w *= cells
        digits[index] = table[r]


@compiled
def _unrank(rank: int, k: int, cells: int, pos: Array, digit: Array) -> int:
    """Fill ``pos`` with the placement of a rank; return the occupied-cell mask."""
    for i in range(k - 1, -1, -1):
        base = cells - i
        digit[i] = rank % base
        rank //= base
    used = 0
    for i in range(k):
        d = digit[i]
        c = 0
        while True:  # the d-th free cell, counting from 0
            if not (used >> c) & 1:
                if d == 0:
                    break
                d -= 1
            c += 1
        pos[i] = c
        used |= 1 << c
    return used
