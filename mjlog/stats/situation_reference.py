"""Our situational figures beside published ones: riichi outcomes by first or chasing, wait and turn,
and deal-in values by whom they fed (``data/reference/phoenix_situations.csv``).

Each figure of :data:`FIGURES` is computed from the store's situation tables (``riichi_declarations``,
``win_situations``) under the **source's** counting convention, which the reference file states beside
the figure (``convention``), with what is known to differ (``differences``). A figure is compared
only where the reference file gives it a source and a value: a figure without one is not printed.

What "within" means (as in :mod:`mjlog.stats.reference`): ours is a proportion (or mean) of ``n``
units; its standard error is ``sqrt(p(1-p)/n · max(1, deff))`` with ``p`` the published value
(``sd/sqrt(n) · sqrt(max(1, deff))`` for a mean), ``deff`` our design effect clustered by game and
player. Where the source gives its own sample (``source_n``), its binomial variance is added; where
it does not, its sampling error is neglected (the sources are far larger samples than a corpus). A
published value is known only to its rounding (``rounding``: 0.005 for a whole percent, 50 for
"about 5300"), which widens the band: within = ``|ours - published| <= z·se + rounding``. A figure
outside the band has the verdict ``outside`` with the known differences of convention beside it.

**Two-sided wait** (良形, the sources' ryanmen class): three or more kinds wait, or exactly two kinds
of one suit three apart (a ryanmen, or a nobetan); every other wait (one kind; two honours; two kinds
of different suits or not three apart: a shanpon, a kanchan or penchan with a tanki) is **other**
(愚形). This is the sources' split, not the stat sheet's ``good_shape`` (two or more kinds), which
counts a shanpon as good.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import polars as pl

from mjlog.stats.clustered import ratio_intervals, with_player
from mjlog.stats.frames import RIICHI_DECLARATIONS_SCHEMA, WIN_SITUATIONS_SCHEMA, StatFrames
from mjlog.stats.intervals import Z95
from mjlog.stats.reference import PHOENIX_ROOM, REFERENCE_DIR, phoenix_frames
from mjlog.stats.situations import DEALT_IN, WON

#: The reference file of the situational figures, in :data:`mjlog.stats.reference.REFERENCE_DIR`.
SITUATIONS_FILE = "phoenix_situations.csv"
#: The number of kinds of one suit; kinds 27.. are honours.
_SUIT, _HONOURS = 9, 27
#: Tenhou's yaku id of ippatsu.
IPPATSU = 2
_REFERENCE_SCHEMA = {"metric": pl.String, "source": pl.String, "published": pl.Float64, "rounding": pl.Float64,
                     "source_n": pl.Float64, "quoted_in": pl.String, "convention": pl.String,
                     "differences": pl.String}


def two_sided() -> pl.Expr:
    """Whether column ``wait_kinds`` is a two-sided wait (module docstring); null where it is unknown or empty."""
    kinds = pl.col("wait_kinds")
    first, second = kinds.list.get(0, null_on_oob=True), kinds.list.get(1, null_on_oob=True)
    ryanmen = ((kinds.list.len() == 2) & (second < _HONOURS) & (second - first == 3)
               & (first // _SUIT == second // _SUIT))
    return (pl.when(kinds.is_null() | (kinds.list.len() == 0)).then(None)
            .otherwise((kinds.list.len() >= 3) | ryanmen))


@dataclass(frozen=True, slots=True)
class SituationFigure:
    """One situational figure: its ``metric`` id, a ``label``, ``kind`` (``proportion`` or ``mean``), and
    how its units come from the frames (``units``: one row per unit with the 0/1 or numeric ``value`` and
    the unit's ``seat``)."""

    metric: str
    label: str
    kind: str
    units: Callable[[StatFrames], pl.DataFrame]


def _complete(frame: pl.DataFrame, schema: dict, frames: StatFrames) -> pl.DataFrame:
    """``frame`` (its schema's empty frame when not loaded) in the complete rounds of ``frames``."""
    if not frame.columns:
        frame = pl.DataFrame(schema=schema)
    rounds = frames.rounds
    if "complete" in rounds.columns:
        rounds = rounds.filter(pl.col("complete"))
    if not rounds.columns:
        return frame.clear()
    return frame.join(rounds.select("game_id", "round_index").unique(), on=["game_id", "round_index"], how="semi")


def _first_riichi(turn: int, wait_two_sided: bool, outcome: str) -> Callable[[StatFrames], pl.DataFrame]:
    """Units: the first (not chasing) riichi declarations of ``turn`` whose wait is (not) two-sided; value:
    the outcome is ``outcome``."""
    def units(frames: StatFrames) -> pl.DataFrame:
        d = _complete(frames.riichi_declarations, RIICHI_DECLARATIONS_SCHEMA, frames)
        d = d.with_columns(two_sided().alias("_two_sided"))
        d = d.filter(~pl.col("chasing") & (pl.col("turn") == turn) & (pl.col("_two_sided") == wait_two_sided))
        return d.select("game_id", "seat", (pl.col("outcome") == outcome).cast(pl.Float64).alias("value"))
    return units


def _deal_in_points_non_dealer_riichi(frames: StatFrames) -> pl.DataFrame:
    """Units: the deal-ins (rons) into a non-dealer's riichi that are not ippatsu; value: the hand's points."""
    w = _complete(frames.win_situations, WIN_SITUATIONS_SCHEMA, frames)
    w = w.filter(pl.col("deal_in_seat").is_not_null() & (pl.col("style") == "riichi"))
    keys = ["game_id", "round_index", "seat"]
    wins = frames.wins.select(*keys, "win_index", "dealer") if frames.wins.columns else pl.DataFrame(
        schema={"game_id": pl.String, "round_index": pl.Int16, "seat": pl.Int8, "win_index": pl.Int16,
                "dealer": pl.Boolean})
    w = w.join(wins, on=keys, how="inner")
    wk = ["game_id", "round_index", "win_index"]
    if frames.win_yaku.columns:
        ippatsu = frames.win_yaku.filter(pl.col("yaku_id") == IPPATSU).select(wk).unique()
        w = w.join(ippatsu, on=wk, how="anti")
    w = w.filter(~pl.col("dealer") & pl.col("points").is_not_null())
    return w.select("game_id", pl.col("deal_in_seat").alias("seat"), pl.col("points").cast(pl.Float64).alias("value"))


#: Every situational figure mjlog can put beside a published one, in the order printed.
FIGURES: tuple[SituationFigure, ...] = (
    SituationFigure("riichi_win_rate:first:two_sided:turn5", "first riichi, two-sided wait, turn 5: win rate",
                    "proportion", _first_riichi(5, True, WON)),
    SituationFigure("riichi_win_rate:first:other:turn5", "first riichi, other wait, turn 5: win rate",
                    "proportion", _first_riichi(5, False, WON)),
    SituationFigure("riichi_win_rate:first:other:turn8", "first riichi, other wait, turn 8: win rate",
                    "proportion", _first_riichi(8, False, WON)),
    SituationFigure("riichi_deal_in_rate:first:other:turn5", "first riichi, other wait, turn 5: deal-in rate",
                    "proportion", _first_riichi(5, False, DEALT_IN)),
    SituationFigure("riichi_deal_in_rate:first:two_sided:turn8",
                    "first riichi, two-sided wait, turn 8: deal-in rate", "proportion",
                    _first_riichi(8, True, DEALT_IN)),
    SituationFigure("deal_in_points:non_dealer_riichi:no_ippatsu",
                    "mean points of a deal-in into a non-dealer riichi, no ippatsu", "mean",
                    _deal_in_points_non_dealer_riichi),
)


def situation_reference(directory: Path | None = None) -> pl.DataFrame:
    """The published situational figures, one row per (metric, source): ``metric``, ``source``,
    ``published``, ``rounding``, ``source_n``, ``quoted_in``, ``convention``, ``differences``. A row
    without a source or a value is left out (it is not a published figure)."""
    path = (directory or REFERENCE_DIR) / SITUATIONS_FILE
    ref = pl.read_csv(path, schema_overrides=_REFERENCE_SCHEMA)
    ref = ref.select([pl.col(c).cast(t) if c in ref.columns else pl.lit(None, t).alias(c)
                      for c, t in _REFERENCE_SCHEMA.items()])
    return ref.filter(pl.col("source").is_not_null() & (pl.col("source").str.strip_chars() != "")
                      & pl.col("published").is_not_null())


def our_situation_figures(frames: StatFrames) -> pl.DataFrame:
    """Each of :data:`FIGURES` over all of ``frames``: ``metric``, ``label``, ``kind``, ``n`` (units),
    ``value``, ``sd`` (a mean's sample sd), ``lo``, ``hi`` (95 % interval clustered by game and
    player), ``design_effect``."""
    rows = []
    for fig in FIGURES:
        u = fig.units(frames)
        n = u.height
        row = {"metric": fig.metric, "label": fig.label, "kind": fig.kind, "n": n,
               "value": float(u["value"].mean()) if n else math.nan,
               "sd": float(u["value"].std()) if n > 1 and fig.kind == "mean" else None,
               "lo": None, "hi": None, "design_effect": None}
        if n:
            units = with_player(u.with_columns(pl.lit(1.0).alias("_one")),
                                frames.players if frames.players.columns else None)
            iv = ratio_intervals(units, [], "value", "_one", ("game_id", "player"),
                                 proportion=fig.kind == "proportion").row(0, named=True)
            row.update(lo=iv["lo"], hi=iv["hi"], design_effect=iv["design_effect"])
        rows.append(row)
    return pl.DataFrame(rows, schema={"metric": pl.String, "label": pl.String, "kind": pl.String, "n": pl.Int64,
                                      "value": pl.Float64, "sd": pl.Float64, "lo": pl.Float64, "hi": pl.Float64,
                                      "design_effect": pl.Float64})


def compare_situations(ours: pl.DataFrame, reference: pl.DataFrame, z: float = Z95) -> pl.DataFrame:
    """Each published figure with ours beside it: ``metric``, ``label``, ``source``, ``published``,
    ``ours``, ``n``, ``lo``, ``hi``, ``design_effect``, ``diff``, ``se``, ``z_score``, ``within``,
    ``verdict`` (``within``, ``outside (z = ...): <differences>`` or ``no units of ours``),
    ``convention``, ``differences``, ``quoted_in``. Only metrics that are both published and ours are
    kept, in the order of :data:`FIGURES`."""
    order = {f.metric: i for i, f in enumerate(FIGURES)}
    out = reference.join(ours.rename({"value": "ours"}), on="metric", how="inner")
    p, nn = pl.col("published"), pl.col("n").cast(pl.Float64)
    widen = pl.max_horizontal(pl.col("design_effect").fill_null(1.0).fill_nan(1.0), pl.lit(1.0))
    ours_var = pl.when(pl.col("kind") == "mean").then(pl.col("sd") ** 2 / nn).otherwise(p * (1 - p) / nn) * widen
    source_var = pl.when((pl.col("kind") == "proportion") & (pl.col("source_n") > 0)) \
        .then(p * (1 - p) / pl.col("source_n")).otherwise(0.0)
    out = out.with_columns((pl.col("ours") - p).alias("diff"), (ours_var + source_var).sqrt().alias("se"))
    slack = pl.col("rounding").fill_null(0.0)
    out = out.with_columns(
        pl.when(pl.col("se") > 0).then(pl.col("diff") / pl.col("se")).alias("z_score"),
        pl.when(pl.col("n") > 0).then(pl.col("diff").abs() <= z * pl.col("se") + slack).alias("within"))
    verdict = (pl.when(pl.col("within").is_null()).then(pl.lit("no units of ours"))
               .when(pl.col("within")).then(pl.lit("within"))
               .otherwise(pl.format("outside (z = {}): {}", pl.col("z_score").round(1), pl.col("differences"))))
    out = out.with_columns(verdict.alias("verdict"),
                           pl.col("metric").replace_strict(order, default=len(order)).alias("_order"))
    return out.sort("_order", "source").select(
        "metric", "label", "source", "published", "ours", "n", "lo", "hi", "design_effect", "diff", "se",
        "z_score", "within", "verdict", "convention", "differences", "quoted_in")


def phoenix_situation_comparison(frames: StatFrames, z: float = Z95, room: str | None = PHOENIX_ROOM,
                                 directory: Path | None = None) -> pl.DataFrame:
    """:func:`compare_situations` of the ``tenhou-4p-south`` games of ``room`` (None: every room) in
    ``frames`` against the situational reference file of ``directory`` (default ``data/reference``)."""
    return compare_situations(our_situation_figures(phoenix_frames(frames, room)), situation_reference(directory), z)
