"""Pictures: SVG of a board, an animated SVG of a solution, and an offline HTML step-through page.

Everything here returns text (SVG or HTML) built from the board's tiles and
labels; nothing is fetched or imported at view time, so the pages work
offline and in notebooks. Every label, title and name is written by
`markup_text` in markup (XML-escaped; characters XML 1.0 has no place for
drawn as visible stand-ins, so every SVG is well-formed XML) and JSON-escaped
inside scripts (``<``, ``>``, ``&`` and what a page cannot hold as ``\\u``
escapes), so every page can be written as UTF-8.
"""

from __future__ import annotations

import html
import json
import re
import uuid
from collections.abc import Hashable, Sequence
from typing import Protocol, runtime_checkable

__all__ = [
    "BoardView",
    "SolutionView",
    "board_svg",
    "markup_text",
    "solution_html",
    "solution_player_html",
    "solution_svg",
]


@runtime_checkable
class BoardView(Protocol):
    """What drawing needs of a board: its shape, flat tiles (0 the blank) and tile labels.

    >>> from slidingtiles import Board
    >>> isinstance(Board("1 2/3 0"), BoardView)
    True

    A Protocol, so that this module (the lowest layer) imports nothing of the
    package and `Board` can import it at module top.
    """

    @property
    def rows(self) -> int: ...
    @property
    def cols(self) -> int: ...
    @property
    def size(self) -> int: ...
    @property
    def tiles(self) -> tuple[int, ...]: ...
    def label(self, tile: int) -> Hashable: ...
    def to_text(self) -> str: ...


class _StatsView(Protocol):
    @property
    def generated(self) -> int: ...
    @property
    def seconds(self) -> float: ...


@runtime_checkable
class SolutionView(Protocol):
    """What drawing needs of a solution: its boards, its moves and how they were found.

    >>> from slidingtiles import solve
    >>> isinstance(solve("1 2/0 3"), SolutionView)
    True

    ``boards`` runs from the start to the goal, one more than the moves.
    """

    @property
    def start(self) -> BoardView: ...
    @property
    def goal(self) -> BoardView: ...
    @property
    def moves(self) -> str: ...
    @property
    def boards(self) -> Sequence[BoardView]: ...
    @property
    def optimal(self) -> bool: ...
    @property
    def algorithm(self) -> str: ...
    @property
    def heuristic(self) -> str: ...
    @property
    def stats(self) -> _StatsView: ...


_GAP = 3  # pixels between tiles
_PAD = 4  # pixels between the frame and the tiles
_TILE_FILL = "#f2c572"
_HOME_FILL = "#9fd59a"  # a tile already on its goal cell
_FRAME_FILL = "#5b4636"
_TEXT_FILL = "#2b2118"


# Characters XML 1.0 has no place for (not even as a reference): the C0 controls but tab,
# newline and return; the surrogates; U+FFFE and U+FFFF. A control is drawn as its picture
# (U+2400 + code: a visible stand-in), the others as U+FFFD, the replacement character.
_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")
# What JSON inside a page escapes beyond json.dumps: what a page cannot hold as text (the
# surrogates, U+FFFE, U+FFFF), the line separators old JavaScript rejects, and < > &.
_SCRIPT_ESCAPES = re.compile("[\ud800-\udfff\ufffe\uffff\u2028\u2029<>&]")


def _picture(match: re.Match[str]) -> str:
    code = ord(match.group())
    return chr(0x2400 + code) if code < 0x20 else "\ufffd"


def markup_text(text: object) -> str:
    r"""``text`` as it can stand in SVG, XML and HTML: escaped, and only characters XML allows.

    >>> markup_text('<b> & "c"')
    '&lt;b&gt; &amp; &quot;c&quot;'
    >>> markup_text("bell\x07 esc\x1b nul\x00 tab\t"), markup_text("\ud800\uffff") == "\ufffd" * 2
    ('bell␇ esc␛ nul␀ tab\t', True)

    Every label, title and name a picture or page shows goes through here: a
    control character is drawn as its Unicode picture (U+2400 + code), a lone
    surrogate, U+FFFE or U+FFFF as U+FFFD. What is drawn is then always
    well-formed XML, and text a page can be written in (UTF-8).
    """
    return html.escape(_NOT_XML.sub(_picture, str(text)), quote=True)




def _check_cell(cell: object) -> int:
    if isinstance(cell, bool) or not isinstance(cell, int) or not 16 <= cell <= 400:
        raise ValueError(f"cell must be a whole number of pixels from 16 to 400, not {cell!r}")
    return cell


def _labels(board: BoardView) -> list[str]:
    """The text drawn on each tile number (index 0, the blank, is never drawn)."""
    return [str(board.label(tile)) for tile in range(board.size)]


def _font_size(labels: Sequence[str], cell: int) -> float:
    """A size at which the longest label fits its tile (about 0.6 em per character)."""
    longest = max((len(label) for label in labels[1:]), default=1)
    return round(min(cell * 0.45, (cell - 2 * _GAP) / (0.62 * max(longest, 1))), 1)


def _origin(index: int, cols: int, cell: int) -> tuple[int, int]:
    row, col = divmod(index, cols)
    return _PAD + col * cell, _PAD + row * cell


def _svg_open(board: BoardView, cell: int, extra_height: int, css_class: str, label: str) -> str:
    width = board.cols * cell + 2 * _PAD
    height = board.rows * cell + 2 * _PAD + extra_height
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" class="{css_class}" role="img" '
        f'aria-label="{markup_text(label)}">'
        f'<rect class="frame" x="0" y="0" width="{width}" height="{board.rows * cell + 2 * _PAD}" '
        f'rx="6" fill="{_FRAME_FILL}"/>'
    )


def _tile(tile: int, text: str, x: int, y: int, cell: int, font: float, home: bool) -> str:
    """One tile as a group placed by ``transform``, so moving it is one attribute change."""
    size = cell - _GAP
    fill = _HOME_FILL if home else _TILE_FILL
    return (
        f'<g class="tile" data-tile="{tile}" transform="translate({x},{y})">'
        f'<rect x="{_GAP / 2}" y="{_GAP / 2}" width="{size}" height="{size}" rx="5" '
        f'fill="{fill}" stroke="{_TEXT_FILL}" stroke-opacity="0.35"/>'
        f'<text x="{cell / 2}" y="{cell / 2}" font-size="{font}" text-anchor="middle" '
        f'dominant-baseline="central" font-family="sans-serif" font-weight="bold" '
        f'fill="{_TEXT_FILL}">{markup_text(text)}</text></g>'
    )


def board_svg(board: BoardView, *, goal: BoardView | None = None, cell: int = 60) -> str:
    """Return an SVG picture of a board: one square per tile, the blank left empty.

    >>> from slidingtiles import Board
    >>> svg = board_svg(Board("1 2/3 0"))
    >>> svg.startswith("<svg") and svg.count('class="tile"')
    3

    Tiles show their labels on labelled boards (XML-escaped), numbers
    otherwise. With ``goal``, tiles already on their goal cell are drawn in
    green. ``cell`` is the tile size in pixels (16 to 400). Each tile is a
    ``<g class="tile" data-tile="N">`` group, so pages can move it. O(cells).
    """
    cell = _check_cell(cell)
    labels = _labels(board)
    font = _font_size(labels, cell)
    parts = [_svg_open(board, cell, 0, "slidingtiles-board", f"board {board.to_text()}")]
    for index, tile in enumerate(board.tiles):
        if tile:
            x, y = _origin(index, board.cols, cell)
            home = goal is not None and goal.tiles[index] == tile
            parts.append(_tile(tile, labels[tile], x, y, cell, font, home))
    parts.append("</svg>")
    return "".join(parts)


def _positions(boards: Sequence[BoardView]) -> list[list[int]]:
    """positions[k][tile] = the cell of ``tile`` on board k."""
    result = []
    for board in boards:
        where = [0] * board.size
        for index, tile in enumerate(board.tiles):
            where[tile] = index
        result.append(where)
    return result


def solution_svg(solution: SolutionView, *, cell: int = 60, seconds_per_move: float = 0.5) -> str:
    """Return an animated SVG that plays the solution's moves in a loop (SMIL, no script).

    >>> from slidingtiles import solve
    >>> svg = solution_svg(solve("1 2 3/4 0 6/7 5 8"))
    >>> svg.count("<animateTransform")
    8

    Each tile's ``animateTransform`` lists its position on every board of
    the solution in order, then holds the final board for one more step
    before starting over; a caption under the board gives the length. A
    solution of zero moves is a still picture. ``seconds_per_move`` must be
    positive. O(cells x moves).
    """
    cell = _check_cell(cell)
    if isinstance(seconds_per_move, bool) or not (
        isinstance(seconds_per_move, (int, float)) and 0 < seconds_per_move < 3600
    ):
        raise ValueError(f"seconds_per_move must be a positive number, not {seconds_per_move!r}")
    boards = list(solution.boards)
    start = boards[0]
    labels = _labels(start)
    font = _font_size(labels, cell)
    caption_height = 24
    moves = len(solution.moves)
    kind = "optimal" if solution.optimal else "not proven optimal"
    summary = f"{moves} move{'s' * (moves != 1)} ({kind})"
    parts = [
        _svg_open(start, cell, caption_height, "slidingtiles-solution", f"solution: {summary}")
    ]
    frames = [*boards, boards[-1]]  # hold the goal one step before looping
    positions = _positions(frames)
    duration = seconds_per_move * (len(frames) - 1)
    key_times = ";".join(f"{k / (len(frames) - 1):.6g}" for k in range(len(frames)))
    for tile in range(1, start.size):
        x, y = _origin(positions[0][tile], start.cols, cell)
        group = _tile(tile, labels[tile], x, y, cell, font, home=False)
        if moves:
            values = ";".join(
                "{},{}".format(*_origin(where[tile], start.cols, cell)) for where in positions
            )
            group = group[: -len("</g>")] + (
                f'<animateTransform attributeName="transform" type="translate" '
                f'values="{values}" keyTimes="{key_times}" dur="{duration:g}s" '
                f'repeatCount="indefinite"/></g>'
            )
        parts.append(group)
    text_y = start.rows * cell + 2 * _PAD + caption_height - 7
    parts.append(
        f'<text class="caption" x="{_PAD}" y="{text_y}" font-size="13" '
        f'font-family="sans-serif" fill="{_TEXT_FILL}">{markup_text(summary)}</text>'
    )
    parts.append("</svg>")
    return "".join(parts)


def _script_json(value: object) -> str:
    r"""JSON that is safe inside a ``<script>`` element: no ``</script>``, nothing but text.

    >>> _script_json({"label": "</script>\ud800"})
    '{"label": "\\u003c/script\\u003e\\ud800"}'

    What a page cannot hold (lone surrogates, U+FFFE, U+FFFF) and what could
    end the element or upset old JavaScript is written as a JSON escape, so a
    reader gets every label back exactly as it was.
    """
    text = json.dumps(value, ensure_ascii=False)
    return _SCRIPT_ESCAPES.sub(lambda match: f"\\u{ord(match.group()):04x}", text)


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
    cell = _check_cell(cell)
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
    names = {"U": "up", "D": "down", "L": "left", "R": "right"}
    data = {
        "rows": start.rows,
        "cols": start.cols,
        "cell": cell,
        "pad": _PAD,
        "interval": interval_ms,
        "boards": [list(board.tiles) for board in solution.boards],
        "labels": _labels(start),
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
            '<script type="application/json" id="slidingtiles-steps">'
            f"{_script_json(data)}</script>",
            f"<script>{_SCRIPT}</script>",
            "</body>",
            "</html>",
            "",
        ]
    )


# -- the notebook player: Solution._repr_html_ ---------------------------------------------

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
    cell = _check_cell(cell)
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
        "pad": _PAD,
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
    script = _PLAYER_SCRIPT % {"id": _script_json(element)}
    return (
        f'<div class="slidingtiles-player" id="{element}">'
        f"<style>{_PLAYER_STYLE.format(id=element)}</style>"
        f"{board_svg(start, cell=cell)}"
        f'<div class="controls">{buttons}<span class="counter">step 0 of {count}</span></div>'
        f'<p class="summary">{markup_text(summary)}</p>'
        f'<script type="application/json" class="slidingtiles-data">{_script_json(data)}</script>'
        f"<script>{script}</script>"
        "</div>"
    )
