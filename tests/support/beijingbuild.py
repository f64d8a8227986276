"""Hand-built Beijing games for tests: a small script of draws, discards, calls and wins becomes a GameLog.

Tiles are named in mpsz and given distinct ids as they are named (:class:`~tests.support.seededbuild.Bank`). A win's
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
from tests.support.seededbuild import Bank, ScriptedPlay


class HandScript(ScriptedPlay):
    """One hand being written: the deal, then its events in order."""

    def __init__(self, game: GameBuilder, dealt: list[str], wild: str, wall: BeijingWall | None,
                 keep: str = "") -> None:
        bank = Bank()
        self.wild_indicator = wall.wild_indicator if wall is not None else bank.text(wild)[0]
        avoid = {t >> 2 for t in parse_mpsz(keep)} | {wild_kind(parse_mpsz(wild)[0] >> 2)}
        super().__init__(game, dealt, wall, avoid, bank)
        assert wall is not None or all(len(h) <= 13 for h in self.dealt), "a dealt hand has more than 13 tiles"
        self.burn_paid = False
        self.done = False

    def call(self, seat: int, kind: str, tiles: str, replacement: str | None = None, robbed: bool = False) -> Call:
        """A call of ``tiles`` (mpsz) by ``seat``; a kan draws its replacement (``replacement``, or filler)
        unless it is ``robbed``."""
        call = self._call(seat, kind, tiles)
        if call.kind.is_kan and not robbed:
            self.draw(seat, replacement, replacement=True)
        return call

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
