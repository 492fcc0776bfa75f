"""The game's search view (``POST /api/watch``): one traced search, every expansion answered.

What the page draws comes from the library's `TraceView.stepper_data`; these tests hold the
answer to the library's own search (`solve(..., trace=N)`). Needs the ``play`` extra and httpx
for the app's tests; the plain functions need nothing more than the library.
"""

from __future__ import annotations

import json
import os
from typing import Any

import pytest

import slidingtiles as st
from slidingtiles.play import PlayLimits, create_app
from slidingtiles.play._request import ApiError
from slidingtiles.play._watching import watch_request
from slidingtiles.search import Expanded

IN_CI = os.environ.get("CI", "").strip().lower() not in ("", "0", "false", "no")
try:
    from starlette.testclient import TestClient
except ImportError as missing:
    if IN_CI:
        pytest.fail(f"{missing.name} is not installed; under CI=true the API tests must run")
    pytest.skip(f"{missing.name} is not installed (the play extra)", allow_module_level=True)

BOARD = "8 1 3/4 0 2/7 6 5"  # 14 moves
DEEPER = "5 4 2/1 0 3/7 8 6"  # IDA* with misplaced tiles: bounds 6, 7, 8
HARD = "6 4 7/8 5 0/3 2 1"  # 31 moves: no small cap reaches the goal


def watch(body: dict[str, Any], **limits: Any) -> tuple[int, dict[str, Any]]:
    return watch_request(json.dumps(body).encode(), PlayLimits(**limits))


def library(board: str, heuristic: str, algorithm: str) -> st.Solution:
    return st.solve(board, heuristic=heuristic, algorithm=algorithm, trace=100_000)


@pytest.mark.parametrize("algorithm", ["astar", "idastar", "greedy", "bfs"])
def test_every_expansion_is_answered_as_the_library_searched(algorithm: str) -> None:
    status, answer = watch({"board": DEEPER, "algorithm": algorithm, "expansions": 2000})
    assert status == 200
    assert (answer["status"], answer["outcome"]) == ("watched", "found")
    sol = library(DEEPER, "manhattan", algorithm)
    assert answer["statistics"]["expanded"] == sol.stats.expanded
    assert answer["statistics"]["generated"] == sol.stats.generated
    assert (answer["moves"], answer["length"]) == (str(sol.moves), len(sol))
    stepper = answer["stepper"]
    steps, states = stepper["steps"], stepper["states"]
    assert len(steps) == sol.stats.expanded
    assert stepper["goal"] == list(st.Board.goal(3, 3).tiles)
    expansions = sol.trace.expansions
    for step, expansion in zip(steps, expansions, strict=True):
        assert states[step["s"]] == list(expansion.state.board.tiles)
        assert (step["g"], step["h"], step["f"], step["p"]) == (
            expansion.g,
            expansion.h,
            expansion.f,
            expansion.parent,
        )
    if algorithm in ("astar", "greedy", "bfs"):  # the frontier's best is the one taken
        assert all(states[step["fr"][0][0]] == states[step["s"]] for step in steps)


def test_switching_the_heuristic_changes_the_count_as_it_does_in_the_library() -> None:
    counts = {}
    for heuristic in ("misplaced", "manhattan", "linear_conflict"):
        status, answer = watch({"board": BOARD, "heuristic": heuristic, "expansions": 2000})
        assert status == 200
        assert answer["heuristic"] == heuristic
        counts[heuristic] = answer["statistics"]["expanded"]
        assert counts[heuristic] == library(BOARD, heuristic, "astar").stats.expanded
        assert answer["length"] == 14
    assert counts["misplaced"] > counts["manhattan"] >= counts["linear_conflict"]


def test_idastar_shows_its_iterations() -> None:
    status, answer = watch({"board": DEEPER, "algorithm": "idastar", "heuristic": "misplaced"})
    assert status == 200
    iterations = answer["iterations"]
    assert [(i["threshold"], i["next_threshold"], i["found"]) for i in iterations] == [
        (6, 7, False),
        (7, 8, False),
        (8, None, True),
    ]
    assert sum(i["expanded"] for i in iterations) == answer["statistics"]["expanded"]
    steps = answer["stepper"]["steps"]
    assert answer["stepper"]["ida"] is True
    assert [s["it"] for s in steps] == sorted(s["it"] for s in steps)
    assert {s["t"] for s in steps if s["it"] == 2} == {7}
    trace = library(DEEPER, "misplaced", "idastar").trace
    expanded = [e.iteration for e in trace.events if isinstance(e, Expanded)]
    assert expanded == [s["it"] for s in steps]


def test_the_cap_stops_the_search_and_the_view_shows_how_far_it_got() -> None:
    status, answer = watch({"board": HARD, "heuristic": "misplaced", "expansions": 25})
    assert status == 200
    assert (answer["outcome"], answer["moves"], answer["length"]) == ("limit", None, None)
    assert "max_nodes=25" in answer["error"]
    assert len(answer["stepper"]["steps"]) == answer["statistics"]["expanded"] == 25
    status, answer = watch({"board": HARD, "expansions": 25}, max_nodes=10)  # the server's own
    assert answer["expansions"] == 10
    assert len(answer["stepper"]["steps"]) == 10


@pytest.mark.parametrize(
    ("body", "field", "words"),
    [
        ({"board": "1 2 3 4 5/6 7 8 9 10/11 12 13 14 15/16 17 18 19 0"}, "board", ["16 cells"]),
        ({"board": BOARD, "algorithm": "reduce"}, "algorithm", ["'reduce'", "idastar"]),
        ({"board": BOARD, "algorithm": "auto"}, "algorithm", ["'auto'"]),
        ({"board": BOARD, "algorithm": ["astar"]}, "algorithm", ["astar"]),
        ({"board": BOARD, "expansions": 0}, "expansions", ["1 to 2000"]),
        ({"board": BOARD, "expansions": 2001}, "expansions", ["2001"]),
        ({"board": BOARD, "expansions": "9"}, "expansions", ['"9"']),
        ({"board": BOARD, "heuristic": "euclid"}, "heuristic", ["euclid"]),
        ({"board": BOARD, "weight": 2}, "weight", ["weight"]),
        ({"board": BOARD, "boad": 1}, "boad", ["'boad'"]),
    ],
)
def test_bad_requests_are_refused_naming_the_field(
    body: dict[str, Any], field: str, words: list[str]
) -> None:
    with pytest.raises(ApiError) as refused:
        watch(body)
    error = refused.value
    payload = error.payload()
    assert (error.status, payload["field"]) == (400, field)
    for word in words:
        assert word in payload["error"], payload["error"]


def test_an_unsolvable_board_is_the_solve_objects() -> None:
    status, answer = watch({"board": "1 2 3/4 5 6/8 7 0"})
    assert (status, answer["status"]) == (422, "unsolvable")
    assert answer["reason"].startswith("unsolvable")


def test_through_the_app_with_info_and_labels() -> None:
    client = TestClient(create_app(PlayLimits(time_limit=2)))
    info = client.get("/api/info").json()
    assert info["watch"] == {
        "max_cells": 16,
        "max_expansions": 2000,
        "expansions": 300,
        "algorithms": ["astar", "idastar", "greedy", "bfs", "weighted"],
    }
    a, b, c = "<b>", "&amp;", '"x\u2028</script>'
    response = client.post(
        "/api/watch", json={"board": [[c, a], [b, None]], "goal": [[a, b], [c, None]]}
    )
    assert response.status_code == 200, response.text
    assert response.headers["content-type"].startswith("application/json")
    answer = response.json()
    assert answer["length"] == 4
    assert all(isinstance(tile, int) for state in answer["stepper"]["states"] for tile in state)
    response = client.post(
        "/api/watch", json={"board": BOARD, "algorithm": "weighted", "weight": 2}
    )
    assert response.status_code == 200
    assert (response.json()["algorithm"], response.json()["weight"]) == ("astar", 2.0)


def test_the_documented_watch_keys_are_the_real_ones() -> None:
    from pathlib import Path

    text = (Path(__file__).resolve().parent.parent / "docs" / "play.md").read_text("utf-8")
    assert "`POST /api/watch`" in text
    _, answer = watch({"board": DEEPER, "algorithm": "idastar"})
    section = text.split("### The watch object", 1)[1].split("###", 1)[0]
    for key in answer:
        assert f"| `{key}` |" in section, key
    for key in answer["iterations"][0]:
        assert f"`{key}`" in section, key
    assert "223 expansions against\n  36" in text  # the page's example, as the library counts
    assert library(BOARD, "misplaced", "astar").stats.expanded == 223
    assert library(BOARD, "manhattan", "astar").stats.expanded == 36
