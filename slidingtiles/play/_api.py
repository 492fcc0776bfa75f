"""The game's searching endpoints as plain functions: ``/api/solve`` and ``/api/hint``.

>>> status, answer = solve_request(b'{"board": "1 2/0 3"}', PlayLimits())
>>> status, answer["status"], answer["moves"]
(200, 'solved', 'R')

Nothing here knows a web framework: `slidingtiles.play._server` wraps these
functions in routes, and the tests can call them directly. A request is read
and checked first (`prepare_solve`, over `slidingtiles.play._request`), then
searched under the server's limits (`SearchJob.run`). A solved board is
`Solution.to_dict`, exactly what ``slidingtiles solve --format json``
prints; the unsolvable and limit objects are the command's too (docs/json.md).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import attrs

from slidingtiles import (
    Board,
    InvalidBoardError,
    OutOfReachError,
    SearchLimitExceeded,
    SearchStats,
    SlidingTilesError,
    UnsolvableError,
    pdb,
    solve,
)
from slidingtiles.play._beyond import Found, short_answer
from slidingtiles.play._limits import PlayLimits
from slidingtiles.play._request import (
    PAIR_FIELDS,
    SCHEMA,
    ApiError,
    algorithm_field,
    board_pair,
    fail,
    heuristic_field,
    number_field,
    one_line,
    read_request,
    time_limit_field,
)

__all__ = [
    "HINT_FIELDS",
    "SOLVE_FIELDS",
    "SearchJob",
    "SolveCancelled",
    "build_tables",
    "cancelled_by",
    "failure_answer",
    "failure_object",
    "hint_request",
    "out_of_memory",
    "prepare_solve",
    "solve_request",
    "stats_object",
]

SOLVE_FIELDS = (*PAIR_FIELDS, "heuristic", "algorithm", "weight", "time_limit")
HINT_FIELDS = (*PAIR_FIELDS, "time_limit")


class SolveCancelled(Exception):
    """Raised inside a search (from its progress callback) when its client has gone."""


def stats_object(stats: SearchStats | None) -> dict[str, Any] | None:
    """`SearchStats` as the JSON object of docs/json.md (seconds rounded to microseconds)."""
    if stats is None:
        return None
    values = attrs.asdict(stats)
    values["seconds"] = round(stats.seconds, 6)
    return values


def failure_object(
    status: str, board: Board, goal: Board, error: BaseException, **extra: Any
) -> dict[str, Any]:
    """The command line's unsolvable and limit objects (docs/json.md)."""
    return {
        "schema": SCHEMA,
        "status": status,
        "board": board.to_rows(),
        "goal": goal.to_rows(),
        # A limit's advice as the command line gives it: the objects are the command's.
        "error": one_line(
            error.explain(cli=True) if isinstance(error, SearchLimitExceeded) else error
        )
        or type(error).__name__,
        "error_type": type(error).__name__,
        **extra,
    }


def build_tables(goal: Board, limits: PlayLimits) -> bool:
    """Whether a missing table may be built for this solve: quick, and for a usual goal.

    Tables are files in the user's cache; building one for every goal a client
    sends would fill the disk, so only the two usual goals qualify.
    """
    usual = [Board.goal(goal.rows, goal.cols, blank).tiles for blank in ("last", "first")]
    if goal.tiles not in usual or min(goal.shape) < 2:  # labels do not matter: tiles do
        return False
    try:
        seconds = pdb.estimate_build_seconds(goal.rows, goal.cols, "default", goal)
    except (SlidingTilesError, ValueError):
        return False
    return seconds <= limits.build_seconds


def cancelled_by(cancelled: Callable[[], bool]) -> Callable[[SearchStats], None]:
    """The progress callback that stops a search (`SolveCancelled`) once ``cancelled()``."""

    def progress(stats: SearchStats) -> None:
        if cancelled():
            raise SolveCancelled(f"cancelled after {stats.expanded:,} expanded nodes")

    return progress


def _search(
    board: Board,
    goal: Board,
    limits: PlayLimits,
    cancelled: Callable[[], bool],
    *,
    heuristic: str = "auto",
    algorithm: str = "auto",
    weight: float | None = None,
    time_limit: float | None = None,
) -> tuple[int, dict[str, Any]] | Found:
    """Solve under the server's limits; a failure becomes its status and JSON object.

    An optimal search beyond reach in the time limit (the library's rule,
    `OutOfReachError`, raised before any search) is answered by `short_answer`.
    """
    seconds = limits.time_limit if time_limit is None else time_limit
    try:
        return Found(
            solve(
                board,
                goal,
                heuristic=heuristic,
                algorithm=algorithm,
                weight=weight,
                time_limit=seconds,
                max_nodes=limits.max_nodes,
                max_memory=limits.max_memory,
                progress=cancelled_by(cancelled),
                build_tables=build_tables(goal, limits),
            )
        )
    except OutOfReachError as beyond:  # answered at once by the shortest-solution methods
        return short_answer(
            board, goal, beyond, min(seconds, limits.short_seconds), cancelled_by(cancelled)
        )
    except (SlidingTilesError, ValueError) as error:
        return failure_answer(error, board, goal, heuristic)
    except MemoryError:
        pass  # answered below, once the failed search's memory is free (its traceback gone)
    return out_of_memory(board, goal)


def failure_answer(
    error: SlidingTilesError | ValueError, board: Board, goal: Board, heuristic: str
) -> tuple[int, dict[str, Any]]:
    """The status and JSON object for a solve that raised ``error``; `ApiError` for bad input.

    >>> from slidingtiles import SearchLimitExceeded
    >>> board, goal = Board("1 2/0 3"), Board.goal(2, 2)
    >>> failure_answer(SearchLimitExceeded("gave up", "nodes", 5), board, goal, "auto")[0]
    422
    """
    if isinstance(error, UnsolvableError):
        reason = error.report.reason if error.report is not None else str(error)
        return 422, failure_object("unsolvable", board, goal, error, reason=reason)
    if isinstance(error, SearchLimitExceeded):
        return 422, failure_object(
            "limit",
            board,
            goal,
            error,
            limit=error.limit,
            value=error.value,
            statistics=stats_object(error.stats),
        )
    if isinstance(error, SlidingTilesError):
        option = getattr(error, "option", None)  # an option the library refused: weight=0.5
        if isinstance(option, str) or isinstance(error, InvalidBoardError):
            fail(str(error), option if isinstance(option, str) else None, error)
        # A table that may not be built here (named in the message), or the like.
        kind = type(error).__name__
        raise ApiError(422, str(error), field="heuristic", error_type=kind) from None
    text = str(error)  # refused by the library without naming the option
    field = next((f for f in ("weight", "algorithm") if f in text), "heuristic")
    message = text if field != "heuristic" else f"heuristic {heuristic!r}: {text}"
    raise ApiError(400, message, field=field, error_type="BadRequest")


def out_of_memory(board: Board, goal: Board) -> tuple[int, dict[str, Any]]:
    """The limit object for a search the system refused memory (``limit`` ``"memory"``)."""
    return 422, failure_object(
        "limit",
        board,
        goal,
        MemoryError("out of memory"),
        limit="memory",
        value=None,
        statistics=None,
    )


@attrs.frozen
class SearchJob:
    """A validated ``/api/solve`` or ``/api/hint`` request, ready to run (`prepare_solve`).

    Reading and validating happen before the search waits for a free slot, so
    a malformed request gets its 400 at once, even while another search runs.
    """

    board: Board
    goal: Board
    heuristic: str = "auto"
    algorithm: str = "auto"
    weight: float | None = None
    time_limit: float | None = None
    hint: bool = False

    def run(
        self, limits: PlayLimits, cancelled: Callable[[], bool] = lambda: False
    ) -> tuple[int, dict[str, Any]]:
        """Search, and return the status and the JSON object to answer with.

        ``cancelled`` is polled during the search (every 10,000 to 16,384
        nodes); when it returns True the search stops with `SolveCancelled`.
        """
        found = _search(
            self.board,
            self.goal,
            limits,
            cancelled,
            heuristic=self.heuristic,
            algorithm=self.algorithm,
            weight=self.weight,
            time_limit=self.time_limit,
        )
        if isinstance(found, tuple):
            return found
        data = found.solution.to_dict()
        answer = _hint(data) if self.hint else data
        if found.note is not None:
            answer["note"] = found.note
        return 200, answer


def prepare_solve(body: bytes, limits: PlayLimits, *, hint: bool = False) -> SearchJob:
    """Read and validate a solve (or, with ``hint``, a hint) request; `ApiError` if bad.

    >>> job = prepare_solve(b'{"board": [[1, 2], [0, 3]], "heuristic": "hamming"}', PlayLimits())
    >>> job.board.to_text(), job.heuristic, job.algorithm
    ('1 2/0 3', 'misplaced', 'auto')
    """
    payload = read_request(body, HINT_FIELDS if hint else SOLVE_FIELDS)
    board, goal = board_pair(payload, limits)
    time_limit = time_limit_field(payload, limits)
    if hint:
        return SearchJob(board, goal, time_limit=time_limit, hint=True)
    return SearchJob(
        board,
        goal,
        heuristic_field(payload),
        algorithm_field(payload),
        number_field(payload, "weight"),
        time_limit,
    )


def solve_request(
    body: bytes, limits: PlayLimits, cancelled: Callable[[], bool] = lambda: False
) -> tuple[int, dict[str, Any]]:
    """``POST /api/solve``: the solution object of ``slidingtiles solve --format json``.

    >>> status, answer = solve_request(b'{"board": "1 2 3/4 0 6/7 5 8"}', PlayLimits())
    >>> status, answer["status"], answer["moves"], answer["optimal"]
    (200, 'solved', 'DR', True)

    Fields: ``board`` (required), ``goal``, ``heuristic`` and ``algorithm``
    (registered names, default ``"auto"``), ``weight`` (for ``"weighted"``),
    ``time_limit`` (at most the server's). 200 with `Solution.to_dict`; 422
    with the unsolvable or limit object; 400 with an error object for bad
    input. ``cancelled`` as in `SearchJob.run`.
    """
    return prepare_solve(body, limits).run(limits, cancelled)


def hint_request(
    body: bytes, limits: PlayLimits, cancelled: Callable[[], bool] = lambda: False
) -> tuple[int, dict[str, Any]]:
    """``POST /api/hint``: the next move of a shortest solution from ``board``.

    >>> status, answer = hint_request(b'{"board": "1 2 3/4 0 6/7 5 8"}', PlayLimits())
    >>> status, answer["move"], answer["tile"], answer["remaining"], answer["optimal"]
    (200, 'D', 5, 2, True)

    Solves with the strongest admissible heuristic (``"auto"``), so the move
    starts a shortest solution and ``remaining`` counts its moves (0, with
    ``move`` and ``tile`` null, at the goal). Failures as in `solve_request`.
    """
    return prepare_solve(body, limits, hint=True).run(limits, cancelled)


def _hint(data: dict[str, Any]) -> dict[str, Any]:
    """The hint object from a solution's: its first move and how many remain."""
    move = data["moves"][:1] or None
    answer = {
        "schema": SCHEMA,
        "status": "hint",
        "board": data["board"],
        "goal": data["goal"],
        "move": move,
        "tile": data["tiles"][0] if move else None,
        "remaining": data["length"],
        "optimal": data["optimal"],
        "heuristic": data["heuristic"],
        "algorithm": data["algorithm"],
        "statistics": data["statistics"],
    }
    if "labels" in data:
        answer["labels"] = data["labels"]
    return answer
