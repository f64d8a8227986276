"""The viewer's presenter for Beijing mahjong: the wild indicator and wild tiles, 燒莊 and 互包, fan lines.

Tiles are named by kind as in :mod:`mjlog.view.generic`. The round's wild tile (惠牌, shown by
the indicator 惠坯) is marked wherever it is drawn; 燒莊 and 互包 are shown from the replay's
payments (each a :class:`~mjlog.rules.transfers.Transfer` with its reason) and, for the hand,
from what the log records of it (:class:`~mjlog.rules.beijing.record.BeijingHand`).
"""

from __future__ import annotations

from mjlog.ir import Round, Ryuukyoku, Win
from mjlog.rules.beijing.readings import wild_kind
from mjlog.rules.beijing.record import BeijingHand
from mjlog.rules.beijing.settlement import BURN, MUTUAL
from mjlog.rules.beijing.ruleset import CALL_WORDS
from mjlog.rules.results import DerivedDraw, DerivedWin, RoundResult
from mjlog.rules.transfers import Transfer
from mjlog.tiles import N_TILES, kind_name
from mjlog.view.generic import FamilyPresenter
from mjlog.view.state import TableState
from mjlog.view.terms import Terms

#: Beijing's words on the page (the source's traditional characters beside the English).
BEIJING_TERMS = Terms(
    indicators="wild indicator (惠坯)", counters="dealer's repeat hands (連莊): {repeats}",
    self_drawn="by self-draw (自摸)", off_discard="on the discard of {from} (點炮)",
    liable="mutual liability (互包)", marked="wild tile (惠牌)", calls=CALL_WORDS.names,
)


class BeijingPresenter(FamilyPresenter):
    """Beijing mahjong: its wild tiles marked, 燒莊 and 互包 where they apply, fans in both languages."""

    terms = BEIJING_TERMS
    draw_name = ("exhaustive draw", "荒牌")

    def round_view(self, rnd: Round, result: RoundResult | None) -> dict:
        """The hand's wild tile (marked on the table), and the 燒莊 and 互包 the log records."""
        view = super().round_view(rnd, result)
        indicator = rnd.payload.wild_indicator if isinstance(rnd.payload, BeijingHand) else rnd.dora_indicator
        if indicator is not None and 0 <= indicator < N_TILES:
            wild = kind_name(wild_kind(indicator >> 2))
            view["marked"] = [wild]
            view["info"].append({"text": "wild tile (惠牌)", "tiles": [wild]})
        if isinstance(rnd.payload, BeijingHand):
            if rnd.payload.burn:
                view["info"].append({"text": f"燒莊 (burning the deal): {rnd.payload.burn} round"
                                             f"{'s' if rnd.payload.burn != 1 else ''} recorded", "tiles": []})
            for pair in rnd.payload.mutual:
                a, b = pair.seats
                view["info"].append({"text": f"互包 (mutual liability): seat {a} and seat {b}", "tiles": []})
        return view

    def win(self, st: TableState, w: Win, derived: DerivedWin | None) -> dict:
        out = super().win(st, w, derived)
        out["notes"] = _payment_notes(derived.transfers if derived is not None else ())
        return out

    def draw(self, st: TableState, d: Ryuukyoku, derived: DerivedDraw | None) -> dict:
        out = super().draw(st, d, derived)
        out["notes"] = _payment_notes(derived.transfers if derived is not None else ())
        return out


def _payment_notes(rows: tuple[Transfer, ...]) -> list[str]:
    """The 燒莊 and 互包 payments of an outcome, one line each."""
    notes = []
    burn = [t for t in rows if t.reason == BURN]
    if burn:
        notes.append(f"燒莊 (burning the deal): seat {burn[0].payer} pays {burn[0].amount} to each other seat")
    notes += [f"互包 (mutual liability): seat {t.payer} pays {t.amount} to seat {t.payee}"
              for t in rows if t.reason == MUTUAL]
    return notes
