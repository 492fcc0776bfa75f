"""Tests of `slidingtiles.search` on domains that are not tiles: random graphs, jugs, a maze."""

from __future__ import annotations

import heapq
import itertools
import math
import random
from collections import deque
from collections.abc import Callable, Iterator, Sequence
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import slidingtiles.search as search_api
from slidingtiles import HeuristicError, NoPathError, SearchLimitExceeded
from slidingtiles.search import (
    SearchResult,
    SearchStats,
    State,
    _limits,
    astar,
    bfs,
    greedy,
    idastar,
    weighted_astar,
)

# --------------------------------------------------------------------------- domains


class Graph:
    """A weighted digraph on vertices ``0..n-1``; edge ``i`` is ``edges[i] = (u, v, cost)``."""

    def __init__(
        self, n: int, edges: Sequence[tuple[int, int, float]], goals: frozenset[int]
    ) -> None:
        self.n = n
        self.edges = list(edges)
        self.goals = goals
        self.out: list[list[tuple[int, int, float]]] = [[] for _ in range(n)]
        for i, (u, v, cost) in enumerate(edges):
            self.out[u].append((i, v, cost))

    def node(self, index: int) -> Node:
        return Node(self, index)

    def __repr__(self) -> str:
        return f"Graph({self.n}, {self.edges}, goals={sorted(self.goals)})"


class Node:
    """A vertex of a `Graph` as a search state; the action of a move is the edge's index."""

    __slots__ = ("graph", "index")

    def __init__(self, graph: Graph, index: int) -> None:
        self.graph = graph
        self.index = index

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Node) and other.index == self.index

    def __hash__(self) -> int:
        return self.index

    def __repr__(self) -> str:
        return f"Node({self.index})"

    def successors(self) -> Iterator[tuple[int, Node, float]]:
        graph = self.graph
        for edge, v, cost in graph.out[self.index]:
            yield edge, Node(graph, v), cost

    def is_goal(self) -> bool:
        return self.index in self.graph.goals


class Jugs:
    """The water-jug puzzle: jugs of 3 and 5 litres, get 4 litres; a move costs the litres moved."""

    __slots__ = ("a", "b")
    CAP = (3, 5)

    def __init__(self, a: int, b: int) -> None:
        self.a = a
        self.b = b

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Jugs) and (other.a, other.b) == (self.a, self.b)

    def __hash__(self) -> int:
        return hash((self.a, self.b))

    def __repr__(self) -> str:
        return f"Jugs({self.a}, {self.b})"

    def successors(self) -> Iterator[tuple[str, Jugs, float]]:
        a, b = self.a, self.b
        ca, cb = self.CAP
        pour_ab = min(a, cb - b)
        pour_ba = min(b, ca - a)
        moves = [
            ("fill A", Jugs(ca, b), ca - a),
            ("fill B", Jugs(a, cb), cb - b),
            ("empty A", Jugs(0, b), a),
            ("empty B", Jugs(a, 0), b),
            ("pour A->B", Jugs(a - pour_ab, b + pour_ab), pour_ab),
            ("pour B->A", Jugs(a + pour_ba, b - pour_ba), pour_ba),
        ]
        for action, nxt, litres in moves:
            if litres:  # moving no water is no move
                yield action, nxt, float(litres)

    def is_goal(self) -> bool:
        return 4 in (self.a, self.b)


MAZE = """\
S.#.......
.##.####.#
....#..#..
.####.##.#
......#..G
"""


class Cell:
    """A free cell of `MAZE`; unit-cost moves to the four neighbours."""

    __slots__ = ("col", "row")
    ROWS = MAZE.splitlines()
    GOAL = next((r, c) for r, line in enumerate(ROWS) for c, ch in enumerate(line) if ch == "G")

    def __init__(self, row: int, col: int) -> None:
        self.row = row
        self.col = col

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Cell) and (other.row, other.col) == (self.row, self.col)

    def __hash__(self) -> int:
        return hash((self.row, self.col))

    def __repr__(self) -> str:
        return f"Cell({self.row}, {self.col})"

    def successors(self) -> Iterator[tuple[str, Cell, float]]:
        rows = self.ROWS
        for action, dr, dc in (("U", -1, 0), ("D", 1, 0), ("L", 0, -1), ("R", 0, 1)):
            r, c = self.row + dr, self.col + dc
            if 0 <= r < len(rows) and 0 <= c < len(rows[r]) and rows[r][c] != "#":
                yield action, Cell(r, c), 1.0

    def is_goal(self) -> bool:
        return (self.row, self.col) == self.GOAL


def manhattan(cell: Cell) -> float:
    return float(abs(cell.row - Cell.GOAL[0]) + abs(cell.col - Cell.GOAL[1]))


class Plane:
    """An endless grid with no goal, for limits; ``x`` or ``y`` may be made costly."""

    __slots__ = ("x", "y")

    def __init__(self, x: int, y: int) -> None:
        self.x = x
        self.y = y

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Plane) and (other.x, other.y) == (self.x, self.y)

    def __hash__(self) -> int:
        return hash((self.x, self.y))

    def successors(self) -> Iterator[tuple[str, Plane, float]]:
        x, y = self.x, self.y
        yield "E", Plane(x + 1, y), 1.0
        yield "W", Plane(x - 1, y), 1.0
        yield "N", Plane(x, y + 1), 1.0
        yield "S", Plane(x, y - 1), 1.0

    def is_goal(self) -> bool:
        return False


def zero(_state: object) -> float:
    return 0.0


# --------------------------------------------------------------------------- oracles


def oracle_cost(start: Any) -> float | None:
    """Cheapest cost from ``start`` to any goal, by textbook Dijkstra over ``successors``."""
    best = {start: 0.0}
    heap: list[tuple[float, int, Any]] = [(0.0, 0, start)]
    counter = 1
    done = set()
    while heap:
        g, _, state = heapq.heappop(heap)
        if state in done:
            continue
        done.add(state)
        if state.is_goal():
            return g
        for _, nxt, cost in state.successors():
            if g + cost < best.get(nxt, math.inf):
                best[nxt] = g + cost
                heapq.heappush(heap, (g + cost, counter, nxt))
                counter += 1
    return None


def oracle_steps(start: Any) -> int | None:
    """Fewest moves from ``start`` to any goal, by breadth-first search."""
    depth = {start: 0}
    queue = deque([start])
    while queue:
        state = queue.popleft()
        if state.is_goal():
            return depth[state]
        for _, nxt, _ in state.successors():
            if nxt not in depth:
                depth[nxt] = depth[state] + 1
                queue.append(nxt)
    return None


def distance_to_goal(graph: Graph) -> list[float]:
    """The true cost from every vertex to the nearest goal (Dijkstra on the reversed graph)."""
    dist = [math.inf] * graph.n
    for goal in graph.goals:
        dist[goal] = 0.0
    heap = [(0.0, goal) for goal in graph.goals]
    into: list[list[tuple[int, float]]] = [[] for _ in range(graph.n)]
    for u, v, cost in graph.edges:
        into[v].append((u, cost))
    while heap:
        d, v = heapq.heappop(heap)
        if d > dist[v]:
            continue
        for u, cost in into[v]:
            if d + cost < dist[u]:
                dist[u] = d + cost
                heapq.heappush(heap, (d + cost, u))
    return dist


def check_path(result: SearchResult[Any, Any], start: Any) -> None:
    """Assert the path starts at ``start``, ends at a goal, follows real moves, costs ``cost``."""
    assert result.path[0] == start
    assert result.path[-1].is_goal()
    assert len(result.path) == len(result.actions) + 1
    total = 0.0
    for state, action, nxt in zip(result.path, result.actions, result.path[1:], strict=False):
        costs = [c for a, t, c in state.successors() if a == action and t == nxt]
        assert costs, f"{action!r} does not lead from {state!r} to {nxt!r}"
        total += min(costs)
    assert result.cost == pytest.approx(total, rel=1e-9, abs=1e-9)
    assert isinstance(result.cost, float)


# --------------------------------------------------------------------------- strategies


@st.composite
def small_graphs(draw: st.DrawFn, floats: bool) -> Graph:
    """Graphs drawn edge by edge: shrink well, find degenerate cases (loops, zero costs)."""
    n = draw(st.integers(2, 8))
    vertex = st.integers(0, n - 1)
    cost = st.floats(0, 10) if floats else st.integers(0, 9).map(float)
    edges = draw(st.lists(st.tuples(vertex, vertex, cost), min_size=n, max_size=3 * n))
    goals = draw(st.frozensets(st.integers(1, n - 1), min_size=1, max_size=2))
    return Graph(n, edges, goals)


@st.composite
def seeded_graphs(draw: st.DrawFn, floats: bool) -> Graph:
    """Denser graphs from a seeded generator, mostly short-range edges and goals at the far end.

    They have long shortest paths and many rival paths of other lengths and costs, which
    hypothesis's own draws (biased to small numbers) rarely give.
    """
    rnd = random.Random(draw(st.integers(0, 2**32 - 1)))
    n = rnd.randint(2, 12)
    edges = []
    for _ in range(rnd.randint(2 * n, 5 * n)):
        u = rnd.randrange(n)
        near = min(n - 1, max(0, u + rnd.randint(-2, 3)))
        v = rnd.randrange(n) if rnd.random() < 0.25 else near
        edges.append((u, v, rnd.uniform(0, 10) if floats else float(rnd.randint(0, 9))))
    tail = range(max(1, n - 3), n)
    goals = frozenset(rnd.sample(tail, rnd.randint(1, min(2, len(tail)))))
    return Graph(n, edges, goals)


def graphs(floats: bool = False) -> st.SearchStrategy[Graph]:
    return st.one_of(small_graphs(floats), seeded_graphs(floats))


FACTORS = st.sampled_from([0.0, 0.5, 0.9, 1.0])


def scaled(dist: list[float], factor: float) -> Callable[[Node], float]:
    """An admissible, consistent heuristic: a fraction of the true distance to a goal."""
    return lambda node: dist[node.index] * factor if dist[node.index] < math.inf else math.inf


# --------------------------------------------------------------------------- random graphs


@settings(deadline=None)
@given(graphs(), FACTORS)
def test_astar_and_idastar_are_optimal_on_random_graphs(graph: Graph, factor: float) -> None:
    start = graph.node(0)
    best = oracle_cost(start)
    h = scaled(distance_to_goal(graph), factor)
    searches: list[Callable[[], SearchResult[Node, int]]] = [
        lambda: astar(start),
        lambda: astar(start, h, admissible=True),
        lambda: idastar(start),
        lambda: idastar(start, h, admissible=True),
    ]
    for search in searches:
        if best is None:
            with pytest.raises(NoPathError) as info:
                search()
            assert isinstance(info.value.stats, SearchStats)
        else:
            result = search()
            check_path(result, start)
            assert result.cost == best
            assert result.optimal


@settings(deadline=None)
@given(graphs(floats=True), FACTORS)
def test_astar_and_idastar_are_optimal_with_float_costs(graph: Graph, factor: float) -> None:
    start = graph.node(0)
    best = oracle_cost(start)
    if best is None:
        with pytest.raises(NoPathError):
            astar(start, scaled(distance_to_goal(graph), factor))
        return
    h = scaled(distance_to_goal(graph), factor)
    results = [astar(start), astar(start, h)]
    if factor:  # blind IDA* on real-valued costs would try a bound per distinct path cost
        results.append(idastar(start, h))
    for result in results:
        check_path(result, start)
        assert result.cost == pytest.approx(best, rel=1e-9, abs=1e-9)


@settings(deadline=None)
@given(graphs(), st.data())
def test_admissible_inconsistent_heuristic_keeps_astar_and_idastar_optimal(
    graph: Graph, data: st.DataObject
) -> None:
    start = graph.node(0)
    best = oracle_cost(start)
    dist = distance_to_goal(graph)
    # Any value in [0, h*] is admissible; drawn independently per vertex it is rarely consistent.
    values = [d if d == math.inf else data.draw(st.integers(0, int(d)).map(float)) for d in dist]

    def h(node: Node) -> float:
        return values[node.index]

    searches: list[Callable[[], SearchResult[Node, int]]] = [
        lambda: astar(start, h, consistent=False),
        lambda: astar(start, h),
        lambda: idastar(start, h),
    ]
    for search in searches:
        if best is None:
            with pytest.raises(NoPathError):
                search()
        else:
            result = search()
            check_path(result, start)
            assert result.cost == best


@settings(deadline=None)
@given(graphs(), FACTORS, st.sampled_from([1.0, 1.5, 2.0, 5.0]), st.booleans())
def test_weighted_astar_stays_within_its_bound(
    graph: Graph, factor: float, weight: float, consistent: bool
) -> None:
    start = graph.node(0)
    best = oracle_cost(start)
    h = scaled(distance_to_goal(graph), factor)
    if best is None:
        with pytest.raises(NoPathError):
            weighted_astar(start, h, weight, consistent=consistent)
        return
    result = weighted_astar(start, h, weight, admissible=True, consistent=consistent)
    check_path(result, start)
    assert best <= result.cost <= weight * best
    assert result.optimal == (weight == 1.0)


@settings(deadline=None)
@given(graphs(), FACTORS)
def test_greedy_returns_a_valid_path(graph: Graph, factor: float) -> None:
    start = graph.node(0)
    h = scaled(distance_to_goal(graph), factor)
    if oracle_cost(start) is None:
        with pytest.raises(NoPathError):
            greedy(start, h)
        return
    result = greedy(start, h)
    check_path(result, start)
    assert not result.optimal


@settings(deadline=None)
@given(graphs())
def test_bfs_returns_a_path_with_fewest_steps(graph: Graph) -> None:
    start = graph.node(0)
    steps = oracle_steps(start)
    if steps is None:
        with pytest.raises(NoPathError):
            bfs(start)
        return
    result = bfs(start)
    check_path(result, start)
    assert len(result.actions) == steps
    assert result.optimal


def test_inconsistent_heuristic_forces_a_reopening() -> None:
    # S->C directly costs 3, via A only 2; h(A) = 9 is admissible (h*(A) = 21) but
    # inconsistent (> 1 + h(C)), so C is expanded via the dear edge first, then reopened.
    edges = [(0, 1, 1.0), (0, 2, 3.0), (1, 2, 1.0), (2, 3, 20.0)]  # S=0 A=1 C=2 G=3
    graph = Graph(4, edges, frozenset({3}))
    start = graph.node(0)
    estimate = [0.0, 9.0, 0.0, 0.0]

    def h(node: Node) -> float:
        return estimate[node.index]

    for consistent in (False, True):  # with weight 1 the promise does not stop reopening
        result = astar(start, h, admissible=True, consistent=consistent)
        check_path(result, start)
        assert result.cost == 22.0
        assert result.actions == (0, 2, 3)
        assert result.stats.reopened == 1
        assert result.optimal
    assert idastar(start, h).cost == 22.0
    # Weighted A* reopens only without the consistency promise; here the promise is false,
    # so keeping C closed costs one unit (still within the 1.5 bound).
    honest = weighted_astar(start, h, 1.5, consistent=False)
    assert (honest.cost, honest.stats.reopened) == (22.0, 1)
    trusting = weighted_astar(start, h, 1.5, consistent=True)
    assert (trusting.cost, trusting.stats.reopened) == (23.0, 0)


def test_stale_heap_entries_are_skipped() -> None:
    # S->A costs 5, but S->B->A only 2: A's first entry goes stale and must not be expanded
    # (it pops before G, whose g is 12).
    edges = [(0, 1, 5.0), (0, 2, 1.0), (2, 1, 1.0), (1, 3, 10.0)]  # S=0 A=1 B=2 G=3
    graph = Graph(4, edges, frozenset({3}))
    result = astar(graph.node(0))
    assert result.actions == (1, 2, 3)
    assert result.cost == 12.0
    assert (result.stats.expanded, result.stats.reopened) == (3, 0)


def test_weight_trades_cost_for_speed() -> None:
    # Via A costs 5, via B 6; h(A) = 4, h(B) = 1 (admissible). A* takes A; with weight 3
    # B looks far better (3 + 3*1 < 1 + 3*4) and its goal is reached first.
    edges = [(0, 1, 1.0), (0, 2, 3.0), (1, 3, 4.0), (2, 3, 3.0)]  # S=0 A=1 B=2 G=3
    graph = Graph(4, edges, frozenset({3}))
    estimate = [0.0, 4.0, 1.0, 0.0]

    def h(node: Node) -> float:
        return estimate[node.index]

    assert astar(graph.node(0), h).cost == 5.0
    lax = weighted_astar(graph.node(0), h, 3.0)
    assert lax.cost == 6.0
    assert lax.stats.expanded == 2
    assert not lax.optimal


def test_ties_on_f_go_to_the_smaller_h() -> None:
    # Both routes cost 3 and both children have f = 3; B (h = 1) is nearer the goal than A
    # (h = 2), so B is expanded first and its goal entry (h = 0) beats A too.
    edges = [(0, 1, 1.0), (0, 2, 2.0), (1, 3, 2.0), (2, 3, 1.0)]  # S=0 A=1 B=2 G=3
    graph = Graph(4, edges, frozenset({3}))
    estimate = [3.0, 2.0, 1.0, 0.0]
    result = astar(graph.node(0), lambda node: estimate[node.index])
    assert result.actions == (1, 3)
    assert result.stats.expanded == 2


def test_greedy_follows_the_heuristic_only() -> None:
    # The cheap route is S->A->G (2); h calls B nearer, so greedy pays 10 via B.
    edges = [(0, 1, 1.0), (0, 2, 9.0), (1, 3, 1.0), (2, 3, 1.0)]  # S=0 A=1 B=2 G=3
    graph = Graph(4, edges, frozenset({3}))
    estimate = [2.0, 5.0, 1.0, 0.0]
    result = greedy(graph.node(0), lambda node: estimate[node.index])
    assert (result.actions, result.cost) == ((1, 3), 10.0)
    assert result.stats.expanded == 2


def test_idastar_raises_the_bound_to_the_least_pruned_f() -> None:
    # S->A->G costs 0.25 + 0.25; S->X (0.375) is a dead end. The bounds must be 0, 0.25,
    # 0.375, 0.5: skipping 0.375 would be wrong in general, so count the iterations.
    edges = [(0, 1, 0.25), (0, 2, 0.375), (1, 3, 0.25)]  # S=0 A=1 X=2 G=3
    graph = Graph(4, edges, frozenset({3}))
    result = idastar(graph.node(0))
    assert result.cost == 0.5
    assert result.stats.iterations == 4
    assert result.stats.expanded == 1 + 2 + 3 + 2


# --------------------------------------------------------------------------- other domains


def test_water_jugs() -> None:
    start = Jugs(0, 0)
    assert isinstance(start, State)
    shortest = bfs(start)
    check_path(shortest, start)
    assert len(shortest.actions) == 6 == oracle_steps(start)
    best = oracle_cost(start)
    for result in (astar(start), idastar(start), astar(start, zero)):
        check_path(result, start)
        assert result.cost == best


def test_maze_all_algorithms() -> None:
    start = Cell(0, 0)
    steps = oracle_steps(start)
    assert steps is not None
    for result in (
        astar(start, manhattan),
        idastar(start, manhattan),
        bfs(start),
        astar(start),
    ):
        check_path(result, start)
        assert len(result.actions) == steps
        assert result.cost == steps
    for result in (weighted_astar(start, manhattan, 3), greedy(start, manhattan)):
        check_path(result, start)
        assert steps <= result.cost <= 3 * steps
    heuristic_run = astar(start, manhattan).stats
    blind_run = astar(start).stats
    assert heuristic_run.expanded < blind_run.expanded
    assert heuristic_run.iterations == 1
    assert idastar(start, manhattan).stats.iterations > 1


def test_long_paths_need_no_recursion() -> None:
    n = 5000
    graph = Graph(n, [(i, i + 1, 1.0) for i in range(n - 1)], frozenset({n - 1}))
    start = graph.node(0)

    def h(node: Node) -> float:
        return float(n - 1 - node.index)

    for result in (idastar(start, h), astar(start, h), bfs(start), greedy(start, h)):
        assert len(result.path) == n
        assert result.cost == n - 1
    assert idastar(start, h).stats.max_frontier == n - 1  # the goal is never entered


# --------------------------------------------------------------------------- edge cases


ALL_SEARCHES: list[tuple[str, Callable[..., SearchResult[Any, Any]]]] = [
    ("astar", lambda s, **kw: astar(s, zero, **kw)),
    ("weighted_astar", lambda s, **kw: weighted_astar(s, zero, 2.0, **kw)),
    ("greedy", lambda s, **kw: greedy(s, zero, **kw)),
    ("idastar", lambda s, **kw: idastar(s, zero, **kw)),
    ("bfs", lambda s, **kw: bfs(s, **kw)),
]
NAMES = [name for name, _ in ALL_SEARCHES]
SEARCHES = [search for _, search in ALL_SEARCHES]


@pytest.mark.parametrize("search", SEARCHES, ids=NAMES)
def test_start_that_is_a_goal(search: Callable[..., SearchResult[Any, Any]]) -> None:
    start = Graph(2, [(0, 1, 1.0)], frozenset({0})).node(0)
    result = search(start)
    assert result.path == (start,)
    assert result.actions == ()
    assert result.cost == 0.0
    assert result.stats.expanded == 0
    assert result.stats.iterations == 1


@pytest.mark.parametrize(("name", "search"), ALL_SEARCHES, ids=NAMES)
def test_disconnected_goal_raises_no_path(
    name: str, search: Callable[..., SearchResult[Any, Any]]
) -> None:
    edges = [(0, 1, 1.0), (1, 0, 1.0), (1, 2, 2.0), (3, 3, 1.0)]
    graph = Graph(4, edges, frozenset({3}))
    with pytest.raises(NoPathError, match="no goal is reachable") as info:
        search(graph.node(0))
    # IDA* tries the bounds 0, 1 and 3, expanding 1 + 2 + 3 states; the others 3 once.
    assert info.value.stats.expanded == (6 if name == "idastar" else 3)
    assert info.value.stats.iterations == (3 if name == "idastar" else 1)
    assert isinstance(info.value, LookupError)


@pytest.mark.parametrize("search", SEARCHES, ids=NAMES)
def test_negative_cost_names_the_action(search: Callable[..., SearchResult[Any, Any]]) -> None:
    graph = Graph(3, [(0, 1, 1.0), (1, 2, -0.5)], frozenset({2}))
    with pytest.raises(ValueError, match=r"-0\.5 for action 1 "):
        search(graph.node(0))


@pytest.mark.parametrize("search", SEARCHES, ids=NAMES)
def test_node_limit(search: Callable[..., SearchResult[Any, Any]]) -> None:
    with pytest.raises(SearchLimitExceeded, match="max_nodes=300") as info:
        search(Plane(0, 0), max_nodes=300)
    assert info.value.limit == "nodes"
    assert info.value.value == 300
    assert info.value.stats.expanded == 300
    assert info.value.stats.generated >= 300


@pytest.mark.parametrize("search", SEARCHES, ids=NAMES)
def test_time_limit(
    search: Callable[..., SearchResult[Any, Any]], monkeypatch: pytest.MonkeyPatch
) -> None:
    # A clock that advances 10 ms per reading: the stop depends on the limit logic, not the machine.
    readings = itertools.count()
    monkeypatch.setattr(_limits, "perf_counter", lambda: next(readings) * 0.01)
    with pytest.raises(SearchLimitExceeded, match=r"time_limit=0\.05 s") as info:
        search(Plane(0, 0), time_limit=0.05)
    assert info.value.limit == "time"
    assert info.value.value == 0.05
    assert 0.05 < info.value.stats.seconds <= 0.1  # stopped at the first reading past the limit


@pytest.mark.parametrize("search", [s for n, s in ALL_SEARCHES if n != "idastar"])
@pytest.mark.parametrize("readable", [True, False], ids=["rss", "estimate"])
def test_memory_limit(
    search: Callable[..., SearchResult[Any, Any]],
    readable: bool,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    if not readable:
        monkeypatch.setattr(_limits, "resident_bytes", lambda: None)
    # The node limit is only a backstop: the memory limit must trip long before it.
    with pytest.raises(SearchLimitExceeded) as info:
        search(Plane(0, 0), max_memory=1, max_nodes=200_000)
    assert info.value.limit == "memory"
    assert info.value.value == 1


@pytest.mark.parametrize("search", SEARCHES, ids=NAMES)
def test_progress_is_reported(search: Callable[..., SearchResult[Any, Any]]) -> None:
    n = 95
    graph = Graph(n, [(i, i + 1, 1.0) for i in range(n - 1)], frozenset({n - 1}))
    snapshots: list[SearchStats] = []
    result = search(graph.node(0), progress=snapshots.append, progress_every=10)
    expanded = result.stats.expanded
    assert [s.expanded for s in snapshots] == list(range(10, expanded, 10))
    assert all(isinstance(s, SearchStats) for s in snapshots)


def test_keyboard_interrupt_propagates_and_nothing_breaks() -> None:
    class Trap(Plane):
        __slots__ = ()

        def successors(self) -> Iterator[tuple[str, Plane, float]]:
            if abs(self.x) + abs(self.y) > 3:
                raise KeyboardInterrupt
            for action, nxt, cost in super().successors():
                yield action, Trap(nxt.x, nxt.y), cost

    with pytest.raises(KeyboardInterrupt):
        astar(Trap(0, 0))
    maze = astar(Cell(0, 0), manhattan)
    check_path(maze, Cell(0, 0))


def test_optimal_flag_follows_the_promises() -> None:
    start = Cell(0, 0)
    assert astar(start).optimal
    assert not astar(start, manhattan).optimal  # not assumed admissible unless it says so
    assert astar(start, manhattan, admissible=True).optimal
    assert idastar(start, manhattan, admissible=True).optimal
    assert not idastar(start, manhattan).optimal
    assert not astar(start, manhattan, admissible=False).optimal
    assert not astar(start, manhattan, weight=2).optimal
    assert astar(start, None, weight=2).optimal  # no heuristic: the weight multiplies zero
    assert not idastar(start, manhattan, admissible=False).optimal
    assert not greedy(start, manhattan).optimal
    assert bfs(start).optimal


def test_result_and_stats_are_frozen_values() -> None:
    result = bfs(Cell(0, 0))
    with pytest.raises(AttributeError):
        result.cost = 0.0  # type: ignore[misc]
    assert hash(result) == hash(result)
    assert result == SearchResult(
        result.path, result.actions, result.cost, result.stats, result.optimal
    )


# --------------------------------------------------------------------------- bad arguments

#: The package without its types, so wrong calls that mypy rejects can still be made.
loose: Any = search_api


@pytest.mark.parametrize(
    ("call", "error", "needle"),
    [
        (lambda: loose.astar(Cell(0, 0), weight=0.5), ValueError, "0.5"),
        (lambda: loose.astar(Cell(0, 0), weight=math.nan), ValueError, "nan"),
        (lambda: loose.astar(Cell(0, 0), weight=math.inf), ValueError, "inf"),
        (lambda: loose.astar(Cell(0, 0), weight="2"), TypeError, "'2'"),
        (lambda: loose.weighted_astar(Cell(0, 0), manhattan, 0), ValueError, "got 0"),
        (lambda: loose.astar(Cell(0, 0), 42), TypeError, "42"),
        (lambda: loose.weighted_astar(Cell(0, 0), None, 2), TypeError, "None"),
        (lambda: loose.greedy(Cell(0, 0), None), TypeError, "None"),
        (lambda: loose.idastar(Cell(0, 0), "manhattan"), TypeError, "'manhattan'"),
        (lambda: loose.astar(Cell(0, 0), max_nodes=0), ValueError, "max_nodes=0"),
        (lambda: loose.bfs(Cell(0, 0), max_nodes=-5), ValueError, "max_nodes=-5"),
        (lambda: loose.idastar(Cell(0, 0), max_nodes=1.5), TypeError, "1.5"),
        (lambda: loose.astar(Cell(0, 0), max_nodes=True), TypeError, "True"),
        (lambda: loose.greedy(Cell(0, 0), manhattan, time_limit=0), ValueError, "time_limit=0"),
        (lambda: loose.idastar(Cell(0, 0), time_limit=-1.0), ValueError, "time_limit=-1.0"),
        (lambda: loose.bfs(Cell(0, 0), time_limit="1s"), TypeError, "'1s'"),
        (lambda: loose.bfs(Cell(0, 0), max_memory=0), ValueError, "max_memory=0"),
        (lambda: loose.astar(Cell(0, 0), progress=5), TypeError, "5"),
        (lambda: loose.astar(Cell(0, 0), progress_every=0), ValueError, "progress_every=0"),
        (lambda: loose.astar((0, 0)), TypeError, "(0, 0)"),
        (lambda: loose.bfs([1]), TypeError, "[1]"),
    ],
)
def test_bad_arguments_are_named(
    call: Callable[[], object], error: type[Exception], needle: str
) -> None:
    with pytest.raises(error) as info:
        call()
    assert needle in str(info.value)
    assert type(info.value) is error  # plain ValueError/TypeError, not a library error


def test_a_false_admissible_promise_is_caught_on_the_results_own_path() -> None:
    """An overestimate flagged admissible: the search finds it on its own path, not optimal."""
    start = Cell(0, 0)

    def liar(cell: Cell) -> float:
        return 5 * manhattan(cell)

    for search in (astar, idastar):
        result = search(start, liar, admissible=True)
        check_path(result, start)
        assert not result.optimal
    assert astar(start, manhattan, admissible=True).optimal  # an honest promise is kept


@pytest.mark.parametrize("value", [10**400, -1, math.nan, None, 1j, "3"])
@pytest.mark.parametrize("algorithm", ["astar", "idastar", "greedy"])
def test_a_heuristic_value_out_of_range_is_a_documented_error(
    algorithm: str, value: object
) -> None:
    search = {"astar": astar, "idastar": idastar, "greedy": greedy}[algorithm]
    with pytest.raises(HeuristicError, match="from 0 to 2\\*\\*53") as info:
        search(Cell(0, 0), lambda cell: value if cell != Cell(0, 0) else 1)
    assert isinstance(info.value, ValueError)
