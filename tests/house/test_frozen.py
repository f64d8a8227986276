"""mjlog.frozen.builder gives exactly the object the dataclass constructor gives, and refuses
classes it cannot build faithfully."""

from __future__ import annotations

import copy
import dataclasses
import pickle

import pytest

from mjlog.frozen import builder
from mjlog.ir import Call, CallKind, Discard, Draw, Round, Seed, Win
from mjlog.rules.results import DerivedWin, RoundResult
from mjlog.rules.riichi.context import WinContext
from mjlog.rules.riichi.record import RiichiWin, riichi_win
from mjlog.rules.riichi.value import HandValue


def _values(cls) -> tuple:
    """A distinct, field-typed-enough value per field (builder does not look at types)."""
    return tuple((i, f.name) if i % 3 else i for i, f in enumerate(dataclasses.fields(cls)))


@pytest.mark.parametrize("cls", [Round, Win, RiichiWin, WinContext, DerivedWin, RoundResult, HandValue, Draw, Discard])
def test_built_object_equals_the_constructed_one(cls):
    values = _values(cls)
    built, made = builder(cls)(*values), cls(*values)
    assert type(built) is cls
    assert built == made and hash(built) == hash(made) and repr(built) == repr(made)
    assert dataclasses.astuple(built) == dataclasses.astuple(made)
    assert pickle.loads(pickle.dumps(built)) == made and copy.copy(built) == made
    name = dataclasses.fields(cls)[0].name
    with pytest.raises(dataclasses.FrozenInstanceError):
        setattr(built, name, 99)


def test_real_events_built_alike():
    call = Call(1, CallKind.PON, (4, 5, 6), 6, 0)
    record = builder(RiichiWin)(30, 0, ((8, 1),), (), (3,), (), None)
    assert record == RiichiWin(fu=30, yaku=((8, 1),), dora_indicators=(3,))
    win = builder(Win)(2, 0, (1, 2), 2, (call,), 1000, 0, 0, (25000,) * 4, (0, 0, 1000, -1000), (), record)
    assert win == Win(2, 0, (1, 2), 2, melds=(call,), points=1000, scores_before=(25000,) * 4,
                      deltas=(0, 0, 1000, -1000), payload=record)
    assert win == riichi_win(2, 0, (1, 2), 2, (call,), fu=30, points=1000, yaku=((8, 1),), dora_indicators=(3,),
                             scores_before=(25000,) * 4, deltas=(0, 0, 1000, -1000))
    assert builder(Seed)("mt19937ar", "AB", "mt19937ar,AB") == Seed("mt19937ar", "AB", "mt19937ar,AB")


def test_classes_it_cannot_build_are_refused():
    @dataclasses.dataclass(slots=True)
    class Loose:
        x: int

    @dataclasses.dataclass(frozen=True)
    class NoSlots:
        x: int

    @dataclasses.dataclass(frozen=True, slots=True)
    class Checked:
        x: int

        def __post_init__(self) -> None:
            if self.x < 0:
                raise ValueError("negative")

    for cls in (Loose, NoSlots, Checked, int):
        with pytest.raises(TypeError):
            builder(cls)
