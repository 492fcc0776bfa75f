"""Tables keyed by the goal's blank cell: symmetries, relabelling, and searches through them.

A table is built only for the canonical goal of its blank cell's orbit; every
other goal reaches it through a `Frame` (a turn or mirror and a relabelling).
These tests check the frames on their own, then whole searches through them
against the breadth-first oracle on every small shape, with random goals.
Imports from ``slidingtiles._*`` here are of internal units that have no public name.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

import slidingtiles as stl
from slidingtiles import Board, pdb
from slidingtiles._board.symmetry import (
    canonical_blank,
    canonical_goal,
    frame_for,
    symmetries,
)
from slidingtiles._engine import dispatch
from slidingtiles._heuristics._pdb import store
from tests.conftest import ORACLE_SHAPES, slow_case
from tests.conftest import replay as replay_board

SHAPES = [*ORACLE_SHAPES, (4, 4), (3, 5), (2, 8)]
STEP = {"U": (-1, 0), "D": (1, 0), "L": (0, -1), "R": (0, 1)}


def replay(board: Board, moves: str) -> tuple[int, ...]:
    """The tiles after the blank moves, replayed independently of the library's move code."""
    return replay_board(board, moves).tiles


def random_goal(rows: int, cols: int, rng: random.Random) -> Board:
    tiles = list(range(rows * cols))
    rng.shuffle(tiles)
    return Board(tiles, (rows, cols))


# -- the frames themselves ---------------------------------------------------------------


@pytest.mark.parametrize("shape", SHAPES)
def test_symmetries_are_the_board_automorphisms(shape: tuple[int, int]) -> None:
    """Each symmetry is a bijection of cells that maps neighbours to neighbours, direction-wise."""
    rows, cols = shape
    found = symmetries(rows, cols)
    assert len(found) == (8 if rows == cols else 4)
    assert len({s.cells for s in found}) == len(found)
    for s in found:
        assert sorted(s.cells) == list(range(rows * cols))
        assert sorted(s.order) == [0, 1, 2, 3]
        for cell in range(rows * cols):
            r, c = divmod(cell, cols)
            for code, (dr, dc) in enumerate(STEP.values()):
                if 0 <= r + dr < rows and 0 <= c + dc < cols:
                    n = (r + dr) * cols + c + dc
                    ir, ic = divmod(s.cells[cell], cols)
                    ndr, ndc = list(STEP.values())[s.order[code]]
                    assert s.cells[n] == (ir + ndr) * cols + ic + ndc


@pytest.mark.parametrize("shape", SHAPES)
def test_canonical_cells_are_one_per_orbit(shape: tuple[int, int]) -> None:
    rows, cols = shape
    cells = rows * cols
    orbits = {frozenset(s.cells[x] for s in symmetries(rows, cols)) for x in range(cells)}
    assert {canonical_blank(rows, cols, x) for x in range(cells)} == {min(o) for o in orbits}
    for x in range(cells):
        assert canonical_blank(rows, cols, canonical_blank(rows, cols, x)) == canonical_blank(
            rows, cols, x
        )


@given(st.data())
def test_a_frame_maps_the_goal_to_its_canonical_goal_and_moves(data: st.DataObject) -> None:
    """Board and goal mapped alike: the goal lands on the canonical goal, moves map one to one."""
    rows, cols = data.draw(st.sampled_from(SHAPES))
    goal = data.draw(st.permutations(range(rows * cols)))
    frame = frame_for(rows, cols, goal)
    assert frame.board(goal) == frame.canonical_goal
    assert frame.canonical_goal == canonical_goal(rows, cols, frame.canonical_goal.index(0))
    assert frame.identity == (tuple(goal) == frame.canonical_goal)
    # A move of the caller's blank in direction k is a move in direction order[k] over there.
    walk = data.draw(st.text(alphabet="UDLR", max_size=12))
    tiles = tuple(goal)
    for m in walk:
        try:
            moved = replay(Board(list(tiles), (rows, cols)), m)
        except AssertionError:
            continue
        image = Board(list(frame.board(tiles)), (rows, cols))
        mapped = "UDLR"[frame.order["UDLR".index(m)]]
        assert replay(image, mapped) == frame.board(moved)
        tiles = moved


# -- whole searches through frames, against the oracle -----------------------------------


# 3x3 (181,440 states per goal) in the full run; 2x4 covers the frames in the fast one.
@pytest.mark.parametrize("shape", [slow_case(s) if s == (3, 3) else s for s in ORACLE_SHAPES])
def test_perfect_tables_walk_the_callers_first_optimal_path(shape: tuple[int, int], oracle) -> None:  # type: ignore[no-untyped-def]
    """One perfect table per blank orbit; for any goal the walk is the oracle's greedy path."""
    rows, cols = shape
    rng = random.Random(f"perfect-{rows}x{cols}")
    for _ in range(4):
        goal = random_goal(rows, cols, rng)
        distance = oracle(goal).distance
        db = pdb.load(rows, cols, goal)
        assert db.solves_for == goal.tiles
        assert db.goal == frame_for(rows, cols, goal.tiles).canonical_goal
        for tiles in rng.sample(sorted(distance), min(40, len(distance))):
            board = Board(list(tiles), shape)
            moves, _ = dispatch.engine_solve(board, goal, "pdb", db=db)
            assert len(moves) == distance[tiles]
            assert replay(board, moves) == goal.tiles
            # The caller's own walk: first direction (U, D, L, R) one move closer, each step.
            expected, here = "", tiles
            while distance[here]:
                for m in "UDLR":
                    try:
                        there = replay(Board(list(here), shape), m)
                    except AssertionError:
                        continue
                    if distance.get(there) == distance[here] - 1:
                        expected, here = expected + m, there
                        break
            assert moves == expected


@pytest.mark.parametrize("shape", [slow_case(s) if s == (3, 3) else s for s in ORACLE_SHAPES])
def test_ida_through_a_frame_returns_the_direct_searchs_moves(
    shape: tuple[int, int], oracle
) -> None:  # type: ignore[no-untyped-def]
    """Additive tables through any frame: oracle lengths, and the move string and expansion
    order of a direct search (IDA*'s first optimal path does not depend on the heuristic, so
    the direct Manhattan search must return the very same string)."""
    rows, cols = shape
    rng = random.Random(f"ida-{rows}x{cols}")
    tiles_all = list(range(1, rows * cols))
    for _ in range(4):
        goal = random_goal(rows, cols, rng)
        rng.shuffle(tiles_all)
        half = len(tiles_all) // 2
        groups = [tuple(tiles_all[:half]), tuple(tiles_all[half:])]
        db = pdb.PatternDatabase.build(rows, cols, goal, groups=groups)
        distance = oracle(goal).distance
        for tiles in rng.sample(sorted(distance), min(25, len(distance))):
            board = Board(list(tiles), shape)
            assert db.value(tiles) <= distance[tiles]
            moves, stats = dispatch.engine_solve(board, goal, "pdb", db=db)
            assert len(moves) == distance[tiles]
            assert replay(board, moves) == goal.tiles
            direct, _ = dispatch.engine_solve(board, goal, "manhattan")
            assert moves == direct
            assert stats.expanded >= 0


def test_one_table_file_per_blank_orbit(table_cache) -> None:  # type: ignore[no-untyped-def]
    """Every 3x3 goal (any labels, any blank) is served by at most three perfect tables."""
    rng = random.Random(5)
    for _ in range(12):
        goal = random_goal(3, 3, rng)
        start = Board(list(replay(goal, "")), (3, 3))
        assert len(stl.solve(start, goal=goal, heuristic="pdb").moves) == 0
        pdb.load(3, 3, goal)
    names = sorted(info.path.name for info in pdb.list_tables())
    assert len(names) <= 3
    assert {info.blank for info in pdb.list_tables()} <= {0, 1, 4}
    assert all(not info.legacy for info in pdb.list_tables())


def test_the_standard_goal_uses_the_blank_first_tables(table_cache) -> None:  # type: ignore[no-untyped-def]
    """The standard 15-puzzle goal and Korf's share one table file (a corner blank)."""
    standard = Board.goal(4, 4)
    korf = Board.goal(4, 4, blank="first")
    assert pdb.table_path(4, 4, standard) == pdb.table_path(4, 4, korf)
    if dispatch.IMPLEMENTATION == "numba":  # pure Python refuses the 7-8 partition
        assert pdb.table_path(4, 4, standard, "7-8") == pdb.table_path(4, 4, korf, "7-8")
    centre = Board("1 2 3 4/5 0 6 7/8 9 10 11/12 13 14 15")
    assert pdb.table_path(4, 4, centre) != pdb.table_path(4, 4, korf)
    assert "blank5" in pdb.table_path(4, 4, centre).name


@pytest.mark.parametrize(
    ("shape", "name"),
    [
        ((3, 5), "7-7"),
        ((5, 3), "7-7"),
        ((2, 7), "7-6"),
        ((7, 2), "7-6"),
        ((2, 8), "8-7"),
        ((8, 2), "8-7"),
        ((4, 4), "7-8"),
    ],
)
def test_numba_partitions_cover_the_tiles_and_turn_with_the_board(
    shape: tuple[int, int], name: str
) -> None:
    """Each strong partition splits the tiles; a tall shape's is its wide twin transposed."""
    rows, cols = shape
    assert name in pdb.partition_names(rows, cols)
    if dispatch.IMPLEMENTATION != "numba" and shape == (4, 4):  # never searched in pure Python
        with pytest.raises(ValueError, match="numba"):
            pdb.partition(rows, cols, None, name)
        return
    if dispatch.IMPLEMENTATION != "numba":  # the rectangles' are searched, once numba built them
        with pytest.raises(ImportError, match="numba"):  # BackendError
            pdb.PatternDatabase.build(rows, cols, None, name)
    for goal in (Board.goal(rows, cols), Board.goal(rows, cols, blank="first")):
        groups = pdb.partition(rows, cols, goal, name)
        tiles = sorted(t for g in groups for t in g)
        assert tiles == list(range(1, rows * cols))
        assert name == "-".join(str(len(g)) for g in groups)
    if rows > cols:  # the transpose of the wide shape's groups, as cells of the blank-first goal
        wide = pdb.partition(cols, rows, Board.goal(cols, rows, blank="first"), name)
        tall = pdb.partition(rows, cols, Board.goal(rows, cols, blank="first"), name)
        for w, t in zip(wide, tall):
            assert sorted(t) == sorted((x % rows) * cols + x // rows for x in w)


def test_old_file_names_are_reused_or_reported(table_cache, caplog, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """A file of the old naming for a canonical goal is renamed and used without a rebuild; one
    for another goal is listed as legacy, reported once, and removed by clear(legacy_only)."""
    from slidingtiles._heuristics._pdb.tablefile import write_table

    first = Board.goal(3, 3, blank="first")
    built = pdb.build(3, 3, first)
    assert built.path is not None
    new_name = built.path
    old_name = new_name.with_name(new_name.name.replace("-blank0", ""))
    new_name.rename(old_name)
    inode = old_name.stat().st_ino
    monkeypatch.setattr(store, "_LOADED", {})  # a new process: nothing in memory
    monkeypatch.setattr(store, "_LEGACY_REPORTED", set())
    again = pdb.load(3, 3, Board.goal(3, 3))  # the standard goal: same orbit, same file
    assert again.solves_for == Board.goal(3, 3).tiles
    assert new_name.exists()
    assert not old_name.exists()
    assert new_name.stat().st_ino == inode  # renamed, not rebuilt
    # An old per-goal file for a goal that is not canonical (the standard goal, blank last).
    standard = pdb.PatternDatabase(
        3,
        3,
        Board.goal(3, 3).tiles,
        "perfect",
        ((1, 2, 3, 4, 5, 6, 7, 8),),
        ("perm",),
        tuple(bytes(t) for t in built.tables),
    )
    stale = table_cache / "3x3-perfect-0123456789ab-v1.stpdb"
    write_table(standard, stale)
    infos = {info.path.name: info for info in pdb.list_tables()}
    assert infos[stale.name].legacy
    assert not infos[new_name.name].legacy
    with caplog.at_level("WARNING", logger="slidingtiles"):
        pdb.build(2, 3)
        pdb.build(2, 3)
    reports = [r for r in caplog.records if "no longer used" in r.getMessage()]
    assert len(reports) == 1
    assert stale.name in reports[0].getMessage()
    assert pdb.clear(legacy_only=True) == [stale]
    assert new_name.exists()
