"""What an optimal search costs, by heuristic, board size and Manhattan distance: reach's numbers.

Run on demand (not part of the tests)::

    PYTHONPATH=. python benchmarks/reach.py nodes                  # scrambles, every heuristic
    PYTHONPATH=. python benchmarks/reach.py nodes --heuristic linear_conflict --sizes 6x6 20x20
    PYTHONPATH=. python benchmarks/reach.py korf50                 # the 24-puzzles, published
    PYTHONPATH=. python benchmarks/reach.py rates                  # expansions a second
    SLIDINGTILES_IMPLEMENTATION=python PYTHONPATH=. python benchmarks/reach.py rates

``nodes`` solves random-walk scrambles of growing length (`scramble`, seeds
0..N-1) optimally with one heuristic (``solve(board, heuristic=...,
max_nodes=CAP)``) and prints, per board, its Manhattan distance and the nodes
expanded (or the cap, when the search did not finish), then a least-squares
fit of log10(expanded) against the Manhattan distance over the finished
searches: the ``base`` and ``growth`` of the row of
`slidingtiles._solve.reach.REACH` for that heuristic. ``korf50`` fits the
same over Korf & Felner's 50 random 24-puzzles from the published node counts
(``benchmarks/data/korf50_nodes.txt``, scaled by the ratio of our nodes to
theirs measured on the ten easiest, docs/24-puzzle.md). ``rates`` measures
the tile engine's expansions a second per heuristic for the active
implementation (the first searches of a process load the compiled kernels and
are not timed). Node counts are the same under both implementations.
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
from pathlib import Path

import numpy

from slidingtiles import Board, SearchLimitExceeded, random_board, scramble, solve
from slidingtiles._engine import dispatch

DATA = Path(__file__).resolve().parent / "data"
# Our expansions over Korf & Felner's generated nodes on their ten easiest 24-puzzles
# (docs/24-puzzle.md: 4,523,880,073 generated against 11,071,420,630, about 2.1 generated per
# expansion in the engine's counts: so about 0.2 of their count, in expansions).
_KORF50_SCALE = 4_523_880_073 / 11_071_420_630 / 2.1


def shape(text: str) -> tuple[int, int]:
    rows, _, cols = text.lower().partition("x")
    return int(rows), int(cols or rows)


def features(cells: int, md: int) -> tuple[float, float, float]:
    """The estimate's terms: 1, the Manhattan distance, and its square over the cells."""
    return 1.0, float(md), md * md / cells


def fit(points: list[tuple[int, int, float]]) -> tuple[float, float, float]:
    """Least squares of log10(nodes) = base + growth x md + crowding x md^2 / cells."""
    xs = numpy.array([features(cells, md) for cells, md, _ in points])
    ys = numpy.array([math.log10(max(1.0, nodes)) for _, _, nodes in points])
    solution = numpy.linalg.lstsq(xs, ys, rcond=None)[0]
    return float(solution[0]), float(solution[1]), float(solution[2])


def residuals(
    points: list[tuple[int, int, float]], terms: tuple[float, float, float]
) -> list[float]:
    return sorted(
        math.log10(max(1.0, n)) - sum(t * f for t, f in zip(terms, features(cells, md)))
        for cells, md, n in points
    )


def solved(
    board: Board, goal: Board, heuristic: str, cap: int, algorithm: str = "auto"
) -> tuple[int, bool, float]:
    """Expansions of one capped optimal search, whether it finished, and its seconds."""
    began = time.perf_counter()
    try:
        stats = solve(
            board, goal, heuristic=heuristic, algorithm=algorithm, max_nodes=cap, optimal=True
        ).stats
        done = True
    except SearchLimitExceeded as error:
        stats, done = error.stats, False
    return stats.expanded, done, time.perf_counter() - began


def nodes_command(args: argparse.Namespace) -> None:
    finished: list[tuple[int, int, float]] = []
    print("| heuristic | shape | board | Manhattan | expanded | finished | s |")
    print("|---|---|---|---:|---:|---|---:|")

    def run(board: Board, goal: Board, what: str) -> bool:
        expanded, done, seconds = solved(board, goal, args.heuristic, args.cap, args.algorithm)
        md = board.manhattan(goal)
        print(
            f"| {args.heuristic} | {board.rows}x{board.cols} | {what} | {md} | {expanded:,} | "
            f"{'yes' if done else 'no (cap)'} | {seconds:.2f} |",
            flush=True,
        )
        if done:
            finished.append((board.size, md, float(expanded)))
        return done

    for rows, cols in args.sizes:
        goal = Board.goal(rows, cols)
        solved(scramble(goal, 6, seed=0), goal, args.heuristic, args.cap, args.algorithm)
        for seed in range(args.seeds):
            capped = 0
            for moves in range(args.step, args.most + 1, args.step):
                if not run(scramble(goal, moves, seed=seed), goal, f"{moves} moves, seed {seed}"):
                    capped += 1
                    if capped >= 2:
                        break
        for seed in range(args.random):
            run(random_board(rows, cols, seed=seed), goal, f"random, seed {seed}")
    if args.korf100:
        goal = Board.goal(4, 4, blank="first")
        for index, (_, board) in enumerate(korf100()[: args.korf100], 1):
            run(board, goal, f"Korf #{index}")
    if args.korf50:
        finished.extend(korf50_points())
    report(args.heuristic, finished)


def korf100() -> list[tuple[int, Board]]:
    """Korf's 100 15-puzzles (blank-first goal) with their optimal lengths."""
    lines = (DATA / "korf100.txt").read_text().splitlines()
    rows = [line.split() for line in lines if line and not line.startswith("#")]
    return [(int(r[0]), Board([int(t) for t in r[1:]], shape=(4, 4))) for r in rows]


def report(name: str, points: list[tuple[int, int, float]]) -> None:
    if len(points) < 3:
        print("too few finished searches to fit")
        return
    terms = fit(points)
    spread = residuals(points, terms)
    print(
        f"\n{name}: log10(expanded) = {terms[0]:.3f} + {terms[1]:.4f} x Manhattan "
        f"+ {terms[2]:.4f} x Manhattan^2 / cells ({len(points)} finished searches, Manhattan "
        f"{min(p[1] for p in points)} to {max(p[1] for p in points)}; residuals from "
        f"{spread[0]:+.1f} to {spread[-1]:+.1f}, median {statistics.median(spread):+.2f})"
    )


def korf50_points() -> list[tuple[int, int, float]]:
    """Korf & Felner's 50 24-puzzles: cells, Manhattan distance, our expansions (estimated)."""
    goal = Board.goal(5, 5, blank="first")
    lines = (DATA / "korf50_24.txt").read_text().splitlines()
    boards = [line.split() for line in lines if line and not line.startswith("#")]
    counts = [
        line.split()
        for line in (DATA / "korf50_nodes.txt").read_text().splitlines()
        if line and not line.startswith("#")
    ]
    points = []
    for fields, published in zip(boards, counts):
        board = Board([int(t) for t in fields[1:]], shape=(5, 5))
        points.append((25, board.manhattan(goal), int(published[2]) * _KORF50_SCALE))
    return points


def korf50_command(args: argparse.Namespace) -> None:
    points = korf50_points()
    print("| # | Manhattan | expansions (estimated: published x scale) |")
    print("|---:|---:|---:|")
    for index, (_, md, nodes) in enumerate(points, 1):
        print(f"| {index} | {md} | {nodes:,.0f} |")
    report("pdb (5x5, Korf & Felner's 50)", points)


# The boards of `rates`: a scramble long enough for a search of a few seconds.
_RATE_CASES = (
    ("manhattan", 4, 4, 200),
    ("linear_conflict", 4, 4, 200),
    ("linear_conflict", 8, 8, 90),
    ("linear_conflict", 20, 20, 100),
    ("pdb", 4, 4, 300),
    ("pdb", 5, 5, 300),
    ("walking_distance", 4, 4, 40),
    ("misplaced", 4, 4, 30),
)


def rates_command(args: argparse.Namespace) -> None:
    print(f"implementation: {dispatch.IMPLEMENTATION}")
    print("| heuristic | shape | expanded | s | expanded per second |")
    print("|---|---|---:|---:|---:|")
    for name, rows, cols, moves in _RATE_CASES:
        board = scramble(Board.goal(rows, cols), moves, seed=3)
        cap = args.cap if dispatch.IMPLEMENTATION == "numba" else args.cap // 20
        for timed in (False, True):
            began = time.perf_counter()
            try:
                stats = solve(board, heuristic=name, max_nodes=cap if timed else 1_000).stats
            except SearchLimitExceeded as error:
                stats = error.stats
            seconds = time.perf_counter() - began
        rate = stats.expanded / seconds
        print(f"| {name} | {rows}x{cols} | {stats.expanded:,} | {seconds:.2f} | {rate:,.0f} |")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True)
    nodes = commands.add_parser("nodes", help="scrambles solved optimally: nodes by Manhattan")
    nodes.add_argument("--heuristic", default="linear_conflict")
    nodes.add_argument("--algorithm", default="auto", help="bfs: the breadth-first search")
    nodes.add_argument("--sizes", nargs="+", type=shape, default=[(5, 5), (6, 6), (8, 8)])
    nodes.add_argument("--seeds", type=int, default=3)
    nodes.add_argument("--step", type=int, default=10, help="scramble lengths step by this")
    nodes.add_argument("--most", type=int, default=200, help="the longest scramble")
    nodes.add_argument("--cap", type=int, default=3_000_000, help="max_nodes of each search")
    nodes.add_argument("--random", type=int, default=0, help="random boards per size too")
    nodes.add_argument("--korf100", type=int, default=0, help="the first N of Korf's 100 too")
    nodes.add_argument("--korf50", action="store_true", help="Korf & Felner's 50 (published)")
    nodes.set_defaults(run=nodes_command)
    korf = commands.add_parser("korf50", help="the 24-puzzles' published nodes by Manhattan")
    korf.set_defaults(run=korf50_command)
    rates = commands.add_parser("rates", help="the engine's expansions a second")
    rates.add_argument("--cap", type=int, default=20_000_000)
    rates.set_defaults(run=rates_command)
    args = parser.parse_args(argv)
    args.run(args)
    return 0


if __name__ == "__main__":
    sys.exit(main())
