"""Tables on first use: the one place a table is built without being asked for by name.

>>> auto_available(Board.goal(3, 3)), auto_available(Board.goal(6, 6))
(True, False)

`solve` and the ``pdb`` heuristic get their table through `load_for_solving`.
It announces a noticeable build with a `TableBuildWarning` (cost, and how to
pre-build or opt out), shows its progress when standard error is a terminal,
and builds nothing when ``build_tables=False`` or ``$SLIDINGTILES_BUILD_TABLES``
says ``never``. `auto_available` tells ``heuristic="auto"`` whether the table
is there or may be built now. The cache itself is `store`'s. When the cache
directory cannot take a table, the table is built in memory for this process
and `tell_cache_problem` says so once (`CacheWarning`); a build runs on the
caller's clock (`Deadline`) when one is given.
"""

from __future__ import annotations

import importlib
import itertools
import logging
import os
import sys
import threading
import time
import warnings
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from slidingtiles._board.board import Board
from slidingtiles._cache import cache_dir_problem
from slidingtiles._errors import CacheDirectoryError, CacheWarning, PatternDatabaseError
from slidingtiles._heuristics._pdb.choice import READY, choices, table_choice
from slidingtiles._heuristics._pdb.cost import (
    build_states,
    estimate_build_seconds,
    estimate_table_bytes,
)
from slidingtiles._heuristics._pdb.database import BuildProgress, PatternDatabase
from slidingtiles._heuristics._pdb.partition import default_partition_name, stored_groups
from slidingtiles._heuristics._pdb.store import build, is_cached, load, table_path
from slidingtiles.search import Deadline

__all__ = [
    "AUTO_BUILD_SECONDS",
    "AUTO_MAX_CELLS",
    "ENV_BUILD_TABLES",
    "TableBuildWarning",
    "auto_available",
    "implicit_builds_allowed",
    "load_for_solving",
    "tell_cache_problem",
]

#: ``heuristic="auto"`` builds a missing default table only if the estimate is below this.
AUTO_BUILD_SECONDS = 60.0
#: ``heuristic="auto"`` builds missing tables only for boards up to this many cells.
AUTO_MAX_CELLS = 20


def auto_available(goal: Board, *, build_tables: bool = True) -> bool:
    """Return True if a table for this goal is ready, or may be built now and quickly enough.

    >>> auto_available(Board.goal(3, 3)), auto_available(Board.goal(6, 6))
    (True, False)
    >>> auto_available(Board("1 2 3 4 5/6 7 0 8 9"), build_tables=False)  # not shipped, not built
    False

    A table ready to use (`choice.table_choice`: in memory, cached or shipped
    with the package) is always available. A missing one counts only if
    `implicit_builds_allowed` says so (``build_tables`` and
    ``$SLIDINGTILES_BUILD_TABLES``), the board has at most `AUTO_MAX_CELLS`
    (20) cells (on big boards a table's build time and worth were not
    measured) and its build is estimated under `AUTO_BUILD_SECONDS`.
    """
    allowed = implicit_builds_allowed(build_tables)  # checked even when a table is cached
    try:
        choice = table_choice(goal.rows, goal.cols, goal.tiles)
        if choice.ready:
            return True
        if not allowed or goal.size > AUTO_MAX_CELLS:
            return False
        seconds = estimate_build_seconds(goal.rows, goal.cols, choice.name, goal.tiles)
    except ValueError:  # no partition fits this board
        return False
    return seconds < AUTO_BUILD_SECONDS


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
    clock: Deadline | None = None,
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
    nothing is printed. A cache directory that cannot take the table (a file,
    uncreatable, read-only) does not stop it: the table is built in memory,
    for this process, and `tell_cache_problem` says so once; when the write
    fails only after the build (a full disk), the table just built is used
    from memory, never built again, and said so once. With a ``clock``
    the build stops with `SearchLimitExceeded` (``limit="time"``) at the first
    breadth-first layer past the caller's ``time_limit``.
    """
    allowed = implicit_builds_allowed(build_tables)
    rows, cols, tiles = goal.rows, goal.cols, goal.tiles
    name, problem = _ready_or_first_built(goal, cache_dir)
    if isinstance(problem, PatternDatabase):
        return problem
    path = table_path(rows, cols, tiles, name, cache_dir=cache_dir)
    if not allowed:
        raise PatternDatabaseError(_refusal(goal, name, build_tables, problem, cache_dir), path)
    with _BUILDING_LOCK:
        building = _BUILDING.setdefault(path, threading.Lock())
    with building:  # threads solving at once: one builds (and tells), the others wait for it
        try:
            return load(rows, cols, tiles, name, cache_dir=cache_dir, build_missing=False)
        except PatternDatabaseError:
            pass
        unusable = cache_dir_problem(path.parent)
        if unusable is not None:  # said before the build, which is announced once
            tell_cache_problem(unusable, "the table is built in memory, for this process only")
            return _build_announced(goal, name, path, cache_dir, clock, save=False)
        try:
            return _build_announced(goal, name, path, cache_dir, clock)
        except CacheDirectoryError as refused:  # built, then not saved: the disk filled up
            where = Path(str(refused.value))
            reason = cache_dir_problem(where) or f"{where} cannot take it ({refused.strerror})"
            tell_cache_problem(reason, "the table just built is used from memory, for this process")
            try:
                return load(rows, cols, tiles, name, cache_dir=cache_dir, build_missing=False)
            except PatternDatabaseError:  # refused before the build after all (a race)
                return _build_announced(goal, name, path, cache_dir, clock, save=False)


def _ready_or_first_built(
    goal: Board, cache_dir: str | os.PathLike[str] | None
) -> tuple[str, PatternDatabase | PatternDatabaseError]:
    """The first declared partition whose tables load, and them; else the one to build, and why.

    A `READY` partition whose file cannot be used (damaged: `load` says so once,
    a WARNING on the ``slidingtiles`` logger) is passed over for the next one.
    """
    rows, cols, tiles = goal.rows, goal.cols, goal.tiles
    build_name: str | None = None
    problem = PatternDatabaseError("no partition declared", goal)
    for name, when in choices(rows, cols):
        if when == READY and not is_cached(rows, cols, tiles, name, cache_dir=cache_dir):
            continue  # not there: not worth a try
        try:
            return name, load(rows, cols, tiles, name, cache_dir=cache_dir, build_missing=False)
        except PatternDatabaseError as missing:  # missing, or damaged (`load` logs that once)
            if when == READY:
                continue
            if build_name is None:
                build_name, problem = name, missing
    return build_name or default_partition_name(rows, cols), problem


# Problems with the cache directory already told, one CacheWarning each per process.
_TOLD: set[str] = set()


def tell_cache_problem(problem: str, consequence: str) -> None:
    """Say once per process (a `CacheWarning`) that the cache cannot be used, and what happens.

    >>> import warnings
    >>> with warnings.catch_warnings(record=True) as caught:
    ...     warnings.simplefilter("always")
    ...     tell_cache_problem("(a doctest problem)", "nothing")
    ...     tell_cache_problem("(a doctest problem)", "nothing")
    >>> len(caught)
    1
    """
    if problem in _TOLD:
        return
    _TOLD.add(problem)
    warnings.warn(
        f"the table cache cannot be used: {problem}; {consequence}. Set "
        "SLIDINGTILES_CACHE_DIR to a writable directory to keep tables between runs.",
        CacheWarning,
        stacklevel=_stacklevel_past_package(),
    )


# Per table file, the lock held while it is built on first use.
_BUILDING: dict[Path, threading.Lock] = {}
_BUILDING_LOCK = threading.Lock()


def _build_announced(
    goal: Board,
    name: str,
    path: Path,
    cache_dir: str | os.PathLike[str] | None,
    clock: Deadline | None = None,
    *,
    save: bool = True,
) -> PatternDatabase:
    """Build the goal's table of this partition: warned about if noticeable, shown on a terminal.

    The build stops at the first layer past the ``clock``'s time; ``save=False``
    keeps the table in memory only.
    """
    rows, cols, tiles = goal.rows, goal.cols, goal.tiles
    seconds = estimate_build_seconds(rows, cols, name, tiles)
    size = estimate_table_bytes(rows, cols, name, tiles)
    if seconds >= _ANNOUNCE_SECONDS or size >= _ANNOUNCE_BYTES:
        where = (
            f"once, into {path}; later solves load it from there"
            if save
            else "in memory, for this process (the cache cannot be used)"
        )
        warnings.warn(
            f"building the {rows}x{cols} pattern database (partition {name}"
            f"{_goal_note(goal)}) on first use: {_seconds_text(seconds)} and "
            f"{_bytes_text(size)}, {where}. "
            f"To build it beforehand, run: {_build_command(goal, name, cache_dir)}. To never build "
            f"tables implicitly, pass build_tables=False to solve or set "
            f"{ENV_BUILD_TABLES}=0 (heuristic='auto' then uses a heuristic without tables).",
            TableBuildWarning,
            stacklevel=_stacklevel_past_package(),
        )
    _LOG.debug("building the %dx%d %s pattern database into %s", rows, cols, name, path)
    display = _TerminalProgress(rows, cols, tiles, name) if _stderr_is_terminal() else None

    def report(step: BuildProgress) -> None:
        if clock is not None:  # past the caller's time_limit: stop between two layers
            clock.remaining(f"finishing the {rows}x{cols} pattern database")
        if step.done:
            _LOG.debug(
                "pattern database: group %d/%d (%d tiles) built in %.1f s",
                step.group + 1,
                step.groups,
                step.group_size,
                step.seconds,
            )
        if display is not None:
            display(step)

    try:
        return build(rows, cols, tiles, name, cache_dir=cache_dir, progress=report, save=save)
    finally:
        if display is not None:
            display.close()


def _refusal(
    goal: Board,
    name: str,
    build_tables: bool,
    problem: PatternDatabaseError,
    cache_dir: str | os.PathLike[str] | None,
) -> str:
    """Why no table was built, and how to get one: the message of a refused implicit build."""
    rows, cols = goal.rows, goal.cols
    path = table_path(rows, cols, goal.tiles, name, cache_dir=cache_dir)
    state = f"is damaged ({problem})" if path.exists() else f"is not cached ({path})"
    who = (
        "build_tables=False"
        if not build_tables
        else f"{ENV_BUILD_TABLES}={os.environ.get(ENV_BUILD_TABLES)!r}"
    )
    return (
        f"the {rows}x{cols} pattern database (partition {name}{_goal_note(goal)}) {state} and "
        f"building tables implicitly is off ({who}); build it once with: "
        f"{_build_command(goal, name, cache_dir)} "
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


def _build_command(goal: Board, name: str, cache_dir: str | os.PathLike[str] | None) -> str:
    """The command line that builds this goal's table of this partition into this cache."""
    command = f"slidingtiles pdb build {goal.rows}x{goal.cols}"
    if name != default_partition_name(goal.rows, goal.cols):
        command += f" --partition {name}"
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

    The total is `build_states` per group: exact on the shapes it can count quickly, else
    its estimate; a group's share is capped just short of full until the group is done,
    so the display never claims more than is finished.
    """

    _LINE_EVERY = 2.0  # seconds between plain lines

    def __init__(self, rows: int, cols: int, goal: Sequence[int], name: str) -> None:
        self.expected = [
            build_states(rows, cols, len(g))[0] for g in stored_groups(rows, cols, goal, name)
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
                total=self.total,
                desc=self.title,
                unit="state",
                unit_scale=True,
                file=sys.stderr,
                leave=True,
            )

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
            file=sys.stderr,
            flush=True,
        )

    def close(self) -> None:
        if self.bar is not None:
            self.bar.close()
