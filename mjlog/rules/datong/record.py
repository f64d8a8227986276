"""What a Datong log records, as the family's payloads on the generic IR (:mod:`mjlog.ir`).

A Datong game is a :class:`~mjlog.ir.GameLog` with ``family="datong"``: ``rules`` the
:class:`~mjlog.rules.datong.ruleset.DatongRules` the header names, ``header`` a
:class:`DatongHeader`, ``seed`` the wall seed (``mt19937ar-sha512-n288-base64``), ``first_dealer``
the seat the one die chose. Each :class:`~mjlog.ir.Round` is one hand: ``kyoku`` the passes of
the deal so far, ``honba`` the deals the dealer has kept in a row (renchan), ``dealer``,
``scores`` at the deal, ``dice``, ``hands`` (13 dealt tiles a seat), ``events`` (draws, discards,
calls, then one :class:`~mjlog.ir.Win` or one :class:`~mjlog.ir.Ryuukyoku`) and a :class:`DatongHand`
payload, which records nothing more and names the hand (``'East 2, 連庄 1'``).
A player leaving the table (強退) is a :class:`LeaveTable` event of the hand, Datong's own.
A win's payload is a :class:`DatongWin`, a draw's a :class:`DatongDraw`; each lists every payment
of the hand as :class:`~mjlog.rules.transfers.Transfer` rows (kans and leaves included: they are
paid when made, but recorded with the hand's end), and the outcome's ``deltas`` are those rows summed.
The dialects are described in ``docs/datong.md``.

>>> DatongWin((TypeLine("屁和", "plain win", 1),), 1, (1,)).multiplier
1
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from mjlog.ir import Event, Round, register_event, register_round_name
from mjlog.ir.event_kinds import register_event_kind
from mjlog.ir.check import PayloadCheck, check_text, register_payload
from mjlog.rules.transfers import Transfer

__all__ = ["DatongDraw", "DatongHand", "DatongHeader", "DatongWin", "LeaveTable", "TypeLine"]


@dataclass(frozen=True, slots=True)
class DatongHeader:
    """A Datong log's header: the preset, its base, whether bots played it, a title, the knobs a
    synthetic log states, and the throw that chose the first dealer (the thrower's seat, the die 1-6)."""

    preset: str
    base: int
    synthetic: bool = False
    title: str = ""
    knobs: str = ""
    thrower: int = 0
    die: int = 1


@dataclass(frozen=True, slots=True)
class DatongHand:
    """A Datong hand's payload (``Round.payload``): the dialect records nothing beyond the generic
    round, and the class marks the hand as Datong's, named in its words (:func:`round_name`)."""


@register_event
@dataclass(frozen=True, slots=True)
class LeaveTable(Event):
    """The seat leaves the table (強退) during the hand; it pays for leaving (line 6 of the source's
    payments, ``leave_to``), recorded with the hand's end as the kans are. Play goes on at the seat."""

    family: ClassVar[str | None] = "datong"
    seat: int


# the store's events.kind of Datong's own event
register_event_kind(LeaveTable, "leave_table", 11, seat=True)


@dataclass(frozen=True, slots=True)
class TypeLine:
    """One recorded hand type: its name in the source's words, in English, and its multiplier."""

    name: str
    english: str
    value: int


@dataclass(frozen=True, slots=True)
class DatongWin:
    """A win's record: the hand types, the hand's multiplier, the seats that claimed the discard
    (the winner alone on a self-draw), and every payment of the hand."""

    types: tuple[TypeLine, ...]
    multiplier: int
    claimants: tuple[int, ...]
    payments: tuple[Transfer, ...] = ()


@dataclass(frozen=True, slots=True)
class DatongDraw:
    """A drawn hand's record (黃庄): its payments, which are the kans' only."""

    payments: tuple[Transfer, ...] = ()


def _check_names(r: DatongWin) -> None:
    """OutOfRange for a type line's name longer than the IR's text limit."""
    for t in r.types:
        check_text(t.name, "a hand type's name")
        check_text(t.english, "a hand type's English name")


register_payload(DatongWin, PayloadCheck(values=_check_names))


def round_name(rnd: Round) -> str:
    """A Datong hand's name: ``'East 2'``, and the deals the dealer has kept in a row where there
    are any, in the source's word (「連庄」), ``'East 2, 連庄 1'``."""
    return f"{rnd.place}, 連庄 {rnd.honba}" if rnd.honba else rnd.place


register_round_name(DatongHand, round_name)
