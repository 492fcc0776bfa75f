r"""Text made safe for where it goes: one policy for every picture, page, stepper and terminal.

>>> safe_text("tab\t esc\x1b"), markup_text("<b>"), script_json("</script>")
('tab\\t esc\\x1b', '&lt;b&gt;', '"\\u003c/script\\u003e"')

`safe_text` is the one policy: a character that XML 1.0 forbids, that a page
cannot hold, or that moves a terminal's cursor or reverses text (the C0 and
C1 controls, DEL, lone surrogates, the bidirectional marks, embeddings,
overrides and isolates, U+FFFE and U+FFFF) is written as its Python escape
(``\x1b``, ``\n``, ``\u202e``): visible, the same in every view, and
telling which character it was. Every label, title and name a picture or page
shows goes through `markup_text` (that, then XML-escaped); the views of a
search (``slidingtiles._watch``) use the same for text, tables and SVG. JSON a
page embeds goes through `script_json`, which keeps the text exactly (as
``\u`` escapes) for a reader of the data.
"""

from __future__ import annotations

import html
import json
import re

__all__ = ["markup_text", "safe_text", "script_json"]

# C0 and C1 controls, DEL, lone surrogates, the bidi marks, embeddings, overrides and
# isolates, and the two non-characters XML forbids.
_UNSAFE = re.compile(
    "[\x00-\x1f\x7f-\x9f\ud800-\udfff\u200e\u200f\u202a-\u202e\u2066-\u2069\ufffe\uffff]"
)
_NAMES = {"\n": "\\n", "\t": "\\t", "\r": "\\r"}
# What JSON inside a page escapes beyond json.dumps: what a page cannot hold as text (the
# surrogates, U+FFFE, U+FFFF), the line separators old JavaScript rejects, and < > &.
_SCRIPT_ESCAPES = re.compile("[\ud800-\udfff\ufffe\uffff\u2028\u2029<>&]")


def _escape_one(match: re.Match[str]) -> str:
    char = match[0]
    return _NAMES.get(char) or (f"\\x{ord(char):02x}" if ord(char) < 256 else f"\\u{ord(char):04x}")


def safe_text(text: object, limit: int | None = None) -> str:
    r"""Return ``str(text)`` with every unsafe character escaped, cut to ``limit`` characters.

    >>> safe_text("a\x1b[31m<b>\n\u202e\ud800")
    'a\\x1b[31m<b>\\n\\u202e\\ud800'
    >>> safe_text("abcdefgh", limit=5)
    'abcd…'

    The result holds no character XML 1.0 forbids, none a page cannot be
    written in (UTF-8), and none that moves a terminal's cursor or reverses
    text; markup characters (``<``, ``&``, quotes) are left for each format to
    escape (`markup_text` does for markup). O(len(text)).
    """
    text = _UNSAFE.sub(_escape_one, str(text))
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
