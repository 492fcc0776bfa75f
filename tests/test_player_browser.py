"""The solution player (`Solution._repr_html_`, what notebooks show) in headless Chromium.

The browser is tests/test_play_browser.py's (Debian's ``chromium`` and ``chromedriver``
driven by selenium; without them these tests skip, except under ``CI=true``, where they
fail). The player shares its controls and their script with the search stepper
(tests/test_watch_browser.py); here its own part is checked: the moves replayed, forward
and back, the tiles where each board has them, and which controls are off.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import slidingtiles as st
from tests.test_play_browser import By, browser  # noqa: F401  (browser: the fixture)
from tests.test_watch_browser import click, open_fragment


def open_player(driver: Any, solution: st.Solution, folder: Path) -> Any:
    return open_fragment(driver, solution._repr_html_(), folder, ".slidingtiles-player")


def off(root: Any) -> list[str]:
    """The actions whose buttons are disabled, in order."""
    buttons = root.find_elements(By.CSS_SELECTOR, "button[data-action]")
    return [b.get_attribute("data-action") for b in buttons if b.get_attribute("disabled")]


def shown(driver: Any, root: Any, board: st.Board) -> list[int]:
    """The tiles in the order of the cells the page puts them in (0: the blank's cell)."""
    cell = 60  # the player's tile size on a 3x3 board; the frame's padding is 4
    cells = [0] * board.size
    for tile in root.find_elements(By.CSS_SELECTOR, "svg .tile"):
        transform = driver.execute_script("return arguments[0].style.transform", tile)
        x, y = (float(v) for v in re.findall(r"-?[\d.]+", transform)[:2])
        cells[round((y - 4) / cell) * board.cols + round((x - 4) / cell)] = int(
            tile.get_attribute("data-tile")
        )
    return cells


def test_the_player_steps_through_the_moves(browser: Any, tmp_path: Path) -> None:  # noqa: F811
    solution = st.solve("1 2 3/4 0 6/7 5 8")  # D R: two moves
    root = open_player(browser, solution, tmp_path)
    counter = root.find_element(By.CSS_SELECTOR, ".counter")
    assert counter.text == "step 0 of 2"
    assert off(root) == ["first", "back"]
    assert shown(browser, root, solution.start) == list(solution.start.tiles)
    click(root, "step")
    assert counter.text == "step 1 of 2 (blank down)"
    assert off(root) == []
    assert shown(browser, root, solution.start) == list(solution.boards[1].tiles)
    click(root, "last")
    assert counter.text == "step 2 of 2 (blank right)"
    assert off(root) == ["step", "last"]
    assert shown(browser, root, solution.start) == list(solution.goal.tiles)
    click(root, "back")
    assert counter.text.startswith("step 1 of 2")
    assert shown(browser, root, solution.start) == list(solution.boards[1].tiles)
    click(root, "first")
    assert counter.text == "step 0 of 2"
    assert shown(browser, root, solution.start) == list(solution.start.tiles)


def test_a_solved_board_has_nothing_to_play(browser: Any, tmp_path: Path) -> None:  # noqa: F811
    root = open_player(browser, st.solve("1 2 3/4 5 6/7 8 0"), tmp_path)
    assert root.find_element(By.CSS_SELECTOR, ".counter").text == "step 0 of 0"
    assert off(root) == ["first", "back", "play", "step", "last"]
