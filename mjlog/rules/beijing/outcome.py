"""Judging a Beijing hand's outcomes: each win re-scored and re-paid, the draw checked, the flow derived.

Every value is derived from the events, never taken from the log: the win's situation (self-draw,
robbed kan, kan replacement, last tile, first turn), the 燒莊 rounds from the discards, the 互包
pairs from the calls, the fans by the scorer, the payments by the settlement; then each is compared
with what the log records (:mod:`mjlog.rules.beijing.record`). Findings:

- fan lines that differ by name: ``yaku mismatch``; a fan's value, the total or the 燒莊 fan or
  rounds: ``han mismatch``; the hand payment, the 燒莊 side payment, a win's deltas, the 互包
  pairs: ``payment mismatch``;
- a win the rules refuse (on a discard after a call, three wild tiles on a discard, robbing a kan
  with an open hand) or tiles that are no win: ``illegal action``;
- a draw before the live wall is used up, or an abortive draw: ``draw mismatch``;
- the dealer of a hand, renchan and the game's end: ``flow mismatch`` (the generic loop).

燒莊 is paid once per hand: with the first win (two wins on one discard pay it once).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field

from mjlog.errors import InvalidHandError
from mjlog.findings import FindingKind
from mjlog.ir import CallKind, Round, Ryuukyoku, Win
from mjlog.rules.base_table import AFTER_DISCARD, DISCARD
from mjlog.rules.results import DerivedDraw, DerivedWin, RoundResult
from mjlog.rules.beijing.fans import BURN, burn_fan
from mjlog.rules.beijing.record import BeijingDraw, BeijingHand, BeijingWin
from mjlog.rules.beijing.ruleset import CALL_WORDS, BeijingRules
from mjlog.rules.beijing.scorer import BeijingValue, IllegalWinError, WinHow, score
from mjlog.rules.beijing.settlement import (
    BURN as BURN_REASON, burn_rounds, burn_turns, claims_at, hand_payers, mutual_events, partners_of, settle_draw,
    settle_win)
from mjlog.rules.beijing.table import LIVE, REPLACEMENT, BeijingTable
from mjlog.rules.beijing.wall import LIVE_DRAWS
from mjlog.rules.family import NextHand
from mjlog.rules.transfers import Transfer, net

K = FindingKind


def _fmt(values) -> str:
    return ",".join(str(v) for v in values)


@dataclass
class HandJudge:
    """The outcomes of one hand as they are judged, and what they derive."""

    rnd: Round
    rules: BeijingRules
    wins: list[DerivedWin] = field(default_factory=list)
    draw: DerivedDraw | None = None
    burn_paid: bool = False

    def __call__(self, table: BeijingTable, i: int, ev) -> None:
        if type(ev) is Win:
            self.win(table, i, ev)
        elif type(ev) is Ryuukyoku:
            self.exhaustive(table, i, ev)

    # -- a win ------------------------------------------------------------------------------------------

    def win(self, t: BeijingTable, i: int, w: Win) -> None:
        how, concealed = self._situation(t, w)
        rules, dealer = self.rules, self.rnd.dealer
        events = self.rnd.events[:i]
        burn = 0 if self.burn_paid else burn_rounds(burn_turns(events), dealer)
        partners = partners_of(w.who, mutual_events(claims_at(events), rules.mutual_both_ways))
        discarder = None if w.tsumo else w.from_who
        value = self._value(t, w, how, concealed, partners, discarder)
        rows: tuple[Transfer, ...] = ()
        if value is not None:
            rows = settle_win(rules, w.who, discarder, value.total, dealer, burn, partners)
            self._compare_win(t, w, value, burn, rows)
        self.burn_paid = True
        t.settle(w.scores_before, w.deltas, net(rows, t.n) if value is not None else None, "win")
        self.wins.append(DerivedWin(w.who, w.from_who, value, net(rows, t.n), dealer=w.who == dealer,
                                    open_hand=any(m.kind is not CallKind.ANKAN for m in t.melds[w.who]),
                                    tsumo=w.tsumo, transfers=rows))

    def _situation(self, t: BeijingTable, w: Win) -> tuple[WinHow, list[int]]:
        """How the win came about, from the table; a finding where the log's win cannot be it."""
        dealer, hand = self.rnd.dealer, set(t.hands[w.who])
        robbed = False
        if w.tsumo:
            last = t.last_draw
            if (t.phase != DISCARD or t.actor != w.who or last is None or last[0] != w.who
                    or last[1] != w.win_tile):
                t.find(K.ILLEGAL_ACTION, f"seat {w.who} self-draws on a tile it has not just drawn",
                       t.tile_label(w.win_tile))
        else:
            d, k = t.claimable, t.robbable
            robbed = k is not None and k.added == w.win_tile and k.seat == w.from_who
            if not robbed and (d is None or d.tile != w.win_tile or d.seat != w.from_who):
                t.find(K.ILLEGAL_ACTION, f"seat {w.who} wins on a tile that is not seat {w.from_who}'s last discard "
                       f"or {CALL_WORDS.taken(CallKind.KAKAN)}", t.tile_label(w.win_tile))
            hand.add(w.win_tile)
        if set(w.hand) != hand:
            t.find(K.MALFORMED, f"the winning hand of seat {w.who} is not the tiles the seat holds",
                   _names(t, sorted(w.hand)), _names(t, sorted(hand)))
        last = t.last_draw
        how = WinHow(
            tsumo=w.tsumo, winner_is_dealer=w.who == dealer, discarder_is_dealer=not w.tsumo and w.from_who == dealer,
            robbed_kan=robbed, after_kan=w.tsumo and last is not None and last[2] == REPLACEMENT,
            last_tile=(w.tsumo and last is not None and last[2] == LIVE and t.live >= LIVE_DRAWS)
            or (not w.tsumo and not robbed and t.final_discard),
            first_turn=not t.discarded[w.who])
        concealed = [x >> 2 for x in sorted(hand - {w.win_tile})] + [w.win_tile >> 2]
        return how, concealed

    def _value(self, t: BeijingTable, w: Win, how: WinHow, concealed: list[int], partners, discarder):
        rules = self.rules
        payers = hand_payers(rules, w.who, discarder, partners)
        how = dataclasses.replace(how, dealer_pays=any(p == self.rnd.dealer for p, _, _ in payers))
        try:
            return score(concealed, t.meld_shapes(w.who), w.win_tile >> 2, how, t.wild, rules)
        except IllegalWinError as exc:
            t.find(K.ILLEGAL_ACTION, f"seat {w.who}'s win is not allowed: {exc}")
        except InvalidHandError as exc:
            t.find(K.ILLEGAL_ACTION, f"seat {w.who}'s win is no winning hand: {exc}")
        return None

    def _compare_win(self, t: BeijingTable, w: Win, value: BeijingValue, burn: int, rows) -> None:
        rec = w.payload
        if not isinstance(rec, BeijingWin):
            t.find(K.MALFORMED, f"seat {w.who}'s win records no Beijing fan lines")
            return
        got = [(f.name, f.value) for f in rec.fans]
        want = [(f.name, f.value) for f in value.fans]
        if sorted(n for n, _ in got) != sorted(n for n, _ in want):
            t.find(K.YAKU, f"fan lines of seat {w.who}'s win", _lines(got), _lines(want))
        elif sorted(got) != sorted(want):
            t.find(K.HAN, f"fan values of seat {w.who}'s win", _lines(got), _lines(want))
        if rec.total != value.total:
            t.find(K.HAN, f"fan total of seat {w.who}'s win", rec.total, value.total)
        if rec.burn_fan != burn_fan(burn):
            t.find(K.HAN, f"{BURN.name} fan of seat {w.who}'s win ({burn} rounds from the discards)",
                   rec.burn_fan, burn_fan(burn))
        hand = net([r for r in rows if r.reason != BURN_REASON], t.n)
        side = net([r for r in rows if r.reason == BURN_REASON], t.n)
        if tuple(rec.hand_payment) != hand:
            t.find(K.PAYMENT, f"hand payment of seat {w.who}'s win (互包 applied)", _fmt(rec.hand_payment), _fmt(hand))
        if tuple(rec.burn_payment) != side:
            t.find(K.PAYMENT, f"{BURN.name} side payment of seat {w.who}'s win", _fmt(rec.burn_payment), _fmt(side))

    # -- the exhaustive draw -------------------------------------------------------------------------------

    def exhaustive(self, t: BeijingTable, i: int, d: Ryuukyoku) -> None:
        rules, dealer = self.rules, self.rnd.dealer
        if t.live < LIVE_DRAWS or t.phase != AFTER_DISCARD:
            t.find(K.DRAW, "the hand is drawn before the live wall is used up",
                   f"{LIVE_DRAWS - t.live} live draws left", "play goes on")
        burn = 0 if self.burn_paid else burn_rounds(burn_turns(self.rnd.events[:i]), dealer)
        rows = settle_draw(rules, dealer, burn)
        rec = d.payload
        if isinstance(rec, BeijingDraw):
            fan = burn_fan(burn) if rules.burn_on_draw else 0
            if rec.burn_fan != fan:
                t.find(K.HAN, f"{BURN.name} fan at the draw ({burn} rounds from the discards)", rec.burn_fan, fan)
            if tuple(rec.burn_payment) != net(rows, t.n):
                t.find(K.PAYMENT, f"{BURN.name} side payment at the draw", _fmt(rec.burn_payment),
                       _fmt(net(rows, t.n)))
        t.settle(d.scores_before, d.deltas, net(rows, t.n), "draw")
        self.draw = DerivedDraw("exhaustive", (False,) * t.n, (False,) * t.n, net(rows, t.n), rows)

    # -- the hand's end ------------------------------------------------------------------------------------

    def close(self, t: BeijingTable) -> None:
        """Compare the hand's recorded 燒莊 rounds and 互包 pairs with those the events give."""
        rec = self.rnd.payload
        if not isinstance(rec, BeijingHand):
            t.event_index = None
            t.find(K.MALFORMED, "the hand records no Beijing hand values (wild indicator, 燒莊, 互包)")
            return
        t.event_index = len(self.rnd.events) - 1 if self.rnd.events else None
        burn = burn_rounds(burn_turns(self.rnd.events), self.rnd.dealer)
        if rec.burn != burn:
            t.find(K.HAN, f"{BURN.name} rounds of the hand, counted from the discards", rec.burn, burn)
        want = mutual_events(claims_at(self.rnd.events), self.rules.mutual_both_ways)
        got = {(p.seats, p.event) for p in rec.mutual}
        if got != set(want.items()) or len(rec.mutual) != len(got):
            t.find(K.PAYMENT, f"互包 pairs of the hand, counted from the {CALL_WORDS.name(CallKind.CHI)} and "
                              f"{CALL_WORDS.name(CallKind.PON)}",
                   _pairs(got), _pairs(want.items()))

    def result(self, t: BeijingTable) -> RoundResult:
        return t.hand_result(self.wins, self.draw)


def next_hand(rules: BeijingRules, rnd: Round, winners: tuple[int, ...]) -> NextHand:
    """The next hand's kyoku (deal passes) and honba (連莊 count), or the end of the game."""
    from mjlog.rules.beijing.flow import next_dealer

    change = next_dealer(rules, rnd.dealer, winners)
    kyoku = rnd.kyoku + (0 if change.renchan else 1)
    honba = rnd.honba + 1 if change.renchan else 0
    over = kyoku >= 4 * rules.circles
    return NextHand(over, kyoku, honba, 0, change.renchan, "the deal has gone round" if over else "")


def _names(t: BeijingTable, tiles) -> str:
    return " ".join(t.tile_label(x) for x in tiles)


def _lines(items) -> str:
    return " ".join(f"{n}{v}" for n, v in items) or "none"


def _pairs(items) -> str:
    return " ".join(f"{a}-{b}@{i}" for (a, b), i in sorted(items)) or "none"
