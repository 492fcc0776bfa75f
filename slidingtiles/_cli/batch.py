"""The ``batch`` command: solve every board of a file, one JSON line each, in parallel if asked.

>>> import argparse
>>> parser = argparse.ArgumentParser(prog="slidingtiles")
>>> add_batch_command(parser.add_subparsers())
>>> parser.parse_args(["batch", "-", "--suboptimal"]).suboptimal
True
"""

from __future__ import annotations

import argparse
import json
import sys
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from slidingtiles import ALGORITHMS, solve_many
from slidingtiles._cli.common import (
    EXIT_NO_ANSWER,
    EXIT_OK,
    positive_float,
    positive_int,
    weight,
)

__all__ = ["add_batch_command", "batch_command"]

_BATCH_EPILOG = """\
examples:
  slidingtiles batch boards.txt > solutions.jsonl
  slidingtiles batch boards.txt --workers 2 --progress --heuristic manhattan
  slidingtiles batch - --suboptimal < big_boards.txt

FILE holds one board per line, in the one-line form ("1 2 3/4 5 6/7 8 0" or
"1 2 3 4 5 6 7 8 0" for a square board); blank lines and lines starting with #
are skipped. Each result is one JSON object per line on standard output, with
"line" (the board's line number in FILE) and either "moves" or "error".
exit status: 0 every board solved, 1 some board unsolved, 2 bad usage.
"""


def add_batch_command(subparsers: Any) -> None:
    """Add ``batch FILE`` to an argparse subparsers object (a registrar for the CLI's table).

    >>> import argparse
    >>> parser = argparse.ArgumentParser(prog="slidingtiles")
    >>> add_batch_command(parser.add_subparsers())
    >>> args = parser.parse_args(["batch", "boards.txt", "--workers", "2"])
    >>> args.file, args.workers, args.handler.__name__
    ('boards.txt', 2, 'batch_command')
    """
    parser = subparsers.add_parser(
        "batch",
        help="solve many boards, one per line, in parallel if asked",
        description="Solve every board of a file and print one JSON line per board.",
        epilog=_BATCH_EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("file", metavar="FILE", help="one board per line; - for standard input")
    parser.add_argument("--goal", default=None, help='goal board, "last" or "first"')
    parser.add_argument("--heuristic", default="auto", metavar="NAME")
    parser.add_argument("--algorithm", default="auto", choices=ALGORITHMS)
    parser.add_argument("--weight", type=weight, default=None, metavar="W")
    parser.add_argument(
        "--suboptimal", action="store_true",
        help="any-size constructive solver: fast, not shortest (solve(optimal=False))",
    )  # fmt: skip
    parser.add_argument("--time-limit", type=positive_float, default=None, metavar="SECONDS")
    parser.add_argument("--max-nodes", type=positive_int, default=None, metavar="N")
    parser.add_argument(
        "--workers", type=positive_int, default=1, metavar="N",
        help="processes to use (default 1: this process)",
    )  # fmt: skip
    parser.add_argument(
        "--unordered", action="store_true", help="print each result as soon as it is ready"
    )
    parser.add_argument(
        "--progress", action="store_true", help="progress on standard error (tqdm if installed)"
    )
    parser.set_defaults(handler=batch_command)


def _board_lines(name: str) -> list[tuple[int, str]]:
    """(line number, text) of each board line of file ``name`` (``-``: stdin), comments skipped."""
    if name == "-":
        text = sys.stdin.read()
    else:
        try:
            with open(name, encoding="utf-8") as handle:
                text = handle.read()
        except OSError as error:
            raise ValueError(f"cannot read {name}: {error.strerror or error}") from None
    return [
        (number, line.strip())
        for number, line in enumerate(text.splitlines(), 1)
        if line.strip() and not line.lstrip().startswith("#")
    ]


def batch_command(args: argparse.Namespace) -> int:
    """Run ``slidingtiles batch``: JSON lines on stdout; exit 0 if every board was solved."""
    lines = _board_lines(args.file)
    options: dict[str, Any] = {
        "goal": args.goal, "heuristic": args.heuristic, "algorithm": args.algorithm,
        "weight": args.weight, "time_limit": args.time_limit, "max_nodes": args.max_nodes,
    }  # fmt: skip
    if args.suboptimal:
        options["optimal"] = False
    boards = [text for _, text in lines]
    failures = 0
    pool = ProcessPoolExecutor(args.workers) if args.workers > 1 else None
    try:
        results = solve_many(
            boards,
            executor=pool,
            ordered=not args.unordered,
            progress=True if args.progress else None,
            **options,
        )
        for result in results:
            record = {"line": lines[result.index][0], **result.to_dict()}
            failures += not result.ok
            print(json.dumps(record), flush=args.unordered)
    finally:
        if pool is not None:
            pool.shutdown(cancel_futures=True)
    return EXIT_OK if failures == 0 else EXIT_NO_ANSWER
