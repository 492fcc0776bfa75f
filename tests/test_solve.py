"""`solve` end to end: seed examples, exact lengths against the BFS oracle, errors and limits."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest
from hypothesis import given
from hypothesis import settings as st_settings
from hypothesis import strategies as hyp

import slidingtiles as st
from slidingtiles import Board, heuristics

from .conftest import Oracle, replay, slow_case

SHAPES = [(2, 3), (3, 2), (3, 3), (2, 4)]


def _replays(solution: st.Solution) -> None:
    """The solution is a legal walk from its start to its goal, and its views agree."""
    assert solution.start.apply(solution.moves) == solution.goal
    assert len(solution.boards) == len(solution.moves) + 1
    assert solution.boards[0] == solution.start
    assert solution.boards[-1] == solution.goal
    for before, after, tile in zip(solution.boards, solution.boards[1:], solution.tiles):
        assert after.position(tile) == before.blank_position


def _samples(oracle: Oracle, count: int, seed: int) -> list[tuple[tuple[int, ...], int]]:
    """Random states plus one of the farthest (the hardest case)."""
    items = sorted(oracle.distance.items(), key=lambda item: item[1])
    rng = random.Random(seed)
    return [items[-1 - seed], *rng.sample(items, count)]


def test_seed_examples() -> None:
    sol = st.solve([[6, 4, 7], [8, 5, 0], [3, 2, 1]], heuristic="manhattan")
    assert len(sol.moves) == 31
    assert sol.optimal
    assert isinstance(sol.moves, str)
    _replays(sol)
    assert sol.stats.generated >= sol.stats.expanded > 0
    assert st.solve("0 1 3/4 2 5/7 8 6").moves == "RDRD"
    first = st.solve("8 1 3/4 0 2/7 6 5", goal=Board.goal(3, 3, blank="first"))
    assert first.goal.tiles[0] == 0
    _replays(first)
    with pytest.raises(st.UnsolvableError, match="no solution possible") as info:
        st.solve([[1, 2, 3], [4, 5, 6], [8, 7, 0]])
    assert info.value.report.solvable is False
    assert info.value.value == Board("1 2 3/4 5 6/8 7 0")


@pytest.mark.parametrize(
    ("algorithm", "heuristic", "shape"),
    [  # BFS and misplaced tiles explore much of the space: on 3x3 and 2x4, the full run only
        slow_case(a, h, s) if s[0] * s[1] > 6 and (a == "bfs" or h == "misplaced") else (a, h, s)
        for a, h in [
            ("astar", "manhattan"),
            ("astar", "linear_conflict"),
            ("astar", "misplaced"),
            ("idastar", "linear_conflict"),
            ("idastar", "manhattan"),
            ("bfs", "auto"),
            ("auto", "auto"),
        ]
        for s in SHAPES
    ],
)
def test_optimal_lengths_match_the_oracle(
    oracle: Callable[[Board], Oracle], shape: tuple[int, int], algorithm: str, heuristic: str
) -> None:
    goals = [Board.goal(*shape), Board.goal(*shape, blank="first")]
    # BFS and misplaced tiles explore much of 3x3's space per solve: fewer samples there.
    slow = shape == (3, 3) and (algorithm == "bfs" or heuristic == "misplaced")
    count = 2 if slow else 12
    for index, goal in enumerate(goals):
        table = oracle(goal)
        for tiles, distance in _samples(table, count, seed=index):
            sol = st.solve(table.board(tiles), goal, heuristic=heuristic, algorithm=algorithm)  # type: ignore[arg-type]
            assert len(sol) == distance, (tiles, goal.tiles)
            assert sol.optimal
            _replays(sol)


@pytest.mark.parametrize("weight", [1.5, 2.0, 3.0])
def test_weighted_astar_stays_within_its_bound(
    oracle: Callable[[Board], Oracle], weight: float
) -> None:
    goal = Board("4 1 7/2 0 8/6 3 5")
    table = oracle(goal)
    for tiles, distance in _samples(table, 15, seed=int(weight * 10)):
        sol = st.solve(table.board(tiles), goal, algorithm="weighted", weight=weight)
        assert distance <= len(sol) <= weight * distance
        assert not sol.optimal
        _replays(sol)


def test_greedy_and_inadmissible_heuristics_do_not_claim_optimality(
    oracle: Callable[[Board], Oracle],
) -> None:
    goal = Board.goal(3, 3)
    table = oracle(goal)
    for tiles, distance in _samples(table, 10, seed=3):
        greedy = st.solve(table.board(tiles), algorithm="greedy", heuristic="manhattan")
        guided = st.solve(table.board(tiles), heuristic="inversions")
        for sol in (greedy, guided):
            assert not sol.optimal
            assert len(sol) >= distance
            _replays(sol)


def test_custom_heuristics() -> None:
    def zero(board: Board, goal: Board) -> int:
        return 0

    board = "1 2 3/4 0 6/7 5 8"
    assert st.solve(board, heuristic=zero).optimal is False  # nothing vouches for it
    heuristics.register("test_zero_h", zero, admissible=True, consistent=True)
    try:
        sol = st.solve(board, heuristic=zero)
        assert sol.optimal
        assert sol.heuristic == "test_zero_h"
        assert len(sol) == 2
        assert st.solve(board, heuristic="test_zero_h").moves == sol.moves
    finally:
        heuristics.unregister("test_zero_h")
    with pytest.raises(TypeError, match="returned None"):
        st.solve(board, heuristic=lambda b, g: None)  # type: ignore[arg-type,return-value]
    with pytest.raises(ValueError, match="negative"):
        st.solve(board, heuristic=lambda b, g: -1)
    with pytest.raises(TypeError, match="heuristic must be"):
        st.solve(board, heuristic=3)  # type: ignore[arg-type]


def test_labelled_boards_speak_in_labels() -> None:
    sol = st.solve(
        [["C", "A", "T"], ["S", "_", "O"], ["N", "D", "G"]],
        goal=[["C", "A", "T"], ["D", "O", "G"], ["S", "N", "_"]],
    )
    assert set(sol.tile_labels) <= set("CATSONDG")
    assert sol.boards[-1].to_labels() == [["C", "A", "T"], ["D", "O", "G"], ["S", "N", "_"]]
    _replays(sol)
    small = st.solve([["b", "a"], ["c", "."]], goal=[["a", "c"], ["b", "."]])
    assert small.boards[-1].to_labels() == [["a", "c"], ["b", "."]]
    _replays(small)


def test_larger_boards_astar_and_idastar_agree() -> None:
    for seed in range(3):
        board = st.scramble(Board.goal(4, 4), 40, seed=seed)
        a = st.solve(board, algorithm="astar", heuristic="linear_conflict")
        i = st.solve(board, algorithm="idastar", heuristic="manhattan")
        assert len(a) == len(i)
        assert i.algorithm == "idastar"
        _replays(a)
        _replays(i)
    assert st.solve(st.scramble(Board.goal(4, 4), 20, seed=9)).algorithm == "idastar"


def test_single_row_and_trivial_boards() -> None:
    sol = st.solve([[1, 0, 2, 3]], goal=[[1, 2, 3, 0]])
    assert sol.moves == "RR"
    assert st.solve("1 2/3 0").moves == ""
    with pytest.raises(st.UnsolvableError, match="single row"):
        st.solve([[2, 1, 0]])


def test_bad_arguments_name_the_value() -> None:
    with pytest.raises(st.InvalidBoardError, match="duplicate tile 3"):
        st.solve([[1, 3], [3, 0]])
    with pytest.raises(st.GoalMismatchError, match="goal is 2x2"):
        st.solve("1 2 3/4 5 6/7 8 0", goal="1 2/3 0")
    with pytest.raises(st.UnknownHeuristicError, match="'nope'"):
        st.solve("1 2/0 3", heuristic="nope")
    with pytest.raises(ValueError, match="unknown algorithm 'dfs'"):
        st.solve("1 2/0 3", algorithm="dfs")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=r"weight must be a number >= 1, not 0\.5"):
        st.solve("1 2/0 3", weight=0.5)
    with pytest.raises(ValueError, match="only applies"):
        st.solve("1 2/0 3", algorithm="astar", weight=2)
    with pytest.raises(st.InvalidBoardError, match="bad goal"):
        st.solve("1 2/0 3", goal="1 1/0 3")


@pytest.mark.parametrize("algorithm", ["astar", "idastar", "bfs"])
def test_limits_stop_the_search_with_statistics(algorithm: str) -> None:
    hard = "6 4 7/8 5 0/3 2 1"
    with pytest.raises(st.SearchLimitExceeded) as info:
        st.solve(hard, algorithm=algorithm, heuristic="misplaced", max_nodes=50)  # type: ignore[arg-type]
    assert info.value.limit == "nodes"
    assert info.value.stats.expanded >= 50
    with pytest.raises(st.OutOfReachError):  # estimated past ten times 0.1 ms: refused at once
        st.solve(hard, algorithm=algorithm, heuristic="misplaced", time_limit=1e-4)  # type: ignore[arg-type]
    with pytest.warns(st.SearchCostWarning), pytest.raises(st.SearchLimitExceeded) as timed:
        st.solve(hard, algorithm=algorithm, heuristic="misplaced", time_limit=1e-4, optimal=True)  # type: ignore[arg-type]
    assert timed.value.limit == "time"


def test_progress_is_reported() -> None:
    seen: list[st.SearchStats] = []
    st.solve("6 2 7/1 0 5/8 3 4", heuristic="misplaced", progress=seen.append)  # 14,566 nodes
    assert seen
    assert all(s.expanded > 0 for s in seen)


def test_solution_str_and_len() -> None:
    sol = st.solve("1 2 3/4 0 6/7 5 8")
    assert str(sol) == "2 moves (optimal, idastar + pdb): DR"
    assert sol.length == len(sol) == 2


# -- Solution as a value -------------------------------------------------------------------


def test_solution_is_a_sequence_of_its_moves() -> None:
    sol = st.solve("8 1 3/4 0 2/7 6 5")
    assert list(sol) == list(str(sol.moves))
    assert [sol[i] for i in range(len(sol))] == list(sol)
    assert sol[-1] == str(sol.moves)[-1]
    assert sol[2:5] == str(sol.moves)[2:5]
    assert isinstance(sol[2:5], st.Moves)
    with pytest.raises(IndexError, match="out of range"):
        sol[len(sol)]
    assert not st.solve("1 2/3 0")  # no moves: an empty sequence


def test_solution_repr_is_short() -> None:
    sol = st.solve("1 2 3/4 0 6/7 5 8")
    assert repr(sol) == "<Solution 3x3: 2 moves DR (optimal, idastar + pdb)>"
    long = st.solve(st.random_board(12, 12, seed=1), optimal=False)
    assert len(repr(long)) < 120
    assert f"{len(long):,} moves" in repr(long)


def long_walk(size: int, laps: int) -> tuple[Board, str]:
    """A board and a long, legal walk of its blank (no search): from the bottom-right corner,
    along every row in turn, up to the top row, then straight down again, ``laps`` times."""
    rows_up = "".join(("L" if r % 2 == 0 else "R") * (size - 1) + "U" for r in range(size - 1))
    back = ("L" if (size - 1) % 2 == 0 else "R") * (size - 1)  # the top row, then down its side
    home = "R" * (size - 1) if back[0] == "L" else ""
    lap = rows_up + back + "D" * (size - 1) + home
    return Board.goal(size, size), lap * laps  # the blank starts bottom right


def test_boards_of_a_long_solution_are_not_all_kept() -> None:
    import tracemalloc

    start, moves = long_walk(44, 36)  # 71,208 moves, built rather than searched for
    goal = replay(start, moves)
    sol = st.Solution(
        start=start,
        goal=goal,
        moves=st.Moves(moves),
        optimal=False,
        heuristic="none",
        algorithm="reduce",
        stats=st.SearchStats(0, 0, 0, 0, 0, 0.0),
    )
    tracemalloc.start()
    try:
        last = sol.boards[-1]
        middle = sol.boards[len(sol) // 2]
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert last == sol.goal
    assert middle == replay(sol.start, sol.moves[: len(sol) // 2])
    every_board = len(sol.boards) * sol.start.size * 8  # one pointer per cell per board
    assert every_board > 1_000_000_000
    assert peak < 20_000_000


@st_settings(max_examples=60, deadline=None)
@given(
    shape=hyp.sampled_from([(2, 2), (2, 3), (3, 3), (3, 4), (4, 4)]),
    seed=hyp.integers(0, 10_000),
    length=hyp.integers(0, 400),
    data=hyp.data(),
)
def test_lazy_boards_replay_the_moves(
    shape: tuple[int, int], seed: int, length: int, data: hyp.DataObject
) -> None:
    start = st.random_board(*shape, seed=seed)
    walk = random.Random(seed)
    moves, board = [], start
    for _ in range(length):
        move = walk.choice(board.legal_moves())
        moves.append(move)
        board = board.move(move)
    stats = st.SearchStats(0, 0, 0, 0, 1, 0.0)
    sol = st.Solution(start, board, st.Moves(moves), False, "none", "test", stats)
    replayed = [start]
    for move in moves:
        replayed.append(replayed[-1].move(move))
    assert len(sol.boards) == length + 1
    assert list(sol.boards) == replayed
    assert list(reversed(sol.boards)) == replayed[::-1]
    index = data.draw(hyp.integers(-(length + 1), length))
    assert sol.boards[index] == replayed[index]
    part = slice(
        data.draw(hyp.none() | hyp.integers(-500, 500)),
        data.draw(hyp.none() | hyp.integers(-500, 500)),
        data.draw(hyp.none() | hyp.integers(-70, 70).filter(bool)),
    )
    assert list(sol.boards[part]) == replayed[part]
    assert len(sol.boards[part]) == len(replayed[part])
    with pytest.raises(IndexError):
        sol.boards[length + 1]


def test_to_dict_is_json_ready() -> None:
    import json

    sol = st.solve("8 1 3/4 0 2/7 6 5", goal="first")
    data = sol.to_dict()
    assert json.loads(json.dumps(data)) == data
    assert data["schema"] == st.Solution.JSON_SCHEMA
    assert Board(data["board"]).apply(data["moves"]) == Board(data["goal"]) == sol.goal
    assert data["length"] == len(sol)
    assert tuple(data["tiles"]) == sol.tiles
