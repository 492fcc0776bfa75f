"""What a table costs before it is built: seconds, bytes, and the states its search visits.

>>> estimate_table_bytes(3, 3), estimate_table_bytes(4, 4)
(362880, 33558528)

The estimates decide whether ``heuristic="auto"`` builds a table on first use,
what the `TableBuildWarning` announces, and whether a build fits a call's
``time_limit``. Build rates are measured per builder (the pure-Python numpy
builder, the numba builder) on the project's machine, one core.
"""

from __future__ import annotations

import functools
import itertools
import math
from collections.abc import Sequence

from slidingtiles._board.board import Board
from slidingtiles._board.geometry import neighbour_table
from slidingtiles._engine import dispatch
from slidingtiles._engine.indexing import (
    PERM,
    REGION_TABLE_MAX_CELLS,
    U4_EXCESS,
    encoding_for,
    table_entries,
)
from slidingtiles._heuristics._pdb.partition import (
    numba_encoding,
    numba_entry,
    stored_groups,
)

__all__ = ["BUILD_COSTS", "build_states", "estimate_build_seconds", "estimate_table_bytes"]

#: What a long build costs, measured (docs/accelerated.md), told before it starts.
BUILD_COSTS = {
    "7-8": "about 4 minutes on 2 cores (230 s of CPU; more when they are busy), 5.9 GB of "
    "memory at peak, 1.15 GB on disk",
    "7-7": "about half a minute (23 s of CPU; more when the cores are busy), 0.6 GB of memory "
    "at peak, 130 MB on disk",
    "5x7": "about 3 minutes (158 s of CPU; more when the cores are busy), 1.5 GB of memory at "
    "peak, 317 MB on disk",
    "5x9-3": "about 10 minutes of CPU on 2 cores (600 s; 24 minutes of wall time on a busy "
    "machine), 6.6 GB of memory at peak, 1.03 GB on disk",
    "7-6": "about 10 seconds (8 s of CPU), 0.3 GB of memory at peak, 20 MB on disk",
    "8-7": "about 5 minutes on 2 cores, about 4 GB of memory at peak, 576 MB on disk",
    "6-6-6-6": "about 2-3 minutes on 2 cores (140 s of CPU; more when the cores are busy), "
    "2.4 GB of memory at peak, 510 MB on disk",
    # The table sets (each group of a set built once): measured for 6-6-6-6+6 (2026-12-01, the
    # machine loaded: 10 minutes of wall clock), the others from its 40-50 s of CPU per group.
    "6-6-6-6+6": "about 5 minutes on 2 cores (270 s of CPU; more when the cores are busy), "
    "2.8 GB of memory at peak, 893 MB on disk",
    "6-6-6-6+6+1": "about 6 minutes on 2 cores (about 350 s of CPU), 2.9 GB of memory at peak, "
    "1.15 GB on disk",
    "small-7": "about 10 minutes on 2 cores (about 550 s of CPU), 3.5 GB of memory at peak, "
    "1.79 GB on disk",
}

# Measured build rates in abstract states per second (see `estimate_build_seconds`), one core of
# the project's machine: the pure-Python (numpy) builder, and the numba builder of perm-ranked
# tables (3x5 7-7: 130 million states in 23-26 s of CPU; 4x4 7-8: 1.15 billion in 231 s).
_STATES_PER_SECOND = {"python": 800_000.0, "numba": 5_000_000.0}


def estimate_build_seconds(
    rows: int, cols: int, name: str = "default", goal: Sequence[int] | Board | None = None
) -> float:
    """Return a rough build time in seconds, from the number of abstract states.

    >>> estimate_build_seconds(3, 3) < 5
    True

    The estimate counts, per group, placements times two (blank regions per
    placement) at the rate measured for the builder that would build it: the
    numba builder for the perm-ranked partitions (`partition.NUMBA_PARTITIONS`)
    and, under numba, for the others too; else the pure-Python one. It decides
    whether ``heuristic="auto"`` builds a table on first use.
    """
    cells = rows * cols
    groups = stored_groups(rows, cols, goal, name)
    # About two blank regions per placement on average (measured on 4x4 6-tile groups).
    states = sum(2 * table_entries(cells, len(g), PERM) for g in groups)
    if cells > REGION_TABLE_MAX_CELLS:
        states = states * 3 // 2  # regions by an iterated flood fill (4x5: 19.9 s measured)
    perm_ranked = numba_entry(rows, cols, name) is not None
    builder = "numba" if perm_ranked and dispatch.IMPLEMENTATION == "numba" else "python"
    return states / _STATES_PER_SECOND[builder]


@functools.cache
def build_states(rows: int, cols: int, size: int) -> tuple[int, bool]:
    """How many abstract states building a ``size``-tile group visits, and whether exactly.

    >>> build_states(3, 3, 8), build_states(3, 4, 6)
    ((181440, True), (1542240, True))

    A state is a placement of the group's tiles and the region of free cells holding
    the blank, so the count is ``size!`` times the free regions summed over every set
    of occupied cells (halved when one cell is free: then the parity rule holds). The
    builders visit exactly these on the shapes checked (2x3, 3x3, 3x4, 4x4). Past
    300,000 cell sets counting would take seconds: then two regions per placement,
    the library's own estimate, and False.
    """
    cells = rows * cols
    if math.comb(cells, size) > 300_000:
        return 2 * math.perm(cells, size), False
    neighbours = [
        sum(1 << n for n in cell_neighbours if n >= 0)
        for cell_neighbours in neighbour_table(rows, cols)
    ]
    regions = 0
    for occupied in itertools.combinations(range(cells), size):
        free = ((1 << cells) - 1) & ~sum(1 << cell for cell in occupied)
        while free:
            region = free & -free  # flood from the lowest free cell
            while True:
                grown = region
                rest = region
                while rest:
                    low = rest & -rest
                    grown |= neighbours[low.bit_length() - 1] & free
                    rest ^= low
                if grown == region:
                    break
                region = grown
            free &= ~region
            regions += 1
    states = regions * math.factorial(size)
    return (states // 2 if cells - size == 1 else states), True


def estimate_table_bytes(
    rows: int, cols: int, name: str = "default", goal: Sequence[int] | Board | None = None
) -> int:
    """Return a table's size in bytes, in memory and on disk (the file's header adds under 1 kB).

    >>> estimate_table_bytes(3, 4)
    3234816

    Exact: one byte per index of each group's table (half a byte for the
    4-bit partitions, 7-8's four per placement on 4x4).
    """
    cells = rows * cols
    groups = stored_groups(rows, cols, goal, name)
    entry = numba_entry(rows, cols, name)
    if entry == U4_EXCESS:
        encoding = numba_encoding(rows, cols, name)
        return sum((table_entries(cells, len(g), encoding) + 1) // 2 for g in groups)
    if entry is not None:
        return sum(table_entries(cells, len(g), PERM) for g in groups)
    return sum(table_entries(cells, len(g), encoding_for(cells, len(g))) for g in groups)
