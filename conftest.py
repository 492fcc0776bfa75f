"""Collection rules for the doctests under ``slidingtiles/`` (the tests' set-up: tests/conftest.py).

Without numba the numba kernel modules still import (their decorators fall back to plain
Python), but the maxed kernel's doctest reads tables through numba's pointer intrinsics, which
have no plain-Python fallback for numpy integers, and the user-heuristic kernel compiles the
user's function: their doctests run only where numba is installed.
The pure-Python mirror (`slidingtiles._engine.python.maxed`) is tested everywhere. The game's
routes module imports Starlette at its top: its doctests run only with the ``play`` extra; the
Gymnasium environment (`slidingtiles.env`) imports Gymnasium: only with the ``gym`` extra.

A few doctests take seconds in pure Python: they are marked ``slow`` (the full run, ``pytest -m
""``, runs them; the default run leaves them out), and a test under tests/ covers the same
behaviour in the default run, named beside each.
"""

from __future__ import annotations

import importlib.util

import pytest

NEEDS_NUMBA = ["slidingtiles/_engine/numba/maxed.py", "slidingtiles/_engine/numba/user.py"]
#: The game's web layer imports Starlette and anyio at its top (the ``play`` extra).
NEEDS_PLAY = ["slidingtiles/play/_routes.py"]
#: The environment imports Gymnasium at its top (the ``gym`` extra).
NEEDS_GYM = ["slidingtiles/env.py"]
collect_ignore = [
    *([] if importlib.util.find_spec("numba") else NEEDS_NUMBA),
    *([] if importlib.util.find_spec("gymnasium") else NEEDS_GYM),
    *([] if all(map(importlib.util.find_spec, ("starlette", "anyio"))) else NEEDS_PLAY),
]

#: Doctests left out of the default run, with the tests that cover their behaviour there
#: (tests/test_docs.py checks that each still exists).
SLOW_DOCTESTS = {
    "slidingtiles._solve.short.peeled": "test_peeled_solutions_replay_for_every_goal",
    "slidingtiles._solve.short.chunked.solve_chunked": "test_chunked_solutions_replay",
}


@pytest.hookimpl(tryfirst=True)  # before the mark expression deselects
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if isinstance(item, pytest.DoctestItem) and item.name in SLOW_DOCTESTS:
            item.add_marker(pytest.mark.slow)
