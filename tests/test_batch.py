"""Batch solving: serial, process pool, multiprocessing pool and Dask give the same results.

Imports from ``slidingtiles._*`` here are of internal units that have no public name.
"""

from __future__ import annotations

import multiprocessing
import os
import pickle
import sys
import threading
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

    boards = [random_board(22, 22, seed=seed) for seed in range(3)]
    path = tmp_path / "large.txt"
    path.write_text("".join(board.to_text() + "\n" for board in boards))
    assert run_batch([str(path), "--suboptimal", "--workers", "2"]) == 0
    records = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    for board, record in zip(boards, records, strict=True):
        assert record["algorithm"] == "reduce"
        assert record["length"] >= record["lower_bound"] > 0
        assert board.apply(record["moves"]) == Board.goal(22, 22)


# -- workers=N: the library's own pool and its lifecycle (issue 16) ---------------------------


@pytest.mark.parametrize("ordered", [True, False])
def test_workers_option_matches_serial(
    serial: list[tuple[int, str | None, str | None]], ordered: bool
) -> None:
    got = summary(solve_many(boards(), workers=2, ordered=ordered, heuristic="manhattan"))
    assert (got if ordered else sorted(got)) == serial


def _worker_view() -> tuple[object, list[str]]:
    import signal
    import threading

    return signal.getsignal(signal.SIGINT), [t.name for t in threading.enumerate()]


def test_pool_workers_ignore_ctrl_c_and_watch_their_parent() -> None:
    import signal

    from slidingtiles._workers import WorkerPool

    with WorkerPool(1) as pool:
        handler, threads = pool.submit(_worker_view).result()
    assert handler == signal.SIG_IGN  # Ctrl-C is the parent's to answer: no worker traceback
    assert "slidingtiles-watchdog" in threads


def _running(pid: int) -> bool:
    """True while ``pid`` runs (a zombie, or a reaped process, has ended)."""
    import os
    from pathlib import Path

    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        try:
            os.kill(pid, 0)
        except OSError:
            return False
        return True
    return state != "Z"


def _eventually(condition: Callable[[], bool], seconds: float = 10.0) -> bool:
    import time

    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.02)
    return condition()


def test_terminate_stops_a_busy_worker_without_waiting_for_it() -> None:
    import os
    import time
    from concurrent.futures.process import BrokenProcessPool

    from slidingtiles._workers import WorkerPool

    pool = WorkerPool(1)
    pid = pool.submit(os.getpid).result()
    busy = pool.submit(time.sleep, 600)
    queued = pool.submit(time.sleep, 600)
    assert _eventually(busy.running)
    before = set(threading.enumerate())
    pool.terminate()
    assert not _running(pid)  # terminate returns once the workers are gone
    # ... and the executor's manager thread too: nothing is left for Python's exit handler to
    # wake through a pipe being closed (a "Bad file descriptor" printed at exit otherwise).
    assert not [
        t
        for t in before
        if t.is_alive()
        and t is not threading.current_thread()
        and "ExecutorManager" in type(t).__name__
    ]
    # Not started: cancelled, or (already handed to the worker's queue) failed with it.
    assert queued.cancelled() or isinstance(queued.exception(timeout=10), BrokenProcessPool)
    with pytest.raises(BrokenProcessPool):
        busy.result(timeout=10)
    pool.terminate()  # idempotent


def test_an_interrupted_batch_yields_what_finished_then_stops() -> None:
    finished: list[BatchResult] = []

    def interrupt_once(done: int, total: int | None, result: BatchResult) -> None:
        if not finished:
            finished.append(result)
            raise KeyboardInterrupt

    got: list[BatchResult] = []
    with pytest.raises(KeyboardInterrupt):  # noqa: PT012 - the results come before it
        quick = [scramble(Board.goal(3, 3), 12, seed=seed).to_text() for seed in range(6)]
        for result in solve_many(quick, workers=2, progress=interrupt_once):
            got.append(result)
    assert got, "the results finished before the interrupt are handed out"
    assert finished[0].index in [r.index for r in got]
    assert all(r.ok for r in got)
    assert len({r.index for r in got}) == len(got)


def _children() -> set[int]:
    import os
    from pathlib import Path

    me, found = os.getpid(), set()
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                fields = Path(f"/proc/{entry}/stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == me and fields[0] != "Z":
                found.add(int(entry))
    return found


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="finds workers through /proc")
def test_closing_a_batch_early_stops_its_workers_at_once() -> None:
    endless = [random_board(5, 5, seed=seed).to_text() for seed in range(3)]
    before = _children()
    results = solve_many(["1 2/0 3", *endless], workers=2, heuristic="manhattan", optimal=True)
    assert next(results).ok
    workers = _children() - before
    assert len(workers) == 2
    results.close()  # the two boards in progress never finish: do not wait for them
    assert not any(_running(pid) for pid in workers)


WATCHDOG_ONLY = """
import multiprocessing, sys, time
import slidingtiles._workers as workers
workers._ask_for_death_signal = lambda: None  # fork: the workers inherit this: watchdog only
pool = workers.WorkerPool(2, mp_context=multiprocessing.get_context("fork"))
pool.submit(time.sleep, 0).result()  # fork: both workers start with the first task
print(*[p.pid for p in pool._processes.values()], flush=True)
time.sleep(600)
"""


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="finds workers through /proc")
def test_without_the_death_signal_the_watchdog_still_ends_orphans() -> None:
    import signal
    import subprocess

    from slidingtiles._workers import WATCH_SECONDS

    parent = subprocess.Popen(
        [sys.executable, "-c", WATCHDOG_ONLY], stdout=subprocess.PIPE, text=True
    )
    try:
        assert parent.stdout is not None
        pids = [int(p) for p in parent.stdout.readline().split()]
        assert len(pids) == 2
        assert all(_running(p) for p in pids)
        parent.send_signal(signal.SIGKILL)
        parent.wait(10)
        assert _eventually(lambda: not any(_running(p) for p in pids), 40 * WATCH_SECONDS)
    finally:
        if parent.poll() is None:
            parent.kill()
            parent.wait(10)
        if parent.stdout is not None:
            parent.stdout.close()
        for pid in pids if "pids" in locals() else []:
            if _running(pid):
                os.kill(pid, signal.SIGKILL)
