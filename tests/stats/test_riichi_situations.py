"""The stat sheet's "riichi by wait shape and turn" section: on a store of data/sample its counts are
those of the ``riichi_declarations`` table taken by SQL, its rates lie within their intervals, and it
prints within the terminal's width."""

from __future__ import annotations

import polars as pl
import pytest

from mjlog.stats import load_frames, stat_sheet
from mjlog.stats.frames import RIICHI_DECLARATIONS_SCHEMA, StatFrames
from mjlog.stats.sheet import RIICHI, SECTION_FAMILIES, format_sheet
from mjlog.stats.situations import riichi_situations, turn_band
from mjlog.store import Store
from tests.support.paths import SAMPLE

#: The cells straight from the table: the same rules as docs/statistics.md, written in SQL.
SQL_CELLS = """
SELECT g.rule_set,
       CASE WHEN d.chasing THEN 'chasing' ELSE 'first' END AS riichi,
       CASE WHEN d.good_shape IS NULL THEN 'unknown' WHEN d.good_shape THEN 'good' ELSE 'bad' END AS shape,
       CASE WHEN d.turn IS NULL THEN 'unknown' WHEN d.turn <= 6 THEN '1-6' WHEN d.turn <= 12 THEN '7-12'
            ELSE '13+' END AS turn,
       count(*) AS declarations,
       count(*) FILTER (WHERE d.outcome = 'won') AS wins,
       count(*) FILTER (WHERE d.outcome = 'dealt_in') AS deal_ins
FROM riichi_declarations d
JOIN games g ON g.game_id = d.game_id
JOIN rounds r ON r.game_id = d.game_id AND r.round_index = d.round_index
WHERE r.complete AND NOT g.truncated AND NOT coalesce(g.special_lobby, FALSE)
GROUP BY ALL
"""
CELL = ["rule_set", "riichi", "shape", "turn"]


@pytest.fixture(scope="module")
def sample_store(tmp_path_factory):
    db = tmp_path_factory.mktemp("situations") / "sample.duckdb"
    with Store(db) as store:
        store.ingest(sorted(SAMPLE.glob("*.xml")))
        frames = load_frames(store, synthetic="include")
        expected = store.sql(SQL_CELLS)
    return frames, expected


def test_riichi_situation_counts_equal_the_tables_counts_by_sql(sample_store):
    frames, expected = sample_store
    table = stat_sheet(frames).riichi_situations
    assert expected["declarations"].sum() > 50          # the sample has riichi in both rule sets
    assert set(table["rule_set"]) == {"tenhou-4p-south", "tenhou-3p-south"}
    cols = [*CELL, "declarations", "wins", "deal_ins"]
    ours = table.select(cols).sort(CELL)
    theirs = expected.select(*CELL, *(pl.col(c).cast(pl.Int64) for c in cols[4:])).sort(CELL)
    assert ours.equals(theirs)


def test_riichi_situation_rates_lie_within_their_intervals(sample_store):
    frames, _ = sample_store
    table = stat_sheet(frames).riichi_situations
    for rate in ("win_rate", "deal_in_rate"):
        lo, value, hi = table[f"{rate}_lo"], table[rate], table[f"{rate}_hi"]
        assert ((lo >= 0) & (lo <= value) & (value <= hi) & (hi <= 1)).all(), rate
        assert (lo < hi).all(), rate                      # an interval, never a point
    assert (table["win_rate"] == table["wins"] / table["declarations"]).all()


def test_riichi_situations_is_a_riichi_only_section_that_fits_the_width(sample_store):
    frames, _ = sample_store
    assert SECTION_FAMILIES["riichi_situations"] == (RIICHI,)
    for width in (60, 100, 200):
        text = format_sheet(stat_sheet(frames), max_rows=-1, sections=["riichi_situations"], width=width)
        assert "Riichi by wait shape and turn" in text and "[riichi]" in text
        assert max(len(line) for line in text.splitlines()) <= width


def test_turn_bands_split_at_6_and_12_and_name_an_unknown_turn():
    turns = pl.DataFrame({"turn": [1, 6, 7, 12, 13, 30, None]}, schema={"turn": pl.Int16})
    assert turns.select(turn_band())["turn"].to_list() == ["1-6", "1-6", "7-12", "7-12", "13+", "13+", "unknown"]


def test_declarations_of_incomplete_rounds_are_left_out():
    rounds = pl.DataFrame({"game_id": ["g", "g"], "round_index": [0, 1], "complete": [True, False]})
    rows = [{"game_id": "g", "rule_set": "r", "round_index": i, "event_index": 3, "seat": 0, "turn": 8,
             "riichi_before": 0, "chasing": False, "wait_kinds": [1, 4], "wait_live": [3, 2], "live_total": 5,
             "good_shape": True, "outcome": "won", "score_delta": 3900} for i in (0, 1)]
    table = riichi_situations(pl.DataFrame(rows, schema=RIICHI_DECLARATIONS_SCHEMA), rounds)
    assert table.select("riichi", "shape", "turn", "declarations", "wins").rows() == [("first", "good", "7-12", 1, 1)]


def test_frames_without_declarations_give_an_empty_section():
    empty = pl.DataFrame()
    frames = StatFrames(games=empty, players=empty, rounds=empty, wins=empty, win_yaku=empty, draws=empty,
                        seat_events=empty, payments=empty, findings=empty)
    assert riichi_situations(frames.riichi_declarations, frames.rounds).height == 0
