"""The 81 fans of the Chinese Official rules (and the later 明暗杠), one small definition each.

Numbers, names and values follow the fan table of the competition rules
(``../shared/docs/mcr-rules.md``; source ``../shared/seeds/004_169e2a4e137d30bc.txt``); the
numbering is the one PMN records use in their ``Fan`` lines. 明暗杠 (a concealed kong with a
melded kong, 5 fan) comes from the later MIL edition and has no number there; it is 82 here.
:class:`Fan` names each number by the fan's English name (``Fan.ALL_PUNGS`` is 48).
:data:`EXCLUDES` holds the 不计 ("not counted with") clauses of the non-repeat principle: the
:data:`SOURCE_EXCLUDES` seed 004 states and the :data:`BOOK_EXCLUDES` the 2006 book adds.

>>> FANS[1].name, FANS[1].english, FANS[1].value
('大四喜', 'Big Four Winds', 88)
>>> len([f for f in FANS.values() if f.number <= 81]), FANS[82].value
(81, 5)
>>> sum(1 for f in FANS.values() if f.value == 88)
7
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum


@dataclass(frozen=True, slots=True)
class FanDef:
    """One fan: its number, Chinese name, English name and value in fan."""

    number: int
    name: str
    english: str
    value: int


class Fan(IntEnum):
    """The number of each fan of :data:`FANS`, named by its English name."""

    BIG_FOUR_WINDS = 1                      # 大四喜
    BIG_THREE_DRAGONS = 2                   # 大三元
    ALL_GREEN = 3                           # 绿一色
    NINE_GATES = 4                          # 九莲宝灯
    FOUR_KONGS = 5                          # 四杠
    SEVEN_SHIFTED_PAIRS = 6                 # 连七对
    THIRTEEN_ORPHANS = 7                    # 十三幺
    ALL_TERMINALS = 8                       # 清幺九
    LITTLE_FOUR_WINDS = 9                   # 小四喜
    LITTLE_THREE_DRAGONS = 10               # 小三元
    ALL_HONORS = 11                         # 字一色
    FOUR_CONCEALED_PUNGS = 12               # 四暗刻
    PURE_TERMINAL_CHOWS = 13                # 一色双龙会
    QUADRUPLE_CHOW = 14                     # 一色四同顺
    FOUR_PURE_SHIFTED_PUNGS = 15            # 一色四节高
    FOUR_PURE_SHIFTED_CHOWS = 16            # 一色四步高
    THREE_KONGS = 17                        # 三杠
    ALL_TERMINALS_AND_HONORS = 18           # 混幺九
    SEVEN_PAIRS = 19                        # 七对
    GREATER_HONORS_AND_KNITTED_TILES = 20   # 七星不靠
    ALL_EVEN_PUNGS = 21                     # 全双刻
    FULL_FLUSH = 22                         # 清一色
    PURE_TRIPLE_CHOW = 23                   # 一色三同顺
    PURE_SHIFTED_PUNGS = 24                 # 一色三节高
    UPPER_TILES = 25                        # 全大
    MIDDLE_TILES = 26                       # 全中
    LOWER_TILES = 27                        # 全小
    PURE_STRAIGHT = 28                      # 清龙
    THREE_SUITED_TERMINAL_CHOWS = 29        # 三色双龙会
    PURE_SHIFTED_CHOWS = 30                 # 一色三步高
    ALL_FIVES = 31                          # 全带五
    TRIPLE_PUNG = 32                        # 三同刻
    THREE_CONCEALED_PUNGS = 33              # 三暗刻
    LESSER_HONORS_AND_KNITTED_TILES = 34    # 全不靠
    KNITTED_STRAIGHT = 35                   # 组合龙
    UPPER_FOUR = 36                         # 大于五
    LOWER_FOUR = 37                         # 小于五
    BIG_THREE_WINDS = 38                    # 三风刻
    MIXED_STRAIGHT = 39                     # 花龙
    REVERSIBLE_TILES = 40                   # 推不倒
    MIXED_TRIPLE_CHOW = 41                  # 三色三同顺
    MIXED_SHIFTED_PUNGS = 42                # 三色三节高
    CHICKEN_HAND = 43                       # 无番和
    LAST_TILE_DRAW = 44                     # 妙手回春
    LAST_TILE_CLAIM = 45                    # 海底捞月
    OUT_WITH_REPLACEMENT_TILE = 46          # 杠上开花
    ROBBING_THE_KONG = 47                   # 抢杠和
    ALL_PUNGS = 48                          # 碰碰和
    HALF_FLUSH = 49                         # 混一色
    MIXED_SHIFTED_CHOWS = 50                # 三色三步高
    ALL_TYPES = 51                          # 五门齐
    MELDED_HAND = 52                        # 全求人
    TWO_CONCEALED_KONGS = 53                # 双暗杠
    TWO_DRAGON_PUNGS = 54                   # 双箭刻
    OUTSIDE_HAND = 55                       # 全带幺
    FULLY_CONCEALED_HAND = 56               # 不求人
    TWO_MELDED_KONGS = 57                   # 双明杠
    LAST_TILE = 58                          # 和绝张
    DRAGON_PUNG = 59                        # 箭刻
    PREVALENT_WIND = 60                     # 圈风刻
    SEAT_WIND = 61                          # 门风刻
    CONCEALED_HAND = 62                     # 门前清
    ALL_CHOWS = 63                          # 平和
    TILE_HOG = 64                           # 四归一
    DOUBLE_PUNG = 65                        # 双同刻
    TWO_CONCEALED_PUNGS = 66                # 双暗刻
    CONCEALED_KONG = 67                     # 暗杠
    ALL_SIMPLES = 68                        # 断幺
    PURE_DOUBLE_CHOW = 69                   # 一般高
    MIXED_DOUBLE_CHOW = 70                  # 喜相逢
    SHORT_STRAIGHT = 71                     # 连六
    TWO_TERMINAL_CHOWS = 72                 # 老少副
    PUNG_OF_TERMINALS_OR_HONORS = 73        # 幺九刻
    MELDED_KONG = 74                        # 明杠
    ONE_VOIDED_SUIT = 75                    # 缺一门
    NO_HONORS = 76                          # 无字
    EDGE_WAIT = 77                          # 边张
    CLOSED_WAIT = 78                        # 坎张
    SINGLE_WAIT = 79                        # 单钓将
    SELF_DRAWN = 80                         # 自摸
    FLOWER_TILES = 81                       # 花牌
    CONCEALED_KONG_AND_MELDED_KONG = 82     # 明暗杠

    def __repr__(self) -> str:
        return f"Fan.{self.name}"


def _table(rows: str) -> dict[int, FanDef]:
    out: dict[int, FanDef] = {}
    for line in rows.strip().splitlines():
        number, value, name, english = (part.strip() for part in line.split("|"))
        out[int(number)] = FanDef(int(number), name, english, int(value))
    return out


#: number | value | Chinese | English
FANS: dict[int, FanDef] = _table("""
1  | 88 | 大四喜   | Big Four Winds
2  | 88 | 大三元   | Big Three Dragons
3  | 88 | 绿一色   | All Green
4  | 88 | 九莲宝灯 | Nine Gates
5  | 88 | 四杠     | Four Kongs
6  | 88 | 连七对   | Seven Shifted Pairs
7  | 88 | 十三幺   | Thirteen Orphans
8  | 64 | 清幺九   | All Terminals
9  | 64 | 小四喜   | Little Four Winds
10 | 64 | 小三元   | Little Three Dragons
11 | 64 | 字一色   | All Honors
12 | 64 | 四暗刻   | Four Concealed Pungs
13 | 64 | 一色双龙会 | Pure Terminal Chows
14 | 48 | 一色四同顺 | Quadruple Chow
15 | 48 | 一色四节高 | Four Pure Shifted Pungs
16 | 32 | 一色四步高 | Four Pure Shifted Chows
17 | 32 | 三杠     | Three Kongs
18 | 32 | 混幺九   | All Terminals and Honors
19 | 24 | 七对     | Seven Pairs
20 | 24 | 七星不靠 | Greater Honors and Knitted Tiles
21 | 24 | 全双刻   | All Even Pungs
22 | 24 | 清一色   | Full Flush
23 | 24 | 一色三同顺 | Pure Triple Chow
24 | 24 | 一色三节高 | Pure Shifted Pungs
25 | 24 | 全大     | Upper Tiles
26 | 24 | 全中     | Middle Tiles
27 | 24 | 全小     | Lower Tiles
28 | 16 | 清龙     | Pure Straight
29 | 16 | 三色双龙会 | Three-Suited Terminal Chows
30 | 16 | 一色三步高 | Pure Shifted Chows
31 | 16 | 全带五   | All Fives
32 | 16 | 三同刻   | Triple Pung
33 | 16 | 三暗刻   | Three Concealed Pungs
34 | 12 | 全不靠   | Lesser Honors and Knitted Tiles
35 | 12 | 组合龙   | Knitted Straight
36 | 12 | 大于五   | Upper Four
37 | 12 | 小于五   | Lower Four
38 | 12 | 三风刻   | Big Three Winds
39 | 8  | 花龙     | Mixed Straight
40 | 8  | 推不倒   | Reversible Tiles
41 | 8  | 三色三同顺 | Mixed Triple Chow
42 | 8  | 三色三节高 | Mixed Shifted Pungs
43 | 8  | 无番和   | Chicken Hand
44 | 8  | 妙手回春 | Last Tile Draw
45 | 8  | 海底捞月 | Last Tile Claim
46 | 8  | 杠上开花 | Out with Replacement Tile
47 | 8  | 抢杠和   | Robbing the Kong
48 | 6  | 碰碰和   | All Pungs
49 | 6  | 混一色   | Half Flush
50 | 6  | 三色三步高 | Mixed Shifted Chows
51 | 6  | 五门齐   | All Types
52 | 6  | 全求人   | Melded Hand
53 | 6  | 双暗杠   | Two Concealed Kongs
54 | 6  | 双箭刻   | Two Dragon Pungs
55 | 4  | 全带幺   | Outside Hand
56 | 4  | 不求人   | Fully Concealed Hand
57 | 4  | 双明杠   | Two Melded Kongs
58 | 4  | 和绝张   | Last Tile
59 | 2  | 箭刻     | Dragon Pung
60 | 2  | 圈风刻   | Prevalent Wind
61 | 2  | 门风刻   | Seat Wind
62 | 2  | 门前清   | Concealed Hand
63 | 2  | 平和     | All Chows
64 | 2  | 四归一   | Tile Hog
65 | 2  | 双同刻   | Double Pung
66 | 2  | 双暗刻   | Two Concealed Pungs
67 | 2  | 暗杠     | Concealed Kong
68 | 2  | 断幺     | All Simples
69 | 1  | 一般高   | Pure Double Chow
70 | 1  | 喜相逢   | Mixed Double Chow
71 | 1  | 连六     | Short Straight
72 | 1  | 老少副   | Two Terminal Chows
73 | 1  | 幺九刻   | Pung of Terminals or Honors
74 | 1  | 明杠     | Melded Kong
75 | 1  | 缺一门   | One Voided Suit
76 | 1  | 无字     | No Honors
77 | 1  | 边张     | Edge Wait
78 | 1  | 坎张     | Closed Wait
79 | 1  | 单钓将   | Single Wait
80 | 1  | 自摸     | Self-Drawn
81 | 1  | 花牌     | Flower Tiles
82 | 5  | 明暗杠   | Concealed Kong and Melded Kong
""")

BY_NAME: dict[str, int] = {f.name: n for n, f in FANS.items()}

#: 不计 as seed 004's fan table states it (第九条; each clause read through the OCR as ``docs/mcr.md``
#: says): a counted fan leaves these out. Some clauses name a fan of another reading of the same
#: tiles (一色四同顺's 一色三节高, 一色双龙会's 七对): the calculator keeps one reading, so those and the
#: fans a special hand never scores are left out by construction too.
SOURCE_EXCLUDES: dict[int, tuple[int, ...]] = {
    Fan.BIG_FOUR_WINDS: (Fan.PREVALENT_WIND, Fan.SEAT_WIND, Fan.BIG_THREE_WINDS, Fan.ALL_PUNGS),  # 大四喜
    Fan.BIG_THREE_DRAGONS: (Fan.DRAGON_PUNG,),  # 大三元
    Fan.ALL_GREEN: (Fan.HALF_FLUSH,),  # 绿一色
    Fan.NINE_GATES: (Fan.FULL_FLUSH,),  # 九莲宝灯
    Fan.SEVEN_SHIFTED_PAIRS: (Fan.FULL_FLUSH, Fan.FULLY_CONCEALED_HAND, Fan.SINGLE_WAIT),  # 连七对
    Fan.THIRTEEN_ORPHANS: (Fan.ALL_TYPES, Fan.FULLY_CONCEALED_HAND, Fan.SINGLE_WAIT),  # 十三幺
    Fan.ALL_TERMINALS: (Fan.ALL_PUNGS, Fan.DOUBLE_PUNG, Fan.NO_HONORS),  # 清幺九 (its 同刻 read as 双同刻)
    Fan.LITTLE_FOUR_WINDS: (Fan.BIG_THREE_WINDS,),  # 小四喜
    Fan.LITTLE_THREE_DRAGONS: (Fan.DRAGON_PUNG,),  # 小三元
    Fan.ALL_HONORS: (Fan.ALL_PUNGS,),  # 字一色
    Fan.FOUR_CONCEALED_PUNGS: (Fan.CONCEALED_HAND, Fan.ALL_PUNGS),  # 四暗刻
    Fan.PURE_TERMINAL_CHOWS: (Fan.ALL_CHOWS, Fan.SEVEN_PAIRS, Fan.FULL_FLUSH),  # 一色双龙会
    Fan.QUADRUPLE_CHOW: (Fan.PURE_SHIFTED_PUNGS, Fan.PURE_DOUBLE_CHOW, Fan.TILE_HOG),  # 一色四同顺
    Fan.FOUR_PURE_SHIFTED_PUNGS: (Fan.PURE_TRIPLE_CHOW, Fan.ALL_PUNGS),  # 一色四节高
    Fan.ALL_TERMINALS_AND_HONORS: (Fan.ALL_PUNGS,),  # 混幺九
    Fan.SEVEN_PAIRS: (Fan.FULLY_CONCEALED_HAND, Fan.SINGLE_WAIT),  # 七对
    Fan.GREATER_HONORS_AND_KNITTED_TILES: (Fan.ALL_TYPES, Fan.FULLY_CONCEALED_HAND, Fan.SINGLE_WAIT),  # 七星不靠
    Fan.ALL_EVEN_PUNGS: (Fan.ALL_PUNGS, Fan.ALL_SIMPLES),  # 全双刻
    Fan.FULL_FLUSH: (Fan.NO_HONORS,),  # 清一色
    Fan.PURE_TRIPLE_CHOW: (Fan.PURE_SHIFTED_PUNGS,),  # 一色三同顺
    Fan.PURE_SHIFTED_PUNGS: (Fan.PURE_TRIPLE_CHOW,),  # 一色三节高
    Fan.UPPER_TILES: (Fan.NO_HONORS,),  # 全大
    Fan.MIDDLE_TILES: (Fan.ALL_SIMPLES,),  # 全中
    Fan.LOWER_TILES: (Fan.NO_HONORS,),  # 全小
    Fan.THREE_SUITED_TERMINAL_CHOWS: (  # 三色双龙会
        Fan.MIXED_DOUBLE_CHOW, Fan.TWO_TERMINAL_CHOWS, Fan.NO_HONORS, Fan.ALL_CHOWS,
    ),
    Fan.ALL_FIVES: (Fan.ALL_SIMPLES,),  # 全带五
    Fan.LESSER_HONORS_AND_KNITTED_TILES: (Fan.ALL_TYPES, Fan.FULLY_CONCEALED_HAND, Fan.SINGLE_WAIT),  # 全不靠
    Fan.UPPER_FOUR: (Fan.NO_HONORS,),  # 大于五
    Fan.LOWER_FOUR: (Fan.NO_HONORS,),  # 小于五
    Fan.REVERSIBLE_TILES: (Fan.ONE_VOIDED_SUIT,),  # 推不倒
    Fan.LAST_TILE_DRAW: (Fan.SELF_DRAWN,),  # 妙手回春
    Fan.OUT_WITH_REPLACEMENT_TILE: (Fan.SELF_DRAWN,),  # 杠上开花
    Fan.ROBBING_THE_KONG: (Fan.LAST_TILE,),  # 抢杠和
    Fan.MELDED_HAND: (Fan.SINGLE_WAIT,),  # 全求人
}

#: 不计 that the 2006 interpretation book (and both reference calculators) add where the seed states
#: less or, for 四杠, 双箭刻 (its line lost to the OCR), 不求人, 平和 and 断幺, nothing.
BOOK_EXCLUDES: dict[int, tuple[int, ...]] = {
    Fan.BIG_FOUR_WINDS: (Fan.PUNG_OF_TERMINALS_OR_HONORS,),  # 大四喜
    Fan.BIG_THREE_DRAGONS: (Fan.TWO_DRAGON_PUNGS,),  # 大三元
    Fan.ALL_GREEN: (Fan.ONE_VOIDED_SUIT,),  # 绿一色
    Fan.FOUR_KONGS: (Fan.ALL_PUNGS, Fan.SINGLE_WAIT),  # 四杠
    Fan.ALL_TERMINALS: (Fan.OUTSIDE_HAND, Fan.PUNG_OF_TERMINALS_OR_HONORS, Fan.ALL_TERMINALS_AND_HONORS),  # 清幺九
    Fan.LITTLE_FOUR_WINDS: (Fan.PUNG_OF_TERMINALS_OR_HONORS,),  # 小四喜
    Fan.LITTLE_THREE_DRAGONS: (Fan.TWO_DRAGON_PUNGS,),  # 小三元
    Fan.ALL_HONORS: (  # 字一色
        Fan.OUTSIDE_HAND, Fan.PUNG_OF_TERMINALS_OR_HONORS, Fan.ONE_VOIDED_SUIT, Fan.ALL_TERMINALS_AND_HONORS,
    ),
    Fan.FOUR_CONCEALED_PUNGS: (Fan.FULLY_CONCEALED_HAND,),  # 四暗刻
    Fan.PURE_TERMINAL_CHOWS: (Fan.NO_HONORS,),  # 一色双龙会
    Fan.ALL_TERMINALS_AND_HONORS: (Fan.OUTSIDE_HAND, Fan.PUNG_OF_TERMINALS_OR_HONORS),  # 混幺九
    Fan.ALL_EVEN_PUNGS: (Fan.NO_HONORS,),  # 全双刻
    Fan.MIDDLE_TILES: (Fan.NO_HONORS,),  # 全中
    Fan.ALL_FIVES: (Fan.NO_HONORS,),  # 全带五
    Fan.TWO_DRAGON_PUNGS: (Fan.DRAGON_PUNG,),  # 双箭刻
    Fan.FULLY_CONCEALED_HAND: (Fan.SELF_DRAWN,),  # 不求人
    Fan.ALL_CHOWS: (Fan.NO_HONORS,),  # 平和
    Fan.ALL_SIMPLES: (Fan.NO_HONORS,),  # 断幺
}

#: 不计: a fan that is counted leaves out these (non-repeat): the source's clauses and the book's.
#: Exclusions are applied in fan number order, and only by fans still counted (四暗刻 leaves out
#: 不求人, so 自摸 returns).
EXCLUDES: dict[int, tuple[int, ...]] = {
    n: SOURCE_EXCLUDES.get(n, ()) + BOOK_EXCLUDES.get(n, ()) for n in sorted({*SOURCE_EXCLUDES, *BOOK_EXCLUDES})
}


_EXCLUDERS = frozenset(EXCLUDES)


def apply_exclusions(counts: dict[int, int]) -> None:
    """Drop from ``counts`` (fan number to count) every fan a counted fan leaves out."""
    for number in sorted(_EXCLUDERS.intersection(counts)):
        if counts.get(number):
            for gone in EXCLUDES[number]:
                counts.pop(gone, None)
