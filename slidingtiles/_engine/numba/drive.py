"""The pause/resume driver of the numba IDA* kernels, their per-depth stacks and shared arrays.

>>> count, to, letter = move_arrays(2, 2)
>>> count.tolist(), to[0].tolist(), letter[0].tolist()
([2, 2, 2, 2], [2, 1, -1, -1], [1, 3, 0, 0])

Each IDA* kernel is a pure-Python kernel of `slidingtiles._engine.python`
turned into an explicit-stack depth-first search over numpy arrays, so that
it can stop and resume: when the count of entered nodes reaches
``st[CHECK_AT]`` it returns `PAUSE` to `drive`, which calls the guard's
``pause`` at the same node the pure-Python kernel does (same limits, same
progress snapshots, Ctrl-C honoured), then resumes it; `GROW` asks for
deeper stacks. Moves are tried in the same order (up, down, left, right),
the reverse move and duplicate move sequences (`pruning_array`) are pruned the
same way and the heuristic is updated by the same formulas, so expanded and
generated nodes, iterations and the move string are identical to the
pure-Python kernel's on every input; only the seconds differ
(``tests/test_backends.py`` checks it).
"""

from __future__ import annotations

import weakref
from collections.abc import Callable, Sequence
from typing import Any, TypeVar, cast

import numpy as np
from numpy.typing import NDArray

from slidingtiles._board.geometry import LETTERS, blank_moves
from slidingtiles._engine.numba.jit import inlined
from slidingtiles._engine.pruning import pruning_table
from slidingtiles._engine.tables import IDENTITY_ORDER, EngineResult, Order, PatternTables
from slidingtiles.search import Guard

__all__ = [
    "BEST",
    "BLANK",
    "BOUND",
    "CHECK_AT",
    "DEPTH",
    "DONE",
    "ENTER",
    "EXPANDED",
    "FOUND",
    "FRAME_WIDTH",
    "GENERATED",
    "GROW",
    "INF",
    "ITER",
    "NEXT",
    "PATH",
    "PAUSE",
    "PREV",
    "RH",
    "SEQ",
    "SLOTS",
    "Frames",
    "H",
    "Stack",
    "at_goal",
    "drive",
    "flat_tables",
    "move_arrays",
    "narrow",
    "new_state",
    "plan",
    "pruning_array",
    "slot_moves",
]

Array = NDArray[Any]

INF = np.int64(1) << 62

# Slots of the scalar state vector shared between Python and a kernel: depth of the node in
# hand, whether it is being entered, entered and generated nodes, entered count of the next
# pause, cost bound, iteration, length of the path found.
DEPTH, ENTER, EXPANDED, GENERATED, CHECK_AT, BOUND, ITER, FOUND = range(8)
_STATE_SIZE = 8
# Kernel return codes: found the goal, pause for the guard, grow the stacks.
DONE, PAUSE, GROW = 0, 1, 2

# Columns of a frame (one row per depth) of the additive-table kernels, first those of both:
# the node's blank cell, the cell it came from, its duplicate-sequence state, h and reflected h
# (the digits kernel saves them only across a pause), its next move slot, the least f above
# the bound seen so far, the move slot taken to the child. Each kernel's own columns follow.
BLANK, PREV, SEQ, H, RH, NEXT, BEST, PATH = range(8)
FRAME_WIDTH = 24
# Move slots per cell (`slot_moves`): up to four moves and a -1 terminator.
SLOTS = 5


@inlined
def at_goal(tiles: Any, goal: Any, cells: int) -> bool:
    """Whether the board is the goal, cell by cell (arrays or raw pointers, inlined in kernels).

    The kernels call it only where h is 0, which tiles outside every group allow short of
    the goal.
    """
    for c in range(cells):  # noqa: SIM110 - a loop numba compiles; all() over a generator it may not
        if tiles[c] != goal[c]:
            return False
    return True


def move_arrays(rows: int, cols: int, order: Order = IDENTITY_ORDER) -> tuple[Array, Array, Array]:
    """Return ``count[b], to[b, k], letter[b, k]``: `geometry.blank_moves` as int64 arrays.

    Unused slots hold -1 (``to``) and 0 (``letter``). ``order``: as in `geometry.blank_moves`.
    """
    cells = rows * cols
    count = np.zeros(cells, dtype=np.int64)
    to = np.full((cells, 4), -1, dtype=np.int64)
    letter = np.zeros((cells, 4), dtype=np.int64)
    for b, options in enumerate(blank_moves(rows, cols, order)):
        count[b] = len(options)
        for k, (n, code) in enumerate(options):
            to[b, k], letter[b, k] = n, code
    return count, to, letter


def slot_moves(rows: int, cols: int, order: Order = IDENTITY_ORDER) -> tuple[Array, Array]:
    """Return ``moves[b * SLOTS + k]``, the blank's k-th move from b as ``cell * 4 + code``.

    -1 after the last move of each cell. Also the ``letter`` array of `move_arrays`, for `drive`.
    """
    count, to, letter = move_arrays(rows, cols, order)
    moves = np.full((rows * cols, SLOTS), -1, dtype=np.int64)
    for b in range(rows * cols):
        moves[b, : count[b]] = to[b, : count[b]] * 4 + letter[b, : count[b]]
    return moves.ravel(), letter


def narrow(array: Array) -> Array:
    """Return the array in the narrowest of int16, int32, int64 that holds its values.

    The search loops read a few small tables per node; narrower ones leave
    more of the first-level cache to the pattern-database entries.
    """
    for dtype in (np.int16, np.int32):
        info = np.iinfo(dtype)
        if array.size == 0 or (info.min <= array.min() and array.max() <= info.max):
            return array.astype(dtype)
    return array


_PRUNE: dict[tuple[int, ...], Array] = {}


def pruning_array(rows: int, cols: int, order: Order = IDENTITY_ORDER) -> Array:
    """Return `pruning.pruning_table` of a board shape as an int32 array, made once per shape.

    ``next = table[state + move code]``, states times 4, -1 = prune: the
    pure-Python kernels skip those moves, so these kernels must too. Always
    int32, so that a kernel compiled for one shape's table takes every other.
    """
    key = (rows, cols, *order)
    array = _PRUNE.get(key)
    if array is None:
        array = _PRUNE[key] = np.array(pruning_table(rows, cols, order), dtype=np.int32)
    return array


def new_state(bound: int, guard: Guard) -> Array:
    """Return the state vector of a search about to enter its root with this cost bound."""
    st = np.zeros(_STATE_SIZE, dtype=np.int64)
    st[ENTER] = 1
    st[CHECK_AT] = guard.first_pause()
    st[BOUND] = bound
    st[ITER] = 1
    return st


class Stack:
    """Per-depth arrays of an explicit-stack search, grown by doubling when the kernel asks."""

    def __init__(self, names: Sequence[str], capacity: int) -> None:
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


class Frames:
    """Rows of `FRAME_WIDTH` integers, one per depth, in one flat array grown on request."""

    def __init__(self, capacity: int) -> None:
        self.array = np.zeros(capacity * FRAME_WIDTH, dtype=np.int64)

    def grow(self) -> None:
        bigger = np.zeros(2 * len(self.array), dtype=np.int64)
        bigger[: len(self.array)] = self.array
        self.array = bigger

    def row(self, depth: int) -> Array:
        return self.array[depth * FRAME_WIDTH : (depth + 1) * FRAME_WIDTH]

    def moves(self, length: int) -> list[tuple[int, int]]:
        """(blank cell, move slot) of each step of the path to the goal found at ``length``."""
        return [(int(self.row(d)[BLANK]), int(self.row(d)[PATH])) for d in range(length)]


def drive(
    run: Callable[[], int], st: Array, stack: Stack | Frames, guard: Guard, letters: Array
) -> EngineResult:
    """Call a kernel until it finds the goal, pausing for the guard like the Python kernel.

    ``run`` reads the stacks afresh on every call (`GROW` replaces them).
    """
    while True:
        code = run()
        guard.iterations = int(st[ITER])
        if code == DONE:
            break
        if code == PAUSE:
            st[CHECK_AT] = guard.pause(int(st[EXPANDED]), int(st[GENERATED]))
        else:
            stack.grow()
    path = "".join(LETTERS[int(letters[b, k])] for b, k in stack.moves(int(st[FOUND])))
    guard.depth = len(path)
    return path, guard.snapshot(int(st[EXPANDED]), int(st[GENERATED]))


def flat_tables(db: PatternTables) -> tuple[Array, Array]:
    """Return all tables in one array (plus a zero entry for ungrouped tiles) and each one's offset.

    One array indexed by offset + index is markedly faster in the inner loop
    than a tuple of arrays indexed by group. It is the database's own
    contiguous buffer (huge pages where granted), not a copy.
    """
    buffer, offsets = db.contiguous()
    return np.frombuffer(buffer, dtype=np.uint8), np.array(offsets, dtype=np.int64)


_P = TypeVar("_P")
_PLANS: weakref.WeakKeyDictionary[PatternTables, dict[object, object]]
_PLANS = weakref.WeakKeyDictionary()


def plan(db: PatternTables, kind: Callable[..., _P], *args: Any) -> _P:
    """Return a database's plan for a kernel, ``kind(db, *args)``: made once per ``args``."""
    plans = _PLANS.setdefault(db, {})
    key = (kind, *args)
    if key not in plans:
        plans[key] = kind(db, *args)
    return cast(_P, plans[key])
