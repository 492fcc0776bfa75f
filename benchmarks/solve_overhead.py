"""Benchmark: what one `solve` call costs around its search, through the public API.

Run from the project root (numba recommended; the 4x4 tables cached or shipped):

    PYTHONPATH=. python benchmarks/solve_overhead.py
    PYTHONPATH=. python benchmarks/solve_overhead.py --calls 20000 --batch 500

CPU time (the machine may be shared), per call (median of ``--repeat`` rounds of ``--calls``
calls each):

* a solved 4x4 board (`solve` answers before choosing any table);
* a 4x4 board one move from its goal: everything a solve does before and
  around a search (options, parity, choosing and finding the tables, the
  engine's set-up), with a search of one node;
* ``--batch N`` boards, each the standard goal scrambled by 30 random moves
  (seeds 0..N-1): the whole batch's CPU time, as a batch user sees it. A
  stand-in for a test set of easy 15-puzzles: their searches are short, so the
  per-call cost is a large part of the total.

The first call of each kind (table loading, numba's compiled kernels) is made
before timing.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time

from slidingtiles import Board, scramble, solve


def per_call(board: Board, calls: int, repeat: int) -> float:
    """Median over ``repeat`` rounds of the CPU seconds per call (other jobs share the cores)."""
    solve(board)  # tables loaded, kernels compiled
    rounds = []
    for _ in range(repeat):
        began = time.process_time()
        for _ in range(calls):
            solve(board)
        rounds.append((time.process_time() - began) / calls)
    return statistics.median(rounds)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--calls", type=int, default=5000, help="calls per round")
    parser.add_argument("--repeat", type=int, default=5, help="rounds (the median is shown)")
    parser.add_argument("--batch", type=int, default=500, metavar="N", help="scrambled boards")
    args = parser.parse_args(argv)
    goal = Board.goal(4, 4)
    near = goal.move("U")
    for label, board in (("solved 4x4", goal), ("4x4 one move away", near)):
        seconds = per_call(board, args.calls, args.repeat)
        print(f"{label:<20} {seconds * 1e6:8.1f} us of CPU per call", flush=True)
    if args.batch:
        boards = [scramble(goal, 30, seed=seed) for seed in range(args.batch)]
        solve(boards[0])
        began, cpu = time.perf_counter(), time.process_time()
        nodes = sum(solve(board).stats.expanded for board in boards)
        wall, cpu = time.perf_counter() - began, time.process_time() - cpu
        print(
            f"{args.batch} boards scrambled by 30 moves: {cpu:.3f} s of CPU ({wall:.3f} s wall), "
            f"{cpu / args.batch * 1e3:.2f} ms per board, {nodes:,} nodes expanded"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
