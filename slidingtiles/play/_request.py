"""Reading the game's requests: JSON in, every field checked, or `ApiError` saying why not.

>>> read_request(b'{"board": "1 2/0 3"}', PAIR_FIELDS)
{'board': '1 2/0 3'}

Nothing here knows a web framework. Every request is read by `read_request`
(JSON, an object, only the fields the endpoint knows) and its boards by the
library's own parsing (`board_pair`, over `board_and_goal`), so a bad value
is refused with the library's message naming it. Every answer is one JSON
object of the command line's family (``"schema": 1``, docs/json.md); a
refusal is `ApiError` (a status from 400 to 429, and the error object of
docs/play.md), never a traceback.
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping
from typing import Any, NoReturn

from slidingtiles import (
    ALGORITHMS,
    Board,
    GoalMismatchError,
    SlidingTilesError,
    UnknownHeuristicError,
    board_and_goal,
    heuristics,
)
from slidingtiles.play._limits import PlayLimits

__all__ = [
    "PAIR_FIELDS",
    "SCHEMA",
    "ApiError",
    "algorithm_field",
    "board_pair",
    "brief",
    "check_cells",
    "error_object",
    "fail",
    "heuristic_field",
    "number_field",
    "one_line",
    "read_request",
    "time_limit_field",
    "whole_field",
]

#: The ``"schema"`` of every object the API answers with (the command line's, docs/json.md).
SCHEMA = 1

#: The fields of a request about one board (and its goal). An endpoint lists the fields it
#: reads; any other is refused, so a typo ("boad") is not ignored.
PAIR_FIELDS = ("board", "goal")


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
        "error": one_line(message),
        "error_type": error_type,
        "field": field,
    }


def one_line(message: object) -> str:
    return " ".join(str(message).split())


def brief(value: object, depth: int = 2) -> str:
    """A short JSON-like rendering of a request value for a message (safe at any nesting).

    >>> brief([[1, [2, [3, [4]]]], {"a": None}])
    '[[1, [...]], {"a": null}]'
    """
    if isinstance(value, list):
        if depth < 0:
            return "[...]"
        items = [brief(item, depth - 1) for item in value[:4]]
        return "[" + ", ".join(items + ["..."] * (len(value) > 4)) + "]"
    if isinstance(value, dict):
        if depth < 0:
            return "{...}"
        pairs = [f"{json.dumps(str(k))}: {brief(v, depth - 1)}" for k, v in list(value.items())[:4]]
        return "{" + ", ".join(pairs + ["..."] * (len(value) > 4)) + "}"
    text = json.dumps(value)
    return text if len(text) <= 60 else text[:57] + "..."


def fail(message: str, field: str | None, error: BaseException | None = None) -> NoReturn:
    error_type = type(error).__name__ if error is not None else "BadRequest"
    if isinstance(error, (TypeError, ValueError)) and not isinstance(error, SlidingTilesError):
        error_type = "BadRequest"  # a built-in's name tells a client nothing
    raise ApiError(400, message, field=field, error_type=error_type) from None


def _no_constants(name: str) -> NoReturn:
    raise ValueError(f"{name} is not a JSON number")


def read_request(body: bytes, fields: tuple[str, ...]) -> dict[str, Any]:
    """The request body as a JSON object with only known ``fields``; `ApiError` (400) if not.

    >>> read_request(b'{"board": "1 2/0 3"}', ("board", "goal"))
    {'board': '1 2/0 3'}
    >>> read_request(b'{"boad": 1}', ("board", "goal"))
    Traceback (most recent call last):
    ...
    slidingtiles.play._request.ApiError: unknown field 'boad'; this endpoint reads: board, goal

    NaN and infinities are refused, as are numbers with thousands of digits
    and nesting deep enough to exhaust the parser.
    """
    try:
        text = body.decode("utf-8")
        payload = json.loads(text, parse_constant=_no_constants) if text.strip() else {}
    except UnicodeDecodeError:
        fail("the request body is not UTF-8 text", None)
    except (ValueError, RecursionError) as error:
        fail(f"the request body is not JSON: {error}", None)
    if not isinstance(payload, dict):
        fail(f"the request body must be a JSON object, not {type(payload).__name__}", None)
    for key, value in payload.items():
        if _not_text(key) is not None:
            fail(f"the field name {brief(key)} {_not_text(key)}", _text(key))
        if key not in fields:
            fail(f"unknown field {key!r}; this endpoint reads: {', '.join(fields)}", key)
        problem = _first_not_text(value)
        if problem is not None:
            fail(f"{key}: {problem}", key)
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
                return f"{brief(text)} {problem}"
    return None


def _text(text: str) -> str:
    """``text`` with anything that is not text (a lone surrogate) spelled as its escape."""
    return text.encode("utf-8", "backslashreplace").decode("utf-8")


def check_cells(value: object, field: str) -> None:
    """Boards arrive as text or as rows (or a flat list) of JSON numbers, strings or null."""
    if value is None and field == "goal":
        return
    if isinstance(value, str):
        return
    if not isinstance(value, list):
        fail(
            f'{field}: a board is text ("1 2 3/4 5 6/7 8 0") or rows of tiles, not {brief(value)}',
            field,
        )
    for r, row in enumerate(value, 1):
        cells = row if isinstance(row, list) else [row]
        for c, cell in enumerate(cells, 1):
            if isinstance(cell, (list, dict)):
                where = f"row {r}, column {c}" if isinstance(row, list) else f"item {r}"
                fail(
                    f"{field}: {where} is {brief(cell)}; a cell is a tile number, "
                    "a label (text) or null",
                    field,
                )


def board_pair(payload: Mapping[str, Any], limits: PlayLimits) -> tuple[Board, Board]:
    """The request's board and goal, read by the library (`board_and_goal`) and size-checked."""
    if "board" not in payload:
        fail("missing field 'board' (text such as \"1 2 3/4 5 6/7 8 0\", or rows)", "board")
    board, goal = payload["board"], payload.get("goal")
    check_cells(board, "board")
    check_cells(goal, "goal")
    try:
        start, target = board_and_goal(board, goal)
    except GoalMismatchError as error:
        fail(f"goal: {error}", "goal", error)
    except (SlidingTilesError, ValueError, TypeError) as error:
        field = "goal" if str(error).startswith("bad goal") else "board"
        message = str(error).removeprefix("bad goal: ")
        fail(f"{field}: {message}", field, error)
    if max(start.shape) > limits.max_side:
        fail(
            f"board: the board is {start.rows}x{start.cols}; this server plays boards of at "
            f"most {limits.max_side} rows and {limits.max_side} columns",
            "board",
        )
    return start, target


def _name_field(payload: Mapping[str, Any], field: str, default: str) -> str:
    """A name field: absent or null means ``default``; anything else must be a non-empty name.

    One reading for every route: ``false``, ``0`` and ``""`` are refused (400), never read
    as the default.
    """
    value = payload.get(field)
    if value is None:
        return default
    if not isinstance(value, str) or not value:
        fail(f"{field} must be a name, not {brief(value)}", field)
    return value


def heuristic_field(payload: Mapping[str, Any], default: str = "auto") -> str:
    """The ``heuristic`` field: a registered name (or ``default`` when absent or null)."""
    name = _name_field(payload, "heuristic", default)
    if name != "auto":
        try:
            return heuristics.get(name).name
        except UnknownHeuristicError as error:
            fail(f"heuristic: {error}", "heuristic", error)
    return name


def algorithm_field(
    payload: Mapping[str, Any], default: str = "auto", allowed: tuple[str, ...] = ALGORITHMS
) -> str:
    """The ``algorithm`` field: one of ``allowed`` (or ``default`` when absent or null)."""
    name = _name_field(payload, "algorithm", default)
    if name not in allowed:
        fail(
            f"algorithm: unknown algorithm {name[:40]!r}; choose from {', '.join(allowed)}",
            "algorithm",
        )
    return name


def number_field(payload: Mapping[str, Any], field: str) -> float | None:
    value = payload.get(field)
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int | float):
        fail(f"{field} must be a number, not {brief(value)}", field)
    try:
        number = float(value)
    except OverflowError:
        number = math.inf
    if not math.isfinite(number):
        fail(f"{field} must be a finite number, not {brief(value)}", field)
    return number


def time_limit_field(payload: Mapping[str, Any], limits: PlayLimits) -> float:
    asked = number_field(payload, "time_limit")
    if asked is None:
        return limits.time_limit
    if not 0 < asked <= limits.time_limit:
        fail(
            f"time_limit: {asked:g} s is not allowed; this server searches for at most "
            f"{limits.time_limit:g} s",
            "time_limit",
        )
    return asked


def whole_field(payload: Mapping[str, Any], field: str, low: int, high: int) -> int | None:
    value = payload.get(field)
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        fail(f"{field} must be a whole number from {low} to {high}, not {brief(value)}", field)
    return value
