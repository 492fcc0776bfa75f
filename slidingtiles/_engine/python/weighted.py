"""Weighted A* bringing a group of tiles to their cells, the other tiles ignored: the Python kernel.

>>> # 2x3 board, free everywhere; tile at cell 4 must reach cell 1, the blank is at 0.
>>> path, expanded, generated = place_group(2, 3, [1] * 6, 0, [4], [1], (1, 1), 10_000)
>>> path, expanded
([1, 4], 3)

The search works on an abstraction of the board: the state is the blank's
cell and the cells of the group's tiles; every other tile is "any tile"
(the pattern-database abstraction, searched forwards). A move of the blank
into a cell that holds no group tile changes only the blank's cell. The
cost of a path is its number of moves (or, with ``costs``, the sum of the
caller's cost per cell and direction, a move of a group tile costing
``unit``); the heuristic (`group_heuristic`)
is the Manhattan distance of the group plus two moves per linear conflict
among its tiles or the blank's distance to the group, whichever is more
(admissible), weighted: the priority of a node is ``den * g + num * unit * h``
for ``weight = (num, den)``, ties going to the deeper node, then to the
earlier generated one. A node is expanded at most once (no reopening); a
cheaper path to a node still waiting replaces the old one. The numba
kernel of the same name (`slidingtiles._engine.numba.weighted`) searches
the same nodes in the same order and returns the same path.

The staged solver of `slidingtiles._solve` calls it to place a line of a
board at once, far shorter than tile by tile.
"""

from __future__ import annotations

import heapq
from collections.abc import Sequence

__all__ = ["group_heuristic", "place_group"]


def _line_excess(pairs: list[tuple[int, int]]) -> int:
    """Tiles to remove from a line so the rest stand in goal order: count - longest increasing run.

    ``pairs``: (position along the line now, position along the line in the goal).
    """
    if len(pairs) < 2:
        return 0
    pairs.sort()
    tails: list[int] = []
    for _, goal in pairs:
        lo, hi = 0, len(tails)
        while lo < hi:
            mid = (lo + hi) // 2
            if tails[mid] < goal:
                lo = mid + 1
            else:
                hi = mid
        if lo == len(tails):
            tails.append(goal)
        else:
            tails[lo] = goal
    return len(pairs) - len(tails)


def _distance_conflicts(cols: int, cells: Sequence[int], targets: Sequence[int]) -> tuple[int, int]:
    """The group's Manhattan distance, and two moves per linear conflict among its tiles."""
    distance = 0
    rows_seen: dict[int, list[tuple[int, int]]] = {}
    cols_seen: dict[int, list[tuple[int, int]]] = {}
    for cell, target in zip(cells, targets):
        r, c = divmod(cell, cols)
        tr, tc = divmod(target, cols)
        distance += abs(r - tr) + abs(c - tc)
        if r == tr:
            rows_seen.setdefault(r, []).append((c, tc))
        if c == tc:
            cols_seen.setdefault(c, []).append((r, tr))
    conflicts = 0
    for pairs in (*rows_seen.values(), *cols_seen.values()):
        conflicts += 2 * _line_excess(pairs)
    return distance, conflicts


def _reach(cols: int, blank: int, cells: Sequence[int], targets: Sequence[int]) -> int:
    """The blank's Manhattan distance to the nearest misplaced tile of the group (-1: none)."""
    br, bc = divmod(blank, cols)
    reach = -1
    for cell, target in zip(cells, targets):
        if cell != target:
            r, c = divmod(cell, cols)
            to_blank = abs(r - br) + abs(c - bc)
            if reach < 0 or to_blank < reach:
                reach = to_blank
    return reach


def group_heuristic(cols: int, blank: int, cells: Sequence[int], targets: Sequence[int]) -> int:
    """The group's Manhattan distance plus the larger of two extras, both admissible.

    >>> group_heuristic(3, 2, [1, 0], [0, 1])  # two tiles swapped in their row: 1 + 1 + 2
    4

    The extras: two moves per linear conflict among the group's tiles (of
    two group tiles in their goal line in reverse order, one must leave the
    line and come back), or the moves the blank needs to reach a misplaced
    tile of the group (less one: until it is next to one, no move brings a
    group tile nearer its cell). Each move shifts one tile one cell, so the
    Manhattan distance plus either extra never overestimates.
    """
    distance, conflicts = _distance_conflicts(cols, cells, targets)
    return distance + max(conflicts, _reach(cols, blank, cells, targets) - 1)


def place_group(
    rows: int,
    cols: int,
    free: Sequence[int],
    blank: int,
    cells: Sequence[int],
    targets: Sequence[int],
    weight: tuple[int, int],
    max_nodes: int,
    blank_target: int = -1,
    costs: Sequence[int] | None = None,
    unit: int = 1,
) -> tuple[list[int] | None, int, int]:
    """Return the blank's cells along a path placing the group, the nodes expanded and generated.

    Args:
        rows: the board's rows; cells are numbered row-major.
        cols: the board's columns.
        free: per cell, nonzero where the blank may go (placed tiles are not free).
        blank: the blank's cell.
        cells: the group's tiles' cells now; ``targets``: their goal cells (free cells).
        weight: ``(num, den)``: the heuristic counts ``num / den`` (at least 1).
        max_nodes: give up (path None) after expanding this many nodes.
        blank_target: the blank's goal cell, or -1 for anywhere.
        costs: None (every move costs ``unit``), or per cell and direction
            (``4 * cell + d``, d = up, down, left, right) the cost of the
            blank moving that way when the cell it enters holds no group
            tile (a move of a group tile costs ``unit``): the caller's way to
            prefer paths that push the other tiles home (`slidingtiles._solve.short.chunked`).
        unit: the cost of a move of a group tile; the heuristic counts
            ``unit`` per move.

    The path is None when the node budget runs out (or no path exists within
    the free cells). With ``weight=(1, 1)`` the path is a shortest one for
    the group (the other tiles go wherever they are pushed).
    """
    num, den = weight
    num *= unit
    k = len(cells)
    moves = []
    for cell in range(rows * cols):
        r, c = divmod(cell, cols)
        near = []
        for d, (nr, nc) in enumerate(((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))):
            if 0 <= nr < rows and 0 <= nc < cols and free[nr * cols + nc]:
                near.append((nr * cols + nc, unit if costs is None else costs[4 * cell + d]))
        moves.append(tuple(near))
    start = (blank, *cells)
    goal_cells = tuple(targets)
    states = [start]
    parent = [-1]
    cost = [0]
    closed = [False]
    index = {start: 0}
    # Per node: the group's distance and conflicts (they change only when a group tile moves).
    parts = [_distance_conflicts(cols, cells, targets)]
    counter = 0
    heap = [(num * group_heuristic(cols, blank, cells, targets), 0, counter, 0)]
    expanded = generated = 0
    while heap:
        _, negative_g, _, node = heapq.heappop(heap)
        if closed[node] or -negative_g != cost[node]:
            continue  # already expanded, or a stale entry for a node reached cheaper since
        state = states[node]
        if state[1:] == goal_cells and (blank_target < 0 or state[0] == blank_target):
            path = []
            while node > 0:
                path.append(states[node][0])
                node = parent[node]
            path.reverse()
            return path, expanded, generated
        if expanded >= max_nodes:
            return None, expanded, generated
        expanded += 1
        closed[node] = True
        here = state[0]
        spent = cost[node]
        for cell, step in moves[here]:
            generated += 1
            new = list(state)
            new[0] = cell
            moved = False
            for i in range(1, k + 1):
                if new[i] == cell:
                    new[i] = here
                    moved = True
                    break
            g = spent + (unit if moved else step)
            key = tuple(new)
            seen = index.get(key)
            if seen is None:
                seen = len(states)
                index[key] = seen
                states.append(key)
                parent.append(node)
                cost.append(g)
                closed.append(False)
                parts.append(_distance_conflicts(cols, key[1:], targets) if moved else parts[node])
            elif closed[seen] or cost[seen] <= g:
                continue
            else:
                parent[seen] = node
                cost[seen] = g
            counter += 1
            distance, conflicts = parts[seen]
            h = distance + max(conflicts, _reach(cols, cell, key[1:], targets) - 1)
            heapq.heappush(heap, (den * g + num * h, -g, counter, seen))
    return None, expanded, generated
