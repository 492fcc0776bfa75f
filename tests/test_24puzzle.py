"""The 24-puzzle's pieces on small groups: the builders, the maxed kernels, the table files.

No 5x5 table of the real partition is built here (minutes, gigabytes): the
builders are checked on groups of two and three tiles against a brute-force
search, the kernels on tables of small groups (5x5 near the goal, 3x4 and 4x4
random boards), against each other and against the BFS oracle.
Imports from ``slidingtiles._*`` here are of internal units that have no public name.
"""

from __future__ import annotations

import math
import random
from pathlib import Path

import pytest

import slidingtiles as st
from slidingtiles import BackendError, Board, PatternDatabaseError, pdb
from slidingtiles._board.geometry import home_cells
from slidingtiles._engine import dispatch as _backend
from slidingtiles._engine.indexing import DIGITS, PERM, U4_EXCESS, U8_MOVES, perm_rank
from slidingtiles._engine.lookups import PERM_U4, entry_value, maxed_searches, moved_rank
from slidingtiles._engine.python.build import build_group_table as numpy_build
from slidingtiles._engine.resources import ENV_MEMORY, available_memory, check_memory
from slidingtiles._heuristics._pdb.cost import estimate_table_bytes
from slidingtiles._heuristics._pdb.tablefile import write_table  # writing: internal
from slidingtiles.pdb import read_table
from tests.conftest import (
    group_moves,
    kernel_guard,
    kernels_of,
    near_goal,
    oracle_for,
    resumed_in_slices,
)

GOAL5 = Board.goal(5, 5, blank="first")
KORF_FELNER = (
    (1, 2, 5, 6, 7, 12),
    (3, 4, 8, 9, 13, 14),
    (10, 11, 15, 16, 20, 21),
    (17, 18, 19, 22, 23, 24),
)

pytestmark = pytest.mark.usefixtures("table_cache")


Table = dict[tuple[int, ...], int]
Pair = tuple[_backend.Kernels, _backend.Kernels]


def brute_force_table(rows: int, cols: int, goal: tuple[int, ...], group: tuple[int, ...]) -> Table:
    """Fewest moves of the group's tiles per placement: the least over the blank's cells."""
    best: Table = {}
    for (placed, _), d in group_moves(rows, cols, goal, group).items():
        best[placed] = min(d, best.get(placed, 1 << 30))
    return best


@pytest.mark.parametrize("group", [(1, 2), (6, 18), (24, 23, 19)])
def test_builders_agree_with_a_brute_force_search_on_5x5(group: tuple[int, ...]) -> None:
    truth = brute_force_table(5, 5, GOAL5.tiles, group)
    cells = 25
    python_digits = numpy_build(5, 5, GOAL5.tiles, group, encoding=DIGITS)
    python_perm = numpy_build(5, 5, GOAL5.tiles, group, encoding=PERM)
    assert len(truth) == len(python_perm)
    for placement, value in truth.items():
        digits = sum(c * cells**slot for slot, c in enumerate(placement))
        assert python_digits[digits] == value
        assert python_perm[perm_rank(placement, cells)] == value
    if _backend.IMPLEMENTATION == "numba":
        packed = _backend.build_group_table(
            5, 5, GOAL5.tiles, group, encoding=PERM, entry=U4_EXCESS
        )
        home = home_cells(GOAL5.tiles)
        for placement, value in truth.items():
            md = sum(
                abs(c // 5 - home[t] // 5) + abs(c % 5 - home[t] % 5)
                for t, c in zip(group, placement)
            )
            assert entry_value(PERM_U4, packed, perm_rank(placement, cells), md) == value
        assert (
            _backend.build_group_table(5, 5, GOAL5.tiles, group, encoding=PERM, entry=U8_MOVES)
            == python_perm
        )


def test_moved_rank_is_the_change_of_the_perm_rank() -> None:
    rng = random.Random(5)
    cells, cols = 25, 5
    for _ in range(300):
        k = rng.randint(1, 6)
        placement = rng.sample(range(cells), k)
        slot = rng.randrange(k)
        p = placement[slot]
        q = p + rng.choice((-cols, cols, -1, 1))
        if not 0 <= q < cells or q in placement or (abs(q - p) == 1 and q // cols != p // cols):
            continue
        radix = [math.perm(cells - s - 1, k - s - 1) for s in range(k)]
        slot_at = [k] * cells
        for s, c in enumerate(placement):
            slot_at[c] = s
        moved = list(placement)
        moved[slot] = q
        change = perm_rank(moved, cells) - perm_rank(placement, cells)
        assert moved_rank(PERM_U4, [*radix, 0], slot_at, slot, p, q) == change


def small_tables(
    rows: int, cols: int, partitions: list[list[tuple[int, ...]]], entry: str
) -> list[pdb.PatternDatabase]:
    """Databases of small groups for the canonical blank-first goal, perm-ranked (4 or 8 bits)."""
    goal = Board.goal(rows, cols, blank="first").tiles
    out = []
    for groups in partitions:
        tables = []
        for group in groups:
            if entry == U4_EXCESS:  # 4-bit tables come from the numba builder only
                tables.append(
                    kernels_of("numba").build_group_table(
                        rows, cols, goal, group, encoding=PERM, entry=U4_EXCESS, progress=None
                    )
                )
            else:
                tables.append(numpy_build(rows, cols, goal, group, encoding=PERM))
        out.append(
            pdb.PatternDatabase(
                rows,
                cols,
                goal,
                "custom",
                tuple(groups),
                (PERM,) * len(groups),
                tuple(tables),
                entry=entry,
            )
        )
    return out


def test_pure_python_and_numba_maxed_kernels_agree_node_for_node(both: Pair) -> None:
    python, numba = both
    thirds = [
        (1, 2, 3),
        (4, 5, 6),
        (7, 8, 9),
        (10, 11, 12),
        (13, 14, 15),
        (16, 17, 18),
        (19, 20, 21),
        (22, 23, 24),
    ]
    columns = [
        (5, 10, 15),
        (20, 21, 22),
        (1, 6, 11),
        (16, 2, 7),
        (12, 17, 3),
        (8, 13, 18),
        (4, 9, 14),
        (19, 23, 24),
    ]
    cases = [(5, 5, [thirds, columns], near_goal(5, 5, 30, seed)) for seed in range(1)]
    rows3 = [(1, 2, 3, 4), (5, 6, 7, 8), (9, 10, 11)]
    cols3 = [(1, 4, 7, 10), (2, 5, 8, 11), (3, 6, 9)]
    cases += [
        (3, 4, [rows3, cols3], list(st.random_board(3, 4, seed=seed, goal="first").tiles))
        for seed in range(2)
    ]
    for rows, cols, partitions, tiles in cases:
        dbs = small_tables(rows, cols, partitions, U4_EXCESS)
        assert all(maxed_searches(db) for db in dbs)
        for order in ((0, 1, 2, 3), (1, 0, 3, 2)):
            expected = python.ida_maxed(dbs, tiles[:], kernel_guard(), order)
            got = numba.ida_maxed(dbs, tiles[:], kernel_guard(), order)
            assert got[0] == expected[0]
            assert (got[1].expanded, got[1].generated, got[1].iterations) == (
                expected[1].expanded,
                expected[1].generated,
                expected[1].iterations,
            )


@pytest.mark.parametrize("name", ["python", "numba"])
def test_maxed_kernels_are_optimal_against_the_oracle(name: str) -> None:
    kernels = kernels_of(name)
    goal = Board.goal(3, 3, blank="first")
    oracle = oracle_for(goal)
    dbs = small_tables(3, 3, [[(1, 2, 3, 4), (5, 6, 7, 8)], [(1, 3, 5, 7), (2, 4, 6, 8)]], U8_MOVES)
    states = sorted(oracle.distance.items(), key=lambda item: item[1])
    for tiles, distance in [*states[-3:], *random.Random(1).sample(states, 40)]:
        moves, _ = kernels.ida_maxed(dbs, list(tiles), kernel_guard(), (0, 1, 2, 3))
        assert len(moves) == distance
        assert Board(list(tiles), shape=(3, 3)).apply(moves) == goal


def test_a_paused_search_moves_between_processes_and_resumes(both: Pair) -> None:
    for kernels in both:
        dbs = small_tables(3, 4, [[(1, 2, 3, 4, 5), (6, 7, 8, 9, 10, 11)]], U8_MOVES)
        tiles = list(st.random_board(3, 4, seed=7, goal="first").tiles)
        resumed_in_slices(kernels, dbs, tiles)


def test_new_table_files_corrupted_are_detected(tmp_path: Path) -> None:
    entry = U4_EXCESS if _backend.IMPLEMENTATION == "numba" else U8_MOVES
    [db] = small_tables(5, 5, [[(1, 2, 5), (3, 4), (6, 7)]], entry)
    path = tmp_path / "5x5.stpdb"
    write_table(db, path)
    assert read_table(path).tables == tuple(bytes(t) for t in db.tables)
    data = path.read_bytes()
    for bad in (data[:-1], data + b"\x00", data[:-5] + bytes([data[-5] ^ 1]) + data[-4:]):
        path.write_bytes(bad)
        with pytest.raises(PatternDatabaseError):
            read_table(path)
    other = b'"u8-moves"' if entry == U4_EXCESS else b'"u4-excess"'
    path.write_bytes(data.replace(f'"{entry}"'.encode(), other))  # the header lies about entries
    with pytest.raises(PatternDatabaseError):
        read_table(path)


def test_korf_felner_partition_on_5x5() -> None:
    assert pdb.partition_names(5, 5)[0] == "6-6-6-6"
    assert pdb.partition(5, 5, GOAL5, "6-6-6-6") == KORF_FELNER
    # The standard goal (blank last) is the same orbit: the same tables, turned.
    assert pdb.table_path(5, 5, Board.goal(5, 5), "6-6-6-6") == pdb.table_path(
        5, 5, GOAL5, "6-6-6-6"
    )
    assert estimate_table_bytes(5, 5, "6-6-6-6") == 4 * 127_512_000 * 2 // 2  # two region slots


def test_a_5x5_build_that_does_not_fit_memory_is_refused_at_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv(ENV_MEMORY, "100M")
    assert available_memory() == 100 << 20
    with pytest.raises(PatternDatabaseError, match=r"needs about 0\.2 GB"):
        check_memory(200_000_000, "a test")
    if _backend.IMPLEMENTATION == "numba":
        with pytest.raises(PatternDatabaseError, match=r"5x5 6-6-6-6 tables needs about 2\.4 GB"):
            pdb.build(5, 5, GOAL5, "6-6-6-6")
    else:  # the pure-Python builder declines, naming the extra that builds them
        with pytest.raises(BackendError, match=r"slidingtiles\[fast\]"):
            pdb.build(5, 5, GOAL5, "6-6-6-6")


def test_bad_memory_setting_is_named(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(ENV_MEMORY, "lots")
    with pytest.raises(PatternDatabaseError, match="lots"):
        available_memory()
