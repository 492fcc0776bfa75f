"""The game's search view: ``POST /api/watch`` runs one traced search and answers every step.

>>> status, answer = watch_request(b'{"board": "1 2 3/4 0 6/7 5 8"}', PlayLimits())
>>> status, answer["algorithm"], answer["outcome"], len(answer["stepper"]["steps"])
(200, 'astar', 'found', 2)

The page draws what the library's `TraceView.stepper_data` gives: each state
once, as a board's flat tiles (so the page draws it in any tile mode: numbers,
letters, a phrase, a picture), then per expansion the state with its g, h and
f, the best states waiting on the frontier, the children and their fates.
Small boards only (`MAX_CELLS`), and at most ``expansions`` of them
(`MAX_EXPANSIONS`): the search stops there, and the view shows how far it got.
Like a solve, it runs in a search slot, under the server's time and memory
limits, and stops when its client leaves.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import attrs

from slidingtiles import (
    Board,
    SearchLimitExceeded,
    SlidingTilesError,
    Solution,
    TraceView,
    solve,
)
from slidingtiles.play._api import (
    build_tables,
    cancelled_by,
    failure_answer,
    out_of_memory,
    stats_object,
)
from slidingtiles.play._limits import PlayLimits
from slidingtiles.play._request import (
    PAIR_FIELDS,
    SCHEMA,
    algorithm_field,
    board_pair,
    fail,
    heuristic_field,
    number_field,
    read_request,
    whole_field,
)
from slidingtiles.search import IterationEnded

__all__ = [
    "ALGORITHMS",
    "DEFAULT_EXPANSIONS",
    "MAX_CELLS",
    "MAX_EXPANSIONS",
    "WATCH_FIELDS",
    "WatchJob",
    "prepare_watch",
    "watch_info",
    "watch_request",
]

WATCH_FIELDS = (*PAIR_FIELDS, "heuristic", "algorithm", "weight", "expansions")
#: The searches the view shows (the generic ones: the tile engine does not trace).
ALGORITHMS = ("astar", "idastar", "greedy", "bfs", "weighted")
#: The largest board watched, in cells: 3x3, 2x4, 3x4, 4x4 and the like.
MAX_CELLS = 16
#: The most expansions one view holds, and how many it holds unless asked.
MAX_EXPANSIONS = 2000
DEFAULT_EXPANSIONS = 300
#: The frontier's best states listed per step.
TOP = 5
# Events per expansion at most: the expansion, four children; and IDA*'s two per iteration.
_EVENTS_PER_EXPANSION = 8


def watch_info() -> dict[str, Any]:
    """What ``GET /api/info`` says of the view under ``"watch"``.

    >>> watch_info()["max_cells"]
    16
    """
    return {
        "max_cells": MAX_CELLS,
        "max_expansions": MAX_EXPANSIONS,
        "expansions": DEFAULT_EXPANSIONS,
        "algorithms": list(ALGORITHMS),
    }


@attrs.frozen
class WatchJob:
    """A validated ``/api/watch`` request, ready to run in a search slot (`prepare_watch`)."""

    board: Board
    goal: Board
    heuristic: str = "manhattan"
    algorithm: str = "astar"
    weight: float | None = None
    expansions: int = DEFAULT_EXPANSIONS

    def run(
        self, limits: PlayLimits, cancelled: Callable[[], bool] = lambda: False
    ) -> tuple[int, dict[str, Any]]:
        """Search with a trace, at most ``expansions`` deep; return the status and JSON object.

        A search stopped by the cap (or by the time limit) is answered with
        what it did, ``"outcome": "limit"``; ``cancelled`` as in
        `SearchJob.run`. Failures (unsolvable, a bad option) as ``/api/solve``.
        """
        cap = min(self.expansions, limits.max_nodes or self.expansions)
        held: Solution | SearchLimitExceeded
        try:
            held = solve(
                self.board,
                self.goal,
                heuristic=self.heuristic,
                algorithm=self.algorithm,
                weight=self.weight,
                trace=_EVENTS_PER_EXPANSION * cap + 16,
                max_nodes=cap,
                time_limit=limits.time_limit,
                max_memory=limits.max_memory,
                progress=cancelled_by(cancelled),
                build_tables=build_tables(self.goal, limits),
            )
        except SearchLimitExceeded as error:
            if error.trace is None:  # refused before the search began
                return failure_answer(error, self.board, self.goal, self.heuristic)
            held = error
        except (SlidingTilesError, ValueError) as error:
            return failure_answer(error, self.board, self.goal, self.heuristic)
        except MemoryError:
            return out_of_memory(self.board, self.goal)
        return 200, self._answer(held, cap)

    def _heuristic(self, solution: Solution | None) -> str:
        if self.algorithm == "bfs":
            return "none"
        return self.heuristic if solution is None else solution.heuristic

    def _answer(self, held: Solution | SearchLimitExceeded, cap: int) -> dict[str, Any]:
        view = TraceView(held)
        trace = view.trace
        solution = held if isinstance(held, Solution) else None
        ends = [event for event in trace.events if isinstance(event, IterationEnded)]
        expanded: dict[int, int] = {}
        for event in trace.expansions:
            expanded[event.iteration] = expanded.get(event.iteration, 0) + 1
        return {
            "schema": SCHEMA,
            "status": "watched",
            "board": self.board.to_rows(),
            "goal": self.goal.to_rows(),
            "algorithm": trace.algorithm,
            "weight": trace.weight,
            "heuristic": self._heuristic(solution),
            "outcome": trace.outcome,
            "error": None if solution is not None else " ".join(str(held).split()),
            "expansions": cap,
            "moves": None if solution is None else str(solution.moves),
            "length": None if solution is None else len(solution),
            "optimal": None if solution is None else solution.optimal,
            "summary": view.summary(),
            "statistics": stats_object(trace.stats),
            "iterations": [_iteration(end, expanded) for end in ends],
            "stepper": view.stepper_data(top=TOP, max_steps=cap),
        }


def _iteration(end: IterationEnded, expanded: dict[int, int]) -> dict[str, Any]:
    """One IDA* iteration for the page: its bound, the next, whether it found, its expansions."""
    return {
        "iteration": end.iteration,
        "threshold": end.threshold,
        "next_threshold": end.next_threshold,
        "found": end.found,
        "expanded": expanded.get(end.iteration, 0),
    }


def prepare_watch(body: bytes, limits: PlayLimits) -> WatchJob:
    """Read and validate a ``/api/watch`` request; `ApiError` (400) if bad.

    >>> job = prepare_watch(b'{"board": "1 2/0 3", "algorithm": "idastar"}', PlayLimits())
    >>> job.algorithm, job.heuristic, job.expansions
    ('idastar', 'manhattan', 300)
    """
    payload = read_request(body, WATCH_FIELDS)
    board, goal = board_pair(payload, limits)
    if board.size > MAX_CELLS:
        fail(
            f"board: the search view shows boards of at most {MAX_CELLS} cells (3x3, 2x4, "
            f"4x4 ...), not {board.rows}x{board.cols}",
            "board",
        )
    algorithm = algorithm_field(payload, "astar", ALGORITHMS)
    heuristic = heuristic_field(payload, "manhattan")
    expansions = whole_field(payload, "expansions", 1, MAX_EXPANSIONS) or DEFAULT_EXPANSIONS
    weight = number_field(payload, "weight")
    return WatchJob(board, goal, heuristic, algorithm, weight, expansions)


def watch_request(
    body: bytes, limits: PlayLimits, cancelled: Callable[[], bool] = lambda: False
) -> tuple[int, dict[str, Any]]:
    """``POST /api/watch``: one search, traced, every expansion answered (docs/play.md).

    Fields: ``board`` (required, at most `MAX_CELLS` cells), ``goal``,
    ``heuristic`` (default ``"manhattan"``), ``algorithm`` (one of
    `ALGORITHMS`, default ``"astar"``), ``weight`` (for ``"weighted"``) and
    ``expansions`` (the cap, 1 to `MAX_EXPANSIONS`, default 300).
    """
    return prepare_watch(body, limits).run(limits, cancelled)
