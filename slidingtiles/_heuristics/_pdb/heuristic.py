"""The ``pdb`` heuristic: the goal's default pattern database, registered on import.

>>> from slidingtiles.heuristics import get
>>> get("pattern_database").name, get("pdb").admissible
('pdb', True)
"""

from __future__ import annotations

from slidingtiles._board.board import Board
from slidingtiles._heuristics._pdb.first_use import auto_available, load_for_solving
from slidingtiles._heuristics.registry import FastHeuristic, register

__all__ = ["pattern_database"]


def _pdb_for(goal: Board) -> FastHeuristic:
    return load_for_solving(goal).value


def pattern_database(board: Board, goal: Board) -> int:
    """Return the additive pattern database value of the goal's default partition.

    >>> import os, tempfile
    >>> from unittest import mock
    >>> with mock.patch.dict(os.environ, SLIDINGTILES_CACHE_DIR=tempfile.mkdtemp()):
    ...     pattern_database(Board("6 4 7/8 5 0/3 2 1"), Board.goal(3, 3))
    31

    The table is loaded from the cache, or built (and saved) on first use as
    `load_for_solving` does for `solve`: about a second for 3x3, half a
    minute for the 4x4 6-6-3 tables, announced by a `TableBuildWarning`; with
    ``SLIDINGTILES_BUILD_TABLES=0`` a missing table raises
    `PatternDatabaseError` instead. On
    boards of at most 9 cells the table is perfect (the exact distance).
    Admissible: a move moves one tile of one group, so the sum over groups
    never exceeds the moves left, and the reflection has the same distance.
    Not consistent in general: a table keeps the least cost over the blank's
    regions, and one move can change that least cost by more than one (the
    perfect tables of small boards are consistent).
    """
    return _pdb_for(goal)(board.tiles)


register(
    "pdb",
    pattern_database,
    admissible=True,
    consistent=False,
    strength=50,
    aliases=("pattern_database", "additive_pdb"),
    description="additive disjoint pattern databases (max with the diagonal reflection)",
    specialize=_pdb_for,
    applies_to=auto_available,
)
