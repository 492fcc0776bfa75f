"""The tile engine: IDA* on one mutable board, in pure Python or numba, behind one dispatcher.

``dispatch`` is the only module that knows both implementations and the only
one the layers above call (`engine_solve`, `build_group_table`). Below it,
``python`` and ``numba`` hold the same kernels under the same names and never
import the dispatcher or each other; below them, the pieces both share:
``indexing`` (how tables are indexed and what entries hold), ``pruning``
(duplicate move sequences) and ``tables`` (the `PatternTables` protocol by
which kernels see a pattern database).
"""
