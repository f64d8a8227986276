"""Bytes in: files, gzip (by magic bytes) and size limits, before any format reader runs."""

from __future__ import annotations

import errno
import os
import stat
import zlib
from collections.abc import Iterator
from dataclasses import dataclass
from typing import BinaryIO

from mjlog.errors import LogTooLargeError, MalformedLogError

#: Largest log accepted, after decompression. Real logs are 5-100 kB.
MAX_LOG_BYTES = 16 * 1024 * 1024

#: Most games one file may hold (a Botzone export holds many; a real one of 16 MiB about 8,000, at
#: 2 kB a match). A file of more is refused as a whole, before its games are read.
MAX_GAMES_PER_FILE = 10_000

GZIP_MAGIC = b"\x1f\x8b"
#: Most gzip members in one file: a log is one member (a few when gzip files are concatenated);
#: 16 MiB of empty 20-byte members would be 800,000.
MAX_GZIP_MEMBERS = 1024

LogSource = str | os.PathLike | bytes | bytearray | memoryview | BinaryIO


@dataclass(frozen=True, slots=True)
class RawLog:
    """A log's bytes (decompressed) and the name errors should use for it."""

    data: bytes
    name: str
    #: For gzip cut short: why ``data`` (all that was decompressed before the cut) ends early.
    cut: MalformedLogError | None = None


def gunzip(data: bytes, name: str, limit: int = MAX_LOG_BYTES) -> bytes:
    """Decompress gzip bytes, refusing more than ``limit`` bytes of output or a stream cut short."""
    out, cut = gunzip_prefix(data, name, limit)
    if cut is not None:
        raise cut
    return out


def gunzip_prefix(data: bytes, name: str, limit: int = MAX_LOG_BYTES) -> tuple[bytes, MalformedLogError | None]:
    """Decompress gzip bytes as far as they go: the output, and for a stream cut short (a download
    that stopped) the error saying so, with everything decompressed before the cut. Corrupt data,
    more than ``limit`` bytes of output and more than :data:`MAX_GZIP_MEMBERS` members raise.

    The work is linear in the input: each member is fed from a view of the input in growing
    pieces, so what is left after a member (``unused_data``) is never more than its last piece."""
    out = bytearray()
    view = memoryview(data)
    pos, members = 0, 0
    while pos < len(data):
        if members == MAX_GZIP_MEMBERS:
            raise LogTooLargeError(f"more than {MAX_GZIP_MEMBERS} gzip members", name, f"byte {pos} of the gzip file")
        members += 1
        d = zlib.decompressobj(16 + zlib.MAX_WBITS)
        step = _FIRST_FEED
        while True:
            piece = view[pos:pos + step]
            try:
                out += d.decompress(piece, limit + 1 - len(out))
            except zlib.error as exc:
                raise MalformedLogError(f"gzip data is corrupt ({exc})", name, "gzip stream") from None
            if len(out) > limit:  # also when the output's room ran out before the piece did
                raise LogTooLargeError(f"decompresses to more than {limit} bytes", name, "gzip stream")
            if d.eof:
                pos += len(piece) - len(d.unused_data)
                break
            pos += len(piece)
            if pos >= len(data):
                return bytes(out), MalformedLogError("gzip data is cut short", name, f"byte {len(data)} of the gzip file")
            step = min(2 * step, _LAST_FEED)
        if data[pos:pos + len(GZIP_MAGIC)] not in (GZIP_MAGIC, b""):
            break  # trailing garbage after a complete member: ignore, as gzip(1) warns and does
    return bytes(out), None


#: The first and the largest piece of a gzip member fed to zlib at once.
_FIRST_FEED, _LAST_FEED = 256, 1 << 20


def text_lines(text: str) -> list[str]:
    r"""The lines of a log's text: split at ``\n``, ``\r\n`` and ``\r`` only, not at the other
    breaks :meth:`str.splitlines` knows (U+2028, U+2029, U+0085, ``\v``, ``\f``, ``\x1c``-``\x1e``),
    which a name or a JSON string in a log may hold.

    >>> text_lines('a\r\nb\u2028c\x85\nd\re\n')
    ['a', 'b\u2028c\x85', 'd', 'e']
    """
    return list(iter_text_lines(text))


#: Characters of text split into lines at once by :func:`iter_text_lines` (then on to the end of a line).
_LINES_CHUNK = 1 << 18


def iter_text_lines(text: str) -> Iterator[str]:
    r"""The lines of :func:`text_lines`, a chunk of about 256 K characters at a time: a reader of a file of
    many games holds the lines of one chunk, never a list of all of them.

    >>> list(iter_text_lines('a\r\nb\u2028c\x85\nd\re\n\nf'))
    ['a', 'b\u2028c\x85', 'd', 'e', '', 'f']
    """
    if "\r" in text:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    start, size = 0, len(text)
    while start < size:
        end = text.find("\n", start + _LINES_CHUNK)
        if end == -1:   # the last chunk: up to the end, less the end of its last line
            lines = text[start:].split("\n")
            if lines[-1] == "":
                lines.pop()
            yield from lines
            return
        yield from text[start:end].split("\n")
        start = end + 1


def os_problem(exc: OSError) -> str:
    """What the system said about a file, in words; a symbolic link loop named as such (its own
    words, "Too many levels of symbolic links", do not say what is wrong).

    >>> import errno
    >>> os_problem(OSError(errno.ELOOP, "Too many levels of symbolic links"))
    'a symbolic link loop'
    >>> os_problem(OSError(errno.EACCES, "Permission denied"))
    'Permission denied'
    """
    if exc.errno == errno.ELOOP:
        return "a symbolic link loop"
    return exc.strerror or str(exc)


def file_kind(mode: int) -> str:
    """What a file that is not a regular file is, in words."""
    for test, what in ((stat.S_ISFIFO, "a named pipe"), (stat.S_ISCHR, "a character device"),
                       (stat.S_ISBLK, "a block device"), (stat.S_ISSOCK, "a socket"), (stat.S_ISDIR, "a directory")):
        if test(mode):
            return what
    return "not a regular file"


def open_regular_fd(path: str | os.PathLike, label: str, limit: int, refusal: str) -> tuple[int, os.stat_result]:
    """``path`` opened for reading (a descriptor and its stat) when it is a regular file of at most
    ``limit`` bytes; else MalformedLogError at once, the file's kind followed by ``refusal`` (a named
    pipe or a device is opened without blocking and refused)."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    except OSError as exc:
        raise MalformedLogError(f"cannot read file ({os_problem(exc)})", label) from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise MalformedLogError(f"{file_kind(info.st_mode)}{refusal}", label)
        if info.st_size > limit:
            raise LogTooLargeError(f"file is {info.st_size} bytes, over the limit of {limit}", label, "byte 0")
    except BaseException:
        os.close(fd)
        raise
    return fd, info


def read_file(path: str | os.PathLike, label: str | None = None, limit: int = MAX_LOG_BYTES) -> bytes:
    """A regular file's bytes, refused before reading when it is larger than ``limit``.

    A named pipe, device, socket or directory is refused without waiting on it (the file is
    opened non-blocking); a file that grows while it is read is refused at ``limit`` + 1 bytes.
    """
    label = label or str(path)
    fd, info = open_regular_fd(path, label, limit, " is not a log file; only regular files are read")
    try:
        parts, total = [], 0
        while total <= limit:
            chunk = os.read(fd, min(limit + 1 - total, max(info.st_size + 1 - total, _READ_CHUNK)))
            if not chunk:
                break
            parts.append(chunk)
            total += len(chunk)
        data = b"".join(parts)
    except OSError as exc:
        raise MalformedLogError(f"cannot read file ({os_problem(exc)})", label) from None
    finally:
        os.close(fd)
    if len(data) > limit:
        raise LogTooLargeError(f"file grew past the limit of {limit} bytes while it was read", label, f"byte {limit}")
    return data


#: The most read at once from a source of unknown size.
_READ_CHUNK = 1 << 20


def load(source: LogSource, name: str | None = None, limit: int = MAX_LOG_BYTES) -> RawLog:
    """Read a path, bytes or binary file object; gunzip when the bytes start with gzip's magic."""
    if isinstance(source, (bytes, bytearray, memoryview)):
        data = bytes(source)
        label = name or "<bytes>"
    elif isinstance(source, (str, os.PathLike)):
        label = name or str(source)
        data = read_file(source, label, limit)
    elif hasattr(source, "read"):
        label = name or getattr(source, "name", None) or "<stream>"
        data = source.read(limit + 1)
        if not isinstance(data, bytes):
            raise MalformedLogError("stream gave text, not bytes (open it in binary mode)", str(label))
        label = str(label)
    else:
        raise TypeError(f"cannot read a log from {type(source).__name__}")
    if len(data) > limit:
        raise LogTooLargeError(f"log is larger than the limit of {limit} bytes", label, f"byte {limit}")
    if data.startswith(GZIP_MAGIC):
        data, cut = gunzip_prefix(data, label, limit)
        return RawLog(data, label, cut)
    return RawLog(data, label)
