"""A Gymnasium environment of the sliding-tile puzzle, with exact distances and an optimal oracle.

>>> import gymnasium, slidingtiles.env
>>> env = gymnasium.make("slidingtiles/SlidingTiles-v0", shape=(3, 3))
>>> obs, info = env.reset(seed=1, options={"distance": 2})
>>> env.unwrapped.distance(), info["action_mask"].tolist() == env.unwrapped.action_mask().tolist()
(2, True)
>>> obs, reward, terminated, truncated, info = env.step(env.unwrapped.optimal_action())
>>> obs, reward, terminated, truncated, info = env.step(env.unwrapped.optimal_action())
>>> reward, terminated, truncated
(-1.0, True, False)

``import slidingtiles.env`` registers ``"slidingtiles/SlidingTiles-v0"`` with
Gymnasium (the ``gym`` extra: ``pip install "slidingtiles[gym]"``; without it,
importing this module raises `MissingDependencyError`, an ImportError);
``import slidingtiles`` never imports Gymnasium. The environment stands above
the solver and uses the public API: `slidingtiles.solve` for the oracle and the
distances, `slidingtiles.data.at_distance` for starts at an exact distance.

Observation: the tiles in reading order, blank 0 (a ``(cells,)`` uint8 array;
uint16 above 256 cells), the layout of `slidingtiles.data.Labels`. Actions: 0,
1, 2, 3 move the blank up, down, left, right (`ACTIONS`, the letters of
`slidingtiles.Moves`); ``info["action_mask"]`` (int8, 1 where the move stays
on the board) says which are legal. A move off the board leaves the board as
it is and costs its step all the same (``info["illegal"]`` is True). Reward:
-1 a step; terminated on reaching the goal; truncated after ``max_steps``
steps.
"""

from __future__ import annotations

import importlib
from typing import Any, ClassVar, SupportsFloat

import numpy as np
from numpy.typing import NDArray

from slidingtiles import (
    Board,
    GoalLike,
    InvalidMoveError,
    InvalidOptionError,
    OptionTypeError,
    UnsolvableError,
    board_and_goal,
    random_board,
    solvability,
    solve,
)
from slidingtiles.data import MissingDependencyError, at_distance

try:
    gymnasium = importlib.import_module("gymnasium")
except ImportError:
    raise MissingDependencyError(
        'slidingtiles.env needs Gymnasium: pip install "slidingtiles[gym]" (gymnasium>=1.0)',
        "gymnasium",
    ) from None
spaces = importlib.import_module("gymnasium.spaces")
_Env: Any = gymnasium.Env  # the base class, typed loosely: gymnasium is an optional extra

__all__ = ["ACTIONS", "ENV_ID", "SlidingTilesEnv"]

#: The id ``gymnasium.make`` takes.
ENV_ID = "slidingtiles/SlidingTiles-v0"
#: The blank's move of each action: 0 up, 1 down, 2 left, 3 right.
ACTIONS = "UDLR"

# A 3x5 bitmap of each digit (rows top to bottom), for rgb_array's tile numbers.
_FONT = {
    "0": ("111", "101", "101", "101", "111"),
    "1": ("010", "110", "010", "010", "111"),
    "2": ("111", "001", "111", "100", "111"),
    "3": ("111", "001", "111", "001", "111"),
    "4": ("101", "101", "111", "001", "001"),
    "5": ("111", "100", "111", "001", "111"),
    "6": ("111", "100", "111", "101", "111"),
    "7": ("111", "001", "010", "010", "010"),
    "8": ("111", "101", "111", "101", "111"),
    "9": ("111", "101", "111", "001", "111"),
}
_BLANK_RGB = (40, 44, 52)
_TILE_RGB = (236, 201, 120)
_HOME_RGB = (152, 195, 121)  # a tile on its goal cell
_INK_RGB = (30, 30, 30)


def _whole(value: object, name: str, low: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int | np.integer):
        raise OptionTypeError(f"{name} must be an int >= {low}, not {value!r}", value, option=name)
    if value < low:
        raise InvalidOptionError(
            f"{name} must be an int >= {low}, not {value!r}", value, option=name
        )
    return int(value)


class SlidingTilesEnv(_Env):  # type: ignore[misc]
    """The m x n sliding-tile puzzle as a Gymnasium environment (``slidingtiles/SlidingTiles-v0``).

    >>> env = SlidingTilesEnv((2, 3), render_mode="ansi")
    >>> obs, info = env.reset(seed=0, options={"board": "1 2 3/4 0 5"})
    >>> obs.tolist(), info["action_mask"].tolist(), env.optimal_action()
    ([1, 2, 3, 4, 0, 5], [1, 0, 1, 1], 3)
    >>> print(env.render())
    1 2 3
    4 . 5

    Args:
        shape: ``(rows, cols)`` (default 4x4, the 15-puzzle).
        goal: the goal (anything `slidingtiles.solve` takes; None: blank last).
        max_steps: steps before an episode is truncated (default ``4 x cells x
            max(rows, cols)``: 256 on the 15-puzzle).
        distance: the default start's exact distance from the goal (None: a
            uniformly random solvable board); ``reset(options={"distance": d})``
            overrides it for one episode.
        render_mode: None, ``"ansi"`` (the board as text) or ``"rgb_array"``
            (an image, ``tile_pixels`` a cell).

    ``reset(seed=..., options=...)`` takes ``{"distance": d}`` (a start exactly
    d moves from the goal: a curriculum by true distance; uniformly from the
    breadth-first layer up to 10 cells, above from solved scrambles, see
    `slidingtiles.data.at_distance`) or ``{"board": board}`` (that board).
    `optimal_action` is the solver's next move (an optimal search, the
    solution kept while the agent follows it), `distance` the exact distance
    of the board now, `action_mask` the legal actions. A step costs a few
    microseconds (no search); docs/environment.md has the measured rates.
    """

    metadata: ClassVar[dict[str, Any]] = {"render_modes": ["ansi", "rgb_array"], "render_fps": 4}

    def __init__(
        self,
        shape: tuple[int, int] = (4, 4),
        *,
        goal: GoalLike | str = None,
        max_steps: int | None = None,
        distance: int | None = None,
        render_mode: str | None = None,
        tile_pixels: int = 32,
    ) -> None:
        try:
            rows, cols = (int(x) for x in shape)
        except (TypeError, ValueError):
            raise OptionTypeError(
                f"shape must be (rows, cols), not {shape!r}", shape, option="shape"
            ) from None
        self.goal: Board = board_and_goal(Board.goal(rows, cols), goal)[1]
        cells = self.goal.size
        self.shape = (rows, cols)
        self.max_steps = (
            4 * cells * max(rows, cols) if max_steps is None else _whole(max_steps, "max_steps", 1)
        )
        self.start_distance = None if distance is None else _whole(distance, "distance", 0)
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise InvalidOptionError(
                f"render_mode must be None, 'ansi' or 'rgb_array', not {render_mode!r}",
                render_mode,
                option="render_mode",
            )
        self.render_mode = render_mode
        self.tile_pixels = _whole(tile_pixels, "tile_pixels", 8)
        self._dtype = np.uint8 if cells <= 256 else np.uint16
        self.observation_space = spaces.Box(0, cells - 1, shape=(cells,), dtype=self._dtype)
        self.action_space = spaces.Discrete(4)
        self._goal = list(self.goal.tiles)
        step = {"U": (-1, 0), "D": (1, 0), "L": (0, -1), "R": (0, 1)}
        self._targets: list[tuple[int, ...]] = []
        self._masks: list[NDArray[np.int8]] = []
        for cell in range(cells):
            row, col = divmod(cell, cols)
            targets = tuple(
                (row + dr) * cols + col + dc
                if 0 <= row + dr < rows and 0 <= col + dc < cols
                else -1
                for dr, dc in (step[m] for m in ACTIONS)
            )
            mask = np.array([t >= 0 for t in targets], dtype=np.int8)
            mask.flags.writeable = False
            self._targets.append(targets)
            self._masks.append(mask)
        self._start(self.goal)

    # -- state -----------------------------------------------------------------------------

    def _start(self, board: Board) -> None:
        self._tiles = list(board.tiles)
        self._obs = np.array(self._tiles, dtype=self._dtype)
        self._blank = board.blank
        self._misplaced = sum(t != g for t, g in zip(self._tiles, self._goal))
        self._steps = 0
        self._plan: list[int] = []  # the oracle's remaining actions, the next one last

    @property
    def board(self) -> Board:
        """The board now, as a `slidingtiles.Board`."""
        return Board(tuple(self._tiles), shape=self.shape)

    def action_mask(self) -> NDArray[np.int8]:
        """The legal actions now: 1 where the blank can move (int8, length 4, a new array)."""
        return self._masks[self._blank].copy()

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[NDArray[Any], dict[str, Any]]:
        """Start an episode: ``options={"distance": d}`` d moves out, or ``{"board": b}``."""
        super().reset(seed=seed)
        options = dict(options or {})
        unknown = set(options) - {"distance", "board"}
        if unknown:
            raise InvalidOptionError(
                f"reset options are 'distance' and 'board', not {sorted(unknown)}",
                sorted(unknown),
                option="options",
            )
        if "board" in options:
            start = board_and_goal(options["board"], self.goal)[0]
            verdict = solvability(start, self.goal)
            if not verdict:
                raise UnsolvableError(
                    f"{start.to_text()} cannot reach the goal {self.goal.to_text()}: "
                    f"{verdict.reason}",
                    start,
                    verdict,
                )
        else:
            distance = options.get("distance", self.start_distance)
            if distance is None:
                start = random_board(*self.shape, goal=self.goal, seed=self.np_random)
            else:
                found = at_distance(
                    1,
                    self.shape,
                    _whole(distance, "distance", 0),
                    goal=self.goal,
                    seed=self.np_random,
                )
                start = Board(tuple(found[0].tolist()), shape=self.shape)
        self._start(start)
        return self._obs.copy(), {"action_mask": self._masks[self._blank].copy()}

    def step(self, action: Any) -> tuple[NDArray[Any], SupportsFloat, bool, bool, dict[str, Any]]:
        """Move the blank (0 up, 1 down, 2 left, 3 right): reward -1, terminated at the goal."""
        try:
            act = int(action)
        except (TypeError, ValueError):
            act = -1
        if not 0 <= act < 4 or isinstance(action, bool | float):
            raise InvalidMoveError(
                f"action must be 0, 1, 2 or 3 (up, down, left, right), not {action!r}", action
            )
        self._steps += 1
        blank = self._blank
        target = self._targets[blank][act]
        info: dict[str, Any]
        if target >= 0:
            tiles, goal = self._tiles, self._goal
            tile = tiles[target]
            self._misplaced += (
                (goal[blank] != tile)
                + (goal[target] != 0)
                - (goal[blank] != 0)
                - (goal[target] != tile)
            )
            tiles[blank] = tile
            tiles[target] = 0
            self._obs[blank] = tile
            self._obs[target] = 0
            self._blank = target
            plan = self._plan
            if plan and plan[-1] == act:
                plan.pop()
            elif plan:
                plan.clear()
            info = {"action_mask": self._masks[target].copy()}
        else:
            info = {"action_mask": self._masks[blank].copy(), "illegal": True}
        terminated = self._misplaced == 0
        truncated = not terminated and self._steps >= self.max_steps
        return self._obs.copy(), -1.0, terminated, truncated, info

    # -- the oracle ------------------------------------------------------------------------

    def _solve(self) -> list[int]:
        if not self._plan and self._misplaced:
            moves = str(solve(self.board, self.goal).moves)
            self._plan = [ACTIONS.index(m) for m in reversed(moves)]
        return self._plan

    def optimal_action(self) -> int | None:
        """The first move of a shortest solution from the board now (None at the goal).

        One optimal `slidingtiles.solve` (with the pattern databases where there
        are tables), kept while the agent follows it: the next call after an
        optimal step costs nothing. A 15-puzzle 40 moves out: a few ms with numba.
        """
        plan = self._solve()
        return plan[-1] if plan else None

    def distance(self) -> int:
        """The exact distance from the board now to the goal (an optimal solve, kept)."""
        return len(self._solve())

    # -- pictures --------------------------------------------------------------------------

    def render(self) -> Any:
        """``"ansi"``: the board as text; ``"rgb_array"``: an (H, W, 3) uint8 image; else None."""
        if self.render_mode == "ansi":
            return str(self.board)
        if self.render_mode == "rgb_array":
            return self._image()
        return None

    def _image(self) -> NDArray[np.uint8]:
        rows, cols = self.shape
        px = self.tile_pixels
        image = np.empty((rows * px, cols * px, 3), dtype=np.uint8)
        image[:] = _BLANK_RGB
        scale = max(1, px // 12)
        for cell, tile in enumerate(self._tiles):
            if not tile:
                continue
            row, col = divmod(cell, cols)
            top, left = row * px, col * px
            colour = _HOME_RGB if self._goal[cell] == tile else _TILE_RGB
            image[top + 1 : top + px - 1, left + 1 : left + px - 1] = colour
            text = str(tile)
            width = (4 * len(text) - 1) * scale
            y0 = top + (px - 5 * scale) // 2
            x0 = left + max(1, (px - width) // 2)
            for k, digit in enumerate(text):
                for r, line in enumerate(_FONT[digit]):
                    for c, bit in enumerate(line):
                        if bit == "1":
                            y, x = y0 + r * scale, x0 + (4 * k + c) * scale
                            image[y : y + scale, x : x + scale] = _INK_RGB
        return image


if ENV_ID not in gymnasium.registry:
    gymnasium.register(id=ENV_ID, entry_point="slidingtiles.env:SlidingTilesEnv")
