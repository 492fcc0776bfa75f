"""numba set-up for the kernels: decorators, low-level intrinsics, and their plain-Python stand-ins.

>>> popcount(0b1011)
3

The kernel modules decorate their functions with `compiled`, `inlined` or
`parallel` and read arrays through `pointer`. The dispatcher selects these
kernels only when numba imports; without numba every name here is a plain
Python function with the same meaning (the decorators return the function
unchanged, an array is its own pointer, `prefetch` does nothing), so that
tools importing every module (doctest collection, mypy) still can, and the
kernels even run, slowly.
"""

from __future__ import annotations

import contextlib
import importlib
from collections.abc import Callable
from typing import Any, TypeVar, cast

import numpy as np

__all__ = [
    "NUMBA",
    "as_int16",
    "as_int64",
    "atomic_load",
    "atomic_or",
    "compiled",
    "inlined",
    "kept",
    "parallel",
    "parallel_chunksize",
    "pointer",
    "popcount",
    "prange",
    "prefetch",
]


def _load_njit() -> Any:
    try:
        return importlib.import_module("numba").njit
    except ImportError:  # pragma: no cover - only for doctest collection without the extra
        return None


_njit = _load_njit()
#: Whether numba is installed (else the stand-ins below are in use).
NUMBA = _njit is not None

_F = TypeVar("_F", bound=Callable[..., Any])


def compiled(function: _F) -> _F:
    """Compile with numba, cached on disk (the plain function when numba is absent)."""
    if _njit is None:  # pragma: no cover
        return function
    return cast(_F, _njit(cache=True, nogil=True)(function))


def inlined(function: _F) -> _F:
    """Like `compiled`, and inlined into its callers (small helpers of the inner loops)."""
    if _njit is None:  # pragma: no cover
        return function
    return cast(_F, _njit(cache=True, nogil=True, inline="always")(function))


def parallel(function: _F) -> _F:
    """Like `compiled`, with numba's `prange` loops run on its threads."""
    if _njit is None:  # pragma: no cover
        return function
    return cast(_F, _njit(cache=True, nogil=True, parallel=True)(function))


def kept(kernel: Any) -> bool:
    """Whether calling the compiled ``kernel`` costs no compile: it is compiled in this process
    already, or kept in numba's disk cache for this machine and this source.

    Reads numba's cache index (numba's own layout: when it cannot be read, the answer is True,
    so the kernel is compiled as it would be anyway). True without numba.
    """
    if _njit is None:  # pragma: no cover
        return True
    if kernel.signatures:
        return True
    try:
        index = kernel._cache._cache_file._load_index()
        machine = kernel.targetctx.codegen().magic_tuple()
    except Exception:  # pragma: no cover - another numba's cache layout
        return True
    return any(key[1] == machine for key in index)


#: ``range`` whose iterations numba's threads share inside a `parallel` function.
prange: Any = range if _njit is None else importlib.import_module("numba").prange


def parallel_chunksize(size: int) -> contextlib.AbstractContextManager[object]:
    """Let numba's threads take a `prange` loop's iterations ``size`` at a time (default: split)."""
    if _njit is None:  # pragma: no cover
        return contextlib.nullcontext()
    return cast(
        contextlib.AbstractContextManager[object],
        importlib.import_module("numba").parallel_chunksize(size),
    )


# -- raw pointers and prefetch ------------------------------------------------------------


def _same_array(array: Any) -> Any:
    return array


def _no_prefetch(pointer: Any, i: int) -> None:
    return None


def _load_pointer_intrinsics() -> tuple[Any, Any]:
    """``pointer(array)`` and ``prefetch(pointer, i)``: numba intrinsics, plain Python without.

    ``pointer`` gives an array's data as a raw pointer, for the search
    loops: indexing it is one address computation, where indexing the array
    also tests for a negative index, and reads shape and strides that, with a
    dozen arrays live, the compiler keeps on the stack; every node makes a
    few dozen such accesses. The caller keeps the array alive and each index
    in range (numba does not check array bounds either).

    ``prefetch(pointer, i)`` asks the CPU to bring ``pointer[i]`` into cache
    (LLVM's ``llvm.prefetch``): a hint, which never faults and changes no
    value, so a search that uses it visits exactly the same nodes.
    """
    if _njit is None:  # without numba the kernels run as plain Python: an array is its pointer
        return _same_array, _no_prefetch
    extending = importlib.import_module("numba.extending")
    types = importlib.import_module("numba.core.types")
    ir = importlib.import_module("llvmlite.ir")

    def pointer_typer(typingctx: Any, array: Any) -> Any:
        def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
            return context.make_array(signature.args[0])(context, builder, args[0]).data

        return types.CPointer(array.dtype)(array), codegen

    def prefetch_typer(typingctx: Any, pointer: Any, i: Any) -> Any:
        def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
            address = builder.gep(args[0], [args[1]])
            i32 = ir.IntType(32)
            function_type = ir.FunctionType(ir.VoidType(), [address.type, i32, i32, i32])
            function = builder.module.declare_intrinsic(
                "llvm.prefetch", [address.type], function_type
            )
            builder.call(function, [address, i32(0), i32(3), i32(1)])  # read, keep, data
            return context.get_dummy_value()

        return types.none(pointer, types.intp), codegen

    return extending.intrinsic(pointer_typer), extending.intrinsic(prefetch_typer)


pointer, prefetch = _load_pointer_intrinsics()


# -- typed constants ---------------------------------------------------------------------------


def _as_int64(value: int) -> int:
    return np.int64(value)  # type: ignore[return-value]


def _as_int16(value: int) -> int:
    return np.int16(value)  # type: ignore[return-value]


# numba types a constant such as ``0`` as a literal and compiles a called kernel once for the
# literal and again for the variable it later meets at the same site: these say "an int64" (an
# int16) at once, so each kernel has one signature.
#: ``as_int64(value)``: ``value`` typed as numba's int64, not as a literal constant.
as_int64 = _as_int64 if _njit is None else inlined(_as_int64)
#: ``as_int16(value)``: ``value`` typed as numba's int16 (a board's tile), not as a literal.
as_int16 = _as_int16 if _njit is None else inlined(_as_int16)


# -- population count -------------------------------------------------------------------------


def _load_ctpop() -> Any:
    """The CPU's population count as a numba intrinsic (None without numba)."""
    if _njit is None:  # pragma: no cover
        return None
    extending = importlib.import_module("numba.extending")

    def typer(typingctx: Any, x: Any) -> Any:
        def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
            return builder.ctpop(args[0])

        return x(x), codegen

    return extending.intrinsic(typer)


_ctpop = _load_ctpop()


def _popcount_python(x: int) -> int:  # pragma: no cover - only without numba
    return int(x).bit_count()


def _popcount_numba(x: int) -> int:
    return _ctpop(np.int64(x))  # type: ignore[no-any-return]


#: ``popcount(x)``: the set bits of a non-negative int64.
popcount = _popcount_python if _njit is None else inlined(_popcount_numba)


# -- atomic operations on shared masks ------------------------------------------------------


def _load_python(masks: Any, i: int) -> Any:
    return masks[i]


def _or_python(masks: Any, i: int, bits: Any) -> Any:
    old = masks[i]
    masks[i] = old | bits
    return old


def _load_atomics() -> tuple[Any, Any]:
    """``atomic_load(pointer, i)`` and ``atomic_or(pointer, i, bits) -> old`` (on `pointer`s).

    The threads of the table builder add states to the same mask arrays: a
    plain ``masks[i] |= bits`` by one thread can overwrite another's bits,
    silently dropping states (and the table would overestimate). LLVM's
    ``atomicrmw or`` loses no bits, and the old mask it returns tells exactly
    one thread that it added a state. The atomic load reads a mask another
    thread may be writing (on x86 it is an ordinary load). ``monotonic``
    ordering suffices: the end of each parallel loop orders everything else.
    """
    if _njit is None:  # one Python thread: plain reads and ORs are already atomic
        return _load_python, _or_python
    extending = importlib.import_module("numba.extending")
    types = importlib.import_module("numba.core.types")

    def load_typer(typingctx: Any, pointer: Any, i: Any) -> Any:
        def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
            size = context.get_abi_sizeof(context.get_value_type(signature.return_type))
            return builder.load_atomic(builder.gep(args[0], [args[1]]), "monotonic", size)

        return pointer.dtype(pointer, types.intp), codegen

    def or_typer(typingctx: Any, pointer: Any, i: Any, bits: Any) -> Any:
        def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
            return builder.atomic_rmw("or", builder.gep(args[0], [args[1]]), args[2], "monotonic")

        return pointer.dtype(pointer, types.intp, pointer.dtype), codegen

    return extending.intrinsic(load_typer), extending.intrinsic(or_typer)


atomic_load, atomic_or = _load_atomics()
