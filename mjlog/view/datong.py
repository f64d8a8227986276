"""The viewer's presenter for Datong mahjong: leaving the table (強退) as a step of its own, with its cost,
and the source's words for the self-draw, the discard that pays double, the drawn hand and the dealer's repeats.

Datong has no dora, wild tiles or flowers: tiles are named as in :mod:`mjlog.view.generic`. A seat that
leaves the table (:class:`~mjlog.rules.datong.record.LeaveTable`) keeps playing; its 8B (line 6 of the
source's payments, to no one or to each other seat by the knob ``leave_to``) is settled with the hand's
end, as the kans are, so the step says so and the outcome lists each payment (``notes``).
"""

from __future__ import annotations

from mjlog.ir import Event, GameLog, Ryuukyoku, Win
from mjlog.rules.datong.record import LeaveTable
from mjlog.rules.datong.ruleset import CALL_WORDS, DatongRules
from mjlog.rules.datong.settlement import LEAVE, leave_rows
from mjlog.rules.results import DerivedDraw, DerivedWin
from mjlog.rules.transfers import Transfer
from mjlog.view.generic import FamilyPresenter
from mjlog.view.state import TableState
from mjlog.view.terms import Terms

#: The source's name of leaving the table.
LEAVE_NAME = "leaves the table (強退)"

#: Datong's words on the page (the source's characters beside the English; it writes 杠 and 庄).
DATONG_TERMS = Terms(
    indicators=None, counters="dealer's repeat hands (連庄): {repeats}",
    self_drawn="by self-draw (自摸)", off_discard="on the discard of {from} (點炮)", calls=CALL_WORDS.names,
)


class DatongPresenter(FamilyPresenter):
    """Datong mahjong: 強退 named and priced where it happens and paid at the hand's end, its draw 黃庄."""

    terms = DATONG_TERMS
    draw_name = ("drawn hand", "黃庄")

    def __init__(self, log: GameLog) -> None:
        super().__init__(log)
        self.datong_rules = log.rules if isinstance(log.rules, DatongRules) else None

    def on_event(self, st: TableState, ev: Event) -> str | None:
        """A seat leaving the table: who, and what it pays at the hand's end under the log's rules."""
        if isinstance(ev, LeaveTable):
            return f"{st.who(ev.seat)} {LEAVE_NAME}: {self._leave_cost(ev.seat)}"
        return None

    def _leave_cost(self, seat: int) -> str:
        if self.datong_rules is None or not 0 <= seat < self.datong_rules.players:
            return "8 times the base, paid at the hand's end"
        rows = leave_rows(self.datong_rules, seat)
        if rows[0].payee is None:
            return f"loses {rows[0].amount} (8B) to no one, at the hand's end"
        return f"pays {rows[0].amount} (8B) to each other seat at the hand's end"

    def win(self, st: TableState, w: Win, derived: DerivedWin | None) -> dict:
        out = super().win(st, w, derived)
        out["notes"] = _leave_notes(derived.transfers if derived is not None else (), st)
        return out

    def draw(self, st: TableState, d: Ryuukyoku, derived: DerivedDraw | None) -> dict:
        out = super().draw(st, d, derived)
        out["notes"] = _leave_notes(derived.transfers if derived is not None else (), st)
        return out


def _leave_notes(rows: tuple[Transfer, ...], st: TableState) -> list[str]:
    """The hand's payments for leaving the table, one line each."""
    return [f"強退 (leaving the table): {st.who(t.payer)} "
            + (f"loses {t.amount} to no one" if t.payee is None else f"pays {t.amount} to {st.who(t.payee)}")
            for t in rows if t.reason == LEAVE]
