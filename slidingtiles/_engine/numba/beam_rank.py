"""How the numba beam ranks a board: weighted distances, conflicts, the blank's pull, holes.

>>> [beside(0, d, 2, 3) for d in range(4)]  # cell 0 of a 2x3 board: up, down, left, right
[-1, 3, -1, 1]

The rank of `slidingtiles._engine.numba.beam` (the pure-Python mirror's, in
`slidingtiles._engine.python.beam`; the start's, from scratch, is
`slidingtiles._engine.beam_start`'s for both): `rank_delta` updates the weighted distance and the
conflicts when one tile moves, `nearest_stray` (over `rings` of `ring_cell`)
finds the blank's distance to the nearest stray target tile, and `hole` /
`holes_delta` count the target cells only placed tiles could free, around a
move (`beside`).

The small helpers are `inlined`; the four that scan (`nearest_stray`,
`rings`, `hole`, `holes_delta`) are `compiled` and called. numba inlines a
helper by copying its code into each caller before typing it, and those
copies were a third of a cold compile of the beam (seconds on a first
call); a call costs little beside a scan. Their callers pass arguments of
one type at every site (pointers, no literal constants), so each is compiled
once.
"""

from __future__ import annotations

from typing import Any

from numpy.typing import NDArray

from slidingtiles._engine.numba.jit import as_int16, as_int64, compiled, inlined

__all__ = [
    "beside",
    "hole",
    "holes_delta",
    "nearest_stray",
    "rank_delta",
    "ring_cell",
    "rings",
]

Array = NDArray[Any]


@inlined
def rank_delta(
    board: Array,
    base: int,
    rows: int,
    cols: int,
    grow: Array,
    gcol: Array,
    target: Array,
    p: int,
    q: int,
    t: int,
) -> int:
    """The change in conflicts when tile ``t`` moves from cell ``p`` to the blank's cell ``q``."""
    if target[t] == 0:
        return 0
    gr = grow[t]
    gc = gcol[t]
    pr, pc = p // cols, p % cols
    qr, qc = q // cols, q % cols
    d = 0
    if pr != qr:
        for side in range(2):
            r, c0, sign = (pr, pc, -1) if side == 0 else (qr, qc, 1)
            if r != gr:
                continue
            for c in range(cols):
                u = board[base + r * cols + c]
                if c == c0 or u == 0 or grow[u] != gr or target[u] == 0:
                    continue
                if (c < c0 and gcol[u] > gc) or (c > c0 and gcol[u] < gc):
                    d += sign
    else:
        for side in range(2):
            c, r0, sign = (pc, pr, -1) if side == 0 else (qc, qr, 1)
            if c != gc:
                continue
            for r in range(rows):
                u = board[base + r * cols + c]
                if r == r0 or u == 0 or gcol[u] != gc or target[u] == 0:
                    continue
                if (r < r0 and grow[u] > gr) or (r > r0 and grow[u] < gr):
                    d += sign
    return d


@inlined
def ring_cell(
    r0: int, c0: int, dist: int, side: int, i: int, rows: int, cols: int
) -> tuple[int, int, int]:
    """Row, column and cell (-1 off the board) of the ``i``-th of the ``dist`` cells on ``side``
    (0-3) of the diamond of cells ``dist`` >= 1 steps from (r0, c0), from its top corner round
    by the right."""
    if side == 0:
        r, c = r0 - dist + i, c0 + i
    elif side == 1:
        r, c = r0 + i, c0 + dist - i
    elif side == 2:
        r, c = r0 + dist - i, c0 - i
    else:
        r, c = r0 - i, c0 - dist + i
    return r, c, (r * cols + c if 0 <= r < rows and 0 <= c < cols else -1)


@compiled
def nearest_stray(
    board: Array,
    base: int,
    rows: int,
    cols: int,
    grow: Array,
    gcol: Array,
    target: Array,
    p: int,
    q: int,
    t: int,
    first: int,
) -> int:
    """Cells between the blank, at ``q`` after tile ``t`` left it for ``p``, and the nearest
    target tile away from home, looked for from ``first`` cells on (0 when none).

    `slidingtiles._engine.beam_start.stray_distance` is this looked for from 1 cell (the Python
    kernel orders by it less one, at least 0): a child's nearest stray target is at most one
    cell nearer than its parent's, so the numba kernel keeps each board's distance and starts
    its children's search there.
    """
    qr, qc = q // cols, q % cols
    for dist in range(first, rows + cols):
        for side in range(4):
            for i in range(dist):
                r, c, cell = ring_cell(qr, qc, dist, side, i, rows, cols)
                if cell < 0:
                    continue
                u = t if cell == p else board[base + cell]
                if u != 0 and target[u] != 0 and (grow[u] != r or gcol[u] != c):
                    return dist
    return 0


@compiled
def rings(
    board: Array, at: int, rows: int, cols: int, owner: Array, target: Array, p: int, was: int
) -> tuple[int, int]:
    """The directions (bit d: 0 up, 1 down, 2 left, 3 right) in which a target tile away from
    home lies ``was`` cells from ``p`` (first) and ``was + 1`` cells (second): a step of the
    blank that way brings it one cell nearer."""
    pr, pc = p // cols, p % cols
    near = 0
    further = 0
    for ring in range(2):
        dist = was + ring
        for side in range(4):
            for i in range(dist):
                r, c, cell = ring_cell(pr, pc, dist, side, i, rows, cols)
                if cell < 0:
                    continue
                u = board[at + cell]
                if u == 0 or target[u] == 0 or owner[cell] == u:
                    continue
                bits = (1 if r < pr else 2 if r > pr else 0) | (4 if c < pc else 8 if c > pc else 0)
                if ring == 0:
                    near |= bits
                else:
                    further |= bits
    return near, further


@inlined
def beside(x: int, d: int, rows: int, cols: int) -> int:
    """The cell beside ``x`` in direction ``d`` (0 up, 1 down, 2 left, 3 right), or -1 if none."""
    r, c = x // cols, x % cols
    if d == 0:
        return x - cols if r > 0 else -1
    if d == 1:
        return x + cols if r < rows - 1 else -1
    if d == 2:
        return x - 1 if c > 0 else -1
    return x + 1 if c < cols - 1 else -1


@compiled
def hole(
    board: Array,
    base: int,
    rows: int,
    cols: int,
    owner: Array,
    target: Array,
    x: int,
    a: int,
    ta: int,
    b: int,
    tb: int,
) -> int:
    """1 when target cell ``x`` holds another tile (not the blank) and at most one cell beside
    it is open (inside the board, not a target cell holding its tile), on the board with cell
    ``a`` holding ``ta`` and ``b`` holding ``tb`` (-1: as it is)."""
    o = owner[x]
    if o == 0 or target[o] == 0:
        return 0
    v = ta if x == a else tb if x == b else board[base + x]
    if v == o or v == 0:
        return 0
    opened = 0
    for d in range(4):
        y = beside(x, d, rows, cols)
        if y < 0:
            continue
        oy = owner[y]
        w = ta if y == a else tb if y == b else board[base + y]
        if oy == 0 or target[oy] == 0 or w != oy:
            opened += 1
            if opened > 1:
                return 0
    return 1


@compiled
def holes_delta(
    board: Array,
    base: int,
    rows: int,
    cols: int,
    owner: Array,
    target: Array,
    q: int,
    p: int,
    t: int,
) -> int:
    """The change in holes when tile ``t`` moves from cell ``q`` to the blank's cell ``p``: only
    the two cells and those beside them can change."""
    d = 0
    # typed, not literal: each call of `hole` then has one signature (one compile)
    none, empty = as_int64(-1), as_int16(0)
    for k in range(10):
        if k == 0:
            x = p
        elif k == 1:
            x = q
        else:
            centre = p if k < 6 else q
            other = q if k < 6 else p
            x = beside(centre, (k - 2) % 4, rows, cols)
            if x < 0 or x == other:
                continue
        d += hole(board, base, rows, cols, owner, target, x, p, t, q, empty)
        d -= hole(board, base, rows, cols, owner, target, x, none, empty, none, empty)
    return d
