"""Hand-built Beijing games for tests: a small script of draws, discards, calls and wins becomes a GameLog.

Tiles are named in mpsz and given distinct ids as they are named (:class:`Bank`). A win's
recorded fan lines and payments are worked out by the scorer and settlement unless the test
states them (``record=``); the worked-example tests state them by hand.

>>> g = GameBuilder()
>>> h = g.hand(["123456789m1234p", "", "", ""], wild="9s")
>>> [len(x) for x in h.dealt]
[13, 13, 13, 13]
"""

from __future__ import annotations

import dataclasses

from mjlog.ir import Call, CallKind, Discard, Draw, FinalResult, GameLog, Player, Ryuukyoku, Seed, Win
from mjlog.rules.beijing.fans import burn_fan
from mjlog.rules.beijing.outcome import next_hand
from mjlog.rules.beijing.readings import Meld, wild_kind
from mjlog.rules.beijing.record import BeijingDraw, BeijingHand, BeijingHeader, BeijingWin, FanLine, MutualPair
from mjlog.rules.beijing.ruleset import PRESETS, BeijingRules
from mjlog.rules.beijing.scorer import WinHow, score
from mjlog.rules.beijing.settlement import (
    BURN, burn_rounds, burn_turns, claims_at, hand_payers, mutual_events, partners_of, settle_draw, settle_win)
from mjlog.rules.beijing.wall import LIVE_DRAWS, BeijingWall
from mjlog.rules.transfers import net
from mjlog.formats.beijing.common import winner_melds
from mjlog.ir import Round
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


class HandScript:
    """One hand being written: the deal, then its events in order."""

    def __init__(self, game: GameBuilder, dealt: list[str], wild: str, wall: BeijingWall | None,
                 keep: str = "") -> None:
        self.g = game
        self.rules = game.rules
        self.kyoku, self.honba, self.dealer = game.kyoku, game.honba, game.dealer
        self.start = tuple(game.scores)
        self.bank = Bank()
        self.wall = wall
        self.avoid = {t >> 2 for t in parse_mpsz(keep)} | {wild_kind(parse_mpsz(wild)[0] >> 2)}
        if wall is not None:
            self.dealt = [list(h) for h in wall.starting_hands(self.dealer)]
            self.wild_indicator = wall.wild_indicator
            self.bank.used.update(wall.yama)
        else:
            self.wild_indicator = self.bank.text(wild)[0]
            self.dealt = [self.bank.text(d) for d in dealt]
            assert all(len(h) <= 13 for h in self.dealt), "a dealt hand has more than 13 tiles"
            for hand in self.dealt:
                while len(hand) < 13:
                    hand.append(self.bank.filler(self.avoid))
        self.hands = [list(h) for h in self.dealt]
        self.events: list = []
        self.live = 0
        self.replacements = 0
        self.burn_paid = False
        self.done = False

    # -- play --------------------------------------------------------------------------------------

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

    def call(self, seat: int, kind: str, tiles: str, replacement: str | None = None, robbed: bool = False) -> Call:
        """A call of ``tiles`` (mpsz) by ``seat``; a kan draws its replacement (``replacement``, or filler)
        unless it is ``robbed``."""
        k = CallKind(kind)
        last = self.events[-1] if self.events else None
        called = last.tile if k in (CallKind.CHI, CallKind.PON, CallKind.DAIMINKAN) else None
        own = [t for t in (self._take_kinds(seat, tiles, called))]
        ids = tuple(sorted(own + ([called] if called is not None else [])))
        added = None
        if k is CallKind.KAKAN:
            added = own[0]
            pon = next(e for e in self.events if type(e) is Call and e.seat == seat and e.kind is CallKind.PON
                       and e.tiles[0] >> 2 == added >> 2)
            ids = pon.tiles + (added,)
        call = Call(seat, k, ids, called, last.seat if called is not None else None, added)
        self.events.append(call)
        if k.is_kan and not robbed:
            self.draw(seat, replacement, replacement=True)
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

    # -- outcomes ----------------------------------------------------------------------------------

    def win(self, who: int, from_seat: int | None = None, record: BeijingWin | None = None, **how) -> Win:
        """A win: self-draw on the last drawn tile, or on ``from_seat``'s last discard."""
        tsumo = from_seat is None
        last = next(e for e in reversed(self.events) if type(e) is not Win)
        tile = last.tile if type(last) in (Draw, Discard) else last.added
        frm = who if tsumo else from_seat
        hand = list(self.hands[who]) + ([] if tsumo else [tile])
        events = tuple(e for e in self.events if type(e) is not Win)
        dealer, rules = self.dealer, self.rules
        partners = partners_of(who, [frozenset(p) for p in mutual_events(claims_at(events), rules.mutual_both_ways)])
        burn = 0 if self.burn_paid else burn_rounds(burn_turns(events), dealer)
        discarder = None if tsumo else from_seat
        if record is None:
            melds = tuple(_meld(m) for m in winner_melds(events, who))
            payers = hand_payers(rules, who, discarder, partners)
            wild = wild_kind(self.wild_indicator >> 2)
            v = score([t >> 2 for t in hand if t != tile] + [tile >> 2], melds, tile >> 2,
                      WinHow(tsumo=tsumo, winner_is_dealer=who == dealer,
                             discarder_is_dealer=not tsumo and from_seat == dealer,
                             dealer_pays=any(p == dealer for p, _, _ in payers), **how), wild, rules)
            rows = settle_win(rules, who, discarder, v.total, dealer, burn, partners)
            record = BeijingWin(tuple(FanLine(f.name, f.english, f.value) for f in v.fans), v.total, burn_fan(burn),
                                net([r for r in rows if r.reason != BURN], 4),
                                net([r for r in rows if r.reason == BURN], 4))
        deltas = tuple(a + b for a, b in zip(record.hand_payment, record.burn_payment))
        w = Win(who, frm, tuple(hand), tile, winner_melds(events, who), scores_before=tuple(self.g.scores),
                deltas=deltas, payload=record)
        self.events.append(w)
        self.burn_paid = True
        self.g.scores = [s + d for s, d in zip(self.g.scores, deltas)]
        return w

    def exhaust(self) -> Ryuukyoku:
        """Everyone draws and discards the drawn tile until the live wall is used up, then the draw."""
        seat = self._next_seat()
        while self.live < LIVE_DRAWS:
            self.turn(seat)
            seat = (seat + 1) % 4
        burn = 0 if self.burn_paid else burn_rounds(burn_turns(self.events), self.dealer)
        rows = settle_draw(self.rules, self.dealer, burn)
        d = Ryuukyoku(scores_before=tuple(self.g.scores), deltas=net(rows, 4),
                      payload=BeijingDraw(burn_fan(burn) if self.rules.burn_on_draw else 0, net(rows, 4)))
        self.events.append(d)
        self.g.scores = [s + x for s, x in zip(self.g.scores, d.deltas)]
        return d

    def _next_seat(self) -> int:
        for ev in reversed(self.events):
            if type(ev) is Discard:
                return (ev.seat + 1) % 4
        return self.dealer

    def round(self, index: int) -> Round:
        events = tuple(self.events)
        pairs = tuple(MutualPair(s, i) for s, i in mutual_events(claims_at(events), self.rules.mutual_both_ways).items())
        payload = BeijingHand(self.wild_indicator, burn_rounds(burn_turns(events), self.dealer), pairs)
        dice = self.wall.dice if self.wall is not None else (0, 0)
        return Round(index, self.kyoku, self.honba, 0, self.dealer, self.start, dice, self.wild_indicator,
                     tuple(tuple(h) for h in self.dealt), events, None, (), payload)


def _meld(c: Call) -> Meld:
    kinds = sorted(t >> 2 for t in c.tiles)
    if c.kind is CallKind.CHI:
        return Meld(kinds[0], True)
    return Meld(kinds[0], False, len(kinds), closed=c.kind is CallKind.ANKAN)


class GameBuilder:
    """A game: hands in order; the dealer, kyoku and honba follow the rules' flow."""

    def __init__(self, rules: BeijingRules = PRESETS["beijing"], seed: Seed | None = None,
                 names=("東家", "Bob", "C<&\"'>", "D")) -> None:
        self.rules = rules
        self.seed = seed
        self.names = names
        self.scores = [0] * 4
        self.kyoku = self.honba = self.dealer = 0
        self.hands: list[HandScript] = []
        self.walls = None
        if seed is not None:
            from mjlog.rules.beijing.wall import beijing_walls

            self.walls = beijing_walls(seed)

    def hand(self, dealt=None, wild: str = "9s", keep: str = "") -> HandScript:
        """The next hand: ``dealt`` mpsz per seat (padded with filler), or a function of the dealer giving
        them; ``keep`` kinds filler never takes."""
        if self.hands:
            self._advance(self.hands[-1])
        if callable(dealt):
            dealt = dealt(self.dealer)
        wall = next(self.walls) if self.walls is not None else None
        h = HandScript(self, dealt or ["", "", "", ""], wild, wall, keep)
        self.hands.append(h)
        return h

    def _advance(self, last: HandScript) -> None:
        winners = tuple(e.who for e in last.events if type(e) is Win)
        rnd = last.round(0)
        nxt = next_hand(self.rules, rnd, winners)
        if not nxt.renchan:
            self.dealer = self.rules.next_seat(self.dealer)
        self.kyoku, self.honba = nxt.kyoku, nxt.honba

    def log(self, final: bool = True) -> GameLog:
        rounds = tuple(h.round(i) for i, h in enumerate(self.hands))
        header = BeijingHeader(self.rules.name, self.rules.base, False, "tests", "")
        end = FinalResult(tuple(self.scores), (0.0,) * 4, True) if final else None
        return GameLog("beijing-xml", "beijing", self.rules, tuple(Player(i, n) for i, n in enumerate(self.names)),
                       rounds, header, None, None, self.seed, 0, end, "1")


def with_base(base: int, preset: str = "beijing") -> BeijingRules:
    return dataclasses.replace(PRESETS[preset], base=base)
