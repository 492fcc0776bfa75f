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

import logging
import math
import random
import time
from collections.abc import Callable, Hashable
from typing import Any, TypeAlias

import attrs
import numpy as np
from numpy.typing import NDArray

from slidingtiles._board.board import Board
from slidingtiles._board.coerce import GoalLike, board_and_goal
from slidingtiles._board.random import scramble
from slidingtiles._engine import dispatch
from slidingtiles._errors import (
    HeuristicClaimError,
    HeuristicTypeError,
    InvalidOptionError,
    OptionTypeError,
    UnknownHeuristicError,
)
from slidingtiles.heuristics import _registry
from slidingtiles.heuristics._exact import MAX_CELLS, exact_distances, solvable_count
from slidingtiles.heuristics._registry import Heuristic, HeuristicInfo
from slidingtiles.heuristics._values import bad_value, raised, searching
from slidingtiles.search._limits import Deadline

__all__ = [
    "EXHAUSTIVE_BOARDS",
    "CheckReport",
    "Counterexample",
    "HeuristicSpec",
    "Property",
    "check",
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
# Boards between two looks at the clock and the progress callback.
_STRIDE = 4096


@attrs.frozen
class Counterexample:
    """One board where a property fails.

    Attributes:
        board: the board.
        value: the heuristic's value there.
        distance: the board's true distance to the goal (None where unknown:
            a consistency example of a sampled check).
        neighbour: for consistency, the board one move away, else None.
        neighbour_value: the heuristic's value there, else None.
    """

    board: Board
    value: float
    distance: int | None = None
    neighbour: Board | None = None
    neighbour_value: float | None = None

    def to_dict(self) -> dict[str, Any]:
        """The example as JSON-ready values (boards as text)."""
        out: dict[str, Any] = {
            "board": self.board.to_text(), "value": _number(self.value),
            "distance": self.distance,
        }  # fmt: skip
        if self.neighbour is not None:
            out["neighbour"] = self.neighbour.to_text()
            out["neighbour_value"] = _number(self.neighbour_value)
        return out

    def __str__(self) -> str:
        text = f"h = {_number(self.value)} on {self.board.to_text()}"
        if self.distance is not None:
            text += f" ({_moves(self.distance)} from the goal)"
        if self.neighbour is not None:
            text += f", h = {_number(self.neighbour_value)} one move away on "
            text += self.neighbour.to_text()
        return text


@attrs.frozen
class Property:
    """How one property fared: how often it failed, of how many cases, and the worst cases.

    Attributes:
        name: ``"admissible"``, ``"consistent"``, ``"zero_at_goal"``, ``"whole_numbers"``.
        failures: the cases where it fails.
        cases: the cases looked at (boards; for consistency, moves).
        examples: the worst failures, worst first (admissible: the largest
            overestimate, nearest the goal first; consistent: the largest jump).
        nearest: the failure nearest the goal (the easiest to follow by hand),
            or None.
    """

    name: str
    failures: int
    cases: int
    examples: tuple[Counterexample, ...] = ()
    nearest: Counterexample | None = None

    @property
    def holds(self) -> bool:
        """True when no case failed."""
        return self.failures == 0

    @property
    def rate(self) -> float:
        """The share of cases that failed (0.0 to 1.0)."""
        return self.failures / self.cases if self.cases else 0.0

    def to_dict(self) -> dict[str, Any]:
        """The property as JSON-ready values."""
        return {
            "holds": self.holds, "failures": self.failures, "cases": self.cases,
            "examples": [example.to_dict() for example in self.examples],
            "nearest": None if self.nearest is None else self.nearest.to_dict(),
        }  # fmt: skip


@attrs.frozen
class CheckReport:
    """What `check` found: each property, the claims it was registered with, what was covered.

    Attributes:
        heuristic: the heuristic's name.
        goal: the goal board (its shape is the shape checked).
        exhaustive: True if every solvable board was checked, False if sampled.
        boards: the boards checked.
        moves: the moves checked for consistency.
        admissible: never above the true distance.
        consistent: changes by at most one per move.
        zero_at_goal: 0 on the goal.
        whole_numbers: whole numbers >= 0 on every board.
        claims: the registered claims (``{"admissible": bool, "consistent": bool}``),
            or None for an unregistered callable.
        mean_ratio: the mean of h / distance over the boards off the goal: how
            much of the true distance it sees (1.0 is perfect).
        max_distance: the largest true distance among the boards checked.
        seed: the seed of a sampled check (None when exhaustive).
        seconds: how long the check took.
    """

    heuristic: str
    goal: Board
    exhaustive: bool
    boards: int
    moves: int
    admissible: Property
    consistent: Property
    zero_at_goal: Property
    whole_numbers: Property
    claims: dict[str, bool] | None
    mean_ratio: float
    max_distance: int
    seed: int | None
    seconds: float

    @property
    def properties(self) -> tuple[Property, ...]:
        """The four properties, in the order the report lists them."""
        return (self.admissible, self.consistent, self.zero_at_goal, self.whole_numbers)

    @property
    def ok(self) -> bool:
        """True when every property holds on every board checked."""
        return all(p.holds for p in self.properties)

    @property
    def claims_hold(self) -> bool:
        """True unless a registered claim (admissible, consistent) failed here."""
        claims = self.claims or {}
        return not any(
            claims.get(p.name) and not p.holds for p in (self.admissible, self.consistent)
        )

    def to_dict(self) -> dict[str, Any]:
        """The report as JSON-ready values (the command line's ``--format json``)."""
        return {
            "heuristic": self.heuristic, "shape": list(self.goal.shape),
            "goal": self.goal.to_text(), "exhaustive": self.exhaustive, "boards": self.boards,
            "moves": self.moves, "ok": self.ok, "claims": self.claims,
            "claims_hold": self.claims_hold,
            **{p.name: p.to_dict() for p in self.properties},
            "mean_ratio": round(self.mean_ratio, 4), "max_distance": self.max_distance,
            "seed": self.seed, "seconds": round(self.seconds, 3),
        }  # fmt: skip

    def __str__(self) -> str:
        rows, cols = self.goal.shape
        how = "every" if self.exhaustive else "a sample of"
        lines = [
            f"heuristic {self.heuristic!r} on {how} {self.boards:,} {rows}x{cols} boards "
            f"(goal {self.goal.to_text()}, distances up to {self.max_distance}) and "
            f"{self.moves:,} moves"
            + ("" if self.seed is None else f", seed {self.seed}")
        ]
        claims = self.claims
        for p in self.properties:
            claim = ""
            if claims is not None and p.name in claims:
                claim = f" (registered {p.name}={claims[p.name]})"
            verdict = "holds" if p.holds else f"FAILS on {p.failures:,} of {p.cases:,}"
            lines.append(f"  {p.name:<13} {verdict}{claim}")
            lines.extend(f"      {example}" for example in p.examples)
        lines.append(f"  sees {self.mean_ratio:.0%} of the true distance on average")
        return "\n".join(lines)


def _moves(count: int | None) -> str:
    """``"1 move"``, ``"5 moves"``."""
    return f"{count} move" if count == 1 else f"{count} moves"


def _number(value: float | None) -> float | int | None:
    """A value as an int when whole (for text and JSON)."""
    if value is None or not math.isfinite(value) or not float(value).is_integer():
        return value
    return int(value)


def resolve(heuristic: object) -> HeuristicInfo:
    """The `HeuristicInfo` a name, an info or a callable stands for (a callable: no claims).

    >>> resolve("hamming").name, resolve(lambda b, g: 0).admissible
    ('misplaced', False)

    A registered function is found by identity, as `solve` finds it.
    """
    if isinstance(heuristic, HeuristicInfo):
        return heuristic
    if isinstance(heuristic, str):
        if heuristic == "auto":
            raise UnknownHeuristicError(
                "'auto' is not a heuristic but solve's choice of one; name a heuristic "
                f"({', '.join(_registry.names())})",
                heuristic,
            )  # fmt: skip
        return _registry.get(heuristic)
    if callable(heuristic):
        for info in _registry.registry().values():
            if info.function is heuristic:
                return info
        name = getattr(heuristic, "__name__", type(heuristic).__name__)
        return HeuristicInfo(name, heuristic, admissible=False, consistent=False)
    raise HeuristicTypeError(
        f"a heuristic is a registered name, a HeuristicInfo or a callable h(board, goal), "
        f"not {heuristic!r}",
        heuristic,
    )  # fmt: skip


def _count(value: object, name: str, least: int) -> int:
    """An int option >= ``least``, or the documented error naming it."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise OptionTypeError(f"{name} must be an int, not {value!r}", value, option=name)
    if value < least:
        raise InvalidOptionError(f"{name} must be at least {least}, not {value!r}", value,
                                 option=name)  # fmt: skip
    return value


class _Values:
    """The heuristic's values on many boards: whole numbers kept as they are, the rest checked."""

    def __init__(self, info: HeuristicInfo, goal: Board) -> None:
        self.name = info.name
        self.goal = goal
        self.function = info.for_goal(goal)

    def __call__(self, tiles: tuple[int, ...]) -> float:
        try:
            value = self.function(tiles)
        except MemoryError:
            raise
        except Exception as exc:
            raise raised(self.name, self.function, tiles, self.goal, exc) from exc
        if type(value) is int:
            return value
        if isinstance(value, bool) or not isinstance(value, (int, float, np.number)):
            raise bad_value(self.name, tiles, self.goal, value)
        number = float(value)
        if not math.isfinite(number):
            raise bad_value(self.name, tiles, self.goal, value)
        return number  # negative or fractional: reported, not raised

    def many(
        self,
        boards: list[tuple[int, ...]],
        clock: Deadline,
        progress: Callable[[int, int], object] | None,
    ) -> NDArray[np.float64]:
        """The values on every board, the clock and ``progress`` seen every few thousand."""
        values: list[float] = []
        append = values.append
        for start in range(0, len(boards), _STRIDE):
            clock.remaining(f"checking heuristic {self.name!r}")
            if progress is not None:
                progress(start, len(boards))
            for tiles in boards[start : start + _STRIDE]:
                append(self(tiles))
        return np.array(values, dtype=np.float64)


def _goal(shape: tuple[int, int], goal: GoalLike | str) -> Board:
    """The goal board: ``goal`` itself (its shape wins), or the shape's blank-last/first goal."""
    if goal is None or goal in ("last", "first"):
        return board_and_goal(Board.goal(*shape), goal)[1]
    return board_and_goal(goal)[0]


def _board(tiles: Any, goal: Board) -> Board:
    return Board(tuple(int(t) for t in tiles), shape=goal.shape, labels=goal.labels)


def _admissible(
    tiles: list[tuple[int, ...]],
    values: NDArray[np.float64],
    distances: NDArray[np.int64],
    goal: Board,
    keep: int,
) -> Property:
    over = values - distances
    bad = np.flatnonzero(over > 0)
    worst = bad[np.lexsort((distances[bad], -over[bad]))][:keep]

    def example(i: int) -> Counterexample:
        return Counterexample(_board(tiles[i], goal), float(values[i]), int(distances[i]))

    nearest = None
    if len(bad):
        nearest = example(int(bad[np.lexsort((-over[bad], distances[bad]))][0]))
    return Property(
        "admissible", len(bad), len(values), tuple(example(int(i)) for i in worst), nearest
    )


def _consistent(
    src_values: NDArray[np.float64],
    dst_values: NDArray[np.float64],
    example: Callable[[int], Counterexample],
    keep: int,
) -> Property:
    """Consistency over moves given once each, src -> dst: fails where the values differ by > 1."""
    jump = np.abs(src_values - dst_values)
    bad = np.flatnonzero(jump > 1)
    worst = bad[np.argsort(-jump[bad], kind="stable")][:keep]
    nearest = example(int(bad[0])) if len(bad) else None  # boards come nearest first
    return Property(
        "consistent", len(bad), len(jump), tuple(example(int(k)) for k in worst), nearest
    )


# What both ways of choosing boards give: each board's tiles, value and true distance, and the
# consistency property over the moves looked at.
_Found: TypeAlias = (
    "tuple[list[tuple[int, ...]], NDArray[np.float64], NDArray[np.int64], Property]"
)


def _exhaustive(
    values_of: _Values,
    goal: Board,
    keep: int,
    clock: Deadline,
    progress: Callable[[int, int], object] | None,
) -> _Found:
    """Every solvable board, and every move between two of them."""
    exact = exact_distances(goal)
    tiles = [tuple(row) for row in exact.tiles.tolist()]
    values = values_of.many(tiles, clock, progress)
    distances = exact.distances.astype(np.int64)
    a, b = exact.edges()
    once = a < b  # each move is listed both ways
    a, b = a[once], b[once]

    def example(k: int) -> Counterexample:
        i, j = int(a[k]), int(b[k])
        return Counterexample(
            _board(tiles[i], goal), float(values[i]), int(distances[i]),
            _board(tiles[j], goal), float(values[j]),
        )  # fmt: skip

    return tiles, values, distances, _consistent(values[a], values[b], example, keep)


def _sampled(
    values_of: _Values,
    goal: Board,
    keep: int,
    clock: Deadline,
    walks: tuple[int, int, int],
    progress: Callable[[int, int], object] | None,
) -> _Found:
    """The boards of optimal paths from random walks' ends, and every move out of each."""
    samples, seed, max_walk = walks
    rng = random.Random(seed)
    found: dict[tuple[int, ...], int] = {goal.tiles: 0}
    for index in range(samples):
        if progress is not None:
            progress(index, samples)
        board = scramble(goal, rng.randint(1, max_walk), seed=rng)
        moves, _ = clock.run(dispatch.engine_solve, board, goal, "linear_conflict")
        for step, move in enumerate(moves):  # every board of an optimal path, at its distance
            found.setdefault(board.tiles, len(moves) - step)
            board = board.move(move)
    tiles = list(found)
    distances = np.array(list(found.values()), dtype=np.int64)
    values = values_of.many(tiles, clock, None)
    src, neighbours = [], []
    for i, board_tiles in enumerate(tiles):
        for _, neighbour in _board(board_tiles, goal).neighbors():
            src.append(i)
            neighbours.append(neighbour.tiles)
    dst_values = values_of.many(neighbours, clock, None)
    a = np.array(src, dtype=np.int64)

    def example(k: int) -> Counterexample:
        i = int(a[k])
        return Counterexample(
            _board(tiles[i], goal), float(values[i]), int(distances[i]),
            _board(neighbours[k], goal), float(dst_values[k]),
        )  # fmt: skip

    return tiles, values, distances, _consistent(values[a], dst_values, example, keep)


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
    started = time.perf_counter()
    info = resolve(heuristic)
    for value, name in ((max_boards, "max_boards"), (samples, "samples"), (examples, "examples")):
        _count(value, name, 0 if name == "examples" else 1)
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise OptionTypeError(f"seed must be an int, not {seed!r}", seed, option="seed")
    if not (isinstance(shape, tuple) and len(shape) == 2):
        raise OptionTypeError(f"shape must be (rows, cols), not {shape!r}", shape, option="shape")
    target = _goal(shape, goal)
    walk = _count(4 * target.size if max_walk is None else max_walk, "max_walk", 1)
    clock = Deadline(None if time_limit is None else float(time_limit))
    values_of = _Values(info, target)
    count = solvable_count(target.rows, target.cols)
    exhaustive = target.size <= MAX_CELLS and count <= max_boards
    if exhaustive:
        found = _exhaustive(values_of, target, examples, clock, progress)
    else:
        found = _sampled(values_of, target, examples, clock, (samples, seed, walk), progress)
    tiles, values, distances, consistent = found
    admissible = _admissible(tiles, values, distances, target, examples)
    goal_value = values_of(target.tiles)
    zero = Property(
        "zero_at_goal", int(goal_value != 0), 1,
        () if goal_value == 0 else (Counterexample(target, goal_value, 0),),
    )  # fmt: skip
    fractional = np.flatnonzero((values < 0) | (values != np.floor(values)))
    whole_numbers = Property(
        "whole_numbers", len(fractional), len(values),
        tuple(
            Counterexample(_board(tiles[i], target), float(values[i]), int(distances[i]))
            for i in fractional[:examples]
        ),
    )  # fmt: skip
    away = distances > 0
    ratio = float(np.mean(values[away] / distances[away])) if away.any() else 1.0
    claims = None
    if info.admissible or info.consistent or _registry.registry().get(info.name) is info:
        claims = {"admissible": info.admissible, "consistent": info.consistent}
    report = CheckReport(
        info.name, target, exhaustive, len(tiles), consistent.cases, admissible, consistent, zero,
        whole_numbers, claims, ratio, int(distances.max()), None if exhaustive else seed,
        time.perf_counter() - started,
    )  # fmt: skip
    if exhaustive:
        _remember(info, target, report)
    return report


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
        return bad_value(name, example.board.tiles, report.goal, _number(example.value))
    if not report.zero_at_goal.holds:
        return HeuristicClaimError(
            f"heuristic {name!r} returned {_number(report.zero_at_goal.examples[0].value)} on "
            f"its goal {report.goal.to_text()}: a heuristic is 0 at the goal",
            report.zero_at_goal.examples[0].value, heuristic=name, board=report.goal,
            claim="admissible", distance=0,
        )  # fmt: skip
    if info.admissible and not report.admissible.holds:
        nearest = report.admissible.nearest
        assert nearest is not None  # it fails somewhere
        example = nearest
        return HeuristicClaimError(
            f"heuristic {name!r} is registered admissible=True, but it overestimates: "
            f"h = {_number(example.value)} on {example.board.to_text()}, which is "
            f"{_moves(example.distance)} from the goal {report.goal.to_text()} (it overestimates "
            f"on {report.admissible.failures:,} of {coverage}; heuristics.check({name!r}, "
            f"shape=({rows}, {cols})) lists the worst); register it with admissible=False",
            example.value, heuristic=name, board=example.board, claim="admissible",
            distance=example.distance,
        )  # fmt: skip
    if info.consistent and not report.consistent.holds:
        jump = report.consistent.nearest
        assert jump is not None  # it fails somewhere
        example = jump
        return HeuristicClaimError(
            f"heuristic {name!r} is registered consistent=True, but one move changes it by "
            f"more than one: h = {_number(example.value)} on {example.board.to_text()} and "
            f"{_number(example.neighbour_value)} on {example.neighbour} (on "
            f"{report.consistent.failures:,} of {report.moves:,} moves of the {coverage}); "
            "register it with consistent=False",
            example.value, heuristic=name, board=example.board, claim="consistent",
            distance=example.distance, neighbour=example.neighbour,
        )  # fmt: skip
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
    are trusted. Built-in heuristics, which the test suite checks, are
    trusted too. Raises `HeuristicClaimError` with a counterexample (the
    board nearest the goal that it overestimates on), or `HeuristicError`
    for a value that is not a whole number >= 0. With a ``clock``, a check
    the time left cannot pay for is refused (`SearchLimitExceeded`) before
    it starts.
    """  # noqa: E501
    if not (info.admissible or info.consistent) or _registry.is_builtin(info):
        return
    count = solvable_count(goal.rows, goal.cols)
    if count > EXHAUSTIVE_BOARDS:
        return
    key = _key(info, goal)
    if key is not None and key in _VERIFIED:
        error = _VERIFIED[key]
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
    if _registry.is_builtin(info):
        for board in (start, goal):
            value = function(board.tiles)
            if isinstance(value, bool) or not isinstance(value, (int, float)) or not (
                math.isfinite(value) and value >= 0
            ):
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
            at_goal, heuristic=info.name, board=goal, claim="admissible", distance=0,
        )  # fmt: skip
    verify_claims(info, goal, clock)
    return h


@attrs.frozen
class _Tiles:
    """A bare holder of tiles, as the search's states hold them."""

    tiles: tuple[int, ...]

