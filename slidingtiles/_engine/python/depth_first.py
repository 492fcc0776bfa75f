"""The specialised tile engine: IDA* over one mutable board with incrementally updated heuristics.

The generic search (`slidingtiles.search`) builds a state object per node and
calls the heuristic from scratch; this engine keeps one flat list of tiles,
moves the blank in place and undoes the move on the way back, and updates the
heuristic by table lookups for the one tile that moved:

* Manhattan: ``h += step[tile][to] - step[tile][from]``.
* linear conflict: Manhattan plus the conflicts of the two lines the tile
  left and entered, recomputed.
* pattern databases: each group's ``digits`` index (``sum cell * cells**slot``)
  changes by ``(to - from) * cells**slot`` for the moving tile, so one
  addition and one byte lookup per node, for the board and (lazily, only when
  the board's own value does not already prune) for its diagonal reflection.

All data are flat lists of ints (tables are ``bytes``), and each heuristic has
one kernel function, so a compiled backend can replace a kernel wholesale.
Boards whose default table is perfect (at most 9 cells) are not searched at
all: the engine walks down the table, one neighbour with value ``h - 1`` at a
time.
"""

from __future__ import annotations

import random
import sys
from collections import deque
from collections.abc import Callable
from time import perf_counter

from slidingtiles._engine import dispatch as _backend
from slidingtiles._board.board import Board
from slidingtiles._errors import SearchLimitExceeded
from slidingtiles.heuristics._pdb.database import PatternDatabase
from slidingtiles.search import SearchStats

__all__ = [
    "ENGINE_HEURISTICS",
    "EngineResult",
    "engine_solve",
    "learn_duplicate_sequences",
    "supports",
]

#: Heuristic names the engine implements natively.
ENGINE_HEURISTICS = ("manhattan", "linear_conflict", "pdb")

_LETTERS = {"U": 0, "D": 1, "L": 2, "R": 3}
_CHECK_EVERY = 1 << 14

EngineResult = tuple[str, SearchStats]


class _Abort(Exception):
    pass


def supports(heuristic: str, db: PatternDatabase | None = None) -> bool:
    """Return True if the engine implements this heuristic (for PDBs: digits or perfect tables).

    >>> supports("manhattan"), supports("misplaced")
    (True, False)
    """
    if heuristic == "pdb":
        return db is not None and _backend.kernels.supports_pdb(db)
    return heuristic in ENGINE_HEURISTICS


def _moves_table(rows: int, cols: int) -> list[tuple[tuple[int, str], ...]]:
    """moves[b]: (cell the blank moves to, letter) for each legal blank move from cell b."""
    table = []
    for b in range(rows * cols):
        r, c = divmod(b, cols)
        options = []
        for letter, dr, dc in (("U", -1, 0), ("D", 1, 0), ("L", 0, -1), ("R", 0, 1)):
            if 0 <= r + dr < rows and 0 <= c + dc < cols:
                options.append(((r + dr) * cols + c + dc, letter))
        table.append(tuple(options))
    return table


class _Guard:
    """Limits and progress, checked every few thousand expansions."""

    def __init__(
        self,
        max_nodes: int | None,
        time_limit: float | None,
        progress: Callable[[SearchStats], object] | None,
    ) -> None:
        self.start = perf_counter()
        self.max_nodes, self.time_limit, self.progress = max_nodes, time_limit, progress
        self.iterations = 0
        self.depth = 0

    def stats(self, expanded: int, generated: int) -> SearchStats:
        return SearchStats(
            expanded, generated, self.depth, 0, self.iterations, perf_counter() - self.start
        )

    def next_check(self, expanded: int) -> int:
        """The expansion count at which to check next: soon, or just past ``max_nodes``."""
        step = expanded + _CHECK_EVERY
        return step if self.max_nodes is None else min(step, self.max_nodes + 1)

    def check(self, expanded: int, generated: int) -> None:
        if self.max_nodes is not None and expanded > self.max_nodes:
            raise SearchLimitExceeded(
                f"search stopped after {expanded:,} expanded nodes (max_nodes={self.max_nodes:,})",
                "max_nodes", self.max_nodes, self.stats(expanded, generated),
            )  # fmt: skip
        if self.time_limit is not None and perf_counter() - self.start > self.time_limit:
            raise SearchLimitExceeded(
                f"search stopped after {self.time_limit:g} s (time_limit)",
                "time_limit", self.time_limit, self.stats(expanded, generated),
            )  # fmt: skip
        if self.progress is not None:
            self.progress(self.stats(expanded, generated))


def _walk_perfect(db: PatternDatabase, tiles: list[int], guard: _Guard) -> EngineResult:
    """Follow the perfect table downhill: each step to a neighbour one move closer."""
    moves = _moves_table(db.rows, db.cols)
    blank = tiles.index(0)
    h = db.value(tiles)
    path: list[str] = []
    generated = 0
    while h:
        for n, letter in moves[blank]:
            tiles[blank], tiles[n] = tiles[n], 0
            generated += 1
            value = db.value(tiles)
            if value == h - 1:
                blank, h = n, value
                path.append(letter)
                break
            tiles[n], tiles[blank] = tiles[blank], 0
        else:  # pragma: no cover - a perfect table always has a neighbour one closer
            raise RuntimeError("pattern database is not perfect: no neighbour one move closer")
    guard.iterations = 1
    guard.depth = len(path)
    return "".join(path), guard.stats(len(path), generated)


#: Expansions of one iteration past which `_ida_pdb` hands the next iterations to the batched
#: kernel: below it a depth-first iteration is cheaper than numpy's per-batch overhead.
HANDOFF_EXPANSIONS = 1000


def _ida_pdb(
    db: PatternDatabase, tiles: list[int], guard: _Guard, *, batched: bool = False
) -> EngineResult:
    """IDA* with additive digits-encoded tables, maxed with the reflection when it applies.

    With ``batched``, the first iteration to expand more than
    `HANDOFF_EXPANSIONS` nodes hands the rest of the search to the batched
    numpy kernel, which continues with the same bound and counts and returns
    the same moves and statistics this kernel would.
    """
    cells, cols = db.cells, db.cols
    goal = list(db.goal)
    tables = [*db.tables, b"\x00"]  # the last "group" holds tiles outside every group
    spare = len(db.groups)
    group_of = [spare] * cells
    weight = [0] * cells
    for g, group in enumerate(db.groups):
        for slot, t in enumerate(group):
            group_of[t], weight[t] = g, cells**slot
    reflect = db.reflect
    mirror = db.mirror
    transpose = db.transpose or tuple(range(cells))
    rgroup_of = [group_of[mirror[t]] for t in range(cells)]
    rweight = [weight[mirror[t]] for t in range(cells)]
    # Per direction, per tile: the change of the tile's group index when the blank moves that way
    # (the tile moves the other way), on the board and on its reflection.
    step: dict[int, tuple[list[int], list[int]]] = {}
    for delta in (-cols, cols, -1, 1):
        rdelta = cols * delta if abs(delta) == 1 else delta // cols  # transposition swaps axes
        step[delta] = (
            [-delta * weight[t] for t in range(cells)],
            [-rdelta * rweight[t] for t in range(cells)],
        )
    # moves[b]: (n, letter, index steps, reflected index steps, move code) per move b -> n.
    moves = [
        tuple((n, letter, *step[n - b], _LETTER_CODE[letter]) for n, letter in options)
        for b, options in enumerate(_moves_table(db.rows, cols))
    ]
    index = [0] * (spare + 1)
    rindex = [0] * (spare + 1)
    for cell, t in enumerate(tiles):
        if t:
            index[group_of[t]] += cell * weight[t]
            rindex[rgroup_of[t]] += transpose[cell] * rweight[t]
    index[spare] = rindex[spare] = 0
    values = [tables[g][index[g]] for g in range(spare + 1)]
    rvalues = [tables[g][rindex[g]] for g in range(spare + 1)] if reflect else [0] * (spare + 1)
    h0, rh0 = sum(values), sum(rvalues)
    path: list[str] = []
    expanded = generated = 0
    check_at = guard.next_check(0)
    bound = max(h0, rh0)
    inf = sys.maxsize

    prune = _pruning_table()

    def dfs(blank: int, g: int, prev: int, h: int, rh: int, seq: int) -> int:
        """Return -1 when the goal is found below, else the least f that exceeded the bound."""
        nonlocal expanded, generated, check_at
        expanded += 1
        if expanded >= check_at:
            guard.check(expanded, generated)
            check_at = guard.next_check(expanded)
        g1 = g + 1
        limit = bound - g1
        least_h = best = inf  # least pruned h, least f returned from below
        for n, letter, istep, ristep, code in moves[blank]:
            if n == prev:
                continue
            nseq = prune[seq + code]
            if nseq < 0:  # a duplicate move sequence: an equivalent path is searched instead
                continue
            generated += 1
            t = tiles[n]
            grp = group_of[t]
            i = index[grp] + istep[t]
            v = tables[grp][i]
            nh = h - values[grp] + v
            if nh > limit:
                if nh < least_h:
                    least_h = nh
                continue
            if reflect:
                rgrp = rgroup_of[t]
                ri = rindex[rgrp] + ristep[t]
                rv = tables[rgrp][ri]
                nrh = rh - rvalues[rgrp] + rv
                if nrh > limit:
                    if nrh < least_h:
                        least_h = nrh
                    continue
                old_ri = rindex[rgrp]
                old_rv = rvalues[rgrp]
                rindex[rgrp] = ri
                rvalues[rgrp] = rv
            else:
                rgrp = old_ri = old_rv = nrh = 0
            tiles[blank] = t
            tiles[n] = 0
            if nh == 0 and nrh == 0 and tiles == goal:
                path.append(letter)
                return -1
            old_i = index[grp]
            old_v = values[grp]
            index[grp] = i
            values[grp] = v
            result = dfs(n, g1, blank, nh, nrh, nseq)
            tiles[n] = t
            tiles[blank] = 0
            index[grp] = old_i
            values[grp] = old_v
            if reflect:
                rindex[rgrp] = old_ri
                rvalues[rgrp] = old_rv
            if result < 0:
                path.append(letter)
                return -1
            if result < best:
                best = result
        if least_h != inf and g1 + least_h < best:
            return g1 + least_h
        return best

    blank = tiles.index(0)
    if tiles != goal:
        while True:
            guard.iterations += 1
            before = expanded
            found = dfs(blank, 0, -1, h0, rh0, 0)
            if found < 0:
                break
            bound = found
            if batched and expanded - before > HANDOFF_EXPANSIONS:
                from slidingtiles._engine.python.batched import fits, ida_pdb_batched

                if fits(db, prune):
                    return ida_pdb_batched(
                        db, tiles, guard, prune, bound=bound, expanded=expanded,
                        generated=generated,
                    )  # fmt: skip
                batched = False
    guard.depth = len(path)
    path.reverse()
    return "".join(path), guard.stats(expanded, generated)


def _line_conflicts(
    line: list[int] | tuple[int, ...], home_line: list[int], home_pos: list[int], which: int
) -> int:
    """Tiles to remove from a line so the rest of those that belong there stand in goal order."""
    seq = [home_pos[t] for t in line if t and home_line[t] == which]
    if len(seq) < 2:
        return 0
    tails: list[int] = []
    for v in seq:
        lo, hi = 0, len(tails)
        while lo < hi:
            mid = (lo + hi) // 2
            if tails[mid] < v:
                lo = mid + 1
            else:
                hi = mid
        if lo == len(tails):
            tails.append(v)
        else:
            tails[lo] = v
    return len(seq) - len(tails)


def _ida_manhattan(
    rows: int, cols: int, goal_tiles: tuple[int, ...], tiles: list[int], guard: _Guard,
    conflicts: bool,
) -> EngineResult:  # fmt: skip
    """IDA* with Manhattan distance (plus linear conflicts), updated per move."""
    cells = rows * cols
    goal = list(goal_tiles)
    home = [0] * cells
    for cell, t in enumerate(goal):
        home[t] = cell
    home_row = [h // cols for h in home]
    home_col = [h % cols for h in home]
    # dist[t * cells + c]: taxicab distance of tile t standing on cell c (0 for the blank).
    dist = [
        0 if t == 0 else abs(c // cols - home_row[t]) + abs(c % cols - home_col[t])
        for t in range(cells) for c in range(cells)
    ]  # fmt: skip
    # moves[b]: (n, letter, sideways, line of n, line of b); lines are rows then columns.
    moves = [
        tuple(
            (n, letter, True, rows + n % cols, rows + b % cols, _LETTER_CODE[letter])
            if abs(n - b) == 1
            else (n, letter, False, n // cols, b // cols, _LETTER_CODE[letter])
            for n, letter in options
        )
        for b, options in enumerate(_moves_table(rows, cols))
    ]
    row_cache: list[dict[tuple[int, ...], int]] = [{} for _ in range(rows)]
    col_cache: list[dict[tuple[int, ...], int]] = [{} for _ in range(cols)]

    def row_conf(r: int) -> int:
        key = tuple(tiles[r * cols : (r + 1) * cols])
        cache = row_cache[r]
        value = cache.get(key)
        if value is None:
            if len(cache) > 200_000:
                cache.clear()
            value = cache[key] = _line_conflicts(key, home_row, home_col, r)
        return value

    def col_conf(c: int) -> int:
        key = tuple(tiles[c::cols])
        cache = col_cache[c]
        value = cache.get(key)
        if value is None:
            if len(cache) > 200_000:
                cache.clear()
            value = cache[key] = _line_conflicts(key, home_col, home_row, c)
        return value

    h0 = sum(dist[t * cells + c] for c, t in enumerate(tiles))
    conf = [row_conf(r) for r in range(rows)] + [col_conf(c) for c in range(cols)]
    if conflicts:
        h0 += 2 * sum(conf)
    path: list[str] = []
    expanded = generated = 0
    check_at = guard.next_check(0)
    bound = h0
    inf = sys.maxsize

    prune = _pruning_table()

    def dfs(blank: int, g: int, prev: int, h: int, seq: int) -> int:
        nonlocal expanded, generated, check_at
        expanded += 1
        if expanded >= check_at:
            guard.check(expanded, generated)
            check_at = guard.next_check(expanded)
        g1 = g + 1
        limit = bound - g1
        best = inf
        for n, letter, sideways, line_n, line_b, code in moves[blank]:
            if n == prev:
                continue
            nseq = prune[seq + code]
            if nseq < 0:  # a duplicate move sequence: an equivalent path is searched instead
                continue
            generated += 1
            t = tiles[n]
            base = t * cells
            nh = h + dist[base + blank] - dist[base + n]
            tiles[blank] = t
            tiles[n] = 0
            if conflicts:
                # The tile changed column (sideways) or row: only those two lines can change.
                if sideways:
                    x, y = col_conf(line_n - rows), col_conf(line_b - rows)
                else:
                    x, y = row_conf(line_n), row_conf(line_b)
                old_x, old_y = conf[line_n], conf[line_b]
                nh += 2 * (x + y - old_x - old_y)
            if nh > limit:
                tiles[n] = t
                tiles[blank] = 0
                if g1 + nh < best:
                    best = g1 + nh
                continue
            if conflicts:
                conf[line_n], conf[line_b] = x, y
            if nh == 0 and tiles == goal:
                path.append(letter)
                return -1
            result = dfs(n, g1, blank, nh, nseq)
            tiles[n] = t
            tiles[blank] = 0
            if conflicts:
                conf[line_n], conf[line_b] = old_x, old_y
            if result < 0:
                path.append(letter)
                return -1
            if result < best:
                best = result
        return best

    blank = tiles.index(0)
    if tiles != goal:
        while True:
            guard.iterations += 1
            found = dfs(blank, 0, -1, h0, 0)
            if found < 0:
                break
            bound = found
    guard.depth = len(path)
    path.reverse()
    return "".join(path), guard.stats(expanded, generated)


def engine_solve(
    start: Board,
    goal: Board,
    heuristic: str,
    *,
    db: PatternDatabase | None = None,
    max_nodes: int | None = None,
    time_limit: float | None = None,
    progress: Callable[[SearchStats], object] | None = None,
) -> EngineResult:
    """Return an optimal move string and statistics, by the engine's kernel for ``heuristic``.

    >>> moves, stats = engine_solve(Board("1 2 3/4 0 6/7 5 8"), Board.goal(3, 3), "manhattan")
    >>> moves, stats.iterations
    ('DR', 1)

    The board must be solvable for the goal (the caller checks parity: an
    unsolvable board would make IDA* run until a limit stops it). For
    ``"pdb"`` pass the loaded `PatternDatabase` for this shape and goal: a
    perfect table is walked (O(length) lookups), digits tables drive IDA*.
    Raises `SearchLimitExceeded` past ``max_nodes`` expansions or
    ``time_limit`` seconds; ``progress`` gets a `SearchStats` every 16,384
    expansions. Ctrl-C propagates and leaves nothing behind.
    """
    guard = _Guard(max_nodes, time_limit, progress)
    tiles = list(start.tiles)
    # One Python frame per move of the current path: make room for long paths on big boards.
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, 20_000))
    try:
        return _dispatch(start, goal, heuristic, db, tiles, guard)
    finally:
        sys.setrecursionlimit(limit)


def _dispatch(
    start: Board,
    goal: Board,
    heuristic: str,
    db: PatternDatabase | None,
    tiles: list[int],
    guard: _Guard,
) -> EngineResult:
    if heuristic == "pdb":
        if db is None or db.goal != goal.tiles or (db.rows, db.cols) != start.shape:
            raise ValueError("heuristic 'pdb' needs the pattern database of this shape and goal")
        if db.perfect:
            return _backend.kernels.walk_perfect(db, tiles, guard)
        if not _backend.kernels.supports_pdb(db):
            raise ValueError(
                f"the {_backend.IMPLEMENTATION} engine cannot search {db.encodings} tables"
            )
        return _backend.kernels.ida_pdb(db, tiles, guard)
    if heuristic in ("manhattan", "linear_conflict"):
        return _backend.kernels.ida_manhattan(
            start.rows, start.cols, goal.tiles, tiles, guard, heuristic == "linear_conflict"
        )
    raise ValueError(f"the engine has no kernel for heuristic {heuristic!r}")


# -- duplicate move sequences ------------------------------------------------------------
#
# Many move strings reach the same board as a shorter or a lexicographically smaller string
# over the same cells (the blank circling a 2x2 block half a turn one way or the other, ...).
# A path containing such a string can be replaced by one without it, of no greater length
# and still on the board, so the lexicographically least optimal path never contains one
# and IDA* may skip them all (Taylor & Korf's finite-state-machine pruning). The strings
# were learned by `learn_duplicate_sequences(10)` on an unbounded board (a test re-derives
# them); an Aho-Corasick automaton over them tells, one move at a time, when to prune.

_LETTER_CODE = {"U": 0, "D": 1, "L": 2, "R": 3}


def learn_duplicate_sequences(max_length: int) -> list[str]:
    """Return the minimal blank-move strings (up to ``max_length``) that IDA* may prune.

    >>> learn_duplicate_sequences(6)
    ['LDRULD', 'RDLURD', 'ULDRUL', 'URDLUR']

    A string is pruned when an earlier one in (length, lexicographic) order
    leaves the same board, is no longer, and uses only cells the string
    itself visits (so it is legal wherever the string is). Strings are
    enumerated depth-first in lexicographic order on an unbounded board from
    one origin, never extending a pruned one, so the result holds only
    minimal strings. Boards are compared by a 128-bit Zobrist hash of every
    moved tile's (origin, cell). O(3**max_length).
    """
    rng = random.Random(20_021)
    keys: dict[tuple[object, tuple[int, int]], int] = {}

    def zobrist(origin: object, cell: tuple[int, int]) -> int:
        value = keys.get((origin, cell))
        if value is None:
            value = keys[origin, cell] = rng.getrandbits(128)
        return value

    steps = (("D", 1, 0), ("L", 0, -1), ("R", 0, 1), ("U", -1, 0))
    opposite = {"D": "U", "U": "D", "L": "R", "R": "L", "": ""}
    seen: dict[int, list[tuple[int, frozenset[tuple[int, int]]]]] = {}
    pruned: list[str] = []
    origin_at: dict[tuple[int, int], tuple[int, int]] = {}  # cell -> where its tile started

    def visit(
        moves: str, blank: tuple[int, int], key: int, cells: frozenset[tuple[int, int]]
    ) -> None:
        n = len(moves)
        earlier = seen.setdefault(key, [])
        if any(m <= n and used <= cells for m, used in earlier):
            pruned.append(moves)
            return
        earlier.append((n, cells))
        if n == max_length:
            return
        back = opposite[moves[-1:]]
        for letter, dr, dc in steps:
            if letter == back:
                continue
            cell = (blank[0] + dr, blank[1] + dc)
            had = cell in origin_at
            origin = origin_at.pop(cell) if had else cell
            moved = key ^ zobrist(origin, cell) ^ zobrist(origin, blank)
            moved ^= zobrist("blank", blank) ^ zobrist("blank", cell)
            origin_at[blank] = origin
            visit(moves + letter, cell, moved, cells | {cell})
            del origin_at[blank]
            if had:
                origin_at[cell] = origin

    visit("", (0, 0), 0, frozenset({(0, 0)}))
    return sorted(pruned)


def _automaton(patterns: list[str]) -> list[int]:
    """Flat transitions ``next = table[state + move code]`` (states times 4), -1 = prune."""
    children: list[dict[int, int]] = [{}]
    dead = [False]
    for pattern in patterns:
        node = 0
        for letter in pattern:
            code = _LETTER_CODE[letter]
            if code not in children[node]:
                children[node][code] = len(children)
                children.append({})
                dead.append(False)
            node = children[node][code]
        dead[node] = True
    fail = [0] * len(children)
    goto = [[0] * 4 for _ in children]
    queue: deque[int] = deque()
    for code in range(4):
        child = children[0].get(code)
        if child is not None:
            goto[0][code] = child
            queue.append(child)
    while queue:
        node = queue.popleft()
        dead[node] = dead[node] or dead[fail[node]]
        for code in range(4):
            child = children[node].get(code)
            if child is None:
                goto[node][code] = goto[fail[node]][code]
            else:
                fail[child] = goto[fail[node]][code]
                goto[node][code] = child
                queue.append(child)
    return [-1 if dead[nxt] else 4 * nxt for node in range(len(children)) for nxt in goto[node]]


_PRUNING: list[list[int]] = []


def _pruning_table() -> list[int]:
    """The automaton over the shipped duplicate strings, built once (about 10 ms)."""
    if not _PRUNING:
        _PRUNING[:] = [_automaton(_DUPLICATES_10.split())]  # one atomic store: thread-safe
    return _PRUNING[0]


#: Output of ``learn_duplicate_sequences(10)``: 811 strings.
_DUPLICATES_10 = (
    "DDDDLDRULD DDDDRDLURD DDDLDRULD DDDLLDRULD DDDLULDRUL DDDRDLURD DDDRRDLURD DDDRURDLUR "
    "DDLDLDRULD DDLDRDLURD DDLDRDRULL DDLDRRDLUL DDLDRULD DDLLDRULD DDLLLDRULD DDLLULDRUL "
    "DDLLURDRDL DDLULDRRDL DDLULDRUL DDLURDDRUL DDLUULDRUL DDLUURDLUR DDRDLDLURR DDRDLDRULD "
    "DDRDLLDRUR DDRDLULURD DDRDLURD DDRDRDLURD DDRRDLURD DDRRRDLURD DDRRULDLDR DDRRURDLUR "
    "DDRULDDLUR DDRULDLDRU DDRURDLLDR DDRURDLUR DDRUULDRUL DDRUURDLUR DLDDLDRULD DLDDLURURD "
    "DLDDRDLURD DLDLDRULD DLDLDRUURD DLDLLDRULD DLDLULDRUL DLDRDLURD DLDRDRULL DLDRRDLUL "
    "DLDRRDLURD DLDRULD DLDRURDLUR DLLDLDRULD DLLDRDLURD DLLDRDRULL DLLDRRDLUL DLLDRULD DLLLDRULD "
    "DLLLLDRULD DLLLULDRUL DLLLURDRDL DLLULDRRDL DLLULDRUL DLLURDDRUL DLLURDRDL DLLUULDRUL "
    "DLLUURDLUR DLULDDLURU DLULDLDRUU DLULDRDRUL DLULDRRDL DLULDRUL DLULLDRULD DLULULDRUL "
    "DLURDDRUL DLURDLDLUR DLURDLLDRU DLURRDLURD DLURULDDLU DLURURDLUR DLUULDRUL DLUURDLDLU "
    "DLUURDLUR DLUUULDRUL DLUUURDLUR DRDDLDRULD DRDDRDLURD DRDDRULULD DRDLDLURR DRDLDRULD "
    "DRDLLDRULD DRDLLDRUR DRDLULDRUL DRDLULURD DRDLURD DRDRDLURD DRDRDLUULD DRDRRDLURD DRDRURDLUR "
    "DRRDLDLURR DRRDLDRULD DRRDLLDRUR DRRDLURD DRRDRDLURD DRRRDLURD DRRRRDLURD DRRRULDLDR "
    "DRRRURDLUR DRRULDDLUR DRRULDLDR DRRURDLLDR DRRURDLUR DRRUULDRUL DRRUURDLUR DRULDDLUR "
    "DRULDLDRU DRULDRDRUL DRULDRRDLU DRULLDRULD DRULULDRUL DRULURDDRU DRURDDRULU DRURDLDLUR "
    "DRURDLLDR DRURDLUR DRURDRDLUU DRURRDLURD DRURURDLUR DRUULDRDRU DRUULDRUL DRUURDLUR "
    "DRUUULDRUL DRUUURDLUR LDDDLDRULD LDDDRDLURD LDDLDRULD LDDLLDRULD LDDLULDRUL LDDLURRULD "
    "LDDLURURD LDDRDLURD LDDRRDLURD LDDRURDLUR LDLDLDRULD LDLDRDLURD LDLDRDRULL LDLDRRDLUL "
    "LDLDRULD LDLDRURULD LDLDRUURD LDLLDRULD LDLLLDRULD LDLLULDRUL LDLLURDRDL LDLULDRRDL "
    "LDLULDRUL LDLURDDRUL LDLURRDRUL LDLUULDRUL LDLUURDLUR LDRDDLURUL LDRDDRULUL LDRDDRUULL "
    "LDRDLDLURR LDRDLDRULD LDRDLDRUUL LDRDLLDRUR LDRDLULURD LDRDLURD LDRDRDLURD LDRDRDLUUL "
    "LDRDRRULLL LDRDRULDRU LDRDRULL LDRDRULULD LDRRDDLUUL LDRRDLUL LDRRDLURD LDRRDLUULD "
    "LDRRDRULLL LDRRRDLLUL LDRRRDLULL LDRRRDLURD LDRRRULDLL LDRRULDLDR LDRRURDLLL LDRRURDLUR "
    "LDRULD LDRULLURDD LDRULULDRD LDRURDLLDR LDRURDLUR LDRURULDLD LDRUULDRUL LDRUURDLLD "
    "LDRUURDLUR LLDDLDRULD LLDDLURURD LLDDRDLURD LLDLDRULD LLDLDRUURD LLDLLDRULD LLDLULDRUL "
    "LLDLURRRDL LLDRDLURD LLDRDRULL LLDRRDLUL LLDRRDLURD LLDRRDRULL LLDRRRDLUL LLDRULD LLDRURDLUR "
    "LLDRURDRUL LLLDLDRULD LLLDRDLURD LLLDRDRULL LLLDRRDLUL LLLDRULD LLLDRURRDL LLLLDRULD "
    "LLLLLDRULD LLLLULDRUL LLLLURDRDL LLLULDRRDL LLLULDRUL LLLURDDRUL LLLURDRDL LLLURDRRDL "
    "LLLURRDRDL LLLUULDRUL LLLUURDLUR LLULDDLURU LLULDLDRUU LLULDRDRUL LLULDRRDL LLULDRRRDL "
    "LLULDRUL LLULLDRULD LLULULDRUL LLURDDRUL LLURDLDLUR LLURDLLDRU LLURDRDDLU LLURDRDL "
    "LLURDRDRUL LLURRDDRUL LLURRDLURD LLURULDDLU LLURURDLUR LLUULDRUL LLUURDDRDL LLUURDLDLU "
    "LLUURDLUR LLUUULDRUL LLUUURDLUR LULDDLURU LULDLDRULD LULDLDRUU LULDRDLURD LULDRDRUL "
    "LULDRRDDLU LULDRRDL LULDRRDRUL LULDRUL LULLDRRRDL LULLDRULD LULLLDRULD LULLULDRUL LULLURDRDL "
    "LULULDRRDL LULULDRUL LULURDDRDL LULUULDRUL LULUURDLUR LURDDDLURU LURDDDRULU LURDDDRUUL "
    "LURDDLDRUU LURDDRDLUU LURDDRRULL LURDDRUL LURDLDLUR LURDLDRULD LURDLLDRU LURDLULURD "
    "LURDRDLURD LURDRDLUUL LURRDLURD LURRRDLURD LURRURDLUR LURULDDLU LURULDDRDL LURULDLDRU "
    "LURURDLUR LURUULDRUL LURUURDLUR LUULDDLURU LUULDDRRDL LUULDLDRUU LUULDRDRDL LUULDRRDLU "
    "LUULDRUL LUULLDRULD LUULULDRUL LUULURDDRU LUURDDDRUL LUURDDRULU LUURDLDLU LUURDLDRDL "
    "LUURDLLDRU LUURDLUR LUURDRDLUU LUURRDLURD LUURULDDLU LUURURDLUR LUUULDRDRU LUUULDRUL "
    "LUUURDLDLU LUUURDLUR LUUUULDRUL LUUUURDLUR RDDDLDRULD RDDDRDLURD RDDLDRULD RDDLLDRULD "
    "RDDLULDRUL RDDLUULURD RDDRDLURD RDDRRDLURD RDDRULLURD RDDRULULD RDDRURDLUR RDLDDLURUR "
    "RDLDDLUURR RDLDDRULUR RDLDLDRULD RDLDLDRUUR RDLDLLURRR RDLDLURDLU RDLDLURR RDLDLURURD "
    "RDLDRDLURD RDLDRDLUUR RDLDRDRULL RDLDRRDLUL RDLDRULD RDLLDDRUUR RDLLDLURRR RDLLDRULD "
    "RDLLDRUR RDLLDRUURD RDLLLDRRUR RDLLLDRULD RDLLLDRURR RDLLLURDRR RDLLULDRRR RDLLULDRUL "
    "RDLLULURDD RDLLURDRDL RDLLUULDRD RDLULDLURR RDLULDRRDL RDLULDRUL RDLULLDRUR RDLULLURDR "
    "RDLULLURRD RDLULULDRR RDLULURD RDLULUURDD RDLURD RDLURRULDD RDLURURDLD RDLUULDRDR RDLUULDRRD "
    "RDLUULDRUL RDLUURDLUR RDRDLDLURR RDRDLDRULD RDRDLLDRUR RDRDLULURD RDRDLURD RDRDLUULD "
    "RDRDRDLURD RDRRDLURD RDRRRDLURD RDRRULDLDR RDRRURDLUR RDRULDDLUR RDRULDLDRU RDRULLDLUR "
    "RDRULLLDRU RDRULLLURD RDRULLLURR RDRURDLLDR RDRURDLUR RDRUULDRUL RDRUURDLUR RRDDLDRULD "
    "RRDDRDLURD RRDDRULULD RRDLDLURR RRDLDRULD RRDLLDLURR RRDLLDRULD RRDLLDRUR RRDLLLDRUR "
    "RRDLLULURD RRDLULDLUR RRDLULDRUL RRDLULLDRU RRDLULLURD RRDLULLURR RRDLURD RRDRDLURD "
    "RRDRDLUULD RRDRRDLURD RRDRULLLDR RRDRURDLUR RRRDLDLURR RRRDLDRULD RRRDLLDRUR RRRDLULLDR "
    "RRRDLURD RRRDRDLURD RRRRDLURD RRRRRDLURD RRRRULDLDR RRRRURDLUR RRRULDDLUR RRRULDLDR "
    "RRRULDLLDR RRRULLDLDR RRRURDLLDR RRRURDLUR RRRUULDRUL RRRUURDLUR RRULDDLUR RRULDLDDRU "
    "RRULDLDLUR RRULDLDR RRULDLLDRR RRULDLLDRU RRULDLLURD RRULDRDRUL RRULDRRDLU RRULLDDLUR "
    "RRULLDLDRU RRULLDRULD RRULULDRUL RRULURDDRU RRURDDRULU RRURDLDLUR RRURDLLDR RRURDLLLDR "
    "RRURDLUR RRURDRDLUU RRURRDLURD RRURURDLUR RRUULDDLDR RRUULDRDRU RRUULDRUL RRUURDLUR "
    "RRUUULDRUL RRUUURDLUR RULDDDLURU RULDDDLUUR RULDDDRULU RULDDLDRUU RULDDLLURR RULDDLUR "
    "RULDDRDLUU RULDLDDRUU RULDLDLURR RULDLDRU RULDLLDRRU RULDLLDRUR RULDLLURDR RULDLULDRR "
    "RULDRDLURD RULDRDRUL RULDRRDLU RULLDDLURU RULLDLDRUU RULLDRULD RULLLDRULD RULLULDRUL "
    "RULULDRUL RULURDDLDR RULURDDRU RULUULDRUL RULUURDLUR RURDDRULU RURDLDLUR RURDLDRULD "
    "RURDLLDDRU RURDLLDLUR RURDLLDR RURDLLLDRR RURDLLLDRU RURDLLLURD RURDLULURD RURDLUR "
    "RURDRDLURD RURDRDLUU RURRDLLLDR RURRDLURD RURRRDLURD RURRULDLDR RURRURDLUR RURULDDLDR "
    "RURULDLDRU RURURDLLDR RURURDLUR RURUULDRUL RURUURDLUR RUULDDDLUR RUULDDLDRU RUULDDLURU "
    "RUULDLDRUU RUULDRDLDR RUULDRDRU RUULDRRDLU RUULDRUL RUULLDRULD RUULULDRUL RUULURDDRU "
    "RUURDDLLDR RUURDDRULU RUURDLDLDR RUURDLLDRU RUURDLUR RUURDRDLUU RUURRDLURD RUURULDDLU "
    "RUURURDLUR RUUULDRDRU RUUULDRUL RUUURDLDLU RUUURDLUR RUUUULDRUL RUUUURDLUR ULDDDLURUU "
    "ULDDDLUURU ULDDDRULUU ULDDLDRULD ULDDLDRUUU ULDDLLURRU ULDDLURDLU ULDDLURRUL ULDDLURU "
    "ULDDRDLURD ULDDRDLUUU ULDDRDRULL ULDDRRDLUL ULDLDDRUUU ULDLDLURRU ULDLDRULD ULDLDRURUL "
    "ULDLDRUU ULDLLDRRUU ULDLLDRULD ULDLLDRURU ULDLLURDRU ULDLULDRRU ULDLULDRUL ULDLURRDRU "
    "ULDRDDLURU ULDRDDRULU ULDRDDRUUL ULDRDLDRUU ULDRDLURD ULDRDRDLUU ULDRDRRULL ULDRDRUL "
    "ULDRRDDLUU ULDRRDLU ULDRRDRULL ULDRRRDLLU ULDRRRDLUL ULDRRRULDL ULDRRURDLL ULDRUL ULDRURDLUR "
    "ULDRURULDL ULDRUURDLL ULLDLDRULD ULLDRDLURD ULLDRDRULL ULLDRRDLUL ULLDRRDRUL ULLDRRRDLU "
    "ULLDRULD ULLDRURDRU ULLLDRULD ULLLLDRULD ULLLULDRUL ULLLURDRDL ULLULDRRDL ULLULDRUL "
    "ULLURDDRUL ULLURDRDL ULLURDRDRU ULLURRDDRU ULLUULDRUL ULLUURDLUR ULULDDLURU ULULDLDRUU "
    "ULULDRDRUL ULULDRRDL ULULDRRDRU ULULDRUL ULULLDRULD ULULULDRUL ULURDDDLUR ULURDDDRUL "
    "ULURDDDRUU ULURDDLDRU ULURDDRDLU ULURDDRRUL ULURDDRU ULURDLDLUR ULURDLLDRU ULURDRDLUR "
    "ULURDRDLUU ULURRDLURD ULURULDDLU ULURURDLUR ULUULDRUL ULUURDDDRU ULUURDLDLU ULUURDLUR "
    "ULUUULDRUL ULUUURDLUR URDDDLURUU URDDDRULUU URDDDRUULU URDDLDLURR URDDLDRULD URDDLDRUUU "
    "URDDLLDRUR URDDRDLURD URDDRDLUUU URDDRRULLU URDDRULDRU URDDRULLUR URDDRULU URDLDDLURU "
    "URDLDDLUUR URDLDDRULU URDLDLDRUU URDLDLLURR URDLDLUR URDLDRDLUU URDLDRULD URDLLDDRUU "
    "URDLLDLURR URDLLDRU URDLLLDRRU URDLLLDRUR URDLLLURDR URDLLULDRR URDLULDRUL URDLULURD URDLUR "
    "URDLUULDRR URDRDDLUUU URDRDLULUR URDRDLURD URDRDLUU URDRDRULLU URDRRDLLUU URDRRDLULU "
    "URDRRDLURD URDRRULDLU URDRULLDLU URDRURDLLU URDRURDLUR URRDLDLURR URRDLDRULD URRDLLDLUR "
    "URRDLLDRUR URRDLLLDRU URRDLULDLU URRDLURD URRDRDLURD URRRDLURD URRRRDLURD URRRULDLDR "
    "URRRURDLUR URRULDDLUR URRULDLDLU URRULDLDR URRULLDDLU URRURDLLDR URRURDLUR URRUULDRUL "
    "URRUURDLUR URULDDDLUR URULDDDLUU URULDDDRUL URULDDLDRU URULDDLLUR URULDDLU URULDDRDLU "
    "URULDLDRU URULDRDRUL URULDRRDLU URULLDRULD URULULDRUL URULURDDRU URURDDRULU URURDLDLUR "
    "URURDLLDLU URURDLLDR URURDLUR URURDRDLUU URURRDLURD URURURDLUR URUULDDDLU URUULDRDRU "
    "URUULDRUL URUURDLUR URUUULDRUL URUUURDLUR UULDDDLURU UULDDLDRUU UULDDLURU UULDDRDRUL "
    "UULDDRRDLU UULDLDRULD UULDLDRUU UULDRDDLUR UULDRDDRUL UULDRDDRUU UULDRDLDRU UULDRDLURD "
    "UULDRDRDLU UULDRDRRUL UULDRDRU UULDRRDLU UULDRUL UULLDRRDRU UULLDRULD UULLLDRULD UULLULDRUL "
    "UULLURDRDL UULULDRRDL UULULDRUL UULURDDDLU UULURDDDRU UULURDDRU UULUULDRUL UULUURDLUR "
    "UURDDDRULU UURDDLDLUR UURDDLLDRU UURDDRDLUU UURDDRULU UURDLDDLUR UURDLDDLUU UURDLDDRUL "
    "UURDLDLDRU UURDLDLLUR UURDLDLU UURDLDRDLU UURDLDRULD UURDLLDRU UURDLULURD UURDLUR UURDRDLURD "
    "UURDRDLUU UURRDLLDLU UURRDLURD UURRRDLURD UURRULDLDR UURRURDLUR UURULDDDLU UURULDDDRU "
    "UURULDDLU UURULDLDRU UURURDLLDR UURURDLUR UURUULDRUL UURUURDLUR UUULDDLURU UUULDDRDRU "
    "UUULDLDRUU UUULDRDDLU UUULDRDDRU UUULDRDRU UUULDRRDLU UUULDRUL UUULLDRULD UUULULDRUL "
    "UUULURDDRU UUURDDLDLU UUURDDRULU UUURDLDDLU UUURDLDDRU UUURDLDLU UUURDLLDRU UUURDLUR "
    "UUURDRDLUU UUURRDLURD UUURULDDLU UUURURDLUR UUUULDRDRU UUUULDRUL UUUURDLDLU UUUURDLUR "
    "UUUUULDRUL UUUUURDLUR "
)
