"""What a riichi log records of a win, as the family's payload on the generic IR (:mod:`mjlog.ir`).

A riichi :class:`~mjlog.ir.Win` keeps the generic facts (who, from whom, the hand, the calls, the
points, honba, sticks, scores before and their changes) and carries on ``payload`` a
:class:`RiichiWin`: Tenhou's fu, limit code, yaku and yakuman ids, the dora and ura indicators and
the seat liable for the hand (pao). Every riichi reader (Tenhou XML and JSON, mjai) builds it with
:func:`riichi_win`; a ``Win`` built in code without one reads as :data:`NOTHING_RECORDED`.

>>> w = riichi_win(0, 1, (4, 5, 6), 6, fu=30, points=1000, yaku=((1, 1),))
>>> w.points, w.payload.fu, w.payload.han, recorded(w).limit
(1000, 30, 1, 0)
"""

from __future__ import annotations

from dataclasses import dataclass

from mjlog.frozen import builder
from mjlog.ir import Call, Extra, GameLog, Win

__all__ = ["NOTHING_RECORDED", "RiichiWin", "recorded", "recorded_fu", "riichi_win"]


@dataclass(frozen=True, slots=True)
class RiichiWin:
    """A riichi win's own recorded values (Tenhou's AGARI ``ten``, ``yaku``, ``doraHai``...).

    ``fu`` and ``limit`` are Tenhou's (limit 0 none, 1 mangan .. 5 yakuman); ``yaku`` is (id, han)
    pairs in log order, empty for yakuman hands whose ids are in ``yakuman``; ``pao_who`` is the
    seat liable for a daisangen or daisuushii (None: nobody).
    """

    fu: int = 0
    limit: int = 0
    yaku: tuple[tuple[int, int], ...] = ()
    yakuman: tuple[int, ...] = ()
    dora_indicators: tuple[int, ...] = ()
    ura_indicators: tuple[int, ...] = ()
    pao_who: int | None = None

    @property
    def han(self) -> int:
        """Recorded han (13 per yakuman for yakuman hands)."""
        return sum(h for _, h in self.yaku) if self.yaku else 13 * len(self.yakuman)

    @property
    def has_value(self) -> bool:
        """Whether the log states the win's yaku (JSON and mjai may record only its score changes)."""
        return bool(self.yaku or self.yakuman)


#: The values of a riichi ``Win`` that carries none (built in code): every field at its default.
NOTHING_RECORDED = RiichiWin()

_new_win = builder(Win)
_new_record = builder(RiichiWin)


def riichi_win(who: int, from_who: int, hand: tuple[int, ...], win_tile: int, melds: tuple[Call, ...] = (),
               fu: int = 0, points: int = 0, limit: int = 0, yaku: tuple[tuple[int, int], ...] = (),
               yakuman: tuple[int, ...] = (), dora_indicators: tuple[int, ...] = (),
               ura_indicators: tuple[int, ...] = (), honba: int = 0, sticks: int = 0,
               scores_before: tuple[int, ...] = (), deltas: tuple[int, ...] = (), pao_who: int | None = None,
               extra: Extra = ()) -> Win:
    """A riichi ``Win`` from Tenhou's AGARI values, in the order the compiled element reader names them."""
    return _new_win(who, from_who, hand, win_tile, melds, points, honba, sticks, scores_before, deltas, extra,
                    _new_record(fu, limit, yaku, yakuman, dora_indicators, ura_indicators, pao_who))


def recorded(win: Win) -> RiichiWin:
    """The riichi values a win records (:data:`NOTHING_RECORDED` when it carries none)."""
    p = win.payload
    return p if type(p) is RiichiWin else NOTHING_RECORDED


def recorded_fu(log: GameLog, win: Win) -> int | None:
    """The win's recorded fu, or None where the format does not record it (a limit hand in JSON)."""
    r = recorded(win)
    if "win_value" in log.unrecorded and not r.has_value:
        return None
    if "limit_fu" in log.unrecorded and (r.limit or r.yakuman):
        return None
    return r.fu
