"""Draw the Korf-100 benchmark as an SVG chart: search seconds per instance, log scale.

Run on demand after ``korf100.py --csv FILE`` (any number of runs appended to one file):

    PYTHONPATH=. python benchmarks/plot_korf.py korf.csv docs/images/korf100.svg

One series per (implementation, heuristic); instances on the x axis sorted by
optimal length, so the chart also shows how time grows with depth. No plotting
library: the SVG is written by hand, so the docs build needs nothing extra.
"""

from __future__ import annotations

import argparse
import csv
import math
from collections import defaultdict
from pathlib import Path

WIDTH, HEIGHT = 760, 420
LEFT, RIGHT, TOP, BOTTOM = 70, 200, 30, 50
COLOURS = ["#b5651d", "#2f6fb0", "#3a9a4a", "#a03070", "#777777"]


def read(path: Path) -> dict[str, dict[int, tuple[int, float]]]:
    """Series name -> instance -> (optimal length, seconds)."""
    series: dict[str, dict[int, tuple[int, float]]] = defaultdict(dict)
    with path.open(encoding="utf-8") as handle:
        for implementation, heuristic, number, length, _gen, _exp, seconds in csv.reader(handle):
            label = f"{heuristic} ({implementation})"
            series[label][int(number)] = (int(length), float(seconds))
    return series


def svg(series: dict[str, dict[int, tuple[int, float]]]) -> str:
    lengths: dict[int, int] = {}
    for points in series.values():
        lengths.update({n: length for n, (length, _) in points.items()})
    order = sorted(lengths, key=lambda n: (lengths[n], n))
    x_of = {n: i for i, n in enumerate(order)}
    times = [s for points in series.values() for _, s in points.values() if s > 0]
    low = 10 ** math.floor(math.log10(min(times)))
    high = 10 ** math.ceil(math.log10(max(times)))
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM

    def px(n: int) -> float:
        return LEFT + plot_w * x_of[n] / max(1, len(order) - 1)

    def py(seconds: float) -> float:
        span = math.log10(high) - math.log10(low)
        return TOP + plot_h * (1 - (math.log10(max(seconds, low)) - math.log10(low)) / span)

    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT}" '
        f'viewBox="0 0 {WIDTH} {HEIGHT}" font-family="sans-serif" font-size="12">',
        '<rect width="100%" height="100%" fill="white"/>',
        f'<text x="{LEFT}" y="18" font-size="14">Korf\'s 100 15-puzzles: search seconds per '
        "instance (log scale)</text>",
    ]
    decade = low
    while decade <= high * 1.0001:
        y = py(decade)
        parts.append(
            f'<line x1="{LEFT}" y1="{y:.1f}" x2="{LEFT + plot_w}" y2="{y:.1f}" stroke="#ddd"/>'
        )
        parts.append(f'<text x="{LEFT - 6}" y="{y + 4:.1f}" text-anchor="end">{decade:g} s</text>')
        decade *= 10
    parts.append(
        f'<text x="{LEFT + plot_w / 2}" y="{HEIGHT - 12}" text-anchor="middle">'
        "instances, sorted by optimal length "
        f"({lengths[order[0]]} to {lengths[order[-1]]} moves)</text>"
    )
    for index, (label, points) in enumerate(sorted(series.items())):
        colour = COLOURS[index % len(COLOURS)]
        for n, (_, seconds) in points.items():
            parts.append(
                f'<circle cx="{px(n):.1f}" cy="{py(seconds):.1f}" r="2.6" fill="{colour}"/>'
            )
        total = sum(s for _, s in points.values())
        y = TOP + 20 + 22 * index
        parts.append(f'<circle cx="{WIDTH - RIGHT + 16}" cy="{y - 4}" r="4" fill="{colour}"/>')
        parts.append(f'<text x="{WIDTH - RIGHT + 26}" y="{y}">{label}: {total:.1f} s</text>')
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("csv", type=Path)
    parser.add_argument("out", type=Path)
    args = parser.parse_args()
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(svg(read(args.csv)), encoding="utf-8")
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
