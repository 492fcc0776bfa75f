"""`solve`: parse, check solvability, pick heuristic and algorithm, search, package a `Solution`."""

from __future__ import annotations

import logging
import math
from collections.abc import Callable, Hashable
from functools import cached_property
from numbers import Real
from typing import Any, Literal, TypeAlias

import attrs

from slidingtiles._engine.python import depth_first as _engine
from slidingtiles.heuristics._pdb import database as _pdb
from slidingtiles.heuristics import _registry as heuristics
from slidingtiles._board.board import Board, BoardLike
from slidingtiles._board.coerce import GoalLike, board_and_goal
from slidingtiles._errors import UnsolvableError
from slidingtiles._board.moves import Moves
from slidingtiles._solve.reduce import solve_constructive
from slidingtiles._board.solvability import solvability
from slidingtiles._solve.tile_state import TileState
from slidingtiles.search import SearchResult, SearchStats, astar, bfs, greedy, idastar

__all__ = ["ALGORITHMS", "Algorithm", "HeuristicLike", "Solution", "solve"]

Algorithm: TypeAlias = Literal["auto", "astar", "idastar", "bfs", "greedy", "weighted", "reduce"]
#: The algorithm names `solve` accepts.
ALGORITHMS: tuple[str, ...] = (
    "auto", "astar", "idastar", "bfs", "greedy", "weighted", "reduce",
)  # fmt: skip
#: A heuristic: a registered name, ``"auto"``, a `HeuristicInfo`, or ``h(board, goal) -> int``.
HeuristicLike: TypeAlias = "str | heuristics.HeuristicInfo | heuristics.Heuristic"

_LOG = logging.getLogger("slidingtiles")

# Boards up to this many cells use A* (its memory stays small); larger ones IDA*.
_ASTAR_MAX_CELLS = 12


@attrs.frozen
class Solution:
    """A solved puzzle: the moves, the boards they pass through, and what the search cost.

    >>> sol = solve("1 2 3/4 0 6/7 5 8")
    >>> sol.moves, sol.tiles, len(sol), sol.optimal
    (Moves('DR'), (5, 8), 2, True)
    >>> print(sol.boards[-1])
    1 2 3
    4 5 6
    7 8 .

    Attributes:
        start: the board solved.
        goal: the goal reached.
        moves: the blank's moves, a `Moves` string (``"DR"``: blank down, then right).
        optimal: True only when the algorithm and heuristic guarantee a shortest solution.
        heuristic: the name of the heuristic used (``"none"`` for BFS).
        algorithm: the algorithm that ran (``"astar"``, ``"idastar"``, ...).
        stats: `SearchStats`: nodes expanded and generated (COS 226's "states
            enqueued"), largest frontier, seconds.

    ``tiles`` (the tile that slides at each step, by label on labelled boards
    see `tile_labels`) and ``boards`` are derived by replaying the moves.
    """

    start: Board
    goal: Board
    moves: Moves
    optimal: bool
    heuristic: str
    algorithm: str
    stats: SearchStats
    #: A proven lower bound on the optimal length: the length itself when optimal, the
    #: Manhattan distance for "reduce", None when nothing is known.
    lower_bound: int | None = None

    def __len__(self) -> int:
        return len(self.moves)

    def _repr_svg_(self) -> str:
        """Animate the solution in notebooks (Jupyter calls this)."""
        from slidingtiles._render import solution_svg

        return solution_svg(self)

    @property
    def length(self) -> int:
        """Number of moves."""
        return len(self.moves)

    @cached_property
    def boards(self) -> tuple[Board, ...]:
        """Every board from start to goal, ``len(moves) + 1`` of them."""
        boards = [self.start]
        for move in self.moves:
            boards.append(boards[-1].move(move))
        return tuple(boards)

    @cached_property
    def tiles(self) -> tuple[int, ...]:
        """The tile that slides at each step (the one the blank swaps with)."""
        # A flat replay: O(moves + cells), where going through `boards` is O(moves x cells).
        cols = self.start.cols
        cells = list(self.start.tiles)
        blank = self.start.blank
        offset = {"U": -cols, "D": cols, "L": -1, "R": 1}
        slid = []
        for move in self.moves:
            cell = blank + offset[move]
            slid.append(cells[cell])
            cells[blank], cells[cell] = cells[cell], 0
            blank = cell
        return tuple(slid)

    @property
    def tile_labels(self) -> tuple[Hashable, ...]:
        """The sliding tiles by label (the same as `tiles` on unlabelled boards)."""
        return tuple(self.start.label(t) for t in self.tiles)

    def __str__(self) -> str:
        kind = "optimal" if self.optimal else "not proven optimal"
        return (
            f"{len(self)} moves ({kind}, {self.algorithm} + {self.heuristic}): {self.moves or '-'}"
        )


def _resolve_heuristic(
    heuristic: HeuristicLike, start: Board, goal: Board
) -> heuristics.HeuristicInfo:
    if isinstance(heuristic, heuristics.HeuristicInfo):
        return heuristic
    if isinstance(heuristic, str):
        if heuristic == "auto":
            return _auto_heuristic(goal)
        return heuristics.get(heuristic)
    if callable(heuristic):
        for info in heuristics.registry().values():
            if info.function is heuristic:
                return info
        # Unregistered: nothing vouches for admissibility, so optimality is not claimed.
        name = getattr(heuristic, "__name__", type(heuristic).__name__)
        return heuristics.HeuristicInfo(name, heuristic, admissible=False, consistent=False)
    raise TypeError(
        f"heuristic must be a name, a HeuristicInfo or a callable h(board, goal), not {heuristic!r}"
    )


def _auto_heuristic(goal: Board) -> heuristics.HeuristicInfo:
    """The strongest admissible heuristic that fits the goal (a table only if cached or quick)."""
    candidates = sorted(
        (i for i in heuristics.registry().values() if i.admissible),
        key=lambda info: info.strength,
        reverse=True,
    )
    for info in candidates:
        if info.applies_to is None or info.applies_to(goal):
            return info
    return candidates[-1]


def _build_logger(goal: Board) -> Callable[[_pdb.BuildProgress], None]:
    """Progress of a first-use table build, logged (INFO only when it takes a second or more)."""
    try:
        estimate = _pdb.estimate_build_seconds(goal.rows, goal.cols, goal=goal.tiles)
    except ValueError:
        estimate = 0.0
    level = logging.INFO if estimate >= 1.0 else logging.DEBUG
    if not _pdb.is_cached(goal.rows, goal.cols, goal.tiles):
        _LOG.log(
            level, "building the %dx%d pattern database (about %.0f s, once; then cached in %s)",
            goal.rows, goal.cols, estimate, _pdb.cache_dir(),
        )  # fmt: skip

    def log(progress: _pdb.BuildProgress) -> None:
        if progress.done:
            _LOG.log(
                level, "pattern database: group %d/%d (%d tiles) built in %.1f s",
                progress.group + 1, progress.groups, progress.group_size, progress.seconds,
            )  # fmt: skip

    return log


def _engine_database(
    info: heuristics.HeuristicInfo, start: Board, goal: Board
) -> tuple[bool, _pdb.PatternDatabase | None]:
    """Whether the tile engine runs this (registered, built-in) heuristic, and its table."""
    if (
        info.name not in _engine.ENGINE_HEURISTICS
        or heuristics.registry().get(info.name) is not info
    ):
        return False, None
    if info.name != "pdb":
        return True, None
    name = _pdb.preferred_partition(goal.rows, goal.cols, goal.tiles)
    if name != _pdb.default_partition_name(goal.rows, goal.cols):
        try:  # a cached stronger table, never rebuilt here: fall back to the default if damaged
            db = _pdb.load(goal.rows, goal.cols, goal.tiles, name, build_missing=False)
            return _engine.supports("pdb", db), db
        except _pdb.PatternDatabaseError as exc:
            _LOG.warning("the cached %s tables cannot be used (%s); using the default", name, exc)
    db = _pdb.load(goal.rows, goal.cols, goal.tiles, progress=_build_logger(goal))
    return _engine.supports("pdb", db), db


def _checked(
    info: heuristics.HeuristicInfo, start: Board, goal: Board
) -> Callable[[TileState], float]:
    """Specialise the heuristic to the goal, after checking it returns sane numbers."""
    fast = info.for_goal(goal)
    for board, where in ((start, "the start"), (goal, "the goal")):
        value: Any = fast(board.tiles)
        if isinstance(value, bool) or not isinstance(value, Real) or not math.isfinite(value):
            raise TypeError(f"heuristic {info.name!r} returned {value!r} for {where}, not a number")
        if value < 0:
            raise ValueError(f"heuristic {info.name!r} returned {value!r} for {where}: negative")
    return lambda state: fast(state.tiles)


def solve(
    board: BoardLike,
    goal: GoalLike | str = None,
    *,
    heuristic: HeuristicLike = "auto",
    algorithm: Algorithm = "auto",
    weight: float | None = None,
    blank: Hashable = None,
    max_nodes: int | None = None,
    time_limit: float | None = None,
    max_memory: int | None = None,
    progress: Callable[[SearchStats], None] | None = None,
    optimal: bool = True,
) -> Solution:
    """Return a shortest solution of a sliding-tile puzzle (or a bounded one, if asked).

    >>> sol = solve([[6, 4, 7], [8, 5, 0], [3, 2, 1]], heuristic="manhattan")
    >>> len(sol.moves), sol.optimal
    (31, True)
    >>> solve("0 1 3/4 2 5/7 8 6").moves
    Moves('RDRD')
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
            estimated under a minute, which then happens once, logged to the
            ``slidingtiles`` logger; else the best table-free one), a
            `HeuristicInfo`, or
            any ``h(board, goal) -> int``. An unregistered callable is not
            known to be admissible, so the solution is not claimed optimal:
            register it with ``admissible=True`` to say it is.
        algorithm: ``"astar"``, ``"idastar"``, ``"bfs"`` (no heuristic),
            ``"greedy"`` (fast, not optimal), ``"weighted"`` (A* with f = g +
            w*h: at most ``weight`` times the optimum), or ``"auto"``. With
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
            ``weight`` is given): a solution at once, whatever the size.
        blank: the label of the empty cell on labelled boards.
        max_nodes: stop with `SearchLimitExceeded` (carrying the statistics
            so far) rather than expand more than this many states.
        time_limit: the same, after about this many seconds.
        max_memory: the same, once the process has grown by about this many
            bytes of resident memory (A* and BFS only).
        progress: called with a `SearchStats` snapshot every so often.

    Raises:
        InvalidBoardError: the board or goal is malformed.
        GoalMismatchError: board and goal differ in shape or tiles.
        UnsolvableError: parity says the goal is unreachable; ``.report`` says why.
        UnknownHeuristicError: no heuristic has that name.
        SearchLimitExceeded: a limit was reached first.

    ``optimal`` is True only when the guarantee holds: BFS, or A*/IDA* with
    an admissible heuristic. ``lower_bound`` is a proven bound on the optimal
    length: the length itself when optimal, the Manhattan distance for
    ``"reduce"``, else None. Checking solvability first means an impossible
    board fails at once instead of exhausting half the state space.
    """
    start, target = board_and_goal(board, goal, blank=blank)
    report = solvability(start, target)
    if not report.solvable:
        raise UnsolvableError(
            f"no solution possible for {start.to_text()}: {report.reason}", start, report
        )
    if algorithm not in ALGORITHMS:
        raise ValueError(f"unknown algorithm {algorithm!r}; choose from {', '.join(ALGORITHMS)}")
    if not optimal and algorithm == "auto" and weight is None:
        algorithm = "reduce"
    if algorithm == "reduce":
        if weight is not None:
            raise ValueError(f"weight={weight!r} only applies to algorithm='weighted'")
        built = solve_constructive(start, target, time_limit=time_limit, progress=progress)
        return Solution(
            start, target, built.moves, built.optimal, "none", "reduce", built.stats,
            len(built.moves) if built.optimal else built.lower_bound,
        )  # fmt: skip
    if weight is not None:
        if isinstance(weight, bool) or not isinstance(weight, Real) or not weight >= 1:
            raise ValueError(f"weight must be a number >= 1, not {weight!r}")
        if algorithm == "auto":
            algorithm = "weighted"
        elif algorithm != "weighted":
            raise ValueError(f"weight={weight!r} only applies to algorithm='weighted'")
    info = _resolve_heuristic(heuristic, start, target)
    if algorithm in ("auto", "idastar") and info.admissible:
        # Built-in heuristics run in the tile engine: IDA* on one mutable board, same lengths.
        use_engine, db = _engine_database(info, start, target)
        if use_engine:
            moves, stats = _engine.engine_solve(
                start, target, info.name, db=db, max_nodes=max_nodes, time_limit=time_limit,
                progress=progress,
            )  # fmt: skip
            return Solution(
                start, target, Moves(moves), True, info.name, "idastar", stats, len(moves)
            )
    if algorithm == "auto":
        big = start.size > _ASTAR_MAX_CELLS and info.admissible
        algorithm = "idastar" if big else "astar"
    initial = TileState.from_boards(start, target)
    limits: dict[str, Any] = {
        "max_nodes": max_nodes,
        "time_limit": time_limit,
        "progress": progress,
    }
    result: SearchResult[TileState, str]
    if algorithm == "bfs":
        result = bfs(initial, max_memory=max_memory, **limits)
        name = "none"
    else:
        h = _checked(info, start, target)
        if algorithm == "idastar":
            result = idastar(initial, h, admissible=info.admissible, **limits)
        elif algorithm == "greedy":
            result = greedy(initial, h, max_memory=max_memory, **limits)
        else:
            w = 1.0 if algorithm == "astar" else (1.5 if weight is None else float(weight))
            result = astar(
                initial, h, weight=w, admissible=info.admissible, consistent=info.consistent,
                max_memory=max_memory, **limits,
            )  # fmt: skip
        name = info.name
    moves = Moves("".join(result.actions))
    return Solution(
        start, target, moves, result.optimal, name, algorithm, result.stats,
        len(moves) if result.optimal else None,
    )  # fmt: skip
