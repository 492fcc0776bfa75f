"""Benchmark: candidate partitions of a shape, by IDA* nodes on hard and random boards.

Run from the project root with numba (the candidate tables are perm-ranked):

    PYTHONPATH=. python benchmarks/partitions.py 3x5 \\
        '{"cols7-7": [(1,2,5,6,7,10,11), (3,4,8,9,12,13,14)]}'
    PYTHONPATH=. python benchmarks/partitions.py 2x7 \\
        '{"cols7-6": [(1,2,3,7,8,9,10),(4,5,6,11,12,13)]}' --entry u8-moves

Groups are tiles of the blank-first goal (the canonical goal of a corner
blank). Each candidate's tables are built in memory (nothing is cached), then
the standard goal turned 180° (`hardest.turned_goal`) and three random boards
are solved; per board: length, nodes expanded, seconds. This is how the
rectangle partitions in docs/pattern-databases.md were chosen.
"""

from __future__ import annotations

import argparse
import ast
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.hardest import turned_goal
from slidingtiles import Board, SearchLimitExceeded, random_board
from slidingtiles._engine import dispatch
from slidingtiles._engine.indexing import PERM
from slidingtiles.pdb import PatternDatabase


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("shape", help="ROWSxCOLS")
    parser.add_argument("candidates", help="a Python dict literal: name -> list of groups")
    parser.add_argument("--entry", default="u4-excess", choices=["u4-excess", "u8-moves"])
    parser.add_argument("--time-limit", type=float, default=300.0)
    args = parser.parse_args(argv)
    rows, cols = (int(x) for x in args.shape.split("x"))
    candidates = ast.literal_eval(args.candidates)
    goal = Board.goal(rows, cols, blank="first")
    boards = [("turned", turned_goal(rows, cols), Board.goal(rows, cols))]
    boards += [(f"random{s}", random_board(rows, cols, seed=s, goal=goal), goal) for s in range(3)]
    for name, groups in candidates.items():
        began = time.perf_counter()
        tables = [
            dispatch.build_group_table(rows, cols, goal.tiles, g, encoding=PERM, entry=args.entry)
            for g in groups
        ]
        db = PatternDatabase(rows, cols, goal.tiles, "custom", tuple(map(tuple, groups)),
                             (PERM,) * len(groups), tuple(tables), entry=args.entry)  # fmt: skip
        print(f"{name}: built in {time.perf_counter() - began:.0f} s", flush=True)
        for label, board, target in boards:
            began = time.perf_counter()
            try:
                moves, stats = dispatch.engine_solve(
                    board, target, "pdb", db=db, time_limit=args.time_limit
                )
            except SearchLimitExceeded as exc:
                print(f"  {label}: not solved ({exc.stats.expanded:,} nodes)", flush=True)
                continue
            print(f"  {label}: {len(moves)} moves, {stats.expanded:,} expanded, "
                  f"{time.perf_counter() - began:.1f} s", flush=True)  # fmt: skip
    return 0


if __name__ == "__main__":
    sys.exit(main())
