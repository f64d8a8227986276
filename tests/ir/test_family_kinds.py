"""Call kinds and the store's event kinds are generic or a family's own: riichi's kita is a call kind
of the riichi package, and each family registers the store names and codes of its own events."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import ClassVar

import pytest

from mjlog import ir

from mjlog.ir import event_kinds
from mjlog.ir.event_kinds import kind_names, kind_of, register_event_kind, unregister_event_kind
from mjlog.ir import CallKind, Event, call_kind, call_kinds, register_call_kinds, unregister_call_kinds
from mjlog.rules.riichi.events import KITA, NewDora, RiichiAccepted, RiichiDeclared

#: The events.kind codes every store has had (docs/schema.md): they must not move.
TODAYS_EVENT_KINDS = ("draw", "discard", "call", "riichi_declared", "riichi_accepted", "new_dora",
                      "disconnect", "reconnect", "win", "ryuukyoku", "other")


def test_kita_is_riichis_call_kind_not_the_irs():
    assert [k.value for k in CallKind] == ["chi", "pon", "kakan", "daiminkan", "ankan"]
    assert not hasattr(CallKind, "KITA")
    assert call_kind("kita") is KITA and not KITA.is_open and not KITA.is_kan
    assert [k.value for k in call_kinds()][:6] == ["chi", "pon", "kakan", "daiminkan", "ankan", "kita"]


def test_an_unknown_call_kind_is_a_value_error():
    with pytest.raises(ValueError, match="unknown call kind 'steal'"):
        call_kind("steal")


class ToyCall(str, Enum):
    STEAL = "steal"

    @property
    def is_kan(self) -> bool:
        return False

    @property
    def is_open(self) -> bool:
        return True


def test_a_family_registers_its_own_call_kind_and_takes_it_away():
    register_call_kinds(ToyCall)
    try:
        assert call_kind("steal") is ToyCall.STEAL and call_kinds()[-1] is ToyCall.STEAL
    finally:
        unregister_call_kinds(ToyCall)
    with pytest.raises(ValueError):
        call_kind("steal")


def test_a_call_kind_of_a_registered_name_is_refused():
    class Clash(str, Enum):
        KITA = "kita"

    with pytest.raises(ValueError, match="'kita' is already registered"):
        register_call_kinds(Clash)
    assert call_kind("kita") is KITA


def test_todays_event_kind_codes_do_not_move():
    assert kind_names()[: len(TODAYS_EVENT_KINDS)] == TODAYS_EVENT_KINDS
    assert [kind_of(c).code for c in (RiichiDeclared, RiichiAccepted, NewDora)] == [3, 4, 5]


def test_riichis_event_kinds_are_registered_by_the_riichi_package_not_the_generic_module():
    source = open(event_kinds.__file__, encoding="utf-8").read()
    code = source.split('"""', 2)[2]  # past the module's docstring
    assert "mjlog.rules" not in code and "new_dora" not in code
    assert kind_of(RiichiAccepted).seat and kind_of(NewDora).tile and not kind_of(NewDora).seat


@dataclass(frozen=True, slots=True)
class Knock(Event):
    family: ClassVar[str | None] = "toy-kinds"
    seat: int


def test_a_taken_code_or_name_is_refused_and_a_new_kind_is_added_after_other():
    with pytest.raises(ValueError, match="code 3 is already 'riichi_declared'"):
        register_event_kind(Knock, "knock", 3)
    with pytest.raises(ValueError, match="'draw' already has another code"):
        register_event_kind(Knock, "draw", 40)
    with pytest.raises(ValueError, match="outside 0..127"):
        register_event_kind(Knock, "knock", 128)
    register_event_kind(Knock, "knock", 13, seat=True)
    try:   # 11 is Datong's leave_table where its family is loaded
        names = kind_names()
        assert names[10] == "other" and names[12:] == ("", "knock") and kind_of(Knock).seat
    finally:
        unregister_event_kind(Knock)
    assert kind_of(Knock) is None and "knock" not in kind_names()


def test_the_generic_ir_names_no_riichi_call_kind():
    source = open(ir.__file__, encoding="utf-8").read()
    assert "KITA" not in source and '"kita"' not in source
