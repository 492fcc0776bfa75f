"""Move strings: the directions the blank travels, as a ``str`` subclass."""

from __future__ import annotations

from collections.abc import Iterable

from slidingtiles._errors import InvalidMoveError

__all__ = ["DIRECTIONS", "OPPOSITE", "Moves", "normalize_move"]

#: Blank displacement (row, column) for each direction letter.
DIRECTIONS: dict[str, tuple[int, int]] = {"U": (-1, 0), "D": (1, 0), "L": (0, -1), "R": (0, 1)}
#: The move that undoes each move.
OPPOSITE: dict[str, str] = {"U": "D", "D": "U", "L": "R", "R": "L"}

_ALIASES = {
    "U": "U",
    "UP": "U",
    "N": "U",
    "NORTH": "U",
    "D": "D",
    "DOWN": "D",
    "S": "D",
    "SOUTH": "D",
    "L": "L",
    "LEFT": "L",
    "W": "L",
    "WEST": "L",
    "R": "R",
    "RIGHT": "R",
    "E": "R",
    "EAST": "R",
}


def normalize_move(move: str) -> str:
    """Return the one-letter direction (``U``, ``D``, ``L``, ``R``) for a move name.

    >>> normalize_move("left"), normalize_move("d")
    ('L', 'D')

    Accepts the letters in either case and the words up/down/left/right (and
    the compass names). Raises `InvalidMoveError` naming anything else.
    """
    if not isinstance(move, str):
        raise InvalidMoveError(f"a move must be a direction string, not {move!r}", move)
    letter = _ALIASES.get(move.strip().upper())
    if letter is None:
        raise InvalidMoveError(
            f"unknown move {move!r}: use U, D, L or R (or up/down/left/right)", move
        )
    return letter


class Moves(str):
    """A sequence of blank moves (``"U"``, ``"D"``, ``"L"``, ``"R"``); a plain ``str`` too.

    >>> m = Moves("dlur")
    >>> m, len(m), m.inverse()
    (Moves('DLUR'), 4, Moves('LDRU'))
    >>> m.as_tile_moves()
    'URDL'

    Letters name the direction the *blank* travels; the tile that slides
    moves the opposite way (`as_tile_moves`). Construction normalises case and
    accepts an iterable of direction names; anything else raises
    `InvalidMoveError`. ``Moves("")`` is the empty solution.
    """

    __slots__ = ()

    def __new__(cls, moves: str | Iterable[str] = "") -> Moves:
        if isinstance(moves, Moves):
            return moves
        if isinstance(moves, str):
            text = moves.replace(" ", "").replace(",", "").upper()
            if text.strip("UDLR"):
                bad = next(ch for ch in text if ch not in "UDLR")
                raise InvalidMoveError(
                    f"unknown move {bad!r} in {moves!r}: use U, D, L or R", moves
                )
            return super().__new__(cls, text)
        return super().__new__(cls, "".join(normalize_move(m) for m in moves))

    def __repr__(self) -> str:
        return f"Moves({str.__repr__(self)})"

    def inverse(self) -> Moves:
        """Return the moves that undo these ones, last first.

        >>> Moves("UUL").inverse()
        Moves('RDD')
        """
        return Moves("".join(OPPOSITE[m] for m in reversed(self)))

    def as_tile_moves(self) -> str:
        """Return the same solution in the other convention: the direction each tile slides.

        >>> Moves("UL").as_tile_moves()
        'DR'
        """
        return "".join(OPPOSITE[m] for m in self)

    def words(self) -> tuple[str, ...]:
        """Return the moves as words, as the 15-puzzle tutorials print them.

        >>> Moves("UR").words()
        ('up', 'right')
        """
        names = {"U": "up", "D": "down", "L": "left", "R": "right"}
        return tuple(names[m] for m in self)
