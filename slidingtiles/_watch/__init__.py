"""Watching a search: views of a `SearchTrace` (text table, notebook stepper, SVG tree, JSON).

Above the generic search, which records the events and knows nothing of
tiles, and above ``_render``'s board protocol: here a trace of tile boards is
drawn as boards, any other as text. `TraceView` is the public face.

The modules: ``view`` (`TraceView`), ``table`` (the text table), ``player``
(the notebook stepper), ``tree`` (the SVG search tree), ``data`` (the JSON
view) and ``look`` (how a state shows: a board, or one line of text).
"""

from slidingtiles._watch.view import TraceView

__all__ = ["TraceView"]
