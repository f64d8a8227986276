"""Beijing mahjong logs as Tenhou-style XML: reader and writer (``docs/formats/beijing.md``).

The root is ``<beijinglog ver="1">``, which no Tenhou log has: :func:`sniff` accepts only it.
Draws and discards are Tenhou's tags (``T U V W`` + tile id, ``D E F G`` + tile id); everything
else is an element with named attributes. Parsing goes through :mod:`mjlog.formats.safe_xml`
(no DTDs or entities, bounded attribute sizes).

>>> from mjlog.rules.beijing.record import BeijingHeader
>>> data = b'<beijinglog ver="1"><GAME rules="beijing" base="500"/><UN n0="A" n1="B" n2="C" n3="D"/></beijinglog>'
>>> sniff(data), read_beijing_xml(data, "x").header
(True, BeijingHeader(preset='beijing', base=500, synthetic=False, title='', knobs=''))
>>> sniff(b'<mjloggm ver="2.3"><GO type="169"/></mjloggm>')
False
"""

from __future__ import annotations

from mjlog.formats.beijing import common as c
from mjlog.formats.beijing.common import Bad
from mjlog.formats.seeded_dialect import DISCARD_TAGS, DRAW_TAGS, TILE_TAG
from mjlog.formats.seeded_xml import (
    SeededXmlReader, csv as _csv, element as _el, read_seeded_xml, table_event, write_seeded_xml)
from mjlog.ir import GameLog, Round, Ryuukyoku, Win
from mjlog.rules.beijing.record import BeijingDraw, BeijingWin, FanLine
from mjlog.rules.common.wall import parse_seed
from mjlog.formats.beijing.sniff import sniff_xml as sniff  # noqa: F401 - the format's test, where the registry finds it

FORMAT = "beijing-xml"
ROOT = "beijinglog"
VERSION = "1"


def read_beijing_xml(data: bytes, name: str) -> GameLog:
    """Read a Beijing XML log; MalformedLogError naming the element for anything wrong."""
    return read_seeded_xml(data, name, ROOT, VERSION, "Beijing", _Reader(name))


class _Reader(SeededXmlReader):
    """The elements of one Beijing XML log, collected into a GameLog."""

    hand: c.HandBuilder | None

    def own(self, tag: str, a, el) -> None:
        m = TILE_TAG.match(tag)
        if m:
            t = int(m.group(2))          # at most three digits
            if t > 135:
                raise Bad(f"tile id {t} is outside 0..135")
            self._tile(m.group(1), t)
        elif tag == "GAME":
            self._game(a)
        elif tag == "N":
            self._open().add(c.make_call(
                c.seat(a.get("who")), c.text(a.get("kind", ""), "the call kind", 20), c.tiles(a.get("tiles", "")),
                _opt(a, "called", c.tile), _opt(a, "from", c.seat), _opt(a, "added", c.tile)))
        elif tag == "HUBAO":
            seats = c.integers(a.get("seats", ""), "the 互包 seats", 0, 3, count=2)
            self._open().pair(*seats)
        elif tag == "AGARI":
            self._win(a, el)
        elif tag == "RYUUKYOKU":
            self._open().add(Ryuukyoku(
                0, 0, _ints(a, "sc"), _ints(a, "delta"), (), (),
                BeijingDraw(c.integer(a.get("burn", "0"), "the 燒莊 fan", 0), _ints(a, "burnpay"))))
        else:
            super().own(tag, a, el)

    def _game(self, a) -> None:
        if self.game is not None:
            raise Bad("a second <GAME>")
        preset = c.text(a.get("rules", ""), "the rule set", 40)
        base = c.integer(a.get("base"), "the base", 1, 10**7) if a.get("base") is not None else 500
        synthetic = a.get("synthetic", "0") == "1"
        title, knobs = c.text(a.get("title", ""), "the title"), c.text(a.get("knobs", ""), "the knobs", 1000)
        seed = a.get("seed")
        self.game = {"rules": c.game_rules(preset, base, synthetic, knobs),
                     "header": c.header(preset, base, synthetic, title, knobs),
                     "seed": parse_seed(c.text(seed, "the seed", 4000)) if seed else None,
                     "first": c.seat(a.get("first", "0"), "the first dealer"),
                     "id": c.text(a["id"], "the log id", 80) if "id" in a else None}

    def start_hand(self, a) -> c.HandBuilder:
        if self.game is None or self.players is None:
            raise Bad("a hand before <GAME> and <UN>")
        return c.HandBuilder(
            index=len(self.rounds), kyoku=c.integer(a.get("kyoku"), "the kyoku", 0, c.KYOKU_LIMIT),
            honba=c.integer(a.get("honba"), "the honba", 0, 32767), dealer=c.seat(a.get("dealer"), "the dealer"),
            scores=c.integers(a.get("ten", ""), "the start scores", count=c.SEATS),
            dice=c.integers(a.get("dice", "0,0"), "the dice", 0, 5, count=2),  # type: ignore[arg-type]  # two: count=2
            wild=c.tile(a.get("wild"), "the wild indicator"),
            burn=c.integer(a.get("burn", "0"), "the 燒莊 rounds", 0, 100),
            hands=tuple(c.tiles(a.get(f"hai{s}", ""), f"the dealt tiles of seat {s}") for s in range(c.SEATS)))

    def _tile(self, letter: str, t: int) -> None:
        h = self._open()
        if letter in DRAW_TAGS:
            h.draw(DRAW_TAGS.index(letter), t)
        else:
            h.discard(DISCARD_TAGS.index(letter), t)

    def _win(self, a, el) -> None:
        h = self._open()
        who, frm = c.seat(a.get("who"), "the winner"), c.seat(a.get("from"), "the seat won from")
        fans: list[FanLine] = []
        for f in el:
            if not isinstance(f.tag, str):
                continue
            if f.tag != "FAN" or len(fans) >= 20:
                raise Bad(f"<AGARI> holds <{str(f.tag)[:20]}>: only up to 20 <FAN> lines")
            fans.append(FanLine(c.text(f.get("name", ""), "a fan's name", 40),
                                c.text(f.get("english", ""), "a fan's English name", 80),
                                c.integer(f.get("value"), "a fan's value", -1000, 1000)))
        payload = BeijingWin(tuple(fans), c.integer(a.get("total"), "the fan total", -10000, 10000),
                             c.integer(a.get("burn", "0"), "the 燒莊 fan", 0), _ints(a, "pay"), _ints(a, "burnpay"))
        h.add(Win(who, frm, c.tiles(a.get("hand", ""), "the winning hand"), c.tile(a.get("win"), "the winning tile"),
                  c.winner_melds(h.events, who), scores_before=_ints(a, "sc"), deltas=_ints(a, "delta"),
                  payload=payload))

    def finish(self) -> GameLog:
        self._close()
        if self.game is None:
            raise Bad("no <GAME> element: not a Beijing game log")
        if self.players is None:
            raise Bad("no <UN> element naming the players")
        g = self.game
        return GameLog(FORMAT, "beijing", g["rules"], self.players, tuple(self.rounds), g["header"], g["id"],
                       self.name, g["seed"], g["first"], self.final, VERSION)


def _opt(a, key: str, conv):
    v = a.get(key)
    return None if v is None else conv(v, f"attribute {key}")


def _ints(a, key: str) -> tuple[int, ...]:
    v = a.get(key, "")
    return c.integers(v, f"attribute {key}", count=c.SEATS if v else None)


# -- writer ------------------------------------------------------------------------------------------


def write_beijing_xml(log: GameLog) -> bytes:
    """A Beijing GameLog as XML bytes (UTF-8); :func:`read_beijing_xml` reads them back equal."""
    h = log.header
    game = _el("GAME", rules=h.preset, base=h.base, seed=log.seed.text if log.seed else None,
               synthetic="1" if h.synthetic else None, title=h.title or None, knobs=h.knobs or None,
               first=log.first_dealer, id=log.log_id)
    return write_seeded_xml(log, ROOT, VERSION, game, _hand_lines)


def _hand_lines(rnd: Round) -> list[str]:
    pay = rnd.payload
    out = [_el("HAND", kyoku=rnd.kyoku, honba=rnd.honba, dealer=rnd.dealer, ten=_csv(rnd.scores),
               dice=_csv(rnd.dice), wild=pay.wild_indicator, burn=pay.burn,
               **{f"hai{s}": _csv(t) for s, t in enumerate(rnd.hands)})]
    pairs = {p.event: p for p in pay.mutual}
    for i, ev in enumerate(rnd.events):
        out.append(table_event(ev) or _event(ev))
        if i in pairs:
            out.append(_el("HUBAO", seats=_csv(pairs[i].seats)))
    return out


def _event(ev) -> str:
    t = type(ev)
    if t is Win:
        p: BeijingWin = ev.payload
        head = _el("AGARI", who=ev.who, **{"from": ev.from_who}, hand=_csv(ev.hand), win=ev.win_tile, total=p.total,
                   burn=p.burn_fan, pay=_csv(p.hand_payment), burnpay=_csv(p.burn_payment), sc=_csv(ev.scores_before),
                   delta=_csv(ev.deltas))[:-2]
        fans = "".join(_el("FAN", name=f.name, english=f.english, value=f.value) for f in p.fans)
        return f"{head}>{fans}</AGARI>"
    if t is Ryuukyoku:
        p2: BeijingDraw = ev.payload
        return _el("RYUUKYOKU", burn=p2.burn_fan, burnpay=_csv(p2.burn_payment), sc=_csv(ev.scores_before),
                   delta=_csv(ev.deltas))
    raise ValueError(f"a Beijing log has no {t.__name__} events")
