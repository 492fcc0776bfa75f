"""Heuristics valued many boards at a time (a neural network's way): `batched`.

>>> import numpy as np
>>> @batched(admissible=True, consistent=True)
... def misplaced_many(boards, goal):
...     tiles = np.array(goal.tiles)
...     return ((boards != tiles) & (boards != 0)).sum(axis=1)
>>> from slidingtiles import Board
>>> misplaced_many(Board("1 2 3/4 0 6/7 5 8"), Board.goal(3, 3))
2

A batched heuristic is a function ``f(boards, goal) -> values``: ``boards``
an integer numpy array of shape (N, cells), each row a board's tiles in
reading order (0 the blank), ``goal`` a `Board`, ``values`` N whole numbers
>= 0 (an array or a sequence). Any model that takes numpy plugs in: PyTorch,
JAX, ONNX Runtime. `batched` wraps it in a `BatchedHeuristic`, which is
still an ordinary ``h(board, goal)`` (one board as a batch of one), so
`check`, `compare`, `register` and every `solve` algorithm take it; batch-
weighted A* (``solve(..., algorithm="bwas")``) and `check` call it on many
boards at once. Its values are held to the rules of every heuristic
(`slidingtiles._heuristics.values`), checked in one place for a whole batch
(`batch_values.checked`).

This module imports no numpy: the batch machinery (`batch_values`) is
loaded by name when a batched heuristic first runs.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any, overload

import attrs

from slidingtiles._board.board import Board
from slidingtiles._errors import HeuristicError, HeuristicTypeError
from slidingtiles._heuristics.registry import HeuristicInfo, TilesHeuristic

__all__ = ["BatchFunction", "BatchedHeuristic", "batched", "batched_of", "numeric"]

#: ``f(boards, goal) -> values``: boards an (N, cells) integer array, values N numbers.
BatchFunction = Callable[[Any, Board], Any]


def numeric() -> Any:
    """The numpy half of batched heuristics (`batch_values`), loaded by name when first used."""
    return importlib.import_module("slidingtiles._heuristics.batch_values")


@attrs.frozen(eq=False)
class BatchedHeuristic:
    """A heuristic valued on many boards per call: what `batched` returns.

    >>> h = BatchedHeuristic("zero", lambda boards, goal: [0] * len(boards), admissible=True)
    >>> h(Board("1 2/0 3"), Board.goal(2, 2)), h.info.admissible
    (0, True)

    Attributes:
        name: its name in solutions and messages (the function's by default).
        batch_function: ``f(boards, goal) -> values``.
        admissible: claimed never to overestimate (`solve` then reports optimal solutions).
        consistent: claimed to change by at most one per move.
        description: one line for listings (the docstring's first line by default).
    """

    name: str
    batch_function: BatchFunction
    admissible: bool
    consistent: bool = False
    description: str = ""

    def __call__(self, board: Board, goal: Board) -> int:
        """The value of one board: the batch function on a batch of one, checked."""
        return self.for_goal(goal)(board.tiles)  # type: ignore[return-value]

    def for_goal(self, goal: Board) -> TilesHeuristic:
        """``tiles -> h`` for one goal: one board per call (the one-at-a-time searches)."""
        many = self.many(goal)
        return lambda tiles: int(many([tiles])[0])

    def many(self, goal: Board) -> Callable[[Any], Any]:
        """``boards -> values`` for one goal, every value checked (an int64 array)."""
        return numeric().checked(self.name, self.batch_function, goal)  # type: ignore[no-any-return]

    @property
    def info(self) -> HeuristicInfo:
        """The heuristic with its claims, as `solve` and `check` take it unregistered."""
        return HeuristicInfo(
            self.name,
            self,
            self.admissible,
            self.consistent,
            self.description,
            specialize=self.for_goal,
        )


def batched_of(info: HeuristicInfo) -> BatchedHeuristic | None:
    """The `BatchedHeuristic` behind a heuristic (registered or not), or None.

    >>> from slidingtiles._heuristics.registry import get
    >>> batched_of(get("manhattan")) is None
    True
    """
    function = info.function
    return function if isinstance(function, BatchedHeuristic) else None


@overload
def batched(
    function: BatchFunction,
    *,
    admissible: bool,
    consistent: bool = False,
    name: str | None = None,
    description: str = "",
) -> BatchedHeuristic: ...
@overload
def batched(
    function: None = None,
    *,
    admissible: bool,
    consistent: bool = False,
    name: str | None = None,
    description: str = "",
) -> Callable[[BatchFunction], BatchedHeuristic]: ...
def batched(
    function: BatchFunction | None = None,
    *,
    admissible: bool,
    consistent: bool = False,
    name: str | None = None,
    description: str = "",
) -> BatchedHeuristic | Callable[[BatchFunction], BatchedHeuristic]:
    """Make ``f(boards, goal) -> values`` a heuristic valued in batches (decorator or call).

    >>> h = batched(lambda boards, goal: (boards[:, 0] != goal.tiles[0]).astype(int),
    ...             admissible=True, name="first_tile")
    >>> h.name, h.admissible
    ('first_tile', True)

    ``admissible`` is required, as for `register`: say honestly whether the
    estimate can exceed the true distance (`solve` reports an answer optimal
    only on that claim, and checks it on every board of shapes up to 9 cells
    first, `HeuristicClaimError` otherwise). The result can be passed to
    `solve` as it is, or registered (`register(name, h, admissible=...)`).

    Raises `HeuristicTypeError` for a function that is not callable and
    `HeuristicError` for a consistent but inadmissible claim.
    """
    if consistent and not admissible:
        raise HeuristicError(
            "a consistent heuristic is admissible; say so (admissible=True)",
            consistent,
            heuristic=name,
        )

    def decorate(func: BatchFunction) -> BatchedHeuristic:
        if not callable(func):
            raise HeuristicTypeError(
                f"a batched heuristic must be callable, not {func!r}", func, heuristic=name
            )
        label = str(name or getattr(func, "__name__", type(func).__name__))
        text = description or (getattr(func, "__doc__", None) or "").strip().split("\n")[0]
        return BatchedHeuristic(label, func, bool(admissible), bool(consistent), text)

    return decorate if function is None else decorate(function)
