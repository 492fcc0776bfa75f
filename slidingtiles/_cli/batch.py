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
from typing import Any

from slidingtiles import (
    ALGORITHMS,
    BatchResult,
    Board,
    SlidingTilesError,
    board_and_goal,
    solvability,
    solve_many,
)
from slidingtiles._cli.common import (
    EXIT_NO_ANSWER,
    EXIT_OK,
    Formatter,
    Subparsers,
    heuristic_completer,
    positive_float,
    positive_int,
    sigterm_as_interrupt,
    weight,
)
from slidingtiles._cli.output import Progress, failure_json

__all__ = ["add_batch_command", "batch_command", "result_json"]

_BATCH_EPILOG = """\
examples:
  slidingtiles batch boards.txt > solutions.jsonl
  slidingtiles batch boards.txt --workers 2 --progress --heuristic manhattan
  slidingtiles batch - --suboptimal < big_boards.txt

FILE holds one board per line, in the one-line form ("1 2 3/4 5 6/7 8 0" or
"1 2 3 4 5 6 7 8 0" for a square board); blank lines and lines starting with #
are skipped. Each result is one JSON object per line on standard output: the
object "solve --format json" prints ("status": "solved", "moves", "tiles", ...)
or, for a board not solved, "status" "unsolvable", "limit" or "error" with
"error"; every line adds "line" (its line number in FILE), "index" and "input".
See docs/json.md. exit status: 0 every board solved, 1 some board unsolved,
2 bad usage (an unknown --heuristic or a bad --goal: one line, before any board),
130 interrupted (Ctrl-C), 143 terminated (SIGTERM). An interrupted batch stops its
workers at once and still prints the boards already finished; every line is
flushed as it is printed.
"""


def add_batch_command(subparsers: Subparsers) -> None:
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
        formatter_class=Formatter,
    )
    parser.add_argument("file", metavar="FILE", help="one board per line; - for standard input")
    parser.add_argument(
        "--goal", default=None, metavar="GOAL",
        help='the goal of every board: a board, "last" (default: 1..n-1 then the blank) '
        'or "first" (the blank first)',
    )  # fmt: skip
    heuristic = parser.add_argument(
        "--heuristic", default="auto", metavar="NAME",
        help='a registered heuristic (see "slidingtiles heuristics"); default: auto, '
        "the strongest admissible one",
    )  # fmt: skip
    heuristic.completer = heuristic_completer  # type: ignore[attr-defined]  # argcomplete
    parser.add_argument(
        "--algorithm", default="auto", choices=ALGORITHMS,
        help="search algorithm (default: auto: A* on small boards, IDA* on larger ones)",
    )  # fmt: skip
    parser.add_argument(
        "--weight", type=weight, default=None, metavar="W",
        help="weighted A*: solutions at most W times the shortest, found faster",
    )  # fmt: skip
    parser.add_argument(
        "--suboptimal", action="store_true",
        help="any-size constructive solver: fast, not shortest (solve(optimal=False))",
    )  # fmt: skip
    parser.add_argument(
        "--time-limit", type=positive_float, default=None, metavar="SECONDS",
        help='give up on a board after this many seconds (its line: "status": "limit")',
    )  # fmt: skip
    parser.add_argument(
        "--max-nodes", type=positive_int, default=None, metavar="N",
        help='give up on a board after expanding N states (its line: "status": "limit")',
    )  # fmt: skip
    parser.add_argument(
        "--workers", type=positive_int, default=1, metavar="N",
        help="processes to use (default 1: this process); they stop with this one "
        "(Ctrl-C, kill, even kill -9)",
    )  # fmt: skip
    parser.add_argument(
        "--unordered", action="store_true", help="print each result as soon as it is ready"
    )
    parser.add_argument(
        "--format", choices=("json",), default="json",
        help="json: one JSON object per line (keys on docs/json.md; the only format)",
    )  # fmt: skip
    parser.add_argument(
        "--progress", action="store_true",
        help="show boards done, failures and time left on standard error when it is a "
        "terminal (a tqdm bar if tqdm is installed)",
    )  # fmt: skip
    parser.set_defaults(handler=batch_command)


def _board_lines(name: str) -> list[tuple[int, str]]:
    """(line number, text) of each board line of file ``name`` (``-``: stdin), comments skipped."""
    if name == "-":
        text = sys.stdin.read()
    else:
        try:
            with open(name, encoding="utf-8") as handle:
                text = handle.read()
        except OSError as error:  # main() reports a ValueError as bad input (exit 2)
            raise ValueError(f"cannot read {name}: {error.strerror or error}") from None
        except UnicodeDecodeError:
            raise ValueError(f"cannot read {name}: it is not UTF-8 text") from None
    return [
        (number, line.strip())
        for number, line in enumerate(text.splitlines(), 1)
        if line.strip() and not line.lstrip().startswith("#")
    ]


_STATUS_OF_ERROR = {"UnsolvableError": "unsolvable", "SearchLimitExceeded": "limit"}


def result_json(result: BatchResult, line: int, goal: str | None) -> dict[str, Any]:
    """One batch line: the solution object of ``solve --format json``, or a failure object,
    with ``line``, ``index`` and ``input`` added.

    >>> [ok, bad] = solve_many(["1 2/0 3", "1 2/3 3"])
    >>> result_json(ok, 1, None)["moves"], result_json(bad, 2, None)["status"]
    ('R', 'error')
    """
    where = {"line": line, "index": result.index, "input": result.board}
    if result.solution is not None:
        data = result.solution.to_dict()
        return {"schema": data.pop("schema"), **where, **data}
    status = _STATUS_OF_ERROR.get(result.error_type or "", "error")
    board: Board | None
    target: Board | None
    try:
        board, target = board_and_goal(result.board, goal)
    except (SlidingTilesError, ValueError, TypeError):
        board = target = None
    extra: dict[str, Any] = {}
    if status == "unsolvable" and board is not None:
        extra["reason"] = solvability(board, target).reason
    elif status == "limit":  # which limit and the statistics do not travel with the result
        extra = {"limit": None, "value": None, "statistics": None}
    data = failure_json(
        status, board, target, result.error or "", result.error_type or "Error", **extra
    )
    return {"schema": data.pop("schema"), **where, **data}


def batch_command(args: argparse.Namespace) -> int:
    """Run ``slidingtiles batch``: JSON lines on stdout; exit 0 if every board was solved.

    Options are checked by `solve_many` before the first board (a bad one: one
    line, exit 2). SIGTERM stops the batch like Ctrl-C (`sigterm_as_interrupt`):
    workers killed, finished boards printed, then `main` exits 143 (130 for Ctrl-C).
    """
    lines = _board_lines(args.file)
    options: dict[str, Any] = {
        "goal": args.goal, "heuristic": args.heuristic, "algorithm": args.algorithm,
        "weight": args.weight, "time_limit": args.time_limit, "max_nodes": args.max_nodes,
    }  # fmt: skip
    if args.suboptimal:
        options["optimal"] = False
    boards = [text for _, text in lines]
    failures = 0
    progress = Progress("solving", total=len(boards), unit="boards", enabled=args.progress)
    not_solved = 0

    def show(done: int, total: int | None, result: BatchResult) -> None:
        nonlocal not_solved
        not_solved += not result.ok
        progress.update(done, total, status=f"{not_solved} not solved" if not_solved else "")

    with sigterm_as_interrupt(), progress:
        results = solve_many(
            boards,
            workers=args.workers,
            ordered=not args.unordered,
            progress=show if progress.shown else None,
            **options,
        )
        try:
            for result in results:
                failures += not result.ok
                record = result_json(result, lines[result.index][0], args.goal)
                # Flushed line by line: what is printed survives any stop (even kill -9).
                print(json.dumps(record), flush=True)
        finally:
            results.close()  # stops the workers at once if we leave early
    return EXIT_OK if failures == 0 else EXIT_NO_ANSWER
