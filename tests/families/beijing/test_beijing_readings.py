"""Readings with wild tiles against a brute force: every assignment of kinds to the wild tiles, decomposed plainly."""

from __future__ import annotations

import random
from itertools import combinations_with_replacement

import pytest

from mjlog.rules.beijing.fans import Situation, fans_of
from mjlog.rules.beijing.readings import Shape, shapes


def _plain_splits(counts: list[int], need_pair: bool):
    """Every split of a concrete hand into sets and at most one pair: lists of (kind, 'pair'|'pung'|'run')."""
    i = next((k for k, c in enumerate(counts) if c), -1)
    if i < 0:
        if not need_pair:
            yield []
        return
    if need_pair and counts[i] >= 2:
        counts[i] -= 2
        yield from ([(i, "pair")] + r for r in _plain_splits(counts, False))
        counts[i] += 2
    if counts[i] >= 3:
        counts[i] -= 3
        yield from ([(i, "pung")] + r for r in _plain_splits(counts, need_pair))
        counts[i] += 3
    if i < 27 and i % 9 <= 6 and counts[i + 1] and counts[i + 2]:
        for k in (i, i + 1, i + 2):
            counts[k] -= 1
        yield from ([(i, "run")] + r for r in _plain_splits(counts, need_pair))
        for k in (i, i + 1, i + 2):
            counts[k] += 1


def brute_best(concealed: list[int], win: int, wild: int, sit: Situation) -> int:
    """The most fan of any assignment of kinds to the wild tiles (no fifth copy), read plainly."""
    real = [k for k in concealed if k != wild]
    jokers = len(concealed) - len(real)
    best = -1
    for subs in combinations_with_replacement(range(34), jokers):
        counts = [0] * 34
        for k in real + list(subs):
            counts[k] += 1
        if max(counts) > 4:
            continue
        tiles = tuple(sorted(real + list(subs)))
        for w in (set(subs) if win == wild else {win}):
            readings = []
            for split in _plain_splits(list(counts), True):
                runs = {k for k, what in split if what == "run"}
                readings.append(Shape("standard", tiles, w, all_pungs=not runs,
                                      straight=any({s, s + 3, s + 6} <= runs for s in (0, 9, 18)),
                                      closed_five=w == 4 and 3 in runs))
            if all(c in (0, 2, 4) for c in counts):
                readings.append(Shape("pairs", tiles, w, luxury=4 in counts))
            for shape in readings:
                best = max(best, sum(f.value for f in fans_of(shape, sit)))
    return best


def fast_best(concealed: list[int], win: int, wild: int, sit: Situation) -> int:
    return max((sum(f.value for f in fans_of(s, sit)) for s in shapes(concealed, (), win, wild)), default=-1)


def _random_hand(rng: random.Random) -> list[int]:
    """A complete concealed hand of 14 kinds: seven pairs now and then, else four sets and a pair."""
    suit = rng.choice([0, 9, 18]) if rng.random() < 0.3 else None
    def kind() -> int:
        return suit + rng.randrange(9) if suit is not None else rng.randrange(34)
    while True:
        if rng.random() < 0.2:
            tiles = [k for k in (kind() for _ in range(7)) for _ in range(2)]
        else:
            tiles = [kind()] * 2
            for _ in range(4):
                k = kind()
                if k < 27 and k % 9 <= 6 and rng.random() < 0.6:
                    tiles += [k, k + 1, k + 2]
                else:
                    tiles += [k] * 3
        if max(tiles.count(k) for k in tiles) <= 4:
            return tiles


@pytest.mark.parametrize("jokers", [1, 2, 3])
def test_readings_with_wild_tiles_match_the_brute_force(jokers):
    rng = random.Random(19 + jokers)
    cases = {1: 60, 2: 40, 3: 8}[jokers]
    for _ in range(cases):
        hand = _random_hand(rng)
        rng.shuffle(hand)
        wild = rng.randrange(34)
        held = hand.count(wild)
        if held > jokers:
            continue
        for i in range(len(hand)):
            if held == jokers:
                break
            if hand[i] != wild:
                hand[i] = wild
                held += 1
        if rng.random() < 0.3:  # sometimes a hand that may not be complete any more
            hand[0] = rng.randrange(34)
        if max(hand.count(k) for k in hand) > 4:
            continue
        sit = Situation(tsumo=True, wilds=hand.count(wild), first_turn=rng.random() < 0.1)
        assert fast_best(hand, hand[-1], wild, sit) == brute_best(hand, hand[-1], wild, sit), (hand, wild)
