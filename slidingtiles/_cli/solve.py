"""The board commands ``solve``, ``check`` and ``random``, and ``heuristics`` listing the choices.

>>> import argparse
>>> parser = argparse.ArgumentParser(prog="slidingtiles")
>>> commands = parser.add_subparsers()
>>> for add in (add_solve_command, add_check_command, add_random_command):
...     add(commands)
>>> parser.parse_args(["random", "3x4", "--seed", "1"]).shape
(3, 4)
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import TypeVar

from slidingtiles import (
    ALGORITHMS,
    Board,
    SearchLimitExceeded,
    SearchStats,
    SlidingTilesError,
    UnsolvableError,
    board_and_goal,
    heuristics,
    random_board,
    scramble,
    solvability,
    solve,
    solve_cos226,
)
from slidingtiles._cli.common import (
    EXIT_NO_ANSWER,
    EXIT_OK,
    CommandError,
    Formatter,
    ShapeWords,
    Subparsers,
    add_board_input,
    add_format,
    add_optimality,
    heuristic_completer,
    non_negative_int,
    optimality,
    positive_float,
    positive_int,
    print_error,
    read_board,
    weight,
)
from slidingtiles._cli.heuristics import add_heuristic_actions
from slidingtiles._cli.output import (
    Progress,
    board_json,
    failure_json,
    json_object,
    print_json,
    report_text,
    solution_json,
    stats_dict,
    write_html,
)
from slidingtiles._cli.trace import add_trace_options, traced, write_trace

__all__ = [
    "add_check_command",
    "add_heuristics_command",
    "add_random_command",
    "add_solve_command",
]

# -- solve -------------------------------------------------------------------------

_SOLVE_EPILOG = """\
examples:
  slidingtiles solve "6 4 7/8 5 0/3 2 1"            # 31 moves: every board, the counts
  slidingtiles solve -f puzzle04.txt --format cos226  # the COS 226 assignment's output, exactly
  slidingtiles solve -f puzzle04.txt --format moves   # just the move string
  slidingtiles solve "8 1 3/4 0 2/7 6 5" --goal first --format json
  slidingtiles random 3 --seed 1 | slidingtiles solve - --html steps.html
  slidingtiles solve "1 2 3/4 5 6/8 7 0"             # "No solution possible", exit 1
  slidingtiles solve "$(slidingtiles random 20 --seed 1)" --suboptimal --time-limit 2
  slidingtiles solve "$(slidingtiles random 5 --seed 1)" --optimal   # beyond reach: insist
  slidingtiles solve -f puzzle5x5.txt --goal first --workers 2   # one 24-puzzle, two cores
  slidingtiles solve "0 1 3/4 2 5/7 8 6" --heuristic misplaced --trace   # A* step by step
  slidingtiles solve "5 4 2/1 0 3/7 8 6" --algorithm idastar --trace-format svg --trace-file t.svg

moves are the directions the BLANK travels (U, D, L, R).
a board whose optimal search is beyond reach (a random board of 6x6 and up, or 5x5
without its tables: docs/solving.md) is refused at once, naming --suboptimal and --optimal.
exit status: 0 solved, 1 unsolvable, limit reached or beyond reach, 2 bad input.
"""


def add_solve_command(subparsers: Subparsers) -> None:
    """Add ``solve BOARD``: find a shortest solution and print it (a registrar)."""
    parser = subparsers.add_parser(
        "solve",
        help="find a shortest solution",
        description="Solve a sliding-tile board and print the solution.",
        epilog=_SOLVE_EPILOG,
        formatter_class=Formatter,
    )
    add_board_input(parser)
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
        help="weighted A*: a solution at most W times the shortest, found faster",
    )
    add_optimality(
        parser,
        "any size: a short solution, not proven shortest (with --time-limit, the shortest "
        "found in that time); prints a lower bound and the ratio (with --weight: "
        "weighted A*, at most W times the shortest)",
    )
    parser.add_argument(
        "--time-limit",
        type=positive_float,
        default=None,
        metavar="SECONDS",
        help="give up after this many seconds (exit 1); with --suboptimal: the time to "
        "spend making the solution shorter",
    )
    parser.add_argument(
        "--max-nodes",
        type=positive_int,
        default=None,
        metavar="N",
        help="give up after expanding N states (exit 1); not with --suboptimal, which "
        "--time-limit bounds",
    )
    parser.add_argument(
        "--workers",
        type=positive_int,
        default=None,
        metavar="N",
        help="search this one board on N processes (optimal IDA* with pattern tables, such "
        "as the 24-puzzle's: each iteration is split between them; other searches run "
        "here); they stop with this one",
    )
    add_format(
        parser,
        text="every board, then the move count and the states generated",
        cos226="the COS 226 assignment's output, exactly: its own search (A* with the "
        "Manhattan priority, no closed set) and its count of states enqueued",
        moves="the move string only",
    )
    parser.add_argument(
        "--html",
        metavar="FILE",
        default=None,
        help="also write a self-contained HTML page that steps through the solution",
    )
    parser.add_argument(
        "--progress",
        action="store_true",
        help="show the search's progress on standard error when it is a terminal",
    )
    add_trace_options(parser)
    parser.set_defaults(handler=_solve_command)


_Found = TypeVar("_Found")

#: The options the COS 226 search has no use for, with their defaults.
_NOT_FOR_COS226 = {
    "heuristic": "auto",
    "algorithm": "auto",
    "weight": None,
    "suboptimal": False,
    "optimal": False,
    "workers": None,
    "trace": None,
    "trace_format": None,
    "trace_file": None,
}


def _solve_command(args: argparse.Namespace) -> int:
    optimal = optimality(args)
    trace = traced(args)  # the trace options checked before the board is read
    board = read_board(args)
    if args.format == "cos226":
        return _solve_cos226(args, board)
    solution = _searched(
        args,
        board,
        lambda progress: solve(
            board,
            args.goal,
            heuristic=args.heuristic,
            algorithm=args.algorithm,
            weight=args.weight,
            optimal=optimal,
            max_nodes=args.max_nodes,
            time_limit=args.time_limit,
            progress=progress,
            workers=args.workers,
            trace=trace,
        ),
    )
    if solution is None:
        return EXIT_NO_ANSWER
    if args.html is not None:
        write_html(args.html, solution)
    data = solution_json(solution) if args.format == "json" else None
    table = write_trace(args, solution, data)  # files first: a bad path fails before output
    if data is not None:
        print_json(data)
    elif args.format == "moves":
        print(solution.moves)
    else:
        print(report_text(solution))
        if not solution.optimal and solution.ratio is not None:
            print(f"Length / lower bound = {solution.ratio:.3f}")
    if table:
        print(f"\n{table}")
    return EXIT_OK


def _searched(
    args: argparse.Namespace,
    board: Board,
    search: Callable[[Callable[[SearchStats], None] | None], _Found],
) -> _Found | None:
    """Run ``search(progress)`` under the progress display (``--progress``); None when the board
    is unsolvable or a limit stopped it, after reporting which."""
    asked = args.progress or args.optimal  # insisting on a long search: show it at once
    # On a terminal a search always shows its progress once it has run a second: it never runs
    # silent (`Progress` shows nothing where standard error is not a terminal).
    with Progress("searching", unit="nodes", delay=0.0 if asked else 1.0) as progress:

        def show(stats: SearchStats) -> None:
            progress.update(
                stats.expanded,
                status=f"{stats.generated:,} generated, frontier {stats.max_frontier:,}",
            )

        try:
            return search(show if progress.shown else None)
        except UnsolvableError as error:
            _report_unsolvable(args, board, error)
        except SearchLimitExceeded as error:
            _report_limit(args, board, error)
    return None


def _solve_cos226(args: argparse.Namespace, board: Board) -> int:
    """``solve --format cos226``: the assignment's search (`solve_cos226`) and its report."""
    given = [name for name, default in _NOT_FOR_COS226.items() if getattr(args, name) != default]
    if given:
        options = ", ".join("--" + name.replace("_", "-") for name in given)
        raise CommandError(
            f"--format cos226 runs the COS 226 assignment's own search (A* with the Manhattan "
            f"priority): drop {options}, or use --format text"
        )
    found = _searched(
        args,
        board,
        lambda progress: solve_cos226(
            board,
            args.goal,
            max_nodes=args.max_nodes,
            time_limit=args.time_limit,
            progress=progress,
        ),
    )
    if found is None:
        return EXIT_NO_ANSWER
    if args.html is not None:
        write_html(args.html, found.solution)
    print(found.report(), end="")
    return EXIT_OK


def _report_unsolvable(args: argparse.Namespace, board: Board, error: UnsolvableError) -> None:
    reason = error.report.reason if error.report is not None else str(error)
    if args.format in ("text", "cos226"):
        print("No solution possible")
    elif args.format == "json":
        goal = _goal_for_report(board, args.goal)
        print_json(failure_json("unsolvable", board, goal, error, reason=reason))
    print_error(Exception(reason))


def _goal_for_report(board: Board, goal: str | None) -> Board | None:
    try:
        return board_and_goal(board, goal)[1]
    except SlidingTilesError:
        return None


def _report_limit(args: argparse.Namespace, board: Board, error: SearchLimitExceeded) -> None:
    if args.format == "json":
        goal = _goal_for_report(board, args.goal)
        statistics = stats_dict(error.stats)
        data = failure_json(
            "limit",
            board,
            goal,
            error,
            limit=error.limit,
            value=error.value,
            statistics=statistics,
        )
        write_trace(args, error, data)
        print_json(data)
    else:
        table = write_trace(args, error, None)  # the search up to the limit
        if table:
            print(table)
    print_error(error)


# -- check -------------------------------------------------------------------------

_CHECK_EPILOG = """\
examples:
  slidingtiles check "1 2 3/4 5 6/8 7 0"      # unsolvable: one swap away
  slidingtiles check -f puzzle.txt --goal first

exit status: 0 solvable, 1 unsolvable, 2 bad input.
"""


def add_check_command(subparsers: Subparsers) -> None:
    """Add ``check BOARD``: say whether the board can reach its goal, and why (a registrar)."""
    parser = subparsers.add_parser(
        "check",
        help="say whether a board can reach its goal, and why",
        description="Decide solvability by the parity rule and explain the verdict.",
        epilog=_CHECK_EPILOG,
        formatter_class=Formatter,
    )
    add_board_input(parser)
    add_format(parser, text="the verdict and the reason, one line")
    parser.set_defaults(handler=_check_command)


def _check_command(args: argparse.Namespace) -> int:
    board = read_board(args)
    report = solvability(board, args.goal)
    if args.format == "json":
        goal = board_and_goal(board, args.goal)[1]
        print_json(
            json_object(
                status="solvable" if report.solvable else "unsolvable",
                board=board_json(board),
                goal=board_json(goal),
                solvable=report.solvable,
                reason=report.reason,
                permutation_parity=report.permutation_parity,
                blank_distance=report.blank_distance,
                inversions=report.inversions,
                blank_row_shift=report.blank_row_shift,
                width=report.width,
            )
        )
    else:
        print(report.reason)
    return EXIT_OK if report.solvable else EXIT_NO_ANSWER


# -- random ------------------------------------------------------------------------

_RANDOM_EPILOG = """\
examples:
  slidingtiles random 4x4 --seed 7              # uniformly random solvable 15-puzzle
  slidingtiles random 4 4 --moves 30 --seed 1   # 30 random moves from the goal (4 4 = 4x4)
  slidingtiles random 3 --moves 20 --seed 1     # 20 random moves from the goal
  slidingtiles random 3x5 --goal first --format cos226
"""


def add_random_command(subparsers: Subparsers) -> None:
    """Add ``random SHAPE``: print a random solvable board (a registrar)."""
    parser = subparsers.add_parser(
        "random",
        help="print a random solvable board",
        description="Print a random board that can reach the goal.",
        epilog=_RANDOM_EPILOG,
        formatter_class=Formatter,
    )
    parser.add_argument(
        "shape",
        nargs="+",
        action=ShapeWords,
        metavar="SHAPE",
        help="N (square), ROWSxCOLS or ROWS COLS",
    )
    parser.add_argument(
        "--moves",
        type=non_negative_int,
        default=None,
        metavar="K",
        help="scramble the goal with K random moves instead of a uniform draw",
    )
    parser.add_argument("--seed", type=int, default=None, help="make the board reproducible")
    parser.add_argument(
        "--goal",
        default="last",
        metavar="GOAL",
        help='"last" (default), "first", or a goal board of that shape',
    )
    add_format(
        parser,
        line='"1 2 3/4 5 6/7 8 0", which solve reads',
        cos226="N (or ROWS COLS), then the rows",
    )
    parser.set_defaults(handler=_random_command)


def _random_command(args: argparse.Namespace) -> int:
    rows, cols = args.shape
    goal = board_and_goal(Board.goal(rows, cols), args.goal)[1]
    if args.moves is None:
        board = random_board(rows, cols, goal=args.goal, seed=args.seed)
    else:
        board = scramble(goal, args.moves, seed=args.seed)
    if args.format == "json":
        print_json(
            json_object(
                board=board_json(board),
                goal=board_json(goal),
                text=board.to_text(),
                seed=args.seed,
                scramble=args.moves,
            )
        )
    else:
        print(board.to_cos226() if args.format == "cos226" else board.to_text())
    return EXIT_OK


# -- heuristics --------------------------------------------------------------------


def add_heuristics_command(subparsers: Subparsers) -> None:
    """Add ``heuristics``: list the registered heuristics and their guarantees (a registrar)."""
    parser = subparsers.add_parser(
        "heuristics",
        help="list the registered heuristics",
        description="List the registered heuristics, weakest first, with their guarantees. "
        "Only admissible ones give proven shortest solutions.",
        formatter_class=Formatter,
    )
    add_format(parser, table="aligned columns, weakest first")
    parser.add_argument(
        "--json",
        dest="format",
        action="store_const",
        const="json",
        help="the same as --format json (kept for scripts written before --format)",
    )
    parser.set_defaults(handler=_heuristics_command)
    add_heuristic_actions(parser)  # heuristics check, heuristics compare


def _heuristics_command(args: argparse.Namespace) -> int:
    infos = [heuristics.get(name) for name in heuristics.names()]
    if args.format == "json":
        print_json(
            json_object(
                heuristics=[
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
            )
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
