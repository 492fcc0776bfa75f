"""Short solutions where the shortest is out of reach: the method chosen by board size and budget.

>>> from slidingtiles import Board
>>> result = solve_suboptimal(Board("1 2 3/4 5 6/0 7 8"), Board.goal(3, 3), time_limit=None)
>>> result.moves, result.optimal, result.method
(Moves('RR'), True, 'idastar')

`solve(board, optimal=False)` comes here (`weight=` keeps weighted A* and its
bound). By size:

* a single row or column: the blank just walks (exact);
* up to `EXACT_CELLS` cells (3x3, 3x4, 2x6): IDA* with linear conflicts (exact);
* a shape whose perm-ranked tables are cached (the 24-puzzle's, 4x4's 7-8),
  under numba: weighted IDA* with falling weights (`slidingtiles._solve.anytime`,
  method ``"weighted_idastar"``, at most 1.5 x the shortest, about 1.07 x on
  Korf & Felner's 24-puzzles); the methods below if it finds nothing in budget;
* from `PEELED_MIN_CELLS` to `PEELED_CELLS` cells (8x8 to 20x20), under numba
  or with a time limit, and up to `PEELED_MAX_CELLS` (50x50) with a time
  limit, after the constructive solver: peeled beam search
  (`slidingtiles._solve.peeled`), the outer row and column placed together
  by a beam towards that subgoal, inwards; method ``"peeled"``; one width
  by size without a time limit, with one each L as wide as the time left
  allows (not run when a width of 100 does not fit, or above 20x20 a width
  of 100 x the square root of cells / 400 and the peel's repairs), and with
  time to spare more peels at other widths, the shortest kept; then only
  windows, first re-solved by beams;
* from `BEAM_MIN_CELLS` to `BEAM_CELLS` cells (6x6, 7x7) without a time
  limit, to `BEAM_MAX_CELLS` (8x8) with one, after the
  constructive solver: beam search over whole boards (Furcy & Koenig's line
  of work; `slidingtiles._engine.dispatch.beam_solve`), widths 1000 then 3000
  within `BEAM_NODES` expansions without a time limit (`BEAM_NODES_PYTHON`
  in pure Python: there, width 1000 only, so 6x6 and 7x7 answers may differ
  between the implementations), widths 1000, 3000 and 10000 within a share of the
  budget with one; method ``"beam"`` when it is the shortest; then the
  methods below, the shortest kept;
* up to `STAGED_CELLS` cells without a time limit, up to `STAGED_MAX_CELLS`
  with one: whole lines placed at once by weighted A* and the last region
  solved exactly (`slidingtiles._solve.staged`); the constructive solver when
  that fails or comes out longer;
* up to `CHUNKED_MAX_CELLS` cells: the constructive solver, then lines placed
  two or three tiles at a time (`solve_chunked`, method ``"chunked"``): one
  variant without a time limit, as many as fit in the staged share with one;
* larger: the constructive solver, placing tile after tile along paths that
  also carry other tiles home (`slidingtiles._solve.reduce`).

Then, while the budget lasts, windows of the solution are re-solved
exactly (`slidingtiles._solve.shorten`): the anytime part. The first
solution found is kept unless something shorter replaces it, so the answer
is never longer than the first one. Without ``time_limit`` every budget is
a node count, so the answer is the same on every run and under both
implementations; with one, the search stops in time, and more time gives
shorter solutions (docs/large-boards.md).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from time import perf_counter

import attrs

from slidingtiles._board import geometry
from slidingtiles._board.board import Board
from slidingtiles._board.moves import Moves
from slidingtiles._engine import dispatch
from slidingtiles._solve.anytime import perm_tables, weighted_anytime
from slidingtiles._solve.peeled import FINAL_WIDTH, solve_peeled
from slidingtiles._solve.placing import VARIANTS
from slidingtiles._solve.reduce import manhattan_lower_bound, solve_constructive
from slidingtiles._solve.shorten import shorten
from slidingtiles._solve.staged import (
    CHUNKED_MAX_CELLS,
    STAGED_MAX_CELLS,
    solve_chunked,
    solve_exact_region,
    solve_staged,
)
from slidingtiles.search import SearchStats

__all__ = [
    "BEAM_CELLS",
    "BEAM_MAX_CELLS",
    "BEAM_MIN_CELLS",
    "BEAM_NODES",
    "BEAM_NODES_PYTHON",
    "EXACT_CELLS",
    "PEELED_CELLS",
    "PEELED_MAX_CELLS",
    "PEELED_MIN_CELLS",
    "STAGED_CELLS",
    "STAGED_MAX_CELLS",
    "SuboptimalResult",
    "solve_suboptimal",
]

#: Boards up to this many cells are solved exactly (IDA* with linear conflicts, milliseconds).
EXACT_CELLS = 12
#: Without a time limit, boards up to this many cells are solved in stages and shortened.
STAGED_CELLS = 36
#: Boards of this many cells up to `BEAM_MAX_CELLS` are also solved by beam search.
BEAM_MIN_CELLS = 26
#: Without a time limit, boards up to this many cells (7x7) are also solved by beam search.
BEAM_CELLS = 49
#: With a time limit, the largest boards solved by beam search (8x8; above, it rarely
#: reaches the goal).
BEAM_MAX_CELLS = 64
#: Without a time limit, the beam widths tried share this many expansions under numba (about
#: 1 s on 7x7), and `BEAM_NODES_PYTHON` in pure Python (width 1000 only: a few seconds).
BEAM_NODES = 2_000_000
BEAM_NODES_PYTHON = 600_000
# The beam widths tried, in order, without and with a time limit.
_BEAM_WIDTHS = (1000, 3000)
_BEAM_TIMED_WIDTHS = (1000, 3000, 10000)
# With a time limit, the share of the budget the beam widths may spend.
_BEAM_SHARE = 0.6
# Share of the budget the staged solver may spend (the rest shortens the best solution).
_STAGED_SHARE = 0.6
# The staged solver's variants, most promising first (measured on Korf's 24-puzzles: the best
# of these eight is about 6 % shorter than the first); without a time limit, the first two.
_VARIANTS = (0, 1, 25, 9, 24, 17, 8, 16)
# Mid-size boards (up to CHUNKED_MAX_CELLS): the chunked solver's variants, best first
# (measured on random 10x10 boards); the first only without a time limit.
_CHUNK_VARIANTS = (0, 3, 4, 2, 5, 1, 6, 7)
# Larger boards: the share of the budget for other path weightings of the constructive solver
# (the best of 24 is about 5 % shorter on 10x10, 2 % on 20x20); the rest re-solves windows.
_VARIANTS_SHARE = 0.4
#: Boards from this many cells (8x8; 7x7 keeps the beam over whole boards, shorter there) to
#: `PEELED_CELLS` (20x20) are solved by peeled beam search (`solve_peeled`) instead of the
#: methods below: under numba always, in pure Python with a time limit; with a time limit only
#: when a beam of `_PEELED_MIN_WIDTH` fits in it (narrower ones are longer than the
#: constructive solver: 30x30, width 20, 2.70 x Manhattan).
PEELED_MIN_CELLS = 50
PEELED_CELLS = 400
#: With a time limit the peeled beam also runs up to this many cells (50x50) when a width of
#: `_PEELED_MIN_WIDTH` and its repairs fit (`_PEELED_OVERHEAD`): 30x30 with 10 s 2.17 x
#: Manhattan against 2.42, 50x50 with 60 s 2.38 against 2.42-2.44. On 60x60 60 s were not
#: enough (the peel ran out of time; the constructive solver's 2.45).
PEELED_MAX_CELLS = 2500
# Without a time limit, the peeled beam's width: this over the cells to the power 1.5 (2000 on
# 10x10, 1157 on 12x12, 250 on 20x20: about 0.5 s under numba, then about 0.4 s of beam
# windows on 20x20), within the bounds below.
_PEELED_BUDGET = 2_000_000
_PEELED_BOUNDS = (100, 3000)
# With one: one peel whose Ls are as wide as the time left allows by the pace so far
# (`solve_peeled`'s ``fill``), within `_PEELED_MIN_WIDTH` and the last of these widths, when
# the narrowest fits the estimate below; in pure Python the last region's width is the widest of
# these that fits it.
_PEELED_WIDTHS = (20, 30, 50, 70, 100, 150, 200, 250, 300, 350, 400, 500, 700, 1000, 1500, 2000,
                  3000)  # fmt: skip
_PEELED_MIN_WIDTH = {"numba": 100, "python": 20}
# With time to spare after that peel (small boards reach the widest width long before their
# share of the budget), more peels at these widths, a spread around it, the shortest kept: the
# lengths scatter by several per cent from one width to the next, longer or shorter (10x10,
# seeds 0-5, numba, before windows: width 3000 alone 1.786 x Manhattan, the best of it and the
# first seven of these 1.744, of all 1.727).
_PEELED_SPARE_WIDTHS = (2000, 5000, 1500, 7000, 4000, 2500, 1000, 3500, 6000, 1200, 4500, 1800, 800)
# The share of the budget for it (the rest re-solves windows, below).
_PEELED_SHARE = {"numba": 0.8, "python": 0.85}
# Seconds of one peeled solve per unit of width x cells ** power, as (seconds, power): under
# numba about 2.5e-7 x width x cells ** 1.5 on 20x20 (measured 2026-11-24 with the kernel of
# that day's eighth sitting: 4.2e-7 to 5.8e-7 before); in pure Python 3e-6 to 1.2e-5 x width x
# cells ** 2, where fixed costs weigh more.
_PEELED_RATE = {"numba": (2.5e-7, 1.5), "python": (1e-5, 2.0)}
# Above `PEELED_CELLS`, the seconds the peel spends besides its beams (the weighted A* repairs
# of stray tiles, the constructive solver finishing an L): about this x (cells ** 2 - 400 ** 2)
# (measured under numba: 1.8-2.0 s on 30x30, about 6 s on 40x40, whatever the width); in pure
# Python, ten times that.
_PEELED_OVERHEAD = {"numba": 2.4e-6, "python": 2.4e-5}
# The peeled beam's solutions are shortened by windows re-solved by beams of this width within
# this many expansions (IDA* finds almost nothing there): windows of 40 moves in boxes of up to
# 36 cells until no pass improves, then of 60 moves in 48 cells, and so on while time is left;
# then IDA*'s windows. On 20x20 the first gains about 1 % of the length in 0.4 s.
_PEELED_WINDOWS = ((40, 36), (60, 48), (30, 30), (80, 64))
_PEELED_WINDOW_NODES = 20_000
_PEELED_WINDOW_BEAM = 100
# The answer is due this much before the time limit (returning takes a moment).
_MARGIN = 0.05


@attrs.frozen
class SuboptimalResult:
    """The outcome of `solve_suboptimal`.

    Attributes:
        moves: the blank's moves, start to goal.
        lower_bound: the length itself when ``optimal``, else the Manhattan distance.
        optimal: True when an exact method solved the whole board.
        method: ``"idastar"`` (exact), ``"line"`` (a single row or column),
            ``"staged"``, ``"chunked"``, ``"beam"``, ``"peeled"`` or ``"reduce"``, with
            ``"+windows"`` when re-solved windows made it shorter; ``"weighted_idastar"`` with
            cached perm-ranked tables (``optimal`` when a weight-1 search
            finished; ``lower_bound`` then at least length / weight).
        first_length: the length of the first solution found, the
            constructive one (``len(moves)`` is never more).
        stats: a `SearchStats`: ``generated`` the first solution's moves,
            ``expanded`` the windows re-solved, ``iterations`` the
            shortening passes, ``seconds`` the time spent.
    """

    moves: Moves
    lower_bound: int
    optimal: bool
    method: str
    first_length: int
    stats: SearchStats

    @property
    def heuristic(self) -> str:
        """``"none"`` for the constructive solver and single lines, ``"pdb"`` for weighted IDA*,
        else ``"linear_conflict"``."""
        if self.method == "weighted_idastar":
            return "pdb"
        return "none" if self.method in ("reduce", "line") else "linear_conflict"


def _beam_ladder(start: Board, goal: Board, begun: float, deadline: float | None) -> str | None:
    """The shortest of beam searches of growing width, within their budget (None if none)."""
    best: str | None = None
    if deadline is None:
        numba = dispatch.IMPLEMENTATION == "numba"
        left = BEAM_NODES if numba else BEAM_NODES_PYTHON
        for width in _BEAM_WIDTHS if numba else _BEAM_WIDTHS[:1]:
            moves, expanded = dispatch.beam_solve(start, goal, width, max_nodes=left)
            left -= expanded
            if moves is not None and (best is None or len(moves) < len(best)):
                best = moves
            if left <= 0:
                break
        return best
    share = begun + (deadline - begun) * _BEAM_SHARE
    for width in _BEAM_TIMED_WIDTHS:
        if perf_counter() >= share:
            break
        moves, _ = dispatch.beam_solve(start, goal, width, max_nodes=1 << 62, deadline=share)
        if moves is not None and (best is None or len(moves) < len(best)):
            best = moves
    return best


def _peeled_ladder(
    start: Board, goal: Board, begun: float, deadline: float | None
) -> tuple[str | None, bool]:
    """A peeled beam search as wide as the budget allows, and whether there is one (not when
    even the narrowest would not fit)."""
    cells = start.size
    if deadline is None:
        low, high = _PEELED_BOUNDS
        width = max(low, min(high, _PEELED_BUDGET // (cells * math.isqrt(cells))))
        return solve_peeled(start, goal, width=width, deadline=None), True
    kind = dispatch.IMPLEMENTATION  # "numba" or "python"
    seconds, power = _PEELED_RATE[kind]
    rate = seconds * cells**power
    share = begun + (deadline - begun) * _PEELED_SHARE[kind]
    overhead = _PEELED_OVERHEAD[kind] * max(0, cells**2 - PEELED_CELLS**2)
    left = share - perf_counter()
    fits = [width for width in _PEELED_WIDTHS if width * rate + overhead <= left]
    # Larger boards need wider beams to beat the constructive solver (50x50 with 30 s, width
    # 200: 2.46 against its 2.43): the narrowest grows as the square root of the cells.
    narrowest = _PEELED_MIN_WIDTH[kind] * math.sqrt(max(1.0, cells / PEELED_CELLS))
    if not fits or fits[-1] < narrowest:
        return None, False
    rate += overhead / fits[-1]  # the first L's pace, repairs included (then measured)
    # One peel, each L as wide as the time left allows by the pace so far (within the widths
    # tried): a fixed width chosen by an estimate overran on a slow machine, and the region
    # left was then finished by the constructive solver.
    final_width = FINAL_WIDTH if kind == "numba" else fits[-1]
    began = perf_counter()
    found = solve_peeled(
        start, goal, width=fits[-1], deadline=share, final_width=final_width,
        fill=(_PEELED_MIN_WIDTH[kind], _PEELED_WIDTHS[-1], rate),
    )  # fmt: skip
    if found is None:
        return None, False
    # A peel that ended early ran at the widest width: the others are priced by its time.
    took = perf_counter() - began
    for width in _PEELED_SPARE_WIDTHS:
        if perf_counter() + took * max(1.0, width / _PEELED_WIDTHS[-1]) > share:
            continue
        other = solve_peeled(start, goal, width=width, deadline=share, final_width=final_width)
        if other is not None and len(other) < len(found):
            found = other
    return found, True


def solve_suboptimal(
    start: Board,
    goal: Board,
    *,
    time_limit: float | None,
    progress: Callable[[SearchStats], object] | None = None,
) -> SuboptimalResult:
    """Return a short solution of a solvable board, as short as the budget allows.

    Args:
        start, goal: boards of one shape; the start must be solvable for the
            goal (the caller checks parity).
        time_limit: seconds for the whole call, or None: fixed node budgets,
            the same answer every time.
        progress: called with a `SearchStats` snapshot after every line the
            constructive solver places.

    Raises:
        SearchLimitExceeded: ``time_limit`` passed before a first solution.

    See the module's description for the method chosen.
    """
    begun = perf_counter()
    deadline = None if time_limit is None else begun + max(0.0, time_limit - _MARGIN)
    cells = start.size
    bound = manhattan_lower_bound(start, goal)

    def done(
        moves: str, method: str, first: int, optimal: bool, stats: SearchStats
    ) -> SuboptimalResult:
        stats = attrs.evolve(stats, seconds=perf_counter() - begun)
        lower = len(moves) if optimal else bound
        return SuboptimalResult(Moves(moves), lower, optimal, method, first, stats)

    if start.rows == 1 or start.cols == 1:
        moves = geometry.line_moves(start.rows, start.blank, goal.blank)
        return done(moves, "line", len(moves), True, SearchStats(0, len(moves), 0, 0, 1, 0.0))
    if cells <= EXACT_CELLS:
        exact = solve_exact_region(start, goal, max_nodes=10_000_000)
        if exact is not None:
            stats = SearchStats(0, len(exact), 0, 0, 1, 0.0)
            return done(exact, "idastar", len(exact), True, stats)
    tables = perm_tables(goal)  # cached perm-ranked tables (never built here): near-optimal
    found = None if tables is None else weighted_anytime(start, goal, tables, deadline=deadline)
    if found is not None:
        stats = SearchStats(found.expanded, found.generated, 0, 0, found.searches, 0.0)
        stats = attrs.evolve(stats, seconds=perf_counter() - begun)
        lower = max(found.lower_bound, bound)
        return SuboptimalResult(
            Moves(found.moves), lower, found.optimal, "weighted_idastar", found.first_length, stats
        )
    built = solve_constructive(start, goal, time_limit=time_limit, progress=progress)
    best, method = str(built.moves), "reduce"
    first = len(best)
    if built.optimal:
        return done(best, "reduce", first, True, built.stats)
    peeled = False
    if PEELED_MIN_CELLS <= cells <= (PEELED_CELLS if deadline is None else PEELED_MAX_CELLS) and (
        deadline is not None or dispatch.IMPLEMENTATION == "numba"
    ):
        found_peeled, peeled = _peeled_ladder(start, goal, begun, deadline)
        if found_peeled is not None and len(found_peeled) < len(best):
            best, method = found_peeled, "peeled"
    beam_cells = BEAM_CELLS if deadline is None else BEAM_MAX_CELLS
    if not peeled and BEAM_MIN_CELLS <= cells <= beam_cells:
        found_beam = _beam_ladder(start, goal, begun, deadline)
        if found_beam is not None and len(found_beam) < len(best):
            best, method = found_beam, "beam"
    staged_cells = STAGED_CELLS if deadline is None else STAGED_MAX_CELLS
    if peeled:
        pass  # shorter than the staged, chunked and constructive variants (docs/large-boards.md)
    elif cells <= staged_cells:
        share = None if deadline is None else begun + (deadline - begun) * _STAGED_SHARE
        for variant in _VARIANTS[:2] if deadline is None else _VARIANTS:
            if share is not None and perf_counter() >= share:
                break
            staged = solve_staged(start, goal, deadline=share, variant=variant)
            if staged is not None and len(staged) < len(best):
                best, method = staged, "staged"
    elif cells <= CHUNKED_MAX_CELLS:
        # Mid-size boards: lines placed a few tiles at a time; variants while they fit.
        share = None if deadline is None else begun + (deadline - begun) * _STAGED_SHARE
        for variant in _CHUNK_VARIANTS[:1] if share is None else _CHUNK_VARIANTS:
            tried = perf_counter()
            chunked = solve_chunked(start, goal, deadline=share, variant=variant)
            if chunked is not None and len(chunked) < len(best):
                best, method = chunked, "chunked"
            if share is not None and 2 * perf_counter() - tried > share:
                break
    elif deadline is not None:
        # Other path weightings of the constructive solver, while they fit in their share.
        share = begun + (deadline - begun) * _VARIANTS_SHARE
        took = perf_counter() - begun
        for variant in range(1, len(VARIANTS)):
            if perf_counter() + took > share:
                break
            other = str(solve_constructive(start, goal, variant=variant).moves)
            if len(other) < len(best):
                best = other
    windows = passes = 0
    moves = best
    if peeled:  # windows re-solved by beams (above); without a time limit the first size only
        for length, box in _PEELED_WINDOWS if deadline is not None else _PEELED_WINDOWS[:1]:
            if deadline is not None and perf_counter() >= deadline:
                break
            by_beam = shorten(
                start, moves, deadline=deadline, windows=(length,), limit=box,
                nodes=_PEELED_WINDOW_NODES, beam=_PEELED_WINDOW_BEAM,
            )  # fmt: skip
            moves = by_beam.moves
            windows, passes = windows + by_beam.windows, passes + by_beam.passes
    if cells <= STAGED_CELLS if deadline is None else perf_counter() < deadline:
        shortened = shorten(start, moves, deadline=deadline)
        moves = shortened.moves
        windows, passes = windows + shortened.windows, passes + shortened.passes
    if len(moves) < len(best):
        best, method = moves, method + "+windows"
    return done(best, method, first, False, SearchStats(windows, first, 0, 0, passes, 0.0))
