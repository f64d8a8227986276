"""What a riichi log records of a win and of a draw, as the family's payloads on the generic IR (:mod:`mjlog.ir`).

A riichi :class:`~mjlog.ir.Win` keeps the generic facts (who, from whom, the hand, the calls, the
points, honba, sticks, scores before and their changes) and carries on ``payload`` a
:class:`RiichiWin`: Tenhou's fu, limit code, yaku and yakuman ids, the dora and ura indicators and
the seat liable for the hand (pao). Every riichi reader (Tenhou XML and JSON, mjai) builds it with
:func:`riichi_win`; a ``Win`` built in code without one reads as :data:`NOTHING_RECORDED`.

A riichi :class:`~mjlog.ir.Ryuukyoku` carries a :class:`RiichiDraw`: the kind of draw (Tenhou's
RYUUKYOKU ``type``: exhaustive, nagashi mangan or one of the abortive draws), built with
:func:`riichi_draw`; :func:`draw_kind` reads it (a draw without one is exhaustive).

>>> w = riichi_win(0, 1, (4, 5, 6), 6, fu=30, points=1000, yaku=((1, 1),))
>>> w.points, w.payload.fu, w.payload.han, recorded(w).limit
(1000, 30, 1, 0)
>>> d = riichi_draw(DrawKind.NINE_TERMINALS, honba=1)
>>> draw_kind(d).abortive, d.honba
(True, 1)
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from mjlog.frozen import builder
from mjlog.ir import Call, Extra, GameLog, Ryuukyoku, Win, register_unrecorded

__all__ = ["DRAW_NAMES", "DrawKind", "NOTHING_RECORDED", "RiichiDraw", "RiichiWin", "draw_kind", "recorded",
           "recorded_fu", "riichi_draw", "riichi_win"]


#: What a riichi reader may leave unrecorded (:attr:`~mjlog.ir.GameLog.unrecorded`), with what the
#: audit's note says of it. tenhou.net/6 JSON's limit fu and nagashi tenpai are not noted: the wins
#: and draws say so where they are shown.
for _name, _meaning, _noted in (
    ("limit_fu", "the fu of a win at mangan or above (recorded as 0)", False),
    ("nagashi_tenpai", "which seats were tenpai at a nagashi mangan (recorded as none shown)", False),
    ("pao", "who is liable for a daisangen or daisuushii (taken from the calls)", True),
    ("draw_tenpai", "which hands were shown at a draw (taken from each hand's tenpai)", True),
    ("draw_kind", "the kind of an abortive draw (told from the play)", True),
    ("win_value", "a win's yaku, han, fu, points and limit (only its score changes are recorded)", True),
):
    register_unrecorded(_name, _meaning, _noted)


class DrawKind(str, Enum):
    """How a round ended without a win (Tenhou's RYUUKYOKU ``type``)."""

    EXHAUSTIVE = "exhaustive"     # 荒牌流局 (no type attribute)
    NINE_TERMINALS = "yao9"       # 九種九牌
    FOUR_RIICHI = "reach4"        # 四家立直
    TRIPLE_RON = "ron3"           # 三家和了
    FOUR_KANS = "kan4"            # 四槓散了
    FOUR_WINDS = "kaze4"          # 四風連打
    NAGASHI_MANGAN = "nm"         # 流し満貫

    @property
    def abortive(self) -> bool:
        return self not in (DrawKind.EXHAUSTIVE, DrawKind.NAGASHI_MANGAN)


DRAW_NAMES: dict[DrawKind, tuple[str, str]] = {
    DrawKind.EXHAUSTIVE: ("exhaustive draw", "流局"),
    DrawKind.NINE_TERMINALS: ("nine terminals", "九種九牌"),
    DrawKind.FOUR_RIICHI: ("four riichi", "四家立直"),
    DrawKind.TRIPLE_RON: ("triple ron", "三家和了"),
    DrawKind.FOUR_KANS: ("four kans", "四槓散了"),
    DrawKind.FOUR_WINDS: ("four winds", "四風連打"),
    DrawKind.NAGASHI_MANGAN: ("nagashi mangan", "流し満貫"),
}


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


@dataclass(frozen=True, slots=True)
class RiichiDraw:
    """A riichi draw's own recorded value: its kind."""

    kind: DrawKind = DrawKind.EXHAUSTIVE


#: One payload per kind serves every draw (they are immutable).
_DRAW_PAYLOADS = {k: RiichiDraw(k) for k in DrawKind}
_new_draw = builder(Ryuukyoku)


def riichi_draw(kind: DrawKind, honba: int = 0, sticks: int = 0, scores_before: tuple[int, ...] = (),
                deltas: tuple[int, ...] = (), hands: tuple[tuple[int, ...] | None, ...] = (),
                extra: Extra = ()) -> Ryuukyoku:
    """A riichi ``Ryuukyoku`` of ``kind``, in the order the compiled element reader names its values."""
    return _new_draw(honba, sticks, scores_before, deltas, hands, extra, _DRAW_PAYLOADS[kind])


def draw_kind(draw: Ryuukyoku) -> DrawKind:
    """The kind of a riichi draw (exhaustive when it carries no :class:`RiichiDraw`)."""
    p = draw.payload
    return p.kind if type(p) is RiichiDraw else DrawKind.EXHAUSTIVE
