"""`mjlog fetch` against a hostile server and hostile files: escaped text, bounded bodies and time.

Every server here is the loopback one of tests/support/fetch_server.py; the limits are passed
small where the client takes them, and the defaults are checked through the command.
"""

from __future__ import annotations

import gzip
import io
import os
import re
import socket
import threading
import time
import zipfile

import pytest

from mjlog.cli import main
from mjlog.fetch.body import BodySink, BodyTooLarge
from mjlog.fetch.client import SERVER_TEXT_CHARS, FetchError, fetch_logs
from mjlog.fetch.index import MAX_ARCHIVE_BYTES, MAX_INDEX_BYTES, LogRef, refs_in_zip
from mjlog.formats.source import MAX_GZIP_MEMBERS, MAX_LOG_BYTES
from tests.fetch.test_fetch import FAST, ID_A, ID_B, LOG, client, index_line, log_url
from tests.support.fetch_server import RecordedServer, Reply

#: A title change, a screen clear and a C1 CSI: what a status line and a header (Latin-1) can carry.
HOSTILE = "\x1b]0;owned\x07\x1b[2J\x9b31m"
#: Raw control characters (what printable() escapes) that must never reach the terminal.
RAW_CONTROL = re.compile("[\x00-\x09\x0b-\x1f\x7f-\x9f\u202e]")
MIB = 1024 * 1024


@pytest.fixture
def server():
    with RecordedServer() as s:
        yield s


def run_fetch(server, out, *args) -> int:
    return main(["fetch", *args, "-o", str(out), "--base-url", server.base_url, *FAST])


# ---- 1. everything the server sends is printed escaped ------------------------------------


def test_reason_phrase_and_location_of_a_redirect_are_printed_escaped(server, tmp_path, capsys):
    server.serve(log_url(ID_A), Reply(301, reason="Moved" + HOSTILE, headers={"Location": "http://x/" + HOSTILE}))
    assert run_fetch(server, tmp_path, ID_A) == 1
    err = capsys.readouterr().err
    assert not RAW_CONTROL.search(err)
    line = err.strip().splitlines()[0]
    assert "HTTP 301 Moved\\x1b]0;owned\\x07\\x1b[2J\\x9b31m" in line
    assert "redirected to http://x/\\x1b]0;owned" in line


def test_reason_phrase_of_a_retried_error_is_printed_escaped(server, tmp_path, capsys):
    server.serve(log_url(ID_A), Reply(503, reason="Busy" + HOSTILE))
    assert run_fetch(server, tmp_path, ID_A, "--retries", "1") == 1
    err = capsys.readouterr().err
    assert not RAW_CONTROL.search(err) and "HTTP 503 Busy\\x1b]0;owned" in err


def test_a_long_reason_phrase_is_cut(server, tmp_path, capsys):
    server.serve(log_url(ID_A), Reply(404, reason="N" * 5000))
    assert run_fetch(server, tmp_path, ID_A) == 1
    err = capsys.readouterr().err
    assert "N" * SERVER_TEXT_CHARS + "... (5000 characters)" in err and "N" * (SERVER_TEXT_CHARS + 1) not in err


def test_a_body_that_is_not_a_log_is_refused_with_its_text_escaped(server, tmp_path, capsys):
    server.serve(log_url(ID_A), Reply(body=f'<mjloggm ver="2.3"><GO type="{HOSTILE}\u202e"/></mjloggm>'.encode()))
    assert run_fetch(server, tmp_path, ID_A) == 1
    err = capsys.readouterr().err
    assert "not a readable log" in err and not RAW_CONTROL.search(err)


# ---- 2. bodies streamed to disk under a size limit -----------------------------------------


def test_an_endless_chunked_body_is_stopped_at_the_limit_and_not_retried(server, tmp_path):
    server.serve(log_url(ID_A), Reply(body=b"x" * 4096, endless=True, chunk=4096))
    with client(server) as c, pytest.raises(FetchError, match=r"over the limit of 1048576 bytes"):
        c.get(log_url(ID_A), limit=MIB, spool_dir=tmp_path)
    assert server.paths() == [log_url(ID_A)]
    assert os.listdir(tmp_path) == []     # the spooled body is gone


def test_an_endless_body_stops_fetch_at_16_mib_with_one_line_and_leaves_no_file(server, tmp_path, capsys):
    server.serve(log_url(ID_A), Reply(body=b"x" * 65536, endless=True, chunk=65536))
    server.serve(log_url(ID_B), Reply(body=LOG))
    out = tmp_path / "out"
    assert run_fetch(server, out, ID_A, ID_B) == 1
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith(f"mjlog: {ID_A}: the response is over the limit of {MAX_LOG_BYTES} bytes")
    assert server.paths() == [log_url(ID_A), log_url(ID_B)]
    assert os.listdir(out) == [f"{ID_B}.xml.gz"]


def test_a_content_length_over_the_limit_is_refused_unread(server):
    server.serve(log_url(ID_A), Reply(body=b"x" * (MIB + 1)))
    with client(server) as c, pytest.raises(FetchError, match=f"response of {MIB + 1} bytes is over the limit"):
        c.get(log_url(ID_A), limit=MIB)


@pytest.mark.parametrize("announced", [True, False], ids=["content-encoding", "magic-bytes"])
def test_a_gzip_bomb_body_is_stopped_at_the_limit_and_not_retried(server, announced):
    bomb = b"\0" * (64 * MIB)
    server.serve(log_url(ID_A), Reply(body=bomb, gzip=True) if announced else Reply(body=gzip.compress(bomb)))
    with client(server) as c, pytest.raises(FetchError, match=r"decompresses to more than 1048576 bytes"):
        c.get(log_url(ID_A), limit=MIB)
    assert server.paths() == [log_url(ID_A)]


def test_a_gzip_bomb_log_stops_fetch_at_16_mib_with_one_line(server, tmp_path, capsys):
    server.serve(log_url(ID_A), Reply(body=b"\0" * (64 * MIB), gzip=True))
    assert run_fetch(server, tmp_path, ID_A) == 1
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and f"decompresses to more than {MAX_LOG_BYTES} bytes" in err[0]
    assert os.listdir(tmp_path) == []


def test_a_download_over_the_limit_leaves_no_temporary_file(server, tmp_path):
    server.serve("/sc/raw/scraw2019.zip", Reply(body=b"x" * 4096, endless=True, chunk=4096))
    dest = tmp_path / "index" / "scraw2019.zip.index"
    with client(server) as c, pytest.raises(FetchError, match="over the limit"):
        c.download("/sc/raw/scraw2019.zip", dest, MIB)
    assert os.listdir(tmp_path / "index") == []


def test_gzip_bodies_of_several_members_are_decoded_and_too_many_refused():
    out = io.BytesIO()
    sink = BodySink(out, MIB)
    for part in (LOG[:100], LOG[100:200], LOG[200:]):
        sink.write(gzip.compress(part))
    sink.write(b"trailing garbage, ignored as gzip(1) does")
    sink.finish()
    assert out.getvalue() == LOG
    sink = BodySink(io.BytesIO(), MIB)
    with pytest.raises(BodyTooLarge, match=f"more than {MAX_GZIP_MEMBERS} members"):
        sink.write(gzip.compress(b"") * (MAX_GZIP_MEMBERS + 1))


def test_a_gzip_body_arriving_a_byte_at_a_time_is_decoded():
    out = io.BytesIO()
    sink = BodySink(out, MIB)
    for b in gzip.compress(LOG) + gzip.compress(b"!"):
        sink.write(bytes([b]))
    sink.finish()
    assert out.getvalue() == LOG + b"!"


# ---- 3. a total time limit per request ------------------------------------------------------


def test_a_slow_loris_body_is_stopped_at_the_time_limit_and_not_retried(server):
    server.serve(log_url(ID_A), Reply(body=b"x", endless=True, chunk=1, pause=0.05))
    start = time.monotonic()
    with client(server, timeout=2, max_time=0.5) as c, \
            pytest.raises(FetchError, match=r"took longer than its limit of 0.5 s \(--max-time\)"):
        c.get(log_url(ID_A))
    assert time.monotonic() - start < 2.5
    assert server.paths() == [log_url(ID_A)]


def test_a_slow_loris_log_is_one_line_and_the_run_goes_on(server, tmp_path, capsys):
    server.serve(log_url(ID_A), Reply(body=LOG, chunk=1, pause=0.05))
    server.serve(log_url(ID_B), Reply(body=LOG))
    assert run_fetch(server, tmp_path, ID_A, ID_B, "--max-time", "0.5") == 1
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "took longer than its limit of 0.5 s" in err[0]
    assert os.listdir(tmp_path) == [f"{ID_B}.xml.gz"]


def test_fetch_help_documents_the_limits(capsys):
    with pytest.raises(SystemExit):
        main(["fetch", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    for words in ("--max-time", "default 300", "16 MiB", "regular files"):
        assert words in text


# ---- 4. --archive and --list: regular files under a limit, damaged members one line ----------


def damaged_zip() -> bytes:
    text = "".join(index_line(f"2019010100gm-00a9-0000-{i:08x}") for i in range(2000)).encode()
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("2019/scc20190101.html", text)
    data = bytearray(buf.getvalue())
    start = 30 + len("2019/scc20190101.html")          # the local header, then the deflate data
    data[start + 40: start + 240] = b"\xff" * 200
    return bytes(data)


def test_a_damaged_zip_member_is_one_line(tmp_path, capsys):
    data = damaged_zip()
    with pytest.raises(Exception) as raw:      # what zipfile alone does with it
        zipfile.ZipFile(io.BytesIO(data)).read("2019/scc20190101.html")
    assert raw.type.__module__ == "zlib" or raw.type is zipfile.BadZipFile
    (tmp_path / "scraw2019.zip").write_bytes(data)
    assert main(["fetch", "--archive", str(tmp_path / "scraw2019.zip"), "-o", str(tmp_path / "o"), "--no-progress"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("mjlog: cannot read the index:") and "member cannot be read" in err[0]
    with pytest.raises(Exception) as typed:
        refs_in_zip(data, "scraw2019.zip")
    assert isinstance(typed.value, ValueError)


def unblock_after(fifo, seconds: float) -> threading.Timer:
    """Open and close the pipe's write end after ``seconds``, so a reader that blocks fails instead of hanging."""
    def writer() -> None:
        try:
            os.close(os.open(fifo, os.O_WRONLY | os.O_NONBLOCK))
        except OSError:
            pass
    t = threading.Timer(seconds, writer)
    t.daemon = True
    t.start()
    return t


@pytest.mark.parametrize("option", ["--archive", "--list"])
def test_a_named_pipe_is_refused_at_once(tmp_path, capsys, option):
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    timer = unblock_after(fifo, 5)
    start = time.monotonic()
    assert main(["fetch", option, str(fifo), "-o", str(tmp_path / "o"), "--no-progress"]) == 2
    timer.cancel()
    assert time.monotonic() - start < 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "a named pipe; only regular files are read" in err[0]


@pytest.mark.parametrize("option", ["--archive", "--list"])
def test_dev_zero_is_refused(tmp_path, capsys, option):
    assert main(["fetch", option, "/dev/zero", "-o", str(tmp_path / "o"), "--no-progress"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "a character device; only regular files are read" in err[0]


def test_a_list_over_the_limit_is_refused_unread(tmp_path, capsys):
    big = tmp_path / "ids.txt"
    with open(big, "wb") as fh:
        fh.truncate(MAX_LOG_BYTES + 1)       # sparse: nothing to read, only the size to check
    assert main(["fetch", "--list", str(big), "-o", str(tmp_path / "o"), "--no-progress"]) == 2
    assert f"over the limit of {MAX_LOG_BYTES}" in capsys.readouterr().err


def _sparse(path, size: int):
    """A file of ``size`` bytes with nothing to read (only its size to check)."""
    with open(path, "wb") as fh:
        fh.truncate(size)
    return path


def _archive_one_line(tmp_path, capsys, path) -> str:
    """``fetch --archive PATH``: exit 2 and one line, which is returned."""
    assert main(["fetch", "--archive", str(path), "-o", str(tmp_path / "o"), "--no-progress"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("mjlog: cannot read the index:") and "Traceback" not in err[0], err
    return err[0]


def test_an_archive_over_its_limit_is_refused_unread_with_one_line(tmp_path, capsys):
    big = _sparse(tmp_path / "scraw2019.zip", MAX_ARCHIVE_BYTES + 1)
    assert f"over the limit of {MAX_ARCHIVE_BYTES}" in _archive_one_line(tmp_path, capsys, big)


def test_an_index_file_over_its_limit_is_refused_unread_with_one_line(tmp_path, capsys):
    big = _sparse(tmp_path / "scc20190101.html", MAX_INDEX_BYTES + 1)
    assert f"index file is larger than {MAX_INDEX_BYTES} bytes" in _archive_one_line(tmp_path, capsys, big)


def test_an_archive_member_over_the_index_limit_is_refused_with_one_line(tmp_path, capsys):
    path = tmp_path / "scraw2019.zip"
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z, z.open("2019/scc20190101.html", "w") as member:
        zeros = bytes(MIB)
        for _ in range(MAX_INDEX_BYTES // MIB):
            member.write(zeros)
        member.write(b"\n")
    line = _archive_one_line(tmp_path, capsys, path)
    assert f"member is larger than {MAX_INDEX_BYTES} bytes" in line and "scc20190101.html" in line


def test_an_endless_index_body_stops_fetch_at_its_limit_with_one_line(server, tmp_path, capsys):
    """``--recent`` downloads each index file under ``MAX_INDEX_BYTES``: an endless one is one line and
    leaves no file."""
    server.serve("/sc/raw/list.cgi", Reply(body=b"list([{file:'scc2024010100.html.gz',size:1}]);"))
    server.serve("/sc/raw/dat/scc2024010100.html.gz", Reply(body=b"x" * 65536, endless=True, chunk=65536))
    out = tmp_path / "out"
    assert run_fetch(server, out, "--recent") == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and f"over the limit of {MAX_INDEX_BYTES} bytes" in err[0], err
    assert os.listdir(out / "index") == []


def test_a_year_archive_is_downloaded_under_the_archive_limit(tmp_path, monkeypatch):
    """What ``--year`` asks of the client: the archive's limit, not a log's or an index file's (the
    limit itself is enforced as every download's, above)."""
    from mjlog.fetch import client as fetch_client

    asked: list[int] = []

    class Recorder:
        def download(self, path, dest, limit):
            asked.append(limit)

    fetch_client.fetch_archive(Recorder(), "/sc/raw/scraw2019.zip", tmp_path / "scraw2019.zip.index")
    fetch_client.fetch_index_file(Recorder(), "/sc/raw/dat/scc.html.gz", tmp_path / "scc.index")
    assert asked == [MAX_ARCHIVE_BYTES, MAX_INDEX_BYTES]


def test_an_archive_zip_is_read_from_disk(tmp_path):
    from mjlog.fetch.index import refs_in_index_file
    from tests.fetch.test_fetch import year_zip

    (tmp_path / "scraw2019.zip").write_bytes(year_zip())
    (tmp_path / "day.html.gz").write_bytes(gzip.compress(index_line(ID_B).encode()))
    assert len(refs_in_index_file(tmp_path / "scraw2019.zip")) == 5
    assert [r.log_id for r in refs_in_index_file(tmp_path / "day.html.gz")] == [ID_B]


# ---- 5. a name that does not resolve fails fast ---------------------------------------------


def test_a_host_that_does_not_resolve_is_one_line_at_once(tmp_path, capsys, monkeypatch):
    lookups: list[str] = []

    def no_such_host(host, *args, **kwargs):
        lookups.append(host)
        raise socket.gaierror(socket.EAI_NONAME, "Name or service not known")

    monkeypatch.setattr(socket, "getaddrinfo", no_such_host)
    rc = main(["fetch", ID_A, ID_B, "-o", str(tmp_path), "--base-url", "http://no-such-host.invalid", *FAST])
    assert rc == 1
    assert lookups == ["no-such-host.invalid"]           # no retries, and no second log tried
    captured = capsys.readouterr()
    err = captured.err.strip().splitlines()
    assert len(err) == 1 and "the host name no-such-host.invalid does not resolve" in err[0]
    assert "stopped: the server's host name does not resolve" in captured.out


def test_a_host_that_does_not_resolve_waits_for_nothing(monkeypatch, tmp_path):
    from tests.fetch.test_fetch import FakeTime

    def no_such_host(*args, **kwargs):
        raise socket.gaierror(socket.EAI_AGAIN, "Temporary failure in name resolution")

    monkeypatch.setattr(socket, "getaddrinfo", no_such_host)
    fake = FakeTime()
    with RecordedServer() as s, client(s, fake, delay=3, backoff=5) as c:
        summary = fetch_logs(c, [LogRef(ID_A, 0xA9), LogRef(ID_B, 0xA9)], tmp_path)
    assert c.waits == [] and c.requests == 1 and len(summary.failed) == 1 and summary.stopped
