"""The constructive solver: any shape and goal, replayed to the goal; tiny boards optimal.

Imports from ``slidingtiles._*`` here are of internal units that have no public name.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import slidingtiles
from slidingtiles import (
    Board,
    ReduceResult,
    SearchLimitExceeded,
    SearchStats,
    UnsolvableError,
    heuristics,
    is_solvable,
    random_board,
    solve_constructive,
)
from slidingtiles._solve.short.bound import lower_bound
from slidingtiles._solve.short.constructive import _window_table, constructive_lines
from tests.conftest import Oracle, goals, replay

seeds = st.integers(0, 2**32 - 1)


def check(start: Board, goal: Board) -> ReduceResult:
    result = solve_constructive(start, goal)
    assert replay(start, result.moves) == goal
    assert result.lower_bound == heuristics.get("manhattan").function(start, goal)
    assert len(result.moves) >= result.lower_bound
    for pair in ("UD", "DU", "LR", "RL"):
        assert pair not in result.moves  # back-and-forth moves were cancelled
    return result


@given(st.integers(2, 12), st.integers(2, 12), seeds, seeds, st.booleans())
def test_random_boards_of_any_shape_and_goal_reach_the_goal(
    rows: int, cols: int, goal_seed: int, seed: int, standard_goal: bool
) -> None:
    goal = Board.goal(rows, cols) if standard_goal else random_board(rows, cols, seed=goal_seed)
    check(random_board(rows, cols, goal=goal, seed=seed), goal)


@pytest.mark.parametrize("blank", ["first", "last", "middle"])
@pytest.mark.parametrize("shape", [(2, 9), (9, 2), (3, 7), (7, 3), (4, 4), (5, 6), (12, 12)])
def test_blank_anywhere_in_the_goal(shape: tuple[int, int], blank: str) -> None:
    rows, cols = shape
    if blank == "middle":
        tiles = list(range(1, rows * cols))
        tiles.insert((rows // 2) * cols + cols // 2, 0)
        goal = Board(tiles, shape=shape)
    else:
        goal = Board.goal(rows, cols, blank=blank)  # type: ignore[arg-type]
    for seed in range(5):
        check(random_board(rows, cols, goal=goal, seed=seed), goal)


def test_a_larger_rectangle() -> None:
    goal = random_board(25, 17, seed=1)
    result = check(random_board(25, 17, goal=goal, seed=2), goal)
    assert not result.optimal
    assert result.ratio == len(result.moves) / result.lower_bound


@pytest.mark.parametrize("shape", [(2, 2), (2, 3), (3, 2)])
def test_boards_of_at_most_six_cells_are_solved_optimally(
    shape: tuple[int, int], oracle: Callable[[Board], Oracle]
) -> None:
    # The finish is a BFS over the whole remaining region: on these boards it is the whole solve.
    for goal_seed in range(3):
        goal = random_board(*shape, seed=goal_seed)
        exact = oracle(goal)
        for tiles in exact.distance:
            result = solve_constructive(exact.board(tiles), goal)
            assert len(result.moves) == exact.distance[tiles]
            assert result.optimal


@settings(max_examples=20)  # each is an A* search of up to ~0.2 s
@given(st.sampled_from(["8 1 2/3 4 0/5 6 7", "1 2 3/4 5 6/7 8 0"]), seeds)
def test_three_by_three_is_solved_optimally(goal_text: str, seed: int) -> None:
    from tests.conftest import oracle_for

    goal = Board(goal_text)  # two goals only: each oracle explores 181,440 states
    start = random_board(3, 3, goal=goal, seed=seed)
    result = check(start, goal)
    # The whole 3x3 board is the exact finish (A* with linear conflict).
    assert len(result.moves) == oracle_for(goal).distance[start.tiles]
    assert result.optimal


def test_the_small_finish_is_optimal_once_the_lines_are_placed(
    oracle: Callable[[Board], Oracle],
) -> None:
    # 4x2 boards that differ from the goal only in the bottom 3x2 block: peeling the top
    # row costs nothing, then the finish must match the exact 3x2 distance.
    goal = Board.goal(4, 2)
    exact = oracle(Board.goal(3, 2))  # tiles 1..5 stand for 3..7
    for tiles in itertools.islice(exact.distance, 0, None, 7):
        start = Board([1, 2, *(t + 2 if t else 0 for t in tiles)], shape=(4, 2))
        result = check(start, goal)
        assert len(result.moves) == exact.distance[tiles]
    # 4x4 boards that differ only in the bottom-right 3x3 block: the A* finish is exact.
    goal = Board.goal(4, 4)
    small = Board.goal(3, 3)
    for seed in range(4):
        inner = random_board(3, 3, seed=seed)
        mapping = {0: 0, **{t: [6, 7, 8, 10, 11, 12, 14, 15][t - 1] for t in range(1, 9)}}
        cells = [mapping[t] for t in inner.tiles]
        start = Board([1, 2, 3, 4, 5, *cells[0:3], 9, *cells[3:6], 13, *cells[6:9]], shape=(4, 4))
        result = check(start, goal)
        assert len(result.moves) == oracle(small).distance[inner.tiles]


@given(st.integers(2, 9), st.integers(2, 9), seeds)
def test_unsolvable_boards_are_refused(rows: int, cols: int, seed: int) -> None:
    board = random_board(rows, cols, seed=seed)
    tiles = list(board.tiles)
    first, second = [i for i, t in enumerate(tiles) if t][:2]
    tiles[first], tiles[second] = tiles[second], tiles[first]
    swapped = Board(tiles, shape=(rows, cols))
    assert not is_solvable(swapped)
    with pytest.raises(UnsolvableError, match="no solution possible"):
        solve_constructive(swapped)


def test_single_rows_and_columns() -> None:
    row = Board([1, 2, 0, 3, 4], shape=(1, 5))
    result = solve_constructive(row, Board.goal(1, 5, blank="first"))
    assert result.moves == "LL"
    assert result.optimal
    column = Board([1, 0, 2], shape=(3, 1))
    assert solve_constructive(column).moves == "D"
    with pytest.raises(UnsolvableError):
        solve_constructive(Board([2, 1, 0], shape=(1, 3)))


def test_solved_board_needs_no_moves() -> None:
    result = solve_constructive(Board.goal(6, 5))
    assert result.moves == ""
    assert result.lower_bound == 0
    assert result.ratio == 1.0


@pytest.mark.parametrize("shape", [(8, 8), (3, 11), (13, 4)])
def test_each_shortening_step_only_removes_moves(shape: tuple[int, int]) -> None:
    goal = random_board(*shape, seed=9)
    board = random_board(*shape, goal=goal, seed=3)
    lengths = []
    for mode in ("none", "cancel", "windows"):
        result = solve_constructive(board, goal, shorten=mode)
        assert replay(board, result.moves) == goal
        lengths.append(len(result.moves))
        assert result.raw_length == lengths[0]
    assert lengths[0] >= lengths[1] >= lengths[2]
    assert len(solve_constructive(board, goal).moves) == lengths[2]  # "auto" on a small board
    with pytest.raises(ValueError, match="shorten"):
        solve_constructive(board, goal, shorten="all")  # type: ignore[arg-type]


def test_window_tables_are_exact(oracle: Callable[[Board], Oracle]) -> None:
    # Distances in the table from the identity arrangement = BFS distances on a 2x3 board.
    table = _window_table(2, 3, 5)
    exact = oracle(Board([1, 2, 3, 4, 5, 0], shape=(2, 3)))
    for arrangement in itertools.islice(table, 0, None, 5):
        depth, state = 0, arrangement
        while table[state][1] >= 0:
            state, depth = table[state][0], depth + 1
        tiles = tuple(0 if label == 5 else label + 1 for label in arrangement)
        assert depth == exact.distance[tiles]


def test_progress_and_time_limit() -> None:
    seen: list[SearchStats] = []
    board = random_board(7, 9, seed=4)
    result = solve_constructive(board, progress=seen.append)
    assert seen
    assert [s.iterations for s in seen] == list(range(1, len(seen) + 1))
    assert result.tiles_placed == board.size - 1
    assert result.lines_peeled == len(seen)
    with pytest.raises(SearchLimitExceeded) as caught:
        solve_constructive(random_board(30, 30, seed=5), time_limit=1e-9)
    assert caught.value.limit == "time"
    assert caught.value.stats.iterations == 0  # stopped inside the first line, after one tile
    assert 0 < caught.value.stats.generated < 1_000


def test_boards_too_big_for_memory_are_refused_at_once() -> None:
    board = random_board(12, 12, seed=6)  # about 5 x 1,100 moves expected
    with pytest.raises(SearchLimitExceeded, match="max_moves") as caught:
        solve_constructive(board, max_moves=1_000)
    assert caught.value.limit == "memory"
    assert caught.value.stats.generated == 0
    result = solve_constructive(board, max_moves=None)
    assert replay(board, result.moves) == Board.goal(12, 12)


def test_lower_bound_matches_the_manhattan_heuristic() -> None:
    board = random_board(6, 7, seed=8)
    goal = Board.goal(6, 7)
    bound = solve_constructive(board, goal).lower_bound
    assert bound == heuristics.get("manhattan").function(board, goal) == board.manhattan(goal)


def test_bad_input_is_rejected_clearly() -> None:
    with pytest.raises(ValueError, match="goal"):
        solve_constructive(Board.goal(3, 3), Board.goal(3, 4))


# These run once solve() is wired to the constructive solver (algorithm="reduce").
# Typed loosely so this file type-checks before and after the wiring.
solve: Callable[..., Any] = slidingtiles.solve


def test_solve_with_optimal_false_uses_the_constructive_solver() -> None:
    # Above 20x20 without a time limit, the constructive solver alone (the methods' table).
    goal = random_board(21, 20, seed=11)
    board = random_board(21, 20, goal=goal, seed=1)
    solution = solve(board, goal, optimal=False)
    assert solution.algorithm == "reduce"
    assert not solution.optimal
    assert solution.lower_bound == lower_bound(board, goal)  # linear conflicts
    assert solution.lower_bound >= board.manhattan(goal)
    assert replay(board, solution.moves) == goal
    assert solve(board, goal, algorithm="reduce").moves == solution.moves
    # Solution.tiles: the tile the blank swaps with at each step.
    cols = board.cols
    step = {"U": -cols, "D": cols, "L": -1, "R": 1}
    tiles, blank = list(board.tiles), board.blank
    for move, tile in zip(solution.moves, solution.tiles, strict=True):
        assert tiles[blank + step[move]] == tile
        tiles[blank], tiles[blank + step[move]] = tile, 0
        blank += step[move]


def test_solve_reduce_on_a_3x3_is_optimal_and_says_so() -> None:
    board = Board("8 6 7/2 5 4/3 0 1")
    solution = solve(board, optimal=False)
    assert len(solution.moves) == 31 == solution.lower_bound
    assert solution.optimal
    with pytest.raises(ValueError, match="weight"):
        solve(board, algorithm="reduce", weight=2)


@pytest.mark.parametrize("shape", [(5, 5), (6, 6), (7, 7)])
def test_the_first_lines_alone_are_the_whole_solutions_prefix(shape: tuple[int, int]) -> None:
    # `constructive_lines` (how the peeled solver finishes an L) stops the same peel early; on a
    # square board its first two lines are a row and a column.
    for index, goal in enumerate(goals(*shape)):
        board = random_board(*shape, goal=goal, seed=index)
        whole = str(solve_constructive(board, goal).moves)
        assert constructive_lines(board, goal, None) == whole
        assert constructive_lines(board, goal, 10**6) == whole
        two = constructive_lines(board, goal, 2)
        assert len(two) < len(whole)
        end = replay(board, two)
        home = [
            line
            for line in (
                range(shape[1]),  # the top row, then the bottom row, left and right columns
                range((shape[0] - 1) * shape[1], shape[0] * shape[1]),
                range(0, shape[0] * shape[1], shape[1]),
                range(shape[1] - 1, shape[0] * shape[1], shape[1]),
            )
            if all(end.tiles[cell] == goal.tiles[cell] for cell in line)
        ]
        assert len(home) >= 2  # a row and a column


@pytest.mark.parametrize(
    ("option", "value", "error"),
    [
        ("time_limit", "x", slidingtiles.OptionTypeError),
        ("time_limit", float("nan"), slidingtiles.InvalidOptionError),
        ("time_limit", -1, slidingtiles.InvalidOptionError),
        ("shorten", "fast", slidingtiles.InvalidOptionError),
        ("shorten", 1, slidingtiles.OptionTypeError),
        ("max_moves", 0, slidingtiles.InvalidOptionError),
        ("max_moves", 2.5, slidingtiles.OptionTypeError),
        ("progress", 3, slidingtiles.OptionTypeError),
        ("variant", "2", slidingtiles.OptionTypeError),
        ("blank", [], slidingtiles.OptionTypeError),
    ],
)
def test_solve_constructive_checks_its_options_at_its_door(
    option: str, value: object, error: type[Exception]
) -> None:
    with pytest.raises(error) as caught:
        solve_constructive("not even a board", **{option: value})  # options before the board
    assert caught.value.option == option  # type: ignore[attr-defined]
    assert caught.value.value is value  # type: ignore[attr-defined]
    assert option in str(caught.value)


@pytest.mark.slow  # two optimal=False solves of a 10x10 board: 7 s in pure Python
def test_an_infinite_time_limit_is_none() -> None:
    board = random_board(10, 10, seed=3)
    unbounded = solve_constructive(board, time_limit=float("inf"))
    assert unbounded.moves == solve_constructive(board).moves
    timed = solve(board, optimal=False, time_limit=float("inf"))
    assert timed.moves == solve(board, optimal=False).moves
