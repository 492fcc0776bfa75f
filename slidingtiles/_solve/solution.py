"""`Solution`: the moves that solve a puzzle, the boards they pass through, what they cost."""

from __future__ import annotations

from collections.abc import Hashable
from functools import cached_property

import attrs

from slidingtiles._board.board import Board
from slidingtiles._board.moves import Moves
from slidingtiles._render import solution_svg
from slidingtiles.search import SearchStats

__all__ = ["Solution"]


@attrs.frozen
class Solution:
    """A solved puzzle: the moves, the boards they pass through, and what the search cost.

    >>> from slidingtiles import solve
    >>> sol = solve("1 2 3/4 0 6/7 5 8")
    >>> sol.moves, sol.tiles, len(sol), sol.optimal
    (Moves('DR'), (5, 8), 2, True)
    >>> print(sol.boards[-1])
    1 2 3
    4 5 6
    7 8 .

    Attributes:
        start: the board solved.
        goal: the goal reached.
        moves: the blank's moves, a `Moves` string (``"DR"``: blank down, then right).
        optimal: True only when the algorithm and heuristic guarantee a shortest solution.
        heuristic: the name of the heuristic used (``"none"`` for BFS).
        algorithm: the algorithm that ran (``"astar"``, ``"idastar"``, ...).
        stats: `SearchStats`: nodes expanded and generated (COS 226's "states
            enqueued"), largest frontier, seconds.

    ``tiles`` (the tile that slides at each step, by label on labelled boards
    see `tile_labels`) and ``boards`` are derived by replaying the moves.
    """

    start: Board
    goal: Board
    moves: Moves
    optimal: bool
    heuristic: str
    algorithm: str
    stats: SearchStats
    #: A proven lower bound on the optimal length: the length itself when optimal, the
    #: Manhattan distance for "reduce", None when nothing is known.
    lower_bound: int | None = None

    def __len__(self) -> int:
        return len(self.moves)

    def _repr_svg_(self) -> str:
        """Animate the solution in notebooks (Jupyter calls this)."""
        return solution_svg(self)

    @property
    def length(self) -> int:
        """Number of moves."""
        return len(self.moves)

    @cached_property
    def boards(self) -> tuple[Board, ...]:
        """Every board from start to goal, ``len(moves) + 1`` of them."""
        boards = [self.start]
        for move in self.moves:
            boards.append(boards[-1].move(move))
        return tuple(boards)

    @cached_property
    def tiles(self) -> tuple[int, ...]:
        """The tile that slides at each step (the one the blank swaps with)."""
        # A flat replay: O(moves + cells), where going through `boards` is O(moves x cells).
        cols = self.start.cols
        cells = list(self.start.tiles)
        blank = self.start.blank
        offset = {"U": -cols, "D": cols, "L": -1, "R": 1}
        slid = []
        for move in self.moves:
            cell = blank + offset[move]
            slid.append(cells[cell])
            cells[blank], cells[cell] = cells[cell], 0
            blank = cell
        return tuple(slid)

    @property
    def tile_labels(self) -> tuple[Hashable, ...]:
        """The sliding tiles by label (the same as `tiles` on unlabelled boards)."""
        return tuple(self.start.label(t) for t in self.tiles)

    def __str__(self) -> str:
        kind = "optimal" if self.optimal else "not proven optimal"
        return (
            f"{len(self)} moves ({kind}, {self.algorithm} + {self.heuristic}): {self.moves or '-'}"
        )
