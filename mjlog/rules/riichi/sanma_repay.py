"""Re-paying a played sanma game under another payment scheme, keeping every hand as played.

A scheme changes only what a tsumo (and, for ``ron-reduced``, a ron) pays;
which hands are played never changes. So a re-paid game is the same sequence
of hands with other score changes, and the questions are: who ends first,
what placement points each seat gets, and whether the game *would* have
ended elsewhere (a bust that appears or disappears, an all-last stop that
flips) — such games are flagged, not re-played.

>>> from mjlog.rules.riichi.ruleset import PRESETS
>>> rs = PRESETS["tenhou-3p-south"]
>>> w = HandWin(seat=1, from_seat=1, basic=8000, honba=0, sticks=0)
>>> repay_win(w, dealer=0, rules=rs)          # tsumo-loss: 8000 + 16000
(-16000, 24000, -8000)
>>> repay_win(w, dealer=0, rules=rs.replace(tsumo_scheme="split-half"))
(-16000, 32000, -16000)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from mjlog.rules.riichi.flow import HandEnd, final_scores, next_hand, placement_points, seat_order_rank
from mjlog.rules.riichi.ruleset import RuleSet
from mjlog.rules.riichi.settlement import nagashi_deltas, win_deltas


@dataclass(frozen=True, slots=True)
class HandWin:
    """One win as re-payment needs it: the hand's basic points and who paid."""

    seat: int
    from_seat: int
    basic: int
    honba: int = 0            # honba paid to this winner (0 for a second ron winner)
    sticks: int = 0           # sticks taken by this winner
    pao: int | None = None    # liable seat (pays as Tenhou does; kept under every scheme)

    @property
    def tsumo(self) -> bool:
        return self.seat == self.from_seat


@dataclass(frozen=True, slots=True)
class HandRecord:
    """One hand of a game: start, deposits, and its result (wins, or a draw with its deltas)."""

    kyoku: int
    honba: int
    dealer: int
    deposits: tuple[int, ...]                 # riichi deposits paid this hand, per seat
    wins: tuple[HandWin, ...] = ()
    draw_deltas: tuple[int, ...] | None = None  # noten payments (not scheme dependent)
    nagashi: tuple[bool, ...] = ()            # seats paid nagashi mangan (as a mangan tsumo)
    abortive: bool = False
    dealer_tenpai: bool = False
    recorded_deltas: tuple[int, ...] = ()     # the log's total deltas of the result(s)


@dataclass(frozen=True, slots=True)
class RepaidGame:
    """A game's end under one scheme."""

    scheme: str
    final_scores: tuple[int, ...]
    placements: tuple[int, ...]
    points: tuple[float, ...]
    tsumo_points: int                     # points moved by tsumo wins (hand value, no honba)
    tsumo_values: tuple[tuple[bool, int], ...] = field(default=())  # (dealer?, total) per tsumo
    flips: tuple[str, ...] = ()           # reasons the game would have ended elsewhere

    @property
    def flipped(self) -> bool:
        return bool(self.flips)


def repay_win(w: HandWin, dealer: int, rules: RuleSet) -> tuple[int, ...]:
    """Score changes of one win under ``rules.tsumo_scheme`` (honba and sticks as Tenhou pays them)."""
    return win_deltas(w.basic, w.seat, w.from_seat, dealer, rules, w.honba, w.sticks, w.pao)


def repay_nagashi(nagashi: Sequence[bool], dealer: int, rules: RuleSet) -> tuple[int, ...]:
    """Nagashi mangan paid as the scheme's mangan tsumo, without honba or sticks."""
    return nagashi_deltas(nagashi, dealer, rules)


def hand_deltas(h: HandRecord, rules: RuleSet) -> tuple[int, ...]:
    """A hand's result deltas under ``rules`` (deposits not included)."""
    n = rules.players
    total = [0] * n
    for w in h.wins:
        total = [a + b for a, b in zip(total, repay_win(w, h.dealer, rules))]
    if not h.wins:
        if any(h.nagashi):
            total = list(repay_nagashi(h.nagashi, h.dealer, rules))
        elif h.draw_deltas is not None:
            total = list(h.draw_deltas)
    return tuple(total)


def repay_game(hands: Sequence[HandRecord], start: Sequence[int], end_sticks: int, rules: RuleSet,
               first_dealer: int = 0) -> RepaidGame:
    """Play the recorded hands again with ``rules``' payments; flag games that would end elsewhere."""
    scores = list(start)
    flips: list[str] = []
    tsumo_points = 0
    tsumo_values: list[tuple[bool, int]] = []
    for i, h in enumerate(hands):
        scores = [s - d for s, d in zip(scores, h.deposits)]
        deltas = hand_deltas(h, rules)
        for w in h.wins:
            if w.tsumo:
                gain = repay_win(HandWin(w.seat, w.from_seat, w.basic), h.dealer, rules)[w.seat]
                tsumo_points += gain
                tsumo_values.append((w.seat == h.dealer, gain))
        scores = [s + d for s, d in zip(scores, deltas)]
        end = HandEnd(
            dealer_won=any(w.seat == h.dealer for w in h.wins),
            any_win=bool(h.wins),
            abortive=h.abortive,
            dealer_tenpai=h.dealer_tenpai,
        )
        nxt = next_hand(h.kyoku, h.honba, 0, end, scores, rules, first_dealer)
        # the play is kept as recorded; a game whose end would move is flagged and set apart
        last = i == len(hands) - 1
        if nxt.game_over and not last:
            flips.append(f"would end after hand {i + 1} ({nxt.reason})")
        if last and not nxt.game_over:
            flips.append("would go on after the last hand played")
    final = final_scores(scores, end_sticks, rules, first_dealer)
    rank = seat_order_rank(final, first_dealer)
    return RepaidGame(rules.tsumo_scheme, final, rank, placement_points(final, rules, first_dealer),
                      tsumo_points, tuple(tsumo_values), tuple(dict.fromkeys(flips)))
