"""Issue 34's classes 4, 5, 9-13, each at its root (class 6, the clock: tests/test_time_limits.py).

Verdicts that are always true (4), doors without a bound (5), option checks at every door (9),
the watch route's reading of its fields (10), COS 226 headers (11), invisible characters (12)
and messages that hide their cause (13).
"""

from __future__ import annotations

import json
import subprocess
import sys
import unicodedata
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import slidingtiles
from slidingtiles import Board, InvalidBoardError, SlidingTilesError, TraceView, testing
from slidingtiles._errors import OutOfReachError, SearchLimitExceeded
from slidingtiles._heuristics.check import _claim_error, resolve
from slidingtiles._render.markup import markup_text, safe_text, unsafe
from slidingtiles._solve import cos226
from slidingtiles.heuristics import check, compare, manhattan
from slidingtiles.play import PlayLimits
from slidingtiles.play._api import prepare_solve
from slidingtiles.play._request import ApiError
from slidingtiles.play._watching import prepare_watch
from slidingtiles.search import astar

# -- 4: a verdict's truth value is the verdict --------------------------------------------


def test_a_failing_property_and_report_are_falsy() -> None:
    report = check(lambda board, goal: 2 * manhattan(board, goal), shape=(2, 3))
    assert not report.admissible.holds
    assert not report.admissible  # `if report.admissible:` must not pass
    assert not report.consistent
    assert report.zero_at_goal  # holds: truthy
    assert not report
    good = check("manhattan", shape=(2, 3))
    assert good
    assert good.admissible
    assert good.consistent


def test_a_failed_batch_result_is_falsy() -> None:
    solved, failed = slidingtiles.solve_many(["1 2 3/4 5 6/7 0 8", "1 2 3/4 5 6/8 7 0"])
    assert solved
    assert solved.ok
    assert not failed
    assert not failed.ok


# -- 5: every door that searches is bounded ------------------------------------------------


def test_compares_time_limit_bounds_the_whole_call_drawing_included() -> None:
    # 5x5 at depth 70: confirming one drawn board alone takes far longer than the limit.
    with pytest.raises(SearchLimitExceeded) as stopped:
        compare(["manhattan"], shape=(5, 5), depths=[70], time_limit=0.5)
    assert 0 < stopped.value.value <= 0.5  # the limit, or what was left of it when refused


def test_compare_counts_searches_the_clock_stopped_as_limited() -> None:
    table = compare(["misplaced"], shape=(3, 3), depths=[24], boards_per_depth=50, time_limit=0.05)
    [record] = table.records
    assert record["limited"] >= 1
    assert record["generated"] is None


@pytest.mark.slow
def test_assert_admissible_above_the_exact_shapes_stays_bounded() -> None:
    testing.assert_admissible("manhattan", shape=(5, 5), max_examples=10)
    with pytest.raises(AssertionError, match="overestimates"):
        testing.assert_admissible(
            lambda board, goal: 3 * manhattan(board, goal), shape=(4, 4), max_examples=20
        )


def test_cos226_is_held_to_the_reach_rule() -> None:
    far = slidingtiles.random_board(4, 4, seed=1)  # estimated far past 10 ms
    with pytest.raises(OutOfReachError):
        cos226.solve_cos226(far, time_limit=0.001)


def test_cos226_without_limits_has_a_documented_node_bound(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(cos226, "UNBOUNDED_NODES", 50)
    with pytest.raises(SearchLimitExceeded) as stopped:
        cos226.solve_cos226("8 6 7/2 5 4/3 0 1")  # 31 moves
    assert stopped.value.limit == "nodes"
    assert stopped.value.value == 50
    # a limit of the caller's own replaces the default bound
    assert cos226.solve_cos226("8 1 3/4 0 2/7 6 5", time_limit=60).enqueued == 137


# -- 9: every door checks its own options, with the documented errors ----------------------

ANYTHING = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(10**6), 10**6),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=4),
    st.lists(st.integers(0, 3), max_size=3),
    st.tuples(st.integers(-2, 5), st.integers(-2, 5)),
    st.just(object()),
    st.just(b"1"),
)


def _trace_view() -> TraceView:
    goal = Board.goal(2, 2)
    result = astar(
        slidingtiles.TileState.from_boards(Board("1 2/0 3"), goal), lambda s: 0, trace=20
    )
    return TraceView(result)


VIEW = _trace_view()
DOORS: dict[str, Any] = {
    "check time_limit": lambda v: check("manhattan", shape=(2, 2), time_limit=v),
    "check progress": lambda v: check("manhattan", shape=(2, 2), progress=v),
    "check samples": lambda v: check("manhattan", shape=(2, 2), samples=v),
    "check seed": lambda v: check("manhattan", shape=(2, 2), seed=v),
    "check shape": lambda v: check("manhattan", shape=v, max_boards=20, samples=1, max_walk=2),
    "compare time_limit": lambda v: compare(
        ["manhattan"], shape=(2, 2), depths=[2], boards_per_depth=1, time_limit=v
    ),
    "compare max_nodes": lambda v: compare(
        ["manhattan"], shape=(2, 2), depths=[2], boards_per_depth=1, max_nodes=v
    ),
    "compare boards_per_depth": lambda v: compare(
        ["manhattan"], shape=(2, 2), depths=[2], boards_per_depth=v
    ),
    "compare seed": lambda v: compare(
        ["manhattan"], shape=(2, 2), depths=[2], boards_per_depth=1, seed=v
    ),
    "compare progress": lambda v: compare(
        ["manhattan"], shape=(2, 2), depths=[2], boards_per_depth=1, progress=v
    ),
    "compare depths": lambda v: compare(["manhattan"], shape=(2, 2), depths=v, boards_per_depth=1),
    "boards shape": lambda v: testing.boards(v),
    "boards goal": lambda v: testing.boards(goal=v),
    "boards solvable": lambda v: testing.boards(solvable=v),
    "scrambles max_moves": lambda v: testing.scrambles(max_moves=v),
    "boards_at_distance distance": lambda v: testing.boards_at_distance(v, shape=(2, 3)),
    "boards_at_distance shape": lambda v: testing.boards_at_distance(3, shape=v),
    "shapes max_cells": lambda v: testing.shapes(max_cells=v),
    "goals shape": lambda v: testing.goals(v),
    "assert_admissible max_examples": lambda v: testing.assert_admissible(
        "manhattan", shape=(2, 2), max_examples=v
    ),
    "assert_consistent goal": lambda v: testing.assert_consistent(
        "manhattan", shape=(2, 2), goal=v, max_examples=2
    ),
    "TraceView": lambda v: TraceView(v),
    "TraceView label": lambda v: TraceView(VIEW.trace, label=v),
    "svg max_nodes": lambda v: VIEW.svg(max_nodes=v),
    "svg duplicates": lambda v: VIEW.svg(duplicates=v),
    "html max_steps": lambda v: VIEW.html(max_steps=v),
    "html top": lambda v: VIEW.html(top=v),
    "html interval_ms": lambda v: VIEW.html(interval_ms=v),
    "table max_rows": lambda v: VIEW.table(max_rows=v),
    "table children": lambda v: VIEW.table(children=v),
    "page title": lambda v: VIEW.page(title=v),
}


@pytest.mark.parametrize("door", sorted(DOORS))
@settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.nested_given],
)
@given(value=ANYTHING)
def test_every_door_refuses_a_bad_option_with_a_documented_error(door: str, value: object) -> None:
    refused: SlidingTilesError | None = None
    try:
        DOORS[door](value)
    except SearchLimitExceeded:  # a valid limit (4e-137 s) that ran out: the documented end
        return
    except SlidingTilesError as error:  # InvalidOptionError, OptionTypeError, InvalidBoardError
        refused = error
    except AssertionError:  # assert_*: a verdict on the heuristic, not on the option
        return
    if refused is not None:
        assert isinstance(refused, (ValueError, TypeError)), refused
        assert "\n" not in str(refused)


def test_the_named_cases_of_class_9() -> None:
    for value in (float("nan"), "1", True, "x"):
        with pytest.raises(slidingtiles.InvalidOptionError):
            check("manhattan", shape=(2, 2), time_limit=value)  # type: ignore[arg-type]
    with pytest.raises(slidingtiles.InvalidOptionError, match="80"):
        testing.boards_at_distance(100, shape=(4, 4))
    with pytest.raises(slidingtiles.InvalidOptionError):
        testing.assert_admissible("manhattan", max_examples=0)
    with pytest.raises(slidingtiles.InvalidOptionError):
        testing.scrambles(max_moves=-1)
    with pytest.raises(slidingtiles.OptionTypeError):
        TraceView(5)
    with pytest.raises(slidingtiles.InvalidOptionError):
        VIEW.svg(max_nodes=0)
    with pytest.raises(slidingtiles.InvalidOptionError):
        VIEW.html(max_steps=0)


# -- 10: one validation for every route ---------------------------------------------------

FALSY = [False, "", 0, 0.0, [], {}]


@pytest.mark.parametrize("field", ["algorithm", "heuristic"])
@pytest.mark.parametrize("value", FALSY, ids=repr)
def test_every_route_refuses_a_falsy_name(field: str, value: object) -> None:
    body = json.dumps({"board": "1 2/0 3", field: value}).encode()
    for prepare in (prepare_watch, prepare_solve):
        with pytest.raises(ApiError) as refused:
            prepare(body, PlayLimits())
        assert refused.value.status == 400, prepare
        assert refused.value.payload()["field"] == field


def test_a_null_or_absent_name_is_each_routes_default() -> None:
    for body in (b'{"board": "1 2/0 3"}', b'{"board": "1 2/0 3", "algorithm": null}'):
        job = prepare_watch(body, PlayLimits())
        assert (job.algorithm, job.heuristic) == ("astar", "manhattan")


# -- 11: the COS 226 format's rules for every N --------------------------------------------


@pytest.mark.parametrize("text", ["1\n0\n", "1 1\n0\n", "1\n0", "1 1\n0"])
def test_a_cos226_header_of_one_cell_is_refused(text: str) -> None:
    with pytest.raises(InvalidBoardError, match="at least 2 cells"):
        Board(text)


@pytest.mark.parametrize("n", [2, 3, 4])
def test_a_cos226_file_of_every_n_reads_as_its_header_says(n: int) -> None:
    goal = Board.goal(n, n)
    assert Board(goal.to_cos226()) == goal


def test_the_command_line_refuses_n_equal_to_one(tmp_path: Any) -> None:
    path = tmp_path / "one.txt"
    path.write_text("1\n0\n")
    done = subprocess.run(
        [sys.executable, "-m", "slidingtiles", "solve", "-f", str(path), "--format", "cos226"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 2, done
    assert "N >= 2" in done.stderr
    assert done.stdout == ""


# -- 12: every control and format character escaped, by category --------------------------

ESCAPED = {"Cc", "Cf", "Cs", "Zl", "Zp"}


@pytest.mark.slow
def test_safe_text_escapes_every_control_and_format_character_of_unicode() -> None:
    everything = "".join(map(chr, range(sys.maxunicode + 1)))
    escaped = {c for c in everything if unicodedata.category(c) in ESCAPED} | {"\ufffe", "\uffff"}
    shown = set(safe_text(everything))
    assert not escaped & shown  # every one of them escaped
    assert set(everything) - escaped <= shown  # and nothing else touched
    assert {c for c in escaped if not unsafe(c)} == set()


@settings(max_examples=300, deadline=None)
@given(text=st.text(st.characters(codec=None), max_size=40))
def test_safe_text_leaves_no_control_or_format_character(text: str) -> None:
    shown = safe_text(text)
    assert not any(unicodedata.category(c) in ESCAPED for c in shown)
    assert shown == text or not text.isprintable()  # printable text is left alone


@settings(max_examples=60, deadline=None)
@given(label=st.text(st.characters(categories=["Cc", "Cf", "Zl", "Zp", "L", "N"]), max_size=6))
def test_the_search_views_show_no_invisible_character(label: str) -> None:
    view = TraceView(VIEW.trace, label=lambda state: label)
    for text in (view.table(), view.summary(), view.svg(), view.html(), str(view)):
        assert not any(unicodedata.category(c) in {"Cf", "Zl", "Zp"} for c in text)
        assert not any(unicodedata.category(c) == "Cc" and c != "\n" for c in text)
    assert "\u061c" not in markup_text("a\u061cb")


def test_labelled_boards_text_is_escaped() -> None:
    board = Board.labelled([["a\u061c", "b"], ["c\u202e", None]])
    for text in (board.to_text(), str(board)):
        assert "\u061c" not in text
        assert "\u202e" not in text
        assert "\\u061c" in text


# -- 13: messages name their cause on one line ----------------------------------------------


def test_the_consistency_error_is_one_line() -> None:
    def jumpy(board: Board, goal: Board) -> int:
        return 0 if board == goal else 2 * manhattan(board, goal)

    info = slidingtiles.heuristics.HeuristicInfo("jumpy", jumpy, admissible=False, consistent=True)
    report = check(info, shape=(2, 2))
    error = _claim_error(info, report)
    assert error is not None
    assert "\n" not in str(error)
    assert report.consistent.nearest is not None
    assert report.consistent.nearest.neighbour is not None
    assert report.consistent.nearest.neighbour.to_text() in str(error)


def test_a_compile_error_names_its_reason_once() -> None:
    pytest.importorskip("numba")
    from slidingtiles._engine import dispatch

    if dispatch.IMPLEMENTATION != "numba":  # the pure-Python kernel runs the function as it is
        pytest.skip("numba compiles a heuristic only when it is the implementation in use")
    import math as helper_module

    def helper(tiles: Any) -> int:
        return len(helper_module.__name__)  # a module attribute numba cannot type

    def h(tiles: Any, home: Any, rows: int, cols: int) -> int:
        return helper(tiles)

    compiled = slidingtiles.heuristics.compiled(h, admissible=False)
    from slidingtiles._heuristics.compiled import engine_search

    with pytest.raises(slidingtiles.HeuristicError) as failed:
        engine_search(compiled, Board("1 2 3/4 0 6/7 5 8"), Board.goal(3, 3))
    message = str(failed.value)
    assert "Failed in" not in message
    assert "\n" not in message
    assert "test_doors_hold.py, line" in message
    assert failed.value.__cause__ is not None  # numba's own error, kept
    assert resolve(compiled).name == compiled.name
