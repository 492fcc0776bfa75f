"""What travels with a copy: the licence and metadata, the cache directory, the docs' pictures."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import zipfile
from email.message import Message
from email.parser import Parser
from pathlib import Path

import pytest

import slidingtiles as st
from slidingtiles import pdb

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The wheel pip builds from this source tree (through the build backend, as users get it)."""
    out = tmp_path_factory.mktemp("wheel")
    completed = subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "--no-deps",
            "--quiet",
            "--wheel-dir",
            str(out),
            str(ROOT),
        ],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
        env={**os.environ, "PIP_DISABLE_PIP_VERSION_CHECK": "1"},
    )
    assert completed.returncode == 0, completed.stderr
    (built,) = out.glob("slidingtiles-*.whl")
    return built


def read_metadata(wheel: Path) -> Message:
    with zipfile.ZipFile(wheel) as archive:
        (name,) = (n for n in archive.namelist() if n.endswith(".dist-info/METADATA"))
        return Parser().parsestr(archive.read(name).decode("utf-8"))


@pytest.mark.slow  # builds a wheel (so does .ci/run's smoke test, installing it)
def test_the_licence_travels_in_the_wheel(wheel: Path) -> None:
    with zipfile.ZipFile(wheel) as archive:
        licences = [n for n in archive.namelist() if re.search(r"\.dist-info/licen[cs]es?/", n)]
        assert [Path(n).name for n in licences] == ["LICENSE"]
        text = archive.read(licences[0]).decode("utf-8")
    assert text == (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert text.startswith("MIT License")
    assert "Copyright (c) 2026 the slidingtiles developers" in text


@pytest.mark.slow  # the same wheel
def test_the_wheel_metadata_names_licence_status_and_pythons(wheel: Path) -> None:
    metadata = read_metadata(wheel)
    # PEP 639: the SPDX expression is the licence metadata (License classifiers are deprecated).
    assert metadata["License-Expression"] == "MIT"
    assert metadata.get_all("License-File") == ["LICENSE"]
    classifiers = set(metadata.get_all("Classifier") or [])
    expected = {
        "Development Status :: 4 - Beta",
        "Intended Audience :: Developers",
        "Operating System :: OS Independent",
        "Programming Language :: Python :: 3.11",
        "Programming Language :: Python :: 3.12",
        "Programming Language :: Python :: 3.13",
        "Typing :: Typed",
    }
    assert expected <= classifiers
    assert not {c for c in classifiers if c.startswith("License ::")}
    requires = metadata.get_all("Requires-Dist") or []
    assert any(re.match(r"platformdirs\b[^;]*>=", r) for r in requires), requires
    with zipfile.ZipFile(wheel) as archive:
        assert "slidingtiles/py.typed" in archive.namelist()  # what "Typing :: Typed" promises


def test_the_cache_override_wins(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    monkeypatch.setenv(pdb.ENV_CACHE_DIR, str(tmp_path / "mine"))
    assert pdb.cache_dir() == tmp_path / "mine"
    monkeypatch.setenv(pdb.ENV_CACHE_DIR, "")  # empty means unset, not the working directory
    assert pdb.cache_dir() != Path()
    assert pdb.cache_dir().is_absolute()


def test_the_cache_follows_an_absolute_xdg_cache_home(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.delenv(pdb.ENV_CACHE_DIR, raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    if sys.platform == "win32":  # Windows has no XDG: %LOCALAPPDATA%\slidingtiles\Cache
        assert pdb.cache_dir().parts[-2:] == ("slidingtiles", "Cache")
    else:
        assert pdb.cache_dir() == tmp_path / "slidingtiles"


def test_a_relative_xdg_cache_home_is_ignored(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.delenv(pdb.ENV_CACHE_DIR, raising=False)
    monkeypatch.delenv("XDG_CACHE_HOME", raising=False)
    default = pdb.cache_dir()
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("XDG_CACHE_HOME", "relative/cache")
    # The XDG base directory specification: a relative path is invalid and must be ignored.
    assert pdb.cache_dir() == default
    assert pdb.cache_dir().is_absolute()
    assert "relative" not in pdb.cache_dir().parts


def test_the_docs_pictures_are_what_the_script_draws(tmp_path: Path) -> None:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))
    completed = subprocess.run(
        [sys.executable, str(ROOT / "examples" / "make_pictures.py"), str(tmp_path)],
        capture_output=True,
        text=True,
        timeout=120,
        env=env,
        check=False,
    )
    assert completed.returncode == 0, completed.stderr
    images = ROOT / "docs" / "images"
    stale = "docs/images/{} is stale: run python examples/make_pictures.py docs/images --png"
    for name in ("board.svg", "solution.svg"):
        drawn = (tmp_path / name).read_text(encoding="utf-8")
        assert drawn == (images / name).read_text(encoding="utf-8"), stale.format(name)
    # The page states the search time, so compare what it shows rather than its bytes.
    solution = st.solve(st.Board("8 1 3/4 0 2/7 6 5"))
    for name in ("solution.html",):
        page = (images / name).read_text(encoding="utf-8")
        steps = re.search(r'id="slidingtiles-steps">(.*?)</script>', page, re.DOTALL)
        assert steps is not None, stale.format(name)
        assert json.loads(steps.group(1))["moves"] == solution.moves, stale.format(name)
    assert (images / "solution.png").read_bytes().startswith(b"\x89PNG")


def _subpackages() -> list[Path]:
    """Every package of the library below the public façade (which only re-exports)."""
    root = Path(st.__file__).resolve().parent
    return sorted(p.parent for p in root.rglob("__init__.py") if p.parent != root)


@pytest.mark.parametrize("package", _subpackages(), ids=lambda path: path.name)
def test_each_package_docstring_names_its_modules(package: Path) -> None:
    """A package's docstring is where a reader learns what lives there: it names every module
    and subpackage (as ``name`` or ``_name``), so a new module cannot go unmentioned."""
    root = Path(st.__file__).resolve().parent.parent
    name = ".".join(package.relative_to(root).parts)
    doc = __import__(name, fromlist=["_"]).__doc__ or ""
    parts = [p.stem for p in package.glob("*.py") if p.stem not in ("__init__", "__main__")]
    parts += [p.name for p in package.iterdir() if (p / "__init__.py").exists()]
    named = [rf"\b_?{re.escape(part.lstrip('_'))}\b" for part in sorted(parts)]
    missing = [part for part, word in zip(sorted(parts), named) if not re.search(word, doc)]
    assert not missing, f"{name}'s docstring does not name {missing}"
