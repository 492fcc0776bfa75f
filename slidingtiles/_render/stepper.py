"""The frame every stepping fragment shares: its box, its controls, the script driving them.

>>> element = fragment_id("demo", "what it draws")
>>> element.startswith("slidingtiles-demo-"), "buttons.first.onclick" in script(element, "")
(True, True)

Two fragments step through something in a notebook: a solution's moves
(`player.solution_player_html`) and a search's expansions (the stepper of
``slidingtiles._watch``). Each gives what is its own: its styles, the titles of
the buttons, its data, and a script body that defines ``last`` (the number of
the last step) and ``drawStep(k)`` (show step ``k``, its counter included). The
rest is written here once: the box's look, the First, Back, Play/Pause, Step
and Last buttons, which of them are off (First and Back at the start, Step and
Last at the end, Play with nothing to play), playing and pausing. Each fragment
gets an element id of its own on every call (the same in every run: `fragment_id`),
and its style and script are scoped to it, so any number can share a page (a
notebook's outputs); its data travels as JSON that no label can close (`markup.script_json`).
"""

from __future__ import annotations

import hashlib
import threading
from collections import Counter
from collections.abc import Mapping

from slidingtiles._render.markup import markup_text, script_json

__all__ = ["ACTIONS", "controls", "data_script", "fragment_id", "script", "style"]

#: The controls, in order: the ``data-action`` of each button and its text.
ACTIONS = (
    ("first", "\u00ab First"),
    ("back", "\u25c0 Back"),
    ("play", "\u25b6 Play"),
    ("step", "Step \u25b6"),
    ("last", "Last \u00bb"),
)

_STYLE = """
#{id} {{ font-family: system-ui, sans-serif; color: #2b2118; margin: 0.3em 0; }}
#{id} .controls {{ display: flex; gap: 0.3em; align-items: center; flex-wrap: wrap;
  margin: 0.4em 0; }}
#{id} button {{ font: inherit; padding: 0.15em 0.7em; cursor: pointer; }}
#{id} button:disabled {{ opacity: 0.45; cursor: default; }}
#{id} .counter {{ font-variant-numeric: tabular-nums; }}
#{id} .summary {{ color: #5b4636; font-size: 0.9em; margin: 0; }}
"""

# The body (a fragment's own) defines `last` and `drawStep(k)`; it may return early, leaving
# the controls unwired, when there is nothing to step through.
_SCRIPT = """
(function () {
  "use strict";
  var root = document.getElementById(%(id)s);
  if (!root || root.getAttribute("data-wired")) return;
  root.setAttribute("data-wired", "1");
  var data = JSON.parse(root.querySelector("script.slidingtiles-data").textContent);
  var counter = root.querySelector(".counter");
  var buttons = {};
  root.querySelectorAll("button[data-action]").forEach(function (b) {
    buttons[b.getAttribute("data-action")] = b;
  });
  var step = 0, timer = null;
%(body)s
  function show(k) {
    step = Math.max(0, Math.min(last, k));
    drawStep(step);
    buttons.first.disabled = buttons.back.disabled = step === 0;
    buttons.step.disabled = buttons.last.disabled = step === last;
    buttons.play.disabled = last === 0;
  }
  function stop() {
    if (timer !== null) clearInterval(timer);
    timer = null;
    buttons.play.textContent = "\u25b6 Play";
  }
  function play() {
    if (timer !== null) { stop(); return; }
    if (step >= last) show(0);
    buttons.play.textContent = "Pause";
    timer = setInterval(function () {
      if (step >= last) { stop(); return; }
      show(step + 1);
    }, data.interval);
  }
  buttons.first.onclick = function () { stop(); show(0); };
  buttons.back.onclick = function () { stop(); show(step - 1); };
  buttons.step.onclick = function () { stop(); show(step + 1); };
  buttons.last.onclick = function () { stop(); show(last); };
  buttons.play.onclick = play;
  show(0);
})();
"""


_DRAWN: Counter[str] = Counter()  # fragments drawn in this process, by content digest
_DRAWN_LOCK = threading.Lock()


def fragment_id(kind: str, content: str) -> str:
    """An element id of one fragment: ``slidingtiles-<kind>-``, a digest of ``content``, a count.

    >>> first, again = fragment_id("doc", "1 2/0 3"), fragment_id("doc", "1 2/0 3")
    >>> first.startswith("slidingtiles-doc-"), first != again
    (True, True)

    Deterministic, so a script that writes a page writes the same bytes every
    run: 12 hex digits of the SHA-256 of ``kind`` and ``content`` (what the
    fragment draws), then how many fragments of that digest this process drew
    before. The same fragment drawn twice in one notebook still gets two ids.
    """
    digest = hashlib.sha256(f"{kind}\0{content}".encode()).hexdigest()[:12]
    with _DRAWN_LOCK:
        count = _DRAWN[digest]
        _DRAWN[digest] += 1
    return f"slidingtiles-{kind}-{digest}-{count}"


def style(element: str, own: str = "") -> str:
    """The fragment's ``<style>``: the shared rules, then its ``own`` (``{id}`` is its id)."""
    return f"<style>{(_STYLE + own).format(id=element)}</style>"


def controls(titles: Mapping[str, str], counter: str) -> str:
    """The row of controls: the five buttons (titled by action) and the step counter's text."""
    buttons = "".join(
        f'<button type="button" data-action="{action}" title="{titles[action]}">{text}</button>'
        for action, text in ACTIONS
    )
    counted = f'<span class="counter">{markup_text(counter)}</span>'
    return f'<div class="controls">{buttons}{counted}</div>'


def script(element: str, body: str) -> str:
    """The script that wires the fragment's controls around its ``body``."""
    return _SCRIPT % {"id": script_json(element), "body": body}


def data_script(data: object) -> str:
    """The fragment's data, as JSON the script reads and no label can close."""
    return f'<script type="application/json" class="slidingtiles-data">{script_json(data)}</script>'
