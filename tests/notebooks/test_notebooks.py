"""Every notebook runs top to bottom on a store built from data/sample, and is committed without outputs."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

from tests.support.paths import ROOT, SAMPLE

NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))
#: make test-fast runs one notebook, the quickest, as a smoke check; the others are marked slow.
FAST_NOTEBOOK = "audit_report"
RUNS = [pytest.param(p, id=p.stem, marks=() if p.stem == FAST_NOTEBOOK else pytest.mark.slow) for p in NOTEBOOKS]

nbformat = pytest.importorskip("nbformat")
pytest.importorskip("nbclient")
pytest.importorskip("ipykernel")


@pytest.fixture(scope="module")
def sample_db(tmp_path_factory) -> Path:
    try:
        from mjlog.store import Store
    except ImportError as exc:  # the store lands separately
        pytest.skip(f"mjlog.store is missing ({exc}); the notebooks need a store")
    db = tmp_path_factory.mktemp("nb") / "sample.duckdb"
    with Store(db) as store:
        store.ingest([SAMPLE])
    return db


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.stem for p in NOTEBOOKS])
def test_notebook_committed_without_outputs(path: Path):
    nb = nbformat.read(path, as_version=4)
    for cell in nb.cells:
        if cell.cell_type == "code":
            assert not cell.get("outputs") and cell.get("execution_count") is None, f"{path.name} has outputs"


@pytest.mark.parametrize("path", RUNS)
def test_notebook_runs_and_every_chart_names_its_population_and_draws_its_intervals(
        path: Path, sample_db: Path, monkeypatch, tmp_path):
    """Every figure the notebook displays names its population, and every panel that draws a rate or an
    average draws its interval, while a panel of counts, sums or recorded values says so (chart_audit)."""
    import json

    from tests.support.chart_audit import recorder_source

    sys.path.insert(0, str(ROOT / "scripts"))
    try:
        from run_notebooks import execute
    finally:
        sys.path.remove(str(ROOT / "scripts"))
    monkeypatch.setenv("MJLOG_SIM_GAMES", "200")  # the rotation Monte Carlo: fewer games, same code
    monkeypatch.setenv("MJLOG_SIM_REPLICATES", "10")  # and fewer bootstrap replicates
    monkeypatch.setenv("MJLOG_BEIJING_GAMES", "20")  # beijing.ipynb's self-play: fewer games, same code
    monkeypatch.setenv("MJLOG_DATONG_GAMES", "20")  # datong.ipynb's self-play: fewer games, same code
    monkeypatch.setenv("MJLOG_EXPERIMENT_GAMES", "10")  # payment_schemes.ipynb's experiment: fewer games
    record = tmp_path / "figures.jsonl"
    nb, error = execute(path, sample_db, timeout=120, prelude=recorder_source(record, ROOT))
    assert error is None, f"{path.name}: {error}"
    errors = [o for c in nb.cells for o in c.get("outputs", []) if o.get("output_type") == "error"]
    assert not errors
    assert os.environ.get("MJLOG_DB") != str(sample_db)  # execute() restores the environment
    figures = [json.loads(line) for line in record.read_text(encoding="utf-8").splitlines()] if record.exists() else []
    assert figures, f"{path.name} displayed no figure"
    problems = sorted({p for f in figures for p in f["problems"]})
    assert not problems, f"{path.name}:\n" + "\n".join(problems)


@pytest.mark.slow
def test_payment_schemes_notebook_reads_the_database_and_writes_nothing(sample_db: Path, tmp_path, monkeypatch):
    import hashlib
    import shutil

    from mjlog.store import Store

    monkeypatch.setenv("MJLOG_EXPERIMENT_GAMES", "10")
    db = tmp_path / "copy.duckdb"
    shutil.copy(sample_db, db)
    before = hashlib.sha256(db.read_bytes()).hexdigest()
    sys.path.insert(0, str(ROOT / "scripts"))
    try:
        from run_notebooks import execute
    finally:
        sys.path.remove(str(ROOT / "scripts"))
    nb, error = execute(ROOT / "notebooks" / "payment_schemes.ipynb", db, timeout=120)
    assert error is None
    assert hashlib.sha256(db.read_bytes()).hexdigest() == before
    with Store(db, read_only=True) as st:
        assert st.sql("SELECT count(*) FROM information_schema.tables WHERE table_name = 'scheme_results'").item() == 0
    missing = tmp_path / "mistyped.duckdb"
    nb, error = execute(ROOT / "notebooks" / "payment_schemes.ipynb", missing, timeout=120)
    assert error is not None and "no such database" in str(error) and not missing.exists()


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.stem for p in NOTEBOOKS])
def test_notebook_opens_the_database_one_way_and_links_nothing_outside_the_repository(path: Path):
    import re

    nb = nbformat.read(path, as_version=4)
    code = "\n".join(c.source for c in nb.cells if c.cell_type == "code")
    text = "\n".join(c.source for c in nb.cells if c.cell_type == "markdown")
    assert 'DB = Path(os.environ.get("MJLOG_DB", "data/demo.duckdb"))' in code and "ROOT = repo_root()" in code
    stores = re.findall(r"Store\(([^)]*)\)", code)
    # the user's database read-only; a notebook that plays its own games stores them in a temporary directory
    scratch = set(re.findall(r"(\w+) = Path\(tempfile\.mkdtemp\(", code))
    assert stores and all("read_only=True" in a or a.split(" / ")[0].strip() in scratch for a in stores), stores
    assert "Path.cwd() / \"data\"" not in code and "replace_table" not in code
    assert not re.search(r"\.\./|https?://", text + code), path.name
    assert "from mjlog.stats.chart_style import" in code and "apply_style()" in code
