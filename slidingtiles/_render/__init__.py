"""Pictures: SVG of a board, an animated SVG of a solution, an offline page and a notebook player.

Everything here returns text (SVG or HTML) built from the board's tiles and
labels; nothing is fetched or imported at view time, so the pages work
offline and in notebooks. Every label, title and name is written by
`markup_text` in markup (XML-escaped; characters XML 1.0 has no place for
drawn as visible stand-ins, so every SVG is well-formed XML) and JSON-escaped
inside scripts (``<``, ``>``, ``&`` and what a page cannot hold as ``\\u``
escapes), so every page can be written as UTF-8. The lowest layer: nothing
of the package is imported here (boards and solutions are Protocols).

The modules: ``views`` (`BoardView`, `SolutionView`: what drawing needs),
``markup`` (`markup_text`, `script_json`: text made safe for markup and for
scripts), ``svg`` (`board_svg`, `solution_svg`), ``page`` (`solution_html`,
the offline page) and ``player`` (`solution_player_html`, the notebook
player).
"""

from slidingtiles._render.markup import markup_text, script_json
from slidingtiles._render.page import solution_html
from slidingtiles._render.player import PLAYER_MAX_CELLS, PLAYER_MAX_MOVES, solution_player_html
from slidingtiles._render.svg import board_svg, solution_svg
from slidingtiles._render.views import BoardView, SolutionView

__all__ = [
    "PLAYER_MAX_CELLS",
    "PLAYER_MAX_MOVES",
    "BoardView",
    "SolutionView",
    "board_svg",
    "markup_text",
    "script_json",
    "solution_html",
    "solution_player_html",
    "solution_svg",
]
