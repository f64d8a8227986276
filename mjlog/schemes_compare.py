"""Comparing three-player payment schemes on played games: re-pay every sanma game under each.

The input is replayed games (:class:`~mjlog.replay.Replay`); the hands are kept
as played and only payments change (see :mod:`mjlog.rules.sanma_repay`).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from mjlog.replay.results import Replay
from mjlog.rules.riichi.points import basic_points
from mjlog.rules.sanma_repay import HandRecord, HandWin, RepaidGame, repay_game
from mjlog.rules.sanma_schemes import SCHEMES


def hands_from_replay(rep: Replay) -> tuple[list[HandRecord], tuple[int, ...], int]:
    """The hands of a replayed game as re-payment records, its start scores and final sticks."""
    hands = []
    sticks = 0
    for r in rep.rounds:
        wins = []
        for j, w in enumerate(r.wins):
            v = w.value
            basic = basic_points(v.han, v.fu, v.limit, v.yakuman_count) if v.limit else v.basic
            wins.append(HandWin(w.who, w.from_who, basic, r.honba if j == 0 else 0,
                                (r.sticks + len(r.riichi)) if j == 0 else 0, w.pao_who))
        draw = r.draw
        hands.append(HandRecord(
            kyoku=r.kyoku, honba=r.honba, dealer=r.dealer,
            deposits=tuple(r.deposits) if r.deposits else (0,) * len(r.start_scores),
            wins=tuple(wins),
            draw_deltas=draw.deltas if draw is not None else None,
            nagashi=draw.nagashi if draw is not None and draw.kind.value == "nm" else (),
            abortive=draw is not None and draw.kind.abortive,
            dealer_tenpai=draw is not None and draw.tenpai[r.dealer],
        ))
        sticks = 0 if r.wins else r.sticks + len(r.riichi)
    start = rep.rounds[0].start_scores if rep.rounds else ()
    return hands, start, sticks


@dataclass(frozen=True, slots=True)
class GameComparison:
    """One game re-paid under every scheme."""

    source: str | None
    results: dict[str, RepaidGame]


def compare_game(rep: Replay, schemes: Sequence[str] = tuple(SCHEMES)) -> GameComparison:
    """Re-pay one sanma game under each scheme."""
    hands, start, sticks = hands_from_replay(rep)
    rules = rep.log.rules
    return GameComparison(rep.log.source, {
        s: repay_game(hands, start, sticks, rules.replace(tsumo_scheme=s), rep.log.first_dealer) for s in schemes
    })


def compare_games(replays: Iterable[Replay], schemes: Sequence[str] = tuple(SCHEMES)) -> list[GameComparison]:
    """Re-pay every complete sanma game; other games are skipped."""
    out = []
    for rep in replays:
        if rep.log.rules.players == 3 and rep.log.final is not None and rep.rounds:
            out.append(compare_game(rep, schemes))
    return out
