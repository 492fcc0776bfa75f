"""Every ``optimal=True`` earned (issue 34, classes 1, 2, 3, 7, 8, 14): hostile heuristics.

A heuristic that writes into its board, lies about its claim, changes after its claim was
checked, or returns numbers out of range never yields a wrong answer marked optimal, on 2x5,
3x4 and 4x4, in whichever implementation runs (the suite runs again under
``SLIDINGTILES_IMPLEMENTATION=python``). The truth is the library's own optimal search with a
built-in heuristic (the tile engine's IDA*, checked against BFS elsewhere in the suite).
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from fractions import Fraction
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import slidingtiles as sl
from slidingtiles import Board, heuristics
from slidingtiles._board.moves import Moves
from slidingtiles._solve import verify
from slidingtiles.heuristics import compiled, manhattan, misplaced
from slidingtiles.search import astar, idastar

SHAPES = [(2, 5), (3, 4), (4, 4)]
# Random-walk lengths per shape: deep enough to matter, shallow enough for the pure-Python run.
WALKS = {(2, 5): 30, (3, 4): 30, (4, 4): 24}


def boards(shape: tuple[int, int]) -> st.SearchStrategy[Board]:
    """Solvable boards of a shape, random walks from the blank-last goal."""
    goal = Board.goal(*shape)
    return st.builds(
        lambda moves, seed: sl.scramble(goal, moves, seed=seed),
        st.integers(1, WALKS[shape]),
        st.integers(0, 2**32 - 1),
    )


def shortest(board: Board) -> int:
    """The true distance to the blank-last goal: the tile engine's IDA* with Manhattan."""
    return len(sl.solve(board, heuristic="manhattan"))


def earned(solution: sl.Solution) -> None:
    """The answer replays to its goal, and an optimal one is as short as the truth."""
    assert solution.start.apply(str(solution.moves)) == solution.goal
    if solution.optimal:
        assert len(solution) == shortest(solution.start)


# -- heuristics that misbehave -------------------------------------------------------------


@compiled(admissible=True, consistent=True)
def scribbler(tiles: Any, home: Any, rows: int, cols: int) -> int:
    """Manhattan distance, then it writes over the board and the goal cells it was given."""
    total = 0
    for cell in range(rows * cols):
        tile = tiles[cell]
        if tile != 0:
            at = home[tile]
            total += abs(cell // cols - at // cols) + abs(cell % cols - at % cols)
    for cell in range(rows * cols):
        tiles[cell] = 0
        home[cell] = 0
    return total


@compiled(admissible=True)
def swapper(tiles: Any, home: Any, rows: int, cols: int) -> int:
    """Swaps two cells of its board first, then counts Manhattan distance on what it made."""
    tiles[0], tiles[cols + 1] = tiles[cols + 1], tiles[0]
    total = 0
    for cell in range(rows * cols):
        tile = tiles[cell]
        if tile != 0:
            at = home[tile]
            total += abs(cell // cols - at // cols) + abs(cell % cols - at % cols)
    return total


@compiled(admissible=True)
def both_counts(tiles: Any, home: Any, rows: int, cols: int) -> int:
    """Manhattan distance plus misplaced tiles, claimed admissible (it is not)."""
    total = 0
    for cell in range(rows * cols):
        tile = tiles[cell]
        if tile != 0 and home[tile] != cell:
            at = home[tile]
            total += 1 + abs(cell // cols - at // cols) + abs(cell % cols - at % cols)
    return total


def plain_scribbler(board: Board, goal: Board) -> int:
    """Manhattan distance, then it forces the goal's tiles into the board object it was given."""
    value = manhattan(board, goal)
    object.__setattr__(board, "tiles", goal.tiles)
    return value


def plain_both(board: Board, goal: Board) -> int:
    return manhattan(board, goal) + misplaced(board, goal)


WEIGHT = [1]


def weighted(board: Board, goal: Board) -> int:
    """Manhattan distance times a module-level weight (honest while it is 1)."""
    return WEIGHT[0] * manhattan(board, goal)


@pytest.fixture(scope="module", autouse=True)
def _registered() -> Iterator[None]:
    heuristics.register("h34_plain_scribbler", plain_scribbler, admissible=True, consistent=True)
    heuristics.register("h34_plain_both", plain_both, admissible=True)
    heuristics.register("h34_weighted", weighted, admissible=True)
    yield
    for name in ("h34_plain_scribbler", "h34_plain_both", "h34_weighted"):
        heuristics.unregister(name)


def _solved_or_refused(board: Board, **options: Any) -> sl.Solution | None:
    """The solution, or None when a documented error refused the heuristic (never another)."""
    try:
        solution = sl.solve(board, **options)
    except sl.HeuristicError:
        return None
    earned(solution)
    return solution


# -- class 1: a heuristic never sees the search's own board --------------------------------


@settings(max_examples=6)
@given(boards((3, 4)))
def test_a_heuristic_that_writes_into_its_board_changes_no_answer(board: Board) -> None:
    for options in (
        {"heuristic": scribbler},  # the tile engine, numba or pure Python
        {"heuristic": scribbler, "algorithm": "astar"},  # its plain function, generic A*
        {"heuristic": "h34_plain_scribbler", "algorithm": "astar"},
        {"heuristic": "h34_plain_scribbler", "algorithm": "idastar"},
    ):
        solution = sl.solve(board, **options)
        earned(solution)
        assert solution.optimal  # its values are Manhattan's: honest, so optimal and right


@settings(max_examples=4)
@given(boards((3, 4)))
def test_a_heuristic_that_computes_on_a_board_it_scribbled_on_is_never_wrongly_optimal(
    board: Board,
) -> None:
    _solved_or_refused(board, heuristic=swapper)


def test_the_numba_kernel_gets_copies_of_the_board() -> None:
    goal = Board.goal(3, 4)
    board = sl.scramble(goal, 14, seed=7)
    solution = sl.solve(board, heuristic=scribbler)
    assert solution.engine in ("numba", "python")
    earned(solution)
    assert len(solution) == shortest(board)


def test_an_answer_that_misses_its_goal_is_never_returned() -> None:
    goal = Board.goal(3, 3)
    start = goal.move("U")
    wrong = sl.Solution(
        start, goal, Moves("L"), True, "mine", "idastar", sl.SearchStats(0, 0, 0, 0, 0, 0.0), 1
    )
    with pytest.raises(sl.SolutionMismatchError, match="'mine'") as err:
        verify.checked(wrong, None)
    assert isinstance(err.value, RuntimeError)
    assert err.value.heuristic == "mine"
    assert err.value.value == "L"
    off = sl.Solution(
        start, goal, Moves("DD"), False, "mine", "idastar", sl.SearchStats(0, 0, 0, 0, 0, 0.0)
    )
    with pytest.raises(sl.SolutionMismatchError, match="leaves the board"):
        verify.checked(off, None)
    sideways = sl.Solution(
        Board.goal(3, 3).move("L"),
        goal,
        Moves("RR"),
        False,
        "mine",
        "idastar",
        sl.SearchStats(0, 0, 0, 0, 0, 0.0),
    )
    with pytest.raises(sl.SolutionMismatchError, match="leaves the board"):
        verify.checked(sideways, None)  # R from the last column does not wrap to the next row


def test_a_route_whose_answer_ends_elsewhere_raises(monkeypatch: pytest.MonkeyPatch) -> None:
    from slidingtiles._engine import dispatch

    real = dispatch.engine_solve

    def broken(*args: Any, **kwargs: Any) -> Any:
        moves, stats = real(*args, **kwargs)
        return moves[:-2], stats  # as a corrupted board would end the search early

    monkeypatch.setattr(dispatch, "engine_solve", broken)
    with pytest.raises(sl.SolutionMismatchError, match="not the goal"):
        sl.solve("4 1 2/7 5 3/0 8 6", heuristic="manhattan")


# -- class 2: a claim is checked where it is used ------------------------------------------


@pytest.mark.parametrize("shape", SHAPES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("heuristic", ["h34_plain_both", both_counts], ids=["plain", "compiled"])
def test_manhattan_plus_misplaced_claimed_admissible_is_refused(shape: Any, heuristic: Any) -> None:
    board = sl.scramble(Board.goal(*shape), 12, seed=3)
    with pytest.raises(sl.HeuristicClaimError) as err:
        sl.solve(board, heuristic=heuristic)
    assert err.value.claim == "admissible"
    assert err.value.distance is not None
    assert err.value.value > err.value.distance


@pytest.mark.parametrize("shape", SHAPES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_lying_claim_never_yields_a_wrong_optimal_answer(shape: tuple[int, int]) -> None:
    @given(boards(shape), st.sampled_from(["auto", "astar", "idastar"]))
    @settings(max_examples=5)
    def run(board: Board, algorithm: str) -> None:
        for heuristic in ("h34_plain_both", both_counts):
            assert _solved_or_refused(board, heuristic=heuristic, algorithm=algorithm) is None

    run()


def test_an_honest_claim_passes_the_sampled_check_and_stays_optimal() -> None:
    honest = heuristics.HeuristicInfo("h34_honest", lambda b, g: manhattan(b, g), True, True)
    for shape in SHAPES:
        board = sl.scramble(Board.goal(*shape), 16, seed=5)
        solution = sl.solve(board, heuristic=honest)
        earned(solution)
        assert solution.optimal


def test_the_path_check_catches_what_a_sample_did_not_see() -> None:
    liar = heuristics.HeuristicInfo("h34_liar", lambda b, g: 3 * manhattan(b, g), True, False)
    board = Board.goal(4, 4).move("L")
    solution = sl.Solution(
        board,
        Board.goal(4, 4),
        Moves("R"),
        True,
        "h34_liar",
        "idastar",
        sl.SearchStats(0, 0, 0, 0, 0, 0.0),
        1,
    )
    with pytest.raises(sl.HeuristicClaimError, match="its own answer solves in 1 move"):
        verify.checked(solution, liar)


# -- class 3: a heuristic that changes after its check -------------------------------------


@pytest.mark.parametrize("shape", SHAPES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_heuristic_changed_after_its_check_never_yields_a_wrong_optimal_answer(
    shape: tuple[int, int],
) -> None:
    goal = Board.goal(*shape)
    WEIGHT[0] = 1
    earned(sl.solve(sl.scramble(goal, 10, seed=1), heuristic="h34_weighted"))  # checked: honest

    @given(boards(shape))
    @settings(max_examples=5)
    def run(board: Board) -> None:
        for algorithm in ("auto", "astar", "idastar"):
            _solved_or_refused(board, heuristic="h34_weighted", algorithm=algorithm)

    WEIGHT[0] = 3  # raised after the check: its values now overestimate
    try:
        run()
    finally:
        WEIGHT[0] = 1


def test_the_raised_weight_is_named_on_the_answers_path() -> None:
    goal = Board.goal(4, 4)
    board = sl.scramble(goal, 30, seed=11)
    WEIGHT[0] = 1
    sl.solve(sl.scramble(goal, 8, seed=2), heuristic="h34_weighted")
    WEIGHT[0] = 3
    try:
        with pytest.raises(sl.HeuristicClaimError, match="its own answer solves in"):
            sl.solve(board, heuristic="h34_weighted")
    finally:
        WEIGHT[0] = 1


# -- classes 7 and 8: one rule for a heuristic's value -------------------------------------


def _constant_away(value: object) -> Any:
    def h(board: Board, goal: Board) -> Any:
        return 0 if board == goal else value

    return h


@pytest.mark.parametrize(
    "value",
    [
        10**400,
        2**63 - 1,
        2**53 + 1,
        np.uint64(2**64 - 1),
        np.complex128(3),
        1j,
        math.inf,
        math.nan,
        -1,
        Fraction(7, 2),
    ],
    ids=repr,
)
def test_a_value_out_of_range_is_a_documented_error_at_every_door(value: object) -> None:
    h = _constant_away(value)
    board = Board.goal(3, 4).move("U")
    info = heuristics.HeuristicInfo("h34_range", h, admissible=True, consistent=False)
    doors = [
        lambda: sl.solve(board, heuristic=h, algorithm="astar"),
        lambda: sl.solve(board, heuristic=info),
        lambda: sl.search.astar(
            sl.TileState.from_boards(board, Board.goal(3, 4)), lambda s: h(s.board, s.goal)
        ),
    ]
    if value in (math.inf, Fraction(7, 2)):  # the generic search serves any domain: an
        doors.pop()  # infinity means "no goal from here", real costs allow a fraction
    for door in doors:
        with pytest.raises(sl.HeuristicError):
            door()
    if value in (-1, Fraction(7, 2)):  # a real number in range: check reports it, not raises
        assert not heuristics.check(h, shape=(2, 2)).whole_numbers.holds
    else:
        with pytest.raises(sl.HeuristicError):
            heuristics.check(h, shape=(2, 2))


@pytest.mark.parametrize("value", [2**63 - 1, 2**53 + 1, -(2**62)], ids=repr)
def test_a_compiled_value_out_of_range_is_the_same_error_in_both_implementations(
    value: int,
) -> None:
    big = value

    def function(tiles: Any, home: Any, rows: int, cols: int) -> int:
        for cell in range(rows * cols):
            if tiles[cell] != 0 and home[tiles[cell]] != cell:
                return big
        return 0

    h = compiled(function, admissible=False, name="h34_big")
    with pytest.raises(sl.HeuristicError, match="h34_big") as err:
        sl.solve(Board.goal(3, 4).apply("ULDR" + "UL"), heuristic=h, algorithm="idastar")
    assert err.value.value == value


@pytest.mark.parametrize("make", [Fraction, np.int64, np.float64, float], ids=repr)
def test_whole_values_of_any_real_type_pass_every_door(make: Any) -> None:
    def h(board: Board, goal: Board) -> Any:
        return make(manhattan(board, goal))

    info = heuristics.HeuristicInfo("h34_typed", h, admissible=True, consistent=True)
    board = sl.scramble(Board.goal(2, 3), 12, seed=4)
    assert heuristics.check(h, shape=(2, 3)).whole_numbers.holds
    earned(sl.solve(board, heuristic=info))
    earned(sl.solve(Board.goal(3, 4).apply("ULUL"), heuristic=info))  # the sampled check too


def test_a_time_limit_past_any_float_is_no_limit() -> None:
    board = sl.scramble(Board.goal(3, 3), 10, seed=9)
    earned(sl.solve(board, time_limit=10**400))
    state = sl.TileState.from_boards(board, Board.goal(3, 3))
    assert astar(state, time_limit=10**400).optimal


# -- class 14: the generic search assumes nothing --------------------------------------------


def test_the_generic_search_does_not_assume_a_heuristic_admissible() -> None:
    board = Board("4 1 3/7 2 5/0 8 6")
    state = sl.TileState.from_boards(board, Board.goal(3, 3))
    over = lambda s: 5 * manhattan(s.board, s.goal)  # noqa: E731
    for search in (astar, idastar):
        assert not search(state, over).optimal  # not told: not optimal
        assert not search(state, over, admissible=True).optimal  # told, and caught on its path
        honest = search(state, lambda s: manhattan(s.board, s.goal), admissible=True)
        assert honest.optimal
        assert honest.cost == shortest(board)
    same = sl.solve(board, heuristic=lambda b, g: 5 * manhattan(b, g), algorithm="astar")
    assert not same.optimal  # the same stance as solve()


@pytest.mark.slow
@pytest.mark.parametrize("shape", SHAPES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_many_lying_and_changing_heuristics_never_yield_a_wrong_optimal_answer(
    shape: tuple[int, int],
) -> None:
    @given(boards(shape), st.sampled_from(["auto", "astar", "idastar"]))
    @settings(max_examples=40)
    def run(board: Board, algorithm: str) -> None:
        for heuristic in ("h34_plain_both", both_counts, swapper):
            _solved_or_refused(board, heuristic=heuristic, algorithm=algorithm)
        WEIGHT[0] = 3
        try:
            _solved_or_refused(board, heuristic="h34_weighted", algorithm=algorithm)
        finally:
            WEIGHT[0] = 1

    run()
