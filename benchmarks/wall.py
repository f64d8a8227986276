"""Benchmark: walls per second from SHUFFLE seeds, fast path (CPython's MT) vs the reference MT.

Each game decodes a fresh ``mt19937ar-sha512-n288-base64`` seed and generates the walls of
``--hands`` hands, as an audit does. Both paths run in the same process, one after the other.

    .venv/bin/python benchmarks/wall.py [--games 400] [--ref-games 10] [--hands 10]
"""

from __future__ import annotations

import argparse
import time

from mjlog.rules.common.wall import new_seed, walls_for_game


def run(seeds: list[str], hands: int, reference: bool) -> tuple[int, float]:
    """Generate ``hands`` walls for each seed; return (walls made, seconds)."""
    made = 0
    start = time.perf_counter()
    for text in seeds:
        gen = walls_for_game(text, 4, reference=reference)
        for _ in range(hands):
            next(gen)
            made += 1
    return made, time.perf_counter() - start


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=400, help="games on the fast path")
    ap.add_argument("--ref-games", type=int, default=10, help="games on the reference path")
    ap.add_argument("--hands", type=int, default=10, help="hands per game")
    args = ap.parse_args()

    seeds = [new_seed(i).text for i in range(max(args.games, args.ref_games))]
    # the two paths must agree on what they benchmark
    assert list(zip(range(3), walls_for_game(seeds[0]))) == list(
        zip(range(3), walls_for_game(seeds[0], reference=True))
    )
    run(seeds[:20], args.hands, reference=False)  # warm-up
    n_fast, t_fast = run(seeds[: args.games], args.hands, reference=False)
    n_ref, t_ref = run(seeds[: args.ref_games], args.hands, reference=True)
    fast, ref = n_fast / t_fast, n_ref / t_ref
    print(f"fast path: {n_fast} walls in {t_fast:.3f} s ({args.games / t_fast:,.0f} games/s)")
    print(f"reference: {n_ref} walls in {t_ref:.3f} s ({args.ref_games / t_ref:,.1f} games/s)")
    print(f"wall: {n_fast} hands, fast {fast:,.0f}/s, reference {ref:,.0f}/s, ratio {fast / ref:.1f}")


if __name__ == "__main__":
    main()
