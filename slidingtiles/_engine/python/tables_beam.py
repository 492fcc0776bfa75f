"""Beam search over whole boards ranked by additive pattern tables: the pure-Python kernel.

>>> flat = bytes(9 ** 2 * 2)  # two all-zero 2-tile tables: the start ranks 0 at once
>>> tables_search(3, 3, [0, 1, 2, 3, 4, 5, 6, 7, 8], flat, [0, 81], [0, 0],
...               [[1, 2], [3, 4]], 10, 8, 100, None)
('', 0, True)

The search (`slidingtiles._engine.dispatch.tables_beam`) keeps, level by
level, the ``width`` children of least rank, the rank being the sum of the
groups' table entries (each group's index: digits, ``sum cell *
cells**slot``, or the perm rank of its cells); ties go to the child
generated first (parents in order, then the directions up, down, left,
right). A board kept once (by its Zobrist key, `beam.zobrist_keys`) is never
kept again. The numba kernel of the same name keeps the same boards and
returns the same moves.
"""

from __future__ import annotations

from collections.abc import Sequence
from time import perf_counter

from slidingtiles._engine.python.beam import zobrist_keys

__all__ = ["tables_search"]

_LETTERS = "UDLR"
_STEPS = ((-1, 0), (1, 0), (0, -1), (0, 1))
_BACK = (1, 0, 3, 2)
# Expansions between two checks of the deadline (each at a level's end), as numba's `CHUNK`.
_CHUNK = 1 << 14


def _index(places: Sequence[int], members: Sequence[int], cells: int, perm: int) -> int:
    index = 0
    if not perm:
        weight = 1
        for t in members:
            index += places[t] * weight
            weight *= cells
        return index
    for s, t in enumerate(members):
        p = places[t]
        below = sum(1 for u in members[:s] if places[u] < p)
        index = index * (cells - s) + (p - below)
    return index


def tables_search(
    rows: int,
    cols: int,
    tiles: Sequence[int],
    flat: bytes | Sequence[int],
    offsets: Sequence[int],
    perm: Sequence[int],
    groups: Sequence[Sequence[int]],
    width: int,
    max_levels: int,
    max_nodes: int,
    deadline: float | None,
) -> tuple[str, int, bool]:
    """Return the blank's moves to the goal, the boards expanded, and whether it got there.

    ``flat`` holds every group's table back to back (byte entries: the
    group's fewest moves), group g's from ``offsets[g]``; ``perm[g]`` says
    whether group g's index is its perm rank (else its digits). The search
    stops at the goal (rank 0: the groups must hold every tile), after
    ``max_levels`` levels, ``max_nodes`` expansions (checked at a level's
    end) or at ``deadline`` (a `time.perf_counter` instant, checked every
    `_CHUNK` expansions at a level's end); the moves are empty unless it got
    there.
    """
    cells = rows * cols
    group_of = [-1] * cells
    for g, members in enumerate(groups):
        for t in members:
            group_of[t] = g
    zobrist = zobrist_keys(cells)
    places = [0] * cells
    key = 0
    for i, t in enumerate(tiles):
        places[t] = i
        key ^= zobrist[i * cells + t]
    values = [flat[offsets[g] + _index(places, m, cells, perm[g])] for g, m in enumerate(groups)]
    # a kept board: tiles, places, group values, rank, key, last move
    level_boards = [(list(tiles), places, values, sum(values), key, -1)]
    if level_boards[0][3] == 0:
        return "", 0, True
    seen = {key}
    parents: list[list[tuple[int, int]]] = []
    expanded = 0
    checked = 0
    for _ in range(max_levels):
        if expanded >= max_nodes:
            break
        if deadline is not None and expanded - checked >= _CHUNK:
            checked = expanded
            if perf_counter() > deadline:
                break
        children: list[tuple[int, int, int, int, int]] = []  # rank, order, parent, move, value
        for i, (board, where, vals, rank0, key0, last) in enumerate(level_boards):
            expanded += 1
            p = where[0]
            pr, pc = divmod(p, cols)
            for d, (dr, dc) in enumerate(_STEPS):
                if last >= 0 and _BACK[last] == d:
                    continue
                r, c = pr + dr, pc + dc
                if not (0 <= r < rows and 0 <= c < cols):
                    continue
                q = r * cols + c
                t = board[q]
                child_key = key0 ^ zobrist[q * cells + t] ^ zobrist[p * cells + t]
                child_key ^= zobrist[q * cells] ^ zobrist[p * cells]
                if child_key in seen:
                    continue
                g = group_of[t]
                rank, value = rank0, 0
                if g >= 0:
                    moved = list(where)
                    moved[t] = p
                    value = flat[offsets[g] + _index(moved, groups[g], cells, perm[g])]
                    rank += value - vals[g]
                children.append((rank, len(children), i, d, value))
        if not children:
            break
        children.sort()
        kept: list[tuple[list[int], list[int], list[int], int, int, int]] = []
        links: list[tuple[int, int]] = []
        goal_at = -1
        for rank, _, i, d, value in children:
            board, where, vals, _, key0, _ = level_boards[i]
            p = where[0]
            q = p + _STEPS[d][0] * cols + _STEPS[d][1]
            t = board[q]
            child_key = key0 ^ zobrist[q * cells + t] ^ zobrist[p * cells + t]
            child_key ^= zobrist[q * cells] ^ zobrist[p * cells]
            if child_key in seen:
                continue
            seen.add(child_key)
            nboard, nwhere, nvals = list(board), list(where), list(vals)
            nboard[p], nboard[q] = t, 0
            nwhere[t], nwhere[0] = p, q
            if group_of[t] >= 0:
                nvals[group_of[t]] = value
            kept.append((nboard, nwhere, nvals, rank, child_key, d))
            links.append((i, d))
            if rank == 0:
                goal_at = len(kept) - 1
                break
            if len(kept) == width:
                break
        parents.append(links)
        level_boards = kept
        if goal_at >= 0:
            path: list[int] = []
            index = goal_at
            for links_at in reversed(parents):
                index, d = links_at[index]
                path.append(d)
            return "".join(_LETTERS[d] for d in reversed(path)), expanded, True
    return "", expanded, False
