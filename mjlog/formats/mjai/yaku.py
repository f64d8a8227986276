"""The richer ``hora`` of the published mjai archives: ``yakus``, ``fu``, ``fan``, ``hora_points``.

``yakus`` is a list of ``[name, fan]`` pairs with the original mjai's yaku names
(:data:`mjlog.formats.mjai.common.YAKU_NAMES`). Where one name covers several Tenhou yaku the hand
decides: ``jikaze`` the winner's seat wind, ``bakaze`` the round wind, ``sangenpai`` the dragon
sets held (concealed ones first, then the calls in
call order, as Tenhou lists them), ``suanko``/``churenpoton``/``kokushimuso`` their
single-wait double forms when the hand waited on every tile of the form. A yakuman's fan is 13
per yakuman. The limit (mangan...) is told from han and fu as Tenhou tells it.

>>> [YAKU_NAMES[i] for i in (10, 14, 18, 41)]
['jikaze', 'bakaze', 'sangenpai', 'suanko']
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from mjlog.formats.bail import BailOut
from mjlog.formats.mjai.common import YAKU_IDS, YAKU_NAMES
from mjlog.rules.riichi.points import limit_of
from mjlog.rules.riichi.yaku_table import YAKU
from mjlog.tiles import counts34

if TYPE_CHECKING:
    from mjlog.formats.mjai.hand import HandState

__all__ = ["WinValue", "win_value", "YAKU_NAMES"]


@dataclass(frozen=True, slots=True)
class WinValue:
    """A win's recorded value, in the IR's terms."""

    fu: int
    points: int
    limit: int
    yaku: tuple[tuple[int, int], ...]
    yakuman: tuple[int, ...]


class YakuProblem(BailOut):
    """A ``yakus`` list the reader cannot take (the reader adds the line)."""


def win_value(obj: dict, h: HandState, who: int, hand: list[int], tile: int) -> WinValue | None:
    """The value a ``hora`` records, or None when it has no ``yakus`` (Mortal's plain hora)."""
    yakus = obj.get("yakus")
    if yakus is None:
        return None
    if not isinstance(yakus, list) or len(yakus) > 60:
        raise YakuProblem("yakus is not a list of [name, fan] pairs")
    pairs = []
    dragons = iter(_dragon_ids(h, who, hand))
    for item in yakus:
        if (not isinstance(item, list) or len(item) != 2 or item[0] not in YAKU_IDS
                or type(item[1]) is not int or not 0 <= item[1] <= 200):
            raise YakuProblem(f"yakus entry {str(item)[:40]} is not a known [name, fan] pair")
        name, fan = item
        pairs.append((_resolve(name, h, who, hand, tile, dragons), fan))
    fu = _number(obj, "fu", 1000)
    points = _number(obj, "hora_points", 10**6)
    yakuman = tuple(y for y, _ in pairs if YAKU[y].yakuman)
    if yakuman:
        return WinValue(fu, points, 5, (), yakuman)
    han = sum(f for _, f in pairs)
    limit = limit_of(han, fu, 0)
    return WinValue(fu, points, limit, tuple(pairs), ())


def _number(obj: dict, key: str, hi: int) -> int:
    v = obj.get(key, 0)
    if type(v) is not int or not 0 <= v <= hi:
        raise YakuProblem(f"{key} {str(v)[:20]} is not a whole number from 0 to {hi}")
    return v


def _dragon_ids(h: HandState, who: int, hand: list[int]) -> list[int]:
    """Dragon yaku ids in Tenhou's order: concealed triplets first, then the called sets in call order."""
    counts = counts34(hand)
    out = [18 + kind - 31 for kind in (31, 32, 33) if counts[kind] >= 3]
    out += [18 + m.tiles[0] // 4 - 31 for m in h.melds[who] if m.kind.value != "kita" and m.tiles[0] // 4 >= 31]
    return out


def _resolve(name: str, h: HandState, who: int, hand: list[int], tile: int, dragons) -> int:
    """The Tenhou yaku id of ``name`` in this win."""
    if name == "jikaze":
        return 10 + (who - h.dealer) % h.n
    if name == "bakaze":
        return 14 + h.kyoku // 4
    if name == "sangenpai":
        return next(dragons, 18)
    base = YAKU_IDS[name]
    if name in ("suanko", "churenpoton", "kokushimuso"):
        rest = counts34(hand)
        rest[tile >> 2] -= 1
        if name == "suanko":
            double = rest[tile >> 2] == 1
        elif name == "churenpoton":
            suit = (tile >> 2) // 9 * 9
            double = rest[suit:suit + 9] == [3, 1, 1, 1, 1, 1, 1, 1, 3]
        else:
            double = sum(1 for c in rest if c) == 13
        return base + 1 if double else base
    return base
