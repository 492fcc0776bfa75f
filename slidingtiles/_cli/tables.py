"""The ``pdb`` command: build, list, verify and clear the cached pattern-database tables.

>>> import argparse
>>> parser = argparse.ArgumentParser(prog="slidingtiles")
>>> add_pdb_command(parser.add_subparsers())
>>> args = parser.parse_args(["pdb", "build", "3x4", "--goal", "first"])
>>> args.action, args.shape, args.goal, args.partition, args.cache_dir
('build', (3, 4), 'first', 'default', None)
"""

from __future__ import annotations

import argparse
import sys

from slidingtiles import Board, board_and_goal, pdb
from slidingtiles._cli.common import (
    EXIT_NO_ANSWER,
    EXIT_OK,
    PROG,
    CommandError,
    Formatter,
    Subparsers,
    shape,
)

__all__ = ["add_pdb_command"]

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


def add_pdb_command(subparsers: Subparsers) -> None:
    """Add ``pdb ACTION`` with its actions build, list, verify and clear (a registrar)."""
    parser = subparsers.add_parser(
        "pdb",
        help="build, list, verify or clear pattern-database tables",
        description="Manage the pattern-database tables that make optimal solving fast.",
        epilog=_PDB_EPILOG,
        formatter_class=Formatter,
    )
    actions = parser.add_subparsers(title="actions", dest="action", metavar="ACTION")
    build = actions.add_parser(
        "build", help="build a table and save it in the cache", formatter_class=Formatter
    )
    build.add_argument("shape", type=shape, metavar="SHAPE", help="N or ROWSxCOLS, e.g. 4 or 3x4")
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
        actions.add_parser(name, help=text, formatter_class=Formatter)
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

    def __call__(self, step: pdb.BuildProgress) -> None:
        group = f"group {step.group + 1}/{step.groups} ({step.group_size} tiles)"
        if step.done:
            start, end = ("\r", "\x1b[K") if self.live else ("", "")
            print(f"{start}{PROG}: {group} done in {step.seconds:.1f} s{end}", file=sys.stderr)
        elif self.live:
            text = f"{group}: depth {step.depth}, {step.states:,} states, {step.seconds:.1f} s"
            print(f"\r{PROG}: {text}\x1b[K", end="", file=sys.stderr, flush=True)


def _table_line(info: pdb.TableInfo) -> str:
    status = "ok" if info.ok else "BAD: " + info.problem.removeprefix(f"{info.path}: ")
    grid = f"{info.rows}x{info.cols}" if info.rows else "?"
    groups = "-".join(str(len(g)) for g in info.groups) or "?"
    size = f"{info.size / 1e6:.1f} MB"
    return f"{grid:<6} {info.partition:<8} {groups:<8} {size:>9}  {info.path}  {status}"


def _pdb_command(args: argparse.Namespace) -> int:
    if args.action is None:
        raise CommandError("pdb needs an action: build, list, verify or clear (see pdb --help)")
    if args.action == "build":
        return _build(args)
    if args.action == "clear":
        removed = pdb.clear(args.cache_dir)
        print(f"removed {len(removed)} file{'s' * (len(removed) != 1)}")
        return EXIT_OK
    infos = pdb.list_tables(args.cache_dir) if args.action == "list" else pdb.verify(args.cache_dir)
    if not infos:
        print(f"no tables in {pdb.cache_dir(args.cache_dir)}")
    for info in infos:
        print(_table_line(info))
    return EXIT_OK if all(info.ok for info in infos) else EXIT_NO_ANSWER


def _build(args: argparse.Namespace) -> int:
    """``pdb build``: say what is built, how long it takes and where, then build it."""
    rows, cols = args.shape
    goal = board_and_goal(Board.goal(rows, cols), args.goal)[1]
    name = args.partition
    if name == "default":
        name = pdb.default_partition_name(rows, cols)
    cost = pdb.BUILD_COSTS.get(name)
    if cost is None:
        estimate = pdb.estimate_build_seconds(rows, cols, name, goal=goal.tiles)
        cost = f"estimated {estimate:.0f} s"
    print(
        f"{PROG}: building the {rows}x{cols} {name} tables ({cost}) "
        f"into {pdb.cache_dir(args.cache_dir)}",
        file=sys.stderr,
    )
    db = pdb.build(rows, cols, goal.tiles, name, cache_dir=args.cache_dir, progress=_BuildBar())
    print(f"built {db.path}")
    return EXIT_OK
