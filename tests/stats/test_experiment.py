"""The controlled experiment (:mod:`mjlog.stats.experiment`): the arms of ``--vary``, the same walls for
every arm, what a game's row counts, and the paired and unpaired intervals of a difference."""

from __future__ import annotations

import re
import statistics

import polars as pl
import pytest

from mjlog.batch.simulate import game_seeds
from mjlog.rules.knobs import KnobError, RuleChoice
from mjlog.rules.riichi.ruleset import PRESETS
from mjlog.rules.riichi.simulate import simulate_game, simulate_result
from mjlog.rules.riichi.simulate.game import hand_bot_rng, play_game_result
from mjlog.stats.experiment import (ROLES, Arm, Design, compare_arms, experiment_design, game_row,
                                    paired_variance_sources, pairing_limits, play_experiment)


def _first_tags(xml: bytes) -> tuple[str, str]:
    """The wall's seed (SHUFFLE) and the first hand's deal (INIT) of a simulated game."""
    text = xml.decode()
    return re.search(r"<SHUFFLE [^>]*>", text).group(0), re.search(r"<INIT [^>]*>", text).group(0)


@pytest.mark.parametrize("vary", ["tsumo_scheme=tsumo-loss,split-half,double-take", "renchan_on_dealer_tenpai",
                                  "bust_below_zero", "agari_yame"])
def test_every_arm_plays_the_same_walls_and_deal_for_each_seed(vary):
    design = experiment_design("tenhou-3p-south", [], [vary])
    for seed in game_seeds(3, 11):
        firsts = {_first_tags(simulate_game(arm.rules, seed)) for arm in design.arms}
        assert len(firsts) == 1, (vary, seed)


def test_payment_scheme_arms_play_the_same_hands_until_the_first_tsumo():
    design = experiment_design("tenhou-3p-south", [], ["tsumo_scheme=tsumo-loss,marudori"])
    seed = game_seeds(1, 3)[0]
    base, other = (simulate_result(arm.rules, seed) for arm in design.arms)
    for a, b in zip(base.hands, other.hands):
        assert (a.dealer, [(w.seat, w.tsumo) for w in a.incomes]) == (b.dealer, [(w.seat, w.tsumo) for w in b.incomes])
        if any(w.tsumo for w in a.incomes):
            break


def _hands(xml: str) -> list[tuple[str, str, tuple[str, ...]]]:
    """Each hand of a simulated game: its round (INIT's first seed field), its deal to seat 0 (the wall)
    and its draws, discards and calls in order (the bots' play)."""
    out = []
    for part in xml.split("<INIT ")[1:]:
        kyoku = re.search(r'seed="(\d+),', part).group(1)
        deal = re.search(r'hai0="([^"]*)"', part).group(1)
        out.append((kyoku, deal, tuple(re.findall(r"<[T-WD-GN]\d*/>|<N [^>]*/>", part))))
    return out


# Game seeds whose arms (tsumo-loss, plus-1000) play a hand differently and then reach later hands in the
# same round in both arms: under one bot stream per game the first stays shifted from the divergence on.
DIVERGING_SEEDS = (79982183943965, 270186595064297)


def test_arms_that_diverge_play_each_later_hand_of_the_same_round_on_the_same_wall_with_the_same_bots():
    base, other = (arm.rules for arm in experiment_design("tenhou-3p-south", [], ["tsumo_scheme=tsumo-loss,plus-1000"]).arms)
    realigned = 0
    for seed in DIVERGING_SEEDS:
        a, b = (_hands(play_game_result(rules, seed, policy=base)[0]) for rules in (base, other))
        assert a[0] == b[0], seed                           # the first hand: same wall, same play
        diverged = next((k for k, (x, y) in enumerate(zip(a, b)) if x != y), None)
        if diverged is None:
            continue
        for k in range(diverged + 1, min(len(a), len(b))):
            if a[k][0] == b[k][0]:                          # a hand both arms reach in the same round
                assert a[k] == b[k], (seed, k)
                realigned += 1
    assert realigned


def _play(hands) -> list[tuple]:
    return [(h.dealer, h.riichi, [(w.seat, w.tsumo) for w in h.incomes]) for h in hands]


def test_the_bots_value_hands_under_the_baselines_rules_so_a_cheaper_ron_does_not_change_their_play():
    design = experiment_design("tenhou-3p-south", [], ["tsumo_scheme=tsumo-loss,ron-reduced"])
    base, cheaper = (arm.rules for arm in design.arms)
    changed = 0
    for seed in game_seeds(4, 1):
        played = _play(simulate_result(base, seed).hands)
        own = _play(simulate_result(cheaper, seed).hands)        # bots that value a ron at its reduced price
        blind = _play(simulate_result(cheaper, seed, policy=base).hands)
        changed += own[:len(played)] != played[:len(own)]
        assert blind[:len(played)] == played[:len(blind)], seed
    assert changed
    games = play_experiment(design, 2, seed=1)
    row = games.filter((pl.col("arm") == "ron-reduced") & (pl.col("game") == 0)).row(0, named=True)
    assert row == game_row(simulate_result(cheaper, game_seeds(1, 1)[0], policy=base), "ron-reduced", 0)


def test_vary_without_values_takes_every_scheme_with_the_presets_value_as_baseline():
    design = experiment_design("tenhou-3p-south", ["tsumo_scheme=split-half"], ["tsumo_scheme"])
    labels = [arm.label for arm in design.arms]
    assert labels[0] == "split-half" and len(labels) == 8 and "tsumo-loss" in labels
    assert all(arm.rules.tsumo_scheme == arm.label for arm in design.arms)


def test_vary_a_switch_takes_both_values_and_values_given_keep_their_order_after_the_baseline():
    design = experiment_design("tenhou-4p-south", [], ["renchan_on_dealer_tenpai"])
    assert [a.label for a in design.arms] == ["True", "False"]
    assert [a.rules.renchan_on_dealer_tenpai for a in design.arms] == [True, False]
    design = experiment_design("tenhou-4p-south", [], ["honba_ron=100,300,500"])
    assert [a.label for a in design.arms] == ["300", "100", "500"]
    design = experiment_design("tenhou-4p-south", [], ["uma=10,0,-10,-20/20,10,-10,-20"])
    assert [a.rules.uma for a in design.arms] == [(20, 10, -10, -20), (10, 0, -10, -20)]


def test_two_varied_knobs_make_every_combination_with_the_baseline_first():
    design = experiment_design("tenhou-3p-south", [], ["extension", "agari_yame=true,false"])
    assert [a.values for a in design.arms] == [
        (("extension", "True"), ("agari_yame", "True")), (("extension", "True"), ("agari_yame", "False")),
        (("extension", "False"), ("agari_yame", "True")), (("extension", "False"), ("agari_yame", "False"))]
    assert design.arms[3].label == "extension=False, agari_yame=False"


def test_each_arm_names_its_schemes_reading_and_the_knob_that_chooses_it():
    design = experiment_design("tenhou-3p-south", ["marudori2_reading=words"], ["tsumo_scheme=tsumo-loss,marudori2"])
    assert design.arms[0].reading == "自摸損"
    assert "read as words" in design.arms[1].reading and design.arms[1].reading.endswith("marudori2_reading=words")
    assert experiment_design("tenhou-4p-south", [], ["red_fives"]).arms[0].reading == ""


@pytest.mark.parametrize(("preset", "fixed", "vary", "words"), [
    ("tenhou-3p-south", [], ["tsumo_schem"], "close: tsumo_scheme"),
    ("tenhou-4p-south", [], ["tsumo_scheme"], "three-player knob"),
    ("tenhou-4p-south", [], ["honba_ron"], "needs its values"),
    ("tenhou-4p-south", [], ["honba_ron=300"], "two or more different values"),
    ("tenhou-4p-south", [], ["honba_ron=300,300"], "two or more different values"),
    ("tenhou-4p-south", [], ["renchan_on_dealer_tenpai=True,maybe"], "allowed values: True, False"),
    ("tenhou-4p-south", [], ["extension", "extension"], "twice"),
    ("tenhou-4p-south", [], ["players=3,4"], "preset's, not a knob"),
    ("tenhou-4p-south", [], [], "names no knob"),
    ("beijing", [], ["base"], "not a riichi preset"),
])
def test_a_vary_the_rules_cannot_take_is_a_one_line_knob_error(preset, fixed, vary, words):
    with pytest.raises(KnobError, match=words):
        experiment_design(preset, fixed, vary)


def test_a_games_row_counts_each_wins_income_as_its_agari_shows():
    rules = PRESETS["tenhou-3p-south"]
    for seed in game_seeds(4, 2):
        row = game_row(simulate_result(rules, seed), "x", 0)
        income = dealer = tsumo = 0
        for tag in re.finditer(r"<(INIT|AGARI) [^>]*>", simulate_game(rules, seed).decode()):
            attrs = dict(re.findall(r'(\w+)="([^"]*)"', tag.group(0)))
            if tag.group(1) == "INIT":
                hand_dealer = int(attrs["oya"])
                continue
            who, sticks = int(attrs["who"]), int(attrs["ba"].split(",")[1])
            gain = int(attrs["sc"].split(",")[2 * who + 1]) * 100 - 1000 * sticks
            income += gain
            dealer += gain if who == hand_dealer else 0
            tsumo += gain if who == int(attrs["fromWho"]) else 0
        assert (row["income"], row["dealer_income"], row["tsumo_income"]) == (income, dealer, tsumo)
        assert row["hands"] == simulate_game(rules, seed).decode().count("<INIT ")


def test_the_rows_are_the_same_on_one_process_and_on_two():
    design = experiment_design("tenhou-3p-south", [], ["tsumo_scheme=tsumo-loss,plus-1000"])
    one = play_experiment(design, 4, seed=5)
    assert one.equals(play_experiment(design, 4, seed=5, jobs=2))
    assert one.height == 8 and one.filter(pl.col("arm") == "plus-1000")["game"].to_list() == [0, 1, 2, 3]


def _rows(arm: str, values: list[float]) -> list[dict]:
    return [{"game": g, "arm": arm, "hands": 8, "bust": False, "income": 2, "dealer_income": 1, "tsumo_income": 1,
             "final": [35000, 35000, 35000], "points": [v, 0.0, -v]} for g, v in enumerate(values)]


def test_the_paired_interval_is_the_interval_of_each_seeds_difference_and_the_unpaired_one_adds_variances():
    design = Design(RuleChoice("tenhou-3p-south"), ("tsumo_scheme",), (Arm("a", (), PRESETS["tenhou-3p-south"], ""),
                                              Arm("b", (), PRESETS["tenhou-3p-south"], "")))
    base, other = [10.0, -20.0, 35.0, 5.0, -30.0], [12.0, -19.0, 30.0, 9.0, -29.0]
    games = pl.DataFrame(_rows("a", base) + _rows("b", other))
    _, diffs = compare_arms(games, design, z=1.0)
    row = diffs.filter((pl.col("figure") == "placement points") & (pl.col("role") == ROLES[0])).row(0, named=True)
    d = [o - b for o, b in zip(other, base)]
    se_paired = statistics.stdev(d) / len(d) ** 0.5
    se_unpaired = (statistics.variance(base) / 5 + statistics.variance(other) / 5) ** 0.5
    assert row["difference"] == pytest.approx(statistics.mean(d))
    assert row["hi"] - row["difference"] == pytest.approx(se_paired)
    assert row["unpaired_hi"] - row["difference"] == pytest.approx(se_unpaired)
    assert row["width_ratio"] == pytest.approx(se_unpaired / se_paired)


def test_arms_of_different_games_cannot_be_paired():
    design = experiment_design("tenhou-3p-south", [], ["tsumo_scheme=tsumo-loss,split-half"])
    games = pl.DataFrame(_rows("tsumo-loss", [1.0, 2.0]) + _rows("split-half", [1.0, 2.0, 3.0]))
    with pytest.raises(ValueError, match="same seeds"):
        compare_arms(games, design)


def test_pairing_by_seed_narrows_the_first_dealers_placement_interval_on_a_small_run():
    design = experiment_design("tenhou-3p-south", [], ["tsumo_scheme=tsumo-loss,split-half"])
    _, diffs = compare_arms(play_experiment(design, 16, seed=1), design)
    row = diffs.filter((pl.col("figure") == "placement points") & (pl.col("role") == ROLES[0])).row(0, named=True)
    assert row["width_ratio"] > 2


def test_each_hands_bot_stream_depends_only_on_the_game_seed_and_the_hands_index():
    assert hand_bot_rng(5, 3).random() == hand_bot_rng(5, 3).random()
    assert len({hand_bot_rng(5, k).random() for k in range(4)} | {hand_bot_rng(6, 3).random()}) == 5


def test_the_paired_variance_splits_by_whether_the_seeds_games_end_alike_differently_or_by_one_bust():
    design = Design(RuleChoice("tenhou-3p-south"), ("tsumo_scheme",), (Arm("a", (), PRESETS["tenhou-3p-south"], ""),
                                              Arm("b", (), PRESETS["tenhou-3p-south"], "")))
    base, other = [10.0, -20.0, 35.0, 5.0], [12.0, -19.0, 5.0, 45.0]
    rows_b = _rows("b", other)
    rows_b[2] |= {"hands": 5, "bust": True}      # busts where the baseline's game does not
    rows_b[3] |= {"hands": 11}                   # ends later, neither busting
    sources = paired_variance_sources(pl.DataFrame(_rows("a", base) + rows_b), design)
    d = [o - b for o, b in zip(other, base)]
    squares = [(x - statistics.mean(d)) ** 2 for x in d]
    shares = {r["kind"]: (r["games"], r["variance_share"]) for r in sources.iter_rows(named=True)}
    assert shares == {
        "same length": (2, pytest.approx((squares[0] + squares[1]) / sum(squares))),
        "bust in one arm only": (1, pytest.approx(squares[2] / sum(squares))),
        "ends at another hand": (1, pytest.approx(squares[3] / sum(squares)))}
    with pytest.raises(ValueError, match="no figure"):
        paired_variance_sources(pl.DataFrame(_rows("a", base) + rows_b), design, role="nobody")


def test_the_pairing_limit_is_the_width_ratio_were_only_the_seeds_that_end_apart_left():
    design = Design(RuleChoice("tenhou-3p-south"), ("tsumo_scheme",), (Arm("a", (), PRESETS["tenhou-3p-south"], ""),
                                              Arm("b", (), PRESETS["tenhou-3p-south"], ""),
                                              Arm("c", (), PRESETS["tenhou-3p-south"], "")))
    base = [10.0, -20.0, 35.0, 5.0]
    rows_b = _rows("b", [12.0, -19.0, 5.0, 45.0])
    rows_b[2] |= {"hands": 5, "bust": True}
    games = pl.DataFrame(_rows("a", base) + rows_b + _rows("c", [11.0, -22.0, 30.0, 9.0]))
    sources = paired_variance_sources(games, design)
    _, diffs = compare_arms(games, design)
    limits = {r["arm"]: r for r in pairing_limits(sources, diffs).iter_rows(named=True)}
    apart = sources.filter((pl.col("arm") == "b") & (pl.col("kind") != "same length"))["variance_share"].sum()
    ratio = diffs.filter((pl.col("arm") == "b") & (pl.col("figure") == "placement points")
                         & (pl.col("role") == ROLES[0]))["width_ratio"][0]
    assert limits["b"]["games_apart"] == 1 and limits["b"]["apart_share"] == pytest.approx(apart)
    assert limits["b"]["width_ratio_limit"] == pytest.approx(ratio / apart ** 0.5)
    assert limits["c"]["games_apart"] == 0 and limits["c"]["width_ratio_limit"] is None   # nothing ends apart
