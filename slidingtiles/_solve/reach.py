"""Optimal reach: what an optimal search would cost, estimated before it starts, as one table.

>>> from slidingtiles import Board, random_board
>>> near = Board.goal(20, 20).apply("ULURDLUL")
>>> far = random_board(20, 20, seed=1)
>>> estimate(near, Board.goal(20, 20), "linear_conflict").within(None)
True
>>> estimate(far, Board.goal(20, 20), "linear_conflict").within(None)
False

`solve` asks for a shortest solution only where one can be found: before an
optimal search (the tile engine's IDA*, the generic A*, IDA* and BFS) it
looks up the row of `REACH` for the heuristic and the board's cells, whose
terms give the search's expansions from the board's Manhattan distance
``md``: ``log10(nodes) = base + growth * md + crowding * md**2 / cells``
(the last term grows with how crowded the disorder is: a random board's,
against a few tiles moved on a large board). `RATES` turns nodes into
seconds for the implementation (the tile engine's kernels per heuristic;
the generic search in Python). Past the time allowed (``time_limit``, or
`REACH_SECONDS` without one) the call is refused at once with
`OutOfReachError`, naming ``optimal=False`` (`judge`), unless the caller
insisted with ``optimal=True``: then the search runs, announced by a
`SearchCostWarning`. The same rule phrases the advice of a search a limit
stopped (`limit_advice`). The numbers, measured with ``benchmarks/reach.py``
and from published node counts, are in docs/solving.md ("Optimal reach"),
which prints `reach_table`; an estimate is a central one, and single boards
lie up to a few orders of magnitude either side (the residuals there).
"""

from __future__ import annotations

import functools
import math
import os
import warnings
from typing import Literal

import attrs

from slidingtiles._accel import PIP_FAST
from slidingtiles._board.board import Board
from slidingtiles._engine import dispatch
from slidingtiles._errors import OutOfReachError, SearchCostWarning, SearchLimitExceeded
from slidingtiles._heuristics._pdb.choice import first_use_partition, table_choice
from slidingtiles._heuristics._pdb.cost import estimate_build_seconds
from slidingtiles._heuristics.registry import HeuristicInfo, is_builtin, registry
from slidingtiles.search import SearchStats

__all__ = [
    "ANNOUNCE_SECONDS",
    "LIMIT_MARGIN",
    "RATES",
    "REACH",
    "REACH_SECONDS",
    "SERIAL_NODES",
    "Estimate",
    "Reach",
    "estimate",
    "judge",
    "limit_advice",
    "reach_table",
    "row_for",
    "searched_heuristic",
    "serial_suffices",
    "within_reach",
]

#: The seconds an optimal search may be expected to take without a ``time_limit``: an hour.
REACH_SECONDS = 3600.0
#: With a ``time_limit``, a search is refused only when estimated past this many times it: an
#: estimate is a central one (single boards lie orders of magnitude either side), and a search
#: that may finish in time should get the chance; the limit still stops it.
LIMIT_MARGIN = 10.0
#: ``workers=N`` splits a search only when estimated past this many expansions: below it (every
#: 15-puzzle: REACH's row peaks at about 240,000) one process is quicker than starting and
#: feeding others (benchmarks/workers.py; docs/measurements/reach.md).
SERIAL_NODES = 1_000_000
#: A search estimated (within its limits) past this many seconds is announced before it starts:
#: a `SearchCostWarning` with the estimate and what would be quicker. A long search speaks.
ANNOUNCE_SECONDS = 10.0
_ABOVE = 1 << 40


@attrs.frozen
class Reach:
    """One row of `REACH`: the expansions of an optimal search with this heuristic, by size.

    Attributes:
        heuristic: the registered name the search uses, ``"none"`` for BFS, ``"*"`` for any.
        cells: the least and the most cells of the boards it covers.
        base: the constant of ``log10(nodes) = base + growth * md + crowding *
            md**2 / cells``, ``md`` the board's Manhattan distance.
        growth: the coefficient of ``md`` in that fit.
        crowding: the coefficient of ``md**2 / cells`` in that fit.
        source: where the numbers come from.
        shapes: the only shapes it covers, (rows, cols) (empty: any of those cells).
    """

    heuristic: str
    cells: tuple[int, int]
    base: float
    growth: float
    crowding: float
    source: str
    shapes: tuple[tuple[int, int], ...] = ()

    def log_nodes(self, md: int, cells: int) -> float:
        """log10 of the expansions estimated for a board of ``cells`` at Manhattan ``md``."""
        return self.base + self.growth * md + self.crowding * md * md / cells


# The fits of benchmarks/reach.py, kept once where two rows share them.
_LINEAR_CONFLICT = (1.373, 0.0526, 0.0298)
_MANHATTAN = (1.373, 0.0526, 0.0398)
_TABLES_5X5 = (0.14, 0.1026, 0.0)
_MISPLACED = (1.373, 0.0526, 0.0498)
_BREADTH_FIRST = (0.747, 0.2948, 0.0)

#: The reach of an optimal search, by heuristic and cells (the first row that fits is used).
REACH: tuple[Reach, ...] = (
    Reach("*", (2, 9), math.log10(181_440), 0.0, 0.0, "every board: 9!/2 = 181,440 states at most"),
    Reach(
        "pdb",
        (10, 16),
        -0.403,
        0.1931,
        -0.0258,
        "scrambles of 3x4 and 4x4 and Korf's 100 (220 searches, residuals -1.7 to +1.6)",
    ),
    Reach(
        "pdb",
        (25, 25),
        *_TABLES_5X5,
        "Korf & Felner's 50 24-puzzles (published nodes x our ratio) and 5x5 scrambles",
        ((5, 5),),
    ),
    Reach(
        "pdb",
        (17, _ABOVE),
        *_LINEAR_CONFLICT,
        "tables other than 5x5's not measured: linear conflict's fit (a random 3x6 with its "
        "tables took minutes)",
    ),
    Reach(
        "linear_conflict",
        (10, _ABOVE),
        *_LINEAR_CONFLICT,
        "scrambles of 4x4 to 20x20 and 20 of Korf's 100",
    ),
    Reach("manhattan", (10, _ABOVE), *_MANHATTAN, "scrambles of 4x4 to 8x8 and 10 of Korf's 100"),
    Reach(
        "walking_distance",
        (10, _ABOVE),
        *_MANHATTAN,
        "not measured: Manhattan distance's fit (walking distance is stronger)",
    ),
    Reach("misplaced", (10, _ABOVE), *_MISPLACED, "scrambles of 3x4 to 5x5 (A*)"),
    Reach(
        "none",
        (10, _ABOVE),
        *_BREADTH_FIRST,
        "breadth-first search of scrambles of 3x4 to 5x5, at most the cells! / 2 boards",
    ),
)

#: Expansions a second: the tile engine per (implementation, heuristic); ``"generic"``: the
#: generic search over `TileState` (Python either way). Measured by ``benchmarks/reach.py rates``.
RATES: dict[tuple[str, str], float] = {
    ("numba", "pdb"): 6e6,
    ("numba", "linear_conflict"): 1.5e6,
    ("numba", "manhattan"): 2e7,
    ("python", "pdb"): 1e5,
    ("python", "linear_conflict"): 3e5,
    ("python", "manhattan"): 9e5,
    ("numba", "generic"): 5e4,
    ("python", "generic"): 5e4,
}
# Two processes search the 24-puzzle at 1.7 times one's speed (docs/24-puzzle.md): per worker.
_WORKER_SHARE = 0.85


@functools.lru_cache(maxsize=256)
def row_for(heuristic: str, cells: int, shape: tuple[int, int] | None = None) -> Reach | None:
    """The row of `REACH` for an optimal search with ``heuristic`` on ``cells`` cells, or None.

    >>> row_for("pdb", 16).source.split(" (")[0], row_for("my_own", 16)
    ("scrambles of 3x4 and 4x4 and Korf's 100", None)
    """
    for row in REACH:
        low, high = row.cells
        if row.shapes and shape is not None and shape not in row.shapes:
            continue
        if row.heuristic in ("*", heuristic) and low <= cells <= high:
            return row
    return None


@attrs.frozen
class Estimate:
    """What an optimal search of one board would cost (`estimate`).

    Attributes:
        heuristic: the heuristic it would search with (``"none"``: BFS).
        manhattan: the board's Manhattan distance.
        log_nodes: log10 of the expansions estimated (None: no row
            of `REACH` covers the heuristic, a user's own: not judged).
        log_seconds: log10 of the seconds estimated (None likewise).
        rate: the expansions a second assumed.
    """

    heuristic: str
    rows: int
    cols: int
    manhattan: int
    log_nodes: float | None
    log_seconds: float | None
    rate: float

    @property
    def nodes(self) -> float:
        """The expansions estimated (``inf`` past a float's range or unjudged)."""
        return _power(self.log_nodes)

    @property
    def seconds(self) -> float:
        """The seconds estimated (``inf`` past a float's range or unjudged)."""
        return _power(self.log_seconds)

    def within(self, time_limit: float | None, max_nodes: int | None = None) -> bool:
        """Whether the search is expected to end within the time allowed (`allowed`).

        A search that ``max_nodes`` stops within that time is within reach too:
        it ends at its bound, saying what to try next.
        """
        if self.log_seconds is None:
            return True
        log_seconds = self.log_seconds
        if max_nodes is not None:
            log_seconds = min(log_seconds, math.log10(max_nodes / self.rate))
        return log_seconds <= math.log10(allowed(time_limit))

    def describe(self) -> str:
        """The estimate in words, for messages."""
        return (
            f"about {amount(self.log_nodes)} nodes with {self.heuristic} (its Manhattan "
            f"distance is {self.manhattan:,}), about {duration(self.log_seconds)} at "
            f"{self.rate:,.0f} nodes a second ({dispatch.IMPLEMENTATION})"
        )


def allowed(time_limit: float | None) -> float:
    """The seconds an optimal search may be expected to take: `LIMIT_MARGIN` times
    ``time_limit``, or `REACH_SECONDS` (an hour) without one."""
    return REACH_SECONDS if time_limit is None else time_limit * LIMIT_MARGIN


def estimate(
    start: Board,
    goal: Board,
    heuristic: str,
    *,
    engine: bool = True,
    workers: int = 1,
    implementation: str | None = None,
) -> Estimate:
    """Estimate an optimal search of ``start`` for ``goal`` with ``heuristic`` (a registered name).

    >>> estimate(Board.goal(4, 4).move("U"), Board.goal(4, 4), "pdb").nodes < 1e6
    True

    ``engine``: the tile engine's IDA* (else the generic search, in Python);
    ``workers``: processes splitting it; ``implementation``: ``"numba"`` or
    ``"python"`` (default: the active one). Cost: one Manhattan distance,
    O(cells).
    """
    kind = implementation or dispatch.IMPLEMENTATION
    md = start.manhattan(goal)
    row = row_for(heuristic, start.size, (start.rows, start.cols))
    rate = RATES.get((kind, heuristic if engine else "generic"), RATES[(kind, "generic")])
    if workers > 1:
        rate *= workers * _WORKER_SHARE
    if row is None:
        return Estimate(heuristic, start.rows, start.cols, md, None, None, rate)
    log_nodes = row.log_nodes(md, start.size)
    if not engine or heuristic == "none":  # A* and BFS never expand a state twice
        log_nodes = min(log_nodes, _log_states(start.size))
    log_nodes = max(0.0, log_nodes)
    return Estimate(
        heuristic, start.rows, start.cols, md, log_nodes, log_nodes - math.log10(rate), rate
    )


def _log_states(cells: int) -> float:
    """log10 of the boards reachable from one board of ``cells`` cells: cells! / 2."""
    return math.lgamma(cells + 1) / math.log(10) - math.log10(2)


def judge(
    start: Board,
    goal: Board,
    heuristic: str,
    *,
    engine: bool,
    workers: int,
    time_limit: float | None,
    insist: bool,
    max_nodes: int | None = None,
    clock_elapsed: float = 0.0,
) -> Estimate:
    """Refuse an optimal search beyond reach (`OutOfReachError`), or warn when ``insist``.

    >>> from slidingtiles import random_board
    >>> judge(random_board(8, 8, seed=1), Board.goal(8, 8), "linear_conflict", engine=True,
    ...       workers=1, time_limit=None, insist=False)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    slidingtiles._errors.OutOfReachError: an optimal search of this 8x8 board is beyond reach: ...

    Returns the estimate of a search within reach (`Estimate.within`: in the
    time allowed, or bounded in it by ``max_nodes``), or of one insisted on,
    after a `SearchCostWarning`. A search within reach whose limits let it run
    past `ANNOUNCE_SECONDS` is announced too, by a `SearchCostWarning` with the
    estimate and what would be quicker (`announce`). Nothing is searched
    either way.
    """
    found = estimate(start, goal, heuristic, engine=engine, workers=workers)
    if found.within(time_limit, max_nodes):
        announce(
            start,
            goal,
            found,
            engine=engine,
            workers=workers,
            time_limit=time_limit,
            max_nodes=max_nodes,
        )
        return found
    over = (
        f"more than {LIMIT_MARGIN:g} times time_limit={time_limit:g} s"
        if time_limit is not None
        else f"more than the {duration(math.log10(REACH_SECONDS))} allowed without a time_limit"
    )
    if insist:
        warnings.warn(
            SearchCostWarning(
                f"an optimal search of this {start.rows}x{start.cols} board is beyond reach "
                f"({found.describe()}, {over}); searching anyway, as optimal=True (--optimal) "
                "asks: progress shows it, a time limit bounds it, Ctrl-C stops it"
            ),
            stacklevel=5,  # judge, within_reach, plan, solve: the caller's line
        )
        return found
    error = OutOfReachError(
        f"an optimal search of this {start.rows}x{start.cols} board is beyond reach: "
        f"{found.describe()}, {over}",
        REACH_SECONDS if time_limit is None else time_limit,
        found.nodes,
        found.seconds,
        SearchStats(0, 0, 0, 0, 0, clock_elapsed),
    )
    advice = [
        _SHORT,
        *_helpers(start, goal, found, engine=engine, workers=workers, time_limit=time_limit),
    ]
    if time_limit is not None and found.within(None):
        advice.append(
            (f"time_limit={_ceil(found.seconds)}", f"--time-limit {_ceil(found.seconds)}")
        )
    advice.append(("optimal=True to search anyway", "--optimal to search anyway"))
    error.advise(advice)
    raise error


def bounded_seconds(
    found: Estimate, time_limit: float | None, max_nodes: int | None = None
) -> float:
    """The seconds a search may run: its estimate, cut by ``time_limit`` and ``max_nodes``.

    >>> bounded_seconds(estimate(Board.goal(4, 4).move("U"), Board.goal(4, 4), "pdb"), 5.0) < 0.001
    True
    """
    seconds = found.seconds
    if time_limit is not None:
        seconds = min(seconds, time_limit)
    if max_nodes is not None:
        seconds = min(seconds, max_nodes / found.rate)
    return seconds


def announce(
    start: Board,
    goal: Board,
    found: Estimate,
    *,
    engine: bool,
    workers: int,
    time_limit: float | None,
    max_nodes: int | None = None,
) -> None:
    """Warn (`SearchCostWarning`) before a search estimated past `ANNOUNCE_SECONDS` starts.

    >>> from slidingtiles import random_board
    >>> import warnings
    >>> with warnings.catch_warnings(record=True) as caught:
    ...     warnings.simplefilter("always")
    ...     long = estimate(random_board(4, 4, seed=3), Board.goal(4, 4), "misplaced", engine=False)
    ...     announce(random_board(4, 4, seed=3), Board.goal(4, 4), long, engine=False, workers=1,
    ...              time_limit=None)
    >>> print(caught[0].message)  # doctest: +ELLIPSIS
    this optimal search of a 4x4 board is estimated at about ... nodes with misplaced ...

    Silent for a search its ``time_limit`` or ``max_nodes`` stop within that
    time, one estimated under it, or one whose cost is unknown (a user's
    heuristic: the reach table has no row for it). The advice is `judge`'s: a short
    solution, a stronger heuristic, tables, the compiled implementation,
    workers (those that would be quicker by the same estimate).
    """
    if found.log_seconds is None:  # a heuristic of unknown cost: nothing to announce
        return
    if bounded_seconds(found, time_limit, max_nodes) <= ANNOUNCE_SECONDS:
        return
    advice = [_SHORT]
    for stronger in ("pdb", "linear_conflict"):
        if stronger == found.heuristic:
            break
        other = estimate(start, goal, stronger, engine=True)
        if other.log_seconds is not None and other.seconds * 10 < found.seconds:
            advice.append((f"heuristic={stronger!r}", f"--heuristic {stronger}"))
            break
    advice += _helpers(start, goal, found, engine=engine, workers=workers, time_limit=None)
    warnings.warn(
        SearchCostWarning(
            f"this optimal search of a {start.rows}x{start.cols} board is estimated at "
            f"{found.describe()}: it starts now (progress= shows it, time_limit= bounds it, "
            f"Ctrl-C stops it); quicker: {'; '.join(code for code, _ in advice)}"
        ),
        stacklevel=6,  # announce, judge, within_reach, plan, solve: the caller's line
    )


def one_process_suffices(start: Board, goal: Board) -> bool:
    """Whether the tables' IDA* of ``start`` is estimated under `SERIAL_NODES` expansions.

    >>> from slidingtiles import random_board
    >>> one_process_suffices(random_board(4, 4, seed=1), Board.goal(4, 4))
    True
    """
    return serial_suffices(estimate(start, goal, "pdb"))


def serial_suffices(found: Estimate) -> bool:
    """Whether a search so estimated is under `SERIAL_NODES` expansions (the plan's estimate,
    made once, answers `one_process_suffices`)."""
    return found.nodes < SERIAL_NODES


def searched_heuristic(
    info: HeuristicInfo | None, algorithm: str, *, generic: bool = False
) -> tuple[str, bool] | None:
    """The name `REACH` knows an optimal search by, and whether the tile engine runs it.

    >>> from slidingtiles._heuristics import registry
    >>> searched_heuristic(registry.get("pdb"), "auto"), searched_heuristic(None, "bfs")
    (('pdb', True), ('none', False))

    None for a search that is not after a shortest solution (greedy,
    weighted, an inadmissible heuristic) or a heuristic of the user's own.
    ``generic``: the generic search runs it whatever the heuristic (a traced
    solve).
    """
    if algorithm == "bfs":
        return "none", False
    if info is None or not info.admissible or algorithm not in ("auto", "astar", "idastar"):
        return None
    if not is_builtin(info) and registry().get(info.name) is not info:
        return None  # a heuristic of the user's own, unregistered
    engine = (
        not generic and algorithm in ("auto", "idastar") and info.name in dispatch.ENGINE_HEURISTICS
    )
    return info.name, engine


def within_reach(
    info: HeuristicInfo,
    algorithm: str,
    start: Board,
    goal: Board,
    *,
    insist: bool,
    workers: int,
    time_limit: float | None,
    max_nodes: int | None,
    elapsed: float,
    generic: bool = False,
) -> Estimate | None:
    """The plan's rule: an optimal search beyond reach is refused at once (`judge`).

    A search that is not after a shortest solution, or one with a heuristic
    of the user's own, passes unjudged; ``workers`` count only for the
    engine's IDA* with tables, the one search they split. Returns the
    search's estimate (None: not judged), which the plan keeps.
    """
    searched = searched_heuristic(info, algorithm, generic=generic)
    if searched is None:
        return None
    name, engine = searched
    return judge(
        start,
        goal,
        name,
        engine=engine,
        workers=workers if engine and name == "pdb" else 1,
        time_limit=time_limit,
        insist=insist,
        max_nodes=max_nodes,
        clock_elapsed=elapsed,
    )


_SHORT = ("optimal=False for a short solution", "--suboptimal for a short solution")


def _ceil(seconds: float) -> str:
    return f"{math.ceil(seconds):,}".replace(",", "_")


def _helpers(
    start: Board,
    goal: Board,
    found: Estimate,
    *,
    engine: bool,
    workers: int,
    time_limit: float | None,
) -> list[tuple[str, str]]:
    """What would bring the search within the time allowed, by the same rule: tables, numba,
    workers."""
    advice = []
    tables = _tables_advice(start, goal, found, time_limit)
    if tables is not None:
        advice.append(tables)
    if dispatch.IMPLEMENTATION == "python" and engine:
        compiled = estimate(start, goal, found.heuristic, workers=workers, implementation="numba")
        if compiled.within(time_limit):
            advice.append(_NUMBA)
    cpus = os.cpu_count() or 1
    if engine and found.heuristic == "pdb" and workers <= 1 and cpus > 1:
        split = estimate(start, goal, "pdb", workers=cpus)
        if split.within(time_limit):
            advice.append((f"workers={cpus}", f"--workers {cpus}"))
    return advice


_NUMBA = (f"the compiled implementation ({PIP_FAST})", f"the compiled implementation ({PIP_FAST})")
# The largest boards whose tables were measured (REACH's own pdb rows): larger ones are not
# advised to build any.
_TABLES_MEASURED = 25
# The goals whose tables `slidingtiles pdb build SHAPE` builds without a --goal.
_CORNER_BLANKS: tuple[Literal["last", "first"], ...] = ("last", "first")


def _tables_advice(
    start: Board, goal: Board, found: Estimate, time_limit: float | None
) -> tuple[str, str] | None:
    """Building the shape's pattern tables, when they are missing and would bring it in reach."""
    if found.heuristic == "pdb" or start.size > _TABLES_MEASURED:
        return None
    if all(goal.tiles != Board.goal(goal.rows, goal.cols, b).tiles for b in _CORNER_BLANKS):
        return None
    try:
        if table_choice(goal.rows, goal.cols, goal.tiles).ready:
            return None
        name = first_use_partition(goal.rows, goal.cols)
        build = estimate_build_seconds(goal.rows, goal.cols, name, goal.tiles)
    except (ValueError, OSError):  # no partition fits, or the cache cannot be read
        return None
    if not estimate(start, goal, "pdb").within(time_limit):
        return None
    shape = f"{goal.rows}x{goal.cols}"
    took = duration(math.log10(max(build, 1.0)))
    return (
        f"building the {shape} pattern tables once (slidingtiles.pdb.build({goal.rows}, "
        f"{goal.cols}) or `slidingtiles pdb build {shape}`, about {took})",
        f"building the {shape} pattern tables once (`slidingtiles pdb build {shape}`, "
        f"about {took})",
    )


def limit_advice(
    error: SearchLimitExceeded,
    start: Board,
    goal: Board,
    *,
    heuristic: str | None,
    optimal_search: bool,
    engine: bool,
    algorithm: str,
    found: Estimate | None = None,
) -> list[tuple[str, str]]:
    """What to try after a search ``error``'s limit stopped it (the message's advice).

    ``optimal_search``: the search was after a shortest solution (a short
    solution is then the first thing to try); ``heuristic``: the one it used
    (None: none, or the short-solution methods); ``found``: the plan's
    estimate of the search, when it made one (else it is made here).
    """
    advice = [_SHORT] if optimal_search else []
    if error.limit == "time":
        advice.append(("a larger time_limit", "a larger --time-limit"))
    elif error.limit == "nodes":
        advice.append(("a larger max_nodes", "a larger --max-nodes"))
    elif error.limit == "memory" and algorithm in ("astar", "bfs"):
        advice.append(
            (
                "algorithm='idastar', whose memory does not grow",
                "--algorithm idastar, whose memory does not grow",
            )
        )
    if optimal_search and heuristic is not None:
        if found is None or found.heuristic != heuristic:
            found = estimate(start, goal, heuristic, engine=engine)
        tables = _tables_advice(start, goal, found, None)
        if tables is not None:
            advice.append(tables)
        if dispatch.IMPLEMENTATION == "python" and engine:
            advice.append(_NUMBA)
    return advice


def _power(log10: float | None) -> float:
    if log10 is None or log10 > 300:
        return math.inf
    return float(10**log10)


def amount(log10: float | None) -> str:
    """A count given by its log10, in words: ``'12,000'``, ``'3.2 billion'``, ``'10^45'``.

    >>> amount(4.08), amount(9.5), amount(45.2)
    ('12,000', '3.2 billion', '10^45')
    """
    if log10 is None:
        return "an unknown number of"
    if log10 >= 15:
        return f"10^{math.floor(log10):,}"
    value = 10**log10
    for size, word in ((1e12, "trillion"), (1e9, "billion"), (1e6, "million")):
        if value >= size:
            return f"{value / size:.2g} {word}"
    return f"{float(f'{value:.2g}'):,.0f}"


def duration(log10: float | None) -> str:
    """Seconds given by their log10, in words: ``'40 s'``, ``'2.2 hours'``, ``'10^32 years'``.

    >>> duration(1.6), duration(3.9), duration(40.0), duration(-2.5), duration(3.5564)
    ('40 s', '2.2 hours', '10^32 years', '0.0032 s', '1 hour')
    """
    if log10 is None:
        return "an unknown time"
    year = 365.25 * 86400
    if log10 - math.log10(year) >= 6:
        return f"10^{math.floor(log10 - math.log10(year)):,} years"
    seconds = 10**log10
    for size, word in ((year, "years"), (86400.0, "days"), (3600.0, "hours"), (60.0, "minutes")):
        if seconds >= size:
            number = _number(seconds / size)
            return f"{number} {word.rstrip('s') if number == '1' else word}"
    return f"{_number(seconds)} s"


def _number(value: float) -> str:
    return f"{value:,.0f}" if value >= 100 else f"{value:.2g}"


def reach_table() -> str:
    """`REACH` as the Markdown table docs/solving.md prints.

    >>> reach_table().splitlines()[2]
    '| any | 2 to 9 | 5.26 | 0 | 0 | every board: 9!/2 = 181,440 states at most |'
    """
    lines = [
        "| heuristic | cells | base | growth | crowding | source |",
        "|---|---|---:|---:|---:|---|",
    ]
    for row in REACH:
        low, high = row.cells
        cells = f"{low} and more" if high == _ABOVE else f"{low} to {high}"
        if row.shapes:
            cells = ", ".join(f"{rows}x{cols}" for rows, cols in row.shapes)
        name = "any" if row.heuristic == "*" else row.heuristic
        lines.append(
            f"| {name} | {cells} | {row.base:.3g} | {row.growth:.3g} | {row.crowding:.3g} | "
            f"{row.source} |"
        )
    return "\n".join(lines)
