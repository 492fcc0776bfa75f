"""What a table read costs on this machine when its 4 KiB page is not in the TLB.

Run on demand (numba needed)::

    PYTHONPATH=. python benchmarks/experiments/page_walks.py

A pattern database of a gigabyte is read at random, one entry per child, and
the search waits for each read before it can choose the next node. This
script separates the two costs of such a read on the machine at hand: the
same number of cache lines (4 MiB: in the last-level cache once warm), in a
1 GiB buffer on transparent huge pages, read as one chain of dependent
loads, either spread over one line per 4 KiB page or packed into a few 4 KiB
pages (two per 2 MiB page). The data come from the cache in both; only the
address translations differ. Where the machine maps the guest's huge pages
with 2 MiB entries the two times are close; where the host backs them with
4 KiB pages (a virtual machine without huge pages on the host) every new
4 KiB page costs a nested page walk, and the spread chain is several times
slower.
"""

from __future__ import annotations

import time

import numpy as np
from numba import njit

from slidingtiles._heuristics._pdb.database import _table_buffer

_MIB = 1 << 20


@njit(cache=False)
def _chase(buffer: np.ndarray, start: int, steps: int) -> int:
    at = start
    for _ in range(steps):
        at = buffer[at]
    return at


def _huge_buffer(size: int) -> tuple[memoryview, np.ndarray]:
    memory = _table_buffer(size)  # as the pattern databases get theirs: huge pages asked for
    words = np.frombuffer(memory, dtype=np.int64)
    words[:: 4096 // 8] = 0  # touch every page
    return memory, words


def _huge_kib() -> int:
    try:
        with open("/proc/self/smaps_rollup", encoding="ascii") as handle:
            for line in handle:
                if line.startswith("AnonHugePages:"):
                    return int(line.split()[1])
    except OSError:
        pass
    return -1


def main() -> int:
    size = 1 << 30
    memory, words = _huge_buffer(size)
    rng = np.random.default_rng(2)
    pages = np.arange(size // (2 * _MIB)) * (2 * _MIB // 8)  # first word of each 2 MiB page
    per_page = 128
    # one line in each of `per_page` random 4 KiB pages of every 2 MiB page, or `per_page`
    # lines packed into the first two 4 KiB pages of every 2 MiB page: the same lines' count
    spread = pages[:, None] + (rng.choice(512, per_page, replace=False) * 4096 // 8)[None, :]
    packed = pages[:, None] + (np.arange(per_page) * 64 // 8)[None, :]
    print(f"1 GiB buffer, {_huge_kib() // 1024} MiB of it on huge pages")
    for name, offsets in (
        ("spread: one line per 4 KiB page", spread),
        ("packed: 64 lines per 4 KiB page", packed),
    ) * 2:
        order = rng.permutation(offsets.ravel())
        words[order[:-1]] = order[1:]  # one random cycle through the lines
        words[order[-1]] = order[0]
        steps = 1 << 21
        _chase(words, int(order[0]), 1 << 16)  # compile, and bring the lines into the cache
        began = time.perf_counter()
        _chase(words, int(order[0]), steps)
        seconds = time.perf_counter() - began
        print(
            f"{name}: {len(order) * 64 // _MIB} MiB of lines, "
            f"{seconds / steps * 1e9:.0f} ns per dependent read"
        )
    del words
    memory.release()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
