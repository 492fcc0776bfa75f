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
"""

from slidingtiles._errors import PatternDatabaseError
from slidingtiles.heuristics._pdb import (
    AUTO_BUILD_SECONDS,
    AUTO_MAX_CELLS,
    BUILD_COSTS,
    ENV_BUILD_TABLES,
    ENV_CACHE_DIR,
    FORMAT_VERSION,
    MAX_TABLE_ENTRIES,
    BuildProgress,
    PatternDatabase,
    TableBuildWarning,
    TableInfo,
    build,
    build_states,
    cache_dir,
    clear,
    default_partition_name,
    estimate_build_seconds,
    is_cached,
    list_tables,
    load,
    partition,
    partition_names,
    pattern_database,
    preferred_partition,
    read_table,
    table_path,
    verify,
)

__all__ = [
    "AUTO_BUILD_SECONDS",
    "AUTO_MAX_CELLS",
    "BUILD_COSTS",
    "ENV_BUILD_TABLES",
    "ENV_CACHE_DIR",
    "FORMAT_VERSION",
    "MAX_TABLE_ENTRIES",
    "BuildProgress",
    "PatternDatabase",
    "PatternDatabaseError",
    "TableBuildWarning",
    "TableInfo",
    "build",
    "build_states",
    "cache_dir",
    "clear",
    "default_partition_name",
    "estimate_build_seconds",
    "is_cached",
    "list_tables",
    "load",
    "partition",
    "partition_names",
    "pattern_database",
    "preferred_partition",
    "read_table",
    "table_path",
    "verify",
]
