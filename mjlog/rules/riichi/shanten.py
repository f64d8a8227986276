"""Shanten, waits and acceptance (ukeire) of a riichi hand, for four and three players.

The public face of the shared algorithms: shanten is :mod:`mjlog.rules.common.shanten`'s (regular
form, seven pairs, thirteen orphans), waits are the replay's own (:func:`mjlog.rules.riichi.hands.waits`,
Tenhou-style: a kind the hand holds all four of is no wait). A hand is mpsz text (``"123m456p..."``)
or 34 counts (index: ``1m``..``9m``, ``1p``..``9p``, ``1s``..``9s``, ``1z``..``7z``); ``melds`` is the
number of sets outside it (calls and closed kans), so the hand holds 13 or 14 tiles less three a meld.
In a three-player hand (``players=3``) 2m-8m do not exist. A hand that breaks these is a
:class:`HandShapeError`.

Shanten counts shapes, as every part of mjlog does: a hand whose only way on needs a fifth copy of a
kind it holds four of (``7777m444p777s333z`` "waits" on 7m) counts one step closer than the
``mahjong`` package counts it, which treats such a tile as dead; on 20,000 seeded random hands that
is the one difference (``tests/families/riichi/test_shanten_api.py``). Waits are never such a kind.

Live copies count what the player cannot see: 4, less the copies in the hand, less those in
``visible`` (the tiles seen outside the hand: every river, every meld, the dora indicators).

>>> shanten("123m456p789s1122z")
0
>>> shanten_forms("1133557799m1p2p3p")
ShantenForms(best=1, regular=2, seven_pairs=1, thirteen_orphans=9)
>>> shanten("11z222z", melds=3)
-1
>>> w = waits("123m456p789s1122z", visible="1z1z2z")
>>> w.names, w.live, w.total
(('1z', '2z'), (0, 1), 1)
>>> u = ukeire("12m456p789s11z234s")
>>> u.shanten, u.names, u.total
(0, ('3m',), 4)
>>> ukeire("19m19p19s1234567z", players=3).total
39
>>> shanten("123m456p789s1122z", players=3)
Traceback (most recent call last):
    ...
mjlog.rules.riichi.shanten.HandShapeError: 2m-8m are not in a three-player game: 123m456p789s1122z
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import NamedTuple

from mjlog.errors import InvalidHandError
from mjlog.rules.common import shanten as _common
from mjlog.rules.riichi import hands as _hands
from mjlog.tiles import N_KINDS, SANMA_ABSENT_KINDS, counts34, kind_name, parse_mpsz

__all__ = ["Acceptance", "Hand", "HandShapeError", "ShantenForms", "hand_counts", "shanten", "shanten_forms",
           "ukeire", "visible_counts", "waits"]

#: A hand or a set of tiles: mpsz text or 34 counts.
Hand = str | Sequence[int]


class HandShapeError(InvalidHandError):
    """A hand (or a set of visible tiles) the shanten API cannot take: bad mpsz text, not 34
    counts, a count outside 0..4, a tile count no hand has, or 2m-8m in a three-player hand."""


class ShantenForms(NamedTuple):
    """A hand's shanten toward each winning form (-1 complete, 0 tenpai); seven pairs and thirteen
    orphans are None for a hand with melds. ``best`` is the smallest."""

    best: int
    regular: int
    seven_pairs: int | None
    thirteen_orphans: int | None


@dataclass(frozen=True, slots=True)
class Acceptance:
    """The kinds that complete (waits) or improve (ukeire) a hand of ``shanten``, in kind order, with
    each kind's live copies (same order) given what is visible."""

    shanten: int
    kinds: tuple[int, ...]
    live: tuple[int, ...]

    @property
    def total(self) -> int:
        """Live copies of all the kinds together."""
        return sum(self.live)

    @property
    def names(self) -> tuple[str, ...]:
        """The kinds in mpsz (``'1m'``, ``'7z'``)."""
        return tuple(kind_name(k) for k in self.kinds)


def _counts(tiles: Hand, what: str, players: int) -> list[int]:
    """34 counts of ``tiles`` (mpsz text or counts), each 0..4, none of 2m-8m for three players."""
    if isinstance(tiles, str):
        try:
            counts = counts34(parse_mpsz(tiles))
        except ValueError as exc:
            raise HandShapeError(f"{what}: {exc}") from None
    else:
        counts = list(tiles)
        if len(counts) != N_KINDS or any(type(x) is not int or not 0 <= x <= 4 for x in counts):
            raise HandShapeError(f"{what} is not 34 counts of 0..4: {tiles!r}")
    if players == 3 and any(counts[k] for k in SANMA_ABSENT_KINDS):
        raise HandShapeError(f"2m-8m are not in a three-player game: {tiles if isinstance(tiles, str) else what}")
    return counts


def hand_counts(hand: Hand, melds: int = 0, players: int = 4, drawn: bool | None = None) -> tuple[int, ...]:
    """The 34 counts of a hand, checked: 13 or 14 tiles less three per meld (``drawn``: True for the
    14-tile size only, False for the 13-tile size only)."""
    if players not in (3, 4):
        raise HandShapeError(f"players must be 3 or 4, not {players!r}")
    if type(melds) is not int or not 0 <= melds <= 4:
        raise HandShapeError(f"melds must be 0..4, not {melds!r}")
    counts = _counts(hand, "hand", players)
    n = sum(counts) + 3 * melds
    sizes = (13,) if drawn is False else (14,) if drawn else (13, 14)
    if n not in sizes:
        want = " or ".join(str(s - 3 * melds) for s in sizes)
        raise HandShapeError(f"a hand with {melds} melds holds {want} tiles, not {sum(counts)}")
    return tuple(counts)


def visible_counts(hand: Sequence[int], visible: Hand | None, players: int = 4) -> tuple[int, ...]:
    """Each kind's live copies: 4 less the hand's and ``visible``'s (0 for 2m-8m with three players)."""
    seen = _counts(visible, "visible", players) if visible is not None else [0] * N_KINDS
    live = []
    for k in range(N_KINDS):
        left = 4 - hand[k] - seen[k]
        if left < 0:
            raise HandShapeError(f"more than four {kind_name(k)} between the hand and the visible tiles")
        live.append(0 if players == 3 and k in SANMA_ABSENT_KINDS else left)
    return tuple(live)


def shanten_forms(hand: Hand, melds: int = 0, players: int = 4) -> ShantenForms:
    """The hand's shanten toward each winning form."""
    c = hand_counts(hand, melds, players)
    regular = _common.regular_shanten(c, melds)
    if melds:
        return ShantenForms(regular, regular, None, None)
    seven, orphans = _common.seven_pairs_shanten(c), _common.thirteen_orphans_shanten(c)
    return ShantenForms(min(regular, seven, orphans), regular, seven, orphans)


def shanten(hand: Hand, melds: int = 0, players: int = 4) -> int:
    """How many tiles the hand is from tenpai over every winning form (-1: complete, 0: tenpai)."""
    return _common.shanten(hand_counts(hand, melds, players), melds)


def waits(hand: Hand, melds: int = 0, visible: Hand | None = None, players: int = 4) -> Acceptance:
    """The kinds that complete a 13-tile hand (less three per meld), with their live copies; no
    kinds when it is not tenpai. A kind the hand holds all four of is no wait (Tenhou's rule)."""
    c = hand_counts(hand, melds, players, drawn=False)
    live = visible_counts(c, visible, players)
    kinds = _hands.waits(c)
    return Acceptance(0 if kinds else _common.shanten(c, melds), kinds, tuple(live[k] for k in kinds))


def ukeire(hand: Hand, melds: int = 0, visible: Hand | None = None, players: int = 4) -> Acceptance:
    """The kinds whose draw lowers a 13-tile hand's shanten (less three per meld), with their live
    copies; for a tenpai hand, its waits (a kind the hand holds four of cannot be drawn)."""
    c = hand_counts(hand, melds, players, drawn=False)
    live = visible_counts(c, visible, players)
    now = _common.shanten(c, melds)
    kinds = tuple(k for k in _common.improving_kinds(c, melds, now)
                  if not (players == 3 and k in SANMA_ABSENT_KINDS))
    return Acceptance(now, kinds, tuple(live[k] for k in kinds))
