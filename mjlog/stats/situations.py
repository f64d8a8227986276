"""Riichi by situation: what became of each riichi declaration, by first or chasing, wait shape and turn.

One unit is one row of ``riichi_declarations`` (``StatFrames.riichi_declarations``) in a complete
round. Per group (rule set by default) and cell (``riichi`` first/chasing, ``shape`` good/bad,
``turn`` band), the sheet gives the declarations, how many won and how many dealt in, and the
rates won / declarations and dealt in / declarations with their 95 % intervals clustered by game
(and by player where players repeat, :mod:`mjlog.stats.clustered`). The rules (turn, first or
chasing, good or bad shape, outcome) and the turn bands are in ``docs/statistics.md``.
"""

from __future__ import annotations

from collections.abc import Sequence

import polars as pl

from mjlog.stats.clustered import join_intervals, with_player
from mjlog.stats.frames import GROUP, RIICHI_DECLARATIONS_SCHEMA

#: The turn bands: (label, first turn, last turn or None for no end); turn = the declarer's
#: discards, the riichi tile included.
TURN_BANDS: tuple[tuple[str, int, int | None], ...] = (("1-6", 1, 6), ("7-12", 7, 12), ("13+", 13, None))
#: The label of a declaration whose turn or wait the store does not know (the log stops first).
UNKNOWN = "unknown"
FIRST, CHASING = "first", "chasing"
GOOD, BAD = "good", "bad"
#: ``outcome`` values counted as a win and as a deal-in after the riichi.
WON, DEALT_IN = "won", "dealt_in"

_ALL = "_all"
_CELL = ("riichi", "shape", "turn")


def turn_band() -> pl.Expr:
    """The band of column ``turn`` (:data:`TURN_BANDS`), :data:`UNKNOWN` when it is null."""
    expr = pl.when(pl.col("turn").is_null()).then(pl.lit(UNKNOWN))
    for label, lo, hi in TURN_BANDS:
        cond = pl.col("turn") >= lo if hi is None else pl.col("turn").is_between(lo, hi)
        expr = expr.when(cond).then(pl.lit(label))
    return expr.otherwise(pl.lit(UNKNOWN)).alias("turn")


def _cells(declarations: pl.DataFrame) -> pl.DataFrame:
    """The declarations with their cell (``riichi``, ``shape``, ``turn``) and 0/1 ``_won``, ``_dealt_in``."""
    return declarations.with_columns(
        pl.when(pl.col("chasing")).then(pl.lit(CHASING)).otherwise(pl.lit(FIRST)).alias("riichi"),
        pl.when(pl.col("good_shape").is_null()).then(pl.lit(UNKNOWN))
        .when(pl.col("good_shape")).then(pl.lit(GOOD)).otherwise(pl.lit(BAD)).alias("shape"),
        turn_band(),
        (pl.col("outcome") == WON).cast(pl.Int64).alias("_won"),
        (pl.col("outcome") == DEALT_IN).cast(pl.Int64).alias("_dealt_in"),
        pl.lit(1, pl.Int64).alias("_one"),
    )


def _order() -> pl.Expr:
    """Sort key of a cell: first before chasing, good before bad, turn bands in order, unknown last."""
    ranks = {FIRST: 0, CHASING: 1, GOOD: 0, BAD: 1, UNKNOWN: 9, **{b[0]: i for i, b in enumerate(TURN_BANDS)}}
    return pl.struct(*(pl.col(c).replace_strict(ranks, return_dtype=pl.Int64) for c in _CELL))


def riichi_situations(declarations: pl.DataFrame, rounds: pl.DataFrame, by: Sequence[str] = GROUP,
                      players: pl.DataFrame | None = None) -> pl.DataFrame:
    """Per group and cell (``riichi`` first/chasing, ``shape`` good/bad, ``turn`` band; ``unknown`` where
    the store has no turn or wait): ``declarations``, ``wins`` (outcome won), ``deal_ins`` (outcome
    dealt in: a ron on the declarer's discard, the riichi tile included), then ``win_rate`` and
    ``deal_in_rate`` (over declarations), each with its 95 % interval ``*_lo``, ``*_hi`` clustered by
    game (and declarer). Only declarations in complete rounds of ``rounds`` count."""
    if not declarations.columns:
        declarations = pl.DataFrame(schema=RIICHI_DECLARATIONS_SCHEMA)
    complete = rounds.filter(pl.col("complete")) if "complete" in rounds.columns else rounds
    d = declarations.join(complete.select("game_id", "round_index").unique(), on=["game_id", "round_index"],
                          how="semi") if complete.columns else declarations.clear()
    keys = list(by) or [_ALL]
    d = _cells(d if by else d.with_columns(pl.lit("all").alias(_ALL)))
    k = [*keys, *_CELL]
    out = d.group_by(k).agg(pl.len().cast(pl.Int64).alias("declarations"),
                            pl.col("_won").sum().cast(pl.Int64).alias("wins"),
                            pl.col("_dealt_in").sum().cast(pl.Int64).alias("deal_ins"))
    out = out.with_columns((pl.col("wins") / pl.col("declarations")).alias("win_rate"),
                           (pl.col("deal_ins") / pl.col("declarations")).alias("deal_in_rate"))
    units = with_player(d, players)
    out = join_intervals(out, units, k, "_won", "_one", "win_rate", ("game_id", "player"))
    out = join_intervals(out, units, k, "_dealt_in", "_one", "deal_in_rate", ("game_id", "player"))
    out = out.sort([*keys, _order()])
    return out.select(*k, "declarations", "wins", "deal_ins", "win_rate", "win_rate_lo", "win_rate_hi",
                      "deal_in_rate", "deal_in_rate_lo", "deal_in_rate_hi").drop(_ALL, strict=False)
