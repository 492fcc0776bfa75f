"""Hypothesis strategies for boards and goals, and property checks for your own heuristics.

>>> from hypothesis import given
>>> from slidingtiles import testing
>>> @given(testing.boards((2, 3)))
... def test_boards_reach_the_goal(board):
...     assert is_solvable(board)
>>> test_boards_reach_the_goal()
>>> testing.assert_admissible("manhattan", max_examples=20)

For a test suite of your own: `boards` (of a shape, solvable or not, towards
a goal), `goals`, `shapes`, `scrambles` (random walks from a board) and
`boards_at_distance` (boards exactly d moves from their goal, the distance
checked by an exact oracle), and `assert_admissible` / `assert_consistent`,
which search for a counterexample with Hypothesis and shrink it to the
smallest shape and the board nearest the goal they can.

Hypothesis is an optional dependency: ``pip install "slidingtiles[testing]"``
brings it. Installed, it also knows how to draw a `Board` by itself
(``st.from_type(Board)``, or a test argument annotated ``Board``): the
package registers `boards` through Hypothesis's ``hypothesis`` entry point.
``import slidingtiles`` never imports Hypothesis.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from slidingtiles import Board, InvalidOptionError, OptionTypeError, is_solvable, scramble, solve
from slidingtiles._board.solvability import solvable_count
from slidingtiles._heuristics.check import EXHAUSTIVE_BOARDS, boards_at, exact_distances, resolve
from slidingtiles._heuristics.values import evaluate
from slidingtiles.heuristics import HeuristicSpec
from slidingtiles.search._checks import describe, whole_number


def _hypothesis_setup_hook() -> None:
    """Teach Hypothesis to draw a `Board` (Hypothesis runs this through its entry point).

    Defined before this module imports Hypothesis: when this module is what
    first imports Hypothesis, Hypothesis calls the hook while the module is
    still loading, so the strategy is deferred until its first draw.
    """
    from hypothesis import strategies as hypothesis_strategies

    hypothesis_strategies.register_type_strategy(
        Board, hypothesis_strategies.deferred(lambda: boards(shapes(max_cells=16), solvable=None))
    )


try:
    from hypothesis import HealthCheck, Phase, Verbosity, assume, given, settings
    from hypothesis import strategies as st
except ImportError as _missing:  # pragma: no cover - the test suite has Hypothesis
    raise ImportError(
        "slidingtiles.testing needs Hypothesis, an optional dependency: "
        'pip install "slidingtiles[testing]" (from a source checkout: pip install ".[testing]")'
    ) from _missing

__all__ = [
    "ORACLE_WALK",
    "SMALL_SHAPES",
    "WALKS",
    "assert_admissible",
    "assert_consistent",
    "boards",
    "boards_at_distance",
    "goals",
    "scrambles",
    "shapes",
]

#: Every shape whose boards an exact oracle covers cheaply, smallest first (3x3: 181,440).
SMALL_SHAPES: tuple[tuple[int, int], ...] = ((2, 2), (2, 3), (3, 2), (2, 4), (4, 2), (3, 3))
#: Above the exact oracle's shapes, `assert_admissible` draws boards this many random moves
#: at most from the goal, so that the optimal solver (its oracle there) answers in moments.
ORACLE_WALK = 30
#: The random walks `boards_at_distance` tries per board above the exact oracle's shapes.
WALKS = 50
# The optimal solver's heuristic where no table answers: no table to build or load first.
_ORACLE = "linear_conflict"
# The largest distance of the shapes whose diameter is known beyond the exact table's reach
# (4x4: 80 moves, Brüngger, Marzetta, Fukuda and Nievergelt 1999).
_DIAMETERS = {(4, 4): 80}

_Shape = tuple[int, int]
_ShapeLike = _Shape | st.SearchStrategy[_Shape]
_GoalLike = Board | str | None | st.SearchStrategy[Board]


def shapes(
    *, min_cells: int = 4, max_cells: int = 9, max_side: int = 4
) -> st.SearchStrategy[_Shape]:
    """Board shapes ``(rows, cols)``, both sides >= 2, shrinking to the fewest cells.

    >>> from hypothesis import find
    >>> find(shapes(max_cells=6), lambda shape: True)  # the simplest: the fewest cells
    (2, 2)
    """
    for name, value in (("min_cells", min_cells), ("max_cells", max_cells), ("max_side", max_side)):
        whole_number("shapes", name, value)
    options = sorted(
        (
            (r, c)
            for r in range(2, max_side + 1)
            for c in range(2, max_side + 1)
            if min_cells <= r * c <= max_cells
        ),
        key=lambda shape: (shape[0] * shape[1], shape),
    )
    if not options:
        raise InvalidOptionError(
            f"no shape has between {min_cells} and {max_cells} cells with sides up to {max_side}",
            (min_cells, max_cells, max_side),
            option="max_cells",
        )
    return st.sampled_from(options)


def _shape_strategy(shape: _ShapeLike) -> st.SearchStrategy[_Shape]:
    """A strategy of shapes, or the documented error for a shape that is neither one nor a pair."""
    if isinstance(shape, st.SearchStrategy):
        return shape
    if not isinstance(shape, (tuple, list)) or len(shape) != 2:
        raise OptionTypeError(
            f"shape must be (rows, cols) or a strategy of them, got {describe(shape)}",
            shape,
            option="shape",
        )
    rows, cols = (whole_number("shape", "shape", side, 1) for side in shape)
    Board.goal(rows, cols)  # InvalidBoardError for a shape with too few or too many cells
    return st.just((rows, cols))


def _check_goal(goal: object) -> None:
    """The documented error for a goal that is no board, ``"last"``/``"first"``/None or strategy."""
    if goal is None or isinstance(goal, (Board, st.SearchStrategy)):
        return
    if isinstance(goal, str):
        if goal in ("last", "first"):
            return
        raise InvalidOptionError(
            f"goal must be a Board, 'last', 'first', None or a strategy, got {goal!r}",
            goal,
            option="goal",
        )
    raise OptionTypeError(
        f"goal must be a Board, 'last', 'first', None or a strategy, got {describe(goal)}",
        goal,
        option="goal",
    )


def goals(shape: _ShapeLike = (3, 3)) -> st.SearchStrategy[Board]:
    """Goal boards of a shape: any arrangement, shrinking to the usual blank-last goal.

    >>> from hypothesis import find
    >>> goal = find(goals((2, 2)), lambda goal: goal.blank == 0)
    >>> goal.shape, goal.blank
    ((2, 2), 0)
    """

    shaped = _shape_strategy(shape)

    @st.composite
    def draw_goal(draw: st.DrawFn) -> Board:
        rows, cols = draw(shaped)
        usual = Board.goal(rows, cols)
        return Board(draw(st.permutations(usual.tiles)), shape=(rows, cols))

    return draw_goal()


def _goal_for(draw: st.DrawFn, shape: _ShapeLike, goal: _GoalLike) -> Board:
    """The goal a strategy's argument stands for, drawn where it is a strategy."""
    if isinstance(goal, st.SearchStrategy):
        return draw(goal)
    if isinstance(goal, Board):
        return goal
    rows, cols = draw(_shape_strategy(shape))
    return Board.goal(rows, cols, blank="first" if goal == "first" else "last")


def boards(
    shape: _ShapeLike = (3, 3), goal: _GoalLike = None, *, solvable: bool | None = True
) -> st.SearchStrategy[Board]:
    """Boards of a shape: solvable towards ``goal`` (the default), unsolvable, or either.

    >>> from hypothesis import find
    >>> board = find(boards((3, 3), solvable=False), lambda board: True)
    >>> board.to_text(), is_solvable(board)
    ('2 1 3/4 5 6/7 8 0', False)

    Args:
        shape: ``(rows, cols)`` or a strategy of them (`shapes`); ignored
            when ``goal`` is a board.
        goal: a `Board`, ``"last"``/None or ``"first"``, or a strategy of
            boards (`goals`). Labels carry over.
        solvable: True for boards that can reach the goal, False for those
            that cannot, None for any arrangement.

    Boards shrink towards the goal itself (Hypothesis shrinks a permutation
    towards its original order). A parity fix (swapping the first two tiles
    that are not the blank) maps every board onto one of the asked-for kind,
    each of those drawn equally often, as `random_board` does. On a single
    row or column the tiles keep their order to be solvable, and no board
    is unsolvable with fewer than two tiles.

    Bad arguments raise `OptionTypeError` / `InvalidOptionError` (a bad shape:
    `InvalidBoardError`) when the strategy is made, not when it draws.
    """
    _options(shape, goal)
    if solvable not in (True, False, None):
        raise OptionTypeError(
            f"solvable must be True, False or None, got {describe(solvable)}",
            solvable,
            option="solvable",
        )

    @st.composite
    def draw_board(draw: st.DrawFn) -> Board:
        target = _goal_for(draw, shape, goal)
        rows, cols = target.shape
        tiles = list(draw(st.permutations(target.tiles)))
        if solvable is not None:
            if rows == 1 or cols == 1:
                order = [t for t in target.tiles if t]
                if not solvable:
                    assume(len(order) >= 2)
                    picked = [t for t in tiles if t]
                    if picked == order:
                        picked[0], picked[1] = picked[1], picked[0]
                    order = picked
                order.insert(draw(st.integers(0, len(order))), 0)
                tiles = order
            elif _solvable(tiles, target) != solvable:
                first, second = [i for i, t in enumerate(tiles) if t][:2]
                tiles[first], tiles[second] = tiles[second], tiles[first]
        return Board(tiles, shape=(rows, cols), labels=target.labels)

    return draw_board()


def _solvable(tiles: list[int], goal: Board) -> bool:
    """Whether these tiles (as numbers, labels aside) can reach the goal."""
    shape = goal.shape
    return is_solvable(Board(tiles, shape=shape), Board(goal.tiles, shape=shape))


def scrambles(
    board: _GoalLike = None, *, shape: _ShapeLike = (3, 3), max_moves: int = 30
) -> st.SearchStrategy[Board]:
    """``board`` (a goal by default) after up to ``max_moves`` random blank moves.

    >>> from hypothesis import find
    >>> board = find(scrambles(max_moves=10), lambda board: board.blank == 0)
    >>> is_solvable(board), len(solve(board)) <= 10
    (True, True)

    The moves are drawn one by one among the legal ones, so the walk shrinks
    to fewer moves and earlier directions: a counterexample found on a long
    scramble comes back as the shortest walk that still shows it. The result
    is at most ``max_moves`` from the board (often fewer: a walk may undo itself).
    A ``max_moves`` that is not a whole number >= 0 raises `OptionTypeError` /
    `InvalidOptionError`.
    """
    _options(shape, board)
    max_moves = whole_number("scrambles", "max_moves", max_moves)

    @st.composite
    def draw_walk(draw: st.DrawFn) -> Board:
        current = _goal_for(draw, shape, board)
        for _ in range(draw(st.integers(0, max_moves))):
            current = current.move(draw(st.sampled_from(str(current.legal_moves()))))
        return current

    return draw_walk()


def boards_at_distance(
    distance: int, shape: _ShapeLike = (3, 3), goal: _GoalLike = None
) -> st.SearchStrategy[Board]:
    """Boards exactly ``distance`` moves from their goal, the distance checked by an oracle.

    >>> from hypothesis import find
    >>> board = find(boards_at_distance(20), lambda board: True)
    >>> len(solve(board))
    20

    On shapes of up to 181,440 solvable boards (every shape up to 9 cells) the
    board is drawn from the exact distance table (one breadth-first search
    per goal, about 0.2 s for 3x3, kept for the next draws): every board at
    that distance can come up, and it shrinks to the first in the table. On
    larger shapes a random walk of ``distance`` moves is kept only when the
    optimal solver finds it exactly that far, up to `WALKS` walks per board
    (each solve held to `solve`'s reach rule): practical for distances up to
    about 20 on 4x4. A distance beyond the shape's largest (where it is known:
    the small shapes, 4x4's 80), or one that `WALKS` walks never reach, raises
    `InvalidOptionError`, as does a distance that is not a whole number >= 0
    (`OptionTypeError` for a type).
    """
    distance = whole_number("boards_at_distance", "distance", distance)
    _options(shape, goal)
    if isinstance(goal, Board) or not isinstance(shape, st.SearchStrategy):
        fixed = goal if isinstance(goal, Board) else Board.goal(*_pair(shape))
        _reachable(fixed, distance)  # refused when the strategy is made

    @st.composite
    def draw_board(draw: st.DrawFn) -> Board:
        target = _goal_for(draw, shape, goal)
        _reachable(target, distance)
        rows, cols = target.shape
        if solvable_count(rows, cols) <= EXHAUSTIVE_BOARDS:
            layer = boards_at(target, distance, "distance")
            tiles = layer[draw(st.integers(0, len(layer) - 1))].tolist()
            return Board(tiles, shape=(rows, cols), labels=target.labels)
        seed = draw(st.integers(0, 2**32 - 1))
        for walk in range(WALKS):
            walked = scramble(target, distance, seed=seed + walk)
            if len(solve(walked, target, heuristic=_ORACLE).moves) == distance:
                return walked
        raise InvalidOptionError(
            f"boards_at_distance: none of {WALKS} random walks of {distance} moves on "
            f"{rows}x{cols} ends {distance} moves from the goal; ask for a shorter distance",
            distance,
            option="distance",
        )

    return draw_board()


def _pair(shape: object) -> tuple[int, int]:
    """A shape already checked by `_shape_strategy`, as ``(rows, cols)``."""
    rows, cols = shape  # type: ignore[misc]
    return int(rows), int(cols)  # type: ignore[has-type]


def _options(shape: object, goal: object) -> None:
    """Check a strategy's shape and goal arguments (documented errors) before it draws."""
    _check_goal(goal)
    if not isinstance(goal, Board):
        _shape_strategy(shape)  # type: ignore[arg-type]


def _reachable(goal: Board, distance: int) -> None:
    """Raise `InvalidOptionError` when no board of ``goal``'s shape can be ``distance`` away."""
    rows, cols = goal.shape
    if solvable_count(rows, cols) <= EXHAUSTIVE_BOARDS:
        boards_at(goal, distance, "distance")
    elif distance > _DIAMETERS.get((rows, cols), distance):
        raise InvalidOptionError(
            f"no {rows}x{cols} board is {distance} moves from its goal (the farthest are "
            f"{_DIAMETERS[(rows, cols)]})",
            distance,
            option="distance",
        )


def _oracle_distance(board: Board, goal: Board) -> int:
    """The exact distance: from the table on small shapes, else the optimal solver."""
    if solvable_count(goal.rows, goal.cols) <= EXHAUSTIVE_BOARDS:
        found = exact_distances(goal).distance(board.tiles)
        assert found is not None, f"{board.to_text()} cannot reach {goal.to_text()}"
        return found
    return len(solve(board, goal, heuristic=_ORACLE).moves)


def _defaults(shape: _ShapeLike | None, goal: _GoalLike) -> st.SearchStrategy[Board]:
    """The goals a helper draws: the given one, or the blank-last goal of the small shapes."""
    _check_goal(goal)
    if isinstance(goal, st.SearchStrategy):
        return goal
    if isinstance(goal, Board):
        return st.just(goal)
    chosen = st.sampled_from(SMALL_SHAPES) if shape is None else _shape_strategy(shape)
    first = goal == "first"
    return chosen.map(lambda s: Board.goal(s[0], s[1], blank="first" if first else "last"))


def _run(test: Callable[..., None], max_examples: int, strategy: st.SearchStrategy[Any]) -> None:
    """Run ``test`` over ``strategy`` as a Hypothesis test with these settings.

    The failure is the helper's own message, the same under every profile (no reproduction
    blob: CI=true profiles print one, which names no test of the user's).
    """
    chosen = settings(
        max_examples=max_examples,
        deadline=None,
        database=None,
        print_blob=False,
        suppress_health_check=[HealthCheck.too_slow],
        verbosity=Verbosity.quiet,
        phases=[Phase.explicit, Phase.reuse, Phase.generate, Phase.shrink],
    )
    given(strategy)(chosen(test))()


def _judged(goal: Board) -> st.SearchStrategy[tuple[Board, Board]]:
    """``(board, goal)`` pairs an oracle can judge: any board on small shapes, walks above."""
    if solvable_count(goal.rows, goal.cols) <= EXHAUSTIVE_BOARDS:
        drawn = boards(goal=goal)
    else:
        drawn = scrambles(goal, max_moves=ORACLE_WALK)
    return st.tuples(drawn, st.just(goal))


def assert_admissible(
    heuristic: HeuristicSpec,
    *,
    shape: _ShapeLike | None = None,
    goal: _GoalLike = None,
    max_examples: int = 100,
) -> None:
    """Fail with the smallest counterexample Hypothesis finds if ``heuristic`` ever overestimates.

    >>> from slidingtiles.heuristics import manhattan
    >>> assert_admissible(lambda b, g: 2 * manhattan(b, g), max_examples=50)
    Traceback (most recent call last):
    ...
    AssertionError: heuristic '<lambda>' overestimates: h = 2 on 1 2/0 3, which is 1 move from the goal 1 2/3 0

    Args:
        heuristic: a registered name, a `HeuristicInfo` or ``h(board, goal)``.
        shape: ``(rows, cols)`` or a strategy of them; None draws from
            `SMALL_SHAPES`, shrinking to 2x2.
        goal: a `Board`, ``"last"``/None, ``"first"``, or a strategy (`goals`).
        max_examples: how many boards Hypothesis tries.

    Each board is compared with its exact distance: on shapes up to 9 cells
    any board (`boards`), against the exact table; above, boards at most
    `ORACLE_WALK` random moves from the goal (`scrambles`), against the
    optimal solver, so that the call stays quick on any shape. Boards shrink
    towards the goal, so a failure comes back small. The
    heuristic's values are held to what `solve` requires (`HeuristicError`
    for None, NaN, a negative or fractional value). For a verdict over every
    board of a shape at once, use `slidingtiles.heuristics.check`.
    """  # noqa: E501
    info = resolve(heuristic)
    max_examples = whole_number("assert_admissible", "max_examples", max_examples, 1)
    goals_drawn = _defaults(shape, goal)

    def test(pair: tuple[Board, Board]) -> None:
        board, target = pair
        value = evaluate(info.name, info.for_goal(target), board.tiles, target)
        distance = _oracle_distance(board, target)
        if value > distance:
            raise AssertionError(
                f"heuristic {info.name!r} overestimates: h = {value} on {board.to_text()}, "
                f"which is {_moves(distance)} from the goal {target.to_text()}"
            )

    _run(test, max_examples, goals_drawn.flatmap(_judged))


def assert_consistent(
    heuristic: HeuristicSpec,
    *,
    shape: _ShapeLike | None = None,
    goal: _GoalLike = None,
    max_examples: int = 100,
) -> None:
    """Fail with the smallest counterexample if one move changes ``heuristic`` by more than one.

    >>> assert_consistent("linear_conflict", max_examples=30)

    Also fails if the heuristic is not 0 at the goal. Arguments as for
    `assert_admissible`; no distances are needed, so any shape is cheap.
    Each drawn board is tried against every board one move away.
    """
    info = resolve(heuristic)
    max_examples = whole_number("assert_consistent", "max_examples", max_examples, 1)
    goals_drawn = _defaults(shape, goal)

    def test(pair: tuple[Board, Board]) -> None:
        board, target = pair
        h = info.for_goal(target)
        at_goal = evaluate(info.name, h, target.tiles, target)
        if at_goal != 0:
            raise AssertionError(
                f"heuristic {info.name!r} is {at_goal} on its goal {target.to_text()}, not 0"
            )
        value = evaluate(info.name, h, board.tiles, target)
        for _, neighbour in board.neighbors():
            other = evaluate(info.name, h, neighbour.tiles, target)
            if abs(value - other) > 1:
                raise AssertionError(
                    f"heuristic {info.name!r} is not consistent: h = {value} on "
                    f"{board.to_text()} but {other} one move away on {neighbour.to_text()}"
                )

    _run(test, max_examples, goals_drawn.flatmap(lambda g: st.tuples(boards(goal=g), st.just(g))))


def _moves(count: int) -> str:
    return f"{count} move" if count == 1 else f"{count} moves"
