"""The Datong sheet (mjlog/stats/datong.py) over a store of simulated Datong games, checked against the IR."""

from __future__ import annotations

import subprocess
import sys
from collections import Counter

import pytest

from mjlog.batch.simulate import simulate
from mjlog.formats.reader import read_log
from mjlog.ir import Call, Ryuukyoku, Win
from mjlog.rules.datong.ruleset import PRESETS
from mjlog.stats.datong import (datong_counts, datong_section_tables, datong_sheet, datong_tables, kan_share,
                                load_datong_frames,
                                multiplier_distribution, renchan_cost, type_frequency)
from mjlog.store import Store

GAMES = 20


@pytest.fixture(scope="module")
def store_and_logs(tmp_path_factory):
    out = tmp_path_factory.mktemp("dt")
    paths = simulate(GAMES, PRESETS["datong"], seed=1, out_dir=out, progress=False)
    db = out / "dt.duckdb"
    with Store(db) as store:
        store.ingest(paths)
        frames = load_datong_frames(store)
    return db, frames, [read_log(p) for p in paths]


def _expected(logs) -> Counter:
    """Counted from the IR alone: hands, wins, types, payments by reason, the dealer's renchan net, kans."""
    c: Counter = Counter()
    for log in logs:
        for rnd in log.rounds:
            c["hands"] += 1
            c["renchan_hands"] += rnd.honba > 0
            end = rnd.events[-1]
            c["draws"] += type(end) is Ryuukyoku
            c["kans"] += sum(1 for e in rnd.events if type(e) is Call and e.kind.is_kan)
            for p in end.payload.payments:
                c["points"] += p.amount
                c["points " + p.reason] += p.amount
                if p.reason == "renchan":
                    c["dealer_net"] += p.amount if p.payee == rnd.dealer else -p.amount
            if type(end) is Win:
                c["wins"] += 1
                c["self_draws"] += end.tsumo
                c[f"x{end.payload.multiplier}"] += 1
                for t in end.payload.types:
                    c["type " + t.name] += 1
    return c


def test_datong_counts_match_the_logs(store_and_logs):
    _, frames, logs = store_and_logs
    want = _expected(logs)
    row = datong_counts(frames).row(0, named=True)
    assert row["games"] == GAMES
    for key in ("hands", "wins", "self_draws", "draws", "renchan_hands"):
        assert row[key] == want[key], key


def test_datong_type_frequency_counts_each_type_once_per_win_with_an_interval(store_and_logs):
    _, frames, logs = store_and_logs
    want = _expected(logs)
    t = type_frequency(frames)
    for r in t.iter_rows(named=True):
        assert r["wins_with"] == want["type " + r["name"]] and r["wins"] == want["wins"]
        assert 0 <= r["lo"] <= r["share"] <= r["hi"] <= 1
    m = {r["multiplier"]: r["wins"] for r in multiplier_distribution(frames).iter_rows(named=True)}
    assert m == {int(k[1:]): v for k, v in want.items() if k.startswith("x")}


def test_datong_renchan_cost_is_the_renchan_payments_and_the_dealers_net(store_and_logs):
    _, frames, logs = store_and_logs
    want = _expected(logs)
    r = renchan_cost(frames).row(0, named=True)
    assert r["renchan_points"] == want["points renchan"] > 0 and r["points"] == want["points"]
    assert r["dealer_net"] == want["dealer_net"]
    assert r["share"] == pytest.approx(want["points renchan"] / want["points"])
    assert r["share_lo"] <= r["share"] <= r["share_hi"]
    assert r["per_hand_lo"] <= r["per_hand"] <= r["per_hand_hi"]


def test_datong_kan_share_is_the_kan_payments_over_all_points(store_and_logs):
    _, frames, logs = store_and_logs
    want = _expected(logs)
    k = kan_share(frames).row(0, named=True)
    assert k["kans"] == want["kans"] > 0 and k["kan_points"] == want["points kan"]
    assert k["share"] == pytest.approx(want["points kan"] / want["points"])
    assert k["share_lo"] <= k["share"] <= k["share_hi"]


def test_datong_section_is_empty_without_datong_games(tmp_path):
    with Store(tmp_path / "empty.duckdb") as store:
        assert datong_section_tables(store) == []


def test_mjlog_stats_prints_the_datong_sheet(store_and_logs):
    db, _, _ = store_and_logs
    out = subprocess.run([sys.executable, "-m", "mjlog.cli", "stats", "--db", str(db), "--include-synthetic",
                          "--section", "datong"], capture_output=True, text=True, check=True).stdout
    assert "Datong hand types" in out and "屁和" in out
    assert "Datong dealer's repeats (連庄)" in out and "Datong kongs (杠)" in out


def test_datong_sheet_titles_speak_datong_words_not_riichi(store_and_logs):
    """The titles say 連庄 and 杠 with their gloss, not riichi's renchan or kan."""
    from tests.support.viewcases import riichi_words

    _, frames, _ = store_and_logs
    titles = [t.title for t in datong_tables(datong_sheet(frames))]
    assert len(titles) == 5 and riichi_words(" ".join(titles)) == []
    assert not [t for t in titles if "renchan" in t]
