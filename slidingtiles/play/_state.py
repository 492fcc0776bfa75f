"""What one game app keeps, framework-free: its limits, search slots, pages and header checks.

>>> state = PlayState(PlayLimits(solves=2), allowed_hosts=["localhost"])
>>> state.searches.slots, state.header_problem({"host": "evil.example"}, "GET").status
(2, 400)

`PlayState` is ``app.state.play``; the routes (`slidingtiles.play._routes`)
ask it whether a request comes from where it should (`PlayState.header_problem`)
and take one of its search slots (`Searches`) for every search. `json_bytes`
writes every answer.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from slidingtiles.play._limits import PlayLimits
from slidingtiles.play._request import ApiError

__all__ = [
    "COMMON_HEADERS",
    "PAGES",
    "PAGE_POLICY",
    "STATIC",
    "PlayState",
    "Searches",
    "capture",
    "json_bytes",
]

STATIC = Path(__file__).resolve().parent / "static"
#: The page's files and their media types.
PAGES = {
    "index.html": "text/html; charset=utf-8",
    "play.js": "text/javascript; charset=utf-8",
    "watch.js": "text/javascript; charset=utf-8",
    "play.css": "text/css; charset=utf-8",
}
# The page loads only its own files; pictures the player picks become data: URLs.
PAGE_POLICY = (
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; "
    "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
)
COMMON_HEADERS = {"X-Content-Type-Options": "nosniff", "Referrer-Policy": "no-referrer"}


class Searches:
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
        self.searches = Searches(limits.solves)
        self.allowed_hosts = (
            None if allowed_hosts is None else {h.strip("[]").lower() for h in allowed_hosts}
        )
        self.pages = {name: (STATIC / name).read_bytes() for name in PAGES}

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


def capture(work: Callable[[], tuple[int, dict[str, Any]]]) -> Callable[[], Any]:
    """Run ``work``, returning its result or the exception it raised (never raising)."""

    def run() -> Any:
        try:
            return work()
        except BaseException as error:  # handed back to the event loop, which decides
            return error

    return run
