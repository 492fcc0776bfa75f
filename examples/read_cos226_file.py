"""Read COS 226 puzzle files and print the assignment's report for each.

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
        solution = st.solve(board)
    except st.UnsolvableError:
        print("No solution possible")
        continue
    for step in solution.boards:
        print(step.to_cos226())
        print()
    print(f"Minimum number of moves = {len(solution)}")
    print(f"Number of states enqueued = {solution.stats.generated}")
