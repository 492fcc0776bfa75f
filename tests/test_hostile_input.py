"""Inputs without bounds and standard input closed (issue 31, classes 4 and 5).

``batch`` reads its input one line at a time, never more than a 16 MB line of it at once: a
longer line is skipped to its end and gets its own error result (echoing only its start),
as does a line that is not UTF-8. ``solve -``, ``solve -f -``, ``check -`` and ``batch -``
with standard input closed (as cron jobs and daemons run) are one line, exit 2.
"""

from __future__ import annotations

import json
import os
import select
import subprocess
import sys
from pathlib import Path

import pytest

from slidingtiles import random_board
from slidingtiles.__main__ import main

ROOT = Path(__file__).resolve().parent.parent
BOARDS = ["1 2/0 3", "1 0/3 2", "0 1/3 2", "2 3/1 0", "1 2/3 0", "3 1/0 2", "0 2/1 3"]
LONG = 20_000_000  # bytes: over the 16 MB a board line may hold
ENV = {**os.environ, "PYTHONPATH": str(ROOT)}


def _command(*argv: str) -> list[str]:
    return [sys.executable, "-m", "slidingtiles", *argv]


def _peak_kib() -> str:
    return "print(open('/proc/self/status').read().split('VmPeak:')[1].split()[0], file=sys.stderr)"


def _batch_under(limit: int | None, path: Path) -> subprocess.CompletedProcess[str]:
    """``batch path`` in a child whose address space is capped at ``limit`` bytes (None: not)."""
    code = (
        "import resource, sys\n"
        f"limit = {limit!r}\n"
        "if limit is not None:\n"
        "    resource.setrlimit(resource.RLIMIT_AS, (limit, limit))\n"
        "from slidingtiles.__main__ import main\n"
        f"code = main(['batch', {str(path)!r}, '--heuristic', 'manhattan'])\n"
        f"{_peak_kib()}\n"
        "sys.exit(code)\n"
    )
    return subprocess.run(
        [sys.executable, "-c", code], env=ENV, capture_output=True, text=True, timeout=600
    )


@pytest.mark.slow
@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc/self/status")
def test_batch_streams_a_large_file_within_a_memory_bound(tmp_path: Path) -> None:
    small = tmp_path / "small.txt"
    small.write_text("\n".join(BOARDS) + "\n")
    baseline = _batch_under(None, small)
    assert baseline.returncode == 0, baseline.stderr
    peak = int(baseline.stderr.strip().splitlines()[-1]) * 1024
    # 120 MB of input: six lines of 20 MB between the boards. Reading it whole takes twice
    # that (the text, then its lines); streaming it, one 16 MB line at a time.
    big = tmp_path / "big.txt"
    with big.open("wb") as handle:
        for board in BOARDS[:-1]:
            handle.write(board.encode() + b"\n" + b"7" * LONG + b"\n")
        handle.write(BOARDS[-1].encode())  # the last line without its line end
    result = _batch_under(peak + 96 * 2**20, big)
    assert result.returncode == 1, result.stderr  # the long lines are errors
    assert "Traceback" not in result.stderr
    records = [json.loads(line) for line in result.stdout.splitlines()]
    assert [r["line"] for r in records] == list(range(1, 2 * len(BOARDS)))
    for record in records[1::2]:
        assert record["status"] == "error"
        assert record["error_type"] == "InvalidBoardError"
        assert f"line {record['line']} is {LONG:,} bytes long" in record["error"]
        assert record["input"] == "7" * 80 + "..."
    assert [r["input"] for r in records[0::2]] == BOARDS
    assert all(r["status"] == "solved" for r in records[0::2])


def test_batch_reads_standard_input_as_it_comes() -> None:
    """A result is printed before the input ends (a pipe that stays open, a producer)."""
    command = subprocess.Popen(
        _command("batch", "-"),
        env=ENV,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert command.stdin is not None
    assert command.stdout is not None
    try:
        for board in BOARDS[:3]:
            command.stdin.write(board + "\n")
            command.stdin.flush()
            ready, _, _ = select.select([command.stdout], [], [], 120)
            assert ready, "no result while the input is still open"
            assert json.loads(command.stdout.readline())["input"] == board
    finally:
        command.stdin.close()
        command.wait(timeout=60)
    assert command.returncode == 0


def test_a_line_that_is_not_utf8_is_its_own_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "boards.txt"
    path.write_bytes(b"1 2/0 3\n\xff\xfe 1 2\n# a comment\n\n1 0/3 2\r\n")
    assert main(["batch", str(path)]) == 1
    records = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    statuses = [(r["line"], r["status"]) for r in records]
    assert statuses == [(1, "solved"), (2, "error"), (5, "solved")]
    assert records[1]["error"] == "line 2 is not UTF-8 text (byte 1 of the line)"
    assert records[1]["input"] == "\\xff\\xfe 1 2"


def test_batch_workers_read_ahead_only_a_few_boards(capsys: pytest.CaptureFixture[str]) -> None:
    """With workers too, lines are read as boards start: an endless input is not read whole."""
    from slidingtiles import solve_many

    read = []

    def endless() -> object:
        while True:
            read.append(len(read))
            yield random_board(2, 3, seed=len(read)).to_text()

    results = solve_many(endless(), workers=2, heuristic="manhattan")
    first = [next(results) for _ in range(5)]
    results.close()
    assert all(result.ok for result in first)
    assert len(read) < 5 + 256 + 2 * 2 + 1  # started + waiting + in flight


CLOSED_STDIN = [["solve", "-"], ["solve", "-f", "-"], ["check", "-"], ["batch", "-"]]


@pytest.mark.parametrize("argv", CLOSED_STDIN, ids=" ".join)
def test_closed_standard_input_is_one_line_exit_2(argv: list[str]) -> None:
    result = subprocess.run(
        _command(*argv),
        env=ENV,
        capture_output=True,
        text=True,
        timeout=120,
        stdin=None,
        preexec_fn=lambda: os.close(0),  # in the child, before it starts
    )
    assert result.returncode == 2, result.stderr
    assert result.stdout == ""
    assert result.stderr.splitlines() == [result.stderr.strip()]
    assert result.stderr.startswith("slidingtiles: error: standard input is closed")


@pytest.mark.parametrize("argv", CLOSED_STDIN, ids=" ".join)
def test_no_standard_input_object_is_one_line_exit_2(
    argv: list[str], capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("sys.stdin", None)
    assert main(argv) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err.startswith("slidingtiles: error: standard input is closed")


def test_a_line_over_16_mb_is_its_own_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The cheap case of the memory-bound test: one long line between two boards."""
    path = tmp_path / "boards.txt"
    path.write_bytes(b"1 2/0 3\n" + b"x" * 17_000_000 + b"\r\n1 0/3 2")
    assert main(["batch", str(path)]) == 1
    records = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [(r["line"], r["status"]) for r in records] == [
        (1, "solved"),
        (2, "error"),
        (3, "solved"),
    ]
    assert records[1]["error"] == (
        "line 2 is 17,000,000 bytes long; a board line holds at most 16,000,000 (16 per cell "
        "of the largest board)"
    )
    assert records[1]["input"] == "x" * 80 + "..."
