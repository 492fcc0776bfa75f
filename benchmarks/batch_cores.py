"""What a second core gives: the same batch of random 15-puzzles, 1 and 2 worker processes.

Run on demand (the 4x4 blank-last table is built first if it is not cached):

    SLIDINGTILES_IMPLEMENTATION=python PYTHONPATH=. python benchmarks/batch_cores.py --boards 24

Everything runs through the public ``solve_many``; the implementation printed is what each
solution says ran it (`Solution.engine`).
"""

from __future__ import annotations

import argparse
import time
from concurrent.futures import ProcessPoolExecutor

import slidingtiles as st


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--boards", type=int, default=24)
    parser.add_argument("--workers", type=int, nargs="+", default=[1, 2])
    args = parser.parse_args()
    boards = [st.random_board(4, 4, seed=seed).to_text() for seed in range(args.boards)]
    list(st.solve_many(boards[:1]))  # build or load the table before timing
    baseline = None
    for workers in args.workers:
        begin = time.perf_counter()
        if workers == 1:
            results = list(st.solve_many(boards))
        else:
            with ProcessPoolExecutor(workers) as pool:
                results = list(st.solve_many(boards, executor=pool))
        seconds = time.perf_counter() - begin
        baseline = baseline or seconds
        solutions = [r.solution for r in results if r.solution is not None]
        moves = sum(len(s) for s in solutions)
        engines = ", ".join(sorted({s.engine for s in solutions}))
        print(
            f"{workers} worker(s), {engines}: {seconds:.2f} s for "
            f"{len(boards)} boards ({moves} moves), speed-up {baseline / seconds:.2f}x"
        )


if __name__ == "__main__":
    main()
