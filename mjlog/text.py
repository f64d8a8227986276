"""Text from logs and file systems made safe to print and to store.

A player's name or a file name is data from whoever made the file: printed raw, an escape
sequence in it would move the cursor, clear the screen or retitle the terminal, and a name
that is not valid Unicode would stop the printing with an error.

>>> printable("ab\\x1b[2Jc\\x07\\u202e")
'ab\\\\x1b[2Jc\\\\x07\\\\u202e'
>>> printable("鳳凰 ok")
'鳳凰 ok'
"""

from __future__ import annotations

import os
import re
import sys
import warnings
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TextIO

#: C0 and C1 controls, DEL, lone surrogates, and the Unicode format characters that reorder or hide
#: text (bidirectional overrides and isolates, zero-width joiners, the byte-order mark).
_UNSAFE = re.compile("[\x00-\x1f\x7f-\x9f\ud800-\udfff\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]")


def _escape(m: re.Match) -> str:
    c = ord(m.group())
    return f"\\x{c:02x}" if c < 0x100 else f"\\u{c:04x}"


def printable(text: str) -> str:
    """``text`` with every control or hidden formatting character shown as a ``\\xNN``/``\\uNNNN`` escape."""
    return _UNSAFE.sub(_escape, text) if _UNSAFE.search(text) else text


def printable_lines(text: str) -> str:
    """:func:`printable` applied to each line of ``text`` (its line breaks kept)."""
    return "\n".join(printable(line) for line in text.split("\n"))


def _show_printable(message: Warning | str, category: type[Warning], filename: str, lineno: int,
                    file: TextIO | None = None, line: str | None = None) -> None:
    """:func:`warnings.showwarning`, its usual text written as :func:`printable_lines`."""
    text = warnings.formatwarning(message, category, filename, lineno, line)
    try:
        (file or sys.stderr).write(printable_lines(text))
    except OSError:  # as Python's own: a closed or broken stream loses the warning
        pass


def warnings_printable() -> bool:
    """Whether this process shows warnings escaped (within :func:`printable_warnings`, or after
    :func:`show_warnings_printable`)."""
    return warnings.showwarning is _show_printable


def show_warnings_printable() -> None:
    """From now on, this process shows every warning as :func:`printable_warnings` does: for a worker
    process that was spawned (a fresh interpreter) by a command that shows them so (a forked one
    inherits it)."""
    warnings.showwarning = _show_printable


@contextmanager
def printable_warnings() -> Iterator[None]:
    """Within it, every warning shown (Python's or a library's: matplotlib's about a glyph a font lacks
    names the character) is written as :func:`printable_lines` of its usual text, so text from a log
    that a library quotes cannot reach the terminal raw. Warnings recorded or turned into errors are
    left as they are."""
    previous = warnings.showwarning
    warnings.showwarning = _show_printable
    try:
        yield
    finally:
        warnings.showwarning = previous


def path_label(path: str | os.PathLike) -> str:
    """A file name as storable text: bytes that are not UTF-8 (kept by Python as lone surrogates)
    shown as ``\\xNN`` escapes, so the name can be stored and printed."""
    text = os.fspath(path)
    if isinstance(text, bytes):
        text = os.fsdecode(text)
    if text.isascii():
        return text
    try:
        text.encode("utf-8")
        return text
    except UnicodeEncodeError:
        return os.fsencode(text).decode("utf-8", "backslashreplace")


def json_printable(text: str) -> str:
    """JSON text with the characters :func:`printable` escapes written as JSON's ``\\uNNNN`` escapes
    (the same JSON value, safe on a terminal)."""
    return _UNSAFE_IN_JSON.sub(lambda m: f"\\u{ord(m.group()):04x}", text) if _UNSAFE_IN_JSON.search(text) else text


def xml_printable(text: str) -> str:
    """XML text with the characters :func:`json_printable` escapes written as character references
    (the same document, safe on a terminal; they occur only in attribute values)."""
    return _UNSAFE_IN_JSON.sub(lambda m: f"&#x{ord(m.group()):x};", text) if _UNSAFE_IN_JSON.search(text) else text


#: :data:`_UNSAFE` less JSON's whitespace (json.dumps escapes those inside strings itself).
_UNSAFE_IN_JSON = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ud800-\udfff\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]")


def display_width(text: str) -> int:
    """Columns ``text`` takes on a terminal: wide (CJK) characters take two."""
    import unicodedata

    return sum(2 if unicodedata.east_asian_width(c) in ("W", "F") else 1 for c in text)


def ljust_display(text: str, width: int) -> str:
    """``text`` padded with spaces to ``width`` terminal columns (see :func:`display_width`)."""
    return text + " " * max(0, width - display_width(text))
