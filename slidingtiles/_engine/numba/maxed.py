"""IDA* with several additive partitions maxed, each with its reflection: numba.

>>> from slidingtiles.pdb import PatternDatabase
>>> from slidingtiles.search import Guard
>>> guard = Guard("idastar", max_nodes=None, time_limit=None, max_memory=None, progress=None,
...               progress_every=1 << 14, state_bytes=0, time_stride=1 << 14)
>>> goal = (0, 1, 2, 3, 4, 5)
>>> a = PatternDatabase.build(2, 3, goal, groups=[(1, 2), (3, 4, 5)])
>>> b = PatternDatabase.build(2, 3, goal, groups=[(1, 4), (2, 3, 5)])
>>> ida_maxed([a, b], [1, 0, 2, 3, 4, 5], guard)[0]
'L'

The kernel of perm-ranked tables: the 24-puzzle's, 4x4's 7-8 and the
rectangles' (`slidingtiles._engine.python.maxed` is its pure-Python mirror:
same nodes, same moves). A *lookup* is one partition's sum of group values,
on the board or, when the partition's tables reflect, on the board mirrored
about the main diagonal; the heuristic is the maximum over all lookups, so
several partitions of the same tiles (and their reflections) give an
admissible value at least as large as each alone.

On entering a node every child is evaluated at once: each lookup's group
entry of the moved tile is located (the perm rank changes in O(1) on a row
move, O(cols) on a column move: `placement.moved_rank`) and prefetched, then
the lookups are read in order until one prunes the child. A zero-aware table
(4x4's 7-8, 5x5's 6-6-6-6) holds a value per region of the blank among its
group's free cells: the entry's slot is the region's label, read from
`label_tables` (by the group's occupied cells, ``occ``, kept per group); a
move changes only the moved tile's group, so only its region is looked up.
Then:

* a child whose h less one exceeds the node's own room below the bound
  prunes the node (bidirectional pathmax, Felner et al. 2005: the tables'
  values, least costs over blank regions, are not consistent);
* the surviving children are searched in increasing ``f``; ties go to the
  least sum of h over the lookups, then to a tile stepping home, then to
  move order (up, down, left, right in the caller's directions);
* the move of the previous iteration's best path (to the first node of
  least h it entered: the principal variation of Reinefeld & Marsland 1994)
  goes first where the node lies on that path.

Every iteration but the last visits the same nodes in any order (two thirds
of Korf's 100 with 7-8); the last tends to meet the goal sooner (with the
plain 7-8 tables: 2.2 million nodes against 3.0 million in f order alone and
3.2 million in move order; with the zero-aware ones the ties' order saves 3 %).

Tables are read through the addresses of their buffers (`load_byte`), one
per group, so several databases need no common buffer. The search can also
run one iteration of one subtree (``single``) and hand the nodes of a given
depth back to the caller (``cutoff``), which is how `slidingtiles._solve.parallel`
splits a search between workers.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
from numpy.typing import NDArray

from slidingtiles._board.geometry import LETTERS
from slidingtiles._engine.lookups import COLLECT, DONE, GROW, PAUSE, MaxedSearch, supports_lookups
from slidingtiles._engine.numba.drive import plan
from slidingtiles._engine.numba.entries import MaxedPlan, load_byte, place_board, prefetch_byte
from slidingtiles._engine.numba.maxed_loop import (
    BEST_AT,
    BEST_H,
    BOUND,
    CEIL,
    CHECK_AT,
    COLLECTED,
    CUTOFF,
    DEN,
    DEPTH,
    ENTER,
    EXPANDED,
    F_BLANK,
    F_H,
    F_ON_PV,
    F_PATH,
    F_PREV,
    F_SEQ,
    FOUND,
    GENERATED,
    INF,
    ITER,
    NEW_LEN,
    NEXT_BOUND,
    NUM,
    PV_LEN,
    SINGLE,
    STATE_SIZE,
    frame_width,
    maxed_run,
)
from slidingtiles._engine.pruning import start_state
from slidingtiles._engine.tables import IDENTITY_ORDER, EngineResult, Order, PatternTables
from slidingtiles.search import Guard, SearchStats

__all__ = [
    "COLLECT",
    "DONE",
    "PAUSE",
    "MaxedPlan",
    "Search",
    "ida_maxed",
    "load_byte",
    "maxed_attach",
    "maxed_plan",
    "maxed_search",
    "prefetch_byte",
    "supports_lookups",
    "weighted_maxed",
]

Array = NDArray[Any]


def _plan_of(first: PatternTables, dbs: tuple[PatternTables, ...], order: Order) -> MaxedPlan:
    return MaxedPlan(dbs, order)


def maxed_plan(dbs: Sequence[PatternTables], order: Order = IDENTITY_ORDER) -> MaxedPlan:
    """Return the plan of a set of databases and a move order: made once, freed with the first."""
    return plan(dbs[0], _plan_of, tuple(dbs), order)  # the kernels' one plan cache


def maxed_search(
    dbs: Sequence[PatternTables], tiles: Sequence[int], order: Order, **start: Any
) -> Search:
    """A resumable search (`Search`) of these tables at a board, ``start`` its options."""
    return Search(maxed_plan(dbs, order), tiles, **start)


def maxed_attach(search: MaxedSearch, dbs: Sequence[PatternTables], order: Order) -> None:
    """Give an unpickled search (of this kernel) the plan of these tables back."""
    search.attach(maxed_plan(dbs, order))


class Search:
    """One search's state: the board, the groups' entries, the frames and the counters.

    ``Search(plan, tiles)`` starts IDA* at a board; a subtree root also gives
    the cell the blank came from (``prev``), the duplicate automaton's state
    (``seq``) and its bound, and ``single=True`` ends the search with the
    iteration (`next_bound`: its least f above the bound, -1 `found`: no path).
    ``cutoff=D`` hands every node D moves down over to the caller (`COLLECT`)
    instead of entering it. ``num`` and ``den`` weigh the heuristic (weighted
    IDA*: a node is cut when ``den * g + num * h`` exceeds the bound, which is
    kept in those units) and ``ceiling=C`` searches only paths shorter than C
    moves (`found` is -1 when there is none). `run` continues until `DONE`, a pause (`PAUSE`,
    when `expanded` reaches ``check_at``) or `COLLECT`. Its arrays pickle
    without the plan (the tables), which `attach` gives back: a paused search
    moves between processes. The mirror of `slidingtiles._engine.python.maxed.Search`.
    """

    def __init__(
        self,
        plan: MaxedPlan,
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
        self.plan: MaxedPlan | None = plan
        self.lookups = plan.lookups.lookups
        self.tiles = np.array(tiles, dtype=np.int64)
        groups, cells = len(plan.kind), len(self.tiles)
        self.slot_at = np.full(groups * cells, plan.lookups.width - 1, dtype=np.int64)
        self.occ = np.zeros(groups, dtype=np.int64)
        self.at = np.zeros(groups, dtype=np.int64)
        self.val = np.zeros(groups, dtype=np.int64)
        self.md = np.zeros(groups, dtype=np.int64)
        hs = np.zeros(self.lookups, dtype=np.int64)
        place_board(
            self.tiles,
            plan.lk_group,
            plan.lk_slot,
            plan.lk_cell,
            plan.kind,
            plan.base,
            plan.radix,
            plan.dist,
            plan.size,
            plan.lookup_of,
            plan.lookups.width,
            plan.label,
            plan.binom,
            self.slot_at,
            self.at,
            self.val,
            self.md,
            self.occ,
            hs,
        )
        #: The heuristic of the start.
        self.h0 = int(hs.max())
        fw = frame_width(self.lookups)
        self.frame = np.zeros(64 * fw, dtype=np.int64)
        self.frame[F_BLANK] = list(tiles).index(0)
        self.frame[F_PREV] = prev
        self.frame[F_SEQ] = start_state(int(self.frame[F_BLANK])) if seq is None else seq
        self.frame[F_ON_PV] = 1
        self.pv = np.zeros(64, dtype=np.int64)
        self.new_pv = np.zeros(64, dtype=np.int64)
        self.frame[F_H : F_H + self.lookups] = hs
        st = np.zeros(STATE_SIZE, dtype=np.int64)
        st[ENTER] = 1
        st[BOUND] = num * self.h0 if bound is None else bound
        st[ITER] = 1
        st[FOUND] = -1
        st[SINGLE] = int(single)
        st[NEXT_BOUND] = INF
        st[CUTOFF] = cutoff
        st[BEST_H] = INF
        st[NUM] = num
        st[DEN] = den
        st[CEIL] = INF if ceiling is None else ceiling
        self.st = st

    def __getstate__(self) -> dict[str, Any]:
        return {k: v for k, v in self.__dict__.items() if k != "plan"}

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)
        self.plan = None

    def attach(self, plan: MaxedPlan) -> None:
        """Give an unpickled search its plan (the tables of this process) back."""
        self.plan = plan

    expanded = property(lambda self: int(self.st[EXPANDED]), doc="Nodes entered so far.")
    generated = property(lambda self: int(self.st[GENERATED]), doc="Children evaluated so far.")
    iterations = property(lambda self: int(self.st[ITER]), doc="The iteration in progress.")
    bound = property(
        lambda self: int(self.st[BOUND]), doc="The current cost bound (in units of 1 / den)."
    )
    found = property(lambda self: int(self.st[FOUND]), doc="Length of the path found, or -1.")
    next_bound = property(
        lambda self: int(self.st[NEXT_BOUND]), doc="After a single iteration: its least f above."
    )
    collected_seq = property(
        lambda self: int(self.st[COLLECTED]), doc="The automaton state of the node handed over."
    )

    def run(self, check_at: int = 1 << 62) -> int:
        """Run until `DONE`, `PAUSE` (``expanded`` reaches ``check_at``) or `COLLECT`."""
        plan = self.plan
        if plan is None:
            raise RuntimeError("an unpickled search needs attach(plan) before it runs")
        self.st[CHECK_AT] = check_at
        while True:
            code = int(
                maxed_run(
                    self.st,
                    self.tiles,
                    plan.goal,
                    plan.moves,
                    plan.prune,
                    plan.lk_group,
                    plan.lk_slot,
                    plan.lk_cell,
                    plan.kind,
                    plan.base,
                    plan.radix,
                    self.slot_at,
                    self.at,
                    self.val,
                    self.md,
                    plan.dist,
                    self.lookups,
                    plan.lookups.width,
                    self.frame,
                    self.pv,
                    self.new_pv,
                    self.occ,
                    plan.label,
                    plan.binom,
                )
            )
            if code != GROW:
                return code
            self.frame, self.pv, self.new_pv = (
                np.concatenate([a, np.zeros_like(a)]) for a in (self.frame, self.pv, self.new_pv)
            )

    def follow(self, slots: Sequence[int]) -> None:
        """Try these move slots first from the root down, as a principal variation.

        IDA* follows the path to the previous iteration's least h first (`best`);
        a search started afresh (a worker's subtree) is told it here.
        """
        while len(self.pv) < len(slots) + 1:
            self.pv = np.concatenate([self.pv, np.zeros_like(self.pv)])
            self.new_pv = np.concatenate([self.new_pv, np.zeros_like(self.new_pv)])
        self.pv[: len(slots)] = slots
        self.st[PV_LEN] = len(slots)

    def best(self) -> tuple[int, list[int], int]:
        """This iteration's least h so far, the move slots to the first node with it, and how
        many nodes were handed over (`COLLECT`) before that node."""
        slots = [int(x) for x in self.new_pv[: int(self.st[NEW_LEN])]]
        least = int(self.st[BEST_H])
        return least if least >= INF else least // int(self.st[NUM]), slots, int(self.st[BEST_AT])

    def slots(self) -> list[int]:
        """The move slots to the goal found, or (after `COLLECT`) to the node handed over."""
        return [int(x) for x in self._rows(F_PATH)]

    def path(self) -> str:
        """The blank's moves to the goal found, or (after `COLLECT`) to the node handed over."""
        assert self.plan is not None
        codes = self.plan.letters[self._rows(F_BLANK), self._rows(F_PATH)]
        return "".join([LETTERS[int(code)] for code in codes])

    def _rows(self, column: int) -> Array:
        """One frame column for the depths of the path (found, or to the node handed over)."""
        length = self.found if self.found >= 0 else int(self.st[DEPTH]) + 1
        fw = frame_width(self.lookups)
        return self.frame[column : length * fw : fw]


def ida_maxed(
    dbs: Sequence[PatternTables], tiles: list[int], guard: Guard, order: Order = IDENTITY_ORDER
) -> EngineResult:
    """IDA* with the maximum over the lookups of several databases (and their reflections).

    Same contract as the other kernels: the optimal move string and the
    statistics; the guard's limits, progress and Ctrl-C at every pause;
    directions tried and named by ``order`` (`drive.move_arrays`).
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

    The first solution costs at most num/den times the shortest (no
    threshold exceeds num/den times its length); num = den gives `ida_maxed`'s
    nodes and moves. The mirror of `slidingtiles._engine.python.maxed.weighted_maxed`.
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
