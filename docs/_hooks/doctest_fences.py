"""MkDocs hook: show doctest examples in docstrings as highlighted ``pycon`` code blocks.

The library's docstrings open with bare doctests (``>>>`` lines followed by their
output, ended by a blank line) so that ``pytest --doctest-modules`` runs them.
Markdown would read those lines as nested block quotes and the outputs as
links; this preprocessor fences each such block before Markdown sees it. Lines
already inside a fence (griffe's own ``Examples:`` blocks) are left alone.
"""

from __future__ import annotations

import re
from typing import Any

from markdown import Extension, Markdown
from markdown.preprocessors import Preprocessor
from mkdocs.plugins import event_priority

_FENCE = re.compile(r"^\s*(`{3,}|~{3,})")
_PROMPT = re.compile(r"^(\s*)>>>( |$)")


class _DoctestFences(Preprocessor):
    def run(self, lines: list[str]) -> list[str]:
        result: list[str] = []
        fence: str | None = None
        index = 0
        while index < len(lines):
            line = lines[index]
            opener = _FENCE.match(line)
            if fence is not None:
                if opener and opener.group(1).startswith(fence):
                    fence = None
                result.append(line)
                index += 1
                continue
            if opener:
                fence = opener.group(1)
                result.append(line)
                index += 1
                continue
            prompt = _PROMPT.match(line)
            if prompt is None:
                result.append(line)
                index += 1
                continue
            indent = prompt.group(1)
            block = []
            while index < len(lines) and lines[index].strip():
                block.append(lines[index].removeprefix(indent))
                index += 1
            if result and result[-1].strip():
                result.append("")
            result.extend([f"{indent}```pycon", *(indent + b for b in block), f"{indent}```", ""])
        return result


class DoctestFencesExtension(Extension):
    """Registers the preprocessor ahead of the fenced-code handling."""

    def extendMarkdown(self, md: Markdown) -> None:  # Markdown's API name
        md.preprocessors.register(_DoctestFences(md), "doctest_fences", 40)


@event_priority(100)  # before mkdocstrings copies the Markdown configuration
def on_config(config: Any) -> Any:
    config.markdown_extensions.append(DoctestFencesExtension())
    return config
