"""Benchmark: Korf's 100 random 15-puzzles and the hardest 8-puzzles, optimal, per heuristic.

Run from the project root (pure Python, one core):

    PYTHONPATH=. python benchmarks/korf100.py --heuristic pdb --count 100
    PYTHONPATH=. python benchmarks/korf100.py --heuristic pdb:5-5-5 linear_conflict --count 10
    PYTHONPATH=. python benchmarks/korf100.py --eight
    PYTHONPATH=. python benchmarks/korf100.py --count 0 --random 20
    PYTHONPATH=. python benchmarks/korf100.py --heuristic pdb pdb:7-8 --runs 5 \
        --page docs/measurements/korf100.md       # the docs' one home of these numbers

``--page FILE`` writes (or, for another implementation, extends) the
measurement page every guide links to for Korf's 100: per implementation and
heuristic the nodes and the CPU seconds of the 100 searches, the median and
range of ``--runs`` runs. The numbers are measured here, never typed in.

Every solution is replayed and its length checked against the optimal length
in ``benchmarks/data/korf100.txt`` (goal: blank FIRST). The table is loaded
(or built, once) before timing; its load or build time is printed apart.
Times are wall clock per instance, and in the total also CPU time
(``time.process_time``), of the search: IDA* in the tile engine. Heuristics
without tables run through the public ``solve(..., algorithm="idastar")``.
Tables (``pdb``, ``pdb:NAME``) are searched through `engine_hook.engine_solve`,
the benchmarks' one internal hook, because the partition is this benchmark's
choice: ``solve`` would pick its own (`pdb.preferred_partition`: 7-8 when
cached, under numba). ``--eight`` and ``--random`` time the whole public
``solve`` call.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.engine_hook import engine_solve
from slidingtiles import Board, SearchLimitExceeded, SearchStats, pdb, random_board, solve

DATA = Path(__file__).resolve().parent / "data" / "korf100.txt"
#: The two 8-puzzle positions 31 moves from the blank-last goal (the maximum).
HARDEST_8 = ("8 6 7/2 5 4/3 0 1", "6 4 7/8 5 0/3 2 1")


def engine() -> str:
    """The implementation that searches in this process (``"numba"`` or ``"python"``).

    `Solution.engine` of a two-move solve: what ran it, numba's fallback included.
    """
    return solve(Board.goal(2, 2).apply("LU"), heuristic="manhattan").engine


def read_korf(path: Path = DATA) -> list[tuple[int, tuple[int, ...]]]:
    """Return (optimal length, tiles) for each instance, in file order."""
    rows = []
    for line in path.read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            length, *tiles = (int(x) for x in line.split())
            rows.append((length, tuple(tiles)))
    return rows


def run_korf(
    heuristic: str, count: int, time_limit: float | None, first: int, csv_path: str | None = None
) -> bool:
    goal = Board.goal(4, 4, blank="first")
    name, _, partition = heuristic.partition(":")
    db = None
    if name == "pdb":
        partition = partition or "default"
        start = time.perf_counter()
        cached = pdb.is_cached(4, 4, goal, partition)

        def show(p: pdb.BuildProgress) -> None:
            if p.done:
                print(
                    f"  built group {p.group + 1}/{p.groups} ({p.group_size} tiles) "
                    f"in {p.seconds:.1f} s",
                    flush=True,
                )

        db = pdb.load(4, 4, goal, partition, progress=show)
        db.contiguous()  # the one buffer the kernels index: made on first use, not timed
        # One search near the goal, not timed either: the kernel's plan (and, for zero-aware
        # tables, its region label table) is made once per process.
        engine_solve(goal.apply("RD"), goal, name, db)
        what = "loaded" if cached else "built"
        print(f"table {db!r}: {what} in {time.perf_counter() - start:.2f} s")
    instances = read_korf()[first - 1 : first - 1 + count]
    print(f"\n== Korf 100, heuristic {heuristic}, instances {first}..{first + len(instances) - 1}")
    print(
        f"{'#':>4} {'opt':>4} {'found':>5} {'generated':>12} {'expanded':>12} "
        f"{'seconds':>9} {'nodes/s':>10}"
    )
    ok = True
    total_s = total_cpu = 0.0
    total_gen = total_exp = solved = 0
    for number, (length, tiles) in enumerate(instances, start=first):
        board = Board(list(tiles), shape=(4, 4))
        begin, begin_cpu = time.perf_counter(), time.process_time()
        try:
            moves, stats = _search(board, goal, name, db, time_limit)
        except SearchLimitExceeded as exc:
            seconds = time.perf_counter() - begin
            print(
                f"{number:>4} {length:>4} {'-':>5} {exc.stats.generated:>12,} "
                f"{exc.stats.expanded:>12,} {seconds:>9.3f}  time limit"
            )
            total_s += seconds
            ok = False
            continue
        seconds = time.perf_counter() - begin
        total_cpu += time.process_time() - begin_cpu
        good = len(moves) == length and board.apply(moves) == goal
        ok &= good
        solved += 1
        total_s += seconds
        total_gen += stats.generated
        total_exp += stats.expanded
        rate = stats.generated / seconds if seconds else 0.0
        if csv_path:
            with open(csv_path, "a", encoding="utf-8") as out:
                out.write(
                    f"{engine()},{heuristic},{number},{length},"
                    f"{stats.generated},{stats.expanded},{seconds:.6f}\n"
                )
        print(
            f"{number:>4} {length:>4} {len(moves):>5} {stats.generated:>12,} "
            f"{stats.expanded:>12,} {seconds:>9.3f} {rate:>10,.0f}"
            f"{'' if good else '  WRONG LENGTH'}",
            flush=True,
        )
    rate = total_gen / total_s if total_s else 0.0
    print(
        f"total: {solved}/{len(instances)} solved optimally{' (all verified)' if ok else ''}, "
        f"{total_s:.3f} s ({total_cpu:.3f} s of CPU), {total_gen:,} generated, "
        f"{total_exp:,} expanded, "
        f"{rate:,.0f} generated nodes/s"
    )
    TOTALS.append(
        {
            "implementation": engine(),
            "heuristic": heuristic,
            "table": repr(db) if db else "",
            "solved": solved,
            "count": len(instances),
            "verified": ok,
            "generated": total_gen,
            "expanded": total_exp,
            "cpu": total_cpu,
            "wall": total_s,
        }
    )
    return ok


#: One dict per `run_korf` call of this process: what ``--page`` writes.
TOTALS: list[dict[str, object]] = []

PAGE_HEAD = """# Measurements: Korf's 100 random 15-puzzles

The one home of the Korf's 100 numbers the guides quote: written by
`benchmarks/korf100.py --page`, never edited by hand. IDA* in the tile engine on the 100
instances of `benchmarks/data/korf100.txt` (goal: blank first), every solution replayed and
its length checked against Korf's. The table is loaded and the kernels compiled before
timing; seconds are CPU seconds (`time.process_time`) of the 100 searches together, the
median and the range of the runs. The project machine has 2 cores shared with other jobs,
so wall-clock times vary more than these.

"""


def write_page(path: Path, runs: int, command: str) -> None:
    """Write the measurement page: this run's section, keeping other implementations' ones."""
    today = time.strftime("%Y-%m-%d")
    implementation = engine()
    lines = [
        f"## {implementation} ({today}, {runs} run{'s' * (runs != 1)})",
        "",
        f"`{command}` (Python {sys.version.split()[0]}, load average "
        f"{os.getloadavg()[0]:.1f} at the end)",
        "",
        "| heuristic | tables | solved | nodes generated | nodes expanded | CPU s (median) | "
        "CPU s (range) |",
        "|---|---|---|---|---|---|---|",
    ]
    for heuristic in dict.fromkeys(str(t["heuristic"]) for t in TOTALS):
        rows = [t for t in TOTALS if t["heuristic"] == heuristic]
        cpu = sorted(float(t["cpu"]) for t in rows)  # type: ignore[arg-type]
        first = rows[0]
        solved = f"{first['solved']}/{first['count']}" + (" verified" if first["verified"] else "")
        lines.append(
            f"| {heuristic} | {first['table'] or '-'} | {solved} | {first['generated']:,} | "
            f"{first['expanded']:,} | {statistics.median(cpu):.3f} | "
            f"{cpu[0]:.3f}-{cpu[-1]:.3f} |"
        )
    section = "\n".join(lines) + "\n"
    kept = ""
    if path.exists():  # keep the sections of the other implementation
        parts = path.read_text(encoding="utf-8").split("\n## ")[1:]
        kept = "".join(
            f"\n## {part.rstrip()}\n" for part in parts if not part.startswith(implementation + " ")
        )
    body = section + kept if implementation == "numba" else kept.lstrip("\n") + "\n" + section
    path.write_text(PAGE_HEAD + body.lstrip("\n"), encoding="utf-8", newline="\n")
    print(f"wrote {path}")


def _search(
    board: Board, goal: Board, name: str, db: pdb.PatternDatabase | None, time_limit: float | None
) -> tuple[str, SearchStats]:
    """IDA* in the tile engine: with the tables chosen here, or through solve without tables."""
    if db is not None:
        return engine_solve(board, goal, name, db, time_limit=time_limit)
    found = solve(board, goal, heuristic=name, algorithm="idastar", time_limit=time_limit)
    assert (found.algorithm, found.heuristic) == ("idastar", name), found
    return str(found.moves), found.stats


def run_eight(repeat: int) -> bool:
    goal = Board.goal(3, 3)
    print("\n== hardest 8-puzzles (31 moves), whole solve() call, mean of", repeat)
    pdb.load(3, 3)  # the table exists before timing, as the target says
    ok = True
    for text in HARDEST_8:
        runs = [
            ("pdb", "auto"),
            ("linear_conflict", "auto"),
            ("manhattan", "auto"),
            ("linear_conflict", "astar"),
        ]
        for heuristic, algorithm in runs:
            n = repeat if heuristic == "pdb" else max(1, repeat // 20)
            times = []
            for _ in range(n):
                begin = time.perf_counter()
                sol = solve(text, heuristic=heuristic, algorithm=algorithm)
                times.append(time.perf_counter() - begin)
            good = len(sol) == 31 and sol.boards[-1] == goal
            ok &= good
            print(
                f"{text:>20}  {heuristic:>16} {sol.algorithm:>8}: {len(sol)} moves, "
                f"{statistics.mean(times) * 1e3:8.3f} ms (min {min(times) * 1e3:.3f} ms), "
                f"{sol.stats.generated:,} generated{'' if good else '  WRONG'}"
            )
    return ok


def run_random(count: int, seed: int, time_limit: float | None) -> bool:
    """Random 15-puzzles for the blank-LAST goal, through the public solve() (table prebuilt)."""
    goal = Board.goal(4, 4)
    start = time.perf_counter()
    cached = pdb.is_cached(4, 4, goal)
    pdb.load(4, 4, goal)
    print(
        f"\ntable for the blank-last goal {'loaded' if cached else 'built'} "
        f"in {time.perf_counter() - start:.2f} s"
    )
    print(
        f"== {count} random 15-puzzles (random_board(4, 4, seed={seed}+i)), solve(heuristic='pdb')"
    )
    ok = True
    total_s, total_gen = 0.0, 0
    for i in range(count):
        board = random_board(4, 4, seed=seed + i)
        begin = time.perf_counter()
        try:
            sol = solve(board, heuristic="pdb", time_limit=time_limit)
        except SearchLimitExceeded:
            print(f"{i:>4} time limit after {time.perf_counter() - begin:.1f} s")
            ok = False
            continue
        seconds = time.perf_counter() - begin
        good = sol.boards[-1] == goal and sol.optimal
        ok &= good
        total_s += seconds
        total_gen += sol.stats.generated
        print(
            f"{i:>4} {len(sol):>5} {sol.stats.generated:>12,} {seconds:>9.3f}"
            f"{'' if good else '  BAD'}",
            flush=True,
        )
    rate = total_gen / total_s if total_s else 0.0
    print(f"total: {total_s:.2f} s, {total_gen:,} generated, {rate:,.0f} generated nodes/s")
    return ok


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument(
        "--heuristic",
        nargs="+",
        default=["pdb"],
        help="pdb, pdb:6-6-3, pdb:5-5-5, linear_conflict, manhattan",
    )
    parser.add_argument("--count", type=int, default=100, help="number of instances")
    parser.add_argument("--first", type=int, default=1, help="first instance (1-based)")
    parser.add_argument("--time-limit", type=float, default=None, help="seconds per instance")
    parser.add_argument("--eight", action="store_true", help="only the hardest 8-puzzles")
    parser.add_argument("--repeat", type=int, default=200, help="8-puzzle repetitions")
    parser.add_argument(
        "--random", type=int, default=0, metavar="N", help="also N random blank-last 15-puzzles"
    )
    parser.add_argument("--seed", type=int, default=0, help="first seed for --random")
    parser.add_argument(
        "--csv",
        metavar="FILE",
        default=None,
        help="append one line per solved Korf instance: implementation, "
        "heuristic, instance, length, generated, expanded, seconds",
    )
    parser.add_argument("--runs", type=int, default=1, help="runs of each heuristic's 100")
    parser.add_argument(
        "--page", metavar="FILE", default=None, help="write the page docs/measurements/korf100.md"
    )
    args = parser.parse_args(argv)
    print(f"Python {sys.version.split()[0]}, table cache {pdb.cache_dir()}")
    ok = run_eight(args.repeat)
    if not args.eight:
        for heuristic in args.heuristic:
            for _ in range(args.runs):
                ok &= run_korf(heuristic, args.count, args.time_limit, args.first, args.csv)
    if args.page is not None and TOTALS:
        command = "python benchmarks/korf100.py " + " ".join(argv or sys.argv[1:])
        write_page(Path(args.page), args.runs, command)
    if args.random:
        ok &= run_random(args.random, args.seed, args.time_limit)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
