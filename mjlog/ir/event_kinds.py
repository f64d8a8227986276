"""The store's kinds of event: the name each event class has in ``events.kind``, and its code.

The ``events`` table's ``kind`` column is dictionary-encoded; a kind's code is its index in that
dictionary. The kinds every family shares are registered here; a family registers its own with
:func:`register_event_kind` beside its event classes (riichi's ``riichi_declared``,
``riichi_accepted`` and ``new_dora`` in :mod:`mjlog.rules.riichi.events`). The registrant names
the code, so codes never depend on the order in which families are loaded; an event class
without a kind is stored as ``other``.

>>> kind_of(Draw).code, kind_of(Disconnect).name, OTHER.code
(0, 'disconnect', 10)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any
from types import MappingProxyType

from mjlog.accel import event_columns as _compiled_event_columns
from mjlog.ir import Call, Discard, Disconnect, Draw, Reconnect, Ryuukyoku, Win


@dataclass(frozen=True, slots=True)
class EventKind:
    """An event class's kind in the store: its name, its code, and whether the event's ``seat``
    and ``tile`` fields fill the table's ``seat`` and ``tile`` columns (draws, discards, calls
    and outcomes fill them in the store's own way)."""

    name: str
    code: int
    seat: bool = False
    tile: bool = False


#: Events of a class that registered no kind.
OTHER = EventKind("other", 10)

_KINDS: dict[type, EventKind] = {}
_NAMES: dict[int, str] = {OTHER.code: OTHER.name}
#: Every registered event class and its kind, as registered so far (a read-only view).
KINDS = MappingProxyType(_KINDS)


def register_event_kind(cls: type, name: str, code: int, *, seat: bool = False, tile: bool = False) -> EventKind:
    """Give the event class ``cls`` the store kind ``name`` with ``code`` (0..127); ValueError when
    the code or the name already belongs to another kind (registering the same again is allowed)."""
    if not 0 <= code <= 127:
        raise ValueError(f"event kind code {code} is outside 0..127")
    if _NAMES.get(code, name) != name:
        raise ValueError(f"event kind code {code} is already {_NAMES[code]!r}")
    if any(n == name and c != code for c, n in _NAMES.items()):
        raise ValueError(f"event kind {name!r} already has another code")
    kind = EventKind(name, code, seat, tile)
    _KINDS[cls] = kind
    _NAMES[code] = name
    return kind


def unregister_event_kind(cls: type) -> None:
    """Take an event class's kind away (tests register toy families' events and take them away)."""
    kind = _KINDS.pop(cls, None)
    if kind is not None and kind not in _KINDS.values():
        del _NAMES[kind.code]


def kind_of(cls: type) -> EventKind | None:
    """The store kind of an event class, or None (stored as :data:`OTHER`)."""
    return _KINDS.get(cls)


def kind_names() -> tuple[str, ...]:
    """The names by code: the dictionary of the ``events.kind`` column (a code no kind has: ``''``)."""
    return tuple(_NAMES.get(code, "") for code in range(max(_NAMES) + 1))


# draws and discards are 0 and 1 in the compiled event_columns too (mjlog/csrc)
register_event_kind(Draw, "draw", 0)
register_event_kind(Discard, "discard", 1)
register_event_kind(Call, "call", 2)
register_event_kind(Disconnect, "disconnect", 6, seat=True)
register_event_kind(Reconnect, "reconnect", 7, seat=True)
register_event_kind(Win, "win", 8)
register_event_kind(Ryuukyoku, "ryuukyoku", 9)


def py_event_columns(events: Sequence[Any], draw_type: type = Draw, discard_type: type = Discard) -> dict[str, list]:
    """The events table's seat, kind, tile and tsumogiri columns of one round for its draws and
    discards (None for every other event), and the indexes of those other events (``others``), by name.

    ``mjlog._speedups.event_columns`` is the compiled twin.
    """
    n = len(events)
    seats: list[int | None] = [None] * n
    kinds: list[int | None] = [None] * n
    tiles: list[int | None] = [None] * n
    tsumogiri: list[bool | None] = [None] * n
    others = []
    for i, e in enumerate(events):
        t = type(e)
        if t is draw_type:
            seats[i], kinds[i], tiles[i] = e.seat, 0, e.tile
        elif t is discard_type:
            seats[i], kinds[i], tiles[i], tsumogiri[i] = e.seat, 1, e.tile, e.tsumogiri
        else:
            others.append(i)
    return {"seat": seats, "kind": kinds, "tile": tiles, "tsumogiri": tsumogiri, "others": others}


#: :func:`py_event_columns`, compiled where the helpers are built (called as ``event_columns(events, Draw, Discard)``).
event_columns = _compiled_event_columns or py_event_columns
