"""Tile heuristics and their registry (internal; the public face is `slidingtiles.heuristics`).

>>> from slidingtiles._heuristics.registry import get
>>> get("manhattan").admissible, get("pdb").admissible
(True, True)

The modules: ``registry`` (`HeuristicInfo`, `register`, `get`), ``classic``
(misplaced tiles, Manhattan distance, linear conflict, inversions),
``walking`` (walking distance), ``values`` (what a heuristic may return, and
the wrapper holding a user's heuristic to it), ``check`` with ``exact``
(exact distances of a small shape), ``report`` and ``tally`` (checking a
heuristic against them: `check`), ``compiled`` (`compiled`: heuristics over
the flat board that the tile engine runs) and ``_pdb`` (pattern databases,
public as `slidingtiles.pdb`).

Python runs this file before any module of the package, so importing any of
them finds every built-in heuristic registered and sealed. It imports nothing
above the heuristics layer: `slidingtiles.heuristics` (the public face, which
also re-exports ``compare`` from the layer above the solver) imports this
package, never the other way.

Beside the checks: ``claims`` (a claim sampled on boards of more than 9 cells,
once per process, heuristic, shape and goal), ``batched`` (`batched`, a
heuristic valuing many boards per call) and ``batch_values`` (numpy, loaded by
name: a batch's values checked in one place, the built-ins as numpy lookups), and
``layers`` (every board of a shape at its exact distance, one byte a board, on disk).
"""

# Importing the modules that define heuristics registers them, in this order (the order
# `registry()` lists them in, kept from the first release: classic, pdb, walking distance).
# isort: off
from slidingtiles._heuristics import classic
from slidingtiles._heuristics._pdb import heuristic
from slidingtiles._heuristics import walking

# isort: on
from slidingtiles._heuristics.registry import seal_builtins

# Every heuristic registered so far is the library's own: none of their names can be taken.
seal_builtins()

__all__ = ["classic", "heuristic", "walking"]
