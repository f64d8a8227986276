"""The self-contained HTML page of one game: the steps as JSON, with the viewer's CSS and JS inline."""

from __future__ import annotations

import html
import json
import re
from importlib import resources

from mjlog.ir import GameLog
from mjlog.rules.results import Replay
from mjlog.view.steps import Presenter, game_steps

PAGE = """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'">
<title>@TITLE@</title>
<style>
@CSS@
</style>
</head>
<body>
<header><h1>@TITLE@</h1><div class="meta">@META@</div></header>
<nav>
<button id="first" title="previous hand (Up)">&laquo; hand</button>
<button id="prev" title="previous step (Left)">&#x25C0;</button>
<button id="next" title="next step (Right, Space)">&#x25B6;</button>
<button id="last" title="next hand (Down)">hand &raquo;</button>
<span class="pos" id="pos"></span>
<input type="range" id="slider" min="0" value="0" aria-label="step">
<span id="rounds"></span>
</nav>
<div id="caption"><span class="keys">&#x2190; &#x2192; space: step &middot; &#x2191; &#x2193;: hand &middot; Home End</span>\
<span id="caption-text"></span></div>
<main>
<section id="table"></section>
<aside id="side">
<div class="panel" id="info"></div>
<div id="here"></div>
<div id="outcome"></div>
<div class="panel"><h2 id="all-title">Audit findings</h2><ul id="all"></ul></div>
</aside>
</main>
<div id="status" data-errors="0" hidden></div>
<script type="application/json" id="game-data">@DATA@</script>
<script>
@JS@
</script>
</body>
</html>
"""


_PLACEHOLDER = re.compile("@(?:TITLE|META|CSS|JS|DATA)@")


def _script_safe_json(data: object) -> str:
    """JSON that cannot end its <script> element: every '<' (and the JS line separators) escaped."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    return text.replace("<", "\\u003c").replace("\u2028", "\\u2028").replace("\u2029", "\\u2029")


#: Step fields kept per seat; a seat's entry equal to the previous step's is written as 0.
PER_SEAT = ("hands", "drawn", "discards", "melds", "aside")


def pack_steps(data: dict) -> dict:
    """The data with each per-seat entry that the previous step repeats replaced by 0 (viewer.js expands it).

    Between two steps most seats do not change, so this makes the page several times smaller.
    Labels are strings, lists, objects or null, never the number 0.
    """
    packed, prev = [], None
    for step in data["steps"]:
        out = dict(step)
        if prev is not None:
            for key in PER_SEAT:
                out[key] = [0 if prev[key][s] == v else v for s, v in enumerate(step[key])]
        packed.append(out)
        prev = step
    return dict(data, steps=packed, packed=list(PER_SEAT))


def _asset(name: str) -> str:
    return resources.files("mjlog.view").joinpath(name).read_text(encoding="utf-8")


def render_page(log: GameLog, replay: Replay, presenter: Presenter) -> str:
    """The page of one game; nothing in it loads from the network."""
    data = game_steps(log, replay, presenter)
    described = [data["description"]] if data["description"] != data["rules"] else []
    meta = " · ".join(described + [f"rule set {data['rules']}", f"{len(data['rounds'])} hands",
                                   f"{data['findings']} audit finding{'s' if data['findings'] != 1 else ''}"])
    parts = {"@TITLE@": html.escape(data["title"]), "@META@": html.escape(meta),
             "@CSS@": _asset("viewer.css"), "@JS@": _asset("viewer.js"), "@DATA@": _script_safe_json(pack_steps(data))}
    # one pass over the template: a part's text is never searched for placeholders
    return _PLACEHOLDER.sub(lambda m: parts[m.group(0)], PAGE)
