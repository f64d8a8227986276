"""Self-play game generation speed: games (and hands) generated per second, one process.

The last line reads ``simulate: N games, G games/s``.
"""

from __future__ import annotations

import argparse
import time

from mjlog.rules.riichi.ruleset import PRESETS
from mjlog.simulate import GameStats, game_seeds, simulate_game


def run(rules_name: str, games: int, seed: int) -> tuple[int, int, float]:
    """(games, hands, seconds) for ``games`` games of a preset."""
    stats = GameStats()
    rules = PRESETS[rules_name]
    start = time.perf_counter()
    for s in game_seeds(games, seed):
        simulate_game(rules, s, stats)
    return stats.games, stats.hands, time.perf_counter() - start


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=20, help="games per preset (default 20)")
    ap.add_argument("--seed", type=int, default=1, help="seed of the game seeds")
    ap.add_argument("--rules", nargs="+", default=["tenhou-4p-south", "tenhou-3p-south"], choices=sorted(PRESETS),
                    help="presets to time")
    args = ap.parse_args()
    run(args.rules[0], 2, args.seed + 1)  # warm-up: fills the shanten caches a little
    total_games, total_time = 0, 0.0
    for name in args.rules:
        games, hands, secs = run(name, args.games, args.seed)
        total_games += games
        total_time += secs
        print(f"{name}: {games} games, {hands} hands in {secs:.2f} s "
              f"({games / secs:.2f} games/s, {hands / secs:.1f} hands/s)")
    print(f"simulate: {total_games} games, {total_games / total_time:.2f} games/s")


if __name__ == "__main__":
    main()
