"""Comparing three-player payment schemes on played games: re-pay every sanma game under each.

Riichi only by nature: the eight schemes are riichi's three-player (sanma) payment rules.

The input is replayed games (:class:`~mjlog.replayer.Replay`); the hands are kept
as played and only payments change (see :mod:`mjlog.rules.riichi.sanma_repay`).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING
from dataclasses import dataclass

from mjlog.rules.results import Replay
from mjlog.rules.riichi.points import basic_points
from mjlog.rules.riichi.sanma_repay import HandRecord, HandWin, RepaidGame, repay_game
from mjlog.rules.riichi.sanma_schemes import SCHEMES
from mjlog.stats.intervals import wilson_interval

if TYPE_CHECKING:
    import polars as pl

    from mjlog.rules.knobs import RuleChoice


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


#: The groups of games every scheme is compared on: the same game ids for every scheme in each group.
GROUPS = ("stable", "flipped", "all")


def game_groups(comparisons: Sequence[GameComparison]) -> dict[str, list[GameComparison]]:
    """The games by group: ``stable`` ends where it did under every scheme, ``flipped`` would end
    elsewhere under at least one scheme (a bust that appears or disappears, an all-last stop that
    flips), ``all`` is both. A group holds the same games for every scheme."""
    flipped = [c for c in comparisons if any(r.flipped for r in c.results.values())]
    ids = {id(c) for c in flipped}
    return {"stable": [c for c in comparisons if id(c) not in ids], "flipped": flipped, "all": list(comparisons)}


def _tsumo_mean_interval(games: Sequence[GameComparison], scheme: str, dealer: bool) -> tuple[float | None, float | None]:
    """The 95 % interval of the mean dealer (or non-dealer) tsumo value, clustered by game
    (:mod:`mjlog.stats.clustered`); None where fewer than two games hold such a tsumo."""
    import polars as pl

    from mjlog.stats.clustered import ratio_intervals

    rows = [(i, float(v)) for i, c in enumerate(games) for d, v in c.results[scheme].tsumo_values if d == dealer]
    if len({i for i, _ in rows}) < 2:
        return None, None
    units = pl.DataFrame({"game_id": [i for i, _ in rows], "value": [v for _, v in rows], "_one": [1] * len(rows)})
    iv = ratio_intervals(units, [], "value", "_one", proportion=False)
    return float(iv["lo"][0]), float(iv["hi"][0])


def _scheme_row(games: Sequence[GameComparison], scheme: str, baseline: str) -> dict:
    """The figures of one scheme over one group of games (flipped ones kept as played)."""
    dealer_vals = [v for c in games for d, v in c.results[scheme].tsumo_values if d]
    child_vals = [v for c in games for d, v in c.results[scheme].tsumo_values if not d]
    winner_changed = placement_changes = seats = 0
    abs_delta = 0.0
    finals: list[int] = []
    for c in games:
        base, this = c.results[baseline], c.results[scheme]
        winner_changed += base.placements.index(0) != this.placements.index(0)
        placement_changes += sum(1 for a, b in zip(base.placements, this.placements) if a != b)
        abs_delta += sum(abs(a - b) for a, b in zip(base.points, this.points))
        seats += len(this.points)
        finals.extend(this.final_scores)
    mean = sum(finals) / len(finals) if finals else 0.0
    dealer_iv, child_iv = (_tsumo_mean_interval(games, scheme, d) for d in (True, False))
    # the baseline against itself changes no winner by construction: no interval
    change_iv = wilson_interval(winner_changed, len(games)) if games and scheme != baseline else (None, None)
    return {
        "scheme": scheme, "name": SCHEMES[scheme][0],
        "games": len(games),
        "flipped_games": sum(1 for c in games if c.results[scheme].flipped),
        "tsumo_wins": len(dealer_vals) + len(child_vals),
        "tsumo_points": sum(c.results[scheme].tsumo_points for c in games),
        "winner_changed": winner_changed,
        "placement_changes": placement_changes,
        "mean_dealer_tsumo": sum(dealer_vals) / len(dealer_vals) if dealer_vals else None,
        "mean_nondealer_tsumo": sum(child_vals) / len(child_vals) if child_vals else None,
        "mean_dealer_tsumo_lo": dealer_iv[0], "mean_dealer_tsumo_hi": dealer_iv[1],
        "mean_nondealer_tsumo_lo": child_iv[0], "mean_nondealer_tsumo_hi": child_iv[1],
        "mean_abs_point_delta": abs_delta / seats if seats else None,
        "score_variance": sum((x - mean) ** 2 for x in finals) / len(finals) if finals else None,
        "winner_change_rate": winner_changed / len(games) if games else None,
        "winner_change_rate_lo": change_iv[0], "winner_change_rate_hi": change_iv[1],
    }


def summarize(comparisons: Sequence[GameComparison], baseline: str = "tsumo-loss") -> pl.DataFrame:
    """One row per scheme and group of games (:func:`game_groups`): points moved by tsumo, mean
    tsumo values, changes against ``baseline``. Counts first, rates last.

    Every scheme of a group is computed on the same games. A flipped game is kept as played (its
    hands to the recorded end) and counted in ``flipped_games`` of the schemes under which it
    would have ended elsewhere. ``winner_changed`` counts games whose first place differs from the
    baseline's; ``placement_changes`` seats whose placement differs; ``mean_abs_point_delta`` is
    the mean absolute change of a seat's placement points; ``score_variance`` the variance of
    final scores. ``*_lo``, ``*_hi``: 95 % intervals, of the mean tsumo values clustered by game, of
    ``winner_change_rate`` Wilson's over the group's games (none for the baseline itself).
    """
    import polars as pl

    schemes = list(comparisons[0].results) if comparisons else []
    groups = game_groups(comparisons)
    rows = [{"group": g, **_scheme_row(groups[g], s, baseline)} for g in GROUPS for s in schemes]
    schema = {"group": pl.Utf8, "scheme": pl.Utf8, "name": pl.Utf8, "games": pl.Int64, "flipped_games": pl.Int64}
    return pl.DataFrame(rows) if rows else pl.DataFrame(schema=schema)


def sensitivity(summary: pl.DataFrame) -> pl.DataFrame:
    """How much each scheme's changes depend on the flipped games: its winner-change rate and mean
    placement-point change on the stable games, on all games, and on the flipped games alone."""
    import polars as pl

    if summary.is_empty():
        return pl.DataFrame()
    wide = summary.pivot(on="group", index="scheme", values=["winner_change_rate", "mean_abs_point_delta"],
                         maintain_order=True)
    return wide.with_columns(
        (pl.col("winner_change_rate_all") - pl.col("winner_change_rate_stable")).alias("winner_rate_shift"),
        (pl.col("mean_abs_point_delta_all") - pl.col("mean_abs_point_delta_stable")).alias("point_delta_shift"),
    )


# ---- from the store ---------------------------------------------------------------------------

_ROUNDS_SQL = """
SELECT r.game_id, r.round_index, r.kyoku, r.honba, r.sticks, r.dealer, r.start_scores, r.n_riichi,
       g.first_dealer, g.rule_set
FROM rounds r JOIN games g USING (game_id)
WHERE g.n_players = 3 AND NOT g.truncated AND r.complete
ORDER BY r.game_id, r.round_index
"""
_WINS_SQL = """
SELECT w.game_id, w.round_index, w.win_index, w.seat, w.from_seat, w.honba, w.sticks,
       coalesce(w.derived_han, w.han) AS han, coalesce(w.derived_fu, w.fu) AS fu,
       coalesce(w.derived_limit, w.limit) AS lim, w.yakuman_count, w.derived_pao_seat
FROM wins w JOIN games g USING (game_id)
WHERE g.n_players = 3 AND NOT g.truncated
"""
_DRAWS_SQL = """
SELECT d.game_id, d.round_index, d.kind, d.abortive, d.tenpai_seats, d.nagashi_seats, d.deltas, r.dealer
FROM draws d JOIN games g USING (game_id) JOIN rounds r USING (game_id, round_index)
WHERE g.n_players = 3 AND NOT g.truncated
"""
_DEPOSITS_SQL = """
SELECT p.game_id, p.round_index, p.payer AS seat, CAST(sum(p.amount) AS INTEGER) AS paid
FROM payments p JOIN games g USING (game_id)
WHERE g.n_players = 3 AND NOT g.truncated AND p.reason = 'riichi'
GROUP BY ALL
"""


def games_from_store(store, skipped: dict[str, str] | None = None
                     ) -> dict[str, tuple[list[HandRecord], tuple[int, ...], int, int, str]]:
    """Every complete sanma game in a :class:`~mjlog.store.Store` as re-payment records.

    Returns game id -> (hands, start scores, sticks left at the end, first dealer, rule set name).
    A game whose rows cannot be made into records is left out, with the reason in ``skipped``.
    """
    skipped = {} if skipped is None else skipped
    wins: dict[tuple[str, int], list[HandWin]] = {}
    for w in store.sql(_WINS_SQL + " ORDER BY game_id, round_index, win_index").iter_rows(named=True):
        try:
            basic = basic_points(w["han"], w["fu"], w["lim"], w["yakuman_count"] if w["lim"] == 5 else 0)
            if w["lim"] == 5 and not w["yakuman_count"]:
                basic = basic_points(13, 0, 5, 1)  # counted yakuman
        except Exception as exc:  # noqa: BLE001 - one game's odd values must not stop the comparison
            skipped.setdefault(w["game_id"], _reason(f"round {w['round_index']}", exc))
            continue
        wins.setdefault((w["game_id"], w["round_index"]), []).append(
            HandWin(w["seat"], w["from_seat"], basic, w["honba"] if w["win_index"] == 0 else 0,
                    w["sticks"] if w["win_index"] == 0 else 0, w["derived_pao_seat"]))
    draws = {(d["game_id"], d["round_index"]): d for d in store.sql(_DRAWS_SQL).iter_rows(named=True)}
    deposits: dict[tuple[str, int], dict[int, int]] = {}
    for p in store.sql(_DEPOSITS_SQL).iter_rows(named=True):
        deposits.setdefault((p["game_id"], p["round_index"]), {})[p["seat"]] = p["paid"]
    games: dict[str, tuple[list[HandRecord], tuple[int, ...], int, int, str]] = {}
    last_sticks: dict[str, int] = {}
    for r in store.sql(_ROUNDS_SQL).iter_rows(named=True):
        if r["game_id"] in skipped:
            continue
        try:
            key = (r["game_id"], r["round_index"])
            d = draws.get(key)
            dep = deposits.get(key, {})
            hw = tuple(wins.get(key, ()))
            nagashi = tuple(s in (d["nagashi_seats"] or []) for s in range(3)) if d and d["kind"] == "nm" else ()
            hand = HandRecord(
                kyoku=r["kyoku"], honba=r["honba"], dealer=r["dealer"],
                deposits=tuple(dep.get(s, 0) for s in range(3)),
                wins=hw,
                draw_deltas=tuple(d["deltas"]) if d else None,
                nagashi=nagashi,
                abortive=bool(d and d["abortive"]),
                dealer_tenpai=bool(d and r["dealer"] in (d["tenpai_seats"] or [])),
            )
            entry = games.setdefault(r["game_id"], ([], tuple(r["start_scores"]), 0, r["first_dealer"], r["rule_set"]))
            entry[0].append(hand)
            last_sticks[r["game_id"]] = 0 if hw else r["sticks"] + r["n_riichi"]
        except Exception as exc:  # noqa: BLE001 - one game's odd rows must not stop the comparison
            skipped.setdefault(r["game_id"], _reason(f"round {r['round_index']}", exc))
    return {g: (h, start, last_sticks[g], fd, rs) for g, (h, start, _, fd, rs) in games.items() if g not in skipped}


def _reason(where: str, exc: Exception) -> str:
    return f"{where}: {type(exc).__name__}: {exc}"


def compare_store(store, schemes: Sequence[str] = tuple(SCHEMES), skipped: list[str] | None = None,
                  save: bool = True, choice: RuleChoice | None = None) -> tuple[pl.DataFrame, pl.DataFrame]:
    """Re-pay every stored sanma game under each scheme and return (summary per scheme and group,
    per-seat results with each game's group); with ``save``, also store the per-seat results as
    ``scheme_results`` (a read-only store needs ``save=False``).

    A game that cannot be re-paid is left out of every scheme and the comparison goes on;
    ``skipped``, when given, receives one line per such game (its id and why). ``choice``
    (``--rules``/``--knob``) re-pays every game under that preset in place of its own, with the knobs
    changed (the scheme knob itself is each scheme's)."""
    import polars as pl
    import pyarrow as pa

    from mjlog.rules.riichi.ruleset import PRESETS

    comparisons = []
    rows: dict[str, list] = {k: [] for k in ("game_id", "scheme", "seat", "final_score", "placement",
                                             "placement_points", "flipped", "flips", "group")}
    failed: dict[str, str] = {}
    for gid, (hands, start, sticks, first_dealer, rule_set) in games_from_store(store, failed).items():
        base = PRESETS.get(rule_set.replace("+custom", ""), PRESETS["tenhou-3p-south"])
        if choice:
            base = choice.apply(choice.base(base))
        try:
            results = {s: repay_game(hands, start, sticks, base.replace(tsumo_scheme=s), first_dealer)
                       for s in schemes}
        except Exception as exc:  # noqa: BLE001 - one game must not stop the comparison
            failed[gid] = _reason("re-paying", exc)
            continue
        group = "flipped" if any(r.flipped for r in results.values()) else "stable"
        for s, res in results.items():
            for seat in range(len(res.final_scores)):
                rows["group"].append(group)
                rows["game_id"].append(gid)
                rows["scheme"].append(s)
                rows["seat"].append(seat)
                rows["final_score"].append(res.final_scores[seat])
                rows["placement"].append(res.placements[seat] + 1)
                rows["placement_points"].append(res.points[seat])
                rows["flipped"].append(res.flipped)
                rows["flips"].append("; ".join(res.flips))
        comparisons.append(GameComparison(gid, results))
    if skipped is not None:
        skipped.extend(f"{gid}: {why}" for gid, why in sorted(failed.items()))
    table = pa.table(rows)
    if save:
        store.replace_table("scheme_results", table)
    return summarize(comparisons), pl.from_arrow(table)
