"""Dealer rotation as recorded: dealer wins, renchan, streaks, honba, game length, dealer points, game ends.

Definitions:

- **dealer win**: a complete round in which the dealer is among the winners (a double ron
  with the dealer among the two winners is one dealer win).
- **renchan**: the next round of the same game has the same kyoku (the dealer keeps the
  deal); the last round of a game has no next round and is left out of the rate's denominator.
  Its cause is the round's result: a dealer win, a draw with the dealer tenpai (exhaustive
  or nagashi mangan), an abortive draw, or something else (never under Tenhou's rules).
- **dealership**: a maximal run of rounds of one game with the same kyoku; its streak is the
  number of renchan in it (run length - 1).
- **points as dealer**: a seat's score change (``end_scores - start_scores``, riichi deposits
  and collected sticks included) summed over the rounds it dealt; leftover sticks paid to
  first place at the end are in no round and are not counted.
- **game end** (the last round of each game): ``bust`` (a score below zero), ``win-stop``
  (the dealer won the last round: agari-yame), ``tenpai-stop`` (a draw with the dealer tenpai:
  tenpai-yame), ``deal passed`` (a non-dealer win or dealer noten at or after the all-last);
  ``in_extension`` when the last round is past the regular all-last (West in a hanchan).
"""

from __future__ import annotations

from collections.abc import Sequence

import polars as pl

from mjlog.stats.clustered import join_intervals
from mjlog.stats.frames import GROUP
from mjlog.stats.sheet import _complete_rounds, _done, _g, _rate, _share, _share_intervals

ENDINGS = ("bust", "win-stop", "tenpai-stop", "deal passed")


def round_outcomes(rounds: pl.DataFrame, wins: pl.DataFrame, draws: pl.DataFrame) -> pl.DataFrame:
    """One row per complete round: the round's columns and ``dealer_won``, ``any_win``, ``abortive``,
    ``dealer_tenpai``, ``renchan`` (null for a game's last round), ``last_in_game``, ``min_end_score``,
    ``extension`` (past the regular all-last) and ``cause`` (of the renchan: win, tenpai, abortive, other)."""
    key = ["game_id", "round_index"]
    r = rounds.sort(key).with_columns(
        pl.col("kyoku").shift(-1).over("game_id", order_by="round_index").alias("_next_kyoku"))
    dw = (wins.filter(pl.col("dealer")).select(key).unique().with_columns(pl.lit(True).alias("dealer_won")))
    d = draws.select(*key, pl.col("abortive").alias("_abortive"), pl.col("tenpai_seats")).unique(key)
    r = (r.join(dw, on=key, how="left").join(d, on=key, how="left")
         .with_columns(
             pl.col("dealer_won").fill_null(False),
             (pl.col("n_wins") > 0).alias("any_win"),
             pl.col("_abortive").fill_null(False).alias("abortive"),
             pl.col("tenpai_seats").list.contains(pl.col("dealer")).fill_null(False).alias("dealer_tenpai"),
             (pl.col("kyoku") == pl.col("_next_kyoku")).alias("renchan"),
             pl.col("_next_kyoku").is_null().alias("last_in_game"),
             pl.col("end_scores").list.min().alias("min_end_score"),
             (pl.col("kyoku") > pl.when(pl.col("length") == "east").then(0).otherwise(4)
              + pl.col("n_players").cast(pl.Int64) - 1).alias("extension"),
         ))
    r = r.with_columns(
        pl.when(pl.col("dealer_won")).then(pl.lit("win"))
        .when(pl.col("abortive")).then(pl.lit("abortive"))
        .when(~pl.col("any_win") & pl.col("dealer_tenpai")).then(pl.lit("tenpai"))
        .otherwise(pl.lit("other")).alias("cause"))
    return _complete_rounds(r).drop("_next_kyoku", "_abortive", "tenpai_seats")


def dealer_stats(outcomes: pl.DataFrame, by: Sequence[str] = GROUP) -> pl.DataFrame:
    """Per group, from :func:`round_outcomes`: ``rounds``, ``dealer_wins``, ``rounds_with_next``, ``renchan``,
    ``renchan_win``, ``renchan_tenpai``, ``renchan_abortive``, ``renchan_other`` (renchan by cause); then
    ``dealer_win_rate`` (dealer wins / rounds) and ``renchan_rate`` (renchan / rounds with a next round)."""
    o, keys = _g(outcomes, by)
    ren = pl.col("renchan").fill_null(False)
    out = o.group_by(keys).agg(
        pl.len().cast(pl.Int64).alias("rounds"),
        pl.col("dealer_won").sum().cast(pl.Int64).alias("dealer_wins"),
        pl.col("renchan").is_not_null().sum().cast(pl.Int64).alias("rounds_with_next"),
        ren.sum().cast(pl.Int64).alias("renchan"),
        *[(ren & (pl.col("cause") == c)).sum().cast(pl.Int64).alias(f"renchan_{c}")
          for c in ("win", "tenpai", "abortive", "other")],
    ).sort(keys)
    return _done(out.with_columns(_rate("dealer_wins", "rounds", "dealer_win_rate"),
                                  _rate("renchan", "rounds_with_next", "renchan_rate")))


def renchan_streaks(outcomes: pl.DataFrame, by: Sequence[str] = GROUP) -> pl.DataFrame:
    """Per group and ``streak`` (renchan in one dealership, 0 = the deal passed at once):
    ``dealerships``, then ``share`` and its 95 % interval ``lo``, ``hi`` clustered by game. A game's last
    dealership counts as it stands."""
    o, keys = _g(outcomes.sort("game_id", "round_index"), by)
    runs = (o.with_columns(pl.col("kyoku").rle_id().over("game_id", order_by="round_index").alias("_run"))
            .group_by([*keys, "game_id", "_run"]).agg(pl.len().alias("_n")))
    runs = runs.with_columns((pl.col("_n").cast(pl.Int64) - 1).alias("streak"))
    out = runs.group_by([*keys, "streak"]).agg(pl.len().cast(pl.Int64).alias("dealerships"))
    out = _share_intervals(out.with_columns(_share("dealerships", keys)), runs.select(*keys, "game_id", "streak"),
                           keys, "streak")
    return _done(out.sort([*keys, "streak"]))


def honba_distribution(rounds: pl.DataFrame, by: Sequence[str] = GROUP) -> pl.DataFrame:
    """Per group and ``honba`` (the counter at the start of a complete round): ``rounds``, then ``share``
    and its 95 % interval ``lo``, ``hi`` clustered by game."""
    r, keys = _g(_complete_rounds(rounds), by)
    out = r.group_by([*keys, "honba"]).agg(pl.len().cast(pl.Int64).alias("rounds"))
    out = _share_intervals(out.with_columns(_share("rounds", keys)), r.select(*keys, "game_id", "honba"), keys,
                           "honba")
    return _done(out.sort([*keys, "honba"]))


def rounds_per_game(rounds: pl.DataFrame, by: Sequence[str] = GROUP) -> pl.DataFrame:
    """Per group and ``n_rounds`` (complete rounds in a game, renchan and draws included): ``games``, then
    ``share`` and its 95 % interval ``lo``, ``hi`` (each game one unit: the Wilson interval)."""
    r, keys = _g(_complete_rounds(rounds), by)
    per_game = r.group_by([*keys, "game_id"]).agg(pl.len().cast(pl.Int64).alias("n_rounds"))
    out = per_game.group_by([*keys, "n_rounds"]).agg(pl.len().cast(pl.Int64).alias("games"))
    out = _share_intervals(out.with_columns(_share("games", keys)), per_game, keys, "n_rounds")
    return _done(out.sort([*keys, "n_rounds"]))


def seat_round_deltas(rounds: pl.DataFrame) -> pl.DataFrame:
    """One row per complete round and seat: game_id, round_index, group columns, ``seat``, ``as_dealer``
    and ``delta`` (end - start score of the round)."""
    r = _complete_rounds(rounds).filter(pl.col("start_scores").is_not_null() & pl.col("end_scores").is_not_null())
    r = r.with_columns(pl.int_ranges(pl.col("start_scores").list.len()).alias("seat"))
    x = r.explode("seat", "start_scores", "end_scores")
    return x.with_columns(
        pl.col("seat").cast(pl.Int64),
        (pl.col("seat") == pl.col("dealer")).alias("as_dealer"),
        (pl.col("end_scores").cast(pl.Int64) - pl.col("start_scores").cast(pl.Int64)).alias("delta"),
    ).drop("start_scores", "end_scores")


def dealer_points(rounds: pl.DataFrame, players: pl.DataFrame, by: Sequence[str] = GROUP) -> pl.DataFrame:
    """Per group and final ``placement``: ``player_games``, ``dealer_rounds``, ``net_points`` (sum of round
    deltas), ``dealer_points`` (sum over rounds dealt), ``nondealer_points``; then ``mean_net``,
    ``mean_dealer``, ``mean_nondealer`` per player-game and ``dealer_share`` = dealer_points / net_points
    (the share of the placement's net score change earned as dealer). ``mean_net_lo``/``_hi`` and
    ``mean_dealer_lo``/``_hi``: the means' 95 % intervals clustered by game."""
    d = seat_round_deltas(rounds)
    d, keys = _g(d, by)
    per = d.group_by([*keys, "game_id", "seat"]).agg(
        pl.col("delta").sum().alias("net"),
        pl.col("delta").filter(pl.col("as_dealer")).sum().alias("dealer"),
        pl.col("as_dealer").sum().cast(pl.Int64).alias("dealer_rounds"))
    pl_ = players.select("game_id", pl.col("seat").cast(pl.Int64), "placement").filter(
        pl.col("placement").is_not_null())
    per = per.join(pl_, on=["game_id", "seat"], how="inner").with_columns(pl.lit(1, pl.Int64).alias("_one"))
    out = per.group_by([*keys, "placement"]).agg(
        pl.len().cast(pl.Int64).alias("player_games"),
        pl.col("dealer_rounds").sum().alias("dealer_rounds"),
        pl.col("net").sum().alias("net_points"),
        pl.col("dealer").sum().alias("dealer_points"),
    ).with_columns((pl.col("net_points") - pl.col("dealer_points")).alias("nondealer_points")).sort(
        [*keys, "placement"])
    out = out.with_columns(
        _rate("net_points", "player_games", "mean_net"),
        _rate("dealer_points", "player_games", "mean_dealer"),
        _rate("nondealer_points", "player_games", "mean_nondealer"),
        pl.when(pl.col("net_points") != 0).then(pl.col("dealer_points") / pl.col("net_points")).alias("dealer_share"),
    )
    for col, name in (("net", "mean_net"), ("dealer", "mean_dealer")):
        out = join_intervals(out, per, [*keys, "placement"], col, "_one", name, proportion=False)
    return _done(out.sort([*keys, "placement"]))


def game_endings(outcomes: pl.DataFrame, by: Sequence[str] = GROUP) -> pl.DataFrame:
    """Per group and ``ending`` (bust, win-stop, tenpai-stop, deal passed; see the module docstring) of
    each game's last round: ``games``, ``in_extension`` (of them, ended past the regular all-last),
    then ``share`` of the group's games."""
    last, keys = _g(outcomes.filter(pl.col("last_in_game")), by)
    last = last.with_columns(
        pl.when(pl.col("min_end_score") < 0).then(pl.lit("bust"))
        .when(pl.col("dealer_won")).then(pl.lit("win-stop"))
        .when(~pl.col("any_win") & ~pl.col("abortive") & pl.col("dealer_tenpai")).then(pl.lit("tenpai-stop"))
        .otherwise(pl.lit("deal passed")).alias("ending"))
    out = last.group_by([*keys, "ending"]).agg(pl.len().cast(pl.Int64).alias("games"),
                                               pl.col("extension").sum().cast(pl.Int64).alias("in_extension"))
    order = pl.col("ending").replace_strict(list(ENDINGS), list(range(len(ENDINGS))), default=len(ENDINGS))
    return _done(out.with_columns(_share("games", keys)).sort([*keys, order]))


__all__ = ["ENDINGS", "dealer_points", "dealer_stats", "game_endings", "honba_distribution",
           "renchan_streaks", "round_outcomes", "rounds_per_game", "seat_round_deltas"]
