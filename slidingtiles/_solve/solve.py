"""`solve`: options checked at the door, the board read once, one `Plan`, one route that runs it.

>>> solve("1 2 3/4 0 6/7 5 8").moves
Moves('DR')
"""

from __future__ import annotations

import importlib
import math
import os
from collections.abc import Callable, Hashable
from typing import Any, Literal, NamedTuple, TypeAlias

import attrs

from slidingtiles._board.board import Board, BoardLike
from slidingtiles._board.coerce import GoalLike, board_and_goal
from slidingtiles._board.moves import Moves
from slidingtiles._board.solvability import parity_solvable, solvability
from slidingtiles._engine import dispatch
from slidingtiles._errors import (
    InvalidOptionError,
    NoPathError,
    SearchLimitExceeded,
    UnsolvableError,
)
from slidingtiles._heuristics.compiled import compiled_of, engine_search
from slidingtiles._heuristics.registry import HeuristicInfo
from slidingtiles._solve import verify
from slidingtiles._solve.choose import (
    HeuristicLike,
    Plan,
    already_solved,
    check_bwas_options,
    check_options,
    plan,
)
from slidingtiles._solve.parallel import check_parallel, parallel_search
from slidingtiles._solve.reach import limit_advice, searched_heuristic
from slidingtiles._solve.solution import Solution
from slidingtiles._solve.tile_state import TileState
from slidingtiles.search import (
    Deadline,
    SearchEvent,
    SearchResult,
    SearchStats,
    astar,
    bfs,
    greedy,
    idastar,
)
from slidingtiles.search._checks import check_limits
from slidingtiles.search._trace import check_trace

__all__ = ["ALGORITHMS", "Algorithm", "HeuristicLike", "Solution", "solve"]

Algorithm: TypeAlias = Literal[
    "auto", "astar", "idastar", "bfs", "greedy", "weighted", "reduce", "bwas"
]
#: The algorithm names `solve` accepts.
ALGORITHMS: tuple[str, ...] = (
    "auto",
    "astar",
    "idastar",
    "bfs",
    "greedy",
    "weighted",
    "reduce",
    "bwas",
)


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
    optimal: bool | None = None,
    build_tables: bool = True,
    workers: int | None = None,
    executor: Any = None,
    trace: int | bool | None = None,
    on_event: Callable[[SearchEvent], object] | None = None,
    batch_size: int | None = None,
) -> Solution:
    """Return a shortest solution of a sliding-tile puzzle, or, with ``optimal=False``, a short one.

    >>> sol = solve([[6, 4, 7], [8, 5, 0], [3, 2, 1]], heuristic="manhattan")
    >>> len(sol.moves), sol.optimal
    (31, True)
    >>> solve("0 1 3/4 2 5/7 8 6").moves
    Moves('RDRD')

    Args:
        board: a `Board`, rows, a flat square sequence, text (``"1 2 3/4 5 6/7 8 0"``,
            COS 226 form), or rows of labels with ``blank`` naming the empty cell.
        goal: the target in any of those forms; None or ``"last"`` for 1..n-1 with the
            blank last, ``"first"`` for the blank first.
        heuristic: a registered name (``"manhattan"``, ``"linear_conflict"``, ``"pdb"``,
            ...), a `HeuristicInfo`, any ``h(board, goal) -> int`` (not claimed optimal
            unless registered admissible), or ``"auto"``: the strongest admissible one
            that fits (the pattern database when cached or quick to build).
        algorithm: ``"astar"``, ``"idastar"``, ``"bfs"``, ``"greedy"``, ``"weighted"``
            (at most ``weight`` x the shortest; weighted IDA* over perm-ranked tables),
            ``"reduce"`` (the constructive solver, `solve_constructive`), ``"bwas"``
            (batch-weighted A*: the ``batch_size`` best nodes expanded at once, their
            children valued in one heuristic call, f = g + weight x h; optimal with an
            admissible heuristic and weight 1, and then held to the reach rule as A* is,
            docs/learned-heuristics.md), or ``"auto"``:
            the tile engine's IDA* for the built-in heuristics, else A* up to 12 cells
            and IDA* above (docs/solving.md).
        weight: the bound w >= 1 for ``"weighted"`` (with ``"auto"``, implies it) and
            ``"bwas"`` (default 1: optimal).
        batch_size: ``"bwas"`` only: nodes expanded per batch (an int >= 1; default 1000,
            100 for the library's own heuristics).
        optimal: None (the default) asks for a shortest solution where one is within
            reach: an optimal search whose estimated cost (by the board's Manhattan
            distance, size and heuristic, the implementation and ``workers``) is past
            ``time_limit``, or past an hour without one, is refused at once with
            `OutOfReachError` naming ``optimal=False`` (docs/solving.md, "Optimal
            reach"). True insists: the search runs whatever it costs, announced by a
            `SearchCostWarning` when beyond reach. False asks for a short solution
            instead, at any size: the board goes
            to the short-solution methods (`slidingtiles._solve.short`), chosen by
            its cells, the time limit and the implementation from one table
            (docs/large-boards.md prints it): exact IDA* up to 12 cells; weighted IDA*
            with falling weights where perm-ranked tables are cached (5x5); beams,
            staged and chunked placements, peeled beams on mid-size boards; the
            constructive solver on large ones; then windows re-solved. The shortest
            answer is kept (never longer than the first); ``lower_bound`` is the
            Manhattan distance, ``algorithm`` the method kept. Without ``time_limit``
            the answer is the same every run; with one, more time gives shorter
            answers. ``weight=`` keeps weighted search and its bound instead.
        blank: the label of the empty cell on labelled boards.
        max_nodes: stop with `SearchLimitExceeded` past this many expansions; its
            message ends with what to try next. Refused with ``optimal=False`` (without
            ``weight``) and ``algorithm="reduce"``: those methods are bounded by time.
        time_limit: stop with `SearchLimitExceeded` past this many seconds (every
            step of the call spends from one clock; ``inf`` is none).
        max_memory: stop with `SearchLimitExceeded` past this many bytes of growth
            (A*, BFS).
        progress: called with a `SearchStats` snapshot every so often.
        build_tables: whether a missing pattern table may be built here (announced by
            a `TableBuildWarning`; ``SLIDINGTILES_BUILD_TABLES=0`` overrides True).
        workers: split the engine's IDA* with pattern tables over this many
            processes (docs/24-puzzle.md). A search estimated
            under a million expansions (every 15-puzzle) runs in one process, and a split
            one runs its first iterations here while they are small, so a small search
            never waits for processes; ``workers=N`` keeps its pool for the next call.
        executor: a caller's `concurrent.futures` executor to split the search
            over instead of a pool of ``workers`` processes.
        trace: record the search's first ``trace`` events (True: 100,000) as
            `Solution.trace` (or ``.trace`` on the `SearchLimitExceeded` raised),
            which `TraceView` shows (docs/watching-astar.md). The tile engine does
            not trace, so a traced solve always runs the generic search
            (`Solution.engine` is ``"generic"``): A* up to 12 cells, IDA* above,
            for ``algorithm="auto"``. Not with ``algorithm="reduce"``, the
            automatic ``optimal=False`` or ``workers``/``executor``.
        on_event: called with each event of the search as it happens (the same
            conditions as ``trace``); returning `STOP` stops it (`SearchStopped`).

    Raises:
        InvalidOptionError, OptionTypeError: a bad option value or type, checked first
            (also ``trace`` or ``on_event`` with a route that cannot be traced).
        InvalidBoardError, GoalMismatchError: the board or goal is malformed.
        UnsolvableError: parity says the goal is unreachable (``.report`` says why).
        UnknownHeuristicError: no heuristic has that name.
        PatternDatabaseError: a table that may not be built (docs/errors.md).
        SearchLimitExceeded: a limit was reached, or a step would not fit in it.
        OutOfReachError: an optimal search beyond reach, refused before it starts.
        SearchStopped: ``on_event`` returned `STOP` (a `SearchLimitExceeded`).

    ``optimal`` in the result is True only when the guarantee holds (BFS, or A*/IDA*
    with an admissible heuristic); `Solution.lower_bound` is a proven bound.
    """
    settings = check_options(
        ALGORITHMS,
        heuristic=heuristic,
        algorithm=algorithm,
        weight=weight,
        blank=blank,
        max_nodes=max_nodes,
        time_limit=time_limit,
        max_memory=max_memory,
        progress=progress,
        optimal=optimal,
        build_tables=build_tables,
    )
    check_parallel(workers, executor)
    check_bwas_options(algorithm, batch_size)
    kept = check_trace("solve", trace, on_event, documented=True)
    watched = kept is not None or on_event is not None
    if watched:
        _check_watchable(algorithm, optimal, weight, workers, executor)
    seconds = check_limits("solve", time_limit=time_limit)[1]  # 10**400 -> inf, no OverflowError
    clock = Deadline(None if seconds is None or math.isinf(seconds) else seconds)
    start, target = board_and_goal(board, goal, blank=blank)
    if not watched:  # a watched search runs even from the goal: its trace shows it
        done = already_solved(start, target, heuristic, algorithm, clock)  # no table, no set-up
        if done is not None:
            return done
    if not parity_solvable(start, target):
        report = solvability(start, target)  # the reasons, for the error only
        raise UnsolvableError(
            f"no solution possible for {start.to_text()}: {report.reason}", start, report
        )
    count = workers or (getattr(executor, "_max_workers", None) if executor is not None else 1)
    chosen = plan(
        start,
        target,
        clock,
        heuristic=heuristic,
        algorithm=algorithm,
        weight=weight,
        optimal=None if optimal is None else bool(optimal),
        build_tables=build_tables,
        max_memory=max_memory,
        parallel=executor is not None or (workers or 1) > 1,
        generic=watched,
        workers=count or os.cpu_count() or 1,
        max_nodes=max_nodes,
        settings=settings,
    )
    call = _Call(
        start,
        target,
        clock,
        max_nodes,
        max_memory,
        progress,
        workers,
        executor,
        kept,
        on_event,
        batch_size,
    )
    try:
        return verify.checked(_ROUTES[chosen.route](chosen, call), chosen.heuristic)
    except SearchLimitExceeded as error:
        if not error.advice and error.limit in ("time", "nodes", "memory"):
            error.advise(_advice(error, chosen, call))
        raise


def _advice(error: SearchLimitExceeded, chosen: Plan, call: _Call) -> list[tuple[str, str]]:
    """What to try after a limit stopped the route (`reach.limit_advice`), from the plan's
    resolved heuristic and estimate."""
    judged = chosen.route == "bwas" and chosen.estimate is not None  # as A*, at weight 1
    searched = searched_heuristic(
        chosen.heuristic, "astar" if judged else chosen.algorithm, generic=chosen.route == "search"
    )
    optimal_search = (
        chosen.route in ("engine", "parallel", "search") or judged
    ) and searched is not None
    name, engine = searched if searched is not None else (None, False)
    return limit_advice(
        error,
        call.start,
        call.goal,
        heuristic=name if name != "none" else None,
        optimal_search=optimal_search,
        engine=engine,
        algorithm=chosen.algorithm,
        found=chosen.estimate,
    )


def _check_watchable(
    algorithm: object, optimal: object, weight: object, workers: int | None, executor: object
) -> None:
    """Refuse ``trace``/``on_event`` for a route that is not one generic search."""
    refusals = (
        (
            "algorithm",
            algorithm,
            algorithm == "reduce",
            "algorithm='reduce' runs the constructive solver, not a search",
        ),
        (
            "optimal",
            optimal,
            optimal is not None and not optimal and algorithm == "auto" and weight is None,
            "optimal=False runs the short-solution methods on the tile engine (to watch a "
            "fast search, give algorithm='weighted' or 'greedy')",
        ),
        (
            "algorithm",
            algorithm,
            algorithm == "bwas",
            "algorithm='bwas' runs batch-weighted A* over batches of boards, which sends no events",
        ),
        (
            "workers",
            workers,
            (workers or 1) > 1,
            "workers=N splits the tile engine's IDA* between processes",
        ),
        (
            "executor",
            executor,
            executor is not None,
            "executor= splits the tile engine's IDA* between processes",
        ),
    )
    for option, value, refused, why in refusals:
        if refused:
            raise InvalidOptionError(
                f"solve: trace= and on_event= watch one generic search, which this call "
                f"is not: {why}",
                value,
                option=option,
            )


class _Call(NamedTuple):
    """One `solve` call's checked boards, its clock and the options its route needs.

    A named tuple, not an attrs class: made once a call, it costs a third as much.
    """

    start: Board
    goal: Board
    clock: Deadline
    max_nodes: int | None
    max_memory: int | None
    progress: Callable[[SearchStats], None] | None
    workers: int | None
    executor: Any
    trace: int | None
    on_event: Callable[[SearchEvent], object] | None
    batch_size: int | None = None


def _short(chosen: Plan, call: _Call) -> Solution:
    """``optimal=False``: the short-solution methods (`slidingtiles._solve.short`)."""
    from slidingtiles._solve.short.methods import solve_short  # loaded when first used

    found = solve_short(call.start, call.goal, call.clock, call.progress)
    stats = SearchStats(
        expanded=found.expanded,
        generated=found.generated,
        max_frontier=0,
        reopened=0,
        iterations=found.searches,
        seconds=found.seconds,
    )
    return Solution(
        start=call.start,
        goal=call.goal,
        moves=found.moves,
        optimal=found.optimal,
        heuristic=found.heuristic,
        algorithm=found.method,
        stats=stats,
        lower_bound=found.lower_bound,
        engine=dispatch.IMPLEMENTATION,
    )


def _reduce(chosen: Plan, call: _Call) -> Solution:
    """``algorithm="reduce"``: the constructive solver alone (its lines as iterations)."""
    from slidingtiles._solve.short.constructive import construct  # loaded when first used

    built = construct(call.start, call.goal, call.clock, progress=call.progress)
    stats = SearchStats(
        expanded=built.tiles_placed,
        generated=built.raw_length,
        max_frontier=0,
        reopened=0,
        iterations=built.lines_peeled,
        seconds=built.seconds,
    )
    return Solution(
        start=call.start,
        goal=call.goal,
        moves=built.moves,
        optimal=built.optimal,
        heuristic="none",
        algorithm="reduce",
        stats=stats,
        lower_bound=len(built.moves) if built.optimal else built.lower_bound,
        engine=dispatch.IMPLEMENTATION,
    )


def _weighted_tables(chosen: Plan, call: _Call) -> Solution:
    """Weighted IDA* over perm-ranked tables: at most num/den times the shortest."""
    assert chosen.tables is not None
    assert chosen.heuristic is not None
    num, den = dispatch.weight_fraction(chosen.weight)
    start, goal = call.start, call.goal
    path, stats = call.clock.run(
        dispatch.weighted_solve,
        start,
        goal,
        chosen.tables,
        (num, den),
        max_nodes=call.max_nodes,
        progress=call.progress,
    )
    assert path is not None  # no ceiling, and the board is solvable
    lower = max(-(-len(path) * den // num), chosen.tables.value(start.tiles))  # len <= w x best
    lower = max(lower + (len(path) - lower) % 2, start.manhattan(goal))  # and its parity
    return Solution(
        start=start,
        goal=goal,
        moves=Moves(path),
        optimal=num == den,
        heuristic=chosen.heuristic.name,
        algorithm="weighted_idastar",
        stats=stats,
        lower_bound=len(path) if num == den else lower,
        engine=dispatch.IMPLEMENTATION,
    )


def _engine(chosen: Plan, call: _Call) -> Solution:
    """The tile engine's IDA* (on one process, or split between several)."""
    assert chosen.heuristic is not None
    if chosen.route == "parallel":
        assert chosen.tables is not None
        moves, stats = call.clock.run(  # IDA* split between processes (solve(workers=N))
            parallel_search,
            call.start,
            call.goal,
            chosen.tables,
            workers=call.workers,
            executor=call.executor,
            max_nodes=call.max_nodes,
            progress=call.progress,
        )
    else:
        expected = None if chosen.estimate is None else chosen.estimate.nodes
        moves, stats = call.clock.run(  # the search gets what the table build left
            dispatch.engine_solve,
            call.start,
            call.goal,
            chosen.heuristic.name,
            db=chosen.tables,
            max_nodes=call.max_nodes,
            progress=call.progress,
            expected_nodes=expected,
        )
    return Solution(
        start=call.start,
        goal=call.goal,
        moves=Moves(moves),
        optimal=True,
        heuristic=chosen.heuristic.name,
        algorithm="idastar",
        stats=stats,
        lower_bound=len(moves),
        engine=dispatch.IMPLEMENTATION,
    )


def _search(chosen: Plan, call: _Call) -> Solution:
    """The generic search over `TileState` (any heuristic, any of its algorithms)."""
    initial = TileState.from_boards(call.start, call.goal)
    limits: dict[str, Any] = {
        "max_nodes": call.max_nodes,
        "progress": call.progress,
        "trace": call.trace,
        "on_event": call.on_event,
    }
    info, h, clock = chosen.heuristic, chosen.evaluate, call.clock
    result: SearchResult[TileState, str]
    try:
        if info is None or h is None:  # BFS: no heuristic
            result = clock.run(bfs, initial, max_memory=call.max_memory, **limits)
        elif chosen.algorithm == "idastar":
            result = clock.run(idastar, initial, h, admissible=info.admissible, **limits)
        elif chosen.algorithm == "greedy":
            result = clock.run(greedy, initial, h, max_memory=call.max_memory, **limits)
        else:  # "astar", "weighted": f = g + w x h
            result = clock.run(
                astar,
                initial,
                h,
                weight=chosen.weight,
                admissible=info.admissible,
                consistent=info.consistent,
                max_memory=call.max_memory,
                **limits,
            )
    except (SearchLimitExceeded, NoPathError) as error:
        error.trace = _named(error.trace, info)
        raise
    moves = Moves("".join(result.actions))
    trace = _named(result.trace, info)
    return Solution(
        start=call.start,
        goal=call.goal,
        moves=moves,
        optimal=result.optimal,
        heuristic="none" if info is None else info.name,
        algorithm=chosen.algorithm,
        stats=result.stats,
        lower_bound=len(moves) if result.optimal else None,
        engine="generic",
        trace=trace,
    )


def _named(trace: Any, info: HeuristicInfo | None) -> Any:
    """The trace naming the heuristic by its registered name (the search saw a wrapper)."""
    if trace is None or info is None:
        return trace
    return attrs.evolve(trace, heuristic=info.name)


def _compiled(chosen: Plan, call: _Call) -> Solution:
    """A compiled heuristic (`heuristics.compiled`) in the tile engine's IDA*."""
    info = chosen.heuristic
    assert info is not None
    heuristic = compiled_of(info)
    assert heuristic is not None
    moves, stats = call.clock.run(
        engine_search,
        heuristic,
        call.start,
        call.goal,
        max_nodes=call.max_nodes,
        progress=call.progress,
    )
    return Solution(
        start=call.start,
        goal=call.goal,
        moves=Moves(moves),
        optimal=info.admissible,
        heuristic=info.name,
        algorithm="idastar",
        stats=stats,
        lower_bound=len(moves) if info.admissible else None,
        engine=dispatch.IMPLEMENTATION,
    )


def _bwas(chosen: Plan, call: _Call) -> Solution:
    """Batch-weighted A* (`slidingtiles._solve.bwas`, loaded by name: it imports numpy)."""
    assert chosen.heuristic is not None
    return importlib.import_module("slidingtiles._solve.bwas").run_plan(  # type: ignore[no-any-return]
        chosen,
        call.start,
        call.goal,
        call.clock,
        batch_size=call.batch_size,
        max_nodes=call.max_nodes,
        max_memory=call.max_memory,
        progress=call.progress,
    )


# Each route of a `Plan` (`choose.ROUTES`), and the function that runs it.
_ROUTES: dict[str, Callable[[Plan, _Call], Solution]] = {
    "short": _short,
    "reduce": _reduce,
    "weighted_tables": _weighted_tables,
    "parallel": _engine,
    "engine": _engine,
    "compiled": _compiled,
    "search": _search,
    "bwas": _bwas,
}
