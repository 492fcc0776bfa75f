"""Draw the pictures of the docs' Pictures page: a board, an animated solution, the HTML page.

Run: python examples/make_pictures.py [DIRECTORY] [--png]
(default directory: a new temporary one; the docs' own copies are redrawn with
python examples/make_pictures.py docs/images --png). The same bytes every run.

Writes board.svg (st.board_svg, tiles already home in green), solution.svg (st.solution_svg,
animated) and solution.html (st.solution_html, the step-through page). With --png it also
takes a screenshot of the page, solution.png, with headless Chromium when one is installed
(the page needs a browser to lay it out; nothing else here does).
"""

import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import slidingtiles as st

BOARD = "8 1 3/4 0 2/7 6 5"
#: Browser window for the screenshot, in CSS pixels: the page's board, buttons and moves.
WINDOW = (720, 480)
BROWSERS = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable")


def write_pictures(folder: Path) -> list[Path]:
    """Write the SVG pictures and the HTML page into `folder`; return their paths."""
    folder.mkdir(parents=True, exist_ok=True)
    board = st.Board(BOARD)
    solution = st.solve(board)
    pictures = {
        "board.svg": st.board_svg(board, goal=solution.goal),
        "solution.svg": st.solution_svg(solution),
        "solution.html": st.solution_html(solution, title=f"{BOARD}: {len(solution.moves)} moves"),
    }
    paths = []
    for name, text in pictures.items():
        path = folder / name
        # newline="\n": the same bytes on every platform, so the committed files stay unchanged.
        path.write_text(text, encoding="utf-8", newline="\n")
        paths.append(path)
    return paths


def screenshot(page: Path, png: Path, window: tuple[int, int] = WINDOW) -> bool:
    """Save a screenshot of `page` as `png` with headless Chromium; False when none is found."""
    browser = next(filter(None, map(shutil.which, BROWSERS)), None)
    if browser is None:
        return False
    width, height = window
    # Chromium refuses to run as root without --no-sandbox; a private profile keeps it from
    # touching (or waiting on) the user's own browser profile.
    with tempfile.TemporaryDirectory(prefix="slidingtiles-chromium-") as profile:
        subprocess.run(
            [
                browser,
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--hide-scrollbars",
                f"--user-data-dir={profile}",
                f"--window-size={width},{height}",
                f"--screenshot={png.resolve()}",
                page.resolve().as_uri(),
            ],
            check=True,
            capture_output=True,
            timeout=120,
        )
    return png.exists()


def main(argv: list[str]) -> None:
    want_png = "--png" in argv
    args = [arg for arg in argv if arg != "--png"]
    folder = Path(args[0]) if args else Path(tempfile.mkdtemp(prefix="slidingtiles-"))
    paths = write_pictures(folder)
    if want_png:
        png = folder / "solution.png"
        if screenshot(folder / "solution.html", png):
            paths.append(png)
        else:
            print("no Chromium found: solution.png not written")
    for path in paths:
        print(f"wrote {path.name} ({path.stat().st_size:,} bytes)")
    print(f"in {folder}")


if __name__ == "__main__":
    main(sys.argv[1:])
