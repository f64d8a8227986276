"""Fetching Tenhou logs politely: one connection, a delay, retries with back-off, atomic gzip files.

Each log is saved as ``OUT/<id>.xml.gz`` (gzip of the mjlog XML Tenhou serves). A file is first
written under a hidden temporary name in the same directory and renamed when complete, so a
cut download never leaves a file under its final name, and a re-run skips every log on disk.
Downloaded index files are kept in ``OUT/index/`` (named ``*.index`` so that ``mjlog audit OUT``
does not take them for logs) and reused.

The URL shapes (below ``--base-url``, ``https://tenhou.net`` by default):

- a log: ``/0/log/?<id>``
- a year's archive of index files: ``/sc/raw/scraw<year>.zip``
- the recent index files: the list ``/sc/raw/list.cgi``, then each file ``/sc/raw/dat/<name>``

A server is untrusted: every body is written to a file as it arrives, under a size limit
(:data:`MAX_LOG_BYTES` for a log), never held whole in memory while it downloads; a request
has a total time limit (``Politeness.max_time``) besides the stall limit of each read; and
every text of the server's that reaches a message (the reason phrase, ``Location``, an
error's text) is escaped by :func:`mjlog.text.printable` and cut to :data:`SERVER_TEXT_CHARS`.
"""

from __future__ import annotations

import email.utils
import gzip
import http.client
import os
import re
import socket
import sys
import tempfile
import threading
import time
import urllib.parse
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import BinaryIO

from mjlog import __version__
from mjlog.errors import MalformedLogError, MjlogError
from mjlog.fetch.body import PIECE, BodyDamaged, BodySink, BodyTooLarge
from mjlog.fetch.index import MAX_ARCHIVE_BYTES, MAX_INDEX_BYTES, LogRef
from mjlog.formats.source import MAX_LOG_BYTES
from mjlog.text import printable

DEFAULT_BASE_URL = "https://tenhou.net"
LOG_PATH = "/0/log/?{log_id}"
ARCHIVE_PATH = "/sc/raw/scraw{year}.zip"
RECENT_LIST_PATH = "/sc/raw/list.cgi"
RECENT_FILE_PATH = "/sc/raw/dat/{name}"
#: The most of an error response's body read (to keep the connection); a longer one closes it.
ERROR_BODY_BYTES = 64 * 1024
#: The most characters of one server text (a reason phrase, a ``Location``) shown in a message.
SERVER_TEXT_CHARS = 200
USER_AGENT = f"mjlog/{__version__} (log fetcher; one connection, delayed requests)"
RETRYABLE_STATUS = frozenset({408, 425, 429, 500, 502, 503, 504})


@dataclass(frozen=True, slots=True)
class Politeness:
    """How gently to ask: seconds between requests, retries, back-off and caps."""

    delay: float = 3.0        # seconds from the end of one request to the start of the next
    retries: int = 4          # further attempts after a 429, a 5xx, a timeout or a cut body
    backoff: float = 5.0      # the first retry's wait; each further retry doubles it
    max_wait: float = 600.0   # the longest wait; a Retry-After above it ends the retries
    timeout: float = 60.0     # seconds a connect or a read may stall
    max_time: float = 300.0   # seconds one request may take in all, its body included


class FetchError(MjlogError):
    """A request that failed for good: ``line()`` is the one-line message for the user."""

    def __init__(self, url: str, reason: str, status: int | None = None, stop: str | None = None):
        self.url, self.reason, self.status = url, reason, status
        #: Why no further request should be made (the server asks it, or cannot be reached), or None.
        self.stop = stop
        super().__init__(self.line())

    @property
    def rate_limited(self) -> bool:
        return self.status == 429

    def line(self) -> str:
        """The message, safe to print (the server's text in it escaped)."""
        return printable(f"{self.reason} ({self.url})")


def server_text(text: str | None) -> str:
    r"""A text the server sent, escaped for a terminal and cut to :data:`SERVER_TEXT_CHARS`.

    >>> server_text("Moved\x1b]0;owned\x07")
    'Moved\\x1b]0;owned\\x07'
    """
    text = text or ""
    if len(text) > SERVER_TEXT_CHARS:
        text = text[:SERVER_TEXT_CHARS] + f"... ({len(text)} characters)"
    return printable(text)


class _Expired(Exception):
    """The request's total time limit passed."""


class _Retry(Exception):
    """An attempt that may succeed later; ``after`` is the server's Retry-After in seconds, if any."""

    def __init__(self, reason: str, status: int | None = None, after: float | None = None):
        super().__init__(reason)
        self.reason, self.status, self.after = reason, status, after


def retry_after_seconds(value: str | None, now: float | None = None) -> float | None:
    """Retry-After as seconds: a number of seconds or an HTTP date (None when absent or unreadable).

    >>> retry_after_seconds("7"), retry_after_seconds(None), retry_after_seconds("soon")
    (7.0, None, None)
    """
    if not value:
        return None
    value = value.strip()
    if value.isdigit():
        return float(value)
    try:
        when = email.utils.parsedate_to_datetime(value).timestamp()
    except (TypeError, ValueError, IndexError):
        return None
    return max(0.0, when - (time.time() if now is None else now))


class PoliteClient:
    """GETs under one base URL over a single kept-alive connection, spaced and retried.

    ``sleep`` and ``clock`` are injectable so tests can see the waits without waiting.
    """

    def __init__(self, base_url: str = DEFAULT_BASE_URL, politeness: Politeness = Politeness(),
                 sleep: Callable[[float], None] = time.sleep, clock: Callable[[], float] = time.monotonic):
        parts = urllib.parse.urlsplit(base_url)
        if parts.scheme not in ("http", "https") or not parts.hostname:
            raise ValueError(f"base URL must be http:// or https:// with a host, not {base_url!r}")
        self.scheme, self.host, self.port = parts.scheme, parts.hostname, parts.port
        self.prefix = parts.path.rstrip("/")
        self.base_url = f"{parts.scheme}://{parts.netloc}{self.prefix}"
        self.politeness = politeness
        self.sleep, self.clock = sleep, clock
        self.waits: list[float] = []         # every wait taken (spacing and back-off), in order
        self.requests = 0
        self._conn: http.client.HTTPConnection | None = None
        self._last_end: float | None = None

    def url(self, path: str) -> str:
        return self.base_url + path

    def close(self) -> None:
        if self._conn is not None:
            self._conn.close()
            self._conn = None

    def __enter__(self) -> PoliteClient:
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def _wait(self, seconds: float) -> None:
        if seconds > 0:
            self.waits.append(seconds)
            self.sleep(seconds)

    def get(self, path: str, limit: int = MAX_LOG_BYTES, spool_dir: str | os.PathLike | None = None) -> bytes:
        """The body of ``path`` (decoded from gzip), at most ``limit`` bytes; FetchError when it cannot
        be had. The body is spooled in an unnamed temporary file in ``spool_dir`` (the system's
        temporary directory by default), removed whatever happens."""
        with tempfile.TemporaryFile(dir=None if spool_dir is None else str(spool_dir)) as fh:
            self._fetch_into(path, fh, limit)
            fh.seek(0)
            return fh.read()

    def download(self, path: str, dest: Path, limit: int) -> None:
        """Save the body of ``path`` (decoded from gzip, at most ``limit`` bytes) as ``dest``: written
        under a hidden temporary name beside it and renamed when complete, removed on failure."""
        dest.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=dest.parent, prefix=f".{dest.name}.", suffix=".part")
        try:
            with os.fdopen(fd, "w+b") as fh:
                self._fetch_into(path, fh, limit)
            os.replace(tmp, dest)
        except BaseException:
            os.unlink(tmp)
            raise

    def _fetch_into(self, path: str, fh: BinaryIO, limit: int) -> None:
        """Write the body of ``path`` to ``fh``, retrying what may pass; FetchError for what will not."""
        p = self.politeness
        url = self.url(path)
        for attempt in range(p.retries + 1):
            if self._last_end is not None:
                self._wait(self._last_end + p.delay - self.clock())
            fh.seek(0)
            fh.truncate()
            try:
                return self._timed_attempt(path, url, fh, limit)
            except _Retry as r:
                self.close()
                if attempt == p.retries:
                    raise FetchError(url, f"{r.reason}; gave up after {attempt + 1} attempts", r.status) from None
                wait = p.backoff * 2 ** attempt if r.after is None else r.after
                if wait > p.max_wait:
                    raise FetchError(url, f"{r.reason}; the server asks to wait {wait:.0f} s, more than "
                                          f"--max-wait {p.max_wait:.0f} s", r.status) from None
                self._wait(wait)
        raise AssertionError("unreachable")  # the loop returns or raises

    def _timed_attempt(self, path: str, url: str, fh: BinaryIO, limit: int) -> None:
        """One attempt under the total time limit; its end (whatever the result) is when the next
        request's delay starts. At the limit a watchdog shuts the socket, which ends any read."""
        expired = threading.Event()
        watchdog = threading.Timer(self.politeness.max_time, self._expire, (expired,))
        watchdog.daemon = True
        watchdog.start()
        try:
            self._attempt(path, url, fh, limit, expired)
        except (_Retry, _Expired):
            if not expired.is_set():
                raise
            self.close()
            raise FetchError(url, f"the request took longer than its limit of {self.politeness.max_time:g} s "
                                  "(--max-time)") from None
        finally:
            watchdog.cancel()
            self._last_end = self.clock()
            if expired.is_set():
                self.close()

    def _expire(self, expired: threading.Event) -> None:
        expired.set()
        sock = self._conn.sock if self._conn is not None else None
        if sock is not None:
            try:
                sock.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass

    def _connection(self) -> http.client.HTTPConnection:
        if self._conn is None:
            cls = http.client.HTTPSConnection if self.scheme == "https" else http.client.HTTPConnection
            self._conn = cls(self.host, self.port, timeout=self.politeness.timeout)
        return self._conn

    def _attempt(self, path: str, url: str, fh: BinaryIO, limit: int, expired: threading.Event) -> None:
        """One request: the body written to ``fh``, or _Retry for what may pass, or FetchError for what will not."""
        self.requests += 1
        headers = {"User-Agent": USER_AGENT, "Accept-Encoding": "gzip", "Connection": "keep-alive"}
        try:
            conn = self._connection()
            if conn.sock is None:
                conn.connect()
            if expired.is_set():
                raise _Expired()
            conn.request("GET", self.prefix + path, headers=headers)
            resp = conn.getresponse()
            if resp.status == 200:
                _check_length(resp, url, limit)
                sink = BodySink(fh, limit, gzip=(resp.getheader("Content-Encoding") or "").strip().lower() == "gzip")
                _stream(resp, sink, expired)
            elif not _drain(resp, expired):
                self.close()
        except socket.gaierror as exc:
            raise FetchError(url, f"the host name {self.host} does not resolve ({exc.strerror or exc})",
                             stop="the server's host name does not resolve") from None
        except TimeoutError:
            raise _Retry(f"timed out after {self.politeness.timeout:g} s") from None
        except http.client.IncompleteRead as exc:
            raise _Retry(f"the body was cut short ({len(exc.partial)} bytes received)") from None
        except BodyTooLarge as exc:
            self.close()
            raise FetchError(url, exc.reason) from None
        except BodyDamaged as exc:
            raise _Retry(exc.reason) from None
        except (ConnectionError, http.client.HTTPException, OSError, ValueError) as exc:
            raise _Retry(f"connection failed ({exc.__class__.__name__}: {server_text(str(exc))})") from None
        if resp.will_close:
            self.close()
        _check_status(resp, url)


def _check_status(resp: http.client.HTTPResponse, url: str) -> None:
    """Nothing for a 200; _Retry for a status that may pass, FetchError for one that will not."""
    status = resp.status
    if status == 200:
        return
    reason = f"HTTP {status} {server_text(resp.reason) or http.client.responses.get(status, '')}".rstrip()
    if status in RETRYABLE_STATUS:
        raise _Retry(reason, status, retry_after_seconds(resp.getheader("Retry-After")))
    if status == 404:
        reason += ": no such file on the server"
    elif 300 <= status < 400:
        reason += f": redirected to {server_text(resp.getheader('Location', '?'))} (set --base-url to it)"
    raise FetchError(url, reason, status)


def _check_length(resp: http.client.HTTPResponse, url: str, limit: int) -> None:
    """Refuse before reading a body whose Content-Length is over ``limit``."""
    length = (resp.getheader("Content-Length") or "").strip()
    if re.fullmatch(r"[0-9]{1,30}", length) and int(length) > limit:
        raise BodyTooLarge(f"the response of {length} bytes is over the limit of {limit}")


def _stream(resp: http.client.HTTPResponse, sink: BodySink, expired: threading.Event) -> None:
    """Every byte of the body into ``sink``, a piece at a time; _Expired at the time limit."""
    while True:
        if expired.is_set():
            raise _Expired()
        piece = resp.read1(PIECE)
        if not piece:
            break
        sink.write(piece)
    if expired.is_set():
        raise _Expired()
    if resp.length:   # the connection closed before the announced Content-Length
        raise _Retry(f"the body was cut short ({sink.received} bytes received)")
    resp.close()      # the body is read: the kept-alive connection may take the next request
    sink.finish()


def _drain(resp: http.client.HTTPResponse, expired: threading.Event) -> bool:
    """Read and drop an error response's body: True when it ended within :data:`ERROR_BODY_BYTES`."""
    left = ERROR_BODY_BYTES
    while left > 0 and not expired.is_set():
        piece = resp.read1(left)
        if not piece:
            resp.close()
            return not resp.length
        left -= len(piece)
    return False


# ---- saving ---------------------------------------------------------------------------------


def log_path(out_dir: str | os.PathLike, log_id: str) -> Path:
    """Where a fetched log lives: ``OUT/<id>.xml.gz``."""
    return Path(out_dir) / f"{log_id}.xml.gz"


def save_atomic(path: Path, data: bytes) -> None:
    """Write ``data`` to a hidden temporary file beside ``path``, then rename it to ``path``."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".part")
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
        os.replace(tmp, path)
    except BaseException:
        os.unlink(tmp)
        raise


def check_log(body: bytes, log_id: str) -> None:
    """Refuse a body that is not a readable log (an error page, a cut body): MalformedLogError."""
    from mjlog.formats.reader import read_log

    read_log(body, log_id)


@dataclass
class FetchSummary:
    """What a run did: logs fetched, already on disk, failed (id and message), and why it stopped early."""

    fetched: int = 0
    skipped: int = 0
    failed: list[tuple[str, str]] = field(default_factory=list)
    stopped: str | None = None

    def line(self) -> str:
        text = f"fetched {self.fetched} logs, {self.skipped} already on disk, {len(self.failed)} failed"
        return text + (f"; stopped: {self.stopped}" if self.stopped else "")


def fetch_logs(client: PoliteClient, refs: Iterable[LogRef], out_dir: str | os.PathLike,
               progress: bool = False, on_error: Callable[[str, str], None] | None = None) -> FetchSummary:
    """Fetch each log not yet on disk; a 429 that outlasts the retries stops the run (the server asks it)."""
    refs = list(refs)
    summary = FetchSummary()
    bar = None
    if progress:
        from tqdm import tqdm

        bar = tqdm(total=len(refs), unit="log", file=sys.stderr, leave=False, mininterval=0)  # requests are seconds apart
    try:
        for ref in refs:
            path = log_path(out_dir, ref.log_id)
            if path.exists():
                summary.skipped += 1
            else:
                failure = _fetch_one(client, ref.log_id, path)
                if failure is None:
                    summary.fetched += 1
                else:
                    message = failure.line() if isinstance(failure, FetchError) else failure
                    summary.failed.append((ref.log_id, message))
                    if on_error is not None:
                        on_error(ref.log_id, message)
                    if isinstance(failure, FetchError) and (failure.rate_limited or failure.stop):
                        summary.stopped = failure.stop or "the server keeps answering 429 Too Many " \
                                                          "Requests; try later with a longer --delay"
                        break
            if bar is not None:
                bar.update(1)
    finally:
        if bar is not None:
            bar.close()
    return summary


def _fetch_one(client: PoliteClient, log_id: str, path: Path) -> FetchError | str | None:
    """Fetch and save one log: None, or why it failed (a FetchError, or a line)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    for stale in path.parent.glob(f".{path.name}.*.part"):   # left by a run that was killed mid-write
        stale.unlink(missing_ok=True)
    try:
        body = client.get(LOG_PATH.format(log_id=log_id), MAX_LOG_BYTES, spool_dir=path.parent)
        check_log(body, log_id)
    except FetchError as exc:
        return exc
    except MalformedLogError as exc:
        return printable(f"not a readable log: {exc.reason} ({client.url(LOG_PATH.format(log_id=log_id))})")
    save_atomic(path, gzip.compress(body, mtime=0))
    return None


# ---- index files ----------------------------------------------------------------------------


def fetch_index_file(client: PoliteClient, path: str, cache: Path, limit: int = MAX_INDEX_BYTES) -> Path:
    """``cache``, downloaded from ``path`` (at most ``limit`` bytes) unless an earlier run saved it."""
    if not cache.exists():
        client.download(path, cache, limit)
    return cache


def fetch_archive(client: PoliteClient, path: str, cache: Path) -> Path:
    """A year's archive zip: :func:`fetch_index_file` under :data:`MAX_ARCHIVE_BYTES`."""
    return fetch_index_file(client, path, cache, MAX_ARCHIVE_BYTES)


def index_cache(out_dir: str | os.PathLike, name: str) -> Path:
    """Where a downloaded index file is kept: ``OUT/index/<name>.index``."""
    return Path(out_dir) / "index" / f"{name}.index"
