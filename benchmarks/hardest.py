"""Benchmark: hard positions of every shape up to 16 cells, and 80-move 15-puzzles for any goal.

Run from the project root (numba recommended: ``pip install -e ".[fast]"``):

    PYTHONPATH=. python benchmarks/hardest.py --eighty            # standard goal, blank last
    PYTHONPATH=. python benchmarks/hardest.py --shapes 3x5 2x7 --time-limit 300
    PYTHONPATH=. python benchmarks/hardest.py --shapes 3x5 --heuristic pdb:custom-7-7
    PYTHONPATH=. python benchmarks/hardest.py --shapes 3x5 --mirrored   # + the 84-move position

``--eighty`` solves ten of the 17 positions 80 moves from the standard goal
(1..15, blank last; 80 is the 4x4 diameter, Brüngger et al. 1999) with
``heuristic="pdb"``; each solution's length is checked to be 80. With the
blank-first 7-8 tables cached and numba, `solve` uses them for the standard
goal (one table per blank orbit, `slidingtiles.pdb`): nothing else is built.

``--shapes`` solves, per shape, the goal turned 180° (each tile on the cell
diametrically opposite its home; two tiles swapped when that is the wrong
parity), a position near the far end of the shape's distance range; the
shape's diameter (OEIS A151944, from Korf 2008: 3x5 84, 2x7 108, 2x8 140,
4x4 80 moves) is printed beside it. Times are whole `solve` calls after the
tables are loaded (a first call per shape loads or builds them, timed apart).
``--mirrored`` adds the goal mirrored left to right: on 3x5, 84 moves from the goal.
"""

from __future__ import annotations

import argparse
import sys
import time

from slidingtiles import Board, SearchLimitExceeded, is_solvable, pdb, solve

#: Positions 80 moves from the standard goal (blank last), from the literature (Brüngger et
#: al. 1999); every solution's length is checked.
EIGHTY = (
    "0 12 9 13 15 11 10 14 3 7 2 5 4 8 6 1",
    "0 12 10 13 15 11 14 9 3 7 2 5 4 8 6 1",
    "0 11 9 13 12 15 10 14 3 7 6 2 4 8 5 1",
    "0 15 9 13 11 12 10 14 3 7 6 2 4 8 5 1",
    "0 12 9 13 15 11 10 14 3 7 6 2 4 8 5 1",
    "0 12 14 13 15 11 9 10 3 7 6 2 4 8 5 1",
    "0 12 10 13 15 11 14 9 3 7 6 2 4 8 5 1",
    "0 12 11 13 15 14 10 9 3 7 6 2 4 8 5 1",
    "0 12 10 13 15 11 9 14 7 3 6 2 4 8 5 1",
    "0 12 9 13 15 11 14 10 3 8 6 2 4 7 5 1",
)
#: Diameters (largest optimal distance from a corner-blank goal), OEIS A151944 / Korf 2008.
DIAMETER = {
    (3, 5): 84,
    (5, 3): 84,
    (2, 7): 108,
    (7, 2): 108,
    (2, 8): 140,
    (8, 2): 140,
    (4, 4): 80,
    (3, 4): 53,
    (4, 3): 53,
    (3, 3): 31,
}


def turned_goal(rows: int, cols: int) -> Board:
    """The standard goal turned 180° (solvable: two tiles swapped when the parity is wrong)."""
    return _solvable(list(reversed(Board.goal(rows, cols).tiles)), rows, cols)


def mirrored_goal(rows: int, cols: int) -> Board:
    """The standard goal mirrored left to right, each row reversed (solvable: two tiles swapped
    when that is the wrong parity). On 3x5 this is 84 moves from the goal, the diameter."""
    goal = Board.goal(rows, cols).tiles
    return _solvable(
        [goal[r * cols + cols - 1 - c] for r in range(rows) for c in range(cols)], rows, cols
    )


def _solvable(tiles: list[int], rows: int, cols: int) -> Board:
    """The board, tiles 1 and 2 swapped if that is what it takes to reach the standard goal."""
    board = Board(tiles, (rows, cols))
    if not is_solvable(board, Board.goal(rows, cols)):
        a, b = (i for i, t in enumerate(tiles) if t in (1, 2))
        tiles[a], tiles[b] = tiles[b], tiles[a]
        board = Board(tiles, (rows, cols))
    return board


def timed(
    board: Board, goal: Board, heuristic: str, time_limit: float | None, length: int | None = None
) -> str:
    began = time.perf_counter()
    try:
        sol = solve(board, goal=goal, heuristic=heuristic, time_limit=time_limit)
    except SearchLimitExceeded as exc:
        return f"not solved in {time.perf_counter() - began:.1f} s ({exc.stats.expanded:,} nodes)"
    seconds = time.perf_counter() - began
    assert board.apply(sol.moves) == goal, "the moves do not reach the goal"
    assert length is None or len(sol.moves) == length, f"{len(sol.moves)} moves, not {length}"
    return (
        f"{len(sol.moves)} moves in {seconds:.2f} s, {sol.stats.expanded:,} nodes ({sol.heuristic})"
    )


def run_eighty(heuristic: str, time_limit: float | None) -> None:
    goal = Board.goal(4, 4)
    print(
        "tables for the standard goal:",
        pdb.table_path(4, 4, goal, "7-8").name
        if pdb.is_cached(4, 4, goal, "7-8")
        else "(7-8 not cached: the default)",
    )
    began = time.perf_counter()
    solve(Board.goal(4, 4).move("U"), heuristic=heuristic)  # load the tables once
    print(f"tables loaded in {time.perf_counter() - began:.1f} s")
    for text in EIGHTY:
        board = Board([int(t) for t in text.split()], (4, 4))
        print(
            f"  {board.to_text():<42} {timed(board, goal, heuristic, time_limit, 80)}", flush=True
        )


def run_shapes(
    shapes: list[tuple[int, int]], heuristic: str, time_limit: float | None, mirrored: bool
) -> None:
    for rows, cols in shapes:
        goal = Board.goal(rows, cols)
        began = time.perf_counter()
        solve(goal.move("U"), goal=goal, heuristic=heuristic)  # load or build the tables
        print(
            f"{rows}x{cols}: tables ready in {time.perf_counter() - began:.1f} s "
            f"(diameter {DIAMETER.get((rows, cols), '?')})",
            flush=True,
        )
        boards = [turned_goal(rows, cols)] + ([mirrored_goal(rows, cols)] if mirrored else [])
        for board in boards:
            print(
                f"  {board.to_text():<42} {timed(board, goal, heuristic, time_limit)}", flush=True
            )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--eighty", action="store_true", help="80-move 15-puzzles, standard goal")
    parser.add_argument("--shapes", nargs="*", default=[], metavar="RxC")
    parser.add_argument("--heuristic", default="pdb")
    parser.add_argument("--time-limit", type=float, default=300.0)
    parser.add_argument(
        "--mirrored",
        action="store_true",
        help="also the goal mirrored left to right (3x5: 84 moves, the diameter)",
    )
    args = parser.parse_args(argv)
    if args.eighty:
        run_eighty(args.heuristic, args.time_limit)
    shapes = [tuple(int(x) for x in s.split("x")) for s in args.shapes]
    run_shapes(shapes, args.heuristic, args.time_limit, args.mirrored)  # type: ignore[arg-type]
    return 0


if __name__ == "__main__":
    sys.exit(main())
