"""Re-paying sanma games under each scheme: the identity under tsumo-loss, and hand-checked cases."""

from __future__ import annotations

import pytest

from mjlog.formats.reader import read_log
from mjlog.replayer import replay
from mjlog.rules.riichi.ruleset import PRESETS
from mjlog.rules.riichi.sanma_repay import (FlipHandling, HandRecord, HandWin, PlayOut, hand_deltas, repay_game,
                                            repay_nagashi, repay_win, turned)
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


def _bust_game():
    """The game of the test above: a bust after hand 1 under double-take, none under tsumo-loss."""
    hands = [HandRecord(kyoku=5, honba=0, dealer=1, deposits=(0, 0, 0),
                        wins=(HandWin(seat=0, from_seat=0, basic=1000),)),
             HandRecord(kyoku=6, honba=0, dealer=2, deposits=(0, 0, 0),
                        wins=(HandWin(seat=0, from_seat=1, basic=500),))]
    return hands, (50000, 52000, 3000)


def test_a_game_that_ends_early_under_a_scheme_is_stopped_at_its_flip_point():
    hands, start = _bust_game()
    double = SANMA.replace(tsumo_scheme="double-take")
    for handling in (FlipHandling.STOP, FlipHandling.PLAY_OUT):
        cut = repay_game(hands, start, 0, double, handling=handling, play_out=PlayOut(hands, "1"))
        # the scheme's own end: after hand 1, by the bust, whether stopped or played out
        assert cut.final_scores == (58000, 48000, -1000) and cut.hands == 1 and cut.end == "bust"
        assert cut.flips == ("would end after hand 1 (bust)",) and cut.handling is handling and cut.played_out == 0
    kept = repay_game(hands, start, 0, double)
    assert kept.hands == 2 and kept.final_scores == (60000, 46000, -1000)   # as played, the flip only flagged


def _target_game():
    """South 3 (all-last, dealer seat 2): seat 0 rons seat 1 for basic 500. Under tsumo-loss the ron pays
    2000 and seat 0 reaches 40000, ending the game; under ron-reduced it pays 1500, seat 0 stays at
    39500 and the game would go on into the West round."""
    hands = [HandRecord(kyoku=6, honba=0, dealer=2, deposits=(0, 0, 0), wins=(HandWin(seat=0, from_seat=1, basic=500),))]
    return hands, (38000, 35000, 32000)


def test_a_game_that_would_go_on_under_a_scheme_stops_at_the_recorded_end_or_is_played_out():
    hands, start = _target_game()
    recorded = repay_game(hands, start, 0, SANMA, handling=FlipHandling.STOP)
    assert recorded.final_scores == (40000, 33000, 32000) and recorded.end == "target reached" and not recorded.flips
    reduced = SANMA.replace(tsumo_scheme="ron-reduced")
    stopped = repay_game(hands, start, 0, reduced, handling=FlipHandling.STOP)
    assert stopped.flips == ("would go on after the last hand played",)
    assert stopped.final_scores == (39500, 33500, 32000) and stopped.end == "stopped at the flip point"
    assert (stopped.hands, stopped.played_out) == (1, 0)
    # a pool of one recorded hand: its dealer (seat 1 there) wins a tsumo worth 4000 from each payer, with a
    # riichi of the seat after it. Turned onto West 1's dealer (seat 0), with 0 honba and 0 sticks.
    pool = (HandRecord(kyoku=1, honba=3, dealer=1, deposits=(0, 0, 1000), sticks=2,
                       wins=(HandWin(seat=1, from_seat=1, basic=2000, honba=3, sticks=3),)),)
    played = repay_game(hands, start, 0, reduced, handling=FlipHandling.PLAY_OUT, play_out=PlayOut(pool, "7"))
    # West 1: seat 1 (after the dealer) pays its riichi (1000) and 4000, seat 2 pays 4000, seat 0 takes 8000
    # and the stick: 48500, first with 40000 or more, and the dealer stops as first
    assert played.final_scores == (48500, 28500, 28000) and played.end == "dealer stops as first"
    assert (played.hands, played.played_out) == (2, 1) and played.flips == stopped.flips
    again = repay_game(hands, start, 0, reduced, handling=FlipHandling.PLAY_OUT, play_out=PlayOut(pool, "7"))
    assert again == played
    with pytest.raises(ValueError, match="pool"):
        repay_game(hands, start, 0, reduced, handling=FlipHandling.PLAY_OUT)


def test_a_recorded_hand_turned_onto_another_dealer_moves_every_seat_and_takes_the_tables_honba_and_sticks():
    h = HandRecord(kyoku=1, honba=3, dealer=1, deposits=(0, 1000, 1000), draw_deltas=None, sticks=2,
                   wins=(HandWin(seat=2, from_seat=0, basic=1000, honba=3, sticks=4, pao=1),
                         HandWin(seat=1, from_seat=0, basic=500)))
    t = turned(h, dealer=0, kyoku=8, honba=1, sticks=0)
    assert (t.kyoku, t.honba, t.dealer, t.sticks, t.deposits) == (8, 1, 0, 0, (1000, 1000, 0))
    assert t.wins == (HandWin(seat=1, from_seat=2, basic=1000, honba=1, sticks=2, pao=0),
                      HandWin(seat=0, from_seat=2, basic=500))


def test_play_out_draws_the_same_hands_under_every_scheme_for_a_seed():
    hands, start = _target_game()
    pool = tuple(HandRecord(kyoku=k, honba=0, dealer=k % 3, deposits=(0, 0, 0),
                            wins=(HandWin(seat=(k + 1) % 3, from_seat=(k + 2) % 3, basic=200 + 100 * k),))
                 for k in range(3))
    runs = {seed: repay_game(hands, start, 0, SANMA.replace(tsumo_scheme="ron-reduced"),
                             handling=FlipHandling.PLAY_OUT, play_out=PlayOut(pool, seed)) for seed in ("1", "2")}
    assert all(r.played_out > 0 for r in runs.values())
    assert runs["1"] == repay_game(hands, start, 0, SANMA.replace(tsumo_scheme="ron-reduced"),
                                   handling=FlipHandling.PLAY_OUT, play_out=PlayOut(pool, "1"))


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


def test_summary_judges_each_scheme_against_tsumo_loss_game_by_game_on_all_games_and_its_own_stable_ones():
    from mjlog.rules.riichi.sanma_repay import RepaidGame
    from mjlog.stats.schemes import GameComparison, sensitivity, summarize

    base = RepaidGame("tsumo-loss", (50000, 40000, 15000), (0, 1, 2), (45.0, 0.0, -45.0), 3000, ((True, 3000),),
                      hands=8)
    same = RepaidGame("split-half", (50000, 40000, 15000), (0, 1, 2), (45.0, 0.0, -45.0), 4000, ((True, 4000),),
                      hands=8)
    swapped = RepaidGame("split-half", (40000, 50000, 15000), (1, 0, 2), (0.0, 45.0, -45.0), 4000, ((False, 4000),),
                         hands=8)
    flipped = RepaidGame("split-half", (60000, 50000, -5000), (0, 1, 2), (55.0, 10.0, -65.0), 4000, (), ("x",),
                         FlipHandling.STOP, hands=5)
    other = RepaidGame("marudori", (50000, 40000, 15000), (0, 1, 2), (45.0, 0.0, -45.0), 3000, ((True, 3000),),
                       hands=8)
    games = [GameComparison("a", {"tsumo-loss": base, "split-half": same, "marudori": other}),
             GameComparison("b", {"tsumo-loss": base, "split-half": swapped, "marudori": other}),
             GameComparison("c", {"tsumo-loss": base, "split-half": flipped, "marudori": other})]
    summary = summarize(games)
    every = summary.filter(scheme="split-half", group="all").to_dicts()[0]
    assert (every["games"], every["flipped_games"], every["tsumo_points"], every["busts"]) == (3, 1, 12000, 1)
    assert every["winner_changed"] == 1 and every["placement_changes"] == 2 and every["mean_hands"] == 7.0
    # game b: |45| + |45| + 0, game c (stopped): |10| + |10| + |20|, over 9 seats
    assert every["mean_abs_point_delta"] == 130.0 / 9
    assert every["first_dealer_point_delta"] == (0 - 45 + 10) / 3
    assert every["mean_abs_point_delta_lo"] < every["mean_abs_point_delta"] < every["mean_abs_point_delta_hi"]
    stable = summary.filter(scheme="split-half", group="stable").to_dicts()[0]
    assert (stable["games"], stable["flipped_games"]) == (2, 0) and stable["mean_abs_point_delta"] == 90.0 / 6
    assert stable["mean_dealer_tsumo"] == 4000 and stable["mean_nondealer_tsumo"] == 4000
    # a game flipped under split-half only is stable under marudori: stability is per scheme
    assert summary.filter(scheme="marudori", group="stable")["games"].item() == 3
    assert summary.filter(scheme="tsumo-loss")["games"].to_list() == [3, 3]
    assert summary.filter(scheme="tsumo-loss")["winner_change_rate_lo"].to_list() == [None, None]
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
    # the flip handling and the readings are named
    assert "Flips: flipped games stopped at their flip point" in " ".join(out.split())
    assert "read as formula" in out and "double_take_reading" in " ".join(out.split())
    with Store(db) as store:
        same = store.sql(
            "SELECT count(*) AS n, count(*) FILTER (WHERE s.final_score = p.final_score "
            "AND s.placement_points = p.placement_points) AS same "
            "FROM scheme_results s JOIN players p USING (game_id, seat) WHERE s.scheme = 'tsumo-loss'").row(0)
        assert same == (3 * len(sample), 3 * len(sample))
        assert store.sql("SELECT count(DISTINCT scheme) FROM scheme_results").item() == 8


def test_schemes_compare_plays_out_flipped_games_reproducibly_and_says_so(tmp_path, capsys):
    from pathlib import Path

    import polars as pl

    from mjlog.cli import main
    from mjlog.store import Store

    sample = sorted((Path(__file__).resolve().parents[2] / "data" / "sample").glob("*3p*.xml"))
    db = tmp_path / "s.duckdb"
    with Store(db) as store:
        store.ingest(sample)
    results, csv = [], tmp_path / "s.csv"
    for seed in ("5", "5"):
        assert main(["schemes", "compare", "--db", str(db), "--flips", "play-out", "--seed", seed,
                     "--csv", str(csv), "--knob", "double_take_reading=words"]) == 0
        with Store(db, read_only=True) as store:
            results.append(store.sql("SELECT * FROM scheme_results ORDER BY game_id, scheme, seat"))
    out = " ".join(capsys.readouterr().out.split())
    assert "played out from the recorded state by hands drawn uniformly" in out and "seed 5" in out
    assert "倍取, read as words" in out
    assert results[0].equals(results[1])   # seeded: the same draws, the same games
    assert set(results[0]["handling"]) == {"play-out"} and results[0]["played_out"].sum() > 0
    summary = pl.read_csv(csv)
    assert set(summary["flips"]) == {"play-out"}
    assert summary.filter(scheme="double-take")["reading"].to_list() == ["words", "words"]


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
    """Every scheme is compared on every game (its flipped ones stopped or played out); its stable games
    are those not flipped under it, a set of its own."""
    import polars as pl

    games = per_seat["game_id"].n_unique()
    every = summary.filter(pl.col("group") == "all")
    assert every["games"].to_list() == [games] * 8
    for (scheme,), rows in per_seat.group_by("scheme"):
        assert rows["game_id"].n_unique() == games
        stable = rows.filter(~pl.col("flipped"))["game_id"].n_unique()
        assert summary.filter(scheme=scheme, group="stable")["games"].item() == stable
        assert every.filter(scheme=scheme)["flipped_games"].item() == games - stable
        assert set(rows["group"]) <= {"stable", "flipped"}


@pytest.mark.corpus
def test_every_scheme_is_compared_on_the_same_game_ids_and_flipped_games_are_kept(tmp_path, corpus_xml_files):
    from mjlog.stats.schemes import compare_store
    from mjlog.store import Store

    with Store(tmp_path / "c.duckdb") as store:
        store.ingest([p for p in corpus_xml_files if "-00b9-" in p.name or "-00a9-" in p.name][:400], jobs=2)
    with Store(tmp_path / "c.duckdb", read_only=True) as store:   # nothing written: save=False
        summary, per_seat = compare_store(store, save=False)
    flipped = summary.filter(scheme="double-take", group="all").row(0, named=True)
    assert flipped["games"] > 0 and flipped["flipped_games"] > 0   # shown, not dropped
    _assert_every_scheme_on_the_same_games(summary, per_seat)


@pytest.mark.corpus
@pytest.mark.parametrize("handling", ["stop", "play-out"])
def test_schemes_compare_judges_every_scheme_against_tsumo_loss_on_more_than_250_corpus_sanma_games(
        tmp_path, capsys, handling):
    """The issue's bar: each scheme against tsumo-loss on more than 250 of the corpus's 284 sanma games,
    flipped ones stopped or played out, with intervals, the reading and the flip handling named."""
    import polars as pl

    from mjlog.cli import main
    from mjlog.store import Store
    from tests.support.paths import CORPUS

    db = tmp_path / "c.duckdb"
    with Store(db) as store:
        store.ingest([CORPUS / "tenhou"], jobs=2)
    assert main(["schemes", "compare", "--db", str(db), "--flips", handling, "--csv", str(tmp_path / "s.csv")]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert "Flips: flipped games stopped" in out and "Readings: 丸取2 (北家折半), read as formula" in out
    every = pl.read_csv(tmp_path / "s.csv").filter(pl.col("group") == "all")
    assert every.height == 8 and (every["games"] > 250).all() and set(every["flips"]) == {handling}
    changed = every.filter(pl.col("scheme") != "tsumo-loss")
    for figure in ("winner_change_rate", "mean_abs_point_delta", "first_dealer_point_delta", "placement_change_rate"):
        assert changed[f"{figure}_lo"].null_count() == 0 and (changed[f"{figure}_lo"] <= changed[figure]).all()
    assert changed.filter(scheme="double-take")["flipped_games"].item() > 100
