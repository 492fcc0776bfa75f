"""Every admissible heuristic against exact distances; consistency; the registry."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from slidingtiles import Board, UnknownHeuristicError, heuristics, testing

from .conftest import ORACLE_SHAPES, Oracle, examples, oracle_for, slow_case

ADMISSIBLE = [name for name in heuristics.names() if heuristics.get(name).admissible]
GOALS = {shape: [Board.goal(*shape), Board.goal(*shape, blank="first")] for shape in ORACLE_SHAPES}
# A goal with the blank in the middle and tiles scrambled: the rules must not assume a corner.
GOALS[(3, 3)].append(Board("4 1 7/2 0 8/6 3 5"))
GOALS[(2, 4)].append(Board("3 1 0 7/2 6 5 4"))


def _cases() -> list[tuple[str, tuple[int, int], int]]:
    return [
        (name, shape, index)
        for name in ADMISSIBLE
        for shape in ORACLE_SHAPES
        for index in range(len(GOALS[shape]))
    ]


# The heuristic kit's checker (`heuristics.check`, exhaustive: one BFS from the goal, checked
# against the independent oracle in test_heuristic_kit.py) on every state. 3x3's other goals in
# the full run; its first goal and every smaller shape in the fast run.
@pytest.mark.parametrize(
    ("name", "shape", "goal_index"),
    [slow_case(*case) if case[1] == (3, 3) and case[2] else case for case in _cases()],
)
def test_admissible_and_consistent_on_every_state(
    name: str, shape: tuple[int, int], goal_index: int
) -> None:
    goal = GOALS[shape][goal_index]
    report = heuristics.check(name, goal=goal)
    assert report.exhaustive
    assert report.boards == len(oracle_for(goal))
    assert report.admissible.holds, report.admissible.examples
    assert report.zero_at_goal.holds
    assert report.whole_numbers.holds
    if heuristics.get(name).consistent:
        assert report.consistent.holds, report.consistent.examples


@pytest.mark.parametrize("name", ADMISSIBLE)
def test_admissible_towards_random_goals(name: str) -> None:
    """Any goal (the blank anywhere, tiles in any order), shrinking to a small board on failure."""
    testing.assert_admissible(
        name, goal=testing.goals(testing.shapes(max_cells=8)), max_examples=examples(30)
    )
    if heuristics.get(name).consistent:
        testing.assert_consistent(
            name, goal=testing.goals(testing.shapes(max_cells=12)), max_examples=examples(30)
        )


def _pairwise_linear_conflict(board: Board, goal: Board) -> int:
    """The often-published variant: +2 for every pair of tiles in conflict in a line."""
    extra = 0
    for line_cells, same_line, order_key in (
        (
            [[r * board.cols + c for c in range(board.cols)] for r in range(board.rows)],
            lambda t, i: goal.position(t)[0] == i,
            lambda t: goal.position(t)[1],
        ),
        (
            [[r * board.cols + c for r in range(board.rows)] for c in range(board.cols)],
            lambda t, i: goal.position(t)[1] == i,
            lambda t: goal.position(t)[0],
        ),
    ):
        for index, cells in enumerate(line_cells):
            tiles = [
                board.tiles[c] for c in cells if board.tiles[c] and same_line(board.tiles[c], index)
            ]
            for a in range(len(tiles)):
                for b in range(a + 1, len(tiles)):
                    if order_key(tiles[a]) > order_key(tiles[b]):
                        extra += 2
    return heuristics.manhattan(board, goal) + extra


def test_pairwise_linear_conflict_overestimates_and_ours_does_not(
    oracle: Callable[[Board], Oracle],
) -> None:
    """The admissibility check has teeth: it catches the published pairwise variant."""
    goal = Board.goal(3, 3)
    table = oracle(goal)
    row = Board("3 1 2/4 5 6/7 8 0")  # one tile blocks two: it must leave the row once
    assert heuristics.linear_conflict(row, goal) == 4 + 2
    assert _pairwise_linear_conflict(row, goal) == 4 + 4
    board = Board("7 8 0/6 5 4/1 2 3")  # found by scanning the oracle
    assert table.distance[board.tiles] == 26
    assert _pairwise_linear_conflict(board, goal) == 28
    assert heuristics.linear_conflict(board, goal) == 24


def test_inversions_is_flagged_inadmissible_for_a_reason() -> None:
    info = heuristics.get("inversions")
    assert not info.admissible
    report = heuristics.check(info, shape=(3, 3))
    assert not report.admissible.holds
    assert report.claims_hold
    nearest = report.admissible.nearest
    assert nearest is not None
    assert nearest.value > nearest.distance


# Walking distance builds its tables for random 4x4 and 3x5 goals here (1.5 s): the full run;
# tests/test_walking.py checks it against exact distances in the fast run.
@pytest.mark.parametrize(
    "name", [slow_case(n) if n == "walking_distance" else n for n in heuristics.names()]
)
def test_specialised_form_equals_plain_function(name: str) -> None:
    rng = random.Random(name)
    info = heuristics.get(name)
    shapes = [(2, 2), (3, 3), (4, 4), (3, 5), (1, 4)]
    if name == "pdb":  # tables for random 4x4 and 3x5 goals take 20 s to build: smaller ones
        shapes = [(2, 2), (3, 3), (2, 4), (3, 4), (1, 4)]
    for rows, cols in shapes:
        goal_tiles = list(range(rows * cols))
        rng.shuffle(goal_tiles)
        goal = Board(goal_tiles, shape=(rows, cols))
        fast = info.for_goal(goal)
        for _ in range(50):
            tiles = list(range(rows * cols))
            rng.shuffle(tiles)
            board = Board(tiles, shape=(rows, cols))
            assert fast(board.tiles) == info.function(board, goal) == info(board, goal)


def test_registry_round_trip() -> None:
    calls = []

    @heuristics.register("test_zero", admissible=True, consistent=True, aliases=("tz",))
    def zero(board: Board, goal: Board) -> int:
        calls.append(board)
        return 0

    try:
        assert heuristics.get("tz").function is zero
        assert "test_zero" in heuristics.names()
        assert heuristics.get("test_zero").for_goal(Board.goal(2, 2))((1, 2, 3, 0)) == 0
        assert calls == [Board.goal(2, 2)]
        with pytest.raises(heuristics.HeuristicError, match="taken"):
            heuristics.register("test_zero", zero, admissible=True)
    finally:
        heuristics.unregister("test_zero")
    with pytest.raises(UnknownHeuristicError, match=r"unknown heuristic 'tz'.*manhattan"):
        heuristics.get("tz")


def test_registry_rejects_contradictions() -> None:
    with pytest.raises(ValueError, match="consistent heuristic is admissible"):
        heuristics.register("bad", lambda b, g: 0, admissible=False, consistent=True)
    with pytest.raises(ValueError, match="non-empty"):
        heuristics.register("", lambda b, g: 0, admissible=True)
    with pytest.raises(TypeError, match="callable"):
        heuristics.register("bad", 3, admissible=True)  # type: ignore[call-overload]
    assert "bad" not in heuristics.names()


def test_aliases_and_metadata() -> None:
    assert heuristics.get("hamming") is heuristics.get("misplaced")
    assert heuristics.get("linear-conflict").name == "linear_conflict"
    assert all(heuristics.get(n).description for n in heuristics.names())
