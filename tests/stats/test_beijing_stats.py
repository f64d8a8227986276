"""The Beijing sheet (mjlog/stats/beijing.py) over a store of simulated Beijing games, checked against the IR."""

from __future__ import annotations

import subprocess
import sys
from collections import Counter

import pytest

from mjlog.ir import Win
from mjlog.formats.reader import read_log
from mjlog.rules.beijing.readings import wild_kind
from mjlog.rules.beijing.ruleset import PRESETS
from mjlog.batch.simulate import simulate
from mjlog.stats.beijing import (MUTUAL_CASES, beijing_counts, beijing_section, burn_stats, fan_frequency,
                                 load_beijing_frames, mutual_payers, mutual_stats, wild_stats)
from mjlog.store import Store

GAMES = 40
SEED = 6   # a sample in which every rule shows (燒莊 is rare: about one hand in a hundred)


@pytest.fixture(scope="module")
def store_and_logs(tmp_path_factory):
    out = tmp_path_factory.mktemp("bj")
    paths = []
    for name in ("beijing", "beijing-ccw"):
        paths += simulate(GAMES, PRESETS[name], seed=SEED, out_dir=out, progress=False)
    db = out / "bj.duckdb"
    with Store(db) as store:
        store.ingest(paths)
        frames = load_beijing_frames(store)
    return db, frames, [read_log(p) for p in paths]


def _expected(logs) -> dict[str, Counter]:
    """Per rule set, counted from the IR alone: hands, wins, seven pairs, wild wins, 燒莊 and 互包 hands."""
    out: dict[str, Counter] = {}
    for log in logs:
        c = out.setdefault(log.rules.name, Counter())
        c["games"] += 1
        for rnd in log.rounds:
            wild = wild_kind(rnd.dora_indicator >> 2)
            c["hands"] += 1
            c["burn_hands"] += rnd.payload.burn > 0
            c["mutual_hands"] += bool(rnd.payload.mutual)
            for e in rnd.events:
                if type(e) is Win:
                    c["wins"] += 1
                    c["seven_pairs"] += any(f.name in ("七對子", "豪華七對子") for f in e.payload.fans)
                    c["wild_wins"] += any(t >> 2 == wild for t in e.hand)
                    c["burn_cost"] += -min(e.payload.burn_payment)
                    for f in e.payload.fans:
                        c["fan " + f.name] += 1
            for o in rnd.outcomes:
                if type(o) is not Win and o.payload.burn_payment:
                    c["burn_cost"] += -min(o.payload.burn_payment)
    return out


def test_beijing_counts_match_the_logs(store_and_logs):
    _, frames, logs = store_and_logs
    got = {r["rule_set"]: r for r in beijing_counts(frames).iter_rows(named=True)}
    for name, c in _expected(logs).items():
        for col in ("games", "hands", "wins", "seven_pairs", "wild_wins", "burn_hands", "mutual_hands"):
            assert got[name][col] == c[col], (name, col)


def test_beijing_sample_shows_every_rule(store_and_logs):
    _, frames, _ = store_and_logs
    counts = beijing_counts(frames)
    assert counts["seven_pairs"].sum() > 0 and counts["wild_wins"].sum() > 0
    assert counts["mutual_hands"].sum() > 0 and counts["burn_hands"].sum() > 0


def test_beijing_fan_frequency_counts_each_fan_once_per_win(store_and_logs):
    _, frames, logs = store_and_logs
    fans = fan_frequency(frames)
    expected = _expected(logs)
    for row in fans.iter_rows(named=True):
        assert row["wins_with"] == expected[row["rule_set"]]["fan " + row["name"]]
        assert row["lo"] <= row["share"] <= row["hi"]


def test_beijing_burn_cost_is_what_the_dealer_paid(store_and_logs):
    _, frames, logs = store_and_logs
    burn = {r["rule_set"]: r for r in burn_stats(frames).iter_rows(named=True)}
    for name, c in _expected(logs).items():
        assert burn[name]["dealer_cost"] == c["burn_cost"] and burn[name]["burn_hands"] == c["burn_hands"]


def test_beijing_mutual_payers_add_up_to_the_mutual_points(store_and_logs):
    _, frames, _ = store_and_logs
    payers = mutual_payers(frames)
    assert set(payers["case"]) <= set(MUTUAL_CASES)
    stats = mutual_stats(frames)
    assert payers["points"].sum() == stats["mutual_points"].sum() > 0


def test_beijing_wild_decided_wins_are_wild_wins(store_and_logs):
    _, frames, _ = store_and_logs
    w = wild_stats(frames)
    assert (w["decided"] <= w["wild_wins"]).all() and (w["wild_wins"] <= w["wins"]).all()
    assert w["decided"].sum() > 0


def test_beijing_section_is_none_without_beijing_games(tmp_path):
    with Store(tmp_path / "empty.duckdb") as store:
        assert beijing_section(store) is None


def test_mjlog_stats_prints_the_beijing_sheet(store_and_logs):
    db, _, _ = store_and_logs
    out = subprocess.run([sys.executable, "-m", "mjlog.cli", "stats", "--db", str(db), "--include-synthetic",
                          "--section", "beijing"], capture_output=True, text=True, check=True).stdout
    assert "燒莊" in out and "互包" in out and "seven_pairs" in out and "wild_wins" in out
