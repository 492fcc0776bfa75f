"""Which methods a short solution runs, as one declared table, and the run: `solve_short`.

>>> from slidingtiles import Board
>>> from slidingtiles.search import Deadline
>>> found = solve_short(Board("1 2 3/4 5 6/0 7 8"), Board.goal(3, 3), Deadline(None))
>>> found.moves, found.optimal, found.method
(Moves('RR'), True, 'idastar')
>>> choose_methods(100, timed=False, implementation="numba").steps
(('peeled',), ('beam windows',))

`solve(board, optimal=False)` comes here (``weight=`` keeps weighted A* and
its bound). A single row or column is solved at once (the blank walks: its
only solution). Otherwise the first row of `TABLE` that fits the board's
cells, whether there is a time limit, and the implementation, says which
steps run, in order. A step names one method, or several tried in turn
until one answers ("peeled, else variants": the variants run only when the
peel did not fit the time). Every answer is a full solution; the shortest
is kept, and the first answer found is never beaten by a longer one. An
exact answer (``"idastar"``, a 3x3 finished by ``"reduce"``) or weighted
IDA*'s near-optimal one ends the run at once. The shortening steps
(``"windows"``, ``"beam windows"``) re-solve windows of the best answer
(`slidingtiles._solve.short.windows`); ``"+windows"`` is added to the
method's name when they made it shorter.

The methods, one module each: ``"idastar"`` (`exact`), ``"weighted_idastar"``
(`anytime`), ``"reduce"`` and ``"variants"`` (the constructive solver and
its other path weightings: `constructive`), ``"staged"`` (`staged`),
``"chunked"`` (`chunked`), ``"beam"`` (`beam`), ``"peeled"`` (`peeled`);
their time shares are `budget`'s. docs/large-boards.md prints `TABLE`
(`methods_table`) and what each method contributes; the measurements that
chose it are in docs/measurements/.

Without ``time_limit`` every budget is a node count, so the answer is the
same on every run, and under both implementations where the table's rows
are the same for both; with one, the methods stop in time, and more time
gives shorter solutions.
"""

from __future__ import annotations

from collections.abc import Callable
from time import perf_counter

import attrs

from slidingtiles._board.board import Board
from slidingtiles._board.moves import Moves
from slidingtiles._engine import dispatch
from slidingtiles._solve.short.anytime import AnytimeResult, anytime
from slidingtiles._solve.short.beam import beam
from slidingtiles._solve.short.bound import LOAD_SECONDS, lower_bound
from slidingtiles._solve.short.budget import VARIANTS_SHARE, Budget
from slidingtiles._solve.short.chunked import chunked
from slidingtiles._solve.short.constructive import construct
from slidingtiles._solve.short.exact import exact, line_moves
from slidingtiles._solve.short.peeled import peeled
from slidingtiles._solve.short.placing import VARIANTS as PATH_WEIGHTINGS
from slidingtiles._solve.short.staged import staged
from slidingtiles._solve.short.tables import available, tail
from slidingtiles._solve.short.tables import tables as weighted_tables
from slidingtiles._solve.short.windows import ShortenResult, beam_windows, windows
from slidingtiles.search import Deadline, SearchStats

__all__ = ["TABLE", "Choice", "ShortResult", "choose_methods", "methods_table", "solve_short"]


@attrs.frozen
class Choice:
    """One row of `TABLE`: the steps run on boards of these sizes, budgets and implementations.

    Attributes:
        cells: the least and the most cells of the boards it covers.
        timed: True with a time limit, False without, None for either.
        implementation: ``"numba"``, ``"python"``, or None for either.
        steps: run in order; each step names a method, or methods tried in turn until one
            answers.
        tables: True for boards whose tables the steps ``"tables"`` and ``"tail"`` search are
            cached (`tables.available`), False for the others, None for either.
        shares: the share of the time each named method ends by on these boards, where it is
            not the method's own default (`Budget.share_for`).
    """

    cells: tuple[int, int]
    timed: bool | None
    implementation: str | None
    steps: tuple[tuple[str, ...], ...]
    tables: bool | None = None
    shares: tuple[tuple[str, float], ...] = ()


_ANY = None
_ABOVE = 1 << 40
#: The choice of methods, as measured (docs/measurements/short-methods.md: what each one
#: contributes, size by size). Rows are tried in order; the first that fits is used.
TABLE: tuple[Choice, ...] = (
    Choice((2, 12), _ANY, _ANY, (("idastar",), ("reduce",), ("staged",), ("windows",))),
    Choice((13, 25), _ANY, _ANY, (("weighted_idastar",), ("reduce",), ("staged",), ("windows",))),
    # 6x6 with its tables cached (numba): weighted IDA* over them, then their exact tail
    # (docs/measurements/mid-size.md); with a time limit the beams end by 0.3 of it.
    Choice(
        (26, 36),
        _ANY,
        "numba",
        (("reduce",), ("beam", "staged"), ("tables",), ("tail",), ("windows",)),
        tables=True,
        shares=(("beam", 0.3), ("tables", 0.5), ("tail", 0.95)),
    ),
    Choice((26, 36), _ANY, _ANY, (("reduce",), ("beam", "staged"), ("windows",))),
    Choice((37, 49), False, _ANY, (("reduce",), ("beam", "chunked"))),
    Choice((37, 49), True, _ANY, (("reduce",), ("beam", "staged"), ("windows",))),
    Choice((50, 400), False, "numba", (("peeled",), ("beam windows",))),
    Choice((50, 100), False, "python", (("reduce",), ("chunked",))),
    Choice(
        (50, 64), True, _ANY, (("reduce",), ("peeled", "beam"), ("beam windows",), ("windows",))
    ),
    Choice(
        (65, 100), True, _ANY, (("reduce",), ("peeled", "chunked"), ("beam windows",), ("windows",))
    ),
    Choice(
        (101, 2500),
        True,
        _ANY,
        (("reduce",), ("peeled", "variants"), ("beam windows",), ("windows",)),
    ),
    Choice((101, _ABOVE), True, _ANY, (("reduce",), ("variants",), ("windows",))),
    Choice((101, _ABOVE), False, _ANY, (("reduce",),)),
)


@attrs.frozen
class ShortResult:
    """The outcome of `solve_short`.

    Attributes:
        moves: the blank's moves, start to goal.
        lower_bound: the length itself when ``optimal``; weighted IDA*'s bound (length /
            weight, the tables' value); else `bound.lower_bound`'s (linear conflicts, or the
            goal's cached tables).
        optimal: True when an exact method solved the whole board.
        method: the method whose answer was kept (`Solution.algorithm`), with
            ``"+windows"`` when re-solved windows made it shorter.
        first_length: the length of the first answer (``len(moves)`` is never more).
        searches: the methods run (weighted IDA*'s searches, each one).
        windows_searched: the windows re-solved.
        windows_shortened: those of them made shorter.
        expanded: the nodes every search expanded.
        generated: the nodes every search generated.
        seconds: the time of the whole call.
    """

    moves: Moves
    lower_bound: int
    optimal: bool
    method: str
    first_length: int
    searches: int
    windows_searched: int
    windows_shortened: int
    expanded: int
    generated: int
    seconds: float

    @property
    def heuristic(self) -> str:
        """``"pdb"`` for weighted IDA*, ``"none"`` for the constructive solver and single
        lines, else ``"linear_conflict"`` (the exact and staged searches' heuristic)."""
        if self.method == "weighted_idastar":
            return "pdb"
        return "none" if self.method in ("reduce", "line") else "linear_conflict"


@attrs.frozen
class _Final:
    """An answer that ends the run: exact, or weighted IDA*'s near-optimal one."""

    moves: str
    optimal: bool
    lower_bound: int
    first_length: int
    searches: int


Method = Callable[[Board, Board, Budget], "str | _Final | None"]


def _exact(start: Board, goal: Board, budget: Budget) -> _Final | None:
    found = exact(start, goal, budget)
    return None if found is None else _Final(found, True, len(found), len(found), 1)


def _anytime(start: Board, goal: Board, budget: Budget) -> _Final | None:
    found: AnytimeResult | None = anytime(start, goal, budget)
    if found is None:
        return None
    lower = max(found.lower_bound, start.manhattan(goal))
    return _Final(found.moves, found.optimal, lower, found.first_length, found.searches)


def _reduce(start: Board, goal: Board, budget: Budget) -> str | _Final:
    built = construct(start, goal, budget.clock, progress=budget.tell)
    moves = str(built.moves)
    return _Final(moves, True, len(moves), len(moves), 1) if built.optimal else moves


def _variants(start: Board, goal: Board, budget: Budget) -> str | None:
    """Other path weightings of the constructive solver while they fit in `VARIANTS_SHARE`
    (each priced at the time of the first answer: the best of 24 is about 5 % shorter on
    10x10, 2 % on 20x20)."""
    until = budget.share(VARIANTS_SHARE)
    took = budget.elapsed()
    best: str | None = None
    for variant in range(1, len(PATH_WEIGHTINGS)):
        if until is None or perf_counter() + took > until:
            break
        other = str(construct(start, goal, variant=variant).moves)
        if best is None or len(other) < len(best):
            best = other
    return best


#: The methods by name: each returns a whole solution, or None when it does not apply or found
#: nothing.
METHODS: dict[str, Method] = {
    "idastar": _exact,
    "weighted_idastar": _anytime,
    "reduce": _reduce,
    "variants": _variants,
    "staged": staged,
    "chunked": chunked,
    "beam": beam,
    "peeled": peeled,
    "tables": weighted_tables,
}
# The name `Solution.algorithm` reports for a method's answer, where it is not the method's own:
# the variants are the constructive solver's.
_REPORTED = {"variants": "reduce"}
#: The shortening steps by name, and the methods whose answers each takes (None: any).
SHORTENERS: dict[str, tuple[Callable[[Board, str, Budget], ShortenResult], str | None]] = {
    "windows": (windows, None),
    "beam windows": (beam_windows, "peeled"),  # IDA*'s windows find almost nothing there
    "tail": (tail, None),
}


def choose_methods(cells: int, *, timed: bool, implementation: str, tables: bool = False) -> Choice:
    """The row of `TABLE` for a board of ``cells`` cells, with a time limit or without, with
    the tables of the steps ``"tables"`` and ``"tail"`` cached or not.

    >>> choose_methods(49, timed=False, implementation="python").steps
    (('reduce',), ('beam', 'chunked'))
    >>> choose_methods(36, timed=True, implementation="numba", tables=True).steps[2:4]
    (('tables',), ('tail',))
    """
    for row in TABLE:
        low, high = row.cells
        if (
            low <= cells <= high
            and row.timed in (None, timed)
            and row.implementation in (None, implementation)
            and row.tables in (None, tables)
        ):
            return row
    raise ValueError(f"no row of the methods' table fits {cells} cells")  # a bug: TABLE covers all


def solve_short(
    start: Board,
    goal: Board,
    clock: Deadline,
    progress: Callable[[SearchStats], object] | None = None,
) -> ShortResult:
    """Return a short solution of a solvable board, as short as the budget allows.

    Args:
        start: a board, solvable for ``goal`` (checked by the caller).
        goal: the goal, of the start's shape.
        clock: the call's `Deadline`: every method spends from it; without a
            time limit, fixed node budgets (the same answer every time).
        progress: called with a `SearchStats` snapshot after each method (the
            nodes so far, the methods run as ``iterations``), and after every
            line the constructive solver places.

    Raises:
        SearchLimitExceeded: the time limit passed before a first answer.
    """
    budget = Budget(clock, progress)
    if start.rows == 1 or start.cols == 1:
        moves = line_moves(start, goal)
        return _result(budget, moves, len(moves), True, "line", len(moves), 1)
    # the bound first, so that loading its tables (once per process) is counted in the budget
    limit = clock.time_limit
    load = limit is None or limit >= LOAD_SECONDS
    bound = lower_bound(start, goal, load=load)
    choice = choose_methods(
        start.size,
        timed=budget.timed,
        implementation=dispatch.IMPLEMENTATION,
        tables=available(goal, load=load),
    )
    budget.shares = dict(choice.shares)
    best, method, first, searches = "", "", 0, 0
    found_any = False
    searched = shortened = 0
    before_windows = ""
    for step in choice.steps:
        if step[0] in SHORTENERS:
            shorten, takes = SHORTENERS[step[0]]
            if not found_any or takes not in (None, method) or budget.passed():
                continue
            if not before_windows:
                before_windows = best
            done = shorten(start, best, budget)
            best = done.moves
            budget.best = len(best)
            searched += done.windows_searched
            shortened += done.windows_shortened
            continue
        for name in step:
            answer = METHODS[name](start, goal, budget)
            searches += 1
            budget.methods = searches
            budget.tell()  # after each method: the nodes so far, the methods run
            if isinstance(answer, _Final):
                return _result(
                    budget,
                    answer.moves,
                    answer.lower_bound,
                    answer.optimal,
                    name,
                    answer.first_length,
                    searches + answer.searches - 1,
                )
            if answer is None:
                continue
            if not found_any or len(answer) < len(best):
                best, method = answer, _REPORTED.get(name, name)
                budget.best = len(best)
            if not found_any:
                first, found_any = len(answer), True
            break
    if not found_any:  # no method answered (none does in practice): the constructive solver
        answer = _reduce(start, goal, budget)
        best = answer.moves if isinstance(answer, _Final) else answer
        method, first, searches = "reduce", len(best), searches + 1
    if before_windows and len(best) < len(before_windows):
        method += "+windows"
    return _result(budget, best, bound, False, method, first, searches, searched, shortened)


def _result(
    budget: Budget,
    moves: str,
    lower: int,
    optimal: bool,
    method: str,
    first: int,
    searches: int,
    searched: int = 0,
    shortened: int = 0,
) -> ShortResult:
    budget.methods = searches
    stats = budget.snapshot()
    return ShortResult(
        moves=Moves(moves),
        lower_bound=lower,
        optimal=optimal,
        method=method,
        first_length=first,
        searches=searches,
        windows_searched=searched,
        windows_shortened=shortened,
        expanded=stats.expanded,
        generated=stats.generated,
        seconds=stats.seconds,
    )


def methods_table() -> str:
    """`TABLE` as the Markdown table docs/large-boards.md prints.

    >>> methods_table().splitlines()[2]
    '| 2 to 12 | either | either | either | idastar → reduce → staged → windows |'
    """
    lines = [
        "| cells | time limit | implementation | tables cached | steps, in order |",
        "|---|---|---|---|---|",
    ]
    either = {None: "either", True: "yes", False: "no"}
    for row in TABLE:
        low, high = row.cells
        cells = f"{low} and more" if high == _ABOVE else f"{low} to {high}"
        steps = " → ".join(", else ".join(step) for step in row.steps)
        lines.append(
            f"| {cells} | {either[row.timed]} | {row.implementation or 'either'} | "
            f"{either[row.tables]} | {steps} |"
        )
    return "\n".join(lines)
