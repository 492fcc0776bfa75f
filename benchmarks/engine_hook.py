"""The benchmarks' one door into the library's internals: the tile engine's search, timed alone.

The benchmarks go through the public API (``slidingtiles``, ``slidingtiles.pdb``)
wherever it measures what they mean to: `solve` returns its search's own
`SearchStats` (``stats.seconds`` is the search, after the tables are loaded), and
`solve_many` and `pdb` do the rest. Some measurements cannot be had from it, and come
through this module, the only one under ``benchmarks/`` (experiments apart) that
imports an internal name:

* a search with tables the benchmark chooses (`engine_solve`): `solve` picks a
  shape's partition itself (`pdb.preferred_partition`), and comparing partitions
  is the point of ``korf100.py --heuristic pdb:NAME``, ``korf50.py --partition``
  and ``table_tradeoff.py``;
* tables the library cannot build by name (`build_tables`: any groups, encoding
  and entry) searched with the maximum of several (`maxed_search`), and their
  packed size (`packed_bytes`): ``partitions.py`` and ``table_tradeoff.py``;
* the compiled batch-weighted A*'s counts and the bytes its arrays hold at the end
  (`bwas_footprint`): ``bwas_korf100.py``'s memory per node;
* both implementations in one process, on the same boards (`kernel_search`):
  ``backends.py``; `solve` runs the one ``SLIDINGTILES_IMPLEMENTATION`` chose (and
  says which, `Solution.engine`).

What these wrap is internal (``slidingtiles._engine.dispatch`` and the table file)
and may change with any release: this file is the one place to follow it.
"""

from __future__ import annotations

import functools
import tempfile
from collections.abc import Sequence
from pathlib import Path

from slidingtiles import Board, SearchStats, pdb
from slidingtiles._board.symmetry import frame_for
from slidingtiles._engine import dispatch
from slidingtiles._engine.indexing import PERM, PERM_ZERO
from slidingtiles._heuristics._pdb.tablefile import write_packed

__all__ = [
    "PERM",
    "PERM_ZERO",
    "build_tables",
    "bwas_footprint",
    "engine_solve",
    "forget_plans",
    "kernel_search",
    "maxed_search",
    "packed_bytes",
]


def engine_solve(
    board: Board,
    goal: Board,
    heuristic: str,
    db: pdb.PatternDatabase | None = None,
    *,
    time_limit: float | None = None,
) -> tuple[str, SearchStats]:
    """IDA* in the tile engine with the tables given (``heuristic="pdb"``): moves and statistics.

    What `solve` runs on its engine route, without its door (options, board
    reading, the plan, the choice of tables): raises `SearchLimitExceeded` at
    ``time_limit``. ``db``: the loaded tables of this shape for the goal.
    """
    return dispatch.engine_solve(board, goal, heuristic, db=db, time_limit=time_limit)


def bwas_footprint(
    board: Board, goal: Board, db: pdb.PatternDatabase, batch: int
) -> dict[str, int] | None:
    """The compiled batch-weighted A*'s counts at weight 1 (``"nodes"`` stored, ``"bytes"``
    its arrays hold at the end); None where the kernel does not run (pure Python)."""
    from slidingtiles.search._limits import Guard

    guard = Guard(
        "bwas",
        max_nodes=None,
        time_limit=None,
        max_memory=None,
        progress=None,
        progress_every=10_000,
        state_bytes=100,
    )
    found = dispatch.bwas_solve(
        board, goal, db, db.value(board.tiles), (1, 1), batch, 1 << 30, guard
    )
    return None if found is None else found[1]


@functools.cache
def _kernels(name: str) -> dispatch.Kernels:
    return dispatch.choose_kernels(name)[0]


def kernel_search(
    name: str, heuristic: str, board: Board, goal: Board, db: pdb.PatternDatabase | None = None
) -> tuple[str, SearchStats]:
    """IDA* by the kernels of implementation ``name`` (``"python"``, ``"numba"``), whichever runs.

    ``heuristic`` is ``"manhattan"``, ``"linear_conflict"`` or ``"pdb"`` (with
    ``db``, tables whose own goal is ``goal``, such as a corner blank's); a fresh
    guard per call, as `solve` makes.
    """
    kernels = _kernels(name)
    if heuristic == "pdb":
        if db is None or db.goal != goal.tiles:
            raise ValueError("kernel_search needs tables made for this very goal")
        return kernels.ida_pdb(db, list(board.tiles), dispatch.engine_guard())
    conflicts = heuristic == "linear_conflict"
    return kernels.ida_manhattan(
        goal.rows, goal.cols, goal.tiles, list(board.tiles), dispatch.engine_guard(), conflicts
    )


def build_tables(
    rows: int, cols: int, groups: Sequence[Sequence[int]], *, encoding: str, entry: str
) -> pdb.PatternDatabase:
    """Tables of any groups of the blank-first goal's tiles, built in memory (nothing cached).

    ``encoding`` is `PERM` or `PERM_ZERO` (zero-aware); ``entry`` ``"u4-excess"``
    or ``"u8-moves"``. `pdb.PatternDatabase.build` takes groups too, but always
    in the library's own encoding for the shape.
    """
    goal = Board.goal(rows, cols, blank="first")
    built = [
        dispatch.build_group_table(rows, cols, goal.tiles, g, encoding=encoding, entry=entry)
        for g in groups
    ]
    return pdb.PatternDatabase(
        rows,
        cols,
        goal.tiles,
        "custom",
        tuple(map(tuple, groups)),
        (encoding,) * len(groups),
        tuple(built),
        entry=entry,
    )


def maxed_search(
    dbs: Sequence[pdb.PatternDatabase], board: Board, goal: Board, *, time_limit: float | None
) -> tuple[str, SearchStats]:
    """IDA* with the larger of several tables' values (the engine's maxed kernel)."""
    frame = frame_for(board.rows, board.cols, goal.tiles)
    guard = dispatch.engine_guard(time_limit=time_limit)
    return dispatch.kernels.ida_maxed(dbs, list(frame.board(board.tiles)), guard, frame.order)


def forget_plans() -> None:
    """Drop the kernels' plans of every set of tables (and so their hold on the tables' memory).

    A plan is kept per first database and holds the others: a benchmark that searches one
    set of tables after another frees each set's memory only after this.
    """
    import importlib  # the kernels' modules, loaded only by whoever asks

    for name in ("slidingtiles._engine.numba.drive", "slidingtiles._engine.python.maxed"):
        try:
            module = importlib.import_module(name)
        except ImportError:  # no numba
            continue
        module._PLANS.clear()


def packed_bytes(db: pdb.PatternDatabase) -> int:
    """The size of the tables packed as the package ships its own (`pdb.ship`'s format)."""
    with tempfile.TemporaryDirectory() as where:
        path = Path(where) / "tables.stpdb.xz"
        write_packed(db, path)
        return path.stat().st_size
