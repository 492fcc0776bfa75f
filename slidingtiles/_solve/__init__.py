"""One solve, end to end: the door, the plan, the route that runs it, the `Solution`.

``solve`` (`solve`: options checked at the door, the board read once, the
plan run by one function per route), ``choose`` (the door's checks,
`check_options`; resolving ``"auto"``; the engine's tables; the `Plan` that
answers "how does this call run?"), ``checks`` (what the doors share: an
option naming one of a few choices, a count), ``solution`` (`Solution`),
``tile_state`` (`TileState`, boards as states of the generic search),
``parallel`` (one board's IDA* split over processes), ``reach`` (what an
optimal search would cost, estimated from one table, and the rule refusing
one beyond reach, `OutOfReachError`), ``short`` (the
room for short solutions, `solve(optimal=False)`, and the constructive
solver `solve_constructive`: one module per method, one table choosing
them) and ``cos226`` (`solve_cos226`: the COS 226 assignment's own search
and report, so that its counts can be compared). ``resolved`` (the
environment read once per call, and the search heuristic resolved once and
carried on the plan), ``verify`` (every answer replayed, its claim checked
along its own path, before it is returned) and ``bwas`` (batch-weighted A* on
boards: numpy batches over `slidingtiles.search`'s one loop).
"""
