"""Benchmark: the generic searches with tracing off, to show the event hook costs them nothing.

Run from the project root, on demand (not part of the tests)::

    PYTHONPATH=. python benchmarks/untraced_search.py                 # this tree, 5 rounds
    PYTHONPATH=. python benchmarks/untraced_search.py --before /tmp/before --rounds 9

With ``--before DIR`` (another checkout of the package, for example
``git archive <rev> | tar -x -C DIR``) each round runs the workloads in a
fresh interpreter on each tree (each ``--inner`` times, keeping the median),
alternating which tree goes first, so both see the same machine load; the
report gives per workload the median over the rounds for each tree and their
ratio (after / before). Both trees must expand the same
numbers of states (checked). Without ``--before`` only this tree is timed.

Workloads: `astar` and `idastar` with a Manhattan distance written in Python
(the registered ``manhattan`` specialised to the goal, called on
`TileState.tiles`) on the two hardest 8-puzzles (31 moves) and on three
random 15-puzzles (``scramble(goal, 60, seed=s)`` for s = 1, 2, 4: 28 to 38
moves), `bfs` on a 20-move 8-puzzle, `greedy` on the 15-puzzles. Times are
wall-clock ``perf_counter`` seconds of the search call alone; the machine may
be shared, so medians, not minima.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve()
ROOT = HERE.parent.parent

EIGHTS = ("8 6 7/2 5 4/3 0 1", "6 4 7/8 5 0/3 2 1")
BFS_BOARD = "1 2 3/4 5 6/7 8 0"  # scrambled 20 moves below (seed 7)
FIFTEEN_SEEDS = (1, 2, 4)


def workloads() -> dict[str, Callable[[], int]]:
    """Name -> a call running one untraced search and returning the states it expanded."""
    import slidingtiles as st
    from slidingtiles.search import astar, bfs, greedy, idastar

    def manhattan_for(goal: Any) -> Callable[[Any], float]:
        tiles_h = st.heuristics.get("manhattan").for_goal(goal)
        return lambda state: tiles_h(state.tiles)

    goal3, goal4 = st.Board.goal(3, 3), st.Board.goal(4, 4)
    h3, h4 = manhattan_for(goal3), manhattan_for(goal4)
    jobs: dict[str, Callable[[], int]] = {}
    for text in EIGHTS:
        start = st.TileState.from_boards(st.Board(text), goal3)
        jobs[f"astar {text}"] = lambda s=start: astar(s, h3).stats.expanded
        jobs[f"idastar {text}"] = lambda s=start: idastar(s, h3).stats.expanded
    near = st.TileState.from_boards(st.scramble(st.Board(BFS_BOARD), 20, seed=7), goal3)
    jobs["bfs 8-puzzle (20 moves)"] = lambda: bfs(near).stats.expanded
    for seed in FIFTEEN_SEEDS:
        start = st.TileState.from_boards(st.scramble(goal4, 60, seed=seed), goal4)
        jobs[f"astar 15-puzzle seed {seed}"] = lambda s=start: astar(s, h4).stats.expanded
        jobs[f"idastar 15-puzzle seed {seed}"] = lambda s=start: idastar(s, h4).stats.expanded
        jobs[f"greedy 15-puzzle seed {seed}"] = lambda s=start: greedy(s, h4).stats.expanded
    return jobs


def run_once(inner: int) -> None:
    """Time every workload ``inner`` times here; print {name: [median seconds, expanded]}."""
    import slidingtiles

    out: dict[str, Any] = {"package": str(Path(slidingtiles.__file__).parent)}
    for name, job in workloads().items():
        times = []
        for _ in range(inner):
            started = time.perf_counter()
            expanded = job()
            times.append(time.perf_counter() - started)
        out[name] = [statistics.median(times), expanded]
    print(json.dumps(out))


def run_tree(tree: Path, inner: int) -> dict[str, Any]:
    env = dict(os.environ, PYTHONPATH=str(tree), SLIDINGTILES_IMPLEMENTATION="python")
    completed = subprocess.run(
        [sys.executable, str(HERE), "--once", "--inner", str(inner)],
        capture_output=True,
        text=True,
        env=env,
        cwd=tree,
        check=True,
    )
    result: dict[str, Any] = json.loads(completed.stdout)
    expected = (tree / "slidingtiles").resolve()
    if Path(result.pop("package")).resolve() != expected:
        raise SystemExit(f"the run imported slidingtiles from elsewhere than {expected}")
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--before", type=Path, help="another checkout to time against")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--inner", type=int, default=3, help="runs per workload per round")
    parser.add_argument("--once", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--json", type=Path, help="also write the samples to this file")
    args = parser.parse_args()
    if args.once:
        run_once(args.inner)
        return
    trees = {"after": ROOT}
    if args.before is not None:
        trees = {"before": args.before.resolve(), "after": ROOT}
    samples: dict[str, dict[str, list[float]]] = {side: {} for side in trees}
    expanded: dict[str, dict[str, int]] = {side: {} for side in trees}
    for round_ in range(args.rounds):
        order = list(trees) if round_ % 2 == 0 else list(reversed(trees))
        for side in order:
            for name, (seconds, count) in run_tree(trees[side], args.inner).items():
                samples[side].setdefault(name, []).append(seconds)
                expanded[side][name] = count
        print(f"round {round_ + 1}/{args.rounds} done", file=sys.stderr)
    names = list(samples["after"])
    if "before" in trees and expanded["before"] != expanded["after"]:
        raise SystemExit(f"different work: {expanded['before']} != {expanded['after']}")
    width = max(map(len, names))
    header = f"{'workload':<{width}}  {'expanded':>9}" + "".join(
        f"  {side + ' s':>9}" for side in trees
    )
    print(header + ("  after/before" if "before" in trees else ""))
    ratios = []
    for name in names:
        medians = {side: statistics.median(samples[side][name]) for side in trees}
        line = f"{name:<{width}}  {expanded['after'][name]:>9,}" + "".join(
            f"  {medians[side]:>9.4f}" for side in trees
        )
        if "before" in trees:
            ratio = medians["after"] / medians["before"]
            ratios.append(ratio)
            line += f"  {ratio:>12.3f}"
        print(line)
    if ratios:
        print(f"median ratio after/before over the workloads: {statistics.median(ratios):.3f}")
    if args.json is not None:
        payload = {"rounds": args.rounds, "samples": samples, "expanded": expanded["after"]}
        args.json.write_text(json.dumps(payload, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
