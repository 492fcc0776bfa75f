"""Hostile and careless input (issue 16): options, boards and command lines, refused at the door.

Every option of `solve`, `solve_many` and the command line is checked once, before any work,
and a refusal is the documented class (a `SlidingTilesError` that is also the matching
built-in) naming the option and carrying the value. Hypothesis throws mixes of good and bad
values at the parsers and at the validation; the only outcomes allowed are a correct answer
or a documented error (the command line: exit 0, 1 or 2, at most one error line, no traceback).
"""

from __future__ import annotations

import contextlib
import io
import math
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import slidingtiles
from slidingtiles import (
    ALGORITHMS,
    Board,
    GoalMismatchError,
    HeuristicError,
    HeuristicTypeError,
    InvalidBoardError,
    InvalidOptionError,
    OptionTypeError,
    SearchLimitExceeded,
    SlidingTilesError,
    Solution,
    UnknownHeuristicError,
    UnsolvableError,
    board_and_goal,
    heuristics,
    solve,
    solve_many,
)
from slidingtiles.__main__ import main

NEAR = "1 2 3/4 0 6/7 5 8"  # two moves from the goal: every algorithm is instant on it
GOAL_3 = Board.goal(3, 3)

# The exceptions a caller may meet, each also a built-in (docs/errors.md).
DOCUMENTED = (SlidingTilesError,)


def _is_documented(error: BaseException) -> bool:
    return isinstance(error, SlidingTilesError) and isinstance(
        error, (ValueError, TypeError, LookupError, RuntimeError, ImportError, OSError)
    )


# -- each bad option: its class, its name, its value -----------------------------------------

BAD_OPTIONS: list[tuple[dict[str, Any], type[Exception], str]] = [
    ({"algorithm": "dfs"}, InvalidOptionError, "algorithm"),
    ({"algorithm": 5}, OptionTypeError, "algorithm"),
    ({"algorithm": None}, OptionTypeError, "algorithm"),
    ({"weight": 0.5}, InvalidOptionError, "weight"),
    ({"weight": math.nan}, InvalidOptionError, "weight"),
    ({"weight": math.inf}, InvalidOptionError, "weight"),
    ({"weight": -2}, InvalidOptionError, "weight"),
    ({"weight": "2"}, OptionTypeError, "weight"),
    ({"weight": True}, OptionTypeError, "weight"),
    ({"weight": 2, "algorithm": "astar"}, InvalidOptionError, "weight"),
    ({"weight": 2, "algorithm": "reduce"}, InvalidOptionError, "weight"),
    ({"weight": 2, "algorithm": "bfs"}, InvalidOptionError, "weight"),
    ({"time_limit": math.nan}, InvalidOptionError, "time_limit"),
    ({"time_limit": -1}, InvalidOptionError, "time_limit"),
    ({"time_limit": 0}, InvalidOptionError, "time_limit"),
    ({"time_limit": "1"}, OptionTypeError, "time_limit"),
    ({"time_limit": True}, OptionTypeError, "time_limit"),
    ({"time_limit": [1]}, OptionTypeError, "time_limit"),
    ({"max_nodes": "10"}, OptionTypeError, "max_nodes"),
    ({"max_nodes": math.nan}, OptionTypeError, "max_nodes"),
    ({"max_nodes": 1.5}, OptionTypeError, "max_nodes"),
    ({"max_nodes": True}, OptionTypeError, "max_nodes"),
    ({"max_nodes": 0}, InvalidOptionError, "max_nodes"),
    ({"max_nodes": -5}, InvalidOptionError, "max_nodes"),
    ({"max_memory": 0}, InvalidOptionError, "max_memory"),
    ({"max_memory": "1"}, OptionTypeError, "max_memory"),
    # Limits on the generic search's paths are checked at the same door.
    ({"max_memory": -1, "algorithm": "astar"}, InvalidOptionError, "max_memory"),
    ({"time_limit": math.nan, "algorithm": "astar"}, InvalidOptionError, "time_limit"),
    ({"max_nodes": "3", "algorithm": "bfs"}, OptionTypeError, "max_nodes"),
    ({"time_limit": -1, "algorithm": "reduce"}, InvalidOptionError, "time_limit"),
    ({"max_nodes": -5, "algorithm": "reduce"}, InvalidOptionError, "max_nodes"),
    ({"progress": "yes"}, OptionTypeError, "progress"),
    ({"progress": 5}, OptionTypeError, "progress"),
    ({"optimal": "no"}, OptionTypeError, "optimal"),
    ({"optimal": 0}, OptionTypeError, "optimal"),  # True, False or None (the default)
    ({"build_tables": "no"}, OptionTypeError, "build_tables"),
    ({"build_tables": 0.5}, OptionTypeError, "build_tables"),
    ({"heuristic": 5}, OptionTypeError, "heuristic"),
    ({"heuristic": None}, OptionTypeError, "heuristic"),
    ({"blank": []}, OptionTypeError, "blank"),
]


def _ids(case: tuple[dict[str, Any], type[Exception], str]) -> str:
    return ",".join(f"{k}={v!r}"[:30] for k, v in case[0].items())


@pytest.mark.parametrize(("options", "kind", "option"), BAD_OPTIONS, ids=map(_ids, BAD_OPTIONS))
def test_each_bad_option_raises_the_documented_class_naming_it(
    options: dict[str, Any], kind: type[Exception], option: str
) -> None:
    with pytest.raises(kind) as caught:
        solve(NEAR, **options)
    error = caught.value
    assert isinstance(error, SlidingTilesError)
    assert isinstance(error, ValueError)  # InvalidOptionError is a ValueError...
    assert isinstance(error, TypeError) == (kind is OptionTypeError)  # ...the type errors too
    assert error.option == option  # type: ignore[attr-defined]
    value = options[option]
    if option != "heuristic":
        assert error.value is value  # type: ignore[attr-defined]
        assert option in str(error)


# A heuristic's values are seen only on a board: those are refused per board, not at the door,
# with the heuristic's own error (a ValueError; a TypeError too when the value is no number).
BAD_VALUES = [
    (lambda board, goal: -1, HeuristicError),
    (lambda board, goal: None, HeuristicTypeError),
    (lambda board, goal: math.nan, HeuristicError),
]


@pytest.mark.parametrize(("heuristic", "kind"), BAD_VALUES, ids=["-1", "None", "nan"])
def test_a_heuristic_with_bad_values_raises_its_documented_class_naming_it_and_the_board(
    heuristic: Callable[[Any, Any], Any], kind: type[Exception]
) -> None:
    with pytest.raises(kind) as caught:
        solve(NEAR, heuristic=heuristic)
    error = caught.value
    assert isinstance(error, SlidingTilesError)
    assert isinstance(error, ValueError)
    assert isinstance(error, TypeError) == (kind is HeuristicTypeError)
    assert error.heuristic == "<lambda>"  # type: ignore[attr-defined]
    assert error.board is not None  # type: ignore[attr-defined]
    assert "<lambda>" in str(error)


BAD_AT_THE_DOOR = [case for case in BAD_OPTIONS if not callable(case[0].get("heuristic"))]


@pytest.mark.parametrize(
    ("options", "kind", "option"), BAD_AT_THE_DOOR, ids=map(_ids, BAD_AT_THE_DOOR)
)
def test_solve_many_refuses_the_same_options_before_the_first_board(
    options: dict[str, Any], kind: type[Exception], option: str
) -> None:
    reached: list[int] = []

    def boards() -> Any:
        reached.append(1)
        yield NEAR

    with pytest.raises(kind):
        solve_many(boards(), **options)
    assert reached == []  # refused at the call, not once per board


def test_options_are_checked_before_the_board_is_read() -> None:
    with pytest.raises(InvalidOptionError):
        solve("not a board at all", time_limit=math.nan)
    with pytest.raises(UnknownHeuristicError, match="'nope'"):
        solve("1 2 3/4 5 6/8 7 0", heuristic="nope")  # unsolvable, but the option comes first


@pytest.mark.parametrize(
    ("call", "kind"),
    [
        (lambda: solve_many([NEAR], executor=5), OptionTypeError),
        (lambda: solve_many([NEAR], workers=0), InvalidOptionError),
        (lambda: solve_many([NEAR], workers="2"), OptionTypeError),
        (lambda: solve_many([NEAR], workers=2, executor=map), InvalidOptionError),
        (lambda: solve_many([NEAR], ordered="yes"), OptionTypeError),
        (lambda: solve_many([NEAR], progress="yes"), OptionTypeError),
        (lambda: solve_many([NEAR], heurstic="manhattan"), OptionTypeError),
        (lambda: solve_many(NEAR), OptionTypeError),
        (lambda: solve_many([NEAR], goal="1 2/3"), InvalidBoardError),
        (lambda: solve_many([NEAR], goal=[["a", "a"], ["b", None]]), InvalidBoardError),
        (lambda: solve_many([NEAR], heuristic="nope"), UnknownHeuristicError),
    ],
)
def test_solve_many_own_options(call: Callable[[], object], kind: type[Exception]) -> None:
    with pytest.raises(kind) as caught:
        call()
    assert _is_documented(caught.value)


# -- mixes of good and bad options: an answer or a documented error ---------------------------


def _reaches_goal(solution: Solution, start: str, goal: Board) -> bool:
    return Board(start).apply(str(solution.moves)) == goal


def _odd(*values: Any) -> st.SearchStrategy[Any]:
    return st.sampled_from(values)


OPTION_VALUES: dict[str, st.SearchStrategy[Any]] = {
    "heuristic": st.one_of(
        st.sampled_from(["auto", "nope", "", *heuristics.names()]),
        _odd(5, None, heuristics.get("manhattan"), lambda b, g: 0, lambda b, g: -1),
    ),
    "algorithm": st.one_of(st.sampled_from(ALGORITHMS), _odd("dfs", 1, None, "")),
    "weight": _odd(None, 1, 1.5, 3, 0.5, 0, -1, math.nan, math.inf, "2", True),
    "max_nodes": _odd(None, 1, 2, 5, 10_000, 0, -1, 1.5, "10", True, math.nan),
    "time_limit": _odd(None, 5, 0.5, math.inf, 0, -1, math.nan, "1", True),
    "max_memory": _odd(None, 1, 10**9, 0, -1, "1"),
    "progress": _odd(None, lambda stats: None, "yes", 3),
    "optimal": _odd(True, False, "no", None, 0),
    "build_tables": _odd(True, False, "no", None),
}


@given(
    board=st.sampled_from([NEAR, "1 2 3/4 5 6/7 8 0", "4 1 2/5 0 3", "1 2 3/4 5 6/8 7 0"]),
    goal=_odd(None, "first", "last", "1 2 3/4 5 6/7 8 0", "1 2/3 0", "0 1 2/3 4 5"),
    options=st.fixed_dictionaries({}, optional=OPTION_VALUES),
)
def test_any_mix_of_options_gives_an_answer_or_a_documented_error(
    board: str, goal: Any, options: dict[str, Any]
) -> None:
    try:
        solution = solve(board, goal, **options)
    except SlidingTilesError as error:
        refused: SlidingTilesError | None = error
    else:
        refused = None
    if refused is not None:
        assert _is_documented(refused), repr(refused)
        if isinstance(refused, InvalidOptionError):
            assert refused.option in OPTION_VALUES, refused.option
            assert refused.value is options[refused.option] or refused.option == "heuristic"
        return
    target = board_and_goal(board, goal)[1]
    assert _reaches_goal(solution, board, target)
    if solution.optimal and options.get("heuristic") not in ("inversions",):
        assert len(solution.moves) == len(solve(board, goal, algorithm="bfs").moves)


# -- boards: text and values of any shape ---------------------------------------------------

TEXT = st.text(alphabet="0123456789 /\n\t,;#_.-xA+", max_size=40)


@given(text=TEXT)
def test_board_text_parses_or_is_refused_naming_it(text: str) -> None:
    try:
        board = Board(text)
    except InvalidBoardError as error:
        message = str(error)
    else:
        assert Board(board.to_text()) == board
        return
    assert message


VALUES = st.recursive(
    st.one_of(
        st.integers(-3, 12),
        st.floats(allow_nan=True),
        st.booleans(),
        st.none(),
        st.sampled_from(["a", "b", "_", "", "."]),
        st.just(10**30),
    ),
    lambda inner: st.lists(inner, max_size=5) | st.tuples(inner, inner),
    max_leaves=20,
)


@given(value=VALUES, shape=st.one_of(st.none(), st.tuples(st.integers(-2, 4), st.integers(-2, 4))))
def test_board_values_parse_or_are_refused(value: Any, shape: Any) -> None:
    with contextlib.suppress(InvalidBoardError):
        Board(value, shape)


@given(board=VALUES, goal=st.one_of(st.none(), VALUES, st.sampled_from(["first", "x"])))
def test_board_and_goal_pairs_parse_or_are_refused(board: Any, goal: Any) -> None:
    try:
        start, target = board_and_goal(board, goal)
    except (InvalidBoardError, GoalMismatchError):
        return
    assert start.shape == target.shape
    assert sorted(start.tiles) == sorted(target.tiles)


def test_labels_of_mixed_types_are_solved_with_a_goal() -> None:
    board = [[1, "a"], ["b", None]]
    goal = [["a", "b"], [1, None]]
    solution = solve(board, goal)
    start, target = board_and_goal(board, goal)
    assert start.apply(str(solution.moves)) == target
    with pytest.raises(InvalidBoardError, match="give the goal as rows of labels") as caught:
        solve(board)
    assert "order=" not in str(caught.value)  # solve has no such argument
    with pytest.raises(InvalidBoardError, match="not hashable"):
        solve([[[1], "a"], ["b", None]], [["a", "b"], [[1], None]])


# -- the command line: exit 0, 1 or 2, at most one error line, never a traceback -------------

# fmt: off
COMMAND_WORDS = st.lists(
    st.sampled_from(
        [
            "solve", "check", "random", "heuristics", "batch", "pdb", "build", "list", "clear",
            "verify", NEAR, "1 2/3 0", "1 2 3/4 5 6/8 7 0", "x", "-", "2x3", "0x3", "-1", "3x",
            "--heuristic", "manhattan", "nope", "--algorithm", "astar", "dfs", "--weight", "0.5",
            "2", "nan", "--time-limit", "-1", "inf", "--max-nodes", "0", "10", "--goal", "first",
            "1 2/3", "--format", "json", "xml", "--moves", "--seed", "--workers", "--cache-dir",
            "--suboptimal", "--partition", "6-6-3",
        ]
    ),
    max_size=7,
)
# fmt: on


def _run(argv: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(argv)
    return code, out.getvalue(), err.getvalue()


@given(words=COMMAND_WORDS)
def test_any_command_line_exits_0_1_or_2_with_at_most_one_error_line(words: list[str]) -> None:
    argv = list(words)
    if "build" in argv and "pdb" in argv:
        argv = [w for w in argv if w != "build"]  # a table build may take seconds: not here
    if "solve" in argv or "batch" in argv:
        argv += ["--max-nodes", "20000"]  # a search on a board from the vocabulary is short
    code, _, err = _run(argv)
    assert code in (0, 1, 2), (argv, code, err)
    assert "Traceback" not in err
    errors = [line for line in err.splitlines() if line.startswith("slidingtiles: error:")]
    assert len(errors) <= 1, err
    if code == 2 and not err.startswith("usage:"):  # no command at all: the help, as argparse
        assert len(errors) == 1, (argv, err)


@pytest.mark.parametrize(
    ("argv", "needle"),
    [
        (["--heuristic", "nope"], "unknown heuristic 'nope'"),
        (["--goal", "1 2/3"], "bad goal"),
        (["--goal", "x"], "bad goal"),
        (["--algorithm", "astar", "--weight", "2"], "weight"),
    ],
)
def test_batch_refuses_a_bad_option_once_before_any_board(
    tmp_path: Path, argv: list[str], needle: str
) -> None:
    boards = tmp_path / "boards.txt"
    boards.write_text(f"{NEAR}\n{NEAR}\n1 2/0 3\n")
    code, out, err = _run(["batch", str(boards), *argv])
    assert code == 2
    assert out == ""  # not one line per board
    assert len(err.strip().splitlines()) == 1
    assert needle in err


def test_a_bad_option_from_python_and_from_the_command_line_say_the_same() -> None:
    with pytest.raises(InvalidOptionError) as caught:
        solve(NEAR, weight=2.0, algorithm="astar")
    code, _, err = _run(["solve", NEAR, "--weight", "2", "--algorithm", "astar"])
    assert code == 2
    assert str(caught.value) in err


def test_public_package_lists_every_documented_error_it_exports() -> None:
    exported = {name for name in slidingtiles.__all__ if name.endswith("Error")}
    for name in exported:
        kind = getattr(slidingtiles, name)
        assert issubclass(kind, SlidingTilesError) or kind is SlidingTilesError
        assert kind is SlidingTilesError or issubclass(
            kind, (ValueError, TypeError, LookupError, RuntimeError, ImportError, OSError)
        )


def test_limits_still_answer_with_the_documented_error() -> None:
    hard = "8 6 7/2 5 4/3 0 1"
    with pytest.raises(SearchLimitExceeded) as caught:
        solve(hard, heuristic="manhattan", max_nodes=5)
    assert caught.value.limit == "nodes"
    assert caught.value.stats.expanded == 5
    with pytest.raises(UnsolvableError):
        solve("1 2 3/4 5 6/8 7 0", max_nodes=5)
