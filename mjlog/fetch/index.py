"""Tenhou log ids: found in text, in Tenhou's archive index files, and filtered by room and type.

A Tenhou log id is ``YYYYMMDDHHgm-TTTT-LLLL-XXXXXXXX``: the hour the game began, ``gm``, the
GO ``type`` in hex (room, players, length, red fives...), the lobby number and a hash. The
archive index files (``scc20190101.html.gz`` in a year's ``scraw2019.zip``, or the hourly
files of the recent list) hold one game a line, e.g.::

    00:13 | 23 | 四鳳南喰赤－ | <a href="http://tenhou.net/0/?log=2019010100gm-00a9-0000-4c2d9c49">牌譜</a> | A(+52.0) ...

so ids are taken from the ``log=`` links (any id in a line is taken from an id list).

>>> [r.log_id for r in ids_in_text('<a href="http://tenhou.net/0/?log=2019010100gm-00a9-0000-4c2d9c49">')]
['2019010100gm-00a9-0000-4c2d9c49']
>>> LogFilter(rooms=frozenset({"houou"}), kinds=frozenset({"4p-south"})).accepts(LogRef("x", 0xA9))
True
"""

from __future__ import annotations

import io
import os
import re
import zipfile
import zlib
from collections.abc import Iterable
from dataclasses import dataclass
from typing import BinaryIO

from mjlog.errors import LogTooLargeError, MalformedLogError
from mjlog.formats.source import GZIP_MAGIC, MAX_LOG_BYTES, gunzip, open_regular_fd, os_problem

#: A log id; group 2 is the GO type in hex.
LOG_ID_RE = re.compile(r"(\d{10}gm-([0-9a-f]{4})-\d{4,5}-[0-9a-f]{8})")
#: A file name in Tenhou's recent list (``list.cgi``): ``{file:'scc2024010100.html.gz',size:1234}``.
RECENT_FILE_RE = re.compile(r"file\s*:\s*['\"]([A-Za-z0-9_.\-]+)['\"]")
#: The largest index file accepted, after decompression (a busy day's list is a few MB).
MAX_INDEX_BYTES = 64 * 1024 * 1024
#: The largest year's archive zip accepted (Tenhou's are tens of MB); it is read from disk, a member
#: at a time, each member at most :data:`MAX_INDEX_BYTES`.
MAX_ARCHIVE_BYTES = 256 * 1024 * 1024
#: The largest id-list file (``--list``) accepted: the readers' limit, room for 500,000 ids.
MAX_LIST_BYTES = MAX_LOG_BYTES
ZIP_MAGICS = (b"PK\x03\x04", b"PK\x05\x06")
#: Rooms by the GO type's room bits (0x20 | 0x80), as ``mjlog stats --room`` names them.
ROOM_BY_BITS = {0x00: "ippan", 0x80: "joukyuu", 0x20: "tokujou", 0xA0: "houou"}
ROOMS = tuple(ROOM_BY_BITS.values())
KINDS = ("4p-south", "4p-east", "3p-south", "3p-east")


@dataclass(frozen=True, slots=True)
class LogRef:
    """A log to fetch: its id and the GO type its id states."""

    log_id: str
    go_type: int

    @property
    def room(self) -> str:
        return ROOM_BY_BITS[self.go_type & 0xA0]

    @property
    def kind(self) -> str:
        """``'4p-south'``, ``'3p-east'``...: players and length."""
        return f"{'3p' if self.go_type & 0x10 else '4p'}-{'south' if self.go_type & 0x08 else 'east'}"


@dataclass(frozen=True, slots=True)
class LogFilter:
    """Which logs to keep; an empty set keeps every value. ``limit`` caps the count (None: all)."""

    rooms: frozenset[str] = frozenset()
    kinds: frozenset[str] = frozenset()
    limit: int | None = None

    def accepts(self, ref: LogRef) -> bool:
        return (not self.rooms or ref.room in self.rooms) and (not self.kinds or ref.kind in self.kinds)

    def select(self, refs: Iterable[LogRef]) -> list[LogRef]:
        """The accepted refs, first occurrence of each id, in order, at most ``limit``."""
        out: list[LogRef] = []
        seen: set[str] = set()
        for ref in refs:
            if self.limit is not None and len(out) >= self.limit:
                break
            if ref.log_id not in seen and self.accepts(ref):
                seen.add(ref.log_id)
                out.append(ref)
        return out


def ids_in_text(text: str) -> list[LogRef]:
    """Every log id in ``text`` (ids, viewer URLs, index lines), in order, repeats kept."""
    return [LogRef(m.group(1), int(m.group(2), 16)) for m in LOG_ID_RE.finditer(text)]


def decode_index(data: bytes, name: str) -> str:
    """An index file's text: gunzipped when gzip, UTF-8 (undecodable bytes replaced)."""
    if data.startswith(GZIP_MAGIC):
        data = gunzip(data, name, MAX_INDEX_BYTES)
    elif len(data) > MAX_INDEX_BYTES:
        raise MalformedLogError(f"index file is larger than {MAX_INDEX_BYTES} bytes", name)
    return data.decode("utf-8", errors="replace")


def refs_in_zip(data: bytes | BinaryIO, name: str, prefix: str = "scc") -> list[LogRef]:
    """The log ids of every index file in a year's archive zip (its bytes, or an open file) whose
    base name starts with ``prefix``.

    Members are read in name order (the per-day files sort by date).
    """
    try:
        archive = zipfile.ZipFile(io.BytesIO(data) if isinstance(data, (bytes, bytearray)) else data)
        members = [i for i in archive.infolist() if not i.is_dir()
                   and i.filename.rsplit("/", 1)[-1].startswith(prefix)]
    except (zipfile.BadZipFile, OSError, ValueError, EOFError) as exc:
        raise MalformedLogError(f"not a zip archive ({exc})", name) from None
    refs: list[LogRef] = []
    for info in sorted(members, key=lambda i: i.filename):
        where = f"member {info.filename}"
        if info.file_size > MAX_INDEX_BYTES:
            raise MalformedLogError(f"member is larger than {MAX_INDEX_BYTES} bytes", name, where)
        try:
            body = archive.read(info)
        except (zipfile.BadZipFile, OSError, ValueError, NotImplementedError, EOFError, zlib.error) as exc:
            raise MalformedLogError(f"member cannot be read ({exc.__class__.__name__}: {exc})", name, where) from None
        refs += ids_in_text(decode_index(body, f"{name}: {info.filename}"))
    return refs


def refs_in_index(data: bytes, name: str, prefix: str = "scc") -> list[LogRef]:
    """The log ids of an index source: a year's zip, or one index file (HTML, gzip or not)."""
    if data.startswith(ZIP_MAGICS):
        return refs_in_zip(data, name, prefix)
    return ids_in_text(decode_index(data, name))


def open_regular(path: str | os.PathLike, label: str, limit: int) -> BinaryIO:
    """``path`` opened for reading when it is a regular file of at most ``limit`` bytes; else
    MalformedLogError, at once (the readers' rule: :func:`mjlog.formats.source.open_regular_fd`)."""
    fd, _info = open_regular_fd(path, label, limit, "; only regular files are read")
    return os.fdopen(fd, "rb")


def _read_at_most(fh: BinaryIO, limit: int, label: str) -> bytes:
    """The rest of ``fh``, refused when it grew past ``limit`` bytes since it was opened."""
    try:
        data = fh.read(limit + 1)
    except OSError as exc:
        raise MalformedLogError(f"cannot read file ({os_problem(exc)})", label) from None
    if len(data) > limit:
        raise LogTooLargeError(f"file grew past the limit of {limit} bytes while it was read", label, f"byte {limit}")
    return data


def refs_in_list_file(path: str | os.PathLike, label: str | None = None) -> list[LogRef]:
    """The log ids in an id-list file (``--list``): a regular file of at most :data:`MAX_LIST_BYTES`."""
    label = label or str(path)
    with open_regular(path, label, MAX_LIST_BYTES) as fh:
        return ids_in_text(_read_at_most(fh, MAX_LIST_BYTES, label).decode("utf-8", errors="replace"))


def refs_in_index_file(path: str | os.PathLike, label: str | None = None, prefix: str = "scc") -> list[LogRef]:
    """The log ids of an index source on disk: a year's zip (at most :data:`MAX_ARCHIVE_BYTES`, read a
    member at a time) or one index file (at most :data:`MAX_INDEX_BYTES`); regular files only."""
    label = label or str(path)
    with open_regular(path, label, MAX_ARCHIVE_BYTES) as fh:
        head = fh.read(4)
        fh.seek(0)
        if head in ZIP_MAGICS:
            return refs_in_zip(fh, label, prefix)
        if os.fstat(fh.fileno()).st_size > MAX_INDEX_BYTES:
            raise LogTooLargeError(f"index file is larger than {MAX_INDEX_BYTES} bytes", label, "byte 0")
        return ids_in_text(decode_index(_read_at_most(fh, MAX_INDEX_BYTES, label), label))


def recent_files(list_text: str, prefix: str = "scc") -> list[str]:
    """The index-file names of Tenhou's recent list (``list.cgi``) that start with ``prefix``."""
    return [f for f in RECENT_FILE_RE.findall(list_text) if f.startswith(prefix)]
