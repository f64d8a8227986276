"""Intervals that respect the data's structure (mjlog.stats.clustered): on synthetic frames whose
rounds within a game (or games of one player) are correlated by construction, the clustered 95 %
interval covers the true rate in about 95 % of seeds, and the naive one does not."""

from __future__ import annotations

import math
import random

import polars as pl
import pytest

from mjlog.stats.clustered import BY_GAME, BY_GAME_AND_PLAYER, ratio_intervals
from mjlog.stats.sheet import player_round_rates

SEEDS = 200
TRUE_RATE = 0.2
NO_EVENTS = pl.DataFrame(schema={"game_id": pl.String, "round_index": pl.Int64, "seat": pl.Int64,
                                 "riichi_declared": pl.Int64, "riichi_accepted": pl.Int64, "calls": pl.Int64})
WIN_SCHEMA = {"game_id": pl.String, "round_index": pl.Int64, "seat": pl.Int64, "deal_in_seat": pl.Int64}


def _round_row(g: int, r: int) -> dict:
    return dict(game_id=f"g{g}", rule_set="x", n_players=4, round_index=r, dealer=r % 4, complete=True)


def game_correlated(seed: int, games: int = 60, rounds: int = 10, spread: float = 0.15):
    """Every round of a game shares the game's win rate, drawn uniformly around TRUE_RATE."""
    rng = random.Random(seed)
    rows, wins = [], []
    for g in range(games):
        p = TRUE_RATE + rng.uniform(-spread, spread)
        for r in range(rounds):
            rows.append(_round_row(g, r))
            wins += [dict(game_id=f"g{g}", round_index=r, seat=s, deal_in_seat=None)
                     for s in range(4) if rng.random() < p]
    return pl.DataFrame(rows), pl.DataFrame(wins, schema=WIN_SCHEMA)


def player_correlated(seed: int, games: int = 80, rounds: int = 8, n_players: int = 30, spread: float = 0.12):
    """Each player has a win rate of their own, drawn around TRUE_RATE, and sits in many games."""
    rng = random.Random(seed)
    skill = {f"p{i}": TRUE_RATE + rng.uniform(-spread, spread) for i in range(n_players)}
    rows, wins, seats = [], [], []
    for g in range(games):
        table = rng.sample(sorted(skill), 4)
        seats += [dict(game_id=f"g{g}", seat=s, name=name) for s, name in enumerate(table)]
        for r in range(rounds):
            rows.append(_round_row(g, r))
            wins += [dict(game_id=f"g{g}", round_index=r, seat=s, deal_in_seat=None)
                     for s in range(4) if rng.random() < skill[table[s]]]
    return pl.DataFrame(rows), pl.DataFrame(wins, schema=WIN_SCHEMA), pl.DataFrame(seats)


def _covers(row: dict, naive: bool = False) -> bool:
    if naive:
        half = 1.959963984540054 * row["se_naive"]
        return row["value"] - half <= TRUE_RATE <= row["value"] + half
    return row["lo"] <= TRUE_RATE <= row["hi"]


@pytest.mark.slow
def test_clustered_interval_covers_when_rounds_of_a_game_are_correlated():
    clustered = naive = 0
    for seed in range(SEEDS):
        rounds, wins = game_correlated(seed)
        row = player_round_rates(rounds, wins, NO_EVENTS, by=()).filter(pl.col("rate") == "win_rate").row(0, named=True)
        assert row["method"] == BY_GAME and row["clusters"] == 60
        clustered += _covers(row)
        naive += _covers(row, naive=True)
    # a correct 95 % method lands in [0.91, 0.99] with 200 seeds (binomial sd 1.5 points); the naive one
    # assumes 2,400 independent player-rounds where the design effect is about 2.5
    assert 0.91 <= clustered / SEEDS <= 0.99, clustered
    assert naive / SEEDS < 0.85, naive


@pytest.mark.slow
def test_two_way_interval_covers_when_players_repeat():
    two_way = game_only = 0
    for seed in range(SEEDS):
        rounds, wins, players = player_correlated(seed)
        both = player_round_rates(rounds, wins, NO_EVENTS, players, by=()).row(0, named=True)
        games = player_round_rates(rounds, wins, NO_EVENTS, None, by=()).row(0, named=True)
        assert both["method"] == BY_GAME_AND_PLAYER and games["method"] == BY_GAME
        two_way += _covers(both)
        game_only += _covers(games)
    assert 0.91 <= two_way / SEEDS <= 0.995, two_way
    assert game_only / SEEDS < 0.87, game_only


def test_ratio_intervals_hand_computed():
    # two games: game a 1 of 2, game b 3 of 4 -> R = 4/6; residuals 1 - 2R = -1/3 and 3 - 4R = 1/3
    units = pl.DataFrame({"game_id": ["a", "a", "b", "b", "b", "b"], "y": [1, 0, 1, 1, 1, 0], "n": [1] * 6})
    r = ratio_intervals(units, [], "y", "n").row(0, named=True)
    v = 2 / 1 * (1 / 9 + 1 / 9) / 36
    assert math.isclose(r["se"], math.sqrt(v)) and r["clusters"] == 2
    assert math.isclose(r["se_naive"], math.sqrt((2 / 3) * (1 / 3) / 6))
    assert 0 <= r["lo"] < 2 / 3 < r["hi"] <= 1


def test_ratio_interval_of_a_rate_never_seen_is_not_empty():
    units = pl.DataFrame({"game_id": ["a", "b", "c"], "y": [0, 0, 0], "n": [5, 5, 5]})
    r = ratio_intervals(units, [], "y", "n").row(0, named=True)
    assert r["lo"] == 0.0 and r["hi"] > 0.1  # Wilson at n = 15


def test_mean_interval_uses_normal_bounds():
    units = pl.DataFrame({"game_id": ["a", "b", "c", "d"], "x": [1.0, 2.0, 3.0, 4.0], "one": [1] * 4})
    r = ratio_intervals(units, [], "x", "one", proportion=False).row(0, named=True)
    # each unit its own game: clustered = units' sandwich = sum((x - 2.5)^2) * 4/3 / 16
    assert math.isclose(r["se"], math.sqrt(5 * 4 / 3 / 16)) and math.isclose(r["se"], r["se_naive"])
    assert math.isclose(r["lo"], 2.5 - 1.959963984540054 * r["se"])


@pytest.mark.parametrize("anon", ["NoName", None])
def test_anonymous_players_are_not_one_cluster(anon):
    from mjlog.stats.clustered import with_player

    f = pl.DataFrame({"game_id": ["a", "b"], "seat": [0, 0]})
    players = pl.DataFrame({"game_id": ["a", "b"], "seat": [0, 0], "name": [anon, anon]})
    assert with_player(f, players)["player"].n_unique() == 2


def test_rotation_bootstrap_by_game_gives_each_figure_an_interval():
    from mjlog.rules.riichi.ruleset import PRESETS
    from mjlog.stats.rotation_sim import SUMMARY_FIGURES, rotation_bootstrap, rotation_rules

    rng = random.Random(7)
    rows = []
    for g in range(30):  # each game either favours the dealer or not: rounds within a game correlated
        lucky = g % 2 == 0
        for r in range(8):
            won = rng.random() < (0.6 if lucky else 0.1)
            d = 3000 if won else -1000
            rows.append(dict(game_id=f"g{g}", round_index=r, rule_set="tenhou-4p-south", n_players=4,
                             deltas=[d, -d, 0, 0], dealer_won=won, any_win=True, abortive=False, dealer_tenpai=False))
    pool = pl.DataFrame(rows)
    rules = rotation_rules(PRESETS["tenhou-4p-south"])
    a = rotation_bootstrap(pool, rules, 100, seed=3, replicates=12)
    assert a.equals(rotation_bootstrap(pool, rules, 100, seed=3, replicates=12))  # seeded
    assert a.height == len(rules) * len(SUMMARY_FIGURES) and set(a["games"]) == {30}
    assert (a["lo"] <= a["value"]).all() and (a["value"] <= a["hi"]).all()
    pts = a.filter((pl.col("rule") == "tenhou") & (pl.col("figure") == "dealer_points_per_player")).row(0, named=True)
    assert pts["se"] > 0 and pts["lo"] < pts["value"] < pts["hi"]


def test_phoenix_comparison_se_widened_by_design_effect():
    from mjlog.stats.reference import compare_with_reference

    ref = pl.DataFrame({"metric": ["win_rate"], "label": ["x"], "kind": ["proportion"], "source": ["s"],
                        "published": [0.2]})
    ours = pl.DataFrame({"metric": ["win_rate"], "value": [0.21], "n": [1600], "sd": [None],
                         "design_effect": [4.0]}, schema_overrides={"sd": pl.Float64})
    r = compare_with_reference(ours, ref).row(0, named=True)
    assert math.isclose(r["se"], 2 * math.sqrt(0.2 * 0.8 / 1600))  # sqrt(deff) = 2
    below = compare_with_reference(ours.with_columns(pl.lit(0.5).alias("design_effect")), ref).row(0, named=True)
    assert math.isclose(below["se"], math.sqrt(0.2 * 0.8 / 1600))  # never narrower than binomial
