"""The game's JSON API as plain functions: a request's JSON in, an HTTP status and JSON out.

>>> status, answer = check_request(b'{"board": "1 2 3/4 5 6/8 7 0"}', PlayLimits())
>>> status, answer["status"], answer["reason"].split(":")[0]
(200, 'unsolvable', 'unsolvable')

Nothing here knows a web framework: `slidingtiles.play._server` wraps these
functions in routes, and the tests can call them directly. Every request is
read by `read_request` (JSON, an object, only the fields the endpoint knows)
and its boards by the library's own parsing (`board_and_goal`), so a bad
value is refused with the library's message naming it. Every answer is one
JSON object of the command line's family (``"schema": 1``, docs/json.md):
a solved board is `Solution.to_dict`, exactly what ``slidingtiles solve
--format json`` prints, and the unsolvable, limit and check objects are the
command's too. Failures are `ApiError` (a status from 400 to 429, and the
error object of docs/play.md), never a traceback.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Mapping
from typing import Any, NoReturn

import attrs

from slidingtiles import (
    ALGORITHMS,
    Board,
    GoalMismatchError,
    InvalidBoardError,
    OutOfReachError,
    SearchLimitExceeded,
    SearchStats,
    SlidingTilesError,
    UnknownHeuristicError,
    UnsolvableError,
    __version__,
    board_and_goal,
    heuristics,
    pdb,
    random_board,
    scramble,
    solvability,
    solve,
)
from slidingtiles.play._beyond import Found, short_answer

__all__ = [
    "SCHEMA",
    "ApiError",
    "PlayLimits",
    "SearchJob",
    "SolveCancelled",
    "check_request",
    "error_object",
    "hint_request",
    "info",
    "prepare_solve",
    "random_request",
    "read_request",
    "solve_request",
]

#: The ``"schema"`` of every object the API answers with (the command line's, docs/json.md).
SCHEMA = 1

# The fields each endpoint reads; any other is refused, so a typo ("boad") is not ignored.
_PAIR_FIELDS = ("board", "goal")
SOLVE_FIELDS = (*_PAIR_FIELDS, "heuristic", "algorithm", "weight", "time_limit")
HINT_FIELDS = (*_PAIR_FIELDS, "time_limit")
CHECK_FIELDS = _PAIR_FIELDS
RANDOM_FIELDS = ("rows", "cols", "goal", "moves", "seed")

#: The longest random walk ``/api/random`` makes (``"moves"``).
MAX_SCRAMBLE = 10_000


def _positive(kind: type, allow_none: bool = False) -> Callable[[Any, Any, Any], None]:
    def check(instance: Any, attribute: Any, value: Any) -> None:
        if value is None and allow_none:
            return
        number = isinstance(value, kind) or (kind is float and isinstance(value, int))
        if isinstance(value, bool) or not number or not 0 < value < math.inf:
            raise ValueError(f"{attribute.name} must be a positive number, not {value!r}")

    return check


@attrs.frozen(kw_only=True)
class PlayLimits:
    """What one server allows: search limits, board size, request size, solves at a time.

    >>> PlayLimits().time_limit, PlayLimits().solves, PlayLimits().max_side
    (10.0, 1, 8)
    >>> PlayLimits(time_limit=0)
    Traceback (most recent call last):
    ...
    ValueError: time_limit must be a positive number, not 0

    Attributes:
        time_limit: seconds a solve (or a hint) may search; a request may ask for less.
        max_nodes: states a solve may expand (None: only the time limit).
        max_memory: bytes the process may grow by during an A* or BFS search.
        max_side: the largest number of rows or columns accepted (the page offers 2 to 8).
        max_body: the largest request body in bytes (larger: 413).
        solves: searches that may run at once; others wait (below), then get 429.
        queue_seconds: how long a request waits for a free search before its 429.
        build_seconds: a pattern-database table estimated to build in at most this many
            seconds may be built on first use, for the usual goals (blank last or first)
            only; others are used if cached (``slidingtiles pdb build``), never built.
        short_seconds: a board whose optimal search is beyond reach in ``time_limit``
            (`OutOfReachError`) gets a short solution instead, from the shortest-solution
            methods given at most this many seconds (``max_nodes`` bounds only optimal
            searches).
    """

    time_limit: float = attrs.field(default=10.0, validator=_positive(float))
    max_nodes: int | None = attrs.field(default=None, validator=_positive(int, allow_none=True))
    max_memory: int | None = attrs.field(
        default=512 * 2**20, validator=_positive(int, allow_none=True)
    )
    max_side: int = attrs.field(default=8, validator=_positive(int))
    max_body: int = attrs.field(default=16 * 1024, validator=_positive(int))
    solves: int = attrs.field(default=1, validator=_positive(int))
    queue_seconds: float = attrs.field(default=2.0)
    build_seconds: float = attrs.field(default=2.0)
    short_seconds: float = attrs.field(default=2.0, validator=_positive(float))

    @queue_seconds.validator
    @build_seconds.validator
    def _non_negative(self, attribute: Any, value: Any) -> None:
        if isinstance(value, bool) or not isinstance(value, int | float) or not 0 <= value < 3600:
            raise ValueError(f"{attribute.name} must be 0 to 3600 seconds, not {value!r}")

    def to_dict(self) -> dict[str, Any]:
        """The limits as a JSON object (what ``GET /api/info`` shows under ``"limits"``)."""
        return attrs.asdict(self)


class SolveCancelled(Exception):
    """Raised inside a search (from its progress callback) when its client has gone."""


class ApiError(Exception):
    """A request the API refuses: the HTTP status and the JSON error object to answer with.

    >>> error = ApiError(400, "board: empty board text", field="board")
    >>> error.status, error.payload()["error"], error.payload()["field"]
    (400, 'board: empty board text', 'board')
    """

    def __init__(
        self,
        status: int,
        message: str,
        *,
        field: str | None = None,
        error_type: str = "BadRequest",
        state: str = "error",
        headers: Mapping[str, str] | None = None,
    ) -> None:
        super().__init__(message)
        self.status = status
        self.message = message
        self.field = field
        self.error_type = error_type
        self.state = state
        self.headers = dict(headers or {})

    def payload(self) -> dict[str, Any]:
        """The JSON error object (see docs/play.md)."""
        return error_object(self.message, self.error_type, field=self.field, status=self.state)


def error_object(
    message: str, error_type: str, *, field: str | None = None, status: str = "error"
) -> dict[str, Any]:
    """The API's error object: the batch error object of docs/json.md plus ``field``.

    >>> error_object("bad tile", "InvalidBoardError", field="board")["error_type"]
    'InvalidBoardError'
    """
    return {
        "schema": SCHEMA,
        "status": status,
        "board": None,
        "goal": None,
        "error": _one_line(message),
        "error_type": error_type,
        "field": field,
    }


def _one_line(message: object) -> str:
    return " ".join(str(message).split())


def _brief(value: object, depth: int = 2) -> str:
    """A short JSON-like rendering of a request value for a message (safe at any nesting).

    >>> _brief([[1, [2, [3, [4]]]], {"a": None}])
    '[[1, [...]], {"a": null}]'
    """
    if isinstance(value, list):
        if depth < 0:
            return "[...]"
        items = [_brief(item, depth - 1) for item in value[:4]]
        return "[" + ", ".join(items + ["..."] * (len(value) > 4)) + "]"
    if isinstance(value, dict):
        if depth < 0:
            return "{...}"
        pairs = [
            f"{json.dumps(str(k))}: {_brief(v, depth - 1)}" for k, v in list(value.items())[:4]
        ]
        return "{" + ", ".join(pairs + ["..."] * (len(value) > 4)) + "}"
    text = json.dumps(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _fail(message: str, field: str | None, error: BaseException | None = None) -> NoReturn:
    error_type = type(error).__name__ if error is not None else "BadRequest"
    if isinstance(error, (TypeError, ValueError)) and not isinstance(error, SlidingTilesError):
        error_type = "BadRequest"  # a built-in's name tells a client nothing
    raise ApiError(400, message, field=field, error_type=error_type) from None


def _no_constants(name: str) -> NoReturn:
    raise ValueError(f"{name} is not a JSON number")


# -- reading requests ------------------------------------------------------------------


def read_request(body: bytes, fields: tuple[str, ...]) -> dict[str, Any]:
    """The request body as a JSON object with only known ``fields``; `ApiError` (400) if not.

    >>> read_request(b'{"board": "1 2/0 3"}', CHECK_FIELDS)
    {'board': '1 2/0 3'}
    >>> read_request(b'{"boad": 1}', CHECK_FIELDS)
    Traceback (most recent call last):
    ...
    slidingtiles.play._api.ApiError: unknown field 'boad'; this endpoint reads: board, goal

    NaN and infinities are refused, as are numbers with thousands of digits
    and nesting deep enough to exhaust the parser.
    """
    try:
        text = body.decode("utf-8")
        payload = json.loads(text, parse_constant=_no_constants) if text.strip() else {}
    except UnicodeDecodeError:
        _fail("the request body is not UTF-8 text", None)
    except (ValueError, RecursionError) as error:
        _fail(f"the request body is not JSON: {error}", None)
    if not isinstance(payload, dict):
        _fail(f"the request body must be a JSON object, not {type(payload).__name__}", None)
    for key, value in payload.items():
        if _not_text(key) is not None:
            _fail(f"the field name {_brief(key)} {_not_text(key)}", _text(key))
        if key not in fields:
            _fail(f"unknown field {key!r}; this endpoint reads: {', '.join(fields)}", key)
        problem = _first_not_text(value)
        if problem is not None:
            _fail(f"{key}: {problem}", key)
    return payload


def _not_text(text: str) -> str | None:
    """Why ``text`` cannot be written back as UTF-8 (a lone surrogate), or None.

    >>> _not_text("caf\\u00e9"), _not_text("\\ud800x")[:40]
    (None, 'holds a lone surrogate, U+D800, which is')

    JSON's ``\\ud800`` escape decodes to a lone surrogate, which no answer can
    encode: whatever the server echoes (labels, names, messages quoting them)
    must be text, so such a value is refused here, naming its field.
    """
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as error:
        return (
            f"holds a lone surrogate, U+{ord(text[error.start]):04X}, which is not text (a "
            "\\u escape of a character past U+FFFF pairs two surrogates)"
        )
    return None


def _first_not_text(value: object) -> str | None:
    """The first string in a JSON value (keys too, at any depth) that is not text, and why."""
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            strings: list[str] = [item]
        elif isinstance(item, dict):
            strings = list(item)
            stack.extend(item.values())
        else:
            strings = []
            if isinstance(item, list):
                stack.extend(item)
        for text in strings:
            problem = _not_text(text)
            if problem is not None:
                return f"{_brief(text)} {problem}"
    return None


def _text(text: str) -> str:
    """``text`` with anything that is not text (a lone surrogate) spelled as its escape."""
    return text.encode("utf-8", "backslashreplace").decode("utf-8")


def _check_cells(value: object, field: str) -> None:
    """Boards arrive as text or as rows (or a flat list) of JSON numbers, strings or null."""
    if value is None and field == "goal":
        return
    if isinstance(value, str):
        return
    if not isinstance(value, list):
        _fail(
            f'{field}: a board is text ("1 2 3/4 5 6/7 8 0") or rows of tiles, not {_brief(value)}',
            field,
        )
    for r, row in enumerate(value, 1):
        cells = row if isinstance(row, list) else [row]
        for c, cell in enumerate(cells, 1):
            if isinstance(cell, (list, dict)):
                where = f"row {r}, column {c}" if isinstance(row, list) else f"item {r}"
                _fail(
                    f"{field}: {where} is {_brief(cell)}; a cell is a tile number, "
                    "a label (text) or null",
                    field,
                )


def _pair(payload: Mapping[str, Any], limits: PlayLimits) -> tuple[Board, Board]:
    """The request's board and goal, read by the library (`board_and_goal`) and size-checked."""
    if "board" not in payload:
        _fail("missing field 'board' (text such as \"1 2 3/4 5 6/7 8 0\", or rows)", "board")
    board, goal = payload["board"], payload.get("goal")
    _check_cells(board, "board")
    _check_cells(goal, "goal")
    try:
        start, target = board_and_goal(board, goal)
    except GoalMismatchError as error:
        _fail(f"goal: {error}", "goal", error)
    except (SlidingTilesError, ValueError, TypeError) as error:
        field = "goal" if str(error).startswith("bad goal") else "board"
        message = str(error).removeprefix("bad goal: ")
        _fail(f"{field}: {message}", field, error)
    if max(start.shape) > limits.max_side:
        _fail(
            f"board: the board is {start.rows}x{start.cols}; this server plays boards of at "
            f"most {limits.max_side} rows and {limits.max_side} columns",
            "board",
        )
    return start, target


def _name(payload: Mapping[str, Any], field: str) -> str:
    value = payload.get(field, "auto")
    if value is None:
        return "auto"
    if not isinstance(value, str):
        _fail(f"{field} must be a name, not {_brief(value)}", field)
    return value


def _heuristic(payload: Mapping[str, Any]) -> str:
    name = _name(payload, "heuristic")
    if name != "auto":
        try:
            return heuristics.get(name).name
        except UnknownHeuristicError as error:
            _fail(f"heuristic: {error}", "heuristic", error)
    return name


def _algorithm(payload: Mapping[str, Any]) -> str:
    name = _name(payload, "algorithm")
    if name not in ALGORITHMS:
        _fail(
            f"algorithm: unknown algorithm {name!r}; choose from {', '.join(ALGORITHMS)}",
            "algorithm",
        )
    return name


def _number(payload: Mapping[str, Any], field: str) -> float | None:
    value = payload.get(field)
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int | float):
        _fail(f"{field} must be a number, not {_brief(value)}", field)
    return float(value)


def _time_limit(payload: Mapping[str, Any], limits: PlayLimits) -> float:
    asked = _number(payload, "time_limit")
    if asked is None:
        return limits.time_limit
    if not 0 < asked <= limits.time_limit:
        _fail(
            f"time_limit: {asked:g} s is not allowed; this server searches for at most "
            f"{limits.time_limit:g} s",
            "time_limit",
        )
    return asked


def _whole(payload: Mapping[str, Any], field: str, low: int, high: int) -> int | None:
    value = payload.get(field)
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        _fail(f"{field} must be a whole number from {low} to {high}, not {_brief(value)}", field)
    return value


# -- answers ---------------------------------------------------------------------------


def _stats(stats: SearchStats | None) -> dict[str, Any] | None:
    """`SearchStats` as the JSON object of docs/json.md (seconds rounded to microseconds)."""
    if stats is None:
        return None
    values = attrs.asdict(stats)
    values["seconds"] = round(stats.seconds, 6)
    return values


def _failure(
    status: str, board: Board, goal: Board, error: BaseException, **extra: Any
) -> dict[str, Any]:
    """The command line's unsolvable and limit objects (docs/json.md)."""
    return {
        "schema": SCHEMA,
        "status": status,
        "board": board.to_rows(),
        "goal": goal.to_rows(),
        "error": _one_line(error) or type(error).__name__,
        "error_type": type(error).__name__,
        **extra,
    }


def _build_tables(goal: Board, limits: PlayLimits) -> bool:
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


def _cancelled_by(cancelled: Callable[[], bool]) -> Callable[[SearchStats], None]:
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
                board, goal, heuristic=heuristic, algorithm=algorithm, weight=weight,
                time_limit=seconds, max_nodes=limits.max_nodes, max_memory=limits.max_memory,
                progress=_cancelled_by(cancelled), build_tables=_build_tables(goal, limits),
            )
        )  # fmt: skip
    except OutOfReachError as beyond:  # answered at once by the shortest-solution methods
        return short_answer(
            board, goal, beyond, min(seconds, limits.short_seconds), _cancelled_by(cancelled)
        )
    except UnsolvableError as error:
        reason = error.report.reason if error.report is not None else str(error)
        return 422, _failure("unsolvable", board, goal, error, reason=reason)
    except SearchLimitExceeded as error:
        return 422, _failure(
            "limit", board, goal, error,
            limit=error.limit, value=error.value, statistics=_stats(error.stats),
        )  # fmt: skip
    except SlidingTilesError as error:
        option = getattr(error, "option", None)  # an option the library refused: weight=0.5
        if isinstance(option, str) or isinstance(error, InvalidBoardError):
            _fail(str(error), option if isinstance(option, str) else None, error)
        # A table that may not be built here (named in the message), or the like.
        kind = type(error).__name__
        raise ApiError(422, str(error), field="heuristic", error_type=kind) from None
    except ValueError as error:  # refused by the library without naming the option
        text = str(error)
        field = next((f for f in ("weight", "algorithm") if f in text), "heuristic")
        _fail(text if field != "heuristic" else f"heuristic {heuristic!r}: {text}", field)
    except MemoryError:
        pass  # answered below, once the failed search's memory is free (its traceback gone)
    return 422, _failure(
        "limit", board, goal, MemoryError("out of memory"), limit="memory", value=None,
        statistics=None,
    )  # fmt: skip


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
            self.board, self.goal, limits, cancelled, heuristic=self.heuristic,
            algorithm=self.algorithm, weight=self.weight, time_limit=self.time_limit,
        )  # fmt: skip
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
    board, goal = _pair(payload, limits)
    time_limit = _time_limit(payload, limits)
    if hint:
        return SearchJob(board, goal, time_limit=time_limit, hint=True)
    return SearchJob(
        board, goal, _heuristic(payload), _algorithm(payload), _number(payload, "weight"),
        time_limit,
    )  # fmt: skip


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


def check_request(body: bytes, limits: PlayLimits) -> tuple[int, dict[str, Any]]:
    """``POST /api/check``: whether the board can reach the goal, and why (no search).

    >>> check_request(b'{"board": "1 0/2 3", "goal": "first"}', PlayLimits())[1]["solvable"]
    True

    The object of ``slidingtiles check --format json``: ``solvable``, the
    library's ``reason`` and the parity numbers. 200 either way.
    """
    payload = read_request(body, CHECK_FIELDS)
    board, goal = _pair(payload, limits)
    report = solvability(board, goal)
    answer = {
        "schema": SCHEMA,
        "status": "solvable" if report.solvable else "unsolvable",
        "board": board.to_rows(),
        "goal": goal.to_rows(),
        "solvable": report.solvable,
        "reason": report.reason,
        "permutation_parity": report.permutation_parity,
        "blank_distance": report.blank_distance,
        "inversions": report.inversions,
        "blank_row_shift": report.blank_row_shift,
        "width": report.width,
    }
    if board.labels is not None:
        answer["labels"] = [_label(label) for label in board.labels]
    return 200, answer


def _label(label: object) -> Any:
    return label if label is None or isinstance(label, str | int | float | bool) else str(label)


def random_request(body: bytes, limits: PlayLimits) -> tuple[int, dict[str, Any]]:
    """``POST /api/random``: a uniformly random solvable board, or a random walk from the goal.

    >>> status, answer = random_request(b'{"rows": 3, "cols": 3, "seed": 1}', PlayLimits())
    >>> status, len(answer["board"]), answer["text"].count("/")
    (200, 3, 2)

    Fields: ``rows`` and ``cols`` (1 to the server's ``max_side``, default
    3), ``goal`` (``"last"``, ``"first"`` or a board of that shape), ``moves``
    (a random walk of that many moves from the goal instead of a uniform
    draw, at most 10,000) and ``seed``. The object of ``slidingtiles random
    --format json``.
    """
    payload = read_request(body, RANDOM_FIELDS)
    rows = _whole(payload, "rows", 1, limits.max_side) or 3
    cols = _whole(payload, "cols", 1, limits.max_side) or 3
    if rows * cols < 2:
        _fail("rows x cols must be at least 2 cells", "rows")
    moves = _whole(payload, "moves", 0, MAX_SCRAMBLE)
    seed = _whole(payload, "seed", -(2**63), 2**63 - 1)
    goal_field = payload.get("goal")
    _check_cells(goal_field, "goal")
    try:
        goal = board_and_goal(Board.goal(rows, cols), goal_field)[1]
    except (SlidingTilesError, ValueError, TypeError) as error:
        _fail(f"goal: {str(error).removeprefix('bad goal: ')}", "goal", error)
    board = (
        random_board(rows, cols, goal=goal, seed=seed)
        if moves is None
        else scramble(goal, moves, seed=seed)
    )
    return 200, {
        "schema": SCHEMA,
        "board": board.to_rows(),
        "goal": goal.to_rows(),
        "text": board.to_text(),
        "seed": seed,
        "scramble": moves,
    }


def info(limits: PlayLimits) -> dict[str, Any]:
    """``GET /api/info``: the version, the registry's heuristics, the algorithms, the limits.

    >>> data = info(PlayLimits())
    >>> data["algorithms"][0], "manhattan" in [h["name"] for h in data["heuristics"]]
    ('auto', True)
    """
    return {
        "schema": SCHEMA,
        "version": __version__,
        "heuristics": [
            {
                "name": entry.name,
                "admissible": entry.admissible,
                "consistent": entry.consistent,
                "strength": entry.strength,
                "aliases": list(entry.aliases),
                "description": entry.description,
            }
            for entry in (heuristics.get(name) for name in heuristics.names())
        ],
        "algorithms": list(ALGORITHMS),
        "limits": limits.to_dict(),
    }
