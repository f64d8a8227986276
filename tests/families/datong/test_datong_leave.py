"""Leaving the table (強退, line 6 of the source's payments): a hand's own event, paid 8B by the leaver
to the pot or to each other seat (knob ``leave_to``), recorded with the hand's end as the kans are,
and a wrong amount found as a payment mismatch."""

from __future__ import annotations

import dataclasses

import pytest

from mjlog.findings import FindingKind as K, Severity
from mjlog.ir import Ryuukyoku, Win
from mjlog.replayer import replay
from mjlog.rules.datong.record import LeaveTable
from mjlog.rules.transfers import Transfer, net
from tests.support.datong_games import leave_game


def errors(log):
    return [f for f in replay(log).findings if f.severity is Severity.ERROR]


def leave_rows(rnd_result) -> list[Transfer]:
    outcome = rnd_result.wins[0] if rnd_result.wins else rnd_result.draw
    return [t for t in outcome.transfers if t.reason == "leave"]


@pytest.mark.parametrize(("leave_to", "first", "second"), [
    ("pot", [Transfer(2, None, 80, "leave")], [Transfer(3, None, 80, "leave")]),
    ("each", [Transfer(2, s, 80, "leave") for s in (0, 1, 3)], [Transfer(3, s, 80, "leave") for s in (0, 1, 2)]),
])
def test_leaving_the_table_pays_eight_base_as_leave_to_says(leave_to, first, second):
    log = leave_game(leave_to)
    assert [type(e) for e in log.rounds[0].events].count(LeaveTable) == 1
    assert errors(log) == []
    result = replay(log)
    assert sorted(leave_rows(result.rounds[0]), key=str) == sorted(first, key=str)
    assert sorted(leave_rows(result.rounds[1]), key=str) == sorted(second, key=str)


def test_the_leavers_payment_moves_the_scores():
    """South's 屁和 on East's discard: E -30 (hand 20, dealer 10), S +50, W -10, N -10. Pot: West's
    leave costs it 80 to no one, North's in hand 1 likewise; each: the leaver pays 80 to each other seat."""
    pot = replay(leave_game("pot"))
    assert [r.end_scores for r in pot.rounds] == [(-30, 50, -90, -10), (-30, 50, -90, -90)]
    each = replay(leave_game("each"))
    assert [r.end_scores for r in each.rounds] == [(50, 130, -250, 70), (130, 210, -170, -170)]


def _with_leave_amount(log, r: int, amount: int):
    """Round ``r``'s outcome with its leave rows' amounts set to ``amount`` and its deltas summed, as a forger would."""
    rnd = log.rounds[r]
    i, ev = next((i, e) for i, e in enumerate(rnd.events) if type(e) in (Win, Ryuukyoku))
    pays = tuple(dataclasses.replace(t, amount=amount) if t.reason == "leave" else t for t in ev.payload.payments)
    ev2 = dataclasses.replace(ev, payload=dataclasses.replace(ev.payload, payments=pays), deltas=net(pays, 4))
    rounds = list(log.rounds)
    rounds[r] = dataclasses.replace(rnd, events=rnd.events[:i] + (ev2,) + rnd.events[i + 1:])
    return dataclasses.replace(log, rounds=tuple(rounds))


@pytest.mark.parametrize("r", [0, 1])
def test_a_wrong_leave_amount_is_a_payment_mismatch(r):
    found = errors(_with_leave_amount(leave_game("pot"), r, 40))
    assert any(f.kind is K.PAYMENT and "'leave'" in f.message for f in found), found


def test_a_leave_paid_under_the_other_knob_is_found():
    """A log that pays the pot while its rules say 'each' (the payments recorded as 'pot' would)."""
    pot = leave_game("pot")
    forged = dataclasses.replace(pot, rules=pot.rules.replace(leave_to="each"))
    assert any(f.kind is K.PAYMENT and "'leave'" in f.message for f in errors(forged))


def test_a_leave_not_recorded_in_the_payments_is_found():
    log = leave_game("pot")
    rnd = log.rounds[0]
    without = tuple(e for e in rnd.events if type(e) is not LeaveTable)
    forged = dataclasses.replace(log, rounds=(dataclasses.replace(rnd, events=without),) + log.rounds[1:])
    assert any(f.kind is K.PAYMENT and "'leave'" in f.message for f in errors(forged))
