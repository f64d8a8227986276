"""Throughput of mjlog's MCR fan calculator against PyMahjongGB (``MahjongGB``, C++) on the same hands.

Hands come from :mod:`mjlog.rules.mcr.randhand` (not timed); MahjongGB's arguments are built
up front too, so each side times only its calculator. mjlog's memos (each suit's readings and
shapes, chow and pung combinations, fan lines:
:func:`mjlog.rules.mcr.calculator.clear_memos`) are emptied before every timed run. Both run
``--repeat`` times, interleaved; the best run of each counts. The goal is a ratio within 10x (pure Python
against C++).
Usage: ``.venv/bin/python benchmarks/mcr_scoring.py [--hands N] [--seed S] [--repeat R]``.
The last line is ``mcr scoring: N hands, agree X%, mjlog A/s, MahjongGB B/s, ratio R``
(R = how many times slower mjlog is).
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from _common import best_of_interleaved  # noqa: E402 - after sys.path takes the checkout's folders, above
from tests.support.mcr_oracle import gb_call, gb_fans  # noqa: E402 - after sys.path takes the checkout's folders, above
from MahjongGB import MahjongFanCalculator  # noqa: E402 - after sys.path takes the checkout's folders, above

from mjlog.rules.mcr import MCR, score  # noqa: E402 - after sys.path takes the checkout's folders, above
from mjlog.rules.mcr.calculator import clear_memos  # noqa: E402 - after sys.path takes the checkout's folders, above
from mjlog.rules.mcr.randhand import random_win  # noqa: E402 - after sys.path takes the checkout's folders, above



def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=20_000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args(argv)
    rng = random.Random(args.seed)
    wins = [random_win(rng) for _ in range(args.hands)]
    calls = [gb_call(w.hand, w.situation) for w in wins]
    mil = MCR.replace(edition="mil")

    def run_mjlog() -> None:
        clear_memos()
        for w in wins:
            score(w.hand, w.situation, mil)

    def run_gb() -> None:
        for kw in calls:
            MahjongFanCalculator(**kw)

    ours, theirs = best_of_interleaved([run_mjlog, run_gb], args.repeat)
    agree = sum(1 for w in wins
                if {x.number: x.count for x in score(w.hand, w.situation, mil).lines} == gb_fans(w.hand, w.situation))
    n = len(wins)
    print(f"hands: {n} (seed {args.seed}); best of {args.repeat} interleaved runs each, mjlog memos emptied before each")
    print(f"mcr scoring: {n} hands, agree {100 * agree / n:.2f}%, mjlog {n / ours:.0f}/s, "
          f"MahjongGB {n / theirs:.0f}/s, ratio {ours / theirs:.1f}")


if __name__ == "__main__":
    main()
