"""mjlog build: a Parquet dataset equal to the store, resumable, deduplicated, on a pool or Dask."""

from __future__ import annotations

import json
import os
import random
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from mjlog.store import dataset
from mjlog.cli import main
from mjlog.store.dataset import build
from mjlog.store.arrow_schema import GAME_TABLES
from mjlog.store import Store
from tests.support.paths import CORPUS

SAMPLE = Path(__file__).resolve().parents[2] / "data" / "sample"
TABLES = (*GAME_TABLES, "sources", "unreadable")


def _columns(table: str) -> list[str]:
    """The store's columns of ``table`` (a dataset's views add the partition columns)."""
    with Store(":memory:") as st:
        cols = st._columns(table)
    return [c for c in cols if c != "source"] if table != "sources" else cols


def _content(store: Store) -> dict[str, list]:
    """Every table's rows, sorted (the content a dataset and a store must share)."""
    out = {}
    for t in TABLES:
        cols = _columns(t)
        out[t] = store.con.execute(f"SELECT {', '.join(repr(c).replace(chr(39), chr(34)) for c in cols)} "
                                   f"FROM {t} ORDER BY ALL").fetchall()
    return out


def _files(root: Path) -> dict[str, bytes]:
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}


@pytest.fixture(scope="module")
def ingested() -> dict[str, list]:
    with Store(":memory:") as st:
        st.ingest([SAMPLE])
        return _content(st)


def test_a_built_dataset_holds_what_ingest_stores(tmp_path, ingested):
    summary = build([SAMPLE], tmp_path / "ds", jobs=2, batch_files=8)
    assert (summary.inputs, summary.batches_built, summary.games, summary.duplicates) == (40, 5, 40, 0)
    with Store.open_dataset(tmp_path / "ds") as ds:
        assert _content(ds) == ingested
    with Store(":memory:") as db:
        assert db.load_dataset(tmp_path / "ds").games_added == 40
        assert _content(db) == ingested
        assert db.load_dataset(tmp_path / "ds").games_added == 0  # loading again changes nothing


def test_a_second_build_on_the_same_inputs_changes_nothing(tmp_path):
    build([SAMPLE], tmp_path, batch_files=16)
    before = _files(tmp_path)
    summary = build([SAMPLE], tmp_path, batch_files=16)
    assert (summary.batches_built, summary.batches_skipped) == (0, 3)
    assert _files(tmp_path) == before


def test_a_changed_input_is_built_again_with_its_batch(tmp_path):
    logs = tmp_path / "logs"
    shutil.copytree(SAMPLE, logs)
    build([logs], tmp_path / "ds", batch_files=16)
    victim = sorted(logs.glob("*.xml"))[0]
    os.utime(victim, ns=(time.time_ns(), time.time_ns() + 10**9))
    summary = build([logs], tmp_path / "ds", batch_files=16)
    assert summary.batches_built == 1 and summary.games == 40


def _killed_at(tmp_path: Path, where: str, when: int) -> None:
    """A build that dies at its ``when``-th call of ``where`` (part files written, manifest not yet)."""
    calls = [0]
    real = getattr(dataset, where)

    def dying(*args, **kwargs):
        calls[0] += 1
        if calls[0] == when:
            raise KeyboardInterrupt("killed")
        return real(*args, **kwargs)

    setattr(dataset, where, dying)
    try:
        with pytest.raises(KeyboardInterrupt):
            build([SAMPLE], tmp_path, batch_files=4)
    finally:
        setattr(dataset, where, real)


@pytest.mark.slow
def test_a_build_killed_twice_and_resumed_equals_an_uninterrupted_one(tmp_path, ingested):
    rng = random.Random(22)
    root = tmp_path / "ds"
    for where in ("_write_manifest", "_write_atomic"):  # between a batch's files, and before its manifest
        _killed_at(root, where, rng.randrange(2, 10))
    assert not (root / "_dataset.json").exists()
    summary = build([SAMPLE], root, batch_files=4)
    assert summary.batches_skipped >= 1 and summary.games == 40
    with Store.open_dataset(root) as ds:
        assert _content(ds) == ingested
    listed = {p for parts in json.loads((root / "_dataset.json").read_text())["tables"].values() for p in parts}
    on_disk = {p.relative_to(root).as_posix() for p in root.rglob("*.parquet")}
    assert on_disk == listed  # the killed runs' orphan files are gone
    assert not (root / "_tmp").exists()


@pytest.mark.slow
def test_a_build_process_killed_at_a_random_moment_resumes_to_the_same_dataset(tmp_path, ingested):
    root = tmp_path / "ds"
    code = ("import sys; from mjlog.store.dataset import build; "
            f"build([{str(SAMPLE)!r}], {str(root)!r}, jobs=2, batch_files=2)")
    env = {**os.environ, "PYTHONPATH": str(SAMPLE.parent.parent)}
    proc = subprocess.Popen([sys.executable, "-c", code], env=env, start_new_session=True)
    time.sleep(random.Random(7).uniform(1.0, 3.0))
    os.killpg(proc.pid, signal.SIGKILL)
    proc.wait()
    build([SAMPLE], root, batch_files=2)
    with Store.open_dataset(root) as ds:
        assert _content(ds) == ingested


def test_a_game_in_two_batches_is_kept_once_and_its_second_file_is_an_alternate(tmp_path):
    logs = tmp_path / "logs"
    (logs / "a").mkdir(parents=True)
    (logs / "b").mkdir()
    game = sorted(SAMPLE.glob("*.xml"))[0]
    shutil.copy(game, logs / "a" / game.name)
    shutil.copy(game, logs / "b" / game.name)
    shutil.copy(sorted(SAMPLE.glob("*.xml"))[1], logs / "b" / "other.xml")
    summary = build([logs], tmp_path / "ds", batch_files=1)
    assert (summary.games, summary.duplicates) == (2, 1)
    with Store.open_dataset(tmp_path / "ds") as ds:
        assert ds.sql("SELECT count(*) AS n FROM games").item() == 2
        roles = dict(ds.sql("SELECT source, role FROM sources").rows())
    assert roles[str(logs / "a" / game.name)] == "primary" and roles[str(logs / "b" / game.name)] == "alternate"
    with Store(":memory:") as db:
        db.ingest([logs])
        ingested = _content(db)
    with Store(":memory:") as db:
        db.load_dataset(tmp_path / "ds")
        assert _content(db) == ingested


def test_the_cli_builds_queries_loads_and_summarises_a_dataset(tmp_path, capsys):
    ds, db = str(tmp_path / "ds"), str(tmp_path / "g.duckdb")
    assert main(["build", str(SAMPLE), "--out", ds, "--jobs", "2", "--no-progress"]) == 0
    assert "40 games" in capsys.readouterr().out
    assert main(["query", "--dataset", ds, "SELECT family, count(*) AS n FROM games GROUP BY 1"]) == 0
    assert "riichi" in capsys.readouterr().out
    assert main(["ingest", ds, "--db", db, "--no-progress"]) == 0
    assert "40 new games" in capsys.readouterr().out
    assert main(["stats", "--dataset", ds, "--include-synthetic", "--section", "wins"]) == 0
    out = capsys.readouterr().out
    assert "40 games (tenhou-3p-south: 16, tenhou-4p-south: 24)" in out and "== Wins" in out
    assert main(["query", "--dataset", str(tmp_path), "SELECT 1"]) == 2
    assert "not a dataset mjlog built" in capsys.readouterr().err
    assert main(["build", str(SAMPLE), "--out", ds, "--scheduler", "tcp://127.0.0.1:1"]) == 2


@pytest.fixture(scope="module")
def cluster():
    distributed = pytest.importorskip("dask.distributed")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1",
                                  dashboard_address=None) as c:
        yield c


@pytest.mark.slow
def test_a_dask_build_on_two_workers_equals_the_local_one(tmp_path, cluster, ingested):
    summary = build([SAMPLE], tmp_path / "ds", engine="dask", scheduler=cluster.scheduler_address, batch_files=8)
    assert summary.games == 40
    with Store.open_dataset(tmp_path / "ds") as ds:
        assert _content(ds) == ingested


@pytest.mark.slow
def test_a_dask_build_lets_each_batch_result_go_once_taken(tmp_path, cluster):
    """The cluster keeps no finished batch's result once the build has taken it: the workers' memory
    stays flat however many batches there are (it grew with them when every future was kept)."""
    distributed = pytest.importorskip("dask.distributed")

    def held() -> int:
        return client.run_on_scheduler(lambda dask_scheduler: sum(
            1 for t in dask_scheduler.tasks.values() if t.state == "memory" and "build_batch" in t.key))

    files = [str(p) for p in sorted(SAMPLE.glob("*.xml"))[:6]]
    batches = dataset.plan_batches(files, 1, set())
    with distributed.Client(cluster.scheduler_address) as client:
        taken, most = 0, 0
        for _ in dataset.run_dask(batches, str(tmp_path / "ds"), scheduler=cluster.scheduler_address):
            taken += 1
            deadline = time.monotonic() + 10
            while held() > len(batches) - taken and time.monotonic() < deadline:
                time.sleep(0.05)
            most = max(most, held() - (len(batches) - taken))
        assert taken == len(batches) == 6
        assert most <= 0


@pytest.mark.slow
def test_the_dask_build_and_audit_submit_batches_of_files_not_single_games(tmp_path, cluster, monkeypatch):
    """One task per batch of files (16 here), for the build and for the audit: 40 games make 3 tasks
    of each, not 40."""
    distributed = pytest.importorskip("dask.distributed")
    from mjlog.batch.audit import audit_sources

    submitted: dict[str, int] = {}
    real = distributed.Client.submit

    def counting(self, fn, *args, **kwargs):
        submitted[fn.__name__] = submitted.get(fn.__name__, 0) + 1
        return real(self, fn, *args, **kwargs)

    monkeypatch.setattr(distributed.Client, "submit", counting)
    summary = build([SAMPLE], tmp_path / "ds", engine="dask", scheduler=cluster.scheduler_address, batch_files=16)
    report = audit_sources([SAMPLE], engine="dask", scheduler=cluster.scheduler_address, keep=False)
    assert summary.games == report.games == 40
    assert submitted == {"build_batch": 3, "_audit_chunk": 3}


def test_a_dask_audit_gives_the_findings_in_input_order(tmp_path, cluster):
    from mjlog.batch.audit import iter_audits

    files = sorted(str(p) for p in SAMPLE.glob("*.xml"))
    bad = tmp_path / "bad.xml"
    bad.write_bytes((SAMPLE / Path(files[0]).name).read_bytes().replace(b'sc="', b'sc="9', 1))
    files.insert(5, str(bad))
    local = [(a.source, a.findings, a.error) for a in iter_audits(files, jobs=1)]
    remote = [(a.source, a.findings, a.error) for a in iter_audits(files, engine="dask", chunk=4,
                                                                     scheduler=cluster.scheduler_address)]
    assert remote == local and local[5][1]


def test_simulate_with_two_jobs_writes_the_same_bytes(tmp_path):
    from mjlog.rules.riichi.ruleset import PRESETS
    from mjlog.batch.simulate import simulate

    one = simulate(4, PRESETS["tenhou-3p-east"], 5, tmp_path / "one", progress=False)
    two = simulate(4, PRESETS["tenhou-3p-east"], 5, tmp_path / "two", progress=False, jobs=2)
    assert [p.name for p in one] == [p.name for p in two]
    assert [p.read_bytes() for p in one] == [p.read_bytes() for p in two]


# ---- a file of many games (a Botzone export): build keys its records by the file -------------------

BOTZONE = CORPUS / "mcr" / "botzone" / "sample.txt"


def _sources(store: Store) -> list[tuple]:
    return store.con.execute("SELECT source, game_id, role FROM sources ORDER BY ALL").fetchall()


@pytest.mark.corpus
def test_build_of_a_botzone_export_holds_each_game_and_resumes(tmp_path):
    logs = tmp_path / "logs"
    logs.mkdir()
    shutil.copy(BOTZONE, logs / "sample.txt")
    summary = build([logs], tmp_path / "ds")
    with Store(":memory:") as db:
        db.ingest([logs])
        stored = _sources(db)
    assert summary.games == len(stored) > 1 and summary.unreadable == 0
    assert all(source.startswith(f"{logs / 'sample.txt'}#") for source, _, _ in stored)
    with Store.open_dataset(tmp_path / "ds") as ds:
        assert _sources(ds) == stored
    again = build([logs], tmp_path / "ds")
    assert (again.batches_built, again.batches_skipped, again.games) == (0, 1, summary.games)
    os.utime(logs / "sample.txt", ns=(1, 1))  # a changed input: its batch is built again
    assert build([logs], tmp_path / "ds").batches_built == 1


@pytest.mark.corpus
def test_build_of_the_corpus_mcr_folder_succeeds(tmp_path, capsys):
    assert main(["build", str(CORPUS / "mcr"), "--out", str(tmp_path / "ds"), "--no-progress"]) in (0, 1)
    out = capsys.readouterr()
    assert "Traceback" not in out.err and out.out.startswith("built ")
    with Store(":memory:") as db:
        db.ingest([CORPUS / "mcr"])
        stored = _sources(db)
    with Store.open_dataset(tmp_path / "ds") as ds:
        assert _sources(ds) == stored
