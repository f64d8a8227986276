"""The Beijing wall of each hand, from a Tenhou-style game seed.

The tiles are shuffled exactly as Tenhou shuffles a four-player wall
(``mt19937ar-sha512-n288-base64``: one MT19937 per game, 288 outputs per hand hashed with
SHA-512, Fisher–Yates over ids 0..135; :mod:`mjlog.rules.common.wall`); only where each tile goes is
Beijing's. ``yama`` is read as Tenhou reads it, the deal taken from its end:

- the **deal**: the 52 tiles ``yama[135..84]``, dealt as Tenhou deals (:meth:`BeijingWall.starting_hands`);
- the **live wall** (待補牌): ``yama[83]``, ``yama[82]``, ... down to ``yama[15]``: 69 draws,
  the dealer's first draw first; when it is used up the hand is an exhaustive draw (荒牌);
- the **wild indicator** (惠坯): ``yama[0]``, the first tile of the replacement end, turned face
  up after the deal; it is never drawn;
- the **reserve** (保留牌): the 14 tiles ``yama[1..14]`` after the indicator, never drawn except
  as kan replacements: replacement ``i`` is ``yama[1 + i]`` (each one shortens the reserve; the
  live wall keeps its 69 draws).

>>> from mjlog.rules.common.wall import new_seed
>>> wall = next(beijing_walls(new_seed(3)))
>>> [len(h) for h in wall.starting_hands(dealer=0)], wall.live_count, len(wall.reserve)
([13, 13, 13, 13], 69, 14)
>>> wall.live_draw(0) == wall.yama[83], wall.replacement(0) == wall.yama[1], wall.wild_indicator == wall.yama[0]
(True, True, True)
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from mjlog.ir import Seed
from mjlog.rules.common.wall import DealtWall, Wall, walls_of_game_seed

__all__ = ["LIVE_DRAWS", "RESERVE", "BeijingWall", "beijing_walls", "wall_of"]

#: Tiles kept back as the reserve (7 stacks).
RESERVE = 14
#: Draws of the live wall: 136 - 52 dealt - 1 indicator - 14 reserve.
LIVE_DRAWS = 136 - 52 - 1 - RESERVE
_FIRST_LIVE = 135 - 52          # yama index of the first live draw


@dataclass(frozen=True, slots=True)
class BeijingWall(DealtWall):
    """One hand's wall: ``yama`` (136 tile ids, Tenhou's order) and the dice, read as Beijing reads them."""

    @property
    def wild_indicator(self) -> int:
        """The wild indicator 惠坯 (tile id)."""
        return self.yama[0]

    @property
    def live_count(self) -> int:
        """How many tiles the live wall yields (69)."""
        return LIVE_DRAWS

    def live_draw(self, i: int) -> int:
        """Live draw ``i`` (0: the dealer's first draw); IndexError past the live wall's end."""
        if not 0 <= i < LIVE_DRAWS:
            raise IndexError(f"live draw {i} is past the end of the live wall ({LIVE_DRAWS} draws)")
        return self.yama[_FIRST_LIVE - i]

    @property
    def reserve(self) -> tuple[int, ...]:
        """The reserve 保留牌 in replacement order."""
        return self.yama[1:1 + RESERVE]

    def replacement(self, i: int) -> int:
        """Kan replacement ``i`` (0: the first kan's), from the reserve; IndexError when it is empty."""
        if not 0 <= i < RESERVE:
            raise IndexError(f"kan replacement {i} is past the reserve's {RESERVE} tiles")
        return self.yama[1 + i]


def wall_of(riichi_wall: Wall) -> BeijingWall:
    """The Beijing reading of a four-player wall's tiles."""
    return BeijingWall(riichi_wall.yama, riichi_wall.dice)


def beijing_walls(seed: Seed | str) -> Iterator[BeijingWall]:
    """The walls of a game's hands in order, from its ``mt19937ar-sha512-n288-base64`` seed.

    Raises :class:`~mjlog.errors.MalformedLogError` for another kind of seed or one that does not
    decode.
    """
    return (wall_of(w) for w in walls_of_game_seed(seed, "Beijing"))
