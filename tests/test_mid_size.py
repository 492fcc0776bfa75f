"""Mid-size boards (issue 35): the tables' beam, the growing timed beams, the answers' bounds.

Imports from ``slidingtiles._*`` here are of internal units that have no public name.
"""

from __future__ import annotations

import itertools

import pytest

import slidingtiles
from slidingtiles import Board, random_board
from slidingtiles._engine import dispatch
from slidingtiles._engine.indexing import digits_index, perm_rank
from slidingtiles._engine.kernels import Kernels
from slidingtiles._engine.python import tables_beam as python_tables_beam
from slidingtiles._heuristics._pdb import store
from slidingtiles._heuristics._pdb.database import PatternDatabase
from slidingtiles._solve.short import beam, methods, tables
from slidingtiles._solve.short.bound import BOUND_TABLES, lower_bound
from slidingtiles._solve.short.budget import Budget
from slidingtiles.search._limits import Deadline
from tests.conftest import replay


def kernel_arguments(
    board: Board, goal: Board, db: PatternDatabase, width: int
) -> tuple[object, ...]:
    """`Kernels.tables_search`'s arguments, as `dispatch.tables_beam` makes them."""
    tables, tiles, _ = dispatch._framed(board, goal, db, "test")
    flat, offsets = tables.contiguous()
    perm = [int(e == "perm") for e in tables.encodings]
    return (
        board.rows,
        board.cols,
        tiles,
        flat,
        list(offsets),
        perm,
        [list(g) for g in tables.groups],
        width,
        200,
        10**6,
        None,
    )


SMALL = {
    (3, 3): [(1, 2, 3, 4), (5, 6, 7, 8)],
    (3, 4): [(1, 2, 3, 4, 5), (6, 7, 8, 9, 10, 11)],
    (4, 4): [(1, 2, 3, 4, 5), (6, 7, 8, 9, 10), (11, 12, 13, 14, 15)],
}


@pytest.mark.parametrize("shape", list(SMALL))
@pytest.mark.parametrize("width", [1, 5, 50])
def test_kernels_agree_and_replay(
    both: tuple[Kernels, Kernels], shape: tuple[int, int], width: int
) -> None:
    python, numba = both
    rows, cols = shape
    goal = Board.goal(rows, cols)
    db = PatternDatabase.build(rows, cols, goal, groups=SMALL[shape])
    for seed in range(4):
        board = random_board(rows, cols, seed=seed)
        args = kernel_arguments(board, goal, db, width)
        found = python.tables_search(*args)  # type: ignore[arg-type]
        assert numba.tables_search(*args) == found  # type: ignore[arg-type]
        moves, _, reached = found
        if reached:
            assert len(moves) >= db.value(board.tiles)
            answer, _ = dispatch.tables_beam(
                board, goal, db, width, max_levels=200, max_nodes=10**6
            )
            assert answer is not None
            assert replay(board, answer) == goal
            assert len(answer) == len(moves)


def test_the_blank_first_goal_is_searched_in_the_tables_frame() -> None:
    goal = Board.goal(3, 3, blank="first")
    db = PatternDatabase.build(3, 3, goal, groups=[(1, 2, 3, 4), (5, 6, 7, 8)])
    for seed in range(5):
        board = random_board(3, 3, seed=seed, goal=goal)
        moves, _ = dispatch.tables_beam(board, goal, db, 20, max_nodes=10**6)
        assert moves is not None
        assert replay(board, moves) == goal


def test_index_matches_the_tables_encodings() -> None:
    for positions in itertools.permutations(range(7), 3):
        assert python_tables_beam._index(list(positions) + [0] * 4, [0, 1, 2], 7, 1) == perm_rank(
            positions, 7
        )
        assert python_tables_beam._index(list(positions) + [0] * 4, [0, 1, 2], 7, 0) == (
            digits_index(positions, 7)
        )


def test_tables_beam_refuses_what_it_cannot_read() -> None:
    goal = Board.goal(3, 3)
    db = PatternDatabase.build(3, 3, goal, groups=[(1, 2, 3, 4)])  # tiles 5..8 in no group
    assert not dispatch.tables_beam_supports(db)
    with pytest.raises(ValueError, match="cannot read"):
        dispatch.tables_beam(random_board(3, 3, seed=1), goal, db, 10, max_nodes=100)
    full = PatternDatabase.build(3, 3, goal, groups=[(1, 2, 3, 4), (5, 6, 7, 8)])
    with pytest.raises(ValueError, match="width"):
        dispatch.tables_beam(random_board(3, 3, seed=1), goal, full, 0, max_nodes=100)


# -- the bound every short answer carries -----------------------------------------------------


def test_lower_bound_never_exceeds_the_shortest_on_small_boards() -> None:
    for shape, seeds in (((3, 3), range(20)), ((4, 4), range(5))):
        goal = Board.goal(*shape)
        for seed in seeds:
            board = random_board(*shape, seed=seed)
            shortest = len(slidingtiles.solve(board).moves)
            bound = lower_bound(board, goal)
            assert board.manhattan(goal) <= bound <= shortest
            assert (shortest - bound) % 2 == 0


@pytest.mark.parametrize("shape", [(6, 6), (7, 7)])
def test_short_answers_carry_the_bound_and_replay(shape: tuple[int, int]) -> None:
    goal = Board.goal(*shape)
    board = slidingtiles.scramble(goal, 60, seed=3)
    solution = slidingtiles.solve(board, optimal=False)
    assert replay(board, solution.moves) == goal
    assert solution.lower_bound == lower_bound(board, goal)
    assert board.manhattan(goal) <= solution.lower_bound <= len(solution.moves)


@pytest.mark.slow
def test_6x6_tables_round_trip_and_are_admissible(table_cache: object) -> None:
    """Seven 5-tile tables of 45 million entries (a 2.6-minute build under numba): the file
    reads back the same, the values never exceed the optimal distance on sampled boards, and
    a short answer's bound is theirs."""
    if dispatch.IMPLEMENTATION != "numba":
        pytest.skip("the 6x6 tables are built by numba")
    goal = Board.goal(6, 6)
    name = BOUND_TABLES[(6, 6)]
    built = store.load(6, 6, goal, name)
    assert built.path is not None
    again = slidingtiles.pdb.read_table(built.path)
    assert again.groups == built.groups
    assert again.tables == built.tables
    assert built.value(goal.tiles) == 0
    report = slidingtiles.heuristics.check(
        lambda board, goal: built.value(board.tiles), shape=(6, 6), samples=20, max_walk=30
    )
    assert report.admissible.holds
    board = slidingtiles.scramble(goal, 400, seed=1)
    assert lower_bound(board, goal) >= built.value(board.tiles)
    # With them cached the short answers run weighted IDA* over them and re-solve their tail:
    # never longer than without them (the same deterministic steps first), and replayed.
    assert tables.available(goal)
    with_tables = slidingtiles.solve(board, optimal=False)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(methods, "available", lambda goal, load=True: False)
        without = slidingtiles.solve(board, optimal=False)
    assert replay(board, with_tables.moves) == goal
    assert len(with_tables.moves) <= len(without.moves)
    assert with_tables.lower_bound == without.lower_bound <= len(with_tables.moves)


def test_the_7x7_partition_covers_every_tile_once() -> None:
    goal = Board.goal(7, 7)
    if dispatch.IMPLEMENTATION != "numba":  # perm-ranked tables of 228 million entries
        with pytest.raises(ValueError, match="numba"):
            slidingtiles.pdb.partition(7, 7, goal, "5x9-3")
        return
    groups = slidingtiles.pdb.partition(7, 7, goal, "5x9-3")
    assert sorted(t for g in groups for t in g) == list(range(1, 49))
    assert sorted(len(g) for g in groups) == [3] + [5] * 9


# -- the timed beams grow to fill the time -----------------------------------------------------


def test_next_width_grows_and_stops() -> None:
    assert beam.next_width(1000, 0.1, 10.0, 10**6) == 3000
    assert beam.next_width(1000, 1.0, 2.0, 10**6) == 1700
    assert beam.next_width(1000, 0.1, 10.0, 2000) == 2000
    assert beam.next_width(1000, 1.0, 1.0, 10**6) is None


def test_grown_widths_fill_the_time_and_stop_before_it(monkeypatch: pytest.MonkeyPatch) -> None:
    """A patched clock: each beam takes width / 10,000 seconds; the beams end by the instant
    given, and the last is as wide as the time left allows."""
    now = [100.0]
    widths: list[int] = []

    def clock() -> float:
        return now[0]

    def fake_beam(start: Board, goal: Board, width: int, **_: object) -> tuple[str, int]:
        widths.append(width)
        now[0] += width / 10_000
        return "L" * (1000 + 10**6 // width), width * 10

    monkeypatch.setattr(beam, "perf_counter", clock)
    monkeypatch.setattr(beam.dispatch, "beam_solve", fake_beam)
    board = slidingtiles.scramble(Board.goal(6, 6), 200, seed=1)
    budget = Budget(Deadline(None))
    found = beam.grown_widths(board, Board.goal(6, 6), budget, until=110.0)
    assert now[0] <= 110.0
    assert widths[:3] == [1000, 3000, 9000]
    assert all(b > a for a, b in itertools.pairwise(widths))
    assert found == "L" * (1000 + 10**6 // widths[-1])
    assert budget.expanded == 10 * sum(widths)
    assert 110.0 - now[0] < 0.5 * (widths[-1] / 10_000)  # most of the time used
