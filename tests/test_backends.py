"""Every kernel implementation against the BFS oracle and against each other.

The pure-Python kernels are the reference: the numba kernels must return the
same move strings and the same expanded/generated/iteration counts, hit limits
at the same expansion and report the same progress snapshots (the batched
pattern-database kernel checks limits per batch: see `test_limits_and_progress_are_identical`).
Imports from ``slidingtiles._*`` here are of internal units that have no public name.
"""

from __future__ import annotations

import os
import random
import subprocess
import sys
import threading
import time
import types
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st_

import slidingtiles as st
from slidingtiles import BackendError, Board, _accel, pdb
from slidingtiles._board.symmetry import frame_for
from slidingtiles._engine import dispatch as _backend
from slidingtiles._engine.indexing import DIGITS, PERM, U4_EXCESS
from slidingtiles._engine.python.build import build_group_table as numpy_build
from slidingtiles._engine.python.pdb import walk_perfect
from slidingtiles._engine.rental import Rent, Rental
from slidingtiles.pdb import PatternDatabaseError, read_table
from slidingtiles.search import Guard
from tests.conftest import Oracle, goals, slow_case

ROOT = Path(__file__).resolve().parent.parent
pytestmark = pytest.mark.usefixtures("table_cache")


def samples(oracle: Oracle, count: int, seed: int) -> list[tuple[tuple[int, ...], int]]:
    """The farthest states plus a random sample."""
    items = sorted(oracle.distance.items(), key=lambda item: item[1])
    return [*items[-2:], *random.Random(seed).sample(items, count)]


def guard(
    max_nodes: int | None,
    time_limit: float | None,
    progress: Callable[[st.SearchStats], object] | None,
) -> Guard:
    """The guard the engine gives a kernel: IDA*, a pause at least every 16384 nodes."""
    return Guard(
        "idastar",
        max_nodes=max_nodes,
        time_limit=time_limit,
        max_memory=None,
        progress=progress,
        progress_every=1 << 14,
        state_bytes=0,
        time_stride=1 << 14,
    )


Run = Callable[[_backend.Kernels, list[int], Guard], _backend.EngineResult]


def runner(heuristic: str, goal: Board, db: pdb.PatternDatabase | None = None) -> Run:
    """A call of the kernel for ``heuristic`` (the dispatch engine_solve does)."""
    if heuristic == "pdb":
        assert db is not None
        # Kernels search the canonical goal's tables on the board turned into their frame.
        frame = frame_for(goal.rows, goal.cols, goal.tiles)
        base = db.for_goal(db.goal)

        def mapped(tiles: list[int]) -> list[int]:
            return list(frame.board(tiles))

        if db.perfect:
            return lambda k, tiles, guard: walk_perfect(base, mapped(tiles), guard, frame.order)
        return lambda k, tiles, guard: k.ida_pdb(base, mapped(tiles), guard, frame.order)
    conflicts = heuristic == "linear_conflict"
    return lambda k, tiles, guard: k.ida_manhattan(
        goal.rows, goal.cols, goal.tiles, tiles, guard, conflicts
    )


def counts(result: _backend.EngineResult) -> tuple[str, int, int, int, int]:
    moves, stats = result
    return moves, stats.expanded, stats.generated, stats.iterations, stats.max_frontier


def solved(board: Board, goal: Board, moves: str, length: int) -> None:
    assert len(moves) == length
    assert board.apply(moves) == goal


# -- against the oracle, every implementation ----------------------------------------------


@pytest.mark.parametrize("shape", [(3, 3), (2, 4)])
@pytest.mark.parametrize("heuristic", ["manhattan", "linear_conflict"])
def test_manhattan_kernels_match_the_oracle(
    kernels: _backend.Kernels,
    oracle: Callable[[Board], Oracle],
    shape: tuple[int, int],
    heuristic: str,
) -> None:
    for index, goal in enumerate(goals(*shape)):
        table = oracle(goal)
        run = runner(heuristic, goal)
        for tiles, distance in samples(table, 12, seed=index):
            moves, stats = run(kernels, list(tiles), guard(None, None, None))
            solved(table.board(tiles), goal, moves, distance)
            assert stats.max_frontier == distance


@pytest.mark.parametrize(
    ("shape", "groups"),
    [
        ((3, 3), [(1, 2, 3, 4), (5, 6, 7, 8)]),
        ((3, 3), [(2, 5), (1, 3, 4, 6)]),
        ((2, 4), [(1, 2, 3), (4, 5, 6, 7)]),
    ],
)
def test_pdb_kernels_match_the_oracle(
    kernels: _backend.Kernels,
    oracle: Callable[[Board], Oracle],
    shape: tuple[int, int],
    groups: list[tuple[int, ...]],
) -> None:
    """Digits tables, with and without the reflection, with tiles outside every group."""
    for index, goal in enumerate(goals(*shape)):
        db = pdb.PatternDatabase.build(*shape, goal, groups=groups)
        table = oracle(goal)
        run = runner("pdb", goal, db)
        for tiles, distance in samples(table, 12, seed=10 + index):
            moves, _ = run(kernels, list(tiles), guard(None, None, None))
            solved(table.board(tiles), goal, moves, distance)


def test_perfect_walk_matches_the_oracle(
    kernels: _backend.Kernels, oracle: Callable[[Board], Oracle]
) -> None:
    goal = Board.goal(2, 4, blank="first")
    db = pdb.PatternDatabase.build(2, 4, goal)
    assert db.perfect
    table = oracle(goal)
    for tiles, distance in samples(table, 20, seed=3):
        moves, _ = walk_perfect(db, list(tiles), guard(None, None, None))
        solved(table.board(tiles), goal, moves, distance)


def test_goal_needs_no_search(kernels: _backend.Kernels) -> None:
    goal = Board.goal(3, 3)
    db = pdb.PatternDatabase.build(3, 3, goal, groups=[(1, 2, 3, 4), (5, 6, 7, 8)])
    for heuristic in ("manhattan", "linear_conflict", "pdb"):
        run = runner(heuristic, goal, db)
        moves, stats = run(kernels, list(goal.tiles), guard(None, None, None))
        assert (moves, stats.expanded, stats.generated) == ("", 0, 0)


# -- the implementations against each other ----------------------------------------------------


@pytest.mark.parametrize("shape", [(3, 3), (2, 4)])
def test_identical_node_counts_on_oracle_states(
    both: tuple[_backend.Kernels, _backend.Kernels],
    oracle: Callable[[Board], Oracle],
    shape: tuple[int, int],
) -> None:
    python, numba = both
    for index, goal in enumerate(goals(*shape)):
        db = pdb.PatternDatabase.build(*shape, goal, groups=[(1, 2, 3), (4, 5, 6, 7)])
        table = oracle(goal)
        for heuristic in ("manhattan", "linear_conflict", "pdb"):
            run = runner(heuristic, goal, db)
            for tiles, _ in samples(table, 10, seed=20 + index):
                expected = counts(run(python, list(tiles), guard(None, None, None)))
                assert counts(run(numba, list(tiles), guard(None, None, None))) == expected


def test_identical_node_counts_on_random_4x4(
    both: tuple[_backend.Kernels, _backend.Kernels],
) -> None:
    """Scrambled 15-puzzles (both goal conventions): Manhattan, linear conflict, 4-4-4-3 tables."""
    python, numba = both
    rng = random.Random(7)
    groups = [(1, 2, 5, 6), (3, 4, 7, 8), (9, 10, 13, 14), (11, 12, 15)]
    for blank in ("last", "first"):
        goal = Board.goal(4, 4, blank=blank)
        db = pdb.PatternDatabase.build(4, 4, goal, groups=groups)
        assert db.reflect
        for _ in range(3):
            board = st.scramble(goal, 50, seed=rng.randrange(10**6))
            for heuristic in ("manhattan", "linear_conflict", "pdb"):
                run = runner(heuristic, goal, db)
                expected = counts(run(python, list(board.tiles), guard(None, None, None)))
                solved(board, goal, expected[0], len(expected[0]))
                assert counts(run(numba, list(board.tiles), guard(None, None, None))) == expected


def test_limits_and_progress_are_identical(
    both: tuple[_backend.Kernels, _backend.Kernels],
) -> None:
    """A limit stops both at the same expansion; progress sees the same snapshots.

    Except with tables: past its first big iteration the pure-Python kernel
    searches in batches and checks the guard between batches, so it stops
    within a batch (`CHUNK` expansions) past the limit.
    """
    from slidingtiles._engine.python.batched import CHUNK

    goal = Board.goal(4, 4)
    board = st.random_board(4, 4, seed=1)
    db = pdb.PatternDatabase.build(4, 4, goal, groups=[(1, 2, 3), (4, 5, 6), (7, 8, 9)])
    for heuristic in ("manhattan", "linear_conflict", "pdb"):
        run = runner(heuristic, goal, db)
        outcomes = []
        for kernels in both:
            seen: list[st.SearchStats] = []
            with pytest.raises(st.SearchLimitExceeded) as info:
                run(kernels, list(board.tiles), guard(40_000, None, seen.append))
            stats = info.value.stats
            assert info.value.limit == "nodes"
            outcomes.append(
                (
                    stats.expanded,
                    stats.generated,
                    stats.iterations,
                    [(s.expanded, s.generated, s.iterations) for s in seen],
                )
            )
        if heuristic == "pdb":
            assert 40_000 <= outcomes[0][0] <= 40_000 + CHUNK
            assert outcomes[1][0] == 40_000  # the guard stops before expanding node 40,001
        else:
            assert outcomes[0] == outcomes[1]
        assert outcomes[0][0] >= 40_000
    with pytest.raises(st.SearchLimitExceeded, match="time_limit"):
        runner("manhattan", goal)(both[1], list(board.tiles), guard(None, 0.01, None))


def test_ctrl_c_from_progress_propagates(both: tuple[_backend.Kernels, _backend.Kernels]) -> None:
    goal = Board.goal(4, 4)

    def interrupt(stats: st.SearchStats) -> None:
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        runner("manhattan", goal)(
            both[1], list(st.random_board(4, 4, seed=2).tiles), guard(None, None, interrupt)
        )


@pytest.mark.parametrize(
    ("shape", "group"),
    [
        ((3, 3), (1, 2, 3, 4)),
        ((2, 4), (5, 6, 7)),
        ((4, 4), (1, 2, 3)),
        ((3, 3), tuple(range(1, 9))),
        slow_case((3, 4), (2, 3, 5, 7, 11)),
    ],  # a 5-tile group: the 8-tile 3x3 one is bigger
)
def test_table_builders_agree(
    kernels: _backend.Kernels, shape: tuple[int, int], group: tuple[int, ...]
) -> None:
    """The numba frontier-only search gives the numpy builder's bytes, both encodings."""
    from slidingtiles._engine.indexing import encoding_for

    cells = shape[0] * shape[1]
    for goal in goals(*shape)[: 1 if cells > 12 else 3]:  # 4x4: the numpy builder is slower
        for encoding in {"perm", encoding_for(cells, len(group))}:
            expected = numpy_build(*shape, goal.tiles, group, encoding=encoding)
            built = kernels.build_group_table(
                *shape, goal.tiles, group, encoding=encoding, entry="u8-moves", progress=None
            )
            assert built == expected


def test_supports_pdb(kernels: _backend.Kernels) -> None:
    goal = Board.goal(3, 3)
    assert _backend.supports("pdb", pdb.PatternDatabase.build(3, 3, goal))  # perfect: walked
    digits = pdb.PatternDatabase.build(3, 3, goal, groups=[(1, 2, 3), (4, 5, 6, 7)])
    assert kernels.supports_pdb(digits)
    perm = pdb.PatternDatabase(
        3, 3, goal.tiles, "custom", digits.groups, ("perm", "perm"), (b"", b"")
    )
    assert kernels.supports_pdb(perm)  # both: perm-ranked tables go to the maxed kernels


# -- perm-ranked and 4-bit tables (numba only: the 7-8 partition) ------------------------------


def encoded_variants(goal: Board, groups: list[tuple[int, ...]]) -> list[pdb.PatternDatabase]:
    """The same partition as digits, perm (8-bit) and perm 4-bit tables."""
    pytest.importorskip("numba")
    from slidingtiles._engine.numba import build as nb

    rows, cols = goal.shape
    built = pdb.PatternDatabase.build(rows, cols, goal, groups=groups)
    digits = built.for_goal(built.goal)  # the tables of the canonical goal, as kernels see them
    canonical, groups = digits.goal, list(digits.groups)
    perm = [nb.build_perm_table(rows, cols, canonical, g) for g in groups]
    u8 = pdb.PatternDatabase(
        rows,
        cols,
        canonical,
        "custom",
        digits.groups,
        (PERM,) * len(groups),
        tuple(t.tobytes() for t in perm),
    )
    u4 = pdb.PatternDatabase(
        rows,
        cols,
        canonical,
        "custom",
        digits.groups,
        (PERM,) * len(groups),
        tuple(nb.pack_excess(t, rows, cols, canonical, g) for t, g in zip(perm, groups)),
        entry=U4_EXCESS,
    )
    return [digits, u8, u4]


@pytest.mark.parametrize(
    ("shape", "groups"),
    [
        ((3, 3), [(1, 2, 3), (4, 5, 6, 7)]),
        ((2, 4), [(1, 2, 3, 4), (5, 6, 7)]),
        ((4, 4), [(1, 2, 5, 6), (3, 4, 7, 8), (9, 10, 13, 14), (11, 12, 15)]),
    ],
)
def test_placement_kernel_counts_equal_the_digits_kernel(
    both: tuple[_backend.Kernels, _backend.Kernels],
    shape: tuple[int, int],
    groups: list[tuple[int, ...]],
) -> None:
    """Same values in every encoding, so the same nodes as the pure-Python digits kernel."""
    from slidingtiles._engine.numba import pdb as npdb
    from slidingtiles._engine.numba import placement

    python, _ = both
    rng = random.Random(5)
    for goal in goals(*shape):
        digits, u8, u4 = encoded_variants(goal, groups)
        frame = frame_for(goal.rows, goal.cols, goal.tiles)
        assert npdb.supports_pdb(u4)
        for _ in range(3):
            tiles = list(frame.board(st.scramble(goal, 40, seed=rng.randrange(10**6)).tiles))
            expected = counts(python.ida_pdb(digits, list(tiles), guard(None, None, None)))
            for db in (digits, u8, u4):
                found = counts(
                    placement.ida_pdb_placements(db, list(tiles), guard(None, None, None))
                )
                assert found == expected
            assert counts(npdb.ida_pdb(u4, list(tiles), guard(None, None, None))) == expected


def test_u4_tables_build_and_round_trip_a_table_file(tmp_path: Path) -> None:
    """4-bit tables from the numba builder: written, read back and checked like any table file."""
    pytest.importorskip("numba")
    from slidingtiles._engine.numba import build as nb
    from slidingtiles._heuristics._pdb.tablefile import write_table

    goal = Board.goal(3, 3, blank="first")
    groups = [(1, 2, 3, 4), (5, 6, 7, 8)]
    tables = tuple(
        nb.build_group_table(3, 3, goal.tiles, g, encoding=PERM, entry=U4_EXCESS) for g in groups
    )
    assert tables == tuple(
        nb.pack_excess(nb.build_perm_table(3, 3, goal.tiles, g), 3, 3, goal.tiles, g)
        for g in groups
    )
    db = pdb.PatternDatabase(
        3, 3, goal.tiles, "4-4", tuple(groups), (PERM, PERM), tables, entry=U4_EXCESS
    )
    path = tmp_path / "u4.stpdb"
    write_table(db, path)
    again = read_table(path)
    assert (again.tables, again.groups, again.goal, again.entry) == (
        db.tables,
        db.groups,
        db.goal,
        U4_EXCESS,
    )
    assert [len(t) for t in again.tables] == [(9 * 8 * 7 * 6 + 1) // 2] * 2
    data = bytearray(path.read_bytes())
    data[-5] ^= 0x10
    path.write_bytes(bytes(data))
    with pytest.raises(PatternDatabaseError, match="checksum"):
        read_table(path)
    path.write_bytes(bytes(data[:-3]))
    with pytest.raises(PatternDatabaseError, match="truncated"):
        read_table(path)
    with pytest.raises(ValueError, match="4 bits"):  # an unreached entry cannot be packed
        nb.pack_excess(
            nb.build_perm_table(3, 3, goal.tiles, tuple(range(1, 9))),
            3,
            3,
            goal.tiles,
            tuple(range(1, 9)),
        )
    with pytest.raises(ValueError, match="perm-ranked"):
        nb.build_group_table(3, 3, goal.tiles, (1, 2), encoding=DIGITS, entry=U4_EXCESS)


# -- choosing the implementation -----------------------------------------------------------


def run_python(code: str, implementation: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT), _accel.ENV_IMPLEMENTATION: implementation}
    return subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=120
    )


def test_forced_python_never_imports_numba() -> None:
    code = (
        "import sys, slidingtiles as st\n"
        "from slidingtiles._engine import dispatch\n"
        "assert dispatch.IMPLEMENTATION == 'python', dispatch.IMPLEMENTATION\n"
        "assert len(st.solve('6 4 7/8 5 0/3 2 1', heuristic='manhattan').moves) == 31\n"
        "goal = st.Board.goal(3, 3).tiles\n"
        "moves, _ = dispatch.kernels.ida_manhattan(3, 3, goal, [1, 2, 3, 4, 0, 6, 7, 5, 8],\n"
        "                                          dispatch.engine_guard(), True)\n"
        "assert moves == 'DR', moves\n"
        "assert 'numba' not in sys.modules, 'numba was imported'\n"
        "assert not [m for m in sys.modules if m.startswith('slidingtiles._engine.numba.')]\n"
        "print('ok')\n"
    )
    result = run_python(code, "python")
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "ok"


def test_auto_imports_numba_only_when_a_search_needs_it() -> None:
    pytest.importorskip("numba")
    pdb.build(2, 3)  # in the cache directory the child uses: loading it needs no numba
    code = (
        "import sys, slidingtiles as st\n"
        "from slidingtiles import pdb\n"
        "from slidingtiles._engine import dispatch\n"
        "assert dispatch.IMPLEMENTATION == 'numba', dispatch.IMPLEMENTATION\n"
        "db = pdb.load(2, 3, build_missing=False)\n"
        "goal = st.Board.goal(2, 3)\n"
        "assert dispatch.supports('pdb', db)\n"
        "moves, _ = dispatch.engine_solve(st.Board('1 2 3/4 0 5'), goal, 'pdb', db=db)\n"
        "assert moves == 'R' and 'numba' not in sys.modules\n"
        "moves, _ = dispatch.engine_solve(st.Board('1 2 3/4 0 5'), goal, 'manhattan')\n"
        "assert moves == 'R' and 'numba' in sys.modules\n"
        "print('ok')\n"
    )
    result = run_python(code, "auto")
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "ok"


def test_bogus_implementation_warns_once_falls_back_and_is_a_clear_error() -> None:
    """Importing never fails on it (the command line must be able to say what is wrong)."""
    code = (
        "import warnings, slidingtiles as st\n"
        "from slidingtiles._engine import dispatch\n"
        "assert dispatch.UNUSABLE is not None and dispatch.UNUSABLE.value == 'bogus'\n"
        "with warnings.catch_warnings(record=True) as seen:\n"
        "    warnings.simplefilter('always')\n"
        "    for _ in range(2):\n"
        "        moves, _ = dispatch.engine_solve(st.Board('1 2 3/4 0 6/7 5 8'),\n"
        "                                         st.Board.goal(3, 3), 'manhattan')\n"
        "assert moves == 'DR', moves\n"
        "assert [w.category for w in seen] == [st.BackendWarning], seen\n"
        "print(seen[0].message)\n"
        "try:\n"
        "    st.check_environment()\n"
        "except st.BackendError as error:\n"
        "    print(error)\n"
    )
    result = run_python(code, "bogus")
    assert result.returncode == 0, result.stderr
    warned, error = result.stdout.strip().splitlines()
    assert "'bogus'" in warned
    assert "auto, python, numba" in warned
    assert "instead" in warned
    assert "'bogus'" in error
    assert "auto, python, numba" in error


def test_choose_reads_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(_accel.ENV_IMPLEMENTATION, " Python ")
    assert _backend.choose_kernels()[1] == "python"
    monkeypatch.setenv(_accel.ENV_IMPLEMENTATION, "fast")
    with pytest.raises(BackendError, match="'fast'") as info:
        _backend.choose_kernels()
    assert isinstance(info.value, ImportError)
    assert info.value.value == "fast"


def test_missing_numba(monkeypatch: pytest.MonkeyPatch) -> None:
    """``auto`` falls back silently; ``numba`` says how to install the extra."""
    monkeypatch.setitem(sys.modules, "numba", None)  # makes "import numba" raise ImportError
    monkeypatch.setenv(_accel.ENV_IMPLEMENTATION, "auto")
    kernels, name = _backend.choose_kernels()
    assert name == kernels.name == "python"
    monkeypatch.setenv(_accel.ENV_IMPLEMENTATION, "numba")
    with pytest.raises(BackendError, match=r"slidingtiles\[fast\]"):
        _backend.choose_kernels()


def test_numba_cache_dir(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv("NUMBA_CACHE_DIR", raising=False)
    monkeypatch.setattr(_accel, "_writable", lambda directory: True)
    assert _accel.numba_cache_dir() is None  # numba caches next to the package
    monkeypatch.setattr(_accel, "_writable", lambda directory: False)
    assert _accel.numba_cache_dir() == tmp_path / "numba"  # $SLIDINGTILES_CACHE_DIR/numba
    monkeypatch.setenv("NUMBA_CACHE_DIR", "/mine")
    assert _accel.numba_cache_dir() is None  # the user's setting wins
    monkeypatch.setenv("NUMBA_CACHE_DIR", "")
    monkeypatch.setattr(_accel, "user_cache_dir", lambda: tmp_path / "user")
    _accel.prepare_numba_cache()
    assert os.environ["NUMBA_CACHE_DIR"] == str(tmp_path / "user" / "numba")


def test_a_long_compile_is_told_in_any_thread(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """numba's compile events, sent from a worker thread (the game solves in threads): a compile
    still running after `COMPILE_NOTICE_SECONDS` is told, and so is its end."""
    event = pytest.importorskip("numba.core.event")
    from slidingtiles._engine import kernels

    kernels._listen_to_compiles()
    monkeypatch.setattr(kernels, "COMPILE_NOTICE_SECONDS", 0.01)
    stand_in = types.SimpleNamespace(__qualname__="probe_kernel")

    def compile_for_a_while() -> None:
        with event.trigger_event("numba:compile", data={"dispatcher": stand_in}):
            time.sleep(0.3)  # the notice's timer runs meanwhile

    with caplog.at_level("WARNING", logger="slidingtiles"):
        worker = threading.Thread(target=compile_for_a_while)
        worker.start()
        worker.join()
    told = [r.getMessage() for r in caplog.records]
    assert any("compiling the probe_kernel kernel" in m for m in told), told
    assert any(m.startswith("numba compiled its kernels") for m in told), told


@given(
    calls=st_.lists(
        st_.tuples(st_.integers(0, 400_000), st_.floats(0, 2), st_.booleans()), max_size=30
    )
)
def test_a_rental_never_costs_past_the_compile_and_a_bought_kernel_stays_bought(
    calls: list[tuple[int, float, bool]],
) -> None:
    """Each rented call's worst case fits in what is left of the compile's cost; once a kernel
    is bought (compiled or too costly to rent) it is never rented again."""
    rent = Rent(compile_seconds=4.0, seconds_per_node=1e-5)
    ledger = Rental({"weighted": rent})
    spent, bought = 0.0, False
    for nodes, seconds, ready in calls:
        renting = ledger.rents("weighted", nodes, compiled=lambda ready=ready: ready)
        if renting:
            assert not bought
            assert not ready
            assert spent + nodes * rent.seconds_per_node <= rent.compile_seconds
            spent += seconds
            ledger.spent("weighted", seconds)
        else:
            bought = True
    assert not Rental({}).rents("weighted", 0, compiled=lambda: False)  # nothing declared: compile


def test_the_rented_seconds_add_up_across_processes_in_the_ledger(tmp_path: Path) -> None:
    """A later process (a new `Rental` on the same ledger) goes on from the seconds already
    spent; an unreadable ledger counts from zero, an unwritable one for this process only."""
    path = tmp_path / "rented.json"
    rent = {"weighted": Rent(compile_seconds=4.0, seconds_per_node=1e-5)}
    first = Rental(rent, ledger=lambda: path)
    assert first.rents("weighted", 1_000, compiled=lambda: False)
    first.spent("weighted", 3.5)
    later = Rental(rent, ledger=lambda: path)
    assert later.rents("weighted", 50_000, compiled=lambda: False)  # 3.5 + 0.5 s at most
    assert not later.rents("weighted", 60_000, compiled=lambda: False)  # 3.5 + 0.6: compile
    path.write_text("[not a ledger", encoding="utf-8")
    assert Rental(rent, ledger=lambda: path).rents("weighted", 390_000, compiled=lambda: False)
    blocked = tmp_path / "a file"
    blocked.write_text("", encoding="utf-8")
    alone = Rental(rent, ledger=lambda: blocked / "rented.json")
    alone.spent("weighted", 1.0)  # no directory can be made there: counted in this process
    assert alone.rents("weighted", 300_000, compiled=lambda: False)
    assert not alone.rents("weighted", 310_000, compiled=lambda: False)


def test_a_cold_placing_search_is_rented_then_bought_and_a_kept_one_is_not_rented(
    tmp_path: Path,
) -> None:
    """In a fresh numba cache a cheap `place_group` runs in pure Python, giving the compiled
    kernel's result, and compiles nothing; a costly one compiles; the next process, finding
    it on disk, runs the compiled kernel at once."""
    pytest.importorskip("numba")
    code = (
        "import sys\n"
        "from slidingtiles._engine.kernels import choose_kernels\n"
        "from slidingtiles._engine.numba import weighted\n"
        "kernels = choose_kernels('numba')[0]\n"
        "python = choose_kernels('python')[0]\n"
        "args = (3, 3, [1] * 9, 8, [0, 1], [1, 0], (1, 1))\n"
        "print(weighted.place_group_kept())\n"
        "assert kernels.place_group(*args, 10_000) == python.place_group(*args, 10_000)\n"
        "print(len(weighted._search.signatures))\n"
        "assert kernels.place_group(*args, 10**9) == python.place_group(*args, 10**9)\n"
        "print(len(weighted._search.signatures))\n"
    )
    env = {
        **os.environ,
        "PYTHONPATH": str(ROOT),
        "NUMBA_CACHE_DIR": str(tmp_path / "numba"),
        "SLIDINGTILES_CACHE_DIR": str(tmp_path / "cache"),
    }
    first, second = (
        subprocess.run(
            [sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=300
        )
        for _ in range(2)
    )
    assert first.returncode == 0, first.stderr
    assert first.stdout.split() == ["False", "0", "1"]  # rented, then compiled
    assert second.returncode == 0, second.stderr
    assert second.stdout.split() == ["True", "1", "1"]  # on disk: never rented
