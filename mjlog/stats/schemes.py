"""Comparing three-player payment schemes on played games: re-pay every sanma game under each.

Riichi only by nature: the eight schemes are riichi's three-player (sanma) payment rules.

The input is replayed games (:class:`~mjlog.replayer.Replay`) or a store's rows; the hands are
kept as played and only payments change (see :mod:`mjlog.rules.riichi.sanma_repay`). Each scheme
is judged against the baseline (tsumo-loss, Tenhou's) game by game: a game is *stable* under a
scheme when its end does not move, *flipped* when it would end elsewhere, and a flipped game is
stopped at its flip point or played out to its end (:class:`FlipHandling`), so every scheme is
compared on every game.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from mjlog.rules.results import Replay
from mjlog.rules.riichi.points import basic_points
from mjlog.rules.riichi.sanma_repay import FlipHandling, HandRecord, HandWin, PlayOut, RepaidGame, repay_game
from mjlog.rules.riichi.sanma_schemes import SCHEMES, scheme_reading
from mjlog.stats.intervals import wilson_interval

if TYPE_CHECKING:
    import polars as pl

    from mjlog.rules.knobs import RuleChoice
    from mjlog.rules.riichi.ruleset import RuleSet

#: The scheme every other one is judged against: Tenhou's, under which the corpus's games were played.
BASELINE = "tsumo-loss"


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
            sticks=r.sticks,
        ))
        sticks = 0 if r.wins else r.sticks + len(r.riichi)
    start = rep.rounds[0].start_scores if rep.rounds else ()
    return hands, start, sticks


@dataclass(frozen=True, slots=True)
class FlipChoice:
    """How flipped games are handled: ``handling``, and for a play-out the ``pool`` of recorded hands
    drawn from and the ``seed`` of the draws (each game's stream is ``"{seed}:{game id}"``, the same
    under every scheme, so the schemes see the same drawn hands)."""

    handling: FlipHandling = FlipHandling.STOP
    pool: tuple[HandRecord, ...] = ()
    seed: int = 1

    def play_out(self, game_id: str | None) -> PlayOut | None:
        """The play-out source of one game, or None when flipped games are not played out."""
        if self.handling is not FlipHandling.PLAY_OUT:
            return None
        return PlayOut(self.pool, f"{self.seed}:{game_id}")

    def describe(self) -> str:
        """The handling in words, for every output that shows re-paid games."""
        if self.handling is FlipHandling.STOP:
            return "flipped games stopped at their flip point (the first hand after which the end moves)"
        if self.handling is FlipHandling.PLAY_OUT:
            return ("flipped games stopped where the scheme ends them or, where it would have them go on, played "
                    "out from the recorded state by hands drawn uniformly, with replacement, from the compared "
                    "games' recorded hands (the rotation Monte Carlo's outcome pool), turned onto the dealer and "
                    f"re-paid under the scheme with the table's honba and sticks; seed {self.seed}")
        return "flipped games kept as played to their recorded end"


@dataclass(frozen=True, slots=True)
class GameComparison:
    """One game re-paid under every scheme."""

    source: str | None
    results: dict[str, RepaidGame]
    first_dealer: int = 0


def repay_schemes(hands: Sequence[HandRecord], start: Sequence[int], sticks: int, rules: RuleSet, first_dealer: int,
                  game_id: str | None, flips: FlipChoice, schemes: Sequence[str] = tuple(SCHEMES)) -> GameComparison:
    """One game re-paid under each scheme of ``schemes`` (``rules`` with its scheme knob set), flips
    handled as ``flips`` says."""
    play_out = flips.play_out(game_id)
    return GameComparison(game_id, {
        s: repay_game(hands, start, sticks, rules.replace(tsumo_scheme=s), first_dealer, flips.handling, play_out)
        for s in schemes}, first_dealer)


def compare_game(rep: Replay, schemes: Sequence[str] = tuple(SCHEMES),
                 flips: FlipChoice = FlipChoice(FlipHandling.AS_PLAYED)) -> GameComparison:
    """Re-pay one sanma game under each scheme (a play-out draws from ``flips.pool``)."""
    hands, start, sticks = hands_from_replay(rep)
    return repay_schemes(hands, start, sticks, rep.log.rules, rep.log.first_dealer, rep.log.source, flips, schemes)


def compare_games(replays: Iterable[Replay], schemes: Sequence[str] = tuple(SCHEMES),
                  flips: FlipChoice = FlipChoice(FlipHandling.AS_PLAYED)) -> list[GameComparison]:
    """Re-pay every complete sanma game; other games are skipped."""
    return [compare_game(rep, schemes, flips) for rep in replays
            if rep.log.rules.players == 3 and rep.log.final is not None and rep.rounds]


#: The groups of games a scheme's figures are given on: ``all`` (every game, flips handled) and ``stable``
#: (the games whose end does not move under that scheme: a different set for each scheme).
GROUPS = ("all", "stable")


def _units(comparisons: Sequence[GameComparison], baseline: str) -> dict[str, pl.DataFrame]:
    """The rows the figures are means of, per group and scheme, each against the baseline's result of
    its game: ``games`` (one per game), ``seats`` (one per seat), ``tsumo`` (one per tsumo win)."""
    import polars as pl

    rows: dict[str, list[dict]] = {"games": [], "seats": [], "tsumo": []}
    for g, c in enumerate(comparisons):
        base = c.results[baseline]
        for scheme, r in c.results.items():
            key = {"scheme": scheme, "game_id": g, "one": 1}
            deltas = [p - b for p, b in zip(r.points, base.points)]
            game = {**key, "flipped": r.flipped, "hands": r.hands, "played_out": r.played_out,
                    "tsumo_wins": len(r.tsumo_values), "tsumo_points": r.tsumo_points,
                    "winner_changed": r.placements.index(0) != base.placements.index(0),
                    "bust": min(r.final_scores) < 0, "first_dealer_point_delta": deltas[c.first_dealer]}
            seats = [{**key, "score": score, "placement_changed": r.placements[seat] != base.placements[seat],
                      "abs_point_delta": abs(deltas[seat])} for seat, score in enumerate(r.final_scores)]
            tsumo = [{**key, "dealer": dealer, "value": float(value)} for dealer, value in r.tsumo_values]
            for group in ("all",) if r.flipped else GROUPS:
                for name, new in (("games", [game]), ("seats", seats), ("tsumo", tsumo)):
                    rows[name].extend({"group": group, **row} for row in new)
    schema = {"group": pl.String, "scheme": pl.String, "game_id": pl.Int64, "one": pl.Int64}
    return {name: pl.DataFrame(r) if r else pl.DataFrame(schema=schema) for name, r in rows.items()}


def _with_intervals(out: pl.DataFrame, units: dict[str, pl.DataFrame], baseline: str) -> pl.DataFrame:
    """``out`` with the 95 % intervals of its means and rates: clustered by game (every game one
    cluster, :mod:`mjlog.stats.clustered`), Wilson's over the games for the per-game rates; none for the
    baseline's changes against itself (0 by construction) or where fewer than two games hold the units."""
    import polars as pl

    from mjlog.stats.clustered import join_intervals

    keys = ["group", "scheme"]
    for unit, num, name, proportion in (("games", "hands", "mean_hands", False),
                                        ("games", "first_dealer_point_delta", "first_dealer_point_delta", False),
                                        ("seats", "abs_point_delta", "mean_abs_point_delta", False),
                                        ("seats", "placement_changed", "placement_change_rate", True)):
        out = join_intervals(out, units[unit], keys, num, "one", name, proportion=proportion)
    for who, dealer in (("dealer", True), ("nondealer", False)):
        tsumo = units["tsumo"]
        tsumo = tsumo.filter(pl.col("dealer") == dealer) if tsumo.height else tsumo
        out = (join_intervals(out, tsumo, keys, "value", "one", f"mean_{who}_tsumo", proportion=False)
               if tsumo.height else out.with_columns(pl.lit(None, pl.Float64).alias(f"mean_{who}_tsumo_lo"),
                                                     pl.lit(None, pl.Float64).alias(f"mean_{who}_tsumo_hi")))
    for rate, count in (("winner_change_rate", "winner_changed"), ("bust_rate", "busts")):
        iv = [wilson_interval(k, n) for k, n in zip(out[count], out["games"])]
        out = out.with_columns(pl.Series(f"{rate}_lo", [lo for lo, _ in iv], pl.Float64),
                               pl.Series(f"{rate}_hi", [hi for _, hi in iv], pl.Float64))
    changes = ("first_dealer_point_delta", "mean_abs_point_delta", "placement_change_rate", "winner_change_rate")
    bounds = [c for c in out.columns if c.endswith(("_lo", "_hi"))]
    out = out.with_columns(pl.col(c).fill_nan(None) for c in bounds)
    return out.with_columns(pl.when(pl.col("scheme") == baseline).then(None).otherwise(pl.col(f"{c}_{end}"))
                            .alias(f"{c}_{end}") for c in changes for end in ("lo", "hi"))


#: The summary's columns: counts first, then means and rates, each followed by its interval.
SUMMARY_COLUMNS = ("group", "scheme", "name", "games", "flipped_games", "played_out_hands", "tsumo_wins",
                   "tsumo_points", "winner_changed", "placement_changes", "busts", "mean_hands",
                   "mean_dealer_tsumo", "mean_nondealer_tsumo", "first_dealer_point_delta", "mean_abs_point_delta",
                   "score_variance", "bust_rate", "placement_change_rate", "winner_change_rate")


def summarize(comparisons: Sequence[GameComparison], baseline: str = BASELINE) -> pl.DataFrame:
    """One row per group (:data:`GROUPS`) and scheme: each scheme against ``baseline``, game by game.

    ``games`` is the group's games (``all``: every game, the flipped ones stopped or played out as
    their results say; ``stable``: those whose end does not move under the scheme), ``flipped_games``
    the games of the group flipped under the scheme, ``played_out_hands`` the hands drawn to play
    them out. Against the baseline's result of the same game: ``winner_changed`` (games whose first
    place differs), ``placement_changes`` (seats), ``first_dealer_point_delta`` (the mean change of
    the first dealer's placement points), ``mean_abs_point_delta`` (of a seat's). Of the scheme's own
    games: ``busts``, ``mean_hands`` (game length), the mean tsumo values (hand value, no honba or
    sticks), ``score_variance`` (of final scores). ``*_lo``, ``*_hi``: 95 % intervals, clustered by
    game (:func:`_with_intervals`).
    """
    import polars as pl

    if not comparisons:
        return pl.DataFrame(schema={c: pl.Utf8 if c in ("group", "scheme", "name") else pl.Float64
                                    for c in SUMMARY_COLUMNS})
    units = _units(comparisons, baseline)
    keys = ["group", "scheme"]
    schemes = list(comparisons[0].results)
    grid = pl.DataFrame({"group": [g for g in GROUPS for _ in schemes], "scheme": schemes * len(GROUPS)})
    games = units["games"].group_by(keys).agg(
        pl.len().alias("games"), pl.col("flipped").sum().alias("flipped_games"),
        pl.col("played_out").sum().alias("played_out_hands"), pl.col("tsumo_wins").sum(), pl.col("tsumo_points").sum(),
        pl.col("winner_changed").sum(), pl.col("bust").sum().alias("busts"),
        pl.col("hands").cast(pl.Float64).mean().alias("mean_hands"), pl.col("first_dealer_point_delta").mean(),
        pl.col("winner_changed").mean().alias("winner_change_rate"), pl.col("bust").mean().alias("bust_rate"))
    seats = units["seats"].group_by(keys).agg(
        pl.col("placement_changed").sum().alias("placement_changes"), pl.col("abs_point_delta").mean()
        .alias("mean_abs_point_delta"), pl.col("score").cast(pl.Float64).var(ddof=0).alias("score_variance"),
        pl.col("placement_changed").mean().alias("placement_change_rate"))
    tsumo = units["tsumo"]
    means = (tsumo.group_by(keys).agg(pl.col("value").filter(pl.col("dealer")).mean().alias("mean_dealer_tsumo"),
                                      pl.col("value").filter(~pl.col("dealer")).mean().alias("mean_nondealer_tsumo"))
             if tsumo.height else grid.with_columns(pl.lit(None, pl.Float64).alias("mean_dealer_tsumo"),
                                                    pl.lit(None, pl.Float64).alias("mean_nondealer_tsumo")))
    out = (grid.join(games, on=keys, how="left").join(seats, on=keys, how="left").join(means, on=keys, how="left")
           .with_columns(pl.col("scheme").replace_strict({s: SCHEMES[s][0] for s in schemes}).alias("name"))
           .with_columns(pl.col(c).fill_null(0) for c in ("games", "flipped_games", "played_out_hands", "tsumo_wins",
                                                          "tsumo_points", "winner_changed", "placement_changes",
                                                          "busts")))
    out = _with_intervals(out.select(SUMMARY_COLUMNS), units, baseline)
    ordered = [c for base in SUMMARY_COLUMNS for c in (base, f"{base}_lo", f"{base}_hi") if c in out.columns]
    return out.select(ordered)


def sensitivity(summary: pl.DataFrame) -> pl.DataFrame:
    """How much each scheme's changes depend on its flipped games: its winner-change rate and mean
    placement-point change on all games (flips handled) and on its stable games alone."""
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
                sticks=r["sticks"],
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
                  save: bool = True, choice: RuleChoice | None = None,
                  flips: FlipChoice | None = None) -> tuple[pl.DataFrame, pl.DataFrame]:
    """Re-pay every stored sanma game under each scheme and return (summary per group and scheme,
    :func:`summarize`; per-seat results); with ``save``, also store the per-seat results as
    ``scheme_results`` (a read-only store needs ``save=False``).

    ``flips`` says what becomes of a game flipped under a scheme (default: stopped at its flip point);
    a play-out draws from the hands of every stored sanma game, whatever ``flips.pool`` holds. A game
    that cannot be re-paid is left out of every scheme and the comparison goes on; ``skipped``, when
    given, receives one line per such game (its id and why). ``choice`` (``--rules``/``--knob``)
    re-pays every game under that preset in place of its own, with the knobs changed (the scheme knob
    itself is each scheme's). The summary names the reading of each scheme (``reading``) and the
    handling of flips (``flips``)."""
    import polars as pl
    import pyarrow as pa

    from mjlog.rules.riichi.ruleset import PRESETS

    failed: dict[str, str] = {}
    games = games_from_store(store, failed)
    flips = flips or FlipChoice()
    if flips.handling is FlipHandling.PLAY_OUT:
        flips = FlipChoice(flips.handling, tuple(h for gid in sorted(games) for h in games[gid][0]), flips.seed)
    comparisons = []
    rows: dict[str, list] = {k: [] for k in ("game_id", "scheme", "seat", "final_score", "placement",
                                             "placement_points", "flipped", "flips", "group", "handling", "hands",
                                             "played_out", "end")}
    readings: dict[str, str] = {}
    for gid, (hands, start, sticks, first_dealer, rule_set) in games.items():
        base = PRESETS.get(rule_set.replace("+custom", ""), PRESETS["tenhou-3p-south"])
        if choice:
            base = choice.apply(choice.base(base))
        try:
            comparison = repay_schemes(hands, start, sticks, base, first_dealer, gid, flips, schemes)
        except Exception as exc:  # noqa: BLE001 - one game must not stop the comparison
            failed[gid] = _reason("re-paying", exc)
            continue
        for s in schemes:
            readings.setdefault(s, scheme_reading(base.replace(tsumo_scheme=s)))
        for s, res in comparison.results.items():
            for seat in range(len(res.final_scores)):
                for k, v in (("group", "flipped" if res.flipped else "stable"), ("game_id", gid), ("scheme", s),
                             ("seat", seat), ("final_score", res.final_scores[seat]),
                             ("placement", res.placements[seat] + 1), ("placement_points", res.points[seat]),
                             ("flipped", res.flipped), ("flips", "; ".join(res.flips)),
                             ("handling", str(res.handling)), ("hands", res.hands), ("played_out", res.played_out),
                             ("end", res.end)):
                    rows[k].append(v)
        comparisons.append(comparison)
    if skipped is not None:
        skipped.extend(f"{gid}: {why}" for gid, why in sorted(failed.items()))
    table = pa.table(rows)
    if save:
        store.replace_table("scheme_results", table)
    named = ("group", "scheme", "name", "reading", "flips")
    summary = summarize(comparisons).with_columns(
        pl.col("scheme").replace_strict(readings, default="").alias("reading"),
        pl.lit(str(flips.handling)).alias("flips"))
    return summary.select(*named, pl.exclude(*named)), pl.from_arrow(table)
