"""Benchmark: numba's first call in a fresh process, with an empty kernel cache and with a warm one.

Run from the project root (numba installed; writes docs/measurements/first-compile.md):

    PYTHONPATH=. python benchmarks/first_compile.py
    PYTHONPATH=. python benchmarks/first_compile.py --baseline /path/to/older/checkout

Each case is one `solve` call in a fresh interpreter (``SLIDINGTILES_IMPLEMENTATION=numba``):

* a 4x4 board, optimal (the tables' IDA*, through the small-search kernel or the maxed one);
* a 5x5, 6x6, 7x7, 10x10 and 20x20 board with ``optimal=False`` (the short-solution methods'
  kernels: the mid-size tables' beams and searches, the beam over whole boards, the peeling).

*Cold*: ``NUMBA_CACHE_DIR`` is a new, empty directory, so every kernel the call runs is
compiled (and ``SLIDINGTILES_CACHE_DIR`` another, so only the shipped tables are there, as
on a fresh install); *warm*: a second fresh process with the same directories, so they are
loaded from numba's disk cache; then a third (a kernel rented while cold, run in pure Python,
may compile in a later process: `slidingtiles._engine.rental`). Measured: the CPU seconds
of the whole process (``resource``, the interpreter, imports and the call: what the user
waits for on an idle machine), the CPU seconds of the `solve` call alone, and what numba
compiled (its ``numba:compile`` events: the kernels by name and the seconds spent).
``--baseline`` measures another checkout's runs the same way, alternating with this one's,
in one sitting.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PAGE = ROOT / "docs" / "measurements" / "first-compile.md"

#: The cases: a name, and the Python of the call (``st`` is slidingtiles), whose value has
#: ``moves`` (and ``engine``); what a case sets up first (``SETUP``) is neither timed nor
#: counted as compiling.
CASES = {
    "4x4 optimal": "st.solve(st.random_board(4, 4, seed=1))",
    "4x4 optimal, 7-8's kernel": "four_by_four(korf_1)",
    "5x5 optimal=False": "st.solve(st.random_board(5, 5, seed=1), optimal=False)",
    "6x6 optimal=False": "st.solve(st.random_board(6, 6, seed=1), optimal=False)",
    "7x7 optimal=False": "st.solve(st.random_board(7, 7, seed=1), optimal=False)",
    "10x10 optimal=False": "st.solve(st.random_board(10, 10, seed=1), optimal=False)",
    "20x20 optimal=False": "st.solve(st.random_board(20, 20, seed=1), optimal=False)",
}
#: numba's 4x4 route when the 7-8 tables are built (they need 5.9 GB to build: not here): the
#: maxed kernel's 4x4 loop, searching zero-aware 5-5-5 tables of 7-8's kind, built first.
SETUP = {
    "4x4 optimal, 7-8's kernel": """
sys.path.insert(0, "benchmarks")
from types import SimpleNamespace
from engine_hook import PERM_ZERO, build_tables, maxed_search
from korf100 import read_korf
goal = st.Board.goal(4, 4, blank="first")
korf_1 = st.Board(read_korf()[0][1], shape=(4, 4))  # Korf's first 15-puzzle (5-5-5 tables
# take far longer than 7-8's on a random board)
groups = ((1, 2, 3, 4, 5), (6, 7, 8, 9, 10), (11, 12, 13, 14, 15))
tables = build_tables(4, 4, groups, encoding=PERM_ZERO, entry="u4-excess")
def four_by_four(board):
    moves, stats = maxed_search([tables], board, goal, time_limit=None)
    return SimpleNamespace(moves=moves, engine="numba")
""",
}

_CHILD = """
import json, resource, sys, time
compiles = []
def listen():
    from numba.core import event
    class Listener(event.Listener):
        depth = 0
        def on_start(self, started):
            self.depth += 1
            if self.depth == 1:
                self.began = time.process_time()
        def on_end(self, ended):
            self.depth -= 1
            if self.depth == 0:
                name = getattr(ended.data.get("dispatcher"), "__qualname__", "?")
                compiles.append((name, time.process_time() - self.began))
    event.register("numba:compile", Listener())
import slidingtiles as st
import numba
{setup}
listen()
began = time.process_time()
solution = {call}
call_cpu = time.process_time() - began
usage = resource.getrusage(resource.RUSAGE_SELF)
import numba.core.registry
kernels = [d for d in numba.core.registry.CPUDispatcher._memo.values() if d.signatures]
specialised = sorted(d.__qualname__ for d in kernels if len(d.signatures) > 1)
print(json.dumps({{
    "specialised": specialised,
    "moves": len(solution.moves),
    "engine": solution.engine,
    "call_cpu": call_cpu,
    "process_cpu": usage.ru_utime + usage.ru_stime,
    "compiles": compiles,
}}))
"""


def run(tree: Path, case: str, cache: Path, tables: Path) -> dict[str, object]:
    """One fresh process of ``tree`` running ``case`` with numba's cache in ``cache`` and the
    table cache in ``tables``."""
    env = {
        **os.environ,
        "PYTHONPATH": str(tree),
        "NUMBA_CACHE_DIR": str(cache),
        "SLIDINGTILES_CACHE_DIR": str(tables),
        "SLIDINGTILES_IMPLEMENTATION": "numba",
    }
    code = _CHILD.format(call=CASES[case], setup=SETUP.get(case, ""))
    out = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True, cwd=tree
    )
    found: dict[str, object] = json.loads(out.stdout.strip().splitlines()[-1])
    return found


def cold_and_warm(tree: Path, case: str) -> list[dict[str, object]]:
    """The cold run (empty caches) and the two after it on the same caches: the second loads
    what the first compiled; the third shows what is left once a rented kernel (one the cold
    run ran in pure Python, `slidingtiles._engine.rental`) has been bought, if ever."""
    # A fresh install's tables too: only those the package ships (the user's cache may hold
    # others, 4x4's 7-8 say, which would change the route and the kernels compiled).
    with (
        tempfile.TemporaryDirectory(prefix="numba-cold-") as directory,
        tempfile.TemporaryDirectory(prefix="tables-") as tables,
    ):
        return [run(tree, case, Path(directory), Path(tables)) for _ in range(3)]


def _compiled(result: dict[str, object]) -> tuple[float, int, str]:
    compiles: list[tuple[str, float]] = result["compiles"]  # type: ignore[assignment]
    seconds = sum(s for _, s in compiles)
    slowest = sorted(compiles, key=lambda c: -c[1])[:3]
    names = ", ".join(f"{name} {s:.1f}" for name, s in slowest)
    return seconds, len(compiles), names


def main() -> int:
    trees = [("this checkout", ROOT)]
    if ARGS.baseline:
        trees.insert(0, ("baseline", Path(ARGS.baseline).resolve()))
    rows = []
    for case in CASES:
        for label, tree in trees:  # alternating: the machine's load falls on both alike
            runs = cold_and_warm(tree, case)
            print(label, case, *map(json.dumps, runs), file=sys.stderr, flush=True)
            rows.append((case, label, runs))
    lines = [
        "# numba's first call",
        "",
        "Written by `benchmarks/first_compile.py` (do not edit by hand): one `solve` call in a",
        "fresh process under numba, *cold* (an empty `NUMBA_CACHE_DIR`: every kernel the call",
        "runs is compiled; an empty table cache, as on a fresh install: only the shipped tables)",
        "and *warm* (a second fresh process on the same caches: kernels loaded from",
        "disk), then a *third*. A kernel that works little and compiles for long runs in pure",
        "Python while cold, until what that has cost (in all processes) would pass its compile",
        "(`slidingtiles/_engine/rental.py`): it may compile in a later process, or never.",
        "CPU seconds (`resource`, `time.process_time`; the machine was shared: load",
        f"average {LOAD_BEFORE:.1f} when this run began, {os.getloadavg()[0]:.1f} at its end).",
        "*Process*: the whole interpreter (start, imports, the call); *call*: the `solve` call;",
        "*compiling*: the seconds numba spent compiling (its `numba:compile` events), how many",
        "kernels, and the slowest three; later runs compile only what renting bought.",
        "*Specialised*: kernels compiled for more than one signature in the cold run. The",
        "7-8 row searches zero-aware 5-5-5 tables through 7-8's loop (7-8's own need 5.9 GB to",
        "build); its process includes building them, which is not counted as compiling.",
        "",
        "| case | checkout | cold: process | cold: call | compiling (kernels) | slowest | "
        "specialised | warm: process | warm: call | warm: compiling | third: call | "
        "third: compiling |",
        "| --- | --- | ---: | ---: | ---: | --- | --- | ---: | ---: | ---: | ---: | ---: |",
    ]
    for case, label, (cold, warm, third) in rows:
        seconds, count, names = _compiled(cold)
        again, recompiled, _ = _compiled(warm)
        last, compiled_last, _ = _compiled(third)
        specialised = ", ".join(cold["specialised"]) or "none"  # type: ignore[arg-type]
        lines.append(
            f"| {case} | {label} | {cold['process_cpu']:.1f} | {cold['call_cpu']:.1f} | "
            f"{seconds:.1f} ({count}) | {names} | {specialised} | {warm['process_cpu']:.1f} | "
            f"{warm['call_cpu']:.2f} | {again:.1f} ({recompiled}) | {third['call_cpu']:.2f} | "
            f"{last:.1f} ({compiled_last}) |"
        )
    lines += [
        "",
        f"Measured {time.strftime('%Y-%m-%d')}, Python {sys.version.split()[0]}, numba "
        f"{_numba_version()}.",
    ]
    PAGE.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(PAGE.read_text(encoding="utf-8"))
    return 0


def _numba_version() -> str:
    import numba

    return str(numba.__version__)


_parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
_parser.add_argument("--baseline", metavar="DIR", help="another checkout to compare with")
ARGS = _parser.parse_args()
LOAD_BEFORE = os.getloadavg()[0]
resource.getrusage(resource.RUSAGE_SELF)  # the parent's own use is not measured

if __name__ == "__main__":
    sys.exit(main())
