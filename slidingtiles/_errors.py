"""The exception hierarchy: one base class, specific subclasses that also
inherit the matching built-in so callers can catch either."""

from __future__ import annotations

from typing import Any

__all__ = [
    "BackendError",
    "GoalMismatchError",
    "InvalidBoardError",
    "InvalidMoveError",
    "NoPathError",
    "PatternDatabaseError",
    "SearchLimitExceeded",
    "SlidingTilesError",
    "UnknownHeuristicError",
    "UnsolvableError",
]


class SlidingTilesError(Exception):
    """Base class of every error this library raises on purpose."""


class InvalidBoardError(SlidingTilesError, ValueError):
    """A board (or its text) is malformed: wrong shape, duplicate or missing
    tiles, no blank, non-integer cells, an absurd size.

    Attributes:
        value: the offending input, as given.
    """

    def __init__(self, message: str, value: Any = None) -> None:
        super().__init__(message)
        self.value = value


class GoalMismatchError(InvalidBoardError):
    """The goal does not fit the board: another shape or another set of tiles."""


class InvalidMoveError(SlidingTilesError, ValueError):
    """A move is not a direction, or would push the blank off the board.

    Attributes:
        value: the offending move.
    """

    def __init__(self, message: str, value: Any = None) -> None:
        super().__init__(message)
        self.value = value


class UnsolvableError(SlidingTilesError, ValueError):
    """The goal cannot be reached from the board (the parity rule says so).

    Attributes:
        value: the board that cannot reach the goal.
        report: the `Solvability` verdict with the parity numbers behind it.
    """

    def __init__(self, message: str, value: Any = None, report: Any = None) -> None:
        super().__init__(message)
        self.value = value
        self.report = report


class UnknownHeuristicError(SlidingTilesError, LookupError):
    """No heuristic is registered under that name.

    Attributes:
        value: the name asked for.
    """

    def __init__(self, message: str, value: Any = None) -> None:
        super().__init__(message)
        self.value = value

    def __str__(self) -> str:  # LookupError subclasses like KeyError quote; we don't
        return str(self.args[0]) if self.args else ""


class SearchLimitExceeded(SlidingTilesError, RuntimeError):
    """A search stopped at a limit (nodes, time or memory) before it finished.

    Attributes:
        limit: which limit: ``"nodes"``, ``"time"`` or ``"memory"``.
        value: the limit's value.
        stats: the statistics of the search up to the moment it stopped.
    """

    def __init__(self, message: str, limit: str, value: Any = None, stats: Any = None) -> None:
        super().__init__(message)
        self.limit = limit
        self.value = value
        self.stats = stats


class NoPathError(SlidingTilesError, LookupError):
    """A search exhausted every reachable state without reaching a goal.

    Attributes:
        stats: the statistics of the exhausted search.
    """

    def __init__(self, message: str, stats: Any = None) -> None:
        super().__init__(message)
        self.stats = stats

    def __str__(self) -> str:
        return str(self.args[0]) if self.args else ""


class PatternDatabaseError(SlidingTilesError, ValueError):
    """A table file is missing, truncated, altered, or does not match what was asked.

    Attributes:
        value: the offending path or argument.
    """

    def __init__(self, message: str, value: object = None) -> None:
        super().__init__(message)
        self.value = value


class BackendError(SlidingTilesError, ImportError):
    """The requested implementation cannot be used (unknown name, or numba missing or broken).

    Attributes:
        value: the requested implementation, as given.
    """

    def __init__(self, message: str, value: object = None) -> None:
        super().__init__(message)
        self.value = value
