"""Short solutions with optimal=False: they replay, respect their bounds, and only get shorter.

Imports from ``slidingtiles._*`` here are of internal units that have no public name.
"""

from __future__ import annotations

import heapq
import itertools
import json
import random
from collections import deque
from collections.abc import Callable, Sequence
from pathlib import Path

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

import slidingtiles
from slidingtiles import Board, SearchLimitExceeded, heuristics, random_board, scramble
from slidingtiles.__main__ import main
from slidingtiles._engine.kernels import Kernels
from slidingtiles._engine.python import weighted as python_weighted  # its heuristic: internal
from slidingtiles._solve.short import peeled
from slidingtiles._solve.short.bound import lower_bound
from slidingtiles._solve.short.budget import Budget
from slidingtiles._solve.short.chunked import solve_chunked
from slidingtiles._solve.short.methods import choose_methods, methods_table, solve_short
from slidingtiles._solve.short.staged import solve_staged
from slidingtiles._solve.short.windows import cancel_moves, shorten
from slidingtiles.search import Deadline
from tests.conftest import CpuClock, Oracle, examples, oracle_for, replay, slow_case, within_limit

seeds = st.integers(0, 2**32 - 1)


def untimed() -> Budget:
    """The budget of a call without a time limit (the short methods' internal units)."""
    return Budget(Deadline(None))


def manhattan(board: Board, goal: Board) -> int:
    return int(heuristics.get("manhattan").function(board, goal))


def check(board: Board, goal: Board, **options: object) -> slidingtiles.Solution:
    solution = slidingtiles.solve(board, goal, optimal=False, **options)  # type: ignore[arg-type]
    assert replay(board, solution.moves) == goal
    assert solution.length == len(solution.moves) >= manhattan(board, goal)
    if solution.optimal:
        assert solution.lower_bound == solution.length
    else:  # linear conflicts or cached tables (`bound.lower_bound`), or weighted IDA*'s own
        assert manhattan(board, goal) <= solution.lower_bound <= solution.length
        if solution.algorithm != "weighted_idastar":
            assert solution.lower_bound == lower_bound(board, goal)
    assert solution.ratio == (solution.length / solution.lower_bound if solution.lower_bound else 1)
    return solution


# -- every solution replays to the goal ------------------------------------------------


@settings(max_examples=examples(25))
@given(st.integers(1, 4), st.integers(1, 5), seeds, seeds, st.booleans())
def test_small_boards_of_any_shape_and_goal(
    rows: int, cols: int, goal_seed: int, seed: int, standard: bool
) -> None:
    assume(rows * cols >= 2)  # a 1x1 board has nothing to solve
    goal = Board.goal(rows, cols) if standard else random_board(rows, cols, seed=goal_seed)
    check(random_board(rows, cols, goal=goal, seed=seed), goal)


@pytest.mark.parametrize(
    "shape", [slow_case((5, 5)), slow_case((8, 8)), (12, 9), slow_case((3, 17))]
)
def test_larger_boards(shape: tuple[int, int]) -> None:
    goal = random_board(*shape, seed=3)
    check(random_board(*shape, goal=goal, seed=4), goal)


@pytest.mark.parametrize(
    ("shape", "seconds"), [((4, 5), 0.4), ((11, 11), 0.4), slow_case((25, 25), 2.0)]
)
def test_with_a_time_limit(shape: tuple[int, int], seconds: float, cpu_clock: CpuClock) -> None:
    # The limit counts this process's CPU seconds (`cpu_clock`): the budget holds the first
    # (constructive) solution however busy the machine is (25x25's takes about 0.1 s of CPU).
    board = random_board(*shape, seed=5)
    goal = Board.goal(*shape)
    # Loading a kernel numba compiled earlier, from its disk cache, on its first use in the
    # process (a quarter of a second) is not on the clock either (docs/errors.md): once first.
    slidingtiles.solve(board, goal=goal, optimal=False, time_limit=seconds)
    began = cpu_clock()
    solution = check(board, goal, time_limit=seconds)
    assert within_limit(cpu_clock, began, seconds)
    first = slidingtiles.solve_constructive(board, goal)
    assert solution.length <= len(first.moves)


def test_tiny_boards_are_solved_optimally(oracle: Callable[[Board], Oracle]) -> None:
    for goal in (Board.goal(3, 3), Board.goal(2, 4, blank="first"), Board.goal(3, 2)):
        exact = oracle(goal)
        for tiles in itertools.islice(exact.distance, 0, None, 997):
            solution = check(exact.board(tiles), goal)
            assert solution.optimal
            assert solution.length == exact.distance[tiles]


def test_single_rows_and_columns() -> None:
    solution = check(Board([1, 2, 0, 3, 4], shape=(1, 5)), Board.goal(1, 5, blank="first"))
    assert solution.moves == "LL"
    assert solution.optimal
    assert check(Board([1, 0, 2], shape=(3, 1)), Board.goal(3, 1)).moves == "D"


def test_an_unreachable_first_solution_is_a_time_limit(cpu_clock: CpuClock) -> None:
    began = cpu_clock()
    with pytest.raises(SearchLimitExceeded) as caught:
        slidingtiles.solve(random_board(60, 60, seed=1), optimal=False, time_limit=0.01)
    assert caught.value.limit == "time"
    assert within_limit(cpu_clock, began, 0.01)


# -- the anytime mode never returns something worse than its first answer ----------------


@pytest.mark.parametrize(
    ("n", "seed"), [slow_case(4, 1), slow_case(5, 2), slow_case(9, 5), (16, 6)]
)
def test_never_longer_than_the_first_answer(n: int, seed: int, cpu_clock: CpuClock) -> None:
    board = random_board(n, n, seed=seed)
    goal = Board.goal(n, n)
    constructive = slidingtiles.solve_constructive(board, goal)
    # 16x16's first answer takes about 0.1 s of CPU; the limit counts CPU seconds (`cpu_clock`).
    for time_limit in (None, 0.3 if n < 16 else 1.5):
        began = cpu_clock()
        solution = check(board, goal, time_limit=time_limit)
        assert time_limit is None or within_limit(cpu_clock, began, time_limit)
        assert solution.length <= len(constructive.moves)
        # the first answer's length is internal (`ShortResult.first_length`)
        found = solve_short(board, goal, Deadline(time_limit))
        assert replay(board, found.moves) == goal
        assert len(found.moves) <= found.first_length


@settings(max_examples=30)
@given(st.integers(2, 6), st.integers(2, 6), seeds, st.integers(0, 120))
def test_shorten_keeps_the_end_and_never_lengthens(
    rows: int, cols: int, seed: int, length: int
) -> None:
    board = random_board(rows, cols, seed=seed)
    rng = random.Random(seed)
    moves = []
    blank = board.blank
    for _ in range(length):  # a random walk: plenty of detours to cut
        r, c = divmod(blank, cols)
        options = [
            (m, (r + dr) * cols + c + dc)
            for m, (dr, dc) in zip("UDLR", ((-1, 0), (1, 0), (0, -1), (0, 1)))
            if 0 <= r + dr < rows and 0 <= c + dc < cols
        ]
        move, blank = rng.choice(options)
        moves.append(move)
    walk = "".join(moves)
    result = shorten(board, walk, untimed())
    assert replay(board, result.moves) == replay(board, walk)
    assert len(result.moves) <= len(cancel_moves(walk)) <= len(walk)


def test_shortened_windows_are_not_shorter_than_the_optimum() -> None:
    goal = Board.goal(3, 3)
    exact = oracle_for(goal)
    for number, tiles in enumerate(itertools.islice(exact.distance, 0, None, 9973)):
        start = exact.board(tiles)
        middle = scramble(start, 40, seed=number)
        # A long way round: from the start to a board 40 random moves away, then to the goal.
        there = slidingtiles.solve(start, middle, heuristic="manhattan").moves
        home = slidingtiles.solve(middle, goal, heuristic="manhattan").moves
        result = shorten(start, there + home, untimed())
        assert replay(start, result.moves) == goal
        assert exact.distance[tiles] <= len(result.moves) <= len(there) + len(home)


def test_cancel_moves() -> None:
    assert cancel_moves("UDLRRLDU") == ""
    assert cancel_moves("URDLUR") == "URDLUR"
    assert cancel_moves("ULRD") == ""


# -- weighted search stays within its bound ------------------------------------------------


@settings(max_examples=30)
@given(st.sampled_from([1.0, 1.5, 2.0, 3.0]), seeds, st.sampled_from(["last", "first"]))
def test_weight_keeps_its_bound(weight: float, seed: int, blank: str) -> None:
    goal = Board.goal(3, 3, blank=blank)  # type: ignore[arg-type]
    board = random_board(3, 3, goal=goal, seed=seed)
    solution = slidingtiles.solve(
        board, goal, optimal=False, weight=weight, heuristic="linear_conflict"
    )
    assert replay(board, solution.moves) == goal
    assert len(solution.moves) <= weight * oracle_for(goal).distance[board.tiles]


# -- the group kernel ------------------------------------------------------------------------


def abstract_distance(
    rows: int,
    cols: int,
    free: Sequence[int],
    blank: int,
    cells: Sequence[int],
    targets: Sequence[int],
) -> int | None:
    """Breadth-first search over (blank, group cells): the exact cost of placing the group."""
    start = (blank, *cells)
    seen = {start: 0}
    queue = deque([start])
    while queue:
        state = queue.popleft()
        if list(state[1:]) == list(targets):
            return seen[state]
        here = state[0]
        r, c = divmod(here, cols)
        for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
            if 0 <= r + dr < rows and 0 <= c + dc < cols and free[(r + dr) * cols + c + dc]:
                cell = (r + dr) * cols + c + dc
                new = [cell, *(here if x == cell else x for x in state[1:])]
                key = tuple(new)
                if key not in seen:
                    seen[key] = seen[state] + 1
                    queue.append(key)
    return None  # parity: in a 2x2 region not every placement is reachable


def random_group(rng: random.Random) -> tuple[int, int, list[int], int, list[int], list[int]]:
    rows, cols = rng.randint(2, 4), rng.randint(2, 4)
    free = [1] * (rows * cols)
    if rows > 2 and rng.random() < 0.5:
        for c in range(cols):
            free[c] = 0  # a placed top row
    cells = [c for c in range(rows * cols) if free[c]]
    k = rng.randint(1, min(3, len(cells) - 2))
    pick = rng.sample(cells, k + 1)
    return rows, cols, free, pick[0], pick[1:], rng.sample(cells, k)


def test_place_group_is_exact_with_weight_one_and_bounded_otherwise(kernels: Kernels) -> None:
    rng = random.Random(11)
    for _ in range(40):
        rows, cols, free, blank, cells, targets = random_group(rng)
        best = abstract_distance(rows, cols, free, blank, cells, targets)
        for weight in ((1, 1), (3, 2), (3, 1)):
            path, expanded, generated = kernels.place_group(
                rows, cols, free, blank, cells, targets, weight, 1_000_000
            )
            if best is None:  # the search runs out of nodes to expand
                assert path is None
                continue
            assert path is not None
            assert expanded <= generated
            # The path is a walk of the blank over free cells that puts the group in place.
            here, now = blank, list(cells)
            for cell in path:
                assert free[cell]
                assert abs(cell - here) in (1, cols)
                assert abs(cell // cols - here // cols) + abs(cell % cols - here % cols) == 1
                now = [here if x == cell else x for x in now]
                here = cell
            assert now == targets
            if weight == (1, 1):
                assert len(path) == best
            else:
                assert best <= len(path) <= best * weight[0] / weight[1] + 1e-9


def test_place_group_gives_up_past_its_budget(kernels: Kernels) -> None:
    assert kernels.place_group(3, 3, [1] * 9, 8, [0, 1], [1, 0], (1, 1), 5)[0] is None


def test_both_group_kernels_search_the_same_nodes(both: tuple[Kernels, Kernels]) -> None:
    python, numba = both
    rng = random.Random(3)
    for _ in range(60):
        rows, cols, free, blank, cells, targets = random_group(rng)
        weight = rng.choice([(1, 1), (3, 2), (5, 1)])
        budget = rng.choice([3, 50, 100_000])
        args = (rows, cols, free, blank, cells, targets, weight, budget)
        assert python.place_group(*args) == numba.place_group(*args)


def costed_distance(
    rows: int,
    cols: int,
    free: Sequence[int],
    blank: int,
    cells: Sequence[int],
    targets: Sequence[int],
    costs: Sequence[int],
    unit: int,
) -> int | None:
    """Dijkstra over (blank, group cells) with `place_group`'s move costs: the cheapest placing."""
    start = (blank, *cells)
    best = {start: 0}
    heap = [(0, start)]
    while heap:
        spent, state = heapq.heappop(heap)
        if spent > best[state]:
            continue
        if list(state[1:]) == list(targets):
            return spent
        here = state[0]
        r, c = divmod(here, cols)
        for d, (dr, dc) in enumerate(((-1, 0), (1, 0), (0, -1), (0, 1))):
            if 0 <= r + dr < rows and 0 <= c + dc < cols and free[(r + dr) * cols + c + dc]:
                cell = (r + dr) * cols + c + dc
                key = (cell, *(here if x == cell else x for x in state[1:]))
                step = unit if cell in state[1:] else costs[4 * here + d]
                if spent + step < best.get(key, spent + step + 1):
                    best[key] = spent + step
                    heapq.heappush(heap, (spent + step, key))
    return None


def test_place_group_with_move_costs_finds_the_cheapest_placing(kernels: Kernels) -> None:
    rng = random.Random(17)
    for _ in range(30):
        rows, cols, free, blank, cells, targets = random_group(rng)
        unit = rng.choice([1, 10])
        # Costs of at least `unit` keep the heuristic (`unit` per move) admissible and consistent.
        costs = [rng.randint(unit, 3 * unit) for _ in range(4 * rows * cols)]
        best = costed_distance(rows, cols, free, blank, cells, targets, costs, unit)
        path = kernels.place_group(
            rows, cols, free, blank, cells, targets, (1, 1), 1_000_000, -1, costs, unit
        )[0]
        if best is None:
            assert path is None
            continue
        assert path is not None
        spent, here, now = 0, blank, list(cells)
        for cell in path:
            assert free[cell]
            assert abs(cell // cols - here // cols) + abs(cell % cols - here % cols) == 1
            d = {-cols: 0, cols: 1, -1: 2, 1: 3}[cell - here]
            spent += unit if cell in now else costs[4 * here + d]
            now = [here if x == cell else x for x in now]
            here = cell
        assert now == targets
        assert spent == best


def test_unit_costs_are_the_plain_search(kernels: Kernels) -> None:
    rng = random.Random(19)
    for _ in range(20):
        rows, cols, free, blank, cells, targets = random_group(rng)
        args = (rows, cols, free, blank, cells, targets, (3, 2), 100_000)
        plain = kernels.place_group(*args)
        assert kernels.place_group(*args, -1, [1] * (4 * rows * cols), 1) == plain
        assert kernels.place_group(*args, -1, [7] * (4 * rows * cols), 7) == plain


def test_both_group_kernels_agree_with_move_costs(both: tuple[Kernels, Kernels]) -> None:
    python, numba = both
    rng = random.Random(23)
    for _ in range(40):
        rows, cols, free, blank, cells, targets = random_group(rng)
        costs = [rng.randint(1, 200) for _ in range(4 * rows * cols)]
        weight = rng.choice([(1, 1), (3, 2), (8, 1)])
        args = (rows, cols, free, blank, cells, targets, weight, rng.choice([3, 50, 100_000]))
        assert python.place_group(*args, -1, costs, 100) == numba.place_group(*args, -1, costs, 100)


def test_group_heuristic_is_admissible() -> None:
    rng = random.Random(5)
    for _ in range(40):
        rows, cols, free, blank, cells, targets = random_group(rng)
        h = python_weighted.group_heuristic(cols, blank, cells, targets)
        best = abstract_distance(rows, cols, free, blank, cells, targets)
        assert best is None or h <= best


# -- the staged solver -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("shape", "blank"), [((4, 4), "last"), ((5, 4), "first"), ((3, 6), "last")]
)
def test_staged_solutions_replay(shape: tuple[int, int], blank: str) -> None:
    goal = Board.goal(*shape, blank=blank)  # type: ignore[arg-type]
    for seed in range(1):
        board = random_board(*shape, goal=goal, seed=seed)
        moves = solve_staged(board, goal, untimed())
        assert moves is not None
        assert replay(board, moves) == goal


@pytest.mark.parametrize(
    ("shape", "blank", "variant"), [slow_case((5, 8), "last", 0), ((8, 5), "random", 5)]
)
def test_chunked_solutions_replay(shape: tuple[int, int], blank: str, variant: int) -> None:
    goal = Board.goal(*shape) if blank == "last" else random_board(*shape, seed=variant)
    board = random_board(*shape, goal=goal, seed=1)
    moves = solve_chunked(board, goal, untimed(), variant=variant)
    assert moves is not None
    assert replay(board, moves) == goal


def test_chunked_gives_up_at_a_passed_deadline() -> None:
    board = random_board(9, 9, seed=2)
    assert solve_chunked(board, Board.goal(9, 9), untimed(), until=0.0) is None


@pytest.mark.parametrize("overhead", [slow_case(0.0), slow_case(1e9)])  # both spend 3 s
def test_above_20x20_the_peel_runs_only_when_its_repairs_fit(
    monkeypatch: pytest.MonkeyPatch, overhead: float
) -> None:
    # 12x12 stands in for 30x30: its repairs priced as above 20x20 (peeled's internal costs).
    monkeypatch.setattr(peeled, "_OVERHEAD_CELLS", 100)
    monkeypatch.setattr(peeled, "_OVERHEAD", {"numba": overhead, "python": overhead})
    fast = {"numba": (1e-9, 1.5), "python": (1e-9, 2.0)}  # any width fits: only the overhead counts
    monkeypatch.setattr(peeled, "_RATE", fast)
    monkeypatch.setattr(peeled, "_SPARE_WIDTHS", ())  # the first peel alone
    calls: list[int] = []
    solve_peeled = peeled.solve_peeled

    def spy(start: Board, goal: Board, budget: Budget, **options: object) -> str | None:
        calls.append(start.size)
        return solve_peeled(start, goal, budget, **options)  # type: ignore[arg-type]

    monkeypatch.setattr(peeled, "solve_peeled", spy)
    board = random_board(12, 12, seed=4)
    found = peeled.peeled(board, Board.goal(12, 12), Budget(Deadline(1.5)))
    assert calls == ([] if overhead else [144])
    assert (found is None) == bool(overhead)
    if found is not None:
        assert replay(board, found) == Board.goal(12, 12)


def test_the_peel_runs_up_to_50x50_with_a_time_limit_and_to_20x20_without() -> None:
    def runs_peel(cells: int, timed: bool) -> bool:
        steps = choose_methods(cells, timed=timed, implementation="numba").steps
        return any("peeled" in step for step in steps)

    assert [runs_peel(c, True) for c in (49, 50, 2500, 2501)] == [False, True, True, False]
    assert [runs_peel(c, False) for c in (49, 50, 400, 401)] == [False, True, True, False]


@pytest.mark.parametrize("spare", [True, False])
def test_time_left_after_the_first_peel_buys_peels_at_other_widths_the_shortest_kept(
    monkeypatch: pytest.MonkeyPatch, spare: bool, cpu_clock: CpuClock
) -> None:
    board, goal = random_board(8, 8, seed=3), Board.goal(8, 8)
    base = str(slidingtiles.solve_constructive(board).moves)  # blank home last: "UD" pads it
    fast = {"numba": (1e-9, 1.5), "python": (1e-9, 2.0)}  # the first peel always fits
    monkeypatch.setattr(peeled, "_RATE", fast)
    widths: list[int | None] = []
    returned: list[str] = []

    def peel(
        start: Board, goal: Board, budget: Budget, *, width: int, fill: object = None, **_: object
    ) -> str:
        assert start == board
        if fill is not None:  # the first peel, each L as wide as the time allows
            widths.append(None)
            cpu_clock.advance(0 if spare else 0.3)
            returned.append(base + "UD" * 3)
        else:
            widths.append(width)
            returned.append(base + "UD" * (width % 7))  # shortest at 7000, not first or last
        return returned[-1]

    monkeypatch.setattr(peeled, "solve_peeled", peel)
    # 0.5 s: its 80 % share is 0.35 s (less the margin) from the call's start
    found = peeled.peeled(board, goal, Budget(Deadline(60 if spare else 0.5)))
    assert found is not None
    if spare:
        assert widths == [None, *peeled._SPARE_WIDTHS]
    else:  # 0.3 s taken, under 0.1 s of the peel's share left: no other width fits
        assert widths == [None]
    assert found == min(returned, key=len)  # the first of the shortest
    assert replay(board, found) == goal


def test_mid_size_boards_with_a_time_limit_replay(cpu_clock: CpuClock) -> None:
    board = random_board(10, 10, seed=7)
    first = slidingtiles.solve_constructive(board)
    began = cpu_clock()
    solution = check(board, Board.goal(10, 10), time_limit=1.0)
    assert within_limit(cpu_clock, began, 1.0)
    assert solution.length <= len(first.moves)


# -- reported in the API and the command line -----------------------------------------------


def test_ratio_and_bound_in_the_solution_and_its_json() -> None:
    board = random_board(11, 10, seed=2)  # the constructive solver: fast in both implementations
    solution = slidingtiles.solve(board, optimal=False)
    data = json.loads(json.dumps(solution.to_dict()))
    assert data["lower_bound"] == lower_bound(board, Board.goal(11, 10))
    assert data["lower_bound"] >= manhattan(board, Board.goal(11, 10))
    assert data["ratio"] == round(solution.length / data["lower_bound"], 4)
    assert data["length"] == solution.length
    optimal = slidingtiles.solve("1 2 3/4 0 6/7 5 8")
    assert optimal.ratio == 1.0
    assert optimal.to_dict()["ratio"] == 1.0


def test_the_command_line_prints_the_bound_and_the_ratio(
    capsys: pytest.CaptureFixture[str],
) -> None:
    board = random_board(11, 10, seed=9)
    assert main(["solve", board.to_text(), "--suboptimal", "--format", "text"]) == 0
    out = capsys.readouterr().out
    lines = out.strip().splitlines()
    length = int(next(line for line in lines if line.startswith("Moves")).split("=")[1])
    bound = int(next(line for line in lines if line.startswith("Lower bound")).split("=")[1])
    ratio = float(lines[-1].split("=")[1])
    assert lines[-1].startswith("Length / lower bound")
    assert ratio == pytest.approx(length / bound, abs=5e-4)
    assert main(["solve", board.to_text(), "--suboptimal", "--format", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["length"] == length
    assert data["ratio"] == pytest.approx(length / bound, abs=5e-5)


def test_the_guide_prints_the_methods_table() -> None:
    """docs/large-boards.md shows the one table that chooses the methods, as it is."""
    page = Path(__file__).resolve().parent.parent / "docs" / "large-boards.md"
    assert methods_table() in page.read_text(encoding="utf-8")


def test_every_size_and_budget_has_one_row_of_methods_that_answers() -> None:
    for cells in (2, 12, 13, 25, 26, 36, 37, 49, 50, 64, 65, 100, 101, 400, 401, 2500, 10**6):
        for timed in (False, True):
            for implementation in ("numba", "python"):
                steps = choose_methods(cells, timed=timed, implementation=implementation).steps
                methods = {name for step in steps for name in step}
                assert methods & {"idastar", "weighted_idastar", "reduce", "peeled", "beam"}


def test_progress_is_told_after_each_method() -> None:
    seen: list[slidingtiles.SearchStats] = []
    board = random_board(6, 6, seed=1)
    solution = slidingtiles.solve(board, optimal=False, progress=seen.append)
    runs = [stats.iterations for stats in seen]  # the methods run so far (lines between them)
    assert runs == sorted(runs)
    assert runs[-1] == solution.stats.iterations
    assert 0 < seen[-1].expanded <= solution.stats.expanded  # the beam's boards, then windows'
