"""The one dispatcher between the pure-Python kernels and the optional numba kernels.

>>> from slidingtiles import Board
>>> moves, stats = engine_solve(Board("1 2 3/4 0 6/7 5 8"), Board.goal(3, 3), "manhattan")
>>> moves, stats.iterations, IMPLEMENTATION in ("python", "numba")
('DR', 1, True)

This is the only module that knows both implementations: the tile engine's
callers (`solve`, the table builder) come here, and the kernels below
(`slidingtiles._engine.python`, `slidingtiles._engine.numba`) never import it or
each other. The implementation is chosen once, at import, from
``SLIDINGTILES_IMPLEMENTATION`` (see `slidingtiles._accel`):

* ``auto`` (the default): numba when it is installed, else pure Python,
  silently. numba is imported on the first search that needs it (importing it
  takes about half a second). Should that import or a compilation fail, a
  warning goes to the ``slidingtiles`` logger and pure Python takes over for good.
* ``python``: the pure-Python kernels; numba is never imported.
* ``numba``: the numba kernels. When numba is missing or broken, and for a value
  that names no implementation, importing still works (the command line, part of
  this package, must be able to say what is wrong: one line, exit 2): `UNUSABLE`
  holds the `BackendError`, the first use of the kernels warns once
  (`BackendWarning`) and pure Python (for ``numba``) or ``auto`` (for an unknown
  value) is used; ``slidingtiles.check_environment()`` raises the error.

Both implementations give the same move strings, node counts and errors.
"""

from __future__ import annotations

import functools
import importlib
import logging
import math
import sys
import warnings
from collections.abc import Callable, Sequence
from types import ModuleType
from typing import Protocol, cast

from slidingtiles._accel import (
    ENV_IMPLEMENTATION,
    INSTALL_HINT,
    numba_installed,
    prepare_numba_cache,
    prepare_numba_threads,
    requested_implementation,
)
from slidingtiles._board.board import Board
from slidingtiles._board.symmetry import frame_for
from slidingtiles._engine.indexing import DIGITS, U4_EXCESS, U8_MOVES, table_entries
from slidingtiles._engine.lookups import MaxedSearch, maxed_searches, supports_lookups
from slidingtiles._engine.python import beam as python_beam
from slidingtiles._engine.python import manhattan as python_manhattan
from slidingtiles._engine.python import maxed as python_maxed
from slidingtiles._engine.python import pdb as python_pdb
from slidingtiles._engine.python import weighted as python_weighted
from slidingtiles._engine.tables import IDENTITY_ORDER, EngineResult, Order, PatternTables
from slidingtiles._errors import BackendError, BackendWarning
from slidingtiles.search import SearchStats
from slidingtiles.search._limits import Guard

__all__ = [
    "BEAM_MAX_BYTES",
    "CHECK_EVERY",
    "ENGINE_HEURISTICS",
    "IMPLEMENTATION",
    "EngineResult",
    "Kernels",
    "beam_levels",
    "beam_solve",
    "build_group_table",
    "build_memory",
    "engine_guard",
    "engine_solve",
    "kernels",
    "place_group",
    "subgoal_beam",
    "supports",
    "weight_fraction",
    "weighted_solve",
]

#: Heuristic names the engine implements natively.
ENGINE_HEURISTICS = ("manhattan", "linear_conflict", "pdb")
#: Expansions between two returns of a kernel to its guard (limits, progress, Ctrl-C).
CHECK_EVERY = 1 << 14

_LOG = logging.getLogger("slidingtiles")

Progress = Callable[[int, int, float], object]


class Kernels(Protocol):
    """The kernels every implementation provides (the tile engine's inner loops)."""

    name: str

    def ida_manhattan(
        self, rows: int, cols: int, goal_tiles: tuple[int, ...], tiles: list[int], guard: Guard,
        conflicts: bool,
    ) -> EngineResult:  # fmt: skip
        """IDA* with Manhattan distance (plus linear conflicts when ``conflicts``)."""

    def ida_pdb(
        self, db: PatternTables, tiles: list[int], guard: Guard, order: Order = IDENTITY_ORDER
    ) -> EngineResult:
        """IDA* with additive tables, maxed with the reflection, trying directions by ``order``."""

    def supports_pdb(self, db: PatternTables) -> bool:
        """Whether `ida_pdb` can search with these tables."""

    def ida_maxed(
        self, dbs: Sequence[PatternTables], tiles: list[int], guard: Guard, order: Order
    ) -> EngineResult:
        """IDA* with the maximum of several tables' lookups, children in order of f."""

    def maxed_search(
        self, dbs: Sequence[PatternTables], tiles: Sequence[int], order: Order,
        **start: int | bool | None,
    ) -> MaxedSearch:  # fmt: skip
        """A resumable search of the maxed kernel (`MaxedSearch`), started at a board."""

    def maxed_attach(self, search: MaxedSearch, dbs: Sequence[PatternTables], order: Order) -> None:
        """Give an unpickled `MaxedSearch` its tables back."""

    def build_group_table(
        self, rows: int, cols: int, goal: Sequence[int], group: Sequence[int], *,
        encoding: str, entry: str, progress: Progress | None,
    ) -> bytes:  # fmt: skip
        """Return one group's pattern table."""


def _kernel_module(name: str) -> ModuleType:
    """Import a kernel module on first use: numba's (optional) and the numpy ones.

    ``python.batched`` and ``python.build`` need numpy, whose import costs about
    0.1 s that a walk down a perfect table or a Manhattan search never needs;
    numba's modules need numba, which may be absent. Both are loaded here, the
    one place that knows every kernel module, when a search or a build first
    asks for them.
    """
    return importlib.import_module(f"slidingtiles._engine.{name}")


class _PythonKernels:
    """The pure-Python kernels (`slidingtiles._engine.python`)."""

    name = "python"

    def ida_manhattan(
        self, rows: int, cols: int, goal_tiles: tuple[int, ...], tiles: list[int], guard: Guard,
        conflicts: bool,
    ) -> EngineResult:  # fmt: skip
        return python_manhattan.ida_manhattan(rows, cols, goal_tiles, tiles, guard, conflicts)

    def ida_pdb(
        self, db: PatternTables, tiles: list[int], guard: Guard, order: Order = IDENTITY_ORDER
    ) -> EngineResult:
        batched = _kernel_module("python.batched")
        return python_pdb.ida_pdb(
            db, tiles, guard, handoff=batched.continue_in_batches, order=order
        )

    def supports_pdb(self, db: PatternTables) -> bool:
        digits = db.entry == U8_MOVES and all(e == DIGITS for e in db.encodings)
        return digits or maxed_searches(db)

    def ida_maxed(
        self, dbs: Sequence[PatternTables], tiles: list[int], guard: Guard, order: Order
    ) -> EngineResult:
        return python_maxed.ida_maxed(dbs, tiles, guard, order)

    def maxed_search(
        self, dbs: Sequence[PatternTables], tiles: Sequence[int], order: Order,
        **start: int | bool | None,
    ) -> MaxedSearch:  # fmt: skip
        return python_maxed.Search(python_maxed.maxed_plan(dbs, order), tiles, **start)  # type: ignore[arg-type]

    def maxed_attach(self, search: MaxedSearch, dbs: Sequence[PatternTables], order: Order) -> None:
        search.attach(python_maxed.maxed_plan(dbs, order))  # type: ignore[attr-defined]

    def build_group_table(
        self, rows: int, cols: int, goal: Sequence[int], group: Sequence[int], *,
        encoding: str, entry: str, progress: Progress | None,
    ) -> bytes:  # fmt: skip
        if entry != U8_MOVES:
            raise BackendError(
                f"{entry} tables are built by the numba backend; {INSTALL_HINT}", entry
            )
        table: bytes = _kernel_module("python.build").build_group_table(
            rows, cols, goal, group, encoding=encoding, progress=progress
        )
        return table


class _NumbaKernels:
    """The numba kernels (`slidingtiles._engine.numba`); under ``auto``, fall back on failure."""

    name = "numba"

    def __init__(self, fallback: bool) -> None:
        self._fallback = fallback
        self._fallen = False
        self._modules: dict[str, ModuleType] = {}
        if not fallback:
            self._load("pdb")

    def _load(self, name: str) -> ModuleType:
        module = self._modules.get(name)
        if module is None:
            prepare_numba_cache()
            prepare_numba_threads()  # a pool forked after a table build must not abort
            importlib.import_module("numba")
            module = self._modules[name] = _kernel_module(f"numba.{name}")
        return module

    def _module(self, name: str) -> ModuleType | None:
        """A compiled kernel module, or None once fallen back to pure Python."""
        if self._fallen:
            return None
        try:
            return self._load(name)
        except Exception as exc:
            if not self._fallback:
                raise
            self._switch(f"numba cannot be imported ({exc})", quiet=True)
            return None

    def _failed(self, exc: Exception) -> bool:
        """Under ``auto``, switch to pure Python for good when numba itself fails."""
        numba_error = importlib.import_module("numba.core.errors").NumbaError
        if not self._fallback or not isinstance(exc, numba_error):
            return False
        self._switch(f"numba failed ({exc})", quiet=False)
        return True

    def _switch(self, reason: str, *, quiet: bool) -> None:
        global kernels, IMPLEMENTATION
        self._fallen = True
        (_LOG.debug if quiet else _LOG.warning)("%s; using the pure-Python kernels", reason)
        kernels, IMPLEMENTATION = _PythonKernels(), "python"

    def ida_manhattan(
        self, rows: int, cols: int, goal_tiles: tuple[int, ...], tiles: list[int], guard: Guard,
        conflicts: bool,
    ) -> EngineResult:  # fmt: skip
        module = self._module("manhattan")
        try:
            if module is not None:
                result: EngineResult = module.ida_manhattan(
                    rows, cols, goal_tiles, tiles, guard, conflicts
                )
                return result
        except Exception as exc:
            if not self._failed(exc):
                raise
        return kernels.ida_manhattan(rows, cols, goal_tiles, tiles, guard, conflicts)

    def ida_pdb(
        self, db: PatternTables, tiles: list[int], guard: Guard, order: Order = IDENTITY_ORDER
    ) -> EngineResult:
        module = self._module("pdb")
        try:
            if module is not None:
                result: EngineResult = module.ida_pdb(db, tiles, guard, order)
                return result
        except Exception as exc:
            if not self._failed(exc):
                raise
        return kernels.ida_pdb(db, tiles, guard, order)

    def ida_maxed(
        self, dbs: Sequence[PatternTables], tiles: list[int], guard: Guard, order: Order
    ) -> EngineResult:
        module = self._module("maxed")
        try:
            if module is not None:
                result: EngineResult = module.ida_maxed(dbs, tiles, guard, order)
                return result
        except Exception as exc:
            if not self._failed(exc):
                raise
        return kernels.ida_maxed(dbs, tiles, guard, order)

    def maxed_search(
        self, dbs: Sequence[PatternTables], tiles: Sequence[int], order: Order,
        **start: int | bool | None,
    ) -> MaxedSearch:  # fmt: skip
        module = self._module("maxed")
        if module is None:
            return kernels.maxed_search(dbs, tiles, order, **start)
        search: MaxedSearch = module.Search(module.maxed_plan(dbs, order), tiles, **start)
        return search

    def maxed_attach(self, search: MaxedSearch, dbs: Sequence[PatternTables], order: Order) -> None:
        module = self._module("maxed")
        if module is None:
            kernels.maxed_attach(search, dbs, order)
        else:
            search.attach(module.maxed_plan(dbs, order))  # type: ignore[attr-defined]

    def supports_pdb(self, db: PatternTables) -> bool:
        if _PythonKernels().supports_pdb(db):  # what numba supports too, without loading it
            return True
        module = self._module("pdb")
        return bool(module.supports_pdb(db)) if module is not None else kernels.supports_pdb(db)

    def build_group_table(
        self, rows: int, cols: int, goal: Sequence[int], group: Sequence[int], *,
        encoding: str, entry: str, progress: Progress | None,
    ) -> bytes:  # fmt: skip
        module = self._module("build")
        try:
            if module is not None:
                table: bytes = module.build_group_table(
                    rows, cols, goal, group, encoding=encoding, entry=entry, progress=progress
                )
                return table
        except Exception as exc:
            if not self._failed(exc):
                raise
        return kernels.build_group_table(
            rows, cols, goal, group, encoding=encoding, entry=entry, progress=progress
        )


def _choose(requested: str | None = None) -> tuple[Kernels, str]:
    """The kernels for ``requested`` (default: the environment's); `BackendError` if unusable."""
    requested = requested_implementation() if requested is None else requested
    if requested == "python":
        return _PythonKernels(), "python"
    if requested == "auto":
        if not numba_installed():
            return _PythonKernels(), "python"
        return _NumbaKernels(fallback=True), "numba"
    try:
        return _NumbaKernels(fallback=False), "numba"
    except Exception as exc:
        raise BackendError(
            f"{ENV_IMPLEMENTATION}=numba but numba cannot be used ({exc}); {INSTALL_HINT}",
            "numba",
        ) from exc


class _Substitute:
    """Kernels standing in for those the environment asked for and cannot have.

    Importing never fails on the environment (the command line, inside this
    package, could not report it): the first use warns once (`BackendWarning`)
    and the substitute runs. `slidingtiles.check_environment` raises `UNUSABLE`.
    """

    def __init__(self, substitute: Kernels, problem: BackendError) -> None:
        self._substitute = substitute
        self._problem = problem
        self._warned = False

    def __getattr__(self, name: str) -> object:
        if not self._warned:
            self._warned = True
            warnings.warn(
                f"{self._problem}; using {self._substitute.name} instead",
                BackendWarning, stacklevel=3,
            )  # fmt: skip
        return getattr(self._substitute, name)


kernels: Kernels
#: The active implementation: ``"python"`` or ``"numba"``.
IMPLEMENTATION: str
#: Why the implementation the environment asks for cannot be used, or None (it is in use).
UNUSABLE: BackendError | None = None
try:
    kernels, IMPLEMENTATION = _choose()
except BackendError as problem:  # numba asked for but broken: pure Python; a bad name: auto
    UNUSABLE = problem
    _kernels, IMPLEMENTATION = _choose("python" if problem.value == "numba" else "auto")
    kernels = cast(Kernels, _Substitute(_kernels, problem))


def supports(heuristic: str, db: PatternTables | None = None) -> bool:
    """Return True if the engine implements this heuristic (for tables: these tables).

    >>> supports("manhattan"), supports("misplaced")
    (True, False)
    """
    if heuristic == "pdb":
        return db is not None and (db.perfect or kernels.supports_pdb(db))
    return heuristic in ENGINE_HEURISTICS


def engine_guard(
    *,
    max_nodes: int | None = None,
    time_limit: float | None = None,
    progress: Callable[[SearchStats], object] | None = None,
) -> Guard:
    """Return the `Guard` of one engine search: limits validated, checked every `CHECK_EVERY` nodes.

    >>> engine_guard(max_nodes=10).first_pause()
    11
    """
    return Guard(
        "idastar", max_nodes=max_nodes, time_limit=time_limit, max_memory=None,
        progress=progress, progress_every=CHECK_EVERY, state_bytes=0, time_stride=CHECK_EVERY,
    )  # fmt: skip


def engine_solve(
    start: Board,
    goal: Board,
    heuristic: str,
    *,
    db: PatternTables | None = None,
    max_nodes: int | None = None,
    time_limit: float | None = None,
    progress: Callable[[SearchStats], object] | None = None,
) -> EngineResult:
    """Return an optimal move string and statistics, by the active kernel for ``heuristic``.

    >>> engine_solve(Board("1 2 3/4 5 6/7 0 8"), Board.goal(3, 3), "linear_conflict")[0]
    'R'

    The board must be solvable for the goal (the caller checks parity: an
    unsolvable board would make IDA* run until a limit stops it). For
    ``"pdb"`` pass the loaded tables of this shape for the goal's canonical
    goal (`slidingtiles._board.symmetry`): the board is turned and relabelled
    into their frame and the kernel tries and names moves in the caller's
    directions, so moves and counts are those of a search on the caller's
    board. A perfect table is walked (O(length) lookups), others drive IDA*. Limits are those
    of the one `Guard` (validated there, named ``"nodes"`` and ``"time"`` in
    `SearchLimitExceeded`); ``progress`` gets a `SearchStats` every 16,384
    expansions. Ctrl-C propagates and leaves nothing behind.
    """
    guard = engine_guard(max_nodes=max_nodes, time_limit=time_limit, progress=progress)
    tiles = list(start.tiles)
    # One Python frame per move of the current path: make room for long paths on big boards.
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, 20_000))
    try:
        if heuristic == "pdb":
            frame = frame_for(start.rows, start.cols, goal.tiles)
            if db is None or db.goal != frame.canonical_goal or (db.rows, db.cols) != start.shape:
                raise ValueError(
                    "heuristic 'pdb' needs the pattern database of this shape and goal"
                )
            if not frame.identity:
                tiles = list(frame.board(tiles))
            if db.frame is not None:  # tables answering for a goal: search their own goal's
                db = db.for_goal(db.goal)
            if db.perfect:  # a few dozen lookups: no compiled kernel needed
                return python_pdb.walk_perfect(db, tiles, guard, frame.order)
            if not kernels.supports_pdb(db):
                raise ValueError(f"the {IMPLEMENTATION} engine cannot search {db.encodings} tables")
            if maxed_searches(db):
                return kernels.ida_maxed([db], tiles, guard, frame.order)
            return kernels.ida_pdb(db, tiles, guard, frame.order)
        if heuristic in ("manhattan", "linear_conflict"):
            return kernels.ida_manhattan(
                start.rows, start.cols, goal.tiles, tiles, guard, heuristic == "linear_conflict"
            )
        raise ValueError(f"the engine has no kernel for heuristic {heuristic!r}")
    finally:
        sys.setrecursionlimit(limit)


def build_memory(
    rows: int, cols: int, sizes: Sequence[int], encodings: Sequence[str], entry: str
) -> int | None:
    """Return the peak memory of building these groups' tables, in bytes, or None if unknown.

    >>> build_memory(5, 5, [6] * 4, ["perm"] * 4, "u4-excess") in (None, 1_912_742_262)
    True

    The numba builder's: its largest group's search (`numba.build.build_bytes`)
    while the tables finished before it wait in memory. The pure-Python
    builder's is not estimated (None).
    """
    if IMPLEMENTATION != "numba":
        return None
    module = kernels._module("build") if isinstance(kernels, _NumbaKernels) else None
    if module is None:
        return None
    cells = rows * cols
    tables = [module.build_bytes(cells, k, e, entry) for k, e in zip(sizes, encodings)]
    finished = sum(
        (table_entries(cells, k, e) + 1) // 2 if entry == U4_EXCESS else table_entries(cells, k, e)
        for k, e in zip(sizes, encodings)
    )
    return max(tables, default=0) + finished


def build_group_table(
    rows: int,
    cols: int,
    goal: Sequence[int],
    group: Sequence[int],
    *,
    encoding: str,
    entry: str = U8_MOVES,
    progress: Progress | None = None,
) -> bytes:
    """Return one group's pattern table, built by the active implementation.

    >>> build_group_table(2, 2, (1, 2, 3, 0), (1, 2), encoding="digits")[1]
    255

    ``progress(depth, states, seconds)`` after each breadth-first layer.
    ``entry="u4-excess"`` (4-bit entries, `encoding="perm"`) needs the numba
    backend: `BackendError` otherwise. Both implementations build the same bytes.
    """
    if entry not in (U8_MOVES, U4_EXCESS):
        raise ValueError(f"unknown table entry encoding {entry!r}")
    return kernels.build_group_table(
        rows, cols, goal, group, encoding=encoding, entry=entry, progress=progress
    )


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
    """Weighted A* placing a group of tiles, the others ignored, by the active implementation.

    >>> place_group(2, 3, [1] * 6, 0, [4], [1], (1, 1), 100)[0]
    [1, 4]

    Returns the blank's cells along the path (None past ``max_nodes``
    expansions), and the nodes expanded and generated; both implementations
    return the same (`slidingtiles._engine.python.weighted.place_group`).
    """
    if isinstance(kernels, _NumbaKernels):
        module = kernels._module("weighted")
        try:
            if module is not None:
                result: tuple[list[int] | None, int, int] = module.place_group(
                    rows, cols, free, blank, cells, targets, weight, max_nodes, blank_target,
                    costs, unit,
                )  # fmt: skip
                return result
        except Exception as exc:
            if not kernels._failed(exc):
                raise
    return python_weighted.place_group(
        rows, cols, free, blank, cells, targets, weight, max_nodes, blank_target, costs, unit
    )


#: The denominator of a weight in the weighted maxed search (w = num / WEIGHT_DEN, num rounded
#: down, so the weight searched never exceeds the one asked for).
WEIGHT_DEN = 64


def weight_fraction(weight: float) -> tuple[int, int]:
    """The weight as num / den in lowest terms, den dividing `WEIGHT_DEN`, never above ``weight``.

    >>> weight_fraction(1.0), weight_fraction(1.25), weight_fraction(1.1)
    ((1, 1), (5, 4), (35, 32))

    Exact integers keep both implementations node for node alike; rounding
    down keeps the guarantee (cost <= num/den x optimal <= weight x optimal).
    """
    num = max(WEIGHT_DEN, math.floor(weight * WEIGHT_DEN))
    common = math.gcd(num, WEIGHT_DEN)
    return num // common, WEIGHT_DEN // common


def weighted_solve(
    start: Board,
    goal: Board,
    db: PatternTables,
    weight: tuple[int, int],
    *,
    ceiling: int | None = None,
    max_nodes: int | None = None,
    time_limit: float | None = None,
    progress: Callable[[SearchStats], object] | None = None,
) -> tuple[str | None, SearchStats]:
    """Weighted IDA* with perm-ranked tables: a solution at most num/den times the shortest.

    >>> from slidingtiles.pdb import PatternDatabase
    >>> db = PatternDatabase.build(3, 3, groups=[(1, 2, 3, 4), (5, 6, 7, 8)])
    >>> weighted_solve(Board("1 2 3/4 5 6/0 7 8"), Board.goal(3, 3), db, (3, 2))[0]
    'RR'

    ``db``: tables the maxed kernel reads (`supports_lookups`: the perm-ranked
    ones it searches for `engine_solve`, or digits tables), for the
    goal's canonical goal, as for `engine_solve`; ``weight`` = (num, den),
    num >= den >= 1 (`weight_fraction`). The search is weighted IDA* (a node
    is cut when g + num/den x h exceeds the threshold, in exact integers, so
    both implementations search the same nodes); its first solution costs at
    most num/den times the shortest; (1, 1) is `engine_solve`'s optimal
    search, node for node. ``ceiling=C``: only solutions shorter than C moves
    are looked for; the moves are None when there is none. The board must be
    solvable for the goal; limits and progress as for `engine_solve`.
    """
    num, den = weight
    if not 1 <= den <= num:
        raise ValueError(f"a weight num/den needs num >= den >= 1, not {num}/{den}")
    frame = frame_for(start.rows, start.cols, goal.tiles)
    if db.goal != frame.canonical_goal or (db.rows, db.cols) != start.shape:
        raise ValueError("the weighted search needs the pattern database of this shape and goal")
    if db.frame is not None:
        db = db.for_goal(db.goal)
    if not supports_lookups([db]):
        raise ValueError(f"the weighted search cannot read {db.encodings} tables")
    guard = engine_guard(max_nodes=max_nodes, time_limit=time_limit, progress=progress)
    tiles = list(start.tiles) if frame.identity else list(frame.board(start.tiles))
    if isinstance(kernels, _NumbaKernels):
        module = kernels._module("maxed")
        try:
            if module is not None:
                found: tuple[str | None, SearchStats] = module.weighted_maxed(
                    [db], tiles, guard, frame.order, num, den, ceiling
                )
                return found
        except Exception as exc:
            if not kernels._failed(exc):
                raise
    return python_maxed.weighted_maxed([db], tiles, guard, frame.order, num, den, ceiling)


#: The memory one beam search may take (its boards, table and per-level entries), in bytes.
BEAM_MAX_BYTES = 1 << 30
# Bytes per kept board: parent (4) and move (1) per level, two table slots of 8.
_BEAM_ENTRY_BYTES = 21


def _splitmix(count: int, seed: int) -> list[int]:
    """``count`` 64-bit keys from SplitMix64, never 0 (the same on every run and platform)."""
    keys, x, mask = [], seed, (1 << 64) - 1
    for _ in range(count):
        x = (x + 0x9E3779B97F4A7C15) & mask
        z = x
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & mask
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & mask
        keys.append((z ^ (z >> 31)) or 1)
    return keys


def beam_levels(cells: int, width: int, max_levels: int) -> int:
    """The levels a beam of ``width`` may run within `BEAM_MAX_BYTES` (at most ``max_levels``).

    >>> beam_levels(36, 1000, 400), beam_levels(36, 10**6, 400)
    (400, 36)

    Memory is estimated before the search: two levels of boards (2 bytes a
    cell), and per kept board a parent index, a move and a table slot pair:
    at most ``width x levels`` of those.
    """
    boards = 2 * width * cells * 2 + 4 * width * 40
    room = max(0, BEAM_MAX_BYTES - boards) // (_BEAM_ENTRY_BYTES * width)
    return max(0, min(max_levels, room))


def beam_solve(
    start: Board,
    goal: Board,
    width: int,
    *,
    max_levels: int | None = None,
    max_nodes: int,
    deadline: float | None = None,
) -> tuple[str | None, int]:
    """Beam search of width ``width`` from the start to the goal, by the active implementation.

    >>> beam_solve(Board("1 2 3/4 5 6/0 7 8"), Board.goal(3, 3), 10, max_nodes=100)
    ('RR', 3)

    Returns the blank's moves (None when the goal was not reached within
    ``max_levels`` levels, 4 x Manhattan by default and cut to fit
    `BEAM_MAX_BYTES` by `beam_levels`, ``max_nodes`` boards expanded, or
    before ``deadline``, a `time.perf_counter` value, checked between
    levels) and the boards expanded. Both implementations keep the same
    boards and return the same moves (`slidingtiles._engine.python.beam`);
    the search is deterministic: ranking by Manhattan distance plus pairs
    in conflict, ties to the child generated first. The board must be
    solvable for the goal.
    """
    if width < 1:
        raise ValueError(f"a beam needs a width of at least 1, not {width}")
    rows, cols = start.shape
    cells = rows * cols
    if max_levels is None:
        max_levels = 4 * start.manhattan(goal)
    max_levels = beam_levels(cells, width, max_levels)
    head = (rows, cols, list(start.tiles), list(goal.tiles))
    tail = (width, max_levels, max_nodes, deadline)
    if isinstance(kernels, _NumbaKernels):
        module = kernels._module("beam")
        try:
            if module is not None:
                # the keys made once per size (making them took 0.3 ms on 6x6, a third of a
                # short beam's time: the windows re-solved by beams are many)
                result: tuple[str | None, int] = module.beam_search(
                    *head, module.zobrist_array(cells), *tail
                )
                return result
        except Exception as exc:
            if not kernels._failed(exc):
                raise
    return python_beam.beam_search(*head, _zobrist(cells), *tail)


@functools.lru_cache(maxsize=4)
def _zobrist(cells: int) -> tuple[int, ...]:
    """The beam's Zobrist keys for a board of ``cells`` cells (the same as `beam_solve`'s)."""
    return tuple(_splitmix(cells * cells, cells))


def subgoal_beam(
    rows: int,
    cols: int,
    tiles: Sequence[int],
    goal_cells: Sequence[int],
    weights: Sequence[int],
    targets: Sequence[int],
    width: int,
    *,
    conflict_weight: int,
    blank_weight: int,
    patience: int,
    max_levels: int,
    max_nodes: int,
    deadline: float | None = None,
    hole_weight: int = 0,
) -> tuple[str, int, bool]:
    """Beam search until the target tiles are home, by the active implementation.

    >>> subgoal_beam(2, 3, [1, 2, 0, 4, 5, 3], [5, 0, 1, 2, 3, 4], [0, 1, 1, 1, 1, 1],
    ...              [0, 0, 0, 1, 0, 0], 10, conflict_weight=1, blank_weight=1, patience=0,
    ...              max_levels=10, max_nodes=100)
    ('D', 1, True)

    ``tiles`` are numbered 1..cells-1 (0 the blank); ``goal_cells[t]`` is
    tile t's cell. A board's rank is the sum over tiles of ``weights[t]``
    times its Manhattan distance, plus ``conflict_weight`` times the pairs
    of target tiles in conflict; children are ordered by the rank plus
    ``blank_weight`` times the cells between the blank and the nearest
    target tile away from home; ``hole_weight`` counts for every hole, a
    target's cell holding another tile (not the blank) with at most one
    open cell beside it (on the board, not a target's cell holding its
    tile: that tile can come in only by moving placed ones). It stops when every tile with
    ``targets[t]`` is home, when that distance has not fallen for
    ``patience`` levels (0: never), after ``max_levels`` levels (cut to fit
    `BEAM_MAX_BYTES`), ``max_nodes`` expansions or at ``deadline``.
    Returns the moves (to the goal, else to the best board kept: least
    target distance, then rank), the boards expanded, and whether the goal
    was reached. Both implementations keep the same boards
    (`slidingtiles._engine.python.beam.subgoal_search`).
    """
    if width < 1:
        raise ValueError(f"a beam needs a width of at least 1, not {width}")
    cells = rows * cols
    grow = [cell // cols for cell in goal_cells]
    gcol = [cell % cols for cell in goal_cells]
    head = (rows, cols, list(tiles), grow, gcol, list(weights), list(targets), conflict_weight,
            blank_weight, patience)  # fmt: skip
    tail = (width, beam_levels(cells, width, max_levels), max_nodes, deadline, hole_weight)
    if isinstance(kernels, _NumbaKernels):
        module = kernels._module("beam")
        try:
            if module is not None:
                # the same keys, made by numpy once per size: making or converting a 20x20
                # region's 160,000 in Python took as long as a short beam
                result: tuple[str, int, bool] = module.subgoal_search(
                    *head, module.zobrist_array(cells), *tail
                )
                return result
        except Exception as exc:
            if not kernels._failed(exc):
                raise
    return python_beam.subgoal_search(*head, _zobrist(cells), *tail)
