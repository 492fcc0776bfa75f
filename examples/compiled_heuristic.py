"""Manhattan distance plus row conflicts, as you would write it, run in the tile engine.

Run it:  python examples/compiled_heuristic.py

The heuristic is a function of the board as a flat array (docs/custom-heuristic.md, "Your
heuristic in the compiled engine"): ``tiles[cell]`` is the tile on each cell, ``home[tile]`` the
cell it has in the goal. `heuristics.compiled` hands it to `solve`, which runs it inside the
tile engine's IDA*: compiled by numba when numba is installed (the ``fast`` extra), as plain
Python otherwise, the same search either way. For three 15-puzzles it prints the solution's
length, whether it is optimal, the nodes expanded and the engine that ran, next to the built-in
Manhattan distance and linear conflict (Manhattan plus row *and* column conflicts). The
Manhattan distance written here with its incremental form (``flat_manhattan``) searches exactly
the nodes of the built-in one; ``benchmarks/compiled_heuristic.py`` measures it against it.
"""

from __future__ import annotations

import slidingtiles as st


def manhattan(tiles, home, rows, cols):  # type: ignore[no-untyped-def]
    """Manhattan distance over the flat board: each tile's rows and columns from home."""
    total = 0
    for cell in range(rows * cols):
        tile = tiles[cell]
        if tile != 0:
            goal = home[tile]
            total += abs(cell // cols - goal // cols) + abs(cell % cols - goal % cols)
    return total


def manhattan_step(tiles, home, rows, cols, tile, src, dst):  # type: ignore[no-untyped-def]
    """How the Manhattan distance changes when ``tile`` slides from cell ``src`` to ``dst``."""
    goal = home[tile]
    row, col = goal // cols, goal % cols
    before = abs(src // cols - row) + abs(src % cols - col)
    return abs(dst // cols - row) + abs(dst % cols - col) - before


#: Manhattan distance, said incrementally too: the engine adds ``manhattan_step`` per move.
flat_manhattan = st.heuristics.compiled(
    manhattan, admissible=True, consistent=True, delta=manhattan_step, name="flat_manhattan"
)


@st.heuristics.compiled(admissible=True)
def manhattan_rows(tiles, home, rows, cols):  # type: ignore[no-untyped-def]
    """Manhattan distance plus row conflicts: 2 moves for each tile that must leave its row."""
    total = manhattan(tiles, home, rows, cols)  # a helper: compiled with it
    # The tiles already in their goal row must end in goal order. Those outside the longest run
    # already in order must step out of the row and back: 2 moves each beyond their distance.
    columns = [0] * cols  # the goal columns of this row's tiles, left to right
    run = [0] * cols  # the longest increasing run ending at each of them
    for row in range(rows):
        count = 0
        for col in range(cols):
            tile = tiles[row * cols + col]
            if tile != 0 and home[tile] // cols == row:
                columns[count] = home[tile] % cols
                count += 1
        longest = 0
        for i in range(count):
            run[i] = 1
            for j in range(i):
                if columns[j] < columns[i] and run[j] + 1 > run[i]:
                    run[i] = run[j] + 1
            longest = max(longest, run[i])
        total += 2 * (count - longest)
    return total


BOARDS = [
    "1 6 2 4/9 0 7 3/12 5 10 15/13 11 14 8",
    "1 4 3 8/5 0 6 12/10 7 9 11/14 2 13 15",
    "3 10 7 1/6 0 2 4/11 8 12 15/5 9 13 14",
]


def main() -> None:
    for text in BOARDS:
        board = st.Board(text)
        print(f"{text}: manhattan_rows = {manhattan_rows(board, st.Board.goal(4, 4))}")
        for heuristic in (manhattan_rows, flat_manhattan, "manhattan", "linear_conflict"):
            solution = st.solve(board, heuristic=heuristic)
            print(
                f"  {solution.heuristic:<16} {len(solution)} moves, optimal={solution.optimal}, "
                f"{solution.stats.expanded:>7,} nodes expanded, engine {solution.engine}"
            )


if __name__ == "__main__":
    main()
