"""Files that hold no log at all (a readme.txt, a JSON file of other data) beside the logs: the store's
ingest and the dataset build skip and count them as the audit does, and store them nowhere."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from mjlog.store import Store
from mjlog.store.dataset import MANIFEST, build

SAMPLE = Path(__file__).resolve().parents[2] / "data" / "sample"


def _logs_and_not_logs(tmp_path: Path) -> Path:
    d = tmp_path / "logs"
    d.mkdir()
    shutil.copy(next(SAMPLE.glob("*4p*.xml")), d / "game.xml")
    (d / "broken.xml").write_bytes(b"<mjloggm")
    (d / "readme.txt").write_text("my logs\n")
    (d / "vectors.json").write_text('{"description": "fan test vectors", "vectors": []}')
    return d


def test_ingest_skips_files_that_are_no_log_and_counts_them_apart_from_the_unreadable(tmp_path):
    d = _logs_and_not_logs(tmp_path)
    with Store(tmp_path / "s.duckdb") as st:
        summary = st.ingest([d])
        assert (summary.files, summary.games_added, summary.already_stored, summary.unreadable, summary.not_logs) == (
            4, 1, 0, 1, 2)
        assert "1 unreadable, 2 skipped (not a log)," in summary.line()
        assert [Path(r[0]).name for r in st.sql("SELECT source FROM unreadable").rows()] == ["broken.xml"]
        again = st.ingest([d])
        assert (again.games_added, again.already_stored, again.unreadable, again.not_logs) == (0, 1, 1, 2)


def test_a_build_skips_files_that_are_no_log_and_its_manifest_counts_them(tmp_path):
    d = _logs_and_not_logs(tmp_path)
    summary = build([d], tmp_path / "dataset")
    assert (summary.inputs, summary.games, summary.unreadable, summary.not_logs) == (4, 1, 1, 2)
    manifest = json.loads((tmp_path / "dataset" / MANIFEST).read_text())
    assert (manifest["inputs"], manifest["unreadable"], manifest["skipped"]) == (4, 1, 2)
    with Store(tmp_path / "s.duckdb") as st:
        loaded = st.load_dataset(tmp_path / "dataset")
        assert (loaded.games_added, loaded.already_stored, loaded.unreadable, loaded.not_logs) == (1, 0, 1, 2)
