"""notebooks/player.ipynb takes its player from MJLOG_PLAYER (default: the named player in the most games)."""

from __future__ import annotations

import sys

import pytest

from tests.support.paths import ROOT, SAMPLE

pytest.importorskip("nbformat")
pytest.importorskip("nbclient")
pytest.importorskip("ipykernel")


def _printed(nb) -> str:
    return "".join(o.get("text", "") for c in nb.cells for o in c.get("outputs", []) if o.get("output_type") == "stream")


@pytest.mark.slow
def test_player_notebook_takes_its_player_from_the_parameter(tmp_path, monkeypatch):
    from mjlog.store import Store

    db = tmp_path / "s.duckdb"
    with Store(db) as st:
        st.ingest([SAMPLE])
    sys.path.insert(0, str(ROOT / "scripts"))
    try:
        from run_notebooks import execute
    finally:
        sys.path.remove(str(ROOT / "scripts"))
    monkeypatch.setenv("MJLOG_PLAYER", "Bot D")
    nb, error = execute(ROOT / "notebooks" / "player.ipynb", db, timeout=120)
    assert error is None, error
    out = _printed(nb)
    assert "player: Bot D" in out and "population: 40 games" in out and "left out: nothing" in out
    monkeypatch.setenv("MJLOG_PLAYER", "nobody at all")
    nb, error = execute(ROOT / "notebooks" / "player.ipynb", db, timeout=120)
    assert error is not None and "sits in none of the selected games" in str(error)
