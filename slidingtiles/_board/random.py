"""Random instances: uniformly random solvable boards and random-walk scrambles."""

from __future__ import annotations

import random as _random
from collections.abc import Hashable

from slidingtiles._board.board import Board, BoardLike
from slidingtiles._board.coerce import GoalLike, board_and_goal
from slidingtiles._board.moves import DIRECTIONS, OPPOSITE
from slidingtiles._board.solvability import is_solvable

__all__ = ["random_board", "scramble"]

Seed = int | _random.Random | None


def _rng(seed: Seed) -> _random.Random:
    if isinstance(seed, _random.Random):
        return seed
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
        raise TypeError(f"seed must be an int or a random.Random, not {seed!r}")
    return _random.Random(seed)


def random_board(rows: int, cols: int, *, goal: GoalLike | str = None, seed: Seed = None) -> Board:
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
    column only the blank's place is random. ``seed`` is an int or a
    `random.Random`. O(n log n).
    """
    target = board_and_goal(Board.goal(rows, cols), goal)[1]
    rng = _rng(seed)
    if rows == 1 or cols == 1:
        order = [t for t in target.tiles if t]
        order.insert(rng.randrange(len(order) + 1), 0)
        return Board._trusted(rows, cols, tuple(order), target.labels)
    tiles = list(target.tiles)
    rng.shuffle(tiles)
    board = Board._trusted(rows, cols, tuple(tiles), target.labels)
    if not is_solvable(board, target):
        first, second = [i for i, t in enumerate(tiles) if t][:2]
        tiles[first], tiles[second] = tiles[second], tiles[first]
        board = Board._trusted(rows, cols, tuple(tiles), target.labels)
    return board


def scramble(board: BoardLike, moves: int, *, seed: Seed = None, blank: Hashable = None) -> Board:
    """Return ``board`` after ``moves`` random blank moves, never undoing the previous one.

    >>> goal = Board.goal(3, 3)
    >>> scrambled = scramble(goal, 20, seed=3)
    >>> scrambled != goal, is_solvable(scrambled)
    (True, True)

    The result is at most ``moves`` moves from ``board`` (often fewer: a
    walk can loop). Reproducible with ``seed``. O(moves) plus O(n) to build.
    """
    start = board_and_goal(board, blank=blank)[0]
    if isinstance(moves, bool) or not isinstance(moves, int) or moves < 0:
        raise ValueError(f"moves must be a whole number >= 0, not {moves!r}")
    rng = _rng(seed)
    tiles = list(start.tiles)
    rows, cols = start.shape
    row, col = start.blank_position
    previous = ""
    for _ in range(moves):
        options = [
            m
            for m, (dr, dc) in DIRECTIONS.items()
            if 0 <= row + dr < rows and 0 <= col + dc < cols and m != OPPOSITE.get(previous)
        ]
        move = rng.choice(options)
        dr, dc = DIRECTIONS[move]
        here, there = row * cols + col, (row + dr) * cols + col + dc
        tiles[here], tiles[there] = tiles[there], 0
        row, col, previous = row + dr, col + dc, move
    return Board._trusted(rows, cols, tuple(tiles), start.labels)
