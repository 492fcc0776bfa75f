"""IDA* with a user's heuristic over numpy arrays: the numba kernel.

>>> from types import SimpleNamespace
>>> from slidingtiles._engine.dispatch import engine_guard
>>> blind = SimpleNamespace(name="blind", delta=None, function=lambda tiles, home, rows, cols: 0)
>>> ida_user(2, 2, (1, 2, 3, 0), [0, 2, 1, 3], engine_guard(), blind)
('DR', SearchStats(expanded=6, generated=8, max_frontier=2, reopened=0, iterations=3, seconds=...))

`slidingtiles._engine.python.user` as an explicit-stack search that pauses
and resumes (`drive`): the same tree, node counts, moves and faults. The
search loop is compiled once (and cached on disk) for any heuristic: it
takes the user's functions as first-class function values of fixed
signatures (`FULL`, `DELTA`) and calls them through a pointer. What it calls
is the user's Python function compiled for one board shape (`specialised`):
a small wrapper passes the rows and columns as constants into the user's
function, inlined, so that ``cell // cols`` compiles to shifts and
multiplications instead of a division per use (on the 15-puzzle, Manhattan
written over the flat board ran about 2.5 times as fast so). The wrappers
hold the function itself, which numba cannot key a disk cache by, so each
process compiles them once per heuristic and shape (docs/custom-heuristic.md
gives the cost).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from types import CodeType, FunctionType
from typing import Any

import numpy as np

from slidingtiles._board.geometry import home_cells
from slidingtiles._engine.numba.drive import (
    BOUND,
    CHECK_AT,
    DEPTH,
    DONE,
    ENTER,
    EXPANDED,
    FOUND,
    GENERATED,
    GROW,
    INF,
    ITER,
    PAUSE,
    Array,
    Stack,
    drive,
    move_arrays,
    new_state,
    pruning_array,
)
from slidingtiles._engine.numba.jit import NUMBA
from slidingtiles._engine.pruning import start_state
from slidingtiles._engine.tables import EngineResult
from slidingtiles._engine.user import (
    AT_GOAL,
    DELTA,
    FAULTS,
    NEGATIVE,
    TOO_LARGE,
    VERIFY_NODES,
    UserHeuristic,
)
from slidingtiles.search import Guard
from slidingtiles.search._checks import MAX_HEURISTIC

__all__ = ["DELTA_TYPE", "FULL_TYPE", "ResultTypeError", "ida_user", "specialised"]

# The kernel's return code for a fault (after `drive`'s DONE, PAUSE, GROW): ``aux`` says which.
_FAULT = 3
# Slots of ``aux``: children left to verify ``delta`` on, the fault, its value, the full value.
_VERIFY, _KIND, _VALUE, _EXPECTED = range(4)
# Compiled specialisations kept per process: (function, rows, cols) -> the compiled wrapper.
_MAX_SPECIALISED = 64
_SPECIALISED: dict[tuple[Callable[..., Any], int, int], Any] = {}


class ResultTypeError(TypeError):
    """The user's function compiles, to a result that is not an integer (`specialised`)."""


def _numba() -> Any:
    return importlib.import_module("numba")


def _types() -> Any:
    return importlib.import_module("numba.core.types")


def _function_types() -> tuple[Any, Any]:
    """The signatures of a full evaluation and of a delta, as numba function types."""
    if not NUMBA:  # pragma: no cover - without numba nothing here is compiled
        return None, None
    types = _types()
    i, a = types.int64, types.Array(types.int64, 1, "C")
    return (
        types.FunctionType(i(a, a, i, i)),
        types.FunctionType(i(a, a, i, i, i, i, i)),
    )


#: ``full(tiles, home, rows, cols) -> int64`` and ``delta(..., tile, src, dst) -> int64``.
FULL_TYPE, DELTA_TYPE = _function_types()


def _full_at(inner: Any, rows: int, cols: int) -> Callable[..., Any]:
    """The full evaluation with the shape as constants (numba folds them into ``inner``)."""

    def full(tiles: Array, home: Array, _rows: int, _cols: int) -> Any:
        return inner(tiles, home, rows, cols)

    return full


def _delta_at(inner: Any, rows: int, cols: int) -> Callable[..., Any]:
    """The delta with the shape as constants."""

    def delta(
        tiles: Array, home: Array, _rows: int, _cols: int, tile: int, src: int, dst: int
    ) -> Any:
        return inner(tiles, home, rows, cols, tile, src, dst)

    return delta


def _as_int64(inner: Any, arity: int) -> Callable[..., Any]:
    """``inner`` with its integer result widened to int64 (int32, uint8, ... functions)."""
    int64 = np.int64
    if arity == 4:

        def full(tiles: Array, home: Array, rows: int, cols: int) -> Any:
            return int64(inner(tiles, home, rows, cols))

        return full

    def delta(
        tiles: Array, home: Array, rows: int, cols: int, tile: int, src: int, dst: int
    ) -> Any:
        return int64(inner(tiles, home, rows, cols, tile, src, dst))

    return delta


def _with_helpers(function: Callable[..., Any], done: dict[int, Any] | None = None) -> Any:
    """``function`` with the plain Python functions it calls by global name compiled too.

    numba compiles a function's callees only if they are numba functions: a
    heuristic calling a helper of its own (``line_conflicts(...)``) would not
    compile. This copy of ``function`` sees each such helper (found among the
    names its code, and the code nested in it, reads) as a numba function,
    itself so treated; numba functions, builtins and modules are left as they
    are. numba reads globals once, when it compiles, so a copy changes nothing.
    """
    done = {} if done is None else done
    if id(function) in done:
        return done[id(function)]
    numba = _numba()
    helpers = dict(function.__globals__)
    done[id(function)] = copy = FunctionType(
        function.__code__,
        helpers,
        function.__name__,
        function.__defaults__,
        function.__closure__,
    )
    codes, names = [function.__code__], set[str]()
    while codes:
        code = codes.pop()
        names.update(code.co_names)
        codes.extend(c for c in code.co_consts if isinstance(c, CodeType))
    for name in names:
        value = helpers.get(name)
        if isinstance(value, FunctionType) and value is not function:
            helpers[name] = numba.njit(nogil=True)(_with_helpers(value, done))
    return copy


def specialised(function: Callable[..., Any], rows: int, cols: int, signature: Any) -> Any:
    """``function`` compiled for one shape and ``signature`` (`FULL_TYPE` or `DELTA_TYPE`).

    Returns the compiled dispatcher, which the kernel takes for that
    signature. Raises `ResultTypeError` naming the type when the function's
    result is not an integer, and numba's own error when it cannot be
    compiled. The user's function (its helpers compiled with it,
    `_with_helpers`) is inlined into the wrapper when numba can inline it
    (else called), and results of another integer type are widened.
    """
    key = (function, rows, cols)
    found = _SPECIALISED.get(key)
    if found is not None:
        return found
    numba, types = _numba(), _types()
    arguments = signature.signature.args
    arity = len(arguments)
    at = _full_at if arity == 4 else _delta_at
    inner = _with_helpers(function)
    try:
        wrapper = numba.njit(nogil=True)(at(numba.njit(inline="always")(inner), rows, cols))
        wrapper.compile(arguments)
    except Exception:  # what numba cannot inline, it may still compile and call
        wrapper = numba.njit(nogil=True)(at(numba.njit(nogil=True)(inner), rows, cols))
        wrapper.compile(arguments)
    result = wrapper.nopython_signatures[0].return_type
    if isinstance(result, types.Boolean) or not isinstance(result, types.Integer):
        raise ResultTypeError(str(result))  # the type: `fault` says what it means
    if result != types.int64:
        wrapper = numba.njit(nogil=True)(_as_int64(wrapper, arity))
        wrapper.compile(arguments)
    if len(_SPECIALISED) >= _MAX_SPECIALISED:
        _SPECIALISED.pop(next(iter(_SPECIALISED)))
    _SPECIALISED[key] = wrapper
    return wrapper


def _compiled_pair(
    user: UserHeuristic, rows: int, cols: int, tiles: Sequence[int]
) -> tuple[Any, Any]:
    """The user's full evaluation and delta (or the stand-in) compiled; a fault if they are not."""
    shape = (rows, cols)
    pair = []
    for function, signature in ((user.function, FULL_TYPE), (user.delta, DELTA_TYPE)):
        if function is None:
            pair.append(_no_delta)
            continue
        try:
            pair.append(specialised(function, rows, cols, signature))
        except ResultTypeError as exc:
            raise user.fault("not_integer", list(tiles), shape, str(exc)) from None
        except Exception as exc:  # numba's errors, and its own assertions on what it cannot do
            raise user.fault("compile", list(tiles), shape, exc) from exc
    return pair[0], pair[1]


def ida_user(
    rows: int,
    cols: int,
    goal_tiles: tuple[int, ...],
    tiles: list[int],
    guard: Guard,
    user: UserHeuristic,
) -> EngineResult:
    """IDA* with ``user``'s heuristic, compiled: the numba kernel.

    Same contract, statistics, faults and errors as the pure-Python kernel.
    """
    shape = (rows, cols)
    full, delta = _compiled_pair(user, rows, cols, tiles)
    goal = np.array(goal_tiles, dtype=np.int64)
    board = np.array(tiles, dtype=np.int64)
    home = np.array(home_cells(goal_tiles), dtype=np.int64)
    try:  # copies: the search's arrays are never the function's
        h0 = int(full(board.copy(), home.copy(), rows, cols))
    except Exception as exc:
        raise user.fault("raised", list(tiles), shape, exc) from exc
    if h0 < 0:
        raise user.fault("negative", list(tiles), shape, h0)
    if h0 > MAX_HEURISTIC:
        raise user.fault("too_large", list(tiles), shape, h0)
    wrong0 = int(np.count_nonzero(board != goal))
    if wrong0 == 0:
        guard.depth = 0
        return "", guard.snapshot(0, 0)
    move_count, move_to, letters = move_arrays(rows, cols)
    stack = Stack(("blank", "prev", "h", "mi", "best", "path", "seq", "wrong"), 128)
    st = new_state(h0, guard)
    aux = np.zeros(4, dtype=np.int64)
    aux[_VERIFY] = VERIFY_NODES if user.delta is not None else 0
    prune = pruning_array(rows, cols)
    stack["blank"][0] = int(np.argmin(board))
    stack["seq"][0] = start_state(int(stack["blank"][0]))
    stack["prev"][0] = -1
    stack["h"][0] = h0
    stack["wrong"][0] = wrong0
    use_delta = user.delta is not None

    def run() -> int:
        try:
            code = int(
                _user_run(
                    st,
                    aux,
                    board,
                    goal,
                    home,
                    np.empty_like(board),
                    np.empty_like(home),
                    full,
                    delta,
                    use_delta,
                    move_count,
                    move_to,
                    letters,
                    prune,
                    rows,
                    cols,
                    stack["blank"],
                    stack["prev"],
                    stack["h"],
                    stack["mi"],
                    stack["best"],
                    stack["path"],
                    stack["seq"],
                    stack["wrong"],
                )
            )
        except Exception as exc:  # raised by the user's function, on the board in hand
            raise user.fault("raised", board.tolist(), shape, exc) from exc
        if code == _FAULT:
            kind = int(aux[_KIND])
            expected = int(aux[_EXPECTED]) if kind == DELTA else None
            raise user.fault(FAULTS[kind], board.tolist(), shape, int(aux[_VALUE]), expected)
        return code

    return drive(run, st, stack, guard, letters)


def _no_delta(
    tiles: Array, home: Array, rows: int, cols: int, tile: int, src: int, dst: int
) -> int:
    """The delta passed when the heuristic has none (never called: ``use_delta`` is False)."""
    return 0


def _user_run(
    st: Array,
    aux: Array,
    tiles: Array,
    goal: Array,
    home: Array,
    view: Array,
    view_home: Array,
    full: Any,
    delta: Any,
    use_delta: bool,
    move_count: Array,
    move_to: Array,
    move_code: Array,
    prune: Array,
    rows: int,
    cols: int,
    blank_s: Array,
    prev_s: Array,
    h_s: Array,
    mi_s: Array,
    best_s: Array,
    path_s: Array,
    seq_s: Array,
    wrong_s: Array,
) -> int:
    """Run (or resume) IDA* with the user's functions until found, a pause or a fault."""
    # The loop of `manhattan._manhattan_run` with the heuristic called through a pointer, the
    # goal told by the tiles out of place (``wrong_s``), and each value checked as
    # `python.user` checks it, in the same order (numba compiles no closures over arrays).
    cap = blank_s.shape[0]
    d = st[DEPTH]
    enter = st[ENTER]
    expanded = st[EXPANDED]
    generated = st[GENERATED]
    check_at = st[CHECK_AT]
    bound = st[BOUND]
    verify = aux[_VERIFY]
    code = DONE
    while True:
        if enter:
            enter = 0
            expanded += 1
            mi_s[d] = 0
            best_s[d] = INF
            if expanded >= check_at:
                code = PAUSE
                break
        b = blank_s[d]
        k = mi_s[d]
        if k < move_count[b]:
            n = move_to[b, k]
            if n == prev_s[d]:
                mi_s[d] = k + 1
                continue
            nseq = prune[seq_s[d] + move_code[b, k]]
            if nseq < 0:  # a duplicate move sequence (the engine's automaton)
                mi_s[d] = k + 1
                continue
            if d + 1 >= cap:
                code = GROW
                break
            mi_s[d] = k + 1
            generated += 1
            g1 = d + 1
            limit = bound - g1
            t = tiles[n]
            tiles[b] = t
            tiles[n] = 0
            wrong = wrong_s[d]
            if t != goal[b]:
                wrong += 1
            if goal[n] != 0:
                wrong += 1
            if goal[b] != 0:
                wrong -= 1
            if t != goal[n]:
                wrong -= 1
            # The user's functions get copies, fresh for each call: ``view`` and ``view_home``.
            view[:] = tiles
            view_home[:] = home
            if use_delta:
                nh = h_s[d] + delta(view, view_home, rows, cols, t, n, b)
                if verify > 0:
                    verify -= 1
                    view[:] = tiles
                    view_home[:] = home
                    whole = full(view, view_home, rows, cols)
                    if whole != nh:
                        aux[_KIND] = DELTA
                        aux[_VALUE] = nh
                        aux[_EXPECTED] = whole
                        code = _FAULT
                        break
            else:
                nh = full(view, view_home, rows, cols)
            if nh < 0:
                aux[_KIND] = NEGATIVE
                aux[_VALUE] = nh
                code = _FAULT
                break
            if nh > MAX_HEURISTIC:
                aux[_KIND] = TOO_LARGE
                aux[_VALUE] = nh
                code = _FAULT
                break
            if wrong == 0 and nh != 0:
                aux[_KIND] = AT_GOAL
                aux[_VALUE] = nh
                code = _FAULT
                break
            if nh > limit:
                tiles[n] = t
                tiles[b] = 0
                if g1 + nh < best_s[d]:
                    best_s[d] = g1 + nh
                continue
            path_s[d] = k
            if wrong == 0:
                st[FOUND] = d + 1
                code = DONE
                break
            d += 1
            blank_s[d] = n
            prev_s[d] = b
            seq_s[d] = nseq
            h_s[d] = nh
            wrong_s[d] = wrong
            enter = 1
        else:
            result = best_s[d]
            if d == 0:
                bound = result
                st[ITER] += 1
                enter = 1
                continue
            d -= 1
            n = blank_s[d + 1]
            b = blank_s[d]
            tiles[n] = tiles[b]
            tiles[b] = 0
            if result < best_s[d]:
                best_s[d] = result
    st[DEPTH] = d
    st[ENTER] = enter
    st[EXPANDED] = expanded
    st[GENERATED] = generated
    st[BOUND] = bound
    aux[_VERIFY] = verify
    return code


def _compile_kernels() -> None:
    """Compile the loop and the stand-in delta for their fixed signatures, cached on disk."""
    global _user_run, _no_delta
    if not NUMBA:  # pragma: no cover - plain Python stand-ins, as `jit` says
        return
    numba, types = _numba(), _types()
    i, b = types.int64, types.boolean
    a1, a2 = types.Array(types.int64, 1, "C"), types.Array(types.int64, 2, "C")
    prune = types.Array(types.int32, 1, "C")  # `pruning_array`'s type, every shape
    loop = i(
        a1,
        a1,
        a1,
        a1,
        a1,
        a1,
        a1,
        FULL_TYPE,
        DELTA_TYPE,
        b,
        a1,
        a2,
        a2,
        prune,
        i,
        i,
        a1,
        a1,
        a1,
        a1,
        a1,
        a1,
        a1,
        a1,
    )
    _no_delta = numba.njit(DELTA_TYPE.signature, cache=True, nogil=True)(_no_delta)
    _user_run = numba.njit(loop, cache=True, nogil=True)(_user_run)


_compile_kernels()
