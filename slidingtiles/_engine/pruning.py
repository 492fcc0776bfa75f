"""Duplicate move sequences: the strings IDA* may skip, and the automata that spot them.

>>> table = pruning_table(5, 5)
>>> start = start_state(12)  # the blank in the centre
>>> table[start + LETTER_CODE["U"]] >= 0  # one move: never a duplicate
True

Many move strings reach the same board as a shorter or a lexicographically
smaller string from the same blank cell (the blank circling a 2x2 block half
a turn one way or the other, ...). A path containing such a string can be
replaced by one without it, of no greater length and still on the board, so
the lexicographically least optimal path never contains one and IDA* may
skip them all (Taylor & Korf's finite-state-machine pruning). Near an edge or
a corner more strings are duplicates than in the open, since the blank has
fewer ways round; so the strings are learned per board shape and per blank
cell (`learn_board_sequences`, Clausecker's per-board automata in spirit),
and an Aho-Corasick automaton over them, whose state includes the blank's
cell, tells one move at a time when to prune. The automata of the common
shapes are shipped as data (``_engine/data``, written by
``benchmarks/pruning_automata.py``); other shapes get the board-independent
strings of `learn_duplicate_sequences(10)` (valid on every board). Both
engine implementations read the same table, so they expand the same nodes.

Layout: ``next = table[state + move code]``, states times 4, -1 = prune; the
search from a board with the blank on cell ``b`` starts in `start_state(b)`.
"""

from __future__ import annotations

import ast
import io
import lzma
import random
import sys
import threading
from array import array
from collections import deque
from pathlib import Path

from slidingtiles._board.geometry import LETTERS, blank_moves
from slidingtiles._board.symmetry import symmetries

__all__ = [
    "DATA_DIR",
    "LETTER_CODE",
    "board_automaton",
    "data_name",
    "encode_table",
    "generic_table",
    "learn_board_sequences",
    "learn_duplicate_sequences",
    "pruning_table",
    "shipped_depth",
    "start_state",
]

#: The direction codes of the automaton: the blank's move, in `geometry.LETTERS` order.
LETTER_CODE = {"U": 0, "D": 1, "L": 2, "R": 3}


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
            code = LETTER_CODE[letter]
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


def start_state(blank: int) -> int:
    """The automaton state of a search's root with the blank on cell ``blank`` (any table).

    >>> start_state(3)
    12
    """
    return 4 * blank


def learn_board_sequences(rows: int, cols: int, max_length: int) -> list[tuple[int, str]]:
    """Return the minimal duplicate strings (up to ``max_length``) of a board, per blank cell.

    >>> learn_board_sequences(2, 2, 4)  # the blank cannot circle twice round a 2x2 board
    []
    >>> learn_board_sequences(2, 3, 6)[:2]
    [(0, 'RDLURD'), (1, 'LDRULD')]

    ``(b, s)``: the blank moves ``s`` from cell ``b`` reach a board that a
    string from ``b`` earlier in (length, lexicographic) order reaches too,
    and no proper prefix or suffix of ``s`` is such a string itself (a
    suffix from the cell where it starts). Strings are enumerated breadth
    first from each cell in that order, so the first string to reach a
    board is its least one; a string that undoes the previous move is never
    enumerated nor listed (every kernel prunes those already). Boards are
    compared exactly (the cell each tile came from). Time and memory grow
    with the boards within ``max_length`` moves of a cell (5x5, 14 moves:
    8.3 million boards over the 25 cells, about 25 s).
    """
    cells = rows * cols
    moves = [sorted(options, key=lambda m: m[1]) for options in blank_moves(rows, cols)]
    found: list[tuple[int, str]] = []
    for start in range(cells):
        origin = bytes(range(cells))
        seen = {origin}
        frontier: list[tuple[bytes, int, int, str]] = [(origin, start, -1, "")]
        for _ in range(max_length):
            later: list[tuple[bytes, int, int, str]] = []
            for board, blank, prev, moved in frontier:
                for n, code in moves[blank]:
                    if n == prev:
                        continue
                    swapped = bytearray(board)
                    swapped[blank], swapped[n] = board[n], board[blank]
                    key = bytes(swapped)
                    if key in seen:
                        found.append((start, moved + LETTERS[code]))
                        continue
                    seen.add(key)
                    later.append((key, n, blank, moved + LETTERS[code]))
            frontier = later
    # A listed string whose suffix (from its own cell) is listed too is implied by that one.
    step = {"U": -cols, "D": cols, "L": -1, "R": 1}
    listed = set(found)
    minimal = []
    for start, moved in found:
        cell = start
        for i in range(1, len(moved)):
            cell += step[moved[i - 1]]
            if (cell, moved[i:]) in listed:
                break
        else:
            minimal.append((start, moved))
    return sorted(minimal)


def board_automaton(rows: int, cols: int, strings: list[tuple[int, str]]) -> list[int]:
    """Return the flat automaton over a board's duplicate strings (layout: the module's).

    >>> table = board_automaton(2, 3, [(0, "DRRULL")])
    >>> state = start_state(0)
    >>> for letter in "DRRUL":
    ...     state = table[state + LETTER_CODE[letter]]
    >>> state >= 0, table[state + LETTER_CODE["L"]]
    (True, -1)

    Aho-Corasick over (cell, letter) symbols: states ``0 .. cells - 1`` are
    the roots, one per blank cell, and every other state is a trie node,
    whose blank cell is the end of its string; so the next state depends on
    the letter alone. A move off the board maps to -1 (no kernel makes one).
    O(total length of the strings).
    """
    cells = rows * cols
    step = (-cols, cols, -1, 1)
    target = [[-1] * 4 for _ in range(cells)]
    for b, options in enumerate(blank_moves(rows, cols)):
        for n, code in options:
            target[b][code] = n
    # Every root has a child per move, so no move leads back to a root: a state other than a
    # root is entered by one letter only (the batched kernel reads the last move from it).
    children: list[dict[int, int]] = [{} for _ in range(cells)]
    cell_of = list(range(cells))
    for root in range(cells):
        for code in range(4):
            if target[root][code] >= 0:
                children[root][code] = len(cell_of)
                children.append({})
                cell_of.append(target[root][code])
    dead = [False] * len(cell_of)
    for start, moved in strings:
        node = start
        for letter in moved:
            code = LETTER_CODE[letter]
            child = children[node].get(code)
            if child is None:
                child = children[node][code] = len(children)
                children.append({})
                dead.append(False)
                cell_of.append(cell_of[node] + step[code])
            node = child
        dead[node] = True
    fail = [0] * len(children)
    goto = [[-1] * 4 for _ in children]
    queue: deque[int] = deque()
    for root in range(cells):
        for code in range(4):
            n = target[root][code]
            if n < 0:
                continue
            child = children[root].get(code)
            if child is None:
                goto[root][code] = n
            else:
                goto[root][code] = child
                fail[child] = n
                queue.append(child)
    while queue:
        node = queue.popleft()
        dead[node] = dead[node] or dead[fail[node]]
        for code in range(4):
            if target[cell_of[node]][code] < 0:
                continue
            child = children[node].get(code)
            if child is None:
                goto[node][code] = goto[fail[node]][code]
            else:
                fail[child] = goto[fail[node]][code]
                goto[node][code] = child
                queue.append(child)
    return [-1 if nxt < 0 or dead[nxt] else 4 * nxt for row in goto for nxt in row]


#: Where the shipped automata live: ``prune-<rows>x<cols>-<depth>.npy.xz``, one per shape.
DATA_DIR = Path(__file__).resolve().parent / "data"


def shipped_depth(rows: int, cols: int) -> int:
    """The length of the longest duplicate strings of the board's shipped automaton (0: none).

    >>> shipped_depth(5, 5) > 10, shipped_depth(7, 9)
    (True, 0)
    """
    for path in DATA_DIR.glob(f"prune-{rows}x{cols}-*.npy.xz"):
        return int(path.name.split("-")[2].split(".")[0])
    return 0


def data_name(rows: int, cols: int, depth: int) -> str:
    """The file name of a shape's shipped automaton, in `DATA_DIR`."""
    return f"prune-{rows}x{cols}-{depth}.npy.xz"


def encode_table(table: list[int]) -> bytes:
    """The bytes of a shipped automaton file: the table as int32 ``.npy``, xz-compressed."""
    import numpy as np  # the generator's need only: reading a file (`_read_npy`) needs no numpy

    out = io.BytesIO()
    np.save(out, np.array(table, dtype=np.int32))
    return lzma.compress(out.getvalue(), preset=9)


_PRUNING: dict[tuple[int, int], list[int]] = {}
_ORDERED: dict[tuple[int, int, tuple[int, ...]], list[int]] = {}
_LOCK = threading.Lock()


def pruning_table(
    rows: int, cols: int, order: tuple[int, ...] | list[int] = (0, 1, 2, 3)
) -> list[int]:
    """The duplicate-sequence automaton the IDA* kernels use on a ``rows`` x ``cols`` board.

    >>> len(pruning_table(3, 3)) > len(pruning_table(9, 9))  # 9x9: the generic strings
    True

    The shipped board-aware automaton where there is one (`shipped_depth`),
    else the board-independent strings of `_DUPLICATES_10` with a root per
    cell. ``order`` (`geometry.blank_moves`', a `symmetry.Frame.order`):
    this board is the image of the caller's under the symmetry of that order,
    and a kernel's code k is the caller's direction k (moving the blank in
    direction ``order[k]`` here). The table is then the caller's automaton
    carried over by the symmetry (`_framed`): columns by the caller's
    directions, the root of each caller cell moved to its image, so that
    `start_state` of the blank's cell here starts it. It prunes the strings
    the caller's search prunes, the ones that are not least in the caller's
    U, D, L, R order (the order the kernel tries them in), so the framed
    search keeps the caller's first optimal path and visits the caller's tree
    node for node. (Reading the board's own automaton by the real direction
    would keep the strings least in *this* board's letter order instead, and
    could prune the caller's first optimal path in favour of another.)
    Made once per shape and order per process (the 5x5 one: about 0.1 s).
    """
    table = _PRUNING.get((rows, cols))
    if table is None:
        with _LOCK:
            table = _PRUNING.get((rows, cols))
            if table is None:
                table = _PRUNING[rows, cols] = _load(rows, cols)
    order = tuple(order)
    if order == (0, 1, 2, 3):
        return table
    ordered = _ORDERED.get((rows, cols, order))
    if ordered is None:
        with _LOCK:
            ordered = _ORDERED.get((rows, cols, order))
            if ordered is None:
                ordered = _ORDERED[rows, cols, order] = _framed(table, rows, cols, order)
    return ordered


def _framed(table: list[int], rows: int, cols: int, order: tuple[int, ...]) -> list[int]:
    """The caller's automaton ``table`` carried onto its image under the symmetry of ``order``.

    >>> base = pruning_table(2, 3)
    >>> framed = _framed(base, 2, 3, (1, 0, 3, 2))  # rot180: caller cell 0 is cell 5 here
    >>> framed[start_state(5) : start_state(5) + 4] == base[start_state(0) : start_state(0) + 4]
    True

    Only the roots (one per blank cell, states ``0 .. cells - 1``) name a
    cell: each caller cell's root moves to the cell's image, and so do the
    transitions into it. Trie states and the columns (the caller's
    directions, the kernel's codes) stay as they are.
    """
    symmetry = next((s for s in symmetries(rows, cols) if s.order == order), None)
    if symmetry is None:
        raise ValueError(f"move order {order} is no symmetry of a {rows}x{cols} board")
    cells = rows * cols
    image = symmetry.cells  # caller cell -> its cell here
    roots = 4 * cells

    def moved(nxt: int) -> int:
        return 4 * image[nxt // 4] if 0 <= nxt < roots else nxt

    framed = [moved(nxt) for nxt in table]
    for cell in range(cells):
        at, to = 4 * cell, 4 * image[cell]
        framed[to : to + 4] = [moved(nxt) for nxt in table[at : at + 4]]
    return framed


def _load(rows: int, cols: int) -> list[int]:
    if shipped_depth(rows, cols):
        packed = (DATA_DIR / data_name(rows, cols, shipped_depth(rows, cols))).read_bytes()
        return _read_npy(lzma.decompress(packed))
    return generic_table(rows, cols)


def _read_npy(data: bytes) -> list[int]:
    """The int32 vector of a ``.npy`` file (format 1.0-3.0), read without numpy.

    >>> header = b"{'descr': '<i4', 'fortran_order': False, 'shape': (2,), }"
    >>> size = len(header).to_bytes(2, "little")
    >>> _read_npy(b"\\x93NUMPY\\x01\\x00" + size + header + bytes([7, 0, 0, 0, 255, 255, 255, 255]))
    [7, -1]

    Solving with a cached table never imports numpy (its import costs about
    0.1 s), so the shipped automata are read here: a header naming a
    little-endian int32 vector, then its items.
    """
    if data[:6] != b"\x93NUMPY":
        raise ValueError("not a .npy file")
    width = 2 if data[6] == 1 else 4
    length = int.from_bytes(data[8 : 8 + width], "little")
    start = 8 + width + length
    header = ast.literal_eval(data[8 + width : start].decode("latin1"))
    if header["descr"] != "<i4" or header["fortran_order"] or len(header["shape"]) != 1:
        raise ValueError(f"not a little-endian int32 vector: {header}")
    items = array("i")
    assert items.itemsize == 4
    items.frombytes(data[start : start + 4 * header["shape"][0]])
    if sys.byteorder != "little":
        items.byteswap()
    return items.tolist()


def generic_table(rows: int, cols: int) -> list[int]:
    """The board-independent strings' automaton, with the module's layout (a root per cell).

    >>> table = generic_table(3, 3)
    >>> table[start_state(0)] == table[start_state(8)]  # the roots do not tell cells apart
    True
    """
    generic = _automaton(_DUPLICATES_10.split())
    cells = rows * cols
    shift = [-1 if nxt < 0 else nxt + 4 * cells for nxt in generic]
    return shift[:4] * cells + shift


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
