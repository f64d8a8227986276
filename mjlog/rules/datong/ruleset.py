"""Datong rule sets as data: one frozen dataclass of knobs, a knob for each open point of the source.

Payments are in units of the base B (底分); the source's example base is 10. Where the source
is silent or can be read two ways the choice is a knob (``docs/datong.md`` sets each reading
beside the source's words).

>>> rs = PRESETS["datong"]
>>> rs.base, rs.players, rs.chi, rs.stacking
(10, 4, False, 'multiply')
>>> rs.replace(chi=True).name
'datong+custom'
>>> rs.replace(stacking="sum")
Traceback (most recent call last):
...
ValueError: stacking must be 'multiply' or 'highest', not 'sum'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from mjlog.ir import CallKind
from mjlog.rules.common.call_words import chinese_call_words
from mjlog.rules.sources import check_choices, with_knobs, choice, knob, quoted

Stacking = Literal["multiply", "highest"]
KanMeaning = Literal["wait", "concealed"]
RenchanTo = Literal["dealer", "payers"]
LeaveTo = Literal["pot", "each"]


@dataclass(frozen=True, slots=True)
class DatongRules:
    """The knobs of one Datong rule set. Seats are 0 East, 1 South, 2 West, 3 North."""

    name: str = knob("datong", choice("the preset's name"))
    players: int = knob(4, quoted("002", "一副麻將牌,共136張"))
    start_points: int = knob(0, choice("the source keeps relative scores"))
    base: int = knob(10, quoted("002", "基本分是10分"))
    chi: bool = knob(False, quoted("002", "不能吃,只能碰、杠牌"))
    stacking: Stacking = knob("multiply", quoted("002", "碰碰胡、清一色和七對再番一倍"))
    dragon_multiplier: int = knob(1, quoted("002", "6、一條龍"))
    seven_pairs_quad: bool = knob(True, quoted("002", "碰碰胡、清一色和七對再番一倍"))
    kan_meaning: KanMeaning = knob("wait", quoted("002", "2、坎和"))
    discard_needs_type: bool = knob(False, quoted("002", "自摸:無論有番或者無番"))
    renchan_to: RenchanTo = knob("dealer", quoted("002", "連庄一次多10分"))
    leave_to: LeaveTo = knob("pot", quoted("002", "強退的玩家每次扣8倍基本分"))
    reserve_tiles: int = knob(13, quoted("002", "還剩下六墩半牌時仍然無人胡牌"))
    circles: int = knob(1, choice("the source names no end of a game: it ends when the deal has gone round this many times"))

    def __post_init__(self) -> None:
        check_choices(self, (("stacking", ("multiply", "highest")), ("kan_meaning", ("wait", "concealed")),
                             ("renchan_to", ("dealer", "payers")), ("leave_to", ("pot", "each"))))
        if self.players != 4 or self.base <= 0:
            raise ValueError("a Datong table has 4 players and a positive base")
        if self.dragon_multiplier < 1:
            raise ValueError(f"dragon_multiplier must be 1 or more, not {self.dragon_multiplier!r}")
        if not 1 <= self.circles <= 4:
            raise ValueError(f"circles must be 1 to 4, not {self.circles!r}")
        if not 0 <= self.reserve_tiles <= 136 - 53:
            raise ValueError(f"reserve_tiles must leave the deal (53 tiles) its wall, not {self.reserve_tiles!r}")

    def replace(self, **changes: object) -> DatongRules:
        """A copy with some knobs changed (``name`` gains ``+custom`` unless given)."""
        return with_knobs(self, changes)

    def next_seat(self, dealer: int) -> int:
        """The seat that deals after a non-dealer win: the next in turn (play goes counter-clockwise)."""
        return (dealer + 1) % self.players


#: One line for each knob: the source's words, then our reading (a test checks every field has one).
KNOB_DOCS: dict[str, str] = {
    "name": "the preset's name (+custom once a knob is changed)",
    "players": "seats at the table (always 4): 「一副麻將牌,共136張」, four seats each with 17 stacks",
    "start_points": "each seat's score at the start (the source keeps relative scores: 0)",
    "base": "the base B:「每個游戲房間的基本分設置都不一樣,如果基本分是10分」: a room setting, 10 in the source",
    "chi": "「不能吃,只能碰、杠牌 ... 吃牌只能吃上家」 contradict: False (the rule) no chow (吃); True "
           "chow allowed, from the seat before only (the aside)",
    "stacking": "「碰碰胡、清一色和七對再番一倍,十三幺再番6倍」 does not say how two apply: 'multiply' each "
                "doubles again (碰碰胡 清一色 x4); 'highest' only the largest counts",
    "dragon_multiplier": "「一條龍」 is a hand but the payments name no value for it: 1 (no more than a plain "
                         "win); 2 reads it like the hands that double",
    "seven_pairs_quad": "「七對」 is named, not defined: True four of a kind counts as two pairs; False seven "
                        "different pairs",
    "kan_meaning": "「坎和」 is named, not defined: 'wait' the winning tile fills the middle of a run "
                   "(坎張); 'concealed' the hand holds a concealed triplet (坎); a label, paid as a plain win",
    "discard_needs_type": "「自摸:無論有番或者無番 ... 就算自摸」: False any complete hand wins, on a discard "
                          "too; True a win on a discard needs a hand type beyond 屁和",
    "renchan_to": "「連庄一次多10分」: 'dealer' each kept deal (連庄) adds B to the dealer's bonus, both ways; "
                  "'payers' each payer of the hand payment pays B more per kept deal",
    "leave_to": "「強退的玩家每次扣8倍基本分」: 'pot' the leaver loses 8B to no one; 'each' the leaver pays "
                "8B to each other seat",
    "reserve_tiles": "「如果還剩下六墩半牌時仍然無人胡牌(即黃庄)」: 6½ stacks, 13 tiles left undrawn end "
                     "the hand in a draw",
    "circles": "「閑家贏的話,則由該莊家的下一家當庄」 passes the deal but the source names no end of a game: it "
               "ends when the deal has gone round the table this many times (1: each seat has dealt once)",
}


#: The calls in the source's words (吃, 碰, 杠) with an English gloss, the three kongs as its payments
#: name them (line 3: 明杠, 補杠, 暗杠): the referee's findings and the viewer's page read them here.
CALL_WORDS = chinese_call_words("杠", added="補", closed="closed")
#: The calls as the rules line and the hand types' errors say them.
CHOW, PUNG, KONG = CALL_WORDS.name(CallKind.CHI), CALL_WORDS.name(CallKind.PON), "kong 杠"
OPEN_KONG, ADDED_KONG, CLOSED_KONG = (CALL_WORDS.name(k) for k in (CallKind.DAIMINKAN, CallKind.KAKAN, CallKind.ANKAN))
PUNG_KONG = f"{PUNG} and {KONG}"
#: Why a chow is refused, naming the knob as ``--knob`` and ``mjlog rules show`` write it.
CHI_OFF = "knob chi=False"


def calls_in_words(rules: DatongRules) -> str:
    """The calls a rule set allows, in Datong's words: the chow (吃) only under the ``chi`` knob."""
    return f"{CHOW} from the seat before, {PUNG_KONG}" if rules.chi else f"{PUNG_KONG} only"


PRESETS: dict[str, DatongRules] = {"datong": DatongRules()}
