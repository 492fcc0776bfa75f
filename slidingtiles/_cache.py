"""Where slidingtiles keeps files it writes (pattern-database tables, numba's compiled code)."""

from __future__ import annotations

import contextlib
import functools
import os
import sys
import tempfile
from pathlib import Path

import platformdirs

__all__ = [
    "APP_NAME",
    "ENV_CACHE_DIR",
    "PLATFORM_VARIABLES",
    "cache_dir_problem",
    "user_cache_dir",
]

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

    The environment is read on every call, so changes made after import count; what is made
    of it is remembered (one dictionary lookup per call: `solve` asks several times per call).
    Nothing is created here; callers create the directory when they first write to it.
    """
    override = os.environ.get(ENV_CACHE_DIR)
    if override:
        return _path(override)
    return _platform_cache_dir(*(os.environ.get(name) for name in PLATFORM_VARIABLES))


#: What platformdirs reads to find the user cache (XDG on Linux and the BSDs, the home directory,
#: Windows' folders): the platform's answer is remembered per value of these.
PLATFORM_VARIABLES = (
    ("LOCALAPPDATA", "USERPROFILE") if sys.platform == "win32" else ("XDG_CACHE_HOME", "HOME")
)


@functools.lru_cache(maxsize=16)
def _platform_cache_dir(*environment: str | None) -> Path:
    """The platform's user cache directory for us, for these values of `PLATFORM_VARIABLES`."""
    # appauthor=False: no vendor folder on Windows (%LOCALAPPDATA%\slidingtiles\Cache).
    return platformdirs.user_cache_path(APP_NAME, appauthor=False)


@functools.lru_cache(maxsize=16)
def _path(text: str) -> Path:
    return Path(text)


def cache_dir_problem(directory: str | os.PathLike[str], *, create: bool = True) -> str | None:
    """Return why files cannot be written in ``directory`` (a sentence naming it), or None.

    >>> import tempfile
    >>> cache_dir_problem(tempfile.mkdtemp()) is None
    True
    >>> file = tempfile.mkstemp()[1]
    >>> cache_dir_problem(file)  # doctest: +ELLIPSIS
    '... is not a directory'

    With ``create`` (the default) a missing directory is created, as a table
    build would, and a file is written and removed in it: the one test that
    holds whatever the permission bits say (root, ACLs, read-only mounts,
    full disks). Without ``create`` a missing directory is no problem (there
    is nothing in it to remove) and an existing one must be writable.
    """
    path = Path(directory)
    try:
        if path.exists() and not path.is_dir():
            return f"{path} is not a directory"
        if not path.exists():
            if not create:  # nothing there to remove, unless it could never exist
                ancestor = path.parent
                while not ancestor.exists() and ancestor != ancestor.parent:
                    ancestor = ancestor.parent
                return None if ancestor.is_dir() else f"{path} cannot exist: {ancestor} is a file"
            try:
                path.mkdir(parents=True, exist_ok=True)
            except OSError as error:
                return f"{path} cannot be created ({error.strerror or error})"
        if not create:
            return None if os.access(path, os.W_OK | os.X_OK) else f"{path} is not writable"
        fd, probe = tempfile.mkstemp(prefix=".write-test-", dir=path)
        os.close(fd)
        with contextlib.suppress(OSError):
            os.unlink(probe)
    except OSError as error:
        return f"{path} is not writable ({error.strerror or error})"
    return None
