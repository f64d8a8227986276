"""The MCR calculator's quick paths give what the plain search gives: the open-ended-chow wait
shortcut, the pruned suit shape search, the memos (emptied by ``clear_memos``)."""

from __future__ import annotations

import itertools
import random

from mjlog.rules.mcr import MCR, score
from mjlog.rules.mcr import calculator as C
from mjlog.rules.mcr.randhand import random_win
from mjlog.rules.mcr.shapes import CHOW, SETS_ONLY, WITH_PAIR, divisions, suit_shape, waits


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


def test_unique_wait_with_its_open_ended_chow_shortcut_agrees_with_the_wait_search():
    """Asked from any reading, the calculator's answer is the full search's (the shortcut fires often)."""
    rng = random.Random(20)
    fired = 0
    for _ in range(4000):
        w = random_win(rng)
        h = C._prepare(w.hand, w.situation)
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
