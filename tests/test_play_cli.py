"""``slidingtiles play`` from the command line: options, one-line errors, the warning, the wheel.

The server itself is not started here (tests/test_play_browser.py runs it for real):
uvicorn's blocking ``Server.run`` is replaced where a test gets that far.
"""

from __future__ import annotations

import importlib.util
import os
import re
import socket
import subprocess
import sys
import threading
import zipfile
from pathlib import Path
from typing import Any

import pytest

from slidingtiles import play
from slidingtiles.__main__ import main

ROOT = Path(__file__).resolve().parent.parent
PAGE_FILES = ["index.html", "play.css", "play.js"]


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def one_line(err: str) -> str:
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert "Traceback" not in err
    return lines[0]


def test_importing_the_library_and_the_command_line_needs_no_web_framework() -> None:
    code = (
        "import sys, slidingtiles, slidingtiles.play, slidingtiles._cli.main\n"
        "loaded = sorted({m.split('.')[0] for m in sys.modules} & {'starlette', 'uvicorn', "
        "'anyio', 'httpx', 'httpx2'})\n"
        "assert not loaded, loaded\n"
    )
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    completed = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
        check=False,
    )
    assert completed.returncode == 0, completed.stderr


@pytest.mark.parametrize("missing", ["starlette", "uvicorn"])
def test_without_the_extra_one_line_says_what_to_install(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, missing: str
) -> None:
    installed = all(importlib.util.find_spec(name) for name in ("starlette", "uvicorn"))
    monkeypatch.setitem(sys.modules, missing, None)  # import now raises ImportError
    code, _, err = run(capsys, "play", "--no-browser")
    assert code == 2
    line = one_line(err)
    assert line.startswith("slidingtiles: error: ")
    named = re.search(r"needs (\w+), which is not installed", line)
    assert named, line
    # The first module missing: this one where the extra is installed, else starlette.
    assert named.group(1) == (missing if installed else "starlette")
    assert 'pip install "slidingtiles[play]"' in line
    with pytest.raises(play.PlayDependencyError, match=r"slidingtiles\[play\]"):
        play.create_app() if missing == "starlette" else play.serve(open_browser=False)


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["--port", "70000"], ["70000", "port"]),
        (["--port", "http"], ["'http'"]),
        (["--time-limit", "0"], ["'0'"]),
        (["--max-nodes", "-5"], ["'-5'"]),
        (["--time-limit", "7200"], ["7200", "hour"]),
    ],
)
def test_bad_options_are_one_line_and_exit_2(
    capsys: pytest.CaptureFixture[str], argv: list[str], words: list[str]
) -> None:
    code, _, err = run(capsys, "play", "--no-browser", *argv)
    assert code == 2
    line = one_line(err)
    for word in words:
        assert word in line, line


@pytest.fixture
def no_serving(monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    """uvicorn's Server.run records its server and returns at once instead of serving."""
    uvicorn = pytest.importorskip("uvicorn")
    pytest.importorskip("starlette")
    servers: list[Any] = []

    def run(self: Any, sockets: list[socket.socket] | None = None) -> None:
        servers.append((self, [sock.getsockname() for sock in sockets or []]))
        self.started = True

    monkeypatch.setattr(uvicorn.Server, "run", run)
    return servers


def test_loopback_by_default_and_no_warning(
    capsys: pytest.CaptureFixture[str], no_serving: list[Any]
) -> None:
    code, _, err = run(capsys, "play", "--no-browser", "--port", "0")
    assert code == 0
    line, stopped = err.strip().splitlines()
    assert line.startswith("slidingtiles: playing at http://127.0.0.1:")
    assert stopped == "slidingtiles: the server stopped"
    server, addresses = no_serving[0]
    host, port = addresses[0][:2]
    assert host == "127.0.0.1"
    assert f":{port}/" in line
    state = server.config.app.state.play
    assert state.allowed_hosts == {"127.0.0.1", "localhost", "::1"}
    assert state.limits == play.PlayLimits()


def test_another_host_is_warned_about(
    capsys: pytest.CaptureFixture[str], no_serving: list[Any]
) -> None:
    code, _, err = run(
        capsys, "play", "--no-browser", "--host", "0.0.0.0", "--port", "0", "--time-limit", "3"
    )
    assert code == 0
    warning, address, _ = err.strip().splitlines()
    assert warning.startswith("slidingtiles: warning: listening on 0.0.0.0, which is not loopback")
    assert "other machines" in warning
    assert "3 s" in warning
    assert "--host 127.0.0.1" in warning
    assert address.startswith("slidingtiles: playing at http://127.0.0.1:")
    server, _ = no_serving[0]
    assert server.config.app.state.play.allowed_hosts is None  # the names it has are unknown
    assert server.config.app.state.play.limits.time_limit == 3


def test_the_browser_opens_only_where_there_is_a_display(
    capsys: pytest.CaptureFixture[str], no_serving: list[Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    opened: list[str] = []
    done = threading.Event()

    def open_page(url: str) -> bool:
        opened.append(url)
        done.set()
        return True

    monkeypatch.setattr("webbrowser.open", open_page)
    monkeypatch.delenv("DISPLAY", raising=False)
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    code, _, err = run(capsys, "play", "--port", "0")
    assert code == 0
    if sys.platform.startswith("linux"):  # a console: no lynx taking over the terminal
        assert "no display here: open http://127.0.0.1:" in err
        assert not opened
        monkeypatch.setenv("DISPLAY", ":0")
        assert run(capsys, "play", "--port", "0")[0] == 0
    assert done.wait(10)
    assert opened[0].startswith("http://127.0.0.1:")


def test_a_taken_port_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("uvicorn")
    pytest.importorskip("starlette")
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        code, _, err = run(capsys, "play", "--no-browser", "--port", str(port))
    assert code == 2
    line = one_line(err)
    assert f"cannot listen on 127.0.0.1:{port}" in line
    assert "in use" in line.lower()
    code, _, err = run(capsys, "play", "--no-browser", "--host", "no-such-host.invalid")
    assert code == 2
    assert "cannot listen on no-such-host.invalid" in one_line(err)


def test_the_help_names_the_extra(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "play", "--help")
    assert code == 0
    assert 'pip install "slidingtiles[play]"' in out
    assert "--no-browser" in out
    assert "play" in run(capsys, "--help")[1]


@pytest.mark.slow  # a wheel build; tests/test_packaging.py builds one in every run
def test_the_wheel_carries_the_page(tmp_path: Path) -> None:
    completed = subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "--no-deps",
            "--quiet",
            "--wheel-dir",
            str(tmp_path),
            str(ROOT),
        ],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
        env={**os.environ, "PIP_DISABLE_PIP_VERSION_CHECK": "1"},
    )
    assert completed.returncode == 0, completed.stderr
    (wheel,) = tmp_path.glob("slidingtiles-*.whl")
    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())
        for name in PAGE_FILES:
            packaged = archive.read(f"slidingtiles/play/static/{name}")
            assert packaged == (ROOT / "slidingtiles" / "play" / "static" / name).read_bytes()
        metadata = next(n for n in names if n.endswith(".dist-info/METADATA"))
        requires = archive.read(metadata).decode("utf-8")
    assert "slidingtiles/play/__init__.py" in names
    assert "Provides-Extra: play" in requires
    assert "starlette" in requires
    assert "uvicorn" in requires
