"""Heuristic values for many boards at once (numpy): users' batched functions and built-in ones.

>>> from slidingtiles import Board
>>> from slidingtiles._heuristics.registry import get
>>> goal = Board.goal(3, 3)
>>> h = builtin(get("manhattan"), goal)
>>> h(as_boards([goal.tiles, Board("1 2 3/4 0 6/7 5 8").tiles])).tolist()
[0, 2]

Loaded by name (`batched.numeric`) so importing the package does not import
numpy. `checked` holds a user's batched function to the rules of every
heuristic (`slidingtiles._heuristics.values`): the one place a batch's
values are validated (`validate`), so the rules can change in one place.
`builtin` values the library's own heuristics in batches: Manhattan distance
and additive pattern tables (digits or perm-ranked groups, 8- or 4-bit
entries, maxed with the reflection) as numpy lookups, any other one board
by board through its specialised function.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import numpy as np
from numpy.typing import NDArray

from slidingtiles._board import geometry
from slidingtiles._board.board import Board
from slidingtiles._engine.indexing import DIGITS, PERM, U4_EXCESS, U8_MOVES
from slidingtiles._engine.tables import PatternTables
from slidingtiles._errors import HeuristicError, HeuristicTypeError
from slidingtiles._heuristics.registry import HeuristicInfo
from slidingtiles._heuristics.values import bad_value, whole

__all__ = ["BoardsFunction", "as_boards", "builtin", "checked", "raw", "tables_batch", "validate"]

I64 = NDArray[np.int64]
#: ``boards -> values``: an (N, cells) array in, N int64 values out.
BoardsFunction = Callable[[I64], I64]


def as_boards(rows: Sequence[Sequence[int]] | NDArray[Any]) -> I64:
    """Tiles (tuples, lists or arrays) as the (N, cells) int64 array a batched heuristic takes.

    >>> as_boards([(1, 0, 2, 3)]).shape
    (1, 4)
    """
    return np.asarray(rows, dtype=np.int64).reshape(len(rows), -1)


def raw(name: str, function: Callable[[Any, Board], Any], boards: I64, goal: Board) -> Any:
    """``function(boards, goal)`` as a float array of N finite numbers, or the error saying why.

    Numbers that are negative or fractional pass (`check` reports them); an
    exception, a wrong count, NaN, an infinity or a value that is no number
    raise `HeuristicError` (`HeuristicTypeError`) naming the heuristic and a board.
    """
    try:
        result = function(boards, goal)
    except MemoryError:
        raise
    except Exception as exc:
        first = Board(tuple(int(t) for t in boards[0]), shape=goal.shape, labels=goal.labels)
        raise HeuristicError(
            f"batched heuristic {name!r} raised {type(exc).__name__} on a batch of "
            f"{len(boards)} boards (the first {first.to_text()}): {exc}",
            function,
            heuristic=name,
            board=first,
        ) from exc
    values = _array(result)
    if values is None or values.shape != (len(boards),):
        shape = getattr(values, "shape", None)
        raise HeuristicTypeError(
            f"batched heuristic {name!r} returned {type(result).__name__} of shape {shape} for "
            f"{len(boards)} boards: it returns one number per board, shape ({len(boards)},)",
            result,
            heuristic=name,
        )
    if values.dtype.kind == "b" or values.dtype.kind not in "iuf":
        bad = _first_bad(values, lambda v: isinstance(v, bool) or not isinstance(v, (int, float)))
        raise bad_value(name, _tiles(boards, bad), goal, values[bad].item())
    if values.dtype.kind == "f" and not np.isfinite(values).all():
        bad = int(np.flatnonzero(~np.isfinite(values))[0])
        raise bad_value(name, _tiles(boards, bad), goal, values[bad].item())
    return values.astype(np.float64)


def validate(name: str, boards: I64, goal: Board, result: Any) -> I64:
    """A batch's values as int64, or `HeuristicError` for the first that breaks a rule.

    >>> validate("h", as_boards([(1, 0, 2, 3)]), Board.goal(2, 2), np.array([2.5]))
    Traceback (most recent call last):
    ...
    slidingtiles._errors.HeuristicError: heuristic 'h' returned 2.5 on the board 1 0/2 3: not a whole number of moves (every move costs 1: round it up with math.ceil, which keeps an admissible estimate admissible)

    The rules are `values.whole`'s (a whole number >= 0, a float such as
    3.0 too), applied with one vectorised test for the usual case and
    board by board only to name the offender.
    """  # noqa: E501
    values = _array(result)
    if values is not None and values.shape == (len(boards),):
        if values.dtype.kind in "iu" and (len(values) == 0 or values.min() >= 0):
            ints: I64 = values.astype(np.int64)
            return ints
        if values.dtype.kind == "f":
            ok = np.isfinite(values) & (values >= 0)
            ok[ok] = values[ok] == np.floor(values[ok])
            if ok.all():
                whole_values: I64 = values.astype(np.int64)
                return whole_values
    checked_values = raw(name, lambda b, g: result, boards, goal)
    bad = _first_bad(checked_values, lambda v: whole(v) is None)
    raise bad_value(name, _tiles(boards, bad), goal, checked_values[bad].item())


def checked(name: str, function: Callable[[Any, Board], Any], goal: Board) -> BoardsFunction:
    """``boards -> values`` for a user's batched function, every batch's values `validate`d."""

    def values(boards: Any) -> I64:
        array = boards if isinstance(boards, np.ndarray) else as_boards(boards)
        try:
            result = function(array, goal)
        except MemoryError:
            raise
        except Exception:
            raw(name, function, array, goal)  # raises the error naming the batch
            raise
        return validate(name, array, goal, result)

    return values


def _array(result: Any) -> Any:
    """The result as a numpy array (a torch tensor through its ``numpy()``), or None."""
    if hasattr(result, "detach") and hasattr(result, "cpu"):  # a torch tensor
        result = result.detach().cpu().numpy()
    try:
        return np.asarray(result).reshape(-1) if np.ndim(result) <= 1 else np.asarray(result)
    except (TypeError, ValueError):
        return None


def _first_bad(values: Any, bad: Callable[[Any], bool]) -> int:
    for index, value in enumerate(values.tolist()):
        if bad(value):
            return index
    return 0


def _tiles(boards: I64, index: int) -> tuple[int, ...]:
    return tuple(int(t) for t in boards[index])


# -- the library's own heuristics, in batches ---------------------------------------------


def builtin(
    info: HeuristicInfo, goal: Board, tables: PatternTables | None = None
) -> BoardsFunction:
    """``boards -> values`` for a library heuristic (``tables``: the pdb heuristic's tables).

    Manhattan distance and pattern tables are numpy lookups over the whole
    batch; any other heuristic runs board by board through its specialised
    function (the same values, at the one-board speed).
    """
    if info.name == "manhattan":
        return _manhattan(goal)
    if tables is not None:
        return tables_batch(tables)
    one = info.for_goal(goal)
    return lambda boards: np.fromiter(
        (one(tuple(row)) for row in boards.tolist()), dtype=np.int64, count=len(boards)
    )


def _manhattan(goal: Board) -> BoardsFunction:
    cells = goal.size
    table = np.array(geometry.distance_table(goal.rows, goal.cols, goal.tiles), dtype=np.int64)
    where = np.arange(cells, dtype=np.int64)

    def values(boards: I64) -> I64:
        summed: I64 = table[boards * cells + where].sum(axis=1)
        return summed

    return values


def tables_batch(db: PatternTables) -> BoardsFunction:
    """``boards -> values`` of additive pattern tables, as ``db.value`` gives them one at a time.

    >>> from slidingtiles.pdb import PatternDatabase
    >>> db = PatternDatabase.build(2, 3, groups=[(1, 2), (3, 4, 5)])
    >>> boards = as_boards([(4, 1, 2, 0, 5, 3), (1, 2, 3, 4, 5, 0)])
    >>> tables_batch(db)(boards).tolist() == [db.value(tuple(b)) for b in boards.tolist()]
    True

    Digits and perm-ranked groups with 8- or 4-bit entries are numpy
    lookups; other encodings (the zero-aware ones) run board by board.
    """
    if any(e not in (DIGITS, PERM) for e in db.encodings) or db.entry not in (U8_MOVES, U4_EXCESS):
        return lambda boards: np.fromiter(
            (db.value(tuple(row)) for row in boards.tolist()), dtype=np.int64, count=len(boards)
        )
    cells = db.cells
    frame = db.frame
    canon = db if frame is None else db.for_goal(db.goal)
    groups = [np.array(g, dtype=np.int64) for g in canon.groups]
    tables = [np.frombuffer(t, dtype=np.uint8) for t in canon.tables]
    encodings = canon.encodings
    u4 = canon.entry == U4_EXCESS
    reflect = canon.reflect and not canon.perfect
    mirror = np.array(canon.mirror, dtype=np.int64) if reflect else None
    transpose = np.array(canon.transpose, dtype=np.int64) if reflect else None
    if frame is not None:
        moved_to = np.array(frame.symmetry.cells, dtype=np.int64)
        relabel = np.array(frame.relabel, dtype=np.int64)
    home = np.array(geometry.home_cells(canon.goal), dtype=np.int64)
    cols = canon.cols

    def index(cell_of: I64, g: int) -> I64:
        positions = cell_of[:, groups[g]]
        if encodings[g] == DIGITS:
            weights = cells ** np.arange(len(groups[g]), dtype=np.int64)
            return positions @ weights
        rank = np.zeros(len(cell_of), dtype=np.int64)
        for i in range(positions.shape[1]):
            p = positions[:, i]
            below = (positions[:, :i] < p[:, None]).sum(axis=1)
            rank = rank * (cells - i) + (p - below)
        return rank

    def total(cell_of: I64) -> I64:
        h = np.zeros(len(cell_of), dtype=np.int64)
        for g in range(len(groups)):
            i = index(cell_of, g)
            if u4:
                nibble = (tables[g][i >> 1] >> (4 * (i & 1))) & 15
                where = cell_of[:, groups[g]]
                goal_at = home[groups[g]]
                md = (
                    np.abs(where // cols - goal_at // cols) + np.abs(where % cols - goal_at % cols)
                ).sum(axis=1)
                h += md + 2 * nibble.astype(np.int64)
            else:
                h += tables[g][i]
        return h

    def values(boards: I64) -> I64:
        if frame is not None:
            turned = np.empty_like(boards)
            turned[:, moved_to] = relabel[boards]
            boards = turned
        cell_of = np.argsort(boards, axis=1)  # cell_of[:, t]: the cell of tile t
        h = total(cell_of)
        if reflect:
            assert mirror is not None
            assert transpose is not None
            mirrored = np.empty_like(cell_of)
            mirrored[:, mirror] = transpose[cell_of]
            h = np.maximum(h, total(mirrored))
        return h

    return values
