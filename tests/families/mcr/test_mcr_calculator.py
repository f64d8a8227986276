"""mjlog's MCR fan calculator: hands, exclusions, the situation, flowers, editions, and the family."""

from __future__ import annotations

import dataclasses
import re

import pytest

from mjlog.rules.results import DerivedWin
from mjlog.rules import family
from mjlog.rules.mcr import (
    FANS, KNOB_DOCS, MCR, PRESETS, McrHandError, McrRules, NotAWinError, WinSituation, parse_hand, score,
)
from mjlog.rules.mcr.fans import Fan


def fans(text: str, **situation) -> dict[int, int]:
    return {line.number: line.count for line in score(parse_hand(text), WinSituation(**situation)).lines}


def test_fan_table_has_81_numbered_fans_and_the_mil_kong_fan():
    assert sorted(FANS) == list(range(1, 83))
    assert [FANS[n].value for n in (1, 8, 14, 16, 19, 28, 34, 39, 48, 55, 59, 69, 81, 82)] == \
        [88, 64, 48, 32, 24, 16, 12, 8, 6, 4, 2, 1, 1, 5]


def test_fan_enum_names_every_number_of_the_table_by_its_english_name():
    assert [int(f) for f in Fan] == sorted(FANS)
    assert {f.name: int(f) for f in Fan} == {
        re.sub(r"[^A-Za-z0-9]+", "_", d.english).strip("_").upper(): n for n, d in FANS.items()}
    assert Fan.ALL_PUNGS == 48 and FANS[Fan.ALL_PUNGS].name == "碰碰和"


def test_parse_hand_reads_melds_kongs_flowers_and_the_winning_tile():
    h = parse_hand("[123m](5555p)[7777s]+ 1z1z 9p9p 9p 1357f")
    assert [(m.kind, m.concealed, m.added) for m in h.melds] == [
        ("chow", False, False), ("kong", True, False), ("kong", False, True)]
    assert h.win_tile // 4 == 17 and h.flowers == (136, 138, 140, 142)
    assert len({*h.concealed, h.win_tile, *(t for m in h.melds for t in m.tiles)}) == 14 + 2


@pytest.mark.parametrize("text", ["123x", "[12m]123456789p11z", "11111m23456789p1z", "123m456p789s 1z",
                                  "[123m](555p)456p789s11z 1z", "123m456p789s123s1z 1z 99f"])
def test_parse_hand_rejects_bad_text_with_a_typed_error(text):
    with pytest.raises(McrHandError):
        parse_hand(text)


def test_score_raises_not_a_win_for_tiles_that_do_not_win():
    with pytest.raises(NotAWinError):
        score(parse_hand("123m456p789s13s1z1z 2z"))


def test_situation_rejects_a_robbed_kong_that_is_self_drawn():
    with pytest.raises(McrHandError):
        WinSituation(self_drawn=True, robbed_kong=True)


def test_false_win_below_eight_fan_and_flowers_do_not_lift_it():
    r = score(parse_hand("[444z] 77789m 11888p 7m 123f"))
    assert (r.fan_total, r.flowers, r.total, r.false_win) == (6, 3, 9, True)
    assert r.lines[-1].number == 81 and r.lines[-1].count == 3


def test_flowers_are_added_after_the_search():
    plain = score(parse_hand("258m23469p14788s 3p"))
    flowered = score(parse_hand("258m23469p14788s 3p 8f"))
    assert flowered.total == plain.total + 1 and flowered.fan_total == plain.fan_total


def test_take_the_highest_reading_pungs_over_identical_chows_when_they_score_more():
    got = fans("111222333m 9p 789s 9p")
    assert got[24] == 1 and got[33] == 1 and 23 not in got      # 一色三节高 + 三暗刻 beat 一色三同顺


def test_account_once_four_chows_give_at_most_three_pair_fans():
    got = fans("234567s234567p 1z 1z")
    assert got.get(70, 0) + got.get(71, 0) == 3 and got[70] == 2


def test_last_tile_draw_replaces_self_drawn_and_last_tile_claim_on_a_discard():
    assert 44 in fans("123m456p789s234s5m 5m", self_drawn=True, wall_last=True)
    assert 80 not in fans("123m456p789s234s5m 5m", self_drawn=True, wall_last=True)
    assert 45 in fans("123m456p789s234s5m 5m", wall_last=True)


def test_kong_replacement_needs_a_kong():
    assert 46 in fans("[1111m]456p789s234s5m 5m", self_drawn=True, after_kong=True)
    assert 46 not in fans("123m456p789s234s5m 5m", self_drawn=True, after_kong=True)


def test_robbing_a_kong_leaves_out_last_copy():
    got = fans("123m456p78s234s55m 9s", robbed_kong=True, last_copy=True)
    assert 47 in got and 58 not in got


def test_last_copy_is_certain_when_the_other_three_are_in_ones_meld():
    assert 58 in fans("[555p]123m789s46p99m 5p")


def test_kong_series_counts_one_fan_concealed_and_melded_kong_is_82():
    got = fans("[5555m](7777p)123m456p9s 9s")
    assert got == {82: 1, 76: 1, 79: 1}


def test_edition_knob_changes_the_wait_of_a_knitted_straight_tile():
    hand = parse_hand("258m23469p14788s 3p")
    book, mil = score(hand), score(hand, rules=MCR.replace(edition="mil"))
    assert book.total == 16 and mil.total == 17
    assert {line.number for line in mil.lines} - {line.number for line in book.lines} == {78}


def test_rule_sets_have_a_knob_doc_for_every_field():
    assert {f.name for f in dataclasses.fields(McrRules)} == set(KNOB_DOCS)
    assert PRESETS["mcr"].payments == "standard" and PRESETS["mcr-duplicate"].payments == "duplicate"
    assert PRESETS["mcr"].edition == "book-2006" and not PRESETS["mcr"].renchan


def test_mcr_family_is_registered_and_lists_fans_of_a_win():
    fam = family("mcr")
    assert fam.value_unit == "fan" and fam.tile_count == 144 and fam.knob_docs() is KNOB_DOCS
    result = score(parse_hand("[444z] 77789m 11888p 7m 12f"))
    win = DerivedWin(0, 1, result, (0, 0, 0, 0))            # type: ignore[arg-type]
    items = fam.store.win_items(win)
    assert [i.item_id for i in items] == [64, 66, 73, 75, 81, 81]
    assert fam.store.win_value(win) == 8


def test_docs_fan_table_matches_the_fan_definitions():
    from pathlib import Path

    from mjlog.rules.mcr.fans import BOOK_EXCLUDES, SOURCE_EXCLUDES

    def names(numbers) -> str:
        return ", ".join(FANS[e].name for e in numbers)

    text = (Path(__file__).resolve().parents[3] / "docs" / "mcr.md").read_text(encoding="utf-8")
    rows = [line for line in text.splitlines() if line.startswith("| ") and line.split("|")[1].strip().isdigit()]
    want = [f"| {n} | {f.name} | {f.english} | {f.value} | {names(SOURCE_EXCLUDES.get(n, ()))} | "
            f"{names(BOOK_EXCLUDES.get(n, ()))} |" for n, f in FANS.items()]
    assert rows == want


def test_hostile_text_and_hands_give_typed_errors_only():
    import random

    from mjlog.rules.mcr import McrHand, Meld

    rng = random.Random(5)
    for _ in range(3000):
        text = "".join(rng.choice("0123456789mpszf[]()+ ") for _ in range(rng.randrange(30)))
        try:
            score(parse_hand(text))
        except McrHandError:
            pass
    for _ in range(3000):
        ids = rng.sample(range(150), 14)
        kind = rng.choice(["chow", "pung", "kong", "x"])
        hand = (McrHand(tuple(ids[3:13]), (Meld(kind, tuple(ids[:3])),), ids[13]) if rng.random() < 0.5  # type: ignore[arg-type]
                else McrHand(tuple(ids[:13]), (), ids[13], tuple(rng.sample(range(130, 146), rng.randrange(3)))))
        try:
            score(hand, WinSituation(self_drawn=rng.random() < 0.5))
        except McrHandError:
            pass


def test_mcr_presets_are_described_for_the_rules_list():
    line = family("mcr").text.describe_preset(PRESETS["mcr-duplicate"])
    assert line == "4 players, 16 hands, no renchan, 8-fan minimum, duplicate payments, edition book-2006"


def test_payments_follow_the_rules_examples_and_the_duplicate_double_win():
    from mjlog.rules.mcr import MCR_DUPLICATE, false_win_deltas, win_deltas

    assert win_deltas({0: 9}, 1) == (33, -17, -8, -8)
    assert win_deltas({2: 10}, None) == (-18, -18, 54, -18)
    assert win_deltas({1: 12, 3: 12}, 0, MCR_DUPLICATE) == (-32, 36, -8, 36)   # PMN example 2
    assert false_win_deltas(0) == (-30, 10, 10, 10)
    for bad in (({1: 12, 3: 12}, 0, MCR), ({0: 9}, 0, MCR), ({0: 9, 1: 8}, None, MCR), ({}, 1, MCR)):
        with pytest.raises(ValueError):
            win_deltas(*bad)
