r"""Text made safe for where it goes: one policy for every picture, page, stepper and terminal.

>>> safe_text("tab\t esc\x1b"), markup_text("<b>"), script_json("</script>")
('tab\\t esc\\x1b', '&lt;b&gt;', '"\\u003c/script\\u003e"')

`safe_text` is the one policy: a character of Unicode's control (Cc) or
format (Cf) category (the C0 and C1 controls, DEL, the bidirectional marks,
embeddings, overrides and isolates, U+061C, zero-width joiners, tag
characters ...), a lone surrogate (Cs), a line or paragraph separator (Zl,
Zp), or U+FFFE and U+FFFF (which XML 1.0 forbids) is written as its Python
escape (``\x1b``, ``\n``, ``\u202e``, ``\U000e0041``): visible, the same in
every view, and telling which character it was. The rule goes by category
(Python's `unicodedata`), not by a list, so characters a list would miss are
covered too. Every label, title and name a picture or page shows goes
through `markup_text` (that, then XML-escaped); the views of a search
(``slidingtiles._watch``) use the same for text, tables and SVG. JSON a
page embeds goes through `script_json`, which keeps the text exactly (as
``\u`` escapes) for a reader of the data.
"""

from __future__ import annotations

import functools
import html
import json
import re
import sys
import unicodedata

__all__ = ["markup_text", "safe_text", "script_json", "unsafe"]

# The categories escaped: controls, format characters, surrogates, line and paragraph
# separators; and the two non-characters XML 1.0 forbids.
_UNSAFE_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Zl", "Zp"})
_UNSAFE_CHARACTERS = frozenset("\ufffe\uffff")
_NAMES = {"\n": "\\n", "\t": "\\t", "\r": "\\r"}
# What JSON inside a page escapes beyond json.dumps: what a page cannot hold as text (the
# surrogates, U+FFFE, U+FFFF), the line separators old JavaScript rejects, and < > &.
_SCRIPT_ESCAPES = re.compile("[\ud800-\udfff\ufffe\uffff\u2028\u2029<>&]")


def unsafe(char: str) -> bool:
    r"""Whether `safe_text` escapes this character (by its Unicode category).

    >>> unsafe("\u061c"), unsafe("\x1b"), unsafe("\u00e9"), unsafe(" ")
    (True, True, False, False)
    """
    return char in _UNSAFE_CHARACTERS or unicodedata.category(char) in _UNSAFE_CATEGORIES


def _escape_one(char: str) -> str:
    code = ord(char)
    if char in _NAMES:
        return _NAMES[char]
    if code < 256:
        return f"\\x{code:02x}"
    return f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}"


# Past this many characters, `safe_text` escapes through one table of every unsafe character.
_LONG = 100_000


@functools.cache
def _escapes() -> dict[int, str]:
    """Every unsafe character's escape, by code point (made once, for long texts: ~1 s)."""
    return {code: _escape_one(chr(code)) for code in range(sys.maxunicode + 1) if unsafe(chr(code))}


def safe_text(text: object, limit: int | None = None) -> str:
    r"""Return ``str(text)`` with every unsafe character escaped, cut to ``limit`` characters.

    >>> safe_text("a\x1b[31m<b>\n\u202e\ud800")
    'a\\x1b[31m<b>\\n\\u202e\\ud800'
    >>> safe_text("abcdefgh", limit=5)
    'abcd…'

    The result holds no control or format character (Unicode Cc, Cf), no
    surrogate or separator (Cs, Zl, Zp), so nothing XML 1.0 forbids, nothing
    a page cannot be written in (UTF-8), nothing that moves a terminal's
    cursor, reverses text or hides; markup characters (``<``, ``&``, quotes)
    are left for each format to escape (`markup_text` does for markup).
    O(len(text)), at C speed when nothing needs escaping.
    """
    text = str(text)
    if not text.isprintable():  # every unsafe character is unprintable: a quick pass first
        if len(text) > _LONG:
            text = text.translate(_escapes())
        else:
            text = "".join(_escape_one(c) if unsafe(c) else c for c in text)
    if limit is not None and len(text) > limit:
        text = text[: max(1, limit - 1)] + "…"
    return text


def markup_text(text: object, limit: int | None = None) -> str:
    r"""``text`` as it can stand in SVG, XML and HTML: `safe_text`, then escaped.

    >>> markup_text('<b> & "c"')
    '&lt;b&gt; &amp; &quot;c&quot;'
    >>> markup_text("bell\x07 nul\x00 \ufffe")
    'bell\\x07 nul\\x00 \\ufffe'

    What is drawn is then always well-formed XML, and text a page can be
    written in (UTF-8); ``limit`` cuts it as `safe_text` does.
    """
    return html.escape(safe_text(text, limit), quote=True)


def script_json(value: object) -> str:
    r"""JSON that is safe inside a ``<script>`` element: no ``</script>``, nothing but text.

    >>> script_json({"label": "</script>\ud800"})
    '{"label": "\\u003c/script\\u003e\\ud800"}'

    What a page cannot hold (lone surrogates, U+FFFE, U+FFFF) and what could
    end the element or upset old JavaScript is written as a JSON escape, so a
    reader gets every label back exactly as it was. NaN and infinities, which
    JSON has no words for, raise ValueError.
    """
    text = json.dumps(value, ensure_ascii=False, allow_nan=False)
    return _SCRIPT_ESCAPES.sub(lambda match: f"\\u{ord(match.group()):04x}", text)
