"""How results are written: text reports (ours, COS 226's), JSON, HTML, the progress display.

>>> from slidingtiles import solve
>>> print(report_text(solve("1 2/0 3")))
2
1 2
0 3
<BLANKLINE>
2
1 2
3 0
<BLANKLINE>
Minimum number of moves = 1
Number of states generated = 2

`report_text` is ``solve``'s default output (``--format text``); ``--format cos226`` prints
`slidingtiles.Cos226Result.report`, the COS 226 assignment's output (docs/cli.md).

Every JSON object a command prints carries ``"schema": JSON_SCHEMA`` (the version of
the family of shapes documented on docs/json.md); a solved board is `Solution.to_dict`,
so scripts and the command line speak one schema.
"""

from __future__ import annotations

import importlib
import json
import sys
import time
from types import TracebackType
from typing import IO, Any

import attrs

from slidingtiles import Board, SearchLimitExceeded, SearchStats, Solution, solution_html
from slidingtiles._cli.common import PROG, CommandError

__all__ = [
    "JSON_SCHEMA",
    "Progress",
    "board_json",
    "failure_json",
    "json_object",
    "print_json",
    "report_text",
    "solution_json",
    "stats_dict",
    "write_html",
]

#: The ``"schema"`` version of every JSON object the command line prints.
JSON_SCHEMA: int = Solution.JSON_SCHEMA

# Past this many printed cells the board list is elided: a 100x100 constructive solution
# would otherwise print billions of numbers.
_MAX_PRINTED_CELLS = 2_000_000


def board_json(board: Board) -> list[list[int]]:
    """The board as JSON-ready rows of tile numbers (0 is the blank)."""
    return board.to_rows()


def stats_dict(stats: SearchStats | None) -> dict[str, Any] | None:
    """The search statistics as a JSON object (seconds rounded to microseconds), or None.

    The same object as the ``"statistics"`` of `Solution.to_dict`.
    """
    if stats is None:
        return None
    values = attrs.asdict(stats)
    values["seconds"] = round(stats.seconds, 6)
    return values


def json_object(**fields: Any) -> dict[str, Any]:
    """A JSON object of the command line's schema: ``"schema"`` first, then ``fields``.

    >>> json_object(status="solvable")
    {'schema': 1, 'status': 'solvable'}
    """
    return {"schema": JSON_SCHEMA, **fields}


def solution_json(solution: Solution) -> dict[str, Any]:
    """The ``--format json`` object for a solved board: `Solution.to_dict`, one schema."""
    return solution.to_dict()


def failure_json(
    status: str,
    board: Board | None,
    goal: Board | None,
    error: BaseException | str,
    error_type: str | None = None,
    **extra: Any,
) -> dict[str, Any]:
    """The JSON object for a board that was not solved (``status``: unsolvable, limit, error).

    >>> failure_json("error", None, None, ValueError("bad tile"))["error_type"]
    'ValueError'
    """
    # A limit's advice in the command line's flags (--suboptimal), as standard error says it.
    text = error.explain(cli=True) if isinstance(error, SearchLimitExceeded) else str(error)
    message = " ".join(text.split()) or type(error).__name__
    return json_object(
        status=status,
        board=None if board is None else board_json(board),
        goal=None if goal is None else board_json(goal),
        error=message,
        error_type=error_type or type(error).__name__,
        **extra,
    )


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


# -- progress ------------------------------------------------------------------------------


def _is_terminal(stream: IO[str]) -> bool:
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError):  # no isatty, or a closed stream
        return False


class Progress:
    """The one progress display of every command: a tqdm bar, plain lines, or nothing.

    >>> import io
    >>> with Progress("solving", stream=io.StringIO()) as bar:  # not a terminal: silent
    ...     bar.update(10)
    >>> bar.shown
    False

    On a terminal (``stream.isatty()``) it shows a tqdm bar when tqdm is installed
    (the ``progress`` extra), otherwise a plain line at most every ``every`` seconds
    and one at the end; percentage and time left appear when ``total`` is known.
    When the stream is not a terminal (a pipe, a file, a CI log) it shows nothing,
    so only the result reaches the reader. ``enabled=False`` turns it off too.
    `update` takes the running count (not an increment); counts past ``total``
    are shown as ``total``. Output goes to ``stream`` (default: standard error).
    ``delay``: nothing is shown before that many seconds have passed (a quick
    search leaves no trace; a long one speaks within ``delay``).
    """

    def __init__(
        self,
        description: str,
        *,
        total: int | None = None,
        unit: str = "it",
        enabled: bool = True,
        stream: IO[str] | None = None,
        every: float = 1.0,
        delay: float = 0.0,
    ) -> None:
        self.stream = sys.stderr if stream is None else stream
        self.description = description
        self.total = total
        self.unit = unit
        self.every = every
        self.shown = enabled and _is_terminal(self.stream)
        self.done = 0
        self.status = ""
        self._bar: Any = None
        self._began = time.monotonic()
        self._last_line = self._began + delay - every  # the first line comes after delay
        self._pending = False
        self._written = False  # a line is out: the end gets its last count too
        if self.shown:
            try:
                tqdm = importlib.import_module("tqdm").tqdm
            except ImportError:  # the "progress" extra is not installed: plain lines
                pass
            else:
                self._bar = tqdm(
                    total=total,
                    desc=f"{PROG}: {description}",
                    unit=f" {unit}",
                    # 1.2M nodes, but 3/40 boards (not 3.00/40.0)
                    unit_scale=total is None or total >= 100_000,
                    file=self.stream,
                    dynamic_ncols=True,
                    delay=delay,
                )

    def update(self, done: int, total: int | None = None, status: str = "") -> None:
        """Show that ``done`` units of ``total`` (default: the total given before) are done."""
        if not self.shown:
            return
        if total is not None:
            self.total = total
        self.done = done if self.total is None else min(done, self.total)
        self.status = status
        if self._bar is not None:
            if total is not None and self._bar.total != total:
                self._bar.total = total
            if status:
                self._bar.set_postfix_str(status, refresh=False)
            self._bar.update(self.done - self._bar.n)
            return
        now = time.monotonic()
        if now - self._last_line >= self.every or self.done == self.total:
            self._write_line(now)
        else:
            self._pending = True

    def _write_line(self, now: float) -> None:
        elapsed = now - self._began
        parts = [f"{self.done:,}"]
        if self.total is not None:
            parts[0] += f"/{self.total:,}"
        parts[0] += f" {self.unit}"
        if self.total:
            fraction = self.done / self.total
            parts.append(f"{100 * fraction:.0f}%")
        parts.append(f"{elapsed:.1f} s")
        if self.total and 0 < self.done < self.total:
            parts.append(f"about {elapsed * (self.total - self.done) / self.done:.0f} s left")
        if self.status:
            parts.append(self.status)
        print(f"{PROG}: {self.description}: {', '.join(parts)}", file=self.stream, flush=True)
        self._last_line = now
        self._pending = False
        self._written = True

    def close(self) -> None:
        """Finish the display: close the bar, or write the last plain line not yet shown."""
        if self._bar is not None:
            self._bar.close()
            self._bar = None
        elif self.shown and self._pending and self._written:
            self._write_line(time.monotonic())  # the last count, after lines already shown

    def __enter__(self) -> Progress:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.close()


# -- reports ---------------------------------------------------------------------------


def report_text(solution: Solution) -> str:
    """The text report: each board of the solution, then the move count and the states generated.

    Boards are in the COS 226 input form (``N``, or ``ROWS COLS``, then the rows), so each
    reads back as a board. Very long reports keep the first and last boards and say how many
    were left out. The count is this library's (`SearchStats.generated`), not the COS 226
    assignment's "states enqueued" (`slidingtiles.solve_cos226`).
    """
    if (len(solution) + 1) * solution.start.size <= _MAX_PRINTED_CELLS:
        parts = [board.to_cos226() + "\n" for board in solution.boards]
    else:
        parts = [
            solution.start.to_cos226() + "\n",
            f"... {len(solution) - 1} boards left out (use --format moves) ...\n",
            solution.boards[-1].to_cos226() + "\n",
        ]
    count = "Minimum number of moves" if solution.optimal else "Moves (not proven minimal)"
    parts.append(f"{count} = {len(solution)}")
    if not solution.optimal and solution.lower_bound is not None:
        parts.append(f"Lower bound (Manhattan) = {solution.lower_bound}")
    parts.append(f"Number of states generated = {solution.stats.generated}")
    return "\n".join(parts)


def write_html(path: str, solution: Solution) -> None:
    """Write the self-contained HTML page stepping through ``solution``; `CommandError` if not."""
    try:
        with open(path, "w", encoding="utf-8") as handle:
            handle.write(solution_html(solution))
    except OSError as error:
        raise CommandError(f"cannot write {path}: {error.strerror or error}") from None
