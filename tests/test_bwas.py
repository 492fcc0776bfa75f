"""Batch-weighted A* and batched heuristics: values, optimality, the weight's bound, options."""

from __future__ import annotations

import math
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as hs

import slidingtiles as st
from slidingtiles import Board, heuristics, pdb
from slidingtiles._errors import HeuristicError, InvalidOptionError, OptionTypeError
from slidingtiles._heuristics.batch_values import as_boards, builtin, tables_batch
from slidingtiles._heuristics.check import exact_distances
from slidingtiles._heuristics.registry import get
from slidingtiles._solve.bwas import builtin_batch, solve_bwas
from slidingtiles.data import random_boards
from slidingtiles.search import BatchStats, bwas
from slidingtiles.search._example import Vertex
from slidingtiles.search._limits import Deadline

ROOT = Path(__file__).resolve().parent.parent
GOAL3 = Board.goal(3, 3)
EXACT3 = exact_distances(GOAL3)
DIST3 = {tuple(row): int(d) for row, d in zip(EXACT3.tiles.tolist(), EXACT3.distances.tolist())}
ALL3 = list(DIST3)


@heuristics.batched(admissible=True, consistent=True)
def misplaced_many(boards: np.ndarray, goal: Board) -> np.ndarray:
    """Tiles off their goal cell, a batch at a time."""
    tiles = np.array(goal.tiles)
    return ((boards != tiles) & (boards != 0)).sum(axis=1)


boards3 = hs.sampled_from(ALL3)


@given(hs.lists(boards3, min_size=1, max_size=40))
def test_batched_and_one_at_a_time_give_the_same_values(rows: list[tuple[int, ...]]) -> None:
    many = misplaced_many.many(GOAL3)(as_boards(rows)).tolist()
    one = [misplaced_many(Board(r, shape=(3, 3)), GOAL3) for r in rows]
    assert many == one == [heuristics.misplaced(Board(r, shape=(3, 3)), GOAL3) for r in rows]


@pytest.mark.parametrize("name", ["manhattan", "linear_conflict", "misplaced", "pdb"])
def test_builtin_batches_equal_the_heuristic(name: str) -> None:
    rows = ALL3[::997]
    info = get(name)
    tables = pdb.load(3, 3, GOAL3) if name == "pdb" else None
    values = builtin(info, GOAL3, tables)(as_boards(rows)).tolist()
    one = info.for_goal(GOAL3) if tables is None else tables.value
    assert values == [one(r) for r in rows]


def test_table_batches_equal_lookups_on_4x4_with_another_goals_frame() -> None:
    goal = Board.goal(4, 4, blank="first")
    db = pdb.load(4, 4, goal)  # 6-6-3 digits tables, reflected, answering through a frame
    rows = [st.random_board(4, 4, seed=k, goal=goal).tiles for k in range(300)]
    assert tables_batch(db)(as_boards(rows)).tolist() == [db.value(r) for r in rows]


def test_table_batches_equal_lookups_for_perm_ranked_and_u4_tables() -> None:
    for groups in ([(1, 2, 3, 4, 5)], [(1, 2), (3, 4, 5)]):
        db = pdb.PatternDatabase.build(2, 3, groups=groups)
        rows = [st.random_board(2, 3, seed=k).tiles for k in range(100)]
        assert tables_batch(db)(as_boards(rows)).tolist() == [db.value(r) for r in rows]


@settings(max_examples=25, deadline=None)
@given(boards3, hs.sampled_from([1, 7, 64, 1000]))
def test_weight_one_is_optimal_on_3x3(tiles: tuple[int, ...], batch: int) -> None:
    board = Board(tiles, shape=(3, 3))
    sol = st.solve(board, heuristic=misplaced_many, algorithm="bwas", batch_size=batch)
    assert len(sol.moves) == DIST3[tiles]
    assert sol.optimal
    assert sol.lower_bound == len(sol.moves)
    assert sol.algorithm == "bwas"
    assert board.apply(sol.moves) == GOAL3


@settings(max_examples=25, deadline=None)
@given(boards3, hs.sampled_from([1.5, 2, 5]), hs.sampled_from([1, 30, 500]))
def test_weight_w_stays_within_w_times_optimal(
    tiles: tuple[int, ...], weight: float, batch: int
) -> None:
    board = Board(tiles, shape=(3, 3))
    sol = st.solve(board, heuristic="manhattan", algorithm="bwas", weight=weight, batch_size=batch)
    best = DIST3[tiles]
    assert board.apply(sol.moves) == GOAL3
    assert len(sol.moves) <= weight * best
    assert sol.lower_bound is not None
    assert sol.lower_bound <= best
    assert sol.optimal is (best == 0)


@pytest.mark.parametrize("heuristic", ["manhattan", "linear_conflict", "pdb"])
def test_weight_one_is_optimal_on_4x4(heuristic: str) -> None:
    for seed in range(4):
        board = Board.goal(4, 4).apply(_walk(Board.goal(4, 4), 30, seed))
        best = len(st.solve(board, heuristic="pdb").moves)
        sol = st.solve(board, heuristic=heuristic, algorithm="bwas", batch_size=200)
        assert len(sol.moves) == best
        assert sol.optimal
        assert board.apply(sol.moves) == Board.goal(4, 4)


def _walk(board: Board, steps: int, seed: int) -> str:
    rng = np.random.default_rng(seed)
    moves = ""
    for _ in range(steps):
        options = [m for m, _ in board.neighbors() if not moves or m != _undo(moves[-1])]
        move = options[int(rng.integers(len(options)))]
        moves += move
        board = board.move(move)
    return moves


def _undo(move: str) -> str:
    return {"U": "D", "D": "U", "L": "R", "R": "L"}[move]


def test_statistics_count_calls_and_boards() -> None:
    sol = st.solve("6 4 7/8 5 0/3 2 1", heuristic="manhattan", algorithm="bwas", batch_size=100)
    stats = sol.stats
    assert isinstance(stats, BatchStats)
    assert stats.heuristic_calls >= stats.iterations  # one per batch with new children, + start
    assert stats.heuristic_boards <= stats.generated + 1
    assert stats.boards_per_call == stats.heuristic_boards / stats.heuristic_calls
    assert sol.to_dict()["statistics"]["heuristic_calls"] == stats.heuristic_calls


def test_a_plain_heuristic_runs_in_bwas_one_board_at_a_time() -> None:
    sol = st.solve("6 4 7/8 5 0/3 2 1", heuristic=lambda b, g: b.manhattan(g), algorithm="bwas")
    assert len(sol.moves) >= 31
    assert not sol.optimal


def test_registered_batched_heuristic_by_name() -> None:
    heuristics.register("misplaced_many_test", misplaced_many, admissible=True, consistent=True)
    try:
        sol = st.solve("1 2 3/4 0 6/7 5 8", heuristic="misplaced_many_test", algorithm="bwas")
        assert str(sol.moves) == "DR"
        assert sol.optimal
        assert st.solve("1 2 3/4 0 6/7 5 8", heuristic="misplaced_many_test").optimal
    finally:
        heuristics.unregister("misplaced_many_test")


def test_check_evaluates_a_batched_heuristic_in_batches() -> None:
    calls: list[int] = []

    @heuristics.batched(admissible=True)
    def counted(boards: np.ndarray, goal: Board) -> np.ndarray:
        calls.append(len(boards))
        return misplaced_many.batch_function(boards, goal)

    report = heuristics.check(counted, shape=(3, 3))
    assert report.admissible.holds
    assert report.boards == 181_440
    assert max(calls) > 1000
    assert len(calls) < 100


def test_a_false_claim_is_caught_before_an_optimal_answer() -> None:
    @heuristics.batched(admissible=True)
    def thrice(boards: np.ndarray, goal: Board) -> np.ndarray:
        return 3 * misplaced_many.batch_function(boards, goal)

    with pytest.raises(st.HeuristicClaimError):
        st.solve("1 2 3/4 0 6/7 5 8", heuristic=thrice, algorithm="bwas")


@pytest.mark.parametrize(
    ("result", "kind"),
    [
        (lambda b: np.full(len(b), 1.5), HeuristicError),
        (lambda b: np.full(len(b), -1), HeuristicError),
        (lambda b: np.full(len(b), np.nan), HeuristicError),
        (lambda b: np.zeros(len(b) + 1), HeuristicError),
        (lambda b: ["x"] * len(b), HeuristicError),
        (lambda b: 1 / 0, HeuristicError),
    ],
    ids=["fraction", "negative", "nan", "count", "text", "raises"],
)
def test_bad_batch_values_are_refused_naming_the_heuristic(result: object, kind: type) -> None:
    def function(boards: np.ndarray, goal: Board) -> object:
        zero = boards[:, 0] * 0
        if (boards == np.array(goal.tiles)).all(axis=1).any():
            return zero
        return result(boards)  # type: ignore[operator]

    h = heuristics.batched(function, admissible=False, name="broken")
    with pytest.raises(kind, match="broken"):
        st.solve("8 1 3/4 0 2/7 6 5", heuristic=h, algorithm="bwas", batch_size=4)


@pytest.mark.parametrize(
    ("options", "error"),
    [
        ({"batch_size": 0}, InvalidOptionError),
        ({"batch_size": -3}, InvalidOptionError),
        ({"batch_size": 2.0}, OptionTypeError),
        ({"batch_size": True}, OptionTypeError),
        ({"batch_size": 10, "algorithm": "astar"}, InvalidOptionError),
        ({"weight": 0.5}, InvalidOptionError),
        ({"weight": math.nan}, InvalidOptionError),
        ({"weight": "2"}, OptionTypeError),
        ({"trace": 10}, InvalidOptionError),
    ],
)
def test_bad_options_are_refused(options: dict[str, object], error: type) -> None:
    kwargs: dict[str, object] = {"algorithm": "bwas", **options}
    with pytest.raises(error) as caught:
        st.solve("1 2 3/4 0 6/7 5 8", **kwargs)  # type: ignore[arg-type]
    assert caught.value.option in options or caught.value.option == "algorithm"


def test_limits_go_through_the_guard() -> None:
    with pytest.raises(st.SearchLimitExceeded) as caught:
        st.solve(
            "6 4 7/8 5 0/3 2 1",
            heuristic="misplaced",
            algorithm="bwas",
            max_nodes=50,
            batch_size=10,
        )
    assert caught.value.limit == "nodes"
    assert caught.value.stats.expanded < 50 + 10


def test_bound_finds_only_shorter_answers() -> None:
    goal = GOAL3
    board = Board("6 4 7/8 5 0/3 2 1")
    f = builtin_batch(get("manhattan"), goal)
    clock = Deadline(None)
    assert solve_bwas(board, goal, f, admissible=True, clock=clock, bound=31) is None
    found = solve_bwas(board, goal, f, admissible=True, clock=clock, weight=3, bound=40)
    assert found is not None
    assert len(found.moves) < 40


# -- the generic search, on a State that is not a board ---------------------------------


def test_generic_bwas_on_a_weighted_graph() -> None:
    edges = {"a": {"b": 1, "c": 5}, "b": {"c": 1, "d": 7}, "c": {"d": 1}, "d": {}}
    estimate = {"a": 3, "b": 2, "c": 1, "d": 0}
    for batch in (1, 2, 100):
        r = bwas(
            Vertex.of(edges, "a", goal="d"),
            lambda states: [estimate[s.name] for s in states],
            batch_size=batch,
        )
        assert r.actions == ("b", "c", "d")
        assert r.cost == 3.0
        assert r.optimal


@given(hs.integers(0, 60), hs.integers(1, 20), hs.sampled_from([1.0, 2.0]))
def test_generic_bwas_on_a_number_line(target: int, batch: int, weight: float) -> None:
    class Number:
        def __init__(self, n: int) -> None:
            self.n = n

        def __hash__(self) -> int:
            return hash(self.n)

        def __eq__(self, other: object) -> bool:
            return isinstance(other, Number) and other.n == self.n

        def successors(self):  # type: ignore[no-untyped-def]
            yield "+1", Number(self.n + 1), 1
            yield "+3", Number(self.n + 3), 1
            if self.n > 0:
                yield "-1", Number(self.n - 1), 1

        def is_goal(self) -> bool:
            return self.n == target

    r = bwas(
        Number(0),
        lambda states: [abs(target - s.n) // 3 for s in states],
        weight=weight,
        batch_size=batch,
    )
    best = target // 3 + target % 3  # +3 as often as fits, then +1 (or +3 -1: as many)
    assert r.cost <= weight * best
    if weight == 1.0:
        assert r.cost == best
        assert r.optimal


def test_generic_bwas_refuses_bad_arguments() -> None:
    start = Vertex.of({"a": {"b": 1}}, "a", goal="b")
    with pytest.raises(ValueError, match="batch_size"):
        bwas(start, lambda s: [0] * len(s), batch_size=0)
    with pytest.raises(TypeError, match="batch_size"):
        bwas(start, lambda s: [0] * len(s), batch_size="9")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="weight"):
        bwas(start, lambda s: [0] * len(s), weight=0.5)
    with pytest.raises(ValueError, match="finite number"):
        bwas(start, lambda s: [-1] * len(s))
    with pytest.raises(ValueError, match="one value per state"):
        bwas(start, lambda s: [])


# -- both implementations --------------------------------------------------------------


@pytest.mark.parametrize("implementation", ["python", "numba"])
def test_both_implementations_give_optimal_answers(implementation: str) -> None:
    code = (
        "import slidingtiles as st\n"
        "from slidingtiles._engine import dispatch\n"
        "b = st.Board('5 1 2 3/6 0 7 4/9 10 11 8/13 14 15 12')\n"
        "best = len(st.solve(b).moves)\n"
        "for h in ('manhattan', 'linear_conflict', 'pdb'):\n"
        "    s = st.solve(b, heuristic=h, algorithm='bwas', batch_size=64)\n"
        "    assert len(s.moves) == best and s.optimal, (h, s)\n"
        "    assert b.apply(s.moves) == st.Board.goal(4, 4)\n"
        "print(dispatch.IMPLEMENTATION)\n"
    )
    env = {**os.environ, "PYTHONPATH": str(ROOT), "SLIDINGTILES_IMPLEMENTATION": implementation}
    done = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=600
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() in (implementation, "python")


@pytest.mark.parametrize("heuristic", ["manhattan", "pdb"])
def test_the_compiled_kernel_searches_the_loops_nodes(heuristic: str) -> None:
    from slidingtiles._engine import dispatch

    if dispatch.IMPLEMENTATION != "numba":
        pytest.skip("the compiled kernel runs under numba")
    goal = Board.goal(4, 4)
    tables = pdb.load(4, 4, goal) if heuristic == "pdb" else None
    f = builtin_batch(get(heuristic), goal, tables)
    for seed in range(3):
        board = goal.apply(_walk(goal, 40, seed))
        h0 = tables.value(board.tiles) if tables is not None else board.manhattan(goal)
        runs = [
            solve_bwas(
                board,
                goal,
                f,
                admissible=True,
                clock=Deadline(None),
                batch_size=50,
                weight=weight,
                compiled=compiled,
            )
            for weight in (1.0, 2.0)
            for compiled in (None, (h0, tables))
        ]
        for loop, kernel in (runs[:2], runs[2:]):
            assert loop is not None
            assert kernel is not None
            assert len(loop.moves) == len(kernel.moves)
            assert loop.stats.expanded == kernel.stats.expanded
            assert loop.stats.heuristic_boards == kernel.stats.heuristic_boards
            assert board.apply(kernel.moves) == goal


def test_the_compiled_kernel_searches_the_loops_nodes_through_reopenings_and_growth() -> None:
    """A weighted search on 2x8 boards reopens thousands of nodes, changes nodes' parents
    inside a batch, and grows every array of the kernel (nodes, seen table, queue, and the
    bucket grid past g = 64): node for node the loop's search still."""
    from slidingtiles._engine import dispatch

    if dispatch.IMPLEMENTATION != "numba":
        pytest.skip("the compiled kernel runs under numba")
    goal = Board.goal(2, 8)
    f = builtin_batch(get("manhattan"), goal, None)
    for seed in (0, 2):
        tiles = random_boards(1, (2, 8), goal=goal, seed=seed)[0]
        board = Board(tuple(int(t) for t in tiles), shape=(2, 8))
        loop, kernel = (
            solve_bwas(
                board,
                goal,
                f,
                admissible=True,
                clock=Deadline(None),
                batch_size=20,
                weight=4.0,
                compiled=compiled,
            )
            for compiled in (None, (board.manhattan(goal), None))
        )
        assert loop is not None
        assert kernel is not None
        assert kernel.stats.reopened > 1000
        assert len(kernel.moves) > 64
        assert board.apply(kernel.moves) == goal
        for name in ("expanded", "generated", "reopened", "heuristic_boards", "max_frontier"):
            assert getattr(loop.stats, name) == getattr(kernel.stats, name), name
        assert loop.moves == kernel.moves


@pytest.mark.parametrize(("shape", "moves", "weight"), [((5, 5), 40, 1.0), ((7, 7), 50, 2.0)])
def test_the_compiled_kernel_on_wide_boards_searches_the_loops_nodes(
    shape: tuple[int, int], moves: int, weight: float
) -> None:
    """Above 16 cells the kernel keys boards by Zobrist hashes and keeps their tiles: still
    the loop's search, node for node (Manhattan, the one heuristic it takes there)."""
    from slidingtiles._engine import dispatch

    if dispatch.IMPLEMENTATION != "numba":
        pytest.skip("the compiled kernel runs under numba")
    goal = Board.goal(*shape)
    f = builtin_batch(get("manhattan"), goal, None)
    board = st.scramble(goal, moves, seed=4)
    loop, kernel = (
        solve_bwas(
            board,
            goal,
            f,
            admissible=True,
            clock=Deadline(None),
            batch_size=50,
            weight=weight,
            compiled=compiled,
        )
        for compiled in (None, (board.manhattan(goal), None))
    )
    assert loop is not None
    assert kernel is not None
    assert board.apply(kernel.moves) == goal
    for name in ("expanded", "generated", "reopened", "heuristic_boards", "max_frontier"):
        assert getattr(loop.stats, name) == getattr(kernel.stats, name), name
    assert loop.moves == kernel.moves
