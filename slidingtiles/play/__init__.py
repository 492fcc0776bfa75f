"""The sliding-tiles game in a browser, backed by the solver: ``slidingtiles play``.

>>> from slidingtiles import play
>>> play.PlayLimits().time_limit, play.DEFAULT_HOST
(10.0, '127.0.0.1')

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
That is the whole public face: `serve`, `create_app`, `PlayLimits`,
`PlayDependencyError` and the defaults; the request handlers behind the API
stay in the private modules below (the routes and the tests import them there).

Modules, framework-free first: `_limits` (`PlayLimits`), `_request` (reading
and checking a request's fields, `ApiError`), `_api` (solve and hint:
`SearchJob`), `_beyond` (the short answer beyond optimal reach, with its
note), `_watching` (the search view: `WatchJob`), `_quick` (check,
random, info), `_state` (`PlayState`: search slots, header checks, the JSON
writer); then `_routes` (the Starlette endpoints, loaded by name) and
`_server` (`create_app`, `serve`); `static` holds the page.
"""

from slidingtiles.play._limits import PlayLimits
from slidingtiles.play._server import (
    DEFAULT_HOST,
    DEFAULT_PORT,
    INSTALL_HINT,
    PlayDependencyError,
    create_app,
    serve,
)

__all__ = [
    "DEFAULT_HOST",
    "DEFAULT_PORT",
    "INSTALL_HINT",
    "PlayDependencyError",
    "PlayLimits",
    "create_app",
    "serve",
]
