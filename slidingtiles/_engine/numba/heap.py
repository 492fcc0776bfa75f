"""A binary min-heap over an int64 array, for the beams' children: taken least first, on demand.

>>> import numpy as np
>>> keys = np.array([5, 1, 4, 2, 3], dtype=np.int64)
>>> heapify(keys, 5)
>>> [int(pop_least(keys, size)) for size in range(5, 0, -1)]
[1, 2, 3, 4, 5]

A beam keeps the best ``width`` of a level's children, and seldom needs many more (only
duplicates push it further): making the heap costs one pass over the children and each child
taken costs a logarithm, where a full sort costs a logarithm for every child. It replaces numpy's
``partition`` and ``sort`` in the compiled beams (numba spent seconds compiling each on a first
call; the kernels' cold compile is on docs/measurements/first-compile.md), and takes the
children in the same order: keys are distinct, so least first is one order.
"""

from __future__ import annotations

from typing import Any

from numpy.typing import NDArray

from slidingtiles._engine.numba.jit import compiled, inlined

__all__ = ["heapify", "pop_least"]

Array = NDArray[Any]


@inlined
def _sift_down(keys: Array, i: int, size: int) -> None:
    """Move ``keys[i]`` down the heap ``keys[:size]`` until neither child is smaller."""
    item = keys[i]
    while True:
        child = 2 * i + 1
        if child >= size:
            break
        if child + 1 < size and keys[child + 1] < keys[child]:
            child += 1
        if keys[child] >= item:
            break
        keys[i] = keys[child]
        i = child
    keys[i] = item


@compiled
def heapify(keys: Array, size: int) -> None:
    """Order ``keys[:size]`` as a min-heap, in place: O(size)."""
    for i in range(size // 2 - 1, -1, -1):
        _sift_down(keys, i, size)


@compiled
def pop_least(keys: Array, size: int) -> Any:
    """The least key of the heap ``keys[:size]``, taken out (``keys[:size - 1]`` is the heap
    left): O(log size)."""
    least = keys[0]
    keys[0] = keys[size - 1]
    _sift_down(keys, 0, size - 1)
    return least
