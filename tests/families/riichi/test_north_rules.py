"""North at a three-player table, one knob of three (seed 000's 關於北風, row S3-5 of docs/rules-conformance.md):
``north=nukidora`` (北為懸賞, set aside as a dora: Tenhou's), ``guest`` (北為客風, an ordinary tile) and
``yakuhai`` (北為役牌: '北為3家共同役牌', a value tile for all three seats).

Each rule on the scorer (hands given by hand), the referee (small hand-built logs) and the simulator.
"""

from __future__ import annotations

import dataclasses

import pytest

from mjlog.errors import InvalidHandError
from mjlog.findings import FindingKind, Severity
from mjlog.formats.reader import read_log
from mjlog.replayer import replay
from mjlog.rules.family import apply_knobs
from mjlog.rules.knobs import rule_choice
from mjlog.rules.riichi import score_hand
from mjlog.rules.riichi.events import KITA
from mjlog.rules.riichi.ruleset import PRESETS
from mjlog.rules.riichi.yaku_table import NORTH_YAKUHAI
from tests.support.replaybuild import Tiles, agari, call, call_code, deal, discard, draw, game, init, turn

K = FindingKind
SANMA = PRESETS["tenhou-3p-south"]
RULES = {north: SANMA.replace(north=north) for north in ("nukidora", "guest", "yakuhai")}
START = (35000,) * 3


def yaku(value) -> dict[int, int]:
    return dict(value.yaku)


# ---- the scorer ------------------------------------------------------------------------------------

def test_a_north_pung_is_one_han_for_any_seat_only_under_north_yakuhai():
    for seat in (0, 1, 2):
        kept = score_hand("999m456p789s55z444z", "5z", seat_wind=seat, rules=RULES["yakuhai"])
        called = score_hand("999m456p789s55z", "5z", melds=["pon:444z"], seat_wind=seat, rules=RULES["yakuhai"])
        assert yaku(kept) == {NORTH_YAKUHAI: 1} and yaku(called) == {NORTH_YAKUHAI: 1}
    for north in ("nukidora", "guest"):
        assert score_hand("999m456p789s55z444z", "5z", seat_wind=1, rules=RULES[north]).no_yaku


def test_a_north_pair_is_a_value_pair_under_north_yakuhai_two_fu_and_no_pinfu():
    guest = score_hand("123p456p789s123s44z", "1p", seat_wind=1, riichi=True, rules=RULES["guest"])
    value = score_hand("123p456p789s123s44z", "1p", seat_wind=1, riichi=True, rules=RULES["yakuhai"])
    assert 7 in yaku(guest) and guest.fu == 30
    assert 7 not in yaku(value) and value.fu == 40 and ("North pair (a value tile)", 2) in value.fu_breakdown


def test_a_north_set_aside_is_no_hand_unless_north_is_nukidora():
    kita = score_hand("999m456p789s55z", "5z", melds=["pon:666z", "kita"], seat_wind=1, dora="3z",
                      rules=RULES["nukidora"])
    assert yaku(kita)[52] == 2
    for north in ("guest", "yakuhai"):
        with pytest.raises(InvalidHandError, match=f"kita\\) under north={north}"):
            score_hand("999m456p789s55z", "5z", melds=["pon:666z", "kita"], seat_wind=1, rules=RULES[north])


# ---- the knob: its values, the older name, the command line ----------------------------------------

def test_the_older_nukidora_knob_a_log_or_the_command_line_states_says_north():
    assert apply_knobs(SANMA, "nukidora=False").north == "guest"
    assert apply_knobs(SANMA.replace(north="guest"), "nukidora=True").north == "nukidora"
    assert rule_choice("tenhou-3p-south", ["nukidora=False"]).knobs == (("north", "guest"),)
    assert rule_choice(None, ["north=yakuhai"], family="riichi").knobs == (("north", "yakuhai"),)
    with pytest.raises(ValueError, match="is not one of"):
        apply_knobs(SANMA, "north=dora")


# ---- the referee -------------------------------------------------------------------------------------

def north_pung_ron() -> bytes:
    """Three players: seat 1 holds 444z (North) concealed and waits on 5z alone, a ron off the dealer's discard,
    recorded as 1 han (the North pung) 50 fu (a concealed honour pung 8, a dragon pair 2, the tanki 2),
    1,600 points: what north=yakuhai makes of it; no yaku under the other two rules."""
    t = Tiles()
    hands = deal(t, ("19m147p258s12356z", "444z234p678p789s5z", "19m258p369s12677z"))
    dora = t.take("9s")[0]          # indicates 1s: no one's dora
    drawn = t.take("9p")[0]
    five = next(x for x in hands[0] if x >> 2 == 31)
    body = init(hands, dora, scores=START) + turn(0, drawn, out=five)
    body += agari(1, 0, sorted(hands[1] + [five]), five, 50, 1600, 0, [NORTH_YAKUHAI, 1], [dora], START,
                  (-1600, 1600, 0))
    return game(body, go=185)


def errors(result):
    return [f for f in result.findings if f.severity is Severity.ERROR]


def test_the_referee_counts_a_north_pung_as_a_yaku_only_under_north_yakuhai():
    log = read_log(north_pung_ron())
    assert log.rules.north == "nukidora"
    under = {north: replay(dataclasses.replace(log, rules=log.rules.replace(north=north))) for north in RULES}
    assert [f.kind for f in under["yakuhai"].findings] == [K.TRUNCATED], [f.line() for f in under["yakuhai"].findings]
    for north in ("nukidora", "guest"):
        refused = [f.message for f in errors(under[north])]
        assert any("without a yaku" in m for m in refused), refused


def kita_on_the_first_turn() -> bytes:
    """Three players: the dealer draws, sets a North aside, draws its replacement and discards it."""
    t = Tiles()
    hands = deal(t, ("19m147p258s12354z", "19m258p369s12367z", "19m369p147s12567z"))
    dora = t.take("9s")[0]
    drawn, replacement = t.take("9p1s")
    north = next(x for x in hands[0] if x >> 2 == 30)
    body = init(hands, dora, scores=START) + draw(0, drawn) + call(0, KITA.value, [north])
    body += draw(0, replacement) + discard(0, replacement)
    return game(body, go=185)


def test_the_referee_allows_a_kita_only_under_north_nukidora():
    log = read_log(kita_on_the_first_turn())
    assert [f.kind for f in replay(log).findings] == [K.TRUNCATED]
    for north in ("guest", "yakuhai"):
        refused = [f.message for f in errors(replay(dataclasses.replace(log, rules=log.rules.replace(north=north))))]
        assert refused == [f"seat 0 sets a North aside (kita) under north={north} "
                           "(only north=nukidora sets North aside)"], refused


# ---- the simulator -----------------------------------------------------------------------------------

def test_the_simulators_bots_set_north_aside_only_under_nukidora_and_pon_it_as_a_value_tile_under_yakuhai():
    from mjlog.rules.riichi.simulate import simulate_game

    seen: dict[str, dict[str, int]] = {}
    for north, rules in RULES.items():
        counts = seen.setdefault(north, {"kita": 0, "north yakuhai": 0})
        for seed in range(6):
            log = read_log(simulate_game(rules.replace(length="east"), seed))
            result = replay(log)
            assert result.clean, (north, seed, [f.line() for f in result.findings])
            for rnd in log.rounds:
                for ev in rnd.events:
                    counts["kita"] += getattr(ev, "kind", None) is KITA
                    payload = getattr(ev, "payload", None)
                    counts["north yakuhai"] += NORTH_YAKUHAI in dict(getattr(payload, "yaku", ()) or ())
    assert seen["nukidora"]["kita"] > 0 and seen["guest"]["kita"] == seen["yakuhai"]["kita"] == 0, seen
    assert seen["yakuhai"]["north yakuhai"] > 0 and seen["guest"]["north yakuhai"] == 0, seen


# ---- North set aside: rinshan and robbing after a kita (seed 000: 可自定是否計算) ---------------------------

def tsumo_on_a_kitas_replacement(fu: int, points: int, yaku: list[int]) -> bytes:
    """Three players: the dealer draws a second 5z, sets its North aside and wins on the replacement, 1s:
    123p 456p 789s 111s 55z, menzen tsumo, and on Tenhou 嶺上開花 and one North dora."""
    t = Tiles()
    hands = deal(t, ("123p456p789s11s4z5z", "19m147p258s12367z", "19m258p369s23677z"))
    dora = t.take("9m")[0]          # indicates 1m: none in the winner's hand
    five, replacement = t.take("5z1s")
    north = next(x for x in hands[0] if x >> 2 == 30)
    body = init(hands, dora, scores=START) + draw(0, five) + call(0, KITA.value, [north]) + draw(0, replacement)
    hand = sorted([x for x in hands[0] if x != north] + [five, replacement])
    body += agari(0, 0, hand, replacement, fu, points, 0, yaku, [dora], START, (points, -points // 2, -points // 2),
                  m=[call_code(0, KITA.value, [north])])
    return game(body, go=185)


def test_a_tsumo_on_a_kitas_replacement_scores_rinshan_unless_kita_rinshan_is_off():
    log = read_log(tsumo_on_a_kitas_replacement(40, 5200, [4, 1, 0, 1, 52, 1]))
    tenhou = replay(log)
    assert [f.kind for f in tenhou.findings] == [K.TRUNCATED], [f.line() for f in tenhou.findings]
    assert tenhou.rounds[0].wins[0].context.after_kita
    off = replay(dataclasses.replace(log, rules=log.rules.replace(kita_rinshan=False)))
    assert K.YAKU in {f.kind for f in errors(off)}, [f.line() for f in off.findings]
    log = read_log(tsumo_on_a_kitas_replacement(40, 2600, [0, 1, 52, 1]))
    assert [f.kind for f in replay(dataclasses.replace(log, rules=log.rules.replace(kita_rinshan=False))).findings] \
        == [K.TRUNCATED]


def test_a_ron_on_a_kita_scores_chankan_only_under_kita_chankan():
    ron = {"seat_wind": 1, "riichi": True, "after_kita": True}
    hand = "123p456p789s777z4z"
    assert 3 not in yaku(score_hand(hand, "4z", rules=SANMA, **ron))
    assert yaku(score_hand(hand, "4z", rules=SANMA.replace(kita_chankan=True), **ron))[3] == 1
    assert 3 not in yaku(score_hand(hand, "4z", rules=SANMA.replace(kita_chankan=True), seat_wind=1, riichi=True))


def test_a_rinshan_after_a_kita_counts_unless_kita_rinshan_is_off_and_one_after_a_kan_always():
    rinshan = {"seat_wind": 1, "tsumo": True, "rinshan": True}
    hand, off = "123p456p789s111s5z5z", SANMA.replace(kita_rinshan=False)
    assert yaku(score_hand(hand, "5z", rules=SANMA, after_kita=True, **rinshan))[4] == 1
    assert 4 not in yaku(score_hand(hand, "5z", rules=off, after_kita=True, **rinshan))
    assert yaku(score_hand(hand, "5z", rules=off, **rinshan))[4] == 1


# ---- a North kept in the hand only for 字一色, 四喜 and 國士 (seed 000's note on 北為客風) ----------------------

ONLY_IN_YAKUMAN = RULES["guest"].replace(north_kept_only_in_yakuman=True)


def test_a_hand_holding_a_north_wins_only_as_tsuuiisou_four_winds_or_kokushi_under_the_note():
    with pytest.raises(InvalidHandError, match="錯和"):
        score_hand("123p456p789s123s44z", "1p", seat_wind=1, riichi=True, rules=ONLY_IN_YAKUMAN)
    assert not score_hand("123p456p789s123s44z", "1p", seat_wind=1, riichi=True, rules=RULES["guest"]).no_yaku
    assert 50 in yaku(score_hand("111z222z333z44z99s", "9s", seat_wind=1, tsumo=True, rules=ONLY_IN_YAKUMAN))
    assert 42 in yaku(score_hand("111z222z555z666z44z", "4z", seat_wind=1, rules=ONLY_IN_YAKUMAN))
    assert 48 in yaku(score_hand("19m19p19s1234567z1z", "1z", seat_wind=1, rules=ONLY_IN_YAKUMAN))
    assert not score_hand("123p456p789s123s55z", "1p", seat_wind=1, riichi=True, rules=ONLY_IN_YAKUMAN).no_yaku
    with pytest.raises(ValueError, match="not of north=yakuhai"):
        apply_knobs(RULES["yakuhai"], "north_kept_only_in_yakuman=True")


def test_the_referee_finds_a_false_win_with_a_north_in_the_hand_under_the_note():
    """Seat 1 rons a North for a pair: 123p 456p 789s 123s 44z (no yaku either way; the note makes it a false win)."""
    t = Tiles()
    hands = deal(t, ("19m147p258s12356z", "123p456p789s123s4z", "19m258p369s12677z"))
    dora = t.take("9m")[0]
    drawn, north = t.take("9p4z")
    body = init(hands, dora, scores=START) + turn(0, drawn, out=north)
    body += agari(1, 0, sorted(hands[1] + [north]), north, 40, 1300, 0, None, [dora], START, (-1300, 1300, 0))
    log = read_log(game(body, go=185))
    guest = [f.message for f in errors(replay(dataclasses.replace(log, rules=log.rules.replace(north="guest"))))]
    assert guest and not any("錯和" in m for m in guest), guest   # no yaku, but no false win either
    refused = [f.message for f in errors(replay(dataclasses.replace(log, rules=ONLY_IN_YAKUMAN)))]
    assert any("錯和" in m for m in refused), refused
