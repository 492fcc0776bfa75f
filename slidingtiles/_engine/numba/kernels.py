"""numba versions of the tile engine's kernels and a table builder for large groups.

>>> from slidingtiles import Board
>>> build_perm_table(2, 2, Board.goal(2, 2).tiles, (1, 2)).tolist()
[0, 255, 1, 255, 3, 2, 2, 1, 255, 3, 255, 4]

Imported only when numba is the backend (see `slidingtiles._backend`).

Each IDA* kernel is the pure-Python kernel of `slidingtiles._engine` turned
into an explicit-stack depth-first search over numpy arrays (the additive
table kernels: one row of integers per depth, read through raw pointers, the
node being expanded in local variables), so that it can stop and resume:
every ``_engine._CHECK_EVERY`` expansions it returns to Python, which calls
the same ``guard.check`` the pure-Python kernel calls at the same expansion
(same limits, same progress snapshots, Ctrl-C honoured), then resumes it.
Moves are tried in the same order (up, down, left, right), the reverse move
is pruned the same way and the heuristic is updated by the same formulas, so
the number of expanded and generated nodes, the number of iterations and the
move string are identical to the pure-Python kernel's on every input; only
the seconds differ (``tests/test_backends.py`` checks it).

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
import os
import struct
import weakref
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol, TypeVar, cast

import numpy as np
from numpy.typing import NDArray

from slidingtiles.search import SearchStats

if TYPE_CHECKING:
    from slidingtiles.heuristics._pdb.database import PatternDatabase


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
_P = TypeVar("_P")


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


def _same_array(array: Array) -> Array:
    return array


def _no_prefetch(pointer: Array, i: int) -> None:
    return None


def _load_pointer_intrinsics() -> tuple[Any, Any]:
    """``_pointer(array)`` and ``_prefetch(pointer, i)``: numba intrinsics, plain Python without.

    ``_pointer`` gives an array's data as a raw pointer, for the search
    loops: indexing it is one address computation, where indexing the array
    also tests for a negative index, and reads shape and strides that, with a
    dozen arrays live, the compiler keeps on the stack; every node makes a
    few dozen such accesses. The caller keeps the array alive and each index
    in range (numba does not check array bounds either).

    ``_prefetch(pointer, i)`` asks the CPU to bring ``pointer[i]`` into cache
    (LLVM's ``llvm.prefetch``): a hint, which never faults and changes no
    value, so a search that uses it visits exactly the same nodes.
    """
    if _njit is None:  # without numba the kernels run as plain Python: an array is its pointer
        return _same_array, _no_prefetch
    extending = importlib.import_module("numba.extending")
    types = importlib.import_module("numba.core.types")
    ir = importlib.import_module("llvmlite.ir")

    def pointer_typer(typingctx: Any, array: Any) -> Any:
        def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
            return context.make_array(signature.args[0])(context, builder, args[0]).data

        return types.CPointer(array.dtype)(array), codegen

    def prefetch_typer(typingctx: Any, pointer: Any, i: Any) -> Any:
        def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
            address = builder.gep(args[0], [args[1]])
            i32 = ir.IntType(32)
            function_type = ir.FunctionType(ir.VoidType(), [address.type, i32, i32, i32])
            function = builder.module.declare_intrinsic(
                "llvm.prefetch", [address.type], function_type
            )
            builder.call(function, [address, i32(0), i32(3), i32(1)])  # read, keep, data
            return context.get_dummy_value()

        return types.none(pointer, types.intp), codegen

    return extending.intrinsic(pointer_typer), extending.intrinsic(prefetch_typer)


_pointer, _prefetch = _load_pointer_intrinsics()


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

    def moves(self, length: int) -> list[tuple[int, int]]:
        """(blank cell, move slot) of each step of the path to the goal found at ``length``."""
        blank, path = self.arrays["blank"], self.arrays["path"]
        return [(int(blank[d]), int(path[d])) for d in range(length)]


class _Frames:
    """Rows of ``_FRAME_WIDTH`` integers, one per depth, in one flat array grown on request."""

    def __init__(self, capacity: int) -> None:
        self.array = np.zeros(capacity * _FRAME_WIDTH, dtype=np.int64)

    def grow(self) -> None:
        bigger = np.zeros(2 * len(self.array), dtype=np.int64)
        bigger[: len(self.array)] = self.array
        self.array = bigger

    def row(self, depth: int) -> Array:
        return self.array[depth * _FRAME_WIDTH : (depth + 1) * _FRAME_WIDTH]

    def moves(self, length: int) -> list[tuple[int, int]]:
        """(blank cell, move slot) of each step of the path to the goal found at ``length``."""
        return [(int(self.row(d)[_BLANK]), int(self.row(d)[_PATH])) for d in range(length)]


def _drive(
    run: Callable[[], int], st: Array, stack: _Stack | _Frames, guard: Guard, letters: Array
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
    path = "".join(_LETTERS[int(letters[b, k])] for b, k in stack.moves(found))
    guard.depth = len(path)
    return path, guard.stats(int(st[_EXPANDED]), int(st[_GENERATED]))


_PRUNE: list[tuple[object, Array]] = []


def _prune_table() -> Array:
    """The engine's duplicate-move-sequence automaton as an array (one that never prunes if none).

    ``next = table[state + move code]``, states times 4, -1 = prune: the
    pure-Python kernels skip those moves, so these kernels must too.
    """
    from slidingtiles._engine.python import depth_first as _engine

    make = getattr(_engine, "_pruning_table", None)
    if make is None:
        return np.zeros(4, dtype=np.int64)
    table = make()
    if not _PRUNE or _PRUNE[0][0] is not table:
        _PRUNE[:] = [(table, _narrow(np.array(table, dtype=np.int64)))]
    return _PRUNE[0][1]


def _narrow(array: Array) -> Array:
    """The array in the narrowest of int16, int32, int64 that holds its values.

    The search loops read a few small tables per node; narrower ones leave
    more of the first-level cache to the pattern-database entries.
    """
    for dtype in (np.int16, np.int32):
        info = np.iinfo(dtype)
        if array.size == 0 or (info.min <= array.min() and array.max() <= info.max):
            return array.astype(dtype)
    return array


def _next_check(guard: Guard, expanded: int) -> int:
    """The expansion at which the engine's guard wants to be called next."""
    from slidingtiles._engine.python import depth_first as _engine

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


# Columns of a frame (one row per depth) of the additive-table kernels, first those of both:
# the node's blank cell, the cell it came from, its duplicate-sequence state, h and reflected h
# (the digits kernel saves them only across a pause), its next move slot, the least f above
# the bound seen so far, the move slot taken to the child.
_BLANK, _PREV, _SEQ, _H, _RH, _NEXT, _BEST, _PATH = range(8)
# Then, in the digits kernel, what the move to the child changed: group, flat-table position and
# value of its entry; the same on the reflection.
_GRP, _OLD_AT, _OLD_V, _RGRP, _OLD_RAT, _OLD_RV = range(8, 14)
_FRAME_WIDTH = 24
# Columns of the digits kernel's per-group state: where in ``flat`` the group's current entry
# is, and its value; the same for the reflected board.
_AT, _VAL, _RAT, _RVAL = range(4)
# Move slots per cell: up to four moves and a -1 terminator.
_SLOTS = 5


@_compiled
def _pdb_run(
    st: Array, tiles_array: Array, goal_array: Array, moves_array: Array, prune_array: Array,
    steps_array: Array, group_bits: int, flat_array: Array, cur_array: Array, reflect: bool,
    frame_array: Array,
) -> int:  # fmt: skip
    """Run (or resume) IDA* with additive digits tables until found or a pause.

    The node being expanded lives in local variables; ``frame`` rows hold
    its ancestors (and the node itself across a pause). Move slot
    ``j = blank * _SLOTS + k``: ``moves[j]`` is the blank's k-th move as
    ``cell * 4 + letter code``, or -1 after the last; ``steps[(j * cells +
    t) * 2]`` is, shifted left by ``group_bits`` plus the group, the change
    of the flat-table position of the entry of the group of tile t when t
    slides into the blank (``+ 1``: on the reflection), so a child's entry
    is a single load away.

    Every array is read through a raw pointer (`_pointer`). A parent's h and
    reflected h are not saved but restored from the entries saved for undoing
    the move. (Prefetching the children's entries on entering a node, as
    `_placement_run` does, measured no faster here: most entries of these
    tables' hot part are in cache.)
    """
    tiles = _pointer(tiles_array)
    goal = _pointer(goal_array)
    moves = _pointer(moves_array)
    prune = _pointer(prune_array)
    steps = _pointer(steps_array)
    flat = _pointer(flat_array)
    cur = _pointer(cur_array)
    frame = _pointer(frame_array)
    cells = tiles_array.shape[0]
    cap = frame_array.shape[0] // _FRAME_WIDTH
    group_mask = (1 << group_bits) - 1
    d = st[_DEPTH]
    enter = st[_ENTER]
    expanded = st[_EXPANDED]
    generated = st[_GENERATED]
    check_at = st[_CHECK_AT]
    bound = st[_BOUND]
    row = d * _FRAME_WIDTH
    b = frame[row + _BLANK]
    prev = frame[row + _PREV]
    seq = frame[row + _SEQ]
    h = frame[row + _H]
    rh = frame[row + _RH]
    j = frame[row + _NEXT]
    best = frame[row + _BEST]
    code = _DONE_FOUND
    while True:
        if enter:
            enter = 0
            expanded += 1
            j = b * _SLOTS
            best = _INF
            if expanded >= check_at:
                code = _PAUSE
                break
        move = moves[j]
        if move >= 0:
            n = move >> 2
            slot = j
            j += 1
            if n == prev:
                continue
            nseq = prune[seq + (move & 3)]
            if nseq < 0:  # a duplicate move sequence (the engine's automaton)
                continue
            if d + 1 >= cap:
                j = slot
                code = _GROW
                break
            generated += 1
            g1 = d + 1
            limit = bound - g1
            t = tiles[n]
            step = steps[(slot * cells + t) * 2]
            grp = (step & group_mask) * 4
            at = cur[grp + _AT] + (step >> group_bits)
            v = np.int64(flat[at])
            nh = h - cur[grp + _VAL] + v
            if nh > limit:
                if g1 + nh < best:
                    best = g1 + nh
                continue
            nrh = np.int64(0)
            row = d * _FRAME_WIDTH
            if reflect:
                step = steps[(slot * cells + t) * 2 + 1]
                rgrp = (step & group_mask) * 4
                rat = cur[rgrp + _RAT] + (step >> group_bits)
                rv = np.int64(flat[rat])
                nrh = rh - cur[rgrp + _RVAL] + rv
                if nrh > limit:
                    if g1 + nrh < best:
                        best = g1 + nrh
                    continue
                frame[row + _RGRP] = rgrp
                frame[row + _OLD_RAT] = cur[rgrp + _RAT]
                frame[row + _OLD_RV] = cur[rgrp + _RVAL]
                cur[rgrp + _RAT] = rat
                cur[rgrp + _RVAL] = rv
            tiles[b] = t
            tiles[n] = 0
            frame[row + _PATH] = slot - b * _SLOTS
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
            frame[row + _GRP] = grp
            frame[row + _OLD_AT] = cur[grp + _AT]
            frame[row + _OLD_V] = cur[grp + _VAL]
            cur[grp + _AT] = at
            cur[grp + _VAL] = v
            frame[row + _BLANK] = b  # (h and rh are restored from the saved values)
            frame[row + _PREV] = prev
            frame[row + _SEQ] = seq
            frame[row + _NEXT] = j
            frame[row + _BEST] = best
            d += 1
            prev = b
            b = n
            seq = nseq
            h = nh
            rh = nrh
            enter = 1
        else:
            result = best
            if d == 0:
                bound = result
                st[_ITER] += 1
                enter = 1
                continue
            d -= 1
            row = d * _FRAME_WIDTH
            n = b
            b = prev
            tiles[n] = tiles[b]
            tiles[b] = 0
            grp = frame[row + _GRP]
            h += frame[row + _OLD_V] - cur[grp + _VAL]
            cur[grp + _AT] = frame[row + _OLD_AT]
            cur[grp + _VAL] = frame[row + _OLD_V]
            if reflect:
                rgrp = frame[row + _RGRP]
                rh += frame[row + _OLD_RV] - cur[rgrp + _RVAL]
                cur[rgrp + _RAT] = frame[row + _OLD_RAT]
                cur[rgrp + _RVAL] = frame[row + _OLD_RV]
            prev = frame[row + _PREV]
            seq = frame[row + _SEQ]
            j = frame[row + _NEXT]
            best = frame[row + _BEST]
            if result < best:
                best = result
    row = d * _FRAME_WIDTH
    frame[row + _BLANK] = b
    frame[row + _PREV] = prev
    frame[row + _SEQ] = seq
    frame[row + _H] = h
    frame[row + _RH] = rh
    frame[row + _NEXT] = j
    frame[row + _BEST] = best
    st[_DEPTH] = d
    st[_ENTER] = enter
    st[_EXPANDED] = expanded
    st[_GENERATED] = generated
    st[_BOUND] = bound
    return code


def _flat_tables(db: PatternDatabase) -> tuple[Array, Array]:
    """All tables in one array (plus a zero entry for ungrouped tiles) and each one's offset.

    One array indexed by offset + index is markedly faster in the inner loop
    than a tuple of arrays indexed by group. It is the database's own
    contiguous buffer (huge pages where granted), not a copy.
    """
    buffer, offsets = db.contiguous()
    return np.frombuffer(buffer, dtype=np.uint8), np.array(offsets, dtype=np.int64)


class _DigitsPlan:
    """What `_pdb_run` needs of a digits database, whatever the start: built once per database."""

    def __init__(self, db: PatternDatabase) -> None:
        cells = db.cells
        self.goal = np.array(db.goal, dtype=np.int64)
        self.flat, offset = _flat_tables(db)
        self.offset = offset.tolist()
        spare = len(db.groups)  # the group of tiles outside every group: one zero entry
        self.group_of = [spare] * cells
        self.weight = [0] * cells
        for g, group in enumerate(db.groups):
            for slot, t in enumerate(group):
                self.group_of[t], self.weight[t] = g, cells**slot
        self.transpose = list(db.transpose or range(cells))
        self.rgroup_of = [self.group_of[t] for t in db.mirror]
        self.rweight = [self.weight[t] for t in db.mirror]
        self.reflect = bool(db.reflect)
        self.moves, self.letters = _slot_moves(db.rows, db.cols)
        self.group_bits = spare.bit_length()
        group_of, weight = np.array(self.group_of), np.array(self.weight)
        rgroup_of, rweight = np.array(self.rgroup_of), np.array(self.rweight)
        steps = np.zeros((cells * _SLOTS, cells, 2), dtype=np.int64)
        for j, move in enumerate(self.moves.tolist()):
            if move >= 0:
                b, n = j // _SLOTS, move >> 2
                steps[j, :, 0] = ((b - n) * weight << self.group_bits) | group_of
                rdelta = self.transpose[b] - self.transpose[n]
                steps[j, :, 1] = (rdelta * rweight << self.group_bits) | rgroup_of
        self.steps = _narrow(steps.ravel())

    def groups_at(self, tiles: list[int]) -> Array:
        """The per-group state (`_AT` .. `_RVAL` columns) of a board, flattened."""
        cur = np.zeros((len(self.offset), 4), dtype=np.int64)
        at = list(self.offset)
        rat = list(self.offset)
        for cell, t in enumerate(tiles):
            at[self.group_of[t]] += cell * self.weight[t]
            rat[self.rgroup_of[t]] += self.transpose[cell] * self.rweight[t]
        cur[:, _AT] = at
        cur[:, _RAT] = rat
        cur[:, _VAL] = self.flat[cur[:, _AT]]
        cur[:, _RVAL] = self.flat[cur[:, _RAT]] if self.reflect else 0
        return cur.ravel()


_PLANS: weakref.WeakKeyDictionary[PatternDatabase, dict[object, object]]
_PLANS = weakref.WeakKeyDictionary()


def _plan(db: PatternDatabase, kind: Callable[..., _P], *args: Any) -> _P:
    """A database's plan for a kernel, ``kind(db, *args)``: made once, freed with the database."""
    plans = _PLANS.setdefault(db, {})
    if kind not in plans:
        plans[kind] = kind(db, *args)
    return cast(_P, plans[kind])


def ida_pdb(db: PatternDatabase, tiles: list[int], guard: Guard) -> EngineResult:
    """IDA* with additive tables, maxed with the reflection: the numba kernel.

    Digits tables: same contract, statistics and errors as the pure-Python
    kernel. Perm-ranked and 4-bit tables (which the pure-Python engine does
    not search) go to `ida_pdb_placements`.
    """
    if _entry(db) != "u8-moves" or any(e != "digits" for e in db.encodings):
        return ida_pdb_placements(db, tiles, guard)
    plan = _plan(db, _DigitsPlan)
    if tiles == list(db.goal):
        guard.depth = 0
        return "", guard.stats(0, 0)
    board = np.array(tiles, dtype=np.int64)
    cur = plan.groups_at(tiles)
    h0 = int(cur[_VAL::4].sum())
    rh0 = int(cur[_RVAL::4].sum())
    frames = _Frames(128)
    frames.row(0)[[_BLANK, _PREV, _SEQ, _H, _RH]] = tiles.index(0), -1, 0, h0, rh0
    st = _new_state(max(h0, rh0), guard)
    prune = _prune_table()

    def run() -> int:
        return int(_pdb_run(
            st, board, plan.goal, plan.moves, prune, plan.steps, plan.group_bits, plan.flat,
            cur, plan.reflect, frames.array,
        ))  # fmt: skip

    return _drive(run, st, frames, guard, plan.letters)


def _slot_moves(rows: int, cols: int) -> tuple[Array, Array]:
    """``moves[b * _SLOTS + k]``: the blank's k-th move from b as ``cell * 4 + letter code``.

    -1 after the last move of each cell. Also the letters array of `_drive`.
    """
    count, to, letter = _move_arrays(rows, cols)
    moves = np.full((rows * cols, _SLOTS), -1, dtype=np.int64)
    for b in range(rows * cols):
        moves[b, : count[b]] = to[b, : count[b]] * 4 + letter[b, : count[b]]
    return moves.ravel(), letter


# -- additive tables indexed from the group's positions (perm ranks, 4-bit entries) -------------

#: Per-group lookup kinds of the positions kernel.
_DIGITS_U8, _PERM_U8, _PERM_U4 = 0, 1, 2

# Columns of the per-group state of the positions kernel: lookup kind, table position of the
# group's entry (in nibbles for 4-bit tables), value and Manhattan distance of its tiles; the
# same for the reflected board.
_KIND, _PAT, _PVAL, _PMD, _PRAT, _PRVAL, _PRMD = range(7)
_GROUP_WIDTH = 8
# Frame columns of the positions kernel after the common first eight (_BLANK .. _PATH): what the
# move to the child changed, and the table positions of the children computed on entering.
_OLD_PAT, _OLD_PVAL, _OLD_PMD, _OLD_PRAT, _OLD_PRVAL, _OLD_PRMD = range(8, 14)
_CHILD_AT = 14  # four columns
_CHILD_RAT = 18  # four columns


@_inlined
def _moved_rank(
    g: int, slot: int, p: int, q: int, kind: int, slot_at: Any, radix: Any, cells: int,
    width: int,
) -> Any:  # fmt: skip
    """The change of group g's index when its tile in ``slot`` moves from p to adjacent q.

    Digits: ``(q - p) * cells**slot``. Perm rank (``sum d_i * radix_i``,
    ``d_i`` = cell of slot i minus the earlier slots' tiles below it): only
    ``d_slot`` and the ``d_j`` of later slots whose tiles stand strictly
    between p and q change, by one each; on a row move no cell lies between,
    on a column move ``cols - 1`` cells do. ``slot_at[g * cells + c]`` is
    the slot of the group's tile on c, or ``width - 1`` (radix 0) if none.
    """
    row = g * width
    if kind == _DIGITS_U8 or q - p == 1 or p - q == 1:
        return (q - p) * radix[row + slot]
    sign = 1 if q > p else -1
    earlier = 0
    later = 0
    for c in range(min(p, q) + 1, max(p, q)):
        j = slot_at[g * cells + c]
        if j < slot:
            earlier += 1
        else:
            later += radix[row + j]
    return ((q - p) - sign * earlier) * radix[row + slot] + sign * later


@_inlined
def _entry_value(kind: int, at: int, flat: Any, md: int) -> Any:
    """The table value at position ``at`` (for 4-bit tables: over the group's Manhattan ``md``)."""
    if kind != _PERM_U4:
        return np.int64(flat[at])
    return md + 2 * ((np.int64(flat[at >> 1]) >> ((at & 1) << 2)) & 15)


@_compiled
def _placement_run(
    st: Array, tiles_array: Array, goal_array: Array, moves_array: Array, prune_array: Array,
    flat_array: Array, groups_array: Array, tile_array: Array, dist_array: Array,
    transpose_array: Array, radix_array: Array, slot_at_array: Array, rslot_at_array: Array,
    reflect: bool, frame_array: Array,
) -> int:  # fmt: skip
    """Run (or resume) IDA* with tables indexed from group placements until found or a pause.

    Same loop as `_pdb_run`. Per group (row of ``groups``, `_GROUP_WIDTH`
    wide): lookup kind, entry position, value and Manhattan distance, on the
    board and on its reflection; ``tile[4 t .. 4 t + 3]``: tile t's group
    and slot, and its mirror's; ``radix[g * width + slot]``; ``slot_at``
    and ``rslot_at``: see `_moved_rank`.

    Entering a node computes every child's table positions into its frame
    row and prefetches them: the 7-8 tables are 288 MB, nearly every entry
    read misses the caches, and issued together those misses overlap (on
    Korf's 100 with 7-8, about 15% less time than without).
    """
    tiles = _pointer(tiles_array)
    goal = _pointer(goal_array)
    moves = _pointer(moves_array)
    prune = _pointer(prune_array)
    flat = _pointer(flat_array)
    groups = _pointer(groups_array)
    tile = _pointer(tile_array)
    dist = _pointer(dist_array)
    transpose = _pointer(transpose_array)
    radix = _pointer(radix_array)
    slot_at = _pointer(slot_at_array)
    rslot_at = _pointer(rslot_at_array)
    frame = _pointer(frame_array)
    cells = tiles_array.shape[0]
    width = radix_array.shape[0] // (groups_array.shape[0] // _GROUP_WIDTH)
    cap = frame_array.shape[0] // _FRAME_WIDTH
    d = st[_DEPTH]
    enter = st[_ENTER]
    expanded = st[_EXPANDED]
    generated = st[_GENERATED]
    check_at = st[_CHECK_AT]
    bound = st[_BOUND]
    row = d * _FRAME_WIDTH
    b = frame[row + _BLANK]
    prev = frame[row + _PREV]
    seq = frame[row + _SEQ]
    h = frame[row + _H]
    rh = frame[row + _RH]
    j = frame[row + _NEXT]
    best = frame[row + _BEST]
    code = _DONE_FOUND
    while True:
        if enter:
            enter = 0
            expanded += 1
            j = b * _SLOTS
            best = _INF
            row = d * _FRAME_WIDTH
            k = 0
            while moves[j + k] >= 0:
                n = moves[j + k] >> 2
                if n != prev:
                    t = tiles[n]
                    g = tile[4 * t]
                    kind = groups[g * _GROUP_WIDTH + _KIND]
                    at = groups[g * _GROUP_WIDTH + _PAT] + _moved_rank(
                        g, tile[4 * t + 1], n, b, kind, slot_at, radix, cells, width
                    )
                    frame[row + _CHILD_AT + k] = at
                    _prefetch(flat, at >> 1 if kind == _PERM_U4 else at)
                    if reflect:
                        g = tile[4 * t + 2]
                        kind = groups[g * _GROUP_WIDTH + _KIND]
                        at = groups[g * _GROUP_WIDTH + _PRAT] + _moved_rank(
                            g, tile[4 * t + 3], transpose[n], transpose[b], kind, rslot_at,
                            radix, cells, width,
                        )  # fmt: skip
                        frame[row + _CHILD_RAT + k] = at
                        _prefetch(flat, at >> 1 if kind == _PERM_U4 else at)
                k += 1
            if expanded >= check_at:  # after the children's positions, which a resume reads
                code = _PAUSE
                break
        move = moves[j]
        if move >= 0:
            n = move >> 2
            slot = j
            j += 1
            if n == prev:
                continue
            nseq = prune[seq + (move & 3)]
            if nseq < 0:  # a duplicate move sequence (the engine's automaton)
                continue
            if d + 1 >= cap:
                j = slot
                code = _GROW
                break
            generated += 1
            g1 = d + 1
            limit = bound - g1
            row = d * _FRAME_WIDTH
            k = slot - b * _SLOTS
            t = tiles[n]
            step = dist[t * cells + b] - dist[t * cells + n]
            grow = tile[4 * t] * _GROUP_WIDTH
            nmd = groups[grow + _PMD] + step
            at = frame[row + _CHILD_AT + k]
            v = _entry_value(groups[grow + _KIND], at, flat, nmd)
            nh = h - groups[grow + _PVAL] + v
            if nh > limit:
                if g1 + nh < best:
                    best = g1 + nh
                continue
            nrh = np.int64(0)
            if reflect:
                rgrow = tile[4 * t + 2] * _GROUP_WIDTH
                nrmd = groups[rgrow + _PRMD] + step
                rat = frame[row + _CHILD_RAT + k]
                rv = _entry_value(groups[rgrow + _KIND], rat, flat, nrmd)
                nrh = rh - groups[rgrow + _PRVAL] + rv
                if nrh > limit:
                    if g1 + nrh < best:
                        best = g1 + nrh
                    continue
                frame[row + _OLD_PRAT] = groups[rgrow + _PRAT]
                frame[row + _OLD_PRVAL] = groups[rgrow + _PRVAL]
                frame[row + _OLD_PRMD] = groups[rgrow + _PRMD]
                groups[rgrow + _PRAT] = rat
                groups[rgrow + _PRVAL] = rv
                groups[rgrow + _PRMD] = nrmd
                rg = tile[4 * t + 2]
                rslot_at[rg * cells + transpose[n]] = width - 1
                rslot_at[rg * cells + transpose[b]] = tile[4 * t + 3]
            tiles[b] = t
            tiles[n] = 0
            frame[row + _PATH] = k
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
            frame[row + _OLD_PAT] = groups[grow + _PAT]
            frame[row + _OLD_PVAL] = groups[grow + _PVAL]
            frame[row + _OLD_PMD] = groups[grow + _PMD]
            groups[grow + _PAT] = at
            groups[grow + _PVAL] = v
            groups[grow + _PMD] = nmd
            g = tile[4 * t]
            slot_at[g * cells + n] = width - 1
            slot_at[g * cells + b] = tile[4 * t + 1]
            frame[row + _BLANK] = b
            frame[row + _PREV] = prev
            frame[row + _SEQ] = seq
            frame[row + _H] = h
            frame[row + _RH] = rh
            frame[row + _NEXT] = j
            frame[row + _BEST] = best
            d += 1
            prev = b
            b = n
            seq = nseq
            h = nh
            rh = nrh
            enter = 1
        else:
            result = best
            if d == 0:
                bound = result
                st[_ITER] += 1
                enter = 1
                continue
            d -= 1
            row = d * _FRAME_WIDTH
            n = b
            b = frame[row + _BLANK]
            t = tiles[b]
            tiles[n] = t
            tiles[b] = 0
            grow = tile[4 * t] * _GROUP_WIDTH
            groups[grow + _PAT] = frame[row + _OLD_PAT]
            groups[grow + _PVAL] = frame[row + _OLD_PVAL]
            groups[grow + _PMD] = frame[row + _OLD_PMD]
            g = tile[4 * t]
            slot_at[g * cells + b] = width - 1
            slot_at[g * cells + n] = tile[4 * t + 1]
            if reflect:
                rgrow = tile[4 * t + 2] * _GROUP_WIDTH
                groups[rgrow + _PRAT] = frame[row + _OLD_PRAT]
                groups[rgrow + _PRVAL] = frame[row + _OLD_PRVAL]
                groups[rgrow + _PRMD] = frame[row + _OLD_PRMD]
                rg = tile[4 * t + 2]
                rslot_at[rg * cells + transpose[b]] = width - 1
                rslot_at[rg * cells + transpose[n]] = tile[4 * t + 3]
            prev = frame[row + _PREV]
            seq = frame[row + _SEQ]
            h = frame[row + _H]
            rh = frame[row + _RH]
            j = frame[row + _NEXT]
            best = frame[row + _BEST]
            if result < best:
                best = result
    row = d * _FRAME_WIDTH
    frame[row + _BLANK] = b
    frame[row + _PREV] = prev
    frame[row + _SEQ] = seq
    frame[row + _H] = h
    frame[row + _RH] = rh
    frame[row + _NEXT] = j
    frame[row + _BEST] = best
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


class _PlacementPlan:
    """What `_placement_run` needs of a database, whatever the start: built once per database."""

    def __init__(self, db: PatternDatabase, kinds: list[int]) -> None:
        cells, cols = db.cells, db.cols
        self.db, self.kinds = db, kinds
        self.goal = np.array(db.goal, dtype=np.int64)
        self.flat, offset = _flat_tables(db)
        self.offset = offset.tolist()
        spare = len(db.groups)  # the group of tiles outside every group: one zero entry
        self.width = max(len(g) for g in db.groups) + 1  # the last slot: "no tile" (radix 0)
        radix = np.zeros((spare + 1, self.width), dtype=np.int64)
        for g, group in enumerate(db.groups):
            k = len(group)
            for slot in range(k):
                radix[g, slot] = (
                    cells**slot if kinds[g] == _DIGITS_U8
                    else math.perm(cells - slot - 1, k - slot - 1)
                )  # fmt: skip
        self.radix = radix.ravel()
        tile = np.zeros((cells, 4), dtype=np.int64)
        tile[:, 0] = spare
        for g, group in enumerate(db.groups):
            for slot, t in enumerate(group):
                tile[t, :2] = g, slot
        tile[:, 2:] = tile[list(db.mirror), :2]
        self.tile = tile.ravel()
        self.transpose = np.array(db.transpose or range(cells), dtype=np.int64)
        home = np.zeros(cells, dtype=np.int64)
        home[self.goal] = np.arange(cells)
        t_idx = np.repeat(np.arange(cells), cells)
        c_idx = np.tile(np.arange(cells), cells)
        dist = abs(c_idx // cols - home[t_idx] // cols) + abs(c_idx % cols - home[t_idx] % cols)
        dist[t_idx == 0] = 0
        self.dist = dist
        self.reflect = bool(db.reflect)
        self.moves, self.letters = _slot_moves(db.rows, cols)

    def place(self, where: list[int], groups: Array, at: int, value: int, md: int) -> Array:
        """Fill the ``at, value, md`` columns of ``groups`` for a placement; return its slot map.

        ``where[t]``: the cell of tile t.
        """
        from slidingtiles._engine.indexing import digits_index, perm_rank

        cells = self.db.cells
        spare = len(self.db.groups)
        slot_at = np.full((spare + 1, cells), self.width - 1, dtype=np.int64)
        groups[spare, at] = self.offset[spare]
        for g, group in enumerate(self.db.groups):
            positions = [where[t] for t in group]
            slot_at[g, positions] = range(len(group))
            groups[g, md] = sum(int(self.dist[t * cells + c]) for t, c in zip(group, positions))
            if self.kinds[g] == _DIGITS_U8:
                groups[g, at] = self.offset[g] + digits_index(positions, cells)
            elif self.kinds[g] == _PERM_U8:
                groups[g, at] = self.offset[g] + perm_rank(positions, cells)
            else:
                groups[g, at] = 2 * self.offset[g] + perm_rank(positions, cells)
            groups[g, value] = _entry_value(self.kinds[g], groups[g, at], self.flat, groups[g, md])
        return slot_at.ravel()


def ida_pdb_placements(db: PatternDatabase, tiles: list[int], guard: Guard) -> EngineResult:
    """IDA* with tables indexed from each group's placement (any supported encoding).

    Each group keeps its index and a cell -> slot map; a move updates the
    index in O(1) on a row move and O(cols) on a column move (see
    `_moved_rank`). It is the kernel for perm-ranked and 4-bit tables, and on
    digits tables it gives the same values, hence the same nodes, as the
    digits kernel.
    """
    kinds = _kinds(db)
    if kinds is None:
        raise ValueError(f"no kernel for {db.encodings} tables with {_entry(db)} entries")
    plan = _plan(db, _PlacementPlan, kinds)
    if tiles == list(db.goal):
        guard.depth = 0
        return "", guard.stats(0, 0)
    board = np.array(tiles, dtype=np.int64)
    groups = np.zeros((len(db.groups) + 1, _GROUP_WIDTH), dtype=np.int64)
    groups[:-1, _KIND] = kinds
    cell_of = [0] * db.cells
    rcell_of = [0] * db.cells
    for cell, t in enumerate(tiles):
        cell_of[t] = cell
        rcell_of[db.mirror[t]] = int(plan.transpose[cell])
    slot_at = plan.place(cell_of, groups, _PAT, _PVAL, _PMD)
    rslot_at = plan.place(rcell_of, groups, _PRAT, _PRVAL, _PRMD)
    if not plan.reflect:
        groups[:, _PRVAL] = 0
    h0, rh0 = int(groups[:, _PVAL].sum()), int(groups[:, _PRVAL].sum())
    frames = _Frames(128)
    frames.row(0)[[_BLANK, _PREV, _SEQ, _H, _RH]] = tiles.index(0), -1, 0, h0, rh0
    st = _new_state(max(h0, rh0), guard)
    prune = _prune_table()

    def run() -> int:
        return int(_placement_run(
            st, board, plan.goal, plan.moves, prune, plan.flat, groups.ravel(), plan.tile,
            plan.dist, plan.transpose, plan.radix, slot_at, rslot_at, plan.reflect, frames.array,
        ))  # fmt: skip

    return _drive(run, st, frames, guard, plan.letters)


def walk_perfect(db: PatternDatabase, tiles: list[int], guard: Guard) -> EngineResult:
    """Follow a perfect table downhill: O(length) lookups, so the pure-Python walk is used."""
    from slidingtiles._engine.python import depth_first as _engine

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


def _load_python(masks: Array, i: int) -> Any:
    return masks[i]


def _or_python(masks: Array, i: int, bits: Any) -> Any:
    old = masks[i]
    masks[i] = old | bits
    return old


def _load_atomics() -> tuple[Any, Any]:
    """``_atomic_load(pointer, i)`` and ``_atomic_or(pointer, i, bits) -> old`` (`_pointer`s).

    The threads of the table builder add states to the same mask arrays: a
    plain ``masks[i] |= bits`` by one thread can overwrite another's bits,
    silently dropping states (and the table would overestimate). LLVM's
    ``atomicrmw or`` loses no bits, and the old mask it returns tells exactly
    one thread that it added a state. The atomic load reads a mask another
    thread may be writing (on x86 it is an ordinary load). ``monotonic``
    ordering suffices: the end of each parallel loop orders everything else.
    """
    if _njit is None:  # one Python thread: plain reads and ORs are already atomic
        return _load_python, _or_python
    extending = importlib.import_module("numba.extending")
    types = importlib.import_module("numba.core.types")

    def load_typer(typingctx: Any, pointer: Any, i: Any) -> Any:
        def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
            size = context.get_abi_sizeof(context.get_value_type(signature.return_type))
            return builder.load_atomic(builder.gep(args[0], [args[1]]), "monotonic", size)

        return pointer.dtype(pointer, types.intp), codegen

    def or_typer(typingctx: Any, pointer: Any, i: Any, bits: Any) -> Any:
        def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
            return builder.atomic_rmw("or", builder.gep(args[0], [args[1]]), args[2], "monotonic")

        return pointer.dtype(pointer, types.intp, pointer.dtype), codegen

    return extending.intrinsic(load_typer), extending.intrinsic(or_typer)


_atomic_load, _atomic_or = _load_atomics()


def _parallel(function: _F) -> _F:
    """Like `_compiled`, with numba's ``prange`` loops run on its threads."""
    if _njit is None:  # pragma: no cover
        return function
    return cast(_F, _njit(cache=True, nogil=True, parallel=True)(function))


_prange: Any = range if _njit is None else importlib.import_module("numba").prange


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


@_inlined
def _grow(region: int, left_col: int, right_col: int, cols: int, full: int) -> int:
    """The cells of a region and their neighbours."""
    return (
        region
        | ((region << 1) & ~left_col)
        | ((region >> 1) & ~right_col)
        | (region << cols)
        | (region >> cols)
    ) & full


@_inlined
def _flood(start: int, free: int, left_col: int, right_col: int, cols: int, full: int) -> int:
    """The region of free cells connected to the start bits (start included)."""
    region = start
    while True:
        grown = _grow(region, left_col, right_col, cols, full) & (free | start)
        if grown == region:
            return region
        region = grown


# The parallel builder's work items: spans of ranks, whole blocks of the frontier flags (one
# flag per block says whether the block holds frontier states, so sparse layers skip most of
# the masks). How many successors wait, prefetched, before their `_claim`, and how many new
# states before their entry in the next frontier is updated (the best of 6/4, 16/8 and 32/16
# on the 8-tile group of 7-8).
_SPAN = 1 << 16
_BLOCK_BITS = 12
_CLAIM_LAG = 16
_JOIN_LAG = 8


@_inlined
def _claim(
    visited: Any, rank: int, cell: int, free: int, left_col: int, right_col: int, cols: int,
    full: int,
) -> int:  # fmt: skip
    """Add the state (rank, region of ``cell`` in ``free``): its region, or 0 if already there."""
    if (np.int64(_atomic_load(visited, rank)) >> cell) & 1:
        return 0
    region = _flood(1 << cell, free, left_col, right_col, cols, full)
    if (np.int64(_atomic_or(visited, rank, region)) >> cell) & 1:
        return 0  # another thread added it first
    return region


@_inlined
def _settle(
    visited: Any, following: Any, marked: Any, to_rank: Array, to_cell: Array, to_free: Array,
    new_rank: Array, new_region: Array, queued: int, settled: int, claimed: int, joined: int,
    lag: int, join_lag: int, left_col: int, right_col: int, cols: int, full: int,
) -> tuple[int, int, int]:  # fmt: skip
    """Claim queued successors down to ``lag``, then add new states down to ``join_lag``.

    Both queues are rings (sizes: powers of two); returns the new
    ``settled, claimed, joined`` counts.
    """
    ring = to_rank.shape[0]
    new_ring = new_rank.shape[0]
    while queued - settled > lag:
        s = settled & (ring - 1)
        settled += 1
        region = _claim(
            visited, to_rank[s], to_cell[s], to_free[s], left_col, right_col, cols, full
        )
        if region:
            _prefetch(following, to_rank[s])
            t = claimed & (new_ring - 1)
            new_rank[t] = to_rank[s]
            new_region[t] = region
            claimed += 1
    while claimed - joined > join_lag:
        t = joined & (new_ring - 1)
        joined += 1
        rank = new_rank[t]
        _atomic_or(following, rank, new_region[t])
        block = rank >> _BLOCK_BITS
        if _atomic_load(marked, block) == 0:
            _atomic_or(marked, block, 1)
    return settled, claimed, joined


@_inlined
def _ring_size(entries: int) -> int:
    """The least power of two that is at least ``entries``."""
    size = 1
    while size < entries:
        size *= 2
    return size


@_compiled
def _expand(
    begin: int, end: int, depth: int, k: int, cells: int, cols: int, weight: Array,
    table_array: Array, visited_array: Array, current_array: Array, following_array: Array,
    words_array: Array, active: Array, marked_array: Array,
) -> int:  # fmt: skip
    """Expand the frontier states of ranks [begin, end) (whole flag blocks); return how many new.

    One thread's share of `_bfs_chunk`. A frontier rank gets the layer's
    depth in the table if this is its first frontier. Its placement is
    unranked incrementally (consecutive frontier ranks mostly differ in the
    last digit only: no division). Each of its blank regions is expanded:
    a group tile next to the region slides into a neighbouring region cell.
    The successor's rank is the parent's plus the change in `_rank`'s digits:
    the moved tile's digit changes by the cells it skips (all of them less
    the earlier tiles among them, for a vertical move), and the digit of each
    later tile it skips changes by one. Successors are prefetched and queued
    before `_claim` checks them, new states again before ``following`` gets
    them (`_settle`): the masks are far larger than the caches.
    """
    table = _pointer(table_array)
    visited = _pointer(visited_array)
    current = _pointer(current_array)
    following = _pointer(following_array)
    words = _pointer(words_array)  # current, 8 bytes at a time
    marked = _pointer(marked_array)
    word_shift = 0
    while (1 << word_shift) * current_array.itemsize < words_array.itemsize:
        word_shift += 1
    per_word = 1 << word_shift
    full = (1 << cells) - 1
    left_col = 0
    for c in range(0, cells, cols):
        left_col |= 1 << c
    right_col = left_col << (cols - 1)
    digit = np.zeros(k, dtype=np.int64)
    pos = np.zeros(k, dtype=np.int64)
    tile_at = np.full(cells, k, dtype=np.int64)  # k on a free cell: weight[k] == 0
    used_by = np.zeros(k + 1, dtype=np.int64)  # used_by[i]: the cells of tiles 0..i-1
    # Capacities: the lag plus what one region queues (at most 4 moves per tile), and the join
    # lag plus what one `_settle` claims (at most that region's, or the lag at the end).
    ring = _ring_size(_CLAIM_LAG + 4 * k)
    to_rank = np.zeros(ring, dtype=np.int64)
    to_cell = np.zeros(ring, dtype=np.int64)
    to_free = np.zeros(ring, dtype=np.int64)
    new_ring = _ring_size(_JOIN_LAG + _CLAIM_LAG + 4 * k)
    new_rank = np.zeros(new_ring, dtype=np.int64)
    new_region = np.zeros(new_ring, dtype=np.int64)
    queued = settled = claimed = joined = 0
    previous = -(1 << 62)
    for block in range(begin >> _BLOCK_BITS, (end + (1 << _BLOCK_BITS) - 1) >> _BLOCK_BITS):
        if active[block] == 0:
            continue
        active[block] = 0
        r = max(begin, block << _BLOCK_BITS)
        stop = min(end, (block + 1) << _BLOCK_BITS)
        while r < stop:
            if (r & (per_word - 1)) == 0 and r + per_word <= stop and words[r >> word_shift] == 0:
                r += per_word
                continue
            pending: Any = np.int64(current[r])
            if pending == 0:
                r += 1
                continue
            current[r] = 0
            if table[r] == 255:
                table[r] = depth
            if r - previous < cells - k + 1:  # add to the last digit, carry
                digit[k - 1] += r - previous
                first = k - 1
                while digit[first] >= cells - first:
                    digit[first] -= cells - first
                    first -= 1
                    digit[first] += 1
            else:
                x = r
                for i in range(k - 1, -1, -1):
                    digit[i] = x % (cells - i)
                    x //= cells - i
                first = 0
            previous = r
            for i in range(first, k):
                tile_at[pos[i]] = k
            used = used_by[first]
            for i in range(first, k):
                free = full & ~used
                for _ in range(digit[i]):  # the digit-th free cell
                    free &= free - 1
                c = _popcount((free & -free) - 1)
                pos[i] = c
                tile_at[c] = i
                used |= 1 << c
                used_by[i + 1] = used
            free = full & ~used
            while pending:
                region = _flood(pending & -pending, free, left_col, right_col, cols, full)
                pending &= ~region
                touching = _grow(region, left_col, right_col, cols, full) & used
                while touching:
                    from_bit = touching & -touching
                    touching ^= from_bit
                    p = _popcount(from_bit - 1)
                    j = tile_at[p]
                    targets = _grow(from_bit, left_col, right_col, cols, full) & region
                    while targets:
                        to_bit = targets & -targets
                        targets ^= to_bit
                        q = _popcount(to_bit - 1)
                        lo, hi = (p, q) if p < q else (q, p)
                        step = (hi - lo) * weight[j]
                        for c in range(lo + 1, hi):
                            i = tile_at[c]
                            step += -weight[j] if i < j else weight[i]
                        successor = r + step if q > p else r - step
                        _prefetch(visited, successor)
                        s = queued & (ring - 1)
                        to_rank[s] = successor
                        to_cell[s] = p
                        to_free[s] = free ^ from_bit ^ to_bit
                        queued += 1
                settled, claimed, joined = _settle(
                    visited, following, marked, to_rank, to_cell, to_free, new_rank, new_region,
                    queued, settled, claimed, joined, _CLAIM_LAG, _JOIN_LAG,
                    left_col, right_col, cols, full,
                )  # fmt: skip
            r += 1
    settled, claimed, joined = _settle(
        visited, following, marked, to_rank, to_cell, to_free, new_rank, new_region,
        queued, settled, claimed, joined, 0, 0, left_col, right_col, cols, full,
    )  # fmt: skip
    return claimed


@_parallel
def _bfs_chunk(
    begin: int, end: int, depth: int, k: int, cells: int, cols: int, weight: Array,
    table: Array, visited: Array, current: Array, following: Array, words: Array,
    active: Array, marked: Array,
) -> int:  # fmt: skip
    """Expand the frontier states of ranks [begin, end), `_SPAN` ranks per thread at a time.

    Return how many new states were found. ``begin`` is a multiple of `_SPAN`,
    so no flag block is shared by two threads; the masks are shared, through
    atomic operations (`_claim`, `_settle`). The result does not depend on
    which thread expands what: a state is new to exactly one of them, and the
    depth it gets is that of the layer.
    """
    found = 0
    for span in _prange((end - begin + _SPAN - 1) // _SPAN):
        lo = begin + span * _SPAN
        found += _expand(
            lo, min(end, lo + _SPAN), depth, k, cells, cols, weight, table, visited, current,
            following, words, active, marked,
        )  # fmt: skip
    return found


def _mask_dtype(cells: int) -> Any:
    return np.uint16 if cells <= 16 else (np.uint32 if cells <= 32 else np.uint64)


def _one_span_at_a_time() -> contextlib.AbstractContextManager[object]:
    """Let numba's threads take `_bfs_chunk`'s spans one at a time (default: half each)."""
    if _njit is None:  # pragma: no cover
        return contextlib.nullcontext()
    return cast(
        contextlib.AbstractContextManager[object],
        importlib.import_module("numba").parallel_chunksize(1),
    )


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
    for an 8-tile group of 4x4. Each layer is expanded on all of numba's
    threads (``NUMBA_NUM_THREADS``, ``numba.set_num_threads``); the table is
    the same for any number. ``progress(depth, states, seconds)`` is called
    every ``chunk`` ranks (rounded up to a multiple of 65536) and after each
    layer; Ctrl-C is honoured between chunks.
    """
    import time

    cells = rows * cols
    k = len(group)
    goal = list(goal)
    n = math.perm(cells, k)
    # What a unit of each tile's digit is worth in `_rank` (then 0, for the free cells).
    weight = np.array([math.perm(cells - 1 - i, k - 1 - i) for i in range(k)] + [0], np.int64)
    dtype = _mask_dtype(cells)
    table = np.full(n, 255, dtype=np.uint8)
    size = -(-n // 4) * 4  # whole 8-byte words, to skip empty runs 8 bytes at a time
    visited = np.zeros(size, dtype=dtype)
    current = np.zeros(size, dtype=dtype)
    following = np.zeros(size, dtype=dtype)
    active = np.zeros((n >> _BLOCK_BITS) + 1, dtype=np.uint8)
    marked = np.zeros_like(active)
    pos = np.array([goal.index(t) for t in group], dtype=np.int64)
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
    active[r0 >> _BLOCK_BITS] = 1
    chunk = -(-max(chunk, 1) // _SPAN) * _SPAN
    began = time.perf_counter()
    states, depth, found = 1, 0, 1
    while found:
        found = 0
        words = current.view(np.uint64)
        for begin in range(0, n, chunk):
            with _one_span_at_a_time():
                found += int(_bfs_chunk(
                    begin, min(n, begin + chunk), depth, k, cells, cols, weight, table,
                    visited, current, following, words, active, marked,
                ))  # fmt: skip
            if progress is not None:
                progress(depth, states + found, time.perf_counter() - began)
        states += found
        current, following = following, current
        active, marked = marked, active
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
    from slidingtiles.heuristics._pdb import database as _pdb

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
    from slidingtiles.heuristics._pdb import database as _pdb

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
    from slidingtiles.heuristics._pdb import database as _pdb

    header = db.header()
    header["entry"] = U4_ENTRY
    header["sha256"] = _pdb._checksum(db.tables)
    text = json.dumps(header, sort_keys=True).encode()
    _pdb._write_atomic(path, b"".join((_pdb._MAGIC, struct.pack("<I", len(text)), text,
                                       *db.tables)))  # fmt: skip
    db.path = path


def load_packed(path: Path) -> PatternDatabase:
    """Read and verify a 4-bit database file (magic, version, entry, sizes, checksum)."""
    from slidingtiles.heuristics._pdb import database as _pdb

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
