"""The headline rates of the Tenhou corpus's Phoenix 4p hanchan games lie near the published Phoenix figures.

Tolerances: the reference README expects agreement "within a point or two on common figures"
(other years, a much larger sample), so each rate must lie within 2 percentage points of every
published value, and the mean win value within 5 % of it.
"""

from __future__ import annotations

import pytest

from tests.support.paths import TENHOU_XML

pytestmark = pytest.mark.corpus

RATE_TOLERANCE = 0.02
MEAN_TOLERANCE = 0.05


@pytest.fixture(scope="module")
def corpus_db(tmp_path_factory):
    store_mod = pytest.importorskip("mjlog.store", reason="mjlog.store is missing")
    db = tmp_path_factory.mktemp("corpus") / "corpus.duckdb"
    with store_mod.Store(db) as st:
        st.ingest([TENHOU_XML], jobs=2)
    return db


@pytest.fixture(scope="module")
def phoenix(corpus_db):
    from mjlog.stats import load_frames
    from mjlog.store import Store

    with Store(corpus_db, read_only=True) as st:
        frames = load_frames(st, rule_set="tenhou-4p-south", room="houou")
    assert frames.n_games > 500
    return frames


def test_stats_player_on_the_most_frequent_player(corpus_db, capsys, monkeypatch):
    from mjlog.cli import main

    monkeypatch.setenv("COLUMNS", "100")  # the sheet's layout fits the width: the wide one at 100
    from mjlog.store import Store

    with Store(corpus_db, read_only=True) as st:
        top = st.sql("""SELECT p.name, count(*) AS games FROM players p JOIN games g USING (game_id)
            WHERE NOT g.truncated AND NOT coalesce(g.special_lobby, FALSE) AND NOT g.synthetic
            AND p.name <> 'NoName' GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT 1""").row(0, named=True)
    assert main(["stats", "--db", str(corpus_db), "--player", top["name"], "--max-rows", "-1"]) == 0
    out = capsys.readouterr().out
    assert f"player: {top['name']}" in out and "population:" in out and "left out: 5 special lobby" in out
    assert "win_rate" in out and "non-dealer" in out and "avg_placement_points" in out
    from mjlog.stats import load_frames
    from mjlog.stats.player import most_frequent_player, player_sheet

    with Store(corpus_db, read_only=True) as st:
        frames = load_frames(st)
    assert most_frequent_player(frames) == top["name"]
    summary = player_sheet(frames, top["name"]).summary
    assert summary["games"].sum() == top["games"]
    for r in summary.iter_rows(named=True):  # each rule set's games, as the printed summary states them
        assert [r["rule_set"], "games", str(r["games"])] in [line.split() for line in out.splitlines()]


def test_headline_rates_near_published(phoenix):
    from mjlog.stats.reference import phoenix_comparison

    cmp = phoenix_comparison(phoenix, "base")
    assert set(cmp["metric"]) == {"win_rate", "deal_in_rate", "riichi_rate", "call_rate", "draw_rate",
                                  "average_win_points"}
    for r in cmp.iter_rows(named=True):
        assert r["ours"] is not None and r["n"] > 400, r
        if r["metric"] == "average_win_points":
            assert abs(r["diff"]) <= MEAN_TOLERANCE * r["published"], r
        else:
            assert abs(r["diff"]) <= RATE_TOLERANCE, r


def test_common_yaku_and_han_near_published(phoenix):
    from mjlog.stats.reference import phoenix_comparison

    yaku = phoenix_comparison(phoenix, "yaku")
    common = yaku.filter(yaku["published"] > 0.02)  # riichi, ippatsu, tsumo, pinfu, tanyao, ...
    assert common.height >= 8
    assert (common["diff"].abs() <= RATE_TOLERANCE).all(), common
    han = phoenix_comparison(phoenix, "han")
    assert (han["diff"].abs() <= RATE_TOLERANCE).all(), han


def test_compare_puts_at_least_five_situational_figures_beside_a_published_source(corpus_db, capsys):
    """``stats --compare`` on the corpus: five or more situational figures, each from the Phoenix games with
    a source, its counting convention and a verdict (within the band the samples allow, or explained)."""
    from mjlog.cli import main
    from mjlog.stats import load_frames
    from mjlog.stats.reference import reference_sources
    from mjlog.stats.situation_reference import phoenix_situation_comparison
    from mjlog.store import Store

    with Store(corpus_db, read_only=True) as st:
        table = phoenix_situation_comparison(load_frames(st))
    assert table.height >= 5 and set(table["source"]) <= set(reference_sources()["source"])
    for r in table.iter_rows(named=True):
        assert r["n"] >= 100 and r["convention"] and r["quoted_in"].startswith("https://"), r
        assert r["verdict"] == "within" or (r["verdict"].startswith("outside") and r["differences"]), r
    assert main(["stats", "--db", str(corpus_db), "--compare", "--section", "rates"]) == 0
    out = capsys.readouterr().out
    for r in table.iter_rows(named=True):
        assert f"- {r['metric']} ({r['source']}): " in out and f"Verdict: {r['verdict']}" in " ".join(out.split())
