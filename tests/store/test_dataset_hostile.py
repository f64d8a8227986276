"""A dataset from elsewhere is data: its manifests reach no SQL and name no file until checked; --safe."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from mjlog.cli import main
from mjlog.store import Store
from mjlog.store.dataset import DatasetError, build, read_manifest
from mjlog.store.manifest import DATASET_TABLES
from tests.support.paths import SAMPLE


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> Path:
    """A small dataset (two games), built once; each test works on its own copy."""
    logs = tmp_path_factory.mktemp("logs")
    for name in sorted(p.name for p in SAMPLE.glob("*.xml"))[:2]:
        shutil.copy(SAMPLE / name, logs / name)
    out = tmp_path_factory.mktemp("built") / "ds"
    build([logs], out)
    return out


@pytest.fixture
def ds(built, tmp_path) -> Path:
    copy = tmp_path / "ds"
    shutil.copytree(built, copy)
    return copy


def _edit(ds: Path, change) -> None:
    path = ds / "_dataset.json"
    manifest = json.loads(path.read_text(encoding="utf-8"))
    change(manifest)
    path.write_text(json.dumps(manifest), encoding="utf-8")


def _one_line_refusal(capsys, *needles: str) -> str:
    captured = capsys.readouterr()
    err = captured.err.strip()
    assert err.count("\n") == 0 and err.startswith("mjlog: ") and "Traceback" not in captured.err, captured.err
    for needle in needles:
        assert needle in err, err
    return err


def test_a_manifest_table_key_holding_sql_is_refused_and_writes_no_file(ds, tmp_path, capsys):
    target = tmp_path / "f.csv"
    _edit(ds, lambda m: m["tables"].__setitem__(f"draws; COPY (SELECT 'x') TO '{target}'; --", m["tables"].pop("draws")))
    assert main(["query", "--dataset", str(ds), "SELECT count(*) FROM games"]) == 2
    _one_line_refusal(capsys, "_dataset.json", "not a table of a dataset")
    assert main(["stats", "--dataset", str(ds), "--include-synthetic"]) == 2
    _one_line_refusal(capsys, "_dataset.json", "not a table of a dataset")
    assert main(["ingest", str(ds), "--db", str(tmp_path / "g.duckdb"), "--no-progress"]) == 2
    _one_line_refusal(capsys, "_dataset.json", "not a table of a dataset")
    assert not target.exists()
    assert not any(p.name == "f.csv" for p in tmp_path.rglob("*"))


@pytest.mark.parametrize("part", [
    "games/../../outside/part-0123456789abcdef-0.parquet",
    "games/family=riichi/rule_set=*/game_date=x/part-0123456789abcdef-0.parquet",
    "sources/part-0123456789abcdef-0.parquet', 'x.parquet",
    "/etc/passwd",
    "wins/family=riichi/rule_set=a/game_date=b/part-0123456789abcdef-0.parquet",  # a part of another table
    17,
])
def test_a_manifest_part_outside_the_layout_is_refused(ds, part, capsys):
    _edit(ds, lambda m: m["tables"]["games"].append(part))
    with pytest.raises(DatasetError, match="not a part of 'games'"):
        read_manifest(ds)
    assert main(["query", "--dataset", str(ds), "SELECT 1"]) == 2
    _one_line_refusal(capsys, "_dataset.json")


@pytest.mark.parametrize("field, value, says", [
    ("version", "1", "dataset version"),
    ("tables", [], "'tables' is not an object"),
    ("duplicates", [["g", {"x": 1}]], "not a pair of texts"),
    ("games", -1, "not a count"),
    ("batches", ["../x"], "batch keys"),
])
def test_a_manifest_field_of_the_wrong_shape_is_a_typed_error_naming_the_file(ds, field, value, says):
    _edit(ds, lambda m: m.__setitem__(field, value))
    with pytest.raises(DatasetError, match=says) as err:
        read_manifest(ds)
    assert str(err.value).startswith(str(ds / "_dataset.json"))


def test_text_in_a_manifest_reaches_sql_only_quoted(ds, tmp_path):
    target = tmp_path / "g.csv"
    evil = f"x') v(game_id, batch)); COPY (SELECT 'x') TO '{target}'; --"
    _edit(ds, lambda m: m.__setitem__("duplicates", [[evil, "0123456789abcdef"]]))
    with Store.open_dataset(ds) as store:
        assert store.sql("SELECT count(*) AS n FROM games")["n"][0] == 2
    assert not target.exists()


def test_a_batch_manifest_whose_key_is_a_path_is_refused_by_a_resumed_build(built, tmp_path, capsys):
    ds = tmp_path / "ds"
    shutil.copytree(built, ds)
    victim = tmp_path / "victim.json"
    victim.write_text("{}", encoding="utf-8")
    (manifest,) = (ds / "_batches").glob("*.json")
    data = json.loads(manifest.read_text(encoding="utf-8"))
    data["key"] = "../../victim"
    data["files"][0]["size"] = -1  # as if changed: a resumed build would drop this batch's manifest
    manifest.write_text(json.dumps(data), encoding="utf-8")
    assert main(["build", str(SAMPLE / "README.md"), "--out", str(ds), "--no-progress"]) == 2
    _one_line_refusal(capsys, "is not its file's name")
    assert victim.exists()


def test_the_dataset_tables_are_the_stores_own_list():
    with Store(":memory:") as st:
        assert set(DATASET_TABLES) <= set(st.table_names())


@pytest.fixture
def db(tmp_path) -> str:
    path = str(tmp_path / "g.duckdb")
    with Store(path) as st:
        st.ingest([sorted(SAMPLE.glob("*.xml"))[0]])
    return path


@pytest.mark.parametrize("where", ["db", "dataset"])
def test_safe_query_refuses_copy_to_and_reading_files(where, db, ds, tmp_path, capsys):
    source = ["--db", db] if where == "db" else ["--dataset", str(ds)]
    target = tmp_path / "out.csv"
    assert main(["query", *source, "--safe", "SELECT count(*) AS n FROM games"]) == 0
    assert "shape: (1, 1)" in capsys.readouterr().out
    for sql in (f"COPY (SELECT 'x') TO '{target}'", "SELECT * FROM read_csv('/etc/hostname')",
                f"ATTACH '{tmp_path / 'other.duckdb'}'", "SET enable_external_access = true"):
        assert main(["query", *source, "--safe", sql]) == 2, sql
        err = capsys.readouterr().err
        assert err.startswith("mjlog: query failed: ") and "Traceback" not in err, err
    assert not target.exists() and not (tmp_path / "other.duckdb").exists()
    if where == "db":
        assert main(["query", *source, f"COPY (SELECT 'x') TO '{target}'"]) == 0  # without --safe: the user's rights
        assert target.exists()


def test_query_help_says_the_sql_runs_with_the_users_rights(capsys):
    with pytest.raises(SystemExit):
        main(["query", "--help"])
    out = " ".join(capsys.readouterr().out.split())
    assert "runs with your rights" in out and "--safe" in out



@pytest.mark.parametrize("command", ["query", "stats"])
def test_a_dataset_is_opened_with_external_access_off_by_default(command, ds, tmp_path, capsys, monkeypatch):
    import mjlog.store as store_module

    opened: list[bool] = []
    real = store_module.Store.open_dataset

    def spy(path, safe=False):
        opened.append(safe)
        return real(path, safe=safe)

    monkeypatch.setattr(store_module.Store, "open_dataset", staticmethod(spy))
    args = ["SELECT count(*) AS n FROM games"] if command == "query" else ["--include-synthetic", "--section", "wins"]
    assert main([command, "--dataset", str(ds), *args]) == 0
    assert main([command, "--dataset", str(ds), "--allow-file-access", *args]) == 0
    assert opened == [True, False]
    capsys.readouterr()


def test_query_on_a_dataset_opens_no_file_unless_file_access_is_allowed(ds, tmp_path, capsys):
    target = tmp_path / "out.csv"
    for sql in (f"COPY (SELECT 'x') TO '{target}'", "SELECT * FROM read_csv('/etc/hostname')",
                f"ATTACH '{tmp_path / 'other.duckdb'}'"):
        assert main(["query", "--dataset", str(ds), sql]) == 2, sql
        err = capsys.readouterr().err
        assert err.startswith("mjlog: query failed: ") and "Traceback" not in err, err
    assert not target.exists() and not (tmp_path / "other.duckdb").exists()
    assert main(["query", "--dataset", str(ds), "--allow-file-access", f"COPY (SELECT 'x') TO '{target}'"]) == 0
    assert target.exists()
