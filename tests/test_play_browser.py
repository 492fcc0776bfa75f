"""The game in a real browser: headless Chromium, driven by selenium, plays `slidingtiles play`.

The server is the command itself (``python -m slidingtiles play --no-browser --port 0``) in a
subprocess this module starts and stops; the browser is Debian's ``chromium`` with its
``chromedriver`` (``apt-get install chromium chromium-driver``), never a downloaded one.
Without selenium or the browser the tests skip, except under ``CI=true``, where they fail:
``.ci/run`` installs both. Each test checks what the page shows against the library.

``SLIDINGTILES_PLAY_SCREENSHOT=docs/images/play.png`` also saves the screenshot of the docs
page (the test always saves one in its temporary directory).
"""

from __future__ import annotations

import json
import os
import re
import selectors
import shutil
import struct
import subprocess
import sys
import tempfile
import time
import urllib.request
import zlib
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, NoReturn

import pytest

import slidingtiles as st

ROOT = Path(__file__).resolve().parent.parent
IN_CI = os.environ.get("CI", "").strip().lower() not in ("", "0", "false", "no")


def unavailable(what: str) -> NoReturn:
    """Skip on a developer's machine; fail in CI, where the browser test must run."""
    if IN_CI:
        pytest.fail(f"{what}; under CI=true the browser test must run (.ci/run installs it)")
    pytest.skip(what, allow_module_level=True)


try:
    import uvicorn  # noqa: F401  (the server needs the play extra)
    from selenium import webdriver
    from selenium.common.exceptions import WebDriverException
    from selenium.webdriver.chrome.options import Options
    from selenium.webdriver.chrome.service import Service
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys
    from selenium.webdriver.support.ui import Select, WebDriverWait
except ImportError as missing:
    unavailable(f"{missing.name} is not installed (pip install -e '.[play-test]')")

CHROMIUM = next(
    filter(None, map(shutil.which, ("chromium", "chromium-browser", "google-chrome"))), None
)
CHROMEDRIVER = shutil.which("chromedriver")
if CHROMIUM is None or CHROMEDRIVER is None:
    unavailable("no chromium or chromedriver (apt-get install chromium chromium-driver)")

WAIT = 15.0  # seconds any one thing may take to show; never reached when things work


# -- the server and the browser ------------------------------------------------------------


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    """``slidingtiles play`` on a free loopback port, in a subprocess stopped at the end."""
    process = subprocess.Popen(
        [sys.executable, "-m", "slidingtiles", "play", "--no-browser", "--port", "0"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    try:
        url = _announced_url(process)
        _wait_until_up(url)
        yield url
    finally:
        process.terminate()  # only the process this fixture started
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        if process.stderr is not None:
            process.stderr.close()


def _announced_url(process: subprocess.Popen[str]) -> str:
    assert process.stderr is not None
    with selectors.DefaultSelector() as selector:
        selector.register(process.stderr, selectors.EVENT_READ)
        deadline = time.monotonic() + WAIT
        while time.monotonic() < deadline:
            if not selector.select(timeout=deadline - time.monotonic()):
                break
            line = process.stderr.readline()
            if not line:
                break
            found = re.search(r"playing at (http://127\.0\.0\.1:\d+/)", line)
            if found:
                return found.group(1)
    raise AssertionError(f"the server did not say where it listens (exit {process.poll()})")


def _wait_until_up(url: str) -> None:
    deadline = time.monotonic() + WAIT
    while True:
        try:
            with urllib.request.urlopen(url + "api/info", timeout=2) as response:
                assert json.load(response)["schema"] == 1
                return
        except OSError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.05)


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    options = Options()
    options.binary_location = str(CHROMIUM)
    for argument in (
        "--headless=new",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--window-size=1180,860",
        "--hide-scrollbars",
        "--force-device-scale-factor=1",
    ):
        options.add_argument(argument)
    with tempfile.TemporaryDirectory(prefix="slidingtiles-chromium-") as profile:
        options.add_argument(f"--user-data-dir={profile}")
        try:
            driver = webdriver.Chrome(options=options, service=Service(str(CHROMEDRIVER)))
        except WebDriverException as error:
            unavailable(f"chromium would not start: {error.msg}")
        try:
            yield driver
        finally:
            driver.quit()  # stops the chromedriver and chromium it started


# -- reading and driving the page ----------------------------------------------------------


def wait_for(driver: Any, condition: Callable[[], Any], what: str) -> Any:
    """Poll ``condition`` until it returns something truthy (failing with ``what`` after WAIT)."""
    return WebDriverWait(driver, WAIT, poll_frequency=0.02).until(
        lambda _: condition(), message=f"waited {WAIT:g} s for {what}"
    )


def idle(driver: Any) -> None:
    wait_for(driver, lambda: body(driver).get_attribute("data-busy") == "false", "the server")


def body(driver: Any) -> Any:
    return driver.find_element(By.TAG_NAME, "body")


def action(driver: Any, name: str) -> Any:
    return driver.find_element(By.CSS_SELECTOR, f'[data-action="{name}"]')


def board(driver: Any) -> st.Board:
    return st.Board(driver.find_element(By.ID, "board").get_attribute("data-board"))


def shown(driver: Any, element_id: str) -> str:
    return str(driver.find_element(By.ID, element_id).text)


def tile(driver: Any, number: int) -> Any:
    return driver.find_element(By.CSS_SELECTOR, f'#board [data-number="{number}"]')


def moved(driver: Any, before: st.Board, click: Callable[[], None]) -> st.Board:
    """Do ``click`` and return the board once it has changed."""
    click()
    return wait_for(driver, lambda: board(driver) != before and board(driver), "the board")


def tile_for(position: st.Board, move: str) -> int:
    """The tile that slides when the blank makes ``move``."""
    return int(position.move(move)[position.blank_position])


def optimal_length(position: st.Board, goal: st.Board | None = None) -> int:
    solution = st.solve(position, goal, heuristic="manhattan")
    assert solution.optimal
    return len(solution)


def open_game(driver: Any, url: str) -> None:
    driver.get(url)
    wait_for(driver, lambda: body(driver).get_attribute("data-ready") == "true", "the page")
    idle(driver)


def write_png(path: Path, width: int, height: int) -> None:
    """A colour gradient as a PNG file (written by hand: no imaging library needed)."""
    rows = b"".join(
        b"\x00" + bytes(v for x in range(width) for v in (255 * x // width, 255 * y // height, 90))
        for y in range(height)
    )

    def chunk(kind: bytes, data: bytes) -> bytes:
        crc = zlib.crc32(kind + data) & 0xFFFFFFFF
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", crc)

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    body = chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b"")
    path.write_bytes(b"\x89PNG\r\n\x1a\n" + body)


# -- the tests ------------------------------------------------------------------------------


def test_play_a_game_by_clicks_keys_solver_and_hints(
    server: str, browser: Any, tmp_path: Path
) -> None:
    driver = browser
    open_game(driver, server)
    goal = st.Board.goal(3, 3)
    start = board(driver)
    assert st.is_solvable(start, goal), start
    # Every tile shows its label and sits where the board says.
    tiles = driver.find_elements(By.CSS_SELECTOR, "#board [data-tile]")
    assert sorted(int(t.get_attribute("data-tile")) for t in tiles) == list(range(1, 9))
    for element in tiles:
        number = int(element.get_attribute("data-number"))
        assert start.tiles[int(element.get_attribute("data-cell"))] == number

    # A click on a tile beside the blank slides it; the counter counts.
    move = start.legal_moves()[0]
    after = moved(driver, start, tile(driver, tile_for(start, move)).click)
    assert after == start.move(move)
    assert shown(driver, "moves") == "1"
    # A tile that is not beside the blank stays put.
    far = next(t for t in range(1, 9) if t not in [tile_for(after, m) for m in after.legal_moves()])
    tile(driver, far).click()
    assert board(driver) == after
    assert shown(driver, "moves") == "1"
    # The arrow keys move the blank.
    keys = {"U": Keys.ARROW_UP, "D": Keys.ARROW_DOWN, "L": Keys.ARROW_LEFT, "R": Keys.ARROW_RIGHT}
    move = after.legal_moves()[-1]
    after_key = moved(driver, after, lambda: ActionChains(driver).send_keys(keys[move]).perform())
    assert after_key == after.move(move)
    assert shown(driver, "moves") == "2"

    # Shuffle by 14 random moves from the goal: a new game at most 14 moves away.
    Select(driver.find_element(By.ID, "shuffle-mode")).select_by_value("moves")
    count = driver.find_element(By.ID, "shuffle-moves")
    count.clear()
    count.send_keys("14")
    game = moved(driver, after_key, action(driver, "shuffle").click)
    idle(driver)
    assert shown(driver, "moves") == "0"
    par = optimal_length(game, goal)
    assert 0 < par <= 14 or game == goal
    if game == goal:  # a walk that came home: shuffle again (uniform) for something to solve
        Select(driver.find_element(By.ID, "shuffle-mode")).select_by_value("uniform")
        game = moved(driver, game, action(driver, "shuffle").click)
        idle(driver)
        par = optimal_length(game, goal)

    # Solve on the server: the length shown is the optimal one.
    action(driver, "solve").click()
    idle(driver)
    wait_for(driver, lambda: "step 0 of" in shown(driver, "solution").lower(), "the solution")
    text = shown(driver, "solution")
    assert text.startswith(f"{par} move"), text
    assert "optimal" in text, text
    assert "nodes expanded" in text, text
    # Step to the goal, with one Back on the way.
    position = game
    position = moved(driver, position, action(driver, "step").click)
    position = moved(driver, position, action(driver, "back").click)
    assert position == game
    for _ in range(par):
        position = moved(driver, position, action(driver, "step").click)
    assert position == goal
    assert action(driver, "step").get_attribute("disabled") is not None
    idle(driver)
    message = shown(driver, "message")
    assert f"Solved in {par + 2} moves" in message, message
    assert f"par {par}" in shown(driver, "par")

    # Reset: back to the game's start, counter at 0; a hint names a tile on a shortest path.
    moved(driver, position, action(driver, "reset").click)
    assert board(driver) == game
    assert shown(driver, "moves") == "0"
    action(driver, "hint").click()
    idle(driver)
    hinted = wait_for(
        driver, lambda: driver.find_elements(By.CSS_SELECTOR, "#board .tile.hinted"), "a hint"
    )
    number = int(hinted[0].get_attribute("data-number"))
    assert f"{par} moves to the goal" in shown(driver, "message")
    hint_move = next(m for m in game.legal_moves() if tile_for(game, m) == number)
    assert optimal_length(game.move(hint_move), goal) == par - 1
    after_hint = moved(driver, game, hinted[0].click)
    assert after_hint == game.move(hint_move)
    assert not driver.find_elements(By.CSS_SELECTOR, "#board .tile.hinted")

    screenshot = tmp_path / "play.png"
    assert driver.save_screenshot(str(screenshot))
    assert screenshot.read_bytes().startswith(b"\x89PNG")


def test_an_impossible_goal_is_explained_not_searched(server: str, browser: Any) -> None:
    driver = browser
    open_game(driver, server)
    position = board(driver)
    # The goal with two tiles swapped: the other parity, so the pair is impossible.
    tiles = list(st.Board.goal(3, 3).tiles)
    tiles[0], tiles[1] = tiles[1], tiles[0]
    swapped = st.Board(tiles, (3, 3))
    driver.find_element(By.CSS_SELECTOR, 'input[name="goal"][value="custom"]').click()
    goal_text = driver.find_element(By.ID, "goal-text")
    goal_text.clear()
    goal_text.send_keys(swapped.to_text())
    action(driver, "set-goal").click()
    idle(driver)
    # Every move flips the parity, so a start solvable for the usual goal never reaches this one.
    report = st.solvability(position, swapped)
    assert not report.solvable
    reason = report.reason
    wait_for(
        driver,
        lambda: driver.find_element(By.ID, "board").get_attribute("data-goal") == swapped.to_text(),
        "the new goal",
    )
    wait_for(driver, lambda: reason in shown(driver, "message"), "the parity reason")
    assert action(driver, "solve").get_attribute("disabled") is not None
    assert action(driver, "hint").get_attribute("disabled") is not None
    # A goal the library cannot read is refused with its message, and the game goes on.
    goal_text.clear()
    goal_text.send_keys("1 2 3/4 4 6/7 8 0")
    action(driver, "set-goal").click()
    idle(driver)
    wait_for(driver, lambda: "duplicate tile 4" in shown(driver, "message"), "the error")
    assert driver.find_element(By.ID, "board").get_attribute("data-goal") == swapped.to_text()


def test_letters_words_pictures_shapes_and_a_typed_start(
    server: str, browser: Any, tmp_path: Path
) -> None:
    driver = browser
    open_game(driver, server)
    # A picture from disk, cut into one piece per tile in the browser.
    picture = tmp_path / "gradient.png"
    write_png(picture, 120, 90)
    driver.find_element(By.ID, "picture").send_keys(str(picture))
    pieces = wait_for(
        driver,
        lambda: driver.find_elements(By.CSS_SELECTOR, "#board .tile.picture"),
        "the picture's pieces",
    )
    backgrounds = {t.value_of_css_property("background-image") for t in pieces}
    assert len(pieces) == 8
    assert len(backgrounds) == 8
    assert all(b.startswith('url("data:image/jpeg') for b in backgrounds)
    driver.find_element(By.ID, "show-numbers").click()
    corner = driver.find_element(By.CSS_SELECTOR, '#board [data-number="5"] .number')
    assert corner.is_displayed()
    assert corner.text == "5"
    driver.find_element(By.CSS_SELECTOR, 'input[name="tiles"][value="letters"]').click()
    labels = {t.get_attribute("data-tile") for t in driver.find_elements(By.CSS_SELECTOR, ".tile")}
    assert labels == set("ABCDEFGH")
    word = driver.find_element(By.ID, "word")
    word.clear()
    word.send_keys("<b>&go")  # shown as text, never as markup
    labels = [t.get_attribute("data-tile") for t in driver.find_elements(By.CSS_SELECTOR, ".tile")]
    assert sorted(labels) == sorted(["<", "b", ">", "&", "g", "o", "7", "8"])
    assert not driver.find_elements(By.CSS_SELECTOR, "#board b")
    # Another shape: 4 rows, 5 columns, a fresh solvable game.
    Select(driver.find_element(By.ID, "rows")).select_by_value("4")
    idle(driver)
    Select(driver.find_element(By.ID, "cols")).select_by_value("5")
    idle(driver)
    wait_for(driver, lambda: board(driver).shape == (4, 5), "a 4x5 board")
    assert len(driver.find_elements(By.CSS_SELECTOR, "#board .tile")) == 19
    assert st.is_solvable(board(driver))
    # A typed start of another shape brings its own (blank-last) goal.
    start = driver.find_element(By.ID, "start-text")
    start.clear()
    start.send_keys("1 2 3/4 0 6/7 5 8")
    action(driver, "set-start").click()
    idle(driver)
    wait_for(driver, lambda: board(driver) == st.Board("1 2 3/4 0 6/7 5 8"), "the typed start")
    action(driver, "solve").click()
    idle(driver)
    wait_for(driver, lambda: shown(driver, "solution").startswith("2 moves"), "the solution")


def test_screenshot_for_the_docs(server: str, browser: Any, tmp_path: Path) -> None:
    """A 4x4 game part-way through a solution: the picture on docs/play.md."""
    driver = browser
    open_game(driver, server)
    for select, value in (("rows", "4"), ("cols", "4")):
        Select(driver.find_element(By.ID, select)).select_by_value(value)
        idle(driver)
    wait_for(driver, lambda: board(driver).shape == (4, 4), "a 4x4 board")
    start = driver.find_element(By.ID, "start-text")
    start.clear()
    start.send_keys("5 1 2 4/9 6 3 8/13 10 7 11/0 14 15 12")
    action(driver, "set-start").click()
    idle(driver)
    game = wait_for(
        driver,
        lambda: (
            board(driver) == st.Board("5 1 2 4/9 6 3 8/13 10 7 11/0 14 15 12") and board(driver)
        ),
        "the start",
    )
    for _ in range(2):  # the second time without the first search's compiling in its time
        action(driver, "solve").click()
        idle(driver)
        wait_for(driver, lambda: "Step 0 of" in shown(driver, "solution"), "the solution")
    position = game
    for _ in range(4):
        position = moved(driver, position, action(driver, "step").click)
    # Still: no tile half-way through its slide, no button focused or hovered.
    driver.execute_script(
        "window.scrollTo(0, 0); document.activeElement.blur();"
        "document.getElementById('board').classList.add('placing');"
    )
    ActionChains(driver).move_to_element(driver.find_element(By.TAG_NAME, "h1")).perform()
    png = tmp_path / "play.png"
    assert driver.save_screenshot(str(png))
    assert png.read_bytes().startswith(b"\x89PNG")
    wanted = os.environ.get("SLIDINGTILES_PLAY_SCREENSHOT")
    if wanted:
        shutil.copyfile(png, ROOT / wanted)


def test_notebook_players_step_independently(browser: Any, tmp_path: Path) -> None:
    """Two `Solution._repr_html_` outputs on one page: each steps its own board."""
    driver = browser
    first, second = st.solve("1 2 3/4 0 6/7 5 8"), st.solve("8 1 3/4 0 2/7 6 5")
    page = tmp_path / "notebook.html"
    page.write_text(
        "<!DOCTYPE html><html><body>"
        + first._repr_html_()
        + second._repr_html_()
        + "</body></html>",
        encoding="utf-8",
    )
    driver.get(page.as_uri())
    players = driver.find_elements(By.CSS_SELECTOR, ".slidingtiles-player")
    assert len(players) == 2

    def transforms(player: Any) -> list[str]:
        return [g.get_attribute("style") for g in player.find_elements(By.CSS_SELECTOR, ".tile")]

    before = [transforms(p) for p in players]
    players[1].find_element(By.CSS_SELECTOR, '[data-action="step"]').click()
    wait_for(driver, lambda: transforms(players[1]) != before[1], "the second player to step")
    assert transforms(players[0]) == before[0]
    counter = players[1].find_element(By.CSS_SELECTOR, ".counter")
    assert counter.text.startswith(f"step 1 of {len(second)}")
    players[1].find_element(By.CSS_SELECTOR, '[data-action="last"]').click()
    wait_for(driver, lambda: counter.text.startswith(f"step {len(second)} of"), "the last step")
    players[0].find_element(By.CSS_SELECTOR, '[data-action="play"]').click()
    counter0 = players[0].find_element(By.CSS_SELECTOR, ".counter")
    wait_for(driver, lambda: counter0.text.startswith(f"step {len(first)} of"), "play to the end")


# -- the search view -------------------------------------------------------------------------


def watch_attribute(driver: Any, name: str) -> str:
    return str(driver.find_element(By.ID, "watch").get_attribute(name))


def watched(driver: Any, algorithm: str, expanded: int) -> None:
    """Wait until the search view shows the search of ``algorithm`` that expanded ``expanded``."""
    wait_for(
        driver,
        lambda: (
            watch_attribute(driver, "data-busy") == "false"
            and watch_attribute(driver, "data-algorithm") == algorithm
            and watch_attribute(driver, "data-expanded") == str(expanded)
        ),
        f"the view of {algorithm} with {expanded} expansions",
    )


def mini_cells(driver: Any, holder: str, what: str) -> list[str]:
    """Each cell's ``what`` of a small board, row by row, read at once (boards are redrawn)."""
    return list(
        driver.execute_script(
            "return Array.from(document.querySelectorAll(arguments[0]), arguments[1] === 'label' ?"
            " c => c.getAttribute('data-tile') || '' : c => getComputedStyle(c).backgroundImage)",
            f"#{holder} .mini .cell" + (":not(.blank)" if what == "picture" else ""),
            what,
        )
    )


def mini_labels(driver: Any, holder: str) -> list[str]:
    """The labels of a small board's cells, row by row ("" for the blank)."""
    return mini_cells(driver, holder, "label")


def save_watch_screenshot(driver: Any, png: Path) -> None:
    """The search view as docs/play.md shows it (``SLIDINGTILES_WATCH_SCREENSHOT`` copies it).

    The window is made tall enough for the whole view, then put back.
    """
    size = driver.get_window_size()
    driver.set_window_size(size["width"], 2400)
    try:
        driver.execute_script("document.activeElement.blur()")
        assert driver.find_element(By.ID, "watch").screenshot(str(png))
    finally:
        driver.set_window_size(size["width"], size["height"])
    assert png.read_bytes().startswith(b"\x89PNG")
    wanted = os.environ.get("SLIDINGTILES_WATCH_SCREENSHOT")
    if wanted:
        shutil.copyfile(png, ROOT / wanted)


def typed_start(driver: Any, text: str) -> st.Board:
    start = driver.find_element(By.ID, "start-text")
    start.clear()
    start.send_keys(text)
    action(driver, "set-start").click()
    idle(driver)
    return wait_for(driver, lambda: board(driver) == st.Board(text) and board(driver), "the start")


def watching(driver: Any, url: str, text: str) -> st.Board:
    """A fresh page, the game started from ``text``, and its search view opened."""
    open_game(driver, url)
    start = typed_start(driver, text)
    action(driver, "watch").click()
    return start


def test_the_search_view_steps_through_astar_and_idastar(
    server: str, browser: Any, tmp_path: Path
) -> None:
    driver = browser
    start = watching(driver, server, "8 1 3/4 0 2/7 6 5")
    expected = st.solve(start, heuristic="manhattan", algorithm="astar", trace=100_000)
    watched(driver, "astar", expected.stats.expanded)
    expansions = expected.trace.expansions
    assert watch_attribute(driver, "data-steps") == str(len(expansions))
    assert mini_labels(driver, "watch-start") == [str(t or "") for t in start.tiles]
    assert mini_labels(driver, "watch-goal") == [str(t or "") for t in st.Board.goal(3, 3).tiles]

    def current() -> str:
        return str(
            driver.execute_script(
                "return document.querySelector('#watch-current .mini').getAttribute('data-board')"
            )
        )

    # Step by step: the board expanded, its g, h and f, the frontier it was taken from, the tree.
    for k in range(6):
        if k:
            action(driver, "watch-step").click()
        wait_for(driver, lambda k=k: watch_attribute(driver, "data-step") == str(k), f"step {k}")
        expansion = expansions[k]
        assert current() == expansion.state.board.to_text()
        values = shown(driver, "watch-values")
        assert f"g {expansion.g} \u00b7 h {expansion.h} \u00b7 f {expansion.f}" in values, values
        taken = driver.find_element(By.CSS_SELECTOR, "#watch-waiting .card.taken .mini")
        assert taken.get_attribute("data-board") == current()
        nodes = driver.find_elements(By.CSS_SELECTOR, "#watch-tree .node")
        assert len(nodes) == k + 1
        assert driver.find_elements(By.CSS_SELECTOR, "#watch-tree .node.current")
        assert shown(driver, "watch-counter") == f"expansion #{k} of {len(expansions)}"
    save_watch_screenshot(driver, tmp_path / "watch.png")
    action(driver, "watch-back").click()
    wait_for(driver, lambda: current() == expansions[4].state.board.to_text(), "one step back")
    action(driver, "watch-last").click()
    wait_for(driver, lambda: current() == expansions[-1].state.board.to_text(), "the last step")
    action(driver, "watch-first").click()
    action(driver, "watch-play").click()
    wait_for(driver, lambda: int(watch_attribute(driver, "data-step")) >= 2, "playing")
    action(driver, "watch-play").click()  # pause

    # Another heuristic: another count, the library's; both searches listed.
    Select(driver.find_element(By.ID, "watch-heuristic")).select_by_value("misplaced")
    weaker = st.solve(start, heuristic="misplaced", algorithm="astar", trace=True)
    watched(driver, "astar", weaker.stats.expanded)
    assert weaker.stats.expanded > expected.stats.expanded
    runs = driver.find_elements(By.CSS_SELECTOR, "#watch-runs tbody tr")
    assert [r.text.split()[1:3] for r in runs] == [
        ["manhattan", str(expected.stats.expanded)],
        ["misplaced", str(weaker.stats.expanded)],
    ]

    # IDA*: its iterations, each with its bound, and the steps of each.
    Select(driver.find_element(By.ID, "watch-algorithm")).select_by_value("idastar")
    Select(driver.find_element(By.ID, "watch-heuristic")).select_by_value("manhattan")
    deepening = st.solve(start, heuristic="manhattan", algorithm="idastar", trace=True)
    watched(driver, "idastar", deepening.stats.expanded)
    text = shown(driver, "watch-iterations")
    for bound in deepening.trace.thresholds:
        assert f"bound {bound}," in text, text
    action(driver, "watch-last").click()
    last = str(len(deepening.trace.thresholds))
    wait_for(driver, lambda: watch_attribute(driver, "data-iteration") == last, "the last one")
    assert "IDA* keeps no frontier" in shown(driver, "watch-waiting-title")


def test_the_search_view_runs_the_solver_panels_heuristic(server: str, browser: Any) -> None:
    """Issue 37: the search view searched with Manhattan distance whatever the Solver panel said."""
    driver = browser
    open_game(driver, server)
    start = typed_start(driver, "8 1 3/4 0 2/7 6 5")
    Select(driver.find_element(By.ID, "heuristic")).select_by_value("misplaced")
    action(driver, "watch").click()
    weaker = st.solve(start, heuristic="misplaced", algorithm="astar", trace=True)
    watched(driver, "astar", weaker.stats.expanded)
    chosen = driver.find_element(By.ID, "watch-heuristic").get_attribute("value")
    assert chosen == "misplaced"


def test_the_goal_beside_the_board_in_every_tile_mode(
    server: str, browser: Any, tmp_path: Path
) -> None:
    driver = browser
    start = watching(driver, server, "1 2 3/4 0 6/7 5 8")
    goal = st.Board.goal(3, 3)
    watched(driver, "astar", 2)
    holders = ("goal-board", "watch-goal", "watch-start", "watch-current")

    def expect(labels: list[str]) -> None:
        def named(tiles: tuple[int, ...]) -> list[str]:
            return [labels[t - 1] if t else "" for t in tiles]

        wanted = {
            "goal-board": named(goal.tiles),
            "watch-goal": named(goal.tiles),
            "watch-start": named(start.tiles),
            "watch-current": named(start.tiles),
        }
        wait_for(
            driver,
            lambda: all(mini_labels(driver, h) == wanted[h] for h in holders),
            f"the boards labelled {labels}",
        )
        texts = driver.execute_script(
            "return Array.from(document.querySelectorAll('#goal-board .cell'), c => c.textContent)"
        )
        assert texts == named(goal.tiles)

    expect([str(t) for t in range(1, 9)])
    driver.find_element(By.CSS_SELECTOR, 'input[name="tiles"][value="letters"]').click()
    expect(list("ABCDEFGH"))
    word = driver.find_element(By.ID, "word")
    word.clear()
    word.send_keys("<img src=x onerror=pwned=1>")  # each character a tile's label, as text
    expect(list("<imgsrc=x"[:8]))
    assert not driver.find_elements(By.CSS_SELECTOR, "#goal-board img, #watch img, #watch b")
    assert driver.execute_script("return typeof window.pwned") == "undefined"
    picture = tmp_path / "gradient.png"
    write_png(picture, 120, 90)
    driver.find_element(By.ID, "picture").send_keys(str(picture))

    def pieces(holder: str) -> list[str]:
        return mini_cells(driver, holder, "picture")

    wait_for(driver, lambda: all(len(set(pieces(h))) == 8 for h in holders), "the pieces")
    assert all(p.startswith('url("data:image/jpeg') for h in holders for p in pieces(h))
    # The goal shows each piece where the picture has it: the same piece as the board's tile.
    big = {
        t.get_attribute("data-number"): t.value_of_css_property("background-image")
        for t in driver.find_elements(By.CSS_SELECTOR, "#board .tile")
    }
    assert pieces("goal-board") == [big[str(t)] for t in goal.tiles if t]


@pytest.mark.slow  # two searches of 2 s each; tests/test_reach.py answers the same API at once
def test_a_board_beyond_optimal_reach_gets_a_short_solution_that_says_so(
    server: str, browser: Any
) -> None:
    driver = browser
    open_game(driver, server)
    start = typed_start(driver, st.random_board(7, 7, seed=5).to_text())
    action(driver, "solve").click()
    idle(driver)
    said = wait_for(
        driver,
        lambda: "Solved on the server" in shown(driver, "message") and shown(driver, "message"),
        "the solution",
    )
    assert "beyond reach" in said
    assert re.search(r"the shortest-solution methods answered \([a-z+]+, (numba|python)\)", said)
    assert said.endswith("a short solution, not proven shortest.")
    assert board(driver) == start  # the solution waits to be stepped through
    action(driver, "hint").click()
    idle(driver)
    hint = wait_for(
        driver, lambda: "Hint:" in shown(driver, "message") and shown(driver, "message"), "the hint"
    )
    assert "(not proven shortest)." in hint
    assert "beyond reach" in hint
