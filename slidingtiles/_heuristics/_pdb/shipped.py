"""The tables shipped with the package: packed files, read when the cache has no copy.

>>> [f"{rows}x{cols} {name}" for rows, cols, name in SHIPPED][:2]
['4x4 6-6-3', '3x4 default']

A fresh install solves a 15-puzzle at once: the 4x4 6-6-3 tables (33.6 MB
in memory) ship in the wheel packed to 0.8 MB (`tablefile.write_packed`:
the impossible placements left out, 4 bits an entry, xz), and unpacking
them takes about 0.3 s where building them takes 15-30 s. Every table here
is built for the canonical goal of a corner blank (cell 0), which serves
every goal with the blank in a corner: the standard goal (blank last) and
Korf's (blank first) alike, tiles in any order. Goals with the blank
elsewhere build their tables on first use as before.

`SHIPPED` is the declared list; ``slidingtiles pdb ship`` (`store.ship`)
builds each table with the library's own builder and writes the files of
``data/``, named as the cache names the table plus ``.xz``. A test checks
that every shipped file unpacks to exactly what a fresh build gives.
"""

from __future__ import annotations

import functools
import logging
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from slidingtiles._errors import PatternDatabaseError
from slidingtiles._heuristics._pdb.database import PatternDatabase
from slidingtiles._heuristics._pdb.tablefile import PACKED_SUFFIX, read_packed

__all__ = ["DATA_DIR", "SHIPPED", "SHIPPED_BLANK", "find", "read", "shipped_names"]

#: The tables shipped, as (rows, cols, partition), each for the goal with the blank in cell 0.
#: Chosen by build time against size (docs/pattern-databases.md, "Shipped tables"): the shapes
#: whose default table takes a second or more to build, and 3x3 (the 8-puzzle, 0.4 s).
SHIPPED: tuple[tuple[int, int, str], ...] = (
    (4, 4, "6-6-3"),
    (3, 4, "default"),
    (4, 3, "default"),
    (2, 6, "default"),
    (6, 2, "default"),
    (3, 3, "perfect"),
)
#: The goal cell of the blank in every shipped table: a corner, so both standard goals use them.
SHIPPED_BLANK = 0
#: Where the packed files live, inside the package.
DATA_DIR = Path(__file__).resolve().parent / "data"

_LOG = logging.getLogger("slidingtiles")


@functools.cache
def shipped_names() -> frozenset[str]:
    """The table file names that have a packed copy in `DATA_DIR` (read once per process)."""
    try:
        return frozenset(
            p.name.removesuffix(".xz") for p in DATA_DIR.iterdir() if p.name.endswith(PACKED_SUFFIX)
        )
    except OSError:  # no data directory: an install without the shipped tables
        return frozenset()


def find(name: str) -> Path | None:
    """Return the packed copy of the table file called ``name``, or None when none ships.

    >>> find("4x4-6-6-3-blank5-000000000000-v1.stpdb") is None
    True
    """
    return DATA_DIR / (name + ".xz") if name in shipped_names() else None


def read(name: str, expect: Mapping[str, Any]) -> PatternDatabase | None:
    """Return the shipped table called ``name``, unpacked and verified; None if none ships.

    A damaged packed file (it should not be) is logged as a WARNING and treated
    as absent, so the table is built as if nothing shipped.
    """
    path = find(name)
    if path is None:
        return None
    try:
        return read_packed(path, expect=expect)
    except PatternDatabaseError as problem:
        _LOG.warning("the table shipped with slidingtiles cannot be used: %s", problem)
        return None
