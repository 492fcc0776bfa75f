"""How a traced state is shown: a tile board drawn as a board, anything else as one line of text.

A state is a board if it is one (`BoardView`: a `Board`) or carries one as
``.board`` (a `TileState`); then ``.goal``, when it has one, colours the tiles
already home. Any other state shows as ``str(state)``, or as what the user's
``label`` function returns. Text is made safe here once for every view, by
the package's one policy (`slidingtiles._render.safe_text`: control
characters, lone surrogates and bidirectional overrides, which XML forbids or
which would garble a terminal, become visible escapes such as ``\\x1b``); the
views then escape for their own format (HTML and SVG by `markup_text`, JSON in
a script by `script_json`).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any, Protocol, runtime_checkable

from slidingtiles._render import BoardView, safe_text

__all__ = ["Look", "action_text", "algorithm_name", "json_number", "number", "searched"]

_SYMBOLS = {
    "astar": "A*",
    "weighted_astar": "weighted A*",
    "greedy": "greedy best-first",
    "idastar": "IDA*",
    "bfs": "breadth-first search",
}


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


def searched(trace: Any) -> str:
    """What searched: the algorithm with its ``f``, and the heuristic by name (none for BFS).

    Example:
        >>> from slidingtiles.search import astar
        >>> from slidingtiles.search._example import Vertex
        >>> def zero(state: Vertex) -> int:
        ...     return 0
        >>> searched(astar(Vertex.of({"a": {"b": 1}}, "a", goal="b"), zero, trace=9).trace)
        'A* (f = g + h) with h = zero'
    """
    name = algorithm_name(trace.algorithm, trace.weight)
    if trace.algorithm == "bfs" or not trace.heuristic:
        return name
    return f"{name} with h = {trace.heuristic}"


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
            [safe_text(board.label(t), 8) for t in range(board.size)] if board is not None else []
        )

    def board(self, state: object) -> BoardView:
        """The board of a state (only when ``boards``)."""
        board = _board_of(state)
        if board is None:
            shown = safe_text(repr(state), 60)
            raise TypeError(f"{shown} is not a board, unlike the trace's start")
        return board

    def text(self, state: object, limit: int | None = None) -> str:
        """One line: the label, a board's one-line form or ``str(state)``, made safe and cut."""
        if self.label is not None:
            return safe_text(self.label(state), limit)
        if self.boards:
            board = self.board(state)
            tiles = board.tiles
            text = "/".join(
                " ".join(self._cell(t) for t in tiles[r * board.cols : (r + 1) * board.cols])
                for r in range(board.rows)
            )
            return safe_text(text, limit)
        return safe_text(state, limit)

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
    return "-" if action is None else safe_text(action, 24)
