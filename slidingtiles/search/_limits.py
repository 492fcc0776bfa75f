"""The limits enforced: the `Guard` of one search, and the `Deadline` of one call.

A `Guard` holds one search to its ``max_nodes``, ``time_limit`` and
``max_memory`` (checked by `_checks.check_limits`, the rules every door
shares) and calls its progress callback. One `Deadline` per call lets every
step of that call (set-up, table builds, the search) spend from the same
``time_limit``.
"""

from __future__ import annotations

import math
import os
import re
import sys
from collections.abc import Callable
from time import perf_counter
from typing import Any, TypeVar

from slidingtiles._errors import OutOfMemoryError, SearchLimitExceeded
from slidingtiles.search._checks import check_limits, positive_int
from slidingtiles.search._result import SearchStats

__all__ = ["NEVER", "Cadence", "Deadline", "Guard", "resident_bytes"]

#: A checkpoint that is never reached.
NEVER = sys.maxsize
_T = TypeVar("_T")
# perf_counter costs ~50 ns and reading /proc ~10 us: amortise both over many nodes.
_TIME_STRIDE = 256
_MEMORY_STRIDE = 4096
#: The longest a loop runs between two looks at the clock, in seconds (`Cadence`).
SLICE = 0.02

try:
    _PAGE_SIZE = os.sysconf("SC_PAGE_SIZE")
except (AttributeError, ValueError, OSError):  # no sysconf (Windows) or no such name
    _PAGE_SIZE = 4096


def resident_bytes() -> int | None:
    """Return the resident memory of this process in bytes, or None where it is unknown.

    Example:
        >>> rss = resident_bytes()
        >>> rss is None or rss > 0
        True

    Reads ``/proc/self/statm`` (Linux); returns None on systems without it.
    """
    try:
        with open("/proc/self/statm", "rb") as f:
            return int(f.read().split()[1]) * _PAGE_SIZE
    except (OSError, ValueError, IndexError):
        return None


class Cadence:
    """How many steps to take before the next look at the clock: as many as fit in `SLICE`.

    Example:
        >>> cadence = Cadence(1000)
        >>> cadence.stride(0, None)  # nothing measured yet: one step
        1
        >>> cadence.stride(1, 5.0) <= 2  # at most doubles from one look to the next
        True

    A fixed count of steps between looks lets a slow step (a user's heuristic
    or callback that takes milliseconds) overrun a time limit by the count
    times its cost. A cadence measures the cost of a step from one look to
    the next and plans the next look `SLICE` seconds ahead (never more than
    half the time left, never more than ``cap`` steps, and at most twice the
    last stride, so that steps which turn slower are caught within one
    stride). A time limit is then overrun by at most about `SLICE` plus one
    step, whatever a step costs. The clock is this module's `perf_counter`
    (tests patch it).
    """

    __slots__ = ("_cap", "_cost", "_done", "_stride", "_then")

    def __init__(self, cap: int) -> None:
        self._cap = max(1, cap)
        self._cost = 0.0  # seconds a step, as last measured
        self._stride = 1
        self._done = 0
        self._then = perf_counter()

    def stride(self, done: int, left: float | None) -> int:
        """Steps to take from ``done`` (the count so far) before the next look; ``left``: seconds.

        Example:
            >>> Cadence(8).stride(1, 0.0)  # no time left: look after every step
            1
        """
        now = perf_counter()
        steps, spent = done - self._done, now - self._then
        grow = self._stride
        if steps > 0:
            self._done, self._then = done, now
            grow *= 2
            if spent > 0:
                self._cost = spent / steps
        budget = SLICE if left is None else min(SLICE, left / 2)
        fit = self._cap if self._cost == 0 else int(budget / self._cost)
        self._stride = max(1, min(self._cap, grow, fit))
        return self._stride


class Deadline:
    """The clock of one call: every step of it (set-up, table builds, the search) spends from it.

    Example:
        >>> clock = Deadline(None)
        >>> clock.remaining("the search") is None, clock.affords(1e9)
        (True, True)
        >>> Deadline(0.5).affords(3600)
        False

    Made at the door of `solve` with the caller's (validated) ``time_limit``.
    `remaining` gives what a step may still spend, and raises
    `SearchLimitExceeded` (``limit="time"``) when nothing is left; `refuse`
    makes the error for a step estimated to cost more than what is left, so it
    is refused before it starts rather than overrunning.
    """

    __slots__ = ("_end", "started", "time_limit")

    def __init__(self, time_limit: float | None) -> None:
        self.time_limit = time_limit
        self.started = perf_counter()
        self._end = math.inf if time_limit is None else self.started + time_limit

    def elapsed(self) -> float:
        """Seconds since the call began."""
        return perf_counter() - self.started

    def affords(self, seconds: float) -> bool:
        """True if a step estimated at ``seconds`` fits in the time left."""
        return perf_counter() + seconds <= self._end

    def remaining(self, what: str) -> float | None:
        """Seconds left for ``what`` (None without a limit); raise if none are left.

        Example:
            >>> 0 < Deadline(60).remaining("the search") <= 60
            True
        """
        if self.time_limit is None:
            return None
        left = self._end - perf_counter()
        if left <= 0:
            raise self.refuse(what, 0.0)
        return left

    def run(self, search: Callable[..., _T], /, *args: Any, **kwargs: Any) -> _T:
        """Call ``search(*args, time_limit=<what is left>, **kwargs)``, the caller's limit named.

        Example:
            >>> Deadline(None).run(lambda *, time_limit: time_limit)  # no limit: None passed
            >>> 0 < Deadline(5).run(lambda *, time_limit: time_limit) <= 5
            True

        A search stopped by the time left raises `SearchLimitExceeded` whose
        ``value`` and message name the caller's ``time_limit`` (the one given
        at the door), not the remainder the search was handed; it carries the
        search's ``trace`` when one was recorded.
        """
        kwargs["time_limit"] = self.remaining("the search")
        try:
            return search(*args, **kwargs)
        except SearchLimitExceeded as error:
            if error.limit != "time" or self.time_limit is None or error.value == self.time_limit:
                raise
            message = re.sub(
                r"time_limit=\S+ s", f"time_limit={self.time_limit} s", str(error.args[0])
            )
            named = SearchLimitExceeded(
                message, limit="time", value=self.time_limit, stats=error.stats
            )
            named.trace = error.trace  # what a traced search recorded up to the limit
            raise named from None

    def refuse(self, what: str, seconds: float) -> SearchLimitExceeded:
        """The error for ``what``, estimated at ``seconds``, that the time left cannot pay for.

        Example:
            >>> error = Deadline(1).refuse("building the 4x4 tables", 25)
            >>> error.limit, error.value, error.stats.expanded
            ('time', 1, 0)
        """
        spent = self.elapsed()
        estimate = f" (about {seconds:.3g} s)" if seconds > 0 else ""
        return SearchLimitExceeded(
            f"gave up before {what}{estimate}: {spent:.3f} s of time_limit={self.time_limit} s "
            "spent, not enough left",
            limit="time",
            value=self.time_limit,
            stats=SearchStats(0, 0, 0, 0, 0, spent),
        )


class Guard:
    """Enforces the node, time and memory limits of one search and calls its progress callback.

    Example:
        >>> g = Guard("bfs", max_nodes=10, time_limit=None, max_memory=None,
        ...           progress=None, progress_every=1, state_bytes=100)
        >>> g.first_checkpoint()
        10
        >>> g.check(10, 25, 7, 0, 1, 30)  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        slidingtiles._errors.SearchLimitExceeded: bfs: gave up after expanding 10 nodes ...

    A search calls `check` only when its expansion count reaches the checkpoint
    the previous call returned, so the hot loop pays one integer comparison per
    node. `check` runs before the expansion that would exceed ``max_nodes``, so a
    search expands at most ``max_nodes`` states. The clock is read at a
    `Cadence` (every expansion at first, then as many as fit in `SLICE`
    seconds by the measured cost of one, however slow the user's heuristic or
    callbacks make it), so a search overruns ``time_limit`` by about `SLICE`
    plus one expansion; memory is read every 4096 expansions. Memory is the
    growth of the process's resident set since the guard was made (from
    ``/proc/self/statm``), or the stored states times ``state_bytes`` when
    that is larger (the allocator may reuse memory freed earlier, so the
    resident set can stay flat while the search grows) or the file does not
    exist. Both are approximate. All arguments are
    validated here, with errors naming the bad value.
    """

    __slots__ = (
        "_algorithm",
        "_cadence",
        "_checkpoint",
        "_deadline",
        "_done",
        "_max_memory",
        "_memory_base",
        "_next_memory",
        "_next_progress",
        "_next_time",
        "_node_cap",
        "_progress",
        "_progress_every",
        "_started",
        "_state_bytes",
        "_time_limit",
        "_time_stride",
        "depth",
        "iterations",
    )

    def __init__(
        self,
        algorithm: str,
        *,
        max_nodes: object,
        time_limit: object,
        max_memory: object,
        progress: object,
        progress_every: object,
        state_bytes: int,
        time_stride: int = _TIME_STRIDE,
    ) -> None:
        """Validate the limits of a search and start its clock.

        Example:
            >>> Guard("astar", max_nodes=0, time_limit=None, max_memory=None,
            ...       progress=None, progress_every=1, state_bytes=1)
            Traceback (most recent call last):
            ...
            ValueError: astar: max_nodes must be positive, got max_nodes=0
        """
        self._algorithm = algorithm
        nodes: int | None = None
        if max_nodes is None and time_limit is None and max_memory is None and progress is None:
            self._time_limit = self._max_memory = None  # no limit: nothing to check
        else:
            nodes, self._time_limit, self._max_memory = check_limits(
                algorithm,
                max_nodes=max_nodes,
                time_limit=time_limit,
                max_memory=max_memory,
                progress=progress,
            )
        self._node_cap = NEVER if nodes is None else nodes
        every = (
            progress_every
            if type(progress_every) is int and progress_every > 0  # the usual: checked at once
            else positive_int(algorithm, "progress_every", progress_every, False)
        )
        if every is None:
            raise TypeError(f"{algorithm}: progress_every must be an int, got None")
        self._progress_every = every
        self._progress: Callable[[SearchStats], Any] | None = progress  # type: ignore[assignment]
        self._state_bytes = state_bytes
        self._time_stride = time_stride
        self._cadence = Cadence(time_stride)
        self._next_time = NEVER if self._time_limit is None else 1
        self._next_memory = NEVER if self._max_memory is None else _MEMORY_STRIDE
        self._next_progress = NEVER if progress is None else every
        self._memory_base = resident_bytes() if self._max_memory is not None else None
        self._started = perf_counter()
        self._deadline = math.inf if self._time_limit is None else self._started + self._time_limit
        self._checkpoint = self.first_checkpoint()
        self._done = (0, 0, 0, 0, 1)  # the counts at the last memory check (`run`)
        #: Iterations and depth of a kernel's search (IDA*: bounds tried, path length).
        self.iterations = 0
        self.depth = 0

    def first_checkpoint(self) -> int:
        """Return the expansion count at which `check` must first be called.

        Example:
            >>> Guard("bfs", max_nodes=None, time_limit=1, max_memory=None, progress=None,
            ...       progress_every=1, state_bytes=1).first_checkpoint()  # a Cadence's first
            1
        """
        return min(self._node_cap, self._next_time, self._next_memory, self._next_progress)

    def stats(
        self, expanded: int, generated: int, max_frontier: int, reopened: int, iterations: int
    ) -> SearchStats:
        """Return a snapshot of the counters, timed from the start of the search.

        Example:
            >>> g = Guard("bfs", max_nodes=None, time_limit=None, max_memory=None,
            ...           progress=None, progress_every=1, state_bytes=1)
            >>> g.stats(1, 2, 3, 0, 1).expanded
            1
        """
        return SearchStats(
            expanded, generated, max_frontier, reopened, iterations, perf_counter() - self._started
        )

    def check(
        self,
        expanded: int,
        generated: int,
        max_frontier: int,
        reopened: int,
        iterations: int,
        stored: int,
    ) -> int:
        """Raise at a reached limit, else report progress and return the next checkpoint.

        Example:
            >>> seen = []
            >>> g = Guard("bfs", max_nodes=None, time_limit=None, max_memory=None,
            ...           progress=seen.append, progress_every=5, state_bytes=1)
            >>> g.check(5, 9, 4, 0, 1, 10)
            10
            >>> seen[0].expanded
            5

        ``stored`` is the number of states the search keeps, used only to
        estimate memory where the resident size cannot be read.
        """
        if expanded >= self._node_cap:
            raise self._exceeded(
                f"gave up after expanding {expanded:,} nodes (max_nodes={self._node_cap:,})",
                "nodes",
                self._node_cap,
                expanded,
                generated,
                max_frontier,
                reopened,
                iterations,
            )
        if expanded >= self._next_time:
            now = perf_counter()
            if now >= self._deadline:
                raise self._exceeded(
                    f"gave up after {now - self._started:.3f} s and {expanded:,} expanded nodes "
                    f"(time_limit={self._time_limit} s)",
                    "time",
                    self._time_limit,
                    expanded,
                    generated,
                    max_frontier,
                    reopened,
                    iterations,
                )
            self._next_time = expanded + self._cadence.stride(expanded, self._deadline - now)
        if expanded >= self._next_memory:
            self._done = (expanded, generated, max_frontier, reopened, iterations)
            used = self._memory_used(stored) if self._max_memory is not None else 0
            if self._max_memory is not None and used > self._max_memory:
                raise self._exceeded(
                    f"gave up using about {used:,} more bytes of memory after {expanded:,} "
                    f"expanded nodes (max_memory={self._max_memory:,} bytes)",
                    "memory",
                    self._max_memory,
                    expanded,
                    generated,
                    max_frontier,
                    reopened,
                    iterations,
                )
            self._next_memory = expanded + _MEMORY_STRIDE
        if self._progress is not None and expanded >= self._next_progress:
            self._progress(self.stats(expanded, generated, max_frontier, reopened, iterations))
            self._next_progress = expanded + self._progress_every
        self._checkpoint = min(
            self._node_cap, self._next_time, self._next_memory, self._next_progress
        )
        return self._checkpoint

    # -- the tile engine's kernels count nodes as they enter them ------------------------

    def first_pause(self) -> int:
        """Return the count of entered nodes at which a kernel must first call `pause`.

        Example:
            >>> Guard("idastar", max_nodes=5, time_limit=None, max_memory=None, progress=None,
            ...       progress_every=100, state_bytes=0).first_pause()
            6

        The tile engine's kernels count a node when they enter it, before
        expanding it: entering node ``n + 1`` means ``n`` were expanded, which
        is what `check` is told. So the pause comes one node after the checkpoint,
        and at least every ``time_stride`` nodes whatever the limits: a
        compiled kernel returns to Python there, where Ctrl-C is seen.
        """
        return min(self._checkpoint, self._time_stride) + 1

    def pause(self, entered: int, generated: int) -> int:
        """A kernel's stop: `check` with its counts, and the next entered count to stop at.

        Example:
            >>> g = Guard("idastar", max_nodes=5, time_limit=None, max_memory=None,
            ...           progress=None, progress_every=100, state_bytes=0)
            >>> g.pause(6, 12)  # doctest: +ELLIPSIS
            Traceback (most recent call last):
            ...
            slidingtiles._errors.SearchLimitExceeded: idastar: gave up after expanding 5 nodes ...

        Statistics carry this guard's `iterations` and `depth` (as the
        largest frontier: IDA* keeps one path).
        """
        expanded = entered - 1
        checkpoint = self.check(expanded, generated, self.depth, 0, self.iterations, 0)
        return min(checkpoint, expanded + self._time_stride) + 1

    def snapshot(self, expanded: int, generated: int) -> SearchStats:
        """Return a kernel's statistics: `stats` with this guard's iterations and depth.

        Example:
            >>> g = Guard("idastar", max_nodes=None, time_limit=None, max_memory=None,
            ...           progress=None, progress_every=1, state_bytes=0)
            >>> g.iterations, g.depth = 2, 7
            >>> s = g.snapshot(10, 30)
            >>> s.expanded, s.generated, s.max_frontier, s.iterations
            (10, 30, 7, 2)
        """
        return self.stats(expanded, generated, self.depth, 0, self.iterations)

    def run(self, search: Callable[..., _T], /, *args: Any) -> _T:
        """Return ``search(*args, self)``; should memory run out, raise `OutOfMemoryError`.

        Example:
            >>> g = Guard("bfs", max_nodes=None, time_limit=None, max_memory=None,
            ...           progress=None, progress_every=1, state_bytes=1)
            >>> def hungry(guard):
            ...     guard.check(guard.first_checkpoint(), 9000, 700, 0, 1, 4096)
            ...     raise MemoryError
            >>> g.run(hungry)  # doctest: +ELLIPSIS
            Traceback (most recent call last):
            ...
            slidingtiles._errors.OutOfMemoryError: bfs: ran out of memory after 4,096 expanded...

        A MemoryError's traceback holds the frames it left, and through them
        everything the search stored (its frontier, the states it has seen): a
        handler that runs while it lives has no memory either and fails in turn
        (a SystemError or a second MemoryError, seen under a 1.2 GB address-space
        cap). So the handler is left first, which frees it all, and only then is
        the error made. Its statistics are those of the last `check`, which a
        search run here reaches at least every 4,096 expansions.
        """
        self._next_memory = min(self._next_memory, _MEMORY_STRIDE)  # counts kept for this
        self._checkpoint = self.first_checkpoint()
        try:
            return search(*args, self)
        except OutOfMemoryError:  # a search inside this one ran out and has said so
            raise
        except MemoryError:
            pass  # leaving the handler lets go of the traceback and the search's memory
        expanded, generated, max_frontier, reopened, iterations = self._done
        stats = self.stats(expanded, generated, max_frontier, reopened, iterations)
        raise OutOfMemoryError(
            f"{self._algorithm}: ran out of memory after {expanded:,} expanded nodes and "
            f"{stats.seconds:.1f} s: the system refused more (max_memory stops a search "
            "before that)",
            stats,
        )

    def _memory_used(self, stored: int) -> int:
        held = stored * self._state_bytes
        if self._memory_base is not None:
            now = resident_bytes()
            if now is not None:
                # The resident set need not grow while the allocator reuses memory this
                # process freed earlier; the states the search keeps are held all the same.
                return max(now - self._memory_base, held)
        return held

    def _exceeded(
        self,
        what: str,
        limit: str,
        value: object,
        expanded: int,
        generated: int,
        max_frontier: int,
        reopened: int,
        iterations: int,
    ) -> SearchLimitExceeded:
        stats = self.stats(expanded, generated, max_frontier, reopened, iterations)
        return SearchLimitExceeded(
            f"{self._algorithm}: {what}", limit=limit, value=value, stats=stats
        )
