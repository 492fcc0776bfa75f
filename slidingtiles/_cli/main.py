"""The command line's entry point: the parser built from the registrars, and `main`.

>>> build_parser().parse_args(["solve", "1 2/0 3", "--format", "moves"]).command
'solve'

Each subcommand is added by a *registrar* (a `Registrar`), a function taking the
argparse subparsers object; it creates its parser and sets ``handler`` (``args ->
exit code``) as a default. `SUBCOMMANDS` lists the registrars in the order
``--help`` shows them, so a new subcommand is one function and one entry in that
table. `main` turns the handlers' errors into exit codes and one-line messages.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import logging
import os
import sys
import warnings
from collections.abc import Sequence
from typing import TextIO, cast

from slidingtiles import (
    NoPathError,
    SearchLimitExceeded,
    SlidingTilesError,
    UnsolvableError,
    WorkerDiedError,
    __version__,
    check_environment,
)
from slidingtiles._cli.batch import add_batch_command
from slidingtiles._cli.common import (
    ERROR_PREFIX,
    EXIT_BAD_INPUT,
    EXIT_INTERRUPTED,
    EXIT_NO_ANSWER,
    EXIT_OK,
    EXIT_TERMINATED,
    PROG,
    CommandError,
    Formatter,
    Handler,
    Parser,
    Registrar,
    Subparsers,
    Terminated,
    print_error,
)
from slidingtiles._cli.data import add_data_command
from slidingtiles._cli.play import add_play_command
from slidingtiles._cli.solve import (
    add_check_command,
    add_heuristics_command,
    add_random_command,
    add_solve_command,
)
from slidingtiles._cli.tables import add_pdb_command

__all__ = ["SUBCOMMANDS", "build_parser", "main"]

#: The subcommand registrars, in ``--help`` order.
SUBCOMMANDS: list[Registrar] = [
    add_solve_command,
    add_check_command,
    add_random_command,
    add_heuristics_command,
    add_pdb_command,
    add_batch_command,
    add_data_command,
    add_play_command,
]

_MAIN_EPILOG = """\
examples:
  slidingtiles solve "6 4 7/8 5 0/3 2 1"
  slidingtiles check "1 2 3/4 5 6/8 7 0"
  slidingtiles random 4x4 --moves 40 --seed 1 | slidingtiles solve - --format moves
  slidingtiles heuristics
  slidingtiles play

run "slidingtiles COMMAND --help" for each command's options.
"""


def build_parser() -> argparse.ArgumentParser:
    """Return the full parser, every registrar in `SUBCOMMANDS` applied."""
    parser = Parser(
        prog=PROG,
        description="Solve sliding-tile puzzles (8-, 15-, 24-puzzle, any m x n board, any goal).",
        epilog=_MAIN_EPILOG,
        formatter_class=Formatter,
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    # Subparsers inherit Parser (one-line usage errors) from the parent's type.
    subparsers = cast(
        "Subparsers", parser.add_subparsers(title="commands", dest="command", metavar="COMMAND")
    )
    for registrar in SUBCOMMANDS:
        registrar(subparsers)
    return parser


def _offer_completion(parser: argparse.ArgumentParser) -> None:
    """Answer a shell's completion request if argcomplete is installed (the ``completion`` extra).

    The shell asks by running the command with ``_ARGCOMPLETE`` set; argcomplete then
    prints the candidates and exits. Otherwise (or without argcomplete) nothing happens,
    and argcomplete is not even imported: a normal run pays nothing for completion.
    """
    if "_ARGCOMPLETE" not in os.environ:
        return
    try:
        argcomplete = importlib.import_module("argcomplete")
    except ImportError:
        return
    argcomplete.autocomplete(parser)


def _show_warning(
    message: Warning | str,
    category: type[Warning],
    filename: str,
    lineno: int,
    file: TextIO | None = None,
    line: str | None = None,
) -> None:
    r"""Print a warning as one line with the program's prefix (no file, line or source).

    >>> import contextlib
    >>> with contextlib.redirect_stderr(sys.stdout):
    ...     _show_warning(UserWarning("a value\nwas read.\nTraceback (most recent call last):\n"
    ...                               "  File ..."), UserWarning, "x.py", 1)
    slidingtiles: a value was read.

    A warning that carries a traceback (numba's, for a ``NUMBA_*`` variable it
    cannot parse) is cut before it: a warning is a line, never a traceback.
    """
    text = str(message).split("Traceback (most recent call last):", 1)[0]
    # One write, flushed: a worker process's warning must not lose or split its line.
    sys.stderr.write(f"{PROG}: {' '.join(text.split())}\n")
    sys.stderr.flush()


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line with ``argv`` (default: ``sys.argv[1:]``) and return the exit code.

    >>> main(["check", "1 2 3/4 5 6/7 0 8"])
    solvable: the board is an odd permutation of the goal (blank included) and the blank is 1 move (odd) from its goal cell, and the two parities agree (classic rule, width 3 is odd: 0 inversions, even; solvable needs even)
    0
    """  # noqa: E501
    parser = build_parser()
    _offer_completion(parser)
    # The library logs long one-off work (such as building a pattern database) at INFO level;
    # a person at the terminal should see why a command pauses.
    log_handler = logging.StreamHandler(sys.stderr)
    log_handler.setFormatter(logging.Formatter(f"{PROG}: %(message)s"))
    library_log = logging.getLogger("slidingtiles")
    previous_level = library_log.level
    library_log.addHandler(log_handler)
    if library_log.getEffectiveLevel() > logging.INFO:
        library_log.setLevel(logging.INFO)
    try:
        try:
            args = parser.parse_args(list(sys.argv[1:] if argv is None else argv))
        except SystemExit as done:  # --help and --version print, then "exit"
            return done.code if isinstance(done.code, int) else EXIT_OK
        handler: Handler | None = getattr(args, "handler", None)
        if handler is None:
            parser.print_help(sys.stderr)
            return EXIT_BAD_INPUT
        check_environment()  # a bad SLIDINGTILES_* value: one line, exit 2, before any work
        with warnings.catch_warnings():
            # A library warning (a first-use table build) reads like every other message here.
            warnings.showwarning = _show_warning
            return handler(args)
    except CommandError as error:  # usage errors included
        print_error(error)
        return error.code
    except (UnsolvableError, NoPathError, SearchLimitExceeded, WorkerDiedError) as error:
        print_error(error)
        return EXIT_NO_ANSWER
    except (SlidingTilesError, ValueError) as error:
        print_error(error)
        return EXIT_BAD_INPUT
    except KeyboardInterrupt as stop:  # Ctrl-C; or SIGTERM where a command turns it into Terminated
        terminated = isinstance(stop, Terminated)
        print_error(KeyboardInterrupt("terminated" if terminated else "interrupted"))
        return EXIT_TERMINATED if terminated else EXIT_INTERRUPTED
    except BrokenPipeError:  # e.g. piped into head: the reader left, nothing to report
        return EXIT_OK
    except OSError as error:  # a file or directory the command needed (one line, not a traceback)
        print_error(error)
        return EXIT_BAD_INPUT
    except MemoryError:
        pass  # reported below, once this handler has let go of the failed work (its traceback)
    finally:
        library_log.removeHandler(log_handler)
        library_log.setLevel(previous_level)
    _report_out_of_memory()
    return EXIT_NO_ANSWER


# Written as it is when even a message cannot be allocated.
_OUT_OF_MEMORY = f"{ERROR_PREFIX}out of memory\n".encode()


def _report_out_of_memory() -> None:
    """Say "out of memory" on standard error, without allocating if it comes to that.

    Called after the handler: a MemoryError's traceback holds every frame it
    passed through, and with them what the failed work allocated (a search's
    frontier, a half-built table), so the message is written only once that
    is gone. Should the memory still be short, the bytes prepared at import
    are written directly to file descriptor 2.
    """
    try:
        print_error(MemoryError("out of memory"))
    except MemoryError:
        with contextlib.suppress(OSError):
            os.write(2, _OUT_OF_MEMORY)
