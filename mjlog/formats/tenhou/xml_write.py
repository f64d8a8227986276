"""IR -> Tenhou mjlog XML, with the tags and attribute order Tenhou writes (:mod:`mjlog.rules.riichi.simulate.tags`).

The header is the log's own where it has one (a Tenhou lobby) and otherwise the Tenhou lobby of
its rule set (an ordinary room, ``lobby="0"``). ``SHUFFLE`` is written only for a log that
carries a seed: an XML written from mjai or tenhou.net/6 JSON has none, so its wall cannot be
checked. Dice are written as the log has them (``0,0`` where it has none). A player with no
recorded rank, rate or sex is written as dan 0, rate 1500, ``M``. Not written: the per-hand shuffle
seeds of 2008-2009 logs and the extra attributes of special lobbies (chips, ratio). Wins must carry their value
(see :func:`mjlog.replayer.derived_values.with_derived_win_values` for mjai's plain wins).

>>> from mjlog.rules.riichi.simulate import simulate_game
>>> from mjlog.rules.riichi.ruleset import PRESETS
>>> from mjlog.formats.reader import read_log
>>> log = read_log(simulate_game(PRESETS["tenhou-3p-east"], 3))
>>> again = read_log(dumps_xml(log).encode())
>>> again.rounds == log.rounds and again.final == log.final
True
"""

from __future__ import annotations

from typing import cast

from mjlog.rules.riichi.call_codes import encode_call
from mjlog.rules.riichi.lobby import Lobby, lobby_from_go_type
from mjlog.ir import Call, Discard, Disconnect, Draw, GameLog, Reconnect, Round, Ryuukyoku, Win
from mjlog.rules.riichi.events import NewDora, RiichiAccepted, RiichiDeclared
from mjlog.rules.riichi.record import DrawKind, draw_kind, recorded
from mjlog.rules.riichi.simulate.tags import (
    DISCARD_TAGS, DRAW_TAGS, agari_tag, call_tag, dora_tag, encode_name, go_type, init_tag, owari_text,
    reach1_tag, reach2_tag, ryuukyoku_tag,
)

_ROOM_BITS = 0xA0


def dumps_xml(log: GameLog) -> str:
    """The game as Tenhou mjlog XML text."""
    if log.family != "riichi":
        raise ValueError(f"Tenhou XML carries riichi games only, not {log.family}")
    parts = [_header(log)]
    last = len(log.rounds) - 1
    for i, rnd in enumerate(log.rounds):
        owari = owari_text(log.final.scores, log.final.points) if log.final is not None and i == last else None
        parts.append(_round(rnd, log.rules.players, owari))
    parts.append("</mjloggm>")
    return "".join(parts)


def lobby_of(log: GameLog) -> Lobby:
    """The log's Tenhou lobby, or the ordinary-room lobby of its rule set."""
    if isinstance(log.header, Lobby):
        return log.header
    return lobby_from_go_type(go_type(log.rules) & ~_ROOM_BITS, 0)


def _header(log: GameLog) -> str:
    n = log.rules.players
    lobby = lobby_of(log)
    out = [f'<mjloggm ver="{log.version or "2.3"}">']
    if log.seed is not None:
        out.append(f'<SHUFFLE seed="{_attr(log.seed.text)}" ref=""/>')
    go = f'<GO type="{lobby.type}" lobby="{lobby.lobby or 0}"'
    for key in ("title", "rule", "ranking", "csrule"):
        value = getattr(lobby, key)
        if value is not None:
            go += f' {key}="{_attr(value)}"'
    out.append(go + "/>")
    players = list(log.players) + [None] * (4 - n)
    names = [encode_name(p.name) if p else "" for p in players]
    dan = ",".join(str(p.rank if p and p.rank is not None else 0) for p in players)
    rate = ",".join(f"{p.rate if p and p.rate is not None else 1500.0:.2f}" for p in players)
    sx = ",".join((p.sex or "M") if p else "C" for p in players)
    out.append(f'<UN n0="{names[0]}" n1="{names[1]}" n2="{names[2]}" n3="{names[3]}" dan="{dan}" '
               f'rate="{rate}" sx="{sx}"/>')
    out.append(f'<TAIKYOKU oya="{log.first_dealer}"/>')
    return "".join(out)


def _attr(text: str) -> str:
    return text.replace("&", "&amp;").replace('"', "&quot;").replace("<", "&lt;").replace(">", "&gt;")


def _round(rnd: Round, n: int, owari: str | None) -> str:
    dora = cast(int, rnd.dora_indicator)  # a riichi hand always has its indicator
    out = [init_tag(rnd.kyoku, rnd.honba, rnd.sticks, rnd.dice, dora, rnd.scores, rnd.dealer,
                    rnd.hands)]
    outcomes = rnd.outcomes
    riichi: set[int] = set()
    for e in rnd.events:
        if isinstance(e, Draw):
            out.append(f"<{DRAW_TAGS[e.seat]}{e.tile}/>")
        elif isinstance(e, Discard):
            out.append(f"<{DISCARD_TAGS[e.seat]}{e.tile}/>")
        elif isinstance(e, Call):
            out.append(call_tag(e.seat, encode_call(e)))
        elif isinstance(e, RiichiDeclared):
            out.append(reach1_tag(e.seat))
        elif isinstance(e, RiichiAccepted):
            riichi.add(e.seat)
            # a log that recorded no scores at step 2 (some early logs) keeps none
            out.append(reach2_tag(e.seat, e.scores) if e.scores is not None else f'<REACH who="{e.seat}" step="2"/>')
        elif isinstance(e, NewDora):
            out.append(dora_tag(e.tile))
        elif isinstance(e, Disconnect):
            out.append(f'<BYE who="{e.seat}" />')
        elif isinstance(e, Reconnect):
            out.append(f'<UN n{e.seat}="{encode_name(e.name)}" />')
        elif isinstance(e, (Win, Ryuukyoku)):
            out.append(_outcome(e, riichi, owari if e is outcomes[-1] else None))
    return "".join(out)


def _outcome(e: Win | Ryuukyoku, riichi: set[int], owari: str | None) -> str:
    if isinstance(e, Ryuukyoku):
        shown = {s: h for s, h in enumerate(e.hands) if h is not None}
        kind = None if draw_kind(e) is DrawKind.EXHAUSTIVE else draw_kind(e).value
        return ryuukyoku_tag(kind=kind, honba=e.honba, sticks=e.sticks, before=e.scores_before, deltas=e.deltas,
                             shown=shown, owari=owari)
    r = recorded(e)
    melds = [encode_call(m) for m in e.melds]
    ura = r.ura_indicators if e.who in riichi or r.ura_indicators else None
    return agari_tag(honba=e.honba, sticks=e.sticks, hand=e.hand, melds=melds, machi=e.win_tile, fu=r.fu,
                     points=e.points, limit=r.limit, yaku=r.yaku, yakuman=r.yakuman, dora=r.dora_indicators,
                     ura=ura, who=e.who, from_who=e.from_who, pao=r.pao_who, before=e.scores_before,
                     deltas=e.deltas, owari=owari)
