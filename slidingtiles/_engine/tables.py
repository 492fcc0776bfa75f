"""What kernels share: the protocol by which they see a pattern database, and their result.

>>> from slidingtiles.pdb import PatternDatabase
>>> isinstance(PatternDatabase.build(2, 2), PatternTables)
True

The tables themselves (partitions, files, the cache) live in
`slidingtiles.heuristics`, a layer above the engine; the kernels see only this.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol, runtime_checkable

from slidingtiles._board.symmetry import IDENTITY_ORDER, Frame
from slidingtiles.search import SearchStats

__all__ = ["IDENTITY_ORDER", "EngineResult", "Order", "PatternTables", "Table", "canonical_tables"]

#: One group's table: ``bytes``, or a view into the database's contiguous buffer.
Table = bytes | memoryview
#: What every search kernel returns: the blank's moves (``"UDLR"`` letters) and the statistics.
EngineResult = tuple[str, SearchStats]
#: ``order[k]``: the direction, on the board a kernel searches, of the caller's direction k
#: (`slidingtiles._board.symmetry.Frame.order`); kernels try and name moves in the caller's.
Order = tuple[int, int, int, int]


@runtime_checkable
class PatternTables(Protocol):
    """Additive pattern tables for one shape and goal, as the kernels read them.

    Attributes:
        rows: the board's rows.
        cols: the board's columns.
        cells: ``rows * cols``.
        goal: the goal's tiles, row-major, 0 the blank.
        groups: the tile groups, in table order.
        encodings: per group, `indexing.DIGITS` or `indexing.PERM`.
        entry: what an entry holds: `indexing.U8_MOVES` or `indexing.U4_EXCESS`.
        tables: per group, the entries.
        reflect: whether the value is maxed with the board mirrored about the main diagonal.
        mirror: ``mirror[t]``: the tile whose goal cell is t's goal cell transposed.
        transpose: ``transpose[c]``: cell c mirrored (empty unless the board is square).
        frame: None, or how another goal maps onto `goal` when these tables
            answer for that goal (`value` then takes boards of that goal's
            frame); kernels search the tables of `goal` (``for_goal(goal)``).
    """

    rows: int
    cols: int
    cells: int
    goal: tuple[int, ...]
    groups: tuple[tuple[int, ...], ...]
    encodings: tuple[str, ...]
    entry: str
    tables: tuple[Table, ...]
    reflect: bool
    mirror: tuple[int, ...]
    transpose: tuple[int, ...]
    frame: Frame | None

    @property
    def companions(self) -> Sequence[PatternTables]:
        """More partitions of `goal`'s tiles maxed with these (a table set); empty for one."""

    @property
    def perfect(self) -> bool:
        """Whether one group holds every tile (the value is then the exact distance)."""

    def contiguous(self) -> tuple[memoryview, tuple[int, ...]]:
        """The tables back to back in one buffer, then a zero entry, and their offsets."""

    def value(self, tiles: Sequence[int]) -> int:
        """The heuristic value of a board (O(cells))."""

    def for_goal(self, goal: Sequence[int]) -> PatternTables:
        """The same tables answering for another goal of the same canonical goal."""


def canonical_tables(db: PatternTables) -> PatternTables:
    """The tables the kernels search: ``db`` itself, or, when it answers for another goal
    (``frame`` set), the same tables for their own (canonical) goal.

    >>> from slidingtiles.pdb import PatternDatabase
    >>> db = PatternDatabase.build(2, 2)  # the blank-last goal, answered by blank-first tables
    >>> db.frame is None, canonical_tables(db).goal, canonical_tables(db).frame
    (False, (0, 1, 2, 3), None)
    """
    return db if db.frame is None else db.for_goal(db.goal)
