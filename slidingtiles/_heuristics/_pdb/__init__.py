"""Additive disjoint pattern databases: partitions, tables, their files, the cache, the heuristic.

>>> from slidingtiles._heuristics._pdb import partition
>>> partition(3, 3)
((1, 2, 3, 4, 5, 6, 7, 8),)

The modules: `partition` (which tiles share
a table), `database` (`PatternDatabase`: the tables and their lookup, built
through the engine's dispatcher), `tablefile` (the one place the file's bytes
are written and read), `store` (the cache directory, build/load, listing,
clearing), `cost` (what a table costs before it is built), `compact` (tables
packed without their impossible placements), `shipped` (the tables shipped
with the package), `choice` (which tables a solve uses, per implementation),
`first_use` (the one place a table is built unasked, with its warning and
opt-out) and `heuristic` (the registered ``pdb`` heuristic). The public face
is `slidingtiles.pdb`; this package re-exports what it and the
`slidingtiles.heuristics` façade import.
"""

from slidingtiles._engine.indexing import MAX_TABLE_ENTRIES
from slidingtiles._errors import PatternDatabaseError
from slidingtiles._heuristics._pdb.choice import first_use_partition, preferred_partition
from slidingtiles._heuristics._pdb.cost import BUILD_COSTS, build_states, estimate_build_seconds
from slidingtiles._heuristics._pdb.database import FORMAT_VERSION, BuildProgress, PatternDatabase
from slidingtiles._heuristics._pdb.first_use import (
    AUTO_BUILD_SECONDS,
    AUTO_MAX_CELLS,
    ENV_BUILD_TABLES,
    TableBuildWarning,
    auto_available,
)
from slidingtiles._heuristics._pdb.heuristic import pattern_database
from slidingtiles._heuristics._pdb.partition import (
    default_partition_name,
    partition,
    partition_names,
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
    "PatternDatabase",
    "PatternDatabaseError",
    "TableBuildWarning",
    "TableInfo",
    "auto_available",
    "build",
    "build_states",
    "cache_dir",
    "clear",
    "default_partition_name",
    "estimate_build_seconds",
    "first_use_partition",
    "is_cached",
    "list_tables",
    "load",
    "partition",
    "partition_names",
    "pattern_database",
    "preferred_partition",
    "read_table",
    "ship",
    "table_path",
    "verify",
]
