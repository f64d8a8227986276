"""Typed errors. Every error mjlog raises for bad input is a ``ValueError`` subclass.

>>> err = MalformedLogError("tile id 136 is out of range", source="game.xml", where="element 42 <D136>")
>>> str(err)
'game.xml: tile id 136 is out of range at element 42 <D136>'
>>> isinstance(err, ValueError)
True
"""

from __future__ import annotations


class MjlogError(ValueError):
    """Base class of mjlog's errors about input."""


class MalformedLogError(MjlogError):
    """A log cannot be read: not the format, truncated bytes, impossible values.

    ``source`` names the file (or ``<bytes>``), ``where`` the place in it (an
    element index, a byte offset, a round and position), ``reason`` what is wrong.
    """

    def __init__(self, reason: str, source: str | None = None, where: str | None = None):
        self.reason = reason
        self.source = source or "<bytes>"
        self.where = where
        super().__init__(self._text())

    def _text(self) -> str:
        text = f"{self.source}: {self.reason}"
        return f"{text} at {self.where}" if self.where else text

    def with_source(self, source: str) -> MalformedLogError:
        """The same error naming ``source`` as the file."""
        return type(self)(self.reason, source, self.where)

    def __reduce__(self):  # keep pickling (process pools) faithful
        return (type(self), (self.reason, self.source, self.where))


class LogTooLargeError(MalformedLogError):
    """A log, or one of its attributes, is larger than the reader's limits."""


class UnsupportedFormatError(MalformedLogError):
    """The bytes are not any log format mjlog reads."""


class InvalidHandError(MjlogError):
    """A hand given to the scorer is not a complete, well-formed hand."""


class AuditFailed(MjlogError):
    """Raised in strict mode when a replay finds a disagreement."""
