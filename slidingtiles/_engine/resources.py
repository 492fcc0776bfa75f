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

import os

from slidingtiles._errors import PatternDatabaseError

__all__ = ["ENV_MEMORY", "available_memory", "check_memory", "gigabytes"]

#: Environment variable overriding the memory a build may count on (bytes; ``k``/``M``/``G``
#: suffixes allowed): for machines whose free memory the system misreports (containers).
ENV_MEMORY = "SLIDINGTILES_BUILD_MEMORY"
_UNITS = {"": 1, "k": 1 << 10, "m": 1 << 20, "g": 1 << 30}


def gigabytes(size: int) -> str:
    """A byte count for people: ``'1.8 GB'`` (decimal units, one decimal)."""
    return f"{size / 1e9:.1f} GB"


def _override() -> int | None:
    text = os.environ.get(ENV_MEMORY, "").strip().lower()
    if not text:
        return None
    unit = text[-1] if text[-1] in "kmg" else ""
    try:
        return int(float(text[: len(text) - len(unit)]) * _UNITS[unit])
    except ValueError:
        raise PatternDatabaseError(
            f"{ENV_MEMORY}={os.environ[ENV_MEMORY]!r} is not a size (say 6G or 6000000000)",
            os.environ[ENV_MEMORY],
        ) from None


def available_memory() -> int | None:
    """Bytes of memory a new allocation can take now, or None where it cannot be told.

    `ENV_MEMORY` if set; else Linux's ``MemAvailable`` (free memory plus
    caches the system gives back); else the free physical pages
    (``os.sysconf``), which undercounts; else None.
    """
    override = _override()
    if override is not None:
        return override
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


def check_memory(needed: int, what: str) -> None:
    """Raise `PatternDatabaseError` if ``needed`` bytes exceed the memory available now.

    The message names the build, what it needs and what is free, and how to
    proceed. Nothing is checked where the free memory cannot be told.
    """
    free = available_memory()
    if free is not None and needed > free:
        raise PatternDatabaseError(
            f"building {what} needs about {gigabytes(needed)} of memory and "
            f"{gigabytes(free)} is available: close other programs and retry (or set "
            f"{ENV_MEMORY} if the system misreports it)",
            needed,
        )
