"""Collection rules for the doctests under ``slidingtiles/`` (the tests' set-up: tests/conftest.py).

Without numba the numba kernel modules still import (their decorators fall back to plain
Python), but the maxed kernel's doctest reads tables through numba's pointer intrinsics, which
have no plain-Python fallback for numpy integers: its doctest runs only where numba is installed.
The pure-Python mirror (`slidingtiles._engine.python.maxed`) is tested everywhere.
"""

from __future__ import annotations

import importlib.util

NEEDS_NUMBA = ["slidingtiles/_engine/numba/maxed.py"]
collect_ignore = [] if importlib.util.find_spec("numba") else NEEDS_NUMBA
