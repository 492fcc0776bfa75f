"""Pattern table construction: a breadth-first search over (group placement, blank region).

>>> table = build_group_table(2, 2, (1, 2, 3, 0), (1, 2), encoding="digits")
>>> table[digits_index([0, 1], 4)], table[digits_index([1, 3], 4)], table[1]
(0, 2, 255)

A group's abstract state is where its tiles stand plus the region of cells the
blank can reach without moving a group tile (moves of other tiles are free, so
the blank anywhere in its region is one state). Every move of a group tile
costs one, so a plain breadth-first search by layers from the goal gives each
abstract state its cost, and the table keeps the least cost over regions: the
fewest group-tile moves to bring the group home from that placement, a lower
bound for any blank position. The search is vectorised with numpy: a layer is
an array of integer keys ``index * cells + region_min_cell``.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np
from numpy.typing import NDArray

from slidingtiles._board.geometry import neighbour_table
from slidingtiles._engine.indexing import (
    DIGITS,
    PERM,
    REGION_TABLE_MAX_CELLS,
    digits_index,
    table_entries,
)

__all__ = ["build_group_table"]

Array = NDArray[Any]


def _perm_rank_array(digits: list[Array], cells: int) -> Array:
    rank = np.zeros(len(digits[0]) if digits else 1, dtype=np.int64)
    for i, p in enumerate(digits):
        below = np.zeros_like(p)
        for q in digits[:i]:
            below += q < p
        rank = rank * (cells - i) + (p - below)
    return rank


def neighbour_array(rows: int, cols: int) -> Array:
    """``nb[cell, direction]``: the neighbouring cell or -1 (`geometry.neighbour_table`)."""
    return np.array(neighbour_table(rows, cols), dtype=np.int64).reshape(rows * cols, 4)


def _flood(start_bits: Array, free: Array, rows: int, cols: int) -> Array:
    """The region of ``free`` cells connected to the start bits (vectorised flood fill)."""
    cells = rows * cols
    full = (1 << cells) - 1
    left_col = sum(1 << (r * cols) for r in range(rows))
    right_col = left_col << (cols - 1)
    region: Array = start_bits & free
    while True:
        grown = (
            (
                region
                | ((region << 1) & ~left_col)
                | ((region >> 1) & ~right_col)
                | (region << cols)
                | (region >> cols)
            )
            & free
            & full
        )
        if np.array_equal(grown, region):
            return region
        region = grown


def _lowest_cell(mask: Array) -> Array:
    low = mask & -mask
    return np.log2(low.astype(np.float64)).astype(np.int64)


class _Regions:
    """Region lookups: (free-cell mask, start cell) -> region mask and its lowest cell."""

    def __init__(self, rows: int, cols: int, table_max_cells: int) -> None:
        self.rows, self.cols, self.cells = rows, cols, rows * cols
        self.table_mask: Array | None = None
        self.table_low: Array | None = None
        if self.cells <= table_max_cells:
            cells = self.cells
            masks = np.repeat(np.arange(1 << cells, dtype=np.int64), cells)
            starts = np.tile(np.arange(cells, dtype=np.int64), 1 << cells)
            start_bits = np.left_shift(np.int64(1), starts)
            region = _flood(start_bits, masks | start_bits, rows, cols)
            self.table_mask = region.astype(np.int32)
            self.table_low = _lowest_cell(region).astype(np.int32)

    def region(self, free: Array, start: Array) -> tuple[Array, Array]:
        """Region mask and lowest cell of the region of ``free`` holding ``start``."""
        if self.table_mask is not None and self.table_low is not None:
            key = free * self.cells + start
            return self.table_mask[key], self.table_low[key]
        start_bits = np.left_shift(np.int64(1), start)
        mask = _flood(start_bits, free | start_bits, self.rows, self.cols)
        return mask, _lowest_cell(mask)


def build_group_table(
    rows: int,
    cols: int,
    goal: Sequence[int],
    group: Sequence[int],
    *,
    encoding: str,
    progress: Callable[[int, int, float], object] | None = None,
) -> bytes:
    """Return one group's table: entry = fewest group-tile moves from that placement to home.

    ``progress(depth, states, seconds)`` is called after each layer. Entries
    of unreachable or impossible placements (two tiles on one cell) hold 255.
    Cost: O(states * group size) numpy work, where states is the number of
    (placement, blank region) pairs, at most ``perm(cells, k) * (cells - k)``.
    """
    if encoding not in (DIGITS, PERM):
        raise ValueError(f"unknown table encoding {encoding!r}")
    cells = rows * cols
    k = len(group)
    start_time = time.perf_counter()
    nb = neighbour_array(rows, cols)
    regions = _Regions(rows, cols, REGION_TABLE_MAX_CELLS)
    full = (1 << cells) - 1
    home = [list(goal).index(t) for t in group]
    blank_home = list(goal).index(0)
    powers = np.array([cells**s for s in range(k)], dtype=np.int64)
    start_index = digits_index(home, cells)
    start_free = full & ~sum(1 << p for p in home)
    _, low = regions.region(
        np.array([start_free], dtype=np.int64), np.array([blank_home], dtype=np.int64)
    )
    key_space = cells ** (k + 1)
    dtype = np.int32 if key_space < (1 << 31) and cells < 31 else np.int64
    one = dtype(1)
    # For direction d: offset of the cell, and the cells from which a step d stays on the board.
    offsets = [-cols, cols, -1, 1]
    sources = [int(sum(1 << c for c in range(cells) if nb[c, d] >= 0)) for d in range(4)]
    visited = np.zeros((key_space + 7) // 8, dtype=np.uint8)
    frontier: Array = np.array([start_index * cells + int(low[0])], dtype=dtype)
    visited[frontier >> 3] |= (1 << (frontier & 7)).astype(np.uint8)
    layers: list[Array] = []
    powers_d: Array = powers.astype(dtype)[:, None]
    states = 0
    depth = 0
    while len(frontier):
        index: Array = frontier // cells
        low = frontier % cells
        layers.append(index)
        states += len(frontier)
        if progress is not None:
            progress(depth, states, time.perf_counter() - start_time)
        digits: Array = (index[None, :] // powers_d) % cells  # shape (k, states)
        free: Array = np.full(len(index), full, dtype=dtype)
        for s in range(k):
            free &= ~np.left_shift(one, digits[s])
        region, _ = regions.region(free, low)
        candidates: list[Array] = []
        for d in range(4):
            off = offsets[d]
            # Cells from which a step in direction d lands inside the blank's region.
            reach: Array = (region >> off if off > 0 else region << -off) & sources[d]
            slot, which = np.nonzero((reach[None, :] >> digits) & 1)
            if not len(which):
                continue
            p = digits[slot, which]
            new_index = index[which] + (off * powers_d[slot, 0])
            new_free = free[which] ^ (np.left_shift(one, p) | np.left_shift(one, p + off))
            _, new_low = regions.region(new_free, p)
            candidates.append(new_index * cells + new_low.astype(dtype))
        if not candidates:
            break
        cand = np.concatenate(candidates)
        seen = (visited[cand >> 3] >> (cand & 7).astype(np.uint8)) & 1
        cand = np.sort(cand[seen == 0])
        if len(cand):
            cand = cand[np.concatenate(([True], cand[1:] != cand[:-1]))]
        np.bitwise_or.at(visited, cand >> 3, (1 << (cand & 7)).astype(np.uint8))
        frontier = cand
        depth += 1
    if progress is not None:
        progress(depth, states, time.perf_counter() - start_time)
    entries = table_entries(cells, k, encoding)
    table = np.full(entries, 255, dtype=np.uint8)
    # Deepest layer first, so the least cost over regions is written last.
    for d in range(len(layers) - 1, -1, -1):
        index = layers[d]
        if encoding == PERM:
            index = _perm_rank_array([(index // int(powers[s])) % cells for s in range(k)], cells)
        table[index] = d
    return table.tobytes()
