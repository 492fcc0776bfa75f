"""IDA* with several additive partitions maxed, each with its reflection: pure Python.

>>> from slidingtiles.pdb import PatternDatabase
>>> from slidingtiles.search import Guard
>>> guard = Guard("idastar", max_nodes=None, time_limit=None, max_memory=None, progress=None,
...               progress_every=1 << 14, state_bytes=0, time_stride=1 << 14)
>>> goal = (0, 1, 2, 3, 4, 5)
>>> a = PatternDatabase.build(2, 3, goal, groups=[(1, 2), (3, 4, 5)])
>>> b = PatternDatabase.build(2, 3, goal, groups=[(1, 4), (2, 3, 5)])
>>> ida_maxed([a, b], [1, 0, 2, 3, 4, 5], guard)[0]
'L'

The mirror of `slidingtiles._engine.numba.maxed`, node for node: the same
lookups (`slidingtiles._engine.lookups`), the same evaluation of every child on
entering a node, the same order (increasing f, ties in move order), the same
pauses, counts and moves. It is an explicit-stack loop over plain lists rather
than a recursion, so a paused search is a value that pickles: the parallel
search (`slidingtiles._solve.parallel`) hands subtrees to worker processes and
takes them back in slices. About a hundred times slower than numba.
"""

from __future__ import annotations

import weakref
from collections.abc import Sequence
from typing import Any

from slidingtiles._board.geometry import LETTERS, blank_moves
from slidingtiles._engine.indexing import region_labels
from slidingtiles._engine.lookups import (
    COLLECT,
    DIGITS_U8,
    DONE,
    GROW,
    PAUSE,
    PERM_U4,
    PERM_Z4,
    LookupPlan,
    MaxedSearch,
    zero_shift,
)
from slidingtiles._engine.pruning import pruning_table, start_state
from slidingtiles._engine.tables import IDENTITY_ORDER, EngineResult, Order, PatternTables
from slidingtiles.search import Guard, SearchStats

__all__ = [
    "COLLECT",
    "DONE",
    "GROW",
    "PAUSE",
    "Search",
    "ida_maxed",
    "maxed_attach",
    "maxed_plan",
    "maxed_search",
    "weighted_maxed",
]

_INF = 1 << 62
# A kept child: its order (f, the sum of h over the lookups, the moved tile's step: the numba
# kernel's `_tie`), move slot, blank cell, automaton state, and per lookup its entry, value and
# Manhattan distance.
_Child = tuple[tuple[int, int, int], int, int, int, list[int], list[int], list[int]]


class _Plan:
    """`LookupPlan` with the move lists and the pruning table this kernel reads."""

    def __init__(self, dbs: Sequence[PatternTables], order: Order = IDENTITY_ORDER) -> None:
        self.lookups = LookupPlan(dbs)
        plan = self.lookups
        # moves[b]: (slot, next cell, direction code) of each of the blank's moves from b.
        self.moves = [
            [(slot, n, code) for slot, (n, code) in enumerate(options)]
            for options in blank_moves(plan.rows, plan.cols, order)
        ]
        self.prune = pruning_table(plan.rows, plan.cols, order)


_PLANS: weakref.WeakKeyDictionary[PatternTables, dict[tuple[object, ...], _Plan]]
_PLANS = weakref.WeakKeyDictionary()


def maxed_plan(dbs: Sequence[PatternTables], order: Order = IDENTITY_ORDER) -> _Plan:
    """Return the plan of a set of databases and a move order: made once, freed with the first."""
    plans = _PLANS.setdefault(dbs[0], {})
    key = (*(id(db) for db in dbs), order)
    if key not in plans:
        plans[key] = _Plan(dbs, order)
    return plans[key]


def maxed_search(
    dbs: Sequence[PatternTables], tiles: Sequence[int], order: Order, **start: Any
) -> Search:
    """A resumable search (`Search`) of these tables at a board, ``start`` its options."""
    return Search(maxed_plan(dbs, order), tiles, **start)


def maxed_attach(search: MaxedSearch, dbs: Sequence[PatternTables], order: Order) -> None:
    """Give an unpickled search (of this kernel) the plan of these tables back."""
    search.attach(maxed_plan(dbs, order))


class Search:
    """One search's state: board, group entries, the stack of nodes and the counters.

    ``Search(plan, tiles, bound, prev=..., seq=..., single=..., cutoff=...,
    num=..., den=..., ceiling=...)``:
    the arguments, attributes, codes and pickling of
    `slidingtiles._engine.numba.maxed.Search`, on plain lists.
    """

    def __init__(
        self,
        plan: _Plan,
        tiles: Sequence[int],
        bound: int | None = None,
        *,
        prev: int = -1,
        seq: int | None = None,
        single: bool = False,
        cutoff: int = 0,
        num: int = 1,
        den: int = 1,
        ceiling: int | None = None,
    ) -> None:
        self.plan: _Plan | None = plan
        self.tiles = list(tiles)
        self.slot_at, self.at, self.val, self.md, self.occ, hs = plan.lookups.place(tiles)
        #: The heuristic of the start.
        self.h0 = max(hs)
        # One list per depth: blank, prev, seq, next, best, path, children kept (in order),
        # h per lookup, (when a child is entered) what the move replaced, and whether the
        # node lies on the principal variation.
        blank = self.tiles.index(0)
        start = start_state(blank) if seq is None else seq
        self.stack: list[list[Any]] = [[blank, prev, start, 0, _INF, -1, [], hs, [], True]]
        # The principal variation followed (move slots), the path to this iteration's least h.
        self.pv: list[int] = []
        self.new_pv: list[int] = []
        self.best_h = _INF
        self.collects = self.best_at = 0
        self.enter = True
        self.expanded = self.generated = 0
        self.check_at = _INF
        # The weight num / den (f = den * g + num * h: the bound, best_h (as num * h) and the
        # least f above the bound are in those units), and the ceiling on the length.
        self.num, self.den = num, den
        self.ceiling = _INF if ceiling is None else ceiling
        self.bound = num * self.h0 if bound is None else bound
        self.iterations = 1
        self.found = -1
        self.single = single
        self.next_bound = _INF
        self.cutoff = cutoff
        self.collected_seq = 0

    def __getstate__(self) -> dict[str, Any]:
        return {k: v for k, v in self.__dict__.items() if k != "plan"}

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)
        self.plan = None

    def attach(self, plan: _Plan) -> None:
        """Give an unpickled search its plan (the tables of this process) back."""
        self.plan = plan

    def run(self, check_at: int = _INF) -> int:
        """Run until `DONE`, `PAUSE` (``expanded`` reaches ``check_at``) or `COLLECT`."""
        if self.plan is None:
            raise RuntimeError("an unpickled search needs attach(plan) before it runs")
        self.check_at = check_at
        plan = self.plan.lookups
        moves, prune = self.plan.moves, self.plan.prune
        cutoff = self.cutoff
        num, den, ceiling = self.num, self.den, self.ceiling
        tiles, slot_at, at, val, md = self.tiles, self.slot_at, self.at, self.val, self.md
        occ = self.occ
        shape = (plan.rows, plan.cols)
        kind, radix, tables = plan.kind, plan.radix, plan.tables
        lk_group, lk_slot, lk_cell, dist = plan.lk_group, plan.lk_slot, plan.lk_cell, plan.dist
        cells, width, lookups = plan.cells, plan.width, plan.lookups
        goal = list(plan.goal)
        stack = self.stack
        bound = self.bound
        rows = range(lookups)
        while True:
            d = len(stack) - 1
            node = stack[d]
            if self.enter:
                self.enter = False
                self.expanded += 1
                b, prev, seq = node[0], node[1], node[2]
                hs: list[int] = node[7]
                g1 = d + 1
                # a child is cut when den * g1 + num * h > bound, or g1 + h >= ceiling
                limit = min((bound - den * g1) // num, ceiling - 1 - g1)
                best = _INF
                high = 0  # the largest h of a pruned child (a lower bound of it)
                kept: list[_Child] = []
                children = []
                for slot, n, code in moves[b]:
                    if n == prev:
                        continue
                    nseq = prune[seq + code]
                    if nseq < 0:  # a duplicate move sequence (the engine's automaton)
                        continue
                    children.append((slot, n, nseq))
                self.generated += len(children)  # all counted first, as numba locates them all
                for slot, n, nseq in children:
                    t = tiles[n]
                    step = dist[t * cells + b] - dist[t * cells + n]
                    new_at, new_v, new_md = [], [], []
                    hmax = hsum = 0
                    for lk in rows:
                        gi = lk_group[lk * cells + t]
                        k = kind[gi]
                        p, q = lk_cell[lk * cells + n], lk_cell[lk * cells + b]
                        s = lk_slot[lk * cells + t]
                        row = gi * width
                        if k == DIGITS_U8 or q - p == 1 or p - q == 1:
                            delta = (q - p) * radix[row + s]
                        else:
                            sign = 1 if q > p else -1
                            earlier = later = 0
                            for c in range(min(p, q) + 1, max(p, q)):
                                j = slot_at[gi * cells + c]
                                if j < s:
                                    earlier += 1
                                else:
                                    later += radix[row + j]
                            delta = ((q - p) - sign * earlier) * radix[row + s] + sign * later
                        if k >= PERM_Z4:  # the blank's region among the moved group's cells
                            zs = zero_shift(k)
                            label = region_labels(*shape, occ[gi] ^ (1 << p) ^ (1 << q))[p]
                            a = ((at[gi] >> zs) + delta) << zs | min(label, (1 << zs) - 1)
                        else:
                            a = at[gi] + delta
                        nmd = md[gi] + step
                        if k >= PERM_U4:
                            v = nmd + 2 * ((tables[gi][a >> 1] >> ((a & 1) << 2)) & 15)
                        else:
                            v = tables[gi][a]
                        nh = hs[lk] - val[gi] + v
                        if nh > limit:
                            f = den * g1 + num * nh
                            if bound < f < best:  # not when only the ceiling cuts it
                                best = f
                            high = max(high, nh)
                            break
                        new_at.append(a)
                        new_v.append(v)
                        new_md.append(nmd)
                        if nh > hmax:
                            hmax = nh
                        hsum += nh
                    else:
                        if hmax == 0:
                            tiles[b] = t
                            tiles[n] = 0
                            won = tiles == goal
                            tiles[n] = t
                            tiles[b] = 0
                            if won:
                                node[5] = slot
                                self.found = d + 1
                                return self._save(bound, DONE)
                        f = den * g1 + num * hmax
                        key = (f, hsum, step)  # ties: the least sum of h, then a step home
                        i = len(kept)
                        while i > 0 and kept[i - 1][0] > key:
                            i -= 1
                        kept.insert(i, (key, slot, n, nseq, new_at, new_v, new_md))
                if num * (high - 1) > bound - den * d:  # a child this far means the node is (BPMX)
                    kept = []
                    best = min(best, den * d + num * (high - 1))
                if node[9] and d < len(self.pv):  # the principal variation's move first
                    for k in range(1, len(kept)):
                        if kept[k][1] == self.pv[d]:
                            kept.insert(0, kept.pop(k))
                            break
                node[6] = kept
                node[3] = 0
                node[4] = best
                if self.expanded >= self.check_at:
                    return self._save(bound, PAUSE)
            kept = node[6]
            i = node[3]
            if i < len(kept):
                node[3] = i + 1
                (f, _, _), slot, n, nseq, new_at, new_v, new_md = kept[i]
                node[5] = slot
                if f - den * (d + 1) < self.best_h:  # the least h yet: record its path
                    self.best_h = f - den * (d + 1)
                    self.best_at = self.collects
                    self.new_pv = [row[5] for row in stack]
                if d + 1 == cutoff:  # a subtree root for a worker: hand it over, do not enter
                    self.collected_seq = nseq
                    self.collects += 1
                    return self._save(bound, COLLECT)
                b = node[0]
                t = tiles[n]
                tiles[b] = t
                tiles[n] = 0
                old = []
                hs = node[7]
                child_h = []
                for lk in rows:
                    gi = lk_group[lk * cells + t]
                    old.append((at[gi], val[gi], md[gi]))
                    child_h.append(hs[lk] - val[gi] + new_v[lk])
                    at[gi], val[gi], md[gi] = new_at[lk], new_v[lk], new_md[lk]
                    slot_at[gi * cells + lk_cell[lk * cells + n]] = width - 1
                    slot_at[gi * cells + lk_cell[lk * cells + b]] = lk_slot[lk * cells + t]
                    occ[gi] ^= (1 << lk_cell[lk * cells + n]) | (1 << lk_cell[lk * cells + b])
                node[8] = old
                on_pv = node[9] and d < len(self.pv) and slot == self.pv[d]
                stack.append([n, b, nseq, 0, _INF, -1, [], child_h, [], on_pv])
                self.enter = True
                continue
            result: int = node[4]
            if d == 0:
                if self.single:
                    self.next_bound = result
                    return self._save(bound, DONE)
                if result >= _INF:  # the ceiling cut every path: none is shorter
                    return self._save(bound, DONE)
                bound = result
                self.iterations += 1
                self.enter = True
                self.pv, self.new_pv, self.best_h = self.new_pv, [], _INF
                continue
            n = node[0]
            stack.pop()
            node = stack[d - 1]
            b = node[0]
            t = tiles[b]
            tiles[n] = t
            tiles[b] = 0
            for lk, (a, v, m) in zip(rows, node[8]):
                gi = lk_group[lk * cells + t]
                at[gi], val[gi], md[gi] = a, v, m
                slot_at[gi * cells + lk_cell[lk * cells + b]] = width - 1
                slot_at[gi * cells + lk_cell[lk * cells + n]] = lk_slot[lk * cells + t]
                occ[gi] ^= (1 << lk_cell[lk * cells + n]) | (1 << lk_cell[lk * cells + b])
            if result < node[4]:
                node[4] = result

    def follow(self, slots: Sequence[int]) -> None:
        """Try these move slots first from the root down, as a principal variation."""
        self.pv = list(slots)

    def best(self) -> tuple[int, list[int], int]:
        """This iteration's least h so far, the move slots to the first node with it, and how
        many nodes were handed over (`COLLECT`) before that node."""
        least = self.best_h if self.best_h >= _INF else self.best_h // self.num
        return least, list(self.new_pv), self.best_at

    def _save(self, bound: int, code: int) -> int:
        self.bound = bound
        return code

    def slots(self) -> list[int]:
        """The move slots to the goal found, or (after `COLLECT`) to the node handed over."""
        return [node[5] for node in self.stack[: self.found if self.found >= 0 else None]]

    def path(self) -> str:
        """The blank's moves to the goal found, or (after `COLLECT`) to the node handed over."""
        assert self.plan is not None
        moves = self.plan.moves
        return "".join(
            LETTERS[moves[node[0]][node[5]][2]]
            for node in self.stack[: self.found if self.found >= 0 else None]
        )


def ida_maxed(
    dbs: Sequence[PatternTables], tiles: list[int], guard: Guard, order: Order = IDENTITY_ORDER
) -> EngineResult:
    """IDA* with the maximum over the lookups of several databases (and their reflections).

    Same contract, nodes and moves as `slidingtiles._engine.numba.maxed.ida_maxed`.
    """
    path, stats = weighted_maxed(dbs, tiles, guard, order)
    assert path is not None  # no ceiling: the board is solvable
    return path, stats


def weighted_maxed(
    dbs: Sequence[PatternTables],
    tiles: list[int],
    guard: Guard,
    order: Order = IDENTITY_ORDER,
    num: int = 1,
    den: int = 1,
    ceiling: int | None = None,
) -> tuple[str | None, SearchStats]:
    """Weighted IDA* (f = g + num/den * h) over the maxed lookups; None if nothing is shorter
    than ``ceiling`` moves.

    Same contract, nodes and moves as `slidingtiles._engine.numba.maxed.weighted_maxed`.
    """
    if tiles == list(dbs[0].goal):
        guard.depth = 0
        return "", guard.snapshot(0, 0)
    search = Search(maxed_plan(dbs, order), tiles, num=num, den=den, ceiling=ceiling)
    check_at = guard.first_pause()
    while True:
        code = search.run(check_at)
        guard.iterations = search.iterations
        if code == DONE:
            break
        check_at = guard.pause(search.expanded, search.generated)
    if search.found < 0:
        guard.depth = 0
        return None, guard.snapshot(search.expanded, search.generated)
    path = search.path()
    guard.depth = len(path)
    return path, guard.snapshot(search.expanded, search.generated)
