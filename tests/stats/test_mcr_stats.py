"""MCR games in the store and their statistics: every game of a multi-game file stored, fan frequencies,
fans per win, wins at exactly 8, self-draw rate and points per match, real apart from simulated."""

from __future__ import annotations

from collections import Counter

import polars as pl
import pytest

from mjlog.cli import main
from mjlog.formats.mcr.xml import write_xml
from mjlog.ir import Win
from mjlog.rules.mcr.ruleset import MCR
from mjlog.rules.mcr.simulate.game import simulate_log
from mjlog.stats.mcr import fan_frequency, load_mcr_frames, match_points, win_summary
from mjlog.store import Store
from tests.support.paths import CORPUS

SIMULATED = (1, 2)
REAL = 3          # a simulated match with its synthetic mark taken off: the store's "real" records


@pytest.fixture(scope="module")
def logs():
    return {seed: simulate_log(MCR, seed) for seed in (*SIMULATED, REAL)}


@pytest.fixture(scope="module")
def db(logs, tmp_path_factory):
    d = tmp_path_factory.mktemp("mcr")
    for seed, log in logs.items():
        data = write_xml(log)
        if seed == REAL:
            data = data.replace(b' synthetic="1" title="mjlog-synthetic"', b"")
        (d / f"m{seed}.xml").write_bytes(data)
    path = d / "mcr.duckdb"
    with Store(path) as st:
        summary = st.ingest([d])
        assert (summary.games_added, summary.unreadable) == (3, 0)
    return path


@pytest.fixture(scope="module")
def frames(db):
    with Store(db, read_only=True) as st:
        return load_mcr_frames(st, synthetic="include")


def _wins(logs, seeds):
    return [e for s in seeds for r in logs[s].rounds for e in r.events if isinstance(e, Win)]


def test_mcr_win_summary_counts_what_the_games_hold(logs, frames):
    summary = {r["records"]: r for r in win_summary(frames).iter_rows(named=True)}
    for records, seeds in (("simulated", SIMULATED), ("real", (REAL,))):
        wins = _wins(logs, seeds)
        row = summary[records]
        no_flowers = [sum(f.value * f.count for f in w.payload.fans if f.number != 81) for w in wins]
        assert row["hands"] == 16 * len(seeds) and row["wins"] == len(wins)
        assert row["self_drawn"] == sum(w.tsumo for w in wins)
        assert row["just_8"] == sum(1 for n in no_flowers if n == 8)
        assert row["fans_per_win"] == pytest.approx(sum(w.payload.total for w in wins) / len(wins))
        assert row["self_draw_rate"] == pytest.approx(row["self_drawn"] / row["wins"])


def test_mcr_fan_frequency_keeps_real_and_simulated_apart(logs, frames):
    fans = fan_frequency(frames)
    assert set(fans["records"]) == {"real", "simulated"}
    for records, seeds in (("simulated", SIMULATED), ("real", (REAL,))):
        wins = _wins(logs, seeds)
        with_fan = Counter(f.number for w in wins for f in {f.number: f for f in w.payload.fans}.values())
        times = Counter()
        for w in wins:
            for f in w.payload.fans:
                times[f.number] += f.count
        got = fans.filter(pl.col("records") == records)
        assert dict(zip(got["fan"], got["wins_with"])) == dict(with_fan)
        assert dict(zip(got["fan"], got["times"])) == dict(times)
        assert ((got["lo"] <= got["share"]) & (got["share"] <= got["hi"])).all()


def test_mcr_points_per_match_by_place(logs, frames):
    points = match_points(frames).filter(pl.col("records") == "simulated")
    finals = [sorted(logs[s].final.scores, reverse=True) for s in SIMULATED]
    for place in range(4):
        row = points.filter(pl.col("place") == place + 1).row(0, named=True)
        assert row["matches"] == len(SIMULATED)
        assert row["mean_points"] == pytest.approx(sum(f[place] for f in finals) / len(finals))


def test_mjlog_stats_prints_the_mcr_sections(db, capsys, tmp_path):
    assert main(["stats", "--db", str(db), "--include-synthetic"]) == 0
    out = capsys.readouterr().out
    for title in ("== MCR wins", "== MCR fans per win", "== MCR points per match"):
        assert title in out
    mcr_only = ["--section", "mcr_wins", "--section", "mcr_fans", "--section", "mcr_points"]
    tables = tmp_path / "tables"
    assert main(["stats", "--db", str(db), *mcr_only, "--csv", str(tables)]) == 0   # synthetic left out
    for name in ("mcr_wins", "mcr_fans", "mcr_points"):
        records = pl.read_csv(tables / f"{name}.csv")["records"].to_list()
        assert records and set(records) == {"real"}, (name, records)


@pytest.mark.corpus
def test_every_match_of_a_botzone_file_is_stored_once(tmp_path):
    botzone = CORPUS / "mcr" / "botzone"
    with Store(tmp_path / "b.duckdb") as st:
        first = st.ingest([botzone])
        again = st.ingest([botzone])
        assert first.games_added == 16 and first.unreadable == 0
        assert again.games_added == 0
        assert st.sql("SELECT count(*) AS n FROM games WHERE family = 'mcr'")["n"][0] == 16
        sources = st.sql("SELECT source FROM sources ORDER BY source")["source"].to_list()
        assert all("#" in s for s in sources) and len(set(sources)) == 16


@pytest.mark.corpus
def test_a_bad_match_of_a_botzone_file_is_unreadable_alone(tmp_path):
    text = (CORPUS / "mcr" / "botzone" / "sample.txt").read_text(encoding="utf-8")
    second = text.index("Match ", 10)
    bad = text[:second] + text[second:].replace("Player 0 Deal", "Player 0 Deal ZZ", 1)
    path = tmp_path / "bad.txt"
    path.write_text(bad, encoding="utf-8")
    with Store(tmp_path / "b.duckdb") as st:
        summary = st.ingest([path])
        assert (summary.games_added, summary.unreadable) == (15, 1)
        assert st.sql("SELECT source FROM unreadable")["source"].to_list() == [f"{path}#2"]
