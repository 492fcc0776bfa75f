"""Every fenced python, pycon and console block of README.md and docs/*.md runs as written.

The rules, and the markers that change them, are on docs/contributing.md ("Docs that run").
A page's python and pycon blocks run in order in one namespace; its console blocks run their
``$`` commands and compare what they print with the lines shown. A failure names the page and
the line of the block (and of the command or example in it).
"""

from __future__ import annotations

import contextlib
import doctest
import importlib.util
import io
import os
import re
import shlex
import signal
import socket
import subprocess
import sys
import time
import types
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import attrs
import pytest

from slidingtiles import heuristics
from slidingtiles._cli.main import main

ROOT = Path(__file__).resolve().parent.parent
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
LANGUAGES = ("python", "pycon", "console")

_FENCE = re.compile(r"^(?P<indent>\s*)(?P<fence>`{3,}|~{3,})\s*(?P<language>[\w-]*)")
_MARKER = re.compile(r"^\s*<!--\s*docs-test:(?P<directives>.*?)-->\s*$")
_EXIT = re.compile(r"#.*\bexit (?P<status>\d+)\b")
# What varies from run to run and is normalised in both the page and the output: timings, the
# engine, and the table cache's directory (shown as the default one of a user called "me").
_SECONDS = re.compile(r'("seconds"\s*:\s*)-?[\d.]+(e-?\d+)?')
# Which tile engine ran follows SLIDINGTILES_IMPLEMENTATION: pages show numba's.
_ENGINE = re.compile(r'("engine"\s*:\s*)"python"')
SHOWN_CACHE = "/home/me/.cache/slidingtiles"
_DIRECTIVES = ("fragment", "slow", "requires", "status-only", "server", "skip")


@attrs.frozen
class Block:
    """One fenced block: where it is, its language, its text, and its marker's directives."""

    page: Path
    line: int  # of the opening fence, 1-based
    language: str
    text: str
    directives: dict[str, str]

    @property
    def where(self) -> str:
        return f"{_shown(self.page)}:{self.line}"


def _shown(page: Path) -> str:
    """The page's path as failures name it: from the repository's root."""
    return str(page.relative_to(ROOT)) if page.is_relative_to(ROOT) else str(page)


def _directives(marker: str, where: str) -> dict[str, str]:
    found: dict[str, str] = {}
    for part in filter(None, (p.strip() for p in marker.split(";"))):
        name, argument = re.fullmatch(r"([\w-]+):?\s*(.*)", part, re.DOTALL).groups()  # type: ignore[union-attr]
        if name not in _DIRECTIVES:
            raise ValueError(
                f"{where}: unknown docs-test directive {name!r} (see docs/contributing.md)"
            )
        if name in ("fragment", "requires", "server", "skip") and not argument.strip():
            raise ValueError(f"{where}: docs-test directive {name!r} needs an argument")
        found[name] = argument.strip()
    return found


def blocks(page: Path) -> list[Block]:
    """The page's python, pycon and console blocks, with the directives of the marker above each."""
    lines = page.read_text(encoding="utf-8").split("\n")
    found: list[Block] = []
    index = 0
    while index < len(lines):
        opener = _FENCE.match(lines[index])
        if opener is None:
            index += 1
            continue
        fence, indent = opener["fence"], len(opener["indent"])
        end = index + 1
        while end < len(lines) and not re.match(rf"^\s*{re.escape(fence)}\s*$", lines[end]):
            end += 1
        if opener["language"] in LANGUAGES:
            before = index - 1
            while before >= 0 and not lines[before].strip():
                before -= 1
            marker = _MARKER.match(lines[before]) if before >= 0 else None
            where = f"{_shown(page)}:{index + 1}"
            directives = _directives(marker["directives"], where) if marker else {}
            body = "\n".join(line[indent:] for line in lines[index + 1 : end])
            found.append(Block(page, index + 1, opener["language"], body + "\n", directives))
        index = end + 1
    return found


def _page_cases() -> list[Any]:
    """Each page with blocks, without its slow blocks; a page with slow blocks again, with all of
    them (marked slow: the blocks before a slow one may define what it uses)."""
    cases = []
    for page in PAGES:
        found = blocks(page)
        if found:
            cases.append(pytest.param(page, False, id=_shown(page)))
        if any("slow" in block.directives for block in found):
            cases.append(pytest.param(page, True, id=f"{_shown(page)}-all", marks=pytest.mark.slow))
    return cases


# -- running blocks ------------------------------------------------------------------------


@attrs.define
class Page:
    """What a page's blocks share: the namespace of its Python, its directories."""

    namespace: dict[str, object]
    workdir: Path
    cache: Path
    run_slow: bool


def run_python(block: Block, page: Page) -> None:
    # Leading newlines put the block's lines at their line numbers in the page for tracebacks.
    code = compile("\n" * block.line + block.text, str(block.page), "exec")
    with contextlib.chdir(page.workdir), contextlib.redirect_stdout(io.StringIO()):
        try:
            exec(code, page.namespace)
        except Exception as error:
            raise AssertionError(f"{block.where}: the python block raised {error!r}") from error


def run_pycon(block: Block, page: Page) -> None:
    parser = doctest.DocTestParser()
    test = parser.get_doctest(block.text, page.namespace, block.where, str(block.page), block.line)
    report = io.StringIO()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    with contextlib.chdir(page.workdir):
        runner.run(test, out=report.write, clear_globs=False)
    page.namespace.update(test.globs)  # the test ran on a copy: later blocks see its names
    assert runner.failures == 0, f"{block.where}: the pycon block differs:\n{report.getvalue()}"


@attrs.frozen
class Command:
    line: int  # in the page
    text: str
    status: int
    shown: str  # the output lines shown after it


def commands(block: Block) -> list[Command]:
    """The ``$`` commands of a console block, each with the output shown under it."""
    found: list[Command] = []
    for offset, line in enumerate(block.text.splitlines()):
        if line.startswith("$ "):
            exit_status = _EXIT.search(line)
            status = int(exit_status["status"]) if exit_status else 0
            found.append(Command(block.line + 1 + offset, line[2:], status, ""))
        elif found:
            previous = found[-1]
            found[-1] = attrs.evolve(previous, shown=previous.shown + line + "\n")
    return found


def _normalised(text: str, page: Page) -> str:
    text = text.replace(str(page.cache), SHOWN_CACHE)
    text = _SECONDS.sub(r"\1…", text)
    text = _ENGINE.sub(r'\1"numba"', text)
    return "\n".join(line.rstrip() for line in text.strip("\n").split("\n"))


def _in_process(argv: list[str], page: Page) -> tuple[int, str, str]:
    """A plain ``slidingtiles ...`` command through the entry point, here (no process start-up)."""
    out, err = io.StringIO(), io.StringIO()
    with (
        contextlib.chdir(page.workdir),
        _environment(SLIDINGTILES_CACHE_DIR=str(page.cache)),
        contextlib.redirect_stdout(out),
        contextlib.redirect_stderr(err),
    ):
        status = main(argv)
    return status, out.getvalue(), err.getvalue()


@contextlib.contextmanager
def _environment(**values: str) -> Iterator[None]:
    saved = {name: os.environ.get(name) for name in values}
    os.environ.update(values)
    try:
        yield
    finally:
        for name, value in saved.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value


def _shell_environment(page: Page) -> dict[str, str]:
    env = dict(os.environ, SLIDINGTILES_CACHE_DIR=str(page.cache))
    env["PATH"] = os.pathsep.join([str(Path(sys.executable).parent), env.get("PATH", "")])
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))
    return env


def _in_shell(command: str, page: Page) -> tuple[int, str, str]:
    completed = subprocess.run(
        ["bash", "-o", "pipefail", "-c", command],
        cwd=page.workdir,
        env=_shell_environment(page),
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    return completed.returncode, completed.stdout, completed.stderr


def _is_plain(command: str, words: list[str]) -> bool:
    """A ``slidingtiles`` command with no shell syntax (pipes, redirections, substitutions)."""
    code = command.split("  #")[0]
    return bool(words) and words[0] == "slidingtiles" and not re.search(r"[|&;<>`$]", code)


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


@contextlib.contextmanager
def _server(command: str, port: int, page: Page) -> Iterator[None]:
    """Run ``command`` (a server on 127.0.0.1, ``--port N``) while the block runs; stop it after.

    It listens on ``port`` (free here) instead of the page's N, which the block's commands
    are given in turn: two test runs at once on one machine do not meet.
    """
    command = re.sub(r"--port \d+", f"--port {port}", command)
    process = subprocess.Popen(
        ["bash", "-c", f"exec {command}"],
        cwd=page.workdir,
        env=_shell_environment(page),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    try:
        deadline = time.monotonic() + 60
        while True:
            with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), 1):
                break
            if process.poll() is not None or time.monotonic() > deadline:
                stderr = process.stderr.read() if process.stderr else ""
                raise AssertionError(f"the server {command!r} did not start: {stderr}")
            time.sleep(0.1)
        yield
    finally:
        os.killpg(process.pid, signal.SIGTERM)  # the process group this test started
        process.wait(timeout=30)


def run_console(block: Block, page: Page) -> None:
    server, port = block.directives.get("server"), _free_port()
    shown_port = re.search(r"--port (\d+)", server or "")
    with _server(server, port, page) if server else contextlib.nullcontext():
        for command in commands(block):
            words = shlex.split(command.text, comments=True)
            if _is_plain(command.text, words):
                status, out, err = _in_process(words[1:], page)
            else:
                text = command.text
                if shown_port is not None:  # the server's port, not the page's
                    text = text.replace(f":{shown_port[1]}/", f":{port}/")
                status, out, err = _in_shell(text, page)
            where = f"{_shown(block.page)}:{command.line}"
            assert status == command.status, (
                f"{where}: `{command.text}` exited with {status}, not {command.status}:\n{err}"
            )
            if "status-only" in block.directives or not command.shown.strip():
                continue
            expected, got = _normalised(command.shown, page), _normalised(out, page)
            checker = doctest.OutputChecker()
            assert checker.check_output(expected + "\n", got + "\n", doctest.ELLIPSIS), (
                f"{where}: `{command.text}` printed\n{got}\n--- the page shows ---\n{expected}"
            )


def check_fragment(block: Block) -> None:
    """Each line of code in the block is a line of the script it names, in the same order."""
    script = ROOT / block.directives["fragment"]
    assert script.is_file(), f"{block.where}: the fragment's script {script} does not exist"
    source = [line.strip() for line in script.read_text(encoding="utf-8").splitlines()]
    position = 0
    for offset, line in enumerate(block.text.splitlines()):
        code = line.split("  #")[0].strip()
        if not code or code.startswith("#"):
            continue
        try:
            position = source.index(code, position) + 1
        except ValueError:
            raise AssertionError(
                f"{_shown(block.page)}:{block.line + 1 + offset}: {code!r} is not a "
                f"line of {block.directives['fragment']} (after the lines before it)"
            ) from None


RUNNERS = {"python": run_python, "pycon": run_pycon, "console": run_console}


@pytest.mark.parametrize(("page", "run_slow"), _page_cases())
def test_every_block_runs(
    page: Path, run_slow: bool, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The page's code runs as a module of its own (dataclasses and pickling look classes up in
    # sys.modules), in a directory of its own, with a table cache of its own.
    module = types.ModuleType(f"docs_{page.stem.replace('-', '_')}")
    monkeypatch.setitem(sys.modules, module.__name__, module)
    state = Page(module.__dict__, tmp_path / "work", tmp_path / "tables", run_slow)
    state.workdir.mkdir()
    state.cache.mkdir()
    for name in ("examples", "docs"):  # the paths the pages' commands read, from the work dir
        (state.workdir / name).symlink_to(ROOT / name)
    registered = set(heuristics.names())
    try:
        for block in blocks(page):
            run_block(block, state)
    finally:  # what a page registers (docs/custom-heuristic.md) is not the next page's
        for name in set(heuristics.names()) - registered:
            heuristics.unregister(name)


def run_block(block: Block, state: Page) -> None:
    """Run one block as its directives say (docs/contributing.md)."""
    directives = block.directives
    if "skip" in directives:
        return
    if "fragment" in directives:
        check_fragment(block)
        return
    if "slow" in directives and not state.run_slow:
        return
    required = directives.get("requires", "").replace(",", " ").split()
    if any(importlib.util.find_spec(name) is None for name in required):
        return
    session = block.language == "python" and block.text.lstrip().startswith(">>>")
    RUNNERS["pycon" if session else block.language](block, state)  # a python session: pycon


# -- the rules themselves ---------------------------------------------------------------------


def test_the_slow_doctests_exist() -> None:
    """Every doctest the root conftest.py marks slow by name is still there (a rename would
    silently put it back in the fast run)."""
    spec = importlib.util.spec_from_file_location("root_conftest", ROOT / "conftest.py")
    assert spec is not None
    assert spec.loader is not None
    root_conftest = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(root_conftest)
    for name in root_conftest.SLOW_DOCTESTS:
        parts = name.split(".")
        for cut in range(len(parts), 0, -1):  # the longest importable module, then attributes
            try:
                target: object = importlib.import_module(".".join(parts[:cut]))
            except ImportError:
                continue
            for attribute in parts[cut:]:
                target = getattr(target, attribute)
            break
        doc = getattr(target, "__doc__", None) or ""
        assert ">>>" in doc, f"conftest.py: {name} has no doctest"


def test_skipped_blocks_say_why() -> None:
    for page in PAGES:
        for block in blocks(page):
            if "skip" in block.directives:
                assert len(block.directives["skip"].split()) >= 3, f"{block.where}: say why"


def test_the_parser_finds_markers_commands_and_statuses(tmp_path: Path) -> None:
    page = tmp_path / "page.md"
    page.write_text(
        "Text.\n\n<!-- docs-test: slow; requires dask -->\n```python\nx = 1\n```\n\n"
        '```console\n$ slidingtiles check "1 2/0 3"   # exit 0\nsolvable\n'
        '$ slidingtiles solve "2 1/3 0"   # exit 1\n```\n\n```bash\nnot run\n```\n'
    )
    found = [attrs.evolve(b, page=ROOT / "x.md") for b in blocks(page)]
    assert [(b.line, b.language, b.directives) for b in found] == [
        (4, "python", {"slow": "", "requires": "dask"}),
        (8, "console", {}),
    ]
    assert [(c.line, c.status, c.shown) for c in commands(found[1])] == [
        (9, 0, "solvable\n"),
        (11, 1, ""),
    ]
    with pytest.raises(ValueError, match="unknown docs-test directive 'slwo'"):
        _directives(" slwo ", "x.md:1")


def test_a_wrong_output_names_the_page_and_line(tmp_path: Path) -> None:
    page = Page({}, tmp_path, tmp_path, False)
    shown = "$ slidingtiles random 3 --moves 0\n9 9\n"
    block = Block(ROOT / "docs" / "x.md", 10, "console", shown, {})
    with pytest.raises(AssertionError, match=r"docs/x\.md:11: `slidingtiles random 3 --moves 0`"):
        run_console(block, page)
    broken = Block(ROOT / "docs" / "x.md", 20, "python", "undefined_name\n", {})
    with pytest.raises(AssertionError, match=r"docs/x\.md:20: the python block raised NameError"):
        run_python(broken, page)
    fragment = Block(
        ROOT / "docs" / "x.md",
        30,
        "python",
        "route = nowhere()\n",
        {"fragment": "examples/route_on_a_map.py"},
    )
    with pytest.raises(AssertionError, match=r"docs/x\.md:31: 'route = nowhere\(\)' is not a line"):
        check_fragment(fragment)
