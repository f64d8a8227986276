"""Hostile files in batches: no file takes a batch down, values no column holds are malformed logs,
every input is size-limited before it is read, and only regular files are read."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
import tracemalloc
from pathlib import Path

import pytest

from mjlog.batch.audit import audit_sources
from mjlog.errors import LogTooLargeError, MalformedLogError
from mjlog.formats.tenhou.json import dumps_tenhou6
from mjlog.formats.reader import read_log
from mjlog.store import Store
from tests.support.pipes import call_near_a_pipe
from tests.support.xmlbuild import simple_game4

ROOT = Path(__file__).resolve().parents[2]
SAMPLE = ROOT / "data" / "sample"


def _json_game(ref: str, **changes) -> dict:
    obj = json.loads(dumps_tenhou6(read_log(simple_game4())))
    obj.update(ref=ref, **changes)
    return obj


def poison_files() -> dict[str, bytes]:
    """The issue's poison files, by what is wrong with them."""
    delta = json.dumps(_json_game("2020010100gm-00a9-0000-deadbee3"), separators=(",", ":"))
    return {
        "seed_field": simple_game4().replace(b'seed="0,0,0,', b'seed="0,1000000000000000000,0,'),
        "lone_surrogate": json.dumps(_json_game("2020010100gm-00a9-0000-deadbee2",
                                                name=["\udcff", "B", "C", "D"])).encode(),
        "huge_delta": delta.replace("[3000,-1000", "[3000,-51" + "0" * 41).encode(),
        "huge_score": simple_game4().replace(b'ten="250,', b'ten="100000000000,'),
    }


POISON_REASONS = {
    "seed_field": "the honba count of 1000000000000000000 is outside 0..32767",
    "lone_surrogate": "which is not a Unicode character (a lone surrogate)",
    "huge_delta": "a number with 43 digits",
    "huge_score": "a start score of 10000000000000 is outside",
}


@pytest.mark.parametrize("kind", sorted(POISON_REASONS))
def test_values_no_column_holds_are_a_malformed_log_at_reading(kind):
    with pytest.raises(MalformedLogError) as info:
        read_log(poison_files()[kind], f"{kind}.log")
    assert POISON_REASONS[kind] in str(info.value) and str(info.value).startswith(f"{kind}.log: ")


@pytest.fixture
def poisoned_dir(tmp_path) -> Path:
    d = tmp_path / "logs"
    d.mkdir()
    (d / "a_good.xml").write_bytes(simple_game4())
    (d / "z_good.json").write_text(json.dumps(_json_game("2020010100gm-00a9-0000-deadbee1")), encoding="utf-8")
    for kind, data in poison_files().items():
        (d / f"m_{kind}.{'json' if data.startswith(b'{') else 'xml'}").write_bytes(data)
    return d


def _stored(db: Path) -> tuple[list, list]:
    with Store(db, read_only=True) as st:
        games = [r[0] for r in st.sql("SELECT source FROM games ORDER BY source").rows()]
        bad = st.sql("SELECT source, error_type, error FROM unreadable ORDER BY source").rows()
    return games, bad


@pytest.mark.parametrize("jobs", [1, 2])
def test_poison_files_do_not_take_the_ingest_down_and_the_rest_is_stored(tmp_path, poisoned_dir, jobs):
    db = tmp_path / "s.duckdb"
    with Store(db) as st:
        summary = st.ingest([poisoned_dir], jobs=jobs, batch=256)
    assert summary.games_added == 2 and summary.unreadable == len(POISON_REASONS)
    games, bad = _stored(db)
    assert [Path(g).name for g in games] == ["a_good.xml", "z_good.json"]
    assert [Path(s).name for s, _, _ in bad] == sorted(f"m_{k}.{'json' if k in ('lone_surrogate', 'huge_delta') else 'xml'}"
                                                       for k in POISON_REASONS)
    for source, error_type, error in bad:
        kind = Path(source).stem[2:]
        assert error_type == "MalformedLogError" and POISON_REASONS[kind] in error and "\n" not in error


def test_audit_reports_the_same_files_unreadable(poisoned_dir):
    report = audit_sources([poisoned_dir])
    # the two good files hold the same game (issue 21: one game, one count), the other a duplicate
    assert report.summary().startswith(f"audited 1 game: 0 clean, 1 with findings; {len(POISON_REASONS)} unreadable logs;")
    assert sorted(Path(f.source).name[2:].split(".")[0] for f in report.files if f.error) == sorted(POISON_REASONS)


def test_a_row_building_failure_is_one_unreadable_file_not_a_failed_batch(tmp_path, poisoned_dir, monkeypatch):
    """Should a value slip past the IR check, the chunk's conversion to Arrow is redone game by game."""
    import mjlog.formats.reader
    import mjlog.replayer

    monkeypatch.setattr(mjlog.formats.reader, "check_log", lambda log: log)
    monkeypatch.setattr(mjlog.replayer, "check_replayable", lambda log, tile_count: log)
    db = tmp_path / "s.duckdb"
    with Store(db) as st:
        st.ingest([poisoned_dir])
    games, bad = _stored(db)
    assert {Path(g).name for g in games} >= {"a_good.xml", "z_good.json"}
    failed = [(Path(s).name, t, e) for s, t, e in bad if t == "InternalError"]
    assert failed and all("building rows failed" in e for _, _, e in failed)


def test_ingest_refuses_a_file_over_the_size_limit_without_reading_it(tmp_path):
    from mjlog.store.rows import build_chunk
    from mjlog.formats.source import MAX_LOG_BYTES

    big = tmp_path / "big.xml"
    with open(big, "wb") as fh:
        fh.truncate(MAX_LOG_BYTES + 1)  # sparse: no disk used
    tracemalloc.start()
    try:
        chunk = build_chunk([str(big)])
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    (outcome,) = chunk.files
    assert outcome.status == "unreadable" and outcome.error_type == "LogTooLargeError"
    assert peak < 2 << 20, f"{peak} bytes allocated: the file was read"


def test_a_file_that_grows_past_the_limit_while_read_is_refused(tmp_path, monkeypatch):
    import mjlog.formats.source as source

    p = tmp_path / "g.xml"
    p.write_bytes(simple_game4())
    real_fstat = os.fstat
    monkeypatch.setattr(source.os, "fstat", lambda fd: os.stat_result((*real_fstat(fd)[:6], 10, *real_fstat(fd)[7:])))
    with pytest.raises(LogTooLargeError, match="grew past the limit"):
        source.read_file(p, limit=100)


def _mjlog(*args: str, timeout: float = 60) -> subprocess.CompletedProcess:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    try:
        return subprocess.run([sys.executable, "-m", "mjlog.cli", *args], capture_output=True, text=True,
                              timeout=timeout, env=env, cwd=ROOT)
    except subprocess.TimeoutExpired:
        pytest.fail(f"mjlog {' '.join(args)} did not finish in {timeout} s")


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs named pipes")
@pytest.mark.parametrize("command", ["show", "convert", "audit", "ingest"])
def test_a_named_pipe_given_as_a_file_is_a_one_line_error(tmp_path, command):
    fifo = tmp_path / "game.xml"
    os.mkfifo(fifo)
    extra = {"convert": ["--to", "tenhou6"], "ingest": ["--db", str(tmp_path / "s.duckdb")]}.get(command, [])
    done = _mjlog(command, str(fifo), *extra, timeout=30)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.count("\n") == 1 and "a named pipe is not a log file" in done.stderr


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="needs /dev/zero")
@pytest.mark.parametrize("command", ["audit", "ingest"])
def test_a_device_given_as_a_file_is_a_one_line_error(tmp_path, command):
    extra = ["--db", str(tmp_path / "s.duckdb")] if command == "ingest" else []
    done = _mjlog(command, "/dev/zero", *extra, timeout=30)
    assert done.returncode == 2 and done.stderr.count("\n") == 1 and "a character device" in done.stderr


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs named pipes")
def test_reading_a_named_pipe_never_waits_on_it(tmp_path):
    from mjlog.formats.source import read_file

    fifo = tmp_path / "p"
    os.mkfifo(fifo)
    with pytest.raises(MalformedLogError, match="a named pipe is not a log file"):
        call_near_a_pipe(lambda: read_file(fifo), fifo)  # opened non-blocking: no writer needed


def test_a_locked_database_is_a_one_line_error_with_exit_2(tmp_path):
    db = tmp_path / "s.duckdb"
    log = tmp_path / "g.xml"
    log.write_bytes(simple_game4())
    holder = subprocess.Popen([sys.executable, "-c",
                               "import sys, duckdb; c = duckdb.connect(sys.argv[1]); print('ready', flush=True); "
                               "sys.stdin.read()", str(db)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout.readline().strip() == "ready"
        for args in (["ingest", str(log), "--db", str(db)], ["schemes", "compare", "--db", str(db)],
                     ["query", "--db", str(db), "SELECT 1"]):
            done = _mjlog(*args)
            assert done.returncode == 2, (args, done.stderr)
            assert done.stderr.count("\n") == 1 and "another process" in done.stderr, done.stderr
            assert f"(process {holder.pid})" in done.stderr and "Traceback" not in done.stderr
    finally:
        holder.stdin.close()
        holder.wait(timeout=30)


def test_schemes_compare_skips_a_game_it_cannot_repay_and_compares_the_rest(tmp_path):
    from mjlog.stats.schemes import compare_store

    db = tmp_path / "s.duckdb"
    sanma = sorted(SAMPLE.glob("*3p*.xml"))[:3]
    assert len(sanma) == 3
    with Store(db) as st:
        st.ingest(sanma)
        broken = st.sql("SELECT game_id FROM games ORDER BY game_id LIMIT 1").rows()[0][0]
        st.con.execute("UPDATE rounds SET start_scores = NULL WHERE game_id = ?", [broken])
        skipped: list[str] = []
        summary, per_seat = compare_store(st, skipped=skipped)
    assert len(skipped) == 1 and skipped[0].startswith(f"{broken}: round 0: TypeError")
    assert set(per_seat["game_id"]) == {g for g in _game_ids(db) if g != broken}
    assert summary.filter(group="all")["games"].to_list() == [2] * 8


def _game_ids(db: Path) -> set[str]:
    with Store(db, read_only=True) as st:
        return {r[0] for r in st.sql("SELECT game_id FROM games").rows()}


def test_schemes_compare_cli_names_a_skipped_game_in_one_line(tmp_path):
    db = tmp_path / "s.duckdb"
    with Store(db) as st:
        st.ingest(sorted(SAMPLE.glob("*3p*.xml"))[:2])
        broken = st.sql("SELECT game_id FROM games ORDER BY game_id LIMIT 1").rows()[0][0]
        st.con.execute("UPDATE rounds SET start_scores = NULL WHERE game_id = ?", [broken])
    done = _mjlog("schemes", "compare", "--db", str(db))
    assert done.returncode == 0, done.stderr
    assert [ln for ln in done.stderr.splitlines() if ln.startswith("skipped: ")] == [
        ln for ln in done.stderr.splitlines() if broken in ln]


def test_an_over_long_json_integer_is_a_malformed_log_not_an_internal_error():
    data = json.dumps(_json_game("x"), separators=(",", ":")).replace("[3000,", "[" + "9" * 5000 + ",").encode()
    with pytest.raises(MalformedLogError) as info:
        read_log(data, "long.json")
    assert "internal error" not in str(info.value)
    assert "a number with 5000 digits is longer than any value of a log" in info.value.reason
    assert info.value.where.startswith("character ")


_WORKER_SCRIPT = """
import os, sys, time
import mjlog.store.rows, mjlog.store.database
out = sys.argv[1]

def slow_chunk(paths, known=None):
    with open(os.path.join(out, f"worker-{os.getpid()}"), "w"):
        pass
    time.sleep(120)

mjlog.store.rows.build_chunk = slow_chunk
files = [os.path.join(out, f"g{i}.xml") for i in range(4)]
for f in files:
    open(f, "wb").write(b"<x/>")
mjlog.store.database.TASK_GAMES = 1
with mjlog.store.database.Store(":memory:") as st:
    st.ingest(files, jobs=2)
"""


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    with open(f"/proc/{pid}/stat") as fh:  # a zombie waiting for its (new) parent is gone too
        return fh.read().split(")")[-1].split()[0] != "Z"


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_ingest_workers_end_when_their_parent_is_killed(tmp_path):
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    parent = subprocess.Popen([sys.executable, "-c", _WORKER_SCRIPT, str(tmp_path)], env=env, cwd=ROOT)
    workers: list[int] = []
    try:
        deadline = time.monotonic() + 60
        while len(workers) < 2 and time.monotonic() < deadline:
            workers = [int(p.name.split("-")[1]) for p in tmp_path.glob("worker-*")]
            time.sleep(0.1)
        assert len(workers) == 2, "the workers did not start"
        parent.send_signal(signal.SIGKILL)
        parent.wait(timeout=30)
        deadline = time.monotonic() + 10
        while any(_alive(w) for w in workers) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert not any(_alive(w) for w in workers), "workers outlived their parent"
    finally:
        parent.kill()
        for w in workers:
            if _alive(w):
                os.kill(w, signal.SIGKILL)


@pytest.mark.parametrize("fmt", ["xml", "json"])
def test_an_infinite_final_score_is_a_malformed_log_not_an_internal_error(fmt):
    """Found by the corpus fuzz test: ``int(float('1e400'))`` raised OverflowError in the readers."""
    if fmt == "xml":
        data = simple_game4().replace(b'owari="280,8.0,', b'owari="1e400,8.0,')
    else:
        data = json.dumps(_json_game("x"), separators=(",", ":")).replace('"sc":[28000,', '"sc":[1e400,').encode()
    with pytest.raises(MalformedLogError) as info:
        read_log(data)
    assert "internal error" not in str(info.value) and "finite" in info.value.reason


@pytest.mark.parametrize("jobs", [1, 2])
def test_poison_files_do_not_take_a_build_down(tmp_path, poisoned_dir, jobs):
    from mjlog.store.dataset import build

    summary = build([poisoned_dir], tmp_path / "ds", jobs=jobs, batch_files=3)
    assert summary.games == 2 and summary.unreadable == len(POISON_REASONS)
    with Store.open_dataset(tmp_path / "ds") as st:
        bad = st.sql("SELECT source, error_type, error FROM unreadable ORDER BY source").rows()
    assert len(bad) == len(POISON_REASONS)
    for source, error_type, error in bad:
        assert error_type == "MalformedLogError" and POISON_REASONS[Path(source).stem[2:]] in error


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs named pipes")
def test_build_refuses_a_named_pipe_given_as_a_file(tmp_path):
    fifo = tmp_path / "game.xml"
    os.mkfifo(fifo)
    done = _mjlog("build", str(fifo), "--out", str(tmp_path / "ds"), timeout=30)
    assert done.returncode == 2 and done.stderr.count("\n") == 1 and "a named pipe is not a log file" in done.stderr
