"""Which tables ``heuristic="pdb"`` (and ``"auto"``) uses, per implementation: a declared table.

>>> preferred_partition(3, 3), preferred_partition(3, 4)
('perfect', 'default')

`TABLES` lists, per implementation and shape, the partitions to use, strongest
first. Each is `READY` (used when its tables are in memory, in the cache or
shipped with the package, never built unasked: the builds that take minutes
and gigabytes) or `BUILD` (also built on first use, announced by a
`TableBuildWarning`, when building is allowed). `table_choice` takes the first
that is ready, else the first `BUILD` one; a shape not listed uses its default
partition (`BUILD`). The reasons, measured (docs/pattern-databases.md, "Which
tables solve uses"), are beside each entry.
"""

from __future__ import annotations

import functools
import os
from collections.abc import Sequence
from pathlib import Path

import attrs

from slidingtiles._board.board import Board
from slidingtiles._engine import dispatch
from slidingtiles._heuristics._pdb.partition import default_partition_name
from slidingtiles._heuristics._pdb.store import cache_dir as store_cache_dir
from slidingtiles._heuristics._pdb.store import is_cached, table_path

__all__ = [
    "BUILD",
    "READY",
    "TABLES",
    "TableChoice",
    "choices",
    "first_use_partition",
    "preferred_partition",
    "table_choice",
]

#: Used when its tables are in memory, cached or shipped; never built unasked.
READY = "ready"
#: Also built on first use (announced), where building implicitly is allowed.
BUILD = "build"

#: Per (implementation, rows, cols): the partitions ``heuristic="pdb"`` uses, strongest first.
TABLES: dict[tuple[str, int, int], tuple[tuple[str, str], ...]] = {
    # 7-8 (zero-aware, 4-bit): Korf's 100 in 1.3 million nodes, 0.45 s, against 30.6 million and
    # 1.3 s with 6-6-3; but its build takes 4 minutes and 5.9 GB: used when cached. The 6-6-3
    # tables ship with the package.
    ("numba", 4, 4): (("7-8", READY), ("6-6-3", BUILD)),
    # Pure Python searches 7-8 node by node (7.2 s of CPU on Korf's 100) where the 6-6-3 tables
    # go through the batched numpy kernel (3 s): never 7-8.
    ("python", 4, 4): (("6-6-3", BUILD),),
    # Two 7-tile column blocks: 72-move positions in 14 thousand nodes where the default 5-5-4
    # takes 3.8 million, for a half-minute build.
    ("numba", 3, 5): (("7-7", BUILD),),
    ("numba", 5, 3): (("7-7", BUILD),),
    # Two column blocks of 7 and 6: 91-move positions in 91 nodes against 21 million; 20 s.
    ("numba", 2, 7): (("7-6", BUILD),),
    ("numba", 7, 2): (("7-6", BUILD),),
    # 8-7: 5 minutes and 4 GB to build: when cached; the default (5-5-5) otherwise.
    ("numba", 2, 8): (("8-7", READY), ("default", BUILD)),
    ("numba", 8, 2): (("8-7", READY), ("default", BUILD)),
    # Pure Python cannot build the rectangles' perm-ranked tables, but searches them node by node
    # when numba has built them, far faster than its defaults: a 76-move 3x5 position in 1.8 s
    # with 7-7 (not solved in 90 s with 5-5-4), ten random 2x7 boards in 0.05 s (23 s).
    ("python", 3, 5): (("7-7", READY), ("default", BUILD)),
    ("python", 5, 3): (("7-7", READY), ("default", BUILD)),
    ("python", 2, 7): (("7-6", READY), ("default", BUILD)),
    ("python", 7, 2): (("7-6", READY), ("default", BUILD)),
    ("python", 2, 8): (("8-7", READY), ("default", BUILD)),
    ("python", 8, 2): (("8-7", READY), ("default", BUILD)),
    # 5x5: Korf & Felner's 6-6-6-6 maxed with partition 6 of Clausecker's small catalogue (a table
    # set: 7 tables, 892 MB; built on first use: 270 s of CPU, 2.8 GB at peak). Korf & Felner's
    # five easiest in 0.43 of the nodes and 0.76 of the CPU of 6-6-6-6 alone, their ten easiest in
    # 0.53 of the nodes and about the same CPU; more partitions take fewer nodes still but more
    # CPU (docs/measurements/table-sets.md). Where the set is not cached a cached 6-6-6-6 is used.
    ("numba", 5, 5): (("6-6-6-6+6", BUILD), ("6-6-6-6", READY)),
    # Pure Python searches whichever numba built (it cannot build them), the set first.
    ("python", 5, 5): (("6-6-6-6+6", READY), ("6-6-6-6", READY), ("6-6-6-6", BUILD)),
    # 6x6: seven 5-tile tables (5x7: 158 s of CPU, 1.5 GB at peak, 317 MB on disk) when cached;
    # about 7 moves over Manhattan on DeepCubeA-like boards against the default's 4-tile groups
    # (docs/mid-size.md). Never built unasked; the short answers use them when cached, for their
    # bound, weighted IDA* and the answer's tail (a beam ranked by them is no shorter than by
    # linear conflicts, at a third of the speed).
    ("numba", 6, 6): (("5x7", READY), ("default", BUILD)),
    ("python", 6, 6): (("5x7", READY), ("default", BUILD)),
    # 7x7: nine 5-tile tables and one of 3 (5x9-3: 600 s of CPU, 6.6 GB at peak, 1.03 GB on
    # disk) when cached; they bound no better than linear conflicts on DeepCubeA-like boards
    # (docs/mid-size.md), so nothing builds them unasked.
    ("numba", 7, 7): (("5x9-3", READY), ("default", BUILD)),
}


def choices(rows: int, cols: int) -> tuple[tuple[str, str], ...]:
    """The declared partitions for this shape under the active implementation, names resolved.

    >>> choices(3, 4)
    (('default', 'build'),)
    """
    return _choices(dispatch.IMPLEMENTATION, rows, cols)


@functools.lru_cache(maxsize=64)
def _choices(implementation: str, rows: int, cols: int) -> tuple[tuple[str, str], ...]:
    listed = TABLES.get((implementation, rows, cols), (("default", BUILD),))
    default = default_partition_name(rows, cols)
    return tuple((default if name == "default" else name, when) for name, when in listed)


@attrs.frozen
class TableChoice:
    """The partition a solve uses for a goal, and whether its tables are ready.

    Attributes:
        name: the partition's name.
        ready: its tables are in memory, in the cache or shipped (nothing to build).
        path: its table file in the cache.
    """

    name: str
    ready: bool
    path: Path


def table_choice(
    rows: int,
    cols: int,
    goal: Sequence[int] | Board | None = None,
    *,
    cache_dir: str | os.PathLike[str] | None = None,
) -> TableChoice:
    """Return the partition ``solve(heuristic="pdb")`` uses for this goal: first ready, else built.

    >>> table_choice(3, 3).name, table_choice(3, 3).ready  # the 3x3 table ships
    ('perfect', True)

    Cost: a few dictionary lookups per declared partition, and a ``stat`` of
    the cache file for one neither in memory nor shipped. Raises ValueError
    when no partition fits the board.
    """
    first_build: TableChoice | None = None
    cache_dir = store_cache_dir(cache_dir)  # the environment read once
    for name, when in choices(rows, cols):
        if is_cached(rows, cols, goal, name, cache_dir=cache_dir):
            return TableChoice(name, True, table_path(rows, cols, goal, name, cache_dir=cache_dir))
        if when == BUILD and first_build is None:
            path = table_path(rows, cols, goal, name, cache_dir=cache_dir)
            first_build = TableChoice(name, False, path)
    if first_build is None:  # only READY ones declared, none ready: the shape's default
        name = default_partition_name(rows, cols)
        path = table_path(rows, cols, goal, name, cache_dir=cache_dir)
        first_build = TableChoice(name, False, path)
    return first_build


def preferred_partition(
    rows: int,
    cols: int,
    goal: Sequence[int] | Board | None = None,
    *,
    use: str = "solve",
    cache_dir: str | os.PathLike[str] | None = None,
) -> str:
    """Return the partition ``solve(heuristic="pdb")`` uses: the strongest one ready to use.

    >>> preferred_partition(4, 4) in ("6-6-3", "7-8")
    True
    >>> preferred_partition(4, 4, use="build"), preferred_partition(3, 4, use="default")
    ('6-6-3', 'default')

    The one public answer to "which partition" (`slidingtiles.pdb`): ``use="solve"``
    (the default) is the partition a search uses now; ``use="build"`` the one a
    first use builds (`first_use_partition`, what ``slidingtiles pdb build
    SHAPE`` builds); ``use="default"`` the shape's default whatever is cached
    (`default_partition_name`). Raises ValueError naming any other ``use``.

    The first of the shape's declared partitions (`TABLES`, per implementation)
    whose tables are in memory, cached or shipped; else the one a first use
    builds. Under numba: ``"7-8"`` on 4x4 when cached (about 17x fewer nodes
    than 6-6-3, never built unasked: minutes), ``"7-7"`` on 3x5 and 5x3 and
    ``"7-6"`` on 2x7 and 7x2 (built on first use), ``"8-7"`` on 2x8 and 8x2 when
    cached. In pure Python, and on other shapes, the shape's default.
    """
    if use == "build":
        return first_use_partition(rows, cols)
    if use == "default":
        return default_partition_name(rows, cols)
    if use != "solve":
        raise ValueError(f"use must be 'solve', 'build' or 'default', not {use!r}")
    return table_choice(rows, cols, goal, cache_dir=cache_dir).name


def first_use_partition(rows: int, cols: int) -> str:
    """Return the partition a first use builds for this shape under the active implementation.

    >>> first_use_partition(4, 4), first_use_partition(3, 4)
    ('6-6-3', 'default')

    The first declared partition that is built on first use (`TABLES`): what
    ``slidingtiles pdb build SHAPE`` builds by default, so that a table built
    ahead of time is the one `solve` then uses (under numba, 3x5's 7-7 rather
    than its reading-order default).
    """
    for name, when in choices(rows, cols):
        if when == BUILD:
            return name
    return default_partition_name(rows, cols)
