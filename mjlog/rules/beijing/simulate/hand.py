"""Beijing self-play: one hand played from its seeded wall to its outcome, as IR events.

:class:`BeijingHandPlay` deals a :class:`~mjlog.rules.beijing.wall.BeijingWall`, lets the bots
(:mod:`mjlog.rules.beijing.simulate.bots`) draw, discard, call and kan in turn (0 → 1 → 2 → 3; chi from
the seat before only), and ends the hand on a win or when the live wall's 69 draws are used up
(荒牌). Kan replacements come from the reserve. Every win is scored by the family's scorer,
paid by its settlement (燒莊 counted from the discards, 互包 from the chi and pon), and recorded
with its fan lines and the hand and 燒莊 payments apart; :mod:`mjlog.rules.beijing.simulate.game`
strings hands into a game.

Rules the bots keep: a hand with a chi, pon or open kan wins only by self-draw, and so does a
hand with three wild tiles; only a closed hand robs an added kan; four wild tiles win at once
(四惠牌); no kan once the live wall is used up. Several seats may win on one discard: each win
is settled on its own, and the 燒莊 side payment, once for the hand, goes with the first win
(the winner nearest the discarder in turn).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import cast

from mjlog.errors import InvalidHandError
from mjlog.ir import Call, CallKind, Discard, Draw, Ryuukyoku, Win
from mjlog.rules.beijing.simulate.bots import BeijingBot
from mjlog.rules.beijing.fans import burn_fan
from mjlog.rules.beijing.readings import Meld, wild_kind
from mjlog.rules.beijing.record import BeijingDraw, BeijingWin, FanLine, MutualPair
from mjlog.rules.beijing.ruleset import BeijingRules
from mjlog.rules.beijing.scorer import BeijingValue, WinHow, score
from mjlog.rules.beijing.settlement import (burn_rounds, burn_turns, claims, hand_payers, mutual_pairs,
                                            partners_of, settle_draw, settle_win, transfer_deltas)
from mjlog.rules.beijing.wall import BeijingWall
from mjlog.rules.beijing.wildshanten import wild_shanten
from mjlog.rules.seeded_game import BotTable, HandOver

MAX_KANS = 4


@dataclass(frozen=True, slots=True)
class HandResult:
    """A played hand: its events, the winners (none: an exhaustive draw), its 燒莊 and 互包, the scores after."""

    events: tuple
    winners: tuple[int, ...]
    burn: int
    mutual: tuple[MutualPair, ...]
    scores: tuple[int, ...]


class BeijingHandPlay(BotTable):
    """The table during one hand; :meth:`play` returns its :class:`HandResult`."""

    def __init__(self, rules: BeijingRules, wall: BeijingWall, dealer: int, scores: tuple[int, ...],
                 bot: BeijingBot) -> None:
        super().__init__(rules.players, wall.starting_hands(dealer))
        self.rules = rules
        self.wall = wall
        self.dealer = dealer
        self.scores = list(scores)
        self.bot = bot
        self.wild = wild_kind(wall.wild_indicator >> 2)
        self.discards_made = [0] * self.n
        self.seen[wall.wild_indicator >> 2] += 1
        self.mutual: list[MutualPair] = []
        self.live = 0
        self.kans = 0
        self.winners: list[int] = []
        bot.new_hand(self.n)

    # -- views for the bots ----------------------------------------------------------------------

    def real_counts(self, seat: int) -> list[int]:
        """A copy of the seat's concealed kind counts without its wild tiles."""
        c = self.counts[seat][:]
        c[self.wild] = 0
        return c

    def wilds_in_hand(self, seat: int) -> int:
        return self.counts[seat][self.wild]

    def burn_target(self, seat: int) -> int | None:
        """The kind ``seat`` lets go to keep a 燒莊 go-around going, or None when none is going."""
        if seat == self.dealer:
            return None
        turns = burn_turns(self.events)
        laps = len(turns) // self.n
        if burn_rounds(turns[:laps * self.n], self.dealer, self.n) != laps:
            return None
        lap = turns[laps * self.n:]
        if not lap or any(t is None for t in lap):
            return None
        played = cast("list[tuple[int, int]]", lap)  # no None in it (checked above)
        if [t[0] for t in played] != [(self.dealer + i) % self.n for i in range(len(played))]:
            return None
        if (self.dealer + len(played)) % self.n != seat or len({t[1] for t in played}) != 1:
            return None
        kind = played[0][1]
        return kind if kind != self.wild and self.counts[seat][kind] else None

    # -- tile bookkeeping --------------------------------------------------------------------------

    def _copy_of(self, seat: int, kind: int, prefer: int | None = None) -> int:
        if prefer is not None and prefer >> 2 == kind and prefer in self.hand[seat]:
            return prefer
        return max(t for t in self.hand[seat] if t >> 2 == kind)

    def _closed(self, seat: int) -> bool:
        return all(m.kind is CallKind.ANKAN for m in self.melds[seat])

    # -- the hand -------------------------------------------------------------------------------------

    def play(self) -> HandResult:
        tile: int | None
        try:
            seat, tile, after_kan = self.dealer, self._live_draw(self.dealer), False
            while True:
                self._own_turn(seat, tile, after_kan)
                seat, tile, after_kan = self._after_discard()
        except HandOver:
            pass
        return HandResult(tuple(self.events), tuple(self.winners), self._burn(), tuple(self.mutual),
                          tuple(self.scores))

    def _live_draw(self, seat: int) -> int:
        tile = self.wall.live_draw(self.live)
        self.live += 1
        self._draw(seat, tile)
        return tile

    def _replacement_draw(self, seat: int) -> int:
        tile = self.wall.replacement(self.kans - 1)
        self._draw(seat, tile)
        return tile

    def _draw(self, seat: int, tile: int) -> None:
        self._add(seat, tile)
        self.events.append(Draw(seat, tile))

    def _own_turn(self, seat: int, tile: int | None, after_kan: bool) -> None:
        """From a draw (``tile``; None after a chi or pon) to the seat's discard, kans and self-draw wins on the way."""
        while tile is not None:
            if self.counts[seat][self.wild] == 4 or self._hand_shanten(seat) == -1:
                value = self._value(seat, None, tile, after_kan=after_kan)
                if value is not None:
                    self._win(seat, None, tile, value)
            kan = self._kan(seat, tile)
            if kan is None:
                break
            tile, after_kan = kan, True
        kind = self.bot.choose_discard(self, seat)
        out = self._copy_of(seat, kind, tile)
        self._remove(seat, out)
        self.seen[kind] += 1
        self.discards_made[seat] += 1
        self.events.append(Discard(seat, out, tsumogiri=out == tile))

    def _kan(self, seat: int, drawn: int) -> int | None:
        """Make a closed or added kan if the bot wants one; the replacement tile drawn, or None."""
        if self.kans >= MAX_KANS or self.live >= self.wall.live_count:
            return None
        kind = self.bot.wants_closed_kan(self, seat)
        if kind is not None:
            tiles = tuple(sorted(t for t in self.hand[seat] if t >> 2 == kind))
            for t in tiles:
                self._remove(seat, t)
            self._meld(Call(seat, CallKind.ANKAN, tiles))
            return self._replacement_draw(seat)
        pons = [m.tiles[0] >> 2 for m in self.melds[seat]
                if m.kind is CallKind.PON and self.counts[seat][m.tiles[0] >> 2]]
        kind = self.bot.wants_added_kan(self, seat, pons) if pons else None
        if kind is None:
            return None
        i, pon = next((i, m) for i, m in enumerate(self.melds[seat]) if m.kind is CallKind.PON and m.tiles[0] >> 2 == kind)
        added = self._copy_of(seat, kind)
        self._remove(seat, added)
        call = Call(seat, CallKind.KAKAN, pon.tiles + (added,), pon.called, pon.from_seat, added)
        self.melds[seat][i] = call
        self.kans += 1
        self.events.append(call)
        self.seen[kind] += 1
        self._ron_round(seat, added, robbed=True)
        return self._replacement_draw(seat)

    def _meld(self, call: Call) -> None:
        self.melds[call.seat].append(call)
        self.events.append(call)
        if call.kind.is_kan:
            self.kans += 1
        for t in call.tiles:
            if t != call.called:
                self.seen[t >> 2] += 1

    def _after_discard(self) -> tuple[int, int | None, bool]:
        """Wins, calls or the next draw after the last discard: (next seat, its drawn tile, after a kan)."""
        d: Discard = self.events[-1]
        self._ron_round(d.seat, d.tile, robbed=False)
        if self.live >= self.wall.live_count:
            self._exhaustive()
        call = self._claim(d)
        if call is None:
            nxt = (d.seat + 1) % self.n
            return nxt, self._live_draw(nxt), False
        self._meld(call)
        self._remove_from_hand(call)
        self._note_mutual()
        if call.kind is CallKind.DAIMINKAN:
            return call.seat, self._replacement_draw(call.seat), True
        return call.seat, None, False

    def _remove_from_hand(self, call: Call) -> None:
        for t in call.tiles:
            if t != call.called:
                self._remove(call.seat, t)

    def _claim(self, d: Discard) -> Call | None:
        """The pon, open kan or chi a bot makes on discard ``d``, or None."""
        kind = d.tile >> 2
        for step in range(1, self.n):
            seat = (d.seat + step) % self.n
            if self.counts[seat][kind] >= 2 and kind != self.wild:
                own = sorted(t for t in self.hand[seat] if t >> 2 == kind)
                if self.kans < MAX_KANS and self.bot.wants_open_kan(self, seat, kind):
                    return Call(seat, CallKind.DAIMINKAN, tuple(sorted(own + [d.tile])), d.tile, d.seat)
                if self.bot.wants_pon(self, seat, kind):
                    return Call(seat, CallKind.PON, tuple(sorted(own[:2] + [d.tile])), d.tile, d.seat)
        seat = (d.seat + 1) % self.n
        pair = self.bot.wants_chi(self, seat, kind)
        if pair is None:
            return None
        tiles = [self._copy_of(seat, k) for k in pair] + [d.tile]
        return Call(seat, CallKind.CHI, tuple(sorted(tiles)), d.tile, d.seat)

    def _note_mutual(self) -> None:
        """Record the 互包 pairs the last claim formed."""
        known = {frozenset(p.seats) for p in self.mutual}
        index = len(self.events) - 1
        for pair in sorted(mutual_pairs(claims(self.events), self.rules.mutual_both_ways), key=sorted):
            if pair not in known:
                a, b = sorted(pair)
                self.mutual.append(MutualPair((a, b), index))

    # -- outcomes -------------------------------------------------------------------------------------

    def _hand_shanten(self, seat: int) -> int:
        return wild_shanten(self.real_counts(seat), self.wilds_in_hand(seat), len(self.melds[seat]))

    def _ron_round(self, discarder: int, tile: int, robbed: bool) -> None:
        """Every closed seat whose hand ``tile`` completes wins on it (robbing the kan when ``robbed``)."""
        kind = tile >> 2
        won = False
        for step in range(1, self.n):
            seat = (discarder + step) % self.n
            if not self._closed(seat):
                continue
            self.counts[seat][kind] += 1
            ready = self._hand_shanten(seat) == -1
            self.counts[seat][kind] -= 1
            if not ready:
                continue
            self._add(seat, tile)
            value = self._value(seat, discarder, tile, robbed_kan=robbed)
            if value is None:
                self._remove(seat, tile)
                continue
            self._win(seat, discarder, tile, value, end=False)
            won = True
        if won:
            raise HandOver

    def _value(self, seat: int, discarder: int | None, tile: int, after_kan: bool = False,
               robbed_kan: bool = False) -> BeijingValue | None:
        """The scorer's value of ``seat`` winning on ``tile`` now, or None when it may not win."""
        payers = hand_payers(self.rules, seat, discarder, self._partners(seat))
        how = WinHow(tsumo=discarder is None, winner_is_dealer=seat == self.dealer,
                     discarder_is_dealer=discarder == self.dealer,
                     dealer_pays=any(p == self.dealer for p, _, _ in payers), robbed_kan=robbed_kan,
                     after_kan=after_kan, last_tile=self.live >= self.wall.live_count and not after_kan
                     and not robbed_kan, first_turn=self.discards_made[seat] == 0)
        melds = tuple(_meld_shape(m) for m in self.melds[seat])
        try:
            return score([t >> 2 for t in self.hand[seat]], melds, tile >> 2, how, self.wild, self.rules)
        except InvalidHandError:
            return None

    def _partners(self, seat: int) -> tuple[int, ...]:
        return partners_of(seat, [frozenset(p.seats) for p in self.mutual])

    def _burn(self) -> int:
        return burn_rounds(burn_turns(self.events), self.dealer, self.n)

    def _win(self, seat: int, discarder: int | None, tile: int, value: BeijingValue, end: bool = True) -> None:
        rounds = 0 if self.winners else self._burn()
        rows = settle_win(self.rules, seat, discarder, value.total, self.dealer, rounds, self._partners(seat))
        hand_rows = [r for r in rows if r.reason != "burn"]
        burn_rows = [r for r in rows if r.reason == "burn"]
        deltas = transfer_deltas(rows, self.n)
        payload = BeijingWin(tuple(FanLine(f.name, f.english, f.value) for f in value.fans), value.total,
                             burn_fan(rounds), transfer_deltas(hand_rows, self.n), transfer_deltas(burn_rows, self.n))
        self.events.append(Win(seat, seat if discarder is None else discarder, tuple(self.hand[seat]), tile,
                               tuple(self.melds[seat]), scores_before=tuple(self.scores), deltas=deltas,
                               payload=payload))
        self.scores = [s + d for s, d in zip(self.scores, deltas)]
        self.winners.append(seat)
        if end:
            raise HandOver

    def _exhaustive(self) -> None:
        rounds = self._burn()
        rows = settle_draw(self.rules, self.dealer, rounds)
        deltas = transfer_deltas(rows, self.n)
        self.events.append(Ryuukyoku(scores_before=tuple(self.scores), deltas=deltas,
                                     payload=BeijingDraw(burn_fan(rounds), deltas)))
        self.scores = [s + d for s, d in zip(self.scores, deltas)]
        raise HandOver


def _meld_shape(call: Call) -> Meld:
    kinds = sorted(t >> 2 for t in call.tiles)
    if call.kind is CallKind.CHI:
        return Meld(kinds[0], True)
    return Meld(kinds[0], False, len(kinds), closed=call.kind is CallKind.ANKAN)


__all__ = ["BeijingHandPlay", "HandResult"]
