"""Every knob of every preset changes the audit the way its name says, one test per knob.

Most knobs are flipped on a clean corpus game that has what the knob is about (picked
programmatically, in corpus order: the first clean, complete, standard-lobby game with a
double ron, a kita, a nine-terminals abort...). Under its own preset the game is clean; under
the flipped knob the audit must make the finding the knob's meaning predicts. Knobs the
corpus cannot show (Tenhou plays none of them: renhou, three rons, the double yakuman) are
tested on small hand-built games and hands. ``test_every_knob_of_every_preset_has_a_meaning_and_a_test``
checks that together these cover every field of every preset.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import pytest

from mjlog.errors import MalformedLogError
from mjlog.findings import FindingKind, Severity
from mjlog.ir import Call, GameLog
from mjlog.rules.riichi.events import KITA
from mjlog.rules.riichi.record import DrawKind
from mjlog.formats.reader import read_log
from mjlog.replayer import Replay, replay
from mjlog.rules import find_preset, iter_presets
from mjlog.rules.riichi import score_hand
from mjlog.rules.riichi.flow import HandEnd, next_hand
from mjlog.rules.riichi.local_yaku import LOCAL
from mjlog.rules.riichi.ruleset import PRESETS, RuleSet, apply_knobs, rule_problem
from tests.support.paths import TENHOU_XML
from tests.support.replaybuild import Tiles, agari, deal, discard, draw, game, init, ryuukyoku, turn
from mjlog.rules.riichi.variants import yaku_han
from tests.families.riichi import test_rule_variants as variants
from tests.families.riichi.test_local_yaku import test_local_yaku_scores_only_under_its_knob as local_yaku_test
from tests.families.riichi import test_north_rules as north
from tests.families.riichi.test_rule_conformance import (
    test_setting_north_aside_right_after_a_pon_is_refused_unless_the_knob_allows_it as kita_after_pon_test,
)
from tests.families.riichi.test_sanma_readings import (
    test_the_reading_knob_chooses_the_payment_and_defaults_to_the_formula as reading_test,
)

K = FindingKind
START = (25000, 25000, 25000, 25000)
NOTEN = ("147m258p369s1357z", "258m369p147s2467z", "369m147p258s1234z", "147m258p369s5677z")


def with_knobs(log: GameLog, **knobs: object) -> GameLog:
    """The same log, played under its preset with ``knobs`` changed."""
    return dataclasses.replace(log, rules=log.rules.replace(**knobs))


def errors(result: Replay) -> list:
    return [f for f in result.findings if f.severity is Severity.ERROR]


def lines(result: Replay) -> list[str]:
    return [f.line() for f in result.findings]


# ---- what a clean corpus game can have, read from its derived results -----------------------------


def _last_regular(log: GameLog) -> int:
    r = log.rules
    return r.last_wind * 4 + r.players - 1


def _wins(rep: Replay):
    return [(rnd, w) for rnd in rep.rounds for w in rnd.wins]


def _draws(rep: Replay, *kinds: DrawKind):
    return [rnd for rnd in rep.rounds if rnd.draw is not None and rnd.draw.kind in kinds]


def _not_last(rep: Replay, rnd) -> bool:
    return rnd.index < len(rep.rounds) - 1


def _game_end(log: GameLog, rep: Replay):
    """The last hand when it ended the game at all-last with no one below zero, else None."""
    last = rep.rounds[-1]
    return last if last.kyoku == _last_regular(log) and min(last.end_scores) >= 0 else None


def _has_kita(log: GameLog, rep: Replay) -> bool:
    return any(type(e) is Call and e.kind is KITA for r in log.rounds for e in r.events)


FEATURES: dict[str, Callable[[GameLog, Replay], bool]] = {
    "east game": lambda log, rep: log.rules.length == "east" and log.rules.players == 4,
    "a complete game": lambda log, rep: True,
    "final scores off the thousand": lambda log, rep: log.final.rounded and any(s % 1000 for s in log.final.scores),
    "tied final scores": lambda log, rep: len(set(log.final.scores)) < len(log.final.scores),
    "a win with a red five": lambda log, rep: any(w.value.aka for _, w in _wins(rep)),
    "an open tanyao": lambda log, rep: any(w.open_hand and (8, 1) in w.value.yaku for _, w in _wins(rep)),
    "a ron with honba": lambda log, rep: any(not w.tsumo and r.honba for r, w in _wins(rep)),
    "a tsumo with honba": lambda log, rep: any(w.tsumo and r.honba for r, w in _wins(rep)),
    "a riichi": lambda log, rep: any(r.riichi for r in rep.rounds),
    "noten payments": lambda log, rep: any(any(r.draw.deltas) for r in _draws(rep, DrawKind.EXHAUSTIVE)),
    "a sanma non-dealer tsumo below mangan": lambda log, rep: log.rules.players == 3 and any(
        w.tsumo and not w.dealer and w.value.limit == 0 for _, w in _wins(rep)),
    "4 han 30 fu": lambda log, rep: any(w.value.han == 4 and w.value.fu == 30 for _, w in _wins(rep)),
    "a counted yakuman": lambda log, rep: any(w.value.han >= 13 and not w.value.yakuman_count
                                              for _, w in _wins(rep)),
    "pao": lambda log, rep: any(w.pao_who is not None for _, w in _wins(rep)),
    "pao on two yakuman": lambda log, rep: any(w.pao_who is not None and w.value.yakuman_count > 1
                                               for _, w in _wins(rep)),
    "a double ron": lambda log, rep: any(len(r.wins) == 2 for r in rep.rounds),
    "nine terminals": lambda log, rep: bool(_draws(rep, DrawKind.NINE_TERMINALS)),
    "four winds": lambda log, rep: bool(_draws(rep, DrawKind.FOUR_WINDS)),
    "four riichi": lambda log, rep: bool(_draws(rep, DrawKind.FOUR_RIICHI)),
    "four kans": lambda log, rep: bool(_draws(rep, DrawKind.FOUR_KANS)),
    "nagashi mangan": lambda log, rep: bool(_draws(rep, DrawKind.NAGASHI_MANGAN)),
    "a dealer tenpai at a draw": lambda log, rep: any(
        r.draw.tenpai[r.dealer] and _not_last(rep, r) for r in _draws(rep, DrawKind.EXHAUSTIVE)),
    "a dealer noten at a draw": lambda log, rep: any(
        not r.draw.tenpai[r.dealer] and _not_last(rep, r) for r in _draws(rep, DrawKind.EXHAUSTIVE)),
    "a dealer win": lambda log, rep: any(w.dealer and _not_last(rep, r) for r, w in _wins(rep)),
    "an all-last dealer win ending the game": lambda log, rep: (
        (end := _game_end(log, rep)) is not None and any(w.dealer for w in end.wins)),
    "an all-last dealer tenpai ending the game": lambda log, rep: (
        (end := _game_end(log, rep)) is not None and end.draw is not None
        and end.draw.kind is DrawKind.EXHAUSTIVE and end.draw.tenpai[end.dealer]),
    "a bust before all-last": lambda log, rep: (
        min(rep.rounds[-1].end_scores) < 0 and rep.rounds[-1].kyoku < _last_regular(log)),
    "an extension round": lambda log, rep: any(r.kyoku > _last_regular(log) for r in rep.rounds),
    "riichi sticks left at the end": lambda log, rep: sum(log.final.scores) > sum(rep.rounds[-1].end_scores),
    "a kita": _has_kita,
    "a win with ura dora": lambda log, rep: any(w.value.ura for _, w in _wins(rep)),
    "an ippatsu win": lambda log, rep: any((2, 1) in w.value.yaku for _, w in _wins(rep)),
    "a seven pairs win": lambda log, rep: any((22, 2) in w.value.yaku for _, w in _wins(rep)),
    "a 1-han win at 1 honba or more": lambda log, rep: any(
        r.honba and yaku_han(w.value) == 1 for r, w in _wins(rep)),
}


@lru_cache(maxsize=1)
def first_games() -> dict[str, Path]:
    """For each feature, the first clean, complete, standard-lobby corpus game that has it."""
    found: dict[str, Path] = {}
    for path in sorted(TENHOU_XML.iterdir()):
        try:
            log = read_log(path)
        except MalformedLogError:
            continue
        if log.final is None or (log.header is not None and log.header.special):
            continue
        rep = replay(log)
        if not rep.clean:
            continue
        for name, has in FEATURES.items():
            if name not in found and has(log, rep):
                found[name] = path
        if len(found) == len(FEATURES):
            break
    return found


@dataclass(frozen=True)
class Flip:
    """A knob set to ``value`` on the first clean game with ``feature``: it must find ``kind`` saying ``says``."""

    knob: str
    value: object
    feature: str
    kind: FindingKind
    says: str


FLIPS = (
    Flip("red_fives", False, "a win with a red five", K.YAKU, "yaku"),
    Flip("open_tanyao", False, "an open tanyao", K.ILLEGAL_ACTION, "without a yaku"),
    Flip("length", "south", "east game", K.FLOW, "the game ends although the rules say it goes on"),
    Flip("start_points", 30000, "a complete game", K.FLOW, "scores at the start of the hand (the game's first hand"),
    Flip("target_points", 25000, "a complete game", K.FINAL_SCORE, "placement points"),
    Flip("uma", (30, 10, -10, -30), "a complete game", K.FINAL_SCORE, "placement points"),
    Flip("placement_rounding", "none", "final scores off the thousand", K.FINAL_SCORE, "placement points"),
    Flip("tied_placements_share_uma", True, "tied final scores", K.FINAL_SCORE, "placement points"),
    Flip("honba_ron", 500, "a ron with honba", K.PAYMENT, "score changes of seat"),
    Flip("honba_tsumo_each", 200, "a tsumo with honba", K.PAYMENT, "score changes of seat"),
    Flip("riichi_deposit", 2000, "a riichi", K.PAYMENT, "riichi deposit"),
    Flip("noten_total", 6000, "noten payments", K.PAYMENT, "score changes of the exhaustive draw"),
    Flip("tsumo_scheme", "split-half", "a sanma non-dealer tsumo below mangan", K.PAYMENT, "score changes of seat"),
    Flip("kiriage_mangan", True, "4 han 30 fu", K.POINTS, "points and limit"),
    Flip("kazoe_yakuman", False, "a counted yakuman", K.POINTS, "points and limit"),
    Flip("pao", False, "pao", K.PAYMENT, "pao (liability)"),
    Flip("pao_covers_stacked_yakuman", False, "pao on two yakuman", K.PAYMENT, "score changes of seat"),
    Flip("double_ron", False, "a double ron", K.ILLEGAL_ACTION, "head-bump"),
    Flip("abortive_draws", False, "nine terminals", K.ILLEGAL_ACTION, "a nine terminals abort under rules without"),
    Flip("abortive_draws", False, "four winds", K.ILLEGAL_ACTION, "a four winds abort under rules without"),
    Flip("abortive_draws", False, "four riichi", K.ILLEGAL_ACTION, "a four riichi abort under rules without"),
    Flip("abortive_draws", False, "four kans", K.ILLEGAL_ACTION, "a four kans abort under rules without"),
    Flip("nagashi_mangan", False, "nagashi mangan", K.DRAW, "nagashi mangan"),
    Flip("renchan_on_dealer_tenpai", False, "a dealer tenpai at a draw", K.FLOW, "round, honba and sticks"),
    Flip("renchan_on_any_draw", True, "a dealer noten at a draw", K.FLOW, "round, honba and sticks"),
    Flip("renchan_on_dealer_win", False, "a dealer win", K.FLOW, "round, honba and sticks"),
    Flip("agari_yame", False, "an all-last dealer win ending the game", K.FLOW, "ends although the rules say"),
    Flip("tenpai_yame", False, "an all-last dealer tenpai ending the game", K.FLOW, "ends although the rules say"),
    Flip("bust_below_zero", False, "a bust before all-last", K.FLOW, "ends although the rules say"),
    Flip("extension", False, "an extension round", K.FLOW, "played after the game should have ended"),
    Flip("leftover_sticks_to_first", False, "riichi sticks left at the end", K.FINAL_SCORE, "final scores"),
    Flip("north", "guest", "a kita", K.ILLEGAL_ACTION, "(kita) under north=guest"),
    Flip("north", "yakuhai", "a kita", K.ILLEGAL_ACTION, "(kita) under north=yakuhai"),
    Flip("ura_dora", False, "a win with ura dora", K.YAKU, "yaku"),
    Flip("ippatsu", False, "an ippatsu win", K.YAKU, "yaku"),
    Flip("chiitoitsu_1han_50fu", True, "a seven pairs win", K.HAN, "han per yaku"),
    Flip("two_han_minimum_honba", 1, "a 1-han win at 1 honba or more", K.ILLEGAL_ACTION, "(二翻縛)"),
)


@pytest.mark.corpus
@pytest.mark.parametrize("flip", FLIPS, ids=lambda f: f"{f.knob}={f.value} on {f.feature}")
def test_a_flipped_knob_finds_what_its_name_says_on_a_clean_corpus_game(flip):
    path = first_games().get(flip.feature)
    assert path is not None, f"no clean corpus game has {flip.feature}"
    log = read_log(path)
    assert replay(log).clean
    result = replay(with_knobs(log, **{flip.knob: flip.value}))
    assert any(f.kind is flip.kind and flip.says in f.message for f in result.findings), (path.name, lines(result))


# ---- knobs Tenhou never plays: hand-built games and hands ------------------------------------------

#: Three hands that wait on 5p with tanyao and pinfu (2 han 30 fu: a 2,000 ron from the dealer).
WAITERS = ("234m678m345s22s34p", "345m456s678s88m67p", "567m234s678p66m34p")
PINFU_TANYAO = ([7, 1, 8, 1], 2000, 0)


def ron_on_the_first_discard(wins: dict[int, tuple[list[int], int, int]], abort: bool = False) -> bytes:
    """East 1: the dealer draws 9m and discards its 5p, on which seats 1, 2 and 3 all wait.

    ``wins`` maps each winner to its recorded (yaku, points, limit), paid by the dealer in
    turn order; ``abort`` records Tenhou's triple-ron abort instead.
    """
    t = Tiles()
    hands = deal(t, (NOTEN[0], *WAITERS))
    five = next(x for x in hands[0] if x >> 2 == 13)
    drawn, dora = t.take("9m")[0], t.take("1z")[0]     # East indicates South: no one holds one
    body = init(hands, dora) + draw(0, drawn) + discard(0, five)
    if abort:
        body += ryuukyoku(START, (0, 0, 0, 0), {s: hands[s] for s in (1, 2, 3)}, kind="ron3")
    scores = START
    for who, (yaku, points, limit) in sorted(wins.items()):
        deltas = tuple(-points if s == 0 else points if s == who else 0 for s in range(4))
        body += agari(who, 0, sorted(hands[who] + [five]), five, 30, points, limit, yaku, [dora], scores, deltas)
        scores = tuple(a + b for a, b in zip(scores, deltas))
    return game(body)


def audit(data: bytes, **knobs: object) -> Replay:
    log = read_log(data)
    return replay(with_knobs(log, **knobs) if knobs else log)


def test_renhou_makes_a_ron_before_the_first_draw_a_5_han_yaku_only_when_switched_on():
    as_tenhou = ron_on_the_first_discard({1: PINFU_TANYAO})
    assert not errors(audit(as_tenhou))
    under = audit(as_tenhou, renhou=True)
    (w,) = under.rounds[0].wins
    # pinfu, tanyao and renhou: 7 han, haneman (12,000)
    assert w.value.yaku == ((7, 1), (8, 1), (36, 5)) and (w.value.han, w.value.points, w.value.limit) == (7, 12000, 2)
    assert [f.kind for f in errors(under)] == [K.YAKU, K.PAYMENT]   # the yaku, and so what the dealer pays
    as_renhou = ron_on_the_first_discard({1: ([7, 1, 8, 1, 36, 5], 12000, 2)})
    assert not errors(audit(as_renhou, renhou=True))
    assert [f.kind for f in errors(audit(as_renhou))] == [K.YAKU, K.PAYMENT]


def test_renhou_is_only_a_non_dealers_ron_before_its_first_draw():
    on = RuleSet(renhou=True)
    hand = ("234m678m345s22s34p", "5p")
    assert dict(score_hand(*hand, seat_wind=1, renhou=True, rules=on).yaku)[36] == 5
    assert 36 not in dict(score_hand(*hand, seat_wind=1, renhou=True).yaku)      # Tenhou: no renhou
    assert 36 not in dict(score_hand(*hand, seat_wind=1, rules=on).yaku)         # not the first go-around
    # a seat that has discarded once is past its first draw: the same ron later is pinfu tanyao only
    t = Tiles()
    hands = deal(t, (NOTEN[0], WAITERS[0], NOTEN[1], NOTEN[2]))
    five = next(x for x in hands[0] if x >> 2 == 13)
    dora = t.take("1z")[0]
    first = t.take("9m1s9s7z")
    body = init(hands, dora) + "".join(turn(s, x) for s, x in enumerate(first)) + draw(0, t.take("9p")[0])
    body += discard(0, five) + agari(1, 0, sorted(hands[1] + [five]), five, 30, 2000, 0, [7, 1, 8, 1], [dora],
                                     START, (-2000, 2000, 0, 0))
    result = audit(game(body), renhou=True)
    assert not errors(result) and result.rounds[0].wins[0].value.yaku == ((7, 1), (8, 1))


def test_double_ron_off_lets_only_the_first_seat_in_turn_win():
    two = ron_on_the_first_discard({1: PINFU_TANYAO, 2: PINFU_TANYAO})
    assert not errors(audit(two))
    (f,) = errors(audit(two, double_ron=False))
    assert f.kind is K.ILLEGAL_ACTION and "head-bump" in f.message and "seat 2" in f.message
    assert not errors(audit(ron_on_the_first_discard({1: PINFU_TANYAO}), double_ron=False))


def test_triple_ron_abort_off_makes_three_rons_three_wins_and_the_abort_illegal():
    three = ron_on_the_first_discard({1: PINFU_TANYAO, 2: PINFU_TANYAO, 3: PINFU_TANYAO})
    aborted = ron_on_the_first_discard({}, abort=True)
    # Tenhou's rule: three rons abort the hand
    assert not errors(audit(aborted))
    (f,) = errors(audit(three))
    assert f.kind is K.ILLEGAL_ACTION and "third winner" in f.message and "seat 3" in f.message
    # off: three wins, each paid
    result = audit(three, triple_ron_abort=False)
    assert not errors(result) and [w.who for w in result.rounds[0].wins] == [1, 2, 3]
    assert result.rounds[0].end_scores == (19000, 27000, 27000, 27000)
    (f,) = errors(audit(aborted, triple_ron_abort=False))
    assert f.kind is K.ILLEGAL_ACTION and "triple-ron abort" in f.message


@pytest.mark.parametrize("knob, hand, win, melds, single", [
    ("double_yakuman_kokushi13", "19m19p19s1234567z", "1m", (), 48),
    ("double_yakuman_suuankou_tanki", "111m222p333s444z5m", "5m", (), 41),
    ("double_yakuman_junsei_chuuren", "1112345678999m", "5m", (), 46),
    ("double_yakuman_daisuushii", "111z222z333z5m", "5m", ("pon:444z",), 49),
])
def test_a_double_yakuman_knob_doubles_that_yakuman(knob, hand, win, melds, single):
    tenhou = score_hand(hand, win, melds=list(melds), seat_wind=1)
    doubled = score_hand(hand, win, melds=list(melds), seat_wind=1, rules=RuleSet(**{knob: True}))
    assert tenhou.yakuman == (single,) and tenhou.points == 32000 and dict(tenhou.yaku)[single] == 13
    assert doubled.yakuman == (single,) and doubled.points == 64000 and dict(doubled.yaku)[single] == 26


def test_kazoe_yakuman_off_pays_13_han_as_sanbaiman():
    # closed chinitsu with ittsu, riichi, tsumo and three dora (9m shows 1m): 13 han
    hand = ("123456789m234m11m", "4m")
    kazoe = score_hand(*hand, seat_wind=1, riichi=True, tsumo=True, dora="9m")
    capped = score_hand(*hand, seat_wind=1, riichi=True, tsumo=True, dora="9m", rules=RuleSet(kazoe_yakuman=False))
    assert kazoe.han == capped.han >= 13 and not kazoe.yakuman
    assert (kazoe.limit, kazoe.points) == (5, 32000) and (capped.limit, capped.points) == (4, 24000)


def test_players_is_the_tables_seats_and_sanma_skips_the_fourth_dealer():
    three = PRESETS["tenhou-3p-south"]
    four = PRESETS["tenhou-4p-south"]
    after_east_3 = HandEnd(any_win=True)
    assert next_hand(2, 0, 0, after_east_3, (35000,) * 3, three).kyoku == 4     # South 1
    assert next_hand(2, 0, 0, after_east_3, (25000,) * 4, four).kyoku == 3      # East 4
    # a log's table decides its seats: no log may change them
    with pytest.raises(ValueError, match="preset's, not the log's"):
        apply_knobs(three, "players=4")


# ---- the knobs as a whole --------------------------------------------------------------------------

#: Knobs tested above on hand-built games or hands (and not on the corpus).
HAND_BUILT = {
    "players": test_players_is_the_tables_seats_and_sanma_skips_the_fourth_dealer,
    "renhou": test_renhou_makes_a_ron_before_the_first_draw_a_5_han_yaku_only_when_switched_on,
    "double_ron": test_double_ron_off_lets_only_the_first_seat_in_turn_win,
    "triple_ron_abort": test_triple_ron_abort_off_makes_three_rons_three_wins_and_the_abort_illegal,
    "double_yakuman_kokushi13": test_a_double_yakuman_knob_doubles_that_yakuman,
    "double_yakuman_suuankou_tanki": test_a_double_yakuman_knob_doubles_that_yakuman,
    "double_yakuman_junsei_chuuren": test_a_double_yakuman_knob_doubles_that_yakuman,
    "double_yakuman_daisuushii": test_a_double_yakuman_knob_doubles_that_yakuman,
    "kazoe_yakuman": test_kazoe_yakuman_off_pays_13_han_as_sanbaiman,
    # tests/families/riichi/test_rule_variants.py
    "kan_dora": variants.test_kan_dora_off_counts_only_the_first_dora_and_ura_indicator,
    "renhou_limit": variants.test_renhou_as_mangan_or_baiman_pays_the_limit_unless_the_hand_is_worth_more,
    "double_yakuman_tenhou": variants.test_tenhou_and_suukantsu_are_double_yakuman_under_their_knobs,
    "double_yakuman_suukantsu": variants.test_tenhou_and_suukantsu_are_double_yakuman_under_their_knobs,
    **{y.knob: local_yaku_test for y in LOCAL},   # tests/families/riichi/test_local_yaku.py
    "kita_after_pon": kita_after_pon_test,        # tests/families/riichi/test_rule_conformance.py
    # tests/families/riichi/test_north_rules.py
    "kita_rinshan": north.test_a_tsumo_on_a_kitas_replacement_scores_rinshan_unless_kita_rinshan_is_off,
    "kita_chankan": north.test_a_ron_on_a_kita_scores_chankan_only_under_kita_chankan,
    "north_kept_only_in_yakuman": north.test_the_referee_finds_a_false_win_with_a_north_in_the_hand_under_the_note,
    **{k: reading_test for k in ("marudori2_reading", "dealer_triple_reading", "double_take_reading")},
}
#: Fields that are labels, not rules: the preset's name.
LABELS = {"name"}


def test_every_knob_of_every_preset_has_a_meaning_and_a_test():
    tested = {f.knob for f in FLIPS} | set(HAND_BUILT) | LABELS
    for fam, preset, rules in iter_presets():
        fields = [f.name for f in dataclasses.fields(rules)]
        docs = fam.knob_docs()
        assert set(docs) == set(fields), (fam.name, set(docs) ^ set(fields))
        assert all(docs[f].strip() for f in fields)
        if fam.name == "riichi":       # the knob tests and rule_problem are riichi's
            assert set(fields) <= tested, set(fields) - tested
            assert rule_problem(rules) is None, preset


def test_the_name_is_the_presets_label_and_no_log_changes_it():
    for _, preset, rules in iter_presets():
        assert rules.name == preset and find_preset(preset) is rules
    assert PRESETS["tenhou-4p-south"].replace(uma=(30, 10, -10, -30)).name == "tenhou-4p-south+custom"
    with pytest.raises(ValueError, match="preset's, not the log's"):
        apply_knobs(PRESETS["tenhou-4p-south"], "name=x")


@pytest.mark.parametrize("text, problem", [
    ("players=3", "preset's, not the log's"),
    ("nukidora=True", "three-player knob"),
    ("north=yakuhai", "three-player knob"),
    ("north=west", "is not one of"),
    ("kita_after_pon=True", "three-player knob"),
    ("kita_chankan=True", "three-player knob"),
    ("kita_rinshan=False", "three-player knob"),
    ("tsumo_scheme=marudori", "three-player knob"),
    ("tsumo_scheme=nonsense", "is not one of"),
    ("length=west", "is not one of"),
    ("uma=(10, -10)", "one value per place"),
    ("fast=True", "unknown rule knob"),
    ("chip_points=True", "unknown rule knob"),
])
def test_a_knob_the_replay_cannot_apply_is_not_offered(text, problem):
    with pytest.raises(ValueError, match=problem):
        apply_knobs(PRESETS["tenhou-4p-south"], text)
    assert apply_knobs(PRESETS["tenhou-3p-south"], "nukidora=False;tsumo_scheme=marudori").north == "guest"


def test_knobs_a_log_states_that_cannot_be_applied_are_an_unsupported_rule_finding():
    data = ron_on_the_first_discard({1: PINFU_TANYAO}).replace(b'lobby="0"/>', b'lobby="0" knobs="nukidora=True"/>')
    result = audit(data)
    assert [f.kind for f in result.findings if f.kind is K.UNSUPPORTED_RULE] == [K.UNSUPPORTED_RULE]


@pytest.mark.parametrize("preset, knobs", [
    ("tenhou-4p-east", {"renhou": True}),
    ("tenhou-4p-east", {"double_ron": False}),
    ("tenhou-4p-east", {"triple_ron_abort": False}),
    ("tenhou-4p-east", {"abortive_draws": False}),
    ("tenhou-3p-east", {"north": "guest"}),
    ("tenhou-3p-east", {"north": "yakuhai"}),
    ("tenhou-3p-east", {"kita_after_pon": True}),
    ("tenhou-3p-east", {"kita_rinshan": False, "kita_chankan": True}),
    ("tenhou-3p-east", {"north": "guest", "north_kept_only_in_yakuman": True}),
    ("tenhou-4p-east", {"two_han_minimum_honba": 1}),
    ("tenhou-4p-east", {"ura_dora": False, "ippatsu": False, "kan_dora": False}),
])
def test_games_the_simulator_plays_under_a_knob_state_it_and_audit_clean_under_it(preset, knobs):
    from mjlog.rules.riichi.simulate import simulate_game

    rules = PRESETS[preset].replace(**knobs)
    for seed in range(2):
        log = read_log(simulate_game(rules, seed))
        assert dict(log.header_extra)["GO.knobs"] == ";".join(f"{k}={v}" for k, v in knobs.items())
        result = replay(log)
        assert result.clean, lines(result)
