"""A build worker's memory is flat in the input size: what it holds after K batches is what it held
after K/4 (once every kind of content has been seen), and a pool's workers start without the
memory of the process that plans the build."""

from __future__ import annotations

import gc
import json
import os
import subprocess
import sys
import tracemalloc
from pathlib import Path

import pytest

from mjlog.store import dataset
from mjlog.store.dataset import build, build_batch, plan_batches

SAMPLE = Path(__file__).resolve().parents[2] / "data" / "sample"
#: Bytes a worker may gain per game between batch K/4 and batch K: less than any per-game record
#: (a game id alone is an 80-byte string plus its slot), more than the few bytes CPython's own
#: bounded tables (the io module's, for one) add now and then.
PER_GAME_MARGIN = 64


def _copies(root: Path, copies: int, per_batch: int) -> list[dataset.Batch]:
    """The sample's games ``copies`` times, each copy under log ids of its own (so each game is a
    game of its own, with ids and sources never seen before), in batches of ``per_batch``, copy
    after copy: the first copy shows every kind of content; the others only new ids."""
    games = sorted(SAMPLE.glob("*.xml"))
    batches = []
    for k in range(copies):
        files = []
        for i, game in enumerate(games):
            path = root / f"2019061512gm-00a9-0000-{k:02x}{i:06x}.xml"
            path.write_bytes(game.read_bytes())
            files.append(str(path))
        batches += plan_batches(files, per_batch, set())
    return batches


def _traced_after_each(batches: list[dataset.Batch], out: Path) -> list[int]:
    """The traced Python memory (bytes) after each batch, built one after the other in this process."""
    after = []
    tracemalloc.start()
    try:
        for b in batches:
            build_batch(b, str(out))
            gc.collect()
            after.append(tracemalloc.get_traced_memory()[0])
    finally:
        tracemalloc.stop()
    return after


def _growth_per_game(tmp: str, keep_ids: bool = False) -> float:
    """Bytes a worker gains per game between batch K/4 and batch K (K = 16 batches of 10 games).
    With ``keep_ids``, the worker also keeps each game's id, as a dedupe set in a worker would."""
    root = Path(tmp)
    (root / "in").mkdir()
    batches = _copies(root / "in", 4, 10)
    if keep_ids:
        kept: set[str] = set()
        real = dataset.build_chunk

        def keeping(paths):
            chunk = real(paths)
            kept.update(chunk.game_ids)
            return chunk

        dataset.build_chunk = keeping
    after = _traced_after_each(batches, root / "ds")
    k = len(batches)
    assert k == 16 and (not keep_ids or len(kept) == 160)
    return (after[-1] - after[k // 4 - 1]) / sum(len(b.files) for b in batches[k // 4:])


def _measured(tmp_path: Path, keep_ids: bool) -> float:
    """:func:`_growth_per_game` in a fresh interpreter: what CPython's own tables hold (interned
    names, the io module's) is then the same at every run, whatever tests ran before."""
    code = ("import sys; from tests.store.test_dataset_memory import _growth_per_game; "
            "print(_growth_per_game(sys.argv[1], sys.argv[2] == '1'))")
    root = Path(__file__).resolve().parents[2]
    run = subprocess.run([sys.executable, "-c", code, str(tmp_path), str(int(keep_ids))], cwd=root,
                         env={**os.environ, "PYTHONPATH": str(root)}, capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stderr[-3000:]
    return float(run.stdout.split()[-1])


@pytest.mark.slow
def test_a_build_worker_holds_no_more_after_k_batches_than_after_a_quarter(tmp_path):
    growth = _measured(tmp_path, keep_ids=False)
    assert growth < PER_GAME_MARGIN, f"the worker gained {growth:.0f} bytes per game from batch 4 to 16"


@pytest.mark.slow
def test_the_worker_memory_check_sees_a_worker_that_keeps_one_id_per_game(tmp_path):
    """The check above can fail: a worker that keeps each game's id is caught."""
    assert _measured(tmp_path, keep_ids=True) >= PER_GAME_MARGIN


@pytest.mark.slow
def test_a_pools_workers_start_without_the_planning_processs_memory(tmp_path):
    """A worker of ``build --jobs 2`` peaks below what the planning process holds (it is spawned,
    not forked: a forked worker's resident size carries the parent's, such as its list of every
    input); each batch's manifest records the peak of the process that built it."""
    ballast = b"\x01" * (400 << 20)  # resident: every page written
    summary = build([SAMPLE], tmp_path / "ds", jobs=2, batch_files=10)
    assert summary.batches_built == 4
    peaks = [json.loads(p.read_text())["peak_rss_kb"] for p in (tmp_path / "ds" / "_batches").glob("*.json")]
    assert len(peaks) == 4 and all(peaks)
    assert max(peaks) < len(ballast) // 1024, f"a worker peaked at {max(peaks) // 1024} MB"
    del ballast


def _manifests(root: Path, batches: int, per_batch: int) -> None:
    """``batches`` finished-batch manifests of ``per_batch`` games each, every game of its own."""
    d = root / "_batches"
    d.mkdir(parents=True)
    for j in range(batches):
        key = f"{j:016x}"
        gids = [f"2019061512gm-00a9-0000-{j:04x}{i:04x}" for i in range(per_batch)]
        files = [{"source": f"/data/archive/tenhou/2019/06/15/{g}.xml", "size": 30000, "mtime_ns": 1, "status": "game",
                  "game_id": g} for g in gids]
        parts = [f"games/family=riichi/rule_set=tenhou-4p-south/game_date=2019-06-15/part-{key}-0.parquet"]
        (d / f"{key}.json").write_text(json.dumps({"key": key, "files": files, "games": gids, "parts": parts,
                                                   "cpu_seconds": 1.0, "peak_rss_kb": None}))


def test_the_final_manifest_step_keeps_a_few_hundred_bytes_per_game_not_every_manifest(tmp_path):
    """finish reads the batch manifests one at a time and keeps a game id and its first source per
    game: its traced peak stays under 450 bytes a game (holding every manifest, it took 640)."""
    _manifests(tmp_path, 20, 256)
    gc.collect()
    tracemalloc.start()
    try:
        manifest = dataset.finish(tmp_path)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert (manifest["games"], manifest["inputs"], len(manifest["batches"])) == (5120, 5120, 20)
    assert peak / 5120 < 450, f"finish peaked at {peak / 5120:.0f} bytes a game"


def test_a_game_three_batches_hold_is_kept_by_its_first_source_and_listed_twice():
    census = dataset._Census()
    for key, source in (("b", "/in/2.xml"), ("c", "/in/3.xml"), ("a", "/in/1.xml")):
        census.add({"key": key, "parts": [], "files": [
            {"source": source, "status": "game", "game_id": "g"},
            {"source": f"{source}.only", "status": "game", "game_id": f"g-{key}"},
            {"source": f"{source}.bad", "status": "unreadable", "game_id": None}]})
    assert census.owner["g"] == ("/in/1.xml", "a")
    assert census.duplicates() == [["g", "b"], ["g", "c"]]
    assert (len(census.owner), census.inputs, census.unreadable) == (4, 9, 3)


@pytest.mark.slow
def test_the_xml_readers_call_caches_stay_under_5_mb_however_many_distinct_calls():
    """A worker reading an archive meets ever more distinct calls (99,712 are valid in a four-player
    game): the caches of decoded calls stop at their limit, under 5 MB together (54 MB once held
    every call)."""
    from mjlog.errors import MalformedLogError
    from mjlog.formats.tenhou import xml as tx
    saved = dict(tx._CALLS), dict(tx._MELDS)
    tx._CALLS.clear()
    tx._MELDS.clear()
    reader = tx._Reader("calls")
    reader.init, reader.n = {}, 4
    read = 0
    tracemalloc.start()
    try:
        for who in range(4):
            for m in range(1 << 16):
                try:
                    reader._n({"who": str(who), "m": str(m)})
                except MalformedLogError:
                    pass
                read += len(reader.events)
                reader.events.clear()
        held = tracemalloc.get_traced_memory()[0]
    finally:
        tracemalloc.stop()
        tx._CALLS.clear(), tx._MELDS.clear()
        tx._CALLS.update(saved[0]), tx._MELDS.update(saved[1])
    assert len(tx._MELDS) <= tx._CACHE_LIMIT < read
    assert held < 5 << 20, f"the call caches hold {held / 2**20:.1f} MB"


def _held_per_entry(fill, clear) -> float:
    """Traced bytes each of 2,000 entries ``fill(i)`` adds to a memo (``clear`` empties it first)."""
    clear()
    gc.collect()
    tracemalloc.start()
    try:
        start = tracemalloc.get_traced_memory()[0]
        for i in range(2000):
            fill(i)
        held = tracemalloc.get_traced_memory()[0] - start
    finally:
        tracemalloc.stop()
        clear()
    return held / 2000


def test_the_win_items_memo_shares_its_items_and_pairs():
    """Wins repeat (yaku, han) pairs in thousands of distinct lists: an entry of the win items memo
    holds shared pairs and items."""
    from mjlog.rules.riichi import store_facts as sf

    def clear():
        sf._ITEMS.clear(), sf._PAIRS.clear(), sf._ITEM.clear()

    def fill(i):  # 2,000 distinct lists of the same few pairs, as wins are; fresh tuples, as a log gives
        sf._items(tuple((y, h) for y, h in ((1, 1), (7, 1), (52, 1 + i % 13), (53, i // 13 % 12), (54, i // 156))))

    one, other = sf._items(((1, 1), (52, 2))), sf._items(((1, 1), (7, 1)))
    assert one[0] is other[0]
    assert _held_per_entry(fill, clear) < 320  # 280 shared, 785 not


def test_the_win_settlement_memo_shares_its_transfers_and_deltas():
    """Settlements repeat transfers (ron 8,000 from seat 3 to seat 1...) and score changes: an entry
    of the settlement memo holds shared ones."""
    from mjlog.rules.riichi import settlement as st
    from mjlog.rules.riichi.ruleset import PRESETS
    rules = PRESETS["tenhou-4p-south"]

    def clear():
        st._MEMO._tables.clear(), st._MEMO._by_id.clear(), st._SHARED.clear()
        st._MEMO._last, st._MEMO._last_table = None, {}

    def fill(i):  # 2,000 distinct keys: basic, seats, honba and sticks as wins vary them
        st.win_settlement((1000, 2000, 3000, 4000, 6000, 8000)[i % 6], i // 6 % 4, (i // 24 + 1) % 4, 0, rules,
                          honba=i // 96 % 5, sticks=i // 480)

    assert st.win_settlement(2000, 1, 3, 0, rules).transfers[0] is st.win_settlement(2000, 1, 3, 2, rules).transfers[0]
    assert _held_per_entry(fill, clear) < 520  # 455 shared, 718 not


def _arrow_pool() -> str:
    """The backend of the Arrow memory pool of the process that runs this (a pool's task)."""
    import pyarrow as pa
    return pa.default_memory_pool().backend_name


@pytest.mark.slow
def test_a_builds_spawned_workers_take_arrows_memory_from_malloc(monkeypatch):
    """mimalloc, Arrow's default pool, kept 80-180 MB resident in a worker between batches (for at most
    33 MB in use): a build's workers set :data:`dataset.WORKER_ENVIRON` before they load pyarrow, so
    their Arrow pool is the C library's; the local and Dask builds pass it."""
    from mjlog.parallel.engine import run_tasks

    pools = list(run_tasks(_arrow_pool, [(), ()], jobs=2, start_method="spawn", environ=dataset.WORKER_ENVIRON))
    assert pools == ["system", "system"]
    passed = []
    monkeypatch.setattr(dataset, "run_tasks", lambda *a, **kw: passed.append(kw["environ"]) or iter(()))
    list(dataset.run_local([], "out", 2))
    list(dataset.run_dask([], "out"))
    assert passed == [dataset.WORKER_ENVIRON] * 2


def _glibc_probe(body: str):
    """What ``body`` prints (JSON) in a fresh process with ctypes' view of glibc's malloc set up
    (``libc``, ``info()`` for mallinfo2, ``rss_kb()``); None where malloc is not glibc's."""
    code = (
        "import ctypes, json\n"
        "from mjlog.parallel import workers\n"
        "libc = ctypes.CDLL(None)\n"
        "if not hasattr(libc, 'mallinfo2') or workers._glibc() is None:\n"
        "    print('null'); raise SystemExit\n"
        "class Info(ctypes.Structure):\n"
        "    _fields_ = [(n, ctypes.c_size_t) for n in ('arena ordblks smblks hblks hblkhd usmblks fsmblks '\n"
        "                                               'uordblks fordblks keepcost').split()]\n"
        "libc.mallinfo2.restype = Info\n"
        "libc.malloc.restype = ctypes.c_void_p\n"
        "libc.free.argtypes = [ctypes.c_void_p]\n"
        "info = libc.mallinfo2\n"
        "def rss_kb():\n"
        "    return next(int(l.split()[1]) for l in open('/proc/self/status') if l.startswith('RssAnon:'))\n"
        + body)
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    return json.loads(out)


def test_a_build_worker_maps_a_large_buffer_on_its_own_after_a_larger_one_was_freed():
    """glibc's malloc raises its mmap threshold to the largest block freed, so a worker's large Arrow
    buffers came from the heap, which kept their space (a worker's peak grew with the batches): the
    worker fixes the threshold (:func:`workers.fix_mmap_threshold`), so a 2 MiB block after an 8 MiB one
    was freed still has a mapping of its own."""
    mapped = _glibc_probe(
        "assert workers.fix_mmap_threshold()\n"
        "libc.free(libc.malloc(8 << 20))\n"
        "before = info().hblkhd\n"
        "block = libc.malloc(2 << 20)\n"
        "print(json.dumps((info().hblkhd - before) / 2**20))\n")
    if mapped is None:
        pytest.skip("malloc is not glibc's")
    assert mapped >= 2


def test_a_build_worker_gives_the_last_batchs_freed_heap_back_before_the_next():
    """Free space in the middle of malloc's heap stays resident until trimmed: every other one of 400
    blocks of 64 KiB (25 MB in all, under the mmap threshold) freed, the rest kept, the resident size
    falls by most of the freed half only after :func:`workers.release_free_memory`."""
    freed = _glibc_probe(
        "workers.fix_mmap_threshold()\n"
        "blocks = [libc.malloc(64 << 10) for _ in range(400)]\n"
        "for b in blocks:\n"
        "    ctypes.memset(b, 1, 64 << 10)\n"
        "for b in blocks[::2]:\n"
        "    libc.free(b)\n"
        "before = rss_kb()\n"
        "assert workers.release_free_memory()\n"
        "print(json.dumps((before - rss_kb()) / 1024))\n")
    if freed is None:
        pytest.skip("malloc is not glibc's")
    assert freed >= 8   # of the 12.5 MB freed


def test_each_batch_a_worker_builds_fixes_the_threshold_and_trims_first(tmp_path, monkeypatch):
    calls = []
    monkeypatch.setattr(dataset, "fix_mmap_threshold", lambda: calls.append("fix"))
    monkeypatch.setattr(dataset, "release_free_memory", lambda: calls.append("trim"))
    build_batch(plan_batches([str(sorted(SAMPLE.glob("*.xml"))[0])], 1, set())[0], str(tmp_path))
    assert calls == ["fix", "trim"]
