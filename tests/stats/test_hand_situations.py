"""The stat sheet's situation sections (wins by style, deal-ins by target, tenpai at the draw, calls
by turn, first calls, riichi with or without a yaku): on a store of data/sample their counts are the
tables' counts by SQL, every figure lies within its interval, they print within the width, and a
player's report sets the player's figure beside the population's."""

from __future__ import annotations

import polars as pl
import pytest

from mjlog.stats import load_frames, stat_sheet
from mjlog.stats.frames import StatFrames
from mjlog.stats.hand_situations import COUNT_NAMES, SITUATIONS, shares, situation_table
from mjlog.stats.player import format_player_sheet, most_frequent_player, player_sheet
from mjlog.stats.sheet import RIICHI, SECTION_FAMILIES, format_sheet
from mjlog.store import Store
from tests.support.paths import SAMPLE

_SELECTED = """JOIN games g ON g.game_id = t.game_id
    JOIN rounds r ON r.game_id = t.game_id AND r.round_index = t.round_index
    WHERE r.complete AND NOT g.truncated AND NOT coalesce(g.special_lobby, FALSE)"""
#: Each section's cells and counts straight from its table, the rules of docs/statistics.md in SQL.
SQL = {
    "win_styles": f"SELECT g.rule_set, t.style, count(*) AS n FROM win_situations t {_SELECTED} GROUP BY ALL",
    "deal_in_targets": f"""SELECT g.rule_set, t.style AS target, count(*) AS n FROM win_situations t {_SELECTED}
        AND t.deal_in_seat IS NOT NULL GROUP BY ALL""",
    "tenpai_at_draw": f"SELECT g.rule_set, t.style, count(*) AS n FROM draw_tenpai t {_SELECTED} GROUP BY ALL",
    "calls_by_turn": f"""SELECT g.rule_set, t.kind, CASE WHEN t.turn <= 6 THEN '1-6' WHEN t.turn <= 12 THEN '7-12'
        ELSE '13+' END AS turn_band, count(*) AS n FROM calls t {_SELECTED} GROUP BY ALL""",
    "first_calls": f"""SELECT g.rule_set, coalesce(t.first_call_reason, 'other') AS reason, count(*) AS n
        FROM calls t {_SELECTED} AND t.first_call GROUP BY ALL""",
    "riichi_dama_able": f"""SELECT g.rule_set, CASE WHEN t.dama_able IS NULL THEN 'unknown' WHEN t.dama_able
        THEN 'yes' ELSE 'no' END AS dama_able, count(*) AS n FROM riichi_declarations t {_SELECTED} GROUP BY ALL""",
}


@pytest.fixture(scope="module")
def sample(tmp_path_factory):
    db = tmp_path_factory.mktemp("hand_situations") / "sample.duckdb"
    with Store(db) as store:
        store.ingest(sorted(SAMPLE.glob("*.xml")))
        frames = load_frames(store, synthetic="include")
        expected = {name: store.sql(q) for name, q in SQL.items()}
    return frames, stat_sheet(frames), expected


@pytest.mark.parametrize("name", list(SITUATIONS))
def test_each_situation_sections_counts_are_its_tables_counts_by_sql(sample, name):
    _, sheet, expected = sample
    table = getattr(sheet, name)
    cell = [c for c in expected[name].columns if c != "n"]
    ours = table.select(*cell, pl.col(COUNT_NAMES[name]).alias("n")).sort(cell)
    theirs = expected[name].with_columns(pl.col("n").cast(pl.Int64)).sort(cell)
    assert theirs["n"].sum() > 0 and set(theirs["rule_set"]) == {"tenhou-4p-south", "tenhou-3p-south"}
    assert ours.equals(theirs)


@pytest.mark.parametrize("name", list(SITUATIONS))
def test_each_situation_figure_lies_within_its_interval(sample, name):
    _, sheet, _ = sample
    table = getattr(sheet, name)
    figures = [c[:-3] for c in table.columns if c.endswith("_lo")]
    assert "share" in figures
    for f in figures:
        lo, value, hi = table[f"{f}_lo"], table[f], table[f"{f}_hi"]
        assert ((lo <= value) & (value <= hi)).all(), (name, f)
        if not f.startswith("mean"):
            assert ((lo >= 0) & (hi <= 1)).all(), (name, f)
    cell = SITUATIONS[name]
    group = ["rule_set", *cell.within]
    sums = table.group_by(group).agg(pl.col("share").sum())["share"]
    assert ((sums - 1).abs() < 1e-9).all(), name         # a group's shares add up to one


def test_a_riichi_seat_at_the_draw_is_always_tenpai_and_styles_come_in_order(sample):
    _, sheet, _ = sample
    t = sheet.tenpai_at_draw
    assert (t.filter(pl.col("style") == "riichi")["tenpai_rate"] == 1).all()
    for rule_set in ("tenhou-4p-south", "tenhou-3p-south"):
        assert t.filter(pl.col("rule_set") == rule_set)["style"].to_list() == ["riichi", "open", "dama"]


def test_the_situation_sections_are_riichi_only_and_fit_the_width(sample):
    _, sheet, _ = sample
    for name in SITUATIONS:
        assert SECTION_FAMILIES[name] == (RIICHI,)
    for width in (60, 120):
        text = format_sheet(sheet, max_rows=-1, sections=list(SITUATIONS), width=width)
        assert "Deal-ins by whom they fed" in text and "[riichi]" in text
        assert max(len(line) for line in text.splitlines()) <= width


def test_a_players_report_sets_each_situation_beside_the_population(sample):
    frames, sheet, _ = sample
    name = most_frequent_player(frames)
    assert name is not None
    mine = player_sheet(frames, name)
    for key in SITUATIONS:
        table = dict(mine.items())[key]
        assert table.height > 0 and {"player", "player_lo", "player_hi", "population"} <= set(table.columns)
        assert ((table["player_lo"] <= table["player"]) & (table["player"] <= table["player_hi"])).all()
        cell = SITUATIONS[key].cell
        population = getattr(sheet, key).select("rule_set", *SITUATIONS[key].within, cell, "share" if key !=
                                                "tenpai_at_draw" else "tenpai_rate")
        joined = table.join(population, on=["rule_set", *SITUATIONS[key].within, cell])
        assert (joined["population"] == joined[population.columns[-1]]).all()
    text = format_player_sheet(mine, frames, sections=["win_styles"], width=100)
    assert "the player's (clustered by game) beside the population's" in text


def test_shares_of_a_cell_count_every_unit_of_the_group_once():
    units = pl.DataFrame({"game_id": ["a", "a", "b", "b", "c"], "rule_set": ["r"] * 5,
                          "style": ["riichi", "open", "riichi", "dama", "riichi"]})
    out = shares(units, ["rule_set"], "style", clusters=("game_id",)).sort("style")
    assert out.select("style", "count", "share").rows() == [("dama", 1, 0.2), ("open", 1, 0.2), ("riichi", 3, 0.6)]


def test_frames_without_situation_tables_give_empty_sections():
    empty = pl.DataFrame()
    frames = StatFrames(games=empty, players=empty, rounds=empty, wins=empty, win_yaku=empty, draws=empty,
                        seat_events=empty, payments=empty, findings=empty)
    assert all(situation_table(name, frames).height == 0 for name in SITUATIONS)
