"""The exception hierarchy: one base class, specific subclasses that also
inherit the matching built-in so callers can catch either.

>>> error = OptionTypeError("time_limit must be a number, not '1'", "1", option="time_limit")
>>> isinstance(error, (SlidingTilesError, InvalidOptionError, ValueError, TypeError))
True
>>> error.option, error.value
('time_limit', '1')

docs/errors.md lists what each failure gets: the class, the command line's exit
code, and what is kept.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

__all__ = [
    "BackendError",
    "BackendWarning",
    "CacheDirectoryError",
    "CacheWarning",
    "ClaimCheckWarning",
    "GoalMismatchError",
    "HeuristicClaimError",
    "HeuristicError",
    "HeuristicTypeError",
    "InvalidBoardError",
    "InvalidMoveError",
    "InvalidOptionError",
    "NoPathError",
    "OptionTypeError",
    "OutOfMemoryError",
    "OutOfReachError",
    "PatternDatabaseError",
    "SearchCostWarning",
    "SearchLimitExceeded",
    "SearchStopped",
    "SlidingTilesError",
    "SolutionMismatchError",
    "UnknownHeuristicError",
    "UnsolvableError",
    "WorkerDiedError",
]


class SlidingTilesError(Exception):
    """Base class of every error this library raises on purpose.

    >>> import pickle
    >>> error = pickle.loads(pickle.dumps(SearchLimitExceeded("gave up", "time", 2.0)))
    >>> error.limit, error.value, str(error)
    ('time', 2.0, 'gave up')

    Every one pickles with its attributes, whatever its ``__init__`` takes, so
    it crosses from a worker process (or a Dask worker) to its caller intact;
    Python's default would call ``__init__`` with the message alone.
    """

    def __reduce__(self) -> tuple[Any, ...]:
        return (_restore, (type(self), self.args, dict(self.__dict__)))


def _restore(kind: type[BaseException], args: tuple[Any, ...], state: dict[str, Any]) -> Any:
    """An unpickled error: made without ``__init__``, its message and attributes put back."""
    error = kind.__new__(kind, *args)
    error.args = args
    error.__dict__.update(state)
    return error


class InvalidBoardError(SlidingTilesError, ValueError):
    """A board (or its text) is malformed: wrong shape, duplicate or missing
    tiles, no blank, non-integer cells, an absurd size.

    Attributes:
        value: the offending input, as given.
    """

    def __init__(self, message: str, value: Any = None) -> None:
        super().__init__(message)
        self.value = value


class GoalMismatchError(InvalidBoardError):
    """The goal does not fit the board: another shape or another set of tiles."""


class InvalidMoveError(SlidingTilesError, ValueError):
    """A move is not a direction, or would push the blank off the board.

    Attributes:
        value: the offending move.
    """

    def __init__(self, message: str, value: Any = None) -> None:
        super().__init__(message)
        self.value = value


class UnsolvableError(SlidingTilesError, ValueError):
    """The goal cannot be reached from the board (the parity rule says so).

    Attributes:
        value: the board that cannot reach the goal.
        report: the `Solvability` verdict with the parity numbers behind it.
    """

    def __init__(self, message: str, value: Any = None, report: Any = None) -> None:
        super().__init__(message)
        self.value = value
        self.report = report


class UnknownHeuristicError(SlidingTilesError, LookupError):
    """No heuristic is registered under that name.

    Attributes:
        value: the name asked for.
    """

    def __init__(self, message: str, value: Any = None) -> None:
        super().__init__(message)
        self.value = value

    def __str__(self) -> str:  # LookupError subclasses like KeyError quote; we don't
        return str(self.args[0]) if self.args else ""


class HeuristicError(SlidingTilesError, ValueError):
    """A heuristic misbehaved, or cannot be registered under the name asked for.

    Raised by `solve` (every algorithm that uses a heuristic, before or during
    the search), by `heuristics.check` and by `heuristics.register`: the
    heuristic raised an exception (kept as ``__cause__``), returned NaN, an
    infinity, a negative or a fractional value, or not 0 at the goal; or the
    name is reserved (``"auto"``), built in, or taken. The message names the
    heuristic and the board. A returned value that is not a number at all
    raises the subclass `HeuristicTypeError`; a registered claim found false,
    `HeuristicClaimError`.

    Attributes:
        value: what the heuristic returned (or the name, or the callable, as given).
        heuristic: the heuristic's name.
        board: the `Board` it was evaluated on, or None.
    """

    def __init__(
        self, message: str, value: Any = None, *, heuristic: str | None = None, board: Any = None
    ) -> None:
        super().__init__(message)
        self.value = value
        self.heuristic = heuristic
        self.board = board


class HeuristicTypeError(HeuristicError, TypeError):
    """A heuristic returned something that is not a number (None, a string), or is not callable.

    Both a `HeuristicError` (so a ValueError) and a TypeError.
    """


class HeuristicClaimError(HeuristicError):
    """A heuristic registered ``admissible=True`` (or ``consistent=True``) is not.

    Raised by `solve` before it would report ``optimal=True`` on the strength
    of the claim, and by the testing helpers. ``board`` is a counterexample,
    ``value`` the heuristic's value there.

    Attributes:
        claim: ``"admissible"`` or ``"consistent"``.
        distance: the board's true distance to the goal (for ``"admissible"``), else None.
        neighbour: for ``"consistent"``, the board one move away whose value
            differs by more than one, else None.
    """

    def __init__(
        self,
        message: str,
        value: Any = None,
        *,
        heuristic: str | None = None,
        board: Any = None,
        claim: str = "admissible",
        distance: int | None = None,
        neighbour: Any = None,
    ) -> None:
        super().__init__(message, value, heuristic=heuristic, board=board)
        self.claim = claim
        self.distance = distance
        self.neighbour = neighbour


class SearchLimitExceeded(SlidingTilesError, RuntimeError):
    """A search stopped at a limit (nodes, time or memory) before it finished.

    >>> error = SearchLimitExceeded("gave up after 2 s", "time", 2)
    >>> error.advise([("optimal=False for a short solution", "--suboptimal for a short solution")])
    >>> str(error)
    'gave up after 2 s; try optimal=False for a short solution'
    >>> error.explain(cli=True)
    'gave up after 2 s; try --suboptimal for a short solution'

    Attributes:
        limit: which limit: ``"nodes"``, ``"time"`` or ``"memory"`` (``"reach"``:
            `OutOfReachError`; ``"stopped"``: `SearchStopped`).
        value: the limit's value.
        stats: the statistics of the search up to the moment it stopped.
        trace: the `SearchTrace` recorded so far when the search was traced
            (``trace=N``), else None.
        reason: the message without its advice.
        advice: what to try next, as (Python, command line) phrasings; `solve`
            adds it (docs/errors.md); the message ends with the Python ones.
    """

    def __init__(self, message: str, limit: str, value: Any = None, stats: Any = None) -> None:
        super().__init__(message)
        self.limit = limit
        self.value = value
        self.stats = stats
        self.trace: Any = None
        self.reason = message
        self.advice: tuple[tuple[str, str], ...] = ()

    def advise(self, advice: Sequence[tuple[str, str]]) -> None:
        """Set what to try next, (Python, command line) pairs; the message ends with them."""
        self.advice = tuple(advice)
        self.args = (self.explain(), *self.args[1:])

    def explain(self, *, cli: bool = False) -> str:
        """The message, its advice phrased for Python (``str(error)``) or for the command line."""
        if not self.advice:
            return self.reason
        tried = [cli_text if cli else api for api, cli_text in self.advice]
        return f"{self.reason}; try {', or '.join(tried)}"


class OutOfReachError(SearchLimitExceeded):
    """An optimal search refused before it starts: its estimated cost is beyond reach.

    >>> error = OutOfReachError("beyond reach", 3600.0, 1e40, 1e33)
    >>> error.limit, error.value, error.nodes
    ('reach', 3600.0, 1e+40)

    `solve` asks for a shortest solution only where one can be found in
    reasonable time (docs/solving.md, "Optimal reach"): it estimates the
    search's nodes from the board's Manhattan distance, the heuristic and the
    board's size, and its seconds from the implementation's speed; past the
    time allowed (``time_limit``, or an hour without one) it raises this at
    once, nothing searched, saying what to try (``optimal=False``, or
    ``optimal=True`` to search anyway). A `SearchLimitExceeded`, so code that
    handles limits handles it.

    Attributes:
        value: the seconds allowed (``time_limit``, or the hour without one).
        nodes: the estimated expansions (a float; ``inf`` past a float's range).
        seconds: the estimated seconds (``inf`` likewise).
        stats: `solve` gives all-zero statistics: nothing was searched.
    """

    def __init__(
        self, message: str, value: float, nodes: float, seconds: float, stats: Any = None
    ) -> None:
        super().__init__(message, "reach", value, stats)
        self.nodes = nodes
        self.seconds = seconds


class SearchStopped(SearchLimitExceeded):
    """A search's ``on_event`` callback returned ``STOP``, so the search stopped there.

    A `SearchLimitExceeded` whose ``limit`` is ``"stopped"``: code that handles
    limits handles a stop the same way. Nothing is half-done: the statistics
    and the trace (when recorded) end at the event the callback stopped at.

    Attributes:
        value: the event the callback returned ``STOP`` for.
    """

    def __init__(self, message: str, value: Any = None, stats: Any = None) -> None:
        super().__init__(message, "stopped", value, stats)


class OutOfMemoryError(SearchLimitExceeded, MemoryError):
    """A search ran out of memory: the system refused more before any limit was reached.

    Both a `SearchLimitExceeded` (``limit == "memory"``, ``value`` None, ``stats``
    the work done) and a MemoryError. Raised once the search has let go of
    what it held, so handling it has the memory back.
    """

    def __init__(self, message: str, stats: Any = None) -> None:
        super().__init__(message, "memory", None, stats)


class WorkerDiedError(SlidingTilesError, RuntimeError):
    """A worker process died while it held work: killed from outside (the system's
    out-of-memory killer sends SIGKILL), crashed, or lost by a remote executor.

    Attributes:
        value: what happened, in words ("killed by signal 9 (SIGKILL)").
    """

    def __init__(self, message: str, value: object = None) -> None:
        super().__init__(message)
        self.value = value


class SolutionMismatchError(SlidingTilesError, RuntimeError):
    """An answer that does not do what it says: its moves leave the board or end elsewhere.

    >>> error = SolutionMismatchError("the moves end on 2 1/3 0, not the goal", "DR",
    ...                               heuristic="mine")
    >>> isinstance(error, RuntimeError), error.value, error.heuristic
    (True, 'DR', 'mine')

    Every `Solution` that `solve` (and `solve_many`, `solve_cos226`, the
    command line) returns is first replayed from its start: its moves must
    stay on the board and end on the goal, and its lower bound may not
    exceed its length (nor differ from it when marked optimal). An answer
    that fails is never returned: this is raised instead, naming the
    heuristic that searched (a heuristic that breaks its contract, such as
    one that writes into the board of another's search through a global,
    is the usual cause; a fault of the library otherwise, to be reported).

    Attributes:
        value: the moves of the answer (a `Moves` string).
        heuristic: the heuristic's name (``"none"`` when none was used).
        board: the board the moves reached (None: they left the board first).
    """

    def __init__(
        self, message: str, value: Any = None, *, heuristic: str | None = None, board: Any = None
    ) -> None:
        super().__init__(message)
        self.value = value
        self.heuristic = heuristic
        self.board = board


class NoPathError(SlidingTilesError, LookupError):
    """A search exhausted every reachable state without reaching a goal.

    Attributes:
        stats: the statistics of the exhausted search.
        trace: the `SearchTrace` recorded when the search was traced
            (``trace=N``), else None.
    """

    def __init__(self, message: str, stats: Any = None) -> None:
        super().__init__(message)
        self.stats = stats
        self.trace: Any = None

    def __str__(self) -> str:
        return str(self.args[0]) if self.args else ""


class PatternDatabaseError(SlidingTilesError, ValueError):
    """A table file is missing, truncated, altered, or does not match what was asked.

    Attributes:
        value: the offending path or argument.
    """

    def __init__(self, message: str, value: object = None) -> None:
        super().__init__(message)
        self.value = value


class BackendError(SlidingTilesError, ImportError):
    """The requested implementation cannot be used (unknown name, or numba missing or broken).

    Attributes:
        value: the requested implementation, as given.
    """

    def __init__(self, message: str, value: object = None) -> None:
        super().__init__(message)
        self.value = value


class BackendWarning(UserWarning):
    """The implementation ``SLIDINGTILES_IMPLEMENTATION`` asks for cannot be used, so another is.

    Issued once per process, by the first search or table build that needs the
    tile engine; the message names the value and the implementation used
    instead. ``slidingtiles.check_environment()`` raises the `BackendError`
    instead, and the command line stops on it (one line, exit 2).
    """


class InvalidOptionError(SlidingTilesError, ValueError):
    """An option has a value it cannot take: ``weight=0.5``, ``time_limit=nan``, ``algorithm="x"``.

    Raised at the door of `solve`, `solve_many` and the command line, before any
    work starts. A wrong *type* (``max_nodes="10"``) raises the subclass
    `OptionTypeError`, which is also a TypeError.

    Attributes:
        value: the value given.
        option: the option's name (``"time_limit"``, ``"weight"``...), or None.
    """

    def __init__(self, message: str, value: object = None, *, option: str | None = None) -> None:
        super().__init__(message)
        self.value = value
        self.option = option


class OptionTypeError(InvalidOptionError, TypeError):
    """An option has a type it cannot take: ``max_nodes="10"``, ``progress="yes"``.

    Both an `InvalidOptionError` (so a ValueError) and a TypeError.
    """


class CacheDirectoryError(SlidingTilesError, OSError):
    """The table cache directory cannot be used: not a directory, not creatable, not writable.

    Raised where a table must be written or removed by name (``pdb.build``,
    ``pdb.clear``); a solve that merely wanted a table goes on without the cache
    and says so once with a `CacheWarning`.

    Attributes:
        value: the directory.
    """

    def __init__(self, message: str, value: object = None) -> None:
        super().__init__(message)
        self.value = value

    def __str__(self) -> str:  # OSError would format (errno, strerror); we have a sentence
        return str(self.args[0]) if self.args else ""


class SearchCostWarning(UserWarning):
    """An optimal search estimated to take long starts: past 10 s, or beyond reach and insisted on.

    Issued before the search starts, when its estimate (within its
    ``time_limit`` and ``max_nodes``) is past ten seconds, and when a search
    beyond reach runs because the caller insisted (``optimal=True``). The
    message gives the estimate (nodes, seconds), how to follow or bound the
    search (``progress=``, ``time_limit=``, Ctrl-C) and what would be quicker;
    docs/solving.md, "Optimal reach".
    """


class ClaimCheckWarning(UserWarning):
    """Checking a heuristic's claims on a shape took more than a second (once per process).

    `solve` checks an ``admissible=True`` or ``consistent=True`` claim on each
    shape and goal it is used on before it reports an answer optimal on its
    strength: every board up to 9 cells, a sample above (docs/heuristics.md).
    A slow heuristic makes that check slow; this says so, once, with the time.
    """


class CacheWarning(UserWarning):
    """The table cache directory cannot be used, so a solve goes on without it.

    Issued once per directory and problem: the table is built in memory (and
    lost at exit) or a heuristic without tables is used. The message names the
    directory, what is wrong with it, and ``SLIDINGTILES_CACHE_DIR``.
    """
