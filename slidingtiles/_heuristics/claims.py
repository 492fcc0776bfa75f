"""A heuristic's claims checked on a sample, where a shape is too large to check every board.

>>> from slidingtiles._board.board import Board
>>> from slidingtiles.heuristics import manhattan, misplaced
>>> both = HeuristicInfo("both", lambda b, g: manhattan(b, g) + misplaced(b, g), True, False)
>>> error = sampled_claims(both, Board.goal(4, 4))
>>> error.claim, error.distance, error.board.to_text()
('admissible', 1, '1 2 3 4/5 6 7 8/9 10 11 0/13 14 15 12')

`check.verify_claims` checks a claim on every board of a shape of at most
9 cells; above, it asks `sampled_claims`, once per process, heuristic,
shape and goal (the verdict is kept). The sample, about 0.2 s of work:

- every board within a few moves of the goal (a breadth-first ball of
  `BALL_BOARDS` boards, each at its exact distance), and every move between
  two of them for consistency: an overestimate shows first near the goal,
  where the true distances are small (Manhattan plus misplaced tiles is over
  on a board one move away);
- then random walks from the goal (seeded: the same boards every run), each
  end solved optimally by the tile engine's IDA* with linear conflict under
  a node cap, and every board of that optimal path checked at its own
  distance, with its moves out for consistency, until `BUDGET_SECONDS`.

A sample can miss a false claim, so `solve` also checks each optimal answer
along its own path (`slidingtiles._solve.verify.path_check`).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable

from slidingtiles._board.board import Board, trusted_board
from slidingtiles._board.geometry import blank_moves
from slidingtiles._board.random import scramble
from slidingtiles._engine import dispatch
from slidingtiles._errors import HeuristicClaimError, HeuristicError, SearchLimitExceeded
from slidingtiles._heuristics.registry import HeuristicInfo
from slidingtiles._heuristics.values import evaluate

__all__ = ["BALL_BOARDS", "BUDGET_SECONDS", "sampled_claims", "seconds_spent"]

#: Boards nearest the goal checked at their exact distance (a breadth-first ball).
BALL_BOARDS = 3000
#: Seconds of sampled walks after the ball (at least `_MIN_WALKS` walks are made).
BUDGET_SECONDS = 0.15
# Walks made whatever the clock says, and the node cap of each optimal solve by implementation.
_MIN_WALKS = 4
_NODE_CAP = {"numba": 50_000, "python": 1_500}


class _Sample:
    """The heuristic's values (each board once) and the first broken claim found."""

    def __init__(self, info: HeuristicInfo, goal: Board) -> None:
        self.info = info
        self.goal = goal
        self.function = info.for_goal(goal)
        self.values: dict[tuple[int, ...], int] = {}
        self.moves = blank_moves(goal.rows, goal.cols)

    def value(self, tiles: tuple[int, ...]) -> int:
        found = self.values.get(tiles)
        if found is None:
            found = self.values[tiles] = evaluate(self.info.name, self.function, tiles, self.goal)
        return found

    def board(self, tiles: tuple[int, ...]) -> Board:
        goal = self.goal
        return trusted_board(goal.rows, goal.cols, tiles, goal.labels)

    def neighbours(self, tiles: tuple[int, ...]) -> list[tuple[int, ...]]:
        blank = tiles.index(0)
        out = []
        for cell, _code in self.moves[blank]:
            new = list(tiles)
            new[blank], new[cell] = tiles[cell], 0
            out.append(tuple(new))
        return out

    def admissible(self, tiles: tuple[int, ...], distance: int) -> HeuristicClaimError | None:
        value = self.value(tiles)
        if not self.info.admissible or value <= distance:
            return None
        board, name, rows, cols = self.board(tiles), self.info.name, *self.goal.shape
        return HeuristicClaimError(
            f"heuristic {name!r} is registered admissible=True, but it overestimates: h = "
            f"{value} on {board.to_text()}, which is {distance} move"
            f"{'' if distance == 1 else 's'} from the goal {self.goal.to_text()} (found by "
            f"the sampled check of its claims on {rows}x{cols}; heuristics.check({name!r}, "
            f"shape=({rows}, {cols})) lists more); register it with admissible=False",
            value,
            heuristic=name,
            board=board,
            claim="admissible",
            distance=distance,
        )

    def consistent(
        self, tiles: tuple[int, ...], other: tuple[int, ...], distance: int | None
    ) -> HeuristicClaimError | None:
        if not self.info.consistent:
            return None
        value, next_value = self.value(tiles), self.value(other)
        if abs(value - next_value) <= 1:
            return None
        board, name = self.board(tiles), self.info.name
        return HeuristicClaimError(
            f"heuristic {name!r} is registered consistent=True, but one move changes it by "
            f"more than one: h = {value} on {board.to_text()} and {next_value} on "
            f"{self.board(other).to_text()} (found by the sampled check of its claims on "
            f"{self.goal.rows}x{self.goal.cols}); register it with consistent=False",
            value,
            heuristic=name,
            board=board,
            claim="consistent",
            distance=distance,
            neighbour=self.board(other),
        )


def _ball(sample: _Sample) -> tuple[HeuristicClaimError | None, int]:
    """Check every board of a breadth-first ball around the goal; the error and its depth."""
    goal = sample.goal.tiles
    distance = {goal: 0}
    layer = [goal]
    depth = 0
    while layer and len(distance) < BALL_BOARDS:
        depth += 1
        following = []
        for tiles in layer:
            for nxt in sample.neighbours(tiles):
                if nxt not in distance:
                    distance[nxt] = depth
                    following.append(nxt)
        layer = following
    for tiles, far in distance.items():
        error = sample.admissible(tiles, far)
        if error is not None:
            return error, depth
    for tiles, far in distance.items():  # moves between two boards of the ball
        for nxt in sample.neighbours(tiles):
            if nxt in distance:
                error = sample.consistent(tiles, nxt, far)
                if error is not None:
                    return error, depth
    return None, depth


def _walks(sample: _Sample, depth: int, clock: Callable[[], float]) -> HeuristicClaimError | None:
    """Optimal paths from random walks' ends: every board at its distance, its moves out."""
    goal = sample.goal
    rng = random.Random(0)
    longest = min(4 * goal.size, 80)
    cap = _NODE_CAP.get(dispatch.IMPLEMENTATION, _NODE_CAP["python"])
    shortest = min(depth + 1, longest)
    walks = 0
    while walks < _MIN_WALKS or clock() < BUDGET_SECONDS:
        walks += 1
        if walks > 400:
            break
        board = scramble(goal, rng.randint(shortest, longest), seed=rng)
        try:
            moves, _ = dispatch.engine_solve(board, goal, "linear_conflict", max_nodes=cap)
        except SearchLimitExceeded:
            continue  # too deep for the cap: the next walk
        for step, move in enumerate(moves):
            tiles = board.tiles
            error = sample.admissible(tiles, len(moves) - step)
            for nxt in sample.neighbours(tiles) if error is None else ():
                error = error or sample.consistent(tiles, nxt, len(moves) - step)
            if error is not None:
                return error
            board = board.move(move)
    return None


def sampled_claims(info: HeuristicInfo, goal: Board) -> HeuristicError | None:
    """The error a sample finds against the heuristic's claims on the goal's shape, else None.

    About 0.2 s for a heuristic written in Python over `Board` (the ball's
    3,000 boards and their moves, then walks until `BUDGET_SECONDS`). A value
    the rule of heuristic values refuses is returned as its `HeuristicError`;
    a heuristic that raises, likewise. Deterministic up to how many walks fit
    the budget (the walks are seeded). `seconds_spent` says how long the
    last one took, without the tile engine's first load in the process.
    """
    global _SPENT
    dispatch.engine_solve(goal, goal, "linear_conflict")  # the engine's first load, untimed
    started = time.process_time()
    try:
        return _sampled_claims(info, goal, started)
    finally:
        _SPENT = time.process_time() - started


# Seconds the last `sampled_claims` spent (its own work, the engine's first load excluded).
_SPENT = 0.0


def seconds_spent() -> float:
    """CPU seconds the last `sampled_claims` took, the tile engine's first load excluded.

    CPU time (`time.process_time`), for the budget too: what the check costs,
    the same on a loaded machine, where the wall clock runs ahead of it.
    """
    return _SPENT


def _sampled_claims(info: HeuristicInfo, goal: Board, started: float) -> HeuristicError | None:
    sample = _Sample(info, goal)
    try:
        if sample.value(goal.tiles) != 0:
            return HeuristicClaimError(
                f"heuristic {info.name!r} returned {sample.value(goal.tiles)} on its goal "
                f"{goal.to_text()}: a heuristic is 0 at the goal",
                sample.value(goal.tiles),
                heuristic=info.name,
                board=goal,
                claim="admissible",
                distance=0,
            )
        error, depth = _ball(sample)
        if error is not None:
            return error
        ball_seconds = time.process_time() - started
        return _walks(sample, depth, lambda: time.process_time() - started - ball_seconds)
    except HeuristicError as error:
        return error
