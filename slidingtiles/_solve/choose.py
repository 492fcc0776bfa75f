"""Choosing how to solve: the door's checks, the heuristic (``"auto"`` too), the tables, the `Plan`.

>>> from slidingtiles import Board
>>> goal = Board.goal(3, 3)
>>> [_resolve_heuristic(name, goal, goal).name for name in ("hamming", "auto")]
['misplaced', 'pdb']
>>> _engine_database(heuristics.get("manhattan"), goal, goal)
(True, None)

`solve` asks whether its options are sane (`check_options`, at the door,
before the board is even read) and whether there is anything to do
(`already_solved`); then one question, `plan`, whose `Plan` names the route
and what it needs: which registered heuristic a name, a callable or
``"auto"`` means; whether its set-up fits the limits (`check_setup`);
whether the tile engine runs it (and, for ``"pdb"``, which pattern table);
otherwise the heuristic specialised to the goal for the generic search, after
a sanity check. Every table comes through
`first_use.load_for_solving`, which builds a missing one only if ``build_tables``
and ``$SLIDINGTILES_BUILD_TABLES`` allow it, announcing a noticeable build
with a `TableBuildWarning`; when they do not, ``"auto"`` passes over an
uncached table (logged at INFO) and an explicit ``"pdb"`` raises
`PatternDatabaseError` saying how to build the table. ``"auto"`` also passes
over a table whose first build would not fit the call's `Deadline`, or that
the cache directory could not keep (one `CacheWarning`); an explicit
``"pdb"`` is then refused up front (`SearchLimitExceeded`) or built in memory.
"""

from __future__ import annotations

import logging
import math
import os
from collections.abc import Callable, Collection
from numbers import Real
from typing import TypeAlias

import attrs

from slidingtiles._board.board import Board
from slidingtiles._board.moves import Moves
from slidingtiles._cache import cache_dir_problem
from slidingtiles._engine import dispatch
from slidingtiles._engine.indexing import DIGITS, PERM
from slidingtiles._engine.lookups import maxed_searches
from slidingtiles._engine.tables import canonical_tables
from slidingtiles._errors import (
    InvalidOptionError,
    OptionTypeError,
    PatternDatabaseError,
    SearchLimitExceeded,
)
from slidingtiles._heuristics import registry as heuristics
from slidingtiles._heuristics._pdb import cost, first_use, store
from slidingtiles._heuristics._pdb.choice import choices, table_choice
from slidingtiles._heuristics._pdb.database import PatternDatabase
from slidingtiles._heuristics._pdb.partition import default_partition_name
from slidingtiles._heuristics._pdb.tablefile import MAX_TABLE_CELLS
from slidingtiles._heuristics.check import for_search
from slidingtiles._heuristics.compiled import compiled_of, info_of_callable
from slidingtiles._heuristics.registry import HeuristicInfo
from slidingtiles._solve.checks import check_choice, check_max_nodes_bounds
from slidingtiles._solve.parallel import splits
from slidingtiles._solve.reach import (
    Estimate,
    one_process_suffices,
    serial_suffices,
    within_reach,
)
from slidingtiles._solve.resolved import Resolved, Settings, recall, remember
from slidingtiles._solve.solution import Solution
from slidingtiles._solve.tile_state import TileState
from slidingtiles.search import Deadline, SearchStats
from slidingtiles.search._checks import check_batch_size, check_limits

__all__ = [
    "ROUTES",
    "HeuristicLike",
    "Plan",
    "already_solved",
    "cached_tables",
    "check_bwas_options",
    "check_options",
    "check_setup",
    "is_flag",
    "plan",
]

#: A heuristic: a registered name, ``"auto"``, a `HeuristicInfo`, or ``h(board, goal) -> int``.
HeuristicLike: TypeAlias = "str | heuristics.HeuristicInfo | heuristics.Heuristic"

_LOG = logging.getLogger("slidingtiles")


def is_flag(value: object) -> bool:
    """True for True and False (numpy's bools too), not for 0, 1, None or "no".

    >>> [is_flag(v) for v in (True, False, 1, None, "no")]
    [True, True, False, False, False]
    """
    return value is True or value is False or type(value).__name__ == "bool_"


def check_options(
    algorithms: Collection[str],
    *,
    heuristic: object = "auto",
    algorithm: object = "auto",
    weight: object = None,
    blank: object = None,
    max_nodes: object = None,
    time_limit: object = None,
    max_memory: object = None,
    progress: object = None,
    optimal: object = None,
    build_tables: object = True,
    where: str = "solve",
) -> Settings:
    """Refuse a bad option of `solve` before any work starts, naming it; else read the environment.

    >>> check_options(("auto", "astar"), algorithm="dfs")
    Traceback (most recent call last):
    ...
    slidingtiles._errors.InvalidOptionError: unknown algorithm 'dfs'; choose from auto, astar
    >>> check_options(("auto",), max_nodes="10")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    slidingtiles._errors.OptionTypeError: solve: max_nodes must be an int or None, got '10' (str)

    The one validation of `solve`'s options, also run once by `solve_many`
    (``where="solve_many"``) and so by the command line. A wrong type raises
    `OptionTypeError` (a TypeError too), a wrong value `InvalidOptionError`
    (a ValueError), both carrying ``option`` and ``value``; an unknown
    heuristic name `UnknownHeuristicError`; a bad
    ``$SLIDINGTILES_BUILD_TABLES`` `PatternDatabaseError`. The limits follow
    `check_limits` (the rules every `Guard` applies). ``weight`` (a finite
    number >= 1) goes only with ``algorithm="weighted"`` or ``"auto"``;
    ``optimal`` is True, False or None; ``max_nodes`` is refused where the
    short-solution methods run (``optimal=False`` without ``weight``, and
    ``algorithm="reduce"``): they are bounded by ``time_limit``. Returns the
    environment as read here, once (`Settings`), for `plan`.
    """
    check_choice("algorithm", algorithm, algorithms)
    if isinstance(heuristic, str):
        if heuristic != "auto":
            heuristics.get(heuristic)  # UnknownHeuristicError naming the known ones
    elif not (isinstance(heuristic, HeuristicInfo) or callable(heuristic)):
        raise OptionTypeError(
            f"heuristic must be a name, a HeuristicInfo or a callable h(board, goal), "
            f"not {heuristic!r}",
            heuristic,
            option="heuristic",
        )
    if weight is not None:
        if isinstance(weight, bool) or not isinstance(weight, Real):
            raise OptionTypeError(
                f"weight must be a number >= 1, not {weight!r}", weight, option="weight"
            )
        if not 1 <= float(weight) < math.inf:  # NaN fails too
            raise InvalidOptionError(
                f"weight must be a number >= 1, not {weight!r}", weight, option="weight"
            )
        if algorithm not in ("auto", "weighted", "bwas"):
            raise InvalidOptionError(
                f"weight={weight!r} only applies to algorithm='weighted', 'bwas' (or 'auto'), "
                f"not algorithm={algorithm!r}",
                weight,
                option="weight",
            )
    try:
        hash(blank)
    except TypeError:
        raise OptionTypeError(
            f"blank must be a label (hashable), not {blank!r}", blank, option="blank"
        ) from None
    check_limits(
        where,
        max_nodes=max_nodes,
        time_limit=time_limit,
        max_memory=max_memory,
        progress=progress,
        documented=True,
    )
    if optimal is not None and not is_flag(optimal):
        raise OptionTypeError(
            f"optimal must be True, False or None, not {optimal!r}", optimal, option="optimal"
        )
    if not is_flag(build_tables):
        raise OptionTypeError(
            f"build_tables must be True or False, not {build_tables!r}",
            build_tables,
            option="build_tables",
        )
    check_max_nodes_bounds(where, max_nodes, optimal, algorithm, weight)
    return Settings.read(bool(build_tables))  # a bad environment value, at once


def check_bwas_options(algorithm: object, batch_size: object) -> None:
    """Refuse a bad ``batch_size``, or one given without ``algorithm="bwas"``.

    >>> check_bwas_options("bwas", 0)
    Traceback (most recent call last):
    ...
    slidingtiles._errors.InvalidOptionError: solve: batch_size must be an int >= 1, got 0 (int)
    >>> check_bwas_options("astar", 10)
    Traceback (most recent call last):
    ...
    slidingtiles._errors.InvalidOptionError: batch_size=10 only applies to algorithm='bwas', not algorithm='astar'
    """  # noqa: E501
    if batch_size is None:
        return
    check_batch_size("solve", batch_size, documented=True)
    if algorithm != "bwas":
        raise InvalidOptionError(
            f"batch_size={batch_size!r} only applies to algorithm='bwas', "
            f"not algorithm={algorithm!r}",
            batch_size,
            option="batch_size",
        )


def already_solved(
    start: Board, goal: Board, heuristic: object, algorithm: str, clock: Deadline
) -> Solution | None:
    """Return the empty solution when the board is its goal (no table, no set-up), else None.

    >>> already_solved(Board.goal(2, 2), Board.goal(2, 2), "auto", "auto", Deadline(None))
    <Solution 2x2: 0 moves - (optimal, none + none)>

    The names say what was asked for: the algorithm as given (``"none"`` for
    ``"auto"``), the heuristic's registered name (``"none"`` for ``"auto"``).
    """
    if start.tiles != goal.tiles:
        return None
    if isinstance(heuristic, str):
        name = "none" if heuristic == "auto" else heuristics.get(heuristic).name
    elif isinstance(heuristic, HeuristicInfo):
        name = heuristic.name
    else:
        name = _resolve_heuristic(heuristic, start, goal).name  # type: ignore[arg-type]
    stats = SearchStats(0, 0, 0, 0, 0, clock.elapsed())
    return Solution(
        start, goal, Moves(""), True, name, "none" if algorithm == "auto" else algorithm, stats, 0
    )


# Building the cells x cells distance table of Manhattan and linear conflict, measured in pure
# Python on the project machine: about 7 million entries a second (60x60: 13 million in 1.6 s).
_SETUP_ENTRIES_PER_SECOND = 5_000_000
# Bytes held per entry at the peak: the Python list, and numba's int64 copy (or the generic
# search's per-tile rows).
_SETUP_BYTES_PER_ENTRY = 16
# The heuristics whose set-up is that table (in the engine and in the generic search).
_QUADRATIC_SETUP = ("manhattan", "linear_conflict")


def _memory_bytes() -> int | None:
    """This machine's physical memory in bytes, or None where it cannot be read."""
    try:
        return os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")
    except (AttributeError, ValueError, OSError):
        return None


def check_setup(info: HeuristicInfo, start: Board, clock: Deadline, max_memory: int | None) -> None:
    """Refuse a search whose set-up alone would overrun the limits, before building anything.

    >>> big = Board.goal(1000, 1000).move("U")
    >>> check_setup(heuristics.get("manhattan"), big, Deadline(1), None)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    slidingtiles._errors.SearchLimitExceeded: gave up before building the 1,000,000 x 1,000,000 ...

    Manhattan distance and linear conflict (in the tile engine and in the
    generic search) first build a cells x cells distance table: 10**8 entries,
    about 15 s and 1.6 GB, on a 100x100 board. The estimate (measured rate,
    docs/errors.md) is refused with `SearchLimitExceeded` when it exceeds the
    time left of ``time_limit`` (``limit="time"``), ``max_memory``, or, with
    no ``max_memory``, half of this machine's memory (``limit="memory"``).
    Other heuristics' set-up is linear in the cells, or bounded by their own
    size rules.
    """
    if info.name not in _QUADRATIC_SETUP or not heuristics.is_builtin(info):
        return
    cells = start.size
    entries = cells * cells
    what = f"building the {cells:,} x {cells:,} distance table of {info.name} (a {start.rows}x"
    what += f"{start.cols} board; solve(..., optimal=False) needs none)"
    seconds = entries / _SETUP_ENTRIES_PER_SECOND
    if not clock.affords(seconds):
        raise clock.refuse(what, seconds)
    needed = entries * _SETUP_BYTES_PER_ENTRY
    machine = _memory_bytes()
    cap = max_memory if max_memory is not None else (None if machine is None else machine // 2)
    if cap is not None and needed > cap:
        named = (
            f"max_memory={max_memory:,} bytes"
            if max_memory is not None
            else f"half of this machine's {machine or 0:,} bytes"
        )
        raise SearchLimitExceeded(
            f"gave up before {what}: it needs about {needed:,} bytes, more than {named}",
            limit="memory",
            value=cap,
            stats=SearchStats(0, 0, 0, 0, 0, clock.elapsed()),
        )


def _resolve_heuristic(
    heuristic: HeuristicLike,
    start: Board,
    goal: Board,
    *,
    build_tables: bool = True,
    clock: Deadline | None = None,
) -> HeuristicInfo:
    """The `HeuristicInfo` a name, ``"auto"``, an info or a callable stands for.

    ``build_tables`` (and the environment variable) are checked here, for
    every solve that searches, so a bad value fails at once, table or not.
    With a ``clock``, ``"auto"`` passes over a table whose first build would
    not fit in the time left.
    """
    allowed = first_use.implicit_builds_allowed(build_tables)
    if isinstance(heuristic, HeuristicInfo):
        return heuristic
    if isinstance(heuristic, str):
        if heuristic == "auto":
            return _auto_heuristic(goal, allowed, clock)
        return heuristics.get(heuristic)
    if callable(heuristic):
        return info_of_callable(heuristic)
    raise OptionTypeError(
        "heuristic must be a name, a HeuristicInfo or a callable h(board, goal), "
        f"not {heuristic!r}",
        heuristic,
        option="heuristic",
    )


def _cached(goal: Board) -> bool:
    """Whether the table a solve uses for the goal is ready: in memory, on disk or shipped."""
    return table_choice(goal.rows, goal.cols, goal.tiles).ready


def _cache_problem(goal: Board) -> str | None:
    """Why the goal's missing table could not be saved in the cache (None: ready, or it could)."""
    try:
        if _cached(goal):
            return None
        return cache_dir_problem(store.cache_dir())
    except ValueError:  # no partition fits: loading says so
        return None
    except OSError as error:  # the directory cannot even be looked into
        return f"{store.cache_dir()} cannot be read ({error.strerror or error})"


def _table_for(goal: Board, build_tables: bool, clock: Deadline | None) -> PatternDatabase:
    """The goal's table for solving, as `first_use.load_for_solving` gives it, on the clock.

    A build the time left cannot pay for is refused before it starts; one that
    overruns its estimate stops at the caller's ``time_limit``. An unusable
    cache directory means a table built in memory, told once (`CacheWarning`).
    """
    _afford_table(goal, clock, build_tables)
    return first_use.load_for_solving(goal, build_tables=build_tables, clock=clock)


def _first_build_seconds(goal: Board) -> float:
    """The estimated seconds a first use of the goal's table would spend building it (0: ready)."""
    try:
        choice = table_choice(goal.rows, goal.cols, goal.tiles)
        if choice.ready:
            return 0.0
        return cost.estimate_build_seconds(goal.rows, goal.cols, choice.name, goal.tiles)
    except (ValueError, OSError):  # no partition fits, or no cache: loading says so
        return 0.0


def _afford_table(goal: Board, clock: Deadline | None, build_tables: bool) -> None:
    """Refuse, before it starts, a first-use table build that the time left cannot pay for."""
    if clock is None or clock.time_limit is None:
        return
    if not first_use.implicit_builds_allowed(build_tables):
        return  # nothing will be built: loading refuses with its own message
    seconds = _first_build_seconds(goal)
    if seconds and not clock.affords(seconds):
        name = table_choice(goal.rows, goal.cols, goal.tiles).name
        command = f"slidingtiles pdb build {goal.rows}x{goal.cols}"
        if name != default_partition_name(goal.rows, goal.cols):
            command += f" --partition {name}"
        raise clock.refuse(
            f"building the {goal.rows}x{goal.cols} pattern database on first use (run "
            f"'{command}' once, or choose another heuristic)",
            seconds,
        )


def _auto_heuristic(
    goal: Board, build_tables: bool = True, clock: Deadline | None = None
) -> HeuristicInfo:
    """The strongest admissible heuristic that fits the goal (a table only if cached or quick).

    With ``build_tables`` False a table counts only if cached: the choice then
    falls to the best heuristic without one, logged at INFO. So it does when
    the table's first build would not fit in the ``clock``'s time left.
    """
    candidates = sorted(
        (i for i in heuristics.registry().values() if i.admissible),
        key=lambda info: info.strength,
        reverse=True,
    )
    refused = False
    for info in candidates:
        if info.applies_to is first_use.auto_available:  # the pattern database: may it be built?
            if goal.size > MAX_TABLE_CELLS:  # no table file can exist for it: do not even look
                continue
            try:
                ready = table_choice(goal.rows, goal.cols, goal.tiles).ready
            except ValueError:  # no partition fits this board
                continue
            if ready:  # in memory, cached or shipped: nothing to build
                return info
            problem = _cache_problem(goal) if build_tables else None
            if problem is not None:
                first_use.tell_cache_problem(problem, "heuristic 'auto' uses one without tables")
                continue
            if first_use.auto_available(goal, build_tables=build_tables):
                seconds = _first_build_seconds(goal) if clock is not None else 0.0
                if not seconds or clock is None or clock.affords(seconds):
                    return info
                _LOG.info(
                    "heuristic 'auto': building the %dx%d pattern database (about %.0f s) would "
                    "not fit in time_limit=%s s, so a heuristic without tables is used",
                    goal.rows,
                    goal.cols,
                    seconds,
                    clock.time_limit,
                )
                continue
            refused = refused or not build_tables
        elif info.applies_to is None or info.applies_to(goal):
            if refused:
                _LOG.info(
                    "heuristic 'auto': no %dx%d pattern database is cached and building tables "
                    "implicitly is off, so %r is used",
                    goal.rows,
                    goal.cols,
                    info.name,
                )
            return info
    return candidates[-1]


def _is_table_heuristic(info: HeuristicInfo) -> bool:
    """True for the registered ``pdb`` heuristic (its table comes from `load_for_solving`)."""
    return info.name == "pdb" and heuristics.is_builtin(info)


def _engine_database(
    info: HeuristicInfo,
    start: Board,
    goal: Board,
    *,
    build_tables: bool = True,
    clock: Deadline | None = None,
) -> tuple[bool, PatternDatabase | None]:
    """Whether the tile engine runs this (registered, built-in) heuristic, and its table.

    The table is loaded, or built on first use as `first_use.load_for_solving`
    allows (it raises `PatternDatabaseError` when building is refused, and
    `SearchLimitExceeded` up front when the build would not fit the ``clock``).
    """
    if info.name not in dispatch.ENGINE_HEURISTICS or not heuristics.is_builtin(info):
        return False, None
    if info.name != "pdb":
        return True, None
    db = _table_for(goal, build_tables, clock)  # the declared partition for this implementation
    return dispatch.supports("pdb", db), db


def cached_tables(goal: Board) -> PatternDatabase | None:
    """The goal's pattern tables for the tile engine when cached, else None (never built).

    >>> cached_tables(Board.goal(300, 300)) is None  # no table file exists for such a board
    True

    For the exact finishes of the short-solution methods (a 4x4 region):
    the stronger cached partition when there is one, as `solve` would
    choose; a damaged or unusable table counts as none.
    """
    try:
        if not _cached(goal):
            return None
        used, db = _engine_database(heuristics.get("pdb"), goal, goal, build_tables=False)
    except (PatternDatabaseError, SearchLimitExceeded, ValueError, OSError):
        return None
    return db if used else None


#: The routes a `Plan` takes, each run by one function of `slidingtiles._solve.solve`.
ROUTES = (
    "short",
    "reduce",
    "weighted_tables",
    "parallel",
    "engine",
    "compiled",
    "search",
    "bwas",
)
# Boards up to this many cells use A* (its memory stays small); larger ones IDA*.
_ASTAR_MAX_CELLS = 12
# The weight of "weighted" when none is given.
_DEFAULT_WEIGHT = 1.5


@attrs.frozen
class Plan:
    """How one `solve` call runs, chosen before it starts: the one question `solve` asks.

    >>> goal = Board.goal(3, 3)
    >>> plan(goal.move("U"), goal, Deadline(None)).route
    'engine'
    >>> plan(goal.move("U"), goal, Deadline(None), optimal=False).route
    'short'

    Attributes:
        route: one of `ROUTES`: ``"short"`` (`solve(optimal=False)`: the
            short-solution methods), ``"reduce"`` (the constructive solver),
            ``"weighted_tables"`` (weighted IDA* over perm-ranked tables),
            ``"parallel"`` (the engine's IDA* split over processes),
            ``"engine"`` (the tile engine's IDA*), ``"compiled"`` (the tile
            engine's IDA* with a `heuristics.compiled` heuristic), ``"search"``
            (the generic search over `TileState`).
        algorithm: the algorithm the solution reports (the generic search's
            ``"astar"``, ``"idastar"``, ``"bfs"``, ``"greedy"``, ``"weighted"``;
            ``"idastar"`` for the engine, ``"weighted_idastar"``, ``"reduce"``);
            empty for ``"short"``, whose method reports its own.
        heuristic: the resolved heuristic (None for ``"short"``, ``"reduce"``, BFS).
        tables: the pattern tables the engine searches (None: none needed).
        weight: the weight of a weighted search (1.0 otherwise).
        evaluate: the generic search's heuristic on states, checked on the
            start and the goal (None: no generic search, or BFS).
        resolved: the resolved heuristic (`Resolved`: built in or not, how it is
            searched, its tables), made once (None where ``heuristic`` is).
        estimate: the optimal search's estimated cost (`reach.Estimate`), made once
            (None: not an optimal search, or a heuristic of the user's own).
    """

    route: str
    algorithm: str = ""
    heuristic: HeuristicInfo | None = None
    tables: PatternDatabase | None = None
    weight: float = 1.0
    evaluate: Callable[[TileState], float] | None = None
    resolved: Resolved | None = None
    estimate: Estimate | None = None


def plan(
    start: Board,
    goal: Board,
    clock: Deadline,
    *,
    heuristic: HeuristicLike = "auto",
    algorithm: str = "auto",
    weight: float | None = None,
    optimal: bool | None = None,
    build_tables: bool = True,
    max_memory: int | None = None,
    parallel: bool = False,
    workers: int = 1,
    max_nodes: int | None = None,
    generic: bool = False,
    settings: Settings | None = None,
) -> Plan:
    """Choose the route, heuristic and tables of a solve with checked options (`check_options`).

    ``start`` and ``goal`` are checked boards, the start solvable for the
    goal; ``parallel`` says the caller asked for more than one process, and
    ``workers`` how many; ``generic`` that the search must be the generic one
    (a traced solve: the tile engine's routes are passed over). An optimal
    search is first held to the rule of `slidingtiles._solve.reach`
    (`OutOfReachError` at once beyond reach, unless ``optimal=True`` insists; a
    ``max_nodes`` that bounds it in the time allowed brings it within reach).
    Table builds and the heuristic's set-up happen here, on the ``clock``
    (`check_setup`); a build the time left cannot pay for is refused before
    it starts. ``settings``: the environment as `check_options` read it (read
    here when not given). The heuristic is resolved once (`Resolved`); one
    whose tables are in memory is remembered for the next call (`recall`).
    """
    if optimal is False and algorithm == "auto" and weight is None:
        return Plan("short")  # as short as the budget allows, by board size (docs/large-boards.md)
    if algorithm == "reduce":
        return Plan("reduce", "reduce")
    if weight is not None and algorithm == "auto":
        algorithm = "weighted"
    settings = Settings.read(build_tables) if settings is None else settings
    known = recall(heuristic, goal, settings)
    info = (
        known.info
        if known is not None
        else _resolve_heuristic(heuristic, start, goal, build_tables=build_tables, clock=clock)
    )
    found = within_reach(
        info,
        _judged_as(algorithm, weight),
        start,
        goal,
        insist=optimal is True,
        workers=workers,
        time_limit=clock.time_limit,
        max_nodes=max_nodes,
        elapsed=clock.elapsed(),
        generic=generic,
    )
    if algorithm == "bwas":  # batch-weighted A* (`slidingtiles._solve.bwas`)
        chosen = _bwas_plan(info, start, goal, clock, weight, build_tables, max_memory)
        return attrs.evolve(chosen, estimate=found)
    if algorithm == "bfs":  # BFS uses no heuristic, so none is set up
        return Plan("search", "bfs", estimate=found)
    check_setup(info, start, clock, max_memory)
    w = _DEFAULT_WEIGHT if weight is None else float(weight)
    if algorithm == "weighted" and _is_table_heuristic(info) and not generic:
        # Perm-ranked tables (5x5, 4x4's 7-8): weighted IDA*, in memory that does not grow.
        _, db = _engine_database(info, start, goal, build_tables=build_tables, clock=clock)
        if db is not None and maxed_searches(canonical_tables(db)):
            resolved = Resolved.of(info, engine=True, tables=db)
            return Plan("weighted_tables", "weighted_idastar", info, db, w, resolved=resolved)
    if (
        compiled_of(info) is not None
        and not generic
        and (algorithm == "idastar" or (algorithm == "auto" and info.admissible))
    ):
        # A heuristic over the flat board runs in the tile engine too, checked as the search's.
        _checked(info, start, goal, build_tables=build_tables, clock=clock)
        resolved = Resolved.of(info, compiled=True)
        return Plan("compiled", "idastar", info, resolved=resolved, estimate=found)
    if algorithm in ("auto", "idastar") and info.admissible and not generic:
        # Built-in heuristics run in the tile engine: IDA* on one mutable board, same lengths.
        if known is not None and known.kind == "engine":
            use_engine, db = True, known.tables
        else:
            use_engine, db = _engine_database(
                info, start, goal, build_tables=build_tables, clock=clock
            )
            if use_engine:  # its tables are in memory now: the next call need not ask again
                known = Resolved.of(info, engine=True, tables=db)
                remember(heuristic, goal, settings, known)
        if use_engine:
            assert known is not None
            serial = (
                serial_suffices(found)
                if found is not None and found.heuristic == "pdb"
                else one_process_suffices(start, goal)
            )
            split = parallel and splits(db) and not serial
            route = "parallel" if split else "engine"
            return Plan(route, "idastar", info, db, resolved=known, estimate=found)
    if algorithm == "auto":
        big = start.size > _ASTAR_MAX_CELLS and info.admissible
        algorithm = "idastar" if big else "astar"
    if algorithm == "astar":
        w = 1.0
    evaluate = _checked(info, start, goal, build_tables=build_tables, clock=clock)
    resolved = Resolved.of(info)
    return Plan("search", algorithm, info, None, w, evaluate, resolved=resolved, estimate=found)


def _judged_as(algorithm: str, weight: float | None) -> str:
    """The algorithm the reach rule judges a search as: batch-weighted A* as A* at weight 1.

    At weight 1 (its default) with an admissible heuristic, batch-weighted A*
    is an optimal search that keeps every board it generates, as A* does: the
    same estimate of its nodes (at most the cells! / 2 boards) and the generic
    search's speed, so it is refused beyond reach like A* (`OutOfReachError`),
    and ``max_memory`` bounds what it keeps. At a larger weight it is not
    after a shortest solution and, like weighted A*, passes unjudged.
    """
    if algorithm != "bwas":
        return algorithm
    return "astar" if weight is None or float(weight) == 1 else "weighted"


def _bwas_plan(
    info: HeuristicInfo,
    start: Board,
    goal: Board,
    clock: Deadline,
    weight: float | None,
    build_tables: bool,
    max_memory: int | None,
) -> Plan:
    """Batch-weighted A*'s plan: the heuristic checked as the generic search's, its tables.

    Judged by the reach rule before this (`_judged_as`: as A* at weight 1). Its
    memory grows like A*'s, with every board it generates (the open and the
    closed ones), so within the estimate's nodes; ``max_memory`` stops it.
    """
    check_setup(info, start, clock, max_memory)
    db = _table_for(goal, build_tables, clock) if _is_table_heuristic(info) else None
    if db is not None and any(e not in (DIGITS, PERM) for e in db.encodings):
        db = _batchable_tables(goal) or db  # zero-aware tables are looked up board by board
    evaluate = _checked(info, start, goal, build_tables=build_tables, clock=clock)
    return Plan("bwas", "bwas", info, db, 1.0 if weight is None else float(weight), evaluate)


def _batchable_tables(goal: Board) -> PatternDatabase | None:
    """A cached (or shipped) table of the goal's shape whose groups batch: digits or perm.

    The zero-aware tables (4x4's 7-8 under numba) have no batched lookup, so
    batch-weighted A* takes the next declared partition when it is at hand
    (4x4's 6-6-3 ships with the package), else the zero-aware one, board by board.
    """
    for name, _ in choices(goal.rows, goal.cols):
        try:
            if store.is_cached(goal.rows, goal.cols, goal, name):
                db = store.load(goal.rows, goal.cols, goal, name, build_missing=False)
                if all(e in (DIGITS, PERM) for e in db.encodings):
                    return db
        except (PatternDatabaseError, ValueError, OSError):
            continue
    return None


def _checked(
    info: HeuristicInfo,
    start: Board,
    goal: Board,
    *,
    build_tables: bool = True,
    clock: Deadline | None = None,
) -> Callable[[TileState], float]:
    """Specialise the heuristic to the goal, checked (`slidingtiles._heuristics.check.for_search`).

    The ``pdb`` heuristic's table is made ready first, as ``build_tables`` and
    the ``clock`` allow. A user's heuristic has every value checked as it
    comes and its registered claims checked before the search (`HeuristicError`).
    """
    fast: Callable[[tuple[int, ...]], float] = (
        _table_for(goal, build_tables, clock).value
        if _is_table_heuristic(info)
        else info.for_goal(goal)
    )
    return for_search(info, fast, start, goal, clock)
