"""The notebook player: an HTML fragment that steps through a solution (``Solution._repr_html_``).

>>> from slidingtiles import solve
>>> solution_player_html(solve("1 2/0 3")).startswith('<div class="slidingtiles-player"')
True
"""

from __future__ import annotations

import uuid

from slidingtiles._render.markup import markup_text, script_json
from slidingtiles._render.svg import PAD, board_svg, check_cell
from slidingtiles._render.views import SolutionView

__all__ = ["PLAYER_MAX_CELLS", "PLAYER_MAX_MOVES", "solution_player_html"]

#: Boards above this many cells (or solutions above this many moves) get a summary instead
#: of a player in notebooks: the picture would be too large to be of use.
PLAYER_MAX_CELLS = 4096
PLAYER_MAX_MOVES = 1_000_000

_PLAYER_STYLE = """
#{id} {{ font-family: system-ui, sans-serif; color: #2b2118; margin: 0.3em 0; }}
#{id} svg .tile {{ transition: transform 0.16s ease-in-out; }}
#{id} .controls {{ display: flex; gap: 0.3em; align-items: center; flex-wrap: wrap;
  margin: 0.4em 0; }}
#{id} button {{ font: inherit; padding: 0.15em 0.7em; cursor: pointer; }}
#{id} button:disabled {{ opacity: 0.45; cursor: default; }}
#{id} .counter {{ font-variant-numeric: tabular-nums; min-width: 8em; }}
#{id} .summary {{ color: #5b4636; font-size: 0.9em; margin: 0; }}
"""

# Replays the moves on one array of cells: stepping costs O(1) plus placing the tiles, and
# nothing but the start and the move string is embedded, whatever the solution's length.
_PLAYER_SCRIPT = """
(function () {
  "use strict";
  var root = document.getElementById(%(id)s);
  if (!root || root.getAttribute("data-wired")) return;
  root.setAttribute("data-wired", "1");
  var data = JSON.parse(root.querySelector("script.slidingtiles-data").textContent);
  var offset = { U: -data.cols, D: data.cols, L: -1, R: 1 };
  var undo = { U: "D", D: "U", L: "R", R: "L" };
  var cells = data.start.slice(), blank = cells.indexOf(0), step = 0, timer = null;
  var last = data.moves.length, tiles = {};
  root.querySelectorAll("svg .tile").forEach(function (g) {
    tiles[g.getAttribute("data-tile")] = g;
  });
  var counter = root.querySelector(".counter");
  var buttons = {};
  root.querySelectorAll("button[data-action]").forEach(function (b) {
    buttons[b.getAttribute("data-action")] = b;
  });
  function slide(move) {
    var cell = blank + offset[move];
    cells[blank] = cells[cell];
    cells[cell] = 0;
    blank = cell;
  }
  function place() {
    for (var cell = 0; cell < cells.length; cell++) {
      var tile = cells[cell];
      if (tile === 0) continue;
      var x = data.pad + (cell %% data.cols) * data.cell;
      var y = data.pad + Math.floor(cell / data.cols) * data.cell;
      tiles[tile].style.transform = "translate(" + x + "px," + y + "px)";
    }
    counter.textContent = "step " + step + " of " + last +
      (step > 0 ? " (blank " + data.words[data.moves[step - 1]] + ")" : "");
    buttons.first.disabled = buttons.back.disabled = step === 0;
    buttons.step.disabled = buttons.last.disabled = step === last;
    buttons.play.disabled = last === 0;
  }
  function go(k) {
    k = Math.max(0, Math.min(last, k));
    while (step < k) { slide(data.moves[step]); step += 1; }
    while (step > k) { step -= 1; slide(undo[data.moves[step]]); }
    place();
  }
  function stop() {
    if (timer !== null) clearInterval(timer);
    timer = null;
    buttons.play.textContent = "\u25b6 Play";
  }
  function play() {
    if (timer !== null) { stop(); return; }
    if (step >= last) go(0);
    buttons.play.textContent = "Pause";
    timer = setInterval(function () {
      if (step >= last) { stop(); return; }
      go(step + 1);
    }, data.interval);
  }
  buttons.first.onclick = function () { stop(); go(0); };
  buttons.back.onclick = function () { stop(); go(step - 1); };
  buttons.step.onclick = function () { stop(); go(step + 1); };
  buttons.last.onclick = function () { stop(); go(last); };
  buttons.play.onclick = play;
  place();
})();
"""


def solution_player_html(
    solution: SolutionView, *, cell: int | None = None, interval_ms: int = 400
) -> str:
    """Return an HTML fragment that steps through a solution: what notebooks show.

    >>> from slidingtiles import solve
    >>> fragment = solution_player_html(solve("1 2 3/4 0 6/7 5 8"))
    >>> fragment.startswith('<div class="slidingtiles-player" id="slidingtiles-player-')
    True
    >>> [name for name in ("first", "back", "play", "step", "last")
    ...  if f'data-action="{name}"' in fragment] == ["first", "back", "play", "step", "last"]
    True

    The board (`board_svg`), then First, Back, Play/Pause, Step and Last
    buttons, a step counter and a one-line summary. Self-contained: a
    ``<style>`` and a ``<script>`` scoped to the fragment's own element id,
    which is new on every call, so any number of players can share a page
    (a notebook's outputs). The start board and the move string are embedded
    as JSON (``<script type="application/json" class="slidingtiles-data">``,
    escaped so no label can close it); the script replays the moves, so the
    fragment is O(cells + moves) in size, whatever the length. Labels are
    HTML-escaped. Above `PLAYER_MAX_CELLS` cells or `PLAYER_MAX_MOVES` moves
    the fragment is only the summary. ``cell`` is the tile size in pixels
    (default: 60, smaller on boards wider than 8 tiles); ``interval_ms`` the
    delay between steps when playing. Without JavaScript the start board and
    the summary still show.
    """
    if isinstance(interval_ms, bool) or not isinstance(interval_ms, int) or interval_ms < 1:
        raise ValueError(f"interval_ms must be a positive whole number, not {interval_ms!r}")
    start = solution.start
    moves = str(solution.moves)
    count = len(moves)
    if cell is None:
        cell = max(16, min(60, 480 // max(start.rows, start.cols, 1)))
    cell = check_cell(cell)
    kind = "optimal" if solution.optimal else "not proven optimal"
    summary = (
        f"{start.rows}\u00d7{start.cols}: {count:,} move{'s' * (count != 1)} ({kind}; "
        f"{solution.algorithm} with {solution.heuristic}; {solution.stats.generated:,} states "
        f"generated in {solution.stats.seconds:.3f} s). Moves name the blank's direction."
    )
    element = f"slidingtiles-player-{uuid.uuid4().hex[:16]}"
    if start.size > PLAYER_MAX_CELLS or count > PLAYER_MAX_MOVES:
        return (
            f'<div class="slidingtiles-player" id="{element}"><p class="summary">'
            f"{markup_text(summary)} (too large to draw here)</p></div>"
        )
    data = {
        "rows": start.rows,
        "cols": start.cols,
        "cell": cell,
        "pad": PAD,
        "interval": interval_ms,
        "start": list(start.tiles),
        "moves": moves,
        "words": {"U": "up", "D": "down", "L": "left", "R": "right"},
    }
    buttons = "".join(
        f'<button type="button" data-action="{action}" title="{title}">{text}</button>'
        for action, title, text in (
            ("first", "the start", "\u00ab First"),
            ("back", "one move back", "\u25c0 Back"),
            ("play", "play the moves", "\u25b6 Play"),
            ("step", "the next move", "Step \u25b6"),
            ("last", "the goal", "Last \u00bb"),
        )
    )
    script = _PLAYER_SCRIPT % {"id": script_json(element)}
    return (
        f'<div class="slidingtiles-player" id="{element}">'
        f"<style>{_PLAYER_STYLE.format(id=element)}</style>"
        f"{board_svg(start, cell=cell)}"
        f'<div class="controls">{buttons}<span class="counter">step 0 of {count}</span></div>'
        f'<p class="summary">{markup_text(summary)}</p>'
        f'<script type="application/json" class="slidingtiles-data">{script_json(data)}</script>'
        f"<script>{script}</script>"
        "</div>"
    )
