"""Bounded-suboptimal search on mid-size boards: weighted A* time versus solution quality.

Run on demand (not part of the tests)::

    PYTHONPATH=. python benchmarks/suboptimal.py
    PYTHONPATH=. python benchmarks/suboptimal.py --sizes 5 6 --weights 1.5 2 3 5 --boards 5 \
        --scramble 200 --time-limit 20

For each n x n size, ``--boards`` boards are made by ``--scramble`` random moves
(no immediate reversals, seeds 0..N-1) from the standard goal, then solved with
``slidingtiles.solve(board, algorithm="weighted", weight=w,
heuristic="linear_conflict", time_limit=...)`` for each weight, and with the
constructive solver for reference. Weighted A* guarantees length <= w x
optimal; the table shows length / lower bound, where the lower bound is the
linear-conflict value of the start (admissible, so the ratio also bounds the
distance from optimal). Every solution is replayed to the goal. A run past the
time limit counts as unsolved; means are over solved boards only.
"""

from __future__ import annotations

import argparse
import platform
import statistics
import time

from slidingtiles import Board, SearchLimitExceeded, heuristics, scramble, solve, solve_constructive


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", nargs="+", type=int, default=[5, 6, 7, 8])
    parser.add_argument("--weights", nargs="+", type=float, default=[1.5, 2.0, 3.0, 5.0])
    parser.add_argument("--boards", type=int, default=3, help="boards per size")
    parser.add_argument("--scramble", type=int, default=150, help="random moves per board")
    parser.add_argument("--time-limit", type=float, default=10.0, help="seconds per solve")
    args = parser.parse_args(argv)
    bound = heuristics.get("linear_conflict").function
    print(
        f"# {platform.python_implementation()} {platform.python_version()}, "
        f"{args.boards} boards per size, {args.scramble}-move scrambles, "
        f"time limit {args.time_limit:g} s"
    )
    print(
        "| board | method | solved | mean length | mean length / lower bound "
        "| mean seconds | mean expanded |"
    )
    print("|---|---|---|---|---|---|---|")
    for n in args.sizes:
        goal = Board.goal(n, n)
        boards = [scramble(goal, args.scramble, seed=seed) for seed in range(args.boards)]
        lower = [max(1, bound(b, goal)) for b in boards]
        for weight in [*args.weights, None]:
            lengths, ratios, seconds, expanded = [], [], [], []
            for board, lb in zip(boards, lower):
                began = time.perf_counter()
                try:
                    if weight is None:
                        moves = solve_constructive(board, goal).moves
                        nodes = 0
                    else:
                        sol = solve(
                            board,
                            algorithm="weighted",
                            weight=weight,
                            heuristic="linear_conflict",
                            time_limit=args.time_limit,
                        )
                        moves, nodes = sol.moves, sol.stats.expanded
                except SearchLimitExceeded:
                    continue
                seconds.append(time.perf_counter() - began)
                assert board.apply(moves) == goal, "solution does not reach the goal"
                lengths.append(len(moves))
                ratios.append(len(moves) / lb)
                expanded.append(nodes)
            name = "constructive (reduce)" if weight is None else f"weighted A*, w={weight:g}"
            if lengths:
                print(
                    f"| {n}x{n} | {name} | {len(lengths)}/{len(boards)} | "
                    f"{statistics.mean(lengths):.1f} | {statistics.mean(ratios):.2f} | "
                    f"{statistics.mean(seconds):.3f} | {statistics.mean(expanded):,.0f} |",
                    flush=True,
                )
            else:
                print(f"| {n}x{n} | {name} | 0/{len(boards)} | - | - | - | - |", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
