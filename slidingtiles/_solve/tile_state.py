"""The tile-puzzle adapter: a board and its goal as a `State` for the generic search."""

from __future__ import annotations

from collections.abc import Iterator

from slidingtiles._board.board import Board, trusted_board
from slidingtiles._board.geometry import LETTERS, blank_moves
from slidingtiles._errors import GoalMismatchError

__all__ = ["TileState"]


class _Puzzle:
    """What every state of one puzzle shares: shape, goal and the blank's moves per cell."""

    __slots__ = ("cols", "goal", "goal_tiles", "labels", "moves_from", "rows")

    def __init__(self, goal: Board) -> None:
        self.rows, self.cols = goal.shape
        self.goal = goal
        self.goal_tiles = goal.tiles
        self.labels = goal.labels
        # (letter, cell) per legal blank move, in U, D, L, R order (successor order).
        self.moves_from = tuple(
            tuple((LETTERS[code], cell) for cell, code in options)
            for options in blank_moves(self.rows, self.cols)
        )


class TileState:
    """A tile configuration on its way to a goal, usable by any search in `slidingtiles.search`.

    >>> from slidingtiles.search import bfs
    >>> start = TileState.from_boards(Board("1 2 3/4 5 6/7 0 8"), Board.goal(3, 3))
    >>> result = bfs(start)
    >>> result.actions, result.path[-1].is_goal()
    (('R',), True)

    Actions are blank moves (``U``, ``D``, ``L``, ``R``), every step costs 1.
    States hash and compare by their tiles (states of one puzzle share the
    goal). `successors` builds one tuple per neighbour: O(n) per state.
    """

    __slots__ = ("_hash", "_puzzle", "blank", "tiles")

    def __init__(self, puzzle: _Puzzle, tiles: tuple[int, ...], blank: int) -> None:
        self._puzzle = puzzle
        self.tiles = tiles
        self.blank = blank
        self._hash = hash(tiles)

    @classmethod
    def from_boards(cls, board: Board, goal: Board) -> TileState:
        """Return the state for ``board`` with ``goal`` as the target (shapes must match)."""
        if board.shape != goal.shape:
            raise GoalMismatchError(
                f"the goal is {goal.rows}x{goal.cols} but the board is {board.rows}x{board.cols}",
                goal,
            )
        return cls(_Puzzle(goal), board.tiles, board.blank)

    @property
    def board(self) -> Board:
        """This state as a `Board` (with the goal's labels)."""
        p = self._puzzle
        return trusted_board(p.rows, p.cols, self.tiles, p.labels)

    @property
    def goal(self) -> Board:
        """The goal this state is heading for."""
        return self._puzzle.goal

    def successors(self) -> Iterator[tuple[str, TileState, int]]:
        """Yield (blank move, next state, 1) for each legal move."""
        tiles, blank, puzzle = self.tiles, self.blank, self._puzzle
        for letter, cell in puzzle.moves_from[blank]:
            new = list(tiles)
            new[blank] = tiles[cell]
            new[cell] = 0
            yield letter, TileState(puzzle, tuple(new), cell), 1

    def is_goal(self) -> bool:
        """True when the tiles match the goal."""
        return self.tiles == self._puzzle.goal_tiles

    def __hash__(self) -> int:
        return self._hash

    def __eq__(self, other: object) -> bool:
        return isinstance(other, TileState) and self.tiles == other.tiles

    def __repr__(self) -> str:
        return f"TileState({self.board.to_text()!r})"
