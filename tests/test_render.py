"""Pictures: parse the SVG and HTML we emit and check they show exactly the boards."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from html.parser import HTMLParser

import pytest
from hypothesis import given
from hypothesis import strategies as st

from slidingtiles import (
    Board,
    board_svg,
    random_board,
    scramble,
    solution_html,
    solution_svg,
    solve,
)

SVG = "{http://www.w3.org/2000/svg}"


def tiles_of(svg: str) -> list[ET.Element]:
    root = ET.fromstring(svg)  # raises on malformed XML (unescaped labels included)
    assert root.tag == f"{SVG}svg"
    return [g for g in root.iter(f"{SVG}g") if g.get("class") == "tile"]


def translate(value: str) -> tuple[float, float]:
    inner = value.removeprefix("translate(").removesuffix(")")
    x, y = inner.split(",")
    return float(x), float(y)


def board_from_svg(svg: str, rows: int, cols: int) -> tuple[int, ...]:
    """Rebuild the tile tuple from where each tile group is drawn."""
    groups = tiles_of(svg)
    xs = sorted({translate(g.get("transform", ""))[0] for g in groups})
    ys = sorted({translate(g.get("transform", ""))[1] for g in groups})
    step = max(xs[1] - xs[0] if len(xs) > 1 else 0, ys[1] - ys[0] if len(ys) > 1 else 0)
    origin = min(xs + ys)
    cells = [0] * (rows * cols)
    for g in groups:
        x, y = translate(g.get("transform", ""))
        cells[round((y - origin) / step) * cols + round((x - origin) / step)] = int(
            g.get("data-tile", "")
        )
    return tuple(cells)


# -- board_svg -------------------------------------------------------------------------


@given(st.sampled_from([(2, 2), (3, 3), (4, 4), (2, 5), (5, 3)]), st.integers(0, 10**6))
def test_board_svg_draws_every_tile_but_the_blank(shape: tuple[int, int], seed: int) -> None:
    board = random_board(*shape, seed=seed)
    svg = board_svg(board)
    groups = tiles_of(svg)
    assert len(groups) == board.size - 1
    texts = sorted(int(g.find(f"{SVG}text").text or "") for g in groups)  # type: ignore[union-attr]
    assert texts == list(range(1, board.size))


def test_board_svg_positions_match_the_board() -> None:
    board = Board("8 1 3/4 0 2/7 6 5")
    assert board_from_svg(board_svg(board), 3, 3) == board.tiles


def test_labels_are_escaped_and_drawn() -> None:
    labels = [["<b>", "a&b"], ['"q"', None]]
    board = Board.labelled(labels)
    svg = board_svg(board)
    assert "&lt;b&gt;" in svg
    assert "a&amp;b" in svg
    texts = {g.find(f"{SVG}text").text for g in tiles_of(svg)}  # type: ignore[union-attr]
    assert texts == {"<b>", "a&b", '"q"'}


def test_goal_highlights_tiles_at_home() -> None:
    board = Board("1 2 3/4 5 6/7 0 8")
    svg = board_svg(board, goal=Board.goal(3, 3))
    fills = {
        g.get("data-tile"): g.find(f"{SVG}rect").get("fill")  # type: ignore[union-attr]
        for g in tiles_of(svg)
    }
    assert len({fills[str(t)] for t in range(1, 8)}) == 1
    assert fills["8"] != fills["1"]


@pytest.mark.parametrize("cell", [0, 15, 401, 2.5, True])
def test_bad_cell_size(cell: object) -> None:
    with pytest.raises(ValueError, match="cell"):
        board_svg(Board.goal(2, 2), cell=cell)  # type: ignore[arg-type]


# -- solution_svg -------------------------------------------------------------------------


def test_solution_svg_animates_through_every_board() -> None:
    solution = solve("0 1 3/4 2 5/7 8 6")
    svg = solution_svg(solution)
    root = ET.fromstring(svg)
    groups = [g for g in root.iter(f"{SVG}g") if g.get("class") == "tile"]
    assert len(groups) == 8
    frames: list[dict[int, tuple[float, float]]] = []
    for g in groups:
        animation = g.find(f"{SVG}animateTransform")
        assert animation is not None
        values = animation.get("values", "").split(";")
        key_times = animation.get("keyTimes", "").split(";")
        assert len(values) == len(key_times) == len(solution.boards) + 1  # + the held goal
        for k, value in enumerate(values):
            if len(frames) <= k:
                frames.append({})
            x, y = (float(v) for v in value.split(","))
            frames[k][int(g.get("data-tile", ""))] = (x, y)
    for board, frame in zip(solution.boards, frames):
        # The tile at each board cell is drawn at that cell's position.
        for index, tile in enumerate(board.tiles):
            if tile:
                row, col = divmod(index, 3)
                assert frame[tile] == (4 + col * 60, 4 + row * 60)
    assert frames[-1] == frames[-2]


def test_solution_svg_of_solved_board_is_still() -> None:
    svg = solution_svg(solve(Board.goal(3, 3)))
    assert "animateTransform" not in svg
    assert len(tiles_of(svg)) == 8
    assert "0 moves" in svg


def test_solution_svg_rejects_bad_speed() -> None:
    with pytest.raises(ValueError, match="seconds_per_move"):
        solution_svg(solve("1 2/0 3"), seconds_per_move=0)


# -- solution_html -------------------------------------------------------------------------


class PageParser(HTMLParser):
    """Collects buttons, the JSON step data and the embedded SVG's tile groups."""

    def __init__(self) -> None:
        super().__init__()
        self.buttons: dict[str, str] = {}
        self.json_text = ""
        self.scripts = 0
        self.tile_groups = 0
        self.external: list[str] = []
        self._in_json = False
        self._button: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attributes = dict(attrs)
        if tag == "button":
            self._button = attributes.get("id")
        if tag == "script":
            self.scripts += 1
            self._in_json = attributes.get("id") == "slidingtiles-steps"
            if "src" in attributes:
                self.external.append(str(attributes["src"]))
        if tag == "link" or (tag == "img" and "src" in attributes):
            self.external.append(str(attributes.get("href") or attributes.get("src")))
        if tag == "g" and attributes.get("class") == "tile":
            self.tile_groups += 1

    def handle_endtag(self, tag: str) -> None:
        if tag == "script":
            self._in_json = False
        if tag == "button":
            self._button = None

    def handle_data(self, data: str) -> None:
        if self._in_json:
            self.json_text += data
        if self._button is not None:
            self.buttons[self._button] = self.buttons.get(self._button, "") + data


def parse_page(page: str) -> PageParser:
    parser = PageParser()
    parser.feed(page)
    parser.close()
    return parser


def test_html_holds_every_board_and_controls() -> None:
    solution = solve("6 4 7/8 5 0/3 2 1")
    page = parse_page(solution_html(solution))
    data = json.loads(page.json_text)
    assert [tuple(b) for b in data["boards"]] == [b.tiles for b in solution.boards]
    assert data["moves"] == str(solution.moves)
    assert len(data["boards"]) == 32
    assert (data["rows"], data["cols"]) == (3, 3)
    assert set(page.buttons) == {"first", "prev", "play", "next", "last"}
    assert page.tile_groups == 8
    assert page.external == []  # self-contained: no linked scripts, styles or images


def test_html_json_cannot_close_its_script() -> None:
    grid = [["_", "</script>"], ["<!--", "&amp;"]]  # two moves from the goal
    goal = [["</script>", "&amp;"], ["<!--", "_"]]
    solution = solve(grid, goal)
    text = solution_html(solution, title="<i>mine</i>")
    assert text.count("</script>") == 2  # the data block and the player, nothing injected
    page = parse_page(text)
    data = json.loads(page.json_text)
    assert data["labels"][1:] == ["</script>", "&amp;", "<!--"]
    assert "<i>mine</i>" not in text
    assert "&lt;i&gt;mine&lt;/i&gt;" in text


@given(st.integers(0, 10**6), st.integers(0, 12))
def test_html_steps_replay_the_moves(seed: int, moves: int) -> None:
    board = scramble(Board.goal(2, 3), moves, seed=seed)
    solution = solve(board)
    data = json.loads(parse_page(solution_html(solution)).json_text)
    replay = [Board(data["boards"][0], (2, 3))]
    for move in data["moves"]:
        replay.append(replay[-1].move(move))
    assert [b.tiles for b in replay] == [tuple(b) for b in data["boards"]]
    assert replay[-1] == Board.goal(2, 3)


def test_html_rejects_bad_interval() -> None:
    with pytest.raises(ValueError, match="interval_ms"):
        solution_html(solve("1 2/0 3"), interval_ms=0)


# -- notebook display (Board._repr_svg_ and Solution._repr_svg_ call the functions above) ---


def test_board_repr_svg() -> None:
    board = Board.labelled([["x", "<y>"], ["z", "_"]])
    assert board._repr_svg_() == board_svg(board)
    assert len(tiles_of(board._repr_svg_())) == 3


def test_solution_repr_svg() -> None:
    solution = solve("1 2 3/4 0 6/7 5 8")
    assert solution._repr_svg_() == solution_svg(solution)
