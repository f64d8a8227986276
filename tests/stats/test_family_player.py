"""A player's part of each family without riichi (`mjlog stats --player`, mjlog.stats.player with
mjlog.stats.family_situations): the player's counts are the store's by SQL, each figure lies within
its interval, each family's part holds that family's games alone, and a riichi-only player gets none."""

from __future__ import annotations

import polars as pl
import pytest

from mjlog.batch.simulate import simulate
from mjlog.cli import main
from mjlog.rules.beijing.ruleset import PRESETS as BEIJING
from mjlog.rules.datong.ruleset import PRESETS as DATONG
from mjlog.stats import load_frames
from mjlog.stats.family_situations import selected_situation_frames
from mjlog.stats.player import player_sheet
from mjlog.store import Store
from tests.support.paths import SAMPLE

#: The riichi game's players, renamed so that nobody of it sits in a Beijing or Datong game.
RIICHI_NAMES = ("Rin", "Ron", "Ryo", "Rei")
BOTH = "Bot A"  # sits in every Beijing and Datong game


@pytest.fixture(scope="module")
def db(tmp_path_factory):
    """Three simulated Beijing games, three Datong games and one riichi game of other players."""
    out = tmp_path_factory.mktemp("famplayer")
    xml = (SAMPLE / "sim-tenhou-4p-south-2024-0.xml").read_text(encoding="utf-8")
    for i, name in enumerate(RIICHI_NAMES):
        xml = xml.replace(f'n{i}="%42%6F%74%20%{ord("A") + i:02X}"', f'n{i}="{name}"')
    (out / "riichi.xml").write_text(xml, encoding="utf-8")
    files = [*simulate(3, BEIJING["beijing"], seed=1, out_dir=out / "bj", progress=False),
             *simulate(3, DATONG["datong"], seed=1, out_dir=out / "dt", progress=False), out / "riichi.xml"]
    with Store(out / "f.duckdb") as st:
        st.ingest(files)
    return out / "f.duckdb"


def _sheet(db, name: str, **selection):
    with Store(db, read_only=True) as st:
        frames = load_frames(st, synthetic="include", **selection)
        return player_sheet(frames, name, selected_situation_frames(st, frames))


def _sql(db, query: str) -> dict:
    with Store(db, read_only=True) as st:
        return {tuple(r[:-1]): r[-1] for r in st.sql(query).iter_rows()}


_DONE = """JOIN rounds r ON r.game_id = {t}.game_id AND r.round_index = {t}.round_index AND r.complete
    JOIN games g ON g.game_id = {t}.game_id JOIN players p ON p.game_id = {t}.game_id AND p.seat = {t}.{seat}
    WHERE g.family = '{family}' AND p.name = '{name}'"""


def _counts(db, family: str, name: str) -> dict[str, dict]:
    """The player's wins by style, by style and turn band, deal-ins by target and calls by kind, by SQL."""
    band = "CASE WHEN s.turn IS NULL THEN 'unknown' WHEN s.turn <= 6 THEN '1-6' WHEN s.turn <= 12 THEN '7-12' " \
           "ELSE '13+' END"
    wins = "FROM win_situations s " + _DONE.format(t="s", seat="seat", family=family, name=name)
    deal_ins = "FROM win_situations s " + _DONE.format(t="s", seat="deal_in_seat", family=family, name=name)
    calls = "FROM calls c " + _DONE.format(t="c", seat="seat", family=family, name=name)
    return {
        "wins": _sql(db, f"SELECT g.rule_set, s.style, count(*) {wins} GROUP BY ALL"),
        "win_turns": _sql(db, f"SELECT g.rule_set, s.style, {band}, count(*) {wins} GROUP BY ALL"),
        "deal_ins": _sql(db, f"SELECT g.rule_set, s.style, count(*) {deal_ins} GROUP BY ALL"),
        "calls": _sql(db, f"SELECT g.rule_set, c.kind, count(*) {calls} GROUP BY ALL"),
    }


_CELLS = {"wins": ("style",), "win_turns": ("style", "turn"), "deal_ins": ("target",), "calls": ("kind",)}
_COUNT = {"wins": "wins", "win_turns": "wins", "deal_ins": "deal_ins", "calls": "calls"}


@pytest.mark.parametrize("family", ["beijing", "datong"])
def test_a_players_family_situation_counts_are_the_stores_and_lie_within_their_intervals(db, family):
    sheet = _sheet(db, BOTH)
    expected = _counts(db, family, BOTH)
    assert all(expected[part] for part in ("wins", "calls")), "the store holds the player's wins and calls"
    for part, counts in expected.items():
        table = sheet.situations[f"{family}_situation_{part}"]
        got = {tuple(r[:-1]): r[-1] for r in table.select("rule_set", *_CELLS[part], _COUNT[part]).iter_rows()}
        assert got == counts, part
        for who in ("player", "population"):
            outside = table.filter((pl.col(f"{who}_lo") > pl.col(who)) | (pl.col(f"{who}_hi") < pl.col(who)))
            assert outside.height == 0, (part, who)
    wins = sheet.situations[f"{family}_situation_wins"]
    for figure in ("tsumo_rate", "mean_value"):
        for who in ("player", "population"):
            col = f"{who}_{figure}"  # a mean over one game has no interval (NaN)
            known = wins.filter(pl.col(f"{col}_lo").is_not_nan() & pl.col(f"{col}_hi").is_not_nan())
            assert known.filter((pl.col(f"{col}_lo") > pl.col(col) + 1e-9)
                                | (pl.col(f"{col}_hi") < pl.col(col) - 1e-9)).height == 0, col
    deal_ins = sheet.situations[f"{family}_situation_deal_ins"]
    assert deal_ins["population_mean_value"].null_count() == 0


def test_the_population_beside_the_player_is_the_familys_table(db):
    from mjlog.stats.family_situations import load_situation_frames, wins_by_style

    sheet = _sheet(db, BOTH)
    with Store(db, read_only=True) as st:
        table = wins_by_style(load_situation_frames(st, "beijing", "include"))
    mine = sheet.situations["beijing_situation_wins"]
    joined = mine.join(table, on=["rule_set", "style"])
    assert joined.height == mine.height > 0
    assert joined["population"].to_list() == joined["share"].to_list()
    assert joined["population_mean_value_lo"].to_list() == joined["mean_value_lo"].to_list()


def test_a_player_of_several_families_gets_each_familys_part_of_its_games_alone(db):
    sheet = _sheet(db, BOTH)
    parts = [k for k in sheet.situations if "_situation_" in k]
    assert {k.split("_situation_")[0] for k in parts} == {"beijing", "datong"}
    for key in parts:
        family = key.split("_situation_")[0]
        assert set(sheet.situations[key]["rule_set"].to_list()) == {family}, key
    # the riichi sections count riichi games alone: this player sits in none
    assert all(sheet.situations[k].height == 0 for k in sheet.situations if "_situation_" not in k)


def test_a_riichi_only_player_gets_no_chinese_part(db):
    sheet = _sheet(db, "Rin")
    assert sheet.summary["rule_set"].to_list() == ["tenhou-4p-south"]
    assert not [k for k in sheet.situations if "_situation_" in k]
    assert sheet.situations["win_styles"].height > 0 or sheet.situations["deal_in_targets"].height > 0


def test_a_player_of_beijing_games_alone_has_a_report(db, capsys):
    """A Beijing game records no placement: the player still sits in its games."""
    capsys.readouterr()
    status = main(["stats", "--db", str(db), "--include-synthetic", "--rule-set", "beijing", "--player", BOTH,
                   "--max-rows", "-1"])
    out = capsys.readouterr().out
    assert status == 0, out
    assert "sits in none" not in out
    assert "Beijing wins by the winner's style" in out and "Beijing calls by kind" in out
    assert "Datong" not in out


def test_stats_player_section_names_a_familys_part(db, capsys):
    capsys.readouterr()
    assert main(["stats", "--db", str(db), "--include-synthetic", "--player", BOTH, "--section", "datong",
                 "--section", "beijing_situation_calls"]) == 0
    out = capsys.readouterr().out
    titles = [line for line in out.splitlines() if line.startswith("== ")]
    assert titles and all(t.startswith(("== Datong", "== Beijing calls")) for t in titles), titles
    assert any(t.startswith("== Beijing calls") for t in titles)
