"""mjlog fetch against a real HTTP server on 127.0.0.1: success, resume, HTTP errors, archives.

No test touches the internet: every URL is the loopback server's (tests/support/fetch_server.py).
"""

from __future__ import annotations

import gzip
import io
import os
import zipfile

import pytest

from mjlog.cli import main
from mjlog.fetch.client import FetchError, Politeness, PoliteClient, fetch_logs, log_path
from mjlog.fetch.index import LogFilter, LogRef, ids_in_text, recent_files, refs_in_index
from mjlog.formats.reader import iter_log_files, read_log
from tests.support.fetch_server import RecordedServer, Reply
from tests.support.xmlbuild import simple_game4

ID_A = "2019010100gm-00a9-0000-4c2d9c49"      # houou 4p south
ID_B = "2019010101gm-00a9-0000-0b366d75"      # houou 4p south
ID_TOKU_EAST = "2019010102gm-0021-0000-1a2b3c4d"  # tokujou 4p east
ID_SANMA = "2019010103gm-00b9-0000-5e6f7a8b"      # houou 3p south
LOG = simple_game4()
FAST = ["--delay", "0", "--backoff", "0.01", "--timeout", "2", "--no-progress"]


def log_url(log_id: str) -> str:
    return f"/0/log/?{log_id}"


class FakeTime:
    """A clock that moves only when slept on: waits are recorded, not waited."""

    def __init__(self) -> None:
        self.now = 0.0

    def sleep(self, s: float) -> None:
        self.now += s

    def clock(self) -> float:
        return self.now


def client(server: RecordedServer, fake: FakeTime | None = None, **polite) -> PoliteClient:
    p = Politeness(**{"delay": 0, "backoff": 0.01, "timeout": 2, **polite})
    if fake is None:
        return PoliteClient(server.base_url, p)
    return PoliteClient(server.base_url, p, sleep=fake.sleep, clock=fake.clock)


@pytest.fixture
def server():
    with RecordedServer() as s:
        yield s


def test_fetch_saves_each_log_gzipped_under_its_id(server, tmp_path, capsys):
    server.serve(log_url(ID_A), Reply(body=LOG))
    server.serve(log_url(ID_B), Reply(body=LOG, gzip=True))
    rc = main(["fetch", ID_A, f"http://tenhou.net/0/?log={ID_B}&tw=2", "-o", str(tmp_path),
               "--base-url", server.base_url, *FAST])
    assert rc == 0
    assert "fetched 2 logs, 0 already on disk, 0 failed" in capsys.readouterr().out
    for log_id in (ID_A, ID_B):
        data = (tmp_path / f"{log_id}.xml.gz").read_bytes()
        assert gzip.decompress(data) == LOG
        assert read_log(tmp_path / f"{log_id}.xml.gz").players[0].name == "Alice"
    assert not [p for p in os.listdir(tmp_path) if p.endswith(".part")]


def test_fetch_uses_one_connection_for_all_requests(server, tmp_path):
    for log_id in (ID_A, ID_B, ID_SANMA):
        server.serve(log_url(log_id), Reply(body=LOG))
    with client(server) as c:
        summary = fetch_logs(c, ids_in_text(f"{ID_A} {ID_B} {ID_SANMA}"), tmp_path)
    assert summary.fetched == 3
    assert len({h.port for h in server.hits}) == 1


def test_rerun_skips_logs_on_disk(server, tmp_path, capsys):
    server.serve(log_url(ID_A), Reply(body=LOG))
    server.serve(log_url(ID_B), Reply(body=LOG))
    assert main(["fetch", ID_A, "-o", str(tmp_path), "--base-url", server.base_url, *FAST]) == 0
    assert main(["fetch", ID_A, ID_B, "-o", str(tmp_path), "--base-url", server.base_url, *FAST]) == 0
    assert "fetched 1 logs, 1 already on disk, 0 failed" in capsys.readouterr().out.splitlines()[-1]
    assert server.paths() == [log_url(ID_A), log_url(ID_B)]


def test_cut_body_leaves_no_file_and_a_rerun_resumes(server, tmp_path, capsys):
    server.serve(log_url(ID_A), Reply(body=LOG))
    server.serve(log_url(ID_B), Reply(body=LOG, cut_after=100), Reply(body=LOG))
    args = ["fetch", ID_A, ID_B, "-o", str(tmp_path), "--base-url", server.base_url, *FAST]
    assert main([*args, "--retries", "0"]) == 1
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and ID_B in err[0] and "cut short (100 bytes received)" in err[0]
    assert sorted(os.listdir(tmp_path)) == [f"{ID_A}.xml.gz"]    # nothing under B's name, no .part left
    assert main(args) == 0
    assert server.paths() == [log_url(ID_A), log_url(ID_B), log_url(ID_B)]
    assert gzip.decompress((tmp_path / f"{ID_B}.xml.gz").read_bytes()) == LOG


def test_a_killed_runs_temporary_file_is_cleared(server, tmp_path):
    stale = tmp_path / f".{ID_A}.xml.gz.k3j2.part"
    stale.write_bytes(b"half a log")
    server.serve(log_url(ID_A), Reply(body=LOG))
    with client(server) as c:
        assert fetch_logs(c, [LogRef(ID_A, 0xA9)], tmp_path).fetched == 1
    assert sorted(os.listdir(tmp_path)) == [f"{ID_A}.xml.gz"]


def test_cut_body_is_retried(server, tmp_path):
    server.serve(log_url(ID_A), Reply(body=LOG, cut_after=10), Reply(body=LOG))
    with client(server) as c:
        assert fetch_logs(c, [LogRef(ID_A, 0xA9)], tmp_path).fetched == 1
    assert server.paths() == [log_url(ID_A)] * 2


def test_404_is_not_retried_and_reported_in_one_line(server, tmp_path, capsys):
    rc = main(["fetch", ID_A, "-o", str(tmp_path), "--base-url", server.base_url, *FAST])
    assert rc == 1
    err = capsys.readouterr().err.strip().splitlines()
    assert err == [f"mjlog: {ID_A}: HTTP 404 Not Found: no such file on the server "
                   f"({server.base_url}/0/log/?{ID_A})"]
    assert server.paths() == [log_url(ID_A)]
    assert os.listdir(tmp_path) == []


def test_429_waits_as_retry_after_asks(server, tmp_path):
    server.serve(log_url(ID_A), Reply(429, b"slow down", {"Retry-After": "7"}), Reply(body=LOG))
    fake = FakeTime()
    with client(server, fake, backoff=1) as c:
        assert fetch_logs(c, [LogRef(ID_A, 0xA9)], tmp_path).fetched == 1
    assert c.waits == [7.0]


def test_retry_after_above_max_wait_ends_the_retries(server):
    server.serve(log_url(ID_A), Reply(429, b"", {"Retry-After": "3600"}))
    with client(server, FakeTime(), max_wait=60) as c, pytest.raises(FetchError) as exc:
        c.get(log_url(ID_A))
    assert exc.value.status == 429 and "asks to wait 3600 s, more than --max-wait 60 s" in exc.value.line()
    assert server.paths() == [log_url(ID_A)]


def test_429_that_outlasts_the_retries_stops_the_run(server, tmp_path, capsys):
    server.serve(log_url(ID_A), Reply(429, b""))
    server.serve(log_url(ID_B), Reply(body=LOG))
    rc = main(["fetch", ID_A, ID_B, "-o", str(tmp_path), "--base-url", server.base_url, *FAST, "--retries", "2"])
    assert rc == 1
    out, err = capsys.readouterr()
    assert "HTTP 429 Too Many Requests; gave up after 3 attempts" in err
    assert "stopped: the server keeps answering 429" in out
    assert server.paths() == [log_url(ID_A)] * 3       # B never asked for


@pytest.mark.parametrize("status", [500, 502, 503, 504])
def test_5xx_is_retried_with_doubling_back_off(server, tmp_path, status):
    server.serve(log_url(ID_A), Reply(status), Reply(status), Reply(status), Reply(body=LOG))
    fake = FakeTime()
    with client(server, fake, backoff=5, delay=1) as c:
        assert fetch_logs(c, [LogRef(ID_A, 0xA9)], tmp_path).fetched == 1
    # each retry: the back-off, then the spacing delay (the back-off already covered it: no wait)
    assert c.waits == [5.0, 10.0, 20.0]


def test_5xx_gives_up_after_the_retries_and_the_run_goes_on(server, tmp_path, capsys):
    server.serve(log_url(ID_A), Reply(503))
    server.serve(log_url(ID_B), Reply(body=LOG))
    rc = main(["fetch", ID_A, ID_B, "-o", str(tmp_path), "--base-url", server.base_url, *FAST, "--retries", "1"])
    assert rc == 1
    out, err = capsys.readouterr()
    assert f"mjlog: {ID_A}: HTTP 503 Service Unavailable; gave up after 2 attempts" in err
    assert "fetched 1 logs, 0 already on disk, 1 failed" in out
    assert (tmp_path / f"{ID_B}.xml.gz").exists() and not (tmp_path / f"{ID_A}.xml.gz").exists()


def test_delay_spaces_the_requests(server, tmp_path):
    for log_id in (ID_A, ID_B):
        server.serve(log_url(log_id), Reply(body=LOG))
    fake = FakeTime()
    with client(server, fake, delay=3) as c:
        fetch_logs(c, [LogRef(ID_A, 0xA9), LogRef(ID_B, 0xA9)], tmp_path)
    assert c.waits == [3.0]


def test_slow_body_within_the_timeout_is_read(server, tmp_path):
    server.serve(log_url(ID_A), Reply(body=LOG, pause=0.02, chunk=512))
    with client(server, timeout=2) as c:
        assert fetch_logs(c, [LogRef(ID_A, 0xA9)], tmp_path).fetched == 1


def test_stalled_body_times_out_and_is_retried(server, tmp_path):
    server.serve(log_url(ID_A), Reply(body=LOG, pause=1.0, chunk=len(LOG) // 2), Reply(body=LOG))
    with client(server, timeout=0.3) as c:
        assert fetch_logs(c, [LogRef(ID_A, 0xA9)], tmp_path).fetched == 1
    assert server.paths() == [log_url(ID_A)] * 2


def test_a_body_that_is_not_a_log_is_refused(server, tmp_path, capsys):
    server.serve(log_url(ID_A), Reply(body=b"<html>no such log</html>"))
    assert main(["fetch", ID_A, "-o", str(tmp_path), "--base-url", server.base_url, *FAST]) == 1
    assert f"mjlog: {ID_A}: not a readable log" in capsys.readouterr().err
    assert os.listdir(tmp_path) == []


# ---- archive index files ----------------------------------------------------------------


def index_line(log_id: str, label: str = "四鳳南喰赤－") -> str:
    return (f'00:13 | 23 | {label} | <a href="http://tenhou.net/0/?log={log_id}">牌譜</a> | '
            f"A(+52.0) B(+9.0) C(-19.0) D(-42.0)<br>\n")


def year_zip() -> bytes:
    day1 = index_line(ID_A) + index_line(ID_TOKU_EAST, "四特東喰赤－") + index_line(ID_SANMA, "三鳳南喰赤－")
    day2 = index_line(ID_B) + index_line(ID_A)
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as z:
        z.writestr("2019/scc20190102.html.gz", gzip.compress(day2.encode()))
        z.writestr("2019/scc20190101.html.gz", gzip.compress(day1.encode()))
        z.writestr("2019/sca20190101.txt", "2019010104gm-00a9-0000-99999999 is not a game list")
    return buf.getvalue()


def test_archive_index_ids_in_date_order_filtered_by_room_and_type():
    refs = refs_in_index(year_zip(), "scraw2019.zip")
    assert [r.log_id for r in refs] == [ID_A, ID_TOKU_EAST, ID_SANMA, ID_B, ID_A]
    houou4 = LogFilter(frozenset({"houou"}), frozenset({"4p-south"})).select(refs)
    assert [r.log_id for r in houou4] == [ID_A, ID_B]
    assert [r.log_id for r in LogFilter(kinds=frozenset({"4p-east"})).select(refs)] == [ID_TOKU_EAST]
    assert [r.log_id for r in LogFilter(limit=2).select(refs)] == [ID_A, ID_TOKU_EAST]


def test_fetch_year_downloads_the_archive_once_and_fetches_the_chosen_logs(server, tmp_path, capsys):
    server.serve("/sc/raw/scraw2019.zip", Reply(body=year_zip()))
    for log_id in (ID_A, ID_B):
        server.serve(log_url(log_id), Reply(body=LOG))
    args = ["fetch", "--year", "2019", "--room", "houou", "--type", "4p-south", "-o", str(tmp_path),
            "--base-url", server.base_url, *FAST]
    assert main(args) == 0
    assert main(args) == 0
    assert server.paths() == ["/sc/raw/scraw2019.zip", log_url(ID_A), log_url(ID_B)]
    assert (tmp_path / "index" / "scraw2019.zip.index").exists()
    # what 'mjlog audit OUT' walks: the logs, not the kept index
    assert sorted(p.name for p in iter_log_files([tmp_path])) == [f"{ID_A}.xml.gz", f"{ID_B}.xml.gz"]
    assert "fetched 0 logs, 2 already on disk" in capsys.readouterr().out.splitlines()[-1]


def test_fetch_recent_reads_the_list_and_its_index_files(server, tmp_path):
    listing = "list([\n{file:'scc2024010100.html.gz',size:100},\n{file:'sca2024010100.html.gz',size:9},\n]);\n"
    assert recent_files(listing) == ["scc2024010100.html.gz"]
    server.serve("/sc/raw/list.cgi", Reply(body=listing.encode()))
    server.serve("/sc/raw/dat/scc2024010100.html.gz", Reply(body=gzip.compress(index_line(ID_SANMA).encode())))
    server.serve(log_url(ID_SANMA), Reply(body=LOG))
    assert main(["fetch", "--recent", "-o", str(tmp_path), "--base-url", server.base_url, *FAST]) == 0
    assert server.paths() == ["/sc/raw/list.cgi", "/sc/raw/dat/scc2024010100.html.gz", log_url(ID_SANMA)]


def test_fetch_from_an_archive_and_a_list_on_disk(server, tmp_path):
    (tmp_path / "scraw2019.zip").write_bytes(year_zip())
    (tmp_path / "ids.txt").write_text(f"# my games\n{ID_SANMA}\n{ID_TOKU_EAST}\n")
    for log_id in (ID_A, ID_SANMA):
        server.serve(log_url(log_id), Reply(body=LOG))
    out = tmp_path / "logs"
    rc = main(["fetch", "--archive", str(tmp_path / "scraw2019.zip"), "--list", str(tmp_path / "ids.txt"),
               "--type", "3p-south", "--type", "4p-south", "--room", "houou", "--limit", "2", "-o", str(out),
               "--base-url", server.base_url, *FAST])
    assert rc == 0
    # ids on the command line, then lists, then archives: the list's sanma (its toku-east is not
    # chosen), then the archive's A; the --limit stops there
    assert server.paths() == [log_url(ID_SANMA), log_url(ID_A)]
    assert sorted(os.listdir(out)) == sorted([f"{ID_A}.xml.gz", f"{ID_SANMA}.xml.gz"])


def test_a_damaged_archive_is_a_one_line_error(tmp_path, capsys):
    bad = tmp_path / "scraw2019.zip"
    bad.write_bytes(b"PK\x03\x04 not really a zip")
    assert main(["fetch", "--archive", str(bad), "-o", str(tmp_path / "o"), "--no-progress"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("mjlog: cannot read the index:") and "not a zip archive" in err[0]


def test_fetch_without_a_source_is_a_usage_error(capsys):
    assert main(["fetch", "--no-progress"]) == 2
    assert "give log ids" in capsys.readouterr().err


def test_fetch_help_documents_the_politeness_settings(capsys):
    with pytest.raises(SystemExit):
        main(["fetch", "--help"])
    text = capsys.readouterr().out
    for option in ("--delay", "--retries", "--backoff", "--max-wait", "--timeout", "Retry-After",
                   "one connection", "--base-url", "--no-progress"):
        assert option in text


def test_progress_bar_counts_the_logs_on_stderr(server, tmp_path, capsys):
    server.serve(log_url(ID_A), Reply(body=LOG))
    with client(server) as c:
        fetch_logs(c, [LogRef(ID_A, 0xA9), LogRef(ID_A, 0xA9)], tmp_path, progress=True)
    err = capsys.readouterr().err
    assert "2/2" in err and "log" in err


def test_log_path_is_the_id_with_xml_gz():
    assert log_path("out", ID_A).name == f"{ID_A}.xml.gz"
