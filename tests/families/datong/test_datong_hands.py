"""Each Datong hand type on a hand that is it, and the knobs that change what a hand is."""

from __future__ import annotations

import pytest

from mjlog.errors import InvalidHandError
from mjlog.rules.datong.by_hand import evaluate_text
from mjlog.rules.datong.ruleset import PRESETS

DATONG = PRESETS["datong"]


def names(hand: str, calls: tuple[str, ...] = (), tsumo: bool = False, rules=DATONG) -> tuple[list[str], int]:
    value = evaluate_text(hand, calls, tsumo=tsumo, rules=rules)
    return [t.name for t in value.types], value.multiplier


@pytest.mark.parametrize(("hand", "calls", "want"), [
    ("123m456p789s23m55z4m", (), (["屁和"], 1)),                 # the 4m ends a run at its edge
    ("123m456p789s24m55z3m", (), (["坎和"], 1)),                 # the 3m fills the middle of 234m
    ("123m456p789s55z66z6z", (), (["堆和"], 1)),                 # the 6z completes a triplet
    ("23334m456p789s55z3m", (), (["坎堆和"], 1)),                # the 3m is both
    ("123m345m777m88m99m9m", (), (["堆和", "清一色"], 2)),
    ("123456789m111z5z5z", (), (["一條龍"], 1)),
    ("12345678m99m111m9m", (), (["清一色套龍"], 2)),
    ("111m999p777s222z5z5z", (), (["碰碰胡"], 2)),
    ("11m99p9p", ("pon:555z", "kan:2222s", "ankan:7777p"), (["堆和", "碰碰胡"], 2)),
    ("1122m3344p5566s7z7z", (), (["七對"], 2)),
    ("19m19p19s1234567z1m", (), (["十三幺"], 6)),
])
def test_each_hand_type_is_found(hand, calls, want):
    assert names(hand, calls) == want


def test_seven_pairs_of_one_suit_doubles_twice_over_its_regular_reading():
    assert names("11223344556677m") == (["清一色", "七對"], 4)


def test_stacking_knob_multiplies_or_keeps_the_highest():
    hand, calls = "111m333m777m9m9m", ("pon:555m",)
    assert names(hand, calls, tsumo=True) == (["清一色", "碰碰胡"], 4)
    assert names(hand, calls, tsumo=True, rules=DATONG.replace(stacking="highest")) == (["清一色", "碰碰胡"], 2)


def test_dragon_multiplier_knob_prices_the_dragon():
    assert names("123456789m111z5z5z", rules=DATONG.replace(dragon_multiplier=2)) == (["一條龍"], 2)
    assert names("12345678m99m111m9m", rules=DATONG.replace(dragon_multiplier=2)) == (["清一色套龍"], 4)


def test_seven_pairs_quad_knob_decides_whether_four_of_a_kind_is_two_pairs():
    assert names("1111m3344p5566s7z7z") == (["七對"], 2)
    with pytest.raises(InvalidHandError, match="not complete"):
        evaluate_text("1111m3344p5566s7z7z", rules=DATONG.replace(seven_pairs_quad=False))


def test_kan_meaning_knob_reads_kan_as_a_concealed_triplet():
    hand = "111m456p789s234m5z5z"
    assert names(hand) == (["屁和"], 1)
    assert names(hand, rules=DATONG.replace(kan_meaning="concealed")) == (["坎和"], 1)


def test_kan_win_is_glossed_by_its_reading_never_as_riichis_kan():
    """坎和's English follows ``kan_meaning``: the middle tile by default, the concealed triplet under
    'concealed'; 坎 is not the kong (杠) that riichi calls kan."""
    wait = evaluate_text("123m456p789s24m55z3m", (), tsumo=False, rules=DATONG)
    concealed = evaluate_text("111m456p789s234m5z5z", (), tsumo=False, rules=DATONG.replace(kan_meaning="concealed"))
    assert [(t.name, t.english) for t in wait.types] == [("坎和", "middle-tile win")]
    assert [(t.name, t.english) for t in concealed.types] == [("坎和", "concealed-triplet win")]
    both = evaluate_text("23334m456p789s55z3m", (), tsumo=False, rules=DATONG)
    assert [t.english for t in both.types] == ["middle-tile and pile win"]


def test_a_claimed_run_is_refused_while_the_chi_knob_is_off():
    with pytest.raises(InvalidHandError, match="no chow 吃"):
        evaluate_text("456p789s23m55z4m", ("chi:123m",))
    assert names("456p789s23m55z4m", ("chi:123m",), rules=DATONG.replace(chi=True)) == (["屁和"], 1)


@pytest.mark.parametrize(("hand", "message"), [
    ("123m456p789s23m55z", "14 tiles"),
    ("123m456p789s23m55z6m", "not complete"),
    ("123m456p789s24m55z0m", "red fives"),
])
def test_a_hand_that_cannot_win_is_a_typed_error(hand, message):
    with pytest.raises(InvalidHandError, match=message):
        evaluate_text(hand)


def test_more_than_four_of_a_kind_across_hand_and_calls_is_refused():
    with pytest.raises(InvalidHandError, match="more than four"):
        evaluate_text("11m456p789s555z", ("kan:1111m",))


@pytest.mark.parametrize("chi", ["chi:89m1p", "chi:9m12p", "chi:89p1s"])
def test_a_chi_that_runs_across_two_suits_is_refused_as_beijings_is(chi):
    """A written chi is a run of one suit: 8m 9m 1p are consecutive kinds but no run (Beijing refused it
    already; the two families' scorers now read calls with one parser)."""
    with pytest.raises(InvalidHandError, match="not a run of one suit"):
        evaluate_text("456p789s23m55z4m", (chi,), tsumo=True, rules=DATONG.replace(chi=True))
