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
while `BEAM_SHARE` of it lasts. On 6x6 and 7x7 it is the shortest method;
above 8x8 it rarely reaches the goal within its level cap.
"""

from __future__ import annotations

from time import perf_counter

from slidingtiles._board.board import Board
from slidingtiles._engine import dispatch
from slidingtiles._solve.short.budget import BEAM_SHARE, Budget

__all__ = ["NODES", "NODES_PYTHON", "TIMED_WIDTHS", "WIDTHS", "beam"]

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
