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

from mjlog.formats.safe_xml import wide_encoding


def xml_root_sniff(root: str) -> Callable[[bytes], bool]:
    """A sniff accepting bytes whose root element is ``<root`` (after a BOM, a declaration, comments)."""
    head_re = re.compile(rb"\A(?:\xef\xbb\xbf)?\s*(?:<\?xml[^>]{0,200}\?>\s*)?(?:<!--.{0,400}?-->\s*)*<"
                         + re.escape(root.encode()) + rb"[\s>/]", re.S)

    def sniff(head: bytes) -> bool:
        enc = wide_encoding(head)
        if enc is not None:
            head = head.decode(enc, "ignore").encode("utf-8")
        return head_re.match(head) is not None

    return sniff


def json_format_sniff(magic: str) -> Callable[[bytes], bool]:
    """A sniff accepting a JSON object whose first key is ``"format": magic``."""
    head_re = re.compile(rb'\A(?:\xef\xbb\xbf)?\s*\{\s*"format"\s*:\s*"' + re.escape(magic.encode()) + rb'"')
    return lambda head: head_re.match(head) is not None
