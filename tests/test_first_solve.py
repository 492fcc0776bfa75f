"""A fresh install's first solves (issue 27): the tables that ship with the package.

The default tables of 4x4 (6-6-3), 3x4, 4x3, 2x6, 6x2 and 3x3, for a blank in a corner, ship
packed in the package (`pdb.SHIPPED`). With an empty cache the first 15-puzzle solve unpacks
them (no build, no notice) and answers optimally; the game does too. The files are checked
cheaply here (format, checksum, the declared list) and, in a slow test, against a fresh build.
"""

from __future__ import annotations

import json
import lzma
import os
import shutil
import warnings
from pathlib import Path
from typing import Any

import pytest

import slidingtiles as st
from slidingtiles import Board, pdb
from slidingtiles._heuristics._pdb import shipped, store
from slidingtiles._heuristics._pdb.tablefile import PACKED_SUFFIX, read_packed, write_packed

IN_CI = os.environ.get("CI", "").strip().lower() not in ("", "0", "false", "no")
KORF = Path(__file__).resolve().parent.parent / "benchmarks" / "data" / "korf100.txt"


def korf_instances() -> list[tuple[int, tuple[int, ...]]]:
    """(optimal length, tiles) of Korf's 100, goal with the blank first, in file order."""
    found = []
    for line in KORF.read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            length, *tiles = (int(x) for x in line.split())
            found.append((length, tuple(tiles)))
    return found


@pytest.fixture
def no_builds(table_builds: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """Every table build, recorded (there should be none)."""
    return table_builds


def _shipped_path(rows: int, cols: int, name: str) -> Path:
    goal = [*range(rows * cols)]  # the blank in cell 0: the goal every shipped table serves
    cache_name = pdb.table_path(rows, cols, goal, name, cache_dir="/").name
    return shipped.DATA_DIR / (cache_name.removesuffix(".stpdb") + PACKED_SUFFIX)


# -- a fresh cache: nothing built, the answer optimal -------------------------------------------


def test_the_first_15_puzzle_on_a_fresh_cache_unpacks_the_shipped_tables(
    table_cache: Path, no_builds: list[tuple[int, int]]
) -> None:
    length, tiles = min(korf_instances())  # the shortest of Korf's 100: 41 moves
    board, goal = Board(tiles, (4, 4)), Board.goal(4, 4, blank="first")
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # no TableBuildWarning, no CacheWarning
        sol = st.solve(board, goal)
    assert (sol.heuristic, sol.optimal, len(sol)) == ("pdb", True, length)  # Korf's optimum
    assert board.apply(sol.moves) == goal
    assert no_builds == []
    # The table path it took: the shipped 6-6-3 tables, unpacked and saved into the cache.
    [saved] = table_cache.iterdir()
    assert saved == pdb.table_path(4, 4, goal)
    assert pdb.read_table(saved).name == "6-6-3"
    # The standard goal (blank last) uses the same tables: still nothing built.
    scrambled = st.scramble(Board.goal(4, 4), 40, seed=3)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        fast = st.solve(scrambled)
    slow = st.solve(scrambled, heuristic="linear_conflict")  # another admissible heuristic
    assert (fast.heuristic, fast.optimal, len(fast)) == ("pdb", True, len(slow))
    assert no_builds == []


@pytest.mark.parametrize("shape", [(3, 4), (4, 3), (2, 6), (6, 2), (3, 3)])
def test_smaller_shapes_solve_at_once_for_both_standard_goals(
    shape: tuple[int, int], table_cache: Path, no_builds: list[tuple[int, int]]
) -> None:
    rows, cols = shape
    for blank in ("last", "first"):
        goal = Board.goal(rows, cols, blank)
        board = st.scramble(goal, 60, seed=rows * 10 + cols)
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            sol = st.solve(board, goal)
        astar = st.solve(board, goal, heuristic="linear_conflict", algorithm="astar")
        assert (sol.heuristic, sol.optimal, len(sol)) == ("pdb", True, len(astar))
    assert no_builds == []


def test_a_goal_whose_tables_do_not_ship_builds_them_as_before(table_cache: Path) -> None:
    edge = Board("1 0 2 3/4 5 6 7/8 9 10 11")  # the blank on an edge: another table
    with pytest.warns(pdb.TableBuildWarning, match="3x4"):
        assert len(st.solve("1 5 2 3/4 0 6 7/8 9 10 11", edge)) == 1


# -- the files shipped: declared, readable, what a build gives ------------------------------------


def test_the_package_ships_exactly_the_declared_tables() -> None:
    declared = {_shipped_path(rows, cols, name) for rows, cols, name in pdb.SHIPPED}
    present = set(shipped.DATA_DIR.glob("*" + PACKED_SUFFIX))
    assert present == declared
    assert sum(p.stat().st_size for p in present) < 2_000_000  # small enough for the wheel


@pytest.mark.parametrize("entry", pdb.SHIPPED, ids=lambda e: f"{e[0]}x{e[1]}-{e[2]}")
def test_each_shipped_file_reads_and_matches_its_declaration(entry: tuple[int, int, str]) -> None:
    rows, cols, name = entry
    path = _shipped_path(rows, cols, name)
    db = read_packed(path)  # format and checksum of the unpacked tables, checked
    goal = tuple(range(rows * cols))
    assert (db.rows, db.cols, db.goal) == (rows, cols, goal)
    assert db.groups == pdb.partition(rows, cols, goal, name)
    assert db.name == pdb.preferred_partition(rows, cols, use="default")
    header = _packed_header(path)
    assert header["packing"] == "compact-u4"
    assert header["sha256"] == _sha256(db.tables)


@pytest.mark.slow
@pytest.mark.parametrize("entry", pdb.SHIPPED, ids=lambda e: f"{e[0]}x{e[1]}-{e[2]}")
def test_each_shipped_table_is_what_a_fresh_build_gives(entry: tuple[int, int, str]) -> None:
    """Reproducible: the library's own builder makes exactly the shipped tables (4x4: ~20 s)."""
    rows, cols, name = entry
    goal = tuple(range(rows * cols))
    fresh = pdb.PatternDatabase.build(rows, cols, goal, name)
    assert _sha256(fresh.tables) == _packed_header(_shipped_path(rows, cols, name))["sha256"]
    assert read_packed(_shipped_path(rows, cols, name)).tables == fresh.tables


def _packed_header(path: Path) -> dict[str, Any]:
    data = lzma.decompress(path.read_bytes())
    length = int.from_bytes(data[8:12], "little")
    header: dict[str, Any] = json.loads(data[12 : 12 + length])
    return header


def _sha256(tables: Any) -> str:
    import hashlib

    digest = hashlib.sha256()
    for table in tables:
        digest.update(table)
    return digest.hexdigest()


# -- damaged packed files: refused, and the table built as if none shipped ----------------------


def _damaged_copies(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, damage: Any
) -> tuple[Path, Path]:
    """The package's data directory replaced by a copy whose 3x3 file is damaged."""
    data = tmp_path / "data"
    shutil.copytree(shipped.DATA_DIR, data)
    target = next(data.glob("3x3-*"))
    target.write_bytes(damage(target.read_bytes()))
    monkeypatch.setattr(shipped, "DATA_DIR", data)
    shipped.shipped_names.cache_clear()
    return data, target


@pytest.mark.parametrize(
    "damage",
    [
        lambda b: b[:-10],  # truncated
        lambda b: b[:200] + bytes([b[200] ^ 1]) + b[201:],  # a bit flipped in the stream
        lambda b: lzma.compress(lzma.decompress(b)[:-1]),  # a valid stream, a table short
        lambda b: b"not xz at all",
    ],
    ids=["truncated", "flipped", "short", "garbage"],
)
def test_a_damaged_shipped_file_is_refused_and_the_table_built(
    damage: Any,
    tmp_path: Path,
    table_cache: Path,
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
) -> None:
    _, target = _damaged_copies(tmp_path, monkeypatch, damage)
    try:
        with pytest.raises(pdb.PatternDatabaseError, match=target.name):
            read_packed(target)
        with caplog.at_level("WARNING", logger="slidingtiles"):
            sol = st.solve("6 4 7/8 5 0/3 2 1")
        assert (sol.heuristic, len(sol)) == ("pdb", 31)
        assert "shipped with slidingtiles cannot be used" in caplog.text
        assert pdb.read_table(pdb.table_path(3, 3)).name == "perfect"  # built, and saved
    finally:
        shipped.shipped_names.cache_clear()


def test_packing_round_trips_small_tables(tmp_path: Path) -> None:
    for rows, cols, groups in [
        (2, 3, None),
        (3, 2, None),
        (3, 3, None),
        (3, 3, [[1, 2], [3, 4, 8]]),
        (2, 4, [[1, 5]]),
    ]:
        db = pdb.PatternDatabase.build(rows, cols, tuple(range(rows * cols)), groups=groups)
        path = tmp_path / f"{rows}x{cols}{PACKED_SUFFIX}"
        write_packed(db, path)
        assert read_packed(path).tables == db.tables
    # On two rows the whole board's distance exceeds Manhattan's by more than 4 bits hold.
    with pytest.raises(ValueError, match="not Manhattan distance plus"):
        write_packed(pdb.PatternDatabase.build(2, 4, tuple(range(8))), tmp_path / "x.xz")
    with pytest.raises(ValueError, match="only u8-moves"):
        write_packed(_four_bit(), tmp_path / f"x{PACKED_SUFFIX}")


def _four_bit() -> pdb.PatternDatabase:
    db = pdb.PatternDatabase.build(2, 3, tuple(range(6)))
    return pdb.PatternDatabase(
        db.rows, db.cols, db.goal, db.name, db.groups, db.encodings, db.tables, entry="u4-excess"
    )


def test_a_shipped_table_is_kept_in_memory_when_the_cache_is_unusable(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, no_builds: list[tuple[int, int]]
) -> None:
    a_file = tmp_path / "a-file"
    a_file.write_text("not a directory")
    monkeypatch.setenv(pdb.ENV_CACHE_DIR, str(a_file))
    monkeypatch.setattr(store, "_LOADED", {})
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # nothing lost but the copy: nothing to warn about
        assert st.solve(st.scramble(Board.goal(4, 4), 30, seed=1)).heuristic == "pdb"
    assert no_builds == []


# -- the game on a fresh install ------------------------------------------------------------------


def test_the_game_solves_and_hints_a_random_15_puzzle_on_a_fresh_cache(
    table_cache: Path, no_builds: list[tuple[int, int]]
) -> None:
    try:
        from starlette.testclient import TestClient

        from slidingtiles.play import PlayLimits, create_app
    except ImportError as missing:
        if IN_CI:
            pytest.fail(f"{missing.name} is not installed; under CI=true the game tests run")
        pytest.skip(f"{missing.name} is not installed (pip install -e '.[play-test]')")
    client = TestClient(create_app(PlayLimits()))  # the game's own limits (10 s)
    board = st.random_board(4, 4, seed=7)
    headers = {"Content-Type": "application/json"}
    body = json.dumps({"board": board.to_rows()})
    solved = client.post("/api/solve", content=body, headers=headers).json()
    assert (solved["status"], solved["optimal"], solved["heuristic"]) == ("solved", True, "pdb")
    assert solved["length"] == len(st.solve(board))
    hint = client.post("/api/hint", content=body, headers=headers)
    assert hint.status_code == 200, hint.text
    assert no_builds == []


# -- which tables, per implementation -------------------------------------------------------------


def test_the_tables_solve_uses_are_declared_per_implementation(
    table_cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from slidingtiles._engine import dispatch  # the active implementation, switched here

    korf = Board.goal(4, 4, blank="first")
    monkeypatch.setattr(dispatch, "IMPLEMENTATION", "numba")
    shapes = [(4, 4), (3, 5), (5, 3), (2, 7), (2, 8)]
    built = [pdb.preferred_partition(r, c, use="build") for r, c in shapes]
    assert built == ["6-6-3", "7-7", "7-7", "7-6", "default"]
    seven_eight = pdb.table_path(4, 4, korf, "7-8")
    seven_eight.write_bytes(b"as if built")  # 7-8 cached (a stand-in: only its presence counts)
    assert pdb.preferred_partition(4, 4) == "7-8"  # numba: the strongest tables ready
    monkeypatch.setattr(dispatch, "IMPLEMENTATION", "python")
    assert pdb.preferred_partition(4, 4) == "6-6-3"  # pure Python never searches 7-8
    assert [pdb.preferred_partition(r, c, use="build") for r, c in [(4, 4), (3, 5), (2, 7)]] == [
        "6-6-3",
        "default",
        "default",
    ]
    assert pdb.preferred_partition(3, 5) == "default"
    monkeypatch.setattr(dispatch, "IMPLEMENTATION", "numba")
    pdb.table_path(3, 5, None, "7-7").write_bytes(b"as if built")
    monkeypatch.setattr(dispatch, "IMPLEMENTATION", "python")
    assert pdb.preferred_partition(3, 5) == "7-7"  # built by numba, searched by either
