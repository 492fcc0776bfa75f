"""What drawing needs of a board and of a solution: Protocols, so this layer imports nothing.

>>> from slidingtiles import Board, solve
>>> isinstance(Board("1 2/3 0"), BoardView), isinstance(solve("1 2/0 3"), SolutionView)
(True, True)
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Protocol, runtime_checkable

__all__ = ["BoardView", "SolutionView"]


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
