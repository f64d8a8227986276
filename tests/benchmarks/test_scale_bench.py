"""benchmarks/scale.py's sizes: ``--games`` picks the copies, ``--quarter-games`` and ``--cpu-games``
set the smaller builds, and a tiny run prints every measurement for those sizes."""

from __future__ import annotations

import importlib.util
import re
import shutil
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SAMPLE = ROOT / "data" / "sample"


@pytest.fixture(scope="module")
def scale():
    spec = importlib.util.spec_from_file_location("scale_bench", ROOT / "benchmarks" / "scale.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


@pytest.fixture()
def sources() -> list[Path]:
    return sorted(SAMPLE.glob("*.xml"))[:3]


def test_games_picks_the_copies_and_stops_at_the_count(scale, sources, tmp_path):
    copies = scale.copies_for(7, len(sources))
    assert copies == 3
    made = scale.make_inputs(sources, copies, tmp_path / "in", games=7)
    assert len(made) == 7 == len(list((tmp_path / "in").iterdir()))
    assert len({p.name for p in made}) == 7
    # copy 0 of every source first, then copy 1, ...: each file holds its source's bytes
    expected = [sources[i % 3] for i in range(7)]
    assert [p.read_bytes() for p in made] == [s.read_bytes() for s in expected]


def test_copies_alone_make_every_copy_of_every_source(scale, sources, tmp_path):
    made = scale.make_inputs(sources, 2, tmp_path / "in")
    assert len(made) == 6 == len({p.name for p in made})


def test_more_copies_than_the_id_holds_is_refused(scale):
    with pytest.raises(ValueError, match="at most 256"):
        scale.copies_for(1000, 3)
    with pytest.raises(ValueError, match="no source games"):
        scale.copies_for(10, 0)


def test_games_and_copies_exclude_each_other_and_sizes_are_positive(scale):
    with pytest.raises(SystemExit):
        scale.parse_args(["--games", "10", "--copies", "2"])
    with pytest.raises(SystemExit):
        scale.parse_args(["--games", "10", "--cpu-games", "0"])
    args = scale.parse_args(["--games", "100000", "--quarter-games", "25000", "--cpu-games", "10000"])
    assert (args.games, args.quarter_games, args.cpu_games) == (100000, 25000, 10000)


def test_the_quarter_is_the_first_games_or_a_sample_of_the_whole_mix(scale):
    files = [Path(f"corpus-{i}") for i in range(20)] + [Path(f"sim-{i}") for i in range(80)]
    assert scale.quarter_files(files, 10, sample=False) == files[:10]
    assert scale.quarter_files(files, None, sample=False) == files[:25]
    sample = scale.quarter_files(files, 50, sample=True)
    assert len(set(sample)) == 50 and sample == sorted(sample, key=files.index)   # input order, no repeat
    assert any(p.name.startswith("corpus") for p in sample) and any(p.name.startswith("sim") for p in sample)
    assert sample == scale.quarter_files(files, 50, sample=True)   # seeded
    assert scale.parse_args(["--quarter-sample"]).quarter_sample


@pytest.mark.slow
def test_tiny_run_with_games_quarter_and_cpu_games(scale, tmp_path, capsys, monkeypatch):
    corpus = tmp_path / "corpus"
    (corpus / "xml").mkdir(parents=True)
    for src in sorted(SAMPLE.glob("*.xml"))[:2]:
        shutil.copy(src, corpus / "xml" / src.name)
    sim = tmp_path / "sim"
    sim.mkdir()
    for src in sorted(SAMPLE.glob("*.xml"))[2:4]:
        shutil.copy(src, sim / src.name)
    monkeypatch.setenv("TMPDIR", str(tmp_path))
    monkeypatch.setattr(scale.tempfile, "tempdir", None)
    scale.main(["--games", "10", "--quarter-games", "3", "--cpu-games", "6", "--no-dask",
                "--corpus", str(corpus), "--sim-dir", str(sim)])
    out = capsys.readouterr().out
    assert "input: 10 files: 2 corpus XML games and 2 simulated games, 3 copies (the last partly)" in out
    assert re.search(r"build, 1 worker: 6 games", out)
    assert re.search(r"build, 2 workers: 6 games", out)
    assert re.search(r"build, 2 workers, the quarter: 3 games", out)
    assert re.search(r"build, 2 workers, the whole input: 10 games", out)
    assert "CPU per game with 2 workers against 1 (6 games)" in out
    assert re.search(r"peak memory \(VmHWM\) of a worker, local, 2 workers: \d+ MB on 3 games, \d+ MB on 10 games", out)
    assert re.search(r"peak memory \(ru_maxrss\) of an audit worker, 2 workers: \d+ MB on 3 games, \d+ MB on 4 games", out)
    assert "dask" not in out
    # the benchmark cleans up after itself: nothing left in its temporary folder
    assert sorted(p.name for p in tmp_path.iterdir()) == ["corpus", "sim"]


def test_the_audit_line_gives_the_parents_share_and_the_efficiency_it_predicts_at_16(scale):
    assert round(scale.efficiency_at(0.0), 6) == 1.0
    assert round(scale.efficiency_at(0.007), 2) == 0.9   # a share under 1% predicts about 90% at 16 workers
    line = scale.audit_line({"games": 1000, "duplicates": 0, "wall": 10.0, "parent_cpu": 0.05, "worker_cpu": 4.95,
                             "total_cpu": 5.0, "worker_rss_mb": 120.0})
    assert "the parent's 0.05 s (50 us/game): 1.00% of the CPU" in line
    assert "87% efficiency predicted at 16 workers, peak memory per worker 120 MB" in line


def test_audit_only_audits_the_distinct_games_and_their_quarter_and_builds_nothing(scale, tmp_path, capsys):
    corpus = tmp_path / "corpus"
    (corpus / "xml").mkdir(parents=True)
    for src in sorted(SAMPLE.glob("*.xml"))[:3]:
        shutil.copy(src, corpus / "xml" / src.name)
    scale.main(["--audit-only", "--quarter-games", "2", "--corpus", str(corpus)])
    out = capsys.readouterr().out
    assert "audit input: 3 distinct games: 3 corpus XML games and 0 simulated games" in out
    assert re.search(r"audit, 2 workers: 3 games .* peak memory per worker \d+ MB", out)
    assert re.search(r"audit, 2 workers: 2 games", out)
    assert re.search(r"peak memory \(ru_maxrss\) of an audit worker, 2 workers: \d+ MB on 2 games, \d+ MB on 3 games", out)
    assert "build" not in out


def test_the_corpus_default_is_the_tenhou_folder_of_mjlog_corpus(scale, monkeypatch):
    monkeypatch.setenv("MJLOG_CORPUS", "/some/corpus")
    assert scale.parse_args([]).corpus == "/some/corpus/tenhou"
