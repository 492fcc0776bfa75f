"""Parsing: user input (rows, flat sequences, text) checked and turned into tile tuples.

>>> token_rows("1 2 3/4 5 6/7 8 0")
[['1', '2', '3'], ['4', '5', '6'], ['7', '8', '0']]
>>> check_tiles([1, 2, 0, 3], 2, 2, "input")
(1, 2, 0, 3)

The first step of the data path: every `Board` constructor validates here,
once, with errors naming the bad value (`InvalidBoardError`). numpy input
(arrays, numpy integers) is recognised by protocol, never by importing numpy:
arrays through ``__array__`` and ``tolist`` (`plain`), integers through
`numbers.Integral`, which numpy registers its integer types with (`as_int`).
"""

from __future__ import annotations

import numbers
import re
from collections.abc import Sequence

from slidingtiles._errors import InvalidBoardError

__all__ = [
    "BLANK_TOKENS",
    "LABEL_BLANKS",
    "MAX_CELLS",
    "MAX_TEXT",
    "as_int",
    "as_shape",
    "check_shape",
    "check_tiles",
    "flat_from",
    "is_int",
    "is_number",
    "plain",
    "token_rows",
    "token_value",
]

#: Largest board accepted (cells). Far beyond optimal search, enough for
#: constructive solving of 1000 x 1000; larger inputs are refused, not attempted.
MAX_CELLS = 1_000_000
#: Longest board text read (characters): 16 per cell of the largest board, room for any
#: spacing; longer text is refused before it is split into tokens.
MAX_TEXT = 16 * MAX_CELLS

BLANK_TOKENS = frozenset({"0", "_", "."})
LABEL_BLANKS = (None, "", " ", "_", ".")
TOKEN_SPLIT = re.compile(r"[\s,;]+")
# Types `plain` returns at once: the common cases cost one set lookup.
_PLAIN_TYPES = frozenset({int, str, list, tuple})


def as_int(value: object) -> int | None:
    """Return an integer (an int or any numpy integer) as a plain int; None for anything else.

    >>> as_int(3), as_int(True), as_int(2.0), as_int("2")
    (3, None, None, None)

    Bools are not integers here (``True`` is not a tile), nor are whole
    floats (``2.0`` is more likely a computed value than a tile number).
    numpy integers (``np.int64``, ``np.uint8``...) pass: numpy registers them
    with `numbers.Integral`, so this needs no numpy import.
    """
    if type(value) is int:
        return value
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        return None
    return int(value)


def is_int(value: object) -> bool:
    """Whether a value is an integer (an int or a numpy integer) and not a bool."""
    return as_int(value) is not None


def is_number(value: object) -> bool:
    """Whether a value is a number of any kind (int, float, bool, numpy scalars...).

    >>> is_number(2.5), is_number(True), is_number("A")
    (True, True, False)
    """
    return type(value) is int or isinstance(value, numbers.Number)


def plain(value: object) -> object:
    """Return an array (numpy, or anything with ``__array__``) as nested lists; else ``value``.

    >>> plain([[1, 2], [3, 0]]), plain("1 2/3 0")
    ([[1, 2], [3, 0]], '1 2/3 0')

    Goes through the ``__array__`` protocol and ``tolist``, so numpy is never
    imported here: a numpy array of integers becomes lists of ints, one of
    strings lists of str. Scalars (numpy's too, which have ``ndim == 0``)
    come back unchanged. Raises `InvalidBoardError` for arrays of more than
    two dimensions.
    """
    if type(value) in _PLAIN_TYPES or getattr(value, "ndim", 1) == 0:
        return value
    to_array = getattr(type(value), "__array__", None)
    if to_array is None or isinstance(value, (str, bytes)):
        return value
    array = to_array(value)
    ndim = getattr(array, "ndim", 0)
    if ndim == 0 or not callable(getattr(array, "tolist", None)):
        return value
    if ndim > 2:
        raise InvalidBoardError(
            f"a board array must have 1 or 2 dimensions, not {ndim} (shape "
            f"{tuple(getattr(array, 'shape', ()))})",
            value,
        )
    return array.tolist()


def as_shape(shape: object) -> tuple[int, int]:
    """Return a ``(rows, cols)`` pair (of ints or numpy integers) as checked ints; else raise.

    >>> as_shape((2, 3))
    (2, 3)
    """
    shape = plain(shape)
    if isinstance(shape, (str, bytes)) or not isinstance(shape, Sequence) or len(shape) != 2:
        raise InvalidBoardError(f"shape must be a pair (rows, cols), not {shape!r}", shape)
    return check_shape(*shape)


def check_shape(rows: object, cols: object) -> tuple[int, int]:
    """Return ``(rows, cols)`` if they make a board of 2 to `MAX_CELLS` cells; else raise."""
    row_count, col_count = as_int(rows), as_int(cols)
    if row_count is None or col_count is None:
        raise InvalidBoardError(
            f"board shape must be two integers, not {(rows, cols)!r}", (rows, cols)
        )
    rows, cols = row_count, col_count
    if rows < 1 or cols < 1 or rows * cols < 2:
        raise InvalidBoardError(
            f"board shape {rows}x{cols} is too small: a board needs at least 2 cells", (rows, cols)
        )
    if rows * cols > MAX_CELLS:
        raise InvalidBoardError(
            f"board shape {rows}x{cols} has {rows * cols:,} cells; the limit is {MAX_CELLS:,}",
            (rows, cols),
        )
    return rows, cols


def check_tiles(tiles: Sequence[object], rows: int, cols: int, original: object) -> tuple[int, ...]:
    """Return the tiles as ints if they are 0..rows*cols-1, each once; else raise."""
    size = rows * cols
    if len(tiles) != size:
        raise InvalidBoardError(
            f"a {rows}x{cols} board needs {size} tiles, got {len(tiles)}", original
        )
    if all(type(tile) is int for tile in tiles):  # the common case, checked fast
        ints: tuple[int, ...] = tuple(tiles)  # type: ignore[arg-type]
    else:
        numbers_seen: list[int] = []
        for tile in tiles:
            number = as_int(tile)
            if number is None:
                raise InvalidBoardError(
                    f"tile {tile!r} is not an integer (0 is the blank; for labelled tiles use "
                    "Board.labelled)",
                    original,
                )
            numbers_seen.append(number)
        ints = tuple(numbers_seen)
    seen = [False] * size
    for tile in ints:
        if not 0 <= tile < size:
            raise InvalidBoardError(
                f"tile {tile} is out of range: a {rows}x{cols} board holds 0..{size - 1}", original
            )
        if seen[tile]:
            what = "blank (0)" if tile == 0 else f"tile {tile}"
            raise InvalidBoardError(f"duplicate {what} on the board", original)
        seen[tile] = True
    # Every cell is filled with distinct values in range, so all values are present.
    return ints


def flat_from(value: object, shape: object | None) -> tuple[int, int, list[object]]:
    """Turn nested rows or a flat sequence (lists, tuples, arrays) into (rows, cols, flat cells).

    >>> flat_from([[1, 2, 3], [4, 5, 0]], None)
    (2, 3, [1, 2, 3, 4, 5, 0])
    """
    original = value
    value = plain(value)
    if isinstance(value, (str, bytes)) or not isinstance(value, Sequence):
        raise InvalidBoardError(
            f"a board must be rows of tiles, a flat sequence, an array or text, not {value!r}",
            original,
        )
    items = list(value)
    if not items:
        raise InvalidBoardError("a board needs at least 2 cells, got an empty sequence", original)
    grid: list[Sequence[object]] = []
    if not all(type(item) is int for item in items):  # a flat list of ints has no rows
        items = [plain(item) for item in items]  # rows given as arrays become lists
        grid = [
            item
            for item in items
            if isinstance(item, Sequence) and not isinstance(item, (str, bytes))
        ]
    if len(grid) == len(items):
        width = len(grid[0])
        for number, row in enumerate(grid, 1):
            if len(row) != width:
                raise InvalidBoardError(
                    f"row {number} has {len(row)} tiles but row 1 has {width}", original
                )
        flat = [cell for row in grid for cell in row]
        rows, cols = len(items), width
        if shape is not None and as_shape(shape) != (rows, cols):
            raise InvalidBoardError(
                f"shape {as_shape(shape)} does not match the {rows}x{cols} rows given", original
            )
        return rows, cols, flat
    if grid:
        raise InvalidBoardError("mix of rows and single tiles: give rows of equal length", original)
    if shape is None:
        side = round(len(items) ** 0.5)
        if side * side != len(items):
            raise InvalidBoardError(
                f"{len(items)} tiles do not make a square: give shape=(rows, cols)", original
            )
        return (*check_shape(side, side), items)
    return (*as_shape(shape), items)


def token_rows(text: str) -> list[list[str]]:
    """Split board text into rows of tokens ("/" or newlines between rows; # comments)."""
    lines = text.split("/") if "/" in text else text.splitlines()
    rows = [
        [token for token in TOKEN_SPLIT.split(line.strip()) if token]
        for line in lines
        if not line.lstrip().startswith("#")
    ]
    return [row for row in rows if row]


def token_value(token: str, text: str) -> int:
    """Return a text token's tile number (0 for a blank token); else raise."""
    if token in BLANK_TOKENS:
        return 0
    try:
        return int(token)
    except ValueError:
        raise InvalidBoardError(
            f"{token!r} is not a tile number (use 0, '_' or '.' for the blank)", text
        ) from None
