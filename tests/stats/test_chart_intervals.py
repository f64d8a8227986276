"""The intervals the charts draw (recorded dealer rotation, the rotation Monte Carlo's distributions) and
the chart helpers that name a figure's population and its panels' intervals; the chart audit the notebook
tests run catches a figure that lacks either."""

from __future__ import annotations

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt
import polars as pl
import pytest

from mjlog.stats import chart_style
from tests.support.chart_audit import figure_problems
from tests.support.paths import SAMPLE


@pytest.fixture(scope="module")
def frames(tmp_path_factory):
    from mjlog.stats import load_frames
    from mjlog.store import Store

    path = tmp_path_factory.mktemp("charts") / "s.duckdb"
    with Store(path) as st:
        st.ingest([SAMPLE])
    with Store(path, read_only=True) as st:
        return load_frames(st, synthetic="include")


def test_dealer_rotation_shares_carry_intervals_clustered_by_game(frames):
    from mjlog.stats.dealer import dealer_points, honba_distribution, renchan_streaks, round_outcomes, rounds_per_game
    from mjlog.stats.intervals import wilson_interval

    outcomes = round_outcomes(frames.rounds, frames.wins, frames.draws)
    for table in (renchan_streaks(outcomes), honba_distribution(frames.rounds), rounds_per_game(frames.rounds)):
        assert table["lo"].null_count() == 0 and (table["lo"] <= table["share"]).all() and (
            table["share"] <= table["hi"]).all()
    # one unit per game: clustering by game leaves Wilson's interval over the games, at N - 1 (the
    # G/(G-1) small-sample factor of the clustered variance is a design effect of N/(N-1))
    from mjlog.stats.intervals import wilson_exprs

    length = rounds_per_game(frames.rounds)
    row = length.row(0, named=True)
    n = int(length.filter(pl.col("rule_set") == row["rule_set"])["games"].sum())
    plain = pl.DataFrame({"k": [row["share"] * (n - 1)], "n": [float(n - 1)]}).select(wilson_exprs("k", "n")).row(0)
    assert (row["lo"], row["hi"]) == pytest.approx(plain)
    assert row["hi"] - row["lo"] > wilson_interval(row["games"], n)[1] - wilson_interval(row["games"], n)[0]
    # the clustered interval is never narrower than Wilson's over the rounds taken as independent
    honba = honba_distribution(frames.rounds).filter(pl.col("honba") == 0)
    r = honba.row(0, named=True)
    total = int(honba_distribution(frames.rounds).filter(pl.col("rule_set") == r["rule_set"])["rounds"].sum())
    naive = wilson_interval(r["rounds"], total)
    assert r["hi"] - r["lo"] >= naive[1] - naive[0] - 1e-12
    dp = dealer_points(frames.rounds, frames.players)
    assert ((dp["mean_dealer_lo"] <= dp["mean_dealer"]) & (dp["mean_dealer"] <= dp["mean_dealer_hi"])).all()
    assert ((dp["mean_net_lo"] <= dp["mean_net"]) & (dp["mean_net"] <= dp["mean_net_hi"])).all()


def test_bootstrap_intervals_are_the_replicas_spread_and_count_a_missing_row_as_zero():
    from mjlog.stats.intervals import Z95
    from mjlog.stats.rotation_sim import bootstrap_intervals

    main = pl.DataFrame({"rule": ["a", "a"], "n": [1, 2], "share": [0.5, 0.5]})
    reps = [pl.DataFrame({"rule": ["a", "a"], "n": [1, 2], "share": [0.4, 0.6]}),
            pl.DataFrame({"rule": ["a"], "n": [1], "share": [0.6]})]       # n = 2 never played: 0
    out = bootstrap_intervals(main, reps, ["rule", "n"], "share", bounds=(0.0, 1.0)).sort("n")
    se = out["se"].to_list()
    assert se[0] == pytest.approx(pl.Series([0.4, 0.6]).std()) and se[1] == pytest.approx(pl.Series([0.6, 0.0]).std())
    assert out["lo"][0] == pytest.approx(0.5 - Z95 * se[0]) and out["lo"][1] == 0.0 and out["hi"][1] == pytest.approx(
        min(1.0, 0.5 + Z95 * se[1]))


def test_rotation_bootstrap_gives_the_same_figures_from_runs_played_beforehand(frames):
    from mjlog.rules.riichi.ruleset import PRESETS
    from mjlog.stats.rotation_sim import bootstrap_runs, outcome_pool, rotation_bootstrap, rotation_rules

    one = frames.only("tenhou-4p-south")
    pool = outcome_pool(one.rounds, one.wins, one.draws, one.payments)
    rules = rotation_rules(PRESETS["tenhou-4p-south"])
    runs = bootstrap_runs(pool, rules, 30, seed=5, replicates=4)
    assert len(runs) == 4
    assert rotation_bootstrap(pool, rules, 30, 5, replicates=4).equals(rotation_bootstrap(pool, rules, 30, 5, runs=runs))


def test_the_chart_audit_catches_a_chart_without_population_or_interval():
    fig, ax = plt.subplots()
    ax.bar(["a", "b"], [10.0, 20.0])
    ax.set_ylabel("share of wins (%)")
    problems = figure_problems(fig)
    assert any("does not name its population" in p for p in problems)
    assert any("no error bars or band" in p for p in problems)
    assert any("without error bars" in p for p in problems)
    chart_style.name_population(fig, "riichi tenhou-4p-south; 3 games")
    chart_style.no_interval(ax, "counts")   # a rate cannot claim to be counts
    assert any("claims it needs no interval" in p for p in figure_problems(fig))
    plt.close(fig)


def test_grouped_bars_name_population_and_no_interval_satisfy_the_audit():
    frame = pl.DataFrame({"rs": ["x", "x", "y"], "k": [0, 1, 0], "share": [0.6, 0.4, 1.0],
                          "lo": [0.5, 0.3, 0.9], "hi": [0.7, 0.5, 1.0]})
    fig, (a, b) = plt.subplots(1, 2)
    where = chart_style.grouped_bars(a, frame, "rs", "k")
    assert where == {"x": [0.0, 1.0], "y": [0.4]}
    assert [t.get_text() for t in a.get_xticklabels()] == ["0", "1"]
    a.set_ylabel("share (%)")
    b.plot([1, 2], [3, 4])
    b.set_ylabel("points")
    chart_style.no_interval(b, "recorded values")
    assert "recorded values: no interval" in b.get_ylabel()
    text = chart_style.name_population(fig, "one population; 2 games", "another; 1 game", heading="Bars: 95 %")
    assert text.get_text().startswith("Bars: 95 %\nPopulation: one population; 2 games + another; 1 game")
    fig.tight_layout()
    assert figure_problems(fig) == []
    with pytest.raises(ValueError):
        chart_style.no_interval(b, "because")
    plt.close(fig)


def test_scheme_comparison_means_and_winner_change_rates_carry_intervals(tmp_path):
    from mjlog.stats.schemes import compare_store
    from mjlog.stats.intervals import wilson_interval
    from mjlog.store import Store

    path = tmp_path / "s.duckdb"
    with Store(path) as st:
        st.ingest([SAMPLE])
    with Store(path, read_only=True) as st:
        summary, _ = compare_store(st, save=False)
    assert summary.height
    for r in summary.iter_rows(named=True):
        for who in ("dealer", "nondealer"):
            if r[f"mean_{who}_tsumo_lo"] is not None:
                assert r[f"mean_{who}_tsumo_lo"] <= r[f"mean_{who}_tsumo"] <= r[f"mean_{who}_tsumo_hi"]
        if r["scheme"] == "tsumo-loss":   # the baseline against itself: 0 by construction, no interval
            assert r["winner_change_rate"] == 0 and r["winner_change_rate_lo"] is None
        else:
            assert (r["winner_change_rate_lo"], r["winner_change_rate_hi"]) == pytest.approx(
                wilson_interval(r["winner_changed"], r["games"]))
    every = summary.filter(pl.col("group") == "all")
    assert every["mean_dealer_tsumo_lo"].null_count() < every.height   # the sample has dealer tsumo in several games
