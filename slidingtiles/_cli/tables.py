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
import time
from typing import Any

from slidingtiles import Board, board_and_goal, pdb
from slidingtiles._cli.common import (
    EXIT_NO_ANSWER,
    EXIT_OK,
    PROG,
    CommandError,
    Formatter,
    Subparsers,
    add_format,
    shape,
)
from slidingtiles._cli.output import Progress, board_json, json_object, print_json

__all__ = ["add_pdb_command"]

_PDB_EPILOG = """\
examples:
  slidingtiles pdb build 4                 the 4x4 6-6-3 tables (blank last), once
  slidingtiles pdb build 4 --goal first    the same for Korf's goal (blank first)
  slidingtiles pdb build 3x4 --partition default
  slidingtiles pdb list                    what is in the cache
  slidingtiles pdb verify                  check every file's checksum (exit 1 if one is bad)
  slidingtiles pdb clear                   delete the cached tables
  slidingtiles pdb clear --legacy          delete only old per-goal files no search uses
  slidingtiles pdb ship --out DIR          build the tables the package ships, packed, into DIR

One table serves every goal whose blank a turn or mirror of the board takes to the same
cell: the tables for the blank-first goal serve the blank-last goal too.

Tables live in the user cache directory (or $SLIDINGTILES_CACHE_DIR, or --cache-dir); solve
builds small ones on first use and loads any table already there. The default tables of
4x4, 3x4, 4x3, 2x6, 6x2 and 3x3 for a blank in a corner ship with the package: nothing to
build for them.
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
        "--partition",
        default="default",
        metavar="NAME",
        help="partition name (4x4: 6-6-3, 5-5-5, 7-8; default: the one solve builds on first "
        "use: 6-6-3 on 4x4, 7-7 on 3x5 and 7-6 on 2x7 under numba, else the shape's default)",
    )
    ship = actions.add_parser(
        "ship",
        help="build the tables shipped with the package and write them packed (maintainers)",
        formatter_class=Formatter,
    )
    ship.add_argument(
        "--out",
        default=None,
        metavar="DIR",
        help="where to write the packed files (default: the package's own data directory)",
    )
    for name, text in (
        ("list", "list the cached tables (headers only: fast)"),
        ("verify", "check every cached table's header, size and checksum"),
        ("clear", "delete the cached tables"),
    ):
        actions.add_parser(name, help=text, formatter_class=Formatter)
    actions.choices["clear"].add_argument(
        "--legacy",
        action="store_true",
        help="remove only old files built for one goal each, which no search uses any more",
    )
    for name, action in actions.choices.items():
        if name != "ship":  # it writes no cache
            action.add_argument(
                "--cache-dir",
                default=None,
                metavar="DIR",
                help="table directory (default: $SLIDINGTILES_CACHE_DIR or the user cache)",
            )
        add_format(action, text="one line per table, for people")
    parser.set_defaults(handler=_pdb_command)


class _BuildProgress:
    """Shows a table build on the one `Progress` display: states over the known total."""

    def __init__(self, rows: int, cols: int, groups: tuple[tuple[int, ...], ...]) -> None:
        self.totals = [pdb.build_states(rows, cols, len(group))[0] for group in groups]
        self.progress = Progress(f"pdb build {rows}x{cols}", total=sum(self.totals), unit="states")

    def __call__(self, step: pdb.BuildProgress) -> None:
        before = sum(self.totals[: step.group])
        done = before + (self.totals[step.group] if step.done else step.states)
        phase = "done" if step.done else f"depth {step.depth}"
        self.progress.update(
            min(done, before + self.totals[step.group]),
            status=f"group {step.group + 1}/{step.groups}, {phase}",
        )


def _table_json(info: pdb.TableInfo) -> dict[str, Any]:
    goal = Board(list(info.goal), (info.rows, info.cols)) if info.ok and info.goal else None
    return {
        "path": str(info.path),
        "rows": info.rows,
        "cols": info.cols,
        "partition": info.partition,
        "groups": [list(group) for group in info.groups],
        "goal": None if goal is None else board_json(goal),
        "blank": info.blank,
        "legacy": info.legacy,
        "size": info.size,
        "ok": info.ok,
        "problem": info.problem,
    }


def _table_line(info: pdb.TableInfo) -> str:
    status = "ok" if info.ok else "BAD: " + info.problem.removeprefix(f"{info.path}: ")
    grid = f"{info.rows}x{info.cols}" if info.rows else "?"
    groups = "-".join(str(len(g)) for g in info.groups) or "?"
    size = f"{info.size / 1e6:.1f} MB"
    goal = f"goal {_goal_text(info):<5}"
    if info.legacy and info.ok:
        status = "unused (an old per-goal file: pdb clear --legacy removes it)"
    return f"{grid:<6} {info.partition:<8} {groups:<8} {size:>9}  {goal}  {info.path}  {status}"


def _goal_text(info: pdb.TableInfo) -> str:
    """The goal as ``last``/``first`` when it is one of those, else the one-line board."""
    if not (info.rows and info.goal):
        return "?"
    for name in ("last", "first"):
        if info.goal == Board.goal(info.rows, info.cols, name).tiles:
            return name
    return Board(list(info.goal), (info.rows, info.cols)).to_text()


def _pdb_command(args: argparse.Namespace) -> int:
    if args.action is None:
        raise CommandError(
            "pdb needs an action: build, list, verify, clear or ship (see pdb --help)"
        )
    if args.action == "build":
        return _build(args)
    if args.action == "ship":
        return _ship(args)
    where = pdb.cache_dir(args.cache_dir)
    if args.action == "clear":
        pdb.check_cache_dir(args.cache_dir, create=False)  # unusable: one line, exit 2
        removed = pdb.clear(args.cache_dir, legacy_only=args.legacy)
        if args.format == "json":
            print_json(json_object(cache_dir=str(where), removed=[str(path) for path in removed]))
        else:
            print(f"removed {len(removed)} file{'s' * (len(removed) != 1)}")
        return EXIT_OK
    infos = pdb.list_tables(args.cache_dir) if args.action == "list" else pdb.verify(args.cache_dir)
    if args.format == "json":
        print_json(
            json_object(
                action=args.action,
                cache_dir=str(where),
                tables=[_table_json(info) for info in infos],
            )
        )
    else:
        if not infos:
            print(f"no tables in {where}")
        for info in infos:
            print(_table_line(info))
    return EXIT_OK if all(info.ok for info in infos) else EXIT_NO_ANSWER


def _build(args: argparse.Namespace) -> int:
    """``pdb build``: say what is built, how long it takes and where, then build it."""
    rows, cols = args.shape
    goal = board_and_goal(Board.goal(rows, cols), args.goal)[1]
    name = args.partition
    if name == "default":  # the one solve builds on first use (3x5 under numba: 7-7)
        name = pdb.preferred_partition(rows, cols, use="build")
    pdb.check_cache_dir(args.cache_dir)  # before the build, not after it: one line, exit 2
    cost = pdb.BUILD_COSTS.get(name)
    if cost is None:
        estimate = pdb.estimate_build_seconds(rows, cols, name, goal=goal.tiles)
        cost = f"estimated {estimate:.0f} s"
    print(
        f"{PROG}: building the {rows}x{cols} {name} tables ({cost}) "
        f"into {pdb.cache_dir(args.cache_dir)}",
        file=sys.stderr,
    )
    groups = pdb.stored_groups(rows, cols, goal.tiles, name)  # a table set's too
    began = time.perf_counter()
    shown = _BuildProgress(rows, cols, groups)
    with shown.progress:
        db = pdb.build(rows, cols, goal.tiles, name, cache_dir=args.cache_dir, progress=shown)
    if args.format == "json":
        print_json(
            json_object(
                status="built",
                path=str(db.path),
                rows=rows,
                cols=cols,
                partition=name,
                groups=[list(group) for group in db.goal_groups],
                goal=board_json(goal),
                seconds=round(time.perf_counter() - began, 3),
            )
        )
    else:
        print(f"built {db.path}")
    return EXIT_OK


def _ship(args: argparse.Namespace) -> int:
    """``pdb ship``: build every shipped table with this library's builder and write it packed."""
    count = len(pdb.SHIPPED)
    print(f"{PROG}: building the {count} tables shipped with the package", file=sys.stderr)
    began = time.perf_counter()
    written = pdb.ship(args.out)
    if args.format == "json":
        print_json(
            json_object(
                status="shipped",
                files=[{"path": str(path), "size": path.stat().st_size} for path in written],
                seconds=round(time.perf_counter() - began, 3),
            )
        )
    else:
        for path in written:
            print(f"wrote {path} ({path.stat().st_size / 1e6:.2f} MB)")
    return EXIT_OK
