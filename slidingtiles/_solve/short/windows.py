"""Shortening a solution: cancel back-and-forth moves, re-solve windows of it exactly.

>>> from slidingtiles import Board
>>> from slidingtiles.search import Deadline
>>> cancel_moves("RLDUURDL")
'URDL'
>>> start, budget = Board("1 2 3/4 5 6/7 0 8"), Budget(Deadline(None))
>>> shorten(start, "ULDR" * 3 + "R", budget).moves  # three turns of a 2x2 change nothing
'R'

Any solution can be made shorter in two ways that never change where it
ends: a move followed by its reverse cancels (``"LR"``), and a stretch of
moves can be replaced by a shortest path between the same two boards.
`shorten` does the second on windows: it takes ``k`` consecutive moves,
the box of cells the blank visits during them (widened by a margin, up to
`WINDOW_CELLS` cells), and asks IDA* with linear conflicts
(`slidingtiles._engine.dispatch.engine_solve`) for a shortest way from the
box's contents before the window to its contents after it, within a node
budget (and the deadline, which a window's search in pure Python could
otherwise overrun by a quarter of a second); a shorter answer replaces the
window. The rest of the board is untouched (the blank never leaves the
box), so the result still solves the puzzle, and it is never longer.
Passes with growing windows repeat while the deadline allows and something
improves.

Only the move string and one mutable board are kept: a solution of
millions of moves is never expanded into boards. The steps ``"windows"``
(`windows`: IDA*'s windows while the budget lasts) and ``"beam windows"``
(`beam_windows`: on a peeled answer, windows re-solved by beams first) of
the short-solution methods' table are built on `shorten`.
"""

from __future__ import annotations

from collections.abc import Sequence
from time import perf_counter

import attrs

from slidingtiles._board.board import Board, trusted_board
from slidingtiles._board.geometry import apply_moves, region_cells, renumbered
from slidingtiles._board.moves import DIRECTIONS, OPPOSITE
from slidingtiles._engine import dispatch
from slidingtiles._solve.short.budget import Budget
from slidingtiles._solve.short.exact import ida_moves

__all__ = [
    "DEADLINE_NODES",
    "WINDOW_CELLS",
    "ShortenResult",
    "beam_windows",
    "cancel_moves",
    "shorten",
    "windows",
]

#: The largest box (in cells) a window is re-solved in.
WINDOW_CELLS = 30
# Window lengths of successive passes: short ones first, they are cheap and most often shorter.
_WINDOWS = (12, 20, 32, 48)
# The node budget of one window's IDA* without a time limit: most windows that get shorter
# need a few thousand.
_WINDOW_NODES = 10_000
#: ... and with one (windows are searched while the time lasts).
DEADLINE_NODES = 100_000
# A peeled answer's windows re-solved by beams (IDA* finds almost nothing there): windows of 40
# moves in boxes of up to 36 cells until no pass improves (on 20x20 about 1 % of the length in
# 0.4 s), then with time left 60 moves in 48 cells, 30 in 30, 80 in 64.
_BEAM_WINDOWS = ((40, 36), (60, 48), (30, 30), (80, 64))
# Each by a beam of this width within this many expansions: wider ones gained less per second.
_BEAM_WINDOW_WIDTH = 100
_BEAM_WINDOW_NODES = 20_000


@attrs.frozen
class ShortenResult:
    """What `shorten` did: the moves, how many windows it re-solved and how many got shorter.

    >>> from slidingtiles import Board
    >>> from slidingtiles.search import Deadline
    >>> shorten(Board("1 2 3/4 5 6/7 8 0"), "LR", Budget(Deadline(None)))
    ShortenResult(moves='', windows_searched=0, windows_shortened=0, passes=0)

    Attributes:
        moves: the shortened moves.
        windows_searched: the windows searched for a shorter way.
        windows_shortened: those that got shorter.
        passes: the sweeps over the moves.
    """

    moves: str
    windows_searched: int
    windows_shortened: int
    passes: int


def cancel_moves(moves: str) -> str:
    """Remove every move that the next one undoes, repeatedly (``"RUDL"`` is empty).

    >>> cancel_moves("RUDL"), cancel_moves("UULDDR")
    ('', 'UULDDR')

    O(len(moves)), one stack.
    """
    stack: list[str] = []
    for move in moves:
        if stack and stack[-1] == OPPOSITE[move]:
            stack.pop()
        else:
            stack.append(move)
    return "".join(stack)


def _box(
    blank: int, moves: str, rows: int, cols: int, limit: int
) -> tuple[int, int, int, int] | None:
    """The cells the blank visits, as (top, bottom, left, right) half-open, widened to ``limit``."""
    r, c = divmod(blank, cols)
    top = bottom = r
    left = right = c
    for move in moves:
        dr, dc = DIRECTIONS[move]
        r += dr
        c += dc
        top, bottom = min(top, r), max(bottom, r)
        left, right = min(left, c), max(right, c)
    bottom += 1
    right += 1
    if (bottom - top) * (right - left) > limit:
        return None
    grown = True
    while grown:  # widen one line at a time, each side in turn, while the box stays small
        grown = False
        for side in range(4):
            t, b, lo, hi = top, bottom, left, right
            if side == 0 and t > 0:
                t -= 1
            elif side == 1 and b < rows:
                b += 1
            elif side == 2 and lo > 0:
                lo -= 1
            elif side == 3 and hi < cols:
                hi += 1
            else:
                continue
            if (b - t) * (hi - lo) <= limit:
                top, bottom, left, right = t, b, lo, hi
                grown = True
    return top, bottom, left, right


def _window_boards(
    tiles: list[int], cols: int, box: tuple[int, int, int, int], moves: str
) -> tuple[Board, Board]:
    """The box's contents before and after ``moves`` (which stay in it), renumbered."""
    top, bottom, left, right = box
    width = right - left
    before = [tiles[c] for c in region_cells(cols, box)]
    after = list(before)
    apply_moves(after, after.index(0), width, moves)
    start, goal = renumbered(before, after)
    shape = (bottom - top, width)
    return trusted_board(*shape, start), trusted_board(*shape, goal)


def _resolve(
    before: Board,
    after: Board,
    nodes: int,
    beam: int | None,
    shorter: int,
    budget: Budget,
    deadline: float | None,
) -> str | None:
    """A shortest way from ``before`` to ``after`` by IDA* within ``nodes``, or with ``beam`` a
    short one by a beam of that width (`dispatch.beam_solve`, at most ``shorter`` - 1 levels:
    a longer way is of no use); None if none was found. The nodes count in ``budget``."""
    if beam is not None:
        levels = min(shorter - 1, 4 * before.manhattan(after))
        moves, expanded = dispatch.beam_solve(
            before, after, beam, max_levels=levels, max_nodes=nodes
        )
        budget.spent(expanded)
        return moves
    return ida_moves(before, after, nodes, budget, until=deadline)


def _pass(
    start: Board,
    moves: str,
    length: int,
    offset: int,
    deadline: float | None,
    limit: int,
    nodes: int,
    beam: int | None,
    failed: set[tuple[object, ...]],
    budget: Budget,
) -> tuple[str, int, int, bool]:
    """One sweep of windows of ``length`` moves: new moves, windows tried and improved, finished."""
    rows, cols = start.shape
    tiles = list(start.tiles)
    blank = apply_moves(tiles, start.blank, cols, moves[:offset])
    out = [moves[:offset]]
    at = offset
    tried = improved = 0
    stride = max(1, length // 2)
    while at < len(moves):
        if deadline is not None and perf_counter() > deadline:
            out.append(moves[at:])
            return "".join(out), tried, improved, False
        window = moves[at : at + length]
        box = _box(blank, window, rows, cols, limit) if len(window) > 2 else None
        if box is None:
            head = window[:stride]
            out.append(head)
            blank = apply_moves(tiles, blank, cols, head)
            at += len(head)
            continue
        before, after = _window_boards(tiles, cols, box, window)
        known = (before.shape, before.tiles, after.tiles, len(window))
        if known in failed:
            better = None  # searched before (an earlier pass), in vain: the same search again
        else:
            tried += 1
            better = (
                ""
                if before == after
                else _resolve(before, after, nodes, beam, len(window), budget, deadline)
            )
        if better is not None and len(better) < len(window):
            improved += 1
            # The box's moves, in board coordinates: the same letters.
            blank = apply_moves(tiles, blank, cols, better)
            out.append(better)
            at += len(window)
            continue
        failed.add(known)
        head = window[:stride]
        out.append(head)
        blank = apply_moves(tiles, blank, cols, head)
        at += len(head)
    return "".join(out), tried, improved, True


def shorten(
    start: Board,
    moves: str,
    budget: Budget,
    *,
    deadline: float | None = None,
    windows: Sequence[int] = _WINDOWS,
    limit: int = WINDOW_CELLS,
    nodes: int | None = None,
    beam: int | None = None,
) -> ShortenResult:
    """Return ``moves`` with back-and-forth moves cancelled and windows re-solved shorter.

    Args:
        start: the board the moves start from.
        moves: blank moves that solve it (any goal: the end board is kept).
        budget: the call's `Budget` (the searches' nodes are counted there).
        deadline: an instant of the call's clock to stop by (None: until no
            pass improves).
        windows: the window lengths of successive passes (each pass also
            runs at half a window's offset); all of them repeat while a
            pass improves and the deadline allows.
        limit: the largest box, in cells, a window is re-solved in.
        nodes: the node budget of one window's IDA* (default: 10,000, or
            `DEADLINE_NODES` with a deadline), or of its beam.
        beam: re-solve each window by a beam search of this width
            (`dispatch.beam_solve`: short, not shortest, ways) instead of
            IDA*. On the peeled beam's solutions of 20x20 boards, windows of
            40 moves in boxes of 36 cells so re-solved gain about 0.7 % of
            the length in 0.25 s, where IDA* (which cannot finish such
            windows) gains 0.1 %.

    The result is never longer than ``moves``, ends on the same board and
    is the same under both implementations (when the deadline is None).
    Cost: per window O(length + box cells) plus a bounded IDA*.
    """
    if nodes is None:
        nodes = _WINDOW_NODES if deadline is None else DEADLINE_NODES
    best = cancel_moves(moves)
    tried = improved = passes = 0
    # Windows searched in vain, by their boards: a later pass meets most of them again.
    failed: set[tuple[object, ...]] = set()
    while best:
        before = len(best)
        for length in windows:
            for offset in (0, length // 2):
                if deadline is not None and perf_counter() > deadline:
                    return ShortenResult(best, tried, improved, passes)
                best, t, i, _ = _pass(
                    start, best, length, offset, deadline, limit, nodes, beam, failed, budget
                )
                best = cancel_moves(best)
                tried += t
                improved += i
                passes += 1
        if len(best) >= before:
            break
    return ShortenResult(best, tried, improved, passes)


def windows(start: Board, moves: str, budget: Budget) -> ShortenResult:
    """The step ``"windows"``: `shorten` by IDA*'s windows until the budget's end."""
    return shorten(start, moves, budget, deadline=budget.end)


def beam_windows(start: Board, moves: str, budget: Budget) -> ShortenResult:
    """The step ``"beam windows"``: windows re-solved by beams, the sizes of `_BEAM_WINDOWS` in
    turn (without a time limit the first only), each size until no pass improves."""
    out = ShortenResult(moves, 0, 0, 0)
    for length, box in _BEAM_WINDOWS if budget.timed else _BEAM_WINDOWS[:1]:
        if budget.passed():
            break
        done = shorten(
            start,
            out.moves,
            budget,
            deadline=budget.end,
            windows=(length,),
            limit=box,
            nodes=_BEAM_WINDOW_NODES,
            beam=_BEAM_WINDOW_WIDTH,
        )
        out = ShortenResult(
            done.moves,
            out.windows_searched + done.windows_searched,
            out.windows_shortened + done.windows_shortened,
            out.passes + done.passes,
        )
    return out
