"""Two lanes (numba): one IDA* search stepped as two interleaved lanes, checked node for node.

`slidingtiles._engine.numba.maxed.Lanes` shares out the nodes at a split depth
between two lanes that the kernel steps alternately, so that one lane's memory
misses overlap the other's work. Its answer, its counts and its principal
variation must be the serial search's (`Search`), whatever the split, the
weight, the ceiling, the pauses and the growth of its arrays; the pure-Python
mirror has no lanes, and tests/test_zero_aware.py compares the two engines
through the public kernels (which use lanes on 4x4).
"""

from __future__ import annotations

import importlib
from typing import Any

import pytest

from slidingtiles import Board, pdb
from slidingtiles._engine import dispatch as _backend
from slidingtiles._engine.indexing import PERM_ZERO, U4_EXCESS
from tests.conftest import kernel_guard, near_goal

pytestmark = pytest.mark.usefixtures("table_cache")

GOAL = Board.goal(4, 4, blank="first")


@pytest.fixture(scope="module")
def maxed() -> Any:
    pytest.importorskip("numba")
    return importlib.import_module("slidingtiles._engine.numba.maxed")


@pytest.fixture(scope="module")
def database(maxed: Any) -> pdb.PatternDatabase:
    """Zero-aware 5-5-5 tables of 4x4 (and their reflection: two lookups, like 7-8's)."""
    kernels = _backend._NumbaKernels(fallback=False)
    groups = ((1, 2, 3, 4, 5), (6, 7, 8, 9, 10), (11, 12, 13, 14, 15))
    return pdb.PatternDatabase(
        4, 4, GOAL.tiles, "custom", groups, (PERM_ZERO,) * 3,
        tuple(
            kernels.build_group_table(
                4, 4, GOAL.tiles, g, encoding=PERM_ZERO, entry=U4_EXCESS, progress=None
            )
            for g in groups
        ),
        entry=U4_EXCESS,
    )  # fmt: skip


@pytest.fixture(scope="module")
def plan(maxed: Any, database: pdb.PatternDatabase) -> Any:
    made = maxed.maxed_plan([database])
    assert made.lookups.lookups == 2
    return made


def serial(maxed: Any, plan: Any, tiles: list[int], **start: int) -> tuple[Any, ...]:
    search = maxed.Search(plan, tiles, **start)
    while search.run() != maxed.DONE:
        pass
    path = search.path() if search.found >= 0 else None
    return search.found, path, search.expanded, search.generated


def in_lanes(
    maxed: Any, plan: Any, tiles: list[int], split: int, every: int | None = None, **start: int
) -> tuple[Any, ...]:
    lanes = maxed.Lanes(plan, tiles, split, **start)
    check_at = every or 1 << 62
    while lanes.run(check_at) != maxed.DONE:
        check_at = lanes.expanded + (every or 1 << 62)
    path = lanes.path() if lanes.found >= 0 else None
    return lanes.found, path, lanes.expanded, lanes.generated


WALKS = [(1, 0), (3, 1), (6, 2), (10, 3), (20, 4), (30, 5), (40, 6), (60, 7), (60, 8)]
BOARDS = [near_goal(4, 4, moves, seed) for moves, seed in WALKS]


@pytest.mark.parametrize("split", [1, 2, 3, 6, 9])
def test_lanes_search_the_serial_search_s_nodes_and_find_its_path(
    maxed: Any, plan: Any, split: int
) -> None:
    for tiles in BOARDS:
        expected = serial(maxed, plan, tiles[:])
        assert expected[0] >= 0
        assert Board(tiles, shape=(4, 4)).apply(expected[1]) == GOAL
        assert in_lanes(maxed, plan, tiles[:], split) == expected


def test_many_boards_and_splits_every_count_and_path_the_serial_one(
    maxed: Any, plan: Any
) -> None:
    # Ties of the least h between the lanes (which path the next iteration follows first)
    # and goals in either lane's subtree come up over many boards.
    for seed in range(40):
        tiles = near_goal(4, 4, 30 + seed, 100 + seed)
        expected = serial(maxed, plan, tiles[:])
        for split in (2, 4, 5):
            assert in_lanes(maxed, plan, tiles[:], split) == expected, (seed, split)


def test_weighted_lanes_and_a_ceiling_that_leaves_no_path(maxed: Any, plan: Any) -> None:
    for tiles in BOARDS[3:7]:
        weighted = serial(maxed, plan, tiles[:], num=3, den=2)
        assert in_lanes(maxed, plan, tiles[:], 4, num=3, den=2) == weighted
        shortest = serial(maxed, plan, tiles[:])[0]
        nothing = serial(maxed, plan, tiles[:], ceiling=shortest)
        assert nothing[0] == -1
        assert in_lanes(maxed, plan, tiles[:], 4, ceiling=shortest) == nothing


def test_paused_lanes_resume_to_the_same_answer(maxed: Any, plan: Any) -> None:
    for tiles in BOARDS[5:]:
        assert in_lanes(maxed, plan, tiles[:], 6, every=97) == serial(maxed, plan, tiles[:])


def test_lanes_grow_their_frames_and_their_table_of_subtrees(maxed: Any, plan: Any) -> None:
    tiles = BOARDS[-1]
    expected = serial(maxed, plan, tiles[:])
    lanes = maxed.Lanes(plan, tiles[:], 7)
    width = len(lanes.lanes[0].frame) // 64
    for lane in lanes.lanes:  # room for 4 moves: the kernel asks for more
        lane.frame, lane.pv, lane.new_pv = lane.frame[: 4 * width], lane.pv[:4], lane.new_pv[:4]
    lanes.sub = lanes.sub[:2]  # room for one subtree
    while lanes.run() != maxed.DONE:
        pass
    assert (lanes.found, lanes.path(), lanes.expanded, lanes.generated) == expected
    assert len(lanes.sub) > 2
    assert len(lanes.lanes[0].frame) > 4 * width


def test_the_engine_searches_4x4_in_lanes_with_the_serial_answer(
    maxed: Any, plan: Any, database: pdb.PatternDatabase
) -> None:
    assert plan.lookups.cells <= maxed.LANES_MAX_CELLS  # weighted_maxed picks the lanes
    for tiles in BOARDS[-3:]:
        path, stats = maxed.weighted_maxed([database], tiles[:], kernel_guard())
        expected = serial(maxed, plan, tiles[:])
        assert (len(path), path, stats.expanded, stats.generated) == expected
