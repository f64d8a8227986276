"""What the simulators of the seeded-wall families (Beijing, Datong) share: a bot game's hands played in
order under the family's flow until the deal has gone round the table ``rules.circles`` times, and the
game as a synthetic :class:`~mjlog.ir.GameLog` with the bots as its players.

A family gives the hand (:class:`HandToPlay` in, :class:`PlayedHand` out: who deals next and whether the
dealer kept the deal); the game counts the deal's passes (the round's ``kyoku``) and the dealer's repeats
in a row (its ``honba``: 連莊, 連庄). A family's hand keeps its tiles on a :class:`BotTable`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from mjlog.ir import Call, Event, FinalResult, GameLog, Player, Round, Seed

__all__ = ["BOT_NAMES", "MAX_HANDS", "BotTable", "HandOver", "HandToPlay", "PlayedHand", "bot_game", "play_hands"]

#: The players of a bot game, by seat.
BOT_NAMES = ("Bot A", "Bot B", "Bot C", "Bot D")
#: The most hands of one game: a game not over by then is a fault of the flow, not a long game.
MAX_HANDS = 1000


@dataclass(frozen=True, slots=True)
class HandToPlay:
    """One hand's start: its index in the game, the deal's passes so far and the dealer's repeats in a
    row, the dealer, the scores before it and its wall (from the game's seed)."""

    index: int
    passes: int
    repeats: int
    dealer: int
    scores: tuple[int, ...]
    wall: Any


@dataclass(frozen=True, slots=True)
class PlayedHand:
    """A hand played: its events and the scores after it, the next hand's dealer and whether the dealer
    kept the deal, the round's payload and the indicator it shows (Beijing's wild indicator; None: none)."""

    events: tuple[Event, ...]
    scores: tuple[int, ...]
    next_dealer: int
    kept: bool
    payload: Any
    indicator: int | None = None


def play_hands(rules: Any, walls: Iterator[Any], dealer: int, play: Callable[[HandToPlay], PlayedHand],
               what: str) -> tuple[tuple[Round, ...], tuple[int, ...]]:
    """The rounds of a game whose first dealer is ``dealer``, each hand played by ``play`` on the next of
    ``walls``, and the final scores; RuntimeError naming ``what`` (the game) past :data:`MAX_HANDS`."""
    passes = repeats = 0
    scores = (rules.start_points,) * rules.players
    rounds: list[Round] = []
    while passes < rules.players * rules.circles:
        if len(rounds) >= MAX_HANDS:
            raise RuntimeError(f"{what} did not end within {MAX_HANDS} hands")
        wall = next(walls)
        hand = play(HandToPlay(len(rounds), passes, repeats, dealer, scores, wall))
        rounds.append(Round(index=len(rounds), kyoku=passes, honba=repeats, sticks=0, dealer=dealer, scores=scores,
                            dice=wall.dice, dora_indicator=hand.indicator, hands=wall.starting_hands(dealer),
                            events=hand.events, payload=hand.payload))
        scores = hand.scores
        if hand.kept:
            repeats += 1
        else:
            passes, repeats = passes + 1, 0
        dealer = hand.next_dealer
    return tuple(rounds), scores


def bot_game(source_format: str, family: str, rules: Any, played: tuple[tuple[Round, ...], tuple[int, ...]],
             header: Any, seed: Seed, first_dealer: int = 0, version: str | None = None) -> GameLog:
    """The bots' game as the IR: its ``played`` rounds and final scores (no placement points)."""
    rounds, scores = played
    return GameLog(source_format, family, rules, tuple(Player(s, n) for s, n in enumerate(BOT_NAMES)), rounds,
                   header=header, seed=seed, first_dealer=first_dealer,
                   final=FinalResult(scores, (0.0,) * rules.players, True), version=version)


class HandOver(Exception):
    """Raised inside a simulated hand's turn loop once the hand has its outcome."""


class BotTable:
    """The tiles of one simulated hand's table: each seat's concealed tiles and their counts by kind, its
    calls, the kinds every seat has seen (discarded or shown), and the hand's events so far."""

    def __init__(self, players: int, starting_hands: tuple[tuple[int, ...], ...]) -> None:
        self.n = players
        self.hand = [list(h) for h in starting_hands]
        self.counts = [[0] * 34 for _ in range(players)]
        for seat, tiles in enumerate(self.hand):
            for t in tiles:
                self.counts[seat][t >> 2] += 1
        self.melds: list[list[Call]] = [[] for _ in range(players)]
        self.seen = [0] * 34
        self.events: list = []

    def unseen(self, seat: int, kind: int) -> int:
        """Copies of ``kind`` the seat has not seen (in its hand, the rivers or the calls)."""
        return max(0, 4 - self.seen[kind] - self.counts[seat][kind])

    def _add(self, seat: int, tile: int) -> None:
        self.hand[seat].append(tile)
        self.counts[seat][tile >> 2] += 1

    def _remove(self, seat: int, tile: int) -> None:
        self.hand[seat].remove(tile)
        self.counts[seat][tile >> 2] -= 1
