"""Beijing rule sets as data: one frozen dataclass of knobs, a knob for each open point of the rules.

The rules are the project's reading of the source (``docs/beijing.md``; the shared
``beijing-rules.md``). Where the source is silent or ambiguous the choice is a knob, so a what-if
can flip it.

>>> rs = PRESETS["beijing"]
>>> rs.rotation, rs.dealer_fan, rs.base, rs.players
('source', 'a', 500, 4)
>>> PRESETS["beijing-ccw"].next_seat(0), rs.next_seat(0)
(1, 3)
>>> rs.replace(dealer_fan="b").name
'beijing+custom'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from mjlog.rules.common.call_words import chinese_call_words
from mjlog.rules.sources import check_choices, with_knobs, choice, knob, quoted, rule

Rotation = Literal["source", "ccw"]
DealerFan = Literal["a", "b"]
MutualTsumo = Literal["all", "one"]
ZhuoWuKui = Literal["only", "any"]
DaDiao = Literal["called", "any"]


@dataclass(frozen=True, slots=True)
class BeijingRules:
    """The knobs of one Beijing rule set. Seats are 0 East, 1 South, 2 West, 3 North."""

    name: str = knob("beijing", choice("the preset's name"))
    players: int = knob(4, rule("B-1.3"))
    start_points: int = knob(0, choice("the source keeps relative scores"))
    base: int = knob(500, rule("B-1.9.2"))
    rotation: Rotation = knob("source", rule("B-1.5"))
    dealer_fan: DealerFan = knob("a", rule("B-1.9.3"))
    burn_on_draw: bool = knob(True, rule("B-1.7"))
    mutual_both_ways: bool = knob(False, rule("B-1.8"))
    mutual_tsumo: MutualTsumo = knob("all", rule("B-1.8"))
    circles: int = knob(1, choice("the source does not say when a game ends: one circle"))
    zhuo_wu_kui: ZhuoWuKui = knob("only", quoted("001", "只和嵌單“五萬”一張牌"))
    da_diao: DaDiao = knob("called", quoted("001", "吃碰12張牌，只剩一張單釣和牌"))

    def __post_init__(self) -> None:
        check_choices(self, (("rotation", ("source", "ccw")), ("dealer_fan", ("a", "b")),
                             ("mutual_tsumo", ("all", "one")), ("zhuo_wu_kui", ("only", "any")),
                             ("da_diao", ("called", "any"))))
        if not 1 <= self.circles <= 4:
            raise ValueError(f"circles must be 1..4, not {self.circles!r}")
        if self.base <= 0 or self.players != 4:
            raise ValueError("a Beijing table has 4 players and a positive base")

    def replace(self, **changes: object) -> BeijingRules:
        """A copy with some knobs changed (``name`` gains ``+custom`` unless given)."""
        return with_knobs(self, changes)

    def next_seat(self, dealer: int) -> int:
        """The seat the deal passes to after a non-dealer win."""
        step = 1 if self.rotation == "ccw" else -1
        return (dealer + step) % self.players


#: The calls in the family's words (吃, 碰, 槓 in the source's traditional script) with an English gloss: the referee's
#: findings and the viewer's page read them here.
CALL_WORDS = chinese_call_words("槓")

#: One line of meaning for each knob (a test checks every field has one).
KNOB_DOCS: dict[str, str] = {
    "name": "the preset's name (+custom once a knob is changed)",
    "players": "seats at the table (always 4)",
    "start_points": "each seat's score at the start (the source keeps relative scores: 0)",
    "base": "the base 底分: points per fan (a game setting; 2000 and 500 in the source's examples)",
    "rotation": "who deals after a non-dealer win: 'source' East, North, West, South as the source "
                "writes it; 'ccw' East, South, West, North (conventional)",
    "dealer_fan": "莊 fan: 'a' when the dealer wins or deals in, whoever pays; 'b' only when the dealer "
                  "is the winner or a payer of the hand payment",
    "burn_on_draw": "燒莊's side payment is also paid when the hand ends in an exhaustive draw",
    "mutual_both_ways": "互包: claims in both directions between two players add up to the three "
                        "(else three claims by one player on the other's discards)",
    "mutual_tsumo": "what a 互包 partner pays on the winner's self-draw: 'all' the three payments "
                    "(3 x fan x base), 'one' one payment (fan x base)",
    "circles": "how many times the deal goes round the table before the game ends (the source is silent: 1, "
               "so the game ends when the deal would pass back to the first dealer)",
    "zhuo_wu_kui": "捉五魁: 'only' when the hand waits on the closed 5m alone (the source: 只和嵌單五萬一張牌); "
                   "'any' on any win whose 5m fills 4m-6m, other waits or not",
    "da_diao": "大釣's four calls: 'called' chi, pon and open kans only (the source: 吃碰12張牌); "
               "'any' closed kans count too",
}


PRESETS: dict[str, BeijingRules] = {
    "beijing": BeijingRules(),
    "beijing-ccw": BeijingRules(name="beijing-ccw", rotation="ccw"),
}
