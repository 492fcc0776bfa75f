"""Weighted IDA* in the maxed kernels, and the anytime search of `solve(optimal=False)` built on it.

Perm-ranked tables of small groups (built by the numpy builder, so under
both implementations), never a 5x5 table: the weighted search against the
BFS oracle (within w x optimal, w = 1 optimal), the numba kernel against its
pure-Python mirror (same nodes and moves for a weight and a ceiling), and the
anytime sequence (never longer than its first answer, every answer replayed).
Imports from ``slidingtiles._*`` here are of internal units that have no public name.
"""

from __future__ import annotations

import functools
import random
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as strat

import slidingtiles as st
from slidingtiles import Board, pdb
from slidingtiles._engine import dispatch
from slidingtiles._engine.indexing import PERM, U8_MOVES
from slidingtiles._engine.kernels import Kernels
from slidingtiles._engine.lookups import maxed_searches
from slidingtiles._engine.python.build import build_group_table as numpy_build
from slidingtiles._solve.short import anytime
from slidingtiles._solve.short.budget import Budget
from slidingtiles.search import Deadline
from tests.conftest import CpuClock, examples, kernel_guard, oracle_for, within_limit

pytestmark = pytest.mark.usefixtures("table_cache")

ORDER = (0, 1, 2, 3)
GOAL3 = Board.goal(3, 3, blank="first")


def untimed() -> Budget:
    """The budget of a call without a time limit (the anytime search's internal unit)."""
    return Budget(Deadline(None))


_TABLES: dict[tuple[int, int, str], pdb.PatternDatabase] = {}


def perm_table(rows: int, cols: int, groups: list[tuple[int, ...]]) -> pdb.PatternDatabase:
    """Perm-ranked byte tables of these groups, for the blank-first goal (cached per module)."""
    key = (rows, cols, repr(groups))
    if key not in _TABLES:
        goal = Board.goal(rows, cols, blank="first").tiles
        tables = tuple(numpy_build(rows, cols, goal, group, encoding=PERM) for group in groups)
        _TABLES[key] = pdb.PatternDatabase(
            rows,
            cols,
            goal,
            "custom",
            tuple(groups),
            (PERM,) * len(groups),
            tables,
            entry=U8_MOVES,
        )
    return _TABLES[key]


def table3() -> pdb.PatternDatabase:
    return perm_table(3, 3, [(1, 2, 3, 4), (5, 6, 7, 8)])


def table3x4() -> pdb.PatternDatabase:
    return perm_table(3, 4, [(1, 2, 3, 4, 5), (6, 7, 8, 9, 10, 11)])


def table2x7() -> pdb.PatternDatabase:
    return perm_table(2, 7, [(1, 2, 3, 4), (5, 6, 7, 8, 9), (10, 11, 12, 13)])


def weighted(
    kernels: Kernels,
    db: pdb.PatternDatabase,
    tiles: list[int],
    num: int,
    den: int,
    ceiling: int | None = None,
) -> tuple[str | None, st.SearchStats]:
    return kernels.weighted_maxed([db], list(tiles), kernel_guard(), ORDER, num, den, ceiling)


@pytest.mark.slow  # three table builds; test_solve_suboptimal_uses_cached_perm_tables uses one
def test_the_tables_are_perm_ranked() -> None:
    assert maxed_searches(table3())
    assert maxed_searches(table3x4())
    assert maxed_searches(table2x7())


def test_weighted_search_stays_within_its_bound_against_the_oracle(kernels: Kernels) -> None:
    oracle = oracle_for(GOAL3)
    states = sorted(oracle.distance.items(), key=lambda item: item[1])
    sample = [*states[-3:], *random.Random(3).sample(states, 25)]
    for num, den in ((1, 1), (5, 4), (3, 2), (2, 1), (3, 1)):
        for tiles, distance in sample:
            moves, _ = weighted(kernels, table3(), list(tiles), num, den)
            assert moves is not None
            assert Board(list(tiles), shape=(3, 3)).apply(moves) == GOAL3
            assert len(moves) * den <= num * distance
            if num == den:
                assert len(moves) == distance


_STATES: list[tuple[tuple[int, ...], int]] = []


def states3() -> list[tuple[tuple[int, ...], int]]:
    """The 3x3 boards and their distances from the blank-first goal, in a fixed order."""
    if not _STATES:
        _STATES.extend(sorted(oracle_for(GOAL3).distance.items()))
    return _STATES


@settings(max_examples=examples(40), deadline=None)
@given(index=strat.integers(min_value=0), num=strat.integers(64, 256))
def test_any_weight_keeps_its_guarantee(index: int, num: int) -> None:
    states = states3()
    tiles, distance = states[index % len(states)]
    moves, _ = weighted(dispatch.kernels, table3(), list(tiles), num, 64)
    assert moves is not None
    assert len(moves) * 64 <= num * distance
    assert Board(list(tiles), shape=(3, 3)).apply(moves) == GOAL3


def test_numba_and_python_search_the_same_nodes_for_a_weight(
    both: tuple[Kernels, Kernels],
) -> None:
    python, numba = both
    db = table3x4()
    for seed in range(3):
        tiles = list(st.random_board(3, 4, seed=seed, goal="first").tiles)
        optimal, _ = weighted(python, db, tiles, 1, 1)
        assert optimal is not None
        for num, den, ceiling in (
            (5, 4, None),
            (3, 2, None),
            (2, 1, None),
            (1, 1, len(optimal)),
            (5, 4, len(optimal) + 2),
            (7, 4, len(optimal) + 6),
        ):
            expected = weighted(python, db, tiles, num, den, ceiling)
            got = weighted(numba, db, tiles, num, den, ceiling)
            assert got[0] == expected[0]
            assert (got[1].expanded, got[1].generated, got[1].iterations) == (
                expected[1].expanded,
                expected[1].generated,
                expected[1].iterations,
            )


def test_weight_one_is_the_optimal_search_node_for_node(kernels: Kernels) -> None:
    db = table3x4()
    for seed in range(3):
        tiles = list(st.random_board(3, 4, seed=seed, goal="first").tiles)
        moves, stats = kernels.ida_maxed([db], list(tiles), kernel_guard(), ORDER)
        for k in (1, 4):  # the weight k/k: the same search in other units
            got, got_stats = weighted(kernels, db, tiles, k, k)
            assert got == moves
            assert (got_stats.expanded, got_stats.generated, got_stats.iterations) == (
                stats.expanded,
                stats.generated,
                stats.iterations,
            )


def test_a_ceiling_finds_only_shorter_solutions(kernels: Kernels) -> None:
    oracle = oracle_for(GOAL3)
    for tiles, distance in random.Random(5).sample(sorted(oracle.distance.items()), 15):
        if distance == 0:
            continue
        assert weighted(kernels, table3(), list(tiles), 3, 2, ceiling=distance)[0] is None
        moves, _ = weighted(kernels, table3(), list(tiles), 3, 2, ceiling=distance + 1)
        assert moves is not None
        assert len(moves) == distance


def test_weight_fraction_never_exceeds_the_weight() -> None:
    for weight in (1.0, 1.01, 1.1, 1.15, 1.25, 4 / 3, 1.5, 2.0, 7.77):
        num, den = dispatch.weight_fraction(weight)
        assert Fraction(num, den) <= Fraction(weight)
        assert num >= den >= 1
        assert weight - num / den < 1 / dispatch.WEIGHT_DEN


@pytest.mark.slow  # weighted_anytime also runs in test_solve_suboptimal_uses_cached_perm_tables
def test_the_anytime_search_never_returns_longer_than_its_first_answer() -> None:
    db = table2x7()
    goal = Board.goal(2, 7, blank="first")
    for seed in range(4):
        board = st.scramble(goal, 60, seed=seed)
        shortest = len(st.solve(board, goal).moves)
        for budget in (20_000, 200_000):
            found = anytime.weighted_anytime(board, goal, db, untimed(), nodes=budget)
            assert found is not None
            assert board.apply(found.moves) == goal
            assert len(found.moves) <= found.first_length
            num, den = found.weight
            assert len(found.moves) * den <= num * shortest
            assert found.lower_bound <= shortest <= len(found.moves)
            if found.optimal:
                assert len(found.moves) == shortest
            again = anytime.weighted_anytime(board, goal, db, untimed(), nodes=budget)
            assert again == found  # node budgets: the same answer every time


def test_the_anytime_search_gives_up_when_the_first_weight_runs_out() -> None:
    board = st.random_board(2, 7, seed=1, goal="first")
    goal = Board.goal(2, 7, blank="first")
    assert anytime.weighted_anytime(board, goal, table2x7(), untimed(), nodes=3) is None


def test_solve_suboptimal_uses_cached_perm_tables(
    monkeypatch: pytest.MonkeyPatch, cpu_clock: CpuClock
) -> None:
    goal = Board.goal(2, 7, blank="first")
    monkeypatch.setattr(anytime, "perm_tables", lambda g: table2x7())
    small = functools.partial(  # a budget pure Python spends in a moment
        anytime.weighted_anytime, nodes=50_000, weights=(3.0, 2.0, 1.5, 1.25, 1.0)
    )
    monkeypatch.setattr(anytime, "weighted_anytime", small)
    for seed in range(3):
        board = st.scramble(goal, 80, seed=seed)
        sol = st.solve(board, goal, optimal=False)
        assert sol.algorithm == "weighted_idastar"
        assert sol.heuristic == "pdb"
        assert board.apply(sol.moves) == goal
        assert sol.lower_bound is not None
        assert sol.lower_bound <= sol.length
        assert st.solve(board, goal, optimal=False).moves == sol.moves  # node budgets: the same
        began = cpu_clock()  # the limit counts CPU seconds: the machine's load cannot fail it
        timed = st.solve(board, goal, optimal=False, time_limit=1.0)
        assert within_limit(cpu_clock, began, 1.0)
        assert board.apply(timed.moves) == goal


def test_without_cached_perm_tables_the_staged_solver_answers() -> None:
    board = st.scramble(Board.goal(2, 7, blank="first"), 40, seed=2)
    assert anytime.perm_tables(Board.goal(2, 7, blank="first")) is None  # an empty cache
    sol = st.solve(board, "first", optimal=False)
    assert sol.algorithm != "weighted_idastar"
    assert board.apply(sol.moves) == Board.goal(2, 7, blank="first")


def test_solve_with_a_weight_runs_weighted_ida_on_perm_tables(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from slidingtiles._solve import choose

    # the plan's table for the goal, forced (which tables the engine gets is internal)
    monkeypatch.setattr(choose, "_engine_database", lambda *a, **k: (True, table3()))
    oracle = oracle_for(GOAL3)
    for tiles, distance in random.Random(7).sample(sorted(oracle.distance.items()), 10):
        if distance == 0:
            continue
        board = Board(list(tiles), shape=(3, 3))
        for weight in (1, 1.25, 2):
            sol = st.solve(board, GOAL3, weight=weight, heuristic="pdb")
            assert sol.algorithm == "weighted_idastar"
            assert board.apply(sol.moves) == GOAL3
            assert sol.length <= weight * distance
            assert sol.optimal == (weight == 1)
            assert sol.lower_bound is not None
            assert sol.lower_bound <= distance
