"""Riichi's own events: the two steps of a riichi declaration and a kan dora revealed.

They subclass the generic :class:`~mjlog.ir.Event` and are registered as the riichi family's
(:func:`~mjlog.ir.register_event`); the riichi referee (:mod:`mjlog.rules.riichi.table`) has a
handler for each, and another family's referee meets them as a foreign event.

>>> RiichiAccepted(2).scores is None, NewDora(7).family
(True, 'riichi')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from mjlog.ir import Event, register_event

__all__ = ["NewDora", "RiichiAccepted", "RiichiDeclared"]


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
