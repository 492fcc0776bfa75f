"""IDA* with additive pattern tables on one mutable board, and the walk down a perfect table.

>>> from slidingtiles.pdb import PatternDatabase
>>> from slidingtiles.search import Guard
>>> def guard():
...     return Guard("idastar", max_nodes=None, time_limit=None, max_memory=None, progress=None,
...                  progress_every=1 << 14, state_bytes=0, time_stride=1 << 14)
>>> korf = (0, 1, 2, 3, 4, 5)  # kernels search tables of their own (canonical) goal
>>> db = PatternDatabase.build(2, 3, korf, groups=[(1, 2), (3, 4, 5)])
>>> ida_pdb(db, [1, 0, 2, 3, 4, 5], guard())[0], walk_perfect(PatternDatabase.build(2, 3, korf),
...     [1, 0, 2, 3, 4, 5], guard())[0]
('L', 'L')

Each group's ``digits`` index (``sum cell * cells**slot``) changes by
``(to - from) * cells**slot`` for the moving tile, so a node costs one
addition and one byte lookup, for the board and (lazily, only when the
board's own value does not already prune) for its diagonal reflection.
Once an iteration expands more than `HANDOFF_EXPANSIONS` nodes, the rest of
the search can go to a ``handoff`` kernel: the dispatcher passes the batched
numpy kernel (`slidingtiles._engine.python.batched`), which returns the same
moves and counts; it is loaded only then, so searches that never need it never
import numpy.
"""

from __future__ import annotations

import sys
import weakref
from collections.abc import Callable
from typing import Any

from slidingtiles._board.geometry import LETTERS, blank_moves
from slidingtiles._engine.pruning import pruning_table, start_state
from slidingtiles._engine.tables import IDENTITY_ORDER, EngineResult, Order, PatternTables
from slidingtiles.search import Guard

__all__ = ["HANDOFF_EXPANSIONS", "Handoff", "ida_pdb", "walk_perfect"]

#: Continues a search in another kernel: ``(db, tiles, guard, prune, bound, expanded,
#: generated, order) -> result``, or None when it cannot take these tables.
Handoff = Callable[
    [PatternTables, list[int], Guard, list[int], int, int, int, Order], EngineResult | None
]


def walk_perfect(
    db: PatternTables, tiles: list[int], guard: Guard, order: Order = IDENTITY_ORDER
) -> EngineResult:
    """Follow the perfect table downhill: each step to a neighbour one move closer.

    ``order``: as in `ida_pdb`.
    """
    moves = blank_moves(db.rows, db.cols, order)
    blank = tiles.index(0)
    h = db.value(tiles)
    path: list[str] = []
    generated = 0
    while h:
        for n, code in moves[blank]:
            tiles[blank], tiles[n] = tiles[n], 0
            generated += 1
            value = db.value(tiles)
            if value == h - 1:
                blank, h = n, value
                path.append(LETTERS[code])
                break
            tiles[n], tiles[blank] = tiles[blank], 0
        else:  # pragma: no cover - a perfect table always has a neighbour one closer
            raise RuntimeError("pattern database is not perfect: no neighbour one move closer")
    guard.iterations = 1
    guard.depth = len(path)
    return "".join(path), guard.snapshot(len(path), generated)


#: Expansions of one iteration past which `ida_pdb` hands the next iterations to the batched
#: kernel: below it a depth-first iteration is cheaper than numpy's per-batch overhead.
HANDOFF_EXPANSIONS = 1000


def ida_pdb(
    db: PatternTables,
    tiles: list[int],
    guard: Guard,
    *,
    handoff: Handoff | None = None,
    order: Order = IDENTITY_ORDER,
) -> EngineResult:
    """IDA* with additive digits-encoded tables, maxed with the reflection when it applies.

    ``order`` (`slidingtiles._board.symmetry.Frame.order`): the board is the
    image of the caller's under a symmetry; moves are tried and named in the
    caller's directions, so the result is the caller's own search's.

    With a ``handoff``, the first iteration to expand more than
    `HANDOFF_EXPANSIONS` nodes hands the rest of the search to it (the
    batched numpy kernel), which continues with the same bound and counts and
    returns the same moves and statistics this kernel would.
    """
    layout = _layout(db, order)  # what depends only on the tables and the order: made once
    goal, tables, spare, group_of, weight, reflect, transpose, rgroup_of, rweight, moves = layout
    index = [0] * (spare + 1)
    rindex = [0] * (spare + 1)
    for cell, t in enumerate(tiles):
        if t:
            index[group_of[t]] += cell * weight[t]
            rindex[rgroup_of[t]] += transpose[cell] * rweight[t]
    index[spare] = rindex[spare] = 0
    values = [tables[g][index[g]] for g in range(spare + 1)]
    rvalues = [tables[g][rindex[g]] for g in range(spare + 1)] if reflect else [0] * (spare + 1)
    h0, rh0 = sum(values), sum(rvalues)
    path: list[str] = []
    expanded = generated = 0
    check_at = guard.first_pause()
    bound = max(h0, rh0)
    inf = sys.maxsize

    prune = pruning_table(db.rows, db.cols, order)

    # The same depth-first loop as `manhattan.ida_manhattan`'s, with the table update inline: a
    # shared loop would call a function per node for it, which costs CPython more than the loop.
    def dfs(blank: int, g: int, prev: int, h: int, rh: int, seq: int) -> int:
        """Return -1 when the goal is found below, else the least f that exceeded the bound."""
        nonlocal expanded, generated, check_at
        expanded += 1
        if expanded >= check_at:
            check_at = guard.pause(expanded, generated)
        g1 = g + 1
        limit = bound - g1
        least_h = best = inf  # least pruned h, least f returned from below
        for n, letter, istep, ristep, code in moves[blank]:
            if n == prev:
                continue
            nseq = prune[seq + code]
            if nseq < 0:  # a duplicate move sequence: an equivalent path is searched instead
                continue
            generated += 1
            t = tiles[n]
            grp = group_of[t]
            i = index[grp] + istep[t]
            v = tables[grp][i]
            nh = h - values[grp] + v
            if nh > limit:
                if nh < least_h:
                    least_h = nh
                continue
            if reflect:
                rgrp = rgroup_of[t]
                ri = rindex[rgrp] + ristep[t]
                rv = tables[rgrp][ri]
                nrh = rh - rvalues[rgrp] + rv
                if nrh > limit:
                    if nrh < least_h:
                        least_h = nrh
                    continue
                old_ri = rindex[rgrp]
                old_rv = rvalues[rgrp]
                rindex[rgrp] = ri
                rvalues[rgrp] = rv
            else:
                rgrp = old_ri = old_rv = nrh = 0
            tiles[blank] = t
            tiles[n] = 0
            if nh == 0 and nrh == 0 and tiles == goal:
                path.append(letter)
                return -1
            old_i = index[grp]
            old_v = values[grp]
            index[grp] = i
            values[grp] = v
            result = dfs(n, g1, blank, nh, nrh, nseq)
            tiles[n] = t
            tiles[blank] = 0
            index[grp] = old_i
            values[grp] = old_v
            if reflect:
                rindex[rgrp] = old_ri
                rvalues[rgrp] = old_rv
            if result < 0:
                path.append(letter)
                return -1
            if result < best:
                best = result
        if least_h != inf and g1 + least_h < best:
            return g1 + least_h
        return best

    blank = tiles.index(0)
    if tiles != goal:
        while True:
            guard.iterations += 1
            before = expanded
            found = dfs(blank, 0, -1, h0, rh0, start_state(blank))
            if found < 0:
                break
            bound = found
            if handoff is not None and expanded - before > HANDOFF_EXPANSIONS:
                result = handoff(db, tiles, guard, prune, bound, expanded, generated, order)
                if result is not None:
                    return result
                handoff = None
    guard.depth = len(path)
    path.reverse()
    return "".join(path), guard.snapshot(expanded, generated)


# Per database, per move order: `_layout`'s answer (the tables die with the database).
_LAYOUTS: weakref.WeakKeyDictionary[PatternTables, dict[Order, _Layout]]
_LAYOUTS = weakref.WeakKeyDictionary()
_Layout = tuple[Any, ...]


def _layout(db: PatternTables, order: Order) -> _Layout:
    """What `ida_pdb` needs of the tables whatever the board, made once per tables and order."""
    kept = _LAYOUTS.get(db)
    if kept is None:
        kept = _LAYOUTS.setdefault(db, {})
    found = kept.get(order)
    if found is None:
        found = kept[order] = _make_layout(db, order)
    return found


def _make_layout(db: PatternTables, order: Order) -> _Layout:
    cells, cols = db.cells, db.cols
    goal = list(db.goal)
    tables = [*db.tables, b"\x00"]  # the last "group" holds tiles outside every group
    spare = len(db.groups)
    group_of = [spare] * cells
    weight = [0] * cells
    for g, group in enumerate(db.groups):
        for slot, t in enumerate(group):
            group_of[t], weight[t] = g, cells**slot
    reflect = db.reflect
    mirror = db.mirror
    transpose = db.transpose or tuple(range(cells))
    rgroup_of = [group_of[mirror[t]] for t in range(cells)]
    rweight = [weight[mirror[t]] for t in range(cells)]
    # Per direction, per tile: the change of the tile's group index when the blank moves that way
    # (the tile moves the other way), on the board and on its reflection.
    step: dict[int, tuple[list[int], list[int]]] = {}
    for delta in (-cols, cols, -1, 1):
        rdelta = cols * delta if abs(delta) == 1 else delta // cols  # transposition swaps axes
        step[delta] = (
            [-delta * weight[t] for t in range(cells)],
            [-rdelta * rweight[t] for t in range(cells)],
        )
    # moves[b]: (n, letter, index steps, reflected index steps, move code) per move b -> n.
    moves = [
        tuple((n, LETTERS[code], *step[n - b], code) for n, code in options)
        for b, options in enumerate(blank_moves(db.rows, cols, order))
    ]
    return goal, tables, spare, group_of, weight, reflect, transpose, rgroup_of, rweight, moves
