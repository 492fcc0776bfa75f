"""Exact cost-to-go labels: every board on one optimal solution of each board, with its distance.

>>> labels = cost_to_go(["1 2 3/4 5 6/0 7 8"])
>>> labels.boards.tolist(), labels.distances.tolist()
([[1, 2, 3, 4, 5, 6, 0, 7, 8], [1, 2, 3, 4, 5, 6, 7, 0, 8], [1, 2, 3, 4, 5, 6, 7, 8, 0]], [2, 1, 0])

Each board is solved optimally by `slidingtiles.solve` (``heuristic="auto"``:
the pattern databases where there are tables), in this process or on a pool
of worker processes through `slidingtiles.solve_many`; the solution's boards
are written out with their distances (the length left). A board k moves from
the goal on an optimal path is exactly k moves away (a suffix of a shortest
path is a shortest path), so one search labels the whole path.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import attrs
import numpy as np
from numpy.typing import NDArray

from slidingtiles import (
    Board,
    GoalLike,
    InvalidOptionError,
    OptionTypeError,
    SlidingTilesError,
    Solution,
    UnsolvableError,
    solvability,
    solve,
    solve_many,
)
from slidingtiles.data._read import MissingDependencyError, check_progress, read_boards

__all__ = ["LabelError", "Labels", "cost_to_go", "load"]

#: The version of the ``.npz`` layout `Labels.save` writes (``load`` reads it back).
FORMAT_VERSION = 1


class LabelError(SlidingTilesError, RuntimeError):
    """A board could not be labelled exactly (a worker failed, or no optimal solution came back).

    Attributes:
        value: the index of the board in the input.
        error_type: the name of the error that stopped it (``"OutOfReachError"``...).
    """

    def __init__(self, message: str, value: object = None, error_type: str | None = None) -> None:
        super().__init__(message)
        self.value = value
        self.error_type = error_type


def _tile_dtype(cells: int) -> type[np.unsignedinteger[Any]]:
    return np.uint8 if cells <= 256 else np.uint16


@attrs.frozen(eq=False)
class Labels:
    """Boards with their exact distances to one goal, as numpy arrays, savable as ``.npz``.

    >>> labels = cost_to_go(["1 2 3/4 5 6/7 0 8", "1 2 3/4 5 6/0 7 8"])
    >>> len(labels), labels.shape, labels.sources.tolist(), labels.distances.tolist()
    (5, (3, 3), [0, 0, 1, 1, 1], [1, 0, 2, 1, 0])

    Attributes:
        boards: ``(M, cells)`` tiles in reading order, blank 0 (uint8; uint16
            above 256 cells), every board of each solution from start to goal.
        distances: ``(M,)`` int16, each board's exact distance to ``goal``.
        sources: ``(M,)`` int64, the index of the input board whose solution
            the row lies on (rows of one source are consecutive, farthest first,
            its goal row last).
        goal: the goal's tiles (a tuple), ``shape`` (rows, cols).
    """

    boards: NDArray[Any]
    distances: NDArray[np.int16]
    sources: NDArray[np.int64]
    goal: tuple[int, ...]
    shape: tuple[int, int]

    def __len__(self) -> int:
        return len(self.distances)

    def __iter__(self) -> Iterator[tuple[Board, int]]:
        """Each row as (`Board`, distance)."""
        for tiles, distance in zip(self.boards.tolist(), self.distances.tolist()):
            yield Board(tuple(tiles), shape=self.shape), distance

    @property
    def goal_board(self) -> Board:
        """The goal as a `Board`."""
        return Board(self.goal, shape=self.shape)

    def unique(self) -> Labels:
        """The distinct boards only (the first row of each; the goal once), in first-seen order."""
        _, first = np.unique(self.boards, axis=0, return_index=True)
        keep = np.sort(first)
        return Labels(
            self.boards[keep], self.distances[keep], self.sources[keep], self.goal, self.shape
        )

    def save(self, path: str | os.PathLike[str]) -> Path:
        """Write the labels to ``path``: ``.npz`` (numpy), or ``.parquet`` with pyarrow installed.

        >>> import tempfile, pathlib
        >>> path = pathlib.Path(tempfile.mkdtemp()) / "labels.npz"
        >>> labels = cost_to_go(["1 2 3/4 5 6/0 7 8"])
        >>> load(labels.save(path)).distances.tolist()
        [2, 1, 0]

        A ``.parquet`` file holds one column per cell (``c0``, ``c1``...),
        ``distance`` and ``source``, and the goal and shape in its metadata;
        without pyarrow it raises `MissingDependencyError` (an ImportError).
        Any other suffix is written as ``.npz`` (numpy adds the suffix). Returns
        the path written.
        """
        target = Path(path)
        if target.suffix == ".parquet":
            _save_parquet(self, target)
            return target
        if target.suffix != ".npz":
            target = target.with_name(target.name + ".npz")
        np.savez(
            target,
            boards=self.boards,
            distances=self.distances,
            sources=self.sources,
            goal=np.array(self.goal, dtype=np.int64),
            shape=np.array(self.shape, dtype=np.int64),
            version=np.array(FORMAT_VERSION),
        )
        return target


def _pyarrow() -> Any:
    try:
        import pyarrow  # type: ignore[import-not-found, unused-ignore]
        import pyarrow.parquet  # type: ignore[import-not-found, unused-ignore]
    except ImportError:
        raise MissingDependencyError(
            "Parquet needs pyarrow, which is not installed: pip install pyarrow "
            "(or save as .npz, which needs nothing more)",
            "pyarrow",
        ) from None
    return pyarrow


def _save_parquet(labels: Labels, path: Path) -> None:
    pa = _pyarrow()
    columns = {f"c{i}": labels.boards[:, i] for i in range(labels.boards.shape[1])}
    columns["distance"] = labels.distances
    columns["source"] = labels.sources
    meta = {
        b"slidingtiles.goal": " ".join(map(str, labels.goal)).encode(),
        b"slidingtiles.shape": f"{labels.shape[0]}x{labels.shape[1]}".encode(),
    }
    table = pa.table(columns).replace_schema_metadata(meta)
    pa.parquet.write_table(table, path)


def _load_parquet(path: Path) -> Labels:
    pa = _pyarrow()
    table = pa.parquet.read_table(path)
    meta = table.schema.metadata or {}
    try:
        goal = tuple(int(t) for t in meta[b"slidingtiles.goal"].split())
        rows, cols = (int(x) for x in meta[b"slidingtiles.shape"].split(b"x"))
    except (KeyError, ValueError):
        raise InvalidOptionError(
            f"{path} is not a labels file written by slidingtiles (no goal and shape)",
            str(path),
            option="path",
        ) from None
    cells = rows * cols
    boards = np.stack([table.column(f"c{i}").to_numpy() for i in range(cells)], axis=1)
    return Labels(
        boards.astype(_tile_dtype(cells)),
        table.column("distance").to_numpy().astype(np.int16),
        table.column("source").to_numpy().astype(np.int64),
        goal,
        (rows, cols),
    )


def load(path: str | os.PathLike[str]) -> Labels:
    """Read labels written by `Labels.save` (``.npz``, or ``.parquet`` with pyarrow).

    Raises FileNotFoundError for a missing file and `InvalidOptionError`
    (``option="path"``) for a file that is not a labels file; a ``.parquet``
    file without pyarrow raises `MissingDependencyError`.
    """
    source = Path(path)
    if source.suffix == ".parquet":
        return _load_parquet(source)
    try:
        with np.load(source, allow_pickle=False) as data:
            fields = {name: data[name] for name in data.files}
    except (ValueError, OSError) as error:
        if isinstance(error, FileNotFoundError):
            raise
        raise InvalidOptionError(
            f"{source} is not a labels file (.npz): {error}", str(source), option="path"
        ) from None
    needed = {"boards", "distances", "sources", "goal", "shape", "version"}
    if not needed <= set(fields) or int(fields["version"]) != FORMAT_VERSION:
        raise InvalidOptionError(
            f"{source} is not a labels file written by slidingtiles (format {FORMAT_VERSION})",
            str(source),
            option="path",
        )
    rows, cols = (int(x) for x in fields["shape"])
    return Labels(
        fields["boards"],
        fields["distances"].astype(np.int16),
        fields["sources"].astype(np.int64),
        tuple(int(t) for t in fields["goal"]),
        (rows, cols),
    )


def path_rows(solution: Solution) -> NDArray[Any]:
    """Every board of ``solution`` from its start to its goal, one flat row each.

    >>> path_rows(solve("1 2 3/4 5 6/0 7 8")).tolist()[0]
    [1, 2, 3, 4, 5, 6, 0, 7, 8]
    """
    start = solution.start
    cols = start.cols
    step = {"U": -cols, "D": cols, "L": -1, "R": 1}
    dtype = _tile_dtype(start.size)
    # one byte a tile: each row a copy of a bytearray, all joined once (two: numpy's bytes)
    board = bytearray(np.array(start.tiles, dtype=dtype).tobytes())
    width = np.dtype(dtype).itemsize
    blank = start.blank
    rows = [bytes(board)]
    for move in str(solution.moves):
        target = blank + step[move]
        here, there = (
            slice(width * blank, width * blank + width),
            slice(width * target, width * target + width),
        )
        board[here] = board[there]
        board[there] = bytes(width)
        blank = target
        rows.append(bytes(board))
    flat = np.frombuffer(b"".join(rows), dtype=dtype)
    return flat.reshape(len(rows), start.size).copy()


def _check_workers(workers: object) -> int:
    if workers is None:
        return 1
    if isinstance(workers, bool) or not isinstance(workers, int):
        raise OptionTypeError(
            f"workers must be an int >= 1 or None, not {workers!r}", workers, option="workers"
        )
    if workers < 1:
        raise InvalidOptionError(
            f"workers must be an int >= 1 or None, not {workers!r}", workers, option="workers"
        )
    return workers


def _solutions(boards: list[Board], goal: Board, workers: int) -> Iterator[tuple[int, Solution]]:
    """(index, optimal solution) of each board, in input order; the first failure raises."""
    if workers == 1:
        for index, board in enumerate(boards):
            try:
                yield index, solve(board, goal)
            except SlidingTilesError as error:
                error.add_note(f"(board {index} of the {len(boards)} given: {board.to_text()})")
                raise
        return
    for result in solve_many(boards, goal=goal, workers=workers):
        if result.solution is None:
            raise LabelError(
                f"board {result.index} ({boards[result.index].to_text()}) was not labelled: "
                f"{result.error_type}: {result.error}",
                result.index,
                result.error_type,
            )
        yield result.index, result.solution


def cost_to_go(
    boards: Any,
    goal: GoalLike | str = None,
    *,
    workers: int | None = None,
    progress: Any = None,
    shape: Any = None,
) -> Labels:
    """Label every board on one optimal solution of each board with its exact distance to ``goal``.

    >>> labels = cost_to_go(np.array([[1, 2, 3, 4, 5, 6, 0, 7, 8]]))
    >>> labels.distances.tolist(), labels.sources.tolist()
    ([2, 1, 0], [0, 0, 0])

    Args:
        boards: an integer numpy array ``(N, cells)`` in reading order, blank 0
            (the shape from ``shape``, the goal, or a square), or ``(N, rows,
            cols)``; or a sequence of anything `solve` reads (text, rows,
            `Board`).
        goal: the goal (anything `solve` takes; None: blank last, ``"first"``).
        workers: an int >= 2 solves on that many processes (`solve_many`'s
            pool: each worker loads the tables once; the workers stop with this
            process and on Ctrl-C); None or 1 in this process.
        progress: True for a count on standard error, or a callable
            ``progress(done, total)`` called after each board is labelled.
        shape: ``(rows, cols)`` or ``"RxC"`` for flat arrays of a board that
            is not square.

    Returns:
        `Labels`: for each board in input order, its solution's boards from
        the board itself (distance L, its optimal length) to the goal
        (distance 0), ``sources`` naming the input row.

    Raises:
        InvalidBoardError: a malformed board, or one that does not fit the goal
            (the message names its index), before any search.
        UnsolvableError: a board cannot reach the goal (checked for every board
            before any search).
        OptionTypeError, InvalidOptionError: a bad ``workers``, ``progress`` or
            ``shape``.
        OutOfReachError, SearchLimitExceeded: an optimal search is out of reach
            (a 24-puzzle without its tables: ``slidingtiles pdb build 5``).
        LabelError: on workers, a board whose search failed (its index and
            error).

    Cost: one optimal `solve` per board (a random 15-puzzle: about 1-10 ms with
    numba, depending on the tables; docs/data.md has the measured rates).
    Ctrl-C stops at once (workers included) and raises KeyboardInterrupt.
    """
    count = _check_workers(workers)
    report = check_progress(progress)
    checked, target = read_boards(boards, goal, shape)
    for index, board in enumerate(checked):
        verdict = solvability(board, target)
        if not verdict:
            raise UnsolvableError(
                f"board {index} ({board.to_text()}) cannot reach the goal {target.to_text()}: "
                f"{verdict.reason}",
                board,
                verdict,
            )
    pieces: list[NDArray[Any]] = []
    sources: list[NDArray[np.int64]] = []
    distances: list[NDArray[np.int16]] = []
    for done, (index, solution) in enumerate(_solutions(checked, target, count), start=1):
        if not solution.optimal:
            raise LabelError(
                f"board {index}: the solver returned a solution not proven optimal "
                f"({solution.algorithm}, {solution.heuristic})",
                index,
                None,
            )
        rows = path_rows(solution)
        pieces.append(rows)
        length = len(rows) - 1
        distances.append(np.arange(length, -1, -1, dtype=np.int16))
        sources.append(np.full(len(rows), index, dtype=np.int64))
        if report is not None:
            report(done, len(checked))
    cells = target.size
    return Labels(
        np.concatenate(pieces) if pieces else np.empty((0, cells), _tile_dtype(cells)),
        np.concatenate(distances) if distances else np.empty(0, np.int16),
        np.concatenate(sources) if sources else np.empty(0, np.int64),
        target.tiles,
        target.shape,
    )
