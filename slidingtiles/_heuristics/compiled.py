"""Heuristics written over the flat board, run inside the tile engine: `compiled`.

>>> @compiled(admissible=True, consistent=True)
... def misplaced_tiles(tiles, home, rows, cols):
...     count = 0
...     for cell in range(rows * cols):
...         if tiles[cell] != 0 and home[tiles[cell]] != cell:
...             count += 1
...     return count
>>> from slidingtiles import Board
>>> misplaced_tiles(Board("1 2 3/4 0 6/7 5 8"), Board.goal(3, 3))
2

A heuristic the tile engine can run is a function of the board as a flat
array, ``h(tiles, home, rows, cols) -> int``, optionally with an incremental
form ``delta(tiles, home, rows, cols, tile, src, dst) -> int``. `compiled`
wraps it in a `CompiledHeuristic`: an ordinary ``h(board, goal)`` (so `solve`'s
generic search, `check`, `compare` and `register` take it like any
heuristic) that also carries its claims and its functions for the engine.
`solve` gives it to the engine's IDA* (`engine_search`): with numba the
function is compiled there, for the board's shape, without numba (or under
``SLIDINGTILES_IMPLEMENTATION=python``) the same function runs as plain
Python; both search the same nodes. Nothing is compiled, and numba is not
imported, until the engine first runs it.
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import Any, overload

import attrs

from slidingtiles._board.board import Board
from slidingtiles._board.geometry import home_cells
from slidingtiles._engine import dispatch
from slidingtiles._engine.tables import EngineResult
from slidingtiles._errors import (
    HeuristicClaimError,
    HeuristicError,
    HeuristicTypeError,
)
from slidingtiles._heuristics.registry import HeuristicInfo, TilesHeuristic, registry
from slidingtiles._heuristics.values import bad_value, raised
from slidingtiles.search import SearchStats

__all__ = ["CompiledHeuristic", "compiled", "compiled_of", "engine_search", "info_of_callable"]

#: ``h(tiles, home, rows, cols) -> int``: a board's value, over the flat board.
FlatHeuristic = Callable[..., int]


@lru_cache(maxsize=64)
def _home(goal: tuple[int, ...]) -> tuple[int, ...]:
    """``home[t]``: tile t's cell in the goal (kept for the goals in use)."""
    return tuple(home_cells(goal))


@attrs.frozen(eq=False)
class CompiledHeuristic:
    """A heuristic over the flat board that the tile engine runs: what `compiled` returns.

    >>> h = CompiledHeuristic("zero", lambda tiles, home, rows, cols: 0, admissible=True)
    >>> h(Board("1 2/0 3"), Board.goal(2, 2)), h.info.admissible
    (0, True)

    Call it as ``h(board, goal)`` like any heuristic (the plain Python
    function runs); `solve` runs it in the tile engine's IDA*.

    Attributes:
        name: its name in solutions and messages (the function's by default).
        function: ``h(tiles, home, rows, cols) -> int``, the plain Python function.
        admissible: claimed never to overestimate (`solve` then reports optimal solutions).
        consistent: claimed to change by at most one per move.
        delta: None, or ``delta(tiles, home, rows, cols, tile, src, dst) -> int``.
        description: one line for listings (the docstring's first line by default).
    """

    name: str
    function: FlatHeuristic
    admissible: bool
    consistent: bool = False
    delta: Callable[..., int] | None = None
    description: str = ""

    def __call__(self, board: Board, goal: Board) -> int:
        """The value of ``board`` for ``goal``: the plain function on its tiles."""
        return self.function(list(board.tiles), list(_home(goal.tiles)), goal.rows, goal.cols)

    def for_goal(self, goal: Board) -> TilesHeuristic:
        """``tiles -> h`` for one goal (the generic search's and `check`'s fast path).

        The function gets lists, as in the tile engine's pure-Python kernel:
        fresh copies on every call, so whatever it writes is dropped.
        """
        function, home, rows, cols = self.function, _home(goal.tiles), goal.rows, goal.cols
        return lambda tiles: function(list(tiles), list(home), rows, cols)

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        """Pickle by reference where the decorator replaced the function by this object.

        ``@compiled`` leaves this object under the function's name, so pickling
        the function by reference (what pickle does with functions) would find
        this object instead and fail; workers import it by that name instead.
        """
        module = getattr(self.function, "__module__", None)
        qualname = getattr(self.function, "__qualname__", "")
        if module and "<" not in qualname and _imported(module, qualname) is self:
            return _imported, (module, qualname)
        return CompiledHeuristic, attrs.astuple(self, recurse=False)

    @property
    def info(self) -> HeuristicInfo:
        """The heuristic with its claims, as `solve` and `check` take it unregistered."""
        return HeuristicInfo(
            self.name,
            self,
            self.admissible,
            self.consistent,
            self.description,
            specialize=self.for_goal,
        )


def _imported(module: str, qualname: str) -> object:
    """The object a module holds under a qualified name (None when there is none)."""
    try:
        found: object = importlib.import_module(module)
        for part in qualname.split("."):
            found = getattr(found, part)
    except (ImportError, AttributeError):
        return None
    return found


def _plain(function: object, what: str, name: str) -> FlatHeuristic:
    """The plain Python function (numba's dispatchers give theirs), or the error naming it."""
    plain = getattr(function, "py_func", function)
    if not callable(plain):
        raise HeuristicTypeError(
            f"heuristic {name!r}: {what} must be a function, not {function!r}",
            function,
            heuristic=name,
        )
    return plain


@overload
def compiled(
    function: None = None,
    /,
    *,
    admissible: bool,
    consistent: bool = False,
    delta: Callable[..., int] | None = None,
    name: str | None = None,
    description: str = "",
) -> Callable[[FlatHeuristic], CompiledHeuristic]: ...
@overload
def compiled(
    function: FlatHeuristic,
    /,
    *,
    admissible: bool,
    consistent: bool = False,
    delta: Callable[..., int] | None = None,
    name: str | None = None,
    description: str = "",
) -> CompiledHeuristic: ...
def compiled(
    function: FlatHeuristic | None = None,
    /,
    *,
    admissible: bool,
    consistent: bool = False,
    delta: Callable[..., int] | None = None,
    name: str | None = None,
    description: str = "",
) -> CompiledHeuristic | Callable[[FlatHeuristic], CompiledHeuristic]:
    """Make a heuristic over the flat board that `solve` runs in the tile engine: a decorator.

    >>> @compiled(admissible=True, consistent=True)
    ... def manhattan(tiles, home, rows, cols):
    ...     total = 0
    ...     for cell in range(rows * cols):
    ...         tile = tiles[cell]
    ...         if tile != 0:
    ...             goal = home[tile]
    ...             total += abs(cell // cols - goal // cols) + abs(cell % cols - goal % cols)
    ...     return total
    >>> from slidingtiles import solve
    >>> solution = solve("8 1 3/4 0 2/7 6 5", heuristic=manhattan)
    >>> len(solution), solution.optimal, solution.heuristic, solution.engine in ("numba", "python")
    (14, True, 'manhattan', True)

    The function: ``h(tiles, home, rows, cols) -> int``, where ``tiles[cell]``
    is the tile on each cell (row-major, 0 the blank), ``home[tile]`` the
    cell each tile has in the goal (``home[0]``: the blank's), and ``rows``,
    ``cols`` the board's shape (cell ``c`` is in row ``c // cols``, column
    ``c % cols``). It returns a whole number of moves, an int, 0 at the goal.
    With numba (the ``fast`` extra) the tile engine compiles it in nopython
    mode, for each board shape it meets, and calls it on int64 arrays; without
    numba, or under ``SLIDINGTILES_IMPLEMENTATION=python``, it runs as it is,
    on lists. Write it for both: index the arrays, loop over ``range``, use
    ints (no Python objects, no dictionaries). It gets copies (fresh on every
    call, in both): what it writes into ``tiles`` or ``home`` is dropped.

    Args:
        function: the heuristic (a numba ``@njit`` function is accepted too:
            its Python function is used).
        admissible: whether it never overestimates; `solve` claims a shortest
            solution only then (and checks the claim first: every board up to
            9 cells, a sample above, and each answer's own path).
        consistent: whether it changes by at most one per move (implies admissible).
        delta: optional ``delta(tiles, home, rows, cols, tile, src, dst) ->
            int``: by how much the value changes when ``tile`` slides from cell
            ``src`` to cell ``dst`` (``tiles`` already shows the move; it may
            look at them, and must leave them as they are). The engine then
            calls it instead of ``function`` on every child but the start,
            checking it against ``function`` on the first 1,024 children of
            each search.
        name: the name in solutions and messages (default: the function's).
        description: one line for listings (default: the docstring's first line).

    Returns:
        A `CompiledHeuristic`: use it as ``solve(board, heuristic=h)``, or
        `register` it under a name.

    Raises:
        HeuristicTypeError: ``function`` or ``delta`` is not callable.
        HeuristicError: ``consistent=True`` with ``admissible=False``.

    `solve` with ``algorithm="auto"`` (an admissible heuristic) or
    ``"idastar"`` runs it in the tile engine (`Solution.engine` says
    ``"numba"`` or ``"python"``); other algorithms run the plain function
    in the generic search. Each value is checked there: an exception, a
    value that is not an int, a negative one, one other than 0 at the goal,
    a ``delta`` that disagrees with ``function`` raise a `HeuristicError`
    naming the heuristic and the board. numba compiles the search loop once
    (cached on disk) and the function once per process and board shape
    (about 0.2 s, docs/custom-heuristic.md).
    """

    def wrap(func: FlatHeuristic) -> CompiledHeuristic:
        label = name if name is not None else getattr(func, "__name__", type(func).__name__)
        plain = _plain(func, "the heuristic", label)
        if consistent and not admissible:
            raise HeuristicError(
                f"heuristic {label!r}: a consistent heuristic is admissible; say so",
                label,
                heuristic=label,
            )
        step = None if delta is None else _plain(delta, "delta", label)
        line = description or (plain.__doc__ or "").strip().split("\n")[0]
        return CompiledHeuristic(label, plain, bool(admissible), bool(consistent), step, line)

    return wrap if function is None else wrap(function)


def compiled_of(info: HeuristicInfo) -> CompiledHeuristic | None:
    """The `CompiledHeuristic` behind a heuristic (registered or not), or None.

    >>> from slidingtiles.heuristics import get
    >>> compiled_of(get("manhattan")) is None
    True
    """
    function = info.function
    return function if isinstance(function, CompiledHeuristic) else None


def info_of_callable(function: Callable[[Board, Board], float]) -> HeuristicInfo:
    """The `HeuristicInfo` a heuristic passed as a callable stands for.

    >>> from slidingtiles.heuristics import get
    >>> info_of_callable(get("manhattan").function) is get("manhattan")
    True
    >>> info_of_callable(lambda board, goal: 0).admissible
    False

    A registered function is its registration; a `CompiledHeuristic` carries
    the claims made at `compiled`; anything else is unregistered, and since
    nothing vouches for it, claims nothing (no optimal answer rests on it).
    """
    for info in registry().values():
        if info.function is function:
            return info
    if isinstance(function, CompiledHeuristic):
        return function.info
    carried = getattr(function, "info", None)  # a `heuristics.batched` one carries its claims
    if isinstance(carried, HeuristicInfo) and hasattr(function, "batch_function"):
        return carried
    name = getattr(function, "__name__", type(function).__name__)
    return HeuristicInfo(name, function, admissible=False, consistent=False)


# numba colours its messages for a terminal; the error names them in plain text.
_ANSI = re.compile(r"\x1b\[[0-9;]*m")
# Where numba says a compile error happened: 'File "h.py", line 5:'.
_PLACE = re.compile(r'File "(?P<file>[^"]+)", line (?P<line>\d+)')


@attrs.frozen
class _Engine:
    """A `CompiledHeuristic` as the engine takes it for one search (`UserHeuristic`)."""

    heuristic: CompiledHeuristic
    goal: Board

    @property
    def name(self) -> str:
        return self.heuristic.name

    @property
    def function(self) -> FlatHeuristic:
        return self.heuristic.function

    @property
    def delta(self) -> Callable[..., int] | None:
        return self.heuristic.delta

    def fault(
        self,
        kind: str,
        tiles: Sequence[int],
        shape: tuple[int, int],
        value: object,
        expected: object = None,
    ) -> Exception:
        """The documented error for what a kernel found wrong (`slidingtiles._engine.user`)."""
        name, goal, flat = self.name, self.goal, tuple(tiles)
        board = Board(flat, shape=shape, labels=goal.labels)
        text = board.to_text()
        if kind == "raised":
            return raised(name, self.function, flat, goal, value)  # type: ignore[arg-type]
        if kind in ("negative", "too_large"):
            return bad_value(name, flat, goal, value)
        if kind == "at_goal":
            return HeuristicClaimError(
                f"heuristic {name!r} returned {value} on its goal {text}: a heuristic is 0 at "
                "the goal",
                value,
                heuristic=name,
                board=board,
                claim="admissible",
                distance=0,
            )
        if kind == "delta":
            return HeuristicError(
                f"heuristic {name!r}: its delta gives {value} on the board {text} (the value "
                f"before the move plus delta), but the function gives {expected}: delta(tiles, "
                "home, rows, cols, tile, src, dst) must return h(after the move) - h(before)",
                value,
                heuristic=name,
                board=board,
            )
        if kind == "not_integer":
            # The numba kernel knows the compiled function's type, the Python one the value.
            if isinstance(value, str):
                what = f"returns {value} (compiled for the board {text})"
            else:
                what = f"returned {value!r} on the board {text}"
            return HeuristicTypeError(
                f"heuristic {name!r} {what}: a compiled heuristic returns an int "
                "(math.ceil() a fractional estimate: it stays admissible)",
                value,
                heuristic=name,
                board=board,
            )
        why = compile_cause(value)
        return HeuristicError(
            f"numba cannot compile heuristic {name!r} for the {shape[0]}x{shape[1]} board {text}: "
            f"{why} (SLIDINGTILES_IMPLEMENTATION=python runs it as plain Python)",
            value,
            heuristic=name,
            board=board,
        )


def compile_cause(error: object) -> str:
    r"""The cause of a numba compile error, on one line: its reason and where, not its stages.

    >>> failed = "Failed in nopython mode pipeline (step: nopython frontend)"
    >>> print(compile_cause("\n".join([
    ...     failed, failed, "Unknown attribute 'dumps' of type Module(json)", "",
    ...     'File "/home/me/h.py", line 5:', "def helper(t):", "    return json.dumps(t)",
    ...     "    ^", "", "During: typing of get attribute at /home/me/h.py (5)"])))
    Unknown attribute 'dumps' of type Module(json) (h.py, line 5: return json.dumps(t))

    numba wraps the reason in one "Failed in ... pipeline" line per function it
    was compiling (the heuristic, its helpers), then gives the source lines
    and its stages ("During: ..."); what is kept is the first line that says
    what is wrong and the first place it points at.
    """
    lines = [line.rstrip() for line in _ANSI.sub("", str(error)).splitlines()]
    reasons: list[str] = []
    where = ""
    for number, line in enumerate(lines):
        stripped = line.strip()
        if not stripped or stripped.startswith(("Failed in ", "During:", "^", "Enable logging")):
            continue
        found = _PLACE.match(stripped)
        if found and where:  # an outer place: the first one named is where it failed
            continue
        if found:
            after = (s.strip() for s in lines[number + 1 : number + 4])
            source = [s for s in after if s and not s.startswith(("^", "def ", "<source"))]
            at = f"{found['file'].rsplit('/', 1)[-1]}, line {found['line']}"
            where = f"{at}: {source[-1]}" if source else at
            continue
        if not where and not reasons:
            reasons.append(stripped)
    reason = reasons[0] if reasons else (lines[0].strip() if lines else type(error).__name__)
    return f"{reason} ({where})" if where else reason


def engine_search(
    heuristic: CompiledHeuristic,
    start: Board,
    goal: Board,
    *,
    max_nodes: int | None = None,
    time_limit: float | None = None,
    progress: Callable[[SearchStats], Any] | None = None,
) -> EngineResult:
    """The tile engine's IDA* with ``heuristic`` (`dispatch.user_solve`): moves and statistics.

    >>> zero = CompiledHeuristic("zero", lambda tiles, home, rows, cols: 0, admissible=True)
    >>> engine_search(zero, Board("1 2 3/4 0 6/7 5 8"), Board.goal(3, 3))[0]
    'DR'

    The board must be solvable for the goal. A bad value raises the
    `HeuristicError` `compiled` documents; limits as for `solve`.
    """
    return dispatch.user_solve(
        start,
        goal,
        _Engine(heuristic, goal),
        max_nodes=max_nodes,
        time_limit=time_limit,
        progress=progress,
    )
