"""Re-paying a played sanma game under another payment scheme, keeping every hand as played.

A scheme changes only what a tsumo (and, for ``ron-reduced``, a ron) pays;
which hands are played never changes. So a re-paid game is the same sequence
of hands with other score changes, and the questions are: who ends first,
what placement points each seat gets, and whether the game *would* have
ended elsewhere (a bust that appears or disappears, an all-last stop that
flips). Such a game is *flipped* under the scheme, and :class:`FlipHandling`
says what becomes of it: kept as played, stopped at its flip point, or played
out to its end from the recorded state by hands drawn from a pool of recorded
hands (:class:`PlayOut`).

>>> from mjlog.rules.riichi.ruleset import PRESETS
>>> rs = PRESETS["tenhou-3p-south"]
>>> w = HandWin(seat=1, from_seat=1, basic=8000, honba=0, sticks=0)
>>> repay_win(w, dealer=0, rules=rs)          # tsumo-loss: 8000 + 16000
(-16000, 24000, -8000)
>>> repay_win(w, dealer=0, rules=rs.replace(tsumo_scheme="split-half"))
(-16000, 32000, -16000)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from enum import StrEnum

from mjlog.rules.family import NextHand
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
    sticks: int = 0                           # riichi sticks on the table when the hand starts

    @property
    def riichi_count(self) -> int:
        """Riichi declared (deposits paid) in this hand."""
        return sum(1 for d in self.deposits if d)

    def sticks_after(self) -> int:
        """Riichi sticks left on the table after this hand: none after a win."""
        return 0 if self.wins else self.sticks + self.riichi_count

    def hand_end(self) -> HandEnd:
        """What the rotation rules need of this hand's result."""
        return HandEnd(dealer_won=any(w.seat == self.dealer for w in self.wins), any_win=bool(self.wins),
                       abortive=self.abortive, dealer_tenpai=self.dealer_tenpai)


class FlipHandling(StrEnum):
    """What a re-payment does with a game that would have ended elsewhere under the scheme."""

    AS_PLAYED = "as-played"   # every recorded hand, to the recorded end, the flip only flagged
    STOP = "stop"             # the game ends at its flip point: the first hand after which its end moves
    PLAY_OUT = "play-out"     # an early end ends it there; a game that would go on is played out (PlayOut)


@dataclass(frozen=True, slots=True)
class PlayOut:
    """Where the hands after a game's recorded end come from, when the scheme would have it go on.

    Each hand is drawn uniformly, with replacement, from ``pool`` (recorded hands of any games,
    the rotation Monte Carlo's model: :mod:`mjlog.stats.rotation_sim`), turned onto the current
    dealer, and paid under the scheme with the current honba and sticks. ``seed`` names the random
    stream (the same seed gives the same hands under every scheme); at most ``max_hands`` are played.
    """

    pool: Sequence[HandRecord]
    seed: str
    max_hands: int = 200


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
    handling: FlipHandling = FlipHandling.AS_PLAYED  # what was done with a flip
    hands: int = 0                        # hands in the game as re-paid: recorded ones kept plus played out
    played_out: int = 0                   # of which drawn from the play-out pool
    end: str = ""                         # why it ended: the rotation rules' reason, "capped", or what was kept

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


@dataclass(slots=True)
class _Tally:
    """A re-payment's running state: scores and what tsumo wins moved."""

    scores: list[int]
    tsumo_points: int = 0
    tsumo_values: list[tuple[bool, int]] = field(default_factory=list)
    hands: int = 0


def _play_hand(h: HandRecord, tally: _Tally, rules: RuleSet, first_dealer: int) -> NextHand:
    """Pay one hand under ``rules`` into ``tally``; the hand after it, or the game's end."""
    tally.scores = [s - d for s, d in zip(tally.scores, h.deposits)]
    for w in h.wins:
        if w.tsumo:
            gain = repay_win(HandWin(w.seat, w.from_seat, w.basic), h.dealer, rules)[w.seat]
            tally.tsumo_points += gain
            tally.tsumo_values.append((w.seat == h.dealer, gain))
    tally.scores = [s + d for s, d in zip(tally.scores, hand_deltas(h, rules))]
    tally.hands += 1
    return next_hand(h.kyoku, h.honba, 0, h.hand_end(), tally.scores, rules, first_dealer)


def turned(h: HandRecord, dealer: int, kyoku: int, honba: int, sticks: int) -> HandRecord:
    """A recorded hand moved onto another table state: its seats turned so that ``dealer`` deals, at
    ``kyoku`` with ``honba`` and ``sticks`` on the table (paid to its first winner, as recorded ones are)."""
    n = len(h.deposits)
    shift = (dealer - h.dealer) % n

    def seat(s: int) -> int:
        return (s + shift) % n

    def row(values: Sequence) -> tuple:
        return tuple(values[(s - shift) % n] for s in range(n)) if values else tuple(values)

    taken = sticks + h.riichi_count
    wins = tuple(HandWin(seat(w.seat), seat(w.from_seat), w.basic, honba if j == 0 else 0, taken if j == 0 else 0,
                         None if w.pao is None else seat(w.pao)) for j, w in enumerate(h.wins))
    return replace(h, kyoku=kyoku, honba=honba, dealer=dealer, deposits=row(h.deposits), wins=wins,
                   draw_deltas=None if h.draw_deltas is None else row(h.draw_deltas), nagashi=row(h.nagashi),
                   recorded_deltas=row(h.recorded_deltas), sticks=sticks)


def _play_out(last: HandRecord, nxt: NextHand, tally: _Tally, rules: RuleSet, first_dealer: int,
              play_out: PlayOut) -> tuple[int, str]:
    """Play hands drawn from ``play_out``'s pool after ``last`` until the game ends; (sticks left, why it ended)."""
    rng = random.Random(play_out.seed)
    pool = play_out.pool
    seat_offset = (last.dealer - last.kyoku % 4) % rules.players
    sticks = last.sticks_after()
    for _ in range(play_out.max_hands):
        dealer = (nxt.kyoku % 4 + seat_offset) % rules.players
        h = turned(pool[rng.randrange(len(pool))], dealer, nxt.kyoku, nxt.honba, sticks)
        nxt = _play_hand(h, tally, rules, first_dealer)
        sticks = h.sticks_after()
        if nxt.game_over:
            return sticks, nxt.reason
    return sticks, "capped"


def repay_game(hands: Sequence[HandRecord], start: Sequence[int], end_sticks: int, rules: RuleSet,
               first_dealer: int = 0, handling: FlipHandling = FlipHandling.AS_PLAYED,
               play_out: PlayOut | None = None) -> RepaidGame:
    """Play the recorded hands again with ``rules``' payments; a game that would end elsewhere is
    flipped, and ``handling`` says what becomes of it (``PLAY_OUT`` needs ``play_out``)."""
    if handling is FlipHandling.PLAY_OUT and (play_out is None or not play_out.pool):
        raise ValueError("playing out a flipped game needs a pool of recorded hands")
    tally = _Tally(list(start))
    flips: list[str] = []
    sticks, end, played_out = end_sticks, "", 0
    for i, h in enumerate(hands):
        nxt = _play_hand(h, tally, rules, first_dealer)
        last = i == len(hands) - 1
        if nxt.game_over and not last:
            flips.append(f"would end after hand {i + 1} ({nxt.reason})")
            if handling is not FlipHandling.AS_PLAYED:
                sticks, end = h.sticks_after(), nxt.reason
                break
        if last and nxt.game_over:
            end = nxt.reason
        elif last:
            flips.append("would go on after the last hand played")
            end = "kept as recorded"
            if handling is FlipHandling.STOP:
                end = "stopped at the flip point"
            elif handling is FlipHandling.PLAY_OUT and play_out is not None:
                before = tally.hands
                sticks, end = _play_out(h, nxt, tally, rules, first_dealer, play_out)
                played_out = tally.hands - before
    final = final_scores(tally.scores, sticks, rules, first_dealer)
    rank = seat_order_rank(final, first_dealer)
    return RepaidGame(rules.tsumo_scheme, final, rank, placement_points(final, rules, first_dealer),
                      tally.tsumo_points, tuple(tally.tsumo_values), tuple(dict.fromkeys(flips)),
                      handling, tally.hands, played_out, end)
