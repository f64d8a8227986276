"""The seeded 144-tile MCR wall: Tenhou's seed and random stream, MCR's tiles and ends.

A game's seed is Tenhou's ``mt19937ar-sha512-n288-base64`` (or the older hex ``n288``) seed:
one MT19937 for the game, 288 outputs per hand hashed with SHA-512 into 144 words ``rnd``
(:meth:`mjlog.rules.common.wall.WallGenerator.next_digests`). The 144 tile ids (0-135 the suits and
honours as in riichi, 136-143 the eight flowers) are shuffled by the same Fisher-Yates as
Tenhou's (position i swaps with ``i + rnd[i] % (144 - i)``), and the dice are
``rnd[143] % 6`` and ``rnd[143] // 6 % 6`` (0-based, as Tenhou writes them).

The wall has two ends and no dead wall:

- the **front** is the start of ``tiles``: the deal (three rounds of four tiles from the
  dealer on, then one each: ``tiles[0..51]``) and every ordinary draw come from it, the
  dealer's first draw being ``tiles[52]``;
- the **back** is the end of ``tiles``: each flower's and each kong's replacement is
  ``tiles[143]``, then ``tiles[142]``, ...

After the deal 92 tiles remain; the hand is drawn when a draw is due and none is left.

>>> from mjlog.rules.common.wall import new_seed
>>> wall = next(mcr_walls(new_seed(7)))
>>> len(wall.tiles), sorted(wall.tiles) == list(range(144))
(144, True)
>>> [len(h) for h in wall.starting_hands(dealer=0)], wall.drawable
([13, 13, 13, 13], 92)
>>> wall.live_draw(0) == wall.tiles[52], wall.replacement(0) == wall.tiles[143]
(True, True)
"""

from __future__ import annotations

import struct
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from mjlog.errors import MalformedLogError
from mjlog.findings import FindingKind
from mjlog.ir import Round, Seed
from mjlog.rules.common.wall import GAME_KINDS, shuffle, walls_for_game

__all__ = ["DEALT", "N_TILES", "McrWall", "game_walls", "mcr_walls", "wall_from_rnd"]

N_TILES = 144
PLAYERS = 4
DEALT = 13 * PLAYERS
_TILES = tuple(range(N_TILES))
_UNPACK = struct.Struct(f"<{N_TILES}I").unpack
_DICE_WORD = N_TILES - 1          # the one word the shuffle leaves unused


@dataclass(frozen=True, slots=True)
class McrWall:
    """One hand's 144 tiles (the front first, the back last) and its two dice (0-5)."""

    tiles: tuple[int, ...]
    dice: tuple[int, int]

    @property
    def drawable(self) -> int:
        """Tiles left after the deal: the draws and replacements a hand can have in all."""
        return N_TILES - DEALT

    def starting_hands(self, dealer: int = 0) -> tuple[tuple[int, ...], ...]:
        """The 13 dealt tiles of each seat (index = seat), in deal order."""
        if not 0 <= dealer < PLAYERS:
            raise ValueError(f"dealer {dealer} is not a seat of a 4-player game")
        deal = self.tiles[:DEALT]
        hands: list[tuple[int, ...]] = [()] * PLAYERS
        for j in range(PLAYERS):
            a, b, c = 4 * j, 4 * (j + PLAYERS), 4 * (j + 2 * PLAYERS)
            hands[(dealer + j) % PLAYERS] = deal[a:a + 4] + deal[b:b + 4] + deal[c:c + 4] + (deal[12 * PLAYERS + j],)
        return tuple(hands)

    def live_draw(self, i: int) -> int:
        """The tile of ordinary draw ``i`` (0: the dealer's first draw), from the front."""
        if not 0 <= i < self.drawable:
            raise IndexError(f"live draw {i} is past the end of the wall")
        return self.tiles[DEALT + i]

    def replacement(self, j: int) -> int:
        """The tile of replacement draw ``j`` (a flower's or a kong's), from the back."""
        if not 0 <= j < self.drawable:
            raise IndexError(f"replacement draw {j} is past the end of the wall")
        return self.tiles[N_TILES - 1 - j]

    def left(self, live: int, replacements: int) -> int:
        """Tiles still in the wall after ``live`` ordinary draws and ``replacements`` replacements."""
        return self.drawable - live - replacements


def wall_from_rnd(rnd: tuple[int, ...]) -> McrWall:
    """The wall of 144 random words: Tenhou's Fisher-Yates over ids 0-143, dice from the last word."""
    last = rnd[_DICE_WORD]
    return McrWall(shuffle(_TILES, rnd), (last % 6, last // 6 % 6))


def mcr_walls(seed: Seed | str) -> Iterator[McrWall]:
    """The walls of a game's hands in order, from its game seed (MalformedLogError for a bad seed)."""
    stream = walls_for_game(seed, 4)          # a bad seed raises here, not at the first hand
    return (wall_from_rnd(_UNPACK(stream.next_digests())) for _ in iter(int, 1))


def game_walls(game) -> Callable[[Round], McrWall | None] | None:
    """:meth:`McrFamily.walls`: each hand's wall from the log's game seed; None without one (PMN,
    Botzone). A seed that cannot be used is one ``wall`` finding, and the hands go unchecked."""
    seed = game.log.seed
    if seed is None:
        return None
    try:
        if seed.kind not in GAME_KINDS:
            raise MalformedLogError(f"{seed.kind[:40]!r} is not a game seed kind ({', '.join(GAME_KINDS)})")
        walls = mcr_walls(seed)
    except MalformedLogError as exc:
        game.find(FindingKind.WALL, f"the seed cannot be used ({exc.reason})")
        return None
    return lambda rnd: next(walls)
