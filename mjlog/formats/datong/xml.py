"""Datong mahjong logs as Tenhou-style XML: reader and writer (the layout: ``docs/datong.md``).

The root is ``<datonglog ver="1">``, which no other format has: :func:`sniff` accepts only it.
Draws and discards are Tenhou's tags (``T U V W`` + tile id, ``D E F G`` + tile id); everything
else is an element with named attributes. Parsing goes through :mod:`mjlog.formats.safe_xml`.

>>> data = (b'<datonglog ver="1"><GAME rules="datong" base="10" thrower="2" die="3" first="0"/>'
...         b'<UN n0="A" n1="B" n2="C" n3="D"/></datonglog>')
>>> sniff(data), read_datong_xml(data, "x").header.die
(True, 3)
"""

from __future__ import annotations

from mjlog.formats.datong import common as c
from mjlog.formats.datong.sniff import sniff_xml as sniff  # noqa: F401 - the format's test, where the registry finds it
from mjlog.formats.seeded_dialect import (
    DISCARD_TAGS, DRAW_TAGS, TILE_TAG, Bad, integer, integers, make_call, seat, text, tile, tiles, winner_melds)
from mjlog.formats.seeded_xml import (
    SeededXmlReader, csv as _csv, element as _el, read_seeded_xml, table_event, write_seeded_xml)
from mjlog.ir import GameLog, Round, Ryuukyoku, Win
from mjlog.rules.common.wall import parse_seed
from mjlog.rules.datong.record import DatongDraw, DatongWin, LeaveTable

FORMAT = "datong-xml"
ROOT = "datonglog"
VERSION = "1"


def read_datong_xml(data: bytes, name: str) -> GameLog:
    """Read a Datong XML log; MalformedLogError naming the element for anything wrong."""
    return read_seeded_xml(data, name, ROOT, VERSION, "Datong", _Reader(name))


def _opt(a, key: str, conv):
    v = a.get(key)
    return None if v is None else conv(v)


class _Reader(SeededXmlReader):
    """The elements of one Datong XML log, collected into a GameLog."""

    hand: c.HandBuilder | None

    def own(self, tag: str, a, el) -> None:
        m = TILE_TAG.match(tag)
        if m:
            t = tile(m.group(2))
            letter = m.group(1)
            if letter in DRAW_TAGS:
                self._open().draw(DRAW_TAGS.index(letter), t)
            else:
                self._open().discard(DISCARD_TAGS.index(letter), t)
        elif tag == "GAME":
            self._game(a)
        elif tag == "N":
            self._open().add(make_call(seat(a.get("who")), text(a.get("kind", ""), "the call kind", 20),
                                       tiles(a.get("tiles", "")), _opt(a, "called", tile), _opt(a, "from", seat),
                                       _opt(a, "added", tile)))
        elif tag == "LEAVE":
            self._open().add(LeaveTable(seat(a.get("who"), "the seat that leaves")))
        elif tag == "AGARI":
            self._win(a, el)
        elif tag == "RYUUKYOKU":
            self._open().add(Ryuukyoku(0, 0, _ints(a, "sc"), _ints(a, "delta"), (), (),
                                       DatongDraw(tuple(_payments(el, "RYUUKYOKU")))))
        else:
            super().own(tag, a, el)

    def _game(self, a) -> None:
        if self.game is not None:
            raise Bad("a second <GAME>")
        base = integer(a.get("base"), "the base", 1, 10**7) if a.get("base") is not None else 10
        head = c.header_of(text(a.get("rules", ""), "the rule set", 40), base, a.get("synthetic", "0") == "1",
                           text(a.get("title", ""), "the title"), text(a.get("knobs", ""), "the knobs", 1000),
                           a.get("thrower", "0"), a.get("die", "1"))
        seed = a.get("seed")
        self.game = {"head": head, "seed": parse_seed(text(seed, "the seed", 4000)) if seed else None,
                     "first": seat(a.get("first", "0"), "the first dealer"),
                     "id": text(a["id"], "the log id", 80) if "id" in a else None}

    def start_hand(self, a) -> c.HandBuilder:
        if self.game is None or self.players is None:
            raise Bad("a hand before <GAME> and <UN>")
        return c.start(len(self.rounds), a.get("kyoku"), a.get("honba"), a.get("dealer"), a.get("ten", ""),
                            a.get("dice", "0,0"), [a.get(f"hai{s}", "") for s in range(c.SEATS)])

    def _win(self, a, el) -> None:
        h = self._open()
        types = []
        for f in el:
            if isinstance(f.tag, str) and f.tag == "TYPE":
                types.append(c.type_line(f.get("name", ""), f.get("english", ""), f.get("value")))
            elif isinstance(f.tag, str) and f.tag != "PAY":
                raise Bad(f"<AGARI> holds <{str(f.tag)[:20]}>: only <TYPE> and <PAY>")
        who = seat(a.get("who"), "the winner")
        rec = DatongWin(tuple(c.limited(types, c.MAX_TYPES, "hand types")),
                        integer(a.get("multiplier"), "the multiplier", 1, 10**6),
                        integers(a.get("claims", str(who)), "the claimants", 0, c.SEATS - 1),
                        tuple(_payments(el, "AGARI")))
        h.add(Win(who, seat(a.get("from"), "the seat won from"), tiles(a.get("hand", ""), "the winning hand"),
                  tile(a.get("win"), "the winning tile"), winner_melds(h.events, who),
                  scores_before=_ints(a, "sc"), deltas=_ints(a, "delta"), payload=rec))

    def finish(self) -> GameLog:
        self._close()
        if self.game is None or self.players is None:
            raise Bad("no <GAME> and <UN>")
        g = self.game
        return GameLog(FORMAT, "datong", g["head"].rules, self.players, tuple(self.rounds), g["head"].record, g["id"],
                       self.name, g["seed"], g["first"], self.final, VERSION)


def _ints(a, key: str) -> tuple[int, ...]:
    v = a.get(key, "")
    return integers(v, key, count=c.SEATS if v else None)


def _payments(el, tag: str) -> list:
    out = []
    for p in el:
        if isinstance(p.tag, str) and p.tag == "PAY":
            out.append(c.payment(_opt(p, "payer", str), _opt(p, "payee", str), p.get("amount"), p.get("reason", "")))
        elif isinstance(p.tag, str) and tag == "RYUUKYOKU":
            raise Bad(f"<RYUUKYOKU> holds <{str(p.tag)[:20]}>: only <PAY>")
    return c.limited(out, c.MAX_PAYMENTS, "payments")


# -- writer ------------------------------------------------------------------------------------------


def write_datong_xml(log: GameLog) -> bytes:
    """A Datong GameLog as XML bytes; :func:`read_datong_xml` reads them back equal."""
    h = log.header
    game = _el("GAME", id=log.log_id, rules=h.preset, base=h.base, synthetic="1" if h.synthetic else None,
               title=h.title or None, knobs=h.knobs or None, seed=log.seed.text if log.seed else None,
               thrower=h.thrower, die=h.die, first=log.first_dealer)
    return write_seeded_xml(log, ROOT, VERSION, game, _hand_lines)


def _hand_lines(rnd: Round) -> list[str]:
    head = _el("HAND", kyoku=rnd.kyoku, honba=rnd.honba, dealer=rnd.dealer, ten=_csv(rnd.scores),
               dice=_csv(rnd.dice), **{f"hai{s}": _csv(t) for s, t in enumerate(rnd.hands)})
    return [head, *(table_event(ev) or _event(ev) for ev in rnd.events)]


def _event(ev) -> str:
    t = type(ev)
    if t is LeaveTable:
        return _el("LEAVE", who=ev.seat)
    if t is Win:
        p: DatongWin = ev.payload
        head = _el("AGARI", who=ev.who, **{"from": ev.from_who}, hand=_csv(ev.hand), win=ev.win_tile,
                   multiplier=p.multiplier, claims=_csv(p.claimants), sc=_csv(ev.scores_before),
                   delta=_csv(ev.deltas))[:-2]
        body = "".join(_el("TYPE", name=x.name, english=x.english, value=x.value) for x in p.types)
        return f"{head}>{body}{_pays(p.payments)}</AGARI>"
    if t is Ryuukyoku:
        head = _el("RYUUKYOKU", sc=_csv(ev.scores_before), delta=_csv(ev.deltas))[:-2]
        return f"{head}>{_pays(ev.payload.payments)}</RYUUKYOKU>"
    raise ValueError(f"a Datong log has no {t.__name__} events")


def _pays(rows) -> str:
    return "".join(_el("PAY", payer=r.payer, payee=r.payee, amount=r.amount, reason=r.reason) for r in rows)
