"""Benchmark: batch-weighted A* against the tile engine's IDA* on Korf's 100 15-puzzles.

Run from the project root:

    PYTHONPATH=. python benchmarks/bwas_korf100.py                 # numba, batch 100 and 1000
    PYTHONPATH=. python benchmarks/bwas_korf100.py --batch 100 --count 20 --write

Both searches use the same pattern tables (``--partition``, default 6-6-3: the digits
tables batch-weighted A* looks up in batches and in its compiled kernel; with 4x4's 7-8
cached, IDA*'s own default, bwas still takes 6-6-3), loaded before timing, on the
blank-first goal of ``benchmarks/data/korf100.txt``.
IDA* runs as ``benchmarks/korf100.py`` runs it (`engine_hook.engine_solve`);
batch-weighted A* through the public ``solve(..., heuristic="pdb", algorithm="bwas",
batch_size=B)`` with weight 1. Per instance the two alternate (IDA* first), each
timed in CPU seconds (``time.process_time``); every answer is replayed and its length
checked against the published optimum. ``--write`` puts the table in
``docs/measurements/bwas.md``.
"""

from __future__ import annotations

import argparse
import platform
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.engine_hook import engine_solve
from benchmarks.korf100 import read_korf
from slidingtiles import Board, pdb, solve
from slidingtiles._engine import dispatch

OUT = Path(__file__).resolve().parent.parent / "docs" / "measurements" / "bwas.md"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--count", type=int, default=100)
    parser.add_argument("--batch", type=int, nargs="+", default=[100, 1000])
    parser.add_argument("--partition", default="6-6-3")
    parser.add_argument("--write", action="store_true", help="write docs/measurements/bwas.md")
    args = parser.parse_args()
    goal = Board.goal(4, 4, blank="first")
    partition = args.partition
    db = pdb.load(4, 4, goal, partition)
    engine_solve(goal.apply("RD"), goal, "pdb", db)  # compile / warm up, not timed
    solve(goal.apply("RD"), goal, heuristic="pdb", algorithm="bwas", batch_size=10)
    rows = []
    for batch in args.batch:
        ida_s = bwas_s = 0.0
        ida_n = bwas_n = calls = boards = 0
        for length, tiles in read_korf()[: args.count]:
            board = Board(tiles, shape=(4, 4))
            t0 = time.process_time()
            moves, stats = engine_solve(board, goal, "pdb", db)
            t1 = time.process_time()
            sol = solve(board, goal, heuristic="pdb", algorithm="bwas", batch_size=batch)
            t2 = time.process_time()
            assert len(moves) == length == len(sol.moves), (length, len(moves), len(sol.moves))
            assert sol.optimal
            assert board.apply(sol.moves) == goal
            ida_s += t1 - t0
            bwas_s += t2 - t1
            ida_n += stats.expanded
            bwas_n += sol.stats.expanded
            calls += sol.stats.heuristic_calls  # type: ignore[attr-defined]
            boards += sol.stats.heuristic_boards  # type: ignore[attr-defined]
        rows.append((batch, ida_s, ida_n, bwas_s, bwas_n, calls, boards))
        print(
            f"batch {batch:>5}: IDA* {ida_s:.2f} s CPU, {ida_n:,} expanded | bwas {bwas_s:.2f} s "
            f"CPU, {bwas_n:,} expanded, {calls:,} heuristic calls of {boards / calls:,.0f} "
            f"boards | ratio {bwas_s / ida_s:.2f}",
            flush=True,
        )
    if args.write:
        lines = [
            "# Batch-weighted A* on Korf's 100",
            "",
            "Written by `benchmarks/bwas_korf100.py --write` "
            f"({time.strftime('%Y-%m-%d')}, {dispatch.IMPLEMENTATION}, Python "
            f"{platform.python_version()}, {args.count} instances, tables {partition}, "
            "weight 1: every answer optimal and checked). CPU seconds of the searches only "
            "(tables loaded and kernels compiled before timing), the two alternating per "
            "instance, on a shared 2-core machine.",
            "",
            "| batch size | IDA* CPU s | IDA* expanded | bwas CPU s | bwas expanded | "
            "heuristic calls | boards per call | bwas / IDA* time |",
            "|---:|---:|---:|---:|---:|---:|---:|---:|",
        ]
        for batch, ida_s, ida_n, bwas_s, bwas_n, calls, boards in rows:
            lines.append(
                f"| {batch:,} | {ida_s:.2f} | {ida_n:,} | {bwas_s:.2f} | {bwas_n:,} | "
                f"{calls:,} | {boards / calls:,.0f} | {bwas_s / ida_s:.2f} |"
            )
        OUT.write_text("\n".join(lines) + "\n", encoding="utf-8")
        print(f"wrote {OUT}")


if __name__ == "__main__":
    main()
