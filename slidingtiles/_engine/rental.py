"""Run a compiled kernel's pure-Python mirror until compiling it would have paid (ski rental).

>>> ledger = Rental({"weighted": Rent(compile_seconds=4.0, seconds_per_node=1e-5)})
>>> ledger.rents("weighted", 50_000, compiled=lambda: False)
True
>>> ledger.spent("weighted", 3.6)
>>> ledger.rents("weighted", 50_000, compiled=lambda: False)  # 3.6 + 0.5 would pass the compile
False
>>> ledger.rents("weighted", 10, compiled=lambda: False)  # bought: compiled from now on
False

Some kernels do little work in a call but cost numba seconds to compile:
a first 10x10 short answer places a few tiles by weighted A* (64 nodes,
2 ms in pure Python) and compiled that search for 4 s. Since the two
implementations of a kernel return the same results (the same nodes in the
same order), a cold one can run uncompiled while its calls are cheap: each
call rents the pure-Python kernel while what the rentals have cost, plus
this call's worst case (its node budget at the pure-Python rate), stays
within the compile's cost; past that the kernel is compiled, once, and used
from then on. In all, renting costs at most the compile's seconds more than
compiling at once (the classic ski-rental bound: at most twice the best of
the two), and nothing when the calls stay cheap. A kernel already compiled
in the process or kept in numba's disk cache is never rented.

Cost: a dictionary lookup per call, and (until bought) the ``compiled``
check, which reads numba's cache index.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

import attrs

__all__ = ["RENTS", "Rent", "Rental"]


@attrs.frozen
class Rent:
    """What renting one kernel module's pure-Python mirror is weighed by.

    Attributes:
        compile_seconds: CPU seconds numba takes to compile the kernel cold
            (docs/measurements/first-compile.md).
        seconds_per_node: the pure-Python kernel's CPU seconds a node, at most.
    """

    compile_seconds: float
    seconds_per_node: float


#: The kernel modules rented while cold: `place_group`'s weighted A* compiles in about 4 s
#: (first-compile.md: `_search`) and runs at 80,000 nodes a second or more in pure Python.
RENTS: Mapping[str, Rent] = {"weighted": Rent(compile_seconds=4.0, seconds_per_node=1 / 80_000)}


class Rental:
    """One process's ledger: the seconds each kernel module's rentals have cost, and which
    modules are bought (run compiled from now on)."""

    def __init__(self, rents: Mapping[str, Rent]) -> None:
        self._rents = rents
        self._spent = dict.fromkeys(rents, 0.0)
        self._bought: set[str] = set()

    def rents(self, module: str, nodes: int, *, compiled: Callable[[], bool]) -> bool:
        """Whether this call of ``module``'s kernel, of at most ``nodes`` nodes, runs in pure
        Python; ``compiled()`` says whether the compiled kernel is ready without compiling.

        False for good once the kernel is ready, or once this call's worst case would take the
        rentals past the compile's cost.
        """
        rent = self._rents.get(module)
        if rent is None or module in self._bought:
            return False
        worst = nodes * rent.seconds_per_node
        if compiled() or self._spent[module] + worst > rent.compile_seconds:
            self._bought.add(module)
            return False
        return True

    def spent(self, module: str, seconds: float) -> None:
        """Count ``seconds`` of CPU to a rental of ``module``'s kernel."""
        self._spent[module] += seconds
