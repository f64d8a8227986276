"""mjlog's MCR dialect: an MCR game as rows of Tenhou-style elements, both ways.

A row is ``(tag, attributes)`` with text values; :mod:`mjlog.formats.mcr.xml` writes the rows
as XML elements and :mod:`mjlog.formats.mcr.json` as JSON, and both read them back through
:func:`rows_to_log`, which checks every value and raises :class:`MalformedLogError` naming the
row (``element 12 <N>``). The tags (``docs/formats/mcr.md``):

``SHUFFLE seed`` · ``GO rules knobs synthetic title id tablepoints hands event site date board
scoring`` · ``UN n0..n3`` · ``INIT hand wind oya dice ten hai0..hai3 [wall flowers0..3]`` ·
``T``/``U``/``V``/``W`` + tile (a draw by seat 0-3) · ``D``/``E``/``F``/``G`` + tile (a discard) ·
``FLOWER who hai`` · ``N who type hai called fromWho`` (type ``chow pung kong ankan kakan``) ·
``LOST who type kind`` (a claim that lost to the next event; type ``win pung kong chow``, kind 0-33
the tile it names) · ``AGARI who fromWho hai machi fan total flowers delta [result penalty]`` (fan
lines ``number,value,count[,name]``) · ``RYUUKYOKU delta [result penalty]`` · ``OWARI sc points``.
Tile ids are 0-143 (136-143 the flowers).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from urllib.parse import quote, unquote

from mjlog.errors import MalformedLogError
from mjlog.formats.bail import BailOut
from mjlog.formats.safe_xml import is_xml_integer
from mjlog.ir import Call, CallKind, Discard, Draw, FinalResult, FlowerSetAside, GameLog, Player, Round, SYNTHETIC_TITLE
from mjlog.ir import AnyCallKind, Ryuukyoku, Win
from mjlog.ir.check import check_log
from mjlog.rules.family import apply_knobs, family
from mjlog.rules.mcr.record import LostClaim, McrHandRecord, McrHeader, McrWinRecord, RecordedFan
from mjlog.rules.common.wall import parse_seed

__all__ = ["FAMILY", "Row", "log_to_rows", "rows_to_log"]

Row = tuple[str, dict[str, str]]
FAMILY = "mcr"
_DRAW_TAGS, _DISCARD_TAGS = "TUVW", "DEFG"
_CALL_TYPES = {"chow": CallKind.CHI, "pung": CallKind.PON, "kong": CallKind.DAIMINKAN, "ankan": CallKind.ANKAN,
               "kakan": CallKind.KAKAN}
_TYPE_OF_CALL: dict[AnyCallKind, str] = {v: k for k, v in _CALL_TYPES.items()}
_TILE_TAG = re.compile(r"([TUVWDEFG])([0-9]{1,3})\Z")
_MAX_INT = 10**8
#: The header's text facts a record may state (PMN's tags), kept as GO attributes of the same names.
_HEADER_TEXT = ("event", "site", "date", "board", "scoring")


def _ints(values: Iterable[int]) -> str:
    return ",".join(str(v) for v in values)


# ---- IR -> rows --------------------------------------------------------------------------------


def log_to_rows(log: GameLog) -> list[Row]:
    """The rows of ``log`` (an MCR game) in order."""
    header: McrHeader | None = log.header if isinstance(log.header, McrHeader) else None
    preset = family(FAMILY).presets.get(log.rules.name.removesuffix("+custom"))
    rows: list[Row] = []
    if log.seed is not None:
        rows.append(("SHUFFLE", {"seed": log.seed.text}))
    go = {"rules": preset.name if preset else log.rules.name}
    knobs = _knob_text(log.rules, preset)
    if knobs:
        go["knobs"] = knobs
    if header is not None and header.synthetic:
        go.update(synthetic="1", title=SYNTHETIC_TITLE)
    if header is not None and header.match_id:
        go["id"] = header.match_id
    if header is not None and header.table_points:
        go["tablepoints"] = "1"
    if header is not None:
        if header.hands is not None:
            go["hands"] = str(header.hands)
        go.update({k: getattr(header, k) for k in _HEADER_TEXT if getattr(header, k) is not None})
    rows.append(("GO", go))
    rows.append(("UN", {f"n{p.seat}": p.name for p in log.players}))
    for rnd in log.rounds:
        rows.extend(_round_rows(rnd))
    if log.final is not None:
        owari = {"sc": _ints(log.final.scores)}
        if log.final.points:
            owari["points"] = _ints(int(p) for p in log.final.points)
        rows.append(("OWARI", owari))
    return rows


def _knob_text(rules, preset) -> str:
    if preset is None:
        return ""
    return ";".join(f"{k}={getattr(rules, k)}" for k in type(rules).__dataclass_fields__
                    if k not in ("name", "players") and getattr(rules, k) != getattr(preset, k))


def _round_rows(rnd: Round) -> list[Row]:
    payload: McrHandRecord = rnd.payload if isinstance(rnd.payload, McrHandRecord) else McrHandRecord()
    init = {"hand": str(rnd.kyoku), "wind": str(payload.prevalent_wind), "oya": str(rnd.dealer),
            "dice": _ints(rnd.dice), "ten": _ints(rnd.scores)}
    init.update({f"hai{s}": _ints(h) for s, h in enumerate(rnd.hands)})
    if (payload.wall_shape, payload.wall_tiles) != ("shared", 144):
        init["wall"] = f"{payload.wall_shape},{payload.wall_tiles}"
    if any(payload.deal_flowers):
        init.update({f"flowers{s}": _ints(f) for s, f in enumerate(payload.deal_flowers)})
    rows: list[Row] = [("INIT", init)]
    outcomes = [e for e in rnd.events if isinstance(e, (Win, Ryuukyoku))]
    lost: dict[int, list] = {}
    for claim in payload.lost_claims:
        lost.setdefault(claim.at, []).append(claim)
    for i, e in enumerate(rnd.events):
        for claim in lost.get(i, ()):
            rows.append(("LOST", {"who": str(claim.seat), "type": claim.action, "kind": str(claim.tile)}))
        if isinstance(e, Draw):
            rows.append((f"{_DRAW_TAGS[e.seat]}{e.tile}", {}))
        elif isinstance(e, Discard):
            rows.append((f"{_DISCARD_TAGS[e.seat]}{e.tile}", {}))
        elif isinstance(e, FlowerSetAside):
            rows.append(("FLOWER", {"who": str(e.seat), "hai": str(e.tile)}))
        elif isinstance(e, Call):
            call = {"who": str(e.seat), "type": _TYPE_OF_CALL[e.kind], "hai": _ints(e.tiles)}
            if e.called is not None:
                call.update(called=str(e.called), fromWho=str(e.from_seat))
            rows.append(("N", call))
        elif isinstance(e, (Win, Ryuukyoku)):
            rows.append(_outcome_row(e, payload, last=e is outcomes[-1]))
    return rows


def _fan_text(f: RecordedFan) -> str:
    """One fan line: ``number,value,count`` (a part the record lost left empty), then ``,name``
    (percent-encoded) where the record names the fan."""
    text = f"{'' if f.number is None else f.number},{'' if f.value is None else f.value},{f.count}"
    return text if f.name is None else f"{text},{quote(f.name, safe='')}"


def _fan_line(part: str) -> RecordedFan:
    bits = part.split(",")
    if len(bits) not in (3, 4):
        raise _Bad(f"fan line {part[:40]!r} is not number,value,count[,name]")
    number, value = (None if b == "" else _int({"fan": b}, "fan", 0, 999) for b in bits[:2])
    name = unquote(bits[3]) if len(bits) == 4 else None
    return RecordedFan(number=number, name=name, value=value, count=_int({"fan": bits[2]}, "fan", 0, 999))


def _outcome_row(e: Win | Ryuukyoku, payload: McrHandRecord, last: bool) -> Row:
    attrs: dict[str, str] = {}
    if isinstance(e, Win):
        record: McrWinRecord = e.payload if isinstance(e.payload, McrWinRecord) else McrWinRecord()
        attrs.update(who=str(e.who), fromWho=str(e.from_who), hai=_ints(e.hand), machi=str(e.win_tile),
                     fan=";".join(_fan_text(f) for f in record.fans))
        if record.total is not None:
            attrs["total"] = str(record.total)
        if record.flowers is not None:
            attrs["flowers"] = str(record.flowers)
        if record.false_win:
            attrs["false"] = "1"
    if e.deltas:
        attrs["delta"] = _ints(e.deltas)
    if last and payload.result is not None and payload.result != e.deltas:
        attrs["result"] = _ints(payload.result)
    if last and payload.penalties is not None:
        attrs["penalty"] = _ints(payload.penalties)
    return ("AGARI" if isinstance(e, Win) else "RYUUKYOKU", attrs)


# ---- rows -> IR --------------------------------------------------------------------------------


class _Bad(BailOut):
    """A value of one element that is wrong (the reader adds the element)."""


def _small_integer(text: str) -> bool:
    """Whether ``text`` is an integer as a log writes one (:data:`~mjlog.formats.safe_xml.XML_INTEGER`) of at most nine digits."""
    return len(text.lstrip("-")) <= 9 and is_xml_integer(text)


def _int(attrs: Mapping[str, str], key: str, lo: int = -_MAX_INT, hi: int = _MAX_INT, default: int | None = None) -> int:
    text = attrs.get(key)
    if text is None:
        if default is not None:
            return default
        raise _Bad(f"{key} is missing")
    if not _small_integer(text):
        raise _Bad(f"{key}={text[:40]!r} is not an integer")
    value = int(text)
    if not lo <= value <= hi:
        raise _Bad(f"{key}={value} is outside {lo}..{hi}")
    return value


def _int_list(attrs: Mapping[str, str], key: str, lo: int = -_MAX_INT, hi: int = _MAX_INT,
              n: int | None = None) -> tuple[int, ...]:
    text = attrs.get(key)
    if text is None:
        raise _Bad(f"{key} is missing")
    parts = text.split(",") if text else []
    out = []
    for part in parts:
        if not _small_integer(part):
            raise _Bad(f"{key} holds {part[:40]!r}, not an integer")
        v = int(part)
        if not lo <= v <= hi:
            raise _Bad(f"{key} holds {v}, outside {lo}..{hi}")
        out.append(v)
    if n is not None and len(out) != n:
        raise _Bad(f"{key} has {len(out)} values, not {n}")
    return tuple(out)


def _tiles(attrs: Mapping[str, str], key: str, n: int | None = None) -> tuple[int, ...]:
    return _int_list(attrs, key, 0, 143, n)


def _seat(attrs: Mapping[str, str], key: str) -> int:
    return _int(attrs, key, 0, 3)


class _Reader:
    """Rows to a GameLog, keeping the state a row needs (the hand in progress, each seat's calls)."""

    def __init__(self, name: str, source_format: str):
        self.name, self.source_format = name, source_format
        self.seed = None
        self.rules = None
        self.header = McrHeader(format=source_format)
        self.players: tuple[Player, ...] = ()
        self.rounds: list[Round] = []
        self.final: FinalResult | None = None
        self.init: dict | None = None
        self.events: list = []
        self.calls: list[list[Call]] = []

    def read(self, rows: Iterable[Row]) -> GameLog:
        for i, (tag, attrs) in enumerate(rows):
            try:
                self._row(tag, attrs)
            except _Bad as bad:
                raise MalformedLogError(str(bad), self.name, f"element {i} <{tag[:20]}>") from None
            except ValueError as exc:      # a rule knob that does not apply
                raise MalformedLogError(str(exc), self.name, f"element {i} <{tag[:20]}>") from None
        if self.rules is None:
            raise MalformedLogError("no GO element names the rule set", self.name, "the header")
        if self.init is not None:
            try:
                self._end()
            except _Bad as bad:
                raise MalformedLogError(str(bad), self.name, "end of file") from None
        log = GameLog(source_format=self.source_format, family=FAMILY, rules=self.rules, players=self.players,
                      rounds=tuple(self.rounds), header=self.header, log_id=self.header.match_id, source=self.name,
                      seed=self.seed, final=self.final)
        return check_log(log)

    def _row(self, tag: str, attrs: Mapping[str, str]) -> None:
        m = _TILE_TAG.match(tag)
        if m is not None:
            return self._tile_row(m.group(1), int(m.group(2)))
        handler = _HANDLERS.get(tag)
        if handler is None:
            raise _Bad(f"unknown element {tag[:20]!r}")
        if tag not in ("SHUFFLE", "GO", "UN", "INIT", "OWARI"):
            if self.init is None:
                raise _Bad("an event outside a hand (no INIT before it)")
            if tag != "AGARI":                  # another winner of the same discard may follow a win
                self._not_over()
        handler(self, attrs)

    def _not_over(self) -> None:
        if self.events and isinstance(self.events[-1], (Win, Ryuukyoku)):
            raise _Bad("an event after the hand's outcome")

    def _shuffle(self, attrs):
        if self.rounds or self.init is not None:
            raise _Bad("the seed comes before the first hand")
        self.seed = parse_seed(attrs.get("seed", ""))

    def _go(self, attrs):
        fam = family(FAMILY)
        preset = fam.presets.get(attrs.get("rules", ""))
        if preset is None:
            raise _Bad(f"rules={attrs.get('rules', '')[:40]!r} is not an MCR rule set ({', '.join(fam.presets)})")
        synthetic = attrs.get("synthetic") == "1"
        knobs = attrs.get("knobs", "")
        if knobs and not synthetic:
            raise _Bad("only a synthetic game may restate the rules (knobs)")
        self.rules = apply_knobs(preset, knobs) if knobs else preset
        hands = _int(attrs, "hands", 1, 127) if "hands" in attrs else None
        self.header = McrHeader(format=self.source_format, synthetic=synthetic, match_id=attrs.get("id"),
                                table_points=attrs.get("tablepoints") == "1", hands=hands,
                                **{k: attrs[k] for k in _HEADER_TEXT if k in attrs})

    def _un(self, attrs):
        self.players = tuple(Player(s, attrs[f"n{s}"]) for s in range(4) if f"n{s}" in attrs)

    def _init(self, attrs):
        if self.init is not None:
            raise _Bad("a hand starts before the last one ended")
        if self.rules is None:
            raise _Bad("a hand before the GO element")
        hands = tuple(_tiles(attrs, f"hai{s}", 13) for s in range(4))
        shape, tiles = "shared", 144
        if "wall" in attrs:
            shape, _, count = attrs["wall"].partition(",")
            if shape not in ("shared", "per-seat"):
                raise _Bad(f"wall={attrs['wall'][:40]!r} is not shared,N or per-seat,N")
            tiles = _int({"wall": count}, "wall", 1, 144)
        flowers = tuple(_int_list(attrs, f"flowers{s}", 136, 143) for s in range(4)) if "flowers0" in attrs else ()
        self.init = {"hand": _int(attrs, "hand", 0, 127), "wind": _int(attrs, "wind", 0, 3),
                     "oya": _seat(attrs, "oya"), "dice": _int_list(attrs, "dice", 0, 5, 2),
                     "ten": _int_list(attrs, "ten", n=4), "hands": hands, "wall": (shape, tiles),
                     "flowers": flowers}
        self.penalties = None
        self.events, self.calls, self.lost = [], [[], [], [], []], []
        self.scores = self.init["ten"]

    def _tile_row(self, letter: str, tile: int) -> None:
        if self.init is None:
            raise _Bad("an event outside a hand (no INIT before it)")
        self._not_over()
        if tile > 143:
            raise _Bad(f"tile id {tile} is outside 0..143")
        if letter in _DRAW_TAGS:
            self.events.append(Draw(_DRAW_TAGS.index(letter), tile))
        else:
            seat = _DISCARD_TAGS.index(letter)
            last = self.events[-1] if self.events else None
            tsumogiri = isinstance(last, Draw) and last.seat == seat and last.tile == tile
            self.events.append(Discard(seat, tile, tsumogiri))

    def _lost(self, attrs):
        action = attrs.get("type", "")
        if action not in ("win", "pung", "kong", "chow"):
            raise _Bad(f"type={action[:20]!r} is not a claim (win, pung, kong, chow)")
        self.lost.append(LostClaim(len(self.events), _seat(attrs, "who"), action, _int(attrs, "kind", 0, 33)))

    def _flower(self, attrs):
        self.events.append(FlowerSetAside(_seat(attrs, "who"), _tiles(attrs, "hai", 1)[0]))

    def _call(self, attrs):
        who = _seat(attrs, "who")
        kind = _CALL_TYPES.get(attrs.get("type", ""))
        if kind is None:
            raise _Bad(f"type={attrs.get('type', '')[:20]!r} is not one of {', '.join(_CALL_TYPES)}")
        tiles = _tiles(attrs, "hai", 4 if kind.is_kan else 3)
        called = from_seat = added = None
        if kind is not CallKind.ANKAN:
            called, from_seat = _tiles(attrs, "called", 1)[0], _seat(attrs, "fromWho")
        if kind is CallKind.KAKAN:
            added = tiles[-1]
        call = Call(who, kind, tiles, called, from_seat, added)
        mine = self.calls[who]
        pung = next((i for i, c in enumerate(mine) if c.kind is CallKind.PON and c.tiles[0] >> 2 == tiles[0] >> 2),
                    None) if kind is CallKind.KAKAN else None
        if pung is None:
            mine.append(call)
        else:                                   # the added kong takes its pung's place among the melds
            mine[pung] = call
        self.events.append(call)

    def _agari(self, attrs):
        who = _seat(attrs, "who")
        fans = [_fan_line(part) for part in filter(None, attrs.get("fan", "").split(";"))]
        total = _int(attrs, "total", 0, 9999) if "total" in attrs else None
        flowers = _int(attrs, "flowers", 0, 8) if "flowers" in attrs else None
        record = McrWinRecord(tuple(fans), total, flowers, attrs.get("false") == "1")
        hand = _tiles(attrs, "hai")
        win_tile = _tiles(attrs, "machi", 1)[0]
        if win_tile not in hand:
            raise _Bad("the winning tile (machi) is not in the hand (hai)")
        deltas = _int_list(attrs, "delta", n=4) if "delta" in attrs else ()
        self.events.append(Win(who=who, from_who=_seat(attrs, "fromWho"), hand=hand, win_tile=win_tile,
                               melds=tuple(self.calls[who]), points=total or 0, scores_before=self.scores,
                               deltas=deltas, payload=record))
        self._maybe_end(attrs)

    def _ryuukyoku(self, attrs):
        deltas = _int_list(attrs, "delta", n=4) if "delta" in attrs else ()
        self.events.append(Ryuukyoku(scores_before=self.scores, deltas=deltas))
        self._maybe_end(attrs)

    def _maybe_end(self, attrs):
        """An outcome with a ``result``, or the last outcome before the next INIT, ends the hand."""
        if "penalty" in attrs:
            self.penalties = _int_list(attrs, "penalty", n=4)
        if "result" in attrs:
            self._end(_int_list(attrs, "result", n=4))

    def _end(self, result: tuple[int, ...] | None = None) -> None:
        init = self.init
        assert init is not None
        outcomes = [e for e in self.events if isinstance(e, (Win, Ryuukyoku))]
        if not outcomes:
            raise _Bad("the hand has no outcome")
        if result is None:
            if any(not o.deltas for o in outcomes):
                raise _Bad("an outcome without delta and no result for the hand")
            result = tuple(sum(o.deltas[s] for o in outcomes) for s in range(4))
        payload = McrHandRecord(prevalent_wind=init["wind"], wall_shape=init["wall"][0], wall_tiles=init["wall"][1],
                                deal_flowers=init["flowers"], result=result, penalties=self.penalties,
                                lost_claims=tuple(self.lost))
        self.rounds.append(Round(index=len(self.rounds), kyoku=init["hand"], honba=0, sticks=0, dealer=init["oya"],
                                 scores=init["ten"], dice=init["dice"], dora_indicator=None, hands=init["hands"],
                                 events=tuple(self.events), payload=payload))
        self.init = None

    def _next_init(self, attrs):
        if self.init is not None and any(isinstance(e, (Win, Ryuukyoku)) for e in self.events):
            self._end()
        self._init(attrs)

    def _owari(self, attrs):
        if self.init is not None:
            self._end()
        points = _int_list(attrs, "points", n=4) if "points" in attrs else ()
        self.final = FinalResult(_int_list(attrs, "sc", n=4), tuple(float(p) for p in points), True)


_HANDLERS = {"SHUFFLE": _Reader._shuffle, "GO": _Reader._go, "UN": _Reader._un, "INIT": _Reader._next_init,
             "FLOWER": _Reader._flower, "LOST": _Reader._lost, "N": _Reader._call, "AGARI": _Reader._agari,
             "RYUUKYOKU": _Reader._ryuukyoku, "OWARI": _Reader._owari}


def rows_to_log(rows: Iterable[Row], name: str, source_format: str) -> GameLog:
    """The GameLog of a dialect's rows; :class:`MalformedLogError` names the first bad row."""
    return _Reader(name, source_format).read(rows)
