"""IDA* with additive pattern tables, maxed with the reflection: the numba kernels' entry point.

>>> from slidingtiles.pdb import PatternDatabase
>>> from slidingtiles.search import Guard
>>> guard = Guard("idastar", max_nodes=None, time_limit=None, max_memory=None, progress=None,
...               progress_every=1 << 14, state_bytes=0, time_stride=1 << 14)
>>> db = PatternDatabase.build(2, 3, (0, 1, 2, 3, 4, 5), groups=[(1, 2), (3, 4, 5)])
>>> supports_pdb(db), ida_pdb(db, [1, 0, 2, 3, 4, 5], guard)[0]
(True, 'L')

Digits tables (``u8-moves``) are searched here: `slidingtiles._engine.python.pdb`
as an explicit-stack search that pauses and resumes (`drive`), with the same
tree, node counts and moves. Each group's digits index changes by
``(to - from) * cells**slot`` for the moving tile, precomputed per move slot
and tile, so a child's entry is one load away. Perm-ranked and 4-bit tables,
which the pure-Python kernels do not search, go to
`slidingtiles._engine.numba.placement`.
"""

from __future__ import annotations

import numpy as np

from slidingtiles._engine.indexing import DIGITS, U8_MOVES
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
    narrow,
    new_state,
    plan,
    pruning_array,
    slot_moves,
)
from slidingtiles._engine.numba.jit import compiled, pointer, prefetch
from slidingtiles._engine.numba.placement import ida_pdb_placements, kinds
from slidingtiles._engine.pruning import start_state
from slidingtiles._engine.tables import IDENTITY_ORDER, EngineResult, Order, PatternTables
from slidingtiles.search import Guard

__all__ = ["ida_pdb", "supports_pdb"]

# Frame columns of the digits kernel after the common first eight (`drive.BLANK` .. `drive.PATH`):
# what the move to the child changed: group, flat-table position and value of its entry; the
# same on the reflection.
_GRP, _OLD_AT, _OLD_V, _RGRP, _OLD_RAT, _OLD_RV = range(8, 14)
# Columns of the digits kernel's per-group state: where in ``flat`` the group's current entry
# is, and its value; the same for the reflected board.
_AT, _VAL, _RAT, _RVAL = range(4)


def ida_pdb(
    db: PatternTables, tiles: list[int], guard: Guard, order: Order = IDENTITY_ORDER
) -> EngineResult:
    """IDA* with additive tables, maxed with the reflection: the numba kernel.

    Digits tables: same contract (``order`` too), statistics and errors as the
    pure-Python kernel. Perm-ranked and 4-bit tables (which the pure-Python
    engine does not search) go to `ida_pdb_placements`.
    """
    if db.entry != U8_MOVES or any(e != DIGITS for e in db.encodings):
        return ida_pdb_placements(db, tiles, guard, order)
    if tiles == list(db.goal):
        guard.depth = 0
        return "", guard.snapshot(0, 0)
    layout = plan(db, _DigitsPlan, order)
    board = np.array(tiles, dtype=np.int64)
    cur, h0, rh0 = layout.groups_at(tiles)
    frames = Frames(128)
    blank = tiles.index(0)
    root = frames.array  # depth 0's row: plain stores (a fancy index costs more than a search)
    root[BLANK], root[PREV], root[SEQ], root[H], root[RH] = blank, -1, start_state(blank), h0, rh0
    st = new_state(max(h0, rh0), guard)
    prune = pruning_array(db.rows, db.cols, order)

    def run() -> int:
        return int(
            _pdb_run(
                st,
                board,
                layout.goal,
                layout.moves,
                prune,
                layout.steps,
                layout.group_bits,
                layout.flat,
                cur,
                layout.reflect,
                frames.array,
            )
        )

    return drive(run, st, frames, guard, layout.letters)


def supports_pdb(db: PatternTables) -> bool:
    """Return whether `ida_pdb` can search with this database.

    Digits tables, and perm-ranked tables with `U8_MOVES` or `U4_EXCESS`
    entries (the 7-8 partition of 4x4). The dispatcher walks perfect tables
    in Python whatever their encoding.
    """
    return kinds(db) is not None


class _DigitsPlan:
    """What `_pdb_run` needs of a digits database, whatever the start: built once per database."""

    def __init__(self, db: PatternTables, order: Order) -> None:
        cells = db.cells
        self.goal = np.array(db.goal, dtype=np.int64)
        self.flat, offset = flat_tables(db)
        self.entries = memoryview(self.flat.data)  # one entry read from Python without numpy
        self.offset = offset.tolist()
        spare = len(db.groups)  # the group of tiles outside every group: one zero entry
        self.group_of = [spare] * cells
        self.weight = [0] * cells
        for g, group in enumerate(db.groups):
            for slot, t in enumerate(group):
                self.group_of[t], self.weight[t] = g, cells**slot
        self.transpose = list(db.transpose or range(cells))
        self.rgroup_of = [self.group_of[t] for t in db.mirror]
        self.rweight = [self.weight[t] for t in db.mirror]
        self.reflect = bool(db.reflect)
        self.moves, self.letters = slot_moves(db.rows, db.cols, order)
        self.group_bits = spare.bit_length()
        group_of, weight = np.array(self.group_of), np.array(self.weight)
        rgroup_of, rweight = np.array(self.rgroup_of), np.array(self.rweight)
        steps = np.zeros((cells * SLOTS, cells, 2), dtype=np.int64)
        for j, move in enumerate(self.moves.tolist()):
            if move >= 0:
                b, n = j // SLOTS, move >> 2
                steps[j, :, 0] = ((b - n) * weight << self.group_bits) | group_of
                rdelta = self.transpose[b] - self.transpose[n]
                steps[j, :, 1] = (rdelta * rweight << self.group_bits) | rgroup_of
        self.steps = narrow(steps.ravel())

    def groups_at(self, tiles: list[int]) -> tuple[Array, int, int]:
        """The per-group state (`_AT` .. `_RVAL` columns) of a board, flattened, and its h and
        reflected h (in Python: numpy's per-call cost is more than the 16 cells')."""
        at = list(self.offset)
        rat = list(self.offset)
        group_of, weight, transpose = self.group_of, self.weight, self.transpose
        rgroup_of, rweight = self.rgroup_of, self.rweight
        for cell, t in enumerate(tiles):
            at[group_of[t]] += cell * weight[t]
            rat[rgroup_of[t]] += transpose[cell] * rweight[t]
        flat = self.entries
        values = [flat[i] for i in at]
        rvalues = [flat[i] for i in rat] if self.reflect else [0] * len(rat)
        columns = zip(at, values, rat, rvalues)  # the `_AT`, `_VAL`, `_RAT`, `_RVAL` columns
        cur = np.array([x for row in columns for x in row], dtype=np.int64)
        return cur, sum(values), sum(rvalues)


@compiled
def _pdb_run(
    st: Array,
    tiles_array: Array,
    goal_array: Array,
    moves_array: Array,
    prune_array: Array,
    steps_array: Array,
    group_bits: int,
    flat_array: Array,
    cur_array: Array,
    reflect: bool,
    frame_array: Array,
) -> int:
    """Run (or resume) IDA* with additive digits tables until found or a pause.

    The node being expanded lives in local variables; ``frame`` rows hold
    its ancestors (and the node itself across a pause). Move slot
    ``j = blank * SLOTS + k``: ``moves[j]`` is the blank's k-th move as
    ``cell * 4 + letter code``, or -1 after the last; ``steps[(j * cells +
    t) * 2]`` is, shifted left by ``group_bits`` plus the group, the change
    of the flat-table position of the entry of the group of tile t when t
    slides into the blank (``+ 1``: on the reflection), so a child's entry
    is a single load away.

    Every array is read through a raw pointer (`pointer`). A parent's h and
    reflected h are not saved but restored from the entries saved for undoing
    the move. (Prefetching the children's entries on entering a node, as
    `placement._placement_run` does, measured no faster here: most entries of these
    tables' hot part are in cache.)
    """
    # One of three copies of the IDA* loop (with `manhattan._manhattan_run` and
    # `placement._placement_run`): numba compiles no closures over arrays, so each
    # heuristic's update is spelled out in its own.
    tiles = pointer(tiles_array)
    goal = pointer(goal_array)
    moves = pointer(moves_array)
    prune = pointer(prune_array)
    steps = pointer(steps_array)
    flat = pointer(flat_array)
    cur = pointer(cur_array)
    frame = pointer(frame_array)
    cells = tiles_array.shape[0]
    cap = frame_array.shape[0] // FRAME_WIDTH
    group_mask = (1 << group_bits) - 1
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
            if expanded >= check_at:
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
            prefetch(prune, nseq)  # the child's row, fetched while its table entries are read
            if d + 1 >= cap:
                j = slot
                code = GROW
                break
            generated += 1
            g1 = d + 1
            limit = bound - g1
            t = tiles[n]
            step = steps[(slot * cells + t) * 2]
            grp = (step & group_mask) * 4
            at = cur[grp + _AT] + (step >> group_bits)
            v = np.int64(flat[at])
            nh = h - cur[grp + _VAL] + v
            if nh > limit:
                if g1 + nh < best:
                    best = g1 + nh
                continue
            nrh = np.int64(0)
            row = d * FRAME_WIDTH
            if reflect:
                step = steps[(slot * cells + t) * 2 + 1]
                rgrp = (step & group_mask) * 4
                rat = cur[rgrp + _RAT] + (step >> group_bits)
                rv = np.int64(flat[rat])
                nrh = rh - cur[rgrp + _RVAL] + rv
                if nrh > limit:
                    if g1 + nrh < best:
                        best = g1 + nrh
                    continue
                frame[row + _RGRP] = rgrp
                frame[row + _OLD_RAT] = cur[rgrp + _RAT]
                frame[row + _OLD_RV] = cur[rgrp + _RVAL]
                cur[rgrp + _RAT] = rat
                cur[rgrp + _RVAL] = rv
            tiles[b] = t
            tiles[n] = 0
            frame[row + PATH] = slot - b * SLOTS
            if nh == 0 and nrh == 0 and at_goal(tiles, goal, cells):
                st[FOUND] = d + 1
                code = DONE
                break
            frame[row + _GRP] = grp
            frame[row + _OLD_AT] = cur[grp + _AT]
            frame[row + _OLD_V] = cur[grp + _VAL]
            cur[grp + _AT] = at
            cur[grp + _VAL] = v
            frame[row + BLANK] = b  # (h and rh are restored from the saved values)
            frame[row + PREV] = prev
            frame[row + SEQ] = seq
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
            b = prev
            tiles[n] = tiles[b]
            tiles[b] = 0
            grp = frame[row + _GRP]
            h += frame[row + _OLD_V] - cur[grp + _VAL]
            cur[grp + _AT] = frame[row + _OLD_AT]
            cur[grp + _VAL] = frame[row + _OLD_V]
            if reflect:
                rgrp = frame[row + _RGRP]
                rh += frame[row + _OLD_RV] - cur[rgrp + _RVAL]
                cur[rgrp + _RAT] = frame[row + _OLD_RAT]
                cur[rgrp + _RVAL] = frame[row + _OLD_RV]
            prev = frame[row + PREV]
            seq = frame[row + SEQ]
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
