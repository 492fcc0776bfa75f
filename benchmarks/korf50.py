"""Benchmark: Korf & Felner's 50 random 24-puzzles, optimal, beside the published node counts.

Run from the project root, with numba and the 5x5 tables built once
(``slidingtiles pdb build 5``: the table set 6-6-6-6+6, about 5 minutes on 2
cores, 2.8 GB of memory, 893 MB on disk):

    PYTHONPATH=. python benchmarks/korf50.py 38 40 25            # instances by number
    PYTHONPATH=. python benchmarks/korf50.py --easiest 10        # the ten easiest for K&F
    PYTHONPATH=. python benchmarks/korf50.py --easiest 5 --workers 2   # one board on 2 cores
    PYTHONPATH=. python benchmarks/korf50.py 38 --csv korf50.csv
    PYTHONPATH=. python benchmarks/korf50.py --easiest 10 --markdown docs/measurements/korf50.md

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
    """CPU seconds of this process and of its workers, finished or alive.

    ``solve(workers=N)`` keeps its pool between calls, so its workers are not
    reaped (``RUSAGE_CHILDREN`` misses them): on Linux their own counters are
    read from ``/proc``.
    """
    total = 0.0
    for who in (resource.RUSAGE_SELF, resource.RUSAGE_CHILDREN):
        usage = resource.getrusage(who)
        total += usage.ru_utime + usage.ru_stime
    return total + _live_children_cpu()


def _live_children_cpu() -> float:
    """CPU seconds of this process's living descendants (a fork server's workers too; 0 where
    ``/proc`` is missing)."""
    import os

    ticks = os.sysconf("SC_CLK_TCK")
    parent: dict[int, int] = {}
    used: dict[int, float] = {}
    for entry in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = entry.read_text().rsplit(")", 1)[1].split()
        except (OSError, IndexError):  # gone, or not ours to read
            continue
        pid = int(entry.parent.name)  # then ppid, and utime and stime 12 and 13 after ")"
        parent[pid] = int(fields[1])
        used[pid] = (int(fields[11]) + int(fields[12])) / ticks
    mine = {os.getpid()}
    grew = True
    while grew:
        grew = False
        for pid, ppid in parent.items():
            if ppid in mine and pid not in mine:
                mine.add(pid)
                grew = True
    mine.discard(os.getpid())
    return sum(used[pid] for pid in mine)


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
    parser.add_argument(
        "--partition", default=None, help="5x5 partition or table set (default: solve's choice)"
    )
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
    parser.add_argument(
        "--markdown",
        metavar="FILE",
        default=None,
        help="append this run to a page: a section with the command, the load and a table",
    )
    args = parser.parse_args(argv)
    instances = read_instances()
    table: list[str] = []
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
    if args.partition is None:
        args.partition = pdb.preferred_partition(5, 5, GOAL)
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
        table.append(
            f"| {number} | {length} | {stats.generated:,} | {stats.expanded:,} | {cpu:.2f} | "
            f"{wall:.2f} | {korf:,} | {stats.generated / korf:.3f} | {zpdb:,} |"
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
    if args.markdown:
        _append_page(Path(args.markdown), args, table, ok, total_cpu, total_wall)
    return 0 if ok else 1


def _append_page(
    path: Path,
    args: argparse.Namespace,
    table: list[str],
    ok: bool,
    total_cpu: float,
    total_wall: float,
) -> None:
    """Append this run to the page: the command, the date, the load, one row per instance."""
    import datetime
    import os

    command = " ".join(sys.argv[1:])
    head = (
        ""
        if path.exists()
        else (
            "# Measurements: Korf & Felner's 24-puzzles\n\n"
            "Each section is one run of `benchmarks/korf50.py --markdown` (appended by it; do not "
            "edit by hand). Nodes generated as Korf & Felner count them (their 2002 column), "
            "expanded as the zpdb column (Clausecker & Reinefeld 2019) counts them; CPU seconds of "
            "the search (this process and its workers), wall clock beside.\n"
        )
    )
    lines = [
        head,
        f"## {datetime.date.today().isoformat()}: `korf50.py {command}`",
        "",
        f"Partition {args.partition}, {args.workers} process(es); load average "
        f"{os.getloadavg()[0]:.1f} at the end (2 cores shared). "
        f"{'Every answer optimal (replayed).' if ok else 'NOT every answer optimal.'} "
        f"In all: {total_cpu:.1f} s of CPU, {total_wall:.1f} s of wall clock.",
        "",
        "| # | length | generated | expanded | CPU s | wall s | K&F 2002 generated | "
        "ours / K&F | zpdb 2019 expanded |",
        "|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
        *table,
        "",
    ]
    with open(path, "a", encoding="utf-8") as out:
        out.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    sys.exit(main())
