"""solve's door: the heuristic resolved once and remembered, parity without its report, long
searches announced, the CLI's progress after a delay."""

from __future__ import annotations

import io
import os
import warnings
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as hs

import slidingtiles as st
from slidingtiles import Board, SearchCostWarning
from slidingtiles._board.solvability import parity_solvable, solvability
from slidingtiles._cli.output import Progress
from slidingtiles._heuristics import registry
from slidingtiles._heuristics._pdb import store
from slidingtiles._solve import reach, resolved
from slidingtiles._solve.choose import plan
from slidingtiles.search._limits import Deadline


@given(hs.integers(2, 4), hs.integers(2, 4), hs.randoms(use_true_random=False))
def test_parity_alone_agrees_with_the_report(rows: int, cols: int, rng: object) -> None:
    tiles = list(range(rows * cols))
    rng.shuffle(tiles)  # type: ignore[attr-defined]
    board, goal = Board(tiles, shape=(rows, cols)), Board.goal(rows, cols)
    assert parity_solvable(board, goal) == solvability(board, goal).solvable


def test_single_lines_keep_their_order() -> None:
    line = (1, 3)
    assert parity_solvable(Board([1, 0, 2], shape=line), Board([1, 2, 0], shape=line))
    assert not parity_solvable(Board([2, 1, 0], shape=line), Board([1, 2, 0], shape=line))


def test_the_plan_carries_one_resolved_heuristic() -> None:
    goal = Board.goal(3, 3)
    chosen = plan(goal.move("U"), goal, Deadline(None), heuristic="manhattan")
    assert chosen.resolved is not None
    assert chosen.resolved.info is chosen.heuristic
    assert chosen.resolved.builtin
    assert chosen.resolved.kind == "engine"
    assert chosen.estimate is not None
    assert chosen.estimate.heuristic == "manhattan"


def test_a_resolution_is_remembered_until_the_tables_or_the_registry_change() -> None:
    goal = Board.goal(3, 3)
    settings = resolved.Settings.read()
    plan(goal.move("U"), goal, Deadline(None), heuristic="pdb", settings=settings)
    kept = resolved.recall("pdb", goal, settings)
    assert kept is not None
    assert kept.tables is not None
    store.build(2, 2, save=False)  # the tables in memory change: forgotten
    assert resolved.recall("pdb", goal, settings) is None
    plan(goal.move("U"), goal, Deadline(None), heuristic="pdb", settings=settings)
    assert resolved.recall("pdb", goal, settings) is not None

    @registry.register("h37a_door_probe", admissible=False)
    def probe(board: Board, goal: Board) -> int:
        return 0

    try:
        assert resolved.recall("pdb", goal, settings) is None  # a heuristic registered
    finally:
        registry.unregister("h37a_door_probe")


def test_a_table_another_process_writes_is_found_without_a_clock(table_cache: Path) -> None:
    goal = Board.goal(3, 3)
    settings = resolved.Settings.read()
    assert settings.cache_dir == table_cache
    os.utime(table_cache, ns=(0, 0))  # the directory's last change long ago
    plan(goal.move("U"), goal, Deadline(None), heuristic="manhattan", settings=settings)
    assert resolved.recall("manhattan", goal, settings) is not None
    assert resolved.recall("manhattan", goal, settings) is not None  # as long as nothing changes
    (table_cache / "written-by-another-process.stpdb").write_bytes(b"")
    assert resolved.recall("manhattan", goal, settings) is None  # the cache changed: asked again
    plan(goal.move("U"), goal, Deadline(None), heuristic="manhattan", settings=settings)
    assert resolved.recall("manhattan", goal, settings) is not None


def test_the_environment_read_once_follows_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SLIDINGTILES_BUILD_TABLES", "never")
    assert not resolved.Settings.read(True).builds_allowed
    monkeypatch.setenv("SLIDINGTILES_BUILD_TABLES", "sometimes")
    with pytest.raises(st.PatternDatabaseError, match="sometimes"):
        resolved.Settings.read(True)
    monkeypatch.setenv("SLIDINGTILES_CACHE_DIR", "/tmp/h37a-door-elsewhere")
    monkeypatch.delenv("SLIDINGTILES_BUILD_TABLES")
    assert str(resolved.Settings.read(True).cache_dir) == "/tmp/h37a-door-elsewhere"


def test_a_long_search_announces_itself_before_it_starts() -> None:
    board, goal = st.random_board(4, 4, seed=3), Board.goal(4, 4)
    found = reach.estimate(board, goal, "misplaced", engine=False)
    assert found.seconds > reach.ANNOUNCE_SECONDS
    with pytest.warns(SearchCostWarning, match=r"estimated at .* quicker: optimal=False"):
        reach.judge(
            board, goal, "misplaced", engine=False, workers=1, time_limit=None, insist=False
        )


def test_a_long_search_bounded_by_its_limits_stays_quiet() -> None:
    board, goal = st.random_board(4, 4, seed=3), Board.goal(4, 4)
    found = reach.estimate(board, goal, "misplaced", engine=False)
    assert reach.bounded_seconds(found, 5.0) == 5.0  # a time limit bounds what it may cost
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        reach.judge(
            board,
            goal,
            "misplaced",
            engine=False,
            workers=1,
            time_limit=None,
            insist=False,
            max_nodes=1000,
        )
        reach.judge(
            Board.goal(4, 4).move("U"),
            goal,
            "pdb",
            engine=True,
            workers=1,
            time_limit=None,
            insist=False,
        )


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_progress_with_a_delay_says_nothing_for_a_quick_search() -> None:
    stream = _Terminal()
    with Progress("searching", unit="nodes", delay=60.0, stream=stream) as bar:
        bar.update(10)
    assert bar.shown
    assert stream.getvalue() == ""


def test_progress_without_a_delay_speaks_at_once() -> None:
    stream = _Terminal()
    with Progress("searching", unit="nodes", stream=stream) as bar:
        bar.update(10)
    assert "searching" in stream.getvalue()
