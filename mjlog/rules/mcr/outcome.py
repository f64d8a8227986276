"""MCR wins scored and paid: the hand and its situation from the referee, the fans from the calculator.

:func:`judge_win` builds the winner's hand from the table (never from the log's fan lines),
derives the situation from the play, scores it, and compares the fan lines and the total with what
the record states. :func:`settle_hand` pays the hand's wins (and false wins) under the rule set's
convention and compares the payments with the record's.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

from mjlog.findings import FindingKind
from mjlog.ir import Win
from mjlog.rules.mcr.calculator import FanResult, NotAWinError, score
from mjlog.rules.mcr.fans import FANS
from mjlog.rules.mcr.hand import McrHand, McrHandError, WinSituation
from mjlog.rules.mcr.settlement import false_win_deltas, win_deltas
from mjlog.rules.mcr.record import McrWinRecord
from mjlog.rules.mcr.ruleset import McrRules
from mjlog.rules.mcr.table import McrTable
from mjlog.rules.transfers import HAND, Transfer

K = FindingKind
#: The reason of a false win's penalty payments.
PENALTY = "penalty"


@dataclass(frozen=True, slots=True)
class JudgedWin:
    """One recorded win as the rules see it: its fans (empty for no winning hand), and whether it is false."""

    event_index: int
    who: int
    from_who: int
    result: FanResult
    situation: WinSituation | None
    false: bool


def _empty(rules: McrRules, flowers: int = 0) -> FanResult:
    return FanResult((), flowers, 0, flowers, rules.min_fan)


def judge_win(t: McrTable, i: int, w: Win, rules: McrRules) -> JudgedWin:
    """Score ``w`` from the table's hand and the situation of the play; findings for what disagrees."""
    offer = t.win_offer(w)
    who = w.who
    if offer is None:
        return JudgedWin(i, who, w.from_who, _empty(rules), None, True)
    concealed = set(t.hands[who])
    if offer.how == "draw":
        concealed.discard(offer.tile)
    recorded = sorted(x // 4 for x in w.hand)
    derived = sorted(x // 4 for x in (*concealed, offer.tile))
    if recorded != derived:
        t.find(K.MALFORMED, f"seat {who}'s recorded winning hand is not the hand the play gives",
               " ".join(t.tile_label(x * 4) for x in recorded), " ".join(t.tile_label(x * 4) for x in derived))
    hand = McrHand(tuple(sorted(concealed)), tuple(t.meld_of(c) for c in t.melds[who]), offer.tile,
                   tuple(t.flowers[who]))
    situation = WinSituation(
        self_drawn=offer.how == "draw", wall_last=offer.wall_last, robbed_kong=offer.how == "kong",
        after_kong=offer.how == "draw" and offer.replacement, last_copy=t.shown(offer.tile // 4, offer.tile) == 3,
        seat_wind=(who - t.r.dealer) % t.n, round_wind=t.record.prevalent_wind % 4)
    try:
        result = score(hand, situation, rules)
    except NotAWinError:
        t.find(K.ILLEGAL_ACTION, f"seat {who} declares a win, but the hand does not win (a false win, 錯和)")
        return JudgedWin(i, who, w.from_who, _empty(rules, len(hand.flowers)), situation, True)
    except McrHandError as exc:
        t.find(K.ILLEGAL_ACTION, f"seat {who}'s winning hand cannot be scored: {exc}")
        return JudgedWin(i, who, w.from_who, _empty(rules, len(hand.flowers)), situation, True)
    if result.false_win:
        t.find(K.ILLEGAL_ACTION, f"seat {who} wins with {result.fan_total} fan, under the {rules.min_fan}-fan "
               "minimum (flowers do not count): a false win (錯和)", result.fan_total, f">= {rules.min_fan}")
    compare_fans(t, w, result)
    return JudgedWin(i, who, w.from_who, result, situation, result.false_win)


def _line_text(number: int | None, name: str | None, value: int | None, count: int) -> str:
    label = str(number) if number is not None else (name or "?")
    return f"{label}/{value if value is not None else '?'}x{count}"


def compare_fans(t: McrTable, w: Win, result: FanResult) -> None:
    """The recorded fan lines (by number, or by name and count where numbers are lost) and total against the derived."""
    rec = w.payload
    if not isinstance(rec, McrWinRecord):
        return
    lines = rec.fans
    if lines and all(f.number is not None for f in lines):
        # keys: (number, value, count) here, (name or its length, count) below
        got: Counter[tuple[Any, ...]]
        got = Counter((f.number, f.value if f.value is not None else FANS[f.number].value if f.number in FANS else None,
                       f.count) for f in lines)
        want: Counter[tuple[Any, ...]] = Counter((x.number, x.value, x.count) for x in result.lines)
        if got != want:
            t.find(K.YAKU, f"seat {w.who}'s fan lines (number/value x count)",
                   " ".join(_line_text(n, None, v, c) for n, v, c in sorted(got.elements(), key=str)),
                   " ".join(_line_text(n, None, v, c) for n, v, c in sorted(want.elements(), key=str)))
    elif lines:
        lost = all(f.name is not None and set(f.name) == {"?"} for f in lines)
        # names lost to '?' (one per character): compare each line's name length and count
        got = Counter((len(f.name) if lost else f.name, f.count) for f in lines)  # type: ignore[arg-type]  # lost: named
        want = Counter((len(x.name) if lost else x.name, x.count) for x in result.lines)
        if got != want:
            t.find(K.YAKU, f"seat {w.who}'s fan lines ({'name length' if lost else 'name'} x count)",
                   " ".join(f"{k}x{c}" for k, c in sorted(got.elements(), key=str)),
                   " ".join(f"{k}x{c}" for k, c in sorted(want.elements(), key=str)))
    total = rec.stated_total
    if total is not None and total != result.total:
        t.find(K.POINTS, f"seat {w.who}'s total fan (flowers included)", total, result.total)


@dataclass(frozen=True, slots=True)
class Settlement:
    """A hand's payments: per judged win its transfers and deltas, and the hand's total change."""

    per_win: tuple[tuple[Transfer, ...], ...]
    deltas: tuple[int, ...]


def _one_winner(t: McrTable, valid: list[JudgedWin]) -> JudgedWin:
    """The one win standard rules allow of several (seed 004, M-2.2.3: of several claiming a discard, the
    first counter-clockwise from the discarder wins); an illegal-action finding that names it."""
    discarders = {j.from_who for j in valid}
    if len(discarders) > 1 or valid[0].from_who == valid[0].who:
        t.find(K.ILLEGAL_ACTION, f"{len(valid)} seats win on one discard, but standard rules have one winner "
               "per discard")
        return valid[0]
    (discarder,) = discarders
    first = min(valid, key=lambda j: (j.who - discarder) % t.n)
    seats = " and ".join(str(j.who) for j in valid)
    t.find(K.ILLEGAL_ACTION, f"seats {seats} win on one discard of seat {discarder}, but standard rules have one "
           f"winner per discard: the first counter-clockwise from the discarder, seat {first.who}",
           seats, str(first.who))
    return first


def settle_hand(t: McrTable, judged: list[JudgedWin], rules: McrRules) -> Settlement:
    """Pay the hand's wins under the rule set (false wins pay the penalty); findings for impossible cases."""
    n = t.n
    valid = [j for j in judged if not j.false]
    if len(valid) > 1 and rules.payments != "duplicate":
        valid = [_one_winner(t, valid)]
    if len({j.from_who for j in valid}) > 1 or (len(valid) > 1 and valid[0].from_who == valid[0].who):
        t.find(K.ILLEGAL_ACTION, "several wins that are not on one discard")
        valid = valid[:1]
    per_win: list[tuple[Transfer, ...]] = []
    total = [0] * n
    if valid:
        first = valid[0]
        discarder = None if first.from_who == first.who else first.from_who
        deltas = win_deltas({j.who: j.result.total for j in valid}, discarder, rules)
        total = list(deltas)
        if len(valid) == 1:
            per_win.append(tuple(Transfer(s, first.who, -d, HAND) for s, d in enumerate(deltas) if d < 0))
        else:   # duplicate multiple win, not zero-sum: the losers pay into the pot, each winner is paid from it
            losers = tuple(Transfer(s, None, -d, HAND) for s, d in enumerate(deltas) if d < 0)
            for k, j in enumerate(valid):
                per_win.append((losers if k == 0 else ()) + (Transfer(None, j.who, deltas[j.who], HAND),))
    paid = {id(j): tr for j, tr in zip(valid, per_win)}
    out = []
    for j in judged:
        if j.false:
            pen = false_win_deltas(j.who, rules)
            tr = tuple(Transfer(j.who, s, d, PENALTY) for s, d in enumerate(pen) if d > 0)
            total = [a + b for a, b in zip(total, pen)]
            out.append(tr)
        else:
            out.append(paid.get(id(j), ()))
    return Settlement(tuple(out), tuple(total))
