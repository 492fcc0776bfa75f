"""`solve`: parse, check solvability, pick heuristic and algorithm, search, package a `Solution`."""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable
from functools import cached_property
from numbers import Real
from typing import Any, Literal, TypeAlias

import attrs

from . import _heuristics as heuristics
from ._board import Board, BoardLike
from ._coerce import GoalLike, board_and_goal
from ._errors import UnsolvableError
from ._moves import Moves
from ._solvability import solvability
from ._tile_state import TileState
from .search import SearchResult, SearchStats, astar, bfs, greedy, idastar

__all__ = ["ALGORITHMS", "Algorithm", "HeuristicLike", "Solution", "solve"]

Algorithm: TypeAlias = Literal["auto", "astar", "idastar", "bfs", "greedy", "weighted"]
#: The algorithm names `solve` accepts.
ALGORITHMS: tuple[str, ...] = ("auto", "astar", "idastar", "bfs", "greedy", "weighted")
#: A heuristic: a registered name, ``"auto"``, a `HeuristicInfo`, or ``h(board, goal) -> int``.
HeuristicLike: TypeAlias = "str | heuristics.HeuristicInfo | heuristics.Heuristic"

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

    def __len__(self) -> int:
        return len(self.moves)

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
        return tuple(
            before.tiles[after.blank] for before, after in zip(self.boards, self.boards[1:])
        )

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
            candidates = [i for i in heuristics.registry().values() if i.admissible]
            return max(candidates, key=lambda info: info.strength)
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
            ``"auto"`` (the strongest admissible one), a `HeuristicInfo`, or
            any ``h(board, goal) -> int``. An unregistered callable is not
            known to be admissible, so the solution is not claimed optimal:
            register it with ``admissible=True`` to say it is.
        algorithm: ``"astar"``, ``"idastar"``, ``"bfs"`` (no heuristic),
            ``"greedy"`` (fast, not optimal), ``"weighted"`` (A* with f = g +
            w*h: at most ``weight`` times the optimum), or ``"auto"``: A* up to
            12 cells, IDA* above (A* for an inadmissible heuristic), weighted
            A* if ``weight`` is given.
        weight: the bound w >= 1 for ``"weighted"``.
        blank: the label of the empty cell on labelled boards.
        max_nodes, time_limit, max_memory: stop with `SearchLimitExceeded`
            (carrying the statistics so far) past this many expanded nodes,
            seconds or bytes of resident memory (A*/BFS only).
        progress: called with a `SearchStats` snapshot every so often.

    Raises:
        InvalidBoardError: the board or goal is malformed.
        GoalMismatchError: board and goal differ in shape or tiles.
        UnsolvableError: parity says the goal is unreachable; ``.report`` says why.
        UnknownHeuristicError: no heuristic has that name.
        SearchLimitExceeded: a limit was reached first.

    ``optimal`` is True only when the guarantee holds: BFS, or A*/IDA* with
    an admissible heuristic. Checking solvability first means an impossible
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
    if weight is not None:
        if isinstance(weight, bool) or not isinstance(weight, Real) or not weight >= 1:
            raise ValueError(f"weight must be a number >= 1, not {weight!r}")
        if algorithm == "auto":
            algorithm = "weighted"
        elif algorithm != "weighted":
            raise ValueError(f"weight={weight!r} only applies to algorithm='weighted'")
    info = _resolve_heuristic(heuristic, start, target)
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
    return Solution(
        start, target, Moves("".join(result.actions)), result.optimal, name, algorithm,
        result.stats,
    )  # fmt: skip
