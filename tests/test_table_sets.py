"""Table sets: several partitions of the same tiles in one database, maxed (5x5's small-7).

A database with companions (`PatternDatabase.companions`) must search exactly as its
partitions given to the maxed kernels side by side, in both implementations, share its
tables' memory, and survive files and pickling. The 5x5 sets themselves (gigabytes) are
not built here: their declarations are checked, and small sets of small groups stand in.
Imports from ``slidingtiles._*`` here are of internal units that have no public name.
"""

from __future__ import annotations

import pickle
import random
from pathlib import Path

import pytest

from slidingtiles import Board, PatternDatabaseError, pdb, random_board
from slidingtiles._engine.indexing import PERM_ZERO2, U4_EXCESS
from slidingtiles._heuristics._pdb.cost import estimate_table_bytes
from slidingtiles._heuristics._pdb.partition import SETS_5X5
from slidingtiles._heuristics._pdb.tablefile import write_table  # writing: internal
from slidingtiles._solve.parallel import parallel_search
from slidingtiles.pdb import read_table
from tests.conftest import kernel_guard, kernels_of, near_goal, oracle_for

pytestmark = pytest.mark.usefixtures("table_cache")

THIRDS = ((1, 2, 3), (4, 5, 6), (7, 8, 9), (10, 11, 12), (13, 14, 15), (16, 17, 18))
THIRDS += ((19, 20, 21), (22, 23, 24))
COLUMNS = ((5, 10, 15), (20, 21, 22), (1, 6, 11), (16, 2, 7), (12, 17, 3), (8, 13, 18))
COLUMNS += ((4, 9, 14), (19, 23, 24))
# A third partition sharing three groups with the first: stored once each.
MIXED = ((1, 2, 3), (4, 5, 6), (7, 12, 17), (8, 13, 18), (9, 14, 19), (10, 15, 20))
MIXED += ((11, 16, 21), (22, 23, 24))


def table_set(
    rows: int, cols: int, partitions: list[tuple[tuple[int, ...], ...]]
) -> tuple[pdb.PatternDatabase, list[pdb.PatternDatabase]]:
    """The partitions as one database with companions, and as databases of their own."""
    goal = Board.goal(rows, cols, blank="first").tiles
    kernels = kernels_of("numba")  # 4-bit zero-aware tables come from the numba builder only
    built: dict[tuple[int, ...], bytes] = {}
    for groups in partitions:
        for g in groups:
            if g not in built:
                built[g] = kernels.build_group_table(
                    rows, cols, goal, g, encoding=PERM_ZERO2, entry=U4_EXCESS, progress=None
                )
    alone = [
        pdb.PatternDatabase(
            rows,
            cols,
            goal,
            "custom",
            groups,
            (PERM_ZERO2,) * len(groups),
            tuple(built[g] for g in groups),
            entry=U4_EXCESS,
        )
        for groups in partitions
    ]
    stored = list(partitions[0])
    for groups in partitions[1:]:
        stored.extend(g for g in groups if g not in stored)
    together = pdb.PatternDatabase.from_stored(
        rows,
        cols,
        goal,
        "custom",
        partitions[0],
        partitions[1:],
        (PERM_ZERO2,) * len(stored),
        tuple(built[g] for g in stored),
        entry=U4_EXCESS,
    )
    return together, alone


def test_the_declared_5x5_sets_are_partitions_of_every_tile_into_6_tile_groups() -> None:
    goal = Board.goal(5, 5, blank="first")
    for name in SETS_5X5:
        own = pdb.partition(5, 5, goal, name)
        assert own == pdb.partition(5, 5, goal, "6-6-6-6")
        others = pdb.companions(5, 5, goal, name)
        assert others
        for groups in (own, *others):
            assert sorted(t for g in groups for t in g) == list(range(1, 25))
            assert [len(g) for g in groups] == [6, 6, 6, 6]
    assert len(pdb.stored_groups(5, 5, goal, "small-7")) == 14  # of 28: shared groups once
    assert pdb.companions(5, 5, goal, "6-6-6-6") == ()
    assert pdb.companions(4, 4, None, "6-6-3") == ()


def test_a_set_is_as_large_as_its_distinct_tables() -> None:
    pytest.importorskip("numba")
    estimate = pdb.estimate_build_seconds
    assert estimate(5, 5, "small-7") == pytest.approx(estimate(5, 5, "6-6-6-6") * 14 / 4)
    try:
        size = estimate_table_bytes(5, 5, "small-7")
    except ValueError:  # pure Python declines the 5x5 tables, naming the extra
        return
    assert size == 14 * 127_512_000


def test_a_set_values_boards_as_the_largest_of_its_partitions() -> None:
    pytest.importorskip("numba")
    goal = Board.goal(3, 3, blank="first")
    halves = ((1, 2, 3, 4), (5, 6, 7, 8))
    odd_even = ((1, 3, 5, 7), (2, 4, 6, 8))
    together, alone = table_set(3, 3, [halves, odd_even])
    oracle = oracle_for(goal)
    higher = 0
    for tiles, distance in random.Random(5).sample(sorted(oracle.distance.items()), 2000):
        values = [db.value(tiles) for db in alone]
        assert together.value(tiles) == max(values) <= distance
        higher += values[1] > values[0]
    assert higher > 0  # the companion tells something the first partition does not


@pytest.mark.parametrize("implementation", ["python", "numba"])
def test_a_set_searches_node_for_node_as_its_partitions_side_by_side(implementation: str) -> None:
    pytest.importorskip("numba")  # the tables' builder
    kernels = kernels_of(implementation)
    goal = Board.goal(5, 5, blank="first")
    for partitions, seed in (([THIRDS, COLUMNS], 2), ([THIRDS, COLUMNS, MIXED], 3)):
        together, alone = table_set(5, 5, partitions)
        tiles = near_goal(5, 5, 36, seed)
        got = kernels.ida_maxed([together], tiles[:], kernel_guard(), (0, 1, 2, 3))
        expected = kernels.ida_maxed(alone, tiles[:], kernel_guard(), (0, 1, 2, 3))
        assert got[0] == expected[0]
        assert Board(tiles, shape=(5, 5)).apply(got[0]) == goal
        assert (got[1].expanded, got[1].generated) == (
            expected[1].expanded,
            expected[1].generated,
        )
        first = kernels.ida_maxed(alone[:1], tiles[:], kernel_guard(), (0, 1, 2, 3))
        assert len(first[0]) == len(got[0])  # both optimal
        assert got[1].expanded <= first[1].expanded


def test_both_implementations_expand_the_same_nodes_with_a_set() -> None:
    python, numba = kernels_of("python"), kernels_of("numba")
    together, _ = table_set(5, 5, [THIRDS, COLUMNS])  # two partitions, reflected: 4 lookups
    for seed in (4, 5):
        tiles = near_goal(5, 5, 36, seed)
        for order in ((0, 1, 2, 3), (1, 0, 3, 2)):
            expected = python.ida_maxed([together], tiles[:], kernel_guard(), order)
            got = numba.ida_maxed([together], tiles[:], kernel_guard(), order)
            assert got[0] == expected[0]
            assert (got[1].expanded, got[1].generated) == (
                expected[1].expanded,
                expected[1].generated,
            )


def test_a_set_keeps_each_shared_table_once_in_memory_files_and_pickles(
    tmp_path: Path,
) -> None:
    pytest.importorskip("numba")
    together, alone = table_set(5, 5, [THIRDS, MIXED])
    assert len(together.stored()[0]) == 8 + 5  # MIXED shares three of THIRDS' groups
    assert together.nbytes == sum(len(t) for t in together.stored()[1])
    buffer, _ = together.contiguous()
    assert len(buffer) == together.nbytes + 1  # one buffer for the set, nothing doubled
    shared = MIXED.index((1, 2, 3))
    companion = together.companions[0]
    assert companion.tables[shared].obj is together.tables[0].obj  # type: ignore[union-attr]
    path = tmp_path / "set.stpdb"
    write_table(together, path)
    assert path.stat().st_size < together.nbytes + 4096
    for copy in (read_table(path), pickle.loads(pickle.dumps(together))):
        assert [c.groups for c in copy.companions] == [MIXED]
        assert copy.stored()[0] == together.stored()[0]
        for seed in range(5):
            tiles = near_goal(5, 5, 30, seed)
            assert copy.value(tiles) == together.value(tiles) == max(a.value(tiles) for a in alone)
    data = path.read_bytes()
    path.write_bytes(data.replace(b"[7, 12, 17]", b"[7, 12, 12]"))  # not a partition any more
    with pytest.raises(PatternDatabaseError, match="companions"):
        read_table(path)


def test_a_set_answers_for_another_goal_of_its_blank_orbit() -> None:
    pytest.importorskip("numba")
    together, _ = table_set(5, 5, [THIRDS, COLUMNS])
    turned = Board(list(range(24, -1, -1)), shape=(5, 5))  # the blank in the opposite corner
    mine = together.for_goal(turned)
    assert mine.companions == together.companions
    for seed in range(5):
        board = Board(near_goal(5, 5, 30, seed), shape=(5, 5))
        caller = board.tiles[::-1]  # the same board as the turned goal sees it
        assert mine.value(caller) == together.value(board.tiles)


def test_one_board_split_over_workers_with_a_set_is_optimal() -> None:
    numba = kernels_of("numba")
    goal = Board.goal(3, 4, blank="first")
    together, _ = table_set(
        3,
        4,
        [
            ((1, 2, 3, 4, 5), (6, 7, 8, 9, 10, 11)),
            ((1, 2, 5, 6, 9), (3, 4, 7, 8, 10, 11)),
        ],
    )
    for seed in range(2):
        board = random_board(3, 4, seed=seed, goal=goal)
        serial, _ = numba.ida_maxed([together], list(board.tiles), kernel_guard(), (0, 1, 2, 3))
        split, _ = parallel_search(board, goal, together, workers=2)  # tables pickled to workers
        assert len(split) == len(serial)
        assert board.apply(split) == goal


def test_under_numba_the_24_puzzle_builds_the_two_partition_set_and_uses_a_cached_6_6_6_6() -> None:
    from slidingtiles._engine import dispatch
    from slidingtiles._heuristics._pdb.choice import choices

    declared = choices(5, 5)
    if dispatch.IMPLEMENTATION == "numba":
        assert declared == (("6-6-6-6+6", "build"), ("6-6-6-6", "ready"))
        assert pdb.preferred_partition(5, 5, use="build") == "6-6-6-6+6"
    else:  # pure Python builds neither: it searches whichever numba built, the set first
        assert [name for name, _ in declared] == ["6-6-6-6+6", "6-6-6-6", "6-6-6-6"]
    goal = Board.goal(5, 5, blank="first")
    assert pdb.preferred_partition(5, 5, goal) in ("6-6-6-6+6", "6-6-6-6")  # nothing cached here
