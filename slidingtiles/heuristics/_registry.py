"""Tile heuristics and the registry that carries their guarantees."""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Callable
from typing import TypeAlias, overload

import attrs

from slidingtiles._board.board import Board
from slidingtiles._errors import UnknownHeuristicError
from slidingtiles._board.solvability import _inversions

__all__ = [
    "FastHeuristic",
    "Heuristic",
    "HeuristicInfo",
    "get",
    "inversions",
    "linear_conflict",
    "manhattan",
    "misplaced",
    "names",
    "register",
    "registry",
    "unregister",
]

#: A tile heuristic: ``h(board, goal) -> int``, an estimate of the moves left.
Heuristic: TypeAlias = Callable[[Board, Board], int]
#: A heuristic specialised to one goal, taking the board's flat tile tuple.
FastHeuristic: TypeAlias = Callable[[tuple[int, ...]], int]
#: Builds a `FastHeuristic` for a goal (the search's hot path uses it).
Specializer: TypeAlias = Callable[[Board], FastHeuristic]


@attrs.frozen
class HeuristicInfo:
    """A registered heuristic: the function plus the guarantees the search relies on.

    >>> info = get("manhattan")
    >>> info.admissible, info.consistent, info(Board("1 2 3/4 5 6/7 0 8"), Board.goal(3, 3))
    (True, True, 1)

    Attributes:
        name: the registry name.
        function: ``h(board, goal) -> int``.
        admissible: never overestimates the true distance (A* and IDA* are then optimal).
        consistent: changes by at most one per move (A* then never reopens a state).
        description: one line for listings.
        aliases: other names it answers to.
        strength: a rank among admissible heuristics; ``heuristic="auto"`` picks the highest
            that applies.
        specialize: optional ``goal -> (tiles -> int)`` factory giving the same values faster.
        applies_to: optional ``goal -> bool``: False where the heuristic does not fit the
            board or would be costly to prepare now (``"auto"`` then skips it); None means
            everywhere.
    """

    name: str
    function: Heuristic
    admissible: bool
    consistent: bool
    description: str = ""
    aliases: tuple[str, ...] = ()
    strength: int = 0
    specialize: Specializer | None = None
    applies_to: Callable[[Board], bool] | None = None

    def __call__(self, board: Board, goal: Board) -> int:
        return self.function(board, goal)

    def for_goal(self, goal: Board) -> FastHeuristic:
        """Return ``tiles -> h`` for a fixed goal (specialised when the heuristic offers it)."""
        if self.specialize is not None:
            return self.specialize(goal)
        function, rows, cols, labels = self.function, goal.rows, goal.cols, goal.labels
        return lambda tiles: function(Board._trusted(rows, cols, tiles, labels), goal)


_REGISTRY: dict[str, HeuristicInfo] = {}
_ALIASES: dict[str, str] = {}


@overload
def register(
    name: str,
    function: None = None,
    *,
    admissible: bool,
    consistent: bool = False,
    description: str = "",
    aliases: tuple[str, ...] = (),
    strength: int = 0,
    specialize: Specializer | None = None,
    applies_to: Callable[[Board], bool] | None = None,
    replace: bool = False,
) -> Callable[[Heuristic], Heuristic]: ...
@overload
def register(
    name: str,
    function: Heuristic,
    *,
    admissible: bool,
    consistent: bool = False,
    description: str = "",
    aliases: tuple[str, ...] = (),
    strength: int = 0,
    specialize: Specializer | None = None,
    applies_to: Callable[[Board], bool] | None = None,
    replace: bool = False,
) -> Heuristic: ...
def register(
    name: str,
    function: Heuristic | None = None,
    *,
    admissible: bool,
    consistent: bool = False,
    description: str = "",
    aliases: tuple[str, ...] = (),
    strength: int = 0,
    specialize: Specializer | None = None,
    applies_to: Callable[[Board], bool] | None = None,
    replace: bool = False,
) -> Heuristic | Callable[[Heuristic], Heuristic]:
    """Register a heuristic under a name, as a decorator or a direct call.

    >>> @register("blank_distance", admissible=False, description="blank to its goal cell")
    ... def blank_distance(board, goal):
    ...     (r, c), (gr, gc) = board.blank_position, goal.blank_position
    ...     return abs(r - gr) + abs(c - gc)
    >>> get("blank_distance").admissible
    False
    >>> unregister("blank_distance")

    ``admissible`` is required: say honestly whether the estimate can exceed
    the true distance, because `solve` reports ``optimal=True`` only for
    admissible heuristics. ``consistent`` (h drops by at most one per move)
    spares A* from reopening states. Consistency implies admissibility for a
    heuristic that is 0 at the goal, but declare both. Registering a taken
    name raises ``ValueError`` unless ``replace=True``.
    """
    if not isinstance(name, str) or not name.strip():
        raise ValueError(f"a heuristic name must be a non-empty string, not {name!r}")
    if consistent and not admissible:
        raise ValueError(f"heuristic {name!r}: a consistent heuristic is admissible; say so")

    def decorate(func: Heuristic) -> Heuristic:
        if not callable(func):
            raise TypeError(f"heuristic {name!r} must be callable, not {func!r}")
        for label in (name, *aliases):
            if not replace and (label in _REGISTRY or label in _ALIASES):
                raise ValueError(f"heuristic name {label!r} is taken (pass replace=True)")
        info = HeuristicInfo(
            name, func, admissible, consistent, description or (func.__doc__ or "").strip()
            .split("\n")[0], tuple(aliases), strength, specialize, applies_to,
        )  # fmt: skip
        _REGISTRY[name] = info
        for alias in aliases:
            _ALIASES[alias] = name
        return func

    return decorate if function is None else decorate(function)


def unregister(name: str) -> None:
    """Remove a heuristic and its aliases; raises `UnknownHeuristicError` if absent."""
    info = get(name)
    del _REGISTRY[info.name]
    for alias in info.aliases:
        _ALIASES.pop(alias, None)


def get(name: str) -> HeuristicInfo:
    """Return the registered heuristic with this name or alias.

    >>> get("hamming").name
    'misplaced'

    Raises `UnknownHeuristicError` listing the known names.
    """
    key = _ALIASES.get(name, name) if isinstance(name, str) else name
    try:
        return _REGISTRY[key]
    except (KeyError, TypeError):
        raise UnknownHeuristicError(
            f"unknown heuristic {name!r}; known: {', '.join(names())}", name
        ) from None


def names() -> list[str]:
    """Return the registered names (aliases not included), weakest first."""
    return [info.name for info in sorted(_REGISTRY.values(), key=lambda i: (i.strength, i.name))]


def registry() -> dict[str, HeuristicInfo]:
    """Return a snapshot of the registry, name to `HeuristicInfo`."""
    return dict(_REGISTRY)


def _goal_cells(goal: Board) -> list[int]:
    where = [0] * goal.size
    for cell, tile in enumerate(goal.tiles):
        where[tile] = cell
    return where


# -- misplaced tiles -----------------------------------------------------------


def _misplaced_for(goal: Board) -> FastHeuristic:
    goal_tiles = goal.tiles

    def h(tiles: tuple[int, ...]) -> int:
        return sum(1 for t, g in zip(tiles, goal_tiles) if t != g and t)

    return h


def misplaced(board: Board, goal: Board) -> int:
    """Return the number of tiles (blank excluded) not on their goal cell.

    >>> misplaced(Board("1 2 3/4 5 6/0 7 8"), Board.goal(3, 3))
    2

    Admissible and consistent: every misplaced tile needs at least one move,
    and a move changes one tile's place. O(n). Also registered as ``hamming``.
    """
    return _misplaced_for(goal)(board.tiles)


# -- Manhattan distance --------------------------------------------------------


def _distance_table(goal: Board) -> list[list[int]]:
    """table[tile][cell]: taxicab distance from cell to the tile's goal cell (0 for the blank)."""
    cols = goal.cols
    table = []
    for tile, home in enumerate(_goal_cells(goal)):
        hr, hc = divmod(home, cols)
        table.append(
            [0 if tile == 0 else abs(c // cols - hr) + abs(c % cols - hc) for c in range(goal.size)]
        )
    return table


def _manhattan_for(goal: Board) -> FastHeuristic:
    table = _distance_table(goal)

    def h(tiles: tuple[int, ...]) -> int:
        return sum([table[t][c] for c, t in enumerate(tiles)])

    return h


def manhattan(board: Board, goal: Board) -> int:
    """Return the sum over tiles of the row plus column distance to the tile's goal cell.

    >>> manhattan(Board("8 1 3/4 0 2/7 6 5"), Board.goal(3, 3))
    10

    Admissible and consistent: a move shifts one tile by one cell. O(n).
    """
    return _manhattan_for(goal)(board.tiles)


# -- linear conflict -----------------------------------------------------------


def _longest_increasing(values: list[int]) -> int:
    tails: list[int] = []
    for v in values:
        i = bisect_left(tails, v)
        if i == len(tails):
            tails.append(v)
        else:
            tails[i] = v
    return len(tails)


def _linear_conflict_for(goal: Board) -> FastHeuristic:
    rows, cols = goal.shape
    distance = _manhattan_for(goal)
    home = _goal_cells(goal)
    home_row = [cell // cols for cell in home]
    home_col = [cell % cols for cell in home]
    row_cells = [range(r * cols, (r + 1) * cols) for r in range(rows)]
    col_cells = [range(c, rows * cols, cols) for c in range(cols)]

    def h(tiles: tuple[int, ...]) -> int:
        removals = 0
        for r, cells in enumerate(row_cells):
            line = [home_col[t] for t in (tiles[i] for i in cells) if t and home_row[t] == r]
            if len(line) > 1:
                removals += len(line) - _longest_increasing(line)
        for c, cells in enumerate(col_cells):
            line = [home_row[t] for t in (tiles[i] for i in cells) if t and home_col[t] == c]
            if len(line) > 1:
                removals += len(line) - _longest_increasing(line)
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
    return _linear_conflict_for(goal)(board.tiles)


# -- inversions (inadmissible guide) ------------------------------------------


def _inversions_for(goal: Board) -> FastHeuristic:
    goal_tiles = goal.tiles
    return lambda tiles: _inversions(tiles, goal_tiles)


def inversions(board: Board, goal: Board) -> int:
    """Return the number of tile pairs out of goal order (reading row by row, blank skipped).

    >>> inversions(Board("2 1 3/4 5 6/7 8 0"), Board.goal(3, 3))
    1

    The 15-puzzle tutorials use it as a guide; it is *not* admissible (one
    vertical move can fix several inversions at once), so a search with it
    is not guaranteed optimal and `solve` says ``optimal=False``.
    """
    return _inversions(board.tiles, goal.tiles)


register(
    "misplaced", misplaced, admissible=True, consistent=True, aliases=("hamming",), strength=10,
    description="tiles not on their goal cell", specialize=_misplaced_for,
)  # fmt: skip
register(
    "manhattan", manhattan, admissible=True, consistent=True, strength=20,
    description="sum of each tile's row and column distance to its goal", specialize=_manhattan_for,
)  # fmt: skip
register(
    "linear_conflict", linear_conflict, admissible=True, consistent=True, strength=30,
    aliases=("linear-conflict", "manhattan_linear_conflict"),
    description="Manhattan + 2 per tile that must leave its row or column to let others pass",
    specialize=_linear_conflict_for,
)  # fmt: skip
register(
    "inversions", inversions, admissible=False, consistent=False, strength=0,
    description="tile pairs out of goal order: a guide, not admissible",
    specialize=_inversions_for,
)  # fmt: skip
