"""Weighted A* bringing a group of tiles to their cells, the other tiles ignored: the numba kernel.

>>> path, expanded, generated = place_group(2, 3, [1] * 6, 0, [4], [1], (1, 1), 10_000)
>>> path, expanded
([1, 4], 3)

`slidingtiles._engine.python.weighted.place_group` over numpy arrays: the
same abstract states (the blank's cell and the group's cells), the same
heuristic (`group_heuristic`), the same move costs and priority
``den * g + num * unit * h`` with ties to the deeper, then the earlier
generated node, no reopening, the same neighbour order; so the same nodes
are expanded in the same order and the same path comes back. States are
found again through a 64-bit hash of the state (Zobrist) and compared in
full, so equal states are recognised exactly as the dictionary of the
pure-Python kernel recognises them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
from numpy.typing import NDArray

from slidingtiles._engine.numba.jit import as_int64, compiled, inlined, kept

__all__ = ["place_group", "place_group_kept"]

Array = NDArray[Any]


def place_group(
    rows: int,
    cols: int,
    free: Sequence[int],
    blank: int,
    cells: Sequence[int],
    targets: Sequence[int],
    weight: tuple[int, int],
    max_nodes: int,
    blank_target: int = -1,
    costs: Sequence[int] | None = None,
    unit: int = 1,
) -> tuple[list[int] | None, int, int]:
    """Return the blank's cells along a path placing the group, the nodes expanded and generated.

    Same contract and results as the pure-Python kernel of the same name.
    """
    size = rows * cols
    count = np.zeros(size, dtype=np.int64)
    to = np.full((size, 4), -1, dtype=np.int64)
    step = np.full((size, 4), unit, dtype=np.int64)
    for cell in range(size):
        r, c = divmod(cell, cols)
        for d, (nr, nc) in enumerate(((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))):
            if 0 <= nr < rows and 0 <= nc < cols and free[nr * cols + nc]:
                to[cell, count[cell]] = nr * cols + nc
                if costs is not None:
                    step[cell, count[cell]] = costs[4 * cell + d]
                count[cell] += 1
    k = len(cells)
    zobrist = np.random.RandomState(k * 1_000_003 + size).randint(
        1, 2**62, size=(k + 1, size), dtype=np.int64
    )
    start = np.array([blank, *cells], dtype=np.int64)
    goal = np.array(list(targets), dtype=np.int64)
    num, den = weight
    length, expanded, generated, out = _search(
        cols, count, to, step, zobrist, start, goal, num * unit, den, max_nodes, blank_target, unit
    )
    if length < 0:
        return None, int(expanded), int(generated)
    return [int(c) for c in out[:length]], int(expanded), int(generated)


def place_group_kept() -> bool:
    """Whether `place_group` runs without compiling first (`jit.kept`: compiled, or on disk)."""
    return kept(_search)


@inlined
def _line_excess(positions: Array, goals: Array, n: int) -> int:
    """count - longest increasing run of goals ordered by position (insertion sort: n is small)."""
    if n < 2:
        return 0
    for i in range(1, n):
        p = positions[i]
        q = goals[i]
        j = i - 1
        while j >= 0 and positions[j] > p:
            positions[j + 1] = positions[j]
            goals[j + 1] = goals[j]
            j -= 1
        positions[j + 1] = p
        goals[j + 1] = q
    size = 0
    tails = positions  # reused: positions are no longer needed once sorted into goals' order
    for i in range(n):
        v = goals[i]
        lo = 0
        hi = size
        while lo < hi:
            mid = (lo + hi) // 2
            if tails[mid] < v:
                lo = mid + 1
            else:
                hi = mid
        tails[lo] = v
        if lo == size:
            size += 1
    return n - size


@compiled
def _heuristic(state: Array, goal: Array, k: int, cols: int, pos: Array, gls: Array) -> int:
    """`group_heuristic` of the pure-Python kernel: the blank on ``state[0]``, the group after."""
    distance = 0
    br = state[0] // cols
    bc = state[0] % cols
    reach = -1
    for i in range(k):
        cell = state[i + 1]
        target = goal[i]
        r = cell // cols
        c = cell % cols
        away = abs(r - target // cols) + abs(c - target % cols)
        distance += away
        if away:
            to_blank = abs(r - br) + abs(c - bc)
            if reach < 0 or to_blank < reach:
                reach = to_blank
    conflicts = 0
    for axis in range(2):
        for i in range(k):
            cell = state[i + 1]
            target = goal[i]
            line = cell // cols if axis == 0 else cell % cols
            if line != (target // cols if axis == 0 else target % cols):
                continue
            first = True  # is tile i the first of the group in this line (and belonging to it)?
            for j in range(i):
                other = state[j + 1]
                aim = goal[j]
                if axis == 0:
                    if other // cols == line and aim // cols == line:
                        first = False
                        break
                elif other % cols == line and aim % cols == line:
                    first = False
                    break
            if not first:
                continue
            n = 0
            for j in range(i, k):
                other = state[j + 1]
                aim = goal[j]
                if axis == 0:
                    if other // cols == line and aim // cols == line:
                        pos[n] = other % cols
                        gls[n] = aim % cols
                        n += 1
                elif other % cols == line and aim % cols == line:
                    pos[n] = other // cols
                    gls[n] = aim // cols
                    n += 1
            conflicts += 2 * _line_excess(pos, gls, n)
    return distance + max(conflicts, reach - 1)


@compiled
def _grown(array: Array, used: int, size: int) -> Array:
    """A copy of ``array`` with room for ``size`` entries: the first ``used`` kept, the rest 0."""
    bigger = np.zeros(size, dtype=array.dtype)
    # a loop, and not inlined: a slice assignment costs numba seconds to compile, at each site
    for i in range(used):
        bigger[i] = array[i]
    return bigger


@inlined
def _before(f: Array, b: Array, c: Array, i: int, j: int) -> bool:
    """Heap order: lower priority, then deeper (lower -g), then earlier generated."""
    if f[i] != f[j]:
        return bool(f[i] < f[j])
    if b[i] != b[j]:
        return bool(b[i] < b[j])
    return bool(c[i] < c[j])


@inlined
def _swap(hf: Array, hb: Array, hc: Array, hn: Array, i: int, j: int) -> None:
    hf[i], hf[j] = hf[j], hf[i]
    hb[i], hb[j] = hb[j], hb[i]
    hc[i], hc[j] = hc[j], hc[i]
    hn[i], hn[j] = hn[j], hn[i]


@inlined
def _put(
    hf: Array, hb: Array, hc: Array, hn: Array, i: int, f: int, b: int, c: int, n: int
) -> None:
    hf[i] = f
    hb[i] = b
    hc[i] = c
    hn[i] = n


# The heap's two operations are compiled apart from the search and called: inlined, they made it
# one function of twice the size, and numba's compile time grows faster than a function's size.
@compiled
def _pop(hf: Array, hb: Array, hc: Array, hn: Array, size: int) -> None:
    """Take out the root of the heap of ``size + 1`` entries: the last moves down from the top."""
    if size == 0:
        return
    _put(hf, hb, hc, hn, 0, hf[size], hb[size], hc[size], hn[size])
    i = 0
    while True:
        left = 2 * i + 1
        if left >= size:
            break
        child = left
        if left + 1 < size and _before(hf, hb, hc, left + 1, left):
            child = left + 1
        if not _before(hf, hb, hc, child, i):
            break
        _swap(hf, hb, hc, hn, i, child)
        i = child


@compiled
def _push(
    hf: Array, hb: Array, hc: Array, hn: Array, size: int, f: int, b: int, c: int, n: int
) -> None:
    """Add an entry to the heap of ``size`` entries (the arrays have room for it)."""
    _put(hf, hb, hc, hn, size, f, b, c, n)
    i = size
    while i > 0:
        up = (i - 1) // 2
        if not _before(hf, hb, hc, i, up):
            break
        _swap(hf, hb, hc, hn, i, up)
        i = up


@compiled
def _search(
    cols: int,
    count: Array,
    to: Array,
    step: Array,
    zobrist: Array,
    start: Array,
    goal: Array,
    num: int,
    den: int,
    max_nodes: int,
    blank_target: int,
    unit: int,
) -> tuple[int, int, int, Array]:
    k = goal.shape[0]
    width = k + 1
    cap = 1024
    states = np.empty((cap, width), dtype=np.int64)
    hashes = np.empty(cap, dtype=np.int64)
    parent = np.empty(cap, dtype=np.int64)
    cost = np.empty(cap, dtype=np.int64)
    closed = np.zeros(cap, dtype=np.int64)  # int64 as the others: one compiled `_grown`
    slots = 4096
    table = np.full(slots, -1, dtype=np.int64)
    heap_cap = 1024
    hf = np.empty(heap_cap, dtype=np.int64)
    hb = np.empty(heap_cap, dtype=np.int64)
    hc = np.empty(heap_cap, dtype=np.int64)
    hn = np.empty(heap_cap, dtype=np.int64)
    pos = np.empty(k + 1, dtype=np.int64)
    gls = np.empty(k + 1, dtype=np.int64)
    new = np.empty(width, dtype=np.int64)

    key = 0
    for i in range(width):
        states[0, i] = start[i]
        key ^= zobrist[i, start[i]]
    hashes[0] = key
    parent[0] = -1
    cost[0] = 0
    table[key & (slots - 1)] = 0
    nodes = as_int64(1)  # not the literal 1: `_grown` would be compiled for it too
    counter = 0
    hf[0] = num * _heuristic(states[0], goal, k, cols, pos, gls)
    hb[0] = 0
    hc[0] = 0
    hn[0] = 0
    size = 1
    expanded = 0
    generated = 0
    while size > 0:
        node = hn[0]
        negative_g = hb[0]
        size -= 1
        _pop(hf, hb, hc, hn, size)
        if closed[node] or -negative_g != cost[node]:
            continue
        done = blank_target < 0 or states[node, 0] == blank_target
        if done:
            for i in range(k):
                if states[node, i + 1] != goal[i]:
                    done = False
                    break
        if done:
            length = 0
            at = node
            while at > 0:
                length += 1
                at = parent[at]
            out = np.empty(length, dtype=np.int64)
            at = node
            j = length
            while at > 0:
                j -= 1
                out[j] = states[at, 0]
                at = parent[at]
            return length, expanded, generated, out
        if expanded >= max_nodes:
            return -1, expanded, generated, np.empty(0, dtype=np.int64)
        expanded += 1
        closed[node] = 1
        here = states[node, 0]
        spent = cost[node]
        for m in range(count[here]):
            cell = to[here, m]
            generated += 1
            g = spent + step[here, m]
            key = hashes[node] ^ zobrist[0, here] ^ zobrist[0, cell]
            new[0] = cell
            for i in range(1, width):
                new[i] = states[node, i]
            for i in range(1, width):
                if new[i] == cell:
                    new[i] = here
                    key ^= zobrist[i, cell] ^ zobrist[i, here]
                    g = spent + unit
                    break
            slot = key & (slots - 1)
            seen = -1
            while table[slot] >= 0:
                other = table[slot]
                if hashes[other] == key:
                    same = True
                    for i in range(width):
                        if states[other, i] != new[i]:
                            same = False
                            break
                    if same:
                        seen = other
                        break
                slot = (slot + 1) & (slots - 1)
            if seen < 0:
                if nodes == cap:
                    cap *= 2
                    states2 = np.empty((cap, width), dtype=np.int64)
                    for i in range(nodes):
                        for x in range(width):
                            states2[i, x] = states[i, x]
                    states = states2
                    hashes = _grown(hashes, nodes, cap)
                    parent = _grown(parent, nodes, cap)
                    cost = _grown(cost, nodes, cap)
                    closed = _grown(closed, nodes, cap)
                seen = nodes
                nodes += 1
                for i in range(width):
                    states[seen, i] = new[i]
                hashes[seen] = key
                parent[seen] = node
                cost[seen] = g
                table[slot] = seen
                if 2 * nodes > slots:  # keep the table at most half full: rebuild it twice as big
                    slots *= 2
                    table = np.full(slots, -1, dtype=np.int64)
                    for other in range(nodes):
                        s = hashes[other] & (slots - 1)
                        while table[s] >= 0:
                            s = (s + 1) & (slots - 1)
                        table[s] = other
            elif closed[seen] or cost[seen] <= g:
                continue
            else:
                parent[seen] = node
                cost[seen] = g
            counter += 1
            if size == heap_cap:
                heap_cap *= 2
                hf = _grown(hf, size, heap_cap)
                hb = _grown(hb, size, heap_cap)
                hc = _grown(hc, size, heap_cap)
                hn = _grown(hn, size, heap_cap)
            f = den * g + num * _heuristic(states[seen], goal, k, cols, pos, gls)
            _push(hf, hb, hc, hn, size, f, -g, counter, seen)
            size += 1
    return -1, expanded, generated, np.empty(0, dtype=np.int64)
