"""The offline page: a self-contained HTML file that steps through a solution.

>>> from slidingtiles import solve
>>> solution_html(solve("1 2/0 3")).startswith("<!DOCTYPE html>")
True
"""

from __future__ import annotations

from slidingtiles._render.markup import markup_text, script_json
from slidingtiles._render.svg import MOVE_WORDS, board_svg, check_cell, placement, tile_labels
from slidingtiles._render.views import SolutionView

__all__ = ["solution_html"]

_STYLE = """
body { font-family: system-ui, sans-serif; margin: 2em; color: #2b2118; background: #fffaf2; }
h1 { font-size: 1.4em; margin: 0 0 0.3em; }
.summary { margin: 0 0 1em; color: #5b4636; }
#board svg .tile { transition: transform 0.18s ease-in-out; }
.controls { margin: 1em 0 0.5em; display: flex; gap: 0.4em; align-items: center; flex-wrap: wrap; }
.controls button { font-size: 1em; padding: 0.3em 0.8em; cursor: pointer; }
#slider { width: 14em; }
#counter { font-variant-numeric: tabular-nums; min-width: 9em; }
.moves { font-family: ui-monospace, monospace; word-break: break-all; max-width: 40em; }
.moves span { padding: 0 1px; cursor: pointer; }
.moves span.done { color: #9a8a7a; }
.moves span.current { background: #f2c572; color: #2b2118; }
.help { color: #7a6a5a; font-size: 0.9em; }
"""

_SCRIPT = """
(function () {
  "use strict";
  var data = JSON.parse(document.getElementById("slidingtiles-steps").textContent);
  var tiles = {};
  document.querySelectorAll("#board .tile").forEach(function (g) {
    tiles[g.getAttribute("data-tile")] = g;
  });
  var last = data.boards.length - 1, step = 0, timer = null;
  var slider = document.getElementById("slider");
  var counter = document.getElementById("counter");
  var playButton = document.getElementById("play");
  var moveSpans = document.querySelectorAll(".moves span");
  slider.max = last;
  function show(k) {
    step = Math.max(0, Math.min(last, k));
    var board = data.boards[step];
    for (var cell = 0; cell < board.length; cell++) {
      var tile = board[cell];
      if (tile === 0) continue;
      var x = data.pad + (cell % data.cols) * data.cell;
      var y = data.pad + Math.floor(cell / data.cols) * data.cell;
      // The CSS property overrides the attribute and, unlike it, animates.
      tiles[tile].style.transform = "translate(" + x + "px," + y + "px)";
    }
    slider.value = step;
    counter.textContent = "step " + step + " of " + last +
      (step > 0 ? "  (blank " + data.words[step - 1] + ")" : "");
    moveSpans.forEach(function (span, i) {
      span.className = i < step - 1 ? "done" : (i === step - 1 ? "current" : "");
    });
  }
  function stop() {
    if (timer !== null) { clearInterval(timer); timer = null; }
    playButton.textContent = "Play";
  }
  function play() {
    if (timer !== null) { stop(); return; }
    if (step >= last) show(0);
    playButton.textContent = "Pause";
    timer = setInterval(function () {
      if (step >= last) { stop(); return; }
      show(step + 1);
    }, data.interval);
  }
  document.getElementById("first").onclick = function () { stop(); show(0); };
  document.getElementById("prev").onclick = function () { stop(); show(step - 1); };
  document.getElementById("next").onclick = function () { stop(); show(step + 1); };
  document.getElementById("last").onclick = function () { stop(); show(last); };
  playButton.onclick = play;
  slider.oninput = function () { stop(); show(parseInt(slider.value, 10)); };
  moveSpans.forEach(function (span, i) {
    span.onclick = function () { stop(); show(i + 1); };
  });
  document.addEventListener("keydown", function (event) {
    var keys = { ArrowLeft: -1, ArrowRight: 1 };
    if (event.key in keys) { stop(); show(step + keys[event.key]); }
    else if (event.key === "Home") { stop(); show(0); }
    else if (event.key === "End") { stop(); show(last); }
    else if (event.key === " ") { event.preventDefault(); play(); }
    else return;
  });
  show(0);
})();
"""


def solution_html(
    solution: SolutionView, *, title: str | None = None, cell: int = 60, interval_ms: int = 450
) -> str:
    """Return a self-contained HTML page that steps through a solution, usable offline.

    >>> from slidingtiles import solve
    >>> page = solution_html(solve("1 2 3/4 0 6/7 5 8"))
    >>> page.startswith("<!DOCTYPE html>"), 'id="slidingtiles-steps"' in page
    (True, True)

    The page shows the board with First, Previous, Play/Pause, Next and Last
    buttons, a slider, the move string (click a move to jump to it) and the
    arrow, Home, End and space keys, like the "Show step" button of the
    classic sliding-tiles game. Every board of the solution is embedded as
    JSON in ``<script type="application/json" id="slidingtiles-steps">``
    (keys ``rows``, ``cols``, ``boards`` as flat tile lists, ``labels``,
    ``moves``), so other tools can read the steps back. Without JavaScript
    the start board and the move string still show. No external files or
    network. ``interval_ms`` is the delay between steps when playing.
    O(cells x moves).
    """
    cell = check_cell(cell)
    if isinstance(interval_ms, bool) or not isinstance(interval_ms, int) or interval_ms < 1:
        raise ValueError(f"interval_ms must be a positive whole number, not {interval_ms!r}")
    start = solution.start
    moves = str(solution.moves)
    kind = "optimal" if solution.optimal else "not proven optimal"
    count = len(moves)
    default_title = f"{start.rows}\u00d7{start.cols} sliding-tile solution"
    heading = title if title is not None else default_title
    summary = (
        f"{count} move{'s' * (count != 1)} ({kind}; {solution.algorithm} with "
        f"{solution.heuristic}; {solution.stats.generated:,} states generated in "
        f"{solution.stats.seconds:.3f} s). Moves name the direction the blank travels."
    )
    names = MOVE_WORDS
    data = {
        **placement(start, cell),
        "interval": interval_ms,
        "boards": [list(board.tiles) for board in solution.boards],
        "labels": tile_labels(start),
        "goal": list(solution.goal.tiles),
        "moves": moves,
        "words": [names[m] for m in moves],
        "optimal": solution.optimal,
    }
    move_spans = "".join(
        f'<span data-step="{k}" title="step {k}: blank {names[m]}">{m}</span>'
        for k, m in enumerate(moves, 1)
    )
    return "\n".join(
        [
            "<!DOCTYPE html>",
            '<html lang="en">',
            "<head>",
            '<meta charset="utf-8">',
            '<meta name="viewport" content="width=device-width, initial-scale=1">',
            f"<title>{markup_text(heading)}</title>",
            f"<style>{_STYLE}</style>",
            "</head>",
            "<body>",
            f"<h1>{markup_text(heading)}</h1>",
            f'<p class="summary">{markup_text(summary)}</p>',
            f'<div id="board">{board_svg(start, cell=cell)}</div>',
            '<div class="controls">'
            '<button id="first" type="button" title="first board (Home)">First</button>'
            '<button id="prev" type="button" title="previous board (\u2190)">Previous</button>'
            '<button id="play" type="button" title="play or pause (space)">Play</button>'
            '<button id="next" type="button" title="next board (\u2192)">Next</button>'
            '<button id="last" type="button" title="last board (End)">Last</button>'
            f'<input id="slider" type="range" min="0" max="{count}" value="0" '
            'aria-label="step">'
            f'<span id="counter">step 0 of {count}</span>'
            "</div>",
            f'<p class="moves">{move_spans or "(already solved: no moves)"}</p>',
            '<p class="help">Keys: \u2190 \u2192 step, Home/End jump, space plays.</p>',
            f'<script type="application/json" id="slidingtiles-steps">{script_json(data)}</script>',
            f"<script>{_SCRIPT}</script>",
            "</body>",
            "</html>",
            "",
        ]
    )
