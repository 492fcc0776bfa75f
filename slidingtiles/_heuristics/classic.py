"""The classic tile heuristics: misplaced tiles, Manhattan distance, linear conflict, inversions.

>>> manhattan(Board("8 1 3/4 0 2/7 6 5"), Board.goal(3, 3))
10

Every grid fact (goal cells, distances, line conflicts, inversions) comes from
`slidingtiles._board.geometry`, the one copy shared with boards and engines.
The functions ``h(board, goal)`` compute one value in O(cells) without
tables; the specialisations registered for the search (``specialize``)
precompute a goal's tables once, so each state costs only the lookups.
Importing this module registers the four heuristics.
"""

from __future__ import annotations

from slidingtiles._board import geometry
from slidingtiles._board.board import Board
from slidingtiles._heuristics.registry import FastHeuristic, register

__all__ = ["inversions", "linear_conflict", "manhattan", "misplaced"]


# -- misplaced tiles -----------------------------------------------------------


def _misplaced_for(goal: Board) -> FastHeuristic:
    # A closure, not functools.partial: passing the goal by keyword costs more per call.
    count, goal_tiles = geometry.misplaced, goal.tiles

    def h(tiles: tuple[int, ...]) -> int:
        return count(tiles, goal_tiles)

    return h


def misplaced(board: Board, goal: Board) -> int:
    """Return the number of tiles (blank excluded) not on their goal cell.

    >>> misplaced(Board("1 2 3/4 5 6/0 7 8"), Board.goal(3, 3))
    2

    Admissible and consistent: every misplaced tile needs at least one move,
    and a move changes one tile's place. O(n). Also registered as ``hamming``.
    """
    return geometry.misplaced(board.tiles, goal.tiles)


# -- Manhattan distance --------------------------------------------------------


def _distance_rows(goal: Board) -> list[list[int]]:
    """``rows[t][c]``: tile t's distance from cell c home, one list per tile (one index less)."""
    cells = goal.size
    flat = geometry.distance_table(goal.rows, goal.cols, goal.tiles)
    return [flat[t * cells : (t + 1) * cells] for t in range(cells)]


def _manhattan_for(goal: Board) -> FastHeuristic:
    table = _distance_rows(goal)

    def h(tiles: tuple[int, ...]) -> int:
        return sum([table[t][c] for c, t in enumerate(tiles)])

    return h


def manhattan(board: Board, goal: Board) -> int:
    """Return the sum over tiles of the row plus column distance to the tile's goal cell.

    >>> manhattan(Board("8 1 3/4 0 2/7 6 5"), Board.goal(3, 3))
    10

    Admissible and consistent: a move shifts one tile by one cell. O(n).
    """
    return geometry.manhattan(goal.cols, board.tiles, goal.tiles)


# -- linear conflict -----------------------------------------------------------


def _linear_conflict_for(goal: Board) -> FastHeuristic:
    rows, cols = goal.shape
    distance = _manhattan_for(goal)
    home = geometry.home_cells(goal.tiles)
    home_row = [cell // cols for cell in home]
    home_col = [cell % cols for cell in home]
    conflicts = geometry.line_conflicts
    row_spans = [(r, r * cols, (r + 1) * cols) for r in range(rows)]

    def h(tiles: tuple[int, ...]) -> int:
        removals = 0
        for r, begin, end in row_spans:
            removals += conflicts(tiles[begin:end], home_row, home_col, r)
        for c in range(cols):
            removals += conflicts(tiles[c::cols], home_col, home_row, c)
        return distance(tiles) + 2 * removals

    return h


def linear_conflict(board: Board, goal: Board) -> int:
    """Return Manhattan distance plus two moves per tile that must leave its line for others.

    >>> linear_conflict(Board("2 1 3/4 5 6/7 8 0"), Board.goal(3, 3))
    4

    For each row, take the tiles whose goal is in that row; the fewest of
    them to remove so that the rest stand in goal order is the row's
    conflict count (length minus the longest increasing run of goal
    columns); columns likewise. Each removed tile must step out of the line
    and back, two moves Manhattan distance does not count, so the sum stays
    admissible, and it changes by exactly one per move (consistent). The
    often-published variant that adds 2 for *every* pair in conflict counts
    a tile blocking several others more than once and overestimates (e.g.
    ``3 1 2`` in a goal row needs 2 extra moves, not 4). O(n log w) for
    width w.
    """
    rows, cols = goal.shape
    return geometry.manhattan(cols, board.tiles, goal.tiles) + 2 * geometry.linear_conflicts(
        rows, cols, board.tiles, goal.tiles
    )


# -- inversions (inadmissible guide) ------------------------------------------


def _inversions_for(goal: Board) -> FastHeuristic:
    count, goal_tiles = geometry.inversions, goal.tiles

    def h(tiles: tuple[int, ...]) -> int:
        return count(tiles, goal_tiles)

    return h


def inversions(board: Board, goal: Board) -> int:
    """Return the number of tile pairs out of goal order (reading row by row, blank skipped).

    >>> inversions(Board("2 1 3/4 5 6/7 8 0"), Board.goal(3, 3))
    1

    The 15-puzzle tutorials use it as a guide; it is *not* admissible (one
    vertical move can fix several inversions at once), so a search with it
    is not guaranteed optimal and `solve` says ``optimal=False``.
    """
    return geometry.inversions(board.tiles, goal.tiles)


register(
    "misplaced",
    misplaced,
    admissible=True,
    consistent=True,
    aliases=("hamming",),
    strength=10,
    description="tiles not on their goal cell",
    specialize=_misplaced_for,
)
register(
    "manhattan",
    manhattan,
    admissible=True,
    consistent=True,
    strength=20,
    description="sum of each tile's row and column distance to its goal",
    specialize=_manhattan_for,
)
register(
    "linear_conflict",
    linear_conflict,
    admissible=True,
    consistent=True,
    strength=30,
    aliases=("linear-conflict", "manhattan_linear_conflict"),
    description="Manhattan + 2 per tile that must leave its row or column to let others pass",
    specialize=_linear_conflict_for,
)
register(
    "inversions",
    inversions,
    admissible=False,
    consistent=False,
    strength=0,
    description="tile pairs out of goal order: a guide, not admissible",
    specialize=_inversions_for,
)
