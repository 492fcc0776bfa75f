"""Draw the pictures of the guide "Watching A* work": A*'s and IDA*'s search trees, the stepper.

Run: python examples/watch_astar.py [DIRECTORY] [--png]
(default directory: a new temporary one; the guide's own copies are redrawn with
python examples/watch_astar.py docs/images --png). The same bytes every run.

Writes watch-astar-tree.svg (A* with misplaced tiles on the student report's board, every
child drawn), watch-idastar-tree.svg (IDA* with misplaced tiles, its three iterations one
under another) and watch-astar.html (the notebook stepper as a page). With --png it also
takes a screenshot of the page, watch-astar.png, with headless Chromium when one is installed.
Prints the A* table, as the guide shows it.
"""

import sys
import tempfile
from pathlib import Path

from make_pictures import screenshot  # the Pictures page's script, beside this one

import slidingtiles as st
from slidingtiles.search import astar, idastar

GOAL = st.Board.goal(3, 3)
REPORT_BOARD = "0 1 3/4 2 5/7 8 6"  # the student report's A* simulation
IDA_BOARD = "5 4 2/1 0 3/7 8 6"  # 8 moves; misplaced tiles says 6, so three bounds
WINDOW = (960, 560)  # browser window for the screenshot, in CSS pixels


def misplaced(state: st.TileState) -> int:
    """Tiles not on their goal cell, the blank not counted (the report's heuristic)."""
    return sum(1 for tile, home in zip(state.tiles, GOAL.tiles) if tile and tile != home)


def views() -> tuple[st.TraceView, st.TraceView]:
    start = st.TileState.from_boards(st.Board(REPORT_BOARD), GOAL)
    report = st.TraceView(astar(start, misplaced, trace=1000))
    deeper = st.TileState.from_boards(st.Board(IDA_BOARD), GOAL)
    return report, st.TraceView(idastar(deeper, misplaced, trace=1000))


def write_pictures(folder: Path) -> list[Path]:
    """Write the two trees and the stepper page into ``folder``; return their paths."""
    folder.mkdir(parents=True, exist_ok=True)
    report, deeper = views()
    page = report.page(title="A* on the student report's board", interval_ms=900).replace(
        # Open at the third expansion, where the frontier has a choice to show.
        "</body>",
        "<script>for (let k = 0; k < 2; k++) "
        "document.querySelector('button[data-action=step]').click();</script></body>",
    )
    pictures = {
        "watch-astar-tree.svg": report.svg(duplicates=True),
        "watch-idastar-tree.svg": deeper.svg(duplicates=True),
        "watch-astar.html": page,
    }
    paths = []
    for name, text in pictures.items():
        path = folder / name
        path.write_text(text, encoding="utf-8", newline="\n")  # the same bytes everywhere
        paths.append(path)
    return paths


def main(argv: list[str]) -> None:
    want_png = "--png" in argv
    args = [arg for arg in argv if arg != "--png"]
    folder = Path(args[0]) if args else Path(tempfile.mkdtemp(prefix="slidingtiles-"))
    print(views()[0].table())
    paths = write_pictures(folder)
    if want_png:
        png = folder / "watch-astar.png"
        if screenshot(folder / "watch-astar.html", png, WINDOW):
            paths.append(png)
        else:
            print("no Chromium found: watch-astar.png not written")
    for path in paths:
        print(f"wrote {path.name} ({path.stat().st_size:,} bytes)")
    print(f"in {folder}")


if __name__ == "__main__":
    main(sys.argv[1:])
