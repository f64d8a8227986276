"""The situation sections of Beijing, MCR and Datong (mjlog/stats/family_situations.py): each family's
tables hold only its games and count what the store holds; Datong's head-bump figure counts the
contested discards and who took them by turn order; every table fits 80 and 120 columns."""

from __future__ import annotations

import polars as pl
import pytest

from mjlog.batch.simulate import simulate
from mjlog.formats.datong.xml import write_datong_xml
from mjlog.rules.beijing.ruleset import PRESETS as BEIJING
from mjlog.rules.datong.ruleset import PRESETS as DATONG
from mjlog.stats.beijing import beijing_section_tables
from mjlog.stats.datong import datong_section_tables
from mjlog.stats.family_situations import (SituationFrames, first_calls_by_reason, head_bump, head_bump_order,
                                           load_situation_frames, situation_tables, wins_by_style)
from mjlog.stats.mcr import mcr_tables
from mjlog.stats.text_tables import format_tables
from mjlog.store import Store
from mjlog.text import display_width
from tests.support.datong_games import head_bump_hand
from tests.support.paths import CORPUS, SAMPLE

_WIN = {"game_id": pl.String, "rule_set": pl.String, "round_index": pl.Int16, "event_index": pl.Int16,
        "seat": pl.Int8, "turn": pl.Int16, "style": pl.String, "tsumo": pl.Boolean, "deal_in_seat": pl.Int8,
        "value": pl.Int32, "from_seat": pl.Int8, "claimants": pl.List(pl.Int8)}
_CALL = {"game_id": pl.String, "rule_set": pl.String, "round_index": pl.Int16, "event_index": pl.Int16,
         "seat": pl.Int8, "kind": pl.String, "turn": pl.Int16, "first_call": pl.Boolean,
         "first_call_reason": pl.String}


def _frames(wins: list[tuple]) -> SituationFrames:
    """Datong frames of wins (game, seat, tsumo, from_seat, claimants), one hand each, no players' names."""
    rows = [{"game_id": g, "rule_set": "datong", "round_index": 0, "event_index": 5, "seat": seat, "turn": 3,
             "style": "concealed", "tsumo": tsumo, "deal_in_seat": None if tsumo else frm, "value": 1,
             "from_seat": frm, "claimants": claims} for g, seat, tsumo, frm, claims in wins]
    return SituationFrames("datong", pl.DataFrame(rows, schema=_WIN), pl.DataFrame(schema=_CALL),
                           pl.DataFrame(schema={"game_id": pl.String, "seat": pl.Int8, "name": pl.String}))


def test_head_bump_counts_contested_discards_and_the_winners_place_in_turn_order():
    frames = _frames([
        ("a", 2, False, 1, [2, 3]),      # seats 2 and 3 claim seat 1's tile: 2 is first in turn order
        ("b", 0, False, 3, [1, 0]),      # seat 3 discards: 0 comes before 1, and takes it
        ("c", 1, False, 0, [1]),         # one claimant
        ("d", 3, False, 0, [2, 3]),      # a log where the second claimant took it (what the audit flags)
        ("e", 0, True, 0, [0]),          # a self-draw: no discard to claim
    ])
    assert head_bump(frames).select("discard_wins", "contested", "share", "won_by_first").row(0) == (4, 3, 0.75, 2)
    order = head_bump_order(frames)
    assert order.select("winner", "wins").rows() == [("1st", 2), ("2nd", 1)]
    assert order["share_lo"].to_list()[0] < 2 / 3 < order["share_hi"].to_list()[0]


def test_a_stored_head_bump_is_counted_in_the_datong_section(tmp_path):
    (tmp_path / "bump.xml").write_bytes(write_datong_xml(head_bump_hand((1, 2), 1)))
    (tmp_path / "alone.xml").write_bytes(write_datong_xml(head_bump_hand((2,), 2)))
    with Store() as st:
        st.ingest([tmp_path])
        tables = {t.name: t.frame for t in datong_section_tables(st, include_truncated=True)}
    assert tables["datong_situation_head_bump"].select("discard_wins", "contested", "won_by_first").row(0) == (2, 1, 1)
    assert tables["datong_situation_head_bump_order"].select("winner", "wins").rows() == [("1st", 1)]
    assert tables["datong_situation_deal_ins"].select("target", "deal_ins").rows() == [("concealed", 2)]


@pytest.fixture(scope="module")
def mixed_store(tmp_path_factory):
    """Riichi (the sample), MCR (the corpus's records), simulated Beijing and Datong games in one store."""
    out = tmp_path_factory.mktemp("mixed")
    files = [*simulate(3, BEIJING["beijing"], seed=1, out_dir=out / "bj", progress=False),
             *simulate(4, DATONG["datong"], seed=1, out_dir=out / "dt", progress=False),
             *sorted(SAMPLE.glob("*.xml"))[:4]]
    if CORPUS.is_dir():
        files.append(CORPUS / "mcr")
    store = Store(out / "m.duckdb")
    with store:
        store.ingest(files)
    return out / "m.duckdb"


def _family_rule_sets(st, family: str) -> set[str]:
    return set(st.sql(f"SELECT DISTINCT rule_set FROM games WHERE family = '{family}'")["rule_set"].to_list())


@pytest.mark.parametrize("family", ["beijing", "datong"])
def test_each_familys_situation_tables_hold_only_its_games_and_every_win(mixed_store, family):
    with Store(mixed_store, read_only=True) as st:
        own = _family_rule_sets(st, family)
        make = beijing_section_tables if family == "beijing" else datong_section_tables
        tables = {t.name: t.frame for t in make(st) if "_situation_" in t.name}
        wins = st.sql(f"""SELECT count(*) AS n FROM wins w JOIN games g USING (game_id) JOIN rounds r
            ON r.game_id = w.game_id AND r.round_index = w.round_index WHERE g.family = '{family}' AND r.complete""")
        calls = st.sql(f"SELECT count(*) AS n FROM calls c JOIN games g USING (game_id) WHERE g.family = '{family}'")
    assert {f"{family}_situation_{n}" for n in ("wins", "win_turns", "deal_ins", "calls")} <= set(tables)
    assert ("datong_situation_head_bump" in tables) == (family == "datong")
    for name, frame in tables.items():
        assert set(frame["rule_set"].to_list()) <= own, name
    assert tables[f"{family}_situation_wins"]["wins"].sum() == wins["n"][0] > 0
    assert tables[f"{family}_situation_win_turns"]["wins"].sum() == wins["n"][0]
    assert tables[f"{family}_situation_calls"]["calls"].sum() == calls["n"][0] > 0


@pytest.mark.corpus
def test_the_mcr_situation_tables_hold_the_corpus_records_alone(mixed_store):
    with Store(mixed_store, read_only=True) as st:
        own = _family_rule_sets(st, "mcr")
        tables = {t.name: t.frame for t in mcr_tables(st, synthetic="include") if "_situation_" in t.name}
        frames = load_situation_frames(st, "mcr")
    assert set(tables) == {f"mcr_situation_{n}" for n in ("wins", "win_turns", "deal_ins", "calls", "first_calls")}
    firsts = tables["mcr_situation_first_calls"]
    assert firsts["first_calls"].sum() == frames.calls.filter(pl.col("first_call")).height > 0
    for name, frame in tables.items():
        assert set(frame["rule_set"].to_list()) <= own, name
    styles = wins_by_style(frames)
    assert set(styles["style"].to_list()) == {"concealed", "open"}
    assert styles["wins"].sum() == frames.wins.height > 0
    # every interval holds its share
    assert styles.filter((pl.col("share_lo") > pl.col("share")) | (pl.col("share_hi") < pl.col("share"))).height == 0


@pytest.mark.parametrize("width", [80, 120])
def test_the_situation_tables_fit_the_width(mixed_store, width):
    with Store(mixed_store, read_only=True) as st:
        tables = [t for fam in ("beijing", "datong", "mcr") for t in situation_tables(load_situation_frames(st, fam))]
    assert tables
    text = format_tables(tables, width, -1)
    assert not [line for line in text.splitlines() if display_width(line) > width]


def test_mcr_first_calls_are_counted_by_reason_and_a_first_call_without_one_is_other():
    """Three hands' first calls (a dragon pung, a chow, a wind pung) and a later call, which no table of
    first calls counts."""
    rows = [("g1", 0, 1, "pon", True, "dragon_wind_pung"), ("g1", 1, 1, "chi", True, None),
            ("g2", 0, 2, "pon", True, "dragon_wind_pung"), ("g2", 0, 3, "pon", False, None)]
    calls = pl.DataFrame([{"game_id": g, "rule_set": "mcr", "round_index": r, "event_index": 5, "seat": seat,
                           "kind": kind, "turn": 4, "first_call": first, "first_call_reason": reason}
                          for g, r, seat, kind, first, reason in rows], schema=_CALL)
    frames = SituationFrames("mcr", pl.DataFrame(schema=_WIN), calls,
                             pl.DataFrame(schema={"game_id": pl.String, "seat": pl.Int8, "name": pl.String}))
    out = first_calls_by_reason(frames)
    assert out.select("reason", "first_calls").rows() == [("dragon_wind_pung", 2), ("other", 1)]
    assert out["share"].to_list() == pytest.approx([2 / 3, 1 / 3])
    assert "mcr_situation_first_calls" in {t.name for t in situation_tables(frames)}
    assert "beijing_situation_first_calls" not in {t.name for t in situation_tables(
        SituationFrames("beijing", frames.wins, calls.with_columns(pl.lit("beijing").alias("rule_set")), frames.players))}
