"""The Datong referee: hand-built games audit clean, and each injected fault is found, every time."""

from __future__ import annotations

import dataclasses

import pytest

from mjlog.findings import FindingKind as K, Severity
from mjlog.replayer import replay
from tests.support.datong_games import (
    change_rows, chi_hand, faulty_games, head_bump_hand, one_circle, scripted_game, seeded_draw_game, set_win,
    win_at,
)
from tests.support.viewcases import knob_free, riichi_words


def errors(log):
    return [f for f in replay(log).findings if f.severity is Severity.ERROR]


def test_an_unchanged_scripted_game_audits_clean():
    log = scripted_game()
    assert errors(log) == []
    result = replay(log)
    assert [r.dealer for r in result.rounds] == [0, 1, 1, 1] and [r.honba for r in result.rounds] == [0, 0, 1, 2]
    reasons = {t.reason for r in result.rounds for w in r.wins for t in w.transfers}
    assert reasons == {"hand", "dealer", "renchan", "kan"}


def test_a_seeded_game_audits_clean_and_a_draw_off_the_wall_is_found():
    log = seeded_draw_game()
    assert errors(log) == []
    rnd = log.rounds[1]
    i = next(i for i, e in enumerate(rnd.events) if type(e).__name__ == "Draw")
    bad = dataclasses.replace(rnd.events[i], tile=(rnd.events[i].tile + 4) % 136)
    rounds = (log.rounds[0], dataclasses.replace(rnd, events=rnd.events[:i] + (bad,) + rnd.events[i + 1:]))
    assert K.WALL in {f.kind for f in errors(dataclasses.replace(log, rounds=rounds))}


def test_the_first_dealer_is_the_die_counted_from_the_thrower():
    log = seeded_draw_game()
    assert log.first_dealer == 0     # seat 2 threw 3: 2, 3, 0
    wrong = dataclasses.replace(log, header=dataclasses.replace(log.header, die=4))
    assert any(f.kind is K.FLOW and "first dealer" in f.message for f in errors(wrong))


@pytest.mark.parametrize("r", [0, 1, 3])
@pytest.mark.parametrize("by", [1, 2, 5])
def test_a_changed_hand_multiplier_is_an_error(r, by):
    log = scripted_game()
    _, w = win_at(log, r)
    found = errors(set_win(log, r, multiplier=w.payload.multiplier + by))
    assert any(f.kind is K.HAN and "multiplier" in f.message for f in found)


@pytest.mark.parametrize("by", [-10, 10, 20])
def test_a_changed_kong_payment_is_an_error(by):
    log = scripted_game()
    _, w = win_at(log, 1)
    found = errors(set_win(log, 1, payments=change_rows(w.payload, "kan", by)))
    assert any(f.kind is K.PAYMENT and "'kong 杠'" in f.message for f in found)


@pytest.mark.parametrize("by", [-10, 10, 30])
def test_a_changed_renchan_bonus_is_an_error(by):
    log = scripted_game()
    _, w = win_at(log, 3)
    found = errors(set_win(log, 3, payments=change_rows(w.payload, "renchan", by)))
    assert any(f.kind is K.PAYMENT and "'renchan'" in f.message for f in found)


def test_a_renchan_bonus_left_out_is_an_error():
    log = scripted_game()
    _, w = win_at(log, 3)
    rows = tuple(t for t in w.payload.payments if t.reason != "renchan")
    assert any(f.kind is K.PAYMENT and "'renchan'" in f.message for f in errors(set_win(log, 3, payments=rows)))


def test_the_first_claimant_in_turn_order_wins_a_discard():
    assert errors(head_bump_hand((1, 2), winner=1)) == []
    assert errors(head_bump_hand((2,), winner=2)) == []    # South declined: no finding


@pytest.mark.parametrize("claims", [(1, 2), (2, 1)])
def test_a_wrong_head_bump_order_is_an_error(claims):
    found = errors(head_bump_hand(claims, winner=2))
    assert any(f.kind is K.ILLEGAL_ACTION and "head-bump" in f.message for f in found)


def test_a_claimant_without_a_winning_hand_is_an_error():
    log = head_bump_hand((1,), winner=1)
    found = errors(set_win(log, 0, claimants=(1, 3)))
    assert any("claims a win" in f.message for f in found)


def test_a_second_win_on_one_discard_is_an_error():
    log = head_bump_hand((1, 2), winner=1)
    rnd = log.rounds[0]
    _, w = win_at(log, 0)
    second = dataclasses.replace(w, who=2)
    log2 = dataclasses.replace(log, rounds=(dataclasses.replace(rnd, events=rnd.events + (second,)),))
    assert any("head-bump" in f.message for f in errors(log2))


def test_a_ron_on_a_chi_is_clean_with_the_chi_knob_and_an_error_without():
    assert errors(chi_hand(chi=True)) == []


def test_a_ron_on_a_chi_where_chi_is_off_is_an_error():
    found = errors(chi_hand(chi=False))
    assert any(f.kind is K.ILLEGAL_ACTION and "knob chi=False" in f.message for f in found)
    assert any(f.kind is K.ILLEGAL_ACTION and "no winning hand" in f.message for f in found)


def test_a_draw_before_the_reserve_is_reached_is_an_error():
    log = scripted_game()
    rnd = log.rounds[2]
    events = rnd.events[:10] + rnd.events[-1:]
    rounds = list(log.rounds)
    rounds[2] = dataclasses.replace(rnd, events=events)
    assert K.DRAW in {f.kind for f in errors(dataclasses.replace(log, rounds=tuple(rounds)))}


def test_a_game_ends_when_the_deal_has_gone_round():
    log = one_circle()
    assert [r.dealer for r in log.rounds] == [0, 1, 2, 3]
    assert replay(log).findings == ()
    cut = dataclasses.replace(log, rounds=log.rounds[:3])
    assert any(f.kind is K.FLOW and "goes on" in f.message for f in errors(cut))


def test_a_dealer_that_does_not_follow_the_flow_is_an_error():
    log = one_circle()
    rounds = list(log.rounds)
    rounds[2] = dataclasses.replace(rounds[2], dealer=1)
    assert any(f.kind is K.FLOW and "dealer" in f.message for f in errors(dataclasses.replace(log, rounds=tuple(rounds))))


@pytest.mark.parametrize("fault", list(faulty_games()))
def test_a_faulty_datong_logs_findings_name_calls_in_datong_words(fault):
    """吃, 碰, 杠 with their English glosses (a chow, a pung, a kong), never riichi's chi, pon or kan."""
    found = errors(faulty_games()[fault])
    assert found
    text = " ".join(knob_free(f.line()) for f in found)
    assert riichi_words(text) == [], text
