"""Solvability by parity, checked against reachability on every state of small boards."""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Callable

import pytest
from hypothesis import given
from hypothesis import strategies as st

from slidingtiles import Board, is_solvable, solvability

from .conftest import Oracle, slow_case


def _goals(rows: int, cols: int, count: int, seed: int) -> list[Board]:
    """The usual goals plus random ones with the blank anywhere."""
    rng = random.Random(seed)
    goals = [Board.goal(rows, cols), Board.goal(rows, cols, blank="first")]
    for _ in range(count):
        tiles = list(range(rows * cols))
        rng.shuffle(tiles)
        goals.append(Board(tiles, shape=(rows, cols)))
    return goals


@pytest.mark.parametrize(
    ("rows", "cols", "extra_goals"), [(2, 2, 6), (2, 3, 4), (3, 2, 4), slow_case(2, 4, 1)]
)
def test_parity_rule_matches_reachability_everywhere(
    oracle: Callable[[Board], Oracle], rows: int, cols: int, extra_goals: int
) -> None:
    for goal in _goals(rows, cols, extra_goals, seed=rows * 10 + cols):
        reachable = oracle(goal).distance
        assert len(reachable) * 2 == math.factorial(rows * cols)
        for tiles in itertools.permutations(range(rows * cols)):
            board = Board(tiles, shape=(rows, cols))
            assert solvability(board, goal).solvable == (tiles in reachable), (tiles, goal)


def test_parity_rule_on_sampled_3x3_states(oracle: Callable[[Board], Oracle]) -> None:
    rng = random.Random(33)
    for goal in _goals(3, 3, 1, seed=9):
        reachable = oracle(goal).distance
        assert len(reachable) == 181_440
        tiles = list(range(9))
        for _ in range(4000):
            rng.shuffle(tiles)
            board = Board(tiles, shape=(3, 3))
            assert solvability(board, goal).solvable == (tuple(tiles) in reachable)


@pytest.mark.parametrize("length", [2, 3, 4, 5])
def test_single_row_and_column(length: int) -> None:
    goal = Board.goal(1, length)
    for tiles in itertools.permutations(range(length)):
        board = Board(list(tiles), shape=(1, length))
        in_order = [t for t in tiles if t] == list(range(1, length))
        assert is_solvable(board, goal) == in_order
        column = Board(list(tiles), shape=(length, 1))
        assert is_solvable(column, goal.transpose()) == in_order


@given(
    st.integers(2, 7).flatmap(
        lambda rows: st.tuples(
            st.just(rows),
            st.integers(2, 7),
            st.randoms(use_true_random=False),
        )
    )
)
def test_classic_inversion_rules_agree_with_the_general_rule(
    args: tuple[int, int, random.Random],
) -> None:
    rows, cols, rng = args
    tiles = list(range(rows * cols))
    rng.shuffle(tiles)
    board = Board(tiles, shape=(rows, cols))
    goal_tiles = list(range(rows * cols))
    rng.shuffle(goal_tiles)
    for goal in (Board.goal(rows, cols), Board(goal_tiles, shape=(rows, cols))):
        report = solvability(board, goal)
        if cols % 2:
            classic = report.inversions % 2 == 0
        else:
            classic = (report.inversions + report.blank_row_shift) % 2 == 0
        assert report.solvable == classic
        assert report.solvable == (report.permutation_parity == report.blank_distance % 2)


def test_seed_examples_with_reasons() -> None:
    report = solvability("1 2 3/4 5 6/8 7 0")
    assert not report
    assert report.reason.startswith("unsolvable")
    assert "odd permutation" in report.reason
    assert "1 inversion" in report.reason
    assert is_solvable("6 4 7/8 5 0/3 2 1")
    assert is_solvable("8 1 3/4 0 2/7 6 5", goal="first")
    fifteen = solvability("1 2 3 4/5 6 7 8/9 10 11 12/13 15 14 0")
    assert not fifteen
    assert "width 4 is even" in fifteen.reason
    assert solvability("1 2 3/4 5 6/7 8 0").reason.startswith("solvable")


@given(
    st.integers(2, 5),
    st.integers(2, 5),
    st.permutations(range(25)),
    st.sampled_from(["int8", "int64", "uint16"]),
)
def test_numpy_boards_and_goals_get_the_same_verdict(
    rows: int, cols: int, order: list[int], dtype: str
) -> None:
    np = pytest.importorskip("numpy")
    tiles = [t for t in order if t < rows * cols]
    board = Board(tiles, shape=(rows, cols))
    goal = Board.goal(rows, cols, blank="first")
    grid = np.array(board.to_rows(), dtype=dtype)
    assert solvability(grid, np.array(goal.to_rows(), dtype=dtype)) == solvability(board, goal)
    if rows == cols:  # a flat array reads as a square board
        assert is_solvable(grid.ravel()) == is_solvable(board)
