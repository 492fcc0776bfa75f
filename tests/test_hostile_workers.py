"""Workers that die (issue 31, class 3): killed from outside, as the out-of-memory killer does.

A worker killed by SIGKILL breaks a process pool: every unfinished task fails with it. The
pool's workers note which task each runs (`WorkerPool.lost_work`), so the dead worker's
board gets a failure result naming how it died, and the other boards run again on a new
pool; a parallel solve stops with `WorkerDiedError`; nowhere a traceback. The tests start
the command themselves and kill one of its workers by pid, nothing else. Linux: workers are
found through ``/proc``.
"""

from __future__ import annotations

import concurrent.futures
import json
import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import slidingtiles as st
from slidingtiles import pdb

pytestmark = pytest.mark.skipif(
    not sys.platform.startswith("linux"), reason="finds the workers through /proc"
)

ROOT = Path(__file__).resolve().parent.parent
# No search ends: optimal=True (--optimal) insists on them, beyond reach as they are.
ENDLESS = [st.random_board(5, 5, seed=seed).to_text() for seed in (1, 2)]
QUICK = [st.scramble(st.Board.goal(3, 3), 14, seed=seed).to_text() for seed in range(6)]


def _stat(pid: int) -> list[str] | None:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None


def _busy_children(pid: int) -> list[int]:
    """The children of ``pid`` deep in a search: running, a third of a second of CPU used.

    (A worker still starting is running too, but has used next to no CPU yet.)
    """
    found = []
    for entry in os.listdir("/proc"):
        fields = _stat(int(entry)) if entry.isdigit() else None
        if fields is None or int(fields[1]) != pid or fields[0] != "R":
            continue
        if int(fields[11]) + int(fields[12]) >= os.sysconf("SC_CLK_TCK") // 3:  # utime + stime
            found.append(int(entry))
    return found


def _wait_for(condition: Callable[[], Any], seconds: float = 60.0) -> Any:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        found = condition()
        if found:
            return found
        time.sleep(0.05)
    return None


def _start(argv: list[str]) -> subprocess.Popen[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.Popen(
        [sys.executable, "-m", "slidingtiles", *argv],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )


def _kill_a_busy_worker(command: subprocess.Popen[str], count: int) -> int:
    """SIGKILL one of the command's workers once ``count`` of them are searching."""
    busy = _wait_for(
        lambda: (lambda found: found if len(found) >= count else None)(_busy_children(command.pid))
    )
    if not busy:
        command.kill()
        pytest.fail(f"the command's workers never got busy: {command.communicate()}")
    os.kill(busy[0], signal.SIGKILL)
    return busy[0]


@pytest.mark.slow
def test_batch_gives_the_killed_workers_board_a_failure_and_solves_the_rest(
    tmp_path: Path,
) -> None:
    boards = tmp_path / "boards.txt"
    boards.write_text("\n".join([*ENDLESS, *QUICK]) + "\n")
    command = _start(
        [
            "batch",
            str(boards),
            "--workers",
            "2",
            "--heuristic",
            "manhattan",
            "--time-limit",
            "6",
            "--optimal",
        ]
    )
    _kill_a_busy_worker(command, 2)  # both are on the endless boards: the quick ones wait
    out, err = command.communicate(timeout=300)
    assert command.returncode == 1, err  # some boards not solved
    assert "Traceback" not in err
    records = [json.loads(line) for line in out.splitlines()]
    assert [r["line"] for r in records] == list(range(1, 9))  # every board, in input order
    died = [r for r in records if r.get("error_type") == "WorkerDiedError"]
    assert len(died) == 1
    assert died[0]["input"] in ENDLESS
    assert "killed by SIGKILL (signal 9)" in died[0]["error"]
    # The other endless board, lost with the broken pool, ran again to its time limit.
    other = next(r for r in records[:2] if r is not died[0])
    assert other["status"] == "limit"
    assert [r["status"] for r in records[2:]] == ["solved"] * len(QUICK)


@pytest.mark.slow
def test_solve_with_workers_stops_in_one_line_naming_the_death() -> None:
    pdb.build(3, 6)  # in the suite's cache, which the command reads: about 5 s
    board = st.random_board(3, 6, seed=1).to_text()  # minutes of search
    command = _start(["solve", board, "--heuristic", "pdb", "--workers", "2"])
    _kill_a_busy_worker(command, 2)
    out, err = command.communicate(timeout=120)
    assert command.returncode == 1
    assert out == ""
    # A search this long announces itself first (never silent), then ends in one line.
    lines = err.strip().splitlines()
    assert len(lines) == 2, err
    assert lines[0].startswith("slidingtiles: this optimal search of a 3x6 board is estimated")
    lines = lines[1:]
    assert lines[0].startswith("slidingtiles: error: solve: a worker process")
    assert "killed by SIGKILL (signal 9)" in lines[0]


@pytest.mark.slow
def test_solve_many_names_the_dead_workers_board_and_runs_the_others_again() -> None:
    """The API under the same event: a worker killed while four boards are in flight."""
    killed: list[int] = []

    def kill_one() -> None:
        busy = _wait_for(
            lambda: (lambda found: found if len(found) >= 2 else None)(_busy_children(os.getpid()))
        )
        if busy:
            os.kill(busy[0], signal.SIGKILL)
            killed.append(busy[0])

    killer = threading.Thread(target=kill_one)
    killer.start()
    results = list(
        st.solve_many(
            [*ENDLESS, *QUICK], workers=2, heuristic="manhattan", time_limit=4, optimal=True
        )
    )
    killer.join()
    assert killed, "the workers never got busy"
    assert [r.index for r in results] == list(range(len(ENDLESS) + len(QUICK)))
    died = [r for r in results if r.error_type == "WorkerDiedError"]
    assert len(died) == 1
    assert died[0].board in ENDLESS
    assert "SIGKILL" in (died[0].error or "")
    assert all(r.ok for r in results[2:])


class KilledWorker(Exception):
    """What Dask's futures raise when the workers running a task keep dying."""


class LosingExecutor:
    """A submit-style executor that loses every task holding ``lose`` (runs the others here)."""

    def __init__(self, lose: str) -> None:
        self.lose = lose

    def submit(self, fn: Callable[..., Any], *args: Any) -> concurrent.futures.Future[Any]:
        future: concurrent.futures.Future[Any] = concurrent.futures.Future()
        if self.lose in repr(args):
            future.set_exception(KilledWorker("attempted to run task 3 times; all workers died"))
        else:
            future.set_result(fn(*args))
        return future


def test_an_executors_lost_task_is_that_boards_failure_result() -> None:
    boards = [*QUICK[:2], "1 2/0 3", QUICK[2]]
    results = list(st.solve_many(boards, executor=LosingExecutor("1 2/0 3")))
    assert [r.ok for r in results] == [True, True, False, True]
    assert results[2].error_type == "KilledWorker"
    assert "all workers died" in (results[2].error or "")


def test_a_parallel_search_losing_a_slice_to_its_executor_is_a_worker_died_error(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Small iterations run in this process: from the second one on, the executor's.
    monkeypatch.setattr("slidingtiles._solve.parallel.INLINE_SECONDS", 0)
    monkeypatch.setattr("slidingtiles._solve.reach.SERIAL_NODES", 0)  # split, small as it is
    board = st.random_board(3, 4, seed=0)
    with pytest.raises(st.WorkerDiedError, match="KilledWorker: attempted") as info:
        st.solve(board, heuristic="pdb", executor=LosingExecutor(""), workers=2)
    assert isinstance(info.value, RuntimeError)


def test_workers_forked_after_a_table_build_live(tmp_path: Path) -> None:
    """numba's parallel table builds must leave this process fit to fork its workers.

    (GNU OpenMP's threads, numba's default without tbb, make every later fork abort.)
    """
    code = (
        "import slidingtiles as st\n"
        "from slidingtiles import pdb\n"
        "pdb.build(3, 4)\n"
        "results = list(st.solve_many(['1 2/0 3', '1 0/3 2', '0 1/3 2'], workers=2))\n"
        "assert [r.ok for r in results] == [True] * 3, [r.error for r in results]\n"
    )
    env = {**os.environ, "PYTHONPATH": str(ROOT), "SLIDINGTILES_CACHE_DIR": str(tmp_path)}
    env.pop("NUMBA_THREADING_LAYER", None)
    result = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=300
    )
    assert result.returncode == 0, result.stderr
    assert "fork()" not in result.stderr


TEST_PROCESS = os.getpid()
DEADLY = st.Board("0 1/3 2")  # a 2x2 board: no search of a 3x3 board meets it


def fatal(board: st.Board, goal: st.Board) -> int:
    """A heuristic whose worker dies (SIGKILL, by its own hand) on DEADLY: only in workers."""
    if board == DEADLY and os.getpid() != TEST_PROCESS:
        os.kill(os.getpid(), signal.SIGKILL)
    return 0


def test_a_dead_workers_board_fails_and_the_rest_are_solved() -> None:
    """The cheap case of the batch test above: a worker this call started dies on one board."""
    boards = [*QUICK[:2], DEADLY.to_text(), *QUICK[2:5]]
    results = list(st.solve_many(boards, workers=2, heuristic=fatal, algorithm="astar"))
    assert [r.index for r in results] == list(range(len(boards)))
    assert [r.ok for r in results] == [True, True, False, True, True, True]
    died = results[2]
    assert died.error_type == "WorkerDiedError"
    assert died.error == (
        "the worker process solving this board died: killed by SIGKILL (signal 9), as the "
        "system's out-of-memory killer does"
    )


def test_errors_cross_processes_with_their_attributes() -> None:
    """Each error pickles whole (a worker's error reaches its caller as it was raised)."""
    import pickle

    stats = st.SearchStats(5, 9, 3, 0, 1, 0.25)
    for error in [
        st.SearchLimitExceeded("gave up", "time", 2.0, stats),
        st.OutOfMemoryError("ran out", stats),
        st.WorkerDiedError("lost", "killed by SIGKILL (signal 9)"),
        st.OptionTypeError("bad", "10", option="max_nodes"),
        st.pdb.CacheDirectoryError("no cache", "/nowhere"),
    ]:
        back = pickle.loads(pickle.dumps(error))
        assert type(back) is type(error)
        assert str(back) == str(error)
        assert back.__dict__ == error.__dict__
