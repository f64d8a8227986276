"""The Beijing replay and audit: hand-built games audit clean, and each injected fault is found with the
right kind at the right hand."""

from __future__ import annotations

import dataclasses

import pytest

from mjlog.findings import FindingKind as K, Severity
from mjlog.formats.beijing.json import write_beijing_json
from mjlog.formats.beijing.xml import write_beijing_xml
from mjlog.ir import Call, Discard, Draw, Win
from mjlog.formats.reader import read_log
from mjlog.replayer import replay
from mjlog.rules.beijing.record import BeijingWin, FanLine
from mjlog.rules.beijing.wall import beijing_walls
from tests.support.beijing_games import example1, example2, full_game, seeded_game
from tests.support.beijingbuild import GameBuilder, with_base
from tests.support.viewcases import riichi_words


def errors(log):
    return [f for f in replay(log).findings if f.severity is Severity.ERROR]


def kinds(log):
    return {f.kind for f in errors(log)}


def set_event(log, r: int, i: int, ev):
    rnd = log.rounds[r]
    events = rnd.events[:i] + (ev,) + rnd.events[i + 1:]
    rounds = log.rounds[:r] + (dataclasses.replace(rnd, events=events),) + log.rounds[r + 1:]
    return dataclasses.replace(log, rounds=rounds)


def set_round(log, r: int, **changes):
    rounds = list(log.rounds)
    rounds[r] = dataclasses.replace(rounds[r], **changes)
    return dataclasses.replace(log, rounds=tuple(rounds))


def win_at(log, r: int) -> tuple[int, Win]:
    rnd = log.rounds[r]
    i = next(i for i, e in enumerate(rnd.events) if type(e) is Win)
    return i, rnd.events[i]


def set_win(log, r: int, **payload):
    i, w = win_at(log, r)
    return set_event(log, r, i, dataclasses.replace(w, payload=dataclasses.replace(w.payload, **payload)))


@pytest.fixture(scope="module")
def game():
    return full_game()


# -- clean games ----------------------------------------------------------------------------------------


def test_a_hand_built_game_audits_clean_from_the_ir_the_xml_and_the_json(game):
    assert replay(game).findings == ()
    for data in (write_beijing_xml(game), write_beijing_json(game)):
        assert replay(read_log(data)).findings == ()


def test_both_worked_examples_come_out_exactly_in_a_game():
    g = GameBuilder(with_base(2000))
    example1(g)
    assert tuple(g.scores) == (12000, -4000, -4000, -4000)
    g = GameBuilder(with_base(500))
    example2(g)
    assert tuple(g.scores) == (-6000, 3000, 2000, 1000)
    log = g.log(final=False)
    w = log.rounds[0].outcomes[0]
    assert [(f.name, f.value) for f in w.payload.fans] == [("推倒和", 1), ("莊", 1)] and w.payload.burn_fan == 4
    assert [f.kind for f in replay(log).findings] == [K.TRUNCATED]
    assert [p.seats for p in log.rounds[0].payload.mutual] == [(1, 3)]


def test_the_replay_derives_the_worked_example_payments_itself():
    g = GameBuilder(with_base(500))
    example2(g)
    rep = replay(g.log(final=False))
    assert rep.rounds[0].wins[0].deltas == (-6000, 3000, 2000, 1000)
    assert {(t.payer, t.payee, t.amount, t.reason) for t in rep.rounds[0].wins[0].transfers} >= {(3, 1, 1000, "mutual")}


def test_a_seeded_game_follows_its_wall_to_the_exhaustive_draw():
    log = seeded_game()
    assert [f.kind for f in replay(log).findings] == [K.TRUNCATED]
    wall = next(beijing_walls(log.seed))
    assert log.rounds[0].payload.wild_indicator == wall.wild_indicator
    draws = [e.tile for e in log.rounds[0].events if type(e) is Draw]
    assert len(draws) == 69 and draws[-1] == wall.yama[15]


# -- fault injection: one change per copy ---------------------------------------------------------------


def test_a_changed_fan_value_is_a_han_mismatch(game):
    _, w = win_at(game, 0)
    fans = (FanLine("莊", "Dealer", 2),) + w.payload.fans[1:]
    bad = set_win(game, 0, fans=fans)
    assert K.HAN in kinds(bad)
    assert all(f.round_index == 0 for f in errors(bad) if f.kind is K.HAN)


def test_a_changed_fan_line_is_a_yaku_mismatch(game):
    _, w = win_at(game, 0)
    bad = set_win(game, 0, fans=(FanLine("莊", "Dealer", 1), FanLine("清一色", "Full flush", 2)))
    found = [f for f in errors(bad) if f.kind is K.YAKU]
    assert found and found[0].event_index == win_at(game, 0)[0]


def test_a_changed_burn_count_is_found(game):
    bad = set_round(game, 0, payload=dataclasses.replace(game.rounds[0].payload, burn=2))
    assert [f.kind for f in errors(bad)] == [K.HAN]
    bad = set_win(game, 1, burn_fan=2)
    assert K.HAN in kinds(bad)


def test_a_changed_mutual_payer_is_a_payment_mismatch(game):
    i, w = win_at(game, 1)
    pay = w.payload.hand_payment                       # North pays for South
    moved = (pay[0], pay[1], pay[3], pay[2])           # West pays instead
    bad = set_event(game, 1, i, dataclasses.replace(
        w, payload=dataclasses.replace(w.payload, hand_payment=moved),
        deltas=tuple(a + b for a, b in zip(moved, w.payload.burn_payment))))
    assert K.PAYMENT in kinds(bad)
    bad = set_round(game, 1, payload=dataclasses.replace(game.rounds[1].payload, mutual=()))
    assert [f.kind for f in errors(bad)] == [K.PAYMENT]


def test_the_next_dealer_and_a_final_score_are_checked(game):
    assert K.FLOW in kinds(set_round(game, 2, dealer=1))
    final = dataclasses.replace(game.final, scores=(game.final.scores[0] + 500,) + game.final.scores[1:])
    assert kinds(dataclasses.replace(game, final=final)) == {K.FINAL_SCORE}


def test_a_drawn_reserve_tile_is_found():
    log = seeded_game(hands=1)
    wall = next(beijing_walls(log.seed))
    i = next(i for i, e in enumerate(log.rounds[0].events) if type(e) is Draw)
    ev = log.rounds[0].events[i]
    bad = set_event(log, 0, i, dataclasses.replace(ev, tile=wall.reserve[3]))
    found = [f for f in errors(bad) if f.kind is K.WALL]
    assert found and "reserve" in found[0].message and found[0].event_index == i


def test_drawing_past_the_live_wall_into_the_reserve_is_illegal():
    log = seeded_game(hands=1)
    rnd = log.rounds[0]
    wall = next(beijing_walls(log.seed))
    last = rnd.events[-2]                      # the last discard before the draw
    seat = (last.seat + 1) % 4
    extra = (Draw(seat, wall.reserve[0]), Discard(seat, wall.reserve[0], True))
    bad = set_round(log, 0, events=rnd.events[:-1] + extra + rnd.events[-1:])
    assert K.ILLEGAL_ACTION in kinds(bad)


def test_an_early_exhaustive_draw_is_a_draw_mismatch():
    log = seeded_game(hands=1)
    rnd = log.rounds[0]
    bad = set_round(log, 0, events=rnd.events[:40] + rnd.events[-1:])
    assert K.DRAW in kinds(bad)


def _open_then_ron() -> tuple:
    """South pons East's 5z, then wins on West's discard; the record states plain values."""
    g = GameBuilder(with_base(500))
    h = g.hand(["5z", "5z5z123m456m789p3s", "3s", ""], keep="5z3s")
    h.turn(0, None, "5z")
    h.call(1, "pon", "555z")
    h.discard(1)
    h.turn(2, None, "3s")
    h.win(1, from_seat=2, record=BeijingWin((FanLine("推倒和", "Plain win", 1),), 1, 0, (0, 500, -500, 0), (0, 0, 0, 0)))
    return g.log(final=False)


def test_a_ron_after_a_call_is_illegal():
    found = [f for f in errors(_open_then_ron()) if f.kind is K.ILLEGAL_ACTION]
    assert found and "self-draw" in found[0].message


def test_a_ron_with_three_wild_tiles_is_illegal():
    g = GameBuilder(with_base(500))
    h = g.hand(["3s", "1s1s1s123m456m789p3s", "", ""], keep="3s")   # wild: 1s (indicator 9s)
    h.turn(0, None, "3s")
    h.win(1, from_seat=0, record=BeijingWin((FanLine("推倒和", "Plain win", 1),), 1, 0, (-500, 500, 0, 0), (0,) * 4))
    found = [f for f in errors(g.log(final=False)) if f.kind is K.ILLEGAL_ACTION]
    assert found and "wild" in found[0].message


def test_a_chi_from_the_wrong_seat_is_illegal():
    g = GameBuilder(with_base(500))
    h = g.hand(["3m", "", "1m2m", ""], keep="1m2m3m")
    h.turn(0, None, "3m")
    h.call(2, "chi", "123m")
    h.discard(2)
    h.exhaust()
    found = [f for f in errors(g.log(final=False)) if f.kind is K.ILLEGAL_ACTION]
    assert found and "chow 吃 is only from the seat before" in found[0].message


def _chow_from_the_wrong_seat_then_a_closed_kong_by_the_next_seat():
    """A hand where seat 2 chows seat 0's discard and seat 3, next, makes a closed kong while claims on
    seat 2's discard come first; its findings."""
    g = GameBuilder(with_base(500))
    h = g.hand(["3m", "", "1m2m", "5p5p5p5p"], keep="1m2m3m5p")
    h.turn(0, None, "3m")
    h.call(2, "chi", "123m")
    h.discard(2)
    h.call(3, "ankan", "5p5p5p5p")
    h.discard(3)
    return errors(g.log(final=False))


def test_beijings_findings_name_its_calls_in_its_own_words():
    """A chow from the wrong seat and a closed kong out of turn: 吃 and 槓 with their glosses (the family's
    ``CALL_WORDS``), never riichi's chi, pon or kan."""
    lines = [f.line() for f in _chow_from_the_wrong_seat_then_a_closed_kong_by_the_next_seat()
             if f.kind is K.ILLEGAL_ACTION]
    assert any("seat 2 chows 吃 from seat 0: chow 吃 is only from the seat before" in x for x in lines), lines
    assert any("seat 3 makes a concealed kong 暗槓 out of its turn" in x for x in lines), lines
    assert riichi_words(" ".join(lines)) == [], lines


def test_a_closed_kong_by_the_next_seat_says_what_the_hand_waits_for_not_a_seat_equal_to_itself():
    (found,) = [f for f in _chow_from_the_wrong_seat_then_a_closed_kong_by_the_next_seat()
                if "out of its turn" in f.message]
    assert found.message.endswith("out of its turn, while the hand waits for claims on the last discard")
    assert (found.recorded, found.derived) == (None, None)


def test_the_event_index_of_a_finding_points_at_the_win(game):
    i, w = win_at(game, 3)
    bad = set_event(game, 3, i, dataclasses.replace(w, deltas=(0, 0, 0, 0)))
    pay = [f for f in errors(bad) if f.kind is K.PAYMENT]
    assert pay and pay[0].event_index == i and pay[0].round_index == 3


def test_describe_outcome_and_recorded_items(game):
    from mjlog.rules import family

    fam = family("beijing")
    w = game.rounds[0].outcomes[0]
    assert "莊 1" in fam.text.describe_outcome(game, w) and "Dealer 1" in fam.text.describe_outcome(game, w, japanese=False)
    assert [i.name for i in fam.store.recorded_win_items(w)] == ["莊", "對對和"]
    assert all(i.item_id >= 0 for i in fam.store.recorded_win_items(w))
    assert isinstance(game.rounds[1].events[next(i for i, e in enumerate(game.rounds[1].events)
                                                   if type(e) is Call)], Call)


def test_a_closed_kan_and_a_win_on_its_replacement_audit_clean():
    g = GameBuilder(with_base(500))
    h = g.hand(["1111m234p567p78s5z", "", "", ""], keep="5z9s1m")
    h.draw(0, "5z")
    h.call(0, "ankan", "1111m", replacement="9s")
    w = h.win(0, after_kan=True, first_turn=True)
    assert "杠上開花" in [f.name for f in w.payload.fans]
    assert [f.kind for f in replay(g.log(final=False)).findings] == [K.TRUNCATED]


def _robbed(open_hand: bool):
    """South pons 5p and later adds the fourth; West, waiting on 4-6p, robs the kan (closed, or after a pon)."""
    g = GameBuilder(with_base(500))
    west = "77z123m789s46p11z" if open_hand else "123m456m789s46p11z"
    h = g.hand(["5p7z", "5p5p", west, ""], keep="5p7z")
    h.turn(0, None, "5p")
    h.call(1, "pon", "555p")
    h.discard(1)
    h.turn(2)
    h.turn(3)
    if open_hand:
        h.turn(0, None, "7z")
        h.call(2, "pon", "777z")
        h.discard(2, h.dealt[2][12])
        h.turn(3)
    h.turn(0)
    h.draw(1, "5p")
    h.call(1, "kakan", "5p", robbed=True)
    record = BeijingWin((FanLine("推倒和", "Plain win", 1),), 1, 0, (0, -500, 500, 0), (0,) * 4)
    h.win(2, from_seat=1, record=record if open_hand else None)
    return g.log(final=False)


def test_robbing_a_kan_needs_a_closed_hand():
    assert [f.kind for f in replay(_robbed(False)).findings] == [K.TRUNCATED]
    found = [f for f in errors(_robbed(True)) if f.kind is K.ILLEGAL_ACTION]
    assert found and "robbing a kong" in found[0].message


def test_discarding_with_four_wild_tiles_is_illegal():
    g = GameBuilder(with_base(500))
    h = g.hand(["", "1s1s1s", "", ""], keep="1s")          # wild: 1s
    h.turn(0)
    h.draw(1, "1s")
    h.discard(1, h.hands[1][5])
    found = [f for f in errors(g.log(final=False)) if f.kind is K.ILLEGAL_ACTION]
    assert found and "四惠牌" in found[0].message


def _to_the_last_tile(dealt) -> tuple:
    g = GameBuilder(with_base(500))
    h = g.hand(dealt, keep="5p")
    seat = 0
    while h.live < 68:
        h.turn(seat)
        seat = (seat + 1) % 4
    assert seat == 0
    return g, h


def test_a_self_draw_of_the_last_live_tile_is_haitei():
    g, h = _to_the_last_tile(["123m456m789p234s5p", "", "", ""])
    h.draw(0, "5p")
    w = h.win(0, last_tile=True)
    assert ("海底撈月", 2) in [(f.name, f.value) for f in w.payload.fans]
    assert [f.kind for f in replay(g.log(final=False)).findings] == [K.TRUNCATED]


def test_a_win_on_the_last_tiles_discard_is_haitei_worth_one():
    g, h = _to_the_last_tile(["5p", "123m456m789p234s5p", "", ""])
    h.draw(0)
    h.discard(0, "5p")
    w = h.win(1, from_seat=0, last_tile=True)
    assert ("海底撈月", 1) in [(f.name, f.value) for f in w.payload.fans]
    assert [f.kind for f in replay(g.log(final=False)).findings] == [K.TRUNCATED]
    # the same win recorded without the line is found
    bad = set_win(g.log(final=False), 0, fans=tuple(f for f in w.payload.fans if f.name != "海底撈月"))
    assert K.YAKU in kinds(bad)


def test_two_wins_on_one_discard_pay_the_burn_once():
    g = GameBuilder(with_base(500))
    h = g.hand(["1z5p", "1z123m456m789p234s", "1z123m456m789s234p", "1z"], keep="1z5p")
    for seat, draw in ((0, None), (1, "5p"), (2, "5p"), (3, None)):
        h.turn(seat, draw, "1z")
    h.turn(0, None, "5p")
    first = h.win(1, from_seat=0)
    second = h.win(2, from_seat=0)
    assert first.payload.burn_fan == 1 and second.payload.burn_fan == 0
    assert [f.kind for f in replay(g.log(final=False)).findings] == [K.TRUNCATED]
