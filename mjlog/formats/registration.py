"""A rule family and everything it brings, registered in one call, and taken away in one.

A family is a :class:`~mjlog.rules.family.Family`; beside it may come its own events (each with
the name and code the store gives it), the formats that read its logs, the writers that write
them, and the values its formats leave unrecorded (named in the audit's note).
:func:`register_family` registers them all; :func:`unregister_family` takes back exactly what it
registered. Only the family is required: a family with no format of its own is read from the
formats already registered that name it.

>>> from mjlog.rules.family import Family, families
>>> class Bare(Family):
...     name, english, presets = "bare", "a family with a replay contract only", {}
>>> _ = register_family(Bare())
>>> "bare" in families()
True
>>> unregister_family("bare")
>>> "bare" in families()
False
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from mjlog.formats import LogFormat, register_format, unregister_format
from mjlog.formats.writers import LogWriter, register_writer, unregister_writer
from mjlog.ir import Event, register_event, register_unrecorded, unregister_event, unregister_unrecorded
from mjlog.ir.event_kinds import register_event_kind, unregister_event_kind
from mjlog.rules.family import Family, register, unregister


@dataclass(frozen=True, slots=True)
class OwnEvent:
    """An event class of the family's own, with the name and code of its kind in the store
    (``events.kind``: a code 0..127 no other kind has) and whether it has a seat and a tile."""

    cls: type[Event]
    kind: str
    code: int
    seat: bool = False
    tile: bool = False


@dataclass(frozen=True, slots=True)
class _Registered:
    events: tuple[OwnEvent, ...]
    formats: tuple[str, ...]
    writers: tuple[str, ...]
    unrecorded: tuple[str, ...]


_REGISTERED: dict[str, _Registered] = {}


def register_family(fam: Family, *, events: Sequence[OwnEvent] = (), formats: Sequence[LogFormat] = (),
                    writers: Sequence[LogWriter] = (), unrecorded: Mapping[str, str] | None = None) -> Family:
    """Register ``fam`` with its own ``events``, the ``formats`` that read and the ``writers`` that
    write its logs, and the values its formats leave ``unrecorded`` (name: what the log leaves out);
    returns ``fam``. Registering a family of the same name again replaces it."""
    unregister_family(fam.name)
    unrecorded = dict(unrecorded or {})
    register(fam)
    for ev in events:
        register_event(ev.cls)
        register_event_kind(ev.cls, ev.kind, ev.code, seat=ev.seat, tile=ev.tile)
    for fmt in formats:
        register_format(fmt)
    for w in writers:
        register_writer(w)
    for name, meaning in unrecorded.items():
        register_unrecorded(name, meaning)
    _REGISTERED[fam.name] = _Registered(tuple(events), tuple(f.name for f in formats), tuple(w.name for w in writers),
                                        tuple(unrecorded))
    return fam


def unregister_family(name: str) -> None:
    """Take back the family called ``name`` and all that :func:`register_family` registered with it."""
    done = _REGISTERED.pop(name, None)
    unregister(name)
    if done is None:
        return
    for ev in done.events:
        unregister_event_kind(ev.cls)
        unregister_event(ev.cls)
    for fmt in done.formats:
        unregister_format(fmt)
    for w in done.writers:
        unregister_writer(w)
    for value in done.unrecorded:
        unregister_unrecorded(value)
