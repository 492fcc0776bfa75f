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
from then on. The seconds spent are kept in a small file (``ledger``), so
that they add up across processes as the compiled code does on disk: in
all, renting costs at most the compile's seconds more than compiling at
once (the classic ski-rental bound: at most twice the best of the two), and
nothing when the calls stay cheap. A kernel already compiled in the process
or kept in numba's disk cache is never rented.

Cost: a dictionary lookup per call; until bought, the ``compiled`` check
(numba's cache index read) and, per rented call, the ledger written (a few
dozen bytes). A ledger that cannot be read or written counts for this
process only.
"""

from __future__ import annotations

import contextlib
import json
import os
import tempfile
from collections.abc import Callable, Mapping
from pathlib import Path

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
    """The seconds each kernel module's rentals have cost (kept in ``ledger``, a JSON file
    found when first needed, or in this process only when None), and which modules this
    process has bought (runs compiled from now on)."""

    def __init__(self, rents: Mapping[str, Rent], ledger: Callable[[], Path] | None = None) -> None:
        self._rents = rents
        self._ledger = ledger
        self._path: Path | None = None
        self._spent: dict[str, float] | None = None
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
        if compiled() or self._seconds().get(module, 0.0) + worst > rent.compile_seconds:
            self._bought.add(module)
            return False
        return True

    def spent(self, module: str, seconds: float) -> None:
        """Count ``seconds`` of CPU to a rental of ``module``'s kernel."""
        spent = self._seconds()
        spent[module] = spent.get(module, 0.0) + seconds
        if self._path is not None:
            self._write(self._path, spent)

    def _seconds(self) -> dict[str, float]:
        if self._spent is None:
            self._spent = {}
            if self._ledger is not None:
                self._path = self._ledger()
                self._spent = self._read(self._path)
        return self._spent

    @staticmethod
    def _read(path: Path) -> dict[str, float]:
        try:
            found = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return {}
        if not isinstance(found, dict):
            return {}
        return {
            str(name): float(seconds)
            for name, seconds in found.items()
            if isinstance(seconds, int | float) and seconds >= 0
        }

    @staticmethod
    def _write(path: Path, spent: Mapping[str, float]) -> None:
        """Replace the ledger at once (a reader never sees half of it); no room, no ledger."""
        with contextlib.suppress(OSError):
            path.parent.mkdir(parents=True, exist_ok=True)
            handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=".rented-")
            try:
                with os.fdopen(handle, "w", encoding="utf-8") as out:
                    json.dump(spent, out)
                os.replace(temporary, path)
            except OSError:
                with contextlib.suppress(OSError):
                    os.unlink(temporary)
