"""Write a heuristic, register it with its guarantees, and use it in solve().

Run: python examples/custom_heuristic.py
"""

import slidingtiles as st
from slidingtiles import Board, heuristics


def out_of_row_and_column(board: Board, goal: Board) -> int:
    """Count tiles outside their goal row, plus tiles outside their goal column.

    A move shifts one tile by one row or one column, so it lowers this count by
    at most one: the estimate never exceeds the moves left (admissible), and it
    changes by at most one per move (consistent).
    """
    total = 0
    for tile in range(1, board.size):
        (row, col), (goal_row, goal_col) = board.position(tile), goal.position(tile)
        total += (row != goal_row) + (col != goal_col)
    return total


heuristics.register(
    "rows_and_columns",
    out_of_row_and_column,
    admissible=True,
    consistent=True,
    description="tiles outside their goal row plus tiles outside their goal column",
)

board = "8 1 3/4 0 2/7 6 5"
# Compare like with like: the same algorithm for both. (With the default "auto", Manhattan runs
# in the tile engine's IDA*, which counts the nodes of every iteration.)
mine = st.solve(board, heuristic="rows_and_columns", algorithm="astar")
manhattan = st.solve(board, heuristic="manhattan", algorithm="astar")
print(
    f"rows_and_columns: {len(mine)} moves, optimal={mine.optimal}, "
    f"{mine.stats.expanded} states expanded by {mine.algorithm}"
)
print(
    f"manhattan:        {len(manhattan)} moves, optimal={manhattan.optimal}, "
    f"{manhattan.stats.expanded} states expanded by {manhattan.algorithm}"
)
assert len(mine) == len(manhattan)  # both admissible, so both shortest

# A plain callable works too, but nothing vouches for it: optimality is not claimed.
unregistered = st.solve(board, heuristic=lambda b, g: 2 * out_of_row_and_column(b, g))
print(f"unregistered 2x estimate: {len(unregistered)} moves, optimal={unregistered.optimal}")

heuristics.unregister("rows_and_columns")
print("registered names now:", ", ".join(heuristics.names()))
