"""Benchmark: pattern tables weighed, nodes per instance against build time and size.

Run from the project root, once per implementation:

    PYTHONPATH=. python benchmarks/table_tradeoff.py 4x4
    SLIDINGTILES_IMPLEMENTATION=python PYTHONPATH=. python benchmarks/table_tradeoff.py 4x4
    PYTHONPATH=. python benchmarks/table_tradeoff.py 3x4 4x3 --count 100
    PYTHONPATH=. python benchmarks/table_tradeoff.py 4x4 --only 4-4-4-3 --count 10

Per candidate partition of the shape (for the goal with the blank in cell 0, the one the
shipped tables serve): the build time (in memory, by the active implementation; the 7-8
tables, built by numba only, are loaded from the cache if there and their build is not
timed), the bytes in memory, the packed size (`tablefile.write_packed`: what the package
would ship; tables of 4-bit entries do not pack), then IDA* in the tile engine on the
instances: Korf's 100 for 4x4 (``benchmarks/data/korf100.txt``, lengths checked), else
``--count`` random boards (``random_board(rows, cols, seed=i)``). Times are CPU seconds of
the search alone (``engine_solve``, the table loaded), so other jobs on the machine weigh
less; every solution is replayed. The candidates' tables are this benchmark's choice (and
packed as the package ships its own), so the search and the packing come through
`engine_hook`, the benchmarks' one internal hook.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.engine_hook import engine_solve, packed_bytes
from benchmarks.korf100 import engine, read_korf
from slidingtiles import Board, pdb, random_board

#: Candidates per shape: name -> groups (tiles of the blank-first goal), or None for a named
#: partition of the library (or "linear_conflict": no table at all).
CANDIDATES: dict[tuple[int, int], dict[str, object]] = {
    (4, 4): {
        "linear_conflict": "linear_conflict",
        # Four rows: each table builds in a few hundredths of a second.
        "4-4-4-3": [(1, 2, 3), (4, 5, 6, 7), (8, 9, 10, 11), (12, 13, 14, 15)],
        "5-5-5": None,
        "6-6-3": None,
        "7-8": None,
    },
    (3, 4): {
        "linear_conflict": "linear_conflict",
        "4-4-3": [(1, 2, 3, 4), (5, 6, 7, 8), (9, 10, 11)],
        "default": None,
    },
    (4, 3): {
        "linear_conflict": "linear_conflict",
        "4-4-3": [(1, 2, 3, 4), (5, 6, 7, 8), (9, 10, 11)],
        "default": None,
    },
}


def table(rows: int, cols: int, name: str, groups: object) -> tuple[pdb.PatternDatabase, str]:
    """The candidate's tables for the blank-first goal, and how long they took to build."""
    goal = Board.goal(rows, cols, blank="first")
    if name == "7-8":
        if not pdb.is_cached(rows, cols, goal, name):
            raise SystemExit("7-8: build it first (slidingtiles pdb build 4x4 --partition 7-8)")
        return pdb.load(rows, cols, goal, name, build_missing=False), "(cached; not timed)"
    began = time.process_time()
    if groups is None:
        db = pdb.PatternDatabase.build(rows, cols, goal, name)
    else:
        db = pdb.PatternDatabase.build(rows, cols, goal, name, groups=groups)  # type: ignore[arg-type]
    return db, f"{time.process_time() - began:.2f} s"


def size(count: int) -> str:
    return f"{count / 1e6:.2f} MB" if count >= 100_000 else f"{count / 1e3:.1f} kB"


def packed_size(db: pdb.PatternDatabase) -> str:
    try:
        return size(packed_bytes(db))
    except ValueError:  # 4-bit entries do not pack
        return "-"


def run(rows: int, cols: int, only: list[str], count: int) -> None:
    goal = Board.goal(rows, cols, blank="first")
    if (rows, cols) == (4, 4):
        instances = [(length, Board(list(t), (4, 4))) for length, t in read_korf()][:count]
        what = f"Korf's {len(instances)}"
    else:
        instances = [(None, random_board(rows, cols, seed=i, goal=goal)) for i in range(count)]
        what = f"{count} random boards"
    print(f"== {rows}x{cols}, {what}, {engine()}")
    print(
        "| partition | build (CPU) | memory | packed | mean nodes | median nodes | "
        "search CPU, total | median |"
    )
    print("|---|---|---|---|---:|---:|---:|---:|")
    for name, groups in CANDIDATES[rows, cols].items():
        if only and name not in only:
            continue
        if groups == "linear_conflict":
            db, built, memory, packed, heuristic = None, "-", "-", "-", "linear_conflict"
        else:
            db, built = table(rows, cols, name, groups)
            db.contiguous()
            memory, packed, heuristic = size(db.nbytes), packed_size(db), "pdb"
            engine_solve(goal.apply("RD"), goal, "pdb", db)  # plans made, not timed
        nodes, seconds = [], []
        for length, board in instances:
            began = time.process_time()
            moves, stats = engine_solve(board, goal, heuristic, db)
            seconds.append(time.process_time() - began)
            nodes.append(stats.expanded)
            assert board.apply(moves) == goal, (name, board)
            assert length in (None, len(moves)), (name, board, length, len(moves))
        print(
            f"| {name} | {built} | {memory} | {packed} | {statistics.mean(nodes):,.0f} | "
            f"{statistics.median(nodes):,.0f} | {sum(seconds):.2f} s | "
            f"{statistics.median(seconds) * 1e3:.1f} ms |",
            flush=True,
        )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("shapes", nargs="+", metavar="RxC")
    parser.add_argument("--only", nargs="*", default=[], metavar="NAME", help="these candidates")
    parser.add_argument("--count", type=int, default=100, help="instances")
    args = parser.parse_args(argv)
    for text in args.shapes:
        rows, cols = (int(x) for x in text.split("x"))
        run(rows, cols, args.only, args.count)
    return 0


if __name__ == "__main__":
    sys.exit(main())
