"""The notebook player (`Solution._repr_html_`): self-contained, escaped, one set of ids each.

Its script runs in a real browser in tests/test_play_browser.py; here the HTML is read back.
"""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser

import pytest

import slidingtiles as st
from slidingtiles import Board, Moves, SearchStats, Solution, solve

ACTIONS = ["first", "back", "play", "step", "last"]


class Collect(HTMLParser):
    """Every start tag with its attributes, and the text of each <script>."""

    def __init__(self) -> None:
        super().__init__()
        self.tags: list[tuple[str, dict[str, str | None]]] = []
        self.scripts: list[tuple[dict[str, str | None], str]] = []
        self._script: dict[str, str | None] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, dict(attrs)))
        if tag == "script":
            self._script = dict(attrs)
            self.scripts.append((self._script, ""))

    def handle_endtag(self, tag: str) -> None:
        if tag == "script":
            self._script = None

    def handle_data(self, data: str) -> None:
        if self._script is not None:
            attrs, text = self.scripts[-1]
            self.scripts[-1] = (attrs, text + data)


def read(fragment: str) -> Collect:
    parser = Collect()
    parser.feed(fragment)
    parser.close()
    return parser


def embedded(fragment: str) -> dict:  # type: ignore[type-arg]
    (text,) = [t for a, t in read(fragment).scripts if a.get("type") == "application/json"]
    data: dict = json.loads(text)  # type: ignore[type-arg]
    return data


def replay(rows: int, cols: int, tiles: list[int], moves: str) -> tuple[int, ...]:
    """The board after the moves, replayed here as the player's script replays them."""
    cells, blank = list(tiles), tiles.index(0)
    offset = {"U": -cols, "D": cols, "L": -1, "R": 1}
    for move in moves:
        cell = blank + offset[move]
        cells[blank], cells[cell] = cells[cell], 0
        blank = cell
    return tuple(cells)


@pytest.mark.parametrize("board", ["1 2 3/4 0 6/7 5 8", "8 1 3/4 0 2/7 6 5", "2 3 0 4/1 5 6 7"])
def test_the_player_holds_the_start_and_moves_that_reach_the_goal(board: str) -> None:
    sol = solve(board)
    fragment = sol._repr_html_()
    data = embedded(fragment)
    assert (data["rows"], data["cols"]) == sol.start.shape
    assert data["start"] == list(sol.start.tiles)
    assert data["moves"] == str(sol.moves)
    assert replay(data["rows"], data["cols"], data["start"], data["moves"]) == sol.goal.tiles
    actions = [a["data-action"] for tag, a in read(fragment).tags if "data-action" in a]
    assert actions == ACTIONS
    assert f"step 0 of {len(sol)}" in fragment
    tiles = [a for tag, a in read(fragment).tags if a.get("class") == "tile"]
    assert sorted(int(str(a["data-tile"])) for a in tiles) == list(range(1, sol.start.size))


def test_every_output_has_its_own_ids() -> None:
    sol = solve("8 1 3/4 0 2/7 6 5")
    fragments = [sol._repr_html_() for _ in range(3)]
    roots = []
    for fragment in fragments:
        parsed = read(fragment)
        ids = [a["id"] for tag, a in parsed.tags if a.get("id")]
        assert len(ids) == 1  # one element id: styles and script are scoped to it
        roots.append(ids[0])
        (script,) = [t for a, t in parsed.scripts if a.get("type") is None]
        assert json.dumps(ids[0]) in script
        (style,) = re.findall(r"<style>(.*?)</style>", fragment, re.DOTALL)
        rules = [line for line in style.splitlines() if "{" in line]
        assert rules
        assert all(line.startswith(f"#{ids[0]} ") for line in rules)
    assert len(set(roots)) == 3


def test_labels_cannot_break_out_of_the_markup() -> None:
    sol = solve([["</script>", "<b>"], ["a&b", "_"]], goal=[["<b>", "a&b"], ["</script>", "_"]])
    fragment = sol._repr_html_()
    assert fragment.count("</script>") == 2  # the two scripts' own closing tags
    assert "<b>" not in fragment
    texts = re.findall(r"<text[^>]*>(.*?)</text>", fragment)
    assert sorted(texts) == sorted(["&lt;/script&gt;", "&lt;b&gt;", "a&amp;b"])
    assert embedded(fragment)["start"] == list(sol.start.tiles)


def test_a_solved_board_and_a_board_too_large_to_draw() -> None:
    fragment = solve("1 2/3 0")._repr_html_()
    assert "step 0 of 0" in fragment
    assert embedded(fragment)["moves"] == ""
    huge = Board.goal(65, 65)
    stats = SearchStats(0, 0, 0, 0, 0, 0.0)
    big = Solution(huge, huge, Moves(""), True, "none", "reduce", stats, 0)
    fragment = big._repr_html_()
    assert "too large to draw" in fragment
    assert "<svg" not in fragment
    assert "<script" not in fragment
    assert 'class="slidingtiles-player"' in fragment


def test_options_are_checked() -> None:
    from slidingtiles._render import solution_player_html

    sol = solve("1 2/0 3")
    assert 'width="' in solution_player_html(sol, cell=30)
    with pytest.raises(ValueError, match="cell"):
        solution_player_html(sol, cell=4)
    with pytest.raises(ValueError, match="interval_ms"):
        solution_player_html(sol, interval_ms=0)
    assert st.Solution._repr_svg_(sol).startswith("<svg")  # the SVG stays for other viewers
