"""Several partitions maxed: which group of which lookup each tile moves, shared by both kernels.

>>> from slidingtiles.pdb import PatternDatabase
>>> goal = (0, 1, 2, 3, 4, 5)
>>> plan = LookupPlan([PatternDatabase.build(2, 3, goal, groups=[(1, 2), (3, 4, 5)])])
>>> plan.lookups, plan.kind, plan.lk_group[:6]
(1, [0, 0, 0], [2, 0, 0, 1, 1, 1])

A *lookup* is one partition's sum of group values on the board, or (when
its tables reflect) on the board mirrored about the main diagonal; the
heuristic of `slidingtiles._engine.numba.maxed` and its pure-Python mirror
`slidingtiles._engine.python.maxed` is the maximum over the lookups. Every
lookup has its own *group instances* (a reflected lookup reads the same
tables as the direct one, from other positions) plus one spare instance, a
zero entry that never moves, for tiles outside every group.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any, Protocol

from slidingtiles._board.geometry import distance_table
from slidingtiles._engine.indexing import (
    DIGITS,
    PERM,
    PERM_ZERO,
    PERM_ZERO2,
    U4_EXCESS,
    U8_MOVES,
    table_index,
)
from slidingtiles._engine.tables import PatternTables, Table

__all__ = [
    "COLLECT",
    "DIGITS_U8",
    "DONE",
    "GROW",
    "PAUSE",
    "PERM_U4",
    "PERM_U8",
    "PERM_Z2",
    "PERM_Z4",
    "LookupPlan",
    "MaxedSearch",
    "entry_value",
    "lookup_kinds",
    "maxed_searches",
    "moved_rank",
    "supports_lookups",
    "zero_shift",
]

#: What `MaxedSearch.run` returns: finished (found, or a single iteration ended), a pause for
#: the guard, (inside the numba kernel only) deeper frames needed, a node handed over.
DONE, PAUSE, GROW, COLLECT = 0, 1, 2, 3

#: Per-group lookup kinds: digits index with byte entries, perm rank with byte entries, perm
#: rank with 4-bit entries over the group's Manhattan distance (`indexing.U4_EXCESS`), and the
#: same zero-aware with 4 or 2 region slots (`indexing.PERM_ZERO`, `indexing.PERM_ZERO2`: entry
#: ``rank << zero_shift(kind) | label``, the label of the blank's region).
DIGITS_U8, PERM_U8, PERM_U4, PERM_Z4, PERM_Z2 = 0, 1, 2, 3, 4
_KINDS = {
    (DIGITS, U8_MOVES): DIGITS_U8,
    (PERM, U8_MOVES): PERM_U8,
    (PERM, U4_EXCESS): PERM_U4,
    (PERM_ZERO, U4_EXCESS): PERM_Z4,
    (PERM_ZERO2, U4_EXCESS): PERM_Z2,
}


def zero_shift(kind: int) -> int:
    """The bits of a zero-aware kind's region slot: 2 (`PERM_Z4`), 1 (`PERM_Z2`), else 0.

    >>> zero_shift(PERM_Z4), zero_shift(PERM_Z2), zero_shift(PERM_U4)
    (2, 1, 0)
    """
    return 2 if kind == PERM_Z4 else (1 if kind == PERM_Z2 else 0)


_ZERO = b"\x00"


def lookup_kinds(db: PatternTables) -> list[int] | None:
    """Return each group's lookup kind, or None if some table has none.

    >>> from slidingtiles.pdb import PatternDatabase
    >>> lookup_kinds(PatternDatabase.build(2, 3, groups=[(1, 2), (3, 4, 5)]))
    [0, 0]
    """
    found = [_KINDS.get((encoding, db.entry)) for encoding in db.encodings]
    return None if None in found else [k for k in found if k is not None]


def supports_lookups(dbs: Sequence[PatternTables]) -> bool:
    """Whether the maxed kernels can search with these databases: one shape and goal, known tables.

    >>> supports_lookups([])
    False
    """
    if not dbs:
        return False
    first = dbs[0]
    return all(
        (db.rows, db.cols, db.goal) == (first.rows, first.cols, first.goal)
        and not db.perfect
        and lookup_kinds(db) is not None
        for db in dbs
    )


def entry_value(kind: int, table: Table, at: int, md: int) -> int:
    """Entry ``at`` of a group table: its byte, or Manhattan ``md`` plus twice the 4-bit excess.

    >>> entry_value(PERM_U4, b"\\x21", 1, 3), entry_value(PERM_U8, b"\\x07", 0, 3)
    (7, 7)
    """
    if kind >= PERM_U4:
        return md + 2 * ((table[at >> 1] >> ((at & 1) << 2)) & 15)
    return table[at]


def moved_rank(
    kind: int, radix: Sequence[int], slot_at: Sequence[int], slot: int, p: int, q: int
) -> int:
    """The change of a group's index when its tile in ``slot`` moves from p to adjacent q.

    >>> # two tiles on a 2x2 board, slot 0 moves down from cell 0 past slot 1's cell 1
    >>> moved_rank(PERM_U8, [3, 1, 0], [0, 1, 2, 2], 0, 0, 2)
    7
    >>> from slidingtiles._engine.indexing import perm_rank
    >>> perm_rank([2, 1], 4) - perm_rank([0, 1], 4)
    7

    Digits: ``(q - p) * radix[slot]``. Perm rank (``sum d_i * radix_i``, ``d_i``
    the cell of slot i less the earlier slots' tiles below it): only ``d_slot``
    and the ``d_j`` of later slots whose tiles stand strictly between p and q
    change, by one each. ``slot_at[c]``: the slot of the group's tile on cell
    c, the last slot (radix 0) if none. The numba mirror is `placement.moved_rank`.
    """
    if kind == DIGITS_U8 or q - p == 1 or p - q == 1:
        return (q - p) * radix[slot]
    sign = 1 if q > p else -1
    earlier = 0
    later = 0
    for c in range(min(p, q) + 1, max(p, q)):
        j = slot_at[c]
        if j < slot:
            earlier += 1
        else:
            later += radix[j]
    return ((q - p) - sign * earlier) * radix[slot] + sign * later


class LookupPlan:
    """The lookups of a set of databases, as flat lists both kernels index.

    Attributes:
        rows: the board's rows (the same for every database).
        cols: its columns.
        cells: ``rows * cols``.
        goal: the goal's tiles, row-major (the same for every database).
        lookups: how many lookups (per database: the board, and its reflection when it reflects).
        width: slots per group instance (the largest group plus one "no tile" slot of radix 0).
        kind: per group instance, its lookup kind.
        encodings: per group instance, its index encoding.
        radix: per group instance, its radices (``radix[g * width + slot]``).
        tables: per group instance, its table (the spare's: one zero byte).
        groups: per group instance, its tiles (empty for a spare).
        lookup_groups: per lookup, its group instances, the spare last.
        reflected: per lookup, whether it reads the mirrored board.
        mirror: per lookup, the tile map of its board (an identity for a direct lookup).
        transpose: per lookup, the cell map of its board (an identity for a direct lookup).
        lk_group: ``[l * cells + t]``: tile t's group instance in lookup l.
        lk_slot: ``[l * cells + t]``: tile t's slot in lookup l.
        lk_cell: ``[l * cells + c]``: cell c as lookup l sees it.
        dist: ``dist[t * cells + c]``: tile t's Manhattan distance from cell c.
    """

    def __init__(self, dbs: Sequence[PatternTables]) -> None:
        if not supports_lookups(dbs):
            raise ValueError(
                "the maxed kernels need non-perfect databases of one shape and goal, "
                "with digits or perm tables"
            )
        first = dbs[0]
        self.rows, self.cols, self.cells = first.rows, first.cols, first.cells
        self.goal = tuple(first.goal)
        cells = self.cells
        self.dist = distance_table(self.rows, self.cols, self.goal)
        self.width = max(len(g) for db in dbs for g in db.groups) + 1
        self.kind: list[int] = []
        self.encodings: list[str] = []
        self.radix: list[int] = []
        self.tables: list[Table] = []
        self.groups: list[tuple[int, ...]] = []
        self.lookup_groups: list[list[int]] = []
        self.reflected: list[bool] = []
        self.mirror: list[tuple[int, ...]] = []
        self.transpose: list[tuple[int, ...]] = []
        self.lk_group: list[int] = []
        self.lk_slot: list[int] = []
        self.lk_cell: list[int] = []
        identity = tuple(range(cells))
        # A table set's companions (more partitions, maxed with its own) are lookups like any
        # database's; their shared tables are the same buffers.
        partitions = [m for db in dbs for m in (db, *db.companions)]
        for db in partitions:
            kinds = lookup_kinds(db) or []
            for reflected in (False, True) if db.reflect else (False,):
                first_group = len(self.kind)
                members = []
                group_of = [0] * cells
                slot_of = [0] * cells
                for g, group in enumerate(db.groups):
                    k = len(group)
                    members.append(len(self.kind))
                    self.kind.append(kinds[g])
                    self.encodings.append(db.encodings[g])
                    self.radix.extend(
                        cells**slot
                        if kinds[g] == DIGITS_U8
                        else math.perm(cells - slot - 1, k - slot - 1)
                        for slot in range(k)
                    )
                    self.radix.extend([0] * (self.width - k))
                    self.tables.append(db.tables[g])
                    self.groups.append(tuple(group))
                    for slot, t in enumerate(group):
                        group_of[t], slot_of[t] = first_group + g, slot
                spare = len(self.kind)
                members.append(spare)
                self.kind.append(DIGITS_U8)
                self.encodings.append(DIGITS)
                self.radix.extend([0] * self.width)
                self.tables.append(_ZERO)
                self.groups.append(())
                covered = {t for group in db.groups for t in group}
                for t in range(cells):
                    if t not in covered:
                        group_of[t], slot_of[t] = spare, 0
                mirror = tuple(db.mirror) if reflected else identity
                transpose = tuple(db.transpose) if reflected else identity
                self.lk_group.extend(group_of[mirror[t]] for t in range(cells))
                self.lk_slot.extend(slot_of[mirror[t]] for t in range(cells))
                self.lk_cell.extend(transpose)
                self.lookup_groups.append(members)
                self.reflected.append(reflected)
                self.mirror.append(mirror)
                self.transpose.append(transpose)
        self.lookups = len(self.lookup_groups)

    @property
    def zero_aware(self) -> bool:
        """Whether some table is zero-aware (`PERM_Z4`, `PERM_Z2`): the kernels read regions."""
        return PERM_Z4 in self.kind or PERM_Z2 in self.kind

    @property
    def zero_size(self) -> int:
        """The tiles of the zero-aware groups (all the same size above 16 cells), or 0."""
        sizes = {len(self.groups[g]) for g, k in enumerate(self.kind) if zero_shift(k)}
        if len(sizes) > 1 and self.cells > 16:
            raise ValueError(f"zero-aware groups of several sizes {sorted(sizes)} above 16 cells")
        return max(sizes, default=0)

    def place(self, tiles: Sequence[int]) -> tuple[list[int], ...]:
        """Return ``slot_at, at, val, md, occ`` per group instance for a board, and h per lookup.

        ``slot_at[g * cells + c]``: the slot of instance g's tile on cell c
        (``width - 1`` if none), in the lookup's own cells; ``at``: the index
        of its entry; ``val``: its value; ``md``: its tiles' Manhattan
        distance; ``occ``: its cells, a bit mask.
        """
        cells, width = self.cells, self.width
        count = len(self.kind)
        slot_at = [width - 1] * (count * cells)
        at = [0] * count
        val = [0] * count
        md = [0] * count
        occ = [0] * count
        hs = []
        for lk in range(self.lookups):
            mirror, transpose = self.mirror[lk], self.transpose[lk]
            cell_of = [0] * cells
            for cell, t in enumerate(tiles):
                cell_of[mirror[t]] = transpose[cell]
            h = 0
            for gi in self.lookup_groups[lk]:
                group = self.groups[gi]
                positions = [cell_of[t] for t in group]
                for slot, p in enumerate(positions):
                    slot_at[gi * cells + p] = slot
                    occ[gi] |= 1 << p
                md[gi] = sum(self.dist[t * cells + p] for t, p in zip(group, positions))
                at[gi] = table_index(
                    positions, cell_of[0], self.rows, self.cols, self.encodings[gi]
                )
                val[gi] = entry_value(self.kind[gi], self.tables[gi], at[gi], md[gi])
                h += val[gi]
            hs.append(h)
        return slot_at, at, val, md, occ, hs


def maxed_searches(db: PatternTables) -> bool:
    """Whether the engine searches these tables with the maxed kernels: perm-ranked ones.

    >>> from slidingtiles.pdb import PatternDatabase
    >>> maxed_searches(PatternDatabase.build(2, 3, groups=[(1, 2), (3, 4, 5)]))
    False

    Those are the large tables (4x4 7-8, 5x5 6-6-6-6, ...), where children
    searched in order of f with the previous iteration's best path first save
    more nodes than the bookkeeping costs (Korf's 100 with 7-8: 2.25 million
    nodes against 3.17 million in move order, in the same time; Korf & Felner's
    24-puzzle #38: 23 million against 179 million). Digits tables keep their
    kernels (`slidingtiles._engine.python.pdb` and its mirror).
    """
    return (
        not db.perfect
        and any(e in (PERM, PERM_ZERO, PERM_ZERO2) for e in db.encodings)
        and supports_lookups([db])
    )


class MaxedSearch(Protocol):
    """A maxed kernel's resumable search (`slidingtiles._engine.numba.maxed.Search` and its mirror).

    Counters: ``expanded``, ``generated``, ``iterations``, the current
    ``bound``; after `DONE`: ``found`` (the path's length, -1 for none) and,
    for a single iteration, ``next_bound`` (its least f above the bound);
    after `COLLECT`: ``collected_seq`` (the node's duplicate automaton state).
    """

    h0: int

    @property
    def expanded(self) -> int: ...
    @property
    def generated(self) -> int: ...
    @property
    def iterations(self) -> int: ...
    @property
    def bound(self) -> int: ...
    @property
    def found(self) -> int: ...
    @property
    def next_bound(self) -> int: ...
    @property
    def collected_seq(self) -> int: ...

    def run(self, check_at: int = ...) -> int:
        """Run until `DONE`, `PAUSE` (``expanded`` reaches ``check_at``) or `COLLECT`."""

    def path(self) -> str:
        """The moves to the goal found, or (after `COLLECT`) to the node handed over."""

    def slots(self) -> list[int]:
        """`path` as move slots (indices into the blank's moves of `geometry.blank_moves`)."""

    def attach(self, plan: Any) -> None:
        """Give an unpickled search its kernel's plan of the tables back."""

    def follow(self, slots: Sequence[int]) -> None:
        """Try these move slots first from the root down (a principal variation)."""

    def best(self) -> tuple[int, list[int], int]:
        """The least h met in this iteration, the move slots to the first node with it, and how
        many nodes were handed over (`COLLECT`) before that node."""
