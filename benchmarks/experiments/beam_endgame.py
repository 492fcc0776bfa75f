"""Where a beam's answer loses moves on 6x6 and 7x7: near the goal, on boards of small Manhattan
distance that are far from the goal in moves.

Run (numba; the tables' columns need them cached, `slidingtiles pdb build 6x6 --partition 5x7`,
`slidingtiles pdb build 7x7 --partition 5x9-3`)::

    PYTHONPATH=. python benchmarks/experiments/beam_endgame.py --size 7 --boards 3 --width 30000
    PYTHONPATH=. python benchmarks/experiments/beam_endgame.py --size 6 --boards 3 --optimal

For each random-walk board of `benchmarks/mid_size.py` the beam over whole boards
(`dispatch.beam_solve`, ranked by Manhattan distance plus pairs in conflict) solves it; its
moves are counted by the Manhattan distance of the board they start from (in bands of 25),
with the moves that raise the distance ("up"). Then, at the first boards of the answer within
distance 60, 40 and 20 of the goal: the moves left, linear conflicts, the tables' value (when
cached) and, with ``--optimal``, the shortest way from there (IDA* over the tables, or linear
conflicts without them, within ``--nodes``).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from mid_size import WALKS, walk

import slidingtiles as st
from slidingtiles._engine import dispatch

TABLES = {6: "5x7", 7: "5x9-3"}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=int, choices=(6, 7), default=7)
    parser.add_argument("--boards", type=int, default=3)
    parser.add_argument("--width", type=int, default=30_000)
    parser.add_argument("--optimal", action="store_true", help="the shortest tails too")
    parser.add_argument("--nodes", type=int, default=50_000_000)
    args = parser.parse_args()
    n = args.size
    goal = st.Board.goal(n, n)
    cached = st.pdb.is_cached(n, n, list(goal.tiles), TABLES[n])
    db = st.pdb.load(n, n, goal, TABLES[n], build_missing=False) if cached else None
    conflicts = st.heuristics.get("linear_conflict")
    for seed in range(args.boards):
        board = walk(n, WALKS[n], seed)
        moves, _ = dispatch.beam_solve(board, goal, args.width, max_nodes=1 << 62)
        assert moves is not None
        path = [board]
        for move in moves:
            path.append(path[-1].apply(move))
        distances = [b.manhattan(goal) for b in path]
        bands: dict[int, list[int]] = {}
        for i in range(len(moves)):
            band = bands.setdefault(distances[i] // 25 * 25, [0, 0])
            band[0] += 1
            band[1] += distances[i + 1] > distances[i]
        print(
            f"board {seed}: Manhattan {distances[0]}, beam {len(moves)} moves; by distance: "
            + ", ".join(f"{k}-{k + 24}: {v[0]} ({v[1]} up)" for k, v in sorted(bands.items()))
        )
        for reach in (60, 40, 20):
            at = next(i for i, d in enumerate(distances) if d <= reach)
            near = path[at]
            line = (
                f"  within {reach}: {len(moves) - at} moves left, Manhattan {distances[at]}, "
                f"linear conflicts {conflicts(near, goal)}"
            )
            if db is not None:
                line += f", tables {db.value(near.tiles)}"
            if args.optimal:
                began = time.process_time()
                try:
                    found = st.solve(
                        near,
                        heuristic="pdb" if db is not None else "linear_conflict",
                        optimal=True,
                        max_nodes=args.nodes,
                    )
                    line += f", shortest {len(found.moves)}"
                except st.SearchLimitExceeded:
                    line += f", shortest not found in {args.nodes:,} nodes"
                line += f" ({time.process_time() - began:.1f} s)"
            print(line, flush=True)


if __name__ == "__main__":
    main()
