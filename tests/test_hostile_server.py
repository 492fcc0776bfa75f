"""Text the server cannot encode (issue 31, class 1): every field, any Unicode, never a 500.

JSON's ``\\ud800`` escape decodes to a lone surrogate, which no UTF-8 answer can hold. Labels,
field names, names and anything else a request carries may be echoed (in the answer or in a
message quoting it), so a request holding one is refused with a 400 naming its field, and
the answer's encoder writes anything else that is not text as its escape. Property tests
draw strings from all of Unicode, surrogates included, for every field of every endpoint.
"""

from __future__ import annotations

import json
import os
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as hs

from slidingtiles.play import PlayLimits, create_app

try:
    from starlette.testclient import TestClient
except ImportError as missing:  # httpx (the test client's) or starlette itself
    if os.environ.get("CI", "").strip().lower() not in ("", "0", "false", "no"):
        pytest.fail(f"{missing.name} is not installed; under CI=true the API tests must run")
    pytest.skip(f"{missing.name} is not installed (the play extra)", allow_module_level=True)

# Quick searches only: a board drawn at random is rarely solvable, never large.
APP = create_app(PlayLimits(time_limit=0.5, max_side=3))
CLIENT = TestClient(APP, raise_server_exceptions=False)
ENDPOINTS = {
    "/api/check": ("board", "goal"),
    "/api/solve": ("board", "goal", "heuristic", "algorithm", "weight", "time_limit"),
    "/api/hint": ("board", "goal", "time_limit"),
    "/api/watch": ("board", "goal", "heuristic", "algorithm", "weight", "expansions"),
    "/api/random": ("rows", "cols", "goal", "moves", "seed"),
}
SURROGATE = hs.characters(categories=["Cs"])  # (hypothesis leaves them out unless asked)
# All of Unicode, the surrogates (2,048 of it) drawn as often as the rest.
# (joined by hand: hs.text leaves surrogates out whatever its alphabet)
ANY_TEXT = hs.lists(hs.characters(codec=None) | SURROGATE, max_size=8).map("".join)


def json_values(text: hs.SearchStrategy[str]) -> hs.SearchStrategy[Any]:
    """JSON values whose strings (keys too) come from ``text``."""
    return hs.recursive(
        hs.none()
        | hs.booleans()
        | hs.integers()
        | hs.floats(allow_nan=False, allow_infinity=False)
        | text,
        lambda inner: hs.lists(inner, max_size=4) | hs.dictionaries(text, inner, max_size=3),
        max_leaves=10,
    )


def labelled_board(text: hs.SearchStrategy[str]) -> hs.SearchStrategy[list[list[Any]]]:
    """2x2 rows of three distinct labels and the blank (null): labels the answer echoes."""
    return hs.lists(text, min_size=3, max_size=3, unique=True).map(
        lambda labels: [[labels[0], labels[1]], [labels[2], None]]
    )


def send(path: str, body: dict[str, Any]) -> Any:
    """POST ``body`` as the JSON a client sends: lone surrogates as ``\\u`` escapes."""
    response = CLIENT.post(
        path,
        content=json.dumps(body).encode("ascii"),
        headers={"Content-Type": "application/json"},
    )
    assert response.status_code in (200, 400, 413, 422), (response.status_code, response.text)
    answer = json.loads(response.content.decode("utf-8"))  # an answer is always UTF-8 JSON
    return response.status_code, answer


def received(value: Any) -> Any:
    """``value`` as the server reads it: a high and a low surrogate in a row make one character."""
    return json.loads(json.dumps(value))


def holds_surrogate(value: Any) -> bool:
    text = json.dumps(received(value), ensure_ascii=False)
    return any(0xD800 <= ord(char) <= 0xDFFF for char in text)


def spelled(text: str) -> str:
    """How the API names a field that is not text: its lone surrogates as escapes."""
    return str(received(text)).encode("utf-8", "backslashreplace").decode()


@given(
    path=hs.sampled_from(sorted(ENDPOINTS)),
    data=hs.data(),
)
def test_every_field_with_any_unicode_is_answered_never_500(path: str, data: Any) -> None:
    fields = ENDPOINTS[path]
    body: dict[str, Any] = {}
    for field in data.draw(hs.lists(hs.sampled_from(fields), unique=True)):
        if field in ("board", "goal"):
            body[field] = data.draw(ANY_TEXT | labelled_board(ANY_TEXT) | json_values(ANY_TEXT))
        else:
            body[field] = data.draw(json_values(ANY_TEXT))
    if data.draw(hs.booleans()):
        body[data.draw(ANY_TEXT)] = data.draw(json_values(ANY_TEXT))  # any field name
    status, answer = send(path, body)
    if holds_surrogate(body):
        assert status == 400, answer
        assert answer["field"] is not None
        assert answer["field"] in {*fields, *map(spelled, body)}


@given(
    labels=labelled_board(ANY_TEXT),
    path=hs.sampled_from(["/api/check", "/api/solve", "/api/hint", "/api/watch"]),
)
def test_labels_are_echoed_or_refused_naming_the_board(labels: Any, path: str) -> None:
    status, answer = send(path, {"board": labels, "goal": labels})
    if holds_surrogate(labels):
        assert status == 400
        assert answer["field"] == "board"
        assert "lone surrogate" in answer["error"]
    else:
        assert status in (200, 400), answer  # 400: labels the library refuses ("", " ")


@given(key=ANY_TEXT, surrogate=SURROGATE)
def test_a_field_name_with_a_lone_surrogate_is_named(key: str, surrogate: str) -> None:
    name = key + surrogate
    status, answer = send("/api/check", {"board": "1 2/0 3", name: 1})
    assert status == 400
    assert answer["field"] == spelled(name)
    if holds_surrogate(name):  # (not when the key ended in its pair)
        assert "lone surrogate" in answer["error"]


@pytest.mark.parametrize("path", sorted(ENDPOINTS))
def test_the_reported_cases(path: str) -> None:
    """Issue 31's own: a label and a field name holding ``\\ud800`` on each endpoint."""
    label = {"board": [["\ud800", "B"], ["C", None]]}
    field = {"board": "1 2/0 3", "\ud800": 1} if path != "/api/random" else {"\ud800": 1}
    for body, named in ((label, "goal" if path == "/api/random" else "board"), (field, None)):
        if path == "/api/random" and "board" in body:
            body = {"goal": body["board"]}
        status, answer = send(path, body)
        assert status == 400, answer
        assert answer["field"] == (named or "\\ud800")
