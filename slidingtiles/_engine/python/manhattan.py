"""IDA* with Manhattan distance (plus linear conflicts) on one mutable board: the Python kernel.

>>> from slidingtiles.search import Guard
>>> guard = Guard("idastar", max_nodes=None, time_limit=None, max_memory=None, progress=None,
...               progress_every=1 << 14, state_bytes=0, time_stride=1 << 14)
>>> ida_manhattan(3, 3, (1, 2, 3, 4, 5, 6, 7, 8, 0), [1, 2, 3, 4, 0, 6, 7, 5, 8], guard, False)[0]
'DR'

The board is one flat list of tiles; the blank moves in place and moves
back on the way up, and the heuristic follows by table lookups for the tile
that moved: ``h += dist[tile][from] - dist[tile][to]``; with linear
conflicts, the two lines the tile left and entered are recounted (cached by
their contents). The numba kernel of the same name searches the same tree.
"""

from __future__ import annotations

import sys

from slidingtiles._board.geometry import (
    LETTERS,
    blank_moves,
    distance_table,
    home_cells,
    line_conflicts,
)
from slidingtiles._engine.pruning import pruning_table, start_state
from slidingtiles._engine.tables import EngineResult
from slidingtiles.search import Guard

__all__ = ["ida_manhattan"]


def ida_manhattan(
    rows: int,
    cols: int,
    goal_tiles: tuple[int, ...],
    tiles: list[int],
    guard: Guard,
    conflicts: bool,
) -> EngineResult:
    """IDA* with Manhattan distance (plus linear conflicts), updated per move."""
    cells = rows * cols
    goal = list(goal_tiles)
    home = home_cells(goal)
    home_row = [h // cols for h in home]
    home_col = [h % cols for h in home]
    dist = distance_table(rows, cols, goal)  # dist[t * cells + c]
    # moves[b]: (n, letter, sideways, line of n, line of b); lines are rows then columns.
    moves = [
        tuple(
            (n, LETTERS[code], True, rows + n % cols, rows + b % cols, code)
            if abs(n - b) == 1
            else (n, LETTERS[code], False, n // cols, b // cols, code)
            for n, code in options
        )
        for b, options in enumerate(blank_moves(rows, cols))
    ]
    row_cache: list[dict[tuple[int, ...], int]] = [{} for _ in range(rows)]
    col_cache: list[dict[tuple[int, ...], int]] = [{} for _ in range(cols)]

    def row_conf(r: int) -> int:
        key = tuple(tiles[r * cols : (r + 1) * cols])
        cache = row_cache[r]
        value = cache.get(key)
        if value is None:
            if len(cache) > 200_000:
                cache.clear()
            value = cache[key] = line_conflicts(key, home_row, home_col, r)
        return value

    def col_conf(c: int) -> int:
        key = tuple(tiles[c::cols])
        cache = col_cache[c]
        value = cache.get(key)
        if value is None:
            if len(cache) > 200_000:
                cache.clear()
            value = cache[key] = line_conflicts(key, home_col, home_row, c)
        return value

    h0 = sum(dist[t * cells + c] for c, t in enumerate(tiles))
    conf = [row_conf(r) for r in range(rows)] + [col_conf(c) for c in range(cols)]
    if conflicts:
        h0 += 2 * sum(conf)
    path: list[str] = []
    expanded = generated = 0
    check_at = guard.first_pause()
    bound = h0
    inf = sys.maxsize

    prune = pruning_table(rows, cols)

    # The same depth-first loop as `pdb.ida_pdb`'s, with this heuristic's update inline: a
    # shared loop would call a function per node for it, which costs CPython more than the loop.
    def dfs(blank: int, g: int, prev: int, h: int, seq: int) -> int:
        nonlocal expanded, generated, check_at
        expanded += 1
        if expanded >= check_at:
            check_at = guard.pause(expanded, generated)
        g1 = g + 1
        limit = bound - g1
        best = inf
        for n, letter, sideways, line_n, line_b, code in moves[blank]:
            if n == prev:
                continue
            nseq = prune[seq + code]
            if nseq < 0:  # a duplicate move sequence: an equivalent path is searched instead
                continue
            generated += 1
            t = tiles[n]
            base = t * cells
            nh = h + dist[base + blank] - dist[base + n]
            tiles[blank] = t
            tiles[n] = 0
            if conflicts:
                # The tile changed column (sideways) or row: only those two lines can change.
                if sideways:
                    x, y = col_conf(line_n - rows), col_conf(line_b - rows)
                else:
                    x, y = row_conf(line_n), row_conf(line_b)
                old_x, old_y = conf[line_n], conf[line_b]
                nh += 2 * (x + y - old_x - old_y)
            if nh > limit:
                tiles[n] = t
                tiles[blank] = 0
                if g1 + nh < best:
                    best = g1 + nh
                continue
            if conflicts:
                conf[line_n], conf[line_b] = x, y
            if nh == 0 and tiles == goal:
                path.append(letter)
                return -1
            result = dfs(n, g1, blank, nh, nseq)
            tiles[n] = t
            tiles[blank] = 0
            if conflicts:
                conf[line_n], conf[line_b] = old_x, old_y
            if result < 0:
                path.append(letter)
                return -1
            if result < best:
                best = result
        return best

    blank = tiles.index(0)
    if tiles != goal:
        while True:
            guard.iterations += 1
            found = dfs(blank, 0, -1, h0, start_state(blank))
            if found < 0:
                break
            bound = found
    guard.depth = len(path)
    path.reverse()
    return "".join(path), guard.snapshot(expanded, generated)
