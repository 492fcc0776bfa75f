"""How results are written: the COS 226 report, JSON, the HTML page and the progress line.

>>> from slidingtiles import solve
>>> print(cos226_text(solve("1 2/0 3")))
2
1 2
0 3
<BLANKLINE>
2
1 2
3 0
<BLANKLINE>
Minimum number of moves = 1
Number of states enqueued = 2
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from typing import Any

from slidingtiles import Board, SearchStats, Solution, solution_html
from slidingtiles._cli.common import CommandError

__all__ = [
    "board_json",
    "cos226_text",
    "print_json",
    "progress_printer",
    "solution_json",
    "stats_dict",
    "write_html",
]

# Past this many printed cells the board list is elided: a 100x100 constructive solution
# would otherwise print billions of numbers.
_MAX_PRINTED_CELLS = 2_000_000


def board_json(board: Board) -> list[list[int]]:
    """The board as JSON-ready rows of tile numbers (0 is the blank)."""
    return board.to_rows()


def stats_dict(stats: SearchStats | None) -> dict[str, Any] | None:
    """The search statistics as a JSON object (seconds rounded to microseconds), or None."""
    if stats is None:
        return None
    return {
        "expanded": stats.expanded,
        "generated": stats.generated,
        "max_frontier": stats.max_frontier,
        "reopened": stats.reopened,
        "iterations": stats.iterations,
        "seconds": round(stats.seconds, 6),
    }


def print_json(payload: dict[str, Any]) -> None:
    """Print one key per line, each value compact: readable, and still one JSON document.

    >>> print_json({"status": "solved", "moves": "RD"})
    {
      "status": "solved",
      "moves": "RD"
    }
    """
    body = ",\n".join(f"  {json.dumps(key)}: {json.dumps(value)}" for key, value in payload.items())
    print("{\n" + body + "\n}")


def progress_printer() -> Callable[[SearchStats], None]:
    """A progress callback writing one self-overwriting line to stderr."""
    stream = sys.stderr

    def show(stats: SearchStats) -> None:
        line = (
            f"\rexpanded {stats.expanded:,}  generated {stats.generated:,}  "
            f"frontier {stats.max_frontier:,}  {stats.seconds:.1f} s"
        )
        stream.write(line)
        stream.flush()

    return show


def cos226_text(solution: Solution) -> str:
    """The COS 226 report: each board of the solution, then the move and enqueued counts.

    Very long reports keep the first and last boards and say how many were left out.
    """
    if (len(solution) + 1) * solution.start.size <= _MAX_PRINTED_CELLS:
        parts = [board.to_cos226() + "\n" for board in solution.boards]
    else:
        last = solution.start.apply(solution.moves)
        parts = [
            solution.start.to_cos226() + "\n",
            f"... {len(solution) - 1} boards left out (use --format moves) ...\n",
            last.to_cos226() + "\n",
        ]
    count = "Minimum number of moves" if solution.optimal else "Moves (not proven minimal)"
    parts.append(f"{count} = {len(solution)}")
    if not solution.optimal and solution.lower_bound is not None:
        parts.append(f"Lower bound (Manhattan) = {solution.lower_bound}")
    parts.append(f"Number of states enqueued = {solution.stats.generated}")
    return "\n".join(parts)


def solution_json(solution: Solution) -> dict[str, Any]:
    """The ``--format json`` object for a solved board."""
    return {
        "status": "solved",
        "board": board_json(solution.start),
        "goal": board_json(solution.goal),
        "moves": str(solution.moves),
        "tiles": list(solution.tiles),
        "length": len(solution),
        "optimal": solution.optimal,
        "lower_bound": solution.lower_bound,
        "heuristic": solution.heuristic,
        "algorithm": solution.algorithm,
        "statistics": stats_dict(solution.stats),
    }


def write_html(path: str, solution: Solution) -> None:
    """Write the self-contained HTML page stepping through ``solution``; `CommandError` if not."""
    try:
        with open(path, "w", encoding="utf-8") as handle:
            handle.write(solution_html(solution))
    except OSError as error:
        raise CommandError(f"cannot write {path}: {error.strerror or error}") from None
