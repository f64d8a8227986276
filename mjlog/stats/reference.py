"""Our figures beside the published Tenhou Phoenix tables in ``data/reference/``.

Riichi only by nature: the published figures are of Tenhou's riichi games.

:func:`reference_figures` reads the published numbers as one long frame
(``metric``, ``label``, ``kind``, ``source``, ``published``); :func:`our_figures` computes the
same metrics from a selection of games; :func:`compare_with_reference` puts them side by side.

Metric names: ``win_rate``, ``deal_in_rate``, ``riichi_rate``, ``call_rate`` (per player-round),
``draw_rate`` (per round), ``average_win_points`` (mean hand value of a win), ``yaku:<id>``
(share of wins listing the yaku), ``han:<1..12|13+>`` (share of wins), ``fu:<fu>`` (share of wins
of at most 4 han). Counting conventions: see :mod:`mjlog.stats.sheet` and ``data/reference/README.md``.

Population: the published tables are of the Phoenix room's four-player East-South games, so
:func:`phoenix_comparison` keeps only our ``tenhou-4p-south`` games of the Phoenix room
(``houou``) unless another ``room`` (or None, every room) is asked for.

Sampling error (what "within" means): the published figures come from 1.2 to 1.8 million
rounds, so their own sampling error is neglected and each is taken as the true value. Our
figure is a proportion of ``n`` trials (player-rounds, rounds or wins); its standard error is
``sqrt(p(1-p)/n · deff)`` with ``p`` the published value and ``deff`` = max(1, our design effect):
the ratio of our variance clustered by game and player to the independent-trials one
(:mod:`mjlog.stats.clustered`), which accounts for the rounds of one game and the games of one
player being correlated. For the mean win value it is ``sd/sqrt(n) · sqrt(deff)``. A figure lies
"within sampling error" when ``|ours - published| <= z * se`` (z = 1.96, 95 %). Systematic
differences (other years or players, and a corpus that is not a random sample) are not sampling
error, and a difference outside the band says only that the two samples differ by more than
chance would make likely.
"""

from __future__ import annotations

import math
from pathlib import Path

import polars as pl

from mjlog.rules.riichi.yaku_table import YAKU
from mjlog.stats.clustered import rate_table, ratio_intervals, with_player
from mjlog.stats.frames import StatFrames
from mjlog.stats.intervals import Z95
from mjlog.stats.sheet import draw_stats, fu_distribution, han_distribution, han_label, player_round_stats, win_stats
from mjlog.stats.units import PLAYER_ROUND_RATES, complete_rounds, long_rates, player_round_units

#: The rule set and room of the published Phoenix tables.
PHOENIX_RULE_SET, PHOENIX_ROOM = "tenhou-4p-south", "houou"

#: ``data/reference`` of the source tree.
REFERENCE_DIR = Path(__file__).resolve().parents[2] / "data" / "reference"

_MEANS = ("average_win_points",)
_BASE_SOURCES = ("phoenix_2016_kobalab", "phoenix_2018_lurker", "houou_2011_2019_pathofhouou")
_FIGURE_SCHEMA = {"metric": pl.String, "label": pl.String, "kind": pl.String, "source": pl.String,
                  "published": pl.Float64}


def reference_sources(directory: Path | None = None) -> pl.DataFrame:
    """The sources of the published figures: ``source``, ``description``, ``url``, ``games``, ``rounds``, ``wins``."""
    return pl.read_csv((directory or REFERENCE_DIR) / "sources.csv")


def reference_figures(directory: Path | None = None) -> pl.DataFrame:
    """Every published figure, one row per (metric, source): ``metric``, ``label``, ``kind``
    (``proportion`` or ``mean``), ``source``, ``published``. Sample sizes (games, rounds, wins) are in
    :func:`reference_sources`, not here."""
    d = directory or REFERENCE_DIR
    rows: list[dict] = []
    base = pl.read_csv(d / "phoenix_base_rates.csv", infer_schema_length=0)
    for r in base.iter_rows(named=True):
        if r["metric"] in ("games", "rounds", "wins"):
            continue
        for src in _BASE_SOURCES:
            if r.get(src):
                rows.append({"metric": r["metric"], "label": r["definition"],
                             "kind": "mean" if r["metric"] in _MEANS else "proportion",
                             "source": src, "published": float(r[src])})
    yaku = pl.read_csv(d / "phoenix_yaku_per_win.csv", infer_schema_length=0)
    for r in yaku.iter_rows(named=True):
        for col, val in r.items():
            if col.startswith("share_of_wins_") and val:
                rows.append({"metric": f"yaku:{int(r['tenhou_yaku_id'])}", "label": r["yaku"], "kind": "proportion",
                             "source": "phoenix_" + col.removeprefix("share_of_wins_"), "published": float(val)})
    hf = pl.read_csv(d / "phoenix_han_fu.csv", infer_schema_length=0)
    for r in hf.iter_rows(named=True):
        prefix = "han" if r["kind"] == "han" else "fu"
        label = f"{r['value']} han" if prefix == "han" else f"{r['value']} fu (wins of at most 4 han)"
        rows.append({"metric": f"{prefix}:{r['value']}", "label": label, "kind": "proportion",
                     "source": "chigusa_fu_training", "published": float(r["share"])})
    return pl.DataFrame(rows, schema=_FIGURE_SCHEMA)


def phoenix_frames(frames: StatFrames, room: str | None = PHOENIX_ROOM) -> StatFrames:
    """``frames`` restricted to the population of the published tables: ``tenhou-4p-south`` games of
    ``room`` (the Phoenix room by default; None keeps every room)."""
    four = frames.only(PHOENIX_RULE_SET)
    if room is None:
        return four
    return four.only_games(pl.col("room") == room, "other room")


def _design_effects(frames: StatFrames) -> dict[str, float]:
    """metric -> our design effect (clustered variance / independent-trials variance), where computed."""
    out: dict[str, float] = {}
    units = player_round_units(frames.rounds, frames.wins, frames.seat_events, frames.players)
    if units.height:
        for r in rate_table(long_rates(units, PLAYER_ROUND_RATES, "player_rounds", []), []).iter_rows(named=True):
            out[r["rate"]] = r["design_effect"]
    rounds = complete_rounds(frames.rounds)
    if rounds.height:
        ru = rounds.select("game_id", (pl.col("result") == "draw").cast(pl.Int64).alias("d"), pl.lit(1).alias("o"))
        out["draw_rate"] = ratio_intervals(ru, [], "d", "o")["design_effect"][0]
    w = with_player(frames.wins, frames.players).with_columns(pl.lit(1).alias("_one"), han_label())
    if w.height:
        clusters = ("game_id", "player")
        out["average_win_points"] = ratio_intervals(w, [], "points", "_one", clusters,
                                                    proportion=False)["design_effect"][0]
        wk = ["game_id", "round_index", "win_index"]
        yk = frames.win_yaku.select(*wk, "yaku_id").unique()
        cats = [("yaku", yk.join(w, on=wk, how="inner").select("yaku_id").unique(), "yaku_id")]
        for prefix, col in (("han", "han_label"), ("fu", "fu")):
            cats.append((prefix, w.select(col).unique(), col))
        for prefix, values, col in cats:
            if prefix == "yaku":
                u = w.join(values, how="cross").join(yk.with_columns(pl.lit(1).alias("_hit")), on=[*wk, "yaku_id"],
                                                     how="left")
            else:
                base = w.filter((pl.col("han") <= 4) & (pl.col("yakuman_count") == 0)) if prefix == "fu" else w
                u = base.join(values.rename({col: "_v"}), how="cross").with_columns(
                    (pl.col(col) == pl.col("_v")).cast(pl.Int64).alias("_hit")).drop(col).rename({"_v": col})
            u = u.with_columns(pl.col("_hit").fill_null(0))
            for r in ratio_intervals(u, [col], "_hit", "_one", clusters).iter_rows(named=True):
                out[f"{prefix}:{r[col]}"] = r["design_effect"]
    return {k: v for k, v in out.items() if v is not None and not math.isnan(v)}


def our_figures(frames: StatFrames) -> pl.DataFrame:
    """Our value of every reference metric over all of ``frames`` (select one rule set first):
    ``metric``, ``label``, ``kind``, ``count`` (successes, or the sum for a mean), ``n`` (trials),
    ``value``, ``sd`` (sample sd for a mean, else null), ``design_effect`` (our clustered variance
    over the independent-trials one; null where it cannot be estimated, e.g. a yaku never seen).
    A yaku, han or fu never seen has count 0."""
    rows: list[dict] = []

    def add(metric: str, label: str, count: float, n: int, kind: str = "proportion", sd: float | None = None):
        rows.append({"metric": metric, "label": label, "kind": kind, "count": float(count), "n": int(n),
                     "value": (count / n) if n else math.nan, "sd": sd})

    pr = player_round_stats(frames.rounds, frames.wins, frames.seat_events, by=())
    p = pr.row(0, named=True) if pr.height else {}
    n_pr = int(p.get("player_rounds") or 0)
    add("win_rate", "wins / player-rounds", p.get("wins") or 0, n_pr)
    add("deal_in_rate", "deal-ins / player-rounds", p.get("deal_ins") or 0, n_pr)
    add("riichi_rate", "riichi declarations / player-rounds", p.get("riichi") or 0, n_pr)
    add("call_rate", "player-rounds with a call / player-rounds", p.get("call_rounds") or 0, n_pr)
    dr = draw_stats(frames.rounds, by=()).filter(pl.col("kind") == "all")
    add("draw_rate", "draws / rounds", dr["draws"].sum() if dr.height else 0,
        int(dr["rounds"].sum()) if dr.height else 0)
    ws = win_stats(frames.wins, by=())
    n_w = int(ws["wins"][0]) if ws.height else 0
    add("average_win_points", "mean hand value of a win", ws["points_sum"][0] if ws.height else 0, n_w,
        kind="mean", sd=ws["sd_points"][0] if ws.height else None)
    if n_w:
        wk = ["game_id", "round_index", "win_index"]
        seen = (frames.win_yaku.join(frames.wins.select(wk), on=wk, how="semi").unique([*wk, "yaku_id"])
                .group_by("yaku_id").agg(pl.len().alias("k")))
        have = {int(a): int(b) for a, b in seen.iter_rows()}
        for y in YAKU:
            add(f"yaku:{y.id}", y.name_en, have.get(y.id, 0), n_w)
        han = {r["han_label"]: r["wins"] for r in han_distribution(frames.wins, by=()).iter_rows(named=True)}
        for label in [str(h) for h in range(1, 13)] + ["13+"]:
            add(f"han:{label}", f"{label} han", han.get(label, 0), n_w)
        fu = fu_distribution(frames.wins, by=())
        n_fu = int(fu["wins"].sum())
        fu_counts = {int(r["fu"]): r["wins"] for r in fu.iter_rows(named=True)}
        for f in sorted(set(fu_counts) | {20, 25, 30, 40, 50, 60, 70, 80, 90, 100, 110}):
            add(f"fu:{f}", f"{f} fu (wins of at most 4 han)", fu_counts.get(f, 0), n_fu)
    deff = _design_effects(frames) if rows and n_pr else {}
    for r in rows:
        r["design_effect"] = deff.get(r["metric"])
    return pl.DataFrame(rows, schema={"metric": pl.String, "label": pl.String, "kind": pl.String,
                                      "count": pl.Float64, "n": pl.Int64, "value": pl.Float64, "sd": pl.Float64,
                                      "design_effect": pl.Float64})


def compare_with_reference(ours: pl.DataFrame, reference: pl.DataFrame, z: float = Z95) -> pl.DataFrame:
    """Each published figure beside ours: ``metric``, ``label``, ``source``, ``published``, ``ours``,
    ``n``, ``design_effect``, ``diff`` (ours - published), ``se``, ``z_score`` (diff / se) and ``within``
    (|diff| <= z·se).

    ``se`` is ``sqrt(p(1-p)/n)`` with p the published value for a proportion, ``sd/sqrt(n)`` for a
    mean, times ``sqrt(max(1, design_effect))`` where ``ours`` has one (see the module docstring for
    what is assumed). Rows keep the reference's order; a metric we have no value for has null
    ``ours`` and ``within``.
    """
    ref = reference.with_row_index("_order")
    if "design_effect" not in ours.columns:
        ours = ours.with_columns(pl.lit(None, pl.Float64).alias("design_effect"))
    o = ours.select("metric", pl.col("value").alias("ours"), "n", "sd", "design_effect")
    out = ref.join(o, on="metric", how="left")
    p = pl.col("published")
    nn = pl.col("n").cast(pl.Float64)
    widen = pl.max_horizontal(pl.col("design_effect").fill_null(1.0), pl.lit(1.0)).sqrt()
    se = (pl.when(pl.col("kind") == "mean").then(pl.col("sd") / nn.sqrt())
          .otherwise((p * (1 - p) / nn).sqrt())) * widen
    out = out.with_columns((pl.col("ours") - p).alias("diff"), se.alias("se"))
    out = out.with_columns(pl.when(pl.col("se") > 0).then(pl.col("diff") / pl.col("se")).alias("z_score"),
                           (pl.col("diff").abs() <= z * pl.col("se")).alias("within"))
    return out.sort("_order").select("metric", "label", "source", "published", "ours", "n", "design_effect",
                                     "diff", "se", "z_score", "within")


def phoenix_comparison(frames: StatFrames, metrics: str = "base", z: float = Z95,
                       room: str | None = PHOENIX_ROOM) -> pl.DataFrame:
    """:func:`compare_with_reference` of the ``tenhou-4p-south`` games of ``room`` (the Phoenix room
    by default; None: every room) in ``frames`` against the Phoenix tables; ``metrics`` picks
    ``"base"`` (rates and mean win), ``"yaku"``, ``"han"``, ``"fu"`` or ``"all"``."""
    frames = phoenix_frames(frames, room)
    ref = reference_figures()
    if metrics == "base":
        ref = ref.filter(~pl.col("metric").str.contains(":"))
    elif metrics in ("yaku", "han", "fu"):
        ref = ref.filter(pl.col("metric").str.starts_with(metrics + ":"))
    elif metrics != "all":
        raise ValueError(f"metrics must be base, yaku, han, fu or all, not {metrics!r}")
    return compare_with_reference(our_figures(frames), ref, z)
