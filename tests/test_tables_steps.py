"""The short methods' steps over a mid-size board's tables (issue 35): ``"tables"``, ``"tail"``.

On 6x6 they read its cached 5x7 tables; here the same functions run over small boards' tables
(`weighted_answer`, `shorten_tail` take them as an argument), under either implementation, and
their answers are checked against the shortest (the tile engine's IDA*). Imports from
``slidingtiles._*`` are of internal units that have no public name.
"""

from __future__ import annotations

import functools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import slidingtiles
from slidingtiles import Board, random_board
from slidingtiles._heuristics._pdb.database import PatternDatabase
from slidingtiles._solve.short import tables as steps
from slidingtiles._solve.short.budget import MARGIN, Budget
from slidingtiles._solve.short.methods import choose_methods
from slidingtiles.search import Deadline
from tests.conftest import replay

GROUPS = {
    (3, 3): [(1, 2, 3, 4), (5, 6, 7, 8)],
    (3, 4): [(1, 2, 3, 4, 5), (6, 7, 8, 9, 10, 11)],
}


@functools.cache
def tables_for(shape: tuple[int, int]) -> PatternDatabase:
    return PatternDatabase.build(*shape, groups=GROUPS[shape])


def shortest(board: Board) -> int:
    return len(slidingtiles.solve(board, heuristic="linear_conflict").moves)


def long_answer(board: Board) -> str:
    """The constructive solver's answer: far from the shortest, so there is a tail to shorten."""
    return str(slidingtiles.solve(board, algorithm="reduce").moves)


def boards_along(board: Board, moves: str) -> list[Board]:
    boards = [board]
    for move in moves:
        boards.append(boards[-1].apply(move))
    return boards


@settings(max_examples=25, deadline=None)
@given(shape=st.sampled_from(sorted(GROUPS)), seed=st.integers(0, 10**6))
def test_the_tail_replays_is_never_longer_and_ends_in_a_shortest_way(
    shape: tuple[int, int], seed: int
) -> None:
    board = random_board(*shape, seed=seed)
    goal = Board.goal(*shape)
    moves = long_answer(board)
    done = steps.shorten_tail(board, moves, Budget(Deadline(None)), tables_for(shape), first=4)
    assert replay(board, done.moves) == goal
    assert len(done.moves) <= len(moves)
    assert done.windows_shortened <= done.windows_searched
    # Every search up to `exact` is exact: from the first board within distance 4, the rest of
    # the answer is a shortest way (a suffix of a shortest way is one).
    path = boards_along(board, done.moves)
    near = next(i for i, b in enumerate(path) if b.manhattan(goal) <= 4)
    assert len(done.moves) - near == shortest(path[near])


def test_the_tail_shortens_a_detour_near_the_goal() -> None:
    """A board two moves from the goal, reached the long way round: the tail finds the two."""
    goal = Board.goal(3, 4)
    start = goal.apply("U").apply("L")
    detour = "ULDRULDRULDR" + "RD"  # three turns of a 2x2 change nothing
    assert replay(start, detour) == goal
    done = steps.shorten_tail(start, detour, Budget(Deadline(None)), tables_for((3, 4)))
    assert done.moves == "RD"
    assert done.windows_shortened >= 1


def test_the_tail_weighted_beyond_exact_still_replays() -> None:
    board = random_board(3, 4, seed=7)
    moves = long_answer(board)
    done = steps.shorten_tail(
        board, moves, Budget(Deadline(None)), tables_for((3, 4)), first=2, exact=0
    )
    assert replay(board, done.moves) == Board.goal(3, 4)
    assert len(done.moves) <= len(moves)


def test_without_a_node_budget_left_the_tail_searches_nothing() -> None:
    board = random_board(3, 3, seed=2)
    moves = long_answer(board)
    done = steps.shorten_tail(board, moves, Budget(Deadline(None)), tables_for((3, 3)), nodes=0)
    assert done.moves == moves
    assert done.windows_searched == 0


@pytest.mark.parametrize("shape", sorted(GROUPS))
@pytest.mark.parametrize("seed", range(6))
def test_weighted_answers_are_within_their_weight(shape: tuple[int, int], seed: int) -> None:
    board = random_board(*shape, seed=seed)
    goal = Board.goal(*shape)
    found = steps.weighted_answer(board, goal, Budget(Deadline(None)), tables_for(shape))
    assert found is not None
    assert replay(board, found) == goal
    best = shortest(board)
    first_num, first_den = steps.WEIGHTS[0]
    assert best <= len(found) <= best * first_num / first_den


def test_a_weighted_answer_is_shorter_than_the_best_so_far_or_none() -> None:
    board = random_board(3, 4, seed=11)
    goal = Board.goal(3, 4)
    budget = Budget(Deadline(None))
    budget.best = shortest(board)  # nothing is shorter than the shortest
    assert steps.weighted_answer(board, goal, budget, tables_for((3, 4))) is None
    budget.best += 2
    found = steps.weighted_answer(board, goal, budget, tables_for((3, 4)))
    assert found is not None
    assert len(found) < budget.best


def test_a_weighted_answer_within_a_time_limit_replays() -> None:
    board = random_board(3, 4, seed=5)
    goal = Board.goal(3, 4)
    found = steps.weighted_answer(board, goal, Budget(Deadline(30)), tables_for((3, 4)))
    assert found is not None
    assert replay(board, found) == goal


def test_the_steps_need_the_shapes_tables() -> None:
    board = random_board(3, 3, seed=1)
    goal = Board.goal(3, 3)
    budget = Budget(Deadline(None))
    # 3x3 is not a mid-size board: no tables there for these steps, the answer as it was
    assert not steps.available(goal)
    assert steps.tables(board, goal, budget) is None
    moves = long_answer(board)
    assert steps.tail(board, moves, budget).moves == moves


def test_only_boards_with_tables_run_the_steps() -> None:
    with_tables = choose_methods(36, timed=True, implementation="numba", tables=True)
    without = choose_methods(36, timed=True, implementation="numba", tables=False)
    python = choose_methods(36, timed=False, implementation="python", tables=True)
    assert ("tables",) in with_tables.steps
    assert ("tail",) in with_tables.steps
    for row in (without, python):
        assert ("tables",) not in row.steps
        assert ("tail",) not in row.steps
    assert dict(with_tables.shares)["beam"] < dict(with_tables.shares)["tables"]


def test_a_rows_shares_override_the_methods_own() -> None:
    budget = Budget(Deadline(10))
    budget.shares = {"beam": 0.3}
    beam_end, other_end = budget.share_for("beam", 0.85), budget.share_for("tail", 0.95)
    assert beam_end is not None
    assert other_end is not None
    assert beam_end - budget.begun == pytest.approx(0.3 * (10 - MARGIN))
    assert other_end - budget.begun == pytest.approx(0.95 * (10 - MARGIN))
    assert Budget(Deadline(None)).share_for("beam", 0.85) is None
