"""Intervals stay inside the parameter's range and never cross their value: a rate seen 0 of n
times has its low end at exactly 0, one seen n of n times its high end at exactly 1, so the
error bars drawn from them are never negative (matplotlib refuses a negative ``yerr``)."""

from __future__ import annotations

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt
import polars as pl
import pytest

from mjlog.stats.chart_style import error_bars
from mjlog.stats.clustered import rate_table, ratio_intervals
from mjlog.stats.intervals import wilson_exprs, wilson_interval

SIZES = [1, 3, 7, 10, 64, 97, 1000, 12345]


def units(count_per_game: int, trials_per_game: int, games: int = 16) -> pl.DataFrame:
    """One unit row per game: ``count`` successes of ``trials``."""
    return pl.DataFrame({"game_id": [f"g{i}" for i in range(games)], "rate": ["r"] * games,
                         "count": [count_per_game] * games, "trials": [trials_per_game] * games})


@pytest.mark.parametrize("n", SIZES)
def test_wilson_interval_of_none_and_all_holds_its_value(n):
    lo, hi = wilson_interval(0, n)
    assert lo == 0.0 and 0.0 < hi <= 1.0
    lo, hi = wilson_interval(n, n)
    assert 0.0 <= lo < 1.0 and hi == 1.0


def test_wilson_exprs_of_none_and_all_hold_their_value():
    frame = pl.DataFrame({"k": [0] * len(SIZES) + SIZES, "n": SIZES * 2})
    out = frame.with_columns(*wilson_exprs("k", "n")).with_columns((pl.col("k") / pl.col("n")).alias("p"))
    assert (out["lo"] <= out["p"]).all() and (out["p"] <= out["hi"]).all()
    assert (out["lo"] >= 0).all() and (out["hi"] <= 1).all()


@pytest.mark.parametrize("trials", [1, 4, 7])
def test_clustered_rate_of_zero_of_n_starts_at_zero(trials):
    table = rate_table(units(0, trials), [], clusters=("game_id",))
    row = table.row(0, named=True)
    assert row["value"] == 0.0 and row["lo"] == 0.0 and row["hi"] > 0.0


@pytest.mark.parametrize("trials", [1, 4, 7])
def test_clustered_rate_of_n_of_n_ends_at_one(trials):
    table = rate_table(units(trials, trials), [], clusters=("game_id",))
    row = table.row(0, named=True)
    assert row["value"] == 1.0 and row["hi"] == 1.0 and row["lo"] < 1.0


def test_clustered_intervals_never_cross_their_value_on_uneven_games():
    frame = pl.DataFrame({"game_id": [f"g{i}" for i in range(40)], "rate": ["r"] * 40,
                          "count": [i % 3 for i in range(40)], "trials": [2 + i % 5 for i in range(40)]})
    iv = ratio_intervals(frame, ["rate"], "count", "trials")
    value = frame["count"].sum() / frame["trials"].sum()
    assert iv["lo"][0] <= value <= iv["hi"][0]
    assert 0.0 <= iv["lo"][0] and iv["hi"][0] <= 1.0


def test_error_bars_of_a_zero_rate_draw():
    table = rate_table(units(0, 4), [], clusters=("game_id",))
    value, lo, hi = (table[c].to_list() for c in ("value", "lo", "hi"))
    bars = error_bars(value, lo, hi, 100.0)
    fig, ax = plt.subplots()
    try:
        ax.bar([0], [100 * v for v in value], yerr=bars)
        ax.bar([0], [100 * v for v in value], yerr=[[100 * (v - a) for v, a in zip(value, lo)],
                                                    [100 * (b - v) for v, b in zip(value, hi)]])
    finally:
        plt.close(fig)


def test_a_mean_without_an_interval_keeps_no_interval():
    one_game = pl.DataFrame({"game_id": ["g0"] * 4, "rate": ["r"] * 4, "count": [3, 5, 1, 2], "trials": [1] * 4})
    iv = ratio_intervals(one_game, ["rate"], "count", "trials", proportion=False)
    assert iv["lo"].is_nan()[0] and iv["hi"].is_nan()[0]
