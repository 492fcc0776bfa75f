"""Shared fixtures: hypothesis profiles, the exhaustive BFS oracle over small boards, and both
implementations' kernels (`kernels`, `both`) for every kernel test.

Internal imports here and in the kernel tests are of units with no public name (the engine's
kernels, the table cache's location): the public API is tested through `slidingtiles`.
"""

from __future__ import annotations

import importlib
import os
import pickle
import random
import sys
import tempfile
import time
from collections import deque
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, settings

from slidingtiles import Board
from slidingtiles._board.geometry import blank_moves, home_cells
from slidingtiles._engine.kernels import Kernels, choose_kernels
from slidingtiles._heuristics._pdb import first_use
from slidingtiles._heuristics._pdb import store as _pdb
from slidingtiles._workers import end_kept_pools
from slidingtiles.pdb import PatternDatabase
from slidingtiles.search import Guard

# Never touch the user's table cache; tables built by one test are reused by the next.
os.environ[_pdb.ENV_CACHE_DIR] = tempfile.mkdtemp(prefix="st-tables-")
# The suite may build small tables on first use, never the 4x4 ones (20-30 s each).
first_use.AUTO_BUILD_SECONDS = 5.0

# Two runs share one suite (README "Development"): the fast run (the default, `-m "not slow"` in
# pyproject's addopts) and the full run (`-m ""`, what .ci/run does). The full run keeps the
# example counts we always had: "ci" under CI=true (hypothesis's own "ci" profile is what CI
# would load, ours must not inherit it: explicit parents), "dev" elsewhere; the fast run draws
# fewer examples. HYPOTHESIS_PROFILE chooses one by name.
#: Profile name: (parent profile, examples per test).
HYPOTHESIS_PROFILES = {"fast": ("default", 10), "dev": ("default", 60), "ci": ("ci", 100)}
for _name, (_parent, _examples) in HYPOTHESIS_PROFILES.items():
    settings.register_profile(
        _name,
        parent=settings.get_profile(_parent),
        max_examples=_examples,
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow],
    )


def pytest_configure(config: pytest.Config) -> None:
    """Load the Hypothesis profile of this run (before any test module is imported)."""
    LOADED_PROFILE[0] = os.environ.get("HYPOTHESIS_PROFILE") or hypothesis_profile(config)
    settings.load_profile(LOADED_PROFILE[0])


#: The name of the Hypothesis profile `pytest_configure` loaded.
LOADED_PROFILE = ["dev"]


def examples(count: int) -> int:
    """``count`` Hypothesis examples in the full run, a third of them in the fast run.

    For tests that set their own ``max_examples`` (``@settings(max_examples=examples(30))``),
    which the profile's count would not change. Read when the test module is imported,
    after `pytest_configure` loaded the profile.
    """
    return max(1, count // 3) if LOADED_PROFILE[0] == "fast" else count


def hypothesis_profile(config: pytest.Config) -> str:
    """The fast profile when the run leaves the slow tests out, else the full run's profile."""
    if "not slow" in (config.option.markexpr or ""):
        return "fast"
    return "ci" if os.environ.get("CI") else "dev"


def slow_case(*values: object) -> Any:
    """A parametrize case that runs only in the full run (marked ``slow``).

    Use it for the costly cases of a test whose cheaper cases cover the same behaviour in
    the fast run, so that every module's main behaviour is still checked by the default
    ``python -m pytest``.
    """
    return pytest.param(*values, marks=pytest.mark.slow)


#: Shapes whose whole state space the oracle explores (3x3: 181,440 states).
ORACLE_SHAPES = [(2, 2), (2, 3), (3, 2), (3, 3), (2, 4)]


class Oracle:
    """Exact distances to a goal for every reachable state, by breadth-first search from the goal.

    Moves are reversible, so distance from the goal equals distance to it.
    """

    def __init__(self, goal: Board) -> None:
        self.goal = goal
        rows, cols = goal.shape
        neighbours = [
            [
                (r + dr) * cols + (c + dc)
                for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1))
                if 0 <= r + dr < rows and 0 <= c + dc < cols
            ]
            for r, c in (divmod(i, cols) for i in range(rows * cols))
        ]
        start = goal.tiles
        distance = {start: 0}
        frontier = deque([(start, start.index(0))])
        while frontier:
            tiles, blank = frontier.popleft()
            d = distance[tiles] + 1
            for cell in neighbours[blank]:
                new = list(tiles)
                new[blank], new[cell] = new[cell], 0
                key = tuple(new)
                if key not in distance:
                    distance[key] = d
                    frontier.append((key, cell))
        self.distance = distance

    def __len__(self) -> int:
        return len(self.distance)

    def board(self, tiles: tuple[int, ...]) -> Board:
        return Board(tiles, shape=self.goal.shape)


_ORACLES: dict[tuple[int, ...], Oracle] = {}


def oracle_for(goal: Board) -> Oracle:
    """The oracle for a goal, computed once per test session."""
    key = (goal.rows, goal.cols, *goal.tiles)
    if key not in _ORACLES:
        _ORACLES[key] = Oracle(goal)
    return _ORACLES[key]


@pytest.fixture(scope="session")
def oracle() -> Callable[[Board], Oracle]:
    return oracle_for


@pytest.fixture
def table_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """An empty pattern-database cache directory and an empty in-memory cache, for one test."""
    monkeypatch.setenv(_pdb.ENV_CACHE_DIR, str(tmp_path))
    monkeypatch.setattr(_pdb, "_LOADED", {})
    return tmp_path


class CpuClock:
    """``perf_counter`` as this process's CPU seconds, plus what a test adds (`advance`).

    Other jobs on the machine do not move it, so a time limit measured by it
    holds however busy the machine is; work done here still spends it, so a
    limit that were ignored would still be overrun. numba compiling a kernel on
    its first use in the process does not count (docs/errors.md: the one wait
    not on a time limit's clock), so which test compiles first does not matter.
    """

    def __init__(self) -> None:
        self.added = 0.0
        self.compiling = 0.0  # CPU seconds numba spent compiling, not counted
        self._began = 0.0
        self._depth = 0

    def __call__(self) -> float:
        now = time.process_time()
        pending = now - self._began if self._depth else 0.0
        return now + self.added - self.compiling - pending

    def advance(self, seconds: float) -> None:
        """Let ``seconds`` pass (a stand-in for waiting)."""
        self.added += seconds

    def compile_started(self) -> None:
        self._depth += 1
        if self._depth == 1:
            self._began = time.process_time()

    def compile_ended(self) -> None:
        self._depth -= 1
        if self._depth == 0:
            self.compiling += time.process_time() - self._began


# The modules whose clocks a timed solve reads, loaded before they are patched (the short
# methods and the kernels load on first use); the numba kernels only where numba is in use.
_TIMED_MODULES = (
    "slidingtiles._solve.short.methods",
    "slidingtiles._engine.python.beam",
    "slidingtiles._engine.python.tables_beam",
)
_NUMBA_TIMED_MODULES = ("slidingtiles._engine.numba.beam", "slidingtiles._engine.numba.tables_beam")


@pytest.fixture
def cpu_clock(monkeypatch: pytest.MonkeyPatch) -> Iterator[CpuClock]:
    """Every ``perf_counter`` of the package read from a `CpuClock` for one test."""
    from slidingtiles._engine import dispatch

    numba = dispatch.IMPLEMENTATION == "numba"
    for name in (*_TIMED_MODULES, *(_NUMBA_TIMED_MODULES if numba else ())):
        importlib.import_module(name)
    clock = CpuClock()
    for name, module in list(sys.modules.items()):
        if name.startswith("slidingtiles") and getattr(module, "perf_counter", None) is (
            time.perf_counter
        ):
            monkeypatch.setattr(module, "perf_counter", clock)
    if not numba:
        yield clock
        return
    event = importlib.import_module("numba.core.event")

    class Compiles(event.Listener):  # type: ignore[misc,name-defined]
        def on_start(self, started: object) -> None:
            clock.compile_started()

        def on_end(self, ended: object) -> None:
            clock.compile_ended()

    listener = Compiles()
    event.register("numba:compile", listener)
    try:
        yield clock
    finally:
        event.unregister("numba:compile", listener)


def within_limit(clock: CpuClock, began: float, limit: float) -> bool:
    """Whether a call begun at ``began`` on ``clock`` kept its ``limit``: 10 % + 0.2 s."""
    return clock() - began <= limit * 1.1 + 0.2


@pytest.fixture
def table_builds(monkeypatch: pytest.MonkeyPatch) -> list[tuple[int, int]]:
    """The shape of every pattern table built in memory during the test, in order."""
    builds: list[tuple[int, int]] = []
    real = PatternDatabase.build

    def counted(rows: int, cols: int, *args: Any, **kwargs: Any) -> PatternDatabase:
        builds.append((rows, cols))
        return real(rows, cols, *args, **kwargs)

    monkeypatch.setattr(PatternDatabase, "build", counted)
    return builds


def replay(board: Board, moves: str) -> Board:
    """The board after the blank moves, replayed on a flat list (not the library's move code).

    A move off the board fails the test.
    """
    rows, cols = board.shape
    tiles = list(board.tiles)
    blank = tiles.index(0)
    step = {"U": (-1, 0), "D": (1, 0), "L": (0, -1), "R": (0, 1)}
    for move in moves:
        row, col = divmod(blank, cols)
        dr, dc = step[move]
        assert 0 <= row + dr < rows, f"move {move} leaves the board"
        assert 0 <= col + dc < cols, f"move {move} leaves the board"
        cell = (row + dr) * cols + col + dc
        tiles[blank], tiles[cell] = tiles[cell], 0
        blank = cell
    return Board(tiles, shape=(rows, cols))


def goals(rows: int, cols: int) -> list[Board]:
    """Blank last, blank first, and the blank in the middle of the board."""
    middle = list(range(1, rows * cols))
    middle.insert((rows // 2) * cols + cols // 2, 0)
    return [
        Board.goal(rows, cols),
        Board.goal(rows, cols, blank="first"),
        Board(middle, shape=(rows, cols)),
    ]


#: The implementations every kernel test runs through (numba skipped where it is not installed).
IMPLEMENTATIONS = ("python", "numba")


def kernels_of(name: str) -> Kernels:
    """One implementation's kernels, numba's without its fallback and compiled at their first
    call, never rented (skipped without numba).

    The one way kernel tests reach an implementation: `choose_kernels`, the
    dispatcher's own choice.
    """
    if name == "numba":
        pytest.importorskip("numba")
    return choose_kernels(name, rent=False)[0]


@pytest.fixture(params=IMPLEMENTATIONS)
def kernels(request: pytest.FixtureRequest) -> Kernels:
    """Each implementation's kernels in turn: the test runs once for each."""
    return kernels_of(request.param)


@pytest.fixture
def both() -> tuple[Kernels, Kernels]:
    """The pure-Python (reference) and numba kernels, to compare (skipped without numba)."""
    return kernels_of("python"), kernels_of("numba")


def kernel_guard() -> Guard:
    """A search guard with no limits, for calling the engine's kernels directly."""
    return Guard(
        "idastar",
        max_nodes=None,
        time_limit=None,
        max_memory=None,
        progress=None,
        progress_every=1 << 14,
        state_bytes=0,
        time_stride=1 << 14,
    )


def resumed_in_slices(kernels: Any, dbs: Sequence[Any], tiles: list[int]) -> str:
    """Search ``tiles`` whole, and again paused every 50 nodes, pickled and resumed (as between
    processes); assert both end alike (path and counts) and return the path."""
    order = (0, 1, 2, 3)
    whole = kernels.maxed_search(dbs, tiles, order)
    whole.run()
    sliced = kernels.maxed_search(dbs, tiles, order)
    while sliced.run(sliced.expanded + 50) != 0:
        sliced = pickle.loads(pickle.dumps(sliced))
        kernels.maxed_attach(sliced, dbs, order)
    assert (sliced.path(), sliced.expanded, sliced.generated) == (
        whole.path(),
        whole.expanded,
        whole.generated,
    )
    path: str = sliced.path()
    return path


def near_goal(rows: int, cols: int, moves: int, seed: int) -> list[int]:
    """A board ``moves`` random blank moves (no immediate reversal) from the blank-first goal."""
    rng = random.Random(seed)
    tiles = list(Board.goal(rows, cols, blank="first").tiles)
    neighbours = blank_moves(rows, cols)
    blank, prev = 0, -1
    for _ in range(moves):
        n = rng.choice([n for n, _ in neighbours[blank] if n != prev])
        tiles[blank], tiles[n] = tiles[n], 0
        prev, blank = blank, n
    return tiles


def group_moves(
    rows: int, cols: int, goal: tuple[int, ...], group: tuple[int, ...]
) -> dict[tuple[tuple[int, ...], int], int]:
    """Fewest moves of a group's tiles per (placement, blank cell), by a 0-1 BFS from the goal.

    Independent of both table builders: the state is the group's cells and the
    blank's cell; the blank moving onto a group tile's cell costs one, elsewhere
    nothing.
    """
    moves = blank_moves(rows, cols)
    home = home_cells(goal)
    start = (tuple(home[t] for t in group), home[0])
    dist = {start: 0}
    queue = deque([start])
    while queue:
        state = queue.popleft()
        placed, blank = state
        for n, _ in moves[blank]:
            if n in placed:
                new, cost = (tuple(blank if c == n else c for c in placed), n), 1
            else:
                new, cost = (placed, n), 0
            if dist[state] + cost < dist.get(new, 1 << 30):
                dist[new] = dist[state] + cost
                (queue.appendleft if cost == 0 else queue.append)(new)
    return dist


@pytest.fixture(autouse=True)
def _no_kept_pool_outlives_its_test() -> Any:
    """``solve(board, workers=N)`` keeps its pool for the next call: a test's pool ends with it
    (its processes, by their pool), so no test sees another's workers."""
    yield
    end_kept_pools()
