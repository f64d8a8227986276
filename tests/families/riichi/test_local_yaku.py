"""Local yaku (mjlog/rules/riichi/local_yaku.py): each knob scores its yaku only when switched on."""

from __future__ import annotations

import json

import pytest

from mjlog.cli import main
from mjlog.rules.riichi import score_hand
from mjlog.rules.riichi.local_yaku import BY_KNOB, LOCAL
from mjlog.rules.riichi.ruleset import KNOB_DOCS, PRESETS

BASE = PRESETS["tenhou-4p-south"]

#: knob -> (hand, winning tile, situation, the yaku's English name)
CASES = {
    "local_open_riichi": ("234m456p678s22z345p", "5p", dict(riichi=True, open_riichi=True), "Open riichi"),
    "local_open_double_riichi": ("234m456p678s22z345p", "5p", dict(double_riichi=True, open_riichi=True),
                                 "Open double riichi"),
    "local_sanshoku_tsuukan": ("123m456p789s11z22z", "2z", dict(seat_wind=1), "Sanshoku tsuukan"),
    "local_isshoku_sanjun": ("234234m456p99s", "6p", dict(seat_wind=1), "Isshoku sanjun"),
    "local_sanrenkou": ("444555666p23m99s", "1m", dict(tsumo=True, seat_wind=1), "Sanrenkou"),
    "local_renhou_yakuman": ("123m456p789s11z22z", "2z", dict(renhou=True, seat_wind=1), "Renhou (yakuman)"),
    "local_shiisan_puutaa": ("147m258p369s11234z", "4z", dict(tenhou=True, tsumo=True), "Shiisan puutaa"),
    "local_daichisei": ("11223344556677z", "7z", dict(), "Daichisei"),
    "local_daisharin": ("22334455667788p", "8p", dict(seat_wind=1), "Daisharin"),
    "local_touhoku_shinkansen": ("123456789m11144z", "4z", dict(seat_wind=1), "Touhoku shinkansen"),
    "local_hyakuman_goku": ("777888999m55m", "9m", dict(seat_wind=1), "Hyakuman goku"),
    "local_isshoku_yonjun": ("123123123123m55p", "5p", dict(seat_wind=1), "Isshoku yonjun"),
    "local_suurenkou": ("222333444555p88s", "8s", dict(seat_wind=1), "Suurenkou"),
    "local_beni_kujaku": ("111555777s77z99s", "9s", dict(seat_wind=1), "Beni kujaku"),
    "local_paarenchan": ("123m456p789s11z22z", "2z", dict(dealer_streak=7), "Paarenchan"),
}
MELDS = {"local_hyakuman_goku": ["pon:666m"], "local_isshoku_sanjun": ["chi:234m"]}


def _score(knob: str, on: bool):
    hand, win, situation, _ = CASES[knob]
    rules = BASE.replace(**{knob: True}) if on else BASE
    try:
        return score_hand(hand, win, melds=MELDS.get(knob, ()), rules=rules, **situation)
    except ValueError:
        return None


def test_every_local_yaku_of_the_rules_documents_is_a_knob_off_in_every_preset():
    assert len(LOCAL) == 15 and set(CASES) == set(BY_KNOB)
    for rules in PRESETS.values():
        assert not any(getattr(rules, y.knob) for y in LOCAL)
    assert all(y.knob in KNOB_DOCS for y in LOCAL)


@pytest.mark.parametrize("knob", sorted(CASES))
def test_local_yaku_scores_only_under_its_knob(knob):
    name = CASES[knob][3]
    on = _score(knob, True)
    assert on is not None and name in on.yaku_names
    off = _score(knob, False)
    assert off is None or name not in off.yaku_names
    if BY_KNOB[knob].yakuman:
        assert on.yakuman_count >= BY_KNOB[knob].yakuman


def test_local_yaku_replace_the_yaku_they_stand_for():
    riichi = _score("local_open_riichi", True)
    assert "Riichi" not in riichi.yaku_names and riichi.han == 3   # open riichi 2 + pinfu 1 (ura 0)
    sanjun = score_hand("234234234m456p99s", "6p", rules=BASE.replace(local_isshoku_sanjun=True), riichi=True)
    assert "Isshoku sanjun" in sanjun.yaku_names and "Iipeikou" not in sanjun.yaku_names
    daichisei = _score("local_daichisei", True)
    assert daichisei.yaku_names == ("Daichisei",) and daichisei.yakuman_count == 2
    both = score_hand("111222333m456p11z", "1z", rules=BASE.replace(local_isshoku_sanjun=True, local_sanrenkou=True),
                      seat_wind=1)
    assert not {"Isshoku sanjun", "Sanrenkou"} <= set(both.yaku_names)   # one reading or the other


def test_open_sanshoku_tsuukan_is_one_han():
    v = score_hand("456p789s11z22z", "2z", melds=["chi:123m"], rules=BASE.replace(local_sanshoku_tsuukan=True),
                   seat_wind=1)
    assert dict(zip(v.yaku_names, (h for _, h in v.yaku)))["Sanshoku tsuukan"] == 1


def test_shiisan_puutaa_is_no_win_except_on_the_first_draw():
    rules = BASE.replace(local_shiisan_puutaa=True)
    with pytest.raises(ValueError):
        score_hand("147m258p369s11234z", "4z", rules=rules, tsumo=True)
    with pytest.raises(ValueError):   # two tiles of one suit 2 apart
        score_hand("146m258p369s11234z", "4z", rules=rules, tenhou=True, tsumo=True)


def test_mjlog_score_takes_a_local_yaku_knob(capsys):
    code = main(["score", "22334455667788p", "--rules", "tenhou-4p-south", "--knob", "local_daisharin=True",
                 "--json"])
    out = json.loads(capsys.readouterr().out)
    assert code == 0 and [i["english"] for i in out["items"]] == ["Daisharin"]


def test_mjlog_score_first_turn_ron_of_a_non_dealer_is_renhou_under_the_knob(capsys):
    args = ["score", "123m456p789s11z222z", "--rules", "tenhou-4p-south", "--seat-wind", "S", "--first-turn", "--json"]
    assert main(args + ["--knob", "local_renhou_yakuman=True"]) == 0
    assert [i["english"] for i in json.loads(capsys.readouterr().out)["items"]] == ["Renhou (yakuman)"]
    assert main(args) == 0
    assert "Renhou (yakuman)" not in capsys.readouterr().out
