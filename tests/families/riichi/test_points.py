"""Limits, basic points and payments (4p and sanma tsumo-loss), one test per rule."""

from __future__ import annotations


from mjlog.rules.riichi import basic_points, limit_of, payments, score_hand
from mjlog.rules.riichi.points import c100
from mjlog.rules.riichi.ruleset import PRESETS, RuleSet

P4 = PRESETS["tenhou-4p-south"]
P3 = PRESETS["tenhou-3p-south"]


def test_points_basic_is_fu_times_2_to_han_plus_2():
    assert basic_points(1, 30, 0) == 240 and basic_points(3, 40, 0) == 1280


def test_points_round_up_to_100():
    assert c100(960 * 4) == 3900 and c100(1000) == 1000


def test_points_limit_mangan():
    assert limit_of(5, 30) == 1 and limit_of(4, 40) == 1 and limit_of(3, 70) == 1
    assert basic_points(5, 30, 1) == 2000


def test_points_no_kiriage_on_tenhou():
    assert limit_of(4, 30) == 0 and limit_of(3, 60) == 0
    assert payments(basic_points(4, 30, 0), dealer=False, tsumo=False, rules=P4).ron == 7700
    assert payments(basic_points(4, 30, 0), dealer=True, tsumo=False, rules=P4).ron == 11600


def test_points_kiriage_knob():
    assert basic_points(4, 30, 0, kiriage=True) == 2000 and basic_points(3, 60, 0, kiriage=True) == 2000
    v = score_hand("123m678p789s23s55p4s", "4s", riichi=True, dora="4p", seat_wind=1)
    assert (v.han, v.fu, v.limit, v.points) == (4, 30, 0, 7700)
    v = score_hand("123m678p789s23s55p4s", "4s", riichi=True, dora="4p", seat_wind=1,
                   rules=RuleSet(kiriage_mangan=True))
    assert (v.han, v.fu, v.limit, v.points) == (4, 30, 0, 8000)


def test_kiriage_mangan_is_paid_as_mangan_but_keeps_limit_code_0_as_tenhou_records_it():
    """Both 4-han-30-fu wins of Tenhou's 0x200 lobbies in the corpus are written ``ten="30,…,0"``."""
    v = score_hand("123m678p789s23s55p4s", "4s", riichi=True, dora="4p", seat_wind=1,
                   rules=RuleSet(kiriage_mangan=True))
    assert (v.limit, v.points) == (0, 8000)
    assert limit_of(4, 30) == 0 and basic_points(3, 60, 0, kiriage=True) == 2000


def test_points_limit_haneman_baiman_sanbaiman():
    assert [limit_of(h, 30) for h in (6, 7, 8, 10, 11, 12)] == [2, 2, 3, 3, 4, 4]
    assert [basic_points(h, 30, limit_of(h, 30)) for h in (6, 8, 11)] == [3000, 4000, 6000]


def test_points_kazoe_yakuman_13_han():
    assert limit_of(13, 30) == 5 and basic_points(13, 30, 5) == 8000
    assert limit_of(13, 30, kazoe=False) == 4


def test_points_yakuman_stack():
    assert basic_points(13, 0, 5, yakuman=2) == 16000


def test_points_ron_non_dealer_and_dealer():
    assert payments(2000, dealer=False, tsumo=False, rules=P4).ron == 8000
    assert payments(2000, dealer=True, tsumo=False, rules=P4).ron == 12000


def test_points_tsumo_non_dealer_4p():
    p = payments(basic_points(1, 30, 0), dealer=False, tsumo=True, rules=P4)
    assert (p.dealer, p.non_dealer, p.non_dealer_payers, p.points) == (500, 300, 2, 1100)


def test_points_tsumo_dealer_4p():
    p = payments(basic_points(1, 30, 0), dealer=True, tsumo=True, rules=P4)
    assert (p.dealer, p.non_dealer, p.non_dealer_payers, p.points) == (0, 500, 3, 1500)


def test_points_honba_4p():
    assert payments(2000, dealer=False, tsumo=False, rules=P4, honba=2).ron == 8600
    p = payments(2000, dealer=False, tsumo=True, rules=P4, honba=2)
    assert (p.dealer, p.non_dealer, p.total) == (4200, 2200, 8600)


def test_points_sticks_to_winner():
    p = payments(2000, dealer=False, tsumo=False, rules=P4, honba=1, sticks=2)
    assert (p.points, p.honba_points, p.sticks, p.total) == (8000, 300, 2000, 10300)


def test_points_sanma_tsumo_loss_non_dealer():
    p = payments(2000, dealer=False, tsumo=True, rules=P3)
    assert (p.dealer, p.non_dealer, p.non_dealer_payers, p.points) == (4000, 2000, 1, 6000)


def test_points_sanma_tsumo_loss_dealer():
    p = payments(3000, dealer=True, tsumo=True, rules=P3)
    assert (p.non_dealer, p.non_dealer_payers, p.points) == (6000, 2, 12000)


def test_points_sanma_yakuman_tsumo_24000():
    assert payments(8000, dealer=False, tsumo=True, rules=P3).points == 24000


def test_points_sanma_honba_200():
    assert payments(2000, dealer=False, tsumo=False, rules=P3, honba=1).ron == 8200
    p = payments(2000, dealer=False, tsumo=True, rules=P3, honba=1)
    assert (p.dealer, p.non_dealer, p.total) == (4100, 2100, 6200)


def test_points_other_sanma_schemes_pay_their_table_values():
    # mangan (b = 2000) non-dealer tsumo under marudori: child r(8000/3) = 2700, dealer 8000 - 2700
    p = payments(2000, dealer=False, tsumo=True, rules=P3.replace(tsumo_scheme="marudori"), honba=1)
    assert (p.non_dealer, p.dealer, p.points, p.honba_points) == (2700 + 100, 5300 + 100, 8000, 200)
    assert payments(2000, dealer=False, tsumo=False, rules=P3.replace(tsumo_scheme="marudori")).ron == 8000
    # ron-reduced: a non-dealer ron pays the tsumo-loss total, 2000 + 4000
    assert payments(2000, dealer=False, tsumo=False, rules=P3.replace(tsumo_scheme="ron-reduced")).ron == 6000


def test_points_hand_value_carries_payment():
    v = score_hand("123m456p789s23s55p4s", "4s", tsumo=True, riichi=True, seat_wind=2, honba=1, sticks=1)
    assert (v.han, v.fu, v.points) == (3, 20, 2700)
    assert (v.payment.dealer, v.payment.non_dealer, v.payment.total) == (1400, 800, 2700 + 300 + 1000)


def test_points_best_interpretation_wins():
    # 222333444m: three concealed triplets (sanankou) vs three runs (iipeikou-less): the highest is chosen
    v = score_hand("222333444m678p55s", "5s", tsumo=True, seat_wind=1)
    assert 29 in dict(v.yaku)
    ron = score_hand("222333444m678p55s", "4m", seat_wind=1)
    assert ron.points >= 2000
