"""The Beijing family on the family seam: registered, its presets and knobs, its win items."""

from __future__ import annotations

import dataclasses

import pytest

from mjlog.rules.results import DerivedWin
from mjlog.rules import families, family, family_of_preset, find_preset
from mjlog.rules.beijing import KNOB_DOCS, PRESETS, BeijingRules, score_hand
from mjlog.rules.family import ScoreRequest, apply_knobs


def test_beijing_is_a_registered_family_with_both_rotations():
    assert "beijing" in families()
    fam = family("beijing")
    assert fam.value_unit == "fan" and fam.tile_count == 136
    assert family_of_preset("beijing-ccw") is fam and find_preset("beijing").rotation == "source"


def test_every_knob_has_one_line_of_meaning():
    fields = [f.name for f in dataclasses.fields(BeijingRules)]
    assert list(KNOB_DOCS) == fields and all(KNOB_DOCS.values())
    assert family("beijing").knob_docs() is KNOB_DOCS


def test_the_source_rotation_passes_the_deal_to_north_and_ccw_to_south():
    src, ccw = PRESETS["beijing"], PRESETS["beijing-ccw"]
    assert [src.next_seat(s) for s in range(4)] == [3, 0, 1, 2]
    assert [ccw.next_seat(s) for s in range(4)] == [1, 2, 3, 0]


def test_knobs_change_by_text_and_bad_values_are_refused():
    rules = apply_knobs(PRESETS["beijing"], "dealer_fan=b;burn_on_draw=False;mutual_tsumo=one")
    assert (rules.dealer_fan, rules.burn_on_draw, rules.mutual_tsumo, rules.name) == ("b", False, "one", "beijing+custom")
    for bad in ("dealer_fan=c", "rotation=cw", "base=0", "colour=red"):
        with pytest.raises(ValueError):
            apply_knobs(PRESETS["beijing"], bad)


def test_win_items_and_value_are_the_fan_lines_and_their_sum():
    value = score_hand("999p111s55z22z2z", ["pon:111m"], tsumo=True, winner_is_dealer=True)
    win = DerivedWin(0, 0, value, (9, -3, -3, -3), tsumo=True)  # type: ignore[arg-type]
    fam = family("beijing")
    assert [(i.name, i.english, i.value) for i in fam.store.win_items(win)] == [("莊", "Dealer", 1), ("對對和", "All pungs", 2)]
    assert fam.store.win_value(win) == 3


def test_the_family_scores_a_request_with_its_payments():
    req = ScoreRequest("123m456p789s11z34m5m", PRESETS["beijing"], seat_wind=1, discarder=0, wild="9s",
                       burn_rounds=3, mutual=(3,))
    scored = family("beijing").scorer.score(req)
    assert scored.unit == "fan" and scored.total == 2
    assert [(i.name, i.value) for i in scored.side] == [("燒莊", 4)]


def test_riichi_win_items_name_each_yaku():
    from mjlog.rules.riichi import score_hand as riichi_score

    v = riichi_score("234m456p678s22z345p", tsumo=True, riichi=True, seat_wind=2)
    win = DerivedWin(2, 2, v, (0, 0, 0, 0), tsumo=True)
    items = family("riichi").store.win_items(win)
    assert [(i.name, i.english) for i in items][:2] == [("立直", "Riichi"), ("門前清自摸和", "Menzen tsumo")]
