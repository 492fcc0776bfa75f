"""Benchmark: candidate partitions of a shape, by IDA* nodes on hard and random boards.

Run from the project root with numba (the candidate tables are perm-ranked):

    PYTHONPATH=. python benchmarks/partitions.py 3x5 \\
        '{"cols7-7": [(1,2,5,6,7,10,11), (3,4,8,9,12,13,14)]}'
    PYTHONPATH=. python benchmarks/partitions.py 2x7 \\
        '{"cols7-6": [(1,2,3,7,8,9,10),(4,5,6,11,12,13)]}' --entry u8-moves
    PYTHONPATH=. python benchmarks/partitions.py 3x5 --encoding perm-zero \\
        --board "5 4 3 2 1/10 9 8 7 6/0 14 13 12 11" \\
        '{"cols7-7": [(1,2,5,6,7,10,11), (3,4,8,9,12,13,14)],
          "8-6": [(1,2,5,6,7,10,11,12), (3,4,8,9,13,14)],
          "8-6 and 7-7": {"max": [[(1,2,5,6,7,10,11,12), (3,4,8,9,13,14)],
                                  [(1,2,5,6,7,10,11), (3,4,8,9,12,13,14)]]}}'

Groups are tiles of the blank-first goal (the canonical goal of a corner
blank). Each candidate's tables are built in memory (nothing is cached), then
the standard goal turned 180° (`hardest.turned_goal`) and three random boards
are solved, or the ``--board`` boards (standard goal); per board: length, nodes
expanded, CPU seconds of the search. A candidate ``{"max": [partition, ...]}``
searches with the larger of several partitions' values (the maxed kernel).
``--encoding perm-zero`` builds zero-aware tables (4-bit entries). This is how
the rectangle partitions in docs/pattern-databases.md were chosen. Tables of any groups,
encoding and entry, and the maxed search over them, are not the library's public business:
they come through `engine_hook` (`build_tables`, `maxed_search`), the benchmarks' one
internal hook.
"""

from __future__ import annotations

import argparse
import ast
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.engine_hook import PERM, PERM_ZERO, build_tables, maxed_search
from benchmarks.hardest import turned_goal
from slidingtiles import Board, SearchLimitExceeded, random_board


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("shape", help="ROWSxCOLS")
    parser.add_argument("candidates", help="a Python dict literal: name -> list of groups")
    parser.add_argument("--entry", default="u4-excess", choices=["u4-excess", "u8-moves"])
    parser.add_argument("--encoding", default=PERM, choices=[PERM, PERM_ZERO])
    parser.add_argument("--board", action="append", default=[], help="a board (standard goal)")
    parser.add_argument("--time-limit", type=float, default=300.0)
    args = parser.parse_args(argv)
    rows, cols = (int(x) for x in args.shape.split("x"))
    candidates = ast.literal_eval(args.candidates)
    goal = Board.goal(rows, cols, blank="first")
    if args.board:
        boards = [(text, Board(text), Board.goal(rows, cols)) for text in args.board]
    else:
        boards = [("turned", turned_goal(rows, cols), Board.goal(rows, cols))]
        boards += [
            (f"random{s}", random_board(rows, cols, seed=s, goal=goal), goal) for s in range(3)
        ]
    for name, groups in candidates.items():
        began = time.process_time()
        partitions = groups["max"] if isinstance(groups, dict) else [groups]
        dbs = [
            build_tables(rows, cols, p, encoding=args.encoding, entry=args.entry)
            for p in partitions
        ]
        print(f"{name}: built in {time.process_time() - began:.0f} s of CPU", flush=True)
        for label, board, target in boards:
            began = time.process_time()
            try:
                moves, stats = maxed_search(dbs, board, target, time_limit=args.time_limit)
            except SearchLimitExceeded as exc:
                print(f"  {label}: not solved ({exc.stats.expanded:,} nodes)", flush=True)
                continue
            assert board.apply(moves) == target
            print(
                f"  {label}: {len(moves)} moves, {stats.expanded:,} expanded, "
                f"{time.process_time() - began:.1f} s of CPU",
                flush=True,
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
