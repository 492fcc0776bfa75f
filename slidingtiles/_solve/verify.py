"""Every answer earned: a `Solution` replayed, and its heuristic held to its claim on its path.

>>> from slidingtiles._solve.solve import solve
>>> checked(solve("1 2 3/4 5 6/7 0 8"), None).moves
Moves('R')

`solve` (and so `solve_many`, the command line) and `solve_cos226` pass
every `Solution` through `checked` before they return it, whatever route
found it (the tile engine, the generic search, the short-solution methods,
the constructive solver, a split search). It costs one replay of the moves
(O(moves), a microsecond or two for a short answer) and, for an answer marked
optimal on the strength of a heuristic that is not built in, one value of
the heuristic per board of the answer. Nothing is cached: each answer is
checked on its own.
"""

from __future__ import annotations

from slidingtiles._board.board import Board, trusted_board
from slidingtiles._errors import HeuristicClaimError, SolutionMismatchError
from slidingtiles._heuristics.registry import HeuristicInfo, is_builtin
from slidingtiles._heuristics.values import evaluate
from slidingtiles._solve.solution import Solution

__all__ = ["checked", "path_check"]


def _mismatch(solution: Solution, why: str, board: Board | None) -> SolutionMismatchError:
    return SolutionMismatchError(
        f"solve: the answer of {solution.algorithm} with heuristic {solution.heuristic!r} "
        f"({len(solution.moves)} moves from {solution.start.to_text()}) {why}; it is not "
        "returned (a heuristic that writes into what it does not own is the usual cause)",
        solution.moves,
        heuristic=solution.heuristic,
        board=board,
    )


def _replay(solution: Solution) -> None:
    """Raise `SolutionMismatchError` unless the moves stay on the board and end on the goal."""
    start = solution.start
    rows, cols = start.rows, start.cols
    tiles = list(start.tiles)
    blank = start.blank
    row, col = divmod(blank, cols)
    for index, move in enumerate(str(solution.moves)):
        if move == "U":
            row -= 1
        elif move == "D":
            row += 1
        elif move == "L":
            col -= 1
        elif move == "R":
            col += 1
        else:
            raise _mismatch(solution, f"has {move!r} at move {index}, not a move", None)
        if not (0 <= row < rows and 0 <= col < cols):
            raise _mismatch(solution, f"leaves the board at move {index} ({move})", None)
        cell = row * cols + col
        tiles[blank] = tiles[cell]
        tiles[cell] = 0
        blank = cell
    if tuple(tiles) != solution.goal.tiles:
        reached = trusted_board(rows, cols, tuple(tiles), start.labels)
        raise _mismatch(
            solution,
            f"ends on {reached.to_text()}, not the goal {solution.goal.to_text()}",
            reached,
        )


def path_check(solution: Solution, info: HeuristicInfo) -> None:
    """Raise `HeuristicClaimError` if the heuristic's claims fail along the answer's own path.

    >>> from slidingtiles._solve.solve import solve
    >>> from slidingtiles.heuristics import manhattan
    >>> sol = solve("1 2 3/4 5 6/0 7 8")
    >>> liar = HeuristicInfo("liar", lambda b, g: 3 * manhattan(b, g), True, False)
    >>> path_check(sol, liar)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    slidingtiles._errors.HeuristicClaimError: heuristic 'liar' is registered admissible=True, but h = 6 on 1 2 3/4 5 6/0 7 8, which its own answer solves in 2 moves ...

    Admissible: ``h(board_i) <= moves left`` on every board of the answer
    (the moves left are at least the true distance, so a board over them is
    a proven overestimate). Consistent: ``|h(board_i) - h(board_i+1)| <= 1``
    on every move of it. One value per board, checked by the one rule of
    heuristic values (`values.whole`).
    """  # noqa: E501
    if not (info.admissible or info.consistent):
        return
    goal = solution.goal
    function = info.for_goal(goal)
    total = len(solution.moves)
    previous: tuple[Board, int] | None = None
    for index, board in enumerate(solution.boards):
        value = evaluate(info.name, function, board.tiles, goal)
        left = total - index
        if info.admissible and value > left:
            raise HeuristicClaimError(
                f"heuristic {info.name!r} is registered admissible=True, but h = {value} on "
                f"{board.to_text()}, which its own answer solves in {left} move"
                f"{'' if left == 1 else 's'} (so it overestimates there; a heuristic that "
                "changed after its claims were checked does this too); register it with "
                "admissible=False",
                value,
                heuristic=info.name,
                board=board,
                claim="admissible",
            )
        if info.consistent and previous is not None and abs(previous[1] - value) > 1:
            raise HeuristicClaimError(
                f"heuristic {info.name!r} is registered consistent=True, but one move changes "
                f"it by more than one: h = {previous[1]} on {previous[0].to_text()} and "
                f"{value} on {board.to_text()} (on its own answer's path); register it with "
                "consistent=False",
                previous[1],
                heuristic=info.name,
                board=previous[0],
                claim="consistent",
                neighbour=board,
            )
        previous = (board, value)


def checked(solution: Solution, info: HeuristicInfo | None) -> Solution:
    """``solution``, replayed and (when optimal on a claim) path-checked; else the error.

    Raises `SolutionMismatchError` when the moves leave the board, end off
    the goal, or the lower bound exceeds the length (or differs from it on an
    answer marked optimal); `HeuristicClaimError` when the answer is marked
    optimal (or was searched by the generic A*/IDA* on an ``admissible=True``
    claim) with a heuristic that is not built in and its claim fails on the
    answer's own path (`path_check`).
    """
    _replay(solution)
    length = len(solution.moves)
    bound = solution.lower_bound
    if bound is not None and (bound > length or (solution.optimal and bound != length)):
        raise _mismatch(solution, f"has lower_bound={bound} for its {length} moves", None)
    if info is None or is_builtin(info):
        return solution
    # The generic search keeps a claim only if it holds on its path (else optimal=False):
    # here, as on every route, a claim its own answer disproves is an error.
    promised = (
        info.admissible
        and solution.engine == "generic"
        and (solution.algorithm in ("astar", "idastar"))
    )
    if solution.optimal or promised:
        path_check(solution, info)
    return solution
