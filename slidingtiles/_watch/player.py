"""The notebook view: an HTML fragment stepping through a trace's expansions.

In the frame of ``_render``'s solution player (`slidingtiles._render.stepper`:
First, Back, Play, Step, Last), for a search: at each expansion the state with
``g``, ``h`` and ``f``, the top of the frontier it was chosen from (best
first), its children and their fates, and the path from the start. Everything
is drawn by a small script from JSON embedded in the fragment; text reaches
the page only through ``textContent``, and the JSON is escaped so no label can
close its script.
"""

from __future__ import annotations

from typing import Any

from slidingtiles._render import markup_text, stepper
from slidingtiles._watch.look import Look, action_text, json_number
from slidingtiles._watch.table import summary
from slidingtiles.search import SearchTrace
from slidingtiles.search._checks import whole_number

__all__ = ["stepper_data", "trace_html"]

# The stepper's own look (the shared rules are `_render.stepper`'s): panes of small boards.
_STYLE = """
#{id} .counter {{ min-width: 12em; }}
#{id} .summary {{ max-width: 60em; }}
#{id} .panes {{ display: flex; gap: 1.2em; flex-wrap: wrap; align-items: flex-start; }}
#{id} .pane h4 {{ margin: 0.2em 0; font-size: 0.9em; color: #5b4636; }}
#{id} .pane ol, #{id} .pane ul {{ margin: 0; padding-left: 1.4em; font-size: 0.85em; }}
#{id} .pane li {{ margin: 0.15em 0; }}
#{id} .pane li svg {{ vertical-align: middle; margin-right: 0.4em; }}
#{id} .values {{ font-variant-numeric: tabular-nums; font-weight: bold; margin-top: 0.2em; }}
#{id} .how, #{id} .note {{ font-size: 0.85em; color: #5b4636; }}
#{id} .path {{ display: flex; gap: 0.3em; flex-wrap: wrap; align-items: center;
  font-size: 0.85em; }}
#{id} .label {{ font-family: ui-monospace, monospace; white-space: pre; }}
#{id} .fate-duplicate, #{id} .fate-pruned {{ opacity: 0.6; }}
#{id} .first {{ background: #f2c572; }}
"""

# What expansion k shows, drawn from the embedded JSON; all text goes in through textContent.
_STEPS = """
  if (!data.steps.length) return;
  var SVG = "http://www.w3.org/2000/svg";
  var last = data.steps.length - 1;
  var panes = {};
  root.querySelectorAll("[data-pane]").forEach(function (p) {
    panes[p.getAttribute("data-pane")] = p;
  });
  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined) e.textContent = text;
    return e;
  }
  function svg(tag, attrs) {
    var e = document.createElementNS(SVG, tag);
    for (var k in attrs) e.setAttribute(k, attrs[k]);
    return e;
  }
  function fill(node, children) {
    while (node.firstChild) node.removeChild(node.firstChild);
    children.forEach(function (c) { node.appendChild(c); });
  }
  function num(v) { return v === null ? "-" : String(Math.round(v * 10000) / 10000); }
  function values(g, h, f) {
    return data.fvalues ? "g " + num(g) + "  h " + num(h) + "  f " + num(f) : "g " + num(g);
  }
  function draw(index, cell) {
    var s = data.states[index];
    if (!data.boards) return el("span", "label", s);
    var w = data.cols * cell + 4, h = data.rows * cell + 4;
    var pic = svg("svg", { width: w, height: h, viewBox: "0 0 " + w + " " + h });
    pic.appendChild(svg("rect", { x: 0, y: 0, width: w, height: h, rx: 3, fill: "#5b4636" }));
    for (var i = 0; i < s.length; i++) {
      var t = s[i];
      if (t === 0) continue;
      var x = 2 + (i % data.cols) * cell, y = 2 + Math.floor(i / data.cols) * cell;
      var home = data.goal !== null && data.goal[i] === t;
      pic.appendChild(svg("rect", { x: x + 0.5, y: y + 0.5, width: cell - 1, height: cell - 1,
        rx: 2, fill: home ? "#9fd59a" : "#f2c572" }));
      if (cell >= 12) {
        var label = svg("text", { x: x + cell / 2, y: y + cell / 2, "font-size": cell * 0.55,
          "text-anchor": "middle", "dominant-baseline": "central", "font-weight": "bold",
          fill: "#2b2118" });
        label.textContent = data.labels[t];
        pic.appendChild(label);
      }
    }
    return pic;
  }
  function item(tag, index, text, cls) {
    var li = el(tag, cls);
    li.appendChild(draw(index, data.small));
    li.appendChild(document.createTextNode(text));
    return li;
  }
  function drawStep(k) {
    var s = data.steps[k];
    var how = s.p === null ? "the start" : "from #" + s.p + " by " + s.a + ", depth " + s.d;
    if (s.t !== null) how += "; iteration " + s.it + ", threshold " + num(s.t);
    fill(panes.current, [draw(s.s, data.cell), el("div", "values", values(s.g, s.h, s.f)),
      el("div", "how", how)]);
    var list = el("ol");
    s.fr.forEach(function (e, i) {
      list.appendChild(item("li", e[0], values(e[1], e[2], e[3]), i === 0 ? "first" : ""));
    });
    fill(panes.frontier, data.ida ? [el("div", "note",
      "IDA* keeps no frontier: it searches depth-first under the threshold.")] :
      [el("div", "note", s.w + " waiting; the best first, the one taken highlighted"), list]);
    var kids = el("ul");
    s.ch.forEach(function (c) {
      kids.appendChild(item("li", c[0], c[1] + ": " + values(c[2], c[3], c[4]) + "  " + c[5],
        "fate-" + c[5]));
    });
    fill(panes.children, s.ch.length ? [kids] : [el("div", "note", "none recorded")]);
    var chain = [], at = k;
    while (at !== null && at !== undefined && data.steps[at]) {
      chain.unshift(data.steps[at]);
      at = data.steps[at].p;
    }
    var path = el("div", "path");
    chain.forEach(function (c, i) {
      if (i > 0) path.appendChild(el("span", "", "\u2192 " + c.a));
      path.appendChild(draw(c.s, data.small));
    });
    fill(panes.path, [path]);
    counter.textContent = "expansion #" + k + " (" + (k + 1) + " of " + (last + 1) +
      "; " + data.pathName + " " + s.n + " after it)";
  }
"""

_TITLES = {
    "first": "the first expansion",
    "back": "one expansion back",
    "play": "play the expansions",
    "step": "the next expansion",
    "last": "the last expansion",
}


def _positive(**values: object) -> None:
    """`OptionTypeError` / `InvalidOptionError` unless each value is a whole number >= 1."""
    for name, value in values.items():
        whole_number("html", name, value, 1)


def stepper_data(
    trace: SearchTrace[Any, Any], look: Look, *, top: int = 5, max_steps: int = 500
) -> dict[str, Any]:
    """The stepper's JSON: states listed once, then per expansion what the stepper shows.

    Example:
        >>> from slidingtiles.search import astar
        >>> from slidingtiles.search._example import Vertex
        >>> start = Vertex.of({"a": {"b": 1, "c": 3}, "b": {"d": 1}}, "a", goal="d")
        >>> data = stepper_data(astar(start, trace=50).trace, Look(start, None))
        >>> data["states"]
        ["Vertex('a')", "Vertex('b')", "Vertex('c')", "Vertex('d')"]
        >>> [step["fr"] for step in data["steps"]]  # the frontier: [state, g, h, f], best first
        [[[0, 0, 0, 0]], [[1, 1, 0, 1], [2, 3, 0, 3]]]

    ``states`` holds each state once: a board's flat tiles, or its (safe)
    label. Each step has ``s`` (the state's index), ``g``, ``h``, ``f``,
    ``a`` (the action), ``p`` (the parent's expansion number), ``d``
    (depth), ``it`` and ``t`` (IDA*'s iteration and threshold), ``n`` (the
    frontier's size after it, IDA*: the path's length), ``w`` (states
    waiting when it was chosen), ``fr`` (the best ``top`` of them, best
    first: ``[state, g, h, f]``) and ``ch`` (its children: ``[state, action,
    g, h, f, fate]``). Also the board's shape, tile labels and goal. The
    first ``max_steps`` expansions only.
    """
    _positive(top=top, max_steps=max_steps)
    index: dict[Any, int] = {}
    states: list[Any] = []

    def ref(state: object) -> int:
        at = index.get(state)
        if at is None:
            at = index[state] = len(states)
            states.append(look.tiles(state) if look.boards else look.text(state, 120))
        return at

    steps: list[dict[str, Any]] = []
    for step in trace.replay(top=top):
        if len(steps) >= max_steps:
            break
        e = step.expansion
        steps.append(
            {
                "s": ref(e.state),
                "g": json_number(e.g),
                "h": json_number(e.h),
                "f": json_number(e.f),
                "a": action_text(e.action),
                "p": e.parent,
                "d": e.depth,
                "it": e.iteration,
                "t": json_number(step.threshold),
                "n": step.children[-1].frontier if step.children else e.frontier,
                "w": step.waiting,
                "fr": [[ref(w.state), *map(json_number, (w.g, w.h, w.f))] for w in step.frontier],
                "ch": [
                    [
                        ref(c.state),
                        action_text(c.action),
                        *map(json_number, (c.g, c.h, c.f)),
                        c.fate,
                    ]
                    for c in step.children
                ],
            }
        )
    board = look.board(trace.start) if look.boards else None
    return {
        "boards": look.boards,
        "rows": 0 if board is None else board.rows,
        "cols": 0 if board is None else board.cols,
        "labels": look.tile_labels,
        "goal": None if look.goal is None else list(look.goal.tiles),
        "states": states,
        "steps": steps,
        "fvalues": trace.algorithm != "bfs",
        "ida": trace.algorithm == "idastar",
        "pathName": "path" if trace.algorithm == "idastar" else "frontier",
    }


def trace_html(
    trace: SearchTrace[Any, Any],
    look: Look,
    *,
    top: int = 5,
    max_steps: int = 500,
    interval_ms: int = 600,
    heading: str = "",
) -> str:
    """Return an HTML fragment that steps through a trace's expansions: what notebooks show.

    Example:
        >>> from slidingtiles.search import astar
        >>> from slidingtiles.search._example import Vertex
        >>> start = Vertex.of({"a": {"b": 1, "c": 3}, "b": {"d": 1}}, "a", goal="d")
        >>> fragment = trace_html(astar(start, trace=50).trace, Look(start, None))
        >>> fragment.startswith('<div class="slidingtiles-search" id="slidingtiles-search-')
        True
        >>> [name for name in ("first", "back", "play", "step", "last")
        ...  if f'data-action="{name}"' in fragment]
        ['first', 'back', 'play', 'step', 'last']

    Self-contained (a ``<style>`` and a ``<script>`` scoped to the
    fragment's own id, new on every call). ``top`` is how many waiting
    states each step lists; ``max_steps`` how many expansions the fragment
    holds (the first ones; the summary says so when there are more);
    ``interval_ms`` the delay between steps when playing. Without
    JavaScript the summary and the start still show. O(steps x top) in size.
    """
    _positive(interval_ms=interval_ms)
    data = stepper_data(trace, look, top=top, max_steps=max_steps)
    steps = data["steps"]
    text = summary(trace, look)
    if len(steps) < len(trace.expansions):
        text += f" Showing the first {len(steps):,} expansions (max_steps={max_steps:,})."
    rows, cols = data["rows"], data["cols"]
    data["cell"] = 0 if not rows else max(16, min(44, 220 // max(rows, cols)))
    data["small"] = 0 if not rows else max(6, min(14, 64 // max(rows, cols)))
    data["interval"] = interval_ms
    element = stepper.fragment_id("search", repr(data))
    title = f"<b>{markup_text(heading)}</b>: " if heading else ""
    start = markup_text(look.text(trace.start, 120))
    empty = "" if steps else '<p class="note">Nothing was expanded.</p>'
    return (
        f'<div class="slidingtiles-search" id="{element}">'
        f"{stepper.style(element, _STYLE)}"
        f'<p class="summary">{title}{markup_text(text)}</p>{empty}'
        f"{stepper.controls(_TITLES, 'expansion #0')}"
        '<div class="panes">'
        f'<div class="pane"><h4>expanded</h4><div data-pane="current">{start}</div></div>'
        '<div class="pane"><h4>frontier, best first</h4><div data-pane="frontier"></div></div>'
        '<div class="pane"><h4>children</h4><div data-pane="children"></div></div>'
        "</div>"
        '<div class="pane"><h4>path from the start</h4><div data-pane="path"></div></div>'
        f"{stepper.data_script(data)}"
        f"<script>{stepper.script(element, _STEPS)}</script>"
        "</div>"
    )
