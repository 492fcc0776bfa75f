"""IDA* with tables indexed from each group's placement (perm ranks, 4-bit entries): numba.

>>> from slidingtiles.pdb import PatternDatabase
>>> from slidingtiles.search import Guard
>>> guard = Guard("idastar", max_nodes=None, time_limit=None, max_memory=None, progress=None,
...               progress_every=1 << 14, state_bytes=0, time_stride=1 << 14)
>>> db = PatternDatabase.build(2, 3, (0, 1, 2, 3, 4, 5), groups=[(1, 2), (3, 4, 5)])
>>> kinds(db), ida_pdb_placements(db, [1, 0, 2, 3, 4, 5], guard)[0]
([0, 0], 'L')

The kernel for the tables the pure-Python engine does not search: perm-ranked
ones with 8-bit or 4-bit (`U4_EXCESS`) entries, the 7-8 partition of 4x4
among them. Each group keeps its index and a cell -> slot map; a move
updates the index in O(1) on a row move and O(cols) on a column move
(`moved_rank`). On digits tables it finds the same values, hence the same
nodes, as the digits kernel of `slidingtiles._engine.numba.pdb`.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from slidingtiles._board.geometry import distance_table
from slidingtiles._engine.indexing import (
    DIGITS,
    PERM,
    U4_EXCESS,
    U8_MOVES,
    digits_index,
    perm_rank,
)
from slidingtiles._engine.numba.drive import (
    BEST,
    BLANK,
    BOUND,
    CHECK_AT,
    DEPTH,
    DONE,
    ENTER,
    EXPANDED,
    FOUND,
    FRAME_WIDTH,
    GENERATED,
    GROW,
    INF,
    ITER,
    NEXT,
    PATH,
    PAUSE,
    PREV,
    RH,
    SEQ,
    SLOTS,
    Array,
    Frames,
    H,
    at_goal,
    drive,
    flat_tables,
    new_state,
    plan,
    pruning_array,
    slot_moves,
)
from slidingtiles._engine.numba.jit import compiled, inlined, pointer, prefetch
from slidingtiles._engine.pruning import start_state
from slidingtiles._engine.tables import IDENTITY_ORDER, EngineResult, Order, PatternTables
from slidingtiles.search import Guard

__all__ = ["DIGITS_U8", "PERM_U4", "PERM_U8", "ida_pdb_placements", "kinds"]

#: Per-group lookup kinds of the placement kernel (`kinds`).
DIGITS_U8, PERM_U8, PERM_U4 = 0, 1, 2

# Columns of the per-group state of the placement kernel: lookup kind, table position of the
# group's entry (in nibbles for 4-bit tables), value and Manhattan distance of its tiles; the
# same for the reflected board.
_KIND, _PAT, _PVAL, _PMD, _PRAT, _PRVAL, _PRMD = range(7)
_GROUP_WIDTH = 8
# Frame columns of the placement kernel after the common first eight (BLANK .. PATH): what the
# move to the child changed, and the table positions of the children computed on entering.
_OLD_PAT, _OLD_PVAL, _OLD_PMD, _OLD_PRAT, _OLD_PRVAL, _OLD_PRMD = range(8, 14)
_CHILD_AT = 14  # four columns
_CHILD_RAT = 18  # four columns


@inlined
def moved_rank(
    g: int,
    slot: int,
    p: int,
    q: int,
    kind: int,
    slot_at: Any,
    radix: Any,
    cells: int,
    width: int,
) -> Any:
    """The change of group g's index when its tile in ``slot`` moves from p to adjacent q.

    Digits: ``(q - p) * cells**slot``. Perm rank (``sum d_i * radix_i``,
    ``d_i`` = cell of slot i minus the earlier slots' tiles below it): only
    ``d_slot`` and the ``d_j`` of later slots whose tiles stand strictly
    between p and q change, by one each; on a row move no cell lies between,
    on a column move ``cols - 1`` cells do. ``slot_at[g * cells + c]`` is
    the slot of the group's tile on c, or ``width - 1`` (radix 0) if none.
    """
    row = g * width
    if kind == DIGITS_U8 or q - p == 1 or p - q == 1:
        return (q - p) * radix[row + slot]
    sign = 1 if q > p else -1
    earlier = 0
    later = 0
    for c in range(min(p, q) + 1, max(p, q)):
        j = slot_at[g * cells + c]
        if j < slot:
            earlier += 1
        else:
            later += radix[row + j]
    return ((q - p) - sign * earlier) * radix[row + slot] + sign * later


@inlined
def _entry_value(kind: int, at: int, flat: Any, md: int) -> Any:
    """The table value at position ``at`` (for 4-bit tables: over the group's Manhattan ``md``)."""
    if kind != PERM_U4:
        return np.int64(flat[at])
    return md + 2 * ((np.int64(flat[at >> 1]) >> ((at & 1) << 2)) & 15)


@compiled
def _placement_run(
    st: Array,
    tiles_array: Array,
    goal_array: Array,
    moves_array: Array,
    prune_array: Array,
    flat_array: Array,
    groups_array: Array,
    tile_array: Array,
    dist_array: Array,
    transpose_array: Array,
    radix_array: Array,
    slot_at_array: Array,
    rslot_at_array: Array,
    reflect: bool,
    frame_array: Array,
) -> int:
    """Run (or resume) IDA* with tables indexed from group placements until found or a pause.

    Same loop as `_pdb_run`. Per group (row of ``groups``, `_GROUP_WIDTH`
    wide): lookup kind, entry position, value and Manhattan distance, on the
    board and on its reflection; ``tile[4 t .. 4 t + 3]``: tile t's group
    and slot, and its mirror's; ``radix[g * width + slot]``; ``slot_at``
    and ``rslot_at``: see `moved_rank`.

    Entering a node computes every child's table positions into its frame
    row and prefetches them: the 7-8 tables are 288 MB (1.15 GB zero-aware), nearly every entry
    read misses the caches, and issued together those misses overlap (on
    Korf's 100 with 7-8, about 15% less time than without).
    """
    # One of three copies of the IDA* loop (with `manhattan._manhattan_run` and `pdb._pdb_run`):
    # numba compiles no closures over arrays, so each heuristic's update is spelled out in its own.
    tiles = pointer(tiles_array)
    goal = pointer(goal_array)
    moves = pointer(moves_array)
    prune = pointer(prune_array)
    flat = pointer(flat_array)
    groups = pointer(groups_array)
    tile = pointer(tile_array)
    dist = pointer(dist_array)
    transpose = pointer(transpose_array)
    radix = pointer(radix_array)
    slot_at = pointer(slot_at_array)
    rslot_at = pointer(rslot_at_array)
    frame = pointer(frame_array)
    cells = tiles_array.shape[0]
    width = radix_array.shape[0] // (groups_array.shape[0] // _GROUP_WIDTH)
    cap = frame_array.shape[0] // FRAME_WIDTH
    d = st[DEPTH]
    enter = st[ENTER]
    expanded = st[EXPANDED]
    generated = st[GENERATED]
    check_at = st[CHECK_AT]
    bound = st[BOUND]
    row = d * FRAME_WIDTH
    b = frame[row + BLANK]
    prev = frame[row + PREV]
    seq = frame[row + SEQ]
    h = frame[row + H]
    rh = frame[row + RH]
    j = frame[row + NEXT]
    best = frame[row + BEST]
    code = DONE
    while True:
        if enter:
            enter = 0
            expanded += 1
            j = b * SLOTS
            best = INF
            row = d * FRAME_WIDTH
            k = 0
            while moves[j + k] >= 0:
                n = moves[j + k] >> 2
                if n != prev:
                    t = tiles[n]
                    g = tile[4 * t]
                    kind = groups[g * _GROUP_WIDTH + _KIND]
                    at = groups[g * _GROUP_WIDTH + _PAT] + moved_rank(
                        g, tile[4 * t + 1], n, b, kind, slot_at, radix, cells, width
                    )
                    frame[row + _CHILD_AT + k] = at
                    prefetch(flat, at >> 1 if kind == PERM_U4 else at)
                    if reflect:
                        g = tile[4 * t + 2]
                        kind = groups[g * _GROUP_WIDTH + _KIND]
                        at = groups[g * _GROUP_WIDTH + _PRAT] + moved_rank(
                            g,
                            tile[4 * t + 3],
                            transpose[n],
                            transpose[b],
                            kind,
                            rslot_at,
                            radix,
                            cells,
                            width,
                        )
                        frame[row + _CHILD_RAT + k] = at
                        prefetch(flat, at >> 1 if kind == PERM_U4 else at)
                k += 1
            if expanded >= check_at:  # after the children's positions, which a resume reads
                code = PAUSE
                break
        move = moves[j]
        if move >= 0:
            n = move >> 2
            slot = j
            j += 1
            if n == prev:
                continue
            nseq = prune[seq + (move & 3)]
            if nseq < 0:  # a duplicate move sequence (the engine's automaton)
                continue
            if d + 1 >= cap:
                j = slot
                code = GROW
                break
            generated += 1
            g1 = d + 1
            limit = bound - g1
            row = d * FRAME_WIDTH
            k = slot - b * SLOTS
            t = tiles[n]
            step = dist[t * cells + b] - dist[t * cells + n]
            grow = tile[4 * t] * _GROUP_WIDTH
            nmd = groups[grow + _PMD] + step
            at = frame[row + _CHILD_AT + k]
            v = _entry_value(groups[grow + _KIND], at, flat, nmd)
            nh = h - groups[grow + _PVAL] + v
            if nh > limit:
                if g1 + nh < best:
                    best = g1 + nh
                continue
            nrh = np.int64(0)
            if reflect:
                rgrow = tile[4 * t + 2] * _GROUP_WIDTH
                nrmd = groups[rgrow + _PRMD] + step
                rat = frame[row + _CHILD_RAT + k]
                rv = _entry_value(groups[rgrow + _KIND], rat, flat, nrmd)
                nrh = rh - groups[rgrow + _PRVAL] + rv
                if nrh > limit:
                    if g1 + nrh < best:
                        best = g1 + nrh
                    continue
                frame[row + _OLD_PRAT] = groups[rgrow + _PRAT]
                frame[row + _OLD_PRVAL] = groups[rgrow + _PRVAL]
                frame[row + _OLD_PRMD] = groups[rgrow + _PRMD]
                groups[rgrow + _PRAT] = rat
                groups[rgrow + _PRVAL] = rv
                groups[rgrow + _PRMD] = nrmd
                rg = tile[4 * t + 2]
                rslot_at[rg * cells + transpose[n]] = width - 1
                rslot_at[rg * cells + transpose[b]] = tile[4 * t + 3]
            tiles[b] = t
            tiles[n] = 0
            frame[row + PATH] = k
            if nh == 0 and nrh == 0 and at_goal(tiles, goal, cells):
                st[FOUND] = d + 1
                code = DONE
                break
            frame[row + _OLD_PAT] = groups[grow + _PAT]
            frame[row + _OLD_PVAL] = groups[grow + _PVAL]
            frame[row + _OLD_PMD] = groups[grow + _PMD]
            groups[grow + _PAT] = at
            groups[grow + _PVAL] = v
            groups[grow + _PMD] = nmd
            g = tile[4 * t]
            slot_at[g * cells + n] = width - 1
            slot_at[g * cells + b] = tile[4 * t + 1]
            frame[row + BLANK] = b
            frame[row + PREV] = prev
            frame[row + SEQ] = seq
            frame[row + H] = h
            frame[row + RH] = rh
            frame[row + NEXT] = j
            frame[row + BEST] = best
            d += 1
            prev = b
            b = n
            seq = nseq
            h = nh
            rh = nrh
            enter = 1
        else:
            result = best
            if d == 0:
                bound = result
                st[ITER] += 1
                enter = 1
                continue
            d -= 1
            row = d * FRAME_WIDTH
            n = b
            b = frame[row + BLANK]
            t = tiles[b]
            tiles[n] = t
            tiles[b] = 0
            grow = tile[4 * t] * _GROUP_WIDTH
            groups[grow + _PAT] = frame[row + _OLD_PAT]
            groups[grow + _PVAL] = frame[row + _OLD_PVAL]
            groups[grow + _PMD] = frame[row + _OLD_PMD]
            g = tile[4 * t]
            slot_at[g * cells + b] = width - 1
            slot_at[g * cells + n] = tile[4 * t + 1]
            if reflect:
                rgrow = tile[4 * t + 2] * _GROUP_WIDTH
                groups[rgrow + _PRAT] = frame[row + _OLD_PRAT]
                groups[rgrow + _PRVAL] = frame[row + _OLD_PRVAL]
                groups[rgrow + _PRMD] = frame[row + _OLD_PRMD]
                rg = tile[4 * t + 2]
                rslot_at[rg * cells + transpose[b]] = width - 1
                rslot_at[rg * cells + transpose[n]] = tile[4 * t + 3]
            prev = frame[row + PREV]
            seq = frame[row + SEQ]
            h = frame[row + H]
            rh = frame[row + RH]
            j = frame[row + NEXT]
            best = frame[row + BEST]
            if result < best:
                best = result
    row = d * FRAME_WIDTH
    frame[row + BLANK] = b
    frame[row + PREV] = prev
    frame[row + SEQ] = seq
    frame[row + H] = h
    frame[row + RH] = rh
    frame[row + NEXT] = j
    frame[row + BEST] = best
    st[DEPTH] = d
    st[ENTER] = enter
    st[EXPANDED] = expanded
    st[GENERATED] = generated
    st[BOUND] = bound
    return code


def kinds(db: PatternTables) -> list[int] | None:
    """Return the per-group lookup kinds of the placement kernel, or None if a table has no kernel.

    Digits or perm indices with `U8_MOVES` entries, perm indices with `U4_EXCESS` entries.
    """
    lookup = {(DIGITS, U8_MOVES): DIGITS_U8, (PERM, U8_MOVES): PERM_U8, (PERM, U4_EXCESS): PERM_U4}
    found = [lookup.get((encoding, db.entry)) for encoding in db.encodings]
    return None if None in found else [k for k in found if k is not None]


class _PlacementPlan:
    """What `_placement_run` needs of a database, whatever the start: built once per database."""

    def __init__(self, db: PatternTables, kinds: tuple[int, ...], order: Order) -> None:
        cells, cols = db.cells, db.cols
        self.db, self.kinds = db, kinds
        self.goal = np.array(db.goal, dtype=np.int64)
        self.flat, offset = flat_tables(db)
        self.offset = offset.tolist()
        spare = len(db.groups)  # the group of tiles outside every group: one zero entry
        self.width = max(len(g) for g in db.groups) + 1  # the last slot: "no tile" (radix 0)
        radix = np.zeros((spare + 1, self.width), dtype=np.int64)
        for g, group in enumerate(db.groups):
            k = len(group)
            for slot in range(k):
                radix[g, slot] = (
                    cells**slot
                    if kinds[g] == DIGITS_U8
                    else math.perm(cells - slot - 1, k - slot - 1)
                )
        self.radix = radix.ravel()
        tile = np.zeros((cells, 4), dtype=np.int64)
        tile[:, 0] = spare
        for g, group in enumerate(db.groups):
            for slot, t in enumerate(group):
                tile[t, :2] = g, slot
        tile[:, 2:] = tile[list(db.mirror), :2]
        self.tile = tile.ravel()
        self.transpose = np.array(db.transpose or range(cells), dtype=np.int64)
        self.dist = np.array(distance_table(db.rows, cols, db.goal), dtype=np.int64)
        self.reflect = bool(db.reflect)
        self.moves, self.letters = slot_moves(db.rows, cols, order)

    def place(self, where: list[int], groups: Array, at: int, value: int, md: int) -> Array:
        """Fill the ``at, value, md`` columns of ``groups`` for a placement; return its slot map.

        ``where[t]``: the cell of tile t.
        """
        cells = self.db.cells
        spare = len(self.db.groups)
        slot_at = np.full((spare + 1, cells), self.width - 1, dtype=np.int64)
        groups[spare, at] = self.offset[spare]
        for g, group in enumerate(self.db.groups):
            positions = [where[t] for t in group]
            slot_at[g, positions] = range(len(group))
            groups[g, md] = sum(int(self.dist[t * cells + c]) for t, c in zip(group, positions))
            if self.kinds[g] == DIGITS_U8:
                groups[g, at] = self.offset[g] + digits_index(positions, cells)
            elif self.kinds[g] == PERM_U8:
                groups[g, at] = self.offset[g] + perm_rank(positions, cells)
            else:
                groups[g, at] = 2 * self.offset[g] + perm_rank(positions, cells)
            groups[g, value] = _entry_value(self.kinds[g], groups[g, at], self.flat, groups[g, md])
        return slot_at.ravel()


def ida_pdb_placements(
    db: PatternTables, tiles: list[int], guard: Guard, order: Order = IDENTITY_ORDER
) -> EngineResult:
    """IDA* with tables indexed from each group's placement (any supported encoding).

    Each group keeps its index and a cell -> slot map; a move updates the
    index in O(1) on a row move and O(cols) on a column move (see
    `moved_rank`). It is the kernel for perm-ranked and 4-bit tables, and on
    digits tables it gives the same values, hence the same nodes, as the
    digits kernel.
    """
    lookups = kinds(db)
    if lookups is None:
        raise ValueError(f"no kernel for {db.encodings} tables with {db.entry} entries")
    if tiles == list(db.goal):
        guard.depth = 0
        return "", guard.snapshot(0, 0)
    layout = plan(db, _PlacementPlan, tuple(lookups), order)
    board = np.array(tiles, dtype=np.int64)
    groups = np.zeros((len(db.groups) + 1, _GROUP_WIDTH), dtype=np.int64)
    groups[:-1, _KIND] = lookups
    cell_of = [0] * db.cells
    rcell_of = [0] * db.cells
    for cell, t in enumerate(tiles):
        cell_of[t] = cell
        rcell_of[db.mirror[t]] = int(layout.transpose[cell])
    slot_at = layout.place(cell_of, groups, _PAT, _PVAL, _PMD)
    rslot_at = layout.place(rcell_of, groups, _PRAT, _PRVAL, _PRMD)
    if not layout.reflect:
        groups[:, _PRVAL] = 0
    h0, rh0 = int(groups[:, _PVAL].sum()), int(groups[:, _PRVAL].sum())
    frames = Frames(128)
    blank = tiles.index(0)
    frames.row(0)[[BLANK, PREV, SEQ, H, RH]] = blank, -1, start_state(blank), h0, rh0
    st = new_state(max(h0, rh0), guard)
    prune = pruning_array(db.rows, db.cols, order)

    def run() -> int:
        return int(
            _placement_run(
                st,
                board,
                layout.goal,
                layout.moves,
                prune,
                layout.flat,
                groups.ravel(),
                layout.tile,
                layout.dist,
                layout.transpose,
                layout.radix,
                slot_at,
                rslot_at,
                layout.reflect,
                frames.array,
            )
        )

    return drive(run, st, frames, guard, layout.letters)
