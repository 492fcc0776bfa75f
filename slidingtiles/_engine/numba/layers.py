"""Breadth-first layers of every board of a shape, one byte a board over a permutation rank.

The numba mirror of `slidingtiles._engine.python.layers` (the same ranks, the
same sweeps; that module's docstring gives the rank). `sweep` expands, in
parallel over blocks of ranks, every board of ``[start, stop)`` whose byte is
``depth``, and marks each unseen neighbour ``depth + 1``; two threads may mark
the same board at once, with the same value, so no mark is lost.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numpy.typing import NDArray

from slidingtiles._engine.numba.jit import compiled, inlined, parallel, popcount, prange

__all__ = ["UNSEEN", "layer_sweep"]

Array = NDArray[Any]
#: The byte of a board no sweep has reached.
UNSEEN = 255
# ranks a block of one parallel iteration takes
_BLOCK = 1 << 16


@inlined
def _rank(seq: Array, m: int) -> Any:
    """The Lehmer rank of ``seq``, a permutation of 0..m-1."""
    used: Any = np.int64(0)
    rank: Any = np.int64(0)
    for i in range(m):
        v = np.int64(seq[i])
        rank = rank * (m - i) + v - popcount(used & ((np.int64(1) << v) - 1))
        used |= np.int64(1) << v
    return rank


@inlined
def _unrank(low: Any, m: int, parity: int, seq: Array, digits: Array) -> None:
    """The permutation of rank ``2 * low`` or ``2 * low + 1``, whichever has ``parity``."""
    rank = low * 2
    total = 0
    for i in range(m - 1, -1, -1):
        base = m - i
        digits[i] = rank % base
        rank //= base
        total += digits[i]
    if (total & 1) != parity:
        digits[m - 2] = 1  # rank + 1: the last two swapped, the other parity
    free: Any = (np.int64(1) << m) - 1
    for i in range(m):
        bits: Any = free
        for _ in range(digits[i]):
            bits &= bits - 1
        v = popcount((bits & -bits) - 1)
        seq[i] = v
        free &= ~(np.int64(1) << v)


@compiled
def _block(
    dist: Array,
    depth: int,
    cols: int,
    neighbours: Array,
    parity: Array,
    half: int,
    m: int,
    first: int,
    last: int,
) -> int:
    seq = np.zeros(m, dtype=np.int64)
    child = np.zeros(m, dtype=np.int64)
    digits = np.zeros(m, dtype=np.int64)
    found = 0
    mark = np.uint8(depth + 1)
    for index in range(first, last):
        if dist[index] != depth:
            continue
        found += 1
        blank = index // half
        low = index - blank * half
        _unrank(low, m, parity[blank], seq, digits)
        for d in range(4):
            to = neighbours[blank, d]
            if to < 0:
                continue
            if to // cols == blank // cols:  # along the row: the tiles' order is the same
                other = to * half + low
            else:
                for i in range(m):
                    child[i] = seq[i]
                if to > blank:  # the tile below moves up: from place to - 1 to place blank
                    tile = seq[to - 1]
                    for i in range(to - 1, blank, -1):
                        child[i] = seq[i - 1]
                    child[blank] = tile
                else:  # the tile above moves down: from place to to place blank - 1
                    tile = seq[to]
                    for i in range(to, blank - 1):
                        child[i] = seq[i + 1]
                    child[blank - 1] = tile
                other = to * half + (_rank(child, m) >> 1)
            if dist[other] == UNSEEN:
                dist[other] = mark
    return found


@parallel
def layer_sweep(
    dist: Array,
    depth: int,
    rows: int,
    cols: int,
    neighbours: Array,
    parity: Array,
    start: int,
    stop: int,
) -> int:
    """Expand the boards of ``[start, stop)`` at ``depth``: how many there were."""
    cells = rows * cols
    m = cells - 1
    half = len(dist) // cells
    blocks = (stop - start + _BLOCK - 1) // _BLOCK
    counts = np.zeros(blocks, dtype=np.int64)
    for b in prange(blocks):
        first = start + b * _BLOCK
        last = min(stop, first + _BLOCK)
        counts[b] = _block(dist, depth, cols, neighbours, parity, half, m, first, last)
    return int(counts.sum())
