"""``slidingtiles batch --workers N`` under signals (issue 16): prompt exits, no survivors.

Each test starts the command in a session of its own (so "the process group" is exactly
what the test started), waits until the quick boards are printed and the workers are busy
on boards that never finish, sends one signal, and checks the exit status, what was
printed, and that every worker is gone. Only processes the test started are signalled, by
pid. Linux only: workers are found through ``/proc``.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from slidingtiles import random_board

pytestmark = pytest.mark.skipif(
    not sys.platform.startswith("linux"), reason="finds the workers through /proc"
)

QUICK = ["1 2 3/4 5 6/7 0 8", "1 2 3/4 0 6/7 5 8"]
# A shell started in the background ignores SIGINT, and its children inherit that; a
# terminal does not. Run the command as from a terminal: Python's own Ctrl-C handler.
BOOT = (
    "import signal, sys; signal.signal(signal.SIGINT, signal.default_int_handler); "
    "from slidingtiles.__main__ import main; sys.exit(main())"
)


def _state(pid: int) -> str | None:
    """The process's state letter (R, S, Z...), None once it is gone."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    return stat.rsplit(")", 1)[1].split()[0]


def _children(pid: int) -> list[int]:
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                fields = Path(f"/proc/{entry}/stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid and fields[0] != "Z":
                found.append(int(entry))
    return found


def _running(pid: int) -> bool:
    return _state(pid) not in (None, "Z")  # a zombie has ended: only its exit status is left


def _wait_for(condition: object, seconds: float = 60.0) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():  # type: ignore[operator]
            return True
        time.sleep(0.05)
    return False


class Batch:
    """One ``batch --workers 3`` run: two quick boards, then two boards no search finishes.

    So at the signal two workers are busy and one is idle (waiting for work): both kinds
    must stay quiet and die.
    """

    def __init__(self, tmp_path: Path) -> None:
        slow = [random_board(5, 5, seed=seed).to_text() for seed in range(2)]
        boards = tmp_path / "boards.txt"
        boards.write_text("\n".join([*QUICK, *slow]) + "\n")
        self.out_path, self.err_path = tmp_path / "out.txt", tmp_path / "err.txt"
        # The lifecycle does not depend on the implementation: pure Python starts fastest.
        # --optimal: boards beyond reach are searched (insisted on), not refused at once; the
        # insisting's warnings, one per board, are not what this test reads.
        env = {**os.environ, "SLIDINGTILES_IMPLEMENTATION": "python", "PYTHONWARNINGS": "ignore"}
        with self.out_path.open("w") as out, self.err_path.open("w") as err:
            self.process = subprocess.Popen(
                [
                    sys.executable,
                    "-c",
                    BOOT,
                    "batch",
                    str(boards),
                    "--workers",
                    "3",
                    "--heuristic",
                    "manhattan",
                    "--unordered",
                    "--optimal",
                ],
                stdout=out,
                stderr=err,
                start_new_session=True,
                env=env,
            )
        self.workers: list[int] = []

    def lines(self) -> list[str]:
        return self.out_path.read_text().splitlines()

    def wait_until_busy(self) -> None:
        """The quick boards printed, and the workers alive (two on the endless boards)."""
        assert _wait_for(lambda: len(self.lines()) >= len(QUICK)), self.err_path.read_text()
        assert _wait_for(lambda: len(_children(self.process.pid)) >= 3)
        self.workers = _children(self.process.pid)

    def stop(self) -> None:
        """End whatever of ours is still running (the test's own processes, by pid)."""
        for pid in [self.process.pid, *self.workers]:
            if _running(pid):
                os.kill(pid, signal.SIGKILL)
        self.process.wait(10)


@pytest.fixture
def batch(tmp_path: Path) -> Iterator[Batch]:
    run = Batch(tmp_path)
    try:
        yield run
    finally:
        run.stop()


@pytest.mark.parametrize(
    ("how", "status", "message"),
    [
        ("Ctrl-C (SIGINT to the process group)", 130, "slidingtiles: error: interrupted"),
        ("SIGINT to the parent only", 130, "slidingtiles: error: interrupted"),
        ("SIGTERM to the parent", 143, "slidingtiles: error: terminated"),
        ("SIGKILL to the parent", -signal.SIGKILL, ""),
    ],
)
def test_a_signal_stops_the_batch_at_once_and_no_worker_survives(
    batch: Batch, how: str, status: int, message: str
) -> None:
    batch.wait_until_busy()
    pid = batch.process.pid
    if how.startswith("Ctrl-C"):
        os.killpg(pid, signal.SIGINT)  # the session's group: exactly what this test started
    elif "SIGINT" in how:
        os.kill(pid, signal.SIGINT)
    elif "SIGTERM" in how:
        os.kill(pid, signal.SIGTERM)
    else:
        os.kill(pid, signal.SIGKILL)
    # Promptly: not after the boards in progress (which never finish).
    assert batch.process.wait(30) == status
    # No worker outlives its parent: a hang guard, not a speed claim (they go within a fraction
    # of a second; without the watchdog they would run forever).
    assert _wait_for(lambda: not any(_running(w) for w in batch.workers)), [
        (w, _state(w)) for w in batch.workers
    ]
    err = batch.err_path.read_text()
    assert "Traceback" not in err
    assert err.strip() == message
    records = [json.loads(line) for line in batch.lines()]  # every printed line is whole
    assert sorted(r["input"] for r in records) == sorted(QUICK)
    assert all(r["status"] == "solved" for r in records)
