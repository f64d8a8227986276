"""MCR rule sets as data: a frozen dataclass of knobs and its presets.

>>> PRESETS["mcr"].min_fan, PRESETS["mcr"].hands, PRESETS["mcr"].renchan
(8, 16, False)
>>> PRESETS["mcr"].replace(edition="mil").name
'mcr+custom'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from mjlog.rules.common.call_words import chinese_call_words
from mjlog.rules.sources import with_knobs, choice, knob, rule

Edition = Literal["book-2006", "mil"]
Payments = Literal["standard", "duplicate"]


@dataclass(frozen=True, slots=True)
class McrRules:
    """The knobs of one Chinese Official rule set. Scores are in points (1 point per fan)."""

    name: str = knob("mcr", choice("the preset's name"))
    players: int = knob(4, rule("M-1.3"))
    start_points: int = knob(0, choice("scores are relative: a match starts at 0"))
    hands: int = knob(16, rule("M-1.4"))
    renchan: bool = knob(False, rule("M-1.8"))
    min_fan: int = knob(8, rule("M-1.22"))
    base_payment: int = knob(8, choice("the seed states no payments; 8 + fans, as the Botzone judge and the PMN records pay"))
    false_win_penalty: int = knob(30, choice("the seed names 诈和 (M-1.31) but no penalty; 30, as the Botzone judge"))
    payments: Payments = knob("standard", rule("M-2.2.3"))
    edition: Edition = knob("book-2006", choice("the seed does not settle a knitted straight's wait: the 2006 book's "
                                                "reading"))

    def replace(self, **changes: object) -> McrRules:
        """A copy with some knobs changed (``name`` gains ``+custom`` unless given)."""
        return with_knobs(self, changes)


#: The calls in the family's words (吃, 碰, 杠 in the rules' simplified script) with an English gloss: the referee's
#: findings and the viewer's page read them here.
CALL_WORDS = chinese_call_words("杠")

#: One line of meaning for each knob.
KNOB_DOCS: dict[str, str] = {
    "name": "the preset's name (+custom once a knob is changed)",
    "players": "seats at the table (always 4)",
    "start_points": "each seat's score at the start of a match",
    "hands": "hands in a match: four prevalent winds times four dealers",
    "renchan": "the dealer keeps the deal after a win (never in MCR: the deal always moves on)",
    "min_fan": "fans a win needs, flowers not counted; below it the win is false (錯和)",
    "base_payment": "points every loser pays the winner on top of the fans (discarder: base + fans)",
    "false_win_penalty": "points a false win costs, paid out equally to the three others",
    "payments": "standard (zero-sum, one winner per discard) or duplicate (each winner of a multiple win paid as if alone)",
    "edition": "rule edition: book-2006 (the 2006 interpretation book) or mil (a knitted straight's last tile may count a wait)",
}

MCR = McrRules()
MCR_DUPLICATE = McrRules(name="mcr-duplicate", payments="duplicate")

PRESETS: dict[str, McrRules] = {"mcr": MCR, "mcr-duplicate": MCR_DUPLICATE}
