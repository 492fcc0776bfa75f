"""One board on many processes: the parallel IDA* against the serial one, its limits and workers.

The parallel search must return the serial search's optimal length always, and its
moves when the split makes them deterministic: searching the subtrees in order in
this process (``workers=1``), or any split of a board with one optimal path. It must
stop at its limits, report each iteration, and leave no worker process behind.
Imports from ``slidingtiles._*`` here are of internal units that have no public name.
"""

from __future__ import annotations

import functools
import os
import random
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import pytest

import slidingtiles as st
from slidingtiles import Board, pdb
from slidingtiles._engine import dispatch
from slidingtiles._solve.parallel import IterationStats, parallel_search
from tests.conftest import oracle_for

pytestmark = pytest.mark.usefixtures("table_cache")


@pytest.fixture(autouse=True)
def split_every_iteration(monkeypatch: pytest.MonkeyPatch) -> None:
    """These tests are of the split search on processes: the boards are small, so every
    iteration after the first goes to the pool or executor (normally small ones stay here)."""
    monkeypatch.setattr("slidingtiles._solve.parallel.INLINE_SECONDS", 0)
    monkeypatch.setattr("slidingtiles._solve.reach.SERIAL_NODES", 0)


GOAL3 = Board.goal(3, 3, blank="first")
GOAL34 = Board.goal(3, 4, blank="first")


@functools.cache  # a table is a value: built once for all the tests
def tables3() -> pdb.PatternDatabase:
    """Non-perfect 3x3 tables (a perfect table is walked, never split)."""
    return pdb.PatternDatabase.build(3, 3, GOAL3, groups=[(1, 2, 3, 4), (5, 6, 7, 8)])


@functools.cache
def tables34() -> pdb.PatternDatabase:
    return pdb.PatternDatabase.build(3, 4, GOAL34, groups=[(1, 2, 4, 5, 8), (3, 6, 7, 9, 10, 11)])


def serial(db: pdb.PatternDatabase, board: Board) -> tuple[str, st.SearchStats]:
    """The serial maxed kernel's answer (what the parallel search splits)."""
    guard = dispatch.engine_guard()
    return dispatch.kernels.ida_maxed([db], list(board.tiles), guard, (0, 1, 2, 3))


def unique_optimal_boards(count: int, seed: int) -> list[Board]:
    """3x3 boards far from the goal with exactly one optimal path (by the oracle)."""
    oracle = oracle_for(GOAL3)
    moves = [[n for n, _ in options] for options in _blank_moves(3, 3)]

    @functools.cache  # each board's count once: without it the recursion takes seconds
    def paths(tiles: tuple[int, ...]) -> int:
        d = oracle.distance[tiles]
        if d == 0:
            return 1
        total = 0
        blank = tiles.index(0)
        for n in moves[blank]:
            new = list(tiles)
            new[blank], new[n] = new[n], 0
            if oracle.distance[tuple(new)] == d - 1:
                total += paths(tuple(new))
                if total > 1:
                    break
        return total

    far = [t for t, d in oracle.distance.items() if d >= 20]
    random.Random(seed).shuffle(far)
    return [Board(list(t), shape=(3, 3)) for t in far if paths(t) == 1][:count]


def _blank_moves(rows: int, cols: int) -> tuple[tuple[tuple[int, int], ...], ...]:
    from slidingtiles._board.geometry import blank_moves

    return blank_moves(rows, cols)


def test_in_this_process_the_split_search_is_the_serial_search() -> None:
    db = tables34()
    for seed in range(6):
        board = st.random_board(3, 4, seed=seed, goal=GOAL34)
        moves, stats = parallel_search(board, GOAL34, db, workers=1)
        expected, expected_stats = serial(db, board)
        assert moves == expected
        assert stats.iterations == expected_stats.iterations
        assert board.apply(moves) == GOAL34


@pytest.mark.slow  # pools give the serial length in test_solve_with_workers_and_with_an_executor
def test_a_pool_gives_the_serial_length_and_the_unique_path() -> None:
    db = tables3()
    for board in unique_optimal_boards(3, seed=1):
        moves, _ = parallel_search(board, GOAL3, db, workers=2)
        assert moves == serial(db, board)[0]
    for seed in range(2):
        board = st.random_board(3, 4, seed=seed, goal=GOAL34)
        moves, _ = parallel_search(board, GOAL34, tables34(), workers=2)
        assert len(moves) == len(serial(tables34(), board)[0])
        assert board.apply(moves) == GOAL34


def test_solve_with_workers_and_with_an_executor() -> None:
    boards = [st.random_board(3, 4, seed=seed) for seed in range(3)]
    with ProcessPoolExecutor(2) as executor:
        for board in boards:
            alone = st.solve(board, heuristic="pdb")
            pooled = st.solve(board, heuristic="pdb", workers=2)
            lent = st.solve(board, heuristic="pdb", executor=executor)
            assert len(pooled) == len(lent) == len(alone)
            assert pooled.optimal
            assert lent.optimal
            assert pooled.boards[-1] == lent.boards[-1] == Board.goal(3, 4)


def test_a_dask_cluster_on_loopback() -> None:
    distributed = pytest.importorskip("dask.distributed")
    db = tables3()
    path = Path(os.environ[pdb.ENV_CACHE_DIR]) / "parallel-3x3.stpdb"
    from slidingtiles._heuristics._pdb.tablefile import write_table

    write_table(db, path)
    on_file = pdb.read_table(path)  # the workers read the tables from this file
    with (
        distributed.LocalCluster(
            n_workers=2,
            threads_per_worker=1,
            processes=True,
            host="127.0.0.1",
            dashboard_address=None,
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        executor = client.get_executor()
        for board in unique_optimal_boards(3, seed=2):
            moves, _ = parallel_search(board, GOAL3, on_file, executor=executor, workers=2)
            assert moves == serial(db, board)[0]
        solution = st.solve(st.random_board(3, 4, seed=0), heuristic="pdb", executor=executor)
        assert len(solution) == len(st.solve(st.random_board(3, 4, seed=0), heuristic="pdb"))


def test_progress_reports_every_iteration() -> None:
    board = st.random_board(3, 4, seed=4, goal=GOAL34)
    seen: list[st.SearchStats] = []
    moves, stats = parallel_search(board, GOAL34, tables34(), workers=2, progress=seen.append)
    ends = [s for s in seen if isinstance(s, IterationStats) and s.finished == s.subtrees]
    bounds = [s.bound for s in ends]
    assert bounds == sorted(set(bounds))
    assert len(bounds) == stats.iterations - 1
    assert all(b < len(moves) for b in bounds)
    assert [s.expanded for s in ends] == sorted(s.expanded for s in ends)


def test_limits_hold_across_workers() -> None:
    board = st.random_board(3, 4, seed=2, goal=GOAL34)
    total = serial(tables34(), board)[1].expanded
    for cap in (1, 50, total // 2):
        with pytest.raises(st.SearchLimitExceeded) as caught:
            parallel_search(board, GOAL34, tables34(), workers=2, max_nodes=cap)
        assert caught.value.limit == "nodes"
        assert caught.value.stats.expanded <= cap
    hard = Board("0 15 14 13/12 11 10 9/8 7 6 5/4 3 1 2")
    db = pdb.PatternDatabase.build(
        4, 4, Board.goal(4, 4, blank="first"), groups=[(1, 2, 3, 4), (5, 6, 7, 8)]
    )
    with pytest.raises(st.SearchLimitExceeded) as caught:
        parallel_search(hard, Board.goal(4, 4, blank="first"), db, workers=2, time_limit=0.5)
    assert caught.value.limit == "time"


def _children() -> set[int]:
    me, found = os.getpid(), set()
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                fields = Path(f"/proc/{entry}/stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == me and fields[0] != "Z":
                found.add(int(entry))
    return found


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="finds workers through /proc")
def test_no_worker_outlives_the_search_however_it_ends() -> None:
    before = _children()
    board = st.random_board(3, 4, seed=1, goal=GOAL34)
    parallel_search(board, GOAL34, tables34(), workers=2)
    assert _children() == before

    def interrupt(stats: st.SearchStats) -> None:
        raise KeyboardInterrupt

    hard = st.random_board(4, 4, seed=3, goal=Board.goal(4, 4, blank="first"))
    db = pdb.PatternDatabase.build(
        4, 4, Board.goal(4, 4, blank="first"), groups=[(1, 2, 3), (4, 5, 6), (7, 8, 9)]
    )
    with pytest.raises(KeyboardInterrupt):
        parallel_search(hard, Board.goal(4, 4, blank="first"), db, workers=2, progress=interrupt)
    assert _children() == before
    with pytest.raises(st.SearchLimitExceeded):
        parallel_search(hard, Board.goal(4, 4, blank="first"), db, workers=2, max_nodes=10)
    assert _children() == before


@pytest.mark.parametrize(
    ("options", "error", "words"),
    [
        ({"workers": 0}, st.InvalidOptionError, "workers"),
        ({"workers": "2"}, TypeError, "workers"),
        ({"workers": True}, TypeError, "workers"),
        ({"executor": object()}, TypeError, "executor"),
    ],
)
def test_bad_parallel_options_are_named(
    options: dict[str, object], error: type[Exception], words: str
) -> None:
    with pytest.raises(error, match=words):
        st.solve("1 2 3/4 5 6/7 0 8", **options)  # type: ignore[arg-type]
