"""``solve --trace``: the search recorded, shown as a table, JSON, a stepper page or a tree picture.

>>> import argparse
>>> parser = argparse.ArgumentParser()
>>> add_trace_options(parser)
>>> args = parser.parse_args(["--trace", "50", "--trace-format", "svg", "--trace-file", "t.svg"])
>>> args.trace, args.trace_format, args.trace_file
(50, 'svg', 't.svg')

The library records the search (``solve(board, trace=N)``, always the
generic search: the tile engine does not trace) and `TraceView` draws it;
this module only reads the options and writes what they ask for. On
standard output the trace follows the solution in the solution's own form
(a table after a text report, a ``"trace"`` key in a JSON object); any
format may go to a file instead (``--trace-file``), and the page and the
picture must.
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from slidingtiles import TraceView
from slidingtiles._cli.common import CommandError

__all__ = ["TRACE_FORMATS", "add_trace_options", "trace_events", "traced", "write_trace"]

#: What ``--trace-format`` writes, and how.
TRACE_FORMATS = {
    "table": "one row per expansion: the board, g, h, f, frontier, the children's fates",
    "json": "the events, in docs/json.md's family",
    "html": "a page stepping through the expansions (needs --trace-file)",
    "svg": "a picture of the search tree (needs --trace-file)",
}
# Each stdout format of solve, and the trace format that can follow it on standard output.
_ALONGSIDE = {"cos226": "table", "moves": "table", "json": "json"}


def trace_events(text: str) -> int:
    """``--trace N``: a positive number of events (``N`` may be left out: 100,000).

    >>> trace_events("500")
    500
    >>> trace_events("1 2 3/4 0 6/7 5 8")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: '1 2 3/4 0 6/7 5 8' is not a number of events (put the board before --trace: solve BOARD --trace)
    """  # noqa: E501
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"{text!r} is not a number of events (put the board before --trace: "
            "solve BOARD --trace)"
        ) from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"{text!r} must be at least 1 event")
    return value


def add_trace_options(parser: argparse.ArgumentParser) -> None:
    """Add ``--trace [N]``, ``--trace-format`` and ``--trace-file`` to a solving command."""
    parser.add_argument(
        "--trace",
        nargs="?",
        const=True,
        default=None,
        type=trace_events,
        metavar="N",
        help="record the search's first N events (default 100,000) and show them: step by "
        "step, each expanded board with g, h and f, the frontier, the children. Runs the "
        "generic search (A* up to 12 cells, IDA* above; the tile engine does not trace)",
    )
    described = "; ".join(f"{name}: {meaning}" for name, meaning in TRACE_FORMATS.items())
    parser.add_argument(
        "--trace-format",
        choices=tuple(TRACE_FORMATS),
        default=None,
        help=f"{described} (default: table, or json with --format json; implies --trace)",
    )
    parser.add_argument(
        "--trace-file",
        metavar="FILE",
        default=None,
        help="write the trace to FILE instead of after the solution (implies --trace)",
    )


def traced(args: argparse.Namespace) -> int | bool | None:
    """The ``trace=`` to solve with (None: no trace), the options checked; `CommandError` if bad.

    On standard output the trace goes with the solution's format (a table
    after a text report, JSON inside a JSON object); the page and the picture,
    and any other pairing, need ``--trace-file``.
    """
    wanted = args.trace is not None or args.trace_format is not None or args.trace_file
    if not wanted:
        return None
    alongside = _ALONGSIDE.get(args.format, "table")
    if args.trace_format is None:
        args.trace_format = alongside
    if args.trace_file is None and args.trace_format != alongside:
        raise CommandError(
            f"--trace-format {args.trace_format} with --format {args.format}: name a file "
            f"with --trace-file FILE (on standard output the trace follows the solution "
            f"as {'JSON' if alongside == 'json' else 'a table'})"
        )
    return True if args.trace is None else args.trace


def _title(view: TraceView) -> str:
    return view.summary().split(":", 1)[0]


def write_trace(args: argparse.Namespace, holder: object, data: dict[str, Any] | None) -> str:
    """Write the trace ``holder`` carries (a `Solution` or an error) as ``args`` ask.

    Returns the table to print after the solution's report ("" for none).
    ``data`` is the JSON object about to be printed (``--format json``):
    the trace goes into it as ``"trace"`` unless it goes to a file, which is
    written here, before anything is printed (a bad path: `CommandError`).
    Nothing happens when no trace was recorded (an unsolvable board).
    """
    if getattr(holder, "trace", None) is None:
        return ""
    view = TraceView(holder)
    if args.trace_file is None:
        if data is None:
            return view.table()
        data["trace"] = view.to_dict()
        return ""
    writers = {
        "table": lambda: view.table() + "\n",
        "json": lambda: json.dumps(view.to_dict()) + "\n",
        "html": lambda: view.page(title=_title(view)),
        "svg": lambda: view.svg(),
    }
    text = writers[args.trace_format]()
    try:
        with open(args.trace_file, "w", encoding="utf-8") as handle:
            handle.write(text)
    except OSError as error:
        raise CommandError(f"cannot write {args.trace_file}: {error.strerror or error}") from None
    return ""
