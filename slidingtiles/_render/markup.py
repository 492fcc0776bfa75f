r"""Text made safe for where it goes: markup (SVG, XML, HTML) and JSON inside a ``<script>``.

>>> markup_text("<b>"), script_json("</script>")
('&lt;b&gt;', '"\\u003c/script\\u003e"')

Every label, title and name a picture or page shows goes through `markup_text`;
every JSON a page embeds through `script_json`.
"""

from __future__ import annotations

import html
import json
import re

__all__ = ["markup_text", "script_json"]

# Characters XML 1.0 has no place for (not even as a reference): the C0 controls but tab,
# newline and return; the surrogates; U+FFFE and U+FFFF. A control is drawn as its picture
# (U+2400 + code: a visible stand-in), the others as U+FFFD, the replacement character.
_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")
# What JSON inside a page escapes beyond json.dumps: what a page cannot hold as text (the
# surrogates, U+FFFE, U+FFFF), the line separators old JavaScript rejects, and < > &.
_SCRIPT_ESCAPES = re.compile("[\ud800-\udfff\ufffe\uffff\u2028\u2029<>&]")


def _picture(match: re.Match[str]) -> str:
    code = ord(match.group())
    return chr(0x2400 + code) if code < 0x20 else "\ufffd"


def markup_text(text: object) -> str:
    r"""``text`` as it can stand in SVG, XML and HTML: escaped, and only characters XML allows.

    >>> markup_text('<b> & "c"')
    '&lt;b&gt; &amp; &quot;c&quot;'
    >>> markup_text("bell\x07 esc\x1b nul\x00 tab\t"), markup_text("\ud800\uffff") == "\ufffd" * 2
    ('bell␇ esc␛ nul␀ tab\t', True)

    Every label, title and name a picture or page shows goes through here: a
    control character is drawn as its Unicode picture (U+2400 + code), a lone
    surrogate, U+FFFE or U+FFFF as U+FFFD. What is drawn is then always
    well-formed XML, and text a page can be written in (UTF-8).
    """
    return html.escape(_NOT_XML.sub(_picture, str(text)), quote=True)


def script_json(value: object) -> str:
    r"""JSON that is safe inside a ``<script>`` element: no ``</script>``, nothing but text.

    >>> script_json({"label": "</script>\ud800"})
    '{"label": "\\u003c/script\\u003e\\ud800"}'

    What a page cannot hold (lone surrogates, U+FFFE, U+FFFF) and what could
    end the element or upset old JavaScript is written as a JSON escape, so a
    reader gets every label back exactly as it was.
    """
    text = json.dumps(value, ensure_ascii=False)
    return _SCRIPT_ESCAPES.sub(lambda match: f"\\u{ord(match.group()):04x}", text)
