"""What the maxed kernel reads: its plan's arrays, table entries by address, zero-aware slots.

>>> frame = label_tables(2, 2, 1)[0]
>>> int(frame[0b0001] >> 2 & 3), int(frame[0b0110] >> 2 & 3)  # cell 1's region label
(0, 0)

`MaxedPlan` lays a set of databases out as arrays (`LookupPlan`'s lists) and
keeps each group table's buffer alive; the kernel reads an entry through
the table's address (`load_byte`, `prefetch_byte`: numba intrinsics, no copy
of hundreds of megabytes): a byte, or for 4-bit tables the Manhattan distance
plus twice the excess (`entry_value`). A zero-aware table (4x4's 7-8, 5x5's
6-6-6-6) holds a value per region of the blank among its group's free cells:
the slot is the region's label (`region_slot`), read from `label_tables` by
the group's occupied cells. `place_board` fills every group's entry for a
board; the search (`slidingtiles._engine.numba.maxed_loop`) then updates
them move by move.
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

from slidingtiles._engine.lookups import DIGITS_U8, PERM_U4, PERM_Z4, LookupPlan
from slidingtiles._engine.numba.drive import pruning_array, slot_moves
from slidingtiles._engine.numba.frontier import flood, region_label
from slidingtiles._engine.numba.jit import NUMBA, compiled, inlined, popcount
from slidingtiles._engine.tables import IDENTITY_ORDER, Order, PatternTables

__all__ = [
    "MaxedPlan",
    "byte_address",
    "entry_value",
    "label_tables",
    "load_byte",
    "mask_index",
    "place_board",
    "prefetch_byte",
    "region_slot",
]

Array = NDArray[Any]


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
def byte_address(kind: int, base: int, at: int) -> int:
    """The address of the byte holding entry ``at`` of a group table."""
    return base + (at >> 1) if kind >= PERM_U4 else base + at


@inlined
def entry_value(kind: int, base: int, at: int, md: int) -> Any:
    """Entry ``at`` of a group table: a byte, or Manhattan + twice the 4-bit excess."""
    if kind >= PERM_U4:
        return md + 2 * ((np.int64(load_byte(base + (at >> 1))) >> ((at & 1) << 2)) & 15)
    return np.int64(load_byte(base + at))


@inlined
def mask_index(mask: Any, by_rank: bool, binom: Any) -> Any:
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
def region_slot(kind: int, mask: Any, cell: Any, label: Any, by_rank: bool, binom: Any) -> Any:
    """The slot of a zero-aware entry: the label of the blank's region (on ``cell``) among the
    cells ``mask`` leaves free, the last slot shared by the later regions."""
    lab = (np.int64(label[mask_index(mask, by_rank, binom)]) >> (2 * cell)) & 3
    last = 3 if kind == PERM_Z4 else 1
    return last if lab > last else lab


@compiled
def place_board(
    tiles: Array,
    lk_group: Array,
    lk_slot: Array,
    lk_cell: Array,
    kind: Array,
    base: Array,
    radix: Array,
    dist: Array,
    size: Array,
    lookup_of: Array,
    width: int,
    label: Array,
    binom: Array,
    slot_at: Array,
    at: Array,
    val: Array,
    md: Array,
    occ: Array,
    hs: Array,
) -> None:
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
            rank = (rank << zs) | region_slot(kind[gi], occ[gi], lb, label, by_rank, binom)
        at[gi] = rank
        val[gi] = entry_value(kind[gi], base[gi], rank, md[gi])
        hs[lookup_of[gi]] += val[gi]


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
    (`mask_index`; 177,100 rows for 6 tiles of 5x5), ``binom[c * 8 + j]`` =
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
        self.prune = pruning_array(lookups.rows, lookups.cols, order)
        self.label: Array
        self.binom: Array
        self.label, self.binom = (
            label_tables(lookups.rows, lookups.cols, lookups.zero_size)
            if lookups.zero_aware
            else (np.zeros(1, dtype=np.uint8), np.zeros(1, dtype=np.int64))
        )
