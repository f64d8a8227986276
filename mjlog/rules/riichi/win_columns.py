"""A riichi win's own columns of the store's ``wins`` table: recorded and derived han, fu, limit,
dora counts, pao and the indicators (``docs/schema.md``), read from its :class:`RiichiWin` payload (the
indicators from the replay where the log records none)."""

from __future__ import annotations

from mjlog.ir import GameLog, Win
from mjlog.rules.results import DerivedWin
from mjlog.rules.riichi.record import recorded, recorded_fu

#: Yaku ids of dora, ura dora and red fives (Tenhou's).
_DORA, _URA, _AKA = 52, 53, 54


def value_unrecorded(log: GameLog, win: Win) -> bool:
    """A win whose log records no value (no yaku, no fu: mjai's plain hora)."""
    return recorded_fu(log, win) is None and not recorded(win).has_value


def win_columns(log: GameLog, w: Win, dw: DerivedWin | None) -> dict[str, object]:
    """The riichi-only columns of a win; a value the log does not record is NULL, not 0."""
    r = recorded(w)
    fu = recorded_fu(log, w)
    dora = aka = ura = 0
    for yid, han in r.yaku:
        if yid == _DORA:
            dora = han
        elif yid == _URA:
            ura = han
        elif yid == _AKA:
            aka = han
    v = dw.value if dw is not None else None
    han, limit, yakuman_count = r.han, r.limit, len(r.yakuman)
    if fu is None and not r.has_value:  # mjai's plain hora (value_unrecorded)
        han = limit = yakuman_count = dora = aka = ura = None  # type: ignore[assignment]  # NULL: the log records no value
    return dict(han=han, fu=fu, limit=limit, yakuman_count=yakuman_count, dora=dora, aka=aka, ura=ura,
                honba=w.honba, sticks=w.sticks, pao_seat=r.pao_who,
                derived_han=v.han if v else None, derived_fu=v.fu if v else None,
                derived_points=v.points if v else None, derived_limit=v.limit if v else None,
                derived_pao_seat=dw.pao_who if dw else None,
                dora_indicators=r.dora_indicators or _replayed(dw, "dora_indicators"),
                ura_indicators=r.ura_indicators or _replayed(dw, "ura_indicators"))


def _replayed(dw: DerivedWin | None, name: str) -> tuple[int, ...]:
    """Indicators the replay derived for a win whose log records none (the revealed dora; the ura from
    the seed's wall), for the what-ifs that re-score stored wins; empty when the replay knows none."""
    ctx = dw.context if dw is not None else None
    return tuple(getattr(ctx, name, ())) if ctx is not None else ()
