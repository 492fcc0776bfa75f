"""Additive disjoint pattern databases: partitions, tables, their files, the cache, the heuristic.

>>> from slidingtiles._heuristics._pdb.partition import partition
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
is `slidingtiles.pdb`, which re-exports from these modules what users call;
the package itself exports nothing, so a module's name here is the module.
"""
