"""Short solutions of large random boards: length / Manhattan, seconds, replayed to the goal.

Run on demand (not part of the tests)::

    PYTHONPATH=. python benchmarks/large_boards.py                     # 10x10 .. 100x100
    PYTHONPATH=. python benchmarks/large_boards.py --sizes 10x10 20x20 --time-limit 2
    PYTHONPATH=. python benchmarks/large_boards.py --method reduce  # the constructive solver alone
    PYTHONPATH=. python benchmarks/large_boards.py --goal random --sizes 37x23

Each board is drawn uniformly from the solvable ones (`random_board`, seeds
0..N-1) and solved by ``solve(board, optimal=False, time_limit=...)`` (or
`solve_constructive` with ``--method reduce``). The moves are replayed on one
flat list (an independent check, never a list of boards: a 100x100 solution
has millions of moves) to confirm they reach the goal. Printed as a Markdown
table: ``method`` is what ``Solution.algorithm`` reports, ``cpu s`` the
process time of the call (one core), ``ratio`` length / Manhattan distance,
an upper bound on length / optimal. The last line of each size gives the
means and Parberry's 8/3 n^3 (the expected moves of the classic greedy
method, Algorithms 8(3) 2015) as a ratio to the mean Manhattan distance.
The line after each size's rows tallies the methods whose answers were kept
(``Solution.algorithm``), the public view of what each method contributes (each
method alone: ``benchmarks/experiments/short_methods.py``). ``--json FILE``
also writes every row, for ``benchmarks/plot_suboptimal.py``.
One 10x10 board solved before the first (its CPU time printed apart) loads
the compiled kernels, which a process does once.
"""

from __future__ import annotations

import argparse
import collections
import json
import platform
import statistics
import sys
import time

from slidingtiles import Board, random_board, solve, solve_constructive


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
    return int(rows), int(cols or rows)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--sizes", nargs="+", type=shape, default=[(10, 10), (20, 20), (50, 50), (100, 100)]
    )
    parser.add_argument("--seeds", type=int, default=3, help="boards per size (seeds 0..N-1)")
    parser.add_argument(
        "--goal",
        choices=["standard", "random"],
        default="standard",
        help="blank-last goal, or a random goal (blank anywhere)",
    )
    parser.add_argument(
        "--method",
        choices=["auto", "reduce"],
        default="auto",
        help="solve(optimal=False) (auto), or the constructive solver alone (reduce)",
    )
    parser.add_argument(
        "--time-limit",
        type=float,
        default=None,
        help="seconds per board for solve(optimal=False, time_limit=...)",
    )
    parser.add_argument("--json", default=None, help="also write the rows to this file")
    args = parser.parse_args(argv)
    print(
        f"# {platform.python_implementation()} {platform.python_version()}, {platform.machine()}, "
        f"goal={args.goal}, method={args.method}, time_limit={args.time_limit}"
    )
    # Importing numba and loading the compiled kernels (compiling them, on a machine's first run)
    # is once per process: done and printed before the first board, as `korf100.py` sets its
    # tables up before timing, so that every board is timed alike.
    began = time.process_time()
    solve(random_board(10, 10, seed=10_000), optimal=False, time_limit=1.0)
    spent = time.process_time() - began
    print(f"# warm-up, not timed: a 10x10 board, time_limit=1 (loads the kernels): {spent:.2f} s")
    print("| board | seed | method | cpu s | length | lower bound | ratio | replayed |")
    print("|---|---|---|---|---|---|---|---|")
    rows_out = []
    for rows, cols in args.sizes:
        ratios, seconds, bounds = [], [], []
        kept: collections.Counter[str] = collections.Counter()
        for seed in range(args.seeds):
            goal = (
                Board.goal(rows, cols)
                if args.goal == "standard"
                else random_board(rows, cols, seed=10_000 + seed)
            )
            board = random_board(rows, cols, goal=goal, seed=seed)
            began = time.process_time()
            if args.method == "reduce":
                built = solve_constructive(board, goal)
                moves, bound, method = str(built.moves), built.lower_bound, "reduce"
            else:
                solution = solve(board, goal, optimal=False, time_limit=args.time_limit)
                moves = str(solution.moves)
                bound, method = solution.lower_bound or 0, solution.algorithm
            elapsed = time.process_time() - began
            if replay(board, moves) != goal.tiles:
                print(f"FAILED: {rows}x{cols} seed {seed} does not reach the goal", file=sys.stderr)
                return 1
            ratio = len(moves) / bound if bound else 1.0
            kept[method] += 1
            ratios.append(ratio)
            seconds.append(elapsed)
            bounds.append(bound)
            rows_out.append(
                {
                    "rows": rows,
                    "cols": cols,
                    "seed": seed,
                    "method": method,
                    "time_limit": args.time_limit,
                    "seconds": elapsed,
                    "length": len(moves),
                    "lower_bound": bound,
                    "ratio": ratio,
                }
            )
            print(
                f"| {rows}x{cols} | {seed} | {method} | {elapsed:.2f} | {len(moves):,} | "
                f"{bound:,} | {ratio:.3f} | yes |",
                flush=True,
            )
        parberry = 8 / 3 * (rows * cols) ** 1.5 / statistics.mean(bounds) if rows == cols else 0
        print(
            f"| {rows}x{cols} | mean of {args.seeds} | | {statistics.mean(seconds):.2f} | | | "
            f"{statistics.mean(ratios):.3f} | Parberry 8/3 n^3: {parberry:.2f} |",
            flush=True,
        )
        tally = ", ".join(f"{name} {count}" for name, count in kept.most_common())
        print(
            f"| {rows}x{cols} | median | | {statistics.median(seconds):.2f} | | | "
            f"{statistics.median(ratios):.3f} | kept: {tally} |",
            flush=True,
        )
    if args.json:
        with open(args.json, "w", encoding="utf-8") as handle:
            json.dump(rows_out, handle, indent=1)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
