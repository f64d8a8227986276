"""A response body written to a file as it arrives: under a size limit, gzip decoded on the way.

Nothing holds more than one piece of the body in memory: the bytes received and the bytes
decoded from gzip are each counted against the limit, so an endless body or a gzip bomb is
stopped at the limit, and the decoded output of one call to zlib is at most :data:`PIECE` bytes.
"""

from __future__ import annotations

import zlib
from typing import BinaryIO

from mjlog.errors import MjlogError
from mjlog.formats.source import GZIP_MAGIC, MAX_GZIP_MEMBERS

#: The most read from the connection, or decoded from gzip, at once.
PIECE = 64 * 1024


class BodyTooLarge(MjlogError):
    """The body (as received, or decoded from gzip) is over the limit; ``reason`` says so in words."""

    def __init__(self, reason: str):
        super().__init__(reason)
        self.reason = reason


class BodyDamaged(MjlogError):
    """The gzip body cannot be decoded (corrupt or cut short); a later attempt may get it whole."""

    def __init__(self, reason: str):
        super().__init__(reason)
        self.reason = reason


class BodySink:
    """Writes a body to ``out``: as received, or decoded when it is gzip (``gzip`` when the server
    says so with Content-Encoding, else when it starts with gzip's magic bytes)."""

    def __init__(self, out: BinaryIO, limit: int, gzip: bool = False):
        self.out, self.limit = out, limit
        self.received = 0          # bytes received from the server
        self.written = 0           # bytes written to ``out``
        self._mode: str | None = "gzip" if gzip else None   # None until two bytes tell
        self._head = b""           # the first bytes while the mode is unknown
        self._member: zlib._Decompress | None = None
        self._members = 0
        self._between = b""        # bytes after a complete member: the start of the next one?
        self._trailing = False     # garbage after the last member: ignored, as gzip(1) does

    def write(self, data: bytes) -> None:
        """Take the next bytes of the body."""
        self.received += len(data)
        if self.received > self.limit:
            raise BodyTooLarge(f"the response is over the limit of {self.limit} bytes")
        if self._mode is None:
            self._head += data
            if len(self._head) < len(GZIP_MAGIC):
                return
            data, self._head = self._head, b""
            self._mode = "gzip" if data.startswith(GZIP_MAGIC) else "raw"
        if self._mode == "raw":
            self._put(data)
        else:
            self._gunzip(data)

    def finish(self) -> None:
        """The body has ended: BodyDamaged when a gzip member is cut short."""
        if self._mode is None and self._head:
            self._mode = "raw"
            self._put(self._head)
        if self._mode == "gzip" and not self._trailing:
            if self._member is None or not self._member.eof:
                raise BodyDamaged("the gzip body is cut short")
            if self._between:       # one byte after the last member: gzip(1) ignores it too
                self._trailing = True
        self.out.flush()

    def _put(self, data: bytes) -> None:
        self.written += len(data)
        if self.written > self.limit:
            raise BodyTooLarge(f"the response decompresses to more than {self.limit} bytes")
        self.out.write(data)

    def _gunzip(self, data: bytes) -> None:
        while data and not self._trailing:
            if self._member is None or self._member.eof:
                data = self._between + data
                self._between = b""
                if not self._next_member(data):
                    return
            assert self._member is not None
            try:
                self._put(self._member.decompress(data, PIECE))
            except zlib.error as exc:
                raise BodyDamaged(f"the gzip body is damaged ({exc})") from None
            data = self._member.unused_data if self._member.eof else self._member.unconsumed_tail

    def _next_member(self, data: bytes) -> bool:
        """Start the member ``data`` begins with; False when it is too short to tell, or garbage."""
        if self._member is not None and len(data) < len(GZIP_MAGIC) and GZIP_MAGIC.startswith(data):
            self._between = data
            return False
        if self._member is not None and not data.startswith(GZIP_MAGIC):
            self._trailing = True
            return False
        if self._members == MAX_GZIP_MEMBERS:
            raise BodyTooLarge(f"the gzip body has more than {MAX_GZIP_MEMBERS} members")
        self._members += 1
        self._member = zlib.decompressobj(16 + zlib.MAX_WBITS)
        return True
