"""The game's JSON API through Starlette's test client: answers, refusals, limits, load.

Needs the ``play`` extra and httpx (``pip install -e ".[play-test]"``): without them the
module skips, except under ``CI=true``, where it fails (``.ci/run`` installs them).
"""

from __future__ import annotations

import json
import os
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as hs

import slidingtiles as st
from slidingtiles import heuristics, pdb
from slidingtiles.__main__ import main
from slidingtiles.play import PlayLimits, create_app

IN_CI = os.environ.get("CI", "").strip().lower() not in ("", "0", "false", "no")
try:
    import anyio
    from starlette.testclient import TestClient
except ImportError as missing:  # httpx (the test client's) or starlette itself
    if IN_CI:
        pytest.fail(f"{missing.name} is not installed; under CI=true the API tests must run")
    pytest.skip(
        f"{missing.name} is not installed (the play extra: pip install -e '.[play-test]')",
        allow_module_level=True,
    )

DOCS = Path(__file__).resolve().parent.parent / "docs" / "play.md"
HARD = "6 4 7/8 5 0/3 2 1"  # the hardest 8-puzzle: 31 moves


def client_for(**limits: Any) -> TestClient:
    return TestClient(create_app(PlayLimits(**limits)))


@pytest.fixture(scope="module")
def client() -> TestClient:
    return client_for()


def post(client: TestClient, path: str, body: Any, **options: Any) -> Any:
    return client.post(
        path, content=json.dumps(body), headers={"Content-Type": "application/json"}, **options
    )


def cli_json(capsys: pytest.CaptureFixture[str], *argv: str) -> dict[str, Any]:
    main([*argv, "--format", "json"])
    out, _ = capsys.readouterr()
    data: dict[str, Any] = json.loads(out)
    return data


def without_seconds(data: dict[str, Any]) -> dict[str, Any]:
    """The object with its timing left out (the one value two runs never share)."""
    data = json.loads(json.dumps(data))
    if data.get("statistics"):
        data["statistics"].pop("seconds")
    return data


def assert_refused(response: Any, status: int, *words: str, field: str | None = None) -> None:
    """A 4xx with the API's error object, naming ``words``, and no traceback."""
    assert response.status_code == status, response.text
    assert response.headers["content-type"].startswith("application/json")
    data = response.json()
    assert data["schema"] == 1
    assert data["status"] in ("error", "busy", "cancelled")
    assert set(data) == {"schema", "status", "board", "goal", "error", "error_type", "field"}
    for word in words:
        assert word in data["error"], data["error"]
    if field is not None:
        assert data["field"] == field
    assert "Traceback" not in response.text
    assert 'File "' not in response.text


# -- the page ----------------------------------------------------------------------------


def test_the_page_and_its_files_come_from_the_package(client: TestClient) -> None:
    page = client.get("/")
    assert page.status_code == 200
    assert page.headers["content-type"].startswith("text/html")
    assert "default-src 'none'" in page.headers["content-security-policy"]
    for name in ("shuffle", "solve", "step", "hint", "reset", "watch", "watch-step"):
        assert f'data-action="{name}"' in page.text
    texts = [page.text]
    script, style = "text/javascript", "text/css"
    for name, kind in (("play.js", script), ("play.css", style), ("watch.js", script)):
        response = client.get(f"/static/{name}")
        assert response.status_code == 200
        assert response.headers["content-type"].startswith(kind)
        assert f"/static/{name}" in page.text
        texts.append(response.text)
    assert "data-tile" in texts[1]  # the script labels every tile
    for text in texts:  # nothing from the network: the game works offline
        assert "http://" not in text
        assert "https://" not in text
        assert "//cdn" not in text
    assert_refused(client.get("/static/nothing.js"), 404, "/static/nothing.js")
    assert_refused(client.get("/api/nothing"), 404, "/api/nothing")
    assert_refused(client.get("/api/solve"), 405, "GET", "/api/solve")


def test_info_lists_the_registry_and_the_limits(client: TestClient) -> None:
    data = client.get("/api/info").json()
    assert [h["name"] for h in data["heuristics"]] == list(heuristics.names())
    assert data["algorithms"] == list(st.ALGORITHMS)
    assert data["limits"] == PlayLimits().to_dict()
    assert data["version"] == st.__version__


# -- the answers are the command line's -------------------------------------------------------


@pytest.mark.parametrize(
    ("board", "options"),
    [
        ("8 1 3/4 0 2/7 6 5", {}),
        ("8 1 3/4 0 2/7 6 5", {"goal": "first", "heuristic": "manhattan", "algorithm": "astar"}),
        ("1 2 3/4 0 6/7 5 8", {"heuristic": "hamming", "algorithm": "bfs"}),
        (HARD, {"heuristic": "linear_conflict", "algorithm": "idastar"}),
        ("5 1 2 4/9 6 3 8/13 10 7 11/0 14 15 12", {"heuristic": "manhattan"}),
        ("2 3 0 4/1 5 6 7", {"algorithm": "weighted", "weight": 2}),
        ("8 1 3/4 0 2/7 6 5", {"algorithm": "reduce"}),
    ],
)
def test_solve_answers_what_solve_format_json_prints(
    client: TestClient, capsys: pytest.CaptureFixture[str], board: str, options: dict[str, Any]
) -> None:
    response = post(client, "/api/solve", {"board": board, **options})
    assert response.status_code == 200, response.text
    argv = ["solve", board]
    for key, value in options.items():
        argv += [f"--{key.replace('_', '-')}", str(value)]
    expected = cli_json(capsys, *argv)
    assert without_seconds(response.json()) == without_seconds(expected)
    # Rows and text are one board.
    rows = st.Board(board).to_rows()
    again = post(client, "/api/solve", {"board": rows, **options}).json()
    assert without_seconds(again) == without_seconds(expected)


def test_labelled_boards_solve_with_their_labels(client: TestClient) -> None:
    body = {"board": [["C", "A"], ["B", "_"]], "goal": [["A", "B"], ["C", "_"]]}
    data = post(client, "/api/solve", body).json()
    expected = st.solve(body["board"], body["goal"]).to_dict()
    assert without_seconds(data) == without_seconds(expected)
    assert data["labels"] == ["_", "A", "B", "C"]


def test_unsolvable_and_limit_answers_are_the_cli_objects(
    capsys: pytest.CaptureFixture[str],
) -> None:
    client = client_for(max_nodes=5)
    response = post(client, "/api/solve", {"board": "1 2 3/4 5 6/8 7 0"})
    assert response.status_code == 422
    assert response.json() == cli_json(capsys, "solve", "1 2 3/4 5 6/8 7 0")
    assert response.json()["reason"] == st.solvability("1 2 3/4 5 6/8 7 0").reason
    response = post(client, "/api/solve", {"board": HARD, "heuristic": "misplaced"})
    assert response.status_code == 422
    expected = cli_json(capsys, "solve", HARD, "--heuristic", "misplaced", "--max-nodes", "5")
    assert without_seconds(response.json()) == without_seconds(expected)
    assert (response.json()["limit"], response.json()["value"]) == ("nodes", 5)


def test_check_and_random_are_the_cli_objects(
    client: TestClient, capsys: pytest.CaptureFixture[str]
) -> None:
    for board in ("8 1 3/4 0 2/7 6 5", "1 2 3/4 5 6/8 7 0"):
        response = post(client, "/api/check", {"board": board})
        assert response.status_code == 200
        assert response.json() == cli_json(capsys, "check", board)
    for options, argv in (
        ({}, []),
        ({"moves": 6}, ["--moves", "6"]),
        ({"goal": "first"}, ["--goal", "first"]),
    ):
        data = post(client, "/api/random", {"rows": 3, "cols": 4, "seed": 5, **options}).json()
        assert data == cli_json(capsys, "random", "3x4", "--seed", "5", *argv)
    data = post(
        client, "/api/random", {"rows": 2, "cols": 5, "goal": [[0, 1, 2, 3, 4], [9, 8, 7, 6, 5]]}
    ).json()
    assert st.is_solvable(data["board"], data["goal"])
    assert data["goal"] == [[0, 1, 2, 3, 4], [9, 8, 7, 6, 5]]


@pytest.mark.parametrize("shape", [(2, 3), (3, 3), (2, 4)])
def test_a_hint_starts_a_shortest_solution(
    client: TestClient, oracle: Any, shape: tuple[int, int]
) -> None:
    goal = st.Board.goal(*shape)
    distance = oracle(goal).distance
    for seed in range(6):
        board = st.random_board(*shape, seed=seed)
        data = post(client, "/api/hint", {"board": board.to_rows()}).json()
        assert data["status"] == "hint"
        assert data["optimal"] is True
        assert data["remaining"] == distance[board.tiles]
        if board == goal:
            assert (data["move"], data["tile"]) == (None, None)
            continue
        after = board.move(data["move"])
        assert distance[after.tiles] == distance[board.tiles] - 1
        assert board[after.blank_position] == data["tile"]
    at_goal = post(client, "/api/hint", {"board": goal.to_text()}).json()
    assert (at_goal["move"], at_goal["remaining"]) == (None, 0)


# -- refusals -------------------------------------------------------------------------------

BAD_BODIES = [
    ("/api/solve", "not json", 400, ["not JSON"], None),
    ("/api/solve", "[1, 2]", 400, ["JSON object", "list"], None),
    ("/api/solve", '{"board": "1 2/0 3", "x": NaN}', 400, ["NaN"], None),
    # Nesting deep enough to exhaust a parser: refused, whether the parser or the check stops it.
    ("/api/solve", "[" * 5000 + "]" * 5000, 400, [], None),
    ("/api/solve", '{"board": ' + "[" * 5000 + "]" * 5000 + "}", 400, [], None),
    (
        "/api/solve",
        '{"board": "1 2/0 3", "heuristic": ' + "[" * 3000 + "]" * 3000 + "}",
        400,
        [],
        None,
    ),
    ("/api/random", '{"rows": ' + "[" * 3000 + "]" * 3000 + "}", 400, [], None),
    ("/api/solve", '{"board": ' + "9" * 5000 + "}", 400, ["not JSON"], None),
    ("/api/solve", b'{"board": "\xff"}', 400, ["UTF-8"], None),
    ("/api/solve", {"boad": "1 2/0 3"}, 400, ["'boad'"], "boad"),
    ("/api/solve", {}, 400, ["missing field 'board'"], "board"),
    ("/api/solve", {"board": "1 1 3/4 5 6/8 7 0"}, 400, ["duplicate tile 1"], "board"),
    ("/api/solve", {"board": "1 2 x/4 5 6/8 7 0"}, 400, ["'x'"], "board"),
    ("/api/solve", {"board": [[1, 2], [3]]}, 400, ["row 2"], "board"),
    ("/api/solve", {"board": [[1, 2], [3, [0]]]}, 400, ["row 2, column 2", "[0]"], "board"),
    ("/api/solve", {"board": [[1, 2], [3, {"a": 0}]]}, 400, ['{"a": 0}'], "board"),
    ("/api/solve", {"board": 12}, 400, ["12"], "board"),
    ("/api/solve", {"board": True}, 400, ["true"], "board"),
    ("/api/solve", {"board": [[1.5, 2], [3, 0]]}, 400, ["1.5"], "board"),
    ("/api/solve", {"board": " ".join(map(str, range(1, 81))) + " 0"}, 400, ["9x9", "8"], "board"),
    ("/api/solve", {"board": "1 2/0 3", "goal": [[1, 2, 3, 0]]}, 400, ["1x4", "2x2"], "goal"),
    ("/api/solve", {"board": "1 2/0 3", "goal": "middle"}, 400, ["'middle'"], "goal"),
    ("/api/solve", {"board": "1 2/0 3", "goal": "1 2/3 3"}, 400, ["duplicate tile 3"], "goal"),
    (
        "/api/solve",
        {"board": "1 2/0 3", "heuristic": "magic"},
        400,
        ["'magic'", "manhattan"],
        "heuristic",
    ),
    ("/api/solve", {"board": "1 2/0 3", "heuristic": 7}, 400, ["7"], "heuristic"),
    (
        "/api/solve",
        {"board": "1 2/0 3", "algorithm": "quantum"},
        400,
        ["'quantum'", "idastar"],
        "algorithm",
    ),
    (
        "/api/solve",
        {"board": "1 2/0 3", "algorithm": "bfs", "weight": 2},
        400,
        ["weight"],
        "weight",
    ),
    ("/api/solve", {"board": "1 2/0 3", "weight": 0.5}, 400, ["0.5"], "weight"),
    ("/api/solve", {"board": "1 2/0 3", "weight": "heavy"}, 400, ["heavy"], "weight"),
    ("/api/solve", {"board": "1 2/0 3", "time_limit": 11}, 400, ["11 s", "10 s"], "time_limit"),
    ("/api/solve", {"board": "1 2/0 3", "time_limit": -1}, 400, ["-1"], "time_limit"),
    (
        "/api/hint",
        {"board": "1 2/0 3", "heuristic": "manhattan"},
        400,
        ["'heuristic'"],
        "heuristic",
    ),
    ("/api/check", {"board": [["a", "a"], ["b", None]]}, 400, ["'a'"], "board"),
    ("/api/random", {"rows": 9}, 400, ["rows", "9"], "rows"),
    ("/api/random", {"rows": 1, "cols": 1}, 400, ["2 cells"], "rows"),
    ("/api/random", {"moves": 10**6}, 400, ["moves", "1000000"], "moves"),
    ("/api/random", {"rows": "3"}, 400, ['"3"'], "rows"),
    (
        "/api/random",
        {"rows": 2, "cols": 2, "goal": "1 2 3/4 5 6/7 8 0"},
        400,
        ["3x3", "2x2"],
        "goal",
    ),
]


@pytest.mark.parametrize(("path", "body", "status", "words", "field"), BAD_BODIES)
def test_bad_input_gets_a_4xx_naming_the_value(
    client: TestClient, path: str, body: Any, status: int, words: list[str], field: str | None
) -> None:
    content = body if isinstance(body, (str, bytes)) else json.dumps(body)
    response = client.post(path, content=content, headers={"Content-Type": "application/json"})
    assert_refused(response, status, *words, field=field)


JSON_VALUES = hs.recursive(
    hs.none() | hs.booleans() | hs.integers() | hs.floats(allow_nan=False) | hs.text(max_size=8),
    lambda inner: (
        hs.lists(inner, max_size=4) | hs.dictionaries(hs.text(max_size=6), inner, max_size=4)
    ),
    max_leaves=20,
)
FIELDS = [
    "board",
    "goal",
    "heuristic",
    "algorithm",
    "weight",
    "time_limit",
    "rows",
    "cols",
    "moves",
    "seed",
]


@given(
    path=hs.sampled_from(["/api/solve", "/api/hint", "/api/check", "/api/random"]),
    body=JSON_VALUES | hs.dictionaries(hs.sampled_from(FIELDS), JSON_VALUES, max_size=4),
)
def test_no_body_gets_a_server_error(path: str, body: Any) -> None:
    response = post(FUZZ_CLIENT, path, body)
    assert response.status_code in (200, 400, 422), response.text
    assert response.json()["schema"] == 1


FUZZ_CLIENT = client_for(time_limit=1.0, max_nodes=20_000)


def test_a_body_over_the_cap_is_refused_before_it_is_read() -> None:
    client = client_for(max_body=1000)
    board = " ".join(map(str, range(1, 400))) + " 0"
    assert_refused(post(client, "/api/solve", {"board": board}), 413, "1,000 bytes")

    def chunks() -> Iterator[bytes]:  # no Content-Length: counted as it arrives
        yield b'{"board": "'
        for _ in range(100):
            yield b"1 2 3 4 5 6 7 8 9 " * 10
        yield b'"}'

    json_type = {"Content-Type": "application/json"}
    response = client.post("/api/check", content=chunks(), headers=json_type)
    assert_refused(response, 413, "1,000 bytes")
    assert post(client, "/api/check", {"board": "1 2/0 3"}).status_code == 200


def test_only_json_from_the_page_itself_is_accepted() -> None:
    client = TestClient(
        create_app(allowed_hosts=["127.0.0.1", "localhost"]), base_url="http://127.0.0.1:8765"
    )
    body = '{"board": "1 2/0 3"}'
    assert_refused(
        client.post("/api/solve", content=body, headers={"Content-Type": "text/plain"}),
        415,
        "text/plain",
    )
    assert_refused(client.post("/api/solve", content=body), 415, "no content type")
    json_type = {"Content-Type": "application/json"}
    cross = client.post(
        "/api/solve", content=body, headers={**json_type, "Origin": "http://evil.example"}
    )
    assert_refused(cross, 403, "evil.example")
    same = client.post(
        "/api/solve", content=body, headers={**json_type, "Origin": "http://127.0.0.1:8765"}
    )
    assert same.status_code == 200
    # Another Host (a name rebound to 127.0.0.1 by a web page elsewhere) is not served.
    assert_refused(client.get("/api/info", headers={"Host": "evil.example"}), 400, "evil.example")
    assert_refused(client.get("/", headers={"Host": "evil.example:8765"}), 400, "evil.example")
    assert client.get("/", headers={"Host": "localhost:8765"}).status_code == 200
    assert client.get("/", headers={"Host": "[::1]:8765"}).status_code == 400  # not listed


# -- limits and load --------------------------------------------------------------------------


def test_the_server_limits_bound_every_search() -> None:
    client = client_for(max_nodes=50, time_limit=5.0)
    data = post(client, "/api/solve", {"board": HARD, "heuristic": "misplaced"}).json()
    assert (data["status"], data["limit"], data["value"]) == ("limit", "nodes", 50)
    assert data["statistics"]["expanded"] <= 50
    far = st.random_board(4, 4, seed=1).to_rows()  # dozens of moves: more than 50 nodes
    data = post(client, "/api/hint", {"board": far}).json()
    assert (data["status"], data["limit"]) == ("limit", "nodes")
    # A request may ask for less time than the server allows, never more.
    fast = post(client, "/api/solve", {"board": "1 2/0 3", "time_limit": 0.5})
    assert fast.status_code == 200
    assert_refused(post(client, "/api/solve", {"board": "1 2/0 3", "time_limit": 6}), 400, "5 s")


def test_memory_is_limited_for_searches_that_keep_their_frontier() -> None:
    client = client_for(max_memory=1)
    data = post(client, "/api/solve", {"board": HARD, "algorithm": "bfs"}).json()
    assert (data["status"], data["limit"], data["value"]) == ("limit", "memory", 1)


def test_a_second_search_waits_then_gets_429() -> None:
    app = create_app(PlayLimits(queue_seconds=0.1))
    client = TestClient(app)
    searches = app.state.play.searches
    assert searches.try_acquire()  # the one search slot is taken
    try:
        response = post(client, "/api/solve", {"board": "1 2/0 3"})
        assert_refused(response, 429, "busy", "1 search")
        assert response.headers["retry-after"] == "1"
        assert response.json()["status"] == "busy"
        assert_refused(post(client, "/api/hint", {"board": "1 2/0 3"}), 429, "busy")
        # Bad requests are still told what is wrong, and checks need no search.
        assert_refused(post(client, "/api/solve", {"board": "1 1/0 3"}), 400, "duplicate")
        assert post(client, "/api/check", {"board": "1 2/0 3"}).status_code == 200
    finally:
        searches.release()
    assert post(client, "/api/solve", {"board": "1 2/0 3"}).status_code == 200
    assert searches.running == 0


@pytest.fixture
def gate() -> Iterator[tuple[threading.Event, threading.Event]]:
    """A registered heuristic that blocks its search until released: (entered, release)."""
    entered, release = threading.Event(), threading.Event()

    def gated(board: st.Board, goal: st.Board) -> int:
        entered.set()
        assert release.wait(30), "the test never released the gate"
        return 0

    heuristics.register("play_test_gate", gated, admissible=True, consistent=True)
    try:
        yield entered, release
    finally:
        release.set()
        heuristics.unregister("play_test_gate")


def test_concurrent_requests_get_one_search_at_a_time(
    gate: tuple[threading.Event, threading.Event],
) -> None:
    entered, release = gate
    app = create_app(PlayLimits(queue_seconds=0.1))
    answers: list[Any] = []

    def first() -> None:
        answers.append(
            post(TestClient(app), "/api/solve", {"board": "1 2/0 3", "heuristic": "play_test_gate"})
        )

    worker = threading.Thread(target=first)
    worker.start()
    try:
        assert entered.wait(10)
        assert app.state.play.searches.running == 1
        second = post(TestClient(app), "/api/solve", {"board": "1 2/0 3"})
        assert_refused(second, 429, "busy")
    finally:
        release.set()
        worker.join(30)
    assert answers[0].status_code == 200
    assert answers[0].json()["moves"] == "R"
    assert app.state.play.searches.running == 0


def test_a_client_that_leaves_cancels_its_search() -> None:
    """The ASGI app called directly: the client disconnects once the search is under way."""
    calls = []
    started = threading.Event()

    def counting(board: st.Board, goal: st.Board) -> int:  # admissible, and useless: h = 0
        calls.append(1)
        if len(calls) == 2000:
            started.set()
        return 0

    heuristics.register("play_test_zero", counting, admissible=True, consistent=True)
    app = create_app(PlayLimits(time_limit=60.0, max_nodes=5_000_000))
    far = st.random_board(4, 4, seed=1)  # dozens of moves away: h = 0 would search for minutes
    body = json.dumps({"board": far.to_text(), "heuristic": "play_test_zero", "algorithm": "astar"})
    messages: list[dict[str, Any]] = []
    scope = {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": "POST",
        "scheme": "http",
        "path": "/api/solve",
        "raw_path": b"/api/solve",
        "query_string": b"",
        "root_path": "",
        "client": ("127.0.0.1", 50000),
        "server": ("127.0.0.1", 8765),
        "headers": [
            (b"host", b"127.0.0.1:8765"),
            (b"content-type", b"application/json"),
            (b"content-length", str(len(body)).encode()),
        ],
    }
    sent_body = False

    async def receive() -> dict[str, Any]:
        nonlocal sent_body
        if not sent_body:
            sent_body = True
            return {"type": "http.request", "body": body.encode(), "more_body": False}
        while not started.is_set():
            await anyio.sleep(0.01)
        return {"type": "http.disconnect"}

    async def send(message: dict[str, Any]) -> None:
        messages.append(message)

    try:
        anyio.run(app, scope, receive, send)
    finally:
        heuristics.unregister("play_test_zero")
    status = next(m["status"] for m in messages if m["type"] == "http.response.start")
    answer = json.loads(b"".join(m.get("body", b"") for m in messages if "body" in m))
    assert (status, answer["status"], answer["error_type"]) == (499, "cancelled", "Cancelled")
    assert app.state.play.searches.running == 0
    count = len(calls)
    assert count >= 2000  # the search had run, and stopped:
    assert len(calls) == count


def test_tables_are_built_for_the_usual_goals_only(table_cache: Path) -> None:
    client = client_for()
    usual = post(client, "/api/solve", {"board": "8 1 3/4 0 2/7 6 5"}).json()
    assert usual["heuristic"] == "pdb"  # the 3x3 table: built at once (about a second)
    built = {info.path for info in pdb.list_tables(table_cache)}
    assert len(built) == 1
    middle = st.Board("1 2 3/4 0 5/6 7 8")  # the blank in the middle: no symmetry of the usual
    board = st.scramble(middle, 12, seed=1)
    other = post(client, "/api/solve", {"board": board.to_text(), "goal": middle.to_text()}).json()
    assert other["status"] == "solved"
    assert other["optimal"] is True
    assert other["heuristic"] != "pdb"
    assert {info.path for info in pdb.list_tables(table_cache)} == built


# -- the docs ---------------------------------------------------------------------------------


def test_the_documented_endpoints_and_keys_are_the_real_ones(client: TestClient) -> None:
    text = DOCS.read_text(encoding="utf-8")
    for route in (
        "GET /api/info",
        "POST /api/solve",
        "POST /api/hint",
        "POST /api/check",
        "POST /api/random",
    ):
        assert f"`{route}`" in text, route
    hint = post(client, "/api/hint", {"board": "8 1 3/4 0 2/7 6 5"}).json()
    error = post(client, "/api/solve", {"board": "nope"}).json()
    for key in [*hint, *error, *PlayLimits().to_dict()]:
        assert f"| `{key}` |" in text, key
