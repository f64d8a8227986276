"""Families do not leak into each other's statistics: on a store of riichi (data/sample), MCR (the
corpus's records) and simulated Beijing games, every section of the stat sheet names the families it
describes and holds only their games; no riichi-only row or section describes an MCR or Beijing
rule set."""

from __future__ import annotations

import subprocess
import sys

import polars as pl
import pytest

from mjlog.batch.simulate import simulate
from mjlog.rules.beijing.ruleset import PRESETS
from mjlog.stats import load_frames, stat_sheet
from mjlog.stats.sheet import RIICHI, RIICHI_ONLY_COUNTS, RIICHI_ONLY_RATES, SECTION_FAMILIES
from mjlog.store import Store
from tests.support.paths import CORPUS, SAMPLE

pytestmark = pytest.mark.corpus
MCR_RECORDS = [CORPUS / "mcr" / "pmn", CORPUS / "mcr" / "botzone"]


@pytest.fixture(scope="module")
def mixed_store(tmp_path_factory):
    out = tmp_path_factory.mktemp("mixed")
    beijing = simulate(2, PRESETS["beijing"], seed=1, out_dir=out / "bj", progress=False)
    db = out / "mixed.duckdb"
    with Store(db) as store:
        store.ingest([*sorted(SAMPLE.glob("*.xml"))[:8], *MCR_RECORDS, *beijing])
        frames = load_frames(store, synthetic="include")
    return db, frames


def family_of(frames) -> dict[str, str]:
    return dict(frames.games.select("rule_set", "family").unique().iter_rows())


def test_the_store_holds_every_family(mixed_store):
    _, frames = mixed_store
    assert set(family_of(frames).values()) == {"riichi", "mcr", "beijing"}


def test_each_section_holds_only_its_families_games(mixed_store):
    _, frames = mixed_store
    families = family_of(frames)
    for name, frame in stat_sheet(frames).items():
        allowed = SECTION_FAMILIES[name]
        seen = {families[r] for r in frame["rule_set"].unique().to_list()}
        assert seen, name
        if allowed is None:
            assert seen == set(families.values()), name
        else:
            assert seen <= set(allowed), (name, seen)


def test_no_riichi_only_rate_or_count_for_other_families(mixed_store):
    _, frames = mixed_store
    families = family_of(frames)
    sheet = stat_sheet(frames)
    others = [r for r, f in families.items() if f != RIICHI]
    assert sheet.rates.filter(pl.col("rule_set").is_in(others) & pl.col("rate").is_in(RIICHI_ONLY_RATES)).height == 0
    counts = sheet.player_rounds.filter(pl.col("rule_set").is_in(others))
    assert counts.height == len(others)
    for col in RIICHI_ONLY_COUNTS:
        assert counts[col].null_count() == counts.height
    riichi = sheet.rates.filter(pl.col("rule_set").is_in([r for r, f in families.items() if f == RIICHI]))
    n_riichi = sum(1 for f in families.values() if f == RIICHI)
    assert riichi.filter(pl.col("rate").is_in(RIICHI_ONLY_RATES)).height == n_riichi


def test_stats_command_names_each_sections_families(mixed_store):
    db, frames = mixed_store
    out = subprocess.run([sys.executable, "-m", "mjlog", "stats", "--db", str(db), "--include-synthetic"],
                         capture_output=True, text=True, check=True).stdout
    sections = out.split("\n== ")[1:]
    others = [r for r, f in family_of(frames).items() if f != RIICHI]
    riichi_only = [s for s in sections if s.splitlines()[0].endswith("[riichi]")]
    assert len(riichi_only) >= 8
    for section in riichi_only:
        assert not any(r in section for r in others), section.splitlines()[0]
    assert any("Wins by dealer" in s for s in riichi_only)
    assert not any("riichi_rate" in line and any(r in line for r in others) for line in out.splitlines())


def test_auto_synthetic_within_a_family_keeps_its_generated_games_beside_anothers_real_ones(mixed_store):
    """The store's only real games are MCR's: load_frames's auto drops the generated riichi games,
    while of_families(riichi).auto_synthetic() keeps them and the MCR selection stays real."""
    db, every = mixed_store
    with Store(db, read_only=True) as store:
        store_auto = load_frames(store, synthetic="auto")
    assert store_auto.of_families((RIICHI,)).n_games == 0
    riichi = every.of_families((RIICHI,)).auto_synthetic()
    assert riichi.n_games > 0 and riichi.games["synthetic"].all()
    mcr = every.of_families(("mcr",)).auto_synthetic()
    assert mcr.n_games > 0 and not mcr.games["synthetic"].any()
    everyone = every.auto_synthetic()
    assert not everyone.games["synthetic"].any()
    assert everyone.excluded.filter(pl.col("reason") == "synthetic")["games"].sum() == every.games["synthetic"].sum()
