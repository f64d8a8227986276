"""IR -> the official tenhou.net/6 JSON export (``mjlog2json`` flavour, reference §11).

Keys in Tenhou's order: ``ver, ref, log, [connection], ratingc, rule, lobby,
dan, rate, sx, sc, name``. Each round is the 17-element array of §11.2; tile
lists and the own tiles of call strings are in kind order with a red five after
its black fives; tsumogiri is ``60``, an open kan is followed by ``0``.

Values the IR does not hold are written as Tenhou writes them for an ordinary
game: ``ratingc`` ``PF4``/``PF3``, ``aka51-53`` 1 or 0, ``lobby`` 0, the empty
sanma seat as ``""``/``新人``/1500/``C``, and for a player with no recorded rank,
rate or sex ``新人``/1500/``M``. ``sc`` is omitted for a truncated log;
``ver`` is 2.3 unless the log names another. A hand value's tsumo payments are
split back from the recorded points (``1000-2000点``, ``2000点∀``).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any, cast

from mjlog.formats.tenhou.json import (
    DRAW_RESULT_NAMES, LIMIT_NAMES, WIN_NAME, YAKU_NAMES, dan_string,
)
from mjlog.ir import Call, CallKind, Discard, Disconnect, Draw, Event, GameLog, Reconnect, Round, Ryuukyoku, Win
from mjlog.rules.riichi.events import KITA
from mjlog.rules.riichi.events import NewDora, RiichiDeclared
from mjlog.rules.riichi.record import DrawKind, draw_kind, recorded
from mjlog.rules.riichi.points import c100_div
from mjlog.rules.riichi.yaku_table import yaku_name
from mjlog.tiles import json_codes, to_json_code

_DIRECTION_POS = {"p": {3: 0, 2: 1, 1: 2}, "m": {3: 0, 2: 1, 1: 3}}


def dumps_tenhou6(log: GameLog) -> str:
    """The official export as compact JSON text (names kept as UTF-8 text)."""
    return json.dumps(write_tenhou6(log), ensure_ascii=False, separators=(",", ":"))


def write_tenhou6(log: GameLog) -> dict:
    """The official tenhou.net/6 export of ``log`` as a JSON-ready dict."""
    n = log.n_players
    red = log.rules.red_fives
    out: dict = {"ver": _version(log.version), "ref": log.log_id or "", "log": []}
    connection = []
    for i, r in enumerate(log.rounds):
        out["log"].append(round_json(r, n, red))
        played = 0
        for e in r.events:
            if isinstance(e, (Draw, Discard, Call)):
                played += 1
            elif isinstance(e, (Disconnect, Reconnect)):
                what = 0 if isinstance(e, Disconnect) else 1
                connection.append({"what": what, "log": i, "who": e.seat, "step": played})
    if connection:
        out["connection"] = connection
    extra = dict(log.header_extra)
    out["ratingc"] = json.loads(extra["ratingc"]) if "ratingc" in extra else f"PF{n}"
    from mjlog.formats.tenhou.xml_write import lobby_of  # a log of another format: its rules' lobby

    lobby = lobby_of(log)
    display = lobby.display
    disp = display[1:] if display.startswith("四") else display
    aka = 1 if red else 0
    out["rule"] = {"disp": disp, "aka53": aka, "aka52": aka, "aka51": aka}
    if lobby.special_bits or lobby.csrule:
        # mjlog's addition: a special lobby's GO type and csrule, which rule.disp cannot carry
        out["rule"]["type"] = lobby.type
        if lobby.csrule:
            out["rule"]["csrule"] = lobby.csrule
    out["lobby"] = lobby.lobby or 0
    players = list(log.players) + [None] * (4 - len(log.players))
    out["dan"] = [dan_string(p.rank) if p else "新人" for p in players]
    out["rate"] = [_number(p.rate if p and p.rate is not None else 1500.0) for p in players]
    out["sx"] = [(p.sex or "M") if p else "C" for p in players]
    if log.final is not None:
        sc: list = []
        for s in range(4):
            if s < n:
                pts = log.final.points[s]
                sc += [log.final.scores[s], int(pts) if log.final.rounded else pts]
            else:
                sc += [0, 0]
        out["sc"] = sc
    out["name"] = [p.name if p else "" for p in players]
    return out


def _version(v: str | None) -> float | str:
    try:
        return float(v) if v else 2.3
    except ValueError:
        return v  # type: ignore[return-value]  # a str: float(v) raised


def _number(x: float) -> float | int:
    return int(x) if x == int(x) else x


#: The place of each JSON tile code in kind order, a red five (51-53) just after its kind's black
#: fives: a key read from a table, not a function called per tile (with the codes from a table, a third
#: of the fingerprint's time).
_ORDER = tuple(((code - 50) * 10 + 5) * 2 + 1 if code > 50 else code * 2 for code in range(54))


def _codes(tiles, red: bool) -> list[int]:
    codes = json_codes(red)
    return sorted([codes[t] if 0 <= t < 136 else to_json_code(t, red) for t in tiles], key=_ORDER.__getitem__)


def _call_string(call: Call, red: bool) -> str:
    def c(t: int) -> str:
        return str(to_json_code(t, red))

    kind = call.kind
    if kind is KITA:
        return "f44"
    if kind is CallKind.ANKAN:
        own = [str(x) for x in _codes(call.tiles, red)]
        return "".join(own[:3]) + "a" + own[3]
    rel = (call.from_seat - call.seat) % 4  # type: ignore[operator]  # set: every other call takes a tile
    base = call.tiles[:3] if kind is CallKind.KAKAN else call.tiles
    others = list(base)
    others.remove(call.called)  # type: ignore[arg-type]  # set, as from_seat
    own = [str(x) for x in _codes(others, red)]
    if kind is CallKind.CHI:
        return "c" + c(call.called) + "".join(own)  # type: ignore[arg-type]  # set, as from_seat
    if kind is CallKind.PON or kind is CallKind.KAKAN:
        pos = _DIRECTION_POS["p"][rel]
        called = c(call.called)  # type: ignore[arg-type]  # set, as from_seat
        letter = "p" + called if kind is CallKind.PON else "k" + c(call.added) + called  # type: ignore[arg-type]  # kakan: set
    else:
        pos = _DIRECTION_POS["m"][rel]
        letter = "m" + c(call.called)  # type: ignore[arg-type]  # set, as from_seat
    return "".join(own[:pos]) + letter + "".join(own[pos:])


#: The events a hand's JSON is written from (an event of a subclass is written as its base's).
_WRITTEN = (Draw, Discard, RiichiDeclared, Call, NewDora, Win, Ryuukyoku)
#: The class each event class met so far is written as (None: not written), filled by :func:`_written_as`.
_WRITTEN_AS: dict[type, type | None] = {c: c for c in _WRITTEN}


def _written_as(cls: type) -> type | None:
    """The class events of ``cls`` are written as: the first of :data:`_WRITTEN` it is, or None."""
    got = _WRITTEN_AS.get(cls, Event)
    if got is Event:
        got = _WRITTEN_AS[cls] = next((c for c in _WRITTEN if issubclass(cls, c)), None)
    return got


def deal_json(r: Round, n: int, red: bool) -> list:
    """How one hand starts, as :func:`round_json` writes it: its kyoku, honba and sticks, the scores,
    the first dora indicator and each seat's dealt hand (its parts, so two hands that one view
    records start alike)."""
    return [[r.kyoku, r.honba, r.sticks], list(r.scores) + [0] * (4 - n),
            to_json_code(cast(int, r.dora_indicator), red),  # a riichi hand always has its indicator
            [_codes(r.hands[s], red) if s < n else [] for s in range(4)]]


def round_json(r: Round, n: int, red: bool) -> list:
    """One hand as the official export writes it (the 17-element array, reference §11.2)."""
    takes: list[list] = [[] for _ in range(4)]
    outs: list[list] = [[] for _ in range(4)]
    riichi = [False] * 4
    codes = json_codes(red)
    start, scores, indicator, dealt = deal_json(r, n, red)
    dora = [indicator]
    ura: list[int] = []
    wins: list[Win] = []
    draw: Ryuukyoku | None = None
    e: Any  # each event is read as its class (cls) says, a dispatch mypy does not follow
    cls: type | None
    for e in r.events:
        cls = type(e)  # compared by identity, not isinstance in a chain: about a tenth of the fingerprint
        if cls is not Draw and cls is not Discard:  # nine events in ten are: no look-up for them (-3%)
            cls = _written_as(cls)
        if cls is Draw:
            t = e.tile
            takes[e.seat].append(codes[t] if 0 <= t < 136 else to_json_code(t, red))
        elif cls is Discard:
            t, s = e.tile, e.seat
            code = 60 if e.tsumogiri else codes[t] if 0 <= t < 136 else to_json_code(t, red)
            if riichi[s]:
                code = f"r{code}"
                riichi[s] = False
            outs[s].append(code)
        elif cls is RiichiDeclared:
            riichi[e.seat] = True
        elif cls is Call:
            text = _call_string(e, red)
            if e.kind in (CallKind.CHI, CallKind.PON, CallKind.DAIMINKAN):
                takes[e.seat].append(text)
                if e.kind is CallKind.DAIMINKAN:
                    outs[e.seat].append(0)
            else:
                outs[e.seat].append(text)
        elif cls is NewDora:
            dora.append(to_json_code(e.tile, red))
        elif cls is Win:
            wins.append(e)
            shown = recorded(e).ura_indicators
            if shown and not ura:
                ura = [to_json_code(t, red) for t in shown]
        elif cls is Ryuukyoku:
            draw = e
    if not ura and "ura" in dict(r.extra):
        ura = json.loads(dict(r.extra)["ura"])  # listed by the JSON read, but no riichi winner held them
    out: list = [start, scores, dora, ura]
    for s in range(4):
        out += [dealt[s], takes[s], outs[s]]
    out.append(_result(wins, draw, n, r.dealer))
    return out


def _pad(values: tuple[int, ...]) -> list[int]:
    return list(values) + [0] * (4 - len(values))


def _result(wins: list[Win], draw: Ryuukyoku | None, n: int, dealer: int) -> list:
    if wins:
        res: list = [WIN_NAME]
        for w in wins:
            res += [_pad(w.deltas), _win_info(w, n, dealer)]
        return res
    if draw is None:
        return []
    kind = draw_kind(draw)
    if kind is DrawKind.EXHAUSTIVE:
        shown = len(draw.shown)
        if shown == n:
            return ["全員聴牌"]
        if shown == 0 and not any(draw.deltas):
            return ["全員不聴"]
        return ["流局", _pad(draw.deltas)]
    if kind is DrawKind.NAGASHI_MANGAN:
        return [DRAW_RESULT_NAMES[kind], _pad(draw.deltas)]
    return [DRAW_RESULT_NAMES[kind]]


def _win_info(w: Win, n: int, dealer: int) -> list:
    r = recorded(w)
    info: list = [w.who, w.from_who, w.who if r.pao_who is None else r.pao_who]
    if not r.has_value and not w.points:
        return info
    rank = LIMIT_NAMES[r.limit] if r.limit in LIMIT_NAMES else f"{r.fu}符{r.han}飜"
    if not w.tsumo:
        value = f"{w.points}点"
    elif w.who == dealer:
        value = f"{w.points // (n - 1)}点∀"
    else:
        ko = c100_div(w.points, n)
        value = f"{ko}-{w.points - ko * (n - 2)}点"
    info.append(rank + value)
    info += [f"{_yaku_name(y)}({h}飜)" for y, h in r.yaku if h]
    info += [f"{_yaku_name(y)}(役満)" for y in r.yakuman]
    return info


def hand_record(log: GameLog) -> Callable[[Round], object]:
    """What both Tenhou formats record of a hand, for the game's identity (:mod:`mjlog.formats.identity`):
    tenhou.net/6 JSON's view of it."""
    n, red = log.n_players, log.rules.red_fives
    return lambda r: round_json(r, n, red)


def deal_record(log: GameLog) -> Callable[[Round], object]:
    """How both Tenhou formats record a hand's start, for the game's quick identity
    (:mod:`mjlog.formats.identity`): a part of :func:`hand_record`'s view."""
    n, red = log.n_players, log.rules.red_fives
    return lambda r: deal_json(r, n, red)


def _yaku_name(yaku_id: int) -> str:
    """The name tenhou.net/6 writes for a Tenhou yaku id; mjlog's own name for one of its own (a rule knob's)."""
    return YAKU_NAMES.get(yaku_id) or yaku_name(yaku_id)
