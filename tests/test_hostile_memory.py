"""Running out of memory (issue 31, class 6): the documented error, never a second failure.

A search the system refuses memory ends in `OutOfMemoryError` (a `SearchLimitExceeded` with
``limit == "memory"`` and a MemoryError), raised once the search has let go of what it held,
so its handler has memory again; the command line says so in one line, exit 1. Under a
1.2 GB address-space cap a breadth-first search used to end in ``SystemError: error return
without exception set`` instead: its handler ran while the traceback still held the search's
frontier. Each case runs in a child process with ``RLIMIT_AS`` set.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from slidingtiles import OutOfMemoryError, SearchLimitExceeded, random_board, search

pytestmark = pytest.mark.skipif(
    not sys.platform.startswith("linux"), reason="caps the address space (RLIMIT_AS, /proc)"
)

ROOT = Path(__file__).resolve().parent.parent
BOARD = random_board(4, 4, seed=3).to_text()  # far beyond what these caps let a BFS or A* store
CAP_ABOVE_START = """
import resource
size = int(open("/proc/self/status").read().split("VmSize:")[1].split()[0]) * 1024
resource.setrlimit(resource.RLIMIT_AS, (size + {extra}, size + {extra}))
"""


def _child(code: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=600
    )


@pytest.mark.slow
def test_a_bfs_under_a_1_2_gb_cap_ends_in_one_line_out_of_memory() -> None:
    code = (
        "import resource, sys\n"
        "resource.setrlimit(resource.RLIMIT_AS, (1_200_000_000, 1_200_000_000))\n"
        "from slidingtiles.__main__ import main\n"
        # --max-nodes: bounded, the BFS is within reach (unbounded it is refused at once).
        f"sys.exit(main(['solve', {BOARD!r}, '--algorithm', 'bfs', '--max-nodes', '100000000']))\n"
    )
    result = _child(code)
    assert result.returncode == 1, result.stderr
    assert result.stdout == ""
    # A search this long announces itself first (never silent), then ends in one line.
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 2, result.stderr
    assert lines[0].startswith("slidingtiles: this optimal search of a 4x4 board is estimated")
    lines = lines[1:]
    assert lines[0].startswith("slidingtiles: error: bfs: ran out of memory after ")
    assert "expanded nodes" in lines[0]


@pytest.mark.slow
@pytest.mark.parametrize(
    ("algorithm", "heuristic"), [("bfs", "auto"), ("astar", "misplaced"), ("astar", "manhattan")]
)
def test_the_error_carries_the_work_done_and_its_handler_has_memory_again(
    algorithm: str, heuristic: str
) -> None:
    code = (
        "import slidingtiles as st\n" + CAP_ABOVE_START.format(extra=300 * 2**20) + "try:\n"
        # max_nodes: bounded, a BFS is within reach (unbounded it is refused at once).
        f"    st.solve({BOARD!r}, algorithm={algorithm!r}, heuristic={heuristic!r},"
        " max_nodes=10**8)\n"
        "except MemoryError as error:\n"
        "    spare = [str(n) for n in range(200_000)]  # allocates some 15 MB, here\n"
        "    assert isinstance(error, st.OutOfMemoryError), type(error)\n"
        "    assert isinstance(error, st.SearchLimitExceeded), type(error)\n"
        "    assert error.limit == 'memory' and error.value is None\n"
        "    assert error.stats.expanded > 0, error.stats\n"
        "    print(error.stats.expanded, error)\n"
    )
    result = _child(code)
    assert result.returncode == 0, result.stderr
    expanded, message = result.stdout.split(" ", 1)
    assert message.startswith(f"{algorithm}: ran out of memory after {int(expanded):,} expanded")


def test_any_other_memory_error_is_one_line_exit_1() -> None:
    """A MemoryError from anywhere else (a table build, say): one line, exit 1, under the cap."""
    code = (
        "import sys\n"
        "import slidingtiles._cli.solve as command\n"
        + CAP_ABOVE_START.format(extra=200 * 2**20)
        + "def hungry(*args, **kwargs):\n"
        "    held, n = set(), 0\n"
        "    while True:  # small objects, as a search stores: what its traceback holds\n"
        "        held.add((n, -n))\n"
        "        n += 1\n"
        "command.solve = hungry\n"
        "from slidingtiles.__main__ import main\n"
        "sys.exit(main(['solve', '1 2/0 3']))\n"
    )
    result = _child(code)
    assert result.returncode == 1, result.stderr
    assert result.stdout == ""
    assert result.stderr == "slidingtiles: error: out of memory\n"


def test_a_table_build_counts_the_process_limit() -> None:
    """What a build may count on is what this process may still map, not the machine's memory."""
    code = (
        "from slidingtiles.pdb import PatternDatabaseError\n"
        "from slidingtiles._engine.resources import available_memory, check_memory\n"
        + CAP_ABOVE_START.format(extra=100 * 2**20)
        + "assert available_memory() <= 100 * 2**20, available_memory()\n"
        "try:\n"
        "    check_memory(200 * 2**20, 'a test table')\n"
        "except PatternDatabaseError as error:\n"
        "    print(error)\n"
    )
    result = _child(code)
    assert result.returncode == 0, result.stderr
    assert "building a test table needs about 0.2 GB" in result.stdout
    assert "ulimit" in result.stdout


class Hungry:
    """An endless chain of states whose successors run out of memory at state ``last``."""

    last = 10_000

    def __init__(self, n: int = 0) -> None:
        self.n = n

    def __hash__(self) -> int:
        return self.n

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Hungry) and other.n == self.n

    def is_goal(self) -> bool:
        return False

    def successors(self) -> Any:
        if self.n >= self.last:
            raise MemoryError
        yield "next", Hungry(self.n + 1), 1.0


@pytest.mark.parametrize("algorithm", ["bfs", "astar", "greedy", "idastar"])
@pytest.mark.parametrize("trace", [None, 10])
def test_every_generic_search_turns_memory_error_into_the_documented_error(
    algorithm: str, trace: int | None
) -> None:
    """The cheap case of the caps above: a state space that runs out on its own."""
    run = getattr(search, algorithm)
    options: dict[str, Any] = {"trace": trace}
    if algorithm in ("greedy", "idastar"):
        options["heuristic"] = lambda state: Hungry.last - state.n
    with pytest.raises(MemoryError) as info:
        run(Hungry(), **options)
    error = info.value
    assert isinstance(error, OutOfMemoryError)
    assert isinstance(error, SearchLimitExceeded)
    assert (error.limit, error.value) == ("memory", None)
    assert error.stats.expanded == 8_192  # the last check before the 10,000th expansion
    assert str(error).startswith(f"{algorithm}: ran out of memory after 8,192 expanded nodes")
