"""The two readings of 丸取2, 莊家3倍支付 and 倍取: the worked numbers of the shared doc, the default
unchanged, a knob choosing each, and the reading named where a scheme is shown."""

from __future__ import annotations

import pytest

from mjlog.cli import main
from mjlog.rules.riichi.points import payments
from mjlog.rules.riichi.ruleset import PRESETS
from mjlog.rules.riichi.sanma_schemes import READING_OF, SCHEMES, scheme_values

ONE_HAN_30_FU = 240   # basic points
SANMA = PRESETS["tenhou-3p-south"]


def test_marudori2_one_han_30_fu_nondealer_tsumo_is_1200_by_formula_and_1000_by_the_3_to_5_words():
    formula, words = scheme_values("marudori2", ONE_HAN_30_FU), scheme_values("marudori2", ONE_HAN_30_FU, "words")
    assert (formula.tsumo_child, formula.tsumo_dealer) == (500, 700)
    assert (words.tsumo_child, words.tsumo_dealer) == (400, 600)


def test_dealer_triple_one_han_30_fu_is_300_800_by_formula_and_300_700_by_the_1_to_3_words():
    formula, words = (scheme_values("dealer-triple", ONE_HAN_30_FU, r) for r in ("formula", "words"))
    assert (formula.tsumo_child, formula.tsumo_dealer, words.tsumo_child, words.tsumo_dealer) == (300, 800, 300, 700)


def test_double_take_one_han_30_fu_dealer_tsumo_is_1500_by_formula_and_twice_split_half_1600_by_the_words():
    assert scheme_values("double-take", ONE_HAN_30_FU).dealer_tsumo_each == 1500
    assert scheme_values("double-take", ONE_HAN_30_FU, "words").dealer_tsumo_each == 1600


@pytest.mark.parametrize("scheme", list(READING_OF))
@pytest.mark.parametrize("basic", [2000, 3000, 4000, 6000, 8000, 16000])
def test_both_readings_agree_from_mangan_up(scheme, basic):
    assert scheme_values(scheme, basic) == scheme_values(scheme, basic, "words")


def test_the_yakuman_table_holds_under_both_readings():
    for scheme in READING_OF:
        assert scheme_values(scheme, 8000, "words") == SCHEMES[scheme][2](8000)


def test_the_reading_knob_chooses_the_payment_and_defaults_to_the_formula():
    rules = SANMA.replace(tsumo_scheme="marudori2")
    assert rules.marudori2_reading == "formula"
    assert payments(ONE_HAN_30_FU, False, True, rules).points == 1200
    assert payments(ONE_HAN_30_FU, False, True, rules.replace(marudori2_reading="words")).points == 1000
    double = SANMA.replace(tsumo_scheme="double-take", double_take_reading="words")
    assert payments(ONE_HAN_30_FU, True, True, double).points == 3200
    triple = SANMA.replace(tsumo_scheme="dealer-triple")
    assert payments(ONE_HAN_30_FU, False, True, triple).dealer == 800
    assert payments(ONE_HAN_30_FU, False, True, triple.replace(dealer_triple_reading="words")).dealer == 700


def test_schemes_table_names_the_reading_and_follows_the_knob(capsys):
    assert main(["schemes", "table", "--han", "1", "--fu", "30"]) == 0
    out = capsys.readouterr().out
    assert "| 丸取2 (北家折半) | 1500 / 1600 (800) / 1000 / 1200 (500/700) |" in out
    assert "Readings: 丸取2 (北家折半), read as formula" in out
    assert main(["schemes", "table", "--han", "1", "--fu", "30", "--knob", "marudori2_reading=words"]) == 0
    out = capsys.readouterr().out
    assert "| 丸取2 (北家折半) | 1500 / 1600 (800) / 1000 / 1000 (400/600) |" in out
    assert "read as words (丸取 with the non-dealer tsumo's ron value split 3:5)" in out


def test_a_reading_that_is_not_one_is_one_line_and_exit_2(capsys):
    assert main(["schemes", "table", "--limit", "mangan", "--knob", "double_take_reading=both"]) == 2
    assert capsys.readouterr().err.strip() == ("mjlog: knob double_take_reading='both' of any riichi preset: "
                                               "allowed values: formula, words")
