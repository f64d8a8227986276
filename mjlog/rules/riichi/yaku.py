"""Which yaku a reading of a winning hand has: facts as bits, one rule per Tenhou yaku id.

A *reading* is one interpretation of a win (one decomposition, one choice of the
set the winning tile completed) together with the situation. The scorer sums a
reading up as an int of *fact* bits (:data:`TSUMO`, :data:`FOUR_RUNS`,
:data:`OUTSIDE`...). Each yaku is one :class:`Rule` in :data:`RULES`: the facts it
needs and the facts it forbids. :func:`yaku_of` turns a fact mask into the yaku
the reading scores; it is memoised on the mask, so the rules themselves run once
per distinct mask. Names, ids and han come from :mod:`~mjlog.rules.riichi.yaku_table`.

Yakuhai (ids 10-20) are listed per set by :func:`yakuhai`, not by facts, because
Tenhou orders them by set.

>>> f = TSUMO | REGULAR | FOUR_RUNS | RYANMEN_WAIT | ALL_SIMPLE | TANYAO_OK
>>> [(i, h) for i, h in yaku_of(f).before + yaku_of(f).after]
[(0, 1), (7, 1), (8, 1)]
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple

from mjlog.rules.riichi import local_yaku as _local
from mjlog.rules.riichi.context import WinContext
from mjlog.rules.riichi.yaku_table import ALL_YAKU, NORTH_YAKUHAI, YAKUHAI_IDS, order_key
from mjlog.tiles import NORTH

# waits
RYANMEN, KANCHAN, PENCHAN, TANKI, SHANPON, NO_WAIT = range(6)
WAIT_NAMES = ("ryanmen", "kanchan", "penchan", "tanki", "shanpon", "none")

REGULAR_FORM, SEVEN_PAIRS_FORM, KOKUSHI_FORM = range(3)

_FACT_NAMES = (
    # the situation
    "TSUMO", "RIICHI", "DOUBLE_RIICHI", "IPPATSU", "CHANKAN", "RINSHAN", "HAITEI", "HOUTEI",
    "TENHOU", "CHIIHOU", "RENHOU",
    # openness and the rule set
    "OPEN", "TANYAO_OK",
    # every tile of the hand, calls included
    "ALL_SIMPLE", "ALL_YAOCHUU", "HONORS", "TERMINALS", "ONE_SUIT", "NO_SUIT", "ALL_GREEN",
    # the form
    "REGULAR", "SEVEN_PAIRS", "KOKUSHI", "KOKUSHI_13",
    # the sets of a four-sets-and-a-pair reading
    "FOUR_RUNS", "NO_RUNS", "ONE_PEIKOU", "TWO_PEIKOU", "OUTSIDE", "ITTSU", "SANSHOKU", "DOUKOU",
    "THREE_KANS", "FOUR_KANS", "THREE_CONCEALED", "FOUR_CONCEALED",
    "VALUED_PAIR", "DRAGON_PAIR", "TWO_DRAGON_TRIPS", "THREE_DRAGON_TRIPS",
    "WIND_PAIR", "THREE_WIND_TRIPS", "FOUR_WIND_TRIPS", "NINE_GATES", "NINE_WAIT",
    # the wait
    "RYANMEN_WAIT", "TANKI_WAIT",
)
#: Fact name -> bit.
FACTS: dict[str, int] = {name: 1 << i for i, name in enumerate(_FACT_NAMES)}
assert len(_FACT_NAMES) <= _local.FIRST_FACT_BIT   # the local yaku's bits come after these

TSUMO = FACTS["TSUMO"]                      # won by self-draw
RIICHI = FACTS["RIICHI"]                    # riichi declared (any turn)
DOUBLE_RIICHI = FACTS["DOUBLE_RIICHI"]      # riichi declared on the first turn
IPPATSU = FACTS["IPPATSU"]
CHANKAN = FACTS["CHANKAN"]
RINSHAN = FACTS["RINSHAN"]
HAITEI = FACTS["HAITEI"]
HOUTEI = FACTS["HOUTEI"]
TENHOU = FACTS["TENHOU"]
CHIIHOU = FACTS["CHIIHOU"]
RENHOU = FACTS["RENHOU"]                    # a ron before one's first draw, and the rules make it a yaku
OPEN = FACTS["OPEN"]                        # an open call (a closed kan does not open)
TANYAO_OK = FACTS["TANYAO_OK"]              # not open, or the rules allow open tanyao
ALL_SIMPLE = FACTS["ALL_SIMPLE"]            # no terminal or honour
ALL_YAOCHUU = FACTS["ALL_YAOCHUU"]          # only terminals and honours
HONORS = FACTS["HONORS"]                    # at least one honour
TERMINALS = FACTS["TERMINALS"]              # at least one terminal
ONE_SUIT = FACTS["ONE_SUIT"]                # number tiles of exactly one suit
NO_SUIT = FACTS["NO_SUIT"]                  # no number tile
ALL_GREEN = FACTS["ALL_GREEN"]              # only 2s 3s 4s 6s 8s and Hatsu
REGULAR = FACTS["REGULAR"]                  # four sets and a pair
SEVEN_PAIRS = FACTS["SEVEN_PAIRS"]
KOKUSHI = FACTS["KOKUSHI"]
KOKUSHI_13 = FACTS["KOKUSHI_13"]            # the winning tile is the doubled one (13-sided wait)
FOUR_RUNS = FACTS["FOUR_RUNS"]
NO_RUNS = FACTS["NO_RUNS"]
ONE_PEIKOU = FACTS["ONE_PEIKOU"]            # exactly one pair of identical runs
TWO_PEIKOU = FACTS["TWO_PEIKOU"]            # two pairs of identical runs
OUTSIDE = FACTS["OUTSIDE"]                  # every set and the pair hold a terminal/honour, some run
ITTSU = FACTS["ITTSU"]                      # runs 123 456 789 of one suit
SANSHOKU = FACTS["SANSHOKU"]                # one run in each suit at the same numbers
DOUKOU = FACTS["DOUKOU"]                    # one triplet in each suit at the same number
THREE_KANS = FACTS["THREE_KANS"]
FOUR_KANS = FACTS["FOUR_KANS"]
THREE_CONCEALED = FACTS["THREE_CONCEALED"]  # concealed triplets (a ron-completed one is open)
FOUR_CONCEALED = FACTS["FOUR_CONCEALED"]
VALUED_PAIR = FACTS["VALUED_PAIR"]          # pair of a dragon, the seat wind or the round wind
DRAGON_PAIR = FACTS["DRAGON_PAIR"]
TWO_DRAGON_TRIPS = FACTS["TWO_DRAGON_TRIPS"]
THREE_DRAGON_TRIPS = FACTS["THREE_DRAGON_TRIPS"]
WIND_PAIR = FACTS["WIND_PAIR"]
THREE_WIND_TRIPS = FACTS["THREE_WIND_TRIPS"]
FOUR_WIND_TRIPS = FACTS["FOUR_WIND_TRIPS"]
NINE_GATES = FACTS["NINE_GATES"]            # closed 1112345678999 of one suit plus one
NINE_WAIT = FACTS["NINE_WAIT"]              # ... won on the extra tile (nine-sided wait)
RYANMEN_WAIT = FACTS["RYANMEN_WAIT"]
TANKI_WAIT = FACTS["TANKI_WAIT"]


class Rule(NamedTuple):
    """A yaku holds when the reading has every fact of ``need`` and none of ``forbid``."""

    need: int
    forbid: int = 0

    def holds(self, facts: int) -> bool:
        """Whether a reading with these facts has the yaku."""
        return facts & self.need == self.need and not facts & self.forbid


#: The rule of every yaku except yakuhai (10-20) and dora (52-54), by id.
RULES: dict[int, Rule] = {
    0: Rule(TSUMO, OPEN),                                   # Menzen tsumo
    1: Rule(RIICHI, DOUBLE_RIICHI),                         # Riichi
    2: Rule(IPPATSU),
    3: Rule(CHANKAN),
    4: Rule(RINSHAN),
    5: Rule(HAITEI),
    6: Rule(HOUTEI),
    7: Rule(FOUR_RUNS | RYANMEN_WAIT, OPEN | VALUED_PAIR),   # Pinfu
    8: Rule(ALL_SIMPLE | TANYAO_OK),                        # Tanyao
    9: Rule(ONE_PEIKOU, OPEN),                              # Iipeikou
    21: Rule(DOUBLE_RIICHI),
    22: Rule(SEVEN_PAIRS),                                  # Chiitoitsu
    23: Rule(OUTSIDE | HONORS),                              # Chanta
    24: Rule(ITTSU),
    25: Rule(SANSHOKU),
    26: Rule(DOUKOU),
    27: Rule(THREE_KANS),                                   # Sankantsu
    28: Rule(REGULAR | NO_RUNS),                             # Toitoi
    29: Rule(THREE_CONCEALED),                              # Sanankou
    30: Rule(DRAGON_PAIR | TWO_DRAGON_TRIPS),                # Shousangen
    31: Rule(ALL_YAOCHUU | HONORS | TERMINALS),              # Honroutou
    32: Rule(TWO_PEIKOU, OPEN),                             # Ryanpeikou
    33: Rule(OUTSIDE, HONORS),                              # Junchan
    34: Rule(ONE_SUIT | HONORS),                             # Honitsu
    35: Rule(ONE_SUIT, HONORS),                              # Chinitsu
    36: Rule(RENHOU),                                       # Renhou (the scorer sets it only under the knob)
    37: Rule(TENHOU),
    38: Rule(CHIIHOU),
    39: Rule(THREE_DRAGON_TRIPS),                           # Daisangen
    40: Rule(FOUR_CONCEALED, TANKI_WAIT),                    # Suuankou
    41: Rule(FOUR_CONCEALED | TANKI_WAIT),                   # Suuankou tanki
    42: Rule(NO_SUIT),                                      # Tsuuiisou
    43: Rule(ALL_GREEN),                                    # Ryuuiisou
    44: Rule(ALL_YAOCHUU, HONORS),                          # Chinroutou
    45: Rule(NINE_GATES, NINE_WAIT),                        # Chuuren poutou
    46: Rule(NINE_GATES | NINE_WAIT),                       # Junsei chuuren poutou
    47: Rule(KOKUSHI, KOKUSHI_13),
    48: Rule(KOKUSHI | KOKUSHI_13),
    49: Rule(FOUR_WIND_TRIPS),                              # Daisuushii
    50: Rule(THREE_WIND_TRIPS | WIND_PAIR),                  # Shousuushii
    51: Rule(FOUR_KANS),                                    # Suukantsu
}


def _add_local_rules() -> None:
    """One rule per local yaku (its own fact bit, set only under its knob); each forbids the yaku it replaces."""
    for ly in _local.LOCAL:
        bit = _local.fact_bit(ly.id)
        RULES[ly.id] = Rule(bit)
        for other in ly.replaces:
            RULES[other] = Rule(RULES[other].need, RULES[other].forbid | bit)


_add_local_rules()
assert all(not ALL_YAKU[i].yakuman or i >= 37 for i in RULES) and not YAKUHAI_IDS & set(RULES)

_YAKUHAI_POS = order_key(10)


class YakuOfFacts(NamedTuple):
    """The yaku of a fact mask: yakuman ids (id order), else (id, han) pairs around the yakuhai.

    ``before`` and ``after`` are in Tenhou's display order; the per-set yakuhai go
    between them. ``han`` is the han of ``before`` and ``after``.
    """

    yakuman: tuple[int, ...]
    before: tuple[tuple[int, int], ...]
    after: tuple[tuple[int, int], ...]
    han: int


_YAKUMAN_RULES = tuple((i, rule.need, rule.forbid) for i, rule in sorted(RULES.items()) if ALL_YAKU[i].yakuman)
#: Regular yaku rules in Tenhou's display order, with (id, han) when closed and when open.
_REGULAR_RULES = tuple((order_key(i) < _YAKUHAI_POS, rule.need, rule.forbid, (i, ALL_YAKU[i].han_closed),
                        (i, ALL_YAKU[i].han_open))
                       for i, rule in sorted(RULES.items(), key=lambda r: order_key(r[0])) if not ALL_YAKU[i].yakuman)


def _evaluate(facts: int) -> YakuOfFacts:
    """Apply every rule of :data:`RULES` to a fact mask."""
    yakuman = tuple(i for i, need, forbid in _YAKUMAN_RULES if facts & need == need and not facts & forbid)
    if yakuman:
        return YakuOfFacts(yakuman, (), (), 0)
    open_hand = bool(facts & OPEN)
    before: list[tuple[int, int]] = []
    after: list[tuple[int, int]] = []
    for early, need, forbid, closed_pair, open_pair in _REGULAR_RULES:
        if facts & need == need and not facts & forbid:
            (before if early else after).append(open_pair if open_hand else closed_pair)
    return YakuOfFacts((), tuple(before), tuple(after), sum(h for _, h in before) + sum(h for _, h in after))


#: Memo of :func:`yaku_of` (fact mask -> yaku); cleared by :func:`clear_memo`.
MEMO: dict[int, YakuOfFacts] = {}
_MEMO_LIMIT = 1 << 17


def yaku_of(facts: int) -> YakuOfFacts:
    """The yaku a reading with these facts scores (yakuhai excepted)."""
    got = MEMO.get(facts)
    if got is None:
        if len(MEMO) >= _MEMO_LIMIT:
            MEMO.clear()
        got = MEMO[facts] = _evaluate(facts)
    return got


def clear_memo() -> None:
    """Forget every memoised fact mask."""
    MEMO.clear()


def yakuhai(triplet_kinds: Iterable[int], seat_kind: int, round_kind: int, north_valued: bool = False) -> list[int]:
    """Yakuhai ids per set in Tenhou's order (round wind before seat wind on one set); with ``north_valued``
    (``north=yakuhai``) a North set is also :data:`~mjlog.rules.riichi.yaku_table.NORTH_YAKUHAI`."""
    out: list[int] = []
    for k in triplet_kinds:
        if k >= 31:
            out.append(18 + k - 31)
        elif k >= 27:
            if k == round_kind:
                out.append(14 + k - 27)
            if k == seat_kind:
                out.append(10 + k - 27)
            if k == NORTH and north_valued:
                out.append(NORTH_YAKUHAI)
    return out


# ---- the facts of a hand, as the scorer computes them

def _mask(kinds: range | tuple[int, ...]) -> int:
    return sum(1 << k for k in kinds)


_SUIT_MASKS = tuple(_mask(range(9 * i, 9 * i + 9)) for i in range(3))
HONOR_MASK = _mask(range(27, 34))
_YAOCHUU_MASK = _mask(tuple(k for k in range(34) if k >= 27 or k % 9 in (0, 8)))
_TERMINAL_MASK = _YAOCHUU_MASK & ~HONOR_MASK
_GREEN_MASK = _mask((19, 20, 21, 23, 25, 32))           # 2s 3s 4s 6s 8s Hatsu
_NINE_GATES = (3, 1, 1, 1, 1, 1, 1, 1, 3)
_M, _P, _S = _SUIT_MASKS
_NOT_YAOCHUU = ((1 << 34) - 1) & ~_YAOCHUU_MASK
_NOT_GREEN = ((1 << 34) - 1) & ~_GREEN_MASK


def tile_facts(bits: int) -> int:
    """Facts of the set of tile kinds in the hand (calls included), from its kinds mask."""
    n_suits = (1 if bits & _M else 0) + (1 if bits & _P else 0) + (1 if bits & _S else 0)
    return ((HONORS if bits & HONOR_MASK else 0) | (0 if bits & _YAOCHUU_MASK else ALL_SIMPLE)
            | (0 if bits & _NOT_YAOCHUU else ALL_YAOCHUU) | (TERMINALS if bits & _TERMINAL_MASK else 0)
            | (ONE_SUIT if n_suits == 1 else NO_SUIT if n_suits == 0 else 0)
            | (0 if bits & _NOT_GREEN else ALL_GREEN))


def situation_facts(ctx: WinContext) -> int:
    """Facts of the win's situation."""
    return ((TSUMO if ctx.tsumo else 0) | (RIICHI if ctx.riichi else 0)
            | (DOUBLE_RIICHI if ctx.double_riichi else 0) | (IPPATSU if ctx.ippatsu else 0)
            | (CHANKAN if ctx.chankan else 0) | (RINSHAN if ctx.rinshan else 0)
            | (HAITEI if ctx.haitei else 0) | (HOUTEI if ctx.houtei else 0)
            | (TENHOU if ctx.tenhou else 0) | (CHIIHOU if ctx.chiihou else 0))


def honor_set_facts(pair: int, trip_kinds: list[int], seat_kind: int, round_kind: int,
                    north_valued: bool = False) -> int:
    """Facts of a four-sets-and-a-pair reading that only its honour sets decide (a North pair is valued
    with ``north_valued``)."""
    dragons = sum(1 for k in trip_kinds if k >= 31)
    winds = sum(1 for k in trip_kinds if 27 <= k <= 30)
    f = TWO_DRAGON_TRIPS if dragons == 2 else THREE_DRAGON_TRIPS if dragons == 3 else 0
    f |= THREE_WIND_TRIPS if winds == 3 else FOUR_WIND_TRIPS if winds == 4 else 0
    if pair >= 31:
        f |= DRAGON_PAIR | VALUED_PAIR
    elif pair >= 27:
        f |= WIND_PAIR
        if pair == seat_kind or pair == round_kind or (pair == NORTH and north_valued):
            f |= VALUED_PAIR
    return f


def nine_gates_facts(counts: list[int], bits: int, w: int) -> int:
    """NINE_GATES (and NINE_WAIT) when the closed hand is 1112345678999 of one suit plus one tile."""
    for i, m in enumerate(_SUIT_MASKS):
        if bits & m:
            base = 9 * i
            c = counts[base:base + 9]
            if any(c[j] < _NINE_GATES[j] for j in range(9)):
                return 0
            return NINE_GATES | (NINE_WAIT if c[w - base] - _NINE_GATES[w - base] == 1 else 0)
    return 0

