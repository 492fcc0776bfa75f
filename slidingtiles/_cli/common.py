"""What every command shares: exit codes, the parser classes, argument types, board input, errors.

>>> shape("3x5"), positive_int("4")
((3, 5), 4)

Commands raise `CommandError` (or the library's errors) and never print their own
failures; `slidingtiles._cli.main.main` hands each to `print_error`, the one place
that formats a message for standard error.
"""

from __future__ import annotations

import argparse
import contextlib
import math
import os
import signal
import stat
import sys
import threading
from collections.abc import Callable, Iterator, Sequence
from types import FrameType
from typing import IO, NoReturn, TypeAlias, TypeVar

from slidingtiles import MAX_CELLS, Board, SearchLimitExceeded, heuristics

__all__ = [
    "ERROR_PREFIX",
    "EXIT_BAD_INPUT",
    "EXIT_INTERRUPTED",
    "EXIT_NO_ANSWER",
    "EXIT_OK",
    "EXIT_TERMINATED",
    "MOST_TEXT",
    "PROG",
    "CommandError",
    "Formatter",
    "Handler",
    "Parser",
    "Registrar",
    "ShapeWords",
    "Subparsers",
    "Terminated",
    "UsageError",
    "add_board_input",
    "add_format",
    "add_optimality",
    "heuristic_completer",
    "non_negative_int",
    "one_line",
    "optimality",
    "positive_float",
    "positive_int",
    "print_error",
    "read_board",
    "shape",
    "sigterm_as_interrupt",
    "standard_input",
    "weight",
]

EXIT_OK = 0
EXIT_NO_ANSWER = 1
EXIT_BAD_INPUT = 2
EXIT_INTERRUPTED = 130
#: 128 + SIGTERM: a command stopped by ``kill``, ``timeout`` or a job scheduler.
EXIT_TERMINATED = 143

PROG = "slidingtiles"
#: How every error message of the command line begins.
ERROR_PREFIX = f"{PROG}: error: "

Subparsers: TypeAlias = "argparse._SubParsersAction[argparse.ArgumentParser]"
#: Adds one subcommand to the subparsers and sets its ``handler`` default.
Registrar: TypeAlias = Callable[["argparse._SubParsersAction[argparse.ArgumentParser]"], None]
Handler: TypeAlias = Callable[[argparse.Namespace], int]

_Number = TypeVar("_Number", int, float)


class CommandError(Exception):
    """A user mistake the command line reports in one line, with its exit code."""

    def __init__(self, message: str, code: int = EXIT_BAD_INPUT) -> None:
        super().__init__(message)
        self.code = code


class UsageError(CommandError):
    """A usage mistake found by argparse (an unknown option, a bad value, a missing argument)."""


class Parser(argparse.ArgumentParser):
    """An ArgumentParser whose usage errors are one line and raise instead of exiting."""

    def error(self, message: str) -> NoReturn:
        raise UsageError(f"{message} (see {self.prog} --help)")


class Formatter(argparse.RawDescriptionHelpFormatter):
    """Keeps the hand-formatted examples in epilogs and shows defaults."""

    def __init__(self, prog: str) -> None:
        super().__init__(prog, max_help_position=30)


class Terminated(KeyboardInterrupt):
    """SIGTERM, raised where the command is, so it stops like Ctrl-C: finished work flushed."""


@contextlib.contextmanager
def sigterm_as_interrupt() -> Iterator[None]:
    """Meanwhile, SIGTERM raises `Terminated` (a KeyboardInterrupt) in the main thread.

    >>> with sigterm_as_interrupt():
    ...     signal.getsignal(signal.SIGTERM).__name__
    '_terminated'

    So ``kill``, ``timeout`` and job schedulers stop a long command the way
    Ctrl-C does: workers stopped, finished results written, exit 143 (`main`).
    The previous handler comes back afterwards. Outside the main thread (where
    Python cannot set handlers) nothing changes.
    """
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def _terminated(signum: int, frame: FrameType | None) -> None:
        raise Terminated("terminated")

    previous = signal.signal(signal.SIGTERM, _terminated)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


# -- errors ----------------------------------------------------------------------------


def one_line(error: BaseException) -> str:
    """The error's message with its whitespace collapsed to single spaces (its type if empty).

    >>> one_line(ValueError("tile 9\\n   is out of range")), one_line(KeyError())
    ('tile 9 is out of range', 'KeyError')

    A limit's advice (`SearchLimitExceeded.advice`) is phrased for the command
    line: ``--suboptimal`` where Python reads ``optimal=False``.
    """
    text = error.explain(cli=True) if isinstance(error, SearchLimitExceeded) else str(error)
    text = text.strip() or type(error).__name__
    return " ".join(text.split())


def print_error(error: BaseException) -> None:
    """Write ``error`` to standard error as one line: ``slidingtiles: error: message``.

    >>> import contextlib
    >>> with contextlib.redirect_stderr(sys.stdout):
    ...     print_error(ValueError("bad\\n  tile"))
    ...     print_error(UsageError("the following arguments are required: SHAPE"))
    slidingtiles: error: bad tile
    slidingtiles: error: the following arguments are required: SHAPE

    Every failure the command line reports takes this one form, argparse's own
    spelling (``PROG: error: ...``); usage errors add which ``--help`` to read.
    """
    print(f"{ERROR_PREFIX}{one_line(error)}", file=sys.stderr)


# -- argument types --------------------------------------------------------------------


def _number_type(
    convert: Callable[[str], _Number], accept: Callable[[_Number], bool], requirement: str
) -> Callable[[str], _Number]:
    """An argparse ``type=`` that converts, checks, and names the bad value in its message."""
    what = "a whole number" if convert is int else "a number"

    def parse(text: str) -> _Number:
        try:
            value = convert(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not {what}") from None
        if not accept(value):  # NaN fails every comparison, so it is refused here too
            raise argparse.ArgumentTypeError(f"{text!r} {requirement}")
        return value

    return parse


positive_float = _number_type(
    float, lambda v: 0 < v < math.inf, "must be a positive number of seconds"
)
positive_int = _number_type(int, lambda v: v >= 1, "must be at least 1")
non_negative_int = _number_type(int, lambda v: v >= 0, "must be 0 or more")
weight = _number_type(float, lambda v: 1 <= v < math.inf, "must be a number >= 1")


def shape(text: str) -> tuple[int, int]:
    """``"4"`` (square), ``"3x5"`` or ``"3,5"`` as (rows, cols).

    >>> shape("4"), shape("3,5"), shape("2×3")
    ((4, 4), (3, 5), (2, 3))
    """
    parts = text.lower().replace("×", "x").replace(",", "x").split("x")
    try:
        numbers = [int(part) for part in parts]
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"{text!r} is not a shape: use N or ROWSxCOLS, e.g. 4 or 3x5"
        ) from None
    if len(numbers) == 1:
        numbers *= 2
    if len(numbers) != 2:
        raise argparse.ArgumentTypeError(f"{text!r} is not a shape: use N or ROWSxCOLS")
    return numbers[0], numbers[1]


class ShapeWords(argparse.Action):
    """A positional ``SHAPE`` given as one word (``4``, ``3x5``) or two (``3 5``): (rows, cols).

    >>> parser = Parser(prog="x")
    >>> _ = parser.add_argument("shape", nargs="+", action=ShapeWords)
    >>> parser.parse_args(["3", "5"]).shape, parser.parse_args(["3x5"]).shape
    ((3, 5), (3, 5))
    >>> parser.parse_args(["3", "4", "5"])
    Traceback (most recent call last):
    ...
    slidingtiles._cli.common.UsageError: argument shape: '3 4 5' is not a shape: use N, ROWSxCOLS or ROWS COLS (see x --help)
    """  # noqa: E501

    def __call__(
        self,
        parser: argparse.ArgumentParser,
        namespace: argparse.Namespace,
        values: str | Sequence[object] | None,
        option_string: str | None = None,
    ) -> None:
        words = [str(value) for value in values] if isinstance(values, list) else [str(values)]
        if len(words) == 2 and all(word.strip().isdigit() for word in words):
            words = ["x".join(words)]
        if len(words) != 1:
            raise argparse.ArgumentError(
                self, f"{' '.join(words)!r} is not a shape: use N, ROWSxCOLS or ROWS COLS"
            )
        try:
            setattr(namespace, self.dest, shape(words[0]))
        except argparse.ArgumentTypeError as error:
            raise argparse.ArgumentError(self, str(error)) from None


def add_format(parser: argparse.ArgumentParser, **text_formats: str) -> None:
    """Add ``--format``: the text formats given (``name="meaning"``; the first is the default),
    then ``json``, the same on every command.

    >>> parser = Parser(prog="x")
    >>> add_format(parser, table="aligned columns")
    >>> parser.parse_args([]).format, parser.parse_args(["--format", "json"]).format
    ('table', 'json')
    """
    meanings = {**text_formats, "json": "one JSON object (keys on docs/json.md)"}
    default = next(iter(text_formats))
    described = "; ".join(f"{name}: {meaning}" for name, meaning in meanings.items())
    parser.add_argument(
        "--format",
        choices=tuple(meanings),
        default=default,
        help=f"{described} (default: {default})",
    )


def heuristic_completer(**_: object) -> list[str]:
    """Shell completion for ``--heuristic`` (argcomplete calls it): ``auto`` and every name.

    >>> "manhattan" in heuristic_completer()
    True
    """
    return ["auto", *heuristics.names()]


# -- board input -----------------------------------------------------------------------


def add_board_input(parser: argparse.ArgumentParser) -> None:
    """Add the ways to give a board (words, ``-`` for stdin, ``-f FILE``) and ``--goal``."""
    parser.add_argument(
        "board",
        nargs="*",
        metavar="BOARD",
        help='the board: "1 2 3/4 5 6/7 8 0" (rows split by /; 0, _ or . is the blank), '
        "or - to read it from standard input (read without - too when standard input is a "
        "file or a pipe: slidingtiles solve < board.txt)",
    )
    parser.add_argument(
        "-f",
        "--file",
        metavar="FILE",
        help="read the board from FILE (COS 226 format: N, or ROWS COLS, then the rows; "
        "or the one-line form); - is standard input",
    )
    parser.add_argument(
        "--goal",
        default=None,
        metavar="GOAL",
        help='the goal board in the same forms, or "last" (default: 1..n-1 then the '
        'blank) or "first" (the blank first)',
    )


#: One character more than `Board` reads (16 per cell of the largest board): a longer file is
#: not read to its end (nor a longer ``batch`` line), and `Board` refuses what was read.
MOST_TEXT = 16 * MAX_CELLS + 1


def standard_input(what: str = "the board") -> IO[str]:
    """Standard input; `CommandError` when this process has none (closed, as cron and daemons run).

    >>> standard_input() is sys.stdin
    True

    Python sets ``sys.stdin`` to None when file descriptor 0 is closed at
    start (``slidingtiles solve - <&-``); reading it then is one line, exit 2.
    """
    if sys.stdin is None:  # Python sets it to None when file descriptor 0 is closed at start
        raise CommandError(
            f"standard input is closed: there is nothing to read {what} from (give a file "
            "name instead of -)"
        )
    return sys.stdin


def _read(handle: IO[str], name: str) -> str:
    """At most `MOST_TEXT` characters of ``handle``; `CommandError` naming ``name`` if not."""
    try:
        return handle.read(MOST_TEXT)
    except UnicodeDecodeError:
        raise CommandError(f"cannot read {name}: it is not UTF-8 text") from None
    except (OSError, ValueError) as error:  # EBADF, EIO; "I/O operation on closed file"
        reason = getattr(error, "strerror", None) or error
        raise CommandError(f"cannot read {name}: {reason}") from None


def _read_file(name: str) -> str:
    if name == "-":
        return _read(standard_input(), "standard input")
    try:
        with open(name, encoding="utf-8") as handle:
            return _read(handle, name)
    except OSError as error:
        raise CommandError(f"cannot read {name}: {error.strerror or error}") from None


def _redirected() -> bool:
    """Whether standard input is a file or a pipe (``< board.txt``, ``cat board.txt |``).

    >>> isinstance(_redirected(), bool)
    True

    Not a terminal, a closed input, ``/dev/null`` (a character device, as cron
    and ``subprocess`` without ``stdin=`` often give) or a stand-in without a
    file descriptor (a test's captured input): those never hold a board.
    """
    try:
        mode = os.fstat(sys.stdin.fileno()).st_mode
    except (AttributeError, OSError, ValueError):  # None, closed, or no descriptor
        return False
    return stat.S_ISFIFO(mode) or stat.S_ISREG(mode)


def _board_text(args: argparse.Namespace) -> str:
    """The board's text from -f FILE, '-' (stdin), the positional words, or redirected stdin."""
    words: list[str] = args.board
    if args.file is not None and words:
        raise CommandError("give the board either as an argument or with -f FILE, not both")
    if args.file is not None:
        text = _read_file(args.file)
    elif words == ["-"]:
        text = _read_file("-")
    elif words:
        text = " ".join(words)
    elif _redirected():  # slidingtiles solve < board.txt
        text = _read_file("-")
        if not text.strip():
            raise CommandError(
                'standard input is empty: pass "1 2 3/4 5 6/7 8 0", -f FILE, or a board on '
                "standard input"
            )
    else:
        raise CommandError('no board given: pass "1 2 3/4 5 6/7 8 0", -f FILE, or - for stdin')
    if not text.strip():
        raise CommandError("the board text is empty")
    return text


def read_board(args: argparse.Namespace) -> Board:
    """The board given by `add_board_input`'s arguments; `CommandError` if none or unreadable.

    >>> args = argparse.Namespace(board=["1 2/0 3"], file=None)
    >>> read_board(args).to_text()
    '1 2/0 3'
    """
    return Board(_board_text(args))


# -- optimal, short, or insisting -------------------------------------------------------------


def add_optimality(parser: argparse.ArgumentParser, suboptimal: str) -> None:
    """Add ``--suboptimal`` (with its help) and ``--optimal``, which exclude each other."""
    group = parser.add_mutually_exclusive_group()
    group.add_argument("--suboptimal", action="store_true", help=suboptimal)
    group.add_argument(
        "--optimal",
        action="store_true",
        help="a shortest solution even where it is beyond reach (by default such a board is "
        "refused at once, naming --suboptimal; docs/solving.md): the search runs whatever "
        "it costs, its progress shown on standard error when it is a terminal",
    )


def optimality(args: argparse.Namespace) -> bool | None:
    """``optimal=`` for `solve`: False (``--suboptimal``), True (``--optimal``), else None.

    ``--max-nodes`` with ``--suboptimal`` (and no ``--weight``) or ``--algorithm
    reduce`` is a `CommandError`: those methods are no single search, and are
    bounded by ``--time-limit``.
    """
    short = args.suboptimal and args.weight is None
    if args.max_nodes is not None and (short or args.algorithm == "reduce"):
        what = "--suboptimal" if short else "--algorithm reduce"
        raise CommandError(
            f"--max-nodes bounds a search's expansions, and {what} runs the short-solution "
            "methods, which are no single search: bound them with --time-limit (without it "
            "the answer is the same every run)"
        )
    return False if args.suboptimal else (True if args.optimal else None)
