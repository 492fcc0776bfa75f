"""Mean answer length against the time limit on 6x6 and 7x7, against DeepCubeA's published means.

Run (numba; a few minutes per size at the default sample)::

    PYTHONPATH=. python benchmarks/mid_size.py --boards 8 --long-boards 3

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
import random
import statistics
import time
from pathlib import Path

import slidingtiles as st
from slidingtiles._engine import dispatch

#: DeepCubeA's mean lengths (its published results files, 500 boards each).
DEEPCUBEA = {6: 124.65, 7: 255.67}
#: Random-walk moves per size: mean Manhattan distance about 92 (6x6) and 195 (7x7).
WALKS = {6: 800, 7: 3700}
TIMES = (0.5, 1.0, 2.0, 5.0, 10.0, 30.0)
COLOURS = {6: "#1f77b4", 7: "#d62728"}


def walk(n: int, moves: int, seed: int) -> st.Board:
    """The goal after ``moves`` uniformly random blank moves (undoing allowed), seeded."""
    rng = random.Random(seed)
    cells = n * n
    tiles = [*range(1, cells), 0]
    p = cells - 1
    for _ in range(moves):
        r, c = divmod(p, n)
        options = [q for q, ok in ((p - n, r > 0), (p + n, r < n - 1), (p - 1, c > 0),
                                   (p + 1, c < n - 1)) if ok]  # fmt: skip
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
        out.append(f'<line x1="{left}" x2="{width - right}" y1="{y(v):.1f}" y2="{y(v):.1f}" '
                   f'stroke="#ddd"/><text x="{left - 8}" y="{y(v) + 4:.1f}" '
                   f'text-anchor="end">{v:.1f}</text>')  # fmt: skip
    for t in TIMES:
        out.append(f'<text x="{x(t):.1f}" y="{height - bottom + 18}" text-anchor="middle">'
                   f"{t:g}</text>")  # fmt: skip
    out.append(f'<text x="{(left + width - right) / 2}" y="{height - 15}" text-anchor="middle">'
               "time limit (s, log scale)</text>")  # fmt: skip
    out.append(f'<text x="15" y="{(top + height - bottom) / 2}" text-anchor="middle" '
               f'transform="rotate(-90 15 {(top + height - bottom) / 2})">'
               "mean length / DeepCubeA's mean</text>")  # fmt: skip
    yd = y(1.0)
    out.append(f'<line x1="{left}" x2="{width - right}" y1="{yd:.1f}" y2="{yd:.1f}" '
               'stroke="black" stroke-dasharray="6 4"/>')  # fmt: skip
    out.append(f'<text x="{width - right + 6}" y="{yd + 4:.1f}">DeepCubeA (6x6 124.65,</text>'
               f'<text x="{width - right + 6}" y="{yd + 18:.1f}">7x7 255.67)</text>')  # fmt: skip
    for target, label in ((1.05, "target 6x6"), (1.10, "target 7x7")):
        out.append(f'<line x1="{left}" x2="{width - right}" y1="{y(target):.1f}" '
                   f'y2="{y(target):.1f}" stroke="#999" stroke-dasharray="2 3"/>'
                   f'<text x="{width - right + 6}" y="{y(target) + 4:.1f}" fill="#666">'
                   f"{label}</text>")  # fmt: skip
    for n, points in curves.items():
        ratio = [(t, v / DEEPCUBEA[n]) for t, v in points]
        path = " ".join(f"{x(t):.1f},{y(v):.1f}" for t, v in ratio)
        out.append(f'<polyline points="{path}" fill="none" stroke="{COLOURS[n]}" '
                   'stroke-width="2"/>')  # fmt: skip
        for t, v in ratio:
            out.append(f'<circle cx="{x(t):.1f}" cy="{y(v):.1f}" r="3" fill="{COLOURS[n]}"/>')
        t, v = ratio[0]
        out.append(f'<text x="{x(t) + 6:.1f}" y="{y(v) - 6:.1f}" fill="{COLOURS[n]}">'
                   f"{n}x{n}</text>")  # fmt: skip
    out.append("</svg>")
    return "\n".join(out) + "\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[6, 7])
    parser.add_argument("--boards", type=int, default=8)
    parser.add_argument("--long-boards", type=int, default=3, help="boards for the last limit")
    parser.add_argument("--times", type=float, nargs="+", default=list(TIMES))
    parser.add_argument("--markdown", default="docs/measurements/mid-size.md")
    parser.add_argument("--image", default="docs/images/mid-size.svg")
    args = parser.parse_args()
    rows: list[str] = []
    curves: dict[int, list[tuple[float, float]]] = {}
    for n in args.sizes:
        boards = [walk(n, WALKS[n], seed) for seed in range(args.boards)]
        goal = st.Board.goal(n, n)
        mean_md = statistics.mean(b.manhattan(goal) for b in boards)
        st.solve(boards[0], optimal=False, time_limit=args.times[0])  # compile, load: not timed
        limits: list[float | None] = [None, *args.times]
        for limit in limits:
            sample = boards if limit != args.times[-1] else boards[: args.long_boards]
            done = [run(b, limit) for b in sample]
            length = statistics.mean(d[0] for d in done)
            bound = statistics.mean(d[1] for d in done)
            cpu = statistics.mean(d[2] for d in done)
            same = statistics.mean(d[0] for d in done[: args.long_boards])
            if limit is not None:
                curves.setdefault(n, []).append((limit, length))
            rows.append(
                f"| {n}x{n} | {'none' if limit is None else f'{limit:g} s'} | {len(sample)} | "
                f"{mean_md:.1f} | {length:.1f} | {same:.1f} | {length / DEEPCUBEA[n]:.3f} | "
                f"{bound:.1f} | {length / bound:.2f} | {cpu:.2f} |"
            )
            print(rows[-1], flush=True)
    header = [
        "# Mid-size boards: length against time (6x6, 7x7)",
        "",
        "Written by `benchmarks/mid_size.py` "
        f"(`{dispatch.IMPLEMENTATION}`; {time.strftime('%Y-%m-%d')}); the curve is "
        "[mid-size.svg](../images/mid-size.svg). Random-walk boards of DeepCubeA's kind "
        f"({', '.join(f'{n}x{n}: {WALKS[n]} moves' for n in args.sizes)}, undoing allowed), "
        f"{args.boards} per size ({args.long_boards} at the longest limit: the machine is shared "
        "by 8 engineers, 2 cores; a call gets less CPU than its wall-clock limit when the cores "
        "are busy, so CPU seconds are quoted). DeepCubeA: 124.65 (6x6) and 255.67 (7x7) on its "
        "own 500 boards each; the ratio is this sample's mean over those (a small sample: a "
        "few moves either way are noise). `first boards` is the mean over the boards of the "
        "longest limit, to compare it with the others.",
        "",
        "| size | time limit | boards | mean Manhattan | mean length | first boards | "
        "/ DeepCubeA | mean lower bound | length / bound | mean CPU s |",
        "|---|---|---|---|---|---|---|---|---|---|",
    ]
    Path(args.markdown).write_text("\n".join(header + rows) + "\n", encoding="utf-8")
    Path(args.image).write_text(svg(curves), encoding="utf-8")


if __name__ == "__main__":
    main()
