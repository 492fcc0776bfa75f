"""Random instances: uniformly random solvable boards and random-walk scrambles."""

from __future__ import annotations

import random as _random
from collections.abc import Hashable
from typing import Protocol, SupportsIndex, TypeAlias

from slidingtiles._board.board import Board, BoardLike, trusted_board
from slidingtiles._board.coerce import GoalLike, board_and_goal
from slidingtiles._board.moves import DIRECTIONS, OPPOSITE
from slidingtiles._board.parse import as_int
from slidingtiles._board.solvability import is_solvable
from slidingtiles._errors import InvalidOptionError, OptionTypeError

__all__ = ["Seed", "random_board", "scramble"]

#: Bytes drawn from a numpy generator to seed the `random.Random` that makes the draws.
SEED_BYTES = 32


class NumpyRandom(Protocol):
    """numpy's ``Generator`` or ``RandomState``: what `random_board` and `scramble` use of them."""

    def bytes(self, length: int) -> bytes: ...


#: A seed: None (fresh entropy), an integer (numpy integers too), a
#: `random.Random`, or a numpy ``Generator`` / ``RandomState``.
Seed: TypeAlias = "SupportsIndex | _random.Random | NumpyRandom | None"


def _rng(seed: Seed) -> _random.Random:
    """The `random.Random` that makes the draws for ``seed``.

    >>> _rng(7).random() == _random.Random(7).random()
    True

    A `random.Random` is used as it is (and advances); an integer seeds a
    new one. A numpy ``Generator`` or ``RandomState`` gives up `SEED_BYTES`
    bytes (``seed.bytes(32)``, read as a little-endian integer) to seed a new
    `random.Random`: the same generator state always gives the same board,
    and the generator advances, so calling again with it gives another.
    numpy is recognised by its module name, never imported here.
    """
    if isinstance(seed, _random.Random):
        return seed
    if seed is None:
        return _random.Random()
    number = as_int(seed)
    if number is not None:
        return _random.Random(number)
    if type(seed).__module__.startswith("numpy.random") and callable(getattr(seed, "bytes", None)):
        drawn = seed.bytes(SEED_BYTES)  # type: ignore[union-attr]
        return _random.Random(int.from_bytes(drawn, "little"))
    raise OptionTypeError(
        "seed must be an int, a random.Random, a numpy.random.Generator or RandomState, or "
        f"None, not {seed!r}",
        seed,
        option="seed",
    )


def random_board(
    rows: SupportsIndex, cols: SupportsIndex, *, goal: GoalLike | str = None, seed: Seed = None
) -> Board:
    """Return a board drawn uniformly from those that can reach ``goal``.

    >>> board = random_board(4, 4, seed=7)
    >>> board.shape, is_solvable(board)
    ((4, 4), True)
    >>> random_board(3, 3, seed=1) == random_board(3, 3, seed=1)
    True

    Shuffles every cell, then, if parity says the result is unsolvable,
    swaps the first two tiles that are not the blank: that swap pairs each
    unsolvable board with exactly one solvable board of the same blank
    position, so every solvable board is equally likely. On a single row or
    column only the blank's place is random. ``seed`` is an int (numpy
    integers too), a `random.Random`, or a numpy ``Generator`` or
    ``RandomState``, which gives up 32 bytes (``seed.bytes(32)``) to seed a
    `random.Random`: the same generator state gives the same board.
    O(n log n).
    """
    target = board_and_goal(Board.goal(rows, cols), goal)[1]
    rows, cols = target.shape  # plain ints, whatever integers came in
    rng = _rng(seed)
    if rows == 1 or cols == 1:
        order = [t for t in target.tiles if t]
        order.insert(rng.randrange(len(order) + 1), 0)
        return trusted_board(rows, cols, tuple(order), target.labels)
    tiles = list(target.tiles)
    rng.shuffle(tiles)
    board = trusted_board(rows, cols, tuple(tiles), target.labels)
    if not is_solvable(board, target):
        first, second = [i for i, t in enumerate(tiles) if t][:2]
        tiles[first], tiles[second] = tiles[second], tiles[first]
        board = trusted_board(rows, cols, tuple(tiles), target.labels)
    return board


def scramble(
    board: BoardLike, moves: SupportsIndex, *, seed: Seed = None, blank: Hashable = None
) -> Board:
    """Return ``board`` after ``moves`` random blank moves, never undoing the previous one.

    >>> goal = Board.goal(3, 3)
    >>> scrambled = scramble(goal, 20, seed=3)
    >>> scrambled != goal, is_solvable(scrambled)
    (True, True)

    The result is at most ``moves`` moves from ``board`` (often fewer: a
    walk can loop). On a single row or column the walk turns back at the
    ends, the one place it undoes a move. Reproducible with ``seed``, which is as in
    `random_board` (an int, a `random.Random`, a numpy ``Generator``...).
    O(moves) plus O(n) to build.
    """
    start = board_and_goal(board, blank=blank)[0]
    steps = as_int(moves)
    if steps is None or steps < 0:
        kind = OptionTypeError if steps is None else InvalidOptionError
        raise kind(f"moves must be a whole number >= 0, not {moves!r}", moves, option="moves")
    rng = _rng(seed)
    tiles = list(start.tiles)
    rows, cols = start.shape
    row, col = start.blank_position
    previous = ""
    for _ in range(steps):
        options = [
            m
            for m, (dr, dc) in DIRECTIONS.items()
            if 0 <= row + dr < rows and 0 <= col + dc < cols and m != OPPOSITE.get(previous)
        ]
        # At the end of a single row or column the only move undoes the last one: bounce back.
        move = rng.choice(options) if options else OPPOSITE[previous]
        dr, dc = DIRECTIONS[move]
        here, there = row * cols + col, (row + dr) * cols + col + dc
        tiles[here], tiles[there] = tiles[there], 0
        row, col, previous = row + dr, col + dc, move
    return trusted_board(rows, cols, tuple(tiles), start.labels)
