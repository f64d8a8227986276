"""The generic IR events of an MCR hand from a record that names tiles by kind (PMN, Botzone).

A reader calls one :class:`KindPlay` method per action it reads (draw, discard, claims,
kongs, flowers, wins) with the tile kinds it names; the builder picks the tile ids
(:class:`~mjlog.formats.mcr.tiles.KindTiles`), remembers the discard a claim takes and the
melds an added kong extends, and collects the events. It judges nothing: a tile the seat does
not hold, a claim out of turn or a false win reach the replay as recorded, which reports them.
Only what cannot be an event at all (a claim with no discard before it, a fifth copy) is a
:class:`~mjlog.errors.MalformedLogError`.
"""

from __future__ import annotations

from mjlog.errors import MalformedLogError
from mjlog.formats.mcr.tiles import KindTiles
from mjlog.ir import Call, CallKind, Discard, Draw, Event, FlowerSetAside, Win


class KindPlay:
    """The events of one hand as they are built, and what the next action needs of the past."""

    def __init__(self, source: str, dealt: list[list[int]], flowers: list[list[int]]) -> None:
        self.source = source
        self.tiles = KindTiles(source)
        self.where = "the deal"
        self.hands = tuple(self.tiles.deal(s, kinds, f"the deal, seat {s}") for s, kinds in enumerate(dealt))
        self.deal_flowers = tuple(tuple(self.tiles.flower(n, f"the deal, seat {s}") for n in nums)
                                  for s, nums in enumerate(flowers))
        self.events: list[Event] = []
        self.melds: list[list[Call]] = [[], [], [], []]
        self.last_discard: tuple[int, int] | None = None    # (seat, tile) a claim or a win may take
        self.last_kong: tuple[int, int] | None = None       # (seat, added tile) a robbing win may take

    def _bad(self, reason: str) -> MalformedLogError:
        return MalformedLogError(reason, self.source, self.where)

    def at(self, where: str) -> KindPlay:
        """Name the place of the next action (for errors)."""
        self.where = where
        return self

    def draw(self, seat: int, kind: int) -> None:
        self.events.append(Draw(seat, self.tiles.draw(seat, kind, self.where)))
        self.last_kong = None

    def draw_flower(self, seat: int, number: int) -> None:
        """A flower drawn (the seat must set it aside next)."""
        self.events.append(Draw(seat, self.tiles.flower(number, self.where)))
        self.last_kong = None

    def flower(self, seat: int, number: int) -> None:
        """A flower set aside: the one the seat just drew, else drawn and set aside in one action.

        Its replacement is the seat's next draw.
        """
        tile = 136 + number - 1
        prev = self.events[-1] if self.events else None
        if not (isinstance(prev, Draw) and prev.seat == seat and prev.tile == tile):
            self.draw_flower(seat, number)
        self.events.append(FlowerSetAside(seat, tile))

    def discard(self, seat: int, kind: int | None) -> None:
        """``kind`` None: the tile the seat drew last."""
        prev = self.events[-1] if self.events else None
        if kind is None:
            if not isinstance(prev, Draw) or prev.seat != seat or prev.tile >= 136:
                raise self._bad("a discard of the tile just drawn, but the seat did not just draw")
            tile = prev.tile
            self.tiles.held[seat][tile // 4].remove(tile)
        else:
            tile = self.tiles.take(seat, kind, self.where)
        tsumogiri = isinstance(prev, Draw) and prev.seat == seat and prev.tile == tile
        self.events.append(Discard(seat, tile, tsumogiri))
        self.last_discard, self.last_kong = (seat, tile), None

    def _claimed(self) -> tuple[int, int]:
        if self.last_discard is None:
            raise self._bad("a claim with no discard to claim")
        claimed, self.last_discard = self.last_discard, None
        return claimed

    def chow(self, seat: int, middle: int) -> None:
        frm, tile = self._claimed()
        kinds = [middle - 1, middle, middle + 1]
        if tile // 4 not in kinds or middle % 9 in (0, 8) or middle >= 27:
            raise self._bad(f"a chow around tile kind {middle} cannot take the discarded kind {tile // 4}")
        kinds.remove(tile // 4)
        own = [self.tiles.take(seat, k, self.where) for k in kinds]
        self._meld(Call(seat, CallKind.CHI, tuple(sorted([tile, *own])), tile, frm))

    def pung(self, seat: int, kong: bool = False) -> None:
        frm, tile = self._claimed()
        own = [self.tiles.take(seat, tile // 4, self.where) for _ in range(3 if kong else 2)]
        self._meld(Call(seat, CallKind.DAIMINKAN if kong else CallKind.PON, tuple(sorted([tile, *own])), tile, frm))

    def concealed_kong(self, seat: int, kind: int) -> None:
        own = [self.tiles.take(seat, kind, self.where) for _ in range(4)]
        self._meld(Call(seat, CallKind.ANKAN, tuple(sorted(own))))

    def added_kong(self, seat: int, kind: int) -> None:
        added = self.tiles.take(seat, kind, self.where)
        melds = self.melds[seat]
        i = next((i for i, m in enumerate(melds) if m.kind is CallKind.PON and m.tiles[0] // 4 == kind), None)
        if i is None:
            raise self._bad("an added kong with no pung of its tile")
        pon = melds.pop(i)
        self._meld(Call(seat, CallKind.KAKAN, (*pon.tiles, added), pon.called, pon.from_seat, added))
        self.last_kong = (seat, added)

    def _meld(self, call: Call) -> None:
        self.melds[call.seat].append(call)
        self.events.append(call)
        self.last_discard = None

    def win(self, seat: int, kind: int | None, deltas: tuple[int, ...], payload: object) -> Win:
        """A win on the tile the seat just drew, or else on the last discard or added kong."""
        prev = next((e for e in reversed(self.events) if not isinstance(e, Win)), None)
        if isinstance(prev, Draw) and prev.seat == seat:
            frm, tile = seat, prev.tile
        elif self.last_kong is not None and self.last_kong[0] != seat:
            frm, tile = self.last_kong
        elif self.last_discard is not None and self.last_discard[0] != seat:
            frm, tile = self.last_discard
        else:
            raise self._bad("a win with no tile to win on (no draw of the seat, no discard of another)")
        if kind is not None and tile // 4 != kind:
            raise self._bad(f"a win on tile kind {kind}, but the tile to win on is kind {tile // 4}")
        hand = self.tiles.holding(seat) + (() if frm == seat else (tile,))
        win = Win(seat, frm, hand, tile, tuple(self.melds[seat]), deltas=deltas, payload=payload)
        self.events.append(win)
        return win
