"""``solve(board, trace=..., on_event=...)`` and ``slidingtiles solve --trace``: the search watched.

The tile engine does not trace, so a watched solve runs the generic search under either
implementation (the suite runs once with numba and once with ``SLIDINGTILES_IMPLEMENTATION=python``)
and says so in ``Solution.engine``.
"""

from __future__ import annotations

import json
import os
import pickle
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

import slidingtiles as st
from slidingtiles.__main__ import main
from slidingtiles.search import (
    STOP,
    Expanded,
    Finished,
    IterationStarted,
    SearchEvent,
    SearchStats,
    SearchStopped,
    SearchTrace,
)
from tests.test_json import KEYS

REPORT = "0 1 3/4 2 5/7 8 6"  # the student report's A* simulation: 4 moves, misplaced tiles
DEEPER = "5 4 2/1 0 3/7 8 6"  # 8 moves; IDA* with misplaced tiles takes three iterations
HARD = "6 4 7/8 5 0/3 2 1"  # 31 moves
TILE_ENGINE = ("numba", "python")  # Solution.engine of the tile engine's two implementations


def counts(trace: SearchTrace[Any, Any]) -> tuple[int, ...]:
    return (trace.expanded, trace.generated, trace.reopened, trace.max_frontier, trace.iterations)


def stat_counts(stats: SearchStats) -> tuple[int, ...]:
    return (stats.expanded, stats.generated, stats.reopened, stats.max_frontier, stats.iterations)


# ------------------------------------------------------------------------------ the library


@pytest.mark.parametrize(
    ("board", "options"),
    [
        (REPORT, {"heuristic": "misplaced"}),
        (DEEPER, {"heuristic": "manhattan"}),  # untraced: the tile engine's IDA*
        (DEEPER, {"heuristic": "linear_conflict", "algorithm": "idastar"}),
        (DEEPER, {"heuristic": "misplaced", "algorithm": "bfs"}),
        (HARD, {"heuristic": "manhattan", "algorithm": "greedy"}),
        (HARD, {"heuristic": "manhattan", "weight": 2}),
        ("1 2 3 4/5 6 0 8/9 10 7 11/13 14 15 12", {"heuristic": "manhattan"}),  # 16 cells: IDA*
        ("2 3/1 0", {}),  # "auto": the strongest heuristic, in the generic search
    ],
)
def test_a_traced_solve_runs_the_generic_search_and_its_counts_are_the_statistics(
    board: str, options: dict[str, Any]
) -> None:
    sol = st.solve(board, trace=True, **options)
    assert sol.engine == "generic"
    trace = sol.trace
    assert trace is not None
    assert not trace.truncated
    assert counts(trace) == stat_counts(sol.stats) == stat_counts(trace.stats)
    assert trace.outcome == "found"
    assert "".join(trace.actions) == str(sol.moves)
    assert [state.board for state in trace.path] == list(sol.boards)
    untraced = st.solve(board, **options)
    if untraced.optimal:
        assert sol.optimal
        assert len(sol) == len(untraced)
    expected_algorithm = {"astar": "astar", "weighted": "astar", "idastar": "idastar"}
    assert trace.algorithm == expected_algorithm.get(sol.algorithm, sol.algorithm)


def test_the_untraced_solve_names_its_engine() -> None:
    engine = st.solve(DEEPER, heuristic="manhattan").engine
    assert engine in TILE_ENGINE
    if os.environ.get("SLIDINGTILES_IMPLEMENTATION") == "python":
        assert engine == "python"
    assert st.solve(DEEPER, heuristic="misplaced").engine == "generic"
    assert st.solve("1 2/3 0").engine == "none"
    assert st.solve(DEEPER).to_dict()["engine"] == engine
    sol = st.solve(DEEPER, heuristic="manhattan")
    assert sol.trace is None
    with pytest.raises(TypeError, match="TraceView needs a SearchTrace"):
        st.TraceView(sol)


def test_the_report_simulation_through_solve() -> None:
    sol = st.solve(REPORT, heuristic="misplaced", trace=1000)
    view = st.TraceView(sol)
    rows = [(e.order, e.state.board.to_text(), e.g, e.h, e.f) for e in sol.trace.expansions]
    assert rows == [
        (0, "0 1 3/4 2 5/7 8 6", 0, 4, 4),
        (1, "1 0 3/4 2 5/7 8 6", 1, 3, 4),
        (2, "1 2 3/4 0 5/7 8 6", 2, 2, 4),
        (3, "1 2 3/4 5 0/7 8 6", 3, 1, 4),
    ]
    assert view.table().endswith("path: R D R D")
    steps = list(sol.trace.replay())
    assert [step.frontier[0].state for step in steps] == [e.state for e in sol.trace.expansions]


def test_idastar_thresholds_through_solve() -> None:
    sol = st.solve(DEEPER, heuristic="misplaced", algorithm="idastar", trace=1000)
    trace = sol.trace
    assert trace.thresholds == (6, 7, 8)
    started = [e.threshold for e in trace.events if isinstance(e, IterationStarted)]
    assert tuple(started) == trace.thresholds
    assert sol.stats.iterations == 3 == trace.iterations


def test_a_callback_stops_a_solve_with_nothing_half_written() -> None:
    seen: list[SearchEvent] = []

    def watch(event: SearchEvent) -> object:
        seen.append(event)
        return STOP if isinstance(event, Expanded) and event.order == 4 else None

    with pytest.raises(SearchStopped) as stopped:
        st.solve(HARD, heuristic="manhattan", on_event=watch, trace=10_000)
    error = stopped.value
    assert isinstance(error, st.SearchLimitExceeded)
    assert error.limit == "stopped"
    assert error.stats.expanded == 5
    assert isinstance(seen[-1], Finished)
    assert seen[-1].outcome == "stopped"
    trace = error.trace
    assert trace.outcome == "stopped"
    assert trace.sent == len(seen)
    assert counts(trace) == stat_counts(error.stats)
    summary = st.TraceView(error).summary()
    assert summary.startswith("A* (f = g + h) with h = manhattan from 6 4 7/8 5 ./3 2 1: stopped")


def test_an_exception_in_the_callback_propagates_from_solve() -> None:
    class Mine(Exception):
        pass

    def explode(event: SearchEvent) -> None:
        raise Mine("from the callback")

    with pytest.raises(Mine):
        st.solve(DEEPER, heuristic="manhattan", on_event=explode)


def test_a_limit_carries_the_trace_so_far() -> None:
    with pytest.raises(st.SearchLimitExceeded) as limited:
        st.solve(HARD, heuristic="misplaced", max_nodes=50, trace=100)
    error = limited.value
    assert error.limit == "nodes"
    assert error.trace.outcome == "limit"
    assert error.trace.truncated
    assert len(error.trace.events) == 100
    assert counts(error.trace) == stat_counts(error.stats)


def test_the_calls_clock_keeps_the_trace_when_it_names_the_callers_time_limit() -> None:
    from slidingtiles.search import Deadline

    recorded = st.solve(REPORT, heuristic="misplaced", trace=10).trace

    def search(*, time_limit: float | None) -> None:
        error = st.SearchLimitExceeded("gave up (time_limit=0.5 s)", limit="time", value=0.5)
        error.trace = recorded
        raise error

    with pytest.raises(st.SearchLimitExceeded) as limited:
        Deadline(30).run(search)
    assert limited.value.value == 30
    assert "time_limit=30 s" in str(limited.value)
    assert limited.value.trace is recorded


@pytest.mark.parametrize(
    ("options", "option"),
    [
        ({"algorithm": "reduce"}, "algorithm"),
        ({"optimal": False}, "optimal"),
        ({"workers": 2}, "workers"),
        ({"executor": ThreadPoolExecutor(1)}, "executor"),
    ],
)
@pytest.mark.parametrize("watch", [{"trace": 10}, {"on_event": print}])
def test_routes_that_cannot_be_traced_are_refused_before_any_work(
    options: dict[str, Any], option: str, watch: dict[str, Any]
) -> None:
    refused = "watch one generic search, which this call is not:"
    with pytest.raises(st.InvalidOptionError, match=refused) as info:
        st.solve(DEEPER, **options, **watch)
    assert info.value.option == option
    assert "trace=" in str(info.value)


def test_optimal_false_with_a_named_search_can_be_traced() -> None:
    sol = st.solve(HARD, optimal=False, algorithm="greedy", heuristic="manhattan", trace=50)
    assert sol.engine == "generic"
    assert sol.trace is not None
    assert sol.trace.truncated


loose: Any = st


@pytest.mark.parametrize(
    ("options", "error", "needle"),
    [
        ({"trace": 0}, st.InvalidOptionError, "trace=0"),
        ({"trace": "all"}, st.OptionTypeError, "'all'"),
        ({"trace": 2.5}, st.OptionTypeError, "2.5"),
        ({"on_event": "print"}, st.OptionTypeError, "'print'"),
    ],
)
def test_bad_trace_options_are_named(
    options: dict[str, Any], error: type[Exception], needle: str
) -> None:
    with pytest.raises(error, match=needle) as info:
        loose.solve(DEEPER, **options)
    assert info.value.option in ("trace", "on_event")  # type: ignore[attr-defined]


def test_a_solved_board_traced_shows_the_search_finding_it_at_once() -> None:
    sol = st.solve("1 2 3/4 5 6/7 8 0", heuristic="manhattan", trace=10)
    assert (len(sol), sol.engine, sol.trace.outcome) == (0, "generic", "found")
    assert st.solve("1 2 3/4 5 6/7 8 0", heuristic="manhattan").engine == "none"


def test_a_users_heuristic_and_a_labelled_board_are_traced() -> None:
    def tiles_out(board: st.Board, goal: st.Board) -> int:
        return sum(1 for a, b in zip(board.tiles, goal.tiles, strict=True) if a and a != b)

    sol = st.solve(
        [["C", "A"], ["B", "_"]],
        goal=[["A", "B"], ["C", "_"]],
        blank="_",
        heuristic=tiles_out,
        trace=100,
    )
    assert sol.engine == "generic"
    assert counts(sol.trace) == stat_counts(sol.stats)
    data = st.TraceView(sol).to_dict()
    assert data["labels"][1:] == ["A", "B", "C"]
    assert "C" in st.TraceView(sol).table()


def flat_misplaced(tiles, home, rows, cols):  # type: ignore[no-untyped-def]
    """Misplaced tiles over the flat board, in the compiled engine's form (a plain loop)."""
    count = 0
    for cell in range(rows * cols):
        if tiles[cell] != 0 and home[tiles[cell]] != cell:
            count += 1
    return count


def test_a_compiled_heuristic_traced_runs_the_generic_search() -> None:
    misplaced = st.heuristics.compiled(flat_misplaced, admissible=True, name="flat_misplaced")
    untraced = st.solve(REPORT, heuristic=misplaced)
    assert untraced.engine in TILE_ENGINE
    traced = st.solve(REPORT, heuristic=misplaced, trace=1000)
    assert (traced.engine, traced.algorithm, len(traced)) == ("generic", "astar", len(untraced))
    reference = st.solve(REPORT, heuristic="misplaced", trace=1000).trace
    assert [e.h for e in traced.trace.expansions] == [e.h for e in reference.expansions]


def test_the_trace_is_neither_compared_nor_shown_and_pickles() -> None:
    traced = st.solve(REPORT, heuristic="misplaced", trace=100)
    assert "trace" not in repr(traced)
    assert "SearchTrace" not in repr(traced)
    assert attrs_fields_without_trace(traced) == attrs_fields_without_trace(
        pickle.loads(pickle.dumps(traced))
    )
    assert "trace" not in traced.to_dict()


def attrs_fields_without_trace(sol: st.Solution) -> tuple[object, ...]:
    return (sol.start, sol.goal, sol.moves, sol.optimal, sol.heuristic, sol.algorithm, sol.engine)


# ------------------------------------------------------------------------------ the command


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_cli_trace_prints_the_table_after_the_report(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "solve", REPORT, "--heuristic", "misplaced", "--trace")
    assert (code, err) == (0, "")
    report, table = out.split("\n\nA* (f = g + h)", 1)
    assert report.endswith("Number of states generated = 12")
    assert "step  move  board  g  h  f  frontier  children" in table
    assert table.rstrip().endswith("path: R D R D")
    code, out, _ = run(
        capsys, "solve", REPORT, "--heuristic", "misplaced", "--trace", "--format", "moves"
    )
    assert out.startswith("RDRD\n\nA* (f = g + h) with h = misplaced from . 1 3/4 2 5/7 8 6")


def test_cli_trace_json_nests_in_the_solution(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(
        capsys,
        "solve",
        DEEPER,
        "--heuristic",
        "misplaced",
        "--algorithm",
        "idastar",
        "--trace",
        "30",
        "--format",
        "json",
    )
    data = json.loads(out)
    assert code == 0
    assert data["engine"] == "generic"
    trace = data.pop("trace")
    assert set(data) == KEYS["Solution"]
    assert set(trace) <= KEYS["Trace"]
    assert {"events", "thresholds", "statistics"} <= set(trace)
    assert (trace["limit"], trace["truncated"], len(trace["events"])) == (30, True, 30)
    assert trace["thresholds"] == [6, 7, 8]
    assert trace["statistics"]["expanded"] == data["statistics"]["expanded"]


@pytest.mark.parametrize(
    ("fmt", "check"),
    [
        ("table", lambda text: text.splitlines()[2].startswith("step  move  board")),
        ("json", lambda text: json.loads(text)["outcome"] == "found"),
        ("html", lambda text: text.startswith("<!DOCTYPE html>") and 'data-action="step"' in text),
        ("svg", lambda text: text.startswith("<svg") and "iteration 3" in text),
    ],
)
def test_cli_trace_formats_to_a_file(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, fmt: str, check: Callable[[str], bool]
) -> None:
    path = tmp_path / f"trace.{fmt}"
    code, out, err = run(
        capsys,
        "solve",
        DEEPER,
        "--heuristic",
        "misplaced",
        "--algorithm",
        "idastar",
        "--trace-format",
        fmt,
        "--trace-file",
        str(path),
    )
    assert (code, err) == (0, "")
    assert out.rstrip().endswith("Number of states generated = 40")  # the report alone
    assert check(path.read_text(encoding="utf-8"))


@pytest.mark.parametrize(
    ("argv", "needle"),
    [
        (["--trace-format", "svg"], "--trace-file"),
        (["--trace-format", "table", "--format", "json"], "--trace-file"),
        (["--trace", "--suboptimal"], "optimal=False"),
        (["--trace", "0"], "at least 1 event"),
        (["--trace", "--workers", "2"], "workers=N"),
    ],
)
def test_cli_trace_refusals_are_one_line_exit_2(
    capsys: pytest.CaptureFixture[str], argv: list[str], needle: str
) -> None:
    code, out, err = run(capsys, "solve", DEEPER, *argv)
    assert (code, out) == (2, "")
    assert len(err.strip().splitlines()) == 1
    assert needle in err


def test_cli_trace_before_the_board_says_where_the_board_goes(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, err = run(capsys, "solve", "--trace", DEEPER)
    assert (code, out) == (2, "")
    assert "put the board before --trace" in err


def test_cli_a_bad_trace_file_fails_before_any_output(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code, out, err = run(
        capsys,
        "solve",
        DEEPER,
        "--trace-format",
        "svg",
        "--trace-file",
        str(tmp_path / "missing" / "t.svg"),
    )
    assert (code, out) == (2, "")
    assert "cannot write" in err


def test_cli_a_limit_shows_the_search_so_far(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(
        capsys, "solve", HARD, "--heuristic", "misplaced", "--max-nodes", "3", "--trace"
    )
    assert code == 1
    assert "max_nodes=3" in err
    head = "A* (f = g + h) with h = misplaced from 6 4 7/8 5 ./3 2 1: stopped at a limit"
    assert out.startswith(head)
    assert out.count("\n   2  ") == 1  # three expansions: steps 0, 1, 2
    code, out, _ = run(
        capsys,
        "solve",
        HARD,
        "--heuristic",
        "misplaced",
        "--max-nodes",
        "3",
        "--trace",
        "--format",
        "json",
    )
    data = json.loads(out)
    assert (data["status"], data["trace"]["outcome"]) == ("limit", "limit")
    assert data["trace"]["statistics"]["expanded"] == data["statistics"]["expanded"] == 3


def test_cli_unsolvable_has_no_trace(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "solve", "1 2 3/4 5 6/8 7 0", "--trace", "--format", "json")
    assert code == 1
    assert "trace" not in json.loads(out)


# ------------------------------------------------------------------------------ the docs


def console_examples(page: str) -> list[tuple[str, str]]:
    """The ``$ slidingtiles solve ... --trace...`` examples of a docs page, with their output."""
    text = (Path(__file__).resolve().parent.parent / "docs" / page).read_text(encoding="utf-8")
    found = []
    for block in text.split("```console\n")[1:]:
        body = block.split("```", 1)[0]
        command, _, output = body.partition("\n")
        if command.startswith("$ slidingtiles solve") and "--trace" in command:
            found.append((command[2:], output))
    return found


@pytest.mark.parametrize(
    ("command", "output"),
    console_examples("cli.md") + console_examples("watching-astar.md"),
)
def test_the_documented_trace_commands_print_what_the_docs_show(
    command: str,
    output: str,
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import shlex

    monkeypatch.chdir(tmp_path)  # where a --trace-file lands
    code, out, err = run(capsys, *shlex.split(command)[1:])
    assert (code, err) == (0, "")
    assert out == output
    if "--trace-file" in command:
        written = tmp_path / shlex.split(command)[-1]
        assert written.read_text(encoding="utf-8").startswith("<svg")


def test_there_are_documented_trace_commands() -> None:
    assert len(console_examples("cli.md")) == 2
    assert len(console_examples("watching-astar.md")) == 1
