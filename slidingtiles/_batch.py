"""Batch solving: many boards, in-process, on our worker pool or any executor, one result each.

>>> [r.solution.moves for r in solve_many(["1 2/0 3", "1 0/3 2"], workers=2)]
[Moves('R'), Moves('D')]

Options are checked once, at the door (`check_options`, the goal by
`check_goal`), so a bad one fails the call before the first board, not once
per board. ``workers=N`` runs the boards on a `WorkerPool`, whose lifecycle is
`slidingtiles._workers`': workers ignore Ctrl-C and die with this process; an
interrupted batch kills them at once and yields the results already finished.
"""

from __future__ import annotations

import concurrent.futures
import importlib
import inspect
import pickle
import sys
from collections.abc import Callable, Generator, Iterable, Iterator, Sized
from typing import Any

import attrs

from slidingtiles import heuristics
from slidingtiles._board.board import Board
from slidingtiles._board.coerce import check_goal
from slidingtiles._errors import InvalidOptionError, OptionTypeError, SlidingTilesError
from slidingtiles._solve.choose import check_options, is_flag
from slidingtiles._solve.solve import ALGORITHMS, Solution, solve
from slidingtiles._workers import WorkerPool

__all__ = ["BatchResult", "solve_many"]


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

    def to_dict(self) -> dict[str, Any]:
        """Return a JSON-ready dict (what ``slidingtiles batch`` prints, one per line).

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


def _solve_one(task: tuple[int, Any, dict[str, Any]]) -> BatchResult:
    """Solve one board and turn any failure into an error result (runs in the worker)."""
    index, board, kwargs = task
    try:
        return BatchResult(index, board, solve(board, **kwargs))
    except (SlidingTilesError, ValueError, TypeError, LookupError, RuntimeError) as error:
        return BatchResult(index, board, None, str(error) or repr(error), type(error).__name__)
    except MemoryError:
        return BatchResult(index, board, None, "out of memory", "MemoryError")


def _portable_kwargs(kwargs: dict[str, Any], remote: bool) -> dict[str, Any]:
    """Check the solve options once, and replace registered heuristics by their names."""
    accepted = inspect.signature(solve).parameters
    unknown = [name for name in kwargs if name not in accepted or name == "board"]
    if unknown:
        raise OptionTypeError(
            f"solve_many got option(s) solve() does not take: {', '.join(map(repr, unknown))}",
            unknown[0], option=unknown[0],
        )  # fmt: skip
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
                    value, option=name,
                )  # fmt: skip
            try:
                pickle.dumps(value)
            except Exception as error:
                raise OptionTypeError(
                    f"option {name}={value!r} cannot be sent to executor workers ({error}); "
                    "register a custom heuristic with slidingtiles.heuristics.register and "
                    "pass its name, defined at module level so workers can import it",
                    value, option=name,
                ) from None
    return out


ProgressCallback = Callable[[int, "int | None", BatchResult], object]


class _Reporter:
    """Counts finished boards and passes them to a callback, a tqdm bar, or stderr."""

    def __init__(self, progress: bool | ProgressCallback | None, total: int | None) -> None:
        if not (progress is None or isinstance(progress, bool) or callable(progress)):
            raise OptionTypeError(
                f"progress must be a callable, True, False or None, not {progress!r}",
                progress, option="progress",
            )  # fmt: skip
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
    with ``error`` set and the batch goes on. Heuristics travel by registry
    name, so workers look them up in their own registry: register custom
    heuristics at import time of a module the workers also import. Without an
    executor the boards are read lazily; with one, all are submitted at once.
    Closing the generator early cancels boards not yet started (and, with
    ``workers``, stops those running). On Ctrl-C (`KeyboardInterrupt` while
    waiting for a board) the boards already finished but not yet yielded are
    yielded (in input order, ``index`` says which), then the interrupt goes on.
    """
    if isinstance(boards, (str, Board)):
        # Both iterate (characters, rows), which would make one error result per piece.
        raise OptionTypeError(
            f"solve_many takes an iterable of boards, not one board (a {type(boards).__name__}); "
            "use solve() for one board, or solve_many([board])",
            boards, option="boards",
        )  # fmt: skip
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
                workers, option="workers",
            )  # fmt: skip
    if not is_flag(ordered):
        raise OptionTypeError(f"ordered must be True or False, not {ordered!r}", ordered,
                              option="ordered")  # fmt: skip
    own_pool = workers is not None and workers > 1
    total = len(boards) if isinstance(boards, Sized) else None
    kwargs = _portable_kwargs(solve_kwargs, executor is not None or own_pool)
    if executor is not None and not any(
        hasattr(executor, name) for name in ("submit", "imap", "map")
    ):
        raise OptionTypeError(
            f"executor must have submit(), imap() or map() (concurrent.futures or "
            f"multiprocessing style), not {type(executor).__name__}",
            executor, option="executor",
        )  # fmt: skip
    report = _Reporter(progress, total)  # checks progress now, not at the first board
    tasks = ((index, board, kwargs) for index, board in enumerate(boards))
    return _run(tasks, executor, workers if own_pool else None, bool(ordered), report)


def _finished(
    futures: list[concurrent.futures.Future[BatchResult]], yielded: set[int]
) -> list[BatchResult]:
    """The results already computed but not yet handed out, in input order."""
    results = [
        future.result()
        for future in futures
        if future.done() and not future.cancelled() and future.exception() is None
    ]
    return sorted((r for r in results if r.index not in yielded), key=lambda r: r.index)


def _submitted(
    tasks: Iterator[tuple[int, Any, dict[str, Any]]], executor: Any, ordered: bool,
    report: _Reporter,
) -> Iterator[BatchResult]:  # fmt: skip
    """Every task submitted at once; results as they come (or in order); on Ctrl-C, the rest."""
    futures = [executor.submit(_solve_one, task) for task in tasks]
    yielded: set[int] = set()
    try:
        done = futures if ordered else concurrent.futures.as_completed(futures)
        for future in done:
            result = future.result()
            reported = report(result)
            yielded.add(result.index)
            yield reported
    except KeyboardInterrupt:
        if isinstance(executor, WorkerPool):
            executor.terminate()  # a board in progress may take hours: do not wait for it
        for future in futures:
            future.cancel()
        for result in _finished(futures, yielded):
            yield report(result)
        raise
    finally:
        for future in futures:
            future.cancel()


def _run(
    tasks: Iterator[tuple[int, Any, dict[str, Any]]],
    executor: Any,
    workers: int | None,
    ordered: bool,
    report: _Reporter,
) -> Generator[BatchResult, None, None]:
    report.start()
    pool = WorkerPool(workers) if workers is not None else None
    finished = False
    try:
        if pool is not None:
            yield from _submitted(tasks, pool, ordered, report)
        elif executor is None:
            for task in tasks:
                yield report(_solve_one(task))
        elif hasattr(executor, "submit"):
            yield from _submitted(tasks, executor, ordered, report)
        elif hasattr(executor, "imap"):
            method = (
                executor.imap if ordered else getattr(executor, "imap_unordered", executor.imap)
            )
            for result in method(_solve_one, tasks):
                yield report(result)
        else:
            for result in executor.map(_solve_one, tasks):
                yield report(result)
        finished = True
    finally:
        report.close()
        if pool is not None:
            if finished:
                pool.shutdown(wait=True)
            else:  # interrupted, failed or closed early: stop the workers now
                pool.terminate()
