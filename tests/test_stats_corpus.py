"""The headline rates of the Tenhou corpus's Phoenix 4p hanchan games lie near the published Phoenix figures.

Tolerances: the reference README expects agreement "within a point or two on common figures"
(other years, a much larger sample), so each rate must lie within 2 percentage points of every
published value, and the mean win value within 5 % of it.
"""

from __future__ import annotations

import pytest

from tests.conftest import TENHOU_XML

pytestmark = pytest.mark.corpus

RATE_TOLERANCE = 0.02
MEAN_TOLERANCE = 0.05


@pytest.fixture(scope="module")
def phoenix(tmp_path_factory):
    store_mod = pytest.importorskip("mjlog.store", reason="mjlog.store is missing")
    from mjlog.stats import load_frames

    db = tmp_path_factory.mktemp("corpus") / "corpus.duckdb"
    with store_mod.Store(db) as st:
        st.ingest([TENHOU_XML], jobs=2)
        frames = load_frames(st, rule_set="tenhou-4p-south", room="houou")
    assert frames.n_games > 500
    return frames


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
