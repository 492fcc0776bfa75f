"""The text view: one row per expansion (step, move, board, g, h, f, frontier, children)."""

from __future__ import annotations

from typing import Any

from slidingtiles._render import safe_text
from slidingtiles._watch.look import Look, action_text, number, searched
from slidingtiles.search import IterationEnded, SearchTrace, TraceStep

__all__ = ["summary", "table"]

_OUTCOMES = {
    "found": "found a path",
    "exhausted": "no goal is reachable",
    "limit": "stopped at a limit",
    "stopped": "stopped by its on_event callback",
}


def summary(trace: SearchTrace[Any, Any], look: Look) -> str:
    """One paragraph: the algorithm, the start, how it ended, the counts and what was recorded.

    Example:
        >>> from slidingtiles.search import bfs
        >>> from slidingtiles.search._example import Vertex
        >>> trace = bfs(Vertex.of({"a": {"b": 1}}, "a", goal="b"), trace=10).trace
        >>> print(summary(trace, Look(trace.start, None)))  # doctest: +NORMALIZE_WHITESPACE
        breadth-first search (first in, first out) from Vertex('a'): found a path of cost 1
        (1 step); 1 expanded, 1 generated, largest frontier 1.
    """
    text = f"{searched(trace)} from {look.text(trace.start, 60)}: "
    text += _OUTCOMES[trace.outcome]
    if trace.cost is not None:
        steps = len(trace.actions)
        text += f" of cost {number(trace.cost)} ({steps} step{'s' * (steps != 1)})"
    text += (
        f"; {trace.expanded:,} expanded, {trace.generated:,} generated, "
        f"largest {'path' if trace.algorithm == 'idastar' else 'frontier'} {trace.max_frontier:,}"
    )
    if trace.reopened:
        text += f", {trace.reopened:,} reopened"
    if trace.algorithm == "idastar":
        bounds = ", ".join(number(t) for t in trace.thresholds)
        text += f"; {trace.iterations} iteration{'s' * (trace.iterations != 1)} ({bounds})"
    text += "."
    if trace.algorithm in TIES:
        text += f" Order: {TIES[trace.algorithm]}."
    if trace.truncated:
        text += (
            f" Recorded the first {len(trace.events):,} of {trace.sent:,} events"
            f" (expansions 0 to {len(trace.expansions) - 1:,})."
        )
    return text


#: How each search breaks ties on its frontier (what the summary says under the counts).
TIES = {
    "astar": "ties in f go to the smaller h, then to the child queued first",
    "weighted_astar": "ties in f go to the smaller h, then to the child queued first",
    "greedy": "ties in h go to the child queued first",
    "idastar": "children are tried depth first in the order generated, so no frontier ties",
}


def _children(step: TraceStep[Any, Any]) -> str:
    """Each child: its action, ``g``, ``h`` and ``f`` (only ``g`` without a heuristic), fate."""
    parts = []
    for child in step.children:
        values = f"g={number(child.g)}"
        if child.h is not None:
            values += f" h={number(child.h)} f={number(child.f)}"
        parts.append(f"{action_text(child.action)} {values} {child.fate}")
    return ", ".join(parts) if parts else "-"


def table(
    trace: SearchTrace[Any, Any],
    look: Look,
    *,
    children: bool = True,
    max_rows: int | None = None,
) -> str:
    """Return the trace as a text table, one row per recorded expansion, for a terminal.

    Example:
        >>> from slidingtiles.search import astar
        >>> from slidingtiles.search._example import Vertex
        >>> start = Vertex.of({"a": {"b": 1, "c": 3}, "b": {"d": 1}}, "a", goal="d")
        >>> trace = astar(start, trace=50).trace
        >>> print(table(trace, Look(start, None)).split("\\n\\n")[1])
        step  move  state        g  h  f  frontier  children
           0  -     Vertex('a')  0  0  0         2  b g=1 h=0 f=1 queued, c g=3 h=0 f=3 queued
           1  b     Vertex('b')  1  0  1         2  d g=2 h=0 f=2 queued
        path: b d

    Boards take one line per row; other states one line (their label, cut
    at 40 characters). ``frontier`` is the number of entries waiting after
    the expansion's children were queued (IDA*: ``path``, the length of the
    path searched); ``children`` lists each child's action, ``g``, ``h``, ``f``
    and fate. The summary above the table names the algorithm and the heuristic
    and says how the search breaks ties (`TIES`).
    IDA*'s iterations get a heading with their threshold and the next.
    ``max_rows`` keeps the first expansions only (the last line says so).
    """
    header = ["step", "move", "board" if look.boards else "state", "g", "h", "f"]
    header.append("path" if trace.algorithm == "idastar" else "frontier")
    if children:
        header.append("children")
    rows: list[tuple[list[list[str]], str]] = []  # (cells, each a list of lines), heading
    ends = {e.iteration: e for e in trace.events if isinstance(e, IterationEnded)}
    iteration = 0
    shown = 0
    for step in trace.replay(top=1):
        if max_rows is not None and shown >= max_rows:
            break
        shown += 1
        expansion = step.expansion
        heading = ""
        if trace.algorithm == "idastar" and expansion.iteration != iteration:
            iteration = expansion.iteration
            end = ends.get(iteration)
            then = (
                ""
                if end is None
                else (
                    ": found a goal"
                    if end.found
                    else f", next {number(end.next_threshold)}"
                    if end.next_threshold is not None
                    else ": nothing pruned, no goal"
                )
            )
            heading = f"iteration {iteration}: threshold {number(step.threshold)}{then}"
        after = step.children[-1].frontier if step.children else expansion.frontier
        cells = [
            [str(expansion.order)],
            [action_text(expansion.action)],
            look.lines(expansion.state),
            [number(expansion.g)],
            [number(expansion.h)],
            [number(expansion.f)],
            [str(after)],
        ]
        if children:
            cells.append([_children(step)])
        rows.append((cells, heading))
    widths = [len(h) for h in header]
    for cells, _ in rows:
        for k, cell in enumerate(cells):
            widths[k] = max(widths[k], *(len(line) for line in cell))
    right = {0, 3, 4, 5, 6}  # numbers align right

    def line(values: list[str]) -> str:
        out = [
            value.rjust(widths[k]) if k in right else value.ljust(widths[k])
            for k, value in enumerate(values)
        ]
        return "  ".join(out).rstrip()

    lines = [summary(trace, look), "", line(header)]
    for cells, heading in rows:
        if heading:
            lines.append(heading)
        height = max(len(cell) for cell in cells)
        for k in range(height):
            lines.append(line([cell[k] if k < len(cell) else "" for cell in cells]))
    recorded = len(trace.expansions)
    if shown < recorded:
        lines.append(f"(the first {shown:,} of {recorded:,} recorded expansions)")
    if trace.path and trace.outcome == "found":
        moves = " ".join(action_text(a) for a in trace.actions) or "(none: the start is a goal)"
        lines.append(f"path: {safe_text(moves, 400)}")
    return "\n".join(lines)
