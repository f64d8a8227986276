"""The yaku of Tenhou's rules as one reviewed table: ids 0-54, names, han and display order.

Each :class:`YakuDef` states a yaku's Tenhou id, its Japanese and English names,
its han closed and open (0 = not allowed open), whether it is a yakuman, and its
position in Tenhou's display order. The predicates that decide whether a yaku
is present live in :mod:`mjlog.rules.riichi.yaku`, keyed by the same ids.

Tenhou's display order (the order of the AGARI ``yaku`` attribute) was learned
from the corpus: every ordered pair of ids seen in 9,278 recorded wins is
consistent with :data:`TENHOU_ORDER`. Yakuhai (ids 10-20) are the exception: Tenhou
lists them per set, concealed sets first in tile order, then the calls from the
last listed to the first, and for a double wind the round wind before the seat wind.

>>> YAKU[7].name_en, YAKU[7].name_ja, YAKU[7].han_closed, YAKU[7].han_open
('Pinfu', '平和', 1, 0)
>>> YAKU[35].han(open_hand=True)
5
>>> [y.id for y in YAKU if y.yakuman][:3]
[37, 38, 39]
>>> yaku_name(48)
'国士無双１３面'
"""

from __future__ import annotations

from dataclasses import dataclass

#: Tenhou's display order of yaku ids (yakuhai 10-20 keep their per-set order, see above).
TENHOU_ORDER: tuple[int, ...] = (
    1, 21, 2, 3, 4, 5, 6, 0, 7, 9, 22, 24, 25, 30, 29, 28,
    10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20,
    23, 26, 27, 31, 32, 8, 33, 34, 35, 36,
    37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51,
    52, 54, 53,
)


@dataclass(frozen=True, slots=True)
class YakuDef:
    """One yaku: Tenhou id, names, han closed/open (0 = not allowed), yakuman flag."""

    id: int
    name_ja: str
    name_en: str
    han_closed: int
    han_open: int
    yakuman: bool = False
    situational: bool = False   # decided by the win's situation, not the hand's shape

    def han(self, open_hand: bool) -> int:
        """Han of the yaku for a closed or an open hand (0 when not allowed open)."""
        return self.han_open if open_hand else self.han_closed

    @property
    def order(self) -> float:
        """Position in Tenhou's display order."""
        return _ORDER_POS[self.id]


def _y(i: int, ja: str, en: str, closed: int, open_: int, *, situational: bool = False) -> YakuDef:
    return YakuDef(i, ja, en, closed, open_, False, situational)


def _ym(i: int, ja: str, en: str, *, situational: bool = False) -> YakuDef:
    return YakuDef(i, ja, en, 13, 13, True, situational)


#: Every Tenhou yaku, indexed by id (``YAKU[i].id == i``).
YAKU: tuple[YakuDef, ...] = (
    _y(0, "門前清自摸和", "Menzen tsumo", 1, 0, situational=True),
    _y(1, "立直", "Riichi", 1, 0, situational=True),
    _y(2, "一発", "Ippatsu", 1, 0, situational=True),
    _y(3, "槍槓", "Chankan", 1, 1, situational=True),
    _y(4, "嶺上開花", "Rinshan kaihou", 1, 1, situational=True),
    _y(5, "海底摸月", "Haitei raoyue", 1, 1, situational=True),
    _y(6, "河底撈魚", "Houtei raoyui", 1, 1, situational=True),
    _y(7, "平和", "Pinfu", 1, 0),
    _y(8, "断幺九", "Tanyao", 1, 1),
    _y(9, "一盃口", "Iipeikou", 1, 0),
    _y(10, "自風 東", "Seat wind East", 1, 1),
    _y(11, "自風 南", "Seat wind South", 1, 1),
    _y(12, "自風 西", "Seat wind West", 1, 1),
    _y(13, "自風 北", "Seat wind North", 1, 1),
    _y(14, "場風 東", "Round wind East", 1, 1),
    _y(15, "場風 南", "Round wind South", 1, 1),
    _y(16, "場風 西", "Round wind West", 1, 1),
    _y(17, "場風 北", "Round wind North", 1, 1),
    _y(18, "役牌 白", "Haku", 1, 1),
    _y(19, "役牌 發", "Hatsu", 1, 1),
    _y(20, "役牌 中", "Chun", 1, 1),
    _y(21, "両立直", "Double riichi", 2, 0, situational=True),
    _y(22, "七対子", "Chiitoitsu", 2, 0),
    _y(23, "混全帯幺九", "Chanta", 2, 1),
    _y(24, "一気通貫", "Ittsu", 2, 1),
    _y(25, "三色同順", "Sanshoku doujun", 2, 1),
    _y(26, "三色同刻", "Sanshoku doukou", 2, 2),
    _y(27, "三槓子", "Sankantsu", 2, 2),
    _y(28, "対々和", "Toitoi", 2, 2),
    _y(29, "三暗刻", "Sanankou", 2, 2),
    _y(30, "小三元", "Shousangen", 2, 2),
    _y(31, "混老頭", "Honroutou", 2, 2),
    _y(32, "二盃口", "Ryanpeikou", 3, 0),
    _y(33, "純全帯幺九", "Junchan", 3, 2),
    _y(34, "混一色", "Honitsu", 3, 2),
    _y(35, "清一色", "Chinitsu", 6, 5),
    _y(36, "人和", "Renhou", 5, 0, situational=True),   # not used on Tenhou
    _ym(37, "天和", "Tenhou", situational=True),
    _ym(38, "地和", "Chiihou", situational=True),
    _ym(39, "大三元", "Daisangen"),
    _ym(40, "四暗刻", "Suuankou"),
    _ym(41, "四暗刻単騎", "Suuankou tanki"),
    _ym(42, "字一色", "Tsuuiisou"),
    _ym(43, "緑一色", "Ryuuiisou"),
    _ym(44, "清老頭", "Chinroutou"),
    _ym(45, "九蓮宝燈", "Chuuren poutou"),
    _ym(46, "純正九蓮宝燈", "Junsei chuuren poutou"),
    _ym(47, "国士無双", "Kokushi musou"),
    _ym(48, "国士無双１３面", "Kokushi musou 13-wait"),
    _ym(49, "大四喜", "Daisuushii"),
    _ym(50, "小四喜", "Shousuushii"),
    _ym(51, "四槓子", "Suukantsu"),
    _y(52, "ドラ", "Dora", 1, 1),
    _y(53, "裏ドラ", "Ura dora", 1, 0),
    _y(54, "赤ドラ", "Aka dora", 1, 1),
)

#: Local yaku (地方役, ../shared/docs/local-variants.md): none is used on Tenhou; each is a rule-set knob
#: (:mod:`mjlog.rules.riichi.local_yaku` holds the knobs and the conditions). Ids from 100 up are mjlog's own.
LOCAL_YAKU: tuple[YakuDef, ...] = (
    _y(100, "開立直", "Open riichi", 2, 0, situational=True),
    _y(101, "開雙立直", "Open double riichi", 3, 0, situational=True),
    _y(102, "三色通貫", "Sanshoku tsuukan", 2, 1),
    _y(103, "一色三順", "Isshoku sanjun", 2, 2),
    _y(104, "三連刻", "Sanrenkou", 2, 2),
    _ym(105, "人和", "Renhou (yakuman)", situational=True),
    _ym(106, "十三不搭", "Shiisan puutaa", situational=True),
    _ym(107, "大七星", "Daichisei"),
    _ym(108, "大車輪", "Daisharin"),
    _ym(109, "東北新幹線", "Touhoku shinkansen"),
    _ym(110, "百萬石", "Hyakuman goku"),
    _ym(111, "一色四順", "Isshoku yonjun"),
    _ym(112, "四連刻", "Suurenkou"),
    _ym(113, "紅孔雀", "Beni kujaku"),
    _ym(114, "八連荘", "Paarenchan", situational=True),
)

#: North as a value tile for every seat (seed 000's 北為役牌: '北為3家共同役牌'; the ``north=yakuhai`` knob):
#: no Tenhou id, so mjlog's own, shown after the other yakuhai.
NORTH_YAKUHAI = 115
RULE_YAKU: tuple[YakuDef, ...] = (_y(NORTH_YAKUHAI, "役牌 北", "North (value tile)", 1, 1),)

#: Every yaku mjlog can score, Tenhou's, the local ones and those of a rule knob, by id.
ALL_YAKU: dict[int, YakuDef] = {y.id: y for y in YAKU + LOCAL_YAKU + RULE_YAKU}

#: Local yaku come after Tenhou's regular yaku in the display order (before the dora).
_ORDER_POS: dict[int, float] = {yid: pos for pos, yid in enumerate(TENHOU_ORDER)}
_ORDER_POS.update({y.id: _ORDER_POS[36] + (y.id - 99) / 100 for y in LOCAL_YAKU})
_ORDER_POS[NORTH_YAKUHAI] = _ORDER_POS[20] + 0.5
assert all(y.id == i for i, y in enumerate(YAKU)) and sorted(TENHOU_ORDER) == list(range(55))

DORA, URA, AKA = 52, 53, 54
YAKUHAI_IDS = frozenset((*range(10, 21), NORTH_YAKUHAI))


def yaku_name(yaku_id: int, english: bool = False) -> str:
    """Tenhou's Japanese name of a yaku id, or its English name."""
    y = ALL_YAKU[yaku_id]
    return y.name_en if english else y.name_ja


def yaku_def(yaku_id: int) -> YakuDef | None:
    """The definition of a Tenhou or local yaku id, or None for an id mjlog does not know."""
    return ALL_YAKU.get(yaku_id)


def order_key(yaku_id: int) -> float:
    """Sort key placing a yaku id in Tenhou's display order."""
    return _ORDER_POS[yaku_id]
