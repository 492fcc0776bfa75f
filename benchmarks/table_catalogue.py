"""Measure: which 5x5 table set expands the fewest nodes per CPU second (the 24-puzzle).

Run from the project root, with numba and the 5x5 tables built once (``slidingtiles pdb build 5``):

    PYTHONPATH=. python benchmarks/table_catalogue.py --dir /tmp/groups --sets kf kf+1 all 38 40
    PYTHONPATH=. python benchmarks/table_catalogue.py --dir /tmp/groups --build-only
    PYTHONPATH=. python benchmarks/table_catalogue.py --dir /tmp/groups --sets kf kf+6 \
        --markdown docs/measurements/table-sets.md     # the page of these numbers

The sets are made of the partitions of `CATALOGUE`, each maxed with its
reflection about the main diagonal: ``kf`` is Korf & Felner's 6-6-6-6 (the
default), ``kf+N`` adds partition N of the catalogue, ``all`` is all seven,
``kf+N+M`` two. The catalogue's seven partitions are those of Clausecker's
"small" catalogue (the repository clausecker/24puzzle, ``catalogues/small-t.cat``;
partition 0 is Korf & Felner's), written down here as tile sets for the
blank-first goal in the orientation that needs the fewest distinct tables: 14
six-tile groups, four of them Korf & Felner's. Each group's zero-aware table
(`perm-zero2`, 4 bits: 127.5 MB, about 35 s of CPU and 1.7 GB to build) is
built once into ``--dir`` (one at a time), and the tables of the set are then
laid out back to back in one buffer that every partition's lookups share.

CPU time is ``time.process_time`` of the search alone; node counts
(expanded) are deterministic. Every answer is replayed and its length
checked against the file. With ``--markdown FILE`` the results are written
as a page (the sets in rows, the instances in columns), with the command,
the date and the machine's load.
"""

from __future__ import annotations

import argparse
import datetime
import mmap
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.engine_hook import forget_plans, maxed_search
from benchmarks.korf50 import GOAL, read_instances
from slidingtiles import Board, pdb
from slidingtiles._engine import dispatch

#: Clausecker's "small" partitions (catalogues/small-t.cat, transposed: the orientation in which
#: the seven share the most groups), tiles of the blank-first goal; partition 0 is Korf & Felner's.
CATALOGUE: tuple[tuple[tuple[int, ...], ...], ...] = (
    ((1, 2, 5, 6, 7, 12), (3, 4, 8, 9, 13, 14), (10, 11, 15, 16, 20, 21), (17, 18, 19, 22, 23, 24)),
    ((1, 2, 5, 6, 7, 10), (11, 12, 15, 16, 20, 21), (17, 18, 19, 22, 23, 24), (3, 4, 8, 9, 13, 14)),
    ((1, 2, 5, 6, 7, 12), (10, 11, 15, 16, 20, 21), (3, 8, 13, 17, 18, 22), (4, 9, 14, 19, 23, 24)),
    ((1, 2, 5, 6, 7, 10), (11, 12, 15, 16, 20, 21), (3, 8, 13, 17, 18, 22), (4, 9, 14, 19, 23, 24)),
    ((1, 2, 3, 4, 5, 6), (10, 11, 15, 16, 20, 21), (7, 8, 9, 12, 13, 14), (17, 18, 19, 22, 23, 24)),
    ((1, 2, 5, 6, 7, 10), (15, 20, 21, 22, 23, 24), (11, 12, 16, 17, 18, 19), (3, 4, 8, 9, 13, 14)),
    ((1, 2, 3, 4, 5, 6), (10, 11, 15, 16, 20, 21), (7, 8, 12, 13, 17, 18), (9, 14, 19, 22, 23, 24)),
)
ENCODING, ENTRY = "perm-zero2", "u4-excess"


def parse_set(name: str) -> tuple[int, ...]:
    """``kf`` -> (0,), ``kf+3`` -> (0, 3), ``kf+1+5`` -> (0, 1, 5), ``all`` -> 0..6."""
    if name == "all":
        return tuple(range(len(CATALOGUE)))
    head, *rest = name.split("+")
    if head != "kf" or not all(r.isdigit() and 0 < int(r) < len(CATALOGUE) for r in rest):
        raise SystemExit(f"unknown set {name!r}: kf, kf+N (1-6), kf+N+M..., all")
    return (0, *(int(r) for r in rest))


def group_file(where: Path, group: tuple[int, ...]) -> Path:
    return where / f"5x5-{'-'.join(map(str, group))}-{ENCODING}-{ENTRY}.bin"


def ensure_groups(where: Path, groups: list[tuple[int, ...]], kf: pdb.PatternDatabase) -> None:
    """Build every group's table not yet in ``where`` (Korf & Felner's come from ``kf``)."""
    where.mkdir(parents=True, exist_ok=True)
    for group in groups:
        path = group_file(where, group)
        if path.exists():
            continue
        if group in kf.groups:
            data = bytes(kf.tables[kf.groups.index(group)])
        else:
            began = time.process_time()
            data = dispatch.build_group_table(
                5, 5, GOAL.tiles, group, encoding=ENCODING, entry=ENTRY
            )
            print(f"built {group}: {time.process_time() - began:.1f} s CPU", flush=True)
        path.with_suffix(".tmp").write_bytes(data)
        path.with_suffix(".tmp").rename(path)


def catalogue_dbs(where: Path, members: tuple[int, ...]) -> list[pdb.PatternDatabase]:
    """The set's partitions as databases whose shared groups share one buffer's memory."""
    groups = sorted({g for m in members for g in CATALOGUE[m]})
    sizes = [group_file(where, g).stat().st_size for g in groups]
    # Private anonymous memory on huge pages, as the library lays its tables out (a shared
    # mapping would get no huge pages, and miss the TLB far more often).
    memory = mmap.mmap(-1, sum(sizes) + 1, flags=mmap.MAP_PRIVATE | mmap.MAP_ANONYMOUS)
    if hasattr(mmap, "MADV_HUGEPAGE"):
        memory.madvise(mmap.MADV_HUGEPAGE)
    buffer = memoryview(memory)
    offset: dict[tuple[int, ...], tuple[int, int]] = {}
    at = 0
    for g, size in zip(groups, sizes):
        with open(group_file(where, g), "rb") as f:
            f.readinto(buffer[at : at + size])
        offset[g] = (at, size)
        at += size
    dbs = []
    for m in members:
        tables = tuple(buffer[offset[g][0] : offset[g][0] + offset[g][1]] for g in CATALOGUE[m])
        db = pdb.PatternDatabase(
            5, 5, GOAL.tiles, f"catalogue-{m}", CATALOGUE[m], (ENCODING,) * 4, tables, entry=ENTRY
        )
        db._contiguous = (buffer, (0,))  # already laid out: the kernels read these views
        dbs.append(db)
    return dbs


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("instances", nargs="*", type=int, default=[38, 40, 25, 32, 44])
    parser.add_argument("--dir", type=Path, required=True, help="where the group tables live")
    parser.add_argument("--sets", nargs="+", default=["kf", "all"])
    parser.add_argument("--build-only", action="store_true")
    parser.add_argument("--time-limit", type=float, default=None, help="CPU seconds per instance")
    parser.add_argument("--markdown", type=Path, default=None, help="write the results as a page")
    args = parser.parse_args(argv)
    results: list[tuple[str, list[tuple[int, int, float]]]] = []
    sets = [(name, parse_set(name)) for name in args.sets]  # a name twice: measured twice
    kf = pdb.load(5, 5, GOAL, "6-6-6-6", build_missing=False)
    needed = sorted({g for _, members in sets for m in members for g in CATALOGUE[m]})
    ensure_groups(args.dir, needed, kf)
    del kf
    if args.build_only:
        return 0
    rows = read_instances()
    for name, members in sets:
        dbs = catalogue_dbs(args.dir, members)
        maxed_search(dbs, GOAL.apply("RD"), GOAL, time_limit=None)  # the plan, made once
        lookups = 2 * len(members)
        total_expanded, total_cpu = 0, 0.0
        for number in args.instances:
            length, tiles = rows[number - 1]
            board = Board(list(tiles), shape=(5, 5))
            began = time.process_time()
            moves, stats = maxed_search(dbs, board, GOAL, time_limit=args.time_limit)
            cpu = time.process_time() - began
            if len(moves) != length or board.apply(moves) != GOAL:
                print(f"{name} #{number}: WRONG answer {moves!r}")
                return 1
            total_expanded += stats.expanded
            total_cpu += cpu
            if number == args.instances[0]:
                results.append((name, []))
            results[-1][1].append((number, stats.expanded, cpu))
            print(
                f"{name:>10} ({lookups:>2} lookups) #{number:>2}: {stats.expanded:>13,} expanded "
                f"{stats.generated:>14,} generated {cpu:8.2f} s CPU "
                f"{stats.expanded / max(cpu, 1e-9) / 1e6:6.2f} M exp/s",
                flush=True,
            )
        print(
            f"{name:>10} ({lookups:>2} lookups) all: {total_expanded:>13,} expanded "
            f"{total_cpu:8.2f} s CPU",
            flush=True,
        )
        del dbs
        forget_plans()  # the set's memory goes before the next set's comes
    if args.markdown is not None:
        write_page(args.markdown, results, argv if argv is not None else sys.argv[1:])
    return 0


def write_page(
    path: Path, results: list[tuple[str, list[tuple[int, int, float]]]], argv: list[str]
) -> None:
    """The results as a Markdown page: per set, nodes expanded and CPU seconds per instance."""
    numbers = [n for n, _, _ in results[0][1]]
    first = sum(e for _, e, _ in results[0][1])
    head = " | ".join(f"#{n}" for n in numbers)
    lines = [
        "# Measurements: the 24-puzzle's table sets",
        "",
        "Written by `benchmarks/table_catalogue.py` (do not edit by hand):",
        "",
        "```",
        f"PYTHONPATH=. python benchmarks/table_catalogue.py {' '.join(argv)}",
        "```",
        "",
        f"{datetime.date.today().isoformat()}, numba, one process; load average "
        f"{os.getloadavg()[0]:.1f} at the end (2 cores shared: CPU seconds carry noise, node "
        "counts are exact). `kf` is Korf & Felner's 6-6-6-6 alone; `kf+N` adds partition N of "
        "the catalogue (`CATALOGUE` in the script; Clausecker's small-t); every partition is "
        "maxed with its reflection; every answer optimal (replayed).",
        "",
        "Nodes expanded:",
        "",
        f"| set | lookups | {head} | all | against the first |",
        "|---|---:|" + "---:|" * len(numbers) + "---:|---:|",
    ]
    for name, rows in results:
        total = sum(e for _, e, _ in rows)
        cells = " | ".join(f"{e:,}" for _, e, _ in rows)
        lookups = 2 * len(parse_set(name))
        lines.append(f"| {name} | {lookups} | {cells} | {total:,} | {total / first:.3f} |")
    lines += [
        "",
        "CPU seconds of the search:",
        "",
        f"| set | {head} | all | M expanded per s |",
        "|---|" + "---:|" * len(numbers) + "---:|---:|",
    ]
    for name, rows in results:
        cpu = sum(c for _, _, c in rows)
        total = sum(e for _, e, _ in rows)
        cells = " | ".join(f"{c:.2f}" for _, _, c in rows)
        lines.append(f"| {name} | {cells} | {cpu:.1f} | {total / cpu / 1e6:.2f} |")
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


if __name__ == "__main__":
    sys.exit(main())
