"""`Solution`: the moves that solve a puzzle, the boards they pass through, what they cost."""

from __future__ import annotations

import threading
from array import array
from collections.abc import Hashable, Iterator, Sequence
from functools import cached_property
from typing import Any, ClassVar, overload

import attrs

from slidingtiles._board.board import Board, trusted_board
from slidingtiles._board.geometry import move_steps
from slidingtiles._board.moves import Moves
from slidingtiles.search import SearchStats, SearchTrace

__all__ = ["JSON_SCHEMA", "Solution", "SolutionBoards", "stats_to_dict"]

#: The version of the JSON schema `Solution.to_dict` and ``slidingtiles ... --format json``
#: write (the ``"schema"`` key of every object); raised when a key changes meaning or goes.
JSON_SCHEMA = 1

# The lazy board sequence keeps at most about this many checkpoints (each a copy of the cells),
# so its memory is O(_MAX_CHECKPOINTS x cells) however long the solution.
_MAX_CHECKPOINTS = 256
# ...and a checkpoint at least every this many moves: short solutions replay from the start.
_MIN_SPACING = 64


def stats_to_dict(stats: SearchStats) -> dict[str, Any]:
    """The search statistics as a JSON object, seconds rounded to microseconds.

    >>> stats_to_dict(SearchStats(3, 5, 2, 0, 1, 0.00012345))
    {'expanded': 3, 'generated': 5, 'max_frontier': 2, 'reopened': 0, 'iterations': 1, 'seconds': 0.000123}
    """  # noqa: E501
    values = attrs.asdict(stats)
    values["seconds"] = round(stats.seconds, 6)
    return values


def _label_json(label: Hashable) -> Any:
    """A tile label as JSON: strings, numbers, booleans and None as they are, others by str."""
    return label if label is None or isinstance(label, str | int | float | bool) else str(label)


class _Replay:
    """The moves replayed once, keeping a copy of the cells every ``spacing`` moves.

    Checkpoints are made on demand, the first time a board past the last one is asked for,
    and never more than ``len(moves) // spacing + 1`` of them.
    """

    def __init__(self, start: Board, moves: str) -> None:
        self.start = start
        self.moves = moves
        self.offset = move_steps(start.cols)
        self.spacing = max(_MIN_SPACING, -(-len(moves) // _MAX_CHECKPOINTS))
        self.typecode = "B" if start.size <= 1 << 8 else "H" if start.size <= 1 << 16 else "L"
        self.checkpoints = [array(self.typecode, start.tiles)]
        self.lock = threading.Lock()

    def _step(self, cells: array[int], blank: int, move: str) -> int:
        """Apply one move to ``cells`` in place; return the blank's new cell."""
        cell = blank + self.offset[move]
        cells[blank], cells[cell] = cells[cell], 0
        return cell

    def _board(self, cells: array[int]) -> Board:
        start = self.start
        return trusted_board(start.rows, start.cols, tuple(cells), start.labels)

    def board(self, index: int) -> Board:
        """Board ``index`` (0 is the start), replayed from the nearest checkpoint before it."""
        nearest = index // self.spacing
        with self.lock:
            while len(self.checkpoints) <= nearest:
                # Replay a whole span to make the next checkpoint.
                number = len(self.checkpoints)
                cells = array(self.typecode, self.checkpoints[-1])
                blank = cells.index(0)
                for move in self.moves[(number - 1) * self.spacing : number * self.spacing]:
                    blank = self._step(cells, blank, move)
                self.checkpoints.append(cells)
            cells = array(self.typecode, self.checkpoints[nearest])
        blank = cells.index(0)
        for move in self.moves[nearest * self.spacing : index]:
            blank = self._step(cells, blank, move)
        return self._board(cells)

    def walk(self, indices: range) -> Iterator[Board]:
        """The boards at ``indices``, one replay forward (or backward) through the moves."""
        if not indices:
            return
        if indices.step < 0 or indices.step > self.spacing:
            # Backwards, or strides past checkpoints: each board from its nearest checkpoint.
            for index in indices:
                yield self.board(index)
            return
        first = indices.start
        cells = array(self.typecode, self.board(first).tiles)
        blank = cells.index(0)
        at = first
        for index in indices:
            while at < index:
                blank = self._step(cells, blank, self.moves[at])
                at += 1
            yield self._board(cells)


class SolutionBoards(Sequence[Board]):
    """Every board of a solution, start to goal, computed when asked for: a lazy sequence.

    >>> from slidingtiles import solve
    >>> boards = solve("1 2 3/4 0 6/7 5 8").boards
    >>> len(boards), boards[-1].to_text(), [b.to_text() for b in boards[:2]]
    (3, '1 2 3/4 5 6/7 8 0', ['1 2 3/4 0 6/7 5 8', '1 2 3/4 5 6/7 0 8'])

    Indexing (negative indices too) replays the moves from the nearest checkpoint (a copy of
    the cells kept every ``max(64, moves / 256)`` moves), iteration replays them once, and a
    slice is another lazy sequence. Memory is at most about 256 checkpoints of the cells,
    never every board at once: ``list(boards)`` builds them all, ``for board in boards``
    does not. Sequences compare equal to each other when they hold the same boards.
    """

    __slots__ = ("_indices", "_replay")

    def __init__(self, replay: _Replay, indices: range) -> None:
        self._replay = replay
        self._indices = indices

    def __len__(self) -> int:
        return len(self._indices)

    @overload
    def __getitem__(self, index: int) -> Board: ...

    @overload
    def __getitem__(self, index: slice) -> SolutionBoards: ...

    def __getitem__(self, index: int | slice) -> Board | SolutionBoards:
        if isinstance(index, slice):
            return SolutionBoards(self._replay, self._indices[index])
        try:
            position = self._indices[index]
        except IndexError:
            raise IndexError(f"board index {index} out of range for {len(self)} boards") from None
        except TypeError:
            raise TypeError(
                f"board indices must be integers or slices, not {type(index).__name__}"
            ) from None
        return self._replay.board(position)

    def __iter__(self) -> Iterator[Board]:
        return self._replay.walk(self._indices)

    def __reversed__(self) -> Iterator[Board]:
        return self._replay.walk(self._indices[::-1])

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, SolutionBoards):
            return NotImplemented
        return len(self) == len(other) and all(a == b for a, b in zip(self, other))

    __hash__ = None  # type: ignore[assignment]  # equality by content, like a list

    def __repr__(self) -> str:
        return f"<{len(self)} boards of a {self._replay.start.rows}x{self._replay.start.cols} solution>"  # noqa: E501


@attrs.frozen(repr=False)
class Solution:
    """A solved puzzle: the moves, the boards they pass through, and what the search cost.

    >>> from slidingtiles import solve
    >>> sol = solve("1 2 3/4 0 6/7 5 8")
    >>> sol
    <Solution 3x3: 2 moves DR (optimal, idastar + pdb)>
    >>> sol.moves, sol.tiles, len(sol), sol.optimal
    (Moves('DR'), (5, 8), 2, True)
    >>> list(sol), sol[0], sol[-1]
    (['D', 'R'], 'D', 'R')
    >>> print(sol.boards[-1])
    1 2 3
    4 5 6
    7 8 .

    A solution is a sequence of its moves: ``len(sol)`` counts them, ``for move in sol``
    yields each as a one-letter string (the blank's direction), ``sol[i]`` is move ``i``
    and a slice is a `Moves` string. The boards are `boards` (one more than the moves:
    the start, then the board after each move). A solution of zero moves (the board was
    already solved) is therefore falsy, like an empty list. `to_dict` gives the JSON
    object ``slidingtiles solve --format json`` prints.

    Attributes:
        start: the board solved.
        goal: the goal reached.
        moves: the blank's moves, a `Moves` string (``"DR"``: blank down, then right).
        optimal: True only when the algorithm and heuristic guarantee a shortest solution.
        heuristic: the name of the heuristic used (``"none"`` for BFS).
        algorithm: the algorithm that ran (``"astar"``, ``"idastar"``, ...).
        stats: `SearchStats`: nodes expanded and generated, largest frontier,
            seconds (the COS 226 assignment counts otherwise: `solve_cos226`).
        lower_bound: a proven lower bound on the shortest length (below).
        engine: what searched: ``"numba"`` or ``"python"`` (the tile engine's
            compiled or pure-Python kernels), ``"generic"`` (the generic search
            over states, any heuristic; the only one that can be watched, so
            ``solve(trace=...)`` always runs it), ``"none"`` (nothing: the
            board was its goal).
        trace: the `SearchTrace` of ``solve(..., trace=N)``, else None (not
            compared, not in the repr); ``st.TraceView(solution)`` shows it.

    ``tiles`` (the tile that slides at each step, by label on labelled boards
    see `tile_labels`) and ``boards`` are derived by replaying the moves.
    """

    #: The version of the JSON schema `to_dict` and ``slidingtiles ... --format json`` write
    #: (the ``"schema"`` key of every object; see docs/json.md).
    JSON_SCHEMA: ClassVar[int] = JSON_SCHEMA

    start: Board
    goal: Board
    moves: Moves
    optimal: bool
    heuristic: str
    algorithm: str
    stats: SearchStats
    #: A proven lower bound on the optimal length: the length itself when optimal, Manhattan
    #: distance plus linear conflicts (or a cached table's value) for ``optimal=False``, the
    #: Manhattan distance for "reduce", None when nothing is known.
    lower_bound: int | None = None
    engine: str = "none"
    trace: SearchTrace[Any, str] | None = attrs.field(default=None, eq=False)

    def __len__(self) -> int:
        return len(self.moves)

    def __iter__(self) -> Iterator[str]:
        return iter(self.moves)

    @overload
    def __getitem__(self, index: int) -> str: ...

    @overload
    def __getitem__(self, index: slice) -> Moves: ...

    def __getitem__(self, index: int | slice) -> str | Moves:
        if isinstance(index, slice):
            return Moves(self.moves[index])
        try:
            return str(self.moves[index])
        except IndexError:
            raise IndexError(f"move index {index} out of range for {len(self)} moves") from None

    def __repr__(self) -> str:
        moves = str(self.moves) or "-"
        if len(moves) > 30:  # the first and last dozen: the method's name can be long
            moves = f"{moves[:12]}...{moves[-12:]}"
        kind = "optimal" if self.optimal else "not proven optimal"
        return (
            f"<Solution {self.start.rows}x{self.start.cols}: {len(self):,} "
            f"move{'s' * (len(self) != 1)} {moves} ({kind}, {self.algorithm} + {self.heuristic})>"
        )

    def _repr_svg_(self) -> str:
        """Animate the solution in notebooks (Jupyter calls this)."""
        from slidingtiles._render import solution_svg  # the pictures load when first drawn

        return solution_svg(self)

    def _repr_html_(self) -> str:
        """Step through the solution in notebooks: First, Back, Play, Step and Last buttons.

        >>> from slidingtiles import solve
        >>> 'data-action="step"' in solve("1 2/0 3")._repr_html_()
        True

        Jupyter prefers this to `_repr_svg_`; each output has its own element ids
        (see `slidingtiles._render.solution_player_html`).
        """
        from slidingtiles._render import solution_player_html

        return solution_player_html(self)

    @property
    def length(self) -> int:
        """Number of moves."""
        return len(self.moves)

    @property
    def ratio(self) -> float | None:
        """``length / lower_bound``: how far from the shortest at most (None without a bound).

        >>> from slidingtiles import solve
        >>> solve("1 2 3/4 0 6/7 5 8").ratio
        1.0

        1.0 for an optimal solution (and for an already solved board); for
        ``optimal=False`` results an upper bound on length / optimal length.
        """
        if self.lower_bound is None:
            return None
        return len(self.moves) / self.lower_bound if self.lower_bound else 1.0

    @cached_property
    def boards(self) -> SolutionBoards:
        """Every board from start to goal, ``len(moves) + 1`` of them: a lazy `SolutionBoards`.

        >>> from slidingtiles import solve
        >>> sol = solve("1 2 3/4 0 6/7 5 8")
        >>> sol.boards[1] == sol.start.move("D"), len(sol.boards)
        (True, 3)

        Boards are computed when indexed or iterated, never all kept: memory stays
        O(256 x cells) even for a 100x100 solution of millions of moves.
        """
        return SolutionBoards(_Replay(self.start, str(self.moves)), range(len(self.moves) + 1))

    @cached_property
    def tiles(self) -> tuple[int, ...]:
        """The tile that slides at each step (the one the blank swaps with)."""
        # A flat replay: O(moves + cells), where going through `boards` is O(moves x cells).
        cols = self.start.cols
        cells = list(self.start.tiles)
        blank = self.start.blank
        offset = move_steps(cols)
        slid = []
        for move in self.moves:
            cell = blank + offset[move]
            slid.append(cells[cell])
            cells[blank], cells[cell] = cells[cell], 0
            blank = cell
        return tuple(slid)

    @property
    def tile_labels(self) -> tuple[Hashable, ...]:
        """The sliding tiles by label (the same as `tiles` on unlabelled boards)."""
        return tuple(self.start.label(t) for t in self.tiles)

    def to_dict(self) -> dict[str, Any]:
        """The solution as a JSON-ready dict: what ``slidingtiles solve --format json`` prints.

        >>> from slidingtiles import solve
        >>> data = solve("1 2 3/4 0 6/7 5 8").to_dict()
        >>> data["schema"], data["status"], data["moves"], data["tiles"], data["goal"][-1]
        (1, 'solved', 'DR', [5, 8], [7, 8, 0])

        Keys, in order: ``schema`` (`JSON_SCHEMA`), ``status`` (``"solved"``),
        ``board`` and ``goal`` (rows of tile numbers, 0 the blank), ``moves``,
        ``tiles``, ``length``, ``optimal``, ``lower_bound``, ``ratio`` (length /
        lower bound, 4 decimals, or None), ``heuristic``, ``algorithm``,
        ``engine``, ``statistics`` (`SearchStats` as an object); labelled boards add
        ``labels`` (``labels[t]`` names tile ``t``). See docs/json.md. Cost:
        O(moves + cells); ``json.dumps`` takes the result as it is.
        """
        data: dict[str, Any] = {
            "schema": JSON_SCHEMA,
            "status": "solved",
            "board": self.start.to_rows(),
            "goal": self.goal.to_rows(),
            "moves": str(self.moves),
            "tiles": list(self.tiles),
            "length": len(self),
            "optimal": self.optimal,
            "lower_bound": self.lower_bound,
            "ratio": None if self.ratio is None else round(self.ratio, 4),
            "heuristic": self.heuristic,
            "algorithm": self.algorithm,
            "engine": self.engine,
            "statistics": stats_to_dict(self.stats),
        }
        if self.start.labels is not None:
            data["labels"] = [_label_json(label) for label in self.start.labels]
        return data

    def __str__(self) -> str:
        from slidingtiles._render.markup import safe_text  # the pictures load when first used

        kind = "optimal" if self.optimal else "not proven optimal"
        return (
            f"{len(self)} moves ({kind}, {self.algorithm} + {safe_text(self.heuristic)}): "
            f"{self.moves or '-'}"
        )
