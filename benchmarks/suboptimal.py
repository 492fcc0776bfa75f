"""Short solutions of mid-size boards: Korf & Felner's 24-puzzles against their optimal lengths.

Run on demand (not part of the tests)::

    PYTHONPATH=. python benchmarks/suboptimal.py korf                      # the 50 24-puzzles
    PYTHONPATH=. python benchmarks/suboptimal.py korf --time-limit 2
    PYTHONPATH=. python benchmarks/suboptimal.py korf --weight 1.1 1.25 1.5     # solve(weight=w)
    PYTHONPATH=. python benchmarks/suboptimal.py sizes --sizes 5 6 7 8 10 --boards 5
    PYTHONPATH=. python benchmarks/suboptimal.py weighted --sizes 5 6 --time-limit 10

``korf``: each of the 50 instances of ``benchmarks/data/korf50_24.txt`` (goal:
blank first) solved by ``solve(board, goal, optimal=False, time_limit=...)``;
prints length, optimal length, their ratio and the CPU seconds per instance,
then the mean and worst ratio and the slowest instance. With the 5x5 tables
cached (``slidingtiles pdb build 5``) and numba, that is weighted IDA* with
falling weights; their one-off set-up (reading the 255 MB file, the kernel's
plan, loading the compiled kernel) is done and timed before the first
instance, as a program solving many boards pays it once. Without them, the
staged solver, whose 4x4 region is solved with the cached 4x4 tables when
there are (``slidingtiles pdb build 4 --goal first``), else peeled further.
``--weight W...``: ``solve(board, goal, weight=W, heuristic="pdb")`` instead
(guaranteed at most W x optimal), one table per weight.

``sizes``: random n x n boards (seeds 0..N-1, blank-last goal) solved by the
constructive solver (``solve_constructive``) and ``solve(optimal=False)`` with
and without ``--time-limit``; length / Manhattan and CPU seconds, means over
the boards. (Each method of ``optimal=False`` alone: see
``benchmarks/experiments/short_methods.py``.)

``weighted``: weighted A* (``algorithm="weighted"``, guaranteed at most w times
the optimum) on boards ``--scramble`` random moves from the goal, as measured
for docs/large-boards.md before issue 15; runs past the time limit count as
unsolved. Every solution of every mode is replayed to the goal.
"""

from __future__ import annotations

import argparse
import platform
import statistics
import time
from pathlib import Path

from slidingtiles import (
    Board,
    SearchLimitExceeded,
    heuristics,
    pdb,
    random_board,
    scramble,
    solve,
    solve_constructive,
)

DATA = Path(__file__).resolve().parent / "data" / "korf50_24.txt"


def korf_setup(goal: Board) -> None:
    """Load the 5x5 tables and prepare the weighted search once, timed apart (if cached)."""
    began, wall = time.process_time(), time.perf_counter()
    if not pdb.is_cached(goal.rows, goal.cols, goal, "6-6-6-6"):
        print("# no cached 5x5 6-6-6-6 tables: the staged solver answers")
        return
    near = next(iter(goal.neighbors()))[1]
    solve(near, goal, optimal=False)
    print(
        f"# set-up (table file read, plan, compiled kernel loaded): "
        f"{time.process_time() - began:.2f} s of CPU, {time.perf_counter() - wall:.2f} s wall"
    )


def korf(args: argparse.Namespace) -> None:
    goal = Board.goal(5, 5, blank="first")
    rows = [line.split() for line in DATA.read_text().splitlines() if line and line[0] != "#"]
    korf_setup(goal)
    for weight in args.weight or [None]:
        korf_run(args, goal, rows, weight)


def korf_run(
    args: argparse.Namespace, goal: Board, rows: list[list[str]], weight: float | None
) -> None:
    how = "optimal=False" if weight is None else f"weight={weight:g}"
    print(f"\n## solve(board, goal, {how}, time_limit={args.time_limit})\n")
    print(
        "| instance | optimal | length | length / optimal | length / Manhattan | method | cpu s |"
    )
    print("|---|---|---|---|---|---|---|")
    ratios, seconds = [], []
    unsolved = 0
    for number, row in enumerate(rows, 1):
        optimal = int(row[0])
        board = Board([int(t) for t in row[1:]], shape=(5, 5))
        began = time.process_time()
        if weight is None:
            solution = solve(board, goal, optimal=False, time_limit=args.time_limit)
        else:
            try:
                solution = solve(
                    board, goal, weight=weight, heuristic="pdb", time_limit=args.time_limit
                )
            except SearchLimitExceeded:
                unsolved += 1
                print(f"| {number} | {optimal} | - | - | - | (time limit) | - |", flush=True)
                continue
            assert solution.length <= weight * optimal, f"instance {number} breaks its bound"
        elapsed = time.process_time() - began
        assert board.apply(solution.moves) == goal, f"instance {number} does not reach the goal"
        ratios.append(solution.length / optimal)
        seconds.append(elapsed)
        manhattan = heuristics.get("manhattan").function(board, goal)
        print(
            f"| {number} | {optimal} | {solution.length} | {solution.length / optimal:.3f} | "
            f"{solution.length / manhattan:.3f} | {solution.algorithm} | {elapsed:.2f} |",
            flush=True,
        )
    if not ratios:
        print(f"\nnone solved ({unsolved} past the time limit)")
        return
    print(
        f"\nmean length / optimal {statistics.mean(ratios):.3f}, worst {max(ratios):.3f}; "
        f"cpu seconds: median {statistics.median(seconds):.2f}, slowest {max(seconds):.2f}; "
        f"solved {len(ratios)}/{len(rows)}"
    )


def sizes(args: argparse.Namespace) -> None:
    print("| board | method | mean length / Manhattan | mean cpu s | boards |")
    print("|---|---|---|---|---|")
    for n in args.sizes:
        goal = Board.goal(n, n)
        boards = [random_board(n, n, seed=seed) for seed in range(args.boards)]
        methods = {
            "constructive (reduce)": lambda b, g=goal: str(solve_constructive(b, g).moves),
            "solve(optimal=False)": lambda b, g=goal: str(solve(b, g, optimal=False).moves),
        }
        if args.time_limit:
            methods[f"solve(optimal=False, time_limit={args.time_limit:g})"] = lambda b, g=goal: (
                str(solve(b, g, optimal=False, time_limit=args.time_limit).moves)
            )
        for name, method in methods.items():
            ratios, seconds = [], []
            for board in boards:
                began = time.process_time()
                moves = method(board)
                elapsed = time.process_time() - began
                if moves is None:
                    continue
                assert board.apply(moves) == goal
                bound = heuristics.get("manhattan").function(board, goal)
                ratios.append(len(moves) / bound)
                seconds.append(elapsed)
            if ratios:
                print(
                    f"| {n}x{n} | {name} | {statistics.mean(ratios):.3f} | "
                    f"{statistics.mean(seconds):.2f} | {len(ratios)}/{len(boards)} |",
                    flush=True,
                )
            else:
                print(f"| {n}x{n} | {name} | - | - | 0/{len(boards)} |", flush=True)


def weighted(args: argparse.Namespace) -> None:
    bound = heuristics.get("linear_conflict").function
    print(
        "| board | method | solved | mean length | mean length / lower bound "
        "| mean seconds | mean expanded |"
    )
    print("|---|---|---|---|---|---|---|")
    for n in args.sizes:
        goal = Board.goal(n, n)
        boards = [scramble(goal, args.scramble, seed=seed) for seed in range(args.boards)]
        lower = [max(1, bound(b, goal)) for b in boards]
        for weight in args.weights:
            lengths, ratios, seconds, expanded = [], [], [], []
            for board, lb in zip(boards, lower):
                began = time.perf_counter()
                try:
                    sol = solve(
                        board,
                        algorithm="weighted",
                        weight=weight,
                        heuristic="linear_conflict",
                        time_limit=args.time_limit or 10,
                    )
                except SearchLimitExceeded:
                    continue
                seconds.append(time.perf_counter() - began)
                assert board.apply(sol.moves) == goal, "solution does not reach the goal"
                lengths.append(len(sol.moves))
                ratios.append(len(sol.moves) / lb)
                expanded.append(sol.stats.expanded)
            name = f"weighted A*, w={weight:g}"
            if lengths:
                print(
                    f"| {n}x{n} | {name} | {len(lengths)}/{len(boards)} | "
                    f"{statistics.mean(lengths):.1f} | {statistics.mean(ratios):.2f} | "
                    f"{statistics.mean(seconds):.3f} | {statistics.mean(expanded):,.0f} |",
                    flush=True,
                )
            else:
                print(f"| {n}x{n} | {name} | 0/{len(boards)} | - | - | - | - |", flush=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("mode", choices=["korf", "sizes", "weighted"])
    parser.add_argument("--sizes", nargs="+", type=int, default=[5, 6, 7, 8, 10])
    parser.add_argument("--boards", type=int, default=5, help="boards per size")
    parser.add_argument("--time-limit", type=float, default=None, help="seconds per solve")
    parser.add_argument("--weights", nargs="+", type=float, default=[1.5, 2.0, 3.0, 5.0])
    parser.add_argument(
        "--weight", nargs="+", type=float, default=None, help="korf: solve(weight=W) instead"
    )
    parser.add_argument("--scramble", type=int, default=150, help="random moves (weighted)")
    args = parser.parse_args(argv)
    print(
        f"# {platform.python_implementation()} {platform.python_version()}, mode {args.mode}, "
        f"time limit {args.time_limit}"
    )
    {"korf": korf, "sizes": sizes, "weighted": weighted}[args.mode](args)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
