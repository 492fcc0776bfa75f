"""Batch-weighted A* over built-in heuristics, compiled: the numba mirror of the one loop.

`slidingtiles.search._bwas.bwas_loop` is the library's batch-weighted A*;
the pure-Python engine runs it over numpy batches. This kernel runs the same
loop, step for step, on boards of at most 16 cells packed 4 bits a cell in
one 64-bit key, with the heuristic looked up inside the kernel (Manhattan
distance, or additive digits tables with 8-bit entries maxed with their
reflection): pop the ``batch`` best nodes by ``den * g + num * h`` (ties to
the smaller h, then the older node), expand them together, value the new
children (one "call" per batch, counted as such), push those with
``g + h`` below the cut; a goal child becomes the incumbent, and the search
ends when the frontier's least f reaches its cost. States live in an
open-addressing hash table of their keys; closed states reached more
cheaply are reopened, as in the loop. The kernel returns to Python every
``stop_at`` expansions (the `Guard`'s checkpoints), all its state in arrays,
and grows its arrays itself.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numpy.typing import NDArray

from slidingtiles._engine.numba.jit import compiled, inlined

__all__ = ["BwasState", "new_state", "run"]

Array = NDArray[Any]
# meta slots
_NODES, _HEAP, _EXPANDED, _GENERATED, _REOPENED, _BATCHES, _CALLS, _BOARDS = range(8)
_BEST, _BEST_COST, _MAX_FRONTIER, _FILLED = 8, 9, 10, 11
_META = 12
_EMPTY = np.uint64(0xFFFFFFFFFFFFFFFF)
# status
DONE, PAUSED, EXHAUSTED = 0, 1, 2
_SHIFT_F = 43
_SHIFT_H = 32

BwasState = tuple[
    Array, Array, Array, Array, Array, Array, Array, Array, Array, Array, Array, Array
]


def new_state(
    key: int, blank: int, h0: int, num: int, row: Array, capacity: int = 1 << 16
) -> BwasState:
    """The arrays of a search from one key: the root stored, on the heap, in the hash table;
    ``row`` the root's group entries (each node keeps its own, for its children's values)."""
    keys = np.zeros(capacity, dtype=np.uint64)
    parent = np.full(capacity, -1, dtype=np.int32)
    g = np.zeros(capacity, dtype=np.int32)
    h = np.zeros(capacity, dtype=np.int32)
    move = np.full(capacity, -1, dtype=np.int8)
    blanks = np.zeros(capacity, dtype=np.int8)
    closed = np.zeros(capacity, dtype=np.bool_)
    slots = np.full(capacity * 2, _EMPTY, dtype=np.uint64)
    where = np.full(capacity * 2, -1, dtype=np.int32)
    heap = np.zeros(capacity, dtype=np.int64)
    meta = np.zeros(_META, dtype=np.int64)
    entries = np.zeros((capacity, len(row)), dtype=np.uint8)
    entries[0] = row
    keys[0], blanks[0], h[0] = key, blank, h0
    meta[_NODES], meta[_BEST], meta[_BEST_COST] = 1, -1, 1 << 40
    meta[_CALLS], meta[_BOARDS], meta[_FILLED] = 1, 1, 1
    heap[0] = (num * h0 << _SHIFT_F) | (h0 << _SHIFT_H)
    meta[_HEAP] = 1
    _insert(slots, where, np.uint64(key), 0)
    return keys, parent, g, h, move, blanks, closed, slots, where, heap, meta, entries


@inlined
def _mix(key: Any) -> Any:
    key ^= key >> np.uint64(33)
    key *= np.uint64(0xFF51AFD7ED558CCD)
    key ^= key >> np.uint64(33)
    return key


@inlined
def _find(slots: Array, where: Array, key: Any) -> Any:
    mask = np.uint64(len(slots) - 1)
    i = _mix(key) & mask
    while True:
        k = slots[i]
        if k == key:
            return where[i]
        if k == _EMPTY:
            return -1
        i = (i + np.uint64(1)) & mask


@compiled
def _insert(slots: Array, where: Array, key: Any, node: int) -> None:
    mask = np.uint64(len(slots) - 1)
    i = _mix(key) & mask
    while slots[i] != _EMPTY:
        i = (i + np.uint64(1)) & mask
    slots[i] = key
    where[i] = node


@inlined
def _push(heap: Array, size: int, item: Any) -> None:
    i = size
    heap[i] = item
    while i > 0:
        up = (i - 1) >> 1
        if heap[up] <= heap[i]:
            break
        heap[up], heap[i] = heap[i], heap[up]
        i = up


@inlined
def _pop(heap: Array, size: int) -> Any:
    top = heap[0]
    size -= 1
    heap[0] = heap[size]
    i = 0
    while True:
        left = 2 * i + 1
        if left >= size:
            break
        small = left
        if left + 1 < size and heap[left + 1] < heap[left]:
            small = left + 1
        if heap[i] <= heap[small]:
            break
        heap[i], heap[small] = heap[small], heap[i]
        i = small
    return top


@inlined
def _cells_of(key: Any, cells: int, moved_to: Array, relabel: Array, cell_of: Array) -> None:
    for c in range(cells):  # the board in the tables' frame: tile t at cell cell_of[t]
        t = int((key >> np.uint64(4 * c)) & np.uint64(15))
        cell_of[relabel[t]] = moved_to[c]


@inlined
def _lookup(
    cell_of: Array, cells: int, gtiles: Array, gstart: Array, table: Array, toff: Array, grp: int
) -> Any:
    index = 0
    power = 1
    for j in range(gstart[grp], gstart[grp + 1]):
        index += cell_of[gtiles[j]] * power
        power *= cells
    return table[toff[grp] + index]


@compiled
def full_value(
    key: Any,
    cells: int,
    kind: int,
    dist: Array,
    moved_to: Array,
    relabel: Array,
    gtiles: Array,
    gstart: Array,
    group_of: Array,
    table: Array,
    toff: Array,
    reflect: bool,
    mirror: Array,
    transpose: Array,
    row: Array,
) -> int:
    """A board's value from scratch, each group's (and reflection's) entry kept in ``row``."""
    if kind == 0:
        total = 0
        for c in range(cells):
            total += dist[int((key >> np.uint64(4 * c)) & np.uint64(15)) * cells + c]
        return total
    cell_of = np.zeros(cells, dtype=np.int64)
    mirrored = np.zeros(cells, dtype=np.int64)
    _cells_of(key, cells, moved_to, relabel, cell_of)
    groups = len(gstart) - 1
    total = 0
    for grp in range(groups):
        row[grp] = _lookup(cell_of, cells, gtiles, gstart, table, toff, grp)
        total += row[grp]
    if reflect:
        for t in range(cells):
            mirrored[mirror[t]] = transpose[cell_of[t]]
        other = 0
        for grp in range(groups):
            row[groups + grp] = _lookup(mirrored, cells, gtiles, gstart, table, toff, grp)
            other += row[groups + grp]
        total = max(total, other)
    return total


@compiled
def _grow_nodes(arrays: Any, size: int) -> Any:
    keys, parent, g, h, move, blanks, closed, entries = arrays
    n = len(keys)
    k2 = np.zeros(size, dtype=np.uint64)
    p2 = np.full(size, -1, dtype=np.int32)
    g2 = np.zeros(size, dtype=np.int32)
    h2 = np.zeros(size, dtype=np.int32)
    m2 = np.full(size, -1, dtype=np.int8)
    b2 = np.zeros(size, dtype=np.int8)
    c2 = np.zeros(size, dtype=np.bool_)
    k2[:n], p2[:n], g2[:n], h2[:n] = keys, parent, g, h
    m2[:n], b2[:n], c2[:n] = move, blanks, closed
    e2 = np.zeros((size, entries.shape[1]), dtype=np.uint8)
    e2[:n] = entries
    return k2, p2, g2, h2, m2, b2, c2, e2


@compiled
def _rehash(keys: Array, count: int, size: int) -> Any:
    slots = np.full(size, _EMPTY, dtype=np.uint64)
    where = np.full(size, -1, dtype=np.int32)
    for node in range(count):
        _insert(slots, where, keys[node], node)
    return slots, where


@compiled
def run(
    state: Any,
    cells: int,
    neighbours: Array,
    goal_key: Any,
    num: int,
    den: int,
    batch: int,
    cut0: int,
    stop_at: int,
    kind: int,
    dist: Array,
    moved_to: Array,
    relabel: Array,
    gtiles: Array,
    gstart: Array,
    group_of: Array,
    table: Array,
    toff: Array,
    reflect: bool,
    mirror: Array,
    transpose: Array,
) -> Any:
    """Search until done (0), paused at ``stop_at`` expansions (1) or out of nodes (2)."""
    keys, parent, g, h, move, blanks, closed, slots, where, heap, meta, entries = state
    cell_of = np.zeros(cells, dtype=np.int64)
    mirrored = np.zeros(cells, dtype=np.int64)
    groups = len(gstart) - 1
    picked = np.zeros(batch, dtype=np.int32)
    fresh = np.zeros(batch * 4, dtype=np.int32)
    best_cost = meta[_BEST_COST]
    cut = min(cut0, best_cost)
    status = EXHAUSTED
    mask_h = np.int64((1 << (_SHIFT_F - _SHIFT_H)) - 1)
    mask_id = np.int64((1 << _SHIFT_H) - 1)
    while meta[_HEAP] > 0:
        if (heap[0] >> _SHIFT_F) >= den * best_cost:
            status = DONE
            break
        if meta[_EXPANDED] >= stop_at:
            status = PAUSED
            break
        taken = 0
        while meta[_HEAP] > 0 and taken < batch:
            top = heap[0]
            node = top & mask_id
            f = top >> _SHIFT_F
            if closed[node] or f != den * g[node] + num * h[node]:
                _pop(heap, meta[_HEAP])
                meta[_HEAP] -= 1
                continue  # stale
            if f >= den * best_cost:
                break
            _pop(heap, meta[_HEAP])
            meta[_HEAP] -= 1
            closed[node] = True
            picked[taken] = node
            taken += 1
        if taken == 0:
            continue
        meta[_BATCHES] += 1
        meta[_EXPANDED] += taken
        # room for every child: nodes, hash table at most half full, heap
        need = meta[_NODES] + 4 * taken
        if need >= len(keys):
            size = 2 * len(keys)
            while size <= need:
                size *= 2
            keys, parent, g, h, move, blanks, closed, entries = _grow_nodes(
                (keys, parent, g, h, move, blanks, closed, entries), size
            )
        if 2 * need >= len(slots):
            slots, where = _rehash(keys, meta[_NODES], 4 * len(slots))
        if meta[_HEAP] + 4 * taken >= len(heap):
            bigger = np.zeros(2 * len(heap) + 4 * taken, dtype=np.int64)
            bigger[: meta[_HEAP]] = heap[: meta[_HEAP]]
            heap = bigger
        n_fresh = 0
        for b in range(taken):
            node = picked[b]
            key = keys[node]
            blank = blanks[node]
            ng = g[node] + 1
            back = blanks[parent[node]] if node > 0 else -1
            for d in range(4):
                to = neighbours[blank, d]
                if to < 0:
                    continue
                meta[_GENERATED] += 1
                if to == back:
                    continue  # the parent, at a smaller g: the loop finds it and moves on
                tile = (key >> np.uint64(4 * to)) & np.uint64(15)
                child = (key & ~(np.uint64(15) << np.uint64(4 * to))) | (
                    tile << np.uint64(4 * blank)
                )
                old = _find(slots, where, child)
                if old < 0:
                    new = meta[_NODES]
                    meta[_NODES] += 1
                    keys[new], parent[new], g[new], move[new] = child, node, ng, d
                    blanks[new], closed[new], h[new] = to, False, -1
                    _insert(slots, where, child, new)
                    if child == goal_key:
                        h[new] = 0
                        if ng < cut:
                            best_cost = ng
                            cut = ng
                            meta[_BEST] = new
                    else:
                        fresh[n_fresh] = new
                        n_fresh += 1
                elif ng < g[old]:
                    parent[old], move[old], g[old] = node, d, ng
                    if h[old] < 0:
                        continue  # waiting for its value, in this batch
                    if child == goal_key:
                        if ng < cut:
                            best_cost = ng
                            cut = ng
                            meta[_BEST] = old
                        continue
                    if closed[old]:
                        closed[old] = False
                        meta[_REOPENED] += 1
                    if ng + h[old] < cut:
                        _push(
                            heap,
                            meta[_HEAP],
                            ((den * ng + num * h[old]) << _SHIFT_F)
                            | (np.int64(h[old]) << _SHIFT_H)
                            | old,
                        )
                        meta[_HEAP] += 1
        if n_fresh > 0:
            meta[_CALLS] += 1
            meta[_BOARDS] += n_fresh
            for i in range(n_fresh):
                new = fresh[i]
                par = parent[new]
                into = blanks[par]  # the cell the moved tile went to: only its entries change
                tile = int((keys[new] >> np.uint64(4 * into)) & np.uint64(15))
                if kind == 0:
                    value = h[par] - dist[tile * cells + blanks[new]] + dist[tile * cells + into]
                else:
                    _cells_of(keys[new], cells, moved_to, relabel, cell_of)
                    moved = relabel[tile]
                    changed = group_of[moved]
                    value = 0
                    for grp in range(groups):
                        v = entries[par, grp]
                        if grp == changed:
                            v = _lookup(cell_of, cells, gtiles, gstart, table, toff, grp)
                        entries[new, grp] = v
                        value += v
                    if reflect:
                        for t in range(cells):
                            mirrored[mirror[t]] = transpose[cell_of[t]]
                        changed = group_of[mirror[moved]]
                        other = 0
                        for grp in range(groups):
                            v = entries[par, groups + grp]
                            if grp == changed:
                                v = _lookup(mirrored, cells, gtiles, gstart, table, toff, grp)
                            entries[new, groups + grp] = v
                            other += v
                        value = max(value, other)
                h[new] = value
                if g[new] + value < cut:
                    _push(
                        heap,
                        meta[_HEAP],
                        ((den * g[new] + num * value) << _SHIFT_F)
                        | ((value & mask_h) << _SHIFT_H)
                        | new,
                    )
                    meta[_HEAP] += 1
        if meta[_HEAP] > meta[_MAX_FRONTIER]:
            meta[_MAX_FRONTIER] = meta[_HEAP]
    if status == EXHAUSTED and meta[_BEST] >= 0:
        status = DONE
    meta[_BEST_COST] = best_cost
    return status, (keys, parent, g, h, move, blanks, closed, slots, where, heap, meta, entries)


@compiled
def lower_bound(state: Any, best_cost: int) -> int:
    """The least g + h on the frontier's live entries, and the answer's cost."""
    closed, h, g, heap, meta = state[6], state[3], state[2], state[9], state[10]
    low = best_cost
    mask_id = np.int64((1 << _SHIFT_H) - 1)
    for i in range(meta[_HEAP]):
        node = heap[i] & mask_id
        if not closed[node] and h[node] >= 0 and g[node] + h[node] < low:
            low = g[node] + h[node]
    return low


def path(state: BwasState) -> list[int]:
    """The moves (direction codes) from the root to the incumbent."""
    parent, move, meta = state[1], state[4], state[10]
    node = int(meta[_BEST])
    codes: list[int] = []
    while node > 0:
        codes.append(int(move[node]))
        node = int(parent[node])
    codes.reverse()
    return codes


def counters(state: BwasState) -> dict[str, int]:
    """The search's counts by name."""
    meta = state[10]
    return {
        "expanded": int(meta[_EXPANDED]),
        "generated": int(meta[_GENERATED]),
        "reopened": int(meta[_REOPENED]),
        "batches": int(meta[_BATCHES]),
        "calls": int(meta[_CALLS]),
        "boards": int(meta[_BOARDS]),
        "max_frontier": int(meta[_MAX_FRONTIER]),
        "nodes": int(meta[_NODES]),
        "best": int(meta[_BEST]),
        "best_cost": int(meta[_BEST_COST]),
    }


def heuristic_plan(
    rows: int, cols: int, goal: tuple[int, ...], db: Any | None
) -> tuple[Any, ...] | None:
    """The kernel's heuristic arrays: Manhattan (``db`` None) or digits u8 tables; else None."""
    cells = rows * cols
    if cells > 16:
        return None
    ident = np.arange(cells, dtype=np.int64)
    empty = np.zeros(1, dtype=np.int64)
    if db is None:
        home = [0] * cells
        for cell, t in enumerate(goal):
            home[t] = cell
        dist = np.zeros(cells * cells, dtype=np.int64)
        for t in range(1, cells):
            for c in range(cells):
                dist[t * cells + c] = abs(c // cols - home[t] // cols) + abs(
                    c % cols - home[t] % cols
                )
        table = np.zeros(1, dtype=np.uint8)
        return (
            0,
            dist,
            ident,
            ident,
            empty,
            np.zeros(2, dtype=np.int64),
            ident,
            table,
            empty,
            False,
            ident,
            ident,
        )
    if db.entry != "u8-moves" or any(e != "digits" for e in db.encodings):
        return None
    frame = db.frame
    canon = db if frame is None else db.for_goal(db.goal)
    moved_to, relabel = ident, ident
    if frame is not None:
        moved_to = np.array(frame.symmetry.cells, dtype=np.int64)
        relabel = np.array(frame.relabel, dtype=np.int64)
    buffer, offsets = canon.contiguous()
    table = np.frombuffer(buffer, dtype=np.uint8)
    gtiles = np.array([t for group in canon.groups for t in group], dtype=np.int64)
    gstart = np.cumsum([0] + [len(group) for group in canon.groups]).astype(np.int64)
    group_of = np.full(cells, -1, dtype=np.int64)
    for index, group in enumerate(canon.groups):
        group_of[list(group)] = index
    reflect = bool(canon.reflect and not canon.perfect)
    mirror = np.array(canon.mirror, dtype=np.int64) if reflect else ident
    transpose = np.array(canon.transpose or range(cells), dtype=np.int64) if reflect else ident
    return (
        1,
        empty,
        moved_to,
        relabel,
        gtiles,
        gstart,
        group_of,
        table,
        np.array(offsets[: len(canon.groups)], dtype=np.int64),
        reflect,
        mirror,
        transpose,
    )


def pack(tiles: Any) -> int:
    """Tiles (at most 16) as a 64-bit key, 4 bits a cell."""
    key = 0
    for cell, t in enumerate(tiles):
        key |= int(t) << (4 * cell)
    return key


def bwas_tables(
    tiles: tuple[int, ...],
    goal: tuple[int, ...],
    rows: int,
    cols: int,
    plan: tuple[Any, ...],
    h0: int,
    num: int,
    den: int,
    batch: int,
    cut: int,
    guard: Any,
) -> tuple[list[int] | None, dict[str, int], int]:
    """The search from ``tiles``: direction codes of the answer (None: none under ``cut``),
    the counts, and the frontier's lower bound; limits through ``guard`` between pauses."""
    from slidingtiles._board.geometry import neighbour_table

    cells = rows * cols
    neighbours = np.array(neighbour_table(rows, cols), dtype=np.int64)
    key = pack(tiles)
    row = np.zeros(2 * max(1, len(plan[5]) - 1), dtype=np.uint8)
    arguments = (np.uint64(key), cells, *plan, row)
    h0 = int(full_value(*arguments))  # the kernel's own value, its entries in row
    state = new_state(key, tiles.index(0), h0, num, row)
    goal_key = np.uint64(pack(goal))
    checkpoint = guard.first_checkpoint()
    while True:
        status, state = run(
            state, cells, neighbours, goal_key, num, den, batch, cut, checkpoint, *plan
        )
        counts = counters(state)
        if status != PAUSED:
            break
        checkpoint = guard.check(
            counts["expanded"],
            counts["generated"],
            counts["max_frontier"],
            counts["reopened"],
            counts["batches"],
            counts["nodes"],
        )
    if counts["best"] < 0:
        return None, counts, cut
    return path(state), counts, int(lower_bound(state, counts["best_cost"]))
