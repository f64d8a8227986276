"""Self-play game generation speed: games (and hands) generated per second, one process.

The last line reads ``simulate: N games, G games/s (C games per CPU second)``; the CPU figure is
the one to compare on a busy machine.
"""

from __future__ import annotations

import argparse
import time

from mjlog.rules.riichi.ruleset import PRESETS
from mjlog.rules.riichi.simulate import GameStats, simulate_game
from mjlog.batch.simulate import game_seeds


def run(rules_name: str, games: int, seed: int) -> tuple[int, int, float, float]:
    """(games, hands, seconds, CPU seconds) for ``games`` games of a preset."""
    stats = GameStats()
    rules = PRESETS[rules_name]
    start, cpu = time.perf_counter(), time.process_time()
    for s in game_seeds(games, seed):
        simulate_game(rules, s, stats)
    return stats.games, stats.hands, time.perf_counter() - start, time.process_time() - cpu


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=20, help="games per preset (default 20)")
    ap.add_argument("--seed", type=int, default=1, help="seed of the game seeds")
    ap.add_argument("--rules", nargs="+", default=["tenhou-4p-south", "tenhou-3p-south"], choices=sorted(PRESETS),
                    help="presets to time")
    args = ap.parse_args()
    run(args.rules[0], 2, args.seed + 1)  # warm-up: fills the shanten caches a little
    total_games, total_time, total_cpu = 0, 0.0, 0.0
    for name in args.rules:
        games, hands, secs, cpu = run(name, args.games, args.seed)
        total_games += games
        total_time += secs
        total_cpu += cpu
        print(f"{name}: {games} games, {hands} hands in {secs:.2f} s "
              f"({games / secs:.2f} games/s, {hands / secs:.1f} hands/s; {games / cpu:.2f} games per CPU second)")
    print(f"simulate: {total_games} games, {total_games / total_time:.2f} games/s "
          f"({total_games / total_cpu:.2f} games per CPU second)")


if __name__ == "__main__":
    main()
