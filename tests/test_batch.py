"""Batch solving: serial, process pool, multiprocessing pool and Dask give the same results."""

from __future__ import annotations

import multiprocessing
import pickle
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import pytest

from slidingtiles import BatchResult, Board, heuristics, random_board, scramble, solve_many

UNSOLVABLE = "1 2 3 4/5 6 7 8/9 10 11 12/13 15 14 0"


def boards(count: int = 200) -> list[Any]:
    """15-puzzle scrambles with an unsolvable board and a malformed one in the middle."""
    goal = Board.goal(4, 4)
    out: list[Any] = [scramble(goal, 24, seed=seed).to_text() for seed in range(count)]
    out[count // 2 : count // 2] = [UNSOLVABLE, "1 2/3"]
    return out


def summary(results: Iterable[BatchResult]) -> list[tuple[int, str | None, str | None]]:
    return [(r.index, str(r.solution.moves) if r.ok else None, r.error_type) for r in results]


@pytest.fixture(scope="module")
def serial() -> list[tuple[int, str | None, str | None]]:
    return summary(solve_many(boards(), heuristic="manhattan"))


def test_serial_results_are_in_order_with_errors_in_place(
    serial: list[tuple[int, str | None, str | None]],
) -> None:
    batch = boards()
    assert [index for index, _, _ in serial] == list(range(len(batch)))
    errors = {index: kind for index, moves, kind in serial if moves is None}
    assert errors == {100: "UnsolvableError", 101: "InvalidBoardError"}
    for index, moves, _ in serial:
        if moves is not None:
            assert Board(batch[index]).apply(moves) == Board.goal(4, 4)


@pytest.mark.parametrize("ordered", [True, False])
def test_process_pool_matches_serial(
    serial: list[tuple[int, str | None, str | None]], ordered: bool
) -> None:
    with ProcessPoolExecutor(2) as pool:
        got = summary(solve_many(boards(), executor=pool, ordered=ordered, heuristic="manhattan"))
    if ordered:
        assert got == serial
    else:
        assert sorted(got) == serial


@pytest.mark.parametrize("ordered", [True, False])
def test_multiprocessing_pool_matches_serial(
    serial: list[tuple[int, str | None, str | None]], ordered: bool
) -> None:
    # The same protocol as Ray's ray.util.multiprocessing.Pool: imap / imap_unordered.
    with multiprocessing.get_context("spawn").Pool(2) as pool:
        got = summary(solve_many(boards(), executor=pool, ordered=ordered, heuristic="manhattan"))
    assert (got if ordered else sorted(got)) == serial


class MapOnly:
    """An executor with nothing but ``map`` (built-in map, run in this process)."""

    def map(self, fn: Callable[[Any], Any], items: Iterable[Any]) -> Iterator[Any]:
        return map(fn, items)


def test_map_only_executor(serial: list[tuple[int, str | None, str | None]]) -> None:
    assert summary(solve_many(boards(), executor=MapOnly(), heuristic="manhattan")) == serial


def test_dask_local_cluster_matches_serial(
    serial: list[tuple[int, str | None, str | None]],
) -> None:
    distributed = pytest.importorskip("dask.distributed")
    with (
        distributed.LocalCluster(
            n_workers=1, threads_per_worker=2, processes=False, dashboard_address=None
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        executor = client.get_executor()
        ordered = summary(solve_many(boards(), executor=executor, heuristic="manhattan"))
        unordered = summary(
            solve_many(boards(), executor=executor, ordered=False, heuristic="manhattan")
        )
    assert ordered == serial
    assert sorted(unordered) == serial


def test_progress_callback_counts_every_board() -> None:
    calls: list[tuple[int, int | None, int]] = []
    batch = boards(6)
    results = list(solve_many(batch, progress=lambda d, t, r: calls.append((d, t, r.index))))
    assert [(d, t) for d, t, _ in calls] == [(i + 1, len(batch)) for i in range(len(batch))]
    assert [i for _, _, i in calls] == [r.index for r in results]
    # A generator has no length: total is None.
    calls.clear()
    list(solve_many(iter(batch[:2]), progress=lambda d, t, r: calls.append((d, t, r.index))))
    assert calls == [(1, None, 0), (2, None, 1)]


def test_progress_true_writes_to_stderr(capsys: pytest.CaptureFixture[str]) -> None:
    list(solve_many(boards(3), progress=True))
    assert capsys.readouterr().err


def test_failures_become_error_results_including_limits() -> None:
    hard = scramble(Board.goal(4, 4), 60, seed=1).to_text()
    [result] = solve_many([hard], heuristic="manhattan", max_nodes=10)
    assert not result.ok
    assert result.error_type == "SearchLimitExceeded"
    assert result.to_dict()["error_type"] == "SearchLimitExceeded"
    assert pickle.loads(pickle.dumps(result)) == result


def test_results_pickle_and_serialise() -> None:
    [result] = solve_many(["1 2 3/4 5 6/7 0 8"])
    copy = pickle.loads(pickle.dumps(result))
    assert copy.solution.moves == result.solution.moves
    assert copy.to_dict() == result.to_dict()
    assert result.to_dict()["board"] == "1 2 3/4 5 6/7 0 8"


def test_heuristics_travel_by_name() -> None:
    info = heuristics.get("manhattan")
    with ProcessPoolExecutor(1) as pool:
        [by_info] = solve_many(["1 2 3/4 5 6/0 7 8"], executor=pool, heuristic=info)
        [by_function] = solve_many(["1 2 3/4 5 6/0 7 8"], executor=pool, heuristic=info.function)
    assert by_info.solution.heuristic == by_function.solution.heuristic == "manhattan"


def test_unpicklable_options_are_rejected_before_anything_runs() -> None:
    def custom(board: Board, goal: Board) -> int:
        return 0

    with ProcessPoolExecutor(1) as pool, pytest.raises(TypeError, match="register"):
        solve_many(["1 2 3/4 5 6/7 0 8"], executor=pool, heuristic=lambda b, g: 0)
    # In-process, any callable works.
    [result] = solve_many(["1 2 3/4 5 6/7 0 8"], heuristic=custom)
    assert result.ok
    assert not result.solution.optimal


def test_bad_arguments_fail_at_once() -> None:
    with pytest.raises(TypeError, match="heurstic"):
        solve_many([], heurstic="manhattan")
    with pytest.raises(TypeError, match="executor"):
        solve_many([], executor=object())
    with pytest.raises(TypeError, match="progress"):
        solve_many([], progress="yes")  # type: ignore[arg-type]


def run_batch(argv: list[str]) -> int:
    import argparse

    from slidingtiles._cli.batch import add_batch_command

    parser = argparse.ArgumentParser(prog="slidingtiles")
    add_batch_command(parser.add_subparsers())
    args = parser.parse_args(["batch", *argv])
    code: int = args.handler(args)
    return code


@pytest.mark.parametrize("workers", ["1", "2"])
def test_batch_command_prints_json_lines(
    tmp_path: Any, capsys: pytest.CaptureFixture[str], workers: str
) -> None:
    import json

    path = tmp_path / "boards.txt"
    path.write_text("# three boards\n1 2 3/4 5 6/7 0 8\n\n1 2 3/4 5 6/8 7 0\n1 2 3 4 5 6 7 0 8\n")
    code = run_batch([str(path), "--workers", workers, "--heuristic", "manhattan", "--progress"])
    out, err = capsys.readouterr()
    records = [json.loads(line) for line in out.splitlines()]
    assert code == 1  # one board is unsolvable
    assert [r["line"] for r in records] == [2, 4, 5]
    assert [r.get("moves") for r in records] == ["R", None, "R"]
    assert records[1]["error_type"] == "UnsolvableError"
    assert err == ""  # stderr is not a terminal: no progress frames (issue 14)


def test_batch_command_all_solved_and_unreadable_file(
    tmp_path: Any, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "boards.txt"
    path.write_text("1 2 3/4 5 6/7 0 8\n")
    assert run_batch([str(path)]) == 0
    with pytest.raises(ValueError, match="cannot read"):
        run_batch([str(tmp_path / "missing.txt")])


def test_batch_command_suboptimal_solves_large_boards(
    tmp_path: Any, capsys: pytest.CaptureFixture[str]
) -> None:
    import json

    boards = [random_board(15, 15, seed=seed) for seed in range(3)]
    path = tmp_path / "large.txt"
    path.write_text("".join(board.to_text() + "\n" for board in boards))
    assert run_batch([str(path), "--suboptimal", "--workers", "2"]) == 0
    records = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    for board, record in zip(boards, records, strict=True):
        assert record["algorithm"] == "reduce"
        assert record["length"] >= record["lower_bound"] > 0
        assert board.apply(record["moves"]) == Board.goal(15, 15)
