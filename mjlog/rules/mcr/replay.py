"""One MCR hand replayed: the referee's table, each win judged and the hand paid, the flow's next hand.

:func:`replay_hand` is :meth:`McrFamily.replay_hand <mjlog.rules.mcr.family.McrFamily.replay_hand>`.
A match's hands follow each other without a repeat (莊家不連莊): hand ``k`` has the prevalent wind
``k // 4`` and the dealer ``k % 4`` (from the first dealer); after ``rules.hands`` hands the match ends.
"""

from __future__ import annotations

from mjlog.findings import FindingKind
from mjlog.ir import CallKind, Round, Ryuukyoku, Win
from mjlog.rules.base_table import DISCARD
from mjlog.rules.results import DerivedDraw, DerivedWin, RoundResult
from mjlog.rules.family import GameCheck, HandReplay, NextHand
from mjlog.rules.mcr.record import McrHandRecord
from mjlog.rules.mcr.ruleset import McrRules
from mjlog.rules.mcr.outcome import JudgedWin, judge_win, settle_hand
from mjlog.rules.mcr.table import McrTable
from mjlog.rules.transfers import net

K = FindingKind


def _fmt(values) -> str:
    return ",".join(str(v) for v in values)


def replay_hand(game: GameCheck, rnd: Round, rules: McrRules, wall) -> HandReplay:
    """Judge every event of ``rnd``, score and pay its outcome, and say which hand follows."""
    _check_position(game, rnd, rules)
    table = McrTable(rnd, rules, wall, game.log.source, game.findings)
    judged: list[JudgedWin] = []
    draws: list[tuple[int, Ryuukyoku]] = []

    def on_outcome(t: McrTable, i: int, ev) -> None:
        if isinstance(ev, Win):
            judged.append(judge_win(t, i, ev, rules))
        else:
            draws.append((i, ev))

    table.play(rnd.events, on_outcome)
    settlement = settle_hand(table, judged, rules) if judged else None
    derived = settlement.deltas if settlement else (0,) * table.n
    wins = tuple(
        DerivedWin(j.who, j.from_who, j.result, net(tr, table.n), dealer=j.who == rnd.dealer,
                   open_hand=any(c.kind is not CallKind.ANKAN for c in table.melds[j.who]),
                   tsumo=j.who == j.from_who, transfers=tr, context=j.situation)
        for j, tr in zip(judged, settlement.per_win if settlement else ()))
    draw = None
    if draws and not judged:
        draw = _judge_draw(table, draws[0])
    elif draws:
        table.event_index = draws[0][0]
        table.find(K.ILLEGAL_ACTION, "the hand records both a win and a draw")
    recorded = _recorded(rnd, draws)
    if recorded is not None and tuple(recorded) != tuple(derived):
        table.event_index = judged[0].event_index if judged else draws[0][0] if draws else None
        table.find(K.PAYMENT, "the hand's score changes", _fmt(recorded), _fmt(derived))
    start = tuple(rnd.scores)
    end_derived = tuple(s + d for s, d in zip(start, derived))
    end = tuple(s + d for s, d in zip(start, recorded)) if recorded is not None else end_derived
    calls = tuple(sum(1 for c in table.melds[s] if c.kind is not CallKind.ANKAN) for s in range(table.n))
    complete = bool(judged or draws)
    result = RoundResult(rnd.index, rnd.name, rnd.kyoku, 0, 0, rnd.dealer, start, end, (), wins, draw, calls=calls,
                         complete=complete)
    if not complete:
        return HandReplay(result, None)
    nxt = NextHand(rnd.kyoku + 1 >= rules.hands, rnd.kyoku + 1, 0, 0, False)
    return HandReplay(result, nxt, end_derived if end_derived != end else None)


def _recorded(rnd: Round, draws) -> tuple[int, ...] | None:
    """The hand's recorded score changes: the hand's stated result (with its penalties), else the outcomes' deltas."""
    rec = rnd.payload if isinstance(rnd.payload, McrHandRecord) else None
    if rec is not None and rec.result is not None:
        pen = rec.penalties or (0,) * len(rec.result)
        return tuple(a + b for a, b in zip(rec.result, pen))
    outcomes = [e for e in rnd.events if isinstance(e, (Win, Ryuukyoku)) and e.deltas]
    if not outcomes:
        return None
    total = [0] * len(outcomes[0].deltas)
    for e in outcomes:
        total = [a + b for a, b in zip(total, e.deltas)]
    return tuple(total)


def _judge_draw(t: McrTable, draw: tuple[int, Ryuukyoku]) -> DerivedDraw:
    i, ev = draw
    t.event_index = i
    if t.replacing:      # a flower (or kong) set aside with the last tile gone: nothing to replace it, drawn
        early = not t.exhausted_for(t.replacing[0])
    else:
        early = t.phase == DISCARD or not t.exhausted_for(t.actor or 0)
    if early:
        t.find(K.DRAW, "the hand is drawn (荒牌) although the seat to draw still has tiles to draw")
    n = t.n
    return DerivedDraw("exhaustive", (False,) * n, (False,) * n, (0,) * n)


def _check_position(game: GameCheck, rnd: Round, rules: McrRules) -> None:
    """In a match of several hands: the prevalent wind and the dealer of hand ``kyoku``."""
    if rules.hands <= 1:
        return
    rec = rnd.payload if isinstance(rnd.payload, McrHandRecord) else None
    want_wind = (rnd.kyoku // 4) % 4
    if rec is not None and rec.prevalent_wind != want_wind:
        game.find(K.FLOW, "the prevalent wind of the hand", rec.prevalent_wind, want_wind, rnd=rnd)
    want_dealer = (game.log.first_dealer + rnd.kyoku) % 4
    if rnd.dealer != want_dealer:
        game.find(K.FLOW, "the dealer of the hand (the deal moves on after every hand)", rnd.dealer, want_dealer,
                  rnd=rnd)
