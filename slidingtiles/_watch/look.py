"""How a traced state is shown: a tile board drawn as a board, anything else as one line of text.

A state is a board if it is one (`BoardView`: a `Board`) or carries one as
``.board`` (a `TileState`); then ``.goal``, when it has one, colours the tiles
already home. Any other state shows as ``str(state)``, or as what the user's
``label`` function returns. Text is made safe here once for every view:
control characters, lone surrogates and bidirectional overrides (which XML
forbids, or which would garble a terminal) become visible escapes; the views
then escape for their own format (HTML, SVG, JSON in a script).
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from typing import Any, Protocol, runtime_checkable

from slidingtiles._render import BoardView

__all__ = ["Look", "action_text", "algorithm_name", "clean", "json_number", "number"]

# C0 and C1 controls, DEL, lone surrogates, the bidi embeddings, overrides and isolates,
# and the two non-characters XML forbids.
_UNSAFE = re.compile(
    "[\x00-\x1f\x7f-\x9f\ud800-\udfff\u200e\u200f\u202a-\u202e\u2066-\u2069\ufffe\uffff]"
)
_NAMES = {"\n": "\\n", "\t": "\\t", "\r": "\\r"}
_SYMBOLS = {"astar": "A*", "weighted_astar": "weighted A*", "greedy": "greedy best-first",
            "idastar": "IDA*", "bfs": "breadth-first search"}  # fmt: skip


def _escape_one(match: re.Match[str]) -> str:
    char = match[0]
    return _NAMES.get(char) or (f"\\x{ord(char):02x}" if ord(char) < 256 else f"\\u{ord(char):04x}")


def clean(text: object, limit: int | None = None) -> str:
    """Return ``str(text)`` with every unsafe character escaped, cut to ``limit`` characters.

    Example:
        >>> clean("a\\x1b[31m<b>\\n")
        'a\\\\x1b[31m<b>\\\\n'
        >>> clean("abcdefgh", limit=5)
        'abcd…'

    The result holds no character XML 1.0 forbids and none that moves a
    terminal's cursor or reverses text; markup characters (``<``, ``&``,
    quotes) are left for each view to escape.
    """
    text = _UNSAFE.sub(_escape_one, str(text))
    if limit is not None and len(text) > limit:
        text = text[: max(1, limit - 1)] + "…"
    return text


def number(value: float | None) -> str:
    """Return a g, h or f value for people: ``3``, ``2.5``, ``-`` for None, ``inf``.

    Example:
        >>> number(3), number(3.0), number(2.5), number(None), number(1 / 3)
        ('3', '3', '2.5', '-', '0.3333')
    """
    if value is None:
        return "-"
    if isinstance(value, float):
        if math.isinf(value) or math.isnan(value):
            return str(value)
        if value.is_integer():
            return str(int(value))
        return f"{value:.4g}"
    return str(value)


def json_number(value: float | None) -> float | None:
    """A value JSON can hold: numbers as they are, None and infinities as None."""
    if value is None or (isinstance(value, float) and not math.isfinite(value)):
        return None
    return value


def algorithm_name(algorithm: str, weight: float) -> str:
    """The algorithm for people, with what ``f`` is.

    Example:
        >>> algorithm_name("weighted_astar", 1.5)
        'weighted A* (f = g + 1.5 h)'
    """
    name = _SYMBOLS.get(algorithm, algorithm)
    f = {"greedy": "f = h", "bfs": "first in, first out"}.get(
        algorithm, "f = g + h" if weight == 1 else f"f = g + {number(weight)} h"
    )
    return f"{name} ({f})"


@runtime_checkable
class _OnBoard(Protocol):
    """A state that carries its board (and goal), as `TileState` does."""

    @property
    def board(self) -> object: ...


def _board_of(state: object) -> BoardView | None:
    if isinstance(state, BoardView):
        return state
    if isinstance(state, _OnBoard):
        board = state.board
        if isinstance(board, BoardView):
            return board
    return None


class Look:
    """The way one trace's states are shown: as boards (from the start's kind) or as text.

    Example:
        >>> from slidingtiles import Board, TileState
        >>> look = Look(TileState.from_boards(Board("1 2/0 3"), Board("1 2/3 0")), None)
        >>> look.boards, look.lines(Board("1 2/0 3"))
        (True, ['1 2', '. 3'])
        >>> Look("s", lambda state: f"<{state}>").text("t")
        '<t>'
    """

    __slots__ = ("boards", "goal", "label", "tile_labels")

    def __init__(self, start: object, label: Callable[[Any], object] | None) -> None:
        self.label = label
        board = _board_of(start) if label is None else None
        self.boards = board is not None
        goal = getattr(start, "goal", None) if board is not None else None
        self.goal: BoardView | None = goal if isinstance(goal, BoardView) else None
        #: The text of each tile (index 0, the blank, drawn as nothing), from the start board.
        self.tile_labels: list[str] = (
            [clean(board.label(t), 8) for t in range(board.size)] if board is not None else []
        )

    def board(self, state: object) -> BoardView:
        """The board of a state (only when ``boards``)."""
        board = _board_of(state)
        if board is None:
            raise TypeError(f"{clean(repr(state), 60)} is not a board, unlike the trace's start")
        return board

    def text(self, state: object, limit: int | None = None) -> str:
        """One line: the label, a board's one-line form or ``str(state)``, made safe and cut."""
        if self.label is not None:
            return clean(self.label(state), limit)
        if self.boards:
            board = self.board(state)
            tiles = board.tiles
            text = "/".join(
                " ".join(self._cell(t) for t in tiles[r * board.cols : (r + 1) * board.cols])
                for r in range(board.rows)
            )
            return clean(text, limit)
        return clean(state, limit)

    def lines(self, state: object, limit: int = 40) -> list[str]:
        """The state for a terminal: a board's rows (blank ``.``, cells aligned), else one line."""
        if not self.boards:
            return [self.text(state, limit)]
        board = self.board(state)
        cells = [self._cell(t) for t in board.tiles]
        width = max(map(len, cells))
        return [
            " ".join(cell.rjust(width) for cell in cells[r * board.cols : (r + 1) * board.cols])
            for r in range(board.rows)
        ]

    def tiles(self, state: object) -> list[int]:
        """A board's flat tiles (only when ``boards``)."""
        return list(self.board(state).tiles)

    def rows(self, state: object) -> list[list[int]]:
        """A board's rows of tile numbers, as ``--format json`` writes boards."""
        board = self.board(state)
        tiles = board.tiles
        return [list(tiles[r * board.cols : (r + 1) * board.cols]) for r in range(board.rows)]

    def _cell(self, tile: int) -> str:
        if tile == 0:
            return "."
        labels = self.tile_labels
        return labels[tile] if tile < len(labels) else str(tile)


def action_text(action: object) -> str:
    """An action for people, safe; ``-`` for none (the start)."""
    return "-" if action is None else clean(action, 24)
