"""Tile ids for MCR records that name tiles only by kind (PMN, the Botzone export).

Such a record says "seat 2 draws 5 dots"; the IR holds tile ids (0-135 as in riichi,
136-143 the flowers). :class:`KindTiles` numbers each kind's copies as they first appear and
follows what each seat holds, so that a discard or a call takes an id the seat really holds (the
one drawn last first). A tile the seat does not hold gets a fresh copy, which the replay then
reports as not held; a fifth copy of a kind, or a flower twice, is a :class:`MalformedLogError`.

>>> k = KindTiles("g.pmn")
>>> k.deal(0, [0, 0, 27], "deal"), k.draw(0, 0, "T0c1"), k.take(0, 0, "D0c1")
((0, 1, 108), 2, 2)
>>> k.draw(1, 0, "T1c1")
3
>>> k.draw(2, 0, "T2c1")
Traceback (most recent call last):
mjlog.errors.MalformedLogError: g.pmn: a fifth copy of a tile at T2c1
"""

from __future__ import annotations

from mjlog.errors import MalformedLogError
from mjlog.rules.mcr.record import FIRST_FLOWER

N_KINDS = 34


class KindTiles:
    """The ids handed out so far, and each seat's concealed ids by kind (in the order they came)."""

    def __init__(self, source: str, seats: int = 4) -> None:
        self.source = source
        self.copies = [0] * N_KINDS
        self.flowers: set[int] = set()
        self.held: list[dict[int, list[int]]] = [{} for _ in range(seats)]

    def new(self, kind: int, where: str) -> int:
        """A copy of ``kind`` not handed out before; a fifth copy is malformed."""
        if not 0 <= kind < N_KINDS:
            raise MalformedLogError(f"tile kind {kind} does not exist", self.source, where)
        n = self.copies[kind]
        if n >= 4:
            raise MalformedLogError("a fifth copy of a tile", self.source, where)
        self.copies[kind] = n + 1
        return kind * 4 + n

    def flower(self, number: int, where: str) -> int:
        """The id of flower ``number`` (1-8: 春夏秋冬梅兰竹菊); a flower seen twice is malformed."""
        if not 1 <= number <= 8:
            raise MalformedLogError(f"flower {number} does not exist (1-8)", self.source, where)
        tile = FIRST_FLOWER + number - 1
        if tile in self.flowers:
            raise MalformedLogError(f"flower {number} appears twice", self.source, where)
        self.flowers.add(tile)
        return tile

    def deal(self, seat: int, kinds, where: str) -> tuple[int, ...]:
        """Fresh ids for a seat's dealt tiles, now held by it."""
        return tuple(self.draw(seat, k, where) for k in kinds)

    def draw(self, seat: int, kind: int, where: str) -> int:
        """A fresh id of ``kind``, now held by ``seat``."""
        tile = self.new(kind, where)
        self.held[seat].setdefault(kind, []).append(tile)
        return tile

    def take(self, seat: int, kind: int, where: str) -> int:
        """An id of ``kind`` that ``seat`` holds (the last it got), now taken; a fresh copy when it holds none."""
        ids = self.held[seat].get(kind)
        if ids:
            return ids.pop()
        return self.new(kind, where)

    def holding(self, seat: int) -> tuple[int, ...]:
        """Every id ``seat`` holds, in id order."""
        return tuple(sorted(t for ids in self.held[seat].values() for t in ids))
