"""Every board of a shape at its exact distance: one byte a board, built once, kept on disk.

>>> import tempfile
>>> layers = board_layers(Board.goal(2, 3), cache_dir=tempfile.mkdtemp())
>>> layers.counts[:6], layers.diameter, layers.distance((1, 2, 3, 4, 0, 5))
((1, 2, 3, 5, 6, 10), 21, 1)

The exhaustive breadth-first search `slidingtiles.data.at_distance` draws
from on shapes of 11 and 12 cells (3x4, 4x3, 2x6, 6x2: 239,500,800 boards),
where `exact_distances`' layers of tiles would need about 7 GB. Each board
reaching the goal is a number from 0 to n!/2 - 1 (a permutation rank:
`slidingtiles._engine.python.layers`), and its distance one byte at that
number; a layer is one sweep over the bytes (`dispatch.layer_sweep`: numba
on both cores, or numpy chunks). The bytes are written once per shape and
goal to the user cache (as the pattern tables are: ``$SLIDINGTILES_CACHE_DIR``
or the platform's cache directory), ``layers-RxC-<digest>-v1.npy`` with a
``.json`` beside it (the goal, the layer counts), and read back mapped, not
loaded.

Cost, measured by ``benchmarks/labels_and_env.py --layers`` on the project
machine (docs/measurements/data-and-environment.md): one byte a board on disk
and in memory while building (12 cells: 228 MiB), and about a minute of both
cores for 12 cells; a `LayerBuildWarning` says so before a build estimated
at a second or a megabyte or more, and ``progress`` follows it layer by layer
(Ctrl-C stops it between two sweeps). The pure-Python implementation runs
the same sweeps in numpy chunks, about three times slower (its estimate is in
the warning: several minutes for 12 cells). Shapes with a side of 1 have a
path of boards, not permutations: they are not for this module
(`exact_distances` has them).
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import math
import os
import tempfile
import threading
import time
import warnings
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
from numpy.typing import NDArray

from slidingtiles._board.board import Board
from slidingtiles._board.geometry import neighbour_table
from slidingtiles._cache import cache_dir_problem, user_cache_dir
from slidingtiles._engine import dispatch
from slidingtiles._engine.python.layers import UNSEEN, board_of, index_of, parities
from slidingtiles._errors import InvalidOptionError

__all__ = [
    "LAYERS_MAX_CELLS",
    "BoardLayers",
    "LayerBuildWarning",
    "board_layers",
    "build_layers",
    "describe",
    "forget",
]

#: The most cells a shape may have (12 cells: 239,500,800 boards, 228 MiB).
LAYERS_MAX_CELLS = 12
#: Boards a second the estimate before a build assumes, by implementation (measured, rounded
#: down: docs/measurements/data-and-environment.md).
_RATE = {"numba": 1_500_000, "python": 500_000}
_FORMAT = 1
_SWEEPS_PER_LAYER = 8  # progress and Ctrl-C between them
_ANNOUNCE_SECONDS = 1.0
_ANNOUNCE_BYTES = 1_000_000
_LOADED: dict[tuple[str, tuple[int, ...], int, int], BoardLayers] = {}
_LOCK = threading.Lock()


class LayerBuildWarning(UserWarning):
    """The breadth-first layers of a shape are being built; the message says what it costs.

    Issued before a build estimated at a second or a megabyte or more (12 cells:
    about a minute of both cores and 228 MiB in the cache), once per build: the
    shape, the boards, the bytes, the file and the time. Silence it as any warning:
    ``warnings.filterwarnings("ignore", category=LayerBuildWarning)``.
    """


class BoardLayers:
    """Every board that reaches ``goal``, its distance one byte at its rank.

    >>> import tempfile
    >>> layers = board_layers(Board.goal(2, 3), cache_dir=tempfile.mkdtemp())
    >>> layers.board(layers.index((1, 2, 3, 4, 0, 5)))
    (1, 2, 3, 4, 0, 5)

    Attributes:
        goal: the goal.
        distances: one uint8 per rank (a read-only map of the cached file, or the
            array just built).
        counts: the number of boards at each distance, 0 to the diameter.
        path: the cached file (None when the cache could not take it).
        seconds: how long this process took to build them (None: read from the cache).
    """

    def __init__(
        self, goal: Board, distances: NDArray[np.uint8], counts: tuple[int, ...], path: Path | None
    ) -> None:
        self.goal = goal
        self.distances = distances
        self.counts = counts
        self.path = path
        self.seconds: float | None = None
        self._parity = parities(goal.tiles, goal.rows, goal.cols)

    @property
    def diameter(self) -> int:
        """The distance of the farthest boards."""
        return len(self.counts) - 1

    def index(self, tiles: tuple[int, ...]) -> int:
        """The rank of a board that reaches the goal."""
        return index_of(tiles, cols=self.goal.cols, parity=self._parity)

    def board(self, index: int) -> tuple[int, ...]:
        """The board of a rank, its tiles in reading order."""
        return board_of(index, self.goal.size, self._parity)

    def distance(self, tiles: tuple[int, ...]) -> int:
        """A board's exact distance to the goal (it must reach the goal)."""
        return int(self.distances[self.index(tiles)])

    def draw(self, distance: int, count: int, pick: Callable[[int], int]) -> list[tuple[int, ...]]:
        """``count`` boards at ``distance``, each uniform over that layer (``pick(n)`` is a
        uniform int in ``[0, n)``); one pass over the bytes, a chunk at a time."""
        total = self.counts[distance] if 0 <= distance < len(self.counts) else 0
        if count == 0 or total == 0:
            return []
        wanted = sorted((pick(total), k) for k in range(count))
        found: list[tuple[int, tuple[int, ...]]] = []
        seen = 0
        chunk = 1 << 24
        w = 0
        for first in range(0, len(self.distances), chunk):
            block = np.asarray(self.distances[first : first + chunk])
            here = int(np.count_nonzero(block == distance))
            if w < len(wanted) and wanted[w][0] < seen + here:
                places = np.flatnonzero(block == distance)
                while w < len(wanted) and wanted[w][0] < seen + here:
                    ordinal, k = wanted[w]
                    found.append((k, self.board(first + int(places[ordinal - seen]))))
                    w += 1
            seen += here
            if w == len(wanted):
                break
        return [board for _, board in sorted(found)]


def _path(goal: Board, directory: Path) -> Path:
    digest = hashlib.sha256(f"{goal.rows}x{goal.cols}:{goal.tiles}".encode()).hexdigest()[:12]
    return directory / f"layers-{goal.rows}x{goal.cols}-{digest}-v{_FORMAT}.npy"


def _boards(goal: Board) -> int:
    return math.factorial(goal.size) // 2


def _read(goal: Board, path: Path) -> BoardLayers | None:
    """The cached layers at ``path`` if whole and for ``goal`` (else None: built again)."""
    meta_path = path.with_suffix(".json")
    try:
        meta = json.loads(meta_path.read_text(encoding="utf-8"))
        distances = np.load(path, mmap_mode="r")
    except (OSError, ValueError):
        return None
    if (
        meta.get("format") != _FORMAT
        or tuple(meta.get("goal", ())) != goal.tiles
        or meta.get("shape") != [goal.rows, goal.cols]
        or distances.shape != (_boards(goal),)
        or distances.dtype != np.uint8
        or sum(meta.get("counts", ())) != len(distances)
    ):
        return None
    return BoardLayers(goal, distances, tuple(int(c) for c in meta["counts"]), path)


def _write(layers: BoardLayers, path: Path) -> Path | None:
    """The layers saved (the array, then its description: a file without one is not read)."""
    if cache_dir_problem(path.parent) is not None:
        return None
    goal = layers.goal
    meta = {
        "format": _FORMAT,
        "shape": [goal.rows, goal.cols],
        "goal": list(goal.tiles),
        "counts": list(layers.counts),
    }
    try:
        with tempfile.NamedTemporaryFile(dir=path.parent, suffix=".npy", delete=False) as out:
            np.save(out, np.asarray(layers.distances))
        os.replace(out.name, path)
        meta_path = path.with_suffix(".json")
        meta_path.write_text(json.dumps(meta), encoding="utf-8")
    except OSError:
        with contextlib.suppress(OSError):
            os.unlink(out.name)
        return None
    return path


def _check(goal: Board) -> None:
    if goal.rows < 2 or goal.cols < 2 or goal.size > LAYERS_MAX_CELLS:
        raise InvalidOptionError(
            f"breadth-first layers by rank are for shapes with both sides at least 2 and at "
            f"most {LAYERS_MAX_CELLS} cells, not {goal.rows}x{goal.cols}",
            (goal.rows, goal.cols),
            option="shape",
        )


def build_layers(
    goal: Board, *, progress: Callable[[int, int, int], object] | None = None
) -> tuple[NDArray[np.uint8], tuple[int, ...]]:
    """The distance byte of every board and the layer counts, by sweeps over the ranks.

    ``progress(depth, boards_so_far, total)`` after each sweep (the last call has
    ``boards_so_far == total``).
    """
    _check(goal)
    rows, cols = goal.rows, goal.cols
    total = _boards(goal)
    parity = parities(goal.tiles, rows, cols)
    neighbours = np.array(neighbour_table(rows, cols), dtype=np.int64)
    distances = np.full(total, UNSEEN, dtype=np.uint8)
    distances[index_of(goal.tiles, cols=cols, parity=parity)] = 0
    counts: list[int] = []
    step = -(-total // _SWEEPS_PER_LAYER)
    done = 0
    while True:
        depth = len(counts)
        found = 0
        for start in range(0, total, step):
            stop = min(total, start + step)
            found += dispatch.layer_sweep(
                distances, depth, rows, cols, neighbours, parity, start, stop
            )
        if not found:
            break
        counts.append(found)
        done += found
        if progress is not None:
            progress(depth, done, total)
        if depth + 1 >= UNSEEN:
            raise InvalidOptionError(  # pragma: no cover - no shape of 12 cells is that deep
                f"a {rows}x{cols} board is farther than {UNSEEN - 1} moves",
                (rows, cols),
                option="shape",
            )
    if done != total:  # pragma: no cover - a broken rank would leave boards unseen
        raise RuntimeError(f"breadth-first layers reached {done:,} of {total:,} boards")
    return distances, tuple(counts)


def board_layers(
    goal: Board,
    *,
    cache_dir: str | os.PathLike[str] | None = None,
    progress: Callable[[int, int, int], object] | None = None,
) -> BoardLayers:
    """The layers of ``goal``'s shape: from memory, the cache, or built (and cached) now.

    Raises `InvalidOptionError` for a shape with a side of 1 or more than
    `LAYERS_MAX_CELLS` cells (the message names it).
    """
    _check(goal)
    directory = Path(cache_dir) if cache_dir is not None else user_cache_dir()
    key = (str(directory), goal.tiles, goal.rows, goal.cols)
    with _LOCK:
        known = _LOADED.get(key)
        if known is not None:
            return known
        path = _path(goal, directory)
        layers = _read(goal, path)
        if layers is None:
            total = _boards(goal)
            seconds = total / _RATE.get(dispatch.IMPLEMENTATION, _RATE["python"])
            if seconds >= _ANNOUNCE_SECONDS or total >= _ANNOUNCE_BYTES:
                warnings.warn(
                    f"building the breadth-first layers of every {goal.rows}x{goal.cols} board "
                    f"for the goal {goal.to_text()}: {total:,} boards, one byte each "
                    f"({total / 2**20:,.0f} MiB, kept in {path}), about {seconds:,.0f} s; "
                    "once per shape and goal",
                    LayerBuildWarning,
                    stacklevel=3,
                )
            began = time.monotonic()
            distances, counts = build_layers(goal, progress=progress)
            layers = BoardLayers(goal, distances, counts, None)
            saved = _write(layers, path)
            if saved is not None:
                layers = _read(goal, saved) or layers
            layers.seconds = time.monotonic() - began
        _LOADED[key] = layers
        return layers


def forget(goal: Board | None = None) -> None:
    """Drop layers kept in memory (all, or ``goal``'s): the next call reads the cache again."""
    with _LOCK:
        for key in list(_LOADED):
            if goal is None or (key[1], key[2], key[3]) == (goal.tiles, goal.rows, goal.cols):
                del _LOADED[key]


def describe(layers: BoardLayers) -> dict[str, Any]:
    """What the layers hold, for the command line and the benchmark."""
    return {
        "shape": f"{layers.goal.rows}x{layers.goal.cols}",
        "boards": sum(layers.counts),
        "bytes": len(layers.distances),
        "diameter": layers.diameter,
        "path": None if layers.path is None else str(layers.path),
    }
