"""One test per Tenhou yaku id, named after the yaku, asserting the (id, han) it scores."""

from __future__ import annotations

from mjlog.rules.riichi import score_hand
from mjlog.rules.riichi.ruleset import PRESETS, RuleSet

SANMA = PRESETS["tenhou-3p-south"]


def yaku(v) -> dict[int, int]:
    return dict(v.yaku)


def test_yaku_menzen_tsumo():
    assert yaku(score_hand("123m456p789s234s55z", "5z", tsumo=True, seat_wind=1)) == {0: 1}


def test_yaku_riichi():
    assert yaku(score_hand("123m456p789s234s55z", "5z", riichi=True, seat_wind=1)) == {1: 1, 53: 0}


def test_yaku_ippatsu():
    v = score_hand("123m456p789s234s55z", "5z", riichi=True, ippatsu=True, seat_wind=1)
    assert yaku(v) == {1: 1, 2: 1, 53: 0}


def test_yaku_chankan():
    assert yaku(score_hand("123m456p789s23s55z4s", "4s", chankan=True, seat_wind=1)) == {3: 1}


def test_yaku_rinshan_kaihou():
    v = score_hand("123m456p23s55z4s", "4s", melds=["kan:7777s"], tsumo=True, rinshan=True, seat_wind=1)
    assert yaku(v) == {4: 1}


def test_yaku_haitei_raoyue():
    v = score_hand("123m456p23s55z4s", "4s", melds=["pon:777s"], tsumo=True, haitei=True, seat_wind=1)
    assert yaku(v) == {5: 1}


def test_yaku_houtei_raoyui():
    v = score_hand("123m456p23s55z4s", "4s", melds=["pon:777s"], houtei=True, seat_wind=1)
    assert yaku(v) == {6: 1}


def test_yaku_pinfu():
    v = score_hand("123m456p789s23s55p4s", "4s", seat_wind=1)
    assert yaku(v) == {7: 1} and v.fu == 30


def test_yaku_tanyao_closed_and_open():
    assert yaku(score_hand("234m456p678s345s88p", "8p", seat_wind=1)) == {8: 1}
    assert yaku(score_hand("234m456p345s88p", "8p", melds=["chi:678s"], seat_wind=1)) == {8: 1}
    no_kuitan = score_hand("234m456p345s88p", "8p", melds=["chi:678s"], rules=RuleSet(open_tanyao=False))
    assert no_kuitan.no_yaku


def test_yaku_iipeikou():
    assert yaku(score_hand("112233m456p789s11p", "1p", seat_wind=1)) == {9: 1}


def test_yaku_seat_winds():
    for seat, yid in enumerate((10, 11, 12, 13)):
        wind = "1234"[seat]
        v = score_hand(f"123m456p789s{wind * 3}z11p", "1p", round_wind=1 if seat == 0 else 0, seat_wind=seat)
        assert yid in yaku(v), seat


def test_yaku_round_winds():
    for rnd, yid in enumerate((14, 15, 16, 17)):
        wind = "1234"[rnd]
        v = score_hand(f"123m456p789s{wind * 3}z11p", "1p", round_wind=rnd, seat_wind=(rnd + 1) % 4)
        assert yaku(v) == {yid: 1}, rnd


def test_yaku_double_wind_listed_round_then_seat():
    v = score_hand("123m456p789s111z11p", "1p", round_wind=0, seat_wind=0)
    assert list(v.yaku) == [(14, 1), (10, 1)]


def test_yaku_haku_hatsu_chun():
    for d, yid in zip("567", (18, 19, 20)):
        assert yaku(score_hand(f"123m456p789s{d * 3}z11p", "1p", seat_wind=1)) == {yid: 1}


def test_yaku_yakuhai_order_concealed_then_calls_last_first():
    v = score_hand("123m777z11p", "1p", melds=["pon:555z", "pon:222z"], seat_wind=1)
    assert [i for i, _ in v.yaku] == [20, 11, 18, 23]


def test_yaku_double_riichi():
    v = score_hand("123m456p789s234s55z", "5z", double_riichi=True, seat_wind=1)
    assert yaku(v) == {21: 2, 53: 0}


def test_yaku_chiitoitsu():
    v = score_hand("1133m2255p4499s77z", "7z", seat_wind=1)
    assert yaku(v) == {22: 2} and v.fu == 25


def test_yaku_chiitoitsu_not_with_four_of_a_kind():
    import pytest

    from mjlog.errors import InvalidHandError
    with pytest.raises(InvalidHandError):
        score_hand("1111m2255p4499s77z", "7z")


def test_yaku_chanta():
    assert yaku(score_hand("123m789p123s444z99s", "9s", seat_wind=1)) == {23: 2}
    assert yaku(score_hand("123m99s444z123s", "9s", melds=["chi:789p"], seat_wind=1)) == {23: 1}


def test_yaku_ittsu():
    assert yaku(score_hand("123456789m234p55s", "5s", seat_wind=1)) == {24: 2}
    assert yaku(score_hand("123456m234p55s", "5s", melds=["chi:789m"], seat_wind=1)) == {24: 1}


def test_yaku_sanshoku_doujun():
    assert yaku(score_hand("234m234p234s789s55z", "5z", seat_wind=1)) == {25: 2}
    assert yaku(score_hand("234p234s789s55z", "5z", melds=["chi:234m"], seat_wind=1)) == {25: 1}


def test_yaku_sanshoku_doukou():
    v = score_hand("222m222p789s55z222s", "5z", seat_wind=1)
    assert 26 in yaku(v) and yaku(v)[26] == 2


def test_yaku_sankantsu():
    v = score_hand("789s11z", "1z", melds=["kan:2222m", "ankan:3333p", "kan:4444s"], seat_wind=1)
    assert yaku(v)[27] == 2


def test_yaku_toitoi():
    v = score_hand("222m555p11z", "1z", melds=["pon:888s", "pon:333p"], seat_wind=1)
    assert yaku(v) == {28: 2}


def test_yaku_sanankou():
    v = score_hand("222m555p888s234s11p", "1p", seat_wind=1)
    assert yaku(v) == {29: 2}


def test_yaku_sanankou_not_on_shanpon_ron():
    v = score_hand("222m555p234s11p888s", "8s", seat_wind=1)
    assert 29 not in yaku(v)
    assert 29 in yaku(score_hand("222m555p234s11p888s", "8s", tsumo=True, seat_wind=1))


def test_yaku_shousangen():
    v = score_hand("555z666z77z234m234p", "4p", seat_wind=1)
    assert yaku(v) == {30: 2, 18: 1, 19: 1}


def test_yaku_honroutou():
    v = score_hand("111m999p11z", "1z", melds=["pon:999s", "pon:222z"], seat_wind=2)
    assert yaku(v) == {28: 2, 31: 2}
    assert yaku(score_hand("1199m1199p11s1122z", "2z", seat_wind=2)) == {22: 2, 31: 2}


def test_yaku_ryanpeikou():
    assert yaku(score_hand("112233m556677p99s", "9s", seat_wind=1)) == {32: 3}


def test_yaku_junchan():
    assert yaku(score_hand("123m789p123s111m99s", "9s", seat_wind=1)) == {33: 3}
    assert yaku(score_hand("123m111m123s99s", "9s", melds=["chi:789p"], seat_wind=1))[33] == 2


def test_yaku_honitsu():
    assert yaku(score_hand("123456m789m11z22m", "2m", seat_wind=1)) == {34: 3, 24: 2}
    assert yaku(score_hand("123m456m11z22m", "2m", melds=["chi:789m"], seat_wind=1)) == {34: 2, 24: 1}


def test_yaku_chinitsu():
    v = score_hand("1112223334569m", "9m", seat_wind=1)
    assert yaku(v)[35] == 6
    assert yaku(score_hand("123m456m111m99m", "9m", melds=["chi:789m"], seat_wind=1))[35] == 5


def test_yaku_renhou_not_used_on_tenhou():
    v = score_hand("123m456p789s234s55z", "5z", seat_wind=1)
    assert 36 not in yaku(v)


def test_yaku_tenhou():
    v = score_hand("123m456p789s234s55z", "5z", tsumo=True, tenhou=True, seat_wind=0)
    assert v.yakuman == (37,) and v.points == 48000


def test_yaku_chiihou():
    v = score_hand("123m456p789s234s55z", "5z", tsumo=True, chiihou=True, seat_wind=1)
    assert v.yakuman == (38,) and v.points == 32000


def test_yaku_daisangen():
    assert score_hand("555666777z234m11p", "1p", seat_wind=1).yakuman == (39,)


def test_yaku_suuankou():
    assert score_hand("222m555p888s11z999s", "9s", tsumo=True, seat_wind=1).yakuman == (40,)
    assert score_hand("222m555p888s11z999s", "9s", seat_wind=1).yakuman == ()


def test_yaku_suuankou_tanki():
    v = score_hand("222m555p888s999s11z", "1z", seat_wind=1)
    assert v.yakuman == (41,) and v.points == 32000
    double = score_hand("222m555p888s999s11z", "1z", seat_wind=1,
                        rules=RuleSet(double_yakuman_suuankou_tanki=True))
    assert double.points == 64000


def test_yaku_tsuuiisou():
    assert score_hand("111222333z44z55z", "5z", seat_wind=1).yakuman == (42, 50)
    assert score_hand("11223344556677z", "7z", seat_wind=1).yakuman == (42,)


def test_yaku_ryuuiisou():
    assert score_hand("223344s666s888s66z", "6z", seat_wind=1).yakuman == (43,)
    assert score_hand("234s234s666s888s66z", "6z", melds=(), seat_wind=1).yakuman == (43,)


def test_yaku_chinroutou():
    assert 44 in score_hand("111m999m111p99p999s", "9s", tsumo=True, seat_wind=1).yakuman


def test_yaku_chuuren_poutou():
    assert score_hand("11123455679998m", "8m", seat_wind=1).yakuman == (45,)


def test_yaku_junsei_chuuren_poutou():
    v = score_hand("11123456789995m", "5m", seat_wind=1)
    assert v.yakuman == (46,) and v.points == 32000
    assert score_hand("11123456789995m", "5m", seat_wind=1, rules=RuleSet(double_yakuman_junsei_chuuren=True)).points == 64000


def test_yaku_kokushi_musou():
    assert score_hand("119m19p19s123456z7z", "7z", seat_wind=1).yakuman == (47,)


def test_yaku_kokushi_musou_13_wait():
    v = score_hand("19m19p19s1234567z1m", "1m", seat_wind=1)
    assert v.yakuman == (48,) and v.points == 32000 and v.fu == 0


def test_yaku_daisuushii():
    v = score_hand("111222333444z5m", "5m", melds=(), tsumo=True, seat_wind=1)
    assert v.yakuman == (41, 49) and v.points == 64000   # stacked with suuankou tanki
    assert score_hand("5m5m", "5m", melds=["pon:111z", "pon:222z", "pon:333z", "pon:444z"],
                      seat_wind=1).yakuman == (49,)


def test_yaku_shousuushii():
    v = score_hand("111222333z44z55m", "5m", seat_wind=1)
    assert v.yakuman == (50,)


def test_yaku_suukantsu():
    v = score_hand("5m5m", "5m", melds=["kan:2222m", "ankan:3333p", "kan:4444s", "kakan:6666s"], seat_wind=1)
    assert v.yakuman == (51,)


def test_yaku_stacked_yakuman_add():
    v = score_hand("111222333444z5m", "5m", tsumo=True, seat_wind=1)
    assert v.yakuman_count == len(v.yakuman) >= 2


def test_yaku_dora():
    v = score_hand("123m456p789s234s55z", "5z", riichi=True, dora="7z", seat_wind=1)
    assert yaku(v)[52] == 2


def test_yaku_dora_sanma_wraps_1m_to_9m():
    v = score_hand("999m456p789s234s55z", "5z", riichi=True, dora="1m", seat_wind=1, rules=SANMA)
    assert yaku(v)[52] == 3


def test_yaku_nukidora_counts_kita_and_north_dora():
    v = score_hand("999m456p789s55z", "5z", melds=["pon:666z", "kita"], seat_wind=1, dora="3z", rules=SANMA)
    assert yaku(v)[52] == 2   # one kita + the kita tile is dora
    v = score_hand("999m456p789s234s55z", "5z", melds=["kita", "kita"], riichi=True, seat_wind=1,
                   ura="3z", rules=SANMA)
    assert yaku(v)[53] == 2 and yaku(v)[52] == 2


def test_yaku_ura_dora():
    v = score_hand("123m456p789s234s55z", "5z", riichi=True, ura="7z", seat_wind=1)
    assert list(v.yaku)[-1] == (53, 2)


def test_yaku_aka_dora():
    v = score_hand("123m406p789s234s55z", "5z", riichi=True, seat_wind=1)
    assert yaku(v)[54] == 1
    assert 54 not in yaku(score_hand("123m406p789s234s55z", "5z", riichi=True, rules=RuleSet(red_fives=False)))


def test_yaku_dora_order_dora_aka_ura_last():
    v = score_hand("123m406p789s234s55z", "5z", riichi=True, tsumo=True, dora="7z", seat_wind=1)
    assert [i for i, _ in v.yaku] == [1, 0, 52, 54, 53]


def test_yaku_none_returns_han_zero():
    v = score_hand("123m456p789s11z", "1z", melds=["chi:789m"], dora="7z", seat_wind=1)
    assert v.no_yaku and v.han == 0 and v.yaku == () and v.points == 0
