"""Learn a 15-puzzle heuristic with numpy alone, then search with it by batch-weighted A*.

Run from the project root:

    PYTHONPATH=. python examples/learned_heuristic.py           # the guide's numbers (minutes)
    PYTHONPATH=. python examples/learned_heuristic.py --quick   # a smoke run (seconds)

1. Labels: boards scrambled by random walks from Korf's goal (blank first), each
   solved optimally; every board of each optimal path is labelled with its exact
   distance to the goal (what `slidingtiles.data.cost_to_go` does, used when present).
2. A small model: a one-hidden-layer network over the one-hot (tile, cell) board,
   trained with numpy alone (Adam on the squared error), a few minutes on one core.
3. The model as a batched heuristic (`heuristics.batched`), searched with
   ``solve(..., algorithm="bwas")``, against Manhattan distance and the pattern
   tables on Korf's 100, in expansions, CPU time and length (docs/learned-heuristics.md).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import slidingtiles as st
from slidingtiles import Board, heuristics

GOAL = Board.goal(4, 4, blank="first")
KORF = Path(__file__).resolve().parent.parent / "benchmarks" / "data" / "korf100.txt"


def label(count: int, longest: int, seed: int) -> tuple[np.ndarray, np.ndarray]:
    """Boards and their exact distances: every board on an optimal path of ``count`` scrambles."""
    rng = np.random.default_rng(seed)
    starts = [
        st.scramble(GOAL, int(rng.integers(10, longest)), seed=int(rng.integers(1 << 30)))
        for _ in range(count)
    ]
    try:  # the library's labeller, where this version has it
        from slidingtiles import data  # type: ignore[attr-defined]

        labels = data.cost_to_go(np.array([b.tiles for b in starts]), goal=GOAL)
        return np.asarray(labels.boards, dtype=np.int64), np.asarray(labels.distances)
    except ImportError:
        pass
    found: dict[tuple[int, ...], int] = {}
    for board in starts:  # the fallback: the same labels, from solve's optimal answers
        moves = st.solve(board, GOAL, heuristic="pdb").moves
        for step, move in enumerate(moves):
            found.setdefault(board.tiles, len(moves) - step)
            board = board.move(move)
        found[GOAL.tiles] = 0
    return np.array(list(found), dtype=np.int64), np.array(list(found.values()))


def one_hot(boards: np.ndarray) -> np.ndarray:
    """The board as 256 zeros and ones: tile t on cell c."""
    rows = np.arange(len(boards))[:, None]
    x = np.zeros((len(boards), 16 * 16), dtype=np.float32)
    x[rows, boards * 16 + np.arange(16)] = 1.0
    return x


class Network:
    """256 inputs, one hidden layer of ReLUs, one output: trained by Adam on squared error."""

    def __init__(self, hidden: int, seed: int) -> None:
        rng = np.random.default_rng(seed)
        self.params = [
            rng.normal(0, (2 / 256) ** 0.5, (256, hidden)).astype(np.float32),
            np.zeros(hidden, dtype=np.float32),
            rng.normal(0, (2 / hidden) ** 0.5, (hidden, 1)).astype(np.float32),
            np.zeros(1, dtype=np.float32),
        ]

    def predict(self, x: np.ndarray) -> np.ndarray:
        w1, b1, w2, b2 = self.params
        return (np.maximum(x @ w1 + b1, 0) @ w2 + b2)[:, 0]

    def fit(self, x: np.ndarray, y: np.ndarray, epochs: int, batch: int = 256) -> float:
        m = [np.zeros_like(p) for p in self.params]
        v = [np.zeros_like(p) for p in self.params]
        rng = np.random.default_rng(0)
        step = 0
        for _ in range(epochs):
            for rows in np.array_split(rng.permutation(len(x)), max(1, len(x) // batch)):
                w1, b1, w2, b2 = self.params
                hidden = np.maximum(x[rows] @ w1 + b1, 0)
                error = (hidden @ w2 + b2)[:, 0] - y[rows]
                d_out = (2 * error / len(rows))[:, None].astype(np.float32)
                d_hidden = (d_out @ w2.T) * (hidden > 0)
                grads = [x[rows].T @ d_hidden, d_hidden.sum(0), hidden.T @ d_out, d_out.sum(0)]
                step += 1
                for p, g, m_, v_ in zip(self.params, grads, m, v, strict=True):
                    m_ *= 0.9
                    m_ += 0.1 * g
                    v_ *= 0.999
                    v_ += 0.001 * g * g
                    p -= 1e-3 * (m_ / (1 - 0.9**step)) / (np.sqrt(v_ / (1 - 0.999**step)) + 1e-8)
        return float(np.sqrt(np.mean((self.predict(x) - y) ** 2)))


def as_heuristic(net: Network) -> heuristics.BatchedHeuristic:
    """The network as a batched heuristic: whole numbers >= 0, 0 at the goal; no claim."""

    @heuristics.batched(admissible=False)
    def learned(boards: np.ndarray, goal: Board) -> np.ndarray:
        values = np.maximum(np.rint(net.predict(one_hot(boards))), 0).astype(np.int64)
        values[(boards == np.array(goal.tiles)).all(axis=1)] = 0
        return values

    return learned


def korf(count: int) -> list[tuple[int, Board]]:
    rows = []
    for line in KORF.read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            length, *tiles = (int(x) for x in line.split())
            rows.append((length, Board(tiles, shape=(4, 4))))
    return rows[:count]


def compare(
    runs: list[tuple[str, object, float]], boards: list[tuple[int, Board]], max_nodes: int
) -> None:
    print(
        f"{'heuristic':<10} {'weight':>6} {'solved':>7} {'length/opt':>10} "
        f"{'expanded':>11} {'CPU s':>8}"
    )
    for name, heuristic, weight in runs:
        solved = expanded = 0
        ratio = seconds = 0.0
        for length, board in boards:
            t0 = time.process_time()
            try:
                sol = st.solve(
                    board,
                    GOAL,
                    heuristic=heuristic,
                    algorithm="bwas",
                    weight=weight,
                    batch_size=1000,
                    max_nodes=max_nodes,
                )
            except st.SearchLimitExceeded as stop:
                seconds += time.process_time() - t0
                expanded += stop.stats.expanded
                continue
            seconds += time.process_time() - t0
            assert board.apply(sol.moves) == GOAL
            solved += 1
            expanded += sol.stats.expanded
            ratio += len(sol.moves) / length
        mean = f"{ratio / solved:.3f}" if solved else "-"
        print(
            f"{name:<10} {weight:>6} {solved:>4}/{len(boards):<2} {mean:>10} "
            f"{expanded / len(boards):>11,.0f} {seconds / len(boards):>8.3f}"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="a smoke run: seconds, not minutes")
    args = parser.parse_args()
    scrambles, longest, epochs, hidden, count, cap = (
        (20, 40, 2, 16, 2, 100_000) if args.quick else (800, 200, 10, 64, 10, 200_000)
    )
    t0 = time.process_time()
    boards, distances = label(scrambles, longest, seed=1)
    print(
        f"labelled {len(boards):,} boards in {time.process_time() - t0:.1f} s CPU "
        f"(distances {distances.min()}..{distances.max()})"
    )
    t0 = time.process_time()
    net = Network(hidden, seed=2)
    rmse = net.fit(one_hot(boards), distances.astype(np.float32), epochs)
    print(f"trained {epochs} epochs in {time.process_time() - t0:.1f} s CPU, rmse {rmse:.2f} moves")
    learned = as_heuristic(net)
    instances = korf(count)
    compare(
        [
            ("pdb", "pdb", 1.0),
            ("learned", learned, 1.0),
            ("manhattan", "manhattan", 1.0),
            ("learned", learned, 2.0),
            ("manhattan", "manhattan", 2.0),
        ],
        instances,
        cap,
    )


if __name__ == "__main__":
    main()
