"""Situational figures beside published ones (``mjlog.stats.situation_reference``): the sources' wait
split, the band a published figure must fall in, and only figures with a source are compared."""

from __future__ import annotations

import shutil

import polars as pl
import pytest

from mjlog.stats import load_frames
from mjlog.stats.reference import REFERENCE_DIR
from mjlog.stats.situation_reference import (FIGURES, SITUATIONS_FILE, compare_situations, our_situation_figures,
                                             phoenix_situation_comparison, situation_reference, two_sided)
from mjlog.store import Store
from tests.support.paths import SAMPLE


@pytest.fixture(scope="module")
def sample_db(tmp_path_factory):
    db = tmp_path_factory.mktemp("situation_reference") / "sample.duckdb"
    with Store(db) as store:
        store.ingest(sorted(SAMPLE.glob("*.xml")))
    return db


@pytest.fixture(scope="module")
def sample_frames(sample_db):
    with Store(sample_db, read_only=True) as store:
        return load_frames(store, synthetic="include")


def test_two_sided_wait_is_the_sources_ryanmen_class_not_two_kinds():
    waits = {"ryanmen 3m-6m": ([2, 5], True), "nobetan 3p-6p": ([11, 14], True), "three kinds": ([0, 3, 6], True),
             "shanpon 3m 7p": ([2, 15], False), "8m and 2p: three apart across suits": ([7, 10], False),
             "honour shanpon": ([27, 30], False), "kanchan": ([4], False), "shanpon 1m 2m": ([0, 1], False),
             "no wait": ([], None), "unknown": (None, None)}
    frame = pl.DataFrame({"wait_kinds": [w for w, _ in waits.values()]}, schema={"wait_kinds": pl.List(pl.Int8)})
    got = frame.select(two_sided().alias("v"))["v"].to_list()
    assert dict(zip(waits, got)) == {k: v for k, (_, v) in waits.items()}


def test_a_figure_without_a_source_or_a_value_is_not_compared(sample_frames, tmp_path):
    shutil.copy(REFERENCE_DIR / SITUATIONS_FILE, tmp_path / SITUATIONS_FILE)
    ref = pl.read_csv(tmp_path / SITUATIONS_FILE, infer_schema_length=0)
    no_source, no_value = FIGURES[0].metric, FIGURES[1].metric
    ref = ref.with_columns(pl.when(pl.col("metric") == no_source).then(pl.lit("")).otherwise(pl.col("source"))
                           .alias("source"),
                           pl.when(pl.col("metric") == no_value).then(None).otherwise(pl.col("published"))
                           .alias("published"))
    ref.write_csv(tmp_path / SITUATIONS_FILE)
    table = phoenix_situation_comparison(sample_frames, room=None, directory=tmp_path)
    compared = set(table["metric"])
    assert no_source not in compared and no_value not in compared
    assert compared == set(situation_reference(tmp_path)["metric"]) and len(compared) == len(FIGURES) - 2
    assert table["source"].str.len_chars().min() > 0 and table["published"].is_not_null().all()


def test_every_figure_of_ours_has_a_published_source_beside_it(sample_frames):
    ref = situation_reference()
    assert set(ref["metric"]) == {f.metric for f in FIGURES}
    assert ref["convention"].str.len_chars().min() > 0 and ref["quoted_in"].str.starts_with("https://").all()
    ours = our_situation_figures(sample_frames.only("tenhou-4p-south"))
    assert ours["metric"].to_list() == [f.metric for f in FIGURES]
    known = ours.filter(pl.col("n") > 0)
    assert known.height and ((known["lo"] <= known["value"]) & (known["value"] <= known["hi"])).all()


def test_within_allows_our_sampling_error_the_sources_and_the_published_rounding():
    ours = pl.DataFrame({"metric": [f.metric for f in FIGURES[:3]], "label": ["a", "b", "c"],
                         "kind": ["proportion"] * 3, "n": [100, 100, 0], "value": [0.62, 0.62, None],
                         "sd": [None] * 3, "lo": [None] * 3, "hi": [None] * 3, "design_effect": [1.0, 4.0, None]},
                        schema_overrides={"value": pl.Float64, "sd": pl.Float64, "lo": pl.Float64,
                                          "hi": pl.Float64})
    ref = pl.DataFrame({"metric": [f.metric for f in FIGURES[:3]], "source": ["s"] * 3, "published": [0.5] * 3,
                        "rounding": [0.005] * 3, "source_n": [None, None, None], "quoted_in": ["u"] * 3,
                        "convention": ["c"] * 3, "differences": ["d"] * 3},
                       schema_overrides={"source_n": pl.Float64})
    out = compare_situations(ours, ref)
    # se = sqrt(.25/100) = 0.05: a diff of 0.12 lies outside 1.96 se + 0.005 at design effect 1 ...
    assert out["within"].to_list()[:2] == [False, True]  # ... and within at design effect 4 (se 0.10)
    assert out["verdict"][0].startswith("outside (z = 2.4): d") and out["verdict"][1] == "within"
    assert out["within"][2] is None and out["verdict"][2] == "no units of ours"
    with_source = compare_situations(ours, ref.with_columns(pl.lit(100.0).alias("source_n")))
    assert with_source["within"][0]  # the source's own 100 trials double the variance


def test_stats_compare_prints_each_situation_with_its_source_and_convention(sample_db, capsys):
    from mjlog.cli import main

    assert main(["stats", "--db", str(sample_db), "--include-synthetic", "--compare", "--compare-room", "all",
                 "--section", "rates"]) == 0
    out = capsys.readouterr().out
    assert "Situations beside published figures" in out
    for f in FIGURES:
        assert f"- {f.metric} (miinin_statistical_strategy): " in out
