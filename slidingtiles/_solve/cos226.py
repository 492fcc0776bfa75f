"""The COS 226 "8 Puzzle" assignment's own search, so that its counts can be compared.

>>> found = solve_cos226("0 1 3/4 2 5/7 8 6")
>>> found.solution.moves, found.enqueued
(Moves('RDRD'), 10)
>>> print(found.report())  # doctest: +NORMALIZE_WHITESPACE
    1  3
 4  2  5
 7  8  6
...
 1  2  3
 4  5  6
 7  8
<BLANKLINE>
Number of states enqueued = 10
Minimum number of moves = 4

Princeton's COS 226 assignment solves a board by best-first search: a priority
queue (its MinPQ) of search nodes (a board, the moves made to reach it, the
previous node), ordered by moves made plus Manhattan distance; the node with the
least priority is removed and every neighbouring board is inserted, except the
board of the previous node (the assignment's "critical optimization"), until the
goal is removed. There is no closed set: a board reached along two paths is
inserted twice. Its report counts the states ever inserted ("Number of states
enqueued"), the first one included.

`solve` reports other counts for other searches (IDA* and pattern tables by
default; A* with a closed set otherwise), so its statistics cannot be compared
with the assignment's; this search can, node for node, up to how ties are broken,
which the assignment leaves open: here the node inserted first leaves first, and
the blank's neighbours are inserted in the order up, down, left, right.
"""

from __future__ import annotations

import heapq
import itertools
from collections.abc import Callable
from typing import Any

import attrs

from slidingtiles._board.board import Board, BoardLike
from slidingtiles._board.coerce import GoalLike, board_and_goal
from slidingtiles._board.geometry import blank_moves, home_cells, manhattan
from slidingtiles._board.moves import Moves
from slidingtiles._board.solvability import solvability
from slidingtiles._errors import UnsolvableError
from slidingtiles._solve.reach import judge
from slidingtiles._solve.solution import Solution
from slidingtiles._solve.verify import checked
from slidingtiles.search import Guard, SearchStats
from slidingtiles.search._checks import check_limits

__all__ = ["UNBOUNDED_NODES", "Cos226Result", "cos226_board", "solve_cos226"]

#: Without ``max_nodes`` or ``time_limit``, the most nodes `solve_cos226` removes from its
#: queue: every 3x3 board needs far fewer (the hardest inserts 74,791), and the queue of
#: 200,000 stays near 200 MB (about 20 s of pure Python on the project machine).
UNBOUNDED_NODES = 200_000

_DIRECTIONS = "UDLR"  # blank_moves' direction codes 0-3
# About what a node of a 4x4 board takes (its tiles, the node, the queue entry): the memory
# estimate where the resident size cannot be read.
_NODE_BYTES = 400


@attrs.frozen
class Cos226Result:
    """What the COS 226 assignment's solver finds for one board: the solution and its counts.

    Attributes:
        solution: the shortest solution found, a `Solution` (``algorithm="cos226"``,
            ``heuristic="manhattan"``); its ``stats`` count this search's work:
            ``expanded`` the nodes removed from the queue before the goal,
            ``generated`` the neighbours considered (the previous board included),
            ``max_frontier`` the largest queue.
        enqueued: the nodes ever inserted into the priority queue, the first one
            included: the assignment's "Number of states enqueued".
        dequeued: the nodes removed from it, the goal's included.
    """

    solution: Solution
    enqueued: int
    dequeued: int

    def report(self) -> str:
        """The assignment's output, character for character: every board, then the counts.

        >>> print(solve_cos226("1 2/0 3").report().replace(" ", "_"), end="")
        _1__2_
        ____3_
        <BLANKLINE>
        _1__2_
        _3___
        <BLANKLINE>
        Number_of_states_enqueued_=_3
        Minimum_number_of_moves_=_1

        Every board from the start to the goal (`cos226_board`), each followed by an
        empty line, then ``Number of states enqueued = E`` and ``Minimum number of moves
        = M``, each line ended by a newline, as in the assignment's sample run
        (``puzzle04.txt``).
        """
        boards = "".join(cos226_board(board) + "\n" for board in self.solution.boards)
        return (
            f"{boards}Number of states enqueued = {self.enqueued}\n"
            f"Minimum number of moves = {len(self.solution)}\n"
        )


def cos226_board(board: Board) -> str:
    """A board as the COS 226 assignment prints it: each tile right-aligned in two columns and
    followed by a space, the blank as spaces, each row ended by a newline.

    >>> print(cos226_board(Board("0 1 3/4 2 5/7 8 6")).replace(" ", "_"), end="")
    ____1__3_
    _4__2__5_
    _7__8__6_
    >>> print(cos226_board(Board("1 2 3/4 5 0/7 8 6")).replace(" ", "_"), end="")
    _1__2__3_
    _4__5___
    _7__8__6_

    As in the assignment's sample, a blank in the last column is one space shorter than a
    tile (the sample's ``" 4  5   "``). Tiles of three digits and more (boards of 100 cells
    and more) get as many columns.
    """
    width = max(2, len(str(board.size - 1)))
    blank, last = " " * (width + 1), " " * width
    return "".join(
        "".join(f"{t:>{width}} " if t else blank for t in row[:-1])
        + (f"{row[-1]:>{width}} " if row[-1] else last)
        + "\n"
        for row in board.to_rows()
    )


def solve_cos226(
    board: BoardLike,
    goal: GoalLike | str = None,
    *,
    max_nodes: int | None = None,
    time_limit: float | None = None,
    max_memory: int | None = None,
    progress: Callable[[SearchStats], Any] | None = None,
) -> Cos226Result:
    """Solve ``board`` as the COS 226 assignment's best-first search does, counting as it does.

    >>> found = solve_cos226("8 1 3/4 0 2/7 6 5")
    >>> len(found.solution), found.enqueued, found.dequeued
    (14, 137, 80)

    A* with the Manhattan priority and no closed set (see the module's
    docstring): the solution is a shortest one, and ``enqueued`` is the count
    the assignment prints. Meant for the assignment's boards (3x3, small 4x4
    ones); on others it is far slower than `solve` and its queue grows with
    every node: the hardest 8-puzzle (31 moves) inserts 74,791 nodes. Any
    shape and goal work, as in `solve`.

    Runtime complexity: O(b^d) nodes for a board d moves away (b about 2 after
    the previous board is skipped, much less with the Manhattan priority), each
    O(cells) to copy, O(log queue) to order; memory O(cells) per node inserted.

    Raises:
        InvalidOptionError, OptionTypeError: a limit has a bad value or type, as in
            `solve` (checked first).
        InvalidBoardError, GoalMismatchError: as `solve`.
        UnsolvableError: parity says the goal is unreachable (the assignment's
            "No solution possible"), at once.
        OutOfReachError: the search is estimated past the time allowed (the
            reach rule of `solve`: ``time_limit`` times ten, or an hour
            without one), at once.
        SearchLimitExceeded: past ``max_nodes`` removed nodes, ``time_limit``
            seconds or ``max_memory`` bytes of growth (as in `solve`); with
            neither ``max_nodes`` nor ``time_limit``, past `UNBOUNDED_NODES`
            removed nodes (the queue grows with every node, so it is never
            left unbounded: `solve` finds such boards' shortest solutions).
    """
    check_limits(
        "solve_cos226",
        max_nodes=max_nodes,
        time_limit=time_limit,
        max_memory=max_memory,
        progress=progress,
        documented=True,
    )
    if max_nodes is None and time_limit is None:  # a documented bound, not none at all
        max_nodes = UNBOUNDED_NODES
    guard = Guard(
        "cos226",
        max_nodes=max_nodes,
        time_limit=time_limit,
        max_memory=max_memory,
        progress=progress,
        progress_every=1 << 14,
        state_bytes=_NODE_BYTES,
    )
    start, target = board_and_goal(board, goal)
    report = solvability(start, target)
    if not report.solvable:
        raise UnsolvableError(
            f"no solution possible for {start.to_text()}: {report.reason}", start, report
        )
    # The reach rule of every optimal search: beyond what the time allowed (time_limit,
    # or an hour without one) is estimated to pay for, refused at once.
    judge(
        start,
        target,
        "manhattan",
        engine=False,
        workers=1,
        time_limit=time_limit,
        insist=False,
        max_nodes=max_nodes,
    )
    cols, goal_tiles = start.cols, target.tiles
    home = home_cells(goal_tiles)
    neighbours = blank_moves(start.rows, cols)

    def away(tile: int, cell: int) -> int:
        return abs(cell // cols - home[tile] // cols) + abs(cell % cols - home[tile] % cols)

    # A node: (tiles, blank cell, moves made, Manhattan distance, direction code, previous).
    first = (start.tiles, start.blank, 0, manhattan(cols, start.tiles, goal_tiles), -1, None)
    order = itertools.count()  # ties: the node inserted first leaves first
    queue: list[tuple[int, int, Any]] = [(first[3], next(order), first)]
    enqueued, dequeued, generated, largest = 1, 0, 0, 1
    checkpoint = guard.first_checkpoint()
    while True:
        node = heapq.heappop(queue)[2]
        dequeued += 1
        tiles, blank, made, distance, _, previous = node
        if tiles == goal_tiles:
            break
        expanded = dequeued - 1
        if expanded >= checkpoint:
            checkpoint = guard.check(expanded, generated, largest, 0, 1, len(queue))
        before = None if previous is None else previous[0]
        for cell, direction in neighbours[blank]:
            generated += 1
            tile = tiles[cell]
            cells = list(tiles)
            cells[blank], cells[cell] = tile, 0
            child = tuple(cells)
            if child == before:  # the critical optimisation: never back to the previous board
                continue
            h = distance - away(tile, cell) + away(tile, blank)
            heapq.heappush(
                queue, (made + 1 + h, next(order), (child, cell, made + 1, h, direction, node))
            )
            enqueued += 1
        largest = max(largest, len(queue))
    path = []
    while node[5] is not None:
        path.append(_DIRECTIONS[node[4]])
        node = node[5]
    stats = guard.stats(dequeued - 1, generated, largest, 0, 1)
    moves = Moves("".join(reversed(path)))
    solution = checked(
        Solution(start, target, moves, True, "manhattan", "cos226", stats, len(moves)), None
    )
    return Cos226Result(solution, enqueued, dequeued)
