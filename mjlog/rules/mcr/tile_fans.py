"""Fans of which tiles a hand holds (suits, honours, simples, colours, ranges), from bits per tile code.

Each code's traits are bits (:data:`PROPS`); a hand's fans follow from the bits some tile has and
the bits every tile has, a pair of ints that few hands differ in (so the fans are remembered per pair).

>>> dict(tile_fans([12, 13, 14, 22, 23, 24, 25, 25]))          # 234m 234s 55s
{Fan.NO_HONORS: 1, Fan.ONE_VOIDED_SUIT: 1, Fan.ALL_SIMPLES: 1}
>>> dict(tile_fans([22, 23, 24, 26, 28, 46]))                  # 绿一色 with 发: 混一色 too (the exclusions drop it)
{Fan.HALF_FLUSH: 1, Fan.ALL_GREEN: 1}
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache

from mjlog.rules.mcr.fans import Fan
from mjlog.rules.mcr.shapes import GREEN_TILES, ORPHANS, REVERSIBLE, WINDS


def _tile_props(c: int) -> int:
    """What a tile code is, as bits: its suit or honour kind, orphan, reversible, green, its rank's range."""
    if c > 40:
        bits = _HONOR | (_WIND if c in WINDS else _DRAGON)
    else:
        rank = c % 10
        bits = ((1 << (c // 10 - 1)) | (_LOW if rank <= 4 else 0) | (_HIGH if rank >= 6 else 0)
                | (_MIDDLE if 4 <= rank <= 6 else 0) | (_FOUR if rank == 4 else 0) | (_SIX if rank == 6 else 0))
    return (bits | (_ORPHAN if c in ORPHANS else 0) | (_REVERSIBLE if c in REVERSIBLE else 0)
            | (_GREEN if c in GREEN_TILES else 0))


_HONOR, _WIND, _DRAGON, _ORPHAN, _REVERSIBLE, _GREEN = 8, 16, 32, 64, 128, 256     # bits 1, 2, 4: the suits
_LOW, _HIGH, _MIDDLE, _FOUR, _SIX = 512, 1024, 2048, 4096, 8192
PROPS = [_tile_props(c) if (10 < c < 40 and c % 10) or c > 40 else 0 for c in range(48)]


def tile_fans(codes: Iterable[int]) -> tuple[tuple[int, int], ...]:
    """Fans of which tiles the hand holds: suits, simples, colours, ranges (``codes``: the tiles, repeats
    allowed), from what some tile is and what every tile is."""
    some, every = 0, -1
    props = PROPS
    for c in codes:
        p = props[c]
        some |= p
        every &= p
    return tile_fans_of(some, every)


@cache
def tile_fans_of(some: int, every: int) -> tuple[tuple[int, int], ...]:
    """:func:`tile_fans` from the bits some tile has and the bits every tile has (remembered: a few
    hundred pairs occur)."""
    out: dict[int, int] = {}
    honors = some & _HONOR
    suits = (some & 1) + (some >> 1 & 1) + (some >> 2 & 1)
    if not honors:
        out[Fan.NO_HONORS] = 1                          # 无字
    missing = 3 - suits
    if missing == 2:
        out[Fan.HALF_FLUSH if honors else Fan.FULL_FLUSH] = 1  # 混一色 / 清一色
        out.pop(Fan.NO_HONORS, None)
    elif missing:
        out[Fan.ONE_VOIDED_SUIT] = missing              # 缺一门
    if suits == 3 and some & _WIND and some & _DRAGON:
        out[Fan.ALL_TYPES] = 1                          # 五门齐
    simples = not some & _ORPHAN
    if simples:
        out[Fan.ALL_SIMPLES] = 1                        # 断幺
    if every & _REVERSIBLE:
        out[Fan.REVERSIBLE_TILES] = 1                   # 推不倒
    if every & _GREEN:
        out[Fan.ALL_GREEN] = 1                          # 绿一色
    if not simples:
        if every & _HONOR:
            out[Fan.ALL_HONORS] = 1                     # 字一色
        elif every & _ORPHAN:
            out[Fan.ALL_TERMINALS if not honors else Fan.ALL_TERMINALS_AND_HONORS] = 1  # 清幺九 / 混幺九
    if not honors:
        if every & _LOW:
            out[Fan.LOWER_FOUR if some & _FOUR else Fan.LOWER_TILES] = 1  # 小于五 / 全小
        elif every & _HIGH:
            out[Fan.UPPER_FOUR if some & _SIX else Fan.UPPER_TILES] = 1  # 大于五 / 全大
        elif every & _MIDDLE:
            out[Fan.MIDDLE_TILES] = 1                   # 全中
    return tuple(out.items())
