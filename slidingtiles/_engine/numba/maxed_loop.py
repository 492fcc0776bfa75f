"""The maxed kernel's loop: IDA* over the maxed lookups, one node at a time, compiled.

The search itself (`slidingtiles._engine.numba.maxed` describes it and holds
its resumable `Search`): the state vector shared with Python (`DEPTH` to
`CEIL`), the frame of a node (one row per depth: the ``F_`` columns, then per
child the ``C_`` ones), and `maxed_run`, which runs the loop until a pause,
a hand-over or the end, specialised for the two searches that matter.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numpy.typing import NDArray

from slidingtiles._engine.lookups import COLLECT, DONE, GROW, PAUSE, PERM_Z2, PERM_Z4
from slidingtiles._engine.numba.drive import at_goal
from slidingtiles._engine.numba.entries import (
    byte_address,
    entry_value,
    prefetch_byte,
    region_slot,
)
from slidingtiles._engine.numba.jit import compiled, inlined, pointer, prefetch
from slidingtiles._engine.numba.placement import moved_rank

__all__ = [
    "BEST_AT",
    "BEST_H",
    "BOUND",
    "CEIL",
    "CHECK_AT",
    "COLLECTED",
    "COLLECTS",
    "CUTOFF",
    "C_F",
    "C_SEQ",
    "C_SLOT",
    "DEN",
    "DEPTH",
    "ENTER",
    "EXPANDED",
    "FOUND",
    "F_BEST",
    "F_BLANK",
    "F_COUNT",
    "F_H",
    "F_NEXT",
    "F_ON_PV",
    "F_ORDER",
    "F_PATH",
    "F_PREV",
    "F_SEQ",
    "GENERATED",
    "INF",
    "ITER",
    "NEW_LEN",
    "NEXT_BOUND",
    "NUM",
    "PV_LEN",
    "SINGLE",
    "STATE_SIZE",
    "TIE_BITS",
    "frame_width",
    "maxed_run",
    "tie",
]

Array = NDArray[Any]
INF = np.int64(1) << 62
# A child's place in the order: (f << TIE_BITS) | tie, the tie from the lookups' sum of h and the
# moved tile's step (`tie`).
TIE_BITS = 20

# The state vector shared by Python and the kernel: depth of the node in hand, whether it is
# being entered, entered and generated nodes, entered count of the next pause, cost bound,
# iteration, length of the path found (-1: none), one iteration only, that iteration's least f
# above the bound, the depth whose nodes are handed over rather than entered (0: none), the
# automaton state of the node handed over; the length of the principal variation followed, and
# of the one being recorded, with the least h recorded; the nodes handed over so far, and before
# the node of the least h; the weight w = NUM / DEN (f = DEN * g + NUM * h, and the bound, the
# least f above it and BEST_H (as NUM * h) in those units) and the ceiling: only paths shorter
# than CEIL moves are searched.
DEPTH, ENTER, EXPANDED, GENERATED, CHECK_AT, BOUND, ITER, FOUND = range(8)
SINGLE, NEXT_BOUND, CUTOFF, COLLECTED, PV_LEN, NEW_LEN, BEST_H, COLLECTS, BEST_AT = range(8, 17)
NUM, DEN, CEIL = range(17, 20)
STATE_SIZE = 20
# Frame columns (one row per depth): blank cell, the cell it came from, duplicate-sequence
# state, next entry of the child order, least f above the bound, move slot taken to the child,
# children kept, whether the node lies on the principal variation; then the order (4 columns),
# the node's h per lookup (L columns), per child (4 blocks) its move slot, automaton state, f
# and per lookup the new entry position, value and Manhattan distance of the moved tile's
# group, and last what the move to the child replaced.
F_BLANK, F_PREV, F_SEQ, F_NEXT, F_BEST, F_PATH, F_COUNT, F_ON_PV = range(8)
F_ORDER = 8
F_H = 12
C_SLOT, C_SEQ, C_F = range(3)


@inlined
def frame_width(lookups: int) -> int:
    return F_H + lookups + 4 * (3 + 3 * lookups) + 3 * lookups


@inlined
def tie(hsum: Any, step: Any) -> Any:
    """How children of equal f are ordered: the least sum of h over the lookups first, then a
    tile stepping home (``step`` -1) before one stepping away (+1).

    The other lookups' values are a second opinion on the distance; Korf's 100
    with 7-8: 1,238,334 nodes instead of 1,275,297 (the sum alone: 1,244,625).
    """
    return hsum * 4 + step + 1


# -- the kernel -----------------------------------------------------------------------------


def maxed_run(
    st: Array,
    tiles_array: Array,
    goal_array: Array,
    moves_array: Array,
    prune_array: Array,
    lk_group_array: Array,
    lk_slot_array: Array,
    lk_cell_array: Array,
    kind_array: Array,
    base_array: Array,
    radix_array: Array,
    slot_at_array: Array,
    at_array: Array,
    val_array: Array,
    md_array: Array,
    dist_array: Array,
    lookups: int,
    width: int,
    frame_array: Array,
    pv_array: Array,
    new_pv_array: Array,
    occ_array: Array,
    label_array: Array,
    binom_array: Array,
) -> int:
    """`_maxed_loop`, compiled apart for the searches that matter: 4x4's 7-8, 5x5's tables.

    4x4's 7-8 and 5x5's 6-6-6-6 are one zero-aware database and its
    reflection (5x5's 6-6-6-6+6 two), so the number of lookups (2; 4), the
    cells (16, 25) and the table kind are constants there:
    the loops over the lookups unroll, the frame offsets fold, and the kind's
    branches and the multiplications by the cells go (measured: two lookups
    constant, Korf's 100 with 7-8 12 % less time, #38 and #40 of the
    24-puzzle 22 %; cells and kind constant too, another 5 % on Korf's 100
    and #25 and #44, the same nodes). Any other set of lookups runs the
    general loop. Each is its own compiled kernel (`_RUNS`),
    compiled on its first call: a search compiles the one loop it runs, not
    all (`_variant` picks it, compiled too: the kinds are read from arrays).
    """
    run = _RUNS[_variant(lookups, tiles_array.shape[0], kind_array, lk_group_array)]
    return run(
        st,
        tiles_array,
        goal_array,
        moves_array,
        prune_array,
        lk_group_array,
        lk_slot_array,
        lk_cell_array,
        kind_array,
        base_array,
        radix_array,
        slot_at_array,
        at_array,
        val_array,
        md_array,
        dist_array,
        lookups,
        width,
        frame_array,
        pv_array,
        new_pv_array,
        occ_array,
        label_array,
        binom_array,
    )


@compiled
def _variant(lookups: int, cells: int, kind_array: Array, lk_group_array: Array) -> int:
    """Which of `_RUNS` searches these lookups: 0 for 4x4's 7-8, 1 for 5x5's 6-6-6-6, 3 for
    5x5's set of two partitions (6-6-6-6+6), else 2."""
    common = kind_array[lk_group_array[1]]  # the tiles' one table kind, or -1 (the blank's
    for lk in range(lookups):  # spare instance aside)
        for t in range(1, cells):
            if kind_array[lk_group_array[lk * cells + t]] != common:
                common = -1
    if cells == 16 and common == PERM_Z4 and lookups == 2:
        return 0
    if cells == 25 and common == PERM_Z2:
        if lookups == 2:
            return 1
        if lookups == 4:
            return 3
    return 2


# One call each, the constants written out: numba folds a constant only where it is written at
# the call (measured when they were added: passed as variables they are not).
@compiled
def _run_4x4_zero(
    st: Array,
    tiles_array: Array,
    goal_array: Array,
    moves_array: Array,
    prune_array: Array,
    lk_group_array: Array,
    lk_slot_array: Array,
    lk_cell_array: Array,
    kind_array: Array,
    base_array: Array,
    radix_array: Array,
    slot_at_array: Array,
    at_array: Array,
    val_array: Array,
    md_array: Array,
    dist_array: Array,
    lookups: int,
    width: int,
    frame_array: Array,
    pv_array: Array,
    new_pv_array: Array,
    occ_array: Array,
    label_array: Array,
    binom_array: Array,
) -> int:
    """`_maxed_loop` for 4x4's 7-8: two lookups, 16 cells, zero-aware 4-bit tables."""
    return _maxed_loop(
        st,
        tiles_array,
        goal_array,
        moves_array,
        prune_array,
        lk_group_array,
        lk_slot_array,
        lk_cell_array,
        kind_array,
        base_array,
        radix_array,
        slot_at_array,
        at_array,
        val_array,
        md_array,
        dist_array,
        2,
        width,
        frame_array,
        pv_array,
        new_pv_array,
        occ_array,
        label_array,
        binom_array,
        16,
        PERM_Z4,
    )


@compiled
def _run_5x5_zero2(
    st: Array,
    tiles_array: Array,
    goal_array: Array,
    moves_array: Array,
    prune_array: Array,
    lk_group_array: Array,
    lk_slot_array: Array,
    lk_cell_array: Array,
    kind_array: Array,
    base_array: Array,
    radix_array: Array,
    slot_at_array: Array,
    at_array: Array,
    val_array: Array,
    md_array: Array,
    dist_array: Array,
    lookups: int,
    width: int,
    frame_array: Array,
    pv_array: Array,
    new_pv_array: Array,
    occ_array: Array,
    label_array: Array,
    binom_array: Array,
) -> int:
    """`_maxed_loop` for 5x5's 6-6-6-6: two lookups, 25 cells, two-slot zero-aware tables."""
    return _maxed_loop(
        st,
        tiles_array,
        goal_array,
        moves_array,
        prune_array,
        lk_group_array,
        lk_slot_array,
        lk_cell_array,
        kind_array,
        base_array,
        radix_array,
        slot_at_array,
        at_array,
        val_array,
        md_array,
        dist_array,
        2,
        width,
        frame_array,
        pv_array,
        new_pv_array,
        occ_array,
        label_array,
        binom_array,
        25,
        PERM_Z2,
    )


@compiled
def _run_5x5_set(
    st: Array,
    tiles_array: Array,
    goal_array: Array,
    moves_array: Array,
    prune_array: Array,
    lk_group_array: Array,
    lk_slot_array: Array,
    lk_cell_array: Array,
    kind_array: Array,
    base_array: Array,
    radix_array: Array,
    slot_at_array: Array,
    at_array: Array,
    val_array: Array,
    md_array: Array,
    dist_array: Array,
    lookups: int,
    width: int,
    frame_array: Array,
    pv_array: Array,
    new_pv_array: Array,
    occ_array: Array,
    label_array: Array,
    binom_array: Array,
) -> int:
    """`_maxed_loop` for 5x5's 6-6-6-6+6: four lookups, 25 cells, two-slot zero-aware tables."""
    return _maxed_loop(
        st,
        tiles_array,
        goal_array,
        moves_array,
        prune_array,
        lk_group_array,
        lk_slot_array,
        lk_cell_array,
        kind_array,
        base_array,
        radix_array,
        slot_at_array,
        at_array,
        val_array,
        md_array,
        dist_array,
        4,
        width,
        frame_array,
        pv_array,
        new_pv_array,
        occ_array,
        label_array,
        binom_array,
        25,
        PERM_Z2,
    )


@compiled
def _run_any(
    st: Array,
    tiles_array: Array,
    goal_array: Array,
    moves_array: Array,
    prune_array: Array,
    lk_group_array: Array,
    lk_slot_array: Array,
    lk_cell_array: Array,
    kind_array: Array,
    base_array: Array,
    radix_array: Array,
    slot_at_array: Array,
    at_array: Array,
    val_array: Array,
    md_array: Array,
    dist_array: Array,
    lookups: int,
    width: int,
    frame_array: Array,
    pv_array: Array,
    new_pv_array: Array,
    occ_array: Array,
    label_array: Array,
    binom_array: Array,
) -> int:
    """`_maxed_loop` for any other lookups (cells and kinds read at run time)."""
    return _maxed_loop(
        st,
        tiles_array,
        goal_array,
        moves_array,
        prune_array,
        lk_group_array,
        lk_slot_array,
        lk_cell_array,
        kind_array,
        base_array,
        radix_array,
        slot_at_array,
        at_array,
        val_array,
        md_array,
        dist_array,
        lookups,
        width,
        frame_array,
        pv_array,
        new_pv_array,
        occ_array,
        label_array,
        binom_array,
        tiles_array.shape[0],
        -1,
    )


# The compiled loops by `_variant`.
_RUNS = (_run_4x4_zero, _run_5x5_zero2, _run_any, _run_5x5_set)


@inlined
def _maxed_loop(
    st: Array,
    tiles_array: Array,
    goal_array: Array,
    moves_array: Array,
    prune_array: Array,
    lk_group_array: Array,
    lk_slot_array: Array,
    lk_cell_array: Array,
    kind_array: Array,
    base_array: Array,
    radix_array: Array,
    slot_at_array: Array,
    at_array: Array,
    val_array: Array,
    md_array: Array,
    dist_array: Array,
    lookups: int,
    width: int,
    frame_array: Array,
    pv_array: Array,
    new_pv_array: Array,
    occ_array: Array,
    label_array: Array,
    binom_array: Array,
    cells: int,
    one_kind: int,
) -> int:
    """Run (or resume) the search until found, a pause, or (``single``) the iteration's end.

    ``lk_group[l * cells + t]`` and ``lk_slot[...]``: the group (an index
    into ``kind``, ``base``, ``at``, ``val``, ``md``) and slot of tile t in
    lookup l; ``lk_cell[l * cells + c]``: cell c as lookup l sees it (c, or
    its transpose). ``radix`` and ``slot_at``: see `placement.moved_rank`.
    ``cells`` and ``one_kind`` (every table's kind, or -1 when they differ):
    literal constants in `maxed_run`'s specialised calls.
    """
    # Its own copy of the IDA* loop (see `pdb._pdb_run`): children are evaluated on entering a
    # node, for every lookup, and searched in order of f.
    tiles = pointer(tiles_array)
    goal = pointer(goal_array)
    moves = pointer(moves_array)
    prune = pointer(prune_array)
    lk_group = pointer(lk_group_array)
    lk_slot = pointer(lk_slot_array)
    lk_cell = pointer(lk_cell_array)
    kind = pointer(kind_array)
    base = pointer(base_array)
    radix = pointer(radix_array)
    slot_at = pointer(slot_at_array)
    at = pointer(at_array)
    val = pointer(val_array)
    md = pointer(md_array)
    dist = pointer(dist_array)
    frame = pointer(frame_array)
    pv = pointer(pv_array)
    new_pv = pointer(new_pv_array)
    occ = pointer(occ_array)
    label = pointer(label_array)
    binom = pointer(binom_array)
    by_rank = False if cells <= 16 else binom_array.shape[0] > 1  # labels by the mask's rank
    fw = frame_width(lookups)
    child0 = F_H + lookups
    cw = 3 + 3 * lookups
    old0 = child0 + 4 * cw
    cap = frame_array.shape[0] // fw
    d = st[DEPTH]
    enter = st[ENTER]
    expanded = st[EXPANDED]
    generated = st[GENERATED]
    check_at = st[CHECK_AT]
    bound = st[BOUND]
    single = st[SINGLE]
    cutoff = st[CUTOFF]
    num = st[NUM]
    den = st[DEN]
    ceil = st[CEIL]
    code = DONE
    while True:
        row = d * fw
        if enter:
            enter = 0
            expanded += 1
            b = frame[row + F_BLANK]
            prev = frame[row + F_PREV]
            seq = frame[row + F_SEQ]
            g1 = d + 1
            # a child is cut when den * g1 + num * h > bound, or g1 + h >= ceil
            limit = bound - den * g1 if num == 1 else (bound - den * g1) // num
            if ceil - 1 - g1 < limit:
                limit = ceil - 1 - g1
            best = INF
            high = np.int64(0)  # the largest h of a pruned child (a lower bound of it)
            count = 0
            j = b * 5
            while moves[j] >= 0:
                move = moves[j]
                slot = j - b * 5
                j += 1
                n = move >> 2
                if n == prev:
                    continue
                nseq = prune[seq + (move & 3)]
                if nseq < 0:  # a duplicate move sequence (the engine's automaton)
                    continue
                generated += 1
                # The child reads its automaton row when entered: fetch it now. The board-aware
                # automata span megabytes (5x5: 4.8); unfetched, the row cost as much time as
                # the pruning saved (docs/measurements/pruning.md).
                prefetch(prune, nseq)
                c = row + child0 + count * cw
                frame[c + C_SLOT] = slot
                frame[c + C_SEQ] = nseq
                t = tiles[n]
                for lk in range(lookups):  # locate every entry first, and prefetch it
                    gi = lk_group[lk * cells + t]
                    ln = lk_cell[lk * cells + n]
                    lb = lk_cell[lk * cells + b]
                    kg = kind[gi] if one_kind < 0 else one_kind
                    delta = moved_rank(
                        gi, lk_slot[lk * cells + t], ln, lb, kg, slot_at, radix, cells, width
                    )
                    if kg >= PERM_Z4:  # the blank's region among the moved group's cells
                        zs = 2 if kg == PERM_Z4 else 1
                        moved = occ[gi] ^ ((np.int64(1) << ln) | (np.int64(1) << lb))
                        lab = region_slot(kg, moved, ln, label, by_rank, binom)
                        a = (((at[gi] >> zs) + delta) << zs) | lab
                    else:
                        a = at[gi] + delta
                    frame[c + 3 + lk] = a
                    prefetch_byte(byte_address(kg, base[gi], a))
                count += 1
            kept = 0
            for i in range(count):
                c = row + child0 + i * cw
                n = moves[b * 5 + frame[c + C_SLOT]] >> 2
                t = tiles[n]
                step = dist[t * cells + b] - dist[t * cells + n]
                hmax = np.int64(0)
                hsum = np.int64(0)
                pruned = False
                for lk in range(lookups):
                    gi = lk_group[lk * cells + t]
                    a = frame[c + 3 + lk]
                    nmd = md[gi] + step
                    v = entry_value(kind[gi] if one_kind < 0 else one_kind, base[gi], a, nmd)
                    nh = frame[row + F_H + lk] - val[gi] + v
                    if nh > limit:
                        f = den * g1 + num * nh
                        if f < best and f > bound:  # not when only the ceiling cuts it
                            best = f
                        if nh > high:
                            high = nh
                        pruned = True
                        break
                    frame[c + 3 + lookups + lk] = v
                    frame[c + 3 + 2 * lookups + lk] = nmd
                    if nh > hmax:
                        hmax = nh
                    hsum += nh
                if pruned:
                    continue
                if hmax == 0:
                    tiles[b] = t
                    tiles[n] = 0
                    won = at_goal(tiles, goal, cells)
                    tiles[n] = t
                    tiles[b] = 0
                    if won:
                        frame[row + F_PATH] = frame[c + C_SLOT]
                        st[FOUND] = d + 1
                        code = DONE
                        break
                f = den * g1 + num * hmax
                key = (f << TIE_BITS) | tie(hsum, step)
                frame[c + C_F] = key
                # insert child i into the order, by f, then by the tie, then in move order
                k = kept
                while k > 0 and frame[row + child0 + frame[row + F_ORDER + k - 1] * cw + C_F] > key:
                    frame[row + F_ORDER + k] = frame[row + F_ORDER + k - 1]
                    k -= 1
                frame[row + F_ORDER + k] = i
                kept += 1
            if st[FOUND] >= 0:
                break
            if num * (high - 1) > bound - den * d:  # a child this far means the node is (BPMX)
                kept = 0
                if den * d + num * (high - 1) < best:
                    best = den * d + num * (high - 1)
            if frame[row + F_ON_PV] and d < st[PV_LEN]:  # the principal variation's move first
                for k in range(1, kept):
                    x = frame[row + F_ORDER + k]
                    if frame[row + child0 + x * cw + C_SLOT] == pv[d]:
                        while k > 0:
                            frame[row + F_ORDER + k] = frame[row + F_ORDER + k - 1]
                            k -= 1
                        frame[row + F_ORDER] = x
                        break
            frame[row + F_COUNT] = kept
            frame[row + F_NEXT] = 0
            frame[row + F_BEST] = best
            if expanded >= check_at:
                code = PAUSE
                break
        i = frame[row + F_NEXT]
        if i < frame[row + F_COUNT]:
            if d + 1 >= cap:
                code = GROW
                break
            frame[row + F_NEXT] = i + 1
            c = row + child0 + frame[row + F_ORDER + i] * cw
            b = frame[row + F_BLANK]
            slot = frame[c + C_SLOT]
            frame[row + F_PATH] = slot
            f = frame[c + C_F] >> TIE_BITS
            if f - den * (d + 1) < st[BEST_H]:  # the least h yet: record its path
                st[BEST_H] = f - den * (d + 1)
                st[BEST_AT] = st[COLLECTS]
                for r in range(d + 1):
                    new_pv[r] = frame[r * fw + F_PATH]
                st[NEW_LEN] = d + 1
            if d + 1 == cutoff:  # a subtree root for a worker: hand it over, do not enter
                st[COLLECTED] = frame[c + C_SEQ]
                st[COLLECTS] += 1
                code = COLLECT
                break
            n = moves[b * 5 + slot] >> 2
            t = tiles[n]
            tiles[b] = t
            tiles[n] = 0
            child = row + fw
            frame[child + F_ON_PV] = frame[row + F_ON_PV] and d < st[PV_LEN] and slot == pv[d]
            for lk in range(lookups):
                gi = lk_group[lk * cells + t]
                frame[row + old0 + lk] = at[gi]
                frame[row + old0 + lookups + lk] = val[gi]
                frame[row + old0 + 2 * lookups + lk] = md[gi]
                v = frame[c + 3 + lookups + lk]
                frame[child + F_H + lk] = frame[row + F_H + lk] - val[gi] + v
                at[gi] = frame[c + 3 + lk]
                val[gi] = v
                md[gi] = frame[c + 3 + 2 * lookups + lk]
                slot_at[gi * cells + lk_cell[lk * cells + n]] = width - 1
                slot_at[gi * cells + lk_cell[lk * cells + b]] = lk_slot[lk * cells + t]
                occ[gi] ^= (np.int64(1) << lk_cell[lk * cells + n]) | (
                    np.int64(1) << lk_cell[lk * cells + b]
                )
            frame[child + F_BLANK] = n
            frame[child + F_PREV] = b
            frame[child + F_SEQ] = frame[c + C_SEQ]
            d += 1
            enter = 1
            continue
        result = frame[row + F_BEST]
        if d == 0:
            if single:
                st[NEXT_BOUND] = result
                code = DONE
                break
            if result >= INF:  # the ceiling cut every path: none is shorter
                code = DONE
                break
            bound = result
            st[ITER] += 1
            enter = 1
            for r in range(st[NEW_LEN]):  # the next iteration follows this one's best path first
                pv[r] = new_pv[r]
            st[PV_LEN] = st[NEW_LEN]
            st[NEW_LEN] = 0
            st[BEST_H] = INF
            continue
        n = frame[row + F_BLANK]
        d -= 1
        row = d * fw
        b = frame[row + F_BLANK]
        t = tiles[b]
        tiles[n] = t
        tiles[b] = 0
        for lk in range(lookups):
            gi = lk_group[lk * cells + t]
            at[gi] = frame[row + old0 + lk]
            val[gi] = frame[row + old0 + lookups + lk]
            md[gi] = frame[row + old0 + 2 * lookups + lk]
            slot_at[gi * cells + lk_cell[lk * cells + b]] = width - 1
            slot_at[gi * cells + lk_cell[lk * cells + n]] = lk_slot[lk * cells + t]
            occ[gi] ^= (np.int64(1) << lk_cell[lk * cells + n]) | (
                np.int64(1) << lk_cell[lk * cells + b]
            )
        if result < frame[row + F_BEST]:
            frame[row + F_BEST] = result
    st[DEPTH] = d
    st[ENTER] = enter
    st[EXPANDED] = expanded
    st[GENERATED] = generated
    st[BOUND] = bound
    return code
