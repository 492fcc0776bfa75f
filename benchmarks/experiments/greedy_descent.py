"""Why a greedy descent of the Manhattan distance does not carry tiles far (issue 15, 100x100).

Run on demand (not part of the tests; needs numba)::

    PYTHONPATH=. python benchmarks/experiments/greedy_descent.py --size 30 --depth 6

The blank repeatedly takes the simple path of at most ``depth`` moves (no cell twice) that
lowers the Manhattan distance most, judged on the board as it stands, and makes all of it;
when no path lowers it, it walks by a 0-1 breadth-first search (improving moves free) to the
nearest cell with two improving moves. It stops when a window of moves lowered the distance
by less than ``--min-gain`` per move. Printed: the distance before and after and the moves.
Measured 2026-11-24 on 30x30 (seed 0): 17,964 -> 17,947 in 2,005 moves: the improving moves
lead the blank to an edge, where each way back costs what it gained (docs/large-boards.md).

``--wander`` runs the other local policy we tried instead: one move at a time, never straight
back, the move scoring its gain plus half the best gain of the move after it, less ``--tabu-cost``
for a cell the blank left within the last ``--tabu`` moves and ``--edge-cost`` per cell the blank
strays into the ``--margin`` cells along the edges; it makes ``--moves`` times the starting
distance in moves and prints the distance at every tenth of them.
"""

from __future__ import annotations

import argparse

import numba
import numpy as np

from slidingtiles import random_board

_UP, _DOWN, _LEFT, _RIGHT = range(4)


@numba.njit(cache=True)
def _step(cell: int, direction: int, n: int) -> int:
    """The cell beside ``cell`` in ``direction``, or -1 off the board."""
    row, col = cell // n, cell % n
    if direction == _UP:
        return cell - n if row > 0 else -1
    if direction == _DOWN:
        return cell + n if row < n - 1 else -1
    if direction == _LEFT:
        return cell - 1 if col > 0 else -1
    return cell + 1 if col < n - 1 else -1


@numba.njit(cache=True)
def _gain(tiles, n, goal_row, goal_col, blank, cell):  # type: ignore[no-untyped-def]
    """How much nearer home the tile on ``cell`` gets when the blank on ``blank`` takes it."""
    tile = tiles[cell]
    before = abs(cell // n - goal_row[tile]) + abs(cell % n - goal_col[tile])
    after = abs(blank // n - goal_row[tile]) + abs(blank % n - goal_col[tile])
    return before - after


@numba.njit(cache=True)
def _distance(tiles, n, goal_row, goal_col):  # type: ignore[no-untyped-def]
    """The board's Manhattan distance."""
    distance = 0
    for cell in range(n * n):
        tile = tiles[cell]
        if tile:
            distance += abs(cell // n - goal_row[tile]) + abs(cell % n - goal_col[tile])
    return distance


@numba.njit(cache=True)
def _best_path(tiles, n, goal_row, goal_col, cell, seen, path, best, score, level):  # type: ignore[no-untyped-def]
    """Depth-first over simple paths: ``best`` gets the path of the highest total gain."""
    for direction in range(4):
        nxt = _step(cell, direction, n)
        if nxt < 0 or seen[nxt]:
            continue
        total = score + _gain(tiles, n, goal_row, goal_col, cell, nxt)
        path[level] = nxt
        if total > best[0] or (total == best[0] and level + 1 < best[1]):
            best[0], best[1] = total, level + 1
            best[2 : 3 + level] = path[: level + 1]
        if level + 1 < len(path):
            seen[nxt] = True
            _best_path(tiles, n, goal_row, goal_col, nxt, seen, path, best, total, level + 1)
            seen[nxt] = False


@numba.njit(cache=True)
def _descend(tiles, n, goal_row, goal_col, depth, window, min_gain, max_moves):  # type: ignore[no-untyped-def]
    cells = n * n
    blank = int(np.argmax(tiles == 0))
    distance = _distance(tiles, n, goal_row, goal_col)
    history = np.empty(max_moves, np.int64)
    seen = np.zeros(cells, np.bool_)
    path = np.empty(depth, np.int64)
    best = np.empty(depth + 2, np.int64)
    far = np.empty(cells, np.int64)
    parent = np.empty(cells, np.int64)
    queue = np.empty(2 * cells + 2, np.int64)
    walk = np.empty(cells, np.int64)
    moves = 0
    while moves < max_moves:
        best[0], best[1] = 0, 1 << 30
        seen[blank] = True
        _best_path(tiles, n, goal_row, goal_col, blank, seen, path, best, 0, 0)
        seen[blank] = False
        steps = 0
        if best[0] > 0:
            steps = best[1]
            walk[:steps] = best[2 : 2 + steps]
        else:  # walk to the nearest cell with two improving moves, improving moves free
            far[:] = 1 << 30
            far[blank], parent[blank] = 0, -1
            head = tail = cells
            queue[tail] = blank
            tail += 1
            target = -1
            while head < tail:
                cell = queue[head]
                head += 1
                good = 0
                for direction in range(4):
                    nxt = _step(cell, direction, n)
                    if nxt < 0:
                        continue
                    improving = _gain(tiles, n, goal_row, goal_col, cell, nxt) > 0
                    if improving and nxt != parent[cell]:
                        good += 1
                    cost = far[cell] + (0 if improving else 1)
                    if cost < far[nxt]:
                        far[nxt], parent[nxt] = cost, cell
                        if improving:
                            head -= 1
                            queue[head] = nxt
                        else:
                            queue[tail] = nxt
                            tail += 1
                if good >= 2 and cell != blank and (target < 0 or far[cell] < far[target]):
                    target = cell
            if target < 0:
                break
            cell = target
            while cell != blank:
                walk[steps] = cell
                steps += 1
                cell = parent[cell]
            walk[:steps] = walk[:steps][::-1].copy()
        for index in range(steps):
            nxt = walk[index]
            distance -= _gain(tiles, n, goal_row, goal_col, blank, nxt)
            tiles[blank], tiles[nxt] = tiles[nxt], 0
            blank = nxt
            if moves < max_moves:
                history[moves] = distance
                moves += 1
        if moves > window and history[moves - 1 - window] - distance < min_gain * window:
            break
    return history[:moves]


@numba.njit(cache=True)
def _wander(tiles, n, goal_row, goal_col, moves, tabu, tabu_cost, margin, edge_cost, seed):  # type: ignore[no-untyped-def]
    """The one-move-at-a-time walk of ``--wander``: the distance after each move."""
    np.random.seed(seed)
    blank = int(np.argmax(tiles == 0))
    distance = _distance(tiles, n, goal_row, goal_col)
    left_at = np.full(n * n, -(1 << 40), np.int64)
    history = np.empty(moves, np.int64)
    previous = -1
    for move in range(moves):
        best, choice = -1e18, -1
        for direction in range(4):
            nxt = _step(blank, direction, n)
            if nxt < 0 or nxt == previous:
                continue
            ahead = 0
            for onward in range(4):
                after = _step(nxt, onward, n)
                if after >= 0 and after != blank:
                    ahead = max(ahead, _gain(tiles, n, goal_row, goal_col, nxt, after))
            score = _gain(tiles, n, goal_row, goal_col, blank, nxt) + 0.5 * ahead
            if move - left_at[nxt] < tabu:
                score -= tabu_cost
            row, col = nxt // n, nxt % n
            inside = min(row, col, n - 1 - row, n - 1 - col)
            if inside < margin:
                score -= edge_cost * (margin - inside)
            score += 0.01 * np.random.random()  # ties broken at random
            if score > best:
                best, choice = score, nxt
        distance -= _gain(tiles, n, goal_row, goal_col, blank, choice)
        tiles[blank], tiles[choice] = tiles[choice], 0
        left_at[blank] = move
        previous, blank = blank, choice
        history[move] = distance
    return history


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=int, default=30)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--depth", type=int, default=6)
    parser.add_argument("--window", type=int, default=2000)
    parser.add_argument("--min-gain", type=float, default=0.3)
    parser.add_argument("--wander", action="store_true", help="the one-move walk instead")
    parser.add_argument("--moves", type=float, default=1.0, help="--wander: moves / distance")
    parser.add_argument("--tabu", type=int, default=50)
    parser.add_argument("--tabu-cost", type=float, default=3.0)
    parser.add_argument("--margin", type=int, default=0)
    parser.add_argument("--edge-cost", type=float, default=1.0)
    args = parser.parse_args()
    n = args.size
    board = random_board(n, n, seed=args.seed)
    tiles = np.array(board.tiles, np.int64)
    goal_row = np.array([(t - 1) // n if t else n - 1 for t in range(n * n)], np.int64)
    goal_col = np.array([(t - 1) % n if t else n - 1 for t in range(n * n)], np.int64)
    start = int(_distance(tiles, n, goal_row, goal_col))
    if args.wander:
        moves = max(1, int(args.moves * start))
        history = _wander(
            tiles,
            n,
            goal_row,
            goal_col,
            moves,
            args.tabu,
            args.tabu_cost,
            args.margin,
            args.edge_cost,
            args.seed,
        )
    else:
        history = _descend(
            tiles, n, goal_row, goal_col, args.depth, args.window, args.min_gain, 10 * start
        )
    end = int(history[-1]) if len(history) else start
    print(f"{n}x{n} seed {args.seed}: Manhattan {start:,} -> {end:,} in {len(history):,} moves")
    for share in (0.1 * tenth for tenth in range(1, 11)) if args.wander else (0.1, 0.5, 1.0):
        upto = max(1, int(share * len(history)))
        print(f"  after {upto:,} moves: {int(history[upto - 1]):,}")


if __name__ == "__main__":
    main()
