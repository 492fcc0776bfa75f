"""The sliding-tiles game in a browser, backed by the solver: ``slidingtiles play``.

>>> from slidingtiles import play
>>> play.PlayLimits().time_limit, play.is_loopback(play.DEFAULT_HOST)
(10.0, True)

`serve` starts a local web server (uvicorn) with the page and its JSON API
and opens a browser; `create_app` returns the ASGI app itself (Starlette),
for tests or another server. Both need the ``play`` extra (``pip install
"slidingtiles[play]"``) and raise `PlayDependencyError` saying so without it;
importing this module needs nothing more than the library. The API:
``POST /api/solve`` answers with the object of ``slidingtiles solve --format
json``, plus ``/api/hint``, ``/api/watch`` (the search view: one traced
search, every expansion), ``/api/check``, ``/api/random`` and ``GET
/api/info`` (see docs/play.md). `PlayLimits` bounds what one server does:
search time, nodes and memory, board size, request size, searches at a time.

Modules, framework-free first: `_limits` (`PlayLimits`), `_request` (reading
and checking a request's fields, `ApiError`), `_api` (solve and hint:
`SearchJob`), `_beyond` (the short answer beyond optimal reach, with its
note), `_watching` (the search view: `WatchJob`), `_quick` (check,
random, info), `_state` (`PlayState`: search slots, header checks, the JSON
writer); then `_routes` (the Starlette endpoints, loaded by name) and
`_server` (`create_app`, `serve`); `static` holds the page.
"""

from slidingtiles.play._api import (
    SearchJob,
    SolveCancelled,
    hint_request,
    prepare_solve,
    solve_request,
)
from slidingtiles.play._limits import PlayLimits
from slidingtiles.play._quick import check_request, info, random_request
from slidingtiles.play._request import ApiError
from slidingtiles.play._server import (
    DEFAULT_HOST,
    DEFAULT_PORT,
    INSTALL_HINT,
    PlayDependencyError,
    create_app,
    exposure_warning,
    is_loopback,
    serve,
)
from slidingtiles.play._state import PlayState
from slidingtiles.play._watching import WatchJob, prepare_watch, watch_request

__all__ = [
    "DEFAULT_HOST",
    "DEFAULT_PORT",
    "INSTALL_HINT",
    "ApiError",
    "PlayDependencyError",
    "PlayLimits",
    "PlayState",
    "SearchJob",
    "SolveCancelled",
    "WatchJob",
    "check_request",
    "create_app",
    "exposure_warning",
    "hint_request",
    "info",
    "is_loopback",
    "prepare_solve",
    "prepare_watch",
    "random_request",
    "serve",
    "solve_request",
    "watch_request",
]
