"""Each family names its hands in its own words through one register of the IR
(:func:`mjlog.ir.register_round_name`, keyed by the class of the round's payload); a round whose
payload's class registered no name is named as riichi names it."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from mjlog.ir import Round, register_round_name, unregister_round_name
from mjlog.rules.beijing.record import BeijingHand
from mjlog.rules.datong.record import DatongHand
from mjlog.rules.mcr.record import McrHandRecord


def hand(kyoku: int, honba: int = 0, sticks: int = 0, payload: object = None) -> Round:
    return Round(0, kyoku, honba, sticks, kyoku % 4, (0,) * 4, (0, 0), None, ((),) * 4, payload=payload)


@dataclass(frozen=True)
class ToyHand:
    """A toy family's round payload."""


def test_a_riichi_round_is_named_with_its_honba_and_sticks():
    assert hand(1, 2, 1).name == "East 2, 2 honba, 1 stick"
    assert hand(4).name == "South 1" and hand(5, 0, 3).name == "South 2, 3 sticks"


def test_a_riichi_name_kept_for_its_counters_is_the_name_worked_out():
    from mjlog.ir import _riichi_name

    assert hand(6, 1, 2).name == hand(6, 1, 2).name == _riichi_name(hand(6, 1, 2)) == "South 3, 1 honba, 2 sticks"
    # True equals 1 as a key, but is written as text: such a round is named as it always was
    assert hand(1, 1).name == "East 2, 1 honba" and hand(1, True).name == "East 2, True honba"
    for _ in range(2):   # a kyoku past the winds names no wind, asked once or again
        with pytest.raises(IndexError):
            _ = hand(20).name


def test_a_beijing_round_counts_the_dealers_lianzhuang_in_its_words():
    beijing = BeijingHand(wild_indicator=0)
    assert hand(1, 1, payload=beijing).name == "East 2, 連莊 1"
    assert hand(4, payload=beijing).name == "South 1"
    assert "honba" not in hand(1, 3, payload=beijing).name


def test_a_datong_round_counts_the_dealers_renchan_in_its_sources_word():
    assert hand(1, 1, payload=DatongHand()).name == "East 2, 連庄 1"
    assert hand(7, payload=DatongHand()).name == "South 4"


def test_an_mcr_round_is_the_hand_of_the_match_without_a_counter():
    assert hand(4, payload=McrHandRecord(prevalent_wind=1)).name == "hand 5"
    assert hand(0, payload=McrHandRecord()).name == "hand 1"


def test_a_registered_payload_class_names_its_rounds_and_another_namer_is_refused():
    def toy_name(rnd: Round) -> str:
        return f"toy {rnd.kyoku}"

    register_round_name(ToyHand, toy_name)
    try:
        assert hand(3, 1, payload=ToyHand()).name == "toy 3"
        register_round_name(ToyHand, toy_name)  # the same namer again is no conflict
        with pytest.raises(ValueError, match="already registered"):
            register_round_name(ToyHand, lambda rnd: "other")
    finally:
        unregister_round_name(ToyHand)
    assert hand(3, 1, payload=ToyHand()).name == "East 4, 1 honba"
