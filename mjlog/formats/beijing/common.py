"""What the two Beijing log dialects share: the header's rule set and a hand's IR.

Both readers (:mod:`mjlog.formats.beijing.xml`, :mod:`mjlog.formats.beijing.json`) collect each
hand's events in a :class:`HandBuilder` and the header in :func:`game_rules`; every value is
checked by :mod:`mjlog.formats.seeded_dialect` (the checks every seeded-wall dialect shares), so
that a bad one is a :class:`~mjlog.errors.MalformedLogError` with its place.
The layout is documented in ``docs/formats/beijing.md``.
"""

from __future__ import annotations

import dataclasses
from dataclasses import KW_ONLY, dataclass, field
from typing import ClassVar

from mjlog.formats.seeded_dialect import (  # noqa: F401 - the generic checks, used by the dialects as c.<name>
    KYOKU_LIMIT, NUMBER_LIMIT, SEATS, Bad, error, integer, integers, load_json, make_call, seat, text, tile, tiles,
    winner_melds, each_event, read_json_body)
from mjlog.formats.seeded_dialect import HandBuilder as SeededHandBuilder
from mjlog.ir import Call, Round
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
class HandBuilder(SeededHandBuilder):
    """One Beijing hand as a reader collects it: the shared start and events, its wild indicator and 燒莊
    rounds, and the 互包 pairs as they form; no win after a drawn hand."""

    _: KW_ONLY
    wild: int
    burn: int
    mutual: list[MutualPair] = field(default_factory=list)
    win_after_draw: ClassVar[bool] = False

    def pair(self, a: int, b: int) -> None:
        if a == b:
            raise Bad("a seat is not in 互包 with itself")
        if not self.events or type(self.events[-1]) is not Call:
            raise Bad("a 互包 pair is recorded after the call that forms it")
        self.mutual.append(MutualPair((min(a, b), max(a, b)), len(self.events) - 1))

    def round(self) -> Round:
        return self.as_round(self.wild, BeijingHand(self.wild, self.burn, tuple(self.mutual)))
