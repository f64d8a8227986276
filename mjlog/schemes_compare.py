"""Comparing three-player payment schemes on played games: re-pay every sanma game under each.

The input is replayed games (:class:`~mjlog.replay.Replay`); the hands are kept
as played and only payments change (see :mod:`mjlog.rules.sanma_repay`).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING
from dataclasses import dataclass

from mjlog.replay.results import Replay
from mjlog.rules.riichi.points import basic_points
from mjlog.rules.sanma_repay import HandRecord, HandWin, RepaidGame, repay_game
from mjlog.rules.sanma_schemes import SCHEMES

if TYPE_CHECKING:
    import polars as pl


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


def summarize(comparisons: Sequence[GameComparison], baseline: str = "tsumo-loss") -> "pl.DataFrame":
    """One row per scheme: points moved by tsumo, mean tsumo values, changes against ``baseline``.

    Counts first, rates last. Games whose end would move under a scheme
    (``flipped_games``) are set apart: the change columns count only the
    other games. ``winner_changed`` counts games whose first place differs
    from the baseline's; ``placement_changes`` counts seats whose placement
    differs; ``mean_abs_point_delta`` is the mean absolute change of a seat's
    placement points; ``score_variance`` the variance of final scores.
    """
    import polars as pl

    rows = []
    schemes = list(comparisons[0].results) if comparisons else []
    for scheme in schemes:
        kept = [c for c in comparisons if not c.results[scheme].flipped]
        flipped = len(comparisons) - len(kept)
        tsumo_points = sum(c.results[scheme].tsumo_points for c in comparisons)
        dealer_vals = [v for c in comparisons for d, v in c.results[scheme].tsumo_values if d]
        child_vals = [v for c in comparisons for d, v in c.results[scheme].tsumo_values if not d]
        winner_changed = placement_changes = 0
        abs_delta = 0.0
        seats = 0
        finals: list[int] = []
        for c in kept:
            base, this = c.results[baseline], c.results[scheme]
            winner_changed += base.placements.index(0) != this.placements.index(0)
            placement_changes += sum(1 for a, b in zip(base.placements, this.placements) if a != b)
            abs_delta += sum(abs(a - b) for a, b in zip(base.points, this.points))
            seats += len(this.points)
            finals.extend(this.final_scores)
        mean = sum(finals) / len(finals) if finals else 0.0
        rows.append({
            "scheme": scheme,
            "name": SCHEMES[scheme][0],
            "games": len(comparisons),
            "flipped_games": flipped,
            "compared_games": len(kept),
            "tsumo_wins": len(dealer_vals) + len(child_vals),
            "tsumo_points": tsumo_points,
            "winner_changed": winner_changed,
            "placement_changes": placement_changes,
            "mean_dealer_tsumo": sum(dealer_vals) / len(dealer_vals) if dealer_vals else None,
            "mean_nondealer_tsumo": sum(child_vals) / len(child_vals) if child_vals else None,
            "mean_abs_point_delta": abs_delta / seats if seats else None,
            "score_variance": sum((x - mean) ** 2 for x in finals) / len(finals) if finals else None,
            "winner_change_rate": winner_changed / len(kept) if kept else None,
        })
    return pl.DataFrame(rows)
