"""The issue's check: published boards with known optimal lengths, labelled and solved.

Run from the project root (numba installed; for the 24-puzzles the 5x5 tables,
``slidingtiles pdb build 5``):

    PYTHONPATH=. python benchmarks/published_sets.py --write          # Korf's 100, K&F's easiest
    PYTHONPATH=. python benchmarks/published_sets.py --korf50 5 --workers 2

Korf's 100 15-puzzles (`slidingtiles.data.korf100`) are labelled by
``cost_to_go`` (one optimal solve each, every board of its solution labelled):
each board's label must be its published optimal length, and each path
consistent (each row one blank move from the one before, each label one less,
ending at the goal with 0). Each is also solved by ``solve(..., algorithm="bwas")``
with the built-in tables, whose length must be the published one. Korf &
Felner's 50 24-puzzles (`data.korf50`) are each a minute to hours of search: the
``--korf50`` easiest (by Korf & Felner's node counts, ``benchmarks/data/
korf50_nodes.txt``) are labelled the same way, when the 5x5 tables are cached.
``--write`` puts the outcome in ``docs/measurements/published-sets.md``.
"""

from __future__ import annotations

import argparse
import itertools
import os
import platform
import resource
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import numpy as np

import slidingtiles as st
import slidingtiles.data as data
from benchmarks.korf50 import read_published
from slidingtiles import pdb

OUT = Path(__file__).resolve().parent.parent / "docs" / "measurements" / "published-sets.md"


def _cpu() -> float:
    total = 0.0
    for who in (resource.RUSAGE_SELF, resource.RUSAGE_CHILDREN):
        usage = resource.getrusage(who)
        total += usage.ru_utime + usage.ru_stime
    return total


def consistent(labels: data.Labels, lengths: Any) -> list[str]:
    """What is wrong with ``labels`` against the published ``lengths`` (empty: nothing)."""
    problems = []
    goal = labels.goal_board
    for source, length in enumerate(lengths):
        rows = labels.boards[labels.sources == source]
        dist = labels.distances[labels.sources == source].tolist()
        if not len(rows) or dist[0] != int(length):
            problems.append(f"board {source}: labelled {dist[:1]}, published {int(length)}")
            continue
        if dist != list(range(int(length), -1, -1)) or tuple(rows[-1].tolist()) != goal.tiles:
            problems.append(f"board {source}: labels do not fall by one to the goal")
            continue
        for a, b in itertools.pairwise(rows):
            moved = np.flatnonzero(a != b)
            cells = [divmod(int(c), goal.cols) for c in moved]
            if (
                len(moved) != 2
                or 0 not in a[moved]
                or 0 not in b[moved]
                or abs(cells[0][0] - cells[1][0]) + abs(cells[0][1] - cells[1][1]) != 1
            ):
                problems.append(f"board {source}: two rows are not one move apart")
                break
    return problems


def check(boards: Any, lengths: Any, goal: st.Board, workers: int) -> dict[str, Any]:
    before = os.getloadavg()[0]
    began, cpu = time.perf_counter(), _cpu()
    labels = data.cost_to_go(boards, goal=goal, workers=workers if workers > 1 else None)
    wall, used = time.perf_counter() - began, _cpu() - cpu
    problems = consistent(labels, lengths)
    return {
        "boards": len(boards),
        "labels": len(labels),
        "wall": wall,
        "cpu": used,
        "problems": problems,
        "load": (before, os.getloadavg()[0]),
    }


def bwas_lengths(boards: Any, lengths: Any, goal: st.Board) -> dict[str, Any]:
    began = time.process_time()
    wrong = []
    for index, (tiles, length) in enumerate(zip(boards, lengths, strict=True)):
        sol = st.solve(tiles.tolist(), goal, heuristic="pdb", algorithm="bwas")
        if len(sol.moves) != int(length) or not sol.optimal:
            wrong.append(f"board {index}: bwas {len(sol.moves)}, published {int(length)}")
    return {"boards": len(boards), "cpu": time.process_time() - began, "problems": wrong}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--korf50", type=int, default=1, metavar="N", help="the N easiest")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--no-bwas", action="store_true", help="skip bwas on Korf's 100")
    parser.add_argument("--write", action="store_true", help=f"write {OUT.name}")
    args = parser.parse_args(argv)
    korf = data.korf100()
    print(
        f"implementation {st.solve('1 2 3/4 5 6/7 0 8').engine}, "
        f"4x4 tables {pdb.preferred_partition(4, 4)}"
    )
    results: dict[str, Any] = {"korf100": check(korf.boards, korf.lengths, korf.goal, args.workers)}
    print("Korf's 100 labelled:", {k: v for k, v in results["korf100"].items() if k != "problems"})
    if not args.no_bwas:
        results["bwas"] = bwas_lengths(korf.boards, korf.lengths, korf.goal)
        print("Korf's 100 by bwas:", results["bwas"])
    sets = data.korf50()
    if args.korf50 and pdb.is_cached(5, 5, sets.goal, pdb.preferred_partition(5, 5)):
        published = read_published()
        easiest = sorted(published, key=lambda n: published[n][0])[: args.korf50]
        chosen = [n - 1 for n in easiest]  # numbered from 1
        results["korf50"] = check(
            sets.boards[chosen], sets.lengths[chosen], sets.goal, args.workers
        )
        results["korf50"]["numbers"] = easiest
        print("Korf & Felner's easiest labelled:", results["korf50"])
    elif args.korf50:
        print("no 5x5 tables cached: Korf & Felner's 50 skipped (slidingtiles pdb build 5)")
    bad = [p for found in results.values() for p in found["problems"]]
    for problem in bad:
        print("PROBLEM:", problem)
    if args.write:
        _write(results, args)
    return 1 if bad else 0


def _write(results: dict[str, Any], args: Any) -> None:
    lines = [
        "# Published test sets, labelled and solved",
        "",
        f"Written by `benchmarks/published_sets.py --write` ({time.strftime('%Y-%m-%d %H:%M')}, "
        f"Python {platform.python_version()}, the project machine: 2 shared cores). Each board "
        "labelled by `slidingtiles.data.cost_to_go`; a board passes when its label is its "
        "published optimal length and its path is consistent (each row one blank move from "
        "the one before, each label one less, the goal last with 0).",
        "",
        "| set | boards | labels | all consistent with the published lengths | CPU s | "
        "wall s | load average |",
        "|---|---:|---:|---|---:|---:|---:|",
    ]
    names = {"korf100": "Korf's 100 (15-puzzle)", "korf50": "Korf & Felner's 50 (24-puzzle)"}
    for key in ("korf100", "korf50"):
        found = results.get(key)
        if not found:
            continue
        name = names[key]
        if key == "korf50":
            name += f": the {found['boards']} easiest (numbers {found['numbers']})"
        low, high = found["load"]
        verdict = "yes" if not found["problems"] else f"no: {'; '.join(found['problems'][:3])}"
        lines.append(
            f"| {name} | {found['boards']} | {found['labels']:,} | {verdict} | {found['cpu']:.1f} "
            f"| {found['wall']:.1f} | {low:.1f}-{high:.1f} |"
        )
    found = results.get("bwas")
    if found:
        verdict = "every length the published one" if not found["problems"] else found["problems"]
        lines += [
            "",
            f'Korf\'s 100 solved by `solve(board, goal, heuristic="pdb", algorithm="bwas")` '
            f"(weight 1, the built-in tables): {verdict}, {found['cpu']:.1f} s of CPU in all "
            "(docs/measurements/bwas.md times it against IDA*).",
        ]
    if "korf50" not in results:
        lines += ["", "Korf & Felner's 50 were not run (no 5x5 tables cached, or `--korf50 0`)."]
    OUT.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"wrote {OUT}")


if __name__ == "__main__":
    raise SystemExit(main())
