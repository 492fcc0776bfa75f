"""``import slidingtiles`` loads the core (boards, errors, `solve`, search), not the satellites."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

import slidingtiles

#: The most of the package's modules ``import slidingtiles`` may load (issue 37: about 100 before).
MAX_MODULES = 60

SATELLITES = ("_batch", "_compare", "_watch", "_render", "_cli", "play", "testing", "heuristics")

_COUNT = """
import json, sys
import slidingtiles
{after}
print(json.dumps(sorted(m for m in sys.modules if m.split(".")[0] == "slidingtiles")))
"""


def _loaded(after: str = "") -> list[str]:
    """The package's modules a fresh interpreter holds after ``import slidingtiles``, ``after``."""
    code = _COUNT.format(after=after)
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=120
    ).stdout
    names: list[str] = json.loads(out)
    return names


def test_import_loads_at_most_sixty_modules() -> None:
    loaded = _loaded()
    assert len(loaded) <= MAX_MODULES, loaded
    for name in SATELLITES:
        assert f"slidingtiles.{name}" not in loaded


def test_satellites_load_when_first_used() -> None:
    loaded = _loaded(
        "slidingtiles.solve_many, slidingtiles.heuristics.compare, slidingtiles.TraceView"
    )
    for name in ("_batch", "_compare", "_watch", "heuristics"):
        assert f"slidingtiles.{name}" in loaded


def test_every_public_name_resolves() -> None:
    for name in slidingtiles.__all__:
        assert getattr(slidingtiles, name) is not None
    assert set(slidingtiles.__all__) <= set(dir(slidingtiles))


def test_an_unknown_name_is_an_attribute_error() -> None:
    with pytest.raises(AttributeError, match="no_such_name"):
        slidingtiles.no_such_name  # type: ignore[attr-defined]
