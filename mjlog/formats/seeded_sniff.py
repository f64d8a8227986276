"""The sniffs of mjlog's seeded-wall dialects (Beijing, Datong): a named XML root or a JSON ``"format"`` key.

Kept apart from the readers (and from :mod:`mjlog.formats.seeded_dialect`) so that sniffing a
file of another format loads no reader and no rules.

>>> sniff = xml_root_sniff("datonglog")
>>> sniff(b'<?xml version="1.0"?><datonglog ver="1">'), sniff(b"<beijinglog>")
(True, False)
>>> json_format_sniff("mjlog-datong")(b'{ "format": "mjlog-datong", "ver": 1}')
True
"""

from __future__ import annotations

import re
from collections.abc import Callable

from mjlog.formats.safe_xml import root_start


def xml_root_sniff(root: str) -> Callable[[bytes], bool]:
    """A sniff accepting bytes whose root element is ``<root``, in any of XML's encodings and after any
    prolog (a BOM, a declaration, processing instructions, comments: :func:`~mjlog.formats.safe_xml.root_start`)."""
    root_re = re.compile(rb"<" + re.escape(root.encode()) + rb"[\s>/]")
    return lambda head: root_re.match(root_start(head)) is not None


def json_format_sniff(magic: str) -> Callable[[bytes], bool]:
    """A sniff accepting a JSON object whose first key is ``"format": magic``."""
    head_re = re.compile(rb'\A(?:\xef\xbb\xbf)?\s*\{\s*"format"\s*:\s*"' + re.escape(magic.encode()) + rb'"')
    return lambda head: head_re.match(head) is not None
