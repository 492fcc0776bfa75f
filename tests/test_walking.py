"""Walking distance against the BFS oracle: admissible, consistent, above Manhattan.

Imports from ``slidingtiles._*`` here are of internal units that have no public name.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

import slidingtiles as st
from slidingtiles import Board, heuristics, testing
from slidingtiles._heuristics.walking import applies
from slidingtiles.heuristics import walking_distance
from tests.conftest import Oracle, examples, goals


@pytest.mark.parametrize("shape", [(2, 2), (2, 3), (3, 2), (3, 3), (2, 4), (1, 5)])
def test_admissible_consistent_and_above_manhattan(
    oracle: Callable[[Board], Oracle], shape: tuple[int, int]
) -> None:
    info = heuristics.get("walking_distance")
    rng = random.Random(2)
    for goal in goals(*shape):
        report = heuristics.check(info, goal=goal)  # every state, every move
        assert report.exhaustive
        assert report.ok, str(report)
        wd = info.for_goal(goal)
        manhattan = heuristics.get("manhattan").for_goal(goal)
        states = list(oracle(goal).distance)
        sample = states if len(states) <= 30_000 else rng.sample(states, 30_000)
        for tiles in sample:
            assert manhattan(tiles) <= wd(tiles)
        for tiles in sample[:2000]:
            board = Board(tiles, shape=shape)
            for _, nxt in board.neighbors():
                assert abs(wd(nxt.tiles) - wd(tiles)) == 1  # parity flips, changes by one


def test_admissible_and_consistent_on_4x4_samples() -> None:
    report = heuristics.check("walking_distance", shape=(4, 4), samples=10, seed=5)
    assert report.ok, str(report)
    testing.assert_consistent("walking_distance", shape=(4, 4), max_examples=examples(30))


def test_stronger_than_manhattan_somewhere_and_matches_the_function() -> None:
    goal = Board.goal(4, 4)
    info = heuristics.get("wd")
    assert info.name == "walking_distance"
    assert info.admissible
    assert info.consistent
    # Ranked for "auto" between Manhattan and linear conflict: see the note in _walking.py.
    assert (
        heuristics.get("manhattan").strength
        < info.strength
        < heuristics.get("linear_conflict").strength
    )
    fast = info.for_goal(goal)
    rng = random.Random(4)
    gains = 0
    for _ in range(50):
        board = st.random_board(4, 4, seed=rng.randrange(10**6))
        assert fast(board.tiles) == walking_distance(board, goal)
        gains += fast(board.tiles) > heuristics.manhattan(board, goal)
    assert gains > 10


def test_solve_with_walking_distance_is_optimal(oracle: Callable[[Board], Oracle]) -> None:
    goal = Board.goal(3, 3, blank="first")
    table = oracle(goal)
    items = random.Random(8).sample(sorted(table.distance.items()), 8)
    for tiles, distance in items:
        sol = st.solve(table.board(tiles), goal, heuristic="walking_distance")
        assert len(sol) == distance
        assert sol.optimal


def test_shapes_beyond_four_are_refused() -> None:
    assert applies(Board.goal(4, 4))
    assert applies(Board.goal(2, 5))
    assert not applies(Board.goal(5, 5))
    assert not applies(Board.goal(2, 8))
    with pytest.raises(ValueError, match="5x5"):
        walking_distance(Board.goal(5, 5), Board.goal(5, 5))
