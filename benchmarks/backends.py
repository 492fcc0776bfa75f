"""Benchmark: the numba kernels against the pure-Python kernels, cold and warm start, Korf 100.

Run from the project root, on demand (not part of the tests)::

    PYTHONPATH=. python benchmarks/backends.py                  # everything below
    PYTHONPATH=. python benchmarks/backends.py --part speed --python-count 10
    PYTHONPATH=. python benchmarks/backends.py --part start --repeat 3
    PYTHONPATH=. python benchmarks/backends.py --part korf --repeat 3 --partition 6-6-3

Parts:

* ``speed``: nodes per second of both implementations on the same instances,
  in the same process: IDA* with Manhattan distance and with linear conflicts
  on random 15-puzzles (``random_board(4, 4, seed=s)`` for the seeds listed by
  ``--md-seeds``), and IDA* with the default 6-6-3 tables (+ reflection) on
  the first ``--python-count`` Korf instances. Both implementations expand
  exactly the same nodes (checked here too), so the ratio of seconds is the
  speed-up.
* ``start``: cold start (a new process with an empty temporary
  ``NUMBA_CACHE_DIR``: import, JIT compilation of the three IDA* kernels on a
  small board) and warm start (the same again, compiled code loaded from that
  cache), median of ``--repeat`` runs; the pure-Python start for reference.
* ``korf``: Korf's 100 instances (``benchmarks/data/korf100.txt``, blank
  first) with the numba kernel and additive tables maxed with the diagonal
  reflection; the table is loaded (built once if missing) before timing, the
  kernel is compiled before timing (one small solve). Every solution is
  replayed and its length checked. The total search time is the median of
  ``--repeat`` runs over the 100 instances.

Times are wall-clock ``perf_counter`` seconds of the kernel call (including its
per-call setup) on a machine whose cores may be shared: medians, not minima.

The searches go through `engine_hook.kernel_search`, the benchmarks' one internal hook:
comparing the two implementations in one process, on the same boards, is the point here,
and the public ``solve`` runs only the one ``SLIDINGTILES_IMPLEMENTATION`` chose.
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.engine_hook import kernel_search
from benchmarks.korf100 import engine, read_korf
from slidingtiles import Board, SearchStats, pdb, random_board, scramble

ROOT = Path(__file__).resolve().parent.parent
#: The environment variable that chooses the implementation (docs/accelerated.md).
ENV_IMPLEMENTATION = "SLIDINGTILES_IMPLEMENTATION"
Result = tuple[str, SearchStats]


def timed(call: Callable[[], Result]) -> tuple[float, Result]:
    begin = time.perf_counter()
    result = call()
    return time.perf_counter() - begin, result


def kernel_call(
    name: str, heuristic: str, tiles: tuple[int, ...], db: pdb.PatternDatabase | None, goal: Board
) -> Callable[[], Result]:
    """One search by implementation ``name`` (a fresh board and a fresh guard per call)."""
    return lambda: kernel_search(name, heuristic, Board(list(tiles), (4, 4)), goal, db)


def speed(python_count: int, md_seeds: list[int]) -> None:
    py, nb = "python", "numba"
    goal_last = Board.goal(4, 4)
    goal_first = Board.goal(4, 4, blank="first")
    db = pdb.load(4, 4, goal_first)
    cases: list[tuple[str, str, tuple[int, ...], Board]] = []
    for seed in md_seeds:
        tiles = random_board(4, 4, seed=seed).tiles
        cases += [
            (h, f"random seed {seed}", tiles, goal_last) for h in ("manhattan", "linear_conflict")
        ]
    for number, (_, tiles) in enumerate(read_korf()[:python_count], start=1):
        cases.append(("pdb", f"Korf #{number}", tiles, goal_first))
    for heuristic in ("manhattan", "linear_conflict"):  # compile (or load) before timing
        kernel_call(nb, heuristic, scramble(goal_last, 20, seed=0).tiles, None, goal_last)()
    kernel_call(nb, "pdb", scramble(goal_first, 20, seed=0).tiles, db, goal_first)()
    print("\n== nodes per second, same instances, same process")
    print(
        f"{'heuristic':<16} {'instance':<16} {'length':>6} {'expanded':>12} {'python s':>9} "
        f"{'numba s':>9} {'py nodes/s':>11} {'nb nodes/s':>11} {'ratio':>6}"
    )
    totals: dict[str, list[float]] = {}
    for heuristic, label, tiles, goal in cases:
        ps, (pm, pst) = timed(kernel_call(py, heuristic, tiles, db, goal))
        ns, (nm, nst) = timed(kernel_call(nb, heuristic, tiles, db, goal))
        assert (pm, pst.expanded, pst.generated) == (nm, nst.expanded, nst.generated), label
        t = totals.setdefault(heuristic, [0, 0, 0])
        t[0] += pst.expanded
        t[1] += ps
        t[2] += ns
        print(
            f"{heuristic:<16} {label:<16} {len(pm):>6} {pst.expanded:>12,} {ps:>9.3f} "
            f"{ns:>9.4f} {pst.expanded / ps:>11,.0f} {nst.expanded / ns:>11,.0f} "
            f"{ps / ns:>6.1f}"
        )
    print("\ntotals (expanded nodes per second of kernel time)")
    for name, (nodes, ps, ns) in totals.items():
        print(
            f"{name:<16} {int(nodes):>12,} nodes  python {nodes / ps:>11,.0f}/s  "
            f"numba {nodes / ns:>12,.0f}/s  x{ps / ns:.1f}"
        )


_START_CODE = """
import os
import time
t0 = time.perf_counter()
from slidingtiles import Board
from slidingtiles import pdb
from benchmarks.engine_hook import kernel_search
from benchmarks.korf100 import engine
t1 = time.perf_counter()
goal = Board.goal(3, 3, blank="first")
db = pdb.PatternDatabase.build(3, 3, goal, groups=[(1, 2, 3, 4), (5, 6, 7, 8)])
board = Board("0 8 7/6 5 4/3 2 1")  # 30 moves from the goal
name = os.environ["SLIDINGTILES_IMPLEMENTATION"]
t2 = time.perf_counter()
for heuristic in ("manhattan", "linear_conflict", "pdb"):
    kernel_search(name, heuristic, board, goal, db)
t3 = time.perf_counter()
print(engine(), t1 - t0, t3 - t2)
"""


def start(repeat: int) -> None:
    print("\n== start-up: import, then the three IDA* kernels on one 31-move 8-puzzle")
    print(
        f"{'mode':<30} {'process s':>10} {'import s':>9} {'kernels s':>10}   (median of {repeat})"
    )
    with tempfile.TemporaryDirectory() as root:
        rows = []
        for mode in ("numba cold (empty cache)", "numba warm (cached)", "python"):
            samples: list[tuple[float, float, float]] = []
            for _ in range(repeat):
                cache = tempfile.mkdtemp(dir=root) if mode.startswith("numba cold") else root
                env = {
                    **os.environ,
                    "PYTHONPATH": str(ROOT),
                    "NUMBA_CACHE_DIR": cache,
                    ENV_IMPLEMENTATION: mode.split()[0],
                }
                if mode.startswith("numba warm") and not samples:
                    subprocess.run(
                        [sys.executable, "-c", _START_CODE],
                        env=env,
                        check=True,
                        capture_output=True,
                    )  # fill the cache
                begin = time.perf_counter()
                out = subprocess.run(
                    [sys.executable, "-c", _START_CODE],
                    env=env,
                    check=True,
                    capture_output=True,
                    text=True,
                ).stdout.split()
                total = time.perf_counter() - begin
                assert out[0] == mode.split()[0], out
                samples.append((total, float(out[1]), float(out[2])))
            med = [statistics.median(s[i] for s in samples) for i in range(3)]
            rows.append(mode)
            print(f"{mode:<30} {med[0]:>10.2f} {med[1]:>9.2f} {med[2]:>10.3f}")


def korf(repeat: int, partition: str) -> bool:
    goal = Board.goal(4, 4, blank="first")
    begin = time.perf_counter()
    cached = pdb.is_cached(4, 4, goal, partition)
    db = pdb.load(4, 4, goal, partition)
    print(
        f"\n== Korf 100, numba, {db!r} ({'loaded' if cached else 'built'} in "
        f"{time.perf_counter() - begin:.2f} s), reflection {db.reflect}"
    )
    return korf_runs(db, goal, repeat)


def korf_runs(db: pdb.PatternDatabase, goal: Board, repeat: int) -> bool:
    """Korf's 100 with the numba kernel and these tables, ``repeat`` times; True if all optimal."""
    instances = read_korf()
    kernel_call("numba", "pdb", instances[0][1], db, goal)()  # compile or load the kernel first
    totals, ok = [], True
    for run in range(repeat):
        seconds = nodes = 0.0
        worst = (0.0, 0)
        for number, (length, tiles) in enumerate(instances, start=1):
            s, (moves, stats) = timed(kernel_call("numba", "pdb", tiles, db, goal))
            board = Board(list(tiles), shape=(4, 4))
            if len(moves) != length or board.apply(moves) != goal:
                print(f"  #{number}: WRONG: {len(moves)} moves, optimal {length}")
                ok = False
            seconds += s
            nodes += stats.expanded
            worst = max(worst, (s, number))
        totals.append(seconds)
        print(
            f"  run {run + 1}: 100 instances, {'all optimal' if ok else 'ERRORS'}, "
            f"{int(nodes):,} expanded, {seconds:.3f} s, {nodes / seconds:,.0f} nodes/s, "
            f"slowest #{worst[1]} {worst[0]:.3f} s"
        )
    print(f"  median total search time: {statistics.median(totals):.3f} s")
    return ok


def load_or_build_78(goal: Board) -> pdb.PatternDatabase:
    """The 7-8 tables from the cache, built once (through `slidingtiles.pdb`) if missing."""
    begin = time.perf_counter()
    if pdb.is_cached(4, 4, goal, "7-8"):
        db = pdb.load(4, 4, goal, "7-8")
        print(f"7-8 tables loaded from {db.path} in {time.perf_counter() - begin:.2f} s")
        return db
    print(f"building the 7-8 tables: {pdb.BUILD_COSTS['7-8']}", flush=True)
    last = [-1, 0.0]

    def show(p: pdb.BuildProgress) -> None:
        if p.group != last[0] or p.seconds - last[1] >= 15:
            last[:] = [p.group, p.seconds]
            print(
                f"  group {p.group + 1}/{p.groups}: depth {p.depth}, {p.states:,} states, "
                f"{p.seconds:.0f} s",
                flush=True,
            )

    db = pdb.build(4, 4, goal, "7-8", progress=show)
    print(f"built and saved in {time.perf_counter() - begin:.0f} s", flush=True)
    return db


def korf78(repeat: int) -> bool:
    goal = Board.goal(4, 4, blank="first")
    db = load_or_build_78(goal)
    print(f"\n== Korf 100, numba, 7-8 (4-bit tables), reflection {db.reflect}")
    return korf_runs(db, goal, repeat)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--part", default="all", choices=["all", "speed", "start", "korf", "korf78", "build78"]
    )
    parser.add_argument(
        "--python-count",
        type=int,
        default=10,
        help="Korf instances for the python/numba comparison",
    )
    parser.add_argument("--md-seeds", type=int, nargs="*", default=[1, 2, 3])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--partition", default="6-6-3")
    args = parser.parse_args(argv)
    if engine() != "numba":
        print("numba is not available: pip install 'slidingtiles[fast]'", file=sys.stderr)
        return 2
    print(
        f"machine: {platform.processor() or platform.machine()}, {os.cpu_count()} cores, "
        f"Python {platform.python_version()}, load average {os.getloadavg()[0]:.2f}"
    )
    ok = True
    if args.part in ("all", "speed"):
        speed(args.python_count, args.md_seeds)
    if args.part in ("all", "start"):
        start(args.repeat)
    if args.part in ("all", "korf"):
        ok = korf(args.repeat, args.partition)
    if args.part == "build78":
        load_or_build_78(Board.goal(4, 4, blank="first"))
    if args.part in ("all", "korf78"):
        ok = korf78(args.repeat) and ok
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
