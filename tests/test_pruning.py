"""The board-aware duplicate-sequence automata: they never remove every optimal path.

For a start cell, a breadth-first search that follows only the moves the
kernels follow (no undoing the last move, no move the automaton prunes)
must reach every board at its true distance (a plain breadth-first search
over boards): then every board keeps at least one optimal path through the
automaton, whatever the goal. Exhaustive on 2x4 and 3x3 (every start cell,
every board), sampled on 4x4 (three start cells, the boards within a depth).
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from slidingtiles import Board, pdb, solve
from slidingtiles._board.geometry import blank_moves
from slidingtiles._board.symmetry import symmetries
from slidingtiles._engine import pruning
from slidingtiles._engine.pruning import (
    board_automaton,
    learn_board_sequences,
    pruning_table,
    shipped_depth,
    start_state,
)


def layers(rows: int, cols: int, start: int, table: list[int] | None, depth: int) -> list[int]:
    """Boards first reached at each distance from the start cell, through the automaton or not.

    Only boards at their least distance are carried to the next layer: an
    optimal path's prefixes are optimal paths too.
    """
    moves = blank_moves(rows, cols)
    origin = bytes(range(rows * cols))
    seen = {origin}
    # (board, blank cell, previous cell, automaton state)
    layer = {(origin, start, -1, start_state(start) if table is not None else 0)}
    counts = [1]
    for _ in range(depth):
        later = set()
        for board, blank, prev, state in layer:
            for n, code in moves[blank]:
                if n == prev:
                    continue
                nstate = 0
                if table is not None:
                    nstate = table[state + code]
                    if nstate < 0:
                        continue
                swapped = bytearray(board)
                swapped[blank], swapped[n] = board[n], board[blank]
                key = bytes(swapped)
                if key not in seen:  # else reached sooner: no optimal path passes here
                    later.add((key, n, blank, nstate))
        if not later:
            break
        fresh = {b for b, *_ in later}
        seen |= fresh
        counts.append(len(fresh))
        layer = later
    return counts


def _check_every_board(rows: int, cols: int, starts: list[int], depth: int) -> None:
    table = pruning_table(rows, cols)
    for start in starts:
        assert layers(rows, cols, start, table, depth) == layers(rows, cols, start, None, depth)


def test_2x4_every_start_cell_reaches_every_board_at_its_distance() -> None:
    assert shipped_depth(2, 4) >= 12
    _check_every_board(2, 4, list(range(8)), 40)


@pytest.mark.slow
def test_3x3_every_start_cell_reaches_every_board_at_its_distance() -> None:
    assert shipped_depth(3, 3) >= 12
    _check_every_board(3, 3, list(range(9)), 40)


def test_3x3_corner_reaches_every_board_at_its_distance() -> None:
    _check_every_board(3, 3, [0], 40)


@pytest.mark.parametrize("depth", [12, pytest.param(15, marks=pytest.mark.slow)])
def test_4x4_sampled_start_cells_reach_every_board_within_the_depth(depth: int) -> None:
    assert shipped_depth(4, 4) >= 12
    _check_every_board(4, 4, [0, 1, 5], depth)


def test_the_automaton_prunes_more_than_the_board_independent_strings() -> None:
    """Near an edge more strings are duplicates: the 4x4 table prunes more of the paths."""

    def survivors(table: list[int], depth: int) -> int:
        total = 0
        stack = [(5, -1, start_state(5), 0)]
        moves = blank_moves(4, 4)
        while stack:
            blank, prev, state, d = stack.pop()
            total += 1
            if d == depth:
                continue
            for n, code in moves[blank]:
                if n != prev and table[state + code] >= 0:
                    stack.append((n, blank, table[state + code], d + 1))
        return total

    shipped = survivors(pruning_table(4, 4), 12)
    generic = pruning.generic_table(4, 4)
    assert shipped < survivors(generic, 12)


def test_the_shipped_automaton_is_rederived_at_a_small_depth() -> None:
    """Every walk the learner's 10-move automaton prunes, the shipped deeper 3x3 one prunes too."""
    small = board_automaton(3, 3, learn_board_sequences(3, 3, 10))
    shipped = pruning_table(3, 3)
    rng = random.Random(5)
    moves = blank_moves(3, 3)
    for _ in range(300):
        blank = rng.randrange(9)
        a, b, prev = start_state(blank), start_state(blank), -1
        for _ in range(10):
            options = [(n, c) for n, c in moves[blank] if n != prev]
            n, code = rng.choice(options)
            a, b = small[a + code], shipped[b + code]
            if b < 0:  # the deeper table prunes no later than the shallower one
                break
            assert a >= 0
            prev, blank = blank, n


def test_learned_strings_are_minimal_and_legal() -> None:
    strings = learn_board_sequences(3, 4, 10)
    listed = set(strings)
    step = {"U": -4, "D": 4, "L": -1, "R": 1}
    for start, moved in strings:
        cell = start
        for i, letter in enumerate(moved):
            row, col = divmod(cell, 4)
            assert (letter, row, col) not in {("U", 0, col), ("D", 2, col), ("L", row, 0)}
            assert (letter, col) != ("R", 3)
            cell += step[letter]
            assert (cell, moved[i + 1 :]) not in listed or i + 1 == len(moved)


def _instances(name: str) -> list[tuple[int, tuple[int, ...]]]:
    data = Path(__file__).resolve().parent.parent / "benchmarks" / "data" / name
    rows = []
    for line in data.read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            values = [int(x) for x in line.split()]
            rows.append((values[0], tuple(values[1:])))
    return rows


@pytest.mark.slow
def test_korf_100_optimal_lengths_are_unchanged() -> None:
    """Korf's 100 15-puzzles: every optimal length, through the 4x4 automaton (any engine)."""
    goal = Board.goal(4, 4, blank="first")
    for length, tiles in _instances("korf100.txt"):
        board = Board(list(tiles), shape=(4, 4))
        solution = solve(board, goal, heuristic="pdb", algorithm="idastar")
        assert len(solution.moves) == length
        assert board.apply(solution.moves) == goal


@pytest.mark.slow
@pytest.mark.parametrize("number", [38, 40, 25, 32, 44])
def test_five_easiest_24_puzzles_keep_their_optimal_lengths(number: int) -> None:
    """Korf & Felner's five easiest, numba, the cached 5x5 tables (read only; else skipped)."""
    import platformdirs

    from slidingtiles._engine import dispatch

    if dispatch.IMPLEMENTATION != "numba":
        pytest.skip("numba is not in use: hours in pure Python")
    goal = Board.goal(5, 5, blank="first")
    try:
        db = pdb.load(
            5,
            5,
            goal,
            "6-6-6-6",
            build_missing=False,
            cache_dir=platformdirs.user_cache_dir("slidingtiles"),
        )
    except pdb.PatternDatabaseError:
        pytest.skip("the 5x5 tables are not cached (slidingtiles pdb build 5)")
    length, tiles = _instances("korf50_24.txt")[number - 1]
    board = Board(list(tiles), shape=(5, 5))
    moves, _ = dispatch.engine_solve(board, goal, "pdb", db=db)
    assert len(moves) == length
    assert board.apply(moves) == goal


@pytest.mark.parametrize("order", [(1, 0, 3, 2), (2, 3, 0, 1), (0, 1, 3, 2)])
def test_a_move_order_prunes_what_the_callers_search_prunes(order: tuple[int, ...]) -> None:
    """Under a frame, code k is the caller's direction k: the caller's automaton, carried over.

    A walk on the caller's board (its own automaton, from its blank) and the same walk on the
    board's image (the ordered table, from the blank's image) prune the same moves in the same
    states; so the framed search keeps the caller's first optimal path. Reading the image's
    own automaton by the real direction would prune the strings that are not least in the
    image's letter order instead (the framed IDA* then returned other optimal strings).
    """
    symmetry = next(s for s in symmetries(4, 4) if s.order == order)
    base, ordered = pruning_table(4, 4), pruning_table(4, 4, order)
    assert ordered is pruning_table(4, 4, list(order))  # made once per order
    rng = random.Random(3)
    for _ in range(200):
        blank = rng.randrange(16)
        state, ordered_state = start_state(blank), start_state(symmetry.cells[blank])
        for _ in range(20):
            options = blank_moves(4, 4)[blank]
            assert blank_moves(4, 4, order)[symmetry.cells[blank]] == tuple(
                (symmetry.cells[m], c) for m, c in options
            )
            n, code = rng.choice(options)
            state, ordered_state = base[state + code], ordered[ordered_state + code]
            assert state == ordered_state  # no move leads back to a root: the same states
            if state < 0:
                break
            blank = n
    # On 3x3 seen turned (rot180), every walk of 8 moves: the ordered table prunes the caller's
    # walks, and the image's own automaton read by the real direction would prune others
    # (from the centre: 'LDRURULD' where the caller prunes 'DLURURDL', and three more).
    rot180 = (1, 0, 3, 2)
    image = list(next(s for s in symmetries(3, 3) if s.order == rot180).cells)
    base, ordered = pruning_table(3, 3), pruning_table(3, 3, rot180)
    real = [base[s + k] for s in range(0, len(base), 4) for k in rot180]
    callers = _pruned(base, 3, 3, (0, 1, 2, 3), list(range(9)), 8)
    assert _pruned(ordered, 3, 3, rot180, image, 8) == callers
    assert _pruned(real, 3, 3, rot180, image, 8) != callers


def _pruned(
    table: list[int],
    rows: int,
    cols: int,
    order: tuple[int, ...],
    starts: list[int],
    depth: int,
) -> set[tuple[int, str]]:
    """The caller's (start cell, letters) of the walks a table prunes, from ``starts[cell]``."""
    found: set[tuple[int, str]] = set()
    layer = [(cell, starts[cell], -1, start_state(starts[cell]), "") for cell in range(len(starts))]
    for _ in range(depth):
        later = []
        for cell, blank, prev, state, letters in layer:
            for n, code in blank_moves(rows, cols, order)[blank]:
                if n == prev:
                    continue
                nxt = table[state + code]
                if nxt < 0:
                    found.add((cell, letters + "UDLR"[code]))
                else:
                    later.append((cell, n, blank, nxt, letters + "UDLR"[code]))
        layer = later
    return found
