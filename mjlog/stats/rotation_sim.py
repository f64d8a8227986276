"""What-if Monte Carlo of dealer rotation rules: replay resampled recorded rounds under other rotation rules.

Model (its assumptions, which bound what the results mean):

1. A round's outcome is drawn independently, with replacement and uniformly, from the pool of
   recorded complete rounds of the same player count (:func:`outcome_pool`). An outcome is the
   round's score change per seat *relative to the dealer* (dealer, next seat, ...) and whether the
   dealer won, anyone won, the draw was abortive, and the dealer was tenpai at a draw. Outcomes
   are conditioned on who deals (the deltas are rotated onto the current dealer) and on nothing
   else: not on scores, the round wind, honba, all-last tactics, or the players' skill.
2. Score changes are the hand payments only (``payments`` reasons ``hand``, ``pao``, ``noten``, ``nagashi``):
   riichi deposits, collected sticks and honba payments are left out, so each round is zero-sum
   and the simulated honba and sticks only steer the rotation (``next_hand``), never the scores.
3. Rotation and game end are :func:`mjlog.rules.riichi.flow.next_hand` under each rule set's knobs
   (renchan, agari-yame / tenpai-yame, bust, target and sudden-death extension); placement ties go
   to the seat nearer the first dealer (seat 0). A rule without abortive draws
   (``abortive_draws=False``) draws only from the pool's other rounds.
4. A game stops after ``max_rounds`` rounds (``capped``), which only a rule that renchans on
   every outcome of a pool can reach.
5. The random stream is ``random.Random(seed)``, one per rule, so a seed gives the same games, and
   each rule sees the same sequence of draws (common random numbers).

Rotation rules (:func:`rotation_rules`), each a ``RuleSet.replace`` of the base rule set:

- ``tenhou``: renchan on a dealer win or dealer tenpai at a draw; all-last win-stop and tenpai-stop.
- ``dealer_win_only``: renchan only on a dealer win (a draw passes the deal); win-stop kept.
- ``no_renchan`` (Chinese Official): the deal always passes; no abortive draws, no win-stop.
- ``win_or_draw`` (Beijing): renchan on a dealer win or any draw; no win-stop or tenpai-stop.

Bust, target and extension stay as in the base rule set for all four, so the rules differ only
in rotation.

Intervals: :func:`rotation_bootstrap` resamples the recorded games (a bootstrap by game) and
plays each replicate again, which gives every summary figure a standard error that holds both
the sampling error of the recorded rounds and the Monte Carlo error.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import polars as pl

from mjlog.rules.riichi.flow import HandEnd, next_hand, seat_order_rank
from mjlog.rules.riichi.ruleset import RuleSet
from mjlog.stats.dealer import round_outcomes
from mjlog.stats.intervals import Z95

#: Payment reasons that make up a round's hand payments (no riichi deposits, sticks or honba).
HAND_REASONS = ("hand", "pao", "noten", "nagashi")


@dataclass(frozen=True, slots=True)
class RoundOutcome:
    """One resampled round: score changes relative to the dealer (index 0 = dealer, 1 = next seat...)."""

    deltas: tuple[int, ...]
    dealer_won: bool = False
    any_win: bool = False
    abortive: bool = False
    dealer_tenpai: bool = False

    def hand_end(self) -> HandEnd:
        """The :class:`HandEnd` the flow rules need."""
        return HandEnd(dealer_won=self.dealer_won, any_win=self.any_win, abortive=self.abortive,
                       dealer_tenpai=self.dealer_tenpai)


def outcome_pool(rounds: pl.DataFrame, wins: pl.DataFrame, draws: pl.DataFrame,
                 payments: pl.DataFrame) -> pl.DataFrame:
    """One row per complete recorded round: game_id, round_index, rule_set, ``n_players``, ``deltas``
    (hand payments per seat relative to the dealer, a list), ``dealer_won``, ``any_win``, ``abortive``,
    ``dealer_tenpai``."""
    o = round_outcomes(rounds, wins, draws)
    key = ["game_id", "round_index"]
    pay = (payments.filter(pl.col("reason").is_in(list(HAND_REASONS)))
           .group_by(*key, pl.col("seat").cast(pl.Int64)).agg(pl.col("points").cast(pl.Int64).sum().alias("_p")))
    seats = (o.select(*key, "dealer", "n_players")
             .with_columns(pl.int_ranges(pl.col("n_players").cast(pl.Int64)).alias("seat")).explode("seat"))
    seats = (seats.join(pay, on=[*key, "seat"], how="left")
             .with_columns(pl.col("_p").fill_null(0),
                           ((pl.col("seat") - pl.col("dealer").cast(pl.Int64)) % pl.col("n_players").cast(pl.Int64))
                           .alias("_rel")))
    deltas = seats.sort(*key, "_rel").group_by(key, maintain_order=True).agg(pl.col("_p").alias("deltas"))
    return (o.join(deltas, on=key, how="left")
            .select(*key, "rule_set", pl.col("n_players").cast(pl.Int64), "deltas", "dealer_won", "any_win",
                    "abortive", "dealer_tenpai")
            .sort(key))


def pool_outcomes(pool: pl.DataFrame) -> tuple[RoundOutcome, ...]:
    """The rows of an :func:`outcome_pool` frame as :class:`RoundOutcome` values, in order."""
    return tuple(RoundOutcome(tuple(int(x) for x in r["deltas"]), bool(r["dealer_won"]), bool(r["any_win"]),
                              bool(r["abortive"]), bool(r["dealer_tenpai"]))
                 for r in pool.iter_rows(named=True))


def rotation_rules(base: RuleSet) -> dict[str, RuleSet]:
    """The four rotation rules of the module docstring, as knob changes of ``base``."""
    return {
        "tenhou": base,
        "dealer_win_only": base.replace(name=f"{base.name}+dealer-win-only", renchan_on_dealer_tenpai=False,
                                        renchan_on_any_draw=False, tenpai_yame=False),
        "no_renchan": base.replace(name=f"{base.name}+no-renchan", renchan_on_dealer_win=False,
                                   renchan_on_dealer_tenpai=False, renchan_on_any_draw=False, agari_yame=False,
                                   tenpai_yame=False, abortive_draws=False),
        "win_or_draw": base.replace(name=f"{base.name}+win-or-draw", renchan_on_dealer_win=True,
                                    renchan_on_any_draw=True, agari_yame=False, tenpai_yame=False),
    }


def simulate_games(pool: Sequence[RoundOutcome], rules: RuleSet, n_games: int, seed: int,
                   max_rounds: int = 200, name: str = "") -> pl.DataFrame:
    """Play ``n_games`` games under ``rules`` from outcomes drawn out of ``pool`` (see the module docstring).

    One row per seat per game: ``rule`` (``name``), ``game``, ``seat`` (0 deals first), ``n_rounds``,
    ``end_reason`` (next_hand's reason, or ``capped``), ``final_score``, ``placement`` (1 = first),
    ``dealer_rounds`` and ``dealer_points`` (score change summed over the rounds the seat dealt).
    """
    n = rules.players
    usable = [o for o in pool if len(o.deltas) == n and (rules.abortive_draws or not o.abortive)]
    if not usable:
        raise ValueError(f"no {n}-player outcomes in the pool")
    rng = random.Random(seed)
    cols: dict[str, list] = {k: [] for k in ("rule", "game", "seat", "n_rounds", "end_reason", "final_score",
                                              "placement", "dealer_rounds", "dealer_points")}
    for g in range(n_games):
        scores = [rules.start_points] * n
        kyoku = honba = sticks = 0
        d_rounds = [0] * n
        d_points = [0] * n
        played = 0
        reason = "capped"
        while played < max_rounds:
            o = usable[rng.randrange(len(usable))]
            dealer = kyoku % 4
            for s in range(n):
                scores[s] += o.deltas[(s - dealer) % n]
            d_rounds[dealer] += 1
            d_points[dealer] += o.deltas[0]
            played += 1
            nxt = next_hand(kyoku, honba, sticks, o.hand_end(), scores, rules)
            if nxt.game_over:
                reason = nxt.reason
                break
            kyoku, honba, sticks = nxt.kyoku, nxt.honba, nxt.sticks
        rank = seat_order_rank(scores)
        for s in range(n):
            for k, v in (("rule", name or rules.name), ("game", g), ("seat", s), ("n_rounds", played),
                         ("end_reason", reason), ("final_score", scores[s]), ("placement", rank[s] + 1),
                         ("dealer_rounds", d_rounds[s]), ("dealer_points", d_points[s])):
                cols[k].append(v)
    return pl.DataFrame(cols, schema={"rule": pl.String, "game": pl.Int64, "seat": pl.Int64, "n_rounds": pl.Int64,
                                      "end_reason": pl.String, "final_score": pl.Int64, "placement": pl.Int64,
                                      "dealer_rounds": pl.Int64, "dealer_points": pl.Int64})


def simulate_rotation(pool: Sequence[RoundOutcome], rules: Mapping[str, RuleSet], n_games: int, seed: int,
                      max_rounds: int = 200) -> pl.DataFrame:
    """:func:`simulate_games` under every named rule (same ``seed`` for each), stacked."""
    return pl.concat([simulate_games(pool, rs, n_games, seed, max_rounds, name) for name, rs in rules.items()])


def rotation_summary(sim: pl.DataFrame) -> pl.DataFrame:
    """Per ``rule``: ``games``, ``capped`` games; then ``mean_rounds``, ``sd_rounds`` (game length),
    ``dealer_rounds_per_player`` and ``dealer_points_per_player`` (mean per player-game: the dealer
    advantage a seat collects in a game), ``dealer_points_per_round``, ``first_dealer_avg_placement``
    and ``first_dealer_top_rate`` (seat 0)."""
    games = sim.filter(pl.col("seat") == 0)
    per_game = games.group_by("rule", maintain_order=True).agg(
        pl.len().cast(pl.Int64).alias("games"),
        (pl.col("end_reason") == "capped").sum().cast(pl.Int64).alias("capped"),
        pl.col("n_rounds").cast(pl.Float64).mean().alias("mean_rounds"),
        pl.col("n_rounds").cast(pl.Float64).std().alias("sd_rounds"),
        pl.col("placement").cast(pl.Float64).mean().alias("first_dealer_avg_placement"),
        (pl.col("placement") == 1).mean().alias("first_dealer_top_rate"),
    )
    per_seat = sim.group_by("rule", maintain_order=True).agg(
        pl.col("dealer_rounds").cast(pl.Float64).mean().alias("dealer_rounds_per_player"),
        pl.col("dealer_points").cast(pl.Float64).mean().alias("dealer_points_per_player"),
        (pl.col("dealer_points").sum() / pl.col("dealer_rounds").sum()).alias("dealer_points_per_round"),
    )
    return per_game.join(per_seat, on="rule", how="left", maintain_order="left").select(
        "rule", "games", "capped", "mean_rounds", "sd_rounds", "dealer_rounds_per_player",
        "dealer_points_per_player", "dealer_points_per_round", "first_dealer_avg_placement", "first_dealer_top_rate")


def game_length_distribution(sim: pl.DataFrame) -> pl.DataFrame:
    """Per ``rule`` and ``n_rounds``: ``games``, then ``share``."""
    g = sim.filter(pl.col("seat") == 0)
    out = g.group_by("rule", "n_rounds").agg(pl.len().cast(pl.Int64).alias("games"))
    return out.with_columns((pl.col("games") / pl.col("games").sum().over("rule")).alias("share")).sort(
        "rule", "n_rounds")


def placement_by_start_seat(sim: pl.DataFrame) -> pl.DataFrame:
    """Per ``rule``, starting ``seat`` and ``placement``: ``games``, then ``share`` of the seat's games."""
    out = sim.group_by("rule", "seat", "placement").agg(pl.len().cast(pl.Int64).alias("games"))
    return out.with_columns((pl.col("games") / pl.col("games").sum().over("rule", "seat")).alias("share")).sort(
        "rule", "seat", "placement")


def avg_placement_by_start_seat(sim: pl.DataFrame) -> pl.DataFrame:
    """Per ``rule`` and starting ``seat``: ``games`` and ``avg_placement`` (1 = first)."""
    return sim.group_by("rule", "seat").agg(pl.len().cast(pl.Int64).alias("games"),
                                            pl.col("placement").cast(pl.Float64).mean().alias("avg_placement")
                                            ).sort("rule", "seat")


def end_reasons(sim: pl.DataFrame) -> pl.DataFrame:
    """Per ``rule`` and ``end_reason`` (bust, target reached, last hand played, dealer stops as first,
    capped): ``games``, then ``share``."""
    g = sim.filter(pl.col("seat") == 0)
    out = g.group_by("rule", "end_reason").agg(pl.len().cast(pl.Int64).alias("games"))
    return out.with_columns((pl.col("games") / pl.col("games").sum().over("rule")).alias("share")).sort(
        "rule", "end_reason")


#: The figures of :func:`rotation_summary` that :func:`rotation_bootstrap` gives intervals for.
SUMMARY_FIGURES = ("mean_rounds", "dealer_rounds_per_player", "dealer_points_per_player", "dealer_points_per_round",
                   "first_dealer_avg_placement", "first_dealer_top_rate")


def bootstrap_runs(pool: pl.DataFrame, rules: Mapping[str, RuleSet], n_games: int, seed: int,
                   replicates: int = 40, max_rounds: int = 200) -> list[pl.DataFrame]:
    """The bootstrap replicates of :func:`rotation_bootstrap`: each draws the pool's recorded games with
    replacement (all the rounds of a drawn game, as often as it is drawn) and plays ``n_games`` games per
    rule from them with a seed of its own; one :func:`simulate_rotation` frame per replicate."""
    ids = pool["game_id"].unique().sort().to_list()
    by_game = pool.partition_by("game_id", as_dict=True, maintain_order=True)
    rng = random.Random(seed)
    runs = []
    for _ in range(replicates):
        sample = pl.concat([by_game[(ids[rng.randrange(len(ids))],)] for _ in ids])
        runs.append(simulate_rotation(pool_outcomes(sample), rules, n_games, rng.randrange(2**31), max_rounds))
    return runs


def bootstrap_intervals(main: pl.DataFrame, replicas: Sequence[pl.DataFrame], keys: Sequence[str], value: str,
                        z: float = Z95, bounds: tuple[float, float] | None = None) -> pl.DataFrame:
    """``main`` with ``lo``, ``hi`` and ``se`` of its column ``value``: ``se`` is the standard deviation of
    ``value`` over the ``replicas`` (the same table computed on each bootstrap run, a row missing from a
    replica counted as 0), the interval ``value ± z·se``, clipped to ``bounds`` (e.g. (0, 1) for a share)."""
    keys = list(keys)
    reps = pl.concat([r.select(*keys, pl.col(value).cast(pl.Float64).alias("_v")).with_columns(pl.lit(i).alias("_r"))
                      for i, r in enumerate(replicas)])
    grid = reps.select("_r").unique().join(pl.concat([main.select(keys), reps.select(keys)]).unique(), how="cross")
    se = (grid.join(reps, on=[*keys, "_r"], how="left").with_columns(pl.col("_v").fill_null(0.0))
          .group_by(keys).agg(pl.col("_v").std().alias("se")))
    out = main.join(se, on=keys, how="left")
    lo, hi = pl.col(value) - z * pl.col("se"), pl.col(value) + z * pl.col("se")
    if bounds is not None:
        lo, hi = pl.max_horizontal(lo, pl.lit(bounds[0])), pl.min_horizontal(hi, pl.lit(bounds[1]))
    return out.with_columns(lo.alias("lo"), hi.alias("hi"))


def rotation_bootstrap(pool: pl.DataFrame, rules: Mapping[str, RuleSet], n_games: int, seed: int,
                       replicates: int = 40, replicate_games: int | None = None, max_rounds: int = 200,
                       z: float = Z95, runs: Sequence[pl.DataFrame] | None = None) -> pl.DataFrame:
    """Intervals of the :func:`rotation_summary` figures by a bootstrap by recorded game.

    ``pool`` is an :func:`outcome_pool` frame. The figures (``value``) are those of ``n_games``
    games per rule played from the whole pool with ``seed``. Each of the ``replicates`` draws the
    pool's recorded games with replacement (all the rounds of a drawn game, as often as it is
    drawn, so the correlation of rounds within a game is kept) and plays ``replicate_games``
    games per rule (default ``n_games``) from that pool with a seed of its own (:func:`bootstrap_runs`;
    ``runs`` passes them in when already played). ``se`` is the replicates' standard deviation, and
    the interval is ``value ± z·se`` (95 %): it holds the sampling error of the recorded rounds and the
    Monte Carlo error of ``replicate_games`` games (more than that of the main run when
    ``replicate_games < n_games``, so then it is wider than it needs to be).

    One row per ``rule`` and ``figure``: ``value``, ``lo``, ``hi``, ``se``, ``replicates``, ``games``
    (recorded games in the pool).
    """
    main = rotation_summary(simulate_rotation(pool_outcomes(pool), rules, n_games, seed, max_rounds))
    if runs is None:
        runs = bootstrap_runs(pool, rules, replicate_games or n_games, seed, replicates, max_rounds)
    reps = [rotation_summary(r).with_columns(pl.lit(b).alias("replicate")) for b, r in enumerate(runs)]
    se = (pl.concat(reps).unpivot(index=["rule", "replicate"], on=list(SUMMARY_FIGURES), variable_name="figure")
          .group_by("rule", "figure").agg(pl.col("value").std().alias("se")))
    value = main.unpivot(index="rule", on=list(SUMMARY_FIGURES), variable_name="figure")
    order = {name: i for i, name in enumerate(rules)}
    figures = {f: i for i, f in enumerate(SUMMARY_FIGURES)}
    out = value.join(se, on=["rule", "figure"], how="left").with_columns(
        (pl.col("value") - z * pl.col("se")).alias("lo"), (pl.col("value") + z * pl.col("se")).alias("hi"),
        pl.lit(len(runs), pl.Int64).alias("replicates"), pl.lit(pool["game_id"].n_unique(), pl.Int64).alias("games"),
        pl.col("rule").replace_strict(order, return_dtype=pl.Int64).alias("_o"),
        pl.col("figure").replace_strict(figures, return_dtype=pl.Int64).alias("_f"))
    return out.sort("_o", "_f").select("rule", "figure", "value", "lo", "hi", "se", "replicates", "games")
