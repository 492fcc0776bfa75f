"""Benchmark: Korf & Felner's 50 random 24-puzzles, optimal, beside the published node counts.

Run from the project root, with numba and the 5x5 tables built once
(``slidingtiles pdb build 5``: about 4 minutes on 2 cores, 1.9 GB of memory,
255 MB on disk):

    PYTHONPATH=. python benchmarks/korf50.py 38 40 25            # instances by number
    PYTHONPATH=. python benchmarks/korf50.py --easiest 10        # the ten easiest for K&F
    PYTHONPATH=. python benchmarks/korf50.py --easiest 5 --workers 2   # one board on 2 cores
    PYTHONPATH=. python benchmarks/korf50.py 38 --csv korf50.csv

Instances and optimal lengths: ``benchmarks/data/korf50_24.txt`` (goal: blank
FIRST, 0 1 2 ... 24); published search effort: ``benchmarks/data/korf50_nodes.txt``
(Korf & Felner 2002: nodes *generated* with 6-6-6-6 + reflection; the later
columns count nodes *expanded*). Each solution is replayed and its length
checked against the file. Times are the search alone (the tables are loaded,
and laid out for the kernel, before timing): seconds of CPU (this process and
its workers) and of wall clock; with ``--workers N`` the search runs through
the public ``solve(..., workers=N)`` and the wall clock is what counts. On one
process the tables of ``--partition`` are searched through
`engine_hook.engine_solve`, the benchmarks' one internal hook: the partition
is this benchmark's choice, where ``solve`` would pick its own.
"""

from __future__ import annotations

import argparse
import resource
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.engine_hook import engine_solve
from benchmarks.korf100 import engine
from slidingtiles import Board, SearchLimitExceeded, pdb, solve

DATA = Path(__file__).resolve().parent / "data"
GOAL = Board.goal(5, 5, blank="first")


def read_instances() -> list[tuple[int, tuple[int, ...]]]:
    """(optimal length, tiles) per instance, in file order (instance k on data line k)."""
    rows = []
    for line in (DATA / "korf50_24.txt").read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            length, *tiles = (int(x) for x in line.split())
            rows.append((length, tuple(tiles)))
    return rows


def read_published() -> dict[int, tuple[int, int, int]]:
    """Per instance: Korf & Felner 2002 (generated), zpdb 2019 and Doebbelin 2013 (expanded)."""
    out = {}
    for line in (DATA / "korf50_nodes.txt").read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            number, _, korf, zpdb, doebbelin = (int(x) for x in line.split())
            out[number] = (korf, zpdb, doebbelin)
    return out


def _cpu() -> float:
    """CPU seconds of this process and of its finished workers (``--workers``: reaped per board)."""
    total = 0.0
    for who in (resource.RUSAGE_SELF, resource.RUSAGE_CHILDREN):
        usage = resource.getrusage(who)
        total += usage.ru_utime + usage.ru_stime
    return total


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("instances", nargs="*", type=int, help="instance numbers (1-50)")
    parser.add_argument(
        "--easiest",
        type=int,
        default=0,
        metavar="N",
        help="the N easiest instances by Korf & Felner's node counts",
    )
    parser.add_argument("--partition", default="6-6-6-6", help="5x5 partition (default 6-6-6-6)")
    parser.add_argument(
        "--workers", type=int, default=1, help="processes for one board (solve(workers=N))"
    )
    parser.add_argument("--time-limit", type=float, default=None, help="seconds per instance")
    parser.add_argument(
        "--csv",
        metavar="FILE",
        default=None,
        help="append one line per instance: number, length, generated, "
        "expanded, cpu s, wall s, workers, Korf & Felner's generated",
    )
    args = parser.parse_args(argv)
    instances = read_instances()
    published = read_published()
    chosen = list(args.instances)
    if args.easiest:
        chosen += sorted(published, key=lambda n: published[n][0])[: args.easiest]
    bad = [n for n in chosen if not 1 <= n <= len(instances)]
    if not chosen or bad:
        parser.error(f"choose instances 1-{len(instances)} (or --easiest N), not {bad or 'none'}")
    print(
        f"Python {sys.version.split()[0]}, implementation {engine()}, table cache {pdb.cache_dir()}"
    )
    began = time.perf_counter()
    try:
        db = pdb.load(5, 5, GOAL, args.partition, build_missing=False)
    except pdb.PatternDatabaseError as error:
        print(
            f"no 5x5 {args.partition} tables ({error}); build them once with: "
            f"slidingtiles pdb build 5 --partition {args.partition}"
        )
        return 2
    db.contiguous()  # the buffer the kernels index, on huge pages: made once, not timed
    # One search near the goal, not timed either: the kernel's plan and its region label table
    # are made once per process (the parallel search's workers make theirs in their own time).
    engine_solve(GOAL.apply("RD"), GOAL, "pdb", db)
    print(f"table {db!r}: loaded in {time.perf_counter() - began:.2f} s")
    print(
        f"{'#':>3} {'opt':>4} {'found':>5} {'generated':>15} {'expanded':>15} {'cpu s':>8} "
        f"{'wall s':>8} {'M gen/s':>9} {'K&F 2002 gen':>16} {'ours/K&F':>8} "
        f"{'zpdb19 exp':>13} {'Doebbelin13 exp':>15}"
    )
    ok = True
    total_cpu = total_wall = 0.0
    total_generated = total_korf = 0
    for number in chosen:
        length, tiles = instances[number - 1]
        board = Board(list(tiles), shape=(5, 5))
        cpu, wall = _cpu(), time.perf_counter()
        try:
            if args.workers > 1:
                solution = solve(
                    board,
                    GOAL,
                    heuristic="pdb",
                    workers=args.workers,
                    time_limit=args.time_limit,
                    build_tables=False,
                )
                moves, stats = str(solution.moves), solution.stats
            else:
                moves, stats = engine_solve(board, GOAL, "pdb", db, time_limit=args.time_limit)
        except SearchLimitExceeded as exc:
            print(
                f"{number:>3} {length:>4} {'-':>5} {exc.stats.generated:>15,} "
                f"{exc.stats.expanded:>15,}  time limit after "
                f"{time.perf_counter() - wall:.1f} s"
            )
            ok = False
            continue
        cpu, wall = _cpu() - cpu, time.perf_counter() - wall
        good = len(moves) == length and board.apply(moves) == GOAL
        ok &= good
        korf, zpdb, doebbelin = published[number]
        total_cpu += cpu
        total_wall += wall
        total_generated += stats.generated
        total_korf += korf
        rate = stats.generated / wall / 1e6 if wall else 0.0
        print(
            f"{number:>3} {length:>4} {len(moves):>5} {stats.generated:>15,} "
            f"{stats.expanded:>15,} {cpu:>8.2f} {wall:>8.2f} {rate:>9.1f} {korf:>16,} "
            f"{stats.generated / korf:>8.3f} {zpdb:>13,} {doebbelin:>15,}"
            f"{'' if good else '  WRONG'}",
            flush=True,
        )
        if args.csv:
            with open(args.csv, "a", encoding="utf-8") as out:
                out.write(
                    f"{number},{length},{stats.generated},{stats.expanded},{cpu:.3f},"
                    f"{wall:.3f},{args.workers},{korf}\n"
                )
    print(
        f"total: {len(chosen)} instances{' all optimal (replayed)' if ok else ''}, "
        f"{total_cpu:.1f} s of CPU here, {total_wall:.1f} s of wall clock, "
        f"{total_generated:,} generated ({total_generated / max(total_korf, 1):.3f} of "
        f"Korf & Felner's {total_korf:,})"
    )
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
