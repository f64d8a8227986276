"""Shanten with wild tiles: how many tiles a Beijing hand is from ready, each wild tile a free fill.

A wild tile (惠牌) stands for any tile, so each one fills one hole of the hand's best partial
shape. For the real (non-wild) tiles, the riichi shanten of four sets and a pair counts
``8 - 2*sets - partials - pair``; the holes left to fill are that plus one, unless the hand has
too few real tiles to start every missing group, in which case every real tile is used and the
holes are what the wild tiles must make up. Either way each wild tile fills one hole, so the
shanten with ``w`` wild tiles is the real tiles' shanten minus ``w``, no lower than ready (0) for a
hand waiting on a tile and complete (-1) for a hand of 3k+2 tiles. Seven pairs count alike, a
kind held four times making two pairs (豪華七對子).

The count is the bots' guide only; whether a hand wins is the scorer's word (a wild tile never
stands for a fifth copy of a kind, which this count ignores).

>>> from mjlog.tiles import counts34, parse_mpsz
>>> wild_shanten(counts34(parse_mpsz("123m456p789s111z2z")), jokers=0)   # waiting on the pair
0
>>> wild_shanten(counts34(parse_mpsz("123m456p789s111z2z")), jokers=1)   # complete with one wild tile
-1
>>> wild_shanten(counts34(parse_mpsz("123m456p789s111z")), jokers=1)     # four sets and a wild: ready
0
>>> wild_shanten(counts34(parse_mpsz("1122334455667m")), jokers=0), wild_shanten(counts34(parse_mpsz("112233445566m")), jokers=2)
(0, -1)
"""

from __future__ import annotations

from collections.abc import Sequence

from mjlog.rules.common.shanten import regular_shanten

__all__ = ["pairs_shanten", "wild_shanten"]


def pairs_shanten(counts: Sequence[int], jokers: int = 0) -> int:
    """Shanten toward seven pairs (a kind held four times is two pairs), wild tiles filling holes."""
    pairs = singles = 0
    for x in counts:
        if x:
            pairs += x >> 1
            singles += x & 1
    pairs = min(pairs, 7)
    used = 2 * pairs + min(singles, 7 - pairs)
    return _floor(counts, jokers, 13 - used - jokers)


def wild_shanten(counts: Sequence[int], jokers: int = 0, melds: int = 0) -> int:
    """Shanten of the real tiles ``counts`` with ``jokers`` wild tiles and ``melds`` sets called.

    The fewer of four sets and a pair and, for a hand without calls, seven pairs.
    """
    best = regular_shanten(counts, melds) - jokers
    if melds == 0 and best > -1:
        best = min(best, pairs_shanten(counts, jokers))
    return _floor(counts, jokers, best)


def _floor(counts: Sequence[int], jokers: int, value: int) -> int:
    """``value``, but never below ready (0) for 3k+1 tiles nor below complete (-1) for 3k+2."""
    low = -1 if (sum(counts) + jokers) % 3 == 2 else 0
    return value if value > low else low
