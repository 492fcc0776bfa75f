"""The game's routes: Starlette endpoints over the framework-free API, and the app they make.

This module imports Starlette and anyio (the ``play`` extra) at its top, so
nothing imports it: `slidingtiles.play._server.create_app` loads it by name
once it has checked that the extra is installed, and ``import
slidingtiles.play`` needs nothing more than the library.

What a request meets, in order: `PlayState.header_problem` (Host, Origin,
content type); the body, read up to `PlayLimits.max_body` bytes (413 past
it); the endpoint's own reading of it (400); for a search, a wait of up to
`PlayLimits.queue_seconds` for one of `PlayLimits.solves` slots (429 after
that), then the search in a worker thread while the event loop watches for
the client leaving, which cancels it.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from typing import Any, Protocol

import anyio
import anyio.to_thread
from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import ClientDisconnect, Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from slidingtiles.play._api import SolveCancelled, prepare_solve
from slidingtiles.play._limits import PlayLimits
from slidingtiles.play._quick import check_request, info, random_request
from slidingtiles.play._request import ApiError, error_object
from slidingtiles.play._state import (
    COMMON_HEADERS,
    PAGE_POLICY,
    PAGES,
    PlayState,
    capture,
    json_bytes,
)
from slidingtiles.play._watching import prepare_watch

__all__ = ["Endpoints", "Job", "build_app"]

_LOG = logging.getLogger("slidingtiles.play")

Answer = tuple[int, dict[str, Any]]


class Job(Protocol):
    """A validated request whose search runs in a slot (`SearchJob`, `WatchJob`)."""

    def run(self, limits: PlayLimits, cancelled: Callable[[], bool]) -> Answer: ...


class _Json(JSONResponse):
    def render(self, content: Any) -> bytes:
        return json_bytes(content)


def answer(status: int, payload: dict[str, Any], headers: dict[str, str] | None = None) -> Response:
    """A JSON answer, never cached, with the common headers."""
    return _Json(
        payload,
        status_code=status,
        headers={**COMMON_HEADERS, "Cache-Control": "no-store", **(headers or {})},
    )


def refuse(error: ApiError) -> Response:
    """The answer to a refused request: its status, error object and headers."""
    return answer(error.status, error.payload(), error.headers)


def _left() -> Response:
    return answer(499, error_object("the client left", "Cancelled"))


class Endpoints:
    """The app's endpoints over one `PlayState`."""

    def __init__(self, state: PlayState) -> None:
        self.state = state
        self.limits = state.limits

    async def read_body(self, request: Request) -> bytes:
        """The checked request's body, at most ``max_body`` bytes; `ApiError` if not."""
        problem = self.state.header_problem(request.headers, request.method)
        if problem is not None:
            raise problem
        limit = self.limits.max_body
        too_big = ApiError(413, f"the request body is over {limit:,} bytes", error_type="TooLarge")
        declared = request.headers.get("content-length")
        if declared is not None:
            if not declared.isdigit():
                raise ApiError(400, f"bad Content-Length {declared!r}")
            if int(declared) > limit:
                raise too_big
        chunks, size = [], 0
        async for chunk in request.stream():
            size += len(chunk)
            if size > limit:
                raise too_big
            chunks.append(chunk)
        return b"".join(chunks)

    async def page(self, request: Request) -> Response:
        """``GET /`` and ``/static/{name}``: the page and its files."""
        problem = self.state.header_problem(request.headers, request.method)
        if problem is not None:
            return refuse(problem)
        name = request.path_params.get("name", "index.html")
        if name not in PAGES:
            raise HTTPException(404)
        headers = {**COMMON_HEADERS, "Cache-Control": "no-cache"}
        if name == "index.html":
            headers.update({"Content-Security-Policy": PAGE_POLICY, "X-Frame-Options": "DENY"})
        return Response(self.state.pages[name], media_type=PAGES[name], headers=headers)

    async def info(self, request: Request) -> Response:
        """``GET /api/info``."""
        problem = self.state.header_problem(request.headers, request.method)
        if problem is not None:
            return refuse(problem)
        return answer(200, info(self.limits))

    def quick(self, handler: Callable[[bytes, PlayLimits], Answer]) -> Any:
        """An endpoint answered at once: parse, validate, compute in microseconds."""

        async def endpoint(request: Request) -> Response:
            try:
                return answer(*handler(await self.read_body(request), self.limits))
            except ApiError as error:
                return refuse(error)
            except ClientDisconnect:
                return _left()

        return endpoint

    def searching(self, prepare: Callable[[bytes, PlayLimits], Job]) -> Any:
        """An endpoint that searches: the request read at once, the search run in a slot."""

        async def endpoint(request: Request) -> Response:
            try:
                job = prepare(await self.read_body(request), self.limits)
            except ApiError as error:
                return refuse(error)
            except ClientDisconnect:
                return _left()
            return await self.run_search(request, job)

        return endpoint

    async def run_search(self, request: Request, job: Job) -> Response:
        """Wait for a slot (429 after ``queue_seconds``), then run ``job`` in a thread.

        The slot is given back by the thread when the search has really
        stopped; the client leaving, or the server stopping, cancels it.
        """
        searches = self.state.searches
        deadline = time.monotonic() + self.limits.queue_seconds
        while not searches.try_acquire():
            if searches.stopping.is_set() or time.monotonic() >= deadline:
                return refuse(
                    ApiError(
                        429,
                        f"the server is busy: {searches.slots} search"
                        f"{'es' * (searches.slots != 1)} already running; try again shortly",
                        error_type="Busy",
                        state="busy",
                        headers={"Retry-After": "1"},
                    )
                )
            await anyio.sleep(0.02)
        gone = threading.Event()

        def cancelled() -> bool:
            return gone.is_set() or searches.stopping.is_set()

        def work() -> Answer:
            try:
                return job.run(self.limits, cancelled)
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
            outcome = await anyio.to_thread.run_sync(capture(work))
            group.cancel_scope.cancel()
        if isinstance(outcome, SolveCancelled):
            return answer(499, error_object(f"search {outcome}", "Cancelled", status="cancelled"))
        if isinstance(outcome, ApiError):
            return refuse(outcome)
        if isinstance(outcome, BaseException):
            raise outcome
        status, payload = outcome
        return answer(status, payload)

    async def http_error(self, request: Request, error: Exception) -> Response:
        """404 and 405 (and any other HTTP error) as the API's error object."""
        assert isinstance(error, HTTPException)
        names = {404: "NotFound", 405: "MethodNotAllowed"}
        message = {
            404: f"no such page: {request.url.path}",
            405: f"{request.method} is not allowed on {request.url.path}",
        }.get(error.status_code, str(error.detail))
        headers = dict(error.headers or {})
        error_type = names.get(error.status_code, "HTTPError")
        return answer(error.status_code, error_object(message, error_type), headers)

    async def internal_error(self, request: Request, error: Exception) -> Response:
        """A bug: logged with its traceback, answered with a 500 that shows none."""
        _LOG.error("internal error on %s %s", request.method, request.url.path, exc_info=error)
        return answer(500, error_object("internal error (logged by the server)", "InternalError"))


def _hint(body: bytes, limits: PlayLimits) -> Job:
    return prepare_solve(body, limits, hint=True)


def build_app(state: PlayState) -> Starlette:
    """The Starlette app over ``state``: its routes and error handlers (``app.state.play``)."""
    endpoints = Endpoints(state)
    get = ["GET", "HEAD"]
    routes = [
        Route("/", endpoints.page, methods=get),
        Route("/static/{name}", endpoints.page, methods=get),
        Route("/api/info", endpoints.info, methods=get),
        Route("/api/solve", endpoints.searching(prepare_solve), methods=["POST"]),
        Route("/api/hint", endpoints.searching(_hint), methods=["POST"]),
        Route("/api/watch", endpoints.searching(prepare_watch), methods=["POST"]),
        Route("/api/check", endpoints.quick(check_request), methods=["POST"]),
        Route("/api/random", endpoints.quick(random_request), methods=["POST"]),
    ]
    app = Starlette(
        routes=routes,
        exception_handlers={
            HTTPException: endpoints.http_error,
            Exception: endpoints.internal_error,
        },
    )
    app.state.play = state
    return app
