"""The notebook player: an HTML fragment that steps through a solution (``Solution._repr_html_``).

>>> from slidingtiles import solve
>>> solution_player_html(solve("1 2/0 3")).startswith('<div class="slidingtiles-player"')
True
"""

from __future__ import annotations

from slidingtiles._render import stepper
from slidingtiles._render.markup import markup_text
from slidingtiles._render.svg import MOVE_WORDS, board_svg, check_cell, placement
from slidingtiles._render.views import SolutionView

__all__ = ["PLAYER_MAX_CELLS", "PLAYER_MAX_MOVES", "solution_player_html"]

#: Boards above this many cells (or solutions above this many moves) get a summary instead
#: of a player in notebooks: the picture would be too large to be of use.
PLAYER_MAX_CELLS = 4096
PLAYER_MAX_MOVES = 1_000_000

# The player's own look (the shared rules are `stepper`'s): tiles slide between steps.
_STYLE = """
#{id} svg .tile {{ transition: transform 0.16s ease-in-out; }}
#{id} .counter {{ min-width: 8em; }}
"""

# What step k shows: the moves replayed on one array of cells (stepping costs O(1) plus placing
# the tiles, and nothing but the start and the move string is embedded, whatever the length).
_STEPS = """
  var offset = { U: -data.cols, D: data.cols, L: -1, R: 1 };
  var undo = { U: "D", D: "U", L: "R", R: "L" };
  var cells = data.start.slice(), blank = cells.indexOf(0), at = 0;
  var last = data.moves.length, tiles = {};
  root.querySelectorAll("svg .tile").forEach(function (g) {
    tiles[g.getAttribute("data-tile")] = g;
  });
  function slide(move) {
    var cell = blank + offset[move];
    cells[blank] = cells[cell];
    cells[cell] = 0;
    blank = cell;
  }
  function drawStep(k) {
    while (at < k) { slide(data.moves[at]); at += 1; }
    while (at > k) { at -= 1; slide(undo[data.moves[at]]); }
    for (var cell = 0; cell < cells.length; cell++) {
      var tile = cells[cell];
      if (tile === 0) continue;
      var x = data.pad + (cell % data.cols) * data.cell;
      var y = data.pad + Math.floor(cell / data.cols) * data.cell;
      tiles[tile].style.transform = "translate(" + x + "px," + y + "px)";
    }
    counter.textContent = "step " + k + " of " + last +
      (k > 0 ? " (blank " + data.words[data.moves[k - 1]] + ")" : "");
  }
"""

_TITLES = {
    "first": "the start",
    "back": "one move back",
    "play": "play the moves",
    "step": "the next move",
    "last": "the goal",
}


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
    element = stepper.fragment_id("player", f"{start.rows}x{start.cols}:{start.tiles}:{moves}")
    if start.size > PLAYER_MAX_CELLS or count > PLAYER_MAX_MOVES:
        return (
            f'<div class="slidingtiles-player" id="{element}"><p class="summary">'
            f"{markup_text(summary)} (too large to draw here)</p></div>"
        )
    data = {
        **placement(start, cell),
        "interval": interval_ms,
        "start": list(start.tiles),
        "moves": moves,
        "words": MOVE_WORDS,
    }
    return (
        f'<div class="slidingtiles-player" id="{element}">'
        f"{stepper.style(element, _STYLE)}"
        f"{board_svg(start, cell=cell)}"
        f"{stepper.controls(_TITLES, f'step 0 of {count}')}"
        f'<p class="summary">{markup_text(summary)}</p>'
        f"{stepper.data_script(data)}"
        f"<script>{stepper.script(element, _STEPS)}</script>"
        "</div>"
    )
