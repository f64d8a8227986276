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


def _logs_and_replays_walked(build) -> list[int]:
    """For each collection while ``build`` ran, how many game logs and replays the collector walked."""
    from mjlog.ir import GameLog
    from mjlog.rules.results import Replay

    walked: list[int] = []

    def watch(phase, info):
        if phase == "start":
            walked.append(sum(type(o) in (GameLog, Replay) for o in gc.get_objects(generation=0)))

    gc.collect()
    gc.callbacks.append(watch)
    try:
        build()
    finally:
        gc.callbacks.remove(watch)
    return walked


@pytest.fixture(scope="module")
def three_games() -> list[bytes]:
    from mjlog.batch.simulate import simulated_bytes
    from mjlog.rules.family import find_preset

    return [simulated_bytes(find_preset("tenhou-4p-south"), seed) for seed in range(3)]


@pytest.mark.parametrize("from_paths", [False, True])
def test_the_collector_starts_again_without_the_chunks_logs_and_replays(collector_state, tmp_path, three_games,
                                                                        from_paths):
    paths = []
    for i, game in enumerate(three_games):
        paths.append(str(tmp_path / f"g{i}.xml"))
        (tmp_path / f"g{i}.xml").write_bytes(game)
    gc.enable()
    if from_paths:
        walked = _logs_and_replays_walked(lambda: ingest_rows.build_chunk(paths))
    else:
        walked = _logs_and_replays_walked(
            lambda: ingest_rows.build_chunk_from_bytes([(p, g) for p, g in zip(paths, three_games)]))
    # its first collection after the pause walked every object the chunk still held (70-80 ms a chunk
    # of 256 Phoenix files), their logs and replays among them; with them gone there may be none at all
    assert not any(walked), walked
