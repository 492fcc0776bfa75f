"""A beam's start, ranked from scratch: the same numbers for both kernels.

>>> grow, gcol, ones = [2, 0, 0, 0, 1, 1, 1, 2, 2], [2, 0, 1, 2, 0, 1, 2, 0, 1], [1] * 9
>>> start = [1, 2, 3, 4, 5, 6, 0, 7, 8]
>>> owner = [1, 2, 3, 4, 5, 6, 7, 8, 0]
>>> start_rank(start, 3, 3, grow, gcol, ones, ones, owner, 1, 0)
(2, 2)
>>> stray_distance(start, 3, 3, grow, gcol, ones, 6)
1

A beam over boards (`slidingtiles._engine.python.beam` and
`slidingtiles._engine.numba.beam`) ranks each child from its parent's rank
by what one move changes; only the start is ranked from scratch, once a
search. That is done here, in plain Python, for both kernels: the numba
kernel would otherwise compile a kernel (and the conflict count it alone
calls) to run it once, about a sixth of its first call's compile. Cost:
O(cells x (rows + cols)) for the start, microseconds to a few milliseconds.
"""

from __future__ import annotations

from collections.abc import Sequence

from slidingtiles._board.geometry import neighbour_table

__all__ = ["beside", "conflicts", "hole", "start_rank", "stray_distance"]


def _inversions(line: list[int]) -> int:
    return sum(1 for i, a in enumerate(line) for b in line[i + 1 :] if b < a)


def conflicts(
    tiles: Sequence[int],
    rows: int,
    cols: int,
    grow: Sequence[int],
    gcol: Sequence[int],
    target: Sequence[int],
) -> int:
    """Pairs of target tiles in their goal row (column) standing in reverse order."""
    count = 0
    for r in range(rows):
        row = tiles[r * cols : (r + 1) * cols]
        line = [gcol[t] for t in row if t and grow[t] == r and target[t]]
        count += _inversions(line)
    for c in range(cols):
        line = [grow[t] for t in tiles[c::cols] if t and gcol[t] == c and target[t]]
        count += _inversions(line)
    return count


def beside(rows: int, cols: int, x: int) -> list[int]:
    """The cells beside cell ``x`` on the board, in ``UDLR`` order (`geometry.neighbour_table`)."""
    return [y for y in neighbour_table(rows, cols)[x] if y >= 0]


def hole(
    board: Sequence[int],
    rows: int,
    cols: int,
    owner: Sequence[int],
    target: Sequence[int],
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
    if not o or not target[o]:
        return 0
    v = ta if x == a else tb if x == b else board[x]
    if v == o or v == 0:
        return 0
    opened = 0
    for y in beside(rows, cols, x):
        oy = owner[y]
        w = ta if y == a else tb if y == b else board[y]
        if not oy or not target[oy] or w != oy:
            opened += 1
    return 1 if opened <= 1 else 0


def stray_distance(
    board: Sequence[int],
    rows: int,
    cols: int,
    grow: Sequence[int],
    gcol: Sequence[int],
    target: Sequence[int],
    q: int,
    p: int = -1,
    t: int = 0,
) -> int:
    """Cells between the blank, at ``q`` after tile ``t`` left it for ``p`` (-1: as it is), and
    the nearest target tile away from home (0 when none is left)."""
    qr, qc = divmod(q, cols)
    for dist in range(1, rows + cols):
        for dr in range(-dist, dist + 1):
            r = qr + dr
            if not 0 <= r < rows:
                continue
            rest = dist - abs(dr)
            for c in (qc + rest, qc - rest) if rest else (qc,):
                if not 0 <= c < cols:
                    continue
                cell = r * cols + c
                u = t if cell == p else board[cell]
                if u and target[u] and (grow[u] != r or gcol[u] != c):
                    return dist
    return 0


def start_rank(
    tiles: Sequence[int],
    rows: int,
    cols: int,
    grow: Sequence[int],
    gcol: Sequence[int],
    weights: Sequence[int],
    targets: Sequence[int],
    owner: Sequence[int],
    conflict_weight: int,
    hole_weight: int,
) -> tuple[int, int]:
    """The start's rank (weighted Manhattan distance, conflicts and holes) and its target
    tiles' Manhattan distance."""
    rank = 0
    home = 0
    for i, t in enumerate(tiles):
        if t:
            dist = abs(grow[t] - i // cols) + abs(gcol[t] - i % cols)
            rank += weights[t] * dist
            home += dist if targets[t] else 0
    rank += conflict_weight * conflicts(tiles, rows, cols, grow, gcol, targets)
    if hole_weight:
        cells = rows * cols
        rank += hole_weight * sum(
            hole(tiles, rows, cols, owner, targets, x, -1, 0, -1, 0) for x in range(cells)
        )
    return rank, home
