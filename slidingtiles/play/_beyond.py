"""The game's answer beyond optimal reach: a short solution, and a note saying so.

>>> from slidingtiles import Board, OutOfReachError, solve
>>> board = Board.goal(3, 3).apply("ULDR")
>>> Found(solve(board)).note is None
True

A board whose optimal search the library refuses at once (`OutOfReachError`:
the estimate is past the server's time limit, docs/solving.md "Optimal
reach") is answered by the shortest-solution methods (``optimal=False``), the
note saying which method ran and that the answer is not proven shortest; the
page shows it. Should those methods find nothing in their seconds (a slow,
loaded machine), the constructive solver answers, which searches nothing.
"""

from __future__ import annotations

from collections.abc import Callable

import attrs

from slidingtiles import Board, OutOfReachError, SearchLimitExceeded, SearchStats, Solution, solve

__all__ = ["Found", "short_answer"]


@attrs.frozen
class Found:
    """A solution, and why it is a short one when an optimal search was beyond reach."""

    solution: Solution
    note: str | None = None


def short_answer(
    board: Board,
    goal: Board,
    beyond: OutOfReachError,
    seconds: float,
    progress: Callable[[SearchStats], None],
) -> Found:
    """A short solution of ``board`` where its optimal search was ``beyond`` reach, with a note.

    ``seconds``: the shortest-solution methods' time (`PlayLimits.short_seconds`,
    at most the time limit); ``progress`` is called as they search (it may
    raise to cancel). Cost: at most ``seconds``, then the constructive solver,
    O(cells x moves).
    """
    try:
        found = solve(board, goal, optimal=False, time_limit=seconds, progress=progress)
    except SearchLimitExceeded:
        found = solve(board, goal, algorithm="reduce", progress=progress)
    note = (
        f"{beyond.reason}; so the shortest-solution methods answered ({found.algorithm}, "
        f"{found.engine}): a short solution, not proven shortest"
    )
    return Found(found, note)
