"""Hostile text and sizes on the way out: names with terminal escapes are printed escaped, file
names that are not UTF-8 are stored and printed, and a hand longer than the store's columns is a
malformed log, not a failed ingest."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from mjlog.errors import MalformedLogError
from mjlog.formats.tenhou.json import dumps_tenhou6
from mjlog.ir.check import EVENT_LIMIT
from mjlog.formats.reader import read_log
from mjlog.store import Store
from tests.support.xmlbuild import simple_game4

ROOT = Path(__file__).resolve().parents[2]


def _mjlog(*args: str) -> subprocess.CompletedProcess:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    return subprocess.run([sys.executable, "-m", "mjlog.cli", *args], capture_output=True, timeout=60, env=env,
                          cwd=ROOT)


def _escaping_xml() -> bytes:
    # seat 0 clears the screen; seat 2 retitles the terminal (OSC 0) and rings the bell
    return (simple_game4().replace(b'n0="%41%6C%69%63%65"', b'n0="%1B%5B2J%1B%5B1;1HEvil"')
            .replace(b'n2="C"', b'n2="%1B]0;pwned%07%C2%9B31m"'))


@pytest.mark.parametrize("as_json", [False, True])
def test_show_prints_names_with_control_characters_escaped(tmp_path, as_json):
    log = tmp_path / "g.xml"
    log.write_bytes(_escaping_xml())
    done = _mjlog("show", str(log), *(["--json"] if as_json else []))
    assert done.returncode == 0, done.stderr
    out = done.stdout.decode("utf-8")
    assert "\x1b" not in out and "\x07" not in out and "\x9b" not in out
    if as_json:
        players = json.loads(out)["players"]
        assert players[0]["name"] == "\x1b[2J\x1b[1;1HEvil"  # the same value, written as JSON escapes
    else:
        assert "\\x1b[2J\\x1b[1;1HEvil" in out and "\\x1b]0;pwned\\x07\\x9b31m" in out


def test_convert_writes_names_with_control_characters_as_json_escapes(tmp_path):
    log = tmp_path / "g.xml"
    log.write_bytes(_escaping_xml())
    done = _mjlog("convert", str(log), "--to", "tenhou6")
    out = done.stdout.decode("utf-8")
    assert done.returncode == 0 and "\x1b" not in out and "\x9b" not in out
    assert json.loads(out)["name"][2] == "\x1b]0;pwned\x07\x9b31m"


def test_a_json_name_with_an_escape_is_printed_escaped(tmp_path):
    obj = json.loads(dumps_tenhou6(read_log(simple_game4())))
    obj["name"][1] = "\x1b]0;title\x07"
    log = tmp_path / "g.json"
    log.write_text(json.dumps(obj), encoding="utf-8")
    done = _mjlog("show", str(log))
    assert done.returncode == 0 and b"\x1b" not in done.stdout and b"\\x1b]0;title\\x07" in done.stdout


@pytest.mark.skipif(sys.platform != "linux", reason="file names as bytes")
def test_file_names_that_are_not_utf8_or_hold_escapes_are_audited_and_ingested(tmp_path):
    d = tmp_path / "logs"
    d.mkdir()
    for raw in (b"bad-\xff-name.xml", b"esc-\x1b[2J.xml"):
        with open(os.path.join(os.fsencode(d), raw), "wb") as fh:
            fh.write(simple_game4())
    bad = simple_game4().replace(b"<T100/>", b"<T999/>")
    with open(os.path.join(os.fsencode(d), b"worse-\xfe\x1b.xml"), "wb") as fh:
        fh.write(bad)
    done = _mjlog("audit", str(d))
    assert done.returncode == 1 and b"\x1b" not in done.stdout and b"Traceback" not in done.stderr
    text = done.stdout.decode("utf-8")
    assert "bad-\\xff-name.xml" in text and "esc-\\x1b[2J.xml" in text and "worse-\\xfe\\x1b.xml: error: unreadable" in text
    db = tmp_path / "s.duckdb"
    done = _mjlog("ingest", str(d), "--db", str(db))
    assert done.returncode == 1 and b"Traceback" not in done.stderr, done.stderr
    with Store(db, read_only=True) as st:
        assert sorted(Path(r[0]).name for r in st.sql("SELECT source FROM sources").rows()) == [
            "bad-\\xff-name.xml", "esc-\x1b[2J.xml"]
        assert [Path(r[0]).name for r in st.sql("SELECT source FROM unreadable").rows()] == ["worse-\\xfe\x1b.xml"]
    again = _mjlog("ingest", str(d), "--db", str(db))  # the stored names are found again: nothing new
    assert b"0 new games, 2 already stored, 1 unreadable" in again.stdout


def _long_hand(pairs: int) -> bytes:
    """A hand with ``pairs`` draw-discard pairs of seats 0 and 1 (tile 100 again and again)."""
    return simple_game4("<T100/><D100/>" * pairs)


def test_a_hand_longer_than_the_event_columns_hold_is_a_malformed_log():
    with pytest.raises(MalformedLogError) as info:
        read_log(_long_hand(EVENT_LIMIT // 2 + 1), "long.xml")
    assert f"more than {EVENT_LIMIT}" in info.value.reason and info.value.where == "round 0 (East 1)"


def test_a_hand_longer_than_the_event_columns_hold_does_not_stop_an_ingest(tmp_path):
    (tmp_path / "a.xml").write_bytes(simple_game4())
    (tmp_path / "b.xml").write_bytes(_long_hand(EVENT_LIMIT // 2 + 1))
    with Store(tmp_path / "s.duckdb") as st:
        summary = st.ingest([tmp_path])
        assert summary.games_added == 1 and summary.unreadable == 1
        assert st.sql("SELECT error_type FROM unreadable").rows() == [("MalformedLogError",)]


def test_the_longest_hand_the_columns_hold_is_stored(tmp_path):
    (tmp_path / "b.xml").write_bytes(_long_hand((EVENT_LIMIT - 8) // 2))
    with Store(tmp_path / "s.duckdb") as st:
        assert st.ingest([tmp_path]).games_added == 1
        assert st.sql("SELECT max(event_index) FROM events").rows()[0][0] > EVENT_LIMIT - 10


@pytest.mark.skipif(sys.platform != "linux", reason="file names as bytes")
def test_a_build_takes_file_names_that_are_not_utf8(tmp_path):
    from mjlog.store.dataset import build

    d = tmp_path / "logs"
    d.mkdir()
    with open(os.path.join(os.fsencode(d), b"bad-\xff-name.xml"), "wb") as fh:
        fh.write(simple_game4())
    assert build([d], tmp_path / "ds").games == 1
    assert build([d], tmp_path / "ds").batches_built == 0  # the manifest finds the file again


def test_query_prints_stored_names_with_control_characters_escaped(tmp_path):
    (tmp_path / "g.xml").write_bytes(_escaping_xml())
    db = tmp_path / "s.duckdb"
    with Store(db) as st:
        st.ingest([tmp_path])
    done = _mjlog("query", "--db", str(db), "SELECT name FROM players ORDER BY seat")
    assert done.returncode == 0 and b"\x1b" not in done.stdout and b"\\x1b[2J" in done.stdout


def test_a_warning_is_printed_escaped_and_the_previous_hook_comes_back(capsys):
    import warnings

    from mjlog.text import printable_warnings

    before = warnings.showwarning
    with warnings.catch_warnings():
        warnings.simplefilter("always")
        with printable_warnings():
            warnings.warn("name \x1b]0;owned\x07\u202e end", UserWarning, stacklevel=1)
        assert warnings.showwarning is before
    err = capsys.readouterr().err
    assert "name \\x1b]0;owned\\x07\\u202e end" in err and not any(c in err for c in "\x1b\x07\u202e"), err
#: A warning's text as a library might quote a log: a title change, a bell, a right-to-left override.
_HOSTILE_WARNING = "name \x1b]0;owned\x07\u202e end"


@pytest.mark.parametrize("engine", ["local", pytest.param("dask", marks=pytest.mark.slow)])
def test_a_warning_in_a_spawned_or_dask_worker_is_printed_escaped_as_in_the_parent(engine, capfd):
    """``build --jobs N`` spawns its workers, and ``--engine dask`` starts a local cluster's: fresh
    interpreters, which inherit no warning hook. A warning there reaches the terminal escaped, as in
    the command's own process."""
    import warnings

    from mjlog.parallel.engine import run_tasks
    from mjlog.text import printable_warnings

    if engine == "dask":
        pytest.importorskip("dask.distributed")
    tasks = [(_HOSTILE_WARNING, UserWarning)] * 2   # the task is warnings.warn itself: a worker imports nothing
    with printable_warnings():
        list(run_tasks(warnings.warn, tasks, jobs=2, engine=engine, start_method="spawn"))
    err = capfd.readouterr().err
    assert "name \\x1b]0;owned\\x07\\u202e end" in err and not any(c in err for c in "\x1b\x07\u202e"), err
