"""Which tiles share a table: named partitions of a goal's tiles into disjoint groups.

>>> partition(4, 4, Board.goal(4, 4, blank="first"), "5-5-5")
((1, 2, 3, 6, 7), (4, 5, 8, 9, 12), (10, 11, 13, 14, 15))

4x4 partitions are templates for a blank in a corner, turned by the board's
symmetries to the goal's corner; other shapes split the tiles in goal reading
order. `resolve` turns what a caller gave (a name or custom groups, a goal or
none) into the checked goal, name and groups every other module works with.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from slidingtiles._board.board import Board
from slidingtiles._board.geometry import transpose_cell
from slidingtiles._engine import dispatch
from slidingtiles._engine.indexing import encoding_for

__all__ = [
    "check_groups",
    "check_shape",
    "default_partition_name",
    "goal_tuple",
    "partition",
    "partition_names",
    "resolve",
]

# 4x4 templates as goal cells, for a goal with the blank in cell 0 (Korf's convention).
_TEMPLATES_4X4: dict[str, tuple[tuple[int, ...], ...]] = {
    # Two vertical 6-tile blocks touching the blank, the 3 tiles farthest from it: 2.7x fewer
    # nodes on Korf's 100 than the 3 tiles beside the blank (docs/pattern-databases.md).
    "6-6-3": ((1, 4, 5, 8, 9, 12), (2, 3, 6, 7, 10, 11), (13, 14, 15)),
    "5-5-5": ((1, 2, 3, 6, 7), (4, 5, 8, 9, 12), (10, 11, 13, 14, 15)),
    "7-8": ((1, 2, 3, 4, 5, 6, 7), (8, 9, 10, 11, 12, 13, 14, 15)),
}


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
    return ["default"]


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


def _symmetries(rows: int, cols: int) -> list[Callable[[int], int]]:
    """Cell maps of the board's symmetries (8 on a square, 4 otherwise)."""
    maps: list[Callable[[int], int]] = []
    for flip_r in (False, True):
        for flip_c in (False, True):

            def m(cell: int, fr: bool = flip_r, fc: bool = flip_c) -> int:
                r, c = divmod(cell, cols)
                return (rows - 1 - r if fr else r) * cols + (cols - 1 - c if fc else c)

            maps.append(m)
    if rows == cols:
        for f in list(maps):

            def t(cell: int, f: Callable[[int], int] = f) -> int:
                return transpose_cell(f(cell), rows)

            maps.append(t)
    return maps


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
    blank = goal_tiles.index(0)
    if name == "perfect":
        return (tuple(t for t in goal_tiles if t),)
    # Read at call time: under "auto" the dispatcher falls back to Python when numba fails.
    if name == "7-8" and dispatch.IMPLEMENTATION != "numba":
        raise ValueError(
            "the 7-8 partition needs 4-bit tables of 519 million + 58 million entries, built "
            'and searched by the numba backend: pip install "slidingtiles[fast]"; or use 6-6-3'
        )
    if name in _TEMPLATES_4X4:
        template = _TEMPLATES_4X4[name]
        for sym in _symmetries(rows, cols):
            if sym(0) == blank:
                return tuple(tuple(goal_tiles[sym(c)] for c in g) for g in template)
        # Blank not in a corner: the corner's cell takes the blank cell's place.
        return tuple(
            tuple(goal_tiles[0] if c == blank else goal_tiles[c] for c in g) for g in template
        )
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
) -> tuple[tuple[int, ...], str, tuple[tuple[int, ...], ...]]:
    """Return the goal's tiles, the partition's name and its groups, all checked.

    >>> resolve(2, 2, None, "default", [(1,), (2, 3)])
    ((1, 2, 3, 0), 'custom', ((1,), (2, 3)))

    Custom ``groups`` are named ``"custom"`` unless ``name`` says otherwise;
    without them ``name`` picks a named partition (``"default"`` becomes the
    shape's default name).
    """
    check_shape(rows, cols)
    goal_tiles = goal_tuple(rows, cols, goal)
    if groups is not None:
        grouping = check_groups(groups, goal_tiles)
        return goal_tiles, ("custom" if name == "default" else name), grouping
    grouping = partition(rows, cols, goal_tiles, name)
    return goal_tiles, (default_partition_name(rows, cols) if name == "default" else name), grouping
