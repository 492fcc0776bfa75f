"""Which tiles share a table: named partitions of a goal's tiles into disjoint groups.

>>> partition(4, 4, Board.goal(4, 4, blank="first"), "5-5-5")
((1, 2, 3, 6, 7), (4, 5, 8, 9, 12), (10, 11, 13, 14, 15))

Tables are built for canonical goals only (`slidingtiles._board.symmetry`:
tiles in reading order, the blank in the least cell of its orbit under the
board's turns and mirrors), so partitions are defined on those: 4x4
partitions are templates for the blank in the corner cell 0; other shapes
split the tiles in goal reading order. `resolve` turns what a caller gave (a
name or custom groups, a goal or none) into the goal's `Frame`, the name, and
the groups in canonical labels, all checked.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Sequence

from slidingtiles._accel import PIP_FAST
from slidingtiles._board.board import Board
from slidingtiles._board.symmetry import Frame, frame_for
from slidingtiles._engine import dispatch
from slidingtiles._engine.indexing import (
    PERM,
    PERM_ZERO,
    PERM_ZERO2,
    U4_EXCESS,
    U8_MOVES,
    encoding_for,
)

__all__ = [
    "NUMBA_PARTITIONS",
    "SETS_5X5",
    "check_groups",
    "check_shape",
    "companions",
    "default_partition_name",
    "goal_tuple",
    "numba_encoding",
    "numba_entry",
    "partition",
    "partition_names",
    "resolve",
    "stored_groups",
]

# 4x4 templates as goal cells, for a goal with the blank in cell 0 (Korf's convention).
_TEMPLATES_4X4: dict[str, tuple[tuple[int, ...], ...]] = {
    # Two vertical 6-tile blocks touching the blank, the 3 tiles farthest from it: 2.7x fewer
    # nodes on Korf's 100 than the 3 tiles beside the blank (docs/pattern-databases.md).
    "6-6-3": ((1, 4, 5, 8, 9, 12), (2, 3, 6, 7, 10, 11), (13, 14, 15)),
    "5-5-5": ((1, 2, 3, 6, 7), (4, 5, 8, 9, 12), (10, 11, 13, 14, 15)),
    "7-8": ((1, 2, 3, 4, 5, 6, 7), (8, 9, 10, 11, 12, 13, 14, 15)),
}
# Wide-rectangle templates as goal cells, blank in cell 0; the tall shapes use them transposed.
# Two column blocks, measured on the standard goal turned 180 degrees (docs/pattern-databases.md):
# 3x5 7-7: 13,872 nodes against 3.8 million for the default 5-5-4 (and 92,979 for two row
# blocks); 2x7 7-6: 91 nodes against 21 million for the default.
_TEMPLATES_WIDE: dict[tuple[int, int], dict[str, tuple[tuple[int, ...], ...]]] = {
    (3, 5): {"7-7": ((1, 2, 5, 6, 7, 10, 11), (3, 4, 8, 9, 12, 13, 14))},
    (2, 7): {"7-6": ((1, 2, 3, 7, 8, 9, 10), (4, 5, 6, 11, 12, 13))},
    # 2x8 8-7: 120 nodes for the 120 moves of the turned goal (the default: unsolved in 5 min).
    (2, 8): {"8-7": ((1, 2, 3, 8, 9, 10, 11, 12), (4, 5, 6, 7, 13, 14, 15))},
}
# -- 5x5, the 24-puzzle (issue 12) ---------------------------------------------------------------
# Goal cells with the blank in cell 0. Korf & Felner's 6-6-6-6 ("Disjoint pattern database
# heuristics", Artificial Intelligence 134, 2002), maxed with its reflection about the main
# diagonal: four 6-tile tables of 127.5 million placements, 4 bits each (64 MB per table).
_TEMPLATES_5X5: dict[str, tuple[tuple[int, ...], ...]] = {
    "6-6-6-6": (
        (1, 2, 5, 6, 7, 12),
        (3, 4, 8, 9, 13, 14),
        (10, 11, 15, 16, 20, 21),
        (17, 18, 19, 22, 23, 24),
    ),
}
# More partitions of the 24-puzzle's tiles into 6-tile groups, maxed with Korf & Felner's (each
# with its reflection too): the other six of Clausecker's "small" catalogue (the repository
# clausecker/24puzzle, catalogues/small-t.cat, whose partition 0 is Korf & Felner's), written in
# the orientation (transposed) in which the seven share the most groups: 14 distinct tables, 4 of
# them Korf & Felner's.
_COMPANIONS_5X5: tuple[tuple[tuple[int, ...], ...], ...] = (
    ((1, 2, 5, 6, 7, 10), (11, 12, 15, 16, 20, 21), (17, 18, 19, 22, 23, 24), (3, 4, 8, 9, 13, 14)),
    ((1, 2, 5, 6, 7, 12), (10, 11, 15, 16, 20, 21), (3, 8, 13, 17, 18, 22), (4, 9, 14, 19, 23, 24)),
    ((1, 2, 5, 6, 7, 10), (11, 12, 15, 16, 20, 21), (3, 8, 13, 17, 18, 22), (4, 9, 14, 19, 23, 24)),
    ((1, 2, 3, 4, 5, 6), (10, 11, 15, 16, 20, 21), (7, 8, 9, 12, 13, 14), (17, 18, 19, 22, 23, 24)),
    ((1, 2, 5, 6, 7, 10), (15, 20, 21, 22, 23, 24), (11, 12, 16, 17, 18, 19), (3, 4, 8, 9, 13, 14)),
    ((1, 2, 3, 4, 5, 6), (10, 11, 15, 16, 20, 21), (7, 8, 12, 13, 17, 18), (9, 14, 19, 22, 23, 24)),
)
#: The 5x5 table sets that max several partitions: per name, the first partition (the database's
#: own groups: 6-6-6-6) and the companions (indices into `_COMPANIONS_5X5`, 1-based as in the
#: catalogue) maxed with it. Measured on Korf & Felner's five easiest (docs/measurements/tables.md,
#: "The 24-puzzle's table sets", `benchmarks/table_catalogue.py`).
SETS_5X5: dict[str, tuple[str, tuple[int, ...]]] = {
    # Two partitions, 7 tables (892 MB): Korf & Felner's five easiest in 0.43 of the nodes of
    # 6-6-6-6 alone and 0.76 of its CPU (four lookups a node instead of two).
    "6-6-6-6+6": ("6-6-6-6", (6,)),
    # Three, 9 tables (1.15 GB): 0.32 of the nodes, 0.87 of the CPU (six lookups run the loop
    # that is not compiled apart for its number of lookups).
    "6-6-6-6+6+1": ("6-6-6-6", (6, 1)),
    # All seven, 14 tables (1.79 GB): 0.38 of the nodes (more than three: #32's last iteration
    # went worse), 2.3 times the CPU.
    "small-7": ("6-6-6-6", (1, 2, 3, 4, 5, 6)),
}
# -- 6x6 and 7x7 (issue 35) ---------------------------------------------------------------------
# Goal cells with the blank in cell 0: compact blocks of 5 tiles (6x6: seven tables of
# 36!/31! = 45.2 million placements, a byte each).
_TEMPLATES_MID: dict[tuple[int, int], dict[str, tuple[tuple[int, ...], ...]]] = {
    (6, 6): {
        "5x7": (
            (1, 2, 6, 7, 8),
            (3, 4, 5, 9, 10),
            (11, 16, 17, 22, 23),
            (12, 13, 14, 18, 19),
            (15, 20, 21, 26, 27),
            (24, 25, 30, 31, 32),
            (28, 29, 33, 34, 35),
        ),
    },
    # 7x7: nine 5-tile blocks and one of 3 (49!/44! = 228.8 million placements each, 4 bits).
    (7, 7): {
        "5x9-3": (
            (1, 2, 7, 8, 9),
            (3, 4, 5, 10, 11),
            (6, 12, 13),
            (14, 15, 21, 22, 28),
            (16, 17, 18, 23, 24),
            (19, 20, 26, 27, 33),
            (25, 30, 31, 32, 37),
            (29, 35, 36, 42, 43),
            (34, 40, 41, 47, 48),
            (38, 39, 44, 45, 46),
        ),
    },
}
# Shapes whose numba-only tables the pure-Python kernels search too, once built by numba: node
# by node, but on the rectangles far fewer nodes than the defaults' (a 76-move 3x5 in 1.8 s with
# 7-7 against over 90 s with 5-5-4; ten random 2x7 boards in 0.05 s with 7-6 against 23 s).
_PYTHON_SEARCHED = {(5, 5), (3, 5), (5, 3), (2, 7), (7, 2), (2, 8), (8, 2), (6, 6)}

#: The partitions built and searched by the numba backend only (perm-ranked tables too large for
#: pure Python), and what their entries hold: 4 bits over Manhattan where that fits, else bytes.
NUMBA_PARTITIONS: dict[tuple[int, int], tuple[str, str]] = {
    (4, 4): ("7-8", U4_EXCESS),
    (3, 5): ("7-7", U4_EXCESS),
    (5, 3): ("7-7", U4_EXCESS),
    (2, 7): ("7-6", U8_MOVES),  # narrow boards: excesses over Manhattan beyond 4 bits
    (7, 2): ("7-6", U8_MOVES),
    (2, 8): ("8-7", U8_MOVES),
    (8, 2): ("8-7", U8_MOVES),
    (5, 5): ("6-6-6-6", U4_EXCESS),
    (6, 6): ("5x7", U8_MOVES),
    (7, 7): ("5x9-3", U4_EXCESS),
}


def numba_entry(rows: int, cols: int, name: str) -> str | None:
    """The entry type of a numba-only partition (perm-ranked tables), or None for the others.

    >>> numba_entry(4, 4, "7-8"), numba_entry(4, 4, "6-6-3"), numba_entry(7, 2, "7-6")
    ('u4-excess', None, 'u8-moves')
    """
    found = NUMBA_PARTITIONS.get((rows, cols))
    if found is not None and (rows, cols) == (5, 5) and name in SETS_5X5:
        return found[1]  # a set of partitions maxed: the 6-6-6-6 tables' entries
    return found[1] if found is not None and found[0] == name else None


#: The numba partitions whose tables are zero-aware (a value per region of the blank among each
#: group's free cells, after Clausecker & Reinefeld), and how many region slots they keep.
_ZERO_AWARE: dict[tuple[int, int, str], str] = {
    # Korf's 100: 1.28 million nodes instead of 2.20 million with plain perm tables.
    (4, 4, "7-8"): PERM_ZERO,
    # 95 % of the ways to place 6 tiles on 5x5 leave at most two regions: two slots, 510 MB.
    (5, 5, "6-6-6-6"): PERM_ZERO2,
    # The 84-move 3x5 position (the diameter): 426 million nodes and 46 s of CPU instead of
    # 705 million and 61 s, for 130 MB instead of 32 MB.
    (3, 5, "7-7"): PERM_ZERO,
    (5, 3, "7-7"): PERM_ZERO,
}


def numba_encoding(rows: int, cols: int, name: str) -> str:
    """The index encoding of a numba-only partition's tables: zero-aware on 4x4, 5x5 and 3x5.

    >>> numba_encoding(4, 4, "7-8"), numba_encoding(5, 5, "6-6-6-6"), numba_encoding(2, 7, "7-6")
    ('perm-zero', 'perm-zero2', 'perm')

    These tables keep a value per region of the blank among each group's free
    cells (Clausecker & Reinefeld's zero-aware tables): four slots on 4x4's
    7-8 and 3x5's 7-7 (`indexing.PERM_ZERO`), two on 5x5's 6-6-6-6
    (`indexing.PERM_ZERO2`); the reasons, measured, are at `_ZERO_AWARE`.
    """
    if (rows, cols) == (5, 5) and name in SETS_5X5:
        name = SETS_5X5[name][0]
    return _ZERO_AWARE.get((rows, cols, name), PERM)


def _templates(rows: int, cols: int) -> dict[str, tuple[tuple[int, ...], ...]]:
    """The shape's templates (goal cells, blank in cell 0), turned to the shape."""
    if (rows, cols) == (4, 4):
        return _TEMPLATES_4X4
    if (rows, cols) == (5, 5):  # a set of partitions: its first one's groups are the database's
        sets = {name: _TEMPLATES_5X5[first] for name, (first, _) in SETS_5X5.items()}
        return _TEMPLATES_5X5 | sets
    if (rows, cols) in _TEMPLATES_WIDE:
        return _TEMPLATES_WIDE[rows, cols]
    if (rows, cols) in _TEMPLATES_MID:
        return _TEMPLATES_MID[rows, cols]
    if (cols, rows) in _TEMPLATES_WIDE:  # cell (r, c) of the wide shape is cell (c, r) here
        return {
            name: tuple(tuple((x % rows) * cols + x // rows for x in g) for g in groups)
            for name, groups in _TEMPLATES_WIDE[cols, rows].items()
        }
    return {}


def partition_names(rows: int, cols: int) -> list[str]:
    """Return the named partitions for a shape, the default first.

    >>> partition_names(4, 4)
    ['6-6-3', '5-5-5', '7-8']
    >>> partition_names(3, 3)
    ['perfect']
    """
    check_shape(rows, cols)
    if rows * cols <= 9:
        return ["perfect"]
    if (rows, cols) == (4, 4):
        return ["6-6-3", "5-5-5", "7-8"]
    if (rows, cols) == (5, 5):
        return [*_TEMPLATES_5X5, *SETS_5X5]
    return ["default", *_templates(rows, cols)]


def default_partition_name(rows: int, cols: int) -> str:
    """Return the default partition's name: ``perfect`` up to 9 cells, ``6-6-3`` on 4x4.

    >>> default_partition_name(4, 4), default_partition_name(3, 4)
    ('6-6-3', 'default')
    """
    return partition_names(rows, cols)[0]


def check_shape(rows: object, cols: object) -> None:
    """Raise ValueError unless rows and cols are positive ints with a tile to move.

    >>> check_shape(1, 1)
    Traceback (most recent call last):
    ValueError: a 1x1 board has no tile to move
    """
    for value in (rows, cols):
        if isinstance(value, bool) or not isinstance(value, int) or value < 1:
            raise ValueError(f"rows and cols must be positive ints, not {rows!r} x {cols!r}")
    if rows * cols < 2:  # type: ignore[operator]
        raise ValueError(f"a {rows}x{cols} board has no tile to move")


def partition(
    rows: int, cols: int, goal: Sequence[int] | Board | None = None, name: str = "default"
) -> tuple[tuple[int, ...], ...]:
    """Return a named partition of the goal's tiles into groups (tuples of tile numbers).

    >>> partition(4, 4, Board.goal(4, 4, blank="first"), "6-6-3")
    ((1, 4, 5, 8, 9, 12), (2, 3, 6, 7, 10, 11), (13, 14, 15))
    >>> partition(3, 3)
    ((1, 2, 3, 4, 5, 6, 7, 8),)

    ``"default"`` is the shape's default: ``perfect`` (one group of every
    tile) up to 9 cells, ``6-6-3`` on 4x4, otherwise the tiles in goal
    reading order split into balanced groups as large as a table of at most
    2**24 entries allows (6 tiles on 3x4, 5 on 4x5). 4x4 templates are given
    for the blank in a corner and turned to the goal's corner; for a blank
    elsewhere the template cell under the blank swaps with the corner.
    ``"7-8"`` is refused: its 8-tile table (16**8 entries) is too large to
    build in pure Python. Raises ValueError naming an unknown partition.
    """
    check_shape(rows, cols)
    goal_tiles = goal_tuple(rows, cols, goal)
    cells = rows * cols
    names = partition_names(rows, cols)
    if name == "default":
        name = names[0]
    if name not in names:
        raise ValueError(
            f"unknown partition {name!r} for {rows}x{cols}; choose from {', '.join(names)}"
        )
    if name == "perfect":
        return (tuple(t for t in goal_tiles if t),)
    # Read at call time: under "auto" the dispatcher falls back to Python when numba fails.
    if (
        numba_entry(rows, cols, name)
        and dispatch.IMPLEMENTATION != "numba"
        and (rows, cols) not in _PYTHON_SEARCHED  # built by numba, searched by either
    ):
        raise ValueError(
            f"the {rows}x{cols} {name} partition needs perm-ranked tables of tens or hundreds "
            f"of millions of entries, built and searched by the numba backend: {PIP_FAST}; "
            f"or use {names[0]}"
        )
    templates = _templates(rows, cols)
    if name in templates:
        return _placed(rows, cols, goal_tiles, templates[name])
    # "default" on other shapes: balanced groups in goal reading order.
    size = 1
    while size < 7 and cells ** (size + 1) <= (1 << 24):
        size += 1
    tiles = [t for t in goal_tiles if t]
    count = -(-len(tiles) // size)
    groups, start = [], 0
    for i in range(count):
        n = len(tiles) // count + (1 if i < len(tiles) % count else 0)
        groups.append(tuple(tiles[start : start + n]))
        start += n
    return tuple(groups)


def _placed(
    rows: int, cols: int, goal_tiles: tuple[int, ...], template: tuple[tuple[int, ...], ...]
) -> tuple[tuple[int, ...], ...]:
    """A template's groups (goal cells, blank in cell 0) as the tiles of this goal."""
    frame = frame_for(rows, cols, goal_tiles)
    if frame.canonical_goal[0] == 0:  # blank in a corner: the template turned to it
        back = {c: x for x, c in enumerate(frame.symmetry.cells)}
        return tuple(tuple(goal_tiles[back[c]] for c in g) for g in template)
    # Blank not in a corner: the corner's cell takes the blank cell's place.
    blank = goal_tiles.index(0)
    return tuple(tuple(goal_tiles[0] if c == blank else goal_tiles[c] for c in g) for g in template)


def companions(
    rows: int, cols: int, goal: Sequence[int] | Board | None, name: str
) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """Return the partitions a named table set maxes with its own groups (none for the others).

    >>> [len(p) for p in companions(5, 5, Board.goal(5, 5, blank="first"), "6-6-6-6+6")]
    [4]
    >>> companions(4, 4, None, "6-6-3")
    ()

    A set (`SETS_5X5`: ``"6-6-6-6+6"``, ``"small-7"``, ...) is the 6-6-6-6
    partition (`partition` gives its groups) and more partitions of the same
    tiles, each a tuple of groups of this goal's tiles; the heuristic is the
    largest sum over them all (and their reflections). Every other name has
    none.
    """
    check_shape(rows, cols)
    if (rows, cols) != (5, 5) or name not in SETS_5X5:
        return ()
    goal_tiles = goal_tuple(rows, cols, goal)
    return tuple(_placed(rows, cols, goal_tiles, _COMPANIONS_5X5[m - 1]) for m in SETS_5X5[name][1])


def stored_groups(
    rows: int, cols: int, goal: Sequence[int] | Board | None = None, name: str = "default"
) -> tuple[tuple[int, ...], ...]:
    """Return every group whose table a named partition or table set holds, each once.

    >>> len(stored_groups(5, 5, None, "6-6-6-6")), len(stored_groups(5, 5, None, "small-7"))
    (4, 14)

    The partition's own groups (`partition`), then the groups of its
    companions (`companions`) not among them: what its build builds and its
    file holds, in that order.
    """
    stored = list(partition(rows, cols, goal, name))
    for groups in companions(rows, cols, goal, name):
        stored.extend(g for g in groups if g not in stored)
    return tuple(stored)


def goal_tuple(rows: int, cols: int, goal: Sequence[int] | Board | None) -> tuple[int, ...]:
    """Return the goal's tiles (the standard goal for None), checked against the shape.

    >>> goal_tuple(2, 2, None), goal_tuple(2, 2, [0, 1, 2, 3])
    ((1, 2, 3, 0), (0, 1, 2, 3))
    """
    if goal is None:
        return Board.goal(rows, cols).tiles
    if isinstance(goal, Board):
        if goal.shape != (rows, cols):
            raise ValueError(f"goal is {goal.rows}x{goal.cols}, not {rows}x{cols}")
        return goal.tiles
    tiles = tuple(goal)
    if sorted(tiles) != list(range(rows * cols)):
        raise ValueError(f"goal {tiles!r} is not a permutation of 0..{rows * cols - 1}")
    return tiles


def check_groups(
    groups: Iterable[Iterable[int]], goal: tuple[int, ...]
) -> tuple[tuple[int, ...], ...]:
    """Return custom groups as tuples, checked: non-empty, disjoint tiles, tables not too large.

    >>> check_groups([[1], [2, 3]], (1, 2, 3, 0))
    ((1,), (2, 3))

    Raises ValueError for an empty group, a non-tile, a tile in two groups,
    or a group whose table would exceed `MAX_TABLE_ENTRIES`.
    """
    result = tuple(tuple(g) for g in groups)
    seen: set[int] = set()
    for g in result:
        if not g:
            raise ValueError(f"partition {result!r} has an empty group")
        for t in g:
            if isinstance(t, bool) or not isinstance(t, int) or not 0 < t < len(goal):
                raise ValueError(f"partition {result!r}: {t!r} is not a tile of the board")
            if t in seen:
                raise ValueError(f"partition {result!r}: tile {t} is in two groups")
            seen.add(t)
        encoding_for(len(goal), len(g))  # raises if too large
    return result


def resolve(
    rows: int,
    cols: int,
    goal: Sequence[int] | Board | None,
    name: str,
    groups: Iterable[Iterable[int]] | None,
) -> tuple[Frame, str, tuple[tuple[int, ...], ...]]:
    """Return the goal's frame, the partition's name and its groups in canonical labels, checked.

    >>> frame, name, groups = resolve(2, 2, None, "default", [(1,), (2, 3)])
    >>> frame.goal, frame.canonical_goal, name, groups
    ((1, 2, 3, 0), (0, 1, 2, 3), 'custom', ((3,), (2, 1)))

    Custom ``groups`` (tiles of the caller's goal) are named ``"custom"``
    unless ``name`` says otherwise; without them ``name`` picks a named
    partition of the canonical goal (``"default"`` becomes the shape's
    default name). The tables to build or load are those of
    ``frame.canonical_goal`` with these groups.
    """
    check_shape(rows, cols)
    goal_tiles = goal_tuple(rows, cols, goal)
    try:  # what was resolved before is remembered: `solve` asks several times per call
        key = None if groups is None else tuple(tuple(g) for g in groups)
        return _resolved(rows, cols, goal_tiles, name, key, dispatch.IMPLEMENTATION)
    except TypeError:  # unhashable groups or name: resolved (and refused) without the memory
        return _resolve(rows, cols, goal_tiles, name, groups)


@functools.lru_cache(maxsize=256)
def _resolved(
    rows: int,
    cols: int,
    goal_tiles: tuple[int, ...],
    name: str,
    groups: tuple[tuple[int, ...], ...] | None,
    implementation: str,  # part of the key: partitions refused under Python may not be
) -> tuple[Frame, str, tuple[tuple[int, ...], ...]]:
    return _resolve(rows, cols, goal_tiles, name, groups)


def _resolve(
    rows: int,
    cols: int,
    goal_tiles: tuple[int, ...],
    name: str,
    groups: Iterable[Iterable[int]] | None,
) -> tuple[Frame, str, tuple[tuple[int, ...], ...]]:
    frame = frame_for(rows, cols, goal_tiles)
    if groups is not None:
        grouping = frame.groups(check_groups(groups, goal_tiles))
        return frame, ("custom" if name == "default" else name), grouping
    grouping = partition(rows, cols, frame.canonical_goal, name)
    return frame, (default_partition_name(rows, cols) if name == "default" else name), grouping
