"""Measure: what a frontier with duplicate detection (Bu & Korf's A*+IDA*) could save here.

Run from the project root, with numba and the 5x5 tables built once (``slidingtiles pdb build 5``):

    PYTHONPATH=. python benchmarks/hybrid.py --depths 12 16 20 38 40 25

Bu & Korf (IJCAI 2019, "A*+IDA*: a simple hybrid search algorithm") run A* until
memory is full, then IDA* below each frontier node: the frontier holds each
board once, where IDA* reaches a board once per path. Below the duplicate
automaton (`slidingtiles._engine.pruning`, 14 moves on 5x5) few paths of the
top of the tree lead to the same board; this measures how few. For each
instance, in the IDA* iteration that finds the goal (bound = the optimal
length), the search hands over every node D moves down (the kernel's
``cutoff``, as the parallel search splits its tree) and the benchmark counts
them, the distinct boards among them (and those met at the depths before, which
A* would also drop), and the distinct (board, automaton
state) pairs: a frontier can drop a node only when another has the same board
the same automaton state and the same last move (the subtrees below are then identical; with
another state, move pruning and duplicate detection do not mix freely:
Holte 2013). With ``--subtrees``, each distinct pair's subtree is also searched
to the bound, and the expansions of all nodes' subtrees against the distinct
ones' are given: the hybrid's saving on that iteration, measured.
"""

from __future__ import annotations

import argparse
import datetime
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.korf50 import GOAL, read_instances
from slidingtiles import pdb
from slidingtiles._board.geometry import blank_moves
from slidingtiles._board.symmetry import IDENTITY_ORDER
from slidingtiles._engine import dispatch
from slidingtiles._engine.lookups import COLLECT


def frontier(
    db: pdb.PatternDatabase, tiles: list[int], bound: int, depth: int
) -> tuple[list[tuple[tuple[int, ...], int, int]], int]:
    """The nodes ``depth`` moves down with f <= bound: (board, cell the blank left, automaton
    state) each, and the expansions of the top of the tree."""
    moves = blank_moves(5, 5)
    top = dispatch.kernels.maxed_search(
        [db], tiles, IDENTITY_ORDER, bound=bound, single=True, cutoff=depth
    )
    nodes = []
    while top.run() == COLLECT:
        board = list(tiles)
        blank, prev = board.index(0), -1
        for slot in top.slots():
            n = moves[blank][slot][0]
            board[blank], board[n] = board[n], 0
            prev, blank = blank, n
        nodes.append((tuple(board), prev, top.collected_seq))
    return nodes, top.expanded


def subtree(
    db: pdb.PatternDatabase, node: tuple[tuple[int, ...], int, int], bound: int, depth: int
) -> int:
    board, prev, seq = node
    search = dispatch.kernels.maxed_search(
        [db], list(board), IDENTITY_ORDER, bound=bound - depth, prev=prev, seq=seq, single=True
    )
    search.run()
    return int(search.expanded)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("instances", nargs="+", type=int)
    parser.add_argument("--depths", nargs="+", type=int, default=[12, 16, 20])
    parser.add_argument("--subtrees", action="store_true")
    parser.add_argument("--markdown", type=Path, default=None, help="write the lines as a page")
    args = parser.parse_args(argv)
    lines: list[str] = []
    db = pdb.load(5, 5, GOAL, "6-6-6-6", build_missing=False)
    db.contiguous()
    rows = read_instances()
    for number in args.instances:
        length, tiles = rows[number - 1]
        shallower: set[tuple[int, ...]] = set()  # boards of the depths before (a frontier's too)
        for depth in args.depths:
            began = time.process_time()
            nodes, top = frontier(db, list(tiles), length, depth)
            boards = {n[0] for n in nodes}
            pairs = set(nodes)
            nearer = len(boards & shallower)
            shallower |= boards
            line = (
                f"#{number} bound {length} depth {depth}: {len(nodes):,} nodes, "
                f"{len(boards):,} boards ({len(boards) / max(1, len(nodes)):.4f}), "
                f"{len(pairs):,} (board, state) ({len(pairs) / max(1, len(nodes)):.4f}); "
                f"{nearer:,} boards met at a depth before; top {top:,} expanded"
            )
            if args.subtrees:
                sizes: dict[tuple[tuple[int, ...], int, int], int] = {}
                every = 0
                for node in nodes:
                    key = node
                    if key not in sizes:
                        sizes[key] = subtree(db, node, length, depth)
                    every += sizes[key]
                distinct = sum(sizes.values())
                line += f"; subtrees {every:,} expanded, distinct {distinct:,}"
                line += f" ({distinct / max(1, every):.4f})"
            line += f"  [{time.process_time() - began:.1f} s CPU]"
            lines.append(line)
            print(line, flush=True)
    if args.markdown is not None:
        command = " ".join(argv if argv is not None else sys.argv[1:])
        args.markdown.write_text(
            "# Measurements: duplicates at a frontier (the A*+IDA* hybrid)\n\n"
            "Written by `benchmarks/hybrid.py` (do not edit by hand; its docstring says what "
            f"is counted), {datetime.date.today().isoformat()}, numba, the 6-6-6-6 tables:\n\n"
            f"```\nPYTHONPATH=. python benchmarks/hybrid.py {command}\n```\n\n"
            "```\n" + "\n".join(lines) + "\n```\n",
            encoding="utf-8",
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
