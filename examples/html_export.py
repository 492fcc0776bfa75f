"""Export a solution as a self-contained HTML page (and an animated SVG) you can open offline.

Run: python examples/html_export.py [DIRECTORY]
(default: a new temporary directory)
"""

import sys
import tempfile
from pathlib import Path

import slidingtiles as st

folder = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(tempfile.mkdtemp(prefix="slidingtiles-"))
folder.mkdir(parents=True, exist_ok=True)

solution = st.solve("6 4 7/8 5 0/3 2 1")
page = folder / "solution.html"
page.write_text(st.solution_html(solution, title="The hardest 8-puzzle"), encoding="utf-8")
animation = folder / "solution.svg"
animation.write_text(st.solution_svg(solution), encoding="utf-8")
picture = folder / "start.svg"
picture.write_text(st.board_svg(solution.start, goal=solution.goal), encoding="utf-8")

print(f"{len(solution)} moves; open {page} in a browser to step through them")
for path in (page, animation, picture):
    print(f"  wrote {path.name} ({path.stat().st_size:,} bytes)")
