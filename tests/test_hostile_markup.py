"""SVG that is not XML (issue 31, class 9): labels from all of Unicode, every picture and page.

XML 1.0 has no place for most control characters, the surrogates, U+FFFE and U+FFFF, not
even as character references, and a page holding a lone surrogate cannot be written as
UTF-8. Every label, title and name drawn goes through one policy (`markup_text`: each such
character as its visible escape, ``\x1b``, as in every view of the package); the JSON a
page embeds writes them as JSON escapes, so the labels read back exactly. An XML parser must
accept every SVG.
"""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from typing import Any

from hypothesis import given
from hypothesis import strategies as hs

import slidingtiles as st
from slidingtiles import Board

# All of Unicode (hypothesis leaves the surrogates out unless asked), the characters XML
# refuses drawn as often as the rest.
NOT_XML = hs.sampled_from(
    [*map(chr, [*range(0x09), 0x0B, 0x0C, *range(0x0E, 0x20)]), "\ufffe", "\uffff"]
)
ANY_CHAR = hs.characters(codec=None) | hs.characters(categories=["Cs"]) | NOT_XML
LABEL = (
    hs.lists(ANY_CHAR, min_size=1, max_size=6)
    .map("".join)
    .filter(
        lambda label: label.strip() not in ("", "_", ".")  # those name the blank
    )
)


@hs.composite
def solutions(draw: Any) -> st.Solution:
    """A 2x3 board of labels drawn from all of Unicode, and a short solution of it."""
    labels: list[Any] = draw(hs.lists(LABEL, min_size=5, max_size=5, unique=True))
    goal = Board.labelled([labels[:3], [*labels[3:], None]])
    board = goal.apply(draw(hs.sampled_from(["", "L", "LL", "U", "UL", "LUR"])))
    return st.solve(board, goal)


def well_formed(svg: str) -> ET.Element:
    """The SVG parsed by an XML parser (expat), from the bytes a file would hold."""
    return ET.fromstring(svg.encode("utf-8"))


def drawn(root: ET.Element) -> list[str]:
    return ["".join(text.itertext()) for text in root.iter("{http://www.w3.org/2000/svg}text")]


@given(solutions())
def test_every_svg_is_well_formed_xml(solution: st.Solution) -> None:
    board = well_formed(st.board_svg(solution.start))
    assert len(drawn(board)) == solution.start.size - 1  # one text per tile, none lost
    animated = well_formed(st.solution_svg(solution))
    assert len(drawn(animated)) == solution.start.size  # the tiles and the caption
    well_formed(solution.start._repr_svg_())  # what notebooks draw
    well_formed(solution._repr_svg_())


@given(solutions(), LABEL)
def test_every_page_is_text_with_well_formed_pictures_and_exact_labels(
    solution: st.Solution, title: str
) -> None:
    for page in (st.solution_html(solution, title=title), solution._repr_html_()):
        page.encode("utf-8")  # a page that can be written to a file
        for svg in re.findall(r"<svg.*?</svg>", page, flags=re.DOTALL):
            well_formed(svg)
    page = st.solution_html(solution, title=title)
    data = json.loads(
        re.search(r'id="slidingtiles-steps">(.*?)</script>', page, flags=re.DOTALL).group(1)
    )
    start = solution.start
    labels = [str(start.label(tile)) for tile in range(start.size)]
    # Exactly, as JSON has them (a high and a low surrogate in a row read as one character).
    assert data["labels"] == json.loads(json.dumps(labels))


def test_the_reported_characters() -> None:
    """Issue 31's own: NUL, ESC, backspace and U+FFFE in labels; drawn as visible escapes."""
    goal = Board.labelled([["a\x00", "b\x1b", "c\x08"], ["d\ufffe", "e\u202e", None]])
    solution = st.solve(goal.apply("LU"), goal)
    texts = drawn(well_formed(st.board_svg(goal)))
    assert texts == ["a\\x00", "b\\x1b", "c\\x08", "d\\ufffe", "e\\u202e"]
    well_formed(st.solution_svg(solution))
