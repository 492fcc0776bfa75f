"""Boards and what is true of them: parsing, the grid facts, moves, solvability, random boards.

The layer just above the leaves: ``parse`` (user input checked once),
``geometry`` (blank moves per cell, goal cells, distances, line conflicts,
inversions, moves applied to flat lists, regions cut out and renumbered, on
plain ints), ``symmetry`` (the board's turns and mirrors, canonical goals,
the `Frame` mapping a goal onto the one whose tables serve it), ``moves``
(`Moves`), ``board`` (`Board`, and `trusted_board` for tiles derived from a
valid board),
``coerce`` (a board and its goal from whatever the user passed),
``solvability`` (the parity rule with its explanation) and ``random``
(`random_board`, `scramble`). The public names are re-exported by `slidingtiles`.
"""
