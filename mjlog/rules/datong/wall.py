"""The Datong wall of each hand, from a Tenhou-style game seed.

The tiles are shuffled exactly as Tenhou shuffles a four-player wall (one MT19937 per game,
:mod:`mjlog.rules.common.wall`); where each tile goes is Datong's reading (``docs/datong.md``),
``yama`` read as Tenhou reads it, the deal taken from its end:

- the **deal**: the 52 tiles ``yama[135..84]``, dealt as Tenhou deals, 13 a seat; the dealer's
  first draw is its fourteenth tile;
- **live draws**: ``yama[83]``, ``yama[82]``, ... in turn;
- **kan replacements** from the other end: replacement ``i`` is ``yama[i]``;
- the hand is drawn (黃庄) once only ``rules.reserve_tiles`` (13: 6½ stacks) are left undrawn:
  live draws and replacements together take at most ``84 - reserve_tiles`` tiles (71).

>>> from mjlog.rules.common.wall import new_seed
>>> wall = next(datong_walls(new_seed(3)))
>>> [len(h) for h in wall.starting_hands(dealer=0)], drawable(13)
([13, 13, 13, 13], 71)
>>> wall.live_draw(0) == wall.yama[83], wall.replacement(0) == wall.yama[0]
(True, True)
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from mjlog.ir import Seed
from mjlog.rules.common.wall import DealtWall, walls_of_game_seed

__all__ = ["DatongWall", "datong_walls", "drawable"]

#: Tiles after the deal: 136 - 52.
AFTER_DEAL = 136 - 52
_FIRST_LIVE = AFTER_DEAL - 1      # yama index of the first live draw


def drawable(reserve_tiles: int) -> int:
    """How many tiles (live draws and kan replacements) a hand may draw before it is drawn."""
    return AFTER_DEAL - reserve_tiles


@dataclass(frozen=True, slots=True)
class DatongWall(DealtWall):
    """One hand's wall: ``yama`` (136 tile ids, Tenhou's order) and the dice, read as Datong reads them."""

    def live_draw(self, i: int) -> int:
        """Live draw ``i`` (0: the dealer's first draw)."""
        if not 0 <= i < AFTER_DEAL:
            raise IndexError(f"live draw {i} is past the end of the wall")
        return self.yama[_FIRST_LIVE - i]

    def replacement(self, i: int) -> int:
        """Kan replacement ``i`` (0: the first kan's), from the far end of the wall."""
        if not 0 <= i < AFTER_DEAL:
            raise IndexError(f"kan replacement {i} is past the end of the wall")
        return self.yama[i]


def datong_walls(seed: Seed | str) -> Iterator[DatongWall]:
    """The walls of a game's hands in order; MalformedLogError for a seed of another kind."""
    return (DatongWall(w.yama, w.dice) for w in walls_of_game_seed(seed, "Datong"))
