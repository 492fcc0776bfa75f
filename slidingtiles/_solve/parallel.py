"""One board on many processes: IDA* with the tree split below the root, iteration by iteration.

>>> from slidingtiles import Board
>>> from slidingtiles.pdb import PatternDatabase
>>> goal = Board.goal(3, 4, blank="first")
>>> db = PatternDatabase.build(3, 4, goal, groups=[(1, 2, 3, 4, 5), (6, 7, 8, 9, 10, 11)])
>>> moves, stats = parallel_search(Board("4 1 2 3/5 0 6 7/8 9 10 11"), goal, db, workers=1)
>>> moves, stats.iterations
('LU', 1)

`solve(board, workers=N)` and `solve(board, executor=...)` come here when the
tile engine searches pattern tables. Each IDA* iteration, with cost bound B:

1. This process searches the top of the tree, down to a depth D chosen so
   that there are about `SUBTREES_PER_WORKER` subtrees per worker
   (`MaxedSearch` with ``cutoff=D``): the nodes D moves down with ``f <= B``
   are the roots of the subtrees, in the order a serial search visits them.
2. Each subtree is searched to the bound B - D by a worker, in *slices* of
   at most `slice_nodes` expansions: a slice that does not finish returns its
   paused search (`MaxedSearch` pickles), which goes back in the queue, so
   large subtrees move between workers, and stopping never waits long.
3. When every subtree is done without the goal, the next bound is the least f
   above B over all of them; the path to the least h met (the *principal
   variation*, Reinefeld & Marsland 1994) is followed first next time, as the
   serial kernels do. A slice that finds the goal ends the search: the slices
   still queued are cancelled, those running finish within their slice.

The length found is the optimal length, as serial IDA*'s: an iteration starts
only when every subtree of the previous one came back empty. The moves are the
serial search's whenever one optimal path exists, or the first subtree holding
a goal finishes first.

Small work stays here: an iteration runs in this process, slice after slice,
until the next one is expected to take more than `INLINE_SECONDS` (the
last iteration's expansions times their growth, at this search's rate), so a search that ends in a
fraction of a second never starts or waits for a process. ``workers=N`` then
borrows a `WorkerPool` (workers ignore Ctrl-C and die with this process) and
gives it back when the search ends: kept for the next call with the same
tables when the search ended normally or at a limit (`_workers.return_pool`:
one pool at most, main thread only), killed at once otherwise (Ctrl-C, a
lost worker). An ``executor`` (any `concurrent.futures`-style
``submit``: a ``ProcessPoolExecutor``, Dask's ``Client.get_executor()``)
belongs to the caller, whose workers load the table files themselves (from
the same cache path, or the tables travel pickled when they have no file).
"""

from __future__ import annotations

import concurrent.futures
import heapq
import os
import threading
import time
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

import attrs

from slidingtiles._board.board import Board
from slidingtiles._board.geometry import blank_moves
from slidingtiles._board.symmetry import frame_for
from slidingtiles._engine import dispatch
from slidingtiles._engine.lookups import COLLECT, DONE, PAUSE, MaxedSearch, supports_lookups
from slidingtiles._engine.tables import EngineResult, Order, PatternTables, canonical_tables
from slidingtiles._errors import (
    OptionTypeError,
    PatternDatabaseError,
    SearchLimitExceeded,
    SlidingTilesError,
    WorkerDiedError,
)
from slidingtiles._heuristics._pdb.tablefile import read_table
from slidingtiles._solve.checks import check_count
from slidingtiles.search import SearchStats

if TYPE_CHECKING:
    from slidingtiles._workers import WorkerPool

__all__ = [
    "INLINE_SECONDS",
    "SUBTREES_PER_WORKER",
    "IterationStats",
    "check_parallel",
    "parallel_search",
    "slice_nodes",
    "splits",
]

#: Subtrees per worker the split aims at (more balance the load; each costs a task).
SUBTREES_PER_WORKER = 16
#: Iterations expected to take less than this many seconds run in this process (at the rate
#: this search's own iterations ran): a small search never waits for processes, whose start
#: and round trips cost more than such an iteration (benchmarks/workers.py).
INLINE_SECONDS = 0.5
# Expansions per slice: about a tenth of a second in either implementation.
_SLICE_NODES = {"numba": 1 << 21, "python": 1 << 14}
_INF = 1 << 62
# The most nodes the top of the tree may take in this process before the split stops growing.
_TOP_NODES = 1 << 16


def slice_nodes() -> int:
    """Expansions per slice of a worker's subtree for the active implementation (~0.1 s)."""
    return _SLICE_NODES.get(dispatch.IMPLEMENTATION, 1 << 14)


@attrs.frozen
class IterationStats(SearchStats):
    """What the parallel search's ``progress`` gets: `SearchStats` and the iteration's state.

    >>> IterationStats(10, 20, 0, 0, 1, 0.5, bound=50, subtrees=8, finished=3).bound
    50

    Attributes:
        bound: the cost bound of the iteration in progress.
        subtrees: the subtrees this iteration was split into.
        finished: how many of them are done.
    """

    bound: int = 0
    subtrees: int = 0
    finished: int = 0


# -- what runs in the workers --------------------------------------------------------------------


@attrs.frozen
class _Tables:
    """How a worker gets the tables: their files (loaded once per process), or the tables."""

    paths: tuple[str, ...]
    groups: tuple[tuple[tuple[int, ...], ...], ...]
    dbs: tuple[PatternTables, ...] | None

    @classmethod
    def of(cls, dbs: Sequence[PatternTables]) -> _Tables:
        paths = tuple(str(getattr(db, "path", None) or "") for db in dbs)
        shipped = None if all(paths) else tuple(dbs)
        return cls(paths, tuple(db.groups for db in dbs), shipped)


_LOADED: dict[tuple[str, ...], list[PatternTables]] = {}
_LOCK = threading.Lock()


def _tables(ref: _Tables) -> list[PatternTables]:
    """The tables in this process: shipped, already loaded (or inherited by fork), or read.

    Forked workers read their parent's pages: two workers sharing them search
    each at full speed (measured on the project machine, idle: 3.6 s of wall
    clock for 3.5 s of CPU each, against 4.3 s with private copies).
    """
    if ref.dbs is not None:
        return list(ref.dbs)
    with _LOCK:
        found = _LOADED.get(ref.paths)
        if found is None:
            found = []
            for path, groups in zip(ref.paths, ref.groups):
                db = read_table(path)
                if db.groups != groups:
                    raise PatternDatabaseError(f"{path}: holds other groups than asked for", path)
                found.append(db)
            _LOADED[ref.paths] = found
    return found


@attrs.frozen
class _Job:
    """One slice of one subtree: its root (the first time) or its paused search."""

    index: int
    tables: _Tables
    order: Order
    budget: int
    tiles: tuple[int, ...] = ()
    prev: int = -1
    seq: int = 0
    bound: int = 0
    pv: tuple[int, ...] = ()
    search: Any = None


@attrs.frozen
class _Outcome:
    """What a slice gives back: counts, and the paused search or the subtree's result."""

    index: int
    code: int
    expanded: int
    generated: int
    search: Any = None
    path: str | None = None
    next_bound: int = _INF
    best_h: int = _INF
    best_slots: tuple[int, ...] = ()


def _run_slice(job: _Job) -> _Outcome:
    """Search one subtree for at most ``job.budget`` expansions (runs in a worker)."""
    dbs = _tables(job.tables)
    search: MaxedSearch
    if job.search is None:
        search = dispatch.kernels.maxed_search(
            dbs, job.tiles, job.order, bound=job.bound, prev=job.prev, seq=job.seq, single=True
        )
        search.follow(job.pv)
    else:
        search = job.search
        dispatch.kernels.maxed_attach(search, dbs, job.order)
    expanded, generated = search.expanded, search.generated
    code = search.run(search.expanded + job.budget)
    done_expanded = search.expanded - expanded
    done_generated = search.generated - generated
    if code == PAUSE:
        return _Outcome(job.index, PAUSE, done_expanded, done_generated, search=search)
    best_h, best_slots, _ = search.best()
    return _Outcome(
        job.index,
        DONE,
        done_expanded,
        done_generated,
        path=search.path() if search.found >= 0 else None,
        next_bound=search.next_bound,
        best_h=best_h,
        best_slots=tuple(best_slots),
    )


# -- the coordinator ------------------------------------------------------------------------------


@attrs.frozen
class _Root:
    """A subtree root: the moves (as letters and as move slots) that reach it from the start."""

    path: str
    slots: tuple[int, ...]
    tiles: tuple[int, ...]
    prev: int
    seq: int


class _Search:
    """The coordinator: splits each iteration, hands out slices, gathers, enforces the limits."""

    def __init__(
        self,
        dbs: Sequence[PatternTables],
        tiles: list[int],
        order: Order,
        pooled: Callable[[], Any] | None,
        workers: int,
        *,
        max_nodes: int | None,
        time_limit: float | None,
        progress: Callable[[SearchStats], object] | None,
    ) -> None:
        self.dbs, self.tiles, self.order = dbs, tiles, order
        #: Slices run here (`_inline`) until an iteration is expected to be large; then
        #: ``pooled()`` gives the pool's (or the executor's) submit. None: always here.
        self.submit: Any = _inline
        self.pooled = pooled
        self.sizes: list[int] = []  # the expansions of each finished iteration
        self.ref = _Tables.of(dbs)
        self.workers = workers
        self.moves = blank_moves(dbs[0].rows, dbs[0].cols, order)
        # Validates the limits as every engine search does (errors name the bad value).
        dispatch.engine_guard(max_nodes=max_nodes, time_limit=time_limit)
        self.max_nodes = max_nodes
        self.time_limit = time_limit
        self.progress = progress
        self.began = time.perf_counter()
        self.deadline = self.began + time_limit if time_limit is not None else None
        self.expanded = self.generated = 0
        self.iterations = 0
        self.depth = 1
        self.slice = slice_nodes()
        self.shown = self.began
        #: After a pool of ours broke: its workers that died, and how.
        self.deaths: Callable[[], dict[int, str]] | None = None

    # -- limits and progress --

    def _stats(self, bound: int = 0, subtrees: int = 0, finished: int = 0) -> IterationStats:
        return IterationStats(
            self.expanded,
            self.generated,
            0,
            0,
            self.iterations,
            time.perf_counter() - self.began,
            bound=bound,
            subtrees=subtrees,
            finished=finished,
        )

    def _check_time(self) -> None:
        if self.deadline is not None and time.perf_counter() >= self.deadline:
            seconds = time.perf_counter() - self.began
            raise SearchLimitExceeded(
                f"idastar: gave up after {seconds:.3f} s and {self.expanded:,} expanded nodes "
                f"(time_limit={self.time_limit} s)",
                "time",
                self.time_limit,
                self._stats(),
            )

    def _out_of_nodes(self) -> SearchLimitExceeded:
        return SearchLimitExceeded(
            f"idastar: gave up after expanding {self.expanded:,} nodes "
            f"(max_nodes={self.max_nodes:,})",
            "nodes",
            self.max_nodes,
            self._stats(),
        )

    def _allowance(self, in_flight: int) -> int:
        """Expansions a new slice may use without the total passing ``max_nodes``."""
        if self.max_nodes is None:
            return self.slice
        return max(0, min(self.slice, self.max_nodes - self.expanded - in_flight))

    def _report(self, bound: int, subtrees: int, finished: int, *, final: bool) -> None:
        now = time.perf_counter()
        if self.progress is not None and (final or now - self.shown >= 1.0):
            self.shown = now
            self.progress(self._stats(bound, subtrees, finished))

    def _result(self, future: concurrent.futures.Future[_Outcome]) -> _Outcome:
        """A slice's outcome; `WorkerDiedError` when its worker, or the executor, was lost."""
        try:
            return future.result()
        except (SlidingTilesError, MemoryError):  # the search's own errors, as in one process
            raise
        except Exception as error:  # a worker killed (SIGKILL by the out-of-memory killer...)
            deaths = self.deaths() if self.deaths is not None else {}
            what = next(iter(deaths.values()), None)
            if what is None:
                what = f"{type(error).__name__}: {error}" if str(error) else type(error).__name__
            raise WorkerDiedError(
                f"solve: a worker process of the parallel search was lost: {what}; the search "
                "stopped (run it again, with fewer workers if memory ran short)",
                what,
            ) from error

    # -- the search --

    def run(self) -> EngineResult:
        probe = dispatch.kernels.maxed_search(self.dbs, self.tiles, self.order, single=True)
        bound = probe.h0
        pv: tuple[int, ...] = ()
        while True:
            self.iterations += 1
            began = self.expanded
            self._choose_where()
            found, roots, top = self._split(bound, pv)
            if found is not None:
                return found, self._stats()
            # The principal variation: the first node of the least h in the serial order. The
            # top's node comes after the subtrees handed over before it, before the others.
            top_h, top_slots, before = top.best()
            best = (top_h, 2 * before - 1, tuple(top_slots))
            next_bound = top.next_bound
            path, next_bound, best = self._iterate(bound, pv, roots, next_bound, best)
            if path is not None:
                return path, self._stats()
            self._report(bound, len(roots), len(roots), final=True)
            self.sizes.append(self.expanded - began)
            if next_bound >= _INF:  # pragma: no cover - a solvable board always has a next bound
                raise RuntimeError("the parallel search ran out of nodes below every bound")
            bound, pv = next_bound, best[2]

    def _choose_where(self) -> None:
        """Go to the pool once the next iteration is expected to pass `INLINE_SECONDS`.

        The expectation is the last iteration's expansions times the growth of
        the last two (at least 2, at most 20; 8 after the first), at the rate
        the iterations so far ran here. The first iteration always runs here:
        it is the smallest, and splitting a small tree between processes costs
        more than it saves.
        """
        if self.pooled is None or self.submit is not _inline or not self.sizes:
            return
        last = self.sizes[-1]
        growth = min(20.0, max(2.0, last / max(1, self.sizes[-2]))) if len(self.sizes) > 1 else 8
        rate = self.expanded / max(1e-6, time.perf_counter() - self.began)
        if last * growth > INLINE_SECONDS * rate:
            self.submit = self.pooled()

    def _split(
        self, bound: int, pv: tuple[int, ...]
    ) -> tuple[str | None, list[_Root], MaxedSearch]:
        """Search the top of the tree; return a path found there, or the subtree roots.

        The depth starts at the last one that gave enough subtrees and grows while
        there are fewer than the target and the top stays small (an iteration
        too small to split is simply searched here).
        """
        # Here, one subtree is as good as many: the split only serves the pool.
        target = 1 if self.submit is _inline else SUBTREES_PER_WORKER * self.workers
        depth = self.depth
        while True:
            self._check_time()
            top = dispatch.kernels.maxed_search(
                self.dbs, self.tiles, self.order, bound=bound, single=True, cutoff=depth
            )
            top.follow(pv)
            roots: list[_Root] = []
            cap = _INF if self.max_nodes is None else self.max_nodes - self.expanded + 1
            while (code := top.run(cap)) == COLLECT:
                roots.append(self._root(top))
            if code == PAUSE:  # the node limit, reached in the top of the tree
                self.expanded += top.expanded - 1
                self.generated += top.generated
                raise self._out_of_nodes()
            if top.found >= 0 or len(roots) >= target:
                break
            if not roots or depth >= bound or top.expanded > _TOP_NODES:
                break
            depth += 1
        if len(roots) >= target:
            self.depth = depth
        self.expanded += top.expanded
        self.generated += top.generated
        return (top.path() if top.found >= 0 else None), roots, top

    def _root(self, top: MaxedSearch) -> _Root:
        slots = tuple(top.slots())
        tiles = list(self.tiles)
        blank = tiles.index(0)
        prev = -1
        for slot in slots:
            n = self.moves[blank][slot][0]
            tiles[blank], tiles[n] = tiles[n], 0
            prev, blank = blank, n
        return _Root(top.path(), slots, tuple(tiles), prev, top.collected_seq)

    def _iterate(
        self,
        bound: int,
        pv: tuple[int, ...],
        roots: list[_Root],
        next_bound: int,
        best: tuple[int, int, tuple[int, ...]],
    ) -> tuple[str | None, int, tuple[int, int, tuple[int, ...]]]:
        """Search every subtree of one iteration; the path found, or the next bound and PV."""
        depth = len(roots[0].slots) if roots else 0
        queue: list[tuple[int, _Job]] = []
        for index, root in enumerate(roots):
            follow = pv[depth:] if pv[:depth] == root.slots else ()
            job = _Job(
                index,
                self.ref,
                self.order,
                self.slice,
                root.tiles,
                root.prev,
                root.seq,
                bound - depth,
                follow,
            )
            heapq.heappush(queue, (index, job))
        running: dict[concurrent.futures.Future[_Outcome], tuple[int, int]] = {}
        finished = 0
        # Two slices per worker keep every worker busy while results travel; one, in this process.
        limit = 1 if self.submit is _inline else 2 * self.workers
        try:
            while queue or running:
                in_flight = sum(budget for _, budget in running.values())
                while queue and len(running) < limit:
                    budget = self._allowance(in_flight)
                    if budget <= 0:
                        break
                    index, job = heapq.heappop(queue)
                    future = self.submit(_run_slice, attrs.evolve(job, budget=budget))
                    running[future] = (index, budget)
                    in_flight += budget
                if not running:  # nothing may run: the node limit is reached
                    raise self._out_of_nodes()
                self._check_time()
                wait = (
                    1.0
                    if self.deadline is None
                    else max(0.0, min(1.0, self.deadline - time.perf_counter()))
                )
                done, _ = concurrent.futures.wait(
                    running, timeout=wait, return_when=concurrent.futures.FIRST_COMPLETED
                )
                for future in sorted(done, key=lambda f: running[f][0]):  # leftmost first
                    index, _ = running.pop(future)
                    outcome = self._result(future)
                    self.expanded += outcome.expanded
                    self.generated += outcome.generated
                    if outcome.code == PAUSE:
                        job = _Job(index, self.ref, self.order, self.slice, search=outcome.search)
                        heapq.heappush(queue, (index, job))
                        continue
                    finished += 1
                    if outcome.path is not None:
                        return roots[index].path + outcome.path, next_bound, best
                    if outcome.next_bound < _INF:
                        next_bound = min(next_bound, outcome.next_bound + depth)
                    if (outcome.best_h, 2 * index) < best[:2]:  # subtree i's key: 2i
                        best = (outcome.best_h, 2 * index, roots[index].slots + outcome.best_slots)
                self._report(bound, len(roots), finished, final=False)
        finally:
            for future in running:
                future.cancel()
        return None, next_bound, best


def check_parallel(workers: object, executor: object) -> None:
    """Refuse a bad ``workers`` or ``executor`` of `solve`, naming it.

    >>> check_parallel(0, None)
    Traceback (most recent call last):
    ...
    slidingtiles._errors.InvalidOptionError: solve: workers must be an int >= 1 or None, got 0
    """
    check_count("workers", workers, where="solve: ")
    if executor is not None and not callable(getattr(executor, "submit", None)):
        raise OptionTypeError(
            f"solve: executor must have a concurrent.futures-style submit(), "
            f"not {type(executor).__name__}",
            executor,
            option="executor",
        )


def splits(db: PatternTables | None) -> bool:
    """Whether `parallel_search` can split a search with these tables (non-perfect ones).

    >>> splits(None)
    False
    """
    return db is not None and not db.perfect and supports_lookups([db])


def parallel_search(
    start: Board,
    goal: Board,
    db: PatternTables,
    *,
    workers: int | None = None,
    executor: Any = None,
    max_nodes: int | None = None,
    time_limit: float | None = None,
    progress: Callable[[SearchStats], object] | None = None,
) -> EngineResult:
    """Return an optimal move string and statistics, IDA* split over processes (module docstring).

    ``db``: tables of this shape for the goal's canonical goal (as
    `dispatch.engine_solve` takes them). ``workers``: processes of a pool this
    call owns (default: the CPUs), or, with an ``executor``, how many tasks it
    runs at once (default: its ``_max_workers`` or the CPUs). ``workers=1``
    without an executor searches in this process, slice after slice (the same
    tree, the same counts as two workers would visit). ``progress`` gets an
    `IterationStats` when an iteration ends and about once a second between.
    Limits: `SearchLimitExceeded` (``"nodes"``: never more than ``max_nodes``
    expansions in all; ``"time"``: within a second of ``time_limit``). A worker
    killed from outside (the out-of-memory killer sends SIGKILL), or a slice the
    executor loses (Dask's ``KilledWorker``), stops the search with
    `WorkerDiedError` saying what happened.
    """
    frame = frame_for(start.rows, start.cols, goal.tiles)
    if db.goal != frame.canonical_goal or (db.rows, db.cols) != start.shape:
        raise ValueError("the parallel search needs the pattern database of this shape and goal")
    tiles = list(frame.board(start.tiles)) if not frame.identity else list(start.tiles)
    base = canonical_tables(db)
    dbs = [base]
    if not dispatch.kernels.supports_pdb(base) or base.perfect:
        raise ValueError(f"the parallel search cannot use {base.encodings} tables")
    if tiles == list(base.goal):
        return "", SearchStats(0, 0, 0, 0, 0, 0.0)
    ref = _Tables.of(dbs)
    if ref.dbs is None:
        with _LOCK:  # workers forked from here find them without reading the files
            _LOADED.setdefault(ref.paths, list(dbs))
    own = executor is None and (workers or os.cpu_count() or 1) > 1
    count = workers or getattr(executor, "_max_workers", None) or os.cpu_count() or 1
    key = ref.paths if ref.dbs is None else None  # a pool is kept for tables read from files
    from slidingtiles._workers import borrow_pool, return_pool  # loaded by the first split search

    borrowed: list[WorkerPool] = []

    def pooled() -> Any:
        """The pool's submit, the pool borrowed at the first iteration that needs it."""
        if not own:
            return executor.submit
        pool = borrow_pool(count, key)
        borrowed.append(pool)
        search.deaths = pool.deaths
        return pool.submit

    search = _Search(
        dbs,
        tiles,
        frame.order,
        pooled if own or executor is not None else None,
        count,
        max_nodes=max_nodes,
        time_limit=time_limit,
        progress=progress,
    )
    healthy = False
    try:
        found = search.run()
        healthy = True
        return found
    except SearchLimitExceeded:
        healthy = True  # the pool is sound: its slices end within a slice
        raise
    finally:
        for pool in borrowed:  # kept for the next call, or killed: never left running
            return_pool(pool, key, healthy=healthy)


def _inline(function: Callable[[_Job], _Outcome], job: _Job) -> concurrent.futures.Future[_Outcome]:
    """``submit`` in this process: the slice runs now, its future is already done."""
    future: concurrent.futures.Future[_Outcome] = concurrent.futures.Future()
    try:
        future.set_result(function(job))
    except BaseException as error:
        future.set_exception(error)
        if not isinstance(error, Exception):
            raise
    return future
