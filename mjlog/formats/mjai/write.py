"""IR -> mjai JSON lines, as Mortal's ``libriichi`` reads them, with the archives' richer ``hora``.

``start_game`` carries ``names``, ``kyoku_first`` (0 a south game, 4 an east game), ``aka_flag``
and mjlog's ``mjlog_rules`` (the preset's name) with ``mjlog_knobs`` (where the game's rules differ
from it, e.g. a lobby without open tanyao); ``start_kyoku`` the hand's wind, number, honba,
sticks, dealer, scores, hands and dora indicator. A ``hora`` carries ``deltas`` and
``ura_markers`` and, when the log records the win's value, ``pai``, ``yakus`` (original mjai
names), ``fu``, ``fan`` and ``hora_points``; a ``ryukyoku`` its ``deltas`` and the original
mjai's ``reason``; ``end_game`` the final ``scores`` when the log has a result. Three-player
games have three seats and ``kita``. Disconnections, the seed, dice, tile ids, ranks and rates
are not written (docs/formats/mjai.md).

>>> from mjlog.ir import Discard
>>> event_json(Discard(2, 16, True), red=True)
{'type': 'dahai', 'actor': 2, 'pai': '5mr', 'tsumogiri': True}
"""

from __future__ import annotations

import dataclasses
import json
from typing import cast

from mjlog.errors import MjlogError
from mjlog.formats.mjai.common import DRAW_REASONS, WINDS, YAKU_NAMES, tile_name
from mjlog.ir import Call, CallKind, Discard, Draw, Event, GameLog, Round, Ryuukyoku, Win
from mjlog.rules.riichi.events import KITA
from mjlog.rules.riichi.events import NewDora, RiichiAccepted, RiichiDeclared
from mjlog.rules.riichi.ruleset import PRESETS
from mjlog.rules.riichi.record import draw_kind, recorded
from mjlog.rules.riichi.yaku_table import yaku_name


class NotRiichiError(MjlogError):
    """mjai carries riichi games only."""


def dumps_mjai(log: GameLog) -> str:
    """The game as mjai text: one compact JSON object a line, names kept as UTF-8."""
    return "".join(json.dumps(e, ensure_ascii=False, separators=(",", ":")) + "\n" for e in mjai_events(log))


def mjai_events(log: GameLog) -> list[dict]:
    """Every mjai event of ``log``, in order."""
    if log.family != "riichi":
        raise NotRiichiError(f"mjai carries riichi games only, not {log.family}")
    rules = log.rules
    red = rules.red_fives
    start: dict = {"type": "start_game", "names": [p.name for p in log.players],
                   "kyoku_first": 4 if rules.length == "east" else 0, "aka_flag": red}
    base = rules.name.split("+")[0]  # a preset changed by knobs is named 'PRESET+custom'
    if base in PRESETS and PRESETS[base].players == rules.players:
        start["mjlog_rules"] = base
        knobs = knob_text(rules, PRESETS[base])
        if knobs:
            start["mjlog_knobs"] = knobs
    out = [start]
    for rnd in log.rounds:
        out.append(_start_kyoku(rnd, red))
        out += [e for ev in rnd.events if (e := event_json(ev, red)) is not None]
        if rnd.outcomes:
            out.append({"type": "end_kyoku"})
    if log.final is not None:
        out.append({"type": "end_game", "scores": list(log.final.scores)})
    return out


def knob_text(rules, preset) -> str:
    """The knobs where ``rules`` differs from ``preset``, as ``name=value;…`` (``apply_knobs`` reads it)."""
    return ";".join(f"{f.name}={getattr(rules, f.name)}" for f in dataclasses.fields(rules)
                    if f.name != "name" and getattr(rules, f.name) != getattr(preset, f.name))


def _start_kyoku(rnd: Round, red: bool) -> dict:
    dora = cast(int, rnd.dora_indicator)  # a riichi hand always has its indicator
    return {
        "type": "start_kyoku", "bakaze": WINDS[rnd.wind % 4], "dora_marker": tile_name(dora, red),
        "kyoku": rnd.kyoku % 4 + 1, "honba": rnd.honba, "kyotaku": rnd.sticks, "oya": rnd.dealer,
        "scores": list(rnd.scores), "tehais": [[tile_name(t, red) for t in sorted(h)] for h in rnd.hands],
    }


def event_json(e: Event, red: bool) -> dict | None:
    """One IR event as an mjai event (None for events mjai has no place for: connections)."""
    if isinstance(e, Draw):
        return {"type": "tsumo", "actor": e.seat, "pai": tile_name(e.tile, red)}
    if isinstance(e, Discard):
        return {"type": "dahai", "actor": e.seat, "pai": tile_name(e.tile, red), "tsumogiri": e.tsumogiri}
    if isinstance(e, Call):
        return _call(e, red)
    if isinstance(e, RiichiDeclared):
        return {"type": "reach", "actor": e.seat}
    if isinstance(e, RiichiAccepted):
        return {"type": "reach_accepted", "actor": e.seat}
    if isinstance(e, NewDora):
        return {"type": "dora", "dora_marker": tile_name(e.tile, red)}
    if isinstance(e, Win):
        return _hora(e, red)
    if isinstance(e, Ryuukyoku):
        return {"type": "ryukyoku", "reason": DRAW_REASONS[draw_kind(e).value], "deltas": list(e.deltas)}
    return None


def _names(tiles, red: bool) -> list[str]:
    return [tile_name(t, red) for t in sorted(tiles)]


def _call(c: Call, red: bool) -> dict:
    kind = c.kind
    if kind is KITA:
        return {"type": "kita", "actor": c.seat, "pai": "N"}
    if kind is CallKind.ANKAN:
        return {"type": "ankan", "actor": c.seat, "consumed": _names(c.tiles, red)}
    if kind is CallKind.KAKAN:
        assert c.added is not None
        return {"type": "kakan", "actor": c.seat, "pai": tile_name(c.added, red), "consumed": _names(c.tiles[:3], red)}
    assert c.called is not None
    own = list(c.tiles)
    own.remove(c.called)
    return {"type": kind.value, "actor": c.seat, "target": c.from_seat, "pai": tile_name(c.called, red),
            "consumed": _names(own, red)}


def _hora(w: Win, red: bool) -> dict:
    r = recorded(w)
    out: dict = {"type": "hora", "actor": w.who, "target": w.from_who, "deltas": list(w.deltas),
                 "ura_markers": [tile_name(t, red) for t in r.ura_indicators]}
    if r.has_value:
        out["pai"] = tile_name(w.win_tile, red)
        pairs = list(r.yaku) if r.yaku else [(y, 13) for y in r.yakuman]
        out["yakus"] = [[YAKU_NAMES[y] if y < len(YAKU_NAMES) else yaku_name(y, english=True), h] for y, h in pairs]
        out["fu"] = r.fu
        out["fan"] = r.han
        out["hora_points"] = w.points
    return out
