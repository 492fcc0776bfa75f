"""Zero-aware tables (4x4's 7-8): a value per region of the blank, checked on small groups.

The builder against a 0-1 breadth-first search over (placement, blank cell),
the region labels against a flood fill, the kernels against the BFS oracle and
against each other node for node, the files against corruption. The real 7-8
tables (minutes, gigabytes) are not built here.
Imports from ``slidingtiles._*`` here are of internal units that have no public name.
"""

from __future__ import annotations

import importlib
import math
import random
from pathlib import Path
from typing import Any

import pytest

import slidingtiles as st
from slidingtiles import Board, PatternDatabaseError, pdb
from slidingtiles._board.geometry import blank_moves, home_cells
from slidingtiles._engine import dispatch as _backend
from slidingtiles._engine.indexing import (
    PERM,
    PERM_ZERO,
    PERM_ZERO2,
    U4_EXCESS,
    ZERO_SLOTS,
    perm_rank,
    region_labels,
    table_entries,
    zero_slots,
)
from slidingtiles._engine.lookups import PERM_Z2, PERM_Z4, entry_value
from slidingtiles._heuristics._pdb.cost import estimate_table_bytes
from slidingtiles._heuristics._pdb.partition import numba_encoding
from slidingtiles._heuristics._pdb.tablefile import write_table  # writing: internal
from slidingtiles._solve.parallel import parallel_search
from slidingtiles.pdb import read_table
from tests.conftest import (
    group_moves,
    kernel_guard,
    kernels_of,
    near_goal,
    oracle_for,
    resumed_in_slices,
)

pytestmark = pytest.mark.usefixtures("table_cache")


def maxed_plan(dbs: list[pdb.PatternDatabase]) -> Any:
    """The numba maxed kernel's plan (its region label table)."""
    numba_kernels()
    module = importlib.import_module("slidingtiles._engine.numba.maxed")
    return module.maxed_plan(dbs)


def numba_kernels() -> _backend.Kernels:
    return kernels_of("numba")


def tables(
    rows: int, cols: int, partitions: list[list[tuple[int, ...]]], encoding: str
) -> list[pdb.PatternDatabase]:
    """Databases of small groups for the blank-first goal, 4-bit entries, perm or perm-zero."""
    goal = Board.goal(rows, cols, blank="first").tiles
    kernels = numba_kernels()  # 4-bit tables come from the numba builder only
    return [
        pdb.PatternDatabase(
            rows,
            cols,
            goal,
            "custom",
            tuple(groups),
            (encoding,) * len(groups),
            tuple(
                kernels.build_group_table(
                    rows, cols, goal, g, encoding=encoding, entry=U4_EXCESS, progress=None
                )
                for g in groups
            ),
            entry=U4_EXCESS,
        )
        for groups in partitions
    ]


def flood_labels(rows: int, cols: int, occupied: int) -> list[int]:
    """Region labels by repeated flood fills from the least unlabelled free cell."""
    cells = rows * cols
    labels = [-1] * cells
    moves = blank_moves(rows, cols)
    count = 0
    for start in range(cells):
        if (occupied >> start) & 1 or labels[start] >= 0:
            continue
        label = min(count, ZERO_SLOTS - 1)
        count += 1
        todo = [start]
        labels[start] = label
        while todo:
            for n, _ in moves[todo.pop()]:
                if not (occupied >> n) & 1 and labels[n] < 0:
                    labels[n] = label
                    todo.append(n)
    return [ZERO_SLOTS if x < 0 else x for x in labels]


def kernel_labels(word: int, occupied: int, cells: int) -> list[int]:
    """A row of the kernel's label table (two bits a cell), occupied cells as `flood_labels`."""
    return [ZERO_SLOTS if (occupied >> c) & 1 else (word >> 2 * c) & 3 for c in range(cells)]


def test_region_labels_and_the_kernels_label_table_agree_with_a_flood_fill() -> None:
    for rows, cols in ((2, 3), (3, 3), (3, 4), (4, 4)):
        cells = rows * cols
        table = [int(w) for w in maxed_plan(tables(rows, cols, [[(1, 2)]], PERM_ZERO)).label]
        masks = range(1 << cells)
        if cells > 12:
            masks = random.Random(cells).sample(masks, 3000)  # type: ignore[assignment]
        for occupied in masks:
            expected = flood_labels(rows, cols, occupied)
            assert list(region_labels(rows, cols, occupied)) == expected
            assert kernel_labels(table[occupied], occupied, cells) == expected


def test_above_16_cells_the_label_table_is_indexed_by_the_rank_of_the_occupied_cells() -> None:
    plan = maxed_plan(tables(5, 5, [[(1, 2, 3), (4, 5, 6)]], PERM_ZERO2))
    table, binom = [int(w) for w in plan.label], plan.binom
    rng = random.Random(5)
    ranks = set()
    for _ in range(2000):
        cells = sorted(rng.sample(range(25), 3))
        rank = sum(math.comb(c, i + 1) for i, c in enumerate(cells))  # colexicographic
        assert rank == sum(int(binom[c * 8 + i + 1]) for i, c in enumerate(cells))
        occupied = sum(1 << c for c in cells)
        expected = flood_labels(5, 5, occupied)
        assert list(region_labels(5, 5, occupied)) == expected
        assert kernel_labels(table[rank], occupied, 25) == expected
        ranks.add(rank)
    assert max(ranks) < math.comb(25, 3) == len(table)


@pytest.mark.parametrize(
    ("rows", "cols", "group", "encoding"),
    [
        (3, 3, (1, 2, 3), PERM_ZERO),
        (3, 4, (5, 6, 9, 10), PERM_ZERO),
        (4, 4, (1, 4, 5), PERM_ZERO),
        (3, 4, (5, 6, 9, 10), PERM_ZERO2),
        (5, 5, (1, 5, 6), PERM_ZERO2),
    ],
)
def test_the_builder_keeps_the_least_cost_of_each_region(
    rows: int, cols: int, group: tuple[int, ...], encoding: str
) -> None:
    [db] = tables(rows, cols, [[group]], encoding)
    [plain] = tables(rows, cols, [[group]], PERM)
    cells = rows * cols
    slots = zero_slots(encoding)
    kind = PERM_Z4 if slots == 4 else PERM_Z2
    assert len(db.tables[0]) == (table_entries(cells, len(group), encoding) + 1) // 2
    home = home_cells(db.goal)
    truth: dict[int, int] = {}  # entry -> least cost over the blank cells its slot covers
    least: dict[int, int] = {}  # placement rank -> least cost over every blank cell
    md_of: dict[int, int] = {}
    for (placed, blank), cost in group_moves(rows, cols, db.goal, group).items():
        rank = perm_rank(placed, cells)
        occupied = sum(1 << c for c in placed)
        at = rank * slots + min(region_labels(rows, cols, occupied)[blank], slots - 1)
        truth[at] = min(cost, truth.get(at, 1 << 30))
        least[rank] = min(cost, least.get(rank, 1 << 30))
        md_of[rank] = sum(
            abs(c // cols - home[t] // cols) + abs(c % cols - home[t] % cols)
            for c, t in zip(placed, group)
        )
    assert len(least) == table_entries(cells, len(group), PERM)
    for at, cost in truth.items():
        assert entry_value(kind, db.tables[0], at, md_of[at // slots]) == cost
    for rank, cost in least.items():  # the plain table keeps the least over the regions
        assert entry_value(PERM_Z4, plain.tables[0], rank, md_of[rank]) == cost


@pytest.mark.parametrize("encoding", [PERM_ZERO, PERM_ZERO2])
def test_zero_aware_values_are_admissible_and_dominate_the_plain_tables(encoding: str) -> None:
    goal = Board.goal(3, 3, blank="first")
    oracle = oracle_for(goal)
    groups = [[(1, 2, 3, 4), (5, 6, 7, 8)]]
    [zero] = tables(3, 3, groups, encoding)
    [plain] = tables(3, 3, groups, PERM)
    higher = 0
    for tiles, distance in random.Random(3).sample(sorted(oracle.distance.items()), 3000):
        z, p = zero.value(tiles), plain.value(tiles)
        assert p <= z <= distance
        higher += z > p
    assert higher > 0  # the regions tell something on some boards


@pytest.mark.parametrize("name", ["python", "numba"])
@pytest.mark.parametrize("encoding", [PERM_ZERO, PERM_ZERO2])
def test_maxed_kernels_with_zero_aware_tables_are_optimal(name: str, encoding: str) -> None:
    kernels = kernels_of("python") if name == "python" else numba_kernels()
    goal = Board.goal(3, 3, blank="first")
    oracle = oracle_for(goal)
    dbs = tables(3, 3, [[(1, 2, 3, 4), (5, 6, 7, 8)], [(1, 3, 5, 7), (2, 4, 6, 8)]], encoding)
    states = sorted(oracle.distance.items(), key=lambda item: item[1])
    for tiles, distance in [*states[-3:], *random.Random(2).sample(states, 40)]:
        moves, _ = kernels.ida_maxed(dbs, list(tiles), kernel_guard(), (0, 1, 2, 3))
        assert len(moves) == distance
        assert Board(list(tiles), shape=(3, 3)).apply(moves) == goal


def test_the_numba_search_starts_from_the_entries_the_lookup_plan_places() -> None:
    numba_kernels()
    module = importlib.import_module("slidingtiles._engine.numba.maxed")
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
    fifths = [(1, 2, 3, 4, 5), (6, 7, 8, 9, 10), (11, 12, 13, 14, 15)]
    cases = [
        (3, 3, [pdb.PatternDatabase.build(3, 3, groups=[(1, 2, 3, 4), (5, 6, 7, 8)])]),
        (3, 4, tables(3, 4, [[(1, 2, 3, 4, 5), (6, 7, 8, 9, 10, 11)]], PERM)),
        (4, 4, tables(4, 4, [fifths], PERM_ZERO)),
        (5, 5, tables(5, 5, [thirds], PERM_ZERO2)),
    ]
    for rows, cols, dbs in cases:
        plan = module.maxed_plan(dbs)
        for seed in range(20):
            tiles = list(st.random_board(rows, cols, seed=seed, goal="first").tiles)
            search = module.Search(plan, tiles)
            slot_at, at, val, md, occ, hs = plan.lookups.place(tiles)
            assert [list(search.slot_at), list(search.at), list(search.val)] == [slot_at, at, val]
            assert [list(search.md), list(search.occ), search.h0] == [md, occ, max(hs)]


def test_pure_python_and_numba_agree_node_for_node_with_zero_aware_tables() -> None:
    python, numba = kernels_of("python"), numba_kernels()
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
    cases = [
        (3, 4, [[(1, 2, 3, 4, 5), (6, 7, 8, 9, 10, 11)]], 7, PERM_ZERO),
        (4, 4, [[(1, 2, 3, 4, 5), (6, 7, 8, 9, 10), (11, 12, 13, 14, 15)]], 1, PERM_ZERO),
        (3, 4, [[(1, 2, 3, 4, 5), (6, 7, 8, 9, 10, 11)]], 8, PERM_ZERO2),
        (5, 5, [thirds, columns], 2, PERM_ZERO2),
        (5, 5, [thirds], 3, PERM_ZERO2),  # one database and its reflection: the kernel's own
    ]  # copies for 4x4 (the second case) and 5x5 (this one)
    for rows, cols, partitions, seed, encoding in cases:
        dbs = tables(rows, cols, partitions, encoding)
        if rows >= 4:  # a random 15-puzzle takes pure Python too long with small tables
            tiles = near_goal(rows, cols, 40, seed)
        else:
            tiles = list(st.random_board(rows, cols, seed=seed, goal="first").tiles)
        plain = tables(rows, cols, partitions, PERM)
        for order in ((0, 1, 2, 3), (1, 0, 3, 2)):
            expected = python.ida_maxed(dbs, tiles[:], kernel_guard(), order)
            got = numba.ida_maxed(dbs, tiles[:], kernel_guard(), order)
            assert got[0] == expected[0]
            assert (got[1].expanded, got[1].generated) == (
                expected[1].expanded,
                expected[1].generated,
            )
            before = numba.ida_maxed(plain, tiles[:], kernel_guard(), order)
            assert len(before[0]) == len(got[0])  # both optimal
            assert got[1].generated <= before[1].generated


@pytest.mark.parametrize("encoding", [PERM_ZERO, PERM_ZERO2])
def test_zero_aware_table_files_round_trip_and_corruption_is_detected(
    tmp_path: Path, encoding: str
) -> None:
    [db] = tables(3, 4, [[(1, 2, 5), (3, 4, 6)]], encoding)
    path = tmp_path / "3x4.stpdb"
    write_table(db, path)
    loaded = read_table(path)
    assert loaded.encodings == (encoding, encoding)
    assert loaded.tables == tuple(bytes(t) for t in db.tables)
    data = path.read_bytes()
    for bad in (
        data[:-1],
        data.replace(f'"{encoding}"'.encode(), b'"perm"'),  # the lengths no longer match
        data.replace(b'"u4-excess"', b'"u8-moves"'),  # zero-aware tables hold 4-bit entries
    ):
        path.write_bytes(bad)
        with pytest.raises(PatternDatabaseError):
            read_table(path)


def test_the_7_8_tables_of_4x4_and_the_6_6_6_6_of_5x5_are_zero_aware() -> None:
    assert numba_encoding(4, 4, "7-8") == PERM_ZERO
    assert numba_encoding(5, 5, "6-6-6-6") == PERM_ZERO2
    if _backend.IMPLEMENTATION != "numba":  # pure Python declines them, naming the extra
        with pytest.raises(ValueError, match=r"slidingtiles\[fast\]"):
            estimate_table_bytes(4, 4, "7-8")
        return
    assert estimate_table_bytes(4, 4, "7-8") == (57_657_600 + 518_918_400) * 4 // 2
    assert estimate_table_bytes(5, 5, "6-6-6-6") == 4 * 127_512_000 * 2 // 2


def test_a_paused_zero_aware_search_moves_between_processes_and_resumes() -> None:
    python, numba = kernels_of("python"), numba_kernels()
    dbs = tables(5, 5, [[(1, 2, 5, 6), (3, 4, 8, 9), (7, 10, 11, 12)]], PERM_ZERO2)
    tiles = near_goal(5, 5, 24, 4)
    for kernels in (python, numba):
        path = resumed_in_slices(kernels, dbs, tiles)
        assert Board(tiles, shape=(5, 5)).apply(path) == Board.goal(5, 5, blank="first")


def test_one_board_split_over_workers_with_zero_aware_tables_is_optimal() -> None:
    numba_kernels()
    goal = Board.goal(3, 4, blank="first")
    [db] = tables(3, 4, [[(1, 2, 3, 4, 5), (6, 7, 8, 9, 10, 11)]], PERM_ZERO2)
    for seed in range(2):
        board = st.random_board(3, 4, seed=seed, goal=goal)
        serial, _ = numba_kernels().ida_maxed([db], list(board.tiles), kernel_guard(), (0, 1, 2, 3))
        same, _ = parallel_search(board, goal, db, workers=1)  # in this process: the serial search
        split, _ = parallel_search(board, goal, db, workers=2)
        assert same == serial
        assert len(split) == len(serial)
        assert board.apply(split) == goal
