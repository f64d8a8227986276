"""The log formats mjlog reads, each a reader from bytes to the IR, chosen by content.

A format registers a :class:`LogFormat`: a name, a test on the file's first bytes, and a
reader. :func:`mjlog.read_log` asks the registered formats in turn (the most recently
registered first, then mjai, mjlog's Beijing, Datong and MCR dialects, PMN and Botzone, Tenhou's two last) and never looks at a
file's name. A format whose files hold several games (the Botzone export) also has ``read_all``;
:func:`mjlog.formats.reader.read_games` reads every game of such a file, :func:`mjlog.read_log` its first.

>>> [f.name for f in formats()]  # doctest: +NORMALIZE_WHITESPACE
['mjai', 'beijing-xml', 'beijing-json', 'datong-xml', 'datong-json', 'mcr-xml', 'mcr-json', 'mcr-pmn',
 'mcr-botzone', 'tenhou-xml', 'tenhou-json']
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from mjlog.errors import MalformedLogError
    from mjlog.ir import GameLog


@dataclass(frozen=True, slots=True)
class LogFormat:
    """A format: ``sniff(head)`` says whether bytes starting with ``head`` (the first
    :data:`HEAD_BYTES`, or every byte where ``sniff_whole``) are of it; ``read`` reads them."""

    name: str
    title: str           # as error messages name it, e.g. 'Tenhou XML'
    sniff: Callable[[bytes], bool]
    read: Callable[[bytes, str], GameLog]
    read_all: Callable[[bytes, str], list[GameLog | MalformedLogError]] | None = None
    """For a format whose files hold several games (the Botzone export): every game of the file, or
    the error that makes that one game unreadable."""
    sniff_whole: bool = False
    """Whether ``sniff`` is given every byte of the file, not its head: for a format whose test needs a
    whole first line however long (mjai), which bounds for itself how far it reads."""


_FIRST_CHAR = re.compile(rb"(?:\xef\xbb\xbf)?\s*(\S)")
#: How many leading bytes a format's sniff sees.
HEAD_BYTES = 4096


def first_char(head: bytes) -> bytes:
    """The first non-space byte after an optional UTF-8 byte-order mark (b'' for none)."""
    m = _FIRST_CHAR.match(head)
    return m.group(1) if m else b""


def _lazy(module: str, name: str) -> Callable:
    """``mjlog.formats.<module>.<name>`` (a format's sniff or reader), imported at its first call, not
    when the formats are listed (an import statement inside a sniff cost each file about 4,000
    instructions a format)."""
    found: list[Callable] = []

    def call(*args):
        if not found:
            found.append(getattr(importlib.import_module(f"mjlog.formats.{module}"), name))
        return found[0](*args)

    return call


_wide_encoding = _lazy("safe_xml", "wide_encoding")


def _wide_xml(head: bytes) -> bool:
    """Whether ``head`` starts like UTF-16 or UTF-32 text (a byte-order mark, or XML's zero pattern)."""
    return _wide_encoding(head) is not None


_FORMATS: list[LogFormat] = [
    # mjai first: its first line is a JSON object with "type", which no tenhou.net/6 JSON has
    LogFormat("mjai", "mjai JSON lines", _lazy("mjai.common", "sniff"), _lazy("mjai.read", "read_mjai_bytes"),
              sniff_whole=True),
    LogFormat("beijing-xml", "Beijing XML", _lazy("beijing.sniff", "sniff_xml"), _lazy("beijing.xml", "read_beijing_xml")),
    LogFormat("beijing-json", "Beijing JSON", _lazy("beijing.sniff", "sniff_json"), _lazy("beijing.json", "read_beijing_json")),
    LogFormat("datong-xml", "Datong XML", _lazy("datong.sniff", "sniff_xml"), _lazy("datong.xml", "read_datong_xml")),
    LogFormat("datong-json", "Datong JSON", _lazy("datong.sniff", "sniff_json"), _lazy("datong.json", "read_datong_json")),
    LogFormat("mcr-xml", "mjlog MCR XML", _lazy("mcr.sniff", "sniff_xml"), _lazy("mcr.xml", "read_xml_bytes")),
    LogFormat("mcr-json", "mjlog MCR JSON", _lazy("mcr.sniff", "sniff_json"), _lazy("mcr.json", "read_json_bytes")),
    # MCR's text formats before Tenhou's: PMN's tag lines start with '[' as a JSON array does
    LogFormat("mcr-pmn", "PMN (MCR)", _lazy("mcr.sniff", "sniff_pmn"), _lazy("mcr.pmn", "read_pmn_bytes")),
    LogFormat("mcr-botzone", "Botzone MCR text export", _lazy("mcr.sniff", "sniff_botzone"),
              _lazy("mcr.botzone", "read_botzone_bytes"), _lazy("mcr.botzone", "read_botzone_all")),
    LogFormat("tenhou-xml", "Tenhou XML", lambda head: first_char(head) == b"<" or _wide_xml(head),
              _lazy("tenhou.xml", "read_xml_bytes")),
    LogFormat("tenhou-json", "tenhou.net/6 JSON", lambda head: first_char(head) in (b"{", b"["),
              _lazy("tenhou.json", "read_json_bytes")),
]


def register_format(fmt: LogFormat) -> LogFormat:
    """Register ``fmt`` ahead of the formats already known (a format of that name is replaced)."""
    unregister_format(fmt.name)
    _FORMATS.insert(0, fmt)
    return fmt


def unregister_format(name: str) -> None:
    """Forget the format called ``name`` (tests register toy formats and take them away again)."""
    _FORMATS[:] = [f for f in _FORMATS if f.name != name]


def formats() -> list[LogFormat]:
    """The registered formats, in the order they are tried."""
    return list(_FORMATS)


def format_of(data: bytes) -> LogFormat | None:
    """The first registered format whose sniff accepts ``data``, or None."""
    head = data[:HEAD_BYTES]
    for fmt in _FORMATS:
        if fmt.sniff(data if fmt.sniff_whole else head):
            return fmt
    return None
