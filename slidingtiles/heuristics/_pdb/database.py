"""Additive disjoint pattern databases: the loaded tables of one partition and their lookup.

>>> db = PatternDatabase.build(3, 3, groups=[(1, 2, 3, 4), (5, 6, 7, 8)])
>>> db.value((6, 4, 7, 8, 5, 0, 3, 2, 1)) <= 31
True

A partition splits the tiles into disjoint groups. Each group's table gives,
for every placement of the group's tiles, the fewest moves *of those tiles*
needed to bring them home (the other tiles are indistinguishable and move for
free). Each move moves one tile, of one group, so the sum over groups never
exceeds the true distance (Korf & Felner). On square boards whose goal blank
lies on the main diagonal, the board mirrored about that diagonal has the same
distance, so the maximum of the two sums is also admissible.

Every table is built by the engine's dispatcher (`dispatch.build_group_table`),
whichever implementation is active; files are `tablefile`'s business, the
cache `store`'s.
"""

from __future__ import annotations

import contextlib
import itertools
import mmap
import os
import time
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path

import attrs

from slidingtiles._board.board import Board
from slidingtiles._board.geometry import transpose_cell
from slidingtiles._engine import dispatch
from slidingtiles._engine.indexing import (
    DIGITS,
    PERM,
    U4_EXCESS,
    U8_MOVES,
    digits_index,
    encoding_for,
    perm_rank,
)
from slidingtiles._engine.tables import Table
from slidingtiles.heuristics._pdb.partition import resolve

__all__ = ["FORMAT_VERSION", "BuildProgress", "PatternDatabase", "Progress"]

#: The table file format this code writes and reads. Defined here, not in `tablefile`, because
#: `PatternDatabase.header` (public) carries it and `tablefile` sits above this module.
FORMAT_VERSION = 1


@attrs.frozen
class BuildProgress:
    """A snapshot of a table build, passed to the ``progress`` callback.

    >>> BuildProgress(0, 3, 6, 5, 1234, 0.5).fraction_groups
    0.0

    Attributes:
        group: index of the group being built (0-based).
        groups: number of groups in the partition.
        group_size: tiles in this group.
        depth: the breadth-first layer just finished (moves of group tiles).
        states: abstract states reached so far in this group.
        seconds: time since this group's build started.
        done: True on the last call for a group.
    """

    group: int
    groups: int
    group_size: int
    depth: int
    states: int
    seconds: float
    done: bool = False

    @property
    def fraction_groups(self) -> float:
        """Fraction of groups finished before this one."""
        return self.group / self.groups


#: A build's progress callback.
Progress = Callable[[BuildProgress], object]


class PatternDatabase:
    """Loaded pattern tables for one shape, goal and partition, with the lookup.

    >>> db = PatternDatabase.build(2, 3, cache_dir=None)
    >>> db.value(Board("1 2 3/4 0 5").tiles), db.value(Board("0 1 2/3 4 5").tiles)
    (1, 15)

    Attributes:
        rows, cols: the board shape.
        goal: the goal's tiles, row-major, 0 the blank.
        name: the partition's name (``"6-6-3"``, ``"perfect"``, ``"custom"``...).
        groups: the tile groups, in table order.
        encodings: per group, ``"digits"`` (index = sum of cell * cells**slot)
            or ``"perm"`` (compact rank of the placement).
        tables: per group, one byte per index: the fewest moves of the group's
            tiles (255 for impossible indices).
        entry: what an entry holds: ``"u8-moves"`` (the byte above) or, for
            the 7-8 partition, ``"u4-excess"`` (4 bits per index: the moves
            less the group's Manhattan distance, halved; two per byte).
        reflect: True when the diagonal reflection applies (square board, goal
            blank on the main diagonal) and `value` takes the max with it.
        path: the file it was loaded from or saved to, if any.

    `value` costs O(cells) per call; the search engine updates the indices
    incrementally instead. Memory: the sum of the table sizes (bytes).
    """

    def __init__(
        self,
        rows: int,
        cols: int,
        goal: tuple[int, ...],
        name: str,
        groups: tuple[tuple[int, ...], ...],
        encodings: tuple[str, ...],
        tables: Sequence[Table],
        path: Path | None = None,
        entry: str = U8_MOVES,
    ) -> None:
        self.rows, self.cols, self.goal, self.name = rows, cols, goal, name
        self.groups, self.encodings, self.path = groups, encodings, path
        self.tables: tuple[Table, ...] = tuple(tables)
        self.entry = entry
        self._contiguous: tuple[memoryview, tuple[int, ...]] | None = None
        self.cells = rows * cols
        blank = goal.index(0)
        self.reflect = rows == cols and blank // cols == blank % cols
        # mirror[t]: the tile standing, in the goal, where t's goal cell lands under transposition.
        square = rows == cols
        self.mirror = tuple(
            goal[transpose_cell(goal.index(t), rows)] if square else t for t in range(self.cells)
        )
        self.transpose = (
            tuple(transpose_cell(c, rows) for c in range(self.cells)) if (rows == cols) else ()
        )

    @property
    def perfect(self) -> bool:
        """True when one group holds every tile, so the value is the exact distance."""
        return len(self.groups) == 1 and len(self.groups[0]) == self.cells - 1

    @property
    def nbytes(self) -> int:
        """Bytes held by the tables."""
        return sum(len(t) for t in self.tables)

    def contiguous(self) -> tuple[memoryview, tuple[int, ...]]:
        """Return the tables back to back in one buffer, then one zero entry, and their offsets.

        >>> db = PatternDatabase.build(2, 2, groups=[(1,), (2, 3)])
        >>> buffer, offsets = db.contiguous()
        >>> offsets, len(buffer) == db.nbytes + 1, buffer[offsets[-1]]
        ((0, 4, 20), True, 0)

        The search kernels index this one buffer (offset + index) rather than
        a table per group. Made on the first call (one copy of the tables, on
        huge pages where Linux grants them: random lookups in tens or hundreds
        of megabytes then miss the TLB far less); from then on `tables` are
        views into it, so the memory is not doubled. The zero entry, whose
        offset ends ``offsets``, is the value of tiles outside every group.
        """
        if self._contiguous is None:
            buffer = _table_buffer(self.nbytes + 1)
            offsets = tuple(itertools.accumulate((len(t) for t in self.tables), initial=0))
            for at, table in zip(offsets, self.tables):
                buffer[at : at + len(table)] = table
            self.tables = tuple(buffer[o : o + len(t)] for o, t in zip(offsets, self.tables))
            self._contiguous = (buffer, offsets)
        return self._contiguous

    def __reduce__(self) -> tuple[object, ...]:
        # Views cannot be pickled: send the tables as bytes (process pools, copies).
        return (
            PatternDatabase,
            (self.rows, self.cols, self.goal, self.name, self.groups, self.encodings,
             tuple(bytes(t) for t in self.tables), self.path, self.entry),
        )  # fmt: skip

    @classmethod
    def build(
        cls,
        rows: int,
        cols: int,
        goal: Sequence[int] | Board | None = None,
        name: str = "default",
        *,
        groups: Iterable[Iterable[int]] | None = None,
        progress: Progress | None = None,
        cache_dir: str | os.PathLike[str] | None = None,
    ) -> PatternDatabase:
        """Build the tables in memory (no file), reporting `BuildProgress`.

        >>> PatternDatabase.build(2, 2).groups
        ((1, 2, 3),)

        ``groups`` gives a custom partition (named ``"custom"`` unless ``name``
        says otherwise). ``cache_dir`` is ignored (accepted for symmetry).
        """
        del cache_dir
        goal_tiles, name, grouping = resolve(rows, cols, goal, name, groups)
        cells = rows * cols
        if name == "7-8":
            # 16**8 digits entries would not fit: perm ranks, 4 bits each (the numba builder).
            encodings, entry = (PERM,) * len(grouping), U4_EXCESS
        else:
            encodings, entry = tuple(encoding_for(cells, len(g)) for g in grouping), U8_MOVES
        tables: list[bytes] = []
        for i, (g, enc) in enumerate(zip(grouping, encodings)):

            def report(
                depth: int, states: int, seconds: float, i: int = i, g: tuple[int, ...] = g
            ) -> None:
                if progress is not None:
                    progress(BuildProgress(i, len(grouping), len(g), depth, states, seconds))

            start = time.perf_counter()
            tables.append(
                dispatch.build_group_table(
                    rows, cols, goal_tiles, g, encoding=enc, entry=entry, progress=report
                )
            )
            if progress is not None:
                progress(BuildProgress(
                    i, len(grouping), len(g), -1, 0, time.perf_counter() - start, done=True
                ))  # fmt: skip
        return cls(rows, cols, goal_tiles, name, grouping, encodings, tuple(tables), entry=entry)

    # -- lookups ----------------------------------------------------------------

    def _index(self, group: int, cell_of: Sequence[int]) -> int:
        positions = [cell_of[t] for t in self.groups[group]]
        if self.encodings[group] == DIGITS:
            return digits_index(positions, self.cells)
        return perm_rank(positions, self.cells)

    def group_values(self, tiles: Sequence[int], *, reflected: bool = False) -> list[int]:
        """Return each group's table value for a board (or for its reflection).

        >>> PatternDatabase.build(2, 2).group_values((1, 2, 0, 3))
        [1]
        """
        cell_of = [0] * self.cells
        if reflected:
            if not self.reflect:
                raise ValueError("this board and goal have no diagonal reflection")
            for cell, t in enumerate(tiles):
                cell_of[self.mirror[t]] = self.transpose[cell]
        else:
            for cell, t in enumerate(tiles):
                cell_of[t] = cell
        if self.entry == U4_EXCESS:
            home = {t: self.goal.index(t) for t in range(1, self.cells)}
            values = []
            for g, group in enumerate(self.groups):
                i = self._index(g, cell_of)
                md = sum(
                    abs(cell_of[t] // self.cols - home[t] // self.cols)
                    + abs(cell_of[t] % self.cols - home[t] % self.cols)
                    for t in group
                )
                values.append(md + 2 * ((self.tables[g][i >> 1] >> (4 * (i & 1))) & 15))
            return values
        return [self.tables[g][self._index(g, cell_of)] for g in range(len(self.groups))]

    def value(self, tiles: Sequence[int]) -> int:
        """Return the heuristic: the sum over groups, maxed with the reflection when it applies.

        >>> db = PatternDatabase.build(3, 3)
        >>> db.value((6, 4, 7, 8, 5, 0, 3, 2, 1))
        31
        """
        if len(tiles) != self.cells:
            raise ValueError(f"{len(tiles)} tiles for a {self.rows}x{self.cols} table")
        h = sum(self.group_values(tiles))
        if self.reflect and not self.perfect:
            h = max(h, sum(self.group_values(tiles, reflected=True)))
        return h

    def header(self) -> dict[str, object]:
        """Return the file header fields (without the checksum)."""
        return {
            "format": FORMAT_VERSION,
            "rows": self.rows,
            "cols": self.cols,
            "goal": list(self.goal),
            "partition": self.name,
            "groups": [list(g) for g in self.groups],
            "encodings": list(self.encodings),
            "entry": self.entry,
            "lengths": [len(t) for t in self.tables],
        }

    def __repr__(self) -> str:
        sizes = "-".join(str(len(g)) for g in self.groups)
        return (
            f"PatternDatabase({self.rows}x{self.cols}, {self.name!r}, groups {sizes}, "
            f"{self.nbytes:,} bytes{', reflected' if self.reflect else ''})"
        )


def _table_buffer(size: int) -> memoryview:
    """Zeroed writable memory, backed by transparent huge pages where the system allows.

    Linux's default ``madvise`` policy grants 2 MiB pages to memory that asks.
    """
    if size >= 1 << 22 and hasattr(mmap, "MADV_HUGEPAGE"):
        memory = mmap.mmap(-1, size, flags=mmap.MAP_PRIVATE | mmap.MAP_ANONYMOUS)
        with contextlib.suppress(OSError):
            memory.madvise(mmap.MADV_HUGEPAGE)
        return memoryview(memory)
    return memoryview(bytearray(size))
