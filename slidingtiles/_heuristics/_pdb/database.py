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

Tables are built for canonical goals only (tiles in reading order, the blank
in the least cell of its orbit under the board's symmetries: Korf's goal on
4x4) and serve every goal through a `Frame` (`slidingtiles._board.symmetry`):
`PatternDatabase.for_goal` gives the same tables answering for another goal,
sharing their memory.

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

from slidingtiles._accel import INSTALL_HINT
from slidingtiles._board.board import Board
from slidingtiles._board.geometry import transpose_cell
from slidingtiles._board.symmetry import Frame, frame_for
from slidingtiles._engine import dispatch
from slidingtiles._engine.indexing import (
    U4_EXCESS,
    U8_MOVES,
    encoding_for,
    table_index,
)
from slidingtiles._engine.resources import check_memory
from slidingtiles._engine.tables import Table
from slidingtiles._errors import BackendError
from slidingtiles._heuristics._pdb.partition import (
    companions,
    numba_encoding,
    numba_entry,
    resolve,
)

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
    """Loaded pattern tables for one shape, canonical goal and partition, with the lookup.

    >>> db = PatternDatabase.build(2, 3, cache_dir=None)
    >>> db.value(Board("1 2 3/4 0 5").tiles), db.value(Board("0 1 2/3 4 5").tiles)
    (1, 15)
    >>> db.goal, db.for_goal(Board.goal(2, 3, blank="first")).value((0, 1, 2, 3, 4, 5))
    ((0, 1, 2, 3, 4, 5), 0)

    Attributes:
        rows: the board's rows.
        cols: the board's columns.
        goal: the goal the tables were built for: tiles in reading order, the
            blank in the least cell of its orbit (`canonical_goal`).
        frame: how the goal `value` answers for maps onto `goal` (None: it
            is `goal`); see `for_goal`.
        name: the partition's name (``"6-6-3"``, ``"perfect"``, ``"custom"``...).
        groups: the tile groups, in table order, labelled as in `goal`.
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
        companions: more partitions of the same tiles maxed with this one (a
            table set such as 5x5's ``"small-7"``; `partition.companions`), each
            a database of `goal` whose tables it shares with this one where
            their groups are the same; empty for a single partition.

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
        frame: Frame | None = None,
        companions: Sequence[PatternDatabase] = (),
    ) -> None:
        self.rows, self.cols, self.goal, self.name = rows, cols, goal, name
        self.companions: tuple[PatternDatabase, ...] = tuple(companions)
        self.frame = frame
        self._shared: PatternDatabase | None = None  # the database whose memory `for_goal` shares
        self._views: dict[tuple[int, ...], PatternDatabase] = {}  # `for_goal`'s, one per goal
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
    def solves_for(self) -> tuple[int, ...]:
        """The goal `value` answers for: `goal`, or the goal `for_goal` was given."""
        return self.goal if self.frame is None else self.frame.goal

    @property
    def goal_groups(self) -> tuple[tuple[int, ...], ...]:
        """The groups labelled as in `solves_for` (`groups` are labelled as in `goal`).

        >>> PatternDatabase.build(2, 2, groups=[(1,), (2, 3)]).goal_groups
        ((1,), (2, 3))
        """
        return self.groups if self.frame is None else self.frame.caller_groups(self.groups)

    def for_goal(self, goal: Sequence[int] | Board) -> PatternDatabase:
        """Return these tables answering for another goal whose blank maps to the same cell.

        >>> db = PatternDatabase.build(3, 3, Board.goal(3, 3, blank="first"))
        >>> mine = db.for_goal(Board("8 7 6/5 4 3/2 1 0"))
        >>> mine.value((8, 7, 6, 5, 4, 3, 2, 0, 1)), mine.tables is db.tables
        (1, True)

        The board is turned and relabelled (`Frame.board`) before each lookup;
        the tables and their memory are shared. Raises ValueError for a goal
        of another shape or another blank orbit.
        """
        tiles = goal.tiles if isinstance(goal, Board) else tuple(goal)
        if len(tiles) != self.cells or sorted(tiles) != list(range(self.cells)):
            raise ValueError(f"goal {tiles!r} is not a {self.rows}x{self.cols} goal")
        frame = frame_for(self.rows, self.cols, tiles)
        if frame.canonical_goal != self.goal:
            raise ValueError(
                f"these tables serve goals whose blank maps to cell {self.goal.index(0)}, "
                f"not the goal {tiles!r}"
            )
        base = self._shared or self
        if frame.identity:
            return base
        view = base._views.get(frame.goal)
        if view is not None:
            return view
        view = base._views[frame.goal] = PatternDatabase(
            self.rows,
            self.cols,
            self.goal,
            self.name,
            self.groups,
            self.encodings,
            base.tables,
            self.path,
            self.entry,
            frame,
            base.companions,  # of the tables' own goal: `value` turns the board first
        )
        view._shared = base
        view._contiguous = base._contiguous
        return view

    @property
    def perfect(self) -> bool:
        """True when one group holds every tile, so the value is the exact distance."""
        return len(self.groups) == 1 and len(self.groups[0]) == self.cells - 1

    @property
    def nbytes(self) -> int:
        """Bytes held by the tables (the companions' too, each shared table once)."""
        return sum(len(t) for t in self.stored()[1])

    def stored(self) -> tuple[tuple[tuple[int, ...], ...], tuple[Table, ...]]:
        """Return every distinct group and its table: this partition's, then its companions'.

        >>> db = PatternDatabase.build(2, 2, (0, 1, 2, 3), groups=[(1,), (2, 3)])
        >>> db.stored()[0]
        ((1,), (2, 3))

        The order of a table file's body: a companion's group that is already
        listed (the same tiles) shares that table.
        """
        groups, tables = list(self.groups), list(self.tables)
        for companion in self.companions:
            for group, table in zip(companion.groups, companion.tables):
                if group not in groups:
                    groups.append(group)
                    tables.append(table)
        return tuple(groups), tuple(tables)

    @classmethod
    def from_stored(
        cls,
        rows: int,
        cols: int,
        goal: tuple[int, ...],
        name: str,
        groups: tuple[tuple[int, ...], ...],
        companions: Sequence[Sequence[tuple[int, ...]]],
        encodings: Sequence[str],
        tables: Sequence[Table],
        path: Path | None = None,
        entry: str = U8_MOVES,
        frame: Frame | None = None,
    ) -> PatternDatabase:
        """Return the database of `stored` groups and tables: its partition, then its companions.

        >>> db = PatternDatabase.from_stored(
        ...     2, 2, (0, 1, 2, 3), "custom", ((1,), (2, 3)), [((1, 2), (3,))],
        ...     ["digits"] * 4, [bytes(4), bytes(16), bytes(16), bytes(4)])
        >>> [c.groups for c in db.companions], db.stored()[0]
        ([((1, 2), (3,))], ((1,), (2, 3), (1, 2), (3,)))

        ``groups`` and ``tables`` hold this partition's groups first; every
        group of a companion is one of the stored groups (`stored`'s order).
        """
        stored = list(groups)
        for partition in companions:
            stored.extend(g for g in partition if g not in stored)
        table_of = dict(zip(stored, tables))
        encoding_of = dict(zip(stored, encodings))
        others = [
            cls(
                rows,
                cols,
                goal,
                f"{name}/{i + 1}",
                tuple(partition),
                tuple(encoding_of[g] for g in partition),
                tuple(table_of[g] for g in partition),
                entry=entry,
            )
            for i, partition in enumerate(companions)
        ]
        main = cls(
            rows,
            cols,
            goal,
            name,
            groups,
            tuple(encodings[: len(groups)]),
            tuple(tables[: len(groups)]),
            path,
            entry,
            companions=others,
        )
        return main if frame is None else main.for_goal(frame.goal)

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
        offset ends ``offsets``, is the value of tiles outside every group. A
        table set's buffer holds its companions' tables too, each shared one once.
        """
        if self._shared is not None:  # a `for_goal` view: the tables' own database holds them
            self._contiguous = self._shared.contiguous()
            self.tables = self._shared.tables
            return self._contiguous
        if self._contiguous is None:
            groups, tables = self.stored()
            buffer = _table_buffer(self.nbytes + 1)
            offsets = tuple(itertools.accumulate((len(t) for t in tables), initial=0))
            for at, table in zip(offsets, tables):
                buffer[at : at + len(table)] = table
            at_of = dict(zip(groups, offsets))
            view = {g: buffer[at_of[g] : at_of[g] + len(t)] for g, t in zip(groups, tables)}
            # Each partition's offsets are those of its own groups in the one buffer (a table set's
            # are not back to back: its groups are shared), then the zero entry's.
            for member in (self, *self.companions):  # views into one buffer: nothing doubled
                member.tables = tuple(view[g] for g in member.groups)
                member._contiguous = (buffer, (*(at_of[g] for g in member.groups), offsets[-1]))
        assert self._contiguous is not None
        return self._contiguous

    def __reduce__(self) -> tuple[object, ...]:
        # Views cannot be pickled: send the tables as bytes (process pools, copies), each shared
        # table of the companions once.
        groups, tables = self.stored()
        encodings = dict(zip(self.groups, self.encodings))
        for companion in self.companions:
            encodings.update(zip(companion.groups, companion.encodings))
        return (
            PatternDatabase.from_stored,
            (
                self.rows,
                self.cols,
                self.goal,
                self.name,
                self.groups,
                tuple(c.groups for c in self.companions),
                tuple(encodings[g] for g in groups),
                tuple(bytes(t) for t in tables),
                self.path,
                self.entry,
                self.frame,
            ),
        )

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

        >>> db = PatternDatabase.build(2, 2)
        >>> db.groups, db.goal, db.solves_for
        (((1, 2, 3),), (0, 1, 2, 3), (1, 2, 3, 0))

        The tables are those of the goal's canonical goal, answering for
        ``goal`` (`for_goal`). ``groups`` gives a custom partition, in the
        tiles of ``goal`` (named ``"custom"`` unless ``name`` says otherwise).
        ``cache_dir`` is ignored (accepted for symmetry).
        """
        del cache_dir
        frame, name, grouping = resolve(rows, cols, goal, name, groups)
        goal_tiles = frame.canonical_goal
        cells = rows * cols
        numba_entry_type = numba_entry(rows, cols, name)
        if numba_entry_type is None and name == "7-8":  # custom groups in the 7-8 layout
            numba_entry_type = U4_EXCESS
        if numba_entry_type is not None:
            # 16**8 digits entries would not fit: perm ranks (the numba builder and kernel).
            if dispatch.IMPLEMENTATION != "numba":  # searched by either, built by numba only
                raise BackendError(
                    f"the {rows}x{cols} {name} tables (perm-ranked, tens or hundreds of millions "
                    f"of entries) are built by the numba backend; {INSTALL_HINT}",
                    dispatch.IMPLEMENTATION,
                )
            encoding = numba_encoding(rows, cols, name)
            encodings, entry = (encoding,) * len(grouping), numba_entry_type
        else:
            encodings, entry = tuple(encoding_for(cells, len(g)) for g in grouping), U8_MOVES
        others = companions(rows, cols, goal_tiles, name)
        stored = list(grouping)
        for partition in others:  # a table set: each distinct group's table built once
            stored.extend(g for g in partition if g not in stored)
        encodings = encodings + (encodings[0],) * (len(stored) - len(grouping))
        needed = dispatch.build_memory(rows, cols, [len(g) for g in stored], encodings, entry)
        if needed is not None:  # refuse at once rather than be killed half way
            check_memory(needed, f"the {rows}x{cols} {name} tables")
        tables: list[bytes] = []
        for i, (g, enc) in enumerate(zip(stored, encodings)):

            def report(
                depth: int, states: int, seconds: float, i: int = i, g: tuple[int, ...] = g
            ) -> None:
                if progress is not None:
                    progress(BuildProgress(i, len(stored), len(g), depth, states, seconds))

            start = time.perf_counter()
            tables.append(
                dispatch.build_group_table(
                    rows, cols, goal_tiles, g, encoding=enc, entry=entry, progress=report
                )
            )
            if progress is not None:
                progress(
                    BuildProgress(
                        i, len(stored), len(g), -1, 0, time.perf_counter() - start, done=True
                    )
                )
        db = cls.from_stored(
            rows, cols, goal_tiles, name, grouping, others, encodings, tables, entry=entry
        )
        return db if frame.identity else db.for_goal(frame.goal)

    # -- lookups ----------------------------------------------------------------

    def _index(self, group: int, cell_of: Sequence[int]) -> int:
        positions = [cell_of[t] for t in self.groups[group]]
        return table_index(positions, cell_of[0], self.rows, self.cols, self.encodings[group])

    def group_values(self, tiles: Sequence[int], *, reflected: bool = False) -> list[int]:
        """Return each group's table value for a board (or for its reflection).

        >>> PatternDatabase.build(2, 2).group_values((1, 2, 0, 3))
        [1]

        ``tiles`` are a board of `solves_for`'s frame, like `value`'s.
        """
        if self.frame is not None:
            tiles = self.frame.board(tiles)
        return self._group_values(tiles, reflected)

    def _group_values(self, tiles: Sequence[int], reflected: bool) -> list[int]:
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
        if self.frame is not None:
            tiles = self.frame.board(tiles)
        h = 0
        for member in (self, *self.companions):  # a table set: the largest of its partitions
            h = max(h, sum(member._group_values(tiles, False)))
            if member.reflect and not member.perfect:
                h = max(h, sum(member._group_values(tiles, True)))
        return h

    def header(self) -> dict[str, object]:
        """Return the file header fields (without the checksum).

        A table set's (`companions`) also lists its other partitions under
        ``"companions"``; ``"encodings"`` and ``"lengths"`` then cover every
        stored table (`stored`), the set's groups first.
        """
        groups, tables = self.stored()
        encodings = list(self.encodings)
        encodings += [self.encodings[0]] * (len(groups) - len(self.groups))
        header: dict[str, object] = {
            "format": FORMAT_VERSION,
            "rows": self.rows,
            "cols": self.cols,
            "goal": list(self.goal),
            "partition": self.name,
            "groups": [list(g) for g in self.groups],
            "encodings": encodings,
            "entry": self.entry,
            "lengths": [len(t) for t in tables],
        }
        if self.companions:
            header["companions"] = [[list(g) for g in c.groups] for c in self.companions]
        return header

    def __repr__(self) -> str:
        sizes = "-".join(str(len(g)) for g in self.groups)
        seen = "" if self.frame is None else f", for goal {self.frame.goal}"
        return (
            f"PatternDatabase({self.rows}x{self.cols}, {self.name!r}, groups {sizes}, "
            f"{self.nbytes:,} bytes{', reflected' if self.reflect else ''}{seen})"
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
