"""The command line, run in-process through `main(argv)`: outputs, exit codes, messages.

Imports from ``slidingtiles._*`` here are of internal units that have no public name.
"""

from __future__ import annotations

import importlib
import io
import itertools
import json
import re
from pathlib import Path

import pytest

from slidingtiles import Board, heuristics, is_solvable, random_board, solve
from slidingtiles.__main__ import main
from slidingtiles._engine import dispatch as _backend

PUZZLE04 = "3\n 0  1  3\n 4  2  5\n 7  8  6\n"
UNSOLVABLE = "3\n 1  2  3\n 4  5  6\n 8  7  0\n"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def assert_one_line(err: str) -> None:
    assert err.strip(), "expected a message on stderr"
    assert len(err.strip().splitlines()) == 1, err
    assert "Traceback" not in err


def cos226_boards(out: str) -> list[Board]:
    """Read back the boards of a COS 226 report (blocks separated by blank lines)."""
    blocks = out.strip().split("\n\n")
    return [Board(block) for block in blocks[:-1]]


# -- solve: formats ----------------------------------------------------------------


def test_solve_cos226_puzzle04_from_file(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "puzzle04.txt"
    path.write_text(PUZZLE04)
    code, out, err = run(capsys, "solve", "-f", str(path))
    assert code == 0
    assert "error" not in err  # (a first run may log building a pattern database)
    lines = out.strip().splitlines()
    assert lines[-2] == "Minimum number of moves = 4"
    assert re.fullmatch(r"Number of states generated = \d+", lines[-1])
    boards = cos226_boards(out)
    assert len(boards) == 5
    assert boards[0] == Board(PUZZLE04)
    assert boards[-1] == Board.goal(3, 3)
    for before, after in itertools.pairwise(boards):
        assert after in [b for _, b in before.neighbors()]


def test_solve_text_counts_the_states_generated(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "solve", "8 1 3/4 0 2/7 6 5")
    expected = solve("8 1 3/4 0 2/7 6 5")
    assert code == 0
    assert out.strip().splitlines()[-1] == (
        f"Number of states generated = {expected.stats.generated}"
    )


def test_solve_moves_format_31(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "solve", "6 4 7/8 5 0/3 2 1", "--format", "moves")
    assert code == 0
    moves = out.strip()
    assert len(moves) == 31
    assert Board("6 4 7/8 5 0/3 2 1").apply(moves) == Board.goal(3, 3)


def test_solve_board_split_over_arguments(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(
        capsys, "solve", "1", "2", "3", "4", "0", "6", "7", "5", "8", "--format", "moves"
    )
    assert (code, out.strip()) == (0, "DR")


def test_solve_json_schema(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "solve", "8 1 3/4 0 2/7 6 5", "--goal", "first", "--format", "json")
    assert code == 0
    data = json.loads(out)
    assert set(data) == {
        "schema",
        "status",
        "board",
        "goal",
        "moves",
        "tiles",
        "length",
        "optimal",
        "lower_bound",
        "ratio",
        "heuristic",
        "algorithm",
        "engine",
        "statistics",
    }
    assert (data["schema"], data["status"]) == (1, "solved")
    assert data["board"] == [[8, 1, 3], [4, 0, 2], [7, 6, 5]]
    assert data["goal"] == [[0, 1, 2], [3, 4, 5], [6, 7, 8]]
    assert data["length"] == len(data["moves"]) == len(data["tiles"])
    assert Board(data["board"]).apply(data["moves"]) == Board(data["goal"])
    assert data["optimal"] is True
    assert set(data["statistics"]) == {
        "expanded",
        "generated",
        "max_frontier",
        "reopened",
        "iterations",
        "seconds",
    }
    reference = solve("8 1 3/4 0 2/7 6 5", goal="first")
    assert data["length"] == len(reference)
    assert tuple(data["tiles"]) == reference.tiles


@pytest.mark.parametrize("algorithm", ["astar", "idastar", "bfs"])
@pytest.mark.parametrize("heuristic", ["misplaced", "manhattan", "linear_conflict"])
def test_solve_options_give_optimal_lengths(
    capsys: pytest.CaptureFixture[str], oracle, algorithm: str, heuristic: str
) -> None:
    board = Board("8 1 3/4 0 2/7 6 5")
    code, out, _ = run(
        capsys,
        "solve",
        board.to_text(),
        "--algorithm",
        algorithm,
        "--heuristic",
        heuristic,
        "--format",
        "json",
    )
    assert code == 0
    data = json.loads(out)
    assert data["length"] == oracle(Board.goal(3, 3)).distance[board.tiles]
    assert data["algorithm"] == algorithm


def test_solve_inadmissible_heuristic_not_claimed_minimal(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, _ = run(
        capsys, "solve", "6 4 7/8 5 0/3 2 1", "--heuristic", "inversions", "--algorithm", "greedy"
    )
    assert code == 0
    assert "Minimum number of moves" not in out
    assert "not proven minimal" in out


def test_solve_weighted(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "solve", "6 4 7/8 5 0/3 2 1", "--weight", "2", "--format", "json")
    assert code == 0
    data = json.loads(out)
    assert data["algorithm"] == "weighted"
    assert 31 <= data["length"] <= 62
    assert data["optimal"] is False


def test_solve_already_solved(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "solve", "1 2 3/4 5 6/7 8 0")
    assert code == 0
    assert "Minimum number of moves = 0" in out
    assert len(cos226_boards(out)) == 1


def test_solve_rectangular_cos226_input(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "board.txt"
    path.write_text("2 3\n1 2 3\n4 0 5\n")
    code, out, _ = run(capsys, "solve", "-f", str(path), "--format", "moves")
    assert (code, out.strip()) == (0, "R")


# -- stdin --------------------------------------------------------------------------


@pytest.mark.parametrize("argv", [["solve", "-"], ["solve", "-f", "-"]])
def test_solve_reads_stdin(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, argv: list[str]
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO(PUZZLE04))
    code, out, _ = run(capsys, *argv, "--format", "moves")
    assert code == 0
    assert Board(PUZZLE04).apply(out.strip()) == Board.goal(3, 3)
    assert len(out.strip()) == 4


def test_empty_stdin_is_bad_input(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("  \n"))
    code, out, err = run(capsys, "solve", "-")
    assert (code, out) == (2, "")
    assert_one_line(err)


def test_solve_reads_redirected_stdin_without_a_dash(tmp_path: Path) -> None:
    """``slidingtiles solve < board.txt``: standard input that is a file or a pipe is read."""
    import os
    import subprocess
    import sys

    root = Path(__file__).resolve().parent.parent
    env = {**os.environ, "PYTHONPATH": str(root)}
    path = tmp_path / "board.txt"
    path.write_text(PUZZLE04)
    command = [sys.executable, "-m", "slidingtiles", "solve", "--format", "moves"]
    with path.open() as board:  # a regular file as standard input
        from_file = subprocess.run(
            command, stdin=board, capture_output=True, text=True, timeout=120, env=env
        )
    piped = subprocess.run(  # a pipe
        command, input=PUZZLE04, capture_output=True, text=True, timeout=120, env=env
    )
    for completed in (from_file, piped):
        assert completed.returncode == 0, completed.stderr
        assert Board(PUZZLE04).apply(completed.stdout.strip()) == Board.goal(3, 3)
    nothing = subprocess.run(  # /dev/null holds no board: the usage error, not a hang
        command, stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=120, env=env
    )
    assert nothing.returncode == 2
    assert "no board given" in nothing.stderr


# -- unsolvable and limits: exit 1 ----------------------------------------------------


def test_unsolvable_cos226(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "puzzle3x3-unsolvable.txt"
    path.write_text(UNSOLVABLE)
    code, out, err = run(capsys, "solve", "-f", str(path))
    assert code == 1
    assert out.strip() == "No solution possible"
    assert_one_line(err)
    assert "unsolvable" in err


def test_unsolvable_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "solve", "1 2 3/4 5 6/8 7 0", "--format", "json")
    assert code == 1
    data = json.loads(out)
    assert data["status"] == "unsolvable"
    assert data["board"] == [[1, 2, 3], [4, 5, 6], [8, 7, 0]]
    assert data["goal"] == [[1, 2, 3], [4, 5, 6], [7, 8, 0]]
    assert "odd" in data["reason"]
    assert_one_line(err)


def test_unsolvable_moves_format_prints_nothing(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "solve", "1 2 3/4 5 6/8 7 0", "--format", "moves")
    assert (code, out) == (1, "")
    assert_one_line(err)


def test_node_limit(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(
        capsys,
        "solve",
        "6 4 7/8 5 0/3 2 1",
        "--max-nodes",
        "5",
        "--heuristic",
        "misplaced",
        "--format",
        "json",
    )
    assert code == 1
    data = json.loads(out)
    assert data["status"] == "limit"
    assert data["limit"] == "nodes"
    assert data["value"] == 5
    assert data["statistics"]["expanded"] <= 6
    assert_one_line(err)


def test_time_limit(capsys: pytest.CaptureFixture[str]) -> None:
    # A 4x4 board far from the goal with the weakest heuristic cannot finish in 0.05 s.
    board = "15 14 13 12/11 10 9 8/7 6 5 4/3 1 2 0"
    assert is_solvable(board)
    code, out, err = run(capsys, "solve", board, "--heuristic", "misplaced", "--time-limit", "0.05")
    assert (code, out) == (1, "")
    assert_one_line(err)
    assert "time" in err


# -- check ---------------------------------------------------------------------------


def test_check_solvable_and_not(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "check", "8 1 3/4 0 2/7 6 5")
    assert code == 0
    assert out.startswith("solvable")
    code, out, _ = run(capsys, "check", "1 2 3/4 5 6/8 7 0")
    assert code == 1
    assert out.startswith("unsolvable")
    assert "width 3 is odd" in out


def test_check_even_width_with_goal(capsys: pytest.CaptureFixture[str]) -> None:
    board = "1 2 3 4/5 6 7 8/9 10 11 12/13 15 14 0"
    code, out, _ = run(capsys, "check", board, "--goal", "first")
    assert code == (0 if is_solvable(board, "first") else 1)
    assert "width 4 is even" in out


# -- random --------------------------------------------------------------------------


def test_random_is_reproducible_and_solvable(capsys: pytest.CaptureFixture[str]) -> None:
    code, first, _ = run(capsys, "random", "4x4", "--seed", "11")
    assert code == 0
    _, second, _ = run(capsys, "random", "4", "--seed", "11")
    assert first == second
    board = Board(first.strip())
    assert board.shape == (4, 4)
    assert is_solvable(board)


def test_random_moves_goal_first_cos226(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(
        capsys,
        "random",
        "3x5",
        "--moves",
        "6",
        "--seed",
        "2",
        "--goal",
        "first",
        "--format",
        "cos226",
    )
    assert code == 0
    assert out.splitlines()[0] == "3 5"
    board = Board(out)
    assert is_solvable(board, "first")
    assert len(solve(board, "first")) <= 6


def test_random_shape_as_two_words(capsys: pytest.CaptureFixture[str]) -> None:
    # Issue 27: the README's "random 4 4 --moves 30 --seed 1" was refused (the CLI wanted 4x4).
    assert (
        run(capsys, "random", "4", "4", "--moves", "30", "--seed", "1")[:2]
        == run(capsys, "random", "4x4", "--moves", "30", "--seed", "1")[:2]
    )
    assert run(capsys, "random", "2", "3", "--moves", "0")[:2] == (0, "1 2 3/4 5 0\n")
    code, out, err = run(capsys, "random", "3", "4", "5")
    assert (code, out) == (2, "")
    assert "'3 4 5' is not a shape" in err


def test_random_zero_moves_is_goal(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "random", "3", "--moves", "0")
    assert (code, out.strip()) == (0, "1 2 3/4 5 6/7 8 0")


# -- heuristics ------------------------------------------------------------------------


def test_heuristics_lists_registry(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "heuristics")
    assert code == 0
    for name in heuristics.names():
        line = next(row for row in out.splitlines() if row.startswith(name + " "))
        info = heuristics.get(name)
        flags = line.split()[1:3]
        assert flags == ["yes" if info.admissible else "no", "yes" if info.consistent else "no"]


def test_heuristics_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "heuristics", "--json")
    assert code == 0
    listed = {h["name"]: h for h in json.loads(out)["heuristics"]}
    assert set(listed) == set(heuristics.names())
    assert listed["inversions"]["admissible"] is False
    assert listed["manhattan"]["consistent"] is True


def test_solve_workers_splits_one_board_between_processes(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import slidingtiles._cli.solve as solve_command

    asked: list[object] = []

    def recording_solve(*args: object, **options: object) -> object:
        asked.append(options.get("workers"))
        return solve(*args, **options)  # type: ignore[arg-type]

    monkeypatch.setattr(solve_command, "solve", recording_solve)
    board = random_board(3, 4, seed=2)
    code, out, _ = run(
        capsys, "solve", board.to_text(), "--heuristic", "pdb", "--workers", "2", "--format", "json"
    )
    assert code == 0
    found = json.loads(out)
    assert asked == [2]
    assert found["optimal"] is True
    assert found["length"] == len(solve(board, heuristic="pdb"))
    assert board.apply(found["moves"]) == Board.goal(3, 4)


# -- bad input: exit 2, one line, no traceback -------------------------------------------

BAD_INPUTS = [
    ["solve", "1 2 3/4 5 6/7 8 9"],  # tile out of range
    ["solve", "1 2 3/4 5 6/7 8 8"],  # duplicate
    ["solve", "1 2 3/4 5/7 8 0"],  # ragged
    ["solve", "a b c/d e f/g h 0"],  # not numbers
    ["solve", "1 2 3 4 5"],  # not a square
    ["solve", "3\n1 2 3\n4 5 6\n"],  # header says 3 rows, 2 follow
    ["solve"],  # no board
    ["solve", "1 2/3 0", "--goal", "1 2 3/4 5 6/7 8 0"],  # goal of another shape
    ["solve", "1 2/3 0", "--heuristic", "nope"],
    ["solve", "1 2/3 0", "--algorithm", "nope"],
    ["solve", "1 2/3 0", "--weight", "0.5"],
    ["solve", "1 2/3 0", "--weight", "2", "--algorithm", "astar"],
    ["solve", "1 2/3 0", "--time-limit", "-1"],
    ["solve", "1 2/3 0", "--max-nodes", "zero"],
    ["solve", "1 2/3 0", "--workers", "0"],
    ["solve", "1 2/3 0", "--workers", "two"],
    ["solve", "1 2/3 0", "--format", "xml"],
    ["solve", "-f", "/nonexistent/board.txt"],
    ["solve", "1 2/3 0", "-f", "also.txt"],
    ["check", "1 1/2 0"],
    ["random", "4by4"],
    ["random", "1x1"],
    ["random", "3", "--moves", "-2"],
    ["random", "3", "--goal", "1 2/3 0"],
    ["frobnicate"],
    ["solve", "--no-such-option", "1 2/3 0"],
]


@pytest.mark.parametrize("argv", BAD_INPUTS, ids=[" ".join(a)[:40] for a in BAD_INPUTS])
def test_bad_input_exits_2_with_one_line(
    capsys: pytest.CaptureFixture[str], argv: list[str]
) -> None:
    code, out, err = run(capsys, *argv)
    assert code == 2
    assert out == ""
    assert_one_line(err)
    assert err.startswith("slidingtiles: error: ")


def test_bad_input_message_names_the_value(capsys: pytest.CaptureFixture[str]) -> None:
    _, _, err = run(capsys, "solve", "1 2 3/4 5 6/7 8 9")
    assert "9" in err
    _, _, err = run(capsys, "solve", "1 2/3 0", "--heuristic", "nope")
    assert "nope" in err


def test_not_utf8_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "binary.txt"
    path.write_bytes(b"\xff\xfe\x00garbage")
    code, _, err = run(capsys, "solve", "-f", str(path))
    assert code == 2
    assert_one_line(err)


def test_no_command_prints_help_and_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys)
    assert code == 2
    assert out == ""
    assert "solve" in err


@pytest.mark.parametrize("command", [[], ["solve"], ["check"], ["random"], ["heuristics"]])
def test_help_exits_0_with_examples(capsys: pytest.CaptureFixture[str], command: list[str]) -> None:
    code, out, _ = run(capsys, *command, "--help")
    assert code == 0
    assert "usage: slidingtiles" in out
    if command != ["heuristics"]:
        assert "examples:" in out


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    import slidingtiles

    code, out, _ = run(capsys, "--version")
    assert (code, out.strip()) == (0, f"slidingtiles {slidingtiles.__version__}")


# -- interruption, --html, --progress ------------------------------------------------------


def test_keyboard_interrupt_exits_130(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    def interrupted(*args: object, **kwargs: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr("slidingtiles._cli.solve.solve", interrupted)
    code, out, err = run(capsys, "solve", "6 4 7/8 5 0/3 2 1")
    assert (code, out) == (130, "")
    assert_one_line(err)
    assert "interrupted" in err


def test_html_export(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    page = tmp_path / "steps.html"
    code, out, _ = run(capsys, "solve", "0 1 3/4 2 5/7 8 6", "--html", str(page))
    assert code == 0
    assert "Minimum number of moves = 4" in out
    text = page.read_text(encoding="utf-8")
    start = text.index('id="slidingtiles-steps">') + len('id="slidingtiles-steps">')
    data = json.loads(text[start : text.index("</script>", start)])
    assert len(data["boards"]) == 5
    assert data["boards"][0] == [0, 1, 3, 4, 2, 5, 7, 8, 6]


def test_html_unwritable_path(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, _, err = run(capsys, "solve", "1 2/0 3", "--html", str(tmp_path / "no" / "x.html"))
    assert code == 2
    assert_one_line(err)


def test_html_not_written_when_unsolvable(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    page = tmp_path / "steps.html"
    code, _, _ = run(capsys, "solve", "1 2 3/4 5 6/8 7 0", "--html", str(page))
    assert code == 1
    assert not page.exists()


# 24 moves; A* with misplaced tiles expands 14,566 states: past the first progress report
# (every 10,000), in a tenth of the time of the hardest 8-puzzle.
PROGRESS_BOARD = "6 2 7/1 0 5/8 3 4"


def test_progress_is_silent_when_stderr_is_not_a_terminal(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # Changed in issue 14: --progress wrote "\r" frames into pipes; now only a terminal sees it.
    code, out, err = run(
        capsys,
        "solve",
        PROGRESS_BOARD,
        "--heuristic",
        "misplaced",
        "--progress",
        "--format",
        "moves",
    )
    assert code == 0
    assert len(out.strip()) == 24
    assert err == ""


class FakeTerminal(io.StringIO):
    """Standard error as a terminal (what a person running the command sees)."""

    def isatty(self) -> bool:
        return True


@pytest.fixture(params=["tqdm", "plain"])
def terminal(
    request: pytest.FixtureRequest,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> FakeTerminal:
    """A terminal on standard error, with tqdm installed or (``plain``) not."""
    from slidingtiles._cli import output

    # Set up after capsys (requested above), which would otherwise replace it.

    stream = FakeTerminal()
    monkeypatch.setattr("sys.stderr", stream)
    if request.param == "plain":
        real_import = output.importlib.import_module

        def no_tqdm(name: str, package: str | None = None) -> object:
            if name.startswith("tqdm"):
                raise ImportError(name)
            return real_import(name, package)

        monkeypatch.setattr(output.importlib, "import_module", no_tqdm)
    return stream


def on_stderr(monkeypatch: pytest.MonkeyPatch, stream: FakeTerminal) -> None:
    monkeypatch.setattr("sys.stderr", stream)


def test_progress_on_a_terminal(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, terminal: FakeTerminal
) -> None:
    on_stderr(monkeypatch, terminal)
    code = main(
        [
            "solve",
            PROGRESS_BOARD,
            "--heuristic",
            "misplaced",
            "--algorithm",
            "astar",
            "--progress",
            "--format",
            "moves",
        ]
    )
    assert code == 0
    assert len(capsys.readouterr().out.strip()) == 24
    assert "nodes" in terminal.getvalue()


def test_batch_progress_counts_failures_as_not_solved(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, terminal: FakeTerminal
) -> None:
    on_stderr(monkeypatch, terminal)
    monkeypatch.setattr("sys.stdin", io.StringIO("1 2/0 3\n1 2/3 3\n2 1/3 0\n"))
    assert main(["batch", "-", "--progress"]) == 1
    assert len(capsys.readouterr().out.splitlines()) == 3
    shown = terminal.getvalue()
    assert "3/3" in shown
    assert "2 not solved" in shown
    assert "solved 3" not in shown


def test_progress_plain_lines_show_percentage_and_time_left(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from slidingtiles._cli import output

    def no_tqdm(name: str, package: str | None = None) -> object:
        raise ImportError(name)

    monkeypatch.setattr(output.importlib, "import_module", no_tqdm)
    stream = FakeTerminal()
    with output.Progress("testing", total=4, unit="steps", stream=stream, every=0) as progress:
        progress.update(1, status="first")
        progress.update(4)
    lines = stream.getvalue().splitlines()
    assert lines[0].startswith("slidingtiles: testing: 1/4 steps, 25%")
    assert "s left" in lines[0]
    assert lines[0].endswith("first")
    assert "4/4 steps, 100%" in lines[-1]


def test_subcommand_table_is_extensible(capsys: pytest.CaptureFixture[str]) -> None:
    from slidingtiles import _cli

    def add_hello(subparsers) -> None:  # type: ignore[no-untyped-def]
        parser = subparsers.add_parser("hello", help="say hello")
        parser.set_defaults(handler=lambda args: print("hello") or 0)

    _cli.SUBCOMMANDS.append(add_hello)
    try:
        code, out, _ = run(capsys, "hello")
    finally:
        _cli.SUBCOMMANDS.remove(add_hello)
    assert (code, out) == (0, "hello\n")


def test_library_log_messages_reach_stderr(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import logging

    from slidingtiles._cli import solve as _cli

    real_solve = _cli.solve

    def logging_solve(*args, **kwargs):  # type: ignore[no-untyped-def]
        logging.getLogger("slidingtiles").info("building a table, 1.0 s")
        return real_solve(*args, **kwargs)

    monkeypatch.setattr(_cli, "solve", logging_solve)
    code, out, err = run(capsys, "solve", "1 2/0 3", "--format", "moves")
    assert (code, out) == (0, "R\n")
    assert err == "slidingtiles: building a table, 1.0 s\n"
    assert logging.getLogger("slidingtiles").handlers == []


def test_python_dash_m_entry_point() -> None:
    import os
    import subprocess
    import sys

    root = Path(__file__).resolve().parent.parent
    env = {**os.environ, "PYTHONPATH": str(root)}
    completed = subprocess.run(
        [sys.executable, "-m", "slidingtiles", "solve", "1 2 3/4 5 6/8 7 0"],
        capture_output=True,
        text=True,
        timeout=60,
        env=env,
        check=False,
    )
    assert completed.returncode == 1
    assert completed.stdout == "No solution possible\n"
    assert len(completed.stderr.strip().splitlines()) == 1


def test_huge_reports_elide_the_middle_boards(capsys: pytest.CaptureFixture[str]) -> None:
    # One column of 2,100 cells, the blank at its top: 2,099 moves found at once (the blank
    # walks), 4.4 million cells of boards to print.
    board = "/".join(map(str, [0, *range(1, 2100)]))
    code, out, _ = run(capsys, "solve", board, "--suboptimal")
    assert code == 0
    assert "... 2098 boards left out (use --format moves) ..." in out
    assert "Minimum number of moves = 2099" in out
    assert len(out) < 100_000


def test_pdb_commands(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    cache = str(tmp_path)
    code, out, err = run(capsys, "pdb", "build", "2x3", "--cache-dir", cache)
    assert code == 0
    assert out.startswith("built ")
    # Changed in issue 14: no per-group progress lines when stderr is not a terminal.
    assert err.startswith("slidingtiles: building the 2x3 perfect tables")
    assert len(err.splitlines()) == 1
    assert run(capsys, "pdb", "build", "3", "--goal", "first", "--cache-dir", cache)[0] == 0
    assert run(capsys, "pdb", "build", "3", "--cache-dir", cache)[0] == 0
    code, out, _ = run(capsys, "pdb", "list", "--cache-dir", cache)
    assert code == 0
    lines = out.splitlines()
    # One 3x3 table serves both goals (their blanks are corners): issue 11.
    assert [line.split()[0] for line in lines] == ["2x3", "3x3"]
    # The table was built for the canonical goal of a corner blank (blank first).
    assert [line.split("goal ")[1].split()[0] for line in lines[1:]] == ["first"]
    assert run(capsys, "pdb", "verify", "--cache-dir", cache)[0] == 0
    damaged = sorted(tmp_path.glob("3x3-*"))[0]
    damaged.write_bytes(damaged.read_bytes()[:-5])
    code, out, _ = run(capsys, "pdb", "verify", "--cache-dir", cache)
    assert code == 1
    assert "BAD: " in out
    code, out, _ = run(capsys, "pdb", "clear", "--cache-dir", cache)
    assert (code, out.strip()) == (0, "removed 2 files")
    assert "no tables" in run(capsys, "pdb", "list", "--cache-dir", cache)[1]


def test_pdb_build_progress_on_a_terminal(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    terminal: FakeTerminal,
) -> None:
    on_stderr(monkeypatch, terminal)
    assert main(["pdb", "build", "3x4", "--cache-dir", str(tmp_path)]) == 0
    assert capsys.readouterr().out.startswith("built ")
    shown = terminal.getvalue()
    assert "100%" in shown  # the total is known: percentage (and time left) are shown
    assert "group 2/2" in shown


def test_pdb_command_errors(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, _, err = run(capsys, "pdb")
    assert code == 2
    assert "needs an action" in err
    # Under numba the 7-8 tables can be built (minutes, 5.9 GB): ask for an unknown name there.
    bad = "7-8" if _backend.IMPLEMENTATION == "python" else "9-6"
    code, _, err = run(
        capsys, "pdb", "build", "4", "--partition", bad, "--cache-dir", str(tmp_path)
    )
    assert code == 2
    assert bad in err
    assert "Traceback" not in err
    code, _, err = run(capsys, "pdb", "build", "4x", "--cache-dir", str(tmp_path))
    assert code == 2
    assert "not a shape" in err


# -- batch help, one error spelling, completion ---------------------------------------------


def test_every_batch_option_has_help(capsys: pytest.CaptureFixture[str]) -> None:
    from slidingtiles._cli import build_parser

    parser = build_parser()
    subparsers = next(a for a in parser._actions if a.dest == "command")
    batch = subparsers.choices["batch"]  # type: ignore[attr-defined]
    for action in batch._actions:
        assert action.help, action.dest
    assert run(capsys, "batch", "--help")[0] == 0


@pytest.mark.parametrize(
    "argv",
    [
        ["solve", "1 2 3/4 5 6/8 7 0"],
        ["solve", "1 2/3 0", "--format", "xml"],
        ["solve", "1 2 3/4 5 6/7 8 9"],
        ["pdb"],
        ["batch", "/nonexistent/boards.txt"],
        ["solve", "6 4 7/8 5 0/3 2 1", "--max-nodes", "3", "--heuristic", "misplaced"],
    ],
)
def test_one_error_prefix(capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    code, _, err = run(capsys, *argv)
    assert code in (1, 2)
    assert_one_line(err)
    assert err.startswith("slidingtiles: error: ")
    assert not err.startswith("slidingtiles: error: slidingtiles")


def test_shell_completion_with_argcomplete(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    argcomplete = pytest.importorskip("argcomplete")
    from slidingtiles._cli import build_parser
    from slidingtiles._cli.main import _offer_completion

    line = "slidingtiles solve 1 --heuristic man"
    monkeypatch.setenv("_ARGCOMPLETE", "1")
    monkeypatch.setenv("COMP_LINE", line)
    monkeypatch.setenv("COMP_POINT", str(len(line)))
    monkeypatch.setenv("_ARGCOMPLETE_IFS", "\n")
    # argcomplete writes its debugging to a stream it opens on descriptor 9, which under pytest
    # is some other file, and never closes it: keep its default stream instead.
    finders = importlib.import_module("argcomplete.finders")
    monkeypatch.setattr(finders.CompletionFinder, "_init_debug_stream", lambda self: None)
    answer = tmp_path / "answer"
    with answer.open("w") as output, pytest.raises(SystemExit):
        argcomplete.autocomplete(build_parser(), output_stream=output, exit_method=exit)
    assert "manhattan" in answer.read_text().split()
    monkeypatch.delenv("_ARGCOMPLETE")
    _offer_completion(build_parser())  # not asked: nothing happens


def test_no_completion_without_argcomplete(monkeypatch: pytest.MonkeyPatch) -> None:
    import importlib

    cli_main = importlib.import_module("slidingtiles._cli.main")

    def missing(name: str, package: str | None = None) -> object:
        raise ImportError(name)

    monkeypatch.setenv("_ARGCOMPLETE", "1")
    monkeypatch.setattr(cli_main.importlib, "import_module", missing)
    cli_main._offer_completion(cli_main.build_parser())  # returns: the command runs as usual
