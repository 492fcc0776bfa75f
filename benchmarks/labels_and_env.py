"""Benchmark: exact labels a second (slidingtiles.data.cost_to_go), the environment's steps,
and the breadth-first layers of 12 cells; ``--write`` writes the measurement page.

Run from the project root (numba installed), best on a quiet machine, in one command:

    PYTHONPATH=. python benchmarks/labels_and_env.py --write

which labels 400 boards of each kind in one process and on 2 workers, 10 24-puzzle walks,
steps the environment, builds the 3x4 layers in a temporary cache, and writes
``docs/measurements/data-and-environment.md``. Parts alone: ``--only labels``, ``--only 24``,
``--only env``, ``--only layers`` (``--layers-shape 2x5`` for a quick one); ``--boards``,
``--workers``, ``--seed``.

Labels: uniformly random 15-puzzles (the hardest kind to label: 52-53 moves on average) and
random walks of 20-60 moves, each labelled by ``cost_to_go`` (one optimal solve per board,
every board of its path labelled), with the tables ``solve`` picks (the page says which: the
7-8 tables label random boards several times faster, but take 5.9 GB to build). In one
process the rate is labels per CPU-second (``time.process_time``, after a warm-up call that
loads the tables and compiles the kernels); with ``--workers N`` the same boards again on N
processes: the wall time of the whole call (the pool's start and each worker's table load
included) and the CPU time of this process and its reaped workers (``resource``), with the
1-minute load average before and after (the machine is shared: the wall rate is only as good
as the machine is idle). The 24-puzzle line labels walks of 40-60 moves from the goal, one
board at a time, with the 5x5 tables if they are cached (else with what ``solve`` picks
without them: linear conflict). The environment line counts steps a second of random legal
and illegal actions through ``gymnasium.make`` (its checker wrappers included) and through
``env.unwrapped``; the oracle line times ``optimal_action()`` on fresh boards exactly 40 moves
from the goal (CPU time). The layers line builds ``board_layers`` for a shape in a fresh
temporary cache, in a child process: its CPU (both threads), wall time and peak memory (the
child's own high-water mark, ``VmHWM``).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import numpy as np

import slidingtiles as st
import slidingtiles.data as data
from slidingtiles import pdb

OUT = Path(__file__).resolve().parent.parent / "docs" / "measurements" / "data-and-environment.md"
#: The 3x4's boards by distance from a corner blank, as published (the file says where from).
PUBLISHED_3X4 = tuple(
    int(line)
    for line in (Path(__file__).resolve().parent / "data" / "layers_3x4.txt")
    .read_text()
    .split("\n")
    if line.strip() and not line.startswith("#")
)


def _cpu() -> float:
    me = resource.getrusage(resource.RUSAGE_SELF)
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime + kids.ru_utime + kids.ru_stime


def _load() -> float:
    return os.getloadavg()[0]


def labels(count: int, workers: int, seed: int) -> dict[str, Any]:
    engine = st.solve("1 2 3/4 5 6/7 0 8", heuristic="manhattan").engine
    tables = pdb.preferred_partition(4, 4)
    print(f"engine {engine}; 4x4 tables solve uses: {tables}")
    rows = []
    for kind, boards in (
        ("uniformly random 15-puzzles", data.random_boards(count, (4, 4), seed=seed)),
        ("walks of 20-60 moves", data.random_walks(count, (4, 4), (20, 60), seed=seed)),
    ):
        data.cost_to_go(boards[:4])  # warm: tables loaded, kernels compiled
        before = _load()
        began, cpu = time.perf_counter(), time.process_time()
        result = data.cost_to_go(boards)
        wall, used = time.perf_counter() - began, time.process_time() - cpu
        row = {"kind": kind, "boards": count, "labels": len(result), "cpu": used, "wall": wall}
        row["load"] = (before, _load())
        print(
            f"{kind}, one process: {count} boards -> {len(result):,} labels, {used:.2f} s CPU "
            f"({wall:.2f} s wall): {len(result) / used:,.0f} labels per CPU-second"
        )
        if workers >= 2:
            before = _load()
            began, cpu = time.perf_counter(), _cpu()
            result = data.cost_to_go(boards, workers=workers)
            pool_wall, pool_cpu = time.perf_counter() - began, _cpu() - cpu
            row.update(pool_wall=pool_wall, pool_cpu=pool_cpu, pool_load=(before, _load()))
            print(
                f"{kind}, {workers} workers: {len(result):,} labels in {pool_wall:.2f} s wall "
                f"({pool_cpu:.2f} s CPU with the workers reaped): "
                f"{len(result) / pool_wall:,.0f} labels/s wall, load {before:.1f}-{_load():.1f}"
            )
        rows.append(row)
    return {"engine": engine, "tables": tables, "workers": workers, "rows": rows}


def twenty_four(count: int, seed: int) -> dict[str, Any]:
    goal = st.Board.goal(5, 5)
    partition = pdb.preferred_partition(5, 5)
    cached = pdb.is_cached(5, 5, goal, partition)
    walks = data.random_walks(count, (5, 5), (40, 60), seed=seed)
    began = time.process_time()
    data.cost_to_go(walks[:1])  # tables loaded, kernels compiled
    warm = time.process_time() - began
    times, lengths = [], []
    for board in walks:
        cpu = time.process_time()
        result = data.cost_to_go(board[None, :])
        times.append(time.process_time() - cpu)
        lengths.append(int(result.distances[0]))
    used = st.solve(walks[0].tolist()).heuristic
    tables = f"{partition} tables" if cached else "no 5x5 tables cached"
    print(
        f"24-puzzle walks of 40-60 moves ({tables}; solve used {used}): {count} boards, "
        f"distances {min(lengths)}-{max(lengths)}, CPU per board median "
        f"{statistics.median(times):.3f} s, max {max(times):.3f} s"
    )
    return {
        "tables": tables,
        "heuristic": used,
        "boards": count,
        "lengths": (min(lengths), max(lengths)),
        "median": statistics.median(times),
        "max": max(times),
        "warm": warm,
    }


def environment(steps: int, seed: int) -> dict[str, Any]:
    import gymnasium

    import slidingtiles.env  # noqa: F401  (registers the environment)

    env = gymnasium.make("slidingtiles/SlidingTiles-v0", shape=(4, 4))
    actions = np.random.default_rng(seed).integers(0, 4, steps).tolist()
    rates = {}
    for name, target in (("gymnasium.make(...)", env), ("env.unwrapped", env.unwrapped)):
        target.reset(seed=seed)
        cpu = time.process_time()
        for action in actions:
            _, _, terminated, truncated, _ = target.step(action)
            if terminated or truncated:
                target.reset()
        rates[name] = steps / (time.process_time() - cpu)
        print(f"environment 4x4 through {name}: {rates[name]:,.0f} steps per CPU-second")
    oracle = env.unwrapped
    oracle.reset(seed=seed, options={"distance": 40})
    oracle.optimal_action()  # tables loaded
    times = []
    for index in range(20):
        oracle.reset(seed=seed + index, options={"distance": 40})
        cpu = time.process_time()
        oracle.optimal_action()
        times.append(time.process_time() - cpu)
    tables = pdb.preferred_partition(4, 4)
    print(
        f"oracle, 15-puzzle 40 moves out ({tables} tables): 20 boards, CPU median "
        f"{1000 * statistics.median(times):.2f} ms, max {1000 * max(times):.2f} ms"
    )
    return {
        "steps": steps,
        "rates": rates,
        "tables": tables,
        "median": statistics.median(times),
        "max": max(times),
    }


_BUILD = """
import json, sys, time, warnings
warnings.simplefilter("ignore")
from slidingtiles import Board
from slidingtiles._heuristics.layers import board_layers
from slidingtiles._engine import dispatch
rows, cols, where = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
wall, cpu = time.monotonic(), time.process_time()
layers = board_layers(Board.goal(rows, cols), cache_dir=where)
peak = 0  # this image's own high-water mark (the fork before exec does not count)
for line in open("/proc/self/status"):
    if line.startswith("VmHWM:"):
        peak = int(line.split()[1]) * 1024
print(json.dumps({"wall": time.monotonic() - wall, "cpu": time.process_time() - cpu,
                  "counts": layers.counts, "engine": dispatch.IMPLEMENTATION, "peak": peak}))
"""


def layers(shape: str) -> dict[str, Any]:
    rows, cols = (int(n) for n in shape.lower().split("x"))
    before = _load()
    with tempfile.TemporaryDirectory() as where:
        done = subprocess.run(
            [sys.executable, "-c", _BUILD, str(rows), str(cols), where],
            capture_output=True,
            text=True,
            check=True,
            env={**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parent.parent)},
        )
        on_disk = sum(f.stat().st_size for f in Path(where).iterdir())
    found = json.loads(done.stdout.strip().splitlines()[-1])
    peak = found["peak"]
    found.update(shape=f"{rows}x{cols}", disk=on_disk, load=(before, _load()))
    print(
        f"layers {rows}x{cols} ({found['engine']}): {sum(found['counts']):,} boards, diameter "
        f"{len(found['counts']) - 1}, {found['cpu']:.1f} s CPU, {found['wall']:.1f} s wall, "
        f"peak {peak / 2**20:,.0f} MiB, {on_disk / 2**20:,.0f} MiB on disk"
    )
    return found


def _write(results: dict[str, Any], args: Any) -> None:
    lines = [
        "# Measurements: labels, the environment and the breadth-first layers",
        "",
        f"Written by `benchmarks/labels_and_env.py --write` ({time.strftime('%Y-%m-%d %H:%M')}, "
        f"Python {platform.python_version()}, numpy {np.__version__}, the project machine: 2 "
        "cores shared with other work; the 1-minute load average is given beside each wall "
        "time). Rates are per CPU-second unless the column says wall.",
    ]
    found = results.get("labels")
    if found:
        lines += [
            "",
            "## Labels (`slidingtiles.data.cost_to_go`)",
            "",
            f"One optimal `solve` per board ({found['engine']}, the 4x4 tables `solve` picks: "
            f"{found['tables']}), every board of its solution labelled. Boards drawn by "
            f"`data.random_boards` and `data.random_walks(..., (20, 60))`, seed {args.seed}, "
            "goal blank last.",
            "",
            "| boards | labels | one process: CPU s | labels per CPU-second | "
            f"{found['workers']} workers: wall s | labels/s wall | load average | "
            "CPU s (with the workers) | labels per CPU-second |",
            "|---|---:|---:|---:|---:|---:|---:|---:|---:|",
        ]
        for row in found["rows"]:
            pool = ""
            if "pool_wall" in row:
                low, high = row["pool_load"]
                pool = (
                    f"{row['pool_wall']:.2f} | {row['labels'] / row['pool_wall']:,.0f} | "
                    f"{low:.1f}-{high:.1f} | {row['pool_cpu']:.2f} | "
                    f"{row['labels'] / row['pool_cpu']:,.0f}"
                )
            else:
                pool = "- | - | - | - | -"
            lines.append(
                f"| {row['boards']} {row['kind']} | {row['labels']:,} | {row['cpu']:.2f} | "
                f"{row['labels'] / row['cpu']:,.0f} | {pool} |"
            )
        lines += [
            "",
            "The workers' CPU includes each worker's start: importing the library, loading the "
            "tables and the compiled kernels from numba's cache; on a few hundred boards that "
            "start is a large part of the call (`workers=` pays off on long batches).",
        ]
    found = results.get("24")
    if found:
        low, high = found["lengths"]
        lines += [
            "",
            "## The 24-puzzle",
            "",
            f"Walks of 40-60 moves from the goal (seed {args.seed}, true distances {low}-{high}), "
            f"one board per `cost_to_go` call, {found['tables']} (`solve` used "
            f"{found['heuristic']}; the first call, loading them, took {found['warm']:.1f} s of "
            "CPU):",
            "",
            "| boards | CPU per board: median | max | target |",
            "|---:|---:|---:|---|",
            f"| {found['boards']} | {found['median']:.3f} s | {found['max']:.3f} s | "
            "within 1 s each |",
        ]
    found = results.get("env")
    if found:
        lines += [
            "",
            "## The environment (`slidingtiles.env`)",
            "",
            f"{found['steps']:,} random actions on the 15-puzzle, illegal ones included, reset at "
            "the end of each episode; no oracle call:",
            "",
            "| through | steps per CPU-second |",
            "|---|---:|",
        ]
        lines += [f"| `{name}` | {rate:,.0f} |" for name, rate in found["rates"].items()]
        lines += [
            "",
            f"The oracle, `optimal_action()` on 20 fresh 15-puzzles exactly 40 moves from the "
            f"goal ({found['tables']} tables): CPU median {1000 * found['median']:.2f} ms, max "
            f"{1000 * found['max']:.2f} ms (target 10 ms).",
        ]
    found = results.get("layers")
    if found:
        low, high = found["load"]
        lines += [
            "",
            "## Breadth-first layers by rank (`at_distance` on 11-12 cells)",
            "",
            f"`board_layers` for the {found['shape']} (blank last) built in a fresh temporary "
            f"cache, in a child process ({found['engine']}; load average {low:.1f}-{high:.1f}):",
            "",
            "| boards | diameter | CPU s (both threads) | wall s | peak memory | on disk |",
            "|---:|---:|---:|---:|---:|---:|",
            f"| {sum(found['counts']):,} | {len(found['counts']) - 1} | {found['cpu']:.1f} | "
            f"{found['wall']:.1f} | {found['peak'] / 2**20:,.0f} MiB | "
            f"{found['disk'] / 2**20:,.0f} MiB |",
            "",
            "One byte a board in memory and on disk; the peak adds the interpreter, numpy and "
            "numba. Boards by distance: " + ", ".join(f"{c:,}" for c in found["counts"]) + ".",
        ]
        if found["shape"] in ("3x4", "4x3"):
            same = tuple(found["counts"]) == PUBLISHED_3X4
            lines += [
                "",
                ("Equal" if same else "**Not equal**")
                + " to the published counts (OEIS A090166, from Karlemo and Östergård 2000).",
            ]
    OUT.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"wrote {OUT}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--boards", type=int, default=400)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--steps", type=int, default=200_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--layers-shape", default="3x4")
    parser.add_argument("--only", choices=("labels", "24", "env", "layers"), default=None)
    parser.add_argument("--write", action="store_true", help=f"write {OUT.name}")
    args = parser.parse_args(argv)
    if args.write and args.only is not None:
        parser.error("--write writes the whole page: run it without --only")
    results: dict[str, Any] = {}
    if args.only in (None, "labels"):
        results["labels"] = labels(args.boards, args.workers, args.seed)
    if args.only in (None, "24"):
        results["24"] = twenty_four(min(args.boards, 10), args.seed)
    if args.only in (None, "env"):
        results["env"] = environment(args.steps, args.seed)
    if args.only in (None, "layers"):
        results["layers"] = layers(args.layers_shape)
    if args.write:
        _write(results, args)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
