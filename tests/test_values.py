"""Boards as Python values (len, iter, indexing, evolve, to_dict), numpy input, and the types.

Imports from ``slidingtiles._*`` here are of internal units that have no public name.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
import textwrap
from pathlib import Path

import attrs
import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import slidingtiles
from slidingtiles import (
    Board,
    InvalidBoardError,
    board_and_goal,
    is_solvable,
    random_board,
    scramble,
    solve,
    solve_many,
)
from slidingtiles._cli.output import board_json

INT_DTYPES = ["int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64"]


@st.composite
def boards(draw: st.DrawFn, max_side: int = 5) -> Board:
    rows = draw(st.integers(1, max_side))
    cols = draw(st.integers(2 if rows == 1 else 1, max_side))
    return Board(list(draw(st.permutations(range(rows * cols)))), shape=(rows, cols))


# -- numpy input -----------------------------------------------------------------------------


@given(boards(), st.sampled_from(INT_DTYPES))
def test_numpy_arrays_give_the_same_boards_as_lists(board: Board, dtype: str) -> None:
    grid = np.array(board.to_rows(), dtype=dtype)
    assert Board(grid) == board
    assert Board(grid.ravel(), shape=grid.shape) == board
    assert Board(grid.ravel(), shape=np.array(grid.shape)) == board
    assert Board([[np.dtype(dtype).type(t) for t in row] for row in board.to_rows()]) == board
    assert Board(list(grid)) == board  # a list of 1-D arrays: rows
    assert board_and_goal(grid, grid)[1] == board
    if board.rows == board.cols:
        assert Board(grid.ravel()) == board
        assert Board(list(grid.ravel())) == board  # a flat list of numpy integers


def test_solve_takes_numpy_boards_and_goals() -> None:
    rows = [[8, 1, 3], [4, 0, 2], [7, 6, 5]]
    expected = solve(rows, heuristic="manhattan")
    assert solve(np.array(rows), heuristic="manhattan").moves == expected.moves
    assert solve(np.array(rows).ravel(), heuristic="manhattan").moves == expected.moves
    numpy_tiles = [list(row) for row in np.array(rows, dtype=np.int64)]  # lists of np.int64
    assert solve(numpy_tiles, heuristic="manhattan").moves == expected.moves
    goal = np.arange(9).reshape(3, 3)
    first = solve(rows, goal="first", heuristic="manhattan")
    assert solve(np.array(rows), goal=goal, heuristic="manhattan").moves == first.moves
    assert is_solvable(np.array(rows))
    assert not is_solvable(np.array([[1, 2], [3, 0]]).T)


def test_labelled_boards_from_numpy_string_arrays() -> None:
    board, goal = np.array([["C", "A"], ["B", "_"]]), np.array([["A", "B"], ["C", "_"]])
    expected = solve([["C", "A"], ["B", "_"]], goal=[["A", "B"], ["C", "_"]])
    assert solve(board, goal=goal).moves == expected.moves
    assert Board.labelled(board) == Board.labelled([["C", "A"], ["B", "_"]])
    assert Board.labelled(board, order=np.array(["C", "B", "A"])).tiles == (1, 3, 2, 0)


@pytest.mark.parametrize(
    ("bad", "named"),
    [
        (np.array([[1.0, 2.0], [3.0, 0.0]]), "tile 1.0 is not an integer"),
        ([np.float64(1.0), 2, 3, 0], r"tile np.float64\(1.0\) is not an integer"),
        ([[1, 2], [3, 0.0]], "tile 0.0 is not an integer"),
        (np.array([[True, False], [True, True]]), "tile True is not an integer"),
        (np.zeros((2, 2, 2), dtype=int), r"1 or 2 dimensions, not 3 \(shape \(2, 2, 2\)\)"),
        (np.array(5), "not array"),
        (np.arange(6), "6 tiles do not make a square"),
        (np.array([[1, 2], [3, 3]]), "duplicate tile 3"),
    ],
)
def test_numpy_values_that_are_not_boards_are_named(bad: object, named: str) -> None:
    with pytest.raises(InvalidBoardError, match=named):
        solve(bad)  # type: ignore[arg-type]
    with pytest.raises(InvalidBoardError, match=named):
        Board(bad)  # type: ignore[arg-type]


def test_numpy_integers_as_sizes_shapes_and_move_counts() -> None:
    assert Board.goal(np.int64(2), np.uint8(3)) == Board.goal(2, 3)
    assert Board.goal(np.int64(2), 3).rows.__class__ is int
    assert random_board(np.int32(3), np.int64(3), seed=np.int64(5)) == random_board(3, 3, seed=5)
    goal = Board.goal(3, 3)
    assert scramble(goal, np.int16(30), seed=np.uint32(9)) == scramble(goal, 30, seed=9)
    with pytest.raises(InvalidBoardError, match="two integers"):
        Board.goal(np.float64(3.0), 3)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="whole number"):
        scramble(goal, np.float64(3.0))  # type: ignore[arg-type]


@given(st.integers(0, 2**64), st.sampled_from([(3, 3), (4, 4), (2, 5), (1, 4)]))
def test_numpy_generator_seeds_are_reproducible(seed: int, shape: tuple[int, int]) -> None:
    board = random_board(*shape, seed=np.random.default_rng(seed))
    assert board == random_board(*shape, seed=np.random.default_rng(seed))
    # Documented: 32 bytes from the generator seed a random.Random, which makes the draws.
    drawn = int.from_bytes(np.random.default_rng(seed).bytes(32), "little")
    assert board == random_board(*shape, seed=random.Random(drawn))
    assert is_solvable(board)
    goal = Board.goal(*shape)
    walk = scramble(goal, 25, seed=np.random.default_rng(seed))
    assert walk == scramble(goal, 25, seed=random.Random(drawn))


def test_a_generator_advances_and_a_random_state_works_too() -> None:
    rng = np.random.default_rng(1)
    draws = [random_board(4, 4, seed=rng) for _ in range(5)]
    assert len(set(draws)) == 5  # the generator advances like a random.Random
    replay = np.random.default_rng(1)
    assert [random_board(4, 4, seed=replay) for _ in range(5)] == draws
    legacy = random_board(4, 4, seed=np.random.RandomState(3))
    assert legacy == random_board(4, 4, seed=np.random.RandomState(3))
    drawn = int.from_bytes(np.random.RandomState(3).bytes(32), "little")
    assert legacy == random_board(4, 4, seed=random.Random(drawn))


def test_scramble_on_a_single_row_bounces_at_the_ends() -> None:
    line = Board.goal(1, 4)
    walked = [scramble(line, 25, seed=seed) for seed in range(20)]
    assert all(is_solvable(board) for board in walked)
    assert scramble(Board.goal(4, 1), 7, seed=1).shape == (4, 1)


@pytest.mark.parametrize("bad", [1.5, True, "7", np.float64(2.0), object()])
def test_other_seeds_are_refused(bad: object) -> None:
    with pytest.raises(TypeError, match="seed must be"):
        random_board(3, 3, seed=bad)  # type: ignore[arg-type]


def test_plain_boards_never_load_numpy() -> None:
    script = textwrap.dedent(
        """
        import sys
        import slidingtiles as st
        board = st.Board([[8, 1, 3], [4, 0, 2], [7, 6, 5]])
        st.random_board(4, 4, seed=1), st.scramble(board, 10, seed=2), st.is_solvable(board)
        st.board_and_goal([["C", "A"], ["B", "_"]], [["A", "B"], ["C", "_"]])
        list(board), board.to_dict(), st.Board(board.to_rows(), labels=range(9))
        assert "numpy" not in sys.modules, "numpy was loaded"
        """
    )
    # The numba engine needs numpy at import; the board layer itself must not.
    env = {**os.environ, "SLIDINGTILES_IMPLEMENTATION": "python"}
    subprocess.run([sys.executable, "-c", script], check=True, env=env)


# -- a board behaves like a tuple of rows ----------------------------------------------------


def test_len_iter_and_indexing_follow_the_rows() -> None:
    board = Board("1 2 3/4 5 0")
    assert len(board) == 2
    assert board.size == 6
    assert list(board) == [(1, 2, 3), (4, 5, 0)] == [board[0], board[1]]
    assert board[-1] == (4, 5, 0)
    assert board[np.int64(0)] == (1, 2, 3)
    assert board[1, 1] == 5
    assert board[np.int64(1), np.int64(0)] == 4
    assert 5 in board
    assert 0 in board
    assert 6 not in board
    assert "5" not in board
    assert np.array(board).tolist() == board.to_rows()
    with pytest.raises(IndexError, match="row 2 is outside the 2x3 board"):
        board[2]
    with pytest.raises(IndexError, match="row -3"):
        board[-3]
    with pytest.raises(IndexError, match=r"\(0, 3\)"):
        board[0, 3]
    with pytest.raises(TypeError, match="row number or"):
        board["0"]  # type: ignore[call-overload]
    with pytest.raises(TypeError, match="two integers"):
        board[0, 1, 2]  # type: ignore[index]


@given(boards())
def test_a_board_rebuilds_from_its_rows(board: Board) -> None:
    rows = list(board)
    assert len(rows) == len(board) == board.rows
    assert Board(rows) == board
    assert [tile for row in board for tile in row] == list(board.tiles)


def test_evolve_builds_a_validated_board() -> None:
    board = Board("1 2 3/4 5 0")
    moved = attrs.evolve(board, tiles=(1, 2, 0, 4, 5, 3))
    assert moved == board.move("U")
    assert hash(moved) == hash(board.move("U"))
    assert attrs.evolve(board) == board
    assert attrs.evolve(board, shape=(3, 2)) == Board([[1, 2], [3, 4], [5, 0]])
    labelled = attrs.evolve(board, labels="_abcde")
    assert str(labelled) == "a b c\nd e _"
    with pytest.raises(InvalidBoardError, match="duplicate tile 2"):
        attrs.evolve(board, tiles=(1, 2, 2, 4, 5, 0))
    with pytest.raises(InvalidBoardError, match="a 2x2 board needs 4 tiles, got 6"):
        attrs.evolve(board, shape=(2, 2))
    with pytest.raises(InvalidBoardError, match="labels must be distinct"):
        attrs.evolve(board, labels="aaaaaa")


def test_repr_is_short_and_round_trips() -> None:
    board = Board("1 2 3/4 5 0")
    assert repr(board) == "Board([[1, 2, 3], [4, 5, 0]])"
    assert eval(repr(attrs.evolve(board)), {"Board": Board}) == board


# -- to_dict ---------------------------------------------------------------------------------


@given(boards())
def test_to_dict_is_json_ready_and_rebuilds_the_board(board: Board) -> None:
    data = board.to_dict()
    assert json.loads(json.dumps(data)) == data
    assert data == {
        "rows": board.to_rows(),
        "shape": [board.rows, board.cols],
        "blank": list(board.blank_position),
    }
    assert data["rows"] == board_json(board)  # the rows the command line prints
    assert Board(data["rows"], labels=data.get("labels")) == board


def test_to_dict_of_a_labelled_board() -> None:
    board = Board.labelled([["C", "A"], ["B", None]])
    data = board.to_dict()
    assert data == {
        "rows": [[3, 1], [2, 0]],
        "shape": [2, 2],
        "blank": [1, 1],
        "labels": [None, "A", "B", "C"],
    }
    assert json.loads(json.dumps(data)) == data
    assert Board(data["rows"], labels=data["labels"]) == board
    odd = Board([[1, 0]], labels=[("blank",), frozenset({1})]).to_dict()
    assert odd["labels"] == ["('blank',)", "frozenset({1})"]  # not JSON types: their str


# -- batches ---------------------------------------------------------------------------------


def test_solve_many_refuses_a_single_board_and_takes_a_stack_of_arrays() -> None:
    for one in ("1 2 3/4 5 6/7 0 8", Board("1 2 3/4 5 6/7 0 8")):
        with pytest.raises(TypeError, match="not one board"):
            solve_many(one)
    stack = np.array([[[1, 2], [0, 3]], [[0, 1], [3, 2]]])
    results = list(solve_many(stack, heuristic="manhattan"))
    assert [r.solution.moves if r.solution else r.error for r in results] == ["R", "RD"]


# -- types -----------------------------------------------------------------------------------

TYPED_USE = """
import random
import attrs
import numpy as np
import slidingtiles as st
from slidingtiles import Board, heuristics

st.solve([["C", "A"], ["B", "_"]], goal=[["A", "B"], ["C", "_"]])
st.solve(np.array([[1, 2, 3], [4, 5, 6], [7, 0, 8]]))
st.solve([[np.int64(1), np.int64(2)], [np.int64(0), np.int64(3)]])
st.solve(np.arange(9), goal=np.arange(9).reshape(3, 3))
Board(np.arange(6), shape=np.zeros((2, 3)).shape)
Board.labelled(np.array([["B", "A"], ["C", "_"]]))
st.random_board(np.int64(3), 3, seed=np.random.default_rng(5))
st.random_board(3, 3, seed=np.random.RandomState(5))
st.scramble(Board.goal(3, 3), np.int64(10), seed=np.int64(4))
st.scramble(Board.goal(3, 3), 10, seed=random.Random(4))
name: str = "idastar"
st.solve("1 2 3/4 5 6/7 0 8", algorithm=name)


def half(board: Board, goal: Board) -> float:
    return board.manhattan(goal) / 2


st.solve("1 2 3/4 5 6/7 0 8", heuristic=half)
heuristics.register("half", half, admissible=True)
result = next(st.solve_many(["1 2 3/4 5 6/7 0 8"]))
reveal_type(result.solution)
board = Board("1 2/3 0")
rows: list[tuple[int, ...]] = list(board)
row: tuple[int, ...] = board[0]
tile: int = board[0, 1]
count: int = len(board)
evolved: Board = attrs.evolve(board, tiles=(1, 0, 3, 2))
"""


def _mypy(tmp_path: Path, source: str) -> tuple[str, int]:
    api = pytest.importorskip("mypy.api")
    snippet = tmp_path / "snippet.py"
    snippet.write_text(source)
    cache = tmp_path / "mypy-cache"
    out, err, status = api.run(["--strict", "--cache-dir", str(cache), str(snippet)])
    return out + err, status


@pytest.mark.slow  # a mypy run; CI's `mypy --strict` checks the package itself in every run
def test_typical_calls_pass_mypy_strict(tmp_path: Path) -> None:
    output, status = _mypy(tmp_path, TYPED_USE)
    assert status == 0, output
    assert 'Revealed type is "slidingtiles._solve.solution.Solution | None"' in output
    # The check can fail: a plain mistake is reported.
    output, status = _mypy(tmp_path, "import slidingtiles as st\nst.solve(3.5)\n")
    assert status == 1, output
    assert "arg-type" in output, output


def test_the_readme_labelled_call_runs() -> None:
    sol = slidingtiles.solve([["C", "A"], ["B", "_"]], goal=[["A", "B"], ["C", "_"]])
    assert sol.goal.to_labels() == [["A", "B"], ["C", "_"]]
