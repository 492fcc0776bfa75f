"""Peeled beam search: the subgoal kernels agree and keep their contract, solutions replay.

Imports from ``slidingtiles._*`` here are of internal units that have no public name.
"""

from __future__ import annotations

import importlib
import random
from typing import Any

import pytest

from slidingtiles import Board, random_board
from slidingtiles._engine import beam_start, dispatch
from slidingtiles._engine.kernels import Kernels
from slidingtiles._engine.python import beam as python_beam
from slidingtiles._solve.short import peeled
from slidingtiles._solve.short.budget import Budget
from slidingtiles._solve.short.peeled import solve_peeled
from slidingtiles.search import Deadline
from tests.conftest import goals, replay, slow_case


def untimed() -> Budget:
    """The budget of a call without a time limit (the peel's internal units)."""
    return Budget(Deadline(None))


def target_distance(tiles: list[int], cols: int, goal_cells: list[int], targets: list[int]) -> int:
    return sum(
        abs(cell // cols - goal_cells[t] // cols) + abs(cell % cols - goal_cells[t] % cols)
        for cell, t in enumerate(tiles)
        if t and targets[t]
    )


def subgoal_case(rows: int, cols: int, seed: int) -> tuple[Board, list[int], list[int], list[int]]:
    """A random board, its goal cells by tile, random weights and a random nonempty target set."""
    rng = random.Random(seed)
    goal = Board.goal(rows, cols)
    board = random_board(rows, cols, seed=seed)
    cells = rows * cols
    goal_cells = [0] * cells
    for cell, t in enumerate(goal.tiles):
        goal_cells[t] = cell
    weights = [0] + [rng.randint(1, 5) for _ in range(cells - 1)]
    targets = [0] + [int(rng.random() < 0.3) for _ in range(cells - 1)]
    targets[rng.randrange(1, cells)] = 1
    return board, goal_cells, weights, targets


def subgoal_args(
    rows: int, cols: int, seed: int, pulls: tuple[int, int, int], width: int, hole: int = 0
) -> tuple[Board, list[int], list[int], tuple[Any, ...]]:
    """A `subgoal_case` as the beam kernels' `subgoal_search` arguments (60 levels at most).

    ``pulls``: the conflict and blank weights and the patience; ``hole``: the holes' weight.
    """
    board, goal_cells, weights, targets = subgoal_case(rows, cols, seed)
    grow = [c // cols for c in goal_cells]
    gcol = [c % cols for c in goal_cells]
    args = (
        rows,
        cols,
        list(board.tiles),
        grow,
        gcol,
        weights,
        targets,
        *pulls,
        width,
        60,
        10**6,
        None,
        hole,
    )
    return board, goal_cells, targets, args


@pytest.mark.parametrize("size", [(3, 3), (3, 4), (4, 4), (5, 5)])
@pytest.mark.parametrize("width", [1, 6, 30])
def test_subgoal_kernels_agree_and_keep_their_contract(
    both: tuple[Kernels, Kernels], size: tuple[int, int], width: int
) -> None:
    python, numba = both
    rows, cols = size
    for seed in range(4):
        conflict, blank, patience = seed % 3, (seed + 1) % 4, (0, 4)[seed % 2]
        board, goal_cells, targets, args = subgoal_args(
            rows, cols, seed, (conflict, blank, patience), width, (0, 6, 2, 30)[seed]
        )
        found = python.subgoal_search(*args)
        assert numba.subgoal_search(*args) == found
        moves, expanded, reached = found
        end = list(replay(board, moves).tiles)
        before = target_distance(list(board.tiles), cols, goal_cells, targets)
        after = target_distance(end, cols, goal_cells, targets)
        assert (after == 0) == reached
        assert after <= before  # the best board kept is never worse than the start
        assert expanded >= (1 if before else 0)


def count_holes(
    tiles: list[int], rows: int, cols: int, goal_cells: list[int], targets: list[int]
) -> int:
    """Cells of target tiles holding another tile (not the blank) with at most one cell beside
    them open (not a target's cell holding its tile), counted from scratch."""
    home = {goal_cells[t]: t for t in range(1, rows * cols) if targets[t]}
    count = 0
    for cell, t in home.items():
        if tiles[cell] in (t, 0):
            continue
        r, c = divmod(cell, cols)
        beside = [
            (r + dr) * cols + c + dc
            for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1))
            if 0 <= r + dr < rows and 0 <= c + dc < cols
        ]
        count += sum(1 for y in beside if home.get(y) != tiles[y]) <= 1
    return count


@pytest.mark.parametrize("seed", range(6))
def test_the_hole_term_is_updated_per_move_like_a_count_from_scratch(seed: int) -> None:
    """The beams' rank counts holes (`peeled.HOLE_WEIGHT` each) updated per move: on random
    walks over boards with the L of a 5x6 region as targets, each move's
    change is the change of the count from scratch."""
    rng = random.Random(seed)
    rows, cols = 5, 6
    _, goal_cells, _, _ = subgoal_case(rows, cols, seed)
    targets = [0] * (rows * cols)
    for t in range(1, rows * cols):
        targets[t] = int(goal_cells[t] // cols == 0 or goal_cells[t] % cols == 0)
    owner = [0] * (rows * cols)
    for t in range(1, rows * cols):
        owner[goal_cells[t]] = t
    # a walk from the goal with two tiles of the L swapped: holes come and go
    tiles = list(Board.goal(rows, cols).tiles)
    a, b = rng.sample([*range(1, cols), cols, 2 * cols], 2)
    tiles[a], tiles[b] = tiles[b], tiles[a]
    seen = 0
    for _ in range(300):
        p = tiles.index(0)
        q = rng.choice(beam_start.beside(rows, cols, p))
        t = tiles[q]
        before = count_holes(tiles, rows, cols, goal_cells, targets)
        delta = python_beam._holes_delta(tiles, rows, cols, owner, targets, q, p, t)
        tiles[p], tiles[q] = t, 0
        after = count_holes(tiles, rows, cols, goal_cells, targets)
        assert delta == after - before
        seen += after
    assert seen > 0  # holes were there to count


@pytest.mark.parametrize("buckets", [0, 4])
def test_numba_kernel_ordering_children_keeps_the_same_boards(
    both: tuple[Kernels, Kernels], monkeypatch: pytest.MonkeyPatch, buckets: int
) -> None:
    """The numba kernel orders a level's children by counting when their ranks span fewer than
    `sort_buckets` values, else takes them least first from a heap; with no buckets (always the
    heap) or 4 (both ways), it must still keep the boards the pure-Python kernel keeps (which
    sorts them all). Its table of seen keys grows as it fills (60 levels of 30 boards: several
    times)."""
    python, numba = both
    numba_beam = importlib.import_module("slidingtiles._engine.numba.beam")  # its order: internal
    monkeypatch.setattr(numba_beam, "sort_buckets", lambda width: buckets)
    for rows, cols in ((3, 3), (4, 4)):
        for seed in range(3):
            args = subgoal_args(rows, cols, seed, (1, seed % 3, 0), 30)[3]
            assert numba.subgoal_search(*args) == python.subgoal_search(*args)


@pytest.mark.parametrize("cells", [1, 4, 9, 400])
def test_both_kernels_rank_boards_by_the_same_zobrist_keys(
    both: tuple[Kernels, Kernels], cells: int
) -> None:
    numba_beam = importlib.import_module("slidingtiles._engine.numba.beam")
    assert numba_beam.zobrist_keys(cells).tolist() == list(python_beam.zobrist_keys(cells))


def test_subgoal_beam_stops_without_progress() -> None:
    board, goal_cells, weights, targets = subgoal_case(5, 5, 11)
    targets = [0] + [1] * 24
    calls = {}
    for patience in (0, 1):
        calls[patience] = dispatch.subgoal_beam(
            5,
            5,
            board.tiles,
            goal_cells,
            weights,
            targets,
            5,
            conflict_weight=1,
            blank_weight=0,
            patience=patience,
            max_levels=400,
            max_nodes=10**6,
        )
    assert calls[1][1] <= calls[0][1]  # patience 1: no more expansions than none at all
    with pytest.raises(ValueError, match="width"):
        dispatch.subgoal_beam(
            2,
            2,
            [1, 2, 3, 0],
            [3, 0, 1, 2],
            [0, 1, 1, 1],
            [0, 1, 1, 1],
            0,
            conflict_weight=1,
            blank_weight=0,
            patience=0,
            max_levels=1,
            max_nodes=1,
        )


@pytest.mark.parametrize("shape", [(7, 7), slow_case((8, 9)), slow_case((9, 7)), (3, 12)])
def test_peeled_solutions_replay_for_every_goal(shape: tuple[int, int]) -> None:
    for index, goal in enumerate(goals(*shape)):
        board = random_board(*shape, goal=goal, seed=index)
        moves = solve_peeled(board, goal, untimed(), width=8, final_width=30)
        assert moves is not None
        assert replay(board, moves) == goal
        assert len(moves) >= board.manhattan(goal)


def test_peeled_is_deterministic_and_wider_is_not_needed_to_replay() -> None:
    board = random_board(8, 8, seed=3)
    goal = Board.goal(8, 8)
    first = solve_peeled(board, goal, untimed(), width=10, final_width=30)
    assert first == solve_peeled(board, goal, untimed(), width=10, final_width=30)
    assert first is not None
    assert replay(board, first) == goal


@pytest.mark.slow  # the fallbacks run in test_failed_repairs_fall_back_to_the_constructive_solver
def test_stuck_lines_fall_back_and_still_replay(monkeypatch: pytest.MonkeyPatch) -> None:
    # Patience 1 stops every beam at once: the weighted A* repairs (and, where they fail, the
    # constructive solver) place the lines.
    monkeypatch.setattr(peeled, "PATIENCE", 1)
    board = random_board(8, 8, seed=5)
    goal = Board.goal(8, 8)
    moves = solve_peeled(board, goal, untimed(), width=4, final_width=20)
    assert moves is not None
    assert replay(board, moves) == goal


def test_a_passed_deadline_finishes_small_regions_and_gives_up_on_large_ones() -> None:
    board = random_board(9, 9, seed=1)
    goal = Board.goal(9, 9)
    moves = solve_peeled(board, goal, untimed(), width=50, deadline=0.0)
    assert moves is not None  # 81 cells: finished by the constructive solver
    assert replay(board, moves) == goal
    large = random_board(21, 21, seed=1)
    assert solve_peeled(large, Board.goal(21, 21), untimed(), width=50, deadline=0.0) is None


def test_failed_repairs_fall_back_to_the_constructive_solver(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(peeled, "PATIENCE", 1)
    monkeypatch.setattr(peeled, "place_chunk", lambda *args: None)  # every repair fails
    for goal in goals(8, 7):
        board = random_board(8, 7, goal=goal, seed=2)
        moves = solve_peeled(board, goal, untimed(), width=3, final_width=20)
        assert moves is not None
        assert replay(board, moves) == goal
