"""What a table build may take: the memory this machine has free, and the refusal when short.

>>> available_memory() is None or available_memory() > 0
True
>>> check_memory(1, "a tiny table")
>>> gigabytes(3_600_000_000)
'3.6 GB'

A build that runs out of memory is killed by the system, often after minutes
of work and with no word of why; a build told up front what it needs refuses
at once instead, saying how much and what is free.
"""

from __future__ import annotations

import math
import os

from slidingtiles._errors import PatternDatabaseError

try:  # POSIX only: the process's own limits (ulimit -v, ulimit -d)
    import resource
except ImportError:  # pragma: no cover - Windows
    resource = None  # type: ignore[assignment]

__all__ = ["ENV_MEMORY", "available_memory", "check_memory", "gigabytes", "memory_setting"]

#: Environment variable overriding the memory a build may count on (bytes; ``k``/``M``/``G``
#: suffixes allowed): for machines whose free memory the system misreports (containers).
ENV_MEMORY = "SLIDINGTILES_BUILD_MEMORY"
_UNITS = {"": 1, "k": 1 << 10, "m": 1 << 20, "g": 1 << 30}


def gigabytes(size: int) -> str:
    """A byte count for people: ``'1.8 GB'`` (decimal units, one decimal)."""
    return f"{size / 1e9:.1f} GB"


def memory_setting() -> int | None:
    """Return the bytes `ENV_MEMORY` sets, None when it is unset or empty.

    >>> os.environ[ENV_MEMORY] = "1.5k"
    >>> memory_setting()
    1536
    >>> os.environ[ENV_MEMORY] = "-5G"
    >>> memory_setting()  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    slidingtiles._errors.PatternDatabaseError: SLIDINGTILES_BUILD_MEMORY='-5G' is not a size ...
    >>> del os.environ[ENV_MEMORY]

    A size is a number of bytes from 0, finite, with an optional ``k``, ``M``
    or ``G`` (any case); anything else raises `PatternDatabaseError` naming it.
    """
    raw = os.environ.get(ENV_MEMORY, "")
    text = raw.strip().lower()
    if not text:
        return None
    unit = text[-1] if text[-1] in "kmg" else ""
    try:
        size = float(text[: len(text) - len(unit)]) * _UNITS[unit]
    except ValueError:
        size = math.nan
    if not 0 <= size < math.inf:  # refuses nan, inf, 1e400 and negative sizes
        raise PatternDatabaseError(
            f"{ENV_MEMORY}={raw!r} is not a size (say 6G or 6000000000)", raw
        )
    return int(size)


def _status_bytes(field: str) -> int | None:
    """A ``kB`` field of ``/proc/self/status`` (``VmSize``, ``VmData``) in bytes; None elsewhere."""
    try:
        with open("/proc/self/status", encoding="ascii") as f:
            for line in f:
                if line.startswith(field + ":"):
                    return int(line.split()[1]) * 1024
    except (OSError, ValueError, IndexError):
        pass
    return None


def _headroom() -> int | None:
    """Bytes this process may still map under its own limits (address space, data), or None.

    An allocation past ``ulimit -v`` or ``ulimit -d`` fails however much the
    machine has free, so what a build may count on is the smaller of the two.
    """
    if resource is None:  # pragma: no cover - Windows
        return None
    room = None
    for limit, field in ((resource.RLIMIT_AS, "VmSize"), (resource.RLIMIT_DATA, "VmData")):
        soft = resource.getrlimit(limit)[0]
        used = _status_bytes(field)
        if soft != resource.RLIM_INFINITY and used is not None:
            left = max(0, soft - used)
            room = left if room is None else min(room, left)
    return room


def _machine_memory() -> int | None:
    """Linux's ``MemAvailable``, else the free physical pages, else None."""
    try:
        with open("/proc/meminfo", encoding="ascii") as f:
            for line in f:
                if line.startswith("MemAvailable:"):
                    return int(line.split()[1]) * 1024
    except (OSError, ValueError, IndexError):
        pass
    try:
        return int(os.sysconf("SC_AVPHYS_PAGES")) * int(os.sysconf("SC_PAGE_SIZE"))
    except (AttributeError, ValueError, OSError):
        return None


def available_memory() -> int | None:
    """Bytes of memory a new allocation can take now, or None where it cannot be told.

    `ENV_MEMORY` if set; else Linux's ``MemAvailable`` (free memory plus
    caches the system gives back); else the free physical pages
    (``os.sysconf``), which undercounts; else None. Either way no more than
    this process's own limits leave (``ulimit -v``, ``ulimit -d``).
    """
    free = memory_setting()
    if free is None:
        free = _machine_memory()
    room = _headroom()
    if room is not None:
        free = room if free is None else min(free, room)
    return free


def check_memory(needed: int, what: str) -> None:
    """Raise `PatternDatabaseError` if ``needed`` bytes exceed the memory available now.

    The message names the build, what it needs and what is free, and how to
    proceed. Nothing is checked where the free memory cannot be told.
    """
    free = available_memory()
    if free is not None and needed > free:
        room = _headroom()
        if room is not None and room <= free:
            advice = "this process's memory limit (ulimit -v or -d) leaves no more: raise it"
        else:
            advice = f"close other programs and retry (or set {ENV_MEMORY} if it is misreported)"
        raise PatternDatabaseError(
            f"building {what} needs about {gigabytes(needed)} of memory and "
            f"{gigabytes(free)} is available: {advice}",
            needed,
        )
