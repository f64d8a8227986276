"""Seed 004's rules of play for MCR, each on a hand built by hand: every one of its 81 fans is scored on a hand
that has it, and every fan a counted fan says not to count (不计) is left out, on a hand that would score it
otherwise (the rows ``M-9.n`` of ``docs/rules-conformance.md``); the 不计 clauses are read from the seed's words."""

from __future__ import annotations

import re

import pytest

from mjlog.rules.mcr import FANS, WinSituation, parse_hand, score
from mjlog.rules.mcr.fans import EXCLUDES, SOURCE_EXCLUDES
from tests.support.paths import ROOT, SEEDS

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


# -- 不计: the fans a counted fan says not to count (the rows M-9.n) --------------------------------------

SEED = SEEDS / "004_169e2a4e137d30bc.txt"

#: Each 不计 clause of the seed's fan table: the OCR'd words as the seed holds them, up to the next fan's
#: number (which places the clause under its fan), and the fans we read them as (``docs/mcr.md`` lists the
#: OCR's misreadings: 磷磷和 is 碰碰和, 不讨 is 不计, ...).
SEED_CLAUSES: dict[int, tuple[str, tuple[str, ...]]] = {
    1: ("不讨圈风刻、门风刻、三风刻、磷磷和2大三元", ("圈风刻", "门风刻", "三风刻", "碰碰和")),
    2: ("不计箭刻3绿一色", ("箭刻",)),
    3: ("不计混一色.如无.发，字绷成的各牌，可计请一色4九莲宝灯", ("混一色",)),
    4: ("不计清一色5四杠", ("清一色",)),
    6: ("不计清色、不求人、单钓7十三么", ("清一色", "不求人", "单钓将")),
    7: ("不计五门齐、不求人、单钓64番8清么九", ("五门齐", "不求人", "单钓将")),
    8: ("不计碰碰和，同刻，元字，小四喜", ("碰碰和", "双同刻", "无字")),
    9: ("不计三风刻10小三元", ("三风刻",)),
    10: ("不计箭Ai11字一色", ("箭刻",)),
    11: ("不计碰礴和12四哈M", ("碰碰和",)),
    12: ("不计门前清、礴礴和13一色双龙会", ("门前清", "碰碰和")),
    13: ("不计平各、七对、i丙色48番14", ("平和", "七对", "清一色")),
    14: ("不计一色三节高、一般高、四归一15一色四协高", ("一色三节高", "一般高", "四归一")),
    15: ("不计一色兰问顺、珍碰和32希16", ("一色三同顺", "碰碰和")),
    18: ("不训礴礴和24番19", ("碰碰和",)),
    19: ("不计不求人、单钓20", ("不求人", "单钓将")),
    20: ("不计五门齐、不求人、单钓21全双刻", ("五门齐", "不求人", "单钓将")),
    21: ("不计盛礴和、断么22清一色", ("碰碰和", "断幺")),
    22: ("不无字23.一色三同顺", ("无字",)),
    23: ("不计一色三节高24.", ("一色三节高",)),
    24: ("不计一色三同顺25全人", ("一色三同顺",)),
    25: ("不计无字26全中", ("无字",)),
    26: ("不计断么27全小", ("断幺",)),
    27: ("不计无字16香28清龙", ("无字",)),
    29: ("不计喜fII途、老少副、无字、平和30", ("喜相逢", "老少副", "无字", "平和")),
    31: ("不计断么32三网刻", ("断幺",)),
    34: ("不计五门齐、不求人、单钓35灼合龙", ("五门齐", "不求人", "单钓将")),
    36: ("不计无字37小于五", ("无字",)),
    37: ("不计无字38三风亥明", ("无字",)),
    40: ("不计缺一门41三色三同顺", ("缺一门",)),
    44: ("不计自摸45海底捞月", ("自摸",)),
    46: ("不计自换47抢杠和", ("自摸",)),
    47: ("不计和绝张番48碰碰和", ("和绝张",)),
    52: ("不计单钓53", ("单钓将",)),
}

#: The seed's other uses of 不计, none a fan's clause: flowers are not counted toward the minimum (43, 81),
#: 58 repeats 抢杠和's clause, and a win on a flower's replacement is not 杠上开花 (81).
SEED_OTHER_NOT_COUNTED = ("花牌不计算在Oil44", "抢们和不计和绝张)裕59", "不计在起和分内", "不计杠上开花操作说明")


@pytest.fixture(scope="module")
def seed_fans() -> str:
    """The seed's 第九条 (the fan table onward)."""
    if not SEED.exists():
        pytest.skip(f"seed 004 not found at {SEED} (set MJLOG_SEEDS)")
    text = SEED.read_text(encoding="utf-8")
    return text[text.index("第九条"):]


def test_our_not_counted_lists_are_the_seeds_clauses_fan_by_fan(seed_fans):
    for number, (words, names) in SEED_CLAUSES.items():
        assert words in seed_fans, (number, words)
        assert tuple(FANS[n].name for n in SOURCE_EXCLUDES.get(number, ())) == names, number
    assert sorted(SOURCE_EXCLUDES) == sorted(SEED_CLAUSES)


def test_every_not_counted_of_the_seeds_fan_table_is_read(seed_fans):
    places = [m.start() for m in re.finditer(r"不[计讨训]|不无字", seed_fans)]
    read = [seed_fans.index(words) + words.index("不") for words, _ in SEED_CLAUSES.values()]
    read += [seed_fans.index(words) + words.index("不") for words in SEED_OTHER_NOT_COUNTED]
    assert sorted(read) == places


#: A hand for a clause where the fan's hand of :data:`HANDS` lacks what the left-out fan needs.
CLAUSE_HANDS: dict[tuple[int, int], tuple[str, dict]] = {
    (12, 56): ('111m222p333s444s5m 5m', {'self_drawn': True}),                        # self-drawn: 不求人
    (47, 58): ('123m456p78s234s55m 9s', {'robbed_kong': True, 'last_copy': True}),     # the robbed tile is the last
}

#: The clauses the calculator keeps without needing them: it never scores the left-out fan beside the fan,
#: for the reason given (so the left-out fan is absent with the clause taken away too).
BY_CONSTRUCTION: dict[str, set[tuple[int, int]]] = {
    "a special hand scores no concealment, wait, 五门齐 or suit fan": {
        (4, 22), (6, 22), (6, 56), (6, 79), (7, 51), (7, 56), (7, 79), (19, 56), (19, 79),
        (20, 51), (20, 56), (20, 79), (34, 51), (34, 56), (34, 79)},
    "the calculator keeps one reading of the tiles, and the left-out fan is another reading's":
        {(13, 19), (14, 24), (15, 23), (23, 24), (24, 23)},
    "a fan of three or four sets leaves out the fans of fewer of the same sets":
        {(1, 38), (2, 54), (9, 38), (10, 54), (14, 69), (29, 70), (29, 72)},
    "the wind pungs of 大四喜 and 小四喜 count no 圈风刻, 门风刻 or 幺九刻": {(1, 60), (1, 61), (1, 73), (9, 73)},
    "a one-suit hand is 清一色 or 混一色, never 缺一门 or 无字; 字一色 and 清幺九 are never 混幺九":
        {(3, 75), (13, 76), (22, 76), (8, 18), (11, 18)},
    "no wait fan with 四杠 or 全求人": {(5, 79), (52, 79)},
    "no 四归一 with 一色四同顺": {(14, 64)},
}
_BUILT_IN = {pair for pairs in BY_CONSTRUCTION.values() for pair in pairs}
_CLAUSES = [(n, gone) for n, gones in EXCLUDES.items() for gone in gones]


@pytest.mark.parametrize(("number", "gone"), _CLAUSES, ids=[f"fan-{n}-not-{g}" for n, g in _CLAUSES])
def test_a_counted_fan_leaves_out_each_fan_it_says_not_to_count(number, gone, monkeypatch):
    text, situation = CLAUSE_HANDS.get((number, gone), HANDS[number])
    counted = _fans(text, situation)
    assert number in counted and gone not in counted, (FANS[number].name, FANS[gone].name, counted)
    for n, gones in list(EXCLUDES.items()):              # every clause that names it taken away
        monkeypatch.setitem(EXCLUDES, n, tuple(g for g in gones if g != gone))
    assert (gone in _fans(text, situation)) is ((number, gone) not in _BUILT_IN), (FANS[number].name, FANS[gone].name)


def test_by_construction_lists_only_clauses_of_the_table():
    assert _BUILT_IN <= set(_CLAUSES)


def test_all_green_without_green_dragon_counts_full_flush():
    """Seed 004, fan 3: 绿一色 leaves out 混一色; without 发 it may count 清一色 (可计清一色)."""
    assert {3, 22} <= set(_fans("2233446668882s 2s", {})) and 49 not in _fans(*HANDS[3])
