"""Write the board-aware duplicate-sequence automata the package ships (`_engine/pruning`).

Run from the project root (pure Python; the 5x5 at 14 moves takes about half a minute):

    PYTHONPATH=. python benchmarks/pruning_automata.py 5x5:14 4x4:14 3x3:16
    PYTHONPATH=. python benchmarks/pruning_automata.py --dry-run 5x5:16   # sizes only

For each ``ROWSxCOLS:DEPTH`` it learns the minimal duplicate strings up to
DEPTH moves from every blank cell (`pruning.learn_board_sequences`), builds
their automaton (`pruning.board_automaton`) and writes it to
``slidingtiles/_engine/data/prune-ROWSxCOLS-DEPTH.npy.xz``, replacing any
other depth of that shape. The depths shipped were chosen by measurement:
docs/measurements/pruning.md.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from slidingtiles._engine import pruning


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("shapes", nargs="+", metavar="RxC:DEPTH")
    parser.add_argument("--dry-run", action="store_true", help="print the sizes, write nothing")
    args = parser.parse_args(argv)
    for spec in args.shapes:
        shape, depth_text = spec.split(":")
        rows, cols = (int(x) for x in shape.lower().split("x"))
        depth = int(depth_text)
        began = time.process_time()
        strings = pruning.learn_board_sequences(rows, cols, depth)
        table = pruning.board_automaton(rows, cols, strings)
        packed = pruning.encode_table(table)
        seconds = time.process_time() - began
        print(
            f"{rows}x{cols} up to {depth} moves: {len(strings):,} strings, "
            f"{len(table) // 4:,} states, {len(packed):,} bytes packed, "
            f"{seconds:.1f} s CPU"
        )
        if args.dry_run:
            continue
        for old in pruning.DATA_DIR.glob(f"prune-{rows}x{cols}-*.npy.xz"):
            old.unlink()
        pruning.DATA_DIR.mkdir(exist_ok=True)
        (pruning.DATA_DIR / pruning.data_name(rows, cols, depth)).write_bytes(packed)
    return 0


if __name__ == "__main__":
    sys.exit(main())
