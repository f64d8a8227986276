"""What mjlog's seeded-wall dialects share (Beijing, Datong): checked values, calls, and the JSON reader's and
writer's common parts (their XML's are in :mod:`mjlog.formats.seeded_xml`).

Each dialect's reader raises :class:`Bad` for a wrong value and turns it into a
:class:`~mjlog.errors.MalformedLogError` with the element or event (:func:`error`), so that bad
input is a typed error with its place, never a traceback.

>>> integers("1,2,3", "three numbers", count=3)
(1, 2, 3)
>>> integer("x", "the base")
Traceback (most recent call last):
...
mjlog.formats.seeded_dialect.Bad: the base 'x' is not an integer
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import ClassVar

from mjlog.errors import MalformedLogError
from mjlog.formats.bail import BailOut
from mjlog.formats.json_depth import check_json_depth
from mjlog.formats.json_keys import DuplicateKeyError, unique_keys
from mjlog.ir import Call, CallKind, Discard, Draw, Event, FinalResult, Player, Round, Ryuukyoku, Seed, Win
from mjlog.rules.common.wall import parse_seed

SEATS = 4
#: Largest number any count or score may be (the IR check bounds them more tightly later).
NUMBER_LIMIT = 10**9
CALL_KINDS = {k.value: k for k in (CallKind.CHI, CallKind.PON, CallKind.DAIMINKAN, CallKind.KAKAN, CallKind.ANKAN)}
#: Longest integer a JSON log may hold, in digits.
MAX_INT_DIGITS = 40


#: The seats' letters of a draw and of a discard element (Tenhou's tags, ``<T12/>``, ``<D12/>``).
DRAW_TAGS, DISCARD_TAGS = "TUVW", "DEFG"
#: A draw or discard element's tag: its letter and a tile id of ASCII digits (never ``\d``, which
#: takes other scripts' digits as well).
TILE_TAG = re.compile(r"([TUVWDEFG])([0-9]{1,3})\Z")
_INTEGER = re.compile(r"-?[0-9]{1,12}")
_INTEGERS = re.compile(r"-?[0-9]{1,12}(?:,-?[0-9]{1,12})*")
#: Largest kyoku (passes of the deal): four circles of the table, as ``Round.name`` can name them.
KYOKU_LIMIT = 15


class Bad(BailOut):
    """A value that is wrong; the reader adds the place and raises MalformedLogError."""


def integer(value: object, what: str, lo: int = -NUMBER_LIMIT, hi: int = NUMBER_LIMIT) -> int:
    """``value`` (an int, or decimal text) as an int in ``lo..hi``."""
    if isinstance(value, str):
        if not _INTEGER.fullmatch(value):   # ASCII digits only: no sign but minus, no space, no '_'
            raise Bad(f"{what} {value[:40]!r} is not an integer")
        value = int(value)
    if type(value) is not int:
        raise Bad(f"{what} {str(value)[:40]!r} is not an integer")
    if not lo <= value <= hi:
        raise Bad(f"{what} {value} is outside {lo}..{hi}")
    return value


def integers(value: object, what: str, lo: int = -NUMBER_LIMIT, hi: int = NUMBER_LIMIT,
             count: int | None = None) -> tuple[int, ...]:
    """A list of ints (a JSON array, or comma-separated text; '' is none)."""
    if isinstance(value, str):
        if _INTEGERS.fullmatch(value) and value.count(",") < 200:   # the common case, at once
            out = tuple(map(int, value.split(",")))
            if lo <= min(out) and max(out) <= hi and (count is None or len(out) == count):
                return out
        items: list = value.split(",") if value else []
    elif isinstance(value, list):
        items = value
    else:
        raise Bad(f"{what} is not a list of integers")
    if len(items) > 200:
        raise Bad(f"{what} has {len(items)} values, more than 200")
    out = tuple(integer(v, what, lo, hi) for v in items)
    if count is not None and len(out) != count:
        raise Bad(f"{what} has {len(out)} values, not {count}")
    return out


def tile(value: object, what: str = "a tile id") -> int:
    return integer(value, what, 0, 135)


def tiles(value: object, what: str = "tile ids") -> tuple[int, ...]:
    return integers(value, what, 0, 135)


def seat(value: object, what: str = "a seat") -> int:
    return integer(value, what, 0, SEATS - 1)


def text(value: object, what: str, limit: int = 256) -> str:
    if not isinstance(value, str):
        raise Bad(f"{what} is not text")
    if len(value) > limit:
        raise Bad(f"{what} is longer than {limit} characters")
    if not value.isascii():
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:
            raise Bad(f"{what} holds a lone surrogate, not a character") from None
    return value


def winner_melds(events, who: int) -> tuple[Call, ...]:
    """The calls a seat holds at a win, in order: an added kan in place of its pon.

    Readers fill :attr:`mjlog.ir.Win.melds` with these; a writer does not write them.
    """
    out: list[Call] = []
    for ev in events:
        if type(ev) is Call and ev.seat == who:
            if ev.kind is CallKind.KAKAN and ev.added is not None:
                out = [ev if (m.kind is CallKind.PON and m.tiles[0] >> 2 == ev.added >> 2) else m for m in out]
            else:
                out.append(ev)
    return tuple(out)


def make_call(who: int, kind: str, tile_ids: tuple[int, ...], called: int | None, from_seat: int | None,
              added: int | None) -> Call:
    """A call as the dialects record it; Bad for a kind no Chinese family has or missing parts."""
    k = CALL_KINDS.get(kind)
    if k is None:
        raise Bad(f"call kind {kind[:20]!r} is not one of {', '.join(CALL_KINDS)}")
    if not 3 <= len(tile_ids) <= 4:
        raise Bad(f"a {kind} has {len(tile_ids)} tiles")
    if k in (CallKind.CHI, CallKind.PON, CallKind.DAIMINKAN) and (called is None or from_seat is None):
        raise Bad(f"a {kind} names the tile called and the seat it came from")
    if k is CallKind.KAKAN and added is None:
        raise Bad("an added kan names the tile added")
    return Call(who, k, tile_ids, called, from_seat, added)


#: Most events of one hand.
MAX_EVENTS = 4000


@dataclass
class HandBuilder:
    """One hand as a reader collects it: the start, then its events in order (at most :data:`MAX_EVENTS`);
    after the hand's result only another win, which the referee judges. A dialect gives the round its
    indicator and payload (:meth:`as_round`)."""

    index: int
    kyoku: int
    honba: int
    dealer: int
    scores: tuple[int, ...]
    dice: tuple[int, int]
    hands: tuple[tuple[int, ...], ...]
    events: list[Event] = field(default_factory=list)
    last_draw: list[int | None] = field(default_factory=lambda: [None] * SEATS)
    ended: bool = False
    #: whether a win may follow a drawn hand's record (False: Bad, "a win after the hand's draw")
    win_after_draw: ClassVar[bool] = True

    def add(self, ev: Event) -> None:
        """Add an event; Bad for one after the hand's result (another win apart) or past the limit."""
        if self.ended and type(ev) is not Win:
            raise Bad("an event after the hand's result")
        if type(ev) is Win:
            if self.ended and not self.win_after_draw and type(self.events[-1]) is not Win:
                raise Bad("a win after the hand's draw")
            self.ended = True
        elif type(ev) is Ryuukyoku:
            self.ended = True
        if len(self.events) >= MAX_EVENTS:
            raise Bad(f"the hand has more than {MAX_EVENTS} events")
        self.events.append(ev)

    def draw(self, who: int, tile: int) -> None:
        """A draw; the seat's discard of this tile is then a discard of the drawn tile (tsumogiri)."""
        self.last_draw[who] = tile
        self.add(Draw(who, tile))

    def discard(self, who: int, tile: int) -> None:
        self.add(Discard(who, tile, self.last_draw[who] == tile))
        self.last_draw[who] = None

    def as_round(self, indicator: int | None, payload: object) -> Round:
        """The hand as the IR's round, with the dialect's ``indicator`` tile (None: none) and ``payload``."""
        return Round(self.index, self.kyoku, self.honba, 0, self.dealer, self.scores, self.dice, indicator,
                     self.hands, tuple(self.events), payload=payload)


def error(exc: Bad, name: str, where: str) -> MalformedLogError:
    return MalformedLogError(str(exc), name, where)


def load_json(data: bytes, name: str, family: str):
    """A JSON log's object: integers only (no floats), bounded depth and digits, each key once in an
    object; MalformedLogError with the line and column for text that is not JSON."""
    def parse_int(digits: str) -> int:
        if len(digits.lstrip("-")) > MAX_INT_DIGITS:
            raise MalformedLogError(f"a number with {len(digits)} digits is longer than any value of a log", name)
        return int(digits)

    def parse_float(value: str) -> float:
        raise MalformedLogError(f"a number {value[:20]!r} is not an integer: a {family} log holds integers only", name)

    check_json_depth(data, name)
    try:
        return json.loads(data.decode("utf-8-sig"), parse_int=parse_int, parse_float=parse_float,
                          parse_constant=parse_float, object_pairs_hook=unique_keys)
    except DuplicateKeyError as exc:
        raise exc.with_source(name) from None
    except UnicodeDecodeError as exc:
        raise MalformedLogError(f"not UTF-8 text ({exc.reason})", name, f"byte {exc.start}") from None
    except json.JSONDecodeError as exc:
        raise MalformedLogError(f"not well-formed JSON ({exc.msg})", name,
                                f"line {exc.lineno}, column {exc.colno}") from None


class EventBad(BailOut):
    """A :class:`Bad` of one event, with the event's place."""

    def __init__(self, reason: str, where: str) -> None:
        self.reason, self.where = reason, where


def each_event(events: object, read_one: Callable[[object], None]) -> None:
    """``read_one`` on each event of a JSON hand; a :class:`Bad` becomes an :class:`EventBad` naming the event."""
    if not isinstance(events, list):
        raise Bad("the events are not a list")
    for j, ev in enumerate(events):
        try:
            read_one(ev)
        except Bad as exc:
            raise EventBad(str(exc), f"event {j}") from None


@dataclass(frozen=True, slots=True)
class JsonGameBody:
    """What a seeded dialect's JSON log holds after its header: players, seed, hands and result."""

    players: tuple[Player, ...]
    seed: Seed | None
    log_id: str | None
    first_dealer: int
    rounds: tuple[Round, ...]
    final: FinalResult | None


def read_json_body(obj: dict, name: str, read_hand: Callable[[int, object], Round]) -> JsonGameBody:
    """The names, seed, id, first dealer, hands (each by ``read_hand``) and final scores of a JSON log;
    MalformedLogError naming the part, hand and event for anything wrong."""
    where = "the header"
    try:
        names = obj.get("name")
        if not isinstance(names, list) or len(names) != SEATS:
            raise Bad("name is not a list of four player names")
        players = tuple(Player(s, text(n, f"the name of seat {s}")) for s, n in enumerate(names))
        seed = obj.get("seed")
        seed_ir = parse_seed(text(seed, "the seed", 4000)) if seed is not None else None
        log_id = text(obj["id"], "the log id", 80) if "id" in obj else None
        first = seat(obj.get("first", 0), "the first dealer")
        hands = obj.get("log")
        if not isinstance(hands, list) or len(hands) > 10000:
            raise Bad("log is not a list of hands")
        rounds = []
        for i, hand in enumerate(hands):
            where = f"hand {i}"
            rounds.append(read_hand(i, hand))
        where = "the final result"
        final = None
        if obj.get("sc") is not None:
            final = FinalResult(integers(obj["sc"], "the final scores", count=SEATS), (0.0,) * SEATS, True)
    except EventBad as exc:
        raise MalformedLogError(exc.reason, name, f"{where}, {exc.where}") from None
    except Bad as exc:
        raise error(exc, name, where) from None
    return JsonGameBody(players, seed_ir, log_id, first, tuple(rounds), final)


def json_rule(obj: object, magic: str, dialect: str) -> dict:
    """The ``rule`` object of a JSON log whose ``format`` is ``magic`` and whose version mjlog reads."""
    if not isinstance(obj, dict) or obj.get("format") != magic:
        raise Bad(f'not a {dialect} JSON log (no "format": "{magic}")')
    if obj.get("ver", 1) != 1:
        raise Bad(f"version {str(obj.get('ver'))[:20]!r} of the {dialect} JSON dialect is not known (mjlog reads 1)")
    rule = obj.get("rule", {})
    if not isinstance(rule, dict):
        raise Bad("rule is not an object")
    return rule


def json_call(args: list) -> Call:
    """A call event's arguments (``["N", seat, kind, tiles, called, from, added]`` less its kind) as a Call."""
    if len(args) != 6:
        raise Bad('a call is ["N", seat, kind, tiles, called, from, added]')
    s, ck, ts, called, frm, added = args
    return make_call(seat(s), text(ck, "the call kind", 20), tiles(ts), None if called is None else tile(called),
                     None if frm is None else seat(frm), None if added is None else tile(added))


def json_table_event(h: HandBuilder, ev: object) -> tuple[str, list] | None:
    """Add a JSON event every seeded dialect writes alike to the hand: a draw ``["T", seat, tile]``, a discard
    ``["D", seat, tile]`` or a call ``["N", ...]``; else its kind and arguments, for the dialect to read."""
    if not isinstance(ev, list) or not ev or not isinstance(ev[0], str):
        raise Bad("an event is a list starting with its kind")
    kind, args = ev[0], ev[1:]
    if kind in ("T", "D"):
        if len(args) != 2:
            raise Bad(f"a {kind} event is [{kind!r}, seat, tile]")
        (h.draw if kind == "T" else h.discard)(seat(args[0]), tile(args[1]))
    elif kind == "N":
        h.add(json_call(args))
    else:
        return kind, args
    return None


def json_win(h: HandBuilder, w: dict, who: int, payload: object) -> Win:
    """A JSON win object's win by ``who``, its seat won from, hand, winning tile, scores and changes checked,
    with the dialect's ``payload``."""
    return Win(who, seat(w.get("from"), "the seat won from"), tiles(w.get("hand", []), "the winning hand"),
               tile(w.get("win"), "the winning tile"), winner_melds(h.events, who),
               scores_before=json_seats(w, "sc"), deltas=json_seats(w, "delta"), payload=payload)


def json_seats(d: dict, key: str) -> tuple[int, ...]:
    """An outcome's per-seat values under ``key``: one for each seat, or none."""
    v = d.get(key, [])
    return integers(v, key, count=SEATS if v else None)


# -- the JSON writer ---------------------------------------------------------------------------------


def json_log_object(log, magic: str, header: dict, hands: list) -> dict:
    """A log as its dialect's JSON object: ``format``, ``ver``, the id, title, names, rule and seed, then
    the dialect's ``header`` keys, the ``hands`` and the final scores."""
    h = log.header
    rule: dict = {"disp": h.preset, "base": h.base}
    if h.synthetic:
        rule["synthetic"] = True
    if h.knobs:
        rule["knobs"] = h.knobs
    out: dict = {"format": magic, "ver": 1}
    if log.log_id is not None:
        out["id"] = log.log_id
    out.update(title=h.title, name=[p.name for p in log.players], rule=rule)
    if log.seed is not None:
        out["seed"] = log.seed.text
    out.update(header)
    out["log"] = hands
    if log.final is not None:
        out["sc"] = list(log.final.scores)
    return out


def json_bytes(obj: dict) -> bytes:
    """A log's JSON object as compact UTF-8 bytes, one line."""
    return json.dumps(obj, ensure_ascii=False, separators=(",", ":")).encode("utf-8") + b"\n"


def table_event_array(ev: object) -> list | None:
    """A draw, discard or call as its JSON array; None for any other event."""
    t = type(ev)
    if isinstance(ev, Draw) and t is Draw:
        return ["T", ev.seat, ev.tile]
    if isinstance(ev, Discard) and t is Discard:
        return ["D", ev.seat, ev.tile]
    if isinstance(ev, Call) and t is Call:
        return ["N", ev.seat, ev.kind.value, list(ev.tiles), ev.called, ev.from_seat, ev.added]
    return None
