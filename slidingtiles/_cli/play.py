"""The ``play`` command: the sliding-tiles game in a browser, backed by the solver.

>>> import argparse
>>> parser = argparse.ArgumentParser(prog="slidingtiles")
>>> add_play_command(parser.add_subparsers())
>>> args = parser.parse_args(["play", "--no-browser", "--port", "0"])
>>> args.host, args.port, args.browser
('127.0.0.1', 0, False)

The web app is `slidingtiles.play` (Starlette and uvicorn, the ``play`` extra);
this module only reads the options and calls `slidingtiles.play.serve`, which
says in one line what to install when the extra is missing.
"""

from __future__ import annotations

import argparse
import math
import sys

from slidingtiles import play
from slidingtiles._cli.common import (
    EXIT_OK,
    PROG,
    CommandError,
    Formatter,
    Subparsers,
    non_negative_int,
    positive_float,
    positive_int,
)

__all__ = ["add_play_command"]

_PLAY_EPILOG = f"""\
examples:
  slidingtiles play                      # http://127.0.0.1:{play.DEFAULT_PORT}/ in your browser
  slidingtiles play --no-browser --port 0   # any free port; the address is printed
  slidingtiles play --host 0.0.0.0       # reachable from other machines (it warns)

needs the play extra: {play.INSTALL_HINT}
the page: any board from 2x2 to 8x8, numbers, letters, a phrase or your picture; Shuffle,
Reset, Solve (Step, Play, Back), Hint, an editable goal and start. Ctrl-C stops the server.
"""


def _port(text: str) -> int:
    port = non_negative_int(text)
    if port > 65535:
        raise argparse.ArgumentTypeError(f"{text!r} is not a port (0 to 65535)")
    return port


def add_play_command(subparsers: Subparsers) -> None:
    """Add ``play``: serve the game on this machine and open it in a browser (a registrar)."""
    parser = subparsers.add_parser(
        "play",
        help="play the game in a browser, with the solver on hand",
        description="Start the sliding-tiles game (a local web server) and open it in a "
        "browser. Everything the page needs is in the package: it works offline.",
        epilog=_PLAY_EPILOG,
        formatter_class=Formatter,
    )
    parser.add_argument(
        "--host",
        default=play.DEFAULT_HOST,
        help=f"address to listen on (default: {play.DEFAULT_HOST}, this machine only; "
        "any other address is reachable from other machines, and is warned about)",
    )
    parser.add_argument(
        "--port",
        type=_port,
        default=play.DEFAULT_PORT,
        help=f"port to listen on (default: {play.DEFAULT_PORT}; 0: any free port)",
    )
    parser.add_argument(
        "--no-browser",
        dest="browser",
        action="store_false",
        help="do not open a browser; just print the address",
    )
    defaults = play.PlayLimits()
    parser.add_argument(
        "--time-limit",
        type=positive_float,
        default=defaults.time_limit,
        metavar="SECONDS",
        help=f"longest search, per Solve or Hint (default: {defaults.time_limit:g})",
    )
    parser.add_argument(
        "--max-nodes",
        type=positive_int,
        default=defaults.max_nodes,
        metavar="N",
        help="most states one search may expand (default: no limit but the time)",
    )
    parser.set_defaults(handler=_play_command)


def _play_command(args: argparse.Namespace) -> int:
    if not math.isfinite(args.time_limit) or args.time_limit > 3600:
        raise CommandError(f"--time-limit {args.time_limit:g} is over an hour")
    limits = play.PlayLimits(time_limit=args.time_limit, max_nodes=args.max_nodes)
    try:
        play.serve(args.host, args.port, open_browser=args.browser, limits=limits)
    except KeyboardInterrupt:  # Ctrl-C (or SIGTERM) is how the server is meant to stop
        pass
    except play.PlayDependencyError as error:
        raise CommandError(str(error)) from None
    except OSError as error:  # the address is taken or unknown: serve's message names it
        raise CommandError(error.strerror or str(error)) from None
    print(f"{PROG}: the server stopped", file=sys.stderr)
    return EXIT_OK
