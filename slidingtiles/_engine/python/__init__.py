"""The pure-Python kernels: the reference every other implementation must match move for move.

``manhattan``: `ida_manhattan` (Manhattan distance, optionally with linear
conflicts); ``pdb``: `ida_pdb` (additive tables, depth-first) and
`walk_perfect`; ``batched``: the same pattern-database search a batch of
nodes at a time in numpy, which ``pdb`` hands big iterations to; ``maxed``:
`ida_maxed`, `weighted_maxed` and the resumable `Search` (an explicit stack,
so a paused search pickles); ``weighted``: `place_group` (weighted A*
placing a group of tiles); ``beam``: `subgoal_search` (beams over boards)
and its `zobrist_keys`; ``build``: `build_group_table`, the breadth-first
table builder in numpy; ``user``: `ida_user` (IDA* calling a user's
heuristic, `slidingtiles.heuristics.compiled`); ``tables_beam``:
`tables_search` (a beam over whole boards ranked by additive pattern tables);
``layers``: `sweep` (one sweep of the breadth-first layers in numpy chunks) and the
permutation ranks the layers are kept by (`slidingtiles._heuristics.layers`).
"""
