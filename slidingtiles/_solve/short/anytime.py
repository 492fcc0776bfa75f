"""Near-optimal solutions with perm-ranked tables: weighted IDA*, then smaller weights in budget.

>>> from slidingtiles import Board
>>> from slidingtiles.pdb import PatternDatabase
>>> from slidingtiles.search import Deadline
>>> db = PatternDatabase.build(3, 3, groups=[(1, 2, 3, 4), (5, 6, 7, 8)])
>>> budget = Budget(Deadline(None))
>>> found = weighted_anytime(Board("4 1 2/0 5 3/7 8 6"), Board.goal(3, 3), db, budget)
>>> len(found.moves), found.first_length >= len(found.moves), found.optimal
(5, True, True)

The method ``"weighted_idastar"`` (`anytime`): `solve(board, optimal=False)`
runs it first when the shape's perm-ranked tables (`NUMBA_PARTITIONS`: the
24-puzzle's 6-6-6-6, 4x4's 7-8, ...) are cached and numba searches them
(`perm_tables`; nothing is ever built here), and keeps its answer.
Weighted IDA* (`dispatch.weighted_solve`: a node is cut when g + w x h
exceeds the threshold) finds a solution at most w times the shortest; with
w = 1.5 it takes milliseconds on Korf & Felner's 24-puzzles (docs/24-puzzle.md).
Then `WEIGHTS` smaller and smaller, each search looking only for solutions
shorter than the best so far (the kernel's *ceiling*) and given
`ANYTIME_SHARE` of the budget left; a search that runs out of budget costs
its share and the next weight is tried. The answer is never longer than the first one. Without a
deadline the budget is `ANYTIME_NODES` expansions, so the answer is the same
on every run and under both implementations.

Guarantees: the answer costs at most `AnytimeResult.weight` times the
shortest (the weight of the last search that finished); a search with weight
1 that finishes, or one that proves nothing shorter exists (every path cut by
the ceiling), makes it optimal.
"""

from __future__ import annotations

import math
from time import perf_counter

import attrs

from slidingtiles._board.board import Board
from slidingtiles._engine import dispatch
from slidingtiles._engine.lookups import maxed_searches
from slidingtiles._engine.tables import canonical_tables
from slidingtiles._errors import PatternDatabaseError, SearchLimitExceeded
from slidingtiles._heuristics._pdb import store
from slidingtiles._heuristics._pdb.database import PatternDatabase
from slidingtiles._heuristics._pdb.partition import NUMBA_PARTITIONS
from slidingtiles._solve.short.budget import ANYTIME_FIRST_SHARE, ANYTIME_SHARE, Budget

__all__ = [
    "ANYTIME_NODES",
    "WEIGHTS",
    "AnytimeResult",
    "anytime",
    "perm_tables",
    "weighted_anytime",
]

#: The weights searched in turn: the first answers at once, the later ones shorten it.
WEIGHTS = (1.5, 1.45, 1.4, 1.35, 1.3, 1.25, 1.2, 1.15, 1.1, 1.05, 1.0)
#: Without a deadline, the expansions all the searches may spend (about 0.7 s on a 24-puzzle).
ANYTIME_NODES = 8_000_000
# Below this much budget left, no further search starts (it could not finish).
_LEAST_NODES = 1_000
_LEAST_SECONDS = 0.005


@attrs.frozen
class AnytimeResult:
    """What `weighted_anytime` found.

    Attributes:
        moves: the shortest solution found (blank moves).
        first_length: the length of the first one (``len(moves)`` is never more).
        weight: (num, den): the solution costs at most num/den times the shortest.
        optimal: a weight-1 search finished, or nothing shorter exists.
        lower_bound: a proven lower bound on the shortest length: the length when optimal,
            else the larger of length / weight and the tables' value of the start.
        searches: the searches run (their nodes are counted in the budget).
    """

    moves: str
    first_length: int
    weight: tuple[int, int]
    optimal: bool
    lower_bound: int
    searches: int


def perm_tables(goal: Board) -> PatternDatabase | None:
    """The goal shape's cached perm-ranked tables when numba searches them, else None.

    >>> perm_tables(Board.goal(3, 3)) is None
    True

    Only `NUMBA_PARTITIONS` (the tables the maxed kernel searches) count,
    only when cached (`store.is_cached`; never built here) and only under
    numba (in pure Python the search is about 50 times slower: the budget
    in nodes would take tens of seconds).
    """
    if dispatch.IMPLEMENTATION != "numba":
        return None
    found = NUMBA_PARTITIONS.get((goal.rows, goal.cols))
    if found is None:
        return None
    name, tiles = found[0], goal.tiles
    try:
        if not store.is_cached(goal.rows, goal.cols, tiles, name):
            return None
        db = store.load(goal.rows, goal.cols, tiles, name, build_missing=False)
    except (PatternDatabaseError, ValueError, OSError):
        return None
    return db if maxed_searches(canonical_tables(db)) else None


def weighted_anytime(
    start: Board,
    goal: Board,
    db: PatternDatabase,
    budget: Budget,
    *,
    nodes: int = ANYTIME_NODES,
    weights: tuple[float, ...] = WEIGHTS,
) -> AnytimeResult | None:
    """Return the shortest solution weighted IDA* finds with falling weights, or None.

    Args:
        start: a solvable board.
        goal: its goal.
        db: tables `dispatch.weighted_solve` reads, for the goal.
        budget: the call's `Budget`: its end to stop by; without one, ``nodes``
            expansions in all (the same answer every time). The searches'
            nodes are counted there.
        nodes: the expansions budget without a deadline.
        weights: the weights, in the order tried (each >= 1).

    None when the first weight found nothing within its share of the budget.
    Cost: the budget; each search is at most its share.
    """
    # Set-up, once per process and tables, outside the searches' shares: the kernel's plan (the
    # 24-puzzle's tables copied into one buffer: about 0.9 s) and the compiled kernel (0.2 s).
    near = next(iter(goal.neighbors()))[1]
    dispatch.weighted_solve(near, goal, db, (1, 1))
    best: str | None = None
    first = 0
    weight = (1, 1)
    optimal = False
    searches = 0
    left = nodes
    deadline = budget.end
    for w in weights:
        num, den = dispatch.weight_fraction(w)
        share = ANYTIME_SHARE if best is not None else ANYTIME_FIRST_SHARE
        max_nodes: int | None = None
        time_limit: float | None = None
        if deadline is None:
            if left < _LEAST_NODES:
                break
            max_nodes = max(1, int(left * share))
        else:
            remaining = deadline - perf_counter()
            if remaining < _LEAST_SECONDS:
                break
            time_limit = remaining * share
        ceiling = None if best is None else len(best)
        searches += 1
        try:
            moves, stats = dispatch.weighted_solve(
                start,
                goal,
                db,
                (num, den),
                ceiling=ceiling,
                max_nodes=max_nodes,
                time_limit=time_limit,
            )
        except SearchLimitExceeded as stopped:
            if stopped.stats is not None:
                left -= stopped.stats.expanded
                budget.spent(stopped.stats.expanded, stopped.stats.generated)
            if best is None:
                return None
            continue
        left -= stats.expanded
        budget.spent(stats.expanded, stats.generated)
        weight = (num, den)
        if moves is None:  # nothing shorter than the best exists
            optimal = True
            break
        if best is None:
            first = len(moves)
        best = moves
        if num == den:
            optimal = True
            break
    if best is None:
        return None
    length = len(best)
    if optimal:
        lower = length
    else:  # length <= num/den x shortest; the tables' value; every solution has this parity
        lower = max(math.ceil(length * weight[1] / weight[0]), db.value(start.tiles))
        lower += (length - lower) % 2
    return AnytimeResult(best, first, (1, 1) if optimal else weight, optimal, lower, searches)


def anytime(start: Board, goal: Board, budget: Budget) -> AnytimeResult | None:
    """The method ``"weighted_idastar"``: `weighted_anytime` with the goal's cached perm-ranked
    tables; None when there are none (or numba does not search them) or nothing was found."""
    tables = perm_tables(goal)
    return None if tables is None else weighted_anytime(start, goal, tables, budget)
