"""Parsing: user input (rows, flat sequences, text) checked and turned into tile tuples.

>>> token_rows("1 2 3/4 5 6/7 8 0")
[['1', '2', '3'], ['4', '5', '6'], ['7', '8', '0']]
>>> check_tiles([1, 2, 0, 3], 2, 2, "input")
(1, 2, 0, 3)

The first step of the data path: every `Board` constructor validates here,
once, with errors naming the bad value (`InvalidBoardError`).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from slidingtiles._errors import InvalidBoardError

__all__ = [
    "BLANK_TOKENS",
    "LABEL_BLANKS",
    "MAX_CELLS",
    "check_shape",
    "check_tiles",
    "flat_from",
    "is_int",
    "token_rows",
    "token_value",
]

#: Largest board accepted (cells). Far beyond optimal search, enough for
#: constructive solving of 1000 x 1000; larger inputs are refused, not attempted.
MAX_CELLS = 1_000_000

BLANK_TOKENS = frozenset({"0", "_", "."})
LABEL_BLANKS = (None, "", " ", "_", ".")
TOKEN_SPLIT = re.compile(r"[\s,;]+")


def is_int(value: object) -> bool:
    """Whether a value is an int and not a bool."""
    return isinstance(value, int) and not isinstance(value, bool)


def check_shape(rows: object, cols: object) -> tuple[int, int]:
    """Return ``(rows, cols)`` if they make a board of 2 to `MAX_CELLS` cells; else raise."""
    if (
        not (isinstance(rows, int) and isinstance(cols, int))
        or isinstance(rows, bool)
        or (isinstance(cols, bool))
    ):
        raise InvalidBoardError(
            f"board shape must be two integers, not {(rows, cols)!r}", (rows, cols)
        )
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


def check_tiles(
    tiles: Sequence[object], rows: int, cols: int, original: object
) -> tuple[int, ...]:
    """Return the tiles as ints if they are 0..rows*cols-1, each once; else raise."""
    size = rows * cols
    if len(tiles) != size:
        raise InvalidBoardError(
            f"a {rows}x{cols} board needs {size} tiles, got {len(tiles)}", original
        )
    for tile in tiles:
        if not is_int(tile):
            raise InvalidBoardError(
                f"tile {tile!r} is not an integer (0 is the blank; for labelled tiles use "
                "Board.labelled)",
                original,
            )
    ints: tuple[int, ...] = tuple(tiles)  # type: ignore[arg-type]
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


def flat_from(value: object, shape: tuple[int, int] | None) -> tuple[int, int, list[object]]:
    """Turn nested rows or a flat sequence into (rows, cols, flat cells)."""
    if isinstance(value, (str, bytes)) or not isinstance(value, Sequence):
        raise InvalidBoardError(
            f"a board must be rows of tiles, a flat sequence or text, not {value!r}", value
        )
    items = list(value)
    if not items:
        raise InvalidBoardError("a board needs at least 2 cells, got an empty sequence", value)
    nested = [isinstance(item, Sequence) and not isinstance(item, (str, bytes)) for item in items]
    if all(nested):
        width = len(items[0])
        for number, row in enumerate(items, 1):
            if len(row) != width:
                raise InvalidBoardError(
                    f"row {number} has {len(row)} tiles but row 1 has {width}", value
                )
        flat = [cell for row in items for cell in row]
        rows, cols = len(items), width
        if shape is not None and tuple(shape) != (rows, cols):
            raise InvalidBoardError(
                f"shape {tuple(shape)} does not match the {rows}x{cols} rows given", value
            )
        return rows, cols, flat
    if any(nested):
        raise InvalidBoardError("mix of rows and single tiles: give rows of equal length", value)
    if shape is None:
        side = round(len(items) ** 0.5)
        if side * side != len(items):
            raise InvalidBoardError(
                f"{len(items)} tiles do not make a square: give shape=(rows, cols)", value
            )
        shape = (side, side)
    rows, cols = check_shape(*shape)
    return rows, cols, items


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
