"""Fans made of several sets: chows with chows, pungs with pungs, under the exclusion principles.

The principles of the rules (docs/mcr.md) as they apply to a fixed reading of the hand:

- a fan of four sets leaves no other chow (or pung) fan (不拆移, non-separation);
- with a fan of three sets, the fourth set may combine once with one of them (套算一次,
  account once), and only for a two-set fan (the highest, 一般高 before 喜相逢, 连六, 老少副);
- without one, every pair of sets is a candidate two-set fan, but a set combines with others at
  most as the account-once principle allows: n chows give at most n - 1 fans, fewer when some
  chow relates to no other; the surplus is cut from fans that repeat (不得相同, non-identical),
  老少副 first, then 连六, 喜相逢, 一般高.

Chows are given by their middle tile's code, pungs (and kongs) by their tile's code: ``code // 10`` is the
suit, ``code % 10`` the rank.

>>> chow_fans([12, 15, 18, 22])          # 123m 456m 789m 123s: 清龙 with 喜相逢
{Fan.PURE_STRAIGHT: 1, Fan.MIXED_DOUBLE_CHOW: 1}
>>> chow_fans([23, 26, 33, 36])          # 234567s 234567p: 喜相逢 x2, 连六 x1
{Fan.MIXED_DOUBLE_CHOW: 2, Fan.SHORT_STRAIGHT: 1}
>>> pung_fans([41, 42, 43, 45])          # three winds and 中
{Fan.BIG_THREE_WINDS: 1}
"""

from __future__ import annotations

from functools import cache
from itertools import combinations
from typing import NamedTuple

from mjlog.rules.mcr.fans import Fan
from mjlog.rules.mcr.shapes import DRAGONS, EAST, GREEN, NORTH, RED, WHITE, WINDS

#: Two-chow fans from the first kept to the first cut.
TWO_CHOW_ORDER = (Fan.PURE_DOUBLE_CHOW, Fan.MIXED_DOUBLE_CHOW, Fan.SHORT_STRAIGHT, Fan.TWO_TERMINAL_CHOWS)


def four_chows(a: int, b: int, c: int, d: int) -> int:
    """The fan of four sorted chows (一色四步高, 一色四同顺), or 0."""
    if a // 10 == d // 10:
        if b - a == c - b == d - c and b - a in (1, 2):
            return Fan.FOUR_PURE_SHIFTED_CHOWS
        if a == d:
            return Fan.QUADRUPLE_CHOW
    return 0


def three_chows(a: int, b: int, c: int) -> int:
    """The fan of three sorted chows, or 0."""
    sa, sb, sc = a // 10, b // 10, c // 10
    if sa != sb and sb != sc and sa != sc:
        ranks = sorted((a % 10, b % 10, c % 10))
        if ranks[1] - ranks[0] == 1 and ranks[2] - ranks[1] == 1:
            return Fan.MIXED_SHIFTED_CHOWS
        if ranks[0] == ranks[2]:
            return Fan.MIXED_TRIPLE_CHOW
        if ranks == [2, 5, 8]:
            return Fan.MIXED_STRAIGHT
        return 0
    if sa == sb == sc:
        if b - a == 3 and c - b == 3:
            return Fan.PURE_STRAIGHT
        if b - a == c - b and b - a in (1, 2):
            return Fan.PURE_SHIFTED_CHOWS
        if a == c:
            return Fan.PURE_TRIPLE_CHOW
    return 0


def two_chows(a: int, b: int) -> int:
    """The fan of two chows, or 0."""
    if a // 10 != b // 10:
        return Fan.MIXED_DOUBLE_CHOW if a % 10 == b % 10 else 0
    if abs(a - b) == 3:
        return Fan.SHORT_STRAIGHT
    if {a % 10, b % 10} == {2, 8}:
        return Fan.TWO_TERMINAL_CHOWS
    if a == b:
        return Fan.PURE_DOUBLE_CHOW
    return 0


def chow_fans(mids: list[int]) -> dict[int, int]:
    """The chow-combination fans of two to four chows (middle-tile codes)."""
    mids = sorted(mids)
    if len(mids) == 2:                     # the commonest case first (a third of the readings)
        fan = two_chows(*mids)
        return {fan: 1} if fan else {}
    if len(mids) == 4:
        fan = four_chows(*mids)
        if fan:
            return {fan: 1}
        for trio in ((0, 1, 2), (0, 1, 3), (0, 2, 3), (1, 2, 3)):
            fan = three_chows(*(mids[i] for i in trio))
            if fan:
                extra = next(i for i in range(4) if i not in trio)
                found = {two_chows(mids[i], mids[extra]) for i in trio}
                out = {fan: 1}
                for two in TWO_CHOW_ORDER:
                    if two in found:
                        out[two] = 1
                        break
                return out
    elif len(mids) == 3:
        fan = three_chows(*mids)
        if fan:
            return {fan: 1}
    else:
        return {}
    return _pairwise(mids)


@cache
def chow_fan_items(mids: tuple[int, ...]) -> tuple[tuple[int, int], ...]:
    """:func:`chow_fans` of sorted middles as ``(fan, count)`` pairs, remembered: a few thousand
    chow combinations occur, and three readings in four repeat one (measured on random hands)."""
    return tuple(chow_fans(list(mids)).items())


def _pairwise(mids: list[int]) -> dict[int, int]:
    """Two-chow fans over every pair, capped by account-once and cut from the repeats."""
    n = len(mids)
    pairs = {(i, j): two_chows(mids[i], mids[j]) for i, j in combinations(range(n), 2)}
    isolated = sum(1 for i in range(n) if not any(f for (x, y), f in pairs.items() if i in (x, y)))
    cap = n - 1 - isolated
    counts: dict[int, int] = {f: 0 for f in TWO_CHOW_ORDER}
    for f in pairs.values():
        if f:
            counts[f] += 1
    total = sum(counts.values())
    for keep in (1, 0):
        for f in reversed(TWO_CHOW_ORDER):
            while total > cap and counts[f] > keep:
                counts[f] -= 1
                total -= 1
    return {f: k for f, k in counts.items() if k}


# -- pungs ---------------------------------------------------------------------------------------


def four_pungs(a: int, b: int, c: int, d: int) -> int:
    if d < 40 and b == a + 1 and c == b + 1 and d == c + 1:
        return Fan.FOUR_PURE_SHIFTED_PUNGS
    if (a, b, c, d) == (EAST, EAST + 1, EAST + 2, NORTH):
        return Fan.BIG_FOUR_WINDS
    return 0


def three_pungs(a: int, b: int, c: int) -> int:
    if c < 40:
        if len({a // 10, b // 10, c // 10}) == 3:
            ranks = sorted((a % 10, b % 10, c % 10))
            if ranks[1] - ranks[0] == 1 and ranks[2] - ranks[1] == 1:
                return Fan.MIXED_SHIFTED_PUNGS
            if ranks[0] == ranks[2]:
                return Fan.TRIPLE_PUNG
        elif b == a + 1 and c == b + 1:
            return Fan.PURE_SHIFTED_PUNGS
        return 0
    if EAST <= a and c <= NORTH:
        return Fan.BIG_THREE_WINDS
    if (a, b, c) == (RED, GREEN, WHITE):
        return Fan.BIG_THREE_DRAGONS
    return 0


def two_pungs(a: int, b: int) -> int:
    if a < 40 and b < 40:
        return Fan.DOUBLE_PUNG if a % 10 == b % 10 else 0
    if a in DRAGONS and b in DRAGONS:
        return Fan.TWO_DRAGON_PUNGS
    return 0


def pung_fans(tiles: list[int]) -> dict[int, int]:
    """The pung-combination fans of two to four pungs or kongs (tile codes)."""
    tiles = sorted(tiles)
    out: dict[int, int] = {}
    if len(tiles) == 2:                    # the commonest case first (half the readings with pungs)
        two = two_pungs(*tiles)
        return {two: 1} if two else out
    if len(tiles) == 4:
        fan = four_pungs(*tiles)
        if fan:
            return {fan: 1}
    if len(tiles) >= 3:
        for trio in combinations(range(len(tiles)), 3):
            fan = three_pungs(*(tiles[i] for i in trio))
            if fan:
                out[fan] = 1
                rest = [i for i in range(len(tiles)) if i not in trio]
                for free in rest:  # the fourth pung combines once
                    for i in trio:
                        two = two_pungs(tiles[i], tiles[free])
                        if two:
                            out[two] = out.get(two, 0) + 1
                            return out
                return out
    for a, b in combinations(tiles, 2):
        two = two_pungs(a, b)
        if two:
            out[two] = out.get(two, 0) + 1
    return out


class PungFacts(NamedTuple):
    """What a reading's pungs and kongs give, whatever else the hand holds."""

    fans: tuple[tuple[int, int], ...]    # the pung-combination fans as (fan, count)
    dragons: int                         # dragon pungs (箭刻 each)
    terminals: int                       # pungs of ones and nines (幺九刻 each)
    winds: tuple[int, ...]               # the wind pungs' codes


@cache
def pung_facts(tiles: tuple[int, ...]) -> PungFacts:
    """:class:`PungFacts` of sorted pung tiles, remembered (two readings in three repeat a combination
    on random hands)."""
    dragons = terminals = 0
    winds = []
    for c in tiles:
        if c in DRAGONS:
            dragons += 1
        elif c in WINDS:
            winds.append(c)
        elif c % 10 in (1, 9):
            terminals += 1
    return PungFacts(tuple(pung_fans(list(tiles)).items()), dragons, terminals, tuple(winds))
