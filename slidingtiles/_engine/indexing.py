"""Pattern database construction: a breadth-first search over (group placement, blank region).

A group's abstract state is where its tiles stand plus the region of cells the
blank can reach without moving a group tile (moves of other tiles are free, so
the blank anywhere in its region is one state). Every move of a group tile
costs one, so a plain breadth-first search by layers from the goal gives each
abstract state its cost, and the table keeps the least cost over regions: the
fewest group-tile moves to bring the group home from that placement, a lower
bound for any blank position. The search (in `slidingtiles._pdb_numpy`, imported
only when a table is built, so solving with cached tables never loads numpy)
is vectorised with numpy: a layer is an array of integer keys
``index * cells + region_min_cell``.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

import attrs

__all__ = [
    "MAX_TABLE_ENTRIES",
    "BuildProgress",
    "build_group_table",
    "digits_index",
    "encoding_for",
    "perm_rank",
    "table_entries",
]

#: The largest table (entries = bytes) built for one group.
MAX_TABLE_ENTRIES = 1 << 25
# Boards up to this many cells look regions up in a precomputed (free mask, cell) table.
_REGION_TABLE_MAX_CELLS = 16


@attrs.frozen
class BuildProgress:
    """A snapshot of a table build, passed to the ``progress`` callback.

    >>> BuildProgress(0, 3, 6, 5, 1234, 0.5).fraction_groups
    0.0

    Attributes:
        group: index of the group being built (0-based).
        groups: number of groups in the partition.
        group_size: tiles in this group.
        depth: the breadth-first layer just finished (moves of group tiles).
        states: abstract states reached so far in this group.
        seconds: time since this group's build started.
        done: True on the last call for a group.
    """

    group: int
    groups: int
    group_size: int
    depth: int
    states: int
    seconds: float
    done: bool = False

    @property
    def fraction_groups(self) -> float:
        """Fraction of groups finished before this one."""
        return self.group / self.groups


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

    >>> table = build_group_table(2, 2, (1, 2, 3, 0), (1, 2), encoding="digits")
    >>> table[digits_index([0, 1], 4)], table[digits_index([1, 3], 4)], table[1]
    (0, 2, 255)

    ``progress(depth, states, seconds)`` is called after each layer. Entries
    of unreachable or impossible placements (two tiles on one cell) hold 255.
    Cost: O(states * group size) numpy work, where states is the number of
    (placement, blank region) pairs, at most ``perm(cells, k) * (cells - k)``.
    Needs numpy (imported here, not when the package is).
    """
    from slidingtiles._engine.python.build import breadth_first_table

    return breadth_first_table(
        rows, cols, goal, group, encoding=encoding, progress=progress,
        region_table_max_cells=_REGION_TABLE_MAX_CELLS,
    )  # fmt: skip
