"""What the two Beijing log dialects share: the header's rule set and a hand's IR.

Both readers (:mod:`mjlog.formats.beijing.xml`, :mod:`mjlog.formats.beijing.json`) collect each
hand's events in a :class:`HandBuilder` and the header in :func:`game_rules`; every value is
checked by :mod:`mjlog.formats.seeded_dialect` (the checks every seeded-wall dialect shares), so
that a bad one is a :class:`~mjlog.errors.MalformedLogError` with its place.
The layout is documented in ``docs/formats/beijing.md``.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field

from mjlog.formats.seeded_dialect import (  # noqa: F401 - the generic checks, used by the dialects as c.<name>
    KYOKU_LIMIT, NUMBER_LIMIT, SEATS, Bad, error, integer, integers, load_json, make_call, seat, text, tile, tiles,
    winner_melds, each_event, read_json_body)
from mjlog.ir import Call, Event, Round, Ryuukyoku, Win
from mjlog.rules.beijing.record import BeijingHand, BeijingHeader, MutualPair
from mjlog.rules.beijing.ruleset import PRESETS, BeijingRules
from mjlog.rules.family import apply_knobs

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
