"""The abortive draws a log may not skip: once one is due, the hand ends there.

Tenhou's rules 15 and 16 (seed 002): four winds on the first go-around, a fourth riichi, and a
fourth kan by two or more players (once its discard passes) abort the hand. The check runs
after a hand's play on the table's final state and looks at the events only where that state
shows an abort may have been due, so a hand without one costs a few comparisons. A triple
ron is judged where the third win is settled (:func:`mjlog.rules.riichi.outcome.check_extra_ron`).

What may come between the event that makes an abort due and the hand's end: the deposit of
a riichi whose tile passed, a new dora, a disconnection; a win (a ron on the tile) or a draw
ends the hand. Anything else is play the rules do not allow.
"""

from __future__ import annotations

from collections.abc import Sequence

from mjlog.findings import FindingKind
from mjlog.ir import Call, Discard, Disconnect, Draw, Event, Reconnect, Ryuukyoku, Win
from mjlog.rules.riichi.events import NewDora, RiichiAccepted, RiichiDeclared
from mjlog.rules.riichi.record import DRAW_NAMES, DrawKind
from mjlog.rules.riichi.table import RiichiTable
from mjlog.tiles import WIND_KINDS

K = FindingKind

#: Events that may come after an abort is due and before the hand's end.
_BETWEEN = (RiichiAccepted, NewDora, Disconnect, Reconnect)
_ENDS = (Win, Ryuukyoku)
_WINDS = frozenset(WIND_KINDS)
_VERBS: dict[type, str] = {Draw: "draws", Discard: "discards", Call: "calls", RiichiDeclared: "declares riichi"}


def check_skipped_aborts(st: RiichiTable, events: Sequence[Event]) -> None:
    """A finding for play the log records after an abortive draw became due (none without abortive draws)."""
    if not st.rules.abortive_draws:
        return
    n = st.n
    due: list[tuple[int, DrawKind]] = []
    river = st.river
    if n == 4 and river[0] and river[1] and river[2] and river[3]:
        first = river[0][0] >> 2
        if first in _WINDS and river[1][0] >> 2 == first and river[2][0] >> 2 == first and river[3][0] >> 2 == first:
            at = _four_winds_at(events)
            if at is not None:
                due.append((at, DrawKind.FOUR_WINDS))
    if n == 4 and sum(st.riichi_accepted) == 4:
        accepted = [i for i, ev in enumerate(events) if type(ev) is RiichiAccepted]
        if len(accepted) >= 4:
            due.append((accepted[3], DrawKind.FOUR_RIICHI))
    if len(st.kans) >= 4 and len(set(st.kans[:4])) >= 2:
        at = _fourth_kan_discard_at(events)
        if at is not None:
            due.append((at, DrawKind.FOUR_KANS))
    for at, kind in sorted(due)[:1]:  # the first abort due ends the hand
        _play_after(st, events, at, kind)


def _four_winds_at(events: Sequence[Event]) -> int | None:
    """The index of the fourth discard when the first four discards come with no call between."""
    discards = 0
    for i, ev in enumerate(events):
        t = type(ev)
        if t is Call or t in _ENDS:
            return None
        if t is Discard:
            discards += 1
            if discards == 4:
                return i
    return None


def _fourth_kan_discard_at(events: Sequence[Event]) -> int | None:
    """The index of the discard that follows the fourth kan (None when the hand ends before it)."""
    kans = 0
    for i, ev in enumerate(events):
        t = type(ev)
        if isinstance(ev, Call) and ev.kind.is_kan:
            kans += 1
        elif t is Discard and kans >= 4:
            return i
        elif t in _ENDS:
            return None
    return None


def _play_after(st: RiichiTable, events: Sequence[Event], at: int, kind: DrawKind) -> None:
    for i in range(at + 1, len(events)):
        ev = events[i]
        t = type(ev)
        if t in _ENDS:
            return
        if t in _BETWEEN:
            continue
        st.event_index = i
        seat = getattr(ev, "seat", None)
        verb = _VERBS.get(t, "plays on")
        st.find(K.ILLEGAL_ACTION, f"seat {seat} {verb} after {DRAW_NAMES[kind][0]}: the rules abort the hand there "
                f"({kind.value})", t.__name__, f"{kind.value} abort")
        return
