"""The picture: the search tree as SVG, numbered in expansion order, the solution path marked.

Each expansion is a node, drawn under the expansion that generated it; each
child that was not expanded from there is a leaf marked with its fate
(waiting, a duplicate, pruned by IDA*'s threshold, a goal). IDA*'s iterations
are drawn one under another, each its own tree. Past ``max_nodes`` nodes the
picture stops at an expansion and says how many it shows.
"""

from __future__ import annotations

from typing import Any

import attrs

from slidingtiles._render import markup_text
from slidingtiles._watch.look import Look, action_text, number, searched
from slidingtiles.search import Expanded, Generated, IterationEnded, SearchTrace
from slidingtiles.search._checks import whole_number

__all__ = ["tree_svg"]

_INK = "#2b2118"
_FRAME = "#5b4636"
_TILE = "#f2c572"
_HOME = "#9fd59a"
_PATH = "#2e8b57"
_FAINT = "#9a8a7a"
_STYLE = {  # fate -> (stroke, dash, opacity, caption)
    "queued": (_FRAME, "4 3", 1.0, "waiting"),
    "improved": ("#d9822b", "4 3", 0.8, "improved"),
    "reopened": ("#d9822b", "4 3", 0.8, "reopened"),
    "duplicate": (_FAINT, "2 2", 0.45, "duplicate"),
    "pruned": ("#c0392b", "4 3", 0.6, "pruned"),
    "entered": (_FRAME, "4 3", 1.0, "entered"),
    "goal": (_PATH, "", 1.0, "goal"),
}
_ROW = 34  # pixels between a node's bottom and its children's tops
_CAPTION = 24  # two caption lines under each node
_GAP = 10


@attrs.define(eq=False)
class _Node:
    state: Any
    g: float
    h: float | None
    f: float | None
    action: Any
    order: int | None  # the expansion's number; None for a leaf
    fate: str | None  # a leaf's fate; None for an expansion
    depth: int
    children: list[_Node] = attrs.Factory(list)
    parent: _Node | None = None
    x: float = 0.0
    y: float = 0.0
    on_path: bool = False


@attrs.define
class _Forest:
    roots: list[_Node]
    headings: list[str]
    nodes: int
    shown: int  # expansions drawn
    hidden: int  # duplicate leaves not drawn


def _grow(trace: SearchTrace[Any, Any], max_nodes: int, duplicates: bool) -> _Forest:
    """The nodes of the recorded events, up to about ``max_nodes`` (whole expansions)."""
    roots: list[_Node] = []
    headings: list[str] = []
    by_order: dict[int, _Node] = {}
    # (parent's number, state) -> leaves that may turn out to be expanded, newest last.
    pending: dict[tuple[int, Any], list[_Node]] = {}
    ends = {e.iteration: e for e in trace.events if isinstance(e, IterationEnded)}
    count = shown = hidden = 0
    for event in trace.events:
        if isinstance(event, Expanded):
            if count >= max_nodes:
                break
            shown += 1
            if event.parent is None:
                node = _Node(event.state, event.g, event.h, event.f, None, event.order, None, 0)
                roots.append(node)
                count += 1
                if trace.algorithm == "idastar":
                    headings.append(_heading(event.iteration, trace, ends.get(event.iteration)))
            else:
                waiting = pending.get((event.parent, event.state))
                if waiting:
                    node = waiting.pop()
                    node.order, node.fate = event.order, None
                    node.h, node.f = event.h, event.f
                else:  # its generation was not recorded: hang it under its parent anyway
                    parent = by_order[event.parent]
                    node = _Node(
                        event.state,
                        event.g,
                        event.h,
                        event.f,
                        event.action,
                        event.order,
                        None,
                        parent.depth + 1,
                        parent=parent,
                    )
                    parent.children.append(node)
                    count += 1
            by_order[event.order] = node
        elif isinstance(event, Generated):
            if event.parent not in by_order:
                continue
            parent = by_order[event.parent]
            if event.fate == "duplicate" and not duplicates:
                hidden += 1
                continue
            leaf = _Node(
                event.state,
                event.g,
                event.h,
                event.f,
                event.action,
                None,
                event.fate,
                parent.depth + 1,
                parent=parent,
            )
            parent.children.append(leaf)
            count += 1
            if event.fate in ("queued", "improved", "reopened", "entered"):
                pending.setdefault((event.parent, event.state), []).append(leaf)
    _mark_path(trace, roots)
    return _Forest(roots, headings, count, shown, hidden)


def _heading(iteration: int, trace: SearchTrace[Any, Any], end: IterationEnded | None) -> str:
    bound = number(trace.thresholds[iteration - 1]) if iteration <= len(trace.thresholds) else "?"
    text = f"iteration {iteration}: threshold {bound}"
    if end is not None:
        if end.found:
            text += ", found a goal"
        elif end.next_threshold is not None:
            text += f", next threshold {number(end.next_threshold)}"
    return text


def _mark_path(trace: SearchTrace[Any, Any], roots: list[_Node]) -> None:
    """Mark the nodes of the solution path: the last goal leaf whose ancestors are the path."""
    path = trace.path
    if trace.outcome != "found" or len(path) < 2 or not roots:
        return
    found: _Node | None = None
    stack = list(roots)
    while stack:
        node = stack.pop()
        stack.extend(node.children)
        if node.order is None and node.depth == len(path) - 1 and node.state == path[-1]:
            chain: _Node | None = node
            ok = True
            for state in reversed(path):
                if chain is None or chain.state != state:
                    ok = False
                    break
                chain = chain.parent
            if ok and chain is None and (found is None or _later(node, found)):
                found = node
    while found is not None:
        found.on_path = True
        found = found.parent


def _later(a: _Node, b: _Node) -> bool:
    """Whether leaf ``a`` was generated after leaf ``b`` (its parent expanded later)."""
    pa, pb = a.parent, b.parent
    return pa is not None and pb is not None and (pa.order or 0) >= (pb.order or 0)


class _Shape:
    """Node sizes for one trace: a small board, or a box with a label."""

    def __init__(self, look: Look, trace: SearchTrace[Any, Any]) -> None:
        self.look = look
        self.algorithm = trace.algorithm
        if look.boards:
            board = look.board(trace.start)
            self.rows, self.cols = board.rows, board.cols
            self.cell = max(5, min(14, 56 // max(self.rows, self.cols)))
            self.width = self.cols * self.cell + 4
            self.height = self.rows * self.cell + 4
        else:
            self.rows = self.cols = 0
            self.cell = 0
            self.width = 108
            self.height = 22
        self.slot = max(self.width, 66) + _GAP
        self.level = self.height + _CAPTION + _ROW

    def draw(self, node: _Node) -> str:
        x0, y0 = node.x - self.width / 2, node.y
        stroke, dash, opacity, caption = _STYLE.get(node.fate or "", (_FRAME, "", 1.0, ""))
        width = 1.5
        if node.on_path:
            stroke, width, opacity = _PATH, 3.0, 1.0
        dashing = f' stroke-dasharray="{dash}"' if dash else ""
        title = self.look.text(node.state, 200)
        if node.action is not None:
            title = f"{action_text(node.action)} -> {title}"
        fill = _HOME if node.fate == "goal" or (node.on_path and node.order is None) else "#fffaf2"
        parts = [
            f'<g class="node {node.fate or "expanded"}" opacity="{opacity}">',
            f"<title>{markup_text(title)}</title>",
            f'<rect x="{x0:.1f}" y="{y0:.1f}" width="{self.width}" height="{self.height}" '
            f'rx="3" fill="{fill}" stroke="{stroke}" stroke-width="{width}"{dashing}/>',
        ]
        if self.look.boards:
            parts.append(self._board(node, x0 + 2, y0 + 2))
        else:
            parts.append(
                f'<text x="{node.x:.1f}" y="{y0 + 15:.1f}" font-size="10" text-anchor="middle" '
                f'fill="{_INK}">{markup_text(self.look.text(node.state, 17))}</text>'
            )
        if node.on_path and node.order is None:
            caption = "goal"  # A* queues its goal and stops when it takes it from the frontier
        first = f"#{node.order}" if node.order is not None else caption
        values = (
            f"g{number(node.g)}"
            if self.algorithm == "bfs"
            else (f"g{number(node.g)} h{number(node.h)} f{number(node.f)}")
        )
        below = y0 + self.height + 10
        weight = ' font-weight="bold"' if node.order is not None else ""
        parts.append(
            f'<text x="{node.x:.1f}" y="{below:.1f}" font-size="9" text-anchor="middle" '
            f'fill="{_INK}"{weight}>{markup_text(first)}</text>'
            f'<text x="{node.x:.1f}" y="{below + 10:.1f}" font-size="8.5" text-anchor="middle" '
            f'fill="{_INK}">{markup_text(values)}</text></g>'
        )
        return "".join(parts)

    def _board(self, node: _Node, x: float, y: float) -> str:
        cell, cols = self.cell, self.cols
        goal = self.look.goal.tiles if self.look.goal is not None else None
        labels = self.look.tile_labels
        font = round(cell * 0.62, 1)
        out = []
        for index, tile in enumerate(self.look.tiles(node.state)):
            if not tile:
                continue
            row, col = divmod(index, cols)
            tx, ty = x + col * cell, y + row * cell
            fill = _HOME if goal is not None and goal[index] == tile else _TILE
            out.append(
                f'<rect x="{tx:.1f}" y="{ty:.1f}" width="{cell - 1}" height="{cell - 1}" '
                f'fill="{fill}"/>'
            )
            if cell >= 9:
                text = labels[tile] if tile < len(labels) else str(tile)
                out.append(
                    f'<text x="{tx + cell / 2:.1f}" y="{ty + cell / 2 + font / 3:.1f}" '
                    f'font-size="{font}" text-anchor="middle" fill="{_INK}">'
                    f"{markup_text(text, 3)}</text>"
                )
        return "".join(out)


def _place(root: _Node, top: float, shape: _Shape, next_slot: int) -> tuple[int, float]:
    """Give every node of ``root``'s tree its x and y; return the next free slot and the bottom."""
    bottom = top
    stack: list[tuple[_Node, bool]] = [(root, False)]
    while stack:  # post-order without recursion: trees can be deep
        node, done = stack.pop()
        node.y = top + node.depth * shape.level
        bottom = max(bottom, node.y + shape.height + _CAPTION)
        if not node.children:
            node.x = (next_slot + 0.5) * shape.slot
            next_slot += 1
        elif done:
            node.x = (node.children[0].x + node.children[-1].x) / 2
        else:
            stack.append((node, True))
            stack.extend((child, False) for child in reversed(node.children))
    return next_slot, bottom


def tree_svg(
    trace: SearchTrace[Any, Any],
    look: Look,
    *,
    max_nodes: int = 300,
    duplicates: bool = False,
    heading: str = "",
) -> str:
    """Return the search tree of a trace as an SVG picture.

    Example:
        >>> from slidingtiles.search import astar
        >>> from slidingtiles.search._example import Vertex
        >>> start = Vertex.of({"a": {"b": 1, "c": 3}, "b": {"d": 1}}, "a", goal="d")
        >>> trace = astar(start, trace=50).trace
        >>> svg = tree_svg(trace, Look(start, None))
        >>> svg.startswith("<svg"), svg.count('class="node expanded"'), svg.count("#2e8b57") > 0
        (True, 2, True)

    Nodes are boards when the states are, else boxes with the label (the
    full text in a tooltip). Expanded nodes carry their number (``#k``);
    leaves their fate; both ``g``, ``h`` and ``f``. The solution path is
    green and thick. ``duplicate`` leaves are left out unless
    ``duplicates`` (the picture says how many); drawing stops at the first
    expansion after ``max_nodes`` nodes, and the picture says so. O(nodes).
    """
    whole_number("svg", "max_nodes", max_nodes, 1)
    forest = _grow(trace, max_nodes, duplicates)
    shape = _Shape(look, trace)
    notes = []
    if forest.shown < len(trace.expansions) or trace.truncated:
        notes.append(
            f"showing the first {forest.shown:,} of {trace.expanded:,} expansions "
            f"({forest.nodes:,} nodes; max_nodes={max_nodes:,}"
            + (
                f", {len(trace.events):,} of {trace.sent:,} events recorded)"
                if trace.truncated
                else ")"
            )
        )
    if forest.hidden:
        notes.append(f"{forest.hidden:,} duplicate children not drawn")
    lines = [line for line in (heading, searched(trace), "; ".join(notes)) if line]
    top: float = 10 + 16 * len(lines)
    slots = 0
    body: list[str] = []
    for index, root in enumerate(forest.roots):
        if forest.headings:
            body.append(
                f'<text x="8" y="{top + 12}" font-size="12" font-weight="bold" '
                f'fill="{_INK}">{markup_text(forest.headings[index])}</text>'
            )
            top += 20
        used, bottom = _place(root, top, shape, 0)
        slots = max(slots, used)
        body.extend(_edges(root, shape))
        stack = [root]
        while stack:
            node = stack.pop()
            body.append(shape.draw(node))
            stack.extend(node.children)
        top = bottom + 18
    legend_y = top + 4
    legend, legend_width = _legend(legend_y)
    body.append(legend)
    width = max(int(slots * shape.slot) + 16, int(legend_width) + 8)
    height = int(legend_y + 22)
    head = "".join(
        f'<text x="8" y="{16 + 16 * k}" font-size="12" fill="{_INK}">{markup_text(line)}</text>'
        for k, line in enumerate(lines)
    )
    label = markup_text(f"search tree of {searched(trace)}: {trace.expanded:,} expansions")
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" class="slidingtiles-search-tree" role="img" '
        f'aria-label="{label}" font-family="sans-serif">'
        f'<rect x="0" y="0" width="{width}" height="{height}" fill="#fffdf8"/>'
        f"{head}{''.join(body)}</svg>"
    )


def _edges(root: _Node, shape: _Shape) -> list[str]:
    out = []
    stack = [root]
    while stack:
        node = stack.pop()
        for child in node.children:
            on = node.on_path and child.on_path
            stroke, width = (_PATH, 3.0) if on else (_FAINT, 1.0)
            y1 = node.y + shape.height + _CAPTION - 4
            out.append(
                f'<line x1="{node.x:.1f}" y1="{y1:.1f}" x2="{child.x:.1f}" y2="{child.y:.1f}" '
                f'stroke="{stroke}" stroke-width="{width}"/>'
            )
            mx, my = (node.x + child.x) / 2, (y1 + child.y) / 2
            out.append(
                f'<text x="{mx + 3:.1f}" y="{my:.1f}" font-size="8" fill="{_FAINT}">'
                f"{markup_text(action_text(child.action))}</text>"
            )
            stack.append(child)
    return out


def _legend(y: float) -> tuple[str, float]:
    """The key to the node styles, and its width."""
    plain = "#fffaf2"
    items = [("expanded (#k: its number)", _FRAME, "", plain), ("solution path", _PATH, "", plain)]
    items += [
        (caption, stroke, dash, _HOME if fate == "goal" else plain)
        for fate, (stroke, dash, _o, caption) in _STYLE.items()
        if fate != "entered"
    ]
    out = []
    x = 8.0
    for text, stroke, dash, fill in items:
        dashing = f' stroke-dasharray="{dash}"' if dash else ""
        out.append(
            f'<rect x="{x:.0f}" y="{y:.0f}" width="12" height="12" fill="{fill}" '
            f'stroke="{stroke}" stroke-width="1.5"{dashing}/>'
            f'<text x="{x + 16:.0f}" y="{y + 10:.0f}" font-size="10" fill="{_INK}">'
            f"{markup_text(text)}</text>"
        )
        x += 24 + 5.6 * len(text)
    return "".join(out), x
