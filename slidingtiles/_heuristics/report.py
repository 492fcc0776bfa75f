"""What `check` reports: each property of a heuristic, its worst counterexamples, the coverage.

A verdict's truth value is the verdict: a `Property` is truthy only when it
holds, a `CheckReport` only when it is ``ok`` (a report object that is always
truthy would let ``if report.admissible:`` pass an inadmissible heuristic).

>>> from slidingtiles import Board
>>> example = Counterexample(Board("1 2 0/4 5 3"), 2, 1)
>>> str(example)
'h = 2 on 1 2 0/4 5 3 (1 move from the goal)'

Plain data (no numpy), so that the package imports without it; the numbers
behind a report come from `slidingtiles._heuristics.tally`.
"""

from __future__ import annotations

import math
from typing import Any

import attrs

from slidingtiles._board.board import Board

__all__ = ["CheckReport", "Counterexample", "Property", "as_number", "moves_text"]


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
            "board": self.board.to_text(),
            "value": as_number(self.value),
            "distance": self.distance,
        }
        if self.neighbour is not None:
            out["neighbour"] = self.neighbour.to_text()
            out["neighbour_value"] = as_number(self.neighbour_value)
        return out

    def __str__(self) -> str:
        text = f"h = {as_number(self.value)} on {self.board.to_text()}"
        if self.distance is not None:
            text += f" ({moves_text(self.distance)} from the goal)"
        if self.neighbour is not None:
            text += f", h = {as_number(self.neighbour_value)} one move away on "
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

    def __bool__(self) -> bool:
        """The verdict: ``if report.admissible:`` is ``if report.admissible.holds:``.

        >>> bool(Property("admissible", 3, 10)), bool(Property("admissible", 0, 10))
        (False, True)
        """
        return self.holds

    @property
    def rate(self) -> float:
        """The share of cases that failed (0.0 to 1.0)."""
        return self.failures / self.cases if self.cases else 0.0

    def to_dict(self) -> dict[str, Any]:
        """The property as JSON-ready values."""
        return {
            "holds": self.holds,
            "failures": self.failures,
            "cases": self.cases,
            "examples": [example.to_dict() for example in self.examples],
            "nearest": None if self.nearest is None else self.nearest.to_dict(),
        }


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

    def __bool__(self) -> bool:
        """The verdict: ``if check(h):`` is ``if check(h).ok:`` (a failing report is falsy)."""
        return self.ok

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
            "heuristic": self.heuristic,
            "shape": list(self.goal.shape),
            "goal": self.goal.to_text(),
            "exhaustive": self.exhaustive,
            "boards": self.boards,
            "moves": self.moves,
            "ok": self.ok,
            "claims": self.claims,
            "claims_hold": self.claims_hold,
            **{p.name: p.to_dict() for p in self.properties},
            "mean_ratio": round(self.mean_ratio, 4),
            "max_distance": self.max_distance,
            "seed": self.seed,
            "seconds": round(self.seconds, 3),
        }

    def __str__(self) -> str:
        rows, cols = self.goal.shape
        how = "every" if self.exhaustive else "a sample of"
        lines = [
            f"heuristic {self.heuristic!r} on {how} {self.boards:,} {rows}x{cols} boards "
            f"(goal {self.goal.to_text()}, distances up to {self.max_distance}) and "
            f"{self.moves:,} moves" + ("" if self.seed is None else f", seed {self.seed}")
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


def moves_text(count: int | None) -> str:
    """``"1 move"``, ``"5 moves"``."""
    return f"{count} move" if count == 1 else f"{count} moves"


def as_number(value: float | None) -> float | int | None:
    """A value as an int when whole (for text and JSON)."""
    if value is None or not math.isfinite(value) or not float(value).is_integer():
        return value
    return int(value)
