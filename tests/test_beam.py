"""Beam search: both kernels keep the same boards, solutions replay, budgets hold.

Imports from ``slidingtiles._*`` here are of internal units that have no public name.
"""

from __future__ import annotations

import time

import pytest

import slidingtiles
from slidingtiles import Board, random_board
from slidingtiles._engine import dispatch
from slidingtiles._engine.kernels import Kernels
from slidingtiles._solve.short import beam
from slidingtiles._solve.short.budget import Budget
from slidingtiles._solve.short.methods import solve_short
from slidingtiles.search import Deadline
from tests.conftest import CpuClock, goals, replay, slow_case, within_limit


def arguments(board: Board, goal: Board, width: int, max_nodes: int = 10**7) -> tuple[object, ...]:
    """`Kernels.subgoal_search`'s arguments for a beam over the whole board (every tile a
    target of weight 1, the pairs in conflict counted once: `dispatch.beam_solve`'s search)."""
    rows, cols = board.shape
    home = [goal.tiles.index(t) for t in range(board.size)]
    ones = [1] * board.size
    grow, gcol = [cell // cols for cell in home], [cell % cols for cell in home]
    levels = 4 * board.manhattan(goal)
    return (
        rows,
        cols,
        list(board.tiles),
        grow,
        gcol,
        ones,
        ones,
        1,
        0,
        0,
        width,
        levels,
        max_nodes,
        None,
    )


def random_goal(rows: int, cols: int, seed: int) -> Board:
    return random_board(rows, cols, seed=seed + 1000)


@pytest.mark.parametrize("size", [(3, 3), (3, 4), (4, 4), slow_case((4, 5)), slow_case((5, 5))])
@pytest.mark.parametrize("width", [1, 4, 20])
def test_kernels_agree_and_replay(
    both: tuple[Kernels, Kernels], size: tuple[int, int], width: int
) -> None:
    python, numba = both
    rows, cols = size
    for seed in range(3):
        for goal in (Board.goal(rows, cols), random_goal(rows, cols, seed)):
            board = random_board(rows, cols, seed=seed, goal=goal)
            args = arguments(board, goal, width)
            found = python.subgoal_search(*args)  # type: ignore[arg-type]
            assert numba.subgoal_search(*args) == found  # type: ignore[arg-type]
            moves, expanded, reached = found
            assert expanded >= 1
            if reached:
                assert replay(board, moves) == goal
                assert len(moves) >= board.manhattan(goal)
            assert dispatch.beam_solve(board, goal, width, max_nodes=10**7) == (
                moves if reached else None,
                expanded,
            )


def test_wide_beam_reaches_every_goal() -> None:
    for rows, cols in [(3, 3), (4, 4), (5, 5)]:
        for goal in goals(rows, cols)[:2]:
            board = random_board(rows, cols, seed=7, goal=goal)
            moves, _ = dispatch.beam_solve(board, goal, 200, max_nodes=10**6)
            assert moves is not None
            assert replay(board, moves) == goal


def test_goal_and_one_move() -> None:
    goal = Board.goal(3, 3)
    assert dispatch.beam_solve(goal, goal, 5, max_nodes=10) == ("", 0)
    assert dispatch.beam_solve(goal.move("U"), goal, 5, max_nodes=10)[0] == "D"


def test_node_budget_is_respected() -> None:
    board = random_board(5, 5, seed=3)
    goal = Board.goal(5, 5)
    moves, expanded = dispatch.beam_solve(board, goal, 50, max_nodes=10**6)
    assert moves is not None
    cut, spent = dispatch.beam_solve(board, goal, 50, max_nodes=expanded // 2)
    assert cut is None
    # The budget is checked between levels: at most one level (width boards) beyond it.
    assert expanded // 2 <= spent < expanded // 2 + 50


def test_level_cap_is_respected() -> None:
    board = random_board(4, 4, seed=1)
    goal = Board.goal(4, 4)
    assert dispatch.beam_solve(board, goal, 10, max_levels=3, max_nodes=10**6)[0] is None
    assert dispatch.beam_solve(board, goal, 10, max_levels=0, max_nodes=10**6) == (None, 0)


def test_deadline_is_respected() -> None:
    board = random_board(7, 7, seed=0)
    moves, expanded = dispatch.beam_solve(
        board, Board.goal(7, 7), 3000, max_nodes=10**9, deadline=time.perf_counter() - 1
    )
    assert moves is None
    assert expanded == 0


def test_memory_bound_cuts_levels() -> None:
    assert dispatch.beam_levels(49, 1000, 600) == 600
    width = 10**6
    levels = dispatch.beam_levels(49, width, 600)
    assert levels < 600
    assert levels * width * 21 <= dispatch.BEAM_MAX_BYTES
    with pytest.raises(ValueError, match="width"):
        dispatch.beam_solve(Board.goal(3, 3), Board.goal(3, 3), 0, max_nodes=1)


@pytest.mark.slow  # the beam route of solve(optimal=False) also runs in test_timed_solve_replays
def test_the_beam_method_keeps_the_shortest_and_solve_never_longer(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # A small budget keeps the test quick in pure Python (the beam method's internal budgets).
    monkeypatch.setattr(beam, "NODES", 60_000)
    monkeypatch.setattr(beam, "NODES_PYTHON", 60_000)
    monkeypatch.setattr(beam, "WIDTHS", (100, 200))
    board = random_board(5, 6, seed=2)
    goal = Board.goal(5, 6)
    found = solve_short(board, goal, Deadline(None))
    assert replay(board, str(found.moves)) == goal
    assert len(found.moves) <= found.first_length
    by_beam = beam.beam(board, goal, Budget(Deadline(None)))
    if by_beam is not None:
        assert replay(board, by_beam) == goal
        assert len(found.moves) <= len(by_beam)  # the shortest of all methods is kept


def test_timed_solve_replays(cpu_clock: CpuClock) -> None:
    board = random_board(6, 6, seed=4)
    began = cpu_clock()  # the limit counts CPU seconds: the machine's load cannot fail it
    solution = slidingtiles.solve(board, optimal=False, time_limit=1.0)
    assert within_limit(cpu_clock, began, 1.0)
    assert replay(board, solution.moves) == Board.goal(6, 6)
    assert solution.length >= board.manhattan()
