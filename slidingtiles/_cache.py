"""Where slidingtiles keeps files it writes (pattern-database tables, numba's compiled code)."""

from __future__ import annotations

import os
import sys
from pathlib import Path

__all__ = ["ENV_CACHE_DIR", "user_cache_dir"]

#: The environment variable that overrides the cache directory.
ENV_CACHE_DIR = "SLIDINGTILES_CACHE_DIR"


def user_cache_dir() -> Path:
    """Return ``$SLIDINGTILES_CACHE_DIR``, else the platform's user cache directory for us.

    >>> user_cache_dir().name in ("slidingtiles", "Cache") or ENV_CACHE_DIR in os.environ
    True

    Linux: ``$XDG_CACHE_HOME/slidingtiles`` (default ``~/.cache/slidingtiles``);
    macOS: ``~/Library/Caches/slidingtiles``; Windows:
    ``%LOCALAPPDATA%\\slidingtiles\\Cache``. Nothing is created here.
    """
    env = os.environ.get(ENV_CACHE_DIR)
    if env:
        return Path(env)
    if sys.platform == "win32":
        base = os.environ.get("LOCALAPPDATA") or str(Path.home() / "AppData" / "Local")
        return Path(base) / "slidingtiles" / "Cache"
    if sys.platform == "darwin":
        return Path.home() / "Library" / "Caches" / "slidingtiles"
    return Path(os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")) / "slidingtiles"
