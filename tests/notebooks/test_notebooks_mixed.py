"""Every notebook runs on a store that mixes the families (the riichi sample, the corpus's MCR records
and simulated Beijing games), each family's charts name only that family's games, and a notebook with a
part per family draws each family the store holds and says that it skips the others."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import pytest

from tests.support.paths import CORPUS, ROOT, SAMPLE

pytestmark = [pytest.mark.corpus, pytest.mark.slow]

NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))
#: The families a notebook's population lines may name (each line one of them); a notebook not
#: listed describes every family (the audit report, the payment schemes, the base rates' rates).
FAMILIES_OF = {
    "dealer_rotation": {"riichi"}, "player": {"riichi", "beijing", "mcr", "datong"}, "yaku_frequency": {"riichi"},
    "mcr_fans": {"mcr"}, "beijing": {"beijing", "riichi"}, "situations": {"riichi", "beijing", "mcr", "datong"},
}
#: The families each notebook must draw a figure of on this store (the others it skips with a printed line;
#: the player notebook's player, the sample's most frequent, also plays the simulated Beijing games).
DRAWS = {"situations": {"riichi", "beijing", "mcr"}, "player": {"riichi", "beijing"}}
#: What a notebook prints for a family the store holds no game of (the player: no game of the player's).
SKIPS = {"situations": ("no Datong game selected",),
         "player": ("sits in no selected MCR game", "sits in no selected Datong game")}
#: A population line's families: before the rule sets (": "), or alone where the rule set is the family's
#: name ("; ", e.g. "beijing; no room; ...").
POPULATION = re.compile(r"Population: ([a-z]+(?:, [a-z]+)*)[:;] ")

pytest.importorskip("nbformat")
pytest.importorskip("nbclient")
pytest.importorskip("ipykernel")


@pytest.fixture(scope="module")
def mixed_db(tmp_path_factory) -> Path:
    from mjlog.batch.simulate import simulate
    from mjlog.rules.beijing.ruleset import PRESETS
    from mjlog.store import Store

    work = tmp_path_factory.mktemp("mixed")
    beijing = simulate(3, PRESETS["beijing"], seed=0, out_dir=work / "beijing", progress=False)
    db = work / "mixed.duckdb"
    with Store(db) as store:
        store.ingest([SAMPLE, CORPUS / "mcr" / "pmn", CORPUS / "mcr" / "botzone", *beijing])
        families = set(store.sql("SELECT DISTINCT family FROM games")["family"].to_list())
    assert families == {"riichi", "mcr", "beijing"}
    return db


def _population_families(texts: list[str]) -> list[set[str]]:
    return [set(m.group(1).split(", ")) for t in texts for m in POPULATION.finditer(t)]


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.stem for p in NOTEBOOKS])
def test_every_notebook_runs_on_a_mixed_store_and_its_charts_hold_only_their_families(
        path: Path, mixed_db: Path, monkeypatch, tmp_path):
    from tests.support.chart_audit import recorder_source

    sys.path.insert(0, str(ROOT / "scripts"))
    try:
        from run_notebooks import execute
    finally:
        sys.path.remove(str(ROOT / "scripts"))
    monkeypatch.setenv("MJLOG_SIM_GAMES", "200")
    monkeypatch.setenv("MJLOG_SIM_REPLICATES", "10")
    monkeypatch.setenv("MJLOG_BEIJING_GAMES", "20")
    monkeypatch.setenv("MJLOG_EXPERIMENT_GAMES", "10")
    record = tmp_path / "figures.jsonl"
    nb, error = execute(path, mixed_db, timeout=120, prelude=recorder_source(record, ROOT))
    assert error is None, f"{path.name}: {error}"
    figures = [json.loads(line) for line in record.read_text(encoding="utf-8").splitlines()] if record.exists() else []
    assert figures, f"{path.name} displayed no figure"
    problems = sorted({p for f in figures for p in f["problems"]})
    assert not problems, f"{path.name}:\n" + "\n".join(problems)
    allowed = FAMILIES_OF.get(path.stem)
    if allowed is None:
        return
    named = [fams for f in figures for fams in _population_families(f["texts"])]
    assert named, f"{path.name}: no population line names its families"
    for fams in named:
        assert len(fams) == 1 and fams <= allowed, f"{path.name}: a chart's population names {sorted(fams)}"
    assert DRAWS.get(path.stem, set()) <= set().union(*named), f"{path.name} draws no figure of a family it holds"
    printed = "".join(o.get("text", "") for c in nb.cells for o in c.get("outputs", []))
    for line in SKIPS.get(path.stem, ()):
        assert line in printed, f"{path.name} does not say {line!r}"
