"""The endpoints answered at once, without a search: check, random and info.

>>> status, answer = check_request(b'{"board": "1 2 3/4 5 6/8 7 0"}', PlayLimits())
>>> status, answer["status"], answer["reason"].split(":")[0]
(200, 'unsolvable', 'unsolvable')

Each is a plain function (a request's JSON in, an HTTP status and JSON out)
answering with the object of the matching command (``slidingtiles check``,
``random``, docs/json.md).
"""

from __future__ import annotations

from typing import Any

from slidingtiles import (
    ALGORITHMS,
    Board,
    SlidingTilesError,
    __version__,
    board_and_goal,
    heuristics,
    random_board,
    scramble,
    solvability,
)
from slidingtiles.play._limits import PlayLimits
from slidingtiles.play._request import (
    PAIR_FIELDS,
    SCHEMA,
    board_pair,
    check_cells,
    fail,
    read_request,
    whole_field,
)
from slidingtiles.play._watching import watch_info

__all__ = ["MAX_SCRAMBLE", "RANDOM_FIELDS", "check_request", "info", "random_request"]

RANDOM_FIELDS = ("rows", "cols", "goal", "moves", "seed")

#: The longest random walk ``/api/random`` makes (``"moves"``).
MAX_SCRAMBLE = 10_000


def check_request(body: bytes, limits: PlayLimits) -> tuple[int, dict[str, Any]]:
    """``POST /api/check``: whether the board can reach the goal, and why (no search).

    >>> check_request(b'{"board": "1 0/2 3", "goal": "first"}', PlayLimits())[1]["solvable"]
    True

    The object of ``slidingtiles check --format json``: ``solvable``, the
    library's ``reason`` and the parity numbers. 200 either way.
    """
    payload = read_request(body, PAIR_FIELDS)
    board, goal = board_pair(payload, limits)
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
    rows = whole_field(payload, "rows", 1, limits.max_side) or 3
    cols = whole_field(payload, "cols", 1, limits.max_side) or 3
    if rows * cols < 2:
        fail("rows x cols must be at least 2 cells", "rows")
    moves = whole_field(payload, "moves", 0, MAX_SCRAMBLE)
    seed = whole_field(payload, "seed", -(2**63), 2**63 - 1)
    goal_field = payload.get("goal")
    check_cells(goal_field, "goal")
    try:
        goal = board_and_goal(Board.goal(rows, cols), goal_field)[1]
    except (SlidingTilesError, ValueError, TypeError) as error:
        fail(f"goal: {str(error).removeprefix('bad goal: ')}", "goal", error)
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
    """``GET /api/info``: the version, the heuristics, the algorithms, the limits, the view's.

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
        "watch": watch_info(),
    }
