"""Worker processes that die with their parent: the library's one process pool.

>>> with WorkerPool(1) as pool:
...     pool.submit(abs, -3).result()
3

`WorkerPool` is a `concurrent.futures.ProcessPoolExecutor` whose lifecycle is
decided here, once, for every caller (``solve_many(workers=N)``, ``slidingtiles
batch --workers N``, and any parallel search):

* **Ctrl-C is the parent's business.** Workers ignore SIGINT, so Ctrl-C in a
  terminal (which signals the whole process group) prints no worker traceback;
  the parent gets the `KeyboardInterrupt` and calls `WorkerPool.terminate`.
  Processes the pool starts inherit SIGINT *blocked* from `WorkerPool.submit`
  (POSIX), so not even a Ctrl-C during a worker's start-up reaches Python there.
* **SIGTERM ends a worker.** A forked worker would inherit the parent's SIGTERM
  handler (``batch`` turns SIGTERM into a clean stop) and raise where it stands,
  in its start-up or its task; workers put the default action back (SIGTERM is
  blocked meanwhile, like SIGINT), so a broken pool's ``terminate`` ends them.
* **No worker outlives its parent.** On Linux each worker asks the kernel for
  SIGKILL when its parent dies (``prctl(PR_SET_PDEATHSIG)``, through ctypes);
  everywhere, a daemon thread in each worker watches the parent (the
  multiprocessing parent sentinel, and on POSIX the parent's pid) and ends the
  worker within `WATCH_SECONDS` of the parent's death, however it died (SIGKILL
  included).
* **Stopping is prompt.** `WorkerPool.terminate` cancels queued work and kills
  the workers at once (a board in progress may take hours); leaving a ``with``
  block by an exception terminates, leaving it normally waits for the work.
* **A death is accounted for.** A worker killed from outside (the system's
  out-of-memory killer sends SIGKILL) breaks a process pool: every unfinished
  future fails with ``BrokenProcessPool``, the work of the dead worker and the
  innocent alike. Each worker notes in shared memory which task it is running,
  so `WorkerPool.lost_work` can tell the futures whose task died with its
  worker (and how it died) from those that may simply run again on a new pool.

* **A pool may be kept between calls.** `borrow_pool` and `return_pool` let a
  caller that runs one search after another (``solve(board, workers=N)``) keep
  its pool: one pool at most is kept, for the key the caller gives (the tables
  its workers hold), and only by the main thread (whose death signal its
  workers follow); a broken pool is never kept. The kept pool's workers still
  die with their parent; `end_kept_pools` ends it (at exit too), and a forked
  child forgets its parent's pool without touching it.

Platforms: Linux gets both guards (death signal at once, watchdog as the
fallback); macOS, the BSDs and Windows get the watchdog (within
`WATCH_SECONDS`). Windows has no signal mask, so a Ctrl-C that lands while a
worker is still starting may print that worker's traceback. On Linux the death
signal follows the *thread* that started the worker: submit work from a thread
that outlives the pool (the main thread, typically), or a worker is killed when
that thread ends.
"""

from __future__ import annotations

import atexit
import contextlib
import ctypes
import itertools
import multiprocessing
import os
import signal
import sys
import threading
import time
import weakref
from collections.abc import Callable, Hashable, Iterator
from concurrent.futures import Future, ProcessPoolExecutor
from multiprocessing.context import BaseContext
from types import TracebackType
from typing import Any

__all__ = [
    "WATCH_SECONDS",
    "WorkerPool",
    "borrow_pool",
    "death_of",
    "end_kept_pools",
    "kept_pool",
    "return_pool",
]

#: How often a worker's watchdog looks at its parent, in seconds (its longest orphaned life).
WATCH_SECONDS = 0.25
# Exit status of a worker that ends because its parent is gone.
_ORPHANED = 70
# <linux/prctl.h>
_PR_SET_PDEATHSIG = 1
# The exit code of a worker a broken pool stops itself (``Process.terminate``: SIGTERM).
_STOPPED_BY_POOL = -signal.SIGTERM
# In a worker: the pool's table of (pid, task) pairs, and this worker's row in it.
_SLOTS: Any = None
_ROW = -1


def death_of(exitcode: int | None) -> str:
    """What a worker's exit code says happened to it, in words.

    >>> death_of(-9)
    "killed by SIGKILL (signal 9), as the system's out-of-memory killer does"
    >>> death_of(-11), death_of(3), death_of(None)
    ('killed by SIGSEGV (signal 11)', 'exited with status 3', 'gone without an exit status')
    """
    if exitcode is None:
        return "gone without an exit status"
    if exitcode >= 0:
        return f"exited with status {exitcode}"
    try:
        name = signal.Signals(-exitcode).name
    except ValueError:
        return f"killed by signal {-exitcode}"
    why = ", as the system's out-of-memory killer does" if -exitcode == signal.SIGKILL else ""
    return f"killed by {name} (signal {-exitcode}){why}"


def _claim_row(slots: Any, lock: Any) -> None:
    """A worker's first act in the task table: take a free row for its pid."""
    global _SLOTS, _ROW
    with lock:
        for row in range(len(slots) // 2):
            if slots[2 * row] == 0:
                slots[2 * row] = os.getpid()
                _SLOTS, _ROW = slots, row
                return


def _tracked(task: int, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Any:
    """Run ``fn`` in a worker with its task number in this worker's row (no lock: one writer)."""
    if _SLOTS is None:  # pragma: no cover - the table was full: untracked
        return fn(*args, **kwargs)
    _SLOTS[2 * _ROW + 1] = task
    try:
        return fn(*args, **kwargs)
    finally:
        _SLOTS[2 * _ROW + 1] = 0


# Blocked while workers start, until each has set its own handlers.
_START_BLOCKED = {signal.SIGINT, signal.SIGTERM}


@contextlib.contextmanager
def _signals_blocked() -> Iterator[None]:
    """Block SIGINT and SIGTERM in this thread meanwhile (POSIX): processes started now
    inherit them blocked.

    A signal arriving meanwhile stays pending for the process and is delivered (as the
    usual KeyboardInterrupt, or the SIGTERM handler, in the main thread) once unblocked:
    the parent loses nothing.
    """
    if not hasattr(signal, "pthread_sigmask"):  # Windows
        yield
        return
    previous = signal.pthread_sigmask(signal.SIG_BLOCK, _START_BLOCKED)
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, previous)


def _ask_for_death_signal() -> None:
    """Linux: have the kernel SIGKILL this process when its parent (thread) dies."""
    if not sys.platform.startswith("linux"):
        return
    with contextlib.suppress(OSError, AttributeError):  # no libc, or no prctl: the watchdog stays
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)


def _orphaned(parent_pid: int, start_method: str, first_ppid: int) -> bool:
    """Whether this worker's parent is gone.

    fork and spawn: the parent is the pool's process, so a different parent pid
    means it died (and the worker was adopted). forkserver: the parent is the
    fork server; the pool's process is watched through multiprocessing's parent
    sentinel (a pipe only it holds open), and a new parent pid means the fork
    server died. Windows: the sentinel is the parent's process handle.
    """
    ppid = os.getppid()
    if start_method in ("fork", "spawn") and os.name == "posix":
        return ppid != parent_pid
    if ppid != first_ppid and os.name == "posix":
        return True
    parent = multiprocessing.parent_process()
    return parent is not None and not parent.is_alive()


def _watch(parent_pid: int, start_method: str, first_ppid: int) -> None:
    """The watchdog thread: end this worker at once when its parent is gone."""
    parent = multiprocessing.parent_process()
    while True:
        if parent is not None:
            parent.join(WATCH_SECONDS)  # returns early if the sentinel says the parent died
        else:  # pragma: no cover - a worker always has a parent process object
            threading.Event().wait(WATCH_SECONDS)
        if _orphaned(parent_pid, start_method, first_ppid):
            os._exit(_ORPHANED)


def _start_worker(
    parent_pid: int,
    start_method: str,
    initializer: Callable[..., object] | None,
    initargs: tuple[Any, ...],
    slots: Any = None,
    lock: Any = None,
) -> None:
    """A worker's first act: ignore Ctrl-C, tie its life to the parent's, then the caller's own."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the parent answers Ctrl-C for the whole pool
    signal.signal(signal.SIGTERM, signal.SIG_DFL)  # not the parent's handler, inherited by fork
    if slots is not None:
        _claim_row(slots, lock)
    if hasattr(signal, "pthread_sigmask"):  # a pending SIGINT is dropped, a SIGTERM ends us
        signal.pthread_sigmask(signal.SIG_UNBLOCK, _START_BLOCKED)
    first_ppid = os.getppid()
    _ask_for_death_signal()
    if _orphaned(parent_pid, start_method, first_ppid):  # the parent died before we asked
        os._exit(_ORPHANED)
    threading.Thread(
        target=_watch,
        args=(parent_pid, start_method, first_ppid),
        name="slidingtiles-watchdog",
        daemon=True,
    ).start()
    if initializer is not None:
        initializer(*initargs)


class WorkerPool(ProcessPoolExecutor):
    """A process pool whose workers ignore Ctrl-C, die with their parent, and stop on demand.

    >>> pool = WorkerPool(2)
    >>> sorted(pool.map(abs, [-1, 2, -3]))
    [1, 2, 3]
    >>> pool.terminate()

    Args:
        workers: the number of processes (an int >= 1).
        initializer: called in each worker once it is set up (as with
            ``ProcessPoolExecutor``), with ``initargs``.
        mp_context: a `multiprocessing` context; default, the platform's.

    Everything `concurrent.futures.ProcessPoolExecutor` does works (``submit``,
    ``map``, ``shutdown``, ``with``), plus `terminate`. Leaving a ``with`` block
    normally waits for submitted work; leaving it by an exception (Ctrl-C
    included) terminates. Raises ValueError for ``workers < 1`` (callers
    validate their options first).
    """

    def __init__(
        self,
        workers: int,
        *,
        initializer: Callable[..., object] | None = None,
        initargs: tuple[Any, ...] = (),
        mp_context: BaseContext | None = None,
    ) -> None:
        if isinstance(workers, bool) or not isinstance(workers, int) or workers < 1:
            raise ValueError(f"workers must be an int >= 1, not {workers!r}")
        context = mp_context if mp_context is not None else multiprocessing.get_context()
        # Who runs what: row i is (pid, task number) of one worker; 0 is "none".
        self._slots = context.RawArray(ctypes.c_longlong, 2 * workers)
        super().__init__(
            max_workers=workers,
            mp_context=context,
            initializer=_start_worker,
            initargs=(
                os.getpid(),
                context.get_start_method(),
                initializer,
                initargs,
                self._slots,
                context.Lock(),
            ),
        )
        self.workers = workers
        self._numbers = itertools.count(1)
        self._task: weakref.WeakKeyDictionary[Future[Any], int] = weakref.WeakKeyDictionary()
        self._workers: dict[int, Any] = {}  # pid -> Process, every worker this pool started

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        """Schedule ``fn(*args, **kwargs)``; workers started now begin with signals blocked."""
        task = next(self._numbers)
        with _signals_blocked():
            future = super().submit(_tracked, task, fn, *args, **kwargs)
        self._task[future] = task
        self._workers.update(getattr(self, "_processes", None) or {})
        return future

    def deaths(self, timeout: float = 5.0) -> dict[int, str]:
        """After the pool broke: each worker that died on its own, by pid, and how (`death_of`).

        >>> with WorkerPool(1) as pool:
        ...     pool.submit(abs, -1).result(), pool.deaths()
        (1, {})

        A worker counts as dead when it ended before the pool stopped the others
        (they end by SIGTERM, which is how a broken pool stops its workers). A
        worker ended from outside by SIGTERM cannot be told from those, and is
        not counted. On a broken pool, waits up to ``timeout`` seconds for the workers to end.
        """
        found = {}
        if not self.broken:  # a working pool: nothing died, wait for none
            timeout = 0.0
        deadline = time.monotonic() + timeout
        for pid, process in list(self._workers.items()):
            process.join(max(0.0, deadline - time.monotonic()))
            # The executor's manager thread reaps a broken pool's workers too: when it wins
            # that race our join sees no exit code yet (waitpid: no such child) though the
            # worker is gone; its code appears once the manager's waitpid returns.
            while process.exitcode is None and time.monotonic() < deadline:
                process.join(0.02)
            if process.exitcode not in (0, None, _STOPPED_BY_POOL):
                found[pid] = death_of(process.exitcode)
        return found

    def lost_work(self, timeout: float = 5.0) -> dict[Future[Any], str]:
        """After the pool broke: the futures whose task was running in a worker that died.

        >>> with WorkerPool(1) as pool:
        ...     pool.submit(abs, -1).result(), pool.lost_work()
        (1, {})

        Each maps to what happened to its worker (`deaths`). The other failed
        futures were lost only because the pool broke: their work may run
        again on a new pool.
        """
        tasks = {task: future for future, task in list(self._task.items())}
        lost: dict[Future[Any], str] = {}
        for pid, death in self.deaths(timeout).items():
            for row in range(len(self._slots) // 2):
                if self._slots[2 * row] == pid:
                    future = tasks.get(self._slots[2 * row + 1])
                    if future is not None:
                        lost[future] = death
        return lost

    @property
    def broken(self) -> bool:
        """True once the pool cannot take work: a worker died, or it was shut down."""
        broken = getattr(self, "_broken", False)
        return bool(broken) or bool(getattr(self, "_shutdown_thread", False))

    def terminate(self) -> None:
        """Stop now: cancel what has not started, kill every worker, and reap them.

        Futures not started are cancelled; those running fail (``BrokenProcessPool``).
        Idempotent. Returns once the workers and the executor's manager thread are gone
        (a second at most per worker).
        """
        # ProcessPoolExecutor has no public way to stop a running task; its worker table,
        # `_processes` (pid -> Process, stable since Python 3.2), is the only handle on them.
        processes = list((getattr(self, "_processes", None) or {}).values())
        manager = getattr(self, "_executor_manager_thread", None)  # shutdown forgets it
        self.shutdown(wait=False, cancel_futures=True)
        for process in processes:
            with contextlib.suppress(Exception):  # already gone
                process.kill()
        for process in processes:
            with contextlib.suppress(Exception):
                process.join(1.0)
        # The executor's manager thread then sees its workers gone and closes its wake-up pipe;
        # wait for it, or Python's exit handler may write to that pipe while it is being closed
        # ("OSError: Bad file descriptor" printed at exit after many pools, Python 3.11).
        if manager is not None:
            manager.join(5.0)

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc_val: BaseException | None,
        exc_tb: TracebackType | None,
    ) -> bool | None:
        if exc_type is not None:
            self.terminate()
            return False
        return super().__exit__(exc_type, exc_val, exc_tb)


# -- a pool kept between calls ----------------------------------------------------------------

# At most one pool, by (workers, key); only the main thread keeps or borrows one.
_KEPT: dict[tuple[int, Hashable], WorkerPool] = {}
_KEPT_LOCK = threading.Lock()


def _main_thread() -> bool:
    return threading.current_thread() is threading.main_thread()


def borrow_pool(workers: int, key: Hashable) -> WorkerPool:
    """A pool of ``workers`` processes: the one kept for ``key``, else a new one.

    >>> pool = borrow_pool(1, "doc")
    >>> return_pool(pool, "doc", healthy=True)
    >>> borrow_pool(1, "doc") is pool
    True
    >>> pool.terminate()

    Give it back with `return_pool`. Outside the main thread the pool is always new.
    """
    pool = None
    if _main_thread():
        with _KEPT_LOCK:
            pool = _KEPT.pop((workers, key), None)
    if pool is not None and not pool.broken:
        return pool
    if pool is not None:
        pool.terminate()
    return WorkerPool(workers)


def return_pool(pool: WorkerPool, key: Hashable, *, healthy: bool) -> None:
    """Keep ``pool`` for the next `borrow_pool` of ``key`` (ending any other kept), or end it.

    Only a ``healthy`` pool (the caller's work ended normally or at a limit,
    not by Ctrl-C or a lost worker), not broken, given back by the main
    thread, with a ``key`` (None: never kept), is kept.
    """
    if not healthy or key is None or pool.broken or not _main_thread():
        pool.terminate()
        return
    with _KEPT_LOCK:
        others = [kept for kept in _KEPT.values() if kept is not pool]
        _KEPT.clear()
        _KEPT[(pool.workers, key)] = pool
    for other in others:
        other.terminate()


def kept_pool() -> WorkerPool | None:
    """The pool kept between calls, if any."""
    with _KEPT_LOCK:
        return next(iter(_KEPT.values()), None)


def end_kept_pools() -> None:
    """End the pool kept between calls (its workers killed at once); registered at exit."""
    with _KEPT_LOCK:
        pools = list(_KEPT.values())
        _KEPT.clear()
    for pool in pools:
        pool.terminate()


# In a forked child, the parent's kept pools: never used or ended, and never collected (which
# would wake the parent's pool manager through a pipe the child shares).
_PARENTS: list[WorkerPool] = []


def _forget_kept_pools() -> None:
    """In a forked child: the parent's pool is not ours to use or end; set it aside untouched."""
    global _KEPT_LOCK
    _KEPT_LOCK = threading.Lock()
    _PARENTS.extend(_KEPT.values())
    _KEPT.clear()


atexit.register(end_kept_pools)
if hasattr(os, "register_at_fork"):  # POSIX
    os.register_at_fork(after_in_child=_forget_kept_pools)
