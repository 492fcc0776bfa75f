"""What both kernel packages know of a user's heuristic: the `UserHeuristic` protocol, its faults.

>>> VERIFY_NODES, FAULTS[NEGATIVE], FAULTS[AT_GOAL]
(1024, 'negative', 'at_goal')

A user's heuristic (`slidingtiles.heuristics.compiled`, a layer above) reaches
the engine as a `UserHeuristic`: a full evaluation ``function(tiles, home,
rows, cols) -> int`` over the flat board (``tiles[cell]`` is the tile there,
0 the blank; ``home[tile]`` the cell the tile has in the goal), optionally an
incremental ``delta(tiles, home, rows, cols, tile, src, dst) -> int``, and
``fault``, which turns what a kernel found wrong into the error to raise. The
kernels (`python.user` and `numba.user`, searching the same tree) check every
value as it comes, in this order: an exception or a value that is not an
integer (`RAISED`, `NOT_INTEGER`); for the first `VERIFY_NODES` children of
a search with ``delta``, the full evaluation differing from the parent's
value plus ``delta`` (`DELTA`); a negative value (`NEGATIVE`); one above
`search._checks.MAX_HEURISTIC` (`TOO_LARGE`: the one range of heuristic
values, so int64 sums never wrap around); a value other than 0 on the goal
(`AT_GOAL`). Both kernels give the user's functions copies of the board and
of ``home`` (fresh before every call), never the search's own arrays: a
heuristic that writes into what it is given changes nothing the search reads.
The numba kernel also reports a function numba cannot compile (`COMPILE`).
The goal is recognised by the tiles out of place, counted move by move,
never by the heuristic's 0, so a heuristic wrong at the goal is caught
instead of searched past for ever.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Protocol

__all__ = [
    "AT_GOAL",
    "COMPILE",
    "DELTA",
    "FAULTS",
    "NEGATIVE",
    "NOT_INTEGER",
    "RAISED",
    "TOO_LARGE",
    "VERIFY_NODES",
    "UserHeuristic",
]

#: Children of a search whose incremental value is checked against the full evaluation.
VERIFY_NODES = 1024

# What a kernel can find wrong with a value (the numba kernel reports the code, then `fault`).
RAISED, NOT_INTEGER, NEGATIVE, AT_GOAL, DELTA, COMPILE, TOO_LARGE = range(1, 8)
#: Each fault's name, as `UserHeuristic.fault` receives it.
FAULTS = {
    RAISED: "raised",
    NOT_INTEGER: "not_integer",
    NEGATIVE: "negative",
    AT_GOAL: "at_goal",
    DELTA: "delta",
    COMPILE: "compile",
    TOO_LARGE: "too_large",
}


class UserHeuristic(Protocol):
    """A user's heuristic as the kernels call it.

    Attributes:
        name: its name, for messages.
        function: ``h(tiles, home, rows, cols) -> int``: the value of a board.
            The pure-Python kernel calls it on lists, the numba kernel
            compiles it (specialised to the board's shape) and calls it on
            int64 arrays.
        delta: None, or ``delta(tiles, home, rows, cols, tile, src, dst) ->
            int``: how the value changes when ``tile`` slides from cell
            ``src`` to cell ``dst`` (``tiles`` already shows the move).
    """

    @property
    def name(self) -> str: ...

    @property
    def function(self) -> Callable[..., Any]: ...

    @property
    def delta(self) -> Callable[..., Any] | None: ...

    def fault(
        self,
        kind: str,
        tiles: Sequence[int],
        shape: tuple[int, int],
        value: object,
        expected: object = None,
    ) -> Exception:
        """The error to raise for a fault (`FAULTS`) found on these tiles.

        ``value`` is what the heuristic returned (for ``"raised"`` the
        exception; for ``"not_integer"`` in the numba kernel, the compiled
        function's return type; for ``"compile"``, numba's error);
        ``expected`` is, for ``"delta"``, the full evaluation.
        """
