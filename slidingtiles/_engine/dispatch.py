"""The one dispatcher: the tile engine's entry points, run by the active implementation's kernels.

>>> from slidingtiles import Board
>>> moves, stats = engine_solve(Board("1 2 3/4 0 6/7 5 8"), Board.goal(3, 3), "manhattan")
>>> moves, stats.iterations, IMPLEMENTATION in ("python", "numba")
('DR', 1, True)

The layers above (`solve`, the short-solution methods, the table builder,
the parallel search) reach the kernels only through here: each entry point
checks and frames its arguments once (boards turned into the tables' frame,
beam widths and levels fitted to memory) and calls one method of
`kernels`, a `Kernels` set (`slidingtiles._engine.kernels`), never a kernel
package. The implementation is chosen once, at import, from
``SLIDINGTILES_IMPLEMENTATION`` (see `slidingtiles._accel`):

* ``auto`` (the default): numba when it is installed, else pure Python,
  silently. numba is imported on the first search that needs it (importing it
  takes about half a second). Should that import or a compilation fail, a
  warning goes to the ``slidingtiles`` logger and pure Python takes over for
  good (`IMPLEMENTATION` then says ``"python"``).
* ``python``: the pure-Python kernels; numba is never imported.
* ``numba``: the numba kernels. When numba is missing or broken, and for a value
  that names no implementation, importing still works (the command line, part of
  this package, must be able to say what is wrong: one line, exit 2): `UNUSABLE`
  holds the `BackendError`, the first use of the kernels warns once
  (`BackendWarning`) and pure Python (for ``numba``) or ``auto`` (for an unknown
  value) is used; ``slidingtiles.check_environment()`` raises the error.

Both implementations give the same move strings, node counts and errors.
Limits: the optimal searches run under one `Guard`; the beams stop at an
instant of the caller's `Deadline` (``deadline``), checked between levels,
and every kernel within a node budget.
"""

from __future__ import annotations

import math
import sys
import weakref
from collections.abc import Callable, Sequence
from typing import Any

from slidingtiles._board.board import Board
from slidingtiles._board.geometry import home_cells
from slidingtiles._board.symmetry import frame_for
from slidingtiles._engine.indexing import DIGITS, PERM, U4_EXCESS, U8_MOVES, table_entries
from slidingtiles._engine.kernels import Kernels, Progress, choose_kernels, substitute
from slidingtiles._engine.lookups import maxed_searches, supports_lookups
from slidingtiles._engine.tables import EngineResult, Order, PatternTables, canonical_tables
from slidingtiles._engine.user import UserHeuristic
from slidingtiles._errors import BackendError
from slidingtiles.search import Guard, SearchStats

__all__ = [
    "BEAM_MAX_BYTES",
    "CHECK_EVERY",
    "ENGINE_HEURISTICS",
    "IMPLEMENTATION",
    "SMALL_SEARCH_NODES",
    "UNUSABLE",
    "WEIGHT_DEN",
    "EngineResult",
    "Kernels",
    "beam_levels",
    "beam_solve",
    "build_group_table",
    "build_memory",
    "bwas_solve",
    "choose_kernels",
    "engine_guard",
    "engine_solve",
    "kernels",
    "layer_sweep",
    "place_group",
    "subgoal_beam",
    "supports",
    "tables_beam",
    "tables_beam_supports",
    "user_solve",
    "weight_fraction",
    "weighted_solve",
]

#: Heuristic names the engine implements natively.
ENGINE_HEURISTICS = ("manhattan", "linear_conflict", "pdb")
#: Expansions between two returns of a kernel to its guard (limits, progress, Ctrl-C).
CHECK_EVERY = 1 << 14


def _fell_back() -> None:
    """numba failed under ``auto``: pure Python from now on, for the kernels and their budgets."""
    global IMPLEMENTATION
    IMPLEMENTATION = "python"


#: The active kernels (`Kernels`), chosen once, at import.
kernels: Kernels
#: The active implementation: ``"python"`` or ``"numba"`` (``"python"`` once numba failed).
IMPLEMENTATION: str
#: Why the implementation the environment asks for cannot be used, or None (it is in use).
UNUSABLE: BackendError | None = None
try:
    kernels, IMPLEMENTATION = choose_kernels(fallback=_fell_back)
except BackendError as problem:  # numba asked for but broken: pure Python; a bad name: auto
    UNUSABLE = problem
    _stand_in, IMPLEMENTATION = choose_kernels(
        "python" if problem.value == "numba" else "auto", fallback=_fell_back
    )
    kernels = substitute(_stand_in, problem)


#: An engine search with digits tables estimated under this many expansions runs in the
#: pure-Python kernel whatever the implementation: its set-up (lists) costs less than the
#: numba kernel's (arrays), and both return the same moves and counts (one contract).
SMALL_SEARCH_NODES = 100
# The pure-Python kernels, for those small searches.
_SMALL_KERNELS = choose_kernels("python")[0]


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
        "idastar",
        max_nodes=max_nodes,
        time_limit=time_limit,
        max_memory=None,
        progress=progress,
        progress_every=CHECK_EVERY,
        state_bytes=0,
        time_stride=CHECK_EVERY,
    )


def _framed(
    start: Board, goal: Board, db: PatternTables | None, what: str
) -> tuple[PatternTables, list[int], Order]:
    """The tables the kernels search, the board in their frame, and the caller's move order.

    ``db`` must be the loaded tables of this shape for the goal's canonical
    goal (`slidingtiles._board.symmetry`): the board is turned and relabelled
    into their frame, and the kernels try and name moves in the caller's
    directions (``order``).
    """
    frame = frame_for(start.rows, start.cols, goal.tiles)
    if db is None or db.goal != frame.canonical_goal or (db.rows, db.cols) != start.shape:
        raise ValueError(f"{what} needs the pattern database of this shape and goal")
    tiles = list(start.tiles) if frame.identity else list(frame.board(start.tiles))
    return _searched(db)[0], tiles, frame.order


# Per tables: the tables the kernels search (`canonical_tables`) and which kernel searches them
# (`_searched`), with the implementation that was worked out for (after a fall back to pure
# Python it is worked out again); an entry dies with its tables.
_SEARCHED: weakref.WeakKeyDictionary[PatternTables, tuple[PatternTables, str, str]]
_SEARCHED = weakref.WeakKeyDictionary()


def _searched(db: PatternTables) -> tuple[PatternTables, str]:
    """The canonical tables of ``db`` and how the engine searches them, worked out once per tables.

    The kernel is ``"walk"`` down a perfect table, ``"maxed"`` (perm-ranked tables:
    `ida_maxed`), ``"digits"`` (`ida_pdb`, which the pure-Python kernel also runs, so
    small searches go there), ``"pdb"`` (`ida_pdb` of the active kernels only), or
    ``"none"`` (no kernel of this implementation searches them).
    """
    kept = _SEARCHED.get(db)
    if kept is not None and kept[2] == IMPLEMENTATION:
        return kept[0], kept[1]
    tables = canonical_tables(db)
    if tables.perfect:
        kernel = "walk"
    elif not kernels.supports_pdb(tables):
        kernel = "none"
    elif maxed_searches(tables):
        kernel = "maxed"
    else:
        kernel = "digits" if _SMALL_KERNELS.supports_pdb(tables) else "pdb"
    _SEARCHED[db] = (tables, kernel, IMPLEMENTATION)
    return tables, kernel


def engine_solve(
    start: Board,
    goal: Board,
    heuristic: str,
    *,
    db: PatternTables | None = None,
    max_nodes: int | None = None,
    time_limit: float | None = None,
    progress: Callable[[SearchStats], object] | None = None,
    expected_nodes: float | None = None,
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
    expansions. Ctrl-C propagates and leaves nothing behind. ``expected_nodes``
    (the plan's estimate): under `SMALL_SEARCH_NODES`, digits tables are
    searched by the pure-Python kernel (the same answer, a cheaper set-up).
    """
    guard = engine_guard(max_nodes=max_nodes, time_limit=time_limit, progress=progress)
    # One Python frame per move of the current path: make room for long paths on big boards.
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, 20_000))
    try:
        if heuristic == "pdb":
            tables, tiles, order = _framed(start, goal, db, "heuristic 'pdb'")
            kernel = _searched(tables)[1]
            if kernel == "walk":  # a perfect table: a few dozen lookups, no compiled kernel
                return kernels.walk_perfect(tables, tiles, guard, order)
            if kernel == "maxed":
                return kernels.ida_maxed([tables], tiles, guard, order)
            if kernel == "none":
                raise ValueError(
                    f"the {IMPLEMENTATION} engine cannot search {tables.encodings} tables"
                )
            small = expected_nodes is not None and expected_nodes < SMALL_SEARCH_NODES
            if small and kernel == "digits":
                return _SMALL_KERNELS.ida_pdb(tables, tiles, guard, order)
            return kernels.ida_pdb(tables, tiles, guard, order)
        if heuristic in ("manhattan", "linear_conflict"):
            conflicts = heuristic == "linear_conflict"
            return kernels.ida_manhattan(
                start.rows, start.cols, goal.tiles, list(start.tiles), guard, conflicts
            )
        raise ValueError(f"the engine has no kernel for heuristic {heuristic!r}")
    finally:
        sys.setrecursionlimit(limit)


def user_solve(
    start: Board,
    goal: Board,
    user: UserHeuristic,
    *,
    max_nodes: int | None = None,
    time_limit: float | None = None,
    progress: Callable[[SearchStats], object] | None = None,
) -> EngineResult:
    """Return a move string and statistics: IDA* with a user's heuristic, by the active kernel.

    >>> from types import SimpleNamespace
    >>> blind = SimpleNamespace(name="blind", delta=None, function=lambda *board: 0)
    >>> user_solve(Board("1 0/2 3"), Board.goal(2, 2, blank="first"), blind)[0]
    'L'

    ``user`` is a `UserHeuristic` (``slidingtiles.heuristics.compiled`` makes
    one): the numba kernel compiles its functions for the board's shape, the
    pure-Python kernel calls them; both search the same nodes, the shortest
    solution when the heuristic is admissible. Every value is checked as
    `slidingtiles._engine.user` says and a bad one raises ``user.fault``'s
    error. The board must be solvable for the goal; limits and progress as
    for `engine_solve`.
    """
    guard = engine_guard(max_nodes=max_nodes, time_limit=time_limit, progress=progress)
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, 20_000))  # the Python kernel's frame per move, as above
    try:
        return kernels.ida_user(start.rows, start.cols, goal.tiles, list(start.tiles), guard, user)
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
    cells = rows * cols
    peaks = [kernels.build_bytes(cells, k, e, entry) for k, e in zip(sizes, encodings)]
    if None in peaks:
        return None
    finished = sum(
        (table_entries(cells, k, e) + 1) // 2 if entry == U4_EXCESS else table_entries(cells, k, e)
        for k, e in zip(sizes, encodings)
    )
    return max((peak or 0 for peak in peaks), default=0) + finished


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
    return kernels.place_group(
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


def bwas_solve(
    start: Board,
    goal: Board,
    db: PatternTables | None,
    h0: int,
    weight: tuple[int, int],
    batch: int,
    cut: int,
    guard: Guard,
) -> tuple[list[int] | None, dict[str, int], int] | None:
    """Batch-weighted A* in the compiled kernel, or None where it does not apply.

    The kernel takes Manhattan distance (``db`` None) on boards of up to 127
    cells, and digits tables of 8-bit entries on boards of up to 16; under the pure-Python
    implementation, or for anything else, None: the caller runs the one
    loop (`slidingtiles.search._bwas.bwas_loop`) over numpy batches, which
    searches the same nodes. Returns the answer's direction codes (None: no
    answer under ``cut``), the counts and the frontier's lower bound.
    """
    return kernels.bwas_tables(
        start.tiles, goal.tiles, start.rows, start.cols, db, h0, weight, batch, cut, guard
    )


def layer_sweep(
    dist: Any,
    depth: int,
    rows: int,
    cols: int,
    neighbours: Any,
    parity: Any,
    start: int,
    stop: int,
) -> int:
    """One breadth-first layer of every board of a shape, in place on one byte a board:
    the boards of ranks ``[start, stop)`` whose byte is ``depth`` expanded, each unseen
    neighbour marked ``depth + 1``; returns how many were expanded. The rank and the
    parities are `slidingtiles._engine.python.layers`'s (numba: both cores)."""
    if not 0 <= start <= stop <= len(dist) or len(dist) * 2 != math.factorial(rows * cols):
        raise ValueError(f"layer_sweep: ranks [{start}, {stop}) of {len(dist)} boards")
    return kernels.layer_sweep(dist, depth, rows, cols, neighbours, parity, start, stop)


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
    tables, tiles, order = _framed(start, goal, db, "the weighted search")
    if not supports_lookups([tables]):
        raise ValueError(f"the weighted search cannot read {tables.encodings} tables")
    guard = engine_guard(max_nodes=max_nodes, time_limit=time_limit, progress=progress)
    return kernels.weighted_maxed([tables], tiles, guard, order, num, den, ceiling)


#: The memory one beam search may take (its boards, table and per-level entries), in bytes.
BEAM_MAX_BYTES = 1 << 30
# Bytes per kept board: parent (4) and move (1) per level, two table slots of 8.
_BEAM_ENTRY_BYTES = 21


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
    before ``deadline``, a `time.perf_counter` instant of the caller's
    `Deadline`, checked between levels) and the boards expanded. It is
    `subgoal_beam` with every tile a target of weight 1: the rank is the
    Manhattan distance plus the pairs in conflict, ties to the child
    generated first, so the search is deterministic and both
    implementations keep the same boards and return the same moves. The
    board must be solvable for the goal.
    """
    if max_levels is None:
        max_levels = 4 * start.manhattan(goal)
    cells = start.size
    ones = [1] * cells
    moves, expanded, reached = subgoal_beam(
        start.rows,
        start.cols,
        start.tiles,
        home_cells(goal.tiles),
        ones,
        ones,
        width,
        conflict_weight=1,
        blank_weight=0,
        patience=0,
        max_levels=max_levels,
        max_nodes=max_nodes,
        deadline=deadline,
    )
    return (moves if reached else None), expanded


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
    `BEAM_MAX_BYTES`), ``max_nodes`` expansions or at ``deadline`` (an
    instant of the caller's `Deadline`). Returns the moves (to the goal,
    else to the best board kept: least target distance, then rank), the
    boards expanded, and whether the goal was reached. Both implementations
    keep the same boards (`slidingtiles._engine.python.beam.subgoal_search`),
    ranking boards by the same 64-bit Zobrist keys (`zobrist_keys`).
    """
    if width < 1:
        raise ValueError(f"a beam needs a width of at least 1, not {width}")
    grow = [cell // cols for cell in goal_cells]
    gcol = [cell % cols for cell in goal_cells]
    return kernels.subgoal_search(
        rows,
        cols,
        list(tiles),
        grow,
        gcol,
        list(weights),
        list(targets),
        conflict_weight,
        blank_weight,
        patience,
        width,
        beam_levels(rows * cols, width, max_levels),
        max_nodes,
        deadline,
        hole_weight,
    )


def tables_beam_supports(db: PatternTables) -> bool:
    """Whether `tables_beam` reads these tables: byte entries, digits or perm indices (not
    zero-aware), every tile in a group.

    >>> from slidingtiles.pdb import PatternDatabase
    >>> tables_beam_supports(PatternDatabase.build(3, 3, groups=[(1, 2, 3, 4), (5, 6, 7, 8)]))
    True
    """
    return (
        db.entry == U8_MOVES
        and all(e in (DIGITS, PERM) for e in db.encodings)
        and sum(len(g) for g in db.groups) == db.cells - 1
    )


def tables_beam(
    start: Board,
    goal: Board,
    db: PatternTables,
    width: int,
    *,
    max_levels: int | None = None,
    max_nodes: int,
    deadline: float | None = None,
) -> tuple[str | None, int]:
    """Beam search of width ``width`` ranked by additive pattern tables, by the active kernels.

    >>> from slidingtiles.pdb import PatternDatabase
    >>> db = PatternDatabase.build(3, 3, groups=[(1, 2, 3, 4), (5, 6, 7, 8)])
    >>> tables_beam(Board("1 2 3/4 5 6/0 7 8"), Board.goal(3, 3), db, 10, max_nodes=100)
    ('RR', 3)

    Like `beam_solve` (the moves, None when the goal was not reached within
    ``max_levels`` levels, 3 x the tables' value plus 20 by default,
    ``max_nodes`` expansions or ``deadline``; and the boards expanded), but
    a board's rank is the sum of the tables' entries: an admissible value,
    stronger than Manhattan distance plus conflicts. ``db`` holds the
    goal's tables (`tables_beam_supports`); the board is searched in their
    frame and the moves named in the caller's directions. Both
    implementations keep the same boards and return the same moves.
    """
    if width < 1:
        raise ValueError(f"a beam needs a width of at least 1, not {width}")
    tables, tiles, order = _framed(start, goal, db, "the tables' beam")
    if not tables_beam_supports(tables):
        raise ValueError(f"the tables' beam cannot read {tables.encodings} {tables.entry} tables")
    flat, offsets = tables.contiguous()
    if max_levels is None:
        max_levels = 3 * db.value(start.tiles) + 20
    perm = [int(e == PERM) for e in tables.encodings]
    moves, expanded, reached = kernels.tables_search(
        start.rows,
        start.cols,
        tiles,
        flat,
        list(offsets),
        perm,
        [list(g) for g in tables.groups],
        width,
        max_levels,
        max_nodes,
        deadline,
    )
    if not reached:
        return None, expanded
    letters = "UDLR"
    back = {letters[order[k]]: letters[k] for k in range(4)}
    return "".join(back[m] for m in moves), expanded
