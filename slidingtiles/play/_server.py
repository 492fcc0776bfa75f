"""The web app behind ``slidingtiles play``: `create_app` and `serve` (uvicorn).

>>> is_loopback("127.0.0.1"), is_loopback("localhost"), is_loopback("::1"), is_loopback("0.0.0.0")
(True, True, True, False)

Starlette and uvicorn are the ``play`` extra: `create_app` checks that they
are installed, then loads the routes (`slidingtiles.play._routes`, which
imports Starlette) by name, and `serve` imports uvicorn inside it (the
optional third-party imports the architecture allows), so ``import
slidingtiles.play`` works without them and a missing extra is one
`PlayDependencyError` naming the command that installs it.

What a request meets, in order: the Host header is checked against the
loopback names when the server listens on loopback (a web page elsewhere
cannot reach it by DNS rebinding); a POST must be ``application/json`` from
the page's own origin (a cross-site form cannot post to it); the body is read
up to `PlayLimits.max_body` bytes (413 past it); the request is validated
(400); a solve or hint then waits up to `PlayLimits.queue_seconds` for one of
`PlayLimits.solves` search slots (429 after that) and runs in a worker
thread, under the time, node and memory limits. A client that disconnects
sets its search's cancellation flag, which the search's progress callback
reads every 10,000 to 16,384 nodes: it stops, and frees its slot, within
milliseconds.
"""

from __future__ import annotations

import contextlib
import importlib
import ipaddress
import os
import socket
import sys
import threading
import time
import webbrowser
from collections.abc import Sequence
from typing import IO, TYPE_CHECKING, Any

from slidingtiles import SlidingTilesError
from slidingtiles.play._limits import PlayLimits
from slidingtiles.play._state import PlayState

if TYPE_CHECKING:
    from starlette.applications import Starlette

__all__ = [
    "DEFAULT_HOST",
    "DEFAULT_PORT",
    "INSTALL_HINT",
    "PlayDependencyError",
    "create_app",
    "exposure_warning",
    "is_loopback",
    "serve",
]

#: What installs the web app's dependencies.
INSTALL_HINT = 'pip install "slidingtiles[play]" (from a source checkout: pip install ".[play]")'
DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8765
_LOOPBACK_NAMES = ("localhost", "127.0.0.1", "::1")


class PlayDependencyError(SlidingTilesError, ImportError):
    """Starlette or uvicorn (the ``play`` extra) is not installed.

    Attributes:
        value: the missing module's name.
    """

    def __init__(self, message: str, value: object = None) -> None:
        super().__init__(message)
        self.value = value


def _require(*modules: str) -> None:
    """Import ``modules`` or raise `PlayDependencyError` saying how to install them."""
    for name in modules:
        try:
            importlib.import_module(name)
        except ImportError:
            raise PlayDependencyError(
                f"the game needs {name}, which is not installed: {INSTALL_HINT}", name
            ) from None


def is_loopback(host: str) -> bool:
    """True when ``host`` is only reachable from this machine (127.0.0.0/8, ::1, localhost).

    >>> is_loopback("127.0.0.2"), is_loopback("[::1]"), is_loopback("example.org")
    (True, True, False)

    A name other than ``localhost`` counts as reachable from elsewhere (it
    may resolve to any address), and so does the empty host (every address).
    """
    name = host.strip().strip("[]").lower()
    if name == "localhost":
        return True
    try:
        return ipaddress.ip_address(name).is_loopback
    except ValueError:
        return False


def exposure_warning(host: str, limits: PlayLimits | None = None) -> str | None:
    """The warning to show when ``host`` is not loopback, else None.

    >>> exposure_warning("127.0.0.1") is None
    True
    >>> print(exposure_warning("0.0.0.0"))  # doctest: +ELLIPSIS
    warning: listening on 0.0.0.0, which is not loopback: other machines that can reach ...
    """
    if is_loopback(host):
        return None
    limits = PlayLimits() if limits is None else limits
    return (
        f"warning: listening on {host or 'every address'}, which is not loopback: other "
        "machines that can reach this one can use the game and its solver (each search "
        f"limited to {limits.time_limit:g} s, {limits.solves} at a time). "
        f"Use --host {DEFAULT_HOST} to keep it to this machine"
    )


def create_app(
    limits: PlayLimits | None = None, *, allowed_hosts: Sequence[str] | None = None
) -> Starlette:
    """Return the game's ASGI app (Starlette): the page, its files, and the JSON API.

    ```python
    from starlette.testclient import TestClient

    client = TestClient(create_app())
    client.post("/api/solve", json={"board": "1 2/0 3"}).json()["moves"]  # 'R'
    ```

    Routes: ``GET /`` (the page), ``GET /static/play.js`` and ``play.css``,
    ``GET /api/info``, ``POST /api/solve``, ``/api/hint``, ``/api/watch``,
    ``/api/check``, ``/api/random`` (docs/play.md). ``limits`` (a `PlayLimits`) bounds every
    search and request. ``allowed_hosts``: the Host header names served (any
    port), None for any; `serve` passes the loopback names when it listens on
    loopback. ``app.state.play`` is the `PlayState`. Raises
    `PlayDependencyError` when Starlette is not installed.
    """
    _require("starlette", "anyio")
    state = PlayState(PlayLimits() if limits is None else limits, allowed_hosts)
    routes = importlib.import_module("slidingtiles.play._routes")  # imports Starlette
    app: Starlette = routes.build_app(state)
    return app


def _bind(host: str, port: int) -> socket.socket:
    """A listening-ready socket bound to ``host``:``port`` (``port`` 0: a free one)."""
    name = host.strip("[]") or None  # None: every address
    try:
        family, kind, proto, _, address = socket.getaddrinfo(
            name, port, socket.AF_UNSPEC, socket.SOCK_STREAM, 0, socket.AI_PASSIVE
        )[0]
        sock = socket.socket(family, kind, proto)
    except OSError as error:
        message = error.strerror or str(error)
        raise OSError(error.errno, f"cannot listen on {host}:{port}: {message}") from None
    try:
        if os.name == "posix":  # restart at once on the same port (TIME_WAIT), as servers do
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(address)
    except OSError as error:
        sock.close()
        raise OSError(error.errno, f"cannot listen on {host}:{port}: {error.strerror}") from None
    return sock


def _url(host: str, sock: socket.socket) -> str:
    port = sock.getsockname()[1]
    name = host.strip("[]") or "127.0.0.1"
    if name in ("0.0.0.0", "::"):
        name = "127.0.0.1" if name == "0.0.0.0" else "::1"
    return f"http://[{name}]:{port}/" if ":" in name else f"http://{name}:{port}/"


def _has_graphical_browser() -> bool:
    """False on a Linux console without a display, where `webbrowser` may start lynx in it."""
    if sys.platform.startswith("linux") or "bsd" in sys.platform:
        return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))
    return True


def serve(
    host: str = DEFAULT_HOST,
    port: int = DEFAULT_PORT,
    *,
    open_browser: bool = True,
    limits: PlayLimits | None = None,
    stream: IO[str] | None = None,
) -> None:
    """Serve the game at ``http://host:port/`` until Ctrl-C (blocking), opening a browser.

    Listens on loopback by default; any other ``host`` is served after the
    `exposure_warning` is written to ``stream`` (default: standard error),
    together with the address (port 0 picks a free port). The browser opens
    once the server is up, when there is a display to open it on. Raises
    `PlayDependencyError` without Starlette or uvicorn, and `OSError` (naming
    the host and port) when the address cannot be listened on.
    """
    _require("starlette", "uvicorn")
    import uvicorn

    out = sys.stderr if stream is None else stream
    limits = PlayLimits() if limits is None else limits
    local = is_loopback(host)
    allowed = (*_LOOPBACK_NAMES, host.strip("[]")) if local else None
    app = create_app(limits, allowed_hosts=allowed)
    sock = _bind(host, port)
    url = _url(host, sock)
    warning = exposure_warning(host, limits)
    if warning is not None:
        print(f"slidingtiles: {warning}", file=out, flush=True)
    print(f"slidingtiles: playing at {url} (Ctrl-C stops the server)", file=out, flush=True)
    config = uvicorn.Config(
        app,
        log_level="warning",
        access_log=False,
        lifespan="off",
        limit_concurrency=64,
        timeout_keep_alive=5,
        timeout_graceful_shutdown=3,
    )
    server = uvicorn.Server(config)
    state: PlayState = app.state.play
    handle_exit = server.handle_exit

    def stop(sig: int, frame: Any) -> None:
        state.stop()  # running searches stop at their next progress call
        handle_exit(sig, frame)

    server.handle_exit = stop  # type: ignore[method-assign]
    if open_browser:
        if _has_graphical_browser():
            threading.Thread(target=_open_when_up, args=(server, url), daemon=True).start()
        else:
            print(f"slidingtiles: no display here: open {url} in a browser", file=out, flush=True)
    try:
        server.run(sockets=[sock])
    finally:
        state.stop()
        with contextlib.suppress(OSError):
            sock.close()


def _open_when_up(server: Any, url: str) -> None:
    for _ in range(200):  # 10 s
        if server.started:
            webbrowser.open(url)
            return
        time.sleep(0.05)
