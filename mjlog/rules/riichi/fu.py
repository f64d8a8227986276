"""Fu of one hand interpretation, with its breakdown, under Tenhou's rules.

Base 20; closed ron +10; triplets 2/4 (open/concealed), doubled for terminals
and honours, quadrupled for kans; a pair of a dragon, the seat wind or the round
wind +2 each (a double-wind pair +4; North +2 when it is a value tile for all, ``north=yakuhai``);
kanchan, penchan and tanki waits +2;
tsumo +2 except for pinfu (pinfu tsumo is 20). An open hand with no fu (open
pinfu shape) is 30, seven pairs 25 and thirteen orphans 0 (as Tenhou records).
A ron on a shanpon wait makes that triplet open. Rinshan tsumo takes the tsumo 2.

The scorer adds the fu of every reading up on its own (it only needs the total);
:func:`fu_items` lists the items of the reading it keeps, and
:func:`fu_of` is their rounded total.

>>> from mjlog.rules.riichi.yaku import REGULAR_FORM
>>> fu_items(REGULAR_FORM, [(31, True, False)], 0, TANKI, False, False, 27, 27)
(('base', 20), ('closed ron', 10), ('concealed triplet of terminals/honours', 8), ('tanki wait', 2))
"""

from __future__ import annotations

from collections.abc import Iterable

from mjlog.rules.riichi.yaku import KANCHAN, KOKUSHI_FORM, PENCHAN, SEVEN_PAIRS_FORM, TANKI
from mjlog.tiles import NORTH

FuItem = tuple[str, int]
Triplet = tuple[int, bool, bool]    # (kind, concealed, kan)

BASE: FuItem = ("base", 20)
CLOSED_RON: FuItem = ("closed ron", 10)
TSUMO: FuItem = ("tsumo", 2)
OPEN_PINFU: FuItem = ("open hand without fu", 2)
SEVEN_PAIRS_FU: FuItem = ("seven pairs", 25)
DRAGON_PAIR: FuItem = ("dragon pair", 2)
SEAT_WIND_PAIR: FuItem = ("seat wind pair", 2)
ROUND_WIND_PAIR: FuItem = ("round wind pair", 2)
NORTH_VALUE_PAIR: FuItem = ("North pair (a value tile)", 2)
WAIT_ITEMS: dict[int, FuItem] = {KANCHAN: ("kanchan wait", 2), PENCHAN: ("penchan wait", 2),
                                 TANKI: ("tanki wait", 2)}
#: Fu of each wait (0 for ryanmen, shanpon and none).
WAIT_FU: tuple[int, ...] = tuple(WAIT_ITEMS[w][1] if w in WAIT_ITEMS else 0 for w in range(6))
_SET_NAMES = {(c, y, k): f"{'concealed' if c else 'open'} {'kan' if k else 'triplet'}"
              f"{' of terminals/honours' if y else ''}" for c in (0, 1) for y in (0, 1) for k in (0, 1)}
YAOCHUU: tuple[bool, ...] = tuple(k >= 27 or k % 9 in (0, 8) for k in range(34))


def set_fu(concealed: bool, yaochuu: bool, kan: bool) -> int:
    """Fu of a triplet or kan."""
    return (4 if concealed else 2) * (2 if yaochuu else 1) * (4 if kan else 1)


_SET_ITEMS: dict[tuple[bool, bool, bool], FuItem] = {
    (c, y, k): (_SET_NAMES[c, y, k], set_fu(c, y, k)) for c in (False, True) for y in (False, True)
    for k in (False, True)}


def pair_fu(pair: int, seat_kind: int, round_kind: int, north_valued: bool = False) -> int:
    """Fu of the pair: 2 for a dragon, 2 for the seat wind plus 2 for the round wind, 2 for North when it
    is a value tile for all (``north_valued``, ``north=yakuhai``)."""
    if pair >= 31:
        return 2
    return ((2 if pair == seat_kind else 0) + (2 if pair == round_kind else 0)
            + (2 if pair == NORTH and north_valued else 0))


def round_fu(raw: int) -> int:
    """Fu rounded up to a multiple of 10 (25 stays 25)."""
    return raw if raw == 25 else -(-raw // 10) * 10


def fu_items(form: int, triplets: Iterable[Triplet], pair: int, wait: int, open_: bool, tsumo: bool,
             seat_kind: int, round_kind: int, north_valued: bool = False) -> tuple[FuItem, ...]:
    """The fu components of an interpretation; :func:`round_fu` of their sum is its fu.

    ``triplets`` in Tenhou's set order, ``open_`` when the hand has an open call, ``north_valued`` when
    North is a value tile for all (``north=yakuhai``).
    """
    if form == SEVEN_PAIRS_FORM:
        return (SEVEN_PAIRS_FU,)
    if form == KOKUSHI_FORM:
        return ()
    items: list[FuItem] = [BASE]
    if not open_ and not tsumo:
        items.append(CLOSED_RON)
    for k, conc, kan in triplets:
        items.append(_SET_ITEMS[conc, YAOCHUU[k], kan])
    if pair >= 31:
        items.append(DRAGON_PAIR)
    else:
        if pair == seat_kind:
            items.append(SEAT_WIND_PAIR)
        if pair == round_kind:
            items.append(ROUND_WIND_PAIR)
        if pair == NORTH and north_valued:
            items.append(NORTH_VALUE_PAIR)
    w = WAIT_ITEMS.get(wait)
    if w is not None:
        items.append(w)
    extra = len(items) > (1 if open_ or tsumo else 2)
    if tsumo and (extra or open_):
        items.append(TSUMO)
    elif open_ and not extra:
        items.append(OPEN_PINFU)
    return tuple(items)


def fu_of(items: Iterable[FuItem]) -> int:
    """The rounded fu of a breakdown."""
    return round_fu(sum(v for _, v in items))
