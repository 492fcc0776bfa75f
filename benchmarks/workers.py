"""One board on one process or two: ``solve(board, workers=N)`` against ``workers=1``, call by call.

Run on demand (not part of the tests)::

    PYTHONPATH=. python benchmarks/workers.py                      # 10 random 15-puzzles
    PYTHONPATH=. python benchmarks/workers.py --korf50 38 40 25    # and some 24-puzzles
    PYTHONPATH=/path/to/other/tree python benchmarks/workers.py    # the same on another tree

Each board is solved ``--rounds`` times with ``workers=1`` and with
``workers=2`` (alternating, in one process, so a pool kept between calls is
kept between these too), and the median wall-clock seconds of each are printed
with their ratio, as a Markdown table; the last line gives the medians over
all boards. One solve of each kind before the first timed one loads the
compiled kernels and the tables (printed apart, as ``first call``). The
lengths of the two are checked equal (both are optimal). Uses the public API
only, so it runs unchanged on an older tree (``PYTHONPATH``): before and
after, in one sitting.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

from slidingtiles import Board, random_board, solve

DATA = Path(__file__).resolve().parent / "data"


def korf50(numbers: list[int]) -> list[tuple[str, Board, Board]]:
    lines = (DATA / "korf50_24.txt").read_text().splitlines()
    rows = [line.split() for line in lines if line and not line.startswith("#")]
    goal = Board.goal(5, 5, blank="first")
    return [
        (f"Korf & Felner #{n}", Board([int(t) for t in rows[n - 1][1:]], shape=(5, 5)), goal)
        for n in numbers
    ]


def timed(board: Board, goal: Board, workers: int) -> tuple[float, int]:
    began = time.perf_counter()
    solution = solve(board, goal, heuristic="pdb", workers=workers)
    return time.perf_counter() - began, len(solution)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--boards", type=int, default=10, help="random 15-puzzles (seeds 0..N-1)")
    parser.add_argument("--rounds", type=int, default=5, help="timed solves of each kind")
    parser.add_argument("--korf50", type=int, nargs="*", default=[], help="24-puzzles by number")
    args = parser.parse_args(argv)
    goal4 = Board.goal(4, 4)
    cases = [
        (f"random 4x4, seed {seed}", random_board(4, 4, seed=seed), goal4)
        for seed in range(args.boards)
    ]
    cases += korf50(args.korf50)
    for workers in (1, 2):
        seconds, _ = timed(cases[0][1], cases[0][2], workers)
        print(f"first call, workers={workers}: {seconds:.3f} s")
    print("| board | workers=1: median s | workers=2: median s | 2 / 1 |")
    print("|---|---:|---:|---:|")
    ones, twos = [], []
    for name, board, goal in cases:
        times: dict[int, list[float]] = {1: [], 2: []}
        for _ in range(args.rounds):
            for workers in (1, 2):
                seconds, length = timed(board, goal, workers)
                times[workers].append(seconds)
                if workers == 1:
                    expected = length
                elif length != expected:
                    raise AssertionError(f"{name}: {length} moves with 2 workers, not {expected}")
        one, two = statistics.median(times[1]), statistics.median(times[2])
        ones.append(one)
        twos.append(two)
        print(f"| {name} | {one:.4f} | {two:.4f} | {two / one:.2f} |", flush=True)
    one, two = statistics.median(ones), statistics.median(twos)
    print(f"| median over the boards | {one:.4f} | {two:.4f} | {two / one:.2f} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
