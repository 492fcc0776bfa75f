"""IDA* with several additive partitions maxed, each with its reflection: numba.

>>> from slidingtiles.pdb import PatternDatabase
>>> from slidingtiles.search._limits import Guard
>>> guard = Guard("idastar", max_nodes=None, time_limit=None, max_memory=None, progress=None,
...               progress_every=1 << 14, state_bytes=0, time_stride=1 << 14)
>>> goal = (0, 1, 2, 3, 4, 5)
>>> a = PatternDatabase.build(2, 3, goal, groups=[(1, 2), (3, 4, 5)])
>>> b = PatternDatabase.build(2, 3, goal, groups=[(1, 4), (2, 3, 5)])
>>> ida_maxed([a, b], [1, 0, 2, 3, 4, 5], guard)[0]
'L'

The kernel of perm-ranked tables: the 24-puzzle's, 4x4's 7-8 and the
rectangles' (`slidingtiles._engine.python.maxed` is its pure-Python mirror:
same nodes, same moves). A *lookup* is one partition's sum of group values,
on the board or, when the partition's tables reflect, on the board mirrored
about the main diagonal; the heuristic is the maximum over all lookups, so
several partitions of the same tiles (and their reflections) give an
admissible value at least as large as each alone.

On entering a node every child is evaluated at once: each lookup's group
entry of the moved tile is located (the perm rank changes in O(1) on a row
move, O(cols) on a column move: `placement._moved_rank`) and prefetched, then
the lookups are read in order until one prunes the child. A zero-aware table
(4x4's 7-8, 5x5's 6-6-6-6) holds a value per region of the blank among its
group's free cells: the entry's slot is the region's label, read from
`label_tables` (by the group's occupied cells, ``occ``, kept per group); a
move changes only the moved tile's group, so only its region is looked up.
Then:

* a child whose h less one exceeds the node's own room below the bound
  prunes the node (bidirectional pathmax, Felner et al. 2005: the tables'
  values, least costs over blank regions, are not consistent);
* the surviving children are searched in increasing ``f``; ties go to the
  least sum of h over the lookups, then to a tile stepping home, then to
  move order (up, down, left, right in the caller's directions);
* the move of the previous iteration's best path (to the first node of
  least h it entered: the principal variation of Reinefeld & Marsland 1994)
  goes first where the node lies on that path.

Every iteration but the last visits the same nodes in any order (two thirds
of Korf's 100 with 7-8); the last tends to meet the goal sooner (with the
plain 7-8 tables: 2.2 million nodes against 3.0 million in f order alone and
3.2 million in move order; with the zero-aware ones the ties' order saves 3 %).

Tables are read through the addresses of their buffers (`load_byte`), one
per group, so several databases need no common buffer. The search can also
run one iteration of one subtree (``single``) and hand the nodes of a given
depth back to the caller (``cutoff``), which is how `slidingtiles._solve.parallel`
splits a search between workers.
"""

from __future__ import annotations

import ctypes
import functools
import itertools
import math
from collections.abc import Sequence
from typing import Any

import numpy as np
from numpy.typing import NDArray

from slidingtiles._board.geometry import LETTERS
from slidingtiles._engine.lookups import (
    COLLECT,
    DIGITS_U8,
    DONE,
    GROW,
    PAUSE,
    PERM_U4,
    PERM_Z2,
    PERM_Z4,
    LookupPlan,
    MaxedSearch,
    supports_lookups,
)
from slidingtiles._engine.numba.drive import at_goal, plan, pruning_array, slot_moves
from slidingtiles._engine.numba.frontier import flood, region_label
from slidingtiles._engine.numba.jit import NUMBA, compiled, inlined, pointer, popcount
from slidingtiles._engine.numba.placement import _moved_rank
from slidingtiles._engine.tables import IDENTITY_ORDER, EngineResult, Order, PatternTables
from slidingtiles.search import SearchStats
from slidingtiles.search._limits import Guard

__all__ = [
    "COLLECT",
    "DONE",
    "PAUSE",
    "MaxedPlan",
    "Search",
    "ida_maxed",
    "load_byte",
    "maxed_attach",
    "maxed_plan",
    "maxed_search",
    "prefetch_byte",
    "supports_lookups",
    "weighted_maxed",
]

Array = NDArray[Any]

_INF = np.int64(1) << 62
# A child's place in the order: (f << _TIE_BITS) | tie, the tie from the lookups' sum of h and the
# moved tile's step (`_tie`).
_TIE_BITS = 20

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
_STATE_SIZE = 20
# Frame columns (one row per depth): blank cell, the cell it came from, duplicate-sequence
# state, next entry of the child order, least f above the bound, move slot taken to the child,
# children kept, whether the node lies on the principal variation; then the order (4 columns),
# the node's h per lookup (L columns), per child (4 blocks) its move slot, automaton state, f
# and per lookup the new entry position, value and Manhattan distance of the moved tile's
# group, and last what the move to the child replaced.
_BLANK, _PREV, _SEQ, _NEXT, _BEST, _PATH, _COUNT, _ON_PV = range(8)
_ORDER = 8
_H = 12
_C_SLOT, _C_SEQ, _C_F = range(3)


@inlined
def _width(lookups: int) -> int:
    return _H + lookups + 4 * (3 + 3 * lookups) + 3 * lookups


# -- reading tables by address ----------------------------------------------------------------


def _load_byte_python(address: int) -> int:  # pragma: no cover - only without numba
    return int(ctypes.c_uint8.from_address(address).value)


def _prefetch_python(address: int) -> None:  # pragma: no cover - only without numba
    return None


def _load_address_intrinsics() -> tuple[Any, Any]:
    """``load_byte(address)`` and ``prefetch_byte(address)``: numba intrinsics on raw addresses.

    A kernel reading several databases gets one address per group table
    (`MaxedPlan.base`) instead of one buffer for all: no copy of hundreds of
    megabytes. The plan keeps every buffer alive while the kernel runs.
    """
    if not NUMBA:  # pragma: no cover
        return _load_byte_python, _prefetch_python
    import importlib

    extending = importlib.import_module("numba.extending")
    types = importlib.import_module("numba.core.types")
    ir = importlib.import_module("llvmlite.ir")
    i8p = ir.IntType(8).as_pointer()

    def load_typer(typingctx: Any, address: Any) -> Any:
        def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
            pointer = builder.inttoptr(args[0], i8p)
            return builder.load(pointer)

        return types.uint8(types.int64), codegen

    def prefetch_typer(typingctx: Any, address: Any) -> Any:
        def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
            pointer = builder.inttoptr(args[0], i8p)
            i32 = ir.IntType(32)
            function_type = ir.FunctionType(ir.VoidType(), [i8p, i32, i32, i32])
            function = builder.module.declare_intrinsic("llvm.prefetch", [i8p], function_type)
            builder.call(function, [pointer, i32(0), i32(3), i32(1)])
            return context.get_dummy_value()

        return types.none(types.int64), codegen

    return extending.intrinsic(load_typer), extending.intrinsic(prefetch_typer)


load_byte, prefetch_byte = _load_address_intrinsics()


@inlined
def _byte_address(kind: int, base: int, at: int) -> int:
    """The address of the byte holding entry ``at`` of a group table."""
    return base + (at >> 1) if kind >= PERM_U4 else base + at


@inlined
def _value(kind: int, base: int, at: int, md: int) -> Any:
    """Entry ``at`` of a group table: a byte, or Manhattan + twice the 4-bit excess."""
    if kind >= PERM_U4:
        return md + 2 * ((np.int64(load_byte(base + (at >> 1))) >> ((at & 1) << 2)) & 15)
    return np.int64(load_byte(base + at))


@inlined
def _mask_index(mask: Any, by_rank: bool, binom: Any) -> Any:
    """A label table's row: the mask itself, or (above 16 cells) its combination rank.

    The rank in colexicographic order, sum of C(c_i, i + 1) over the set
    cells c_0 < c_1 < ... (``binom[c * 8 + j]`` = C(c, j)).
    """
    if not by_rank:
        return mask
    rank = np.int64(0)
    i = 1
    while mask:
        low = mask & -mask
        rank += binom[popcount(low - 1) * 8 + i]
        mask ^= low
        i += 1
    return rank


@inlined
def _region_slot(kind: int, mask: Any, cell: Any, label: Any, by_rank: bool, binom: Any) -> Any:
    """The slot of a zero-aware entry: the label of the blank's region (on ``cell``) among the
    cells ``mask`` leaves free, the last slot shared by the later regions."""
    lab = (np.int64(label[_mask_index(mask, by_rank, binom)]) >> (2 * cell)) & 3
    last = 3 if kind == PERM_Z4 else 1
    return last if lab > last else lab


@inlined
def _tie(hsum: Any, step: Any) -> Any:
    """How children of equal f are ordered: the least sum of h over the lookups first, then a
    tile stepping home (``step`` -1) before one stepping away (+1).

    The other lookups' values are a second opinion on the distance; Korf's 100
    with 7-8: 1,238,334 nodes instead of 1,275,297 (the sum alone: 1,244,625).
    """
    return hsum * 4 + step + 1


@compiled
def _place(
    tiles: Array, lk_group: Array, lk_slot: Array, lk_cell: Array, kind: Array, base: Array,
    radix: Array, dist: Array, size: Array, lookup_of: Array, width: int, label: Array,
    binom: Array, slot_at: Array, at: Array, val: Array, md: Array, occ: Array, hs: Array,
) -> None:  # fmt: skip
    """Fill ``slot_at, at, val, md, occ`` per group instance and ``hs`` per lookup for a board.

    `LookupPlan.place` compiled (the arrays start as ``width - 1`` and zeros):
    15 us a search in Python, which Korf's 100 pays 100 times.
    """
    cells = tiles.shape[0]
    lookups = hs.shape[0]
    groups = kind.shape[0]
    by_rank = binom.shape[0] > 1
    pos = np.zeros(groups * width, dtype=np.int64)
    blank = 0
    for c in range(cells):
        t = tiles[c]
        if t == 0:
            blank = c
            continue
        for lk in range(lookups):
            gi = lk_group[lk * cells + t]
            if size[gi] == 0:  # the spare instance: tiles outside every group
                continue
            p = lk_cell[lk * cells + c]
            s = lk_slot[lk * cells + t]
            slot_at[gi * cells + p] = s
            occ[gi] |= np.int64(1) << p
            pos[gi * width + s] = p
            md[gi] += dist[t * cells + c]
    for gi in range(groups):
        k = size[gi]
        if k == 0:
            continue
        rank: Any = np.int64(0)
        used = np.int64(0)
        for i in range(k):
            p = pos[gi * width + i]
            if kind[gi] == DIGITS_U8:
                rank += p * radix[gi * width + i]
            else:
                below = popcount(used & ((np.int64(1) << p) - 1))
                rank += (p - below) * radix[gi * width + i]
                used |= np.int64(1) << p
        if kind[gi] >= PERM_Z4:  # zero-aware: the blank's region among the group's free cells
            zs = 2 if kind[gi] == PERM_Z4 else 1
            lb = lk_cell[lookup_of[gi] * cells + blank]
            rank = (rank << zs) | _region_slot(kind[gi], occ[gi], lb, label, by_rank, binom)
        at[gi] = rank
        val[gi] = _value(kind[gi], base[gi], rank, md[gi])
        hs[lookup_of[gi]] += val[gi]


# -- the kernel -----------------------------------------------------------------------------


@compiled
def _maxed_run(
    st: Array, tiles_array: Array, goal_array: Array, moves_array: Array, prune_array: Array,
    lk_group_array: Array, lk_slot_array: Array, lk_cell_array: Array, kind_array: Array,
    base_array: Array, radix_array: Array, slot_at_array: Array, at_array: Array,
    val_array: Array, md_array: Array, dist_array: Array, lookups: int, width: int,
    frame_array: Array, pv_array: Array, new_pv_array: Array, occ_array: Array,
    label_array: Array, binom_array: Array,
) -> int:  # fmt: skip
    """`_maxed_loop`, compiled apart for the two searches that matter: 4x4's 7-8 and 5x5's 6-6-6-6.

    Each is one zero-aware database and its reflection, so the number of
    lookups (2), the cells (16, 25) and the table kind are constants there:
    the loops over the lookups unroll, the frame offsets fold, and the kind's
    branches and the multiplications by the cells go (measured: two lookups
    constant, Korf's 100 with 7-8 12 % less time, #38 and #40 of the
    24-puzzle 22 %; cells and kind constant too, another 5 % on Korf's 100
    and #25 and #44, the same nodes). Any other set of lookups runs the
    general loop. The price is compiling the loop three times: 11 s instead
    of 6 s, once, before the disk cache has it.
    """
    cells = tiles_array.shape[0]
    if lookups == 2:
        common = kind_array[lk_group_array[1]]  # the tiles' one table kind, or -1 (the blank's
        for k in range(1, 2 * cells):  # spare instance aside)
            if k != cells and kind_array[lk_group_array[k]] != common:
                common = -1
        # One call each, the constants written out: numba folds a constant only where it is
        # written at the call (measured when they were added: passed as variables they are not).
        if cells == 16 and common == PERM_Z4:  # 4x4's 7-8
            return _maxed_loop(
                st, tiles_array, goal_array, moves_array, prune_array, lk_group_array,
                lk_slot_array, lk_cell_array, kind_array, base_array, radix_array, slot_at_array,
                at_array, val_array, md_array, dist_array, 2, width, frame_array, pv_array,
                new_pv_array, occ_array, label_array, binom_array, 16, PERM_Z4,
            )  # fmt: skip
        if cells == 25 and common == PERM_Z2:  # 5x5's 6-6-6-6
            return _maxed_loop(
                st, tiles_array, goal_array, moves_array, prune_array, lk_group_array,
                lk_slot_array, lk_cell_array, kind_array, base_array, radix_array, slot_at_array,
                at_array, val_array, md_array, dist_array, 2, width, frame_array, pv_array,
                new_pv_array, occ_array, label_array, binom_array, 25, PERM_Z2,
            )  # fmt: skip
    return _maxed_loop(
        st, tiles_array, goal_array, moves_array, prune_array, lk_group_array, lk_slot_array,
        lk_cell_array, kind_array, base_array, radix_array, slot_at_array, at_array,
        val_array, md_array, dist_array, lookups, width, frame_array, pv_array, new_pv_array,
        occ_array, label_array, binom_array, cells, -1,
    )  # fmt: skip


@inlined
def _maxed_loop(
    st: Array, tiles_array: Array, goal_array: Array, moves_array: Array, prune_array: Array,
    lk_group_array: Array, lk_slot_array: Array, lk_cell_array: Array, kind_array: Array,
    base_array: Array, radix_array: Array, slot_at_array: Array, at_array: Array,
    val_array: Array, md_array: Array, dist_array: Array, lookups: int, width: int,
    frame_array: Array, pv_array: Array, new_pv_array: Array, occ_array: Array,
    label_array: Array, binom_array: Array, cells: int, one_kind: int,
) -> int:  # fmt: skip
    """Run (or resume) the search until found, a pause, or (``single``) the iteration's end.

    ``lk_group[l * cells + t]`` and ``lk_slot[...]``: the group (an index
    into ``kind``, ``base``, ``at``, ``val``, ``md``) and slot of tile t in
    lookup l; ``lk_cell[l * cells + c]``: cell c as lookup l sees it (c, or
    its transpose). ``radix`` and ``slot_at``: see `placement._moved_rank`.
    ``cells`` and ``one_kind`` (every table's kind, or -1 when they differ):
    literal constants in `_maxed_run`'s specialised calls.
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
    fw = _width(lookups)
    child0 = _H + lookups
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
            b = frame[row + _BLANK]
            prev = frame[row + _PREV]
            seq = frame[row + _SEQ]
            g1 = d + 1
            # a child is cut when den * g1 + num * h > bound, or g1 + h >= ceil
            limit = bound - den * g1 if num == 1 else (bound - den * g1) // num
            if ceil - 1 - g1 < limit:
                limit = ceil - 1 - g1
            best = _INF
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
                c = row + child0 + count * cw
                frame[c + _C_SLOT] = slot
                frame[c + _C_SEQ] = nseq
                t = tiles[n]
                for lk in range(lookups):  # locate every entry first, and prefetch it
                    gi = lk_group[lk * cells + t]
                    ln = lk_cell[lk * cells + n]
                    lb = lk_cell[lk * cells + b]
                    kg = kind[gi] if one_kind < 0 else one_kind
                    delta = _moved_rank(
                        gi, lk_slot[lk * cells + t], ln, lb, kg, slot_at, radix, cells, width
                    )
                    if kg >= PERM_Z4:  # the blank's region among the moved group's cells
                        zs = 2 if kg == PERM_Z4 else 1
                        moved = occ[gi] ^ ((np.int64(1) << ln) | (np.int64(1) << lb))
                        lab = _region_slot(kg, moved, ln, label, by_rank, binom)
                        a = (((at[gi] >> zs) + delta) << zs) | lab
                    else:
                        a = at[gi] + delta
                    frame[c + 3 + lk] = a
                    prefetch_byte(_byte_address(kg, base[gi], a))
                count += 1
            kept = 0
            for i in range(count):
                c = row + child0 + i * cw
                n = moves[b * 5 + frame[c + _C_SLOT]] >> 2
                t = tiles[n]
                step = dist[t * cells + b] - dist[t * cells + n]
                hmax = np.int64(0)
                hsum = np.int64(0)
                pruned = False
                for lk in range(lookups):
                    gi = lk_group[lk * cells + t]
                    a = frame[c + 3 + lk]
                    nmd = md[gi] + step
                    v = _value(kind[gi] if one_kind < 0 else one_kind, base[gi], a, nmd)
                    nh = frame[row + _H + lk] - val[gi] + v
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
                        frame[row + _PATH] = frame[c + _C_SLOT]
                        st[FOUND] = d + 1
                        code = DONE
                        break
                f = den * g1 + num * hmax
                key = (f << _TIE_BITS) | _tie(hsum, step)
                frame[c + _C_F] = key
                # insert child i into the order, by f, then by the tie, then in move order
                k = kept
                while k > 0 and frame[row + child0 + frame[row + _ORDER + k - 1] * cw + _C_F] > key:
                    frame[row + _ORDER + k] = frame[row + _ORDER + k - 1]
                    k -= 1
                frame[row + _ORDER + k] = i
                kept += 1
            if st[FOUND] >= 0:
                break
            if num * (high - 1) > bound - den * d:  # a child this far means the node is (BPMX)
                kept = 0
                if den * d + num * (high - 1) < best:
                    best = den * d + num * (high - 1)
            if frame[row + _ON_PV] and d < st[PV_LEN]:  # the principal variation's move first
                for k in range(1, kept):
                    x = frame[row + _ORDER + k]
                    if frame[row + child0 + x * cw + _C_SLOT] == pv[d]:
                        while k > 0:
                            frame[row + _ORDER + k] = frame[row + _ORDER + k - 1]
                            k -= 1
                        frame[row + _ORDER] = x
                        break
            frame[row + _COUNT] = kept
            frame[row + _NEXT] = 0
            frame[row + _BEST] = best
            if expanded >= check_at:
                code = PAUSE
                break
        i = frame[row + _NEXT]
        if i < frame[row + _COUNT]:
            if d + 1 >= cap:
                code = GROW
                break
            frame[row + _NEXT] = i + 1
            c = row + child0 + frame[row + _ORDER + i] * cw
            b = frame[row + _BLANK]
            slot = frame[c + _C_SLOT]
            frame[row + _PATH] = slot
            f = frame[c + _C_F] >> _TIE_BITS
            if f - den * (d + 1) < st[BEST_H]:  # the least h yet: record its path
                st[BEST_H] = f - den * (d + 1)
                st[BEST_AT] = st[COLLECTS]
                for r in range(d + 1):
                    new_pv[r] = frame[r * fw + _PATH]
                st[NEW_LEN] = d + 1
            if d + 1 == cutoff:  # a subtree root for a worker: hand it over, do not enter
                st[COLLECTED] = frame[c + _C_SEQ]
                st[COLLECTS] += 1
                code = COLLECT
                break
            n = moves[b * 5 + slot] >> 2
            t = tiles[n]
            tiles[b] = t
            tiles[n] = 0
            child = row + fw
            frame[child + _ON_PV] = frame[row + _ON_PV] and d < st[PV_LEN] and slot == pv[d]
            for lk in range(lookups):
                gi = lk_group[lk * cells + t]
                frame[row + old0 + lk] = at[gi]
                frame[row + old0 + lookups + lk] = val[gi]
                frame[row + old0 + 2 * lookups + lk] = md[gi]
                v = frame[c + 3 + lookups + lk]
                frame[child + _H + lk] = frame[row + _H + lk] - val[gi] + v
                at[gi] = frame[c + 3 + lk]
                val[gi] = v
                md[gi] = frame[c + 3 + 2 * lookups + lk]
                slot_at[gi * cells + lk_cell[lk * cells + n]] = width - 1
                slot_at[gi * cells + lk_cell[lk * cells + b]] = lk_slot[lk * cells + t]
                occ[gi] ^= (np.int64(1) << lk_cell[lk * cells + n]) | (
                    np.int64(1) << lk_cell[lk * cells + b]
                )
            frame[child + _BLANK] = n
            frame[child + _PREV] = b
            frame[child + _SEQ] = frame[c + _C_SEQ]
            d += 1
            enter = 1
            continue
        result = frame[row + _BEST]
        if d == 0:
            if single:
                st[NEXT_BOUND] = result
                code = DONE
                break
            if result >= _INF:  # the ceiling cut every path: none is shorter
                code = DONE
                break
            bound = result
            st[ITER] += 1
            enter = 1
            for r in range(st[NEW_LEN]):  # the next iteration follows this one's best path first
                pv[r] = new_pv[r]
            st[PV_LEN] = st[NEW_LEN]
            st[NEW_LEN] = 0
            st[BEST_H] = _INF
            continue
        n = frame[row + _BLANK]
        d -= 1
        row = d * fw
        b = frame[row + _BLANK]
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
        if result < frame[row + _BEST]:
            frame[row + _BEST] = result
    st[DEPTH] = d
    st[ENTER] = enter
    st[EXPANDED] = expanded
    st[GENERATED] = generated
    st[BOUND] = bound
    return code


# -- what the kernel needs of the databases -------------------------------------------------------


@compiled
def _fill_labels(masks: Array, rows: int, cols: int, out: Array) -> None:
    """``out[i, c]``: the label of cell c's region among the cells not in ``masks[i]``.

    The table builder's own `frontier.region_label` (regions numbered by their
    least cell, capped like `indexing.region_labels`, which it equals on free
    cells, tested); occupied cells are left as they are (0: never asked).
    """
    cells = rows * cols
    full = (1 << cells) - 1
    left_col = 0
    for c in range(0, cells, cols):
        left_col |= 1 << c
    right_col = left_col << (cols - 1)
    for i in range(masks.shape[0]):
        free = full & ~masks[i]
        for c in range(cells):
            if (free >> c) & 1:
                region = flood(1 << c, free, left_col, right_col, cols, full)
                out[i, c] = region_label(region, free, left_col, right_col, cols, full)


def _labels(rows: int, cols: int, masks: Array) -> Array:
    """`_fill_labels`, two bits a cell: one 64-bit word per mask."""
    out = np.zeros((len(masks), rows * cols), dtype=np.uint8)
    _fill_labels(masks, rows, cols, out)
    shifts = (2 * np.arange(rows * cols)).astype(np.uint64)
    packed: Array = (out.astype(np.uint64) << shifts).sum(axis=1, dtype=np.uint64)
    return packed


@functools.cache
def label_tables(rows: int, cols: int, size: int) -> tuple[Array, Array]:
    """The kernel's region labels of a shape: ``(label[row] >> 2 * c) & 3`` and ``binom``.

    Two bits a cell (labels stop at ``ZERO_SLOTS - 1`` = 3; occupied cells
    read 0 and are never asked), one 64-bit word a row: 512 KiB on 4x4, half
    the core's cache, where a byte a cell took 1 MiB. Up to 16 cells the row is the occupied
    cells' mask itself (``binom`` then has one entry); above, it is the
    mask's rank among the masks of ``size`` cells in colexicographic order
    (`_mask_index`; 177,100 rows for 6 tiles of 5x5), ``binom[c * 8 + j]`` =
    C(c, j). Made once per process (under half a second, the first time with
    compiling).
    """
    cells = rows * cols
    if cells <= 16:
        masks = np.arange(1 << cells, dtype=np.int64)
        return _labels(rows, cols, masks), np.zeros(1, dtype=np.int64)
    if size > 7:
        raise ValueError(f"zero-aware groups above 16 cells have at most 7 tiles, not {size}")
    binom = np.array([math.comb(c, j) for c in range(cells) for j in range(8)], dtype=np.int64)
    combos = np.array(list(itertools.combinations(range(cells), size)), dtype=np.int64)
    ranks = sum(binom[combos[:, i] * 8 + i + 1] for i in range(size))
    masks = np.zeros(len(combos), dtype=np.int64)
    masks[ranks] = (np.int64(1) << combos).sum(axis=1)
    return _labels(rows, cols, masks), binom


class MaxedPlan:
    """`LookupPlan`'s lists as the kernel's arrays, and each group table's address.

    Made once per set of databases (`maxed_plan`); keeps every table buffer alive.
    """

    def __init__(self, dbs: Sequence[PatternTables], order: Order = IDENTITY_ORDER) -> None:
        for db in dbs:  # the tables in one buffer each, on huge pages where granted
            db.contiguous()
        lookups = LookupPlan(dbs)
        self.lookups = lookups
        self.goal = np.array(lookups.goal, dtype=np.int64)
        self.moves, self.letters = slot_moves(lookups.rows, lookups.cols, order)
        self.dist = np.array(lookups.dist, dtype=np.int64)
        self.keep = [np.frombuffer(t, dtype=np.uint8) for t in lookups.tables]
        self.base = np.array([int(a.ctypes.data) for a in self.keep], dtype=np.int64)
        self.kind = np.array(lookups.kind, dtype=np.int64)
        self.radix = np.array(lookups.radix, dtype=np.int64)
        self.lk_group = np.array(lookups.lk_group, dtype=np.int64)
        self.lk_slot = np.array(lookups.lk_slot, dtype=np.int64)
        self.lk_cell = np.array(lookups.lk_cell, dtype=np.int64)
        self.size = np.array([len(g) for g in lookups.groups], dtype=np.int64)
        self.lookup_of = np.zeros(len(lookups.kind), dtype=np.int64)
        for lk, members in enumerate(lookups.lookup_groups):
            self.lookup_of[members] = lk
        self.prune = pruning_array()
        self.label: Array
        self.binom: Array
        self.label, self.binom = (
            label_tables(lookups.rows, lookups.cols, lookups.zero_size)
            if lookups.zero_aware
            else (np.zeros(1, dtype=np.uint8), np.zeros(1, dtype=np.int64))
        )


def _plan_of(first: PatternTables, dbs: tuple[PatternTables, ...], order: Order) -> MaxedPlan:
    return MaxedPlan(dbs, order)


def maxed_plan(dbs: Sequence[PatternTables], order: Order = IDENTITY_ORDER) -> MaxedPlan:
    """Return the plan of a set of databases and a move order: made once, freed with the first."""
    return plan(dbs[0], _plan_of, tuple(dbs), order)  # the kernels' one plan cache


def maxed_search(
    dbs: Sequence[PatternTables], tiles: Sequence[int], order: Order, **start: Any
) -> Search:
    """A resumable search (`Search`) of these tables at a board, ``start`` its options."""
    return Search(maxed_plan(dbs, order), tiles, **start)


def maxed_attach(search: MaxedSearch, dbs: Sequence[PatternTables], order: Order) -> None:
    """Give an unpickled search (of this kernel) the plan of these tables back."""
    search.attach(maxed_plan(dbs, order))


class Search:
    """One search's state: the board, the groups' entries, the frames and the counters.

    ``Search(plan, tiles)`` starts IDA* at a board; a subtree root also gives
    the cell the blank came from (``prev``), the duplicate automaton's state
    (``seq``) and its bound, and ``single=True`` ends the search with the
    iteration (`next_bound`: its least f above the bound, -1 `found`: no path).
    ``cutoff=D`` hands every node D moves down over to the caller (`COLLECT`)
    instead of entering it. ``num`` and ``den`` weigh the heuristic (weighted
    IDA*: a node is cut when ``den * g + num * h`` exceeds the bound, which is
    kept in those units) and ``ceiling=C`` searches only paths shorter than C
    moves (`found` is -1 when there is none). `run` continues until `DONE`, a pause (`PAUSE`,
    when `expanded` reaches ``check_at``) or `COLLECT`. Its arrays pickle
    without the plan (the tables), which `attach` gives back: a paused search
    moves between processes. The mirror of `slidingtiles._engine.python.maxed.Search`.
    """

    def __init__(self, plan: MaxedPlan, tiles: Sequence[int], bound: int | None = None, *,
                 prev: int = -1, seq: int = 0, single: bool = False,
                 cutoff: int = 0, num: int = 1, den: int = 1,
                 ceiling: int | None = None) -> None:  # fmt: skip
        self.plan: MaxedPlan | None = plan
        self.lookups = plan.lookups.lookups
        self.tiles = np.array(tiles, dtype=np.int64)
        groups, cells = len(plan.kind), len(self.tiles)
        self.slot_at = np.full(groups * cells, plan.lookups.width - 1, dtype=np.int64)
        self.occ = np.zeros(groups, dtype=np.int64)
        self.at = np.zeros(groups, dtype=np.int64)
        self.val = np.zeros(groups, dtype=np.int64)
        self.md = np.zeros(groups, dtype=np.int64)
        hs = np.zeros(self.lookups, dtype=np.int64)
        _place(
            self.tiles, plan.lk_group, plan.lk_slot, plan.lk_cell, plan.kind, plan.base,
            plan.radix, plan.dist, plan.size, plan.lookup_of, plan.lookups.width, plan.label,
            plan.binom, self.slot_at, self.at, self.val, self.md, self.occ, hs,
        )  # fmt: skip
        #: The heuristic of the start.
        self.h0 = int(hs.max())
        fw = _width(self.lookups)
        self.frame = np.zeros(64 * fw, dtype=np.int64)
        self.frame[_BLANK] = list(tiles).index(0)
        self.frame[_PREV] = prev
        self.frame[_SEQ] = seq
        self.frame[_ON_PV] = 1
        self.pv = np.zeros(64, dtype=np.int64)
        self.new_pv = np.zeros(64, dtype=np.int64)
        self.frame[_H : _H + self.lookups] = hs
        st = np.zeros(_STATE_SIZE, dtype=np.int64)
        st[ENTER] = 1
        st[BOUND] = num * self.h0 if bound is None else bound
        st[ITER] = 1
        st[FOUND] = -1
        st[SINGLE] = int(single)
        st[NEXT_BOUND] = _INF
        st[CUTOFF] = cutoff
        st[BEST_H] = _INF
        st[NUM] = num
        st[DEN] = den
        st[CEIL] = _INF if ceiling is None else ceiling
        self.st = st

    def __getstate__(self) -> dict[str, Any]:
        return {k: v for k, v in self.__dict__.items() if k != "plan"}

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)
        self.plan = None

    def attach(self, plan: MaxedPlan) -> None:
        """Give an unpickled search its plan (the tables of this process) back."""
        self.plan = plan

    expanded = property(lambda self: int(self.st[EXPANDED]), doc="Nodes entered so far.")
    generated = property(lambda self: int(self.st[GENERATED]), doc="Children evaluated so far.")
    iterations = property(lambda self: int(self.st[ITER]), doc="The iteration in progress.")
    bound = property(
        lambda self: int(self.st[BOUND]), doc="The current cost bound (in units of 1 / den)."
    )
    found = property(lambda self: int(self.st[FOUND]), doc="Length of the path found, or -1.")
    next_bound = property(
        lambda self: int(self.st[NEXT_BOUND]), doc="After a single iteration: its least f above."
    )
    collected_seq = property(
        lambda self: int(self.st[COLLECTED]), doc="The automaton state of the node handed over."
    )

    def run(self, check_at: int = 1 << 62) -> int:
        """Run until `DONE`, `PAUSE` (``expanded`` reaches ``check_at``) or `COLLECT`."""
        plan = self.plan
        if plan is None:
            raise RuntimeError("an unpickled search needs attach(plan) before it runs")
        self.st[CHECK_AT] = check_at
        while True:
            code = int(_maxed_run(
                self.st, self.tiles, plan.goal, plan.moves, plan.prune, plan.lk_group,
                plan.lk_slot, plan.lk_cell, plan.kind, plan.base, plan.radix, self.slot_at,
                self.at, self.val, self.md, plan.dist, self.lookups, plan.lookups.width,
                self.frame, self.pv, self.new_pv, self.occ, plan.label, plan.binom,
            ))  # fmt: skip
            if code != GROW:
                return code
            self.frame, self.pv, self.new_pv = (
                np.concatenate([a, np.zeros_like(a)]) for a in (self.frame, self.pv, self.new_pv)
            )

    def follow(self, slots: Sequence[int]) -> None:
        """Try these move slots first from the root down, as a principal variation.

        IDA* follows the path to the previous iteration's least h first (`best`);
        a search started afresh (a worker's subtree) is told it here.
        """
        while len(self.pv) < len(slots) + 1:
            self.pv = np.concatenate([self.pv, np.zeros_like(self.pv)])
            self.new_pv = np.concatenate([self.new_pv, np.zeros_like(self.new_pv)])
        self.pv[: len(slots)] = slots
        self.st[PV_LEN] = len(slots)

    def best(self) -> tuple[int, list[int], int]:
        """This iteration's least h so far, the move slots to the first node with it, and how
        many nodes were handed over (`COLLECT`) before that node."""
        slots = [int(x) for x in self.new_pv[: int(self.st[NEW_LEN])]]
        least = int(self.st[BEST_H])
        return least if least >= _INF else least // int(self.st[NUM]), slots, int(self.st[BEST_AT])

    def slots(self) -> list[int]:
        """The move slots to the goal found, or (after `COLLECT`) to the node handed over."""
        return [int(x) for x in self._rows(_PATH)]

    def path(self) -> str:
        """The blank's moves to the goal found, or (after `COLLECT`) to the node handed over."""
        assert self.plan is not None
        codes = self.plan.letters[self._rows(_BLANK), self._rows(_PATH)]
        return "".join([LETTERS[int(code)] for code in codes])

    def _rows(self, column: int) -> Array:
        """One frame column for the depths of the path (found, or to the node handed over)."""
        length = self.found if self.found >= 0 else int(self.st[DEPTH]) + 1
        fw = _width(self.lookups)
        return self.frame[column : length * fw : fw]


def ida_maxed(
    dbs: Sequence[PatternTables], tiles: list[int], guard: Guard, order: Order = IDENTITY_ORDER
) -> EngineResult:
    """IDA* with the maximum over the lookups of several databases (and their reflections).

    Same contract as the other kernels: the optimal move string and the
    statistics; the guard's limits, progress and Ctrl-C at every pause;
    directions tried and named by ``order`` (`drive.move_arrays`).
    """
    path, stats = weighted_maxed(dbs, tiles, guard, order)
    assert path is not None  # no ceiling: the board is solvable
    return path, stats


def weighted_maxed(
    dbs: Sequence[PatternTables], tiles: list[int], guard: Guard, order: Order = IDENTITY_ORDER,
    num: int = 1, den: int = 1, ceiling: int | None = None,
) -> tuple[str | None, SearchStats]:  # fmt: skip
    """Weighted IDA* (f = g + num/den * h) over the maxed lookups; None if nothing is shorter
    than ``ceiling`` moves.

    The first solution costs at most num/den times the shortest (no
    threshold exceeds num/den times its length); num = den gives `ida_maxed`'s
    nodes and moves. The mirror of `slidingtiles._engine.python.maxed.weighted_maxed`.
    """
    if tiles == list(dbs[0].goal):
        guard.depth = 0
        return "", guard.snapshot(0, 0)
    search = Search(maxed_plan(dbs, order), tiles, num=num, den=den, ceiling=ceiling)
    check_at = guard.first_pause()
    while True:
        code = search.run(check_at)
        guard.iterations = search.iterations
        if code == DONE:
            break
        check_at = guard.pause(search.expanded, search.generated)
    if search.found < 0:
        guard.depth = 0
        return None, guard.snapshot(search.expanded, search.generated)
    path = search.path()
    guard.depth = len(path)
    return path, guard.snapshot(search.expanded, search.generated)
