"""Benchmark: the searches' own speed, this checkout against another, in one sitting.

Run from the project root (writes docs/measurements/search-speed.md):

    PYTHONPATH=. python benchmarks/search_speed.py --baseline /path/to/older/checkout

Each case runs in a fresh process of each checkout, the two alternating ``--rounds``
times, and reports the CPU seconds of its searches (``time.process_time``, the best
round; the machine may be shared) and their nodes (which must be the same in both):

* numba, the 6-6-3 tables (the digits kernel, `ida_pdb`): Korf's first ``--korf`` 15-puzzles;
* numba, zero-aware perm-ranked 4x4 tables (the maxed kernel's 4x4 loop, the one 7-8's
  tables take; 5-5-5 tables of that kind stand in for 7-8's, which need 5.9 GB to build):
  the same puzzles;
* numba, ``solve(random 5x5, optimal=False)``: weighted IDA* over the shipped 5x5
  tables (the maxed kernel's 5x5 loop), node budgets only, so the same work each run;
* pure Python, the 6-6-3 tables: Korf's first ``--korf-python`` puzzles.

Tables are loaded or built before the timing starts; each process first runs one search
so that numba's kernels are loaded from its disk cache, not timed.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PAGE = ROOT / "docs" / "measurements" / "search-speed.md"

_CHILD = """
import json, sys, time
sys.path.insert(0, {bench!r})
from engine_hook import PERM_ZERO, build_tables, engine_solve, maxed_search
from korf100 import read_korf
import slidingtiles as st
from slidingtiles import Board, pdb

case, count = {case!r}, {count}
goal = Board.goal(4, 4, blank="first")
boards = [Board(tiles, shape=(4, 4)) for _, tiles in read_korf()[:count]]
if case in ("digits", "python"):
    db = pdb.load(4, 4, goal, "6-6-3")
    run = lambda board: engine_solve(board, goal, "pdb", db=db, time_limit=None)
elif case == "maxed 4x4":
    groups = ((1, 2, 3, 4, 5), (6, 7, 8, 9, 10), (11, 12, 13, 14, 15))
    db = build_tables(4, 4, groups, encoding=PERM_ZERO, entry="u4-excess")
    run = lambda board: maxed_search([db], board, goal, time_limit=None)
else:  # "maxed 5x5": the short-solution methods' weighted IDA* over the shipped tables
    boards = [st.random_board(5, 5, seed=seed) for seed in range(1, count + 1)]
    def run(board):
        found = st.solve(board, optimal=False)
        return found.moves, found.stats
run(boards[0])  # kernels loaded, tables touched: not timed
began = time.process_time()
nodes = 0
for board in boards:
    moves, stats = run(board)
    nodes += stats.expanded
print(json.dumps({{"cpu": time.process_time() - began, "nodes": nodes}}))
"""

#: Each case: the implementation it runs in, and its count option.
CASES = {
    "digits": ("numba", "korf"),
    "maxed 4x4": ("numba", "korf"),
    "maxed 5x5": ("numba", "boards_5x5"),
    "python": ("python", "korf_python"),
}
_LABELS = {
    "digits": "numba, 6-6-3 tables (digits kernel), Korf's first {n}",
    "maxed 4x4": "numba, zero-aware 4x4 tables (maxed kernel, 7-8's loop), Korf's first {n}",
    "maxed 5x5": "numba, random 5x5 optimal=False (maxed kernel, 5x5 loop), {n} boards",
    "python": "pure Python, 6-6-3 tables, Korf's first {n}",
}


def run(tree: Path, case: str) -> dict[str, float]:
    """One fresh process of ``tree`` timing ``case``."""
    implementation, option = CASES[case]
    count = getattr(ARGS, option)
    code = _CHILD.format(bench=str(tree / "benchmarks"), case=case, count=count)
    env = {**os.environ, "PYTHONPATH": str(tree), "SLIDINGTILES_IMPLEMENTATION": implementation}
    out = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True, cwd=tree
    )
    found: dict[str, float] = json.loads(out.stdout.strip().splitlines()[-1])
    return found


def main() -> int:
    base = Path(ARGS.baseline).resolve()
    results: dict[str, dict[str, list[dict[str, float]]]] = {}
    for case in CASES:
        results[case] = {"before": [], "after": []}
        for _ in range(ARGS.rounds):  # alternating: the machine's load falls on both alike
            results[case]["before"].append(run(base, case))
            results[case]["after"].append(run(ROOT, case))
        print(case, json.dumps(results[case]), file=sys.stderr, flush=True)
    lines = [
        "# The searches' speed, before and after",
        "",
        "Written by `benchmarks/search_speed.py` (do not edit by hand): CPU seconds of the",
        "searches alone (tables loaded, kernels loaded from numba's cache before timing), the",
        f"baseline checkout and this one alternating in fresh processes, {ARGS.rounds} rounds;",
        "the best round is shown, with the range. The nodes are the searches' expansions, the",
        "same in both when the searches are. The machine was shared: load average "
        f"{LOAD_BEFORE:.1f} when this run began, {os.getloadavg()[0]:.1f} at its end.",
        "",
        "| search | nodes before | nodes after | before (s) | after (s) |",
        "| --- | ---: | ---: | ---: | ---: |",
    ]
    for case, runs in results.items():
        before = [r["cpu"] for r in runs["before"]]
        after = [r["cpu"] for r in runs["after"]]
        label = _LABELS[case].format(n=getattr(ARGS, CASES[case][1]))
        lines.append(
            f"| {label} | {int(runs['before'][0]['nodes']):,} | {int(runs['after'][0]['nodes']):,} "
            f"| {min(before):.2f} ({min(before):.2f}-{max(before):.2f}) "
            f"| {min(after):.2f} ({min(after):.2f}-{max(after):.2f}) |"
        )
    PAGE.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(PAGE.read_text(encoding="utf-8"))
    return 0


_parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
_parser.add_argument("--baseline", metavar="DIR", required=True, help="the checkout before")
_parser.add_argument("--rounds", type=int, default=3, help="alternations of the two")
_parser.add_argument("--korf", type=int, default=30, help="Korf's puzzles for numba")
_parser.add_argument("--korf-python", type=int, default=3, help="Korf's puzzles, pure Python")
_parser.add_argument("--boards-5x5", type=int, default=1, help="random 5x5 boards")
ARGS = _parser.parse_args()
LOAD_BEFORE = os.getloadavg()[0]

if __name__ == "__main__":
    sys.exit(main())
