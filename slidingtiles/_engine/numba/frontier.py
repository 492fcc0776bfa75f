"""The frontier-only breadth-first search of the numba table builder, on all of numba's threads.

>>> full = (1 << 9) - 1  # 3x3: cells 0, 3, 6 form the left column
>>> bin(flood(1, full & ~0b010010010, 0b001001001, 0b100100100, 3, full))
'0b1001001'

`slidingtiles._engine.numba.build.build_perm_table` drives it: an abstract
state is a group placement (its perm rank) and the blank's region, kept as
bit masks of cells per rank (``visited``, the current and the next
frontier); `bfs_chunk` expands the frontier states of a span of ranks.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numpy.typing import NDArray

from slidingtiles._engine.indexing import ZERO_SLOTS
from slidingtiles._engine.numba.jit import (
    atomic_load,
    atomic_or,
    compiled,
    inlined,
    parallel,
    pointer,
    popcount,
    prange,
    prefetch,
)

__all__ = ["BLOCK_BITS", "SPAN", "bfs_chunk", "flood", "region_label"]

Array = NDArray[Any]


@inlined
def _grow(region: int, left_col: int, right_col: int, cols: int, full: int) -> int:
    """The cells of a region and their neighbours."""
    return (
        region
        | ((region << 1) & ~left_col)
        | ((region >> 1) & ~right_col)
        | (region << cols)
        | (region >> cols)
    ) & full


@inlined
def flood(start: int, free: int, left_col: int, right_col: int, cols: int, full: int) -> int:
    """The region of free cells connected to the start bits (start included)."""
    region = start
    while True:
        grown = _grow(region, left_col, right_col, cols, full) & (free | start)
        if grown == region:
            return region
        region = grown


@inlined
def region_label(
    region: int, free: int, left_col: int, right_col: int, cols: int, full: int
) -> int:
    """The label of a region of free cells: how many regions have a lower least cell (at most 3).

    Regions of ``free`` counted in the order of their least cell; the fourth
    and later share label 3 (a zero-aware table keeps their least cost).
    """
    rest = free
    label = 0
    while label < ZERO_SLOTS - 1:
        low = rest & -rest
        if low & region:
            return label
        rest &= ~flood(low, free, left_col, right_col, cols, full)
        label += 1
    return label


# The parallel builder's work items: spans of ranks, whole blocks of the frontier flags (one
# flag per block says whether the block holds frontier states, so sparse layers skip most of
# the masks). How many successors wait, prefetched, before their `_claim`, and how many new
# states before their entry in the next frontier is updated (the best of 6/4, 16/8 and 32/16
# on the 8-tile group of 7-8).
SPAN = 1 << 16
BLOCK_BITS = 12
_CLAIM_LAG = 16
_JOIN_LAG = 8


@inlined
def _claim(
    visited: Any,
    rank: int,
    cell: int,
    free: int,
    left_col: int,
    right_col: int,
    cols: int,
    full: int,
) -> int:
    """Add the state (rank, region of ``cell`` in ``free``): its region, or 0 if already there."""
    if (np.int64(atomic_load(visited, rank)) >> cell) & 1:
        return 0
    region = flood(1 << cell, free, left_col, right_col, cols, full)
    if (np.int64(atomic_or(visited, rank, region)) >> cell) & 1:
        return 0  # another thread added it first
    return region


@inlined
def _settle(
    visited: Any,
    following: Any,
    marked: Any,
    to_rank: Array,
    to_cell: Array,
    to_free: Array,
    new_rank: Array,
    new_region: Array,
    queued: int,
    settled: int,
    claimed: int,
    joined: int,
    lag: int,
    join_lag: int,
    left_col: int,
    right_col: int,
    cols: int,
    full: int,
) -> tuple[int, int, int]:
    """Claim queued successors down to ``lag``, then add new states down to ``join_lag``.

    Both queues are rings (sizes: powers of two); returns the new
    ``settled, claimed, joined`` counts.
    """
    ring = to_rank.shape[0]
    new_ring = new_rank.shape[0]
    while queued - settled > lag:
        s = settled & (ring - 1)
        settled += 1
        region = _claim(
            visited, to_rank[s], to_cell[s], to_free[s], left_col, right_col, cols, full
        )
        if region:
            prefetch(following, to_rank[s])
            t = claimed & (new_ring - 1)
            new_rank[t] = to_rank[s]
            new_region[t] = region
            claimed += 1
    while claimed - joined > join_lag:
        t = joined & (new_ring - 1)
        joined += 1
        rank = new_rank[t]
        atomic_or(following, rank, new_region[t])
        block = rank >> BLOCK_BITS
        if atomic_load(marked, block) == 0:
            atomic_or(marked, block, 1)
    return settled, claimed, joined


@inlined
def _ring_size(entries: int) -> int:
    """The least power of two that is at least ``entries``."""
    size = 1
    while size < entries:
        size *= 2
    return size


@compiled
def _expand(
    begin: int,
    end: int,
    depth: int,
    k: int,
    cells: int,
    cols: int,
    weight: Array,
    table_array: Array,
    visited_array: Array,
    current_array: Array,
    following_array: Array,
    words_array: Array,
    active: Array,
    marked_array: Array,
    zero_array: Array,
    slots: int,
) -> int:
    """Expand the frontier states of ranks [begin, end) (whole flag blocks); return how many new.

    One thread's share of `bfs_chunk`. A frontier rank gets the layer's
    depth in the table if this is its first frontier. Its placement is
    unranked incrementally (consecutive frontier ranks mostly differ in the
    last digit only: no division). Each of its blank regions is expanded:
    a group tile next to the region slides into a neighbouring region cell.
    The successor's rank is the parent's plus the change in `_rank`'s digits:
    the moved tile's digit changes by the cells it skips (all of them less
    the earlier tiles among them, for a vertical move), and the digit of each
    later tile it skips changes by one. Successors are prefetched and queued
    before `_claim` checks them, new states again before ``following`` gets
    them (`_settle`): the masks are far larger than the caches.
    """
    table = pointer(table_array)
    visited = pointer(visited_array)
    current = pointer(current_array)
    following = pointer(following_array)
    words = pointer(words_array)  # current, 8 bytes at a time
    marked = pointer(marked_array)
    zero = pointer(zero_array)
    word_shift = 0
    while (1 << word_shift) * current_array.itemsize < words_array.itemsize:
        word_shift += 1
    per_word = 1 << word_shift
    full = (1 << cells) - 1
    left_col = 0
    for c in range(0, cells, cols):
        left_col |= 1 << c
    right_col = left_col << (cols - 1)
    digit = np.zeros(k, dtype=np.int64)
    pos = np.zeros(k, dtype=np.int64)
    tile_at = np.full(cells, k, dtype=np.int64)  # k on a free cell: weight[k] == 0
    used_by = np.zeros(k + 1, dtype=np.int64)  # used_by[i]: the cells of tiles 0..i-1
    # Capacities: the lag plus what one region queues (at most 4 moves per tile), and the join
    # lag plus what one `_settle` claims (at most that region's, or the lag at the end).
    ring = _ring_size(_CLAIM_LAG + 4 * k)
    to_rank = np.zeros(ring, dtype=np.int64)
    to_cell = np.zeros(ring, dtype=np.int64)
    to_free = np.zeros(ring, dtype=np.int64)
    new_ring = _ring_size(_JOIN_LAG + _CLAIM_LAG + 4 * k)
    new_rank = np.zeros(new_ring, dtype=np.int64)
    new_region = np.zeros(new_ring, dtype=np.int64)
    queued = settled = claimed = joined = 0
    previous = -(1 << 62)
    for block in range(begin >> BLOCK_BITS, (end + (1 << BLOCK_BITS) - 1) >> BLOCK_BITS):
        if active[block] == 0:
            continue
        active[block] = 0
        r = max(begin, block << BLOCK_BITS)
        stop = min(end, (block + 1) << BLOCK_BITS)
        while r < stop:
            if (r & (per_word - 1)) == 0 and r + per_word <= stop and words[r >> word_shift] == 0:
                r += per_word
                continue
            pending: Any = np.int64(current[r])
            if pending == 0:
                r += 1
                continue
            current[r] = 0
            if table[r] == 255:
                table[r] = depth
            if r - previous < cells - k + 1:  # add to the last digit, carry
                digit[k - 1] += r - previous
                first = k - 1
                while digit[first] >= cells - first:
                    digit[first] -= cells - first
                    first -= 1
                    digit[first] += 1
            else:
                x = r
                for i in range(k - 1, -1, -1):
                    digit[i] = x % (cells - i)
                    x //= cells - i
                first = 0
            previous = r
            for i in range(first, k):
                tile_at[pos[i]] = k
            used = used_by[first]
            for i in range(first, k):
                free = full & ~used
                for _ in range(digit[i]):  # the digit-th free cell
                    free &= free - 1
                c = popcount((free & -free) - 1)
                pos[i] = c
                tile_at[c] = i
                used |= 1 << c
                used_by[i + 1] = used
            free = full & ~used
            while pending:
                region = flood(pending & -pending, free, left_col, right_col, cols, full)
                pending &= ~region
                if slots:  # this region's own least cost: the first layer that meets it
                    label = region_label(region, free, left_col, right_col, cols, full)
                    z = r * slots + min(label, slots - 1)
                    if zero[z] == 255:
                        zero[z] = depth
                touching = _grow(region, left_col, right_col, cols, full) & used
                while touching:
                    from_bit = touching & -touching
                    touching ^= from_bit
                    p = popcount(from_bit - 1)
                    j = tile_at[p]
                    targets = _grow(from_bit, left_col, right_col, cols, full) & region
                    while targets:
                        to_bit = targets & -targets
                        targets ^= to_bit
                        q = popcount(to_bit - 1)
                        lo, hi = (p, q) if p < q else (q, p)
                        step = (hi - lo) * weight[j]
                        for c in range(lo + 1, hi):
                            i = tile_at[c]
                            step += -weight[j] if i < j else weight[i]
                        successor = r + step if q > p else r - step
                        prefetch(visited, successor)
                        s = queued & (ring - 1)
                        to_rank[s] = successor
                        to_cell[s] = p
                        to_free[s] = free ^ from_bit ^ to_bit
                        queued += 1
                settled, claimed, joined = _settle(
                    visited,
                    following,
                    marked,
                    to_rank,
                    to_cell,
                    to_free,
                    new_rank,
                    new_region,
                    queued,
                    settled,
                    claimed,
                    joined,
                    _CLAIM_LAG,
                    _JOIN_LAG,
                    left_col,
                    right_col,
                    cols,
                    full,
                )
            r += 1
    settled, claimed, joined = _settle(
        visited,
        following,
        marked,
        to_rank,
        to_cell,
        to_free,
        new_rank,
        new_region,
        queued,
        settled,
        claimed,
        joined,
        0,
        0,
        left_col,
        right_col,
        cols,
        full,
    )
    return claimed


@parallel
def bfs_chunk(
    begin: int,
    end: int,
    depth: int,
    k: int,
    cells: int,
    cols: int,
    weight: Array,
    table: Array,
    visited: Array,
    current: Array,
    following: Array,
    words: Array,
    active: Array,
    marked: Array,
    zero: Array,
    slots: int,
) -> int:
    """Expand the frontier states of ranks [begin, end), `SPAN` ranks per thread at a time.

    Return how many new states were found. ``begin`` is a multiple of `SPAN`,
    so no flag block is shared by two threads; the masks are shared, through
    atomic operations (`_claim`, `_settle`). The result does not depend on
    which thread expands what: a state is new to exactly one of them, and the
    depth it gets is that of the layer.
    """
    found = 0
    for span in prange((end - begin + SPAN - 1) // SPAN):
        lo = begin + span * SPAN
        found += _expand(
            lo,
            min(end, lo + SPAN),
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
            zero,
            slots,
        )
    return found
