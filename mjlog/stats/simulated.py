"""Plausibility of generated games: the base rates, counted from the logs as read back.

Definitions follow the community conventions in the shared reference tables:
rates per player-round divide by rounds x seats; a double ron is two wins and
one deal-in; a riichi counts when its declaration tile is ronned; a call is a
pon, chi or open kan (closed kan and kita are not); the mean win is the hand
value (AGARI ``ten`` points) without honba or sticks.

Run ``python -m mjlog.stats.simulated [--games 200] [--rules tenhou-4p-south] [--seed 1]``.
"""

from __future__ import annotations

import argparse
from collections.abc import Iterable
from dataclasses import dataclass

from mjlog.ir import Call, CallKind, GameLog, Ryuukyoku, Win
from mjlog.rules.riichi.events import RiichiDeclared
from mjlog.rules.riichi.record import DrawKind, draw_kind
from mjlog.formats.reader import read_log
from mjlog.rules.riichi.ruleset import PRESETS
from mjlog.rules.riichi.simulate import simulate_game
from mjlog.batch.simulate import game_seeds


@dataclass(frozen=True, slots=True)
class BaseRates:
    """Counts over a set of games and the rates derived from them."""

    games: int
    rounds: int
    player_rounds: int
    wins: int
    deal_ins: int
    riichi: int
    called_player_rounds: int
    exhaustive_draws: int
    all_draws: int
    win_points: int

    @property
    def win_rate(self) -> float:
        return self.wins / self.player_rounds

    @property
    def deal_in_rate(self) -> float:
        return self.deal_ins / self.player_rounds

    @property
    def riichi_rate(self) -> float:
        return self.riichi / self.player_rounds

    @property
    def call_rate(self) -> float:
        return self.called_player_rounds / self.player_rounds

    @property
    def exhaustive_draw_rate(self) -> float:
        return self.exhaustive_draws / self.rounds

    @property
    def draw_rate(self) -> float:
        return self.all_draws / self.rounds

    @property
    def mean_win(self) -> float:
        return self.win_points / self.wins if self.wins else 0.0

    def lines(self) -> list[str]:
        return [
            f"games {self.games}, rounds {self.rounds}, player-rounds {self.player_rounds}",
            f"win rate per player-round   {self.win_rate:.3f}  ({self.wins} wins)",
            f"deal-in rate                {self.deal_in_rate:.3f}",
            f"riichi rate                 {self.riichi_rate:.3f}  ({self.riichi} declarations)",
            f"call rate (pon, chi)        {self.call_rate:.3f}",
            f"exhaustive draws / rounds   {self.exhaustive_draw_rate:.3f}",
            f"all draws / rounds          {self.draw_rate:.3f}",
            f"mean win (points, no honba) {self.mean_win:.0f}",
        ]


def base_rates(logs: Iterable[GameLog]) -> BaseRates:
    """Count the base rates over logs."""
    games = rounds = player_rounds = wins = deal_ins = riichi = called = exhaustive = draws = points = 0
    for log in logs:
        games += 1
        n = log.n_players
        for rnd in log.rounds:
            rounds += 1
            player_rounds += n
            callers = set()
            ron_from = set()
            for ev in rnd.events:
                if isinstance(ev, Win):
                    wins += 1
                    points += ev.points
                    if not ev.tsumo:
                        ron_from.add(ev.from_who)
                elif isinstance(ev, RiichiDeclared):
                    riichi += 1
                elif isinstance(ev, Call) and ev.kind in (CallKind.CHI, CallKind.PON, CallKind.DAIMINKAN,
                                                            CallKind.KAKAN):
                    callers.add(ev.seat)
                elif isinstance(ev, Ryuukyoku):
                    draws += 1
                    exhaustive += draw_kind(ev) in (DrawKind.EXHAUSTIVE, DrawKind.NAGASHI_MANGAN)
            deal_ins += len(ron_from)
            called += len(callers)
    return BaseRates(games, rounds, player_rounds, wins, deal_ins, riichi, called, exhaustive, draws, points)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Base rates of generated games (plausibility check).")
    parser.add_argument("--games", type=int, default=200, help="games to generate (default 200)")
    parser.add_argument("--rules", default="tenhou-4p-south", choices=sorted(PRESETS), help="rule-set preset")
    parser.add_argument("--seed", type=int, default=1, help="seed of the game seeds (default 1)")
    args = parser.parse_args(argv)
    rules = PRESETS[args.rules]
    logs = (read_log(simulate_game(rules, s)) for s in game_seeds(args.games, args.seed))
    for line in base_rates(logs).lines():
        print(line)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
