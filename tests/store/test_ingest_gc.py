"""A chunk is built with Python's cycle collector paused, and the collector is left as it was found."""

from __future__ import annotations

import gc

import pytest

from mjlog.store import rows as ingest_rows
from tests.support.xmlbuild import simple_game4


@pytest.fixture
def collector_state():
    was = gc.isenabled()
    yield
    (gc.enable if was else gc.disable)()


def test_the_collector_is_paused_while_a_chunk_is_built_and_on_again_after(collector_state, monkeypatch):
    seen = []
    real = ingest_rows._ingest_one

    def spy(*args):
        seen.append(gc.isenabled())
        return real(*args)

    monkeypatch.setattr(ingest_rows, "_ingest_one", spy)
    gc.enable()
    chunk = ingest_rows.build_chunk_from_bytes([("a.xml", simple_game4())])
    assert seen == [False] and gc.isenabled()
    assert [f.status for f in chunk.files] == ["game"]


def test_a_collector_switched_off_by_the_caller_stays_off(collector_state):
    gc.disable()
    ingest_rows.build_chunk_from_bytes([("a.xml", simple_game4())])
    assert not gc.isenabled()


def test_the_collector_is_on_again_after_a_build_that_raises(collector_state, monkeypatch):
    def boom(*args):
        raise RuntimeError("a coding error")

    monkeypatch.setattr(ingest_rows, "_ingest_one", boom)
    gc.enable()
    with pytest.raises(RuntimeError):
        ingest_rows.build_chunk_from_bytes([("a.xml", simple_game4())])
    assert gc.isenabled()
