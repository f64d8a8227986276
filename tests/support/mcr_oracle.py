"""PyMahjongGB (module ``MahjongGB``) as an oracle for mjlog's MCR fan calculator.

Its tile codes: W1-W9 万, T1-T9 条, B1-B9 饼, F1-F4 winds, J1-J3 中发白. Packs are
``(type, tile, offer)`` with a chow named by its middle tile; a kong offered by no one (0) is
concealed, and an added kong is given as a melded one (the binding has no code for it; both
score the same).
"""

from __future__ import annotations

from MahjongGB import MahjongFanCalculator

from mjlog.rules.mcr.fans import BY_NAME
from mjlog.rules.mcr.hand import McrHand, WinSituation

#: Its names of the three wait fans.
ALIASES = {"独听・边张": 77, "独听・嵌张": 78, "独听・单钓": 79}


def gb_tile(tile_id: int) -> str:
    """MahjongGB's code of a tile id."""
    kind = tile_id >> 2
    if kind < 27:
        return "WBT"[kind // 9] + str(kind % 9 + 1)
    if kind < 31:
        return f"F{kind - 26}"
    return ("J3", "J2", "J1")[kind - 31]        # 白 发 中 -> J3 J2 J1


def gb_call(hand: McrHand, sit: WinSituation) -> dict:
    """The keyword arguments of ``MahjongFanCalculator`` for a hand."""
    packs = []
    for i, m in enumerate(hand.melds):
        tiles = sorted(m.tiles)
        if m.kind == "chow":
            packs.append(("CHI", gb_tile(tiles[1]), 1 + i % 3))
        elif m.kind == "pung":
            packs.append(("PENG", gb_tile(tiles[0]), 1 + i % 3))
        else:
            packs.append(("GANG", gb_tile(tiles[0]), 0 if m.concealed else 1 + i % 3))
    return dict(
        pack=tuple(packs), hand=tuple(gb_tile(t) for t in hand.concealed), winTile=gb_tile(hand.win_tile),
        flowerCount=len(hand.flowers), isSelfDrawn=sit.self_drawn, is4thTile=sit.last_copy,
        isAboutKong=sit.robbed_kong or sit.after_kong, isWallLast=sit.wall_last,
        seatWind=sit.seat_wind, prevalentWind=sit.round_wind,
    )


def gb_fans(hand: McrHand, sit: WinSituation) -> dict[int, int]:
    """MahjongGB's fans of a hand as ``{fan number: count}``, flowers included."""
    out: dict[int, int] = {}
    for _value, count, name, _english in MahjongFanCalculator(**gb_call(hand, sit), verbose=True):
        number = ALIASES.get(name) or BY_NAME[name]
        out[number] = out.get(number, 0) + count
    return out
