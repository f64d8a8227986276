"""The eight three-player payment schemes reproduce the rules documents' table exactly."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from mjlog.cli import main
from mjlog.rules.riichi.sanma_schemes import SCHEMES, scheme_table, scheme_values

DOC = Path(__file__).resolve().parents[4] / "shared" / "docs" / "sanma-payments.md"

#: The yakuman table of ../shared/docs/sanma-payments.md (b = 8000), as facts.
YAKUMAN_TABLE = {
    "自摸損": "48000 / 32000 (16000) / 32000 / 24000 (8000/16000)",
    "千點加符": "48000 / 34000 (17000) / 32000 / 26000 (9000/17000)",
    "丸取": "48000 / 48000 (24000) / 32000 / 32000 (10700/21300)",
    "丸取2 (北家折半)": "48000 / 48000 (24000) / 32000 / 32000 (12000/20000)",
    "折半支付": "48000 / 48000 (24000) / 32000 / 32000 (16000/16000)",
    "莊家3倍支付": "48000 / 48000 (24000) / 32000 / 32000 (8000/24000)",
    "倍取": "48000 / 96000 (48000) / 32000 / 64000 (32000/32000)",
    "榮和收入調整": "32000 / 32000 (16000) / 24000 / 24000 (8000/16000)",
}


def rows(lines: list[str]) -> dict[str, str]:
    out = {}
    for line in lines:
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) >= 2 and re.match(r"\d+ / ", cells[1]):
            out[cells[0]] = cells[1]
    return out


def test_yakuman_table_has_all_eight_schemes_exactly():
    assert rows(scheme_table(8000)) == YAKUMAN_TABLE
    assert len(SCHEMES) == 8


def test_yakuman_table_matches_the_rules_document():
    if not DOC.exists():
        pytest.skip(f"{DOC} not present")
    text = DOC.read_text(encoding="utf-8")
    section = text.split("## The table from the rules documents")[1].split("## ")[0]
    assert rows(section.splitlines()) == rows(scheme_table(8000))


def test_cli_schemes_table_yakuman_prints_the_table(capsys):
    assert main(["schemes", "table", "--limit", "yakuman"]) == 0
    assert rows(capsys.readouterr().out.splitlines()) == YAKUMAN_TABLE


def test_marudori_rounds_the_child_share_up_and_the_dealer_pays_the_rest():
    v = scheme_values("marudori", 8000)
    assert (v.tsumo_child, v.tsumo_dealer, v.nondealer_tsumo_total) == (10700, 21300, 32000)


def test_north_split_dealer_tsumo_uses_one_and_a_half_dealer_shares():
    # 20 fu 2 han: b = 320, D2 = 700 -> 1.5 x 700 = 1050 -> 1100 each (r(3b) would give 1000)
    v = scheme_values("marudori2", 320)
    assert v.dealer_tsumo_each == 1100 and scheme_values("split-half", 320).dealer_tsumo_each == 1000


def test_lower_hand_values_under_tsumo_loss_equal_four_player_shares():
    # 30 fu 4 han (b = 1920): ron 7700 / 11600, tsumo 2000 from the dealer and 3900 each as dealer
    v = scheme_values("tsumo-loss", 1920)
    assert (v.dealer_ron, v.nondealer_ron, v.dealer_tsumo_each, v.tsumo_child, v.tsumo_dealer) == (11600, 7700, 3900, 2000, 3900)
    assert scheme_values("plus-1000", 1920).tsumo_child == 3000
    assert scheme_values("ron-reduced", 1920).nondealer_ron == 5900


def test_cli_schemes_table_han_fu_and_usage_errors(capsys):
    assert main(["schemes", "table", "--han", "3", "--fu", "30"]) == 0
    out = rows(capsys.readouterr().out.splitlines())
    assert out["自摸損"] == "5800 / 4000 (2000) / 3900 / 3000 (1000/2000)"
    assert main(["schemes", "table"]) == 2
    assert main(["schemes", "table", "--han", "3", "--fu", "33"]) == 2
