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


def _store_of(tmp_path, logs):
    """A store of ``logs`` in ``tmp_path``."""
    from mjlog.store import Store

    db = tmp_path / "s.duckdb"
    with Store(db) as st:
        st.ingest([logs])
    return db


def _run_player_notebook(db):
    """The player notebook run on the store ``db``: the notebook and its error (None when it ran through)."""
    sys.path.insert(0, str(ROOT / "scripts"))
    try:
        from run_notebooks import execute
    finally:
        sys.path.remove(str(ROOT / "scripts"))
    return execute(ROOT / "notebooks" / "player.ipynb", db, timeout=120)


@pytest.mark.slow
def test_player_notebook_takes_its_player_from_the_parameter(tmp_path, monkeypatch):
    monkeypatch.setenv("MJLOG_PLAYER", "Bot D")
    db = _store_of(tmp_path, SAMPLE)
    nb, error = _run_player_notebook(db)
    assert error is None, error
    out = _printed(nb)
    assert "player: Bot D" in out and "population: 40 games" in out and "left out: nothing" in out
    monkeypatch.setenv("MJLOG_PLAYER", "nobody at all")
    nb, error = _run_player_notebook(db)
    assert error is not None and "sits in none of the selected games" in str(error)


@pytest.mark.slow
def test_player_notebook_draws_a_name_that_would_be_mathtext_as_plain_text(tmp_path, monkeypatch):
    """A player called ``$x^{$`` (broken TeX, were matplotlib to read it as mathtext) gets the notebook's
    every chart and table, the name shown as written."""
    from urllib.parse import quote

    from mjlog.store import Store

    name = "$x^{$"
    game = sorted(SAMPLE.glob("*4p*.xml"))[0].read_text(encoding="utf-8")
    n0 = game.split('n0="', 1)[1].split('"', 1)[0]
    (tmp_path / "renamed.xml").write_text(game.replace(f'n0="{n0}"', f'n0="{quote(name, safe="")}"', 1),
                                          encoding="utf-8")
    db = tmp_path / "s.duckdb"
    with Store(db) as st:
        st.ingest([tmp_path / "renamed.xml"])
    sys.path.insert(0, str(ROOT / "scripts"))
    try:
        from run_notebooks import execute
    finally:
        sys.path.remove(str(ROOT / "scripts"))
    monkeypatch.setenv("MJLOG_PLAYER", name)
    nb, error = execute(ROOT / "notebooks" / "player.ipynb", db, timeout=120)
    assert error is None, error
    assert f"player: {name}" in _printed(nb)


@pytest.mark.slow
def test_player_notebook_picks_its_player_from_any_family_and_skips_riichi_for_a_beijing_only_player(tmp_path,
                                                                                                    monkeypatch):
    """A store of Beijing bot games alone: the default player is a Beijing player; the riichi sections are
    skipped with a line, and the Beijing part is drawn."""
    from mjlog.batch.simulate import simulated_bytes
    from mjlog.rules import find_preset

    for seed in (1, 2):
        (tmp_path / f"beijing-{seed}.xml").write_bytes(simulated_bytes(find_preset("beijing"), seed))
    monkeypatch.delenv("MJLOG_PLAYER", raising=False)
    nb, error = _run_player_notebook(_store_of(tmp_path, tmp_path))
    assert error is None, error
    out = _printed(nb)
    assert "player: Bot " in out and "sits in no selected riichi game: the riichi sections are skipped" in out
    assert "sits in no selected Beijing game" not in out
    last = nb.cells[-1]
    assert any("image/png" in o.get("data", {}) for o in last.get("outputs", [])), "no Beijing chart"
