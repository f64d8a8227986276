"""A hand's outcome in Tenhou's XML: AGARI's win, RYUUKYOKU's draw, and the game's final result
(``owari``) that the last of them carries, read and checked for :mod:`mjlog.formats.tenhou.xml`'s
reader (``mjlog._speedups.read_win`` and ``read_draw`` are the compiled twins for plain attributes).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from mjlog.accel import read_draw as _read_draw, read_win as _read_win
from mjlog.errors import MalformedLogError
from mjlog.formats.safe_xml import are_xml_decimals
from mjlog.formats.tenhou.xml_values import CheckedValues, integer as _int, ints as _ints
from mjlog.ir import Call, Event, FinalResult, Ryuukyoku, Win
from mjlog.rules.riichi.record import DrawKind, riichi_draw, riichi_win
from mjlog.rules.riichi.yaku_table import ALL_YAKU

__all__ = ["OutcomeReader"]

#: RYUUKYOKU ``type`` -> DrawKind (no type: an exhaustive draw)
_DRAW_KIND_OF: dict[str | None, DrawKind] = {
    None: DrawKind.EXHAUSTIVE, **{k.value: k for k in DrawKind if k is not DrawKind.EXHAUSTIVE}
}
_KNOWN_AGARI = frozenset(
    "ba hai m machi ten yaku yakuman doraHai doraHaiUra who fromWho paoWho sc owari".split()
)
_KNOWN_RYUUKYOKU = frozenset("ba sc type hai0 hai1 hai2 hai3 owari".split())
_build_win = riichi_win  # a Win with its RiichiWin payload, by the compiled reader's field names
_build_ryuukyoku = riichi_draw  # a Ryuukyoku with its RiichiDraw payload, by the compiled reader's names


class OutcomeReader(CheckedValues):
    """The AGARI and RYUUKYOKU handlers of a log's reader, which holds the round being read."""

    init: dict | None
    final: FinalResult | None
    ended: bool
    events: list[Event]
    #: the decoded calls by (players, who, m), which the compiled win reader reads and fills
    _melds: dict[tuple[int, int, int], Call]

    if TYPE_CHECKING:
        def _meld(self, who: int, m: int) -> Call: ...

    def _ba(self, a) -> tuple[int, int]:
        ba = _ints(a.get("ba"), "ba")
        if len(ba) != 2 or min(ba) < 0:
            raise MalformedLogError(f"ba={a.get('ba')!r} is not honba,sticks")
        return ba[0], ba[1]

    def _sc(self, a) -> tuple[tuple[int, ...], tuple[int, ...]]:
        sc = _ints(a.get("sc"), "sc")
        if len(sc) not in (8, 16):  # chip lobbies append 4 (chips, chip delta) pairs, kept as extra
            raise MalformedLogError(f"sc has {len(sc)} values, expected 8 (or 16 with chips)")
        if self.n == 3 and (sc[6] or sc[7]):
            raise MalformedLogError("sc gives points to the empty fourth seat of a three-player game")
        return (tuple(v * 100 for v in sc[0 : 2 * self.n : 2]), tuple(v * 100 for v in sc[1 : 2 * self.n : 2]))

    def _outcome_start(self, what: str) -> None:
        if self.init is None:
            raise MalformedLogError(f"{what} before the first <INIT>")
        if self.final is not None:
            raise MalformedLogError(f"{what} after the game's final result")
        if self.ended and not (what == "a win" and isinstance(self.events[-1], Win)):
            raise MalformedLogError(f"{what} after the round's result")

    @staticmethod
    def _extra(a, known: frozenset[str]) -> tuple[tuple[str, str], ...]:
        extra = [] if known.issuperset(a.keys()) else [(k, v) for k, v in a.items() if k not in known]
        sc = a.get("sc")
        if sc is not None and sc.count(",") == 15:
            extra.append(("sc", sc))
        owari = a.get("owari")
        if owari is not None and owari.count(",") != 7:
            extra.append(("owari", owari))
        return tuple(extra)

    def _agari(self, a) -> None:
        self._outcome_start("a win")
        win = _read_win(a, self.n, self._melds, _build_win) if _read_win is not None else None
        self.events.append(win or self._win(a))
        self.ended = True
        self._owari(a)

    def _win(self, a) -> Win:
        """AGARI's Win (``mjlog._speedups.read_win`` is the compiled twin for plain attributes)."""
        who = self._seat(a.get("who"), "who")
        from_who = self._seat(a.get("fromWho"), "fromWho")
        pao = a.get("paoWho")
        hand = self._tiles(a.get("hai"), "hai")
        if not 1 <= len(hand) <= 14:
            raise MalformedLogError(f"the winning hand has {len(hand)} tiles")
        melds = tuple(self._meld(who, m) for m in _ints(a.get("m"), "m"))
        win_tile = self._tile(_int(a.get("machi"), "machi"))
        ten = _ints(a.get("ten"), "ten")
        if len(ten) != 3:
            raise MalformedLogError(f"ten has {len(ten)} values, expected fu,points,limit")
        yaku_flat = _ints(a.get("yaku"), "yaku")
        if len(yaku_flat) % 2:
            raise MalformedLogError("yaku has an odd number of values (id,han pairs)")
        ids = yaku_flat[0::2]
        yaku = tuple(zip(ids, yaku_flat[1::2]))
        yakuman = tuple(_ints(a.get("yakuman"), "yakuman"))
        ids += yakuman
        if ids and (min(ids) < 0 or max(ids) > 54) and any(y not in ALL_YAKU for y in ids):
            bad = next(y for y in ids if y not in ALL_YAKU)
            raise MalformedLogError(f"yaku id {bad} is neither Tenhou's (0..54) nor one of mjlog's own "
                                    f"({', '.join(map(str, sorted(k for k in ALL_YAKU if k > 54)))})")
        honba, sticks = self._ba(a)
        before, deltas = self._sc(a)
        # riichi_win's parameters: who, from_who, hand, win_tile, melds, fu, points, limit, yaku, yakuman,
        # dora_indicators, ura_indicators, honba, sticks, scores_before, deltas, pao_who, extra
        return _build_win(
            who, from_who, hand, win_tile, melds, ten[0], ten[1], ten[2], yaku, yakuman,
            self._tiles(a.get("doraHai"), "doraHai"), self._tiles(a.get("doraHaiUra"), "doraHaiUra"),
            honba, sticks, before, deltas, self._seat(pao, "paoWho") if pao is not None else None,
            self._extra(a, _KNOWN_AGARI),
        )

    def _ryuukyoku(self, a) -> None:
        self._outcome_start("a draw")
        draw = _read_draw(a, self.n, _DRAW_KIND_OF, _build_ryuukyoku) if _read_draw is not None else None
        self.events.append(draw or self._draw_outcome(a))
        self.ended = True
        self._owari(a)

    def _draw_outcome(self, a) -> Ryuukyoku:
        """RYUUKYOKU's Ryuukyoku (``mjlog._speedups.read_draw`` is the compiled twin for plain attributes)."""
        t = a.get("type")
        kind = _DRAW_KIND_OF.get(t)
        if kind is None:
            raise MalformedLogError(f"unknown draw type={t[:40]!r}")
        honba, sticks = self._ba(a)
        before, deltas = self._sc(a)
        hands: list[tuple[int, ...] | None] = []
        for s in range(self.n):
            key = f"hai{s}"
            hands.append(self._tiles(a[key], key) if key in a else None)
        if self.n == 3 and "hai3" in a:
            raise MalformedLogError("hai3 shown in a three-player game")
        return riichi_draw(
            kind=kind,
            honba=honba,
            sticks=sticks,
            scores_before=before,
            deltas=deltas,
            hands=tuple(hands),
            extra=self._extra(a, _KNOWN_RYUUKYOKU),
        )

    def _owari(self, a) -> None:
        text = a.get("owari")
        if text is None:
            return
        vals = text.split(",")
        if len(vals) < 8:
            raise MalformedLogError(f"owari has {len(vals)} values, expected 8")
        if not are_xml_decimals(text):
            raise MalformedLogError(f"owari={text[:60]!r} is not a list of finite numbers")
        try:
            scores = tuple(int(float(v)) * 100 for v in vals[0 : 2 * self.n : 2])
            points = tuple(float(v) for v in vals[1 : 2 * self.n : 2])
            rounded = all(p == int(p) for p in points)
        except (ValueError, OverflowError):  # not numbers, or not finite ones
            raise MalformedLogError(f"owari={text[:60]!r} is not a list of finite numbers") from None
        self.final = FinalResult(scores, points, rounded)
