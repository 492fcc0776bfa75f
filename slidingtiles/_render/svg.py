"""SVG pictures: a board, and a solution whose tiles slide in a loop (SMIL, no script).

>>> from slidingtiles import Board
>>> board_svg(Board("1 2/3 0")).count('class="tile"')
3

Each tile is a ``<g class="tile" data-tile="N">`` group placed by
``transform``, so the pages built on these pictures (`page`, `player`) move
it with one attribute. Labels are written by `markup.markup_text`.
"""

from __future__ import annotations

from collections.abc import Sequence

from slidingtiles._render.markup import markup_text
from slidingtiles._render.views import BoardView, SolutionView

__all__ = [
    "MOVE_WORDS",
    "PAD",
    "board_svg",
    "check_cell",
    "placement",
    "solution_svg",
    "tile_labels",
]

_GAP = 3  # pixels between tiles
PAD = 4  # pixels between the frame and the tiles
_TILE_FILL = "#f2c572"
_HOME_FILL = "#9fd59a"  # a tile already on its goal cell
_FRAME_FILL = "#5b4636"
_TEXT_FILL = "#2b2118"
#: The blank's moves in words, as the pages' captions name them.
MOVE_WORDS = {"U": "up", "D": "down", "L": "left", "R": "right"}


def check_cell(cell: object) -> int:
    """Return ``cell`` (a tile's size in pixels) if it is a whole number from 16 to 400."""
    if isinstance(cell, bool) or not isinstance(cell, int) or not 16 <= cell <= 400:
        raise ValueError(f"cell must be a whole number of pixels from 16 to 400, not {cell!r}")
    return cell


def placement(board: BoardView, cell: int) -> dict[str, int]:
    """What a page's script needs to place a tile as `board_svg` does: the grid, cell and padding.

    >>> from slidingtiles import Board
    >>> placement(Board("1 2 3/4 5 0"), 60)
    {'rows': 2, 'cols': 3, 'cell': 60, 'pad': 4}
    """
    return {"rows": board.rows, "cols": board.cols, "cell": cell, "pad": PAD}


def tile_labels(board: BoardView) -> list[str]:
    """The text drawn on each tile number (index 0, the blank, is never drawn)."""
    return [str(board.label(tile)) for tile in range(board.size)]


def _font_size(labels: Sequence[str], cell: int) -> float:
    """A size at which the longest label fits its tile (about 0.6 em per character)."""
    longest = max((len(label) for label in labels[1:]), default=1)
    return round(min(cell * 0.45, (cell - 2 * _GAP) / (0.62 * max(longest, 1))), 1)


def _origin(index: int, cols: int, cell: int) -> tuple[int, int]:
    row, col = divmod(index, cols)
    return PAD + col * cell, PAD + row * cell


def _svg_open(board: BoardView, cell: int, extra_height: int, css_class: str, label: str) -> str:
    width = board.cols * cell + 2 * PAD
    height = board.rows * cell + 2 * PAD + extra_height
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" class="{css_class}" role="img" '
        f'aria-label="{markup_text(label)}">'
        f'<rect class="frame" x="0" y="0" width="{width}" height="{board.rows * cell + 2 * PAD}" '
        f'rx="6" fill="{_FRAME_FILL}"/>'
    )


def _tile(tile: int, text: str, x: int, y: int, cell: int, font: float, home: bool) -> str:
    """One tile as a group placed by ``transform``, so moving it is one attribute change."""
    size = cell - _GAP
    fill = _HOME_FILL if home else _TILE_FILL
    return (
        f'<g class="tile" data-tile="{tile}" transform="translate({x},{y})">'
        f'<rect x="{_GAP / 2}" y="{_GAP / 2}" width="{size}" height="{size}" rx="5" '
        f'fill="{fill}" stroke="{_TEXT_FILL}" stroke-opacity="0.35"/>'
        f'<text x="{cell / 2}" y="{cell / 2}" font-size="{font}" text-anchor="middle" '
        f'dominant-baseline="central" font-family="sans-serif" font-weight="bold" '
        f'fill="{_TEXT_FILL}">{markup_text(text)}</text></g>'
    )


def board_svg(board: BoardView, *, goal: BoardView | None = None, cell: int = 60) -> str:
    """Return an SVG picture of a board: one square per tile, the blank left empty.

    >>> from slidingtiles import Board
    >>> svg = board_svg(Board("1 2/3 0"))
    >>> svg.startswith("<svg") and svg.count('class="tile"')
    3

    Tiles show their labels on labelled boards (XML-escaped), numbers
    otherwise. With ``goal``, tiles already on their goal cell are drawn in
    green. ``cell`` is the tile size in pixels (16 to 400). Each tile is a
    ``<g class="tile" data-tile="N">`` group, so pages can move it. O(cells).
    """
    cell = check_cell(cell)
    labels = tile_labels(board)
    font = _font_size(labels, cell)
    parts = [_svg_open(board, cell, 0, "slidingtiles-board", f"board {board.to_text()}")]
    for index, tile in enumerate(board.tiles):
        if tile:
            x, y = _origin(index, board.cols, cell)
            home = goal is not None and goal.tiles[index] == tile
            parts.append(_tile(tile, labels[tile], x, y, cell, font, home))
    parts.append("</svg>")
    return "".join(parts)


def _positions(boards: Sequence[BoardView]) -> list[list[int]]:
    """positions[k][tile] = the cell of ``tile`` on board k."""
    result = []
    for board in boards:
        where = [0] * board.size
        for index, tile in enumerate(board.tiles):
            where[tile] = index
        result.append(where)
    return result


def solution_svg(solution: SolutionView, *, cell: int = 60, seconds_per_move: float = 0.5) -> str:
    """Return an animated SVG that plays the solution's moves in a loop (SMIL, no script).

    >>> from slidingtiles import solve
    >>> svg = solution_svg(solve("1 2 3/4 0 6/7 5 8"))
    >>> svg.count("<animateTransform")
    8

    Each tile's ``animateTransform`` lists its position on every board of
    the solution in order, then holds the final board for one more step
    before starting over; a caption under the board gives the length. A
    solution of zero moves is a still picture. ``seconds_per_move`` must be
    positive. O(cells x moves).
    """
    cell = check_cell(cell)
    if isinstance(seconds_per_move, bool) or not (
        isinstance(seconds_per_move, (int, float)) and 0 < seconds_per_move < 3600
    ):
        raise ValueError(f"seconds_per_move must be a positive number, not {seconds_per_move!r}")
    boards = list(solution.boards)
    start = boards[0]
    labels = tile_labels(start)
    font = _font_size(labels, cell)
    caption_height = 24
    moves = len(solution.moves)
    kind = "optimal" if solution.optimal else "not proven optimal"
    summary = f"{moves} move{'s' * (moves != 1)} ({kind})"
    parts = [
        _svg_open(start, cell, caption_height, "slidingtiles-solution", f"solution: {summary}")
    ]
    frames = [*boards, boards[-1]]  # hold the goal one step before looping
    positions = _positions(frames)
    duration = seconds_per_move * (len(frames) - 1)
    key_times = ";".join(f"{k / (len(frames) - 1):.6g}" for k in range(len(frames)))
    for tile in range(1, start.size):
        x, y = _origin(positions[0][tile], start.cols, cell)
        group = _tile(tile, labels[tile], x, y, cell, font, home=False)
        if moves:
            values = ";".join(
                "{},{}".format(*_origin(where[tile], start.cols, cell)) for where in positions
            )
            group = group[: -len("</g>")] + (
                f'<animateTransform attributeName="transform" type="translate" '
                f'values="{values}" keyTimes="{key_times}" dur="{duration:g}s" '
                f'repeatCount="indefinite"/></g>'
            )
        parts.append(group)
    text_y = start.rows * cell + 2 * PAD + caption_height - 7
    parts.append(
        f'<text class="caption" x="{PAD}" y="{text_y}" font-size="13" '
        f'font-family="sans-serif" fill="{_TEXT_FILL}">{markup_text(summary)}</text>'
    )
    parts.append("</svg>")
    return "".join(parts)
