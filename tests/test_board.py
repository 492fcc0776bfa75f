"""Board construction, parsing, formatting, moves and validation."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from slidingtiles import Board, InvalidBoardError, InvalidMoveError, Moves


@st.composite
def boards(draw: st.DrawFn, max_side: int = 5) -> Board:
    rows = draw(st.integers(1, max_side))
    cols = draw(st.integers(2 if rows == 1 else 1, max_side))
    tiles = draw(st.permutations(range(rows * cols)))
    return Board(list(tiles), shape=(rows, cols))


def test_every_input_form_gives_the_same_board() -> None:
    expected = Board([[8, 1, 3], [4, 0, 2], [7, 6, 5]])
    forms = [
        [8, 1, 3, 4, 0, 2, 7, 6, 5],
        ((8, 1, 3), (4, 0, 2), (7, 6, 5)),
        "8 1 3/4 0 2/7 6 5",
        "8 1 3\n4 0 2\n7 6 5\n",
        "3\n 8  1  3\n 4  0  2\n 7  6  5\n",
        "8,1,3 / 4,_,2 / 7,6,5",
        "# a comment\n8 1 3\n4 . 2\n7 6 5",
        "8 1 3 4 0 2 7 6 5",
        expected,
    ]
    for form in forms:
        assert Board(form) == expected, form
    assert Board([8, 1, 3, 4, 0, 2, 7, 6, 5], shape=(3, 3)) == expected


def test_rectangular_cos226_header() -> None:
    board = Board.parse("2 3\n1 2 3\n4 0 5\n")
    assert board.shape == (2, 3)
    assert board.tiles == (1, 2, 3, 4, 0, 5)
    assert Board.parse(board.to_cos226()) == board


def test_goal_constructor() -> None:
    assert Board.goal(3, 3).tiles == (1, 2, 3, 4, 5, 6, 7, 8, 0)
    assert Board.goal(2, 3, blank="first").tiles == (0, 1, 2, 3, 4, 5)
    with pytest.raises(InvalidBoardError, match="middle"):
        Board.goal(3, 3, blank="middle")  # type: ignore[arg-type]


@given(boards())
def test_text_forms_round_trip(board: Board) -> None:
    assert eval(repr(board), {"Board": Board}) == board
    assert Board.parse(board.to_cos226()) == board
    if board.rows > 1:
        assert Board.parse(board.to_text()) == board
    assert hash(Board(board.to_rows())) == hash(board)


def test_str_is_a_readable_grid() -> None:
    assert str(Board("1 2 3/4 5 6/7 8 0")) == "1 2 3\n4 5 6\n7 8 ."
    assert str(Board.goal(4, 4)).splitlines()[3] == "13 14 15  ."


@pytest.mark.parametrize(
    ("value", "message"),
    [
        ([[1, 2], [3, 3]], "duplicate tile 3"),
        ([[1, 2], [3, 4]], "tile 4 is out of range"),
        ([[1, 2, 0], [3, 4]], "row 2 has 2 tiles"),
        ([[1, "x"], [3, 0]], "'x' is not an integer"),
        ([[1, 2.0], [3, 0]], "2.0 is not an integer"),
        ([[True, 2], [3, 0]], "True is not an integer"),
        ([[0]], "at least 2 cells"),
        ([], "empty"),
        ([1, 2, 0], "do not make a square"),
        ("1 2 3/4 5 6/7 8 x", "'x' is not a tile number"),
        ("", "empty board text"),
        ("3\n1 2 3\n4 5 6\n", "header says 3x3"),
        (None, "not None"),
        (42, "not 42"),
        ([[1, 2], 3], "mix of rows"),
        ([[-1, 2], [3, 0]], "tile -1 is out of range"),
    ],
)
def test_bad_boards_name_the_problem(value: object, message: str) -> None:
    with pytest.raises(InvalidBoardError, match=message) as info:
        Board(value)  # type: ignore[arg-type]
    assert isinstance(info.value, ValueError)
    assert info.value.value is not None or value is None


def test_absurd_sizes_are_refused_quickly() -> None:
    with pytest.raises(InvalidBoardError, match="limit"):
        Board.goal(10**6, 10**6)
    with pytest.raises(InvalidBoardError, match="two integers"):
        Board.goal(3.5, 3)  # type: ignore[arg-type]


def test_duplicate_blank_is_named() -> None:
    with pytest.raises(InvalidBoardError, match=r"duplicate blank"):
        Board([[0, 1], [0, 2]])


def test_cells_positions_and_views() -> None:
    board = Board("8 1 3/4 0 2/7 6 5")
    assert board[0, 0] == 8
    assert board.position(2) == (1, 2)
    assert board.blank == 4
    assert board.blank_position == (1, 1)
    assert board.size == 9
    assert board.to_rows() == [[8, 1, 3], [4, 0, 2], [7, 6, 5]]
    with pytest.raises(IndexError):
        board[3, 0]
    with pytest.raises(InvalidBoardError, match="tile 9"):
        board.position(9)


def test_moves_and_neighbours() -> None:
    board = Board("1 2 3/4 0 5/6 7 8")
    assert board.legal_moves() == "UDLR"
    assert board.move("U") == Board("1 0 3/4 2 5/6 7 8")
    assert board.move("right") == Board("1 2 3/4 5 0/6 7 8")
    assert dict(board.neighbors())["D"] == Board("1 2 3/4 7 5/6 0 8")
    assert board.slide(7) == board.move("D")
    corner = Board.goal(3, 3)
    with pytest.raises(InvalidMoveError, match="off the 3x3 board"):
        corner.move("D")
    with pytest.raises(InvalidMoveError, match=r"move 2 of 'UDD'"):
        corner.apply("UDD")
    with pytest.raises(InvalidMoveError, match="not next to the blank"):
        corner.slide(1)
    with pytest.raises(InvalidMoveError, match="'X'"):
        corner.apply("UX")


@given(boards(), st.lists(st.sampled_from("UDLR"), max_size=30))
def test_moves_undo(board: Board, letters: list[str]) -> None:
    legal = ""
    current = board
    for letter in letters:
        if letter in current.legal_moves():
            current = current.move(letter)
            legal += letter
    assert board.apply(legal) == current
    assert current.apply(Moves(legal).inverse()) == board


def test_moves_string() -> None:
    moves = Moves(["up", "L", "down"])
    assert moves == "ULD"
    assert isinstance(moves, str)
    assert moves.inverse() == "URD"
    assert moves.as_tile_moves() == "DRU"
    assert moves.words() == ("up", "left", "down")
    with pytest.raises(InvalidMoveError, match="'Q'"):
        Moves("UQ")


@given(boards())
def test_transpose_twice_is_identity(board: Board) -> None:
    assert board.transpose().transpose() == board
    assert board.transpose().shape == (board.cols, board.rows)


def test_labelled_boards() -> None:
    board = Board.labelled([["C", "A"], ["B", None]])
    assert board.labels == (None, "A", "B", "C")
    assert board.tiles == (3, 1, 2, 0)
    assert board.label(3) == "C"
    assert board.to_labels() == [["C", "A"], ["B", None]]
    words = Board.labelled(
        [["two", "one"], ["three", "-"]], blank="-", order=["one", "two", "three"]
    )
    assert words.tiles == (2, 1, 3, 0)
    assert eval(repr(words), {"Board": Board}) == words
    with pytest.raises(InvalidBoardError, match="more than once"):
        Board.labelled([["A", "A"], ["B", "_"]])
    with pytest.raises(InvalidBoardError, match="cannot tell the blank"):
        Board.labelled([["A", "B"], ["C", "D"]])
    with pytest.raises(InvalidBoardError, match="not shared"):
        Board.labelled([["A", "B"], ["C", "_"]], order="ABD")


def test_cos226_conveniences() -> None:
    board = Board("8 1 3/4 0 2/7 6 5")
    assert board.hamming() == 5
    assert board.manhattan() == 10


def test_labelled_blank_without_visible_label_prints_a_dot() -> None:
    assert str(Board.labelled([["dog", "cat"], ["emu", None]])) == "dog cat\nemu   ."
