"""The situation of a win: winds, how it was won, riichi, first-turn wins, indicators.

>>> ctx = WinContext(seat_wind=0, tsumo=True, riichi=True)
>>> ctx.dealer, ctx.seat_wind_kind, ctx.round_wind_kind
(True, 27, 27)
"""

from __future__ import annotations

from dataclasses import dataclass

from mjlog.tiles import EAST


@dataclass(frozen=True, slots=True)
class WinContext:
    """What a win's situation adds to its hand: the inputs of the situational yaku and dora.

    Winds are 0 East .. 3 North. ``riichi`` is any riichi; ``double_riichi`` marks
    it as declared on the first turn (then ``riichi`` may be left False).
    ``kita`` counts North tiles set aside that are not passed as ``KITA`` calls.
    ``renhou`` marks a non-dealer's ron before its first draw; it is a yaku only under the rule
    set's ``renhou`` knob. ``honba`` and ``sticks`` only change the payments, never the hand value.
    ``open_riichi`` (the riichi was declared with the hand shown) and ``dealer_streak`` (the
    dealer's consecutive wins before this one) matter only to the local yaku knobs
    (:mod:`mjlog.rules.riichi.local_yaku`); the replay leaves them at their defaults. ``after_kita`` marks a
    win on a North set aside: a tsumo on the replacement a kita drew (``rinshan`` then counts only under
    the ``kita_rinshan`` knob) or a ron on the kita's tile (搶杠 only under ``kita_chankan``).
    """

    seat_wind: int = 0
    round_wind: int = 0
    tsumo: bool = False
    riichi: bool = False
    double_riichi: bool = False
    ippatsu: bool = False
    haitei: bool = False
    houtei: bool = False
    rinshan: bool = False
    chankan: bool = False
    tenhou: bool = False
    chiihou: bool = False
    renhou: bool = False
    dora_indicators: tuple[int, ...] = ()
    ura_indicators: tuple[int, ...] = ()
    kita: int = 0
    honba: int = 0
    sticks: int = 0
    open_riichi: bool = False
    dealer_streak: int = 0
    after_kita: bool = False

    @property
    def dealer(self) -> bool:
        """The winner is the dealer (seat wind East)."""
        return self.seat_wind == 0

    @property
    def in_riichi(self) -> bool:
        """Riichi or double riichi was declared (ura dora apply)."""
        return self.riichi or self.double_riichi

    @property
    def seat_wind_kind(self) -> int:
        """Tile kind (27..30) of the seat wind."""
        return EAST + self.seat_wind

    @property
    def round_wind_kind(self) -> int:
        """Tile kind (27..30) of the round wind."""
        return EAST + self.round_wind


#: Situational yaku ids and the :class:`WinContext` flag each one stands for.
SITUATION_FLAGS: dict[int, str] = {
    1: "riichi", 21: "double_riichi", 2: "ippatsu", 3: "chankan", 4: "rinshan",
    5: "haitei", 6: "houtei", 36: "renhou", 37: "tenhou", 38: "chiihou",
}


def situation_from_recorded_yaku(yaku_ids: set[int] | frozenset[int] | tuple[int, ...]) -> dict[str, bool]:
    """Stand-in until the replay exists: the situation flags a log's recorded yaku reveal.

    Only a replay can know riichi, ippatsu, haitei/houtei, rinshan, chankan and
    first-turn wins; until then they are read back from the recorded yaku ids.

    >>> situation_from_recorded_yaku({1, 2, 7})["ippatsu"]
    True
    """
    ids = set(yaku_ids)
    return {flag: yid in ids for yid, flag in SITUATION_FLAGS.items()}
