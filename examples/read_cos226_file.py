"""Read COS 226 puzzle files and print the assignment's report for each, as its Solver does.

Run: python examples/read_cos226_file.py [FILE ...]
(default: the sample files in examples/data/)
"""

import sys
from pathlib import Path

import slidingtiles as st

files = [Path(name) for name in sys.argv[1:]] or sorted(
    (Path(__file__).parent / "data").glob("puzzle*.txt")
)
for path in files:
    print(f"== {path.name}")
    board = st.Board(path.read_text())  # "N" (or "ROWS COLS") then the rows; 0 is the blank
    try:
        found = st.solve_cos226(board)  # the assignment's own search, counting as it does
    except st.UnsolvableError:
        print("No solution possible")
        continue
    print(found.report(), end="")  # every board, "Number of states enqueued", the moves
