"""Beijing settlement as payment rows: the source's two worked examples, 燒莊, 互包 and their knobs."""

from __future__ import annotations

from mjlog.rules.beijing import PRESETS, score_hand
from mjlog.rules.beijing.settlement import (
    burn_rounds, burn_turns, claims, mutual_pairs, partners_of, settle_draw, settle_win, transfer_deltas,
)
from mjlog.rules.transfers import Transfer

E, S, W, N = range(4)
BEIJING = PRESETS["beijing"]


def test_worked_example_1_dealer_self_draw_with_one_burn_round():
    # East deals and self-draws 對對和 (an open pon, so no 門清無惠): 莊 1 + 對對和 2 = 3 fan; 燒莊 1 round
    value = score_hand("999p111s55z22z2z", ["pon:111m"], tsumo=True, winner_is_dealer=True)
    assert [(f.name, f.value) for f in value.fans] == [("莊", 1), ("對對和", 2)]
    rows = settle_win(BEIJING.replace(base=2000), E, None, value.total, dealer=E, burn_rounds=1)
    assert transfer_deltas(rows, 4) == (12000, -4000, -4000, -4000)
    assert [r for r in rows if r.reason == "burn"] == [Transfer(E, s, 2000, "burn") for s in (S, W, N)]


def test_worked_example_2_reading_a_dealer_fan_paid_by_the_mutual_partner():
    # East deals in to South; South and North are in 互包; 3 燒莊 rounds. Reading (a): 莊 counts
    # (the dealer dealt in); the winner's closed hand holds a wild tile, so 莊 1 + 推倒和 1 = 2.
    value = score_hand("123m456p789s11z34m5m", wild="9s", discarder_is_dealer=True, dealer_pays=False)
    assert [(f.name, f.value) for f in value.fans] == [("推倒和", 1), ("莊", 1)]
    rows = settle_win(BEIJING.replace(base=500), S, E, value.total, dealer=E, burn_rounds=3, partners=[N])
    assert transfer_deltas(rows, 4) == (-6000, 3000, 2000, 1000)
    assert [r for r in rows if r.reason != "burn"] == [Transfer(N, S, 1000, "mutual")]


def test_worked_example_2_reading_b_plain_win_and_concealed_without_wild():
    # Reading (b): 莊 only when the dealer wins or pays; North pays, so 推倒和 1 + 門清無惠 1 = 2.
    rules = BEIJING.replace(base=500, dealer_fan="b")
    value = score_hand("123m456p789s11z34m5m", discarder_is_dealer=True, dealer_pays=False, rules=rules)
    assert [(f.name, f.value) for f in value.fans] == [("推倒和", 1), ("門清無惠", 1)]
    rows = settle_win(rules, S, E, value.total, dealer=E, burn_rounds=3, partners=[N])
    assert transfer_deltas(rows, 4) == (-6000, 3000, 2000, 1000)


def test_the_discarder_pays_alone_and_a_self_draw_is_paid_by_all_three():
    assert transfer_deltas(settle_win(BEIJING, S, W, 2, dealer=E), 4) == (0, 1000, -1000, 0)
    assert transfer_deltas(settle_win(BEIJING, S, None, 2, dealer=E), 4) == (-1000, 3000, -1000, -1000)


def test_a_winner_in_mutual_liability_with_two_players_gets_double():
    rows = settle_win(BEIJING, S, W, 2, dealer=E, partners=[N, E])
    assert transfer_deltas(rows, 4) == (-1000, 2000, 0, -1000)
    assert {r.reason for r in rows} == {"mutual"}


def test_the_mutual_partner_pays_all_three_shares_of_a_self_draw_or_one_by_knob():
    assert transfer_deltas(settle_win(BEIJING, S, None, 2, dealer=E, partners=[N]), 4) == (0, 3000, 0, -3000)
    one = BEIJING.replace(mutual_tsumo="one")
    assert transfer_deltas(settle_win(one, S, None, 2, dealer=E, partners=[N]), 4) == (0, 1000, 0, -1000)


def test_burn_is_paid_at_an_exhaustive_draw_unless_the_knob_says_not():
    assert transfer_deltas(settle_draw(BEIJING, W, 2), 4) == (1000, 1000, -3000, 1000)
    assert settle_draw(BEIJING.replace(burn_on_draw=False), W, 2) == ()
    assert settle_draw(BEIJING, W, 0) == ()


def test_burn_rounds_count_from_the_dealers_first_discard_until_a_lap_breaks():
    lap = [(E, 5), (S, 5), (W, 5), (N, 5)]
    assert burn_rounds(lap * 3, dealer=E) == 3
    broken = lap + [(E, 7), (S, 7), (W, 8), (N, 7)] + lap
    assert burn_rounds(broken, dealer=E) == 1  # later matching laps do not count
    assert burn_rounds(lap[:2] + [None] + lap, dealer=E) == 0  # a call breaks the first lap
    assert burn_rounds([(W, 3), (N, 3), (E, 3), (S, 3)], dealer=W) == 1
    assert burn_rounds(lap[:3], dealer=E) == 0  # the hand ended inside the lap


def test_mutual_liability_needs_three_claims_one_way_unless_both_ways_is_chosen():
    claims = [(S, N), (S, N), (N, S)]
    assert mutual_pairs(claims) == frozenset()
    assert mutual_pairs(claims, both_ways=True) == frozenset({frozenset({S, N})})
    pairs = mutual_pairs([(S, N)] * 3 + [(W, S)] * 3)
    assert partners_of(S, pairs) == (W, N) and partners_of(E, pairs) == ()


def test_burn_turns_and_claims_read_a_hands_events():
    from mjlog.ir import Call, CallKind, Discard, Draw

    events = [Draw(0, 20), Discard(0, 20), Discard(1, 21), Call(2, CallKind.PON, (22, 23, 21), 21, 1),
              Discard(2, 40), Call(3, CallKind.ANKAN, (0, 1, 2, 3)), Discard(3, 44),
              Call(1, CallKind.CHI, (44, 48, 52), 44, 0)]
    assert burn_turns(events) == [(0, 5), (1, 5), None, (2, 10), (3, 11), None]
    assert claims(events) == [(2, 1), (1, 0)]
    assert burn_rounds(burn_turns(events), dealer=0) == 0


def test_the_deal_stays_on_a_dealer_win_or_a_draw_and_passes_in_the_rotation_otherwise():
    from mjlog.rules.beijing.flow import next_dealer

    src, ccw = BEIJING, PRESETS["beijing-ccw"]
    assert next_dealer(src, E, [E]).renchan and next_dealer(src, W, []).dealer == W
    assert [next_dealer(src, d, [(d + 1) % 4]).dealer for d in range(4)] == [N, E, S, W]
    assert [next_dealer(ccw, d, [(d + 2) % 4]).dealer for d in range(4)] == [S, W, N, E]
    assert next_dealer(src, S, [S, W]).renchan  # the dealer among two winners keeps the deal


def test_two_mutual_partners_winning_on_one_discard_settle_by_the_difference():
    # "如果這兩家同時吃一張牌的銃，按和牌的積分差異進行互包": South (3 fan) and North (1 fan) are in 互包
    # and both win on West's discard; each pays the other's hand, so North pays South the difference.
    rows = settle_win(BEIJING, S, W, 3, dealer=E, partners=[N]) + settle_win(BEIJING, N, W, 1, dealer=E, partners=[S])
    assert transfer_deltas(rows, 4) == (0, 1000, 0, -1000)
