"""The published benchmark sets shipped with the package: Korf's 100 and Korf & Felner's 50.

>>> korf = korf100()
>>> len(korf), korf.shape, int(korf.lengths.sum())
(100, (4, 4), 5305)

Each set is a small text file beside this module (``korf100.txt``,
``korf50_24.txt``): one instance a line, its optimal length then its tiles in
reading order (0 the blank), under a header citing where the instances and
lengths were published and how they were transcribed and checked. The goal of
both sets is the one of the papers: the blank first (``0 1 2 ... n-1``).
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache
from importlib import resources
from typing import Any

import attrs
import numpy as np
from numpy.typing import NDArray

from slidingtiles import Board

__all__ = ["BenchmarkSet", "korf50", "korf100"]


@attrs.frozen(eq=False)
class BenchmarkSet:
    """Published instances with their optimal lengths, as numpy arrays (read-only).

    >>> first = korf100()[0]
    >>> first[1], first[0].shape
    (57, (4, 4))

    Attributes:
        name: the set's name (``"korf100"``, ``"korf50"``).
        boards: an ``(N, cells)`` uint8 array, one instance per row in reading
            order, blank 0, in the published order (instance k is row k - 1).
        lengths: the ``(N,)`` optimal solution lengths.
        goal: the goal of every instance (`Board`): the blank first.
        source: the citation (the data file's header).
    """

    name: str
    boards: NDArray[np.uint8]
    lengths: NDArray[np.int16]
    goal: Board
    source: str

    @property
    def shape(self) -> tuple[int, int]:
        """(rows, cols) of every board of the set."""
        return self.goal.shape

    def board(self, index: int) -> Board:
        """Instance ``index`` (0-based) as a `Board`."""
        return Board(tuple(int(t) for t in self.boards[index]), shape=self.shape)

    def __len__(self) -> int:
        return len(self.boards)

    def __getitem__(self, index: int) -> tuple[Board, int]:
        """(board, optimal length) of instance ``index`` (0-based)."""
        return self.board(index), int(self.lengths[index])

    def __iter__(self) -> Iterator[tuple[Board, int]]:
        for index in range(len(self)):
            yield self[index]


def _read(name: str, file: str, rows: int, cols: int) -> BenchmarkSet:
    text = resources.files("slidingtiles.data").joinpath(file).read_text(encoding="utf-8")
    lines = text.splitlines()
    source = "\n".join(line[1:].strip() for line in lines if line.startswith("#"))
    table = np.array(
        [line.split() for line in lines if line.strip() and not line.startswith("#")],
        dtype=np.int16,
    )
    boards: Any = table[:, 1:].astype(np.uint8)
    lengths: Any = table[:, 0].copy()
    boards.flags.writeable = False
    lengths.flags.writeable = False
    return BenchmarkSet(name, boards, lengths, Board.goal(rows, cols, blank="first"), source)


@cache
def korf100() -> BenchmarkSet:
    """Korf's 100 random 15-puzzles (1985) with their optimal lengths (mean 53.05).

    >>> korf100().lengths[:5].tolist()
    [57, 55, 59, 56, 56]

    R. E. Korf, "Depth-first iterative-deepening: an optimal admissible tree
    search", Artificial Intelligence 27 (1985) 97-110. Goal: the blank first
    (solve them with ``goal="first"`` or ``goal=korf100().goal``). Read once
    per process.
    """
    return _read("korf100", "korf100.txt", 4, 4)


@cache
def korf50() -> BenchmarkSet:
    """Korf & Felner's 50 random 24-puzzles (2002) with their optimal lengths (mean 100.78).

    >>> sets = korf50()
    >>> len(sets), sets.shape, sets.lengths[:3].tolist()
    (50, (5, 5), [95, 96, 97])

    R. E. Korf and A. Felner, "Disjoint pattern database heuristics",
    Artificial Intelligence 134 (2002) 9-22 (the first ten are Korf & Taylor's,
    AAAI 1996). Goal: the blank first. Solving them optimally needs the 5x5
    tables (``slidingtiles pdb build 5``, docs/24-puzzle.md).
    """
    return _read("korf50", "korf50_24.txt", 5, 5)
