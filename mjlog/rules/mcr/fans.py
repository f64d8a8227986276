"""The 81 fans of the Chinese Official rules (and the later 明暗杠), one small definition each.

Numbers, names and values follow the fan table of the competition rules
(``../shared/docs/mcr-rules.md``; source ``../shared/seeds/004_169e2a4e137d30bc.txt``); the
numbering is the one PMN records use in their ``Fan`` lines. 明暗杠 (a concealed kong with a
melded kong, 5 fan) comes from the later MIL edition and has no number there; it is 82 here.
:data:`EXCLUDES` holds the 不计 ("not counted with") clauses of the non-repeat principle.

>>> FANS[1].name, FANS[1].english, FANS[1].value
('大四喜', 'Big Four Winds', 88)
>>> len([f for f in FANS.values() if f.number <= 81]), FANS[82].value
(81, 5)
>>> sum(1 for f in FANS.values() if f.value == 88)
7
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class FanDef:
    """One fan: its number, Chinese name, English name and value in fan."""

    number: int
    name: str
    english: str
    value: int


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
FLOWER = 81

#: 不计: a fan that is counted leaves out these (non-repeat). Exclusions are applied in fan
#: number order, and only by fans still counted (四暗刻 leaves out 不求人, so 自摸 returns).
#: Exclusions that the set combinations make by construction (a four-set fan leaves out the
#: three-set and two-set fans of the same sets) are not listed.
EXCLUDES: dict[int, tuple[int, ...]] = {
    1: (48, 73, 60, 61, 38),             # 大四喜: 碰碰和, 幺九刻, 圈风刻, 门风刻, 三风刻
    2: (59, 54),                         # 大三元: 箭刻, 双箭刻
    3: (49, 75),                         # 绿一色: 混一色, 缺一门
    5: (48, 79),                         # 四杠: 碰碰和, 单钓将
    8: (48, 55, 73, 76, 65, 18),         # 清幺九: 碰碰和, 全带幺, 幺九刻, 无字, 双同刻, 混幺九
    9: (73, 38),                         # 小四喜: 幺九刻, 三风刻
    10: (59, 54),                        # 小三元: 箭刻, 双箭刻
    11: (48, 55, 73, 75, 18),            # 字一色: 碰碰和, 全带幺, 幺九刻, 缺一门, 混幺九
    12: (48, 62, 56),                    # 四暗刻: 碰碰和, 门前清, 不求人
    13: (22, 63, 76),                    # 一色双龙会: 清一色, 平和, 无字
    15: (48,),                           # 一色四节高: 碰碰和
    18: (48, 55, 73),                    # 混幺九: 碰碰和, 全带幺, 幺九刻
    21: (48, 68, 76),                    # 全双刻: 碰碰和, 断幺, 无字
    25: (76,),                           # 全大: 无字
    26: (68, 76),                        # 全中: 断幺, 无字
    27: (76,),                           # 全小: 无字
    29: (63, 76),                        # 三色双龙会: 平和, 无字
    31: (68, 76),                        # 全带五: 断幺, 无字
    36: (76,),                           # 大于五: 无字
    37: (76,),                           # 小于五: 无字
    40: (75,),                           # 推不倒: 缺一门
    44: (80,),                           # 妙手回春: 自摸
    46: (80,),                           # 杠上开花: 自摸
    47: (58,),                           # 抢杠和: 和绝张
    52: (79,),                           # 全求人: 单钓将
    54: (59,),                           # 双箭刻: 箭刻
    56: (80,),                           # 不求人: 自摸
    63: (76,),                           # 平和: 无字
    68: (76,),                           # 断幺: 无字
}


_EXCLUDERS = frozenset(EXCLUDES)


def apply_exclusions(counts: dict[int, int]) -> None:
    """Drop from ``counts`` (fan number to count) every fan a counted fan leaves out."""
    for number in sorted(_EXCLUDERS.intersection(counts)):
        if counts.get(number):
            for gone in EXCLUDES[number]:
                counts.pop(gone, None)
