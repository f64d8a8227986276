"""The seeded 144-tile MCR wall: Tenhou's stream, every tile once, the deal and the two ends."""

from __future__ import annotations

import struct

import pytest

from mjlog.errors import MalformedLogError
from mjlog.rules.mcr.wall import DEALT, N_TILES, McrWall, mcr_walls, wall_from_rnd
from mjlog.rules.common.wall import ReferenceMT19937, new_seed, seed_key, walls_for_game

SEED = new_seed(20261204)


def _reference_rnd(hand: int) -> tuple[int, ...]:
    """rnd[0..143] of hand ``hand`` by the plain reference MT19937 and hashlib (no compiled code)."""
    import hashlib

    mt = ReferenceMT19937(seed_key(SEED))
    for _ in range(hand + 1):
        src = struct.pack("<288I", *(mt.genrand_int32() for _ in range(288)))
    digests = b"".join(hashlib.sha512(src[k:k + 128]).digest() for k in range(0, 1152, 128))
    return struct.unpack("<144I", digests)


def test_mcr_wall_follows_tenhous_stream_with_144_tiles():
    walls = mcr_walls(SEED)
    for hand in range(3):
        wall = next(walls)
        assert wall == wall_from_rnd(_reference_rnd(hand))
        assert sorted(wall.tiles) == list(range(N_TILES))


def test_mcr_wall_shuffle_is_fisher_yates_and_dice_from_the_last_word():
    rnd = tuple(range(1000, 1144))
    wall = wall_from_rnd(rnd)
    tiles = list(range(144))
    for i in range(143):
        j = i + rnd[i] % (144 - i)
        tiles[i], tiles[j] = tiles[j], tiles[i]
    assert wall.tiles == tuple(tiles)
    assert wall.dice == (1143 % 6, 1143 // 6 % 6)


def test_mcr_wall_leaves_riichi_walls_unchanged():
    riichi = next(walls_for_game(SEED, 4))
    reference = next(walls_for_game(SEED, 4, reference=True))
    assert riichi == reference and len(riichi.yama) == 136


def test_mcr_deal_and_both_ends():
    wall = McrWall(tuple(range(144)), (0, 0))
    hands = wall.starting_hands(dealer=2)
    assert hands[2][:4] == (0, 1, 2, 3) and hands[3][:4] == (4, 5, 6, 7)   # the dealer takes the first four
    assert hands[2][12] == 48 and hands[1][12] == 51
    assert sorted(t for h in hands for t in h) == list(range(DEALT))
    assert wall.live_draw(0) == 52 and wall.live_draw(1) == 53
    assert wall.replacement(0) == 143 and wall.replacement(1) == 142
    assert wall.left(40, 52) == 0
    with pytest.raises(IndexError):
        wall.live_draw(92)


def test_mcr_walls_refuse_a_bad_seed():
    with pytest.raises(MalformedLogError):
        mcr_walls("mt19937ar-sha512-n288-base64,notbase64")
