"""Comparing heuristics the way the textbooks do: nodes and effective branching factor by depth.

>>> table = compare(["misplaced", "manhattan"], depths=[4, 8], boards_per_depth=5)
>>> [(r["heuristic"], r["depth"], r["generated"]) for r in table.records]
[('misplaced', 4, 11.6), ('misplaced', 8, 41.0), ('manhattan', 4, 11.6), ('manhattan', 8, 25.2)]

`compare` draws boards at exactly each depth (true distances, not scramble
lengths), solves each with every heuristic through `solve` (so the counts
are the search's own `SearchStats`), and gives per depth and heuristic the
mean nodes generated and expanded, the effective branching factor b* and the
mean time: as records, a Markdown table, text, and an SVG plot.

This module sits above `slidingtiles._solve` (it solves boards); the public
face `slidingtiles.heuristics`, above it, re-exports it beside `check`, so
every import runs down (docs/architecture.md).
"""

from __future__ import annotations

import itertools
import math
import random
import statistics
from collections.abc import Callable, Iterable, Sequence
from typing import Any

import attrs

from slidingtiles._board.board import Board
from slidingtiles._board.coerce import GoalLike, board_and_goal
from slidingtiles._board.random import scramble
from slidingtiles._board.solvability import solvable_count
from slidingtiles._errors import InvalidOptionError, OptionTypeError, SearchLimitExceeded
from slidingtiles._heuristics.check import (
    EXHAUSTIVE_BOARDS,
    HeuristicSpec,
    boards_at,
    resolve,
)
from slidingtiles._heuristics.registry import HeuristicInfo
from slidingtiles._render import markup_text, safe_text
from slidingtiles._solve.solve import ALGORITHMS, Solution, solve
from slidingtiles.search._checks import check_callback, check_limits
from slidingtiles.search._limits import Deadline

__all__ = ["Comparison", "branching_factor", "compare"]

#: Russell & Norvig's depths for the 8-puzzle (AIMA, 3rd ed., Figure 3.29).
TEXTBOOK_DEPTHS = tuple(range(2, 25, 2))
#: How `compare` counts nodes generated: every successor, or the book's, without the parent.
COUNTINGS = ("all", "book")


def branching_factor(nodes: float, depth: int) -> float:
    """The effective branching factor b*: ``nodes + 1 = 1 + b* + b*^2 + ... + b*^depth``.

    >>> round(branching_factor(52, 5), 2)  # Russell & Norvig's example: 1.92
    1.92
    >>> branching_factor(0, 3), round(branching_factor(7, 1), 6)
    (0.0, 7.0)

    Solved by bisection to 1e-9 (the sum grows with b*). Depth 0 has no
    branching factor (NaN).
    """
    if depth <= 0:
        return math.nan
    if nodes <= 0:
        return 0.0

    def total(b: float) -> float:
        return sum(b**i for i in range(1, depth + 1))

    low, high = 0.0, max(1.0, float(nodes))
    while high - low > 1e-9:
        middle = (low + high) / 2
        if total(middle) < nodes:
            low = middle
        else:
            high = middle
    return (low + high) / 2


@attrs.frozen
class Comparison:
    """What `compare` measured: one record per heuristic and depth, and ways to show them.

    Attributes:
        records: one dict per (heuristic, depth), JSON-ready: ``heuristic``,
            ``algorithm``, ``counting`` (``"all"`` or ``"book"``, see `compare`),
            ``depth``, ``boards`` (solved), ``limited`` (boards
            whose search hit ``max_nodes`` or the time limit: the means then
            are None), ``generated`` and ``expanded`` (means, see `compare`),
            ``branching`` (b* from the mean generated), ``seconds`` (mean) and
            ``optimal`` (every solution proven shortest).
        shape: the board shape.
        goal: the goal, as text.
        algorithm: the algorithm every search used.
        seed: the seed the boards were drawn with.
        boards: per depth, the boards solved (as text), the same for every heuristic.
    """

    records: tuple[dict[str, Any], ...]
    shape: tuple[int, int]
    goal: str
    algorithm: str
    seed: int
    boards: dict[int, tuple[str, ...]] = attrs.field(factory=dict)

    @property
    def heuristics(self) -> list[str]:
        """The heuristics compared, in the order given."""
        return list(dict.fromkeys(r["heuristic"] for r in self.records))

    @property
    def depths(self) -> list[int]:
        """The depths measured, in the order given."""
        return list(dict.fromkeys(r["depth"] for r in self.records))

    def _cell(self, heuristic: str, depth: int, key: str) -> Any:
        for record in self.records:
            if record["heuristic"] == heuristic and record["depth"] == depth:
                return record[key]
        return None

    def to_dict(self) -> dict[str, Any]:
        """Everything as JSON-ready values (the command line's ``--format json``)."""
        return {
            "shape": list(self.shape),
            "goal": self.goal,
            "algorithm": self.algorithm,
            "seed": self.seed,
            "records": [dict(r) for r in self.records],
            "boards": {str(d): list(texts) for d, texts in self.boards.items()},
        }

    def to_markdown(self, nodes: str = "generated") -> str:
        """A Markdown table in Russell & Norvig's shape: mean nodes, then b*, per heuristic.

        ``nodes`` is ``"generated"`` (theirs) or ``"expanded"``. A dash marks a
        depth where some search hit a limit.
        """
        names = self.heuristics
        shown = [safe_text(n).replace("|", "\\|") for n in names]  # one text policy
        head = ["d", *(f"{nodes} ({n})" for n in shown), *(f"b* ({n})" for n in shown)]
        lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
        for depth in self.depths:
            counts = [self._cell(n, depth, nodes) for n in names]
            factors = [self._cell(n, depth, "branching") for n in names]
            cells = [str(depth)]
            cells += ["—" if c is None else f"{c:,.0f}" for c in counts]
            cells += ["—" if b is None else f"{b:.2f}" for b in factors]
            lines.append("| " + " | ".join(cells) + " |")
        return "\n".join(lines)

    def to_text(self) -> str:
        """An aligned text table: per depth and heuristic, generated, expanded, b* and seconds."""
        rows = [("heuristic", "d", "boards", "generated", "expanded", "b*", "seconds")]
        for r in self.records:

            def show(value: Any, form: str) -> str:
                return "-" if value is None else format(value, form)

            rows.append(
                (
                    safe_text(r["heuristic"]),
                    str(r["depth"]),
                    str(r["boards"]),
                    show(r["generated"], ",.1f"),
                    show(r["expanded"], ",.1f"),
                    show(r["branching"], ".2f"),
                    show(r["seconds"], ".4f"),
                )
            )
        widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
        return "\n".join(
            "  ".join(
                cell.ljust(w) if i == 0 else cell.rjust(w)
                for i, (cell, w) in enumerate(zip(row, widths))
            )
            for row in rows
        )

    def __str__(self) -> str:
        return self.to_text()

    def to_svg(self, nodes: str = "generated", *, width: int = 640, height: int = 400) -> str:
        """A line plot of the mean ``nodes`` (log scale) against depth, one line per heuristic.

        Plain SVG drawn here (no plotting library); names are escaped.
        """
        colours = ("#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b")
        left, right, top, bottom = 70, 150, 20, 45
        plot_w, plot_h = width - left - right, height - top - bottom
        depths = self.depths
        values = [r[nodes] for r in self.records if r[nodes]]
        top_log = math.ceil(math.log10(max(values))) if values else 1
        low_log = min(0, math.floor(math.log10(min(values)))) if values else 0
        top_log = max(top_log, low_log + 1)
        span_d = max(depths) - min(depths) or 1

        def x(depth: int) -> float:
            return left + (depth - min(depths)) / span_d * plot_w

        def y(value: float) -> float:
            return top + (top_log - math.log10(value)) / (top_log - low_log) * plot_h

        out = [
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
            f'viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="12">',
            f'<rect width="{width}" height="{height}" fill="white"/>',
            f'<line x1="{left}" y1="{top + plot_h}" x2="{left + plot_w}" y2="{top + plot_h}" '
            'stroke="black"/>',
            f'<line x1="{left}" y1="{top}" x2="{left}" y2="{top + plot_h}" stroke="black"/>',
        ]
        for power in range(low_log, top_log + 1):
            ty = y(10.0**power)
            out.append(
                f'<line x1="{left - 4}" y1="{ty:.1f}" x2="{left + plot_w}" y2="{ty:.1f}" '
                'stroke="#ddd"/>'
            )
            out.append(
                f'<text x="{left - 8}" y="{ty + 4:.1f}" text-anchor="end">{10**power:,}</text>'
            )
        for depth in depths:
            out.append(
                f'<text x="{x(depth):.1f}" y="{top + plot_h + 16}" text-anchor="middle">'
                f"{depth}</text>"
            )
        out.append(
            f'<text x="{left + plot_w / 2:.1f}" y="{height - 8}" text-anchor="middle">'
            "solution depth d</text>"
        )
        out.append(
            f'<text x="14" y="{top + plot_h / 2:.1f}" text-anchor="middle" '
            f'transform="rotate(-90 14 {top + plot_h / 2:.1f})">mean nodes {nodes} '
            f"({markup_text(self.algorithm)})</text>"
        )
        for index, name in enumerate(self.heuristics):
            colour = colours[index % len(colours)]
            points = [(x(d), y(v)) for d in depths if (v := self._cell(name, d, nodes))]
            if points:
                path = " ".join(f"{px:.1f},{py:.1f}" for px, py in points)
                out.append(
                    f'<polyline points="{path}" fill="none" stroke="{colour}" stroke-width="2"/>'
                )
                out.extend(
                    f'<circle cx="{px:.1f}" cy="{py:.1f}" r="3" fill="{colour}"/>'
                    for px, py in points
                )
            ly = top + 10 + 18 * index
            out.append(
                f'<line x1="{left + plot_w + 12}" y1="{ly}" x2="{left + plot_w + 32}" '
                f'y2="{ly}" stroke="{colour}" stroke-width="2"/>'
            )
            out.append(f'<text x="{left + plot_w + 38}" y="{ly + 4}">{markup_text(name)}</text>')
        out.append("</svg>")
        return "\n".join(out)


def _depth_boards(
    goal: Board, depth: int, count: int, rng: random.Random, clock: Deadline
) -> list[Board]:
    """``count`` distinct boards exactly ``depth`` moves from ``goal`` (all of them if fewer).

    Above the exact table, each random walk is confirmed by an optimal search
    that spends from ``clock`` (and, without a limit, is held to the reach rule).
    """
    rows, cols = goal.shape
    if solvable_count(rows, cols) <= EXHAUSTIVE_BOARDS:
        layer = boards_at(goal, depth, "depths")
        chosen = sorted(rng.sample(range(len(layer)), min(count, len(layer))))
        return [Board(layer[i].tolist(), shape=(rows, cols), labels=goal.labels) for i in chosen]
    found: dict[Board, None] = {}
    tries = 0
    while len(found) < count:
        tries += 1
        if tries > 200 * count:
            raise InvalidOptionError(
                f"found only {len(found)} of {count} {rows}x{cols} boards at depth {depth} "
                f"after {tries - 1} random walks; ask for fewer or shallower boards",
                depth,
                option="depths",
            )
        board = scramble(goal, depth, seed=rng)  # never undoes its last move
        if len(clock.run(solve, board, goal).moves) == depth:
            found[board] = None
    return list(found)


def _check_depths(depths: object) -> list[int]:
    if isinstance(depths, (str, bytes)) or not isinstance(depths, Iterable):
        raise OptionTypeError(
            f"depths must be whole numbers, not {depths!r}", depths, option="depths"
        )
    chosen = list(depths)
    for depth in chosen:
        if isinstance(depth, bool) or not isinstance(depth, int) or depth < 1:
            raise InvalidOptionError(
                f"each depth must be a whole number >= 1, not {depth!r}", depth, option="depths"
            )
    if not chosen:
        raise InvalidOptionError("depths is empty", depths, option="depths")
    return chosen


def compare(
    heuristics: Sequence[HeuristicSpec],
    *,
    algorithm: str = "astar",
    shape: tuple[int, int] = (3, 3),
    goal: GoalLike | str = None,
    depths: Iterable[int] = TEXTBOOK_DEPTHS,
    boards_per_depth: int = 100,
    seed: int = 0,
    max_nodes: int | None = None,
    time_limit: float | None = None,
    progress: Callable[[int, int], object] | None = None,
    counting: str = "all",
) -> Comparison:
    """Solve the same boards at each depth with each heuristic; mean nodes, b* and time.

    >>> table = compare(["manhattan", "linear_conflict"], depths=[12], boards_per_depth=10)
    >>> print(table.to_markdown())
    | d | generated (manhattan) | generated (linear_conflict) | b* (manhattan) | b* (linear_conflict) |
    |---|---|---|---|---|
    | 12 | 58 | 42 | 1.23 | 1.18 |

    Args:
        heuristics: names, `HeuristicInfo` objects or callables ``h(board, goal)``,
            anything ``solve(heuristic=...)`` accepts.
        algorithm: passed to `solve`: ``"astar"`` (the generic A*, as in the
            textbook table), ``"idastar"``, ``"greedy"``, ``"weighted"``, ``"auto"``...
        shape: ``(rows, cols)``; ``goal`` (a board, ``"first"``/``"last"``) wins.
        depths: the exact solution lengths to measure (default 2, 4, ..., 24).
        boards_per_depth: boards per depth, drawn without repeats (all of them
            where a depth has fewer; on 3x3, depth 2 has 4 boards).
        seed: the boards drawn (the same seed, the same boards).
        max_nodes: the limit of each search; a board that reaches it is
            counted in ``limited`` and its depth's means become None.
        time_limit: seconds for the whole call, drawing the boards included
            (each search gets what is left): a search the clock stops is
            counted in ``limited``, as is every search after the time is up;
            should the time run out while boards are still being drawn,
            `SearchLimitExceeded`. Without it, the searches that confirm a
            drawn board's depth are held to `solve`'s reach rule.
        progress: called with ``(searches done, searches in all)``.
        counting: ``"all"`` (every successor is generated, the move straight
            back to the parent included: `SearchStats.generated`) or ``"book"``
            (Russell & Norvig's counting: without that move, so ``generated``
            drops by one for every expansion but the start's). Only with
            ``algorithm="astar"``, where the count is exact: the parent comes
            back with a longer path and is dropped, so the search is the same.

    Definitions (the same as `slidingtiles.search.SearchStats` and the
    trace's events): a node is **expanded** when its successors are
    generated (the goal, found when taken off the frontier, is not); a node
    is **generated** for every ``(move, board)`` pair a successor function
    yields, duplicates and boards already seen included, so the start is
    not counted. b* is computed from the mean nodes generated and the depth.
    Boards come from the exact distance table on shapes up to 9 cells; above,
    from random walks of ``depth`` moves that the optimal solver confirms
    (rejection sampling: practical for modest depths).

    Raises:
        InvalidOptionError, OptionTypeError: a bad depth (beyond the shape's
            largest), count, algorithm, limit or callback.
        HeuristicError: a heuristic misbehaves (`solve`'s checks).
        SearchLimitExceeded: the time ran out before the boards were drawn.
        OutOfReachError: without a time limit, confirming a drawn board's
            depth is out of reach (ask for shallower boards).
    """  # noqa: E501
    _check_options(algorithm, boards_per_depth)
    max_nodes, time_limit, _ = check_limits(
        "compare", max_nodes=max_nodes, time_limit=time_limit, documented=True
    )
    check_callback("compare", "progress", progress, "(done, total) -> None", True)
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise OptionTypeError(f"seed must be an int, not {seed!r}", seed, option="seed")
    _check_counting(counting, algorithm)
    clock = Deadline(time_limit)
    if isinstance(heuristics, (str, bytes)) or not isinstance(heuristics, Sequence):
        heuristics = [heuristics]
    infos = [resolve(h) for h in heuristics]
    chosen_depths = _check_depths(depths)
    target = (
        board_and_goal(Board.goal(*shape), goal)[1]
        if goal is None or goal in ("first", "last")
        else board_and_goal(goal)[0]
    )
    rng = random.Random(seed)
    boards = {
        depth: _depth_boards(target, depth, boards_per_depth, rng, clock) for depth in chosen_depths
    }
    total = len(infos) * sum(len(b) for b in boards.values())
    searches = itertools.count()

    def solved(board: Board, info: HeuristicInfo) -> Solution:
        """One search of the comparison, reported to ``progress`` before it starts."""
        if progress is not None:
            progress(next(searches), total)
        return clock.run(
            solve, board, target, heuristic=info, algorithm=algorithm, max_nodes=max_nodes
        )

    records = [
        _record(info, depth, boards[depth], solved, algorithm, counting)
        for info in infos
        for depth in chosen_depths
    ]
    if progress is not None:
        progress(total, total)
    drawn = {d: tuple(b.to_text() for b in boards[d]) for d in chosen_depths}
    return Comparison(tuple(records), target.shape, target.to_text(), algorithm, seed, drawn)


def _check_options(algorithm: object, boards_per_depth: object) -> None:
    """Raise the documented error for an algorithm `compare` cannot use or a bad board count."""
    if algorithm not in ALGORITHMS or algorithm == "reduce":
        raise InvalidOptionError(
            f"algorithm must be one of {', '.join(a for a in ALGORITHMS if a != 'reduce')}, "
            f"not {algorithm!r}",
            algorithm,
            option="algorithm",
        )
    if isinstance(boards_per_depth, bool) or not isinstance(boards_per_depth, int):
        raise OptionTypeError(
            f"boards_per_depth must be an int, not {boards_per_depth!r}",
            boards_per_depth,
            option="boards_per_depth",
        )
    if boards_per_depth < 1:
        raise InvalidOptionError(
            f"boards_per_depth must be at least 1, not {boards_per_depth}",
            boards_per_depth,
            option="boards_per_depth",
        )


def _check_counting(counting: object, algorithm: object) -> None:
    """Raise the documented error for a counting `compare` does not know or cannot apply."""
    if counting not in COUNTINGS:
        raise InvalidOptionError(
            f"counting must be 'all' or 'book', not {counting!r}", counting, option="counting"
        )
    if counting == "book" and algorithm != "astar":
        raise InvalidOptionError(
            f"counting='book' needs algorithm='astar' (its count is exact there), not "
            f"{algorithm!r}",
            counting,
            option="counting",
        )


def _record(
    info: HeuristicInfo,
    depth: int,
    boards: Sequence[Board],
    solved: Callable[[Board, HeuristicInfo], Solution],
    algorithm: str,
    counting: str = "all",
) -> dict[str, Any]:
    """One row of the comparison: ``info``'s means over the boards at ``depth``.

    A board whose search reaches a limit is counted in ``limited``, and then
    the depth's means are None (a mean over the easy boards alone would flatter).
    """
    generated, expanded, seconds = [], [], []
    limited = 0
    optimal = True
    for board in boards:
        try:
            solution = solved(board, info)
        except SearchLimitExceeded:
            limited += 1
            continue
        back = max(solution.stats.expanded - 1, 0) if counting == "book" else 0
        generated.append(solution.stats.generated - back)  # book: each parent not counted
        expanded.append(solution.stats.expanded)
        seconds.append(solution.stats.seconds)
        optimal = optimal and solution.optimal
    complete = not limited
    mean_generated = statistics.fmean(generated) if complete else None
    return {
        "heuristic": info.name,
        "algorithm": algorithm,
        "counting": counting,
        "depth": depth,
        "boards": len(generated),
        "limited": limited,
        "generated": None if mean_generated is None else round(mean_generated, 2),
        "expanded": round(statistics.fmean(expanded), 2) if complete else None,
        "branching": None
        if mean_generated is None
        else round(branching_factor(mean_generated, depth), 4),
        "seconds": round(statistics.fmean(seconds), 6) if complete else None,
        "optimal": optimal,
    }
