"""The tile engine: IDA* and beams on one mutable board, in pure Python or numba, one dispatcher.

``dispatch`` is the only module the layers above call (`engine_solve`,
`user_solve`, `weighted_solve`, `beam_solve`, `subgoal_beam`, `place_group`,
`build_group_table`); ``kernels`` is the only one that knows both kernel
packages (the `Kernels` protocol, the two kernel sets, `choose_kernels`).
Below it, ``python`` and ``numba`` hold the same kernels under the same
names and never import the dispatcher or each other; below them, what both
share: ``lookups`` (group instances per table lookup, the `MaxedSearch`
protocol), ``rental`` (while a cheap kernel is cold, its pure-Python mirror
runs until compiling would have paid), ``resources`` (available memory: a
build that does not fit is refused), ``beam_start`` (a beam's start, ranked
from scratch), ``indexing`` (how tables are indexed and what entries hold),
``pruning`` (duplicate move sequences), ``tables`` (the `PatternTables`
protocol by which kernels see a pattern database) and ``user`` (the
`UserHeuristic` protocol by which kernels see a user's heuristic, and the
faults they report).
"""
