"""Helpers for mjai tests: simulated games as mjai text, and the plain (Mortal) form of a file."""

from __future__ import annotations

import json
from functools import cache

from mjlog.formats.mjai.write import dumps_mjai
from mjlog.formats.reader import read_log
from mjlog.rules.riichi.ruleset import PRESETS
from mjlog.rules.riichi.simulate import simulate_game

#: Fields mjlog writes that a plain libriichi log does not have.
RICH_FIELDS = {"hora": ("yakus", "fu", "fan", "hora_points", "pai"), "ryukyoku": ("reason",),
               "end_game": ("scores",), "start_game": ("mjlog_rules",)}


@cache
def simulated(preset: str, seed: int):
    """A simulated game: its IR read from the XML, and that game written as mjai."""
    log = read_log(simulate_game(PRESETS[preset], seed), f"sim-{preset}-{seed}.xml")
    return log, dumps_mjai(log)


def plain(text: str) -> str:
    """``text`` without the fields a plain (Mortal) mjai log lacks."""
    out = []
    for line in text.splitlines():
        obj = json.loads(line)
        for key in RICH_FIELDS.get(obj["type"], ()):
            obj.pop(key, None)
        out.append(json.dumps(obj, ensure_ascii=False))
    return "\n".join(out) + "\n"


def lines(text: str) -> list[dict]:
    return [json.loads(line) for line in text.splitlines()]


def text_of(events: list[dict]) -> bytes:
    return "".join(json.dumps(e, ensure_ascii=False) + "\n" for e in events).encode()
