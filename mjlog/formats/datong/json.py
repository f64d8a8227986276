"""Datong mahjong logs as JSON: reader and writer (the layout: ``docs/datong.md``).

One object whose first key is ``"format": "mjlog-datong"`` (:func:`sniff` accepts nothing else),
the header keys, and ``log``: one object per hand whose ``events`` are one array in play order.
Tiles are ids 0..135, so the seed's wall is checked tile for tile.

>>> data = (b'{"format": "mjlog-datong", "ver": 1, "rule": {"disp": "datong", "base": 10}, '
...         b'"name": ["A","B","C","D"], "thrower": 0, "die": 1, "first": 0, "log": []}')
>>> sniff(data), read_datong_json(data, "x").rules.name
(True, 'datong')
"""

from __future__ import annotations

from mjlog.formats.datong import common as c
from mjlog.formats.datong.sniff import sniff_json as sniff  # noqa: F401 - the format's test, where the registry finds it
from mjlog.formats.seeded_dialect import (
    Bad, each_event, error, integer, integers, json_bytes, json_log_object, json_rule, json_seats, json_table_event, json_win,
    load_json, read_json_body, seat, table_event_array, text)
from mjlog.ir import GameLog, Round, Ryuukyoku, Win
from mjlog.rules.datong.record import DatongDraw, DatongWin, LeaveTable

FORMAT = "datong-json"
MAGIC = "mjlog-datong"
WIN, DRAW, LEAVE = "和了", "流局", "強退"
_HAND_KEYS = ("kyoku", "honba", "dealer", "ten", "dice", "hai", "events")


def read_datong_json(data: bytes, name: str) -> GameLog:
    """Read a Datong JSON log; MalformedLogError naming the hand and event for anything wrong."""
    obj = load_json(data, name, "Datong")
    try:
        rule = json_rule(obj, MAGIC, "Datong")
        head = c.header_of(text(rule.get("disp", ""), "the rule set", 40),
                           integer(rule.get("base", 10), "the base", 1, 10**7), rule.get("synthetic", False) is True,
                           text(obj.get("title", ""), "the title"), text(rule.get("knobs", ""), "the knobs", 1000),
                           obj.get("thrower", 0), obj.get("die", 1))
    except Bad as exc:
        raise error(exc, name, "the header") from None
    body = read_json_body(obj, name, _hand)
    return GameLog(FORMAT, "datong", head.rules, body.players, body.rounds, head.record, body.log_id, name, body.seed,
                   body.first_dealer, body.final, str(obj.get("ver", "")) or None)


def _hand(index: int, hand) -> Round:
    if not isinstance(hand, dict) or any(k not in hand for k in _HAND_KEYS):
        raise Bad(f"a hand is an object with {', '.join(_HAND_KEYS)}")
    h = c.start(index, hand["kyoku"], hand["honba"], hand["dealer"], hand["ten"], hand["dice"], hand["hai"])
    each_event(hand["events"], lambda ev: _event(h, ev))
    return h.round()


def _event(h: c.HandBuilder, ev) -> None:
    own = json_table_event(h, ev)
    if own is None:
        return
    kind, args = own
    if kind == LEAVE:
        if len(args) != 1:
            raise Bad(f'a leave of the table is ["{LEAVE}", seat]')
        h.add(LeaveTable(seat(args[0], "the seat that leaves")))
    elif kind == WIN:
        h.add(_win(h, _object(args, WIN)))
    elif kind == DRAW:
        d = _object(args, DRAW)
        h.add(Ryuukyoku(0, 0, json_seats(d, "sc"), json_seats(d, "delta"), (), (), DatongDraw(_payments(d))))
    else:
        raise Bad(f"unknown event kind {kind[:20]!r}")


def _object(args, kind: str) -> dict:
    if len(args) != 1 or not isinstance(args[0], dict):
        raise Bad(f'a {kind} event is ["{kind}", {{...}}]')
    return args[0]


def _payments(d: dict) -> tuple:
    rows = d.get("pay", [])
    if not isinstance(rows, list):
        raise Bad("pay is not a list of payments")
    out = []
    for r in c.limited(rows, c.MAX_PAYMENTS, "payments"):
        if not isinstance(r, list) or len(r) != 4:
            raise Bad("a payment is [payer, payee, amount, reason]")
        out.append(c.payment(*r))
    return tuple(out)


def _win(h: c.HandBuilder, w: dict) -> Win:
    types = w.get("types", [])
    if not isinstance(types, list):
        raise Bad("types is not a list of hand types")
    lines = []
    for x in c.limited(types, c.MAX_TYPES, "hand types"):
        if not isinstance(x, list) or len(x) != 3:
            raise Bad("a hand type is [name, english, multiplier]")
        lines.append(c.type_line(*x))
    who = seat(w.get("who"), "the winner")
    rec = DatongWin(tuple(lines), integer(w.get("multiplier"), "the multiplier", 1, 10**6),
                    integers(w.get("claims", [who]), "the claimants", 0, c.SEATS - 1), _payments(w))
    return json_win(h, w, who, rec)


# -- writer ------------------------------------------------------------------------------------------


def datong_json_object(log: GameLog) -> dict:
    """A Datong GameLog as the JSON dialect's object."""
    h = log.header
    hands = [{"kyoku": r.kyoku, "honba": r.honba, "dealer": r.dealer, "ten": list(r.scores), "dice": list(r.dice),
              "hai": [list(t) for t in r.hands], "events": [table_event_array(ev) or _event_array(ev) for ev in r.events]}
             for r in log.rounds]
    return json_log_object(log, MAGIC, {"thrower": h.thrower, "die": h.die, "first": log.first_dealer}, hands)


def write_datong_json(log: GameLog) -> bytes:
    """A Datong GameLog as JSON bytes; :func:`read_datong_json` reads them back equal."""
    return json_bytes(datong_json_object(log))


def _pays(rows) -> list:
    return [[r.payer, r.payee, r.amount, r.reason] for r in rows]


def _event_array(ev) -> list:
    t = type(ev)
    if t is LeaveTable:
        return [LEAVE, ev.seat]
    if t is Win:
        p: DatongWin = ev.payload
        return [WIN, {"who": ev.who, "from": ev.from_who, "hand": list(ev.hand), "win": ev.win_tile,
                      "types": [[x.name, x.english, x.value] for x in p.types], "multiplier": p.multiplier,
                      "claims": list(p.claimants), "pay": _pays(p.payments), "sc": list(ev.scores_before),
                      "delta": list(ev.deltas)}]
    if t is Ryuukyoku:
        return [DRAW, {"pay": _pays(ev.payload.payments), "sc": list(ev.scores_before), "delta": list(ev.deltas)}]
    raise ValueError(f"a Datong log has no {t.__name__} events")
