"""Choosing how to solve: resolving the heuristic (``"auto"`` too), the engine and its table.

>>> from slidingtiles import Board
>>> goal = Board.goal(3, 3)
>>> [_resolve_heuristic(name, goal, goal).name for name in ("hamming", "auto")]
['misplaced', 'pdb']
>>> _engine_database(heuristics.get("manhattan"), goal, goal)
(True, None)

`solve` asks these in turn: which registered heuristic a name, a callable or
``"auto"`` means; whether the tile engine runs it (and, for ``"pdb"``, which
pattern table, loading or building it once, logged); otherwise the heuristic
specialised to the goal for the generic search, after a sanity check.
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
from slidingtiles.heuristics import HeuristicInfo, _pdb

__all__ = ["HeuristicLike"]

#: A heuristic: a registered name, ``"auto"``, a `HeuristicInfo`, or ``h(board, goal) -> int``.
HeuristicLike: TypeAlias = "str | heuristics.HeuristicInfo | heuristics.Heuristic"

_LOG = logging.getLogger("slidingtiles")


def _resolve_heuristic(heuristic: HeuristicLike, start: Board, goal: Board) -> HeuristicInfo:
    """The `HeuristicInfo` a name, ``"auto"``, an info or a callable stands for."""
    if isinstance(heuristic, HeuristicInfo):
        return heuristic
    if isinstance(heuristic, str):
        if heuristic == "auto":
            return _auto_heuristic(goal)
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


def _auto_heuristic(goal: Board) -> HeuristicInfo:
    """The strongest admissible heuristic that fits the goal (a table only if cached or quick)."""
    candidates = sorted(
        (i for i in heuristics.registry().values() if i.admissible),
        key=lambda info: info.strength,
        reverse=True,
    )
    for info in candidates:
        if info.applies_to is None or info.applies_to(goal):
            return info
    return candidates[-1]


def _build_logger(goal: Board) -> Callable[[_pdb.BuildProgress], None]:
    """Progress of a first-use table build, logged (INFO only when it takes a second or more)."""
    try:
        estimate = _pdb.estimate_build_seconds(goal.rows, goal.cols, goal=goal.tiles)
    except ValueError:
        estimate = 0.0
    level = logging.INFO if estimate >= 1.0 else logging.DEBUG
    if not _pdb.is_cached(goal.rows, goal.cols, goal.tiles):
        _LOG.log(
            level, "building the %dx%d pattern database (about %.0f s, once; then cached in %s)",
            goal.rows, goal.cols, estimate, _pdb.cache_dir(),
        )  # fmt: skip

    def log(progress: _pdb.BuildProgress) -> None:
        if progress.done:
            _LOG.log(
                level, "pattern database: group %d/%d (%d tiles) built in %.1f s",
                progress.group + 1, progress.groups, progress.group_size, progress.seconds,
            )  # fmt: skip

    return log


def _engine_database(
    info: HeuristicInfo, start: Board, goal: Board
) -> tuple[bool, _pdb.PatternDatabase | None]:
    """Whether the tile engine runs this (registered, built-in) heuristic, and its table."""
    if (
        info.name not in dispatch.ENGINE_HEURISTICS
        or heuristics.registry().get(info.name) is not info
    ):
        return False, None
    if info.name != "pdb":
        return True, None
    name = _pdb.preferred_partition(goal.rows, goal.cols, goal.tiles)
    if name != _pdb.default_partition_name(goal.rows, goal.cols):
        try:  # a cached stronger table, never rebuilt here: fall back to the default if damaged
            db = _pdb.load(goal.rows, goal.cols, goal.tiles, name, build_missing=False)
            return dispatch.supports("pdb", db), db
        except PatternDatabaseError as exc:
            _LOG.warning("the cached %s tables cannot be used (%s); using the default", name, exc)
    db = _pdb.load(goal.rows, goal.cols, goal.tiles, progress=_build_logger(goal))
    return dispatch.supports("pdb", db), db


def _checked(info: HeuristicInfo, start: Board, goal: Board) -> Callable[[TileState], float]:
    """Specialise the heuristic to the goal, after checking it returns sane numbers."""
    fast = info.for_goal(goal)
    for board, where in ((start, "the start"), (goal, "the goal")):
        value: Any = fast(board.tiles)
        if isinstance(value, bool) or not isinstance(value, Real) or not math.isfinite(value):
            raise TypeError(f"heuristic {info.name!r} returned {value!r} for {where}, not a number")
        if value < 0:
            raise ValueError(f"heuristic {info.name!r} returned {value!r} for {where}: negative")
    return lambda state: fast(state.tiles)
