"""COS 226's own search and output: the assignment's sample byte for byte, its counts by hand."""

from __future__ import annotations

import heapq
import itertools
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

import slidingtiles as st
from slidingtiles import Board
from slidingtiles._cli.main import main
from tests.conftest import Oracle

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "examples" / "data"

# The assignment's sample run, `java Solver < puzzle04.txt`, as its handout prints it (every
# space kept: a tile takes three columns, the blank three, or two in the last column).
PUZZLE04_OUTPUT = (
    "    1  3 \n"
    " 4  2  5 \n"
    " 7  8  6 \n"
    "\n"
    " 1     3 \n"
    " 4  2  5 \n"
    " 7  8  6 \n"
    "\n"
    " 1  2  3 \n"
    " 4     5 \n"
    " 7  8  6 \n"
    "\n"
    " 1  2  3 \n"
    " 4  5   \n"
    " 7  8  6 \n"
    "\n"
    " 1  2  3 \n"
    " 4  5  6 \n"
    " 7  8   \n"
    "\n"
    "Number of states enqueued = 10\n"
    "Minimum number of moves = 4\n"
)


def run_command(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    """The installed command line, as a student runs it (a separate process)."""
    return subprocess.run(
        [sys.executable, "-m", "slidingtiles", *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
        cwd=ROOT,
    )


def test_the_sample_byte_for_byte() -> None:
    completed = run_command("solve", "-f", str(DATA / "puzzle04.txt"), "--format", "cos226")
    assert completed.returncode == 0, completed.stderr
    assert completed.stdout == PUZZLE04_OUTPUT
    assert completed.stderr == ""
    # `java Solver < puzzle04.txt`: the same from standard input.
    text = (DATA / "puzzle04.txt").read_text()
    assert run_command("solve", "-", "--format", "cos226", stdin=text).stdout == PUZZLE04_OUTPUT


def test_no_solution_possible(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["solve", "-f", str(DATA / "puzzle3x3-unsolvable.txt"), "--format", "cos226"])
    out, err = capsys.readouterr()
    assert code == 1
    assert out == "No solution possible\n"
    assert err.startswith("slidingtiles: error: unsolvable")


def test_the_counts_of_the_sample_and_the_handout_board() -> None:
    found = st.solve_cos226("0 1 3/4 2 5/7 8 6")
    assert (str(found.solution.moves), found.enqueued, found.dequeued) == ("RDRD", 10, 5)
    assert found.solution.optimal
    assert found.solution.algorithm == "cos226"
    # 1 start + 2 + 2 + 3 + 2 children (the previous board never): the sample's 10.
    assert found.solution.stats.generated == 12  # the 3 previous boards skipped included
    assert found.solution.stats.expanded == 4
    hardest = st.solve_cos226("6 4 7/8 5 0/3 2 1")  # the count docs/cli.md quotes
    assert (len(hardest.solution), hardest.enqueued) == (31, 74_791)


def reference_count(board: Board, goal: Board) -> tuple[int, int]:
    """The assignment's search written plainly on Board values: (moves, states enqueued).

    A priority queue of (moves + Manhattan, insertion number, board, moves, previous board);
    neighbours in the blank's order up, down, left, right; the previous board never inserted.
    """
    order = itertools.count()
    queue = [(board.manhattan(goal), next(order), board, 0, None)]
    enqueued = 1
    while True:
        _, _, here, made, previous = heapq.heappop(queue)
        if here == goal:
            return made, enqueued
        for move in "UDLR":
            if move in here.legal_moves():
                child = here.apply(move)
                if child != previous:
                    priority = made + 1 + child.manhattan(goal)
                    heapq.heappush(queue, (priority, next(order), child, made + 1, here))
                    enqueued += 1


@pytest.mark.parametrize("goal", [Board.goal(3, 3), Board.goal(2, 4, blank="first")])
def test_shortest_and_counted_as_the_assignment_counts(
    oracle: Callable[[Board], Oracle], goal: Board
) -> None:
    exact = oracle(goal)
    for tiles in itertools.islice(exact.distance, 0, None, len(exact) // 8):  # 8 or 9 boards
        board = exact.board(tiles)
        found = st.solve_cos226(board, goal)
        assert board.apply(found.solution.moves) == goal
        assert (len(found.solution), found.enqueued) == (
            exact.distance[tiles],
            reference_count(board, goal)[1],
        )


def test_limits_and_options() -> None:
    with pytest.raises(st.SearchLimitExceeded) as caught:
        st.solve_cos226("6 4 7/8 5 0/3 2 1", max_nodes=100)
    assert caught.value.limit == "nodes"
    with pytest.raises(st.UnsolvableError):
        st.solve_cos226("1 2 3/4 5 6/8 7 0")
    assert st.solve_cos226("1 2 3/4 5 6/7 8 0").enqueued == 1
    with pytest.raises(st.InvalidOptionError, match="max_nodes"):
        st.solve_cos226("1 2/0 3", max_nodes=0)


def test_the_command_refuses_options_of_other_searches(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["solve", "0 1 3/4 2 5/7 8 6", "--format", "cos226", "--heuristic", "misplaced"])
    assert code == 2
    assert "--heuristic" in capsys.readouterr().err
