"""The public shanten, waits and ukeire API (:mod:`mjlog.rules.riichi.shanten`): its errors, its
live copies, and a differential test against the ``mahjong`` package 2.1.0 on seeded random hands.

Every hand must agree exactly on the shanten of each form (regular, seven pairs, thirteen orphans)
and on which kinds complete or improve it (the package's shanten of the hand plus each kind), except
the one documented difference (``docs/python.md``): mjlog counts shapes, so a hand whose only way on
needs a fifth copy of a kind it holds four of is, for the package, one step further; such hands (a
quad in hand) may differ only that way, and are rare.
"""

from __future__ import annotations

import random

import pytest

from mjlog.errors import InvalidHandError, MjlogError
from mjlog.rules.riichi.shanten import HandShapeError, hand_counts, shanten, shanten_forms, ukeire, waits
from mjlog.tiles import SANMA_ABSENT_KINDS

mahjong = pytest.importorskip("mahjong")

from mahjong.shanten import Shanten  # noqa: E402 - after the skip above, for a machine without mahjong

N_HANDS = 20_000
SEED = 20250137


def _random_hand(rng: random.Random, players: int) -> tuple[list[int], int]:
    """A hand's counts and its melds: drawn from the wall, or from a few kinds (close to winning shapes)."""
    kinds = [k for k in range(34) if not (players == 3 and k in SANMA_ABSENT_KINDS)]
    style = rng.randrange(4)
    if style == 1:      # one suit and the honours: flushes, near-complete regular hands
        suit = rng.choice([s for s in range(3) if not (players == 3 and s == 0)])
        kinds = [k for k in kinds if 9 * suit <= k < 9 * suit + 9 or k >= 27]
    elif style == 2:    # few kinds: pairs and triplets (seven pairs, quads)
        kinds = rng.sample(kinds, 7)
    elif style == 3:    # mostly terminals and honours (thirteen orphans)
        kinds = [k for k in kinds if k in (0, 8, 9, 17, 18, 26) or k >= 27] + rng.sample(kinds, 3)
    melds = rng.choice((0, 0, 0, 1, 2, 3, 4)) if style == 0 else 0
    size = 13 + rng.randrange(2) - 3 * melds
    wall = [k for k in set(kinds) for _ in range(4)]
    counts = [0] * 34
    for k in rng.sample(wall, size):
        counts[k] += 1
    return counts, melds


def _hands(players: int, n: int):
    rng = random.Random(SEED + players)
    return [_random_hand(rng, players) for _ in range(n)]


@pytest.mark.slow
@pytest.mark.parametrize("players", [4, 3])
def test_shanten_of_each_form_agrees_with_the_mahjong_package(players):
    three = players == 3
    quad_steps = 0
    for counts, melds in _hands(players, N_HANDS // 2):
        ours = shanten_forms(counts, melds, players)
        theirs = Shanten.calculate_shanten_for_regular_hand(counts, three)
        if theirs == ours.regular + 1 and 4 in counts:    # the documented difference: a quad's fifth copy
            quad_steps += 1
            continue
        assert ours.regular == theirs, (counts, melds)
        if melds == 0:
            assert ours.seven_pairs == Shanten.calculate_shanten_for_chiitoitsu_hand(counts), counts
            assert ours.thirteen_orphans == Shanten.calculate_shanten_for_kokushi_hand(counts), counts
            assert ours.best == Shanten.calculate_shanten(counts, is_three_player=three), counts
        assert shanten(counts, melds, players) == ours.best
    assert quad_steps <= N_HANDS // 200


def _theirs_after(counts: list[int], k: int, three: bool, melds: int) -> int:
    counts[k] += 1
    try:
        if melds:
            return Shanten.calculate_shanten_for_regular_hand(counts, three)
        return Shanten.calculate_shanten(counts, is_three_player=three)
    finally:
        counts[k] -= 1


@pytest.mark.slow
@pytest.mark.parametrize("players", [4, 3])
def test_waits_and_ukeire_agree_with_the_mahjong_package(players):
    three = players == 3
    drawable = [k for k in range(34) if not (three and k in SANMA_ABSENT_KINDS)]
    quad_steps = 0
    for counts, melds in _hands(players, N_HANDS // 2):
        if (sum(counts) + 3 * melds) != 13:
            continue
        now = Shanten.calculate_shanten(counts, is_three_player=three) if not melds else \
            Shanten.calculate_shanten_for_regular_hand(counts, three)
        better = tuple(k for k in drawable if counts[k] < 4 and _theirs_after(counts, k, three, melds) < now)
        got = ukeire(counts, melds, players=players)
        if got.shanten == now and set(got.kinds) > set(better) and 4 in counts:   # the quad difference
            quad_steps += 1
            continue
        assert (got.shanten, got.kinds) == (now, better), (counts, melds)
        assert got.live == tuple(4 - counts[k] for k in better)
        w = waits(counts, melds, players=players)
        assert w.kinds == (better if now == 0 else ()), (counts, melds)
    assert quad_steps <= N_HANDS // 200


def test_a_tenpai_hand_s_waits_count_the_copies_visible_to_the_player():
    w = waits("23m456p789s11z234s", visible="1m1m4m4m4m")
    assert w.names == ("1m", "4m") and w.live == (2, 1) and w.total == 3


def test_ukeire_of_a_one_shanten_hand_lists_every_improving_kind_with_its_live_copies():
    u = ukeire("13m456p789s1z2z345s", visible="2m2m2m")
    assert u.shanten == 1
    assert dict(zip(u.names, u.live)) == {"2m": 1, "1z": 3, "2z": 3}


def test_a_hand_with_melds_counts_its_concealed_tiles_only():
    assert shanten("1122m", melds=3) == 0
    assert waits("1122m", melds=3).names == ("1m", "2m")
    assert shanten_forms("1122m", melds=3).seven_pairs is None


@pytest.mark.parametrize("hand, kwargs, message", [
    ("123m456p789s112z", {}, "holds 13 or 14 tiles, not 12"),
    ("123m4x", {}, "bad character"),
    ("11111m456p789s12z", {}, "too many copies"),
    ([0] * 33, {}, "34 counts"),
    ("123m456p789s1122z", {"players": 3}, "2m-8m"),
    ("123m456p789s1122z", {"melds": 5}, "melds must be 0..4"),
    ("123m456p789s11223z", {"visible": None}, "holds 13 tiles, not 14"),
])
def test_a_hand_no_player_can_hold_is_a_typed_error(hand, kwargs, message):
    call = waits if "visible" in kwargs else shanten
    with pytest.raises(HandShapeError, match=message) as exc:
        call(hand, **kwargs)
    assert isinstance(exc.value, InvalidHandError) and isinstance(exc.value, MjlogError)
    assert isinstance(exc.value, ValueError)


def test_more_copies_between_hand_and_visible_than_exist_is_a_typed_error():
    with pytest.raises(HandShapeError, match="more than four 1z"):
        ukeire("123m456p789s1122z", visible="1z1z1z")


def test_hand_counts_takes_counts_as_well_as_text():
    c = hand_counts("123m456p789s1122z")
    assert hand_counts(list(c)) == c and sum(c) == 13
