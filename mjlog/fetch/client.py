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
"""

from __future__ import annotations

import email.utils
import gzip
import http.client
import os
import sys
import tempfile
import time
import urllib.parse
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path

from mjlog import __version__
from mjlog.errors import MalformedLogError, MjlogError
from mjlog.fetch.index import LogRef
from mjlog.formats.source import GZIP_MAGIC, gunzip

DEFAULT_BASE_URL = "https://tenhou.net"
LOG_PATH = "/0/log/?{log_id}"
ARCHIVE_PATH = "/sc/raw/scraw{year}.zip"
RECENT_LIST_PATH = "/sc/raw/list.cgi"
RECENT_FILE_PATH = "/sc/raw/dat/{name}"
#: The largest response accepted (a year's archive zip is tens of MB).
MAX_RESPONSE_BYTES = 512 * 1024 * 1024
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


class FetchError(MjlogError):
    """A request that failed for good: ``line()`` is the one-line message for the user."""

    def __init__(self, url: str, reason: str, status: int | None = None):
        self.url, self.reason, self.status = url, reason, status
        super().__init__(self.line())

    @property
    def rate_limited(self) -> bool:
        return self.status == 429

    def line(self) -> str:
        return f"{self.reason} ({self.url})"


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

    def get(self, path: str) -> bytes:
        """The body of ``path`` (decoded from gzip transfer); FetchError when it cannot be had."""
        p = self.politeness
        url = self.url(path)
        for attempt in range(p.retries + 1):
            if self._last_end is not None:
                self._wait(self._last_end + p.delay - self.clock())
            try:
                return self._timed_attempt(path, url)
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

    def _timed_attempt(self, path: str, url: str) -> bytes:
        """One attempt; its end (whatever the result) is when the next request's delay starts."""
        try:
            return self._attempt(path, url)
        finally:
            self._last_end = self.clock()

    def _connection(self) -> http.client.HTTPConnection:
        if self._conn is None:
            cls = http.client.HTTPSConnection if self.scheme == "https" else http.client.HTTPConnection
            self._conn = cls(self.host, self.port, timeout=self.politeness.timeout)
        return self._conn

    def _attempt(self, path: str, url: str) -> bytes:
        """One request: the body, or _Retry for what may pass, or FetchError for what will not."""
        self.requests += 1
        headers = {"User-Agent": USER_AGENT, "Accept-Encoding": "gzip", "Connection": "keep-alive"}
        try:
            conn = self._connection()
            conn.request("GET", self.prefix + path, headers=headers)
            resp = conn.getresponse()
            body = _read_body(resp, url)
        except TimeoutError:
            raise _Retry(f"timed out after {self.politeness.timeout:g} s") from None
        except http.client.IncompleteRead as exc:
            raise _Retry(f"the body was cut short ({len(exc.partial)} bytes received)") from None
        except (ConnectionError, http.client.HTTPException, OSError) as exc:
            raise _Retry(f"connection failed ({exc.__class__.__name__}: {exc})") from None
        if resp.will_close:
            self.close()
        status = resp.status
        if status == 200:
            if resp.getheader("Content-Encoding", "").lower() == "gzip" or body.startswith(GZIP_MAGIC):
                try:
                    body = gunzip(body, url, MAX_RESPONSE_BYTES)
                except MalformedLogError as exc:
                    raise _Retry(f"the gzip body is damaged ({exc.reason})") from None
            return body
        reason = f"HTTP {status} {resp.reason or http.client.responses.get(status, '')}".rstrip()
        if status in RETRYABLE_STATUS:
            raise _Retry(reason, status, retry_after_seconds(resp.getheader("Retry-After")))
        if status == 404:
            reason += ": no such file on the server"
        elif 300 <= status < 400:
            reason += f": redirected to {resp.getheader('Location', '?')} (set --base-url to it)"
        raise FetchError(url, reason, status)


def _read_body(resp: http.client.HTTPResponse, url: str) -> bytes:
    """The whole body, refusing more than MAX_RESPONSE_BYTES."""
    length = resp.getheader("Content-Length")
    if length and length.isdigit() and int(length) > MAX_RESPONSE_BYTES:
        resp.close()
        raise FetchError(url, f"response of {length} bytes is over the limit of {MAX_RESPONSE_BYTES}")
    body = resp.read(MAX_RESPONSE_BYTES + 1) if not length else resp.read()
    if len(body) > MAX_RESPONSE_BYTES:
        resp.close()
        raise FetchError(url, f"response is over the limit of {MAX_RESPONSE_BYTES} bytes")
    return body


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
                message = _fetch_one(client, ref.log_id, path)
                if message is None:
                    summary.fetched += 1
                else:
                    summary.failed.append((ref.log_id, message))
                    if on_error is not None:
                        on_error(ref.log_id, message)
                    if message.startswith("HTTP 429"):
                        summary.stopped = "the server keeps answering 429 Too Many Requests; try later " \
                                          "with a longer --delay"
                        break
            if bar is not None:
                bar.update(1)
    finally:
        if bar is not None:
            bar.close()
    return summary


def _fetch_one(client: PoliteClient, log_id: str, path: Path) -> str | None:
    """Fetch and save one log: None, or the one-line reason it failed."""
    for stale in path.parent.glob(f".{path.name}.*.part"):   # left by a run that was killed mid-write
        stale.unlink(missing_ok=True)
    try:
        body = client.get(LOG_PATH.format(log_id=log_id))
        check_log(body, log_id)
    except FetchError as exc:
        return exc.line()
    except MalformedLogError as exc:
        return f"not a readable log: {exc.reason} ({client.url(LOG_PATH.format(log_id=log_id))})"
    save_atomic(path, gzip.compress(body, mtime=0))
    return None


# ---- index files ----------------------------------------------------------------------------


def fetch_index_file(client: PoliteClient, path: str, cache: Path) -> bytes:
    """An index file from the server, or from ``cache`` when an earlier run saved it."""
    if cache.exists():
        return cache.read_bytes()
    data = client.get(path)
    save_atomic(cache, data)
    return data


def index_cache(out_dir: str | os.PathLike, name: str) -> Path:
    """Where a downloaded index file is kept: ``OUT/index/<name>.index``."""
    return Path(out_dir) / "index" / f"{name}.index"
