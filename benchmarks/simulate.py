"""Self-play game generation speed: games (and hands) generated per second, one process.

The last line reads ``simulate: N games, G games/s (C games per CPU second)``; the CPU figure is
the one to compare on a busy machine.

With ``--baseline TREE`` (a source tree of another mjlog, e.g. ``git archive main | tar -x -C
TREE`` with its compiled helper copied in) each preset's games are played ``--repeat`` times in
fresh processes, the baseline's and this tree's in turn, and the script prints both CPU medians
(the games only, not the start-up), their ratio, and the spread of each side (the noise).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

from mjlog.rules.riichi.ruleset import PRESETS
from mjlog.rules.riichi.simulate import GameStats, simulate_game
from mjlog.batch.simulate import game_seeds

ROOT = Path(__file__).resolve().parents[1]


def run(rules_name: str, games: int, seed: int) -> tuple[int, int, float, float]:
    """(games, hands, seconds, CPU seconds) for ``games`` games of a preset."""
    stats = GameStats()
    rules = PRESETS[rules_name]
    start, cpu = time.perf_counter(), time.process_time()
    for s in game_seeds(games, seed):
        simulate_game(rules, s, stats)
    return stats.games, stats.hands, time.perf_counter() - start, time.process_time() - cpu


def child_cpu(tree: Path, rules_name: str, games: int, seed: int) -> float:
    """CPU seconds of ``games`` games of a preset played by the mjlog of ``tree``, in a fresh process."""
    env = {**os.environ, "PYTHONPATH": str(tree)}
    out = subprocess.run([sys.executable, __file__, "--cpu-only", "--rules", rules_name, "--games", str(games),
                          "--seed", str(seed)], env=env, check=True, capture_output=True, text=True, cwd=tree)
    return float(out.stdout.split()[-1])


def side_by_side(baseline: Path, names: list[str], games: int, seed: int, repeat: int) -> None:
    """Each preset timed in the baseline tree and this one in turn; medians, ratio and spread."""
    for name in names:
        old: list[float] = []
        new: list[float] = []
        for _ in range(repeat):
            old.append(child_cpu(baseline, name, games, seed))
            new.append(child_cpu(ROOT, name, games, seed))
        m_old, m_new = statistics.median(old), statistics.median(new)
        print(f"{name}: {games} games, CPU median baseline {m_old:.3f} s (range {min(old):.3f}-{max(old):.3f}), "
              f"this tree {m_new:.3f} s (range {min(new):.3f}-{max(new):.3f}): {m_old / m_new:.2f}x")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=20, help="games per preset (default 20)")
    ap.add_argument("--seed", type=int, default=1, help="seed of the game seeds")
    ap.add_argument("--rules", nargs="+", default=["tenhou-4p-south", "tenhou-3p-south"], choices=sorted(PRESETS),
                    help="presets to time")
    ap.add_argument("--baseline", type=Path, metavar="TREE",
                    help="a source tree of another mjlog to time side by side with this one")
    ap.add_argument("--repeat", type=int, default=5, help="runs of each side with --baseline (default 5)")
    ap.add_argument("--cpu-only", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.baseline is not None:
        side_by_side(args.baseline.resolve(), args.rules, args.games, args.seed, args.repeat)
        return
    run(args.rules[0], 2, args.seed + 1)  # warm-up: fills the shanten caches a little
    if args.cpu_only:
        print(sum(run(name, args.games, args.seed)[3] for name in args.rules))
        return
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
