"""The numbers behind a `check` report: a heuristic's values against true distances (numpy).

>>> from slidingtiles import Board
>>> from slidingtiles.heuristics import get
>>> from slidingtiles.search import Deadline
>>> report = measure(get("manhattan"), Board.goal(2, 2), True, 3, Deadline(None), (0, 0, 1))
>>> report.ok, report.boards
(True, 12)

Loaded by name when a check runs (`slidingtiles._heuristics.check`), so that
importing the package does not import numpy: exhaustive checks compare with
`slidingtiles._heuristics.exact` (one breadth-first search from the goal),
sampled ones with the tile engine's optimal IDA*.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import Any, TypeAlias

import numpy as np
from numpy.typing import NDArray

from slidingtiles._board.board import Board
from slidingtiles._board.random import scramble
from slidingtiles._engine import dispatch
from slidingtiles._heuristics.batch_values import as_boards, raw
from slidingtiles._heuristics.exact import exact_distances
from slidingtiles._heuristics.registry import HeuristicInfo
from slidingtiles._heuristics.report import CheckReport, Counterexample, Property
from slidingtiles._heuristics.values import MAX_HEURISTIC, bad_value, measured, raised
from slidingtiles.search import Deadline
from slidingtiles.search._limits import Cadence

__all__ = ["measure"]

# The most boards between two looks at the clock and the progress callback.
_STRIDE = 4096


class _Values:
    """The heuristic's values on many boards: whole numbers kept as they are, the rest checked."""

    def __init__(self, info: HeuristicInfo, goal: Board) -> None:
        self.name = info.name
        self.goal = goal
        self.function = info.for_goal(goal)
        # A `heuristics.batched` heuristic is valued a chunk of boards per call.
        self.batch: Callable[[Any, Board], Any] | None = getattr(
            info.function, "batch_function", None
        )

    def __call__(self, tiles: tuple[int, ...]) -> float:
        try:
            value = self.function(tiles)
        except MemoryError:
            raise
        except Exception as exc:
            raise raised(self.name, self.function, tiles, self.goal, exc) from exc
        if type(value) is int and 0 <= value <= MAX_HEURISTIC:
            return value
        number = measured(value)  # the one rule of every door (`values.whole`)
        if number is None:
            raise bad_value(self.name, tiles, self.goal, value)
        return number  # negative or fractional: reported, not raised

    def many(
        self,
        boards: list[tuple[int, ...]] | NDArray[np.uint8],
        clock: Deadline,
        progress: Callable[[int, int], object] | None,
    ) -> NDArray[np.float64]:
        """The values on every board, the clock and ``progress`` seen at a `Cadence`.

        One rule for both kinds of heuristic: the cadence sizes each stride of
        boards by the measured cost of a board (at most `_STRIDE`), which a
        plain heuristic values board by board and a batched one in one call.
        """
        parts = [np.zeros(0, dtype=np.float64)]
        cadence = Cadence(_STRIDE)
        start = 0
        while start < len(boards):
            left = clock.remaining(f"checking heuristic {self.name!r}")
            if progress is not None:
                progress(start, len(boards))
            stop = start + cadence.stride(start, left)
            parts.append(self._stride(boards[start:stop]))
            start = stop
        return np.concatenate(parts)

    def _stride(self, chunk: list[tuple[int, ...]] | NDArray[np.uint8]) -> NDArray[np.float64]:
        """The values of one stride of boards: one call of a batched heuristic, else one a board."""
        if self.batch is not None:
            found: NDArray[np.float64] = raw(self.name, self.batch, as_boards(chunk), self.goal)
            return found
        if isinstance(chunk, np.ndarray):  # an exhaustive check's rows, as tuples
            chunk = [tuple(row) for row in chunk.tolist()]
        return np.array([self(tiles) for tiles in chunk], dtype=np.float64)


def _board(tiles: Any, goal: Board) -> Board:
    return Board(tuple(int(t) for t in tiles), shape=goal.shape, labels=goal.labels)


def _admissible(
    tiles: Any,
    values: NDArray[np.float64],
    distances: NDArray[np.int64],
    goal: Board,
    keep: int,
) -> Property:
    over = values - distances
    bad = np.flatnonzero(over > 0)
    worst = bad[np.lexsort((distances[bad], -over[bad]))][:keep]

    def example(i: int) -> Counterexample:
        return Counterexample(_board(tiles[i], goal), float(values[i]), int(distances[i]))

    nearest = None
    if len(bad):
        nearest = example(int(bad[np.lexsort((-over[bad], distances[bad]))][0]))
    return Property(
        "admissible", len(bad), len(values), tuple(example(int(i)) for i in worst), nearest
    )


def _consistent(
    src_values: NDArray[np.float64],
    dst_values: NDArray[np.float64],
    example: Callable[[int], Counterexample],
    keep: int,
) -> Property:
    """Consistency over moves given once each, src -> dst: fails where the values differ by > 1."""
    jump = np.abs(src_values - dst_values)
    bad = np.flatnonzero(jump > 1)
    worst = bad[np.argsort(-jump[bad], kind="stable")][:keep]
    nearest = example(int(bad[0])) if len(bad) else None  # boards come nearest first
    return Property(
        "consistent", len(bad), len(jump), tuple(example(int(k)) for k in worst), nearest
    )


# What both ways of choosing boards give: each board's tiles, value and true distance, and the
# consistency property over the moves looked at.
# (tiles: a list of tuples or an array of rows).
_Found: TypeAlias = "tuple[Any, NDArray[np.float64], NDArray[np.int64], Property]"


def _exhaustive(
    values_of: _Values,
    goal: Board,
    keep: int,
    clock: Deadline,
    progress: Callable[[int, int], object] | None,
) -> _Found:
    """Every solvable board, and every move between two of them."""
    exact = exact_distances(goal, lambda: clock.remaining("finding every true distance"))
    tiles = exact.tiles
    values = values_of.many(tiles, clock, progress)
    distances = exact.distances.astype(np.int64)
    a, b = exact.edges(lambda: clock.remaining("listing every move"))
    once = a < b  # each move is listed both ways
    a, b = a[once], b[once]

    def example(k: int) -> Counterexample:
        i, j = int(a[k]), int(b[k])
        return Counterexample(
            _board(tiles[i], goal),
            float(values[i]),
            int(distances[i]),
            _board(tiles[j], goal),
            float(values[j]),
        )

    return tiles, values, distances, _consistent(values[a], values[b], example, keep)


def _sampled(
    values_of: _Values,
    goal: Board,
    keep: int,
    clock: Deadline,
    walks: tuple[int, int, int],
    progress: Callable[[int, int], object] | None,
) -> _Found:
    """The boards of optimal paths from random walks' ends, and every move out of each."""
    samples, seed, max_walk = walks
    rng = random.Random(seed)
    found: dict[tuple[int, ...], int] = {goal.tiles: 0}
    for index in range(samples):
        if progress is not None:
            progress(index, samples)
        board = scramble(goal, rng.randint(1, max_walk), seed=rng)
        moves, _ = clock.run(dispatch.engine_solve, board, goal, "linear_conflict")
        for step, move in enumerate(moves):  # every board of an optimal path, at its distance
            found.setdefault(board.tiles, len(moves) - step)
            board = board.move(move)
    tiles = list(found)
    distances = np.array(list(found.values()), dtype=np.int64)
    values = values_of.many(tiles, clock, None)
    src, neighbours = [], []
    for i, board_tiles in enumerate(tiles):
        for _, neighbour in _board(board_tiles, goal).neighbors():
            src.append(i)
            neighbours.append(neighbour.tiles)
    dst_values = values_of.many(neighbours, clock, None)
    a = np.array(src, dtype=np.int64)

    def example(k: int) -> Counterexample:
        i = int(a[k])
        return Counterexample(
            _board(tiles[i], goal),
            float(values[i]),
            int(distances[i]),
            _board(neighbours[k], goal),
            float(dst_values[k]),
        )

    return tiles, values, distances, _consistent(values[a], dst_values, example, keep)


def measure(
    info: HeuristicInfo,
    target: Board,
    exhaustive: bool,
    examples: int,
    clock: Deadline,
    walks: tuple[int, int, int],
    progress: Callable[[int, int], object] | None = None,
    claims: dict[str, bool] | None = None,
) -> CheckReport:
    """The report on one heuristic and goal: every solvable board, or ``walks`` sampled.

    ``walks`` is ``(samples, seed, max_walk)`` (read only when sampling);
    ``claims`` the registered claims the report quotes. The options were
    checked by `slidingtiles.heuristics.check`.
    """
    started = time.perf_counter()
    values_of = _Values(info, target)
    if exhaustive:
        found = _exhaustive(values_of, target, examples, clock, progress)
    else:
        found = _sampled(values_of, target, examples, clock, walks, progress)
    tiles, values, distances, consistent = found
    admissible = _admissible(tiles, values, distances, target, examples)
    goal_value = values_of(target.tiles)
    zero = Property(
        "zero_at_goal",
        int(goal_value != 0),
        1,
        () if goal_value == 0 else (Counterexample(target, goal_value, 0),),
    )
    fractional = np.flatnonzero((values < 0) | (values != np.floor(values)))
    whole_numbers = Property(
        "whole_numbers",
        len(fractional),
        len(values),
        tuple(
            Counterexample(_board(tiles[i], target), float(values[i]), int(distances[i]))
            for i in fractional[:examples]
        ),
    )
    away = distances > 0
    ratio = float(np.mean(values[away] / distances[away])) if away.any() else 1.0
    return CheckReport(
        info.name,
        target,
        exhaustive,
        len(tiles),
        consistent.cases,
        admissible,
        consistent,
        zero,
        whole_numbers,
        claims,
        ratio,
        int(distances.max()),
        None if exhaustive else walks[1],
        time.perf_counter() - started,
    )
