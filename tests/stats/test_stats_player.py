"""One player's sheet (mjlog.stats.player, `mjlog stats --player`): the player's counts agree with an
independent SQL count, the population's figures are those of the whole selection, and the CLI
takes names from the command line or a file."""

from __future__ import annotations

import polars as pl
import pytest

from tests.support.paths import SAMPLE

store_mod = pytest.importorskip("mjlog.store", reason="mjlog.store is missing")


@pytest.fixture(scope="module")
def db(tmp_path_factory):
    path = tmp_path_factory.mktemp("player") / "s.duckdb"
    with store_mod.Store(path) as st:
        st.ingest([SAMPLE])
    return path


@pytest.fixture(scope="module")
def frames(db):
    from mjlog.stats import load_frames

    with store_mod.Store(db, read_only=True) as st:
        return load_frames(st, synthetic="include")


def _sql(db, q: str) -> pl.DataFrame:
    with store_mod.Store(db, read_only=True) as st:
        return st.sql(q)


def test_most_frequent_player_and_player_file():
    from mjlog.stats.player import most_frequent_player, read_player_file

    assert read_player_file("Bot A\n\n# a comment\n雪村千絵莉\r\n name with spaces \n") == [
        "Bot A", "雪村千絵莉", " name with spaces "]
    players = pl.DataFrame({"game_id": ["a", "a", "b", "b", "c"], "name": ["x", "NoName", "y", "NoName", "y"]})
    from mjlog.stats.frames import StatFrames

    empty = pl.DataFrame()
    f = StatFrames(games=empty, players=players, rounds=empty, wins=empty, win_yaku=empty, draws=empty,
                   seat_events=empty, payments=empty, findings=empty)
    assert most_frequent_player(f) == "y"  # NoName sits in more games but is nobody


def test_the_most_frequent_player_is_counted_over_every_familys_selection_together():
    """A player who sits in one riichi game and two Beijing games outnumbers one in two riichi games."""
    from mjlog.stats.frames import StatFrames
    from mjlog.stats.player import most_frequent_player

    empty = pl.DataFrame()

    def selection(game_ids, names):
        return StatFrames(games=empty, players=pl.DataFrame({"game_id": game_ids, "name": names}), rounds=empty,
                          wins=empty, win_yaku=empty, draws=empty, seat_events=empty, payments=empty, findings=empty)

    riichi = selection(["r1", "r2", "r2"], ["x", "x", "z"])
    beijing = selection(["b1", "b2"], ["z", "z"])
    assert most_frequent_player(riichi) == "x"
    assert most_frequent_player(riichi, beijing) == "z"
    assert most_frequent_player(selection([], [])) is None and most_frequent_player() is None


def test_player_counts_match_an_independent_count(db, frames):
    from mjlog.stats.player import most_frequent_player, player_sheet

    name = most_frequent_player(frames)
    assert name == "Bot A"  # Bot A, B and C sit in all 40 games; the first name of the tie
    sheet = player_sheet(frames, name)
    seats = f"""(SELECT p.game_id, p.seat FROM players p WHERE p.name = '{name}')"""
    wins = _sql(db, f"""SELECT g.rule_set, count(*) AS n FROM wins w JOIN {seats} s USING (game_id, seat)
        JOIN rounds r USING (game_id, round_index) JOIN games g USING (game_id) WHERE r.complete GROUP BY 1""")
    deal_ins = _sql(db, f"""SELECT g.rule_set, count(DISTINCT (w.game_id, w.round_index)) AS n FROM wins w
        JOIN {seats} s ON s.game_id = w.game_id AND s.seat = w.deal_in_seat
        JOIN rounds r ON r.game_id = w.game_id AND r.round_index = w.round_index
        JOIN games g ON g.game_id = w.game_id WHERE r.complete GROUP BY 1""")
    rounds = _sql(db, f"""SELECT g.rule_set, count(*) AS n FROM rounds r JOIN {seats} s USING (game_id)
        JOIN games g USING (game_id) WHERE r.complete GROUP BY 1""")
    rates = sheet.rates
    for rule_set, n in rounds.iter_rows():
        row = rates.filter((pl.col("rule_set") == rule_set) & (pl.col("rate") == "win_rate")).row(0, named=True)
        assert row["trials"] == n
        assert row["count"] == dict(wins.iter_rows()).get(rule_set, 0)
        assert row["player_lo"] <= row["player"] <= row["player_hi"]
        assert row["population_lo"] <= row["population"] <= row["population_hi"]
        d = rates.filter((pl.col("rule_set") == rule_set) & (pl.col("rate") == "deal_in_rate"))["count"][0]
        assert d == dict(deal_ins.iter_rows()).get(rule_set, 0)
    places = _sql(db, f"""SELECT g.rule_set, avg(p.placement) AS a, avg(p.placement_points) AS pts, count(*) AS n
        FROM players p JOIN games g USING (game_id) WHERE p.name = '{name}' GROUP BY 1""")
    for rule_set, avg, pts, n in places.iter_rows():
        s = sheet.summary.filter(pl.col("rule_set") == rule_set).row(0, named=True)
        assert s["games"] == n and s["avg_placement"] == pytest.approx(avg)
        assert s["avg_placement_points"] == pytest.approx(pts)
        assert s["avg_placement_lo"] < avg < s["avg_placement_hi"]
        assert s["population_avg_placement"] == (2.5 if "4p" in rule_set else 2.0)
    # dealer + non-dealer rounds = all the player's rounds
    pos = sheet.by_position.filter(pl.col("rate") == "win_rate").group_by("rule_set").agg(pl.col("trials").sum())
    assert dict(pos.iter_rows()) == dict(rounds.iter_rows())
    assert sheet.placements.group_by("rule_set").agg(pl.col("share").sum())["share"].to_list() == pytest.approx(
        [1.0] * sheet.placements["rule_set"].n_unique())


def test_player_timeline_in_time_order_with_cumulative_points(frames):
    from mjlog.stats.player import player_timeline

    t = player_timeline(frames, "Bot D")
    assert t.height == 24 and t["n"].to_list() == list(range(1, 25))
    assert t["game_id"].to_list() == sorted(t["game_id"].to_list())  # undated: by game id
    assert t["cumulative_points"].to_list() == pytest.approx(t["placement_points"].cum_sum().to_list())


def test_player_never_seen_gives_empty_sheet(frames):
    from mjlog.stats.player import format_player_sheet, player_sheet

    sheet = player_sheet(frames, "nobody")
    assert sheet.summary.height == 0 and sheet.rates.height == 0
    assert "sits in none of these games" in format_player_sheet(sheet, frames)


def test_stats_cli_player(db, tmp_path, capsys):
    from mjlog.cli import main

    assert main(["stats", "--db", str(db), "--include-synthetic", "--player", "Bot A"]) == 0
    out = capsys.readouterr().out
    assert "player: Bot A" in out and "population: 40 games" in out and "beside the population" in out
    assert "dealer" in out and "population_avg_placement" in out
    names = tmp_path / "names.txt"
    names.write_text("Bot B\n雪村千絵莉\n", encoding="utf-8")
    assert main(["stats", "--db", str(db), "--include-synthetic", "--player-file", str(names),
                 "--section", "rates"]) == 1  # the second name sits in none of the games
    out = capsys.readouterr().out
    assert "player: Bot B" in out and "player: 雪村千絵莉" in out and "sits in none" in out
    assert main(["stats", "--db", str(db), "--player-file", str(tmp_path / "missing.txt")]) == 2
    assert "cannot read player file" in capsys.readouterr().err


def test_player_rates_by_round_wind_match_an_independent_count(db, frames):
    from mjlog.stats.player import player_sheet

    sheet = player_sheet(frames, "Bot A")
    seats = "(SELECT p.game_id, p.seat FROM players p WHERE p.name = 'Bot A')"
    rounds = _sql(db, f"""SELECT g.rule_set, CASE r.wind WHEN 0 THEN 'East' WHEN 1 THEN 'South' ELSE 'West' END AS w,
        count(*) AS n FROM rounds r JOIN {seats} s USING (game_id) JOIN games g USING (game_id)
        WHERE r.complete GROUP BY 1, 2""")
    wins = _sql(db, f"""SELECT g.rule_set, CASE r.wind WHEN 0 THEN 'East' WHEN 1 THEN 'South' ELSE 'West' END AS w,
        count(*) AS n FROM wins w JOIN {seats} s USING (game_id, seat) JOIN rounds r USING (game_id, round_index)
        JOIN games g USING (game_id) WHERE r.complete GROUP BY 1, 2""")
    wind = sheet.by_wind
    assert set(wind["rate"].unique()) == {"win_rate", "deal_in_rate", "riichi_rate", "call_rate"}
    win = wind.filter(pl.col("rate") == "win_rate")
    got = {(r["rule_set"], r["round_wind"]): (r["trials"], r["count"]) for r in win.iter_rows(named=True)}
    want_wins = {(rs, w): n for rs, w, n in wins.iter_rows()}
    assert got == {(rs, w): (n, want_wins.get((rs, w), 0)) for rs, w, n in rounds.iter_rows()}
    assert {w for _, w in got} >= {"East", "South"}
    for r in wind.iter_rows(named=True):  # every rate with its interval, the player's and the population's
        assert r["player_lo"] <= r["player"] <= r["player_hi"] and r["population_lo"] <= r["population"] <= r["population_hi"]
    # the winds split the player's rounds: their trials add up to the sheet's
    total = win.group_by("rule_set").agg(pl.col("trials").sum())
    assert dict(total.iter_rows()) == dict(sheet.rates.filter(pl.col("rate") == "win_rate").select("rule_set", "trials")
                                           .iter_rows())


def test_stats_cli_player_sheet_has_rates_by_round_wind(db, capsys):
    from mjlog.cli import main

    assert main(["stats", "--db", str(db), "--include-synthetic", "--player", "Bot A"]) == 0
    out = capsys.readouterr().out
    words = out.split()
    assert "rates by round wind" in " ".join(words) and "East" in words and "South" in words
