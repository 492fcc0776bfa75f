"""Benchmark: exact labels a second (slidingtiles.data.cost_to_go) and the environment's steps.

Run from the project root (numba installed; the 7-8 tables cached for the best label rate:
``slidingtiles pdb build 4 --partition 7-8 --goal first``, one table for both corner goals):

    PYTHONPATH=. python benchmarks/labels_and_env.py --boards 400 --workers 2
    PYTHONPATH=. python benchmarks/labels_and_env.py --only env
    PYTHONPATH=. python benchmarks/labels_and_env.py --only 24 --boards 10

Labels: uniformly random 15-puzzles (the hardest kind to label: 52-53 moves on average) and
random walks of 20-60 moves, each labelled by ``cost_to_go`` (one optimal solve per board,
every board of its path labelled). In one process the rate is labels per CPU-second
(``time.process_time``, after a warm-up call that loads the tables and compiles the kernels);
with ``--workers N`` the same boards again on N processes, the rate over the wall time of the
whole call (the pool's start and each worker's table load included), with the CPU time of this
process and its reaped workers (``resource``) beside it. The 24-puzzle line labels walks of 40-60
moves from the goal, one board at a time, with the 5x5 tables if they are cached (else with
what ``solve`` picks without them: linear conflict), and says which. The environment line
counts steps a second of random legal and illegal actions through ``gymnasium.make`` (its
checker wrappers included) and through ``env.unwrapped``, resetting at the end of an episode;
the oracle line times ``optimal_action()`` on fresh boards exactly 40 moves from the goal
(CPU time).
"""

from __future__ import annotations

import argparse
import resource
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import numpy as np

import slidingtiles as st
import slidingtiles.data as data
from slidingtiles import pdb


def _cpu() -> float:
    me = resource.getrusage(resource.RUSAGE_SELF)
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime + kids.ru_utime + kids.ru_stime


def _tables(rows: int, cols: int) -> str:
    return pdb.preferred_partition(rows, cols)


def labels(count: int, workers: int | None, seed: int) -> None:
    engine = st.solve("1 2 3/4 5 6/7 0 8", heuristic="manhattan").engine
    print(f"engine {engine}; 4x4 tables solve uses: {_tables(4, 4)}")
    for kind, boards in (
        ("random 15-puzzles", data.random_boards(count, (4, 4), seed=seed)),
        ("walks of 20-60 moves", data.random_walks(count, (4, 4), (20, 60), seed=seed)),
    ):
        # In this process: CPU time is exact (process_time); the rate a core sustains.
        data.cost_to_go(boards[:4])  # warm: tables loaded, kernels compiled
        began, cpu = time.perf_counter(), time.process_time()
        result = data.cost_to_go(boards)
        wall, used = time.perf_counter() - began, time.process_time() - cpu
        print(
            f"{kind}, one process: {count} boards -> {len(result):,} labels, {used:.2f} s CPU "
            f"({wall:.2f} s wall): {len(result) / used:,.0f} labels per CPU-second"
        )
        if workers is None or workers < 2:
            continue
        began, cpu = time.perf_counter(), _cpu()
        result = data.cost_to_go(boards, workers=workers)
        wall, used = time.perf_counter() - began, _cpu() - cpu
        print(
            f"{kind}, {workers} workers: {len(result):,} labels in {wall:.2f} s wall, the pool's "
            f"start and table loads included ({used:.2f} s CPU with the workers reaped): "
            f"{len(result) / wall:,.0f} labels/s wall"
        )


def twenty_four(count: int, seed: int) -> None:
    goal = st.Board.goal(5, 5)
    cached = pdb.is_cached(5, 5, goal, pdb.preferred_partition(5, 5))
    walks = data.random_walks(count, (5, 5), (40, 60), seed=seed)
    data.cost_to_go(walks[:1])  # tables loaded, kernels compiled
    times, lengths = [], []
    for board in walks:
        cpu = time.process_time()
        result = data.cost_to_go(board[None, :])
        times.append(time.process_time() - cpu)
        lengths.append(int(result.distances[0]))
    used = st.solve(walks[0].tolist()).heuristic
    tables = f"{pdb.preferred_partition(5, 5)} tables" if cached else "no 5x5 tables cached"
    print(
        f"24-puzzle walks of 40-60 moves ({tables}; solve used {used}): {count} boards, "
        f"distances {min(lengths)}-{max(lengths)}, CPU per board median "
        f"{statistics.median(times):.3f} s, max {max(times):.3f} s"
    )


def environment(steps: int, seed: int) -> None:
    import gymnasium

    import slidingtiles.env  # noqa: F401  (registers the environment)

    env = gymnasium.make("slidingtiles/SlidingTiles-v0", shape=(4, 4))
    actions = np.random.default_rng(seed).integers(0, 4, steps).tolist()
    for name, target in (("gymnasium.make", env), ("env.unwrapped", env.unwrapped)):
        target.reset(seed=seed)
        cpu = time.process_time()
        for action in actions:
            _, _, terminated, truncated, _ = target.step(action)
            if terminated or truncated:
                target.reset()
        used = time.process_time() - cpu
        print(f"environment 4x4 through {name}: {steps / used:,.0f} steps per CPU-second")
    oracle = env.unwrapped
    oracle.reset(seed=seed, options={"distance": 40})
    oracle.optimal_action()  # tables loaded
    times = []
    for index in range(20):
        oracle.reset(seed=seed + index, options={"distance": 40})
        cpu = time.process_time()
        oracle.optimal_action()
        times.append(time.process_time() - cpu)
    print(
        f"oracle, 15-puzzle 40 moves out ({_tables(4, 4)} tables): 20 boards, CPU median "
        f"{1000 * statistics.median(times):.2f} ms, max {1000 * max(times):.2f} ms"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--boards", type=int, default=400)
    parser.add_argument("--workers", type=int, default=None)
    parser.add_argument("--steps", type=int, default=200_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--only", choices=("labels", "24", "env"), default=None)
    args = parser.parse_args(argv)
    if args.only in (None, "labels"):
        labels(args.boards, args.workers, args.seed)
    if args.only in (None, "24"):
        twenty_four(min(args.boards, 10), args.seed)
    if args.only in (None, "env"):
        environment(args.steps, args.seed)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
