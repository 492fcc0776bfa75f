"""Measure: nodes and CPU of the 24-puzzle search per duplicate-sequence automaton.

Run from the project root, with numba and the 5x5 tables built once (``slidingtiles pdb build 5``):

    PYTHONPATH=. python benchmarks/pruning_depths.py --depths 0 12 14 --rounds 2 38 40
    PYTHONPATH=. python benchmarks/pruning_depths.py --shape 4 --depths 0 14 16 1 2 3 4 5 6

With ``--shape 4`` the instances are Korf's 100 15-puzzles and the tables the 4x4 6-6-3
(shipped with the package).

Depth 0 is the board-independent strings (`pruning.generic_table`, what the
engine used before the board-aware automata); any other depth is learned
for the board (`pruning.learn_board_sequences`, 14 moves: about 30 s) before any
search. The tables are loaded once; each automaton is then installed in the
kernels' plan in turn and the instances solved, round after round
alternating the automata, so that all see the same machine load. CPU time
is ``time.process_time`` of the search; node counts are deterministic.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.engine_hook import engine_solve
from benchmarks.korf50 import GOAL, read_instances
from benchmarks.korf100 import read_korf
from slidingtiles import Board, pdb
from slidingtiles._engine import pruning
from slidingtiles._engine.numba import drive


def install(size: int, table: list[int]) -> None:
    """Make ``table`` the automaton of both engines and of every plan made so far."""
    array = np.array(table, dtype=np.int32)
    pruning._PRUNING[size, size] = table
    drive._PRUNE[size, size, 0, 1, 2, 3] = array
    for plans in drive._PLANS.values():
        for made in plans.values():
            if hasattr(made, "prune"):
                made.prune = array


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("instances", nargs="+", type=int)
    parser.add_argument("--depths", nargs="+", type=int, default=[0, 14])
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--shape", type=int, default=5, choices=[4, 5])
    parser.add_argument("--partition", default=None, help="the tables (6-6-6-6 or 6-6-3)")
    args = parser.parse_args(argv)
    size = args.shape
    tables = {}
    for depth in args.depths:
        if depth == 0:
            tables[depth] = pruning.generic_table(size, size)
        elif depth == pruning.shipped_depth(size, size):
            tables[depth] = pruning.pruning_table(size, size)
        else:
            strings = pruning.learn_board_sequences(size, size, depth)
            tables[depth] = pruning.board_automaton(size, size, strings)
        print(f"depth {depth}: {len(tables[depth]) // 4:,} states", flush=True)
    goal = GOAL if size == 5 else Board.goal(4, 4, blank="first")
    name = args.partition or ("6-6-6-6" if size == 5 else "6-6-3")
    db = pdb.load(size, size, goal, name, build_missing=False)
    db.contiguous()
    engine_solve(goal.apply("RD"), goal, "pdb", db)
    rows = read_instances() if size == 5 else read_korf()
    for round_ in range(args.rounds):
        order = args.depths if round_ % 2 == 0 else list(reversed(args.depths))
        for depth in order:
            install(size, tables[depth])
            expanded, began = 0, time.process_time()
            for number in args.instances:
                length, tiles = rows[number - 1]
                board = Board(list(tiles), shape=(size, size))
                start = time.process_time()
                moves, stats = engine_solve(board, goal, "pdb", db)
                cpu = time.process_time() - start
                if len(moves) != length or board.apply(moves) != goal:
                    print(f"#{number}: WRONG answer {moves!r}")
                    return 1
                expanded += stats.expanded
                if size == 5:
                    print(
                        f"round {round_} depth {depth:>2} #{number}: {stats.expanded:>12,} "
                        f"expanded {cpu:7.2f} s CPU",
                        flush=True,
                    )
            print(
                f"round {round_} depth {depth:>2} all: {expanded:>12,} expanded "
                f"{time.process_time() - began:7.2f} s CPU",
                flush=True,
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
