"""Boards to label: uniformly random, random walks from the goal, and boards at an exact distance.

>>> random_boards(2, (3, 3), seed=1).shape
(2, 9)
>>> at_distance(3, (3, 3), 5, seed=1).shape
(3, 9)

Every helper returns an ``(N, cells)`` uint8 array (uint16 above 256 cells) in
reading order, blank 0, that `cost_to_go` takes as it is (with the same
``goal``, and ``shape`` for a board that is not square). Seeds are as in
`slidingtiles.random_board`: None, an int, a `random.Random` (used and
advanced) or a numpy ``Generator``/``RandomState`` (which gives 32 bytes).
"""

from __future__ import annotations

import importlib
import operator
import random
from collections.abc import Callable
from typing import Any

import numpy as np
from numpy.typing import NDArray

from slidingtiles import (
    Board,
    GoalLike,
    InvalidOptionError,
    OptionTypeError,
    SlidingTilesError,
    board_and_goal,
    random_board,
    scramble,
    solve,
)
from slidingtiles.data._read import check_progress, read_shape

__all__ = [
    "BFS_MAX_CELLS",
    "LAYERS_MAX_CELLS",
    "TRIES",
    "at_distance",
    "random_boards",
    "random_walks",
]

#: Up to this many cells `at_distance` draws uniformly from the breadth-first layers of every
#: board kept as tiles (2x5: 1.8 million boards, about 2 s and 30 MB).
BFS_MAX_CELLS = 10
#: Up to this many cells (3x4, 4x3, 2x6, 6x2: 239,500,800 boards) `at_distance` draws
#: uniformly from layers kept one byte a board, by rank, built once per shape and goal into the
#: user cache (228 MiB, about a minute of both cores with numba: a `LayerBuildWarning` says so
#: first); above it, solved scrambles.
LAYERS_MAX_CELLS = 12
#: Solved scrambles `at_distance` tries for one board before it gives up on a distance.
TRIES = 64


def _count(count: object) -> int:
    if isinstance(count, bool) or not isinstance(count, int | np.integer):
        raise OptionTypeError(f"count must be an int >= 0, not {count!r}", count, option="count")
    if count < 0:
        raise InvalidOptionError(f"count must be an int >= 0, not {count!r}", count, option="count")
    return int(count)


def _rng(seed: Any) -> random.Random:
    """The `random.Random` every draw of one call uses (``seed`` as `random_board` reads it)."""
    if isinstance(seed, random.Random):
        return seed
    if seed is None:
        return random.Random()
    if isinstance(seed, bool):
        raise OptionTypeError(f"seed must be an int, not {seed!r}", seed, option="seed")
    try:
        return random.Random(operator.index(seed))
    except TypeError:
        pass
    if type(seed).__module__.startswith("numpy.random") and callable(getattr(seed, "bytes", None)):
        return random.Random(int.from_bytes(seed.bytes(32), "little"))
    raise OptionTypeError(
        "seed must be an int, a random.Random, a numpy.random.Generator or RandomState, or "
        f"None, not {seed!r}",
        seed,
        option="seed",
    )


def _setup(shape: object, goal: GoalLike | str) -> Board:
    rows, cols = read_shape(shape)
    return board_and_goal(Board.goal(rows, cols), goal)[1]


def _stack(boards: list[tuple[int, ...]], cells: int) -> NDArray[Any]:
    dtype = np.uint8 if cells <= 256 else np.uint16
    if not boards:
        return np.empty((0, cells), dtype=dtype)
    return np.array(boards, dtype=dtype)


def random_boards(
    count: int, shape: Any = (4, 4), *, goal: GoalLike | str = None, seed: Any = None
) -> NDArray[Any]:
    """``count`` boards drawn uniformly from those that can reach ``goal`` (`random_board`).

    >>> random_boards(1, (2, 2), seed=3).tolist()
    [[0, 1, 3, 2]]

    A random 15-puzzle is 52.6 moves from the goal on average (Korf's 100:
    53.05), a hard board to label: about one ms to ten with numba and the
    tables. O(count x cells).
    """
    number, target = _count(count), _setup(shape, goal)
    rng = _rng(seed)
    return _stack(
        [random_board(*target.shape, goal=target, seed=rng).tiles for _ in range(number)],
        target.size,
    )


def _moves_of(moves: object) -> Callable[[random.Random], int]:
    """A draw of a walk's length: ``moves`` an int, or ``(low, high)`` both included."""
    if isinstance(moves, int | np.integer) and not isinstance(moves, bool) and moves >= 0:
        fixed = int(moves)
        return lambda rng: fixed
    if (
        isinstance(moves, tuple | list)
        and len(moves) == 2
        and all(isinstance(m, int | np.integer) and not isinstance(m, bool) for m in moves)
        and 0 <= moves[0] <= moves[1]
    ):
        low, high = int(moves[0]), int(moves[1])
        return lambda rng: rng.randint(low, high)
    raise InvalidOptionError(
        f"moves must be an int >= 0 or a pair (low, high) with 0 <= low <= high, not {moves!r}",
        moves,
        option="moves",
    )


def random_walks(
    count: int,
    shape: Any = (4, 4),
    moves: int | tuple[int, int] = 40,
    *,
    goal: GoalLike | str = None,
    seed: Any = None,
) -> NDArray[Any]:
    """``count`` boards each a random walk of ``moves`` blank moves from ``goal`` (`scramble`).

    >>> sorted(random_walks(20, (3, 3), 1, seed=2).argmin(axis=1).tolist())[::19]  # blank cells
    [5, 7]

    ``moves`` is a number or a range ``(low, high)`` drawn uniformly per board
    (DeepCubeA's training boards are such walks). A walk never undoes its last
    move, but can loop: a board is at most ``moves`` from the goal, often
    fewer, with the same parity; `cost_to_go` tells the true distance.
    """
    number, target = _count(count), _setup(shape, goal)
    length = _moves_of(moves)
    rng = _rng(seed)
    return _stack(
        [scramble(target, length(rng), seed=rng).tiles for _ in range(number)], target.size
    )


def _from_layers(number: int, target: Board, distance: int, rng: random.Random) -> NDArray[Any]:
    exact = importlib.import_module("slidingtiles._heuristics.exact").exact_distances(target)
    layer = exact.layer(distance)
    if not len(layer):
        raise InvalidOptionError(
            f"no {target.rows}x{target.cols} board is {distance} moves from "
            f"{target.to_text()} (the farthest are {exact.diameter})",
            distance,
            option="distance",
        )
    picks = [rng.randrange(len(layer)) for _ in range(number)]
    return _stack([tuple(layer[i].tolist()) for i in picks], target.size)


def _from_ranked_layers(
    number: int, target: Board, distance: int, rng: random.Random, progress: Any
) -> NDArray[Any]:
    layers = importlib.import_module("slidingtiles._heuristics.layers").board_layers(
        target, progress=progress
    )
    if not 0 <= distance <= layers.diameter:
        raise InvalidOptionError(
            f"no {target.rows}x{target.cols} board is {distance} moves from "
            f"{target.to_text()} (the farthest are {layers.diameter})",
            distance,
            option="distance",
        )
    return _stack(layers.draw(distance, number, rng.randrange), target.size)


def _solved_scramble(target: Board, distance: int, rng: random.Random) -> tuple[int, ...]:
    """A board exactly ``distance`` moves from ``target``: on the optimal path of a walk's end."""
    walk = distance
    for _ in range(TRIES):
        board = scramble(target, walk, seed=rng)
        solution = solve(board, target)
        length = len(solution.moves)
        if length >= distance and solution.optimal:
            return solution.boards[length - distance].tiles
        walk += max(2, 2 * (distance - length))  # walks shorten: walk longer
    raise InvalidOptionError(
        f"found no {target.rows}x{target.cols} board {distance} moves from {target.to_text()} "
        f"in {TRIES} solved walks (up to {walk} moves): is any board that far?",
        distance,
        option="distance",
    )


def at_distance(
    count: int,
    shape: Any,
    distance: int,
    *,
    goal: GoalLike | str = None,
    seed: Any = None,
    progress: Any = None,
) -> NDArray[Any]:
    """``count`` boards each exactly ``distance`` moves from ``goal`` (their shortest solution).

    >>> import slidingtiles as st
    >>> [len(st.solve(b.tolist()).moves) for b in at_distance(3, (3, 3), 12, seed=0)]
    [12, 12, 12]

    Up to `BFS_MAX_CELLS` cells, uniformly from the breadth-first layer of
    every board at that distance (built once per process and goal: 3x3 in
    0.2 s, 2x5 in about 2 s); a distance beyond the farthest board raises
    `InvalidOptionError` at once. Shapes of 11 and 12 cells with both sides
    at least 2 (3x4, 4x3, 2x6, 6x2): uniformly too, from every board's
    distance kept one byte a board (`LAYERS_MAX_CELLS`), built once per shape
    and goal into the user cache, with a `LayerBuildWarning` first (228 MiB,
    about a minute of both cores with numba, docs/measurements/data-and-
    environment.md) and ``progress`` (True: a count on standard error, or a
    callable ``progress(done, total)`` over the boards, after each layer)
    while it builds; then a draw is one pass over the bytes. Larger boards:
    a random walk from the goal
    is solved optimally and the board ``distance`` moves before the end of that
    optimal path is taken (a suffix of a shortest path is shortest), the walk
    lengthened until the path is long enough; exact, though not uniform over
    the boards at that distance. Each costs one or a few optimal solves: a
    15-puzzle at 40 moves in a few ms with numba, a 24-puzzle needs its tables
    (``slidingtiles pdb build 5``). After `TRIES` walks too short, raises
    `InvalidOptionError` (the distance may exceed the shape's diameter).
    """
    number, target = _count(count), _setup(shape, goal)
    if isinstance(distance, bool) or not isinstance(distance, int | np.integer) or distance < 0:
        raise InvalidOptionError(
            f"distance must be an int >= 0, not {distance!r}", distance, option="distance"
        )
    rng = _rng(seed)
    report = check_progress(progress, "reached (breadth-first layers)")
    if target.size <= BFS_MAX_CELLS:
        return _from_layers(number, target, int(distance), rng)
    if target.size <= LAYERS_MAX_CELLS and min(target.rows, target.cols) >= 2:
        follow = None if report is None else (lambda depth, done, total: report(done, total))
        return _from_ranked_layers(number, target, int(distance), rng, follow)
    try:
        return _stack(
            [_solved_scramble(target, int(distance), rng) for _ in range(number)], target.size
        )
    except SlidingTilesError as error:
        error.add_note(f"(drawing {target.rows}x{target.cols} boards at distance {distance})")
        raise
