"""Heuristics over the flat board (`heuristics.compiled`) in the tile engine, both implementations.

A compiled heuristic searches the same nodes in the pure-Python and the numba kernel (the same
function, compiled or not), and a Manhattan distance written this way searches exactly the nodes
of the built-in Manhattan kernel. Bad values raise the documented `HeuristicError` naming the
heuristic and the board, the same one in both implementations. The kernels and the engine's
adapter (``slidingtiles._heuristics.compiled._Engine``) are internal units with no public name;
everything else goes through `solve` and `slidingtiles.heuristics`.
"""

from __future__ import annotations

import functools
import operator
import os
import pickle
import runpy
import subprocess
import sys
from pathlib import Path

import pytest

import slidingtiles as st
from slidingtiles import Board, heuristics, random_board, scramble, solve
from slidingtiles._errors import HeuristicClaimError, HeuristicError, HeuristicTypeError
from slidingtiles._heuristics.compiled import _Engine
from tests.conftest import IMPLEMENTATIONS, goals, kernel_guard, kernels_of, slow_case

ROOT = Path(__file__).resolve().parent.parent


# -- the heuristics: the guide's example, written once for numba and for plain Python -------


# The guide's heuristics, as a user writes them (examples/compiled_heuristic.py).
EXAMPLE = runpy.run_path(str(ROOT / "examples" / "compiled_heuristic.py"))
flat_manhattan, manhattan_step = EXAMPLE["manhattan"], EXAMPLE["manhattan_step"]
MANHATTAN = heuristics.compiled(flat_manhattan, admissible=True, consistent=True)
MANHATTAN_DELTA = heuristics.compiled(
    flat_manhattan, admissible=True, consistent=True, delta=manhattan_step, name="with_delta"
)
ROWS = EXAMPLE["manhattan_rows"]


def run(implementation: str, h: heuristics.CompiledHeuristic, board: Board, goal: Board):  # type: ignore[no-untyped-def]
    """One engine search with ``h`` by one implementation's kernel: (moves, stats)."""
    kernels = kernels_of(implementation)
    return kernels.ida_user(
        board.rows, board.cols, goal.tiles, list(board.tiles), kernel_guard(), _Engine(h, goal)
    )


def boards(*, large: bool = True) -> list[tuple[Board, Board]]:
    """Boards and goals of several shapes: random 3x3 and 2x4, 3x4 and (``large``) 4x4 walks."""
    found = []
    for seed in range(3):
        for rows, cols in ((3, 3), (2, 4)):
            goal = goals(rows, cols)[seed]
            found.append((random_board(rows, cols, seed=seed, goal=goal), goal))
    for rows, cols, moves in ((3, 4, 40), (4, 4, 36))[: 2 if large else 1]:
        goal = Board.goal(rows, cols)
        found.append((scramble(goal, moves, seed=7), goal))
    return found


# -- the same search, node for node -------------------------------------------------------


@pytest.mark.parametrize("large", [False, slow_case(True)], ids=["small", "with-4x4"])
@pytest.mark.parametrize("h", [MANHATTAN, MANHATTAN_DELTA, ROWS], ids=lambda h: h.name)
def test_both_implementations_search_the_same_nodes(
    h: heuristics.CompiledHeuristic, large: bool
) -> None:
    for board, goal in boards(large=large):
        moves, stats = run("python", h, board, goal)
        moves_nb, stats_nb = run("numba", h, board, goal)
        assert moves_nb == moves
        assert (stats_nb.expanded, stats_nb.generated, stats_nb.iterations) == (
            stats.expanded,
            stats.generated,
            stats.iterations,
        )
        assert board.apply(moves) == goal


KORF_EASY = [  # Korf's 15-puzzles #94 and #55 (blank-first goal), 92,901 and 197,857 expansions
    "5 7 11 8/0 14 9 13/10 12 3 15/6 1 4 2",
    "13 8 14 3/9 1 0 7/15 5 4 10/12 2 6 11",
]


@pytest.mark.parametrize("implementation", IMPLEMENTATIONS)
@pytest.mark.parametrize(
    "text", [pytest.param(KORF_EASY[0]), slow_case(KORF_EASY[1])], ids=["korf94", "korf55"]
)
def test_user_manhattan_searches_as_the_builtin_kernel(implementation: str, text: str) -> None:
    """The user's Manhattan (full and incremental) visits exactly the built-in kernel's nodes."""
    goal = Board.goal(4, 4, blank="first")
    board = Board(text)
    kernels = kernels_of(implementation)
    builtin = kernels.ida_manhattan(4, 4, goal.tiles, list(board.tiles), kernel_guard(), False)
    for h in (MANHATTAN, MANHATTAN_DELTA):
        moves, stats = run(implementation, h, board, goal)
        assert moves == builtin[0]
        assert (stats.expanded, stats.generated) == (builtin[1].expanded, builtin[1].generated)


def test_the_same_nodes_on_other_goals_and_shapes() -> None:
    kernels = kernels_of("python")
    for board, goal in boards():
        builtin = kernels.ida_manhattan(
            goal.rows, goal.cols, goal.tiles, list(board.tiles), kernel_guard(), False
        )
        moves, stats = run("python", MANHATTAN_DELTA, board, goal)
        assert (moves, stats.expanded, stats.generated) == (
            builtin[0],
            builtin[1].expanded,
            builtin[1].generated,
        )


# -- solve: the route, the answer --------------------------------------------------------


@pytest.mark.parametrize("shape", [(2, 3), slow_case((3, 3))], ids=["2x3", "3x3"])
def test_solve_runs_it_in_the_engine_and_finds_shortest_solutions(oracle, shape) -> None:  # type: ignore[no-untyped-def]
    for goal in goals(*shape):
        distances = oracle(goal).distance
        for seed in range(4):
            board = random_board(*shape, seed=seed, goal=goal)
            for h in (MANHATTAN, ROWS):
                solution = solve(board, goal, heuristic=h)
                assert solution.engine in ("numba", "python")
                assert solution.optimal
                assert solution.algorithm == "idastar"
                assert solution.heuristic == h.name
                assert len(solution) == solution.lower_bound == distances[board.tiles]
                assert board.apply(solution.moves) == goal


def test_other_algorithms_run_the_plain_function_in_the_generic_search() -> None:
    board = Board("8 1 3/4 0 2/7 6 5")
    solution = solve(board, heuristic=MANHATTAN, algorithm="astar")
    assert (solution.engine, len(solution), solution.optimal) == ("generic", 14, True)
    engine = solve(board, heuristic=MANHATTAN)
    assert engine.engine != "generic"
    assert len(engine) == 14


def test_the_generic_search_and_the_engine_agree_on_values() -> None:
    """Called as h(board, goal), the heuristic gives what the engine searched with."""
    for board, goal in boards():
        assert MANHATTAN(board, goal) == heuristics.manhattan(board, goal)
        assert ROWS(board, goal) >= MANHATTAN(board, goal)
        assert MANHATTAN.for_goal(goal)(board.tiles) == MANHATTAN(board, goal)


def test_registered_by_name() -> None:
    heuristics.register("flat_manhattan_test", ROWS, admissible=True)
    try:
        solution = solve("4 1 3/0 2 5", heuristic="flat_manhattan_test")
        assert solution.engine != "generic"
        assert (solution.heuristic, len(solution), solution.optimal) == (
            "flat_manhattan_test",
            4,
            True,
        )
    finally:
        heuristics.unregister("flat_manhattan_test")


def test_an_inadmissible_one_is_not_claimed_optimal() -> None:
    twice = heuristics.compiled(
        lambda tiles, home, rows, cols: 2 * flat_manhattan(tiles, home, rows, cols),
        admissible=False,
        name="twice",
    )
    board = Board("8 1 3/4 0 2/7 6 5")
    auto = solve(board, heuristic=twice)
    assert (auto.engine, auto.algorithm, auto.optimal) == ("generic", "astar", False)
    ida = solve(board, heuristic=twice, algorithm="idastar")
    assert ida.engine != "generic"
    assert not ida.optimal
    assert ida.lower_bound is None
    assert board.apply(ida.moves) == Board.goal(3, 3)


def test_limits_and_progress() -> None:
    board = Board(KORF_EASY[0])
    goal = Board.goal(4, 4, blank="first")
    seen: list[st.SearchStats] = []
    with pytest.raises(st.SearchLimitExceeded) as caught:
        solve(board, goal, heuristic=MANHATTAN, max_nodes=40_000, progress=seen.append)
    assert caught.value.limit == "nodes"
    assert [s.expanded for s in seen] == [16_384, 32_768]


# -- the heuristic kit takes it: check, compare, the claims ------------------------------


def test_check_and_compare_take_it_with_its_claims() -> None:
    report = heuristics.check(ROWS, shape=(2, 3))
    assert report.ok
    assert report.claims == {"admissible": True, "consistent": False}
    assert report.heuristic == "manhattan_rows"
    table = heuristics.compare(
        [MANHATTAN_DELTA, "manhattan"],
        algorithm="idastar",
        shape=(3, 3),
        depths=[8, 12],
        boards_per_depth=3,
    )
    counts: dict[str, list[tuple[int, float, float]]] = {}
    for record in table.records:
        counts.setdefault(record["heuristic"], []).append(
            (record["depth"], record["expanded"], record["generated"])
        )
    # In the engine, the compiled Manhattan counts the built-in one's nodes at every depth.
    assert counts["with_delta"] == counts["manhattan"]
    assert len(counts["manhattan"]) == 2


def test_a_false_claim_is_caught_before_an_optimal_answer() -> None:
    twice = heuristics.compiled(
        lambda tiles, home, rows, cols: 2 * flat_manhattan(tiles, home, rows, cols),
        admissible=True,
        name="twice_claimed",
    )
    with pytest.raises(HeuristicClaimError, match="'twice_claimed' is registered admissible=True"):
        solve(Board("1 2 3/4 0 5"), heuristic=twice)
    nonzero = heuristics.compiled(off_at_goal, admissible=False)
    with pytest.raises(HeuristicClaimError, match="on its goal"):
        solve(Board("1 2 3/4 0 5"), heuristic=nonzero, algorithm="idastar")


# -- bad values: the documented errors, the same in both implementations ---------------


def negative(tiles, home, rows, cols):  # type: ignore[no-untyped-def]
    return flat_manhattan(tiles, home, rows, cols) - (3 if tiles[7] == 0 else 0)


def off_at_goal(tiles, home, rows, cols):  # type: ignore[no-untyped-def]
    return flat_manhattan(tiles, home, rows, cols) + 1


def raises(tiles, home, rows, cols):  # type: ignore[no-untyped-def]
    if tiles[0] == 0:
        raise ValueError("blank in the corner")
    return 0


def wrong_step(tiles, home, rows, cols, tile, src, dst):  # type: ignore[no-untyped-def]
    return manhattan_step(tiles, home, rows, cols, tile, src, dst) + (tile == 5)


def halves(tiles, home, rows, cols):  # type: ignore[no-untyped-def]
    return flat_manhattan(tiles, home, rows, cols) / 2


BAD = {
    "negative": (heuristics.compiled(negative, admissible=True), HeuristicError, "negative"),
    "at_goal": (
        heuristics.compiled(off_at_goal, admissible=False),
        HeuristicClaimError,
        "on its goal",
    ),
    "raised": (heuristics.compiled(raises, admissible=True), HeuristicError, "raised ValueError"),
    "delta": (
        heuristics.compiled(flat_manhattan, admissible=True, delta=wrong_step, name="wrong_step"),
        HeuristicError,
        "but the function gives",
    ),
}


@pytest.mark.parametrize("kind", sorted(BAD))
def test_bad_values_raise_the_same_error_in_both_implementations(kind: str) -> None:
    h, error, words = BAD[kind]
    board, goal = Board("1 2 3/4 5 6/0 7 8"), Board.goal(3, 3)
    raised = []
    for implementation in IMPLEMENTATIONS:
        with pytest.raises(error, match=words) as caught:
            run(implementation, h, board, goal)
        assert caught.value.heuristic == h.name
        assert caught.value.board.to_text() in str(caught.value)
        assert isinstance(caught.value, ValueError)
        raised.append((type(caught.value), caught.value.board, str(caught.value)))
    assert raised[0] == raised[1]


def test_a_value_that_is_not_an_int() -> None:
    h = heuristics.compiled(halves, admissible=True)
    board, goal = Board("1 2 3/4 5 6/0 7 8"), Board.goal(3, 3)
    with pytest.raises(HeuristicTypeError, match=r"returned 1\.0 on the board 1 2 3/4 5 6/0 7 8"):
        run("python", h, board, goal)
    with pytest.raises(HeuristicTypeError, match=r"'halves' returns float64 \(compiled for"):
        run("numba", h, board, goal)
    nothing = heuristics.compiled(lambda tiles, home, rows, cols: None, admissible=True)
    for implementation in IMPLEMENTATIONS:
        with pytest.raises(HeuristicTypeError, match="a compiled heuristic returns an int"):
            run(implementation, nothing, board, goal)


def test_what_numba_cannot_compile_runs_as_plain_python() -> None:
    def by_reduce(tiles, home, rows, cols):  # type: ignore[no-untyped-def]
        wrong = [1 for cell, tile in enumerate(tiles) if tile and home[tile] != cell]
        return functools.reduce(operator.add, wrong, 0)

    h = heuristics.compiled(by_reduce, admissible=False)
    board, goal = Board("1 2 3/4 5 6/0 7 8"), Board.goal(3, 3)
    assert run("python", h, board, goal)[0] == "RR"
    with pytest.raises(HeuristicError, match="numba cannot compile heuristic 'by_reduce'"):
        run("numba", h, board, goal)


def test_solve_refuses_a_bad_value_at_the_start() -> None:
    h = heuristics.compiled(lambda tiles, home, rows, cols: -1, admissible=True, name="minus")
    with pytest.raises(HeuristicError, match="'minus'"):
        solve("1 2 3/4 5 6/0 7 8", heuristic=h)


def test_the_decorator_refuses_what_cannot_be_a_heuristic() -> None:
    with pytest.raises(HeuristicTypeError, match="must be a function"):
        heuristics.compiled(3, admissible=True)  # type: ignore[call-overload]
    with pytest.raises(HeuristicTypeError, match="delta must be a function"):
        heuristics.compiled(flat_manhattan, admissible=True, delta="no")  # type: ignore[arg-type]
    with pytest.raises(HeuristicError, match="consistent heuristic is admissible"):
        heuristics.compiled(flat_manhattan, admissible=False, consistent=True)


def test_a_numba_function_is_taken_as_its_python_function() -> None:
    numba = pytest.importorskip("numba")
    h = heuristics.compiled(numba.njit(flat_manhattan), admissible=True)
    assert h.function is flat_manhattan
    assert h.name == "manhattan"


@heuristics.compiled(admissible=True, consistent=True)
def decorated(tiles, home, rows, cols):  # type: ignore[no-untyped-def]
    count = 0
    for cell in range(rows * cols):
        if tiles[cell] != 0 and home[tiles[cell]] != cell:
            count += 1
    return count


def test_it_pickles_for_worker_processes() -> None:
    assert pickle.loads(pickle.dumps(decorated)) is decorated  # by name, as the decorator left it
    made = heuristics.compiled(negative, admissible=False, delta=wrong_step, name="made")
    copy = pickle.loads(pickle.dumps(made))  # by its functions
    assert (copy.function, copy.delta, copy.name) == (negative, wrong_step, "made")


@pytest.mark.slow
def test_solve_many_on_workers() -> None:
    boards = [random_board(3, 3, seed=seed) for seed in range(4)]
    found = list(st.solve_many(boards, heuristic=decorated, workers=2))
    expected = [len(solve(board, heuristic="manhattan")) for board in boards]
    assert [len(item.solution) for item in found] == expected
    assert {item.solution.engine for item in found} <= {"numba", "python"}


# -- without numba ------------------------------------------------------------------------

_WITHOUT_NUMBA = """
import sys
{block}
import slidingtiles as st

@st.heuristics.compiled(admissible=True)
def manhattan(tiles, home, rows, cols):
    total = 0
    for cell in range(rows * cols):
        if tiles[cell]:
            goal = home[tiles[cell]]
            total += abs(cell // cols - goal // cols) + abs(cell % cols - goal % cols)
    return total

solution = st.solve("8 1 3/4 0 2/7 6 5", heuristic=manhattan)
print(len(solution), solution.optimal, solution.engine, sys.modules.get("numba") is not None)
"""


@pytest.mark.parametrize(
    ("block", "environment"),
    [("sys.modules['numba'] = None  # numba not installed", "auto"), ("", "python")],
    ids=["numba-absent", "implementation-python"],
)
def test_without_numba_the_same_function_runs_as_plain_python(block: str, environment: str) -> None:
    env = dict(os.environ, SLIDINGTILES_IMPLEMENTATION=environment, PYTHONPATH=str(ROOT))
    done = subprocess.run(
        [sys.executable, "-c", _WITHOUT_NUMBA.format(block=block)],
        capture_output=True,
        text=True,
        env=env,
        cwd=ROOT,
        check=False,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["14", "True", "python", "False"]
