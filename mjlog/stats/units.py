"""Unit-level frames the clustered intervals sum over: one row per player-round, per round, per
player-game or per win, each with its ``game_id`` (the cluster) and, where a seat is meant, the
``player`` (see :func:`mjlog.stats.clustered.with_player`).

A rate of the stat sheet is Σcount / Σtrials over these rows; the intervals come from the same
rows grouped by game (and player), so a rate and its interval always count the same things.
"""

from __future__ import annotations

import polars as pl

from mjlog.stats.clustered import with_player

KEY = ["game_id", "round_index"]

#: The per-player-round counts: (rate name, count column).
PLAYER_ROUND_RATES = (("win_rate", "wins"), ("deal_in_rate", "deal_ins"), ("riichi_rate", "riichi"),
                      ("call_rate", "call_rounds"))


def complete_rounds(rounds: pl.DataFrame) -> pl.DataFrame:
    """The rounds that ended in a win or a draw."""
    return rounds.filter(pl.col("complete")) if "complete" in rounds.columns else rounds


def player_round_units(rounds: pl.DataFrame, wins: pl.DataFrame, seat_events: pl.DataFrame,
                       players: pl.DataFrame | None = None) -> pl.DataFrame:
    """One row per seat of every complete round: game_id, rule_set, round_index, seat, ``dealer``
    (bool), ``player_rounds`` (1), ``wins`` (double ron = one each), ``deal_ins`` (0/1), ``riichi``
    (declarations), ``riichi_accepted``, ``call_rounds`` (0/1), and ``player`` when ``players`` is given."""
    r = complete_rounds(rounds)
    seats = (r.select(*KEY, "rule_set", pl.col("dealer").cast(pl.Int64).alias("_dealer"),
                      pl.int_ranges(pl.col("n_players").cast(pl.Int64)).alias("seat"))
             .explode("seat").with_columns((pl.col("seat") == pl.col("_dealer")).alias("dealer")).drop("_dealer"))
    w = wins.join(r.select(KEY), on=KEY, how="semi")
    won = w.group_by(*KEY, pl.col("seat").cast(pl.Int64)).agg(pl.len().cast(pl.Int64).alias("wins"))
    dealt = (w.filter(pl.col("deal_in_seat").is_not_null())
             .select(*KEY, pl.col("deal_in_seat").cast(pl.Int64).alias("seat")).unique()
             .with_columns(pl.lit(1, pl.Int64).alias("deal_ins")))
    e = seat_events.join(r.select(KEY), on=KEY, how="semi")
    ev = e.group_by(*KEY, pl.col("seat").cast(pl.Int64)).agg(
        pl.col("riichi_declared").cast(pl.Int64).sum().alias("riichi"),
        pl.col("riichi_accepted").cast(pl.Int64).sum().alias("riichi_accepted"),
        (pl.col("calls").sum() > 0).cast(pl.Int64).alias("call_rounds"))
    out = seats.with_columns(pl.lit(1, pl.Int64).alias("player_rounds"))
    for part in (won, dealt, ev):
        out = out.join(part, on=[*KEY, "seat"], how="left")
    counts = ["wins", "deal_ins", "riichi", "riichi_accepted", "call_rounds"]
    out = out.with_columns([pl.col(c).fill_null(0) for c in counts]).sort(*KEY, "seat")
    return with_player(out, players)


def long_rates(units: pl.DataFrame, rates: tuple[tuple[str, str], ...], den: str, keys: list[str]) -> pl.DataFrame:
    """``units`` stacked once per rate: the keys, ``rate`` (its name), ``count``, ``trials`` (``den``),
    ``game_id`` and ``player`` where present."""
    keep = [c for c in ("game_id", "player") if c in units.columns]
    return pl.concat([units.select(*keys, *keep, pl.lit(name).alias("rate"),
                                   pl.col(col).cast(pl.Int64).alias("count"),
                                   pl.col(den).cast(pl.Int64).alias("trials"))
                      for name, col in rates])
