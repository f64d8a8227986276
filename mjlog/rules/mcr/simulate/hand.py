"""One simulated MCR hand: four bots play a seeded wall to a win or an exhaustive draw, as IR events.

The order of play (the referee checks the same):

- the deal gives every seat 13 tiles from the wall's live end (:class:`McrWall`); then from
  the dealer on, each seat sets its flowers aside one at a time (``FlowerSetAside``), each
  followed by its replacement ``Draw`` from the replacement end;
- a turn is a ``Draw`` from the live end (a flower drawn is set aside and replaced from the
  replacement end, as is each kong's replacement), then a self-drawn win, a kong, or a
  ``Discard``;
- a discard may be won (the first seat in turn order whose hand reaches the minimum; under
  duplicate payments every such seat), else claimed for a pung or melded kong by any seat,
  else for a chow by the next seat; the claims that lost are kept
  (:class:`~mjlog.rules.mcr.record.LostClaim`, ``at`` the event that beat them);
- an added kong may be robbed by a seat that wins on its tile;
- the hand is drawn when a draw is due and the wall is empty.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from mjlog.ir import AnyCallKind, Call, CallKind, Discard, Draw, FlowerSetAside
from mjlog.rules.mcr.simulate.bots import McrBot
from mjlog.rules.mcr.calculator import FanResult, NotAWinError, score
from mjlog.rules.mcr.hand import McrHand, Meld, MeldKind, WinSituation
from mjlog.rules.mcr.record import ClaimAction, LostClaim
from mjlog.rules.mcr.ruleset import McrRules
from mjlog.rules.mcr.wall import McrWall
from mjlog.rules.common.shanten import shanten
from mjlog.tiles import counts34

__all__ = ["SimHand", "SimWin", "play_hand"]

_MELD_KIND: dict[AnyCallKind, MeldKind] = {
    CallKind.CHI: "chow", CallKind.PON: "pung", CallKind.DAIMINKAN: "kong", CallKind.KAKAN: "kong", CallKind.ANKAN: "kong",
}


@dataclass(frozen=True, slots=True)
class SimWin:
    """A win the bots made: who, on whose tile (``discarder`` None: self-drawn), how, and its fans."""

    who: int
    discarder: int | None
    win_tile: int
    concealed: tuple[int, ...]          # without the winning tile
    calls: tuple[Call, ...]
    flowers: tuple[int, ...]
    situation: WinSituation
    fans: FanResult


@dataclass
class SimHand:
    """What a hand's play produced: its events (without the outcome), its wins and the lost claims."""

    events: list = field(default_factory=list)
    wins: list[SimWin] = field(default_factory=list)
    lost: list[LostClaim] = field(default_factory=list)


@dataclass
class _Seat:
    concealed: list[int]
    calls: list[Call] = field(default_factory=list)
    flowers: list[int] = field(default_factory=list)
    river: list[int] = field(default_factory=list)


class _Over(Exception):
    """The hand ended (a win, or the wall ran out)."""


class _Play:
    def __init__(self, wall: McrWall, dealer: int, prevalent: int, rules: McrRules, bot: McrBot):
        self.wall, self.dealer, self.prevalent, self.rules, self.bot = wall, dealer, prevalent, rules, bot
        self.seats = [_Seat(list(h)) for h in wall.starting_hands(dealer)]
        self.live = self.repl = 0
        self.out = SimHand()

    # -- the wall --

    def _draw(self, seat: int, replacement: bool) -> int:
        if self.wall.left(self.live, self.repl) == 0:
            raise _Over
        if replacement:
            tile = self.wall.replacement(self.repl)
            self.repl += 1
        else:
            tile = self.wall.live_draw(self.live)
            self.live += 1
        self.out.events.append(Draw(seat, tile))
        self.seats[seat].concealed.append(tile)
        return tile

    def _set_flowers_aside(self, seat: int) -> None:
        s = self.seats[seat]
        while True:
            flower = next((t for t in s.concealed if t >= 136), None)
            if flower is None:
                return
            s.concealed.remove(flower)
            s.flowers.append(flower)
            self.out.events.append(FlowerSetAside(seat, flower))
            self._draw(seat, True)

    # -- scoring --

    def _fans(self, seat: int, concealed: list[int], tile: int, **flags) -> tuple[FanResult, WinSituation] | None:
        """The fans of winning on ``tile`` with ``concealed``, or None when that is no win of 8 fan."""
        s = self.seats[seat]
        melds = tuple(Meld(_MELD_KIND[c.kind], tuple(sorted(c.tiles)), c.kind == CallKind.ANKAN,
                           c.kind == CallKind.KAKAN) for c in s.calls)
        if shanten(counts34([*concealed, tile]), len(melds)) != -1:
            return None
        sit = WinSituation(seat_wind=(seat - self.dealer) % 4, round_wind=self.prevalent,
                           last_copy=self._shown(tile) == 3, **flags)
        try:
            result = score(McrHand(tuple(concealed), melds, tile, tuple(s.flowers)), sit, self.rules)
        except NotAWinError:
            return None
        return None if result.false_win else (result, sit)

    def _shown(self, tile: int) -> int:
        """Other copies of ``tile``'s kind on the table: in the rivers and the melds shown (not concealed kongs)."""
        kind, n = tile >> 2, 0
        for s in self.seats:
            n += sum(1 for t in s.river if t >> 2 == kind and t != tile)
            n += sum(1 for c in s.calls if c.kind != CallKind.ANKAN for t in c.tiles if t >> 2 == kind and t != tile)
        return n

    def _win(self, seat: int, tile: int, discarder: int | None, scored: tuple[FanResult, WinSituation],
             concealed: list[int]) -> None:
        s = self.seats[seat]
        fans, sit = scored
        self.out.wins.append(SimWin(seat, discarder, tile, tuple(concealed), tuple(s.calls), tuple(s.flowers),
                                    sit, fans))

    # -- a turn --

    def play(self) -> SimHand:
        try:
            for j in range(4):
                self._set_flowers_aside((self.dealer + j) % 4)
            seat, replacement, after_kong = self.dealer, False, False
            while True:
                self._draw(seat, replacement)
                flowers = len(self.seats[seat].flowers)
                self._set_flowers_aside(seat)
                # 杠上开花 is a win on the kong's own replacement, not on a flower's after it
                on_kong_tile = after_kong and len(self.seats[seat].flowers) == flowers
                seat, replacement, after_kong = self._turn(seat, on_kong_tile)
        except _Over:
            return self.out

    def _turn(self, seat: int, after_kong: bool) -> tuple[int, bool, bool]:
        """The seat holds 3k+2 tiles: win, kong or discard; returns who draws next and how."""
        s = self.seats[seat]
        tile = s.concealed[-1]
        rest = s.concealed[:-1]
        last = self.wall.left(self.live, self.repl) == 0
        scored = self._fans(seat, rest, tile, self_drawn=True, wall_last=last, after_kong=after_kong)
        if scored is not None:
            self._win(seat, tile, None, scored, rest)
            raise _Over
        if not last and self._kong_in_turn(seat):
            return seat, True, True
        return self._discard(seat, last, drawn=True)

    def _kong_in_turn(self, seat: int) -> bool:
        s = self.seats[seat]
        c = counts34(s.concealed)
        plan = self.bot.plan(s.concealed)
        for k in range(34):
            if c[k] == 4:
                tiles = [t for t in s.concealed if t >> 2 == k]
                rest = [t for t in s.concealed if t >> 2 != k]
                if (self.bot.distance(rest, len(s.calls) + 1, plan)[0]
                        <= self.bot.distance(s.concealed[:-1], len(s.calls), plan)[0]):
                    self._meld(seat, Call(seat, CallKind.ANKAN, tuple(sorted(tiles))), tiles)
                    return True
        for i, call in enumerate(s.calls):
            if call.kind == CallKind.PON:
                extra = next((t for t in s.concealed if t >> 2 == call.tiles[0] >> 2), None)
                if extra is not None:
                    kakan = Call(seat, CallKind.KAKAN, (*call.tiles, extra), call.called, call.from_seat, extra)
                    s.concealed.remove(extra)
                    s.calls[i] = kakan
                    self.out.events.append(kakan)
                    self._robbing(seat, extra)
                    return True
        return False

    def _robbing(self, seat: int, tile: int) -> None:
        winners = self._claim_wins(seat, tile, robbed_kong=True)
        if winners:
            raise _Over

    def _meld(self, seat: int, call: Call, used: list[int]) -> None:
        s = self.seats[seat]
        for t in used:
            s.concealed.remove(t)
        s.calls.append(call)
        self.out.events.append(call)

    def _discard(self, seat: int, last: bool, drawn: bool) -> tuple[int, bool, bool]:
        s = self.seats[seat]
        plan = self.bot.plan(s.concealed)
        tile = self.bot.discard(s.concealed, len(s.calls), plan)
        tsumogiri = drawn and tile == s.concealed[-1]
        s.concealed.remove(tile)
        s.river.append(tile)
        self.out.events.append(Discard(seat, tile, tsumogiri=tsumogiri))
        if self._claim_wins(seat, tile, wall_last=last):
            raise _Over
        if last:
            raise _Over                                   # nothing to draw: no claim for a set
        claimed = self._claim_sets(seat, tile)
        if claimed is not None:
            return claimed
        return (seat + 1) % 4, False, False

    def _claim_wins(self, discarder: int, tile: int, **flags) -> bool:
        winners = []
        for j in (1, 2, 3):
            w = (discarder + j) % 4
            scored = self._fans(w, self.seats[w].concealed, tile, **flags)
            if scored is not None:
                winners.append((w, scored))
        if not winners:
            return False
        keep = winners if self.rules.payments == "duplicate" else winners[:1]
        for w, scored in keep:
            self._win(w, tile, discarder, scored, self.seats[w].concealed)
        at = len(self.out.events)           # the wins follow the hand's last event
        self.out.lost.extend(LostClaim(at, w, "win", tile >> 2) for w, _ in winners[len(keep):])
        return True

    def _claim_sets(self, discarder: int, tile: int) -> tuple[int, bool, bool] | None:
        """A pung or melded kong by any seat, else a chow by the next; the claim taken and its turn."""
        k = tile >> 2
        asks: list[tuple[int, ClaimAction, list[int]]] = []
        for j in (1, 2, 3):
            w = (discarder + j) % 4
            s = self.seats[w]
            same = [t for t in s.concealed if t >> 2 == k]
            plan = self.bot.plan(s.concealed + [tile])
            if len(same) == 3 and (plan is None or k >= 27 or k // 9 == plan):
                asks.append((w, "kong", same))
            elif len(same) >= 2 and self.bot.wants_set(s.concealed, len(s.calls), plan, same[:2], tile):
                asks.append((w, "pung", same[:2]))
            if j == 1 and k < 27 and self.bot.wants_chow(plan) and not any(a[0] == w for a in asks):
                chow = self._chow_tiles(s.concealed, k)
                if chow and self.bot.wants_set(s.concealed, len(s.calls), plan, chow, tile):
                    asks.append((w, "chow", chow))
        if not asks:
            return None
        asks.sort(key=lambda a: a[1] == "chow")          # pung and kong before chow
        w, kind, used = asks[0]
        at = len(self.out.events)
        self.out.lost.extend(LostClaim(at, a[0], a[1], _named_kind(a[1], a[2], k)) for a in asks[1:])
        self.seats[discarder].river.pop()
        call_kind = {"kong": CallKind.DAIMINKAN, "pung": CallKind.PON, "chow": CallKind.CHI}[kind]
        self._meld(w, Call(w, call_kind, tuple(sorted([*used, tile])), tile, discarder), used)
        if kind == "kong":
            return w, True, True
        return self._discard(w, False, drawn=False)

    @staticmethod
    def _chow_tiles(concealed: list[int], k: int) -> list[int] | None:
        lo = k - k % 9
        by_kind: dict[int, int] = {}
        for t in concealed:
            by_kind.setdefault(t >> 2, t)
        for a, b in ((k - 2, k - 1), (k - 1, k + 1), (k + 1, k + 2)):
            if lo <= a and b <= lo + 8 and a in by_kind and b in by_kind:
                return [by_kind[a], by_kind[b]]
        return None


def _named_kind(action: str, used: list[int], k: int) -> int:
    """The tile kind a claim names: the discard's, or for a chow its middle tile's."""
    return sorted([*(t >> 2 for t in used), k])[1] if action == "chow" else k


def play_hand(wall: McrWall, dealer: int, prevalent: int, rules: McrRules, bot: McrBot | None = None) -> SimHand:
    """Play one hand on ``wall`` with ``dealer`` dealing in the ``prevalent`` wind."""
    return _Play(wall, dealer, prevalent, rules, bot or McrBot()).play()
