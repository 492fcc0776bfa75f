"""The numba kernels: the pure-Python kernels of `slidingtiles._engine.python` compiled, plus more.

Imported only by `slidingtiles._engine.kernels`, module by module and lazily
(numba is optional). ``jit``: numba set-up, intrinsics and their plain-Python
stand-ins; ``drive``: the pause/resume driver and per-depth stacks shared by
the searches; ``manhattan``: `ida_manhattan`; ``pdb``: `ida_pdb` and
`supports_pdb` (digits tables), handing perm-ranked and 4-bit tables to
``placement``; ``maxed``: `ida_maxed`, `weighted_maxed` and the resumable
`Search` (perm-ranked tables, maxed lookups), over the compiled loop in
``maxed_loop`` and the table reading of ``entries`` (entries by address,
zero-aware slots, label tables, the plan's arrays); ``weighted``:
`place_group` (weighted A* placing a group of tiles); ``beam``:
`subgoal_search` (beams over boards, towards a subgoal or the goal) and its
`zobrist_keys`, ranking boards as ``beam_rank`` says and taking a level's
children least first from ``heap`` (`heapify`, `pop_least`);
``build``: `build_group_table`, `build_perm_table`, `pack_excess`, over the
parallel breadth-first search in ``frontier``; ``user``: `ida_user` (a user's
heuristic, compiled for the board's shape, called by a loop compiled once);
``tables_beam``: `tables_search` (a beam over whole boards ranked by additive
pattern tables); ``bwas``: `bwas_tables` (the compiled mirror of the one
batch-weighted A* loop: Manhattan up to 127 cells, digits tables up to 16);
``layers``: `layer_sweep` (one sweep of the breadth-first layers over
permutation ranks, on both cores).
"""
