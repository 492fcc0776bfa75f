"""Short solutions: what `solve(board, optimal=False)` runs, one module per method.

``methods`` holds the choice, one declared table (`methods.TABLE`: board
size, time limit, implementation -> steps), and runs it (`solve_short`);
``budget`` shares the call's one `Deadline` out between the methods
(`Budget`: every share, with its reason). The methods:

* ``exact``: a single line walked, small boards solved exactly (IDA* with
  linear conflicts), and the exact finishes of the staged methods.
* ``anytime``: weighted IDA* with falling weights over cached perm-ranked
  tables (the 24-puzzle's), near-optimal.
* ``constructive``: the constructive solver (`solve_constructive`, any size),
  over ``placing`` (the mutable board that places a line's tiles).
* ``staged``: whole lines placed by weighted A*, the last region exactly.
* ``chunked``: lines placed two or three tiles at a time with move costs.
* ``beam``: beam search over whole boards, widths growing.
* ``peeled``: each outer row and column placed by a beam towards that subgoal.
* ``windows``: back-and-forth moves cancelled, windows re-solved exactly or by
  beams (the shortening steps).

Every method takes a checked board, its goal and the `Budget`, and returns a
whole solution or None; none imports another's private names. The tile
engine is reached through `slidingtiles._engine.dispatch` only. ``bound``
gives every short answer its lower bound (one place).
"""
