"""Mean answer length against the time limit on 6x6 and 7x7, against DeepCubeA's published means.

Run (numba; each size in its own process, then the report from both)::

    PYTHONPATH=. python benchmarks/mid_size.py --cpu-clock --sizes 6 --boards 4 --long-boards 1
    PYTHONPATH=. python benchmarks/mid_size.py --cpu-clock --sizes 7 --boards 4 --long-boards 1
    PYTHONPATH=. python benchmarks/mid_size.py --report

``--cpu-clock`` makes the library's clock (`time.perf_counter`, read by every deadline)
the process's CPU time, so that a time limit of T seconds means T seconds of one core even
when the machine is shared (it was: 8 engineers on 2 cores, where a 10-second limit got about
one second of CPU). Results per size go to ``benchmarks/results/mid-size-N.json``;
``--report`` writes the page and the curve from them.

Boards are random walks of DeepCubeA's kind: from the goal (blank last), uniformly random
blank moves, undoing allowed (`WALKS` moves: mean Manhattan distance about 92 on 6x6 and 195 on
7x7, as in DeepCubeA's test sets), seeded, so every run draws the same boards. Each board is
solved with ``optimal=False`` and each time limit in ``--times`` (the last one, 30 s, only on
the first ``--long-boards`` boards: the machine is shared), and once without a limit. For each
the mean length, the mean lower bound (`Solution.lower_bound`), the mean CPU seconds
(`time.process_time`: the limit is wall-clock time, and on a loaded machine a call gets less
CPU than its limit) are written to ``docs/measurements/mid-size.md``, and the curve of mean
length against the time limit, with DeepCubeA's means drawn as lines, to
``docs/images/mid-size.svg``.

DeepCubeA's means (Agostinelli et al., Nature Machine Intelligence 2019, its published results
files): 124.65 moves on 500 6x6 boards, 255.67 on 500 7x7 boards.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path

if "--cpu-clock" in sys.argv:  # before the library binds the clock
    time.perf_counter = time.process_time

import slidingtiles as st

#: DeepCubeA's mean lengths (its published results files, 500 boards each).
DEEPCUBEA = {6: 124.65, 7: 255.67}
#: Random-walk moves per size: mean Manhattan distance about 92 (6x6) and 195 (7x7).
WALKS = {6: 800, 7: 3700}
TIMES = (0.5, 1.0, 2.0, 5.0, 10.0, 30.0)
COLOURS = {6: "#1f77b4", 7: "#d62728"}
#: The tables the short answers search on each size when cached (`methods.TABLE`'s tables rows).
TABLES = {6: "5x7"}


def walk(n: int, moves: int, seed: int) -> st.Board:
    """The goal after ``moves`` uniformly random blank moves (undoing allowed), seeded."""
    rng = random.Random(seed)
    cells = n * n
    tiles = [*range(1, cells), 0]
    p = cells - 1
    for _ in range(moves):
        r, c = divmod(p, n)
        options = [
            q
            for q, ok in ((p - n, r > 0), (p + n, r < n - 1), (p - 1, c > 0), (p + 1, c < n - 1))
            if ok
        ]
        q = rng.choice(options)
        tiles[p], tiles[q] = tiles[q], 0
        p = q
    return st.Board("/".join(" ".join(map(str, tiles[i * n : (i + 1) * n])) for i in range(n)))


def run(board: st.Board, limit: float | None) -> tuple[int, int, float]:
    """Length, lower bound and CPU seconds of one short solve."""
    began = time.process_time()
    solution = st.solve(board, optimal=False, time_limit=limit)
    cpu = time.process_time() - began
    assert board.apply(solution.moves) == st.Board.goal(board.rows, board.cols)
    return len(solution.moves), solution.lower_bound, cpu


def svg(curves: dict[int, list[tuple[float, float]]]) -> str:
    """Mean length over DeepCubeA's mean against the time limit (log axis), one line per size."""
    width, height, left, right, top, bottom = 640, 400, 70, 150, 30, 60
    low, high = 0.9, 1.5
    tmin, tmax = TIMES[0], TIMES[-1]

    def x(t: float) -> float:
        import math

        span = math.log(tmax) - math.log(tmin)
        return left + (width - left - right) * (math.log(t) - math.log(tmin)) / span

    def y(v: float) -> float:
        return top + (height - top - bottom) * (high - v) / (high - low)

    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        'font-family="sans-serif" font-size="12">',
        f'<rect width="{width}" height="{height}" fill="white"/>',
    ]
    for v in (0.9, 1.0, 1.1, 1.2, 1.3, 1.4, 1.5):
        out.append(
            f'<line x1="{left}" x2="{width - right}" y1="{y(v):.1f}" y2="{y(v):.1f}" '
            f'stroke="#ddd"/><text x="{left - 8}" y="{y(v) + 4:.1f}" '
            f'text-anchor="end">{v:.1f}</text>'
        )
    for t in TIMES:
        out.append(
            f'<text x="{x(t):.1f}" y="{height - bottom + 18}" text-anchor="middle">{t:g}</text>'
        )
    out.append(
        f'<text x="{(left + width - right) / 2}" y="{height - 15}" text-anchor="middle">'
        "time limit (s, log scale)</text>"
    )
    out.append(
        f'<text x="15" y="{(top + height - bottom) / 2}" text-anchor="middle" '
        f'transform="rotate(-90 15 {(top + height - bottom) / 2})">'
        "mean length / DeepCubeA's mean</text>"
    )
    yd = y(1.0)
    out.append(
        f'<line x1="{left}" x2="{width - right}" y1="{yd:.1f}" y2="{yd:.1f}" '
        'stroke="black" stroke-dasharray="6 4"/>'
    )
    out.append(
        f'<text x="{width - right + 6}" y="{yd + 4:.1f}">DeepCubeA (6x6 124.65,</text>'
        f'<text x="{width - right + 6}" y="{yd + 18:.1f}">7x7 255.67)</text>'
    )
    for target, label in ((1.05, "target 6x6"), (1.10, "target 7x7")):
        out.append(
            f'<line x1="{left}" x2="{width - right}" y1="{y(target):.1f}" '
            f'y2="{y(target):.1f}" stroke="#999" stroke-dasharray="2 3"/>'
            f'<text x="{width - right + 6}" y="{y(target) + 4:.1f}" fill="#666">'
            f"{label}</text>"
        )
    for n, points in curves.items():
        ratio = [(t, v / DEEPCUBEA[n]) for t, v in points]
        path = " ".join(f"{x(t):.1f},{y(v):.1f}" for t, v in ratio)
        out.append(
            f'<polyline points="{path}" fill="none" stroke="{COLOURS[n]}" stroke-width="2"/>'
        )
        for t, v in ratio:
            out.append(f'<circle cx="{x(t):.1f}" cy="{y(v):.1f}" r="3" fill="{COLOURS[n]}"/>')
        t, v = ratio[0]
        out.append(
            f'<text x="{x(t) + 6:.1f}" y="{y(v) - 6:.1f}" fill="{COLOURS[n]}">{n}x{n}</text>'
        )
    out.append("</svg>")
    return "\n".join(out) + "\n"


def measure(
    n: int, boards: int, long_boards: int, times: list[float], first_seed: int = 0
) -> list[dict[str, object]]:
    """One size's rows: per time limit (None first) the means over its boards."""
    sample_all = [walk(n, WALKS[n], seed) for seed in range(first_seed, first_seed + boards)]
    goal = st.Board.goal(n, n)
    mean_md = statistics.mean(b.manhattan(goal) for b in sample_all)
    tables = TABLES.get(n)
    cached = tables is not None and st.pdb.is_cached(n, n, list(goal.tiles), tables)
    st.solve(sample_all[0], optimal=False, time_limit=times[0])  # compile, load: not timed
    rows: list[dict[str, object]] = []
    for limit in [None, *times]:
        sample = sample_all if limit != times[-1] else sample_all[:long_boards]
        done = [run(b, limit) for b in sample]
        row = {
            "n": n,
            "limit": limit,
            "boards": len(sample),
            "manhattan": mean_md,
            "length": statistics.mean(d[0] for d in done),
            "first": statistics.mean(d[0] for d in done[:long_boards]),
            "bound": statistics.mean(d[1] for d in done),
            "cpu": statistics.mean(d[2] for d in done),
            "lengths": [d[0] for d in done],
            "tables": cached,
        }
        print(row, flush=True)
        rows.append(row)
    return rows


def report(rows: list[dict[str, object]], cpu_clock: bool, markdown: str, image: str) -> None:
    """Write the page and the curve."""
    lines = [
        "# Mid-size boards: length against time (6x6, 7x7)",
        "",
        "Written by `benchmarks/mid_size.py --report` "
        f"({time.strftime('%Y-%m-%d')}, numba, one core); the curve is "
        "[mid-size.svg](../images/mid-size.svg). Random-walk boards of DeepCubeA's kind "
        f"({', '.join(f'{n}x{n}: {w} random moves' for n, w in WALKS.items())}, undoing "
        "allowed, seeds 0, 1, ...). "
        + (
            "Time limits were counted in CPU seconds (`--cpu-clock`): on a shared machine a "
            "wall-clock limit gives a call a fraction of a core. "
            if cpu_clock
            else ""
        )
        + "The samples are small (the boards column; the longest limit on the first boards "
        "only, `first boards` gives the other limits' mean over those same boards): a few "
        "moves either way are noise. DeepCubeA: 124.65 (6x6) and 255.67 (7x7), on its own "
        "500 boards each; the ratio is this sample's mean over those. As a small sample's "
        "Manhattan mean strays from DeepCubeA's (about 92 and 195), `/ Manhattan` gives the "
        "mean length over the mean Manhattan distance, to set against DeepCubeA's 124.65 / 92 "
        "= 1.35 and 255.67 / 195 = 1.31. `tables`: whether the size's tables were cached (6x6's "
        "`5x7`: weighted IDA* over them and the answer's tail re-solved, docs/mid-size.md).",
        "",
        "| size | time limit | boards | mean Manhattan | mean length | first boards | "
        "/ DeepCubeA | / Manhattan | mean lower bound | length / bound | mean CPU s | tables |",
        "|---|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    curves: dict[int, list[tuple[float, float]]] = {}
    for r in rows:
        n, limit, length, bound = int(r["n"]), r["limit"], float(r["length"]), float(r["bound"])  # type: ignore[arg-type]
        if limit is not None:
            curves.setdefault(n, []).append((float(limit), length))  # type: ignore[arg-type]
        lines.append(
            f"| {n}x{n} | {'none' if limit is None else f'{limit:g} s'} | {r['boards']} | "
            f"{float(r['manhattan']):.1f} | {length:.1f} | {float(r['first']):.1f} | "  # type: ignore[arg-type]
            f"{length / DEEPCUBEA[n]:.3f} | {length / float(r['manhattan']):.2f} | "  # type: ignore[arg-type]
            f"{bound:.1f} | {length / bound:.2f} | "
            f"{float(r['cpu']):.2f} | {'yes' if r.get('tables') else 'no'} |"  # type: ignore[arg-type]
        )
    Path(markdown).write_text("\n".join(lines) + "\n", encoding="utf-8")
    Path(image).write_text(svg(curves), encoding="utf-8")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[6, 7])
    parser.add_argument("--boards", type=int, default=4)
    parser.add_argument(
        "--first-seed", type=int, default=0, help="the first board's seed (others: held out)"
    )
    parser.add_argument("--name", default="", help="a suffix of the results file")
    parser.add_argument("--long-boards", type=int, default=1, help="boards for the last limit")
    parser.add_argument("--times", type=float, nargs="+", default=list(TIMES))
    parser.add_argument("--cpu-clock", action="store_true", help="limits in CPU seconds")
    parser.add_argument("--report", action="store_true", help="write the page from the results")
    parser.add_argument("--results", default="benchmarks/results")
    parser.add_argument("--markdown", default="docs/measurements/mid-size.md")
    parser.add_argument("--image", default="docs/images/mid-size.svg")
    args = parser.parse_args()
    if args.report:
        rows: list[dict[str, object]] = []
        cpu_clock = True
        for n in args.sizes:
            saved = json.loads(Path(args.results, f"mid-size-{n}.json").read_text("utf-8"))
            rows += saved["rows"]
            cpu_clock = cpu_clock and saved["cpu_clock"]
        report(rows, cpu_clock, args.markdown, args.image)
        return
    for n in args.sizes:
        found = measure(n, args.boards, args.long_boards, args.times, args.first_seed)
        Path(args.results, f"mid-size-{n}{args.name}.json").write_text(
            json.dumps({"cpu_clock": args.cpu_clock, "rows": found}, indent=1), "utf-8"
        )


if __name__ == "__main__":
    main()
