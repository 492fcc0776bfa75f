"""Beam search over whole boards: the Python kernel.

>>> grow, gcol, ones = [2, 0, 0, 0, 1, 1, 1, 2, 2], [2, 0, 1, 2, 0, 1, 2, 0, 1], [1] * 9
>>> start = [1, 2, 3, 4, 5, 6, 0, 7, 8]
>>> subgoal_search(3, 3, start, grow, gcol, ones, ones, 1, 0, 0, 10, 8, 100, None)
('RR', 3, True)

Level by level from the start: every board of a level gets its children
(no move back), children already seen are dropped, and the ``width`` best
children form the next level. A board's rank is its Manhattan distance
plus the pairs of tiles in conflict in a row or a column (both in their
goal line, in reverse order), updated per move from the parent; ties go to
the child generated first (parents in level order, moves in ``UDLR``
order), a total order. Boards are recognised through a 64-bit Zobrist key
(``keys[cell * cells + tile]``, XOR over the cells) kept in one table of
every board kept so far. Each level stores only the parent's index and the
move of each kept board; the moves are read back from the goal's entry.
The numba kernel of the same name (`slidingtiles._engine.numba.beam`)
keeps the same boards and returns the same moves.

It stops, returning None, when a level is empty, after ``max_levels``
levels, when ``max_nodes`` boards have been expanded (checked before each
level) or when ``deadline`` (a `time.perf_counter` value) has passed
(checked before each level). Memory: about ``width`` boards for each of
two levels, plus one key and one (parent, move) entry per kept board: at
most ``width x max_levels`` of each.

The beam over whole boards (`slidingtiles._engine.dispatch.beam_solve`) is
the all-tiles case of this search towards a subgoal, which the peeled
solver runs: each
tile's distance counts ``weights[t]`` times, only pairs of ``targets`` count
as conflicts (``conflict_weight`` each), children are ordered by the rank
plus ``blank_weight`` times the cells between the blank and the nearest
target tile away from home, ``hole_weight`` counts per hole (a target's
cell holding another tile, not the blank, with at most one open cell
beside it: on the board and not a target's cell holding its tile; updated
per move from the cells around the move), the goal is every target home, and it also
stops after ``patience`` levels without the targets' distance falling; it
then returns the moves to the best board kept (least targets' distance,
then rank, the first such) with ``reached`` False.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from time import perf_counter

from slidingtiles._board.geometry import cells_around
from slidingtiles._engine.beam_start import beside, hole, start_rank, stray_distance

__all__ = ["subgoal_search", "zobrist_keys"]

_LETTERS = "UDLR"
_BACK = (1, 0, 3, 2)
_MASK = (1 << 64) - 1


def _delta(
    board: list[int],
    rows: int,
    cols: int,
    grow: Sequence[int],
    gcol: Sequence[int],
    target: Sequence[int],
    p: int,
    q: int,
    t: int,
) -> int:
    """The change in conflicts when tile ``t`` moves from cell ``p`` to the blank's cell ``q``."""
    if not target[t]:
        return 0
    gr, gc = grow[t], gcol[t]
    pr, pc = divmod(p, cols)
    qr, qc = divmod(q, cols)
    d = 0
    if pr != qr:  # vertical: the tile leaves row pr, joins row qr
        for r, c0, sign in ((pr, pc, -1), (qr, qc, 1)):
            if r != gr:
                continue
            for c in range(cols):
                u = board[r * cols + c]
                if c == c0 or u == 0 or grow[u] != gr or not target[u]:
                    continue
                if (c < c0 and gcol[u] > gc) or (c > c0 and gcol[u] < gc):
                    d += sign
    else:  # horizontal: the tile leaves column pc, joins column qc
        for c, r0, sign in ((pc, pr, -1), (qc, qr, 1)):
            if c != gc:
                continue
            for r in range(rows):
                u = board[r * cols + c]
                if r == r0 or u == 0 or gcol[u] != gc or not target[u]:
                    continue
                if (r < r0 and grow[u] > gr) or (r > r0 and grow[u] < gr):
                    d += sign
    return d


def _holes_delta(
    board: Sequence[int],
    rows: int,
    cols: int,
    owner: Sequence[int],
    target: Sequence[int],
    q: int,
    p: int,
    t: int,
) -> int:
    """The change in holes when tile ``t`` moves from cell ``q`` to the blank's cell ``p``: only
    the two cells and those beside them can change."""
    around = [p, q]
    around += [x for x in beside(rows, cols, p) if x != q]
    around += [x for x in beside(rows, cols, q) if x != p]
    return sum(
        hole(board, rows, cols, owner, target, x, p, t, q, 0)
        - hole(board, rows, cols, owner, target, x, -1, 0, -1, 0)
        for x in around
    )


@functools.lru_cache(maxsize=4)
def zobrist_keys(cells: int) -> tuple[int, ...]:
    """The Zobrist keys of a board of ``cells`` cells: ``keys[cell * cells + tile]``.

    >>> [hex(key) for key in zobrist_keys(2)[:2]]
    ['0x975835de1c9756ce', '0xbfc846100bfc1e42']

    SplitMix64 from the seed ``cells``, never 0: the same on every run and
    platform, and the same values as the numba kernel's `zobrist_keys`, so
    both implementations drop the same boards as seen.
    """
    keys, x, mask = [], cells, (1 << 64) - 1
    for _ in range(cells * cells):
        x = (x + 0x9E3779B97F4A7C15) & mask
        z = x
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & mask
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & mask
        keys.append((z ^ (z >> 31)) or 1)
    return tuple(keys)


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
    whether it got there (if not, the moves to the best board kept)."""
    cells = rows * cols
    keys = zobrist_keys(cells)
    start = list(tiles)
    owner = [0] * cells
    for t in range(1, cells):
        owner[grow[t] * cols + gcol[t]] = t
    target_cells = [grow[t] * cols + gcol[t] for t in range(1, cells) if targets[t]]
    touch = cells_around(rows, cols, target_cells if hole_weight else [])
    h0, home0 = start_rank(
        start, rows, cols, grow, gcol, weights, targets, owner, conflict_weight, hole_weight
    )
    if home0 == 0:
        return "", 0, True
    key0 = 0
    for i, t in enumerate(start):
        key0 ^= keys[i * cells + t]
    seen = {key0}
    # A level: boards, blanks, (rank, targets' distance), keys, last moves.
    level: list[tuple[list[int], int, tuple[int, int], int, int]] = [
        (start, start.index(0), (h0, home0), key0, -1)
    ]
    parents: list[list[int]] = []
    moves: list[list[int]] = []
    expanded = 0
    found = -1
    # The best board kept: (targets' distance, rank), its level and index; when the distance fell.
    best, best_at, improved = (home0, h0), (0, 0), 0
    while len(parents) < max_levels:
        if expanded >= max_nodes or (deadline is not None and perf_counter() > deadline):
            break
        # (order rank, order, parent, move, key, targets' distance, rank)
        children: list[tuple[int, int, int, int, int, int, int]] = []
        for i, (board, p, (h, home), key, last) in enumerate(level):
            expanded += 1
            pr, pc = divmod(p, cols)
            for d, (r, c) in enumerate(((pr - 1, pc), (pr + 1, pc), (pr, pc - 1), (pr, pc + 1))):
                if (last >= 0 and _BACK[last] == d) or not (0 <= r < rows and 0 <= c < cols):
                    continue
                q = r * cols + c  # the tile at q moves to p
                t = board[q]
                dm = abs(grow[t] - pr) + abs(gcol[t] - pc) - abs(grow[t] - r) - abs(gcol[t] - c)
                conflicts = _delta(board, rows, cols, grow, gcol, targets, q, p, t)
                rank = h + weights[t] * dm + conflict_weight * conflicts
                if hole_weight and (touch[p] or touch[q]):
                    rank += hole_weight * _holes_delta(board, rows, cols, owner, targets, q, p, t)
                child = key ^ keys[q * cells + t] ^ keys[p * cells + t]
                child ^= keys[q * cells] ^ keys[p * cells]
                if child in seen:
                    continue
                near = home + (dm if targets[t] else 0)
                order = rank
                if blank_weight:
                    near_blank = stray_distance(board, rows, cols, grow, gcol, targets, q, p, t)
                    order += blank_weight * max(0, near_blank - 1)
                children.append((order, len(children), i, d, child, near, rank))
        if not children:
            break
        children.sort()
        kept: list[tuple[list[int], int, tuple[int, int], int, int]] = []
        level_parents: list[int] = []
        level_moves: list[int] = []
        for _, _, i, d, child, near, rank in children:
            if child in seen:
                continue
            seen.add(child)
            board, p, _, _, _ = level[i]
            q = p + (-cols, cols, -1, 1)[d]
            board = board.copy()
            board[p], board[q] = board[q], 0
            kept.append((board, q, (rank, near), child, d))
            level_parents.append(i)
            level_moves.append(d)
            if (near, rank) < best:
                if near < best[0]:
                    improved = len(parents) + 1
                best, best_at = (near, rank), (len(parents) + 1, len(kept) - 1)
            if near == 0:
                found = len(kept) - 1
                break
            if len(kept) == width:
                break
        parents.append(level_parents)
        moves.append(level_moves)
        level = kept
        if found >= 0:
            break
        if patience > 0 and len(parents) - improved >= patience:
            break
    levels, index = (len(parents), found) if found >= 0 else best_at
    path = []
    for depth in range(levels - 1, -1, -1):
        path.append(_LETTERS[moves[depth][index]])
        index = parents[depth][index]
    return "".join(reversed(path)), expanded, found >= 0
