"""Beam search over whole boards, widths growing within a budget: the method ``"beam"``.

>>> from slidingtiles import Board
>>> from slidingtiles.search import Deadline
>>> beam(Board("1 2 3/4 5 6/0 7 8"), Board.goal(3, 3), Budget(Deadline(None)))
'RR'

The search is D. Furcy and S. Koenig's beam over whole boards ("Limited
discrepancy beam search", IJCAI 2005), in the tile engine
(`slidingtiles._engine.dispatch.beam_solve`: the `width` boards of least
Manhattan distance plus pairs in conflict kept at each level, the same
boards under both implementations). Widths `WIDTHS` are tried in turn, the
shortest answer kept: without a time limit within `NODES` expansions in all
(`NODES_PYTHON` in pure Python, where only the first width fits, so 6x6 and
7x7 answers may differ between the implementations); with one, `TIMED_WIDTHS`
while `BEAM_SHARE` of it lasts, except on boards of up to `GROWN_CELLS`
cells (6x6, 7x7 and the shapes of that size), where the widths grow to fill
`GROWN_SHARE` of the time (`grown_widths`): each width is priced from the
time the last one took, so the last beam is as wide as the time left allows
(up to the memory's `widest`), and the time given turns into shorter answers
(docs/measurements/mid-size.md). On 6x6 and 7x7 it is the shortest method;
above 8x8 it rarely reaches the goal within its level cap.
"""

from __future__ import annotations

from time import perf_counter

from slidingtiles._board.board import Board
from slidingtiles._engine import dispatch
from slidingtiles._solve.short.budget import BEAM_SHARE, GROWN_SHARE, Budget

__all__ = [
    "GROWN_CELLS",
    "GROWTH",
    "NODES",
    "NODES_PYTHON",
    "TIMED_WIDTHS",
    "WIDTHS",
    "beam",
    "grown_widths",
    "next_width",
    "widest",
]

#: Without a time limit, the widths share this many expansions under numba (about 1 s on 7x7),
NODES = 2_000_000
#: and this many in pure Python (width 1000 only: a few seconds).
NODES_PYTHON = 600_000
#: The widths tried in turn without a time limit (the second wider for the shortest answers),
WIDTHS = (1000, 3000)
#: and with one (wider while the time lasts).
TIMED_WIDTHS = (1000, 3000, 10000)
# With a time limit, a beam is bounded by the time only.
_NO_NODE_LIMIT = 1 << 62
#: Boards of up to this many cells grow their beams to fill the time (`grown_widths`).
GROWN_CELLS = 49
#: Each grown width is at most this many times the last (a beam's time is about proportional
#: to its width: nodes = width x levels, and wider beams find shorter paths, fewer levels).
GROWTH = 3.0
# A grown width is priced at this share of the time left (the rest: a margin for the estimate).
_PRICED = 0.85
# The least gain worth a further beam: a width this many times the last.
_LEAST_GROWTH = 1.3


def widest(cells: int, manhattan: int) -> int:
    """The widest beam whose levels fit `dispatch.BEAM_MAX_BYTES` for a path of 2 x the
    Manhattan distance plus 20 moves (the answers a beam of that width finds are shorter).

    >>> widest(36, 92) >= 100_000, widest(49, 195) < widest(36, 92)
    (True, True)
    """
    levels = 2 * manhattan + 20
    low, high = 1000, 1 << 24
    while low < high:
        mid = (low + high + 1) // 2
        if dispatch.beam_levels(cells, mid, levels) >= levels:
            low = mid
        else:
            high = mid - 1
    return low


def next_width(width: int, took: float, left: float, cap: int) -> int | None:
    """The next grown width after a beam of ``width`` that took ``took`` seconds, with ``left``
    seconds left: `GROWTH` times as wide, or as wide as `_PRICED` of the time left allows, at
    most ``cap``; None when that is less than `_LEAST_GROWTH` times ``width``.

    >>> next_width(1000, 0.1, 10.0, 10**6), next_width(1000, 1.0, 2.0, 10**6)
    (3000, 1700)
    >>> next_width(1000, 1.0, 1.0, 10**6) is None
    True
    """
    priced = int(width * _PRICED * left / max(took, 1e-6))
    grown = min(int(width * GROWTH), priced, cap)
    return grown if grown >= width * _LEAST_GROWTH else None


def grown_widths(start: Board, goal: Board, budget: Budget, until: float) -> str | None:
    """Beams of growing width until ``until``, the next priced from the last (`next_width`);
    the shortest answer, or None."""
    cap = widest(start.size, start.manhattan(goal))
    best: str | None = None
    width = WIDTHS[0]
    while True:
        began = perf_counter()
        moves, expanded = dispatch.beam_solve(
            start, goal, width, max_nodes=_NO_NODE_LIMIT, deadline=until
        )
        budget.spent(expanded)
        if moves is not None and (best is None or len(moves) < len(best)):
            best = moves
        now = perf_counter()
        grown = next_width(width, now - began, until - now, cap)
        if grown is None:
            return best
        width = grown


def beam(start: Board, goal: Board, budget: Budget) -> str | None:
    """The method ``"beam"``: the shortest of beam searches of growing width within the
    budget, or None when none reached the goal."""
    best: str | None = None
    until = budget.share(BEAM_SHARE)
    if until is None:
        numba = dispatch.IMPLEMENTATION == "numba"
        left = NODES if numba else NODES_PYTHON
        for width in WIDTHS if numba else WIDTHS[:1]:
            moves, expanded = dispatch.beam_solve(start, goal, width, max_nodes=left)
            budget.spent(expanded)
            left -= expanded
            if moves is not None and (best is None or len(moves) < len(best)):
                best = moves
            if left <= 0:
                break
        return best
    if start.size <= GROWN_CELLS:
        grown_until = budget.share_for("beam", GROWN_SHARE)
        assert grown_until is not None  # timed
        return grown_widths(start, goal, budget, grown_until)
    for width in TIMED_WIDTHS:
        if perf_counter() >= until:
            break
        moves, expanded = dispatch.beam_solve(
            start, goal, width, max_nodes=_NO_NODE_LIMIT, deadline=until
        )
        budget.spent(expanded)
        if moves is not None and (best is None or len(moves) < len(best)):
            best = moves
    return best
