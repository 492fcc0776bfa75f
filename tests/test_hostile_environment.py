"""A bad environment (issue 31, class 2): every variable slidingtiles reads, every command.

The command line checks the whole environment before any work (`check_environment`): a
bad value is one line naming it, exit 2, whatever the command. The library never fails to
import on it: the implementation falls back after one `BackendWarning`, and the other
variables raise their documented error where a solve or a build reads them.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

import slidingtiles as st
from slidingtiles.__main__ import main
from tests.conftest import slow_case

ROOT = Path(__file__).resolve().parent.parent

# Every command, with arguments that would succeed (quickly) in a good environment.
COMMANDS = [
    ["solve", "1 2/0 3"],
    ["check", "1 2/0 3"],
    ["random", "3"],
    ["heuristics"],
    ["pdb", "list"],
    ["batch", "-"],
    ["play", "--no-browser", "--port", "0"],
]
# Each command starts a process: solve and play in the fast run, every command in the full run.
SOME_COMMANDS = [c if c[0] in ("solve", "play") else slow_case(c) for c in COMMANDS]


def _cli(argv: list[str], env: dict[str, str], tmp_path: Path) -> subprocess.CompletedProcess[str]:
    path = [*env.pop("PREPEND", "").split(), str(ROOT)]
    full = {**os.environ, "PYTHONPATH": os.pathsep.join(path), **env}
    full["SLIDINGTILES_CACHE_DIR"] = str(tmp_path / "cache")
    return subprocess.run(
        [sys.executable, "-m", "slidingtiles", *argv],
        env=full,
        input="1 2/0 3\n",
        capture_output=True,
        text=True,
        timeout=120,
    )


def _one_line_exit_2(result: subprocess.CompletedProcess[str], *named: str) -> None:
    assert result.returncode == 2, (result.returncode, result.stdout, result.stderr)
    assert result.stdout == ""
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("slidingtiles: error: ")
    for text in named:
        assert text in lines[0]


@pytest.fixture
def broken_numba(tmp_path: Path) -> str:
    """A directory that shadows numba with one that fails to import (installed or not)."""
    package = tmp_path / "shadow" / "numba"
    package.mkdir(parents=True)
    (package / "__init__.py").write_text("raise ImportError('numba built for another CPU')\n")
    return str(package.parent)


@pytest.mark.parametrize("argv", SOME_COMMANDS, ids=lambda argv: argv[0])
def test_unknown_implementation_is_one_line_exit_2_from_every_command(
    argv: list[str], tmp_path: Path
) -> None:
    result = _cli(argv, {"SLIDINGTILES_IMPLEMENTATION": "fortran"}, tmp_path)
    _one_line_exit_2(result, "SLIDINGTILES_IMPLEMENTATION='fortran'", "auto, python, numba")


@pytest.mark.parametrize("argv", SOME_COMMANDS, ids=lambda argv: argv[0])
def test_numba_that_fails_to_import_is_one_line_exit_2_from_every_command(
    argv: list[str], tmp_path: Path, broken_numba: str
) -> None:
    env = {"SLIDINGTILES_IMPLEMENTATION": "numba", "PREPEND": broken_numba}
    result = _cli(argv, env, tmp_path)
    _one_line_exit_2(result, "SLIDINGTILES_IMPLEMENTATION=numba", "another CPU")


def test_the_library_falls_back_with_one_warning(tmp_path: Path, broken_numba: str) -> None:
    code = (
        "import warnings, slidingtiles as st\n"
        "with warnings.catch_warnings(record=True) as seen:\n"
        "    warnings.simplefilter('always')\n"
        "    for _ in range(2):\n"
        "        solution = st.solve('8 1 3/4 0 2/7 6 5', heuristic='manhattan',\n"
        "                            algorithm='idastar')\n"
        "assert len(solution.moves) == 14, solution.moves\n"
        "assert [w.category for w in seen] == [st.BackendWarning], seen\n"
        "print(seen[0].message)\n"
    )
    env = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join([broken_numba, str(ROOT)]),
        "SLIDINGTILES_IMPLEMENTATION": "numba",
    }
    result = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=120
    )
    assert result.returncode == 0, result.stderr
    assert "numba cannot be used" in result.stdout
    assert "using python instead" in result.stdout


BAD_VALUES = [
    ("SLIDINGTILES_BUILD_TABLES", "sometimes"),
    ("SLIDINGTILES_BUILD_MEMORY", "lots"),
    ("SLIDINGTILES_BUILD_MEMORY", "-5G"),
    ("SLIDINGTILES_BUILD_MEMORY", "inf"),
    ("SLIDINGTILES_BUILD_MEMORY", "1e400"),
    ("SLIDINGTILES_BUILD_MEMORY", "nan"),
]


@pytest.mark.parametrize(("variable", "value"), BAD_VALUES)
@pytest.mark.parametrize("argv", COMMANDS[:-1], ids=lambda argv: argv[0])
def test_other_variables_are_one_line_exit_2_from_every_command(
    argv: list[str],
    variable: str,
    value: str,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv(variable, value)
    monkeypatch.setattr("sys.stdin", None)  # nothing may be read before the check
    assert main(argv) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err.strip().splitlines() == [err.strip()]
    assert err.startswith(f"slidingtiles: error: {variable}={value!r}")


@pytest.mark.parametrize(("variable", "value"), BAD_VALUES)
def test_check_environment_raises_the_documented_error(
    variable: str, value: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(variable, value)
    with pytest.raises(st.pdb.PatternDatabaseError, match=f"{variable}={value!r}") as info:
        st.check_environment()
    assert isinstance(info.value, ValueError)
    assert info.value.value == value


def test_good_values_pass(monkeypatch: pytest.MonkeyPatch) -> None:
    for variable, value in [
        ("SLIDINGTILES_BUILD_TABLES", " Never "),
        ("SLIDINGTILES_BUILD_MEMORY", "6G"),
        ("SLIDINGTILES_BUILD_MEMORY", "0"),
        ("SLIDINGTILES_BUILD_MEMORY", ""),
    ]:
        monkeypatch.setenv(variable, value)
        st.check_environment()
