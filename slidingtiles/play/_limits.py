"""What one game server allows: `PlayLimits` (search limits, board and request size, slots).

>>> PlayLimits(time_limit=2).to_dict()["time_limit"]
2
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import attrs

__all__ = ["PlayLimits"]


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
    short_seconds: float = attrs.field(default=1.0, validator=_positive(float))

    @queue_seconds.validator
    @build_seconds.validator
    def _non_negative(self, attribute: Any, value: Any) -> None:
        if isinstance(value, bool) or not isinstance(value, int | float) or not 0 <= value < 3600:
            raise ValueError(f"{attribute.name} must be 0 to 3600 seconds, not {value!r}")

    def to_dict(self) -> dict[str, Any]:
        """The limits as a JSON object (what ``GET /api/info`` shows under ``"limits"``)."""
        return attrs.asdict(self)
