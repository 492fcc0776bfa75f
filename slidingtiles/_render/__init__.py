"""Pictures: SVG of a board, an animated SVG of a solution, an offline page and a notebook player.

Everything here returns text (SVG or HTML) built from the board's tiles and
labels; nothing is fetched or imported at view time, so the pages work
offline and in notebooks. Text goes through one policy (``markup``): every
label, title and name is made safe by `safe_text` (a character XML 1.0 forbids,
a page cannot hold, or a terminal would act on, written as its visible escape,
``\\x1b``) and XML-escaped by `markup_text`; JSON inside scripts keeps it exactly
(`script_json`), so every SVG is well-formed XML and every page can be written
as UTF-8. The lowest layer: nothing of the package is imported here (boards and
solutions are Protocols).

The modules: ``views`` (`BoardView`, `SolutionView`: what drawing needs),
``markup`` (`safe_text`, `markup_text`, `script_json`: the one text policy),
``svg`` (`board_svg`, `solution_svg`), ``page`` (`solution_html`, the offline
page), ``stepper`` (the frame of every stepping fragment: its controls and
their script, shared with the search stepper of ``slidingtiles._watch``) and
``player`` (`solution_player_html`, the notebook player).
"""

from slidingtiles._render.markup import markup_text, safe_text, script_json
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
    "safe_text",
    "script_json",
    "solution_html",
    "solution_player_html",
    "solution_svg",
]
