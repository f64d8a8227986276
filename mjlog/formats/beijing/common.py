"""What the two Beijing log dialects share: checked values, the header's rule set, and a hand's IR.

Both readers (:mod:`mjlog.formats.beijing.xml`, :mod:`mjlog.formats.beijing.json`) collect each
hand's events in a :class:`HandBuilder` and the header in :func:`game_rules`; every value is
checked here, so that a bad one is a :class:`~mjlog.errors.MalformedLogError` with its place.
The layout is documented in ``docs/formats/beijing.md``.
"""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass, field

from mjlog.errors import MalformedLogError
from mjlog.formats.bail import BailOut
from mjlog.ir import Call, CallKind, Event, Round, Ryuukyoku, Win
from mjlog.rules.beijing.record import BeijingHand, BeijingHeader, MutualPair
from mjlog.rules.beijing.ruleset import PRESETS, BeijingRules
from mjlog.rules.family import apply_knobs

SEATS = 4
#: Largest number any count or score may be (the IR check bounds them more tightly later).
NUMBER_LIMIT = 10**9
CALL_KINDS = {k.value: k for k in (CallKind.CHI, CallKind.PON, CallKind.DAIMINKAN, CallKind.KAKAN, CallKind.ANKAN)}


_INTEGER = re.compile(r"-?[0-9]{1,12}")
_INTEGERS = re.compile(r"-?[0-9]{1,12}(?:,-?[0-9]{1,12})*")
#: Largest kyoku (passes of the deal): four circles of the table, as ``Round.name`` can name them.
KYOKU_LIMIT = 15


class Bad(BailOut):
    """A value that is wrong; the reader adds the place and raises MalformedLogError."""


def integer(value: object, what: str, lo: int = -NUMBER_LIMIT, hi: int = NUMBER_LIMIT) -> int:
    """``value`` (an int, or decimal text) as an int in ``lo..hi``."""
    if isinstance(value, str):
        text = value.strip()
        if not _INTEGER.fullmatch(text):
            raise Bad(f"{what} {value[:40]!r} is not an integer")
        value = int(text)
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
        items: list = value.split(",") if value.strip() else []
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


def game_rules(preset: str, base: int, synthetic: bool, knobs: str) -> BeijingRules:
    """The rule set a header names: the preset, its base, and (synthetic logs only) stated knobs."""
    rules = PRESETS.get(preset)
    if rules is None:
        raise Bad(f"rule set {preset[:40]!r} is not a Beijing preset ({', '.join(PRESETS)})")
    try:
        rules = dataclasses.replace(rules, base=base)   # the base is a game setting, not a rule change
        if knobs and synthetic:
            rules = apply_knobs(rules, knobs)
    except ValueError as exc:
        raise Bad(str(exc)) from None
    return rules


def header(preset: str, base: int, synthetic: bool, title: str, knobs: str) -> BeijingHeader:
    return BeijingHeader(preset, base, synthetic, title, knobs)


@dataclass
class HandBuilder:
    """One hand as a reader collects it: the start, then its events in order."""

    index: int
    kyoku: int
    honba: int
    dealer: int
    scores: tuple[int, ...]
    dice: tuple[int, int]
    wild: int
    burn: int
    hands: tuple[tuple[int, ...], ...]
    events: list[Event] = field(default_factory=list)
    mutual: list[MutualPair] = field(default_factory=list)
    last_draw: list[int | None] = field(default_factory=lambda: [None] * SEATS)
    ended: bool = False

    def add(self, ev: Event) -> None:
        if self.ended and type(ev) not in (Win,):
            raise Bad("an event after the hand's result")
        if type(ev) is Win:
            if self.ended and type(self.events[-1]) is not Win:
                raise Bad("a win after the hand's draw")
            self.ended = True
        elif type(ev) is Ryuukyoku:
            self.ended = True
        if len(self.events) >= 4000:
            raise Bad("the hand has more than 4000 events")
        self.events.append(ev)

    def pair(self, a: int, b: int) -> None:
        if a == b:
            raise Bad("a seat is not in 互包 with itself")
        if not self.events or type(self.events[-1]) is not Call:
            raise Bad("a 互包 pair is recorded after the call that forms it")
        self.mutual.append(MutualPair((min(a, b), max(a, b)), len(self.events) - 1))

    def round(self) -> Round:
        payload = BeijingHand(self.wild, self.burn, tuple(self.mutual))
        return Round(self.index, self.kyoku, self.honba, 0, self.dealer, self.scores, self.dice, self.wild,
                     self.hands, tuple(self.events), None, (), payload)


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
    """A call as both dialects record it; Bad for a kind Beijing has not or missing parts."""
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


def error(exc: Bad, name: str, where: str) -> MalformedLogError:
    return MalformedLogError(str(exc), name, where)
