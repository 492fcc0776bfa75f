"""Beam search over whole boards: the numba kernel.

>>> grow, gcol, ones = [2, 0, 0, 0, 1, 1, 1, 2, 2], [2, 0, 1, 2, 0, 1, 2, 0, 1], [1] * 9
>>> start = [1, 2, 3, 4, 5, 6, 0, 7, 8]
>>> subgoal_search(3, 3, start, grow, gcol, ones, ones, 1, 0, 0, 10, 8, 100, None)
('RR', 3, True)

`slidingtiles._engine.python.beam.subgoal_search` over numpy arrays: the
same ranking (Manhattan plus pairs in conflict, updated per move), the same
children in the same order, the same total order on ties (rank, then the
order of generation), the same Zobrist keys; so the same boards are kept
and the same moves come back. Seen boards go into an open-addressed table
of 64-bit keys that starts small and grows fourfold whenever it could get more
than half full within the next `_LOAD` levels (a table sized at once for
``width x max_levels`` boards, megabytes, cost a third of the time in
cache misses on 20x20 regions); each level's children are ordered by
counting when their order ranks span few values (`sort_buckets`), else
through a heap taken least first as far as the level needs (`heap`). The
inner loop reads the boards and the per-tile arrays through raw pointers
(`jit.pointer`: an array handed to an inlined helper costs two atomic
reference counts, and indexing one a negative-index test that kept the copy
of each kept board from being vectorised), and asks for the table
slots of the next board's children before working out this board's
(`jit.prefetch`). The compiled loop returns to Python
every `CHUNK` expansions (at a level's end) for the deadline.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from time import perf_counter
from typing import Any

import numpy as np
from numpy.typing import NDArray

from slidingtiles._board.geometry import cells_around
from slidingtiles._engine.beam_start import start_rank, stray_distance
from slidingtiles._engine.numba.beam_rank import (
    beside,
    holes_delta,
    nearest_stray,
    rank_delta,
    rings,
)
from slidingtiles._engine.numba.heap import heapify, pop_least
from slidingtiles._engine.numba.jit import (
    as_int64,
    compiled,
    inlined,
    pointer,
    prefetch,
)

__all__ = ["CHUNK", "sort_buckets", "subgoal_search", "zobrist_keys"]

Array = NDArray[Any]

#: Expansions between two checks of the deadline (each at a level's end).
CHUNK = 1 << 14
# The table of seen keys holds room for this many more levels of kept boards (half full at most).
_LOAD = 4
_LETTERS = "UDLR"


@functools.lru_cache(maxsize=32)
def zobrist_keys(cells: int) -> Array:
    """The beam's Zobrist keys for a board of ``cells`` cells as a read-only numpy array: the
    same SplitMix64 values as the Python kernel's `zobrist_keys`, made at once (a peeled
    solve needs one set per region size, 160,000 keys for a 20x20 region).

    >>> [hex(key) for key in zobrist_keys(2).tolist()[:2]]
    ['0x975835de1c9756ce', '0xbfc846100bfc1e42']
    """
    count = cells * cells
    x = np.uint64(cells) + np.arange(1, count + 1, dtype=np.uint64) * np.uint64(0x9E3779B97F4A7C15)
    z = (x ^ (x >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
    z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    z ^= z >> np.uint64(31)
    z[z == 0] = 1
    z.flags.writeable = False
    return z


def sort_buckets(width: int) -> int:
    """A level's children are put in order by counting when their order ranks span fewer
    values than this (they mostly do: a beam's boards differ little), else by sorting."""
    return 8 * width + 64


def subgoal_search(
    rows: int,
    cols: int,
    tiles: Sequence[int],
    grow: Sequence[int],
    gcol: Sequence[int],
    weights: Sequence[int],
    targets: Sequence[int],
    conflict_weight: int,
    blank_weight: int,
    patience: int,
    width: int,
    max_levels: int,
    max_nodes: int,
    deadline: float | None,
    hole_weight: int = 0,
) -> tuple[str, int, bool]:
    """Return the blank's moves until every target tile is home, the boards expanded, and
    whether it got there (if not, the moves to the best board kept).

    Same contract and results as the pure-Python kernel of the same name.
    """
    cells = rows * cols
    grow_a = np.array(grow, dtype=np.int64)
    gcol_a = np.array(gcol, dtype=np.int64)
    weight_a = np.array(weights, dtype=np.int64)
    target_a = np.array(targets, dtype=np.int64)
    owner = [0] * cells  # the tile whose goal each cell is
    for t in range(1, cells):
        owner[grow[t] * cols + gcol[t]] = t
    owner_a = np.array(owner, dtype=np.int64)
    target_cells = [grow[t] * cols + gcol[t] for t in range(1, cells) if targets[t]]
    touch_a = np.array(cells_around(rows, cols, target_cells if hole_weight else []), np.int64)
    zobrist = zobrist_keys(cells)
    start = np.array(tiles, dtype=np.int16)
    # The table of seen keys starts small and grows fourfold as it fills (at most half full), so a
    # short search touches little memory; it never needs more than width x max_levels keys.
    entries = min(width * max_levels, _LOAD * width) + 1
    table = np.zeros(1 << max(4, (2 * entries - 1).bit_length()), dtype=np.uint64)
    # two levels of boards, flat (a view of one board per child cost a reference count each)
    boards = np.zeros(2 * width * cells, dtype=np.int16)
    blanks = np.zeros((2, width), dtype=np.int64)
    # rank, the targets' Manhattan distance, the blank's distance to the nearest stray target
    ranks = np.zeros((2, width, 3), dtype=np.int64)
    bkeys = np.zeros((2, width), dtype=np.uint64)
    lasts = np.zeros((2, width), dtype=np.int64)
    parents = np.zeros(max(1, width * max_levels), dtype=np.int32)
    moves = np.zeros(max(1, width * max_levels), dtype=np.int8)
    offsets = np.zeros(max_levels + 1, dtype=np.int64)
    # parity, count, level, expanded, found; the best board (targets' distance, rank, level,
    # index) and the level where the targets' distance last fell
    state = np.zeros(10, dtype=np.int64)
    goals = (grow_a, gcol_a, weight_a, target_a, owner_a, touch_a)
    # The start is ranked in Python (`beam_start`, as the Python kernel does): a compiled kernel
    # for one board cost a sixth of the first call's compile. `_levels` puts its key in the table.
    rank, home = start_rank(
        tiles, rows, cols, grow, gcol, weights, targets, owner, conflict_weight, hole_weight
    )
    if home == 0:
        return "", 0, True
    blank = list(tiles).index(0)
    boards[:cells] = start
    blanks[0, 0] = blank
    ranks[0, 0] = rank, home, stray_distance(tiles, rows, cols, grow, gcol, targets, blank)
    bkeys[0, 0] = np.bitwise_xor.reduce(zobrist[np.arange(cells) * cells + start])
    lasts[0, 0] = -1
    state[5], state[6] = home, rank
    reached = False
    while True:
        if state[3] >= max_nodes or (deadline is not None and perf_counter() > deadline):
            break
        stop_at = min(max_nodes, int(state[3]) + CHUNK)
        status = _levels(
            rows,
            cols,
            goals,
            conflict_weight,
            hole_weight,
            blank_weight,
            patience,
            zobrist,
            width,
            max_levels,
            stop_at,
            sort_buckets(width),
            table,
            boards,
            blanks,
            ranks,
            bkeys,
            lasts,
            parents,
            moves,
            offsets,
            state,
        )
        if status == 1:
            reached = True
            break
        if status == 2:
            break
        if status == 3:
            table = _grow(table)
    if reached:
        path = _path(parents, moves, offsets, state[2], state[4])
    else:
        path = _path(parents, moves, offsets, state[7], state[8])
    return "".join(_LETTERS[m] for m in path), int(state[3]), reached


@compiled
def _path(parents: Array, moves: Array, offsets: Array, level: int, index: int) -> Array:
    """Read the moves back from the goal's entry through the parents' indices."""
    out = np.empty(level, dtype=np.int8)
    for depth in range(level, 0, -1):
        entry = offsets[depth - 1] + index
        out[depth - 1] = moves[entry]
        index = parents[entry]
    return out


@inlined
def _moved_key(key: Any, zobrist: Any, p: int, q: int, t: int, cells: int) -> Any:
    """A board's Zobrist key once tile ``t`` has moved from ``q`` to the blank's cell ``p``."""
    tile = zobrist[q * cells + t] ^ zobrist[p * cells + t]
    return key ^ tile ^ zobrist[q * cells] ^ zobrist[p * cells]  # and the blank the other way


@inlined
def _fetch(
    board: Array,
    at: int,
    p: int,
    last: int,
    key: np.uint64,
    rows: int,
    cols: int,
    zobrist: Array,
    seen: Array,
    mask: int,
) -> None:
    """Ask for the table slots of the children of the board at ``at`` (blank ``p``, last move
    ``last``, key ``key``) to be brought into the cache."""
    cells = rows * cols
    for d in range(4):
        if last >= 0 and (d ^ 1) == last:
            continue
        q = beside(p, d, rows, cols)
        if q < 0:
            continue
        t = board[at + q]
        child = _moved_key(key, zobrist, p, q, t, cells)
        prefetch(seen, np.int64(child & np.uint64(mask)))


@compiled
def _levels(
    rows: int,
    cols: int,
    goals: tuple[Array, Array, Array, Array, Array, Array],
    conflict_weight: int,
    hole_weight: int,
    blank_weight: int,
    patience: int,
    zobrist: Array,
    width: int,
    max_levels: int,
    stop_at: int,
    buckets: int,
    table: Array,
    boards: Array,
    blanks: Array,
    ranks: Array,
    bkeys: Array,
    lasts: Array,
    parents: Array,
    moves: Array,
    offsets: Array,
    state: Array,
) -> int:
    """Run levels until the goal (1), a dead end, the level cap or no progress for
    ``patience`` levels (2), ``stop_at`` expansions (0), or the table needs to grow (3)."""
    grow, gcol, weight, target, owner, touch = goals
    cells = rows * cols
    cap = 4 * width
    cparent = np.empty(cap, dtype=np.int64)
    cmove = np.empty(cap, dtype=np.int64)
    crank = np.empty(cap, dtype=np.int64)
    chome = np.empty(cap, dtype=np.int64)
    cnear = np.zeros(cap, dtype=np.int64)
    ckey = np.empty(cap, dtype=np.uint64)
    sortkey = np.empty(cap, dtype=np.int64)
    corder = np.empty(cap, dtype=np.int64)
    bucketed = np.empty(cap, dtype=np.int64)
    counts = np.empty(buckets + 1, dtype=np.int64)
    # Raw pointers for the inlined helpers: an array handed to one costs two atomic reference
    # counts a call (a fifth of the time, with a dozen calls a child).
    board, seen, mask, zob = pointer(boards), pointer(table), table.shape[0] - 1, pointer(zobrist)
    grow_p, gcol_p = pointer(grow), pointer(gcol)
    target_p, owner_p = pointer(target), pointer(owner)
    weight_p, touch_p = pointer(weight), pointer(touch)
    back = (1, 0, 3, 2)
    step_r = (-1, 1, 0, 0)
    step_c = (0, 0, -1, 1)
    parity, count, level, expanded = state[0], state[1], state[2], state[3]
    if level == 0 and count == 0:  # the start, ranked by the caller
        count = 1
        _insert(seen, mask, bkeys[0, 0])
    while level < max_levels:
        if expanded >= stop_at or 2 * (offsets[level] + 1 + _LOAD * width) > table.shape[0]:
            state[0], state[1], state[2], state[3] = parity, count, level, expanded
            return 0 if expanded >= stop_at else 3
        m = as_int64(0)  # not the literal 0: the heap's kernels would be compiled for it too
        for i in range(count):
            expanded += 1
            p = blanks[parity, i]
            pr, pc = p // cols, p % cols
            last = lasts[parity, i]
            at = (parity * width + i) * cells
            # the table's slots of the next board's children are fetched while this board's
            # are worked out (the table is larger than the cache: these loads were a fifth of
            # the time)
            if i == 0:
                _fetch(board, at, p, last, bkeys[parity, i], rows, cols, zob, seen, mask)
            if i + 1 < count:
                _fetch(
                    board,
                    at + cells,
                    blanks[parity, i + 1],
                    lasts[parity, i + 1],
                    bkeys[parity, i + 1],
                    rows,
                    cols,
                    zob,
                    seen,
                    mask,
                )
            # The nearest stray target from a child's blank is one cell nearer, as near or one
            # further than from this board's (``was`` cells, at least 2: the cells beside the
            # blank cannot hold it), by the directions of the stray targets ``was`` and
            # ``was + 1`` cells away: one scan of two rings for the (up to three) children.
            was = ranks[parity, i, 2]
            ring0 = ring1 = 0
            if blank_weight != 0 and was >= 2:
                ring0, ring1 = rings(board, at, rows, cols, owner_p, target_p, p, was)
            key0, rank0, home0 = bkeys[parity, i], ranks[parity, i, 0], ranks[parity, i, 1]
            for d in range(4):
                if last >= 0 and back[last] == d:
                    continue
                r, c = pr + step_r[d], pc + step_c[d]
                if r < 0 or r >= rows or c < 0 or c >= cols:
                    continue
                q = r * cols + c
                t = board[at + q]
                key = _moved_key(key0, zob, p, q, t, cells)
                gr, gc = grow_p[t], gcol_p[t]
                dm = abs(gr - pr) + abs(gc - pc) - abs(gr - r) - abs(gc - c)
                conflicts = rank_delta(board, at, rows, cols, grow_p, gcol_p, target_p, q, p, t)
                rank = rank0 + weight_p[t] * dm + conflict_weight * conflicts
                if hole_weight != 0 and (touch_p[p] != 0 or touch_p[q] != 0):
                    rank += hole_weight * holes_delta(
                        board, at, rows, cols, owner_p, target_p, q, p, t
                    )
                if _find(seen, mask, key):
                    continue
                cparent[m] = i
                cmove[m] = d
                crank[m] = rank
                chome[m] = home0 + (dm if target_p[t] != 0 else 0)
                ckey[m] = key
                order_rank = rank
                if blank_weight != 0:
                    if target_p[t] != 0 and (gr != pr or gc != pc):
                        near = 1  # the tile just moved, beside the blank
                    elif was == 0:
                        near = 0  # no stray target before, and this tile is home or no target
                    elif was >= 2:  # read off the rings around the parent's blank
                        bit = 1 << d
                        near = was - 1 if ring0 & bit else was if ring1 & bit else was + 1
                    else:
                        near = nearest_stray(
                            board, at, rows, cols, grow_p, gcol_p, target_p, p, q, t, 1
                        )
                    cnear[m] = near
                    order_rank += blank_weight * max(0, near - 1)
                sortkey[m] = order_rank * cap + m
                corder[m] = order_rank
                m += 1
        if m == 0:
            state[3] = expanded
            return 2
        # The children in order of their keys (distinct, and each child's index is its key
        # modulo ``cap``: ranks are never negative). When their order ranks span at most
        # ``buckets`` values, by counting (stable: ties in the order generated); else through
        # a heap, taken least first only as far as the level needs (width and duplicates).
        low, high = corder[0], corder[0]
        for j in range(1, m):
            low = min(low, corder[j])
            high = max(high, corder[j])
        if high - low < buckets:
            span = high - low + 1
            for b in range(span + 1):  # a loop: a slice assignment costs a compile
                counts[b] = 0
            for j in range(m):
                counts[corder[j] - low + 1] += 1
            for b in range(span):
                counts[b + 1] += counts[b]
            order = bucketed[:m]
            for j in range(m):
                b = corder[j] - low
                order[counts[b]] = sortkey[j]
                counts[b] += 1
            heaped = False
        else:
            order = sortkey[:m]
            heapify(order, m)
            heaped = True
        nxt = 1 - parity
        base = offsets[level]
        kept = 0
        found = -1
        for j in range(m):
            k = (pop_least(order, m - j) if heaped else order[j]) % cap
            if not _insert(seen, mask, ckey[k]):
                continue
            i = cparent[k]
            d = cmove[k]
            p = blanks[parity, i]
            q = p + step_r[d] * cols + step_c[d]
            at = (parity * width + i) * cells
            to = (nxt * width + kept) * cells
            for x in range(cells):  # through the pointer: no negative-index test, so vectorised
                board[to + x] = board[at + x]
            board[to + p] = board[at + q]
            board[to + q] = 0
            blanks[nxt, kept] = q
            ranks[nxt, kept, 0] = crank[k]
            ranks[nxt, kept, 1] = chome[k]
            ranks[nxt, kept, 2] = cnear[k]
            bkeys[nxt, kept] = ckey[k]
            lasts[nxt, kept] = d
            parents[base + kept] = i
            moves[base + kept] = d
            if chome[k] < state[5] or (chome[k] == state[5] and crank[k] < state[6]):
                if chome[k] < state[5]:
                    state[9] = level + 1
                state[5], state[6], state[7], state[8] = chome[k], crank[k], level + 1, kept
            kept += 1
            if chome[k] == 0:
                found = kept - 1
                break
            if kept == width:
                break
        level += 1
        offsets[level] = base + kept
        parity, count = nxt, kept
        if found >= 0:
            state[0], state[1], state[2], state[3], state[4] = parity, count, level, expanded, found
            return 1
        if patience > 0 and level - state[9] >= patience:
            break
    state[3] = expanded
    return 2


@compiled
def _grow(table: Array) -> Array:
    """The same keys in a table four times the size (fewer keys moved than doubling)."""
    bigger = np.zeros(4 * table.shape[0], dtype=np.uint64)
    for i in range(table.shape[0]):
        if table[i] != 0:
            _insert(bigger, bigger.shape[0] - 1, table[i])
    return bigger


@inlined
def _slot(table: Array, mask: int, key: np.uint64) -> np.int64:
    """Where ``key`` is in the open-addressed table of ``mask + 1`` slots, or the empty slot
    where it would go."""
    # Zobrist keys are uniformly random, so their low bits already spread over the table (and
    # no multiply wraps: run uncompiled, as without numba, numpy would warn of an overflow).
    i = np.int64(key & np.uint64(mask))
    while table[i] != key and table[i] != 0:
        i = (i + 1) & mask
    return i


@inlined
def _find(table: Array, mask: int, key: np.uint64) -> bool:
    return bool(table[_slot(table, mask, key)] == key)


@inlined
def _insert(table: Array, mask: int, key: np.uint64) -> bool:
    """Add ``key``; False if it was there already."""
    i = _slot(table, mask, key)
    if table[i] == key:
        return False
    table[i] = key
    return True
