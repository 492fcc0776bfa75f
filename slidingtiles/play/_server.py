"""The web app behind ``slidingtiles play``: Starlette routes over `_api`, served by uvicorn.

>>> is_loopback("127.0.0.1"), is_loopback("localhost"), is_loopback("::1"), is_loopback("0.0.0.0")
(True, True, True, False)

Starlette and uvicorn are the ``play`` extra: they are imported inside
`create_app` and `serve` (the optional third-party imports the architecture
allows), so ``import slidingtiles.play`` works without them and a missing
extra is one `PlayDependencyError` naming the command that installs it.

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
import json
import logging
import os
import socket
import sys
import threading
import time
import webbrowser
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any

from slidingtiles import SlidingTilesError
from slidingtiles.play._api import (
    ApiError,
    PlayLimits,
    SearchJob,
    SolveCancelled,
    check_request,
    error_object,
    info,
    prepare_solve,
    random_request,
)

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
    "json_bytes",
    "serve",
]

#: What installs the web app's dependencies.
INSTALL_HINT = 'pip install "slidingtiles[play]"'
DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8765

STATIC = Path(__file__).resolve().parent / "static"
_PAGES = {
    "index.html": "text/html; charset=utf-8",
    "play.js": "text/javascript; charset=utf-8",
    "play.css": "text/css; charset=utf-8",
}
# The page loads only its own files; pictures the player picks become data: URLs.
_PAGE_POLICY = (
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; "
    "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
)
_COMMON_HEADERS = {"X-Content-Type-Options": "nosniff", "Referrer-Policy": "no-referrer"}
_LOOPBACK_NAMES = ("localhost", "127.0.0.1", "::1")
_LOG = logging.getLogger("slidingtiles.play")


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


class _Searches:
    """The search slots: a fixed number of searches run at once; the rest wait, then 429.

    A slot is taken in the event loop and given back by the worker thread when
    its search has really stopped, so a cancelled search holds it until then.
    """

    def __init__(self, slots: int) -> None:
        self.slots = slots
        self._semaphore = threading.BoundedSemaphore(slots)
        self._lock = threading.Lock()
        self.running = 0
        #: Set when the server stops: every running search is cancelled.
        self.stopping = threading.Event()

    def try_acquire(self) -> bool:
        if not self._semaphore.acquire(blocking=False):
            return False
        with self._lock:
            self.running += 1
        return True

    def release(self) -> None:
        with self._lock:
            self.running -= 1
        self._semaphore.release()


class PlayState:
    """What one app keeps: its limits, search slots and static pages (``app.state.play``)."""

    def __init__(self, limits: PlayLimits, allowed_hosts: Sequence[str] | None) -> None:
        self.limits = limits
        self.searches = _Searches(limits.solves)
        self.allowed_hosts = (
            None if allowed_hosts is None else {h.strip("[]").lower() for h in allowed_hosts}
        )
        self.pages = {name: (STATIC / name).read_bytes() for name in _PAGES}

    def stop(self) -> None:
        """Cancel the running searches and refuse new ones (the server is stopping)."""
        self.searches.stopping.set()

    def header_problem(self, headers: Any, method: str) -> ApiError | None:
        """The error for a request from where it should not come, else None."""
        host = headers.get("host", "")
        name = _host_name(host)
        if self.allowed_hosts is not None and name not in self.allowed_hosts:
            return ApiError(
                400,
                f"Host {host!r} is not served here: this server answers to "
                f"{', '.join(sorted(self.allowed_hosts))}",
                error_type="BadHost",
            )
        if method == "POST":
            origin = headers.get("origin")
            if origin is not None and origin.split("://", 1)[-1].lower() != host.lower():
                return ApiError(
                    403, f"requests from {origin!r} are not accepted", error_type="Forbidden"
                )
            kind = headers.get("content-type", "").split(";", 1)[0].strip().lower()
            if kind != "application/json":
                return ApiError(
                    415,
                    f"send the request as application/json, not {kind or 'no content type'!r}",
                    error_type="UnsupportedMediaType",
                )
        return None


def _host_name(host: str) -> str:
    """``"127.0.0.1:8765"`` -> ``"127.0.0.1"``, ``"[::1]:80"`` -> ``"::1"``."""
    host = host.strip().lower()
    if host.startswith("["):
        return host[1:].split("]", 1)[0]
    return host.rsplit(":", 1)[0] if host.count(":") == 1 else host


def json_bytes(payload: Any) -> bytes:
    """An answer's body: compact JSON in UTF-8, whatever text it holds.

    >>> json_bytes({"label": "\\ud800", "ok": "\\u00e9"})
    b'{"label":"\\\\ud800","ok":"\\xc3\\xa9"}'

    Requests holding text that cannot be written back (a lone surrogate) are
    refused, naming the field (`read_request`); should any reach an answer
    all the same (a path, a header), it is written as its JSON escape rather
    than failing the answer with a 500.
    """
    text = json.dumps(payload, ensure_ascii=False, allow_nan=False, separators=(",", ":"))
    return text.encode("utf-8", "backslashreplace")


def _capture(work: Callable[[], tuple[int, dict[str, Any]]]) -> Callable[[], Any]:
    """Run ``work``, returning its result or the exception it raised (never raising)."""

    def run() -> Any:
        try:
            return work()
        except BaseException as error:  # handed back to the event loop, which decides
            return error

    return run


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
    ``GET /api/info``, ``POST /api/solve``, ``/api/hint``, ``/api/check``,
    ``/api/random`` (docs/play.md). ``limits`` (a `PlayLimits`) bounds every
    search and request. ``allowed_hosts``: the Host header names served (any
    port), None for any; `serve` passes the loopback names when it listens on
    loopback. ``app.state.play`` is the `PlayState`. Raises
    `PlayDependencyError` when Starlette is not installed.
    """
    _require("starlette", "anyio")
    import anyio
    import anyio.to_thread
    from starlette.applications import Starlette
    from starlette.exceptions import HTTPException
    from starlette.requests import ClientDisconnect, Request
    from starlette.responses import JSONResponse, Response
    from starlette.routing import Route

    state = PlayState(PlayLimits() if limits is None else limits, allowed_hosts)
    limits = state.limits
    searches = state.searches

    class Answer(JSONResponse):
        def render(self, content: Any) -> bytes:
            return json_bytes(content)

    def answer(
        status: int, payload: dict[str, Any], headers: dict[str, str] | None = None
    ) -> Response:
        return Answer(
            payload, status_code=status,
            headers={**_COMMON_HEADERS, "Cache-Control": "no-store", **(headers or {})},
        )  # fmt: skip

    def refuse(error: ApiError) -> Response:
        return answer(error.status, error.payload(), error.headers)

    async def read_body(request: Request) -> bytes:
        problem = state.header_problem(request.headers, request.method)
        if problem is not None:
            raise problem
        too_big = ApiError(
            413, f"the request body is over {limits.max_body:,} bytes", error_type="TooLarge"
        )
        declared = request.headers.get("content-length")
        if declared is not None:
            if not declared.isdigit():
                raise ApiError(400, f"bad Content-Length {declared!r}")
            if int(declared) > limits.max_body:
                raise too_big
        chunks, size = [], 0
        async for chunk in request.stream():
            size += len(chunk)
            if size > limits.max_body:
                raise too_big
            chunks.append(chunk)
        return b"".join(chunks)

    async def page(request: Request) -> Response:
        problem = state.header_problem(request.headers, request.method)
        if problem is not None:
            return refuse(problem)
        name = request.path_params.get("name", "index.html")
        if name not in _PAGES:
            raise HTTPException(404)
        headers = {**_COMMON_HEADERS, "Cache-Control": "no-cache"}
        if name == "index.html":
            headers.update({"Content-Security-Policy": _PAGE_POLICY, "X-Frame-Options": "DENY"})
        return Response(state.pages[name], media_type=_PAGES[name], headers=headers)

    async def info_endpoint(request: Request) -> Response:
        problem = state.header_problem(request.headers, request.method)
        if problem is not None:
            return refuse(problem)
        return answer(200, info(limits))

    def quick(handler: Callable[[bytes, PlayLimits], tuple[int, dict[str, Any]]]) -> Any:
        """An endpoint answered at once: parse, validate, compute in microseconds."""

        async def endpoint(request: Request) -> Response:
            try:
                return answer(*handler(await read_body(request), limits))
            except ApiError as error:
                return refuse(error)
            except ClientDisconnect:
                return answer(499, error_object("the client left", "Cancelled"))

        return endpoint

    async def run_search(request: Request, job: SearchJob) -> Response:
        deadline = time.monotonic() + limits.queue_seconds
        while not searches.try_acquire():
            if searches.stopping.is_set() or time.monotonic() >= deadline:
                return refuse(
                    ApiError(
                        429,
                        f"the server is busy: {searches.slots} search"
                        f"{'es' * (searches.slots != 1)} already running; try again shortly",
                        error_type="Busy", state="busy", headers={"Retry-After": "1"},
                    )
                )  # fmt: skip
            await anyio.sleep(0.02)
        gone = threading.Event()

        def cancelled() -> bool:
            return gone.is_set() or searches.stopping.is_set()

        def work() -> tuple[int, dict[str, Any]]:
            try:
                return job.run(limits, cancelled)
            finally:
                searches.release()

        async def watch() -> None:
            while True:
                message = await request.receive()
                if message["type"] == "http.disconnect":
                    gone.set()
                    return

        async with anyio.create_task_group() as group:
            group.start_soon(watch)
            outcome = await anyio.to_thread.run_sync(_capture(work))
            group.cancel_scope.cancel()
        if isinstance(outcome, SolveCancelled):
            return answer(499, error_object(f"search {outcome}", "Cancelled", status="cancelled"))
        if isinstance(outcome, ApiError):
            return refuse(outcome)
        if isinstance(outcome, BaseException):
            raise outcome
        status, payload = outcome
        return answer(status, payload)

    def searching(hint: bool) -> Any:
        async def endpoint(request: Request) -> Response:
            try:
                job = prepare_solve(await read_body(request), limits, hint=hint)
            except ApiError as error:
                return refuse(error)
            except ClientDisconnect:
                return answer(499, error_object("the client left", "Cancelled"))
            return await run_search(request, job)

        return endpoint

    async def http_error(request: Request, error: Exception) -> Response:
        assert isinstance(error, HTTPException)
        names = {404: "NotFound", 405: "MethodNotAllowed"}
        message = {
            404: f"no such page: {request.url.path}",
            405: f"{request.method} is not allowed on {request.url.path}",
        }.get(error.status_code, str(error.detail))
        headers = dict(error.headers or {})
        error_type = names.get(error.status_code, "HTTPError")
        return answer(error.status_code, error_object(message, error_type), headers)

    async def internal_error(request: Request, error: Exception) -> Response:
        _LOG.error("internal error on %s %s", request.method, request.url.path, exc_info=error)
        return answer(500, error_object("internal error (logged by the server)", "InternalError"))

    routes = [
        Route("/", page, methods=["GET", "HEAD"]),
        Route("/static/{name}", page, methods=["GET", "HEAD"]),
        Route("/api/info", info_endpoint, methods=["GET", "HEAD"]),
        Route("/api/solve", searching(hint=False), methods=["POST"]),
        Route("/api/hint", searching(hint=True), methods=["POST"]),
        Route("/api/check", quick(check_request), methods=["POST"]),
        Route("/api/random", quick(random_request), methods=["POST"]),
    ]
    app = Starlette(
        routes=routes,
        exception_handlers={HTTPException: http_error, Exception: internal_error},
    )
    app.state.play = state
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
        app, log_level="warning", access_log=False, lifespan="off",
        limit_concurrency=64, timeout_keep_alive=5, timeout_graceful_shutdown=3,
    )  # fmt: skip
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
