"""Time limits hold whatever the user's code costs (issue 34, class 6): a patched clock.

Each test drives the `Guard` (and the check's value loop) with a fake clock
that advances by the cost of each step, so the overrun is measured exactly,
without a wall-time assertion.
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from slidingtiles import Board
from slidingtiles._errors import SearchLimitExceeded
from slidingtiles._heuristics import tally
from slidingtiles._heuristics.batched import BatchedHeuristic
from slidingtiles._heuristics.registry import HeuristicInfo
from slidingtiles.search import _limits
from slidingtiles.search._limits import Cadence, Deadline, Guard


class FakeClock:
    """A perf_counter that moves only when told (installed in `_limits` while in use)."""

    def __init__(self) -> None:
        self.now = 1000.0
        self._patch = pytest.MonkeyPatch()

    def __call__(self) -> float:
        return self.now

    def __enter__(self) -> FakeClock:
        self._patch.setattr(_limits, "perf_counter", self)
        return self

    def __exit__(self, *exc: object) -> None:
        self._patch.undo()


def allowed(limit: float) -> float:
    """The promise: a time limit is honoured within 10 % + 0.2 s."""
    return limit * 1.1 + 0.2


@settings(max_examples=60, deadline=None)
@given(
    cost=st.floats(min_value=1e-4, max_value=0.15),
    limit=st.floats(min_value=0.01, max_value=2),
    stride=st.sampled_from([256, 1 << 14]),
    slower_after=st.integers(min_value=0, max_value=5000),
)
def test_a_guard_stops_within_the_promise_whatever_a_node_costs(
    cost: float, limit: float, stride: int, slower_after: int
) -> None:
    with FakeClock() as clock:
        guard = Guard(
            "astar",
            max_nodes=None,
            time_limit=limit,
            max_memory=None,
            progress=None,
            progress_every=1,
            state_bytes=0,
            time_stride=stride,
        )
        started = clock.now
        checkpoint = guard.first_checkpoint()
        expanded = 0

        def expand() -> None:
            nonlocal checkpoint, expanded
            while True:
                # fast nodes first (the guard learns a long stride), then ten times slower ones
                clock.now += cost if expanded >= slower_after else cost / 10
                expanded += 1
                if expanded >= checkpoint:
                    checkpoint = guard.check(expanded, expanded, 1, 0, 1, expanded)

        with pytest.raises(SearchLimitExceeded):
            expand()
        # One node's cost over the promise at most: a single call cannot be interrupted.
        assert clock.now - started <= allowed(limit) + cost


@settings(max_examples=30, deadline=None)
@given(cost=st.floats(min_value=1e-5, max_value=0.1), limit=st.floats(min_value=0.05, max_value=1))
def test_a_kernel_pausing_for_the_guard_stops_within_the_promise(cost: float, limit: float) -> None:
    with FakeClock() as clock:
        guard = Guard(
            "idastar",
            max_nodes=None,
            time_limit=limit,
            max_memory=None,
            progress=None,
            progress_every=1 << 14,
            state_bytes=0,
            time_stride=1 << 14,
        )
        started = clock.now
        check_at = guard.first_pause()
        entered = 0

        def enter() -> None:
            nonlocal check_at, entered
            while True:
                entered += 1
                clock.now += cost
                if entered >= check_at:
                    check_at = guard.pause(entered, entered)

        with pytest.raises(SearchLimitExceeded):
            enter()
        assert clock.now - started <= allowed(limit) + cost


def test_a_cadence_never_plans_past_half_the_time_left() -> None:
    with FakeClock() as clock:
        cadence = Cadence(1 << 20)
        done = 0
        for _ in range(40):  # 1 us a step: the stride grows to the cap
            steps = cadence.stride(done, 100.0)
            done += steps
            clock.now += 1e-6 * steps
        assert cadence.stride(done, 100.0) == round(_limits.SLICE / 1e-6)
        steps = cadence.stride(done, 0.01)  # 10 ms left: at most 5 ms of steps planned
        assert steps * 1e-6 <= 0.005 + 1e-6


@settings(max_examples=20, deadline=None)
@given(
    cost=st.floats(min_value=1e-4, max_value=0.05),
    limit=st.floats(min_value=0.05, max_value=2),
    batched=st.booleans(),
)
def test_a_checks_values_loop_stops_within_the_promise(
    cost: float, limit: float, batched: bool
) -> None:
    """A plain heuristic valued board by board, or a batched one a call per stride: one
    cadence for both, so both keep the limit."""
    with FakeClock() as clock:

        def slow(board: Board, goal: Board) -> int:
            clock.now += cost
            return 0

        def slow_batch(boards: np.ndarray, goal: Board) -> list[int]:
            clock.now += cost * len(boards)  # a batch costs its boards' worth
            return [0] * len(boards)

        info = (
            BatchedHeuristic("slow", slow_batch, admissible=False).info
            if batched
            else HeuristicInfo("slow", slow, admissible=False, consistent=False)
        )
        values = tally._Values(info, Board.goal(3, 3))
        assert (values.batch is not None) == batched
        boards = np.tile(
            np.array(Board.goal(3, 3).tiles, dtype=np.uint8), (int(2 * limit / cost) + 10, 1)
        )
        deadline = Deadline(limit)
        with pytest.raises(SearchLimitExceeded):
            values.many(boards, deadline, None)
        assert clock.now - deadline.started <= allowed(limit) + cost
