"""Checking a heuristic against exact distances: admissible, consistent, 0 at the goal, whole.

>>> from slidingtiles.heuristics import manhattan
>>> report = check(lambda board, goal: 2 * manhattan(board, goal), shape=(2, 3))
>>> report.admissible.holds, report.consistent.holds, report.boards
(False, False, 360)
>>> report.admissible.nearest.board.to_text(), report.admissible.nearest.distance
('1 2 0/4 5 3', 1)

`check` is the one judge of a heuristic's claims: the report a user reads,
the testing helpers (`slidingtiles.testing`) and `solve`'s own check of a
claim before it reports ``optimal=True`` (`verify_claims`) all come from it.
Exhaustive where every board of the shape fits (`exact_distances`: one
breadth-first search from the goal), sampled above (true distances from the
tile engine's optimal IDA*, on random walks of spread lengths, every board
of each optimal path counted at its own distance).
"""

from __future__ import annotations

import importlib
import logging
import warnings
from collections.abc import Callable, Hashable
from typing import TYPE_CHECKING, Any, TypeAlias

import attrs

from slidingtiles._board.board import Board
from slidingtiles._board.coerce import GoalLike, board_and_goal
from slidingtiles._board.solvability import solvable_count
from slidingtiles._errors import (
    ClaimCheckWarning,
    HeuristicClaimError,
    HeuristicTypeError,
    InvalidOptionError,
    OptionTypeError,
    UnknownHeuristicError,
)
from slidingtiles._heuristics import registry
from slidingtiles._heuristics.compiled import info_of_callable
from slidingtiles._heuristics.registry import Heuristic, HeuristicInfo
from slidingtiles._heuristics.report import CheckReport, as_number, moves_text
from slidingtiles._heuristics.values import bad_value, searching, whole
from slidingtiles.search import Deadline
from slidingtiles.search._checks import check_callback, check_limits

if TYPE_CHECKING:  # the module itself needs numpy: loaded by name when used
    from slidingtiles._heuristics.exact import ExactDistances

__all__ = [
    "EXHAUSTIVE_BOARDS",
    "HeuristicSpec",
    "check",
    "exact_distances",
    "for_search",
    "resolve",
    "verify_claims",
]

#: A heuristic as `check`, `compare` and `solve` accept it: a registered name, a
#: `HeuristicInfo`, or a callable ``h(board, goal)``.
HeuristicSpec: TypeAlias = "str | HeuristicInfo | Heuristic"

#: Shapes with at most this many solvable boards are checked exhaustively by default (every
#: shape of up to 9 cells: 3x3 has 181,440), and `solve` checks claims there on first use.
EXHAUSTIVE_BOARDS = 181_440

_LOG = logging.getLogger("slidingtiles")


def resolve(heuristic: object) -> HeuristicInfo:
    """The `HeuristicInfo` a name, an info or a callable stands for (a callable: no claims).

    >>> resolve("hamming").name, resolve(lambda b, g: 0).admissible
    ('misplaced', False)

    A registered function is found by identity, as `solve` finds it; a
    `CompiledHeuristic` carries the claims it was made with.
    """
    if isinstance(heuristic, HeuristicInfo):
        return heuristic
    if isinstance(heuristic, str):
        if heuristic == "auto":
            raise UnknownHeuristicError(
                "'auto' is not a heuristic but solve's choice of one; name a heuristic "
                f"({', '.join(registry.names())})",
                heuristic,
            )
        return registry.get(heuristic)
    if callable(heuristic):
        return info_of_callable(heuristic)
    raise HeuristicTypeError(
        f"a heuristic is a registered name, a HeuristicInfo or a callable h(board, goal), "
        f"not {heuristic!r}",
        heuristic,
    )


def _count(value: object, name: str, least: int) -> int:
    """An int option >= ``least``, or the documented error naming it."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise OptionTypeError(f"{name} must be an int, not {value!r}", value, option=name)
    if value < least:
        raise InvalidOptionError(
            f"{name} must be at least {least}, not {value!r}", value, option=name
        )
    return value


def _goal(shape: tuple[int, int], goal: GoalLike | str) -> Board:
    """The goal board: ``goal`` itself (its shape wins), or the shape's blank-last/first goal."""
    if goal is None or goal in ("last", "first"):
        return board_and_goal(Board.goal(*shape), goal)[1]
    return board_and_goal(goal)[0]


def check(
    heuristic: HeuristicSpec,
    shape: tuple[int, int] = (3, 3),
    goal: GoalLike | str = None,
    *,
    max_boards: int = EXHAUSTIVE_BOARDS,
    samples: int = 200,
    max_walk: int | None = None,
    seed: int = 0,
    examples: int = 5,
    time_limit: float | None = None,
    progress: Callable[[int, int], object] | None = None,
) -> CheckReport:
    """Check a heuristic against true distances: admissible, consistent, 0 at the goal, whole.

    >>> report = check("manhattan", shape=(3, 3))
    >>> report.ok, report.exhaustive, report.boards, report.moves
    (True, True, 181440, 241920)
    >>> check("inversions", shape=(2, 3)).admissible.holds
    False

    Args:
        heuristic: a registered name, a `HeuristicInfo`, or a callable
            ``h(board, goal)`` (registered ones are found by identity and
            carry their claims).
        shape: ``(rows, cols)`` of the boards to check.
        goal: the goal (any form `solve` takes, ``"first"``/``"last"``);
            None: the blank last. Its shape wins over ``shape``.
        max_boards: check every solvable board when the shape has at most
            this many (default 181,440: every shape up to 9 cells; 2x5 has
            1,814,400, the 12-cell shapes 239,500,800); otherwise sample.
        samples: a sampled check's number of random walks from the goal, each
            solved optimally (the tile engine's IDA* with linear conflict); every
            board on each optimal path is checked at its own distance, and each
            one's moves for consistency.
        max_walk: the longest walk (default 4 moves per cell); walk lengths
            are drawn evenly from 1 to it, so the boards spread over the depths
            the walks reach.
        seed: makes a sampled check repeatable (the same seed, the same boards).
        examples: how many of the worst counterexamples to keep per property.
        time_limit: raise `SearchLimitExceeded` after about this many seconds.
        progress: called now and then with ``(done, total)`` boards (walks
            when sampled).

    Returns:
        A `CheckReport`: each property with its failures, cases and worst
        counterexamples, the registered claims, the coverage and the time.

    Raises:
        HeuristicError: the heuristic raised, or returned NaN or an infinity
            (`HeuristicTypeError`: None or another non-number), naming the
            board. Negative, fractional and non-zero-at-the-goal values are
            reported, not raised.
        InvalidBoardError, InvalidOptionError: a bad shape, goal or option.
        SearchLimitExceeded: the time limit was reached.

    Cost: an exhaustive check calls the heuristic once per board, plus one
    breadth-first search per goal (kept for the next check): 3x3 takes about
    1.5 s for a heuristic written in Python over `Board` (docs/heuristics.md).
    A sampled check costs its optimal searches, whose depth ``max_walk``
    bounds. A passing exhaustive check of a registered heuristic also counts
    as `solve`'s own check of its claims on that shape and goal.
    """
    info = resolve(heuristic)
    for value, name in ((max_boards, "max_boards"), (samples, "samples"), (examples, "examples")):
        _count(value, name, 0 if name == "examples" else 1)
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise OptionTypeError(f"seed must be an int, not {seed!r}", seed, option="seed")
    if not (isinstance(shape, tuple) and len(shape) == 2):
        raise OptionTypeError(f"shape must be (rows, cols), not {shape!r}", shape, option="shape")
    target = _goal(shape, goal)
    walk = _count(4 * target.size if max_walk is None else max_walk, "max_walk", 1)
    _, seconds, _ = check_limits("check", time_limit=time_limit, documented=True)
    check_callback("check", "progress", progress, "(done, total) -> None", True)
    clock = Deadline(seconds)
    count = solvable_count(target.rows, target.cols)
    exhaustive = count <= max_boards and target.size <= _load("exact").MAX_CELLS
    claims = None
    if info.admissible or info.consistent or registry.registry().get(info.name) is info:
        claims = {"admissible": info.admissible, "consistent": info.consistent}
    report: CheckReport = _load("tally").measure(
        info, target, exhaustive, examples, clock, (samples, seed, walk), progress, claims
    )
    if exhaustive:
        _remember(info, target, report)
    return report


def exact_distances(goal: Board, clock: Deadline | None = None) -> ExactDistances:
    """Every solvable board's true distance to ``goal`` (`slidingtiles._heuristics.exact`).

    >>> exact_distances(Board.goal(2, 2)).diameter
    6

    Loaded by name on first use, as the engine loads its numpy kernels, so
    that importing the package does not import numpy; kept per goal. With a
    ``clock``, the search looks at it between layers (`SearchLimitExceeded`).
    """
    what = f"finding every {goal.rows}x{goal.cols} board's distance"
    tick = None if clock is None else (lambda: clock.remaining(what))
    exact: ExactDistances = _load("exact").exact_distances(goal, tick)
    return exact


def boards_at(goal: Board, distance: int, option: str) -> Any:
    """The boards exactly ``distance`` moves from ``goal``, one per row (a numpy array).

    >>> boards_at(Board.goal(2, 2), 6, "depth").tolist()
    [[0, 3, 2, 1]]

    For shapes of at most `EXHAUSTIVE_BOARDS` boards (`exact_distances`).
    Raises `InvalidOptionError` naming ``option`` when no board is that far.
    """
    exact = exact_distances(goal)
    layer = exact.layer(distance)
    if not len(layer):
        raise InvalidOptionError(
            f"no {goal.rows}x{goal.cols} board is {distance} moves from {goal.to_text()} "
            f"(the farthest are {exact.diameter})",
            distance,
            option=option,
        )
    return layer


def _load(name: str) -> Any:
    """A module of this package that needs numpy, imported on first use (``"exact"``, ...)."""
    return importlib.import_module(f"slidingtiles._heuristics.{name}")


# -- solve's check of a claim -------------------------------------------------------------

# (info, rows, cols, goal tiles) -> the error the claims earned (None: they hold).
_VERIFIED: dict[tuple[Hashable, ...], Exception | None] = {}


def _key(info: HeuristicInfo, goal: Board) -> tuple[Hashable, ...] | None:
    key = (info, goal.rows, goal.cols, goal.tiles)
    try:
        hash(key)
    except TypeError:  # a callable that cannot be hashed: checked on every solve
        return None
    return key


def _claim_error(info: HeuristicInfo, report: CheckReport) -> Exception | None:
    """The error a report's failures earn a heuristic's claims (None when nothing fails)."""
    rows, cols = report.goal.shape
    coverage = f"{report.boards:,} {rows}x{cols} boards"
    name = info.name
    if not report.whole_numbers.holds:
        example = report.whole_numbers.examples[0]
        return bad_value(name, example.board.tiles, report.goal, as_number(example.value))
    if not report.zero_at_goal.holds:
        return HeuristicClaimError(
            f"heuristic {name!r} returned {as_number(report.zero_at_goal.examples[0].value)} on "
            f"its goal {report.goal.to_text()}: a heuristic is 0 at the goal",
            report.zero_at_goal.examples[0].value,
            heuristic=name,
            board=report.goal,
            claim="admissible",
            distance=0,
        )
    if info.admissible and not report.admissible.holds:
        nearest = report.admissible.nearest
        assert nearest is not None  # it fails somewhere
        example = nearest
        return HeuristicClaimError(
            f"heuristic {name!r} is registered admissible=True, but it overestimates: "
            f"h = {as_number(example.value)} on {example.board.to_text()}, which is "
            f"{moves_text(example.distance)} from the goal {report.goal.to_text()} (it "
            f"overestimates on {report.admissible.failures:,} of {coverage}; "
            f"heuristics.check({name!r}, "
            f"shape=({rows}, {cols})) lists the worst); register it with admissible=False",
            example.value,
            heuristic=name,
            board=example.board,
            claim="admissible",
            distance=example.distance,
        )
    if info.consistent and not report.consistent.holds:
        jump = report.consistent.nearest
        assert jump is not None  # it fails somewhere
        example = jump
        away = "?" if example.neighbour is None else example.neighbour.to_text()  # one line
        return HeuristicClaimError(
            f"heuristic {name!r} is registered consistent=True, but one move changes it by "
            f"more than one: h = {as_number(example.value)} on {example.board.to_text()} and "
            f"{as_number(example.neighbour_value)} on {away} (on "
            f"{report.consistent.failures:,} of {report.moves:,} moves of the {coverage}); "
            "register it with consistent=False",
            example.value,
            heuristic=name,
            board=example.board,
            claim="consistent",
            distance=example.distance,
            neighbour=example.neighbour,
        )
    return None


def _remember(info: HeuristicInfo, goal: Board, report: CheckReport) -> None:
    """Keep an exhaustive check's verdict on a claimed heuristic for `verify_claims`."""
    key = _key(info, goal)
    if key is not None and (info.admissible or info.consistent):
        _VERIFIED[key] = _claim_error(info, report)


def verify_claims(info: HeuristicInfo, goal: Board, clock: Deadline | None = None) -> None:
    """Raise if the heuristic's registered claims are false on the goal's shape; else return.

    >>> from slidingtiles.heuristics import manhattan
    >>> twice = HeuristicInfo("twice", lambda b, g: 2 * manhattan(b, g), admissible=True,
    ...                       consistent=False)
    >>> verify_claims(twice, Board.goal(2, 3))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    slidingtiles._errors.HeuristicClaimError: heuristic 'twice' is registered admissible=True, but it overestimates: h = 2 on 1 2 0/4 5 3, which is 1 move from the goal 1 2 3/4 5 0 ...

    What `solve` asks before it reports a solution optimal on the strength
    of ``admissible=True`` (and relies on ``consistent=True``): an exhaustive
    `check` on shapes of at most `EXHAUSTIVE_BOARDS` boards (every shape up
    to 9 cells), once per process, heuristic, shape and goal; the verdict is
    kept (a passing `check` of the same heuristic counts too). Larger shapes
    get a sampled check (`claims.sampled_claims`: the boards nearest the goal
    and optimal paths from random walks, about 0.2 s, announced by a
    `ClaimCheckWarning` past a second), once per process too. Built-in
    heuristics, which the test suite checks, are trusted. Raises `HeuristicClaimError` with a counterexample (the
    board nearest the goal that it overestimates on), or `HeuristicError`
    for a value that is not a whole number >= 0. With a ``clock``, a check
    the time left cannot pay for is refused (`SearchLimitExceeded`) before
    it starts.
    """  # noqa: E501
    if not (info.admissible or info.consistent) or registry.is_builtin(info):
        return
    key = _key(info, goal)
    if key is not None and key in _VERIFIED:
        error = _VERIFIED[key]
        if error is not None:
            raise error
        return
    count = solvable_count(goal.rows, goal.cols)
    if count > EXHAUSTIVE_BOARDS:
        error = _sampled(info, goal)
        if key is not None:
            _VERIFIED[key] = error
        if error is not None:
            raise error
        return
    seconds = count * 6e-6  # measured: about 1.5 s for 3x3 with a heuristic over Boards
    what = (
        f"checking heuristic {info.name!r}'s claims on all {count:,} {goal.rows}x{goal.cols} "
        "boards (once per process; heuristics.check does it ahead)"
    )
    if clock is not None and not clock.affords(seconds):
        raise clock.refuse(what, seconds)
    if seconds >= 0.5:
        _LOG.info("%s: about %.1f s", what, seconds)
    limit = None if clock is None else clock.remaining(what)
    report = check(info, goal=goal, examples=3, time_limit=limit)
    error = _claim_error(info, report)
    if key is not None:
        _VERIFIED[key] = error
    if error is not None:
        raise error


def _sampled(info: HeuristicInfo, goal: Board) -> Exception | None:
    """The sampled check of `claims.sampled_claims`, announced when it took over a second."""
    claims = _load("claims")
    error = claims.sampled_claims(info, goal)
    seconds = claims.seconds_spent()
    if seconds > 1:
        warnings.warn(
            f"checking heuristic {info.name!r}'s claims on a sample of {goal.rows}x{goal.cols} "
            f"boards took {seconds:.1f} s (once per process, shape and goal; a faster "
            "heuristic, or heuristics.compiled, makes it quicker)",
            ClaimCheckWarning,
            stacklevel=2,
        )
    return error if isinstance(error, Exception) else None


def for_search(
    info: HeuristicInfo,
    function: Callable[[tuple[int, ...]], float],
    start: Board,
    goal: Board,
    clock: Deadline | None = None,
) -> Callable[[Any], float]:
    """``state -> h`` for `solve`'s generic search: a user's heuristic checked, its claims too.

    >>> from slidingtiles.heuristics import get
    >>> h = for_search(get("manhattan"), get("manhattan").for_goal(Board.goal(2, 2)),
    ...                Board("1 2/0 3"), Board.goal(2, 2))
    >>> class State:
    ...     tiles = (1, 2, 0, 3)
    >>> h(State())
    1

    ``function`` is the heuristic specialised to the goal (tiles -> value).
    A built-in heuristic is trusted: its values on the start and the goal are
    checked once, then it runs bare. Any other is wrapped so that every value
    is checked as it comes (`HeuristicError` naming the heuristic and the
    board, whatever the algorithm), must be 0 at the goal, and has its claims
    checked by `verify_claims` before the search starts.
    """
    if registry.is_builtin(info):
        for board in (start, goal):
            value = function(board.tiles)
            if whole(value) is None:
                raise bad_value(info.name, board.tiles, goal, value)
        return lambda state: function(state.tiles)
    h = searching(info.name, function, goal)
    start_state, goal_state = _Tiles(start.tiles), _Tiles(goal.tiles)
    h(start_state)
    at_goal = h(goal_state)
    if at_goal != 0:
        raise HeuristicClaimError(
            f"heuristic {info.name!r} returned {at_goal} on its goal {goal.to_text()}: a "
            "heuristic is 0 at the goal",
            at_goal,
            heuristic=info.name,
            board=goal,
            claim="admissible",
            distance=0,
        )
    verify_claims(info, goal, clock)
    return h


@attrs.frozen
class _Tiles:
    """A bare holder of tiles, as the search's states hold them."""

    tiles: tuple[int, ...]
