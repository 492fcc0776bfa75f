"""Where slidingtiles keeps files it writes (pattern-database tables, numba's compiled code)."""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs

__all__ = ["APP_NAME", "ENV_CACHE_DIR", "user_cache_dir"]

#: The environment variable that overrides the cache directory.
ENV_CACHE_DIR = "SLIDINGTILES_CACHE_DIR"

#: The folder name under the platform's user cache directory.
APP_NAME = "slidingtiles"


def user_cache_dir() -> Path:
    """Return ``$SLIDINGTILES_CACHE_DIR``, else the platform's user cache directory for us.

    >>> user_cache_dir().name in ("slidingtiles", "Cache") or ENV_CACHE_DIR in os.environ
    True

    A non-empty ``SLIDINGTILES_CACHE_DIR`` always wins and is returned as given (a relative
    value is relative to the working directory, as you asked). Otherwise the directory comes
    from `platformdirs <https://platformdirs.readthedocs.io>`_, so it follows each platform's
    rules: ``$XDG_CACHE_HOME/slidingtiles`` where ``XDG_CACHE_HOME`` is set to an absolute
    path (Linux and the BSDs; macOS too), else ``~/.cache/slidingtiles`` on Linux,
    ``~/Library/Caches/slidingtiles`` on macOS and ``%LOCALAPPDATA%\\slidingtiles\\Cache``
    on Windows. A relative ``XDG_CACHE_HOME`` is ignored, as the XDG base directory
    specification requires, instead of scattering caches under whatever the working
    directory happens to be.

    The environment is read on every call, so changes made after import count. Nothing is
    created here; callers create the directory when they first write to it.
    """
    override = os.environ.get(ENV_CACHE_DIR)
    if override:
        return Path(override)
    # appauthor=False: no vendor folder on Windows (%LOCALAPPDATA%\slidingtiles\Cache).
    return platformdirs.user_cache_path(APP_NAME, appauthor=False)
