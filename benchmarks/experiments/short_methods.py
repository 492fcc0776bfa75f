"""Experiment: what each method of `solve(optimal=False)` contributes, size by size.

Run on demand, from the project root (it reads the library's internals, so it is an
experiment, not a benchmark: `benchmarks/large_boards.py` measures the public call)::

    PYTHONPATH=. python benchmarks/experiments/short_methods.py --sizes 6x6 7x7 8x8 --seeds 5
    PYTHONPATH=. python benchmarks/experiments/short_methods.py --sizes 10x10 --time-limit 2

For each random board (``random_board(n, n, seed=s)``, the blank-last goal) it takes the row
of the methods' table (`slidingtiles._solve.short.methods.TABLE`) for the board, runs the row
as `solve(optimal=False)` does, then the row once with each method left out. Every answer is
replayed to the goal. Printed per size and method: how often the method's answer was the one
kept, the mean length / Manhattan of the whole row and of the row without the method, and
their median CPU seconds (`time.process_time`, one core; with a time limit the budget is wall
time, so on a loaded machine the CPU seconds are less than the limit). One board of each size
is solved first, untimed, so that compiling a kernel is not counted. A method earns its place
where leaving it out makes the answers longer, or where it costs little.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections import defaultdict

import attrs

from slidingtiles import Board, random_board, solve
from slidingtiles._engine import dispatch
from slidingtiles._solve.short import methods
from slidingtiles.search import Deadline


def shape(text: str) -> tuple[int, int]:
    rows, _, cols = text.lower().partition("x")
    return int(rows), int(cols or rows)


def without(choice: methods.Choice, name: str) -> methods.Choice:
    """The row with one method (or shortening step) left out."""
    steps = tuple(tuple(m for m in step if m != name) for step in choice.steps)
    return attrs.evolve(choice, steps=tuple(step for step in steps if step))


def run(
    board: Board, goal: Board, choice: methods.Choice, limit: float | None
) -> tuple[int, str, float]:
    """The row's answer: its length, the method kept, the CPU seconds."""
    original = methods.choose_methods
    methods.choose_methods = lambda cells, **_: choice  # type: ignore[assignment]
    try:
        began = time.process_time()
        found = methods.solve_short(board, goal, Deadline(limit))
        seconds = time.process_time() - began
    finally:
        methods.choose_methods = original
    assert board.apply(found.moves) == goal, "the answer does not replay to the goal"
    return len(found.moves), found.method.removesuffix("+windows"), seconds


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", nargs="+", type=shape, default=[(6, 6), (7, 7), (8, 8)])
    parser.add_argument("--seeds", type=int, default=5)
    parser.add_argument("--time-limit", type=float, default=None)
    args = parser.parse_args(argv)
    print(f"# {dispatch.IMPLEMENTATION}, time_limit={args.time_limit}")
    solve(random_board(10, 10, seed=10_000), optimal=False, time_limit=1.0)  # load the kernels
    print("| board | method | kept | ratio with | ratio without | cpu s with | cpu s without |")
    # ratios: means over the boards; cpu s: medians
    print("|---|---|---|---|---|---|---|")
    for rows, cols in args.sizes:
        goal = Board.goal(rows, cols)
        choice = methods.choose_methods(
            rows * cols, timed=args.time_limit is not None, implementation=dispatch.IMPLEMENTATION
        )
        names = [name for step in choice.steps for name in step]
        run(random_board(rows, cols, seed=10_000), goal, choice, args.time_limit)  # compile first
        kept: dict[str, int] = defaultdict(int)
        full: list[tuple[float, float]] = []
        less: dict[str, list[tuple[float, float]]] = defaultdict(list)
        for seed in range(args.seeds):
            board = random_board(rows, cols, seed=seed)
            bound = board.manhattan(goal)
            length, method, seconds = run(board, goal, choice, args.time_limit)
            kept[method] += 1
            full.append((length / bound, seconds))
            for name in names:
                length, _, seconds = run(board, goal, without(choice, name), args.time_limit)
                less[name].append((length / bound, seconds))
        ratio = statistics.mean(r for r, _ in full)
        cpu = statistics.median(s for _, s in full)
        for name in names:
            print(
                f"| {rows}x{cols} | {name} | {kept.get(name, 0)}/{args.seeds} | {ratio:.3f} | "
                f"{statistics.mean(r for r, _ in less[name]):.3f} | {cpu:.2f} | "
                f"{statistics.median(s for _, s in less[name]):.2f} |",
                flush=True,
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
