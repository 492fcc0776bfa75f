"""The batched numpy kernel against the depth-first kernel it stands in for, and the oracle.

The batched kernel must return the depth-first kernel's move string and its
exact statistics (the counts a depth-first search makes up to the goal), for
any batch size: tiny batches force many pieces and corrections, big ones put
a whole iteration in a few batches.
Imports from ``slidingtiles._*`` here are of internal units that have no public name.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

import slidingtiles as st
from slidingtiles import Board, pdb
from slidingtiles._board.symmetry import frame_for
from slidingtiles._engine.dispatch import engine_guard
from slidingtiles._engine.pruning import pruning_table
from slidingtiles._engine.python import batched
from slidingtiles._engine.python import pdb as python_pdb
from tests.conftest import Oracle, goals, slow_case

pytestmark = pytest.mark.usefixtures("table_cache")

Counts = tuple[str, int, int, int, int]


def counts(result: tuple[str, st.SearchStats]) -> Counts:
    moves, stats = result
    return moves, stats.expanded, stats.generated, stats.iterations, stats.max_frontier


def canonical(
    db: pdb.PatternDatabase, tiles: tuple[int, ...]
) -> tuple[pdb.PatternDatabase, list[int], tuple[int, int, int, int]]:
    """What the dispatcher hands a kernel: the canonical tables, the board in their frame."""
    frame = frame_for(db.rows, db.cols, db.solves_for)
    return db.for_goal(db.goal), list(frame.board(tiles)), frame.order


def depth_first(db: pdb.PatternDatabase, tiles: tuple[int, ...]) -> Counts:
    base, board, order = canonical(db, tiles)
    return counts(python_pdb.ida_pdb(base, board, engine_guard(), order=order))


def in_batches(db: pdb.PatternDatabase, tiles: tuple[int, ...]) -> Counts:
    base, board, order = canonical(db, tiles)
    prune = pruning_table(base.rows, base.cols, order)
    return counts(batched.ida_pdb_batched(base, board, engine_guard(), prune, order=order))


@pytest.fixture(params=[2, 64, 1 << 13])
def chunk(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> int:
    monkeypatch.setattr(batched, "CHUNK", request.param)
    return int(request.param)


@pytest.mark.parametrize("chunk", [2, slow_case(64), 1 << 13], indirect=True)  # the extremes
@pytest.mark.parametrize(
    ("shape", "groups"),
    [
        ((3, 3), [(1, 2, 3, 4), (5, 6, 7, 8)]),
        ((3, 3), [(2, 5), (1, 3, 4, 6)]),
        ((2, 4), [(1, 2, 3), (4, 5, 6, 7)]),
        ((2, 4), [(1, 2), (3, 4, 5, 6, 7)]),
    ],
)
def test_same_moves_and_counts_as_depth_first_on_oracle_states(
    chunk: int,
    oracle: Callable[[Board], Oracle],
    shape: tuple[int, int],
    groups: list[tuple[int, ...]],
) -> None:
    """With and without the reflection, tiles outside every group, every goal corner."""
    for index, goal in enumerate(goals(*shape)):
        db = pdb.PatternDatabase.build(*shape, goal, groups=groups)
        table = oracle(goal)
        items = sorted(table.distance.items(), key=lambda item: item[1])
        farthest = items[-2:] if chunk >= 8 else []  # tiny batches are slow: fewer, nearer boards
        for tiles, distance in [*farthest, *random.Random(index).sample(items, 6)]:
            expected = depth_first(db, tiles)
            assert in_batches(db, tiles) == expected
            assert len(expected[0]) == distance
            assert table.board(tiles).apply(expected[0]) == goal


@pytest.mark.slow  # 4x4 boards; the oracle-state test checks the batched kernel on 3x3 and 2x4
@pytest.mark.parametrize("chunk", [2, 64, 1 << 13], indirect=True)
def test_same_moves_and_counts_on_random_4x4(chunk: int) -> None:
    """Scrambled 15-puzzles, both goal conventions, 4-4-4-3 tables maxed with the reflection."""
    rng = random.Random(11)
    groups = [(1, 2, 5, 6), (3, 4, 7, 8), (9, 10, 13, 14), (11, 12, 15)]
    for blank in ("last", "first"):
        goal = Board.goal(4, 4, blank=blank)
        db = pdb.PatternDatabase.build(4, 4, goal, groups=groups)
        for _ in range(2):
            board = st.scramble(goal, 44, seed=rng.randrange(10**6))
            expected = depth_first(db, board.tiles)
            assert in_batches(db, board.tiles) == expected
            assert board.apply(expected[0]) == goal


def test_handoff_from_the_depth_first_kernel(monkeypatch: pytest.MonkeyPatch) -> None:
    """Handing over after any iteration keeps the moves and the counts."""
    goal = Board.goal(4, 4)
    db = pdb.PatternDatabase.build(
        4, 4, goal, groups=[(1, 2, 5, 6), (3, 4, 7, 8), (9, 10, 13, 14), (11, 12, 15)]
    )
    calls: list[int] = []
    real = batched.continue_in_batches

    def spy(*args: object) -> tuple[str, st.SearchStats] | None:
        calls.append(1)
        return real(*args)  # type: ignore[arg-type]

    for threshold in (0, 50, 10**9):
        monkeypatch.setattr(python_pdb, "HANDOFF_EXPANSIONS", threshold)
        for seed in range(3):
            tiles = st.scramble(goal, 40, seed=seed).tiles
            expected = depth_first(db, tiles)
            base, board, order = canonical(db, tiles)
            handed = counts(
                python_pdb.ida_pdb(base, board, engine_guard(), handoff=spy, order=order)
            )
            assert handed == expected
    assert calls  # the handoff happened at least for threshold 0


def test_goal_and_one_move_away(chunk: int) -> None:
    goal = Board.goal(3, 3)
    db = pdb.PatternDatabase.build(3, 3, goal, groups=[(1, 2, 3, 4), (5, 6, 7, 8)])
    assert in_batches(db, goal.tiles) == ("", 0, 0, 0, 0)
    near = goal.move("U")
    assert in_batches(db, near.tiles) == depth_first(db, near.tiles)
    assert in_batches(db, near.tiles)[0] == "D"


def test_limits_and_progress_are_checked_per_batch() -> None:
    goal = Board.goal(4, 4)
    board = st.random_board(4, 4, seed=1)
    db = pdb.PatternDatabase.build(4, 4, goal, groups=[(1, 2, 3), (4, 5, 6), (7, 8, 9)])
    seen: list[st.SearchStats] = []
    guard = engine_guard(max_nodes=40_000, progress=seen.append)
    with pytest.raises(st.SearchLimitExceeded) as info:
        batched.ida_pdb_batched(db, list(board.tiles), guard, pruning_table(db.rows, db.cols))
    assert info.value.limit == "nodes"
    assert 40_000 < info.value.stats.expanded <= 40_000 + batched.CHUNK
    assert seen
    assert all(s.expanded <= 40_000 for s in seen)
    guard = engine_guard(time_limit=0.01)
    with pytest.raises(st.SearchLimitExceeded, match="time_limit"):
        batched.ida_pdb_batched(db, list(board.tiles), guard, pruning_table(db.rows, db.cols))


def test_ctrl_c_from_progress_propagates() -> None:
    goal = Board.goal(4, 4)
    db = pdb.PatternDatabase.build(4, 4, goal, groups=[(1, 2, 3), (4, 5, 6), (7, 8, 9)])

    def interrupt(stats: st.SearchStats) -> None:
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        batched.ida_pdb_batched(
            db,
            list(st.random_board(4, 4, seed=2).tiles),
            engine_guard(progress=interrupt),
            pruning_table(4, 4),
        )
