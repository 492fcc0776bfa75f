"""IDA* with a user's heuristic on one mutable board: the Python kernel.

>>> from slidingtiles.search import Guard
>>> class Misplaced:
...     name, delta = "misplaced", None
...     @staticmethod
...     def function(tiles, home, rows, cols):
...         return sum(1 for cell, tile in enumerate(tiles) if tile and home[tile] != cell)
>>> guard = Guard("idastar", max_nodes=None, time_limit=None, max_memory=None, progress=None,
...               progress_every=1 << 14, state_bytes=0, time_stride=1 << 14)
>>> ida_user(3, 3, (1, 2, 3, 4, 5, 6, 7, 8, 0), [1, 2, 3, 4, 0, 6, 7, 5, 8], guard, Misplaced)[0]
'DR'

The search of `slidingtiles._engine.python.manhattan` (same move order, same
pruning of duplicate move sequences) with the heuristic's value computed by
the user's function on the board as a list: in full on every child, or as the
parent's value plus ``delta`` for the tile that moved. Each value is checked
as `slidingtiles._engine.user` says, in the order the numba kernel of the
same name checks it, so both search the same nodes and report the same fault
on the same board.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from numbers import Integral

from slidingtiles._board.geometry import LETTERS, blank_moves, home_cells
from slidingtiles._engine.pruning import pruning_table, start_state
from slidingtiles._engine.tables import EngineResult
from slidingtiles._engine.user import VERIFY_NODES, UserHeuristic
from slidingtiles.search import Guard
from slidingtiles.search._checks import MAX_HEURISTIC

__all__ = ["ida_user"]


def ida_user(
    rows: int,
    cols: int,
    goal_tiles: tuple[int, ...],
    tiles: list[int],
    guard: Guard,
    user: UserHeuristic,
) -> EngineResult:
    """IDA* with ``user``'s heuristic, each value checked (the fault's error is raised)."""
    cells = rows * cols
    shape = (rows, cols)
    goal = list(goal_tiles)
    home = home_cells(goal)
    function, delta = user.function, user.delta
    moves = [
        tuple((n, LETTERS[code], code) for n, code in options)
        for options in blank_moves(rows, cols)
    ]

    def integer(value: object) -> int:
        """The value as an int, or the fault of a value that is not an integer."""
        if isinstance(value, Integral) and not isinstance(value, bool):
            return int(value)
        raise user.fault("not_integer", list(tiles), shape, value)

    def called(call: Callable[..., object], *args: int) -> int:
        """``call(tiles, home, rows, cols, *args)`` as an int; its exception becomes a fault."""
        try:  # copies: whatever the function writes, the search's board stays as it is
            value = call(tiles[:], home[:], rows, cols, *args)
        except MemoryError:
            raise
        except Exception as exc:
            raise user.fault("raised", list(tiles), shape, exc) from exc
        return value if type(value) is int else integer(value)

    h0 = called(function)
    if h0 < 0:
        raise user.fault("negative", list(tiles), shape, h0)
    if h0 > MAX_HEURISTIC:
        raise user.fault("too_large", list(tiles), shape, h0)
    wrong0 = sum(1 for c in range(cells) if tiles[c] != goal[c])
    path: list[str] = []
    expanded = generated = 0
    check_at = guard.first_pause()
    verify = VERIFY_NODES if delta is not None else 0
    bound = h0
    inf = sys.maxsize
    prune = pruning_table(rows, cols)

    # The depth-first loop of `manhattan.ida_manhattan`, the goal told by the tiles out of place
    # (`wrong`), never by the heuristic's 0; each value checked in `user`'s order.
    def dfs(blank: int, g: int, prev: int, h: int, seq: int, wrong: int) -> int:
        nonlocal expanded, generated, check_at, verify
        expanded += 1
        if expanded >= check_at:
            check_at = guard.pause(expanded, generated)
        g1 = g + 1
        limit = bound - g1
        best = inf
        for n, letter, code in moves[blank]:
            if n == prev:
                continue
            nseq = prune[seq + code]
            if nseq < 0:  # a duplicate move sequence: an equivalent path is searched instead
                continue
            generated += 1
            t = tiles[n]
            tiles[blank] = t
            tiles[n] = 0
            nwrong = wrong + (t != goal[blank]) + (goal[n] != 0) - (goal[blank] != 0)
            nwrong -= t != goal[n]
            if delta is None:
                nh = called(function)
            else:
                nh = h + called(delta, t, n, blank)
                if verify:
                    verify -= 1
                    whole = called(function)
                    if whole != nh:
                        raise user.fault("delta", list(tiles), shape, nh, whole)
            if nh < 0:
                raise user.fault("negative", list(tiles), shape, nh)
            if nh > MAX_HEURISTIC:
                raise user.fault("too_large", list(tiles), shape, nh)
            if nwrong == 0 and nh != 0:
                raise user.fault("at_goal", list(tiles), shape, nh)
            if nh > limit:
                tiles[n] = t
                tiles[blank] = 0
                if g1 + nh < best:
                    best = g1 + nh
                continue
            if nwrong == 0:
                path.append(letter)
                return -1
            result = dfs(n, g1, blank, nh, nseq, nwrong)
            tiles[n] = t
            tiles[blank] = 0
            if result < 0:
                path.append(letter)
                return -1
            if result < best:
                best = result
        return best

    blank = tiles.index(0)
    if wrong0:
        while True:
            guard.iterations += 1
            found = dfs(blank, 0, -1, h0, start_state(blank), wrong0)
            if found < 0:
                break
            bound = found
    guard.depth = len(path)
    path.reverse()
    return "".join(path), guard.snapshot(expanded, generated)
