"""The JSON view: a trace as one object of the ``--format json`` family (docs/json.md, "Trace")."""

from __future__ import annotations

from typing import Any

from slidingtiles._render import safe_text
from slidingtiles._watch.look import Look, json_number
from slidingtiles.search import (
    Expanded,
    Finished,
    Generated,
    IterationEnded,
    IterationStarted,
    SearchEvent,
    SearchStats,
    SearchTrace,
)

__all__ = ["JSON_SCHEMA", "statistics", "to_dict"]

#: The version of the family's shapes (as `Solution.JSON_SCHEMA`).
JSON_SCHEMA = 1


def statistics(stats: SearchStats) -> dict[str, Any]:
    """The ``statistics`` object of the family, from a `SearchStats`."""
    return {
        "expanded": stats.expanded,
        "generated": stats.generated,
        "max_frontier": stats.max_frontier,
        "reopened": stats.reopened,
        "iterations": stats.iterations,
        "seconds": round(stats.seconds, 6),
    }


def _plain(value: object) -> object:
    """An action or label as JSON holds it: str, int, float and bool as they are, else its str."""
    if value is None or isinstance(value, (str, int, bool)):
        return value
    if isinstance(value, float):
        return json_number(value)
    return safe_text(value)


class _States:
    """Writes states: a board as rows of tile numbers, anything else as its (safe) label."""

    def __init__(self, look: Look) -> None:
        self.look = look

    def __call__(self, state: object) -> object:
        if self.look.boards:
            return self.look.rows(state)
        return self.look.text(state)


def _event(event: SearchEvent, state: _States) -> dict[str, Any]:
    out: dict[str, Any] = {"event": event.kind}
    if isinstance(event, Expanded):
        out.update(
            order=event.order,
            state=state(event.state),
            g=json_number(event.g),
            h=json_number(event.h),
            f=json_number(event.f),
            action=_plain(event.action),
            parent=event.parent,
            depth=event.depth,
            frontier=event.frontier,
            iteration=event.iteration,
        )
    elif isinstance(event, Generated):
        out.update(
            parent=event.parent,
            action=_plain(event.action),
            state=state(event.state),
            g=json_number(event.g),
            h=json_number(event.h),
            f=json_number(event.f),
            fate=event.fate,
            frontier=event.frontier,
        )
    elif isinstance(event, IterationStarted):
        out.update(iteration=event.iteration, threshold=json_number(event.threshold))
    elif isinstance(event, IterationEnded):
        out.update(
            iteration=event.iteration,
            threshold=json_number(event.threshold),
            next_threshold=json_number(event.next_threshold),
            found=event.found,
        )
    elif isinstance(event, Finished):
        out.update(
            outcome=event.outcome,
            statistics=statistics(event.stats),
            cost=json_number(event.cost),
        )
    return out


def to_dict(trace: SearchTrace[Any, Any], look: Look) -> dict[str, Any]:
    """Return the trace as a JSON-ready dict (every value a str, number, bool, None, list or dict).

    Example:
        >>> import json
        >>> from slidingtiles.search import bfs
        >>> from slidingtiles.search._example import Vertex
        >>> trace = bfs(Vertex.of({"a": {"b": 1}}, "a", goal="b"), trace=10).trace
        >>> data = to_dict(trace, Look(trace.start, None))
        >>> data["schema"], data["algorithm"], data["outcome"], data["path"]
        (1, 'bfs', 'found', ["Vertex('a')", "Vertex('b')"])
        >>> [event["event"] for event in data["events"]]
        ['expand', 'generate', 'finish']
        >>> json.loads(json.dumps(data)) == data
        True

    States are written as the family writes boards (rows of tile numbers,
    0 the blank) when they are tile boards, else as their label (``str``,
    or the ``label`` function's text), with control characters escaped.
    Values the search did not compute (``h`` of BFS) and infinite ones are
    ``null``. The keys are listed in docs/json.md ("Trace").
    """
    state = _States(look)
    out: dict[str, Any] = {
        "schema": JSON_SCHEMA,
        "algorithm": trace.algorithm,
        "heuristic": trace.heuristic or None,
        "outcome": trace.outcome,
        "states": "boards" if look.boards else "labels",
        "start": state(trace.start),
    }
    if look.goal is not None:
        out["goal"] = look.rows(look.goal)
    if look.boards and any(label != str(t) for t, label in enumerate(look.tile_labels) if t):
        out["labels"] = look.tile_labels
    out.update(
        weight=json_number(trace.weight),
        path=[state(s) for s in trace.path],
        actions=[_plain(a) for a in trace.actions],
        cost=json_number(trace.cost),
        statistics=statistics(trace.stats),
        thresholds=[json_number(t) for t in trace.thresholds],
        limit=trace.limit,
        sent=trace.sent,
        truncated=trace.truncated,
        events=[_event(event, state) for event in trace.events],
    )
    return out
