"""The MCR calculator's quick paths give what the plain search gives: the open-ended-chow wait
shortcut, the one-pass suit shapes, the readings shared by the suits, the wait test that looks in two
groups, the tile fans from bits, the memos (emptied by ``clear_memos``)."""

from __future__ import annotations

import itertools
import random

from mjlog.rules.mcr import MCR, score
from mjlog.rules.mcr import calculator as C
from mjlog.rules.mcr.randhand import random_win
from mjlog.rules.mcr.shapes import (
    CHOW, DRAGONS, GREEN_TILES, ORPHANS, REVERSIBLE, SETS_ONLY, WINDS, WITH_PAIR, divisions, only_wait, suit_shape, waits,
)
from mjlog.rules.mcr.tile_fans import tile_fans


def _splits(counts: list[int], pair_done: bool) -> int:
    """Shape bits by brute force: try every set and pair at the first tile, no memo, no pruning."""
    first = next((i for i, n in enumerate(counts) if n), None)
    if first is None:
        return SETS_ONLY
    out = 0
    c = list(counts)
    if c[first] >= 3:
        c[first] -= 3
        out |= _splits(c, pair_done)
        c[first] += 3
    if not pair_done and c[first] >= 2:
        c[first] -= 2
        if _splits(c, True) & SETS_ONLY:
            out |= WITH_PAIR
        c[first] += 2
    if first <= 6 and c[first + 1] and c[first + 2]:
        for i in range(3):
            c[first + i] -= 1
        out |= _splits(c, pair_done)
    return out & SETS_ONLY if pair_done else out


def test_suit_shape_equals_a_brute_force_split_on_every_suit_of_up_to_eight_tiles():
    checked = 0
    for counts in itertools.product(range(5), repeat=9):
        if sum(counts) > 8:
            continue
        checked += 1
        for pair_done in (False, True):
            assert suit_shape(counts, pair_done) == _splits(list(counts), pair_done), (counts, pair_done)
    assert checked > 20_000


def _prepared_wins(seed: int, count: int):
    """``count`` random wins of ``seed``, each with the calculator's prepared hand."""
    rng = random.Random(seed)
    for _ in range(count):
        w = random_win(rng)
        yield w, C._prepare(w.hand, w.situation)


def test_unique_wait_with_its_open_ended_chow_shortcut_agrees_with_the_wait_search():
    """Asked from any reading, the calculator's answer is the full search's (the shortcut fires often)."""
    fired = 0
    for w, h in _prepared_wins(20, 4000):
        searched = len(waits(C._without_win(h), 4 - len(h.fixed), not h.fixed)) == 1
        for d in divisions(h.counts, 4 - len(h.fixed)):
            h.unique_wait = None
            assert C._is_unique_wait(h, d) == searched, w
            rank = h.win % 10
            fired += any(kind == CHOW and ((code == h.win + 1 and rank <= 6) or (code == h.win - 1 and rank >= 4))
                         for kind, code in d.sets)
    assert fired > 500


def test_clear_memos_empties_every_memo_and_scores_stay_the_same():
    rng = random.Random(7)
    wins = [random_win(rng) for _ in range(300)]
    rules = MCR.replace(edition="mil")
    first = [score(w.hand, w.situation, rules) for w in wins]
    C.clear_memos()
    for memo in (C.chow_fan_items, C.pung_facts, C.tile_fans_of, C.shapes._suit_readings, C.shapes._rank_readings,
                 C.shapes._suit_adds, C.shapes.suit_shape):
        assert memo.cache_info().currsize == 0, memo
    assert [score(w.hand, w.situation, rules) for w in wins] == first


def _sets_by_brute_force(counts: list[int], n: int) -> list[list[tuple[int, int]]]:
    """Every way to take ``n`` sets from ``counts`` at the lowest tile first: no memo, no pruning."""
    first = next((i for i, k in enumerate(counts) if k), None)
    if first is None:
        return [[]] if n == 0 else []
    out = []
    c = list(counts)
    if c[first] >= 3:
        c[first] -= 3
        out += [[(1, first)] + rest for rest in _sets_by_brute_force(c, n - 1)]
        c[first] += 3
    if first < 40 and first % 10 <= 7 and c[first + 1] and c[first + 2]:
        for i in range(3):
            c[first + i] -= 1
        out += [[(CHOW, first + 1)] + rest for rest in _sets_by_brute_force(c, n - 1)]
    return out


def test_divisions_equal_a_brute_force_reading_of_every_random_hand():
    """The readings shared by the suits, moved to each suit's codes, with the pair candidates the rank
    sum allows, are every reading there is, in canonical order."""
    several = 0
    for w, h in _prepared_wins(21, 1500):
        n = 4 - len(h.fixed)
        found = set()
        for pair in range(48):
            if h.counts[pair] >= 2:
                rest = list(h.counts)
                rest[pair] -= 2
                for sets in _sets_by_brute_force(rest, n):
                    found.add((tuple(sorted(sets, key=lambda s: 2 * s[1] - (s[0] == CHOW))), pair))
        want = sorted(found, key=lambda r: [2 * s[1] - (s[0] == CHOW) for s in r[0]])
        got = divisions(h.counts, n)
        assert list(dict.fromkeys((d.sets, d.pair) for d in got)) == want, w     # a reading may come twice
        for d in got:
            assert d.chows == tuple(c for k, c in d.sets if k == CHOW)
            assert d.pungs == tuple(c for k, c in d.sets if k != CHOW)
        several += len(got) > 1
    assert several > 20


def test_only_wait_agrees_with_the_full_wait_search_on_closed_and_open_hands():
    unique = 0
    for w, h in _prepared_wins(22, 4000):
        if not divisions(h.counts, 4 - len(h.fixed)):
            continue                                    # asked of regular readings only
        before = C._without_win(h)
        searched = len(waits(before, 4 - len(h.fixed), not h.fixed)) == 1
        assert only_wait(before, h.win, not h.fixed) == searched, w
        unique += searched
    assert 500 < unique < 3500


def _tile_fans_from_sets(codes: set[int]) -> dict[int, int]:
    """The tile fans worked out on the set of codes (the calculator's way before the bits)."""
    honors = {c for c in codes if c > 40}
    suits = {c // 10 for c in codes - honors}
    out = {} if honors else {76: 1}
    if len(suits) == 1:
        out[49 if honors else 22] = 1
        out.pop(76, None)
    elif len(suits) < 3:
        out[75] = 3 - len(suits)
    if len(suits) == 3 and honors & set(WINDS) and honors & set(DRAGONS):
        out[51] = 1
    simples = codes.isdisjoint(ORPHANS)
    if simples:
        out[68] = 1
    if codes <= REVERSIBLE:
        out[40] = 1
    if codes <= GREEN_TILES:
        out[3] = 1
    if not simples:
        if honors == codes:
            out[11] = 1
        elif codes <= set(ORPHANS):
            out[8 if not honors else 18] = 1
    if not honors:
        ranks = {c % 10 for c in codes}
        if ranks <= {1, 2, 3, 4}:
            out[37 if 4 in ranks else 27] = 1
        elif ranks <= {6, 7, 8, 9}:
            out[36 if 6 in ranks else 25] = 1
        elif ranks <= {4, 5, 6}:
            out[26] = 1
    return out


def test_tile_fans_from_bits_equal_the_fans_worked_out_on_sets_of_tiles():
    rng = random.Random(23)
    codes = [c for c in range(11, 48) if c % 10 or c > 40]
    pools = [codes, [c for c in codes if c < 20 or c > 40], [22, 23, 24, 26, 28, 46], list(ORPHANS),
             [c for c in codes if c < 40 and c % 10 <= 4], [c for c in codes if c < 40 and c % 10 >= 6],
             [c for c in codes if c < 40 and 4 <= c % 10 <= 6], sorted(REVERSIBLE)]
    for _ in range(20_000):
        pool = rng.choice(pools)
        held = rng.sample(pool, rng.randrange(1, min(len(pool), 9) + 1))
        assert dict(tile_fans(held)) == _tile_fans_from_sets(set(held)), held
