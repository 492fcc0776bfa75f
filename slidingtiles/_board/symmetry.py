"""The board's symmetries, and the frame that maps any goal onto the canonical goal of its blank.

>>> frame = frame_for(4, 4, tuple(range(1, 16)) + (0,))  # the standard goal, blank last
>>> frame.symmetry.name, frame.canonical_goal[:4], frame.board(tuple(range(1, 16)) + (0,))[:4]
('rot180', (0, 1, 2, 3), (0, 1, 2, 3))

A pattern table depends on the goal only through where the goal's blank is:
renaming tiles changes no move, so the tables built for one goal serve every
goal with its blank in the same cell once board and goal are relabelled. A
symmetry of the board (the eight turns and mirrors of a square, the 180°
turn and the two mirrors of a rectangle) moves the blank cell too, so one
table serves every cell of the blank's orbit: tables are built only for the
*canonical* goal of each orbit's least cell (`canonical_goal`).

A `Frame` holds the symmetry and the relabelling for one goal. A search in
the canonical frame that tries the blank's directions in the order `Frame.order`
and names each move by the direction it has on the caller's board visits the
caller's search tree node for node, so it returns the same move string and
the same counts as a search on the caller's board would.

Directions are the codes of `geometry.LETTERS`: 0 U, 1 D, 2 L, 3 R.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence

import attrs

__all__ = [
    "IDENTITY_ORDER",
    "Frame",
    "Symmetry",
    "canonical_blank",
    "canonical_goal",
    "frame_for",
    "symmetries",
]

#: The directions in their own order: the frame of a goal that is already canonical.
IDENTITY_ORDER = (0, 1, 2, 3)

_STEPS = ((-1, 0), (1, 0), (0, -1), (0, 1))  # U, D, L, R as (row, column) steps


@attrs.frozen
class Symmetry:
    """One turn or mirror of a rows x cols board, as a map of cells and of directions.

    >>> s = symmetries(2, 3)[1]
    >>> s.name, s.cells, s.order
    ('rot180', (5, 4, 3, 2, 1, 0), (1, 0, 3, 2))

    Attributes:
        name: ``identity``, ``rot180``, ``flip_rows``, ``flip_cols``, and on a
            square also ``transpose``, ``antitranspose``, ``rot90``, ``rot270``.
        cells: ``cells[x]``: where cell x goes.
        order: ``order[k]``: where direction k goes (a move U on the board is
            a move ``LETTERS[order[0]]`` on its image).
    """

    name: str
    cells: tuple[int, ...]
    order: tuple[int, int, int, int]


def _maps(rows: int, cols: int) -> list[tuple[str, Callable[[int, int], tuple[int, int]]]]:
    last_r, last_c = rows - 1, cols - 1
    maps: list[tuple[str, Callable[[int, int], tuple[int, int]]]] = [
        ("identity", lambda r, c: (r, c)),
        ("rot180", lambda r, c: (last_r - r, last_c - c)),
        ("flip_rows", lambda r, c: (last_r - r, c)),
        ("flip_cols", lambda r, c: (r, last_c - c)),
    ]
    if rows == cols:  # the four that swap the axes keep only a square's shape
        maps += [
            ("transpose", lambda r, c: (c, r)),
            ("antitranspose", lambda r, c: (last_c - c, last_r - r)),
            ("rot90", lambda r, c: (c, last_r - r)),
            ("rot270", lambda r, c: (last_c - c, r)),
        ]
    return maps


_SYMMETRIES: dict[tuple[int, int], tuple[Symmetry, ...]] = {}


def symmetries(rows: int, cols: int) -> tuple[Symmetry, ...]:
    """Return the board's symmetries, the identity first (8 on a square, else 4).

    >>> [s.name for s in symmetries(3, 3)][:4], len(symmetries(2, 4))
    (['identity', 'rot180', 'flip_rows', 'flip_cols'], 4)
    """
    cached = _SYMMETRIES.get((rows, cols))
    if cached is None:
        found: list[Symmetry] = []
        for name, f in _maps(rows, cols):
            cells = tuple(
                (lambda rc: rc[0] * cols + rc[1])(f(*divmod(x, cols))) for x in range(rows * cols)
            )
            # The maps are affine: a step's image is the same from every cell.
            r0, c0 = f(0, 0)
            images = [(f(dr, dc)[0] - r0, f(dr, dc)[1] - c0) for dr, dc in _STEPS]
            order = tuple(_STEPS.index(step) for step in images)
            found.append(Symmetry(name, cells, (order[0], order[1], order[2], order[3])))
        _SYMMETRIES[rows, cols] = cached = tuple(found)
    return cached


def canonical_blank(rows: int, cols: int, blank: int) -> int:
    """Return the least cell a symmetry of the board takes ``blank`` to.

    >>> [canonical_blank(3, 3, cell) for cell in range(9)]
    [0, 1, 0, 1, 4, 1, 0, 1, 0]
    """
    return min(s.cells[blank] for s in symmetries(rows, cols))


def canonical_goal(rows: int, cols: int, blank: int) -> tuple[int, ...]:
    """Return the goal the tables of a blank cell are built for: tiles in order, blank at ``blank``.

    >>> canonical_goal(2, 3, 0), canonical_goal(2, 3, 1)
    ((0, 1, 2, 3, 4, 5), (1, 0, 2, 3, 4, 5))
    """
    tiles = list(range(1, rows * cols))
    tiles.insert(blank, 0)
    return tuple(tiles)


@attrs.frozen
class Frame:
    """How one goal maps onto the canonical goal of its blank cell's orbit.

    >>> frame = frame_for(2, 2, (3, 2, 1, 0))
    >>> frame.symmetry.name, frame.canonical_goal, frame.board((3, 2, 0, 1))
    ('rot180', (0, 1, 2, 3), (1, 0, 2, 3))

    Attributes:
        rows: the board's rows (the same in both frames).
        cols: the board's columns (the same in both frames).
        goal: the caller's goal.
        symmetry: the turn or mirror taking the goal's blank to the canonical cell.
        canonical_goal: what the tables were built for.
        relabel: ``relabel[t]``: the canonical label of the caller's tile t.
        sources: ``sources[y]``: the caller's cell that canonical cell y comes from (the
            inverse of ``symmetry.cells``, so `board` is two lookups a cell, in C).
    """

    rows: int
    cols: int
    goal: tuple[int, ...]
    symmetry: Symmetry
    canonical_goal: tuple[int, ...]
    relabel: tuple[int, ...]
    sources: tuple[int, ...]

    @property
    def identity(self) -> bool:
        """True when the goal is canonical already (nothing to map)."""
        return self.goal == self.canonical_goal

    @property
    def order(self) -> tuple[int, int, int, int]:
        """``order[k]``: the canonical direction of the caller's direction k."""
        return self.symmetry.order

    def board(self, tiles: Sequence[int]) -> tuple[int, ...]:
        """Return a board of the caller's frame in the canonical frame (turned and relabelled)."""
        return tuple(map(self.relabel.__getitem__, map(tiles.__getitem__, self.sources)))

    def groups(self, groups: Sequence[Sequence[int]]) -> tuple[tuple[int, ...], ...]:
        """Return tile groups of the caller's goal with their canonical labels."""
        return tuple(tuple(self.relabel[t] for t in g) for g in groups)

    def caller_groups(self, groups: Sequence[Sequence[int]]) -> tuple[tuple[int, ...], ...]:
        """Return canonical tile groups with the caller's labels (the inverse of `groups`)."""
        back = [0] * len(self.relabel)
        for t, label in enumerate(self.relabel):
            back[label] = t
        return tuple(tuple(back[t] for t in g) for g in groups)


def frame_for(rows: int, cols: int, goal: Sequence[int]) -> Frame:
    """Return the frame of a goal: the first symmetry (in `symmetries` order) to the canonical cell.

    >>> frame_for(3, 3, (1, 2, 3, 4, 5, 6, 7, 8, 0)).symmetry.name
    'rot180'
    >>> frame_for(3, 3, (0, 1, 2, 3, 4, 5, 6, 7, 8)).identity
    True
    """
    return _frame(rows, cols, tuple(goal))


@functools.lru_cache(maxsize=32)  # a 100x100 frame holds 80 kB
def _frame(rows: int, cols: int, goal: tuple[int, ...]) -> Frame:
    """`frame_for`, remembered: every engine search asks it (2 us a time otherwise)."""
    blank = goal.index(0)
    target = canonical_blank(rows, cols, blank)
    symmetry = next(s for s in symmetries(rows, cols) if s.cells[blank] == target)
    canonical = canonical_goal(rows, cols, target)
    relabel = [0] * len(goal)
    sources = [0] * len(goal)
    for x, t in enumerate(goal):
        relabel[t] = canonical[symmetry.cells[x]]
        sources[symmetry.cells[x]] = x
    return Frame(rows, cols, goal, symmetry, canonical, tuple(relabel), tuple(sources))
