"""The search stepper (`TraceView.html`, what notebooks show) in headless Chromium.

The browser is tests/test_play_browser.py's (Debian's ``chromium`` and ``chromedriver``
driven by selenium; without them these tests skip, except under ``CI=true``, where they
fail). Each test opens a page holding the fragment, clicks its buttons and reads what shows.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import slidingtiles as st
from slidingtiles.search import astar, idastar
from tests.test_play_browser import By, browser  # noqa: F401  (browser: the fixture)
from tests.test_watch import HOSTILE, Hostile, misplaced, tiles


def open_fragment(driver: Any, fragment: str, folder: Path, selector: str) -> Any:
    """Open a page holding ``fragment``; return its element matching ``selector``."""
    page = folder / "fragment.html"
    page.write_text(
        f'<!DOCTYPE html><html><meta charset="utf-8"><body>{fragment}</body></html>',
        encoding="utf-8",
    )
    driver.get(page.as_uri())
    return driver.find_element(By.CSS_SELECTOR, selector)


def open_view(driver: Any, view: st.TraceView, folder: Path) -> Any:
    return open_fragment(driver, view.html(), folder, ".slidingtiles-search")


def click(root: Any, action: str) -> None:
    root.find_element(By.CSS_SELECTOR, f'button[data-action="{action}"]').click()


def test_the_stepper_steps_through_the_expansions(browser: Any, tmp_path: Path) -> None:  # noqa: F811
    result = astar(tiles("0 1 3/4 2 5/7 8 6"), misplaced, trace=1000)
    root = open_view(browser, st.TraceView(result), tmp_path)
    counter = root.find_element(By.CSS_SELECTOR, ".counter")
    assert counter.text.startswith("expansion #0 (1 of 4")
    assert root.find_element(By.CSS_SELECTOR, 'button[data-action="back"]').get_attribute(
        "disabled"
    )
    click(root, "step")
    click(root, "step")
    assert counter.text.startswith("expansion #2 (3 of 4")
    current = root.find_element(By.CSS_SELECTOR, '[data-pane="current"]')
    assert "g 2 h 2 f 4" in current.text
    frontier = root.find_elements(By.CSS_SELECTOR, '[data-pane="frontier"] li')
    # Each entry: a small board (its tile numbers) and, on the last line, its values.
    values = [li.text.splitlines()[-1] for li in frontier]
    assert values == ["g 2 h 2 f 4", "g 2 h 4 f 6", "g 1 h 5 f 6"]
    children = root.find_elements(By.CSS_SELECTOR, '[data-pane="children"] li')
    assert [li.text.splitlines()[-1].split(":")[0] for li in children] == ["U", "D", "L", "R"]
    assert children[0].text.endswith("duplicate")
    path = root.find_element(By.CSS_SELECTOR, '[data-pane="path"]')
    assert [word for word in path.text.split() if not word.isdigit()] == ["→", "R", "→", "D"]
    assert len(path.find_elements(By.CSS_SELECTOR, "svg")) == 3
    click(root, "last")
    assert counter.text.startswith("expansion #3 (4 of 4")
    click(root, "first")
    assert counter.text.startswith("expansion #0")


def test_idastar_steps_name_their_threshold(browser: Any, tmp_path: Path) -> None:  # noqa: F811
    result = idastar(tiles("5 4 2/1 0 3/7 8 6"), misplaced, trace=1000)
    root = open_view(browser, st.TraceView(result), tmp_path)
    click(root, "last")
    how = root.find_element(By.CSS_SELECTOR, '[data-pane="current"] .how').text
    assert how.endswith("iteration 3, threshold 8")
    assert "keeps no frontier" in root.find_element(By.CSS_SELECTOR, '[data-pane="frontier"]').text


def test_hostile_labels_show_as_text(browser: Any, tmp_path: Path) -> None:  # noqa: F811
    root = open_view(
        browser, st.TraceView(astar(Hostile(0), lambda h: max(0, 4 - h.n), trace=100)), tmp_path
    )
    click(root, "step")
    label = root.find_element(By.CSS_SELECTOR, '[data-pane="current"] .label').text
    assert label.startswith("<script>alert('x')</script> & \"q\" \\x00\\x1b[2J\\u202e\\ud800")
    assert browser.execute_script("return document.scripts.length") == 2  # the fragment's two
    assert browser.execute_script("return document.querySelectorAll('svg').length") == 0
    assert HOSTILE not in browser.page_source
