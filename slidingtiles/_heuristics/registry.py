"""The heuristic registry: each heuristic with the guarantees the search relies on.

>>> get("hamming").name, get("manhattan").admissible
('misplaced', True)

The heuristics themselves live in `classic`, `walking` and `_pdb`, which
register on import (the package's ``__init__`` imports them all, so any
import from ``slidingtiles._heuristics`` finds them registered).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeAlias, TypeVar, overload

import attrs

from slidingtiles._board.board import Board, trusted_board
from slidingtiles._errors import HeuristicError, HeuristicTypeError, UnknownHeuristicError

__all__ = [
    "RESERVED",
    "FastHeuristic",
    "Heuristic",
    "HeuristicInfo",
    "Specializer",
    "TilesHeuristic",
    "get",
    "is_builtin",
    "names",
    "register",
    "registry",
    "seal_builtins",
    "unregister",
]

#: A tile heuristic: ``h(board, goal) -> number``, an estimate of the moves left. The
#: built-in ones return ints; any finite number >= 0 is accepted (a float too).
Heuristic: TypeAlias = Callable[[Board, Board], float]
#: A heuristic specialised to one goal, taking the board's flat tile tuple (the built-in
#: ones return ints; `Specializer` accepts float-valued ones too).
FastHeuristic: TypeAlias = Callable[[tuple[int, ...]], int]
#: What `HeuristicInfo.for_goal` returns: a specialised heuristic, int- or float-valued.
TilesHeuristic: TypeAlias = Callable[[tuple[int, ...]], float]
# The decorated function's own type, kept through `register` (an int heuristic stays one).
_H = TypeVar("_H", bound=Heuristic)
#: Builds a `FastHeuristic` for a goal (the search's hot path uses it); float-valued allowed.
Specializer: TypeAlias = Callable[[Board], TilesHeuristic]


@attrs.frozen
class HeuristicInfo:
    """A registered heuristic: the function plus the guarantees the search relies on.

    >>> info = get("manhattan")
    >>> info.admissible, info.consistent, info(Board("1 2 3/4 5 6/7 0 8"), Board.goal(3, 3))
    (True, True, 1)

    Attributes:
        name: the registry name.
        function: ``h(board, goal) -> number`` (int or float).
        admissible: never overestimates the true distance (A* and IDA* are then optimal).
        consistent: changes by at most one per move (A* then never reopens a state).
        description: one line for listings.
        aliases: other names it answers to.
        strength: a rank among admissible heuristics; ``heuristic="auto"`` picks the highest
            that applies.
        specialize: optional ``goal -> (tiles -> int)`` factory giving the same values faster.
        applies_to: optional ``goal -> bool``: False where the heuristic does not fit the
            board or would be costly to prepare now (``"auto"`` then skips it); None means
            everywhere.
    """

    name: str
    function: Heuristic
    admissible: bool
    consistent: bool
    description: str = ""
    aliases: tuple[str, ...] = ()
    strength: int = 0
    specialize: Specializer | None = None
    applies_to: Callable[[Board], bool] | None = None

    def __call__(self, board: Board, goal: Board) -> float:
        return self.function(board, goal)

    def for_goal(self, goal: Board) -> TilesHeuristic:
        """Return ``tiles -> h`` for a fixed goal (specialised when the heuristic offers it)."""
        if self.specialize is not None:
            return self.specialize(goal)
        function, rows, cols, labels = self.function, goal.rows, goal.cols, goal.labels
        return lambda tiles: function(trusted_board(rows, cols, tiles, labels), goal)


_REGISTRY: dict[str, HeuristicInfo] = {}
_ALIASES: dict[str, str] = {}
#: Names no heuristic may take: ``solve`` reads ``"auto"`` as "choose one", and reports
#: ``"none"`` where no heuristic was used.
RESERVED = frozenset({"auto", "none"})
# The names and aliases of the library's own heuristics (`seal_builtins`): the tile engine
# runs its own kernels for some of these names, so they cannot be replaced or removed.
_BUILTIN: set[str] = set()
# Bumped whenever a heuristic is registered or removed (`generation`).
_GENERATION = 0


def generation() -> int:
    """A number that changes whenever a heuristic is registered, replaced or removed.

    >>> generation() > 0
    True
    """
    return _GENERATION


def seal_builtins() -> None:
    """Mark every heuristic registered so far as built in (``_heuristics/__init__`` does, once)."""
    for info in _REGISTRY.values():
        _BUILTIN.update((info.name, *info.aliases))


def is_builtin(info: HeuristicInfo) -> bool:
    """True for the library's own registered heuristics (checked by its tests, trusted by solve).

    >>> is_builtin(get("manhattan")), is_builtin(HeuristicInfo("m", get("manhattan").function,
    ...                                                          admissible=True, consistent=True))
    (True, False)
    """
    return info.name in _BUILTIN and _REGISTRY.get(info.name) is info


def _refuse_label(label: object, name: str, replace: bool) -> None:
    """Raise `HeuristicError` if ``label`` (the name or an alias) cannot be registered."""
    if not isinstance(label, str) or not label.strip():
        kind = HeuristicError if isinstance(label, str) else HeuristicTypeError
        raise kind(
            f"a heuristic name must be a non-empty string, not {label!r}", label, heuristic=name
        )
    if label in RESERVED:
        raise HeuristicError(
            f"heuristic name {label!r} is reserved (solve reads {label!r} itself); "
            "choose another name",
            label,
            heuristic=name,
        )
    if label in _BUILTIN:
        raise HeuristicError(
            f"heuristic name {label!r} belongs to a built-in heuristic, which cannot be "
            "replaced; register yours under another name",
            label,
            heuristic=name,
        )
    if not replace and (label in _REGISTRY or label in _ALIASES):
        raise HeuristicError(
            f"heuristic name {label!r} is taken (pass replace=True)", label, heuristic=name
        )


@overload
def register(
    name: str,
    function: None = None,
    *,
    admissible: bool,
    consistent: bool = False,
    description: str = "",
    aliases: tuple[str, ...] = (),
    strength: int = 0,
    specialize: Specializer | None = None,
    applies_to: Callable[[Board], bool] | None = None,
    replace: bool = False,
) -> Callable[[_H], _H]: ...
@overload
def register(
    name: str,
    function: _H,
    *,
    admissible: bool,
    consistent: bool = False,
    description: str = "",
    aliases: tuple[str, ...] = (),
    strength: int = 0,
    specialize: Specializer | None = None,
    applies_to: Callable[[Board], bool] | None = None,
    replace: bool = False,
) -> _H: ...
def register(
    name: str,
    function: _H | None = None,
    *,
    admissible: bool,
    consistent: bool = False,
    description: str = "",
    aliases: tuple[str, ...] = (),
    strength: int = 0,
    specialize: Specializer | None = None,
    applies_to: Callable[[Board], bool] | None = None,
    replace: bool = False,
) -> _H | Callable[[_H], _H]:
    """Register a heuristic under a name, as a decorator or a direct call.

    >>> @register("blank_distance", admissible=False, description="blank to its goal cell")
    ... def blank_distance(board, goal):
    ...     (r, c), (gr, gc) = board.blank_position, goal.blank_position
    ...     return abs(r - gr) + abs(c - gc)
    >>> get("blank_distance").admissible
    False
    >>> unregister("blank_distance")

    ``admissible`` is required: say honestly whether the estimate can exceed
    the true distance, because `solve` reports ``optimal=True`` only for
    admissible heuristics. ``consistent`` (h drops by at most one per move)
    spares A* from reopening states. Consistency implies admissibility for a
    heuristic that is 0 at the goal, but declare both.

    The claims are checked before they are believed: before `solve` reports
    a solution optimal, it checks them once per process, shape and goal, on
    every board of a shape of at most 9 cells
    (`slidingtiles.heuristics.check`) and on a sample of about 0.2 s above
    (`slidingtiles._heuristics.claims`), and along the answer's own path
    every time; it raises `HeuristicClaimError` with a counterexample if one
    is false.

    Every refusal is a `HeuristicError` (a ValueError; `HeuristicTypeError`,
    also a TypeError, for a name that is not a string or a function that is
    not callable): a reserved name (``"auto"``, ``"none"``), a built-in
    heuristic's name or alias (even with ``replace=True``), a taken name
    (unless ``replace=True``), a consistent but inadmissible claim.
    """
    _refuse_label(name, str(name), True)
    if consistent and not admissible:
        raise HeuristicError(
            f"heuristic {name!r}: a consistent heuristic is admissible; say so",
            name,
            heuristic=name,
        )

    def decorate(func: _H) -> _H:
        if not callable(func):
            raise HeuristicTypeError(
                f"heuristic {name!r} must be callable, not {func!r}", func, heuristic=name
            )
        for label in (name, *aliases):
            _refuse_label(label, name, replace)
        special = specialize
        if special is None and hasattr(func, "batch_function"):  # `batched`: its own one-board
            special = func.for_goal  # type: ignore[attr-defined]
        info = HeuristicInfo(
            name,
            func,
            admissible,
            consistent,
            description or (func.__doc__ or "").strip().split("\n")[0],
            tuple(aliases),
            strength,
            special,
            applies_to,
        )
        global _GENERATION
        _REGISTRY[name] = info
        _GENERATION += 1
        for alias in aliases:
            _ALIASES[alias] = name
        return func

    return decorate if function is None else decorate(function)


def unregister(name: str) -> None:
    """Remove a heuristic and its aliases; raises `UnknownHeuristicError` if absent.

    A built-in heuristic cannot be removed (`HeuristicError`).
    """
    info = get(name)
    if is_builtin(info):
        raise HeuristicError(
            f"heuristic {info.name!r} is built in and cannot be removed", name, heuristic=info.name
        )
    global _GENERATION
    del _REGISTRY[info.name]
    _GENERATION += 1
    for alias in info.aliases:
        _ALIASES.pop(alias, None)


def get(name: str) -> HeuristicInfo:
    """Return the registered heuristic with this name or alias.

    >>> get("hamming").name
    'misplaced'

    Raises `UnknownHeuristicError` listing the known names.
    """
    key = _ALIASES.get(name, name) if isinstance(name, str) else name
    try:
        return _REGISTRY[key]
    except (KeyError, TypeError):
        raise UnknownHeuristicError(
            f"unknown heuristic {name!r}; known: {', '.join(names())}", name
        ) from None


def names() -> list[str]:
    """Return the registered names (aliases not included), weakest first."""
    return [info.name for info in sorted(_REGISTRY.values(), key=lambda i: (i.strength, i.name))]


def registry() -> dict[str, HeuristicInfo]:
    """Return a snapshot of the registry, name to `HeuristicInfo`."""
    return dict(_REGISTRY)
