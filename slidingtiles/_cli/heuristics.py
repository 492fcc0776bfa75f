"""``heuristics check`` and ``heuristics compare``: a heuristic judged, heuristics compared.

>>> import argparse
>>> parser = argparse.ArgumentParser(prog="slidingtiles")
>>> add_heuristic_actions(parser)
>>> args = parser.parse_args(["check", "manhattan", "--shape", "2x3"])
>>> args.action, args.heuristic, args.shape
('check', 'manhattan', (2, 3))

A heuristic is named as registered, or as ``MODULE:FUNCTION`` (imported from
the current directory or the installed packages; importing the module also
registers whatever it registers, so a registered function keeps its claims).
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from typing import Any

from slidingtiles import heuristics
from slidingtiles._cli.common import (
    EXIT_NO_ANSWER,
    EXIT_OK,
    CommandError,
    Formatter,
    add_format,
    non_negative_int,
    positive_float,
    positive_int,
    shape,
)
from slidingtiles._cli.output import Progress, json_object, print_json

__all__ = ["add_heuristic_actions", "load_heuristic"]

_CHECK_EPILOG = """\
examples:
  slidingtiles heuristics check manhattan                  every 3x3 board (181,440)
  slidingtiles heuristics check mymodule:my_h --shape 2x4  a function of your own
  slidingtiles heuristics check linear_conflict --shape 4x4 --samples 50 --seed 1

exit status: 0 when every property holds, 1 when one fails, 2 for bad input.
"""

_COMPARE_EPILOG = """\
examples:
  slidingtiles heuristics compare misplaced manhattan      Russell & Norvig's table
  slidingtiles heuristics compare manhattan linear_conflict --depths 10 20 --boards 20
  slidingtiles heuristics compare misplaced manhattan --svg plot.svg --format markdown
"""


def add_heuristic_actions(parser: argparse.ArgumentParser) -> None:
    """Add the ``check`` and ``compare`` actions under ``heuristics`` (no action: the listing)."""
    actions = parser.add_subparsers(title="actions", dest="action", metavar="ACTION")
    check = actions.add_parser(
        "check",
        help="check a heuristic against exact distances",
        description="Check a heuristic: admissible (never above the true distance), "
        "consistent (changes by at most one per move), 0 at the goal, whole numbers. "
        "Every board of shapes up to 9 cells, a sample above.",
        epilog=_CHECK_EPILOG,
        formatter_class=Formatter,
    )
    check.add_argument("heuristic", metavar="NAME|MODULE:FUNCTION")
    check.add_argument(
        "--shape", type=shape, default=(3, 3), metavar="SHAPE", help="N or ROWSxCOLS (default: 3x3)"
    )
    check.add_argument(
        "--goal", default=None, metavar="GOAL", help='the goal board, "last" (default) or "first"'
    )
    check.add_argument(
        "--max-boards",
        type=positive_int,
        default=heuristics.EXHAUSTIVE_BOARDS,
        metavar="N",
        help="check every board when the shape has at most N",
    )
    check.add_argument(
        "--samples",
        type=positive_int,
        default=200,
        metavar="N",
        help="random walks solved optimally when sampling",
    )
    check.add_argument("--seed", type=non_negative_int, default=0, metavar="N")
    check.add_argument(
        "--examples",
        type=non_negative_int,
        default=5,
        metavar="N",
        help="counterexamples shown per property",
    )
    check.add_argument("--time-limit", type=positive_float, default=None, metavar="SECONDS")
    add_format(check, text="the report")
    check.set_defaults(handler=_check_command)
    compare = actions.add_parser(
        "compare",
        help="compare heuristics by solution depth",
        description="Solve the same boards, at exactly each depth, with each heuristic: mean "
        "nodes generated and expanded, effective branching factor b*, mean seconds.",
        epilog=_COMPARE_EPILOG,
        formatter_class=Formatter,
    )
    compare.add_argument("heuristics", nargs="+", metavar="NAME|MODULE:FUNCTION")
    compare.add_argument(
        "--algorithm",
        default="astar",
        metavar="NAME",
        help="astar (default), idastar, greedy, weighted, auto",
    )
    compare.add_argument("--shape", type=shape, default=(3, 3), metavar="SHAPE")
    compare.add_argument("--goal", default=None, metavar="GOAL")
    compare.add_argument(
        "--depths",
        type=positive_int,
        nargs="+",
        metavar="D",
        default=list(range(2, 25, 2)),
        help="default: 2 4 ... 24",
    )
    compare.add_argument(
        "--boards",
        type=positive_int,
        default=100,
        metavar="N",
        help="boards per depth (default: 100)",
    )
    compare.add_argument("--seed", type=non_negative_int, default=0, metavar="N")
    compare.add_argument("--max-nodes", type=positive_int, default=None, metavar="N")
    compare.add_argument(
        "--counting",
        choices=("all", "book"),
        default="all",
        help="nodes generated: all successors (default), or book: without the move back to "
        "the parent, as Russell & Norvig count (A* only)",
    )
    compare.add_argument(
        "--svg",
        default=None,
        metavar="FILE",
        help="also draw the mean nodes generated by depth into FILE",
    )
    add_format(compare, text="aligned columns", markdown="Russell & Norvig's table")
    compare.set_defaults(handler=_compare_command)


def load_heuristic(text: str) -> Any:
    """A registered name as it is, or the function ``MODULE:FUNCTION`` names, imported.

    >>> load_heuristic("manhattan"), load_heuristic("slidingtiles.heuristics:misplaced").__name__
    ('manhattan', 'misplaced')
    """
    if ":" not in text:
        return text
    module_name, _, attribute = text.partition(":")
    if not module_name or not attribute:
        raise CommandError(f"{text!r} is not MODULE:FUNCTION")
    here = os.getcwd()
    added = here not in sys.path
    if added:
        sys.path.insert(0, here)
    try:
        module = importlib.import_module(module_name)
    except ImportError as error:
        raise CommandError(f"cannot import {module_name!r}: {error}") from None
    finally:
        if added:
            sys.path.remove(here)
    try:
        return getattr(module, attribute)
    except AttributeError:
        raise CommandError(f"module {module_name!r} has no {attribute!r}") from None


def _check_command(args: argparse.Namespace) -> int:
    with Progress("checking", unit="boards") as bar:

        def progress(done: int, total: int) -> None:
            bar.update(done, total)

        report = heuristics.check(
            load_heuristic(args.heuristic),
            args.shape,
            args.goal,
            max_boards=args.max_boards,
            samples=args.samples,
            seed=args.seed,
            examples=args.examples,
            time_limit=args.time_limit,
            progress=progress,
        )
    if args.format == "json":
        print_json(json_object(report=report.to_dict()))
    else:
        print(report)
    return EXIT_OK if report.ok else EXIT_NO_ANSWER


def _compare_command(args: argparse.Namespace) -> int:
    with Progress("solving", unit="searches") as bar:

        def progress(done: int, total: int) -> None:
            bar.update(done, total)

        table = heuristics.compare(
            [load_heuristic(h) for h in args.heuristics],
            algorithm=args.algorithm,
            shape=args.shape,
            goal=args.goal,
            depths=args.depths,
            boards_per_depth=args.boards,
            seed=args.seed,
            max_nodes=args.max_nodes,
            progress=progress,
            counting=args.counting,
        )
    if args.svg is not None:
        try:
            with open(args.svg, "w", encoding="utf-8") as handle:
                handle.write(table.to_svg())
        except OSError as error:
            raise CommandError(f"cannot write {args.svg}: {error.strerror or error}") from None
    if args.format == "json":
        print_json(json_object(comparison=table.to_dict()))
    elif args.format == "markdown":
        print(table.to_markdown())
    else:
        print(table.to_text())
    return EXIT_OK
