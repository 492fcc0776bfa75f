"""Every script in examples/ runs in a fresh interpreter and prints what it promises."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from slidingtiles import Board

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"


def run_example(name: str, *args: str, timeout: float = 60, build_tables: bool = True) -> str:
    """Run an example; ``build_tables=False`` forbids implicit table builds (no 4x4 table here)."""
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))
    if not build_tables:
        env["SLIDINGTILES_BUILD_TABLES"] = "0"
    completed = subprocess.run(
        [sys.executable, str(EXAMPLES / name), *args],
        capture_output=True,
        text=True,
        timeout=timeout,
        env=env,
        cwd=ROOT,
        check=False,
    )
    assert completed.returncode == 0, completed.stderr
    # numba's first compile of a kernel announces itself (a second or more, on a cold cache or
    # for a user's compiled heuristic): the only words an example may write on standard error.
    notices = ("numba is compiling", "numba compiled")
    said = [line for line in completed.stderr.splitlines() if not line.startswith(notices)]
    assert said == [], completed.stderr
    return completed.stdout


def test_every_example_is_tested() -> None:
    tested = {
        "solve_seed_examples.py",
        "custom_heuristic.py",
        "water_jugs.py",
        "route_on_a_map.py",
        "read_cos226_file.py",
        "html_export.py",
        "measure_heuristics.py",
        "make_pictures.py",  # run by tests/test_packaging.py
        "watch_astar.py",
        "textbook_table.py",
        "compiled_heuristic.py",
        "learned_heuristic.py",
    }
    assert {path.name for path in EXAMPLES.glob("*.py")} == tested


def test_solve_seed_examples() -> None:
    out = run_example("solve_seed_examples.py", build_tables=False)
    assert "6 4 7/8 5 0/3 2 1: 31 moves, optimal=True" in out
    moves = out.split("blank moves:")[1].split()[0]
    assert Board("6 4 7/8 5 0/3 2 1").apply(moves) == Board.goal(3, 3)
    assert "0 1 3/4 2 5/7 8 6: 4 moves" in out
    assert "1 2 3/4 5 6/8 7 0: No solution possible" in out
    assert "15-puzzle: down" in out


def test_custom_heuristic() -> None:
    out = run_example("custom_heuristic.py")
    assert "rows_and_columns: 14 moves, optimal=True" in out
    assert "manhattan:        14 moves, optimal=True" in out
    assert "optimal=False" in out.splitlines()[2]
    assert "rows_and_columns" not in out.splitlines()[3]
    # The guide quotes the script's counts: both A*, like with like (issue 27: it compared
    # A*'s 36 for Manhattan with the script's IDA*).
    mine, manhattan = (
        int(re.search(r"(\d+) states expanded by astar", line)[1])  # type: ignore[index]
        for line in out.splitlines()[:2]
    )
    guide = " ".join((ROOT / "docs" / "custom-heuristic.md").read_text(encoding="utf-8").split())
    quoted = f"A\\* expands {mine} states with `rows_and_columns` and {manhattan} with Manhattan"
    assert quoted in guide


def test_compiled_heuristic() -> None:
    """Row conflicts in the engine: the built-ins' lengths, between their node counts; the
    Manhattan distance written with its delta searches the built-in one's nodes."""
    out = run_example("compiled_heuristic.py", build_tables=False)
    boards = [line for line in out.splitlines() if not line.startswith("  ")]
    assert [line.split(": ")[1] for line in boards] == [
        "manhattan_rows = 20",
        "manhattan_rows = 24",
        "manhattan_rows = 30",
    ]
    rows = [line.split() for line in out.splitlines() if line.startswith("  ")]
    assert len(rows) == 12
    for first in range(0, 12, 4):
        ours, flat, manhattan, _ = found = rows[first : first + 4]
        assert [r[0] for r in found] == [
            "manhattan_rows",
            "flat_manhattan",
            "manhattan",
            "linear_conflict",
        ]
        assert len({r[1] for r in found}) == 1  # the same length
        assert all(r[3] == "optimal=True," for r in found)
        nodes = [int(r[4].replace(",", "")) for r in found]
        assert nodes[3] <= nodes[0] <= nodes[2] == nodes[1]
        assert ours[-1] == flat[-1] == manhattan[-1] != "generic"  # all in the tile engine


def test_water_jugs() -> None:
    out = run_example("water_jugs.py")
    assert out.startswith("fewest steps: 6 (optimal=True)")
    last_step = out.splitlines()[6]
    assert "4 L" in last_step


def test_route_on_a_map() -> None:
    out = run_example("route_on_a_map.py")
    assert out.startswith("Ash -> Birch -> Cedar -> Fir (16.5 km, optimal=True)")
    guide = (ROOT / "docs" / "generic-search.md").read_text(encoding="utf-8")
    for line in out.splitlines():  # the guide quotes what the script prints
        assert f"`{line}`" in guide


def test_read_cos226_files() -> None:
    out = run_example("read_cos226_file.py", build_tables=False)
    sections = {block.split("\n", 1)[0]: block.split("\n", 1)[1] for block in out.split("== ")[1:]}
    assert "Minimum number of moves = 4" in sections["puzzle04.txt"]
    assert sections["puzzle3x3-unsolvable.txt"].strip() == "No solution possible"
    assert "Minimum number of moves = 1" in sections["puzzle4x4-01.txt"]


def test_read_cos226_file_argument(tmp_path: Path) -> None:
    path = tmp_path / "mine.txt"
    path.write_text("2\n1 2\n0 3\n")
    out = run_example("read_cos226_file.py", str(path), build_tables=False)
    assert "Minimum number of moves = 1" in out


def test_html_export(tmp_path: Path) -> None:
    out = run_example("html_export.py", str(tmp_path))
    assert out.startswith("31 moves")
    page = (tmp_path / "solution.html").read_text(encoding="utf-8")
    assert page.startswith("<!DOCTYPE html>")
    assert "The hardest 8-puzzle" in page
    assert (tmp_path / "solution.svg").read_text().startswith("<svg")
    assert (tmp_path / "start.svg").read_text().startswith("<svg")


def test_measure_heuristics_small() -> None:
    out = run_example("measure_heuristics.py", "--boards", "1", "--seed", "1", timeout=120)
    rows = [line for line in out.splitlines() if line.startswith("| ") and "---" not in line]
    names = [row.split("|")[1].strip().strip("`") for row in rows[1:]]
    assert names[0] == "none (BFS)"
    assert {"misplaced", "manhattan", "linear_conflict"} <= set(names)
    for row in rows[1:]:
        cells = [cell.strip() for cell in row.split("|")[1:-1]]
        if cells[1] == "yes":
            assert cells[5] == "1.00"  # admissible: every solution is a shortest one


def test_textbook_table_small(tmp_path: Path) -> None:
    out = run_example("textbook_table.py", "--boards", "3", "--svg", str(tmp_path / "t.svg"))
    rows = [line.split("|")[1:-1] for line in out.splitlines() if line[2:3].isdigit()]
    assert [int(row[0]) for row in rows] == list(range(2, 25, 2))
    assert all(int(row[1]) == 3 for row in rows)
    assert (tmp_path / "t.svg").read_text().startswith("<svg")


def test_watch_astar_draws_the_guides_pictures(tmp_path: Path) -> None:
    """The script prints the guide's table and redraws the committed pictures byte for byte."""
    out = run_example("watch_astar.py", str(tmp_path))
    assert "   3  R     1 2 3  3  1  4         6  U g=4 h=2 f=6 queued, D g=4 h=0 f=4 queued" in out
    images = ROOT / "docs" / "images"
    stale = "docs/images/{} is stale: run python examples/watch_astar.py docs/images --png"
    # Every picture, the page too (its element ids are digests of what it draws), byte for byte.
    for name in ("watch-astar-tree.svg", "watch-idastar-tree.svg", "watch-astar.html"):
        drawn = (tmp_path / name).read_text(encoding="utf-8")
        assert drawn == (images / name).read_text(encoding="utf-8"), stale.format(name)
    assert (images / "watch-astar.png").read_bytes().startswith(b"\x89PNG")


def test_learned_heuristic_quick() -> None:
    """The smoke run of docs/learned-heuristics.md's example: labels, a model, its searches."""
    out = run_example("learned_heuristic.py", "--quick", timeout=600)
    assert "labelled" in out
    assert "trained 2 epochs" in out
    rows = {line.split()[0] + line.split()[1]: line.split() for line in out.splitlines()[3:]}
    assert rows["pdb1.0"][2] == "2/2"  # the tables solve both, optimally
    assert rows["pdb1.0"][3] == "1.000"


@pytest.mark.parametrize("name", ["watch_astar.py", "make_pictures.py", "html_export.py"])
def test_examples_write_outside_the_repository_by_default(name: str) -> None:
    """Without a directory an example writes into a new temporary one, never the checkout."""
    before = {path: path.stat().st_mtime_ns for path in (ROOT / "docs" / "images").iterdir()}
    out = run_example(name)
    after = {path: path.stat().st_mtime_ns for path in (ROOT / "docs" / "images").iterdir()}
    assert before == after
    assert str(ROOT) not in out
