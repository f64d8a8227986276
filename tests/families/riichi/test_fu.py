"""One test per fu rule, named after the rule."""

from __future__ import annotations

from mjlog.rules.riichi import score_hand


def fu(v) -> dict[str, int]:
    out: dict[str, int] = {}
    for name, n in v.fu_breakdown:
        out[name] = out.get(name, 0) + n
    return out


def test_fu_base_20():
    assert ("base", 20) in score_hand("123m456p789s23s55p4s", "4s", seat_wind=1).fu_breakdown


def test_fu_closed_ron_10():
    v = score_hand("123m456p789s23s55p4s", "4s", seat_wind=1)
    assert fu(v)["closed ron"] == 10 and v.fu == 30


def test_fu_pinfu_tsumo_20():
    v = score_hand("123m456p789s23s55p4s", "4s", tsumo=True, seat_wind=1)
    assert v.fu == 20 and v.fu_breakdown == (("base", 20),)


def test_fu_open_pinfu_shape_ron_30():
    v = score_hand("456p789s23s55p4s", "4s", melds=["chi:234m"], seat_wind=1, dora="1p")
    assert v.fu == 30


def test_fu_open_no_fu_tsumo_30():
    v = score_hand("456p789s23s55p4s", "4s", melds=["chi:234m"], tsumo=True, seat_wind=1, dora="1p")
    assert v.fu == 30 and fu(v)["tsumo"] == 2


def test_fu_tsumo_2():
    v = score_hand("123m456p789s13s55p2s", "2s", tsumo=True, seat_wind=1)
    assert fu(v)["tsumo"] == 2 and v.fu == 30


def test_fu_kanchan_wait_2():
    v = score_hand("123m456p789s13s55p2s", "2s", seat_wind=1)
    assert fu(v)["kanchan wait"] == 2 and v.fu == 40


def test_fu_penchan_wait_2():
    v = score_hand("123m456p789s12s55p3s", "3s", seat_wind=1)
    assert fu(v)["penchan wait"] == 2


def test_fu_tanki_wait_2():
    v = score_hand("123m456p789s234s5p5p", "5p", seat_wind=1)
    assert fu(v)["tanki wait"] == 2


def test_fu_ryanmen_wait_0():
    v = score_hand("123m456p789s23s55p4s", "4s", seat_wind=1)
    assert v.wait == "ryanmen" and "ryanmen wait" not in fu(v)


def test_fu_reading_worth_most_is_chosen():
    # 34s+5s then 55s pair (ryanmen, pinfu: 2 han 30 fu) beats 345s + 5s tanki (1 han 40 fu)
    v = score_hand("123m456p789s3455s", "5s", seat_wind=1, riichi=True)
    assert v.wait == "ryanmen" and v.fu == 30 and 7 in dict(v.yaku)
    # without pinfu on offer (open hand) the tanki reading's 2 fu counts
    o = score_hand("123m789s3455s", "5s", melds=["pon:555z"], seat_wind=1)
    assert o.fu == 30 and o.han == 1


def test_fu_open_simple_triplet_2():
    v = score_hand("234m456p789s55p", "5p", melds=["pon:444s"], seat_wind=1, dora="1p")
    assert fu(v)["open triplet"] == 2


def test_fu_concealed_simple_triplet_4():
    v = score_hand("444s234m456p789s5p5p", "5p", seat_wind=1, riichi=True)
    assert fu(v)["concealed triplet"] == 4


def test_fu_open_terminal_triplet_4():
    v = score_hand("234m456p789s55p", "5p", melds=["pon:999m"], seat_wind=1, dora="1p")
    assert fu(v)["open triplet of terminals/honours"] == 4


def test_fu_concealed_terminal_triplet_8():
    v = score_hand("111m234m456p789s5p5p", "5p", seat_wind=1, riichi=True)
    assert fu(v)["concealed triplet of terminals/honours"] == 8


def test_fu_open_kan_8_and_16():
    v = score_hand("234m456p789s55p", "5p", melds=["kan:4444s"], seat_wind=1, dora="1p")
    assert fu(v)["open kan"] == 8
    v = score_hand("234m456p789s55p", "5p", melds=["kan:1111s"], seat_wind=1, dora="1p")
    assert fu(v)["open kan of terminals/honours"] == 16


def test_fu_closed_kan_16_and_32():
    v = score_hand("234m456p789s55p", "5p", melds=["ankan:4444s"], seat_wind=1, riichi=True)
    assert fu(v)["concealed kan"] == 16
    v = score_hand("234m456p789s55p", "5p", melds=["ankan:7777z"], seat_wind=1)
    assert fu(v)["concealed kan of terminals/honours"] == 32 and v.fu == 70


def test_fu_shanpon_ron_counts_the_triplet_open():
    v = score_hand("234m456p789s55p44s4s", "4s", seat_wind=1, riichi=True)
    assert fu(v)["open triplet"] == 2
    t = score_hand("234m456p789s55p44s4s", "4s", seat_wind=1, riichi=True, tsumo=True)
    assert fu(t)["concealed triplet"] == 4


def test_fu_dragon_pair_2():
    v = score_hand("123m456p789s23s55z4s", "4s", seat_wind=1, riichi=True)
    assert fu(v)["dragon pair"] == 2 and v.fu == 40


def test_fu_seat_wind_pair_2():
    v = score_hand("123m456p789s23s22z4s", "4s", seat_wind=1, round_wind=0, riichi=True)
    assert fu(v) == {"base": 20, "closed ron": 10, "seat wind pair": 2}


def test_fu_round_wind_pair_2():
    v = score_hand("123m456p789s23s11z4s", "4s", seat_wind=1, round_wind=0, riichi=True)
    assert fu(v) == {"base": 20, "closed ron": 10, "round wind pair": 2}


def test_fu_guest_wind_pair_0():
    v = score_hand("123m456p789s23s44z4s", "4s", seat_wind=1, round_wind=0, riichi=True)
    assert v.fu == 30 and 7 in dict(v.yaku)


def test_fu_double_wind_pair_4():
    # Tenhou counts a pair of the seat wind that is also the round wind as 4 fu (corpus-verified)
    v = score_hand("123m456p789s23s11z4s", "4s", seat_wind=0, round_wind=0, riichi=True)
    assert fu(v)["seat wind pair"] + fu(v)["round wind pair"] == 4 and v.fu == 40


def test_fu_seven_pairs_25():
    v = score_hand("1133m2255p4499s77z", "7z", tsumo=True, seat_wind=1)
    assert v.fu == 25 and v.fu_breakdown == (("seven pairs", 25),)


def test_fu_kokushi_0():
    assert score_hand("119m19p19s123456z7z", "7z", seat_wind=1).fu == 0


def test_fu_rinshan_tsumo_keeps_tsumo_2():
    v = score_hand("123m456p23s55z4s", "4s", melds=["ankan:7777s"], tsumo=True, rinshan=True, seat_wind=1)
    assert fu(v)["tsumo"] == 2 and v.fu == 40


def test_fu_rounded_up_to_10():
    v = score_hand("111m234m456p789s5p5p", "5p", seat_wind=1, riichi=True)
    assert sum(n for _, n in v.fu_breakdown) == 40 and v.fu == 40
    v = score_hand("111m234m456p789s5p5p", "5p", seat_wind=1, riichi=True, tsumo=True)
    assert sum(n for _, n in v.fu_breakdown) == 32 and v.fu == 40
