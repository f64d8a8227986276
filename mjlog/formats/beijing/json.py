"""Beijing mahjong logs as tenhou.net/6-style JSON: reader and writer (``docs/formats/beijing.md``).

One object whose first key is ``"format": "mjlog-beijing"`` (:func:`sniff` accepts nothing
else, so no tenhou.net/6 file is mistaken for it), the header keys of tenhou.net/6 (``title``,
``name``, ``rule``) and ``log``: one array per hand. Unlike tenhou.net/6, tiles are ids 0..135
(not codes), so the seed's wall is checked tile for tile, and a hand's events are one array in
play order (not per-seat take and discard lists).

>>> data = (b'{"format": "mjlog-beijing", "ver": 1, "rule": {"disp": "beijing", "base": 500}, '
...         b'"name": ["A","B","C","D"], "log": []}')
>>> sniff(data), read_beijing_json(data, "x").rules.name
(True, 'beijing')
>>> sniff(b'{"title": ["", ""], "log": []}')
False
"""

from __future__ import annotations

from mjlog.formats.beijing import common as c
from mjlog.formats.beijing.common import Bad
from mjlog.formats.seeded_dialect import (
    json_bytes, json_log_object, json_rule, json_seats, json_table_event, json_win, table_event_array)
from mjlog.ir import GameLog, Round, Ryuukyoku, Win
from mjlog.rules.beijing.record import BeijingDraw, BeijingWin, FanLine
from mjlog.formats.beijing.sniff import sniff_json as sniff  # noqa: F401 - the format's test, where the registry finds it

FORMAT = "beijing-json"
MAGIC = "mjlog-beijing"
WIN, DRAW, MUTUAL = "和了", "流局", "互包"


def read_beijing_json(data: bytes, name: str) -> GameLog:
    """Read a Beijing JSON log; MalformedLogError naming the hand and event for anything wrong."""
    obj = c.load_json(data, name, "Beijing")
    try:
        rule = json_rule(obj, MAGIC, "Beijing")
        preset = c.text(rule.get("disp", ""), "the rule set", 40)
        base = c.integer(rule.get("base", 500), "the base", 1, 10**7)
        synthetic = rule.get("synthetic", False) is True
        title, knobs = c.text(obj.get("title", ""), "the title"), c.text(rule.get("knobs", ""), "the knobs", 1000)
        rules = c.game_rules(preset, base, synthetic, knobs)
    except Bad as exc:
        raise c.error(exc, name, "the header") from None
    body = c.read_json_body(obj, name, _hand)
    header = c.header(preset, base, synthetic, title, knobs)
    return GameLog(FORMAT, "beijing", rules, body.players, body.rounds, header, body.log_id, name, body.seed,
                   body.first_dealer, body.final, str(obj.get("ver", "")) or None)


def _hand(index: int, hand) -> Round:
    if not isinstance(hand, list) or len(hand) != 8:
        raise Bad("a hand is [[kyoku, honba, dealer], scores, dice, wild, burn, dealt tiles, events, null]")
    start, scores, dice, wild, burn, dealt, events, _ = hand
    kyoku, honba, dealer = c.integers(start, "[kyoku, honba, dealer]", 0, 32767, count=3)
    if not isinstance(dealt, list) or len(dealt) != c.SEATS:
        raise Bad("the dealt tiles are not four lists")
    h = c.HandBuilder(index=index, kyoku=c.integer(kyoku, "the kyoku", 0, c.KYOKU_LIMIT), honba=honba,
                      dealer=c.seat(dealer, "the dealer"), scores=c.integers(scores, "the start scores", count=c.SEATS),
                      dice=c.integers(dice, "the dice", 0, 5, count=2),  # type: ignore[arg-type]  # two: count=2
                      wild=c.tile(wild, "the wild indicator"), burn=c.integer(burn, "the 燒莊 rounds", 0, 100),
                      hands=tuple(c.tiles(t, f"the dealt tiles of seat {s}") for s, t in enumerate(dealt)))
    c.each_event(events, lambda ev: _event(h, ev))
    return h.round()


def _event(h: c.HandBuilder, ev) -> None:
    own = json_table_event(h, ev)
    if own is None:
        return
    kind, args = own
    if kind == MUTUAL:
        if len(args) != 2:
            raise Bad('a 互包 pair is ["互包", seat, seat]')
        h.pair(c.seat(args[0]), c.seat(args[1]))
    elif kind == WIN:
        h.add(_win(h, args))
    elif kind == DRAW:
        if len(args) != 1 or not isinstance(args[0], dict):
            raise Bad('a draw is ["流局", {...}]')
        d = args[0]
        h.add(Ryuukyoku(0, 0, json_seats(d, "sc"), json_seats(d, "delta"), (), (),
                        BeijingDraw(c.integer(d.get("burn", 0), "the 燒莊 fan", 0), json_seats(d, "burnpay"))))
    else:
        raise Bad(f"unknown event kind {kind[:20]!r}")


def _win(h: c.HandBuilder, args) -> Win:
    if len(args) != 1 or not isinstance(args[0], dict):
        raise Bad('a win is ["和了", {...}]')
    w = args[0]
    fans = w.get("fans", [])
    if not isinstance(fans, list) or len(fans) > 20:
        raise Bad("fans is not a list of up to 20 fan lines")
    lines = []
    for f in fans:
        if not isinstance(f, list) or len(f) != 3:
            raise Bad("a fan line is [name, english, value]")
        lines.append(FanLine(c.text(f[0], "a fan's name", 40), c.text(f[1], "a fan's English name", 80),
                             c.integer(f[2], "a fan's value", -1000, 1000)))
    who = c.seat(w.get("who"), "the winner")
    payload = BeijingWin(tuple(lines), c.integer(w.get("total"), "the fan total", -10000, 10000),
                         c.integer(w.get("burn", 0), "the 燒莊 fan", 0), json_seats(w, "pay"), json_seats(w, "burnpay"))
    return json_win(h, w, who, payload)


# -- writer ------------------------------------------------------------------------------------------


def beijing_json_object(log: GameLog) -> dict:
    """A Beijing GameLog as the JSON dialect's object."""
    return json_log_object(log, MAGIC, {"first": log.first_dealer}, [_hand_array(r) for r in log.rounds])


def write_beijing_json(log: GameLog) -> bytes:
    """A Beijing GameLog as JSON bytes; :func:`read_beijing_json` reads them back equal."""
    return json_bytes(beijing_json_object(log))


def _hand_array(rnd) -> list:
    pay = rnd.payload
    pairs = {p.event: p for p in pay.mutual}
    events: list = []
    for i, ev in enumerate(rnd.events):
        events.append(table_event_array(ev) or _event_array(ev))
        if i in pairs:
            events.append([MUTUAL, *pairs[i].seats])
    return [[rnd.kyoku, rnd.honba, rnd.dealer], list(rnd.scores), list(rnd.dice), pay.wild_indicator, pay.burn,
            [list(t) for t in rnd.hands], events, None]


def _event_array(ev) -> list:
    t = type(ev)
    if t is Win:
        p: BeijingWin = ev.payload
        return [WIN, {"who": ev.who, "from": ev.from_who, "hand": list(ev.hand), "win": ev.win_tile,
                      "fans": [[f.name, f.english, f.value] for f in p.fans], "total": p.total, "burn": p.burn_fan,
                      "pay": list(p.hand_payment), "burnpay": list(p.burn_payment), "sc": list(ev.scores_before),
                      "delta": list(ev.deltas)}]
    if t is Ryuukyoku:
        d: BeijingDraw = ev.payload
        return [DRAW, {"burn": d.burn_fan, "burnpay": list(d.burn_payment), "sc": list(ev.scores_before),
                       "delta": list(ev.deltas)}]
    raise ValueError(f"a Beijing log has no {t.__name__} events")
