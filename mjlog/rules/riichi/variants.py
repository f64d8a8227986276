"""Rule-set knobs that change a win's value or legality around Tenhou's rules: which dora count, 七對子's
value, 人和 as a limit hand and 二翻縛 (a win needing 2 han without the dora from some honba on).

The variant values are the ones rules seed 002 (``../shared/seeds/002_b8423f97793dcc41.txt``) names
beside Tenhou's: "另外部分規則將七對子定為1翻的門前役" (七對子 as 1 han: 50 fu here, so that it is
worth what 2 han 25 fu is below the limits), "1倍役滿(部分規則只算滿貫或倍滿)" (人和), "部分規則規定
本場數達到或超過5的時候2翻起和,通常叫做「二翻縛」" and "寶牌...不算在起和番數之內" (the dora do not
count toward the minimum). Every knob's default is Tenhou's, under which nothing here changes a value.

>>> from mjlog.rules.riichi.context import WinContext
>>> from mjlog.rules.riichi.ruleset import RuleSet
>>> ctx = WinContext(riichi=True, dora_indicators=(0, 40), ura_indicators=(8, 50))
>>> counted_indicators(ctx, RuleSet())
((0, 40), (8, 50))
>>> counted_indicators(ctx, RuleSet(kan_dora=False)), counted_indicators(ctx, RuleSet(ura_dora=False))
(((0,), (8,)), ((0, 40), ()))
"""

from __future__ import annotations

from mjlog.rules.riichi.context import WinContext
from mjlog.rules.riichi.fu import FuItem
from mjlog.rules.riichi.points import LIMIT_BASIC, LIMIT_NAMES
from mjlog.rules.riichi.ruleset import RuleSet
from mjlog.rules.riichi.value import HandValue, hand_value, payment_for

#: 七對子's fu under ``chiitoitsu_1han_50fu``.
SEVEN_PAIRS_1HAN_FU: FuItem = ("seven pairs", 50)
#: The yaku id of 人和 (Tenhou's table, unused on Tenhou).
RENHOU_ID = 36
#: Han shown for 人和 paid as each limit (the limit's lowest han).
_LIMIT_HAN = {"mangan": 5, "baiman": 8}


def counted_indicators(ctx: WinContext, rules: RuleSet) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The dora and ura indicators the rules count: without ``kan_dora`` only the first of each,
    without ``ura_dora`` no ura indicator."""
    dora, ura = ctx.dora_indicators, ctx.ura_indicators
    if not rules.kan_dora:
        dora, ura = dora[:1], ura[:1]
    return dora, ura if rules.ura_dora else ()


def yaku_han(value: HandValue) -> int:
    """The han of a win without its dora, red fives, ura dora and kita (13 per yakuman)."""
    if value.yakuman_count:
        return 13 * value.yakuman_count
    return value.han - value.dora - value.aka - value.ura


def minimum_han(honba: int, rules: RuleSet) -> int:
    """The han without dora a win needs in a hand of ``honba`` counters: 2 from
    ``two_han_minimum_honba`` honba on (二翻縛), else 1."""
    start = rules.two_han_minimum_honba
    return 2 if start and honba >= start else 1


def short_of_minimum(value: HandValue, honba: int, rules: RuleSet) -> bool:
    """Whether a win with yaku is not a win under 二翻縛 in a hand of ``honba`` counters."""
    return not value.no_yaku and yaku_han(value) < minimum_han(honba, rules)


def renhou_limit_value(value: HandValue, ctx: WinContext, rules: RuleSet) -> HandValue:
    """The win's value with 人和 paid as ``renhou_limit`` (mangan or baiman) where the win is one and the
    hand's own value is lower; ``value`` itself otherwise."""
    limit = rules.renhou_limit
    if limit == "none" or not ctx.renhou:
        return value
    code = LIMIT_NAMES.index(limit)
    basic = LIMIT_BASIC[code]
    if not value.no_yaku and value.basic >= basic:
        return value
    han = _LIMIT_HAN[limit]
    pay = payment_for(basic, ctx, rules)
    return hand_value(((RENHOU_ID, han),), han, value.fu, value.fu_breakdown, code, basic, pay.points, pay, 0,
                      value.wait, 0, 0, 0)
