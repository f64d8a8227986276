"""Game flow on hand-checked cases: next hand, game end, final scores, placement points (reference §8, §9)."""

from __future__ import annotations

from mjlog.rules.family import HandStart, family
from mjlog.rules.riichi.flow import (
    HandEnd,
    final_kyoku,
    final_scores,
    last_regular_kyoku,
    next_hand,
    next_kyoku,
    placement_points,
    seat_order_rank,
)
from mjlog.rules.riichi.ruleset import PRESETS

R4 = PRESETS["tenhou-4p-south"]
E4 = PRESETS["tenhou-4p-east"]
R3 = PRESETS["tenhou-3p-south"]
E3 = PRESETS["tenhou-3p-east"]

EVEN = (25000, 25000, 25000, 25000)
DEALER_WIN = HandEnd(dealer_won=True, any_win=True)
OTHER_WIN = HandEnd(any_win=True)
TENPAI_DRAW = HandEnd(dealer_tenpai=True)
NOTEN_DRAW = HandEnd()
ABORT = HandEnd(abortive=True)


def nxt(kyoku, end, scores=EVEN, rules=R4, honba=0, sticks=0):
    h = next_hand(kyoku, honba, sticks, end, scores, rules)
    return (h.game_over, h.kyoku, h.honba, h.sticks, h.renchan)


# ---- renchan and honba -----------------------------------------------------------------------

def test_a_game_starts_at_east_one_with_no_honba_no_sticks_and_the_start_points():
    start = family("riichi").first_hand(R3)
    assert start == HandStart(kyoku=0, honba=0, sticks=0, scores=(35000, 35000, 35000))
    assert start.counters == (0, 0, 0)


def test_dealer_win_repeats_the_hand_with_one_more_honba_and_the_sticks_taken():
    assert nxt(0, DEALER_WIN, honba=2, sticks=1) == (False, 0, 3, 0, True)


def test_non_dealer_win_passes_the_deal_and_resets_the_honba():
    assert nxt(0, OTHER_WIN, honba=2, sticks=1) == (False, 1, 0, 0, False)
    assert nxt(3, OTHER_WIN) == (False, 4, 0, 0, False)   # East 4 -> South 1


def test_exhaustive_draw_repeats_when_the_dealer_is_tenpai_and_always_adds_a_honba():
    assert nxt(1, TENPAI_DRAW, honba=1, sticks=2) == (False, 1, 2, 2, True)
    assert nxt(1, NOTEN_DRAW, honba=1, sticks=2) == (False, 2, 2, 2, False)


def test_abortive_draws_repeat_the_hand():
    assert nxt(2, ABORT, honba=0, sticks=3) == (False, 2, 1, 3, True)
    # also in all-last with someone far above the target
    assert nxt(7, ABORT, scores=(50000, 20000, 20000, 10000)) == (False, 7, 1, 0, True)


def test_renchan_knobs():
    assert nxt(1, TENPAI_DRAW, rules=R4.replace(renchan_on_dealer_tenpai=False))[1:] == (2, 1, 0, False)
    assert nxt(1, NOTEN_DRAW, rules=R4.replace(renchan_on_any_draw=True))[1:] == (1, 1, 0, True)
    assert nxt(1, DEALER_WIN, rules=R4.replace(renchan_on_dealer_win=False))[1:] == (2, 0, 0, False)


# ---- bust --------------------------------------------------------------------------------------

def test_a_score_below_zero_ends_the_game():
    h = next_hand(0, 0, 0, OTHER_WIN, (40000, 35100, 25000, -100), R4)
    assert h.game_over and h.reason == "bust"
    # even a dealer renchan
    assert nxt(0, DEALER_WIN, scores=(60000, 20000, 20100, -100))[0]


def test_a_score_of_exactly_zero_continues():
    assert nxt(0, OTHER_WIN, scores=(45000, 30000, 25000, 0)) == (False, 1, 0, 0, False)


def test_no_bust_knob():
    assert not nxt(0, OTHER_WIN, scores=(40000, 35100, 25000, -100), rules=R4.replace(bust_below_zero=False))[0]


# ---- all-last ----------------------------------------------------------------------------------

SOUTH4 = 7   # dealer seat 3


def test_all_last_kyoku_per_rule_set():
    assert [last_regular_kyoku(r) for r in (R4, E4, R3, E3)] == [7, 3, 6, 2]
    # West 4 / South 4 / West 3 / South 3: the end of the extension
    assert [final_kyoku(r) for r in (R4, E4, R3, E3)] == [11, 7, 10, 6]
    assert final_kyoku(R4.replace(extension=False)) == 7


def test_all_last_dealer_win_as_first_at_the_target_ends_the_game():
    h = next_hand(SOUTH4, 0, 0, DEALER_WIN, (20000, 20000, 25000, 35000), R4)
    assert h.game_over and h.reason == "dealer stops as first"
    # exactly the target is enough
    assert nxt(SOUTH4, DEALER_WIN, scores=(22000, 23000, 25000, 30000))[0]


def test_all_last_dealer_win_as_first_below_the_target_continues():
    assert nxt(SOUTH4, DEALER_WIN, scores=(23000, 24000, 24000, 29000), honba=1) == (False, SOUTH4, 2, 0, True)


def test_all_last_dealer_win_not_first_continues():
    assert nxt(SOUTH4, DEALER_WIN, scores=(36000, 10000, 20000, 34000)) == (False, SOUTH4, 1, 0, True)
    # a tie for first goes to the seat nearer the first dealer: seat 0 over seat 3
    assert nxt(SOUTH4, DEALER_WIN, scores=(35000, 10000, 20000, 35000)) == (False, SOUTH4, 1, 0, True)


def test_all_last_agari_yame_knob():
    assert not nxt(SOUTH4, DEALER_WIN, scores=(20000, 20000, 25000, 35000), rules=R4.replace(agari_yame=False))[0]


def test_all_last_non_dealer_win_ends_when_someone_reached_the_target():
    h = next_hand(SOUTH4, 0, 0, OTHER_WIN, (30000, 25000, 25000, 20000), R4)
    assert h.game_over and h.reason == "target reached"


def test_all_last_without_anyone_at_the_target_goes_to_the_west_round():
    assert nxt(SOUTH4, OTHER_WIN, scores=(29900, 25000, 25100, 20000)) == (False, 8, 0, 0, False)
    # a noten dealer at the draw as well (honba +1, sticks stay)
    assert nxt(SOUTH4, NOTEN_DRAW, scores=(29900, 25000, 25100, 20000), sticks=1) == (False, 8, 1, 1, False)


def test_east_game_extends_into_the_south_round():
    assert nxt(3, OTHER_WIN, scores=(29900, 25000, 25100, 20000), rules=E4) == (False, 4, 0, 0, False)
    # South 4 is final for an east game
    assert nxt(7, OTHER_WIN, scores=(29900, 25000, 25100, 20000), rules=E4)[0]


def test_in_the_west_round_the_game_ends_as_soon_as_someone_reaches_the_target():
    assert nxt(8, OTHER_WIN, scores=(30000, 25000, 25000, 20000))[0]
    assert nxt(8, OTHER_WIN, scores=(29900, 25000, 25100, 20000)) == (False, 9, 0, 0, False)


def test_west_4_is_final_even_below_the_target():
    h = next_hand(11, 0, 0, OTHER_WIN, (29900, 25000, 25100, 20000), R4)
    assert h.game_over and h.reason == "last hand played"


def test_no_extension_knob_ends_at_all_last():
    h = next_hand(SOUTH4, 0, 0, OTHER_WIN, (29900, 25000, 25100, 20000), R4.replace(extension=False))
    assert h.game_over and h.reason == "last hand played"


def test_all_last_tenpai_yame():
    scores = (20000, 20000, 25000, 35000)
    h = next_hand(SOUTH4, 0, 0, TENPAI_DRAW, scores, R4)
    assert h.game_over and h.reason == "dealer stops as first"
    assert nxt(SOUTH4, TENPAI_DRAW, scores=scores, rules=R4.replace(tenpai_yame=False)) == (False, SOUTH4, 1, 0, True)
    # dealer tenpai but not first: the hand repeats
    assert nxt(SOUTH4, TENPAI_DRAW, scores=(35000, 20000, 20000, 25000)) == (False, SOUTH4, 1, 0, True)


def test_all_last_noten_dealer_with_someone_at_the_target_ends():
    assert nxt(SOUTH4, NOTEN_DRAW, scores=(35000, 20000, 20000, 25000))[0]


# ---- sanma ---------------------------------------------------------------------------------------

def test_sanma_skips_the_fourth_dealer():
    assert [next_kyoku(k, R3) for k in (0, 1, 2, 4, 5, 6, 8, 9)] == [1, 2, 4, 5, 6, 8, 9, 10]
    assert [next_kyoku(k, R4) for k in (2, 3, 7)] == [3, 4, 8]
    S3 = (40000, 35000, 30000)
    assert nxt(2, OTHER_WIN, scores=S3, rules=R3) == (False, 4, 0, 0, False)


def test_sanma_all_last_is_south_3():
    assert nxt(6, OTHER_WIN, scores=(40000, 35000, 30000), rules=R3)[0]
    assert nxt(6, OTHER_WIN, scores=(39900, 35100, 30000), rules=R3) == (False, 8, 0, 0, False)
    assert nxt(5, OTHER_WIN, scores=(45000, 35000, 25000), rules=R3) == (False, 6, 0, 0, False)
    # dealer (seat 2) first at the target in South 3
    assert nxt(6, DEALER_WIN, scores=(30000, 30000, 45000), rules=R3)[0]
    # West 3 is final
    assert nxt(10, OTHER_WIN, scores=(39900, 35100, 30000), rules=R3)[0]


# ---- final scores ------------------------------------------------------------------------------

def test_leftover_sticks_go_to_first_place():
    assert final_scores((20000, 40000, 25000, 13000), 2, R4) == (20000, 42000, 25000, 13000)
    assert final_scores((20000, 40000, 25000, 13000), 0, R4) == (20000, 40000, 25000, 13000)


def test_leftover_sticks_tie_goes_to_the_seat_nearer_the_first_dealer():
    assert final_scores((30000, 30000, 20000, 18000), 2, R4) == (32000, 30000, 20000, 18000)
    assert final_scores((30000, 30000, 20000, 18000), 2, R4, first_dealer=1) == (30000, 32000, 20000, 18000)
    assert seat_order_rank((25000, 25000, 25000, 25000), first_dealer=2) == (2, 3, 0, 1)


def test_leftover_sticks_knob():
    assert final_scores((20000, 40000, 25000, 13000), 2, R4.replace(leftover_sticks_to_first=False)) == \
        (20000, 40000, 25000, 13000)


# ---- placement points --------------------------------------------------------------------------

def test_placement_points_rounded_era():
    # 29,500 -> 30 -> +10 for 2nd (reference §8); 20,000 -> -20; 15,500 -> 16 -> -34; first the rest
    assert placement_points((29500, 35000, 20000, 15500), R4) == (10.0, 44.0, -20.0, -34.0)
    # -500 -> -1 -> -31 - 20 = -51 for 4th
    assert placement_points((50500, 30000, 20000, -500), R4) == (61.0, 10.0, -20.0, -51.0)
    # 4,500 -> 5 (half away from zero), -4,500 -> -5
    assert placement_points((70000, 30000, 4500, -4500), R4) == (80.0, 10.0, -35.0, -55.0)


def test_placement_points_unrounded_era():
    rs = R4.replace(placement_rounding="none")
    assert placement_points((29500, 35000, 20000, 15500), rs) == (9.5, 45.0, -20.0, -34.5)
    assert placement_points((50500, 30000, 20000, -500), rs) == (60.5, 10.0, -20.0, -50.5)


def test_placement_points_ties_by_seat_order():
    assert placement_points(EVEN, R4) == (35.0, 5.0, -15.0, -25.0)


def test_placement_points_sanma():
    # return 40,000, uma +20/0/-20
    assert placement_points((50000, 35000, 20000), R3) == (45.0, -5.0, -40.0)
    assert sum(placement_points((41200, 33800, 30000), R3)) == 0


def test_placement_points_tied_seats_share_their_uma():
    # csrule lobby: return 30,000, uma 15/5/-5/-15, no rounding; two pairs of tied seats:
    # 30,700 -> +0.7 + (15 + 5)/2 = +10.7 and 29,300 -> -0.7 + (-5 - 15)/2 = -10.7
    rules = PRESETS["tenhou-4p-east"].replace(start_points=30000, target_points=30000, uma=(15, 5, -5, -15),
                                              tied_placements_share_uma=True, placement_rounding="none")
    assert placement_points((29300, 30700, 29300, 30700), rules) == (-10.7, 10.7, -10.7, 10.7)
    # without ties the same rule is plain uma
    assert placement_points((40000, 30000, 20000, 30000 - 0), rules.replace(tied_placements_share_uma=False))[0] == 25.0
