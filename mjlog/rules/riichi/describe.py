"""Riichi as text: outcomes (``mjlog show``: a win's han, fu, points and yaku; a draw's kind) and presets."""

from __future__ import annotations

from mjlog.ir import GameLog, Ryuukyoku, Win
from mjlog.ir import seat_label
from mjlog.rules.family import FamilyText
from mjlog.rules.riichi.points import LIMIT_NAMES
from mjlog.rules.riichi.record import DRAW_NAMES, DrawKind, draw_kind, recorded, recorded_fu
from mjlog.rules.riichi.yaku_table import yaku_def


def yaku_label(yaku_id: int, han: int | None, japanese: bool = True) -> str:
    """``'Riichi 立直 1'``; yakuman without a han count."""
    y = yaku_def(yaku_id)
    if y is not None:
        text = f"{y.name_en} {y.name_ja}" if japanese else y.name_en
    else:
        text = f"yaku {yaku_id}"
    return text if han is None else f"{text} {han}"


def format_win(log: GameLog, w: Win, japanese: bool = True) -> str:
    """One win as recorded: who, from whom, han/fu/points, yaku."""
    r = recorded(w)
    how = "tsumo" if w.tsumo else f"ron from {seat_label(log, w.from_who)}"
    if not (r.yaku or r.yakuman or w.points):
        value, yaku = "value not recorded", ""  # mjai's plain hora: only the score changes
    elif r.yakuman:
        value = f"{len(r.yakuman)}x yakuman {w.points}"
        yaku = ", ".join(yaku_label(y, None, japanese) for y in r.yakuman)
    else:
        fu = recorded_fu(log, w)
        value = f"{r.han} han {w.points}" if fu is None else f"{r.han} han {fu} fu {w.points}"
        if r.limit:
            value += f" ({LIMIT_NAMES[r.limit] if 0 < r.limit < len(LIMIT_NAMES) else r.limit})"
        yaku = ", ".join(yaku_label(y, h, japanese) for y, h in r.yaku if h or y != 53)
    pao = f", pao {seat_label(log, r.pao_who)}" if r.pao_who is not None else ""
    return f"{seat_label(log, w.who)} {how}: {value}{pao}; {yaku}"


def format_draw(log: GameLog, d: Ryuukyoku, japanese: bool = True) -> str:
    """One draw as recorded: its kind and who showed (was tenpai)."""
    kind = draw_kind(d)
    en, ja = DRAW_NAMES[kind]
    text = f"{en} {ja}" if japanese else en
    shown = [seat_label(log, s) for s in d.shown]
    if kind in (DrawKind.EXHAUSTIVE, DrawKind.NAGASHI_MANGAN):
        text += f"; tenpai: {', '.join(shown) if shown else 'nobody'}"
    elif shown:
        text += f"; shown: {', '.join(shown)}"
    return text


def describe_preset(rules) -> str:
    """A riichi preset in one line (``mjlog rules list``): seats, length, start, return, uma, extras."""
    wind = "east round only (tonpuusen)" if rules.length == "east" else "east and south rounds (hanchan)"
    uma = "/".join(f"{u:+d}" for u in rules.uma)
    extras = [x for x, on in (("red fives", rules.red_fives), ("open tanyao", rules.open_tanyao),
                              ("kita", rules.nukidora),
                              ("North a value tile", rules.north_is_value)) if on]
    return ", ".join([f"{rules.players} players", wind, f"{rules.start_points:,} start",
                      f"{rules.target_points:,} return", f"uma {uma}", *extras])


class RiichiText(FamilyText):
    """Riichi in words: the lobby a game was played in, a win's han, fu and yaku, a draw's kind."""

    def describe_rules(self, log: GameLog) -> str:
        lobby = log.header
        if lobby is None:
            return log.rules.name
        return f"{lobby.display} ({lobby.english})"

    def describe_preset(self, rules) -> str:
        return describe_preset(rules)

    def describe_outcome(self, log: GameLog, outcome, japanese: bool = True) -> str:
        if isinstance(outcome, Win):
            return format_win(log, outcome, japanese)
        return format_draw(log, outcome, japanese)
