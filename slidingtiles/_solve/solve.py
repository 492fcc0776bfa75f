"""`solve`: parse, check solvability, pick heuristic and algorithm, search, package a `Solution`.

>>> solve("1 2 3/4 0 6/7 5 8").moves
Moves('DR')
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable
from typing import Any, Literal, TypeAlias

import attrs

from slidingtiles._board.board import Board, BoardLike
from slidingtiles._board.coerce import GoalLike, board_and_goal
from slidingtiles._board.moves import Moves
from slidingtiles._board.solvability import solvability
from slidingtiles._engine import dispatch
from slidingtiles._errors import UnsolvableError
from slidingtiles._solve.choose import HeuristicLike, Plan, already_solved, check_options, plan
from slidingtiles._solve.parallel import check_parallel, parallel_search
from slidingtiles._solve.short.constructive import construct
from slidingtiles._solve.short.methods import solve_short
from slidingtiles._solve.solution import Solution
from slidingtiles._solve.tile_state import TileState
from slidingtiles.search import SearchResult, SearchStats, astar, bfs, greedy, idastar
from slidingtiles.search._limits import Deadline

__all__ = ["ALGORITHMS", "Algorithm", "HeuristicLike", "Solution", "solve"]

Algorithm: TypeAlias = Literal["auto", "astar", "idastar", "bfs", "greedy", "weighted", "reduce"]
#: The algorithm names `solve` accepts.
ALGORITHMS: tuple[str, ...] = (
    "auto", "astar", "idastar", "bfs", "greedy", "weighted", "reduce",
)  # fmt: skip


def solve(
    board: BoardLike,
    goal: GoalLike | str = None,
    *,
    heuristic: HeuristicLike = "auto",
    algorithm: Algorithm | str = "auto",
    weight: float | None = None,
    blank: Hashable = None,
    max_nodes: int | None = None,
    time_limit: float | None = None,
    max_memory: int | None = None,
    progress: Callable[[SearchStats], None] | None = None,
    optimal: bool = True,
    build_tables: bool = True,
    workers: int | None = None,
    executor: Any = None,
) -> Solution:
    """Return a shortest solution of a sliding-tile puzzle (or a bounded one, if asked).

    >>> sol = solve([[6, 4, 7], [8, 5, 0], [3, 2, 1]], heuristic="manhattan")
    >>> len(sol.moves), sol.optimal
    (31, True)
    >>> solve("0 1 3/4 2 5/7 8 6").moves
    Moves('RDRD')
    >>> from slidingtiles import Board
    >>> len(solve("8 1 3/4 0 2/7 6 5", goal=Board.goal(3, 3, blank="first")))
    22

    Args:
        board: a `Board`, nested rows, a flat square sequence, text
            (``"1 2 3/4 5 6/7 8 0"``, one row per line, COS 226 form), or rows
            of labels (letters, words) with ``blank`` naming the empty cell.
        goal: the target in any of those forms; ``None`` or ``"last"`` for
            1..n-1 with the blank last, ``"first"`` for the blank first.
        heuristic: a registered name (``"misplaced"``/``"hamming"``,
            ``"manhattan"``, ``"linear_conflict"``, ``"inversions"``, ...),
            ``"auto"`` (the strongest admissible one that fits: the pattern
            database ``"pdb"`` when its table is cached or its build is
            estimated under a minute, which then happens once (see
            ``build_tables``); else the best table-free one), a
            `HeuristicInfo`, or
            any ``h(board, goal) -> int``. An unregistered callable is not
            known to be admissible, so the solution is not claimed optimal:
            register it with ``admissible=True`` to say it is.
        algorithm: ``"astar"``, ``"idastar"``, ``"bfs"`` (no heuristic),
            ``"greedy"`` (fast, not optimal), ``"weighted"`` (A* with f = g +
            w*h: at most ``weight`` times the optimum; with perm-ranked
            pattern databases, the 5x5 and 4x4 7-8 tables, weighted IDA*
            with the same bound, reported as ``"weighted_idastar"``, its
            ``lower_bound`` the length over the weight), or ``"auto"``. With
            ``"auto"`` or ``"idastar"``, the built-in ``manhattan``,
            ``linear_conflict`` and ``pdb`` heuristics run in the tile engine
            (IDA* on one mutable board, the heuristic updated per move; a
            perfect table is simply walked downhill), which finds the same
            optimal lengths as the generic search, many times faster. Other
            heuristics with ``"auto"``: A* up to 12 cells, IDA* above (A* for
            an inadmissible heuristic), weighted A* if ``weight`` is given.
            ``"astar"`` always runs the generic A*. ``"reduce"``: the
            constructive solver for any size (place lines one by one, finish
            the last 3x3 exactly; a 100x100 board in seconds, about 4 times the
            Manhattan lower bound; see `solve_constructive`); ``time_limit``
            and ``progress`` apply, the heuristic and the other limits do not.
        weight: the bound w >= 1 for ``"weighted"``.
        optimal: False lets ``"auto"`` pick ``"reduce"`` (or weighted A* when
            ``weight`` is given): a solution at once, whatever the size; with
            cached perm-ranked tables (5x5, 4x4's 7-8) and numba, weighted
            IDA* with falling weights (about 1.07 times the shortest on
            24-puzzles, within a second; docs/24-puzzle.md).
        blank: the label of the empty cell on labelled boards.
        max_nodes: stop with `SearchLimitExceeded` (carrying the statistics
            so far) rather than expand more than this many states.
        time_limit: the same, after about this many seconds.
        max_memory: the same, once the process has grown by about this many
            bytes of resident memory (A* and BFS only).
        progress: called with a `SearchStats` snapshot every so often.
        build_tables: whether a missing pattern-database table may be built
            here. True (the default): it is built on first use and saved in
            the cache; a build estimated at a second or a megabyte or more
            (3x4 boards and larger; 4x4: about 30 s and 34 MB) first issues a
            `TableBuildWarning` with its cost, and shows its progress when
            standard error is a terminal. False, or the environment variable
            ``SLIDINGTILES_BUILD_TABLES=0`` (or ``never``; it overrides True):
            nothing is built; ``heuristic="auto"`` then uses a cached table
            or the best heuristic without one, and ``heuristic="pdb"`` raises
            `PatternDatabaseError` naming the command that builds the table
            (``slidingtiles pdb build 4x4``).
        workers: search one board on this many processes (an int >= 1; None
            or 1: this process). The tile engine's IDA* with pattern tables
            splits each iteration below the root (`slidingtiles._solve.parallel`):
            same optimal length, on a pool this call owns whose workers die
            with it; ``progress`` then gets each iteration's bound too. Other
            searches (Manhattan, perfect tables, other algorithms) run here.
        executor: the same on a caller's `concurrent.futures`-style executor
            (a ``ProcessPoolExecutor``, Dask's ``Client.get_executor()``),
            whose workers read the table files from the same cache; ``workers``
            then says how many tasks it runs at once.

    Raises:
        InvalidOptionError: an option has a bad value (``weight=0.5``,
            ``time_limit=nan``, an unknown ``algorithm``); `OptionTypeError`
            (also a TypeError) a bad type (``max_nodes="10"``). Checked first,
            before the board is read.
        InvalidBoardError: the board or goal is malformed.
        GoalMismatchError: board and goal differ in shape or tiles.
        UnsolvableError: parity says the goal is unreachable; ``.report`` says why.
        UnknownHeuristicError: no heuristic has that name.
        PatternDatabaseError: ``heuristic="pdb"`` needs a table that building
            is refused for; or ``SLIDINGTILES_BUILD_TABLES`` holds a value
            other than 0/never/false/no/off or 1/true/yes/on.
        SearchLimitExceeded: a limit was reached first, or a step's estimated
            cost (a first table build, a huge board's set-up) exceeds what is
            left: every step of the call spends from one ``time_limit``.

    ``optimal`` is True only when the guarantee holds: BFS, or ``A*``/``IDA*`` with
    an admissible heuristic. ``lower_bound`` is a proven bound on the optimal
    length: the length itself when optimal, the Manhattan distance for
    ``"reduce"``, else None. Checking solvability first means an impossible
    board fails at once instead of exhausting half the state space.
    """
    check_options(
        ALGORITHMS, heuristic=heuristic, algorithm=algorithm, weight=weight, blank=blank,
        max_nodes=max_nodes, time_limit=time_limit, max_memory=max_memory, progress=progress,
        optimal=optimal, build_tables=build_tables,
    )  # fmt: skip
    check_parallel(workers, executor)
    clock = Deadline(None if time_limit is None or math.isinf(time_limit) else time_limit)
    start, target = board_and_goal(board, goal, blank=blank)
    done = already_solved(start, target, heuristic, algorithm, clock)  # no table, no set-up
    if done is not None:
        return done
    report = solvability(start, target)
    if not report.solvable:
        raise UnsolvableError(
            f"no solution possible for {start.to_text()}: {report.reason}", start, report
        )
    chosen = plan(
        start, target, clock, heuristic=heuristic, algorithm=algorithm, weight=weight,
        optimal=optimal, build_tables=build_tables, max_memory=max_memory,
        parallel=executor is not None or (workers or 1) > 1,
    )  # fmt: skip
    call = _Call(start, target, clock, max_nodes, max_memory, progress, workers, executor)
    return _ROUTES[chosen.route](chosen, call)


@attrs.frozen
class _Call:
    """One `solve` call's checked boards, its clock and the options its route needs."""

    start: Board
    goal: Board
    clock: Deadline
    max_nodes: int | None
    max_memory: int | None
    progress: Callable[[SearchStats], None] | None
    workers: int | None
    executor: Any


def _short(chosen: Plan, call: _Call) -> Solution:
    """``optimal=False``: the short-solution methods (`slidingtiles._solve.short`)."""
    found = solve_short(call.start, call.goal, call.clock, call.progress)
    stats = SearchStats(
        expanded=found.expanded, generated=found.generated, max_frontier=0, reopened=0,
        iterations=found.searches, seconds=found.seconds,
    )  # fmt: skip
    return Solution(
        start=call.start, goal=call.goal, moves=found.moves, optimal=found.optimal,
        heuristic=found.heuristic, algorithm=found.method, stats=stats,
        lower_bound=found.lower_bound,
    )  # fmt: skip


def _reduce(chosen: Plan, call: _Call) -> Solution:
    """``algorithm="reduce"``: the constructive solver alone (its lines as iterations)."""
    built = construct(call.start, call.goal, call.clock, progress=call.progress)
    stats = SearchStats(
        expanded=built.tiles_placed, generated=built.raw_length, max_frontier=0, reopened=0,
        iterations=built.lines_peeled, seconds=built.seconds,
    )  # fmt: skip
    return Solution(
        start=call.start, goal=call.goal, moves=built.moves, optimal=built.optimal,
        heuristic="none", algorithm="reduce", stats=stats,
        lower_bound=len(built.moves) if built.optimal else built.lower_bound,
    )  # fmt: skip


def _weighted_tables(chosen: Plan, call: _Call) -> Solution:
    """Weighted IDA* over perm-ranked tables: at most num/den times the shortest."""
    assert chosen.tables is not None
    assert chosen.heuristic is not None
    num, den = dispatch.weight_fraction(chosen.weight)
    start, goal = call.start, call.goal
    path, stats = call.clock.run(
        dispatch.weighted_solve, start, goal, chosen.tables, (num, den),
        max_nodes=call.max_nodes, progress=call.progress,
    )  # fmt: skip
    assert path is not None  # no ceiling, and the board is solvable
    lower = max(-(-len(path) * den // num), chosen.tables.value(start.tiles))  # len <= w x best
    lower = max(lower + (len(path) - lower) % 2, start.manhattan(goal))  # and its parity
    return Solution(
        start=start, goal=goal, moves=Moves(path), optimal=num == den,
        heuristic=chosen.heuristic.name, algorithm="weighted_idastar", stats=stats,
        lower_bound=len(path) if num == den else lower,
    )  # fmt: skip


def _engine(chosen: Plan, call: _Call) -> Solution:
    """The tile engine's IDA* (on one process, or split between several)."""
    assert chosen.heuristic is not None
    if chosen.route == "parallel":
        assert chosen.tables is not None
        moves, stats = call.clock.run(  # IDA* split between processes (solve(workers=N))
            parallel_search, call.start, call.goal, chosen.tables, workers=call.workers,
            executor=call.executor, max_nodes=call.max_nodes, progress=call.progress,
        )  # fmt: skip
    else:
        moves, stats = call.clock.run(  # the search gets what the table build left
            dispatch.engine_solve, call.start, call.goal, chosen.heuristic.name,
            db=chosen.tables, max_nodes=call.max_nodes, progress=call.progress,
        )  # fmt: skip
    return Solution(
        start=call.start, goal=call.goal, moves=Moves(moves), optimal=True,
        heuristic=chosen.heuristic.name, algorithm="idastar", stats=stats,
        lower_bound=len(moves),
    )  # fmt: skip


def _search(chosen: Plan, call: _Call) -> Solution:
    """The generic search over `TileState` (any heuristic, any of its algorithms)."""
    initial = TileState.from_boards(call.start, call.goal)
    limits: dict[str, Any] = {"max_nodes": call.max_nodes, "progress": call.progress}
    info, h, clock = chosen.heuristic, chosen.evaluate, call.clock
    result: SearchResult[TileState, str]
    if info is None or h is None:  # BFS: no heuristic
        result = clock.run(bfs, initial, max_memory=call.max_memory, **limits)
    elif chosen.algorithm == "idastar":
        result = clock.run(idastar, initial, h, admissible=info.admissible, **limits)
    elif chosen.algorithm == "greedy":
        result = clock.run(greedy, initial, h, max_memory=call.max_memory, **limits)
    else:  # "astar", "weighted": f = g + w x h
        result = clock.run(
            astar, initial, h, weight=chosen.weight, admissible=info.admissible,
            consistent=info.consistent, max_memory=call.max_memory, **limits,
        )  # fmt: skip
    moves = Moves("".join(result.actions))
    return Solution(
        start=call.start, goal=call.goal, moves=moves, optimal=result.optimal,
        heuristic="none" if info is None else info.name, algorithm=chosen.algorithm,
        stats=result.stats, lower_bound=len(moves) if result.optimal else None,
    )  # fmt: skip


# Each route of a `Plan` (`choose.ROUTES`), and the function that runs it.
_ROUTES: dict[str, Callable[[Plan, _Call], Solution]] = {
    "short": _short,
    "reduce": _reduce,
    "weighted_tables": _weighted_tables,
    "parallel": _engine,
    "engine": _engine,
    "search": _search,
}
