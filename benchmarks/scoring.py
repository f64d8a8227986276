"""Throughput of mjlog's scorer against the ``mahjong`` package on the same random hands.

Hands are generated once up front (not timed), then each scorer runs over all of them,
``--repeat`` times (default 3); the best run of each side counts. mjlog's tables and memos
(per-suit readings, yaku of fact masks, payments) are emptied before every timed run, so
each run pays for filling them. The hands are random, so nearly all are distinct: the
output says how many distinct shapes (concealed counts, calls, winning kind) there were.
Usage: ``.venv/bin/python benchmarks/scoring.py [--hands N] [--seed S] [--repeat R]``.
The last line is ``scoring: N hands, agree X%, mjlog A/s, mahjong B/s, ratio R``.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from mjlog.rules.riichi import score  # noqa: E402 - after sys.path takes the checkout's folders, above
from mjlog.rules.riichi.randhand import RandomWin, random_win  # noqa: E402 - after sys.path takes the checkout's folders, above
from mjlog.rules.riichi.scorer import clear_caches  # noqa: E402 - after sys.path takes the checkout's folders, above
from tests.families.riichi.test_scoring_differential import compare, mahjong_value  # noqa: E402 - after sys.path takes the checkout's folders, above


def shape_key(w: RandomWin) -> tuple[object, ...]:
    """What a cache of shape analyses would key on: concealed counts, calls, winning kind."""
    counts = [0] * 34
    for t in w.concealed:
        counts[t >> 2] += 1
    calls = tuple(sorted((m.kind.value, min(m.tiles) >> 2) for m in w.melds))
    return tuple(counts), calls, w.win_tile >> 2


def time_mjlog(hands: list[RandomWin]) -> float:
    """Seconds for mjlog to score every hand, starting from empty tables."""
    clear_caches()
    t = time.perf_counter()
    for w in hands:
        score(w.concealed, w.melds, w.win_tile, w.context, w.rules)
    return time.perf_counter() - t


def time_mahjong(hands: list[RandomWin]) -> float:
    """Seconds for the ``mahjong`` package to score every hand."""
    t = time.perf_counter()
    for w in hands:
        mahjong_value(w)
    return time.perf_counter() - t


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=20_000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args(argv)
    rng = random.Random(args.seed)
    hands = [random_win(rng) for _ in range(args.hands)]
    n = len(hands)
    distinct = len({shape_key(w) for w in hands})

    ours = theirs = float("inf")
    for _ in range(args.repeat):     # interleaved, so both sides see the same machine load
        ours = min(ours, time_mjlog(hands))
        theirs = min(theirs, time_mahjong(hands))

    agree = sum(1 for w in hands if not compare(w))
    print(f"hands: {n}, {distinct} distinct shapes (concealed counts, calls, winning kind); "
          f"best of {args.repeat} runs each, mjlog tables emptied before each run")
    print(f"scoring: {n} hands, agree {100 * agree / n:.2f}%, mjlog {n / ours:.0f}/s, "
          f"mahjong {n / theirs:.0f}/s, ratio {theirs / ours:.2f}")


if __name__ == "__main__":
    main()
