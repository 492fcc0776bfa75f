"""The `State` protocol every search works on, and the type variables it is generic in."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, Protocol, TypeVar, runtime_checkable

__all__ = ["A", "Heuristic", "S", "State"]

_S_co = TypeVar("_S_co", covariant=True)
_A_co = TypeVar("_A_co", covariant=True)

#: The state type of a search: whatever `State.successors` yields as next states.
S = TypeVar("S", bound="State[Any, Any]")
#: The action type of a search: whatever `State.successors` yields as actions.
A = TypeVar("A")

#: A heuristic: an estimate of the cost still to pay from a state to the nearest goal.
Heuristic = Callable[[S], float]


@runtime_checkable
class State(Protocol[_S_co, _A_co]):
    """A node of an implicit graph: hashable, comparable, with its moves and a goal test.

    ``State[S, A]`` reads "a state whose successors are ``S`` reached by actions
    ``A``"; a class conforms structurally, without inheriting from it.

    Example:
        >>> from collections.abc import Iterator
        >>> class Counter:
        ...     '''Count up to 3; each +1 costs 1.'''
        ...     def __init__(self, n: int) -> None:
        ...         self.n = n
        ...     def __eq__(self, other: object) -> bool:
        ...         return isinstance(other, Counter) and other.n == self.n
        ...     def __hash__(self) -> int:
        ...         return self.n
        ...     def successors(self) -> Iterator[tuple[str, "Counter", float]]:
        ...         yield "+1", Counter(self.n + 1), 1.0
        ...     def is_goal(self) -> bool:
        ...         return self.n == 3
        >>> isinstance(Counter(0), State)
        True
        >>> isinstance([1, 2], State)  # no successors(), and lists are unhashable
        False

    Equal states must hash equally: the searches key dictionaries and sets on
    states, so hashing and equality should be fast (cache the hash if it is
    costly). `successors` may return any iterable, a generator included; each
    step cost must be a number ``>= 0`` (the searches raise ``ValueError``
    otherwise). The runtime ``isinstance`` check looks only for the methods,
    not their signatures.
    """

    def __hash__(self) -> int:
        """Return a hash consistent with ``__eq__``."""
        ...

    def __eq__(self, other: object, /) -> bool:
        """Return whether ``other`` is the same state."""
        ...

    def successors(self) -> Iterable[tuple[_A_co, _S_co, float]]:
        """Return the ``(action, next_state, step_cost)`` triples of the legal moves."""
        ...

    def is_goal(self) -> bool:
        """Return whether this state is a goal."""
        ...
