"""Whether a file's first bytes are of an MCR format (mjlog's dialect in XML or JSON, PMN, the Botzone
export): the tests the formats' registry runs on every file it reads, kept apart from the readers
so that a file of another format loads neither them nor the MCR rules."""

from __future__ import annotations

import re

from mjlog.formats.safe_xml import root_start

_XML_ROOT = re.compile(rb'<mjloggm\b[^>]{0,200}\bfamily\s*=\s*["\']mcr["\']')
_JSON = re.compile(rb'\A(?:\xef\xbb\xbf)?\s*\{\s*"format"\s*:\s*"mjlog-mcr"')
_PMN = re.compile(rb'\A(?:\xef\xbb\xbf)?\s*\[[A-Za-z][A-Za-z0-9_]{0,40}\s+"')
_BOTZONE = re.compile(rb"\A(?:\xef\xbb\xbf)?\s*Match [!-~]{1,64}[ \t]*\r?\n[ \t]*Wind [0-3]\b")


def sniff_xml(head: bytes) -> bool:
    """Whether bytes start like the dialect: a ``mjloggm`` root with ``family="mcr"`` (in any of XML's
    encodings, after any prolog)."""
    return _XML_ROOT.match(root_start(head)) is not None


def sniff_json(head: bytes) -> bool:
    """Whether bytes start like the dialect: an object whose first key is ``"format": "mjlog-mcr"``."""
    return _JSON.match(head) is not None


def sniff_pmn(head: bytes) -> bool:
    """PMN starts with a tag line ``[Name "``; no JSON array does (its ``[`` is followed by a value)."""
    return _PMN.match(head) is not None


def sniff_botzone(head: bytes) -> bool:
    """The export starts with ``Match <id>`` and then ``Wind <0-3>``."""
    return _BOTZONE.match(head) is not None
