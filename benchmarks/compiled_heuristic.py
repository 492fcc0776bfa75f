"""Benchmark: a user's Manhattan distance written over the flat board, in the tile engine.

Run from the project root, on demand (not part of the tests)::

    PYTHONPATH=. python benchmarks/compiled_heuristic.py                 # everything below
    PYTHONPATH=. python benchmarks/compiled_heuristic.py --part speed --repeat 5
    PYTHONPATH=. python benchmarks/compiled_heuristic.py --part start --repeat 3

Everything goes through the public API (`solve`, `heuristics.compiled`), on
Korf's 15-puzzles (``benchmarks/data/korf100.txt``, blank first):

* ``speed``: nodes expanded per second of `solve` (wall clock of the call) on
  the ``--count`` instances easiest for Manhattan distance (`EASIEST`), with
  the built-in ``"manhattan"`` (the engine's own kernel), with the user's
  Manhattan as `heuristics.compiled` (``manhattan``), and with it plus its
  incremental form (``delta=manhattan_step``), both from
  ``examples/compiled_heuristic.py`` (the guide's code). All three search exactly the
  same nodes (checked here), so the ratio of rates is the ratio of times. The
  methods run interleaved, instance by instance, ``--repeat`` times; the rate
  of each is its median total.
* ``generic``: the same function as a plain Python ``h(board, goal)``
  (`plain`) in the generic IDA* (``algorithm="idastar"``) on the
  ``--generic-count`` easiest instances, its median rate against the compiled
  one's on the same instances, in the same sitting. The generic IDA* prunes
  only the move back, so it expands more nodes than the engine: rates, not
  times, are compared.
* ``start``: what compiling costs a user: a new process solves one 15-puzzle
  with the built-in Manhattan (numba imported, its kernels loaded), then the
  same board with `flat_manhattan` twice; the first call less the second is
  the compile cost. ``cold``: an empty ``NUMBA_CACHE_DIR`` (the engine's loop
  for user heuristics compiled too, once per machine); ``warm``: the loop
  loaded from the cache, only the user's function compiled (once per process
  and board shape). Medians of ``--repeat`` processes.
* ``python``: the same, ``SLIDINGTILES_IMPLEMENTATION=python``: the
  pure-Python engine running the same function, for reference.

Times are wall-clock ``perf_counter`` seconds on a machine whose two cores
are shared with other jobs: medians, and ratios from one sitting.
"""

from __future__ import annotations

import argparse
import os
import runpy
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from functools import lru_cache
from pathlib import Path

from slidingtiles import Board, Solution, heuristics, solve

DATA = Path(__file__).resolve().parent / "data" / "korf100.txt"
ROOT = Path(__file__).resolve().parent.parent
GOAL = Board.goal(4, 4, blank="first")
#: Korf's instances (1-based) easiest for IDA* with Manhattan distance, easiest first: the
#: engine's expansions on all 100 (those under 30 million), sorted. #94 takes 92,901, #73 972,235.
EASIEST = [94, 55, 12, 79, 42, 47, 85, 97, 93, 48, 9, 74, 86, 30, 73]


# -- the user's heuristic, as the guide writes it -----------------------------------------


# The guide's heuristics, as a user writes them (examples/compiled_heuristic.py).
EXAMPLE = runpy.run_path(str(ROOT / "examples" / "compiled_heuristic.py"))
#: ``manhattan(tiles, home, rows, cols)`` and its delta, as the user wrote them.
flat_manhattan, manhattan_step = EXAMPLE["manhattan"], EXAMPLE["manhattan_step"]
FULL = heuristics.compiled(flat_manhattan, admissible=True, consistent=True)
DELTA = heuristics.compiled(
    flat_manhattan, admissible=True, consistent=True, delta=manhattan_step, name="with_delta"
)


@lru_cache(maxsize=8)
def _home(goal: tuple[int, ...]) -> tuple[int, ...]:
    home = [0] * len(goal)
    for cell, tile in enumerate(goal):
        home[tile] = cell
    return tuple(home)


def plain(board: Board, goal: Board) -> int:
    """The same function as a plain Python ``h(board, goal)``, for the generic search."""
    return int(flat_manhattan(board.tiles, _home(goal.tiles), goal.rows, goal.cols))


# -- measuring ---------------------------------------------------------------------------


def read_korf() -> list[tuple[int, Board]]:
    """(optimal length, board) per instance, in file order."""
    found = []
    for line in DATA.read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            length, *tiles = (int(x) for x in line.split())
            found.append((length, Board(tiles, shape=(4, 4))))
    return found


def timed(call: Callable[[], Solution]) -> tuple[float, Solution]:
    begin = time.perf_counter()
    solution = call()
    return time.perf_counter() - begin, solution


METHODS: dict[str, Callable[[Board], Solution]] = {
    "built-in manhattan": lambda board: solve(board, GOAL, heuristic="manhattan"),
    "compiled flat_manhattan": lambda board: solve(board, GOAL, heuristic=FULL),
    "compiled + delta": lambda board: solve(board, GOAL, heuristic=DELTA),
}


def speed(count: int, repeat: int) -> dict[str, float]:
    """Median nodes per second of each method on the ``count`` easiest instances."""
    korf = read_korf()
    instances = [(number, *korf[number - 1]) for number in EASIEST[:count]]
    for method in METHODS.values():  # compile (or load) everything before timing
        method(instances[0][2])
    totals: dict[str, list[float]] = {name: [] for name in METHODS}
    nodes: dict[str, int] = {}
    for _ in range(repeat):
        seconds = dict.fromkeys(METHODS, 0.0)
        expanded = dict.fromkeys(METHODS, 0)
        for number, length, board in instances:
            counts = set()
            for name, method in METHODS.items():
                s, solution = timed(lambda: method(board))  # noqa: B023 - called at once
                assert len(solution) == length, (name, number)
                assert solution.optimal, (name, number)
                assert solution.engine == "numba", (name, solution.engine)
                counts.add((solution.stats.expanded, solution.stats.generated))
                seconds[name] += s
                expanded[name] += solution.stats.expanded
            assert len(counts) == 1, f"#{number}: the methods searched different nodes {counts}"
        for name in METHODS:
            totals[name].append(seconds[name])
            nodes[name] = expanded[name]
    numbers = ", ".join(f"#{n}" for n, _, _ in instances)
    print(f"\n== nodes per second in the engine: Korf {numbers}")
    print(
        f"   {nodes['built-in manhattan']:,} nodes expanded per run by each method "
        f"(the same nodes), median of {repeat} interleaved runs"
    )
    builtin = nodes["built-in manhattan"] / statistics.median(totals["built-in manhattan"])
    rates = {}
    print(f"{'method':<26} {'median s':>9} {'min s':>8} {'nodes/s':>12} {'of built-in':>12}")
    for name in METHODS:
        rate = nodes[name] / statistics.median(totals[name])
        rates[name] = rate
        print(
            f"{name:<26} {statistics.median(totals[name]):>9.3f} {min(totals[name]):>8.3f} "
            f"{rate:>12,.0f} {rate / builtin:>11.0%}"
        )
    return rates


GENERIC = "generic IDA*, plain h(board, goal)"


def _generic_or_compiled(name: str, board: Board) -> Solution:
    if name == GENERIC:
        return solve(board, GOAL, heuristic=plain, algorithm="idastar")
    return solve(board, GOAL, heuristic=FULL)


def generic(count: int, repeat: int) -> None:
    """The plain function in the generic IDA* against the compiled one, same instances."""
    korf = read_korf()
    instances = [(number, *korf[number - 1]) for number in EASIEST[:count]]
    solve(instances[0][2], GOAL, heuristic=FULL)
    names = (GENERIC, "compiled flat_manhattan")
    seconds: dict[str, list[float]] = {name: [] for name in names}
    nodes = dict.fromkeys(names, 0)
    for run in range(repeat):
        total = dict.fromkeys(names, 0.0)
        for number, length, board in instances:
            for name in names:
                s, solution = timed(lambda: _generic_or_compiled(name, board))  # noqa: B023
                assert len(solution) == length, (name, number)  # the plain one claims nothing
                total[name] += s
                if run == 0:
                    nodes[name] += solution.stats.expanded
        for name in names:
            seconds[name].append(total[name])
    numbers = ", ".join(f"#{n}" for n, _, _ in instances)
    print(f"\n== the generic search with the same function: Korf {numbers}, median of {repeat}")
    print(f"{'method':<38} {'expanded':>11} {'median s':>9} {'nodes/s':>12}")
    rates = {name: nodes[name] / statistics.median(seconds[name]) for name in names}
    for name in names:
        ratio = "" if name == GENERIC else f"  x{rates[name] / rates[GENERIC]:,.0f}"
        print(
            f"{name:<38} {nodes[name]:>11,} {statistics.median(seconds[name]):>9.3f} "
            f"{rates[name]:>12,.0f}{ratio}"
        )


_START = """
import sys, time
from slidingtiles import Board, heuristics, solve
sys.path.insert(0, {bench!r})
from compiled_heuristic import FULL, GOAL, read_korf
board = read_korf()[93][1]
solve(board, GOAL, heuristic="manhattan")
seconds = []
for _ in range(2):
    begin = time.perf_counter()
    solution = solve(board, GOAL, heuristic=FULL)
    seconds.append(time.perf_counter() - begin)
print(solution.engine, seconds[0], seconds[1], solution.stats.expanded)
"""


def start(repeat: int, implementation: str = "auto") -> None:
    """The first call's compile cost in new processes, cold and warm numba cache."""
    code = _START.format(bench=str(Path(__file__).resolve().parent))
    modes = ["cold", "warm"] if implementation == "auto" else ["warm"]
    print(
        f"\n== the first solve with a compiled heuristic in a new process (Korf #94), "
        f"median of {repeat}"
    )
    print(f"{'cache':<8} {'engine':>7} {'first s':>8} {'second s':>9} {'difference':>12}")
    with tempfile.TemporaryDirectory() as root:
        for mode in modes:
            samples = []
            for index in range(repeat):
                cache = tempfile.mkdtemp(dir=root) if mode == "cold" else root
                env = {
                    **os.environ,
                    "PYTHONPATH": str(ROOT),
                    "NUMBA_CACHE_DIR": cache,
                    "SLIDINGTILES_IMPLEMENTATION": implementation,
                }
                if mode == "warm" and index == 0:  # fill the cache first
                    subprocess.run(
                        [sys.executable, "-c", code], env=env, check=True, capture_output=True
                    )
                out = subprocess.run(
                    [sys.executable, "-c", code],
                    env=env,
                    check=True,
                    capture_output=True,
                    text=True,
                ).stdout.split()
                samples.append((out[0], float(out[1]), float(out[2]), int(out[3])))
            first = statistics.median(s[1] for s in samples)
            second = statistics.median(s[2] for s in samples)
            print(
                f"{mode:<8} {samples[0][0]:>7} {first:>8.3f} {second:>9.3f} "
                f"{first - second:>12.3f}   second call: {samples[0][3] / second:,.0f} "
                "nodes/s"
            )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument(
        "--part", choices=["all", "speed", "generic", "start", "python"], default="all"
    )
    parser.add_argument("--count", type=int, default=15, help="easiest instances for speed")
    parser.add_argument("--generic-count", type=int, default=2)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    print(
        f"python {sys.version.split()[0]}, {os.cpu_count()} cores (shared), "
        f"load average {os.getloadavg()[0]:.1f}"
    )
    if args.part in ("all", "speed"):
        speed(args.count, args.repeat)
    if args.part in ("all", "generic"):
        generic(args.generic_count, max(1, args.repeat // 2))
    if args.part in ("all", "start"):
        start(args.repeat)
    if args.part in ("all", "python"):
        start(max(1, args.repeat // 2), "python")


if __name__ == "__main__":
    main()
