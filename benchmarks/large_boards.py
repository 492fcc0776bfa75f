"""Constructive solving of large random boards: seconds, length, lower bound, ratio, replayed.

Run on demand (not part of the tests)::

    PYTHONPATH=. python benchmarks/large_boards.py                 # 10x10, 20x20, 50x50, 100x100
    PYTHONPATH=. python benchmarks/large_boards.py --sizes 10x10 30x7 --seeds 3 --goal random

Each board is drawn uniformly from the solvable ones (`random_board`), solved by
`solve_constructive`, and the moves are replayed on a flat list (an independent
check, not the solver's own bookkeeping) to confirm they reach the goal. Prints
a Markdown table; the lower bound is the Manhattan distance, so ``ratio`` =
length / lower bound is an upper bound on how far from optimal the solution is.
"""

from __future__ import annotations

import argparse
import platform
import statistics
import sys
import time

from slidingtiles import Board, random_board, solve_constructive


def replay(board: Board, moves: str) -> tuple[int, ...]:
    """Apply blank moves to a flat copy of the tiles, refusing any move off the board."""
    rows, cols = board.shape
    tiles = list(board.tiles)
    blank = tiles.index(0)
    offsets = {"U": -cols, "D": cols, "L": -1, "R": 1}
    for index, move in enumerate(moves):
        row, col = divmod(blank, cols)
        if (
            (move == "U" and row == 0)
            or (move == "D" and row == rows - 1)
            or (move == "L" and col == 0)
            or (move == "R" and col == cols - 1)
        ):
            raise AssertionError(f"move {index} ({move}) leaves the board")
        cell = blank + offsets[move]
        tiles[blank] = tiles[cell]
        tiles[cell] = 0
        blank = cell
    return tuple(tiles)


def shape(text: str) -> tuple[int, int]:
    rows, _, cols = text.lower().partition("x")
    return int(rows), int(cols)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--sizes", nargs="+", type=shape, default=[(10, 10), (20, 20), (50, 50), (100, 100)]
    )
    parser.add_argument("--seeds", type=int, default=1, help="boards per size (seeds 0..N-1)")
    parser.add_argument(
        "--goal",
        choices=["standard", "random"],
        default="standard",
        help="blank-last goal, or a random goal (blank anywhere)",
    )
    parser.add_argument("--shorten", choices=["auto", "none", "cancel", "windows"], default="auto")
    args = parser.parse_args(argv)
    print(
        f"# {platform.python_implementation()} {platform.python_version()}, "
        f"{platform.machine()}, goal={args.goal}, shorten={args.shorten}"
    )
    print("| board | seed | seconds | length | raw length | lower bound | ratio | replayed |")
    print("|---|---|---|---|---|---|---|---|")
    for rows, cols in args.sizes:
        ratios, seconds = [], []
        for seed in range(args.seeds):
            goal = (
                Board.goal(rows, cols)
                if args.goal == "standard"
                else random_board(rows, cols, seed=10_000 + seed)
            )
            board = random_board(rows, cols, goal=goal, seed=seed)
            began = time.perf_counter()
            result = solve_constructive(board, goal, shorten=args.shorten)
            elapsed = time.perf_counter() - began
            ok = replay(board, result.moves) == goal.tiles
            if not ok:
                print(f"FAILED: {rows}x{cols} seed {seed} does not reach the goal", file=sys.stderr)
                return 1
            ratios.append(result.ratio)
            seconds.append(elapsed)
            print(
                f"| {rows}x{cols} | {seed} | {elapsed:.3f} | {len(result.moves):,} | "
                f"{result.raw_length:,} | {result.lower_bound:,} | {result.ratio:.2f} | yes |",
                flush=True,
            )
        if args.seeds > 1:
            print(
                f"| {rows}x{cols} | mean of {args.seeds} | {statistics.mean(seconds):.3f} | | | | "
                f"{statistics.mean(ratios):.2f} | |"
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
