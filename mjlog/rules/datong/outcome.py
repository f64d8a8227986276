"""Judging a Datong hand's outcome: the win re-evaluated and re-paid, the draw checked, the flow derived.

Every value is derived from the events, never taken from the log: whether the win is a self-draw
or on the last discard, the winning hand, its types and multiplier (:mod:`mjlog.rules.datong.hands`),
every payment of the hand as transfers (:mod:`mjlog.rules.datong.settlement`: the hand payment,
the dealer's bonus, renchan from the hand's ``honba``, each kan made and each leave of the table),
then compared with what
the log records (:mod:`mjlog.rules.datong.record`). Findings:

- the hand types: ``yaku mismatch``; the multiplier: ``han mismatch``; the payments of one
  reason, the scores before the outcome or its deltas: ``payment mismatch``;
- a win the rules refuse (no complete hand, a claimed run while chi is off, a 屁和 on a discard
  under ``discard_needs_type``), a claimant that holds no win, a winner that is not the first
  claimant in turn order (head-bump, 截胡), a second win in one hand: ``illegal action``;
- a draw before only the 6½ stacks are left: ``draw mismatch``;
- the dealer of a hand, renchan and the game's end: ``flow mismatch`` (the generic loop).

A player may decline a win: a seat that could win and does not claim is no finding.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from mjlog.errors import InvalidHandError
from mjlog.findings import FindingKind
from mjlog.ir import CallKind, Round, Ryuukyoku, Win
from mjlog.rules.base_table import AFTER_DISCARD, DISCARD
from mjlog.rules.datong.flow import next_deal
from mjlog.rules.datong.hands import DatongValue, HandType, evaluate
from mjlog.rules.datong.record import DatongDraw, DatongWin
from mjlog.rules.datong.ruleset import DatongRules
from mjlog.rules.datong.settlement import kan_rows, leave_rows, reason_words, settle_draw, settle_win
from mjlog.rules.datong.table import DatongTable
from mjlog.rules.family import NextHand
from mjlog.rules.results import DerivedDraw, DerivedWin, RoundResult
from mjlog.rules.transfers import Transfer, net

K = FindingKind


def _fmt(values) -> str:
    return ",".join(str(v) for v in values)


def _rows(rows) -> str:
    return " ".join(f"{t.payer}>{t.payee}:{t.amount}" for t in sorted(rows, key=_row_key)) or "none"


def _row_key(t: Transfer) -> tuple:
    return (-1 if t.payer is None else t.payer, -1 if t.payee is None else t.payee, t.amount)


@dataclass
class HandJudge:
    """The outcome of one hand as it is judged, and what it derives."""

    rnd: Round
    rules: DatongRules
    wins: list[DerivedWin] = field(default_factory=list)
    draw: DerivedDraw | None = None

    def __call__(self, table: DatongTable, i: int, ev) -> None:
        if type(ev) is Win:
            self.win(table, ev)
        elif type(ev) is Ryuukyoku:
            self.exhaustive(table, ev)

    # -- a win ------------------------------------------------------------------------------------------

    def win(self, t: DatongTable, w: Win) -> None:
        if self.wins or self.draw is not None:
            t.find(K.ILLEGAL_ACTION, f"seat {w.who} wins after the hand's outcome: only the first claimant in "
                   "turn order wins (head-bump, 截胡)")
            return
        concealed = self._situation(t, w)
        discarder = None if w.tsumo else w.from_who
        value = self._value(t, w.who, concealed, w.tsumo)
        rec = w.payload if isinstance(w.payload, DatongWin) else None
        if rec is None:
            t.find(K.MALFORMED, f"seat {w.who}'s win records no Datong hand types and payments")
        elif discarder is not None:
            self._head_bump(t, w, rec, discarder)
        rows: tuple[Transfer, ...] = self._made_rows(t)
        if value is not None:
            if discarder is not None and self.rules.discard_needs_type and \
                    [s.type for s in value.types] == [HandType.PLAIN]:
                t.find(K.ILLEGAL_ACTION, f"seat {w.who} wins a 屁和 on a discard: under discard_needs_type only a "
                       "self-draw wins without a hand type")
            rows = settle_win(self.rules, w.who, discarder, value.multiplier, self.rnd.dealer, self.rnd.honba) + rows
            if rec is not None:
                self._compare_value(t, w, rec, value)
        if rec is not None and value is not None:   # a refused win: its payments are not derived
            self._compare_rows(t, rec.payments, rows)
        t.settle(w.scores_before, w.deltas, net(rows, t.n) if value is not None else None, "win")
        self.wins.append(DerivedWin(w.who, w.from_who, value, net(rows, t.n), dealer=w.who == self.rnd.dealer,
                                    open_hand=any(m.kind is not CallKind.ANKAN for m in t.melds[w.who]),
                                    tsumo=w.tsumo, transfers=rows))

    def _situation(self, t: DatongTable, w: Win) -> list[int]:
        """The winner's concealed kinds, the winning tile last; a finding where the log's win cannot be."""
        hand = set(t.hands[w.who])
        if w.tsumo:
            last = t.last_draw
            if t.phase != DISCARD or t.actor != w.who or last is None or last.seat != w.who or last.tile != w.win_tile:
                t.find(K.ILLEGAL_ACTION, f"seat {w.who} self-draws on a tile it has not just drawn",
                       t.tile_label(w.win_tile))
        else:
            d = t.claimable
            if d is None or d.tile != w.win_tile or d.seat != w.from_who or t.phase != AFTER_DISCARD:
                t.find(K.ILLEGAL_ACTION, f"seat {w.who} wins on a tile that is not seat {w.from_who}'s last discard",
                       t.tile_label(w.win_tile))
            hand.add(w.win_tile)
        if set(w.hand) != hand:
            t.find(K.MALFORMED, f"the winning hand of seat {w.who} is not the tiles the seat holds",
                   t.names(sorted(w.hand)), t.names(sorted(hand)))
        return [x >> 2 for x in sorted(hand - {w.win_tile})] + [w.win_tile >> 2]

    def _value(self, t: DatongTable, seat: int, concealed: list[int], tsumo: bool,
               quiet: bool = False) -> DatongValue | None:
        try:
            return evaluate(concealed, t.meld_shapes(seat), tsumo, self.rules)
        except InvalidHandError as exc:
            if not quiet:
                t.find(K.ILLEGAL_ACTION, f"seat {seat}'s win is no winning hand under the rules: {exc}")
        return None

    def _head_bump(self, t: DatongTable, w: Win, rec: DatongWin, discarder: int) -> None:
        """The claimants of the discard: the winner among them, each holding a win, the winner the first in
        turn order after the discarder (截胡)."""
        claimants = set(rec.claimants)
        if w.who not in claimants or discarder in claimants or len(claimants) != len(rec.claimants):
            t.find(K.MALFORMED, f"the claimants of seat {discarder}'s discard are not distinct seats other than "
                   "the discarder, the winner among them", _fmt(rec.claimants), None)
            return
        for seat in sorted(claimants - {w.who}):
            kinds = [x >> 2 for x in sorted(t.hands[seat])] + [w.win_tile >> 2]
            if self._value(t, seat, kinds, False, quiet=True) is None:
                t.find(K.ILLEGAL_ACTION, f"seat {seat} claims a win on seat {discarder}'s discard without a winning "
                       "hand", t.names(sorted(t.hands[seat])))
        order = [(discarder + k) % t.n for k in range(1, t.n)]
        first = min(claimants, key=order.index)
        if first != w.who:
            t.find(K.ILLEGAL_ACTION, f"head-bump (截胡): seat {first} claims seat {discarder}'s discard before seat "
                   f"{w.who} in turn order, so only seat {first} wins", w.who, first)

    def _made_rows(self, t: DatongTable) -> tuple[Transfer, ...]:
        """What the hand paid as it went: every kan as it was made (line 3 of the source's payments)
        and every leave of the table (line 6, ``leave_to``)."""
        kans = tuple(row for k in t.kans for row in kan_rows(self.rules, k.seat, k.kind))
        return kans + tuple(row for seat in t.leavers for row in leave_rows(self.rules, seat))

    def _compare_value(self, t: DatongTable, w: Win, rec: DatongWin, value: DatongValue) -> None:
        got = sorted(x.name for x in rec.types)
        want = sorted(s.name for s in value.types)
        if got != want:
            t.find(K.YAKU, f"hand types of seat {w.who}'s win", " ".join(got), " ".join(want))
        elif sorted((x.name, x.value) for x in rec.types) != sorted((s.name, s.multiplier) for s in value.types):
            t.find(K.HAN, f"hand type multipliers of seat {w.who}'s win",
                   " ".join(f"{x.name}x{x.value}" for x in rec.types),
                   " ".join(f"{s.name}x{s.multiplier}" for s in value.types))
        if rec.multiplier != value.multiplier:
            t.find(K.HAN, f"the multiplier of seat {w.who}'s win ({self.rules.stacking})", rec.multiplier,
                   value.multiplier)

    def _compare_rows(self, t: DatongTable, got, want) -> None:
        """The recorded payments against the derived ones, reason by reason."""
        for reason in sorted({r.reason for r in got} | {r.reason for r in want}):
            g = sorted((r for r in got if r.reason == reason), key=_row_key)
            d = sorted((r for r in want if r.reason == reason), key=_row_key)
            if [_row_key(r) for r in g] != [_row_key(r) for r in d]:
                t.find(K.PAYMENT, f"the {reason_words(reason)!r} payments of the hand (payer>payee:amount)", _rows(g), _rows(d))

    # -- the draw --------------------------------------------------------------------------------------------

    def exhaustive(self, t: DatongTable, d: Ryuukyoku) -> None:
        if self.wins or self.draw is not None:
            t.find(K.ILLEGAL_ACTION, "a draw after the hand's outcome")
            return
        if t.drawn < t.limit or t.phase != AFTER_DISCARD:
            t.find(K.DRAW, "the hand is drawn before only the 6½ stacks are left",
                   f"{t.limit - t.drawn} tiles to draw", "play goes on")
        rows = settle_draw(self.rules) + self._made_rows(t)
        if isinstance(d.payload, DatongDraw):
            self._compare_rows(t, d.payload.payments, rows)
        else:
            t.find(K.MALFORMED, "the draw records no Datong payments")
        t.settle(d.scores_before, d.deltas, net(rows, t.n), "draw")
        self.draw = DerivedDraw("exhaustive", (False,) * t.n, (False,) * t.n, net(rows, t.n), rows)

    def result(self, t: DatongTable) -> RoundResult:
        return t.hand_result(self.wins, self.draw)


def next_hand(rules: DatongRules, rnd: Round, winner: int | None) -> NextHand:
    """The next hand's kyoku (passes of the deal) and honba (renchan), or the end of the game."""
    dealer, renchan = next_deal(rules, rnd.dealer, rnd.honba, winner)
    kept = dealer == rnd.dealer
    kyoku = rnd.kyoku + (0 if kept else 1)
    over = kyoku >= 4 * rules.circles
    return NextHand(over, kyoku, renchan, 0, kept, "the deal has gone round" if over else "")
