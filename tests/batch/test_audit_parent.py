"""A parallel audit's parent merges the index and writes output: the logs of possible copies are read
again on the workers, and the results are the same as in one process."""

from __future__ import annotations

import os
import pickle
from dataclasses import replace
from pathlib import Path

import pytest

import mjlog.formats.reader
from mjlog.batch.audit import MAX_CHUNK, MIN_CHUNK, _audit_chunk, _chunk_for, audit_file, audit_sources, identify_games
from mjlog.batch.report import StreamingAudit
from mjlog.batch.results import QuietGame, completeness
from mjlog.rules.riichi.ruleset import PRESETS
from mjlog.rules.riichi.simulate import simulate_game
from tests.support.xmlbuild import simple_game4


def _batch(root: Path) -> None:
    """40 files: 36 copies of one game (one without its final result, so the primary changes) and
    four games of their own."""
    for i in range(36):
        (root / f"c{i:02d}.xml").write_bytes(simple_game4(owari=i != 0))
    for seed in range(4):
        (root / f"s{seed}.xml").write_bytes(simulate_game(PRESETS["tenhou-4p-south"], seed + 1))


def _verdicts(report) -> list[tuple]:
    return [(Path(f.source).name, f.same_as and Path(f.same_as).name, f.findings, f.error) for f in report.files]


def test_the_parent_of_a_parallel_audit_reads_no_log(tmp_path, monkeypatch):
    _batch(tmp_path)
    alone = audit_sources([tmp_path], jobs=1)
    parent, real = os.getpid(), mjlog.formats.reader.games_or_errors

    def read_in_workers_only(*args, **kwargs):
        if os.getpid() == parent:
            raise AssertionError("the audit's parent read a log")
        return real(*args, **kwargs)

    monkeypatch.setattr(mjlog.formats.reader, "games_or_errors", read_in_workers_only)
    pooled = audit_sources([tmp_path], jobs=2)
    assert (pooled.games, pooled.duplicates) == (alone.games, alone.duplicates) == (5, 35)
    assert _verdicts(pooled) == _verdicts(alone)
    assert pooled.to_dict() == alone.to_dict()


def test_an_audit_result_loads_from_pickle_as_it_was(tmp_path):
    path = tmp_path / "a.xml"
    path.write_bytes(simple_game4())
    (fa,) = audit_file(path)
    assert fa.identity is not None and fa.origin is not None
    again = pickle.loads(pickle.dumps(fa, pickle.HIGHEST_PROTOCOL))
    assert again == fa and type(again.identity) is type(fa.identity) and hash(again.origin) == hash(fa.origin)


def test_a_large_audit_sends_each_worker_about_eight_tasks_of_many_files():
    assert _chunk_for(40, 2) == MIN_CHUNK
    assert _chunk_for(1_142, 2) == 1_142 // 16
    assert _chunk_for(100_000, 2) == MAX_CHUNK
    assert _chunk_for(10_000, 16) == 10_000 // 128


def _results(root: Path) -> list:
    """The audit results of 40 files (:func:`_batch`), a skipped file and an unreadable one."""
    _batch(root)
    (root / "notes.txt").write_text("no log here")
    (root / "cut.xml").write_bytes(simple_game4()[:200])
    return [fa for p in sorted(root.iterdir()) for fa in audit_file(p)]


def test_a_run_of_results_counts_as_each_added_in_turn(tmp_path):
    results = _results(tmp_path)
    with StreamingAudit(True, identify_games) as one_by_one:
        reported_one = [one_by_one.add(fa) for fa in results]
    with StreamingAudit(True, identify_games) as runs:
        reported_runs = [out for i in range(0, len(results), 7) for out in runs.add_all(results[i : i + 7])]
    assert reported_runs == reported_one
    assert runs.report == one_by_one.report
    assert (runs.report.games, runs.report.duplicates, runs.report.skipped) == (5, 35, 1)


def test_the_index_writes_a_files_path_once(tmp_path):
    # a file of one game: its result is named by its path, so the index keeps that text once
    results = [fa for seed in range(3) for fa in audit_file(_simulated(tmp_path, seed))]
    with StreamingAudit(False, identify_games) as counted:
        counted.add_all(results)
        counted._flush()   # the new games wait for the index's next read
        rows = counted._db.execute("SELECT source, path, idx FROM games").fetchall()
    assert [(Path(source).name, path, idx) for source, path, idx in rows] == [(f"s{s}.xml", None, 0) for s in range(3)]


def test_the_index_opens_at_its_first_lookup_and_holds_the_games_counted_before(tmp_path):
    (first,) = audit_file(_simulated(tmp_path, 0))
    copy = tmp_path / "copy.xml"
    copy.write_bytes(Path(first.source).read_bytes())
    (again,) = audit_file(copy)
    with StreamingAudit(False, identify_games) as counted:
        assert counted.add_all([first]) == [[first]]
        assert "_db" not in vars(counted)   # one game, nothing to look up: the index is not opened
        ((reported,),) = counted.add_all([again])
        assert "_db" in vars(counted)
    assert reported.same_as == first.source
    assert (counted.report.games, counted.report.duplicates) == (1, 1)


def test_a_game_named_apart_from_its_file_is_read_again_from_that_file(tmp_path):
    (fa,) = audit_file(_simulated(tmp_path, 0))
    assert fa.origin is not None
    named = replace(fa, source=f"{fa.source}#1")   # as a game of a file of several is named
    with StreamingAudit(False, identify_games) as counted:
        counted.add_all([named])
        assert counted.candidates([fa]) == [fa.origin]


def _simulated(root: Path, seed: int) -> Path:
    path = root / f"s{seed}.xml"
    path.write_bytes(simulate_game(PRESETS["tenhou-4p-south"], seed + 1))
    return path


@pytest.mark.parametrize("jobs", [1, 2])
def test_an_audit_without_identity_names_counts_and_judges_as_one_with_them(tmp_path, jobs):
    _batch(tmp_path)
    (tmp_path / "cut.xml").write_bytes(simple_game4()[:200])
    seen: dict[bool, list] = {True: [], False: []}
    full = audit_sources([tmp_path], jobs=jobs, on_result=seen[True].append)
    light = audit_sources([tmp_path], jobs=jobs, names=False, on_result=seen[False].append)
    assert light.to_dict() == full.to_dict()
    assert _verdicts(light) == _verdicts(full)
    assert [(f.source, f.same_as, f.findings, f.error) for f in seen[False]] == \
        [(f.source, f.same_as, f.findings, f.error) for f in seen[True]]


def test_a_result_without_names_keeps_what_the_counts_need_and_sends_less(tmp_path):
    path = _simulated(tmp_path, 0)
    (fa,) = _audit_chunk([str(path)])
    (light,) = _audit_chunk([str(path)], None, False)
    assert fa.identity is not None and light.identity is not None and not fa.identity.digested
    assert light.identity.players == () and {name for _, name, _ in light.identity.rounds} == {""}
    assert (light.identity.keys, light.identity.deal, light.identity.final, light.origin) == \
        (fa.identity.keys, fa.identity.deal, fa.identity.final, fa.origin)
    assert completeness(light.identity) == completeness(fa.identity)
    assert len(pickle.dumps(light, pickle.HIGHEST_PROTOCOL)) < len(pickle.dumps(fa, pickle.HIGHEST_PROTOCOL)) * 0.7


def _has_something_to_report(fa) -> bool:
    return bool(fa.findings or fa.error is not None or fa.skipped is not None or fa.same_as is not None)


@pytest.mark.parametrize("jobs", [1, 2])
def test_a_quiet_audit_counts_and_judges_as_a_loud_one_and_leaves_out_only_results_with_nothing_to_say(
        tmp_path, jobs):
    _batch(tmp_path)
    (tmp_path / "cut.xml").write_bytes(simple_game4()[:200])
    (tmp_path / "notes.txt").write_text("not a log")
    seen: dict[bool, list] = {False: [], True: []}
    loud = audit_sources([tmp_path], jobs=jobs, keep=False, names=False, on_result=seen[False].append)
    quiet = audit_sources([tmp_path], jobs=jobs, keep=False, names=False, quiet=True, on_result=seen[True].append)
    assert quiet.to_dict() == loud.to_dict()
    assert (quiet.games, quiet.duplicates, quiet.unreadable, quiet.skipped) == (5, 35, 1, 1)
    assert [(f.source, f.same_as, f.findings, f.error, f.skipped) for f in seen[True]] == \
        [(f.source, f.same_as, f.findings, f.error, f.skipped) for f in seen[False] if _has_something_to_report(f)]
    assert any(Path(f.source).name == "c00.xml" and f.same_as for f in seen[True])   # a quiet primary displaced


def test_a_quiet_game_makes_its_result_again_and_sends_less(tmp_path):
    path = _simulated(tmp_path, 0)
    (light,) = _audit_chunk([str(path)], None, False)
    (quiet,) = _audit_chunk([str(path)], None, False, True)
    assert type(quiet) is QuietGame and quiet.loud() == light
    assert quiet.rank == ",".join(map(str, completeness(light.identity)))
    assert len(pickle.dumps(quiet, pickle.HIGHEST_PROTOCOL)) < len(pickle.dumps(light, pickle.HIGHEST_PROTOCOL))


def test_a_result_with_something_to_report_is_never_quiet(tmp_path):
    (tmp_path / "cut.xml").write_bytes(simple_game4()[:200])
    (fa,) = audit_file(tmp_path / "cut.xml")
    assert QuietGame.of(fa) is None and QuietGame.of(replace(fa, error=None, same_as="x.xml")) is None


def test_a_quiet_audit_keeps_no_result():
    with pytest.raises(ValueError, match="keep=False"):
        audit_sources([], quiet=True)


@pytest.mark.parametrize("quiet_first", [True, False])
@pytest.mark.parametrize("jobs", [1, 2])
def test_a_quiet_game_that_meets_another_file_of_its_game_reports_only_what_has_something_to_say(
        tmp_path, jobs, quiet_first):
    from mjlog.formats.writers import writer
    from mjlog.formats.reader import read_log

    xml = _simulated(tmp_path, 0)
    copy = tmp_path / ("t.json" if quiet_first else "0.json")   # sorted after or before s0.xml
    copy.write_text(writer("tenhou6").write(read_log(xml)) + "\n", encoding="utf-8")
    (quiet_result,) = _audit_chunk([str(xml)], None, False, True)
    assert type(quiet_result) is QuietGame   # the XML file has nothing to report; the copy (no seed) a note
    for i in range(32):   # enough files that two jobs run in a pool (each skipped: no log)
        (tmp_path / f"z{i:02d}.txt").write_text("not a log")
    seen: dict[bool, list] = {False: [], True: []}
    loud = audit_sources([tmp_path], jobs=jobs, keep=False, names=False, on_result=seen[False].append)
    quiet = audit_sources([tmp_path], jobs=jobs, keep=False, names=False, quiet=True, on_result=seen[True].append)
    assert quiet.to_dict() == loud.to_dict() and quiet.duplicates == 1
    assert [(f.source, f.same_as, f.findings) for f in seen[True]] == \
        [(f.source, f.same_as, f.findings) for f in seen[False] if _has_something_to_report(f)]
    assert [(Path(f.source).name, f.same_as and Path(f.same_as).name) for f in seen[True] if f.same_as] == \
        [(copy.name, xml.name)]   # the copy (no seed) is the duplicate whichever comes first


def test_an_audit_leaves_the_garbage_collector_as_it_found_it(tmp_path, monkeypatch):
    import gc

    from mjlog.batch import audit as batch_audit

    seen = []
    real = batch_audit.audit_file

    def audit_file_seeing_the_collector(source, choice=None):
        seen.append((gc.get_threshold()[0], gc.get_freeze_count() > 0))
        return real(source, choice)

    monkeypatch.setattr(batch_audit, "audit_file", audit_file_seeing_the_collector)
    path = tmp_path / "a.xml"
    path.write_bytes(simulate_game(PRESETS["tenhou-4p-south"], 3))
    before = gc.get_threshold(), gc.get_freeze_count()
    report = audit_sources([path], jobs=1)
    assert report.summary().startswith("audited 1 game")
    assert seen == [(batch_audit.AUDIT_GC_THRESHOLD, True)]   # during the audit: frozen, collected less often
    assert (gc.get_threshold(), gc.get_freeze_count()) == before


@pytest.mark.parametrize("quiet", [False, True])
def test_a_serial_audit_counts_its_files_a_batch_at_a_time_as_one_at_a_time_would(tmp_path, monkeypatch, quiet):
    import mjlog.batch.audit as batch_audit

    _batch(tmp_path)
    (tmp_path / "cut.xml").write_bytes(simple_game4()[:200])
    (tmp_path / "notes.txt").write_text("not a log")
    runs = []
    real_add_all = StreamingAudit.add_all

    def counting_add_all(self, fas):
        runs.append(len(fas))
        return real_add_all(self, fas)

    monkeypatch.setattr(StreamingAudit, "add_all", counting_add_all)
    reports, seen = {}, {}
    for size in (1, 7, batch_audit.SERIAL_BATCH):   # 7: copies of one game on both sides of a batch's end
        monkeypatch.setattr(batch_audit, "SERIAL_BATCH", size)
        runs.clear()
        seen[size] = []
        reports[size] = audit_sources([tmp_path], jobs=1, keep=False, names=False, quiet=quiet,
                                      on_result=seen[size].append)
        assert len(runs) == -(-42 // size) and sum(runs) == 42   # 42 files, one result each
    assert reports[1].to_dict() == reports[7].to_dict() == reports[batch_audit.SERIAL_BATCH].to_dict()
    assert (reports[1].games, reports[1].duplicates) == (5, 35)
    said = {size: [(f.source, f.same_as, f.findings, f.error) for f in results] for size, results in seen.items()}
    assert said[7] == said[1] == said[batch_audit.SERIAL_BATCH]
