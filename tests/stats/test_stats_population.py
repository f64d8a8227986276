"""Populations stated: every sheet names its games (family, rule set, room, lobby type, dates, real
or synthetic) and what it left out and why; special lobbies are apart by default; the Phoenix
comparison keeps the Phoenix room by default."""

from __future__ import annotations

import polars as pl
import pytest

from tests.support.paths import SAMPLE

store_mod = pytest.importorskip("mjlog.store", reason="mjlog.store is missing")


@pytest.fixture(scope="module")
def db(tmp_path_factory):
    """The sample games, one of them marked a special lobby, one moved to the tokujou room, one truncated."""
    path = tmp_path_factory.mktemp("pop") / "s.duckdb"
    with store_mod.Store(path) as st:
        st.ingest([SAMPLE])
        ids = st.sql("SELECT game_id FROM games WHERE rule_set = 'tenhou-4p-south' ORDER BY game_id")["game_id"]
        st.sql(f"UPDATE games SET special_lobby = TRUE WHERE game_id = '{ids[0]}'")
        st.sql(f"UPDATE games SET room = 'tokujou' WHERE game_id = '{ids[1]}'")
        st.sql(f"UPDATE games SET truncated = TRUE WHERE game_id = '{ids[2]}'")
    return path


def _frames(db, **kw):
    from mjlog.stats import load_frames

    with store_mod.Store(db, read_only=True) as st:
        return load_frames(st, **kw)


def test_special_lobbies_are_apart_by_default(db):
    f = _frames(db, synthetic="include")
    assert f.n_games == 38
    assert dict(f.excluded.group_by("reason").agg(pl.col("games").sum()).iter_rows()) == {
        "special lobby": 1, "truncated": 1}
    assert _frames(db, synthetic="include", special_lobbies=True).n_games == 39


def test_population_names_what_it_holds_and_left_out(db):
    from mjlog.stats import describe, selection_note

    f = _frames(db, synthetic="include")
    p = describe(f)
    assert p.families == ("riichi",) and p.kind == "synthetic" and p.rooms == ("houou", "tokujou")
    assert p.lobby_types == ("standard",) and p.first_date is None and p.undated == 38
    assert p.rule_sets == ("tenhou-3p-south", "tenhou-4p-south")
    text = selection_note(f)
    assert "family riichi" in text and "all synthetic" in text and "dates unknown" in text
    assert "1 special lobby (custom rules" in text and "1 truncated (the log stops mid-game" in text
    # synthetic games left out when asked: the reason says so
    real = _frames(db, synthetic="exclude")
    assert real.n_games == 0 and "40 synthetic (bot games" in selection_note(real)
    assert "0 games" in selection_note(real) and "real games" not in selection_note(real)


def test_only_moves_other_rule_sets_to_excluded(db):
    f = _frames(db, synthetic="include")
    four = f.only("tenhou-4p-south")
    ex = dict(four.excluded.group_by("reason").agg(pl.col("games").sum()).iter_rows())
    assert ex["other rule set"] == f.n_games - four.n_games
    assert four.n_games + sum(ex.values()) == 40  # every game of the store is counted once


def test_phoenix_comparison_uses_the_phoenix_room_by_default(db):
    from mjlog.stats import selection_note
    from mjlog.stats.reference import phoenix_comparison, phoenix_frames

    f = _frames(db, synthetic="include")
    four = f.only("tenhou-4p-south")
    houou = phoenix_frames(f)
    assert houou.n_games == four.n_games - 1  # the tokujou game is left out, and said so
    assert "1 other room" in selection_note(houou)
    n_default = phoenix_comparison(f, "base").filter(pl.col("metric") == "win_rate")["n"][0]
    n_all = phoenix_comparison(f, "base", room=None).filter(pl.col("metric") == "win_rate")["n"][0]
    assert n_default < n_all


def test_stats_cli_states_the_population(db, capsys):
    from mjlog.cli import main

    assert main(["stats", "--db", str(db), "--include-synthetic", "--section", "rates", "--compare"]) == 0
    out = " ".join(capsys.readouterr().out.split())     # lines wrapped to the terminal, joined again
    assert ("population: 38 games (tenhou-3p-south: 16, tenhou-4p-south: 22), all synthetic (mjlog simulate bots); family riichi"
            in out and "left out: 1 special lobby" in out)
    assert "tenhou-4p-south games of the houou room" in out and "1 other room" in out
    assert main(["stats", "--db", str(db), "--include-synthetic", "--include-special-lobbies",
                 "--section", "rates"]) == 0
    assert "population: 39 games" in capsys.readouterr().out


def test_population_title_names_family_rule_sets_room_lobby_kind_dates_and_games(db):
    from mjlog.stats import describe

    f = _frames(db, synthetic="include")
    assert describe(f).title() == ("riichi: tenhou-3p-south, tenhou-4p-south; rooms houou/tokujou; standard lobby; "
                                   f"synthetic; dates unknown; {f.n_games} games")
    assert describe(f.only_games(pl.lit(False), "none")).title() == "no games selected"
