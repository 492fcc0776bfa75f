"""numba versions of the tile engine's kernels and a table builder for large groups.

>>> from slidingtiles import Board
>>> build_perm_table(2, 2, Board.goal(2, 2).tiles, (1, 2)).tolist()
[0, 255, 1, 255, 3, 2, 2, 1, 255, 3, 255, 4]

Imported only when numba is the backend (see `slidingtiles._backend`).

Each IDA* kernel is the pure-Python kernel of `slidingtiles._engine` turned
into an explicit-stack depth-first search over numpy arrays, so that it can
stop and resume: every ``_engine._CHECK_EVERY`` expansions it returns to
Python, which calls the same ``guard.check`` the pure-Python kernel calls at
the same expansion (same limits, same progress snapshots, Ctrl-C honoured),
then resumes it. Moves are tried in the same order (up, down, left, right),
the reverse move is pruned the same way and the heuristic is updated by the
same formulas, so the number of expanded and generated nodes, the number of
iterations and the move string are identical to the pure-Python kernel's on
every input; only the seconds differ (``tests/test_backends.py`` checks it).

Beyond the pure-Python engine: `ida_pdb_placements` searches with perm-ranked
tables, 8-bit or 4-bit (``u4-excess``: (value - group Manhattan) / 2 per
entry, two entries per byte), and `build_perm_table` builds a group's table
by a frontier-only breadth-first search over (placement rank, blank region)
kept as cell bit masks, which builds the 7-8 partition of 4x4 in about
7 bytes per placement of the larger group.
"""

from __future__ import annotations

import contextlib
import hashlib
import importlib
import json
import math
import mmap
import os
import struct
import weakref
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol, TypeVar, cast

import numpy as np
from numpy.typing import NDArray

from .search import SearchStats

if TYPE_CHECKING:
    from ._pdb import PatternDatabase


__all__ = [
    "build_group_table",
    "build_packed_database",
    "build_perm_table",
    "ida_manhattan",
    "ida_pdb",
    "ida_pdb_placements",
    "load_packed",
    "pack_excess",
    "packed_table_path",
    "save_packed",
    "supports_pdb",
    "walk_perfect",
]

Array = NDArray[Any]
EngineResult = tuple[str, SearchStats]

_LETTERS = "UDLR"
_INF = np.int64(1) << 62

# Slots of the scalar state vector shared between Python and a kernel.
_DEPTH, _ENTER, _EXPANDED, _GENERATED, _CHECK_AT, _BOUND, _ITER, _FOUND = range(8)
_STATE_SIZE = 8
# Kernel return codes.
_DONE_FOUND, _PAUSE, _GROW = 0, 1, 2


def _load_njit() -> Any:
    try:
        return importlib.import_module("numba").njit
    except ImportError:  # pragma: no cover - only for doctest collection without the extra
        return None


_njit = _load_njit()

_F = TypeVar("_F", bound=Callable[..., Any])


def _compiled(function: _F) -> _F:
    """Compile with numba, cached on disk (the plain function when numba is absent).

    The dispatcher never selects this module without numba; the fallback only
    lets tools that import every module (doctest collection, mypy) do so.
    """
    if _njit is None:  # pragma: no cover
        return function
    return cast(_F, _njit(cache=True, nogil=True)(function))


def _inlined(function: _F) -> _F:
    """Like `_compiled`, and inlined into its callers (small helpers of the inner loops)."""
    if _njit is None:  # pragma: no cover
        return function
    return cast(_F, _njit(cache=True, nogil=True, inline="always")(function))


class Guard(Protocol):
    """What a kernel needs from the engine's limit/progress guard (``_engine._Guard``)."""

    iterations: int
    depth: int

    def check(self, expanded: int, generated: int) -> None: ...

    def stats(self, expanded: int, generated: int) -> SearchStats: ...


def _move_arrays(rows: int, cols: int) -> tuple[Array, Array, Array]:
    """count[b], to[b, k], letter[b, k]: the legal blank moves from b in U, D, L, R order."""
    cells = rows * cols
    count = np.zeros(cells, dtype=np.int64)
    to = np.full((cells, 4), -1, dtype=np.int64)
    letter = np.zeros((cells, 4), dtype=np.int64)
    for b in range(cells):
        r, c = divmod(b, cols)
        for code, (dr, dc) in enumerate(((-1, 0), (1, 0), (0, -1), (0, 1))):
            if 0 <= r + dr < rows and 0 <= c + dc < cols:
                k = count[b]
                to[b, k] = (r + dr) * cols + c + dc
                letter[b, k] = code
                count[b] += 1
    return count, to, letter


# -- Manhattan distance and linear conflicts ------------------------------------------------


@_compiled
def _line_conflicts(
    tiles: Array, first: int, step: int, length: int, home_line: Array, home_pos: Array,
    which: int, tails: Array,
) -> int:  # fmt: skip
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


@_compiled
def _manhattan_run(
    st: Array, tiles: Array, goal: Array, dist: Array, move_count: Array, move_to: Array,
    move_code: Array, prune: Array, seq_s: Array,
    rows: int, cols: int, conflicts: bool, home_row: Array, home_col: Array, tails: Array,
    blank_s: Array, prev_s: Array, h_s: Array, mi_s: Array, best_s: Array, path_s: Array,
) -> int:  # fmt: skip
    """Run (or resume) IDA* with Manhattan (+ linear conflicts) until found or a pause."""
    cells = rows * cols
    cap = blank_s.shape[0]
    d = st[_DEPTH]
    enter = st[_ENTER]
    expanded = st[_EXPANDED]
    generated = st[_GENERATED]
    check_at = st[_CHECK_AT]
    bound = st[_BOUND]
    code = _DONE_FOUND
    while True:
        if enter:
            enter = 0
            expanded += 1
            mi_s[d] = 0
            best_s[d] = _INF
            if expanded >= check_at:
                code = _PAUSE
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
                code = _GROW
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
            if nh == 0:
                same = True
                for c in range(cells):
                    if tiles[c] != goal[c]:
                        same = False
                        break
                if same:
                    st[_FOUND] = d + 1
                    code = _DONE_FOUND
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
                st[_ITER] += 1
                enter = 1
                continue
            d -= 1
            n = blank_s[d + 1]
            b = blank_s[d]
            tiles[n] = tiles[b]
            tiles[b] = 0
            if result < best_s[d]:
                best_s[d] = result
    st[_DEPTH] = d
    st[_ENTER] = enter
    st[_EXPANDED] = expanded
    st[_GENERATED] = generated
    st[_BOUND] = bound
    return code


class _Stack:
    """Per-depth arrays of an explicit-stack search, grown by doubling when the kernel asks."""

    def __init__(self, names: Sequence[str], capacity: int) -> None:
        self.names = tuple(names)
        self.arrays = {name: np.zeros(capacity, dtype=np.int64) for name in names}

    def grow(self) -> None:
        for name, array in self.arrays.items():
            bigger = np.zeros(2 * len(array), dtype=np.int64)
            bigger[: len(array)] = array
            self.arrays[name] = bigger

    def __getitem__(self, name: str) -> Array:
        return self.arrays[name]


def _drive(
    run: Callable[[], int], st: Array, stack: _Stack, guard: Guard, letters: Array
) -> EngineResult:
    """Call a kernel until it finds the goal, pausing for the guard like the Python kernel."""
    while True:
        code = run()
        guard.iterations = int(st[_ITER])
        if code == _DONE_FOUND:
            break
        if code == _PAUSE:
            expanded = int(st[_EXPANDED])
            guard.check(expanded, int(st[_GENERATED]))
            st[_CHECK_AT] = _next_check(guard, expanded)
        else:
            stack.grow()
    found = int(st[_FOUND])
    path = "".join(_LETTERS[int(letters[int(b), int(k)])] for b, k in _path_cells(stack, found))
    guard.depth = len(path)
    return path, guard.stats(int(st[_EXPANDED]), int(st[_GENERATED]))


def _path_cells(stack: _Stack, length: int) -> list[tuple[int, int]]:
    blank, path = stack["blank"], stack["path"]
    return [(int(blank[d]), int(path[d])) for d in range(length)]


_PRUNE: list[tuple[object, Array]] = []


def _prune_table() -> Array:
    """The engine's duplicate-move-sequence automaton as an array (one that never prunes if none).

    ``next = table[state + move code]``, states times 4, -1 = prune: the
    pure-Python kernels skip those moves, so these kernels must too.
    """
    from . import _engine

    make = getattr(_engine, "_pruning_table", None)
    if make is None:
        return np.zeros(4, dtype=np.int64)
    table = make()
    if not _PRUNE or _PRUNE[0][0] is not table:
        _PRUNE[:] = [(table, np.array(table, dtype=np.int64))]
    return _PRUNE[0][1]


def _next_check(guard: Guard, expanded: int) -> int:
    """The expansion at which the engine's guard wants to be called next."""
    from . import _engine

    next_check = getattr(guard, "next_check", None)
    if next_check is None:
        return expanded + _engine._CHECK_EVERY
    return int(next_check(expanded))


def _new_state(bound: int, guard: Guard) -> Array:
    st = np.zeros(_STATE_SIZE, dtype=np.int64)
    st[_ENTER] = 1
    st[_CHECK_AT] = _next_check(guard, 0)
    st[_BOUND] = bound
    st[_ITER] = 1
    return st


def ida_manhattan(
    rows: int, cols: int, goal_tiles: tuple[int, ...], tiles: list[int], guard: Guard,
    conflicts: bool,
) -> EngineResult:  # fmt: skip
    """IDA* with Manhattan distance (plus linear conflicts): the numba kernel.

    Same contract, statistics and errors as the pure-Python kernel.
    """
    cells = rows * cols
    goal = np.array(goal_tiles, dtype=np.int64)
    board = np.array(tiles, dtype=np.int64)
    home = np.zeros(cells, dtype=np.int64)
    home[goal] = np.arange(cells)
    home_row, home_col = home // cols, home % cols
    t_idx = np.repeat(np.arange(cells), cells)
    c_idx = np.tile(np.arange(cells), cells)
    dist = np.abs(c_idx // cols - home_row[t_idx]) + np.abs(c_idx % cols - home_col[t_idx])
    dist[t_idx == 0] = 0
    move_count, move_to, letters = _move_arrays(rows, cols)
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
    stack = _Stack(("blank", "prev", "h", "mi", "best", "path", "seq"), 128)
    if np.array_equal(board, goal):
        guard.depth = 0
        return "", guard.stats(0, 0)
    st = _new_state(h0, guard)
    prune = _prune_table()
    stack["blank"][0] = int(np.argmin(board))
    stack["prev"][0] = -1
    stack["h"][0] = h0

    def run() -> int:
        return int(_manhattan_run(
            st, board, goal, dist, move_count, move_to, letters, prune, stack["seq"],
            rows, cols, conflicts, home_row,
            home_col, tails, stack["blank"], stack["prev"], stack["h"], stack["mi"],
            stack["best"], stack["path"],
        ))  # fmt: skip

    return _drive(run, st, stack, guard, letters)


# -- additive pattern databases (digits encoding), maxed with the reflection ---------------------


@_compiled
def _pdb_run(
    st: Array, tiles: Array, goal: Array, move_count: Array, move_to: Array,
    move_code: Array, prune: Array, seq_s: Array, move_delta: Array,
    move_rdelta: Array, flat: Array, offset: Array, group_of: Array, weight: Array,
    rgroup_of: Array, rweight: Array, reflect: bool, index: Array, values: Array, rindex: Array,
    rvalues: Array,
    blank_s: Array, prev_s: Array, h_s: Array, rh_s: Array, mi_s: Array, best_s: Array,
    path_s: Array, grp_s: Array, oldi_s: Array, oldv_s: Array, rgrp_s: Array, oldri_s: Array,
    oldrv_s: Array,
) -> int:  # fmt: skip
    """Run (or resume) IDA* with additive tables until found or a pause."""
    cells = tiles.shape[0]
    cap = blank_s.shape[0]
    d = st[_DEPTH]
    enter = st[_ENTER]
    expanded = st[_EXPANDED]
    generated = st[_GENERATED]
    check_at = st[_CHECK_AT]
    bound = st[_BOUND]
    code = _DONE_FOUND
    while True:
        if enter:
            enter = 0
            expanded += 1
            mi_s[d] = 0
            best_s[d] = _INF
            if expanded >= check_at:
                code = _PAUSE
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
                code = _GROW
                break
            mi_s[d] = k + 1
            generated += 1
            g1 = d + 1
            limit = bound - g1
            t = tiles[n]
            grp = group_of[t]
            i = index[grp] + move_delta[b, k] * weight[t]
            v = np.int64(flat[offset[grp] + i])
            nh = h_s[d] - values[grp] + v
            if nh > limit:
                if g1 + nh < best_s[d]:
                    best_s[d] = g1 + nh
                continue
            nrh = np.int64(0)
            if reflect:
                rgrp = rgroup_of[t]
                ri = rindex[rgrp] + move_rdelta[b, k] * rweight[t]
                rv = np.int64(flat[offset[rgrp] + ri])
                nrh = rh_s[d] - rvalues[rgrp] + rv
                if nrh > limit:
                    if g1 + nrh < best_s[d]:
                        best_s[d] = g1 + nrh
                    continue
                rgrp_s[d] = rgrp
                oldri_s[d] = rindex[rgrp]
                oldrv_s[d] = rvalues[rgrp]
                rindex[rgrp] = ri
                rvalues[rgrp] = rv
            tiles[b] = t
            tiles[n] = 0
            path_s[d] = k
            if nh == 0 and nrh == 0:
                same = True
                for c in range(cells):
                    if tiles[c] != goal[c]:
                        same = False
                        break
                if same:
                    st[_FOUND] = d + 1
                    code = _DONE_FOUND
                    break
            grp_s[d] = grp
            oldi_s[d] = index[grp]
            oldv_s[d] = values[grp]
            index[grp] = i
            values[grp] = v
            d += 1
            blank_s[d] = n
            prev_s[d] = b
            seq_s[d] = nseq
            h_s[d] = nh
            rh_s[d] = nrh
            enter = 1
        else:
            result = best_s[d]
            if d == 0:
                bound = result
                st[_ITER] += 1
                enter = 1
                continue
            d -= 1
            n = blank_s[d + 1]
            b = blank_s[d]
            tiles[n] = tiles[b]
            tiles[b] = 0
            grp = grp_s[d]
            index[grp] = oldi_s[d]
            values[grp] = oldv_s[d]
            if reflect:
                rgrp = rgrp_s[d]
                rindex[rgrp] = oldri_s[d]
                rvalues[rgrp] = oldrv_s[d]
            if result < best_s[d]:
                best_s[d] = result
    st[_DEPTH] = d
    st[_ENTER] = enter
    st[_EXPANDED] = expanded
    st[_GENERATED] = generated
    st[_BOUND] = bound
    return code


_FLAT: weakref.WeakKeyDictionary[PatternDatabase, tuple[Array, Array]] = weakref.WeakKeyDictionary()


def _table_memory(size: int) -> Array:
    """A zeroed uint8 array, backed by transparent huge pages where the system allows.

    Table lookups are random reads in tens or hundreds of megabytes: with
    4 KiB pages nearly every one also misses the TLB. Linux's default
    ``madvise`` policy grants 2 MiB pages to memory that asks for them.
    """
    if size < (1 << 22) or not hasattr(mmap, "MADV_HUGEPAGE"):
        return np.zeros(size, dtype=np.uint8)
    memory = mmap.mmap(-1, size, flags=mmap.MAP_PRIVATE | mmap.MAP_ANONYMOUS)
    with contextlib.suppress(OSError):
        memory.madvise(mmap.MADV_HUGEPAGE)
    return np.frombuffer(memory, dtype=np.uint8)


def _flat_tables(db: PatternDatabase) -> tuple[Array, Array]:
    """All tables in one array (plus a zero entry for ungrouped tiles) and each one's offset.

    One array indexed by offset + index is markedly faster in the inner loop
    than a tuple of arrays indexed by group; the copy (the tables' size) is
    made once per loaded database and freed with it.
    """
    cached = _FLAT.get(db)
    if cached is None:
        sizes = [len(t) for t in db.tables] + [1]
        offset = np.zeros(len(sizes), dtype=np.int64)
        offset[1:] = np.cumsum(sizes[:-1])
        flat = _table_memory(sum(sizes))
        for table, at in zip(db.tables, offset):
            flat[at : at + len(table)] = np.frombuffer(table, dtype=np.uint8)
        cached = _FLAT[db] = (flat, offset)
    return cached


def ida_pdb(db: PatternDatabase, tiles: list[int], guard: Guard) -> EngineResult:
    """IDA* with additive tables, maxed with the reflection: the numba kernel.

    Digits tables: same contract, statistics and errors as the pure-Python
    kernel. Perm-ranked and 4-bit tables (which the pure-Python engine does
    not search) go to `ida_pdb_placements`.
    """
    if _entry(db) != "u8-moves" or any(e != "digits" for e in db.encodings):
        return ida_pdb_placements(db, tiles, guard)
    cells, cols = db.cells, db.cols
    goal = np.array(db.goal, dtype=np.int64)
    board = np.array(tiles, dtype=np.int64)
    flat, offset = _flat_tables(db)
    spare = len(db.groups)
    group_of = np.full(cells, spare, dtype=np.int64)
    weight = np.zeros(cells, dtype=np.int64)
    for g, group in enumerate(db.groups):
        for slot, t in enumerate(group):
            group_of[t], weight[t] = g, cells**slot
    mirror = np.array(db.mirror, dtype=np.int64)
    transpose = np.array(db.transpose or tuple(range(cells)), dtype=np.int64)
    rgroup_of, rweight = group_of[mirror], weight[mirror]
    move_count, move_to, letters = _move_arrays(db.rows, cols)
    move_delta = np.zeros_like(move_to)
    move_rdelta = np.zeros_like(move_to)
    for b in range(cells):
        for k in range(int(move_count[b])):
            n = int(move_to[b, k])
            move_delta[b, k] = b - n
            move_rdelta[b, k] = transpose[b] - transpose[n]
    index = np.zeros(spare + 1, dtype=np.int64)
    rindex = np.zeros(spare + 1, dtype=np.int64)
    for cell, t in enumerate(tiles):
        if t:
            index[group_of[t]] += cell * weight[t]
            rindex[rgroup_of[t]] += transpose[cell] * rweight[t]
    index[spare] = rindex[spare] = 0
    values = flat[offset + index].astype(np.int64)
    rvalues = (
        flat[offset + rindex].astype(np.int64)
        if db.reflect else np.zeros(spare + 1, dtype=np.int64)
    )  # fmt: skip
    h0, rh0 = int(values.sum()), int(rvalues.sum())
    if np.array_equal(board, goal):
        guard.depth = 0
        return "", guard.stats(0, 0)
    names = ("blank", "prev", "h", "rh", "mi", "best", "path", "seq", "grp", "oldi", "oldv", "rgrp",
             "oldri", "oldrv")  # fmt: skip
    stack = _Stack(names, 128)
    st = _new_state(max(h0, rh0), guard)
    prune = _prune_table()
    stack["blank"][0] = int(np.argmin(board))
    stack["prev"][0] = -1
    stack["h"][0] = h0
    stack["rh"][0] = rh0
    reflect = bool(db.reflect)

    def run() -> int:
        s = stack
        return int(_pdb_run(
            st, board, goal, move_count, move_to, letters, prune, s["seq"],
            move_delta, move_rdelta, flat, offset, group_of,
            weight, rgroup_of, rweight, reflect, index, values, rindex, rvalues, s["blank"],
            s["prev"], s["h"], s["rh"], s["mi"], s["best"], s["path"], s["grp"], s["oldi"],
            s["oldv"], s["rgrp"], s["oldri"], s["oldrv"],
        ))  # fmt: skip

    return _drive(run, st, stack, guard, letters)


# -- additive tables indexed from the group's positions (perm ranks, 4-bit entries) -------------

#: Per-group lookup kinds of the positions kernel.
_DIGITS_U8, _PERM_U8, _PERM_U4 = 0, 1, 2


@_inlined
def _moved_index(
    g: int, slot: int, p: int, q: int, index: Array, at: Array, kind: Array, radix: Array
) -> Any:  # fmt: skip
    """Group g's index after its tile in ``slot`` moves from cell p to the adjacent cell q.

    Digits: one addition. Perm rank (``sum d_i * radix_i``, ``d_i`` = cell of
    slot i minus the earlier slots' tiles below it): only ``d_slot`` and the
    ``d_j`` of later slots whose tiles stand strictly between p and q change,
    by one each; on a row move no cell lies between, on a column move
    ``cols - 1`` cells do.
    """
    if kind[g] == _DIGITS_U8:
        return index[g] + (q - p) * radix[g, slot]
    sign = 1 if q > p else -1
    lo = min(p, q)
    hi = max(p, q)
    earlier = 0
    later = 0
    for c in range(lo + 1, hi):
        j = at[g, c]
        if j < 0:
            continue
        if j < slot:
            earlier += 1
        else:
            later += radix[g, j]
    return index[g] + ((q - p) - sign * earlier) * radix[g, slot] + sign * later


@_inlined
def _indexed_value(g: int, i: int, kind: Array, flat: Array, offset: Array, md: int) -> Any:
    """The table value at index i of group g (for 4-bit tables: from the group's Manhattan)."""
    if kind[g] != _PERM_U4:
        return np.int64(flat[offset[g] + i])
    byte = np.int64(flat[offset[g] + (i >> 1)])
    return md + 2 * ((byte >> ((i & 1) << 2)) & 15)


@_compiled
def _placement_run(
    st: Array, tiles: Array, goal: Array, move_count: Array, move_to: Array,
    move_code: Array, prune: Array, seq_s: Array, transpose: Array,
    dist: Array, flat: Array, offset: Array, radix: Array, kind: Array, group_of: Array,
    slot_of: Array, rgroup_of: Array, rslot_of: Array, reflect: bool, at: Array, rat: Array,
    index: Array, rindex: Array, md: Array, rmd: Array, values: Array, rvalues: Array,
    blank_s: Array, prev_s: Array, h_s: Array, rh_s: Array, mi_s: Array, best_s: Array,
    path_s: Array, oldi_s: Array, oldv_s: Array, oldmd_s: Array, oldri_s: Array,
    oldrv_s: Array, oldrmd_s: Array,
) -> int:  # fmt: skip
    """Run (or resume) IDA* with tables indexed from group placements until found or a pause."""
    cells = tiles.shape[0]
    cap = blank_s.shape[0]
    d = st[_DEPTH]
    enter = st[_ENTER]
    expanded = st[_EXPANDED]
    generated = st[_GENERATED]
    check_at = st[_CHECK_AT]
    bound = st[_BOUND]
    code = _DONE_FOUND
    while True:
        if enter:
            enter = 0
            expanded += 1
            mi_s[d] = 0
            best_s[d] = _INF
            if expanded >= check_at:
                code = _PAUSE
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
                code = _GROW
                break
            mi_s[d] = k + 1
            generated += 1
            g1 = d + 1
            limit = bound - g1
            t = tiles[n]
            step = dist[t * cells + b] - dist[t * cells + n]
            grp = group_of[t]
            slot = slot_of[t]
            nmd = md[grp] + step
            i = _moved_index(grp, slot, n, b, index, at, kind, radix)
            v = _indexed_value(grp, i, kind, flat, offset, nmd)
            nh = h_s[d] - values[grp] + v
            if nh > limit:
                if g1 + nh < best_s[d]:
                    best_s[d] = g1 + nh
                continue
            nrh: Any = np.int64(0)
            rv: Any = np.int64(0)
            ri: Any = np.int64(0)
            nrmd: Any = np.int64(0)
            rgrp = rgroup_of[t]
            rslot = rslot_of[t]
            if reflect:
                nrmd = rmd[rgrp] + step
                ri = _moved_index(rgrp, rslot, transpose[n], transpose[b], rindex, rat, kind, radix)
                rv = _indexed_value(rgrp, ri, kind, flat, offset, nrmd)
                nrh = rh_s[d] - rvalues[rgrp] + rv
                if nrh > limit:
                    if g1 + nrh < best_s[d]:
                        best_s[d] = g1 + nrh
                    continue
            tiles[b] = t
            tiles[n] = 0
            path_s[d] = k
            if nh == 0 and nrh == 0:
                same = True
                for c in range(cells):
                    if tiles[c] != goal[c]:
                        same = False
                        break
                if same:
                    st[_FOUND] = d + 1
                    code = _DONE_FOUND
                    break
            oldi_s[d] = index[grp]
            oldv_s[d] = values[grp]
            oldmd_s[d] = md[grp]
            index[grp] = i
            values[grp] = v
            md[grp] = nmd
            at[grp, n] = -1
            at[grp, b] = slot
            if reflect:
                oldri_s[d] = rindex[rgrp]
                oldrv_s[d] = rvalues[rgrp]
                oldrmd_s[d] = rmd[rgrp]
                rindex[rgrp] = ri
                rvalues[rgrp] = rv
                rmd[rgrp] = nrmd
                rat[rgrp, transpose[n]] = -1
                rat[rgrp, transpose[b]] = rslot
            d += 1
            blank_s[d] = n
            prev_s[d] = b
            seq_s[d] = nseq
            h_s[d] = nh
            rh_s[d] = nrh
            enter = 1
        else:
            result = best_s[d]
            if d == 0:
                bound = result
                st[_ITER] += 1
                enter = 1
                continue
            d -= 1
            n = blank_s[d + 1]
            b = blank_s[d]
            t = tiles[b]
            tiles[n] = t
            tiles[b] = 0
            grp = group_of[t]
            index[grp] = oldi_s[d]
            values[grp] = oldv_s[d]
            md[grp] = oldmd_s[d]
            at[grp, b] = -1
            at[grp, n] = slot_of[t]
            if reflect:
                rgrp = rgroup_of[t]
                rindex[rgrp] = oldri_s[d]
                rvalues[rgrp] = oldrv_s[d]
                rmd[rgrp] = oldrmd_s[d]
                rat[rgrp, transpose[b]] = -1
                rat[rgrp, transpose[n]] = rslot_of[t]
            if result < best_s[d]:
                best_s[d] = result
    st[_DEPTH] = d
    st[_ENTER] = enter
    st[_EXPANDED] = expanded
    st[_GENERATED] = generated
    st[_BOUND] = bound
    return code


def _entry(db: PatternDatabase) -> str:
    """The entry encoding of a database's tables: ``u8-moves`` unless it says otherwise."""
    return str(getattr(db, "entry", "u8-moves"))


def _kinds(db: PatternDatabase) -> list[int] | None:
    """Per-group lookup kinds for the positions kernel, or None if a table is not supported."""
    entry = _entry(db)
    kinds = []
    for encoding in db.encodings:
        if encoding == "digits" and entry == "u8-moves":
            kinds.append(_DIGITS_U8)
        elif encoding == "perm" and entry == "u8-moves":
            kinds.append(_PERM_U8)
        elif encoding == "perm" and entry == "u4-excess":
            kinds.append(_PERM_U4)
        else:
            return None
    return kinds


def supports_pdb(db: PatternDatabase) -> bool:
    """Whether the numba kernels can search with this database.

    Perfect tables (walked), digits tables, and perm-ranked tables with 8-bit
    entries or 4-bit ``u4-excess`` entries (the 7-8 partition of 4x4).
    """
    return bool(db.perfect or _kinds(db) is not None)


def ida_pdb_placements(db: PatternDatabase, tiles: list[int], guard: Guard) -> EngineResult:
    """IDA* with tables indexed from each group's placement (any supported encoding).

    Each group keeps its index and a cell -> slot map; a move updates the
    index in O(1) on a row move and O(cols) on a column move (see
    `_moved_index`). It is the kernel for perm-ranked and 4-bit tables, and on
    digits tables it gives the same values, hence the same nodes, as the
    digits kernel.
    """
    from ._pdb_build import digits_index, perm_rank

    kinds = _kinds(db)
    if kinds is None:
        raise ValueError(f"no kernel for {db.encodings} tables with {_entry(db)} entries")
    cells, rows, cols = db.cells, db.rows, db.cols
    goal = np.array(db.goal, dtype=np.int64)
    board = np.array(tiles, dtype=np.int64)
    spare = len(db.groups)
    groups = [*db.groups, ()]
    kind = np.array([*kinds, _DIGITS_U8], dtype=np.int64)
    flat, offset = _flat_tables(db)
    width = max(len(g) for g in groups) + 1
    radix = np.zeros((spare + 1, width), dtype=np.int64)
    for g, group in enumerate(db.groups):
        k = len(group)
        for slot in range(k):
            radix[g, slot] = (
                cells**slot if kinds[g] == _DIGITS_U8 else math.perm(cells - slot - 1, k - slot - 1)
            )
    group_of = np.full(cells, spare, dtype=np.int64)
    slot_of = np.zeros(cells, dtype=np.int64)
    for g, group in enumerate(db.groups):
        for slot, t in enumerate(group):
            group_of[t], slot_of[t] = g, slot
    mirror = np.array(db.mirror, dtype=np.int64)
    transpose = np.array(db.transpose or tuple(range(cells)), dtype=np.int64)
    rgroup_of, rslot_of = group_of[mirror], slot_of[mirror]
    home = np.zeros(cells, dtype=np.int64)
    home[goal] = np.arange(cells)
    t_idx = np.repeat(np.arange(cells), cells)
    c_idx = np.tile(np.arange(cells), cells)
    dist = np.abs(c_idx // cols - home[t_idx] // cols) + np.abs(c_idx % cols - home[t_idx] % cols)
    dist[t_idx == 0] = 0
    reflect = bool(db.reflect)
    cell_of = [0] * cells
    rcell_of = [0] * cells
    for cell, t in enumerate(tiles):
        cell_of[t] = cell
        rcell_of[db.mirror[t]] = int(transpose[cell])

    def placement(where: list[int]) -> tuple[Array, Array, Array, Array]:
        at = np.full((spare + 1, cells), -1, dtype=np.int64)
        index = np.zeros(spare + 1, dtype=np.int64)
        md = np.zeros(spare + 1, dtype=np.int64)
        values = np.zeros(spare + 1, dtype=np.int64)
        for g, group in enumerate(db.groups):
            positions = [where[t] for t in group]
            for slot, (t, c) in enumerate(zip(group, positions)):
                at[g, c] = slot
                md[g] += dist[t * cells + c]
            index[g] = (
                digits_index(positions, cells) if kinds[g] == _DIGITS_U8
                else perm_rank(positions, cells)
            )  # fmt: skip
            values[g] = _indexed_value(g, index[g], kind, flat, offset, md[g])
        return at, index, md, values

    at, index, md, values = placement(cell_of)
    rat, rindex, rmd, rvalues = placement(rcell_of)
    if not reflect:
        rvalues[:] = 0
    h0, rh0 = int(values.sum()), int(rvalues.sum())
    if np.array_equal(board, goal):
        guard.depth = 0
        return "", guard.stats(0, 0)
    move_count, move_to, letters = _move_arrays(rows, cols)
    names = ("blank", "prev", "h", "rh", "mi", "best", "path", "seq", "oldi", "oldv", "oldmd",
             "oldri", "oldrv", "oldrmd")  # fmt: skip
    stack = _Stack(names, 128)
    st = _new_state(max(h0, rh0), guard)
    prune = _prune_table()
    stack["blank"][0] = int(np.argmin(board))
    stack["prev"][0] = -1
    stack["h"][0] = h0
    stack["rh"][0] = rh0

    def run() -> int:
        s = stack
        return int(_placement_run(
            st, board, goal, move_count, move_to, letters, prune, s["seq"], transpose, dist,
            flat, offset, radix, kind, group_of, slot_of, rgroup_of, rslot_of, reflect, at,
            rat, index, rindex, md, rmd, values, rvalues, s["blank"], s["prev"], s["h"],
            s["rh"], s["mi"], s["best"], s["path"], s["oldi"], s["oldv"], s["oldmd"],
            s["oldri"], s["oldrv"], s["oldrmd"],
        ))  # fmt: skip

    return _drive(run, st, stack, guard, letters)


def walk_perfect(db: PatternDatabase, tiles: list[int], guard: Guard) -> EngineResult:
    """Follow a perfect table downhill: O(length) lookups, so the pure-Python walk is used."""
    from . import _engine

    return _engine._walk_perfect(db, tiles, guard)  # type: ignore[arg-type]


def build_group_table(
    rows: int,
    cols: int,
    goal: Sequence[int],
    group: Sequence[int],
    *,
    encoding: str,
    progress: Callable[[int, int, float], object] | None = None,
) -> bytes:
    """Return one group's table, the same bytes as the pure-Python builder.

    The frontier-only search of `build_perm_table` gives the perm-ranked
    table; a digits table is the same values scattered to digits indices
    (255 where two tiles would share a cell).
    """
    if encoding not in ("perm", "digits"):
        raise ValueError(f"unknown table encoding {encoding!r}")
    table = build_perm_table(rows, cols, goal, group, progress=progress)
    if encoding == "perm":
        return table.tobytes()
    cells, k = rows * cols, len(group)
    digits = np.full(cells**k, 255, dtype=np.uint8)
    _scatter_digits(table, k, cells, digits, np.zeros(k, dtype=np.int64), np.zeros(k, np.int64))
    return digits.tobytes()


@_compiled
def _scatter_digits(
    table: Array, k: int, cells: int, digits: Array, pos: Array, digit: Array
) -> None:  # fmt: skip
    for r in range(table.shape[0]):
        _unrank(r, k, cells, pos, digit)
        index = 0
        w = 1
        for i in range(k):
            index += pos[i] * w
            w *= cells
        digits[index] = table[r]


# -- table construction for large groups (perm-ranked, frontier-only breadth-first search) ------


def _load_ctpop() -> Any:
    """The CPU's population count as a numba intrinsic (None without numba)."""
    if _njit is None:  # pragma: no cover
        return None
    extending = importlib.import_module("numba.extending")

    def typer(typingctx: Any, x: Any) -> Any:
        def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
            return builder.ctpop(args[0])

        return x(x), codegen

    return extending.intrinsic(typer)


_ctpop = _load_ctpop()


def _popcount_python(x: int) -> int:  # pragma: no cover - only without numba
    return x.bit_count()


def _popcount_numba(x: int) -> int:
    return _ctpop(np.int64(x))  # type: ignore[no-any-return]


_popcount = _popcount_python if _njit is None else _inlined(_popcount_numba)


@_compiled
def _rank(pos: Array, k: int, cells: int) -> int:
    """The compact rank of distinct positions (same bijection as `_pdb_build.perm_rank`)."""
    rank = 0
    used = 0
    for i in range(k):
        p = pos[i]
        below = _popcount(used & ((1 << p) - 1))
        rank = rank * (cells - i) + (p - below)
        used |= 1 << p
    return rank


@_compiled
def _unrank(rank: int, k: int, cells: int, pos: Array, digit: Array) -> int:
    """Fill ``pos`` with the placement of a rank; return the occupied-cell mask."""
    for i in range(k - 1, -1, -1):
        base = cells - i
        digit[i] = rank % base
        rank //= base
    used = 0
    for i in range(k):
        d = digit[i]
        c = 0
        while True:  # the d-th free cell, counting from 0
            if not (used >> c) & 1:
                if d == 0:
                    break
                d -= 1
            c += 1
        pos[i] = c
        used |= 1 << c
    return used


@_compiled
def _flood(start: int, free: int, left_col: int, right_col: int, cols: int, full: int) -> int:
    """The region of free cells connected to the start bits (start included)."""
    region = start
    while True:
        grown = (
            (
                region
                | ((region << 1) & ~left_col)
                | ((region >> 1) & ~right_col)
                | (region << cols)
                | (region >> cols)
            )
            & (free | start)
            & full
        )
        if grown == region:
            return region
        region = grown


@_compiled
def _bfs_chunk(
    begin: int, end: int, depth: int, k: int, cells: int, cols: int, neighbours: Array,
    table: Array, visited: Array, current: Array, following: Array, pos: Array, digit: Array,
) -> int:  # fmt: skip
    """Expand the frontier states of ranks [begin, end); return how many new states were found."""
    full = (1 << cells) - 1
    left_col = 0
    for c in range(0, cells, cols):
        left_col |= 1 << c
    right_col = left_col << (cols - 1)
    found = 0
    for r in range(begin, end):
        pending: Any = np.int64(current[r])
        if pending == 0:
            continue
        current[r] = 0
        occupied = _unrank(r, k, cells, pos, digit)
        free = full & ~occupied
        while pending:
            low = pending & -pending
            region = _flood(low, free, left_col, right_col, cols, full)
            pending &= ~region
            for j in range(k):
                p = pos[j]
                for direction in range(4):
                    q = neighbours[p, direction]
                    if q < 0 or not (region >> q) & 1:
                        continue
                    pos[j] = q
                    nr = _rank(pos, k, cells)
                    pos[j] = p
                    if (np.int64(visited[nr]) >> p) & 1:
                        continue
                    new_free = free ^ (1 << p) ^ (1 << q)
                    new_region = _flood(1 << p, new_free, left_col, right_col, cols, full)
                    visited[nr] |= new_region
                    following[nr] |= new_region
                    if table[nr] == 255:
                        table[nr] = depth + 1
                    found += 1
    return found


def _mask_dtype(cells: int) -> Any:
    return np.uint16 if cells <= 16 else (np.uint32 if cells <= 32 else np.uint64)


def build_perm_table(
    rows: int,
    cols: int,
    goal: Sequence[int],
    group: Sequence[int],
    *,
    progress: Callable[[int, int, float], object] | None = None,
    chunk: int = 1 << 23,
) -> Array:
    """Return one group's perm-ranked table (uint8, 255 = unreached) by a frontier-only BFS.

    Abstract state: the group's placement (its rank) and the blank's region,
    stored as bit masks of cells per rank: ``visited`` (every region reached),
    the current and the next frontier. Memory: ``perm(cells, k)`` times
    (1 table byte + 3 masks of 2 bytes on boards up to 16 cells), e.g. 3.6 GB
    for an 8-tile group of 4x4. ``progress(depth, states, seconds)`` is called
    every ``chunk`` ranks and after each layer; Ctrl-C is honoured between
    chunks.
    """
    import time

    cells = rows * cols
    k = len(group)
    goal = list(goal)
    n = math.perm(cells, k)
    count, to, _ = _move_arrays(rows, cols)
    neighbours = np.full((cells, 4), -1, dtype=np.int64)
    for b in range(cells):
        neighbours[b, : count[b]] = to[b, : count[b]]
    dtype = _mask_dtype(cells)
    table = np.full(n, 255, dtype=np.uint8)
    visited = np.zeros(n, dtype=dtype)
    current = np.zeros(n, dtype=dtype)
    following = np.zeros(n, dtype=dtype)
    pos = np.array([goal.index(t) for t in group], dtype=np.int64)
    digit = np.zeros(k, dtype=np.int64)
    occupied = 0
    for p in pos:
        occupied |= 1 << int(p)
    full = (1 << cells) - 1
    left_col = sum(1 << c for c in range(0, cells, cols))
    start_region = int(
        _flood(1 << goal.index(0), full & ~occupied, left_col, left_col << (cols - 1), cols, full)
    )
    r0 = int(_rank(pos, k, cells))
    table[r0] = 0
    visited[r0] = current[r0] = start_region
    began = time.perf_counter()
    states, depth, found = 1, 0, 1
    while found:
        found = 0
        for begin in range(0, n, chunk):
            found += int(_bfs_chunk(
                begin, min(n, begin + chunk), depth, k, cells, cols, neighbours, table,
                visited, current, following, pos, digit,
            ))  # fmt: skip
            if progress is not None:
                progress(depth, states + found, time.perf_counter() - began)
        states += found
        current, following = following, current
        depth += 1
    del visited, current, following
    return table


@_compiled
def _pack_excess(
    table: Array, k: int, cells: int, cols: int, home_row: Array, home_col: Array,
    packed: Array, pos: Array, digit: Array,
) -> int:  # fmt: skip
    """Pack (value - group Manhattan) / 2 in 4 bits per rank; return the first bad rank or -1."""
    n = table.shape[0]
    for r in range(n):
        _unrank(r, k, cells, pos, digit)
        md = 0
        for i in range(k):
            md += abs(pos[i] // cols - home_row[i]) + abs(pos[i] % cols - home_col[i])
        v = np.int64(table[r])
        excess = v - md
        if v == 255 or excess < 0 or excess % 2 or excess > 30:
            return r
        if r & 1:
            packed[r >> 1] |= np.uint8((excess >> 1) << 4)
        else:
            packed[r >> 1] |= np.uint8(excess >> 1)
    return -1


def pack_excess(
    table: Array, rows: int, cols: int, goal: Sequence[int], group: Sequence[int]
) -> bytes:
    """Return a perm-ranked table in 4 bits per entry: (value - group Manhattan) / 2.

    Entry ``r`` is the low nibble of byte ``r // 2`` when ``r`` is even, the
    high nibble when odd. Raises ValueError if an entry is unreached or its
    excess over Manhattan is odd, negative or above 30.
    """
    cells = rows * cols
    k = len(group)
    goal = list(goal)
    home = [goal.index(t) for t in group]
    home_row = np.array([h // cols for h in home], dtype=np.int64)
    home_col = np.array([h % cols for h in home], dtype=np.int64)
    packed = np.zeros((len(table) + 1) // 2, dtype=np.uint8)
    pos = np.zeros(k, dtype=np.int64)
    digit = np.zeros(k, dtype=np.int64)
    bad = int(_pack_excess(table, k, cells, cols, home_row, home_col, packed, pos, digit))
    if bad >= 0:
        raise ValueError(f"entry {bad} ({int(table[bad])}) does not fit 4 bits over Manhattan")
    return packed.tobytes()


# -- 4-bit databases on disk (the 7-8 partition) ---------------------------------------------

#: The entry encoding of 4-bit tables: (value - group Manhattan) / 2 per perm rank.
U4_ENTRY = "u4-excess"


def packed_table_path(
    rows: int, cols: int, goal: Sequence[int], groups: Sequence[Sequence[int]], name: str,
    cache_dir: str | os.PathLike[str] | None = None,
) -> Path:  # fmt: skip
    """The cache file of a 4-bit database (named like `slidingtiles._pdb.table_path`)."""
    from . import _pdb

    key = json.dumps([rows, cols, list(goal), [list(g) for g in groups]]).encode()
    digest = hashlib.sha256(key).hexdigest()[:12]
    return _pdb.cache_dir(cache_dir) / f"{rows}x{cols}-{name}-{digest}-v{_pdb.FORMAT_VERSION}.stpdb"


def build_packed_database(
    rows: int, cols: int, goal: Sequence[int], groups: Sequence[Sequence[int]], name: str,
    progress: Callable[[int, int, int, float], object] | None = None,
) -> PatternDatabase:  # fmt: skip
    """Build perm-ranked 4-bit tables with the frontier-only builder (memory: see below).

    ``progress(group, depth, states, seconds)``. Peak memory: the largest
    group's ``perm(cells, k) * 7`` bytes during its search (3.6 GB for 8
    tiles of 4x4) plus the packed tables built so far.
    """
    from . import _pdb

    tables = []
    for g, group in enumerate(groups):

        def report(depth: int, states: int, seconds: float, g: int = g) -> object:
            return None if progress is None else progress(g, depth, states, seconds)

        table = build_perm_table(rows, cols, goal, group, progress=report)
        tables.append(pack_excess(table, rows, cols, goal, group))
        del table
    db = _pdb.PatternDatabase(
        rows, cols, tuple(goal), name, tuple(tuple(g) for g in groups),
        ("perm",) * len(groups), tuple(tables),
    )  # fmt: skip
    db.entry = U4_ENTRY  # type: ignore[attr-defined,unused-ignore]
    return db


def save_packed(db: PatternDatabase, path: Path) -> None:
    """Write a 4-bit database atomically in the table file format (entry ``u4-excess``)."""
    from . import _pdb

    header = db.header()
    header["entry"] = U4_ENTRY
    header["sha256"] = _pdb._checksum(db.tables)
    text = json.dumps(header, sort_keys=True).encode()
    _pdb._write_atomic(path, b"".join((_pdb._MAGIC, struct.pack("<I", len(text)), text,
                                       *db.tables)))  # fmt: skip
    db.path = path


def load_packed(path: Path) -> PatternDatabase:
    """Read and verify a 4-bit database file (magic, version, entry, sizes, checksum)."""
    from . import _pdb

    try:
        data = path.read_bytes()
    except OSError as exc:
        raise _pdb.PatternDatabaseError(f"{path}: cannot read ({exc.strerror})", path) from None
    header: Any
    header, at = _pdb._read_header(data, path)
    try:
        rows, cols = int(header["rows"]), int(header["cols"])
        goal = tuple(int(t) for t in header["goal"])
        groups = tuple(tuple(int(t) for t in g) for g in header["groups"])
        lengths = [int(n) for n in header["lengths"]]
        name, checksum = str(header["partition"]), str(header["sha256"])
    except (KeyError, TypeError, ValueError) as exc:
        raise _pdb.PatternDatabaseError(f"{path}: malformed header ({exc!r})", path) from None
    expected = [(math.perm(rows * cols, len(g)) + 1) // 2 for g in groups]
    if header.get("entry") != U4_ENTRY or lengths != expected or len(data) != at + sum(lengths):
        raise _pdb.PatternDatabaseError(f"{path}: not a complete 4-bit table file", path)
    tables = []
    for n in lengths:
        tables.append(data[at : at + n])
        at += n
    if _pdb._checksum(tables) != checksum:
        raise _pdb.PatternDatabaseError(f"{path}: checksum mismatch (the file was altered)", path)
    db = _pdb.PatternDatabase(
        rows, cols, goal, name, groups, ("perm",) * len(groups), tuple(tables), path
    )
    db.entry = U4_ENTRY  # type: ignore[attr-defined,unused-ignore]
    return db
