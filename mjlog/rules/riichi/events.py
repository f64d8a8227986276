"""Riichi's own events (the two steps of a riichi declaration, a kan dora revealed) and its own
kind of call (:data:`KITA`, a North tile set aside in three-player games).

The events subclass the generic :class:`~mjlog.ir.Event` and are registered as the riichi family's
(:func:`~mjlog.ir.register_event`); the riichi referee (:mod:`mjlog.rules.riichi.table`) has a
handler for each, and another family's referee meets them as a foreign event.

>>> RiichiAccepted(2).scores is None, NewDora(7).family
(True, 'riichi')
>>> from mjlog.ir import call_kind
>>> call_kind("kita") is KITA, KITA.is_open
(True, False)
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import ClassVar

from mjlog.ir.event_kinds import register_event_kind
from mjlog.ir import Event, register_call_kinds, register_event

__all__ = ["KITA", "NewDora", "RiichiAccepted", "RiichiCallKind", "RiichiDeclared"]


@register_call_kinds
class RiichiCallKind(str, Enum):
    """Riichi's own kind of call: kita (抜きドラ), a North tile set aside in a three-player game; a
    replacement draw follows. Its ``Call`` has the North tile as ``tiles`` and no ``called``."""

    KITA = "kita"

    @property
    def is_kan(self) -> bool:
        return False

    @property
    def is_open(self) -> bool:
        """A kita does not open the hand."""
        return False


KITA = RiichiCallKind.KITA


@register_event
@dataclass(frozen=True, slots=True)
class RiichiDeclared(Event):
    """Step 1: the seat declares riichi; its next discard is the riichi tile."""

    family: ClassVar[str | None] = "riichi"
    seat: int


@register_event
@dataclass(frozen=True, slots=True)
class RiichiAccepted(Event):
    """Step 2: the riichi tile passed; the deposit is paid. ``scores`` after paying (points)."""

    family: ClassVar[str | None] = "riichi"
    seat: int
    scores: tuple[int, ...] | None = None


@register_event
@dataclass(frozen=True, slots=True)
class NewDora(Event):
    """A kan-dora indicator is revealed."""

    family: ClassVar[str | None] = "riichi"
    tile: int


# the store's events.kind of riichi's events; their codes are those stores have always had
register_event_kind(RiichiDeclared, "riichi_declared", 3, seat=True)
register_event_kind(RiichiAccepted, "riichi_accepted", 4, seat=True)
register_event_kind(NewDora, "new_dora", 5, tile=True)
