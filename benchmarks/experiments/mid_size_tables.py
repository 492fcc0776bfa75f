"""What the 6x6 and 7x7 tables give: their value against linear conflicts, and weighted IDA* over
them, on the random-walk boards of `benchmarks/mid_size.py`.

Run (numba, the tables cached: `slidingtiles pdb build 6x6 --partition 5x7`,
`slidingtiles pdb build 7x7 --partition 5x9-3`)::

    PYTHONPATH=. python benchmarks/experiments/mid_size_tables.py --size 7 --boards 4
    PYTHONPATH=. python benchmarks/experiments/mid_size_tables.py --size 6 --boards 12

Per board: the Manhattan distance, linear conflicts, the tables' value, and the length weighted
IDA* (`dispatch.weighted_solve`) finds at each weight within ``--seconds`` of CPU (none: it did
not finish), with its CPU seconds. Limits are in CPU seconds (the library's clock is made the
process's CPU time before it is imported).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

time.perf_counter = time.process_time  # before the library binds the clock
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from mid_size import WALKS, walk  # noqa: E402

import slidingtiles as st  # noqa: E402
from slidingtiles._engine import dispatch  # noqa: E402

TABLES = {6: "5x7", 7: "5x9-3"}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=int, choices=(6, 7), default=7)
    parser.add_argument("--boards", type=int, default=4)
    parser.add_argument("--weights", default="2/1,5/3,3/2,7/5,4/3")
    parser.add_argument("--seconds", type=float, default=5.0)
    args = parser.parse_args()
    n = args.size
    goal = st.Board.goal(n, n)
    began = time.process_time()
    db = st.pdb.load(n, n, goal, TABLES[n], build_missing=False)
    print(f"{n}x{n} {TABLES[n]} tables loaded in {time.process_time() - began:.1f} s of CPU")
    weights = [tuple(int(x) for x in w.split("/")) for w in args.weights.split(",")]
    conflicts = st.heuristics.get("linear_conflict")
    dispatch.weighted_solve(walk(n, 10, 0), goal, db, (3, 2))  # compile, plan: not timed
    for seed in range(args.boards):
        board = walk(n, WALKS[n], seed)
        found = []
        for num, den in weights:
            began = time.process_time()
            try:
                moves, _ = dispatch.weighted_solve(
                    board, goal, db, (num, den), time_limit=args.seconds
                )
                length = str(len(moves)) if moves is not None else "-"
            except st.SearchLimitExceeded:
                length = "none"
            found.append(f"{num}/{den}: {length} ({time.process_time() - began:.2f} s)")
        print(
            f"board {seed}: Manhattan {board.manhattan(goal)}, linear conflicts "
            f"{conflicts(board, goal)}, tables {db.value(board.tiles)}; " + ", ".join(found),
            flush=True,
        )


if __name__ == "__main__":
    main()
