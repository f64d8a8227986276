"""Datong self-play: one hand played from its seeded wall to its outcome, as IR events.

:class:`DatongHandPlay` deals a :class:`~mjlog.rules.datong.wall.DatongWall`, lets the bots
(:mod:`mjlog.rules.datong.simulate.bots`) draw, discard, call and kan in turn (0 → 1 → 2 → 3), and
ends the hand on a win or, once only the 6½ stacks are left, on the last discard with a draw
(黃庄). Live draws and kan replacements come from the wall as :mod:`mjlog.rules.datong.wall` lays
it out. Every win is evaluated by :func:`~mjlog.rules.datong.hands.evaluate` and paid by
:func:`~mjlog.rules.datong.settlement.settle_win`, the hand's kans by
:func:`~mjlog.rules.datong.settlement.kan_rows`, each payment a transfer of the outcome's record.

What the bots keep to: pon and kans (chi only under the ``chi`` knob, from the seat before); no kan
once its replacement would pass the reserve; several seats may claim a discard and only the first
in turn order after the discarder wins (head-bump, 截胡); a seat may decline a win (then it is no
claimant); under ``discard_needs_type`` a 屁和 is claimed only by self-draw.
"""

from __future__ import annotations

from dataclasses import dataclass

from mjlog.errors import InvalidHandError
from mjlog.ir import Call, CallKind, Discard, Draw, Ryuukyoku, Win
from mjlog.rules.datong.hands import DatongValue, HandType, evaluate
from mjlog.rules.datong.record import DatongDraw, DatongWin, TypeLine
from mjlog.rules.datong.ruleset import DatongRules
from mjlog.rules.datong.settlement import kan_rows, settle_draw, settle_win
from mjlog.rules.datong.simulate.bots import DatongBot
from mjlog.rules.datong.table import KAN_KINDS, meld_shape
from mjlog.rules.datong.wall import DatongWall, drawable
from mjlog.rules.seeded_game import BotTable, HandOver
from mjlog.rules.transfers import Transfer, net

@dataclass(frozen=True, slots=True)
class HandResult:
    """A played hand: its events, the winner (None: a draw) and the scores after it."""

    events: tuple
    winner: int | None
    scores: tuple[int, ...]


class DatongHandPlay(BotTable):
    """The table during one hand; :meth:`play` returns its :class:`HandResult`."""

    def __init__(self, rules: DatongRules, wall: DatongWall, dealer: int, renchan: int,
                 scores: tuple[int, ...], bot: DatongBot) -> None:
        super().__init__(rules.players, wall.starting_hands(dealer))
        self.rules = rules
        self.wall = wall
        self.dealer = dealer
        self.renchan = renchan
        self.scores = tuple(scores)
        self.bot = bot
        self.live = self.replacements = 0
        self.limit = drawable(rules.reserve_tiles)
        self.kans: list[Transfer] = []
        self.winner: int | None = None
        bot.new_hand(self.n)

    # -- views for the bots ----------------------------------------------------------------------

    def pons(self, seat: int) -> int:
        """The seat's pons and kans laid down (its sets of one kind outside the hand)."""
        return sum(1 for m in self.melds[seat] if m.kind is not CallKind.CHI)

    @property
    def drawn(self) -> int:
        """Tiles drawn after the deal: live draws and kan replacements."""
        return self.live + self.replacements

    # -- tile bookkeeping --------------------------------------------------------------------------

    def _copies(self, seat: int, kind: int, n: int) -> list[int]:
        return sorted(t for t in self.hand[seat] if t >> 2 == kind)[:n]

    def _draw(self, seat: int, replacement: bool) -> int:
        if replacement:
            tile = self.wall.replacement(self.replacements)
            self.replacements += 1
        else:
            tile = self.wall.live_draw(self.live)
            self.live += 1
        self._add(seat, tile)
        self.events.append(Draw(seat, tile))
        return tile

    # -- the hand -------------------------------------------------------------------------------------

    def play(self) -> HandResult:
        """Play the hand to its win or draw."""
        drew: int | None
        try:
            seat, drew = self.dealer, self._draw(self.dealer, replacement=False)
            while True:
                self._own_turn(seat, drew)
                seat, drew = self._after_discard()
        except HandOver:
            pass
        return HandResult(tuple(self.events), self.winner, self.scores)

    def _own_turn(self, seat: int, drew: int | None) -> None:
        """A self-draw win, kans, then a discard; ``drew`` is the tile just drawn (None after a pon or chi)."""
        while drew is not None:
            value = self._win_value(seat, drew, tsumo=True)
            if value is not None and self.bot.takes_win(self, seat, value.multiplier):
                self._win(seat, None, drew, value, (seat,))
            drew = self._kan(seat)
        kind = self.bot.choose_discard(self, seat)
        last = self.events[-1]
        tile = last.tile if type(last) is Draw and last.tile >> 2 == kind else max(self._copies(seat, kind, 4))
        self._remove(seat, tile)
        self.seen[kind] += 1
        self.events.append(Discard(seat, tile, type(last) is Draw and last.tile == tile))

    def _kan(self, seat: int) -> int | None:
        """A closed or added kan the bot makes now, with its replacement drawn (the tile), or None."""
        if self.drawn >= self.limit:
            return None                          # its replacement would be past the reserve
        kind = self.bot.wants_closed_kan(self, seat)
        if kind is not None:
            self._meld(Call(seat, CallKind.ANKAN, tuple(self._copies(seat, kind, 4))))
            return self._draw(seat, replacement=True)
        pons = [m.tiles[0] >> 2 for m in self.melds[seat] if m.kind is CallKind.PON]
        kind = self.bot.wants_added_kan([k for k in pons if self.counts[seat][k]])
        if kind is None:
            return None
        i, pon = next((i, m) for i, m in enumerate(self.melds[seat])
                      if m.kind is CallKind.PON and m.tiles[0] >> 2 == kind)
        added = self._copies(seat, kind, 1)[0]
        self._remove(seat, added)
        call = Call(seat, CallKind.KAKAN, pon.tiles + (added,), pon.called, pon.from_seat, added)
        self.melds[seat][i] = call
        self._paid_kan(call)
        self.seen[kind] += 1
        return self._draw(seat, replacement=True)

    def _meld(self, call: Call) -> None:
        """A pon, chi or kan laid down: its tiles leave the hand (the called one left the river)."""
        for t in call.tiles:
            if t != call.called:
                self._remove(call.seat, t)
                if call.kind is not CallKind.ANKAN:
                    self.seen[t >> 2] += 1
        self.melds[call.seat].append(call)
        if call.kind.is_kan:
            self._paid_kan(call)
        else:
            self.events.append(call)

    def _paid_kan(self, call: Call) -> None:
        self.events.append(call)
        self.kans.extend(kan_rows(self.rules, call.seat, KAN_KINDS[call.kind]))

    def _after_discard(self) -> tuple[int, int | None]:
        """Wins, calls or the next draw after the last discard: (the seat to play, the tile it drew)."""
        d: Discard = self.events[-1]
        self._claims(d)
        if self.drawn >= self.limit:
            self._drawn_hand()
        call = self._call_on(d)
        if call is None:
            nxt = (d.seat + 1) % self.n
            return nxt, self._draw(nxt, replacement=False)
        self._meld(call)
        if call.kind is CallKind.DAIMINKAN:
            return call.seat, self._draw(call.seat, replacement=True)
        return call.seat, None

    def _call_on(self, d: Discard) -> Call | None:
        """The open kan, pon or (under the chi knob) chi a bot makes on discard ``d``, or None."""
        kind = d.tile >> 2
        for step in range(1, self.n):
            seat = (d.seat + step) % self.n
            if self.counts[seat][kind] < 2:
                continue
            own = self._copies(seat, kind, 3)
            if self.drawn < self.limit and self.bot.wants_open_kan(self, seat, kind):
                return Call(seat, CallKind.DAIMINKAN, tuple(sorted(own + [d.tile])), d.tile, d.seat)
            if self.bot.wants_pon(self, seat, kind):
                return Call(seat, CallKind.PON, tuple(sorted(own[:2] + [d.tile])), d.tile, d.seat)
        seat = (d.seat + 1) % self.n
        pair = self.bot.wants_chi(self, seat, kind) if self.rules.chi else None
        if pair is None:
            return None
        tiles = [self._copies(seat, k, 1)[0] for k in pair] + [d.tile]
        return Call(seat, CallKind.CHI, tuple(sorted(tiles)), d.tile, d.seat)

    # -- outcomes -------------------------------------------------------------------------------------

    def _win_value(self, seat: int, tile: int, tsumo: bool) -> DatongValue | None:
        """The value of ``seat`` winning on ``tile`` (in its hand on a self-draw), or None when it may not."""
        kinds = [t >> 2 for t in self.hand[seat] if t != tile] + [tile >> 2]
        melds = tuple(meld_shape(m) for m in self.melds[seat])
        try:
            value = evaluate(kinds, melds, tsumo, self.rules)
        except InvalidHandError:
            return None
        if not tsumo and self.rules.discard_needs_type and [s.type for s in value.types] == [HandType.PLAIN]:
            return None
        return value

    def _claims(self, d: Discard) -> None:
        """Every seat that can win on discard ``d`` and takes it claims; the first in turn order wins."""
        claimants: list[int] = []
        best: DatongValue | None = None
        for step in range(1, self.n):
            seat = (d.seat + step) % self.n
            self._add(seat, d.tile)
            value = self._win_value(seat, d.tile, tsumo=False)
            self._remove(seat, d.tile)
            if value is not None and self.bot.takes_win(self, seat, value.multiplier):
                claimants.append(seat)
                best = best or value
        if best is not None:
            self._add(claimants[0], d.tile)
            self._win(claimants[0], d.seat, d.tile, best, tuple(claimants))

    def _win(self, seat: int, discarder: int | None, tile: int, value: DatongValue, claims: tuple[int, ...]) -> None:
        rows = settle_win(self.rules, seat, discarder, value.multiplier, self.dealer, self.renchan) + tuple(self.kans)
        deltas = net(rows, self.n)
        record = DatongWin(tuple(TypeLine(s.name, s.english, s.multiplier) for s in value.types), value.multiplier,
                           claims, rows)
        self.events.append(Win(seat, seat if discarder is None else discarder, tuple(self.hand[seat]), tile,
                               tuple(self.melds[seat]), scores_before=self.scores, deltas=deltas, payload=record))
        self._settle(deltas, winner=seat)

    def _drawn_hand(self) -> None:
        rows = settle_draw(self.rules) + tuple(self.kans)
        deltas = net(rows, self.n)
        self.events.append(Ryuukyoku(scores_before=self.scores, deltas=deltas, payload=DatongDraw(rows)))
        self._settle(deltas, winner=None)

    def _settle(self, deltas: tuple[int, ...], winner: int | None) -> None:
        self.scores = tuple(s + x for s, x in zip(self.scores, deltas))
        self.winner = winner
        raise HandOver


__all__ = ["DatongHandPlay", "HandResult"]
