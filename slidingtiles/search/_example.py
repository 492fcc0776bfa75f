"""A tiny explicit weighted digraph whose vertices are search states, for the doctests."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping

__all__ = ["Vertex"]


class Vertex:
    """A vertex of a small weighted digraph given as nested dicts, usable as a search state.

    Example:
        >>> a = Vertex.of({"a": {"b": 1, "c": 4}, "b": {"c": 1}}, "a", goal="c")
        >>> a, a.is_goal()
        (Vertex('a'), False)
        >>> list(a.successors())
        [('b', Vertex('b'), 1), ('c', Vertex('c'), 4)]

    The action of an edge is the name of the vertex it leads to. Vertices compare
    and hash by name only, so keep one graph per search. A vertex missing from
    the outer dict simply has no outgoing edges.
    """

    __slots__ = ("_edges", "_goals", "name")

    def __init__(
        self, name: str, edges: Mapping[str, Mapping[str, float]], goals: frozenset[str]
    ) -> None:
        """Make the vertex ``name`` of the graph ``edges`` with goal vertices ``goals``.

        Example:
            >>> Vertex("x", {}, frozenset({"x"})).is_goal()
            True
        """
        self.name = name
        self._edges = edges
        self._goals = goals

    @classmethod
    def of(
        cls, edges: Mapping[str, Mapping[str, float]], start: str, goal: str | Iterable[str]
    ) -> Vertex:
        """Return the vertex ``start`` of the graph ``edges`` whose goals are ``goal``.

        Example:
            >>> Vertex.of({"a": {"b": 2}}, "a", goal=["b", "c"]).name
            'a'
        """
        goals = frozenset([goal] if isinstance(goal, str) else goal)
        return cls(start, edges, goals)

    def successors(self) -> Iterator[tuple[str, Vertex, float]]:
        """Yield ``(neighbour_name, neighbour, edge_cost)`` for every outgoing edge.

        Example:
            >>> list(Vertex.of({"a": {"b": 2}}, "a", goal="b").successors())
            [('b', Vertex('b'), 2)]
        """
        edges, goals = self._edges, self._goals
        for name, cost in edges.get(self.name, {}).items():
            yield name, Vertex(name, edges, goals), cost

    def is_goal(self) -> bool:
        """Return whether this vertex is one of the goals.

        Example:
            >>> Vertex.of({}, "a", goal="a").is_goal()
            True
        """
        return self.name in self._goals

    def __eq__(self, other: object) -> bool:
        """Return whether ``other`` is a vertex with the same name.

        Example:
            >>> Vertex.of({}, "a", goal="b") == Vertex.of({}, "a", goal="c")
            True
        """
        return isinstance(other, Vertex) and other.name == self.name

    def __hash__(self) -> int:
        """Return the hash of the name.

        Example:
            >>> hash(Vertex.of({}, "a", goal="a")) == hash("a")
            True
        """
        return hash(self.name)

    def __repr__(self) -> str:
        """Return ``Vertex('name')``.

        Example:
            >>> Vertex.of({}, "a", goal="a")
            Vertex('a')
        """
        return f"Vertex({self.name!r})"
