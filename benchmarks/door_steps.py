"""Benchmark: the cost of each step of `solve`'s door, on a 4x4 board one move from its goal.

Run from the project root (writes docs/measurements/solve-door.md):

    PYTHONPATH=. python benchmarks/door_steps.py
    PYTHONPATH=. python benchmarks/door_steps.py --baseline /path/to/older/checkout
    PYTHONPATH=. python benchmarks/door_steps.py --baseline DIR --instructions 2000

Each step is timed alone, as `solve` calls it (CPU time, ``time.process_time``;
the best of ``--repeat`` rounds of ``--calls`` calls: the machine may be
shared, and other jobs only ever add time), in both implementations (each in
its own process: ``SLIDINGTILES_IMPLEMENTATION``). ``--baseline`` also times
the whole `solve` call of another checkout, alternating with this one's
(``benchmarks/solve_overhead.py`` in each), so that both are measured in the
same sitting; ``--instructions N`` counts the instructions of a call in both
(valgrind's cachegrind, where installed), which no other job can move.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import attrs

ROOT = Path(__file__).resolve().parent.parent
PAGE = ROOT / "docs" / "measurements" / "solve-door.md"


def steps() -> dict[str, Any]:
    """Microseconds of CPU per call of each step, in this process's implementation."""
    import timeit

    from slidingtiles import Board, solve
    from slidingtiles._board.coerce import board_and_goal
    from slidingtiles._board.solvability import parity_solvable
    from slidingtiles._engine import dispatch
    from slidingtiles._solve import solve as door
    from slidingtiles._solve import verify
    from slidingtiles._solve.choose import already_solved, check_options, plan
    from slidingtiles._solve.parallel import check_parallel
    from slidingtiles.search._limits import Deadline
    from slidingtiles.search._trace import check_trace

    goal = Board.goal(4, 4)
    near = goal.move("U")
    answer = solve(near)  # tables loaded, kernels compiled or loaded
    clock = Deadline(None)
    settings = check_options(door.ALGORITHMS)
    chosen = plan(near, goal, clock, workers=1, settings=settings)  # as solve(near) plans
    call = door._Call(near, goal, clock, None, None, None, None, None, None, None)
    expected = None if chosen.estimate is None else chosen.estimate.nodes
    timed: dict[str, Callable[[], object]] = {
        "check_options (and the environment, read once)": lambda: check_options(door.ALGORITHMS),
        "check_parallel, check_trace, the clock": lambda: (
            check_parallel(None, None),
            check_trace("solve", None, None, documented=True),
            Deadline(None),
        ),
        "board_and_goal": lambda: board_and_goal(near, None),
        "already_solved": lambda: already_solved(near, goal, "auto", "auto", clock),
        "parity (parity_solvable)": lambda: parity_solvable(near, goal),
        "plan (heuristic resolved or recalled, reach estimate)": lambda: plan(
            near, goal, clock, workers=1, settings=settings
        ),
        "the engine route (engine_solve and the Solution)": lambda: door._engine(chosen, call),
        "  of which engine_solve": lambda: dispatch.engine_solve(
            near, goal, "pdb", db=chosen.tables, expected_nodes=expected
        ),
        "verify.checked (the answer replayed)": lambda: verify.checked(answer, chosen.heuristic),
        "solve(), the whole call": lambda: solve(near),
    }
    maxed = _maxed_tables(goal)
    if maxed is not None:  # numba's route with 4x4's 7-8 tables: the compiled maxed kernel
        with_maxed = attrs.evolve(chosen, tables=maxed)
        timed[MAXED_ROUTE] = lambda: door._engine(with_maxed, call)
    calls, repeat = ARGS.calls, ARGS.repeat
    assert chosen.tables is not None
    return {
        TABLES: chosen.tables.name,  # type: ignore[dict-item]
    } | {
        name: min(timeit.repeat(f, number=calls, repeat=repeat, timer=time.process_time))
        / calls
        * 1e6
        for name, f in timed.items()
    }


TABLES = "tables"  # the partition the plan chose, beside the steps' times
MAXED_ROUTE = "the engine route with zero-aware perm-ranked tables (7-8's kernel; 5-5-5 stand in)"


def _maxed_tables(goal: object) -> object:
    """4x4 tables of 7-8's kind (perm-zero, 4-bit entries) but of 5-5-5 tiles, built in memory
    in a second: numba's route for 7-8 (the maxed kernel) without its 1.2 GB file and 5.9 GB
    build. None in pure Python, which never searches 7-8 (`_heuristics/_pdb/choice.py`)."""
    from slidingtiles._board.symmetry import frame_for
    from slidingtiles._engine import dispatch
    from slidingtiles.pdb import PatternDatabase

    if dispatch.IMPLEMENTATION != "numba":
        return None
    canonical = frame_for(4, 4, goal.tiles).canonical_goal  # type: ignore[attr-defined]
    groups = ((1, 2, 3, 4, 5), (6, 7, 8, 9, 10), (11, 12, 13, 14, 15))
    tables = [
        dispatch.build_group_table(4, 4, canonical, g, encoding="perm-zero", entry="u4-excess")
        for g in groups
    ]
    canon = PatternDatabase(
        4, 4, canonical, "5-5-5", groups, ("perm-zero",) * 3, tables, entry="u4-excess"
    )
    return canon.for_goal(goal.tiles)  # type: ignore[attr-defined]


def _child(implementation: str) -> dict[str, Any]:
    env = {**os.environ, "SLIDINGTILES_IMPLEMENTATION": implementation, "PYTHONPATH": str(ROOT)}
    argv = [sys.executable, __file__, "--child", "--calls", str(ARGS.calls)]
    argv += ["--repeat", str(ARGS.repeat)]
    out = subprocess.run(argv, env=env, capture_output=True, text=True, check=True).stdout
    return dict(json.loads(out.splitlines()[-1]))


def _whole(tree: Path, implementation: str) -> float:
    """µs of CPU per `solve` call on the 1-move 4x4 board, by ``tree``'s solve_overhead.py."""
    env = {**os.environ, "SLIDINGTILES_IMPLEMENTATION": implementation, "PYTHONPATH": str(tree)}
    argv = [sys.executable, str(tree / "benchmarks" / "solve_overhead.py"), "--batch", "0"]
    argv += ["--calls", str(ARGS.calls), "--repeat", str(ARGS.repeat)]
    out = subprocess.run(argv, env=env, capture_output=True, text=True, check=True, cwd=tree)
    line = next(x for x in out.stdout.splitlines() if x.startswith("4x4 one move away"))
    return float(line.split()[4])


_CALLS = """
import sys
from slidingtiles import Board, solve
near = Board.goal(4, 4).move("U")
solve(near)  # tables loaded, kernels loaded
for _ in range(int(sys.argv[1])):
    solve(near)
"""


def _instructions(tree: Path, implementation: str) -> float:
    """Instructions a `solve` call of ``tree`` executes on the 1-move 4x4 board (cachegrind)."""
    env = {**os.environ, "SLIDINGTILES_IMPLEMENTATION": implementation, "PYTHONPATH": str(tree)}
    counts = []
    for calls in (0, ARGS.instructions):
        argv = ["valgrind", "--tool=cachegrind", "--cache-sim=no"]
        argv += ["--cachegrind-out-file=/dev/null", sys.executable, "-c", _CALLS, str(calls)]
        out = subprocess.run(argv, env=env, capture_output=True, text=True, check=True, cwd=tree)
        line = next(x for x in out.stderr.splitlines() if "I" in x and "refs:" in x)
        counts.append(int(line.split()[-1].replace(",", "")))
    return (counts[1] - counts[0]) / ARGS.instructions


def main() -> int:
    if ARGS.child:
        print(json.dumps(steps()))
        return 0
    implementations = ("numba", "python")
    table = {kind: _child(kind) for kind in implementations}
    lines = [
        "# The cost of solve's door",
        "",
        "Written by `benchmarks/door_steps.py` (do not edit by hand): what each step of one",
        "`solve` call costs on a 4x4 board one move from its goal, its tables in memory",
        f"({table['numba'].pop(TABLES)} under numba, {table['python'].pop(TABLES)} in pure "
        "Python; numba's 7-8, when",
        "built, take the maxed kernel: the last row), in microseconds of CPU per call (the best of "
        f"{ARGS.repeat} rounds of {ARGS.calls:,} calls;",
        "the machine was shared, so single numbers can be high by tens of percent;",
        f"load average {LOAD_BEFORE:.1f} when this run began, "
        f"{os.getloadavg()[0]:.1f} at its end).",
        "",
        "| step | numba | pure Python |",
        "| --- | ---: | ---: |",
    ]
    for name in table["numba"]:
        cells = [f"{table[kind][name]:.1f}" if name in table[kind] else "-" for kind in table]
        lines.append(f"| {name} | {' | '.join(cells)} |")
    if ARGS.baseline:
        base = Path(ARGS.baseline).resolve()
        before: dict[str, list[float]] = {kind: [] for kind in implementations}
        after: dict[str, list[float]] = {kind: [] for kind in implementations}
        for _ in range(ARGS.rounds):  # alternate: the machine's load falls on both alike
            for kind in implementations:
                before[kind].append(_whole(base, kind))
                after[kind].append(_whole(ROOT, kind))
        lines += [
            "",
            "## Before and after, in one sitting",
            "",
            "The whole `solve` call (`benchmarks/solve_overhead.py`, the median of its rounds),",
            f"the baseline checkout and this one alternating, {ARGS.rounds} times each; the",
            "best of those is shown, with the range.",
            "",
            "| implementation | before (µs) | after (µs) |",
            "| --- | ---: | ---: |",
        ]
        for kind in implementations:
            b, a = before[kind], after[kind]
            lines.append(
                f"| {kind} | {min(b):.0f} ({min(b):.0f}-{max(b):.0f}) "
                f"| {min(a):.0f} ({min(a):.0f}-{max(a):.0f}) |"
            )
        if ARGS.instructions and shutil.which("valgrind"):
            lines += [
                "",
                "Instructions a call, which the machine's load cannot move (valgrind's cachegrind:",
                f"a process making {ARGS.instructions:,} calls less one making none, over",
                f"{ARGS.instructions:,}):",
                "",
                "| implementation | before | after | after / before |",
                "| --- | ---: | ---: | ---: |",
            ]
            for kind in implementations:
                b, a = _instructions(base, kind), _instructions(ROOT, kind)
                lines.append(f"| {kind} | {b:,.0f} | {a:,.0f} | {a / b:.2f} |")
    PAGE.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(PAGE.read_text(encoding="utf-8"))
    return 0


_parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
_parser.add_argument("--calls", type=int, default=2000, help="calls per round")
_parser.add_argument("--repeat", type=int, default=5, help="rounds (the best is kept)")
_parser.add_argument("--baseline", metavar="DIR", help="another checkout to compare with")
_parser.add_argument("--rounds", type=int, default=2, help="alternations with --baseline")
_parser.add_argument(
    "--instructions",
    type=int,
    default=0,
    metavar="N",
    help="with --baseline: also count instructions over N calls (valgrind)",
)
_parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
ARGS = _parser.parse_args()
LOAD_BEFORE = os.getloadavg()[0]

if __name__ == "__main__":
    sys.exit(main())
