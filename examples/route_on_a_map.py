"""A* on a road map: towns as states, road lengths as costs, straight-line distance as heuristic.

Run: python examples/route_on_a_map.py
"""

import math
from collections.abc import Iterator

from slidingtiles.search import astar

# Town coordinates (km) and roads (km along the road, never shorter than the straight line).
TOWNS = {
    "Ash": (0, 0),
    "Birch": (4, 3),
    "Cedar": (9, 2),
    "Dale": (3, 8),
    "Elm": (8, 7),
    "Fir": (13, 5),
}
ROADS = {
    ("Ash", "Birch"): 5.5,
    ("Ash", "Dale"): 9.0,
    ("Birch", "Cedar"): 6.0,
    ("Birch", "Elm"): 6.5,
    ("Dale", "Elm"): 5.5,
    ("Cedar", "Fir"): 5.0,
    ("Elm", "Fir"): 5.5,
    ("Cedar", "Elm"): 7.0,
}


class Town:
    """A place on the way to ``destination``; hashable by name."""

    def __init__(self, name: str, destination: str) -> None:
        self.name, self.destination = name, destination

    def successors(self) -> Iterator[tuple[str, "Town", float]]:
        for (a, b), km in ROADS.items():
            if self.name in (a, b):
                other = b if self.name == a else a
                yield other, Town(other, self.destination), km

    def is_goal(self) -> bool:
        return self.name == self.destination

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Town) and other.name == self.name

    def __hash__(self) -> int:
        return hash(self.name)


def straight_line(town: Town) -> float:
    """Never longer than any road route, so A* stays optimal (admissible)."""
    return math.dist(TOWNS[town.name], TOWNS[town.destination])


route = astar(Town("Ash", "Fir"), straight_line, admissible=True)
print(" -> ".join(["Ash", *route.actions]), f"({route.cost:g} km, optimal={route.optimal})")
blind = astar(Town("Ash", "Fir"))
print(f"states expanded: {route.stats.expanded} with the heuristic, {blind.stats.expanded} without")
assert blind.cost == route.cost
