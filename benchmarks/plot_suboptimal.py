"""Draw length / Manhattan against board size as an SVG (no plotting library needed).

Run on demand, on the JSON files ``benchmarks/large_boards.py --json`` writes::

    PYTHONPATH=. python benchmarks/large_boards.py --method reduce --json reduce.json
    PYTHONPATH=. python benchmarks/large_boards.py --sizes 10x10 20x20 --time-limit 2 \\
        --json two.json
    PYTHONPATH=. python benchmarks/plot_suboptimal.py docs/images/large-boards.svg \\
        "constructive=reduce.json" "time_limit=2 s=two.json"

Each series is ``LABEL=FILE``; its points are the mean ratio per square size.
A single reference point is ``LABEL@N=VALUE`` (a diamond at size N).
Parberry's 8/3 n^3 (the expected length of the classic greedy method) is
drawn as its ratio to the expected Manhattan distance of a random n x n
board, (n^2 - 1) x 2 (n^2 - 1) / (3n) (each of the n^2 - 1 tiles is
(n^2 - 1) / (3n) rows and as many columns from home on average), and the
target of 2.0 (issue 15) as a dashed line. The x axis is logarithmic.
"""

from __future__ import annotations

import json
import math
import statistics
import sys
from collections import defaultdict

COLOURS = ["#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b"]
WIDTH, HEIGHT = 720, 440
LEFT, RIGHT, TOP, BOTTOM = 70, 200, 30, 60


def parberry_ratio(n: float) -> float:
    """8/3 n^3 over the mean Manhattan distance of a random n x n board, (n^2-1) 2 (n^2-1)/(3n)."""
    return 4 * n**4 / (n * n - 1) ** 2


def main(argv: list[str]) -> int:
    if len(argv) < 2:
        print(__doc__)
        return 2
    out, specs = argv[0], argv[1:]
    series: list[tuple[str, dict[int, float]]] = []
    points_only: list[tuple[str, int, float]] = []
    for spec in specs:
        label, _, path = spec.rpartition("=")
        if "@" in label:
            name, _, size = label.rpartition("@")
            points_only.append((name, int(size), float(path)))
            continue
        with open(path, encoding="utf-8") as handle:
            rows = json.load(handle)
        by_size: dict[int, list[float]] = defaultdict(list)
        for row in rows:
            if row["rows"] == row["cols"]:
                by_size[row["rows"]].append(row["ratio"])
        series.append((label, {n: statistics.mean(r) for n, r in sorted(by_size.items())}))
    sizes = sorted({n for _, points in series for n in points})
    low, high = math.log(min(sizes) * 0.8), math.log(max(sizes) * 1.25)
    y_low, y_high = 1.0, 4.5

    def x(n: float) -> float:
        return LEFT + (math.log(n) - low) / (high - low) * (WIDTH - LEFT - RIGHT)

    def y(v: float) -> float:
        return TOP + (y_high - v) / (y_high - y_low) * (HEIGHT - TOP - BOTTOM)

    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT}" '
        f'viewBox="0 0 {WIDTH} {HEIGHT}" font-family="sans-serif" font-size="12">',
        f'<rect width="{WIDTH}" height="{HEIGHT}" fill="white"/>',
    ]
    for tick in (1.0, 1.5, 2.0, 2.5, 3.0, 3.5, 4.0, 4.5):
        parts.append(
            f'<line x1="{LEFT}" x2="{WIDTH - RIGHT}" y1="{y(tick):.1f}" y2="{y(tick):.1f}" '
            f'stroke="#ddd"/><text x="{LEFT - 8}" y="{y(tick) + 4:.1f}" text-anchor="end">'
            f"{tick:.1f}</text>"
        )
    for n in sizes:
        parts.append(
            f'<line x1="{x(n):.1f}" x2="{x(n):.1f}" y1="{TOP}" y2="{HEIGHT - BOTTOM}" '
            f'stroke="#eee"/><text x="{x(n):.1f}" y="{HEIGHT - BOTTOM + 18}" '
            f'text-anchor="middle">{n}</text>'
        )
    parts.append(
        f'<text x="{(LEFT + WIDTH - RIGHT) / 2}" y="{HEIGHT - 15}" text-anchor="middle">'
        "board size n (n x n, random, blank last)</text>"
        f'<text transform="translate(18 {(TOP + HEIGHT - BOTTOM) / 2}) rotate(-90)" '
        'text-anchor="middle">length / Manhattan distance</text>'
    )
    legend = []
    fine = [min(sizes) * (max(sizes) / min(sizes)) ** (i / 60) for i in range(61)]
    parberry = " ".join(f"{x(n):.1f},{y(parberry_ratio(n)):.1f}" for n in fine)
    parts.append(f'<polyline points="{parberry}" fill="none" stroke="#555" stroke-width="1.5"/>')
    legend.append(("#555", "Parberry 8/3 n³", ""))
    parts.append(
        f'<line x1="{LEFT}" x2="{WIDTH - RIGHT}" y1="{y(2.0):.1f}" y2="{y(2.0):.1f}" '
        'stroke="#555" stroke-dasharray="6 4"/>'
    )
    legend.append(("#555", "target 2.0", "6 4"))
    for number, (label, points) in enumerate(series):
        colour = COLOURS[number % len(COLOURS)]
        line = " ".join(f"{x(n):.1f},{y(v):.1f}" for n, v in points.items())
        parts.append(f'<polyline points="{line}" fill="none" stroke="{colour}" stroke-width="2"/>')
        for n, v in points.items():
            parts.append(f'<circle cx="{x(n):.1f}" cy="{y(v):.1f}" r="3.5" fill="{colour}"/>')
        legend.append((colour, label, ""))
    for name, size, value in points_only:
        cx, cy = x(size), y(value)
        parts.append(
            f'<path d="M{cx:.1f},{cy - 6:.1f} l6,6 l-6,6 l-6,-6 z" fill="#000"/>'
            f'<text x="{cx + 9:.1f}" y="{cy + 4:.1f}">{name}</text>'
        )
    for number, (colour, label, dash) in enumerate(legend):
        ly = TOP + 10 + 22 * number
        lx = WIDTH - RIGHT + 15
        style = f' stroke-dasharray="{dash}"' if dash else ""
        parts.append(
            f'<line x1="{lx}" x2="{lx + 24}" y1="{ly}" y2="{ly}" stroke="{colour}" '
            f'stroke-width="2"{style}/><text x="{lx + 30}" y="{ly + 4}">{label}</text>'
        )
    parts.append("</svg>")
    with open(out, "w", encoding="utf-8") as handle:
        handle.write("\n".join(parts) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
