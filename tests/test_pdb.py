"""Pattern databases: tables against the BFS oracle, the file format, the cache, concurrency.

Imports from ``slidingtiles._*`` here are of internal units that have no public name.
"""

from __future__ import annotations

import io
import multiprocessing
import random
import re
import sys
import threading
import types
import warnings
from collections import deque
from pathlib import Path
from typing import ClassVar

import pytest

import slidingtiles as st
from slidingtiles import Board, heuristics, pdb
from slidingtiles._engine import dispatch as _backend
from slidingtiles._engine.indexing import digits_index, encoding_for, perm_rank
from slidingtiles._heuristics._pdb import first_use, store
from tests.conftest import goals, slow_case

KORF = Path(__file__).resolve().parent.parent / "benchmarks" / "data" / "korf100.txt"


pytestmark = pytest.mark.usefixtures("table_cache")


def abstract_distances(goal: Board, group: tuple[int, ...]) -> dict[tuple[int, ...], int]:
    """Independent 0-1 BFS over (group cells, blank): fewest group-tile moves, min over blank."""
    rows, cols = goal.shape
    home = tuple(goal.tiles.index(t) for t in group)
    best: dict[tuple[int, ...], int] = {}
    dist = {(home, goal.blank): 0}
    queue = deque([(home, goal.blank)])
    while queue:
        state = queue.popleft()
        cells, blank = state
        d = dist[state]
        best[cells] = min(best.get(cells, d), d)
        r, c = divmod(blank, cols)
        for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            if not (0 <= rr < rows and 0 <= cc < cols):
                continue
            n = rr * cols + cc
            moved = tuple(blank if p == n else p for p in cells)
            cost = 1 if n in cells else 0
            nxt = (moved, n)
            if nxt not in dist or dist[nxt] > d + cost:
                dist[nxt] = d + cost
                if cost:
                    queue.append(nxt)
                else:
                    queue.appendleft(nxt)
    return best


# -- tables against exhaustive search --------------------------------------------


@pytest.mark.parametrize("shape", [(3, 3), (2, 4)])
def test_group_tables_match_an_independent_abstract_search(shape: tuple[int, int]) -> None:
    for goal in goals(*shape):
        db = pdb.PatternDatabase.build(*shape, goal, groups=[(1, 2, 3), (4, 5)])
        cells = goal.size
        built_for = Board(list(db.goal), shape)  # the canonical goal of the goal's blank cell
        for g, group in enumerate(db.groups):
            expected = abstract_distances(built_for, group)
            table = db.tables[g]
            assert sum(1 for v in table if v != 255) == len(expected)
            for positions, d in expected.items():
                assert table[digits_index(positions, cells)] == d


@pytest.mark.parametrize("shape", [(3, 3), (2, 4)])
def test_perfect_table_is_the_exact_distance(shape: tuple[int, int], oracle) -> None:  # type: ignore[no-untyped-def]
    for goal in goals(*shape)[:2]:
        db = pdb.load(*shape, goal)
        assert db.perfect
        assert db.encodings == ("perm",)
        distance = oracle(goal).distance
        items = list(distance.items())
        if len(items) > 30_000:
            items = random.Random(1).sample(items, 30_000)
        for tiles, d in items:
            assert db.value(tiles) == d


@pytest.mark.parametrize(
    ("shape", "groups"),
    [
        ((3, 3), [(1, 2, 3, 4), (5, 6, 7, 8)]),
        slow_case((3, 3), [(1, 5, 7), (2, 3, 4), (6, 8)]),
        slow_case((2, 4), [(1, 2, 3, 4), (5, 6, 7)]),
        ((2, 4), [(1, 5), (2, 6), (3, 7), (4,)]),
    ],
)
def test_additive_tables_are_admissible(  # type: ignore[no-untyped-def]
    shape: tuple[int, int], groups: list[tuple[int, ...]], oracle
) -> None:
    rng = random.Random(7)
    for goal in goals(*shape):
        db = pdb.PatternDatabase.build(*shape, goal, groups=groups)
        manhattan = heuristics.get("manhattan").for_goal(goal)
        distance = oracle(goal).distance
        states = list(distance)
        sample = states if len(states) <= 25_000 else rng.sample(states, 25_000)
        for tiles in sample:
            h = db.value(tiles)
            assert manhattan(tiles) <= h <= distance[tiles]
            # Additivity: no single group exceeds the distance and their sum does not either.
            assert sum(db.group_values(tiles)) <= distance[tiles]


def mirrored(tiles: tuple[int, ...], db: pdb.PatternDatabase) -> tuple[int, ...]:
    """The board transposed, each tile renamed to its mirror: an explicit reflection."""
    n = db.rows
    out = [0] * len(tiles)
    for cell, t in enumerate(tiles):
        r, c = divmod(cell, n)
        out[c * n + r] = db.mirror[t]
    return tuple(out)


def test_reflection_is_a_symmetry_and_the_lookup_matches_it(oracle) -> None:  # type: ignore[no-untyped-def]
    rng = random.Random(3)
    for goal in goals(3, 3):
        built = pdb.PatternDatabase.build(3, 3, goal, groups=[(1, 2, 3), (4, 5, 6), (7, 8)])
        db = built.for_goal(built.goal)  # the reflection is the canonical goal's
        goal = Board(list(db.goal), (3, 3))
        assert db.reflect  # every goal here has its blank on the main diagonal
        distance = oracle(goal).distance
        assert mirrored(goal.tiles, db) == goal.tiles
        for tiles in rng.sample(list(distance), 3000):
            reflected = mirrored(tiles, db)
            assert distance[reflected] == distance[tiles]
            assert db.group_values(tiles, reflected=True) == db.group_values(reflected)
            both = (sum(db.group_values(tiles)), sum(db.group_values(reflected)))
            assert db.value(tiles) == max(both)


def test_no_reflection_off_the_diagonal() -> None:
    goal = Board("1 0 2/3 4 5/6 7 8")
    db = pdb.PatternDatabase.build(3, 3, goal, groups=[(1, 2, 3, 4), (5, 6, 7, 8)])
    assert not db.reflect
    with pytest.raises(ValueError, match="reflection"):
        db.group_values(goal.tiles, reflected=True)
    assert not pdb.PatternDatabase.build(2, 4, groups=[(1, 2)]).reflect


def test_sampled_4x4_tables_with_small_groups_stay_below_known_optima() -> None:
    goal = Board.goal(4, 4, blank="first")
    groups = [(1, 2, 3), (4, 5, 6), (7, 8, 9), (10, 11, 12), (13, 14, 15)]
    db = pdb.PatternDatabase.build(4, 4, goal, groups=groups)
    assert db.reflect
    manhattan = heuristics.get("manhattan").for_goal(goal)
    for line in KORF.read_text().splitlines():
        if line.startswith("#") or not line.strip():
            continue
        length, *tiles = map(int, line.split())
        h = db.value(tuple(tiles))
        assert manhattan(tuple(tiles)) <= h <= length
        assert h % 2 == length % 2 or h < length
    # Random walks: the value never exceeds the walk's length.
    rng = random.Random(5)
    for _ in range(200):
        board = goal
        steps = rng.randrange(1, 30)
        for _ in range(steps):
            board = rng.choice([b for _, b in board.neighbors()])
        assert db.value(board.tiles) <= steps


# -- encodings and partitions ----------------------------------------------------------


def test_perm_rank_is_a_bijection() -> None:
    from itertools import permutations

    ranks = sorted(perm_rank(p, 5) for p in permutations(range(5), 3))
    assert ranks == list(range(60))


def test_partitions() -> None:
    assert pdb.partition_names(4, 4) == ["6-6-3", "5-5-5", "7-8"]
    for goal in [*goals(4, 4), Board([*range(1, 6), 0, *range(6, 16)], shape=(4, 4))]:
        for name in ("6-6-3", "5-5-5"):
            groups = pdb.partition(4, 4, goal, name)
            tiles = sorted(t for g in groups for t in g)
            assert tiles == list(range(1, 16))
            assert sorted(len(g) for g in groups) == sorted(int(x) for x in name.split("-"))
    assert pdb.partition(3, 4) == ((1, 2, 3, 4, 5, 6), (7, 8, 9, 10, 11))
    assert pdb.preferred_partition(2, 4, use="default") == "perfect"
    with pytest.raises(ValueError, match="'fastest'"):
        pdb.preferred_partition(2, 4, use="fastest")
    if _backend.IMPLEMENTATION == "numba":
        first = Board.goal(4, 4, blank="first")
        assert pdb.partition(4, 4, first, "7-8") == ((1, 2, 3, 4, 5, 6, 7), tuple(range(8, 16)))
    else:
        with pytest.raises(ValueError, match=r"7-8.*slidingtiles\[fast\]"):
            pdb.partition(4, 4, None, "7-8")
    with pytest.raises(ValueError, match="unknown partition 'x'"):
        pdb.partition(4, 4, None, "x")
    with pytest.raises(ValueError, match="two groups"):
        pdb.PatternDatabase.build(3, 3, groups=[(1, 2), (2, 3)])
    with pytest.raises(ValueError, match="not a tile"):
        pdb.PatternDatabase.build(3, 3, groups=[(1, 9)])
    with pytest.raises(ValueError, match=r"too large|entries"):
        encoding_for(25, 12)
    with pytest.raises(ValueError, match="positive"):
        pdb.partition(0, 3)


# -- files, cache, concurrency ------------------------------------------------------------


def test_file_round_trip(table_cache: Path) -> None:
    db = pdb.build(3, 4, groups=[(1, 2, 3), (4, 5, 6, 7)], name="small")
    assert db.path is not None
    assert db.path.parent == table_cache
    again = pdb.read_table(db.path)
    assert (again.rows, again.cols, again.goal, again.groups, again.name, again.encodings) == (
        3,
        4,
        db.goal,
        db.groups,
        "small",
        ("digits", "digits"),
    )
    assert again.tables == db.tables
    assert db.path.read_bytes()[:5] == b"STPDB"
    infos = pdb.list_tables()
    assert [(i.path, i.ok, i.partition) for i in infos] == [(db.path, True, "small")]
    assert all(i.ok for i in pdb.verify())


def corrupt(path: Path, how: str) -> None:
    data = bytearray(path.read_bytes())
    if how == "truncate":
        del data[-100:]
    elif how == "flip":
        data[-5] ^= 0x01
    elif how == "magic":
        data[0:5] = b"PICKL"
    elif how == "version":
        data = bytearray(bytes(data).replace(b'"format": 1', b'"format": 9', 1))
    path.write_bytes(bytes(data))


@pytest.mark.parametrize("how", ["truncate", "flip", "magic", "version"])
def test_a_damaged_file_is_detected_and_rebuilt(how: str, monkeypatch: pytest.MonkeyPatch) -> None:
    db = pdb.build(3, 3, groups=[(1, 2, 3), (4, 5, 6, 7, 8)])
    assert db.path is not None
    corrupt(db.path, how)
    with pytest.raises(pdb.PatternDatabaseError):
        pdb.read_table(db.path)
    [info] = pdb.verify()
    assert not info.ok
    assert info.problem
    monkeypatch.setattr(store, "_LOADED", {})
    with pytest.raises(pdb.PatternDatabaseError):
        pdb.load(3, 3, groups=[(1, 2, 3), (4, 5, 6, 7, 8)], build_missing=False)
    rebuilt = pdb.load(3, 3, groups=[(1, 2, 3), (4, 5, 6, 7, 8)])
    assert rebuilt.tables == db.tables
    assert pdb.read_table(db.path).tables == db.tables


def _build_in_child(directory: str) -> None:
    pdb.build(3, 4, groups=[(1, 2, 3, 4, 5)], cache_dir=directory)


def test_two_concurrent_builds_leave_one_good_file(table_cache: Path) -> None:
    context = multiprocessing.get_context("spawn")
    workers = [context.Process(target=_build_in_child, args=(str(table_cache),)) for _ in range(2)]
    for w in workers:
        w.start()
    for w in workers:
        w.join(120)
        assert w.exitcode == 0
    files = sorted(table_cache.iterdir())
    assert len(files) == 1
    assert files[0].suffix == ".stpdb"
    [info] = pdb.verify()
    assert info.ok
    assert (
        pdb.read_table(files[0]).tables
        == pdb.PatternDatabase.build(3, 4, groups=[(1, 2, 3, 4, 5)]).tables
    )


def test_clear_and_cache_dir(table_cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    assert pdb.cache_dir() == table_cache
    assert pdb.cache_dir("/elsewhere") == Path("/elsewhere")
    monkeypatch.delenv(pdb.ENV_CACHE_DIR)
    monkeypatch.setenv("XDG_CACHE_HOME", "/xdg")
    mac = Path.home() / "Library/Caches/slidingtiles"
    assert pdb.cache_dir() in (Path("/xdg/slidingtiles"), mac)
    monkeypatch.setenv(pdb.ENV_CACHE_DIR, str(table_cache))
    db = pdb.load(2, 3)
    assert pdb.is_cached(2, 3)
    (table_cache / "unrelated.txt").write_text("keep me")
    assert pdb.clear() == [db.path]
    assert not pdb.is_cached(2, 3)
    assert (table_cache / "unrelated.txt").exists()


def test_progress_is_reported() -> None:
    seen: list[pdb.BuildProgress] = []
    pdb.PatternDatabase.build(3, 3, groups=[(1, 2, 3), (4, 5)], progress=seen.append)
    assert [p.group for p in seen if p.done] == [0, 1]
    assert max(p.depth for p in seen) > 3
    assert all(p.groups == 2 for p in seen)


def test_registered_heuristic_builds_lazily(table_cache: Path) -> None:
    info = heuristics.get("pdb")
    # Admissible; not consistent: the least cost over blank regions can drop by more than one.
    assert info.admissible
    assert not info.consistent
    assert info.strength > heuristics.get("linear_conflict").strength
    assert list(table_cache.iterdir()) == []  # importing built nothing
    assert info(Board("6 4 7/8 5 0/3 2 1"), Board.goal(3, 3)) == 31
    assert len(list(table_cache.iterdir())) == 1


def test_solving_with_a_cached_table_never_loads_numpy(table_cache: Path) -> None:
    import subprocess
    import sys

    pdb.load(3, 3)  # built here, in the cache directory the child will use
    code = (
        "import sys, slidingtiles as st\n"
        "assert 'numpy' not in sys.modules\n"
        "assert len(st.solve('6 4 7/8 5 0/3 2 1', heuristic='pdb')) == 31\n"
        "assert 'numpy' not in sys.modules, 'numpy loaded'\n"
    )
    root = Path(__file__).resolve().parent.parent
    env = {"PYTHONPATH": str(root), pdb.ENV_CACHE_DIR: str(table_cache), "PATH": "/usr/bin:/bin"}
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr


def test_a_file_for_another_shape_is_not_trusted(
    table_cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # 1x4 and 2x2 share the goal tuple (1, 2, 3, 0): the header's shape must be checked too.
    wide = pdb.build(1, 4)
    square_path = pdb.table_path(2, 2)
    assert wide.path != square_path
    assert wide.path is not None
    square_path.write_bytes(wide.path.read_bytes())
    monkeypatch.setattr(store, "_LOADED", {})
    with pytest.raises(pdb.PatternDatabaseError, match="another shape"):
        pdb.load(2, 2, build_missing=False)
    assert (pdb.load(2, 2).rows, pdb.load(2, 2).cols) == (2, 2)


def test_solve_prefers_cached_7_8_tables_under_numba(
    table_cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With numba active and 7-8 tables cached, solve(heuristic="pdb") loads them, never builds."""
    from slidingtiles._solve import choose

    goal = Board.goal(4, 4, blank="first")
    assert pdb.preferred_partition(4, 4, goal) == "6-6-3"  # nothing cached
    monkeypatch.setattr(_backend, "IMPLEMENTATION", "numba")
    assert pdb.preferred_partition(4, 4, goal) == "6-6-3"
    path = pdb.table_path(4, 4, goal, "7-8")
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(b"not a table")
    assert pdb.preferred_partition(4, 4, goal) == "7-8"
    # The standard goal's blank maps to the same corner: the same file serves it.
    assert pdb.preferred_partition(4, 4, Board.goal(4, 4)) == "7-8"
    edge_goal = Board("1 0 2 3/4 5 6 7/8 9 10 11/12 13 14 15")
    assert pdb.preferred_partition(4, 4, edge_goal) == "6-6-3"  # another blank cell's file
    requested: list[tuple[str, bool]] = []
    small = pdb.PatternDatabase.build(4, 4, goal, groups=[(1, 2, 3), (4, 5, 6)])
    real_load = pdb.load

    def fake_load(
        rows: int, cols: int, goal_tiles: object, name: str = "default", **kwargs: object
    ) -> pdb.PatternDatabase:
        requested.append((name, bool(kwargs.get("build_missing", True))))
        if name == "7-8":  # the damaged file: what the real load says
            return real_load(rows, cols, goal_tiles, name, build_missing=False)  # type: ignore[arg-type]
        return small

    monkeypatch.setattr(store, "load", fake_load)  # the names the solver and its loader call
    monkeypatch.setattr(first_use, "load", fake_load)
    handled, db = choose._engine_database(heuristics.registry()["pdb"], goal, goal)
    assert handled
    assert db is small
    # The damaged 7-8 file is never rebuilt; the default table is looked up (found: no build).
    assert requested == [("7-8", False), ("6-6-3", False)]


def test_contiguous_tables_are_views_and_still_pickle() -> None:
    """The batched kernel's one buffer replaces the tables instead of copying them."""
    import pickle

    db = pdb.PatternDatabase.build(3, 3, groups=[(1, 2, 3, 4), (5, 6, 7, 8)])
    before = [bytes(t) for t in db.tables]
    buffer, offsets = db.contiguous()
    assert db.contiguous()[0] is buffer  # made once
    assert [bytes(t) for t in db.tables] == before
    assert all(isinstance(t, memoryview) and t.obj is buffer.obj for t in db.tables)
    assert offsets == (0, len(before[0]), len(before[0]) + len(before[1]))
    assert bytes(buffer) == b"".join(before) + b"\x00"
    again = pickle.loads(pickle.dumps(db))
    assert [bytes(t) for t in again.tables] == before
    board = Board("8 7 6/5 4 3/2 1 0").tiles
    assert again.value(board) == db.value(board) > 0


def test_4_bit_tables_hold_the_same_values_and_round_trip(table_cache: Path) -> None:
    """The 7-8 layout (perm ranks, 4-bit excess over Manhattan) on a small custom partition."""
    groups = [(1, 2, 3, 4), (5, 6, 7, 8)]
    if _backend.IMPLEMENTATION != "numba":
        with pytest.raises(ImportError, match="numba"):
            pdb.PatternDatabase.build(3, 3, groups=groups, name="7-8")
        return
    plain = pdb.PatternDatabase.build(3, 3, groups=groups)
    packed = pdb.build(3, 3, groups=groups, name="7-8")
    assert (packed.entry, packed.encodings) == ("u4-excess", ("perm", "perm"))
    assert [len(t) for t in packed.tables] == [(9 * 8 * 7 * 6 + 1) // 2] * 2
    assert packed.path is not None
    again = pdb.read_table(packed.path).for_goal(Board.goal(3, 3))
    assert (again.entry, again.tables) == (packed.entry, packed.tables)
    rng = random.Random(11)
    for _ in range(500):
        tiles = tuple(rng.sample(range(9), 9))
        assert again.group_values(tiles) == plain.group_values(tiles)
        assert again.value(tiles) == plain.value(tiles)


#: A 3x4 goal with the blank on an edge: its tables (6-5) do not ship with the package (those of
#: a corner blank do), so a first use builds them: the smallest build that is announced.
EDGE_GOAL = "1 0 2 3/4 5 6 7/8 9 10 11"


def edge_goal() -> Board:
    return Board(EDGE_GOAL)


def twelve_puzzle() -> Board:
    """A 3x4 board two moves from `edge_goal`."""
    return Board("1 5 2 3/4 9 6 7/8 0 10 11")


def test_a_first_use_build_is_announced_with_its_cost(
    table_cache: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The 15-puzzle's silent 30 s, seen on a 3x4 board: warned once, with cost and remedies."""
    with pytest.warns(first_use.TableBuildWarning) as record:
        sol = st.solve(twelve_puzzle(), edge_goal())
    assert (sol.heuristic, len(sol), sol.optimal) == ("pdb", 2, True)
    [warning] = record
    text = str(warning.message)
    expected = f"building the 3x4 pattern database (partition default, goal {EDGE_GOAL})"
    assert text.startswith(expected)  # the CLI prefixes "slidingtiles: " (said once)
    assert re.search(r"about \d+ s and 3\.2 MB", text), text  # estimated time and exact size
    assert str(pdb.table_path(3, 4, edge_goal())) in text
    assert f'slidingtiles pdb build 3x4 --goal "{EDGE_GOAL}".' in text  # how to build it first
    assert "build_tables=False" in text  # how to opt out, from Python
    assert "SLIDINGTILES_BUILD_TABLES=0" in text  # and from the environment
    assert warning.filename == __file__  # it points at the caller's line, not at the library
    assert [p.name for p in table_cache.iterdir()] == [pdb.table_path(3, 4, edge_goal()).name]
    assert capsys.readouterr().err == ""  # standard error is not a terminal: no progress
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert len(st.solve(twelve_puzzle(), edge_goal())) == 2  # cached now: silent
        store._LOADED.clear()
        assert len(st.solve(twelve_puzzle(), edge_goal())) == 2  # loaded from the file: silent
        # Small builds (2x5: 0.1 MB, well under a second) are not worth a warning.
        assert st.solve(Board.goal(2, 5).move("U")).heuristic == "pdb"
        assert [p.name for p in table_cache.iterdir()].count(pdb.table_path(2, 5).name) == 1


def test_the_pdb_heuristic_function_announces_its_build_too(table_cache: Path) -> None:
    info = heuristics.get("pdb")
    goal = edge_goal()
    with pytest.warns(first_use.TableBuildWarning, match="3x4"):
        assert info(twelve_puzzle(), goal) == 2
    store._LOADED.clear()
    table_cache.joinpath(pdb.table_path(3, 4, goal).name).unlink()
    with pytest.warns(first_use.TableBuildWarning, match="3x4"):
        assert len(st.solve(twelve_puzzle(), goal, heuristic="pdb", algorithm="astar")) == 2


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


class _FakeTqdm:
    """Records what a tqdm bar is told."""

    bars: ClassVar[list[_FakeTqdm]] = []

    def __init__(self, total: int, **options: object) -> None:
        self.total, self.n, self.options, self.closed = total, 0, options, False
        self.postfixes: list[str] = []
        _FakeTqdm.bars.append(self)

    def update(self, n: int) -> None:
        assert n >= 0
        self.n += n

    def set_postfix_str(self, text: str, refresh: bool = True) -> None:
        self.postfixes.append(text)

    def close(self) -> None:
        self.closed = True


@pytest.mark.parametrize("tqdm_installed", [False, True])
def test_build_progress_is_shown_on_a_terminal(
    tqdm_installed: bool, table_cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    terminal = _Terminal()
    monkeypatch.setattr(sys, "stderr", terminal)
    fake = types.ModuleType("tqdm")
    fake.tqdm = _FakeTqdm  # type: ignore[attr-defined]
    _FakeTqdm.bars = []
    monkeypatch.setitem(sys.modules, "tqdm", fake if tqdm_installed else None)  # None: no tqdm
    with pytest.warns(first_use.TableBuildWarning):
        assert len(st.solve(twelve_puzzle(), edge_goal())) == 2
    if tqdm_installed:
        [bar] = _FakeTqdm.bars
        assert bar.closed
        assert bar.n == bar.total > 0  # full only when built
        assert bar.options["file"] is terminal
        assert (bar.postfixes[0], bar.postfixes[-1]) == ("group 1/2", "group 2/2")
        assert terminal.getvalue() == ""
    else:
        lines = terminal.getvalue().splitlines()
        assert lines[0] == "slidingtiles: building the 3x4 pattern database ..."
        assert any("(group 1/2, " in line for line in lines[1:-1])  # each group's end is shown
        assert lines[-1].startswith("slidingtiles: building the 3x4 pattern database: 100%")
        assert "(group 2/2" in lines[-1]


def test_threads_solving_at_once_build_a_missing_table_once(
    table_cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from concurrent.futures import ThreadPoolExecutor

    real_build = store.build
    builds: list[tuple[int, int]] = []

    def slow_build(rows: int, cols: int, *args: object, **kwargs: object) -> pdb.PatternDatabase:
        builds.append((rows, cols))
        threading.Event().wait(0.3)  # the other threads arrive while this one builds
        return real_build(rows, cols, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(first_use, "build", slow_build)  # the name load_for_solving calls
    goal = edge_goal()
    boards = [st.scramble(goal, 12, seed=seed) for seed in range(4)]
    with pytest.warns(first_use.TableBuildWarning) as record, ThreadPoolExecutor(4) as pool:
        solutions = list(pool.map(st.solve, boards, [goal] * len(boards)))
    assert builds == [(3, 4)]
    assert len(record) == 1
    assert all(sol.heuristic == "pdb" and sol.optimal for sol in solutions)


def test_build_states_match_what_the_builder_visits() -> None:
    """The exact totals progress displays use are the states a build visits."""
    for rows, cols in [(2, 3), (3, 3), (3, 4)]:
        name = pdb.preferred_partition(rows, cols, use="default")
        visited: dict[int, int] = {}

        def seen(step: pdb.BuildProgress, visited: dict[int, int] = visited) -> None:
            if not step.done:
                visited[step.group] = step.states

        groups = pdb.partition(rows, cols, None, name)
        pdb.PatternDatabase.build(rows, cols, None, name, progress=seen)
        assert [pdb.build_states(rows, cols, len(g)) for g in groups] == [
            (visited[i], True) for i in range(len(groups))
        ]
