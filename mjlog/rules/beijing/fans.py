"""The fans of Beijing mahjong (和牌牌型番數) as one table: one small definition per fan.

Each :class:`FanDef` names the fan in the source's words and in English, gives its value and
the condition on a reading of the hand (:class:`~mjlog.rules.beijing.readings.Shape`, None for
the automatic win of four wild tiles) and the win's situation (:class:`Situation`). ``pattern``
marks the fans whose absence makes a hand 推倒和; ``excludes`` the fans it replaces.
The 燒莊 side payment is not a hand fan (see :data:`BURN`).

>>> [f.name for f in FANS][:4]
['推倒和', '莊', '門清無惠', '對對和']
>>> FAN["豪華七對子"].excludes, FAN["天和"].excludes
(('七對子',), ('莊',))
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from mjlog.rules.beijing.readings import Shape
from mjlog.rules.family import WinItem


@dataclass(frozen=True, slots=True)
class Situation:
    """How a hand was won, as far as the fans read it.

    ``dealer_fan`` is whether the dealer fan's condition holds under the rule set's reading
    (decided by the scorer from who won, who dealt in and who pays); ``open_hand`` any chi, pon or
    open kan; ``calls`` the number of calls, closed kans included; ``fish_calls`` the calls 大釣
    counts (the rule set's ``da_diao`` reading); ``five_alone`` whether 捉五魁 may count by the
    rule set's ``zhuo_wu_kui`` reading (under 'only', whether the hand waited on 5m alone);
    ``wilds`` the wild tiles among the concealed tiles, the winning tile included.
    """

    tsumo: bool = False
    winner_is_dealer: bool = False
    dealer_fan: bool = False
    open_hand: bool = False
    calls: int = 0
    fish_calls: int = 0
    five_alone: bool = True
    wilds: int = 0
    last_tile: bool = False
    after_kan: bool = False
    first_turn: bool = False


Condition = Callable[[Shape | None, Situation], bool]


@dataclass(frozen=True, slots=True)
class FanDef:
    """One fan: its id, names, value, when it applies, whether it is a pattern fan, what it replaces."""

    id: int
    name: str
    english: str
    value: int
    when: Condition
    pattern: bool = True
    excludes: tuple[str, ...] = ()

    def item(self) -> WinItem:
        """The fan as a scoring element (a fan line)."""
        return WinItem(self.id, self.name, self.english, self.value)


def _shape(test: Callable[[Shape], bool]) -> Condition:
    return lambda shape, sit: shape is not None and test(shape)


def _never(shape: Shape | None, sit: Situation) -> bool:
    return False  # 推倒和: decided by the absence of every pattern fan (see the scorer)


FANS: tuple[FanDef, ...] = (
    FanDef(0, "推倒和", "Plain win", 1, _never, pattern=False),
    FanDef(1, "莊", "Dealer", 1, lambda sh, s: s.dealer_fan, pattern=False),
    FanDef(2, "門清無惠", "Concealed hand without wild tiles", 1,
           lambda sh, s: not s.open_hand and s.wilds == 0, pattern=False),
    FanDef(3, "對對和", "All pungs", 2, _shape(lambda sh: sh.form == "standard" and sh.all_pungs)),
    FanDef(4, "大釣", "Single wait after four calls", 2, lambda sh, s: sh is not None and s.fish_calls == 4),
    FanDef(5, "捉五魁", "Closed wait on 5 characters", 2,
           lambda sh, s: sh is not None and sh.closed_five and s.five_alone),
    FanDef(6, "海底撈月", "Last tile", 2, lambda sh, s: s.last_tile and s.tsumo),
    FanDef(7, "一條龍", "Pure straight", 3, _shape(lambda sh: sh.straight)),
    FanDef(8, "七對子", "Seven pairs", 4, _shape(lambda sh: sh.form == "pairs")),
    FanDef(9, "杠上開花", "Self-draw on a kan replacement", 5, lambda sh, s: s.after_kan and s.tsumo),
    FanDef(10, "清一色", "Full flush", 6, _shape(lambda sh: sh.one_suit)),
    FanDef(11, "豪華七對子", "Luxury seven pairs", 8, _shape(lambda sh: sh.form == "pairs" and sh.luxury),
           excludes=("七對子",)),
    FanDef(12, "四惠牌", "Four wild tiles", 8, lambda sh, s: s.wilds == 4),
    FanDef(13, "天和", "Heavenly win", 10, lambda sh, s: s.first_turn and s.winner_is_dealer, excludes=("莊",)),
    FanDef(14, "地和", "Earthly win", 8, lambda sh, s: s.first_turn and not s.winner_is_dealer),
    # the source: a win on the last tile's discard "也要給別人加1番，番型也是海底撈月" (1 fan, same name)
    FanDef(15, "海底撈月", "Win on the last tile's discard", 1, lambda sh, s: s.last_tile and not s.tsumo),
)

FAN: dict[str, FanDef] = {f.name: f for f in reversed(FANS)}  # a name's first row
PLAIN = FAN["推倒和"]

#: 燒莊: printed among the fan lines, paid apart from the hand (2^(r-1) fan for r rounds).
BURN = FanDef(16, "燒莊", "Burning the dealer (side payment)", 0, _never, pattern=False)


def burn_fan(rounds: int) -> int:
    """The fan of ``rounds`` 燒莊 rounds: 2^(r-1), 0 for none (the source's "2(燒莊輪數-1)")."""
    return 1 << (rounds - 1) if rounds > 0 else 0


def fans_of(shape: Shape | None, sit: Situation) -> tuple[FanDef, ...]:
    """The fans of one reading in table order: 推倒和 when no pattern fan applies, exclusions applied."""
    hit = [f for f in FANS if f.when(shape, sit)]
    gone = {x for f in hit for x in f.excludes}
    hit = [f for f in hit if f.name not in gone]
    if not any(f.pattern for f in hit):
        hit.insert(0, PLAIN)
    return tuple(hit)
