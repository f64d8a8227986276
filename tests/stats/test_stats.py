"""mjlog.stats on small hand-built frames: every number checked by hand (see the comments)."""

from __future__ import annotations

import polars as pl
import pytest

from mjlog.rules.riichi.ruleset import PRESETS
from mjlog.stats import (
    draw_stats, fu_distribution, han_distribution, placement_distribution, placement_stats, player_round_stats,
    win_stats, wilson_exprs, wilson_interval, yaku_frequency,
)
from mjlog.stats.dealer import (
    dealer_points, dealer_stats, game_endings, honba_distribution, renchan_streaks, round_outcomes, rounds_per_game,
)
from mjlog.stats.findings import audit_summary, findings_by_file, findings_by_kind
from mjlog.stats.frames import StatFrames, game_filter
from mjlog.stats.reference import compare_with_reference, our_figures, reference_figures, reference_sources
from mjlog.stats.rotation_sim import (
    RoundOutcome, end_reasons, game_length_distribution, outcome_pool, placement_by_start_seat, pool_outcomes,
    rotation_rules, rotation_summary, simulate_games, simulate_rotation,
)

R4 = "tenhou-4p-south"


# ---- builders -------------------------------------------------------------------------------

def rounds_frame(rows: list[dict], game_id: str = "g1", rule_set: str = R4, n_players: int = 4,
                 length: str = "south") -> pl.DataFrame:
    """Rounds with defaults: complete, honba 0, scores 25000 each unless given."""
    out = []
    for i, r in enumerate(rows):
        start = r.get("start", [25000] * n_players)
        out.append({"game_id": r.get("game_id", game_id), "rule_set": rule_set, "n_players": n_players,
                    "length": length, "round_index": r.get("round_index", i), "kyoku": r.get("kyoku", 0),
                    "honba": r.get("honba", 0), "dealer": r.get("kyoku", 0) % 4, "start_scores": start,
                    "end_scores": r.get("end", start), "result": r.get("result", "win"),
                    "n_wins": r.get("n_wins", 1 if r.get("result", "win") == "win" else 0),
                    "draw_kind": r.get("draw_kind"), "complete": r.get("complete", True)})
    return pl.DataFrame(out, schema_overrides={"draw_kind": pl.String})


def wins_frame(rows: list[dict], rule_set: str = R4) -> pl.DataFrame:
    out = []
    for r in rows:
        out.append({"game_id": r.get("game_id", "g1"), "rule_set": rule_set, "round_index": r["round_index"],
                    "win_index": r.get("win_index", 0), "seat": r["seat"], "from_seat": r.get("from_seat"),
                    "deal_in_seat": None if r.get("tsumo") else r.get("from_seat"), "tsumo": r.get("tsumo", False),
                    "dealer": r.get("dealer", False), "riichi": r.get("riichi", False),
                    "open_hand": r.get("open_hand", False), "han": r.get("han", 1), "fu": r.get("fu", 30),
                    "points": r.get("points", 1000), "yakuman_count": r.get("yakuman_count", 0)})
    return pl.DataFrame(out, schema_overrides={"from_seat": pl.Int64, "deal_in_seat": pl.Int64})


def draws_frame(rows: list[dict], rule_set: str = R4) -> pl.DataFrame:
    return pl.DataFrame([{"game_id": r.get("game_id", "g1"), "rule_set": rule_set, "round_index": r["round_index"],
                          "kind": r["kind"], "abortive": r["kind"] not in ("exhaustive", "nm"),
                          "tenpai_seats": r.get("tenpai", [])} for r in rows],
                        schema_overrides={"tenpai_seats": pl.List(pl.Int64)})


def seat_events_frame(rows: list[tuple]) -> pl.DataFrame:
    """(round_index, seat, riichi_declared, riichi_accepted, calls) of game g1."""
    return pl.DataFrame([{"game_id": "g1", "rule_set": R4, "round_index": r, "seat": s, "riichi_declared": d,
                          "riichi_accepted": a, "calls": c} for r, s, d, a, c in rows])


# ---- intervals --------------------------------------------------------------------------------

def test_wilson_interval_hand_values():
    # k=0, n=10, z=1.96: z²=3.8415, denom=1.38415, centre=0.19207/1.38415=0.13876,
    # half=(1.96/1.38415)*sqrt(3.8415/400)=1.41600*0.09800=0.13876 -> (0, 0.2775)
    lo, hi = wilson_interval(0, 10)
    assert lo == 0.0 and hi == pytest.approx(0.27753, abs=1e-4)
    # k=5, n=10: centre 0.5, half=1.41600*sqrt(0.025+0.0096037)=1.41600*0.18602=0.26341
    lo, hi = wilson_interval(5, 10)
    assert (lo, hi) == (pytest.approx(0.23659, abs=1e-4), pytest.approx(0.76341, abs=1e-4))
    # k=n: symmetric to k=0
    assert wilson_interval(10, 10)[0] == pytest.approx(1 - 0.27753, abs=1e-4)
    assert wilson_interval(0, 0) == (0.0, 1.0)
    with pytest.raises(ValueError):
        wilson_interval(3, 2)


def test_wilson_exprs_match_scalar():
    df = pl.DataFrame({"k": [0, 5, 37, 0], "n": [10, 10, 200, 0]})
    out = df.with_columns(wilson_exprs("k", "n"))
    for k, n, lo, hi in out.iter_rows():
        assert (lo, hi) == pytest.approx(wilson_interval(k, n))


# ---- stat sheet -------------------------------------------------------------------------------

def test_placement_stats_and_distribution():
    players = pl.DataFrame({
        "game_id": ["a"] * 4 + ["b"] * 4, "rule_set": [R4] * 8, "seat": [0, 1, 2, 3] * 2,
        "final_score": [40000, 30000, 31000, -1000, 25000, 25000, 25000, 25000],
        "placement": [1, 3, 2, 4, 1, 2, 3, 4], "placement_points": [0.0] * 8,
    })
    s = placement_stats(players).row(0, named=True)
    # 2 games, 8 player-games, one bust (-1000); bust rate 1/8; no average placement (always 2.5 here)
    assert (s["games"], s["player_games"], s["busts"]) == (2, 8, 1)
    assert s["bust_rate"] == 0.125 and s["bust_rate_lo"] < 0.125 < s["bust_rate_hi"]
    assert "avg_placement" not in s
    d = placement_distribution(players, ["rule_set", "seat"])
    # seat 0 placed first in both games: share 2/2
    assert d.filter((pl.col("seat") == 0) & (pl.col("placement") == 1))["share"][0] == 1.0
    # seat 1: 3rd once, 2nd once
    s1 = d.filter(pl.col("seat") == 1).sort("placement")
    assert s1["placement"].to_list() == [2, 3] and s1["share"].to_list() == [0.5, 0.5]


def test_player_round_stats_conventions():
    rounds = rounds_frame([{"result": "win", "n_wins": 2}, {"result": "win", "kyoku": 1},
                           {"result": "incomplete", "complete": False, "n_wins": 0}])
    # round 0: double ron, seats 1 and 2 ron seat 0's riichi declaration tile -> 2 wins, 1 deal-in
    # round 1: seat 1 (dealer) tsumo -> 1 win, no deal-in
    wins = wins_frame([{"round_index": 0, "seat": 1, "from_seat": 0}, {"round_index": 0, "win_index": 1, "seat": 2,
                        "from_seat": 0}, {"round_index": 1, "seat": 1, "tsumo": True, "dealer": True}])
    # seat 0 declared riichi in round 0 (never accepted: ronned); seat 3 called twice in round 1;
    # seat 2 only a closed kan in round 1 (calls = 0); round 2 is incomplete and ignored.
    events = seat_events_frame([(0, 0, 1, 0, 0), (1, 3, 0, 0, 2), (1, 2, 0, 0, 0), (2, 0, 1, 1, 1)])
    s = player_round_stats(rounds, wins, events).row(0, named=True)
    assert (s["rounds"], s["player_rounds"], s["wins"], s["deal_ins"]) == (2, 8, 3, 1)
    assert (s["riichi"], s["riichi_accepted"], s["call_rounds"]) == (1, 0, 1)
    assert (s["win_rate"], s["deal_in_rate"], s["riichi_rate"], s["call_rate"]) == (3 / 8, 1 / 8, 1 / 8, 1 / 8)


def test_draw_stats_by_kind():
    rounds = rounds_frame([{"result": "win"}, {"result": "draw", "draw_kind": "exhaustive"},
                           {"result": "draw", "draw_kind": "yao9"}, {"result": "win"}])
    d = {r["kind"]: r for r in draw_stats(rounds).iter_rows(named=True)}
    # 4 rounds: 2 draws (1/2), 1 abortive (yao9), 1 exhaustive
    assert d["all"]["draws"] == 2 and d["all"]["rate"] == 0.5
    assert d["abortive"]["draws"] == 1 and d["exhaustive"]["rate"] == 0.25 and d["yao9"]["rounds"] == 4
    # a group without draws still has its 'all' and 'abortive' rows, at zero
    z = draw_stats(rounds_frame([{"result": "win"}]))
    assert z.sort("kind")["kind"].to_list() == ["abortive", "all"] and z["draws"].to_list() == [0, 0]


def test_win_stats_splits():
    wins = wins_frame([
        {"round_index": 0, "seat": 0, "dealer": True, "riichi": True, "tsumo": True, "points": 12000, "han": 4},
        {"round_index": 1, "seat": 1, "open_hand": True, "from_seat": 2, "points": 1000, "han": 1},
        {"round_index": 2, "seat": 2, "from_seat": 3, "points": 3900, "han": 2},
    ])
    s = win_stats(wins).row(0, named=True)
    # (12000 + 1000 + 3900) / 3 = 5633.33; one tsumo of three; mean han 7/3
    assert (s["wins"], s["tsumo"], s["points_sum"]) == (3, 1, 16900)
    assert s["mean_points"] == pytest.approx(16900 / 3) and s["mean_han"] == pytest.approx(7 / 3)
    role = {r["role"]: r for r in win_stats(wins, split="dealer").iter_rows(named=True)}
    assert role["dealer"]["mean_points"] == 12000 and role["non-dealer"]["mean_points"] == 2450
    assert role["dealer"]["share"] == pytest.approx(1 / 3)
    hand = {r["hand"]: r["points_sum"] for r in win_stats(wins, split="hand").iter_rows(named=True)}
    assert hand == {"riichi": 12000, "open": 1000, "closed, no riichi": 3900}
    with pytest.raises(ValueError):
        win_stats(wins, split="seat")


def test_yaku_frequency_counts_once_per_win_with_wilson():
    wins = wins_frame([{"round_index": i, "seat": 0} for i in range(4)])
    wy = pl.DataFrame({
        "game_id": ["g1"] * 6, "rule_set": [R4] * 6, "round_index": [0, 0, 1, 2, 2, 2], "win_index": [0] * 6,
        # riichi in wins 0 and 1; tanyao in win 2; a yakuhai id listed twice in win 2 (two sets): counted once
        "yaku_id": [1, 8, 1, 8, 18, 18], "han": [1, 1, 1, 1, 1, 1], "yakuman": [False] * 6,
    })
    y = {r["yaku_id"]: r for r in yaku_frequency(wins, wy).iter_rows(named=True)}
    assert y[1]["wins_with"] == 2 and y[1]["wins"] == 4 and y[1]["share"] == 0.5
    assert y[8]["wins_with"] == 2 and y[18]["wins_with"] == 1 and y[18]["share"] == 0.25
    assert (y[1]["lo"], y[1]["hi"]) == pytest.approx(wilson_interval(2, 4))
    assert y[1]["name_en"] == "Riichi"
    # sorted by share, largest first
    assert yaku_frequency(wins, wy)["share"].to_list() == sorted(y[k]["share"] for k in y)[::-1]


def test_han_and_fu_distributions():
    wins = wins_frame([
        {"round_index": 0, "seat": 0, "han": 1, "fu": 30}, {"round_index": 1, "seat": 0, "han": 2, "fu": 30},
        {"round_index": 2, "seat": 0, "han": 2, "fu": 40}, {"round_index": 3, "seat": 0, "han": 5, "fu": 40},
        {"round_index": 4, "seat": 0, "han": 13, "fu": 40, "yakuman_count": 1},
    ])
    h = {r["han_label"]: r["share"] for r in han_distribution(wins).iter_rows(named=True)}
    # 5 wins: 1 han 1/5, 2 han 2/5, 5 han 1/5, yakuman in "13+" 1/5
    assert h == {"1": 0.2, "2": 0.4, "5": 0.2, "13+": 0.2}
    f = {r["fu"]: r["wins"] for r in fu_distribution(wins).iter_rows(named=True)}
    # only wins of at most 4 han: 30 fu twice, 40 fu once
    assert f == {30: 2, 40: 1}


# ---- reference comparison ---------------------------------------------------------------------

def test_compare_with_reference_hand_computed():
    ref = pl.DataFrame({"metric": ["win_rate", "average_win_points", "yaku:27"],
                        "label": ["w", "m", "sankantsu"], "kind": ["proportion", "mean", "proportion"],
                        "source": ["s"] * 3, "published": [0.2, 5000.0, 0.0]})
    ours = pl.DataFrame({"metric": ["win_rate", "average_win_points", "yaku:27"], "value": [0.25, 5500.0, 0.0],
                         "n": [100, 100, 100], "sd": [None, 2000.0, None]}, schema_overrides={"sd": pl.Float64})
    c = {r["metric"]: r for r in compare_with_reference(ours, ref).iter_rows(named=True)}
    # proportion: se = sqrt(0.2*0.8/100) = 0.04; diff 0.05; z = 1.25 -> within 1.96 se
    assert c["win_rate"]["se"] == pytest.approx(0.04) and c["win_rate"]["z_score"] == pytest.approx(1.25)
    assert c["win_rate"]["within"] is True
    # mean: se = 2000/sqrt(100) = 200; diff 500; z = 2.5 -> outside
    assert c["average_win_points"]["se"] == pytest.approx(200) and c["average_win_points"]["within"] is False
    # published 0 and ours 0: se 0, no z, within
    assert c["yaku:27"]["z_score"] is None and c["yaku:27"]["within"] is True


def test_reference_files_load():
    ref = reference_figures()
    win = ref.filter(pl.col("metric") == "win_rate")
    assert sorted(win["source"].to_list()) == ["houou_2011_2019_pathofhouou", "phoenix_2016_kobalab",
                                               "phoenix_2018_lurker"]
    assert ref.filter((pl.col("metric") == "yaku:1") & (pl.col("source") == "phoenix_2016_kobalab"))[
        "published"][0] == 0.3889
    assert ref.filter(pl.col("metric") == "han:13+")["published"][0] == 0.00095
    assert set(ref["source"]) <= set(reference_sources()["source"])
    assert ref.filter(pl.col("metric") == "average_win_points")["kind"].unique().to_list() == ["mean"]


def test_our_figures_small_case():
    rounds = rounds_frame([{"result": "win"}, {"result": "draw", "draw_kind": "exhaustive"}])
    wins = wins_frame([{"round_index": 0, "seat": 1, "from_seat": 0, "points": 2000, "han": 2, "fu": 30}])
    wy = pl.DataFrame({"game_id": ["g1"], "rule_set": [R4], "round_index": [0], "win_index": [0], "yaku_id": [8],
                       "han": [1], "yakuman": [False]})
    frames = StatFrames(games=pl.DataFrame(), players=pl.DataFrame(), rounds=rounds, wins=wins, win_yaku=wy,
                        draws=pl.DataFrame(), seat_events=seat_events_frame([(0, 0, 1, 1, 0)]),
                        payments=pl.DataFrame(), findings=pl.DataFrame())
    f = {r["metric"]: r for r in our_figures(frames).iter_rows(named=True)}
    # 2 rounds = 8 player-rounds: 1 win, 1 deal-in, 1 riichi, 0 calls; 1 draw of 2 rounds; mean win 2000
    assert (f["win_rate"]["value"], f["win_rate"]["n"]) == (1 / 8, 8)
    assert f["deal_in_rate"]["value"] == 1 / 8 and f["riichi_rate"]["value"] == 1 / 8
    assert f["call_rate"]["value"] == 0 and f["draw_rate"]["value"] == 0.5
    assert f["average_win_points"]["value"] == 2000 and f["average_win_points"]["kind"] == "mean"
    assert f["yaku:8"]["value"] == 1.0 and f["yaku:1"]["value"] == 0.0 and f["han:2"]["value"] == 1.0
    assert f["fu:30"]["value"] == 1.0


# ---- dealer rotation --------------------------------------------------------------------------

def _east_game():
    """A 4p east game (all-last = kyoku 3) of 7 rounds; see test_dealer_rotation_stats."""
    rounds = rounds_frame([
        {"kyoku": 0, "honba": 0},                                                        # r0 dealer 0 wins
        {"kyoku": 0, "honba": 1, "result": "draw", "draw_kind": "exhaustive"},           # r1 dealer tenpai
        {"kyoku": 0, "honba": 2},                                                        # r2 seat 2 wins
        {"kyoku": 1, "honba": 3, "result": "draw", "draw_kind": "yao9"},                 # r3 abortive
        {"kyoku": 1, "honba": 4},                                                        # r4 seat 3 wins
        {"kyoku": 2, "honba": 0, "result": "draw", "draw_kind": "exhaustive"},           # r5 dealer noten
        {"kyoku": 3, "honba": 1, "end": [20000, 24000, 26000, 30000]},                   # r6 dealer 3 wins
    ], length="east")
    wins = wins_frame([{"round_index": 0, "seat": 0, "dealer": True, "from_seat": 1},
                       {"round_index": 2, "seat": 2, "tsumo": True}, {"round_index": 4, "seat": 3, "from_seat": 1},
                       {"round_index": 6, "seat": 3, "dealer": True, "tsumo": True}])
    draws = draws_frame([{"round_index": 1, "kind": "exhaustive", "tenpai": [0]},
                         {"round_index": 3, "kind": "yao9"},
                         {"round_index": 5, "kind": "exhaustive", "tenpai": [1, 3]}])
    return rounds, wins, draws


def test_dealer_rotation_stats():
    rounds, wins, draws = _east_game()
    o = round_outcomes(rounds, wins, draws)
    assert o["renchan"].to_list() == [True, True, False, True, False, False, None]
    assert o["cause"].to_list() == ["win", "tenpai", "other", "abortive", "other", "other", "win"]
    s = dealer_stats(o).row(0, named=True)
    # 7 rounds, dealer won r0 and r6; 6 rounds have a next one, 3 renchan (win, tenpai, abortive)
    assert (s["rounds"], s["dealer_wins"], s["rounds_with_next"], s["renchan"]) == (7, 2, 6, 3)
    assert (s["renchan_win"], s["renchan_tenpai"], s["renchan_abortive"], s["renchan_other"]) == (1, 1, 1, 0)
    assert s["dealer_win_rate"] == pytest.approx(2 / 7) and s["renchan_rate"] == 0.5
    # dealerships: kyoku 0 x3 (streak 2), kyoku 1 x2 (1), kyoku 2 and 3 once (0)
    st = {r["streak"]: r["dealerships"] for r in renchan_streaks(o).iter_rows(named=True)}
    assert st == {0: 2, 1: 1, 2: 1}
    h = {r["honba"]: r["rounds"] for r in honba_distribution(rounds).iter_rows(named=True)}
    assert h == {0: 2, 1: 2, 2: 1, 3: 1, 4: 1}
    assert rounds_per_game(rounds).select("n_rounds", "games").rows() == [(7, 1)]
    e = game_endings(o).row(0, named=True)
    # the last round is kyoku 3 (the all-last of an east game, not an extension) and the dealer won
    assert (e["ending"], e["games"], e["in_extension"], e["share"]) == ("win-stop", 1, 0, 1.0)


def test_game_endings_kinds():
    rounds = pl.concat([
        rounds_frame([{"kyoku": 7, "end": [-100, 40000, 30000, 30100]}], game_id="bust"),
        rounds_frame([{"kyoku": 7, "result": "draw", "draw_kind": "exhaustive"}], game_id="tenpai"),
        rounds_frame([{"kyoku": 8}], game_id="west"),
    ])
    wins = wins_frame([{"game_id": "bust", "round_index": 0, "seat": 1, "from_seat": 0},
                       {"game_id": "west", "round_index": 0, "seat": 1, "from_seat": 2}])
    draws = draws_frame([{"game_id": "tenpai", "round_index": 0, "kind": "exhaustive", "tenpai": [3]}])
    e = {r["ending"]: r for r in game_endings(round_outcomes(rounds, wins, draws)).iter_rows(named=True)}
    # the dealer of kyoku 7 is seat 3: tenpai at the draw -> tenpai-stop; kyoku 8 (West 1) is an extension
    assert e["bust"]["games"] == 1 and e["tenpai-stop"]["games"] == 1
    assert e["deal passed"]["in_extension"] == 1 and e["bust"]["share"] == pytest.approx(1 / 3)


def test_dealer_points_by_placement():
    rounds = rounds_frame([
        {"kyoku": 0, "start": [25000] * 4, "end": [37000, 21000, 21000, 21000]},  # dealer 0 tsumo +12000
        {"kyoku": 1, "start": [37000, 21000, 21000, 21000], "end": [29000, 29000, 21000, 21000]},  # 0 deals in to 1
    ])
    players = pl.DataFrame({"game_id": ["g1"] * 4, "rule_set": [R4] * 4, "seat": [0, 1, 2, 3],
                            "final_score": [29000, 29000, 21000, 21000], "placement": [1, 2, 3, 4]})
    d = {r["placement"]: r for r in dealer_points(rounds, players).iter_rows(named=True)}
    # seat 0 (1st): +12000 as dealer, -8000 as non-dealer -> net 4000, dealer share 3.0
    assert (d[1]["net_points"], d[1]["dealer_points"], d[1]["nondealer_points"]) == (4000, 12000, -8000)
    assert d[1]["dealer_share"] == 3.0 and d[1]["dealer_rounds"] == 1
    # seat 1 (2nd): -4000 as non-dealer in r0, +8000 as dealer in r1 -> net 4000, share 2.0
    assert (d[2]["net_points"], d[2]["dealer_points"], d[2]["dealer_share"]) == (4000, 8000, 2.0)
    assert d[4]["dealer_points"] == 0 and d[4]["mean_net"] == -4000


# ---- rotation Monte Carlo ---------------------------------------------------------------------

def test_outcome_pool_deltas_are_dealer_relative():
    rounds = rounds_frame([{"kyoku": 1}, {"kyoku": 2, "result": "draw", "draw_kind": "exhaustive"}])
    wins = wins_frame([{"round_index": 0, "seat": 0, "from_seat": 1}])
    draws = draws_frame([{"round_index": 1, "kind": "exhaustive", "tenpai": [2]}])
    pay = pl.DataFrame({"game_id": ["g1"] * 7, "rule_set": [R4] * 7, "round_index": [0, 0, 0, 0, 1, 1, 1],
                        "seat": [0, 1, 0, 1, 0, 1, 3], "reason": ["hand", "hand", "riichi", "sticks", "noten", "noten",
                                                                  "noten"],
                        "points": [3900, -3900, -1000, 1000, -1000, -1000, -1000]})
    pay = pl.concat([pay, pl.DataFrame({"game_id": ["g1"], "rule_set": [R4], "round_index": [1], "seat": [2],
                                        "reason": ["noten"], "points": [3000]})])
    p = outcome_pool(rounds, wins, draws, pay)
    # round 0: dealer is seat 1 (kyoku 1); seat 0 rons seat 1 for 3900; riichi/sticks left out.
    # relative to the dealer: (seat 1, seat 2, seat 3, seat 0) = (-3900, 0, 0, +3900)
    assert p["deltas"].to_list() == [[-3900, 0, 0, 3900], [3000, -1000, -1000, -1000]]
    o = pool_outcomes(p)
    assert o[0] == RoundOutcome((-3900, 0, 0, 3900), dealer_won=False, any_win=True)
    assert o[1].dealer_tenpai and not o[1].any_win


def test_rotation_tenhou_nondealer_wins_only_goes_to_west():
    # Every round: the next seat rons the dealer for 1000. Scores stay within 24000..26000, nobody
    # reaches the 30000 target at South 4, so the sudden-death West is played to West 4: 12 rounds,
    # ending 25000 each (ties go to the seat nearer the first dealer: placement = seat + 1).
    pool = [RoundOutcome((-1000, 1000, 0, 0), any_win=True)]
    sim = simulate_games(pool, PRESETS[R4], n_games=3, seed=0, name="t")
    assert set(sim["n_rounds"]) == {12} and set(sim["end_reason"]) == {"last hand played"}
    assert sim.filter(pl.col("game") == 0)["placement"].to_list() == [1, 2, 3, 4]
    assert set(sim["final_score"]) == {25000} and set(sim["dealer_rounds"]) == {3}


def test_rotation_no_renchan_exactly_eight_rounds():
    # No renchan, no extension, no bust: a hanchan is exactly 8 rounds, whatever the draws.
    pool = [RoundOutcome((12000, -4000, -4000, -4000), dealer_won=True, any_win=True),
            RoundOutcome((3000, -1000, -1000, -1000), dealer_tenpai=True),
            RoundOutcome((0, 0, 0, 0), abortive=True)]
    rules = rotation_rules(PRESETS[R4])["no_renchan"].replace(extension=False, bust_below_zero=False)
    sim = simulate_games(pool, rules, n_games=50, seed=7)
    assert set(sim["n_rounds"]) == {8}
    # each seat deals exactly twice; dealer points are 2 x 12000 or 3000 (abortive rounds are not drawn)
    assert set(sim["dealer_rounds"]) == {2}
    assert set(sim["dealer_points"]) <= {6000, 15000, 24000}


def test_rotation_renchan_on_any_draw_caps_and_dealer_win_only_passes():
    draw = [RoundOutcome((0, 0, 0, 0))]  # noten draws only
    rules = rotation_rules(PRESETS[R4])
    beijing = simulate_games(draw, rules["win_or_draw"], n_games=2, seed=1, max_rounds=30)
    assert set(beijing["n_rounds"]) == {30} and set(beijing["end_reason"]) == {"capped"}
    # renchan only on a dealer win: the deal passes on every draw -> 8 rounds + West 4 = 12
    assert set(simulate_games(draw, rules["dealer_win_only"], 2, 1)["n_rounds"]) == {12}
    # Tenhou: a noten draw passes the deal too
    assert set(simulate_games(draw, rules["tenhou"], 2, 1)["n_rounds"]) == {12}


def test_rotation_deterministic_and_summaries():
    pool = [RoundOutcome((12000, -4000, -4000, -4000), dealer_won=True, any_win=True),
            RoundOutcome((-8000, 8000, 0, 0), any_win=True),
            RoundOutcome((-1000, 3000, -1000, -1000), dealer_tenpai=False),
            RoundOutcome((1500, 1500, -1500, -1500), dealer_tenpai=True)]
    rules = rotation_rules(PRESETS[R4])
    a = simulate_rotation(pool, rules, n_games=40, seed=123)
    b = simulate_rotation(pool, rules, n_games=40, seed=123)
    assert a.equals(b)
    assert not a.equals(simulate_rotation(pool, rules, n_games=40, seed=124))
    s = {r["rule"]: r for r in rotation_summary(a).iter_rows(named=True)}
    assert list(s) == ["tenhou", "dealer_win_only", "no_renchan", "win_or_draw"]
    for name, row in s.items():
        sub = a.filter(pl.col("rule") == name)
        assert row["games"] == 40
        assert row["mean_rounds"] == pytest.approx(sub.filter(pl.col("seat") == 0)["n_rounds"].mean())
        assert row["dealer_points_per_player"] == pytest.approx(sub["dealer_points"].mean())
    # each game's seats deal n_rounds in total
    per = a.group_by("rule", "game").agg(pl.col("dealer_rounds").sum(), pl.col("n_rounds").first())
    assert (per["dealer_rounds"] == per["n_rounds"]).all()
    # zero-sum outcomes: final scores sum to 4 x 25000
    assert (a.group_by("rule", "game").agg(pl.col("final_score").sum())["final_score"] == 100000).all()
    pbs = placement_by_start_seat(a)
    assert pbs.group_by("rule", "seat").agg(pl.col("share").sum())["share"].to_list() == pytest.approx([1.0] * 16)
    assert game_length_distribution(a).group_by("rule").agg(pl.col("games").sum())["games"].to_list() == [40] * 4
    assert end_reasons(a).group_by("rule").agg(pl.col("share").sum())["share"].to_list() == pytest.approx([1.0] * 4)


def test_simulate_games_needs_matching_outcomes():
    with pytest.raises(ValueError):
        simulate_games([RoundOutcome((0, 0, 0))], PRESETS[R4], 1, 0)


# ---- audit report and selection ---------------------------------------------------------------

def test_findings_tables():
    games = pl.DataFrame({"game_id": ["a", "b", "c", "d"]})
    f = pl.DataFrame({"game_id": ["a", "a", "b"], "source": ["a.xml", "a.xml", "b.xml"],
                      "kind": ["points mismatch", "truncated", "truncated"],
                      "severity": ["error", "warning", "warning"]})
    k = {r["kind"]: r for r in findings_by_kind(f, games).iter_rows(named=True)}
    assert k["truncated"]["findings"] == 2 and k["truncated"]["games"] == 2 and k["truncated"]["games_share"] == 0.5
    byf = findings_by_file(f).row(0, named=True)
    assert byf == {"source": "a.xml", "findings": 2, "errors": 1, "warnings": 1,
                   "kinds": "points mismatch, truncated"}
    s = audit_summary(f, games).row(0, named=True)
    # 4 games: c and d clean, a has an error, b warnings only
    assert (s["games"], s["clean"], s["with_errors"], s["with_warnings_only"], s["findings"]) == (4, 2, 1, 1, 3)
    assert s["clean_share"] == 0.5


def test_game_filter_sql():
    # special lobbies are apart by default
    assert game_filter() == "TRUE AND NOT g.synthetic AND NOT g.truncated AND NOT coalesce(g.special_lobby, FALSE)"
    assert "special_lobby" not in game_filter(special_lobbies=True)
    assert "g.rule_set = 'x''y'" in game_filter("include", True, rule_set="x'y")
    with pytest.raises(ValueError):
        game_filter("auto")  # type: ignore[arg-type]


def test_stats_cli_on_sample(tmp_path, capsys):
    store = pytest.importorskip("mjlog.store", reason="mjlog.store (the DuckDB store) is not there yet")
    from mjlog.cli import main
    from tests.support.paths import SAMPLE

    db = tmp_path / "s.duckdb"
    with store.Store(db) as st:
        st.ingest([SAMPLE])
    assert main(["stats", "--db", str(db)]) == 0
    assert "no games to summarise" in capsys.readouterr().out  # all sample games are synthetic
    assert main(["stats", "--db", str(db), "--include-synthetic", "--compare"]) == 0
    out = capsys.readouterr().out
    n_files = len(list(SAMPLE.glob("*.xml")))
    assert f"{n_files} games" in out and "all synthetic" in out
    assert "Per player-round" in out and "Yaku per win" in out and "win_rate" in out and "renchan_rate" in out
    assert main(["stats", "--db", str(db), "--include-synthetic", "--section", "fu"]) == 0
    out = capsys.readouterr().out
    assert "Fu of wins" in out and "Han of wins" not in out
    assert main(["stats", "--db", str(tmp_path / "missing.duckdb")]) == 2
