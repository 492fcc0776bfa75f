"""Choosing how to solve: resolving the heuristic (``"auto"`` too), the engine and its table.

>>> from slidingtiles import Board
>>> goal = Board.goal(3, 3)
>>> [_resolve_heuristic(name, goal, goal).name for name in ("hamming", "auto")]
['misplaced', 'pdb']
>>> _engine_database(heuristics.get("manhattan"), goal, goal)
(True, None)

`solve` asks these in turn: which registered heuristic a name, a callable or
``"auto"`` means; whether the tile engine runs it (and, for ``"pdb"``, which
pattern table); otherwise the heuristic specialised to the goal for the
generic search, after a sanity check. Every table comes through
`first_use.load_for_solving`, which builds a missing one only if ``build_tables``
and ``$SLIDINGTILES_BUILD_TABLES`` allow it, announcing a noticeable build
with a `TableBuildWarning`; when they do not, ``"auto"`` passes over an
uncached table (logged at INFO) and an explicit ``"pdb"`` raises
`PatternDatabaseError` saying how to build the table.
"""

from __future__ import annotations

import logging
import math
from collections.abc import Callable
from numbers import Real
from typing import Any, TypeAlias

from slidingtiles import heuristics
from slidingtiles._board.board import Board
from slidingtiles._engine import dispatch
from slidingtiles._errors import PatternDatabaseError
from slidingtiles._solve.tile_state import TileState
from slidingtiles.heuristics import HeuristicInfo
from slidingtiles.heuristics._pdb import first_use, store
from slidingtiles.heuristics._pdb.database import PatternDatabase
from slidingtiles.heuristics._pdb.partition import default_partition_name

__all__ = ["HeuristicLike"]

#: A heuristic: a registered name, ``"auto"``, a `HeuristicInfo`, or ``h(board, goal) -> int``.
HeuristicLike: TypeAlias = "str | heuristics.HeuristicInfo | heuristics.Heuristic"

_LOG = logging.getLogger("slidingtiles")


def _resolve_heuristic(
    heuristic: HeuristicLike, start: Board, goal: Board, *, build_tables: bool = True
) -> HeuristicInfo:
    """The `HeuristicInfo` a name, ``"auto"``, an info or a callable stands for.

    ``build_tables`` (and the environment variable) are checked here, for
    every solve that searches, so a bad value fails at once, table or not.
    """
    allowed = first_use.implicit_builds_allowed(build_tables)
    if isinstance(heuristic, HeuristicInfo):
        return heuristic
    if isinstance(heuristic, str):
        if heuristic == "auto":
            return _auto_heuristic(goal, allowed)
        return heuristics.get(heuristic)
    if callable(heuristic):
        for info in heuristics.registry().values():
            if info.function is heuristic:
                return info
        # Unregistered: nothing vouches for admissibility, so optimality is not claimed.
        name = getattr(heuristic, "__name__", type(heuristic).__name__)
        return HeuristicInfo(name, heuristic, admissible=False, consistent=False)
    raise TypeError(
        f"heuristic must be a name, a HeuristicInfo or a callable h(board, goal), not {heuristic!r}"
    )


def _auto_heuristic(goal: Board, build_tables: bool = True) -> HeuristicInfo:
    """The strongest admissible heuristic that fits the goal (a table only if cached or quick).

    With ``build_tables`` False a table counts only if cached: the choice then
    falls to the best heuristic without one, logged at INFO.
    """
    candidates = sorted(
        (i for i in heuristics.registry().values() if i.admissible),
        key=lambda info: info.strength,
        reverse=True,
    )
    refused = False
    for info in candidates:
        if info.applies_to is first_use.auto_available:  # the pattern database: may it be built?
            if first_use.auto_available(goal, build_tables=build_tables):
                return info
            refused = refused or not build_tables
        elif info.applies_to is None or info.applies_to(goal):
            if refused:
                _LOG.info(
                    "heuristic 'auto': no %dx%d pattern database is cached and building tables "
                    "implicitly is off, so %r is used", goal.rows, goal.cols, info.name,
                )  # fmt: skip
            return info
    return candidates[-1]


def _is_table_heuristic(info: HeuristicInfo) -> bool:
    """True for the registered ``pdb`` heuristic (its table comes from `load_for_solving`)."""
    return heuristics.registry().get("pdb") is info


def _engine_database(
    info: HeuristicInfo, start: Board, goal: Board, *, build_tables: bool = True
) -> tuple[bool, PatternDatabase | None]:
    """Whether the tile engine runs this (registered, built-in) heuristic, and its table.

    The table is loaded, or built on first use as `first_use.load_for_solving`
    allows (it raises `PatternDatabaseError` when building is refused).
    """
    if (
        info.name not in dispatch.ENGINE_HEURISTICS
        or heuristics.registry().get(info.name) is not info
    ):
        return False, None
    if info.name != "pdb":
        return True, None
    name = store.preferred_partition(goal.rows, goal.cols, goal.tiles)
    if name != default_partition_name(goal.rows, goal.cols):
        try:  # a cached stronger table, never rebuilt here: fall back to the default if damaged
            db = store.load(goal.rows, goal.cols, goal.tiles, name, build_missing=False)
            return dispatch.supports("pdb", db), db
        except PatternDatabaseError as exc:
            _LOG.warning("the cached %s tables cannot be used (%s); using the default", name, exc)
    db = first_use.load_for_solving(goal, build_tables=build_tables)
    return dispatch.supports("pdb", db), db


def _checked(
    info: HeuristicInfo, start: Board, goal: Board, *, build_tables: bool = True
) -> Callable[[TileState], float]:
    """Specialise the heuristic to the goal, after checking it returns sane numbers.

    The ``pdb`` heuristic's table is made ready first, as ``build_tables`` allows.
    """
    if _is_table_heuristic(info):
        first_use.load_for_solving(goal, build_tables=build_tables)
    fast = info.for_goal(goal)
    for board, where in ((start, "the start"), (goal, "the goal")):
        value: Any = fast(board.tiles)
        if isinstance(value, bool) or not isinstance(value, Real) or not math.isfinite(value):
            raise TypeError(f"heuristic {info.name!r} returned {value!r} for {where}, not a number")
        if value < 0:
            raise ValueError(f"heuristic {info.name!r} returned {value!r} for {where}: negative")
    return lambda state: fast(state.tiles)
