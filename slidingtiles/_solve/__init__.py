"""One solve, end to end: choose the heuristic and algorithm, search, package a `Solution`.

``solve`` (`solve`, the entry point), ``choose`` (resolving ``"auto"`` and
picking the engine and its tables), ``solution`` (`Solution`), ``tile_state``
(`TileState`, boards as states of the generic search) and the constructive
solver for boards of any size: ``reduce`` (`solve_constructive`) over
``placing`` (the line-by-line placing machinery).
"""
