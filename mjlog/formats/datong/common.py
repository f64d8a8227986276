"""What the two Datong log dialects share: the header, a hand's IR as it is collected, and payments.

Both readers (:mod:`mjlog.formats.datong.xml`, :mod:`mjlog.formats.datong.json`) collect the
header in :func:`header_of` and each hand's events in a :class:`HandBuilder`; every value is
checked by :mod:`mjlog.formats.seeded_dialect`, so that a bad one is a
:class:`~mjlog.errors.MalformedLogError` with its place. The layout is in ``docs/datong.md``.
"""

from __future__ import annotations

from dataclasses import dataclass

from mjlog.formats.seeded_dialect import HandBuilder as SeededHandBuilder
from mjlog.formats.seeded_dialect import KYOKU_LIMIT, SEATS, Bad, integer, integers, seat, text, tiles
from mjlog.ir import Round
from mjlog.rules.datong.record import DatongHand, DatongHeader, TypeLine
from mjlog.rules.datong.ruleset import PRESETS, DatongRules
from mjlog.rules.family import apply_knobs
from mjlog.rules.transfers import Transfer

__all__ = ["SEATS", "HandBuilder", "Header", "header_of", "limited", "payment", "start", "type_line"]

#: Most payments one outcome may record (a hand pays at most a few dozen).
MAX_PAYMENTS = 200
#: Most hand types one win may record.
MAX_TYPES = 12


@dataclass(frozen=True, slots=True)
class Header:
    """A header as a reader reads it: the rule set it selects and the record of it."""

    rules: DatongRules
    record: DatongHeader


def header_of(preset: str, base: int, synthetic: bool, title: str, knobs: str, thrower: object,
              die: object) -> Header:
    """The rule set a header names (the preset, its base, and for a synthetic log its knobs) and its record."""
    rules = PRESETS.get(preset)
    if rules is None:
        raise Bad(f"rule set {preset[:40]!r} is not a Datong preset ({', '.join(PRESETS)})")
    try:
        rules = rules.replace(base=base, name=rules.name)   # the base is a game setting, not a rule change
        if knobs and synthetic:
            rules = apply_knobs(rules, knobs)
    except ValueError as exc:
        raise Bad(str(exc)) from None
    record = DatongHeader(preset, base, synthetic, title, knobs, seat(thrower, "the thrower of the die"),
                          integer(die, "the die", 1, 6))
    return Header(rules, record)


def type_line(name: object, english: object, value: object) -> TypeLine:
    """One recorded hand type."""
    return TypeLine(text(name, "a hand type's name", 40), text(english, "a hand type's English name", 80),
                    integer(value, "a hand type's multiplier", 1, 1000))


def payment(payer: object, payee: object, amount: object, reason: object) -> Transfer:
    """One recorded payment; a payer or payee None (JSON null, an XML attribute left out) is the pot."""
    return Transfer(None if payer is None else seat(payer, "a payment's payer"),
                    None if payee is None else seat(payee, "a payment's payee"),
                    integer(amount, "a payment's amount", 0), text(reason, "a payment's reason", 20))


def limited(items: list, most: int, what: str) -> list:
    """``items``, or Bad when there are more than ``most``."""
    if len(items) > most:
        raise Bad(f"{what}: {len(items)}, more than {most}")
    return items


class HandBuilder(SeededHandBuilder):
    """One Datong hand as a reader collects it (a win may follow the drawn hand's record: the referee judges it)."""

    def round(self) -> Round:
        return self.as_round(None, DatongHand())


def start(index: int, kyoku: object, honba: object, dealer: object, scores: object, dice: object,
          dealt: object) -> HandBuilder:
    """A hand's start, each value checked."""
    if not isinstance(dealt, (list, tuple)) or len(dealt) != SEATS:
        raise Bad("the dealt tiles are not four lists")
    return HandBuilder(index, integer(kyoku, "the kyoku", 0, KYOKU_LIMIT), integer(honba, "the honba (renchan)", 0, 32767),
                       seat(dealer, "the dealer"), integers(scores, "the start scores", count=SEATS),
                       integers(dice, "the dice", 0, 5, count=2),  # type: ignore[arg-type]  # two: count=2
                       tuple(tiles(t, f"the dealt tiles of seat {s}") for s, t in enumerate(dealt)))
