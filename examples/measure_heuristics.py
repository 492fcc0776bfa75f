"""Measure how much each registered heuristic helps A* on random 8-puzzles; print a Markdown table.

Run: python examples/measure_heuristics.py [--boards N] [--seed S]
The table in docs/heuristics.md was made with ``--boards 100 --seed 2026``.
"""

import argparse
import statistics
import time

import slidingtiles as st
from slidingtiles import heuristics

parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
parser.add_argument("--boards", type=int, default=5, help="random boards to solve (default 5)")
parser.add_argument("--seed", type=int, default=2026, help="seed of the random boards")
args = parser.parse_args()

boards = [st.random_board(3, 3, seed=args.seed + i) for i in range(args.boards)]
goal = st.Board.goal(3, 3)
# BFS gives the true distances, so we can show each estimate as a share of the truth.
bfs_runs = []
for board in boards:
    started = time.perf_counter()
    bfs_runs.append((st.solve(board, algorithm="bfs"), time.perf_counter() - started))
truth = [len(solution) for solution, _ in bfs_runs]

print(
    f"{args.boards} uniformly random solvable 8-puzzles (seed {args.seed}), "
    f"mean optimal length {statistics.mean(truth):.1f} moves; A* with each heuristic.\n"
)
print(
    "| heuristic | admissible | h(start) / optimal | states expanded (mean) "
    "| seconds (mean) | moves found / optimal |"
)
print("|---|---|---|---|---|---|")
bfs_expanded = statistics.mean(solution.stats.expanded for solution, _ in bfs_runs)
bfs_seconds = statistics.mean(seconds for _, seconds in bfs_runs)
print(f"| none (BFS) | n/a | 0 | {bfs_expanded:,.0f} | {bfs_seconds:.3f} | 1.00 |")
for name in heuristics.names():
    info = heuristics.get(name)
    expanded, seconds, ratio, found = [], [], [], []
    for board, optimal in zip(boards, truth):
        started = time.perf_counter()
        solution = st.solve(board, heuristic=name, algorithm="astar")
        seconds.append(time.perf_counter() - started)
        expanded.append(solution.stats.expanded)
        ratio.append(info(board, goal) / optimal if optimal else 1.0)
        found.append(len(solution) / optimal if optimal else 1.0)
    print(
        f"| `{name}` | {'yes' if info.admissible else 'no'} | {statistics.mean(ratio):.2f} "
        f"| {statistics.mean(expanded):,.0f} | {statistics.mean(seconds):.3f} "
        f"| {statistics.mean(found):.2f} |"
    )
