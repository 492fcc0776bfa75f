"""`TraceView`: the table, the notebook stepper, the SVG tree and JSON of a traced search."""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from dataclasses import dataclass
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest

import slidingtiles as st
from slidingtiles import NoPathError
from slidingtiles.search import (
    STOP,
    Expanded,
    SearchStopped,
    astar,
    bfs,
    greedy,
    idastar,
)

ROOT = Path(__file__).resolve().parent.parent
GOAL = st.Board.goal(3, 3)
REPORT_START = "0 1 3/4 2 5/7 8 6"  # the student report's A* simulation (seed 001)
SVG = "{http://www.w3.org/2000/svg}"


def misplaced(state: st.TileState) -> int:
    return sum(1 for t, g in zip(state.tiles, GOAL.tiles, strict=True) if t and t != g)


def tiles(text: str, goal: st.Board = GOAL) -> st.TileState:
    return st.TileState.from_boards(st.Board(text), goal)


# --------------------------------------------------------------------------- the report's example


def test_the_student_reports_simulation_is_reproduced() -> None:
    """The report expands four boards, f = 4 each, and lists every child with g, h and f."""
    view = st.TraceView(astar(tiles(REPORT_START), misplaced, trace=1000))
    steps = list(view.trace.replay())
    expanded = [(e.expansion.state.board.to_text(), e.expansion.g, e.expansion.h) for e in steps]
    assert expanded == [
        ("0 1 3/4 2 5/7 8 6", 0, 4),
        ("1 0 3/4 2 5/7 8 6", 1, 3),
        ("1 2 3/4 0 5/7 8 6", 2, 2),
        ("1 2 3/4 5 0/7 8 6", 3, 1),
    ]
    children = [
        sorted((c.state.board.to_text(), c.g, c.h, c.f, c.fate) for c in step.children)
        for step in steps
    ]
    # Each level of the report's figure: the boards, g, h and f it draws (our A* marks the
    # move back to the parent a duplicate, which the report says it skips).
    assert children[0] == [
        ("1 0 3/4 2 5/7 8 6", 1, 3, 4, "queued"),
        ("4 1 3/0 2 5/7 8 6", 1, 5, 6, "queued"),
    ]
    assert children[1] == [
        ("0 1 3/4 2 5/7 8 6", 2, 4, 6, "duplicate"),
        ("1 2 3/4 0 5/7 8 6", 2, 2, 4, "queued"),
        ("1 3 0/4 2 5/7 8 6", 2, 4, 6, "queued"),
    ]
    assert children[2] == [
        ("1 0 3/4 2 5/7 8 6", 3, 3, 6, "duplicate"),
        ("1 2 3/0 4 5/7 8 6", 3, 3, 6, "queued"),
        ("1 2 3/4 5 0/7 8 6", 3, 1, 4, "queued"),
        ("1 2 3/4 8 5/7 0 6", 3, 3, 6, "queued"),
    ]
    assert children[3] == [
        ("1 2 0/4 5 3/7 8 6", 4, 2, 6, "queued"),
        ("1 2 3/4 0 5/7 8 6", 4, 2, 6, "duplicate"),
        ("1 2 3/4 5 6/7 8 0", 4, 0, 4, "queued"),
    ]
    table = view.table()
    assert "found a path of cost 4 (4 steps); 4 expanded, 12 generated" in table
    row = "   3  R     1 2 3  3  1  4         6  U g=4 h=2 f=6 queued, D g=4 h=0 f=4 queued"
    assert row + ", L g=4 h=2 f=6 duplicate" in table  # each child's g, h and f
    assert table.startswith("A* (f = g + h) with h = misplaced from ")  # names its heuristic
    assert "Order: ties in f go to the smaller h, then to the child queued first." in table
    assert table.endswith("path: R D R D")


def test_the_table_of_idastar_heads_each_iteration() -> None:
    trace = idastar(tiles("1 2 3/4 0 5/7 8 6"), misplaced, trace=1000).trace
    text = st.TraceView(trace).table(children=False)
    headings = [line for line in text.splitlines() if line.startswith("iteration")]
    assert headings == [
        f"iteration {k}: threshold {t}"
        + (", next " + str(trace.thresholds[k]) if k < len(trace.thresholds) else ": found a goal")
        for k, t in enumerate(trace.thresholds, 1)
    ]
    assert "path" in text.splitlines()[2]  # IDA*'s frontier column is its path


def test_max_rows_and_a_truncated_trace_say_so() -> None:
    trace = astar(tiles("8 1 3/4 0 2/7 6 5"), misplaced, trace=200).trace
    assert trace.truncated
    view = st.TraceView(trace)
    text = view.table(max_rows=3)
    assert f"Recorded the first 200 of {trace.sent:,} events" in text
    assert f"(the first 3 of {len(trace.expansions)} recorded expansions)" in text
    svg = view.svg(max_nodes=40)
    assert f"of {trace.expanded:,} expansions" in svg
    assert "200 of" in svg


# --------------------------------------------------------------------------- hostile labels

HOSTILE = "<script>alert('x')</script> & \"q\" \x00\x1b[2J\u202e\ud800 </svg>"


@dataclass(frozen=True)
class Hostile:
    """A user's State whose str() is everything a label must not break."""

    n: int

    def successors(self) -> Iterator[tuple[str, Hostile, int]]:
        if self.n < 4:
            yield f"{HOSTILE}+1", Hostile(self.n + 1), 1
            yield f"{HOSTILE}+2", Hostile(self.n + 2), 3

    def is_goal(self) -> bool:
        return self.n == 4

    def __str__(self) -> str:
        return f"{HOSTILE}{self.n}"


UNSAFE = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f\ud800-\udfff\u202e]")


class Scripts(HTMLParser):
    """The tags of a fragment and the text of its scripts."""

    def __init__(self) -> None:
        super().__init__()
        self.tags: list[str] = []
        self.scripts: list[tuple[dict[str, str | None], str]] = []
        self._in: dict[str, str | None] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append(tag)
        if tag == "script":
            self._in = dict(attrs)
            self.scripts.append((self._in, ""))

    def handle_endtag(self, tag: str) -> None:
        if tag == "script":
            self._in = None

    def handle_data(self, data: str) -> None:
        if self._in is not None:
            attrs, text = self.scripts[-1]
            self.scripts[-1] = (attrs, text + data)


@pytest.mark.parametrize(
    "search",
    [
        lambda s: astar(s, lambda h: max(0, 4 - h.n), trace=100),
        lambda s: idastar(s, trace=100),
        lambda s: bfs(s, trace=100),
        lambda s: greedy(s, lambda h: max(0, 4 - h.n), trace=100),
    ],
    ids=["astar", "idastar", "bfs", "greedy"],
)
def test_hostile_labels_are_escaped_everywhere(search: Any) -> None:
    view = st.TraceView(search(Hostile(0)))
    # SVG: well-formed XML, no element but ours, the label shown as text.
    svg = view.svg(duplicates=True)
    tree = ET.fromstring(svg)
    assert {e.tag.removeprefix(SVG) for e in tree.iter()} <= {
        "svg",
        "rect",
        "text",
        "g",
        "title",
        "line",
    }
    assert not UNSAFE.search(svg)
    texts = " ".join(e.text or "" for e in tree.iter())
    assert "<script>alert('x')</script>" in texts or "<script>alert(" in texts
    # HTML: two scripts, ours; the data script parses back to the (escaped) labels.
    fragment = view.html()
    parsed = Scripts()
    parsed.feed(fragment)
    assert parsed.tags.count("script") == 2
    assert "svg" not in parsed.tags  # nothing drawn from a label reaches the markup
    assert not UNSAFE.search(fragment)
    data = json.loads(parsed.scripts[0][1])
    assert all("<script>alert('x')</script>" in s for s in data["states"])
    assert "\\x00\\x1b[2J\\u202e\\ud800" in data["states"][0]
    # The table: no control character reaches the terminal.
    table = view.table()
    assert not UNSAFE.search(table)
    assert "\\x1b[2J" in table
    # JSON: the same escaped text, and valid JSON.
    dumped = json.dumps(view.to_dict(), allow_nan=False)
    assert not UNSAFE.search(json.loads(dumped)["start"])


def test_hostile_tile_labels_on_boards() -> None:
    goal = st.Board.labelled([["&", "<"], ['"', "\x1b"], ["'", None]])
    start = goal.apply("ULD")
    view = st.TraceView(astar(st.TileState.from_boards(start, goal), trace=100))
    svg = view.svg(duplicates=True)
    tree = ET.fromstring(svg)
    labels = {e.text for e in tree.iter(f"{SVG}text")}
    assert {"<", "&", '"', "'"} <= labels
    assert any(label.startswith("\\x") for label in labels if label)  # cut to fit its tile
    assert not UNSAFE.search(svg + view.html() + view.table())
    data = view.to_dict()
    assert data["states"] == "boards"
    # Labelled boards number their tiles in sorted label order; the escape comes after sorting.
    assert data["labels"][1:] == ["\\x1b", '"', "&", "'", "<"]


def test_a_label_function_replaces_the_drawing() -> None:
    view = st.TraceView(
        astar(tiles("1 2 3/4 0 6/7 5 8"), misplaced, trace=100),
        label=lambda s: f"blank at {s.blank}",
    )
    assert "blank at 4" in view.table()
    assert view.to_dict()["start"] == "blank at 4"
    assert "blank at 4" in view.svg()
    with pytest.raises(TypeError, match="label must be callable"):
        st.TraceView(view.trace, label="nope")  # type: ignore[arg-type]


# --------------------------------------------------------------------------- the tree picture


def test_the_tree_numbers_expansions_and_marks_the_path() -> None:
    result = astar(tiles(REPORT_START), misplaced, trace=1000)
    tree = ET.fromstring(st.TraceView(result).svg(duplicates=True))
    nodes = [g for g in tree.iter(f"{SVG}g") if "node" in (g.get("class") or "")]
    expanded = [g for g in nodes if g.get("class") == "node expanded"]
    numbers = [t.text for g in expanded for t in g.iter(f"{SVG}text") if (t.text or "")[:1] == "#"]
    assert sorted(numbers) == ["#0", "#1", "#2", "#3"]
    assert len(nodes) == 1 + result.stats.generated  # every child drawn, duplicates included
    on_path = [g for g in nodes if any(r.get("stroke") == "#2e8b57" for r in g.iter(f"{SVG}rect"))]
    assert len(on_path) == len(result.path)  # the four expansions and the goal
    thick = [e for e in tree.iter(f"{SVG}line") if e.get("stroke") == "#2e8b57"]
    assert len(thick) == len(result.actions)


def test_idastar_iterations_are_drawn_one_after_another() -> None:
    result = idastar(tiles("1 2 3/4 0 5/7 8 6"), misplaced, trace=1000)
    svg = st.TraceView(result).svg()
    headings = re.findall(r"iteration (\d+): threshold (\d+)", svg)
    assert [(int(k), int(t)) for k, t in headings] == list(enumerate(result.trace.thresholds, 1))
    assert '"node pruned"' in svg


def test_the_tree_stops_at_max_nodes_and_says_so() -> None:
    result = astar(tiles("8 1 3/4 0 2/7 6 5"), misplaced, trace=100_000)  # 613 nodes
    svg = st.TraceView(result).svg(max_nodes=300)
    tree = ET.fromstring(svg)
    nodes = [g for g in tree.iter(f"{SVG}g") if "node" in (g.get("class") or "")]
    assert 300 <= len(nodes) <= 300 + 4  # whole expansions: at most one's children over
    shown = sum(1 for g in nodes if g.get("class") == "node expanded")
    assert f"showing the first {shown:,} of {result.stats.expanded:,} expansions" in svg
    with pytest.raises(ValueError, match="max_nodes"):
        st.TraceView(result).svg(max_nodes=0)


# --------------------------------------------------------------------------- JSON


def documented_trace_keys() -> set[str]:
    text = (ROOT / "docs" / "json.md").read_text(encoding="utf-8")
    section = text.split("\n## Trace\n", 1)[1].split("\n## ", 1)[0]
    return set(re.findall(r"^\| `(\w+)` \|", section, re.MULTILINE))


def test_json_is_documented_and_round_trips() -> None:
    documented = documented_trace_keys()
    for result in (
        astar(tiles(REPORT_START), misplaced, trace=1000),
        idastar(tiles("1 2 3/4 0 5/7 8 6"), misplaced, trace=1000),
        bfs(Hostile(0), trace=1000),
    ):
        data = st.TraceView(result).to_dict()
        assert json.loads(json.dumps(data, allow_nan=False)) == data
        seen = set(data)
        for event in data["events"]:
            seen |= set(event)
            if "statistics" in event:
                assert event["statistics"]["expanded"] == result.stats.expanded
        assert seen <= documented, seen - documented
        assert data["statistics"]["expanded"] == result.stats.expanded
    board_data = st.TraceView(astar(tiles(REPORT_START), misplaced, trace=1000)).to_dict()
    assert board_data["start"] == [[0, 1, 3], [4, 2, 5], [7, 8, 6]]
    assert board_data["goal"] == GOAL.to_rows()
    assert board_data["path"][-1] == GOAL.to_rows()


# --------------------------------------------------------------------------- the view's door


def test_the_view_takes_a_trace_a_result_or_an_error() -> None:
    result = astar(tiles(REPORT_START), misplaced, trace=1000)
    assert st.TraceView(result).trace is result.trace
    assert st.TraceView(result.trace).trace is result.trace
    with pytest.raises(SearchStopped) as stopped:
        astar(
            tiles(REPORT_START),
            misplaced,
            trace=10,
            on_event=lambda e: STOP if isinstance(e, Expanded) else None,
        )
    assert "stopped by its on_event callback" in st.TraceView(stopped.value).table()
    with pytest.raises(NoPathError) as none:
        bfs(tiles("2 1/3 0", st.Board.goal(2, 2)), trace=10)
    assert "no goal is reachable" in str(st.TraceView(none.value))
    with pytest.raises(TypeError, match="needs a SearchTrace"):
        st.TraceView(astar(tiles(REPORT_START), misplaced))  # traced nothing
    assert st.TraceView(result)._repr_html_().startswith('<div class="slidingtiles-search"')


def test_a_start_that_is_a_goal_shows_no_expansion() -> None:
    view = st.TraceView(astar(tiles("1 2 3/4 5 6/7 8 0"), misplaced, trace=10))
    assert "0 expanded" in view.table()
    assert "Nothing was expanded." in view.html()
    ET.fromstring(view.svg())
