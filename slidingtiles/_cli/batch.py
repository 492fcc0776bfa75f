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
from collections.abc import Iterator
from typing import IO, Any, cast

import attrs

from slidingtiles import (
    ALGORITHMS,
    BatchResult,
    Board,
    InvalidBoardError,
    SlidingTilesError,
    board_and_goal,
    solvability,
    solve_many,
)
from slidingtiles._cli.common import (
    EXIT_NO_ANSWER,
    EXIT_OK,
    MOST_TEXT,
    Formatter,
    Subparsers,
    add_optimality,
    heuristic_completer,
    optimality,
    positive_float,
    positive_int,
    sigterm_as_interrupt,
    standard_input,
    weight,
)
from slidingtiles._cli.output import Progress, failure_json

__all__ = ["ECHO", "Line", "add_batch_command", "batch_command", "result_json"]

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
        "--goal",
        default=None,
        metavar="GOAL",
        help='the goal of every board: a board, "last" (default: 1..n-1 then the blank) '
        'or "first" (the blank first)',
    )
    heuristic = parser.add_argument(
        "--heuristic",
        default="auto",
        metavar="NAME",
        help='a registered heuristic (see "slidingtiles heuristics"); default: auto, '
        "the strongest admissible one",
    )
    heuristic.completer = heuristic_completer  # type: ignore[attr-defined]  # argcomplete
    parser.add_argument(
        "--algorithm",
        default="auto",
        choices=ALGORITHMS,
        help="search algorithm (default: auto: the tile engine's IDA* for the built-in "
        "heuristics; a custom heuristic: A* up to 12 cells, IDA* above; reduce: the "
        "constructive solver)",
    )
    parser.add_argument(
        "--weight",
        type=weight,
        default=None,
        metavar="W",
        help="weighted A*: solutions at most W times the shortest, found faster",
    )
    add_optimality(
        parser, "any-size constructive solver: fast, not shortest (solve(optimal=False))"
    )
    parser.add_argument(
        "--time-limit",
        type=positive_float,
        default=None,
        metavar="SECONDS",
        help='give up on a board after this many seconds (its line: "status": "limit")',
    )
    parser.add_argument(
        "--max-nodes",
        type=positive_int,
        default=None,
        metavar="N",
        help='give up on a board after expanding N states (its line: "status": "limit")',
    )
    parser.add_argument(
        "--workers",
        type=positive_int,
        default=1,
        metavar="N",
        help="processes to use (default 1: this process); they stop with this one "
        "(Ctrl-C, kill, even kill -9)",
    )
    parser.add_argument(
        "--unordered", action="store_true", help="print each result as soon as it is ready"
    )
    parser.add_argument(
        "--format",
        choices=("json",),
        default="json",
        help="json: one JSON object per line (keys on docs/json.md; the only format)",
    )
    parser.add_argument(
        "--progress",
        action="store_true",
        help="show boards done, failures and time left on standard error when it is a "
        "terminal (a tqdm bar if tqdm is installed)",
    )
    parser.set_defaults(handler=batch_command)


#: How much of a line over `MOST_TEXT` is echoed in its result's ``"input"``.
ECHO = 80
# Bytes read at a time while skipping the rest of a line too long to read.
_SKIP = 1 << 20


@attrs.frozen
class Line:
    """One board line of the input: its number, the board (or why it cannot be one), its echo.

    Attributes:
        number: the line's number in the input (from 1).
        board: the line's text, or the `InvalidBoardError` saying why it cannot be read
            (too long, not UTF-8), which `solve_many` turns into this line's result.
        echo: what the result's ``"input"`` shows: the text, or the start of a line too long.
    """

    number: int
    board: str | InvalidBoardError
    echo: str


def _too_long(number: int, start: bytes, length: int) -> Line:
    echo = start[:ECHO].decode("utf-8", "replace")
    return Line(
        number,
        InvalidBoardError(
            f"line {number} is {length:,} bytes long; a board line holds at most "
            f"{MOST_TEXT - 1:,} (16 per cell of the largest board)",
            echo,
        ),
        echo + "...",
    )


def _read_lines(stream: IO[bytes]) -> Iterator[Line]:
    r"""Each board line of ``stream``, read one at a time; comments and blank lines skipped.

    >>> import io
    >>> [(line.number, line.board) for line in _read_lines(io.BytesIO(b"# boards\n1 2/0 3\n\n"))]
    [(2, '1 2/0 3')]

    No line is held past `MOST_TEXT` bytes (16 MB): a longer one is skipped to
    its end, a megabyte at a time, and stands for an `InvalidBoardError` naming
    its length; a line that is not UTF-8 likewise. Lines end with ``\n``
    (``\r\n`` too); a line holding other line breaks (``\r``, ``\f``...) counts
    as several, as Python's ``str.splitlines`` has it.
    """
    number = 0
    while raw := stream.readline(MOST_TEXT):
        if len(raw) == MOST_TEXT and not raw.endswith(b"\n"):
            length = len(raw)
            while (rest := stream.readline(_SKIP)) and not rest.endswith(b"\n"):
                length += len(rest)
            number += 1
            yield _too_long(number, raw, length + len(rest.rstrip(b"\r\n")))
            continue
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as error:
            number += 1
            echo = raw.decode("utf-8", "backslashreplace").strip()
            problem = f"line {number} is not UTF-8 text (byte {error.start + 1} of the line)"
            yield Line(number, InvalidBoardError(problem, echo), echo)
            continue
        for piece in text.splitlines():
            number += 1
            board = piece.strip()
            if board and not board.startswith("#"):
                yield Line(number, board, board)


class _Encoded:
    """A text stream read as UTF-8 bytes (``sys.stdin`` replaced by a ``StringIO``)."""

    def __init__(self, stream: IO[str]) -> None:
        self.stream = stream

    def readline(self, size: int = -1) -> bytes:
        return self.stream.readline(size).encode("utf-8", "surrogateescape")

    def seekable(self) -> bool:
        return self.stream.seekable()

    def tell(self) -> int:
        return self.stream.tell()

    def seek(self, offset: int) -> int:
        return self.stream.seek(offset)


def _board_lines(name: str, count: bool = False) -> tuple[Iterator[Line], int | None]:
    """The board lines of file ``name`` (``-``: standard input), read as they are needed,
    and with ``count`` how many there are (None for a pipe, which cannot be read twice).

    The file is opened now, so one that cannot be is one line (exit 2) before any work.
    """
    if name == "-":
        stdin = standard_input("the boards")
        binary = getattr(stdin, "buffer", None)
        stream = binary if binary is not None else cast(IO[bytes], _Encoded(stdin))
        return _read_lines(stream), _count(stream) if count else None
    try:
        handle = open(name, "rb")  # noqa: SIM115 - closed by _closing, also when left early
    except OSError as error:  # main() reports a ValueError as bad input (exit 2)
        raise ValueError(f"cannot read {name}: {error.strerror or error}") from None
    return _closing(handle), _count(handle) if count else None


def _count(stream: IO[bytes]) -> int | None:
    """How many board lines a seekable stream holds from here (read, then rewound), or None."""
    try:
        if not stream.seekable():
            return None
        here = stream.tell()
        total = sum(1 for _ in _read_lines(stream))
        stream.seek(here)
    except OSError:
        return None
    return total


def _closing(handle: IO[bytes]) -> Iterator[Line]:
    with handle:
        yield from _read_lines(handle)


_STATUS_OF_ERROR = {
    "UnsolvableError": "unsolvable",
    "SearchLimitExceeded": "limit",
    "OutOfMemoryError": "limit",
    "OutOfReachError": "limit",  # an optimal search refused before it started
}


def result_json(
    result: BatchResult, line: int, goal: str | None, echo: str | None = None
) -> dict[str, Any]:
    """One batch line: the solution object of ``solve --format json``, or a failure object,
    with ``line``, ``index`` and ``input`` (``echo``, default the board given) added.

    >>> [ok, bad] = solve_many(["1 2/0 3", "1 2/3 3"])
    >>> result_json(ok, 1, None)["moves"], result_json(bad, 2, None)["status"]
    ('R', 'error')
    """
    where = {"line": line, "index": result.index, "input": result.board if echo is None else echo}
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
    lines, total = _board_lines(args.file, count=args.progress)  # a total gives the time left
    options: dict[str, Any] = {
        "goal": args.goal,
        "heuristic": args.heuristic,
        "algorithm": args.algorithm,
        "weight": args.weight,
        "time_limit": args.time_limit,
        "max_nodes": args.max_nodes,
    }
    options["optimal"] = optimality(args)
    where: dict[int, Line] = {}  # the boards in flight, by index

    def boards() -> Iterator[str | InvalidBoardError]:
        for index, line in enumerate(lines):
            where[index] = line
            yield line.board

    failures = 0
    progress = Progress("solving", total=total, unit="boards", enabled=args.progress)
    not_solved = 0

    def show(done: int, total: int | None, result: BatchResult) -> None:
        nonlocal not_solved
        not_solved += not result.ok
        progress.update(done, total, status=f"{not_solved} not solved" if not_solved else "")

    with sigterm_as_interrupt(), progress:
        results = solve_many(
            boards(),
            workers=args.workers,
            ordered=not args.unordered,
            progress=show if progress.shown else None,
            **options,
        )
        try:
            for result in results:
                failures += not result.ok
                line = where.pop(result.index)
                record = result_json(result, line.number, args.goal, line.echo)
                # Flushed line by line: what is printed survives any stop (even kill -9).
                print(json.dumps(record), flush=True)
        finally:
            results.close()  # stops the workers at once if we leave early
    return EXIT_OK if failures == 0 else EXIT_NO_ANSWER
