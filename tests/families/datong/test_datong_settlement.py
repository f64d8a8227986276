"""Hand-worked payments, one or more for each line of the source's list (base B = 10, seats E S W N)."""

from __future__ import annotations

import pytest

from mjlog.rules.datong.flow import first_dealer, is_drawn, next_deal
from mjlog.rules.datong.ruleset import PRESETS
from mjlog.rules.datong.settlement import KanKind, kan_rows, leave_rows, settle_draw, settle_win
from mjlog.rules.transfers import net

DATONG = PRESETS["datong"]
E, S, W, N = 0, 1, 2, 3


def test_line1_discard_win_each_pays_b_and_the_discarder_2b():
    # South wins on West's discard; East deals: E 10 + dealer's 10, W 20, N 10.
    rows = settle_win(DATONG, winner=S, discarder=W, multiplier=1, dealer=E)
    assert net([t for t in rows if t.reason == "hand"], 4) == (-10, 40, -20, -10)
    assert net(rows, 4) == (-20, 50, -20, -10)


def test_line2_self_draw_each_pays_2b_the_winner_takes_6b():
    rows = settle_win(DATONG, winner=S, discarder=None, multiplier=1, dealer=S)
    assert net([t for t in rows if t.reason == "hand"], 4) == (-20, 60, -20, -20)


@pytest.mark.parametrize(("kind", "each"), [(KanKind.OPEN, 10), (KanKind.ADDED, 10), (KanKind.CLOSED, 20)])
def test_line3_kans_are_paid_by_each_other_seat_when_made(kind, each):
    rows = kan_rows(DATONG, N, kind)
    assert {t.reason for t in rows} == {"kan"}
    assert net(rows, 4) == (-each, -each, -each, 3 * each)


def test_line4_dealer_win_each_pays_the_dealer_b_more():
    rows = settle_win(DATONG, winner=E, discarder=N, multiplier=1, dealer=E)
    assert net([t for t in rows if t.reason == "dealer"], 4) == (30, -10, -10, -10)
    assert net(rows, 4) == (70, -20, -20, -30)


def test_line4_non_dealer_win_the_dealer_pays_the_winner_b_more():
    rows = settle_win(DATONG, winner=W, discarder=None, multiplier=1, dealer=S)
    assert [(t.payer, t.payee, t.amount) for t in rows if t.reason == "dealer"] == [(S, W, 10)]
    assert net(rows, 4) == (-20, -30, 70, -20)


def test_line4_renchan_adds_b_per_kept_deal_to_the_dealers_bonus():
    # East has kept the deal twice and wins on North's discard: 40 hand + 30 dealer + 60 renchan.
    rows = settle_win(DATONG, winner=E, discarder=N, multiplier=1, dealer=E, renchan=2)
    assert net([t for t in rows if t.reason == "renchan"], 4) == (60, -20, -20, -20)
    assert net(rows, 4)[E] == 130
    # A non-dealer win in the dealer's third deal: the dealer pays 20 more.
    rows = settle_win(DATONG, winner=S, discarder=None, multiplier=1, dealer=E, renchan=2)
    assert [(t.payer, t.payee, t.amount) for t in rows if t.reason == "renchan"] == [(E, S, 20)]


def test_renchan_to_payers_knob_charges_each_payer_of_the_hand():
    rows = settle_win(DATONG.replace(renchan_to="payers"), winner=S, discarder=W, multiplier=1, dealer=E, renchan=1)
    assert net([t for t in rows if t.reason == "renchan"], 4) == (-10, 30, -10, -10)


@pytest.mark.parametrize(("multiplier", "discarder", "hand"), [
    (2, W, (-20, 80, -40, -20)),          # 碰碰胡, 清一色 or 七對 on a discard
    (2, None, (-40, 120, -40, -40)),      # the same, self-drawn
    (6, None, (-120, 360, -120, -120)),   # 十三幺 self-drawn
])
def test_line5_multipliers_scale_the_hand_payment_only(multiplier, discarder, hand):
    rows = settle_win(DATONG, winner=S, discarder=discarder, multiplier=multiplier, dealer=E, renchan=1)
    assert net([t for t in rows if t.reason == "hand"], 4) == hand
    assert [t.amount for t in rows if t.reason in ("dealer", "renchan")] == [10, 10]


def test_line6_leaving_the_table_costs_8b():
    assert net(leave_rows(DATONG, W), 4) == (0, 0, -80, 0)
    assert net(leave_rows(DATONG.replace(leave_to="each"), W), 4) == (80, 80, -240, 80)


def test_a_draw_pays_nothing_and_the_winner_cannot_deal_in_to_itself():
    assert settle_draw(DATONG) == ()
    with pytest.raises(ValueError, match="itself"):
        settle_win(DATONG, winner=S, discarder=S, multiplier=1, dealer=E)


def test_flow_first_dealer_by_one_die_and_the_deal_kept_on_a_dealer_win_or_a_draw():
    assert [first_dealer(E, d) for d in range(1, 7)] == [E, S, W, N, E, S]
    assert next_deal(DATONG, dealer=S, renchan=0, winner=S) == (S, 1)
    assert next_deal(DATONG, dealer=S, renchan=1, winner=None) == (S, 2)
    assert next_deal(DATONG, dealer=N, renchan=3, winner=W) == (E, 0)
    assert (is_drawn(DATONG, 14), is_drawn(DATONG, 13)) == (False, True)
    with pytest.raises(ValueError, match="die"):
        first_dealer(E, 7)


def test_worked_example_thirteen_orphans_self_drawn_by_a_non_dealer():
    rows = settle_win(DATONG, winner=S, discarder=None, multiplier=6, dealer=E)
    assert net(rows, 4) == (-130, 370, -120, -120)
