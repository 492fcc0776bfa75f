"""Estimate: the CPU all 50 of Korf & Felner's 24-puzzles take, from the instances measured.

Run from the project root, on the CSV files ``benchmarks/korf50.py --csv FILE`` appends to:

    PYTHONPATH=. python benchmarks/korf50_estimate.py korf50.csv

Each instance measured counts as measured (its CPU seconds; the last run of an
instance wins). Each other instance is extrapolated from Korf & Felner's
published count (nodes generated, ``benchmarks/data/korf50_nodes.txt``): times
the ratio of our generated nodes to theirs over the measured instances (in all,
and, as a range, the least and the largest ratio over the measured instances that
took at least a second), at the measured CPU seconds per generated node. The
published counts vary 10,000-fold between instances and the ratio per instance
0.03-0.6 on the easiest, so the range is wide; the harder the instances measured,
the better the estimate. The same is done from Clausecker & Reinefeld's counts
(zpdb 2019: nodes expanded with seven zero-aware 6-tile partitions, a
heuristic much like ours) against our expanded nodes.
"""

from __future__ import annotations

import argparse
import csv
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.korf50 import read_published


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("csv", nargs="+", type=Path, help="files written by korf50.py --csv")
    args = parser.parse_args(argv)
    published = read_published()
    measured: dict[int, tuple[int, float]] = {}  # number -> (generated, cpu s)
    expanded: dict[int, int] = {}
    for path in args.csv:
        with open(path, encoding="utf-8") as f:
            for row in csv.reader(f):
                number, _, generated, done, cpu = (float(x) for x in row[:5])
                measured[int(number)] = (int(generated), cpu)
                expanded[int(number)] = int(done)
    ours = sum(g for g, _ in measured.values())
    theirs = sum(published[n][0] for n in measured)
    cpu = sum(c for _, c in measured.values())
    ratio = ours / theirs
    per_node = cpu / ours
    ratios = [g / published[n][0] for n, (g, c) in measured.items() if c >= 1.0]
    rest = sum(published[n][0] for n in published if n not in measured)
    print(
        f"measured: {len(measured)} instances, {cpu:,.1f} s of CPU, {ours:,} generated, "
        f"{ratio:.3f} of Korf & Felner's {theirs:,}; {per_node * 1e9:.1f} ns of CPU per node"
    )
    for label, r in (("in all", ratio), ("least", min(ratios)), ("largest", max(ratios))):
        seconds = cpu + rest * r * per_node
        print(
            f"the other {len(published) - len(measured)} at the ratio {label} ({r:.3f}): "
            f"all 50 in {seconds / 3600:,.1f} CPU-hours"
        )
    ours_x = sum(expanded.values())
    zpdb = sum(published[n][1] for n in measured)
    rest_z = sum(published[n][1] for n in published if n not in measured)
    seconds = cpu + rest_z * (ours_x / zpdb) * (cpu / ours_x)
    print(
        f"from zpdb 2019's expansions: ours {ours_x / zpdb:.3f} of theirs on the measured; "
        f"all 50 in {seconds / 3600:,.1f} CPU-hours"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
