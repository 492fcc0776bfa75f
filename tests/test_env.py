"""slidingtiles.env: the Gymnasium environment under Gymnasium's own checker, its oracle against
the distance asked, its dynamics against the board's, and the documented errors."""

from __future__ import annotations

import subprocess
import sys

import numpy as np
import pytest

import slidingtiles as st
from tests.conftest import oracle_for

gymnasium = pytest.importorskip("gymnasium")
env_checker = pytest.importorskip("gymnasium.utils.env_checker")
import slidingtiles.env as stenv  # noqa: E402  (after the skip: it needs gymnasium)


@pytest.mark.parametrize("render_mode", [None, "ansi", "rgb_array"])
@pytest.mark.parametrize("shape", [(3, 3), (4, 4), (2, 5)])
def test_the_environment_passes_gymnasiums_checker(
    shape: tuple[int, int], render_mode: str | None
) -> None:
    env = gymnasium.make(stenv.ENV_ID, shape=shape, render_mode=render_mode)
    env_checker.check_env(env.unwrapped, skip_render_check=render_mode is None)
    env.close()


@pytest.mark.parametrize("distance", [0, 1, 5, 14, 31])
def test_reset_starts_exactly_the_distance_asked_on_3x3(distance: int) -> None:
    env = stenv.SlidingTilesEnv((3, 3))
    truth = oracle_for(env.goal).distance
    for seed in range(5):
        obs, info = env.reset(seed=seed, options={"distance": distance})
        assert truth[tuple(obs.tolist())] == distance
        assert info["action_mask"].tolist() == env.action_mask().tolist()


@pytest.mark.parametrize(("shape", "distance"), [((3, 3), 20), ((4, 4), 30), ((2, 5), 25)])
def test_following_the_oracle_takes_exactly_the_distance(
    shape: tuple[int, int], distance: int
) -> None:
    env = stenv.SlidingTilesEnv(shape)
    env.reset(seed=3, options={"distance": distance})
    assert env.distance() == distance
    steps, terminated = 0, False
    while not terminated:
        obs, reward, terminated, truncated, _ = env.step(env.optimal_action())
        steps += 1
        assert reward == -1.0
        assert not truncated
        assert env.distance() == distance - steps
    assert steps == distance
    assert tuple(obs.tolist()) == env.goal.tiles
    assert env.optimal_action() is None


def test_the_oracle_answers_again_after_a_detour() -> None:
    env = stenv.SlidingTilesEnv((3, 3))
    truth = oracle_for(env.goal).distance
    env.reset(seed=1, options={"distance": 12})
    first = env.optimal_action()
    detour = next(a for a in range(4) if a != first and env.action_mask()[a])
    obs, *_ = env.step(detour)
    assert env.distance() == truth[tuple(obs.tolist())]
    best = env.optimal_action()
    obs, *_ = env.step(best)
    assert truth[tuple(obs.tolist())] == env.distance()


def test_steps_move_the_blank_as_the_board_does() -> None:
    env = stenv.SlidingTilesEnv((3, 4), max_steps=50)
    obs, _ = env.reset(seed=7)
    rng = np.random.default_rng(0)
    board = st.Board(tuple(obs.tolist()), shape=(3, 4))
    for _ in range(50):
        action = int(rng.integers(4))
        legal = stenv.ACTIONS[action] in board.legal_moves()
        assert bool(env.action_mask()[action]) == legal
        obs, _reward, terminated, truncated, info = env.step(action)
        if legal:
            board = board.move(stenv.ACTIONS[action])
        assert info.get("illegal", False) == (not legal)
        assert tuple(obs.tolist()) == board.tiles
        assert terminated == (board == env.goal)
        if terminated:
            break
    else:
        assert truncated


def test_truncation_at_the_step_limit() -> None:
    env = stenv.SlidingTilesEnv((3, 3), max_steps=3)
    env.reset(seed=0, options={"distance": 20})
    flags = [env.step(int(np.flatnonzero(env.action_mask())[0]))[3] for _ in range(3)]
    assert flags == [False, False, True]


def test_a_given_board_and_a_seed_repeat() -> None:
    env = stenv.SlidingTilesEnv((3, 3))
    obs, _ = env.reset(options={"board": "1 2 3/4 5 6/7 0 8"})
    assert obs.tolist() == [1, 2, 3, 4, 5, 6, 7, 0, 8]
    assert env.step(3)[2]  # right: solved
    first = env.reset(seed=11, options={"distance": 9})[0]
    assert (env.reset(seed=11, options={"distance": 9})[0] == first).all()
    assert (env.reset(seed=11)[0] == env.reset(seed=11)[0]).all()


def test_renders_text_and_pictures() -> None:
    env = stenv.SlidingTilesEnv((3, 3), render_mode="rgb_array", tile_pixels=24)
    env.reset(options={"board": "1 2 3/4 5 6/7 0 8"})
    image = env.render()
    assert image.shape == (72, 72, 3)
    assert image.dtype == np.uint8
    assert len(np.unique(image.reshape(-1, 3), axis=0)) >= 3  # blank, tiles, digits
    text = stenv.SlidingTilesEnv((3, 3), render_mode="ansi")
    text.reset(options={"board": "1 2 3/4 5 6/7 0 8"})
    assert text.render() == str(st.Board("1 2 3/4 5 6/7 0 8"))


def test_bad_options_raise_documented_errors() -> None:
    with pytest.raises(st.InvalidOptionError):
        stenv.SlidingTilesEnv((3, 3), render_mode="human")
    with pytest.raises(st.InvalidOptionError):
        stenv.SlidingTilesEnv((3, 3), max_steps=0)
    with pytest.raises(st.OptionTypeError):
        stenv.SlidingTilesEnv("big")  # type: ignore[arg-type]
    env = stenv.SlidingTilesEnv((3, 3))
    env.reset(seed=0)
    with pytest.raises(st.InvalidOptionError, match="farthest"):
        env.reset(options={"distance": 40})
    with pytest.raises(st.InvalidOptionError):
        env.reset(options={"depth": 3})
    with pytest.raises(st.UnsolvableError):
        env.reset(options={"board": "1 2 3/4 5 6/8 7 0"})
    for action in (4, -1, 1.5, "up", None):
        with pytest.raises(st.InvalidMoveError):
            env.step(action)


def test_importing_the_package_does_not_import_gymnasium() -> None:
    code = "import sys, slidingtiles, slidingtiles.data; print('gymnasium' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
