"""The tile engine against the generic search and the BFS oracle, and `solve`'s routing.

Imports from ``slidingtiles._*`` here are of internal units that have no public name.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path

import pytest

import slidingtiles as st
from slidingtiles import Board, TileState, heuristics, pdb
from slidingtiles._engine.dispatch import engine_solve, supports
from slidingtiles._engine.pruning import learn_duplicate_sequences, pruning_table
from slidingtiles._heuristics._pdb import first_use
from slidingtiles.search import astar, idastar
from tests.conftest import Oracle, goals

pytestmark = pytest.mark.usefixtures("table_cache")


def samples(oracle: Oracle, count: int, seed: int) -> list[tuple[tuple[int, ...], int]]:
    """The farthest states plus a random sample."""
    items = sorted(oracle.distance.items(), key=lambda item: item[1])
    return [*items[-3:], *random.Random(seed).sample(items, count)]


def check(board: Board, goal: Board, moves: str, length: int) -> None:
    assert len(moves) == length
    assert board.apply(moves) == goal


@pytest.mark.parametrize("shape", [(2, 3), (3, 2), (3, 3), (2, 4)])
@pytest.mark.parametrize("heuristic", ["manhattan", "linear_conflict", "pdb"])
def test_engine_lengths_match_the_oracle(
    oracle: Callable[[Board], Oracle], shape: tuple[int, int], heuristic: str
) -> None:
    for index, goal in enumerate(goals(*shape)):
        table = oracle(goal)
        db = pdb.load(*shape, goal) if heuristic == "pdb" else None
        for tiles, distance in samples(table, 25, seed=index):
            board = table.board(tiles)
            moves, stats = engine_solve(board, goal, heuristic, db=db)
            check(board, goal, moves, distance)
            assert stats.expanded >= (distance > 0)


@pytest.mark.parametrize(
    ("shape", "groups"),
    [
        ((3, 3), [(1, 2, 3, 4), (5, 6, 7, 8)]),
        ((3, 3), [(2, 5), (1, 3, 4, 6)]),
        ((2, 4), [(1, 2, 3), (4, 5, 6, 7)]),
        ((3, 3), [(1, 2, 3), (4, 5, 6, 7)]),
    ],
)
def test_engine_with_additive_tables_matches_the_oracle(
    oracle: Callable[[Board], Oracle], shape: tuple[int, int], groups: list[tuple[int, ...]]
) -> None:
    """Digits tables drive IDA*: with and without reflection, tiles outside every group."""
    for index, goal in enumerate(goals(*shape)):
        db = pdb.PatternDatabase.build(*shape, goal, groups=groups)
        assert supports("pdb", db)
        table = oracle(goal)
        for tiles, distance in samples(table, 20, seed=10 + index):
            board = table.board(tiles)
            moves, _ = engine_solve(board, goal, "pdb", db=db)
            check(board, goal, moves, distance)


def test_engine_matches_generic_idastar_on_random_larger_boards() -> None:
    rng = random.Random(11)
    for shape, steps in [((3, 4), 60), ((4, 3), 60), ((4, 4), 40), ((2, 5), 60)]:
        goal = rng.choice(goals(*shape))
        db = pdb.PatternDatabase.build(*shape, goal, groups=[(1, 2, 3), (4, 5, 6), (7, 8, 9)])
        for _ in range(2):
            board = st.scramble(goal, steps, seed=rng.randrange(10**6))
            start = TileState.from_boards(board, goal)
            fast = heuristics.get("linear_conflict").for_goal(goal)

            def h(state: TileState, fast: Callable[[tuple[int, ...]], int] = fast) -> int:
                return fast(state.tiles)

            generic = idastar(start, h)
            a_star = astar(start, h)
            length = len(generic.actions)
            assert len(a_star.actions) == length
            for name in ("manhattan", "linear_conflict"):
                moves, _ = engine_solve(board, goal, name)
                check(board, goal, moves, length)
            moves, _ = engine_solve(board, goal, "pdb", db=db)
            check(board, goal, moves, length)


def test_duplicate_sequences_are_rederived_and_pruned() -> None:
    from slidingtiles._engine import pruning

    assert learn_duplicate_sequences(10) == sorted(pruning._DUPLICATES_10.split())
    table = pruning_table(9, 9)  # no shipped automaton: the board-independent strings
    codes = {"U": 0, "D": 1, "L": 2, "R": 3}

    def survives(moves: str) -> bool:
        state = pruning.start_state(40)  # the centre, room for every test string
        for m in moves:
            state = table[state + codes[m]]
            if state < 0:
                return False
        return True

    # Half a turn round a 2x2 block one way equals half a turn the other way: keep the least.
    assert survives("DLURDL")
    assert not survives("LDRULD")
    assert not survives("UUULDRULDRR")  # anywhere in a path
    assert survives("RRDDLLUU")


@pytest.mark.parametrize(
    ("heuristic", "algorithm"),
    [
        ("linear_conflict", "auto"),
        ("manhattan", "auto"),
        ("linear_conflict", "astar"),
        ("linear_conflict", "idastar"),
        ("misplaced", "idastar"),
        ("manhattan", "bfs"),
    ],
)
def test_limit_names_are_the_same_on_every_path(heuristic: str, algorithm: str) -> None:
    """One guard: `SearchLimitExceeded.limit` is "nodes" or "time" whichever search ran."""
    board = st.random_board(4, 4, seed=3)
    kwargs = {"heuristic": heuristic, "algorithm": algorithm}
    with pytest.raises(st.SearchLimitExceeded) as info:
        st.solve(board, max_nodes=50, **kwargs)  # type: ignore[arg-type]
    assert (info.value.limit, info.value.value) == ("nodes", 50)
    assert info.value.stats.expanded <= 50
    # optimal=True: a nanosecond is beyond reach for any search, refused unless insisted on.
    with pytest.warns(st.SearchCostWarning), pytest.raises(st.SearchLimitExceeded) as info:
        st.solve(board, time_limit=1e-9, optimal=True, **kwargs)  # type: ignore[arg-type]
    assert (info.value.limit, info.value.value) == ("time", 1e-9)


def test_engine_limits_and_progress() -> None:
    hard = Board("6 4 7/8 5 0/3 2 1")
    goal = Board.goal(3, 3)
    with pytest.raises(st.SearchLimitExceeded) as info:
        engine_solve(st.random_board(4, 4, seed=1), Board.goal(4, 4), "manhattan", max_nodes=20_000)
    assert info.value.limit == "nodes"
    assert info.value.stats.expanded == 20_000  # checked exactly, not only every so often
    with pytest.raises(st.SearchLimitExceeded) as info:
        engine_solve(hard, goal, "linear_conflict", max_nodes=10)
    assert info.value.stats.expanded == 10
    with pytest.raises(st.SearchLimitExceeded, match="time_limit"):
        engine_solve(st.random_board(4, 4, seed=1), Board.goal(4, 4), "manhattan", time_limit=0.01)
    seen: list[st.SearchStats] = []
    with pytest.raises(st.SearchLimitExceeded) as info:
        engine_solve(
            st.random_board(4, 4, seed=1),
            Board.goal(4, 4),
            "manhattan",
            progress=seen.append,
            max_nodes=40_000,
        )
    assert len(seen) >= 2
    assert seen[0].expanded < seen[-1].expanded <= info.value.stats.expanded
    moves, _ = engine_solve(hard, goal, "manhattan")
    assert len(moves) == 31
    with pytest.raises(ValueError, match="no kernel"):
        engine_solve(hard, goal, "misplaced")
    with pytest.raises(ValueError, match="pattern database"):
        engine_solve(hard, goal, "pdb")
    assert engine_solve(goal, goal, "linear_conflict")[0] == ""
    assert engine_solve(goal, goal, "pdb", db=pdb.load(3, 3))[0] == ""


@pytest.mark.slow  # 90 solves; the engine's lengths: test_engine_lengths_match_the_oracle
def test_solve_routes_built_in_heuristics_through_the_engine(
    oracle: Callable[[Board], Oracle],
) -> None:
    goal = Board.goal(3, 3, blank="first")
    table = oracle(goal)
    for tiles, distance in samples(table, 10, seed=4):
        board = table.board(tiles)
        results = {}
        for heuristic in ("manhattan", "linear_conflict", "pdb"):
            for algorithm in ("auto", "idastar", "astar"):
                sol = st.solve(board, goal, heuristic=heuristic, algorithm=algorithm)  # type: ignore[arg-type]
                assert sol.optimal
                assert sol.algorithm == ("astar" if algorithm == "astar" else "idastar")
                results[heuristic, algorithm] = sol
                check(board, goal, sol.moves, distance)
        # The generic IDA* stays reachable with a heuristic the engine does not know.
        custom = heuristics.HeuristicInfo(
            "mine", heuristics.manhattan, admissible=True, consistent=True
        )
        sol = st.solve(board, goal, heuristic=custom, algorithm="idastar")
        assert sol.heuristic == "mine"
        check(board, goal, sol.moves, distance)


def test_auto_picks_the_table_when_it_is_available(
    table_cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert st.solve("1 2 3 4 5/6 7 0 8 9").heuristic == "pdb"
    assert len(list(table_cache.iterdir())) == 1  # built on first use (2x5: none ships)
    # A table too slow to build is not built: the best table-free heuristic is used.
    monkeypatch.setattr(first_use, "AUTO_BUILD_SECONDS", 0.0)  # where auto_available reads it
    edge = Board("1 0 2 3/4 5 6 7/8 9 10 11")  # the blank on an edge: no table ships
    board = st.scramble(edge, 30, seed=2)
    sol = st.solve(board, edge)
    assert sol.heuristic != "pdb"
    assert heuristics.get(sol.heuristic).strength >= heuristics.get("linear_conflict").strength
    assert len(list(table_cache.iterdir())) == 1
    # Once cached it is used whatever the estimate; and a shipped table is there from the start.
    pdb.load(3, 4, edge)
    assert st.solve(board, edge).heuristic == "pdb"
    assert st.solve(st.scramble(Board.goal(4, 4), 30, seed=2)).heuristic == "pdb"


@pytest.mark.parametrize("env", [None, "0", " Never ", "off"])
def test_building_can_be_refused_and_auto_still_solves_optimally(
    env: str | None,
    table_cache: Path,
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
    oracle: Callable[[Board], Oracle],
) -> None:
    """build_tables=False or SLIDINGTILES_BUILD_TABLES=0/never: no table, table-free optimum."""
    centre = Board("1 2 3/4 0 5/6 7 8")  # the blank in the centre: its table does not ship
    tiles, length = max(oracle(centre).distance.items(), key=lambda item: (item[1], item[0]))
    hardest = Board(tiles, shape=(3, 3))
    if env is None:
        build_tables, refused_by = False, "build_tables=False"
    else:  # the environment says no whatever the code says
        build_tables, refused_by = True, f"SLIDINGTILES_BUILD_TABLES={env!r}"
        monkeypatch.setenv(first_use.ENV_BUILD_TABLES, env)
    caplog.set_level("INFO", logger="slidingtiles")
    sol = st.solve(hardest, centre, build_tables=build_tables)
    assert (len(sol), sol.optimal) == (length, True)
    assert sol.heuristic != "pdb"
    assert heuristics.get(sol.heuristic).strength >= heuristics.get("linear_conflict").strength
    assert "building tables implicitly is off" in caplog.text
    goal = Board.goal(2, 4)
    distances = oracle(goal).distance
    for tiles, distance in random.Random(5).sample(sorted(distances.items()), 20):
        sol = st.solve(Board(tiles, shape=(2, 4)), goal, build_tables=build_tables)
        assert sol.heuristic != "pdb"
        check(sol.start, goal, str(sol.moves), distance)
    assert list(table_cache.iterdir()) == []  # nothing built, nothing written
    # An explicit pdb, on the engine and on the generic path, names the table and the command.
    for algorithm in ("auto", "astar"):
        with pytest.raises(
            pdb.PatternDatabaseError, match='slidingtiles pdb build 3x3 --goal "1 2 3/4 0 5/6 7 8"'
        ) as err:
            st.solve(
                hardest, centre, heuristic="pdb", algorithm=algorithm, build_tables=build_tables
            )
        assert "3x3 pattern database (partition perfect, goal 1 2 3/4 0 5/6 7 8) is not cached" in (
            str(err.value)
        )
        assert refused_by in str(err.value)
        assert isinstance(err.value, ValueError)
    assert list(table_cache.iterdir()) == []
    # A cached table is used all the same: only building is refused.
    pdb.build(3, 3, centre)
    sol = st.solve(hardest, centre, build_tables=build_tables)
    assert (sol.heuristic, len(sol)) == ("pdb", length)
    options = {"heuristic": "pdb", "algorithm": "astar", "build_tables": build_tables}
    sol = st.solve(hardest, centre, **options)
    assert (sol.heuristic, len(sol)) == ("pdb", length)
    # So is a table that ships with the package (the blank in a corner): nothing is built.
    sol = st.solve("6 4 7/8 5 0/3 2 1", build_tables=build_tables)
    assert (sol.heuristic, len(sol)) == ("pdb", 31)


def test_refused_builds_for_other_goals_name_the_goal(table_cache: Path) -> None:
    """The command in the message builds exactly the missing table: goal included."""
    first = Board.goal(2, 4, blank="first")
    with pytest.raises(pdb.PatternDatabaseError, match="pdb build 2x4 --goal first") as err:
        st.solve("1 0 2 3/4 5 6 7", first, heuristic="pdb", build_tables=False)
    assert "goal with the blank first" in str(err.value)
    with pytest.raises(pdb.PatternDatabaseError, match='--goal "1 2 3 4/5 0 6 7"'):
        st.solve("1 2 3 4/0 5 6 7", "1 2 3 4/5 0 6 7", heuristic="pdb", build_tables=False)
    assert list(table_cache.iterdir()) == []


@pytest.mark.parametrize("value", ["no thanks", "2", "nevermore"])
def test_a_bad_environment_value_is_a_clear_error(
    value: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(first_use.ENV_BUILD_TABLES, value)
    with pytest.raises(pdb.PatternDatabaseError, match="SLIDINGTILES_BUILD_TABLES=") as err:
        st.solve("1 2 3/4 0 6/7 5 8", heuristic="manhattan")  # checked even when no table is used
    assert repr(value) in str(err.value)
    assert err.value.value == value
    assert isinstance(err.value, ValueError)
    for fine in ("1", "TRUE", "yes", "on", ""):
        monkeypatch.setenv(first_use.ENV_BUILD_TABLES, fine)
        assert st.solve("1 2 3/4 0 6/7 5 8").heuristic == "pdb"


@pytest.mark.parametrize("value", ["no", None, 0.5, "False"])
def test_build_tables_must_be_true_or_false(value: object) -> None:
    with pytest.raises(TypeError, match=f"build_tables must be True or False, not {value!r}"):
        st.solve("1 2 3/4 0 6/7 5 8", build_tables=value)  # type: ignore[arg-type]


def test_hardest_eight_puzzle_through_solve() -> None:
    sol = st.solve("6 4 7/8 5 0/3 2 1")
    assert len(sol) == 31
    assert sol.heuristic == "pdb"
    assert sol.optimal
    assert sol.boards[-1] == Board.goal(3, 3)
