"""Beam search over whole boards ranked by additive pattern tables: the numba kernel.

>>> import numpy as np
>>> flat = np.zeros(9 ** 2 * 2, dtype=np.uint8)  # two all-zero 2-tile tables: h is 0 at once
>>> tables_search(3, 3, [0, 1, 2, 3, 4, 5, 6, 7, 8], flat, [0, 81], [0, 0],
...               [[1, 2], [3, 4]], 10, 8, 100, None)
('', 0, True)

`slidingtiles._engine.python.tables_beam.tables_search` over numpy arrays:
the same children in the same order, ranked by the sum of the groups'
table entries (only the moved tile's group changes: its index is computed
again from the group's cells), the same total order on ties (rank, then the
order of generation), the same Zobrist keys (`beam.zobrist_keys`), so the
same boards are kept and the same moves come back. Every board kept is
remembered in an open-addressed table of 64-bit keys (a board seen at an
earlier level is not kept again), which, like the per-level parents, grows
fourfold when it could fill up; the compiled loop returns to Python every
`beam.CHUNK` expansions (at a level's end) for the deadline.
"""

from __future__ import annotations

from collections.abc import Sequence
from time import perf_counter
from typing import Any

import numpy as np
from numpy.typing import NDArray

from slidingtiles._engine.numba.beam import CHUNK, zobrist_keys
from slidingtiles._engine.numba.heap import heapify, pop_least
from slidingtiles._engine.numba.jit import as_int64, compiled, inlined

__all__ = ["tables_search"]

Array = NDArray[Any]
_LETTERS = "UDLR"


def tables_search(
    rows: int,
    cols: int,
    tiles: Sequence[int],
    flat: Array,
    offsets: Sequence[int],
    perm: Sequence[int],
    groups: Sequence[Sequence[int]],
    width: int,
    max_levels: int,
    max_nodes: int,
    deadline: float | None,
) -> tuple[str, int, bool]:
    """Return the blank's moves to the goal, the boards expanded, and whether it got there.

    Same contract and results as the pure-Python kernel of the same name.
    """
    cells = rows * cols
    count = len(groups)
    size = max(len(g) for g in groups)
    group_tiles = np.full((count, size), -1, dtype=np.int64)
    group_of = np.full(cells, -1, dtype=np.int64)
    for g, members in enumerate(groups):
        for s, t in enumerate(members):
            group_tiles[g, s] = t
            group_of[t] = g
    flat = np.frombuffer(flat, dtype=np.uint8) if not isinstance(flat, np.ndarray) else flat
    offs = np.array(offsets, dtype=np.int64)
    perms = np.array(perm, dtype=np.int64)
    zobrist = zobrist_keys(cells)
    boards = np.zeros((2, width, cells), dtype=np.int8)
    places = np.zeros((2, width, cells), dtype=np.int8)
    values = np.zeros((2, width, count), dtype=np.int64)
    ranks = np.zeros((2, width), dtype=np.int64)
    bkeys = np.zeros((2, width), dtype=np.uint64)
    lasts = np.zeros((2, width), dtype=np.int64)
    levels_room = min(max_levels, 16)
    parents = np.zeros(max(1, width * levels_room), dtype=np.int32)
    moves = np.zeros(max(1, width * levels_room), dtype=np.int8)
    offsets_a = np.zeros(max_levels + 1, dtype=np.int64)
    table = np.zeros(1 << max(4, (32 * width).bit_length()), dtype=np.uint64)
    # parity, count, level, expanded, found
    state = np.zeros(5, dtype=np.int64)
    start = np.array(tiles, dtype=np.int8)
    if _start(
        rows,
        cols,
        start,
        flat,
        offs,
        perms,
        group_tiles,
        zobrist,
        table,
        boards,
        places,
        values,
        ranks,
        bkeys,
        lasts,
    ):
        return "", 0, True
    reached = False
    while True:
        if state[3] >= max_nodes or (deadline is not None and perf_counter() > deadline):
            break
        stop_at = min(max_nodes, int(state[3]) + CHUNK)
        status = _levels(
            rows,
            cols,
            flat,
            offs,
            perms,
            group_tiles,
            group_of,
            zobrist,
            width,
            max_levels,
            stop_at,
            table,
            boards,
            places,
            values,
            ranks,
            bkeys,
            lasts,
            parents,
            moves,
            offsets_a,
            state,
        )
        if status == 1:
            reached = True
            break
        if status == 2:
            break
        if status == 3:
            table = _grow(table)
        if status == 4:
            parents = np.concatenate((parents, np.zeros(3 * parents.shape[0], dtype=np.int32)))
            moves = np.concatenate((moves, np.zeros(3 * moves.shape[0], dtype=np.int8)))
    if not reached:
        return "", int(state[3]), False
    path = _path(parents, moves, offsets_a, state[2], state[4])
    return "".join(_LETTERS[m] for m in path), int(state[3]), True


@inlined
def _index(places: Array, at: int, members: Array, cells: int, perm: int) -> int:
    """The group's table index: digits (``sum cell * cells**slot``) or perm rank."""
    index = 0
    if perm == 0:
        weight = 1
        for s in range(members.shape[0]):
            t = members[s]
            if t < 0:
                break
            index += places[at + t] * weight
            weight *= cells
        return index
    for s in range(members.shape[0]):
        t = members[s]
        if t < 0:
            break
        p = places[at + t]
        below = 0
        for e in range(s):
            if places[at + members[e]] < p:
                below += 1
        index = index * (cells - s) + (p - below)
    return index


@compiled
def _start(
    rows: int,
    cols: int,
    start: Array,
    flat: Array,
    offs: Array,
    perms: Array,
    group_tiles: Array,
    zobrist: Array,
    table: Array,
    boards: Array,
    places: Array,
    values: Array,
    ranks: Array,
    bkeys: Array,
    lasts: Array,
) -> bool:
    """Fill level 0 with the start; True when its rank is 0 (every grouped tile home)."""
    cells = rows * cols
    key = np.uint64(0)
    flat_places = places.reshape(-1)
    for i in range(cells):
        t = start[i]
        boards[0, 0, i] = t
        places[0, 0, t] = i
        key ^= zobrist[i * cells + t]
    h = 0
    for g in range(group_tiles.shape[0]):
        v = int(flat[offs[g] + _index(flat_places, 0, group_tiles[g], cells, perms[g])])
        values[0, 0, g] = v
        h += v
    ranks[0, 0] = h
    bkeys[0, 0] = key
    lasts[0, 0] = -1
    _insert(table, table.shape[0] - 1, key)
    return h == 0


@compiled
def _levels(
    rows: int,
    cols: int,
    flat: Array,
    offs: Array,
    perms: Array,
    group_tiles: Array,
    group_of: Array,
    zobrist: Array,
    width: int,
    max_levels: int,
    stop_at: int,
    table: Array,
    boards: Array,
    places: Array,
    values: Array,
    ranks: Array,
    bkeys: Array,
    lasts: Array,
    parents: Array,
    moves: Array,
    offsets: Array,
    state: Array,
) -> int:
    """Run levels until the goal (1), a dead end or the level cap (2), ``stop_at`` expansions
    (0), or the table (3) or the parents (4) need to grow."""
    cells = rows * cols
    cap = 4 * width
    cparent = np.empty(cap, dtype=np.int64)
    cmove = np.empty(cap, dtype=np.int64)
    crank = np.empty(cap, dtype=np.int64)
    cvalue = np.empty(cap, dtype=np.int64)
    ckey = np.empty(cap, dtype=np.uint64)
    sortkey = np.empty(cap, dtype=np.int64)
    flat_places = places.reshape(-1)
    scratch = np.empty(cells, dtype=np.int8)
    back = (1, 0, 3, 2)
    step_r = (-1, 1, 0, 0)
    step_c = (0, 0, -1, 1)
    mask = table.shape[0] - 1
    parity, count, level, expanded = state[0], state[1], state[2], state[3]
    if level == 0 and count == 0:
        count = 1
    while level < max_levels:
        if expanded >= stop_at:
            state[0], state[1], state[2], state[3] = parity, count, level, expanded
            return 0
        if 2 * (offsets[level] + 1 + 4 * width) > table.shape[0]:
            state[0], state[1], state[2], state[3] = parity, count, level, expanded
            return 3
        if offsets[level] + width > parents.shape[0]:
            state[0], state[1], state[2], state[3] = parity, count, level, expanded
            return 4
        m = as_int64(0)  # not the literal 0: the heap's kernels would be compiled for it too
        for i in range(count):
            expanded += 1
            at = (parity * width + i) * cells
            last = lasts[parity, i]
            p = 0
            for x in range(cells):
                if boards[parity, i, x] == 0:
                    p = x
                    break
            pr, pc = p // cols, p % cols
            for d in range(4):
                if last >= 0 and back[last] == d:
                    continue
                r, c = pr + step_r[d], pc + step_c[d]
                if r < 0 or r >= rows or c < 0 or c >= cols:
                    continue
                q = r * cols + c
                t = boards[parity, i, q]
                key = bkeys[parity, i]
                key ^= zobrist[q * cells + t] ^ zobrist[p * cells + t]
                key ^= zobrist[q * cells] ^ zobrist[p * cells]
                if _find(table, mask, key):
                    continue
                g = group_of[t]
                rank = ranks[parity, i]
                value = 0
                if g >= 0:
                    # the group's cells with t moved to p: its index again, from a scratch copy
                    members = group_tiles[g]
                    for s in range(members.shape[0]):
                        u = members[s]
                        if u < 0:
                            break
                        scratch[u] = flat_places[at + u]
                    scratch[t] = p
                    value = int(flat[offs[g] + _index(scratch, 0, members, cells, perms[g])])
                    rank += value - values[parity, i, g]
                cparent[m] = i
                cmove[m] = d
                crank[m] = rank
                cvalue[m] = value
                ckey[m] = key
                sortkey[m] = rank * cap + m
                m += 1
        if m == 0:
            state[3] = expanded
            return 2
        # least first, only as far as the level needs (width and duplicates): a heap
        heapify(sortkey, m)
        nxt = 1 - parity
        base = offsets[level]
        kept = 0
        found = -1
        for j in range(m):
            k = pop_least(sortkey, m - j) % cap
            if not _insert(table, mask, ckey[k]):
                continue
            i = cparent[k]
            d = cmove[k]
            at = (parity * width + i) * cells
            to = (nxt * width + kept) * cells
            p = 0
            for x in range(cells):
                boards[nxt, kept, x] = boards[parity, i, x]
                flat_places[to + x] = flat_places[at + x]
                if boards[parity, i, x] == 0:
                    p = x
            q = p + step_r[d] * cols + step_c[d]
            t = boards[parity, i, q]
            boards[nxt, kept, p] = t
            boards[nxt, kept, q] = 0
            flat_places[to + t] = p
            flat_places[to] = q
            for g in range(group_tiles.shape[0]):
                values[nxt, kept, g] = values[parity, i, g]
            g = group_of[t]
            if g >= 0:
                values[nxt, kept, g] = cvalue[k]
            ranks[nxt, kept] = crank[k]
            bkeys[nxt, kept] = ckey[k]
            lasts[nxt, kept] = d
            parents[base + kept] = i
            moves[base + kept] = d
            kept += 1
            if crank[k] == 0:
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
    state[3] = expanded
    return 2


@compiled
def _path(parents: Array, moves: Array, offsets: Array, level: int, index: int) -> Array:
    """Read the moves back from the goal's entry through the parents' indices."""
    out = np.empty(level, dtype=np.int8)
    for depth in range(level, 0, -1):
        entry = offsets[depth - 1] + index
        out[depth - 1] = moves[entry]
        index = parents[entry]
    return out


@compiled
def _grow(table: Array) -> Array:
    """The same keys in a table four times the size."""
    bigger = np.zeros(4 * table.shape[0], dtype=np.uint64)
    for i in range(table.shape[0]):
        if table[i] != 0:
            _insert(bigger, bigger.shape[0] - 1, table[i])
    return bigger


@inlined
def _slot(table: Array, mask: int, key: np.uint64) -> np.int64:
    """Where ``key`` is in the open-addressed table, or the empty slot where it would go."""
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
