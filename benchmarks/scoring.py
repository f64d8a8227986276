"""Throughput of mjlog's scorer against the ``mahjong`` package on the same random hands.

Hands are generated once up front (not timed), then each scorer runs over all of them.
Usage: ``.venv/bin/python benchmarks/scoring.py [--hands N] [--seed S]``.
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
sys.path.insert(0, str(ROOT / "tests"))

from mjlog.rules.riichi import score  # noqa: E402
from mjlog.rules.riichi.randhand import random_win  # noqa: E402
from test_scoring_differential import compare, mahjong_value  # noqa: E402


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=20_000)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    rng = random.Random(args.seed)
    hands = [random_win(rng) for _ in range(args.hands)]

    t = time.perf_counter()
    for w in hands:
        score(w.concealed, w.melds, w.win_tile, w.context, w.rules)
    ours = time.perf_counter() - t

    t = time.perf_counter()
    for w in hands:
        mahjong_value(w)
    theirs = time.perf_counter() - t

    agree = sum(1 for w in hands if not compare(w))
    n = len(hands)
    print(f"scoring: {n} hands, agree {100 * agree / n:.2f}%, mjlog {n / ours:.0f}/s, "
          f"mahjong {n / theirs:.0f}/s, ratio {theirs / ours:.2f}")


if __name__ == "__main__":
    main()
