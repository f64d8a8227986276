"""Fu of one hand interpretation, with its breakdown, under Tenhou's rules.

Base 20; closed ron +10; triplets 2/4 (open/concealed), doubled for terminals
and honours, quadrupled for kans; a pair of a dragon, the seat wind or the round
wind +2 each (a double-wind pair +4); kanchan, penchan and tanki waits +2;
tsumo +2 except for pinfu (pinfu tsumo is 20). An open hand with no fu (open
pinfu shape) is 30, seven pairs 25 and thirteen orphans 0 (as Tenhou records).
A ron on a shanpon wait makes that triplet open. Rinshan tsumo takes the tsumo 2.
"""

from __future__ import annotations

from mjlog.rules.riichi.yaku import KANCHAN, KOKUSHI, PENCHAN, SEVEN_PAIRS, TANKI, Shape

FuItem = tuple[str, int]

BASE: FuItem = ("base", 20)
CLOSED_RON: FuItem = ("closed ron", 10)
TSUMO: FuItem = ("tsumo", 2)
OPEN_PINFU: FuItem = ("open hand without fu", 2)
SEVEN_PAIRS_FU: FuItem = ("seven pairs", 25)
WAIT_ITEMS: dict[int, FuItem] = {KANCHAN: ("kanchan wait", 2), PENCHAN: ("penchan wait", 2),
                                 TANKI: ("tanki wait", 2)}
_SET_NAMES = {(c, y, k): f"{'concealed' if c else 'open'} {'kan' if k else 'triplet'}"
              f"{' of terminals/honours' if y else ''}" for c in (0, 1) for y in (0, 1) for k in (0, 1)}
_YAOCHUU = tuple(k >= 27 or k % 9 in (0, 8) for k in range(34))


def set_fu(concealed: bool, yaochuu: bool, kan: bool) -> int:
    """Fu of a triplet or kan."""
    return (4 if concealed else 2) * (2 if yaochuu else 1) * (4 if kan else 1)


def round_fu(raw: int) -> int:
    """Fu rounded up to a multiple of 10 (25 stays 25)."""
    return raw if raw == 25 else -(-raw // 10) * 10


def fu_items(s: Shape) -> tuple[FuItem, ...]:
    """The fu components of an interpretation; :func:`round_fu` of their sum is its fu."""
    if s.form == SEVEN_PAIRS:
        return (SEVEN_PAIRS_FU,)
    if s.form == KOKUSHI:
        return ()
    items: list[FuItem] = [BASE]
    tsumo = s.ctx.tsumo
    if not s.open and not tsumo:
        items.append(CLOSED_RON)
    for k, conc, kan in s.triplets:
        y = _YAOCHUU[k]
        items.append((_SET_NAMES[conc, y, kan], set_fu(conc, y, kan)))
    p = s.pair
    if p >= 31:
        items.append(("dragon pair", 2))
    else:
        if p == s.ctx.seat_wind_kind:
            items.append(("seat wind pair", 2))
        if p == s.ctx.round_wind_kind:
            items.append(("round wind pair", 2))
    w = WAIT_ITEMS.get(s.wait)
    if w is not None:
        items.append(w)
    extra = len(items) > (1 if s.open or tsumo else 2)
    if tsumo and (extra or s.open):
        items.append(TSUMO)
    elif s.open and not extra:
        items.append(OPEN_PINFU)
    return tuple(items)


def fu_of(s: Shape) -> int:
    """The rounded fu of an interpretation."""
    return round_fu(sum(v for _, v in fu_items(s)))
