"""The ``slidingtiles`` command line: argparse front end over the library (parse, call, format).

Each subcommand is added by a *registrar*, a function taking the argparse
subparsers object; it creates its parser and sets ``handler`` (``args ->
exit code``) as a default. `SUBCOMMANDS` lists the registrars in the order
``--help`` shows them, so a new subcommand (``pdb``, ``batch``) is one function
and one entry in that table. Handlers raise the library's errors;
`main` turns them into exit codes and one-line messages:

* 0: done (solved, solvable, listed);
* 1: no answer: the board is unsolvable or a search limit was reached;
* 2: bad input or usage (malformed board, unknown heuristic, unreadable file);
* 130: interrupted with Ctrl-C.
"""

from __future__ import annotations

import argparse
import json
import logging
import math
import sys
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import IO, Any, NoReturn, TypeAlias, TypeVar, cast

from slidingtiles.heuristics import _registry as heuristics
from slidingtiles.heuristics._pdb import database as _pdb
from slidingtiles._batch import solve_many
from slidingtiles._board.board import Board
from slidingtiles._board.coerce import board_and_goal
from slidingtiles._errors import (
    NoPathError,
    SearchLimitExceeded,
    SlidingTilesError,
    UnsolvableError,
)
from slidingtiles._board.random import random_board, scramble
from slidingtiles._board.solvability import solvability
from slidingtiles._solve.solve import ALGORITHMS, Solution, solve
from slidingtiles.search import SearchStats

__all__ = [
    "EXIT_BAD_INPUT",
    "EXIT_INTERRUPTED",
    "EXIT_NO_ANSWER",
    "EXIT_OK",
    "SUBCOMMANDS",
    "CommandError",
    "Registrar",
    "build_parser",
    "main",
]

EXIT_OK = 0
EXIT_NO_ANSWER = 1
EXIT_BAD_INPUT = 2
EXIT_INTERRUPTED = 130

Subparsers: TypeAlias = "argparse._SubParsersAction[argparse.ArgumentParser]"
#: Adds one subcommand to the subparsers and sets its ``handler`` default.
Registrar: TypeAlias = Callable[["argparse._SubParsersAction[argparse.ArgumentParser]"], None]
Handler: TypeAlias = Callable[[argparse.Namespace], int]

_PROG = "slidingtiles"
_Number = TypeVar("_Number", int, float)


class CommandError(Exception):
    """A user mistake the command line reports in one line, with its exit code."""

    def __init__(self, message: str, code: int = EXIT_BAD_INPUT) -> None:
        super().__init__(message)
        self.code = code


class _UsageError(CommandError):
    """A usage mistake found by argparse; the message already names the command."""


class _Parser(argparse.ArgumentParser):
    """An ArgumentParser whose usage errors are one line and raise instead of exiting."""

    def error(self, message: str) -> NoReturn:
        raise _UsageError(f"{self.prog}: error: {message} (see {self.prog} --help)")


class _Formatter(argparse.RawDescriptionHelpFormatter):
    """Keeps the hand-formatted examples in epilogs and shows defaults."""

    def __init__(self, prog: str) -> None:
        super().__init__(prog, max_help_position=30)


# -- argument types --------------------------------------------------------------


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


_positive_float = _number_type(
    float, lambda v: 0 < v < math.inf, "must be a positive number of seconds"
)
_positive_int = _number_type(int, lambda v: v >= 1, "must be at least 1")
_non_negative_int = _number_type(int, lambda v: v >= 0, "must be 0 or more")
_weight = _number_type(float, lambda v: 1 <= v < math.inf, "must be a number >= 1")


def _shape(text: str) -> tuple[int, int]:
    """``"4"`` (square), ``"3x5"`` or ``"3,5"`` as (rows, cols)."""
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


# -- input -------------------------------------------------------------------------


def _add_board_input(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "board",
        nargs="*",
        metavar="BOARD",
        help='the board: "1 2 3/4 5 6/7 8 0" (rows split by /; 0, _ or . is the blank), '
        "or - to read it from standard input",
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


def _read_file(name: str, stdin: IO[str]) -> str:
    if name == "-":
        return stdin.read()
    try:
        with open(name, encoding="utf-8") as handle:
            return handle.read()
    except OSError as error:
        raise CommandError(f"cannot read {name}: {error.strerror or error}") from None
    except UnicodeDecodeError:
        raise CommandError(f"cannot read {name}: it is not UTF-8 text") from None


def _board_text(args: argparse.Namespace) -> str:
    """The board's text from -f FILE, '-' (stdin) or the positional words."""
    words: list[str] = args.board
    if args.file is not None and words:
        raise CommandError("give the board either as an argument or with -f FILE, not both")
    if args.file is not None:
        text = _read_file(args.file, sys.stdin)
    elif words == ["-"]:
        text = sys.stdin.read()
    elif words:
        text = " ".join(words)
    else:
        raise CommandError('no board given: pass "1 2 3/4 5 6/7 8 0", -f FILE, or - for stdin')
    if not text.strip():
        raise CommandError("the board text is empty")
    return text


def _board(args: argparse.Namespace) -> Board:
    return Board(_board_text(args))


# -- output helpers ------------------------------------------------------------


def _stats_dict(stats: SearchStats | None) -> dict[str, Any] | None:
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


def _print_json(payload: dict[str, Any]) -> None:
    """One key per line, each value compact: readable, and still one JSON document."""
    body = ",\n".join(f"  {json.dumps(key)}: {json.dumps(value)}" for key, value in payload.items())
    print("{\n" + body + "\n}")


def _progress_printer() -> Callable[[SearchStats], None]:
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


# -- solve -------------------------------------------------------------------------

_SOLVE_EPILOG = """\
examples:
  slidingtiles solve "6 4 7/8 5 0/3 2 1"            # 31 moves, COS 226-style output
  slidingtiles solve -f puzzle04.txt --format moves   # just the move string
  slidingtiles solve "8 1 3/4 0 2/7 6 5" --goal first --format json
  slidingtiles random 3 --seed 1 | slidingtiles solve - --html steps.html
  slidingtiles solve "1 2 3/4 5 6/8 7 0"             # "No solution possible", exit 1

moves are the directions the BLANK travels (U, D, L, R).
exit status: 0 solved, 1 unsolvable or limit reached, 2 bad input.
"""


def _add_solve(subparsers: Subparsers) -> None:
    parser = subparsers.add_parser(
        "solve",
        help="find a shortest solution",
        description="Solve a sliding-tile board and print the solution.",
        epilog=_SOLVE_EPILOG,
        formatter_class=_Formatter,
    )
    _add_board_input(parser)
    parser.add_argument(
        "--heuristic",
        default="auto",
        metavar="NAME",
        help='a registered heuristic (see "slidingtiles heuristics"); default: auto, '
        "the strongest admissible one",
    )
    parser.add_argument(
        "--algorithm",
        default="auto",
        choices=ALGORITHMS,
        help="search algorithm (default: auto: A* on small boards, IDA* on larger ones)",
    )
    parser.add_argument(
        "--weight",
        type=_weight,
        default=None,
        metavar="W",
        help="weighted A*: a solution at most W times the shortest, found faster",
    )
    parser.add_argument(
        "--suboptimal", action="store_true",
        help="any size, at once: the constructive solver (or weighted A* with --weight); "
        "not shortest, reports the Manhattan lower bound",
    )  # fmt: skip
    parser.add_argument(
        "--time-limit", type=_positive_float, default=None, metavar="SECONDS",
        help="give up after this many seconds (exit 1)",
    )  # fmt: skip
    parser.add_argument(
        "--max-nodes", type=_positive_int, default=None, metavar="N",
        help="give up after expanding N states (exit 1)",
    )  # fmt: skip
    parser.add_argument(
        "--format",
        choices=("cos226", "moves", "json"),
        default="cos226",
        help="cos226: every board, then the move count (default); moves: the move "
        "string only; json: everything, machine-readable",
    )
    parser.add_argument(
        "--html", metavar="FILE", default=None,
        help="also write a self-contained HTML page that steps through the solution",
    )  # fmt: skip
    parser.add_argument(
        "--progress", action="store_true", help="show search progress on standard error"
    )
    parser.set_defaults(handler=_solve_command)


def _board_json(board: Board) -> list[list[int]]:
    return board.to_rows()


def _solve_command(args: argparse.Namespace) -> int:
    board = _board(args)
    progress = _progress_printer() if args.progress else None
    try:
        solution = solve(
            board,
            args.goal,
            heuristic=args.heuristic,
            algorithm=args.algorithm,
            weight=args.weight,
            optimal=not args.suboptimal,
            max_nodes=args.max_nodes,
            time_limit=args.time_limit,
            progress=progress,
        )
    except UnsolvableError as error:
        _report_unsolvable(args, board, error)
        return EXIT_NO_ANSWER
    except SearchLimitExceeded as error:
        _report_limit(args, error)
        return EXIT_NO_ANSWER
    finally:
        if progress is not None:
            sys.stderr.write("\n")
    if args.html is not None:
        _write_html(args.html, solution)
    _print_solution(args.format, solution)
    return EXIT_OK


def _report_unsolvable(args: argparse.Namespace, board: Board, error: UnsolvableError) -> None:
    reason = error.report.reason if error.report is not None else str(error)
    if args.format == "cos226":
        print("No solution possible")
    elif args.format == "json":
        goal = _goal_for_report(board, args.goal)
        _print_json(
            {
                "status": "unsolvable",
                "board": _board_json(board),
                "goal": None if goal is None else _board_json(goal),
                "reason": reason,
            }
        )
    print(f"{_PROG}: {_one_line(Exception(reason))}", file=sys.stderr)


def _goal_for_report(board: Board, goal: str | None) -> Board | None:
    from slidingtiles._board.coerce import board_and_goal

    try:
        return board_and_goal(board, goal)[1]
    except SlidingTilesError:
        return None


def _report_limit(args: argparse.Namespace, error: SearchLimitExceeded) -> None:
    if args.format == "json":
        _print_json(
            {
                "status": "limit",
                "limit": error.limit,
                "value": error.value,
                "statistics": _stats_dict(error.stats),
            }
        )
    print(f"{_PROG}: {_one_line(error)}", file=sys.stderr)


def _print_solution(form: str, solution: Solution) -> None:
    if form == "moves":
        print(solution.moves)
    elif form == "json":
        _print_json(solution_json(solution))
    else:
        print(cos226_text(solution))


# Past this many printed cells the board list is elided: a 100x100 constructive solution
# would otherwise print billions of numbers.
_MAX_PRINTED_CELLS = 2_000_000


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
        "board": _board_json(solution.start),
        "goal": _board_json(solution.goal),
        "moves": str(solution.moves),
        "tiles": list(solution.tiles),
        "length": len(solution),
        "optimal": solution.optimal,
        "lower_bound": solution.lower_bound,
        "heuristic": solution.heuristic,
        "algorithm": solution.algorithm,
        "statistics": _stats_dict(solution.stats),
    }


def _write_html(path: str, solution: Solution) -> None:
    from slidingtiles._render import solution_html

    try:
        with open(path, "w", encoding="utf-8") as handle:
            handle.write(solution_html(solution))
    except OSError as error:
        raise CommandError(f"cannot write {path}: {error.strerror or error}") from None


# -- check -------------------------------------------------------------------------

_CHECK_EPILOG = """\
examples:
  slidingtiles check "1 2 3/4 5 6/8 7 0"      # unsolvable: one swap away
  slidingtiles check -f puzzle.txt --goal first

exit status: 0 solvable, 1 unsolvable, 2 bad input.
"""


def _add_check(subparsers: Subparsers) -> None:
    parser = subparsers.add_parser(
        "check",
        help="say whether a board can reach its goal, and why",
        description="Decide solvability by the parity rule and explain the verdict.",
        epilog=_CHECK_EPILOG,
        formatter_class=_Formatter,
    )
    _add_board_input(parser)
    parser.set_defaults(handler=_check_command)


def _check_command(args: argparse.Namespace) -> int:
    report = solvability(_board(args), args.goal)
    print(report.reason)
    return EXIT_OK if report.solvable else EXIT_NO_ANSWER


# -- random ------------------------------------------------------------------------

_RANDOM_EPILOG = """\
examples:
  slidingtiles random 4x4 --seed 7              # uniformly random solvable 15-puzzle
  slidingtiles random 3 --moves 20 --seed 1     # 20 random moves from the goal
  slidingtiles random 3x5 --goal first --format cos226
"""


def _add_random(subparsers: Subparsers) -> None:
    parser = subparsers.add_parser(
        "random",
        help="print a random solvable board",
        description="Print a random board that can reach the goal.",
        epilog=_RANDOM_EPILOG,
        formatter_class=_Formatter,
    )
    parser.add_argument("shape", type=_shape, metavar="SHAPE", help="N (square) or ROWSxCOLS")
    parser.add_argument(
        "--moves", type=_non_negative_int, default=None, metavar="K",
        help="scramble the goal with K random moves instead of a uniform draw",
    )  # fmt: skip
    parser.add_argument("--seed", type=int, default=None, help="make the board reproducible")
    parser.add_argument(
        "--goal", default="last", metavar="GOAL",
        help='"last" (default), "first", or a goal board of that shape',
    )  # fmt: skip
    parser.add_argument(
        "--format", choices=("line", "cos226"), default="line",
        help='line: "1 2 3/4 5 6/7 8 0", which solve reads (default); cos226: N then rows',
    )  # fmt: skip
    parser.set_defaults(handler=_random_command)


def _random_command(args: argparse.Namespace) -> int:
    rows, cols = args.shape
    if args.moves is None:
        board = random_board(rows, cols, goal=args.goal, seed=args.seed)
    else:
        from slidingtiles._board.coerce import board_and_goal

        goal = board_and_goal(Board.goal(rows, cols), args.goal)[1]
        board = scramble(goal, args.moves, seed=args.seed)
    print(board.to_cos226() if args.format == "cos226" else board.to_text())
    return EXIT_OK


# -- heuristics --------------------------------------------------------------------


_PDB_EPILOG = """\
examples:
  slidingtiles pdb build 4                 the 4x4 6-6-3 tables (blank last), once
  slidingtiles pdb build 4 --goal first    the same for Korf's goal (blank first)
  slidingtiles pdb build 3x4 --partition default
  slidingtiles pdb list                    what is in the cache
  slidingtiles pdb verify                  check every file's checksum (exit 1 if one is bad)
  slidingtiles pdb clear                   delete the cached tables

Tables live in the user cache directory (or $SLIDINGTILES_CACHE_DIR, or --cache-dir); solve
builds small ones on first use and loads any table already there.
"""


def _add_pdb(subparsers: Subparsers) -> None:
    parser = subparsers.add_parser(
        "pdb",
        help="build, list, verify or clear pattern-database tables",
        description="Manage the pattern-database tables that make optimal solving fast.",
        epilog=_PDB_EPILOG,
        formatter_class=_Formatter,
    )
    actions = parser.add_subparsers(title="actions", dest="action", metavar="ACTION")
    build = actions.add_parser(
        "build", help="build a table and save it in the cache", formatter_class=_Formatter
    )
    build.add_argument("shape", type=_shape, metavar="SHAPE", help="N or ROWSxCOLS, e.g. 4 or 3x4")
    build.add_argument(
        "--goal", default=None, metavar="GOAL", help='goal board, "last" (default) or "first"'
    )
    build.add_argument(
        "--partition", default="default", metavar="NAME",
        help="partition name (4x4: 6-6-3, 5-5-5, 7-8; default: the shape's default)",
    )  # fmt: skip
    for name, text in (
        ("list", "list the cached tables (headers only: fast)"),
        ("verify", "check every cached table's header, size and checksum"),
        ("clear", "delete the cached tables"),
    ):
        actions.add_parser(name, help=text, formatter_class=_Formatter)
    for action in actions.choices.values():
        action.add_argument(
            "--cache-dir", default=None, metavar="DIR",
            help="table directory (default: $SLIDINGTILES_CACHE_DIR or the user cache)",
        )  # fmt: skip
    parser.set_defaults(handler=_pdb_command)


class _BuildBar:
    """A one-line progress display on stderr for table builds (a line per group if not a tty)."""

    def __init__(self) -> None:
        self.live = sys.stderr.isatty()

    def __call__(self, step: _pdb.BuildProgress) -> None:
        group = f"group {step.group + 1}/{step.groups} ({step.group_size} tiles)"
        if step.done:
            start, end = ("\r", "\x1b[K") if self.live else ("", "")
            print(f"{start}{_PROG}: {group} done in {step.seconds:.1f} s{end}", file=sys.stderr)
        elif self.live:
            text = f"{group}: depth {step.depth}, {step.states:,} states, {step.seconds:.1f} s"
            print(f"\r{_PROG}: {text}\x1b[K", end="", file=sys.stderr, flush=True)


def _table_line(info: _pdb.TableInfo) -> str:
    status = "ok" if info.ok else "BAD: " + info.problem.removeprefix(f"{info.path}: ")
    shape = f"{info.rows}x{info.cols}" if info.rows else "?"
    groups = "-".join(str(len(g)) for g in info.groups) or "?"
    size = f"{info.size / 1e6:.1f} MB"
    return f"{shape:<6} {info.partition:<8} {groups:<8} {size:>9}  {info.path}  {status}"


def _pdb_command(args: argparse.Namespace) -> int:
    if args.action is None:
        raise CommandError("pdb needs an action: build, list, verify or clear (see pdb --help)")
    if args.action == "build":
        rows, cols = args.shape
        goal = board_and_goal(Board.goal(rows, cols), args.goal)[1]
        name = args.partition
        if name == "default":
            name = _pdb.default_partition_name(rows, cols)
        cost = _pdb.BUILD_COSTS.get(name)
        if cost is None:
            estimate = _pdb.estimate_build_seconds(rows, cols, name, goal=goal.tiles)
            cost = f"estimated {estimate:.0f} s"
        print(
            f"{_PROG}: building the {rows}x{cols} {name} tables ({cost}) "
            f"into {_pdb.cache_dir(args.cache_dir)}",
            file=sys.stderr,
        )
        db = _pdb.build(
            rows, cols, goal.tiles, name, cache_dir=args.cache_dir, progress=_BuildBar()
        )
        print(f"built {db.path}")
        return EXIT_OK
    if args.action == "clear":
        removed = _pdb.clear(args.cache_dir)
        print(f"removed {len(removed)} file{'s' * (len(removed) != 1)}")
        return EXIT_OK
    infos = (
        _pdb.list_tables(args.cache_dir) if args.action == "list" else _pdb.verify(args.cache_dir)
    )
    if not infos:
        print(f"no tables in {_pdb.cache_dir(args.cache_dir)}")
    for info in infos:
        print(_table_line(info))
    return EXIT_OK if all(info.ok for info in infos) else EXIT_NO_ANSWER


def _add_heuristics(subparsers: Subparsers) -> None:
    parser = subparsers.add_parser(
        "heuristics",
        help="list the registered heuristics",
        description="List the registered heuristics, weakest first, with their guarantees. "
        "Only admissible ones give proven shortest solutions.",
        formatter_class=_Formatter,
    )
    parser.add_argument("--json", action="store_true", help="machine-readable output")
    parser.set_defaults(handler=_heuristics_command)


def _heuristics_command(args: argparse.Namespace) -> int:
    infos = [heuristics.get(name) for name in heuristics.names()]
    if args.json:
        _print_json(
            {
                "heuristics": [
                    {
                        "name": info.name,
                        "admissible": info.admissible,
                        "consistent": info.consistent,
                        "strength": info.strength,
                        "aliases": list(info.aliases),
                        "description": info.description,
                    }
                    for info in infos
                ]
            }
        )
        return EXIT_OK
    width = max([len("name"), *(len(info.name) for info in infos)])
    print(f"{'name':<{width}}  admissible  consistent  description")
    for info in infos:
        yes_no = ["yes" if flag else "no" for flag in (info.admissible, info.consistent)]
        flags = f"{yes_no[0]:<10}  {yes_no[1]:<10}"
        aliases = f" (also: {', '.join(info.aliases)})" if info.aliases else ""
        print(f"{info.name:<{width}}  {flags}  {info.description}{aliases}")
    return EXIT_OK


# -- the table and the entry point ---------------------------------------------------

#: The subcommand registrars, in ``--help`` order. Add ``pdb`` and ``batch`` here.
# -- batch ---------------------------------------------------------------------

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
    parser.add_argument("--weight", type=_weight, default=None, metavar="W")
    parser.add_argument(
        "--suboptimal", action="store_true",
        help="any-size constructive solver: fast, not shortest (solve(optimal=False))",
    )  # fmt: skip
    parser.add_argument("--time-limit", type=_positive_float, default=None, metavar="SECONDS")
    parser.add_argument("--max-nodes", type=_positive_int, default=None, metavar="N")
    parser.add_argument(
        "--workers", type=_positive_int, default=1, metavar="N",
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
    return 0 if failures == 0 else 1


SUBCOMMANDS: list[Registrar] = [
    _add_solve, _add_check, _add_random, _add_heuristics, _add_pdb, add_batch_command,
]  # fmt: skip

_MAIN_EPILOG = """\
examples:
  slidingtiles solve "6 4 7/8 5 0/3 2 1"
  slidingtiles check "1 2 3/4 5 6/8 7 0"
  slidingtiles random 4x4 --moves 40 --seed 1 | slidingtiles solve - --format moves
  slidingtiles heuristics

run "slidingtiles COMMAND --help" for each command's options.
"""


def build_parser() -> argparse.ArgumentParser:
    """Return the full parser, every registrar in `SUBCOMMANDS` applied."""
    from . import __version__

    parser = _Parser(
        prog=_PROG,
        description="Solve sliding-tile puzzles (8-, 15-, 24-puzzle, any m x n board, any goal).",
        epilog=_MAIN_EPILOG,
        formatter_class=_Formatter,
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    # Subparsers inherit _Parser (one-line usage errors) from the parent's type.
    subparsers = cast(
        "Subparsers", parser.add_subparsers(title="commands", dest="command", metavar="COMMAND")
    )
    for registrar in SUBCOMMANDS:
        registrar(subparsers)
    return parser


def _one_line(error: BaseException) -> str:
    text = str(error).strip() or type(error).__name__
    return " ".join(text.split())


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line with ``argv`` (default: ``sys.argv[1:]``) and return the exit code.

    >>> main(["check", "1 2 3/4 5 6/7 0 8"])
    solvable: the board is an odd permutation of the goal (blank included) and the blank is 1 move (odd) from its goal cell, and the two parities agree (classic rule, width 3 is odd: 0 inversions, even; solvable needs even)
    0
    """  # noqa: E501
    parser = build_parser()
    # The library logs long one-off work (such as building a pattern database) at INFO level;
    # a person at the terminal should see why a command pauses.
    log_handler = logging.StreamHandler(sys.stderr)
    log_handler.setFormatter(logging.Formatter(f"{_PROG}: %(message)s"))
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
        return handler(args)
    except _UsageError as error:
        print(_one_line(error), file=sys.stderr)
        return error.code
    except CommandError as error:
        print(f"{_PROG}: {_one_line(error)}", file=sys.stderr)
        return error.code
    except (UnsolvableError, NoPathError, SearchLimitExceeded) as error:
        print(f"{_PROG}: {_one_line(error)}", file=sys.stderr)
        return EXIT_NO_ANSWER
    except (SlidingTilesError, ValueError) as error:
        print(f"{_PROG}: error: {_one_line(error)}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except KeyboardInterrupt:
        print(f"{_PROG}: interrupted", file=sys.stderr)
        return EXIT_INTERRUPTED
    except BrokenPipeError:  # e.g. piped into head: the reader left, nothing to report
        return EXIT_OK
    finally:
        library_log.removeHandler(log_handler)
        library_log.setLevel(previous_level)
