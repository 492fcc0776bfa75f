"""Every kernel by implementation: the `Kernels` protocol, its two sets, and the choice.

>>> kernels, name = choose_kernels("python")
>>> name, kernels.name, kernels.supports_pdb.__name__
('python', 'python', 'supports_pdb')

`slidingtiles._engine.python` and `slidingtiles._engine.numba` hold the same
kernels under the same names and never import this module or each other;
this is the one module that knows both. `Kernels` lists them; the
pure-Python set calls its package's functions, the numba set the compiled
function of the same name through one helper (`_NumbaKernels._call`), which
under ``auto`` falls back to the pure-Python kernel when numba fails to
import, compile or run. `choose_kernels` picks a set (the dispatcher, once, at
import; tests and benchmarks comparing both implementations, each of them).
"""

from __future__ import annotations

import importlib
import logging
import threading
import time
import types
import warnings
from collections.abc import Callable, Sequence
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any, Protocol, cast

from slidingtiles._accel import (
    ENV_IMPLEMENTATION,
    INSTALL_HINT,
    numba_installed,
    prepare_numba_cache,
    prepare_numba_threads,
    requested_implementation,
)
from slidingtiles._cache import user_cache_dir
from slidingtiles._engine.indexing import DIGITS, U8_MOVES
from slidingtiles._engine.lookups import MaxedSearch, maxed_searches
from slidingtiles._engine.tables import IDENTITY_ORDER, EngineResult, Order, PatternTables
from slidingtiles._engine.user import UserHeuristic
from slidingtiles._errors import BackendError, BackendWarning
from slidingtiles.search import Guard, SearchStats

if TYPE_CHECKING:
    from slidingtiles._engine.rental import Rental

__all__ = ["Kernels", "Progress", "choose_kernels", "substitute"]

_LOG = logging.getLogger("slidingtiles")

#: A table build's progress callback: ``progress(depth, states, seconds)``.
Progress = Callable[[int, int, float], object]


class Kernels(Protocol):
    """Every kernel of one implementation: the tile engine's inner loops, by the same names.

    `slidingtiles._engine.python` and `slidingtiles._engine.numba` define a
    function of each name below with this signature (the pure-Python
    builder has no ``entry`` and no memory estimate): the dispatcher's two
    classes only pick the module; a new kernel is one method here, one
    function in each package, and one line in each class.
    """

    name: str

    def ida_manhattan(
        self,
        rows: int,
        cols: int,
        goal_tiles: tuple[int, ...],
        tiles: list[int],
        guard: Guard,
        conflicts: bool,
    ) -> EngineResult:
        """IDA* with Manhattan distance (plus linear conflicts when ``conflicts``)."""

    def ida_user(
        self,
        rows: int,
        cols: int,
        goal_tiles: tuple[int, ...],
        tiles: list[int],
        guard: Guard,
        user: UserHeuristic,
    ) -> EngineResult:
        """IDA* with a user's heuristic (`slidingtiles._engine.user`), each value checked."""

    def ida_pdb(
        self, db: PatternTables, tiles: list[int], guard: Guard, order: Order = IDENTITY_ORDER
    ) -> EngineResult:
        """IDA* with additive tables, maxed with the reflection, trying directions by ``order``."""

    def supports_pdb(self, db: PatternTables) -> bool:
        """Whether `ida_pdb` (or `ida_maxed`) can search with these tables."""

    def walk_perfect(
        self, db: PatternTables, tiles: list[int], guard: Guard, order: Order
    ) -> EngineResult:
        """The path down a perfect table (one group of every tile): O(length) lookups."""

    def ida_maxed(
        self, dbs: Sequence[PatternTables], tiles: list[int], guard: Guard, order: Order
    ) -> EngineResult:
        """IDA* with the maximum of several tables' lookups, children in order of f."""

    def weighted_maxed(
        self,
        dbs: Sequence[PatternTables],
        tiles: list[int],
        guard: Guard,
        order: Order,
        num: int,
        den: int,
        ceiling: int | None,
    ) -> tuple[str | None, SearchStats]:
        """`ida_maxed` cutting at g + num/den x h; None when nothing is shorter than ``ceiling``."""

    def maxed_search(
        self,
        dbs: Sequence[PatternTables],
        tiles: Sequence[int],
        order: Order,
        **start: int | bool | None,
    ) -> MaxedSearch:
        """A resumable search of the maxed kernel (`MaxedSearch`), started at a board."""

    def maxed_attach(self, search: MaxedSearch, dbs: Sequence[PatternTables], order: Order) -> None:
        """Give an unpickled `MaxedSearch` its tables back."""

    def build_group_table(
        self,
        rows: int,
        cols: int,
        goal: Sequence[int],
        group: Sequence[int],
        *,
        encoding: str,
        entry: str,
        progress: Progress | None,
    ) -> bytes:
        """Return one group's pattern table."""

    def build_bytes(self, cells: int, size: int, encoding: str, entry: str) -> int | None:
        """The peak memory of building one group's table (None: not estimated)."""

    def place_group(
        self,
        rows: int,
        cols: int,
        free: Sequence[int],
        blank: int,
        cells: Sequence[int],
        targets: Sequence[int],
        weight: tuple[int, int],
        max_nodes: int,
        blank_target: int = -1,
        costs: Sequence[int] | None = None,
        unit: int = 1,
    ) -> tuple[list[int] | None, int, int]:
        """Weighted A* placing a group of tiles (`place_group`)."""

    def subgoal_search(
        self,
        rows: int,
        cols: int,
        tiles: Sequence[int],
        grow: Sequence[int],
        gcol: Sequence[int],
        weights: Sequence[int],
        targets: Sequence[int],
        conflict_weight: int,
        blank_weight: int,
        patience: int,
        width: int,
        max_levels: int,
        max_nodes: int,
        deadline: float | None,
        hole_weight: int = 0,
    ) -> tuple[str, int, bool]:
        """Beam search until the target tiles are home (`subgoal_beam`)."""

    def tables_search(
        self,
        rows: int,
        cols: int,
        tiles: Sequence[int],
        flat: Any,
        offsets: Sequence[int],
        perm: Sequence[int],
        groups: Sequence[Sequence[int]],
        width: int,
        max_levels: int,
        max_nodes: int,
        deadline: float | None,
    ) -> tuple[str, int, bool]:
        """Beam search ranked by additive pattern tables (`tables_beam`)."""

    def bwas_tables(
        self,
        tiles: tuple[int, ...],
        goal: tuple[int, ...],
        rows: int,
        cols: int,
        db: PatternTables | None,
        h0: int,
        weight: tuple[int, int],
        batch: int,
        cut: int,
        guard: Guard,
    ) -> tuple[list[int] | None, dict[str, int], int] | None:
        """Batch-weighted A* with Manhattan (``db`` None) or digits tables, compiled; None
        where this implementation has no such kernel (the caller runs the one loop,
        `slidingtiles.search._bwas.bwas_loop`, over numpy batches: the pure-Python mirror)."""

    def layer_sweep(
        self,
        dist: Any,
        depth: int,
        rows: int,
        cols: int,
        neighbours: Any,
        parity: Any,
        start: int,
        stop: int,
    ) -> int:
        """One breadth-first layer over a rank space, in place (`slidingtiles._engine.python.
        layers`): the boards of ``[start, stop)`` at ``depth`` expanded; how many there were."""


#: A kernel's first call in a process that has not returned after this many seconds is
#: announced: numba is compiling it (once; kept on disk, later processes load it).
COMPILE_NOTICE_SECONDS = 1.0


_LISTENING: list[object] = []


def _listen_to_compiles() -> None:
    """Have numba's compiles announce themselves (once per process, when numba is first used).

    numba says nothing while it compiles a kernel on its first use (seconds to
    tens of seconds on a cold cache, docs/measurements/first-compile.md; kept
    on disk, later processes load them). A compile still running after
    `COMPILE_NOTICE_SECONDS`, in any thread, is told (a WARNING on the
    ``slidingtiles`` logger, which reaches standard error where logging is not
    configured), and so is its end. Loading from numba's disk cache is not a
    compile, and is not told.
    """
    if _LISTENING:
        return
    event = importlib.import_module("numba.core.event")

    class Notice(event.Listener):  # type: ignore[misc,name-defined]
        """Per thread (the game solves in worker threads): how deep in a compile it is, when
        the outermost began, its timer, whether it was told, and which kernel."""

        def __init__(self) -> None:
            self.local = threading.local()

        def _here(self) -> Any:
            """This thread's state: a plain object, so the timer's thread can mark it told."""
            here = getattr(self.local, "state", None)
            if here is None:
                here = self.local.state = types.SimpleNamespace(
                    depth=0, began=0.0, told=False, timer=None
                )
            return here

        def on_start(self, started: Any) -> None:
            here = self._here()
            here.depth += 1
            if here.depth == 1:
                here.began, here.told = time.perf_counter(), False
                what = str(getattr(started.data.get("dispatcher"), "__qualname__", "a"))
                here.timer = threading.Timer(COMPILE_NOTICE_SECONDS, self.tell, (here, what))
                here.timer.daemon = True
                here.timer.start()

        def on_end(self, ended: Any) -> None:
            here = self._here()
            here.depth -= 1
            if here.depth == 0 and here.timer is not None:
                here.timer.cancel()
                here.timer = None
                if here.told:
                    _LOG.warning(
                        "numba compiled its kernels in %.0f s (kept on disk for later runs)",
                        time.perf_counter() - here.began,
                    )

        def tell(self, here: Any, what: str) -> None:
            here.told = True
            _LOG.warning(
                "numba is compiling the %s kernel on its first use (up to a minute, once: "
                "kept on disk, later runs load it in about a second)",
                what,
            )

    notice = Notice()
    event.register("numba:compile", notice)
    _LISTENING.append(notice)


def _kernel_module(name: str) -> ModuleType:
    """Import a kernel module on first use: numba's (optional) and the numpy ones.

    ``python.batched`` and ``python.build`` need numpy, whose import costs about
    0.1 s that a walk down a perfect table or a Manhattan search never needs;
    numba's modules need numba, which may be absent. Both are loaded here, the
    one place that knows every kernel module, when a search or a build first
    asks for them.
    """
    return importlib.import_module(f"slidingtiles._engine.{name}")


# The pure-Python kernels by (module, name), each looked up once: a function-level import costs
# about a microsecond a call, a fifth of a small search's kernel.
_PYTHON_FUNCTIONS: dict[tuple[str, str], Callable[..., Any]] = {}


def _python_kernel(module: str, name: str) -> Callable[..., Any]:
    """The pure-Python kernel ``python.<module>.<name>``, its module imported on first use."""
    found = _PYTHON_FUNCTIONS.get((module, name))
    if found is None:
        found = getattr(_kernel_module(f"python.{module}"), name)
        _PYTHON_FUNCTIONS[module, name] = found
    return found


def _in_batches(*args: Any) -> EngineResult | None:
    """`python.batched.continue_in_batches`, imported when a search first hands off to it."""
    found: EngineResult | None = _kernel_module("python.batched").continue_in_batches(*args)
    return found


class _PythonKernels:
    """The pure-Python kernels (`slidingtiles._engine.python`), each module imported when first run.

    ``import slidingtiles`` loads no kernel (tests/test_lazy_import.py); a search
    loads the one it runs.
    """

    name = "python"

    def ida_manhattan(
        self,
        rows: int,
        cols: int,
        goal_tiles: tuple[int, ...],
        tiles: list[int],
        guard: Guard,
        conflicts: bool,
    ) -> EngineResult:
        found: EngineResult = _python_kernel("manhattan", "ida_manhattan")(
            rows, cols, goal_tiles, tiles, guard, conflicts
        )
        return found

    def ida_user(
        self,
        rows: int,
        cols: int,
        goal_tiles: tuple[int, ...],
        tiles: list[int],
        guard: Guard,
        user: UserHeuristic,
    ) -> EngineResult:
        found: EngineResult = _python_kernel("user", "ida_user")(
            rows, cols, goal_tiles, tiles, guard, user
        )
        return found

    def ida_pdb(
        self, db: PatternTables, tiles: list[int], guard: Guard, order: Order = IDENTITY_ORDER
    ) -> EngineResult:
        found: EngineResult = _python_kernel("pdb", "ida_pdb")(
            db, tiles, guard, handoff=_in_batches, order=order
        )
        return found

    def supports_pdb(self, db: PatternTables) -> bool:
        digits = db.entry == U8_MOVES and all(e == DIGITS for e in db.encodings)
        return digits or maxed_searches(db)

    def walk_perfect(
        self, db: PatternTables, tiles: list[int], guard: Guard, order: Order
    ) -> EngineResult:
        found: EngineResult = _python_kernel("pdb", "walk_perfect")(db, tiles, guard, order)
        return found

    def ida_maxed(
        self, dbs: Sequence[PatternTables], tiles: list[int], guard: Guard, order: Order
    ) -> EngineResult:
        found: EngineResult = _python_kernel("maxed", "ida_maxed")(dbs, tiles, guard, order)
        return found

    def weighted_maxed(
        self,
        dbs: Sequence[PatternTables],
        tiles: list[int],
        guard: Guard,
        order: Order,
        num: int,
        den: int,
        ceiling: int | None,
    ) -> tuple[str | None, SearchStats]:
        found: tuple[str | None, SearchStats] = _python_kernel("maxed", "weighted_maxed")(
            dbs, tiles, guard, order, num, den, ceiling
        )
        return found

    def maxed_search(
        self,
        dbs: Sequence[PatternTables],
        tiles: Sequence[int],
        order: Order,
        **start: int | bool | None,
    ) -> MaxedSearch:
        found: MaxedSearch = _python_kernel("maxed", "maxed_search")(dbs, tiles, order, **start)
        return found

    def maxed_attach(self, search: MaxedSearch, dbs: Sequence[PatternTables], order: Order) -> None:
        _python_kernel("maxed", "maxed_attach")(search, dbs, order)

    def build_group_table(
        self,
        rows: int,
        cols: int,
        goal: Sequence[int],
        group: Sequence[int],
        *,
        encoding: str,
        entry: str,
        progress: Progress | None,
    ) -> bytes:
        if entry != U8_MOVES:
            raise BackendError(
                f"{entry} tables are built by the numba backend; {INSTALL_HINT}", entry
            )
        table: bytes = _kernel_module("python.build").build_group_table(
            rows, cols, goal, group, encoding=encoding, progress=progress
        )
        return table

    def build_bytes(self, cells: int, size: int, encoding: str, entry: str) -> int | None:
        return None  # the pure-Python builder's memory is not estimated

    def place_group(
        self,
        rows: int,
        cols: int,
        free: Sequence[int],
        blank: int,
        cells: Sequence[int],
        targets: Sequence[int],
        weight: tuple[int, int],
        max_nodes: int,
        blank_target: int = -1,
        costs: Sequence[int] | None = None,
        unit: int = 1,
    ) -> tuple[list[int] | None, int, int]:
        found: tuple[list[int] | None, int, int] = _python_kernel("weighted", "place_group")(
            rows, cols, free, blank, cells, targets, weight, max_nodes, blank_target, costs, unit
        )
        return found

    def subgoal_search(
        self,
        rows: int,
        cols: int,
        tiles: Sequence[int],
        grow: Sequence[int],
        gcol: Sequence[int],
        weights: Sequence[int],
        targets: Sequence[int],
        conflict_weight: int,
        blank_weight: int,
        patience: int,
        width: int,
        max_levels: int,
        max_nodes: int,
        deadline: float | None,
        hole_weight: int = 0,
    ) -> tuple[str, int, bool]:
        found: tuple[str, int, bool] = _python_kernel("beam", "subgoal_search")(
            rows,
            cols,
            tiles,
            grow,
            gcol,
            weights,
            targets,
            conflict_weight,
            blank_weight,
            patience,
            width,
            max_levels,
            max_nodes,
            deadline,
            hole_weight,
        )
        return found

    def tables_search(
        self,
        rows: int,
        cols: int,
        tiles: Sequence[int],
        flat: Any,
        offsets: Sequence[int],
        perm: Sequence[int],
        groups: Sequence[Sequence[int]],
        width: int,
        max_levels: int,
        max_nodes: int,
        deadline: float | None,
    ) -> tuple[str, int, bool]:
        found: tuple[str, int, bool] = _python_kernel("tables_beam", "tables_search")(
            rows, cols, tiles, flat, offsets, perm, groups, width, max_levels, max_nodes, deadline
        )
        return found

    def bwas_tables(
        self,
        tiles: tuple[int, ...],
        goal: tuple[int, ...],
        rows: int,
        cols: int,
        db: PatternTables | None,
        h0: int,
        weight: tuple[int, int],
        batch: int,
        cut: int,
        guard: Guard,
    ) -> tuple[list[int] | None, dict[str, int], int] | None:
        return None  # the one loop over numpy batches is this implementation's

    def layer_sweep(
        self,
        dist: Any,
        depth: int,
        rows: int,
        cols: int,
        neighbours: Any,
        parity: Any,
        start: int,
        stop: int,
    ) -> int:
        from slidingtiles._engine.python.layers import sweep

        return sweep(dist, depth, rows, cols, neighbours, parity, start, stop)


def _rental_ledger() -> Path:
    """Where the seconds spent renting cold kernels add up across processes (the cache)."""
    return user_cache_dir() / "rented-kernels.json"


#: The pure-Python kernels: the implementation, and numba's fallback under ``auto``.
_PYTHON = _PythonKernels()


class _NumbaKernels:
    """The numba kernels (`slidingtiles._engine.numba`); under ``auto``, fall back on failure.

    Each kernel is one `_call` of the compiled function of the same name.
    ``fallback`` (under ``auto``) is called once should numba fail: from then
    on these kernels are the pure-Python ones. With ``rent``, the kernels of
    `rental.RENTS` run in pure Python while cold and cheap (`rental.Rental`).
    """

    name = "numba"

    def __init__(self, fallback: Callable[[], object] | None, *, rent: bool = True) -> None:
        self._fallback = fallback
        self._fallen = False
        self._modules: dict[str, ModuleType] = {}
        self._ready = False
        self._rent = rent
        self._ledger: Rental | None = None  # made at the first rentable call (a lighter import)
        if not fallback:  # numba asked for by name: whether it imports is known at once
            self._prepare()

    def _prepare(self) -> None:
        """numba imported, its cache and threads set up, its compiles told: once, before the
        first kernel module is loaded (each loads when its first kernel runs, and compiles
        only the kernels that run)."""
        if not self._ready:
            prepare_numba_cache()
            prepare_numba_threads()  # a pool forked after a table build must not abort
            importlib.import_module("numba")
            _listen_to_compiles()
            self._ready = True

    def _load(self, name: str) -> ModuleType:
        module = self._modules.get(name)
        if module is None:
            self._prepare()
            module = self._modules[name] = _kernel_module(f"numba.{name}")
        return module

    def _module(self, name: str) -> ModuleType | None:
        """A compiled kernel module, or None once fallen back to pure Python."""
        if self._fallen:
            return None
        try:
            return self._load(name)
        except Exception as exc:
            if self._fallback is None:
                raise
            self._switch(f"numba cannot be imported ({exc})", quiet=True)
            return None

    def _call(self, module: str, function: str, *args: Any, **kwargs: Any) -> Any:
        """The compiled ``module.function(*args, **kwargs)``; under ``auto``, should numba fail
        (to import, to compile, to run), the pure-Python kernel of that name, for good."""
        compiled = self._module(module)
        if compiled is not None:
            try:
                return getattr(compiled, function)(*args, **kwargs)
            except Exception as exc:
                numba_error = importlib.import_module("numba.core.errors").NumbaError
                if self._fallback is None or not isinstance(exc, numba_error):
                    raise
                self._switch(f"numba failed ({exc})", quiet=False)
        return getattr(_PYTHON, function)(*args, **kwargs)

    def _switch(self, reason: str, *, quiet: bool) -> None:
        self._fallen = True
        (_LOG.debug if quiet else _LOG.warning)("%s; using the pure-Python kernels", reason)
        if self._fallback is not None:
            self._fallback()

    def ida_manhattan(
        self,
        rows: int,
        cols: int,
        goal_tiles: tuple[int, ...],
        tiles: list[int],
        guard: Guard,
        conflicts: bool,
    ) -> EngineResult:
        found: EngineResult = self._call(
            "manhattan", "ida_manhattan", rows, cols, goal_tiles, tiles, guard, conflicts
        )
        return found

    def ida_user(
        self,
        rows: int,
        cols: int,
        goal_tiles: tuple[int, ...],
        tiles: list[int],
        guard: Guard,
        user: UserHeuristic,
    ) -> EngineResult:
        found: EngineResult = self._call(
            "user", "ida_user", rows, cols, goal_tiles, tiles, guard, user
        )
        return found

    def ida_pdb(
        self, db: PatternTables, tiles: list[int], guard: Guard, order: Order = IDENTITY_ORDER
    ) -> EngineResult:
        found: EngineResult = self._call("pdb", "ida_pdb", db, tiles, guard, order)
        return found

    def supports_pdb(self, db: PatternTables) -> bool:
        # what numba supports too, known without loading it
        return _PYTHON.supports_pdb(db) or bool(self._call("pdb", "supports_pdb", db))

    def walk_perfect(
        self, db: PatternTables, tiles: list[int], guard: Guard, order: Order
    ) -> EngineResult:
        return _PYTHON.walk_perfect(db, tiles, guard, order)  # a few dozen lookups: no kernel

    def ida_maxed(
        self, dbs: Sequence[PatternTables], tiles: list[int], guard: Guard, order: Order
    ) -> EngineResult:
        found: EngineResult = self._call("maxed", "ida_maxed", dbs, tiles, guard, order)
        return found

    def weighted_maxed(
        self,
        dbs: Sequence[PatternTables],
        tiles: list[int],
        guard: Guard,
        order: Order,
        num: int,
        den: int,
        ceiling: int | None,
    ) -> tuple[str | None, SearchStats]:
        found: tuple[str | None, SearchStats] = self._call(
            "maxed", "weighted_maxed", dbs, tiles, guard, order, num, den, ceiling
        )
        return found

    def maxed_search(
        self,
        dbs: Sequence[PatternTables],
        tiles: Sequence[int],
        order: Order,
        **start: int | bool | None,
    ) -> MaxedSearch:
        search: MaxedSearch = self._call("maxed", "maxed_search", dbs, tiles, order, **start)
        return search

    def maxed_attach(self, search: MaxedSearch, dbs: Sequence[PatternTables], order: Order) -> None:
        self._call("maxed", "maxed_attach", search, dbs, order)

    def build_group_table(
        self,
        rows: int,
        cols: int,
        goal: Sequence[int],
        group: Sequence[int],
        *,
        encoding: str,
        entry: str,
        progress: Progress | None,
    ) -> bytes:
        table: bytes = self._call(
            "build",
            "build_group_table",
            rows,
            cols,
            goal,
            group,
            encoding=encoding,
            entry=entry,
            progress=progress,
        )
        return table

    def build_bytes(self, cells: int, size: int, encoding: str, entry: str) -> int | None:
        peak: int | None = self._call("build", "build_bytes", cells, size, encoding, entry)
        return peak

    def place_group(
        self,
        rows: int,
        cols: int,
        free: Sequence[int],
        blank: int,
        cells: Sequence[int],
        targets: Sequence[int],
        weight: tuple[int, int],
        max_nodes: int,
        blank_target: int = -1,
        costs: Sequence[int] | None = None,
        unit: int = 1,
    ) -> tuple[list[int] | None, int, int]:
        args = (
            rows,
            cols,
            free,
            blank,
            cells,
            targets,
            weight,
            max_nodes,
            blank_target,
            costs,
            unit,
        )
        if self._rental().rents("weighted", max_nodes, compiled=self._placing_kept):
            began = time.process_time()  # cold: the same path from the pure-Python kernel
            placed = _PYTHON.place_group(*args)
            self._rental().spent("weighted", time.process_time() - began)
            return placed
        found: tuple[list[int] | None, int, int] = self._call("weighted", "place_group", *args)
        return found

    def _rental(self) -> Rental:
        if self._ledger is None:
            rental = importlib.import_module("slidingtiles._engine.rental")
            self._ledger = rental.Rental(rental.RENTS if self._rent else {}, ledger=_rental_ledger)
        return self._ledger

    def _placing_kept(self) -> bool:
        """Whether `place_group`'s compiled kernel is ready (no compile), or numba has failed."""
        weighted = self._module("weighted")
        return weighted is None or bool(weighted.place_group_kept())

    def subgoal_search(
        self,
        rows: int,
        cols: int,
        tiles: Sequence[int],
        grow: Sequence[int],
        gcol: Sequence[int],
        weights: Sequence[int],
        targets: Sequence[int],
        conflict_weight: int,
        blank_weight: int,
        patience: int,
        width: int,
        max_levels: int,
        max_nodes: int,
        deadline: float | None,
        hole_weight: int = 0,
    ) -> tuple[str, int, bool]:
        found: tuple[str, int, bool] = self._call(
            "beam",
            "subgoal_search",
            rows,
            cols,
            tiles,
            grow,
            gcol,
            weights,
            targets,
            conflict_weight,
            blank_weight,
            patience,
            width,
            max_levels,
            max_nodes,
            deadline,
            hole_weight,
        )
        return found

    def tables_search(
        self,
        rows: int,
        cols: int,
        tiles: Sequence[int],
        flat: Any,
        offsets: Sequence[int],
        perm: Sequence[int],
        groups: Sequence[Sequence[int]],
        width: int,
        max_levels: int,
        max_nodes: int,
        deadline: float | None,
    ) -> tuple[str, int, bool]:
        found: tuple[str, int, bool] = self._call(
            "tables_beam",
            "tables_search",
            rows,
            cols,
            tiles,
            flat,
            offsets,
            perm,
            groups,
            width,
            max_levels,
            max_nodes,
            deadline,
        )
        return found

    def bwas_tables(
        self,
        tiles: tuple[int, ...],
        goal: tuple[int, ...],
        rows: int,
        cols: int,
        db: PatternTables | None,
        h0: int,
        weight: tuple[int, int],
        batch: int,
        cut: int,
        guard: Guard,
    ) -> tuple[list[int] | None, dict[str, int], int] | None:
        compiled = self._module("bwas")
        if compiled is None:
            return None
        plan = compiled.heuristic_plan(rows, cols, goal, db)
        if plan is None:
            return None
        found: tuple[list[int] | None, dict[str, int], int] = self._call(
            "bwas",
            "bwas_tables",
            tiles,
            goal,
            rows,
            cols,
            plan,
            h0,
            weight[0],
            weight[1],
            batch,
            cut,
            guard,
        )
        return found

    def layer_sweep(
        self,
        dist: Any,
        depth: int,
        rows: int,
        cols: int,
        neighbours: Any,
        parity: Any,
        start: int,
        stop: int,
    ) -> int:
        found: int = self._call(
            "layers", "layer_sweep", dist, depth, rows, cols, neighbours, parity, start, stop
        )
        return found


def choose_kernels(
    requested: str | None = None, fallback: Callable[[], object] | None = None, *, rent: bool = True
) -> tuple[Kernels, str]:
    """The kernels of the implementation asked for, and its name: ``"python"`` or ``"numba"``.

    >>> choose_kernels("python")[1]
    'python'

    ``requested`` is ``"auto"``, ``"python"`` or ``"numba"`` (None: what
    ``SLIDINGTILES_IMPLEMENTATION`` asks for). ``"numba"`` raises
    `BackendError` (an ImportError) when numba cannot be used, naming how to
    install it; ``"auto"`` then gives the pure-Python kernels, and should
    numba fail later, calls ``fallback`` once and runs them. Tests and
    benchmarks that compare both implementations take each from here.

    numba's kernels run a cold kernel that does little work in its
    pure-Python form until compiling it pays (`slidingtiles._engine.rental`:
    the same results, sooner); ``rent=False`` compiles each at its first call
    (tests of the compiled kernels).
    """
    if requested is None:
        requested = requested_implementation()
    if requested == "python":
        return _PYTHON, "python"
    if requested == "auto":
        if not numba_installed():
            return _PYTHON, "python"
        return _NumbaKernels(fallback or (lambda: None), rent=rent), "numba"
    try:
        return _NumbaKernels(None, rent=rent), "numba"
    except Exception as exc:
        raise BackendError(
            f"{ENV_IMPLEMENTATION}=numba but numba cannot be used ({exc}); {INSTALL_HINT}",
            "numba",
        ) from exc


class _Substitute:
    """Kernels standing in for those the environment asked for and cannot have.

    Importing never fails on the environment (the command line, inside this
    package, could not report it): the first use warns once (`BackendWarning`)
    and the substitute runs. `slidingtiles.check_environment` raises the problem.
    """

    def __init__(self, stand_in: Kernels, problem: BackendError) -> None:
        self._stand_in = stand_in
        self._problem = problem
        self._warned = False

    def __getattr__(self, name: str) -> object:
        if not self._warned:
            self._warned = True
            warnings.warn(
                f"{self._problem}; using {self._stand_in.name} instead",
                BackendWarning,
                stacklevel=3,
            )
        return getattr(self._stand_in, name)


def substitute(stand_in: Kernels, problem: BackendError) -> Kernels:
    """``stand_in`` in place of the kernels the environment asked for (``problem`` says why
    they cannot be used): the first use warns once with a `BackendWarning`."""
    return cast(Kernels, _Substitute(stand_in, problem))
