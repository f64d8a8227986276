"""Seed 004's rules of play for MCR, each on a hand built by hand: every one of its 81 fans is scored on a hand
that has it (the rows ``M-9.n`` of ``docs/rules-conformance.md``)."""

from __future__ import annotations

import re

import pytest

from mjlog.rules.mcr import FANS, WinSituation, parse_hand, score
from tests.support.paths import ROOT

#: For each fan of the source's table (第九条, numbered as the source numbers them): a hand that has it, as
#: :func:`mjlog.rules.mcr.parse_hand` reads it, and how it was won (:class:`WinSituation`'s fields).
HANDS: dict[int, tuple[str, dict]] = {
    1: ('1112223334445z 5z', {}),
    2: ('555666777z123m9s 9s', {}),
    3: ('234234666888s6z 6z', {}),
    4: ('1112345678999m 5m', {}),
    5: ('[1111m][2222p][3333s][4444s]5z 5z', {}),
    6: ('1122334455667m 7m', {}),
    7: ('19m19p19s1234567z 1m', {}),
    8: ('111999m111999p1s 1s', {}),
    9: ('11122233344z12m 3m', {}),
    10: ('55566677z123m45p 6p', {}),
    11: ('1112225556667z 7z', {}),
    12: ('111m222p333s444s5m 5m', {}),
    13: ('1122337788995m 5m', {}),
    14: ('2222333344445m 5m', {}),
    15: ('1112223334445m 5m', {}),
    16: ('123345567789m1p 1p', {}),
    17: ('[1111m][2222p][3333s]456s5z 5z', {}),
    18: ('111m999p111s555z9s 9s', {}),
    19: ('1133m5577p2244s6z 6z', {}),
    20: ('147m25p3s1234567z 6s', {}),
    21: ('222444m666p888s2s 2s', {}),
    22: ('1234567892225m 5m', {}),
    23: ('[123m][123m][123m]456p9s 9s', {}),
    24: ('111222333m456p9s 9s', {}),
    25: ('777888999m789p9s 9s', {}),
    26: ('444555666m456p4s 4s', {}),
    27: ('111222333m123p1s 1s', {}),
    28: ('123456789m123p9s 9s', {}),
    29: ('123789m123789p5s 5s', {}),
    30: ('123234345m789p9s 9s', {}),
    31: ('345456m567p555s5p 5p', {}),
    32: ('222m222p222s456m9s 9s', {}),
    33: ('111m222p333s456m9s 9s', {}),
    34: ('147m258p369s1235z 6z', {}),
    35: ('147m258p369s1555z 1z', {}),
    36: ('666777888m99p78s 9s', {}),
    37: ('111222333m44p23s 4s', {}),
    38: ('111222333z123m9s 9s', {}),
    39: ('123m456p789s123s9m 9m', {}),
    40: ('123345p456888s5z 5z', {}),
    41: ('123m123p123s456m9s 9s', {}),
    42: ('111m222p333s456m9s 9s', {}),
    43: ('[234m][567p][345s]78p11z 9p', {}),
    44: ('123m456p789s234s5m 5m', {'self_drawn': True, 'wall_last': True}),
    45: ('123m456p789s234s5m 5m', {'wall_last': True}),
    46: ('[1111m]456p789s234s5m 5m', {'self_drawn': True, 'after_kong': True}),
    47: ('123m456p78s234s55m 9s', {'robbed_kong': True}),
    48: ('[111m][222p]333s444s5z 5z', {}),
    49: ('123456m789m111z5m 5m', {}),
    50: ('123m234p345s678m9s 9s', {}),
    51: ('123m456p789s111z5z 5z', {}),
    52: ('[123m][456p][789s][111z]5z 5z', {}),
    53: ('(1111m)(2222p)123s456s5z 5z', {}),
    54: ('555666z123m456p9s 9s', {}),
    55: ('123m789m123p111z9s 9s', {}),
    56: ('123m456p789s234s5m 5m', {'self_drawn': True}),
    57: ('[1111m][2222p]123s456s5z 5z', {}),
    58: ('[555p]123m789s46p99m 5p', {}),
    59: ('555z123m456p789s9s 9s', {}),
    60: ('222z123m456p789s9s 9s', {'round_wind': 1}),
    61: ('222z123m456p789s9s 9s', {'seat_wind': 1}),
    62: ('123m456p789s234s5m 5m', {}),
    63: ('123m456p789s234s5m 5m', {}),
    64: ('111123m456p789s9s 9s', {}),
    65: ('222m222p123s456s9s 9s', {}),
    66: ('222m444p123s456s9s 9s', {}),
    67: ('(2222m)123p456s789s9s 9s', {}),
    68: ('234m456p678s345s5m 5m', {}),
    69: ('123123m456p678s9s 9s', {}),
    70: ('123m123p456s789s9s 9s', {}),
    71: ('123456m789p234s9s 9s', {}),
    72: ('123789m456p456s9s 9s', {}),
    73: ('111m234p456s789s9s 9s', {}),
    74: ('[2222m]123p456s789s9s 9s', {}),
    75: ('123m456m789p234p9p 9p', {}),
    76: ('111m456p789s234s5m 5m', {}),
    77: ('12m456p789s234s55m 3m', {}),
    78: ('13m456p789s234s55m 2m', {}),
    79: ('123m456p789s234s5m 5m', {}),
    80: ('[123m]456p789s234s5m 5m', {'self_drawn': True}),
    81: ('123m456p789s234s5m 5m 1f', {}),
}


def _fans(text: str, situation: dict) -> dict[int, int]:
    return {line.number: line.count for line in score(parse_hand(text), WinSituation(**situation)).lines}


@pytest.mark.parametrize("number", sorted(HANDS), ids=[f"fan-{n}" for n in sorted(HANDS)])
def test_each_fan_of_the_source_is_scored_on_a_hand_built_hand_that_has_it(number):
    text, situation = HANDS[number]
    assert number in _fans(text, situation), (number, FANS[number].name, text)


def test_every_fan_of_the_source_has_a_hand():
    assert sorted(HANDS) == [n for n in sorted(FANS) if n <= 81]


def test_a_chicken_hand_scores_no_other_fan():
    assert _fans(*HANDS[43]) == {43: 1}


def test_a_pung_the_winning_discard_completes_is_melded_and_a_self_drawn_one_concealed():
    hand = "111m222p33s456m99s 3s"
    assert 66 in _fans(hand, {}) and 33 not in _fans(hand, {})                       # two concealed pungs
    assert 33 in _fans(hand, {"self_drawn": True})                                    # three


def test_the_conformance_matrix_has_a_row_for_each_fan_of_the_source():
    text = (ROOT / "docs" / "rules-conformance.md").read_text(encoding="utf-8")
    rows = {int(n) for n in re.findall(r"^\| M-9\.(\d+) \|", text, re.M)}
    assert rows == set(range(1, 82))
