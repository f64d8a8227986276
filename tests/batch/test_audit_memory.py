"""mjlog audit over many files keeps counts, not results: memory stays flat however many files there
are, with one process, a pool (--jobs) and a Dask cluster, and the findings still come in input order."""

from __future__ import annotations

import gc
import tracemalloc

import pytest

from mjlog.batch.audit import FileAudit, _chunk_for, audit_sources
from tests.support.xmlbuild import simple_game4


def _games(root, n: int) -> list[str]:
    """``n`` small distinct games (each its own seed and start scores, so each is its own game), with
    findings (their walls do not follow from those seeds): results worth keeping, if one kept them."""
    base = simple_game4().decode()
    paths = []
    for i in range(n):
        text = base.replace('ten="250,250,250,250"', f'ten="250,250,250,{250 + i}"').replace(",AAAA", f",AAAA{i:05d}")
        path = root / f"g{i:05d}.xml"
        path.write_text(text, encoding="utf-8")
        paths.append(str(path))
    return paths


@pytest.mark.slow
@pytest.mark.parametrize("engine,jobs", [("local", 1), ("local", 2), ("dask", 2)])
def test_audit_holds_a_bounded_number_of_results_however_many_files(tmp_path, engine, jobs):
    if engine == "dask":
        pytest.importorskip("dask.distributed")
    paths = _games(tmp_path, 600)
    seen: list[str] = []
    live: list[int] = []

    def on_result(fa: FileAudit) -> None:
        seen.append(fa.source)
        if len(seen) % 60 == 0:
            gc.collect()
            live.append(sum(1 for o in gc.get_objects() if type(o) is FileAudit))

    report = audit_sources([tmp_path], jobs=jobs, engine=engine, on_result=on_result, keep=False)
    assert report.games == 600 and report.with_findings == 600 and report.files is None
    assert seen == paths                                   # every result, in input order
    chunk = _chunk_for(600, jobs)                          # files per task
    assert max(live) <= 2 * jobs * chunk + chunk           # at most the chunks in flight, not 600


@pytest.mark.slow
def test_audit_memory_is_flat_from_200_to_800_files(tmp_path):
    """The traced peak of one process auditing 800 files is within 0.5 MB of its peak on 200."""
    peaks = {}
    for n in (200, 800):
        root = tmp_path / str(n)
        root.mkdir()
        _games(root, n)
        audit_sources([root], keep=False)            # warm: imports and caches
        tracemalloc.start()
        try:
            report = audit_sources([root], keep=False)
            peaks[n] = tracemalloc.get_traced_memory()[1]
        finally:
            tracemalloc.stop()
        assert report.games == n
    assert peaks[800] - peaks[200] < 512 * 1024, peaks
