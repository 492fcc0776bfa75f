"""Solve the boards from the write-ups this library grew from, in a few lines each.

Run: python examples/solve_seed_examples.py
"""

import slidingtiles as st

# The HTML sliding-tiles game's hardest 8-puzzle: 31 moves, the 8-puzzle's maximum.
hard = st.solve("6 4 7/8 5 0/3 2 1")
print(f"6 4 7/8 5 0/3 2 1: {len(hard.moves)} moves, optimal={hard.optimal}")
print(f"  blank moves: {hard.moves}")
print(f"  tiles slid:  {' '.join(map(str, hard.tiles))}")

# COS 226 "puzzle04": four moves; the assignment's own search enqueues 10 states.
cos226 = st.solve_cos226("0 1 3/4 2 5/7 8 6")
print(
    f"0 1 3/4 2 5/7 8 6: {len(cos226.solution)} moves ({cos226.solution.moves}), "
    f"{cos226.enqueued} states enqueued"
)

# An impossible board: two tiles swapped. solve() refuses at once and says why.
try:
    st.solve("1 2 3/4 5 6/8 7 0")
except st.UnsolvableError as error:
    print("1 2 3/4 5 6/8 7 0: No solution possible")
    print(f"  why: {error.report.reason.split(';')[0]}")

# The student report's convention: the goal has the blank first.
first = st.solve("8 1 3/4 0 2/7 6 5", goal="first")
print(f"8 1 3/4 0 2/7 6 5 -> blank-first goal: {len(first.moves)} moves")

# The 15-puzzle tutorial: an even width, moves spelled out as words.
fifteen = st.solve("1 2 3 4/5 6 7 8/9 10 11 0/13 14 15 12")
print(f"15-puzzle: {', '.join(fifteen.moves.words())}")

# Labelled tiles and a custom goal, as in the HTML game.
words = st.solve([["C", "A"], ["B", "_"]], goal=[["A", "B"], ["C", "_"]])
print(f"letters: slide {' '.join(map(str, words.tile_labels))}")
