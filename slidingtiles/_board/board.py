"""The `Board` value: an immutable rows x cols grid of tiles with 0 as the blank."""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Iterator, Sequence
from typing import Any, Literal, Protocol, SupportsIndex, TypeAlias, overload

import attrs

from slidingtiles._board import geometry
from slidingtiles._board.moves import DIRECTIONS, Moves, normalize_move
from slidingtiles._board.parse import (
    LABEL_BLANKS,
    MAX_CELLS,
    MAX_TEXT,
    as_int,
    as_shape,
    check_shape,
    check_tiles,
    flat_from,
    plain,
    token_rows,
    token_value,
)
from slidingtiles._errors import GoalMismatchError, InvalidBoardError, InvalidMoveError

__all__ = [
    "MAX_CELLS",
    "ArrayLike",
    "Board",
    "BoardLike",
    "TilesLike",
    "check_hashable",
    "trusted_board",
]


class ArrayLike(Protocol):
    """Anything with numpy's ``__array__``: numpy arrays, and what converts to one."""

    def __array__(self) -> Any: ...


#: What `Board` itself accepts: a board, nested rows or a flat sequence of
#: integers (numpy integers too), a 1-D or 2-D numpy array, or text
#: (``"1 2 3/4 5 6/7 8 0"``, one row per line, or COS 226 form).
TilesLike: TypeAlias = (
    "Board | str | ArrayLike | Sequence[Sequence[SupportsIndex]] | Sequence[SupportsIndex]"
)
#: Anything `solve` and the other functions taking a board accept: what `Board`
#: accepts, plus rows of labels (letters, words, any hashable; see `board_and_goal`).
BoardLike: TypeAlias = "TilesLike | Sequence[Sequence[Hashable]]"


def _label_list(labels: object, what: str) -> list[Hashable]:
    """Labels given as a sequence or a numpy array, as a list; else `InvalidBoardError`."""
    listed = plain(labels)  # a numpy array of labels becomes a list of str
    if not isinstance(listed, Iterable):
        raise InvalidBoardError(f"{what} must be a sequence of labels, not {labels!r}", labels)
    return list(listed)


def check_hashable(labels: Iterable[object], original: object) -> None:
    """Raise `InvalidBoardError` naming the first label that cannot be one (not hashable).

    >>> check_hashable(["a", 1, None], "grid")
    """
    for label in labels:
        try:
            hash(label)
        except TypeError:
            raise InvalidBoardError(
                f"label {label!r} is not hashable: labels are strings, numbers or other "
                "hashable values",
                original,
            ) from None


def _json_label(label: Hashable) -> object:
    """A label as JSON can hold it: str, numbers, bool and None as they are, else its str."""
    if label is None or isinstance(label, (str, int, float)):
        return label
    return str(label)


@attrs.frozen(repr=False, init=False)
class Board:
    """An immutable sliding-tile board: tiles 0..n-1 in row-major order, 0 the blank.

    >>> board = Board([[1, 2, 3], [4, 0, 6], [7, 5, 8]])
    >>> board.shape, board.blank_position
    ((3, 3), (1, 1))
    >>> print(board.move("D"))
    1 2 3
    4 5 6
    7 . 8
    >>> Board("1 2 3/4 0 6/7 5 8") == board == Board([1, 2, 3, 4, 0, 6, 7, 5, 8])
    True

    Accepts nested rows, a flat sequence (square, or with ``shape=(rows,
    cols)``), a numpy array (2-D, or 1-D like a flat sequence; numpy integer
    tiles anywhere), another board, or text: ``"1 2 3/4 5 6/7 8 0"``, one row
    per line, or the COS 226 format (``N`` or ``ROWS COLS`` on the first line,
    then the rows); ``_`` and ``.`` also mark the blank in text. Any shape
    with at least 2 cells up to `MAX_CELLS` is accepted (1 x n boards are
    legal but can only shift the blank). Every problem raises
    `InvalidBoardError` naming the offending value: floats are refused even
    when whole (``1.0`` is not a tile).

    A board is a value, like a tuple of rows: hashable, compared by value,
    ``repr`` round-trips, ``len(board)`` is the number of rows,
    ``iter(board)`` and ``board[i]`` give the rows as tuples, and
    ``board[row, col]`` one tile (so ``list(board)``, ``Board(list(board))``
    and ``numpy.array(board)`` do what they say). ``board.size`` counts the
    cells. ``attrs.evolve(board, tiles=...)`` (or ``shape=``, ``labels=``)
    builds a new board, validated like any other. Labelled boards (letters,
    words) carry ``labels``, where ``labels[t]`` names tile ``t``; they print
    with their labels (see `Board.labelled`).

    Attributes:
        shape: ``(rows, cols)``.
        tiles: the tiles in row-major order, 0 the blank.
        labels: None, or the label of each tile number (``labels[0]`` the blank's).
        rows: the number of rows.
        cols: the number of columns.
    """

    shape: tuple[int, int]
    tiles: tuple[int, ...]
    labels: tuple[Hashable, ...] | None = None
    # Stored as well as shape, for speed; not compared (shape says the same) nor passed to
    # __init__ (so attrs.evolve sends shape, tiles and labels, which __init__ validates).
    rows: int = attrs.field(init=False, eq=False)
    cols: int = attrs.field(init=False, eq=False)
    # attrs' cache_hash needs attrs' own __init__; ours accepts many input forms instead.
    _hash: int = attrs.field(init=False, eq=False, repr=False)

    def _fill(
        self, rows: int, cols: int, tiles: tuple[int, ...], labels: tuple[Hashable, ...] | None
    ) -> None:
        # Frozen: fields are set once, here, bypassing the frozen __setattr__.
        set_field = object.__setattr__
        set_field(self, "shape", (rows, cols))
        set_field(self, "rows", rows)
        set_field(self, "cols", cols)
        set_field(self, "tiles", tiles)
        set_field(self, "labels", labels)
        set_field(self, "_hash", hash((rows, cols, tiles, labels)))

    def __hash__(self) -> int:
        return self._hash

    def __init__(
        self,
        tiles: TilesLike,
        shape: Sequence[SupportsIndex] | ArrayLike | None = None,
        *,
        labels: Sequence[Hashable] | ArrayLike | None = None,
    ) -> None:
        if isinstance(tiles, Board):
            if shape is not None and as_shape(shape) != tiles.shape:
                raise InvalidBoardError(f"shape {shape} does not match board {tiles.shape}", tiles)
            rows, cols, flat = tiles.rows, tiles.cols, tiles.tiles
            labels = tiles.labels if labels is None else labels
        elif isinstance(tiles, str):
            parsed = Board.parse(tiles)
            if shape is not None and as_shape(shape) != parsed.shape:
                raise InvalidBoardError(f"shape {shape} does not match board {parsed.shape}", tiles)
            rows, cols, flat = parsed.rows, parsed.cols, parsed.tiles
        else:
            rows, cols, cells = flat_from(tiles, shape)
            rows, cols = check_shape(rows, cols)
            flat = check_tiles(cells, rows, cols, tiles)
        label_tuple = None if labels is None else tuple(_label_list(labels, "labels"))
        if label_tuple is not None:
            check_hashable(label_tuple, labels)
            if len(label_tuple) != rows * cols:
                raise InvalidBoardError(
                    f"{len(label_tuple)} labels for {rows * cols} tiles", labels
                )
            if len(set(label_tuple)) != len(label_tuple):
                raise InvalidBoardError("labels must be distinct", labels)
        self._fill(rows, cols, flat, label_tuple)

    # -- constructors ---------------------------------------------------------

    @classmethod
    def goal(
        cls, rows: SupportsIndex, cols: SupportsIndex, blank: Literal["last", "first"] = "last"
    ) -> Board:
        """Return the usual goal: tiles 1..n-1 in order, the blank last or first.

        >>> print(Board.goal(2, 3))
        1 2 3
        4 5 .
        >>> Board.goal(3, 3, blank="first").tiles
        (0, 1, 2, 3, 4, 5, 6, 7, 8)
        """
        row_count, col_count = check_shape(rows, cols)
        size = row_count * col_count
        if blank == "last":
            tiles = (*range(1, size), 0)
        elif blank == "first":
            tiles = tuple(range(size))
        else:
            raise InvalidBoardError(f"blank must be 'last' or 'first', not {blank!r}", blank)
        return trusted_board(row_count, col_count, tiles, None)

    @classmethod
    def parse(cls, text: str) -> Board:
        """Read a board from text: ``"1 2 3/4 5 6/7 8 0"``, one row per line, or COS 226 form.

        >>> Board.parse("3\\n 0 1 3\\n 4 2 5\\n 7 8 6\\n").tiles
        (0, 1, 3, 4, 2, 5, 7, 8, 6)
        >>> Board.parse("2 3\\n1 2 3\\n4 5 0").shape
        (2, 3)

        Tokens are separated by spaces, tabs or commas; ``0``, ``_`` and ``.``
        are the blank; lines starting with ``#`` are comments. A single line
        of n*n tokens is read as a square board. Raises `InvalidBoardError`
        naming the bad token or row; text longer than 16 characters per cell
        of the largest board (`MAX_CELLS`) is refused before it is split.
        """
        if not isinstance(text, str):
            raise InvalidBoardError(f"board text must be a string, not {text!r}", text)
        if len(text) > MAX_TEXT:
            raise InvalidBoardError(
                f"board text of {len(text):,} characters is longer than any board needs "
                f"(at most {MAX_TEXT:,}: {MAX_CELLS:,} cells)",
                text,
            )
        lines = token_rows(text)
        if not lines:
            raise InvalidBoardError("empty board text", text)
        first = lines[0]
        header_error = None
        if (
            "/" not in text
            and len(lines) >= 2
            and len(first) <= 2
            and all(t.isdigit() for t in first)
        ):
            # Perhaps COS 226 form: "N" or "ROWS COLS" first. A board's own first row
            # is never also a valid header for the rest, so trying both is unambiguous.
            want_rows, want_cols = (int(first[0]),) * 2 if len(first) == 1 else map(int, first)
            body = lines[1:]
            if len(body) == want_rows and all(len(row) == want_cols for row in body):
                if want_rows * want_cols < 2:
                    # A header that fits the rest but names a board of one cell (N = 1,
                    # "1 1"): COS 226 form with a size it does not allow, never a column
                    # board whose first tile happens to match (that reading would hide it).
                    raise InvalidBoardError(
                        f"COS 226 header {' '.join(first)} names a {want_rows}x{want_cols} "
                        "board: a board needs at least 2 cells (N >= 2)",
                        text,
                    )
                try:
                    return cls._from_tokens(body, text, flat=False)
                except InvalidBoardError as error:
                    header_error = error
            else:
                header_error = InvalidBoardError(
                    f"header says {want_rows}x{want_cols} but {len(body)} row(s) of "
                    f"{', '.join(sorted({str(len(row)) for row in body}))} tiles follow",
                    text,
                )
        try:
            single_line = len(lines) == 1 and "/" not in text
            return cls._from_tokens(lines, text, flat=single_line)
        except InvalidBoardError:
            if header_error is not None and len(first) == 1 and any(len(r) > 1 for r in lines):
                raise header_error from None
            raise

    @classmethod
    def _from_tokens(cls, token_rows: list[list[str]], text: str, *, flat: bool) -> Board:
        values = [[token_value(token, text) for token in row] for row in token_rows]
        try:
            return cls(values[0]) if flat else cls(values)
        except InvalidBoardError as error:
            raise InvalidBoardError(str(error), text) from None

    @classmethod
    def labelled(
        cls,
        grid: Sequence[Sequence[Hashable]] | ArrayLike,
        *,
        blank: Hashable = None,
        order: Sequence[Hashable] | ArrayLike | None = None,
    ) -> Board:
        """Build a board of labelled tiles (letters, words, anything hashable).

        >>> board = Board.labelled([["B", "A"], ["C", "_"]], order="ABC")
        >>> board.tiles, board.labels
        ((2, 1, 3, 0), ('_', 'A', 'B', 'C'))
        >>> print(board)
        B A
        C _

        Tile ``i`` (1-based) is ``order[i - 1]``; without ``order`` the labels
        are sorted. ``blank`` names the empty cell; left out, the one cell that
        is ``None``, ``""``, ``" "``, ``"_"`` or ``"."`` is the blank. ``grid``
        may be a 2-D numpy array of strings. Raises `InvalidBoardError` for
        ragged rows, repeated labels, a missing blank or labels that ``order``
        does not list.
        """
        rows, cols, cells = flat_from(grid, None)
        rows, cols = check_shape(rows, cols)
        check_hashable(cells, grid)
        if blank is None:
            candidates = [c for c in cells if c in LABEL_BLANKS]
            if len(candidates) != 1:
                raise InvalidBoardError(
                    "cannot tell the blank: pass blank=<label of the empty cell>", grid
                )
            blank = candidates[0]
        if blank not in cells:
            raise InvalidBoardError(f"the blank {blank!r} is not on the board", grid)
        others = [c for c in cells if c != blank]
        if len(set(others)) != len(others):
            dup = next(c for c in others if others.count(c) > 1)
            raise InvalidBoardError(f"label {dup!r} appears more than once", grid)
        if order is None:
            try:
                order = sorted(others)  # type: ignore[type-var]
            except TypeError:
                raise InvalidBoardError(
                    "labels cannot be sorted: pass order=<labels in goal order>", grid
                ) from None
        order = _label_list(order, "order")
        check_hashable(order, order)
        if sorted(map(repr, order)) != sorted(map(repr, others)):
            missing = [c for c in others if c not in order] or [c for c in order if c not in others]
            raise InvalidBoardError(
                f"labels {missing!r} are not shared by the board and the order", grid
            )
        number = {label: i for i, label in enumerate(order, 1)}
        number[blank] = 0
        tiles = tuple(number[c] for c in cells)
        return trusted_board(rows, cols, tiles, (blank, *order))

    # -- views ------------------------------------------------------------------

    @property
    def size(self) -> int:
        """Number of cells, blank included."""
        return self.rows * self.cols

    @property
    def blank(self) -> int:
        """Row-major index of the blank cell."""
        return self.tiles.index(0)

    @property
    def blank_position(self) -> tuple[int, int]:
        """(row, col) of the blank, counted from 0 at the top left."""
        return divmod(self.tiles.index(0), self.cols)

    def position(self, tile: int) -> tuple[int, int]:
        """Return the (row, col) of a tile; raises `InvalidBoardError` if it is not on the board.

        >>> Board.goal(3, 3).position(6)
        (1, 2)
        """
        try:
            return divmod(self.tiles.index(tile), self.cols)
        except ValueError:
            raise InvalidBoardError(f"tile {tile!r} is not on this board", tile) from None

    def _repr_svg_(self) -> str:
        """Draw the board in notebooks (Jupyter calls this)."""
        from slidingtiles._render import board_svg  # the pictures load when first drawn

        return board_svg(self)

    # -- a value like a tuple of rows ------------------------------------------

    def __len__(self) -> int:
        """The number of rows, as for a list of rows or a 2-D array (``size`` counts the cells)."""
        return self.rows

    def __iter__(self) -> Iterator[tuple[int, ...]]:
        """Yield the rows, top to bottom, as tuples of tile numbers.

        >>> list(Board("1 2 3/4 5 6/7 8 0"))
        [(1, 2, 3), (4, 5, 6), (7, 8, 0)]
        """
        tiles, cols = self.tiles, self.cols
        for start in range(0, len(tiles), cols):
            yield tiles[start : start + cols]

    def __contains__(self, tile: object) -> bool:
        """Whether a tile number is on the board (``0 in board`` is always True)."""
        number = as_int(tile)
        return number is not None and 0 <= number < len(self.tiles)

    @overload
    def __getitem__(self, index: SupportsIndex) -> tuple[int, ...]: ...
    @overload
    def __getitem__(self, index: tuple[SupportsIndex, SupportsIndex]) -> int: ...
    def __getitem__(
        self, index: SupportsIndex | tuple[SupportsIndex, SupportsIndex]
    ) -> tuple[int, ...] | int:
        """``board[row]`` is a row as a tuple (negative from the end); ``board[row, col]`` a tile.

        >>> board = Board("1 2 3/4 5 6/7 8 0")
        >>> board[0], board[-1], board[1, 2]
        ((1, 2, 3), (7, 8, 0), 6)

        Raises `IndexError` outside the board (a cell's row and column must
        be in range: no negative cells), `TypeError` for other indices.
        """
        if isinstance(index, tuple):
            row, col = (as_int(i) for i in index) if len(index) == 2 else (None, None)
            if row is None or col is None:
                raise TypeError(f"a cell is board[row, col] with two integers, not {index!r}")
            if not (0 <= row < self.rows and 0 <= col < self.cols):
                raise IndexError(f"cell {index!r} is outside the {self.rows}x{self.cols} board")
            return self.tiles[row * self.cols + col]
        number = as_int(index)
        if number is None:
            raise TypeError(f"board indices are a row number or (row, col), not {index!r}")
        row = number + self.rows if number < 0 else number
        if not 0 <= row < self.rows:
            raise IndexError(f"row {number} is outside the {self.rows}x{self.cols} board")
        return self.tiles[row * self.cols : (row + 1) * self.cols]

    def to_dict(self) -> dict[str, Any]:
        """Return the board as a JSON-ready dict: its rows, shape, blank cell, and labels if any.

        >>> Board("1 2 3/4 0 5").to_dict()
        {'rows': [[1, 2, 3], [4, 0, 5]], 'shape': [2, 3], 'blank': [1, 1]}
        >>> Board.labelled([["B", "A"], ["_", "C"]]).to_dict()["labels"]
        ['_', 'A', 'B', 'C']

        ``rows`` holds tile numbers (0 the blank), exactly the ``board`` and
        ``goal`` rows the command line prints with ``--format json``;
        ``shape`` is ``[rows, cols]`` and ``blank`` the blank's ``[row,
        col]``. A labelled board adds ``labels`` (``labels[t]`` names tile
        ``t``; labels that are not str, numbers or None are written as their
        ``str``), so ``Board(d["rows"], labels=d.get("labels"))`` rebuilds the
        board. Tuples become lists, so the dict equals its JSON round trip.
        """
        out: dict[str, Any] = {
            "rows": self.to_rows(),
            "shape": [self.rows, self.cols],
            "blank": list(self.blank_position),
        }
        if self.labels is not None:
            out["labels"] = [_json_label(label) for label in self.labels]
        return out

    def label(self, tile: int) -> Hashable:
        """Return how a tile is shown: its label on a labelled board, else the number."""
        return tile if self.labels is None else self.labels[tile]

    def to_rows(self) -> list[list[int]]:
        """Return the tiles as a list of rows (fresh lists, safe to modify)."""
        c = self.cols
        return [list(self.tiles[r * c : (r + 1) * c]) for r in range(self.rows)]

    def to_labels(self) -> list[list[Hashable]]:
        """Return the grid as rows of labels (numbers on an unlabelled board)."""
        return [[self.label(t) for t in row] for row in self.to_rows()]

    def to_text(self) -> str:
        """Return the one-line form, ``"1 2 3/4 5 6/7 8 0"``, which `Board.parse` reads.

        A labelled board shows its labels (which `Board.parse` cannot read back),
        control and format characters escaped (`safe_text`, the one text policy).
        """
        if self.labels is not None:
            from slidingtiles._render.markup import safe_text  # the pictures load when first used

            return "/".join(" ".join(map(safe_text, row)) for row in self.to_labels())
        return "/".join(" ".join(map(str, row)) for row in self.to_rows())

    def to_cos226(self) -> str:
        """Return the COS 226 text form: the size (``N``, or ``ROWS COLS``), then the rows.

        >>> print(Board.goal(2, 2).to_cos226())
        2
        1 2
        3 0
        """
        header = str(self.rows) if self.rows == self.cols else f"{self.rows} {self.cols}"
        width = len(str(self.size - 1))
        body = "\n".join(" ".join(f"{t:>{width}}" for t in row) for row in self.to_rows())
        return f"{header}\n{body}"

    def __str__(self) -> str:
        blank = "" if self.labels is None or self.labels[0] is None else str(self.labels[0])
        blank = blank.strip() or "."  # an invisible blank label would hide the gap
        from slidingtiles._render.markup import safe_text  # the pictures load when first used

        blank = safe_text(blank)
        cells = [
            [blank if t == 0 else safe_text(self.label(t)) for t in row] for row in self.to_rows()
        ]
        width = max(len(cell) for row in cells for cell in row)
        return "\n".join(" ".join(cell.rjust(width) for cell in row) for row in cells)

    def __repr__(self) -> str:
        extra = "" if self.labels is None else f", labels={self.labels!r}"
        return f"Board({self.to_rows()!r}{extra})"

    # -- moves --------------------------------------------------------------

    def legal_moves(self) -> Moves:
        """Return the directions the blank can move, in ``UDLR`` order.

        >>> Board.goal(3, 3).legal_moves()
        Moves('UL')
        """
        row, col = self.blank_position
        ok = {"U": row > 0, "D": row < self.rows - 1, "L": col > 0, "R": col < self.cols - 1}
        return Moves("".join(d for d in "UDLR" if ok[d]))

    def move(self, direction: str) -> Board:
        """Return the board after the blank moves one step (``U``, ``D``, ``L`` or ``R``).

        >>> Board.goal(2, 2).move("U").to_text()
        '1 0/3 2'

        Raises `InvalidMoveError` if the move is unknown or leaves the board.
        """
        letter = normalize_move(direction)
        row, col = self.blank_position
        d_row, d_col = DIRECTIONS[letter]
        new_row, new_col = row + d_row, col + d_col
        if not (0 <= new_row < self.rows and 0 <= new_col < self.cols):
            raise InvalidMoveError(
                f"move {direction!r} pushes the blank at {(row, col)} off the "
                f"{self.rows}x{self.cols} board",
                direction,
            )
        tiles = list(self.tiles)
        here, there = row * self.cols + col, new_row * self.cols + new_col
        tiles[here], tiles[there] = tiles[there], 0
        return trusted_board(self.rows, self.cols, tuple(tiles), self.labels)

    def apply(self, moves: str | Sequence[str]) -> Board:
        """Return the board after a sequence of blank moves.

        >>> goal = Board.goal(3, 3)
        >>> goal.apply("ULDR") == goal.apply(["up", "left", "down", "right"])
        True

        Raises `InvalidMoveError` naming the first illegal move and its index.
        """
        board = self
        for index, move in enumerate(Moves(moves)):
            try:
                board = board.move(move)
            except InvalidMoveError as error:
                raise InvalidMoveError(f"move {index} of {str(moves)!r}: {error}", moves) from None
        return board

    def slide(self, tile: int) -> Board:
        """Return the board after sliding a tile next to the blank into it ("clicking" it).

        >>> Board.goal(2, 2).slide(2).to_text()
        '1 0/3 2'

        Raises `InvalidMoveError` if the tile is not next to the blank.
        """
        row, col = self.position(tile)
        blank_row, blank_col = self.blank_position
        for letter, (d_row, d_col) in DIRECTIONS.items():
            if (blank_row + d_row, blank_col + d_col) == (row, col):
                return self.move(letter)
        raise InvalidMoveError(f"tile {self.label(tile)!r} is not next to the blank", tile)

    def neighbors(self) -> Iterator[tuple[Moves, Board]]:
        """Yield (move, board) for each board one blank move away.

        >>> [m for m, _ in Board.goal(2, 2).neighbors()]
        [Moves('U'), Moves('L')]
        """
        for letter in self.legal_moves():
            yield Moves(letter), self.move(letter)

    def transpose(self) -> Board:
        """Return the board mirrored about its main diagonal (rows become columns).

        >>> Board([[1, 2, 3], [4, 5, 0]]).transpose().to_rows()
        [[1, 4], [2, 5], [3, 0]]
        """
        r, c = self.rows, self.cols
        tiles = tuple(self.tiles[i * c + j] for j in range(c) for i in range(r))
        return trusted_board(c, r, tiles, self.labels)

    # -- COS 226 conveniences ------------------------------------------------

    def hamming(self, goal: Board | None = None) -> int:
        """Return the number of tiles out of place (the ``misplaced`` heuristic).

        >>> Board("8 1 3/4 0 2/7 6 5").hamming()
        5
        """
        return geometry.misplaced(self.tiles, self._goal_tiles(goal))

    def manhattan(self, goal: Board | None = None) -> int:
        """Return the sum of the tiles' row and column distances to their goal cells.

        >>> Board("8 1 3/4 0 2/7 6 5").manhattan()
        10
        """
        return geometry.manhattan(self.cols, self.tiles, self._goal_tiles(goal))

    def _goal_tiles(self, goal: Board | None) -> tuple[int, ...]:
        """The goal's tiles (blank last by default), after checking it fits this board."""
        if goal is None:
            return Board.goal(self.rows, self.cols).tiles
        if goal.shape != self.shape:
            raise GoalMismatchError(
                f"the goal is {goal.rows}x{goal.cols}, the board {self.rows}x{self.cols}", goal
            )
        return goal.tiles


def trusted_board(
    rows: int, cols: int, tiles: tuple[int, ...], labels: tuple[Hashable, ...] | None = None
) -> Board:
    """A board built without validation: its tiles are derived from a valid board's."""
    board = object.__new__(Board)
    board._fill(rows, cols, tiles, labels)
    return board
