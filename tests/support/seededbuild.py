"""What the hand-built game scripts of the seeded-wall families (Beijing, Datong) share: tile ids handed
out by kind (:class:`Bank`), and a hand's deal, draws, discards and calls as events (:class:`ScriptedPlay`)."""

from __future__ import annotations

from mjlog.ir import Call, CallKind, Discard, Draw
from mjlog.tiles import parse_mpsz


class Bank:
    """Tile ids handed out by kind, each copy once."""

    def __init__(self) -> None:
        self.used: set[int] = set()

    def take(self, kind: int) -> int:
        for t in range(kind * 4, kind * 4 + 4):
            if t not in self.used:
                self.used.add(t)
                return t
        raise ValueError(f"no copy of kind {kind} left")

    def text(self, mpsz: str) -> list[int]:
        return [self.take(t >> 2) for t in parse_mpsz(mpsz)] if mpsz else []

    last_kind = -1

    def filler(self, avoid: set[int]) -> int:
        """A free tile of a kind not in ``avoid``, honours first, never the kind handed out just before."""
        for kind in FILLER_KINDS:
            if kind in avoid or kind == self.last_kind:
                continue
            for t in range(kind * 4, kind * 4 + 4):
                if t not in self.used:
                    self.used.add(t)
                    self.last_kind = kind
                    return t
        raise ValueError("the bank is empty")


#: The kinds filler tiles come from: honours, then terminals, then the rest.
FILLER_KINDS = (30, 31, 32, 33, 27, 28, 29, 8, 17, 26, 0, 9, 18, 7, 16, 25, 1, 10, 19, 6, 15, 24, 2, 11, 20,
                5, 14, 23, 3, 12, 21, 4, 13, 22)


class ScriptedPlay:
    """One hand being written: the deal (from the seed's wall, else the mpsz given, padded with filler
    of kinds not in ``avoid``), then its draws, discards and calls in order."""

    def __init__(self, game, dealt: list[str], wall, avoid: set[int], bank: Bank) -> None:
        self.g = game
        self.rules = game.rules
        self.kyoku, self.honba, self.dealer = game.kyoku, game.honba, game.dealer
        self.start = tuple(game.scores)
        self.bank = bank
        self.wall = wall
        self.avoid = avoid
        if wall is not None:
            self.dealt = [list(h) for h in wall.starting_hands(self.dealer)]
            self.bank.used.update(wall.yama)
        else:
            self.dealt = [self.bank.text(d) for d in dealt]
            for hand in self.dealt:
                while len(hand) < 13:
                    hand.append(self.bank.filler(self.avoid))
        self.hands = [list(h) for h in self.dealt]
        self.events: list = []
        self.live = 0
        self.replacements = 0

    def _tile(self, seat: int, text: str | int) -> int:
        if isinstance(text, int):
            return text
        kind = parse_mpsz(text)[0] >> 2
        return next(t for t in self.hands[seat] if t >> 2 == kind)

    def draw(self, seat: int, text: str | None = None, replacement: bool = False) -> int:
        if self.wall is not None:
            t = self.wall.replacement(self.replacements) if replacement else self.wall.live_draw(self.live)
        else:
            t = self.bank.text(text)[0] if text else self.bank.filler(self.avoid)
        if replacement:
            self.replacements += 1
        else:
            self.live += 1
        self.hands[seat].append(t)
        self.events.append(Draw(seat, t))
        return t

    def discard(self, seat: int, text: str | int | None = None) -> int:
        t = self.hands[seat][-1] if text is None else self._tile(seat, text)
        last = self.events[-1] if self.events else None
        self.hands[seat].remove(t)
        self.events.append(Discard(seat, t, type(last) is Draw and last.tile == t))
        return t

    def turn(self, seat: int, draw: str | None = None, discard: str | int | None = None) -> int:
        self.draw(seat, draw)
        return self.discard(seat, discard)

    def _call(self, seat: int, kind: str, tiles: str) -> Call:
        """The call of ``tiles`` (mpsz) by ``seat``, its tiles taken from the hand (and the last discard)."""
        k = CallKind(kind)
        last = self.events[-1] if self.events else None
        called = last.tile if k in (CallKind.CHI, CallKind.PON, CallKind.DAIMINKAN) else None
        own = self._take_kinds(seat, tiles, called)
        ids = tuple(sorted(own + ([called] if called is not None else [])))
        added = None
        if k is CallKind.KAKAN:
            added = own[0]
            pon = next(e for e in self.events if type(e) is Call and e.seat == seat and e.kind is CallKind.PON
                       and e.tiles[0] >> 2 == added >> 2)
            ids = pon.tiles + (added,)
        call = Call(seat, k, ids, called, last.seat if called is not None else None, added)
        self.events.append(call)
        return call

    def _take_kinds(self, seat: int, tiles: str, called: int | None) -> list[int]:
        out = []
        kinds = [t >> 2 for t in parse_mpsz(tiles)]
        if called is not None:
            kinds.remove(called >> 2)
        for k in kinds:
            t = next(x for x in self.hands[seat] if x >> 2 == k)
            self.hands[seat].remove(t)
            out.append(t)
        return out

    def _next_seat(self) -> int:
        for ev in reversed(self.events):
            if type(ev) is Discard:
                return (ev.seat + 1) % 4
        return self.dealer
