"""`TraceView`: a recorded search shown as a table, a notebook stepper, a tree picture or JSON."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from slidingtiles._errors import OptionTypeError
from slidingtiles._render import markup_text
from slidingtiles._watch.data import to_dict
from slidingtiles._watch.look import Look
from slidingtiles._watch.player import stepper_data, trace_html
from slidingtiles._watch.table import summary, table
from slidingtiles._watch.tree import tree_svg
from slidingtiles.search import SearchTrace
from slidingtiles.search._checks import check_callback, describe, whole_number

__all__ = ["TraceView"]


class TraceView:
    """A recorded search, shown: a text table, a notebook stepper, an SVG tree, or JSON.

    Example:
        >>> import slidingtiles as st
        >>> from slidingtiles.search import astar
        >>> goal = st.Board.goal(3, 3)
        >>> start = st.TileState.from_boards(st.Board("1 2 3/4 0 6/7 5 8"), goal)
        >>> misplaced = st.heuristics.get("misplaced").for_goal(goal)
        >>> def misplaced_tiles(state: st.TileState) -> int:
        ...     return misplaced(state.tiles)
        >>> view = st.TraceView(astar(start, misplaced_tiles, trace=100))
        >>> print(view.table(children=False))  # doctest: +NORMALIZE_WHITESPACE
        A* (f = g + h) with h = misplaced_tiles from 1 2 3/4 . 6/7 5 8: found a path of cost 2
        (2 steps); 2 expanded, 7 generated, largest frontier 5. Order: ties in f go to the
        smaller h, then to the child queued first.
        <BLANKLINE>
        step  move  board  g  h  f  frontier
           0  -     1 2 3  0  2  2         4
                    4 . 6
                    7 5 8
           1  D     1 2 3  1  1  2         5
                    4 5 6
                    7 . 8
        path: D R

    Give it a `SearchTrace` (``result.trace`` of a search called with
    ``trace=N``), or anything holding one as ``.trace``: a `SearchResult`,
    or the `SearchLimitExceeded`, `SearchStopped` or `NoPathError` a traced
    search raised. States that are tile boards (`TileState`, `Board`) are
    drawn as boards; any other state shows as its ``str()``, or as
    ``label(state)`` when a ``label`` function is given. In a notebook the
    view shows itself as the stepper (`html`); ``str(view)`` is the table.
    Every label is escaped for where it goes (terminal, HTML, SVG, JSON).

    Attributes:
        trace: the trace shown.
    """

    __slots__ = ("_look", "trace")

    def __init__(self, trace: object, *, label: Callable[[Any], object] | None = None) -> None:
        """Show ``trace`` (or ``trace.trace``), with states as boards, ``str`` or ``label``.

        Example:
            >>> TraceView(42)
            Traceback (most recent call last):
            ...
            slidingtiles._errors.OptionTypeError: TraceView needs a SearchTrace (a search called \
with trace=N, or its result or error), got 42 (int)
        """
        found = trace if isinstance(trace, SearchTrace) else getattr(trace, "trace", None)
        if not isinstance(found, SearchTrace):
            raise OptionTypeError(
                "TraceView needs a SearchTrace (a search called with trace=N, or its result "
                f"or error), got {describe(trace)}",
                trace,
                option="trace",
            )
        check_callback("TraceView", "label", label, "state -> text", True)
        self.trace: SearchTrace[Any, Any] = found
        self._look = Look(found.start, label)

    def __repr__(self) -> str:
        return f"TraceView({self.trace!r})"

    def __str__(self) -> str:
        return self.table()

    def summary(self) -> str:
        """One paragraph: the algorithm, the start, how it ended, the counts, what was recorded."""
        return summary(self.trace, self._look)

    def table(self, *, children: bool = True, max_rows: int | None = None) -> str:
        """Return a text table, one row per recorded expansion: step, board, g, h, f, frontier.

        Example:
            >>> from slidingtiles.search import bfs
            >>> from slidingtiles.search._example import Vertex
            >>> view = TraceView(bfs(Vertex.of({"a": {"b": 1}}, "a", goal="b"), trace=9))
            >>> print(view.table().splitlines()[-2])
               0  -     Vertex('a')  0  -  -         0  b g=1 goal

        ``children`` adds a column listing each child's action, ``f`` and
        fate; ``max_rows`` keeps the first expansions only. Boards take a
        line per row, so small boards read well in a terminal.
        """
        _flag("table", "children", children)
        if max_rows is not None:
            whole_number("table", "max_rows", max_rows, 1)
        return table(self.trace, self._look, children=children, max_rows=max_rows)

    def html(self, *, top: int = 5, max_steps: int = 500, interval_ms: int = 600) -> str:
        """Return an HTML fragment that steps through the expansions (what notebooks show).

        First, Back, Play, Step and Last, as in the solution player; each step
        shows the state with ``g``, ``h`` and ``f``, the best ``top`` states
        of the frontier it was taken from (best first), its children and
        their fates, and the path from the start. At most ``max_steps``
        expansions (the first).
        """
        return trace_html(
            self.trace, self._look, top=top, max_steps=max_steps, interval_ms=interval_ms
        )

    def _repr_html_(self) -> str:
        return self.html()

    def page(self, *, title: str | None = None, **options: Any) -> str:
        """Return a whole HTML document holding the stepper (`html`, with ``options``), offline.

        Example:
            >>> from slidingtiles.search import bfs
            >>> from slidingtiles.search._example import Vertex
            >>> view = TraceView(bfs(Vertex.of({"a": {"b": 1}}, "a", goal="b"), trace=9))
            >>> view.page(title="a <to> b").startswith("<!DOCTYPE html>")
            True
        """
        if title is not None and not isinstance(title, str):
            raise OptionTypeError(
                f"page: title must be text or None, got {describe(title)}", title, option="title"
            )
        heading = markup_text(title if title is not None else "Watching the search")
        return (
            '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
            '<meta name="viewport" content="width=device-width, initial-scale=1">'
            f"<title>{heading}</title></head><body>{self.html(**options)}</body></html>\n"
        )

    def stepper_data(self, *, top: int = 5, max_steps: int = 500) -> dict[str, Any]:
        """Return what the stepper draws, as JSON-ready data, for pages that draw it themselves.

        Each state once (``states``: a board's flat tiles, or its label), then
        per expansion (``steps``) its state, ``g``, ``h``, ``f``, action,
        parent, depth, IDA*'s iteration and threshold, the frontier's size,
        the best ``top`` waiting states (best first) and its children with
        their fates; the first ``max_steps`` expansions.
        """
        return stepper_data(self.trace, self._look, top=top, max_steps=max_steps)

    def svg(self, *, max_nodes: int = 300, duplicates: bool = False) -> str:
        """Return the search tree as an SVG picture, numbered in expansion order.

        The solution path is marked; IDA*'s iterations are drawn one under
        another. ``duplicate`` children are left out unless ``duplicates``;
        past ``max_nodes`` nodes the picture stops at an expansion and says
        so. Readable up to a few hundred nodes (it grows wide, not small).
        """
        whole_number("svg", "max_nodes", max_nodes, 1)
        _flag("svg", "duplicates", duplicates)
        return tree_svg(self.trace, self._look, max_nodes=max_nodes, duplicates=duplicates)

    def to_dict(self) -> dict[str, Any]:
        """Return the trace as a JSON-ready dict in the ``--format json`` family (docs/json.md).

        Example:
            >>> import json
            >>> from slidingtiles.search import bfs
            >>> from slidingtiles.search._example import Vertex
            >>> data = TraceView(bfs(Vertex.of({"a": {"b": 1}}, "a", goal="b"), trace=9)).to_dict()
            >>> data["schema"], data["outcome"], len(data["events"])
            (1, 'found', 3)
        """
        return to_dict(self.trace, self._look)


def _flag(door: str, name: str, value: object) -> None:
    """`OptionTypeError` unless ``value`` is True or False."""
    if not isinstance(value, bool):
        raise OptionTypeError(
            f"{door}: {name} must be True or False, got {describe(value)}", value, option=name
        )
