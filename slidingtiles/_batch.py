"""Batch solving: many boards, in-process, on our worker pool or any executor, one result each.

>>> [r.solution.moves for r in solve_many(["1 2/0 3", "1 0/3 2"], workers=2)]
[Moves('R'), Moves('D')]

Options are checked once, at the door (`check_options`, the goal by
`check_goal`), so a bad one fails the call before the first board, not once
per board. ``workers=N`` runs the boards on a `WorkerPool`, whose lifecycle is
`slidingtiles._workers`': workers ignore Ctrl-C and die with this process; an
interrupted batch kills them at once and yields the results already finished.
Boards are read as they are started, a few per worker ahead (`_Flow`), and a
pool broken by a dead worker is replaced, the dead worker's board failed.
"""

from __future__ import annotations

import concurrent.futures
import concurrent.futures.process
import heapq
import importlib
import inspect
import itertools
import pickle
import sys
from collections.abc import Callable, Generator, Iterable, Iterator, Sized
from typing import Any, cast

import attrs

from slidingtiles._board.board import Board
from slidingtiles._board.coerce import check_goal
from slidingtiles._errors import (
    InvalidOptionError,
    OptionTypeError,
    SlidingTilesError,
    WorkerDiedError,
)
from slidingtiles._heuristics import registry as heuristics
from slidingtiles._solve.choose import check_options, is_flag
from slidingtiles._solve.solve import ALGORITHMS, Solution, solve
from slidingtiles._workers import WorkerPool

__all__ = [
    "BREAKS_IN_A_ROW",
    "EXECUTOR_AHEAD",
    "PER_WORKER",
    "WAITING",
    "BatchResult",
    "solve_many",
]


@attrs.frozen
class BatchResult:
    """What solving one board of a batch gave: its position, the input, a solution or an error.

    >>> [r] = solve_many(["1 2 3/4 5 6/7 0 8"])
    >>> r.index, r.ok, r.solution.moves, r.error
    (0, True, Moves('R'), None)
    >>> [bad] = solve_many(["1 2 3/4 5 6/8 7 0"])
    >>> bad.ok, bad.error_type
    (False, 'UnsolvableError')

    Attributes:
        index: the board's position in the input (0-based).
        board: the input exactly as given (a string, rows, a `Board`, ...).
        solution: the `Solution`, or None if solving failed.
        error: the error message, or None on success.
        error_type: the exception's class name (``"UnsolvableError"``,
            ``"InvalidBoardError"``, ``"SearchLimitExceeded"``, ...), or None.

    Errors travel as text, not exception objects, so results pickle across
    processes and machines whatever the exception held.
    """

    index: int
    board: Any
    solution: Solution | None = None
    error: str | None = None
    error_type: str | None = None

    @property
    def ok(self) -> bool:
        """True when the board was solved."""
        return self.error is None

    def __bool__(self) -> bool:
        """The verdict: a failed board's result is falsy (``if result:`` is ``if result.ok:``)."""
        return self.ok

    def to_dict(self) -> dict[str, Any]:
        """Return a compact JSON-ready dict: index, board, moves, length, algorithm, statistics.

        Not what ``slidingtiles batch`` prints: each of its lines is the full object of
        ``slidingtiles solve --format json`` (docs/json.md) with the board's index; this
        is the short form for your own logs, an error's ``error`` and ``error_type``
        in place of the moves.

        >>> [r] = solve_many(["1 2 3/4 5 6/7 0 8"])
        >>> r.to_dict()["moves"], r.to_dict()["length"]
        ('R', 1)
        """
        out: dict[str, Any] = {"index": self.index}
        sol = self.solution
        if sol is None:
            out["board"] = self.board if isinstance(self.board, str) else repr(self.board)
            out["error"] = self.error
            out["error_type"] = self.error_type
            return out
        out["board"] = sol.start.to_text()
        out["moves"] = str(sol.moves)
        out["length"] = len(sol.moves)
        out["optimal"] = sol.optimal
        if sol.lower_bound is not None:
            out["lower_bound"] = sol.lower_bound
        out["algorithm"] = sol.algorithm
        out["heuristic"] = sol.heuristic
        out["expanded"] = sol.stats.expanded
        out["seconds"] = round(sol.stats.seconds, 6)
        return out


Task = tuple[int, Any, dict[str, Any]]


def _solve_one(task: Task) -> BatchResult:
    """Solve one board and turn any failure into an error result (runs in the worker)."""
    index, board, kwargs = task
    if isinstance(board, BaseException):  # input that could not be read: its error is the result
        return _failed(task, str(board), type(board).__name__)
    try:
        return BatchResult(index, board, solve(board, **kwargs))
    except (SlidingTilesError, ValueError, TypeError, LookupError, RuntimeError) as error:
        return _failed(task, str(error) or repr(error), type(error).__name__)
    except MemoryError:
        pass  # answered below: once this handler ends, the failed solve's memory is free again
    return _failed(task, "out of memory", "MemoryError")


def _failed(task: Task, error: str, error_type: str) -> BatchResult:
    """The failure result of a task."""
    return BatchResult(task[0], task[1], None, error, error_type)


def _portable_kwargs(kwargs: dict[str, Any], remote: bool) -> dict[str, Any]:
    """Check the solve options once, and replace registered heuristics by their names."""
    accepted = inspect.signature(solve).parameters
    unknown = [name for name in kwargs if name not in accepted or name == "board"]
    if unknown:
        raise OptionTypeError(
            f"solve_many got option(s) solve() does not take: {', '.join(map(repr, unknown))}",
            unknown[0],
            option=unknown[0],
        )
    checked = inspect.signature(check_options).parameters
    options = {name: value for name, value in kwargs.items() if name in checked}
    check_options(ALGORITHMS, **options, where="solve_many")
    check_goal(kwargs.get("goal"), blank=kwargs.get("blank"))
    out = dict(kwargs)
    heuristic = out.get("heuristic")
    if heuristic is not None and not isinstance(heuristic, str):
        for name, info in heuristics.registry().items():
            if heuristic is info or heuristic is info.function:
                out["heuristic"] = name  # a name pickles; the worker looks it up again
                break
    if remote:
        for name, value in out.items():
            if name == "progress" and value is not None:
                raise OptionTypeError(
                    "per-board progress callbacks cannot run in executor workers; "
                    "use solve_many(progress=...) for the batch instead",
                    value,
                    option=name,
                )
            try:
                pickle.dumps(value)
            except Exception as error:
                raise OptionTypeError(
                    f"option {name}={value!r} cannot be sent to executor workers ({error}); "
                    "register a custom heuristic with slidingtiles.heuristics.register and "
                    "pass its name, defined at module level so workers can import it",
                    value,
                    option=name,
                ) from None
    return out


ProgressCallback = Callable[[int, "int | None", BatchResult], object]


class _Reporter:
    """Counts finished boards and passes them to a callback, a tqdm bar, or stderr."""

    def __init__(self, progress: bool | ProgressCallback | None, total: int | None) -> None:
        if not (progress is None or isinstance(progress, bool) or callable(progress)):
            raise OptionTypeError(
                f"progress must be a callable, True, False or None, not {progress!r}",
                progress,
                option="progress",
            )
        self.done = 0
        self.failed = 0
        self.total = total
        self.wanted = progress
        self.callback: ProgressCallback | None = None
        self.bar: Any = None

    def start(self) -> None:
        """Open the tqdm bar (when asked for) once the first result is wanted."""
        progress = self.wanted
        if callable(progress):
            self.callback = progress
        elif progress:
            try:
                tqdm = importlib.import_module("tqdm.auto").tqdm
            except ImportError:  # the "progress" extra is not installed: plain text
                self.callback = self._plain
            else:
                self.bar = tqdm(total=self.total, unit="board", file=sys.stderr)

    def _plain(self, done: int, total: int | None, result: BatchResult) -> None:
        if not result.ok:
            self.failed += 1
        if total is None or done == total or done % max(1, total // 20) == 0:
            failed = f", {self.failed} not solved" if self.failed else ""
            print(f"done {done}/{total if total is not None else '?'}{failed}", file=sys.stderr)

    def __call__(self, result: BatchResult) -> BatchResult:
        self.done += 1
        if self.bar is not None:
            self.bar.update(1)
        if self.callback is not None:
            self.callback(self.done, self.total, result)
        return result

    def close(self) -> None:
        if self.bar is not None:
            self.bar.close()


def solve_many(
    boards: Iterable[Any],
    *,
    executor: Any = None,
    workers: int | None = None,
    ordered: bool = True,
    progress: bool | ProgressCallback | None = None,
    **solve_kwargs: Any,
) -> Generator[BatchResult, None, None]:
    """Solve many boards, yielding one `BatchResult` per board, in input order by default.

    Returns a generator: the options are checked at the call, the boards are solved as
    it is iterated (``list(solve_many(...))`` or a ``for`` loop), and it is iterated once.

    >>> results = list(solve_many(["1 2 3/4 5 6/7 0 8", "not a board", "1 0 3/4 2 5/7 8 6"]))
    >>> [(r.index, r.ok, len(r.solution.moves) if r.ok else r.error_type) for r in results]
    [(0, True, 1), (1, False, 'InvalidBoardError'), (2, True, 3)]

    Args:
        boards: anything `solve` accepts, one per board (text, rows, `Board`,
            numpy arrays; a 3-D numpy array is a stack of boards).
        executor: None to solve in this process, one board after another (or
            on ``workers`` processes); or any object with a
            `concurrent.futures`-style ``submit`` (a ``ProcessPoolExecutor``,
            Dask's ``Client.get_executor()``), or a ``multiprocessing.Pool``-style
            ``imap``/``imap_unordered`` (the standard library's pool, Ray's
            ``ray.util.multiprocessing.Pool``), or just a ``map``. The caller
            owns it (and shuts it down, and stops its workers).
        workers: an int >= 2 to solve on that many processes of a pool this
            call owns: its workers ignore Ctrl-C, die with this process (even
            by SIGKILL) and are killed at once when the batch is interrupted or
            closed early; 1 or None: in this process. Not with ``executor``.
        ordered: True yields results in input order; False yields each as it
            finishes (``index`` says which board it was).
        progress: a callable ``progress(done, total, result)`` called after
            each board (``total`` is None for an iterator without ``len``);
            True for a tqdm bar on stderr (the ``progress`` extra) or, without
            tqdm, a plain count on stderr.
        **solve_kwargs: options for every `solve` call (``heuristic``,
            ``algorithm``, ``weight``, ``time_limit``, ``max_nodes``, ...).

    Raises:
        OptionTypeError: (a TypeError) an unknown option, or (with an executor
            or workers) an option that cannot be pickled, such as an
            unregistered heuristic function; or ``boards`` is one board (text
            or a `Board`) rather than many.
        InvalidOptionError: an option `solve` would refuse (``weight=0.5``,
            ``time_limit=nan``...), checked once, before any board.
        UnknownHeuristicError: ``heuristic`` names no registered heuristic.
        InvalidBoardError: ``goal`` is malformed.

    A board that fails (malformed, unsolvable, a limit reached) gives a result
    with ``error`` set and the batch goes on; so does an exception given in
    place of a board (input that could not be read: its message and type are
    the result's). Heuristics travel by registry name, so workers look them up
    in their own registry: register custom heuristics at import time of a
    module the workers also import. Boards are read as they are needed: at
    most `PER_WORKER` per worker (`EXECUTOR_AHEAD` on an executor) are in
    flight and `WAITING` finished ones wait for their turn, so a huge or
    endless iterable costs bounded memory; ``imap``/``map`` executors get them
    in chunks of `EXECUTOR_AHEAD`.

    A worker of ``workers`` that dies (killed from outside: the out-of-memory
    killer sends SIGKILL) gives its board a failure result, ``error_type``
    ``"WorkerDiedError"`` and ``error`` saying how it died; the other boards
    in flight run again on a new pool (after `BREAKS_IN_A_ROW` pools broken
    with nothing solved in between and no dead worker's board named, those in
    flight fail instead). A task an executor loses (Dask's ``KilledWorker``...)
    is that board's failure result, ``error_type`` the exception's class.
    Closing the generator early cancels boards not yet started (and, with
    ``workers``, stops those running). On Ctrl-C (`KeyboardInterrupt` while
    waiting for a board) the boards already finished but not yet yielded are
    yielded (in input order, ``index`` says which), then the interrupt goes on.
    """
    own_pool = _check_batch(boards, executor, workers, ordered)
    total = len(boards) if isinstance(boards, Sized) else None
    kwargs = _portable_kwargs(solve_kwargs, executor is not None or own_pool)
    _check_executor(executor)
    report = _Reporter(progress, total)  # checks progress now, not at the first board
    tasks = ((index, board, kwargs) for index, board in enumerate(boards))
    return _run(tasks, executor, workers if own_pool else None, bool(ordered), report)


def _check_batch(boards: object, executor: object, workers: object, ordered: object) -> bool:
    """Check the batch's own options (not solve's); True when the batch runs on a pool of ours."""
    if isinstance(boards, (str, Board)):
        # Both iterate (characters, rows), which would make one error result per piece.
        raise OptionTypeError(
            f"solve_many takes an iterable of boards, not one board (a {type(boards).__name__}); "
            "use solve() for one board, or solve_many([board])",
            boards,
            option="boards",
        )
    if workers is not None:
        if isinstance(workers, bool) or not isinstance(workers, int):
            raise OptionTypeError(
                f"workers must be an int >= 1 or None, not {workers!r}", workers, option="workers"
            )
        if workers < 1:
            raise InvalidOptionError(
                f"workers must be an int >= 1 or None, not {workers!r}", workers, option="workers"
            )
        if executor is not None:
            raise InvalidOptionError(
                "give either workers= (a pool of our own) or executor= (yours), not both",
                workers,
                option="workers",
            )
    if not is_flag(ordered):
        raise OptionTypeError(
            f"ordered must be True or False, not {ordered!r}", ordered, option="ordered"
        )
    return isinstance(workers, int) and workers > 1


def _check_executor(executor: object) -> None:
    """Raise `OptionTypeError` unless ``executor`` is None or can take work in some known style."""
    if executor is not None and not any(
        hasattr(executor, name) for name in ("submit", "imap", "map")
    ):
        raise OptionTypeError(
            f"executor must have submit(), imap() or map() (concurrent.futures or "
            f"multiprocessing style), not {type(executor).__name__}",
            executor,
            option="executor",
        )


#: Boards in flight per worker of a pool of our own: two keep each worker busy while results
#: travel; more would only hold input in memory.
PER_WORKER = 2
#: Boards in flight on an executor of unknown size (Dask, Ray, a pool of yours), and the
#: chunk handed to an ``imap``/``map`` executor at a time.
EXECUTOR_AHEAD = 1024
#: Finished results that may wait for their turn (ordered output) before no more is started.
WAITING = 256
#: Pools that may break in a row, none naming a dead worker's board and no board finishing
#: in between, before the boards in flight fail instead of running again.
BREAKS_IN_A_ROW = 3


class _Flow:
    """Boards through an executor, a bounded number at a time; a broken pool of ours replaced.

    Input is read as boards are started, never more than ``ahead`` in flight plus
    `WAITING` finished and waiting, so an endless or huge input costs bounded
    memory. A worker that dies breaks a `WorkerPool`: its board gets a failure
    result naming how it died (`WorkerPool.lost_work`), the other boards in flight
    run again on a new pool. A failure of anyone else's executor (Dask's
    ``KilledWorker``...) is that board's failure result.
    """

    def __init__(
        self, tasks: Iterator[Task], executor: Any, workers: int | None, ordered: bool
    ) -> None:
        self.tasks = tasks
        self.workers = workers
        self.own = workers is not None
        self.pool: Any = WorkerPool(workers) if workers is not None else executor
        self.ahead = PER_WORKER * workers if workers is not None else EXECUTOR_AHEAD
        self.ordered = ordered
        self.running: dict[concurrent.futures.Future[BatchResult], Task] = {}
        self.again: list[Task] = []  # a heap: lost with a broken pool, to run first
        self.ready: dict[int, BatchResult] = {}  # finished, not yet handed out
        self.turn = 0  # the index handed out next (ordered)
        self.more = True
        self.breaks = 0
        self.last_death = ""

    def _start(self) -> None:
        # Boards lost with a pool are read already (and one may be the next in order): they
        # start whatever waits; new input is read only while few results wait for their turn.
        while len(self.running) < self.ahead and (
            self.again or (self.more and len(self.ready) < WAITING)
        ):
            task = heapq.heappop(self.again) if self.again else next(self.tasks, None)
            if task is None:
                self.more = False
                break
            try:
                future = self.pool.submit(_solve_one, task)
            except concurrent.futures.BrokenExecutor as error:  # not ours (ours is replaced)
                raise WorkerDiedError(
                    f"solve_many: the executor takes no more work ({error})", str(error)
                ) from error
            self.running[future] = task

    def _outcome(
        self, future: concurrent.futures.Future[BatchResult], task: Task
    ) -> BatchResult | None:
        """The board's result, or None when it was lost with a broken pool of ours."""
        try:
            result = future.result()
        except concurrent.futures.process.BrokenProcessPool:
            if not self.own:
                return _failed(task, "the executor's process pool broke", "BrokenProcessPool")
            return None
        except Exception as error:  # the executor failed, not the board (its errors are results)
            return _failed(
                task,
                f"the worker running this board failed: {error or type(error).__name__}",
                type(error).__name__,
            )
        if not isinstance(result, BatchResult):  # pragma: no cover - a foreign executor's doing
            return _failed(task, f"the executor returned {type(result).__name__}", "TypeError")
        return result

    def _replace_pool(
        self, lost: list[tuple[concurrent.futures.Future[BatchResult], Task]]
    ) -> None:
        """A broken pool of ours: name the dead workers' boards, run the others again."""
        concurrent.futures.wait(self.running)  # a broken pool fails them all at once
        for future, task in list(self.running.items()):
            result = self._outcome(future, task)
            if result is None:
                lost.append((future, task))
            else:
                self.ready[result.index] = result
        self.running.clear()
        deaths = self.pool.lost_work()
        self.breaks = 0 if deaths else self.breaks + 1
        for future, task in lost:
            death = deaths.get(future)
            if death is None and self.breaks >= BREAKS_IN_A_ROW:
                death = f"worker processes kept dying ({self.breaks} pools in a row)"
            if death is not None:
                self.last_death = death
                error = f"the worker process solving this board died: {death}"
                self.ready[task[0]] = _failed(task, error, "WorkerDiedError")
            else:
                heapq.heappush(self.again, task)
        self.pool.terminate()
        self.pool = WorkerPool(cast(int, self.workers))

    def results(self) -> Iterator[BatchResult]:
        """Each board's result once (in input order when ``ordered``)."""
        while True:
            self._start()
            if not self.running and not self.ready:
                return
            if self.running:
                done, _ = concurrent.futures.wait(
                    self.running, return_when=concurrent.futures.FIRST_COMPLETED
                )
                lost = []
                for future in sorted(done, key=lambda f: self.running[f][0]):
                    task = self.running.pop(future)
                    result = self._outcome(future, task)
                    if result is None:
                        lost.append((future, task))
                    else:
                        self.ready[result.index] = result
                        self.breaks = 0
                if lost:
                    self._replace_pool(lost)
            yield from self._hand_out()

    def _hand_out(self) -> Iterator[BatchResult]:
        if self.ordered:
            while self.turn in self.ready:
                self.turn += 1
                yield self.ready.pop(self.turn - 1)
        else:
            while self.ready:
                yield self.ready.pop(next(iter(self.ready)))

    def stop(self) -> list[BatchResult]:
        """Stop at once (Ctrl-C, closed early): the results finished but not handed out."""
        if self.own:
            self.pool.terminate()  # a board in progress may take hours: do not wait for it
        for future in self.running:
            future.cancel()
        for future, task in self.running.items():
            if future.done() and not future.cancelled() and future.exception() is None:
                self.ready[task[0]] = future.result()
        self.running.clear()
        finished = sorted(self.ready.values(), key=lambda r: r.index)
        self.ready.clear()
        return finished


def _chunked(tasks: Iterator[Task], executor: Any, ordered: bool) -> Iterator[BatchResult]:
    """Boards through an ``imap``/``map`` executor, `EXECUTOR_AHEAD` at a time.

    Such pools read their whole input at once; in chunks, a huge input costs
    bounded memory. A chunk whose results stop with an error gives its boards
    not yet answered that error as their result.
    """
    if hasattr(executor, "imap"):
        method = executor.imap if ordered else getattr(executor, "imap_unordered", executor.imap)
    else:
        method = executor.map
    while chunk := list(itertools.islice(tasks, EXECUTOR_AHEAD)):
        answered: set[int] = set()
        try:
            for result in method(_solve_one, chunk):
                answered.add(result.index)
                yield result
        except Exception as error:
            message = f"the executor failed: {error or type(error).__name__}"
            for task in chunk:
                if task[0] not in answered:
                    yield _failed(task, message, type(error).__name__)


def _run(
    tasks: Iterator[Task],
    executor: Any,
    workers: int | None,
    ordered: bool,
    report: _Reporter,
) -> Generator[BatchResult, None, None]:
    report.start()
    flow = (
        _Flow(tasks, executor, workers, ordered)
        if workers is not None or (executor is not None and hasattr(executor, "submit"))
        else None
    )
    handing: list[BatchResult] = []  # a result on its way out (its progress report may raise)
    finished = False
    try:
        if flow is not None:
            for result in flow.results():
                handing = [result]
                reported = report(result)
                handing = []
                yield reported
        elif executor is None:
            for task in tasks:
                yield report(_solve_one(task))
        else:
            for result in _chunked(tasks, executor, ordered):
                yield report(result)
        finished = True
    except KeyboardInterrupt:
        if flow is not None:  # the boards already finished are handed out, then the interrupt
            for result in sorted([*handing, *flow.stop()], key=lambda r: r.index):
                yield report(result)
        raise
    finally:
        report.close()
        if flow is not None and flow.own:
            if finished:
                flow.pool.shutdown(wait=True)
            else:  # interrupted, failed or closed early: stop the workers now
                flow.stop()
