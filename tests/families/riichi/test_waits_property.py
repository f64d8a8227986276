"""The replay's fast wait finder agrees with the scorer's complete-hand test on random hands."""

from __future__ import annotations

import random

from mjlog.rules.riichi.hands import is_tenpai, waits
from mjlog.rules.riichi.decompose import is_complete
from mjlog.tiles import counts34, parse_mpsz


def brute_waits(c: list[int]) -> tuple[int, ...]:
    out = []
    for k in range(34):
        if c[k] >= 4:
            continue
        c[k] += 1
        if is_complete(c):
            out.append(k)
        c[k] -= 1
    return tuple(out)


def test_waits_of_special_shapes():
    assert waits(counts34(parse_mpsz("19m19p19s1234567z"))) == (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)
    assert waits(counts34(parse_mpsz("119m19p19s123456z"))) == (33,)
    assert waits(counts34(parse_mpsz("1122m3344p5566s7z"))) == (33,)
    assert waits(counts34(parse_mpsz("1112345678999m"))) == tuple(range(9))  # junsei chuuren


def test_waits_agree_with_brute_force_on_random_hands():
    rng = random.Random(20261202)
    tenpai = checked = 0
    for _ in range(20000):
        size = rng.choice([13, 13, 13, 10, 7, 4, 1])
        pool = [k for k in range(34) for _ in range(4)]
        if rng.random() < 0.6:  # bias toward one or two suits, where tenpai hands are common
            suit = rng.randrange(4)
            pool = [k for k in pool if (k // 9 == suit if suit < 3 else k >= 27)]
            if rng.random() < 0.5:
                pool += [k for k in range(34) for _ in range(4) if k // 9 == (suit + 1) % 4][:12]
            if len(pool) < size:
                continue
        c = [0] * 34
        for k in rng.sample(pool, size):
            c[k] += 1
        got = waits(c)
        assert got == brute_waits(c), c
        assert is_tenpai(c) == bool(got), c
        checked += 1
        tenpai += bool(got)
    assert checked > 15000 and tenpai > 3000
