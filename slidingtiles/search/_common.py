"""Small helpers shared by the search loops: error builders and the memory estimate."""

from __future__ import annotations

import sys

from slidingtiles._errors import NoPathError
from slidingtiles.search._result import SearchStats

__all__ = ["bad_cost", "no_path", "state_bytes"]

# Rough per-state bookkeeping (dict slot, record, frontier entry), used only where
# resident memory cannot be read.
_OVERHEAD_BYTES = 300


def bad_cost(algorithm: str, state: object, action: object, cost: object) -> ValueError:
    """Return the error for a negative (or NaN) step cost, naming the action.

    Example:
        >>> print(bad_cost("astar", "s", "left", -1))
        astar: step costs must be >= 0, got -1 for action 'left' from state 's'
    """
    return ValueError(
        f"{algorithm}: step costs must be >= 0, got {cost!r} for action {action!r} "
        f"from state {state!r}"
    )


def no_path(algorithm: str, stats: SearchStats) -> NoPathError:
    """Return the error for a search that exhausted its reachable states.

    Example:
        >>> print(no_path("bfs", SearchStats(3, 2, 1, 0, 1, 0.0)))
        bfs: no goal is reachable from the start (3 states expanded)
    """
    return NoPathError(
        f"{algorithm}: no goal is reachable from the start ({stats.expanded:,} states expanded)",
        stats=stats,
    )


def state_bytes(start: object) -> int:
    """Return a rough number of bytes one stored state costs a search.

    Example:
        >>> state_bytes((1, 2, 3)) > 300
        True
    """
    return sys.getsizeof(start) + _OVERHEAD_BYTES
