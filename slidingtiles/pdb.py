"""Pattern databases: build, load, list, verify and clear the tables behind the ``pdb`` heuristic.

>>> import tempfile
>>> from slidingtiles import pdb
>>> where = tempfile.mkdtemp()
>>> db = pdb.load(3, 3, cache_dir=where)     # built on first use (about 0.3 s), then cached
>>> db.value((6, 4, 7, 8, 5, 0, 3, 2, 1)), db.perfect
(31, True)
>>> [(info.rows, info.cols, info.partition, info.ok) for info in pdb.verify(where)]
[(3, 3, 'perfect', True)]
>>> len(pdb.clear(where))
1

Tables are stored in ``cache_dir()`` (argument, else ``$SLIDINGTILES_CACHE_DIR``,
else the platform's user cache directory), in a documented, versioned,
checksummed binary format, written atomically; see docs/pattern-databases.md.
The default tables of the shapes in `SHIPPED` (4x4's 6-6-3, 3x4, 3x3, ...,
for a blank in a corner) come with the package, packed: `load` unpacks them
instead of building them (`ship` makes those files).
A directory that cannot take them raises `CacheDirectoryError` (an OSError) where a
table is written by name; `solve` goes on without the cache, with one `CacheWarning`.
"""

import os
from pathlib import Path

from slidingtiles._cache import cache_dir_problem
from slidingtiles._engine.indexing import MAX_TABLE_ENTRIES
from slidingtiles._errors import CacheDirectoryError, CacheWarning, PatternDatabaseError
from slidingtiles._heuristics._pdb.choice import preferred_partition
from slidingtiles._heuristics._pdb.cost import BUILD_COSTS, build_states, estimate_build_seconds
from slidingtiles._heuristics._pdb.database import FORMAT_VERSION, BuildProgress, PatternDatabase
from slidingtiles._heuristics._pdb.first_use import (
    AUTO_BUILD_SECONDS,
    AUTO_MAX_CELLS,
    ENV_BUILD_TABLES,
    TableBuildWarning,
)
from slidingtiles._heuristics._pdb.heuristic import pattern_database
from slidingtiles._heuristics._pdb.partition import (
    companions,
    partition,
    partition_names,
    stored_groups,
)
from slidingtiles._heuristics._pdb.shipped import SHIPPED
from slidingtiles._heuristics._pdb.store import (
    ENV_CACHE_DIR,
    TableInfo,
    build,
    cache_dir,
    clear,
    is_cached,
    list_tables,
    load,
    ship,
    table_path,
    verify,
)
from slidingtiles._heuristics._pdb.tablefile import read_table

__all__ = [
    "AUTO_BUILD_SECONDS",
    "AUTO_MAX_CELLS",
    "BUILD_COSTS",
    "ENV_BUILD_TABLES",
    "ENV_CACHE_DIR",
    "FORMAT_VERSION",
    "MAX_TABLE_ENTRIES",
    "SHIPPED",
    "BuildProgress",
    "CacheDirectoryError",
    "CacheWarning",
    "PatternDatabase",
    "PatternDatabaseError",
    "TableBuildWarning",
    "TableInfo",
    "build",
    "build_states",
    "cache_dir",
    "check_cache_dir",
    "clear",
    "companions",
    "estimate_build_seconds",
    "is_cached",
    "list_tables",
    "load",
    "partition",
    "partition_names",
    "pattern_database",
    "preferred_partition",
    "read_table",
    "ship",
    "stored_groups",
    "table_path",
    "verify",
]


def check_cache_dir(
    directory: str | os.PathLike[str] | None = None, *, create: bool = True
) -> Path:
    """Return the table directory if tables can be written there; else raise `CacheDirectoryError`.

    >>> import tempfile
    >>> where = tempfile.mkdtemp()
    >>> check_cache_dir(where) == Path(where)
    True
    >>> try:
    ...     check_cache_dir(tempfile.mkstemp()[1])
    ... except CacheDirectoryError as error:
    ...     print(str(error).split(" (")[0], isinstance(error, OSError))  # doctest: +ELLIPSIS
    /... is not a directory True

    ``directory`` as `cache_dir` reads it (argument, ``$SLIDINGTILES_CACHE_DIR``,
    user cache). With ``create`` (for building) a missing directory is made and a
    file written and removed in it, the one test that holds for root, ACLs and
    read-only mounts alike; without it (for clearing) a missing directory is fine
    and an existing one must be writable. The command line's ``pdb build`` and
    ``pdb clear`` check this first, so an unusable directory is one line and exit 2.
    """
    path = cache_dir(directory)
    problem = cache_dir_problem(path, create=create)
    if problem is not None:
        raise CacheDirectoryError(
            f"{problem} (set SLIDINGTILES_CACHE_DIR, or pass --cache-dir / cache_dir, to a "
            "writable directory)",
            path,
        )
    return path
