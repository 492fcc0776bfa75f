"""Exact distances of every board of a small shape, by one breadth-first search from the goal.

>>> exact = exact_distances(Board.goal(3, 3))
>>> len(exact), exact.diameter, exact.distance((1, 2, 3, 4, 5, 6, 7, 0, 8))
(181440, 31, 1)

What `check` compares a heuristic with, and where `compare` and the testing
kit draw boards at an exact distance. Moves are reversible, so the distance
from the goal is the distance to it. The search runs on whole layers at once
in numpy: a board's neighbours lie in the layers just before and after its
own (every move changes the blank's cell parity), so a child of layer d is new
unless it is in layer d - 1 or repeats within layer d + 1, and no table over
all permutations is needed. Each board is kept as its permutation rank
(packed four bits a cell into an int64) and its tiles.

Cost, measured on the project machine (CPython 3.11, numpy): 3x3's 181,440
boards in about 0.2 s and 3 MB; 2x5's 1,814,400 in about 2 s and 30 MB
(docs/heuristics.md, "Checking a heuristic").
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable

import numpy as np
from numpy.typing import NDArray

from slidingtiles._board.board import Board
from slidingtiles._board.geometry import neighbour_table

__all__ = ["MAX_CELLS", "ExactDistances", "exact_distances"]

#: The most cells a shape may have for an exhaustive search (3x4 and 2x6: 239,500,800 boards).
MAX_CELLS = 12


def _ranks(tiles: NDArray[np.uint8]) -> NDArray[np.int64]:
    """Each row's key: its tiles packed four bits a cell (unique up to 15 cells, an int64)."""
    weights = np.left_shift(np.int64(1), 4 * np.arange(tiles.shape[1], dtype=np.int64))
    return tiles.astype(np.int64) @ weights


def _moves(
    tiles: NDArray[np.uint8], blanks: NDArray[np.int64], rows: int, cols: int
) -> tuple[NDArray[np.int64], NDArray[np.uint8], NDArray[np.int64]]:
    """Every (parent row, child tiles, child blank) of one blank move from each row."""
    table = np.array(neighbour_table(rows, cols), dtype=np.int64)  # cells x 4, -1 off the board
    parents, children, cells = [], [], []
    for direction in range(4):
        target = table[blanks, direction]
        which = np.flatnonzero(target >= 0)
        if not len(which):
            continue
        child = tiles[which].copy()
        moved, src = np.arange(len(which)), target[which]
        child[moved, blanks[which]] = child[moved, src]
        child[moved, src] = 0
        parents.append(which)
        children.append(child)
        cells.append(src)
    return np.concatenate(parents), np.concatenate(children), np.concatenate(cells)


class ExactDistances:
    """Every board of one shape that reaches ``goal``, with its exact distance, in BFS order.

    >>> exact = exact_distances(Board.goal(2, 2))
    >>> len(exact), exact.diameter, [len(exact.layer(d)) for d in range(exact.diameter + 1)]
    (12, 6, [1, 2, 2, 2, 2, 2, 1])

    Attributes:
        goal: the goal board.
        tiles: an ``(N, cells)`` uint8 array, one board per row, nearest first
            (row 0 is the goal).
        distances: the exact distance of each row, non-decreasing.
        starts: ``starts[d]`` is the first row at distance d (``starts[-1] == N``).
    """

    def __init__(self, goal: Board, tick: Callable[[], object] | None = None) -> None:
        rows, cols = goal.shape
        if goal.size > MAX_CELLS:
            raise ValueError(
                f"an exhaustive search covers boards of at most {MAX_CELLS} cells, "
                f"not {rows}x{cols}"
            )
        self.goal = goal
        start = np.array([goal.tiles], dtype=np.uint8)
        layers = [start]
        layer_ranks = [_ranks(start)]
        blanks = np.array([goal.blank], dtype=np.int64)
        previous = np.empty(0, dtype=np.int64)  # layer d - 1's ranks, sorted
        while True:
            if tick is not None:  # the caller's clock, between layers
                tick()
            _, children, cells = _moves(layers[-1], blanks, rows, cols)
            ranks = _ranks(children)
            fresh = ~np.isin(ranks, previous, assume_unique=False)
            ranks, first = np.unique(ranks[fresh], return_index=True)
            if not len(ranks):
                break
            previous = np.sort(layer_ranks[-1])
            layers.append(children[fresh][first])
            layer_ranks.append(ranks)
            blanks = cells[fresh][first]
        self.tiles: NDArray[np.uint8] = np.concatenate(layers)
        sizes = [len(layer) for layer in layers]
        self.distances: NDArray[np.uint8] = np.repeat(np.arange(len(layers), dtype=np.uint8), sizes)
        self.starts: NDArray[np.int64] = np.concatenate(([0], np.cumsum(sizes)))
        ranks_all = np.concatenate(layer_ranks)
        self._order = np.argsort(ranks_all)
        self._sorted = ranks_all[self._order]

    def __len__(self) -> int:
        return len(self.tiles)

    @property
    def diameter(self) -> int:
        """The largest distance of any board (3x3: 31 moves)."""
        return len(self.starts) - 2

    def layer(self, distance: int) -> NDArray[np.uint8]:
        """The boards at exactly ``distance`` moves, one per row (empty beyond the diameter)."""
        if not 0 <= distance <= self.diameter:
            return self.tiles[:0]
        return self.tiles[self.starts[distance] : self.starts[distance + 1]]

    def rows_of(self, tiles: NDArray[np.uint8]) -> NDArray[np.int64]:
        """The row of each board given (one per row of ``tiles``), -1 where it cannot reach it.

        >>> exact = exact_distances(Board.goal(2, 2))
        >>> exact.rows_of(np.array([[1, 2, 3, 0], [2, 1, 3, 0]], dtype=np.uint8)).tolist()
        [0, -1]
        """
        ranks = _ranks(np.asarray(tiles, dtype=np.uint8))
        spot = np.minimum(np.searchsorted(self._sorted, ranks), len(self._sorted) - 1)
        found = self._sorted[spot] == ranks
        return np.where(found, self._order[spot], -1)

    def distance(self, tiles: tuple[int, ...]) -> int | None:
        """The exact distance of one board's tiles, or None if it cannot reach the goal."""
        row = int(self.rows_of(np.array([tiles], dtype=np.uint8))[0])
        return None if row < 0 else int(self.distances[row])

    def edges(
        self, tick: Callable[[], object] | None = None
    ) -> tuple[NDArray[np.int64], NDArray[np.int64]]:
        """Every move as a pair of rows ``(a, b)``: board a becomes board b (both directions).

        ``tick`` (the caller's clock) is called between chunks of `_CHUNK` boards.
        """
        rows, cols = self.goal.shape
        parents, targets = [], []
        for first in range(0, len(self.tiles), _CHUNK):
            if tick is not None:
                tick()
            part = self.tiles[first : first + _CHUNK]
            blanks = np.argmin(part, axis=1).astype(np.int64)
            held, children, _ = _moves(part, blanks, rows, cols)
            parents.append(held + first)
            targets.append(self.rows_of(children))
        return np.concatenate(parents), np.concatenate(targets)


# Boards per chunk of `ExactDistances.edges` (between two looks at the caller's clock).
_CHUNK = 1 << 15
_KEPT: OrderedDict[tuple[int, int, tuple[int, ...]], ExactDistances] = OrderedDict()


def exact_distances(goal: Board, tick: Callable[[], object] | None = None) -> ExactDistances:
    """The `ExactDistances` towards ``goal`` (labels ignored), kept for the eight latest goals.

    Raises ValueError above `MAX_CELLS` cells. Memory: about 17 bytes per
    board plus the cells (3x3: 3 MB; 3x4: about 7 GB, so ask for it only on
    purpose). ``tick`` is called between layers of the search (a caller's
    clock, which raises to stop it); a search stopped so is not kept.
    """
    key = (goal.rows, goal.cols, goal.tiles)
    found = _KEPT.get(key)
    if found is None:
        found = ExactDistances(Board(goal.tiles, shape=goal.shape), tick)
        _KEPT[key] = found
        while len(_KEPT) > 8:
            _KEPT.popitem(last=False)
    return found
