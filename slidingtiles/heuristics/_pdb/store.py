"""The table cache: where table files live, building or loading them, listing and clearing.

>>> import tempfile
>>> where = tempfile.mkdtemp()
>>> load(2, 2, cache_dir=where).path == table_path(2, 2, cache_dir=where)
True

Tables are files in `cache_dir` named by shape, partition and a digest of
shape, goal and groups (`table_path`); loaded tables are also kept in memory,
per path, for the life of the process. The file format is `tablefile`'s.

`solve` and the ``pdb`` heuristic get their table through `load_for_solving`:
the one place a table is built without being asked for by name. It announces a
noticeable build with a `TableBuildWarning` (cost, and how to pre-build or opt
out), shows its progress when standard error is a terminal, and builds nothing
when ``build_tables=False`` or ``$SLIDINGTILES_BUILD_TABLES`` says ``never``.
"""

from __future__ import annotations

import hashlib
import importlib
import itertools
import json
import logging
import os
import sys
import threading
import time
import warnings
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

import attrs

from slidingtiles._board.board import Board
from slidingtiles._cache import ENV_CACHE_DIR, user_cache_dir
from slidingtiles._engine import dispatch
from slidingtiles._engine.indexing import (
    PERM,
    REGION_TABLE_MAX_CELLS,
    encoding_for,
    table_entries,
)
from slidingtiles._errors import PatternDatabaseError
from slidingtiles.heuristics._pdb.database import (
    FORMAT_VERSION,
    BuildProgress,
    PatternDatabase,
    Progress,
)
from slidingtiles.heuristics._pdb.partition import default_partition_name, partition, resolve
from slidingtiles.heuristics._pdb.tablefile import (
    SUFFIX,
    is_table_file_name,
    read_header,
    read_table,
    write_table,
)

__all__ = [
    "AUTO_BUILD_SECONDS",
    "AUTO_MAX_CELLS",
    "BUILD_COSTS",
    "ENV_BUILD_TABLES",
    "ENV_CACHE_DIR",
    "TableBuildWarning",
    "TableInfo",
    "auto_available",
    "build",
    "cache_dir",
    "clear",
    "estimate_build_seconds",
    "estimate_table_bytes",
    "implicit_builds_allowed",
    "is_cached",
    "list_tables",
    "load",
    "load_for_solving",
    "preferred_partition",
    "table_path",
    "verify",
]

# Measured build rate (abstract states per second, numpy, this project's 2-core machine),
# used only to decide whether "auto" may build a table on first use.
_STATES_PER_SECOND = 800_000.0


def cache_dir(directory: str | os.PathLike[str] | None = None) -> Path:
    """Return the table directory: the argument, else ``$SLIDINGTILES_CACHE_DIR``, else user cache.

    >>> str(cache_dir("/tmp/tables"))
    '/tmp/tables'

    The user cache is ``$XDG_CACHE_HOME/slidingtiles`` when that variable holds an
    absolute path (a relative one is ignored, as the XDG rules say; default
    ``~/.cache/slidingtiles``) on Linux, ``~/Library/Caches/slidingtiles`` on
    macOS and ``%LOCALAPPDATA%\\slidingtiles\\Cache`` on Windows.
    """
    return Path(directory) if directory is not None else user_cache_dir()


def table_path(
    rows: int,
    cols: int,
    goal: Sequence[int] | Board | None = None,
    name: str = "default",
    *,
    groups: Iterable[Iterable[int]] | None = None,
    cache_dir: str | os.PathLike[str] | None = None,
) -> Path:
    """Return the file a table lives in: shape, partition, a digest of shape, goal and groups.

    >>> table_path(3, 3, cache_dir="/c").name
    '3x3-perfect-...-v1.stpdb'
    """
    goal_tiles, name, grouping = resolve(rows, cols, goal, name, groups)
    key = json.dumps([rows, cols, list(goal_tiles), [list(g) for g in grouping]]).encode()
    digest = hashlib.sha256(key).hexdigest()[:12]
    directory = _cache_dir(cache_dir)
    return directory / f"{rows}x{cols}-{name}-{digest}-v{FORMAT_VERSION}{SUFFIX}"


# The parameters named cache_dir hide the function.
_cache_dir = cache_dir
_LOADED: dict[Path, PatternDatabase] = {}
_LOCK = threading.Lock()


def build(
    rows: int,
    cols: int,
    goal: Sequence[int] | Board | None = None,
    name: str = "default",
    *,
    groups: Iterable[Iterable[int]] | None = None,
    cache_dir: str | os.PathLike[str] | None = None,
    progress: Progress | None = None,
) -> PatternDatabase:
    """Build a table, save it atomically in the cache and return it (rebuilds if present).

    >>> import tempfile
    >>> db = build(2, 3, cache_dir=tempfile.mkdtemp())
    >>> db.path.exists(), db.name
    (True, 'perfect')

    Cost: the 3x3 perfect table takes about a second, 4x4 6-6-3 about a
    minute or two (see docs/performance.md). ``progress`` gets a
    `BuildProgress` after every breadth-first layer. Two processes building
    the same table at once each write a complete temporary file and rename it
    into place, so the file is always whole.
    """
    path = table_path(rows, cols, goal, name, groups=groups, cache_dir=cache_dir)
    db = PatternDatabase.build(rows, cols, goal, name, groups=groups, progress=progress)
    db.path = path
    write_table(db, path)
    with _LOCK:
        _LOADED[path] = db
    return db


def load(
    rows: int,
    cols: int,
    goal: Sequence[int] | Board | None = None,
    name: str = "default",
    *,
    groups: Iterable[Iterable[int]] | None = None,
    cache_dir: str | os.PathLike[str] | None = None,
    build_missing: bool = True,
    progress: Progress | None = None,
) -> PatternDatabase:
    """Return a table from memory or the cache, building it if missing or invalid.

    >>> import tempfile
    >>> where = tempfile.mkdtemp()
    >>> load(2, 3, cache_dir=where) is load(2, 3, cache_dir=where)
    True

    A file that fails verification (truncated, altered, another version) is
    rebuilt and replaced. With ``build_missing=False`` a missing or bad file
    raises `PatternDatabaseError` instead.
    """
    path = table_path(rows, cols, goal, name, groups=groups, cache_dir=cache_dir)
    with _LOCK:
        if path in _LOADED:
            return _LOADED[path]
    try:
        db = read_table(path)
        goal_tiles, _, grouping = resolve(rows, cols, goal, name, groups)
        if (db.rows, db.cols) != (rows, cols) or db.goal != goal_tiles or db.groups != grouping:
            raise PatternDatabaseError(f"{path}: holds another shape, goal or partition", path)
    except PatternDatabaseError:
        if not build_missing:
            raise
        return build(rows, cols, goal, name, groups=groups, cache_dir=cache_dir, progress=progress)
    with _LOCK:
        _LOADED[path] = db
    return db


def is_cached(
    rows: int,
    cols: int,
    goal: Sequence[int] | Board | None = None,
    name: str = "default",
    *,
    cache_dir: str | os.PathLike[str] | None = None,
) -> bool:
    """Return True if the table is in memory or its file exists (not verified).

    >>> is_cached(3, 3, cache_dir="/nonexistent")
    False
    """
    path = table_path(rows, cols, goal, name, cache_dir=cache_dir)
    return path in _LOADED or path.is_file()


def preferred_partition(
    rows: int,
    cols: int,
    goal: Sequence[int] | Board | None = None,
    *,
    cache_dir: str | os.PathLike[str] | None = None,
) -> str:
    """Return the partition ``solve(heuristic="pdb")`` uses: the strongest one ready to use.

    >>> preferred_partition(3, 3), preferred_partition(3, 4)
    ('perfect', 'default')

    On 4x4 under the numba backend that is ``"7-8"`` when its tables are
    cached (about 17x fewer nodes than 6-6-3, for about a second of loading
    once per process); it is never built implicitly (about 6 minutes). Otherwise,
    the shape's default.
    """
    default = default_partition_name(rows, cols)
    if (
        (rows, cols) == (4, 4)
        and dispatch.IMPLEMENTATION == "numba"
        and is_cached(rows, cols, goal, "7-8", cache_dir=cache_dir)
    ):
        return "7-8"
    return default


#: What a long build costs, measured (docs/accelerated.md), told before it starts.
BUILD_COSTS = {
    "7-8": "about 6 minutes on 2 cores (more when they are busy), 3.8 GB of memory at peak, "
    "288 MB on disk",
}


def estimate_build_seconds(
    rows: int, cols: int, name: str = "default", goal: Sequence[int] | Board | None = None
) -> float:
    """Return a rough build time in seconds, from the number of abstract states.

    >>> estimate_build_seconds(3, 3) < 5
    True

    The estimate counts, per group, placements times two (blank regions per
    placement) at a rate measured on the project machine; it
    decides whether ``heuristic="auto"`` builds a table on first use.
    """
    cells = rows * cols
    groups = partition(rows, cols, goal, name)
    # About two blank regions per placement on average (measured on 4x4 6-tile groups).
    states = sum(2 * table_entries(cells, len(g), PERM) for g in groups)
    if cells > REGION_TABLE_MAX_CELLS:
        states = states * 3 // 2  # regions by an iterated flood fill (4x5: 19.9 s measured)
    return states / _STATES_PER_SECOND


#: ``heuristic="auto"`` builds a missing default table only if the estimate is below this.
AUTO_BUILD_SECONDS = 60.0
#: ``heuristic="auto"`` builds missing tables only for boards up to this many cells.
AUTO_MAX_CELLS = 20


def auto_available(goal: Board, *, build_tables: bool = True) -> bool:
    """Return True if a table for this goal is cached, or may be built now and quickly enough.

    >>> auto_available(Board.goal(3, 3)), auto_available(Board.goal(5, 5))
    (True, False)
    >>> auto_available(Board.goal(3, 3), build_tables=False) == is_cached(3, 3)
    True

    A cached table (the default partition's, or the stronger one
    `preferred_partition` picks) is always available. A missing one counts
    only if `implicit_builds_allowed` says so (``build_tables`` and
    ``$SLIDINGTILES_BUILD_TABLES``), the board has at most `AUTO_MAX_CELLS`
    (20) cells (on big boards a table's build time and worth were not
    measured) and its build is estimated under `AUTO_BUILD_SECONDS`.
    """
    allowed = implicit_builds_allowed(build_tables)  # checked even when a table is cached
    rows, cols, tiles = goal.rows, goal.cols, goal.tiles
    try:
        if is_cached(rows, cols, tiles) or is_cached(
            rows, cols, tiles, preferred_partition(rows, cols, tiles)
        ):
            return True
        if not allowed or goal.size > AUTO_MAX_CELLS:
            return False
        return estimate_build_seconds(rows, cols, goal=tiles) < AUTO_BUILD_SECONDS
    except ValueError:  # no partition fits this board
        return False


#: The environment variable that can forbid building tables implicitly (``0`` or ``never``).
ENV_BUILD_TABLES = "SLIDINGTILES_BUILD_TABLES"
_BUILD_ALLOWED = ("1", "true", "yes", "on")
_BUILD_NEVER = ("0", "never", "false", "no", "off")


def implicit_builds_allowed(build_tables: bool = True) -> bool:
    """Return whether a missing table may be built on first use: both the argument and the env.

    >>> implicit_builds_allowed(), implicit_builds_allowed(False)
    (True, False)
    >>> os.environ[ENV_BUILD_TABLES] = "never"
    >>> implicit_builds_allowed(True)
    False
    >>> os.environ[ENV_BUILD_TABLES] = "sometimes"
    >>> implicit_builds_allowed()  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    slidingtiles._errors.PatternDatabaseError: SLIDINGTILES_BUILD_TABLES='sometimes' is not ...
    >>> del os.environ[ENV_BUILD_TABLES]

    Either can say no: ``build_tables=False`` (an argument of `solve`), or
    ``$SLIDINGTILES_BUILD_TABLES`` set to ``0``, ``never``, ``false``,
    ``no`` or ``off`` (any case), which holds for every solve in the process
    whatever the code says. Unset, empty, ``1``, ``true``, ``yes`` or ``on``
    leave it to the argument. Asking for a table by name (`build`, `load`,
    ``slidingtiles pdb build``) is not an implicit build and always works.

    Raises:
        TypeError: ``build_tables`` is not True or False.
        PatternDatabaseError: (a ValueError) the variable holds another value; the
            message names it.
    """
    if build_tables not in (True, False):  # a string such as "no" would be truthy
        raise TypeError(f"build_tables must be True or False, not {build_tables!r}")
    raw = os.environ.get(ENV_BUILD_TABLES, "")
    setting = raw.strip().lower()
    if setting in _BUILD_NEVER:
        return False
    if setting and setting not in _BUILD_ALLOWED:
        raise PatternDatabaseError(
            f"{ENV_BUILD_TABLES}={raw!r} is not understood; use one of "
            f"{', '.join(_BUILD_NEVER)} (never build tables implicitly) or "
            f"{', '.join(_BUILD_ALLOWED)} (build them on first use, the default)",
            raw,
        )
    return bool(build_tables)


def estimate_table_bytes(
    rows: int, cols: int, name: str = "default", goal: Sequence[int] | Board | None = None
) -> int:
    """Return a table's size in bytes, in memory and on disk (the file's header adds under 1 kB).

    >>> estimate_table_bytes(3, 3), estimate_table_bytes(4, 4)
    (362880, 33558528)

    Exact: one byte per index of each group's table (half a byte for the 7-8
    partition, whose entries take 4 bits).
    """
    cells = rows * cols
    groups = partition(rows, cols, goal, name)
    if name == "7-8":
        return sum((table_entries(cells, len(g), PERM) + 1) // 2 for g in groups)
    return sum(table_entries(cells, len(g), encoding_for(cells, len(g))) for g in groups)


class TableBuildWarning(UserWarning):
    """A pattern-database table is being built on first use; the message says what it costs.

    Issued by `solve` (and the ``pdb`` heuristic) before building a missing
    table estimated to take a second or more, or to write a megabyte or more
    (the 4x4 tables: about 30 s and 34 MB); smaller builds pass silently. It
    names the table, the file, the cost, the command that builds it beforehand
    (``slidingtiles pdb build 4x4``) and how to opt out (``build_tables=False``,
    ``SLIDINGTILES_BUILD_TABLES=0``). Like any warning it can be silenced:
    ``warnings.filterwarnings("ignore", category=TableBuildWarning)``.
    """


# A build announced by a TableBuildWarning: estimated to take this long or write this much.
_ANNOUNCE_SECONDS = 1.0
_ANNOUNCE_BYTES = 1_000_000
_LOG = logging.getLogger("slidingtiles")
# Frames in files under this directory are ours: a warning points past them, at the caller.
_PACKAGE_DIR = str(Path(__file__).resolve().parents[2]) + os.sep


def load_for_solving(
    goal: Board,
    *,
    build_tables: bool = True,
    cache_dir: str | os.PathLike[str] | None = None,
) -> PatternDatabase:
    """Return the goal's default table, building it on first use if allowed, and saying so.

    >>> import tempfile
    >>> where = tempfile.mkdtemp()
    >>> load_for_solving(Board.goal(2, 3), cache_dir=where).name
    'perfect'
    >>> load_for_solving(Board.goal(2, 4), build_tables=False, cache_dir=where)
    Traceback (most recent call last):
    ...
    slidingtiles._errors.PatternDatabaseError: the 2x4 pattern database (partition perfect) is ...

    The table comes from memory or the cache as `load` gives it. A missing
    (or damaged) one is built and saved, unless `implicit_builds_allowed`
    says no: then `PatternDatabaseError` names the table and the command that
    builds it. A build estimated at a second or a megabyte or more (3x4 and
    larger boards) first issues a `TableBuildWarning` with its cost; smaller
    ones are only logged (DEBUG, ``slidingtiles`` logger). While it runs,
    when standard error is a terminal, its progress is shown there (a tqdm
    bar if tqdm is installed, else a line every few seconds); otherwise
    nothing is printed.
    """
    allowed = implicit_builds_allowed(build_tables)
    rows, cols, tiles = goal.rows, goal.cols, goal.tiles
    try:
        return load(rows, cols, tiles, cache_dir=cache_dir, build_missing=False)
    except PatternDatabaseError as problem:
        if not allowed:
            raise PatternDatabaseError(
                _refusal(goal, build_tables, problem, cache_dir),
                table_path(rows, cols, tiles, cache_dir=cache_dir),
            ) from None
    path = table_path(rows, cols, tiles, cache_dir=cache_dir)
    with _LOCK:
        building = _BUILDING.setdefault(path, threading.Lock())
    with building:  # threads solving at once: one builds (and tells), the others wait for it
        try:
            return load(rows, cols, tiles, cache_dir=cache_dir, build_missing=False)
        except PatternDatabaseError:
            return _build_announced(goal, path, cache_dir)


# Per table file, the lock held while it is built on first use.
_BUILDING: dict[Path, threading.Lock] = {}


def _build_announced(
    goal: Board, path: Path, cache_dir: str | os.PathLike[str] | None
) -> PatternDatabase:
    """Build the goal's default table: warned about if noticeable, its progress on a terminal."""
    rows, cols, tiles = goal.rows, goal.cols, goal.tiles
    name = default_partition_name(rows, cols)
    seconds = estimate_build_seconds(rows, cols, goal=tiles)
    size = estimate_table_bytes(rows, cols, goal=tiles)
    if seconds >= _ANNOUNCE_SECONDS or size >= _ANNOUNCE_BYTES:
        warnings.warn(
            f"slidingtiles is building the {rows}x{cols} pattern database (partition {name}"
            f"{_goal_note(goal)}) on first use: {_seconds_text(seconds)} and "
            f"{_bytes_text(size)}, once, into {path}; later solves load it from there. "
            f"To build it beforehand, run: {_build_command(goal, cache_dir)}. To never build "
            f"tables implicitly, pass build_tables=False to solve or set "
            f"{ENV_BUILD_TABLES}=0 (heuristic='auto' then uses a heuristic without tables).",
            TableBuildWarning,
            stacklevel=_stacklevel_past_package(),
        )
    _LOG.debug("building the %dx%d %s pattern database into %s", rows, cols, name, path)
    display = _TerminalProgress(rows, cols, tiles, name) if _stderr_is_terminal() else None

    def report(step: BuildProgress) -> None:
        if step.done:
            _LOG.debug(
                "pattern database: group %d/%d (%d tiles) built in %.1f s",
                step.group + 1, step.groups, step.group_size, step.seconds,
            )  # fmt: skip
        if display is not None:
            display(step)

    try:
        return build(rows, cols, tiles, cache_dir=cache_dir, progress=report)
    finally:
        if display is not None:
            display.close()


def _refusal(
    goal: Board,
    build_tables: bool,
    problem: PatternDatabaseError,
    cache_dir: str | os.PathLike[str] | None,
) -> str:
    """Why no table was built, and how to get one: the message of a refused implicit build."""
    rows, cols = goal.rows, goal.cols
    path = table_path(rows, cols, goal.tiles, cache_dir=cache_dir)
    state = f"is damaged ({problem})" if path.exists() else f"is not cached ({path})"
    who = (
        "build_tables=False"
        if not build_tables
        else f"{ENV_BUILD_TABLES}={os.environ.get(ENV_BUILD_TABLES)!r}"
    )
    return (
        f"the {rows}x{cols} pattern database (partition {default_partition_name(rows, cols)}"
        f"{_goal_note(goal)}) {state} and building tables implicitly is off ({who}); "
        f"build it once with: {_build_command(goal, cache_dir)} "
        f"(or slidingtiles.pdb.build in Python), or choose a heuristic that needs no table "
        f"(heuristic='auto' falls back to one)"
    )


def _goal_note(goal: Board) -> str:
    """How a message names the goal: nothing for the usual one (blank last)."""
    if goal.tiles == Board.goal(goal.rows, goal.cols).tiles:
        return ""
    if goal.tiles == Board.goal(goal.rows, goal.cols, blank="first").tiles:
        return ", goal with the blank first"
    return f", goal {_goal_text(goal)}"


def _goal_text(goal: Board) -> str:
    """The goal as numbers (``"1 2 3/4 0 5"``): what ``pdb build --goal`` reads, labels or not."""
    tiles, cols = goal.tiles, goal.cols
    return "/".join(" ".join(map(str, tiles[r * cols : (r + 1) * cols])) for r in range(goal.rows))


def _build_command(goal: Board, cache_dir: str | os.PathLike[str] | None) -> str:
    """The command line that builds this goal's default table into this cache."""
    command = f"slidingtiles pdb build {goal.rows}x{goal.cols}"
    if goal.tiles == Board.goal(goal.rows, goal.cols, blank="first").tiles:
        command += " --goal first"
    elif goal.tiles != Board.goal(goal.rows, goal.cols).tiles:
        command += f' --goal "{_goal_text(goal)}"'
    if cache_dir is not None:
        command += f' --cache-dir "{cache_dir}"'
    return command


def _seconds_text(seconds: float) -> str:
    if seconds < 1.5:
        return "about a second"
    if seconds < 90:
        return f"about {seconds:.0f} s"
    return f"about {seconds / 60:.0f} minutes"


def _bytes_text(size: int) -> str:
    if size < 1_000_000:
        return f"{size / 1e3:.0f} kB"
    return f"{size / 1e6:.{1 if size < 10_000_000 else 0}f} MB"


def _stacklevel_past_package() -> int:
    """The ``stacklevel`` at which our caller's `warnings.warn` names the first frame not ours.

    So the warning points at the user's line (``solve(...)``), however deep in the package
    the build was decided, and the default filter shows it once per such line.
    """
    level, frame = 1, sys._getframe(1)
    while frame is not None and frame.f_code.co_filename.startswith(_PACKAGE_DIR):
        level += 1
        frame = frame.f_back  # type: ignore[assignment]
    return level


def _stderr_is_terminal() -> bool:
    """True when standard error is an interactive terminal (it may be None, or closed)."""
    try:
        return sys.stderr is not None and sys.stderr.isatty()
    except (AttributeError, ValueError):
        return False


class _TerminalProgress:
    """A table build's progress on standard error: a tqdm bar if installed, else plain lines.

    The total is the estimate `estimate_build_seconds` uses (about two abstract states per
    placement of a group's tiles); a group's share is capped just short of full until the
    group is done, so the display never claims more than is finished.
    """

    _LINE_EVERY = 2.0  # seconds between plain lines

    def __init__(self, rows: int, cols: int, goal: Sequence[int], name: str) -> None:
        cells = rows * cols
        self.expected = [
            2 * table_entries(cells, len(g), PERM) for g in partition(rows, cols, goal, name)
        ]
        self.before = list(itertools.accumulate(self.expected, initial=0))
        self.total = self.before[-1]
        self.title = f"building the {rows}x{cols} pattern database"
        self.started = time.perf_counter()
        self.printed = self.started
        self.bar: Any = None
        try:
            tqdm = importlib.import_module("tqdm").tqdm
        except ImportError:
            print(f"slidingtiles: {self.title} ...", file=sys.stderr, flush=True)
        else:
            self.bar = tqdm(
                total=self.total, desc=self.title, unit="state", unit_scale=True,
                file=sys.stderr, leave=True,
            )  # fmt: skip

    def __call__(self, step: BuildProgress) -> None:
        expected = self.expected[step.group]
        within = expected if step.done else min(step.states, int(expected * 0.99))
        done = self.before[step.group] + within
        if self.bar is not None:
            self.bar.set_postfix_str(f"group {step.group + 1}/{step.groups}", refresh=False)
            self.bar.update(max(0, done - self.bar.n))
            return
        now = time.perf_counter()
        if not step.done and now - self.printed < self._LINE_EVERY:
            return
        self.printed = now
        elapsed = now - self.started
        fraction = done / self.total if self.total else 1.0
        remaining = elapsed / fraction - elapsed if 0 < fraction < 1 else 0.0
        left = f", about {remaining:.0f} s left" if remaining >= 1 else ""
        print(
            f"slidingtiles: {self.title}: {fraction:.0%} (group {step.group + 1}/{step.groups}, "
            f"{elapsed:.0f} s{left})",
            file=sys.stderr, flush=True,
        )  # fmt: skip

    def close(self) -> None:
        if self.bar is not None:
            self.bar.close()


@attrs.frozen
class TableInfo:
    """What a table file holds, read from its header (and verified if asked).

    Attributes:
        path: the file.
        rows, cols: board shape (0 when the header is unreadable).
        partition: partition name.
        groups: the tile groups.
        goal: the goal tiles.
        size: file size in bytes.
        ok: the file passed the checks made (header only for `list_tables`,
            header and checksum for `verify`).
        problem: why not, or ``""``.
    """

    path: Path
    rows: int
    cols: int
    partition: str
    groups: tuple[tuple[int, ...], ...]
    goal: tuple[int, ...]
    size: int
    ok: bool
    problem: str = ""


def _info(path: Path, *, full: bool) -> TableInfo:
    size = path.stat().st_size if path.exists() else 0
    try:
        if full:
            db = read_table(path)
            return TableInfo(path, db.rows, db.cols, db.name, db.groups, db.goal, size, True)
        header = read_header(path)
        return TableInfo(
            path, int(header["rows"]), int(header["cols"]),  # type: ignore[call-overload]
            str(header["partition"]),
            tuple(tuple(g) for g in header["groups"]),  # type: ignore[attr-defined]
            tuple(header["goal"]), size, True,  # type: ignore[arg-type]
        )  # fmt: skip
    except (PatternDatabaseError, KeyError, TypeError, ValueError, OSError) as exc:
        return TableInfo(path, 0, 0, "", (), (), size, False, str(exc))


def _table_files(cache_dir: str | os.PathLike[str] | None) -> list[Path]:
    directory = _cache_dir(cache_dir)
    return sorted(directory.glob("*" + SUFFIX)) if directory.is_dir() else []


def list_tables(cache_dir: str | os.PathLike[str] | None = None) -> list[TableInfo]:
    """Return the table files in the cache directory, from their headers (fast, no checksum).

    >>> list_tables("/nonexistent")
    []
    """
    return [_info(p, full=False) for p in _table_files(cache_dir)]


def verify(cache_dir: str | os.PathLike[str] | None = None) -> list[TableInfo]:
    """Return every table file in the cache, fully checked (header, sizes, checksum).

    >>> verify("/nonexistent")
    []

    Nothing is changed: a bad file is reported (``ok=False``, ``problem``);
    `load` rebuilds it when it is next needed, `clear` removes it.
    """
    return [_info(p, full=True) for p in _table_files(cache_dir)]


def clear(cache_dir: str | os.PathLike[str] | None = None) -> list[Path]:
    """Delete the table files (and stale temporary files) in the cache; return what was removed.

    >>> clear("/nonexistent")
    []
    """
    directory = _cache_dir(cache_dir)
    removed: list[Path] = []
    if not directory.is_dir():
        return removed
    for p in sorted(directory.iterdir()):
        if is_table_file_name(p.name):
            p.unlink(missing_ok=True)
            removed.append(p)
    with _LOCK:
        for p in removed:
            _LOADED.pop(p, None)
    return removed
