"""Never silent, never hopeless (issue 27): optimal reach, the limits' advice, workers that pay.

An optimal search beyond reach (the estimate of `slidingtiles._solve.reach`'s table) is
refused before any node is expanded, naming ``optimal=False`` (``--suboptimal`` on the command
line), unless the caller insists with ``optimal=True``; a limit that stops a search says what
to try next; ``max_nodes`` is refused where it would bound nothing; ``workers=N`` keeps small
searches in this process and its pool between calls. Imports from ``slidingtiles._*`` are of
units with no public name (the table, the engine's door spied on, the kept pool).
"""

from __future__ import annotations

import json
import os
import sys
import warnings
from pathlib import Path
from typing import Any

import pytest

import slidingtiles as st
from slidingtiles import Board, OutOfReachError, SearchCostWarning, SearchLimitExceeded
from slidingtiles.__main__ import main
from slidingtiles._engine import dispatch
from slidingtiles._solve import parallel, reach
from slidingtiles._workers import WorkerPool, end_kept_pools, kept_pool
from slidingtiles.play import PlayLimits
from slidingtiles.play._api import hint_request, solve_request

ROOT = Path(__file__).resolve().parent.parent
FAR = st.random_board(20, 20, seed=1)  # thousands of moves: beyond any optimal search
NEAR = Board.goal(20, 20).apply("ULULURDRUL")  # ten moves from the goal: at once


@pytest.fixture
def engine_calls(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every search the tile engine or the generic search starts during the test."""
    calls: list[str] = []
    for name in ("engine_solve", "weighted_solve"):
        real = getattr(dispatch, name)

        def spy(*args: Any, _real: Any = real, _name: str = name, **kwargs: Any) -> Any:
            calls.append(_name)
            return _real(*args, **kwargs)

        monkeypatch.setattr(dispatch, name, spy)
    from slidingtiles._solve import solve as door  # the generic searches, as `solve` calls them

    for name in ("astar", "idastar", "bfs"):
        real = getattr(door, name)

        def spy_search(*args: Any, _real: Any = real, _name: str = name, **kwargs: Any) -> Any:
            calls.append(_name)
            return _real(*args, **kwargs)

        monkeypatch.setattr(door, name, spy_search)
    return calls


# -- beyond reach: refused at once, nothing searched -------------------------------------------


@pytest.mark.parametrize(
    "options",
    [
        {},
        {"time_limit": 2},
        {"heuristic": "manhattan"},
        {"algorithm": "astar"},
        {"algorithm": "bfs"},
        {"heuristic": "pdb"},
        {"algorithm": "bwas"},
        {"algorithm": "bwas", "heuristic": "manhattan", "weight": 1},
    ],
)
def test_a_hopeless_optimal_request_answers_at_once(
    engine_calls: list[str], table_builds: list[tuple[int, int]], options: dict[str, Any]
) -> None:
    seen: list[st.SearchStats] = []
    with pytest.raises(OutOfReachError) as caught:
        st.solve(FAR, progress=seen.append, **options)
    error = caught.value
    assert engine_calls == []
    assert seen == []
    assert table_builds == []
    assert error.stats.expanded == 0
    assert isinstance(error, SearchLimitExceeded)
    assert error.limit == "reach"
    assert error.nodes > 1e100
    assert error.seconds > 1e100
    assert str(error).startswith("an optimal search of this 20x20 board is beyond reach")
    assert "try optimal=False for a short solution" in str(error)
    assert str(error).endswith("or optimal=True to search anyway")
    assert error.value == options.get("time_limit", reach.REACH_SECONDS)
    if "time_limit" in options:
        assert "more than 10 times time_limit=2 s" in str(error)


def test_a_max_nodes_that_bounds_the_search_brings_it_within_reach(
    engine_calls: list[str],
) -> None:
    with pytest.raises(SearchLimitExceeded) as caught:
        st.solve(FAR, max_nodes=2_000)  # ends at its bound at once: searched, then advised
    assert caught.value.limit == "nodes"
    assert engine_calls == ["engine_solve"]
    assert "try optimal=False for a short solution" in str(caught.value)
    with pytest.raises(OutOfReachError):  # a bound past the hour bounds nothing
        st.solve(FAR, max_nodes=10**15)


def test_weighted_bwas_is_not_after_a_shortest_solution_so_is_not_judged() -> None:
    with pytest.raises(SearchLimitExceeded) as caught:
        st.solve(FAR, algorithm="bwas", heuristic="manhattan", weight=3, max_nodes=50)
    assert caught.value.limit == "nodes"  # searched to its bound, not refused


def test_bwas_within_reach_runs_and_a_limit_advises_as_for_astar() -> None:
    assert st.solve(NEAR, algorithm="bwas", heuristic="manhattan").optimal
    with pytest.raises(SearchLimitExceeded) as caught:
        st.solve(st.random_board(4, 4, seed=3), algorithm="bwas", max_nodes=20)
    assert "try optimal=False for a short solution" in str(caught.value)


def test_boards_within_reach_are_searched_whatever_their_size() -> None:
    solution = st.solve(NEAR)
    assert solution.optimal
    assert len(solution) == 10
    assert st.solve(st.random_board(4, 4, seed=3)).optimal  # every 15-puzzle, with its tables


def test_the_short_solution_the_refusal_names_answers() -> None:
    solution = st.solve(st.random_board(8, 8, seed=2), optimal=False)
    assert not solution.optimal
    assert Board(solution.boards[-1].tiles, shape=(8, 8)) == Board.goal(8, 8)


def test_insisting_searches_anyway_and_says_what_it_costs(engine_calls: list[str]) -> None:
    with (
        pytest.warns(SearchCostWarning, match=r"beyond reach .* searching anyway"),
        pytest.raises(SearchLimitExceeded) as caught,
    ):
        st.solve(FAR, optimal=True, time_limit=0.05)
    assert caught.value.limit == "time"
    assert engine_calls == ["engine_solve"]
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # within reach: no warning, insisted or not
        assert st.solve(NEAR, optimal=True).optimal


def test_a_24_puzzle_without_its_tables_is_refused_and_told_how_to_reach_it(
    table_cache: Path,
) -> None:
    board = st.random_board(5, 5, seed=4)
    with pytest.raises(OutOfReachError) as caught:
        st.solve(board, heuristic="auto", build_tables=False)
    assert "linear_conflict" in str(caught.value)
    # The advice comes from the same rule: tables (or the compiled kernels) where they reach.
    with_tables = reach.estimate(board, Board.goal(5, 5), "pdb")
    compiled = reach.estimate(board, Board.goal(5, 5), "pdb", implementation="numba")
    said = str(caught.value)
    assert ("slidingtiles pdb build 5x5" in said) == with_tables.within(None)
    if dispatch.IMPLEMENTATION == "python" and not with_tables.within(None):
        assert ("slidingtiles[fast]" in said) == compiled.within(None)


def test_the_rule_is_one_declared_table() -> None:
    cells = range(2, 2_000)
    for name in ("pdb", "linear_conflict", "manhattan", "walking_distance", "misplaced", "none"):
        assert all(reach.row_for(name, n) is not None for n in cells), name
    assert reach.row_for("a_users_own", 16) is None  # no estimate: never refused
    assert reach.estimate(NEAR, Board.goal(20, 20), "a_users_own").within(0.001)
    # Two implementations, one estimate of nodes; seconds by each one's speed.
    fast, slow = (
        reach.estimate(FAR, Board.goal(20, 20), "pdb", implementation=kind)
        for kind in ("numba", "python")
    )
    assert fast.log_nodes == slow.log_nodes
    assert fast.seconds <= slow.seconds


def test_docs_print_the_table() -> None:
    page = (ROOT / "docs" / "solving.md").read_text(encoding="utf-8")
    assert reach.reach_table() in page


# -- the command line ----------------------------------------------------------------------------


def test_the_command_line_refuses_in_one_line_naming_its_flags(
    capsys: pytest.CaptureFixture[str], engine_calls: list[str]
) -> None:
    code = main(["solve", FAR.to_text()])
    out, err = capsys.readouterr()
    assert (code, out, engine_calls) == (1, "", [])
    assert err.count("\n") == 1
    assert err.startswith("slidingtiles: error: an optimal search of this 20x20 board")
    assert "try --suboptimal for a short solution" in err
    assert "--optimal to search anyway" in err
    assert "optimal=" not in err


def test_a_batch_line_beyond_reach_is_a_limit_and_the_others_are_solved(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    boards = tmp_path / "boards.txt"
    boards.write_text(f"{FAR.to_text()}\n{NEAR.to_text()}\n")
    code = main(["batch", str(boards)])
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert code == 1
    assert [line["status"] for line in lines] == ["limit", "solved"]
    assert lines[0]["error_type"] == "OutOfReachError"
    assert "beyond reach" in lines[0]["error"]
    assert lines[1]["length"] == 10


def test_a_limit_says_what_to_try_next(capsys: pytest.CaptureFixture[str]) -> None:
    board = st.random_board(4, 4, seed=5)
    with pytest.raises(SearchLimitExceeded) as caught:
        st.solve(board, heuristic="manhattan", max_nodes=100)
    error = caught.value
    assert error.reason.endswith("(max_nodes=100)")
    assert str(error) == error.reason + (
        "; try optimal=False for a short solution, or a larger max_nodes"
        + (
            ', or the compiled implementation (pip install "slidingtiles[fast]" (from a source '
            'checkout: pip install ".[fast]"))'
            if dispatch.IMPLEMENTATION == "python"
            else ""
        )
    )
    code = main(["solve", board.to_text(), "--heuristic", "manhattan", "--max-nodes", "100"])
    err = capsys.readouterr().err
    assert code == 1
    assert err.count("\n") == 1
    assert "try --suboptimal for a short solution, or a larger --max-nodes" in err
    # A time limit: insisting, so the search runs until it stops it.
    with pytest.warns(SearchCostWarning), pytest.raises(SearchLimitExceeded) as caught:
        st.solve(FAR, optimal=True, time_limit=0.2)
    assert caught.value.limit == "time"
    assert "try optimal=False for a short solution, or a larger time_limit" in str(caught.value)


def test_a_time_limit_too_short_for_the_estimate_is_refused_naming_one_that_fits() -> None:
    board = st.random_board(4, 4, seed=5)
    estimate = reach.estimate(board, Board.goal(4, 4), "manhattan")
    assert estimate.within(None)
    with pytest.raises(OutOfReachError) as caught:
        st.solve(board, heuristic="manhattan", time_limit=estimate.seconds / 1000)
    assert "time_limit=" in str(caught.value).split("; try ")[1]


# -- max_nodes with optimal=False: refused, naming time_limit -------------------------------------


@pytest.mark.parametrize("options", [{"optimal": False}, {"algorithm": "reduce"}])
def test_max_nodes_is_refused_where_it_would_bound_nothing(options: dict[str, Any]) -> None:
    with pytest.raises(st.InvalidOptionError, match="bound them with time_limit") as caught:
        st.solve(NEAR, max_nodes=10, **options)
    assert (caught.value.option, caught.value.value) == ("max_nodes", 10)
    with pytest.raises(st.InvalidOptionError, match="max_nodes"):
        list(st.solve_many([NEAR], max_nodes=10, **options))


def test_max_nodes_still_bounds_a_weighted_search() -> None:
    with pytest.raises(SearchLimitExceeded) as caught:
        st.solve(st.random_board(4, 4, seed=1), optimal=False, weight=2.0, max_nodes=20)
    assert caught.value.limit == "nodes"


def test_the_command_line_refuses_max_nodes_with_suboptimal(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code = main(["solve", NEAR.to_text(), "--suboptimal", "--max-nodes", "10"])
    err = capsys.readouterr().err
    assert code == 2
    assert "--max-nodes" in err
    assert "--time-limit" in err
    assert err.count("\n") == 1


# -- workers=N: small work stays here, a pool is kept ---------------------------------------------


@pytest.fixture
def pools(monkeypatch: pytest.MonkeyPatch) -> Any:
    """Every `WorkerPool` the parallel search starts; the kept one ended after the test."""
    started: list[WorkerPool] = []

    class Counted(WorkerPool):
        def __init__(self, workers: int, **options: Any) -> None:
            super().__init__(workers, **options)
            started.append(self)

    monkeypatch.setattr("slidingtiles._workers.WorkerPool", Counted)
    end_kept_pools()
    yield started
    end_kept_pools()  # the processes this test started, by their pool


def test_a_small_search_on_workers_starts_no_pool(
    pools: list[WorkerPool], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(reach, "SERIAL_NODES", 0)  # split: its small iterations stay here
    boards = [st.scramble(Board.goal(4, 4), 40, seed=seed) for seed in range(3)]
    if dispatch.IMPLEMENTATION == "numba":  # a random 15-puzzle: well under a second compiled
        boards += [st.random_board(4, 4, seed=seed) for seed in range(3)]
    for board in boards:
        solution = st.solve(board, heuristic="pdb", workers=2)
        assert solution.optimal
        assert len(solution) == len(st.solve(board))
    assert pools == []


def test_a_search_estimated_small_runs_in_one_process(
    pools: list[WorkerPool], engine_calls: list[str]
) -> None:
    board = st.random_board(4, 4, seed=7)
    assert reach.one_process_suffices(board, Board.goal(4, 4))
    solution = st.solve(board, heuristic="pdb", workers=2)
    assert solution.optimal
    assert len(solution) == len(st.solve(board, heuristic="pdb"))
    assert pools == []
    assert engine_calls == ["engine_solve", "engine_solve"]  # the serial engine, both times


def test_a_pool_is_kept_between_calls(
    pools: list[WorkerPool], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(parallel, "INLINE_SECONDS", 0)  # every iteration after the first: the pool
    monkeypatch.setattr(reach, "SERIAL_NODES", 0)  # a 3x4 board split all the same
    board = st.random_board(3, 4, seed=2)
    first = st.solve(board, heuristic="pdb", workers=2)
    second = st.solve(board, heuristic="pdb", workers=2)
    assert len(first) == len(second) == len(st.solve(board, heuristic="pdb"))
    assert len(pools) == 1
    assert kept_pool() is pools[0]
    pids = set(pools[0]._processes)
    assert (pids and all(Path(f"/proc/{pid}").exists() for pid in pids)) or sys.platform != "linux"
    end_kept_pools()
    assert kept_pool() is None
    assert not any(_alive(pid) for pid in pids)


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    stat = Path(f"/proc/{pid}/stat")
    return not stat.exists() or stat.read_text().rsplit(")", 1)[1].split()[0] != "Z"


# -- the game: beyond optimal reach, a short solution that says so --------------------------------


@pytest.mark.parametrize("side", [7, 8])
def test_the_game_answers_a_board_beyond_reach_with_a_short_solution(side: int) -> None:
    board = st.random_board(side, side, seed=side)
    limits = PlayLimits(short_seconds=0.5)
    status, answer = solve_request(json.dumps({"board": board.to_text()}).encode(), limits)
    assert (status, answer["status"], answer["optimal"]) == (200, "solved", False)
    assert answer["algorithm"] != "idastar"
    assert "beyond reach" in answer["note"]
    assert f"answered ({answer['algorithm']}," in answer["note"]
    assert answer["note"].endswith("not proven shortest")
    assert board.apply(answer["moves"]) == Board.goal(side, side)


def test_the_games_hint_beyond_reach_is_a_short_solutions_first_move() -> None:
    board = st.random_board(7, 7, seed=1)
    body = json.dumps({"board": board.to_text()}).encode()
    status, answer = hint_request(body, PlayLimits(short_seconds=0.5))
    assert (status, answer["status"], answer["optimal"]) == (200, "hint", False)
    assert "beyond reach" in answer["note"]
    assert answer["move"] in ("U", "D", "L", "R")
    board.move(answer["move"])  # a legal move of the blank


def test_the_game_within_reach_stays_optimal_and_says_nothing_more() -> None:
    body = json.dumps({"board": st.random_board(4, 4, seed=3).to_text()}).encode()
    status, answer = solve_request(body, PlayLimits())
    assert (status, answer["optimal"]) == (200, True)
    assert "note" not in answer
