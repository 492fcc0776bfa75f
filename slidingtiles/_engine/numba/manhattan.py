"""IDA* with Manhattan distance (plus linear conflicts) over numpy arrays: the numba kernel.

>>> from slidingtiles.search import Guard
>>> guard = Guard("idastar", max_nodes=None, time_limit=None, max_memory=None, progress=None,
...               progress_every=1 << 14, state_bytes=0, time_stride=1 << 14)
>>> ida_manhattan(3, 3, (1, 2, 3, 4, 5, 6, 7, 8, 0), [1, 2, 3, 4, 0, 6, 7, 5, 8], guard, False)[0]
'DR'

`slidingtiles._engine.python.manhattan` as an explicit-stack search that
pauses and resumes (`drive`): the same tree, node counts and moves. The
heuristic follows the moving tile, ``h += dist[tile][from] - dist[tile][to]``;
with linear conflicts, the two lines the tile left and entered are recounted.
"""

from __future__ import annotations

import numpy as np

from slidingtiles._board.geometry import distance_table, home_cells
from slidingtiles._engine.numba.drive import (
    BOUND,
    CHECK_AT,
    DEPTH,
    DONE,
    ENTER,
    EXPANDED,
    FOUND,
    GENERATED,
    GROW,
    INF,
    ITER,
    PAUSE,
    Array,
    Stack,
    at_goal,
    drive,
    move_arrays,
    new_state,
    pruning_array,
)
from slidingtiles._engine.numba.jit import compiled
from slidingtiles._engine.pruning import start_state
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
    """IDA* with Manhattan distance (plus linear conflicts): the numba kernel.

    Same contract, statistics and errors as the pure-Python kernel.
    """
    cells = rows * cols
    goal = np.array(goal_tiles, dtype=np.int64)
    board = np.array(tiles, dtype=np.int64)
    home = np.array(home_cells(goal_tiles), dtype=np.int64)
    home_row, home_col = home // cols, home % cols
    dist = np.array(distance_table(rows, cols, goal_tiles), dtype=np.int64)
    move_count, move_to, letters = move_arrays(rows, cols)
    tails = np.zeros(max(rows, cols) + 1, dtype=np.int64)
    h0 = int(dist[board * cells + np.arange(cells)].sum())
    if conflicts:
        h0 += 2 * (
            sum(
                _line_conflicts(board, r * cols, 1, cols, home_row, home_col, r, tails)
                for r in range(rows)
            )
            + sum(
                _line_conflicts(board, c, cols, rows, home_col, home_row, c, tails)
                for c in range(cols)
            )
        )
    if np.array_equal(board, goal):
        guard.depth = 0
        return "", guard.snapshot(0, 0)
    stack = Stack(("blank", "prev", "h", "mi", "best", "path", "seq"), 128)
    st = new_state(h0, guard)
    prune = pruning_array(rows, cols)
    stack["blank"][0] = int(np.argmin(board))
    stack["seq"][0] = start_state(int(stack["blank"][0]))
    stack["prev"][0] = -1
    stack["h"][0] = h0

    def run() -> int:
        return int(
            _manhattan_run(
                st,
                board,
                goal,
                dist,
                move_count,
                move_to,
                letters,
                prune,
                stack["seq"],
                rows,
                cols,
                conflicts,
                home_row,
                home_col,
                tails,
                stack["blank"],
                stack["prev"],
                stack["h"],
                stack["mi"],
                stack["best"],
                stack["path"],
            )
        )

    return drive(run, st, stack, guard, letters)


# `geometry.line_conflicts` over an array: compiled code cannot call the Python function.
@compiled
def _line_conflicts(
    tiles: Array,
    first: int,
    step: int,
    length: int,
    home_line: Array,
    home_pos: Array,
    which: int,
    tails: Array,
) -> int:
    """Tiles to remove from a line so the rest of those that belong there stand in goal order."""
    count = 0
    size = 0
    for j in range(length):
        t = tiles[first + j * step]
        if t == 0 or home_line[t] != which:
            continue
        v = home_pos[t]
        count += 1
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
    if count < 2:
        return 0
    return count - size


@compiled
def _manhattan_run(
    st: Array,
    tiles: Array,
    goal: Array,
    dist: Array,
    move_count: Array,
    move_to: Array,
    move_code: Array,
    prune: Array,
    seq_s: Array,
    rows: int,
    cols: int,
    conflicts: bool,
    home_row: Array,
    home_col: Array,
    tails: Array,
    blank_s: Array,
    prev_s: Array,
    h_s: Array,
    mi_s: Array,
    best_s: Array,
    path_s: Array,
) -> int:
    """Run (or resume) IDA* with Manhattan (+ linear conflicts) until found or a pause."""
    # One of three copies of the IDA* loop (with `pdb._pdb_run` and `placement._placement_run`):
    # numba compiles no closures over arrays, so each heuristic's update is spelled out in its own.
    cells = rows * cols
    cap = blank_s.shape[0]
    d = st[DEPTH]
    enter = st[ENTER]
    expanded = st[EXPANDED]
    generated = st[GENERATED]
    check_at = st[CHECK_AT]
    bound = st[BOUND]
    code = DONE
    while True:
        if enter:
            enter = 0
            expanded += 1
            mi_s[d] = 0
            best_s[d] = INF
            if expanded >= check_at:
                code = PAUSE
                break
        b = blank_s[d]
        k = mi_s[d]
        if k < move_count[b]:
            n = move_to[b, k]
            if n == prev_s[d]:
                mi_s[d] = k + 1
                continue
            nseq = prune[seq_s[d] + move_code[b, k]]
            if nseq < 0:  # a duplicate move sequence (the engine's automaton)
                mi_s[d] = k + 1
                continue
            if d + 1 >= cap:
                code = GROW
                break
            mi_s[d] = k + 1
            generated += 1
            g1 = d + 1
            limit = bound - g1
            t = tiles[n]
            base = t * cells
            nh = h_s[d] + dist[base + b] - dist[base + n]
            tiles[b] = t
            tiles[n] = 0
            if conflicts:
                if abs(n - b) == 1:
                    c0 = n % cols
                    c1 = b % cols
                    after = _line_conflicts(
                        tiles, c0, cols, rows, home_col, home_row, c0, tails
                    ) + _line_conflicts(tiles, c1, cols, rows, home_col, home_row, c1, tails)
                    tiles[n] = t
                    tiles[b] = 0
                    before = _line_conflicts(
                        tiles, c0, cols, rows, home_col, home_row, c0, tails
                    ) + _line_conflicts(tiles, c1, cols, rows, home_col, home_row, c1, tails)
                else:
                    r0 = n // cols
                    r1 = b // cols
                    after = _line_conflicts(
                        tiles, r0 * cols, 1, cols, home_row, home_col, r0, tails
                    ) + _line_conflicts(tiles, r1 * cols, 1, cols, home_row, home_col, r1, tails)
                    tiles[n] = t
                    tiles[b] = 0
                    before = _line_conflicts(
                        tiles, r0 * cols, 1, cols, home_row, home_col, r0, tails
                    ) + _line_conflicts(tiles, r1 * cols, 1, cols, home_row, home_col, r1, tails)
                nh += 2 * (after - before)
                tiles[b] = t
                tiles[n] = 0
            if nh > limit:
                tiles[n] = t
                tiles[b] = 0
                if g1 + nh < best_s[d]:
                    best_s[d] = g1 + nh
                continue
            path_s[d] = k
            if nh == 0 and at_goal(tiles, goal, cells):
                st[FOUND] = d + 1
                code = DONE
                break
            d += 1
            blank_s[d] = n
            prev_s[d] = b
            seq_s[d] = nseq
            h_s[d] = nh
            enter = 1
        else:
            result = best_s[d]
            if d == 0:
                bound = result
                st[ITER] += 1
                enter = 1
                continue
            d -= 1
            n = blank_s[d + 1]
            b = blank_s[d]
            tiles[n] = tiles[b]
            tiles[b] = 0
            if result < best_s[d]:
                best_s[d] = result
    st[DEPTH] = d
    st[ENTER] = enter
    st[EXPANDED] = expanded
    st[GENERATED] = generated
    st[BOUND] = bound
    return code
