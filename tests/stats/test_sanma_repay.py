"""Re-paying sanma games under each scheme: the identity under tsumo-loss, and hand-checked cases."""

from __future__ import annotations

import pytest

from mjlog.formats.reader import read_log
from mjlog.replayer import replay
from mjlog.rules.riichi.ruleset import PRESETS
from mjlog.rules.riichi.sanma_repay import HandRecord, HandWin, hand_deltas, repay_game, repay_nagashi, repay_win
from mjlog.rules.riichi.sanma_schemes import SCHEMES
from mjlog.stats.schemes import compare_game, hands_from_replay

SANMA = PRESETS["tenhou-3p-south"]


def test_tsumo_under_each_scheme_pays_the_table_values():
    # non-dealer (seat 1) yakuman tsumo, dealer seat 0: payer shares from the rules documents' table
    w = HandWin(seat=1, from_seat=1, basic=8000)
    expect = {"tsumo-loss": (16000, 8000), "plus-1000": (17000, 9000), "marudori": (21300, 10700),
              "marudori2": (20000, 12000), "split-half": (16000, 16000), "dealer-triple": (24000, 8000),
              "double-take": (32000, 32000), "ron-reduced": (16000, 8000)}
    for scheme, (dealer_pays, child_pays) in expect.items():
        d = repay_win(w, dealer=0, rules=SANMA.replace(tsumo_scheme=scheme))
        assert d == (-dealer_pays, dealer_pays + child_pays, -child_pays), scheme


def test_honba_and_sticks_are_the_same_under_every_scheme():
    w = HandWin(seat=2, from_seat=2, basic=2000, honba=2, sticks=1)
    for scheme in SCHEMES:
        rules = SANMA.replace(tsumo_scheme=scheme)
        base = repay_win(HandWin(2, 2, 2000), 0, rules)
        d = repay_win(w, 0, rules)
        # +100 per honba from each of the two payers, +1000 per stick to the winner
        assert d[2] - base[2] == 2 * 200 + 1000 and d[0] - base[0] == -200 and d[1] - base[1] == -200


def test_ron_reduced_cuts_the_ron_to_the_tsumo_total():
    d = repay_win(HandWin(seat=1, from_seat=2, basic=8000), 0, SANMA.replace(tsumo_scheme="ron-reduced"))
    assert d == (0, 24000, -24000)


def test_nagashi_is_the_schemes_mangan_tsumo():
    assert repay_nagashi([False, True, False], 0, SANMA) == (-4000, 6000, -2000)
    assert repay_nagashi([False, True, False], 0, SANMA.replace(tsumo_scheme="split-half")) == (-4000, 8000, -4000)


def test_a_bust_that_appears_under_another_scheme_is_flagged():
    # South 2 (dealer seat 1): seat 0 wins a tsumo worth basic 1000; seat 2 (3000 points) pays
    # 1000 under tsumo-loss and survives, 4000 under double-take and busts.
    # South 3 (all-last, dealer seat 2): seat 0 rons seat 1 for basic 500 and, first with >= 40000, ends it.
    hands = [HandRecord(kyoku=5, honba=0, dealer=1, deposits=(0, 0, 0),
                        wins=(HandWin(seat=0, from_seat=0, basic=1000),)),
             HandRecord(kyoku=6, honba=0, dealer=2, deposits=(0, 0, 0),
                        wins=(HandWin(seat=0, from_seat=1, basic=500),))]
    start = (50000, 52000, 3000)
    plain = repay_game(hands, start, 0, SANMA)
    assert plain.final_scores == (55000, 48000, 2000) and not plain.flips
    # 2nd: 48 - 40 + 0 = 8; 3rd: 2 - 40 - 20 = -58; first takes the rest: 50
    assert plain.placements == (0, 1, 2) and plain.points == (50.0, 8.0, -58.0)
    double = repay_game(hands, start, 0, SANMA.replace(tsumo_scheme="double-take"))
    assert double.final_scores == (60000, 46000, -1000)
    assert double.flips == ("would end after hand 1 (bust)",)


@pytest.mark.corpus
def test_repaying_corpus_sanma_under_tsumo_loss_reproduces_the_log(corpus_xml_files):
    """The identity check: every hand's deltas and every game's final scores and points."""
    games = hands_checked = 0
    for path in corpus_xml_files:
        if "-00b9-" not in path.name:
            continue
        log = read_log(path)
        if log.final is None:
            continue
        rep = replay(log)
        hands, start, sticks = hands_from_replay(rep)
        for rnd, h in zip(log.rounds, hands):
            recorded = [0, 0, 0]
            for o in rnd.outcomes:
                recorded = [a + b for a, b in zip(recorded, o.deltas)]
            assert hand_deltas(h, SANMA) == tuple(recorded), (path.name, rnd.name)
            hands_checked += 1
        result = compare_game(rep, ["tsumo-loss"]).results["tsumo-loss"]
        assert result.final_scores == log.final.scores and result.points == log.final.points, path.name
        assert not result.flips, path.name
        games += 1
    assert games == 278 and hands_checked > 2500


def test_summary_counts_changes_against_the_baseline_and_shows_flipped_games_as_their_own_group():
    from mjlog.rules.riichi.sanma_repay import RepaidGame
    from mjlog.stats.schemes import GameComparison, sensitivity, summarize

    base = RepaidGame("tsumo-loss", (50000, 40000, 15000), (0, 1, 2), (45.0, 0.0, -45.0), 3000, ((True, 3000),))
    same = RepaidGame("split-half", (50000, 40000, 15000), (0, 1, 2), (45.0, 0.0, -45.0), 4000, ((True, 4000),))
    swapped = RepaidGame("split-half", (40000, 50000, 15000), (1, 0, 2), (0.0, 45.0, -45.0), 4000, ((False, 4000),))
    flipped = RepaidGame("split-half", (60000, 50000, -5000), (0, 1, 2), (55.0, 10.0, -65.0), 4000, (), ("x",))
    games = [GameComparison("a", {"tsumo-loss": base, "split-half": same}),
             GameComparison("b", {"tsumo-loss": base, "split-half": swapped}),
             GameComparison("c", {"tsumo-loss": base, "split-half": flipped})]
    summary = summarize(games)
    row = summary.filter(scheme="split-half", group="stable").to_dicts()[0]
    assert (row["games"], row["flipped_games"]) == (2, 0)
    assert row["winner_changed"] == 1 and row["placement_changes"] == 2
    assert row["tsumo_points"] == 8000 and row["mean_dealer_tsumo"] == 4000 and row["mean_nondealer_tsumo"] == 4000
    assert row["mean_abs_point_delta"] == 90.0 / 6   # game b: |45| + |45| + 0 over 6 seats of 2 games
    flipped = summary.filter(scheme="split-half", group="flipped").to_dicts()[0]
    assert (flipped["games"], flipped["flipped_games"], flipped["winner_changed"]) == (1, 1, 0)
    assert flipped["mean_abs_point_delta"] == 40.0 / 3   # game c kept as played: |10| + |10| + |20|
    every = summary.filter(scheme="split-half", group="all").to_dicts()[0]
    assert (every["games"], every["flipped_games"], every["tsumo_points"]) == (3, 1, 12000)
    # the baseline is computed on the same games in each group, flipped under it or not
    assert summary.filter(scheme="tsumo-loss")["games"].to_list() == [2, 1, 3]
    sens = sensitivity(summary).filter(scheme="split-half").to_dicts()[0]
    assert sens["winner_change_rate_stable"] == 0.5 and sens["winner_change_rate_all"] == 1 / 3


def test_compare_store_on_the_sample_sanma_games(tmp_path, capsys):
    from pathlib import Path

    from mjlog.cli import main
    from mjlog.store import Store

    sample = sorted((Path(__file__).resolve().parents[2] / "data" / "sample").glob("*3p*.xml"))
    assert sample
    db = tmp_path / "s.duckdb"
    with Store(db) as store:
        store.ingest(sample)
    assert main(["schemes", "compare", "--db", str(db)]) == 0
    out = capsys.readouterr().out
    assert "tsumo-loss" in out and "double-take" in out and "scheme_results" in out
    with Store(db) as store:
        same = store.sql(
            "SELECT count(*) AS n, count(*) FILTER (WHERE s.final_score = p.final_score "
            "AND s.placement_points = p.placement_points) AS same "
            "FROM scheme_results s JOIN players p USING (game_id, seat) WHERE s.scheme = 'tsumo-loss'").row(0)
        assert same == (3 * len(sample), 3 * len(sample))
        assert store.sql("SELECT count(DISTINCT scheme) FROM scheme_results").item() == 8


@pytest.mark.corpus
def test_compare_store_identity_on_corpus_sanma(tmp_path, corpus_xml_files):
    """From the database too: tsumo-loss re-payment gives every recorded final score and placement."""
    from mjlog.stats.schemes import compare_store
    from mjlog.store import Store

    with Store(tmp_path / "c.duckdb") as store:
        store.ingest([p for p in corpus_xml_files if "-00b9-" in p.name], jobs=2)
        summary, per_seat = compare_store(store)
        same = store.sql(
            "SELECT count(*) AS n, count(*) FILTER (WHERE s.final_score = p.final_score "
            "AND s.placement_points = p.placement_points AND s.placement = p.placement) AS same "
            "FROM scheme_results s JOIN players p USING (game_id, seat) WHERE s.scheme = 'tsumo-loss'").row(0)
    assert same == (834, 834)
    base = summary.filter(scheme="tsumo-loss", group="all").row(0, named=True)
    assert base["flipped_games"] == 0 and base["games"] == 278
    _assert_every_scheme_on_the_same_games(summary, per_seat)


def _assert_every_scheme_on_the_same_games(summary, per_seat):
    """Within each group every scheme's figures come from the same game ids, and the groups add up."""
    import polars as pl

    ids = {}
    for (group, scheme), rows in per_seat.group_by("group", "scheme"):
        ids.setdefault(group, {})[scheme] = frozenset(rows["game_id"])
    for group, by_scheme in ids.items():
        assert len(by_scheme) == 8 and len(set(by_scheme.values())) == 1, group
        assert set(summary.filter(pl.col("group") == group)["games"]) == {len(next(iter(by_scheme.values())))}
    assert not ids["stable"]["tsumo-loss"] & ids["flipped"]["tsumo-loss"]
    assert summary.filter(pl.col("group") == "all")["games"].to_list() == [
        len(ids["stable"]["tsumo-loss"]) + len(ids["flipped"]["tsumo-loss"])] * 8


@pytest.mark.corpus
def test_every_scheme_is_compared_on_the_same_game_ids_and_flipped_games_are_kept(tmp_path, corpus_xml_files):
    from mjlog.stats.schemes import compare_store
    from mjlog.store import Store

    with Store(tmp_path / "c.duckdb") as store:
        store.ingest([p for p in corpus_xml_files if "-00b9-" in p.name or "-00a9-" in p.name][:400], jobs=2)
    with Store(tmp_path / "c.duckdb", read_only=True) as store:   # nothing written: save=False
        summary, per_seat = compare_store(store, save=False)
    flipped = summary.filter(scheme="double-take", group="flipped").row(0, named=True)
    assert flipped["games"] > 0 and flipped["flipped_games"] > 0   # shown, not dropped
    _assert_every_scheme_on_the_same_games(summary, per_seat)
