"""One JSON schema: every command's ``--format json`` against the keys docs/json.md documents."""

from __future__ import annotations

import doctest
import io
import json
import re
from pathlib import Path

import pytest

import slidingtiles
from slidingtiles import Board, Solution, heuristics, solve
from slidingtiles.__main__ import main

DOCS = Path(__file__).resolve().parent.parent / "docs" / "json.md"


def documented_keys() -> dict[str, set[str]]:
    """Section title -> the keys of its tables (the first column's `code`), from docs/json.md."""
    sections: dict[str, set[str]] = {}
    title = ""
    for line in DOCS.read_text(encoding="utf-8").splitlines():
        if line.startswith("## "):
            title = line[3:].strip()
            sections[title] = set()
        elif title and (match := re.match(r"\| `(\w+)` \|", line)):
            sections[title].add(match.group(1))
    return sections


KEYS = documented_keys()
BATCH_KEYS = {"line", "index", "input"}


def run_json(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, dict]:  # type: ignore[type-arg]
    code = main([*argv, "--format", "json"])
    out, _ = capsys.readouterr()
    data = json.loads(out)
    assert data["schema"] == Solution.JSON_SCHEMA == 1
    return code, data


def test_every_documented_shape_is_there() -> None:
    assert {
        "Solution",
        "Unsolvable",
        "Limit",
        "Batch line",
        "Check",
        "Random",
        "Heuristics",
        "Tables",
        "Table built",
        "Tables cleared",
    } <= set(KEYS)
    assert all("schema" in keys for title, keys in KEYS.items() if title != "Batch line")


def test_documentation_examples_run() -> None:
    text = DOCS.read_text(encoding="utf-8").replace("\n```", "\n\n```")
    test = doctest.DocTestParser().get_doctest(text, {"st": slidingtiles}, "json.md", "json.md", 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    runner.run(test)
    assert runner.failures == 0


# -- solve --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("board", "options"),
    [
        ("8 1 3/4 0 2/7 6 5", []),
        ("8 1 3/4 0 2/7 6 5", ["--goal", "first"]),
        ("1 2 3/4 5 6/7 8 0", []),
        ("6 4 7/8 5 0/3 2 1", ["--weight", "2"]),
        ("5 1 2 3/0 6 7 4/9 10 11 8/13 14 15 12", ["--suboptimal"]),
    ],
)
def test_solution_json_is_to_dict(
    capsys: pytest.CaptureFixture[str], board: str, options: list[str]
) -> None:
    code, data = run_json(capsys, "solve", board, *options)
    assert code == 0
    assert set(data) == KEYS["Solution"]
    goal = options[1] if options[:1] == ["--goal"] else None
    sol = solve(
        board,
        goal,
        weight=2 if "--weight" in options else None,
        optimal="--suboptimal" not in options,
    )
    expected = sol.to_dict()
    # Everything but the time the search took is the same value, key for key, in order.
    data["statistics"].pop("seconds")
    expected["statistics"].pop("seconds")
    assert list(data) == list(expected)
    assert data == expected
    assert json.loads(json.dumps(sol.to_dict()))["moves"] == str(sol.moves)


def test_to_dict_of_a_labelled_board_adds_labels() -> None:
    sol = solve(
        [["C", "A", "T"], ["S", "_", "O"], ["N", "D", "G"]],
        goal=[["C", "A", "T"], ["D", "O", "G"], ["S", "N", "_"]],
    )
    data = sol.to_dict()
    assert set(data) == KEYS["Solution"] | {"labels"}
    assert [data["labels"][t] for t in data["tiles"]] == list(sol.tile_labels)
    json.dumps(data)


def test_unsolvable_and_limit_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, data = run_json(capsys, "solve", "1 2 3/4 5 6/8 7 0")
    assert code == 1
    assert set(data) == KEYS["Unsolvable"]
    assert (data["status"], data["error_type"]) == ("unsolvable", "UnsolvableError")
    code, data = run_json(
        capsys, "solve", "6 4 7/8 5 0/3 2 1", "--heuristic", "misplaced", "--max-nodes", "5"
    )
    assert code == 1
    assert set(data) == KEYS["Limit"]
    assert (data["status"], data["limit"], data["value"]) == ("limit", "nodes", 5)
    assert set(data["statistics"]) == set(solve("1 2/0 3").to_dict()["statistics"])


# -- batch ----------------------------------------------------------------------------


def test_batch_lines_share_the_schema(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    boards = [
        "# a comment",
        "1 2 3/4 5 6/7 0 8",
        "nope",
        "1 2 3/4 5 6/8 7 0",
        "",
        "6 4 7/8 5 0/3 2 1",
    ]
    monkeypatch.setattr("sys.stdin", io.StringIO("\n".join(boards) + "\n"))
    code = main(["batch", "-", "--heuristic", "misplaced", "--max-nodes", "5", "--format", "json"])
    out, _ = capsys.readouterr()
    assert code == 1
    lines = [json.loads(line) for line in out.splitlines()]
    assert [line["status"] for line in lines] == ["solved", "error", "unsolvable", "limit"]
    assert [line["line"] for line in lines] == [2, 3, 4, 6]
    assert [line["index"] for line in lines] == [0, 1, 2, 3]
    assert [line["input"] for line in lines] == [boards[1], boards[2], boards[3], boards[5]]
    shapes = [KEYS["Solution"], KEYS["Batch line"] - BATCH_KEYS, KEYS["Unsolvable"], KEYS["Limit"]]
    for line, keys in zip(lines, shapes, strict=True):
        assert line["schema"] == 1
        assert set(line) == keys | BATCH_KEYS, line["status"]
    solved = {k: v for k, v in lines[0].items() if k not in BATCH_KEYS}
    expected = solve(boards[1], heuristic="misplaced", max_nodes=5).to_dict()
    solved["statistics"].pop("seconds")
    expected["statistics"].pop("seconds")
    assert solved == expected
    assert lines[1]["board"] is None
    assert lines[2]["board"] == Board(boards[3]).to_rows()


# -- the other commands --------------------------------------------------------------


def test_check_json(capsys: pytest.CaptureFixture[str]) -> None:
    for board, code_expected, solvable in [
        ("8 1 3/4 0 2/7 6 5", 0, True),
        ("1 2 3/4 5 6/8 7 0", 1, False),
    ]:
        code, data = run_json(capsys, "check", board)
        assert code == code_expected
        assert set(data) == KEYS["Check"]
        assert data["solvable"] is solvable
        assert data["status"] == ("solvable" if solvable else "unsolvable")
        assert data["board"] == Board(board).to_rows()


@pytest.mark.parametrize("options", [[], ["--moves", "6"], ["--goal", "first"]])
def test_random_json(capsys: pytest.CaptureFixture[str], options: list[str]) -> None:
    code, data = run_json(capsys, "random", "3x4", "--seed", "5", *options)
    assert code == 0
    assert set(data) == KEYS["Random"]
    assert Board(data["text"]).to_rows() == data["board"]
    assert slidingtiles.is_solvable(data["board"], data["goal"])
    main(["random", "3x4", "--seed", "5", *options])
    assert capsys.readouterr().out.strip() == data["text"]
    assert data["scramble"] == (6 if options[:1] == ["--moves"] else None)


@pytest.mark.parametrize("flag", [["--format", "json"], ["--json"]])
def test_heuristics_json_and_its_alias(capsys: pytest.CaptureFixture[str], flag: list[str]) -> None:
    assert main(["heuristics", *flag]) == 0
    data = json.loads(capsys.readouterr().out)
    listed = data["heuristics"]
    assert data["schema"] == 1
    assert [h["name"] for h in listed] == list(heuristics.names())
    assert set(data) | {key for h in listed for key in h} == KEYS["Heuristics"]


def test_pdb_json(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    cache = str(tmp_path)
    code, built = run_json(capsys, "pdb", "build", "2x3", "--cache-dir", cache)
    assert code == 0
    assert set(built) == KEYS["Table built"]
    assert Path(built["path"]).exists()
    run_json(capsys, "pdb", "build", "2x3", "--goal", "first", "--cache-dir", cache)
    for action in ("list", "verify"):
        code, data = run_json(capsys, "pdb", action, "--cache-dir", cache)
        assert code == 0
        assert data["action"] == action
        tables = data["tables"]
        assert set(data) | {key for table in tables for key in table} == KEYS["Tables"]
        # Both goals' blanks are corners: one table, built for the canonical (blank-first) goal.
        assert [table["goal"] for table in tables] == [Board.goal(2, 3, "first").to_rows()]
        assert [(table["blank"], table["legacy"]) for table in tables] == [(0, False)]
    code, data = run_json(capsys, "pdb", "clear", "--cache-dir", cache)
    assert code == 0
    assert set(data) == KEYS["Tables cleared"]
    assert len(data["removed"]) == 1
