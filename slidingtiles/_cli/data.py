"""The ``data`` command: label boards with their exact distances, show a labels file, the sets.

>>> import argparse
>>> parser = argparse.ArgumentParser(prog="slidingtiles")
>>> add_data_command(parser.add_subparsers())
>>> args = parser.parse_args(["data", "label", "--random", "10", "--shape", "3x3", "-o", "x.npz"])
>>> args.action, args.random, args.shape, args.output
('label', 10, (3, 3), 'x.npz')
"""

from __future__ import annotations

import argparse
import importlib
import time
from typing import Any

from slidingtiles._cli.common import (
    EXIT_OK,
    CommandError,
    Formatter,
    Subparsers,
    non_negative_int,
    positive_int,
    shape,
    standard_input,
)
from slidingtiles._cli.output import Progress

__all__ = ["add_data_command"]


def _data() -> Any:
    """`slidingtiles.data`, loaded when a data action runs (it imports numpy; other commands
    do not pay for it)."""
    return importlib.import_module("slidingtiles.data")


_DATA_EPILOG = """\
examples:
  slidingtiles data label --random 1000 --shape 4x4 --workers 2 -o labels.npz
  slidingtiles data label --walks 500 --moves 10-40 --shape 3x3 --seed 1 -o walks.npz
  slidingtiles data label --distance 20 --count 100 --shape 4x4 -o d20.npz
  slidingtiles data label boards.txt --goal first -o mine.npz
  slidingtiles data show labels.npz
  slidingtiles data korf100               Korf's 100 15-puzzles: length, then the tiles

label solves each board optimally and writes every board of its solution with its exact
distance to the goal (.npz, or .parquet with pyarrow); FILE holds one board per line
("1 2 3/4 5 6/7 8 0"; blank lines and lines starting with # are skipped). A progress bar
shows on a terminal; Ctrl-C stops at once (exit 130), workers included. See docs/data.md.
"""


def _moves(text: str) -> tuple[int, int]:
    """``"30"`` or ``"10-40"`` as (low, high).

    >>> _moves("30"), _moves("10-40")
    ((30, 30), (10, 40))
    """
    low, _, high = text.partition("-")
    try:
        pair = (int(low), int(high or low))
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not N or LOW-HIGH moves") from None
    if not 0 <= pair[0] <= pair[1]:
        raise argparse.ArgumentTypeError(f"{text!r}: need 0 <= LOW <= HIGH")
    return pair


def add_data_command(subparsers: Subparsers) -> None:
    """Add ``data ACTION`` with its actions label, show, korf100 and korf50 (a registrar)."""
    parser = subparsers.add_parser(
        "data",
        help="exact cost-to-go labels for learning, and the published benchmark sets",
        description="Label boards with their exact distances to the goal (for learning a "
        "heuristic), show a labels file, or print Korf's benchmark sets.",
        epilog=_DATA_EPILOG,
        formatter_class=Formatter,
    )
    actions = parser.add_subparsers(title="actions", dest="action", metavar="ACTION")
    label = actions.add_parser(
        "label",
        help="solve boards and write every board of each solution with its distance",
        formatter_class=Formatter,
    )
    label.add_argument(
        "file",
        nargs="?",
        default=None,
        metavar="FILE",
        help="boards to label, one per line ('-': standard input); or draw them:",
    )
    draw = label.add_mutually_exclusive_group()
    draw.add_argument("--random", type=positive_int, metavar="N", help="N uniformly random boards")
    draw.add_argument("--walks", type=positive_int, metavar="N", help="N random walks (--moves)")
    draw.add_argument(
        "--distance",
        type=non_negative_int,
        metavar="D",
        help="--count boards exactly D moves from the goal",
    )
    label.add_argument(
        "--count",
        type=positive_int,
        default=100,
        metavar="N",
        help="boards for --distance (default 100)",
    )
    label.add_argument(
        "--moves",
        type=_moves,
        default=(20, 40),
        metavar="N|LOW-HIGH",
        help="walk lengths for --walks (default 20-40)",
    )
    label.add_argument(
        "--shape",
        type=shape,
        default=(4, 4),
        metavar="SHAPE",
        help="N or ROWSxCOLS for drawn boards (default 4)",
    )
    label.add_argument("--seed", type=int, default=None, metavar="SEED", help="seed of the draws")
    label.add_argument(
        "--goal", default=None, metavar="GOAL", help='goal board, "last" (default) or "first"'
    )
    label.add_argument(
        "--workers",
        type=positive_int,
        default=None,
        metavar="N",
        help="solve on N processes (default: this one)",
    )
    label.add_argument(
        "-o",
        "--output",
        required=True,
        metavar="PATH",
        help="where to write the labels: .npz, or .parquet (pyarrow)",
    )
    show = actions.add_parser("show", help="summarise a labels file", formatter_class=Formatter)
    show.add_argument("path", metavar="PATH", help="a .npz (or .parquet) labels file")
    for name, text in (
        ("korf100", "Korf's 100 random 15-puzzles (1985), blank first: length, then the tiles"),
        ("korf50", "Korf & Felner's 50 random 24-puzzles (2002), blank first: length, tiles"),
    ):
        actions.add_parser(name, help=text, formatter_class=Formatter)
    parser.set_defaults(handler=_data_command, data_parser=parser)


def _data_command(args: argparse.Namespace) -> int:
    data = _data()
    if args.action == "label":
        return _label(args, data)
    if args.action == "show":
        return _show(args, data)
    if args.action in ("korf100", "korf50"):
        sets = data.korf100() if args.action == "korf100" else data.korf50()
        for tiles, length in zip(sets.boards.tolist(), sets.lengths.tolist()):
            print(length, " ".join(map(str, tiles)))
        return EXIT_OK
    args.data_parser.print_help()
    return EXIT_OK


def _file_boards(name: str) -> list[str]:
    try:
        if name == "-":
            text = standard_input("the boards").read()
        else:
            with open(name, encoding="utf-8") as handle:
                text = handle.read()
    except OSError as error:
        raise CommandError(f"cannot read {name}: {error.strerror or error}") from None
    except UnicodeDecodeError:
        raise CommandError(f"cannot read {name}: it is not UTF-8 text") from None
    return [line.strip() for line in text.splitlines() if line.strip() and line[0] != "#"]


def _label(args: argparse.Namespace, data: Any) -> int:
    drawn = [args.random, args.walks, args.distance]
    if args.file is not None and any(d is not None for d in drawn):
        raise CommandError("give either FILE or --random/--walks/--distance, not both")
    boards: Any
    if args.file is not None:
        boards = _file_boards(args.file)
        if not boards:
            raise CommandError(f"{args.file} holds no boards")
    elif args.random is not None:
        boards = data.random_boards(args.random, args.shape, goal=args.goal, seed=args.seed)
    elif args.walks is not None:
        boards = data.random_walks(
            args.walks, args.shape, args.moves, goal=args.goal, seed=args.seed
        )
    elif args.distance is not None:
        with Progress("breadth-first layers", unit="boards", delay=1.0) as layers:  # 11-12 cells
            boards = data.at_distance(
                args.count,
                args.shape,
                args.distance,
                goal=args.goal,
                seed=args.seed,
                progress=lambda done, total: layers.update(done, total),
            )
    else:
        raise CommandError("no boards: give FILE, --random N, --walks N or --distance D")
    shape_given = None if args.file is not None else args.shape
    began = time.monotonic()
    with Progress("labelling", total=len(boards), unit="boards") as bar:
        labels = data.cost_to_go(
            boards,
            args.goal,
            workers=args.workers,
            shape=shape_given,
            progress=lambda done, total: bar.update(done, total),
        )
    path = labels.save(args.output)
    seconds = time.monotonic() - began
    print(
        f"labelled {len(labels):,} boards on the optimal solutions of {len(boards):,} "
        f"(distances {_spread(labels)}) in {seconds:.1f} s: {path}"
    )
    return EXIT_OK


def _spread(labels: Any) -> str:
    if not len(labels):
        return "none"
    d = labels.distances
    return f"0-{int(d.max())}, mean {float(d.mean()):.1f}"


def _show(args: argparse.Namespace, data: Any) -> int:
    try:
        labels = data.load(args.path)
    except FileNotFoundError:
        raise CommandError(f"cannot read {args.path}: no such file") from None
    rows, cols = labels.shape
    sources = len(set(labels.sources.tolist()))
    print(f"{args.path}: {len(labels):,} boards {rows}x{cols} from {sources:,} solutions")
    print(f"goal: {labels.goal_board.to_text()}")
    print(f"distances: {_spread(labels)}")
    return EXIT_OK
