"""Batched IDA* over additive pattern databases: the pure-Python engine's fast path, in numpy.

A depth-first IDA* in CPython pays about a microsecond of interpreter time per
node. This kernel searches the very same tree, but a whole batch of nodes of
one depth at a time, each step one numpy operation over the batch: find the
legal moves, look up the moved tile's group in the table (and the reflected
board's), keep the children within the bound. Batches larger than `CHUNK`
nodes are split, and the pieces are searched depth-first, left to right, in
the order the depth-first kernel visits their nodes. Hence:

* every iteration but the last expands exactly the nodes the depth-first
  kernel expands, and finds the same next bound;
* in the last one the first goal found is the depth-first kernel's first goal
  (children are kept in (parent, move) order, and a goal lies only at the
  bound's depth), so the move string is the same;
* the batches on the path to that goal were expanded whole, past the point
  where a depth-first search stops; the counts report what the depth-first
  search would have done (batched minus the nodes right of the path), so
  `SearchStats` equal the other kernels'.

Only limits and progress see batches: they are checked after each batch, so a
``max_nodes`` stop overshoots by at most `CHUNK` expansions.
"""

from __future__ import annotations

import sys
import weakref

import numpy as np
import numpy.typing as npt

from slidingtiles._board.geometry import neighbour_table
from slidingtiles._engine.pruning import start_state
from slidingtiles._engine.tables import IDENTITY_ORDER, EngineResult, Order, PatternTables
from slidingtiles.search import Guard

__all__ = ["CHUNK", "continue_in_batches", "fits", "ida_pdb_batched"]

#: Largest batch expanded at once: big enough to amortise numpy's per-call cost, small enough
#: that the whole batch on the path to the goal (expanded in vain past it) stays cheap.
CHUNK = 1 << 13
_CODES = np.arange(4, dtype=np.int32)
_LETTERS = "UDLR"

I64 = npt.NDArray[np.int64]
I32 = npt.NDArray[np.int32]


def fits(db: PatternTables, prune: list[int]) -> bool:
    """Whether a node's row of int32s can hold this board's keys and table positions.

    >>> from slidingtiles._engine.pruning import pruning_table
    >>> from slidingtiles.pdb import PatternDatabase
    >>> fits(PatternDatabase.build(2, 3, groups=[(1, 2), (3, 4, 5)]), pruning_table(2, 3))
    True

    True up to boards of a few hundred cells; the depth-first kernel searches
    larger ones.
    """
    cells = db.cells
    largest_key = (len(prune) // 4 * cells) << _cell_bits(cells)
    return largest_key < 1 << 31 and sum(len(t) for t in db.tables) < 1 << 31


def _cell_bits(cells: int) -> int:
    """Bits that hold a cell number: a move entry packs the child's key above them."""
    return max(1, (cells - 1).bit_length())


class _Batch:
    """Nodes of one depth: one row of ``state`` each, and where each came from."""

    __slots__ = ("candidates", "code", "depth", "parent", "slot", "state", "up")

    def __init__(
        self, depth: int, up: _Batch | None, state: I32, code: I64, parent: I64, slot: I64
    ) -> None:
        self.depth = depth
        self.up = up  # the batch whose expansion made these nodes
        self.state = state  # (n, width) int32, columns as laid out by `_Layout`
        self.code = code  # the move into each node
        self.parent = parent  # each node's parent's row in `up`
        self.slot = slot  # each node's position among the children `up` generated
        self.candidates = 0  # children generated when this batch is expanded

    def piece(self, start: int, stop: int) -> _Batch:
        """Rows start..stop-1 (views, not copies)."""
        return _Batch(
            self.depth,
            self.up,
            self.state[start:stop],
            self.code[start:stop],
            self.parent[start:stop],
            self.slot[start:stop],
        )


class _Layout:
    """The database and the move rules as flat arrays, and the columns of a node's row.

    A row holds: the automaton-and-blank key, the blank's cell, h and the
    reflected h; each group's table position (plus one zero "group" for tiles
    outside every group), the same for the reflection, the values at those
    positions in the same order; then the board, one byte per cell.
    """

    def __init__(self, db: PatternTables, prune: list[int], order: Order) -> None:
        cells, cols = db.cells, db.cols
        self.order = order
        self.cells = cells
        spare = len(db.groups)
        buffer, offsets = db.contiguous()  # no copy of the tables: the memory is the database's
        self.table = np.frombuffer(buffer, dtype=np.uint8)
        self.offset = np.array(offsets, dtype=np.int64)  # the spare group's: the zero entry
        groups = spare + 1
        self.KEY, self.BLANK, self.H, self.RH = 0, 1, 2, 3
        self.IDX = 4
        self.RIDX = self.IDX + groups
        self.VAL_AFTER_IDX = 2 * groups  # a group's value column, past its index column
        self.TILES = self.IDX + 4 * groups
        self.width = self.TILES + -(-cells // 4)
        self._starts = np.zeros(0, dtype=np.int64)
        group_of = np.full(cells, spare, dtype=np.int64)
        weight = np.zeros(cells, dtype=np.int64)
        for g, group in enumerate(db.groups):
            for slot, t in enumerate(group):
                group_of[t], weight[t] = g, cells**slot
        mirror = np.array(db.mirror, dtype=np.int64)
        self.reflect = bool(db.reflect)
        self.transpose = np.array(db.transpose or range(cells), dtype=np.int64)
        self.group_of, self.weight = group_of, weight
        self.rgroup_of, self.rweight = group_of[mirror], weight[mirror]
        # The row columns of each tile's group index (its value column is VAL_AFTER_IDX on).
        self.index_col = self.IDX + group_of
        self.rindex_col = self.RIDX + self.rgroup_of
        # step[code * cells + t]: the change of t's group index when the blank moves by `code`
        # (the tile the other way), on the board and on its reflection (axes swapped).
        # Codes are the caller's directions: code k moves the blank towards order[k] here.
        deltas = tuple((-cols, cols, -1, 1)[o] for o in order)
        rdeltas = tuple((-1, 1, -cols, cols)[o] for o in order)
        # int64 steps make int64 table positions, which numpy gathers faster than int32 ones.
        self.step = np.concatenate([-d * weight for d in deltas])
        self.rstep = np.concatenate([-d * self.rweight for d in rdeltas])
        self.goal = np.array(db.goal, dtype=np.uint8)
        self.prune = prune
        self._moves(db.rows, cols, prune)

    def _moves(self, rows: int, cols: int, prune: list[int]) -> None:
        """``moves[key, code]``: the child's key and cell, packed; -1 for no move.

        A key is ``automaton state * cells + blank``, a row of the (keys, 4) table. No move: off the
        board, undoing the last move, or completing a duplicate sequence (the
        automaton's state tells the last move, so one lookup decides all three).
        """
        cells = self.cells
        nxt = np.array(prune, dtype=np.int64).reshape(-1, 4)  # 4 * next state, -1 to prune
        back = np.full(len(nxt), -1, dtype=np.int64)  # the move undoing the one into each state
        entered, code_in = np.nonzero(nxt >= 0)
        back[nxt[entered, code_in] // 4] = code_in ^ 1
        back[:cells] = -1  # the start states (one per blank cell): no move yet
        # to[b, code]: next cell or -1
        to = np.array(neighbour_table(rows, cols), dtype=np.int64)[:, list(self.order)]
        self.shift = _cell_bits(cells)
        state_next = nxt[:, None, :]  # (states, 1, 4) against cells (1, cells, 4)
        legal = (state_next >= 0) & (to[None] >= 0) & (_CODES[None, None, :] != back[:, None, None])
        packed = (state_next // 4 * cells + to[None]) << self.shift | to[None]
        self.moves = np.where(legal, packed, -1).reshape(-1, 4).astype(np.int32)

    def row_starts(self, size: int) -> I64:
        """0, width, 2 * width, ...: the first cell of each of ``size`` rows, flattened."""
        if len(self._starts) < size:
            self._starts = np.arange(0, max(size, 2 * CHUNK) * 4 * self.width, self.width)
        return self._starts[:size]

    def root(self, tiles: list[int]) -> _Batch:
        """The one-node batch of the start board."""
        board = np.array(tiles, dtype=np.int64)
        index = self.offset.copy()
        rindex = self.offset.copy()
        np.add.at(index, self.group_of[board], np.arange(len(tiles)) * self.weight[board])
        np.add.at(rindex, self.rgroup_of[board], self.transpose * self.rweight[board])
        index[-1] = rindex[-1] = self.offset[-1]  # the blank and ungrouped tiles weigh nothing
        values = self.table[index]
        rvalues = self.table[rindex] if self.reflect else np.zeros_like(values)
        row = np.zeros(self.width, dtype=np.int32)
        blank = tiles.index(0)
        row[self.KEY] = start_state(blank) // 4 * self.cells + blank
        row[self.BLANK] = blank
        row[self.H], row[self.RH] = values.sum(), rvalues.sum()
        groups = len(index)
        value_at = self.VAL_AFTER_IDX
        row[self.IDX : self.IDX + groups] = index
        row[self.IDX + value_at : self.IDX + value_at + groups] = values
        row[self.RIDX : self.RIDX + groups] = rindex
        row[self.RIDX + value_at : self.RIDX + value_at + groups] = rvalues
        row.view(np.uint8)[4 * self.TILES : 4 * self.TILES + self.cells] = board
        zero = np.zeros(1, dtype=np.int64)
        return _Batch(0, None, row[None, :], np.array([-1]), zero, zero)


#: One layout per loaded database (its move table and column maps), freed with the database.
_LAYOUTS: weakref.WeakKeyDictionary[PatternTables, _Layout] = weakref.WeakKeyDictionary()


class _Found(Exception):
    def __init__(self, batch: _Batch, parent: int, slot: int, code: int) -> None:
        self.batch, self.parent, self.slot, self.code = batch, parent, slot, code


def _expand(lay: _Layout, batch: _Batch, bound: int) -> tuple[_Batch | None, int]:
    """Generate a batch's children; return those within the bound and the least f beyond it.

    Raises `_Found` at the first goal child in (parent, move) order.
    """
    state = batch.state
    width = lay.width
    g1 = batch.depth + 1
    limit = bound - g1
    options = lay.moves.take(state[:, lay.KEY], axis=0)  # take: far faster than [] on rows
    flat = np.flatnonzero(options >= 0)  # in (parent, move) order: the depth-first order
    batch.candidates = len(flat)
    option = options.ravel()[flat]
    parent = flat >> 2
    to = option & ((1 << lay.shift) - 1)
    rowat = parent * width
    t = state.view(np.uint8).ravel()[rowat * 4 + (4 * lay.TILES) + to]
    code = flat & 3
    move_t = code * lay.cells + t
    cells_flat = state.ravel()
    icol = lay.index_col[t]
    i = cells_flat[rowat + icol] + lay.step[move_t]
    v = lay.table[i]
    nh = state[:, lay.H][parent] - cells_flat[rowat + (icol + lay.VAL_AFTER_IDX)] + v
    if lay.reflect:
        ricol = lay.rindex_col[t]
        ri = cells_flat[rowat + ricol] + lay.rstep[move_t]
        rv = lay.table[ri]
        nrh = state[:, lay.RH][parent] - cells_flat[rowat + (ricol + lay.VAL_AFTER_IDX)] + rv
        # As the depth-first kernel: the board's own value when it prunes, else the reflection's.
        f = np.where(nh > limit, nh, nrh)
    else:
        nrh = f = nh
    keep = f <= limit
    pruned = f.compress(~keep)  # compress: far faster than a boolean mask
    least = g1 + int(pruned.min()) if len(pruned) else sys.maxsize
    kept = np.flatnonzero(keep)
    size = len(kept)
    if size == 0:
        return None, least
    parents = parent[kept]
    child = state.take(parents, axis=0)
    at = lay.row_starts(size)
    tiles = child.view(np.uint8).ravel()
    to_k = to[kept]
    board_at = at * 4 + 4 * lay.TILES
    tiles[board_at + child[:, lay.BLANK]] = t[kept]
    tiles[board_at + to_k] = 0
    nh_k, nrh_k = nh[kept], nrh[kept]
    if not nh_k.all():
        for k in np.flatnonzero((nh_k == 0) & (nrh_k == 0)):
            # h = 0 short of the goal happens only with tiles outside every group.
            if np.array_equal(tiles[k * width * 4 + 4 * lay.TILES :][: lay.cells], lay.goal):
                raise _Found(batch, int(parents[k]), int(kept[k]), int(code[kept[k]]))
    child[:, lay.KEY] = option[kept] >> lay.shift
    child[:, lay.BLANK] = to_k
    child[:, lay.H] = nh_k
    cflat = child.ravel()
    where = at + icol[kept]
    cflat[where] = i[kept]
    cflat[where + lay.VAL_AFTER_IDX] = v[kept]
    if lay.reflect:
        child[:, lay.RH] = nrh_k
        where = at + ricol[kept]
        cflat[where] = ri[kept]
        cflat[where + lay.VAL_AFTER_IDX] = rv[kept]
    return _Batch(g1, batch, child, code[kept], parents, kept), least


def _unwind(found: _Found) -> tuple[str, int, int]:
    """The path to the goal, and the expansions and generations right of it (not depth-first's).

    A depth-first search stops at the goal: of each batch on the path it has
    expanded the nodes up to the path's node and, of those, generated the
    children up to the path's child.
    """
    codes = [found.code]
    batch: _Batch | None = found.batch
    node, slot = found.parent, found.slot
    extra_expanded = extra_generated = 0
    while batch is not None:
        extra_expanded += len(batch.code) - 1 - node
        extra_generated += batch.candidates - 1 - slot
        if batch.up is not None:
            codes.append(int(batch.code[node]))
        node, slot = int(batch.parent[node]), int(batch.slot[node])
        batch = batch.up
    return "".join(_LETTERS[c] for c in reversed(codes)), extra_expanded, extra_generated


def ida_pdb_batched(
    db: PatternTables,
    tiles: list[int],
    guard: Guard,
    prune: list[int],
    *,
    bound: int | None = None,
    expanded: int = 0,
    generated: int = 0,
    order: Order = IDENTITY_ORDER,
) -> EngineResult:
    """IDA* with additive digits tables maxed with the reflection, a batch of nodes per step.

    Same moves and statistics as the depth-first kernel (`slidingtiles._engine.python.pdb`)
    with the same duplicate-sequence automaton ``prune``; limits and progress
    are checked after each batch of up to `CHUNK` nodes. ``bound``,
    ``expanded`` and ``generated`` continue a search the depth-first kernel
    began (its next bound and counts so far).
    """
    lay = _LAYOUTS.get(db)
    if lay is None or lay.prune is not prune or lay.order != order:
        lay = _LAYOUTS[db] = _Layout(db, prune, order)
    root = lay.root(tiles)
    if tiles == list(db.goal):
        guard.depth = 0
        return "", guard.snapshot(0, 0)
    if bound is None:
        bound = int(max(root.state[0, lay.H], root.state[0, lay.RH]))
    check_at = guard.first_pause()
    while True:
        guard.iterations += 1
        stack = [root]
        least = sys.maxsize
        try:
            while stack:
                batch = stack.pop()
                expanded += len(batch.code)
                child, beyond = _expand(lay, batch, bound)
                generated += batch.candidates
                least = min(least, beyond)
                if expanded >= check_at:
                    check_at = guard.pause(expanded, generated)
                if child is not None:
                    size = len(child.code)
                    for start in range((size - 1) // CHUNK * CHUNK, -1, -CHUNK):
                        stack.append(child.piece(start, min(start + CHUNK, size)))
        except _Found as found:
            path, extra_expanded, extra_generated = _unwind(found)
            generated += found.batch.candidates
            guard.depth = len(path)
            return path, guard.snapshot(expanded - extra_expanded, generated - extra_generated)
        bound = least


def continue_in_batches(
    db: PatternTables,
    tiles: list[int],
    guard: Guard,
    prune: list[int],
    bound: int,
    expanded: int,
    generated: int,
    order: Order = IDENTITY_ORDER,
) -> EngineResult | None:
    """Continue a depth-first search in batches (a `python.pdb.Handoff`); None if it cannot.

    >>> from slidingtiles._engine.pruning import pruning_table
    >>> from slidingtiles.pdb import PatternDatabase
    >>> from slidingtiles.search import Guard
    >>> guard = Guard("idastar", max_nodes=None, time_limit=None, max_memory=None,
    ...               progress=None, progress_every=1, state_bytes=0)
    >>> db = PatternDatabase.build(2, 3, (0, 1, 2, 3, 4, 5), groups=[(1, 2), (3, 4, 5)])
    >>> continue_in_batches(db, [1, 0, 2, 3, 4, 5], guard, pruning_table(2, 3), 1, 0, 0)[0]
    'L'

    None when a node's row of int32s cannot hold this board (`fits`).
    """
    if not fits(db, prune):
        return None
    return ida_pdb_batched(
        db,
        tiles,
        guard,
        prune,
        bound=bound,
        expanded=expanded,
        generated=generated,
        order=order,
    )
