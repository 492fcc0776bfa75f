"""Boards and what is true of them: parsing, the grid facts, moves, solvability, random boards.

The layer just above the leaves: ``parse`` (user input checked once),
``geometry`` (blank moves per cell, goal cells, distances, line conflicts,
inversions, on plain ints), ``moves`` (`Moves`), ``board`` (`Board`),
``coerce`` (a board and its goal from whatever the user passed),
``solvability`` (the parity rule with its explanation) and ``random``
(`random_board`, `scramble`). The public names are re-exported by `slidingtiles`.
"""
