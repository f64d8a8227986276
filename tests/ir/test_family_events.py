"""Events are generic (mjlog.ir.Event) or a family's own, registered from its package: riichi's
declaration, deposit and kan dora live in mjlog/rules/riichi/events.py, and a referee meets
another family's events through BaseTable.foreign_event."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import ClassVar

from mjlog import ir
from mjlog.findings import Severity
from mjlog.frozen import builder
from mjlog.ir import Discard, Draw, Event, Win, event_classes, register_event, unregister_event
from mjlog.replayer import replay
from mjlog.rules.base_table import BaseTable
from mjlog.rules.riichi.events import NewDora, RiichiAccepted, RiichiDeclared
from tests.support.beijing_games import full_game


def test_riichi_events_are_the_riichi_familys_not_the_irs():
    assert not any(hasattr(ir, name) for name in ("RiichiDeclared", "RiichiAccepted", "NewDora", "DrawKind"))
    assert event_classes("riichi") == (RiichiDeclared, RiichiAccepted, NewDora)
    assert all(issubclass(c, Event) for c in event_classes())
    assert {Draw, Discard, Win} <= set(event_classes()) and all(c.family is None for c in event_classes(None)
                                                                   if c.__module__ == "mjlog.ir")


def test_events_with_the_generic_base_are_built_alike_by_the_fast_builder():
    assert builder(RiichiAccepted)(1, (24000,) * 4) == RiichiAccepted(1, (24000,) * 4)
    assert type(builder(Draw)(0, 5)) is Draw and isinstance(builder(NewDora)(7), Event)


@register_event
@dataclass(frozen=True, slots=True)
class Bonus(Event):
    """A toy family's own event."""

    family: ClassVar[str | None] = "toy-events"
    seat: int


class _Table(BaseTable):
    def _bonus(self, ev: Bonus) -> None:
        self.seen.append(("handled", ev.seat))

    def foreign_event(self, ev: Event) -> None:
        self.seen.append(("foreign", type(ev).__name__))


def _table(cls: type[BaseTable]) -> BaseTable:
    log = full_game()
    t = cls(log.rounds[0], log.rules, None, "x", [])
    t.seen = []  # type: ignore[attr-defined]
    return t


def test_a_family_registers_its_event_and_the_generic_loop_dispatches_it_by_class():
    try:
        assert event_classes("toy-events") == (Bonus,)

        class Handles(_Table):
            handlers = {Bonus: _Table._bonus}

        t = _table(Handles)
        t.play([Bonus(2), RiichiDeclared(1)], lambda *a: None)
        assert t.seen == [("handled", 2), ("foreign", "RiichiDeclared")]
        t = _table(_Table)  # no handler: another family's event
        t.play([Bonus(3)], lambda *a: None)
        assert t.seen == [("foreign", "Bonus")]
    finally:
        unregister_event(Bonus)
    assert event_classes("toy-events") == ()


def test_a_riichi_declaration_in_a_beijing_hand_is_an_illegal_action():
    log = full_game()
    rnd = log.rounds[0]
    events = (RiichiDeclared(rnd.dealer),) + rnd.events
    bad = dataclasses.replace(log, rounds=(dataclasses.replace(rnd, events=events),) + log.rounds[1:])
    errors = [f for f in replay(bad).findings if f.severity is Severity.ERROR]
    assert any("RiichiDeclared: Beijing mahjong has no flowers, riichi or dora" in f.message for f in errors)
