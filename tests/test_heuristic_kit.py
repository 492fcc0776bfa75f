"""The heuristic kit: check, compare, the testing strategies, and what bad heuristics get."""

from __future__ import annotations

import json
import math
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import slidingtiles as st_
from slidingtiles import Board, SlidingTilesError, heuristics, testing
from slidingtiles._cli import main
from slidingtiles.heuristics import (
    HeuristicClaimError,
    HeuristicError,
    HeuristicInfo,
    HeuristicTypeError,
    manhattan,
)
from slidingtiles.search import astar

from .conftest import Oracle, oracle_for, slow_case

EXHAUSTIVE_SHAPES = [(2, 2), (2, 3), (3, 2), (2, 4), (3, 3)]
ADMISSIBLE = [n for n in heuristics.names() if heuristics.get(n).admissible]


def twice(board: Board, goal: Board) -> int:
    return 2 * manhattan(board, goal)


def other_goals_table(board: Board, goal: Board) -> int:
    """A perfect table, but built for the blank-first goal: wrong for any other."""
    return heuristics.get("pdb").for_goal(Board.goal(*goal.shape, blank="first"))(board.tiles)


@pytest.fixture
def registered() -> Any:
    """Register heuristics for one test; they are removed afterwards."""
    names: list[str] = []

    def register(name: str, function: Any, **claims: Any) -> str:
        heuristics.register(name, function, **claims)
        names.append(name)
        return name

    yield register
    for name in names:
        heuristics.unregister(name)


# -- check ---------------------------------------------------------------------------------


def test_exact_distances_agree_with_the_oracle() -> None:
    from slidingtiles._heuristics.exact import exact_distances

    for goal in (Board.goal(2, 4, blank="first"), Board("4 1 7/2 0 8/6 3 5")):
        exact, oracle = exact_distances(goal), oracle_for(goal)
        assert len(exact) == len(oracle)
        for tiles, distance in zip(exact.tiles.tolist(), exact.distances.tolist()):
            assert oracle.distance[tuple(tiles)] == distance


@pytest.mark.parametrize(
    ("function", "shape"),
    [
        (twice, (2, 3)),
        (heuristics.inversions, (2, 3)),
        slow_case(other_goals_table, (3, 3)),
        (other_goals_table, (2, 2)),
    ],
)
def test_check_finds_known_overestimators(
    function: Callable[[Board, Board], int], shape: tuple[int, int]
) -> None:
    report = heuristics.check(function, shape=shape)
    assert report.exhaustive
    assert not report.admissible.holds
    oracle = oracle_for(Board.goal(*shape))
    for example in (*report.admissible.examples, report.admissible.nearest):
        assert example is not None
        assert example.value == function(example.board, Board.goal(*shape))
        assert example.distance == oracle.distance[example.board.tiles] < example.value
    failures = sum(
        function(oracle.board(t), Board.goal(*shape)) > d for t, d in oracle.distance.items()
    )
    assert report.admissible.failures == failures


@pytest.mark.parametrize("name", ADMISSIBLE)
@pytest.mark.parametrize("shape", [slow_case(s) if s == (3, 3) else s for s in EXHAUSTIVE_SHAPES])
def test_check_passes_every_builtin_heuristic_exhaustively(
    name: str, shape: tuple[int, int]
) -> None:
    info = heuristics.get(name)
    for goal in (Board.goal(*shape), Board.goal(*shape, blank="first")):
        report = heuristics.check(name, goal=goal)
        assert report.exhaustive
        assert report.boards == len(oracle_for(goal))
        assert report.claims_hold, str(report)
        assert report.admissible.holds
        assert report.zero_at_goal.holds
        assert report.whole_numbers.holds
        assert report.consistent.holds == info.consistent or not info.consistent


def test_check_manhattan_on_3x3_in_the_fast_run() -> None:
    report = heuristics.check("manhattan")
    assert (report.ok, report.boards, report.moves) == (True, 181_440, 241_920)


@pytest.mark.parametrize(
    "name", ["manhattan", "linear_conflict", "walking_distance", slow_case("misplaced")]
)
def test_check_samples_4x4(name: str) -> None:
    report = heuristics.check(name, shape=(4, 4), samples=15, seed=3)
    assert not report.exhaustive
    assert report.ok, str(report)
    assert report.max_distance > 10
    again = heuristics.check(name, shape=(4, 4), samples=15, seed=3)
    assert again.to_dict() | {"seconds": 0} == report.to_dict() | {"seconds": 0}


@pytest.mark.slow  # sampling also runs in test_check_samples_4x4, overestimators exhaustively
def test_sampled_check_finds_an_overestimator_on_4x4() -> None:
    report = heuristics.check(twice, shape=(4, 4), samples=5)
    example = report.admissible.nearest
    assert example is not None
    assert example.distance is not None
    assert example.value > example.distance == len(st_.solve(example.board))


def test_an_admissible_but_inconsistent_heuristic() -> None:
    def lumpy(board: Board, goal: Board) -> int:  # <= Manhattan, so admissible; jumps by 2+
        return manhattan(board, goal) if board.tiles[0] == goal.tiles[0] else 0

    report = heuristics.check(lumpy, shape=(2, 3))
    assert report.admissible.holds
    assert not report.consistent.holds
    example = report.consistent.nearest
    assert example is not None
    assert example.neighbour is not None
    assert abs(example.value - lumpy(example.neighbour, Board.goal(2, 3))) > 1
    assert example.neighbour in dict(example.board.neighbors()).values()


def test_check_reports_values_it_can_compare_and_raises_on_the_rest() -> None:
    report = heuristics.check(lambda b, g: manhattan(b, g) / 2 - 1, shape=(2, 2))
    assert not report.whole_numbers.holds
    assert not report.zero_at_goal.holds
    assert report.zero_at_goal.examples[0].value == -1
    for bad, kind in (
        (lambda b, g: None, HeuristicTypeError),
        (lambda b, g: math.nan, HeuristicError),
        (lambda b, g: 1 / 0, HeuristicError),
    ):
        with pytest.raises(kind, match=r"heuristic '<lambda>'.* on the board "):
            heuristics.check(bad, shape=(2, 2))


def test_check_options_are_checked() -> None:
    with pytest.raises(st_.InvalidOptionError, match="samples"):
        heuristics.check("manhattan", shape=(4, 4), samples=0)
    with pytest.raises(st_.UnknownHeuristicError, match="auto"):
        heuristics.check("auto")
    with pytest.raises(HeuristicTypeError):
        heuristics.check(5)  # type: ignore[arg-type]


# -- solve and a false claim --------------------------------------------------------------


def test_a_false_admissibility_claim_never_gives_a_wrong_optimal_answer(registered: Any) -> None:
    board = Board("5 6 7/8 4 3/2 1 0")  # optimum 26; A* with 2 x Manhattan finds 32
    assert len(st_.solve(board, heuristic=twice, algorithm="astar")) == 32  # unclaimed: fine
    registered("twice", twice, admissible=True)
    for algorithm in ("auto", "astar", "idastar", "weighted", "greedy"):
        with pytest.raises(HeuristicClaimError, match="'twice' is registered admissible") as err:
            st_.solve(board, heuristic="twice", algorithm=algorithm)
        assert err.value.claim == "admissible"
        assert err.value.value > err.value.distance == len(st_.solve(err.value.board))
    assert len(st_.solve(board, heuristic="twice", algorithm="bfs")) == 26  # uses no heuristic


def test_a_passing_claim_is_checked_once(registered: Any) -> None:
    calls = []

    def counted(board: Board, goal: Board) -> int:
        calls.append(1)
        return manhattan(board, goal)

    registered("counted", counted, admissible=True, consistent=True)
    first = st_.solve("1 2 3/4 0 6/7 5 8", heuristic="counted")
    assert first.optimal
    assert len(first) == 2
    assert len(calls) > 181_440  # every board, once
    before = len(calls)
    st_.solve("1 2 3/4 0 6/7 5 8", heuristic="counted")
    assert len(calls) - before < 50  # the verdict was kept


def test_a_false_consistency_claim_is_refused(registered: Any) -> None:
    def lumpy(board: Board, goal: Board) -> int:
        return manhattan(board, goal) if board.tiles[0] == goal.tiles[0] else 0

    registered("lumpy_ok", lumpy, admissible=True)
    assert st_.solve("1 2 3/4 0 5", heuristic="lumpy_ok").optimal
    registered("lumpy_claimed", lumpy, admissible=True, consistent=True)
    with pytest.raises(HeuristicClaimError, match="consistent=True") as err:
        st_.solve("1 2 3/4 0 5", heuristic="lumpy_claimed")
    assert err.value.claim == "consistent"
    assert err.value.neighbour is not None


def test_claims_above_nine_cells_are_checked_too(registered: Any) -> None:
    registered("twice_big", twice, admissible=True)
    with pytest.raises(HeuristicClaimError, match="twice_big") as err:
        st_.solve("1 2 3 4/5 6 7 8/9 10 0 11", heuristic="twice_big", algorithm="astar")
    assert err.value.claim == "admissible"  # sampled on 3x4, or caught on the answer's path


# -- bad values at solve time, on every algorithm ------------------------------------------


def _bad_away_from_start(value: object) -> Callable[[Board, Board], Any]:
    """Good on the start (2 moves away) and the goal, ``value`` where Manhattan is 3 or more."""

    def h(board: Board, goal: Board) -> Any:
        return value if manhattan(board, goal) >= 3 else manhattan(board, goal)

    return h


@pytest.mark.parametrize("algorithm", ["astar", "idastar", "greedy", "weighted", "auto"])
@pytest.mark.parametrize(
    ("value", "kind", "words"),
    [
        (None, HeuristicTypeError, "returned None"),
        ("3", HeuristicTypeError, "returned '3'"),
        (math.nan, HeuristicError, "NaN"),
        (-2, HeuristicError, "negative"),
        (2.5, HeuristicError, "whole number"),
        (math.inf, HeuristicError, "infinite"),
    ],
)
def test_a_bad_value_mid_search_is_named(
    algorithm: str, value: object, kind: type[Exception], words: str
) -> None:
    h = _bad_away_from_start(value)
    start = Board("1 2 3/4 0 6/7 5 8")
    with pytest.raises(kind, match=words) as err:
        st_.solve(start, heuristic=h, algorithm=algorithm)
    assert err.value.heuristic == "h"
    assert manhattan(err.value.board, Board.goal(3, 3)) >= 3
    assert err.value.board.to_text() in str(err.value)
    assert isinstance(err.value, SlidingTilesError)


@pytest.mark.parametrize("algorithm", ["astar", "idastar", "greedy", "weighted"])
def test_a_heuristic_that_raises_mid_search(algorithm: str) -> None:
    def fragile(board: Board, goal: Board) -> int:
        if manhattan(board, goal) >= 3:
            raise KeyError("no such tile")
        return manhattan(board, goal)

    with pytest.raises(HeuristicError, match="'fragile' raised KeyError") as err:
        st_.solve("1 2 3/4 0 6/7 5 8", heuristic=fragile, algorithm=algorithm)
    assert isinstance(err.value.__cause__, KeyError)


def test_whole_floats_and_numpy_integers_are_accepted() -> None:
    np = pytest.importorskip("numpy")
    for h in (lambda b, g: float(manhattan(b, g)), lambda b, g: np.int64(manhattan(b, g))):
        assert len(st_.solve("1 2 3/4 0 6/7 5 8", heuristic=h, algorithm="astar")) == 2


def test_not_zero_at_the_goal() -> None:
    with pytest.raises(HeuristicError, match="0 at the goal"):
        st_.solve("1 2 3/4 0 6/7 5 8", heuristic=lambda b, g: manhattan(b, g) + 1)


# -- the registry --------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["auto", "none", "manhattan", "hamming", "pdb", "wd"])
def test_reserved_and_builtin_names_are_refused(name: str) -> None:
    for replace in (False, True):
        with pytest.raises(HeuristicError, match=repr(name)) as err:
            heuristics.register(name, twice, admissible=False, replace=replace)
        assert err.value.value == name
    with pytest.raises(HeuristicError, match=repr(name)):
        heuristics.register("fine_name", twice, admissible=False, aliases=(name,))
    assert "fine_name" not in heuristics.names()
    assert heuristics.get("manhattan").function is manhattan


def test_builtins_cannot_be_removed_and_register_errors_are_ours(registered: Any) -> None:
    with pytest.raises(HeuristicError, match="built in"):
        heuristics.unregister("manhattan")
    registered("mine", twice, admissible=False)
    with pytest.raises(HeuristicError, match="taken"):
        heuristics.register("mine", twice, admissible=False)
    heuristics.register("mine", manhattan, admissible=True, replace=True)
    assert heuristics.get("mine").function is manhattan
    with pytest.raises(HeuristicTypeError, match="callable"):
        heuristics.register("x", 3, admissible=True)  # type: ignore[call-overload]
    with pytest.raises(HeuristicTypeError, match="name"):
        heuristics.register(5, twice, admissible=True)  # type: ignore[call-overload]


# -- compare -------------------------------------------------------------------------------


def test_compare_counts_are_the_searches_own() -> None:
    table = heuristics.compare(["misplaced", "manhattan"], depths=[6, 14], boards_per_depth=6)
    goal = Board.goal(3, 3)
    oracle = oracle_for(goal)
    for record in table.records:
        boards = [Board(text) for text in table.boards[record["depth"]]]
        assert all(oracle.distance[b.tiles] == record["depth"] for b in boards)
        assert len(set(boards)) == record["boards"] == 6
        h = heuristics.get(record["heuristic"]).for_goal(goal)
        stats = [
            astar(st_.TileState.from_boards(b, goal), lambda s, h=h: h(s.tiles)).stats
            for b in boards
        ]
        assert record["generated"] == round(sum(s.generated for s in stats) / 6, 2)
        assert record["expanded"] == round(sum(s.expanded for s in stats) / 6, 2)
        assert record["optimal"]
        n, d = record["generated"], record["depth"]
        b = record["branching"]
        assert sum(b**i for i in range(1, d + 1)) == pytest.approx(n, rel=1e-3)


class _NoBack:
    """A tile state whose successors leave out the move straight back to its parent (the book's)."""

    def __init__(self, state: st_.TileState, parent: st_.TileState | None = None) -> None:
        self.state, self.parent = state, parent

    def successors(self) -> Any:
        for action, nxt, cost in self.state.successors():
            if nxt != self.parent:
                yield action, _NoBack(nxt, self.state), cost

    def is_goal(self) -> bool:
        return self.state.is_goal()

    def __hash__(self) -> int:
        return hash(self.state)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _NoBack) and self.state == other.state


def test_compare_book_counting_is_a_search_without_the_parent_move() -> None:
    """counting='book' equals A* run on successors that leave out the parent (differential)."""
    table = heuristics.compare(
        ["misplaced", "manhattan"], depths=[8, 16], boards_per_depth=5, counting="book"
    )
    every = heuristics.compare(["misplaced", "manhattan"], depths=[8, 16], boards_per_depth=5)
    goal = Board.goal(3, 3)
    for record, all_record in zip(table.records, every.records, strict=True):
        assert record["counting"] == "book"
        assert all_record["counting"] == "all"
        boards = [Board(text) for text in table.boards[record["depth"]]]
        h = heuristics.get(record["heuristic"]).for_goal(goal)
        stats = [
            astar(
                _NoBack(st_.TileState.from_boards(b, goal)), lambda s, h=h: h(s.state.tiles)
            ).stats
            for b in boards
        ]
        assert record["generated"] == round(sum(s.generated for s in stats) / 5, 2)
        assert record["expanded"] == all_record["expanded"]  # the same search, counted otherwise
        assert record["generated"] < all_record["generated"]
    with pytest.raises(SlidingTilesError, match="counting"):
        heuristics.compare(["manhattan"], depths=[4], counting="parents")
    with pytest.raises(SlidingTilesError, match="algorithm='astar'"):
        heuristics.compare(["manhattan"], depths=[4], algorithm="idastar", counting="book")


def test_compare_outputs_and_limits() -> None:
    table = heuristics.compare(
        ["misplaced", lambda b, g: manhattan(b, g)],
        depths=[2, 20],
        boards_per_depth=3,
        max_nodes=300,
    )
    json.dumps(table.to_dict())
    assert table.heuristics == ["misplaced", "<lambda>"]
    limited = [r for r in table.records if r["limited"]]
    assert limited
    assert all(r["generated"] is None for r in limited)
    assert "—" in table.to_markdown()
    svg = table.to_svg()
    assert svg.startswith("<svg")
    assert "&lt;lambda&gt;" in svg
    import xml.etree.ElementTree as ET

    ET.fromstring(svg)
    with pytest.raises(st_.InvalidOptionError, match="farthest are 31"):
        heuristics.compare(["manhattan"], depths=[40])


# -- the testing kit -----------------------------------------------------------------------


@given(testing.boards(testing.shapes(max_cells=9), solvable=None), st.data())
def test_boards_are_valid_boards(board: Board, data: st.DataObject) -> None:
    assert sorted(board.tiles) == list(range(board.size))
    solvable = data.draw(testing.boards(board.shape, solvable=True))
    unsolvable = data.draw(testing.boards(board.shape, solvable=False))
    assert st_.is_solvable(solvable)
    assert not st_.is_solvable(unsolvable)


@given(
    testing.goals(testing.shapes(max_cells=8)).flatmap(
        lambda g: st.tuples(st.just(g), testing.boards(goal=g), testing.scrambles(g, max_moves=8))
    )
)
def test_boards_and_scrambles_reach_their_goal(case: tuple[Board, Board, Board]) -> None:
    goal, board, walked = case
    oracle = oracle_for(goal)
    assert board.tiles in oracle.distance
    assert oracle.distance[walked.tiles] <= 8


@settings(max_examples=15)
@given(st.data())
def test_boards_at_distance_are_exactly_there(data: st.DataObject) -> None:
    shape = data.draw(st.sampled_from([(2, 3), (3, 3), (2, 4)]))
    goal = data.draw(st.sampled_from([Board.goal(*shape), Board.goal(*shape, blank="first")]))
    distance = data.draw(
        st.integers(
            0,
            oracle_for(goal).distance[
                max(oracle_for(goal).distance, key=oracle_for(goal).distance.__getitem__)
            ],
        )
    )
    board = data.draw(testing.boards_at_distance(distance, goal=goal))
    assert oracle_for(goal).distance[board.tiles] == distance


@settings(max_examples=3)
@given(testing.boards_at_distance(12, shape=(4, 4)))
def test_boards_at_distance_above_nine_cells(board: Board) -> None:
    assert len(st_.solve(board, heuristic="linear_conflict")) == 12


@pytest.mark.slow  # Hypothesis finding and shrinking; assert_consistent runs in the fast run
def test_assert_admissible_shrinks_to_a_small_board() -> None:
    with pytest.raises(AssertionError, match=r"h = 2 on .*, which is 1 move from the goal") as e:
        testing.assert_admissible(twice, max_examples=200)
    assert Board(str(e.value).split(" on ")[1].split(",")[0]).size == 4  # 2x2, one move
    testing.assert_admissible("linear_conflict", goal=testing.goals(), max_examples=20)
    testing.assert_admissible("walking_distance", shape=(2, 4), goal="first", max_examples=20)


def test_assert_consistent() -> None:
    def lumpy(board: Board, goal: Board) -> int:
        return manhattan(board, goal) if board.tiles[0] == goal.tiles[0] else 0

    with pytest.raises(AssertionError, match="not consistent"):
        testing.assert_consistent(lumpy, max_examples=200)
    testing.assert_consistent("manhattan", shape=testing.shapes(max_cells=16), max_examples=30)
    with pytest.raises(HeuristicTypeError):
        testing.assert_consistent(lambda b, g: None)


def test_board_strategy_through_the_entry_point() -> None:
    from importlib.metadata import entry_points

    hooks = entry_points(group="hypothesis")
    if not any(e.value.startswith("slidingtiles.testing") for e in hooks):
        pytest.skip("the package is not installed with its entry points (pip install -e .)")

    @settings(max_examples=20)
    @given(st.from_type(Board))
    def drawn(board: Board) -> None:
        assert sorted(board.tiles) == list(range(board.size))

    drawn()


def test_hypothesis_stays_optional() -> None:
    code = (
        "import sys\nimport slidingtiles\nassert 'hypothesis' not in sys.modules\n"
        "sys.modules['hypothesis'] = None\n"
        "try:\n    import slidingtiles.testing\nexcept ImportError as e:\n    print(e)\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        check=True,
        cwd=Path(__file__).parent.parent,
    )
    assert 'pip install "slidingtiles[testing]"' in out.stdout


# -- the command line ----------------------------------------------------------------------


def test_cli_check_and_compare(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "my_heuristics.py").write_text(
        "from slidingtiles.heuristics import manhattan\n"
        "def twice(board, goal):\n    return 2 * manhattan(board, goal)\n"
    )
    monkeypatch.chdir(tmp_path)
    assert main(["heuristics", "check", "manhattan", "--shape", "2x3"]) == 0
    assert "admissible    holds" in capsys.readouterr().out
    assert (
        main(["heuristics", "check", "my_heuristics:twice", "--shape", "2x3", "--format", "json"])
        == 1
    )
    report = json.loads(capsys.readouterr().out)["report"]
    assert report["heuristic"] == "twice"
    assert not report["admissible"]["holds"]
    assert main(["heuristics", "check", "my_heuristics:nothing"]) == 2
    assert "has no 'nothing'" in capsys.readouterr().err
    svg = tmp_path / "plot.svg"
    assert (
        main(
            [
                "heuristics",
                "compare",
                "misplaced",
                "manhattan",
                "--depths",
                "4",
                "8",
                "--boards",
                "3",
                "--format",
                "markdown",
                "--svg",
                str(svg),
            ]
        )
        == 0
    )
    assert "| d | generated (misplaced)" in capsys.readouterr().out
    assert svg.read_text().startswith("<svg")
    assert main(["heuristics"]) == 0
    assert "manhattan" in capsys.readouterr().out


def test_info_passed_directly_is_checked_too() -> None:
    info = HeuristicInfo("direct", twice, admissible=True, consistent=False)
    with pytest.raises(HeuristicClaimError, match="'direct'"):
        st_.solve("1 2 3/4 0 6/7 5 8", heuristic=info)


def test_oracle_module_is_independent() -> None:
    assert isinstance(oracle_for(Board.goal(2, 2)), Oracle)
