"""The Beijing fan scorer: each fan of the table, wild tiles, and the wins the rules refuse."""

from __future__ import annotations

import pytest

from mjlog.errors import InvalidHandError
from mjlog.rules.beijing import PRESETS, IllegalWinError, score_hand
from mjlog.rules.beijing.readings import wild_kind


#: 捉五魁 on any win whose 5m fills 4m-6m (the reading other than the source's).
ANY_FIVE = PRESETS["beijing"].replace(zhuo_wu_kui="any")


def fans(hand: str, calls=(), **kw) -> dict[str, int]:
    return {f.name: f.value for f in score_hand(hand, calls, **kw).fans}


def test_plain_win_only_when_no_pattern_fan_applies():
    assert fans("123m456p789s11z34m5m", wild="9s") == {"推倒和": 1}
    assert "推倒和" not in fans("999p111s55z22z2z", ["pon:111m"], tsumo=True)
    assert "推倒和" not in fans("123m456p789s11z34m5m", wild="9s", last_tile=True, tsumo=True)


def test_concealed_without_wild_needs_no_call_and_no_wild_tile():
    assert fans("123m456p789s11z34m5m") == {"推倒和": 1, "門清無惠": 1}
    assert "門清無惠" in fans("456p789s11z34m5m", ["ankan:1111m"])
    assert "門清無惠" not in fans("456p789s11z34m5m", ["pon:111m"], tsumo=True)
    assert "門清無惠" not in fans("123m456p789s11z34m5m", wild="9s")


def test_all_pungs():
    assert fans("999p111s55z22z2z", ["pon:111m"], tsumo=True) == {"對對和": 2}
    assert "對對和" not in fans("1122m3344p5566s7z7z")  # seven pairs are not four pungs


def test_seven_pairs_and_luxury_seven_pairs_without_seven_pairs():
    assert fans("1122m3344p5566s7z7z") == {"門清無惠": 1, "七對子": 4}
    assert fans("1111m2233p4455s6z6z") == {"門清無惠": 1, "豪華七對子": 8}


def test_closed_wait_on_five_characters():
    assert fans("4m6m789p789s22z777z5m", wild="1s") == {"門清無惠": 1, "捉五魁": 2}
    assert "捉五魁" not in fans("34m789p789s22z777z5m", wild="1s")  # an open wait on 2m-5m
    assert "捉五魁" not in fans("4p6p789p789s22z777z5p", wild="1s")  # five dots, not characters


def test_closed_five_counts_only_when_the_hand_waited_on_5m_alone_as_the_source_says():
    # 4666m waits on 4m (44 + 666) and on 5m (456 + 66): the source's 捉五魁 "只和嵌單五萬一張牌" is not met
    assert fans("111p789s123s4666m5m") == {"推倒和": 1, "門清無惠": 1}
    assert fans("111p789s123s4666m5m", rules=ANY_FIVE) == {"門清無惠": 1, "捉五魁": 2}
    assert PRESETS["beijing"].zhuo_wu_kui == PRESETS["beijing-ccw"].zhuo_wu_kui == "only"


def test_a_wild_winning_tile_that_fills_a_wait_on_5m_alone_makes_closed_five():
    # 46m waits on 5m alone; the wild 1s drawn stands for it
    assert fans("4m6m789p789s22z777z1s", wild="1s", tsumo=True) == {"捉五魁": 2}


def test_big_single_wait_counts_called_sets_only_as_the_source_says_unless_closed_kans_count_too():
    calls = ["ankan:1111p", "pon:999s", "pon:222s", "chi:123m"]
    assert fans("1z1z", calls, tsumo=True) == {"推倒和": 1}                  # the source: "吃碰12張牌"
    assert fans("1z1z", calls, tsumo=True, rules=PRESETS["beijing"].replace(da_diao="any")) == {"大釣": 2}
    assert fans("1z1z", ["kan:1111p", *calls[1:]], tsumo=True) == {"大釣": 2}  # an open kan is a called set
    assert PRESETS["beijing"].da_diao == PRESETS["beijing-ccw"].da_diao == "called"


def test_wild_tiles_take_the_reading_with_the_most_fan():
    # 4m + wild + 5m: the wild as 3m gives 345m (plain), as 6m the closed wait 456m (捉五魁 when any
    # closed 5m counts: with the wild the hand also waits elsewhere)
    v = score_hand("4m1s789p789s22z777z5m", wild="1s", rules=ANY_FIVE)
    assert {f.name for f in v.fans} == {"捉五魁"} and v.wilds == 1
    assert v.reading.count(5) == 1  # 6m stood in


def test_a_wild_winning_tile_stands_for_what_the_best_reading_needs():
    v = score_hand("1112345678m99m9p9m", wild="9p")  # the wild completes nine gates as a pure straight and flush
    assert {"一條龍", "清一色"} <= {f.name for f in v.fans}


def test_big_single_wait_after_four_calls():
    assert fans("5p5p", ["chi:123m", "pon:777s", "chi:456m", "pon:222z"], tsumo=True) == {"大釣": 2}
    assert fans("5p5p", ["pon:111m", "pon:777s", "pon:999m", "pon:222z"], tsumo=True) == {"對對和": 2, "大釣": 2}


def test_last_tile_on_the_draw_and_on_its_discard():
    assert fans("123m456p789s11z34m5m", wild="9s", tsumo=True, last_tile=True) == {"海底撈月": 2}
    v = score_hand("123m456p789s11z34m5m", wild="9s", last_tile=True)  # the source: "加1番" on the discard
    assert [(f.name, f.english, f.value) for f in v.fans] == [("海底撈月", "Win on the last tile's discard", 1)]


def test_pure_straight_and_full_flush():
    assert fans("123456789m11p23p4p") == {"門清無惠": 1, "一條龍": 3}
    assert fans("123456789m11m23m4m") == {"門清無惠": 1, "一條龍": 3, "清一色": 6}
    assert "一條龍" not in fans("123456m789p11p23p4p")


def test_win_on_a_kan_replacement():
    assert fans("456p789s11z34m5m", ["ankan:9999p"], tsumo=True, after_kan=True) == {"門清無惠": 1, "杠上開花": 5}
    with pytest.raises(InvalidHandError, match="self-draw"):
        score_hand("123m456p789s11z34m5m", after_kan=True)


def test_four_wild_tiles_are_the_automatic_win():
    v = score_hand("1s1s1s13m579p24s7z1m2m1s", wild="1s", tsumo=True, winner_is_dealer=True)
    assert [(f.name, f.value) for f in v.fans] == [("莊", 1), ("四惠牌", 8)] and v.form == "four-wilds"


def test_heavenly_win_without_dealer_and_earthly_win():
    assert fans("123m456p789s11z34m5m", wild="9s", tsumo=True, winner_is_dealer=True, first_turn=True) == {"天和": 10}
    assert fans("123m456p789s11z34m5m", wild="9s", tsumo=True, first_turn=True) == {"地和": 8}
    with pytest.raises(InvalidHandError, match="天和"):
        score_hand("123m456p789s11z34m5m", winner_is_dealer=True, first_turn=True)


def test_dealer_fan_when_the_dealer_wins_or_deals_in_not_on_a_non_dealer_self_draw():
    assert "莊" in fans("123m456p789s11z34m5m", winner_is_dealer=True)
    assert "莊" in fans("123m456p789s11z34m5m", discarder_is_dealer=True)
    assert "莊" not in fans("123m456p789s11z34m5m", tsumo=True)


def test_dealer_fan_reading_b_needs_the_dealer_to_pay():
    b = PRESETS["beijing"].replace(dealer_fan="b")
    assert "莊" not in fans("123m456p789s11z34m5m", discarder_is_dealer=True, dealer_pays=False, rules=b)
    assert "莊" in fans("123m456p789s11z34m5m", discarder_is_dealer=True, dealer_pays=False)


def test_a_win_on_a_discard_after_a_call_is_refused():
    with pytest.raises(IllegalWinError, match="only by self-draw"):
        score_hand("456p789s11z34m5m", ["chi:123m"])
    with pytest.raises(IllegalWinError, match="robbing a kong"):
        score_hand("456p789s11z34m5m", ["pon:111m"], robbed_kan=True)
    assert fans("456p789s11z34m5m", ["pon:111m"], tsumo=True) == {"推倒和": 1}


def test_three_wild_tiles_win_only_by_self_draw():
    with pytest.raises(IllegalWinError, match="3 wild tiles"):
        score_hand("1s1s1s456p789s11z34m5m", wild="1s")
    # by self-draw it wins, the wilds read as 3m 3m 6m: 333m and the closed wait 4m-6m on 5m (捉五魁
    # when any closed 5m counts; the hand also waited elsewhere, so not under the source's reading)
    assert fans("1s1s1s456p789s11z34m5m", wild="1s", tsumo=True, rules=ANY_FIVE) == {"捉五魁": 2}
    assert fans("1s1s1s456p789s11z34m5m", wild="1s", tsumo=True) == {"推倒和": 1}


def test_illegal_wins_are_value_errors_and_not_winning_hands_are_not_illegal():
    with pytest.raises(InvalidHandError, match="not a winning hand") as info:
        score_hand("123m456p789s11z24m5m")
    assert not isinstance(info.value, IllegalWinError) and isinstance(info.value, ValueError)


def test_bad_text_is_an_invalid_hand():
    for hand in ("123m456p789s11z34m0m", "123m8z", "12345m"):
        with pytest.raises(InvalidHandError):
            score_hand(hand)
    with pytest.raises(InvalidHandError, match="copies"):
        score_hand("11111m456p789s11z5m")


def test_wild_tile_follows_its_indicator_with_the_sources_dragon_cycle():
    assert [wild_kind(k) for k in (0, 8, 17, 26)] == [1, 0, 9, 18]
    assert [wild_kind(k) for k in (27, 28, 29, 30)] == [28, 29, 30, 27]
    assert [wild_kind(k) for k in (33, 32, 31)] == [32, 31, 33]  # 中 → 發 → 白 → 中
