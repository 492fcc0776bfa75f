"""``solve(..., algorithm="bwas")``: batch-weighted A* over boards, expanded and valued in batches.

>>> from slidingtiles import Board
>>> from slidingtiles.search._limits import Deadline
>>> from slidingtiles._heuristics.registry import get
>>> goal = Board.goal(3, 3)
>>> sol = solve_bwas(Board("1 2 3/4 0 6/7 5 8"), goal, builtin_batch(get("manhattan"), goal),
...                  admissible=True, clock=Deadline(None), heuristic="manhattan")
>>> str(sol.moves), sol.optimal, sol.stats.heuristic_calls
('DR', True, 3)

The one batch-weighted A* of the library is `slidingtiles.search._bwas.bwas_loop`;
this module gives it boards: a `BatchSpace` whose keys are the tiles as bytes,
whose batches of boards expand with a few numpy operations (the blank's
neighbours from the geometry's table, one swap per child) and whose new
children go to the heuristic in one call, as an (N, cells) integer array.
Loaded by name by `solve` (it imports numpy).

For other parts of the library (an anytime loop of falling weights over
mid-size tables): `solve_bwas` with any ``BoardsFunction`` (`builtin_batch`
makes one of a library heuristic or of pattern tables) and ``bound``, the
length of an answer in hand, so only shorter ones are looked for
(docs/learned-heuristics.md; /work/notes/bwas-interface.md).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from itertools import repeat
from typing import Any

import numpy as np

from slidingtiles._board.board import Board
from slidingtiles._board.geometry import neighbour_table
from slidingtiles._board.moves import Moves
from slidingtiles._engine import dispatch
from slidingtiles._engine.tables import PatternTables
from slidingtiles._heuristics.batch_values import BoardsFunction, as_boards, builtin
from slidingtiles._heuristics.batched import batched_of
from slidingtiles._heuristics.registry import HeuristicInfo, is_builtin
from slidingtiles._solve.solution import Solution
from slidingtiles.search import SearchStats
from slidingtiles.search._bwas import DEFAULT_BATCH, BatchStats, bwas_loop
from slidingtiles.search._limits import Deadline, Guard

__all__ = [
    "BUILTIN_BATCH",
    "DEFAULT_BATCH",
    "TileSpace",
    "batch_for",
    "builtin_batch",
    "run_plan",
    "solve_bwas",
    "values_of",
]

_LETTERS = "UDLR"

#: The batch size for the library's own heuristics when none is given. They have no call to
#: amortise (a model's), so a smaller batch wastes fewer expansions at weight 1; 100 is where
#: the compiled loop's prefetching across a batch pays (docs/measurements/bwas.md).
BUILTIN_BATCH = 100


def builtin_batch(
    info: HeuristicInfo, goal: Board, tables: PatternTables | None = None
) -> BoardsFunction:
    """``boards -> values`` of a library heuristic (with its pattern ``tables`` for ``pdb``)."""
    return builtin(info, goal, tables)


def batch_for(
    info: HeuristicInfo,
    goal: Board,
    tables: PatternTables | None,
    one: Callable[[Any], float] | None,
) -> BoardsFunction:
    """The batch function a plan's heuristic runs as in `solve_bwas`.

    A `heuristics.batched` one its own (values checked per batch); a library
    one `builtin_batch`; any other board by board through ``one``, the
    checked ``state -> h`` the plan made (values checked, claims verified).
    """
    batch = batched_of(info)
    if batch is not None:
        return batch.many(goal)
    if is_builtin(info):
        return builtin(info, goal, tables)
    if one is None:
        raise ValueError(f"heuristic {info.name!r} has no checked function for bwas")
    return _one_by_one(one)


class _Tiles:
    __slots__ = ("tiles",)

    def __init__(self, tiles: tuple[int, ...]) -> None:
        self.tiles = tiles


def _one_by_one(one: Callable[[Any], float]) -> BoardsFunction:
    def values(boards: Any) -> Any:
        return np.array([one(_Tiles(tuple(row))) for row in boards.tolist()], dtype=np.int64)

    return values


class TileSpace:
    """Boards as a `BatchSpace`: keys are the tiles' bytes, batches expand with numpy.

    >>> space = TileSpace(Board("1 2/0 3"), Board.goal(2, 2), lambda boards: boards[:, 0] * 0)
    >>> sorted(action for _, action, _, _ in space.expand([space.root()]))
    ['R', 'U']
    """

    def __init__(self, start: Board, goal: Board, evaluate: BoardsFunction) -> None:
        self.cells = start.size
        self.dtype = np.uint8 if self.cells <= 256 else np.uint16
        self.width = np.dtype(self.dtype).itemsize * self.cells
        self.neighbours = np.array(neighbour_table(start.rows, start.cols), dtype=np.int64)
        self.start = np.array(start.tiles, dtype=self.dtype).tobytes()
        self.goal = np.array(goal.tiles, dtype=self.dtype).tobytes()
        self.evaluate = evaluate

    def root(self) -> bytes:
        return self.start

    def is_goal(self, key: bytes) -> bool:
        return key == self.goal

    def boards(self, keys: list[bytes]) -> Any:
        """The keys as an (N, cells) array of the key dtype."""
        return np.frombuffer(b"".join(keys), dtype=self.dtype).reshape(len(keys), self.cells)

    def expand(self, keys: list[bytes]) -> Iterable[tuple[int, str, bytes, int]]:
        boards = self.boards(keys)
        blank = (boards == 0).argmax(axis=1)
        to = self.neighbours[blank]
        parent, move = np.nonzero(to >= 0)
        children = boards[parent]
        rows = np.arange(len(children))
        src, dst = blank[parent], to[parent, move]
        children[rows, src] = children[rows, dst]
        children[rows, dst] = 0
        flat = children.tobytes()
        width = self.width
        child_keys = [flat[i : i + width] for i in range(0, len(flat), width)]
        letters = [_LETTERS[m] for m in move.tolist()]
        return zip(parent.tolist(), letters, child_keys, repeat(1), strict=False)

    def values(self, keys: list[bytes]) -> list[int]:
        boards = self.boards(keys).astype(np.int64)
        values: list[int] = self.evaluate(boards).tolist()
        return values


def solve_bwas(
    start: Board,
    goal: Board,
    evaluate: BoardsFunction,
    *,
    admissible: bool,
    clock: Deadline,
    weight: float = 1.0,
    batch_size: int = DEFAULT_BATCH,
    max_nodes: int | None = None,
    max_memory: int | None = None,
    progress: Callable[[SearchStats], object] | None = None,
    bound: float = math.inf,
    heuristic: str = "none",
    compiled: tuple[int, PatternTables | None] | None = None,
) -> Solution | None:
    """Solve a (solvable) board by batch-weighted A*, on the call's clock and the one `Guard`.

    ``evaluate`` takes an (N, cells) int64 array and returns N whole numbers
    >= 0 (checked already: `batch_for` makes it). With ``admissible`` and
    ``weight=1`` the solution is optimal (``optimal=True``, and its length is
    the lower bound); with ``weight`` w, at most w times the shortest, and
    ``lower_bound`` the frontier's least ``g + h`` at the end (with the
    moves' parity). ``bound``: look only for answers shorter than it; None
    is returned when there is none. Limits raise `SearchLimitExceeded`.
    ``compiled``: ``(h of the start, tables or None for Manhattan)`` when
    ``evaluate`` is that built-in heuristic: the compiled kernel then runs the
    same search where it applies (`dispatch.bwas_solve`), else this loop.
    """
    num, den = dispatch.weight_fraction(weight)  # both implementations: the same exact weight
    space = TileSpace(start, goal, evaluate)
    guard = Guard(
        "bwas",
        max_nodes=max_nodes,
        time_limit=clock.remaining("the search"),
        max_memory=max_memory,
        progress=progress,
        progress_every=10_000,
        state_bytes=space.width * 4 + 300,
    )
    if compiled is not None:
        found = clock.run(
            lambda *, time_limit: guard.run(
                lambda g: dispatch.bwas_solve(
                    start,
                    goal,
                    compiled[1],
                    compiled[0],
                    (num, den),
                    batch_size,
                    int(min(bound, 1 << 30)),
                    g,
                )
            )
        )
        if found is not None:
            return _compiled_solution(start, goal, found, guard, admissible, (num, den), heuristic)
    out = clock.run(
        lambda *, time_limit: guard.run(
            lambda g: bwas_loop(space, g, weight=num / den, batch_size=batch_size, bound=bound)
        )
    )
    if out.last is None:
        return None
    letters: list[str] = []
    rec = out.last
    while rec[0] is not None:
        letters.append(rec[1])
        rec = rec[0]
    moves = Moves("".join(reversed(letters)))
    return _solution(
        start, goal, moves, out.stats, out.lower_bound, admissible, num == den, heuristic
    )


def _compiled_solution(
    start: Board,
    goal: Board,
    found: tuple[list[int] | None, dict[str, int], int],
    guard: Guard,
    admissible: bool,
    weight: tuple[int, int],
    heuristic: str,
) -> Solution | None:
    codes, counts, lower = found
    stats = BatchStats(
        counts["expanded"],
        counts["generated"],
        counts["max_frontier"],
        counts["reopened"],
        counts["batches"],
        guard.stats(0, 0, 0, 0, 0).seconds,
        heuristic_calls=counts["calls"],
        heuristic_boards=counts["boards"],
    )
    if codes is None:
        return None
    moves = Moves("".join(_LETTERS[c] for c in codes))
    return _solution(
        start, goal, moves, stats, lower, admissible, weight[0] == weight[1], heuristic
    )


def _solution(
    start: Board,
    goal: Board,
    moves: Moves,
    stats: BatchStats,
    frontier_bound: float,
    admissible: bool,
    unweighted: bool,
    heuristic: str,
) -> Solution:
    optimal = admissible and unweighted
    lower: int | None = None
    if optimal:
        lower = len(moves)
    elif admissible:
        lower = min(len(moves), math.ceil(frontier_bound - 1e-9))
        lower += (len(moves) - lower) % 2  # every answer has the parity of this one
        lower = max(lower, start.manhattan(goal))
    return Solution(
        start=start,
        goal=goal,
        moves=moves,
        optimal=optimal,
        heuristic=heuristic,
        algorithm="bwas",
        stats=stats,
        lower_bound=lower,
        engine=dispatch.IMPLEMENTATION,
    )


def compiled_for(
    info: HeuristicInfo, start: Board, goal: Board, tables: PatternTables | None
) -> tuple[int, PatternTables | None] | None:
    """What the compiled kernel needs for a library heuristic (None: the loop runs it)."""
    if not is_builtin(info):
        return None
    if info.name == "manhattan":
        return start.manhattan(goal), None
    if info.name == "pdb" and tables is not None:
        return tables.value(start.tiles), tables
    return None


def run_plan(
    chosen: Any,
    start: Board,
    goal: Board,
    clock: Deadline,
    *,
    batch_size: int | None,
    max_nodes: int | None,
    max_memory: int | None,
    progress: Callable[[SearchStats], object] | None,
) -> Solution:
    """`solve`'s ``"bwas"`` route: the plan's heuristic (`batch_for`), tables and weight.

    Without a ``batch_size``: `BUILTIN_BATCH` for a library heuristic, `DEFAULT_BATCH`
    for any other (a model's call is what a batch amortises)."""
    info: HeuristicInfo = chosen.heuristic
    evaluate = batch_for(info, goal, chosen.tables, chosen.evaluate)
    if batch_size is None:
        own = is_builtin(info) and batched_of(info) is None
        batch_size = BUILTIN_BATCH if own else DEFAULT_BATCH
    solution = solve_bwas(
        start,
        goal,
        evaluate,
        admissible=info.admissible,
        clock=clock,
        weight=chosen.weight,
        batch_size=batch_size,
        max_nodes=max_nodes,
        max_memory=max_memory,
        progress=progress,
        heuristic=info.name,
        compiled=compiled_for(info, start, goal, chosen.tables),
    )
    assert solution is not None  # no bound, and the board is solvable
    return solution


def values_of(evaluate: BoardsFunction, tiles: list[tuple[int, ...]]) -> list[int]:
    """``evaluate`` on a list of boards' tiles (for tests and examples)."""
    result: list[int] = evaluate(as_boards(tiles)).tolist()
    return result
