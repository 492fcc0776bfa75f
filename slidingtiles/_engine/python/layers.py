"""Breadth-first layers of every board of a shape, one byte a board over a permutation rank.

>>> import numpy as np
>>> from slidingtiles._board.geometry import neighbour_table
>>> dist = np.full(12, UNSEEN, dtype=np.uint8)  # 2x2: 4!/2 boards
>>> dist[index_of((1, 2, 3, 0), cols=2, parity=parities((1, 2, 3, 0), 2, 2))] = 0
>>> n = np.array(neighbour_table(2, 2), dtype=np.int64)
>>> [sweep(dist, d, 2, 2, n, parities((1, 2, 3, 0), 2, 2), 0, 12) for d in range(7)]
[1, 2, 2, 2, 2, 2, 1]

The rank. A board of n cells is its blank's cell and the sequence of its
m = n - 1 tiles in reading order (tile t as t - 1). For a board with two
rows and columns or more, the boards that reach a goal with the blank at a
given cell are exactly the sequences of one parity (a move along a row keeps
the sequence, a move across rows carries one tile past ``cols - 1`` others),
so that cell's parity is fixed (`parities`). The Lehmer rank of a sequence
and of the same with its last two tiles swapped differ only in the lowest
bit, and their parities differ: ``rank >> 1`` numbers one parity's
sequences without a gap. A board's index is ``blank * m!/2 + rank >> 1``,
from 0 to n!/2 - 1: every board that reaches the goal, and no other.

`sweep` expands every board of ``[start, stop)`` whose byte is ``depth`` and
marks each unseen neighbour ``depth + 1`` (numpy, a chunk at a time): the
pure-Python mirror of the numba kernel, fine for a few million boards (2x5's
1.8 million in seconds), hours for 12 cells, which the caller refuses.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
from numpy.typing import NDArray

__all__ = ["UNSEEN", "board_of", "index_of", "parities", "sweep"]

Array = NDArray[Any]
#: The byte of a board no sweep has reached.
UNSEEN = 255
_CHUNK = 1 << 18


def _sequence(tiles: Sequence[int]) -> list[int]:
    return [int(t) - 1 for t in tiles if t != 0]


def _parity(seq: Sequence[int]) -> int:
    inversions = sum(1 for i in range(len(seq)) for j in range(i) if seq[j] > seq[i])
    return inversions & 1


def parities(goal: Sequence[int], rows: int, cols: int) -> Array:
    """Per blank cell, the parity of the tile sequences that reach ``goal`` with it there."""
    blank = list(goal).index(0)
    own = _parity(_sequence(goal))
    cells = np.arange(rows * cols)
    across = ((cells // cols - blank // cols) * (cols - 1)) & 1
    return np.asarray(own ^ across, dtype=np.int64)


def _ranks(seqs: Array) -> Array:
    """The Lehmer rank of each row (a permutation of 0..m-1)."""
    count, m = seqs.shape
    rank = np.zeros(count, dtype=np.int64)
    for i in range(m):
        smaller_later = (seqs[:, i + 1 :] < seqs[:, i : i + 1]).sum(axis=1)
        rank = rank * (m - i) + smaller_later
    return rank


def _unranks(lows: Array, m: int, parity: Array) -> Array:
    """The sequences of ranks ``2 * low`` or ``2 * low + 1``, whichever has each row's parity."""
    rank = lows * 2
    digits = np.zeros((len(lows), m), dtype=np.int64)
    for i in range(m - 1, -1, -1):
        digits[:, i] = rank % (m - i)
        rank //= m - i
    wrong = (digits.sum(axis=1) & 1) != parity
    digits[wrong, m - 2] = 1
    free = np.ones((len(lows), m), dtype=bool)
    seqs = np.zeros((len(lows), m), dtype=np.int64)
    rows = np.arange(len(lows))
    for i in range(m):
        # the digits[i]-th free value: the first whose count of free values up to it exceeds it
        place = (np.cumsum(free, axis=1) > digits[:, i : i + 1]).argmax(axis=1)
        seqs[:, i] = place
        free[rows, place] = False
    return seqs


def index_of(tiles: Sequence[int], *, cols: int, parity: Array) -> int:
    """The index of one board (`parity` from `parities` for its goal)."""
    m = len(tiles) - 1
    half = int(np.prod(np.arange(1, m + 1, dtype=np.int64))) // 2
    blank = list(tiles).index(0)
    seq = np.array([_sequence(tiles)], dtype=np.int64)
    return blank * half + int(_ranks(seq)[0]) // 2


def board_of(index: int, cells: int, parity: Array) -> tuple[int, ...]:
    """The board of one index: its tiles in reading order, blank 0."""
    m = cells - 1
    half = int(np.prod(np.arange(1, m + 1, dtype=np.int64))) // 2
    blank, low = divmod(int(index), half)
    seq = _unranks(np.array([low], dtype=np.int64), m, np.array([parity[blank]]))[0]
    tiles = [int(t) + 1 for t in seq]
    tiles.insert(blank, 0)
    return tuple(tiles)


def sweep(
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
    found = 0
    for first in range(start, stop, _CHUNK):
        last = min(stop, first + _CHUNK)
        index = np.flatnonzero(dist[first:last] == depth).astype(np.int64) + first
        found += len(index)
        if not len(index):
            continue
        blank, low = np.divmod(index, half)
        seqs = _unranks(low, m, parity[blank])
        for d in range(4):
            to = neighbours[blank, d]
            ok = to >= 0
            along = ok & (to // cols == blank // cols)
            others = [to[along] * half + low[along]]
            for down in (True, False):
                pick = ok & ~along & ((to > blank) == down)
                if not pick.any():
                    continue
                child = seqs[pick].copy()
                b, t = blank[pick], to[pick]
                rowsel = np.arange(len(b))
                if down:  # the tile at place t - 1 moves to place b, those between shift up
                    tile = child[rowsel, t - 1]
                    for shift in range(cols - 1):
                        at = t - 1 - shift
                        child[rowsel, at] = child[rowsel, at - 1]
                    child[rowsel, b] = tile
                else:  # the tile at place t moves to place b - 1, those between shift down
                    tile = child[rowsel, t]
                    for shift in range(cols - 1):
                        at = t + shift
                        child[rowsel, at] = child[rowsel, at + 1]
                    child[rowsel, b - 1] = tile
                others.append(t * half + _ranks(child) // 2)
            every = np.concatenate(others)
            dist[every[dist[every] == UNSEEN]] = depth + 1
    return found
