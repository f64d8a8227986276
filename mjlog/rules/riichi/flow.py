"""Game flow: which hand comes next, when the game ends, final scores and placement points.

Pure functions of the rule set, after Tenhou's rules (reference §8, §9):
renchan on a dealer win or dealer tenpai, honba +1 after a dealer win or any
draw, all-last win-stop and tenpai-stop, bust below zero, sudden-death
extension (no North round), leftover sticks to first place.

>>> from mjlog.rules.riichi.ruleset import PRESETS
>>> rs = PRESETS["tenhou-4p-south"]
>>> placement_points((29500, 35000, 20000, 15500), rs)
(10.0, 44.0, -20.0, -34.0)
>>> placement_points((29500, 35000, 20000, 15500), rs.replace(placement_rounding="none"))
(9.5, 45.0, -20.0, -34.5)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from mjlog.frozen import builder
from mjlog.rules.family import NextHand
from mjlog.rules.riichi.ruleset import RuleSet


@dataclass(frozen=True, slots=True)
class HandEnd:
    """How a hand ended, as the flow rules need it."""

    dealer_won: bool = False        # the dealer is among the winners
    any_win: bool = False
    abortive: bool = False          # nine terminals, four winds, four riichi, four kans, triple ron
    dealer_tenpai: bool = False     # at an exhaustive draw or nagashi mangan


def seat_order_rank(scores: Sequence[int], first_dealer: int = 0) -> tuple[int, ...]:
    """Placement (0 = first) of each seat: by score, ties to the seat nearer the first dealer."""
    n = len(scores)
    order = sorted(range(n), key=lambda s: (-scores[s], (s - first_dealer) % n))
    rank = [0] * n
    for place, seat in enumerate(order):
        rank[seat] = place
    return tuple(rank)


def last_regular_kyoku(rules: RuleSet) -> int:
    """Kyoku of the all-last hand: South 4 (4p) / South 3 (3p), or East 4 / East 3."""
    wind = rules.last_wind
    return wind * 4 + rules.players - 1


def final_kyoku(rules: RuleSet) -> int:
    """Kyoku after which the game always ends: the last hand of the extension wind."""
    return (rules.last_wind + 1) * 4 + rules.players - 1 if rules.extension else last_regular_kyoku(rules)


def next_kyoku(kyoku: int, rules: RuleSet) -> int:
    """The kyoku after ``kyoku`` when the deal passes (sanma skips the 4th seat)."""
    nxt = kyoku + 1
    if nxt % 4 >= rules.players:
        nxt = (nxt // 4 + 1) * 4
    return nxt


def next_hand(kyoku: int, honba: int, sticks: int, end: HandEnd, scores: Sequence[int], rules: RuleSet,
              first_dealer: int = 0) -> NextHand:
    """The hand after this one, or the end of the game, under ``rules``."""
    dealer = kyoku % 4
    if end.any_win:
        renchan = end.dealer_won and rules.renchan_on_dealer_win
        new_honba = honba + 1 if renchan else 0
        sticks = 0
    elif end.abortive:
        renchan = True
        new_honba = honba + 1
    else:
        renchan = (end.dealer_tenpai and rules.renchan_on_dealer_tenpai) or rules.renchan_on_any_draw
        new_honba = honba + 1
    nxt = kyoku if renchan else next_kyoku(kyoku, rules)

    if rules.bust_below_zero and min(scores) < 0:
        return NextHand(True, nxt, new_honba, sticks, renchan, "bust")
    last = last_regular_kyoku(rules)
    if kyoku >= last and not (end.abortive and not end.any_win):
        top = max(scores)
        reached = top >= rules.target_points
        if renchan:
            dealer_first = seat_order_rank(scores, first_dealer)[dealer] == 0
            stops = rules.agari_yame if end.dealer_won else rules.tenpai_yame
            if stops and dealer_first and reached:
                return NextHand(True, nxt, new_honba, sticks, renchan, "dealer stops as first")
        else:
            if reached:
                return NextHand(True, nxt, new_honba, sticks, renchan, "target reached")
            if not rules.extension or kyoku >= final_kyoku(rules):
                return NextHand(True, nxt, new_honba, sticks, renchan, "last hand played")
    return _build_next_hand(False, nxt, new_honba, sticks, renchan, "")  # the common case, built fast


_build_next_hand = builder(NextHand)


def final_scores(scores: Sequence[int], sticks: int, rules: RuleSet, first_dealer: int = 0) -> tuple[int, ...]:
    """Scores at the end: leftover riichi sticks go to first place."""
    out = list(scores)
    if rules.leftover_sticks_to_first and sticks:
        first = seat_order_rank(scores, first_dealer).index(0)
        out[first] += sticks * rules.riichi_deposit
    return tuple(out)


def _round_half_away(tenths: int) -> int:
    """``tenths/10`` rounded half away from zero, for a value in tenths."""
    q, r = divmod(abs(tenths), 10)
    if r >= 5:
        q += 1
    return q if tenths >= 0 else -q


def _shared_uma_points(scores: Sequence[int], rank: Sequence[int], target_tenths: int,
                       rules: RuleSet) -> tuple[float, ...]:
    """Placement points where tied seats share (average) the uma of the places they span."""
    out = []
    for s in scores:
        places = [rank[t] for t in range(len(scores)) if scores[t] == s]
        uma_tenths = sum(rules.uma[p] * 10 for p in places) / len(places)
        tenths = s // 100
        if rules.placement_rounding == "round-half-away":
            tenths = _round_half_away(tenths) * 10
        out.append(round((tenths - target_tenths + uma_tenths) / 10, 1))
    return tuple(out)


def placement_points(scores: Sequence[int], rules: RuleSet, first_dealer: int = 0) -> tuple[float, ...]:
    """Placement points (uma and oka) of final scores; first place takes the remainder.

    Computed in tenths of a point, so no float rounding enters.
    """
    rank = seat_order_rank(scores, first_dealer)
    target_tenths = rules.target_points // 100
    if rules.tied_placements_share_uma:
        return _shared_uma_points(scores, rank, target_tenths, rules)
    out_tenths = [0] * len(scores)
    for seat, s in enumerate(scores):
        if rank[seat] == 0:
            continue
        tenths = s // 100
        if rules.placement_rounding == "round-half-away":
            base = _round_half_away(tenths) * 10
        else:
            base = tenths
        out_tenths[seat] = base - target_tenths + rules.uma[rank[seat]] * 10
    first = rank.index(0)
    out_tenths[first] = -sum(out_tenths)
    return tuple(t / 10 for t in out_tenths)
