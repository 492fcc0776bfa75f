"""The budget of one short solve: the call's one `Deadline`, shared out between the methods.

>>> from slidingtiles.search import Deadline
>>> untimed = Budget(Deadline(None))
>>> untimed.timed, untimed.share(BEAM_SHARE), untimed.nodes(None, 0.5, 1_000)
(False, None, 1000)
>>> timed = Budget(Deadline(10))
>>> round(timed.share(BEAM_SHARE) - timed.begun, 2), timed.passed()
(5.97, False)

`solve` makes one `Deadline` at its door; everything `optimal=False` does
spends from it. Without a time limit every method has a fixed node budget
(so the answer is the same on every run, under both implementations); with
one, a method gets an instant to end by: the call's start plus its share of
the time (`share`), or, for the searches that count nodes, a node budget
priced from the time left (`nodes`). The shares are here, one place, each
with its reason; the methods' own node budgets stay with the methods. The
searches' expansions are counted here too (`spent`), for the solution's
statistics.
"""

from __future__ import annotations

from collections.abc import Callable
from time import perf_counter

from slidingtiles._engine import dispatch
from slidingtiles.search import Deadline, SearchStats

__all__ = [
    "ANYTIME_FIRST_SHARE",
    "ANYTIME_SHARE",
    "BEAM_SHARE",
    "GROWN_SHARE",
    "MARGIN",
    "PEELED_SHARE",
    "PLACING_RATE",
    "STAGED_SHARE",
    "TABLES_SHARE",
    "TAIL_SHARE",
    "VARIANTS_SHARE",
    "Budget",
]

#: Seconds held back from the time limit: returning the answer takes a moment.
MARGIN = 0.05
#: The whole-board beams' widths share this much of the budget (the rest: staged, windows).
BEAM_SHARE = 0.6
#: On 6x6 and 7x7 the growing beams end by this share (the rest shortens the best answer):
#: the widest beam's answer is the shortest method's there.
GROWN_SHARE = 0.85
#: With a mid-size board's tables cached: weighted IDA* over them ends by this share (the
#: methods' table gives the beams a smaller share on those boards),
TABLES_SHARE = 0.5
#: and the answer's tail re-solved over them by this one (the rest: windows).
TAIL_SHARE = 0.95
#: The staged and chunked variants end by this share (the rest shortens the best answer).
STAGED_SHARE = 0.6
#: Other path weightings of the constructive solver end by this share (the rest: windows).
VARIANTS_SHARE = 0.4
#: The peels end by this share (the rest: windows); pure Python's windows gain less per second.
PEELED_SHARE = {"numba": 0.8, "python": 0.85}
#: Each weighted IDA* search after the first gets this much of the budget left.
ANYTIME_SHARE = 0.5
#: The first weighted IDA* search, which has no answer yet, gets this much of it.
ANYTIME_FIRST_SHARE = 0.8
#: Nodes per second of `dispatch.place_group` (measured on 5x5 lines): a share of time in nodes.
PLACING_RATE = {"numba": 500_000, "python": 80_000}
# With a time limit, a node budget is at most this many times the untimed one.
_TIMED_SCALE = 100


class Budget:
    """One short solve's time (from the call's `Deadline`), and what its searches spent.

    Attributes:
        clock: the call's `Deadline`.
        begun: the call's start (`time.perf_counter`), from which shares count.
        end: the instant the answer is due (`MARGIN` before the time limit), or None.
        progress: the call's progress callback, given a `snapshot` after each method and
            each line the constructive solver places (`tell`).
        expanded: the nodes the searches expanded so far.
        generated: the nodes they generated so far.
        methods: the methods run so far.
        best: the length of the shortest answer so far (None before the first): a method may
            look only for shorter ones.
        shares: the shares of the time the methods' table sets for this board, by method
            (`share_for`: a method's own default otherwise).
    """

    __slots__ = (
        "begun",
        "best",
        "clock",
        "end",
        "expanded",
        "generated",
        "methods",
        "progress",
        "shares",
    )

    def __init__(
        self, clock: Deadline, progress: Callable[[SearchStats], object] | None = None
    ) -> None:
        self.clock = clock
        self.begun = clock.started
        limit = clock.time_limit
        self.end = None if limit is None else clock.started + max(0.0, limit - MARGIN)
        self.progress = progress
        self.expanded = self.generated = self.methods = 0
        self.best: int | None = None
        self.shares: dict[str, float] = {}

    @property
    def timed(self) -> bool:
        """True when the call has a time limit."""
        return self.end is not None

    def share(self, fraction: float) -> float | None:
        """The instant by which a step given ``fraction`` of the budget ends (None: no limit)."""
        return None if self.end is None else self.begun + (self.end - self.begun) * fraction

    def share_for(self, method: str, default: float) -> float | None:
        """The instant by which ``method`` ends: its share in `shares`, else ``default``."""
        return self.share(self.shares.get(method, default))

    def passed(self, instant: float | None = None) -> bool:
        """Whether ``instant`` (default: the end) has passed; never without a time limit."""
        instant = self.end if instant is None else instant
        return instant is not None and perf_counter() >= instant

    def elapsed(self) -> float:
        """Seconds since the call began."""
        return perf_counter() - self.begun

    def nodes(self, until: float | None, fraction: float, cap: int) -> int:
        """A node budget: ``cap`` without an instant to end by; with one, ``fraction`` of the
        time left until then, priced at the implementation's `PLACING_RATE` (at most
        `_TIMED_SCALE` x ``cap``; 0 when no time is left)."""
        if until is None:
            return cap
        rate = PLACING_RATE.get(dispatch.IMPLEMENTATION, PLACING_RATE["python"])
        left = until - perf_counter()
        return max(0, min(cap * _TIMED_SCALE, int(left * fraction * rate)))

    def spent(self, expanded: int, generated: int = 0) -> None:
        """Count a search's nodes (the solution's `SearchStats`)."""
        self.expanded += expanded
        self.generated += generated

    def snapshot(self) -> SearchStats:
        """The statistics so far: the nodes counted, the methods run, the time spent."""
        return SearchStats(
            expanded=self.expanded,
            generated=self.generated,
            max_frontier=0,
            reopened=0,
            iterations=self.methods,
            seconds=self.elapsed(),
        )

    def tell(self, _: object = None) -> None:
        """Give the call's progress callback (if any) a `snapshot`."""
        if self.progress is not None:
            self.progress(self.snapshot())
