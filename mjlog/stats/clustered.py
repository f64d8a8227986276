"""Intervals that respect the data's structure: cluster-robust standard errors of a ratio.

Every rate of the stat sheet is a ratio ``R = Σy / Σn`` of unit-level counts (wins over
player-rounds, draws over rounds, busts over player-games, ...). The units are not independent:
the rounds of one game share its players, scores and tempo, and a player sits in many games.
:func:`ratio_intervals` estimates the variance of ``R`` from totals per **cluster** (the
linearisation, or "sandwich", estimator of a ratio):

    V_c = G/(G-1) · Σ_g (y_g − R·n_g)² / N²,   G clusters g, y_g and n_g the cluster's totals, N = Σn.

- ``clusters=("game_id",)``: clustered by game (every game is a cluster).
- ``clusters=("game_id", "player")``: two-way clustering by game and by player (Cameron, Gelbach
  and Miller 2011): ``V = V_game + V_player − V_game∩player``, where game∩player is a player-game;
  where that sum is below the larger one-way variance, the larger one is used (a common guard
  that keeps V positive and never below either one-way estimate).

``se_naive`` is the independent-units standard error, ``sqrt(R(1−R)/N)`` for a proportion and
the units' own sandwich for a mean, given for comparison; ``design_effect`` is ``(se/se_naive)²``.
The interval of a mean is ``R ± z·sqrt(V)``. The interval of a proportion is the Wilson interval
at the **effective sample size** ``N / max(1, design_effect)`` (Korn and Graubard's approach): it
has the clustered width where the normal approximation holds, and like Wilson it stays inside
[0, 1] and is not empty for a proportion never seen (where the clustered variance is 0). Every
interval holds its own value: ``lo <= R <= hi``, exactly at 0 of n and n of n.
"""

from __future__ import annotations

from collections.abc import Sequence

import polars as pl

from mjlog.stats.intervals import Z95, wilson_exprs

#: The method names written in the ``method`` column.
BY_GAME, BY_GAME_AND_PLAYER = "cluster: game", "cluster: game + player"

#: Player names that do not identify a player (Tenhou's anonymous seat, an empty name).
ANONYMOUS = ("NoName", "")


def _variance(units: pl.DataFrame, keys: list[str], cluster: list[str], num: str, den: str) -> pl.DataFrame:
    """Per ``keys``: ``_v`` (the clustered variance of Σnum/Σden) and ``_g`` (number of clusters)."""
    per = units.group_by([*keys, *cluster]).agg(pl.col(num).cast(pl.Float64).sum().alias("_y"),
                                                pl.col(den).cast(pl.Float64).sum().alias("_n"))
    ratio = (pl.col("_y").sum() / pl.col("_n").sum()).over(keys)
    per = per.with_columns(((pl.col("_y") - ratio * pl.col("_n")) ** 2).alias("_e"))
    g = pl.len().cast(pl.Float64)
    return per.group_by(keys).agg(
        (pl.when(g > 1).then(g / (g - 1)).otherwise(float("nan")) * pl.col("_e").sum()
         / pl.col("_n").sum() ** 2).alias("_v"),
        pl.len().cast(pl.Int64).alias("_g"))


def player_clusters(names: pl.Expr, game: pl.Expr, seat: pl.Expr) -> pl.Expr:
    """A player's cluster id: the name, or the player-game itself for an anonymous name."""
    anon = names.is_null() | names.is_in(list(ANONYMOUS))
    return (pl.when(anon).then(pl.lit("\x00") + game.cast(pl.String) + pl.lit(":") + seat.cast(pl.String))
            .otherwise(names)).alias("player")


def players_repeat(units: pl.DataFrame, min_players: int = 20) -> bool:
    """Whether clustering by player is worth doing: some named player sits in more than one game,
    and there are at least ``min_players`` distinct players (few clusters give a poor variance)."""
    if "player" not in units.columns or units.height == 0:
        return False
    per = units.group_by("player").agg(pl.col("game_id").n_unique().alias("_games"))
    return per.height >= min_players and bool((per["_games"] > 1).any())


def ratio_intervals(units: pl.DataFrame, keys: Sequence[str], num: str, den: str,
                    clusters: Sequence[str] = ("game_id",), z: float = Z95, proportion: bool = True,
                    prefix: str = "") -> pl.DataFrame:
    """Per ``keys``: ``{prefix}se``, ``{prefix}lo``, ``{prefix}hi``, ``{prefix}se_naive``,
    ``{prefix}design_effect``, ``{prefix}clusters`` (number of games) and ``{prefix}method`` of the
    ratio Σ``num`` / Σ``den`` over ``units``, clustered as the module docstring says.

    ``clusters`` is ``("game_id",)`` or ``("game_id", "player")``; with ``"player"`` the units need a
    ``player`` column (see :func:`player_clusters`) and two-way clustering is used only where
    :func:`players_repeat` holds, else the game alone.
    """
    keys = list(keys)
    if not keys:
        units = units.with_columns(pl.lit(0).alias("_k"))
        keys = ["_k"]
    two_way = "player" in clusters and players_repeat(units)
    tot = units.group_by(keys).agg(pl.col(num).cast(pl.Float64).sum().alias("_Y"),
                                   pl.col(den).cast(pl.Float64).sum().alias("_N"))
    game = _variance(units, keys, ["game_id"], num, den)
    out = tot.join(game.rename({"_v": "_vg", "_g": f"{prefix}clusters"}), on=keys, how="left")
    if two_way:
        vp = _variance(units, keys, ["player"], num, den).select(*keys, pl.col("_v").alias("_vp"))
        vgp = _variance(units, keys, ["game_id", "player"], num, den).select(*keys, pl.col("_v").alias("_vgp"))
        out = out.join(vp, on=keys, how="left").join(vgp, on=keys, how="left")
        v = pl.max_horizontal(pl.col("_vg") + pl.col("_vp") - pl.col("_vgp"), pl.col("_vg"), pl.col("_vp"))
    else:
        v = pl.col("_vg")
    r = pl.col("_Y") / pl.col("_N")
    if proportion:
        naive = (r * (1 - r) / pl.col("_N")).sqrt()
    else:  # each unit its own cluster
        naive = _variance(units.with_row_index("_u"), keys, ["_u"], num, den).select(
            *keys, pl.col("_v").sqrt().alias("_naive"))
    out = out.with_columns(v.sqrt().alias(f"{prefix}se"))
    if proportion:
        out = out.with_columns(naive.alias(f"{prefix}se_naive"))
    else:
        out = out.join(naive, on=keys, how="left").rename({"_naive": f"{prefix}se_naive"})
    se, se0 = pl.col(f"{prefix}se"), pl.col(f"{prefix}se_naive")
    deff = pl.when(se0 > 0).then(se ** 2 / se0 ** 2).otherwise(None).alias(f"{prefix}design_effect")
    out = out.with_columns(deff)
    if proportion:  # Wilson at the effective sample size N / max(1, design effect)
        n_eff = pl.col("_N") / pl.max_horizontal(pl.col(f"{prefix}design_effect").fill_null(1.0).fill_nan(1.0),
                                                 pl.lit(1.0))
        out = out.with_columns(n_eff.alias("_ne")).with_columns((r * pl.col("_ne")).alias("_ke"))
        out = out.with_columns(*wilson_exprs("_ke", "_ne", z, prefix))
    else:
        out = out.with_columns((r - z * se).alias(f"{prefix}lo"), (r + z * se).alias(f"{prefix}hi"))
    lo, hi = pl.col(f"{prefix}lo"), pl.col(f"{prefix}hi")  # never past the value; NaN (no interval) kept
    out = out.with_columns(pl.when(lo.is_not_nan() & (lo > r)).then(r).otherwise(lo).alias(f"{prefix}lo"),
                           pl.when(hi.is_not_nan() & (hi < r)).then(r).otherwise(hi).alias(f"{prefix}hi"))
    out = out.with_columns(pl.lit(BY_GAME_AND_PLAYER if two_way else BY_GAME).alias(f"{prefix}method"))
    cols = [f"{prefix}{c}" for c in ("se", "lo", "hi", "se_naive", "design_effect", "clusters", "method")]
    return out.select(*keys, *cols).drop("_k", strict=False)


def join_intervals(out: pl.DataFrame, units: pl.DataFrame, keys: Sequence[str], num: str, den: str, name: str,
                   clusters: Sequence[str] = ("game_id",), proportion: bool = True, z: float = Z95) -> pl.DataFrame:
    """``out`` with ``{name}_lo`` and ``{name}_hi``: the clustered interval of Σnum/Σden over ``units`` per ``keys``."""
    iv = ratio_intervals(units, keys, num, den, clusters, z, proportion, prefix=f"{name}_")
    keys = list(keys)
    if not keys:
        return out.with_columns(iv.select(f"{name}_lo", f"{name}_hi").row(0, named=True))
    return out.join(iv.select(*keys, f"{name}_lo", f"{name}_hi"), on=keys, how="left")


def with_player(frame: pl.DataFrame, players: pl.DataFrame | None, seat: str = "seat") -> pl.DataFrame:
    """``frame`` with a ``player`` column (:func:`player_clusters`) for the seat in ``seat``, from the
    ``players`` frame's names; ``frame`` unchanged when ``players`` is None or has no names."""
    if players is None or "name" not in players.columns or frame.height == 0:
        return frame
    names = players.select("game_id", pl.col("seat").cast(pl.Int64).alias(seat), "name")
    f = frame.with_columns(pl.col(seat).cast(pl.Int64)).join(names, on=["game_id", seat], how="left")
    return f.with_columns(player_clusters(pl.col("name"), pl.col("game_id"), pl.col(seat))).drop("name")


def rate_table(long: pl.DataFrame, keys: Sequence[str], clusters: Sequence[str] = ("game_id", "player"),
               z: float = Z95) -> pl.DataFrame:
    """Per ``keys`` and ``rate`` of a stacked unit frame (``rate``, ``count``, ``trials``, ``game_id``,
    optionally ``player``): ``count``, ``trials``, ``value`` (Σcount/Σtrials), ``lo``, ``hi``, ``se``,
    ``se_naive``, ``design_effect``, ``clusters``, ``method`` (see :func:`ratio_intervals`)."""
    k = [*keys, "rate"]
    order = long.select("rate").unique(maintain_order=True).with_row_index("_o")
    tot = long.group_by(k).agg(pl.col("count").sum(), pl.col("trials").sum())
    iv = ratio_intervals(long, k, "count", "trials", clusters, z)
    out = (tot.join(iv, on=k, how="left").join(order, on="rate", how="left")
           .with_columns((pl.col("count") / pl.col("trials")).alias("value")).sort([*keys, "_o"]))
    return out.select(*k, "count", "trials", "value", "lo", "hi", "se", "se_naive", "design_effect",
                      "clusters", "method")
