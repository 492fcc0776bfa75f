"""Batch-weighted A* over built-in heuristics, compiled: the numba mirror of the one loop.

`slidingtiles.search._bwas.bwas_loop` is the library's batch-weighted A*;
the pure-Python engine runs it over numpy batches. This kernel runs the same
loop, step for step, with the heuristic looked up inside the kernel
(Manhattan distance on boards of up to 127 cells, or additive digits tables
with 8-bit entries maxed with their reflection on up to 16 cells). A board of
at most 16 cells is its own 64-bit key, 4 bits a cell; a larger one ("wide")
is keyed by its Zobrist hash (a child's is its parent's with two entries
XORed out and in), its tiles kept one byte a cell beside it, and a key found
in the seen table counts as the board only when those tiles match. Each step
pops the ``batch`` best nodes by ``den * g + num * h`` (ties to the smaller h,
then the earlier push), expands them together, values the new children (one
"call" per batch, counted as such), pushes those with
``g + h`` below the cut; a goal child becomes the incumbent, and the search
ends when the frontier's least f reaches its cost. Closed states reached
more cheaply are reopened, as in the loop.

The bookkeeping, chosen for its cost per node (docs/measurements/bwas.md):

- The open list is a bucketed queue: one first-in-first-out list per
  ``(g, h)`` (which fixes f), entries in one pool of ``(node, next)`` pairs,
  and a small binary heap of the non-empty buckets' ``(f, h)`` keys (a few
  hundred at most), so a push or a pop touches a few words instead of the
  log n cache lines of a binary heap over every entry.
- The seen table is an open-addressing hash of the 64-bit keys, each slot
  the key and its node side by side (one cache line a probe).
- A child's value is the parent's group entries with only the moved tile's
  group looked up again (and its reflection's), found from the node's tiles'
  cells in the tables' frame (``spots``: the moved tile's cell changes,
  nothing else); a batch first makes every child and asks the CPU for its
  seen-table slot and table entries (`prefetch`), then reads them in order.
- A child that is the node's parent now (the cell the node's move came
  from) is skipped: its g is smaller.
- `_steps` reads every array through a raw pointer and rebinds none (numba's
  atomic reference counts had taken half the time) until an array is full;
  `run` then grows the state in numpy (huge pages for the big arrays) and
  calls it again.

`run` also returns to Python every ``stop_at`` expansions (the `Guard`'s
checkpoints), all its state in arrays. Memory: about 90 bytes a stored
node on the 15-puzzle (docs/measurements/bwas.md), plus one byte a cell
for a wide board.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numpy.typing import NDArray

from slidingtiles._engine.numba.jit import compiled, inlined, pointer, prefetch

__all__ = ["BwasState", "new_state", "run"]

Array = NDArray[Any]
# meta slots
_NODES, _QUEUED, _EXPANDED, _GENERATED, _REOPENED, _BATCHES, _CALLS, _BOARDS = range(8)
_BEST, _BEST_COST, _MAX_FRONTIER, _POOL, _KEYS, _G_WIDTH, _H_WIDTH, _MAX_G = range(8, 16)
_META = 16
_EMPTY = np.uint64(0)  # no board's key: every board has a tile other than the blank
# status
DONE, PAUSED, EXHAUSTED, _NEED_ROOM = 0, 1, 2, 3
# a bucket's key in the heap of buckets: f above these bits, h below
_SHIFT_F = 24
_MASK_H = (1 << _SHIFT_F) - 1

#: keys, parent, g, h, move, blanks, closed, entries (the nodes); slots (the seen table);
#: pool_node, pool_next, head, tail, buckets (the open list); meta (the counters); spots
#: (each node's tiles' cells in the tables' frame, 4 bits a tile: its children's lookups);
#: boards (a wide board's tiles, one byte a cell; a 1x1 stand-in otherwise).
BwasState = tuple[
    Array,
    Array,
    Array,
    Array,
    Array,
    Array,
    Array,
    Array,
    Array,
    Array,
    Array,
    Array,
    Array,
    Array,
    Array,
    Array,
    Array,
]


def new_state(
    key: int,
    blank: int,
    h0: int,
    num: int,
    row: Array,
    h_limit: int,
    spot: int = 0,
    tiles: Any = None,
    capacity: int = 1 << 12,
) -> BwasState:
    """The arrays of a search from one key: the root stored, queued, in the seen table;
    ``row`` the root's group entries (each node keeps its own, for its children's values),
    ``h_limit`` the largest value the heuristic can take (the bucket grid's width in h),
    ``spot`` the root's tiles' cells in the tables' frame (`frame_spots`), ``tiles``
    the root's tiles for a wide board (None: a board of at most 16 cells)."""
    keys = np.zeros(capacity, dtype=np.uint64)
    parent = np.full(capacity, -1, dtype=np.int32)
    g = np.zeros(capacity, dtype=np.int32)
    h = np.zeros(capacity, dtype=np.int32)
    move = np.full(capacity, -1, dtype=np.int8)
    blanks = np.zeros(capacity, dtype=np.int8)
    closed = np.zeros(capacity, dtype=np.uint8)  # 1: expanded (a byte: read by pointer)
    entries = np.zeros((capacity, len(row)), dtype=np.uint8)
    slots = np.zeros(4 * capacity, dtype=np.uint64)  # all empty
    pool_node = np.zeros(capacity, dtype=np.int32)
    pool_next = np.zeros(capacity, dtype=np.int32)
    g_width, h_width = 64, max(h_limit, h0) + 1
    head = np.full(g_width * h_width, -1, dtype=np.int32)
    tail = np.full(g_width * h_width, -1, dtype=np.int32)
    buckets = np.zeros(256, dtype=np.int64)
    meta = np.zeros(_META, dtype=np.int64)
    spots = np.zeros(capacity, dtype=np.uint64)
    spots[0] = spot
    if tiles is None:
        boards = np.zeros((1, 1), dtype=np.uint8)
    else:
        boards = np.zeros((capacity, len(tiles)), dtype=np.uint8)
        boards[0] = tiles
    entries[0] = row
    keys[0], blanks[0], h[0] = key, blank, h0
    meta[_NODES], meta[_BEST], meta[_BEST_COST] = 1, -1, 1 << 40
    meta[_CALLS], meta[_BOARDS] = 1, 1
    meta[_G_WIDTH], meta[_H_WIDTH] = g_width, h_width
    _insert(slots, np.uint64(key), 0)
    _enqueue(pool_node, pool_next, head, tail, buckets, meta, 0, 0, h0, num * h0)
    return (
        keys,
        parent,
        g,
        h,
        move,
        blanks,
        closed,
        entries,
        slots,
        pool_node,
        pool_next,
        head,
        tail,
        buckets,
        meta,
        spots,
        boards,
    )


#: The most cells the kernel takes (a blank's cell is a signed byte).
MAX_CELLS = 127
# a wide key's top bit, set so that no key is the empty slot's 0
_TOP = np.uint64(1 << 63)


@inlined
def _mix(key: Any) -> Any:
    key ^= key >> np.uint64(33)
    key *= np.uint64(0xFF51AFD7ED558CCD)
    key ^= key >> np.uint64(33)
    return key


@inlined
def _find(slots: Array, key: Any) -> Any:
    """The node stored under ``key`` (-1: none); a slot is (key, node) at 2i, 2i + 1."""
    mask = np.uint64((len(slots) >> 1) - 1)
    i = _mix(key) & mask
    while True:
        k = slots[2 * i]
        if k == key:
            return np.int64(slots[2 * i + 1])
        if k == _EMPTY:
            return np.int64(-1)
        i = (i + np.uint64(1)) & mask


@inlined
def _insert(slots: Array, key: Any, node: int) -> None:
    mask = np.uint64((len(slots) >> 1) - 1)
    i = _mix(key) & mask
    while slots[2 * i] != _EMPTY:
        i = (i + np.uint64(1)) & mask
    slots[2 * i] = key
    slots[2 * i + 1] = np.uint64(node)


@inlined
def _heap_push(heap: Array, size: int, item: Any) -> None:
    i = size
    heap[i] = item
    while i > 0:
        up = (i - 1) >> 1
        if heap[up] <= heap[i]:
            break
        heap[up], heap[i] = heap[i], heap[up]
        i = up


@inlined
def _heap_pop(heap: Array, size: int) -> None:
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


@inlined
def _enqueue(
    pool_node: Array,
    pool_next: Array,
    head: Array,
    tail: Array,
    buckets: Array,
    meta: Array,
    node: int,
    g: int,
    h: int,
    f: int,
) -> None:
    """Append ``node`` to bucket (g, h); a bucket that was empty enters the heap of buckets.

    The caller made room: a free pool entry, ``g`` and ``h`` inside the bucket grid,
    a free place in ``buckets``."""
    entry = meta[_POOL]
    meta[_POOL] += 1
    pool_node[entry] = node
    pool_next[entry] = -1
    b = g * meta[_H_WIDTH] + h
    if head[b] < 0:
        head[b] = entry
        _heap_push(buckets, meta[_KEYS], _bucket_key(f, h))
        meta[_KEYS] += 1
    else:
        pool_next[tail[b]] = entry
    tail[b] = entry
    meta[_QUEUED] += 1


@compiled
def _rehash(keys: Array, count: int, slots: Array) -> None:
    """The first ``count`` keys stored in an empty seen table."""
    for node in range(count):
        _insert(slots, keys[node], node)


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


@inlined
def _index(spot: Any, cells: int, gtiles: Any, gstart: Any, grp: int) -> Any:
    """Group ``grp``'s digits index from a board's spots (tile t's cell in bits 4t..4t+3)."""
    index: Any = 0
    power = 1
    for j in range(gstart[grp], gstart[grp + 1]):
        index += np.int64((spot >> np.uint64(4 * gtiles[j])) & np.uint64(15)) * power
        power *= cells
    return index


@inlined
def _index_reflected(
    spot: Any, cells: int, gtiles: Any, gstart: Any, grp: int, unmirror: Any, transpose: Any
) -> Any:
    """`_index` of the board's reflection: its tile u is tile ``unmirror[u]`` reflected."""
    index = 0
    power = 1
    for j in range(gstart[grp], gstart[grp + 1]):
        cell = (spot >> np.uint64(4 * unmirror[gtiles[j]])) & np.uint64(15)
        index += transpose[np.int64(cell)] * power
        power *= cells
    return index


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
    unmirror: Array,
    wide: bool,
    zobrist: Array,
    goal_row: Array,
    row: Array,
) -> int:
    """A board's value from scratch, each group's (and reflection's) entry kept in ``row``
    (a board of at most 16 cells: a wide board's is `wide_value`)."""
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


@inlined
def _heap_pop_at(heap: Any, size: int) -> None:
    """`_heap_pop` on a raw pointer."""
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


@inlined
def _bucket_key(f: Any, h: Any) -> Any:
    """A bucket's place in the heap of buckets: by f, then h."""
    return (np.int64(f) << _SHIFT_F) | h


@inlined
def _append_at(
    pool_node: Any,
    pool_next: Any,
    head: Any,
    tail: Any,
    buckets: Any,
    keys_in_heap: int,
    entry: int,
    node: int,
    bucket: int,
    bucket_key: Any,
) -> int:
    """Pool ``entry`` (``node``) appended to ``bucket``, on raw pointers; a bucket that was
    empty enters the heap of buckets. Returns the heap's new size."""
    pool_node[entry] = node
    pool_next[entry] = -1
    if head[bucket] < 0:
        head[bucket] = entry
        i = keys_in_heap
        buckets[i] = bucket_key
        while i > 0:
            up = (i - 1) >> 1
            if buckets[up] <= buckets[i]:
                break
            buckets[up], buckets[i] = buckets[i], buckets[up]
            i = up
        keys_in_heap += 1
    else:
        pool_next[tail[bucket]] = entry
    tail[bucket] = entry
    return keys_in_heap


@inlined
def _same_child(boards: Any, cells: int, found: Any, node: Any, blank: Any, to: Any) -> bool:
    """Whether wide board ``found`` is ``node``'s with the blank moved from ``blank`` to ``to``."""
    for c in range(cells):
        expected = boards[node * cells + c]
        if c == blank:
            expected = boards[node * cells + to]
        elif c == to:
            expected = 0
        if boards[found * cells + c] != expected:
            return False
    return True


@inlined
def _is_row(boards: Any, cells: int, node: Any, row: Any) -> bool:
    """Whether wide board ``node`` has the tiles of ``row``."""
    same = True
    for c in range(cells):
        if boards[node * cells + c] != row[c]:
            same = False
            break
    return same


@compiled
def _steps(
    keys: Array,
    parent: Array,
    g: Array,
    h: Array,
    move: Array,
    blanks: Array,
    closed: Array,
    entries: Array,
    slots: Array,
    pool_node: Array,
    pool_next: Array,
    head: Array,
    tail: Array,
    buckets: Array,
    meta: Array,
    spots: Array,
    wide_tiles: Array,
    scratch: tuple[Array, ...],
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
    unmirror: Array,
    wide: bool,
    zobrist: Array,
    goal_row: Array,
) -> int:
    """The search's batches while its arrays have room for one more: the status, or
    ``_NEED_ROOM`` (the caller grows them and calls again).

    Every array is read through a raw pointer and no array is rebound, so numba counts
    no references inside the loop (its atomic counts took half the time), and the
    counters stay in locals until the end. Each batch first makes all its children's keys
    and asks the CPU for their seen-table slots (`prefetch`), then looks them up in the
    same order: the cache misses of a batch overlap instead of queueing.
    """
    picked_a, fresh_a, kid_key_a, kid_slot_a, kid_node_a = scratch[:5]
    kid_dir_a, kid_to_a, place_a, place_m_a = scratch[5:]
    wp, place, place_m = pointer(spots), pointer(place_a), pointer(place_m_a)
    kp, pp, gp, hp = pointer(keys), pointer(parent), pointer(g), pointer(h)
    mp, bp, cp, ep = pointer(move), pointer(blanks), pointer(closed), pointer(entries)
    sp, pn, px = pointer(slots), pointer(pool_node), pointer(pool_next)
    hd, tl, bk = pointer(head), pointer(tail), pointer(buckets)
    picked, fresh = pointer(picked_a), pointer(fresh_a)
    kid_key, kid_slot, kid_node = pointer(kid_key_a), pointer(kid_slot_a), pointer(kid_node_a)
    kid_dir, kid_to = pointer(kid_dir_a), pointer(kid_to_a)
    nb, dp, mt, rl = pointer(neighbours), pointer(dist), pointer(moved_to), pointer(relabel)
    gt, gs, go, tb, to_ = (
        pointer(gtiles),
        pointer(gstart),
        pointer(group_of),
        pointer(table),
        pointer(toff),
    )
    mr, tr, mi = pointer(mirror), pointer(transpose), pointer(unmirror)
    wb, zp, gr = pointer(wide_tiles), pointer(zobrist), pointer(goal_row)
    width = entries.shape[1]
    groups = len(gstart) - 1
    mask = np.uint64((len(slots) >> 1) - 1)
    h_width = meta[_H_WIDTH]
    g_width = meta[_G_WIDTH]
    nodes, queued, expanded, generated = (
        meta[_NODES],
        meta[_QUEUED],
        meta[_EXPANDED],
        meta[_GENERATED],
    )
    reopened, batches, calls, boards = meta[_REOPENED], meta[_BATCHES], meta[_CALLS], meta[_BOARDS]
    best, best_cost, max_frontier = meta[_BEST], meta[_BEST_COST], meta[_MAX_FRONTIER]
    pool, in_heap, max_g = meta[_POOL], meta[_KEYS], meta[_MAX_G]
    cut = min(cut0, best_cost)
    room = 4 * batch
    status = EXHAUSTED
    while in_heap > 0:
        if (bk[0] >> _SHIFT_F) >= den * best_cost:
            status = DONE
            break
        if expanded >= stop_at:
            status = PAUSED
            break
        if (
            nodes + room >= len(keys)
            or 4 * (nodes + room) >= len(slots)
            or pool + room >= len(pool_node)
            or in_heap + room >= len(buckets)
            or max_g + 2 >= g_width
        ):
            status = _NEED_ROOM
            break
        taken = 0
        while in_heap > 0 and taken < batch:
            top = bk[0]
            f = top >> _SHIFT_F
            hb = top & _MASK_H
            gb = (f - num * hb) // den
            bucket = gb * h_width + hb
            entry = hd[bucket]
            node = pn[entry]
            live = cp[node] == 0 and gp[node] == gb
            if live and f >= den * best_cost:
                break
            following = px[entry]
            hd[bucket] = following  # taken off its bucket
            queued -= 1
            if following < 0:
                _heap_pop_at(bk, in_heap)
                in_heap -= 1
            if not live:
                continue  # stale: closed since, or queued again at a smaller g
            cp[node] = 1
            picked[taken] = node
            taken += 1
        if taken == 0:
            continue
        batches += 1
        expanded += taken
        kids = 0
        for i in range(taken):
            node = picked[i]
            key = kp[node]
            blank = np.int64(bp[node])
            back = nb[blank * 4 + (mp[node] ^ 1)] if node > 0 else -1
            for d in range(4):
                to = nb[blank * 4 + d]
                if to < 0:
                    continue
                generated += 1
                if wide:  # the moved tile's two Zobrist entries out and in (the blank's are 0)
                    moving = np.int64(wb[node * cells + to])
                    child = key ^ zp[moving * cells + to] ^ zp[moving * cells + blank]
                else:
                    tile = (key >> np.uint64(4 * to)) & np.uint64(15)
                    child = (key & ~(np.uint64(15) << np.uint64(4 * to))) | (
                        tile << np.uint64(4 * blank)
                    )
                slot = _mix(child) & mask
                if to != back:  # the parent's slot is not wanted (below), unless it changes
                    prefetch(sp, np.int64(slot << np.uint64(1)))
                kid_key[kids] = child
                kid_slot[kids] = slot
                kid_node[kids] = node
                kid_dir[kids] = d
                kid_to[kids] = to
                kids += 1
        n_fresh = 0
        for k in range(kids):
            node = kid_node[k]
            if node > 0 and kid_to[k] == nb[np.int64(bp[node]) * 4 + (mp[node] ^ 1)]:
                # the node's parent now (it may have changed in this batch), at g at most
                # the node's g - 1: the loop finds it and moves on
                continue
            child = kid_key[k]
            i = kid_slot[k]
            ng: Any = gp[node] + 1
            old: Any = np.int64(-1)
            blank = np.int64(bp[node])
            to = np.int64(kid_to[k])
            while True:
                stored = sp[2 * i]
                if stored == child:
                    found = np.int64(sp[2 * i + 1])
                    if not wide or _same_child(wb, cells, found, node, blank, to):
                        old = found
                        break
                if stored == _EMPTY:
                    break
                i = (i + np.uint64(1)) & mask
            if old < 0:
                new = nodes
                nodes += 1
                kp[new], pp[new], gp[new], mp[new] = child, node, ng, kid_dir[k]
                bp[new], cp[new], hp[new] = kid_to[k], 0, -1
                sp[2 * i] = child  # the empty slot the probe ended on
                sp[2 * i + 1] = np.uint64(new)
                if wide:
                    for c in range(cells):
                        wb[new * cells + c] = wb[node * cells + c]
                    wb[new * cells + blank] = wb[node * cells + to]
                    wb[new * cells + to] = 0
                if child == goal_key and (not wide or _is_row(wb, cells, new, gr)):
                    hp[new] = 0
                    if ng < cut:
                        best_cost = ng
                        cut = ng
                        best = new
                else:
                    fresh[n_fresh] = new
                    n_fresh += 1
            elif ng < gp[old]:
                pp[old], mp[old], gp[old] = node, kid_dir[k], ng
                if hp[old] < 0:
                    continue  # waiting for its value, in this batch
                if child == goal_key and (not wide or _is_row(wb, cells, old, gr)):
                    if ng < cut:
                        best_cost = ng
                        cut = ng
                        best = old
                    continue
                if cp[old]:
                    cp[old] = 0
                    reopened += 1
                value: Any = np.int64(hp[old])
                if ng + value < cut:
                    max_g = max(max_g, ng)
                    in_heap = _append_at(
                        pn,
                        px,
                        hd,
                        tl,
                        bk,
                        in_heap,
                        pool,
                        old,
                        ng * h_width + value,
                        _bucket_key(den * ng + num * value, value),
                    )
                    pool += 1
                    queued += 1
        if n_fresh > 0:
            calls += 1
            boards += n_fresh
            if kind != 0:
                # each child's moved tile, its spot updated, and the places of the entries
                # it changes, asked for ahead: the table's cache misses overlap too
                for i in range(n_fresh):
                    new = fresh[i]
                    par = np.int64(pp[new])
                    into = np.int64(bp[par])
                    tile = np.int64((kp[new] >> np.uint64(4 * into)) & np.uint64(15))
                    moved = np.int64(rl[tile])
                    shift = np.uint64(4 * moved)
                    spot = (wp[par] & ~(np.uint64(15) << shift)) | (np.uint64(mt[into]) << shift)
                    shift = np.uint64(4 * rl[0])  # and the blank's
                    spot = (spot & ~(np.uint64(15) << shift)) | (np.uint64(mt[bp[new]]) << shift)
                    wp[new] = spot
                    changed = go[moved]
                    at = to_[changed] + _index(spot, cells, gt, gs, changed)
                    place[i] = at
                    prefetch(tb, at)
                    if reflect:
                        changed = go[mr[moved]]
                        at = to_[changed] + _index_reflected(spot, cells, gt, gs, changed, mi, tr)
                        place_m[i] = at
                        prefetch(tb, at)
            for i in range(n_fresh):
                new = fresh[i]
                par = np.int64(pp[new])
                into = np.int64(bp[par])  # the moved tile's new cell: only its entries change
                tile = (
                    np.int64(wb[new * cells + into])
                    if wide
                    else np.int64((kp[new] >> np.uint64(4 * into)) & np.uint64(15))
                )
                if kind == 0:
                    value = hp[par] - dp[tile * cells + bp[new]] + dp[tile * cells + into]
                else:
                    moved = rl[tile]
                    changed = go[moved]
                    value = 0
                    for grp in range(groups):
                        v = tb[place[i]] if grp == changed else ep[par * width + grp]
                        ep[new * width + grp] = v
                        value += v
                    if reflect:
                        changed = go[mr[moved]]
                        other = 0
                        for grp in range(groups):
                            at = place_m[i] if grp == changed else -1
                            v = tb[at] if at >= 0 else ep[par * width + groups + grp]
                            ep[new * width + groups + grp] = v
                            other += v
                        value = max(value, other)
                hp[new] = value
                ng = np.int64(gp[new])
                if ng + value < cut:
                    max_g = max(max_g, ng)
                    in_heap = _append_at(
                        pn,
                        px,
                        hd,
                        tl,
                        bk,
                        in_heap,
                        pool,
                        new,
                        ng * h_width + value,
                        _bucket_key(den * ng + num * value, value),
                    )
                    pool += 1
                    queued += 1
        if queued > max_frontier:
            max_frontier = queued
    meta[_NODES], meta[_QUEUED], meta[_EXPANDED], meta[_GENERATED] = (
        nodes,
        queued,
        expanded,
        generated,
    )
    meta[_REOPENED], meta[_BATCHES], meta[_CALLS], meta[_BOARDS] = reopened, batches, calls, boards
    meta[_BEST], meta[_BEST_COST], meta[_MAX_FRONTIER] = best, best_cost, max_frontier
    meta[_POOL], meta[_KEYS], meta[_MAX_G] = pool, in_heap, max_g
    return status


def scratch_for(batch: int) -> tuple[Array, ...]:
    """The working arrays of `_steps` for batches of ``batch`` nodes."""
    room = 4 * batch
    return (
        np.zeros(batch, dtype=np.int64),  # the batch's nodes
        np.zeros(room, dtype=np.int64),  # its new children, to value
        np.zeros(room, dtype=np.uint64),  # the children's keys,
        np.zeros(room, dtype=np.uint64),  # seen-table slots,
        np.zeros(room, dtype=np.int64),  # parents,
        np.zeros(room, dtype=np.int64),  # directions
        np.zeros(room, dtype=np.int64),  # and blank cells;
        np.zeros(room, dtype=np.int64),  # the new children's changed entries' places
        np.zeros(room, dtype=np.int64),  # and their reflections'
    )


def _longer(array: Array, size: int, fill: Any = None) -> Array:
    """``array`` in a longer one, the new part ``fill`` (None: left unwritten, for arrays the
    search writes before it reads)."""
    bigger = np.empty((size, *array.shape[1:]), dtype=array.dtype)
    bigger[: len(array)] = array
    if fill is not None:
        bigger[len(array) :] = fill
    return bigger


def _grown(state: BwasState, batch: int) -> BwasState:
    """The state with room for one more batch of ``batch`` nodes: numpy allocates the
    larger arrays (with transparent huge pages for the big ones: fewer TLB misses)."""
    keys, parent, g, h, move, blanks, closed, entries, slots = state[:9]
    pool_node, pool_next, head, tail, buckets, meta, spots, boards = state[9:]
    room = 4 * batch
    need = int(meta[_NODES]) + room
    if need >= len(keys):
        size = 2 * len(keys)
        while size <= need:
            size *= 2
        keys, parent, g, h = (
            _longer(keys, size),
            _longer(parent, size),
            _longer(g, size),
            _longer(h, size),
        )
        move, blanks, closed = (
            _longer(move, size),
            _longer(blanks, size),
            _longer(closed, size),
        )
        entries, spots = _longer(entries, size), _longer(spots, size)
        if boards.shape[1] > 1:  # a wide board's tiles
            boards = _longer(boards, size)
    size = len(slots)
    while 4 * need >= size:
        size *= 2
    if size > len(slots):
        slots = np.zeros(size, dtype=np.uint64)  # all empty
        _rehash(keys, int(meta[_NODES]), slots)
    if int(meta[_POOL]) + room >= len(pool_node):
        size = 2 * len(pool_node) + room
        pool_node, pool_next = _longer(pool_node, size), _longer(pool_next, size)
    if int(meta[_KEYS]) + room >= len(buckets):
        buckets = _longer(buckets, 2 * len(buckets) + room)
    if int(meta[_MAX_G]) + 2 >= int(meta[_G_WIDTH]):
        g_width = int(meta[_G_WIDTH])
        while int(meta[_MAX_G]) + 2 >= g_width:
            g_width *= 2
        size = g_width * int(meta[_H_WIDTH])  # a bucket is g * h_width + h: the grid lengthens
        head, tail = _longer(head, size, -1), _longer(tail, size, -1)
        meta[_G_WIDTH] = g_width
    return (
        keys,
        parent,
        g,
        h,
        move,
        blanks,
        closed,
        entries,
        slots,
        pool_node,
        pool_next,
        head,
        tail,
        buckets,
        meta,
        spots,
        boards,
    )


def run(
    state: BwasState,
    scratch: tuple[Array, ...],
    *arguments: Any,
) -> tuple[int, BwasState]:
    """Search until done (0), paused at ``stop_at`` expansions (1) or out of nodes (2).

    ``arguments``: cells, neighbours, goal_key, num, den, batch, cut, stop_at and the
    heuristic plan, as `_steps` takes them; the state grows between its calls."""
    batch = int(arguments[5])
    while True:
        status = int(_steps(*state, scratch, *arguments))
        if status != _NEED_ROOM:
            break
        state = _grown(state, batch)
    meta = state[14]
    if status == EXHAUSTED and meta[_BEST] >= 0:
        status = DONE
    return status, state


@compiled
def lower_bound(state: Any, num: int, den: int, best_cost: int) -> int:
    """The least g + h on the frontier's live entries, and the answer's cost."""
    g, closed = state[2], state[6]
    pool_node, pool_next, head, buckets, meta = state[9], state[10], state[11], state[13], state[14]
    low = best_cost
    for k in range(meta[_KEYS]):
        f = buckets[k] >> _SHIFT_F
        hb = buckets[k] & _MASK_H
        gb = (f - num * hb) // den
        entry = head[gb * meta[_H_WIDTH] + hb]
        while entry >= 0:
            node = pool_node[entry]
            if not closed[node] and g[node] == gb and gb + hb < low:
                low = gb + hb
            entry = pool_next[entry]
    return low


def path(state: BwasState) -> list[int]:
    """The moves (direction codes) from the root to the incumbent."""
    parent, move, meta = state[1], state[4], state[14]
    node = int(meta[_BEST])
    codes: list[int] = []
    while node > 0:
        codes.append(int(move[node]))
        node = int(parent[node])
    codes.reverse()
    return codes


def counters(state: BwasState) -> dict[str, int]:
    """The search's counts by name."""
    meta = state[14]
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
        "bytes": sum(int(array.nbytes) for array in state),
    }


def heuristic_plan(
    rows: int, cols: int, goal: tuple[int, ...], db: Any | None
) -> tuple[Any, ...] | None:
    """The kernel's heuristic arrays: Manhattan (``db`` None, up to `MAX_CELLS` cells) or
    digits u8 tables (up to 16 cells); else None. Above 16 cells the board is wide: the plan
    ends with its Zobrist table and the goal's tiles."""
    cells = rows * cols
    wide = cells > 16
    if cells > MAX_CELLS or (wide and db is not None):
        return None
    zobrist = _zobrist(cells) if wide else np.zeros(1, dtype=np.uint64)
    goal_row = np.array(goal, dtype=np.uint8) if wide else np.zeros(1, dtype=np.uint8)
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
            ident,
            wide,
            zobrist,
            goal_row,
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
        np.argsort(mirror).astype(np.int64),
        False,
        zobrist,
        goal_row,
    )


def value_limit(plan: tuple[Any, ...], cells: int) -> int:
    """A bound on the plan's heuristic values: each tile's farthest distance summed, or
    255 (an 8-bit entry's largest) a group (a reflection reads the same groups)."""
    if plan[0] == 0:
        return int(plan[1].reshape(cells, cells).max(axis=1).sum())
    return 255 * (len(plan[5]) - 1)


def _zobrist(cells: int) -> Array:
    """Random 64-bit words per (tile, cell), the blank's 0 (fixed: the same in every process)."""
    words = np.random.default_rng(0x5EED_0F_B1A5).integers(
        0, 2**63, size=(cells, cells), dtype=np.uint64, endpoint=False
    )
    words[0] = 0
    return words.reshape(-1)


def wide_key(tiles: Any, zobrist: Array) -> int:
    """A wide board's key: its tiles' Zobrist words XORed, the top bit set."""
    cells = len(tiles)
    key = 0
    for cell, t in enumerate(tiles):
        key ^= int(zobrist[int(t) * cells + cell])
    return key | (1 << 63)


def frame_spots(tiles: Any, plan: tuple[Any, ...]) -> int:
    """Each tile's cell in the tables' frame, 4 bits a tile (frame tile ``relabel[t]`` sits at
    frame cell ``moved_to[c]`` when tile t is at cell c); 0 for Manhattan."""
    if plan[0] == 0:
        return 0
    moved_to, relabel = plan[2], plan[3]
    spot = 0
    for cell, t in enumerate(tiles):
        spot |= int(moved_to[cell]) << (4 * int(relabel[int(t)]))
    return spot


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
    row = np.zeros(2 * max(1, len(plan[5]) - 1), dtype=np.uint8)
    wide, zobrist = plan[13], plan[14]
    if wide:  # Manhattan: the sum of the tiles' distances
        key, goal_key = wide_key(tiles, zobrist), np.uint64(wide_key(goal, zobrist))
        h0 = sum(int(plan[1][int(t) * cells + c]) for c, t in enumerate(tiles))
    else:
        key, goal_key = pack(tiles), np.uint64(pack(goal))
        arguments = (np.uint64(key), cells, *plan, row)
        h0 = int(full_value(*arguments))  # its entries in row
    state = new_state(
        key,
        tiles.index(0),
        h0,
        num,
        row,
        value_limit(plan, cells),
        frame_spots(tiles, plan),
        tiles if wide else None,
    )
    scratch = scratch_for(batch)
    checkpoint = guard.first_checkpoint()
    while True:
        status, state = run(
            state, scratch, cells, neighbours, goal_key, num, den, batch, cut, checkpoint, *plan
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
    return path(state), counts, int(lower_bound(state, num, den, counts["best_cost"]))
