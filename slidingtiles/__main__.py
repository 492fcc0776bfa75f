# PYTHON_ARGCOMPLETE_OK  (lets argcomplete's global activation complete this command)
"""``python -m slidingtiles``: the command line (see `slidingtiles._cli`)."""

from __future__ import annotations

import sys
from collections.abc import Sequence

from slidingtiles._cli import main as _cli_main

__all__ = ["main"]


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``slidingtiles`` command line and return its exit code.

    >>> main(["random", "3x3", "--moves", "0"])
    1 2 3/4 5 6/7 8 0
    0
    """
    return _cli_main(argv)


if __name__ == "__main__":
    sys.exit(main())
