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
json``, plus ``/api/hint``, ``/api/check``, ``/api/random`` and ``GET
/api/info`` (see docs/play.md). `PlayLimits` bounds what one server does:
search time, nodes and memory, board size, request size, searches at a time.
A board beyond optimal reach gets a short solution instead, with a note saying
so (``_beyond``).
"""

from slidingtiles.play._api import (
    ApiError,
    PlayLimits,
    SearchJob,
    SolveCancelled,
    check_request,
    hint_request,
    info,
    prepare_solve,
    random_request,
    solve_request,
)
from slidingtiles.play._server import (
    DEFAULT_HOST,
    DEFAULT_PORT,
    INSTALL_HINT,
    PlayDependencyError,
    PlayState,
    create_app,
    exposure_warning,
    is_loopback,
    serve,
)

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
    "check_request",
    "create_app",
    "exposure_warning",
    "hint_request",
    "info",
    "is_loopback",
    "prepare_solve",
    "random_request",
    "serve",
    "solve_request",
]
