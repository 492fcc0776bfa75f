"""The generic search on a puzzle with no tiles at all: measure 4 litres with 3- and 5-litre jugs.

Run: python examples/water_jugs.py
"""

from collections.abc import Iterator
from dataclasses import dataclass

from slidingtiles.search import astar, bfs


@dataclass(frozen=True)
class Jugs:
    """Litres in each jug; a frozen dataclass is hashable and compares by value."""

    small: int = 0
    big: int = 0
    SMALL = 3
    BIG = 5
    TARGET = 4

    def successors(self) -> Iterator[tuple[str, "Jugs", int]]:
        pour_to_big = min(self.small, self.BIG - self.big)
        pour_to_small = min(self.big, self.SMALL - self.small)
        yield "fill small", Jugs(self.SMALL, self.big), 1
        yield "fill big", Jugs(self.small, self.BIG), 1
        yield "empty small", Jugs(0, self.big), 1
        yield "empty big", Jugs(self.small, 0), 1
        yield "pour small into big", Jugs(self.small - pour_to_big, self.big + pour_to_big), 1
        yield "pour big into small", Jugs(self.small + pour_to_small, self.big - pour_to_small), 1

    def is_goal(self) -> bool:
        return self.TARGET in (self.small, self.big)


result = bfs(Jugs())
print(f"fewest steps: {len(result.actions)} (optimal={result.optimal})")
for action, state in zip(result.actions, result.path[1:]):
    print(f"  {action:<20} -> small {state.small} L, big {state.big} L")

# Any search accepts the same state; A* with no heuristic is Dijkstra's algorithm.
assert astar(Jugs()).cost == len(result.actions)
print(f"A* agrees: cost {astar(Jugs()).cost:g}, {result.stats.expanded} states expanded by BFS")
