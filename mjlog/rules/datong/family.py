"""The Datong family: Datong mahjong (大同麻將) behind the family interface, as far as it is built.

Registered: the rule set and its knobs (``mjlog rules show datong``), the text of a preset and
the one-hand scorer (``mjlog score --rules datong``). Not built: a referee. No format reads a
Datong log, and :meth:`DatongFamily.replay_hand` refuses a hand with :class:`NoRefereeError`
rather than pass what it cannot judge (``docs/datong.md``).

>>> from mjlog.rules import family
>>> fam = family("datong")
>>> fam.value_unit, sorted(fam.presets), fam.simulator
('multiplier', ['datong'], None)
"""

from __future__ import annotations

from typing import ClassVar

from mjlog.errors import MjlogError
from mjlog.ir import Round
from mjlog.rules.datong.by_hand import score_request
from mjlog.rules.datong.ruleset import KNOB_DOCS, PRESETS, DatongRules
from mjlog.rules.family import Family, FamilyText, GameCheck, HandReplay, HandScorer, register


class NoRefereeError(MjlogError, NotImplementedError):
    """A Datong hand given to the replay: the family has no referee yet, so it judges nothing."""


class DatongText(FamilyText):
    """Datong in words: a preset's base and its readings of the open points."""

    def describe_preset(self, rules: DatongRules) -> str:
        chi = "chi from the seat before" if rules.chi else "pon and kan only"
        return (f"{rules.players} players, base B={rules.base}, {chi}, multipliers {rules.stacking}; "
                "one-hand scorer only (no referee)")


class DatongFamily(Family):
    """Datong mahjong as the project reads its source (docs/datong.md): the scorer, no referee yet."""

    name: ClassVar[str] = "datong"
    english: ClassVar[str] = "Datong mahjong (大同麻將, Shanxi): pon and kan, payments in base units"
    tile_count: ClassVar[int] = 136
    value_unit: ClassVar[str] = "multiplier"
    presets = PRESETS
    text: ClassVar[FamilyText] = DatongText()
    scorer: ClassVar[HandScorer | None] = HandScorer(score_request)

    def knob_docs(self):
        return KNOB_DOCS

    def replay_hand(self, game: GameCheck, rnd: Round, rules: DatongRules, wall: object) -> HandReplay:
        raise NoRefereeError(f"{game.log.source}: {rnd.name}: the datong family has no referee yet; "
                             "a Datong log cannot be replayed or audited")


DATONG = register(DatongFamily())
